"""Saunders ACW Naval Rules: the printed aids (record sheets, counters, gauges, roster, quick reference).

Everything is laid out from doc.content in millimetres, so A4 and Letter share one layout. Every game
number printed here comes from the Derived values or the tables (house rules included).
"""

from __future__ import annotations

import math
from typing import Any

from ...render import Document, Page
from ..base import Context, Derived, damage_done, heading_rule, sheet_heading, side_chart, short_name, tint
from .derive import FACING_DEG, parse_arc, scale_factor

MM_PER_INCH = 25.4
SHORT_LABEL = {"armament": "Arm", "steering": "Steer", "machinery": "Mach", "pilot_house": "PH", "propulsion": "Prop"}
SECTION_LABEL = {"armament": "Armament", "steering": "Steering", "machinery": "Machinery",
                 "pilot_house": "Pilot house", "propulsion": "Propulsion"}


def _n(x: Any) -> str:
    """6 -> '6', 2.5 -> '2½', None -> '–'."""
    if x is None:
        return "–"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, (int, float)):
        whole = math.floor(x)
        frac = x - whole
        if abs(frac) < 1e-9:
            return str(int(whole))
        if abs(frac - 0.5) < 1e-9:
            return (str(int(whole)) if whole else "") + "½"
        return f"{x:g}"
    return str(x)


_FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾", 1 / 3: "⅓", 2 / 3: "⅔"}


def _frac(x: Any) -> str:
    """0.75 -> '¾', 0.333 -> '⅓' (the common fractions as printed in the rules), else as _n."""
    try:
        f = float(x)
    except (TypeError, ValueError):
        return _n(x)
    for v, glyph in _FRACTIONS.items():
        if abs(f - v) < 0.005:
            return glyph
    return _n(round(f, 2))


def _band_labels(rows: list[dict], key: str) -> list[str]:
    """Lower-bound rows as a player reads them: ≤1, 2–3, 4–5, 8+."""
    out = []
    for i, r in enumerate(rows):
        lo = int(r[key])
        if i == len(rows) - 1:
            out.append(f"{lo}+")
            continue
        hi = int(rows[i + 1][key]) - 1
        out.append(f"≤{hi}" if i == 0 else (str(lo) if lo == hi else f"{lo}–{hi}"))
    return out


def _title(page: Page, box, y: float, title: str, sub: str, width: float = 0.62) -> float:
    page.fit_text(box.x, y + 6, title, box.w * width, size=16, weight="bold")
    page.fit_text(box.x, y + 11, sub, box.w * width, size=7.5, colour=0.25)
    return y + 14


def _heading(page: Page, x: float, y: float, s: str, w: float) -> float:
    page.fit_text(x, y + 3.2, s, w, size=8, weight="bold")
    page.line(x, y + 4.2, x + w, y + 4.2, width=0.2, colour=0.5)
    return y + 6


def _wrap_rows(page: Page, widths: list[float], rows: list[list], col: int, size: float,
               padding: float = 1.0) -> tuple[list[list], list[tuple[int, int]]]:
    """Rows with cell `col` broken over as many lines as it needs (the other cells on the first line only),
    and (first line, lines) per original row, so a long gun list or effect is printed whole, not cut with '…'."""
    out: list[list] = []
    groups: list[tuple[int, int]] = []
    for r in rows:
        text = r[col] if isinstance(r[col], str) else _n(r[col])
        lines = page.wrap_lines(text, widths[col] - 2 * padding - 0.3, size) or [""]
        groups.append((len(out), len(lines)))
        for k, line in enumerate(lines):
            out.append([line if j == col else (r[j] if k == 0 else "") for j in range(len(r))])
    return out, groups


def _wrapped_table(page: Page, x: float, y: float, widths: list[float], rows: list[list], header, col: int,
                   size: float, leading: float | None = None, **kw) -> float:
    """page.table with column `col` wrapped; the zebra shading follows the original rows. Returns the height."""
    leading = size * 1.5 if leading is None else leading
    lines, groups = _wrap_rows(page, widths, rows, col, size)
    row_h = leading / (72 / 25.4)
    top = y + (row_h if header else 0.0)
    for i, (start, n) in enumerate(groups):
        if i % 2 == 1:
            page.rect(x, top + start * row_h, sum(widths), n * row_h, stroke=False, fill=0.93)
    return page.table(x, y, widths, lines, header=header, size=size, leading=leading, zebra=False, **kw)


# ---------------------------------------------------------------------------------------------
# Record sheets


