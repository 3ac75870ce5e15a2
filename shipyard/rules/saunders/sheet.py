"""Saunders record sheets as blocks: the stat boxes, the armour plan, the hull and speed tracks, the guns, the
damage tallies and an orders log, filled from the unit's SaundersStats and the (house-ruled) tables.
No page coordinates here: the plan and the speed track are Drawings that paint into the box they are given."""

from __future__ import annotations

import math
from typing import Any

from ...render import Page
from ...render.blocks import (
    Block,
    Checkboxes,
    Columns,
    Drawing,
    Heading,
    Note,
    Stack,
    StatBoxes,
    Table,
    Text,
    Title,
    Track,
    Tracks,
)
from ...render.paper import MM
from ...render.text import number
from ..base import Context, Derived, accent, damage_done, sheet_heading
from .derive import scale_factor, turret_roles
from .stats import SaundersStats

RULES = "ACW Naval Rules v1.2 (Saunders)"
SECTION_LABEL = {"armament": "Armament", "steering": "Steering", "machinery": "Machinery",
                 "pilot_house": "Pilot house", "propulsion": "Propulsion"}
ORDERS_TURNS = 12  # rows in the orders log: a game night's turns; more go on a spare sheet
DAMAGE_TALLIES = (("Holes", 8), ("Fires", 8), ("Criticals", 8))
GAP = 1.6  # mm between the blocks of a sheet
ORDERS_PT, ORDERS_LEADING = 7.5, 1.6


def signed(mod: Any) -> str:
    """+1, −2 (a true minus sign)."""
    return f"{int(mod):+d}".replace("-", "−")


def fraction(x: float) -> str:
    """0.75 -> '¾' (the speed fractions the rules print)."""
    return number(round(float(x), 3))


def modifier(table, when: str) -> int:
    """The modifier of the row `when` in a {modifiers: [{when, mod}]} table."""
    rows = table.rows["modifiers"] if isinstance(table.rows, dict) else table.rows
    for m in rows:
        if m["when"] == when:
            return int(m["mod"])
    raise KeyError(f"{table.name}: no modifier {when!r}")


# ---------------------------------------------------------------------------------------------
# Rule reminders, every number from the tables


def to_hit_line(ctx: Context) -> Columns:
    """'To hit 5+ on D6 per gun' beside 'Penetration: DAV + strength − armour; +1 rifle, …, −1 long range'"""
    t = ctx.tables
    pen = ", ".join(f"{signed(m['mod'])} {m['when'].lower()}" for m in t.penetration.rows["modifiers"])
    return Columns([Text(f"To hit {int(t.to_hit.rows['needed'])}+ on D6 per gun", size=7.5, weight="bold"),
                    Text(f"Penetration: DAV + strength − armour; {pen}", size=7.5)], weights=[0.27, 0.73], gap=2)


def small_target_line(ctx: Context) -> str:
    return f"small target: {signed(ctx.tables.small_target.rows['to_hit_modifier'])} to hit her"


def flags(s: SaundersStats, ctx: Context) -> str:
    out = []
    if s.small_target:
        out.append(small_target_line(ctx))
    if s.double_ender:
        out.append("double-ender: full speed astern")
    if not s.fort:
        out.append(f"move {number(s.move_in)} in / astern {number(s.astern_move_in)} in a turn; "
                   f"±{number(s.acceleration_kn)} kn a turn")
    if s.max_turn_deg_spar_deployed:
        out.append(f"spar deployed: turn {s.max_turn_deg_spar_deployed}°")
    return " · ".join(out)


