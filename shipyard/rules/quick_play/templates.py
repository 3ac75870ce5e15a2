"""Quick Play's templates: the quick reference with the turning gauge on one true-scale page (templates()), and
the gauge itself: one fan with an edge either side of the heading for each turn the ship types in play may make
(30°, 45°, 90°), every label inside the outline that is cut along.

    turning_gauge({30: ["Monitor", "Ironclad"], 45: ["Wooden Screw"], 90: ["Sidewheeler"]})  -> a Drawing block

The outline is the widest turn's fan (a half disc when a type turns 90°); the narrower turns are ruled inside it.
Every length is a real length on paper: draw it on a true-scale page (doc.true_scale_pages(), Flow(true_scale=True)).
"""

from __future__ import annotations

import math
from pathlib import Path

from ...render.figures import Drawing
from ...render.gauges import at_bearing, fan, load_looks, ray
from ...render.paper import MM
from ...render.text import number
from ..play_aids import in_play
from .derive import plays

LOOK = load_looks(Path(__file__).with_name("aids.yaml"))["turning_gauge"]
GAUGE_R = LOOK.radius  # mm from the pivot to the arc
CUT_W = LOOK.cut  # the outline's line width (mm): the lines to cut along
RAY_W = LOOK.ray  # a narrower turn's edge, ruled inside
CHECK_WORDS = "end ticks {mm} mm apart"  # the caption of the print-scale check on the gauge's base
SQUARE = 90.0  # a turn this wide or wider: its edges lie square to the heading (the gauge is a half disc)
HEADING = 90.0  # the heading points up the page


def turning_gauge(turns: dict[float, list[str]], r: float = GAUGE_R) -> Drawing:
    """The gauge for these turns (degrees -> the types that make them)."""
    degs = sorted(turns)
    widest = min(degs[-1], SQUARE)
    look = LOOK

    def paint(page, x, y, w, h):
        cx, cy = x + w / 2, y + look.top + r
        pivot = (cx, cy)
        # the outline: the widest fan (the arc between its edges); each edge its own line from the pivot, the
        # widest cut along, the others ruled
        fan(page, pivot, r, HEADING - widest, 2 * widest, look, edges=False)
        for d in degs:
            for side in (-1, 1):
                ray(page, pivot, HEADING - side * min(d, SQUARE), 0.0, r, look.cut if d == degs[-1] else look.ray)
        # the legend above the pivot, as high as the fan must be to hold it; the heading dashed from it to the arc
        legend = _legend_lines(degs, turns)
        half = max(look.legend.width(page, s) for s in legend) / 2 + look.legend_pad
        # between the narrowest turn's edges, where they are far enough apart to hold it
        lift = half / math.tan(math.radians(min(degs[0], SQUARE - 1))) + look.legend_clear
        step = look.legend.size * look.legend_leading / MM
        legend_top = cy - lift - len(legend) * step - look.legend_above
        page.line(cx, legend_top, cx, cy - r, width=look.heading_width, dash=look.heading_dash)
        right, down = look.heading_at
        look.heading.draw(page, cx + right, cy - r + down, "heading")
        # each turn's figure inside the fan, just short of the arc and on the heading's side of its edge
        out, above = look.label_side
        for d in degs:
            for side in (-1, 1):
                off = side * min(d, SQUARE)
                if abs(off) >= SQUARE:
                    look.label.draw(page, cx + side * r * out, cy - above, f"{d:g}°")
                else:
                    inward = -side * min(look.label_inward, d / 3)  # a little towards the heading, inside the edge
                    at_bearing(page, pivot, r * look.label_r, HEADING - (off + inward), f"{d:g}°", look.label)
        # the print-scale check on the piece: two ticks on the base check_mm apart, and their caption (a half disc's
        # base only: a narrower fan has no base, and its edges are shorter than the check)
        half_check = look.check_mm / 2
        if widest >= SQUARE and half_check < r:
            for side in (-1, 1):
                page.line(cx + side * half_check, cy, cx + side * half_check, cy - look.check_tick, width=look.ray)
            left, up = look.check_at
            look.check.draw(page, cx - left, cy - up, CHECK_WORDS.format(mm=number(look.check_mm)))
        # the legend: which types make which turn, centred above the pivot, inside the fan
        ly = legend_top + look.legend_above
        for line in legend:
            ly += step
            look.legend.draw(page, cx, ly, line)

    return Drawing(r + look.foot, paint, label=" ".join(_legend_lines(degs, turns)))


def _legend_lines(degs: list[float], turns: dict[float, list[str]]) -> list[str]:
    return [f"{d:g}°: {', '.join(turns[d])}" for d in degs]


def templates(doc, ctx) -> None:
    """The quick reference with the turning gauge, true scale, for the units of the scenario in hand (ctx.scenario,
    of the sides the pack prints), else for every ship type."""
    from . import RULESET, reference

    derived = []
    scenario = getattr(ctx, "scenario", None)
    if scenario is not None:
        wanted = getattr(getattr(ctx, "options", None), "sides", None) or None  # the sides printed (None: all)
        derived = [d for _, u, d in in_play(ctx, RULESET.derive, sides=wanted) if plays(u.id, ctx)]
    reference.quick_reference(doc, derived, ctx)