def sheets(doc: Document, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    for unit, d in derived:
        page = doc.new_page(bookmark=unit.name)
        _sheet(page, doc.content, unit, d, ctx)


def _sheet(page: Page, box, unit, d: Derived, ctx: Context) -> None:
    v = d.values
    fort = v.get("unit") == "fort"
    name, sub = sheet_heading(unit, d, ctx)
    y = _title(page, box, box.y, name, f"{sub} · ACW Naval Rules v1.2 (Saunders) · {v['scale']}")
    heading_rule(page, box.x, box.y + 12.6, box.w * 0.62, unit, ctx, width=0.6)
    # key figures, top right
    stats = [("Hull", _n(v["hull"]))]
    if not fort:
        stats = [("Speed", f"{_n(v['max_speed_kn'])} kn"), ("Astern", f"{_n(v['astern_speed_kn'])} kn"),
                 ("Turn", f"{v['max_turn_deg']}°")] + stats
    sx = box.right
    for label, value in reversed(stats):
        w = max(page.text_width(value, 13, "bold"), page.text_width(label, 6.5)) + 2
        sx -= w + 2
        page.rect(sx, box.y, w + 2, 13, width=0.3)
        page.text(sx + (w + 2) / 2, box.y + 4.2, label, size=6.5, align="centre", colour=0.3)
        page.text(sx + (w + 2) / 2, box.y + 10.8, value, size=13, weight="bold", align="centre")
    flags = []
    if v.get("small_target"):
        flags.append("small target: −1 to hit her")
    if v.get("double_ender"):
        flags.append("double-ender: full speed astern")
    if not fort:
        flags.append(f"move {_n(v['move_in'])} in / astern {_n(v['astern_move_in'])} in a turn; ±{_n(v['acceleration_kn'])} kn a turn")
    if v.get("max_turn_deg_spar_deployed"):
        flags.append(f"spar deployed: turn {v['max_turn_deg_spar_deployed']}°")
    page.fit_text(box.x, y + 2, " · ".join(flags), box.w, size=7.5)
    y += 5

    # plan of the ship with armour ratings
    y = _heading(page, box.x, y, "Armour ratings", box.w)
    plan_h = 30.0
    plan_w = min(120.0, box.w * 0.62)
    if fort:
        _fort_plan(page, box.x, y, plan_w, plan_h, v)
    else:
        _ship_plan(page, box.x + 5, y, plan_w - 5, plan_h, unit, v)
    # status boxes beside the plan
    _status(page, box.x + plan_w + 6, y, box.right - box.x - plan_w - 6, unit, v, fort)
    y += plan_h + 4

    # hull track with speed thresholds
    y = _heading(page, box.x, y, "Hull", box.w)
    marks = {}
    legend = []
    for th in v.get("speed_thresholds", []):
        if 1 <= th["lost"] <= v["hull"]:
            marks[th["lost"]] = "¾" if th["fraction"] == 0.75 else ("½" if th["fraction"] == 0.5 else _n(th["fraction"]))
            legend.append(f"after box {th['lost']}: {marks[th['lost']]} speed = {_n(th['speed_kn'])} kn")
    per_row = 20
    _, h = page.box_track(box.x, y, v["hull"], box=5.0, gap=1.0, per_row=per_row, marks=marks, label="Hull", label_w=16,
                          prefilled=damage_done(ctx, unit, ("hull",), v["hull"]))
    y += h + 1.5
    if legend:
        page.text(box.x + 16, y + 2.5, "; ".join(legend) + " (rounded down)", size=7)
        y += 4.5
    y += 1

    # speed track
    if not fort:
        y = _heading(page, box.x, y, "Speed (knots = inches a turn at 1/1200; mark the current speed)", box.w)
        y = _speed_track(page, box.x, y, box.w, v)
        y += 2

    # guns
    y = _heading(page, box.x, y, "Guns (to hit 5+ on D6; penetration DAV + strength − armour, +1 rifle, +1 point blank, −1 long)", box.w)
    rows = []
    for g in v["guns"]:
        arcs = ", ".join(g["arcs"])
        if g.get("per_side"):
            arcs += f" ({g['per_side']} a side)"
        if g.get("blocked_arcs"):
            arcs += " — not " + ", ".join(g["blocked_arcs"])
        r = g["ranges_in"]
        rows.append([g["name"] + (f" [{g['turret']}]" if g.get("turret") else ""), g["count"], g["strength"],
                     "R" if g["rifled"] else "", arcs, _n(r["point_blank"]), _n(r["effective"]), _n(r["long"]) if r["long"] is not None else "none"])
    if not rows:
        rows = [["no guns", "", "", "", "", "", "", ""]]
    fr = [0.27, 0.05, 0.05, 0.04, 0.39, 0.065, 0.065, 0.07]
    widths = [box.w * f for f in fr]
    y += page.table(box.x, y, widths, rows, header=["Gun", "No.", "Str", "Rif", "Arcs", "PB in", "Eff in", "Long in"],
                    size=7, bold_first_col=True, align=["left", "centre", "centre", "centre", "left", "centre", "centre", "centre"])
    if any(g.get("turret") for g in v["guns"]):
        y += 1
        page.fit_text(box.x, y + 3, "Turret: plot its arc with the move, one step a turn; both guns fire into the same arc at one target. "
                      "Own funnel/superstructure may block part of an arc: agree before play.", box.w, size=6.5, colour=0.3)
        y += 4
    y += 3

    # tallies
    y = _heading(page, box.x, y, "Damage", box.w)
    col = box.w / 3
    for i, (label, n) in enumerate((("Holes", 8), ("Fires", 8), ("Criticals", 8))):
        page.box_track(box.x + i * col, y, n, box=4.5, gap=0.8, per_row=8, label=label, label_w=15,
                       prefilled=damage_done(ctx, unit, (label,), n))
    y += 7
    page.text(box.x, y + 3, "Critical effects:", size=7, weight="bold")
    for k in range(2):
        page.line(box.x + 22, y + 3.5 + k * 5, box.right, y + 3.5 + k * 5, width=0.15, colour=0.5)
    y += 10

    # orders log fills the rest of the page
    if not fort:
        y = _heading(page, box.x, y, "Orders", box.w)
        head = ["Turn", "Speed kn", "Turn °", "Turret arc", "Spar", "Fire at / notes"]
        fw = [0.07, 0.1, 0.1, 0.12, 0.08, 0.53]
        row_h = 7.5 * 1.6 / (72 / 25.4)
        n = max(0, int((box.bottom - y - row_h - 1) // row_h))
        if n:
            page.table(box.x, y, [box.w * f for f in fw], [[i + 1, "", "", "", "", ""] for i in range(n)], header=head,
                       size=7.5, leading=7.5 * 1.6)
            for k in range(1, len(fw)):
                x = box.x + box.w * sum(fw[:k])
                page.line(x, y, x, y + row_h * (n + 1), width=0.15, colour=0.6)


def _speed_track(page: Page, x: float, y: float, w: float, v: dict) -> float:
    ahead = int(math.ceil(v["max_speed_kn"]))
    astern = int(math.ceil(v["astern_speed_kn"]))
    cell = min(7.0, (w - 16) / max(ahead + 1, 1))
    thresholds = {int(math.floor(th["speed_kn"])): ("¾" if th["fraction"] == 0.75 else "½") for th in v.get("speed_thresholds", [])}
    for label, top, count in (("Ahead", ahead, ahead + 1), ("Astern", astern, astern + 1)):
        page.text(x, y + cell * 0.68, label, size=7, weight="bold", family="condensed")
        for k in range(count):
            cx = x + 16 + k * cell
            grey = 0.92 if (label == "Ahead" and k in thresholds) else None
            page.rect(cx, y, cell, cell, width=0.25, fill=grey)
            page.text(cx + cell / 2, y + cell * 0.68, str(k), size=7.5, align="centre")
            if label == "Ahead" and k in thresholds:
                page.text(cx + cell - 0.6, y + 2.2, thresholds[k], size=5, align="right", weight="bold")
        if label == "Ahead" and v["max_speed_kn"] != ahead:
            page.text(x + 16 + count * cell + 1, y + cell * 0.68, f"max {_n(v['max_speed_kn'])}", size=6.5)
        y += cell + 1.2
    return y


def _ship_plan(page: Page, x: float, y: float, w: float, h: float, unit, v: dict) -> None:
    """A simple hull outline, stern left, bow right, cut into stern / midships / bow with their ratings."""
    arm = v["armour"]
    top, bot, mid = y + 3, y + h - 3, y + h / 2
    pts = [(x, top + 5), (x + 4, top), (x + w * 0.8, top), (x + w, mid), (x + w * 0.8, bot), (x + 4, bot), (x, bot - 5)]
    page.polygon(pts, width=0.5, fill=0.96)
    a, b = x + w * 0.28, x + w * 0.66
    page.line(a, top, a, bot, width=0.3)
    page.line(b, top, b, bot, width=0.3)
    for label, cx, key in (("STERN", (x + a) / 2, "stern"), ("MIDSHIPS", (a + b) / 2, "midships"), ("BOW", x + w * 0.76, "bow")):
        page.text(cx, top + 3.5, label, size=5.5, align="centre", colour=0.35, weight="bold")
        page.text(cx, top + 10.5, str(arm[key]), size=13, weight="bold", align="centre")
    # turrets on the centre line
    turrets = [t.id for t in getattr(unit, "turrets", [])]
    if turrets:
        from .derive import turret_roles

        roles = turret_roles(unit)
        place = {"single": 0.47, "fore": 0.55, "centre": 0.47, "aft": 0.39}
        if len(turrets) == 3:
            place.update({"fore": 0.57, "aft": 0.37})
        rating = arm.get("armament", arm["midships"])
        for tid in turrets:
            cx = x + w * place[roles[tid]]
            page.circle(cx, mid + 4.5, 4.0, width=0.4, fill=1)
            page.text(cx, mid + 5.8, str(rating), size=7.5, weight="bold", align="centre")
            page.text(cx, mid + 10.5, "turret", size=4.5, align="centre", colour=0.35)
    extras = [(SECTION_LABEL[k], arm[k]) for k in SECTION_LABEL if k in arm]
    if "pilot_house" in arm:
        px = b - 5
        page.rect(px - 2.5, mid + 2, 5, 5, width=0.3, fill=1)
        page.text(px, mid + 6.2, str(arm["pilot_house"]), size=6, align="centre", weight="bold")
        page.text(px, mid + 10.5, "PH", size=4.5, align="centre", colour=0.35)
    if v.get("paddles") and v.get("drive") == "sidewheel":
        for yy in (top - 3, bot):
            page.rect(x + w * 0.45, yy, w * 0.12, 3, width=0.3, fill=0.85)
    elif v.get("drive") == "sternwheel":
        page.rect(x - 4, top + 4, 3.5, bot - top - 8, width=0.3, fill=0.85)
    # the sections that differ from the default, listed under the plan
    if extras:
        page.fit_text(x, y + h + 0.5, "  ".join(f"{name} {r}" for name, r in extras), w, size=6.5, weight="bold")


def _fort_plan(page: Page, x: float, y: float, w: float, h: float, v: dict) -> None:
    page.rect(x, y + 3, w, h - 6, width=0.8, fill=0.96)
    page.text(x + w / 2, y + 9, "WALLS", size=6, align="centre", colour=0.35, weight="bold")
    page.text(x + w / 2, y + h / 2 + 5, str(v["armour"]["midships"]), size=16, weight="bold", align="centre")


def _status(page: Page, x: float, y: float, w: float, unit, v: dict, fort: bool) -> None:
    """Tick boxes for ram bow, paddles and spar torpedo."""
    lines: list[tuple[str, int]] = []
    if not fort:
        lines.append(("Ram bow: " + ("fitted — tick when lost" if v["ram_bow"] else "none (−1 when ramming)"), 1 if v["ram_bow"] else 0))
        drive = v.get("drive")
        if v.get("paddles"):
            names = {"sidewheel": "Paddles port / starboard", "sternwheel": "Stern wheel", "centrewheel": "Centre wheel"}
            lines.append((names.get(drive, "Paddle wheels") + ": tick when lost", int(v["paddles"])))
        else:
            lines.append((f"Propulsion: {drive}", 0))
        if v.get("spar_torpedo"):
            lines.append(("Spar torpedo: deployed / expended", 2))
        lines.append(("Aground: attempts to break free (6)", 4))
        lines.append(("Stationary last turn", 1))
    else:
        lines.append(("A fort does not move", 0))
    yy = y + 2
    for text, boxes in lines:
        page.fit_text(x, yy + 3, text, w - boxes * 5.5 - 1, size=7)
        for k in range(boxes):
            page.rect(x + w - (boxes - k) * 5.5, yy, 4.2, 4.2, width=0.3)
        yy += 5.6


# ---------------------------------------------------------------------------------------------
# Templates: turn gauges and the turret arc gauge, at true scale


def turn_ladder(ctx: Context) -> list[int]:
    return [int(a) for a in ctx.tables.turn.rows["ladder_deg"]]


def gauge_arm_knots(factor: float) -> int:
    """Arm length of a turn gauge in knots: 4 at 1/1200 (101.6 mm), 3 at 1/600 (152.4 mm)."""
    return 4 if factor == 1 else 3


def templates(doc: Document, ctx: Context) -> None:
    with doc.true_scale_pages():
        factor, scale = scale_factor(ctx.tables, ctx.scale)
        mm_per_kn = float(ctx.tables.movement.rows["inches_per_knot"]) * MM_PER_INCH * factor
        arm_kn = gauge_arm_knots(factor)
        arm = arm_kn * mm_per_kn
        box = doc.content
        page = doc.new_page(bookmark=f"Turn gauges ({scale})")
        y = _title(page, box, box.y, f"Turn gauges — {scale}", f"ACW Naval Rules v1.2 (Saunders) · arms marked in knots "
                   f"(1 kn = {_n(mm_per_kn / MM_PER_INCH)} in) · cut on the solid outline · flip for turns to port")
        r = 32.0
        side_x = box.x + arm + 12
        beside = box.right - side_x >= 2 * r + 4
        if beside:  # the turret and gunport gauges in the column right of the turn gauges
            _turret_gauge(page, side_x + r + 2, y + r + 4, r, ctx)
            _gunport_gauge(page, side_x, y + 2 * r + 26, box.right - side_x - 2)
        for angle in turn_ladder(ctx):
            need = arm * math.sin(math.radians(min(angle, 90))) + 12
            if y + need > box.bottom:
                page = doc.new_page()
                y = box.y
            _turn_gauge(page, box.x + 6, y + need - 6, arm, angle, arm_kn)
            y += need + 2
        if not beside:
            if y + 2 * r + 14 > box.bottom:  # the circle and its two lines of text; the gunport arc sits beside it
                page = doc.new_page(bookmark="Turret and gunport gauges")
                y = box.y
            _turret_gauge(page, box.x + r + 8, y + r + 4, r, ctx)
            _gunport_gauge(page, box.x + 2 * r + 30, y + r + 4, min(arm, box.right - box.x - 2 * r - 40))


def _turn_gauge(page: Page, px: float, py: float, arm: float, angle: int, arm_kn: int) -> None:
    """Pivot at (px, py); heading arm to the right, the turned arm `angle` degrees anticlockwise."""
    a = math.radians(angle)
    ex, ey = px + arm * math.cos(a), py - arm * math.sin(a)
    page.wedge(px, py, arm, 0, angle, fill=0.93, stroke=False)
    page.line(px, py, px + arm, py, width=0.4)
    page.line(px, py, ex, ey, width=0.4)
    page.arc(px, py, arm, 0, angle, width=0.4)
    per = arm / arm_kn
    ticks = []
    for k in range(1, arm_kn * 2):
        t = 2.2 if k % 2 == 0 else 1.2
        d = per * k / 2
        ticks.append((px + d, py, px + d, py - t))
        # ticks on the turned arm, perpendicular, toward the inside of the wedge
        tx, ty = px + d * math.cos(a), py - d * math.sin(a)
        ticks.append((tx, ty, tx + t * math.sin(a), ty + t * math.cos(a)))
    page.lines(ticks, width=0.2)
    for k in range(1, arm_kn):
        page.text(px + per * k, py + 3, str(k), size=6, align="centre")
    page.text(px + arm * 0.62 * math.cos(a / 2), py - arm * 0.62 * math.sin(a / 2) + 2, f"{angle}°", size=12, weight="bold", align="centre")
    page.text(px + arm, py + 3, f"{arm_kn} kn", size=6, align="right")
    page.text(px - 1, py + 3, "pivot", size=5.5, align="left", colour=0.4)


def _turret_gauge(page: Page, cx: float, cy: float, r: float, ctx: Context) -> None:
    rows = ctx.tables.turret_arcs.rows
    width = float(rows["width_deg"])
    page.circle(cx, cy, r, width=0.4)
    # arc boundaries: half an arc either side of each facing's centre (fore = up on the paper)
    for k, facing in enumerate(rows["arcs"]):
        centre = FACING_DEG[facing]
        edge = math.radians(centre + width / 2)
        page.line(cx, cy, cx + r * math.sin(edge), cy - r * math.cos(edge), width=0.3)
        lab = math.radians(centre)
        page.text(cx + r * 0.62 * math.sin(lab), cy - r * 0.62 * math.cos(lab) + 1.2, facing.upper(), size=7, weight="bold", align="centre")
    page.circle(cx, cy, 1.0, width=0.2)
    page.text(cx, cy + r + 5, f"Turret arcs: four {width:g}° arcs", size=6.5, align="centre")
    page.text(cx, cy + r + 8, "centre on the turret, FORE toward the bow", size=6.5, align="centre")


def _gunport_gauge(page: Page, x: float, cy: float, length: float) -> None:
    """A 10° gunport arc: 5° either side of the port's axis, drawn pointing right from (x, cy)."""
    half = math.radians(5)
    page.wedge(x, cy, length, -5, 10, fill=0.93, stroke=False)
    page.line(x, cy, x + length * math.cos(half), cy - length * math.sin(half), width=0.4)
    page.line(x, cy, x + length * math.cos(half), cy + length * math.sin(half), width=0.4)
    page.arc(x, cy, length, -5, 10, width=0.4)
    page.line(x, cy, x + length, cy, width=0.15, dash=(1, 1))
    page.text(x, cy + 9, "Gunport arc 10°: lay the dashed axis square", size=6.5)
    page.text(x, cy + 12, "to the ship's side at the port", size=6.5)


# ---------------------------------------------------------------------------------------------
# Counters


def _fastest(units: list[tuple[str, Any, Derived]], ctx: Context) -> tuple[float, float]:
    if units:
        ds = [d for _, _, d in units]
    else:
        from .derive import derive

        ds = [derive(u, ctx) for u in ctx.library.vessels]
    ahead = max([d.values.get("max_speed_kn", 0) for d in ds] or [0])
    astern = max([d.values.get("astern_speed_kn", 0) for d in ds] or [0])
    return ahead, astern


def counters(doc: Document, units: list[tuple[str, Any, Derived]], ctx: Context, fold: bool = False, backs: bool = False) -> None:
    ahead, astern = _fastest(units, ctx)
    ships = sum(1 for _, u, d in units if d.values.get("unit") == "vessel") if units else 4
    chits: list[tuple[str, str, str]] = []
    for k in range(0, int(math.ceil(ahead)) + 1):
        chits += [(str(k), "kn ahead", "speed")] * max(1, min(3, ships))
    for k in range(1, int(math.ceil(astern)) + 1):
        chits += [(str(k), "kn astern", "astern")] * max(1, min(2, ships))
    n_ships = max(ships, 4)
    chits += [("FIRE", "−1 to fire", "fire")] * n_ships
    chits += [("HOLE", "sinks at 0 hull", "hole")] * n_ships
    chits += [("AGROUND", "6 to break free", "aground")] * max(2, n_ships // 2)
    if any(d.values.get("spar_torpedo") for _, _, d in units):
        chits += [("SPAR", "deployed", "spar")] * n_ships
    size = 16.0
    if fold:
        for page, x, y in doc.cells(len(chits), size, 2 * size, bookmark="Counters (fold)"):
            big, small, kind = chits.pop(0)
            _chit(page, x, y, size, big, small, kind, ctx=ctx)
            page.line(x, y + size, x + size, y + size, width=0.15, dash=(0.8, 0.8), colour=0.5)
            with page.rotated(x + size / 2, y + 1.5 * size, 180):
                _chit(page, x, y + size, size, big, small, kind, back=True, ctx=ctx)
        return
    for page, x, y, item, back in doc.duplex_cells(chits, size, size, backs=backs, bookmark="Counters"):
        _chit(page, x, y, size, *item, back=back, ctx=ctx)


CHIT_FILLS = {"fire": ((1.0, 0.85, 0.75), 0.82), "hole": ((0.8, 0.88, 1.0), 0.9), "aground": ((0.92, 0.88, 0.75), 0.86),
              "astern": (0.9, 0.9)}  # kind -> (fill in colour, the grey in black and white)


def _chit(page: Page, x: float, y: float, s: float, big: str, small: str, kind: str, back: bool = False,
          ctx: Context | None = None) -> None:
    fill = tint(*CHIT_FILLS[kind], ctx) if kind in CHIT_FILLS else None
    if fill is not None:
        page.rect(x + 0.4, y + 0.4, s - 0.8, s - 0.8, stroke=False, fill=fill)
    if back:
        page.fit_text(x + s / 2, y + s / 2 + 1, big, s - 2, size=7, align="centre", colour=0.45)
        return
    page.fit_text(x + s / 2, y + s * 0.56, big, s - 1.6, size=14 if len(big) <= 2 else 9, weight="bold", align="centre")
    page.fit_text(x + s / 2, y + s * 0.84, small, s - 1.6, size=5.5, align="centre")


# ---------------------------------------------------------------------------------------------
# Roster


def roster(doc: Document, scenario, units: list[tuple[str, Any, Derived]], ctx: Context) -> None:
    box = doc.content
    page = doc.new_page(bookmark=scenario.name)
    y = _title(page, box, box.y, scenario.name, f"{scenario.date} · {scenario.place} · ACW Naval Rules v1.2 (Saunders) · {scale_factor(ctx.tables, ctx.scale)[1]}", width=1.0)
    fr = [0.21, 0.08, 0.08, 0.06, 0.05, 0.11, 0.12, 0.29]
    widths = [box.w * f for f in fr]
    head = ["Ship", "Ahead kn", "Astern kn", "Turn", "Hull", "Armour B/M/S", "Other armour", "Guns (no.×strength, R rifled)"]
    for side in [s.name for s in scenario.sides]:
        rows = []
        for side_name, unit, d in units:
            if side_name != side:
                continue
            v = d.values
            arm = v["armour"]
            other = ", ".join(f"{SHORT_LABEL[k]} {arm[k]}" for k in SHORT_LABEL if k in arm)
            guns = " ".join(f"{g['count']}×{g['strength']}{'R' if g['rifled'] else ''}" for g in v["guns"])
            fort = v.get("unit") == "fort"
            rows.append([unit.name + (" ▪" if v.get("small_target") else ""), "fort" if fort else _n(v["max_speed_kn"]),
                         "" if fort else _n(v["astern_speed_kn"]), "" if fort else f"{v['max_turn_deg']}°", v["hull"],
                         f"{arm['bow']}/{arm['midships']}/{arm['stern']}", other, guns])
        lines = len(_wrap_rows(page, widths, rows, 7, 7.5)[0])
        need = (lines + 1) * 7.5 * 1.5 / (72 / 25.4) + 9
        if y + need > box.bottom:
            page = doc.new_page()
            y = box.y
        y = _heading(page, box.x, y + 2, side, box.w)
        y += _wrapped_table(page, box.x, y, widths, rows, head, 7, size=7.5, bold_first_col=True,
                            align=["left"] + ["centre"] * 5 + ["left", "left"])
    page.text(box.x, min(y + 5, box.bottom - 1), "▪ small target (under 100 ft or a monitor): −1 to hit. Ram bows: "
              + (", ".join(u.name for _, u, d in units if d.values.get("ram_bow")) or "none"), size=6.5)
    points = [(d.values["max_speed_kn"], d.values["hull"], short_name(unit.name), side)
              for side, unit, d in units if d.values.get("unit") != "fort"]
    forts = any(d.values.get("unit") == "fort" for _, _, d in units)
    side_chart(doc, page, y + 10, scenario, points, ctx, title="Speed against staying power",
               x_label="top speed (knots)", y_label="hull boxes",
               note="Forts do not move and are not shown." if forts else "")


# ---------------------------------------------------------------------------------------------
# Quick reference


def quick_reference(doc: Document, derived: list[Derived], ctx: Context) -> None:
    t = ctx.tables
    vals = [d.values for d in derived]
    guns = [g for v in vals for g in v.get("guns", [])]
    strengths = sorted({g["strength"] for g in guns})
    has = {
        "turrets": any(g.get("turret") for g in guns),
        "paddles": any(v.get("paddles") for v in vals),
        "spar": any(v.get("spar_torpedo") for v in vals),
        "light": any(g.get("light") for g in guns),
        "rams": any(v.get("ram_bow") for v in vals),
    }
    blocks: list[tuple[str, list[float], list[str] | None, list[list]]] = []
    mv = t.movement.rows
    hs = t.hull_speed.rows
    blocks.append(("Movement", [0.7, 0.3], None, [
        ["Inches a turn per knot at 1/1200", _n(mv["inches_per_knot"])],
        ["Speed change a turn (kn)", f"±{_n(mv['acceleration_kn'])}"],
        ["Astern (double-ender: full)", f"× {_frac(mv['astern_fraction'])}"],
        *[[f"Hull {_frac(r['lost_fraction'])} lost: max speed ×", _frac(r["speed_fraction"])] for r in hs],
        ["Turn ladder (°); spar deployed: one step less", " ".join(str(a) for a in t.turn.rows["ladder_deg"])],
    ]))
    blocks.append(("To hit: 1D6 per gun, 5+ hits", [0.8, 0.2], ["Modifier", ""],
                   [[m["when"], f"{int(m['mod']):+d}"] for m in t.to_hit.rows["modifiers"]]))
    blocks.append(("Penetration: DAV + strength − armour", [0.8, 0.2], ["Adjustment", ""],
                   [[m["when"], f"{int(m['mod']):+d}"] for m in t.penetration.rows["modifiers"]]))
    res = t.penetration_result.rows
    blocks.append(("Penetration result", [0.2, 0.15, 0.65], ["Total", "Hull", "Effect"],
                   [[label, r["hull"], r["effect"]] for label, r in zip(_band_labels(res, "min_total"), res)]))
    blocks.append(("Hit location (1D6)", [0.2, 0.8], ["D6", "Location"],
                   [["–".join(str(x) for x in (r["roll"][0], r["roll"][-1])) if len(r["roll"]) > 1 else str(r["roll"][0]), r["location"]] for r in t.hit_location.rows]))
    if strengths:
        rng = t.gun_ranges.rows
        factor, scale = scale_factor(t, ctx.scale)
        rows = []
        for s in strengths:
            band = [b for b in rng["bands"] if b["min_strength"] <= s][-1]
            examples = sorted({g["name"] for g in guns if g["strength"] == s})
            rows.append([s, _n(band["point_blank_in"] * factor), _n(band["effective_in"] * factor), _n(band["long_in"] * factor), ", ".join(examples)])
        blocks.append((f"Guns in play (inches at {scale}; rifles × {_n(rng['rifle_long_factor'])} at Long" + ("; light guns: no Long" if has["light"] else "") + ")",
                       [0.07, 0.07, 0.07, 0.09, 0.70], ["Str", "PB", "Eff", "Long", "Guns"], rows))
    crit_rows = [[r["roll"], r["effect"]] for r in t.criticals.rows]
    if not has["paddles"]:
        crit_rows = [[r[0], r[1].replace("a paddle wheel lost (side wheeler: speed halved); ", "")] for r in crit_rows]
    blocks.append(("Critical hits (D66)", [0.14, 0.86], ["D66", "Effect"], crit_rows))
    blocks.append(("Ramming: both roll 1D6", [0.82, 0.18], ["Modifier", ""], [[m["when"], f"{int(m['mod']):+d}"] for m in t.ramming_modifiers.rows]))
    rd = t.ramming_damage.rows
    blocks.append(("Ramming / grounding / torpedo damage", [0.34, 0.33, 0.33], ["Roll", "Hull", "Specials"],
                   [[label, r["hull"], r["specials"]] for label, r in zip(_band_labels(rd, "min_roll"), rd)]))
    if has["turrets"]:
        blocked = t.turret_arcs.rows["blocked"]
        rows = []
        for n, roles in blocked.items():
            for role, arcs in roles.items():
                rows.append([f"{n} turret{'s' if n != '1' else ''}", role, ", ".join(arcs) or "none"])
        rows.append(["stern wheel", "all", ", ".join(t.turret_arcs.rows["stern_wheel_blocks"])])
        blocks.append(("Turret arcs blocked", [0.35, 0.25, 0.4], ["Monitor", "Turret", "Blocked"], rows))
    if has["spar"]:
        sp = t.spar_torpedo.rows
        blocks.append((f"Spar torpedo (within {_n(sp['range_in'])} in, {sp['arc_deg']}° of the bow)", [0.2, 0.8], ["D6", "Effect"],
                       [[r["roll"], r["effect"]] for r in sp["effect"]]))
    blocks.append(("Torpedo fields: 2D6 per inch moved", [0.3, 0.4, 0.3], ["Density", "", "Strike on"],
                   [[r["density"], r["name"], f"{r['strike_on']}+"] for r in t.torpedo_density.rows]))
    blocks.append(("Torpedo strike (1D6)", [0.2, 0.8], ["D6", "Effect"], [[r["roll"], r["effect"]] for r in t.torpedo_strike.rows]))

    box = doc.content
    page = doc.new_page(bookmark="Quick reference (Saunders)")
    y0 = _title(page, box, box.y, "Quick reference", "ACW Naval Rules v1.2 (Saunders) · the tables the ships in play use")
    cols = box.columns(2, gap=6)
    ys = [y0] * len(cols)  # how far down each column of this page is filled
    ci = 0
    size = 6.5
    row_h = size * 1.4 / (72 / 25.4)
    for title, fr, head, rows in blocks:
        widths = [cols[0].w * f for f in fr]
        last = "left" if head and head[-1] in ("Effect", "Location", "Guns", "Blocked") else "centre"
        wrap = len(fr) - 1 if last == "left" else None
        n = len(_wrap_rows(page, widths, rows, wrap, size)[0]) if wrap is not None else len(rows)
        need = 6 + row_h * (n + (1 if head else 0)) + 3
        # the current column, else a later one, else an earlier one with room left (a short table at the end
        # goes under a short column rather than onto a page of its own)
        order = list(range(ci, len(cols))) + list(range(ci))
        fits = [k for k in order if ys[k] + need <= box.bottom]
        if fits:
            ci = fits[0]
        else:
            page = doc.new_page()
            ys = [box.y] * len(cols)
            ci = 0
        c = cols[ci]
        y = _heading(page, c.x, ys[ci], title, c.w)
        kw = dict(header=head, size=size, leading=size * 1.4, align=["left"] + ["centre"] * (len(fr) - 2) + [last])
        if wrap is not None:
            y += _wrapped_table(page, c.x, y, widths, rows, col=wrap, **kw) + 3
        else:
            y += page.table(c.x, y, widths, rows, **kw) + 3
        ys[ci] = y
