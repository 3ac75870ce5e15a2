"""The layout blocks: measuring, wrapping, splitting and flowing, tested on the blocks and on a few real pages."""

from __future__ import annotations

import pdfplumber
import pytest
from conftest import pdf_page_texts

from shipyard.render import Document
from shipyard.render.tracks import Checkboxes, Track, Tracks
from shipyard.render.containers import Columns, Panel, Stack
from shipyard.render.flow import Flow
from shipyard.render.text_blocks import Heading, Legend, Note, Runs, Text, Title
from shipyard.render.figures import StatBoxes, StatPanel
from shipyard.render.table_block import Table
from shipyard.render.measure import text_width
from shipyard.render.tags import walk

LONG = "Fort Powell's battery of one 8-in Brooke rifle, two 7-in Brooke rifles and three 32-pdr smoothbores"


def test_table_keeps_one_size_and_never_goes_below_6pt():
    rows = [["Supercalifragilisticexpialidocious-rifle", "x"], ["short", LONG]]
    t = Table(rows, header=["Gun", "Note"])
    size, widths, cells, heights = t.layout(40)
    assert size == 6.0  # the unbreakable word forced the size down to the floor, not below
    assert abs(sum(widths) - 40) < 1e-6
    assert heights[2] > 1  # the long note wrapped
    with pytest.raises(Exception):
        Table(rows, min_size=5)


def test_table_uses_its_full_size_when_words_fit():
    t = Table([["11-in Dahlgren", "2", "MSB"]], header=["Gun", "No.", "Code"])
    assert t.layout(120)[0] == 7.5


def test_table_splits_between_rows_and_repeats_its_header():
    rows = [[f"gun {i}", i] for i in range(60)]
    t = Table(rows, header=["Gun", "No."], title="Battery")
    whole = t.measure(100)
    head, rest = t.split(100, whole / 2)
    assert head is not None and rest is not None
    assert len(head.rows) + len(rest.rows) == 60
    assert head.measure(100) <= whole / 2 + 1e-6
    assert rest.header == ["Gun", "No."] and "continued" in rest.title


def test_text_wraps_and_measures_more_lines_when_narrow():
    t = Text(LONG, size=8)
    assert t.measure(40) > t.measure(200)


def test_tracks_share_a_label_column_so_no_label_reaches_a_box():
    tracks = Tracks([Track("Wheel starboard (WDP)", 6), Track("Hull", 24, marks={12: "½", 18: "¼"})])
    lw = tracks._label_w(90)
    assert lw >= text_width("starboard", 7.0, "bold", "condensed")
    assert tracks.per_row(90) % 5 == 0 and tracks.per_row(90) >= 10


def test_statboxes_wrap_to_more_rows_when_narrow():
    items = [(f"Stat {i}", i) for i in range(8)]
    assert StatBoxes(items).measure(40) > StatBoxes(items).measure(200)


def test_stack_splits_between_children_and_walk_finds_every_block():
    s = Stack([Heading("A"), Table([[i] for i in range(80)]), Note("end")])
    head, rest = s.split(100, 60)
    assert head is not None and rest is not None
    kinds = [type(b).__name__ for b in walk(Stack([Panel(Columns([Legend([("M", "medium")]), Checkboxes(["Fire"])]))]))]
    assert kinds == ["Stack", "Panel", "Columns", "Legend", "Checkboxes"]


def _unit(name: str, rows: int) -> Stack:
    return Stack([Title(name, "a test unit"), StatPanel([("Speed", "9 kn"), ("Hull", 12)], columns=2),
                  Table([[f"gun {i}", "MSB"] for i in range(rows)], header=["Gun", "Code"]),
                  Tracks([Track("Hull", 12, marks={6: "½"})]), Checkboxes([("Fire", 3), "Rudder jammed"])])


def test_flow_puts_two_units_on_a_page_and_bookmarks_each(tmp_path):
    out = tmp_path / "flow.pdf"
    with Document(out, paper="a4", footer="test") as doc:
        flow = Flow(doc)
        for n in ("Alpha", "Bravo", "Charlie"):
            flow.add(_unit(n, 8), bookmark=n)
        long = _unit("Delta", 200)  # longer than a page: its table splits
        flow.add(long, bookmark="Delta")
    texts = pdf_page_texts(out)
    with pdfplumber.open(out) as pdf:
        sizes = {round(c["size"], 1) for p in pdf.pages for c in p.chars}
    assert "Alpha" in texts[0] and "Bravo" in texts[0]  # two units share the first page
    assert len(texts) >= 3 and "gun 199" in texts[-1]
    assert min(sizes) >= 6.0
    assert not any("…" in t for t in texts)


