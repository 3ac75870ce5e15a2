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
    Note,
    Spacer,
    Stack,
    StatBoxes,
    Table,
    Text,
    Title,
    Track,
    Tracks,
    records,
)
from ...render.paper import MM

PT_MM = 1 / MM  # mm per point
from ...render.text import number
from ...spec.errors import ShipyardError
from ..base import Context, Derived, accent, damage_done, game_turns, sheet_heading
from .derive import modifier, scale_factor, turret_roles
from .stats import SaundersStats

RULES = "ACW Naval Rules v1.2 (Saunders)"
SECTION_LABEL = {"armament": "Armament", "steering": "Steering", "machinery": "Machinery",
                 "pilot_house": "Pilot house", "propulsion": "Propulsion"}
GAP = 1.0  # mm between the blocks of a sheet
ORDERS_PT, ORDERS_LEADING = 6.5, 1.55


def signed(mod: Any) -> str:
    """+1, −2 (a true minus sign)."""
    return f"{int(mod):+d}".replace("-", "−")


def fraction(x: float) -> str:
    """0.75 -> '¾' (the speed fractions the rules print)."""
    return number(round(float(x), 3))


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


def ladder_below(s: SaundersStats, ctx: Context) -> list[int]:
    """The turns a damaged steering gear drops to, a step at a time (at least one step, so there is a box)."""
    ladder = sorted(int(a) for a in ctx.tables.turn.rows["ladder_deg"])
    below = [a for a in ladder if s.max_turn_deg and a < s.max_turn_deg][::-1]
    return below or [ladder[0]]  # at the bottom already: still a box to tick


def mark(ctx: Context, roll: str, key: str = "mark") -> str:
    """The few words a checkbox prints for a critical, read from the (house-ruled) criticals table."""
    t = ctx.tables.criticals
    row = next((r for r in t.rows if str(r.get("roll")) == roll), None)
    if row is None:
        raise ShipyardError(f"table criticals ({t.tag()}): no row for roll {roll}; the record sheet needs its words")
    return str(t.need(row, key, "the words the record sheet prints for it"))


def propulsion_item(s: SaundersStats, ctx: Context) -> tuple[str, int]:
    """The propulsion-lost checkbox: its label and boxes (two for a sidewheeler's two wheels)."""
    halved, screw = mark(ctx, "53-56"), mark(ctx, "53-56", "mark_screw")
    drive = s.drive or ""
    if drive == "sidewheel":
        return f"Paddle lost: port / starboard ({halved})", 2
    if drive == "sternwheel":
        return f"Stern wheel lost ({screw})", 1
    if drive == "centrewheel":
        return f"Centre wheel lost ({screw})", 1
    if s.paddles:
        return f"Paddle wheel lost ({halved})", s.paddles
    return f"Screw lost ({screw}; torpedo: drifts)", 1


def status_items(s: SaundersStats, ctx: Context) -> list[tuple[str, int, str]]:
    """What the criticals, rams, torpedoes and groundings leave on a unit to tick: (label, boxes, tracker id), in the
    order printed. Labels carry the effect in play so the player need not look it up."""
    t = ctx.tables
    fire = signed(modifier(t.to_hit, "On fire"))
    items: list[tuple[str, int, str]] = [(f"Fires ({fire} to fire)", 6, "fire")]
    if s.fort:
        return items
    smoke = signed(modifier(t.to_hit, "Filled with smoke"))
    steam = signed(modifier(t.to_hit, "Filled with steam"))
    items.append(("Holes (sink at 0 hull)", 6, "hole"))
    turns = ladder_below(s, ctx)
    if turns[0] < (s.max_turn_deg or 0):
        items.append((f"Steering hit: max turn → {'/'.join(str(a) for a in turns)}°", len(turns), "steering"))
    else:
        items.append(("Steering hit: no smaller turn on the ladder", 1, "steering"))
    items.append((f"{mark(ctx, '46')}, {steam} to fire", 1, "steam"))
    items.append((f"{mark(ctx, '51-52')}, {smoke} to fire", 1, "smoke"))
    label, n = propulsion_item(s, ctx)
    items.append((label, n, "propulsion"))
    if s.ram_bow:
        items.append(("Ram bow lost", 1, "ram_bow"))
    if s.spar_torpedo:
        items.append(("Spar torpedo: deployed / expended", 2, "spar"))
    ag = t.aground.rows
    items.append((f"Aground: tries to break free ({int(ag['break_free_on'])}+)", int(ag["attempts"]), "aground"))
    return items


