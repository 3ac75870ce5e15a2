"""Issue 23's set-up data for Galveston, Sabine Pass, Trent's Reach and Fort Fisher: each scenario's historically
decisive layout, read from the library, and the two things their set-ups needed the format to say (a ship on the
ground at the start; a ship with a consort lashed on each side)."""

from __future__ import annotations

import pytest

from conftest import COVER_SET_UP_AND_ROSTERS, pdf_page_texts, pdf_sections
from shipyard.pack.setup_page import fit, plan_block, starts_table
from shipyard.rules import get_ruleset


def _units(library, scenario):
    return {su.id: library.units[su.id] for s in scenario.sides for su in s.units}


def _with(scenario, side: int, unit_id: str, **changes):
    """The scenario with one of a side's units changed (a copy: the library is shared by the tests)."""
    sides = list(scenario.sides)
    units = [su.model_copy(update=changes) if su.id == unit_id else su for su in sides[side].units]
    sides[side] = sides[side].model_copy(update={"units": units})
    return scenario.model_copy(update={"sides": sides})


def test_a_ship_with_a_consort_on_each_side_is_named_with_both(library):
    # Mobile Bay's Brooklyn with Octorara to port and, for this test, Metacomet too: both are named with her on the
    # starts table and on her plan label, and neither gets a row of her own.
    scenario = _with(library.scenarios["mobile-bay-1864"], 0, "uss-metacomet", lashed_to="uss-brooklyn",
                     lashed_on="starboard")
    units = _units(library, scenario)
    f = fit(scenario.setup, get_ruleset("saunders"), "1/1200")
    rows = [r[0] for r in starts_table(scenario, scenario.sides[0], units, f).rows]
    assert "USS Brooklyn + USS Octorara + USS Metacomet" in rows
    assert not any(r.startswith(("USS Octorara", "USS Metacomet")) for r in rows)
    labels = [m.label for m in plan_block(scenario, units, f, []).markers]
    assert "USS Brooklyn + USS Octorara + USS Metacomet (port, starboard)" in labels  # each on her own side


def test_a_ship_aground_at_the_start_says_so_on_the_starts_table(library):
    scenario = library.scenarios["mobile-bay-1864"]
    starts = dict(scenario.setup.starts)
    starts["uss-oneida"] = starts["uss-oneida"].model_copy(update={"aground": True})
    scenario = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"starts": starts})})
    units = _units(library, scenario)
    f = fit(scenario.setup, get_ruleset("saunders"), "1/1200")
    row = next(r for r in starts_table(scenario, scenario.sides[0], units, f).rows if r[0].startswith("USS Oneida"))
    assert "aground" in row[3]


def _in(point, shape) -> bool:
    from shipyard.render.plan import _inside

    return _inside(point[0], point[1], [tuple(p) for p in shape.outline])


def _water(setup, name):
    return next(w for w in setup.water if w.name == name)


def _bearing(a, b) -> float:
    import math

    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


def _bears(arcs, bearing) -> bool:
    return any((bearing - a.from_) % 360 <= (a.to - a.from_) % 360 for a in arcs)


def test_galveston_has_harriet_lane_nearest_the_upper_bay_and_westfield_aground_on_pelican_spit(library):
    setup = library.scenarios["galveston-1863"].setup
    at = {uid: s.at for uid, s in setup.starts.items()}
    union = [u for u in at if u.startswith("uss-")]
    channel = _water(setup, "Galveston channel")
    # Harriet Lane at anchor off the city in the channel, the first ship the cottonclads reach from the upper bay
    assert setup.starts["uss-harriet-lane"].anchored and _in(at["uss-harriet-lane"], channel)
    assert at["uss-harriet-lane"][0] == min(at[u][0] for u in union)
    # Sachem and Corypheus the nearest of all to the city's shore (Kuhn's wharf)
    assert sorted(union, key=lambda u: at[u][1])[:2] == ["uss-sachem", "uss-corypheus"]
    # Westfield aground on Pelican Spit, whose depth is less than her draught; Clifton further out towards Bolivar
    spit = _water(setup, "Pelican Spit")
    assert setup.starts["uss-westfield"].aground and _in(at["uss-westfield"], spit)
    assert spit.depth_ft < library.units["uss-westfield"].draught_ft
    assert at["uss-clifton"][0] > at["uss-owasco"][0] > at["uss-harriet-lane"][0]
    # the cottonclads come down from the upper bay: over flats they float on and no Union ship does
    flats = _water(setup, "Upper bay flats")
    for c in ("css-bayou-city", "css-neptune"):
        assert at[c][0] < at["uss-harriet-lane"][0] and library.units[c].draught_ft < flats.depth_ft
    assert all(library.units[u].draught_ft > flats.depth_ft for u in union if u != "uss-sachem")


