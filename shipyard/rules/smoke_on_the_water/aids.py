"""Smoke on the Water printed aids: record sheets, turning templates and gauges, counters, rosters and
the quick reference. Everything is laid out in millimetres from `doc.content`, so A4 and Letter share
one layout; the numbers come from the derived stats and the rule set's tables.
"""

from __future__ import annotations

import math
from typing import Any

from ...spec.errors import ShipyardError
from ..base import Context, Derived, accent, damage_done, heading_rule, sheet_heading, side_chart, short_name
from .derive import (BAND_NAMES, LOCATIONS, RANGE_BANDS, distance_factor, has_casemate, hit_location_column,
                     hit_location_runs, level_names, num)

TITLE = "Smoke on the Water"
LOCATION_LABELS = {
    "hull": "Hull", "casemate": "Casemate", "turret": "Turret", "deck": "Deck", "pilot_house": "Pilot house",
    "rudder": "Rudder", "wheel": "Wheel", "machinery": "Machinery",
}
TICK_LENGTHS_MM = (2.2, 4.0)  # distance marks on the turning templates: every cm, every 5 cm
ROW_PT = 10.5  # table row pitch in points (3.7 mm)
ROW_MM = ROW_PT * 25.4 / 72


# ---------------------------------------------------------------------------------------------
# Geometry shared with the tests: where the turning templates' marks must be


