"""A scenario's set-up (issue 23): validated with file, line and field; drawn as a table plan at each rule set's ground
scale on the pack's set-up pages, every unit named, no label over another, the scale bar and the victory table."""

from __future__ import annotations

import pytest

from pathlib import Path

from console_script import shipyard
from shipyard.rules import get_ruleset
from conftest import pdf_page_texts, setup_blocks_on

SCENARIO = """\
id: bad-night
name: Bad night
place: Mobile Bay
date: '1864-08-05'
sides:
  - {name: Union, navy: USN, units: [{id: uss-hartford}, {id: uss-tecumseh}]}
  - {name: Confederate, navy: CSN, units: [{id: css-tennessee}, {id: fort-morgan}]}
setup:
  area: {width_yd: 4000, depth_yd: 3000}
  torpedo_fields:
    - {name: Line, outline: [[100, 100], [900, 100], [900, 300]], density: heavy}
  starts:
    uss-hartford: {at: [4500, 200], heading: 0}
    uss-tecumseh: {at: [3000, 200], arcs: [{from: 0, to: 90}]}
    fort-morgan: {at: [3500, 2500], arcs: [{from: 180, to: 300}, {from: 300, to: 30, count: 99}]}
  parts:
    - name: the approach
      area: {width_yd: 2000, depth_yd: 2000}
      starts:
        css-tennessee: {at: [2500, 100], heading: 0}
        uss-tecumseh: {zone: Narrows}
  victory:
    points:
      - {side: Union, unit: css-virginia, what: sunk, points: 10}
    levels:
      - {side: Union, at_least: 5, result: Union victory}
  windows:
    - rules: [smoke-on-the-water]
      at: [0, 0]
      width_yd: 1000
      depth_yd: 1000
      note: the approach
      starts:
        uss-hartford: {at: [1500, 100], heading: 0}
"""


@pytest.fixture(scope="module")
def errors(tmp_path_factory) -> list[str]:
    root = tmp_path_factory.mktemp("club")
    (root / "ships").mkdir()
    (root / "ships" / "bad-night.yaml").write_text(SCENARIO, encoding="utf-8")
    run = shipyard("validate", cwd=root)
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    return run.stderr.decode().splitlines()


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(SCENARIO.splitlines(), 1) if text in line)


@pytest.mark.parametrize("where, field, words", [
    ("uss-hartford:", "setup.starts.uss-hartford.at", "[4500, 200] is off the table: the area is 4000 × 3000 yd"),
    ("uss-tecumseh:", "setup.starts.uss-tecumseh.arcs", "'uss-tecumseh' is not a fort"),
    ("density: heavy", "setup.torpedo_fields[0].density", "no rule set reads a torpedo field of density 'heavy'"),
    ("css-virginia", "setup.victory.points[0].unit", "'css-virginia' is not in this scenario"),
    # a part (a table played first) is checked against its own table and zones
    ("css-tennessee: {at: [2500", "setup.parts[0].starts.css-tennessee.at",
     "[2500, 100] is off the table: the area is 2000 × 2000 yd"),
    ("zone: Narrows", "setup.parts[0].starts.uss-tecumseh.zone", "no zone 'Narrows' in the set-up (it has none)"),
    # a rule set's window of the ground (Smoke on the Water's Mobile Bay): its own starts lie on it
    ("uss-hartford: {at: [1500", "setup.windows[0].starts.uss-hartford.at", "[1500, 100] is off the window"),
])
def test_validate_refuses_a_bad_set_up_with_file_line_and_field(errors, where, field, words):
    want = f"error: ships/bad-night.yaml:{line_of(where)}: {field}: "
    assert any(e.startswith(want) and words in e for e in errors), (want, words, errors)


def test_the_density_error_says_which_words_a_rule_set_reads(errors):
    line = next(e for e in errors if "density 'heavy'" in e)
    assert "sparse, light, moderate, thick, dense" in line


def test_a_fort_with_arcs_and_a_good_victory_row_pass_but_not_more_guns_bearing_than_it_mounts(errors):
    assert [e for e in errors if "fort-morgan" in e] == [
        f"error: ships/bad-night.yaml:{line_of('fort-morgan:')}: setup.starts.fort-morgan.arcs[1].count: "
        "99 guns, but fort-morgan mounts 32"]


