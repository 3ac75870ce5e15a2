"""Saunders roster: a table per side (speeds, turn, hull, armour, guns) and, under them, as many of
the quick reference's ramming and damage tables as fit the page, as blocks through a Flow."""

from __future__ import annotations

from typing import Any

from ...render.flow import Flow
from ...render.text_blocks import Heading, Note, Title
from ...render.containers import Stack
from ...render.table_block import Table
from ...render.text import number
from ..rosters import LASHED_NOTE, lashed_name, roster_order
from ..context import Context
from ..derived import Derived
from .derive import scale_factor
from .reference import ROSTER_PRINTED, heading_of, parts_on, roster_tables
from .sheet import RULES, signed, style

SHORT_LABEL = {"armament": "Arm", "steering": "Steer", "machinery": "Mach", "pilot_house": "PH", "propulsion": "Prop"}
# play 31, moment 8: the armour is headed and ordered stern/midships/bow, left to right as every sheet draws it
HEADER = ["Ship", "Ahead kn", "Astern kn", "Turn", "Hull", "Armour S/M/B", "Other armour", "Guns (no.×strength, R rifled)"]
SMALL = " ▪"


def guns_summary(guns) -> str:
    """'6×5 1×3 5×3R 16×2': one entry per strength, rifled or not (guns of different models that the roster's
    short form cannot tell apart are counted together), in the order the guns are listed."""
    counts: dict[str, int] = {}
    for g in guns:
        key = f"{g.strength}{'R' if g.rifled else ''}"
        counts[key] = counts.get(key, 0) + g.count
    return " ".join(f"{n}×{key}" for key, n in counts.items())


def idle_guns(unit, scenario) -> int:
    """How many of a fort's guns stand on no face the scenario draws, and so bear on no ship (her sheet's "Also
    mounted" line): 0 where the set-up deals her guns to no faces."""
    setup = getattr(scenario, "setup", None)
    start = setup.starts.get(unit.id) if setup is not None else None
    return sum(n for _, face, n in (start.guns_by_face(unit.armament) if start is not None else []) if face is None)


def row(unit, d: Derived, partner=None, idle: int = 0) -> list:
    """A unit's line; `partner`, the unit she is lashed to (listed above her), marks her name; `idle`, the guns of
    hers that bear on no ship (play 32, moment 10: Fort Gaines's roster counted all 27 where her sheet fires 2)."""
    s = d.stats
    arm = s.armour
    other = ", ".join(f"{SHORT_LABEL[k]} {getattr(arm, k)}" for k in SHORT_LABEL if getattr(arm, k) is not None)
    guns = guns_summary(s.guns) + (f" ({idle} never bear)" if idle else "")
    return [lashed_name(unit.name, partner) + (SMALL if s.small_target else ""), "fort" if s.fort else number(s.max_speed_kn),
            "" if s.fort else number(s.astern_speed_kn), "" if s.fort else f"{s.max_turn_deg}°", s.hull,
            f"{arm.stern}/{arm.midships}/{arm.bow}", other, guns]  # stern first, as the sheets draw it


def side_table(side: str, units: list[tuple[str, Any, Derived]], scenario=None) -> Stack:
    """The side's table; with the scenario, each unit lashed to another comes under her partner."""
    ordered = roster_order(scenario, units) if scenario is not None else [(*u, None) for u in units]
    rows = [row(u, d, partner, idle_guns(u, scenario) if d.stats.fort else 0)
            for side_name, u, d, partner in ordered if side_name == side]
    st = style()
    return Stack([Heading(side), Table(rows, header=HEADER, bold_first_col=True,
                                       align=["left"] + ["centre"] * 5 + ["left", "left"], **st["roster_table"])],
                 **st["roster_side"])


def footnote(units: list[tuple[str, Any, Derived]], ctx: Context, lashed: bool = False) -> str:
    st = ctx.tables.small_target.rows
    who = f"under {number(st['under_length_ft'])} ft" + (" or a monitor" if st["monitors"] else "")
    rams = ", ".join(u.name for _, u, d in units if d.stats.ram_bow) or "none"
    return f"▪ small target ({who}): {signed(st['to_hit_modifier'])} to hit. Ram bows: {rams}" + (
        f". {LASHED_NOTE}." if lashed else "")


def roster(doc, scenario, units: list[tuple[str, Any, Derived]], ctx: Context) -> None:
    _, scale = scale_factor(ctx)
    st = style()
    flow = Flow(doc, **st["roster_flow"])
    sides = [s.name for s in scenario.sides]
    title = Title(scenario.name, f"{scenario.date} · {scenario.place} · {RULES} · {scale}")
    for i, side in enumerate(sides):
        block = side_table(side, units, scenario)
        flow.add(Stack([title, block]) if i == 0 else block, bookmark=scenario.name if i == 0 else None)
    lashed = any(r[3] is not None for r in roster_order(scenario, units))
    flow.add(Note(footnote(units, ctx, lashed)))
    # the room under the tables holds quick-reference tables (reference.ROSTER_TABLES; replay s27: the speed against
    # hull chart there was never used, and the reference was cramped); the reference leaves out what is printed here
    box = doc.content_for(False)
    heading, gap = Heading("Quick reference (the rest at the end of the pack)"), st["roster_side"]["gap"]
    room = flow.room() - flow.gap - heading.measure(box.w) - gap
    taken, laid = roster_tables([d for _, _, d in units], ctx, box.w, room)
    if laid is not None:
        flow.add(Stack([heading, laid], gap=gap))
        for part in parts_on(laid):
            doc.bookmark(part, level=1)
    setattr(doc, ROSTER_PRINTED, tuple(heading_of(b) for b in taken))
