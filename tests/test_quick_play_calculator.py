"""Quick Play calculator: types, speeds, ram, EDNA and cannonade factors on the real library and on built vessels."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.rules import get_ruleset
from shipyard.rules.quick_play import RULESET
from shipyard.library.model import Armour, Mount, Vessel

MOBILE_BAY = "1864-08-05"


def stats(library, ctx, uid, when=MOBILE_BAY):
    return RULESET.derive(library.units[uid].as_of(when), ctx)


def make_vessel(tons=1000.0, guns=4, armour_in=0.0, vtype="screw sloop", prop="screw", ram_bow=False):
    data = dict(
        id="test-ship", name="Test Ship", navy="USN", type=vtype, length_ft=200, beam_ft=35, draught_ft=12,
        displacement_tons=tons, speed_kn=10, propulsion={"kind": prop}, ram_bow=ram_bow,
        armament=[Mount(gun="dahlgren-9in", count=guns, mounting="broadside")] if guns else [],
        armour=[Armour(area="side", thickness_in=armour_in)] if armour_in else [],
        sources=[{"url": "https://example.org", "covers": "test"}],
    )
    return Vessel.model_validate(data)


def test_ruleset_is_found_by_key_and_aliases():
    for name in ("quick-play", "qp", "edna", "Quick_Play"):
        assert get_ruleset(name) is RULESET


def test_tennessee_is_an_ironclad_ram(cli):
    run = cli("stats", "css-tennessee", "--rules", "quick-play", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["type"] == "Ironclad"
    assert data["ram"] is True
    assert data["speeds_in"] == {"slow": 2, "cruise": 4, "full": 6}
    assert data["turn_deg"] == 30
    for key in ("edna", "cannonade", "turns_when_stationary"):
        assert key in data


def test_every_union_monitor_is_a_monitor_with_30_degree_turns_and_no_cruise(library, ctx):
    monitors = [u for u in library.vessels if u.type.value == "monitor" and u.nation == "Union"]
    assert len(monitors) >= 4
    for v in monitors:
        d = RULESET.derive(v, ctx)
        assert d["type"] == "Monitor", v.id
        assert d["turn_deg"] == 30
        assert d["speeds_in"]["cruise"] is None
        assert d["turns_when_stationary"] is False


def test_every_double_ender_is_a_sidewheeler_that_turns_when_stopped(library, ctx):
    des = [u for u in library.vessels if u.double_ender]
    assert len(des) >= 3
    for v in des:
        d = RULESET.derive(v, ctx)
        assert d["type"] == "Sidewheeler", v.id
        assert d["turns_when_stationary"] is True
        assert d["turn_deg"] == 90


def test_only_sidewheelers_turn_when_stationary(library, ctx):
    for u in library.units.values():
        d = RULESET.derive(u, ctx)
        assert d["turns_when_stationary"] == (d["type"] == "Sidewheeler"), u.id


def test_galena_stripped_of_armour_is_a_wooden_screw_at_mobile_bay(library, ctx):
    assert stats(library, ctx, "uss-galena")["type"] == "Wooden Screw"


def test_every_unit_derives_with_edna_in_the_sane_range(library, ctx):
    assert len(library.units) >= 40
    for u in library.units.values():
        d = RULESET.derive(u, ctx)
        assert 3 <= d["edna"] <= 25, (u.id, d["edna"])
        assert set(d["cannonade"]) == {"heavy", "medium", "parrot"}
        assert all(isinstance(v, int) and v >= 0 for v in d["cannonade"].values())


def test_forts_are_units_with_no_speed(library, ctx):
    d = stats(library, ctx, "fort-morgan")
    assert d["type"] == "Fort"
    assert d["speeds_in"] == {"slow": None, "cruise": None, "full": None}
    assert d["ram"] is False


def test_tecumseh_xv_inch_pair_is_one_heavy(library, ctx):
    assert stats(library, ctx, "uss-tecumseh")["cannonade"] == {"heavy": 1, "medium": 0, "parrot": 0}


def test_winnebago_four_xi_inch_are_one_heavy_one_medium(library, ctx):
    assert stats(library, ctx, "uss-winnebago")["cannonade"] == {"heavy": 1, "medium": 1, "parrot": 0}


def test_brooklyn_is_one_heavy_four_medium_four_parrots(library, ctx):
    assert stats(library, ctx, "uss-brooklyn")["cannonade"] == {"heavy": 1, "medium": 4, "parrot": 4}


def test_lackawanna_is_two_medium_two_parrots(library, ctx):
    assert stats(library, ctx, "uss-lackawanna")["cannonade"] == {"heavy": 0, "medium": 2, "parrot": 2}


def test_monongahela_and_oneida_are_one_medium_one_parrot(library, ctx):
    for uid in ("uss-monongahela", "uss-oneida"):
        assert stats(library, ctx, uid)["cannonade"] == {"heavy": 0, "medium": 1, "parrot": 1}, uid


def test_tennessee_four_brooke_rifles_bearing_are_two_heavy_two_medium(library, ctx):
    # two 7-in at the ends and two of the four 6.4-in amidships bear: a factor each, one in two a Heavy
    assert stats(library, ctx, "css-tennessee")["cannonade"] == {"heavy": 2, "medium": 2, "parrot": 0}


def test_gun_classes_come_from_the_ordnance_catalogue(library):
    from shipyard.rules.quick_play.derive import gun_class

    table = RULESET.tables().gun_classes
    expected = {"dahlgren-9in": "racking", "dahlgren-15in": "racking", "columbiad-10in": "racking",
                "brooke-6-4in": "heavy_rifle", "brooke-7in": "heavy_rifle", "parrott-100pdr": "parrott",
                "parrott-150pdr": "parrott", "rifled-32pdr": "medium", "smoothbore-32pdr-42cwt": "medium",
                "columbiad-8in": "medium", "parrott-30pdr": "light_rifle", "dahlgren-50pdr-rifle": "light_rifle",
                "dahlgren-12pdr-howitzer": "none", "mortar-10in-seacoast": "none", "whitworth-12pdr": "none"}
    assert {gid: gun_class(library.ordnance[gid], table) for gid in expected} == expected


# --- the article's printed values: source for its own scenario ---------------------------------------------

PRINTED = {  # The Gauntlet No. 3 (1995): EDNA, Heavy, Medium, Parrott
    "uss-tecumseh": (16, 1, 0, 0), "uss-manhattan": (16, 1, 0, 0), "uss-winnebago": (16, 1, 1, 0),
    "uss-chickasaw": (16, 1, 1, 0), "uss-brooklyn": (14, 1, 4, 4), "uss-octorara": (8, 0, 2, 1),
    "uss-hartford": (14, 1, 4, 4), "uss-metacomet": (8, 0, 2, 1), "uss-richmond": (12, 1, 3, 4),
    "uss-port-royal": (7, 0, 1, 0), "uss-lackawanna": (10, 0, 2, 2), "uss-seminole": (9, 0, 1, 1),
    "uss-monongahela": (9, 0, 1, 1), "uss-kennebec": (6, 0, 0, 2), "uss-ossipee": (9, 0, 1, 1),
    "uss-itasca": (6, 0, 0, 2), "uss-oneida": (9, 0, 1, 1), "uss-galena": (8, 0, 1, 1),
    "css-tennessee": (18, 2, 2, 0), "css-morgan": (9, 1, 1, 0), "css-gaines": (9, 1, 1, 0), "css-selma": (6, 0, 1, 0),
    "fort-morgan": (22, 4, 4, 2), "fort-gaines": (18, 4, 2, 2),
}

# As the pack plays them: the article's order of battle as printed (which_units: article), Fort Morgan's 22 and
# 4/4/2 on one card with its water battery. With the house rule which_units: library the printed 4/4/2 is shared
# between the fort's and the battery's cards by the calculator's values for each alone (fort 4/4/2, battery 4/0/1):
# Heavy 2+2, Medium 4+0, Parrott 1+1.
AS_PLAYED = PRINTED
BATTERY = (12, 2, 0, 1)
SPLIT = {**PRINTED, "fort-morgan": (22, 2, 4, 1)}
assert all(a + b == c for a, b, c in zip(SPLIT["fort-morgan"][1:], BATTERY[1:], PRINTED["fort-morgan"][1:]))
LIBRARY_ORDER = {"quick-play": {"which_units": {"rows": {"play": "library"}}}}


def _values(d) -> tuple:
    c = d["cannonade"]
    return (d["edna"], c["heavy"], c["medium"], c["parrot"])


def test_stats_of_the_scenario_give_the_articles_values_for_all_24_units(cli):
    run = cli("stats", "mobile-bay-1864", "--rules", "quick-play", "--format", "json")
    assert run.code == 0, run.err
    units = json.loads(run.out)
    got = {u["id"]: _values(u) for u in units}
    assert {k: got[k] for k in PRINTED} == PRINTED  # Fort Morgan's 22 and 4/4/2 on the fort, as the article prints it
    # not in the article, so not in play: Fort Powell (the calculator's) and Fort Morgan's water battery (rated with
    # Fort Morgan); stats still rates them, and says why they do not play
    assert set(got) - set(PRINTED) == {"fort-powell", "fort-morgan-water-battery"}


def test_the_house_rule_library_order_shares_fort_morgans_factors_with_its_water_battery(cli, tmp_path):
    house = tmp_path / "house.json"
    house.write_text(json.dumps(LIBRARY_ORDER))
    run = cli("stats", "mobile-bay-1864", "--rules", "quick-play", "--format", "json", "--house-rules", str(house))
    assert run.code == 0, run.err
    got = {u["id"]: _values(u) for u in json.loads(run.out)}
    assert {k: got[k] for k in SPLIT} == SPLIT and got["fort-morgan-water-battery"] == BATTERY


def test_the_water_battery_shares_fort_morgans_printed_factors_in_the_scenario_and_is_its_own_unit_outside(library, tmp_path):
    house = tmp_path / "house.json"
    house.write_text(json.dumps(LIBRARY_ORDER))
    ctx = RULESET.context(library, house)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    battery = library.units["fort-morgan-water-battery"]
    inside, outside = RULESET.derive(battery, ctx), RULESET.derive(battery, RULESET.context(library))
    fort = RULESET.derive(library.units["fort-morgan"], ctx)
    fort_alone = RULESET.derive(library.units["fort-morgan"], RULESET.context(library))
    assert inside["edna"] == outside["edna"]
    assert _values(fort)[0] == PRINTED["fort-morgan"][0]
    for i, k in enumerate(("heavy", "medium", "parrot"), start=1):
        # the printed total shared out by the calculator's values for each alone, so both fire on their own cards
        assert fort["cannonade"][k] + inside["cannonade"][k] == PRINTED["fort-morgan"][i]
        mine, theirs = outside["cannonade"][k], fort_alone["cannonade"][k]
        if mine + theirs:
            assert abs(inside["cannonade"][k] - PRINTED["fort-morgan"][i] * mine / (mine + theirs)) < 1
        assert "for fort-morgan + fort-morgan-water-battery together" in inside.reasons[f"cannonade.{k}"]
        assert f"alone the calculator gives {mine}" in inside.reasons[f"cannonade.{k}"]
    assert inside["cannonade"] == {"heavy": 2, "medium": 0, "parrot": 1}  # 4 of 10 X-inch, 1 of 3 rifle factors
    assert "covering fort-morgan, fort-morgan-water-battery" in fort.reasons["edna"]
    assert "for fort-morgan + fort-morgan-water-battery together" in fort.reasons["cannonade.heavy"]
    assert "for fort-morgan + fort-morgan-water-battery together" in fort_alone.reasons["edna"]  # the note on the print
    assert "together, as the article rates them" not in fort_alone.reasons["edna"]


@pytest.mark.parametrize("total, weights, shares", [
    (4, [4, 4], [2, 2]), (2, [2, 1], [1, 1]), (4, [4, 0], [4, 0]), (3, [0, 0], [3, 0]), (1, [1, 1], [1, 0]), (0, [3, 1], [0, 0]),
])
def test_a_printed_total_is_shared_out_by_largest_remainder(total, weights, shares):
    from shipyard.rules.quick_play.derive import split_whole

    assert split_whole(total, weights) == shares


def test_iron_equivalent_says_the_arithmetic_only_when_there_is_some(library):
    from types import SimpleNamespace

    from shipyard.rules.lookups import iron_equivalent
    from shipyard.rules.saunders import RULESET as SAUNDERS

    materials = SAUNDERS.context(library).tables.materials
    plain = iron_equivalent(SimpleNamespace(material="iron", thickness_in=8.0, backing_in=None), materials)
    assert plain[0] == 8 and plain[1].startswith("8 in iron (") and "=" not in plain[1]
    backed = iron_equivalent(SimpleNamespace(material="iron", thickness_in=5.0, backing_in=20.0), materials)
    assert "5 in iron + 20 in wood backing" in backed[1] and " = " in backed[1]


def test_outside_the_scenario_the_calculator_serves_and_explain_names_the_printed_value(cli, library, ctx):
    run = cli("stats", "css-tennessee", "--rules", "quick-play", "--json")
    assert run.code == 0, run.err
    mine = json.loads(run.out)["edna"]
    assert mine == stats(library, ctx, "css-tennessee")["edna"] != 18
    d = RULESET.derive(library.units["css-tennessee"], ctx)
    assert f"in mobile-bay-1864 the article printed 18 (the calculator differs by {mine - 18:+d}" in d.reasons["edna"]
    assert "Gauntlet No. 3" in d.reasons["edna"]
    assert "the article printed" not in RULESET.derive(library.units["fort-powell"], ctx).reasons["edna"]


def test_in_the_scenario_explain_gives_the_printed_value_the_calculators_and_the_difference(library):
    ctx = RULESET.context(library)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    plain = RULESET.derive(library.units["css-tennessee"].as_of(MOBILE_BAY), RULESET.context(library))
    d = RULESET.derive(library.units["css-tennessee"].as_of(MOBILE_BAY), ctx)
    assert d["edna"] == 18
    reason = d.reasons["edna"]
    assert reason.words.startswith("printed for this scenario: 18")
    assert f"the calculator gives {plain['edna']} (differs by {plain['edna'] - 18:+d})" in reason
    assert "provenance source" in reason


def test_another_scenario_gets_the_calculator(library):
    from types import SimpleNamespace

    ctx = RULESET.context(library)
    ctx.scenario = SimpleNamespace(id="my-own-mobile-bay")
    unit = library.units["css-tennessee"].as_of(MOBILE_BAY)
    assert _values(RULESET.derive(unit, ctx)) == _values(RULESET.derive(unit, RULESET.context(library)))


def test_explain_of_the_scenario_runs_and_shows_the_print(cli):
    run = cli("explain", "mobile-bay-1864", "--rules", "qp")
    assert run.code == 0, run.err
    assert "printed for this scenario" in " ".join(run.out.split())


def test_morgan_is_one_heavy_one_medium(library, ctx):
    assert stats(library, ctx, "css-morgan")["cannonade"] == {"heavy": 1, "medium": 1, "parrot": 0}


def test_selma_is_one_medium(library, ctx):
    assert stats(library, ctx, "css-selma")["cannonade"] == {"heavy": 0, "medium": 1, "parrot": 0}


def test_explain_shows_inputs_and_tables_for_edna_and_factors(cli):
    run = cli("explain", "uss-brooklyn", "--rules", "qp", "--as-of", MOBILE_BAY)  # her 25 guns of 1864
    assert run.code == 0, run.err
    text = " ".join(run.out.split())
    assert "√25 guns" in text
    assert "edna, example" in text
    assert "cannonade_factors, example" in text
    assert "ship_types, source" in text


def test_house_rule_changes_edna_and_says_so(library, tmp_path):
    brooklyn = library.units["uss-brooklyn"].as_of(MOBILE_BAY)  # her 25 guns of 1864
    base = RULESET.derive(brooklyn, RULESET.context(library))
    rows = dict(RULESET.tables().edna.rows)
    rows["per_sqrt_gun"] = float(rows["per_sqrt_gun"]) + 1.0
    hr = tmp_path / "house.yaml"
    hr.write_text(json.dumps({"quick-play": {"edna": {"rows": rows}}}))
    d = RULESET.derive(brooklyn, RULESET.context(library, hr))
    assert d["edna"] == base["edna"] + 5  # +1 per √gun, √25 = 5
    assert "house rule" in d.reasons["edna"]
    assert "house rule" not in base.reasons["edna"]


def test_bad_house_rules_are_a_clear_error(cli, tmp_path):
    hr = tmp_path / "bad.yaml"
    hr.write_text("quick-play:\n  ednaa: {rows: {}}\n")
    run = cli("stats", "css-tennessee", "--rules", "qp", "--house-rules", str(hr))
    assert run.code == 2
    assert "ednaa" in run.err and "Traceback" not in run.err


def test_a_ram_bow_makes_a_ram_and_an_ironclad_needs_iron():
    from shipyard.rules.quick_play.derive import classify, is_ram

    t = RULESET.tables()
    assert is_ram(make_vessel(ram_bow=True), t.ram_rule)[0] is True
    assert is_ram(make_vessel(), t.ram_rule)[0] is False
    assert classify(make_vessel(vtype="broadside ironclad", armour_in=4), t.type_rules)[0] == "Ironclad"
    assert classify(make_vessel(vtype="broadside ironclad"), t.type_rules)[0] == "Wooden Screw"
    assert classify(make_vessel(prop="sternwheel", vtype="tinclad"), t.type_rules)[0] == "Sidewheeler"


# --- monotonicity (property tests on built vessels) -----------------------------------------------------

CTX_TABLES = RULESET.tables()


def _edna(v):
    from shipyard.rules.quick_play.derive import edna_armour_in, gun_count, vessel_edna

    rows = CTX_TABLES.edna.rows
    return vessel_edna(v.tonnage, gun_count(v), edna_armour_in(v, rows, CTX_TABLES.materials)[0], rows)[0]


@settings(max_examples=60, deadline=None)
@given(tons=st.floats(50, 5000), more=st.floats(0, 5000), guns=st.integers(0, 40), armour=st.floats(0, 12))
def test_more_tonnage_never_lowers_edna(tons, more, guns, armour):
    assert _edna(make_vessel(tons + more, guns, armour)) >= _edna(make_vessel(tons, guns, armour))


@settings(max_examples=60, deadline=None)
@given(tons=st.floats(50, 5000), guns=st.integers(0, 40), extra=st.integers(0, 20), armour=st.floats(0, 12))
def test_more_guns_never_lower_edna(tons, guns, extra, armour):
    assert _edna(make_vessel(tons, guns + extra, armour)) >= _edna(make_vessel(tons, guns, armour))


@settings(max_examples=60, deadline=None)
@given(tons=st.floats(50, 5000), guns=st.integers(0, 40), armour=st.floats(0, 12), extra=st.floats(0, 10))
def test_more_armour_never_lowers_edna(tons, guns, armour, extra):
    assert _edna(make_vessel(tons, guns, min(armour + extra, 30))) >= _edna(make_vessel(tons, guns, armour))


def test_wood_counts_in_edna_by_quick_plays_own_materials_table_which_a_house_rule_reaches(library, tmp_path):
    """The 20 in of wood to 1 in of iron lived in the history model, out of any house rule's reach; it is now Quick
    Play's materials table, and the EDNA reason cites it."""
    tennessee = library.units["css-tennessee"].as_of("1864-08-05")
    own = RULESET.derive(tennessee, RULESET.context(library))
    assert "(materials, reconstructed)" in own.reasons["edna"]
    house = tmp_path / "house.yaml"
    house.write_text("quick-play:\n  materials:\n    rows:\n      backing: {per_inch: 0.25}\n", encoding="utf-8")
    ruled = RULESET.derive(tennessee, RULESET.context(library, house))
    assert ruled.values["edna"] > own.values["edna"]
    assert "(materials, house rule)" in ruled.reasons["edna"]
