"""Issue 23's set-up data for Hampton Roads (both days), Cherbourg, Wassaw Sound, Charleston and Drewry's Bluff: each
scenario's historically decisive layout facts, read from the library, and its set-up fitting one page on every rule
set and paper."""

from __future__ import annotations

import math

import pytest
from conftest import inside_outline

from shipyard.rules import get_ruleset

MINE = ["hampton-roads-1862", "hampton-roads-1862-day-2", "cherbourg-1864", "wassaw-sound-1863",
        "charleston-1863", "drewrys-bluff-1862"]
RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]


def yards(a, b) -> float:
    return math.dist(a, b)


def named(items, name):
    return next(i for i in items if i.name == name)


def draught(library, uid) -> float:
    return library.units[uid].draught_ft


@pytest.mark.parametrize("rules", RULES)
def test_hampton_roads_set_up_page_prints_cumberland_and_congress_anchored_at_0_kn(bundled_packs, rules):
    """The day-1 acceptance read back from the pack a player prints (A4, 1/1200): both frigates' rows say anchored,
    at 0 kn (Quick Play's 0", its own inches a bound: RuleSet.start_speed; Smoke on the Water's I counter), on the page that names Newport News; that
    they lie off it is the data test below."""
    from conftest import pdf_page_texts

    page = pdf_page_texts(bundled_packs.get("hampton-roads-1862", rules, "a4", "1/1200").path)[1]
    assert page.startswith("Set-up") and "Newport News" in page
    rows = [" ".join(line.split()) for line in page.splitlines()]
    for name in ("USS Cumberland", "USS Congress"):
        row = next((r for r in rows if r.startswith(name + " ") and "anchored" in r), None)
        # Smoke on the Water prints the speed counter's letter (play 43: "4 kn" is on no counter): 0 kn is I
        stopped = {"quick-play": ' 0"', "smoke-on-the-water": "° I "}.get(rules, " 0 kn")
        assert row is not None and stopped in row, (rules, name, [r for r in rows if name in r])


def test_hampton_roads_day_1_has_cumberland_and_congress_at_anchor_off_newport_news(library):
    setup = library.scenarios["hampton-roads-1862"].setup
    shore = named(setup.land, "Newport News").outline
    for uid in ("uss-cumberland", "uss-congress"):
        start = setup.starts[uid]
        assert start.anchored and start.speed_kn == 0, uid
        assert min(yards(start.at, p) for p in shore) < 1000, uid  # off Newport News, within half a mile of the shore
    others = [s.at[0] for uid, s in setup.starts.items() if uid not in ("uss-cumberland", "uss-congress")
              and not s.arrives]
    assert max(setup.starts[u].at[0] for u in ("uss-cumberland", "uss-congress")) < min(others)  # up the roads
    virginia = setup.starts["css-virginia"].at  # coming down the Elizabeth River from Norfolk, past Craney Island
    assert inside_outline(virginia, named(setup.water, "Elizabeth River").outline)
    assert virginia[1] < named(setup.land, "Sewell's Point").outline[3][1]  # still south of Sewell's Point
    grounds = [e for e in setup.events if "Minnesota" in e.what and "aground" in e.what and "Middle Ground" in e.what]
    assert grounds  # Minnesota runs aground on the Middle Ground later: an event
    assert named(setup.water, "Middle Ground").depth_ft < draught(library, "uss-minnesota")
    channel = named(setup.water, "Newport News channel")  # Van Brunt: aground although in the channel, drawing 23 ft
    assert max(draught(library, u) for u in ("uss-cumberland", "uss-congress")) < channel.depth_ft
    assert channel.depth_ft < draught(library, "uss-minnesota")
    assert "uss-monitor" not in setup.starts  # she arrives that night: the second day's scenario


def test_hampton_roads_day_2_has_monitor_and_virginia_by_the_grounded_minnesota(library):
    setup = library.scenarios["hampton-roads-1862-day-2"].setup
    shoal = named(setup.water, "Middle Ground")
    minnesota, monitor = setup.starts["uss-minnesota"].at, setup.starts["uss-monitor"].at
    assert inside_outline(minnesota, shoal.outline) and shoal.depth_ft < draught(library, "uss-minnesota")  # aground on it
    assert yards(monitor, minnesota) < 600  # Monitor lay beside her at dawn
    assert draught(library, "uss-monitor") < shoal.depth_ft < draught(library, "css-virginia")  # Monitor may use
    virginia = setup.starts["css-virginia"].at  # the shoal, Virginia may not: she comes up the main channel
    assert inside_outline(virginia, named(setup.water, "Main channel").outline)
    assert named(setup.water, "Main channel").depth_ft >= draught(library, "css-virginia")
    assert yards(virginia, named(setup.land, "Sewell's Point").outline[0]) < 1500  # out from Sewell's Point
    assert any(r.name == "Minnesota aground" for r in setup.special_rules)


def _blocks(library, scenario_id, rules, paper):
    from conftest import setup_blocks_on

    return setup_blocks_on(library, scenario_id, rules, paper)


@pytest.mark.parametrize("scenario", MINE)
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_set_up_fits_one_page(library, scenario, rules, paper):
    from shipyard.pack.setup_page import style

    blocks, box = _blocks(library, scenario, rules, paper)
    gap = style()["page"]["gap"]
    assert sum(b.measure(box.w) for b in blocks) + gap * (len(blocks) - 1) <= box.h, (scenario, rules, paper)


