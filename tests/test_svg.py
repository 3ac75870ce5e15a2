"""Paper and screen from one geometry: a record sheet's SVG pages say what its PDF pages say, where they say it.

The PDF is read back with pdfminer, as pdfplumber reads it (its characters and rectangles, in stream order, which is
the order they were drawn in) but without the dictionary pdfplumber makes of every object (conftest.pdf_layouts);
the SVG with the standard XML parser. Both come from the same drawing calls, so every text run of the SVG
is the next run of characters of the PDF, at the same place, and every rectangle is the next rectangle.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from conftest import layout_objects, pdf_layouts
from pdfminer.layout import LTChar, LTRect

from shipyard import app
from shipyard.render.paper import MM

TOL_MM = 0.05
SVG = "{http://www.w3.org/2000/svg}"

# a broadside sloop and a fort, beside the Hampton Roads pack (Monitor, Virginia and the frigates) below
UNITS = ["uss-hartford", "fort-morgan"]
RULES = ["sotw", "saunders", "really-simple", "quick-play"]


def _rotation(transform: str):
    m = re.fullmatch(r"rotate\((-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\)", transform)
    assert m, f"unexpected transform {transform!r}"
    return tuple(float(v) for v in m.groups())


def _turned(x: float, y: float, turns) -> tuple[float, float]:
    """(x, y) mm through the <g rotate(a cx cy)> groups around it, innermost first."""
    for a, cx, cy in reversed(turns):
        r = math.radians(a)
        x, y = (cx + (x - cx) * math.cos(r) - (y - cy) * math.sin(r), cy + (x - cx) * math.sin(r) + (y - cy) * math.cos(r))
    return x, y


def _square_corners(d: str) -> list[tuple[float, float]] | None:
    """The four corners of an SVG path 'Mx yLx yLx yLx yZ' whose sides run along the axes (as pdfminer tells a rect
    from a curve), else None."""
    if not (d.startswith("M") and d.endswith("Z")) or any(c in d for c in "ACQSHV"):
        return None
    try:
        pts = [tuple(float(v) for v in part.split()) for part in d[1:-1].split("L")]
    except ValueError:
        return None
    if len(pts) != 4 or any(len(p) != 2 for p in pts):
        return None
    sides = zip(pts, pts[1:] + pts[:1])
    if not all(a[0] == b[0] or a[1] == b[1] for a, b in sides):
        return None
    return pts


def svg_ink(page: str) -> tuple[list[tuple[str, float, float, float]], list[tuple[float, float, float, float]]]:
    """(texts as (string, left, baseline, width or None when turned), rects as (x0, top, x1, bottom)) in mm, in drawing
    order."""
    root = ET.fromstring(page)
    texts, rects = [], []

    def walk(el, turns):
        for child in el:
            tag = child.tag.removeprefix(SVG)
            if tag == "g":
                t = child.get("transform")
                walk(child, turns + [_rotation(t)] if t else turns)
            elif tag == "text":
                x, y = _turned(float(child.get("x")), float(child.get("y")), turns)
                texts.append((child.text, x, y, None if turns else float(child.get("textLength"))))
            elif tag == "rect":
                x, y, w, h = (float(child.get(k)) for k in ("x", "y", "width", "height"))
                if all(t[0] % 90 == 0 for t in turns):  # still a rectangle on the page (PDF readers call others curves)
                    xs, ys = zip(*(_turned(px, py, turns) for px, py in ((x, y), (x + w, y + h))))
                    rects.append((min(xs), min(ys), max(xs), max(ys)))
            elif tag == "path" and (corners := _square_corners(child.get("d", ""))) and all(t[0] % 90 == 0 for t in turns):
                # a closed four-cornered path with square sides: pdfminer reads the PDF's as a rect, so count it one
                xs, ys = zip(*(_turned(px, py, turns) for px, py in corners))
                rects.append((min(xs), min(ys), max(xs), max(ys)))

    walk(root, [])
    return texts, rects


def pdf_ink(pdf: bytes):
    """The same from each page of a PDF, as pdfminer lays it out (conftest.pdf_layouts): each character as (text,
    origin x, baseline, x1), rects unrotated, in mm from the top left. The very figures pdfplumber's page.chars and
    page.rects give (its "matrix", "x1", "x0", "top" and "bottom"), in the same order: checked equal over every
    bundled pack."""
    for H, layout in pdf_layouts(pdf):
        chars, rects = [], []
        for o in layout_objects(layout, (LTChar, LTRect)):
            if isinstance(o, LTChar):
                chars.append((o.get_text(), o.matrix[4] / MM, (H - o.matrix[5]) / MM, o.x1 / MM))
            else:
                rects.append((o.x0 / MM, (H - o.y1) / MM, o.x1 / MM, (H - o.y0) / MM))
        yield chars, rects


def _pages(rules: str, unit: str, paper: str, library):
    rs = app.ruleset(rules)
    units = [library.units[unit]]
    pdf = app.sheet_units(rs, library, units, app.SheetOptions(paper=paper))
    svgs = app.sheet_svg(rs, library, units, app.SheetOptions(paper=paper))
    return pdf, svgs


def assert_same_ink(pdf: bytes, svgs: list[str]) -> int:
    """Every text run and rectangle of each SVG page is the PDF page's, within TOL_MM. Returns the runs checked."""
    checked = 0
    pages = list(pdf_ink(pdf))
    assert len(pages) == len(svgs), "the SVG has a page for every page of the PDF"
    for number, ((chars, pdf_rects), svg_page) in enumerate(zip(pages, svgs), 1):
        texts, svg_rects = svg_ink(svg_page)
        i = 0
        for s, x, y, w in texts:
            run = chars[i:i + len(s)]
            where = f"page {number}, text {s!r}"
            assert "".join(c[0] for c in run) == s, f"{where}: the PDF has {''.join(c[0] for c in run)!r} there"
            assert abs(run[0][1] - x) <= TOL_MM and abs(run[0][2] - y) <= TOL_MM, \
                f"{where}: SVG at ({x:.3f}, {y:.3f}) mm, PDF at ({run[0][1]:.3f}, {run[0][2]:.3f}) mm"
            if w is not None:  # an unrotated run: its width too
                assert abs((run[-1][3] - run[0][1]) - w) <= TOL_MM, f"{where}: width {w:.3f} mm on screen, " \
                    f"{run[-1][3] - run[0][1]:.3f} mm on paper"
            i += len(s)
            checked += 1
        assert i == len(chars), f"page {number}: the PDF has text the SVG lacks: {''.join(c[0] for c in chars[i:])!r}"
        assert len(svg_rects) == len(pdf_rects), f"page {number}: {len(svg_rects)} rects on screen, {len(pdf_rects)} on paper"
        for a, b in zip(svg_rects, pdf_rects):
            assert all(abs(p - q) <= TOL_MM for p, q in zip(a, b)), f"page {number}: rect {a} on screen, {b} on paper"
    return checked


