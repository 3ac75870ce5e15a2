"""Smoke on the Water roster as blocks: the scenario's heading, a table per side (every unit's fighting figures on a
line, its guns wrapping), the speed-code legend and the speed-against-staying-power chart."""

from __future__ import annotations

from ...render.measure import Block
from ...render.flow import Flow
from ...render.text_blocks import Note, Title
from ...render.table_block import Table
from ...render.kit import fit_to_room
from ..rosters import LASHED_NOTE, lashed_name, roster_order, side_chart_block
from ..context import Context
from ..derived import Derived
from ..play_aids import short_name
from ...render.text import number
from .derive import has_casemate
from .sheet import TITLE, base_words, style
HEADER = ["Unit", "Speed", "Man.", "Size, ram", "Base mm", "Draught", "Target", "Armour H/C/T/D", "HDP", "FP", "Guns"]


def guns_summary(d: Derived) -> str:
    counts: dict[str, int] = {}
    for g in d.stats.guns:
        counts[g.code] = counts.get(g.code, 0) + g.count
    return ", ".join(f"{n} {c}" for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) or "–"


PART = "p"  # a part-armoured location's mark in the Armour column


def unit_row(d: Derived, code: dict[str, str], partner=None, unit=None, ctx: Context | None = None) -> list:
    """A unit's line; `partner`, the unit she is lashed to (listed above her), marks her name; with the unit and the
    context, her base size."""
    s = d.stats
    name = lashed_name(d.unit_name, partner)
    if s.kind == "fort":
        return [name, "fort", "", "", "", "", "", f"walls {s.armour.walls}", f"SDP {s.structural_damage_points}", "",
                guns_summary(d)]
    a = s.armour
    # no casemate, no C: Table 14's Casemate hits are Hull hits on her, as her sheet says
    # a part-armoured location as her sheet has it, "(part)", here "p" (replay 23, defect a: Morgan's "L/–/–/U")
    part = set(s.partial_armour)
    arm = "/".join(((getattr(a, k) if k != "casemate" or unit is None or has_casemate(unit) else None) or "–")
                   + (PART if k in part and getattr(a, k) else "") for k in ("hull", "casemate", "turret", "deck"))
    base = base_words(s, unit, ctx).replace(" mm", "").replace(" over paddle boxes", "").replace(" × ", "×") if ctx else ""
    return [name, f"{code[s.max_speed]}/{code[s.astern_speed]}", s.manoeuvrability, s.size + (", ram" if s.ram else ""),
            base or "–", s.draught,
            f"{s.target_size.bow}/{s.target_size.broadside}", arm, s.hull_damage_points, s.flotation_points,
            guns_summary(d)]


def side_tables(units: list, ctx: Context, scenario=None) -> list[tuple[str, Table]]:
    """A table per side; with the scenario, each unit lashed to another comes under her partner."""
    ordered = roster_order(scenario, units) if scenario is not None else [(*row, None) for row in units]
    code = {r["level"]: r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows}
    sides: list[str] = []
    for side, _, _ in units:
        if side not in sides:
            sides.append(side)
    out = []
    for side in sides:
        rows = [unit_row(d, code, partner, unit, ctx) for s, unit, d, partner in ordered if s == side]
        out.append((side, Table(rows, header=HEADER, title=side, bold_first_col=True,
                                align=["left"] + ["centre"] * 9 + ["left"], **style("roster_table"))))
    return out


def legend(ctx: Context, lashed: bool = False, forts: bool = False) -> Note:
    levels = ctx.tables.require("speed_levels").rows
    paddle_box = number(ctx.tables.require("ground_scale").rows["paddle_box_ft"])
    return Note("Speed: top speed ahead/astern, " + ", ".join(f"{r.get('code', r['level'][0])} {r['level']}" for r in levels)
                + f". Base: length × width in mm of the base itself (her hull + 10 mm each way), a sidewheeler's over her paddle boxes (ours: {paddle_box} ft a side)"
                # replay 13: Selma, the longest base, is Small where the shorter Octorara is Medium: two measures;
                # replay 24, defect 7: still read as an error, so the legend says size is not the base's length
                + ". Size: by tonnage, not length (Tables 4 and 6, boarding); Target: bow/broadside letters, by length "
                  "and freeboard"
                + f". Armour: {PART} part-armoured (her sheet's \"(part)\")"
                # sotw33, moment 2: a fort's walls letter is the column a hit on them reads in Table 16
                + ("; a fort's walls letter: its Table 16 column" if forts else "")
                + (f". {LASHED_NOTE}." if lashed else ""))


def chart(scenario, units: list, ctx: Context, height: float | None = None) -> Block | None:
    """Each vessel's top speed level against her hull damage points, a series per side (`height` mm tall, the
    style's roster_chart height unless given)."""
    levels = ctx.tables.require("speed_levels").rows
    knots = {r["level"]: float(r["knots"]) for r in levels}
    points = [(knots[d.stats.max_speed], d.stats.hull_damage_points, short_name(d.unit_name), side)
              for side, _, d in units if d.stats.kind == "vessel" and d.stats.max_speed in knots]
    if not points:
        return None
    fastest = max(p[0] for p in points)
    ticks = [(knots[r["level"]], r["level"]) for r in levels if knots[r["level"]] <= fastest + 1e-9]
    forts = any(d.stats.kind == "fort" for _, _, d in units)
    return side_chart_block(scenario, points, ctx, title="Speed against staying power",
                            x_label="top speed level (placed at its knots)", y_label="hull damage points (HDP)",
                            x_ticks=ticks, note="Forts do not move and are not shown." if forts else "",
                            height=style("roster_chart")["height"] if height is None else height)


def roster(doc, scenario, units: list, ctx: Context) -> None:
    """The sides follow one another down the page; a side that does not fit what is left goes on, its header
    repeated, overleaf."""
    flow = Flow(doc, **style("roster_flow"))
    tables = side_tables(units, ctx, scenario)
    head = Title(scenario.name, f"{scenario.date} · {scenario.place} · {TITLE}", **style("roster_title"))
    flow.add(head, new_page=True)
    for side, table in tables:
        flow.add(table, bookmark=side)
    flow.add(legend(ctx, lashed=any(row[3] is not None for row in roster_order(scenario, units)),
                    forts=any(d.stats.kind == "fort" for _, _, d in units)))
    picture = fit_to_room(flow, lambda height: chart(scenario, units, ctx, height), **style("roster_chart"))
    if picture is not None:
        flow.add(picture, bookmark="Speed against staying power", level=1)
