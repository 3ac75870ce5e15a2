"""Saunders gauges at true scale: a turn gauge for every angle on the turn ladder (arms marked in knots), the turret
arc gauge and the gunport arc. The geometry is code, drawn only inside `doc.true_scale_pages()` (the calibration bar
goes on these pages and no others)."""

from __future__ import annotations

import math

from ...render import Document, Page
from ...render.blocks import Title
from ...render.text import number
from ..base import Context, in_play
from ...spec.errors import ShipyardError
from .derive import FACING_DEG, parse_arc, scale_factor, using
from .sheet import RULES, ladder_below

MM_PER_INCH = 25.4


def turn_ladder(ctx: Context) -> list[int]:
    return [int(a) for a in ctx.tables.turn.rows["ladder_deg"]]


def turns_in_play(ctx: Context) -> list[int]:
    """The turn gauges a game needs: each unit's maximum turn, its turn with a spar torpedo deployed, and every turn
    a steering hit can drop it to (the steps its sheet prints), for the units of the scenario being packed; the
    whole ladder when there is no scenario (the templates command)."""
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return turn_ladder(ctx)
    from .derive import derive

    angles: set[int] = set()
    for _, _, d in in_play(ctx, derive):
        s = d.stats
        if not s.max_turn_deg:
            continue  # a fort
        angles |= {int(a) for a in (s.max_turn_deg, s.max_turn_deg_spar_deployed) if a}
        angles |= {int(a) for a in ladder_below(s, ctx)}
    return sorted(angles) or turn_ladder(ctx)


def gauge_arm_knots(factor: float) -> int:
    """Arm length of a turn gauge in knots: 4 at 1/1200 (101.6 mm), 3 at 1/600 (152.4 mm)."""
    return 4 if factor == 1 else 3


GAUGE_GAP = 3.0  # mm between one gauge's outline and the next


def templates(doc: Document, ctx: Context) -> None:
    with doc.true_scale_pages():
        factor, scale = scale_factor(ctx)
        mm_per_kn = float(ctx.tables.movement.rows["inches_per_knot"]) * MM_PER_INCH * factor
        arm_kn = gauge_arm_knots(factor)
        arm = arm_kn * mm_per_kn
        port = gunport_deg(ctx)
        box = doc.content
        page = doc.new_page(bookmark=f"Turn gauges ({scale})")
        title = Title(f"Turn gauges — {scale}", f"{RULES} · arms marked in knots (1 kn = {number(mm_per_kn / MM_PER_INCH)} in)"
                      " · cut on the solid outline · flip for turns to port")
        y = box.y + title.draw(page, box.x, box.y, box.w) + 2
        r = 32.0
        side_x = box.x + arm + 6
        beside = box.right - side_x >= 2 * r + 4
        side_y = y
        if beside:  # the turret and gunport gauges in the column right of the turn gauges
            _turret_gauge(page, side_x + r + 2, y + r + 1, r, ctx)
            _gunport_gauge(page, side_x, y + 2 * r + 22, box.right - side_x - 2, port)
            side_y = y + 2 * r + 34
        angles = turns_in_play(ctx)

        def need(angle: int) -> float:
            return arm * math.sin(math.radians(min(angle, 90))) + 1

        if beside and box.right - side_x < arm:
            # the column beside is too narrow for a gauge lying down: when the gauges overrun the page, the smallest
            # stand on end there, under the turret and gunport gauges (heading arm up), side by side
            sx, py = side_x, side_y + GAUGE_GAP + arm
            while (angles and angles[0] < 90 and y + sum(need(a) + GAUGE_GAP for a in angles) - GAUGE_GAP > box.bottom
                   and py + 1 <= box.bottom and sx + need(angles[0]) <= box.right):
                px = sx + need(angles[0]) - 0.5
                with page.rotated(px, py, 90):
                    _turn_gauge(page, px, py, arm, angles[0], arm_kn)
                sx += need(angles.pop(0)) + GAUGE_GAP
        for angle in angles:
            h = need(angle)
            x0 = box.x + 1
            if y + h > box.bottom:
                # a low gauge may go under the turret and gunport gauges, else a new page
                if beside and side_y + h <= box.bottom and angle < 90 and box.right - side_x >= arm:
                    x0, y, side_y = side_x, side_y, None
                else:
                    page = doc.new_page()
                    y = box.y
            _turn_gauge(page, x0, y + h, arm, angle, arm_kn)
            y += h + GAUGE_GAP
        if not beside:
            if y + 2 * r + 14 > box.bottom:  # the circle and its two lines of text; the gunport arc sits beside it
                page = doc.new_page(bookmark="Turret and gunport gauges")
                y = box.y
            _turret_gauge(page, box.x + r + 8, y + r + 4, r, ctx)
            _gunport_gauge(page, box.x + 2 * r + 30, y + r + 4, min(arm, box.right - box.x - 2 * r - 40), port)