@pytest.mark.parametrize("rules", RULES)
def test_the_svg_of_a_sheet_has_the_pdfs_text_and_rects_in_the_same_places(rules, library):
    checked = 0
    for unit in UNITS:
        pdf, svgs = _pages(rules, unit, "a4", library)
        checked += assert_same_ink(pdf, svgs)
    assert checked > 40


def test_on_letter_paper_too(library):
    pdf, svgs = _pages("saunders", "uss-hartford", "letter", library)
    assert assert_same_ink(pdf, svgs) > 20
    assert 'width="215.9mm" height="279.4mm" viewBox="0 0 215.9 279.4"' in svgs[0]


@pytest.mark.parametrize("rules", RULES)
def test_every_page_is_well_formed_svg_in_millimetres(rules, library):
    _, svgs = _pages(rules, "uss-monitor", "a4", library)
    for n, page in enumerate(svgs, 1):
        root = ET.fromstring(page)  # raises on anything not well-formed
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 210 297" and root.get("data-page") == str(n)


def test_a_name_with_markup_is_text_in_the_svg(library):
    """A user's ship name is text, never markup, on screen as on paper."""
    from shipyard.render.svg import SvgDocument

    doc = SvgDocument(paper="a4")
    page = doc.new_page()
    page.text(20, 20, 'USS <script>alert(1)</script> & "Co"')
    doc.close()
    root = ET.fromstring(doc.pages[0])
    assert [t.text for t in root.iter(f"{SVG}text")] == ['USS <script>alert(1)</script> & "Co"']
    assert not list(root.iter(f"{SVG}script"))