def test_mobile_bays_plan_draws_the_red_buoy_and_says_how_many_guns_bear_on_each_face(setup_pages):
    text = setup_pages["saunders"]
    assert "Red buoy" in text  # the gap's west edge, which three players could not find
    assert "170–330° 20 guns; 330–030° 8 guns" in " ".join(text.split())  # Fort Morgan's faces, no longer overlapping
    assert "040–150° 2 guns" in " ".join(text.split())  # Fort Gaines's two columbiads (OR)


RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]


@pytest.fixture(scope="module")
def setup_pages(bundled_packs):
    """The set-up pages' text of each rule set's Mobile Bay pack (A4): the pages between the cover and the rosters."""
    out = {}
    for rules in RULES:
        built = bundled_packs.get("mobile-bay-1864", rules)
        pages = pdf_page_texts(built.path)
        out[rules] = "\n".join(p for p in pages[1:4] if "Set-up" in p or "Where each unit starts" in p
                               or "Victory points" in p)
    return out


@pytest.mark.parametrize("rules", RULES)
def test_fort_morgans_points_are_for_her_own_sheet_not_a_water_battery_with_a_sheet_of_its_own(setup_pages, rules):
    """Replay r14 (Really Simple): "+4 for Fort Morgan: silenced", but the water battery had a card of its own and
    was still firing: must it be silenced too? Every rule set that plays the battery as a unit of its own says the
    points are the fort's own sheet's; Quick Play's Fort Morgan holds her water battery on one card (the article's
    order of battle), so there her own sheet is the whole of it."""
    text = " ".join(setup_pages[rules].split())
    assert "Fort Morgan: silenced (her own sheet)" in text
    assert ("Fort Morgan water battery" in text) == (rules != "quick-play")  # a unit of its own, or on her card


@pytest.mark.parametrize("rules", RULES)
def test_the_set_up_pages_name_every_unit_show_the_scale_bar_and_the_victory_table(setup_pages, library, rules):
    from shipyard.app import context

    text = setup_pages[rules]
    scenario = library.scenarios["mobile-bay-1864"]
    rs = get_ruleset(rules)
    ctx = context(rs, library, None, None, scenario=scenario)
    playing = [su.id for side in scenario.sides for su in side.units if rs.takes_part(su.id, ctx)]
    assert len(playing) >= 24  # Quick Play plays the article's 24 (no Fort Powell, the water battery with the fort)
    for uid in playing:
        assert library.units[uid].name in text, (rules, uid)
    assert "grid every" in text and "on the table" in text  # the scale bar's words
    assert "Victory points for" in text and "Victory level" in text and "+10" in text


def test_the_ground_is_fitted_to_the_table_and_says_how_much_smaller(setup_pages):
    assert "72 × 48 in on the table" in setup_pages["saunders"]  # 100 yd an inch: the 6 × 4 ft table exactly
    # 2 ft a mm: the whole entrance would be 11 m wide, so Smoke on the Water plays the channel alone (its window)
    assert "2.0 times smaller to fit a 4 × 6 ft table" in setup_pages["smoke-on-the-water"]


def _plan(library, rules: str, paper: str, scenario_id: str = "mobile-bay-1864"):
    """The plan as the pack draws it on this paper: fitted to what the page leaves."""
    from conftest import setup_blocks_on
    from shipyard.pack.setup_page import plan_of

    blocks, box = setup_blocks_on(library, scenario_id, rules, paper)
    return plan_of(blocks, box.w)


