"""Smoke on the Water record sheets as blocks: a unit's Stats and the rule set's Tables in, a Stack out.

    Title (name, class line)
    StatBoxes: speed ahead / astern, move, manoeuvre, target bow/side, hull and flotation points
    Columns: armour by location | the vessel's other figures | her Table 14 column
    Guns (a Table, ranges in cm by band) and Table 17 for her gun sizes
    Damage tracks (hull with ½ / ¼ bars, flotation, turrets, wheels, machinery)
    Orders log filling the height the sheet is given

No coordinates here: the render layer's blocks measure and draw themselves, and Flow puts them on pages.
"""

from __future__ import annotations

from ...render.blocks import (Block, Columns, Heading, Legend, Note, Panel, Stack, StatBoxes, StatPanel, Table, Text,
                              Title, Track, Tracks)
from ...render.text import number
from ..base import Context, Derived, accent, damage_done, sheet_heading
from .derive import RANGE_BANDS, ground_scale, has_casemate, hit_location_column, hit_location_runs, parse_code
from .stats import FortStats, VesselStats

TITLE = "Smoke on the Water"
LOCATION_LABELS = {
    "hull": "Hull", "casemate": "Casemate", "turret": "Turret", "deck": "Deck", "pilot_house": "Pilot house",
    "rudder": "Rudder", "wheel": "Wheel", "machinery": "Machinery",
}
LOG_SIZE = {False: 7.5, True: 7.0}  # orders-log type size: full page, half page
LOG_PITCH_PT = {False: 13.0, True: 11.5}  # orders-log row pitch in points: room to write in pencil
LOG_COLS = {False: 2, True: 3}
LOG_MIN_ROWS = 8  # a half-page sheet is used only if its log keeps at least this many rows a column
GAP = {False: 3.0, True: 1.5}  # between the sheet's blocks: full page, half page
PT = 25.4 / 72


def yes_no(v: bool) -> str:
    return number(bool(v))


def span(s) -> str:
    return f"{number(s[0])}–{number(s[1])}" if s else "–"


def levels(ctx: Context) -> dict[str, dict]:
    return {r["level"]: r for r in ctx.tables.require("speed_levels").rows}


# ---------------------------------------------------------------------------------------------- pieces


def heading_block(unit, d: Derived, ctx: Context, size: float = 16.0) -> Block:
    """The unit's name over its class line, which also says whose rules, which scale and what the page is."""
    name, sub = sheet_heading(unit, d, ctx)
    scale = ground_scale(ctx)[1]
    return Title(name, f"{sub} · {TITLE} record sheet · {scale}, distances in cm", size=size, min_size=min(size, 11.0),
                 rule_colour=accent(unit, ctx))


def stat_boxes(s: VesselStats, ctx: Context, compact: bool = False) -> StatBoxes:
    """The figures looked up every turn, large."""
    factor = ground_scale(ctx)[0]
    lv = levels(ctx)
    move = lambda level: f"{number(float(lv[level]['move_cm']) * factor)} cm"  # noqa: E731
    return StatBoxes([
        ("Speed ahead", s.max_speed), ("Move ahead", move(s.max_speed)),
        ("Speed astern", s.astern_speed), ("Move astern", move(s.astern_speed)),
        ("Manoeuvrability", s.manoeuvrability), ("Target bow/side", f"{s.target_size.bow}/{s.target_size.broadside}"),
        ("Hull (HDP)", s.hull_damage_points), ("Flotation (FP)", s.flotation_points),
    ], size=11.5 if compact else 13.0, min_box=20.0)


def armour_panel(s: VesselStats, ctx: Context, compact: bool = False) -> Panel:
    """Armour class by hit location ('M Medium'); on a half page the letters alone, their names in a note under them."""
    names = ctx.tables.require("armour_names").rows
    partial = set(s.partial_armour)
    items, used = [], []
    for loc, label in LOCATION_LABELS.items():
        cls = getattr(s.armour, loc)
        if cls is None:
            continue
        used += [cls] if cls not in used else []
        items.append((label, (cls if compact else f"{cls} {names.get(cls, '')}") + (" (part)" if loc in partial else "")))
    if not compact:
        return Panel(StatPanel(items, size=8.0, label_share=0.42), title="Armour by location")
    return Panel(Stack([StatPanel(items, columns=2, size=7.5, label_share=0.72, gap=1.5),
                        Note(" · ".join(f"{c} {names.get(c, c)}" for c in used), size=6.0)], gap=0.6), title="Armour")