def test_each_box_of_a_track_names_its_tracker_and_number(library):
    """The hook for a sheet ticked on screen: every damage box says which track it is on and which box it is."""
    _, svgs = _pages("saunders", "uss-monitor", "a4", library)
    root = ET.fromstring(svgs[0])
    tracks = {g.get("data-track"): [int(r.get("data-box")) for r in g] for g in root.iter(f"{SVG}g")
              if g.get("class") == "box-track"}
    assert tracks["hull"] == list(range(1, 19))  # Monitor's 18 hull boxes, under the tracker's own id


def test_the_footer_page_count_and_forward_text_are_filled_in_at_the_end(tmp_path):
    """Text known only when the document closes (a pack's page count, a contents page's numbers) lands where the PDF
    puts it."""
    from shipyard.render import Document
    from shipyard.render.svg import SvgDocument

    def draw(doc):
        page = doc.new_page()
        page.forward_text(30, 40, "contents")
        doc.new_page()
        doc.resolve("contents", "page 2")

    with Document(tmp_path / "two.pdf", paper="a4", footer="Smoke on the Water") as pdf:
        draw(pdf)
    svg = SvgDocument(paper="a4", footer="Smoke on the Water")
    draw(svg)
    svg.close()
    texts = [[t.text for t in ET.fromstring(p).iter(f"{SVG}text")] for p in svg.pages]
    assert texts == [["page 2", "Smoke on the Water · page 1 of ", "2"], ["Smoke on the Water · page 2 of ", "2"]]
    assert assert_same_ink((tmp_path / "two.pdf").read_bytes(), svg.pages) == 5



def test_a_later_block_is_drawn_where_its_place_was_kept_once_the_pages_after_it_are_known(tmp_path):
    """A contents whose lines follow where the pack's pages fell (pack.cover): its place kept on page 1, the block
    given once page 3 is drawn, drawn there on paper and on screen alike, its own forward text filled too; a place
    kept twice, a block never given and a block for no place are refused."""
    from shipyard.render import Document
    from shipyard.render.kit import Later, Line
    from shipyard.render.containers import Stack
    from shipyard.render.page import RenderError
    from shipyard.render.svg import SvgDocument

    class Numbered(Line):  # a line that leaves a forward number beside it, as the contents' lines do
        def draw(self, page, x, y, width):
            page.forward_text(x + 60, y + 3, "where")
            return super().draw(page, x, y, width)

    def draw(doc):
        page = doc.new_page()
        page.text(30, 30, "before")
        Later("contents", 8).draw(page, 30, 40, 100)
        page.text(30, 60, "after")
        doc.new_page()
        doc.new_page()
        doc.resolve("where", str(doc.page_count))
        doc.fill_later("contents", Stack([Numbered(f"Orders log, found on page {doc.page_count}", size=9)]))

    with Document(tmp_path / "three.pdf", paper="a4") as pdf:
        draw(pdf)
    svg = SvgDocument(paper="a4")
    draw(svg)
    svg.close()
    texts = [t.text for t in ET.fromstring(svg.pages[0]).iter(f"{SVG}text")]
    assert texts == ["before", "3", "Orders log, found on page 3", "after"]
    assert assert_same_ink((tmp_path / "three.pdf").read_bytes(), svg.pages) == 4  # the PDF's runs, in order, where the SVG has them

    doc = SvgDocument(paper="a4")
    page = doc.new_page()
    Later("x", 5).draw(page, 30, 40, 100)
    with pytest.raises(RenderError, match="placed twice"):
        Later("x", 5).draw(page, 30, 50, 100)
    with pytest.raises(RenderError, match="never filled"):
        doc.close()
    with pytest.raises(RenderError, match="no page kept a place"):
        SvgDocument(paper="a4").fill_later("nowhere", Line("x", size=9))

