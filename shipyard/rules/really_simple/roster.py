"""Really Simple ACW Naval Rules: the order of battle, a table per side, as blocks through a Flow."""

from __future__ import annotations

from ...render.flow import Flow
from ...render.text_blocks import Legend, Note, Text
from ...render.containers import Stack
from ...render.table_block import Table
from ..rosters import LASHED_NOTE, lashed_name, roster_order
from ..play_aids import accent, short_name
from .words import guns_summary, kn, off_plan, signed
from .derive import modifier
from .sheet import style

HEADER = ["Ship or fort", "Armour", "Ahead kn", "Astern kn", "Draft ft", "Ram bow", "Guns"]


def legend(ctx, lashed: bool = False) -> Legend:
    """What the roster's short forms mean, from gun_sizes and the rifled modifier (and the lashed pairs' mark)."""
    items = [(r["size"][0], f"{r['size']} +{r['fire_factor']}") for r in ctx.tables.require("gun_sizes").rows]
    items.append(("R", f"rifled ({signed(modifier(ctx.tables, 'rifled')[0])})"))
    items.append(("=", "a double-ended sidewheeler, as fast astern as ahead"))
    if lashed:
        items.append((LASHED_NOTE.split(" ", 1)[0], LASHED_NOTE.split(" ", 1)[1]))
    return Legend(items, title="Guns:", **style()["roster_legend"])


def side_rows(members, ctx) -> list[list]:
    """A line per (unit, derived[, partner]): a unit lashed to the one above her is marked so."""
    rows = []
    for unit, d, *partner in members:
        s = d.stats
        rows.append([lashed_name(unit.name, partner[0] if partner else None), s.armour, "fort" if s.is_fort else kn(s.speed_kn),
                     "–" if s.is_fort else kn(s.astern_kn) + (" =" if s.astern_as_fast else ""),
                     "–" if s.draft_ft is None else s.draft_ft, "yes" if s.reinforced_bow else "–",
                     guns_summary(s, ctx.tables)])
    return rows


def divisions(members: list, division_of: dict) -> list[tuple[str | None, list]]:
    """A side's units in runs by their scenario division (the Monitor Division, the Wooden Ship Division...), in
    roster order; a lashed consort goes with her partner's division. No divisions: one run, untitled."""
    runs: list[tuple[str | None, list]] = []
    for member in members:
        unit, _, partner = member
        division = division_of.get(getattr(partner, "id", None) if partner is not None else unit.id,
                                    division_of.get(unit.id))
        if not runs or runs[-1][0] != division:
            runs.append((division, []))
        runs[-1][1].append(member)
    return runs


def roster(doc, scenario, units: list, ctx) -> None:
    st = style()
    flow = Flow(doc, **st["roster_flow"])
    ordered = roster_order(scenario, units)
    lashed = any(partner is not None for *_, partner in ordered)
    flow.add(Stack([Text(f"{scenario.name} ({scenario.date}) · Really Simple ACW Naval Rules", **st["roster_title"]),
                    legend(ctx, lashed)], **st["roster_stack"]), bookmark=f"Roster: {scenario.name}", new_page=True)
    sides: dict[str, list] = {}
    for side, unit, d, partner in ordered:
        # play 42 (defects): Fort Powell had a roster row, guns and all, above the line saying she plays no part: that
        # line alone names her
        if not off_plan(ctx, unit, d.stats):
            sides.setdefault(side or "", []).append((unit, d, partner))
    side_of = {s.name: s for s in scenario.sides}
    division_of = {su.id: su.division for s in scenario.sides for su in s.units if su.division}
    for side, members in sides.items():
        tables = [Table(side_rows(group, ctx), header=HEADER if k == 0 else None, bold_first_col=True, title=division,
                        align=["left"] + ["centre"] * 5 + ["left"], **st["roster_table"])  # one header a side
                  for k, (division, group) in enumerate(divisions(members, division_of))]
        flow.add(Stack([Text(side, colour=accent(side_of.get(side), ctx), **st["roster_side"]), *tables],
                       **st["roster_stack"]))
    idle = [unit.name for _, unit, d in units if off_plan(ctx, unit, d.stats)]
    if idle:  # a fort off the plan plays no part: this line, no card, no counter (replay 27)
        flow.add(Note(f"Plays no part (not on the plan: no card, no counter): {', '.join(idle)}.", **st["roster_note"]))
    forts = [unit for _, unit, d in units if d.stats.is_fort and not off_plan(ctx, unit, d.stats)]
    if len(forts) > 1:  # play 31, moment 5: a fort and its water battery are two units, each with its own share
        flow.add(Note(ctx.tables.require("fort_units").rows["reading"], **st["roster_note"]))
    # the room under the tables holds whole parts of the quick reference (replay 28: p3 half empty, p11 cramped)
    from .reference import roster_block

    block = roster_block(doc, [d for _, _, d in units], ctx, flow.room() - flow.gap)
    if block is not None:
        flow.add(block)
    # no speed-against-armour chart (replay 27: never used at the table, half a page): the tables say both figures
