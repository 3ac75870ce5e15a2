"""Saunders ACW Naval Rules v1.2: the calculator on built vessels, on the real library and through the CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.rules import get_ruleset
from shipyard.rules.lookups import iron_equivalent
from shipyard.rules.saunders import derive as sd
from shipyard.errors import ShipyardError
from shipyard.library.model import Fort, Vessel

RS = get_ruleset("saunders")
SRC = [{"url": "https://example.org/test", "covers": "test vessel"}]


def vessel(**over) -> Vessel:
    data = dict(
        id="test-ship", name="Test Ship", navy="USN", type="screw sloop", length_ft=200, beam_ft=35,
        draught_ft=12, displacement_tons=1000, speed_kn=10, propulsion={"kind": "screw"}, sources=SRC,
    )
    data.update(over)
    return Vessel.model_validate(data)


def monitor(turrets: list[str], propulsion: str = "screw", **over) -> Vessel:
    return vessel(
        type="monitor", turrets=[{"id": t, "position": t if t in ("bow", "stern", "forward", "aft") else "midships"} for t in turrets],
        propulsion={"kind": propulsion},
        armament=[{"gun": "dahlgren-11in", "count": 2, "mounting": "turret", "turret": t} for t in turrets],
        armour=[{"area": "side", "thickness_in": 5}] + [{"area": "turret", "turret": t, "thickness_in": 10} for t in turrets],
        **over,
    )


def arcs_by_turret(d) -> dict[str, list[str]]:
    return {g["turret"]: [a.split()[0] for a in g["arcs"]] for g in d["guns"]}


# ---------------------------------------------------------------------------------------------
# Turrets (the text's blocking rules)


def test_single_turret_monitor_fires_into_all_four_arcs(library, ctx):
    d = RS.derive(library.find("uss-monitor"), ctx)
    assert d["guns"][0]["arcs"] == ["fore 90°", "port 90°", "starboard 90°", "aft 90°"]
    assert d["guns"][0]["blocked_arcs"] == []


def test_twin_turret_monitor_fore_turret_never_aft_aft_turret_never_fore(ctx):
    d = RS.derive(monitor(["forward", "aft"]), ctx)
    arcs = arcs_by_turret(d)
    assert arcs["forward"] == ["fore", "port", "starboard"]
    assert arcs["aft"] == ["port", "starboard", "aft"]


def test_twin_turret_roles_follow_position_not_list_order(ctx):
    d = RS.derive(monitor(["aft", "forward"]), ctx)
    arcs = arcs_by_turret(d)
    assert "aft" not in arcs["forward"] and "fore" not in arcs["aft"]


def test_triple_turret_monitor_centre_turret_only_on_the_beams(ctx):
    d = RS.derive(monitor(["bow", "centre", "stern"]), ctx)
    arcs = arcs_by_turret(d)
    assert arcs["bow"] == ["fore", "port", "starboard"]
    assert arcs["centre"] == ["port", "starboard"]
    assert arcs["stern"] == ["port", "starboard", "aft"]


def test_stern_wheel_single_turret_monitor_has_aft_blocked(ctx):
    d = RS.derive(monitor(["main"], propulsion="sternwheel"), ctx)
    assert arcs_by_turret(d)["main"] == ["fore", "port", "starboard"]
    assert d["guns"][0]["blocked_arcs"] == ["aft"]
    assert "stern wheel" in d.reasons["guns[0].arcs"]


def test_turret_armour_is_the_armament_section(ctx):
    d = RS.derive(monitor(["main"]), ctx)
    assert d["armour"]["armament"] > d["armour"]["midships"]


# ---------------------------------------------------------------------------------------------
# Armour


def test_twenty_inches_of_oak_rates_as_one_inch_of_iron(ctx):
    oak = RS.derive(vessel(armour=[{"area": "side", "material": "wood", "thickness_in": 20}]), ctx)
    iron = RS.derive(vessel(armour=[{"area": "side", "material": "iron", "thickness_in": 1}]), ctx)
    backing = RS.derive(vessel(armour=[{"area": "side", "material": "iron", "thickness_in": 0, "backing_in": 20}]), ctx)
    assert oak["armour"]["midships"] == iron["armour"]["midships"] == backing["armour"]["midships"]
    assert iron["armour"]["midships"] > 0, "1 in of iron must rate above an unarmoured hull"
    assert "= 1 in iron" in oak.reasons["armour.midships"]


@settings(max_examples=200, deadline=None)
@given(a=st.floats(0, 30), b=st.floats(0, 30))
def test_armour_rating_is_monotone_in_iron_equivalent(ctx, a, b):
    lo, hi = sorted((a, b))
    assert sd.armour_rating(ctx.tables, lo)[0] <= sd.armour_rating(ctx.tables, hi)[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(iron=st.floats(0, 12), wood=st.floats(0, 30), more_iron=st.floats(0, 6), more_wood=st.floats(0, 30))
def test_more_iron_or_wood_never_rates_lower_on_a_built_ship(ctx, iron, wood, more_iron, more_wood):
    thin = RS.derive(vessel(armour=[{"area": "casemate", "thickness_in": iron, "backing_in": wood}]), ctx)
    thick = RS.derive(vessel(armour=[{"area": "casemate", "thickness_in": min(30, iron + more_iron), "backing_in": min(30, wood + more_wood)}]), ctx)
    for section in ("bow", "midships", "stern"):
        assert thin["armour"][section] <= thick["armour"][section]


def test_exposed_paddle_wheels_of_an_ironclad_are_a_separate_propulsion_rating(ctx):
    d = RS.derive(vessel(type="casemate ironclad", propulsion={"kind": "sidewheel"}, armour=[{"area": "casemate", "thickness_in": 3}]), ctx)
    assert d["armour"]["midships"] >= 3 and d["armour"]["propulsion"] == 0
    assert d["paddles"] == 2


def test_cotton_bales_round_the_engines_give_a_machinery_rating(ctx):
    d = RS.derive(vessel(type="cottonclad", armour=[{"area": "machinery", "material": "cotton", "thickness_in": 30}]), ctx)
    assert d["armour"]["midships"] == 0 and d["armour"]["machinery"] > 0


def test_sections_equal_to_the_default_are_not_listed(ctx):
    d = RS.derive(vessel(armour=[{"area": "side", "thickness_in": 4}, {"area": "pilot_house", "thickness_in": 4}]), ctx)
    assert set(d["armour"]) == {"bow", "midships", "stern"}


# ---------------------------------------------------------------------------------------------
# Hull, speed, turning


def test_every_library_vessel_hull_lies_in_the_span_the_ramming_modifiers_imply(library, ctx):
    assert library.vessels
    for v in library.vessels:
        hull = RS.derive(v, ctx)["hull"]
        assert 5 <= hull <= 40, (v.id, hull)


def test_hull_table_reaches_each_ramming_threshold(ctx):
    hulls = [row["hull"] for row in ctx.tables.hull.rows]
    assert min(hulls) >= 5 and max(hulls) <= 40
    assert any(h <= 10 for h in hulls) and any(h >= 25 for h in hulls) and any(h >= 30 for h in hulls)
    launch = RS.derive(vessel(length_ft=60, beam_ft=12, draught_ft=4), ctx)["hull"]
    frigate = RS.derive(vessel(length_ft=330, beam_ft=55, draught_ft=24), ctx)["hull"]
    assert launch <= 10 and frigate >= 30


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(length=st.floats(20, 400), beam=st.floats(4, 70), grow_l=st.floats(0, 150), grow_b=st.floats(0, 20))
def test_hull_is_monotone_in_length_plus_beam(ctx, length, beam, grow_l, grow_b):
    beam = min(beam, length * 0.8)
    small = sd.hull_points(ctx.tables, length, beam)[0]
    big = sd.hull_points(ctx.tables, length + grow_l, beam + grow_b)[0]
    assert small <= big


def test_library_hulls_are_monotone_in_length_plus_beam(library, ctx):
    pairs = sorted((v.length_ft + v.beam_ft, RS.derive(v, ctx)["hull"]) for v in library.vessels)
    hulls = [h for _, h in pairs]
    assert hulls == sorted(hulls)


def test_astern_is_a_third_unless_double_ended(ctx):
    single = RS.derive(vessel(speed_kn=9), ctx)
    double = RS.derive(vessel(speed_kn=9, double_ender=True, propulsion={"kind": "sidewheel"}), ctx)
    assert single["max_speed_kn"] == 9 and single["astern_speed_kn"] == 3
    assert double["astern_speed_kn"] == double["max_speed_kn"] == 9


def test_speed_thresholds_at_half_and_three_quarters_of_hull_lost(ctx):
    d = RS.derive(vessel(speed_kn=10, length_ft=200, beam_ft=40), ctx)
    three_q, half = d["speed_thresholds"]
    assert three_q["lost"] * 2 >= d["hull"] > (three_q["lost"] - 1) * 2
    assert three_q["speed_kn"] == 7.5  # 3/4 of 10, a half knot like every speed
    assert half["lost"] * 4 >= 3 * d["hull"] and half["speed_kn"] == 5


@pytest.mark.parametrize("max_kn, three_q, half", [(10, 7.5, 5), (9, 6.5, 4.5), (5, 3.5, 2.5), (13.5, 10, 6.5), (7, 5, 3.5)])
def test_both_damage_speeds_round_down_to_the_half_knot(ctx, max_kn, three_q, half):
    """One rounding for ¾ and ½ speed: down to the speed step (half a knot), never up, never to whole knots."""
    d = RS.derive(vessel(speed_kn=max_kn, length_ft=200, beam_ft=40), ctx)
    step = float(ctx.tables.movement.rows["speed_step_kn"])
    got = {th["fraction"]: th["speed_kn"] for th in d["speed_thresholds"]}
    assert got == {0.75: three_q, 0.5: half}
    for frac, speed in got.items():
        assert speed <= max_kn * frac < speed + step and (speed / step).is_integer()


def test_spar_torpedo_costs_one_step_of_turn(ctx):
    d = RS.derive(vessel(length_ft=150, beam_ft=25, spar_torpedo=True), ctx)
    ladder = ctx.tables.turn.rows["ladder_deg"]
    assert d["max_turn_deg_spar_deployed"] == ladder[ladder.index(d["max_turn_deg"]) - 1]


def test_turn_never_grows_with_length(ctx):
    turns = [RS.derive(vessel(length_ft=L, beam_ft=20, draught_ft=8), ctx)["max_turn_deg"] for L in range(40, 400, 10)]
    assert turns == sorted(turns, reverse=True)
    assert set(turns) <= set(ctx.tables.turn.rows["ladder_deg"])


def test_small_target_under_100_ft_or_a_monitor(library, ctx):
    assert RS.derive(vessel(length_ft=99, beam_ft=20, draught_ft=6), ctx)["small_target"] is True
    assert RS.derive(vessel(length_ft=100, beam_ft=20, draught_ft=6), ctx)["small_target"] is False
    assert RS.derive(library.find("uss-monitor"), ctx)["small_target"] is True


# ---------------------------------------------------------------------------------------------
# Guns


def test_gunport_guns_have_10_degree_arcs_split_between_sides(ctx):
    d = RS.derive(vessel(armament=[{"gun": "dahlgren-9in", "count": 6, "mounting": "broadside"}]), ctx)
    g = d["guns"][0]
    assert g["arcs"] == ["port 10°", "starboard 10°"] and g["per_side"] == 3


def test_casemate_bow_pivot_chooses_between_three_ports(ctx):
    d = RS.derive(vessel(type="casemate ironclad", armour=[{"area": "casemate", "thickness_in": 4}],
                         armament=[{"gun": "brooke-7in", "count": 1, "mounting": "pivot", "position": "bow"}]), ctx)
    assert d["guns"][0]["arcs"] == ["fore 10°", "port bow 10°", "starboard bow 10°"]


def test_open_deck_bow_pivot_sweeps_wider_than_a_port(ctx):
    d = RS.derive(vessel(armament=[{"gun": "parrott-100pdr", "count": 1, "mounting": "pivot", "position": "bow"}]), ctx)
    (facing, _, width), = [sd.parse_arc(a) for a in d["guns"][0]["arcs"]]
    assert facing == "fore" and width > 10


def test_light_guns_have_no_long_range(ctx):
    d = RS.derive(vessel(armament=[{"gun": "dahlgren-12pdr-howitzer", "count": 2, "mounting": "deck"},
                                   {"gun": "dahlgren-11in", "count": 2, "mounting": "pivot"}]), ctx)
    howitzer, dahlgren = d["guns"]
    assert howitzer["light"] and howitzer["ranges_in"]["long"] is None
    assert not dahlgren["light"] and dahlgren["ranges_in"]["long"] > dahlgren["ranges_in"]["effective"]


def test_fifteen_inch_dahlgren_outranks_and_outhits_a_32_pounder(ctx):
    d = RS.derive(vessel(armament=[{"gun": "dahlgren-15in", "count": 1, "mounting": "pivot"},
                                   {"gun": "smoothbore-32pdr-42cwt", "count": 4, "mounting": "broadside"}]), ctx)
    big, small = d["guns"]
    assert big["strength"] > small["strength"]
    assert big["ranges_in"]["effective"] > small["ranges_in"]["effective"]


@settings(max_examples=150, deadline=None)
@given(a=st.floats(1, 600), b=st.floats(1, 600))
def test_gun_strength_is_monotone_in_shot_weight(ctx, a, b):
    lo, hi = sorted((a, b))
    assert sd.gun_strength(ctx.tables, lo)[0] <= sd.gun_strength(ctx.tables, hi)[0]


def test_rifles_reach_further_at_long_range(ctx):
    rifle, _ = sd.gun_ranges(ctx.tables, 4, True, False, 1)
    smooth, _ = sd.gun_ranges(ctx.tables, 4, False, False, 1)
    assert rifle["long"] > smooth["long"] and rifle["effective"] == smooth["effective"]


# ---------------------------------------------------------------------------------------------
# Penetration arithmetic (DAV + strength - armour, +1 rifle, +1 point blank, -1 long)


def test_penetration_arithmetic_as_the_text_gives_it(ctx):
    total, _, why = sd.penetration(ctx.tables, dav=3, strength=6, armour=5, rifled=True, band="point_blank")
    assert total == 3 + 6 - 5 + 1 + 1
    long_total, _, _ = sd.penetration(ctx.tables, dav=3, strength=6, armour=5, band="long")
    assert long_total == 3 + 6 - 5 - 1
    assert "DAV 3 + strength 6 - armour 5" in why


def _iron(ctx, plate_in, backing_in):
    """Iron inches of a plate on wood backing, read from Saunders' own materials table."""
    from types import SimpleNamespace

    armour = SimpleNamespace(material="iron", thickness_in=plate_in, backing_in=backing_in)
    return iron_equivalent(armour, ctx.tables.materials)[0]