def _every_primitive(doc) -> None:
    c = doc.content
    page = doc.new_page()
    page.text(c.x, c.y + 6, "IJN Kōtetsu (ex-CSS Stonewall)", size=16, weight="bold")
    page.text(c.right, c.y + 12, "right-aligned, grey", align="right", colour=0.4)
    page.text(c.centre_x, c.y + 18, "centred, condensed, red", align="centre", family="condensed", colour=(0.7, 0, 0))
    page.fit_text(c.x, c.y + 18, "fit_text squeezes this long string into 30 mm", 30, min_size=6)
    page.text(c.x + 5, c.y + 60, "turned a quarter", size=7, rotate=90)
    with page.rotated(c.x + 100, c.y + 100, 180):
        page.text(c.x + 100, c.y + 100, "upside down", size=8, align="centre")
    page.box_track(c.x, c.y + 24, 23, label="Hull", marks={10: "½"}, prefilled=3, per_row=10)
    page.table(c.x, c.y + 45, [40, 15, 15], [["9-in Dahlgren", 6, "0–10"], ["a name far too long for its column", 2, None]],
               header=["Gun", "No.", "PB"])
    page.calibration_bar(c.x, c.y + 70)
    page.circle(c.x + 25, c.y + 110, 12, fill=0.9)
    page.arc(c.x + 25, c.y + 110, 17, 0, 90, width=0.8)
    page.arc(c.x + 25, c.y + 110, 19, 30, 360, dash=(1, 1))
    page.wedge(c.x + 70, c.y + 115, 20, 45, 90, fill=0.85)
    page.wedge(c.x + 70, c.y + 115, 20, 200, -50, fill=(0.8, 0.8, 1))
    page.polygon([(c.x + 110, c.y + 95), (c.x + 150, c.y + 95), (c.x + 130, c.y + 125)], fill=(1, 0.85, 0.85))
    page.polygon([(c.x + 155, c.y + 95), (c.x + 170, c.y + 125), (c.x + 180, c.y + 100)], close=False, width=0.5)
    page.lines([(c.x, c.y + 130, c.right, c.y + 130), (c.x, c.y + 131, c.x + 50, c.y + 131)], dash=(2, 1), colour="#336699")
    page.rect(c.x, c.y + 135, 40, 20, fill=0.9, dash=(1, 0.5))
    page.cut_marks(c.x + 60, c.y + 138, 40, 20)
    for pg, x, y, item, back in doc.duplex_cells(["Fast", "Slow", "Stop"], 22, 22):
        pg.rect(x, y, 22, 22, width=0.1, colour=0.6)
        pg.text(x + 11, y + 10, item, align="centre", weight="bold", rotate=180 if back else 0)


def test_every_primitive_lands_where_the_pdf_puts_it(tmp_path):
    """Rotated and squeezed text, tracks, tables, the calibration bar, shapes and a duplex grid of cells."""
    from shipyard.render import Document
    from shipyard.render.svg import SvgDocument

    with Document(tmp_path / "all.pdf", paper="a4", footer="every primitive", true_scale=True) as pdf:
        _every_primitive(pdf)
    svg = SvgDocument(paper="a4", footer="every primitive", true_scale=True)
    _every_primitive(svg)
    svg.close()
    (tmp_path / "all-1.svg").write_text(svg.pages[0])
    assert len(svg.pages) == 3
    assert assert_same_ink((tmp_path / "all.pdf").read_bytes(), svg.pages) > 40


@pytest.mark.parametrize("rules", RULES)
def test_every_page_of_a_pack_draws_the_same_on_screen(rules, bundled_packs, library, monkeypatch):
    """Cover, contents, rosters and their charts, sheets, templates and gauges, counters and their backs, the quick
    reference: a whole pack drawn into SVG pages by the pack's own code says on each page what its PDF says, there."""
    import shipyard.render
    from shipyard.pack import PackOptions, build_pack
    from shipyard.render.svg import SvgDocument
    from shipyard.rules import get_ruleset

    pdf = bundled_packs.get("hampton-roads-1862", rules, "a4", "1/1200")
    drawn = []

    def svg_document(path, **kw):
        drawn.append(SvgDocument(**kw))
        return drawn[-1]

    monkeypatch.setattr(shipyard.render, "Document", svg_document)
    options = PackOptions(paper="a4", scale="1/1200", output_dir=pdf.path.parent / "svg")
    build_pack(library, library.scenarios["hampton-roads-1862"], get_ruleset(rules), options)
    assert not (pdf.path.parent / "svg").exists()  # nothing written
    # a pack whose contents is refiled is drawn twice (build_pack): the last drawing is the pack
    assert len(drawn[-1].pages) == pdf.pages
    assert assert_same_ink(pdf.path.read_bytes(), drawn[-1].pages) > 100 * pdf.pages / 10
