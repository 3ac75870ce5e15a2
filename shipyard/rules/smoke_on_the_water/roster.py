"""Smoke on the Water roster as blocks: the scenario's heading, a table per side (every unit's fighting figures on a
line, its guns wrapping) and the speed-code legend. No chart: the play tests found the speed-against-staying-power
chart never used at the table (sotw37, item 1); what the text leaves open stands in its room."""

from __future__ import annotations

from ...render.flow import Flow
from ...render.text_blocks import Note, Title
from ...render.kit import load_style, readings_page
from ...render.table_block import Table
from ..rosters import LASHED_NOTE, lashed_name, roster_order
from ..context import Context
from ..derived import Derived
from ...render.text import number
from .derive import has_casemate
from .sheet import NO_FACE, STYLE_PATH, TITLE, base_words, fort_faces, style
HEADER = ["Unit", "Speed", "Man.", "Size, ram", "Base mm", "Draught", "Target", "Armour H/C/T/D", "HDP", "FP", "Guns"]


def guns_summary(d: Derived, idle: list[tuple[int, int]] = ()) -> str:
    """Her guns by code, most first; `idle`, (gun index, count) that never fire here, left out of the count."""
    counts: dict[str, int] = {}
    for g in d.stats.guns:
        counts[g.code] = counts.get(g.code, 0) + g.count
    for i, n in idle:
        counts[d.stats.guns[i].code] -= n
    return ", ".join(f"{n} {c}" for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) or "–"


PART = "p"  # a part-armoured location's mark in the Armour column


def unit_row(d: Derived, code: dict[str, str], partner=None, unit=None, ctx: Context | None = None) -> list:
    """A unit's line; `partner`, the unit she is lashed to (listed above her), marks her name; with the unit and the
    context, her base size."""
    s = d.stats
    name = lashed_name(d.unit_name, partner)
    if s.kind == "fort":
        # play 33 (defects, p. 2 vs p. 3): "20 LSB, 7 HC, 5 MR" here against "20 guns; 8 guns" on the set-up: the 4
        # land-face guns never fire, said where the count is read (as her sheet's Also mounted line says it)
        # play 36 (defects, p. 3): "20 LSB, 7 HC, 5 MR (4 never fire)" was "consistent but confusing": which 4? their code
        faces = [(i, n) for i, where, n in (fort_faces(unit, ctx) or []) if where == NO_FACE] if unit is not None and ctx else []
        idle = sum(n for _, n in faces)
        codes = " ".join(dict.fromkeys(s.guns[i].code for i, _ in faces))
        # play 39 (defects, p. 3): "20 LSB, 7 HC, 5 MR (4 LSB idle)" read as 20 firing LSB; the count is now of the
        # guns that fire, the idle ones added after it, as her sheet's boxes (16 LSB) and Also mounted line (4) have them
        return [name, "fort", "", "", "", "", "", f"walls {s.armour.walls}", f"SDP {s.structural_damage_points}", "",
                guns_summary(d, faces) + (f" (+{idle} {codes} idle)" if idle else "")]
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
                # play 34 defect: Selma's sheet "Machinery T (part)" read against the roster's U/–/–/U "with no part-armour
                # p flag": the columns are hull, casemate, turret and deck only; her sheet gives the rest
                + f". Armour: {PART} part-armoured (her sheet's \"(part)\"); other parts: her sheet"
                # sotw33, moment 2: a fort's walls letter is the column a hit on them reads in Table 16
                + ("; a fort's walls letter: its Table 16 column" if forts else "")
                + (f". {LASHED_NOTE}." if lashed else ""))


def readings_blocks(ctx: Context) -> list:
    """What the text leaves open, as the roster page prints it where the chart stood (sotw37, item 1)."""
    return readings_page(ctx.tables, style=load_style(STYLE_PATH), intro=READINGS_INTRO, option_header="House-rules key")


# play 32, moment 16: the line spoke of house-rules files and option names a club does not have; in a player's words
# play 44 (sotw31, other defects): the last column's fire_test, fort_targets ... were explained nowhere, so a club
# could not use them; the line says what they are and how one is set, still one line on both papers
READINGS_INTRO = ("Rules the surviving text lost or leaves open, as this pack plays them; another reading: the last "
                  "column's key in a house-rules file (pack --house-rules FILE).")


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
    # sotw37, item 1: where the chart stood, what the text leaves open (off the crowded quick reference)
    for k, block in enumerate(readings_blocks(ctx)):
        flow.add(block, bookmark="What the text leaves open" if k == 0 else None, level=1)
