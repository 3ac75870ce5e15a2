"""The play-aid kit's counter sheets (render/counters.py): the rule sets say what each chit holds and the kit
places it; a style record is data, checked as it is read; the three layouts (fronts, fold, backs) are the kit's."""

from __future__ import annotations

import ast
from pathlib import Path

import pdfplumber
import pytest
from conftest import pdf_page_texts

import shipyard
from shipyard.render import Document
from shipyard.render.counters import Chit, chit_sheet, load_style
from shipyard.errors import ShipyardError

RULES = Path(shipyard.__file__).parent / "rules"
# what places ink on a page, or cells on pages: the kit's job, never a rule set's counters module
PLACING = {"text", "fit_text", "wrap_text", "line", "lines", "rect", "circle", "arc", "wedge", "polygon", "rotated",
           "cells", "duplex_cells", "grid_marks", "cut_marks"}

STYLE = """\
marker:
  size: [20, 12]
  fold: beside
  parts:
    frame: {panel: {inset: 0.5, width: 0.3}}
    word: {words: {y: 7, size: 8, margin: 2, weight: bold}}
"""


@pytest.mark.parametrize("module", sorted(RULES.glob("*/counters.py")), ids=lambda p: p.parent.name)
def test_a_rule_sets_counters_place_nothing_by_coordinates(module):
    """Code review §2: every rule set hand-placed its chits (8–13 page calls each). Now each says what a chit holds
    and render/counters.py draws it from the style record: no page primitive is called in the module."""
    calls = [f"{module.name}:{n.lineno} {n.func.attr}" for n in ast.walk(ast.parse(module.read_text()))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in PLACING]
    assert not calls, calls


def test_every_rule_set_reads_its_counters_from_a_style_record():
    """Each rule set's aids.yaml loads, and every chit it describes has a size and its parts."""
    files = sorted(RULES.glob("*/aids.yaml"))
    assert {f.parent.name for f in files} == {p.parent.name for p in RULES.glob("*/counters.py")}
    for f in files:
        for name, style in load_style(f).items():
            assert style.w > 0 and style.h > 0 and style.parts, (f, name)


@pytest.mark.parametrize("bad, words", [
    ("    word: {words: {y: 7, size: 8, colour_: 1}}\n", "words has no 'colour_'"),
    ("    word: {dial: {y: 7}}\n", "'dial'"),
])
def test_a_style_record_that_is_not_one_says_which_and_why(tmp_path, bad, words):
    path = tmp_path / "aids.yaml"
    path.write_text(STYLE.replace("    word: {words: {y: 7, size: 8, margin: 2, weight: bold}}\n", bad))
    with pytest.raises(ShipyardError) as err:
        load_style(path)
    assert "aids.yaml" in str(err.value) and "'marker'" in str(err.value) and words in str(err.value)


def _sheet(tmp_path, chits, layout):
    style = load_style(_style_file(tmp_path))["marker"]
    face = [(style["frame"], None), (style["word"], "FRONT")]
    out = tmp_path / f"{layout}.pdf"
    with Document(out, paper="a4", title="t") as doc:
        chit_sheet(doc, [Chit(face, None if back is None else [(style["frame"], None), (style["word"], back)])
                         for back in chits], style, layout=layout, title="Markers")
    with pdfplumber.open(out) as pdf:
        return [(text, p.rects, p.lines) for text, p in zip(pdf_page_texts(out), pdf.pages, strict=True)]


def _style_file(tmp_path):
    path = tmp_path / "aids.yaml"
    path.write_text(STYLE)
    return path


def test_backs_with_nothing_behind_them_say_so_on_the_back_page(tmp_path):
    """A duplex back page with no chit on it says it is left blank (a printer that drops an empty page would shift
    every later back); a back page that holds backs says nothing of the kind."""
    blank = _sheet(tmp_path, [None] * 3, "backs")
    assert len(blank) == 2 and "FRONT" in blank[0][0]
    assert "back of the markers page: left blank for duplex printing" in blank[1][0]
    backed = _sheet(tmp_path, ["BACK"] * 3, "backs")
    assert backed[1][0].count("BACK") == 3 and "left blank" not in backed[1][0]


