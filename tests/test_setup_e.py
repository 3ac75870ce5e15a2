"""Issue 22's shared set-up page and plan, as the replays r19 found it: labels stacked so close they read as one, the
starts table's wrapped lines, the channel edge placed in numbers, Tennessee's start heading."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]
SCENARIOS = Path(__file__).resolve().parent.parent / "vessels" / "scenarios"
PLANNED = sorted(p.stem for p in SCENARIOS.glob("*.yaml") if "\nsetup:" in p.read_text(encoding="utf-8"))


_LAID: dict = {}


def played_setup(library, scenario_id: str, rules: str, paper: str):
    """A set-up page's blocks as the pack lays them out, with only the units that take part under the rule set (its
    own order of battle, as draw_setup places them), and the page's content box: laid out once a module for the
    tests that read it (read-only)."""
    key = (id(library), scenario_id, rules, paper)
    if key not in _LAID:
        _LAID[key] = _played_setup(library, scenario_id, rules, paper)
    return _LAID[key]


def _played_setup(library, scenario_id: str, rules: str, paper: str):
    from shipyard.app import context
    from shipyard.pack.setup_page import fitted, played, setup_blocks
    from shipyard.render import Document
    from shipyard.rules import get_ruleset

    rs = get_ruleset(rules)
    scenario = library.scenarios[scenario_id]
    ctx = context(rs, library, scenario=scenario)
    scenario = played(scenario, rs, ctx)
    units = {su.id: library.units[su.id] for s in scenario.sides for su in s.units if su.id in library.units}
    with Document(Path(tempfile.mkdtemp()) / "x.pdf", paper=paper, title="x", footer="x") as doc:
        box = doc.content
        doc.new_page()
    return fitted(setup_blocks(scenario, rs, units, rs.native_scale, scenario.turns or 12, box.w), box.w, box.h), box


def played_plan(library, scenario_id: str, rules: str, paper: str):
    from shipyard.pack.setup_page import plan_of

    blocks, box = played_setup(library, scenario_id, rules, paper)
    return plan_of(blocks, box.w)


# Two labels read as two where they stand this far apart, across or up (mm): stacked, a 6 pt label's box and this
# make 2.7 mm a line, more than a paragraph's 1.25 leading. Closer, one sits on the other (r19, Quick Play Letter
# p2: "CSS Selma" 0.3 mm above "Torpedo line", on the field's edge, read as one name over the other). At 0.6 the last
# pair of the Saunders Letter column found no room beside her and went 28 mm off, over the column's head.
APART = (1.2, 0.5)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("scenario", PLANNED)
def test_no_two_labels_on_a_plan_sit_on_one_another(library, scenario, rules, paper):
    """Replay r19 (Quick Play, p2): "CSS Selma" overprinted "Torpedo line". Every plan's labels, the units' and the
    ground's, as placed for the page (block list), lie at least a line's leading apart up or across, on every bundled
    scenario's plan in every rule set, Letter and A4."""
    plan, width = played_plan(library, scenario, rules, paper)
    labels = plan.labels(width)
    assert len(labels) >= len(plan.markers)
    for i, (text, *a) in enumerate(labels):
        for text2, *b in labels[i + 1:]:
            across = max(a[0] - b[2], b[0] - a[2])
            up = max(a[1] - b[3], b[1] - a[3])
            assert across >= APART[0] - 1e-6 or up >= APART[1] - 1e-6, (text, text2, round(across, 2), round(up, 2))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("scenario", PLANNED)
def test_no_label_runs_into_a_grid_figure(library, scenario, rules, paper):
    """Replays r21 and r22 (Mobile Bay p2): "Dauphin Island" was set hard against the grid's "36", read as one word
    "36Dauphin Island". Every label stands clear of every figure along the plan's edges, as far as two labels do."""
    plan, width = played_plan(library, scenario, rules, paper)
    s = plan._scale(width)
    figures = plan._grid_number_boxes(s, plan.depth * s)
    for text, *a in plan.labels(width):
        for b in figures:
            across = max(a[0] - b[2], b[0] - a[2])
            up = max(a[1] - b[3], b[1] - a[3])
            assert across >= 1.2 - 1e-6 or up >= -1e-6, (text, [round(v, 1) for v in b], round(across, 2))


def _starts_tables(blocks, width: float):
    """Each side's starts table among a set-up page's blocks, with the width it is laid out in."""
    from shipyard.render.containers import Columns, Stack
    from shipyard.render.table_block import Table

    for b in blocks:
        if isinstance(b, Table) and b.header and str(b.header[1]).startswith("Start ("):
            yield b, width
        elif isinstance(b, Columns):
            for child, child_width in zip(b.children, b._widths(width)):
                yield from _starts_tables([child], child_width)
        elif isinstance(b, Stack):
            yield from _starts_tables(b.children, width)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("scenario", PLANNED)
