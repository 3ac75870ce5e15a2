"""render.kit: the record sheets' pieces, once each, and the style records the rule sets pick.

The rule sets' sheet modules say what goes on a sheet; their sizes are in their style.yaml, so the modules hold no
layout numbers (the code review's count of page coordinates and sizes)."""

import ast
from pathlib import Path

import pytest

import shipyard
from shipyard.render.kit import OrdersLog, column_widths, load_style
from shipyard.errors import ShipyardError
from shipyard.render.page import RenderError

PACKAGE = Path(shipyard.__file__).parent
RULES = PACKAGE / "rules"
LAYOUT_KEYWORDS = {"size", "gap", "box", "height", "width", "leading", "label_size", "sub_size", "min_box", "row_gap",
                   "max_label_share", "weights", "widths", "min_col", "label_share", "padding", "min_size"}
PORTED = ["saunders/sheet.py", "smoke_on_the_water/sheet.py", "quick_play/sheet.py", "really_simple/sheet.py",
          "saunders/roster.py", "smoke_on_the_water/roster.py", "quick_play/roster.py", "really_simple/roster.py",
          "saunders/reference.py", "smoke_on_the_water/reference.py", "quick_play/reference.py",
          "really_simple/reference.py"]


def layout_numbers(path: Path) -> list[str]:
    """Every number given to a layout keyword (size=7.5, weights=[0.6, 0.4]) in a module, as 'line: keyword=value'."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.keyword) and node.arg in LAYOUT_KEYWORDS:
            for n in ast.walk(node.value):
                if isinstance(n, ast.Constant) and type(n.value) in (int, float) and n.value not in (0, 1):
                    out.append(f"{n.lineno}: {node.arg}={n.value}")
    return out


@pytest.mark.parametrize("module", PORTED)
def test_a_ported_sheet_module_places_nothing_by_numbers(module):
    assert layout_numbers(RULES / module) == []


def test_the_pack_cover_places_nothing_by_numbers():
    """The cover is made of kit pieces (Line, Indent, Contents) sized by pack/cover.yaml."""
    assert layout_numbers(PACKAGE / "pack" / "cover.py") == []


@pytest.mark.parametrize("path", sorted(RULES.glob("*/style.yaml")) + [PACKAGE / "pack" / "cover.yaml"],
                         ids=lambda p: p.parent.name)
def test_every_style_record_loads_and_sets_no_type_under_6_pt(path):
    assert load_style(path).named


def test_a_style_record_with_type_under_6_pt_is_refused_naming_the_setting(tmp_path):
    bad = tmp_path / "style.yaml"
    bad.write_text("orders_log: {size: 5.5, gap: 3}\nguns: {label_size: 7}\n")
    with pytest.raises(RenderError, match=r"style.yaml: type under 6 pt.*orders_log.size = 5.5"):
        load_style(bad)


def test_a_style_record_giving_a_setting_twice_is_refused_with_its_line(tmp_path):
    """A style record is read as every shipyard file is: `size` given twice was silently the last one (PyYAML's
    safe_load), now refused with the file and line (and the parse is kept between runs, so a pack never starts PyYAML
    for its style records)."""
    bad = tmp_path / "style.yaml"
    bad.write_text("guns: {size: 7}\nlog:\n  size: 7\n  size: 8\n")
    with pytest.raises(ShipyardError, match=r"style.yaml:4: key 'size' appears twice"):
        load_style(bad)


def test_a_missing_style_record_is_an_error_naming_the_file(tmp_path):
    path = tmp_path / "style.yaml"
    path.write_text("guns: {size: 7}\n")
    with pytest.raises(RenderError, match="style.yaml: no style record 'log'"):
        load_style(path)["log"]


def test_column_widths_are_millimetres_shares_of_the_rest_and_the_boxes():
    assert column_widths([10, "25%", "75%", "boxes"], 100, boxes=10) == [10, 20, 60, 10]
    with pytest.raises(RenderError, match="millimetres, 'N%' or 'boxes'"):
        column_widths(["wide"], 100)


@pytest.mark.parametrize("turns", [1, 5, 12, 13, 30])
def test_the_orders_log_holds_every_turn_once_in_parts_that_leave_the_notes_writable(turns):
    log = OrdersLog(turns, ["Turn", "Speed", "Notes"], [8, 10, "100%"], min_fill=24, max_parts=3)
    part_w, tables = log.tables(190)
    assert [r[0] for t in tables for r in t.rows] == list(range(1, turns + 1))
    assert column_widths(log.widths, part_w)[-1] >= 24 or len(tables) == 1


class _Ink:
    """A page that keeps what is written on it (text and where), for the kit's pieces drawn without a PDF."""

    def __init__(self):
        self.texts, self.lines = [], []

    def text(self, x, y, s, **kw):
        self.texts.append((x, y, str(s)))

    def line(self, x0, y0, x1, y1, **kw):
        self.lines.append((x0, y0, x1, y1, kw.get("width")))

    def __getattr__(self, name):
        return lambda *a, **k: None