def test_sabine_pass_has_fort_griffin_on_the_texas_bank_over_both_channels_split_by_the_reef(library):
    setup = library.scenarios["sabine-pass-1863"].setup
    at = {uid: s.at for uid, s in setup.starts.items()}
    texas, louisiana = _water(setup, "Texas channel"), _water(setup, "Louisiana channel")
    reef = _water(setup, "Oyster reef")
    fort = setup.starts["fort-griffin"]
    # the fort on the west (Texas) bank, at the upper end of the reef where the channels join
    assert fort.at[0] < min(x for x, _ in texas.outline)
    assert abs(fort.at[1] - max(y for _, y in reef.outline)) < 300
    # the reef between the channels, too shallow for any gunboat; every gunboat floats in the channels
    assert max(x for x, _ in texas.outline) <= min(x for x, _ in reef.outline)
    assert max(x for x, _ in reef.outline) <= min(x for x, _ in louisiana.outline)
    gunboats = ["uss-clifton", "uss-sachem", "uss-arizona", "uss-granite-city"]
    for g in gunboats:
        draught = library.units[g].draught_ft
        assert reef.depth_ft < draught <= min(texas.depth_ft, louisiana.depth_ft), g
    # Clifton up the Texas channel; Sachem leading Arizona up the Louisiana channel; Granite City behind them all
    assert at["uss-clifton"][0] < min(x for x, _ in reef.outline)
    assert min(at["uss-sachem"][0], at["uss-arizona"][0]) > max(x for x, _ in reef.outline)
    assert at["uss-sachem"][1] > at["uss-arizona"][1] > at["uss-granite-city"][1]
    # its guns bear down both channels
    for channel in (texas, louisiana):
        lower_end = (sum(x for x, _ in channel.outline) / len(channel.outline), min(y for _, y in channel.outline))
        assert _bears(fort.arcs, _bearing(fort.at, lower_end)), channel.name


SCENARIOS = ["galveston-1863", "sabine-pass-1863", "trents-reach-1865", "fort-fisher-1865"]
RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_set_up_is_one_page_naming_every_unit_with_the_scale_bar_and_victory_table(bundled_packs, library,
                                                                                       scenario, rules, paper):
    """Read from the pack's cover, set-up and rosters alone (the other sections are read nothing here and took four
    fifths of the build: the set-up page is the whole pack's to the character, but for the footer's page count)."""
    path = bundled_packs.get(scenario, rules, paper, **COVER_SET_UP_AND_ROSTERS).path
    pages = pdf_page_texts(path)
    page = pages[1]
    assert page.startswith("Set-up") and "Victory points for" in page and "Victory level" in page
    assert "grid every" in page and "on the table" in page  # the scale bar's words
    rs = get_ruleset(rules)
    ctx = rs.context(library)
    ctx.scenario = library.scenarios[scenario]
    for side in ctx.scenario.sides:
        for su in side.units:
            if rs.takes_part(su.id, ctx):  # a rule set may play its own text's order of battle (RuleSet.plays)
                assert library.units[su.id].name in page, (scenario, rules, paper, su.id)
    parts = len(ctx.scenario.setup.parts)  # a table played first has a page of its own after the set-up's
    set_up = pdf_sections(path)["Set-up and table plan"]
    assert set_up == range(1, 2 + parts), (scenario, rules, paper, set_up)  # one page and the parts': none runs over
    assert all(pages[n].startswith("Set-up, ") for n in set_up[1:])


