"""Really Simple ACW Naval Rules: the 45° turning gauge and the range stick, true scale.

True-scale geometry stays code: every length here is a real length on paper (inches of the table at the pack's
scale), drawn on pages declared true scale (`doc.true_scale_pages()`), which carry the 100 mm calibration bar.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ...render.gauges import Band, Front, at_bearing, bearing_disc, disc_room, fan, fan_extent, load_looks, ruler, tick_segments
from .derive import scale_factor

LOOKS = load_looks(Path(__file__).with_name("aids.yaml"))
MM_PER_IN = 25.4
UP = 90.0  # the present heading points up the page

GAUGE_R = LOOKS["turning_gauge"].radius  # mm


def templates(doc, ctx) -> None:
    """A 45° turning gauge and, below it on the same page while they fit, the range stick (3, 18, 36 in × scale) in
    labelled joining pieces."""
    with doc.true_scale_pages():
        bottom = _gauge_page(doc, ctx)
        _range_stick_pages(doc, ctx, bottom + LOOKS["range_stick"].gap,
                           beside=lambda page, left, top, foot: fort_sectors(page, left, top, foot, ctx))


def _gauge_page(doc, ctx) -> float:
    """The gauge at the right of a new page, the 1-inch check square at its left; returns the y below them."""
    look = LOOKS["turning_gauge"]
    box = doc.content
    page = doc.new_page(bookmark="Turning gauge")
    turn = float(ctx.tables["movement"].rows.get("turn_deg", 45))
    r = look.radius
    left, _, right, _ = fan_extent(r, UP - turn, 2 * turn)
    left_w = box.w - (right - left) - look.beside  # the column beside the gauge
    look.title.draw(page, box.x, box.y + look.title_drop, f"Turning gauge: {turn:g}° a turn")
    below = page.wrap_text(box.x, box.y + look.words_drop, "Cut along the solid outline. Put the point at the model's "
                           "centre (a lashed pair: the first-named ship's; her consort swings with her, still alongside "
                           "on the same side), the middle line along her present heading, and swing her onto the left "
                           "or right edge.", left_w, size=look.words_pt, family="condensed")
    cx = box.right - right - look.right
    cy = box.y + look.pivot_drop + r
    pivot = (cx, cy)
    # the gauge: the heading line straight up, the two turn edges at ±turn from it
    fan(page, pivot, r, UP - turn, 2 * turn, look)
    page.line(cx, cy, cx, cy - r, width=look.heading_width, dash=look.heading_dash)
    for a, label in ((UP + turn / 2, f"LEFT {turn:g}°"), (UP - turn / 2, f"RIGHT {turn:g}°")):
        at_bearing(page, pivot, r * look.edge_label_r, a, label, look.edge_label)
    back, down = look.heading_at
    look.heading.draw(page, cx - back, cy - r + down, "present heading")
    # inch ticks along both edges, inside the gauge, so that it doubles as a short ruler
    factor, _ = scale_factor(ctx)
    inches = [i * MM_PER_IN for i in range(1, int(r // MM_PER_IN) + 1)]
    ticks = [t for a, side in ((UP - turn, -1), (UP + turn, 1))
             for t in tick_segments(pivot, a, inches, [look.tick] * len(inches), side=side)]
    page.lines(ticks, width=look.tick_width)
    # marker: the pivot point
    page.circle(cx, cy, look.pivot_r, fill=0, width=look.pivot_width)
    # a check square, in the column beside the gauge
    sq = max(box.y + look.square_top, below + look.square_gap)
    page.rect(box.x, sq, MM_PER_IN, MM_PER_IN, width=look.square_width)
    look.square_word.draw(page, box.x + MM_PER_IN / 2, sq + look.square_word_drop, "1 in")
    first, second = look.square_notes
    page.wrap_text(box.x, sq + first, "this square must measure 1 inch (25.4 mm) a side", left_w, size=look.note_pt,
                   family="condensed")
    page.wrap_text(box.x, sq + second, f"scale {ctx.scale}: 1 knot of speed = {factor:g} in of movement; the ticks on "
                   f"the gauge's edges are inches ({1 / factor:g} knot of move each)", left_w, size=look.note_pt,
                   family="condensed")
    return cy + look.foot


@dataclass
class StickPiece:
    index: int
    start_in: float
    end_in: float


def stick_pieces(total_in: float, max_len_mm: float) -> list[StickPiece]:
    """Cut a stick of total_in inches into equal whole-inch pieces no longer than max_len_mm."""
    longest = max(1, int(max_len_mm // MM_PER_IN))
    per = next((k for k in range(longest, 0, -1) if total_in % k == 0 and k >= longest * 0.7), None)
    if per is None:  # no even split near the longest piece: equal-ish pieces, the last one shorter
        per = math.ceil(total_in / math.ceil(total_in / longest))
    out = []
    start = 0.0
    i = 0
    while start < total_in - 1e-9:
        end = min(total_in, start + per)
        out.append(StickPiece(i, start, end))
        start = end
        i += 1
    return out


def _range_stick_pages(doc, ctx, y0: float, beside=None) -> None:
    """The range stick's pieces from y0 on the page in hand, continued on further pages as needed; beside(page, left,
    top, foot): what is drawn in the column right of the first page's pieces, down to the content's foot."""
    look = LOOKS["range_stick"]
    box = doc.content
    factor, _ = scale_factor(ctx)
    r = ctx.tables["ranges"].rows
    edges = [0.0, r["point_blank"] * factor, r["effective"] * factor, r["long"] * factor]
    bands = [Band(name, lo, hi, shade) for name, lo, hi, shade in
             zip(("POINT BLANK", "EFFECTIVE", "LONG"), edges, edges[1:], look.shades)]
    total = edges[-1]
    pieces = stick_pieces(total, box.w - look.tab - look.side)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    page = doc.page
    h = look.height
    pitch = h + look.pitch
    y = y0
    for k, p in enumerate(pieces):
        if k == 0 or y + pitch > box.bottom:
            if y + look.header + pitch > box.bottom:
                page = doc.new_page()
                y = box.y
            if k == 0:
                doc.bookmark("Range stick", level=0, y=y)
            look.title.draw(page, box.x, y + look.title_drop, f"Range stick ({ctx.scale}): {len(pieces)} pieces, "
                            "joined end to end" + (" (continued)" if k else ""))
            page.wrap_text(box.x, y + look.words_drop, "Cut out each piece, glue the grey tab under the next piece "
                           "so the joining letters meet, and mount on card. Inches from the firing ship; bands as the "
                           "rules' ranges.", box.w, size=look.words_pt, family="condensed")
            y += look.header
        x0 = box.x
        length = (p.end_in - p.start_in) * MM_PER_IN
        top = y + look.top
        if k == 0 and beside is not None:  # beside the pieces, to the content's foot (the calibration bar is below it)
            beside(page, x0 + max(q.end_in - q.start_in for q in pieces) * MM_PER_IN + look.tab, y, box.bottom)
        ruler(page, x0, top, p.start_in, p.end_in, MM_PER_IN, bands, look)
        # joins
        look.caption.draw(page, x0, y + look.caption_drop,
                          f"piece {p.index + 1} of {len(pieces)}: {p.start_in:g}–{p.end_in:g} in")
        if p.index > 0:
            look.join.draw(page, x0 + look.join_inset, top + h - look.join_raise, f"◀{letters[p.index - 1]}")
        if p.index < len(pieces) - 1:
            look.join.draw(page, x0 + length - look.join_inset, top + h - look.join_raise, f"{letters[p.index]}▶",
                           align="right")
            page.rect(x0 + length, top, look.tab, h, width=look.tab_width, fill=look.tab_fill, dash=look.tab_dash)
            look.glue.draw(page, x0 + length + look.tab / 2, top + h / 2 + look.glue_drop, "glue")
        y += pitch


def sector_forts(ctx) -> list[tuple[str, list[Front], list[str]]]:
    """The forts the scenario's set-up gives fronts (arcs), in its order: (name, fronts, a legend line a front:
    '170–330°: 20 guns')."""
    scenario = getattr(ctx, "scenario", None)
    setup = getattr(scenario, "setup", None)
    if setup is None:
        return []
    out = []
    for side in scenario.sides:
        for su in side.units:
            start = setup.starts.get(su.id)
            unit = ctx.library.units.get(su.id)
            if start is None or not start.arcs or unit is None:
                continue
            fronts = [Front(a.from_, a.to, str(a.count) if a.count else "") for a in start.arcs]
            legend = [f"{a.from_:03.0f}–{a.to:03.0f}°" + (f": {a.count} guns" if a.count else "") for a in start.arcs]
            out.append((unit.name, fronts, legend))
    return out


def fort_sectors(page, left: float, top: float, bottom: float, ctx) -> None:
    """In the column right of the range stick's pieces: how to read a fort's sectors (fort_sectors.how), then a disc a
    fort the set-up gives fronts (render.gauges.bearing_disc), true in its angles, with its fronts' bearings and
    guns, as large as the column lets (none drawn if it is too narrow)."""
    forts = sector_forts(ctx)
    if not forts:
        return
    look = LOOKS["fort_sectors"]
    right = page.content.right
    x = left + look.side
    w = right - x
    how = ctx.tables.require("fort_sectors").rows["how"]
    look.title.draw(page, x, top + look.title_drop, "Fort sectors")
    y = page.wrap_text(x, top + look.title_drop + look.title.leading_mm, how, w, size=look.words_pt,
                       family="condensed") + look.words_gap
    line = look.legend_pt * 1.2 / MM_PT
    legend_h = max(len(lg) for _, _, lg in forts) * line
    cell = (bottom - y) / len(forts)
    head = look.name_drop + line  # the fort's name, in two lines at most
    r = min(look.radius, w / 2 - look.bearing_room,
            (cell - head - look.name_gap - look.north_out - look.north_h - legend_h) / 2 - look.bearing_room / 2)
    if r < look.least:
        return
    for name, fronts, legend in forts:
        below = page.wrap_text(x + w / 2, y + look.name_drop, name, w, size=look.fort_name.size, weight=look.fort_name.weight,
                               family=look.fort_name.family, align="centre")
        centre = (x + w / 2, below - line + look.name_gap + look.north_out + look.north_h + r)
        bearing_disc(page, centre, r, fronts, look)
        ly = centre[1] + r + look.bearing_room + line
        for words in legend:
            page.text(x + w / 2, ly, words, size=look.legend_pt, family="condensed", align="centre")
            ly += line
        y += cell


MM_PT = 72 / 25.4  # points to the mm