def status_items(s: SaundersStats, ctx: Context) -> list[tuple[str, int]]:
    """Conditions to tick beside the plan: (label, boxes)."""
    if s.fort:
        return [("A fort does not move", 0)]
    t = ctx.tables
    items: list[tuple[str, int]] = []
    if s.ram_bow:
        items.append(("Ram bow: fitted, tick when lost", 1))
    else:
        items.append((f"Ram bow: none ({signed(modifier(t.ramming_modifiers, 'Ramming without a ram bow'))} when ramming)", 0))
    if s.paddles:
        names = {"sidewheel": "Paddles port / starboard", "sternwheel": "Stern wheel", "centrewheel": "Centre wheel"}
        items.append((names.get(s.drive or "", "Paddle wheels") + ": tick when lost", s.paddles))
    else:
        items.append((f"Propulsion: {s.drive}", 0))
    if s.spar_torpedo:
        items.append(("Spar torpedo: deployed / expended", 2))
    ag = t.aground.rows
    items.append((f"Aground: tries to break free ({int(ag['break_free_on'])}+)", int(ag["attempts"])))
    items.append(("Stationary last turn", 1))
    return items


def _status(s: SaundersStats, ctx: Context) -> Block:
    """Remarks (no box) over the conditions to tick."""
    items = status_items(s, ctx)
    return Stack([Text("\n".join(label for label, n in items if not n), size=7, leading=1.45),
                  Checkboxes([(label, n) for label, n in items if n], size=7, box=3.6, min_col=60)], gap=1.2)


# ---------------------------------------------------------------------------------------------
# Drawings


PLAN_H = 30.0


def _plan(unit, s: SaundersStats) -> Drawing:
    """The hull seen from above, stern left, bow right, cut into stern / midships / bow with their ratings; turrets and
    the pilot house on the centre line; paddle boxes; the sections that differ listed under it."""
    extras = [(SECTION_LABEL[k], getattr(s.armour, k)) for k in SECTION_LABEL if getattr(s.armour, k) is not None]
    roles = turret_roles(unit) if getattr(unit, "turrets", None) else {}
    arm = s.armour

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        x, w = x + 5, min(120.0, w) - 5  # room for a stern wheel
        top, bot, mid = y + 3, y + PLAN_H - 3, y + PLAN_H / 2
        page.polygon([(x, top + 5), (x + 4, top), (x + w * 0.8, top), (x + w, mid), (x + w * 0.8, bot), (x + 4, bot),
                      (x, bot - 5)], width=0.5, fill=0.96)
        a, b = x + w * 0.28, x + w * 0.66
        page.line(a, top, a, bot, width=0.3)
        page.line(b, top, b, bot, width=0.3)
        for label, cx, value in (("STERN", (x + a) / 2, arm.stern), ("MIDSHIPS", (a + b) / 2, arm.midships),
                                 ("BOW", x + w * 0.76, arm.bow)):
            page.text(cx, top + 3.8, label, size=6, align="centre", colour=0.35, weight="bold")
            page.text(cx, top + 10.5, str(value), size=13, weight="bold", align="centre")
        if roles:
            place = {"single": 0.47, "fore": 0.55, "centre": 0.47, "aft": 0.39}
            if len(roles) == 3:
                place.update({"fore": 0.57, "aft": 0.37})
            rating = arm.armament if arm.armament is not None else arm.midships
            for role in roles.values():
                cx = x + w * place[role]
                page.circle(cx, mid + 4.5, 4.0, width=0.4, fill=1)
                page.text(cx, mid + 5.8, str(rating), size=7.5, weight="bold", align="centre")
                page.text(cx, mid + 10.8, "turret", size=6, align="centre", colour=0.35)
        if arm.pilot_house is not None:
            px = b - 5
            page.rect(px - 2.5, mid + 2, 5, 5, width=0.3, fill=1)
            page.text(px, mid + 6.2, str(arm.pilot_house), size=6, align="centre", weight="bold")
            page.text(px, mid + 10.8, "PH", size=6, align="centre", colour=0.35)
        if s.paddles and s.drive == "sidewheel":
            for yy in (top - 3, bot):
                page.rect(x + w * 0.45, yy, w * 0.12, 3, width=0.3, fill=0.85)
        elif s.drive == "sternwheel":
            page.rect(x - 4, top + 4, 3.5, bot - top - 8, width=0.3, fill=0.85)
        if extras:
            page.fit_text(x, y + PLAN_H + 2.5, "  ".join(f"{name} {r}" for name, r in extras), w, size=6.5,
                          min_size=6, weight="bold")

    label = " ".join(f"{k} {v}" for k, v in (("stern", arm.stern), ("midships", arm.midships), ("bow", arm.bow)))
    return Drawing(PLAN_H + (4.0 if extras else 0.0), paint,
                   label=f"armour {label}" + "".join(f" {n} {r}" for n, r in extras))