def next_move_items(s: SaundersStats, ctx: Context) -> list[tuple[str, int, str]]:
    """Criticals that last one move only: ticked when rolled, rubbed out when the move is over."""
    crew = [(mark(ctx, "26"), 1, "magazine"), (mark(ctx, "61-63"), 1, "gun_silent")]
    if s.fort:
        return crew
    return [(mark(ctx, "31-33"), 1, "rudder"), (mark(ctx, "36"), 1, "pilot_house"),
            (mark(ctx, "66"), 1, "captain")] + crew


def remarks(s: SaundersStats, ctx: Context) -> str:
    """What the unit has or lacks that changes a roll, with no box to tick."""
    if s.fort:
        return "A fort does not move."
    out = []
    if not s.ram_bow:
        out.append(f"No ram bow ({signed(modifier(ctx.tables.ramming_modifiers, 'Ramming without a ram bow'))} ramming)")
    out.append(f"Propulsion: {s.drive}")
    return " · ".join(out)


TALLIES = {"fire": "fires", "hole": "holes"}  # tracker -> the scenario damage key a pre-damaged copy strikes


def _status(unit, s: SaundersStats, ctx: Context) -> Block:
    """The conditions to tick, tagged with the trackers they are: fires and holes as box tracks (a pre-damaged copy
    strikes the scenario's opening ones), the rest as checkboxes in two columns beside them; then the one-move
    criticals in a row."""
    items, once = status_items(s, ctx), next_move_items(s, ctx)
    tallies = Tracks([Track(label, n, prefilled=damage_done(ctx, unit, (TALLIES[tr],), n), records=tr)
                      for label, n, tr in items if tr in TALLIES], box=2.7, gap=0.5, label_size=6.6, row_gap=0.9,
                     max_label_share=0.62)
    rest = [(label, n, tr) for label, n, tr in items if tr not in TALLIES]
    if s.fort:  # fires, and the two one-turn criticals beside them
        rest = [(label + " next turn", n, tr) for label, n, tr in once]
        once = []
    half = (len(rest) + 1) // 2
    cols: list[Block] = [tallies] + [records(Checkboxes([(label, n) for label, n, _ in part], size=6.6, box=2.7,
                                                        min_col=200), *sorted({tr for _, _, tr in part}))
                                     for part in (rest[:half], rest[half:]) if part]
    body = Columns(cols, weights=[1.0] * len(cols), gap=3)
    if not once:
        return body
    nxt = Columns([Text("Next move only:", size=6.8, weight="bold"),
                   Checkboxes([(label, n) for label, n, _ in once], size=6.5, box=2.7, min_col=26)],
                  weights=[0.14, 0.86], gap=1)
    return Stack([body, records(nxt, *sorted({tr for _, _, tr in once}))], gap=0.6)


# ---------------------------------------------------------------------------------------------
# Drawings


PLAN_H = 24.0
TURRET_R, TURRET_CLEAR = 3.3, 0.6  # a turret's circle on the plan (mm), and its gap below the section ratings


