"""Smoke on the Water turning templates: only the manoeuvrability × speed pairs in play, long enough that any move
needs at most two lays (long strips in pieces glued end to end), end numbers clear of the cut lines and the dashed
bow lines clear of the strip titles."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pdfplumber
import pytest
from conftest import pdf_page_texts

from shipyard.render import Document
from shipyard.render.measure import text_width
from shipyard.rules import get_ruleset

RS = get_ruleset("sotw")
T = importlib.import_module("shipyard.rules.smoke_on_the_water.templates")
CASES = [("mobile-bay-1864", "1/600"), ("mobile-bay-1864", "1/1200"), ("hampton-roads-1862", "1/600"),
         ("hampton-roads-1862", "1/1200")]


def _ctx(library, scenario, scale):
    ctx = RS.context(library, scale=scale)
    ctx.scenario = library.scenario(scenario)
    return ctx


def _specs(ctx, paper="a4"):
    from shipyard.render.paper import PAPERS

    box = PAPERS[paper].printable
    return T._template_specs(ctx, SimpleNamespace(w=box.w, h=box.h - 20)), box


def test_templates_only_for_the_values_in_play(library):
    ctx = _ctx(library, "mobile-bay-1864", "1/600")
    in_play = T.values_in_play(ctx)
    units = [RS.derive(u, ctx).stats for _, u in library.scenario_units(ctx.scenario)]
    mans = {s.manoeuvrability for s in units if s.kind == "vessel"}
    # issue 22: Selma and Gaines (Poor sidewheelers) turn away from a lost wheel on Very Poor, a level slower
    assert set(in_play) == mans | {"Very Poor"} and "Very Good" not in in_play
    assert in_play["Very Poor"] == ["Slow", "Medium"]
    specs, _ = _specs(ctx)
    assert {sp["manoeuvrability"] for sp in specs} == mans | {"Very Poor"}
    # Hampton Roads: Virginia (Very Poor, Medium at best) gets Slow and Medium strips only
    hr = T.values_in_play(_ctx(library, "hampton-roads-1862", "1/600"))
    assert hr["Very Poor"] == ["Slow", "Medium"]


@pytest.mark.parametrize("scenario,scale", CASES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_move_in_play_needs_at_most_two_lays(library, scenario, scale, paper):
    ctx = _ctx(library, scenario, scale)
    specs, box = _specs(ctx, paper)
    by_pair: dict = {}
    for sp in specs:
        by_pair.setdefault((sp["manoeuvrability"], sp["speed"]), []).append(sp)
    assert by_pair
    for pair, pieces in by_pair.items():
        pieces.sort(key=lambda sp: sp["geo"]["start_mm"])
        start = 0.0
        for sp in pieces:
            geo = sp["geo"]
            assert geo["start_mm"] == pytest.approx(start)  # the pieces continue one another
            assert geo["w"] <= box.w - 4 + 1e-6 and geo["fits"]
            start += geo["length_mm"]
            assert bool(geo.get("tab_deg")) == (sp is not pieces[-1])  # each but the last has a glue tab
        assert 2 * start >= pieces[0]["move_mm"] - 1e-6, (pair, start, pieces[0]["move_mm"])


def test_end_numbers_sit_clear_of_the_cut_lines(library):
    for scenario, scale in CASES:
        specs, _ = _specs(_ctx(library, scenario, scale))
        for sp in specs:
            geo = sp["geo"]
            numbers = T.number_positions(geo)
            assert len(numbers) == geo["ticks"]
            s, text, size = numbers[0]
            assert s - text_width(text, size, "bold", "condensed") / 2 >= 0.5, sp["label"]
            s, text, size = numbers[-1]
            if not geo.get("tab_deg"):  # past the last mark of a piece with a tab there is the tab, not a cut line
                assert s + text_width(text, size, "bold", "condensed") / 2 <= geo["length_mm"] - 0.5, sp["label"]


def test_dashed_bow_lines_never_cross_a_strip_title(library):
    specs, _ = _specs(_ctx(library, "hampton-roads-1862", "1/600"))
    crossed = 0
    for sp in specs:
        geo = sp["geo"]
        box = T.label_box(geo, 60.0)
        x0, y0, x1, y1 = box
        for sx1, sy1, sx2, sy2 in T.dashed_segments(geo, box):
            for i in range(51):
                x, y = sx1 + (sx2 - sx1) * i / 50, sy1 + (sy2 - sy1) * i / 50
                assert not (x0 + 0.01 < x < x1 - 0.01 and y0 + 0.01 < y < y1 - 0.01), sp["label"]
        crossed += len(T.dashed_segments(geo, box)) > len([k for k in range(1, geo["ticks"] - 1)
                                                            if (round(geo["start_mm"] / 10) + k) % 5 == 0])
    assert crossed  # some lines did run through a title's place, and were broken there


def test_pack_templates_take_two_pages_for_the_pairs_in_play(library, tmp_path):
    ctx = _ctx(library, "mobile-bay-1864", "1/600")
    out = tmp_path / "t.pdf"
    with Document(out, paper="a4", title="t", true_scale=True) as doc:
        T.templates(doc, ctx)
    specs, _ = _specs(ctx)
    texts = pdf_page_texts(out)
    text = "\n".join(texts)
    assert len(texts) == 3  # two pages of strips and the gauges page
    for sp in specs:
        assert sp["label"] in text
    assert "Very Good" not in text and "Very Poor at Fast" not in text


def test_strips_nest_a_gap_apart():
    flat = T.template_geometry(30, 40, 1.0, 180, 120, length_mm=200)
    # the same curve: a band and a gap apart at the middle, a little more towards the ends (vertical, not radial)
    assert flat["band"] + T.STACK_GAP <= T.nest_offset(flat, flat) <= flat["band"] + T.STACK_GAP + 2
    tight = T.template_geometry(12, 10, 1.0, 180, 120)
    gap = T.nest_offset(flat, tight)
    # a tighter curve under a flatter one: its top clears the flat strip's inner edge by the gap, nowhere less
    for i in range(101):
        x = -tight["w"] / 2 + tight["w"] * i / 100
        low = T._lowest(flat, x)
        top = gap + tight["R"] - (tight["R"] ** 2 - x * x) ** 0.5
        if low is not None and abs(x) <= tight["R"] * 0.999:
            assert top - low >= T.STACK_GAP - 0.05


CUT_GAP_MM = 3.0  # room for scissors between two pieces' cut lines
PT = 25.4 / 72


def _sector(sp):
    """(centre x, centre y, inner radius, outer radius, first angle, last angle) of a placed strip, in page mm,
    angles in radians counter-clockwise from east; recomputed here from R, band and the angles, not from outline()."""
    import math

    geo = sp["geo"]
    a0 = math.pi / 2 - math.radians(geo["theta_deg"]) / 2
    return (sp["cx"], sp["top"] + geo["R"], geo["R"] - geo["band"], geo["R"], a0,
            a0 + math.radians(geo["theta_deg"] + geo.get("tab_deg", 0.0)))


def _inside(sec, x, y, margin=0.0):
    import math

    cx, cy, r_in, r_out, a0, a1 = sec
    r = math.hypot(x - cx, cy - y)
    a = math.atan2(cy - y, x - cx)
    arc_margin = margin / max(r, 1.0)
    return r_in + margin <= r <= r_out - margin and a0 + arc_margin <= a <= a1 - arc_margin


def _edge_points(sec, step=0.4):
    import math

    cx, cy, r_in, r_out, a0, a1 = sec
    pts = []
    for r in (r_in, r_out):
        n = int(r * (a1 - a0) / step) + 2
        pts += [(cx + r * math.cos(a0 + (a1 - a0) * i / n), cy - r * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]
    for a in (a0, a1):
        n = int((r_out - r_in) / step) + 2
        pts += [(cx + (r_in + (r_out - r_in) * j / n) * math.cos(a), cy - (r_in + (r_out - r_in) * j / n) * math.sin(a))
                for j in range(n + 1)]
    return pts


def _nearest(a: list, b: list, near: float = 8.0) -> float:
    """The least distance between a point of `a` and one of `b` (mm), exact wherever it is under `near`; over it, some
    distance over `near` or inf (far apart: nothing near). Each point of `a` is measured only against `b`'s points in
    its own and the eight neighbouring `near`-sized squares, not against every point a strip's width away."""
    import math

    cells: dict = {}
    for bx, by in b:
        cells.setdefault((math.floor(bx / near), math.floor(by / near)), []).append((bx, by))
    best = math.inf
    for ax, ay in a:
        cx, cy = math.floor(ax / near), math.floor(ay / near)
        for kx in (cx - 1, cx, cx + 1):
            for ky in (cy - 1, cy, cy + 1):
                for bx, by in cells.get((kx, ky), ()):
                    d = math.hypot(ax - bx, ay - by)
                    if d < best:
                        best = d
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_have_room_to_cut_between_and_keep_their_marks_inside(library, tmp_path, paper):
    """Every two pieces on a page are at least CUT_GAP_MM apart (outline to outline, any direction), and every
    number, tick and dashed line drawn on the template pages lies inside the outline of its own piece, measured on the
    PDF (so cutting one piece out never nicks another)."""
    import math

    ctx = _ctx(library, "mobile-bay-1864", "1/600")
    out = tmp_path / "t.pdf"
    with Document(out, paper=paper, title="t", true_scale=True) as doc:
        placed = T.templates(doc, ctx)
    pages: dict = {}
    for sp in placed:
        pages.setdefault(sp["page"], []).append(sp)
    assert len(pages) == 2
    closest = math.inf
    for strips in pages.values():
        secs = [_sector(sp) for sp in strips]
        edges = [_edge_points(sec) for sec in secs]
        for i in range(len(secs)):
            for j in range(i + 1, len(secs)):
                d = _nearest(edges[i], edges[j])
                closest = min(closest, d)
                # the declared gap in any direction (the end lines slope: a vertical gap alone was 3.7 mm at worst)
                assert d >= max(CUT_GAP_MM, T.STACK_GAP - 0.1), (strips[i]["label"], strips[j]["label"], round(d, 2))
    assert closest < 8  # the pieces are nested close, not merely spread out
    with pdfplumber.open(out) as pdf:
        checked = 0
        for number, strips in pages.items():
            page = pdf.pages[number - 1]
            secs = [_sector(sp) for sp in strips]
            first_top = min(sp["top"] for sp in strips)
            last_bottom = max(sp["top"] + sp["geo"]["h"] for sp in strips)
            for ch in page.chars:
                x0, x1, t, b = ch["x0"] * PT, ch["x1"] * PT, ch["top"] * PT, ch["bottom"] * PT
                mid = ((x0 + x1) / 2, (t + b) / 2)
                home = [sec for sec in secs if _inside(sec, *mid)]
                if not home:
                    assert b < first_top or t > last_bottom, ch["text"]  # the header, or the calibration bar and footer
                    continue
                assert len(home) == 1
                # the glyph's box, shrunk a little (a glyph's box has side bearings), inside its own piece
                for x, y in ((x0 + 0.3, t + 0.6), (x1 - 0.3, t + 0.6), (x0 + 0.3, b - 0.6), (x1 - 0.3, b - 0.6)):
                    assert _inside(home[0], x, y, margin=-0.05), (ch["text"], round(x, 1), round(y, 1))
                checked += 1
            for ln in page.lines:
                ends = [(x * PT, y * PT) for x, y in (ln["pts"][0], ln["pts"][-1])]  # (x0, top) may be the wrong corners
                if all(y > last_bottom for _, y in ends):
                    continue  # the calibration bar under the strips
                mid = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
                home = [sec for sec in secs if _inside(sec, *mid, margin=-0.3)]
                assert home, ends
                assert any(all(_inside(sec, x, y, margin=-0.3) for x, y in ends) for sec in home), ends
                checked += 1
    assert checked > 200