def test_oak_backing_counts_by_the_materials_table_and_a_house_rule_changes_it(library, tmp_path):
    """The oak-to-iron ratio is Saunders' own (materials.backing), not the spec's: a house rule moves the rating."""
    ctx = RS.context(library)
    assert _iron(ctx, 4, 22) == pytest.approx(4 + 22 * ctx.tables.materials.rows["backing"]["per_inch"])
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  materials:\n    rows:\n      iron: {per_inch: 1.0}\n      tin: {per_inch: 1.0}\n"
                     "      railway_iron: {per_inch: 0.75}\n      wood: {per_inch: 0.05}\n      cotton: {per_inch: 0.05}\n"
                     "      backing: {per_inch: 0.25}\n")
    virginia = library.find("css-virginia")
    plain = RS.derive(virginia, ctx)
    ruled = RS.derive(virginia, RS.context(library, house))
    assert ruled["armour"]["midships"] > plain["armour"]["midships"]
    assert "materials, house rule" in ruled.reasons["armour.midships"]


def test_fifteen_inch_breaks_a_virginia_class_casemate_on_any_dav(ctx):
    strength = sd.gun_strength(ctx.tables, 440)[0]
    armour = sd.armour_rating(ctx.tables, _iron(ctx, 4, 22))[0]
    for dav in ctx.tables.penetration.rows["dav_faces"]:
        _, row, _ = sd.penetration(ctx.tables, dav, strength, armour)
        assert row["hull"] >= 2


