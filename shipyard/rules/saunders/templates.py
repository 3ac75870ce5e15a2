"""Saunders gauges at true scale: a turn gauge for every angle on the turn ladder (arms marked in knots), the turret
arc gauge and the gunport arc. The geometry is code, drawn only inside `doc.true_scale_pages()` (the calibration bar
goes on these pages and no others)."""

from __future__ import annotations

import math

from pathlib import Path

from ...render import Document, Page
from ...render.text_blocks import Title
from ...render.gauges import at_bearing, fan, fan_extent, load_looks, radial, ray, tick_segments
from ...render.text import number
from ..context import Context
from ..play_aids import in_play
from ...errors import ShipyardError
from .derive import FACING_DEG, parse_arc, scale_factor, using
from .sheet import RULES, ladder_below

MM_PER_INCH = 25.4
LOOKS = load_looks(Path(__file__).with_name("aids.yaml"))
SQUARE = 90.0  # a turn this wide stands as tall as its arm
ROUND = 360.0  # degrees in a full circle: the arc gauge's rim


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


GAUGE_GAP = LOOKS["turn_gauges"].gap  # mm between one gauge's outline and the next


def templates(doc: Document, ctx: Context) -> None:
    look = LOOKS["turn_gauges"]
    with doc.true_scale_pages():
        factor, scale = scale_factor(ctx)
        mm_per_kn = float(ctx.tables.movement.rows["inches_per_knot"]) * MM_PER_INCH * factor
        arm_kn = gauge_arm_knots(factor)
        arm = arm_kn * mm_per_kn
        port = gunport_deg(ctx)
        box = doc.content
        page = doc.new_page(bookmark=f"Turn gauges ({scale})")
        # replay r22: "they measure the move from the pivot" left the 4 kn arms' use unclear beside 13½ kn plots; the
        # gauge turns a ship at step 3, and its knots are only a short ruler (a longer move takes the table's ruler)
        title = Title(f"Turn gauges — {scale}", f"{RULES} · step 3: pivot on her centre, heading arm along her keel, swing her "
                                                     "to the turned arm; the turn costs no distance · the arms' knots "
                                                     f"(1 kn = {number(mm_per_kn / MM_PER_INCH)} in) are a short ruler: a longer "
                                                     "move takes the ruler · cut on the solid outline · flip for turns to port")
        y = box.y + title.draw(page, box.x, box.y, box.w) + look.title_gap
        r = look.turret_r
        side_x = box.x + arm + look.arm_gap
        beside = box.right - side_x >= 2 * r + look.side_room
        side_y = y
        if beside:  # the turret and gunport gauges in the column right of the turn gauges
            right, down = look.turret_at
            _turret_gauge(page, side_x + r + right, y + r + down, r, ctx)
            _gunport_gauge(page, side_x, y + 2 * r + look.gunport_drop, box.right - side_x - look.gunport_side, port)
            side_y = y + 2 * r + look.side_drop
        angles = turns_in_play(ctx)

        def need(angle: int) -> float:
            """A turn gauge's height: its fan's above the pivot, and a little."""
            return -fan_extent(arm, 0, angle)[1] + look.reach

        if beside and box.right - side_x < arm:
            # the column beside is too narrow for a gauge lying down: when the gauges overrun the page, the smallest
            # stand on end there, under the turret and gunport gauges (heading arm up), side by side
            sx, py = side_x, side_y + GAUGE_GAP + arm
            while (angles and angles[0] < SQUARE and y + sum(need(a) + GAUGE_GAP for a in angles) - GAUGE_GAP > box.bottom
                   and py + look.page_foot <= box.bottom and sx + need(angles[0]) <= box.right):
                px = sx + need(angles[0]) - look.stand_in
                with page.rotated(px, py, SQUARE):
                    _turn_gauge(page, px, py, arm, angles[0], arm_kn)
                sx += need(angles.pop(0)) + GAUGE_GAP
        for angle in angles:
            h = need(angle)
            x0 = box.x + look.left
            if y + h > box.bottom:
                # a low gauge may go under the turret and gunport gauges, else a new page
                if beside and side_y + h <= box.bottom and angle < SQUARE and box.right - side_x >= arm:
                    x0, y, side_y = side_x, side_y, None
                else:
                    page = doc.new_page()
                    y = box.y
            _turn_gauge(page, x0, y + h, arm, angle, arm_kn)
            y += h + GAUGE_GAP
        if not beside:
            if y + 2 * r + look.under_room > box.bottom:  # the circle and its two lines; the gunport arc beside it
                page = doc.new_page(bookmark="Turret and gunport gauges")
                y = box.y
            right, down = look.under_turret
            start, taken = look.under_gunport
            _turret_gauge(page, box.x + r + right, y + r + down, r, ctx)
            _gunport_gauge(page, box.x + 2 * r + start, y + r + down, min(arm, box.right - box.x - 2 * r - taken), port)