def _fort_plan(s: SaundersStats) -> Drawing:
    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        w = min(120.0, w)
        page.rect(x, y + 3, w, h - 6, width=0.8, fill=0.96)
        page.text(x + w / 2, y + 9, "WALLS", size=6, align="centre", colour=0.35, weight="bold")
        page.text(x + w / 2, y + h / 2 + 5, str(s.armour.midships), size=16, weight="bold", align="centre")

    return Drawing(PLAN_H, paint, label=f"walls {s.armour.midships}")


def _speed_cell(w: float, ahead: int) -> float:
    return min(7.0, (w - 16) / max(ahead + 1, 1))


def _speed_track(s: SaundersStats) -> Drawing:
    """Ahead 0..max and astern 0..max in boxes to mark the speed; the speeds hull damage drops to shaded, with
    their fraction."""
    ahead = int(math.ceil(s.max_speed_kn))
    astern = int(math.ceil(s.astern_speed_kn))
    shaded = {int(math.floor(th.speed_kn)): fraction(th.fraction) for th in s.speed_thresholds}

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        cell = _speed_cell(w, ahead)
        for label, count in (("Ahead", ahead + 1), ("Astern", astern + 1)):
            page.text(x, y + cell * 0.68, label, size=7, weight="bold", family="condensed")
            for k in range(count):
                cx = x + 16 + k * cell
                mark = shaded.get(k) if label == "Ahead" else None
                page.rect(cx, y, cell, cell, width=0.25, fill=0.92 if mark else None)
                page.text(cx + cell / 2, y + cell * 0.68, str(k), size=7.5, align="centre")
                if mark:
                    page.text(cx + cell - 0.5, y + 2.4, mark, size=6, align="right", weight="bold")
            if label == "Ahead" and s.max_speed_kn != ahead:
                page.text(x + 16 + count * cell + 1, y + cell * 0.68, f"max {number(s.max_speed_kn)}", size=6.5)
            y += cell + 1.2

    words = f"ahead 0-{ahead} astern 0-{astern}"
    return Drawing(lambda w: 2 * (_speed_cell(w, ahead) + 1.2), paint, label=words)


def _orders(n: int) -> Drawing:
    """The orders log: a row a turn with ruled columns to write in."""
    head = ["Turn", "Speed kn", "Turn °", "Turret arc", "Spar", "Fire at / notes"]
    table = Table([[i + 1, "", "", "", "", ""] for i in range(n)], header=head, widths=[7, 10, 10, 12, 8, 53],
                  size=ORDERS_PT, leading=ORDERS_LEADING)

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        table.draw(page, x, y, w)
        _, widths, _, _ = table.layout(w)
        cx = x
        for cw in widths[:-1]:
            cx += cw
            page.line(cx, y, cx, y + h - 0.4, width=0.15, colour=0.6)

    return Drawing(table.measure, paint, label=" ".join(head))


# ---------------------------------------------------------------------------------------------
# The sheet


def gun_rows(s: SaundersStats) -> list[list]:
    rows = []
    for g in s.guns:
        arcs = ", ".join(g.arcs)
        if g.per_side:
            arcs += f" ({g.per_side} a side)"
        if g.blocked_arcs:
            arcs += " — not " + ", ".join(g.blocked_arcs)
        r = g.ranges_in
        rows.append([g.name + (f" [{g.turret}]" if g.turret else ""), g.count, g.strength, "R" if g.rifled else "", arcs,
                     number(r.point_blank), number(r.effective), number(r.long, none="none")])
    return rows or [["no guns", "", "", "", "", "", "", ""]]