def test_a_32_pounder_never_penetrates_four_inches_on_oak(ctx):
    strength = sd.gun_strength(ctx.tables, 32)[0]
    armour = sd.armour_rating(ctx.tables, _iron(ctx, 4, 22))[0]
    for dav in ctx.tables.penetration.rows["dav_faces"]:
        _, row, _ = sd.penetration(ctx.tables, dav, strength, armour, band="point_blank")
        assert row["effect"] != "penetrated" and row["hull"] <= 1


# ---------------------------------------------------------------------------------------------
# Forts, house rules, the whole library, the CLI


def test_a_fort_is_derived_from_its_walls_and_guns(ctx):
    fort = Fort.model_validate(dict(kind="fort", id="fort-test", name="Fort Test", navy="CSN", place="Test Point",
                                    walls={"material": "brick", "thickness_ft": 5},
                                    armament=[{"gun": "columbiad-10in", "count": 7}, {"gun": "smoothbore-32pdr-42cwt", "count": 20}],
                                    sources=SRC))
    d = RS.derive(fort, ctx)
    assert d["max_speed_kn"] == 0 and 5 <= d["hull"] <= 40
    assert d["armour"]["midships"] > 0 and d["guns"][0]["arcs"] == ["sited 90°"]
    earth = Fort.model_validate(fort.model_dump() | {"walls": {"material": "earth", "thickness_ft": 20}})
    assert RS.derive(earth, ctx)["armour"]["midships"] >= d["armour"]["midships"]


