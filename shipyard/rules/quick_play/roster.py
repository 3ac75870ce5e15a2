"""Quick Play order of battle as blocks: per side its divisions (a table each, lashed pairs marked), a line of
side totals."""

from __future__ import annotations

from typing import Any

from ...render.measure import Block
from ...render.flow import Flow
from ...render.text_blocks import Heading, Runs, Text, Title
from ...render.containers import Panel, Stack
from ...render.table_block import Table
from ...render.text import number
from ...errors import ShipyardError
from ..rosters import LASHED, roster_order
from ..context import Context
from ..play_aids import accent, short_name
from .reference import LEFT_OPEN, factor_name, readings
from .style import style

FACTORS = ("heavy", "medium", "parrot")


def _header(ctx: Context) -> list[str]:
    initials = "/".join(factor_name(ctx, k)[0] for k in FACTORS)
    return ["Unit", "Type", "EDNA", "Ram", f"Guns {initials}", "Speed S/C/F in", "Turn"]


# no roster number: the turn counters' numbers are the only numbers a unit goes by in play
ALIGN = ["left", "left", "centre", "centre", "centre", "centre", "centre"]


def unit_row(d, consort=None) -> list:
    s = d.stats
    name = d.unit_name
    if consort is not None:
        name = f"{LASHED} {name} (lashed to {short_name(consort.unit_name)})"
    sp = s.speeds_in
    speeds = "–" if s.is_fort else "/".join(number(v, none="–") for v in (sp.slow, sp.cruise, sp.full))
    turn = "–" if s.turn_deg is None else f"{number(s.turn_deg)}°"
    factors = "/".join(str(v) for _, v in s.cannonade.items())
    return [name, s.type, s.edna, "Ram" if s.ram else "", factors, speeds, turn]


def side_totals(side_name: str, stats: list, ctx: Context, consorts: int = 0) -> str:
    """The side's totals: its ships and forts, the turn counters they draw (a lashed pair draws one: `consorts` is how
    many of its units are lashed to another in play), their EDNA and factors. "18 units" counted ships where the cup
    holds 11 Union counters (replay 12)."""
    tot = {k: sum(getattr(s.cannonade, k) for s in stats) for k in FACTORS}
    named = ", ".join(f"{tot[k]} {factor_name(ctx, k)}" for k in FACTORS)
    forts = sum(1 for s in stats if s.is_fort)
    units = [(len(stats) - forts, "ship"), (forts, "fort")]
    counted = " and ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in units if n)
    counters = len(stats) - consorts
    drawn = f", {counters} counters (a pair draws one)" if consorts else ""
    return (f"{side_name}: {counted}{drawn} · total EDNA {sum(s.edna for s in stats)} · factors {named} "
            f"({sum(tot.values())} in all)")


def count_words(side_name: str, units: list, scenario, ctx: Context) -> str | None:
    """The cover's count of a side (RuleSet.count_words): its ships and forts and, where a lashed pair draws one, the
    counters they draw ("18 ships, 11 counters"), as the roster's totals count them (replay 24: the cover's "18
    units" against 11 Union counters)."""
    side = next((s for s in scenario.sides if s.name == side_name), None)
    ids = {u.id for u, _ in units}
    consorts = sum(1 for su in (side.units if side else []) if su.id in ids and su.lashed_to and su.lashed_to in ids)
    forts = sum(1 for _, d in units if d.stats.is_fort)
    counted = " and ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((len(units) - forts, "ship"),
                                                                                   (forts, "fort")) if n)
    return f"{counted}, {len(units) - consorts} counter{'s' if len(units) - consorts != 1 else ''}" if counted else None


def side_block(side, by_id: dict, ctx: Context, scenario=None) -> Block | None:
    """The side's divisions and totals; with the scenario, each unit lashed to another comes under her partner
    whatever the order the scenario lists them in."""
    listed = [(side.name, su, None) for su in side.units if su.id in by_id]
    order = [su for _, su, _, _ in roster_order(scenario, listed)] if scenario is not None else [su for _, su, _ in listed]
    groups: list[tuple[str | None, list]] = []
    for su in order:
        if not groups or groups[-1][0] != su.division:
            groups.append((su.division, []))
        groups[-1][1].append(su)
    if not groups:
        return None
    st = style()
    stats = []
    tables = []
    for division, sus in groups:
        rows = []
        for su in sus:
            _, d = by_id[su.id]
            stats.append(d.stats)
            consort = by_id[su.lashed_to][1] if su.lashed_to and su.lashed_to in by_id else None
            rows.append(unit_row(d, consort))
        tables.append(Table(rows, header=_header(ctx), align=ALIGN, title=division, **st["roster_table"]))
    title = side.name + (f" · {side.commander}" if side.commander else "")
    consorts = sum(1 for su in order if su.lashed_to and su.lashed_to in by_id)
    totals = Panel(Text(side_totals(side.name, stats, ctx, consorts), **st["roster_totals"]), **st["roster_totals_panel"])
    return Stack([Heading(title, colour=accent(side, ctx), rule_colour=accent(side, ctx), **st["roster_side_heading"]),
                  *tables, unit_notes(order, by_id, side_note(side, ctx, scenario)), totals], **st["roster_side"])


def side_note(side, ctx: Context, scenario=None) -> str | None:
    """The side_notes line for this side in this scenario, each {Type} filled with that type's turn (ship_types)."""
    playing = getattr(scenario, "id", None)
    turns = {str(r["type"]).replace(" ", "_"): number(r["turn_deg"]) for r in ctx.tables.ship_types.rows
             if r.get("turn_deg") is not None}
    found = [str(r["note"]).format(**turns) for r in ctx.tables.side_notes.rows
             if r["scenario"] == playing and r["side"] == side.name]
    return " ".join(found) or None


def unit_notes(order: list, by_id: dict, after: str | None = None) -> Block | None:
    """The scenario's notes on the side's units in play (who leads each line, the flagship, where a unit lies), in
    one paragraph: a line of battle moves after its leader, so the leader must be on paper."""
    notes = [(short_name(by_id[su.id][1].unit_name), " ".join(su.note.split())) for su in order
             if su.note and su.id in by_id]
    if not notes and not after:
        return None
    runs: list[tuple[str, str]] = []
    for k, (name, note) in enumerate(notes):
        runs += [(("  " if k else "") + name, "bold"), (f" {note}.", "regular")]
    if after:  # the scenario's line for the side (side_notes), after its units'
        runs += [(("  " if runs else "") + after + ".", "regular")]
    return Runs(runs, **style()["roster_notes"])


def roster(doc, scenario, units: list[tuple[str, Any, Any]], ctx: Context) -> None:
    """The order of battle per side: divisions, lashed pairs, type, EDNA, factors, speeds; totals and the scenario's
    notes per side; then what the article leaves open about the set-up and the units (the bound's readings follow the
    record cards, sheet.sheets: the two would not fit one page at a size read at arm's length)."""
    if not units:
        raise ShipyardError(f"{scenario.name}: no units to list")
    by_id = {u.id: (u, d) for _, u, d in units}
    st = style()
    flow = Flow(doc, **st["roster_flow"])
    flow.add(Title(f"{scenario.name}, {scenario.date} — Quick Play order of battle", scenario.place, **st["roster_title"]),
             bookmark=f"{scenario.name} roster", new_page=True)
    for side in scenario.sides:
        block = side_block(side, by_id, ctx, scenario)
        if block is not None:
            flow.add(block, bookmark=side.name, level=1)
    flow.add(readings(ctx, "set-up"), bookmark=f"{LEFT_OPEN}: the set-up", level=1)
