"""The bundled library: big enough, sourced, and usable from the command line."""

from __future__ import annotations

import json

from shipyard.library.model import ArmourArea, Fort, Vessel

MOBILE_BAY_SHIPS = {
    "uss-tecumseh", "uss-manhattan", "uss-winnebago", "uss-chickasaw", "uss-brooklyn", "uss-octorara",
    "uss-hartford", "uss-metacomet", "uss-richmond", "uss-port-royal", "uss-lackawanna", "uss-seminole",
    "uss-monongahela", "uss-kennebec", "uss-ossipee", "uss-itasca", "uss-oneida", "uss-galena",
    "css-tennessee", "css-morgan", "css-gaines", "css-selma",
}


def test_library_has_at_least_fifty_vessels_with_all_of_mobile_bay(library):
    ids = {v.id for v in library.vessels}
    assert len(ids) >= 50
    assert MOBILE_BAY_SHIPS <= ids


def test_every_vessel_and_fort_cites_a_source(library):
    for unit in library.units.values():
        assert unit.sources, unit.id
        assert all(s.url.startswith("http") for s in unit.sources), unit.id


def test_ordnance_catalogue_has_the_required_models(library):
    assert len(library.ordnance) >= 35
    for name in ["IX-inch Dahlgren", "9-in Dahlgren", "15-in Dahlgren", "100-pdr Parrott", "6.4-in Brooke", "13-in mortar"]:
        assert library.find_ordnance(name) is not None, name
    assert library.find_ordnance("IX-inch Dahlgren") is library.find_ordnance("9-in Dahlgren")


def test_forts_of_mobile_bay_are_modelled_with_walls_and_guns(library):
    for fid in ("fort-morgan", "fort-gaines"):
        fort = library.units[fid]
        assert isinstance(fort, Fort)
        assert fort.walls.material
        assert sum(m.count for m in fort.armament) > 0


def test_scenarios_reference_only_library_units(library):
    assert {"mobile-bay-1864", "hampton-roads-1862"} <= set(library.scenarios)
    mobile = library.scenarios["mobile-bay-1864"]
    ids = {u.id for s in mobile.sides for u in s.units}
    assert MOBILE_BAY_SHIPS <= ids
    assert {"fort-morgan", "fort-gaines"} <= ids


def test_galena_lost_her_armour_before_mobile_bay(library):
    galena = library.find("galena")
    early = galena.as_of("1862-05-15")
    late = galena.as_of("1864-08-05")

    def side_iron(v: Vessel) -> float:
        return max((a.thickness_in for a in v.armour_at(ArmourArea.SIDE) if a.coverage.value == "full"), default=0.0)

    assert side_iron(early) >= 3
    assert side_iron(late) < side_iron(early)


def test_galena_as_of_dates_differ_in_armour_on_the_command_line(cli):
    early = json.loads(cli("show", "galena", "--as-of", "1862-05-15", "--json").out)
    late = json.loads(cli("show", "galena", "--as-of", "1864-08-05", "--json").out)
    assert early.get("armour") != late.get("armour")


def test_vessels_json_lists_id_name_navy_type(cli, tmp_path):
    run = cli("vessels", "--json", cwd=tmp_path)  # from another directory: the bundled library travels with the package
    assert run.code == 0, run.err
    rows = json.loads(run.out)
    assert len([r for r in rows if r["type"] != "fort"]) >= 50
    assert all({"id", "name", "navy", "type"} <= set(r) for r in rows)


def test_vessels_filters_by_navy(cli):
    rows = json.loads(cli("vessels", "--navy", "CSN", "--json").out)
    assert rows and all(r["navy"] == "CSN" for r in rows)


def test_show_json_round_trips_through_the_model(cli, library):
    for vid in ("uss-hartford", "css-tennessee", "uss-monitor"):
        run = cli("show", vid, "--json")
        assert run.code == 0, run.err
        again = Vessel.model_validate(json.loads(run.out))
        assert again == library.units[vid]


def test_show_finds_a_vessel_by_part_of_its_name(cli):
    run = cli("show", "hartford", "--json")
    assert json.loads(run.out)["id"] == "uss-hartford"


def test_validate_the_bundled_library_exits_zero(cli):
    run = cli("validate")
    assert run.code == 0, run.err
    assert "vessels" in run.out