def test_house_ruled_hull_table_changes_the_result_and_says_so(library, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  hull:\n    rows:\n      - {min_ft: 0, hull: 7}\n      - {min_ft: 200, hull: 33}\n")
    plain = RS.derive(library.find("uss-monitor"), RS.context(library))
    ruled = RS.derive(library.find("uss-monitor"), RS.context(library, house))
    assert plain["hull"] != ruled["hull"] == 33
    assert "house rule" in ruled.reasons["hull"]


def test_a_malformed_house_rule_is_a_clear_error(library, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  hull:\n    rows:\n      - {length: 0, points: 7}\n")
    with pytest.raises(ShipyardError, match=r"saunders.hull.rows\[0\].length: the table's rows have no key 'length': expected rows like \{min_ft"):
        RS.derive(library.find("uss-monitor"), RS.context(library, house))


def test_every_library_unit_derives_with_a_reason_for_every_value(library, ctx):
    for unit in library.units.values():
        d = RS.derive(unit, ctx)
        for key in ("max_speed_kn", "astern_speed_kn", "hull", "armour", "small_target", "ram_bow", "guns"):
            assert key in d.values, (unit.id, key)
        for path in d.reasons:
            assert d.reasons[path].words.strip(), (unit.id, path)
        for i, g in enumerate(d["guns"]):
            assert {"name", "count", "strength", "rifled", "arcs", "ranges_in"} <= set(g), (unit.id, i)
            assert f"guns[{i}].strength" in d.reasons


def test_cli_scale_1_600_doubles_every_distance(cli):
    native = json.loads(cli("stats", "uss-monitor", "--rules", "saunders", "--json").out)
    big = json.loads(cli("stats", "uss-monitor", "--rules", "acw-naval", "--scale", "1/600", "--json").out)
    assert big["move_in"] == 2 * native["move_in"] and big["astern_move_in"] == 2 * native["astern_move_in"]
    for key, value in native["guns"][0]["ranges_in"].items():
        assert big["guns"][0]["ranges_in"][key] == 2 * value
    assert big["max_speed_kn"] == native["max_speed_kn"]


def test_cli_unknown_scale_is_a_clear_error(cli):
    r = cli("stats", "uss-monitor", "--rules", "saunders", "--scale", "1/300")
    assert r.code == 2 and "1/1200" in r.err and "Traceback" not in r.err


def test_cli_explain_quotes_inputs_and_tables(cli):
    r = cli("explain", "uss-monitor", "--rules", "saunders-acw")
    assert r.code == 0
    flat = " ".join(r.out.split())
    assert "179 ft" in flat and "armour_rating" in flat and "reconstructed" in flat


# ---------------------------------------------------------------------------------------------
# Steering (the library's `steering` armour area)


def _without_steering(v: Vessel) -> Vessel:
    return v.model_copy(update={"armour": [a for a in v.armour if a.area.value != "steering"]})


def test_tennessee_exposed_rudder_chains_rate_steering_0(library, ctx):
    tenn = library.find("css-tennessee")
    assert [a.thickness_in for a in tenn.armour if a.area.value == "steering"] == [0]
    d = RS.derive(tenn, ctx)
    assert d["armour"]["steering"] == 0 and d["armour"]["midships"] > 0
    assert "steering" in d.reasons["armour.steering"] and "exposed" in d.reasons["armour.steering"]
    assert "steering" not in RS.derive(_without_steering(tenn), ctx)["armour"]


def test_a_steering_entry_is_listed_even_when_it_equals_the_default(ctx):
    d = RS.derive(vessel(armour=[{"area": "side", "thickness_in": 4}, {"area": "steering", "thickness_in": 4}]), ctx)
    assert d["armour"]["steering"] == d["armour"]["midships"]
    covered = RS.derive(vessel(armour=[{"area": "side", "thickness_in": 4}, {"area": "steering", "thickness_in": 1}]), ctx)
    assert 0 < covered["armour"]["steering"] < covered["armour"]["midships"]


def test_vessels_without_a_steering_entry_keep_their_ratings(library, ctx):
    for unit in library.units.values():
        if unit.kind == "fort":
            continue
        if any(a.area.value == "steering" for a in unit.armour):
            bare = RS.derive(_without_steering(unit), ctx)["armour"]
            full = RS.derive(unit, ctx)["armour"]
            assert {k: v for k, v in full.items() if k != "steering"} == bare, unit.id
        else:
            assert "steering" not in RS.derive(unit, ctx)["armour"], unit.id
