"""Issue 22's shared set-up page (page 2 of every Mobile Bay pack), as the replays r13-r15 found it: the lashed pairs'
consorts, the channel edge's meaning, the monitors' column, the start speeds in a rule set's own words."""

from __future__ import annotations

import pytest

from shipyard.pack.setup_page import fit, starts_table
from shipyard.rules import get_ruleset

RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]
MONITORS = ["USS Tecumseh", "USS Manhattan", "USS Winnebago", "USS Chickasaw"]


def _units(library, scenario):
    return {su.id: library.units[su.id] for s in scenario.sides for su in s.units}


@pytest.mark.parametrize("rules", RULES)
def test_the_monitors_start_in_one_column_on_tecumsehs_track(library, rules):
    """Replays r13, r14 (Quick Play): Winnebago and Chickasaw set up at x 58½, off Tecumseh's x 59, so the line-ahead
    rule shifted them ½" in the first move. No source staggers the column: they start on her track, in every rule set
    (Smoke on the Water's window too, where they come on from the south edge where their starts say)."""
    scenario = library.scenarios["mobile-bay-1864"]
    rs = get_ruleset(rules)
    f = fit(scenario.setup, rs, rs.native_scale)
    rows = {r[0]: r[1] for r in starts_table(scenario, scenario.sides[0], _units(library, scenario), f, rs).rows}
    starts = f.starts(scenario.setup)
    xs = {starts[uid].at[0] for uid in ("uss-tecumseh", "uss-manhattan", "uss-winnebago", "uss-chickasaw")}
    assert len(xs) == 1, xs
    printed = {rows[name].split(",")[0] for name in MONITORS if name in rows and "," in rows[name]}
    assert len(printed) == 1, (rules, {n: rows.get(n) for n in MONITORS})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_quick_plays_starts_table_gives_each_start_speed_in_inches_a_bound_as_bound_1_does(bundled_packs, paper):
    """Replays r13, r15 (Quick Play, p2): the starts table listed the wooden pairs at "4 kn", meaning 4", while the
    bound-1 event and the lashed-pair rule say 3" (the gunboat's Slow). The table now gives each start speed in the
    rule set's own terms (RuleSet.start_speed): the setting on her card, a lashed pair's the slower's."""
    from conftest import pdf_page_texts

    page = " ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "quick-play", paper).path)[1].split())
    assert "Set-up:" in page and 'the wooden line 3"' in page  # bound 1's column speeds
    assert 'USS Brooklyn + USS Octorara 56, 17 005° 3"' in page
    assert 'USS Tecumseh 59, 17½ 000° 4"' in page and "CSS Tennessee 55, 38½ 175° 0\"" in page
    assert " kn lashed pair" not in page and "° 4 kn" not in page and "° 0 kn" not in page


def test_a_rule_set_that_moves_in_knots_keeps_them_in_its_starts_table(library):
    """The contract's default: a rule set with no start_speed of its own (Saunders plots knots) prints knots."""
    scenario = library.scenarios["mobile-bay-1864"]
    rs = get_ruleset("saunders")
    assert rs.start_speed is None
    f = fit(scenario.setup, rs, rs.native_scale)
    rows = {r[0]: r[2] for r in starts_table(scenario, scenario.sides[0], _units(library, scenario), f, rs).rows}
    assert rows["USS Brooklyn + USS Octorara"] == "005° 4 kn"


def _triangles(path, page: int) -> list[tuple[float, float, float]]:
    """Each filled triangle drawn on a page: (width pt, centre x, centre y), as pdfminer reads the paths (each subpath
    a shape of its own; a triangle: three distinct points, each segment's end, a close back to the start adding none).
    Read through pdfium's page objects, some ten times faster than pdfminer's parse of the page, forms' contents
    included: the same triangles as pdfminer's, to 0.001 pt, on page 2 of every bundled Mobile Bay pack."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    from conftest import pdfium_paths

    x, y = ctypes.c_float(), ctypes.c_float()
    fill_mode, stroked = ctypes.c_int(), ctypes.c_int()

    def triangles(obj, placed):
        if not raw.FPDFPath_GetDrawMode(obj, ctypes.byref(fill_mode), ctypes.byref(stroked)) \
                or fill_mode.value == raw.FPDF_FILLMODE_NONE:
            return
        a, b, c, d, e, f = placed
        subpaths, bezier = [], 0
        for k in range(raw.FPDFPath_CountSegments(obj)):
            seg = raw.FPDFPath_GetPathSegment(obj, k)
            step = raw.FPDFPathSegment_GetType(seg)
            if step == raw.FPDF_SEGMENT_BEZIERTO:  # two control points, then the curve's end: pdfminer keeps the end
                bezier += 1
                if bezier % 3:
                    continue
            raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
            pt = (a * x.value + c * y.value + e, b * x.value + d * y.value + f)
            if step == raw.FPDF_SEGMENT_MOVETO:
                subpaths.append([])
            subpaths[-1].append(pt)
        for pts in subpaths:
            pts = list(dict.fromkeys(pts))
            if len(pts) == 3:
                xs = [p[0] for p in pts]
                yield max(xs) - min(xs), sum(xs) / 3, sum(p[1] for p in pts) / 3

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        p = pdf[page]
        return [t for obj, placed in pdfium_paths(p) for t in triangles(obj, placed)]
    finally:
        pdf.close()


@pytest.mark.parametrize("rules, paper", [(r, "a4") for r in RULES] + [("quick-play", "letter")])
def test_each_lashed_consort_is_drawn_beside_her_partner_on_the_side_she_is_lashed(bundled_packs, library, rules,
                                                                                   paper):
    """Replays r13 (Really Simple) and r15 (Saunders), p2: each lashed pair was one triangle, so the consort's model
    and the side she is lashed on were not shown. Each consort is now a smaller hull of her own beside her partner, on
    the side the scenario gives (Mobile Bay: to port, away from the fort, so west of a line steering 005°), and the
    pair's label names the side."""
    from conftest import setup_blocks_on
    from shipyard.pack.setup_page import plan_of

    blocks, box = setup_blocks_on(library, "mobile-bay-1864", rules, paper)
    plan, _ = plan_of(blocks, box.w)
    pairs = [m for m in plan.markers if m.consorts]
    assert pairs and all(m.consorts == ["port"] and m.label.endswith(" (port)") for m in pairs)
    drawn = _triangles(bundled_packs.get("mobile-bay-1864", rules, paper).path, 1)
    hull = max(w for w, *_ in drawn)
    small = [t for t in drawn if t[0] < hull * 0.85]
    big = [t for t in drawn if t[0] >= hull * 0.85]
    assert len(small) == len(pairs)
    for w, x, y in small:  # beside a full-size hull, to her west: her port side on 005°
        partner = min(big, key=lambda b: (b[1] - x) ** 2 + (b[2] - y) ** 2)
        assert 0 < partner[1] - x < hull * 1.5 and abs(partner[2] - y) < hull / 2, (w, x, y, partner)