def _plan(unit, s: SaundersStats) -> Drawing:
    """The hull seen from above, stern left, bow right, cut into stern / midships / bow with their ratings; turrets and
    the pilot house on the centre line; paddle boxes; the sections that differ listed under it."""
    roles = turret_roles(unit) if getattr(unit, "turrets", None) else {}
    extras = [(SECTION_LABEL[k], getattr(s.armour, k)) for k in SECTION_LABEL if getattr(s.armour, k) is not None]
    hints = {"Armament": " (turrets, circled)" if roles else "", "Pilot house": " (PH, boxed)"}
    arm = s.armour

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        x, w = x + 5, min(120.0, w) - 5  # room for a stern wheel
        top, bot, mid = y + 3, y + PLAN_H - 3, y + PLAN_H / 2
        page.polygon([(x, top + 5), (x + 4, top), (x + w * 0.8, top), (x + w, mid), (x + w * 0.8, bot), (x + 4, bot),
                      (x, bot - 5)], width=0.5, fill=0.96)
        a, b = x + w * 0.28, x + w * 0.66
        page.line(a, top, a, bot, width=0.3)
        page.line(b, top, b, bot, width=0.3)
        value_base = top + 10.5  # the section ratings' baseline: digits stand above it, turrets sit below it
        for label, cx, value in (("STERN", (x + a) / 2, arm.stern), ("MIDSHIPS", (a + b) / 2, arm.midships),
                                 ("BOW", x + w * 0.76, arm.bow)):
            page.text(cx, top + 3.8, label, size=6, align="centre", colour=0.35, weight="bold")
            page.text(cx, value_base, str(value), size=13, weight="bold", align="centre")
        if roles:
            place = {"single": 0.47, "fore": 0.55, "centre": 0.47, "aft": 0.39}
            if len(roles) == 3:
                place.update({"fore": 0.57, "aft": 0.37})
            rating = arm.armament if arm.armament is not None else arm.midships
            # under the MIDSHIPS rating, clear of it and inside the hull outline
            r = min(TURRET_R, (bot - value_base - TURRET_CLEAR - 0.4) / 2)
            cy = value_base + TURRET_CLEAR + r
            for role in roles.values():
                cx = x + w * place[role]
                page.circle(cx, cy, r, width=0.4, fill=1)
                page.text(cx, cy + 1.0, str(rating), size=7.5, weight="bold", align="centre")
        if arm.pilot_house is not None:
            px = b + 4
            page.rect(px - 2.5, mid + 2.6, 5, 5, width=0.3, fill=1)
            page.text(px, mid + 6.8, str(arm.pilot_house), size=6, align="centre", weight="bold")
            page.text(px + 3.2, mid + 6.8, "PH", size=5.5, colour=0.35)
        if s.paddles and s.drive == "sidewheel":
            for yy in (top - 3, bot):
                page.rect(x + w * 0.45, yy, w * 0.12, 3, width=0.3, fill=0.85)
        elif s.drive == "sternwheel":
            page.rect(x - 4, top + 4, 3.5, bot - top - 8, width=0.3, fill=0.85)
        if extras:
            page.fit_text(x, y + PLAN_H + 2.5, "  ".join(f"{name}{hints.get(name, '')} {r}" for name, r in extras), w, size=6.5,
                          min_size=6, weight="bold")

    label = " ".join(f"{k} {v}" for k, v in (("stern", arm.stern), ("midships", arm.midships), ("bow", arm.bow)))
    return Drawing(PLAN_H + (4.0 if extras else 0.0), paint,
                   label=f"armour {label}" + "".join(f" {n} {r}" for n, r in extras))


FORT_PLAN_H = 12.0  # no taller than a fort's hull track and remark beside it, so four forts share a Letter page


def _fort_plan(s: SaundersStats) -> Drawing:
    """The walls' armour rating in a heavy frame."""
    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        w = min(40.0, w)
        page.rect(x, y + 0.5, w, h - 1, width=0.8, fill=0.96)
        page.text(x + w / 2, y + 3.8, "WALLS", size=6, align="centre", colour=0.35, weight="bold")
        page.text(x + w / 2, y + h - 1.9, str(s.armour.midships), size=14, weight="bold", align="centre")

    return Drawing(FORT_PLAN_H, paint, label=f"walls {s.armour.midships}")


def speed_marks(s: SaundersStats) -> dict[float, str]:
    """Speed (kn) -> the fraction of maximum it is: the speeds hull damage drops to, as the hull note states them."""
    return {float(th.speed_kn): fraction(th.fraction) for th in s.speed_thresholds if 1 <= th.lost <= s.hull}


def speed_cells(top: float, marks: dict[float, str] | None = None) -> list[float]:
    """The boxes of a speed track: every whole knot up to `top`, plus `top` itself and every marked speed where they
    fall on a half knot (Hartford: ... 6, 6½, 7 ... 13, 13½), so the track runs exactly to the maximum."""
    cells = {float(k) for k in range(int(math.floor(top)) + 1)} | {float(top)}
    cells |= {float(v) for v in (marks or {}) if 0 <= v <= top}
    return sorted(cells)


SPEED_LABEL_W = 13.0


def _speed_cell(w: float, n: int) -> float:
    return min(6.0, (w - SPEED_LABEL_W) / max(n, 1))


def _speed_track(s: SaundersStats) -> Drawing:
    """Ahead and astern in boxes to mark the current speed, to the maximum exactly (half knots where the ship has
    them); the speeds hull damage drops to shaded with their fraction ("¾"); lost knots struck from the top."""
    marks = speed_marks(s)
    ahead = speed_cells(s.max_speed_kn, marks)
    astern = speed_cells(s.astern_speed_kn)
    n = max(len(ahead), len(astern))

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        cell = _speed_cell(w, n)
        y += 2.2
        for label, cells in (("Ahead kn", ahead), ("Astern", astern)):
            page.text(x, y + cell * 0.68, label, size=6.5, weight="bold", family="condensed")
            for k, v in enumerate(cells):
                cx = x + SPEED_LABEL_W + k * cell
                mark = marks.get(v) if label != "Astern" else None
                page.rect(cx, y, cell, cell, width=0.25, fill=0.85 if mark else None)
                page.fit_text(cx + cell / 2, y + cell * 0.68, number(v), cell - 0.4, size=6.5, min_size=5,
                              align="centre", weight="bold" if mark else "regular")
                if mark:
                    page.text(cx + cell / 2, y - 0.5, mark, size=6, align="centre", weight="bold")
            y += cell + 1.0

    words = f"ahead {' '.join(number(v) for v in ahead)} astern {' '.join(number(v) for v in astern)}"
    return records(Drawing(lambda w: 2.2 + 2 * (_speed_cell(w, n) + 1.0), paint, label=words), "speed", "knots_lost")