SCENARIOS = Path(__file__).resolve().parent.parent / "vessels" / "scenarios"
PLANNED = sorted(p.stem for p in SCENARIOS.glob("*.yaml") if "\nsetup:" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("scenario", PLANNED)
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_label_on_the_plan_covers_another_or_a_unit(library, scenario, rules, paper):
    _no_label_covers_another_or_a_unit(*_plan(library, rules, paper, scenario), scenario)


def _no_label_covers_another_or_a_unit(plan, width: float, where: str) -> None:
    labels = plan.labels(width)
    s = min(width / plan.width, plan.max_height / plan.depth)
    h = plan.depth * s
    r = plan.marker
    marks = [(m.x * s - r, h - m.y * s - r, m.x * s + r, h - m.y * s + r) for m in plan.markers]
    for i, (text, *a) in enumerate(labels):
        for text2, *b in labels[i + 1:]:
            assert not _overlaps(a, b), (where, text, text2)
        for mark in marks:
            assert not _overlaps(a, mark), (where, text)


def test_crowded_labels_search_one_grid_sorted_once_a_process(library, monkeypatch):
    """A label with no free place beside its marker searches a 1 mm grid round it, nearest first: each such label
    sorted the grid's 11,011 places again (~5 ms each; Mobile Bay's four set-up plans took 70 ms, 6 % of the pack).
    The grid is sorted once a process (a ground's name sorts only the few places within its ground's bounds); the
    labels land where they did (the packs are byte-identical)."""
    import builtins

    from shipyard.render import plan as plan_module

    plan, width = _plan(library, "sotw", "a4")
    sorts = []

    def counted(xs, **k):
        xs = list(xs)
        sorts.append(len(xs))
        return builtins.sorted(xs, **k)

    monkeypatch.setattr(plan_module, "sorted", counted, raising=False)
    plan_module._outwards.cache_clear()
    plan_module._PLACED.clear()
    for _ in range(3):
        plan._cache.clear()
        plan_module._PLACED.clear()
        placed = plan.labels(width)
    grid = len(plan_module._outwards())
    assert [n for n in sorts if n > grid // 4] == [grid] and len(placed) >= len(plan.markers), sorts
    _no_label_covers_another_or_a_unit(plan, width, "mobile-bay-1864")


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_mobile_bays_set_up_is_one_page(bundled_packs, rules, paper):
    built = bundled_packs.get("mobile-bay-1864", rules, paper)
    pages = pdf_page_texts(built.path)
    assert pages[1].startswith("Set-up") and "Victory points for" in pages[1]
    assert "Where" not in pages[2][:40] and "Union" != pages[2].split("\n")[0]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mobile_bay_label_is_nearer_its_own_unit_than_any_other(library, rules, paper):
    """Issue 22 (the Saunders replay, p2): "Oneida + Galena" and "Ossipee + Itasca" flanked one triangle and the lowest
    triangle had no label beside it, so which pair was which had to be guessed. Every unit's label now lies nearer its
    own marker than any other's, or where the plan is too crowded for that, a leader line runs from it to hers, on
    each rule set's Mobile Bay plan, A4 and Letter."""
    from shipyard.render.plan import box_distance

    plan, width = _plan(library, rules, paper)
    s = min(width / plan.width, plan.max_height / plan.depth)
    h = plan.depth * s
    centres = {m.label: (m.x * s, h - m.y * s) for m in plan.markers}
    leaders = {text: end for text, *end in plan.leaders(width)}
    for text, *box in plan.labels(width):
        if text not in centres:
            continue  # the ground's names
        mine = box_distance(box, centres[text])
        if all(mine < box_distance(box, c) for k, c in centres.items() if k != text):
            assert text not in leaders
            continue
        x0, y0, x1, y1 = leaders[text]  # from her label's edge to within a marker's breadth of her own
        assert box_distance(box, (x0, y0)) < 1e-6 and box_distance((x1, y1, x1, y1), centres[text]) < plan.marker * 1.2
    assert len(leaders) <= 3, (rules, paper, sorted(leaders))  # the placing puts nearly every label beside its own


def test_a_forts_sector_the_channels_edge_and_a_zones_edge_differ_in_dash_grey_and_width_and_the_key_says_so(library):
    """Issue 22 (the Quick Play replay, p2): at Fort Morgan the channel's edge, the set-up zone's and the fort's sector
    arc were all dashed lines of like grey and weight, hard to tell apart where they cross. Each now differs from the
    others in all three at once, and the plan's key names each as it is drawn."""
    from shipyard.pack.setup_page import plan_key
    from shipyard.render.plan import GROUND, SECTOR

    lines = {"channel": GROUND["channel"][1:], "zone": GROUND["zone"][1:], "sector": SECTOR}  # (grey, dash, width)
    for a, b in ((x, y) for x in lines for y in lines if x < y):
        assert all(p != q for p, q in zip(lines[a], lines[b])), (a, b)
    setup = library.scenarios["mobile-bay-1864"].setup
    key = plan_key(setup, setup.starts)
    for words in ("a dashed arc between: where it bears, not how far)", "Sectors black;", "channel edge in long grey "
                  "dashes", "set-up zones in a heavy pale dash-dot"):
        assert words in key


def _overlaps(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


def test_mobile_bay_lays_fort_morgan_east_of_the_channel_with_the_gap_under_it(library):
    setup = library.scenarios["mobile-bay-1864"].setup
    fort = setup.starts["fort-morgan"].at
    channel = next(w for w in setup.water if w.kind == "channel")
    field = setup.torpedo_fields[0]
    channel_x_at_fort = [x for x, y in channel.outline if abs(y - fort[1]) < 800]
    assert fort[0] > max(channel_x_at_fort)  # Fort Morgan on the east of the main channel
    east_end = max(x for x, _ in field.outline)
    assert east_end < fort[0] - 200  # the torpedo field west of it, a gap under the fort
    monitors = ["uss-tecumseh", "uss-manhattan", "uss-winnebago", "uss-chickasaw"]
    ahead = lambda uid: setup.starts[uid].at[1]  # noqa: E731 (north is up the channel)
    assert ahead("uss-tecumseh") == max(ahead(m) for m in monitors)  # Tecumseh leads the monitors
    assert min(setup.starts[m].at[0] for m in monitors) > max(setup.starts[w].at[0] for w in ["uss-brooklyn", "uss-hartford"])
    wooden = [u for u in setup.starts if u.startswith("uss-") and u not in monitors]
    assert ahead("uss-brooklyn") == max(ahead(w) for w in wooden)  # Brooklyn leads the wooden line
    for inside in ["css-tennessee", "css-selma", "css-morgan", "css-gaines"]:
        assert setup.starts[inside].at[1] > max(y for _, y in field.outline)  # inside the bay, past the torpedoes


def _part_plan(library, rules: str, paper: str, scenario_id: str, k: int):
    """A part's plan (a table played before the set-up's own) as the pack fits it to its page."""
    from shipyard.pack.setup_page import fitted, part_blocks
    from shipyard.pack.setup_page import plan_of

    _, box = setup_blocks_on(library, scenario_id, rules, paper)
    scenario = library.scenarios[scenario_id]
    units = {su.id: library.units[su.id] for s in scenario.sides for su in s.units}
    rs = get_ruleset(rules)
    blocks = fitted(part_blocks(scenario, scenario.setup.parts[k], rs, units, rs.native_scale), box.w, box.h)
    return plan_of(blocks, box.w)


def _parts_of(library) -> list[tuple[str, int]]:
    return [(sid, k) for sid in PLANNED for k, _ in enumerate(library.scenarios[sid].setup.parts)]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_label_on_a_parts_plan_covers_another_or_a_unit(library, rules, paper):
    parts = _parts_of(library)
    assert ("arkansas-run-1862", 0) in parts  # the Yazoo, played before the Mississippi
    for scenario_id, k in parts:
        _no_label_covers_another_or_a_unit(*_part_plan(library, rules, paper, scenario_id, k), scenario_id)


def test_the_arkansas_run_sets_up_the_yazoo_on_a_page_of_its_own_after_the_mississippi(tmp_path):
    from conftest import in_process

    leave_out = [arg for section in ("roster", "sheets", "templates", "counters", "reference")
                 for arg in ("--no", section)]
    run = in_process("pack", "arkansas-run-1862", "--rules", "saunders", "-o", tmp_path, "--jobs", "1", *leave_out)
    assert run.code == 0, run.err
    pages = pdf_page_texts(next(tmp_path.glob("*.pdf")))
    heads = [p.split("\n")[0] for p in pages]
    first = next(k for k, head in enumerate(heads) if head.startswith("Set-up: CSS Arkansas"))
    assert heads[first + 1].startswith("Set-up, part one, the Yazoo"), heads
    yazoo = pages[first + 1]
    for name in ("CSS Arkansas", "USS Tyler", "USS Carondelet", "USS Queen of the West", "West bank", "East bank"):
        assert name in yazoo, name
    assert "Hartford" not in yazoo  # only the units the part places: the fleets wait on the Mississippi
    assert "36 × 72 in" in yazoo  # its own table, 3 × 6 ft at 100 yd an inch
    assert "Play part one first, on its own plan (the next page)" in " ".join(pages[first].split())


@pytest.mark.parametrize("rules", RULES)
def test_mobile_bays_set_up_gives_the_torpedo_line_the_gap_piles_and_buoy_in_the_rule_sets_units(setup_pages, rules):
    """Issue 23: every rule set's set-up page gives the torpedo field's extent and the gap under the fort in its own
    units, from the bottom-left corner as the starts are, so a player lays it out with a tape (only Saunders' own
    special rule said it before): 100 yd an inch in Saunders, Really Simple and Quick Play; Smoke on the Water's
    centimetres on the window of the channel it plays, where the field runs off the table's edge."""
    text = " ".join(setup_pages[rules].split())
    unit = "cm" if rules == "smoke-on-the-water" else "in"
    said = {"in": "Torpedo line: x 30–59½, y 31½–34; west: the Line of piles to x 13½, then Dauphin Island; "
                  "east: gap x 59½–62½ to Mobile Point; Line of piles: 13½, 33 to 30, 33; Red buoy: 59½, 33",
            # Smoke on the Water plays the channel alone (its window): the field runs off the table's west edge
            "cm": "Torpedo line: x 0–71½, y 124–142½; west: runs off the table; east: gap x 71½–94 to Mobile Point; "
                  "Red buoy: 71½, 133"}[unit]  # then the end, or the shoals where they are said here
    assert f"On the table ({unit} from the bottom-left corner): {said}" in text


@pytest.mark.parametrize("scenario", PLANNED)
@pytest.mark.parametrize("rules", RULES)
def test_every_torpedo_field_obstruction_and_buoy_is_placed_in_numbers_on_the_set_up_page(library, scenario, rules):
    """Each field's extent (a rectangle's sides, else its corners: Charleston's lies askew behind the rope), each
    obstruction's ends and each buoy, in the table units the starts table uses (its Fit, from the table's corner), as
    much of each as lies on the table the plan draws (its clipped outline: a window's table shows part of the
    ground), for every bundled scenario and rule set."""
    from shipyard.pack.setup_page import clipped, fit
    from shipyard.render.text import number

    blocks, _ = setup_blocks_on(library, scenario, rules, "a4")
    text = " ".join(" ".join(t for b in blocks for t in b.texts()).split())
    setup = library.scenarios[scenario].setup
    f = fit(setup, get_ruleset(rules), get_ruleset(rules).native_scale)
    at = lambda v: number(round(v * 2) / 2)  # noqa: E731  (to the half unit, as the starts are)
    on = lambda p: 0 <= p[0] <= f.width and 0 <= p[1] <= f.depth  # noqa: E731
    for t in setup.torpedo_fields:
        outline = clipped([f.table_point(p) for p in t.outline], f.width, f.depth)
        if len(outline) < 3:
            assert t.name not in text.split("On the table", 1)[-1], (scenario, t.name)  # off this table
            continue
        xs, ys = [round(p[0], 6) for p in outline], [round(p[1], 6) for p in outline]
        square = len(outline) == 4 and len(set(xs)) == 2 and len(set(ys)) == 2  # a rectangle: its sides; else corners
        said = (f"x {at(min(xs))}–{at(max(xs))}, y {at(min(ys))}–{at(max(ys))}" if square
                else "corners " + "; ".join(f"{at(x)}, {at(y)}" for x, y in outline))
        assert f"{t.name}: {said}" in text, (scenario, t.name)
    for o in setup.obstructions:
        line = [f.table_point(p) for p in o.line]
        if all(on(p) for p in line):
            assert f"{o.name}: " + " to ".join(f"{at(x)}, {at(y)}" for x, y in line) in text, (scenario, o.name)
    for m in setup.marks:
        x, y = f.table_point(m.at)
        if on((x, y)):
            assert f"{m.name}: {at(x)}, {at(y)}" in text, (scenario, m.name)


@pytest.mark.parametrize("scenario", PLANNED)
def test_every_shoal_and_bar_on_the_table_is_given_in_numbers_beside_its_depth(library, scenario):
    """A ship that draws more than a shoal's depth grounds on it, so the set-up page gives each shoal and bar that lies
    on the table in the starts' table units beside its depth (its corners, as much of it as the table shows): the
    replay r12 player scaled Mobile Bay's Middle Ground shoals off the plan to see whether Hartford's pass to port ran
    aground. A channel is deep water: drawn, not said."""
    from shipyard.pack.setup_page import clipped, fit
    from shipyard.render.text import number

    at = lambda v: number(round(v * 2) / 2)  # noqa: E731
    for rules in RULES:
        blocks, _ = setup_blocks_on(library, scenario, rules, "a4")
        text = " ".join(" ".join(t for b in blocks for t in b.texts()).split())
        setup = library.scenarios[scenario].setup
        f = fit(setup, get_ruleset(rules), get_ruleset(rules).native_scale)
        for w in setup.water:
            outline = clipped([f.table_point(p) for p in w.outline], f.width, f.depth)
            if w.kind == "channel" or len(outline) < 3:
                assert f"{w.name}: {w.depth_ft:g} ft, " not in text and f"{w.name} ({w.depth_ft:g}" not in text
                continue
            xs, ys = [round(p[0], 6) for p in outline], [round(p[1], 6) for p in outline]
            square = len(outline) == 4 and len(set(xs)) == 2 and len(set(ys)) == 2
            said = (f"x {at(min(xs))}–{at(max(xs))}, y {at(min(ys))}–{at(max(ys))}" if square
                    else "corners " + "; ".join(f"{at(x)}, {at(y)}" for x, y in outline))
            # beside its depth, or among what is placed on the table: whichever keeps the set-up on its page
            beside = f"{w.name}: {w.depth_ft:g} ft, {said}" in text and f"Depths ({f.unit} from the bottom-left" in text
            placed = f"{w.name} ({w.depth_ft:g} ft): {said}" in text.split("On the table", 1)[-1]
            assert beside or placed, (scenario, rules, w.name)
    if scenario == "mobile-bay-1864":  # the replay's own figures, in inches and in Smoke on the Water's window
        quick = " ".join(" ".join(t for b in setup_blocks_on(library, scenario, "quick-play", "a4")[0]
                                  for t in b.texts()).split())
        assert "Middle Ground shoals" in quick and "corners 15, 12; 52, 12; 55½, 28; 52½, 34; 15, 34" in quick


def test_trents_reach_gives_the_gap_by_the_north_bank_of_a_field_laid_across_the_river(library):
    """A field laid south to north (across the James) has its ends at the banks: the obstructions run the whole
    field, reach the south bank and leave the gap along the north bank (Mitchell; the scenario's note)."""
    blocks, _ = setup_blocks_on(library, "trents-reach-1865", "saunders", "a4")
    text = " ".join(" ".join(t for b in blocks for t in b.texts()).split())
    assert ("Torpedoes at the obstructions: x 54–56, y 14–20½; south: the obstructions to y 14, then Bermuda "
            "Hundred bluffs; north: the obstructions to y 20½, then gap y 20½–22 to Farrar's Island and "
            "Varina") in text


def test_an_obstruction_says_where_its_gap_to_the_shore_is_and_a_field_askew_gives_its_corners(library):
    """New Orleans' hulks and chains leave the gap by the east bank (the scenario's special rule); Charleston's rope
    runs from off Sumter to Sullivan's Island with the torpedoes askew behind it."""
    def said(scenario):
        blocks, _ = setup_blocks_on(library, scenario, "quick-play", "a4")
        return " ".join(" ".join(t for b in blocks for t in b.texts()).split())

    assert "Hulks and chains: 14, 33½ to 19½, 34; west: at West bank; east: gap x 19½–22½ to East bank" \
        in said("new-orleans-1862")
    charleston = said("charleston-1863")
    assert ("Torpedoes behind the obstruction: corners 37, 32½; 49½, 39½; 47½, 41½; 36, 34½; west: gap "
            "x 14½–36 to James Island; east: the Rope and cask obstruction to x 51, then Sullivan's Island") in charleston
    assert "Rope and cask obstruction: 37½, 31 to 51, 38½; west: gap x 12½–37½ to James Island; east: at Sullivan's " \
        "Island" in charleston


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_torpedo_field_s_name_is_set_clear_of_its_crosses(library, rules, paper):
    """Replay 24 (the Saunders replay, p2 at 110 dpi): "Torpedo line" was set on the field, among its crosses, and read
    as overprinted by them. A torpedo field's name now sits just clear of the field's outline, beside it (within
    BESIDE_GROUND), on each rule set's Mobile Bay plan, A4 and Letter; where the plan has no free place beside it
    (Smoke on the Water's Letter plan, at 1/600 the most crowded there) it stays on the field, as before, rather than
    go off to where it would name nothing."""
    from shipyard.render import plan as drawn
    from shipyard.render.plan import box_distance

    beside = getattr(drawn, "BESIDE_GROUND", 3.0)  # mm (before it was named, no name was set beside its field)
    plan, width = _plan(library, rules, paper)
    s = min(width / plan.width, plan.max_height / plan.depth)
    h = plan.depth * s
    fields = [f for f in plan.shapes if f.kind == "torpedo" and f.name]
    assert fields
    labels = {text: box for text, *box in plan.labels(width)}
    for f in fields:
        xs, ys = [p[0] * s for p in f.points], [h - p[1] * s for p in f.points]
        field = (min(xs), min(ys), max(xs), max(ys))
        x0, y0, x1, y1 = labels[f.name]
        clear = x1 <= field[0] or x0 >= field[2] or y1 <= field[1] or y0 >= field[3]
        assert clear != ((rules, paper) == ("smoke-on-the-water", "letter")), (f.name, (x0, y0, x1, y1))
        assert box_distance(field, ((x0 + x1) / 2, (y0 + y1) / 2)) <= beside  # beside it, naming it
