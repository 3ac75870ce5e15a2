"""The render layer, checked on real PDFs: geometry by pdfplumber, ink by rendering, text by extraction."""

from __future__ import annotations

import hashlib
import math
import threading
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import pdf_page_texts

from shipyard.render import PAPERS, Document, RenderError, check_text, mm_to_pt
from shipyard.errors import ShipyardError
from shipyard.render.tracks import Checkboxes

PT = 72 / 25.4  # points per mm


def mm(v_pt: float) -> float:
    return v_pt / PT


def _outline(path: Path) -> list[tuple[int, str, int]]:
    """(level, title, page index) of every bookmark, read back with pdfium."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [(b.level, b.get_title(), b.get_dest().get_index()) for b in pdf.get_toc()]
    finally:
        pdf.close()


def _dense_page(doc: Document) -> None:
    """A page with everything the layer draws near the edges: a full-width table, cut marks, tracks."""
    c = doc.content
    page = doc.new_page(bookmark="Dense")
    page.text(c.x, c.y + 5, "USS Monitor", size=14, weight="bold")
    page.text(c.right, c.y + 5, "right edge", align="right")
    y = c.y + 10
    y += page.table(c.x, y, [c.w / 5] * 5, [["Gun", "11-in Dahlgren", 2, "turret", "0–10 cm"]] * 8,
                    header=["a", "b", "c", "d", "e"]) + 2
    y += page.box_track(c.x, y, 45, marks={22: "½", 11: "¼"}, label="HDP")[1] + 2
    page.cut_marks(c.x, y, c.w, c.bottom - y)
    page.wrap_text(c.x, c.bottom - 2, "bottom line of the content area", c.w)


# ---------------------------------------------------------------------------------------------
# Calibration bar


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_bar_measures_100_mm_and_4_in(tmp_path, paper):
    out = tmp_path / f"cal-{paper}.pdf"
    with Document(out, paper=paper, title="cal", true_scale=True, footer="templates") as doc:
        doc.new_page()
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert page.width == pytest.approx(mm_to_pt(PAPERS[paper].width_mm), abs=0.01)
        lengths = sorted(mm(line["x1"] - line["x0"]) for line in page.lines if abs(line["y1"] - line["y0"]) < 0.01)
        metric = [v for v in lengths if abs(v - 100) < 1]
        inch = [v for v in lengths if abs(v - 101.6) < 0.5]
        assert metric and abs(metric[0] - 100.0) <= 0.2
        assert inch and abs(inch[0] - 101.6) <= 0.2
        text = page.extract_text()
        assert "print at 100 % / Actual size:" in text and "this bar must measure 100 mm" in text


def test_true_scale_pages_all_carry_the_bar(tmp_path):
    out = tmp_path / "ts.pdf"
    with Document(out, true_scale=True) as doc:
        for _ in range(3):
            doc.new_page()
    assert all("this bar must measure 100 mm" in " ".join(t.split()) for t in pdf_page_texts(out))


def test_print_scaling_none(tmp_path):
    out = tmp_path / "ps.pdf"
    with Document(out) as doc:
        doc.new_page()
    assert b"/PrintScaling /None" in out.read_bytes()


# ---------------------------------------------------------------------------------------------
# Ink stays off the page edge


def _border_is_white(pdf_path: Path, scale: float = 2.0, border_mm: float = 8.0) -> list[str]:
    problems = []
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        for i in range(len(pdf)):
            img = pdf[i].render(scale=scale).to_pil().convert("L")
            w, h = img.size
            b = int(border_mm * PT * scale) - 1
            px = img.load()
            for name, box in {"top": (0, 0, w, b), "bottom": (0, h - b, w, h), "left": (0, 0, b, h), "right": (w - b, 0, w, h)}.items():
                region = img.crop(box)
                lo, _ = region.getextrema()
                if lo < 250:
                    problems.append(f"page {i + 1}: ink in the {name} {border_mm} mm border (darkest {lo})")
            del px
    finally:
        pdf.close()
    return problems


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_within_8_mm_of_the_edge(tmp_path, paper):
    out = tmp_path / f"ink-{paper}.pdf"
    with Document(out, paper=paper, footer="a long footer " * 3, true_scale=True, strict=True) as doc:
        _dense_page(doc)
        for page, x, y in doc.cells(30, 30, 20, cut_marks=True):
            page.rect(x, y, 30, 20, fill=0.2)
    assert _border_is_white(out) == []


def test_strict_mode_refuses_ink_in_the_margin(tmp_path):
    with pytest.raises(RenderError, match="within 8 mm"):
        with Document(tmp_path / "s.pdf", strict=True) as doc:
            page = doc.new_page()
            page.rect(5, 20, 50, 10)
    assert not list(tmp_path.iterdir())


def test_cut_marks_are_clipped_to_the_margin(tmp_path):
    out = tmp_path / "cm.pdf"
    with Document(out, strict=True) as doc:
        page = doc.new_page()
        page.cut_marks(0, 0, doc.paper.width_mm, doc.paper.height_mm)  # marks would fall off the page
        page.cut_marks(10, 10, 50, 50)
    assert _border_is_white(out) == []


# ---------------------------------------------------------------------------------------------
# Determinism, fonts, metadata, footer, bookmarks


def _build(path: Path) -> None:
    with Document(path, title="Same", subject="twice", footer="shipyard") as doc:
        _dense_page(doc)
        doc.new_page(bookmark="Second")
        doc.content  # noqa: B018


def test_identical_input_gives_identical_bytes(tmp_path):
    _build(tmp_path / "a.pdf")
    _build(tmp_path / "b.pdf")
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
    assert digest(tmp_path / "a.pdf") == digest(tmp_path / "b.pdf")


def test_text_sets_exactly_what_reportlab_drawstring_would(tmp_path):
    """Page.text writes the text operators itself (no text object per string): the same bytes drawString writes,
    for plain, escaped and non-ASCII text and across font subsets (more than 256 glyphs in one font)."""
    from reportlab.pdfgen.canvas import Canvas

    from shipyard.render import fonts
    from shipyard.render.paper import MM

    name = fonts.font_name("sans", "regular")
    wide = "".join(chr(c) for c in range(0x100, 0x250) if c in fonts._glyphs[name])
    strings = ["USS Monitor", "Kōtetsu (ironclad) \\ back)", "½ ¾ ⅓ — ·"] + [wide[i:i + 40] for i in range(0, len(wide), 40)] \
        + ["USS Monitor", "x"]
    ref = Canvas(str(tmp_path / "ref.pdf"), initialFontName=name, initialFontSize=9)  # as a Document's canvas starts
    with Document(tmp_path / "ours.pdf") as doc:
        page = doc.new_page()
        H = doc.paper.height_pt
        for i, s in enumerate(strings):
            size = 7 + i % 3
            page.text(20, 30 + 6 * i, s, size=size)
            ref.setFont(name, size)
            ref.drawString(20 * MM, H - (30 + 6 * i) * MM, s)
            assert doc._canvas._code[-1] == ref._code[-1]
    assert len(fonts._registered[name].state[ref._doc].subsets) > 1  # the test crossed a subset


def test_a_font_subset_embedded_again_is_the_same_bytes(tmp_path):
    """Font subsets are kept per glyph set (a sheet drawn again embeds them without making and deflating them
    again): the file is the same whether the subsets were made now or kept from before."""
    from shipyard.render import fonts

    for font in fonts._registered.values():
        font.face._subsets.clear()
    _build(tmp_path / "cold.pdf")
    _build(tmp_path / "warm.pdf")
    assert any(font.face._subsets for font in fonts._registered.values())
    assert (tmp_path / "cold.pdf").read_bytes() == (tmp_path / "warm.pdf").read_bytes()


def test_kotetsu_prints_and_extracts(tmp_path):
    out = tmp_path / "k.pdf"
    with Document(out) as doc:
        page = doc.new_page()
        page.text(20, 30, "Kōtetsu", size=12, weight="bold")
        page.text(20, 40, "Zieleń Ko\u0304tetsu", size=12, family="condensed")  # decomposed macron is normalised
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Kōtetsu" in text and "Zieleń Kōtetsu" in text
    assert b"FontFile2" in out.read_bytes()  # embedded TrueType


def test_a_missing_glyph_is_a_clear_error_naming_the_character(tmp_path):
    with pytest.raises(ShipyardError, match=r"U\+4E2D '中' is not in the DejaVu Sans"):
        check_text("Chūgoku 中")
    with pytest.raises(ShipyardError, match=r"U\+4E2D '中'"):
        with Document(tmp_path / "cjk.pdf") as doc:
            doc.new_page().text(20, 20, "中国丸")
    assert not list(tmp_path.iterdir())


def test_footer_reads_page_n_of_m_and_metadata_and_bookmarks(tmp_path):
    out = tmp_path / "f.pdf"
    with Document(out, title="Record sheets", subject="SotW sheets", footer="Smoke on the Water") as doc:
        for name in ("USS Monitor", "CSS Virginia", "USS Kōtetsu"):
            page = doc.new_page(bookmark=name)
            page.text(doc.content.x, doc.content.y + 5, name)
            doc.bookmark("Guns", y=50)
        assert doc.page_count == 3
    with pdfplumber.open(out) as pdf:
        assert pdf.metadata["Title"] == "Record sheets"
        assert pdf.metadata["Author"] == "shipyard"
        assert pdf.metadata["Subject"] == "SotW sheets"
        assert pdf.metadata["Creator"] == "shipyard"
        for n, page in enumerate(pdf.pages, 1):
            assert f"Smoke on the Water · page {n} of 3" in page.extract_text()
    toc = _outline(out)
    assert toc == [(0, "USS Monitor", 0), (1, "Guns", 0), (0, "CSS Virginia", 1), (1, "Guns", 1),
                   (0, "USS Kōtetsu", 2), (1, "Guns", 2)]
    assert b"/PageMode /UseOutlines" in out.read_bytes()


# ---------------------------------------------------------------------------------------------
# Atomic output


def test_an_exception_leaves_no_target_and_no_part_file(tmp_path):
    target = tmp_path / "deep" / "out.pdf"
    with pytest.raises(ZeroDivisionError):
        with Document(target) as doc:
            doc.new_page().text(20, 20, "half done")
            1 / 0
    assert target.parent.is_dir()
    assert list(target.parent.iterdir()) == []


def test_keyboard_interrupt_leaves_nothing(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"previous good build")
    with pytest.raises(KeyboardInterrupt):
        with Document(target) as doc:
            doc.new_page()
            raise KeyboardInterrupt
    assert target.read_bytes() == b"previous good build"  # the old file survives untouched
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_two_threads_writing_into_one_folder(tmp_path):
    errors = []

    def build(name: str, pages: int) -> None:
        try:
            with Document(tmp_path / name, title=name, footer=name) as doc:
                for i in range(pages):
                    doc.new_page(bookmark=f"{name} {i}").text(20, 30, f"{name} page {i + 1}")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=build, args=(f"t{i}.pdf", 5 + i)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t0.pdf", "t1.pdf", "t2.pdf", "t3.pdf"]
    for i in range(4):
        with pdfplumber.open(tmp_path / f"t{i}.pdf") as pdf:
            assert len(pdf.pages) == 5 + i
            assert f"t{i}.pdf page {5 + i}" in pdf.pages[-1].extract_text()


# ---------------------------------------------------------------------------------------------
# Box tracks, tables, geometry


def test_box_track_draws_exactly_count_boxes_and_its_marks(tmp_path):
    out = tmp_path / "bt.pdf"
    with Document(out) as doc:
        page = doc.new_page()
        w, h = page.box_track(20, 30, 37, box=3.5, gap=0.7, per_row=20, marks={18: "½", 9: "¼"}, label="HDP", prefilled=3)
    with pdfplumber.open(out) as pdf:
        p = pdf.pages[0]
        boxes = [r for r in p.rects if abs(mm(r["width"]) - 3.5) < 0.01 and abs(mm(r["height"]) - 3.5) < 0.01]
        assert len(boxes) == 37
        assert len(p.rects) == 37
        rows = sorted({round(r["top"], 1) for r in boxes})
        assert len(rows) == 2
        first_row = sorted(r["x0"] for r in boxes if round(r["top"], 1) == rows[0])
        gaps = [round(mm(b - a) - 3.5, 2) for a, b in zip(first_row, first_row[1:])]
        assert len(first_row) == 20
        assert {gaps[i] for i in (4, 9, 14)} == {max(gaps)} and max(gaps) > 0.7 + 0.5  # wider every 5
        assert {g for i, g in enumerate(gaps) if (i + 1) % 5} == {0.7}
        text = p.extract_text()
        assert "½" in text and "¼" in text and "HDP" in text
        # heavy bars: vertical lines wider than the box outlines, one per mark, between boxes 18|19 and 9|10
        bars = sorted(ln["x0"] for ln in p.lines if ln["linewidth"] > 0.4 * PT and abs(ln["x0"] - ln["x1"]) < 0.01)
        assert len(bars) == 2
        assert first_row[8] + mm_to_pt(3.5) < bars[0] < first_row[9]
        assert first_row[17] + mm_to_pt(3.5) < bars[1] < first_row[18]
        # prefilled: 3 boxes struck with an X (two diagonals each)
        diagonals = [ln for ln in p.lines if abs(ln["x0"] - ln["x1"]) > 0.1 and abs(ln["top"] - ln["bottom"]) > 0.1]
        assert len(diagonals) == 6
        assert {round(ln["x0"], 2) for ln in diagonals} <= {round(x + mm_to_pt(3.5 * 0.18), 2) for x in first_row[:3]}
    assert w == pytest.approx(page.text_width("HDP", 7, "bold", "condensed") + 1.5 + 20 * 3.5 + 19 * 0.7 + 3 * (3.5 * 0.3), abs=1e-6)


def test_table_height_and_text(tmp_path):
    out = tmp_path / "t.pdf"
    with Document(out) as doc:
        page = doc.new_page()
        h = page.table(20, 30, [40, 20, 20], [["11-in Dahlgren", "HSB", 2], ["9-in Dahlgren", "MSB", 6]],
                       header=["Gun", "Code", "No."], size=7.5)
    assert h == pytest.approx(3 * 7.5 * 1.5 / PT)
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert "11-in Dahlgren HSB 2" in text and "Gun Code No." in text


def test_fit_text_shrinks_then_shortens(tmp_path):
    with Document(tmp_path / "fit.pdf") as doc:
        page = doc.new_page()
        assert page.fit_text(20, 20, "short", 50, size=9) == 9
        size = page.fit_text(20, 30, "a rather longer vessel name", 30, size=9, min_size=5)
        assert 5 <= size < 9 and page.text_width("a rather longer vessel name", size) <= 30
        assert page.fit_text(20, 40, "x" * 200, 30, size=9, min_size=5) == 5


def test_arc_and_circle_geometry(tmp_path):
    out = tmp_path / "arc.pdf"
    cx, cy = 105.0, 150.0
    with Document(out) as doc:
        page = doc.new_page()
        page.arc(cx, cy, 50, 0, 270)
        page.circle(cx, cy, 30)
    with pdfplumber.open(out) as pdf:
        curves = pdf.pages[0].curves
    arc = max(curves, key=lambda c: c["width"] * c["height"])
    circle = min(curves, key=lambda c: c["width"] * c["height"])
    # pdfplumber's points are (x, top) in points; the arc's on-curve points lie at 50 mm from the centre
    pts = [(mm(x), mm(y)) for x, y in arc["pts"]]
    for x, y in pts:
        assert math.hypot(x - cx, y - cy) == pytest.approx(50, abs=0.2)
    # it starts east and runs counter-clockwise as seen on paper: north (up the page) comes next
    assert pts[0] == pytest.approx((cx + 50, cy), abs=0.2)
    assert pts[1] == pytest.approx((cx, cy - 50), abs=0.2)
    assert pts[-1] == pytest.approx((cx, cy + 50), abs=0.2)
    assert mm(arc["x0"]) == pytest.approx(cx - 50, abs=0.2) and mm(arc["x1"]) == pytest.approx(cx + 50, abs=0.2)
    assert mm(circle["width"]) == pytest.approx(60, abs=0.2) and mm(circle["top"]) == pytest.approx(cy - 30, abs=0.2)


def test_coordinates_are_mm_from_the_top_left(tmp_path):
    out = tmp_path / "xy.pdf"
    with Document(out, paper="letter") as doc:
        doc.new_page().rect(20, 30, 40, 10)
    with pdfplumber.open(out) as pdf:
        r = pdf.pages[0].rects[0]
    assert (mm(r["x0"]), mm(r["top"]), mm(r["width"]), mm(r["height"])) == pytest.approx((20, 30, 40, 10), abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_content_box_leaves_the_margins_and_the_footer_band(tmp_path, paper):
    p = PAPERS[paper]
    with Document(tmp_path / "plain.pdf", paper=paper) as plain:
        assert (plain.content.x, plain.content.y) == (10, 10)
        assert plain.content.right == pytest.approx(p.width_mm - 10)
        assert plain.content.bottom == pytest.approx(p.height_mm - 10)
    with Document(tmp_path / "footed.pdf", paper=paper, footer="f") as footed:
        assert footed.content.bottom < plain.content.bottom
    with Document(tmp_path / "scaled.pdf", paper=paper, footer="f", true_scale=True) as scaled:
        assert scaled.content.bottom < footed.content.bottom


def test_cells_flow_over_pages_with_marks_inside_the_margins(tmp_path):
    out = tmp_path / "cells.pdf"
    seen = []
    with Document(out, strict=True) as doc:
        cols, rows, _, _ = doc.grid(30, 30)
        for page, x, y in doc.cells(cols * rows + 3, 30, 30, bookmark="Counters"):
            seen.append((page.number, x, y))
            assert doc.content.contains(x, y) and doc.content.contains(x + 30, y + 30)
        assert doc.page_count == 2
    assert len(seen) == cols * rows + 3 and len({(p, x, y) for p, x, y in seen}) == len(seen)
    assert _border_is_white(out) == []


def test_mirrored_cells_land_behind_the_front(tmp_path):
    with Document(tmp_path / "m.pdf") as doc:
        front = [(x, y) for _, x, y in doc.cells(7, 40, 25)]
        back = [(x, y) for _, x, y in doc.cells(7, 40, 25, mirror=True)]
    W = doc.paper.width_mm
    for (fx, fy), (bx, by) in zip(front, back):
        assert bx == pytest.approx(W - fx - 40) and by == fy


def test_drawing_on_a_closed_page_is_refused(tmp_path):
    with pytest.raises(RenderError, match="closed"):
        with Document(tmp_path / "c.pdf") as doc:
            first = doc.new_page()
            doc.new_page()
            first.text(20, 20, "late")


def test_a_document_never_closed_leaves_no_part_file(tmp_path):
    """A Document dropped unclosed is collected with its .part file. The collection walks only what this test made:
    everything older is frozen first (gc.freeze), else a full collection late in a worker walks the whole run's heap
    (2-3 s of CPU in the suite, against a few ms here)."""
    import gc

    gc.freeze()
    try:
        doc = Document(tmp_path / "dropped.pdf")
        doc.new_page().text(20, 20, "never saved")
        del doc
        gc.collect()
    finally:
        gc.unfreeze()
    assert list(tmp_path.iterdir()) == []


def test_sections_nest_bookmarks_and_true_scale_can_switch_between_pages(tmp_path):
    out = tmp_path / "pack.pdf"
    with Document(out, footer="pack") as doc:
        doc.new_page(bookmark="Cover")
        plain = doc.content
        doc.section("Record sheets")
        doc.new_page(bookmark="USS Monitor")
        doc.new_page(bookmark="CSS Virginia")
        doc.section("Templates")
        with doc.true_scale_pages():
            assert doc.content.bottom < plain.bottom
            page = doc.new_page(bookmark="Turning")
            assert page.content == doc.content
            doc.bookmark("Slow", level=1)
        doc.section(None)
        assert doc.content == plain  # the true-scale setting ended with its block
        doc.new_page(bookmark="Notes")
    toc = _outline(out)
    assert toc == [(0, "Cover", 0), (0, "Record sheets", 1), (1, "USS Monitor", 1), (1, "CSS Virginia", 2),
                   (0, "Templates", 3), (1, "Turning", 3), (2, "Slow", 3), (0, "Notes", 4)]
    bars = ["this bar must measure 100 mm" in " ".join(t.split()) for t in pdf_page_texts(out)]
    assert bars == [False, False, False, True, False]


def test_box_track_closes_up_the_rows_with_no_mark_when_asked(tmp_path):
    """Issue 22 (Smoke on the Water's calibrated hull, 80-100 boxes in four rows of a half page): the band that holds a
    mark's label ("½ left") stands only above the rows with a bar in them, so a long track's other rows close up;
    every box is still drawn, one a point, and the bars fall where they did."""
    out = tmp_path / "bands.pdf"
    with Document(out) as doc:
        page = doc.new_page()
        kw = dict(box=2.8, gap=0.5, per_row=25, marks={43: "½ left", 65: "¼ left"}, label="Hull (HDP) 86")
        _, every = page.box_track(20, 30, 86, **kw)
        _, marked = page.box_track(20, 100, 86, **kw, bands="marked")
    assert every - marked == pytest.approx(2 * 2.3)  # rows 1 and 4 have no bar: no band over them
    with pdfplumber.open(out) as pdf:
        p = pdf.pages[0]
        boxes = [r for r in p.rects if mm(r["top"]) > 90]
        assert len(boxes) == 86
        tops = sorted({round(mm(r["top"]), 2) for r in boxes})
        assert [round(b - a, 2) for a, b in zip(tops, tops[1:])] == [2.8 + 0.5 + 2.3, 2.8 + 0.5 + 2.3, 2.8 + 0.5]
        assert tops[0] == pytest.approx(100, abs=0.01)  # the first row, unmarked, starts at the track's top
        text = p.extract_text()
        assert text.count("½ left") == 2 and text.count("¼ left") == 2
    with pytest.raises(RenderError, match="bands"):
        with Document(tmp_path / "bad.pdf") as doc:
            doc.new_page().box_track(20, 30, 10, bands="some")


def test_checkboxes_set_their_lines_row_gap_apart():
    items = [("Pilot house hit", 1), ("Sunk", 1), ("Aground", 1)]
    wide = Checkboxes(items, box=2.8, min_col=100.0)
    close = Checkboxes(items, box=2.8, min_col=100.0, row_gap=0.7)
    assert wide.measure(100) - close.measure(100) == pytest.approx(3 * 0.3)


# ---------------------------------------------------------------------------------------------
# Properties

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(1, 90), per_row=st.integers(1, 30), data=st.data())
def test_box_track_always_draws_count_boxes_inside_its_reported_size(tmp_path, count, per_row, data):
    assume(math.ceil(count / per_row) <= 40)  # the track fits on one page
    marks = data.draw(st.dictionaries(st.integers(1, count), st.sampled_from(["½", "¼", ""]), max_size=3))
    prefilled = data.draw(st.integers(0, count))
    out = tmp_path / "prop.pdf"
    with Document(out, strict=True) as doc:
        w, h = doc.new_page().box_track(15, 20, count, per_row=per_row, marks=marks, prefilled=prefilled, label="HDP")
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        rects, lines = page.rects, page.lines
    assert len(rects) == count
    assert len(lines) == 2 * prefilled + len(marks)
    for r in rects:
        assert mm(r["x0"]) >= 15 - 0.01 and mm(r["x1"]) <= 15 + w + 0.01
        assert mm(r["top"]) >= 20 - 0.01 and mm(r["bottom"]) <= 20 + h + 0.01


@settings(max_examples=40, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdefghijklmnōpqrstuvwxyz-", min_size=1, max_size=12), min_size=1, max_size=40),
       width=st.floats(45, 150), size=st.floats(6, 12))  # every word fits a line
def test_wrapped_lines_fit_and_keep_every_word(tmp_path_factory, words, width, size):
    with Document(tmp_path_factory.mktemp("wrap") / "w.pdf") as doc:
        page = doc.new_page()
        lines = page.wrap_lines(" ".join(words), width, size)
    assert all(page.text_width(line, size) <= width + 1e-9 for line in lines)
    assert " ".join(lines).split() == words


def test_a_line_break_in_text_points_to_wrap_text():
    with pytest.raises(ShipyardError, match="use wrap_text"):
        check_text("two\nlines")


def test_rotated_text_and_blocks(tmp_path):
    out = tmp_path / "rot.pdf"
    with Document(out, strict=True) as doc:
        page = doc.new_page()
        page.text(100, 100, "upside down", rotate=180, align="centre")
        with page.rotated(60, 150, 90):
            page.rect(60, 150, 30, 5)  # turned to point up the page
        page.rect(20, 200, 10, 10, fill=0.5)  # state after the block is not stale
        with pytest.raises(RenderError, match="within 8 mm"):
            with page.rotated(20, 30, 90):
                page.line(20, 30, 45, 30)  # turned up the page: reaches y = 5 mm
    with pdfplumber.open(out) as pdf:
        p = pdf.pages[0]
        chars = [ch for ch in p.chars if ch["text"] == "u"]
        assert chars and chars[0]["matrix"][0] < 0  # drawn turned through 180°
        turned = [r for r in p.rects if abs(mm(r["width"]) - 5) < 0.01]
        assert turned and mm(turned[0]["height"]) == pytest.approx(30, abs=0.01)
        assert mm(turned[0]["bottom"]) == pytest.approx(150, abs=0.01) and mm(turned[0]["x0"]) == pytest.approx(60, abs=0.01)


def test_words_joined_by_a_no_break_space_stay_on_one_line_unless_they_cannot_fit_and_print_as_spaces():
    from shipyard.render.text import NO_BREAK, wrap_lines

    joined = f"bears 180–320°{NO_BREAK}7{NO_BREAK}guns"
    width = 21.0  # mm: 'bears 180–320° 7' fits, the whole does not
    assert wrap_lines(joined.replace(NO_BREAK, " "), width, 6.5) == ["bears 180–320° 7", "guns"]
    assert wrap_lines(joined, width, 6.5) == ["bears", "180–320° 7 guns"]  # kept together, printed with spaces
    narrow = wrap_lines(joined, 12.0, 6.5)  # too wide for a line of its own: it breaks at its no-break spaces
    assert " ".join(narrow) == "bears 180–320° 7 guns" and all(NO_BREAK not in line for line in narrow)


def test_a_wrap_adds_a_word_at_a_time_and_breaks_where_measuring_each_line_whole_would(monkeypatch):
    """A wrap measured every longer trial line from its start through ReportLab (a paragraph of n words: n strings
    measured, each longer than the last); a Mobile Bay pack's 3,056 distinct wraps took ~90 ms, now ~48. The lines'
    widths are added word by word from the glyphs' (exact: DejaVu's are multiples of 1/256), so each line breaks where
    string_width_pt, measuring it whole, says it must."""
    from shipyard.render import fonts, text
    from shipyard.render.text import wrap_lines

    words = ("Hartford's port battery of eleven IX-inch Dahlgrens bears 045-135°, a half-mile fire at the fort; "
             "Tecumseh leads the monitors inside the torpedo line, east of the red buoy").split()
    paragraph = " ".join(words)
    name = fonts.font_name("sans", "regular")
    for width, size in ((30.0, 6.5), (47.5, 8), (90.0, 7), (190.0, 9)):
        measured = []
        monkeypatch.setattr(fonts, "string_width_pt", lambda *a: measured.append(a) or real_width(*a))
        lines = text._wrapped.__wrapped__(paragraph, width, size, name)  # not the kept wraps
        monkeypatch.undo()
        assert not measured, len(measured)  # no line measured from its start
        assert " ".join(lines) == paragraph
        for line, after in zip(lines, lines[1:]):  # each line fits, and it could not have taken the next word
            assert real_width(line, name, size) <= width * text.MM
            assert real_width(f"{line} {after.split()[0]}", name, size) > width * text.MM
        assert list(lines) == wrap_lines(paragraph, width, size)
    th = fonts.thousandths(name)
    for sample in (paragraph, "Kōtetsu", "bears 180–320° 7 guns", "½ × ¾", words[0]):
        for size in (5.5, 6.5, 8, 10.5):
            assert th(sample) * 0.001 * size == real_width(sample, name, size), (sample, size)


def real_width(s, name, size):
    from shipyard.render import fonts

    return fonts.pdfmetrics.stringWidth(s, name, 1.0) * size


def test_a_forts_sector_and_its_guns_are_printed_on_one_line_of_the_set_up_table(bundled_packs):
    """Replays 9 and 10: the set-up table wrapped a fort's row as 'bears 180–320° 7 / guns'."""
    pages = pdf_page_texts(bundled_packs.get(rules="saunders").path)
    setup = next(p for p in pages if p.startswith("Set-up"))
    lines = [ln.strip() for ln in setup.splitlines()]
    # (the starts table sizes its columns from their content: a front is one line, "bears" and all, its own line)
    assert any(ln.endswith("180–320° 7 guns") for ln in lines) and any(ln.endswith("040–150° 2 guns") for ln in lines)
