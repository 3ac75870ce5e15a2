"""Really Simple ACW Naval Rules: a ship data card, the quick-reference band under every page of cards and the
orders log, as lists of blocks filled from the typed stats and the tables. No coordinates here: the card grid
(boxes.CardGrid) and the Flow place them.

    Panel(Stack([
        CardHead("USS Hartford", "Screw sloop · Hartford class · USN", rule_colour=accent),
        StatBoxes([("ARMOUR", 4), ("AHEAD", "13½ kn"), ("ASTERN", "6½ kn"), ("DRAFT", "17 ft"), ("RAM BOW", "no (−1)")]),
        Runs([("SPEED ", bold), ("strike a box for each ½ knot lost · below 0 she sinks in 1d6+2 turns", regular)]),
        SpeedTrack([13½ 13 … ½ 0 SINKS]),
        Runs([("GUNS ", bold), ("strike a box for each gun lost", regular)]),
        Tracks([Track("LARGE +3", 18, note="18 × 9-inch Dahlgren smoothbore"), Track("MEDIUM +3 rifled", 3, …)]),
    ]))
"""

from __future__ import annotations

import math

from ...render.text import number
from ...render.blocks import Block, Columns, Note, Panel, Runs, Stack, StatBoxes, Table, Text, Track, Tracks
from ..base import accent, damage_done, sheet_heading
from .boxes import CardHead, Measured, RuledTable, SpeedBox, SpeedTrack
from .stats import ReallySimpleStats
from .words import gun_groups, kn, modifiers_line, no_ram_bow, ranges_text, sinks_in, step_kn

GUN_BOX = 3.6  # mm: one gun's box
GUN_GAP = 0.6
HEAD_PT = 6.5  # the SPEED / GUNS lines
GREY = 0.35


def speed_values(top: float, step: float = 0.5) -> list[float]:
    """Every speed from the top down to 0 in steps: what is left when each box is struck."""
    n = int(round(top / step))
    return [round((n - i) * step, 2) for i in range(n + 1)]


def card_heading(unit, d, ctx) -> Block:
    name, sub = sheet_heading(unit, d, ctx)
    return CardHead(name, sub, rule_colour=accent(unit, ctx))


def stat_boxes(s: ReallySimpleStats, unit, ctx) -> Block:
    if s.is_fort:
        walls = getattr(getattr(unit, "walls", None), "material", None)
        items = [("ARMOUR", s.armour), ("WALLS", walls.value if walls is not None else "–"), ("GUNS", s.gun_count),
                 ("MOVES", "fixed")]
    else:
        items = [("ARMOUR", s.armour), ("AHEAD", f"{kn(s.speed_kn)} kn"),
                 ("ASTERN", f"{kn(s.astern_kn)} kn" + (" (=)" if s.astern_as_fast else "")),
                 ("DRAFT", f"{s.draft_ft} ft"), ("RAM BOW", "yes" if s.reinforced_bow else no_ram_bow(ctx.tables))]
    return StatBoxes(items, size=10, label_size=6, min_box=14, gap=1.0)


def speed_track(s: ReallySimpleStats, unit, ctx) -> Block:
    step = step_kn(ctx.tables)
    values = speed_values(float(s.speed_kn), step)
    cells = [SpeedBox(kn(v), whole=float(v).is_integer()) for v in values] + [SpeedBox("SINKS", wide=True)]
    lost = damage_done(ctx, unit, ("speed",), len(values))  # boxes struck on a pre-damaged copy
    return Stack([Runs([("SPEED", "bold"), (f" strike a box for each {kn(step)} knot lost · below 0 she sinks in "
                                              f"{sinks_in(ctx.tables)} turns", "regular")], size=HEAD_PT, family="condensed"),
                  SpeedTrack(cells, struck=lost)], gap=0.6)