def test_gun_boxes_are_grouped_by_where_they_bear_and_numbered_down_the_table():
    """Guns listed bow, port, turret, starboard come out port, starboard, bow, turret; each line of boxes is led by
    its first gun's number, counting on from the row above; a heavier rule parts the groups."""
    from shipyard.render.kit import GunTable

    rows = [["bow chaser"], ["port battery"], ["turret"], ["starboard battery"]]
    table = GunTable(rows, header=["Gun"], boxes=[1, 12, 2, 12], bearings=["bow", "port", "turret", "starboard"],
                     box_col=-1, per_line=10, column_spec=["100%", "boxes"])
    assert [r[0] for r in table.rows] == ["port battery", "starboard battery", "bow chaser", "turret"]
    assert table.boxes == [12, 12, 1, 2]
    page = _Ink()
    table.draw(page, 0, 0, 120)
    numbers = [s for _, _, s in page.texts if s.isdigit()]
    assert numbers == ["1", "11", "13", "23", "25", "26"]  # 12 port (two lines), 12 starboard, the chaser, the turret
    assert len([ln for ln in page.lines if ln[4] == table.group_rule]) == 3


def test_the_orders_logs_rows_are_the_styles_pitch_or_at_least_min_row():
    """A style with no min_row keeps its pitch (Saunders' 10.075 pt = 3.55 mm); a style's min_row raises it (5 mm: room
    to write an order in pencil)."""
    from shipyard.rules.saunders.sheet import style

    today = OrdersLog(12, ["Turn", "Notes"], [8, "100%"], **{**style()["orders_log"], "min_row": 0.0})
    assert round(today.row_height(), 2) == 3.55
    roomy = OrdersLog(12, ["Turn", "Notes"], [8, "100%"], **{**style()["orders_log"], "min_row": 5.0})
    _, tables = roomy.tables(190)
    size, _, _, heights = tables[0].layout(190 / 3)
    assert roomy.row_height() == 5.0 and abs(size * tables[0].leading * 25.4 / 72 - 5.0) < 1e-9


class _Flow:
    """A flow with `left` mm left on its page, for the pieces that size themselves to the room."""

    def __init__(self, left, gap=4.0, width=190.0):
        self.gap, self._left = gap, left
        self.doc = type("Doc", (), {"content": type("Box", (), {"w": width})})()

    def room(self):
        return self._left


class _Table:  # a declared table as the kit sees one: its rows
    def __init__(self, rows):
        self.rows = rows


SEQUENCE = {"sequence_of_play": _Table([
    {"phase": "Half move", "does": "every ship moves half its speed", "fires": ""},
    {"phase": "Turn", "does": "ships turn", "fires": "ships that did not turn"},
    {"phase": "Reload", "does": "guns that fired reload", "fires": ""}]),
    "reconstructions": _Table([{"rule": "Fort firing", "reading": "a fort fires as a stationary firer", "option": ""},
                               {"rule": "Fire test", "reading": "a 6 on a d6", "option": "fire_test"}])}


def test_the_turn_strip_numbers_every_phase_in_order_and_says_who_fires_when():
    from shipyard.render.kit import turn_strip
    strip = turn_strip(SEQUENCE)
    assert strip.texts() == ["Turn: 1 Half move · 2 Turn ▸ fire: ships that did not turn · 3 Reload"]
    assert strip.size >= 6.0 and strip.measure(180) < strip.measure(40)  # wraps on a narrow page, set ≥ 6 pt


