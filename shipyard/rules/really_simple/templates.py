"""Really Simple ACW Naval Rules: the 45° turning gauge and the range stick, true scale.

True-scale geometry stays code: every length here is a real length on paper (inches of the table at the pack's
scale), drawn on pages declared true scale (`doc.true_scale_pages()`), which carry the 100 mm calibration bar.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .derive import scale_factor

GREY = 0.45
MM_PER_IN = 25.4

GAUGE_R = 70.0  # mm


def templates(doc, ctx) -> None:
    """A 45° turning gauge and, below it on the same page while they fit, the range stick (3, 18, 36 in × scale) in
    labelled joining pieces."""
    with doc.true_scale_pages():
        bottom = _gauge_page(doc, ctx)
        _range_stick_pages(doc, ctx, bottom + 4.0)


def _gauge_page(doc, ctx) -> float:
    """The gauge at the right of a new page, the 1-inch check square at its left; returns the y below them."""
    box = doc.content
    page = doc.new_page(bookmark="Turning gauge")
    turn = float(ctx.tables["movement"].rows.get("turn_deg", 45))
    r = GAUGE_R
    left_w = box.w - 2 * r * math.sin(math.radians(turn)) - 8.0  # the column beside the gauge
    page.text(box.x, box.y + 5, f"Turning gauge: {turn:g}° a turn", size=12, weight="bold")
    below = page.wrap_text(box.x, box.y + 10, "Cut along the solid outline. Put the point at the pivot of the model's "
                           "bow (or centre), the middle line along her present heading, and swing her onto the left or "
                           "right edge.", left_w, size=7.5, family="condensed")
    cx = box.right - r * math.sin(math.radians(turn)) - 2.0
    cy = box.y + 6 + r
    # the gauge: the heading line straight up, the two turn edges at ±turn from it
    up = 90.0
    edges = [up - turn, up + turn]
    page.wedge(cx, cy, r, up - turn, 2 * turn, fill=0.94, width=0.0, stroke=False)
    for a in edges:
        ex = cx + r * math.cos(math.radians(a))
        ey = cy - r * math.sin(math.radians(a))
        page.line(cx, cy, ex, ey, width=0.4)
    page.arc(cx, cy, r, up - turn, 2 * turn, width=0.4)
    page.line(cx, cy, cx, cy - r, width=0.25, dash=(2, 1))
    for a, label in ((up + turn / 2, f"LEFT {turn:g}°"), (up - turn / 2, f"RIGHT {turn:g}°")):
        tx = cx + r * 0.62 * math.cos(math.radians(a))
        ty = cy - r * 0.62 * math.sin(math.radians(a))
        page.text(tx, ty, label, size=7, weight="bold", align="centre", family="condensed")
    page.text(cx - 1.0, cy - r + 6.0, "present heading", size=6, align="right", family="condensed", colour=GREY)
    # inch ticks along both edges so the gauge doubles as a short ruler
    factor, _ = scale_factor(ctx)
    ticks = []
    step_mm = MM_PER_IN
    n = int(r // step_mm)
    for a in edges:
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        na, nb = -sa, -ca  # a normal to the edge, on paper
        for i in range(1, n + 1):
            px, py = cx + i * step_mm * ca, cy - i * step_mm * sa
            sign = 1 if a < up else -1
            ticks.append((px, py, px + sign * 2.0 * sa, py + sign * 2.0 * ca))
    page.lines(ticks, width=0.25)
    # marker: the pivot point
    page.circle(cx, cy, 0.8, fill=0, width=0.1)
    # a check square, in the column beside the gauge
    sq = max(box.y + 28, below + 4)
    page.rect(box.x, sq, 25.4, 25.4, width=0.3)
    page.text(box.x + 12.7, sq + 14, "1 in", size=7, align="centre", family="condensed")
    page.wrap_text(box.x, sq + 30, "this square must measure 1 inch (25.4 mm) a side", left_w, size=6.5,
                   family="condensed")
    page.wrap_text(box.x, sq + 34, f"scale {ctx.scale}: 1 knot of speed = {factor:g} in of movement; the ticks on "
                   f"the gauge's edges are inches ({1 / factor:g} knot of move each)", left_w, size=6.5, family="condensed")
    return cy + 2


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


STICK_H = 14.0
JOIN_TAB = 6.0  # glue tab beyond the end of each piece but the last


def _range_stick_pages(doc, ctx, y0: float) -> None:
    """The range stick's pieces from y0 on the page in hand, continued on further pages as needed."""
    box = doc.content
    factor, _ = scale_factor(ctx)
    r = ctx.tables["ranges"].rows
    bands = [("POINT BLANK", 0.0, r["point_blank"] * factor, 0.7),
             ("EFFECTIVE", r["point_blank"] * factor, r["effective"] * factor, 0.88),
             ("LONG", r["effective"] * factor, r["long"] * factor, 0.97)]
    total = r["long"] * factor
    pieces = stick_pieces(total, box.w - JOIN_TAB - 2)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    page = doc.page
    pitch = STICK_H + 9.0
    y = y0
    for k, p in enumerate(pieces):
        if k == 0 or y + pitch > box.bottom:
            if y + 14 + pitch > box.bottom:
                page = doc.new_page()
                y = box.y
            if k == 0:
                doc.bookmark("Range stick", level=0, y=y)
            page.text(box.x, y + 5, f"Range stick ({ctx.scale}): {len(pieces)} pieces, joined end to end"
                      + (" (continued)" if k else ""), size=12, weight="bold")
            page.wrap_text(box.x, y + 10, "Cut out each piece, glue the grey tab under the next piece so the joining "
                           "letters meet, and mount on card. Inches from the firing ship; bands as the rules' ranges.",
                           box.w, size=7.5, family="condensed")
            y += 14
        x0 = box.x
        length = (p.end_in - p.start_in) * MM_PER_IN
        top = y + 3.5
        # bands
        for label, a, b, shade in bands:
            lo, hi = max(a, p.start_in), min(b, p.end_in)
            if hi <= lo:
                continue
            page.rect(x0 + (lo - p.start_in) * MM_PER_IN, top, (hi - lo) * MM_PER_IN, STICK_H, stroke=False, fill=shade)
            mid = x0 + ((lo + hi) / 2 - p.start_in) * MM_PER_IN
            if (hi - lo) * MM_PER_IN > 18:
                page.text(mid, top + STICK_H - 2.0, label, size=6.5, weight="bold", align="centre", family="condensed")
        page.rect(x0, top, length, STICK_H, width=0.35)
        # ticks: every inch, longer every 3
        ticks = []
        for i in range(int(round(p.start_in)), int(round(p.end_in)) + 1):
            xx = x0 + (i - p.start_in) * MM_PER_IN
            t = 5.0 if i % 3 == 0 else 3.0
            ticks.append((xx, top, xx, top + t))
            align = "left" if i == p.start_in else ("right" if i == p.end_in else "centre")
            nudge = 0.8 if align == "left" else (-0.8 if align == "right" else 0.0)
            if i > 0:
                page.text(xx + nudge, top + 8.2, f"{i}", size=7 if i % 3 == 0 else 6,
                          weight="bold" if i % 3 == 0 else "regular", family="condensed", align=align)
        # half-inch ticks
        for i in range(int(round(p.start_in * 2)), int(round(p.end_in * 2)) + 1):
            if i % 2:
                xx = x0 + (i / 2 - p.start_in) * MM_PER_IN
                ticks.append((xx, top, xx, top + 1.8))
        # band boundaries
        for _, a, b, _s in bands:
            for edge in (a, b):
                if p.start_in < edge < p.end_in:
                    xx = x0 + (edge - p.start_in) * MM_PER_IN
                    ticks.append((xx, top, xx, top + STICK_H))
        page.lines(ticks, width=0.25)
        # joins
        page.text(x0, y + 2.2, f"piece {p.index + 1} of {len(pieces)}: {p.start_in:g}–{p.end_in:g} in", size=6.5,
                  family="condensed", colour=GREY)
        if p.index > 0:
            page.text(x0 + 1.0, top + STICK_H - 1.6, f"◀{letters[p.index - 1]}", size=6.5, weight="bold", family="condensed")
        if p.index < len(pieces) - 1:
            page.text(x0 + length - 1.0, top + STICK_H - 1.6, f"{letters[p.index]}▶", size=6.5, weight="bold",
                      family="condensed", align="right")
            page.rect(x0 + length, top, JOIN_TAB, STICK_H, width=0.2, fill=0.8, dash=(1, 1))
            page.text(x0 + length + JOIN_TAB / 2, top + STICK_H / 2 + 1, "glue", size=6, align="centre", family="condensed")
        y += pitch