def orders_columns(s: SaundersStats) -> list[tuple[str, float]]:
    """The orders log's columns (heading, width weight): a turret's arc only for a turreted ship, the spar only for
    one that carries a spar torpedo."""
    cols = [("Turn", 7.5), ("Speed", 10.5), ("Turn °", 9.5)]
    if any(g.turret for g in s.guns):
        cols.append(("Turret", 10.0))
    if s.spar_torpedo:
        cols.append(("Spar", 7.0))
    return cols + [("Fire at / notes", 0.0)]


ORDERS_FIRE_MIN = 24.0  # mm a "Fire at / notes" cell needs to be written in


def orders_parts(width: float, s: SaundersStats, turns: int) -> int:
    """How many side-by-side parts the log is set in: as many (up to 3) as leave the notes column writable."""
    fixed = sum(wt for _, wt in orders_columns(s))
    for parts in (3, 2):
        part_w = (width - (parts - 1) * 3.0) / parts
        if part_w - fixed >= ORDERS_FIRE_MIN and turns >= parts * 2:
            return parts
    return 1


def _orders(s: SaundersStats, turns: int) -> Drawing:
    """The orders log: a row a turn, turns 1..`turns`, set in parts side by side to save height."""
    cols = orders_columns(s)
    head = [c for c, _ in cols]

    def tables(width):
        parts = orders_parts(width, s, turns)
        per = math.ceil(turns / parts)
        part_w = (width - (parts - 1) * 3.0) / parts
        fixed = sum(wt for _, wt in cols)
        widths = [wt or (part_w - fixed) for _, wt in cols]
        out = []
        for p in range(parts):
            rows = [[t + 1] + [""] * (len(cols) - 1) for t in range(p * per, min(turns, (p + 1) * per))]
            out.append(Table(rows, header=head, widths=widths, size=ORDERS_PT, leading=ORDERS_LEADING))
        return part_w, out

    def measure(width):
        part_w, ts = tables(width)
        return max(t.measure(part_w) for t in ts)

    def paint(page: Page, x: float, y: float, w: float, h: float) -> None:
        part_w, ts = tables(w)
        for k, table in enumerate(ts):
            px = x + k * (part_w + 3.0)
            th = table.draw(page, px, y, part_w)
            _, widths, _, _ = table.layout(part_w)
            cx = px
            for cw in widths[:-1]:
                cx += cw
                page.line(cx, y, cx, y + th - 0.4, width=0.15, colour=0.6)

    return Drawing(measure, paint, label=" ".join(head) + f" turns 1-{turns}")


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


GUN_BOX, GUN_BOX_GAP, GUN_BOXES_PER_LINE = 2.4, 0.55, 10