def sheet(unit, d: Derived, ctx: Context, room: tuple[float, float] | None = None) -> Block:
    """One unit's record sheet as a stack of blocks. room=(width, height) of a page lets the orders log take as many
    turns as fill it (never fewer than ORDERS_TURNS); without it the log has ORDERS_TURNS rows."""
    s: SaundersStats = d.stats
    name, sub = sheet_heading(unit, d, ctx)
    _, scale = scale_factor(ctx)
    boxes = [("Hull", s.hull)]
    if not s.fort:
        boxes = [("Speed", f"{number(s.max_speed_kn)} kn"), ("Astern", f"{number(s.astern_speed_kn)} kn"),
                 ("Turn", f"{s.max_turn_deg}°")] + boxes
    head = Columns([Stack([Title(name, f"{sub} · {RULES} · {scale}", rule_colour=accent(unit, ctx)),
                           Text(flags(s, ctx), size=7.5)], gap=1.2),
                    StatBoxes(boxes, min_box=15.0)], weights=[0.62, 0.38], gap=5)

    marks = {th.lost: fraction(th.fraction) for th in s.speed_thresholds if 1 <= th.lost <= s.hull}
    legend = "; ".join(f"after box {th.lost}: {fraction(th.fraction)} speed = {number(th.speed_kn)} kn"
                       for th in s.speed_thresholds if 1 <= th.lost <= s.hull)
    hull = Tracks([Track("Hull", s.hull, marks=marks, prefilled=damage_done(ctx, unit, ("hull",), s.hull), note=legend)],
                  box=5.0, gap=1.0, label_size=7.5)

    turret = any(g.turret for g in s.guns)
    tallies = Columns([Tracks([Track(label, n, prefilled=damage_done(ctx, unit, (label,), n)) for label, n in DAMAGE_TALLIES],
                              box=4.5, gap=0.8), _critical_lines()], weights=[0.45, 0.55], gap=6)
    factor, _ = scale_factor(ctx)
    per_in = float(ctx.tables.movement.rows["inches_per_knot"]) * factor
    blocks: list[Block | None] = [
        head,
        Heading("Armour ratings"),
        Columns([_fort_plan(s) if s.fort else _plan(unit, s), _status(s, ctx)],
                weights=[0.62, 0.38], gap=5),
        Heading("Hull"),
        hull,
        None if s.fort else Heading(f"Speed (1 kn = {number(per_in)} in a turn at {scale}; mark the current speed)"),
        None if s.fort else _speed_track(s),
        Heading("Guns"),
        to_hit_line(ctx),
        Table(gun_rows(s), header=["Gun", "No.", "Str", "Rif", "Arcs", "PB in", "Eff in", "Long in"],
              widths=[0.27, 0.05, 0.05, 0.04, 0.39, 0.065, 0.065, 0.07], size=7, bold_first_col=True,
              align=["left", "centre", "centre", "centre", "left", "centre", "centre", "centre"]),
        Note("Turret: plot its arc with the move, one step a turn; both guns fire into the same arc at one target. "
             "Own funnel or superstructure may block part of an arc: agree before play.") if turret else None,
        Heading("Damage"),
        tallies,
    ]
    body = Stack(blocks, gap=GAP)
    if s.fort:
        return body
    turns = ORDERS_TURNS
    if room is not None:
        width, height = room
        spare = height - body.measure(width) - GAP - Heading("Orders").measure(width) - GAP
        row_h = ORDERS_PT * ORDERS_LEADING / MM
        turns = max(ORDERS_TURNS, int((spare - 0.4 + 1e-6) // row_h) - 1)  # less the header row
    return Stack([*blocks, Heading("Orders"), _orders(turns)], gap=GAP)


def _critical_lines() -> Drawing:
    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        page.text(x, y + 3, "Critical effects:", size=7, weight="bold")
        for k in range(3):
            page.line(x + 22, y + 3.5 + k * 5.5, x + w, y + 3.5 + k * 5.5, width=0.15, colour=0.5)

    return Drawing(15.0, paint, label="Critical effects:")


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Every unit's sheet through a Flow: two to a page when both fit, a bookmark each."""
    from ...render.blocks import Flow

    flow = Flow(doc)
    box = doc.content
    for unit, d in derived:
        flow.add(sheet(unit, d, ctx, room=(box.w, box.h)), bookmark=unit.name)