def template_geometry(radius_cm: float, move_cm: float, factor: float, max_w: float, max_h: float) -> dict:
    """The documented geometry of one turning template, in mm on paper.

    The vessel follows the OUTER edge, an arc of radius R = radius_cm × 10 × factor. The strip is
    band mm wide. Ticks mark every 10 mm of arc length along the outer edge from 0 up to length mm,
    the move at this speed (× factor) or, when that will not fit the page, the longest whole number of
    centimetres that does (the template is then laid again from its last mark).
    """
    R = radius_cm * 10 * factor
    band = min(18.0, R * 0.45)
    move = move_cm * 10 * factor

    def size(length: float) -> tuple[float, float]:
        half = length / R / 2  # at most 90 degrees: the strip is never more than a half circle
        return 2 * R * math.sin(half), R - (R - band) * math.cos(half)

    length = move
    if size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi:
        length = 10.0 * int(move // 10)
        while length > 10 and (size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi):
            length -= 10.0
    w, h = size(length)
    return {"R": R, "band": band, "length_mm": length, "ticks": int(length // 10 + 1e-9) + 1,
            "theta_deg": math.degrees(length / R), "w": w, "h": h, "full_move": length >= move - 1e-6}


# ---------------------------------------------------------------------------------------------
# Record sheets


def _fmt_band(span) -> str:
    if not span:
        return "–"
    return f"{num(span[0])}–{num(span[1])}"


def _gun_rows(d: Derived) -> list[list]:
    rows = []
    for g in d.get("guns", []) or []:
        ranges = g["ranges_cm"]
        cells = [_fmt_band(ranges[b]) for b in RANGE_BANDS]
        if "direct_cm" in g:
            cells[0] = f"dir {_fmt_band(g['direct_cm'])}"
        if "min_cm" in g:
            cells[0] = f"min {num(g['min_cm'])}"
        where = g.get("side") or g.get("position") or ""
        if g.get("turret"):
            where = f"turret {g['turret']}"
        rows.append([g["count"], g["code"], g["gun"], g["mounting"], where, g.get("arc_name", "")] + cells)
    return rows


def _gun_table(page, x: float, y: float, w: float, d: Derived, scale: str, size: float = 7) -> float:
    rows = _gun_rows(d)
    if not rows:
        page.text(x, y + 4, "No guns.", size=7.5)
        return 6
    fr = [0.04, 0.055, 0.2, 0.07, 0.085, 0.18] + [0.074] * 5
    widths = [w * f / sum(fr) for f in fr]
    header = ["No.", "Code", "Gun", "Mount", "Where", "Arc (0° = ahead)"] + [f"{b} cm" for b in RANGE_BANDS]
    return page.table(x, y, widths, rows, header=header, size=size, leading=ROW_PT * size / 7.5,
                      align=["centre", "centre", "left", "left", "left", "left"] + ["centre"] * 5, bold_first_col=False)


def _t17_table(page, x: float, y: float, w: float, ctx: Context, size: float = 7) -> float:
    t = ctx.tables.require("gun_damage")
    shot, shell = t.rows["shot"], t.rows["shell"]
    names = {r["size"]: r.get("name", r["size"]) for r in ctx.tables.require("gun_sizes").rows}
    rows = [[names.get(s, s)] + [shot[s][b] for b in RANGE_BANDS] + [shell.get(s, "")] for s in shot]
    fr = [0.26] + [0.11] * 5 + [0.19]
    widths = [w * f / sum(fr) for f in fr]
    page.fit_text(x, y + 2.6, "Table 17 · damage (shot: penetrating/not by range; shell: detonated/not)", w, size=6.2,
                  min_size=4.5, weight="bold", family="condensed")
    h = page.table(x, y + 3.6, widths, rows, header=["Gun size"] + list(RANGE_BANDS) + ["Shell"], size=size,
                   leading=ROW_PT * size / 7.5)
    det = t.rows.get("detonation", {})
    note = "Shell detonates on d10 " + ", ".join(f"{k} 1–{v}" for k, v in det.items())
    page.fit_text(x, y + 3.6 + h + 3, note, w, size=6.2, min_size=4.5, family="condensed")
    return 3.6 + h + 4


HIT_SIZE = 6.5  # the hit-location box: type size and row pitch (points)
HIT_PT = 9.0
HIT_ROW_MM = HIT_PT * 25.4 / 72


def _hit_box(d: Derived, ctx: Context, unit) -> dict | None:
    """The vessel's Table 14 column as runs of rolls per aspect, and the notes under it (None for a fort)."""
    if d["kind"] != "vessel":
        return None
    t = ctx.tables.require("hit_locations")
    cols = hit_location_column(d["configuration"], ctx.tables)
    rows = [[c, hit_location_runs(locs)] for c, locs in cols.items()]
    notes = [f"{t.rows.get('critical', 10)} = critical: roll on Table 15 (quick reference)"]
    if any("Casemate" in locs for locs in cols.values()) and not has_casemate(unit):
        notes.insert(0, "No casemate: Casemate hits count as Hull")
    return {"title": f"Hit location (d10) · {d['configuration']}", "rows": rows, "notes": notes,
            "h": 3.6 + len(rows) * HIT_ROW_MM + 0.6 + 2.6 * len(notes)}


def _draw_hit_box(page, x: float, y: float, w: float, box: dict) -> None:
    page.fit_text(x, y + 2.6, box["title"], w, size=6.2, min_size=4.5, weight="bold", family="condensed")
    h = page.table(x, y + 3.6, [w * 0.22, w * 0.78], box["rows"], size=HIT_SIZE, leading=HIT_PT, min_size=4.2,
                   align=["left", "left"], bold_first_col=True, family="condensed")
    yy = y + 3.6 + h + 0.6
    for note in box["notes"]:
        page.fit_text(x, yy + 2.0, note, w, size=5.8, min_size=4.2, family="condensed", colour=0.25)
        yy += 2.6


def _stats_rows(d: Derived, ctx: Context) -> list[list]:
    levels = {r["level"]: r for r in ctx.tables.require("speed_levels").rows}
    factor = distance_factor(ctx)
    mx = d["max_speed"]
    bs = d.get("broadside", {})

    def broadside(side):
        counts = bs.get(side) or {}
        return ", ".join(f"{n} {c}" for c, n in counts.items()) or "–"

    det = ctx.tables.require("gun_damage").rows.get("detonation", {})
    return [
        ["Speed ahead", f"{mx} ({num(levels[mx]['move_cm'] * factor)} cm)"],
        ["Speed astern", f"{d['astern_speed']} ({num(levels[d['astern_speed']]['move_cm'] * factor)} cm)"],
        ["Manoeuvrability", d["manoeuvrability"]],
        ["Vessel size", d["size"]],
        ["Draught", d["draught"]],
        ["Target bow/side", f"{d['target_size']['bow']}/{d['target_size']['broadside']}"],
        ["Hit locations", d["configuration"]],
        ["Ram / spar torp.", f"{'yes' if d['ram'] else 'no'} / {'yes' if d['spar_torpedo'] else 'no'}"],
        ["Double-ender", "yes (full speed astern)" if d["double_ender"] else "no"],
        ["Rig", d["rig"] + (" (fully rigged)" if d.get("fully_rigged") else "")],
        ["Nation", f"{d['nation']}" + (f" (shell 1–{det[d['nation']]})" if d["nation"] in det else "")],
        ["Broadside port", broadside("port")],
        ["Broadside stbd", broadside("starboard")],
    ]


def _armour_rows(d: Derived, ctx: Context) -> list[list]:
    names = ctx.tables.require("armour_names").rows
    partial = set(d.get("partial_armour") or [])
    rows = []
    for loc in LOCATIONS:
        cls = d["armour"].get(loc)
        if cls is None:
            continue
        rows.append([LOCATION_LABELS[loc], f"{cls} {names.get(cls, '')}" + (" (part)" if loc in partial else "")])
    return rows


def _track_marks(total: int, half: int, quarter: int) -> dict[int, str]:
    """Marks after the box whose crossing leaves half (quarter) of the points or fewer."""
    marks: dict[int, str] = {}
    for left, label in ((half, "½"), (quarter, "¼")):
        n = total - left
        if 1 <= n <= total:
            marks[n] = (marks[n] + " " + label) if n in marks else label
    return marks


def _per_row(w: float, label_w: float, box: float = 3.5, gap: float = 0.7) -> int:
    per = 5
    while True:
        n = per + 5
        width = label_w + (n - 1) * (box + gap) + ((n - 1) // 5) * max(0.6, box * 0.3) + box
        if width > w:
            return per
        per = n


def _tracks(d: Derived) -> list[tuple[str, int, dict, tuple[str, ...]]]:
    """(label, boxes, marks, the names a scenario's opening damage may call the track by) for every damage track."""
    out = []
    if d["kind"] == "fort":
        sdp = d["structural_damage_points"]
        out.append(("Structure (SDP)", sdp, {}, ("structure", "sdp", "hull")))
        return out
    hdp = d["hull_damage_points"]
    out.append((f"Hull (HDP) {hdp}", hdp, _track_marks(hdp, d["hdp_half"], d["hdp_quarter"]), ("hull", "hdp")))
    out.append((f"Flotation {d['flotation_points']}", d["flotation_points"], {}, ("flotation", "fp")))
    for tid, pts in (d.get("turret_damage_points") or {}).items():
        out.append((f"Turret {tid} (TDP)", pts, {}, (f"turret {tid}", f"tdp {tid}")))
    for wid, pts in (d.get("wheel_damage_points") or {}).items():
        out.append((f"Wheel {wid} (WDP)", pts, {}, (f"wheel {wid}", f"wdp {wid}")))
    if d["machinery_boxes"]:
        out.append(("Machinery", d["machinery_boxes"], {}, ("machinery",)))
    return out


def _tracks_height(tracks, per_row: int, box: float = 3.5, gap: float = 0.7) -> float:
    h = 0.0
    for _, count, marks, _names in tracks:
        rows = max(1, math.ceil(count / per_row))
        band = 2.3 if marks else 0.0
        h += rows * (box + band) + (rows - 1) * gap + (0.5 if marks else 0) + 1.6
    return h


LOG_PITCH_PT = {False: 13.0, True: 11.5}  # orders-log row pitch: full page, half page
LOG_COLS = {False: 2, True: 3}
LOG_MIN_ROWS = 8  # a half-page sheet is used only if its log keeps at least this many rows a column
GUN_ROW_MM = ROW_MM * 7 / 7.5


def _orders_log(page, x: float, y: float, w: float, h: float, fort: bool, compact: bool) -> int:
    """Columns of turn | speed | manoeuvre | tactical rows filling (w × h); returns the number of turns."""
    pitch_pt = LOG_PITCH_PT[compact]
    row_h = pitch_pt * 25.4 / 72
    rows = int((h - 0.5) // row_h) - 1  # one row for the header
    if rows < 1:
        return 0
    ncols = LOG_COLS[compact]
    gap = 4.0
    cw = (w - gap * (ncols - 1)) / ncols
    header = ["Turn", "Target", "Guns", "Notes"] if fort else ["Turn", "Speed", "Manoeuvre", "Tactical"]
    fr = [0.14, 0.17, 0.43, 0.26]
    widths = [cw * f for f in fr]
    n = 1
    for c in range(ncols):
        cx = x + c * (cw + gap)
        body = [[n + i, "", "", ""] for i in range(rows)]
        page.table(cx, y, widths, body, header=header, size=7 if compact else 7.5, leading=pitch_pt)
        left = cx
        segs = []
        for wcol in widths[:-1]:
            left += wcol
            segs.append((left, y, left, y + (rows + 1) * row_h))
        page.lines(segs, width=0.15, colour=0.55)
        n += rows
    return n - 1


def _stat_columns(stats: list, compact: bool) -> list[list]:
    if not compact:
        return [stats]
    half = (len(stats) + 1) // 2
    return [stats[:half], stats[half:]]


def _layout(d: Derived, ctx: Context, unit, w: float, compact: bool) -> dict:
    """Every block's content and the height of everything but the orders log (mm)."""
    if d["kind"] == "fort":
        walls = d["armour"]["walls"]
        names = ctx.tables.require("armour_names").rows
        stats = [["Structure (SDP)", d["structural_damage_points"]], ["Walls", f"{walls} {names.get(walls, '')}"],
                 ["Wall material", unit.walls.material.value], ["Garrison", unit.garrison or "–"], ["Nation", d["nation"]]]
        arm: list = []
    else:
        stats = _stats_rows(d, ctx)
        arm = _armour_rows(d, ctx)
    columns = _stat_columns(stats, compact)
    # the hit-location box: under Table 17 on a full page; beside the damage tracks on a half page, where
    # the top block has no room to spare and the tracks of a small vessel leave the right of the sheet empty
    hit = _hit_box(d, ctx, unit)
    hit_w = min(66.0, w * 0.35) if (hit and compact) else 0.0
    t17_h = 3.6 + 6 * GUN_ROW_MM + 4
    top_h = max(max(len(c) for c in columns) * ROW_MM + ROW_MM, (len(arm) + 1) * ROW_MM if arm else 0,
                t17_h + (1.0 + hit["h"] if hit and not compact else 0)) + 4
    n_guns = len(d.get("guns") or [])
    guns_h = 3.6 + ((n_guns + 1) * GUN_ROW_MM if n_guns else 6) + 4
    label_w = 28.0
    per = _per_row(w - (hit_w + 4.0 if hit_w else 0.0), label_w)
    tracks = _tracks(d)
    tracks_h = 4.0 + _tracks_height(tracks, per) + 2.0
    if hit_w:
        tracks_h = max(tracks_h, hit["h"] + 2.0)
    legend_h = 0.0 if (compact or d["kind"] == "fort") else 2 * 2.55
    fixed = 13.0 + top_h + guns_h + tracks_h + 4.0 + legend_h
    return {"top_h": top_h, "tracks_h": tracks_h, "stats": columns, "armour": arm, "per_row": per, "label_w": label_w, "tracks": tracks, "fixed": fixed,
            "hit": hit, "hit_w": hit_w}


def _draw_sheet(page, box, unit, d: Derived, ctx: Context, compact: bool = False) -> int:
    """One record sheet inside box; returns the number of turns in its orders log."""
    x, y, w, h = box.x, box.y, box.w, box.h
    lay = _layout(d, ctx, unit, w, compact)
    scale = "1/600" if ctx.scale in (None, "native") else ctx.scale
    name, sub = sheet_heading(unit, d, ctx)
    page.fit_text(x, y + 5.5, name, w * 0.68, size=15, weight="bold")
    page.text(x + w, y + 3.5, f"{TITLE} · {scale} · cm", size=6.5, align="right", family="condensed", colour=0.3)
    page.text(x + w, y + 6.5, "record sheet", size=6.5, align="right", family="condensed", colour=0.3)
    page.fit_text(x, y + 10.5, sub, w, size=8, colour=0.2)
    heading_rule(page, x, y + 11.9, w, unit, ctx, width=0.6)
    top = y + 13.0

    # top block: statistics | armour | Table 17
    gap = 4.0
    stat_w = w * (0.23 if compact else 0.34)
    arm_w = w * (0.17 if compact else 0.21)
    cx = x
    for col in lay["stats"]:
        page.table(cx, top, [stat_w * 0.52, stat_w * 0.48], col, header=["Statistic", "Value"], size=7 if compact else 7.5,
                   leading=ROW_PT, align=["left", "left"], bold_first_col=True)
        cx += stat_w + gap
    if lay["armour"]:
        page.table(cx, top, [arm_w * 0.46, arm_w * 0.54], lay["armour"], header=["Armour", "Class"], size=7 if compact else 7.5,
                   leading=ROW_PT, align=["left", "left"], bold_first_col=True)
        cx += arm_w + gap
    t17_h = _t17_table(page, cx, top, x + w - cx, ctx)
    if lay["hit"] and not lay["hit_w"]:
        _draw_hit_box(page, cx, top + t17_h + 1.0, x + w - cx, lay["hit"])
    yy = top + lay["top_h"]

    page.text(x, yy + 2.6, "Guns" + ("" if d["kind"] == "fort" else " (gunport guns split between the broadsides; bearings clockwise from ahead)"),
              size=6.5, weight="bold", family="condensed")
    yy += 3.6
    yy += _gun_table(page, x, yy, w, d, scale) + 4

    hit_w = lay["hit_w"]
    if hit_w:
        _draw_hit_box(page, x + w - hit_w, yy, hit_w, lay["hit"])
    tracks_end = yy + lay["tracks_h"]
    page.fit_text(x, yy + 2.6, "Damage (strike a box for each point; ½ / ¼ bars: max speed −1 / −2 levels; "
                  "each machinery box −1 level)" if d["kind"] == "vessel" else "Damage (strike a box for each point)",
                  w - (hit_w + 4.0 if hit_w else 0.0), size=6.5, min_size=4.5, weight="bold", family="condensed")
    yy += 4.0
    for label, count, marks, names in lay["tracks"]:
        _, th = page.box_track(x, yy, count, per_row=lay["per_row"], marks=marks or None, label=label, label_w=lay["label_w"],
                               prefilled=damage_done(ctx, unit, names, count))
        yy += th + 1.6
    yy = max(yy + 2.0, tracks_end)

    page.text(x, yy + 2.6, "Orders log" if d["kind"] == "vessel" else "Fire log", size=6.5, weight="bold", family="condensed")
    if d["kind"] == "vessel":
        legend = ("Speed I S M F V (ring it when astern) · Manoeuvre Fx ahead, Ax astern, Px / Sx turn to port / starboard "
                  "along the template (x in cm) · Tactical BD board, SS scuttle, AN anchor, GR run aground")
        if compact:
            page.fit_text(x + 14, yy + 2.6, legend, w - 14, size=5.5, min_size=4, family="condensed")
        else:
            yy = page.wrap_text(x + 14, yy + 2.6, legend, w - 14, size=6, family="condensed") - 2.6 - 2.55
            yy += 2.55
    yy += 4.0
    return _orders_log(page, x, yy, w, y + h - yy, d["kind"] == "fort", compact)


def _log_rows(avail: float, compact: bool) -> int:
    return int((avail - 0.5) // (LOG_PITCH_PT[compact] * 25.4 / 72)) - 1


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """One vessel or fort a page, or two to a page when both fit in half of it with a usable orders log."""
    if not derived:
        raise ShipyardError("no vessels to print: name at least one vessel or fort")
    box = doc.content
    half_h = (box.h - 6) / 2
    small = set(ctx.tables.require("sheet_layout").rows["half_page_sizes"])
    fits_half = [d["kind"] == "vessel" and d["size"] in small
                 and _log_rows(half_h - _layout(d, ctx, u, box.w, True)["fixed"], True) >= LOG_MIN_ROWS for u, d in derived]
    Box = type(box)
    i = 0
    while i < len(derived):
        unit, d = derived[i]
        if fits_half[i] and i + 1 < len(derived) and fits_half[i + 1]:
            unit2, d2 = derived[i + 1]
            page = doc.new_page(bookmark=d.unit_name)
            doc.bookmark(d2.unit_name, level=0)
            _draw_sheet(page, Box(box.x, box.y, box.w, half_h), unit, d, ctx, compact=True)
            page.line(box.x, box.y + half_h + 3, box.right, box.y + half_h + 3, width=0.2, dash=(2, 1.5), colour=0.5)
            _draw_sheet(page, Box(box.x, box.y + half_h + 6, box.w, half_h), unit2, d2, ctx, compact=True)
            i += 2
            continue
        page = doc.new_page(bookmark=d.unit_name)
        _draw_sheet(page, box, unit, d, ctx)
        i += 1


# ---------------------------------------------------------------------------------------------
# Turning templates and gauges


def _turning_template(page, cx: float, top: float, geo: dict, label: str, sub: str) -> None:
    """Draw one strip: the outer arc (the vessel's path) of radius R centred at (cx, top + R)."""
    R, band, theta = geo["R"], geo["band"], math.radians(geo["theta_deg"])
    cy = top + R
    r_in = R - band
    a0 = 90 - math.degrees(theta) / 2  # degrees counter-clockwise from east
    ext = math.degrees(theta)
    page.arc(cx, cy, R, a0, ext, width=0.35)
    page.arc(cx, cy, r_in, a0, ext, width=0.35)
    for a in (a0, a0 + ext):
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        page.line(cx + r_in * ca, cy - r_in * sa, cx + R * ca, cy - R * sa, width=0.35)
    # distance marks: from the right-hand end (0) along the outer edge, every 10 mm of arc
    ticks, long_ticks = [], []
    for k in range(geo["ticks"]):
        a = math.radians(a0) + k * 10.0 / R
        ca, sa = math.cos(a), math.sin(a)
        if k % 5 == 0 and 0 < k < geo["ticks"] - 1:
            long_ticks.append((cx + R * ca, cy - R * sa, cx + r_in * ca, cy - r_in * sa))
        inner = R - (TICK_LENGTHS_MM[1] if k % 5 == 0 else TICK_LENGTHS_MM[0])
        ticks.append((cx + R * ca, cy - R * sa, cx + inner * ca, cy - inner * sa))
        lab_r = R - (6.2 if k % 5 == 0 else 4.6)
        page.text(cx + lab_r * ca, cy - lab_r * sa + 0.9, str(k), size=5.5 if k % 5 else 6.5,
                  weight="bold" if k % 5 == 0 else "regular", align="centre", family="condensed")
    page.lines(ticks, width=0.25)
    if long_ticks:
        page.lines(long_ticks, width=0.12, dash=(1, 1), colour=0.4)
    # label inside the band at its middle, horizontal, low enough to clear the numbered marks
    def room(depth_top: float) -> float:
        inner = R - 8.0  # the numbers sit within 7.5 mm of the outer edge
        return 2 * math.sqrt(max(inner * inner - (R - depth_top) ** 2, 1.0))

    def between_ends(depth: float) -> float:
        return 2 * (R - depth) * math.tan(min(theta / 2, math.radians(89))) - 4

    d1, d2 = band - 5.5, band - 1.8
    page.fit_text(cx, top + d1, label, min(room(d1 - 2.6) * 0.95, between_ends(d1), 80), size=7, min_size=4, weight="bold",
                  align="centre")
    page.fit_text(cx, top + d2, sub, min(room(d2 - 2.0) * 0.95, between_ends(d2), 90), size=5.5, min_size=3.5, align="centre",
                  family="condensed")


def _template_specs(ctx: Context, box) -> list[dict]:
    radii = ctx.tables.require("turning_radii")
    levels = {r["level"]: r for r in ctx.tables.require("speed_levels").rows}
    factor = distance_factor(ctx)
    scale = "1/600" if ctx.scale in (None, "native") else ctx.scale
    specs = []
    for manoeuvre, by_speed in radii.rows.items():
        for speed, radius in by_speed.items():
            if speed not in levels:
                raise ShipyardError(f"table turning_radii ({radii.tag()}): {speed!r} is not a speed level")
            geo = template_geometry(float(radius), float(levels[speed]["move_cm"]), factor, box.w - 4, box.h * 0.45)
            more = "" if geo["full_move"] else " · lay again for longer turns"
            specs.append({"manoeuvrability": manoeuvre, "speed": speed, "radius_cm": radius, "geo": geo,
                          "label": f"{manoeuvre} at {speed}",
                          "sub": f"radius {num(geo['R'] / 10)} cm at {scale} · marks every cm{more}"})
    return specs


def templates(doc, ctx: Context) -> None:
    """Turning templates for every manoeuvrability × speed at true scale, then the fire-arc and deviation gauges."""
    was = doc.true_scale
    doc.true_scale = True
    try:
        box = doc.content
        specs = _template_specs(ctx, box)
        page = None
        x = y = row_h = 0.0
        gap = 5.0
        for s in specs:
            geo = s["geo"]
            w, h = geo["w"] + 2, geo["h"] + 2
            if page is None or x + w > box.right + 1e-6:
                x = box.x
                y += row_h + gap
                row_h = 0.0
            if page is None or y + h > box.bottom:
                page = doc.new_page(bookmark=f"Turning templates from {s['label']}")
                y = box.y + 5
                x = box.x
                row_h = 0.0
                page.text(box.x, box.y + 3, f"{TITLE} turning templates ({'1/600' if ctx.scale in (None, 'native') else ctx.scale}):"
                          " cut along the solid outline; follow the outer edge; the numbers are cm along it",
                          size=6.5, weight="bold", family="condensed")
            _turning_template(page, x + w / 2, y + 1, geo, s["label"], s["sub"])
            x += w + gap
            row_h = max(row_h, h)
        _gauges(doc, ctx)
    finally:
        doc.true_scale = was


def _gauges(doc, ctx: Context) -> None:
    box = doc.content
    page = doc.new_page(bookmark="Fire-arc and deviation templates")
    arcs = ctx.tables.require("fire_arcs").rows
    # fire-arc gauge: a protractor around a base mark, 0 = dead ahead, clockwise
    r = min(62.0, box.w / 2 - 30, box.h / 4 - 14)
    cx, cy = box.x + box.w / 2, box.y + 14 + r
    page.text(box.x, box.y + 4, "Fire-arc template: put the centre on the gun's mark on the base, 0° along the keel towards the bow",
              size=7, weight="bold", family="condensed")
    page.circle(cx, cy, r, width=0.35)
    ticks = []
    for deg in range(0, 360, 5):
        a = math.radians(90 - deg)
        t = 5.0 if deg % 45 == 0 else (3.0 if deg % 15 == 0 else 1.8)
        ticks.append((cx + r * math.cos(a), cy - r * math.sin(a), cx + (r - t) * math.cos(a), cy - (r - t) * math.sin(a)))
    page.lines(ticks, width=0.2)
    for deg in range(0, 360, 15):
        a = math.radians(90 - deg)
        page.text(cx + (r - 8.5) * math.cos(a), cy - (r - 8.5) * math.sin(a) + 1, f"{deg}", size=5.5, align="centre", family="condensed")
    half = float(arcs["gunport_half_width"])
    edges = set()
    for pos, centre in arcs["gunport_side_centre"].items():
        edges.update({(centre - half) % 360, (centre + half) % 360, (360 - centre - half) % 360, (360 - centre + half) % 360})
    for key in ("restricted_pivot", "open_pivot"):
        for spans in arcs[key].values():
            for a0, a1 in spans:
                edges.update({a0 % 360, a1 % 360})
    rays = []
    for deg in sorted(edges):
        a = math.radians(90 - deg)
        rays.append((cx + 3 * math.cos(a), cy - 3 * math.sin(a), cx + (r - 10) * math.cos(a), cy - (r - 10) * math.sin(a)))
    page.lines(rays, width=0.15, dash=(1.2, 1), colour=0.35)
    page.line(cx, cy - r + 12, cx, cy + r - 12, width=0.3)
    page.polygon([(cx, cy - r - 4), (cx - 3, cy - r + 1), (cx + 3, cy - r + 1)], fill=0.2)
    page.text(cx, cy - r - 5, "BOW", size=6.5, weight="bold", align="centre")
    page.circle(cx, cy, 1.2, fill=0)
    page.cut_marks(cx - r - 2, cy - r - 9, 2 * r + 4, 2 * r + 11)
    legend = [f"gunport, side ({p}): {num(c - half)}–{num(c + half)}°" for p, c in arcs["gunport_side_centre"].items()
              if p in ("forward", "midships", "aft")]
    legend += ["gunport at bow: 315–45°, at stern: 135–225°", "restricted pivot (casemate): bow 270–90°, stern 90–270°",
               "dashed rays: every arc edge in the tables", "port side: mirror the starboard bearings (360 − x)"]
    ly = cy + r + 5
    for line in legend:
        page.text(box.x, ly, line, size=6.5, family="condensed")
        ly += 3.2

    # deviation template: d10 directions, 6 toward the firer
    dev = ctx.tables.require("deviation").rows
    r2 = min(40.0, (box.bottom - ly - 24) / 2)
    cx2, cy2 = box.x + box.w / 2, ly + 15 + r2
    page.text(box.x, ly + 3, "Indirect-fire deviation template: centre on the target, 6 towards the firer; distance by range "
              + ", ".join(f"{k} {v}" for k, v in dev["distance"].items()) + " cm", size=7, weight="bold", family="condensed")
    page.circle(cx2, cy2, r2, width=0.35)
    numbers = dev["template"]["clockwise_from_far_side"]
    n = len(numbers)
    step = 360 / n
    spokes = []
    for k in range(n):
        edge = math.radians(90 - (k * step - step / 2))
        spokes.append((cx2 + 2 * math.cos(edge), cy2 - 2 * math.sin(edge), cx2 + r2 * math.cos(edge), cy2 - r2 * math.sin(edge)))
        mid = math.radians(90 - k * step)
        page.text(cx2 + r2 * 0.72 * math.cos(mid), cy2 - r2 * 0.72 * math.sin(mid) + 1.6, str(numbers[k]), size=11,
                  weight="bold", align="centre")
    page.lines(spokes, width=0.2)
    page.text(cx2, cy2 - r2 - 2, "over (away from the firer)", size=6, align="centre", family="condensed")
    page.text(cx2, cy2 + r2 + 4, "short: towards the firer", size=6, align="centre", family="condensed")
    page.cut_marks(cx2 - r2 - 2, cy2 - r2 - 2, 2 * r2 + 4, 2 * r2 + 4)


# ---------------------------------------------------------------------------------------------
# Counters


SPEED_W, SPEED_H = 22.0, 16.0


def _speed_faces(ctx: Context, units: list) -> list[tuple[str, str, str, str | None]]:
    """(code, level, direction, vessel name) for every speed counter, ahead faces first."""
    names = level_names(ctx.tables)
    codes = {r["level"]: r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows}
    faces = []
    vessels = [(u, d) for _, u, d in units if d["kind"] == "vessel"]
    if not vessels:
        for _ in range(3):
            faces.append((codes[names[0]], names[0], "", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "ahead", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "astern", None))
        return faces
    for u, d in vessels:
        top = names.index(d["max_speed"])
        astern = names.index(d["astern_speed"])
        faces.append((codes[names[0]], names[0], "", d.unit_name))
        for lvl in names[1:top + 1]:
            faces.append((codes[lvl], lvl, "ahead", d.unit_name))
        for lvl in names[1:astern + 1]:
            faces.append((codes[lvl], lvl, "astern", d.unit_name))
    return faces


def _speed_counter(page, x: float, y: float, face, w: float = SPEED_W, h: float = SPEED_H) -> None:
    code, level, direction, name = face
    page.rect(x + 0.6, y + 0.6, w - 1.2, h - 1.2, width=0.2, colour=0.6, fill=0.92 if direction == "astern" else None)
    page.text(x + w / 2, y + 7.8, code, size=16, weight="bold", align="centre")
    cx = x + w - 4.2
    if direction == "ahead":
        page.polygon([(cx, y + 2.2), (cx - 1.8, y + 5), (cx + 1.8, y + 5)], fill=0)
    elif direction == "astern":
        page.polygon([(cx, y + 5.4), (cx - 1.8, y + 2.6), (cx + 1.8, y + 2.6)], fill=0)
    label = f"{level} {direction}".strip()
    page.fit_text(x + w / 2, y + 11.2, label, w - 2.5, size=6.5, min_size=4.5, align="centre", family="condensed")
    if name:
        page.fit_text(x + w / 2, y + 14.4, name, w - 2.5, size=5, min_size=3.5, align="centre", family="condensed", colour=0.3)


def _fire_marker(page, x: float, y: float, d: float, text: str, sub: str) -> None:
    c = d / 2
    page.circle(x + c, y + c, c - 0.5, width=0.3, fill=0.85)
    page.circle(x + c, y + c, c - 2.0, width=0.15, colour=0.5)
    page.fit_text(x + c, y + c + 1, text, d - 6, size=9 if d < 40 else 14, min_size=5, weight="bold", align="centre")
    page.fit_text(x + c, y + c + (4 if d < 40 else 6.5), sub, d - 8, size=5 if d < 40 else 7, min_size=3.5, align="centre",
                  family="condensed")


def counters(doc, units: list, ctx: Context, fold: bool = False, backs: bool = False) -> None:
    """Speed counters (ahead faces, astern on the back or as their own counters) and fire markers."""
    if fold and backs:
        raise ShipyardError("choose --fold (fold-over) or --backs (duplex), not both")
    faces = _speed_faces(ctx, units)
    fronts = [f for f in faces if f[2] != "astern"]
    if fold or backs:
        # each counter: its ahead face, and on the other side the same level astern (Immobile on both)
        pairs = []
        for f in fronts:
            back = (f[0], f[1], "astern" if f[2] == "ahead" else "", f[3])
            pairs.append((f, back))
        if fold:
            cells = doc.cells(len(pairs), SPEED_W, SPEED_H * 2, bookmark="Speed counters (fold-over)")
            for (page, x, y), (front, back) in zip(cells, pairs):
                _speed_counter(page, x, y, front)
                with page.rotated(x + SPEED_W / 2, y + SPEED_H * 1.5, 180):
                    _speed_counter(page, x, y + SPEED_H, back)
                page.line(x + 1, y + SPEED_H, x + SPEED_W - 1, y + SPEED_H, width=0.15, dash=(1, 1), colour=0.5)
        else:
            _duplex(doc, pairs, SPEED_W, SPEED_H, _speed_counter, "Speed counters")
    else:
        items = faces
        for (page, x, y), face in zip(doc.cells(len(items), SPEED_W, SPEED_H, bookmark="Speed counters"), items):
            _speed_counter(page, x, y, face)
    n_small = max(6, 2 * len([u for u in units if u[2]["kind"] == "vessel"]))
    n_big = max(4, len([u for u in units if u[2]["kind"] == "vessel"]))
    small = [("On fire", "test in the fire test phase")] * n_small
    big = [("Out of control", "burning out of control")] * n_big
    # a handful of fire markers need no page of their own, except behind duplex backs (they would print on a back)
    for (page, x, y), (t, s) in zip(doc.cells(len(small), 26, 26, bookmark="Fire markers", new_page=backs), small):
        _fire_marker(page, x, y, 26, t, s)
    for (page, x, y), (t, s) in zip(doc.cells(len(big), 51, 51, new_page=backs), big):
        _fire_marker(page, x, y, 51, t, s)


def _duplex(doc, pairs, w: float, h: float, draw, title: str) -> None:
    for page, x, y, (front, back), is_back in doc.duplex_cells(pairs, w, h, bookmark=title, back_bookmark=f"{title} (backs)"):
        draw(page, x, y, back if is_back else front)


# ---------------------------------------------------------------------------------------------
# Roster and quick reference


def _guns_summary(d: Derived) -> str:
    counts: dict[str, int] = {}
    for g in d.get("guns", []) or []:
        counts[g["code"]] = counts.get(g["code"], 0) + g["count"]
    return ", ".join(f"{n} {c}" for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) or "–"


def roster(doc, scenario, units: list, ctx: Context) -> None:
    """A table per side: every unit's fighting figures on one line."""
    box = doc.content
    sides: list[str] = []
    for side, _, _ in units:
        if side not in sides:
            sides.append(side)
    side_of = {s.name: s for s in scenario.sides}
    page, y = None, box.y
    header = ["Unit", "Speed", "Man.", "Size", "Draught", "Target", "Armour H/C/T/D", "HDP", "FP", "Guns"]
    fr = [0.21, 0.09, 0.08, 0.08, 0.08, 0.05, 0.11, 0.05, 0.04, 0.21]
    widths = [box.w * f / sum(fr) for f in fr]
    for side in sides:
        rows = []
        for s, u, d in units:
            if s != side:
                continue
            if d["kind"] == "fort":
                rows.append([d.unit_name, "fort", "", "", "", "", f"walls {d['armour']['walls']}", f"SDP {d['structural_damage_points']}", "", _guns_summary(d)])
                continue
            a = d["armour"]
            arm = "/".join(a.get(k) or "–" for k in ("hull", "casemate", "turret", "deck"))
            speed = f"{d['max_speed']}/{d['astern_speed']}"
            rows.append([d.unit_name, speed, d["manoeuvrability"], d["size"], d["draught"],
                         f"{d['target_size']['bow']}/{d['target_size']['broadside']}", arm, d["hull_damage_points"],
                         d["flotation_points"], _guns_summary(d)])
        per_page = int((box.h - 24) // ROW_MM) - 1
        for start in range(0, max(len(rows), 1), per_page):
            page = doc.new_page(bookmark=side if start == 0 else None)
            page.fit_text(box.x, box.y + 6, f"{scenario.name}", box.w, size=14, weight="bold")
            page.fit_text(box.x, box.y + 11, f"{scenario.date} · {scenario.place} · {TITLE}", box.w, size=8, colour=0.3)
            page.fit_text(box.x, box.y + 17.5, f"{side}" + (" (continued)" if start else ""), box.w, size=11, weight="bold",
                          colour=accent(side_of.get(side), ctx))
            y = box.y + 20 + page.table(box.x, box.y + 20, widths, rows[start:start + per_page], header=header, size=7,
                                        leading=ROW_PT, bold_first_col=True, align=["left"] + ["centre"] * 8 + ["left"])
    _speed_chart(doc, page, y + 6, scenario, units, ctx)


def _speed_chart(doc, page, y: float, scenario, units: list, ctx: Context) -> None:
    """Each vessel's top speed level against her hull damage points, a series per side."""
    levels = ctx.tables.require("speed_levels").rows
    knots = {r["level"]: float(r["knots"]) for r in levels}
    points = [(knots[d["max_speed"]], d["hull_damage_points"], short_name(d.unit_name), side)
              for side, _, d in units if d["kind"] == "vessel" and d["max_speed"] in knots]
    if not points:
        return
    top = max(p[0] for p in points)
    ticks = [(knots[r["level"]], r["level"]) for r in levels if knots[r["level"]] <= top + 1e-9]
    forts = sum(1 for _, _, d in units if d["kind"] == "fort")
    side_chart(doc, page, y, scenario, points, ctx, title="Speed against staying power",
               x_label="top speed level (placed at its knots)", y_label="hull damage points (HDP)", x_ticks=ticks,
               note="Forts do not move and are not shown." if forts else "")


def quick_reference(doc, derived: list[Derived], ctx: Context) -> None:
    """One page (or more if needed) of only the tables the units in play use."""
    box = doc.content
    vessels = [d for d in derived if d["kind"] == "vessel"]
    codes = sorted({g["code"] for d in derived for g in (d.get("guns") or [])})
    page = doc.new_page(bookmark="Quick reference")
    x, y, w = box.x, box.y, box.w
    page.text(x, y + 5, f"{TITLE}: quick reference for the units in play", size=12, weight="bold")
    y += 9

    def need_room(h: float):
        nonlocal page, y
        if y + h > box.bottom:
            page = doc.new_page()
            y = box.y

    def heading(s: str):
        nonlocal y
        need_room(12)
        page.text(x, y + 3, s, size=7.5, weight="bold")
        y += 4.2

    levels = ctx.tables.require("speed_levels").rows
    factor = distance_factor(ctx)
    heading("Table 2 · speed levels (move a turn)")
    y += page.table(x, y, [w * 0.25] * 4, [[r["level"], r.get("code", ""), f"{num(r['move_cm'] * factor)} cm", f"{num(r['knots'])} kn"] for r in levels],
                    header=["Level", "Code", "Move", "Knots"], size=7, leading=ROW_PT) + 3

    direct = [c for c in codes if c in ctx.tables.require("direct_ranges").rows]
    if direct:
        rows_t = ctx.tables.require("direct_ranges").rows
        heading("Table 9 · direct-fire ranges (cm, far edge of each band" + ("" if factor == 1 else f", × {num(factor)}") + "; gunports never at E)")
        body = []
        for c in direct:
            edges = rows_t[c]["bands"] if isinstance(rows_t[c], dict) else rows_t[c]
            body.append([c] + [num(e * factor) for e in edges])
        need_room(ROW_MM * (len(body) + 1))
        y += page.table(x, y, [w / 6] * 6, body, header=["Gun"] + [BAND_NAMES[b] for b in RANGE_BANDS], size=7, leading=ROW_PT) + 3
    indirect = [c for c in codes if c in ctx.tables.require("indirect_ranges").rows]
    if indirect:
        rows_t = ctx.tables.require("indirect_ranges").rows
        heading("Table 12 · howitzers and mortars (cm; howitzers fire direct inside their direct range)")
        body = []
        for c in indirect:
            r = rows_t[c]
            first = f"direct 0–{num(r['direct_cm'] * factor)}" if "direct_cm" in r else f"none inside {num(r['min_cm'] * factor)}"
            body.append([c, first] + [num(e * factor) for e in r["bands"]] + [""] * (4 - len(r["bands"])))
        need_room(ROW_MM * (len(body) + 1))
        y += page.table(x, y, [w / 6] * 6, body, header=["Gun", "Close", "S to", "M to", "L to", "E to"], size=7, leading=ROW_PT) + 3

    t10 = ctx.tables.require("direct_fire").rows
    heading(f"Table 10 · to hit: {t10['base']} or less on a d10 (1 always hits, 10 misfires)")
    mods = ("range " + ", ".join(f"{k} {v:+d}" for k, v in t10["range"].items())
            + " · target size " + ", ".join(f"{k} {v:+d}" for k, v in t10["target_size"].items()) + " (A only beyond PB)"
            + " · firer " + ", ".join(f"{k} {v:+d}" for k, v in t10["firer_speed"].items())
            + " · target " + ", ".join(f"{k} {v:+d}" for k, v in t10["target_speed"].items())
            + " · obscured " + ", ".join(f"{k} {v:+d}" for k, v in t10["obscured"].items()))
    need_room(10)
    y = page.wrap_text(x, y + 2.5, mods, w, size=7) + 1.5

    t16 = ctx.tables.require("armour_deflection").rows
    shot_rows = []
    for c in codes:
        key = c[:-1] + "SB" if c.endswith("C") else c
        if key in t16["shot"]:
            shot_rows.append([c] + [str(v) for v in t16["shot"][key]])
    if shot_rows:
        heading("Table 16 · deflect on this or less on a d10 (* always penetrates, - never); range "
                + ", ".join(f"{k} {v:+d}" for k, v in t16["range_modifiers"].items()))
        need_room(ROW_MM * (len(shot_rows) + 1))
        cols = t16["columns"]
        y += page.table(x, y, [w / (len(cols) + 1)] * (len(cols) + 1), shot_rows, header=["Shot"] + cols, size=7, leading=ROW_PT) + 3
        sizes = sorted({c[:2] if c.startswith(("VL", "SH")) else c[0] for c in codes},
                       key=lambda s: ["VL", "L", "M", "H", "SH"].index(s) if s in ("VL", "L", "M", "H", "SH") else 9)
        shell_rows = [[s] + [str(v) for v in t16["shell"][s]] for s in sizes if s in t16["shell"]]
        if shell_rows:
            need_room(ROW_MM * (len(shell_rows) + 1))
            y += page.table(x, y, [w / (len(cols) + 1)] * (len(cols) + 1), shell_rows, header=["Shell"] + cols, size=7, leading=ROW_PT) + 3

    need_room(50)
    y += _t17_table(page, x, y, w, ctx) + 2

    if vessels:
        draughts = sorted({d["draught"] for d in vessels})
        t3 = ctx.tables.require("running_aground").rows
        heading("Table 3 · run aground on this or less on a d10 (- no test); Table 5 · break free on "
                f"{ctx.tables.require('breaking_free').rows['base']} + draught modifier or less")
        t5 = ctx.tables.require("breaking_free").rows
        body = [[dr] + ["-" if v is None else str(v) for v in t3["chances"][dr]] + [f"{t5['draught'].get(dr, 0):+d}"] for dr in draughts]
        need_room(ROW_MM * (len(body) + 1))
        y += page.table(x, y, [w * 0.2] + [w * 0.2] * 3 + [w * 0.2], body, header=["Draught"] + list(t3["water"]) + ["Break free"],
                        size=7, leading=ROW_PT) + 3
        radii = ctx.tables.require("turning_radii").rows
        mans = [m for m in radii if m in {d["manoeuvrability"] for d in vessels}]
        heading("Turning templates in play (radius in cm" + ("" if factor == 1 else f", × {num(factor)}") + ")")
        body = [[m] + [num(radii[m][s] * factor) for s in radii[m]] for m in mans]
        need_room(ROW_MM * (len(body) + 1))
        y += page.table(x, y, [w * 0.2] * 5, body, header=["Manoeuvrability"] + list(next(iter(radii.values()))), size=7, leading=ROW_PT) + 3


        # Table 14 for the configurations in play, two side by side, then Table 15 whole
        t14 = ctx.tables.require("hit_locations")
        confs = {d["configuration"] for d in vessels}
        in_play = [c for c in t14.rows["configurations"] if c in confs] + sorted(confs - set(t14.rows["configurations"]))
        crit = t14.rows.get("critical", 10)
        small_pt = ROW_PT * 6.5 / 7.5
        pair_h = 3.4 + 11 * small_pt * 25.4 / 72 + 3
        need_room(4.2 + pair_h)  # the heading stays with its first tables
        heading(f"Table 14 · hit location, d10 by the shot's aspect ({crit} = critical); no casemate: Casemate = Hull")
        gap = 4.0
        half = (w - gap) / 2
        cols = list(t14.rows["columns"])
        widths = [half * f for f in (0.1, 0.225, 0.225, 0.225, 0.225)]
        for k in range(0, len(in_play), 2):
            need_room(pair_h)
            h = 0.0
            for j, conf in enumerate(in_play[k:k + 2]):
                col = hit_location_column(conf, ctx.tables)  # an unknown (house-ruled) configuration is a clear error here
                n = len(next(iter(col.values())))
                body = [[r + 1] + [col[c][r] for c in cols] for r in range(n)] + [[crit] + ["critical"] * len(cols)]
                cx = x + j * (half + gap)
                page.fit_text(cx, y + 2.6, conf[0].upper() + conf[1:], half, size=6.5, min_size=4.5, weight="bold", family="condensed")
                h = max(h, page.table(cx, y + 3.4, widths, body, header=["d10"] + cols, size=6.5, leading=small_pt,
                                      family="condensed", min_size=4.5))
            y += 3.4 + h + 3

        t15 = ctx.tables.require("critical_hits")
        die = t15.rows.get("die", "d6")
        need_room(4.2 + ROW_MM * (len(t15.rows["hits"]) + 1) + 2)
        heading(f"Table 15 · critical hits, {die}; Special: {die} again on the specials; armour: what tests deflection")
        widths = [w * f for f in (0.06, 0.14, 0.15, 0.65)]
        for title, key in (("Critical", "hits"), ("Special", "specials")):
            body = [[r["roll"], r["hit"], str(r["armour"]).replace("_", " "),
                     r.get("effect", "") + (" *" if t15.tag(r) == "reconstructed" else "")] for r in t15.rows[key]]
            need_room(ROW_MM * (len(body) + 1) + 2)
            y += page.table(x, y, widths, body, header=[die, title, "Armour", "Effect"], size=6.5, leading=small_pt,
                            align=["centre", "left", "left", "left"], family="condensed", min_size=4.2) + 2
        need_room(4)
        page.fit_text(x, y + 2.2, "* effect reconstructed: the text's description of this hit is lost", w, size=5.8,
                      min_size=4.5, family="condensed", colour=0.3)
        y += 4
