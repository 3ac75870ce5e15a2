"""Smoke on the Water printed aids: record sheets, turning templates and gauges, counters, rosters and
the quick reference. Everything is laid out in millimetres from `doc.content`, so A4 and Letter share
one layout; the numbers come from the derived stats and the rule set's tables.
"""

from __future__ import annotations

import math
from typing import Any

from ...render import fonts as _fonts
from ...render.text import column_aligns, wrap_lines
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
PT_MM = 25.4 / 72  # mm per point
MIN_PT = 5.5  # nothing a player reads mid-game is set smaller than this
STAT_MIN_PT = 6.0  # a statistic shrinks this far before it wraps onto a second line


# ---------------------------------------------------------------------------------------------
# Text that wraps instead of shrinking or being cut short


def _cell_text(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return v if isinstance(v, str) else str(v)


def _wrap(s, width: float, size: float, weight: str = "regular", family: str = "sans") -> list[str]:
    """s broken into lines no wider than width mm (the render layer's rule: spaces, then '/' or '-', then characters)."""
    return wrap_lines(_cell_text(s), width, size, weight, family)


def _wrap_text(page, x: float, y: float, s, width: float, size: float, **kw) -> float:
    """Draw s wrapped to width (first baseline at y; page None only measures); returns the lines' height below
    the first baseline, in mm (0 for a single line)."""
    lines = _wrap(s, width, size, kw.get("weight", "regular"), kw.get("family", "sans"))
    step = size * 1.2 * PT_MM
    if page is not None:
        for k, line in enumerate(lines):
            if line:
                page.text(x, y + k * step, line, size=size, **kw)
    return (len(lines) - 1) * step


def _wtable(page, x: float, y: float, widths, rows, header=None, size: float = 7.0, leading: float = ROW_PT,
            align=None, bold_first_col: bool = False, family: str = "sans", shrink_to: float | None = None,
            padding: float = 1.0, zebra: bool = True) -> float:
    """page.table, except that a cell too wide for its column shrinks no further than shrink_to (default: not at
    all) and then wraps onto more lines, its row growing: nothing is cut short. page=None only measures.
    Returns the height in mm."""
    ncol = len(widths)
    row_h = leading * PT_MM
    step = size * 1.15 * PT_MM
    aligns = column_aligns(align, ncol)
    base_off = (row_h + size * 0.72 * PT_MM) / 2

    def lay(cells, weight_of):
        out = []
        for j in range(ncol):
            s = _cell_text(cells[j] if j < len(cells) else None)
            if not s:
                out.append(None)
                continue
            weight = weight_of(j)
            avail = widths[j] - 2 * padding
            one = _fonts.string_width_pt(_fonts.normalise(s), _fonts.font_name(family, weight), 1.0) * PT_MM
            sz, lines = size, [s]
            if one * size > avail:
                fit = math.floor(avail / one * 10) / 10
                if shrink_to is not None and fit >= shrink_to:
                    sz = fit
                else:
                    lines = _wrap(s, avail, size, weight, family)
            out.append((lines, sz, weight))
        n = max([len(c[0]) for c in out if c] or [1])
        return out, row_h + (n - 1) * step

    def draw(top, laid):
        for j, cell in enumerate(laid):
            if not cell:
                continue
            lines, sz, weight = cell
            a = aligns[j] if aligns[j] in ("left", "right") else "centre"
            left, wcol = lefts[j], widths[j]
            tx = left + padding if a == "left" else (left + wcol - padding if a == "right" else left + wcol / 2)
            for k, line in enumerate(lines):
                if line:
                    page.text(tx, top + base_off + k * step, line, size=sz, weight=weight, align=a, family=family)

    lefts, acc = [], x
    for wcol in widths:
        lefts.append(acc)
        acc += wcol
    total_w = acc - x
    top = y
    if header:
        laid, h = lay(header, lambda j: "bold")
        if page is not None:
            page.rect(x, top, total_w, h, stroke=False, fill=0.85)
            draw(top, laid)
        top += h
    head_bottom = top
    for i, cells in enumerate(rows):
        laid, h = lay(cells, lambda j: "bold" if (bold_first_col and j == 0) else "regular")
        if page is not None:
            if zebra and i % 2 == 1:
                page.rect(x, top, total_w, h, stroke=False, fill=0.93)
            draw(top, laid)
        top += h
    if page is not None:
        page.line(x, y, x + total_w, y, width=0.3)
        if header:
            page.line(x, head_bottom, x + total_w, head_bottom, width=0.2)
        page.line(x, top, x + total_w, top, width=0.3)
    return top - y


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
    """The gun table; a gun's name and arc wrap onto a second line rather than being cut short. page=None measures."""
    rows = _gun_rows(d)
    if not rows:
        if page is not None:
            page.text(x, y + 4, "No guns.", size=7.5)
        return 6
    fr = [0.04, 0.055, 0.2, 0.07, 0.085, 0.18] + [0.074] * 5
    widths = [w * f / sum(fr) for f in fr]
    header = ["No.", "Code", "Gun", "Mount", "Where", "Arc (0° = ahead)"] + [f"{b} cm" for b in RANGE_BANDS]
    return _wtable(page, x, y, widths, rows, header=header, size=size, leading=ROW_PT * size / 7.5,
                   align=["centre", "centre", "left", "left", "left", "left"] + ["centre"] * 5, shrink_to=STAT_MIN_PT)


T17_TITLE = "Table 17 · damage (shot: penetrating/not by range; shell: detonated/not)"


def _t17_table(page, x: float, y: float, w: float, ctx: Context, size: float = 7) -> float:
    """Table 17 under its title and the detonation note, wrapped to w; page=None measures. Returns the height."""
    t = ctx.tables.require("gun_damage")
    shot, shell = t.rows["shot"], t.rows["shell"]
    names = {r["size"]: r.get("name", r["size"]) for r in ctx.tables.require("gun_sizes").rows}
    rows = [[names.get(s, s)] + [shot[s][b] for b in RANGE_BANDS] + [shell.get(s, "")] for s in shot]
    fr = [0.26] + [0.11] * 5 + [0.19]
    widths = [w * f / sum(fr) for f in fr]
    yy = y + 2.6 + _wrap_text(page, x, y + 2.6, T17_TITLE, w, 6.2, weight="bold", family="condensed")
    yy += 1.0
    yy += _wtable(page, x, yy, widths, rows, header=["Gun size"] + list(RANGE_BANDS) + ["Shell"], size=size,
                  leading=ROW_PT * size / 7.5, shrink_to=MIN_PT)
    det = t.rows.get("detonation", {})
    note = "Shell detonates on d10 " + ", ".join(f"{k} 1–{v}" for k, v in det.items())
    yy += 3 + _wrap_text(page, x, yy + 3, note, w, 6.2, family="condensed")
    return yy + 1 - y


HIT_SIZE = 6.5  # the hit-location box: type size and row pitch (points)
HIT_PT = 9.0


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
    return {"title": f"Hit location (d10) · {d['configuration']}", "rows": rows, "notes": notes}


def _draw_hit_box(page, x: float, y: float, w: float, box: dict) -> float:
    """The hit-location box, wrapped to w (nothing under 5.5 pt); page=None measures. Returns its height."""
    yy = y + 2.6 + _wrap_text(page, x, y + 2.6, box["title"], w, 6.2, weight="bold", family="condensed")
    yy += 1.0
    yy += _wtable(page, x, yy, [w * 0.22, w * 0.78], box["rows"], size=HIT_SIZE, leading=HIT_PT,
                  align=["left", "left"], bold_first_col=True, family="condensed", shrink_to=MIN_PT)
    yy += 0.6
    for note in box["notes"]:
        yy += 2.0 + _wrap_text(page, x, yy + 2.0, note, w, 5.8, family="condensed", colour=0.25) + 0.6
    return yy - y


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
    # a half page is short of height: the hit-location box beside the tracks already names the configuration
    stats = [r for r in stats if r[0] != "Hit locations"]
    half = (len(stats) + 1) // 2
    return [stats[:half], stats[half:]]


DAMAGE_HEAD = {"vessel": "Damage (strike a box per point; ½ / ¼ bars: max speed −1 / −2 levels; each machinery box −1 level)",
               "fort": "Damage (strike a box for each point)"}
LOG_LEGEND = ("Speed I S M F V (ring it when astern) · Manoeuvre Fx ahead, Ax astern, Px / Sx turn to port / starboard "
              "along the template (x in cm) · Tactical BD board, SS scuttle, AN anchor, GR run aground")
LEGEND_X = 14.0  # the orders-log legend starts this far right of the "Orders log" heading's left edge


def _layout(d: Derived, ctx: Context, unit, w: float, compact: bool) -> dict:
    """Every block's content, its width and its height (mm), and the height of everything but the orders log.
    Heights are measured with the same calls that draw, so a name or arc that wraps makes its row taller
    and the orders log shorter."""
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
    gap = 4.0
    stat_w = w * (0.225 if compact else 0.34)
    arm_w = w * (0.18 if compact else 0.21)
    t17_w = w - len(columns) * (stat_w + gap) - ((arm_w + gap) if arm else 0.0)
    size = 7 if compact else 7.5
    stats_h = max(_wtable(None, 0, 0, [stat_w * 0.52, stat_w * 0.48], col, header=["Statistic", "Value"], size=size,
                          bold_first_col=True, shrink_to=STAT_MIN_PT) for col in columns)
    arm_h = _wtable(None, 0, 0, [arm_w * 0.45, arm_w * 0.55], arm, header=["Armour", "Class"], size=size,
                    bold_first_col=True, shrink_to=MIN_PT) if arm else 0.0
    t17_h = _t17_table(None, 0, 0, t17_w, ctx)
    # the hit-location box: under Table 17 on a full page; beside the damage tracks on a half page, where
    # the top block has no room to spare and the tracks of a small vessel leave the right of the sheet empty
    hit = _hit_box(d, ctx, unit)
    hit_w = min(66.0, w * 0.35) if (hit and compact) else 0.0
    hit_h = _draw_hit_box(None, 0, 0, hit_w or t17_w, hit) if hit else 0.0
    top_h = max(stats_h, arm_h, t17_h + (1.0 + hit_h if hit and not compact else 0)) + 4
    guns_h = 3.6 + _gun_table(None, 0, 0, w, d, "") + 4
    label_w = 28.0
    side_w = w - (hit_w + 4.0 if hit_w else 0.0)
    per = _per_row(side_w, label_w)
    tracks = _tracks(d)
    damage_head = DAMAGE_HEAD[d["kind"]]
    head_h = 4.0 + _wrap_text(None, 0, 0, damage_head, side_w, 6.5, weight="bold", family="condensed")
    tracks_h = head_h + _tracks_height(tracks, per) + 2.0
    if hit_w:
        tracks_h = max(tracks_h, hit_h + 2.0)
    legend_size = 5.5 if compact else 6.0
    legend_h = _wrap_text(None, 0, 0, LOG_LEGEND, w - LEGEND_X, legend_size, family="condensed") if d["kind"] == "vessel" else 0.0
    fixed = 13.0 + top_h + guns_h + tracks_h + 4.0 + legend_h
    return {"top_h": top_h, "tracks_h": tracks_h, "stats": columns, "armour": arm, "per_row": per, "label_w": label_w,
            "tracks": tracks, "fixed": fixed, "hit": hit, "hit_w": hit_w, "stat_w": stat_w, "arm_w": arm_w, "gap": gap,
            "size": size, "head_h": head_h, "damage_head": damage_head, "legend_size": legend_size, "legend_h": legend_h}


def _draw_sheet(page, box, unit, d: Derived, ctx: Context, compact: bool = False) -> int:
    """One record sheet inside box; returns the number of turns in its orders log."""
    x, y, w, h = box.x, box.y, box.w, box.h
    lay = _layout(d, ctx, unit, w, compact)
    scale = "1/600" if ctx.scale in (None, "native") else ctx.scale
    name, sub = sheet_heading(unit, d, ctx)
    page.fit_text(x, y + 5.5, name, w * 0.68, size=15, min_size=10, weight="bold")
    page.text(x + w, y + 3.5, f"{TITLE} · {scale} · cm", size=6.5, align="right", family="condensed", colour=0.3)
    page.text(x + w, y + 6.5, "record sheet", size=6.5, align="right", family="condensed", colour=0.3)
    page.fit_text(x, y + 10.5, sub, w, size=8, min_size=MIN_PT, colour=0.2)
    heading_rule(page, x, y + 11.9, w, unit, ctx, width=0.6)
    top = y + 13.0

    # top block: statistics | armour | Table 17
    gap, stat_w, arm_w, size = lay["gap"], lay["stat_w"], lay["arm_w"], lay["size"]
    cx = x
    for col in lay["stats"]:
        _wtable(page, cx, top, [stat_w * 0.52, stat_w * 0.48], col, header=["Statistic", "Value"], size=size,
                align=["left", "left"], bold_first_col=True, shrink_to=STAT_MIN_PT)
        cx += stat_w + gap
    if lay["armour"]:
        _wtable(page, cx, top, [arm_w * 0.45, arm_w * 0.55], lay["armour"], header=["Armour", "Class"], size=size,
                align=["left", "left"], bold_first_col=True, shrink_to=MIN_PT)
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
    _wrap_text(page, x, yy + 2.6, lay["damage_head"], w - (hit_w + 4.0 if hit_w else 0.0), 6.5, weight="bold",
               family="condensed")
    yy += lay["head_h"]
    for label, count, marks, names in lay["tracks"]:
        _, th = page.box_track(x, yy, count, per_row=lay["per_row"], marks=marks or None, label=label, label_w=lay["label_w"],
                               prefilled=damage_done(ctx, unit, names, count))
        yy += th + 1.6
    yy = max(yy + 2.0, tracks_end)

    page.text(x, yy + 2.6, "Orders log" if d["kind"] == "vessel" else "Fire log", size=6.5, weight="bold", family="condensed")
    if d["kind"] == "vessel":
        _wrap_text(page, x + LEGEND_X, yy + 2.6, LOG_LEGEND, w - LEGEND_X, lay["legend_size"], family="condensed")
        yy += lay["legend_h"]
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


def _turning_template(page, cx: float, top: float, geo: dict, label: str, sub: str, scale: str = "") -> None:
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
    page.fit_text(cx, top + d1, label, min(room(d1 - 2.6) * 0.95, between_ends(d1), 80), size=7, min_size=5, weight="bold",
                  align="centre")
    sub_w = min(room(d2 - 2.0) * 0.95, between_ends(d2), 90)
    for s in (sub, sub.replace(f" at {scale}", "") if scale else sub):
        if page.text_width(s, 5.0, family="condensed") <= sub_w:
            break
    page.fit_text(cx, top + d2, s, sub_w, size=5.5, min_size=5.0, align="centre", family="condensed")


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
            specs.append({"manoeuvrability": manoeuvre, "speed": speed, "radius_cm": radius, "geo": geo, "scale": scale,
                          "label": f"{manoeuvre} at {speed}",
                          "sub": f"radius {num(geo['R'] / 10)} cm at {scale} · marks every cm{more}"})
    return specs


def templates(doc, ctx: Context) -> None:
    """Turning templates for every manoeuvrability × speed at true scale, then the fire-arc and deviation gauges."""
    with doc.true_scale_pages():
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
            _turning_template(page, x + w / 2, y + 1, geo, s["label"], s["sub"], s["scale"])
            x += w + gap
            row_h = max(row_h, h)
        _gauges(doc, ctx)


def _gauges(doc, ctx: Context) -> None:
    box = doc.content
    page = doc.new_page(bookmark="Fire-arc and deviation templates")
    arcs = ctx.tables.require("fire_arcs").rows
    # fire-arc gauge: a protractor around a base mark, 0 = dead ahead, clockwise
    r = min(62.0, box.w / 2 - 30, box.h / 4 - 14)
    cx, cy = box.x + box.w / 2, box.y + 19 + r  # the top cut marks start 13 mm above the circle: clear of the title
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
        # the bearing numbers are centred 8.5 mm inside the rim and reach 2 mm further in: rays stop short of them
        rays.append((cx + 3 * math.cos(a), cy - 3 * math.sin(a), cx + (r - 12) * math.cos(a), cy - (r - 12) * math.sin(a)))
    page.lines(rays, width=0.15, dash=(1.2, 1), colour=0.35)
    page.line(cx, cy - r + 12.5, cx, cy + r - 12.5, width=0.3)
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
        page.fit_text(x + w / 2, y + 14.4, short_name(name), w - 2.5, size=5.5, min_size=5, align="centre", family="condensed",
                      colour=0.3)


def _fire_marker(page, x: float, y: float, d: float, text: str, sub: str) -> None:
    c = d / 2
    page.circle(x + c, y + c, c - 0.5, width=0.3, fill=0.85)
    page.circle(x + c, y + c, c - 2.0, width=0.15, colour=0.5)
    page.fit_text(x + c, y + c + 1, text, d - 6, size=9 if d < 40 else 14, min_size=5, weight="bold", align="centre")
    size = 5.5 if d < 40 else 7
    sub_y = y + c + (4.2 if d < 40 else 6.5)
    half = c - 2.5  # the chord of the inner ring at the lower line's depth, less a margin
    width = 2 * math.sqrt(max(half * half - (sub_y + size * 1.2 * PT_MM - y - c) ** 2, 1.0))
    _wrap_text(page, x + c, sub_y, sub, width, size, align="centre", family="condensed")


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
    vessels = len([u for u in units if u[2]["kind"] == "vessel"])
    # a handful of fire markers need no page of their own, except behind duplex backs (they would print on a back)
    n_small = _filled_count(doc, max(6, 2 * vessels), 26, backs)
    for page, x, y in doc.cells(n_small, 26, 26, bookmark="Fire markers", new_page=backs):
        _fire_marker(page, x, y, 26, "On fire", "test in the fire test phase")
    n_big = _filled_count(doc, max(4, vessels), 51, backs)
    for page, x, y in doc.cells(n_big, 51, 51, new_page=backs):
        _fire_marker(page, x, y, 51, "Out of control", "burning out of control")


def _filled_count(doc, wanted: int, cell: float, new_page: bool) -> int:
    """At least `wanted` markers of cell × cell mm, rounded up so that none is left alone: to whole rows when they
    all fit on the current page, else to fill the last page they spill onto (a page printed anyway)."""
    cols, rows, _, y0 = doc.grid(cell, cell)
    per_page = cols * rows
    here = 0
    if not new_page and doc.page is not None:
        band = y0 - doc.content.y
        top = doc.cells_bottom + 2.0 if doc.cells_bottom is not None else doc.page.content.y
        here = max(0, int((doc.page.content.bottom - band - (top + band) + 1e-9) // cell)) * cols
    if wanted <= here:
        return min(here, math.ceil(wanted / cols) * cols)
    return here + math.ceil((wanted - here) / per_page) * per_page


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
    """A table per side: every unit's fighting figures on a line (its guns wrap onto more). The sides follow
    one another down the page; a side that does not fit what is left goes on, its header repeated, overleaf."""
    box = doc.content
    sides: list[str] = []
    for side, _, _ in units:
        if side not in sides:
            sides.append(side)
    side_of = {s.name: s for s in scenario.sides}
    levels = ctx.tables.require("speed_levels").rows
    code = {r["level"]: r.get("code", r["level"][0]) for r in levels}
    header = ["Unit", "Speed", "Man.", "Size", "Draught", "Target", "Armour H/C/T/D", "HDP", "FP", "Guns"]
    fr = [0.19, 0.06, 0.08, 0.08, 0.08, 0.07, 0.11, 0.05, 0.04, 0.24]
    widths = [box.w * f / sum(fr) for f in fr]
    table = dict(header=header, size=7, leading=ROW_PT, bold_first_col=True, shrink_to=STAT_MIN_PT, align=["left"] + ["centre"] * 8 + ["left"])
    page, y = None, box.y

    def start_page(side: str, continued: bool) -> None:
        nonlocal page, y
        page = doc.new_page(bookmark=None if continued else side)
        page.fit_text(box.x, box.y + 6, f"{scenario.name}", box.w, size=14, min_size=8, weight="bold")
        page.fit_text(box.x, box.y + 11, f"{scenario.date} · {scenario.place} · {TITLE}", box.w, size=8, min_size=MIN_PT,
                      colour=0.3)
        y = box.y + 14

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
            rows.append([d.unit_name, f"{code[d['max_speed']]}/{code[d['astern_speed']]}", d["manoeuvrability"], d["size"],
                         d["draught"], f"{d['target_size']['bow']}/{d['target_size']['broadside']}", arm,
                         d["hull_damage_points"], d["flotation_points"], _guns_summary(d)])
        heights = [_wtable(None, 0, 0, widths, [r], **{**table, "header": None}) for r in rows]
        head_h = _wtable(None, 0, 0, widths, [], **table)
        done, continued = 0, False
        while True:
            # the side's heading and its table's header, then as many rows as fit; at least one row on a page
            if page is None or y + 9.5 + head_h + (heights[done] if heights else 0) > box.bottom:
                start_page(side, continued)
            elif not continued:
                doc.bookmark(side, level=0, y=y)
            page.fit_text(box.x, y + 3.5, f"{side}" + (" (continued)" if continued else ""), box.w, size=11, min_size=8,
                          weight="bold", colour=accent(side_of.get(side), ctx))
            y += 5.5
            n, room = 0, box.bottom - y - head_h
            while done + n < len(rows) and (n == 0 or heights[done + n] <= room):
                room -= heights[done + n]
                n += 1
            y += _wtable(page, box.x, y, widths, rows[done:done + n], **table) + 4
            done += n
            if done >= len(rows):
                break
            continued = True
            page = None
    legend = "Speed: top speed ahead/astern, " + ", ".join(f"{code[r['level']]} {r['level']}" for r in levels)
    if page is not None:
        if y + 6 > box.bottom:
            start_page(sides[-1], True)
        y += _wrap_text(page, box.x, y + 1.5, legend, box.w, 6.5, family="condensed", colour=0.3) + 2
    _speed_chart(doc, page, y + 4, scenario, units, ctx)


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