def vessel_facts(s: VesselStats, ctx: Context) -> list[tuple[str, str]]:
    """The vessel's figures looked up now and then (size, draught, rig, nation, broadsides)."""
    det = ctx.tables.require("gun_damage").rows.get("detonation", {})

    def broadside(side: str) -> str:
        return ", ".join(f"{n} {c}" for c, n in (s.broadside.get(side) or {}).items()) or "–"

    return [
        ("Vessel size", s.size), ("Draught", s.draught), ("Hit locations", s.configuration),
        ("Ram / spar torp.", f"{yes_no(s.ram)} / {yes_no(s.spar_torpedo)}"),
        ("Double-ender", "yes (full speed astern)" if s.double_ender else "no"),
        ("Rig", s.rig + (" (fully rigged)" if s.fully_rigged else "")),
        ("Nation", s.nation + (f" (shell 1–{det[s.nation]})" if s.nation in det else "")),
        ("Broadside port", broadside("port")), ("Broadside stbd", broadside("starboard")),
    ]


def vessel_panel(s: VesselStats, ctx: Context) -> Panel:
    return Panel(StatPanel(vessel_facts(s, ctx), size=7.5, label_share=0.42), title="Vessel")


def vessel_legend(s: VesselStats, ctx: Context) -> Legend:
    """The same figures run together on a line or two, for a half-page sheet (the hit-location panel names the
    configuration)."""
    return Legend([(k, v) for k, v in vessel_facts(s, ctx) if k != "Hit locations"], size=6.5)


def hit_location_panel(s: VesselStats, ctx: Context, unit) -> Panel:
    """The vessel's Table 14 column as runs of rolls per aspect, and what a critical and a missing casemate mean."""
    t = ctx.tables.require("hit_locations")
    cols = hit_location_column(s.configuration, ctx.tables)
    rows = [[c, hit_location_runs(locs)] for c, locs in cols.items()]
    notes = []
    if any("Casemate" in locs for locs in cols.values()) and not has_casemate(unit):
        notes.append("No casemate: Casemate hits count as Hull")
    notes.append(f"{t.rows.get('critical', 10)} = critical: roll on Table 15 (quick reference)")
    return Panel(Stack([Table(rows, widths=[0.27, 0.73], size=7.0, align=["left", "left"], bold_first_col=True)]
                       + [Note(n, size=6.5) for n in notes], gap=0.8),
                 title=f"Hit location (d10) · {s.configuration}")


def gun_rows(s: VesselStats | FortStats) -> list[list]:
    rows = []
    for g in s.guns:
        cells = [span(g.ranges_cm.get(b)) for b in RANGE_BANDS]
        if g.direct_cm:
            cells[0] = f"dir {span(g.direct_cm)}"
        if g.min_cm is not None:
            cells[0] = f"min {number(g.min_cm)}"
        where = f"turret {g.turret}" if g.turret else (g.side or g.position or "")
        rows.append([g.count, g.code, g.gun, g.mounting, where, g.arc_name] + cells)
    return rows


def guns_block(s: VesselStats | FortStats, compact: bool = False) -> Block:
    how = "ranges in cm to each band's far edge"
    if s.kind != "fort" and not compact:
        how = "gunport guns split between the broadsides; bearings clockwise from ahead; " + how
    if not s.guns:
        return Stack([Heading("Guns"), Text("No guns.")], gap=0.5)
    header = ["No.", "Code", "Gun", "Mount", "Where", "Arc (0° = ahead)"] + [f"{b} cm" for b in RANGE_BANDS]
    table = Table(gun_rows(s), header=header, size=8.0, widths=[4, 5.5, 23, 8.5, 8, 18] + [6.6] * 5,
                  align=["centre", "centre", "left", "left", "left", "left"] + ["centre"] * 5,
                  title=f"Guns · {how}" if compact else None)
    return table if compact else Stack([Heading("Guns"), Note(how), table], gap=0.6)


