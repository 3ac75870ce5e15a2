"""Quick Play's turning gauge, true scale: one fan with an edge either side of the heading for each turn the ship
types in play may make (30°, 45°, 90°), every label inside the outline that is cut along.

    turning_gauge({30: ["Monitor", "Ironclad"], 45: ["Wooden Screw"], 90: ["Sidewheeler"]})  -> a Drawing block

The outline is the widest turn's fan (a half disc when a type turns 90°); the narrower turns are ruled inside it.
Every length is a real length on paper: draw it on a true-scale page (doc.true_scale_pages(), Flow(true_scale=True)).
"""

from __future__ import annotations

import math

from ...render.blocks import Drawing, text_width

GAUGE_R = 60.0  # mm from the pivot to the arc
CUT_W = 0.5  # the outline's line width (mm): the lines to cut along
RAY_W = 0.3  # a narrower turn's edge, ruled inside the gauge
LABEL_PT = 8.0
LEGEND_PT = 7.0
GREY = 0.4


def _point(cx: float, cy: float, r: float, off_deg: float) -> tuple[float, float]:
    """The point r from the pivot at off_deg from the heading (positive: to the right), on paper (y down)."""
    a = math.radians(off_deg)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def turning_gauge(turns: dict[float, list[str]], r: float = GAUGE_R) -> Drawing:
    """The gauge for these turns (degrees -> the types that make them)."""
    degs = sorted(turns)
    widest = min(degs[-1], 90.0)

    def paint(page, x, y, w, h):
        cx, cy = x + w / 2, y + 2.0 + r
        # the outline: the widest fan (two edges from the pivot and the arc between them)
        page.wedge(cx, cy, r, 90 - widest, 2 * widest, fill=0.95, stroke=False)
        page.arc(cx, cy, r, 90 - widest, 2 * widest, width=CUT_W)
        for d in degs:  # each edge its own line from the pivot: the widest are cut along, the others ruled
            for side in (-1, 1):
                ex, ey = _point(cx, cy, r, side * min(d, 90.0))
                page.line(cx, cy, ex, ey, width=CUT_W if d == degs[-1] else RAY_W)
        # the legend above the pivot, as high as the fan must be to hold it; the heading dashed from it to the arc
        legend = _legend_lines(degs, turns)
        half = max(text_width(s, LEGEND_PT, "regular", "condensed") for s in legend) / 2 + 2.0
        # between the narrowest turn's edges, where they are far enough apart to hold it
        lift = half / math.tan(math.radians(min(degs[0], 89.0))) + 1.0
        legend_top = cy - lift - len(legend) * LEGEND_PT * 1.3 * 25.4 / 72 - 1.5
        page.line(cx, legend_top, cx, cy - r, width=0.25, dash=(2, 1))
        page.text(cx + 1.2, cy - r + 5.0, "heading", size=6.5, family="condensed", colour=GREY)
        # each turn's figure inside the fan, just short of the arc and on the heading's side of its edge
        for d in degs:
            for side in (-1, 1):
                off = side * min(d, 90.0)
                inward = -side * min(6.0, d / 3)  # a little towards the heading, inside the edge
                lx, ly = _point(cx, cy, r * 0.8, off + inward)
                if abs(off) >= 90:
                    lx, ly = cx + side * r * 0.78, cy - 2.2
                page.text(lx, ly + LABEL_PT * 0.35 * 25.4 / 72, f"{d:g}°", size=LABEL_PT, weight="bold", align="centre",
                          family="condensed")
        # the legend: which types make which turn, centred above the pivot, inside the fan
        ly = legend_top + 1.5
        for line in legend:
            ly += LEGEND_PT * 1.3 * 25.4 / 72
            page.text(cx, ly, line, size=LEGEND_PT, align="centre", family="condensed")

    return Drawing(r + 3.0, paint, label=" ".join(_legend_lines(degs, turns)))


def _legend_lines(degs: list[float], turns: dict[float, list[str]]) -> list[str]:
    return [f"{d:g}°: {', '.join(turns[d])}" for d in degs]