@pytest.mark.parametrize("rules, paper", [(r, "a4") for r in RULES] + [(r, "letter") for r in RULES])
def test_the_plans_key_says_what_lies_either_side_of_the_channels_edge(bundled_packs, rules, paper):
    """Replays r13 and r14 (Really Simple, p2): the channel's edge was drawn in long grey dashes with no word of what it
    means. The key says the depth inside it (the scenario's 24 ft) and what lies outside (the dotted shoal, else
    deep water), in the words the depths line under it uses."""
    from conftest import pdf_page_texts

    page = " ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", rules, paper).path)[1].split())
    assert "channel edge in long grey dashes (24 ft inside; outside, shoal or deep water); shoals pale dotted" in page
    assert "Main Ship Channel: 24 ft" in page  # the depth the key gives is the scenario's, as the depths line says


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_lashed_pair_that_arrives_later_keeps_its_turn_on_the_line_of_its_start(bundled_packs, paper):
    """Replay r18 (Smoke on the Water, p2): "lashed pair; arrives turn 3" wrapped its cell, the turn's number alone on
    the next line, for five of the seven pairs. A pair that also arrives is "lashed" there (its name's "+" says pair)."""
    import re

    from conftest import pdf_page_texts

    lines = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)[1].splitlines()
    arriving = [line for line in lines if "arrives turn" in line]
    assert len(arriving) == 8, arriving  # two monitors and six lashed pairs come on after turn 0
    assert all(re.search(r"arrives turn \d+\b", line) for line in arriving), arriving
    assert sum("lashed; arrives turn" in line for line in arriving) == 6


def test_the_key_tells_a_shoal_from_land_by_a_paler_grey_as_the_plan_draws_them(bundled_packs):
    """Replay r22 (Smoke on the Water, p2): the Middle Ground, filled a light grey, read as land, which the key called
    "grey" as it did the shoals. The plan fills a shoal paler than land, and the key says so."""
    from conftest import pdf_page_texts
    from shipyard.render.plan import GROUND

    assert GROUND["shoal"][0] > GROUND["land"][0] + 0.1  # (fill grey: 1 is white) a shoal is visibly paler than land
    page = " ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)[1].split())
    assert "land grey;" in page and "shoals pale dotted;" in page


# ------------------------------------------------------------------- the label search's quick tests, against the plain ones
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_MM = st.floats(-80, 80, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(st.tuples(_MM, _MM).map(sorted), st.tuples(_MM, _MM).map(sorted))
def test_the_grid_within_a_ground_s_bounds_is_the_whole_grid_s_offsets_there_in_its_order(across, up):
    """A ground's name searches only the offsets whose box may lie within its outline's bounds: made for a small
    rectangle, they are the whole grid's there, nearest first and ties as the grid has them (the labels are placed
    exactly as before)."""
    from shipyard.render.plan import _outwards, _outwards_within

    (lo_x, hi_x), (lo_y, hi_y) = across, up
    assert _outwards_within(lo_x, hi_x, lo_y, hi_y) == [
        d for d in _outwards() if lo_x <= d[0] <= hi_x and lo_y <= d[1] <= hi_y]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_MM, _MM), min_size=3, max_size=9), st.lists(_MM, min_size=1, max_size=6), _MM)
def test_a_row_s_crossings_say_inside_as_the_ray_casting_does(outline, xs, y):
    """homed() asks whether many points of one row lie on a ground: the row's crossings, worked once, give the
    ray casting's answer for every point."""
    from shipyard.render.plan import _beyond_odd, _crossings, _inside

    row = _crossings(y, outline)
    assert [_beyond_odd(x, row) for x in xs] == [_inside(x, y, outline) for x in xs]


_BOX = st.tuples(_MM, _MM, st.floats(0, 30), st.floats(0, 30)).map(lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))


@settings(max_examples=300, deadline=None)
@given(_BOX, st.lists(_BOX, max_size=8))
def test_covering_none_is_no_overlap_with_any(box, boxes):
    """The grid search's quick test: a box covers none of the others exactly where its overlap with each is 0."""
    from shipyard.render.plan import _covers_none, _overlap

    assert _covers_none(box, boxes) == (not any(_overlap(box, b) for b in boxes))