def _turn_gauge(page: Page, px: float, py: float, arm: float, angle: int, arm_kn: int) -> None:
    """Pivot at (px, py); heading arm to the right, the turned arm `angle` degrees anticlockwise. Every label sits
    inside the wedge (the outline is the cut line): knot numbers just above the heading arm, beside their ticks."""
    a = math.radians(angle)
    ex, ey = px + arm * math.cos(a), py - arm * math.sin(a)
    page.wedge(px, py, arm, 0, angle, fill=0.93, stroke=False)
    page.line(px, py, px + arm, py, width=0.4)
    page.line(px, py, ex, ey, width=0.4)
    page.arc(px, py, arm, 0, angle, width=0.4)
    per = arm / arm_kn
    ticks = []
    for k in range(1, arm_kn * 2):
        t = 2.2 if k % 2 == 0 else 1.2
        d = per * k / 2
        ticks.append((px + d, py, px + d, py - t))
        # ticks on the turned arm, perpendicular, toward the inside of the wedge
        tx, ty = px + d * math.cos(a), py - d * math.sin(a)
        ticks.append((tx, ty, tx + t * math.sin(a), ty + t * math.cos(a)))
    page.lines(ticks, width=0.2)
    base = py - 0.9  # text 6 pt stands about 2.2 mm above its baseline
    for k in range(1, arm_kn):
        page.text(px + per * k + 0.8, base, str(k), size=6, align="left")
    page.text(px + arm - 1.5, base, f"{arm_kn} kn", size=6, align="right")
    clear = (py - base + 2.5) / math.tan(a) if angle < 90 else 0.0  # the turned arm is this far out at the text's top
    pivot_x = px + clear + 1.0
    page.text(pivot_x, base, "pivot", size=6, align="left", colour=0.4)
    page.text(px + arm * 0.62 * math.cos(a / 2), py - arm * 0.62 * math.sin(a / 2) + 2, f"{angle}°", size=12, weight="bold", align="centre")


def _turret_gauge(page: Page, cx: float, cy: float, r: float, ctx: Context) -> None:
    rows = ctx.tables.turret_arcs.rows
    width = float(rows["width_deg"])
    page.circle(cx, cy, r, width=0.4)
    # arc boundaries: half an arc either side of each facing's centre (fore = up on the paper)
    for k, facing in enumerate(rows["arcs"]):
        centre = FACING_DEG[facing]
        edge = math.radians(centre + width / 2)
        page.line(cx, cy, cx + r * math.sin(edge), cy - r * math.cos(edge), width=0.3)
        lab = math.radians(centre)
        page.text(cx + r * 0.62 * math.sin(lab), cy - r * 0.62 * math.cos(lab) + 1.2, facing.upper(), size=7, weight="bold", align="centre")
    page.circle(cx, cy, 1.0, width=0.2)
    page.text(cx, cy + r + 5, f"Turret arcs: {len(rows['arcs'])} arcs of {width:g}°", size=6.5, align="centre")
    page.text(cx, cy + r + 8, "centre on the turret, FORE toward the bow", size=6.5, align="centre")


def gunport_deg(ctx: Context) -> float:
    """A gunport's arc: the width of the broadside row of the gun_arcs table."""
    t = ctx.tables.gun_arcs
    with using(t, "gun_arcs rows with a broadside row whose arcs read like 'port 10'"):
        row = next((r for r in t.rows if r["mounting"] == "broadside"), None)
        if row is None:
            raise ShipyardError(f"saunders table 'gun_arcs' has no row for a broadside mount ({t.tag()})")
        return float(parse_arc(row["arcs"][0] + "°")[2])


def _gunport_gauge(page: Page, x: float, cy: float, length: float, width: float) -> None:
    """A gunport arc: half its width either side of the port's axis, drawn pointing right from (x, cy)."""
    half = math.radians(width / 2)
    page.wedge(x, cy, length, -width / 2, width, fill=0.93, stroke=False)
    page.line(x, cy, x + length * math.cos(half), cy - length * math.sin(half), width=0.4)
    page.line(x, cy, x + length * math.cos(half), cy + length * math.sin(half), width=0.4)
    page.arc(x, cy, length, -width / 2, width, width=0.4)
    page.line(x, cy, x + length, cy, width=0.15, dash=(1, 1))
    page.text(x, cy + 9, f"Gunport arc {number(width)}°: lay the dashed axis square", size=6.5)
    page.text(x, cy + 12, "to the ship's side at the port", size=6.5)