def gun_damage_block(ctx: Context, sizes: list[str] | None = None, title: str | None = None) -> Block:
    """Table 17 (for the given gun sizes, else every size) under its title and the detonation note."""
    t = ctx.tables.require("gun_damage")
    shot, shell = t.rows["shot"], t.rows["shell"]
    names = {r["size"]: r.get("name", r["size"]) for r in ctx.tables.require("gun_sizes").rows}
    keep = [k for k in shot if sizes is None or k in sizes]
    rows = [[names.get(k, k)] + [shot[k][b] for b in RANGE_BANDS] + [shell.get(k, "")] for k in keep]
    det = t.rows.get("detonation", {})
    note = ("Shot: penetrating/not by range band; shell: detonated/not. Shell detonates on d10 "
            + ", ".join(f"{k} 1–{v}" for k, v in det.items()))
    return Stack([Table(rows, header=["Gun size"] + list(RANGE_BANDS) + ["Shell"], size=7.5,
                        title=title or "Table 17 · damage by gun size"), Note(note)], gap=0.8)


def _marks(s: VesselStats, ctx: Context) -> dict[int, str]:
    """Bars after the box whose crossing leaves half (a quarter) of the hull points or fewer."""
    effects = ctx.tables.require("hull_damage_effects").rows
    marks: dict[int, str] = {}
    for key, left in (("half", s.hdp_half), ("quarter", s.hdp_quarter)):
        n = s.hull_damage_points - left
        label = str(effects[key].get("mark", key))
        if 1 <= n <= s.hull_damage_points:
            marks[n] = (marks[n] + " " + label) if n in marks else label
    return marks


def tracks(s: VesselStats | FortStats, ctx: Context, unit) -> list[tuple[Track, tuple[str, ...]]]:
    """Every damage track with the names a scenario's opening damage may call it by."""
    out = []
    if isinstance(s, FortStats):
        out.append((Track("Structure (SDP)", s.structural_damage_points), ("structure", "sdp", "hull")))
    else:
        hdp = s.hull_damage_points
        out.append((Track(f"Hull (HDP) {hdp}", hdp, marks=_marks(s, ctx)), ("hull", "hdp")))
        out.append((Track(f"Flotation {s.flotation_points}", s.flotation_points), ("flotation", "fp")))
        for tid, pts in s.turret_damage_points.items():
            out.append((Track(f"Turret {tid} (TDP) {pts}", pts), (f"turret {tid}", f"tdp {tid}")))
        for wid, pts in s.wheel_damage_points.items():
            out.append((Track(f"Wheel {wid} (WDP) {pts}", pts), (f"wheel {wid}", f"wdp {wid}")))
        if s.machinery_boxes:
            out.append((Track("Machinery", s.machinery_boxes), ("machinery",)))
    for track, names in out:
        track.prefilled = damage_done(ctx, unit, names, track.count)
    return out


def damage_block(s: VesselStats | FortStats, ctx: Context, unit) -> Block:
    if isinstance(s, FortStats):
        how = "strike a box for each point"
    else:
        e = ctx.tables.require("hull_damage_effects").rows
        m = int(e.get("machinery_box_levels", 1))
        how = (f"strike a box per point; {e['half']['mark']} / {e['quarter']['mark']} bars: max speed "
               f"−{e['half']['speed_levels']} / −{e['quarter']['speed_levels']} levels; each machinery box −{m} "
               f"level{'s' if m != 1 else ''}")
    return Stack([Heading("Damage"), Note(how), Tracks([t for t, _ in tracks(s, ctx, unit)], label_size=7.5)],
                 gap=1.0)


def log_legend(ctx: Context, fort: bool = False) -> Block:
    """The log's title, with what its codes mean for a vessel."""
    if fort:
        return Heading("Fire log")
    codes = " ".join(r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows)
    return Legend([("Speed", f"{codes} (ring it when astern)"),
                   ("Manoeuvre", "Fx ahead, Ax astern, Px / Sx turn to port / starboard along the template (x in cm)"),
                   ("Tactical", "BD board, SS scuttle, AN anchor, GR run aground")], size=6.5, title="Orders log ·")


def orders_log(fort: bool, rows: int, compact: bool) -> Block:
    """Columns of numbered turns to fill in: speed, manoeuvre and tactical orders (a fort: target, guns, notes)."""
    header = ["Turn", "Target", "Guns", "Notes"] if fort else ["Turn", "Speed", "Manoeuvre", "Tactical"]
    size = LOG_SIZE[compact]
    ncols = LOG_COLS[compact]
    tables = [Table([[c * rows + i + 1, "", "", ""] for i in range(rows)], header=header, widths=[0.14, 0.17, 0.43, 0.26],
                    size=size, leading=LOG_PITCH_PT[compact] / size, align=["centre", "left", "left", "left"])
              for c in range(ncols)]
    return Columns(tables, gap=4.0)