def test_cherbourg_starts_the_ships_a_mile_apart_with_alabama_between_kearsarge_and_french_waters(library):
    setup = library.scenarios["cherbourg-1864"].setup
    kearsarge, alabama = setup.starts["uss-kearsarge"].at, setup.starts["css-alabama"].at
    assert 1800 <= yards(kearsarge, alabama) <= 2200  # the ships start about 2,000 yd apart
    french = named(setup.zones, "French waters (Alabama safe)")
    assert french.side == "Confederate" and max(y for _, y in french.outline) < alabama[1] < kearsarge[1]
    assert min(kearsarge[0], alabama[0]) > setup.area.width_yd / 2  # the east half: the current carries them west
    current = named(setup.special_rules, "The current")
    assert "west" in current.rule


def test_cherbourgs_notes_put_french_waters_where_the_plan_does(library):
    scenario = library.scenarios["cherbourg-1864"]
    union = next(s for s in scenario.sides if s.name == "Union")
    assert "south edge" in " ".join(union.victory.split()) and "north edge" not in scenario.notes  # north is up


def test_wassaw_sound_puts_the_bar_between_atlanta_and_the_monitors_deep_enough_only_for_them(library):
    setup = library.scenarios["wassaw-sound-1863"].setup
    atlanta, weehawken = setup.starts["css-atlanta"].at, setup.starts["uss-weehawken"].at
    channel, bar = named(setup.water, "Wilmington River channel"), named(setup.water, "The bar")
    assert inside_outline(atlanta, channel.outline) and inside_outline(weehawken, channel.outline)
    assert 2400 <= yards(atlanta, weehawken) <= 3200  # her first shot, at about a mile and a half
    assert atlanta[0] < weehawken[0] and atlanta[1] > weehawken[1]  # she comes down from the north-west
    middle = [sum(c) / len(bar.outline) for c in zip(*bar.outline)]
    assert atlanta[0] < middle[0] < weehawken[0]  # the bar lies across her way to them
    assert 400 <= yards(middle, weehawken) <= 1000  # she grounded about 600 yd from Weehawken
    assert draught(library, "uss-weehawken") < bar.depth_ft < draught(library, "css-atlanta") < channel.depth_ft
    assert setup.area.table.width_ft == 4 and setup.area.table.depth_ft == 3  # a small action


def _left_of(line, point) -> bool:
    """Whether a point lies to the left of a line walked from its first point to its last (for a line running east
    and north, the harbour side)."""
    (ax, ay), (bx, by) = line[0], line[-1]
    return (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0


def test_charleston_puts_the_line_below_sumter_and_the_obstruction_between_it_and_the_harbour(library):
    setup = library.scenarios["charleston-1863"].setup
    sumter, moultrie = setup.starts["fort-sumter"].at, setup.starts["fort-moultrie"].at
    assert 1700 <= yards(sumter, moultrie) <= 2200 and moultrie[0] > sumter[0]  # Moultrie east-north-east of Sumter
    rope = named(setup.obstructions, "Rope and cask obstruction").line
    assert yards(rope[0], sumter) < 300 and yards(rope[-1], moultrie) < 400  # from Sumter towards Moultrie
    line = ["uss-weehawken", "uss-passaic", "uss-montauk", "uss-patapsco", "uss-new-ironsides", "uss-catskill",
            "uss-nantucket", "uss-nahant", "uss-keokuk"]
    up_channel = [yards(setup.starts[u].at, sumter) for u in line]
    assert up_channel == sorted(up_channel)  # line ahead in the order of the day: Weehawken leads, Keokuk last
    channel = named(setup.water, "Main Ship Channel")
    assert all(inside_outline(setup.starts[u].at, channel.outline) for u in line)
    assert all(not _left_of(rope, setup.starts[u].at) for u in line)  # the fleet outside the obstruction
    for reserve in ("css-chicora", "css-palmetto-state"):
        assert _left_of(rope, setup.starts[reserve].at)  # the ironclads wait behind it
    field = named(setup.torpedo_fields, "Torpedoes behind the obstruction")
    assert all(_left_of(rope, p) for p in field.outline)  # torpedoes behind the rope, not in front
    shoals = [w.depth_ft for w in setup.water if w.kind == "shoal"]
    assert max(shoals) < draught(library, "uss-new-ironsides") < channel.depth_ft  # deep water only in the channel


def _bearing(a, b) -> float:
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


def test_drewrys_bluff_moors_galena_600_yd_below_the_battery_with_the_obstructions_between(library):
    setup = library.scenarios["drewrys-bluff-1862"].setup
    bluff, galena = setup.starts["drewrys-bluff"].at, setup.starts["uss-galena"].at
    assert setup.starts["uss-galena"].anchored and 500 <= yards(bluff, galena) <= 700  # moored about 600 yd below
    river = named(setup.water, "James River").outline
    hulks = named(setup.obstructions, "Sunken hulks and cribs").line
    assert all(p in river for p in hulks)  # the line runs bank to bank: no ship may pass it
    union = ["uss-galena", "uss-monitor", "usrc-naugatuck", "uss-aroostook", "uss-port-royal"]
    assert all(inside_outline(setup.starts[u].at, river) for u in union)
    assert not any(_left_of(hulks, setup.starts[u].at) for u in union)  # every Union ship below the obstructions
    assert _left_of(hulks, bluff) and not inside_outline(bluff, river)  # the battery above them (upstream), on the bank
    ironclads = max(yards(bluff, setup.starts[u].at) for u in ("uss-galena", "uss-monitor", "usrc-naugatuck"))
    assert min(yards(bluff, setup.starts[u].at) for u in ("uss-aroostook", "uss-port-royal")) > ironclads
    arc = setup.starts["drewrys-bluff"].arcs[0]  # its river face bears on Galena and down the reach
    for uid in ("uss-galena", "uss-port-royal"):
        assert arc.from_ <= _bearing(bluff, setup.starts[uid].at) <= arc.to, uid