def test_the_turn_card_holds_each_phase_with_what_happens_and_who_may_fire():
    from shipyard.render.kit import turn_card
    card = turn_card(SEQUENCE)
    assert card.rows == [["1", "Half move", "every ship moves half its speed", "—"],
                         ["2", "Turn", "ships turn", "ships that did not turn"],
                         ["3", "Reload", "guns that fired reload", "—"]]


def test_the_readings_page_names_the_house_rule_option_where_there_are_two_readings():
    from shipyard.render.kit import readings_page
    table = readings_page(SEQUENCE)[-1]
    assert table.rows == [["Fort firing", "a fort fires as a stationary firer", "—"],
                          ["Fire test", "a 6 on a d6", "fire_test"]]


def test_a_phase_without_its_name_or_what_it_does_is_an_error_naming_the_table_and_row():
    from shipyard.render.kit import turn_card
    bad = {"sequence_of_play": _Table([{"phase": "Move", "does": "move", "fires": ""}, {"phase": "Fire", "fires": "all"}])}
    with pytest.raises(RenderError, match=r"sequence_of_play: row 2 has no does"):
        turn_card(bad)


def test_a_flowing_speed_track_runs_a_long_ladder_on_into_the_short_one_s_line():
    """Replay r16 (Saunders): Hartford's ladder of every half knot, 28 boxes, cannot take one line at a readable
    size. A flowing track sets all its rows on as many lines as it has rows, a later row's label inline after the
    boxes before it, every box inside the width and every marked box on the first line, under the marks' band."""
    from shipyard.render.kit import SpeedCell, SpeedRow, SpeedTrack, _flow_layout

    ahead = [SpeedCell(str(k / 2), "¾" if k == 20 else "", value=k / 2) for k in range(28)]
    track = SpeedTrack([SpeedRow("Ahead", ahead), SpeedRow("Astern", [SpeedCell(str(k)) for k in range(6)])],
                       cell=4.8, label_w=9.0, flow=True)
    width = 104.0
    cell = track.cell_w(width)
    places, labels, lines = _flow_layout(track, width, cell)
    assert lines == 2 and all(x + w <= width + 1e-6 for _, x, _, w, _ in places)
    assert all(line == 0 for _, _, line, _, c in places if c.mark) and cell <= 4.8
    assert labels[0] == ("Ahead", 0.0, 0) and labels[2][0] == "Astern" and labels[2][1] > 9.0 and labels[2][2] == 1
    # the ladder run on says so (replay r19: read as astern speeds; replay 29: "Ahead" again read as a second row)
    assert labels[1] == ("cont.", 0.0, 1)
    assert track.measure(width) == pytest.approx(track.mark_band + 2 * cell + track.row_gap + track.space_after)


class _Page:  # a page as CardGrid draws on one: a number
    def __init__(self, number):
        self.number = number


class _CardsDoc:
    """A document as CardGrid sees one: a content box 256.8 mm tall (a Really Simple A4 sheet page under its
    header), its pages, and the outline entry each card makes on the page it is drawn on."""

    def __init__(self, height=256.8 + 1.5):
        self.content = type("Box", (), {"x": 10.0, "y": 0.0, "w": 190.0, "h": height, "bottom": height})()
        self.page_of: dict[str, int] = {}
        self.pages = 0

    def new_page(self):
        self.pages += 1
        return _Page(self.pages)

    def bookmark(self, name, level=0, y=0.0):
        self.page_of[name] = self.pages


def _card(name, height):
    from shipyard.render.figures import Spacer
    return name, Spacer(height)


# the heights (mm) of Really Simple's Mobile Bay cards, in the roster's order: four monitors, seven sloops each with
# the gunboat lashed to her, the Confederate ships and forts (first fit put Kennebec a page before Monongahela)
MONITORS = [_card(n, 40.3) for n in ("Tecumseh", "Manhattan", "Winnebago", "Chickasaw")]
PAIRS = [(_card("Brooklyn", 55.9), _card("Octorara", 63.3)), (_card("Hartford", 58.0), _card("Metacomet", 64.2)),
         (_card("Richmond", 52.9), _card("Port Royal", 65.5)), (_card("Lackawanna", 69.7), _card("Seminole", 57.1)),
         (_card("Monongahela", 59.1), _card("Kennebec", 48.7)), (_card("Ossipee", 65.5), _card("Itasca", 61.3)),
         (_card("Oneida", 57.1), _card("Galena", 52.9))]