def log_row_height(compact: bool) -> float:
    return LOG_PITCH_PT[compact] * PT


# ---------------------------------------------------------------------------------------------- the sheet


def fixed_blocks(unit, d: Derived, ctx: Context, compact: bool) -> list[Block]:
    """Everything on the sheet above the orders log. A half-page sheet (compact) sets the same figures closer:
    stat boxes beside the armour, the other figures as a legend line, the hit locations beside the damage tracks,
    and leaves Table 17 to the quick reference."""
    s = d.stats
    head = heading_block(unit, d, ctx, size=12.0 if compact else 16.0)
    log_head = log_legend(ctx, fort=s.kind == "fort")
    if isinstance(s, FortStats):
        names = ctx.tables.require("armour_names").rows
        walls = s.armour.walls
        boxes = StatBoxes([("Structure (SDP)", s.structural_damage_points), ("Walls", f"{walls} {names.get(walls, '')}"),
                           ("Wall material", unit.walls.material.value), ("Garrison", unit.garrison or "–"),
                           ("Nation", s.nation)], min_box=30.0)
        t17 = own_gun_damage(s, ctx)
        damage = damage_block(s, ctx, unit)
        return [head, boxes, guns_block(s), damage if t17 is None else Columns([damage, t17], weights=[0.6, 0.4], gap=5.0),
                log_head]
    if compact:
        return [head, stat_boxes(s, ctx, compact=True), vessel_legend(s, ctx), guns_block(s, compact=True),
                Columns([damage_block(s, ctx, unit), armour_panel(s, ctx, compact=True), hit_location_panel(s, ctx, unit)],
                        weights=[0.36, 0.24, 0.40], gap=3.0),
                log_head]
    t17 = own_gun_damage(s, ctx)
    third = hit_location_panel(s, ctx, unit) if t17 is None else Stack([hit_location_panel(s, ctx, unit), t17], gap=2.0)
    panels = Columns([armour_panel(s, ctx), vessel_panel(s, ctx), third], weights=[0.27, 0.33, 0.40], gap=3.0)
    return [head, stat_boxes(s, ctx), panels, guns_block(s), damage_block(s, ctx, unit), log_head]


def own_gun_damage(s: VesselStats | FortStats, ctx: Context) -> Block | None:
    """Table 17 for the unit's own gun sizes (None when she has no guns)."""
    order = [r["size"] for r in ctx.tables.require("gun_sizes").rows]
    sizes = sorted({parse_code(g.code)[0] for g in s.guns}, key=lambda k: order.index(k) if k in order else len(order))
    return gun_damage_block(ctx, sizes, title="Table 17 · damage her guns deal") if sizes else None


def sheet(unit, d: Derived, ctx: Context, width: float, height: float | None = None, compact: bool = False) -> Stack:
    """The record sheet of one unit as a Stack, its orders log as long as fits `height` mm (else 20 turns)."""
    blocks = fixed_blocks(unit, d, ctx, compact)
    gap = GAP[compact]
    body = Stack(blocks, gap=gap)
    fort = d.stats.kind == "fort"
    rows = 20 // LOG_COLS[compact]
    if height is not None:
        room = height - body.measure(width) - gap - orders_log(fort, 0, compact).measure(width)
        rows = max(1, int(room // log_row_height(compact)))
    return Stack([*blocks, orders_log(fort, rows, compact)], gap=gap, keep_together=True)


def log_rows(unit, d: Derived, ctx: Context, width: float, height: float, compact: bool) -> int:
    """How many turns a column of the orders log holds when the sheet is given `height` mm."""
    body = Stack(fixed_blocks(unit, d, ctx, compact), gap=GAP[compact])
    room = height - body.measure(width) - GAP[compact] - orders_log(False, 0, compact).measure(width)
    return int(room // log_row_height(compact)) if room > 0 else 0


def fits_half(unit, d: Derived, ctx: Context, width: float, half: float) -> bool:
    small = set(ctx.tables.require("sheet_layout").rows["half_page_sizes"])
    return (d.stats.kind == "vessel" and d.stats.size in small
            and log_rows(unit, d, ctx, width, half, True) >= LOG_MIN_ROWS)