def _turn_gauge(page: Page, px: float, py: float, arm: float, angle: int, arm_kn: int) -> None:
    """Pivot at (px, py); heading arm to the right, the turned arm `angle` degrees anticlockwise. Every label sits
    inside the wedge (the outline is the cut line): knot numbers just above the heading arm, beside their ticks."""
    look = LOOKS["turn_gauge"]
    pivot = (px, py)
    a = math.radians(angle)
    fan(page, pivot, arm, 0, angle, look)
    per = arm / arm_kn
    at = [per * k / 2 for k in range(1, arm_kn * 2)]
    minor, major = look.tick
    lengths = [major if k % 2 == 0 else minor for k in range(1, arm_kn * 2)]
    # ticks on both arms, square to them, toward the inside of the wedge
    heading, turned = tick_segments(pivot, 0, at, lengths, side=1), tick_segments(pivot, angle, at, lengths, side=-1)
    page.lines([t for pair in zip(heading, turned) for t in pair], width=look.tick_width)
    base = py - look.lift
    for k in range(1, arm_kn):
        look.number.draw(page, px + per * k + look.number_in, base, str(k))
    look.last.draw(page, px + arm - look.last_in, base, f"{arm_kn} kn")
    clear = (py - base + look.clear) / math.tan(a) if angle < SQUARE else 0.0  # the turned arm is this far out there
    look.pivot.draw(page, px + clear + look.pivot_in, base, "pivot")
    at_bearing(page, pivot, arm * look.angle_r, angle / 2, f"{angle}°", look.angle)


def _turret_gauge(page: Page, cx: float, cy: float, r: float, ctx: Context) -> None:
    look = LOOKS["turret_gauge"]
    rows = ctx.tables.turret_arcs.rows
    width = float(rows["width_deg"])
    page.circle(cx, cy, r, width=look.ring)
    # arc boundaries: half an arc either side of each facing's centre (fore = up on the paper, bearings clockwise)
    for k, facing in enumerate(rows["arcs"]):
        centre = FACING_DEG[facing]
        ray(page, (cx, cy), SQUARE - (centre + width / 2), 0.0, r, look.edge)
        at_bearing(page, (cx, cy), r * look.label_r, SQUARE - centre, facing.upper(), look.label)
    page.circle(cx, cy, look.centre_r, width=look.centre_width)
    step, long_every = rim_ticks(ctx)
    short, long = look.tick
    page.lines([radial((cx, cy), SQUARE - k * step, r - (long if (k * step) % long_every == 0 else short), r)
                for k in range(int(round(ROUND / step)))], width=look.tick_width)
    first, second = look.notes
    look.note.draw(page, cx, cy + r + first, f"Turret arcs: {len(rows['arcs'])} arcs of {width:g}° · rim ticks "
                                            f"{number(step)}°, long {number(long_every)}°")
    look.note.draw(page, cx, cy + r + second, "centre on the ship's centre (every turret), FORE toward the bow")
def rim_ticks(ctx: Context) -> tuple[float, float]:
    """The arc gauge's rim marks, from the rules' own arcs (replay s11: the player needed finer than 10° steps): a tick
    every half gunport arc (5°: a target is in a port's arc within 5° of its axis) and a long one every turn-ladder
    step (15°), which the arc edges (45°) and the fort sectors' 10° bearings fall on or between."""
    return gunport_deg(ctx) / 2, float(min(turn_ladder(ctx)))


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
    look = LOOKS["gunport_gauge"]
    fan(page, (x, cy), length, -width / 2, width, look)
    page.line(x, cy, x + length, cy, width=look.axis_width, dash=look.axis_dash)
    first, second, third, fourth = look.notes
    look.note.draw(page, x, cy + first, f"Gunport arc {number(width)}°: lay the dashed axis square to the ship's side")
    look.note.draw(page, x, cy + second, GUNPORT_REACH)
    look.note.draw(page, x, cy + third, GUNPORT_BOWS_ON)
    look.note.draw(page, x, cy + fourth, LINE_OF_FIRE_FIRST)


# s35 (play 27): the 9-inch broadsides never fired in three turns of the run-in; what a player may expect, in a line
GUNPORT_BOWS_ON = "Bows-on, broadsides seldom bear: bow guns and pivots fight the run-in"
# play 37, defect 1: seven followers' bow shots were thrown before the line of fire was checked, all through the pair
# ahead; the reminder sits under the gauge a bow shot is laid with
LINE_OF_FIRE_FIRST = "Line of fire first: a follower's bow shot near dead ahead is blocked"
# replay r17, defect c: the gauge is some 3 in long, a broadside reaches 20-60 in
GUNPORT_REACH = "at the port; past its end, run each edge on with a ruler or string"