def test_each_start_and_heading_keeps_one_line_and_a_forts_front_is_never_split(library, scenario, rules, paper):
    """Replay r19 (Smoke on the Water, p2): the Confederate starts wrapped ("37½, / 176½") and Fort Morgan's two fronts
    ran over three lines ("bears / 170–330° 20 guns; / 330–030° 8 guns") in columns of fixed shares. The columns are
    now as wide as their content: a start and a heading are one line, a name keeps its line, and a fort's sector with
    its guns is never split; where the fronts need more than the table's width, one front a line."""
    import re

    blocks, box = played_setup(library, scenario, rules, paper)
    tables = list(_starts_tables(blocks, box.w))
    assert tables
    for table, width in tables:
        size, widths, cells, heights = table.layout(width)
        for row in cells[1:]:
            name, start, heading, how = (row + [[]] * 4)[:4]
            assert len(start) <= 1 and len(heading) <= 1, (name, start, heading)
            assert len(name) <= 1, name
            fronts = re.findall(r"\d{3}–\d{3}°(?:\s\d+\sguns?)?", " ".join(how))
            for front in fronts:
                assert any(front in " ".join(line.split()) for line in
                           (" ".join(x.split()) for x in how)), (name, front, how)
            if len(how) > 1 and fronts:
                assert len(how) <= len(fronts), (name, how)  # one front a line, at most


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
def test_mobile_bays_confederate_starts_are_one_line_each_and_fort_morgans_fronts_one_line_a_front(library, rules,
                                                                                                  paper):
    """The replay's own rows, read back from the table as laid out: each Confederate ship's start on one line; Fort
    Morgan's channel and bay fronts each whole on a line of their own (the column has no room for both: her
    water battery's name and the start and heading take the rest)."""
    blocks, box = played_setup(library, "mobile-bay-1864", rules, paper)
    (table, width), = [(t, w) for t, w in _starts_tables(blocks, box.w) if t.header[0] == "Confederate"]
    size, widths, cells, heights = table.layout(width)
    rows = {" ".join(row[0]): row for row in cells[1:]}
    for ship in ("CSS Tennessee", "CSS Selma", "CSS Morgan", "CSS Gaines"):
        assert all(len(cell) <= 1 for cell in rows[ship]), rows[ship]
    how = [" ".join(line.split()) for line in rows["Fort Morgan"][3]]
    assert how[0].startswith("bears 170–330°") and how[-1].endswith("330–030°" + (" 8 guns" if "guns" in how[0] else ""))
    assert len(how) <= 2, how


def _texts(blocks) -> str:
    return " ".join(" ".join(str(t) for t in b.texts()) for b in blocks)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("scenario", [s for s in PLANNED if "kind: channel" in (SCENARIOS / f"{s}.yaml").read_text()])
def test_every_channel_edge_the_plan_draws_is_placed_in_numbers(library, scenario, rules, paper):
    """Replay r19 (every rule set, p2): the channel's edge (24 ft inside; outside, shoal or deep water) was drawn and
    keyed on the plan, but "On the table" gave no number for it, so a player could not lay it out. Each channel the
    plan draws is now given there, corner by corner in the table's units from the bottom-left corner, as the torpedo
    field and the buoy are: the very corners the plan draws (to the half unit the starts are given to)."""
    import re

    from shipyard.pack.setup_page import clipped, plan_of

    blocks, box = played_setup(library, scenario, rules, paper)
    plan, _ = plan_of(blocks, box.w)
    text = " ".join(_texts(blocks).split())
    assert "On the table (" in text
    channels = [s for s in plan.shapes if s.kind == "channel"]
    assert channels
    half = lambda v: float(v.replace("½", ".5")) if v != "½" else 0.5  # noqa: E731
    for shape in channels:
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        box = re.search(re.escape(f"{shape.name}'s edge: ") + r"x ([\d½]+)–([\d½]+), y ([\d½]+)–([\d½]+)", text)
        if box:  # a rectangle: its sides
            said = [half(v) for v in box.groups()]
            assert all(abs(a - b) <= 0.25 + 1e-6 for a, b in zip(said, (min(xs), max(xs), min(ys), max(ys)))), \
                (shape.name, said)
            continue
        said = re.search(re.escape(f"{shape.name}'s edge: corners ") + r"([\d½, ;]+\d½?)", text)
        assert said, (shape.name, text[text.index("On the table"):][:400])
        corners = [tuple(half(v.strip()) for v in pair.split(",")) for pair in said.group(1).split(";")]
        drawn = clipped(list(shape.points), plan.width, plan.depth)  # what of it lies on the table
        assert len(corners) == len(drawn), (shape.name, corners, drawn)
        for x, y in corners:  # each corner said is one the plan draws (the outline may start at another)
            assert min(max(abs(x - px), abs(y - py)) for px, py in drawn) <= 0.25 + 1e-6, (shape.name, (x, y), drawn)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mobile_bays_channel_edge_is_given_beside_the_torpedo_line_on_the_printed_page(bundled_packs, paper):
    """The Quick Play pack's own page 2, read back from the PDF: Main Ship Channel's edge among the numbers under On
    the table, its first corner on the south edge of the table."""
    from conftest import pdf_page_texts

    page = " ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "quick-play", paper).path)[1].split())
    on_table = page[page.index("On the table (in from the bottom-left corner)"):]
    assert "Main Ship Channel's edge: corners 53, 0; 62, 0;" in on_table