REST = [_card("Tennessee", 52.9), _card("Selma", 48.7), _card("Morgan", 48.7), _card("Gaines", 48.7),
        _card("Fort Morgan", 62.8), _card("Water battery", 45.9), _card("Fort Gaines", 54.2), _card("Fort Powell", 47.3)]


def _grid(doc):
    from shipyard.render.figures import Spacer
    from shipyard.render.kit import CardGrid
    return CardGrid(doc, Spacer(0.0), columns=2, gap=4.0, card_gap=3.0)


def test_a_card_grid_puts_cards_kept_together_on_one_page_in_no_more_pages():
    """Each lashed pair on the page of her sloop, and the cards on as few pages as first fit took without pairs."""
    from shipyard.render.kit import keep_together

    flat = _CardsDoc()
    _grid(flat).place(MONITORS + [card for pair in PAIRS for card in pair] + REST)
    assert flat.page_of["Kennebec"] != flat.page_of["Monongahela"]  # what first fit alone does
    doc = _CardsDoc()
    grid = _grid(doc)
    cards = keep_together([[m] for m in MONITORS] + [list(pair) for pair in PAIRS] + [[r] for r in REST])
    assert grid.count(cards) == flat.pages == 3
    grid.place(cards)
    assert doc.pages == 3
    assert [(a, b) for (a, _), (b, _) in PAIRS if doc.page_of[a] != doc.page_of[b]] == []


def test_cards_kept_together_go_side_by_side_or_one_under_the_other_in_their_order():
    """A sloop's card first, her consort's beside her (level with part of her) or right under her."""
    from shipyard.render.kit import Together

    grid = _grid(_CardsDoc())
    cards = MONITORS + [Together(pair) for pair in PAIRS] + REST
    pages = list(grid._pages(cards))
    at = {name: (page, col, y) for page, placed in enumerate(pages) for name, _, col, y in placed}
    for (a, card_a), (b, _) in PAIRS:
        (pa, ca, ya), (pb, cb, yb) = at[a], at[b]
        order = [name for placed in pages for name, *_ in placed]
        assert pa == pb and order.index(a) + 1 == order.index(b), (a, b)
        under = ca == cb and yb == pytest.approx(ya + card_a.measure(93.0) + 3.0)
        assert under or (ca < cb and yb < ya + card_a.measure(93.0)), (a, at[a], b, at[b])  # side by side: from the left


def test_cards_together_taller_than_a_page_go_one_after_another_from_a_fresh_page():
    from shipyard.render.kit import Together

    doc = _CardsDoc()
    _grid(doc).place([_card("Alone", 200.0), Together((_card("Big", 250.0), _card("Bigger", 250.0), _card("Biggest", 250.0)))])
    assert doc.page_of == {"Alone": 1, "Big": 2, "Bigger": 2, "Biggest": 3}


def test_card_rows_keep_a_pair_on_one_row_and_three_together_in_rows_kept_on_one_page():
    """Two to a row: a pair that would straddle two rows starts the next, the single card after it filling the slot;
    a ship with two consorts takes rows that are one block, which a flow does not split."""
    from shipyard.render.figures import Spacer
    from shipyard.render.containers import Columns, Stack
    from shipyard.render.kit import Together, card_rows

    def row(blocks):
        return Columns(blocks + [Stack([])] * (2 - len(blocks)), gap=1.6)

    a, b, c, d, e, f = (_card(n, 30.0) for n in "ABCDEF")
    rows = card_rows([a, Together((b, c)), d, Together((e, f))], 2, row, 1.6)
    assert [names for _, names in rows] == [["A", "D"], ["B", "C"], ["E", "F"]]
    rows = card_rows([a, b, Together((c, d, e)), f], 2, row, 1.6)
    assert [names for _, names in rows] == [["A", "B"], ["C", "D", "E", "F"]]
    assert rows[1][0].measure(190.0) == pytest.approx(30.0 * 2 + 1.6) and rows[1][0].split(190.0, 40.0)[0] is None
    assert [names for _, names in card_rows([a, b, c], 2, row, 1.6)] == [["A", "B"], ["C"]]  # without pairs: in order