def gun_tracks(s: ReallySimpleStats, ctx) -> Block:
    groups = gun_groups(s, ctx.tables)
    head = Runs([("GUNS", "bold"), (" strike a box for each gun lost", "regular")], size=HEAD_PT, family="condensed")
    if not groups:
        return Stack([head, Note("no guns" if s.is_fort else "no guns: ram only", size=6.5)], gap=0.6)
    tracks = [Track(g.label, g.count, note="; ".join(g.names)) for g in groups]
    return Stack([head, Tracks(tracks, box=GUN_BOX, gap=GUN_GAP, label_size=6.5, row_gap=1.0)], gap=0.8)


def card(unit, d, ctx) -> Block:
    """One ship data card: name, the figures looked up every turn in boxes, the speed track, the guns by size."""
    s: ReallySimpleStats = d.stats
    parts = [card_heading(unit, d, ctx), stat_boxes(s, unit, ctx)]
    if not s.is_fort:
        parts.append(speed_track(s, unit, ctx))
    parts.append(gun_tracks(s, ctx))
    return Measured(Panel(Stack([Measured(p) for p in parts], gap=1.4), padding=1.8))


def cards_header() -> Block:
    return Text("Really Simple ACW Naval Rules · ship data cards", size=8, weight="bold", colour=0.45)


def _effects(rows) -> Table:
    return Table([[r["roll"], r["effect"]] for r in rows], size=6.5, leading=1.2, padding=0.7, align=["centre", "left"],
                 widths=[1, 9])


def quick_band(ctx) -> Block:
    """What every turn's shooting needs, once at the foot of each page of cards: the hit and special-effect
    tables, the shooting rule, the modifiers and the ranges."""
    t = ctx.tables
    special = t.require("special_effects").rows
    half = math.ceil(len(special) / 2)
    title = dict(size=6.5, weight="bold", family="condensed", leading=1.2)
    return Stack([
        Columns([
            Stack([Text("ON A HIT, ROLL 1d6", **title), _effects(t.require("hit_effects").rows),
                   Text("Shooting: 1d6 + fire factor + modifiers must beat the armour.", size=6.5, weight="bold",
                        family="condensed")], gap=0.6),
            Stack([Text("SPECIAL EFFECTS, ROLL 2d6", **title), _effects(special[:half])], gap=0.6),
            Stack([Text(" ", **title), _effects(special[half:])], gap=0.6),
        ], weights=[0.27, 0.365, 0.365], gap=3.0),
        Text(f"Modifiers {modifiers_line(t)}  Ranges: {ranges_text(ctx)}.", size=6.5, family="condensed"),
    ], gap=1.2)


# ---------------------------------------------------------------------------------------------- orders log

LOG_HEADER = ["Turn", "Ship (top kn ahead / astern)", "1st ½ move in", "Turns", "2nd ½ move in", "Turns", "Speed now kn",
              "Extras: ± speed, RAM, fire at"]
LOG_WEIGHTS = [0.05, 0.22, 0.1, 0.1, 0.1, 0.1, 0.1, 0.23]


def orders_intro(title: str, ctx) -> Block:
    m = ctx.tables.require("movement").rows
    turn, change = number(m.get("turn_deg", 45)), number(m.get("speed_change_kn", 2))
    return Stack([Text(title, size=13, weight="bold"),
                  Text(f"Write each order as: inches ahead (at most half the speed), any turns of {turn}°, the rest of the "
                       f"move, any turns; then extras such as a speed change (at most {change} knots a turn) or RAM. "
                       f"Example: 4 in ahead · right {turn}° · 4 in ahead · left {turn}° · +{change} kn. "
                       "An order the opponent cannot read is read against you.", size=7.5, family="condensed")], gap=1.5)


def orders_turn(ships: list, turn_no: int) -> Block:
    """One turn of the log: a row per ship to write her orders in."""
    rows = [[str(turn_no) if i == 0 else "", f"{d.unit_name} ({kn(d.stats.speed_kn)} / {kn(d.stats.astern_kn)})" if d else "",
             "", "", "", "", "", ""] for i, d in enumerate(ships or [None] * 8)]
    return RuledTable(rows, header=LOG_HEADER, widths=LOG_WEIGHTS, size=7.0, leading=1.55, align=["centre", "left"] + ["centre"] * 6)