def test_tennessee_waits_bow_down_the_channel_with_a_port_bearing_on_the_column_in_turn_1(library):
    """Replay r19 (Saunders, p2): Tennessee's 190° pointed past every Union ship (all 167-181° from her), so none of
    her 10° ports bore and she could not fire in turn 1, when no ship turns. She lay across the channel just within
    the torpedo line to rake the line as it came up (Mahan): her start heading now points down the channel at the
    column, so that, from the sheet's own ports (Saunders' derived arcs) and each Union ship's start and turn-1 move
    at the binding's speed and heading, a port of hers bears on a Union ship within her gun's reach."""
    import math

    from shipyard.pack.setup_page import fit
    from shipyard.rules import get_ruleset
    from shipyard.rules.saunders.derive import parse_arc

    rs = get_ruleset("saunders")
    scenario = library.scenarios["mobile-bay-1864"]
    f = fit(scenario.setup, rs, rs.native_scale)
    starts = f.starts(scenario.setup)
    tennessee = starts["css-tennessee"]
    assert tennessee.speed_kn == 0
    here = f.table_point(tennessee.at)
    guns = rs.derive(library.units["css-tennessee"], rs.context(library)).values["guns"]

    def places(start):  # where a Union ship may be fired on in turn 1: her start and the end of her move
        x, y = f.table_point(start.at)
        t = math.radians(start.heading)
        move = start.speed_kn  # Saunders: 1 kn = 1 in a turn
        return [(x, y), (x + move * math.sin(t), y + move * math.cos(t))]

    bearing = []
    for uid, start in starts.items():
        if not uid.startswith("uss-") or start.at is None:
            continue
        for x, y in places(start):
            to = math.degrees(math.atan2(x - here[0], y - here[1])) % 360
            reach = math.hypot(x - here[0], y - here[1])
            for gun in guns:
                for arc in gun["arcs"]:
                    _, centre, width = parse_arc(arc)
                    off = abs((to - (tennessee.heading + centre) + 180) % 360 - 180)
                    if off <= width / 2 and reach <= gun["ranges_in"]["long"]:
                        bearing.append((uid, gun["name"], arc))
    assert bearing, "no port of Tennessee's bears on a Union ship in turn 1"
    assert any(u in ("uss-brooklyn", "uss-hartford") for u, *_ in bearing), bearing  # the head of the wooden line


def test_tennessees_start_heading_is_said_in_the_scenarios_sources(library):
    """Her start heading is a reading of the history: the scenario's sources say whose."""
    sources = library.scenarios["mobile-bay-1864"].sources
    assert any("Tennessee" in (s.covers or "") and "heading" in (s.covers or "") for s in sources)


def _event_tables(blocks):
    from shipyard.render.containers import Columns, Stack
    from shipyard.render.table_block import Table

    for b in blocks:
        if isinstance(b, Table) and b.header and list(b.header)[1:] == ["Event"]:
            yield b
        elif isinstance(b, (Columns, Stack)):
            yield from _event_tables(b.children)


@pytest.mark.parametrize("rules", RULES)
def test_a_turn_with_several_events_is_named_once_over_them_in_turn_order(library, rules):
    """Replay r27 (Saunders, Really Simple): "Turn 1" printed on two and three rows of the events table read as a
    misprint; each turn heads its events once, and the turns run in order."""
    blocks, _ = played_setup(library, "mobile-bay-1864", rules, "a4")
    table, = list(_event_tables(blocks))
    turns = [str(row[0]) for row in table.rows]
    named = [t for t in turns if t]
    assert turns[0] and len(named) == len(set(named)), turns
    assert [int(t) for t in named] == sorted(int(t) for t in named), turns
    assert len(named) < len(table.rows) or len(table.rows) == 1, (rules, turns)