def test_a_fold_beside_puts_each_back_right_of_its_front_across_a_dashed_line(tmp_path):
    ((text, rects, lines),) = _sheet(tmp_path, ["BACK"], "fold")
    fronts = sorted(r["x0"] for r in rects)
    assert len(fronts) == 2 and fronts[1] - fronts[0] == pytest.approx(20 * 72 / 25.4, abs=0.01)
    fold = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln.get("dash")]
    assert fold and "FRONT" in text and "BACK" in text


AIDS = sorted(p for pattern in ("*/counters.py", "*/templates.py", "*/gauge.py") for p in RULES.glob(pattern))
DRAWING = PLACING | {"draw", "Drawing", "fit_text", "wrap_text"}


@pytest.mark.parametrize("module", AIDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_counter_or_gauge_module_hands_a_page_a_number_of_its_own(module):
    """Code review §2/§9.3: templates and gauges were hand geometry, 23–29 page calls each with their own widths,
    sizes and offsets. Now every size, width, grey and offset a module hands a page comes from its style record
    (aids.yaml); what is left in the code is geometry (halves, the radius, table lengths)."""
    own = []
    for n in ast.walk(ast.parse(module.read_text())):
        if isinstance(n, ast.Call):
            name = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            if name in DRAWING:
                own += [f"line {n.lineno}: {c.value!r}" for a in [*n.args, *(k.value for k in n.keywords)]
                        for c in ast.walk(a) if isinstance(c, ast.Constant) and type(c.value) in (int, float)
                        and c.value not in (0, 1, 2)]
    assert not own, own


def _measured(tmp_path, draw):
    """The lines, curves and rects drawn by draw(page) on a true-scale A4 page, in mm."""
    out = tmp_path / "g.pdf"
    with Document(out, paper="a4", title="g") as doc:
        with doc.true_scale_pages():
            draw(doc.new_page())
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        mm = 25.4 / 72
        return ([(ln["x0"] * mm, ln["top"] * mm, ln["x1"] * mm, ln["bottom"] * mm) for ln in page.lines],
                [(r["x0"] * mm, r["top"] * mm, r["width"] * mm, r["height"] * mm) for r in page.rects], page.curves)


LOOK = {"height": 14.0, "band_room": 18.0, "band_raise": 2.0, "outline": 0.35, "major": 3, "tick": 3.0,
        "tick_major": 5.0, "tick_half": 1.8, "tick_width": 0.25, "number_drop": 8.2, "number_nudge": 0.8}


def test_a_ruler_is_true_to_a_tenth_of_a_millimetre(tmp_path):
    """A 6-inch piece from 3 to 9 in: its outline is 152.4 mm long, a tick at every inch 25.4 mm apart."""
    from shipyard.render.gauges import Band, Look, Type, ruler

    look = Look("stick", dict(LOOK, band_type=Type(6.5), number=Type(6), number_major=Type(7, "bold")))
    lines, rects, _ = _measured(tmp_path, lambda page: ruler(page, 30, 40, 3, 9, 25.4, [Band("LONG", 0, 12, 0.9)], look))
    outline = max(rects, key=lambda r: r[2])
    assert outline[2] == pytest.approx(152.4, abs=0.1) and outline[3] == pytest.approx(14.0, abs=0.1)
    inch = sorted(x0 for x0, y0, x1, y1 in lines if abs(x0 - x1) < 0.01 and y0 == pytest.approx(40, abs=0.01)
                  and min(abs(y1 - y0 - 3.0), abs(y1 - y0 - 5.0)) < 0.05)
    assert len(inch) == 7
    assert [b - a for a, b in zip(inch, inch[1:])] == pytest.approx([25.4] * (len(inch) - 1), abs=0.1)


def test_a_fans_edges_and_ticks_are_true_and_fall_inside_it(tmp_path):
    """A 45° fan of 70 mm from a pivot: both edges 70 mm long, and the inch ticks of each edge on the fan's side."""
    import math

    from shipyard.render.gauges import Look, fan, point, tick_segments

    look = Look("fan", {"fill": 0.9, "cut": 0.4})
    pivot = (100.0, 150.0)
    lines, _, _ = _measured(tmp_path, lambda page: fan(page, pivot, 70.0, 67.5, 45.0, look))
    # a line's box has the pivot at a corner (pdfplumber gives boxes, not ends)
    edges = [ln for ln in lines if min(abs(ln[0] - pivot[0]), abs(ln[2] - pivot[0])) < 0.01
             and min(abs(ln[1] - pivot[1]), abs(ln[3] - pivot[1])) < 0.01]
    assert len(edges) == 2
    for x0, y0, x1, y1 in edges:
        assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(70.0, abs=0.1)
    for deg, side in ((67.5, 1), (112.5, -1)):  # the right edge's ticks go counter-clockwise of it, the left's clockwise
        (x0, y0, x1, y1), = tick_segments(pivot, deg, [25.4], [2.0], side=side)
        assert (x0, y0) == pytest.approx(point(pivot, 25.4, deg))
        bearing = math.degrees(math.atan2(pivot[1] - y1, x1 - pivot[0]))
        assert 67.5 < bearing < 112.5 and math.hypot(x1 - x0, y1 - y0) == pytest.approx(2.0)


def test_a_fan_knows_how_far_it_reaches_from_its_pivot():
    """What the gauges are placed by: a 90° fan about the heading is 2r·sin 45° wide and r tall; a 30° turn gauge
    lying along its heading arm stands r·sin 30° above the pivot and reaches r along it."""
    import math

    from shipyard.render.gauges import fan_extent

    left, top, right, bottom = fan_extent(70.0, 45.0, 90.0)
    assert right - left == pytest.approx(2 * 70 * math.sin(math.radians(45))) and top == pytest.approx(-70.0) and bottom == 0
    assert fan_extent(60.0, 0.0, 30.0) == pytest.approx((0.0, -30.0, 60.0, 0.0))
    assert fan_extent(60.0, 0.0, 120.0)[1] == pytest.approx(-60.0)  # past square: as tall as its arm


@pytest.fixture(scope="module")
def mobile_bay_units(library):
    from shipyard import app as core

    out = {}
    from shipyard.rules import all_rulesets

    for rs in all_rulesets():
        ctx = core.context(rs, library)
        scen = ctx.scenario = library.scenario("mobile-bay-1864")
        out[rs.key] = (rs, ctx, [(side, u, core.derive(rs, library, u, ctx)) for side, u in core.scenario_units(library, scen)])
    return out


@pytest.mark.parametrize("key", ["smoke-on-the-water", "saunders", "really-simple", "quick-play"])
def test_counters_and_gauges_draw_to_the_screen_as_to_paper(mobile_bay_units, key, tmp_path):
    """The pieces draw only through Page's primitives, so an SvgDocument gets every counter and gauge page the PDF
    gets, with the same letters and figures on each."""
    import html
    import re
    from collections import Counter

    import pypdfium2

    from shipyard import app as core
    from shipyard.render.svg import SvgDocument

    rs, ctx, units = mobile_bay_units[key]
    for aid, draw in (("counters", lambda doc: core.aid(rs, "counters")(doc, units, ctx, backs=True)),
                      ("templates", lambda doc: core.aid(rs, "templates")(doc, ctx))):
        pdf = tmp_path / f"{aid}.pdf"
        with Document(pdf, paper="a4", title=aid) as doc:
            draw(doc)
        svg = SvgDocument(paper="a4", title=aid)
        draw(svg)
        svg.close()
        read = pypdfium2.PdfDocument(str(pdf))
        letters = [Counter(c for c in p.get_textpage().get_text_range() if c.isalnum()) for p in read]
        read.close()
        assert len(svg.pages) == len(letters), aid
        for page, printed in zip(svg.pages, letters):
            shown = Counter(c for t in re.findall(r"<text[^>]*>([^<]*)</text>", page) for c in html.unescape(t)
                            if c.isalnum())
            assert shown == printed, aid