def test_trents_reach_has_the_ironclads_aground_above_the_obstructions_under_the_south_bank_batteries(library):
    scenario = library.scenarios["trents-reach-1865"]
    setup = scenario.setup
    at = {uid: s.at for uid, s in setup.starts.items()}
    line = setup.obstructions[0].line
    obstruction_x = line[0][0]
    north_bank = min(y for _, y in next(land for land in setup.land if "Varina" in land.name).outline)
    # the obstructions cross from the south bank and leave the gap along the north bank
    assert min(y for _, y in line) <= min(y for _, y in setup.water[0].outline)
    assert max(y for _, y in line) < north_bank
    # Virginia II and Richmond aground about half a mile above them, on water shallower than their draught
    for uid in ("css-virginia-ii", "css-richmond"):
        assert setup.starts[uid].aground and 400 < obstruction_x - at[uid][0] < 1400, uid
        shoal = next(w for w in setup.water if _in(at[uid], w) and w.kind == "shoal")
        assert shoal.depth_ft < library.units[uid].draught_ft
    # Fredericksburg, recalled through the gap, lies above them too, afloat; Onondaga comes up from below, later
    assert at["css-fredericksburg"][0] < obstruction_x and not setup.starts["css-fredericksburg"].aground
    assert at["uss-onondaga"][0] > obstruction_x and setup.starts["uss-onondaga"].arrives > 1
    # the batteries on the south bank bluffs, 1,500-2,500 yd from the grounded ships, bearing on them
    batteries = setup.starts["trents-reach-batteries"]
    for uid in ("css-virginia-ii", "css-richmond"):
        d = ((at[uid][0] - batteries.at[0]) ** 2 + (at[uid][1] - batteries.at[1]) ** 2) ** 0.5
        assert 1500 <= d <= 2500 and _bears(batteries.arcs, _bearing(batteries.at, at[uid])), uid
    # Richmond has a consort on each side: none of the three has a start of her own
    lashed = [su.id for su in scenario.sides[1].units if su.lashed_to]
    assert lashed and not any(uid in setup.starts for uid in lashed)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_label_hides_the_obstructions_or_the_gap_beside_them(library, rules, paper):
    # Trent's Reach's ironclads lie just above the obstructions: their labels once ran across the line and the gap
    from test_setup import _overlaps, _plan

    plan, width = _plan(library, rules, paper, "trents-reach-1865")
    s = min(width / plan.width, plan.max_height / plan.depth)
    h = plan.depth * s
    line = next(shape for shape in plan.shapes if shape.kind == "obstruction").points
    (ax, ay), (bx, by) = line[0], line[-1]
    gap_top = next(shape for shape in plan.shapes if shape.kind == "land" and "Varina" in shape.name)
    top = min(y for _, y in gap_top.points)
    box = (ax * s - 0.3, h - top * s, bx * s + 0.3, h - min(ay, by) * s)  # the line and the gap above it
    for text, *label in plan.labels(width):
        assert not _overlaps(label, box), text


def test_fort_fisher_has_the_ironclads_anchored_in_line_within_1000_yd_of_the_north_east_salient(library):
    setup = library.scenarios["fort-fisher-1865"].setup
    at = {uid: s.at for uid, s in setup.starts.items()}
    line = ["uss-new-ironsides", "uss-saugus", "uss-canonicus", "uss-monadnock", "uss-mahopac"]
    point = next(land for land in setup.land if land.name == "Federal Point")
    inland = [p for p in point.outline if p[1] < setup.area.depth_yd]  # the outline's points not on the plan's edge
    salient = max(inland, key=lambda p: (p[0], p[1]))  # the beach's furthest east: the north-east salient
    fort = setup.starts["fort-fisher-sea-face"]
    # New Ironsides leading the line (Lossing's order), off the salient, about 1,000 yd out; the monitors inside her
    assert [u for u in sorted(line, key=lambda u: -at[u][1])] == line
    assert abs(at["uss-new-ironsides"][1] - salient[1]) < 200
    assert 800 <= at["uss-new-ironsides"][0] - salient[0] <= 1100
    for uid in line:
        start = setup.starts[uid]
        assert start.anchored and start.speed_kn == 0, uid
        assert at[uid][0] - salient[0] <= 1100 and at[uid][0] >= at["uss-mahopac"][0], uid
        # afloat where she lies: no shallows under her shallower than her draught
        under = [w.depth_ft for w in setup.water if _in(at[uid], w)]
        assert all(depth >= library.units[uid].draught_ft for depth in under), uid
        # the sea face, on the beach to the west of every ship, bears on her
        assert fort.at[0] < at[uid][0] and _bears(fort.arcs, _bearing(fort.at, at[uid])), uid
    # the shallows stop the monitors nearer the beach, and New Ironsides sooner
    inshore = _water(setup, "Inshore shallows").depth_ft
    assert all(library.units[u].draught_ft > inshore for u in line)
    assert library.units["uss-new-ironsides"].draught_ft > _water(setup, "Outer shallows").depth_ft