class GunTable(Drawing):
    """The guns table with a box per gun in its last column (tick disabled, cross destroyed), wrapping ten to a
    line; each box is a `gun` tracker (its `children` are one tagged marker a box, for `recorded`)."""

    def __init__(self, s: SaundersStats):
        self.counts = [g.count for g in s.guns]
        lines = [max(1, math.ceil(n / GUN_BOXES_PER_LINE)) for n in self.counts]
        rows = [r + ["\n" * (k - 1) if k > 1 else " "] for r, k in zip(gun_rows(s), lines)] if s.guns else gun_rows(s)
        per_line = min(GUN_BOXES_PER_LINE, max(self.counts or [1]))
        out_w = max(19.0, per_line * (GUN_BOX + GUN_BOX_GAP) + 2.0)
        self.table = Table(rows, header=["Gun", "No.", "Str", "Rif", "Arcs", "PB in", "Eff in", "Long in",
                                         "✓ out ✗ lost" if s.guns else ""],
                           widths=None, size=6.8, leading=1.2, bold_first_col=True,
                           align=["left", "centre", "centre", "centre", "left", "centre", "centre", "centre", "left"])
        self.out_w = out_w
        self.children = [records(Spacer(0.0), "gun") for _ in range(sum(self.counts))]
        super().__init__(self._measure, self._paint, label="guns " + " ".join(str(n) for n in self.counts))

    def _widths(self, w):
        return [0.33 * (w - self.out_w), 0.045 * (w - self.out_w), 0.045 * (w - self.out_w), 0.04 * (w - self.out_w),
                0.32 * (w - self.out_w), 0.07 * (w - self.out_w), 0.07 * (w - self.out_w), 0.08 * (w - self.out_w),
                self.out_w]

    def _measure(self, w):
        self.table.widths = self._widths(w)
        self.table._cache.clear()
        return self.table.measure(w)

    def _paint(self, page: Page, x: float, y: float, w: float, h: float) -> None:
        self.table.widths = self._widths(w)
        self.table._cache.clear()
        self.table.draw(page, x, y, w)
        size, widths, _, heights = self.table.layout(w)
        line_h = size * self.table.leading * PT_MM
        top = y + heights[0] * line_h
        bx0 = x + sum(widths[:-1]) + 0.9
        for n, k in zip(self.counts, heights[1:]):
            for b in range(n):
                r, c = divmod(b, GUN_BOXES_PER_LINE)
                page.rect(bx0 + c * (GUN_BOX + GUN_BOX_GAP) + (c // 5) * 0.6, top + r * line_h + (line_h - GUN_BOX) / 2,
                          GUN_BOX, GUN_BOX, width=0.25, fill=1)
            top += k * line_h

    def texts(self):
        return self.table.texts()


def sheet(unit, d: Derived, ctx: Context) -> Block:
    """One unit's record sheet as a stack of blocks, its orders log sized to the game's turns (game_turns)."""
    s: SaundersStats = d.stats
    name, sub = sheet_heading(unit, d, ctx)
    _, scale = scale_factor(ctx)
    boxes = [("Hull", s.hull)]
    if not s.fort:
        boxes = [("Speed", f"{number(s.max_speed_kn)} kn"), ("Astern", f"{number(s.astern_speed_kn)} kn"),
                 ("Turn", f"{s.max_turn_deg}°")] + boxes
    head = Columns([Stack([Title(name, f"{sub} · {RULES} · {scale}", rule_colour=accent(unit, ctx)),
                           Text(flags(s, ctx), size=7) if s.fort and flags(s, ctx) else None], gap=0.8),
                    StatBoxes(boxes, min_box=14.0, size=12.0)], weights=[0.82, 0.18] if s.fort else [0.64, 0.36], gap=4)

    marks = {th.lost: f"{fraction(th.fraction)} speed" for th in s.speed_thresholds if 1 <= th.lost <= s.hull}
    legend = "; ".join(f"after box {th.lost}: {fraction(th.fraction)} speed = {number(th.speed_kn)} kn"
                       for th in s.speed_thresholds if 1 <= th.lost <= s.hull)
    hull = Tracks([Track("Hull", s.hull, marks=marks, prefilled=damage_done(ctx, unit, ("hull",), s.hull), note=legend,
                         records="hull")], box=4.6, gap=0.8, label_size=7.5)

    factor, _ = scale_factor(ctx)
    per_in = float(ctx.tables.movement.rows["inches_per_knot"]) * factor
    if s.fort:
        top = Columns([_fort_plan(s), Stack([hull, Text(remarks(s, ctx), size=6.8)], gap=1.0)],
                      weights=[0.2, 0.8], gap=4)
    else:
        right = Stack([Text(f"Speed (1 kn = {number(per_in)} in): mark it; strike lost knots from the top; "
                            "shaded = the hull bars' speeds", size=6.5, weight="bold"), _speed_track(s), Text(flags(s, ctx), size=6.5),
                       Text(remarks(s, ctx), size=6.5)], gap=0.4)
        top = Columns([_plan(unit, s), right], weights=[0.44, 0.56], gap=4)
    blocks: list[Block | None] = [
        head,
        top,
        None if s.fort else hull,
        to_hit_line(ctx),
        GunTable(s),
        Note("Turret: plot its arc with the move, one step a turn; both guns fire into the same arc at one target. "
             "Own funnel or superstructure may block part of an arc: agree before play.", size=6.0)
        if any(g.turret for g in s.guns) else None,
        _status(unit, s, ctx),
    ]
    if not s.fort:
        blocks.append(_orders(s, game_turns(ctx)))
    return Stack(blocks, gap=GAP)


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Every unit's sheet through a Flow: two (or more) to a page when they fit, a bookmark each."""
    from ...render.blocks import Flow

    flow = Flow(doc)
    for unit, d in derived:
        flow.add(sheet(unit, d, ctx), bookmark=unit.name)
