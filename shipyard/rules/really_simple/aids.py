"""Really Simple ACW Naval Rules: the printed aids.

    sheets(doc, derived, ctx)            ship data cards, several a page, quick reference once a page,
                                         then the orders log
    orders_log(doc, derived, ctx)        a log in the rules' order format, a block of rows per turn
    templates(doc, ctx)                  45° turning gauge and a range stick in joining pieces, true scale
    counters(doc, units, ctx, fold, backs)  speed chits ahead/astern and fire/aground/steering markers
    roster(doc, scenario, units, ctx)    the order of battle per side
    quick_reference(doc, derived, ctx)   one page of only the rules and tables the units in play use

All layout is in millimetres from doc.content, so A4 and Letter share it. Every number printed
comes from the derived stats or from the rule set's tables (house rules included).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

from ...spec.model import Fort
from ..base import accent, damage_done, heading_rule, sheet_heading, side_chart, short_name
from .derive import hit_chance, scale_factor

# ---------------------------------------------------------------------------------------------
# small helpers

GREY = 0.45
LIGHT = 0.9
MM_PER_IN = 25.4


def kn(v: float) -> str:
    """7.5 -> '7½', 0.5 -> '½', 7 -> '7'."""
    whole = int(math.floor(v + 1e-9))
    half = abs(v - whole - 0.5) < 1e-6
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def _is_fort(unit, d) -> bool:
    return isinstance(unit, Fort) or d.get("unit") == "fort"


def gun_groups(d) -> list[dict]:
    """Guns grouped by size and rifling, largest fire factor first: {label, ff, count, names}."""
    groups: dict[tuple, dict] = {}
    for g in d.get("guns") or []:
        key = (g["size"], g["rifled"])
        grp = groups.setdefault(key, {"size": g["size"], "rifled": g["rifled"], "ff": g["fire_factor"], "count": 0, "names": []})
        grp["count"] += g["count"]
        grp["names"].append(f"{g['count']} × {g['name']}")
    order = {"Large": 0, "Medium": 1, "Small": 2}
    return sorted(groups.values(), key=lambda g: (order.get(g["size"], 3), not g["rifled"], -g["ff"]))


def modifiers_line(ctx) -> str:
    rows = ctx.tables["shooting_modifiers"].rows
    plus = ", ".join(r["label"].lower() for r in rows if r["modifier"] > 0)
    minus = ", ".join(r["label"].lower() for r in rows if r["modifier"] < 0)
    return f"+1: {plus}.  −1: {minus}."


def ranges_text(ctx) -> str:
    factor, _ = scale_factor(ctx)
    r = ctx.tables["ranges"].rows
    return (f"Point blank {r['point_blank'] * factor:g} in, effective {r['effective'] * factor:g} in, "
            f"long {r['long'] * factor:g} in")


class _Measure:
    """Stands in for a Page when a card is only being measured: draws nothing."""

    def __init__(self, page):
        self._page = page

    def text_width(self, *a, **k):
        return self._page.text_width(*a, **k)

    def wrap_lines(self, *a, **k):
        return self._page.wrap_lines(*a, **k)

    def box_track(self, x, y, count, box=3.5, gap=0.7, per_row=20, **k):
        rows = max(1, math.ceil(count / per_row))
        return (0.0, rows * box + (rows - 1) * gap)

    def __getattr__(self, name):
        return lambda *a, **k: 0.0


# ---------------------------------------------------------------------------------------------
# ship data cards

CARD_PAD = 2.0
SPEED_BOX = 4.6
SPEED_GAP = 0.5
GUN_BOX = 3.6
GUN_GAP = 0.6
GUN_LABEL_W = 17.0


def _per_row(width: float, box: float, gap: float) -> int:
    """How many boxes of a box_track (groups of five) fit in width mm, a multiple of five."""
    extra = max(0.6, box * 0.3)
    n = 5
    while True:
        m = n + 5
        w = m * box + (m - 1) * gap + ((m - 1) // 5) * extra
        if w > width:
            return n
        n = m


def speed_values(top: float, step: float = 0.5) -> list[float]:
    n = int(round(top / step))
    return [round((n - i) * step, 2) for i in range(n + 1)]


def card(page, x: float, y: float, w: float, unit, d, ctx, draw: bool = True) -> float:
    """One ship data card with its top-left at (x, y); returns its height in mm."""
    P = page if draw else _Measure(page)
    inner = w - 2 * CARD_PAD
    left = x + CARD_PAD
    name, sub = sheet_heading(unit, d, ctx)
    cy = y + CARD_PAD + 3.6
    name_size = P.fit_text(left, cy, name, inner * 0.62, size=10, min_size=6.5, weight="bold") or 10  # 0 when measuring
    name_w = min(P.text_width(name, name_size, "bold"), inner * 0.62)
    # the class line takes whatever the name leaves, so it stays readable (never below 5 pt)
    P.fit_text(x + w - CARD_PAD, cy, sub, inner - name_w - 3, size=6, min_size=5, family="condensed", colour=GREY, align="right")
    heading_rule(P, left, cy + 1.1, inner, unit, ctx, width=0.5)
    cy += 2.2
    # the stat boxes
    fort = _is_fort(unit, d)
    if fort:
        walls = getattr(getattr(unit, "walls", None), "material", None)
        stats = [("ARMOUR", str(d["armour"])), ("WALLS", walls.value if walls is not None else "–"),
                 ("GUNS", str(sum(g["count"] for g in d.get("guns") or []))), ("MOVES", "fixed")]
    else:
        stats = [("ARMOUR", str(d["armour"])), ("AHEAD", f"{kn(d['speed_kn'])} kn"),
                 ("ASTERN", f"{kn(d['astern_kn'])} kn" + (" (=)" if d.get("double_ender") and d["astern_kn"] == d["speed_kn"] else "")),
                 ("DRAFT", f"{d['draft_ft']} ft"), ("RAM BOW", "yes" if d.get("reinforced_bow") else "no (−1)")]
    bw = inner / len(stats)
    for i, (label, value) in enumerate(stats):
        bx = left + i * bw
        P.rect(bx, cy, bw - 1.0, 8.6, width=0.6 if label == "ARMOUR" else 0.25, fill=LIGHT if label == "ARMOUR" else None)
        P.text(bx + 1.0, cy + 2.3, label, size=5, weight="bold", family="condensed", colour=GREY)
        P.fit_text(bx + (bw - 1.0) / 2, cy + 7.2, value, bw - 2.5, size=10 if label == "ARMOUR" else 8.5, min_size=5,
                   weight="bold", align="centre")
    cy += 8.6 + 1.5
    # the speed track
    if not fort:
        P.text(left, cy + 2.2, "SPEED  strike a box for each ½ knot lost · below 0 she sinks in 1d6+2 turns", size=5.5,
               weight="bold", family="condensed")
        cy += 3.2
        values = speed_values(float(d["speed_kn"]), float(ctx.tables["movement"].rows.get("speed_step_kn", 0.5)))
        sink_w = 9.0
        pitch = SPEED_BOX + SPEED_GAP
        per_row = max(5, int((inner + SPEED_GAP) // pitch))
        cells = [(kn(v), SPEED_BOX) for v in values] + [("SINKS", sink_w)]
        lost = damage_done(ctx, unit, ("speed",), len(values))  # half-knot boxes struck on a pre-damaged copy
        bx, row_top = left, cy
        for k, (label, bwid) in enumerate(cells):
            if bx + bwid > left + inner + 1e-6:
                bx = left
                row_top += SPEED_BOX + SPEED_GAP
            sink = label == "SINKS"
            P.rect(bx, row_top, bwid, SPEED_BOX, width=0.25, fill=0.75 if sink else (LIGHT if label.endswith("½") is False and label != "0" else None))
            P.text(bx + bwid / 2, row_top + SPEED_BOX * 0.68, label, size=5 if sink else 5.5, weight="bold" if sink or not label.endswith("½") else "regular",
                   family="condensed", align="centre", colour=0 if sink else 0.25)
            if k < lost:
                i = 0.7
                P.lines([(bx + i, row_top + i, bx + bwid - i, row_top + SPEED_BOX - i),
                         (bx + i, row_top + SPEED_BOX - i, bx + bwid - i, row_top + i)], width=0.35)
            bx += bwid + SPEED_GAP
        cy = row_top + SPEED_BOX + 1.6
    # the guns
    groups = gun_groups(d)
    P.text(left, cy + 2.2, "GUNS  strike a box for each gun lost", size=5.5, weight="bold", family="condensed")
    cy += 3.2
    if not groups:
        P.text(left, cy + 2.4, "no guns: ram only" if not fort else "no guns", size=6.5, family="condensed", colour=GREY)
        cy += 4.0
    track_w = inner - GUN_LABEL_W
    per_row = _per_row(track_w, GUN_BOX, GUN_GAP)
    for g in groups:
        top = cy
        P.text(left, top + 2.6, g["size"].upper(), size=7, weight="bold", family="condensed")
        P.text(left, top + 5.4, f"+{g['ff']}" + (" rifled" if g["rifled"] else ""), size=6, family="condensed")
        lines = P.wrap_lines("; ".join(g["names"]), track_w, size=5.5, family="condensed")
        ty = top + 2.0
        for line in lines:
            P.text(left + GUN_LABEL_W, ty, line, size=5.5, family="condensed", colour=0.3)
            ty += 2.3
        _, th = P.box_track(left + GUN_LABEL_W, ty - 1.3, g["count"], box=GUN_BOX, gap=GUN_GAP, per_row=per_row)
        cy = max(top + 6.4, ty - 1.3 + th) + 1.6
    h = cy - y + CARD_PAD - 1.0
    P.rect(x, y, w, h, width=0.5)
    return h


def quick_band_height(ctx) -> float:
    return 3.0 + 3.3 * (max(len(ctx.tables["hit_effects"].rows), 6) + 1) + 7.5


def quick_band(page, x: float, y: float, w: float, ctx) -> float:
    """The hit-effect and special-effect tables with the shooting line: once per page of cards."""
    size = 6.2
    lead = 9.0
    hit = ctx.tables["hit_effects"].rows
    special = ctx.tables["special_effects"].rows
    half = math.ceil(len(special) / 2)
    gap = 3.0
    w1 = w * 0.27
    w2 = (w - w1 - 2 * gap) / 2
    page.text(x, y + 2.2, "ON A HIT, ROLL 1d6", size=6, weight="bold", family="condensed")
    page.text(x + w1 + gap, y + 2.2, "SPECIAL EFFECTS, ROLL 2d6", size=6, weight="bold", family="condensed")
    top = y + 3.0
    page.table(x, top, [7, w1 - 7], [[r["roll"], r["effect"]] for r in hit], size=size, leading=lead, family="condensed",
               align=["centre", "left"])
    page.table(x + w1 + gap, top, [6, w2 - 6], [[r["roll"], r["effect"]] for r in special[:half]], size=size, leading=lead,
               family="condensed", align=["centre", "left"])
    page.table(x + w1 + gap + w2 + gap, top, [6, w2 - 6], [[r["roll"], r["effect"]] for r in special[half:]], size=size,
               leading=lead, family="condensed", align=["centre", "left"])
    ty = top + (len(hit)) * lead / 72 * 25.4 + 2.8
    page.wrap_text(x, ty, "Shooting: 1d6 + fire factor + modifiers must beat the armour.", w1, size=5.6, family="condensed",
                   weight="bold")
    rows = max(len(hit) + 2, half)
    line_y = top + rows * lead / 72 * 25.4 + 2.8
    page.fit_text(x, line_y, "Modifiers " + modifiers_line(ctx) + "  Ranges: " + ranges_text(ctx) + ".", w, size=5.8,
                  min_size=4.5, family="condensed")
    return line_y + 1.5 - y


def sheets(doc, derived: list[tuple[Any, Any]], ctx) -> None:
    """Ship data cards in two columns, as many as fit a page, the quick-reference band at the foot of
    each page; then the orders log."""
    items = list(derived)
    box = doc.content
    gap = 4.0
    col_w = (box.w - gap) / 2
    band_h = quick_band_height(ctx)
    area_bottom = box.bottom - band_h - 2.0
    page = None
    fill = [0.0, 0.0]

    def start_page(first_name: str):
        nonlocal page, fill
        if page is not None:
            quick_band(page, box.x, area_bottom + 2.0, box.w, ctx)
        page = doc.new_page()
        page.text(box.x, box.y + 4, "Really Simple ACW Naval Rules · ship data cards", size=8, weight="bold", colour=GREY)
        fill = [box.y + 7.0, box.y + 7.0]

    # first fit: cards go in their given order, and a later, smaller card fills a gap an earlier
    # big one left, so a fleet takes as few pages as it can. A card's height depends only on the card,
    # so each is measured once (measuring every remaining card on every page was O(n²) in the fleet).
    remaining = list(items)
    shortest = None
    while remaining:
        start_page(remaining[0][0].name)
        if shortest is None:
            remaining = [(unit, d, card(page, 0, 0, col_w, unit, d, ctx, draw=False)) for unit, d in remaining]
            shortest = min(h for _, _, h in remaining)
        i = 0
        placed = 0
        while i < len(remaining):
            if placed and min(fill) + shortest > area_bottom:
                break  # not even the shortest card fits any more: the page is full
            unit, d, h = remaining[i]
            fits = [c for c in (0, 1) if fill[c] + h <= area_bottom]
            if not fits and placed == 0:
                fits = [0]  # taller than a page: give it the page to itself
            if not fits:
                i += 1
                continue
            col = min(fits, key=lambda c: fill[c])
            doc.bookmark(unit.name, level=0, y=fill[col])
            card(page, box.x + col * (col_w + gap), fill[col], col_w, unit, d, ctx)
            fill[col] += h + 3.0
            remaining.pop(i)
            placed += 1
    if page is not None:
        quick_band(page, box.x, area_bottom + 2.0, box.w, ctx)
    # orders are secret: one log per side (by nation) that has ships
    by_nation: dict[str, list] = {}
    for unit, d in items:
        by_nation.setdefault(getattr(unit, "nation", ""), []).append(d)
    for nation, ds in by_nation.items():
        if any(x.get("unit") != "fort" for x in ds) or len(by_nation) == 1:
            orders_log(doc, ds, ctx, title=f"Orders log · {nation}" if len(by_nation) > 1 and nation else "Orders log")


# ---------------------------------------------------------------------------------------------
# orders log


def orders_log(doc, derived: Iterable, ctx, title: str = "Orders log") -> None:
    """A log in the rules' order format: per turn, each vessel's first half move, turns, second half
    move, turns, and the extra orders (speed change, Ram). As many turns as fit on a page."""
    ships = [d for d in derived if d.get("unit") != "fort"]
    box = doc.content
    page = doc.new_page(bookmark=title)
    page.text(box.x, box.y + 5, title, size=13, weight="bold")
    change = ctx.tables["movement"].rows.get("speed_change_kn", 2)
    turn = ctx.tables["movement"].rows.get("turn_deg", 45)
    page.wrap_text(box.x, box.y + 10,
                   f"Write each order as: inches ahead (at most half the speed), any turns of {turn}°, the rest of the move, "
                   f"any turns; then extras such as a speed change (at most {change} knots a turn) or RAM. "
                   "Example: 4 in ahead · right 45° · 4 in ahead · left 45° · +2 kn. "
                   "An order the opponent cannot read is read against you.", box.w, size=7, family="condensed")
    y = box.y + 20
    names = [d.unit_name for d in ships] or [""] * 8
    widths_f = [0.05, 0.22, 0.1, 0.1, 0.1, 0.1, 0.1, 0.23]
    widths = [box.w * f for f in widths_f]
    header = ["Turn", "Ship (top kn ahead / astern)", "1st ½ move in", "Turns", "2nd ½ move in", "Turns", "Speed now kn",
              "Extras: ± speed, RAM, fire at"]
    size, lead = 6.8, 12.0
    row_h = lead / 72 * 25.4
    block_h = (len(names) + 1) * row_h + 3.0
    turn_no = 1
    while True:
        if y + block_h > box.bottom:
            if turn_no > 1:
                break
        rows = []
        for i, d in enumerate(ships or [None] * len(names)):
            label = f"{d.unit_name} ({kn(d['speed_kn'])} / {kn(d['astern_kn'])})" if d is not None else ""
            rows.append([f"{turn_no}" if i == 0 else "", label, "", "", "", "", "", ""])
        h = page.table(box.x, y, widths, rows, header=header, size=size, leading=lead, family="condensed",
                       align=["centre", "left"] + ["centre"] * 6)
        xs = [box.x]
        for wcol in widths:
            xs.append(xs[-1] + wcol)
        page.lines([(xx, y, xx, y + h) for xx in xs], width=0.15)
        y += h + 3.0
        turn_no += 1
        if y + block_h > box.bottom:
            break


# ---------------------------------------------------------------------------------------------
# templates


GAUGE_R = 70.0  # mm


def templates(doc, ctx) -> None:
    """A 45° turning gauge and the range stick (3, 18, 36 in × scale) in labelled joining pieces."""
    with doc.true_scale_pages():
        _gauge_page(doc, ctx)
        _range_stick_pages(doc, ctx)


def _gauge_page(doc, ctx) -> None:
    box = doc.content
    page = doc.new_page(bookmark="Turning gauge")
    turn = float(ctx.tables["movement"].rows.get("turn_deg", 45))
    page.text(box.x, box.y + 5, f"Turning gauge: {turn:g}° a turn", size=12, weight="bold")
    page.wrap_text(box.x, box.y + 10, "Cut along the solid outline. Put the point at the pivot of the model's bow "
                   "(or centre), the middle line along her present heading, and swing her onto the left or right edge.",
                   box.w, size=7.5, family="condensed")
    r = GAUGE_R
    cx = box.centre_x
    cy = box.y + 22 + r
    # the gauge: the heading line straight up, the two turn edges at ±turn from it
    up = 90.0
    edges = [up - turn, up + turn]
    page.wedge(cx, cy, r, up - turn, 2 * turn, fill=0.94, width=0.0, stroke=False)
    for a in edges:
        ex = cx + r * math.cos(math.radians(a))
        ey = cy - r * math.sin(math.radians(a))
        page.line(cx, cy, ex, ey, width=0.4)
    page.arc(cx, cy, r, up - turn, 2 * turn, width=0.4)
    page.line(cx, cy, cx, cy - r, width=0.25, dash=(2, 1))
    for a, label in ((up + turn / 2, f"LEFT {turn:g}°"), (up - turn / 2, f"RIGHT {turn:g}°")):
        tx = cx + r * 0.62 * math.cos(math.radians(a))
        ty = cy - r * 0.62 * math.sin(math.radians(a))
        page.text(tx, ty, label, size=7, weight="bold", align="centre", family="condensed")
    page.text(cx, cy - r - 1.5, "present heading", size=6, align="centre", family="condensed", colour=GREY)
    # inch ticks along both edges so the gauge doubles as a short ruler
    factor, _ = scale_factor(ctx)
    ticks = []
    step_mm = MM_PER_IN
    n = int(r // step_mm)
    for a in edges:
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        na, nb = -sa, -ca  # a normal to the edge, on paper
        for i in range(1, n + 1):
            px, py = cx + i * step_mm * ca, cy - i * step_mm * sa
            sign = 1 if a < up else -1
            ticks.append((px, py, px + sign * 2.0 * sa, py + sign * 2.0 * ca))
    page.lines(ticks, width=0.25)
    page.text(cx, cy + 4, f"ticks every inch ({1 / factor:g} knot of move at {ctx.scale})", size=6, align="centre",
              family="condensed", colour=GREY)
    # marker: the pivot point
    page.circle(cx, cy, 0.8, fill=0, width=0.1)
    # a check square
    page.rect(box.x, cy + 10, 25.4, 25.4, width=0.3)
    page.text(box.x + 12.7, cy + 10 + 14, "1 in", size=7, align="centre", family="condensed")
    page.text(box.x + 28, cy + 14, "this square must measure 1 inch (25.4 mm) a side", size=6.5, family="condensed")
    page.text(box.x + 28, cy + 18, f"scale {ctx.scale}: 1 knot of speed = {factor:g} in of movement", size=6.5,
              family="condensed")
    if not doc.true_scale:
        page.calibration_bar(box.x, box.bottom - 7)


@dataclass
class StickPiece:
    index: int
    start_in: float
    end_in: float


def stick_pieces(total_in: float, max_len_mm: float) -> list[StickPiece]:
    """Cut a stick of total_in inches into equal whole-inch pieces no longer than max_len_mm."""
    longest = max(1, int(max_len_mm // MM_PER_IN))
    per = next((k for k in range(longest, 0, -1) if total_in % k == 0 and k >= longest * 0.7), None)
    if per is None:  # no even split near the longest piece: equal-ish pieces, the last one shorter
        per = math.ceil(total_in / math.ceil(total_in / longest))
    out = []
    start = 0.0
    i = 0
    while start < total_in - 1e-9:
        end = min(total_in, start + per)
        out.append(StickPiece(i, start, end))
        start = end
        i += 1
    return out


STICK_H = 14.0
JOIN_TAB = 6.0  # glue tab beyond the end of each piece but the last


def _range_stick_pages(doc, ctx) -> None:
    box = doc.content
    factor, _ = scale_factor(ctx)
    r = ctx.tables["ranges"].rows
    bands = [("POINT BLANK", 0.0, r["point_blank"] * factor, 0.7),
             ("EFFECTIVE", r["point_blank"] * factor, r["effective"] * factor, 0.88),
             ("LONG", r["effective"] * factor, r["long"] * factor, 0.97)]
    total = r["long"] * factor
    pieces = stick_pieces(total, box.w - JOIN_TAB - 2)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    page = None
    y = 0.0
    pitch = STICK_H + 9.0
    for p in pieces:
        if page is None or y + pitch > box.bottom:
            page = doc.new_page(bookmark="Range stick" if page is None else None)
            page.text(box.x, box.y + 5, f"Range stick ({ctx.scale}): {len(pieces)} pieces, joined end to end", size=12, weight="bold")
            page.wrap_text(box.x, box.y + 10, "Cut out each piece, glue the grey tab under the next piece so the joining "
                           "letters meet, and mount on card. Inches from the firing ship; bands as the rules' ranges.",
                           box.w, size=7.5, family="condensed")
            y = box.y + 18
        x0 = box.x
        length = (p.end_in - p.start_in) * MM_PER_IN
        top = y + 3.5
        # bands
        for label, a, b, shade in bands:
            lo, hi = max(a, p.start_in), min(b, p.end_in)
            if hi <= lo:
                continue
            page.rect(x0 + (lo - p.start_in) * MM_PER_IN, top, (hi - lo) * MM_PER_IN, STICK_H, stroke=False, fill=shade)
            mid = x0 + ((lo + hi) / 2 - p.start_in) * MM_PER_IN
            if (hi - lo) * MM_PER_IN > 18:
                page.text(mid, top + STICK_H - 2.0, label, size=6.5, weight="bold", align="centre", family="condensed")
        page.rect(x0, top, length, STICK_H, width=0.35)
        # ticks: every inch, longer every 3
        ticks = []
        for i in range(int(round(p.start_in)), int(round(p.end_in)) + 1):
            xx = x0 + (i - p.start_in) * MM_PER_IN
            t = 5.0 if i % 3 == 0 else 3.0
            ticks.append((xx, top, xx, top + t))
            align = "left" if i == p.start_in else ("right" if i == p.end_in else "centre")
            nudge = 0.8 if align == "left" else (-0.8 if align == "right" else 0.0)
            if i > 0:
                page.text(xx + nudge, top + 8.2, f"{i}", size=7 if i % 3 == 0 else 5.5,
                          weight="bold" if i % 3 == 0 else "regular", family="condensed", align=align)
        # half-inch ticks
        for i in range(int(round(p.start_in * 2)), int(round(p.end_in * 2)) + 1):
            if i % 2:
                xx = x0 + (i / 2 - p.start_in) * MM_PER_IN
                ticks.append((xx, top, xx, top + 1.8))
        # band boundaries
        for _, a, b, _s in bands:
            for edge in (a, b):
                if p.start_in < edge < p.end_in:
                    xx = x0 + (edge - p.start_in) * MM_PER_IN
                    ticks.append((xx, top, xx, top + STICK_H))
        page.lines(ticks, width=0.25)
        # joins
        page.text(x0, y + 2.2, f"piece {p.index + 1} of {len(pieces)}: {p.start_in:g}–{p.end_in:g} in", size=6.5,
                  family="condensed", colour=GREY)
        if p.index > 0:
            page.text(x0 + 1.0, top + STICK_H - 1.6, f"◀{letters[p.index - 1]}", size=6.5, weight="bold", family="condensed")
        if p.index < len(pieces) - 1:
            page.text(x0 + length - 1.0, top + STICK_H - 1.6, f"{letters[p.index]}▶", size=6.5, weight="bold",
                      family="condensed", align="right")
            page.rect(x0 + length, top, JOIN_TAB, STICK_H, width=0.2, fill=0.8, dash=(1, 1))
            page.text(x0 + length + JOIN_TAB / 2, top + STICK_H / 2 + 1, "glue", size=5.5, align="centre", family="condensed")
        y += pitch
    if not doc.true_scale:
        page.calibration_bar(box.x, box.bottom - 7)


# ---------------------------------------------------------------------------------------------
# counters

CHIT = 16.0
NOTE_PT = 5.0  # the smallest print on a chit: the marker's rule reminder


def speed_chits(units) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
    """(value, copies) for ahead and astern chits. Whole knots up to the fastest vessel's speed; half
    knots up to the speed of the vessels whose top or astern speed is a half-knot figure. With no
    units, a generic set up to 12 knots ahead, 6 astern, whole knots only."""
    ships = [d for _, _, d in units if d.get("unit") != "fort"]
    if not ships:
        return ([(float(v), 2) for v in range(0, 13)], [(float(v), 1) for v in range(1, 7)])

    def table(key: str, cap: int) -> list[tuple[float, int]]:
        top = max(float(d[key]) for d in ships)
        halves_to = max([float(d[key]) for d in ships if float(d[key]) % 1 or float(d.get("speed_kn")) % 1] or [0.0])
        values = [v / 2 for v in range(0, int(round(top * 2)) + 1)]
        out = []
        for v in values:
            if v % 1 and v > halves_to:
                continue
            if key == "astern_kn" and v == 0:
                continue
            copies = sum(1 for d in ships if float(d[key]) >= v)
            out.append((v, max(1, min(cap, copies))))
        return out

    return table("speed_kn", 4), table("astern_kn", 2)


MARKERS = [("FIRE!", "1d6 each turn to put out · crew leave after 4 turns", 0.75),
           ("AGROUND", "6 on 1d6 to get off · then straight astern", 0.85),
           ("STEERING JAMMED", "hold course 1d6 turns", 0.85),
           ("SINKING", "sinks in 1d6+2 turns · guns still fire", 0.7),
           ("DRIFTING", "1 in a turn with the tide", 0.9)]


def counters(doc, units: list, ctx, fold: bool = False, backs: bool = False) -> None:
    """Speed chits (ahead white, astern grey) and markers, on a grid with cut marks. fold puts each chit's
    back beside it (fold on the dashed line); backs adds a mirrored duplex back page after each front page."""
    ahead, astern = speed_chits(units)
    n_ships = sum(1 for _, _, d in units if d.get("unit") != "fort") or 6
    chits: list[tuple[str, str, Any]] = []
    for v, c in ahead:
        chits += [(kn(v), "KNOTS AHEAD", None)] * c
    for v, c in astern:
        chits += [(kn(v), "KNOTS ASTERN", 0.8)] * c
    copies = max(3, math.ceil(n_ships / 4))
    for title, note, shade in MARKERS:
        chits += [(title, note, ("marker", shade))] * copies
    cell_w = CHIT * (2 if fold else 1)
    for page, x, y, face, back in doc.duplex_cells(chits, cell_w, CHIT, backs=backs and not fold, bookmark="Counters"):
        _chit(page, x, y, face, back=back)
        if fold:
            page.line(x + CHIT, y, x + CHIT, y + CHIT, width=0.2, dash=(1, 1))
            _chit(page, x + CHIT, y, face, back=True)


def _chit(page, x, y, face, back: bool = False) -> None:
    big, small, style = face
    if isinstance(style, tuple):  # a marker
        shade = style[1]
        page.rect(x + 0.4, y + 0.4, CHIT - 0.8, CHIT - 0.8, stroke=False, fill=shade if not back else 0.97)
        title = big if not back else big.rstrip("!")
        size = 8 if len(title) <= 6 else 5.6
        words = title.split()
        ty = y + 6.0 if len(words) == 1 else y + 4.8
        for wd in words:
            page.fit_text(x + CHIT / 2, ty, wd, CHIT - 1.6, size=size, min_size=4.5, weight="bold", align="centre", family="condensed")
            ty += 2.9
        step = NOTE_PT * 1.12 / 2.8346
        ly = ty - 2.9 + 2.8  # the note starts under the title
        lines = page.wrap_lines(small, CHIT - 1.4, size=NOTE_PT, family="condensed")
        room = int((y + CHIT - 1.2 - ly) // step) + 1
        for line in lines[:room]:
            page.text(x + CHIT / 2, ly, line, size=NOTE_PT, align="centre", family="condensed")
            ly += step
        return
    if style is not None:
        page.rect(x + 0.4, y + 0.4, CHIT - 0.8, CHIT - 0.8, stroke=False, fill=style)
    # one size for every figure (10½ as big as 9), shrunk only if a figure would not fit the chit
    page.fit_text(x + CHIT / 2, y + 9.0, big, CHIT - 1.6, size=15, min_size=11, weight="bold", align="centre")
    page.text(x + CHIT / 2, y + 13.6, small, size=5, align="centre", family="condensed", weight="bold")
    if back:
        page.text(x + CHIT / 2, y + 3.0, "(back)", size=5, align="centre", family="condensed", colour=GREY)


# ---------------------------------------------------------------------------------------------
# roster


def guns_summary(d) -> str:
    parts = []
    for g in gun_groups(d):
        parts.append(f"{g['count']} {g['size'][0]}{'R' if g['rifled'] else ''}")
    return " · ".join(parts) or "–"


def roster(doc, scenario, units: list, ctx) -> None:
    box = doc.content
    page = doc.new_page(bookmark=f"Roster: {scenario.name}")
    page.fit_text(box.x, box.y + 5, f"{scenario.name} ({scenario.date}) · Really Simple ACW Naval Rules", box.w, size=12, weight="bold")
    page.text(box.x, box.y + 9.5, "Guns: L/M/S = Large +3, Medium +2, Small +1; R = rifled (+1).  Astern '=' marks a "
              "double-ended sidewheeler.", size=6.5, family="condensed", colour=GREY)
    y = box.y + 13
    widths_f = [0.27, 0.08, 0.09, 0.09, 0.08, 0.07, 0.32]
    widths = [box.w * f for f in widths_f]
    header = ["Ship or fort", "Armour", "Ahead kn", "Astern kn", "Draft ft", "Ram bow", "Guns"]
    size, lead = 7.5, 11.5
    row_h = lead / 72 * 25.4
    sides: dict[str, list] = {}
    for side, unit, d in units:
        sides.setdefault(side or "", []).append((unit, d))
    side_of = {s.name: s for s in scenario.sides}
    for side, members in sides.items():
        rows = []
        for unit, d in members:
            fort = _is_fort(unit, d)
            rows.append([unit.name, d["armour"], "fort" if fort else kn(d["speed_kn"]),
                         "–" if fort else kn(d["astern_kn"]) + (" =" if d.get("double_ender") and d["astern_kn"] == d["speed_kn"] else ""),
                         "–" if d.get("draft_ft") is None else d["draft_ft"],
                         "yes" if d.get("reinforced_bow") else "–", guns_summary(d)])
        needed = (len(rows) + 1) * row_h + 8
        if y + min(needed, 4 * row_h + 8) > box.bottom:
            page = doc.new_page()
            y = box.y
        page.fit_text(box.x, y + 4, side, box.w, size=10, weight="bold", colour=accent(side_of.get(side), ctx))
        y += 6
        while rows:
            fit = max(1, int((box.bottom - y) / row_h) - 1)
            chunk, rows = rows[:fit], rows[fit:]
            y += page.table(box.x, y, widths, chunk, header=header, size=size, leading=lead, bold_first_col=True) + 5
            if rows:
                page = doc.new_page()
                y = box.y
    points = [(float(d["speed_kn"]), int(d["armour"]), short_name(unit.name), side)
              for side, unit, d in units if not _is_fort(unit, d)]
    forts = any(_is_fort(unit, d) for _, unit, d in units)
    side_chart(doc, page, y + 2, scenario, points, ctx, title="Speed against armour",
               x_label="top speed ahead (knots)", y_label="armour (shooting must beat it)",
               note="Forts do not move and are not shown." if forts else "")


# ---------------------------------------------------------------------------------------------
# quick reference


def quick_reference(doc, derived: list, ctx) -> None:
    """One page of only what the units in play use: their gun classes' hit chances against their
    armour numbers, the modifiers, the hit and special-effect tables, movement, grounding, ramming."""
    box = doc.content
    page = doc.new_page(bookmark="Quick reference")
    t = ctx.tables
    page.text(box.x, box.y + 5, "Really Simple ACW Naval Rules · quick reference", size=12, weight="bold")
    y = box.y + 10
    col_gap = 5.0
    cw = (box.w - col_gap) / 2
    lx, rx = box.x, box.x + cw + col_gap

    def title(x, yy, s):
        page.fit_text(x, yy + 3, s, cw, size=8, min_size=6, weight="bold")
        return yy + 4.5

    # left column: shooting
    ly = title(lx, y, "Shooting: 1d6 + fire factor + modifiers must beat the armour")
    classes = sorted({(g["size"], g["rifled"], g["fire_factor"]) for d in derived for g in d.get("guns") or []},
                     key=lambda c: (-c[2], c[0]))
    armours = sorted({int(d["armour"]) for d in derived})
    if classes and armours:
        rows = [[f"{s}{' rifle' if r else ''} +{ff}"] + [_need(ff, a) for a in armours] for s, r, ff in classes]
        widths = [28] + [(cw - 28) / len(armours)] * len(armours)
        ly += page.table(lx, ly, widths, rows, header=["gun \\ armour"] + [str(a) for a in armours], size=6.8,
                         family="condensed") + 1
        page.text(lx, ly + 2.5, "cells: the d6 roll needed at effective range before other modifiers", size=5.5,
                  family="condensed", colour=GREY)
        ly += 4.5
    mods = [[r["label"], f"{r['modifier']:+d}"] for r in t["shooting_modifiers"].rows]
    ly += page.table(lx, ly, [cw - 14, 14], mods, header=["Modifier", ""], size=6.8, family="condensed") + 2
    page.text(lx, ly + 2.5, "Ranges: " + ranges_text(ctx) + ". Gun sizes: " + "; ".join(
        f"{r['size']} +{r['fire_factor']}" for r in t["gun_sizes"].rows) + ".", size=6, family="condensed")
    ly += 6
    ly = title(lx, ly, "On a hit, roll 1d6")
    ly += page.table(lx, ly, [10, cw - 10], [[r["roll"], r["effect"]] for r in t["hit_effects"].rows], size=6.8,
                     family="condensed", align=["centre", "left"]) + 2
    # right column
    ry = title(rx, y, "Special effects, roll 2d6")
    ry += page.table(rx, ry, [8, cw - 8], [[r["roll"], r["effect"]] for r in t["special_effects"].rows], size=6.5,
                     family="condensed", align=["centre", "left"]) + 3
    ships = [d for d in derived if d.get("unit") != "fort"]
    m = t["movement"].rows
    if ships:
        ry = title(rx, ry, "Movement")
        text = (f"1 knot = {scale_factor(ctx)[0] * m.get('inches_per_knot', 1):g} in a turn at {ctx.scale}. Orders: half move, "
                f"turns of {m.get('turn_deg', 45)}°, half move, turns. Speed changes by {m.get('speed_change_kn', 2)} knots a turn at most. "
                f"Astern: half speed")
        if any(d.get("double_ender") and d["astern_kn"] == d["speed_kn"] for d in ships):
            text += ", but double-ended sidewheelers go as fast astern"
        text += ". Speed 0: drift 1 in a turn with the tide; 1 on 1d6 swings 45° clockwise, 6 anticlockwise. Below 0: sinks in 1d6+2 turns."
        ry = page.wrap_text(rx, ry + 2.5, text, cw, size=6.5, family="condensed") + 1
        g = t["grounding"].rows
        drafts = sorted({d["draft_ft"] for d in ships if d.get("draft_ft") is not None})
        ry = title(rx, ry, "Shoals")
        gtext = (f"Entering a shoal: {g['shallow_shoal_dice']}d6 (shallow) or {g['deep_shoal_dice']}d6 (deep shoal) must score "
                 f"more than the draft (drafts in play: {', '.join(map(str, drafts))} ft). Aground: {g['free_on']} on 1d6 frees her; "
                 "then straight astern off the shoal.")
        ry = page.wrap_text(rx, ry + 2.5, gtext, cw, size=6.5, family="condensed") + 1
        ry = title(rx, ry, "Ramming: bow into the target's side")
        rows = [[r["label"], f"{r['modifier']:+d}"] for r in t["ramming"].rows["modifiers"]]
        ry += page.table(rx, ry, [cw - 14, 14], rows, size=6.5, family="condensed") + 1
        rows = [[r["roll"], r["effect"]] for r in t["ramming"].rows["results"]]
        ry += page.table(rx, ry, [10, cw - 10], rows, size=6.5, family="condensed", align=["centre", "left"]) + 1
        page.wrap_text(rx, ry + 2.5, "End-on contact only grinds past: both lose 1 knot and neither fires. Contact without "
                       "a RAM order: the striker avoids it on 4+ (1d6), shooting −1; otherwise treat it as a ram.", cw,
                       size=6.2, family="condensed")


def _need(ff: int, armour: int) -> str:
    """The lowest d6 that hits, as '4+', or '–' if none does, '1+' if any does."""
    need = armour - ff + 1
    if need > 6:
        return "–"
    return f"{max(1, need)}+"