def test_calibration_bar_only_on_true_scale_pages(tmp_path):
    out = tmp_path / "ts.pdf"
    with Document(out, paper="a4", footer="test") as doc:
        doc.new_page().text(20, 20, "sheet")
        with doc.true_scale_pages():
            doc.new_page().text(20, 20, "template")
        doc.new_page().text(20, 20, "counters")
    bars = ["this bar must measure 100 mm" in " ".join(t.split()) for t in pdf_page_texts(out)]
    footers = ["true scale" in " ".join(t.split()) for t in pdf_page_texts(out)]
    assert bars == [False, True, False]
    assert footers == [False, True, False]


def test_fit_text_never_cuts_with_an_ellipsis(tmp_path):
    out = tmp_path / "fit.pdf"
    with Document(out, paper="a4") as doc:
        page = doc.new_page()
        page.fit_text(20, 20, "CSS Tennessee · ironclad ram · CSN · Admiral Buchanan", 20, size=9, min_size=5)
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
        right = max(c["x1"] for c in pdf.pages[0].chars)
    assert "…" not in text and "Buchanan" in text
    assert right <= (20 + 20) * 72 / 25.4 + 0.5  # squeezed into its width, not spilled


def test_the_same_table_on_two_sheets_is_laid_out_once_and_another_table_is_not_taken_for_it():
    rows = [["Hull", "12 boxes, strike one per point"], ["Flotation", "8"]]
    first, second = Table(rows, header=["Track", "Boxes"]), Table([list(r) for r in rows], header=["Track", "Boxes"])
    assert second.layout(80) is first.layout(80)  # laid out once, shared
    other = Table([["Hull", "12 boxes, strike one per point"], ["Flotation", "9"]], header=["Track", "Boxes"])
    assert other.layout(80) is not first.layout(80) and other.layout(80)[2][2][1] == ["9"]
    narrow = second.layout(30)
    assert narrow is not first.layout(80) and sum(narrow[3]) > sum(first.layout(80)[3])  # per width: it wraps more
    bold = Table([list(r) for r in rows], header=["Track", "Boxes"], bold_first_col=True)
    assert bold.layout(80) is not first.layout(80)


def test_a_legend_wraps_once_per_width_and_the_same_legend_elsewhere_shares_it():
    items = [("MSB", "medium smoothbore"), ("HR", "heavy rifle"), ("X", "destroyed: strike the gun's box through")]
    one, two = Legend(items, size=6.5), Legend(list(items), size=6.5)
    assert one._runs() is one._runs()
    assert two._runs()._lines(40) is one._runs()._lines(40)
    assert one.measure(40) > one.measure(400)
    assert Legend(items, size=7.5)._runs()._lines(40) is not one._runs()._lines(40)


def test_runs_given_as_lists_wrap_as_runs_given_as_tuples():
    runs = Runs([["Fire", "bold"], [" roll 2d6 and add the gun's factor", "regular"]])
    same = Runs([("Fire", "bold"), (" roll 2d6 and add the gun's factor", "regular")])
    assert runs.measure(30) == same.measure(30) > same.measure(300)


def test_a_flows_running_header_heads_every_page_it_starts_a_split_table_overleaf_too(tmp_path):
    """Page furniture the flow owns: the header is on the page a block starts and on the page a long table runs
    on to, with the table's rows below it; page_bookmark names each page the flow starts for a block."""
    from conftest import pdf_page_texts

    from shipyard.render.table_block import Table
    from shipyard.render.text_blocks import Text

    path = tmp_path / "cards.pdf"
    with Document(path, paper="a4") as doc:
        flow = Flow(doc, gap=2.0, rule=False, header=Text("RUNNING HEADER", size=8))
        flow.add(Text("first block", size=9), page_bookmark="From the first")
        flow.add(Table([[f"row {k}"] for k in range(1, 121)], header=["Row"], size=8), bookmark="table")
    pages = pdf_page_texts(path)
    assert len(pages) >= 2
    assert all(p.lstrip().startswith("RUNNING HEADER") for p in pages)
    assert len(pages) >= 3  # the first block's page, and the table on two more
    rows = [line for p in pages for line in p.splitlines() if line.startswith("row ")]
    assert rows == [f"row {k}" for k in range(1, 121)]


def test_a_paragraph_splits_between_lines_and_never_leaves_a_lone_line_on_either_page():
    from shipyard.render.text_blocks import KEEP_LINES, Text

    para = Text("\n".join(f"line {k}" for k in range(1, 11)), size=8)
    step = para.measure(100) / 10
    head, tail = para.split(100, 4.5 * step)
    assert head.texts()[0].splitlines() == [f"line {k}" for k in range(1, 5)]
    assert tail.texts()[0].splitlines() == [f"line {k}" for k in range(5, 11)]
    assert para.split(100, 9.5 * step)[0].texts()[0].count("\n") + 1 == 10 - KEEP_LINES  # two go overleaf
    assert para.split(100, 1.5 * step) == (None, para)  # one line would stand alone: the paragraph waits
    note = Text("one\ntwo\nthree", size=8)
    assert note.split(100, 2.5 * step) == (None, note)
