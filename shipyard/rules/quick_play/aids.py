"""Quick Play printed aids: record cards, numbered turn counters and speed markers, the roster, a quick reference.

Everything is laid out from doc.content (millimetres from the top-left), so A4 and Letter share one layout.
The play tables printed here come from tables.yaml (provenance source), in our own words.
"""

from __future__ import annotations

from typing import Any

from ...spec.errors import ShipyardError
from ..base import accent, damage_done, heading_rule, sheet_heading, side_chart, short_name

CARD_H = 33.5
CARD_GAP = 3.0
COUNTER = 20.0
MARKER_W, MARKER_H = 26.0, 13.0
FACTOR_NAMES = (("heavy", "Heavy"), ("medium", "Medium"), ("parrot", "Parrott"))


# ---------------------------------------------------------------------------------------------
# small helpers


def _speeds(d) -> str:
    s = d.get("speeds_in") or {}
    if d["type"] == "Fort":
        return "does not move"
    parts = []
    for key, word in (("slow", "Slow"), ("cruise", "Cruise"), ("full", "Full")):
        v = s.get(key)
        parts.append(f"{word} {v}\"" if v is not None else f"{word} –")
    return " · ".join(parts)


def _factors(d) -> str:
    c = d["cannonade"]
    parts = [f"{c[k]} {name}" for k, name in FACTOR_NAMES if c.get(k)]
    return ", ".join(parts) if parts else "no cannonade"


def _factor_triple(d) -> str:
    c = d["cannonade"]
    return f"{c['heavy']}/{c['medium']}/{c['parrot']}"


def _type_word(d) -> str:
    return d["type"] + (" · Ram" if d.get("ram") else "")


def _rows(ctx, name: str):
    return ctx.tables[name].rows


# ---------------------------------------------------------------------------------------------
# the quick reference (shared by the card pages and quick_reference)


def _reference(page, x: float, y: float, w: float, ctx, types: set[str] | None = None,
               factors: set[str] | None = None, rams: bool = True, forts: bool = True, size: float = 6.5) -> float:
    """Draw the play tables side by side from (x, y); returns the height used. Only the rows the units use
    when types/factors are given."""
    t = ctx.tables
    gap = 4.0
    left_w = w * 0.48
    right_w = w - left_w - gap
    # left column: cannonade dice and ranges
    dice_rows = []
    for r in _rows(ctx, "cannonade_dice"):
        if factors is not None and r["factor"] not in factors:
            continue
        dice_rows.append([r["factor"].capitalize(), r["dice"], r["fires"]])
    page.text(x, y + 3, "Cannonade", size=size + 1.5, weight="bold")
    h = 4.5
    if dice_rows:
        h += page.table(x, y + h, [left_w * 0.18, left_w * 0.52, left_w * 0.30], dice_rows,
                        header=["Factor", "Throws", "Fires"], size=size)
    range_rows = [[r["range"], r["heavy_medium"], r["parrot"]] for r in _rows(ctx, "cannonade_ranges")]
    h += 1.5
    h += page.table(x, y + h, [left_w * 0.40, left_w * 0.33, left_w * 0.27], range_rows,
                    header=["Range", "Heavy, Medium", "Parrott"], size=size)
    h += 1.0
    notes = "Heavy and Medium test the target's EDNA; Parrotts go to the events chart on any double. " \
            "Guns are lost smallest first: Parrotts, then Mediums, then Heavies."
    end = page.wrap_text(x, y + h + 2.5, notes, left_w, size=size - 0.5)
    left_h = end - y
    # right column: catastrophic events and the bound
    rx = x + left_w + gap
    page.text(rx, y + 3, "Catastrophic events (any double)", size=size + 1.5, weight="bold")
    ev = [[r["double"], r["ship"], r["fort"]] for r in _rows(ctx, "catastrophic_events")]
    rh = 4.5 + page.table(rx, y + 4.5, [right_w * 0.08, right_w * 0.74, right_w * 0.18], ev,
                          header=["Dbl", "Ship", "Fort"], size=size - 0.5, align=["left", "left", "left"])
    bound = " → ".join(_rows(ctx, "turn_sequence"))
    lines = [f"Bound: {bound}."]
    rev = _rows(ctx, "reverse_speed")
    lines.append(f"Speed changes one step per bound; astern at {rev['speed'].capitalize()} only.")
    if rams:
        lines.append("Ramming: 2D6 (a Ram 3D6) +1 − (EDNA + speed of rammer − the same of target) against the target's EDNA.")
    lines.append("Torpedoes: 3D6 against current EDNA for each half move that starts, turns or ends in the field.")
    if forts:
        lines.append("Forts fire their second cannonade before ships finish moving.")
    end = page.wrap_text(rx, y + rh + 2.5, " ".join(lines), right_w, size=size - 0.5)
    right_h = end - y
    return max(left_h, right_h)


# ---------------------------------------------------------------------------------------------
# record cards


def _card(page, x: float, y: float, w: float, h: float, unit, d, ctx=None) -> None:
    page.rect(x, y, w, h, width=0.4)
    pad = 2.5
    name_w = w - 2 * pad - 26
    name, detail = sheet_heading(unit, d, ctx)
    page.fit_text(x + pad, y + 5.5, name, name_w, size=10.5, weight="bold")
    page.fit_text(x + w - pad, y + 5.5, _type_word(d), 26, size=7.5, weight="bold", align="right")
    page.fit_text(x + pad, y + 9.5, detail, w - 2 * pad, size=6, colour=0.35)
    heading_rule(page, x + pad, y + 10.7, w - 2 * pad, unit, ctx, width=0.5)
    # speeds and turn
    yy = y + 14.5
    page.text(x + pad, yy, "Speed", size=6.5, weight="bold", family="condensed")
    page.fit_text(x + pad + 10, yy, _speeds(d), w * 0.55, size=7.5)
    if d["type"] != "Fort":
        turn = f"Turn {d['turn_deg']}°" + (" · turns when stopped" if d.get("turns_when_stationary") else "")
        page.fit_text(x + w - pad, yy, turn, w * 0.38, size=7, align="right")
    # cannonade factors as three boxes
    yy = y + 17.5
    page.text(x + pad, yy + 4.2, "Guns", size=6.5, weight="bold", family="condensed")
    fx = x + pad + 10
    for key, word in FACTOR_NAMES:
        bw = 19.0
        page.rect(fx, yy, bw, 6.0, width=0.25, fill=0.93)
        page.text(fx + 1.2, yy + 4.2, word, size=6.5, family="condensed")
        page.text(fx + bw - 1.2, yy + 4.4, str(d["cannonade"][key]), size=9, weight="bold", align="right")
        fx += bw + 1.5
    page.fit_text(fx + 1, yy + 4.2, f"{d.get('guns', 0)} pieces", x + w - pad - fx - 1, size=6, colour=0.35)
    # EDNA track
    edna = int(d["edna"])
    yy = y + 24.5
    page.text(x + pad, yy + 3.3, f"EDNA {edna}", size=8, weight="bold")
    bx = x + pad + 17
    per_row = max(5, int((x + w - pad - bx) // 4.3))
    per_row = min(per_row, 25)
    page.box_track(bx, yy, edna, box=3.4, gap=0.6, per_row=per_row, prefilled=damage_done(ctx, unit, ("edna",), edna))


def sheets(doc, derived: list[tuple[Any, Any]], ctx) -> None:
    """Compact record cards, two columns, with the cannonade and events reference once at the top of each page."""
    if not derived:
        raise ShipyardError("quick-play sheets: no vessels or forts given")
    box = doc.content
    card_w = (box.w - CARD_GAP) / 2
    i = 0
    page_no = 0
    while i < len(derived):
        page_no += 1
        first_name = derived[i][1].unit_name
        page = doc.new_page(bookmark=f"Cards from {first_name}")
        page.text(box.x, box.y + 4.5, "Quick Play ACW Naval Rules — record cards", size=11, weight="bold")
        ref_h = _reference(page, box.x, box.y + 7, box.w, ctx)
        top = box.y + 7 + ref_h + 4
        page.line(box.x, top - 2, box.x + box.w, top - 2, width=0.3)
        rows = max(1, int((box.y + box.h - top + CARD_GAP) // (CARD_H + CARD_GAP)))
        for r in range(rows):
            for c in range(2):
                if i >= len(derived):
                    break
                unit, d = derived[i]
                _card(page, box.x + c * (card_w + CARD_GAP), top + r * (CARD_H + CARD_GAP), card_w, CARD_H, unit, d, ctx)
                doc.bookmark(d.unit_name, level=1, y=top + r * (CARD_H + CARD_GAP))
                i += 1


# ---------------------------------------------------------------------------------------------
# counters


def _counter_front(page, x, y, n: int, side: str | None, name: str | None) -> None:
    page.rect(x + 0.6, y + 0.6, COUNTER - 1.2, COUNTER - 1.2, width=0.35)
    page.text(x + COUNTER / 2, y + 13.2, str(n), size=20, weight="bold", align="centre")
    page.fit_text(x + COUNTER / 2, y + 17.6, "TURN", COUNTER - 3, size=5, align="centre", family="condensed")


def _counter_back(page, x, y, label: str) -> None:
    page.rect(x + 0.6, y + 0.6, COUNTER - 1.2, COUNTER - 1.2, width=0.35, fill=0.85)
    page.fit_text(x + COUNTER / 2, y + 11.5, label, COUNTER - 3, size=7, weight="bold", align="centre")


def _marker_front(page, x, y, speed: str, inches, name: str) -> None:
    page.rect(x + 0.5, y + 0.5, MARKER_W - 1, MARKER_H - 1, width=0.3)
    word = speed + (f" {inches}\"" if inches is not None else "")
    page.fit_text(x + MARKER_W / 2, y + 6.5, word, MARKER_W - 3, size=9, weight="bold", align="centre")
    page.fit_text(x + MARKER_W / 2, y + 10.8, name, MARKER_W - 3, size=5.5, align="centre", family="condensed")


def _marker_back(page, x, y, name: str, word: str = "Stopped") -> None:
    page.rect(x + 0.5, y + 0.5, MARKER_W - 1, MARKER_H - 1, width=0.3, fill=0.85)
    page.fit_text(x + MARKER_W / 2, y + 6.5, word, MARKER_W - 3, size=8, weight="bold", align="centre")
    page.fit_text(x + MARKER_W / 2, y + 10.8, name, MARKER_W - 3, size=5.5, align="centre", family="condensed")


def _flow(doc, items, w, h, draw_front, draw_back, backs: bool, fold: bool, title: str, go_on: bool = False) -> None:
    """Lay items out on cells; with backs a mirrored page follows each front page; with fold each cell is
    doubled (front above a fold line, back below, upside down so it reads the right way once folded).
    go_on: start below what the current page already holds (never with backs: a back must match its front)."""
    if not items:
        return
    if fold:
        for k, (page, x, y) in enumerate(doc.cells(len(items), w, 2 * h, bookmark=title, new_page=not go_on)):
            draw_front(page, x, y, items[k])
            page.line(x, y + h, x + w, y + h, width=0.2, dash=(1, 1))
            draw_back(page, x, y + h, items[k], True)
        return
    if not backs:
        for k, (page, x, y) in enumerate(doc.cells(len(items), w, h, bookmark=title, new_page=not go_on)):
            draw_front(page, x, y, items[k])
        return
    for page, x, y, item, back in doc.duplex_cells(items, w, h, bookmark=title):
        if back:
            draw_back(page, x, y, item, False)
        else:
            draw_front(page, x, y, item)


def counters(doc, units: list[tuple[str, Any, Any]], ctx, fold: bool = False, backs: bool = False) -> None:
    """Numbered turn counters 1…N (one per ship or fort in play) and Slow/Cruise/Full/Reverse markers per ship."""
    n = len(units) if units else 24
    numbers = list(range(1, n + 1))

    def num_front(page, x, y, k):
        _counter_front(page, x, y, k, None, None)

    def num_back(page, x, y, k, flipped):
        _counter_back(page, x, y, "QP turn")

    _flow(doc, numbers, COUNTER, COUNTER, num_front, num_back, backs, fold, "Turn counters")

    ships = [(u, d) for _, u, d in units if d["type"] != "Fort"] if units else [(None, None)] * 6
    markers = [("Fort", None, f"{d.unit_name} · EDNA {d['edna']}") for _, u, d in units if d["type"] == "Fort"]
    for unit, d in ships:
        name = f"{d.unit_name} · EDNA {d['edna']}" if d is not None else ""
        sp = (d.get("speeds_in") or {}) if d is not None else {}
        for key, word in (("slow", "Slow"), ("cruise", "Cruise"), ("full", "Full")):
            if d is not None and sp.get(key) is None:
                continue
            markers.append((word, sp.get(key), name))
        markers.append(("Reverse", sp.get("slow"), name))

    def m_front(page, x, y, m):
        _marker_front(page, x, y, m[0], m[1], m[2])

    def m_back(page, x, y, m, flipped):
        _marker_back(page, x, y, m[2], "Fort" if m[0] == "Fort" else "Stopped")  # a fort never moves: no "Stopped" side

    _flow(doc, markers, MARKER_W, MARKER_H, m_front, m_back, backs, fold, "Speed markers", go_on=not backs)


# ---------------------------------------------------------------------------------------------
# roster


def roster(doc, scenario, units: list[tuple[str, Any, Any]], ctx) -> None:
    """The order of battle per side: divisions, lashed pairs, type, EDNA, factors, speeds; a summary per side."""
    if not units:
        raise ShipyardError(f"{scenario.name}: no units to list")
    box = doc.content
    by_id = {u.id: (u, d) for _, u, d in units}
    widths_frac = [0.05, 0.35, 0.14, 0.07, 0.06, 0.12, 0.14, 0.07]
    widths = [box.w * f for f in widths_frac]
    header = ["No.", "Unit", "Type", "EDNA", "Ram", "Guns H/M/P", "Speed S/C/F in", "Turn"]
    page = doc.new_page(bookmark=f"{scenario.name} roster")
    y = box.y + 6
    page.fit_text(box.x, y, f"{scenario.name}, {scenario.date} — Quick Play order of battle", box.w, size=13, weight="bold")
    y += 3
    page.fit_text(box.x, y + 3.5, scenario.place, box.w, size=7.5, colour=0.35)
    y += 7
    number = 0
    for side in scenario.sides:
        rows_by_div: list[tuple[str | None, list]] = []
        for su in side.units:
            if su.id not in by_id:
                continue
            if not rows_by_div or rows_by_div[-1][0] != su.division:
                rows_by_div.append((su.division, []))
            rows_by_div[-1][1].append(su)
        need = 14 + sum(5 + 4.2 * (len(r) + 1) for _, r in rows_by_div)
        if y + min(need, 60) > box.y + box.h:
            page = doc.new_page()
            y = box.y + 4
        doc.bookmark(side.name, level=1, y=y)
        name_size = page.fit_text(box.x, y + 4, side.name, box.w * 0.6, size=11.5, weight="bold", colour=accent(side, ctx))
        if side.commander:
            left = min(page.text_width(side.name, name_size, "bold"), box.w * 0.6) + 3
            page.fit_text(box.x + left, y + 4, side.commander, box.w - left, size=8, colour=0.3)
        y += 6.5
        tot_edna = 0
        tot = {"heavy": 0, "medium": 0, "parrot": 0}
        count = 0
        for division, sus in rows_by_div:
            if division:
                page.fit_text(box.x, y + 3.3, division, box.w, size=8.5, weight="bold")
                y += 4.8
            rows = []
            for su in sus:
                unit, d = by_id[su.id]
                number += 1
                count += 1
                tot_edna += int(d["edna"])
                for k in tot:
                    tot[k] += int(d["cannonade"][k])
                name = d.unit_name
                if su.lashed_to and su.lashed_to in by_id:
                    name = f"  ↳ {name} (lashed to {by_id[su.lashed_to][1].unit_name.replace('USS ', '').replace('CSS ', '')})"
                sp = d.get("speeds_in") or {}
                speeds = "–" if d["type"] == "Fort" else "/".join("–" if sp.get(k) is None else str(sp.get(k)) for k in ("slow", "cruise", "full"))
                turn = "–" if d.get("turn_deg") is None else f"{d['turn_deg']}°"
                rows.append([number, name, d["type"], d["edna"], "Ram" if d.get("ram") else "", _factor_triple(d), speeds, turn])
            if y + 4.2 * (len(rows) + 1) > box.y + box.h:
                page = doc.new_page()
                y = box.y + 4
            y += page.table(box.x, y, widths, rows, header=header, size=7.5,
                            align=["centre", "left", "left", "centre", "centre", "centre", "centre", "centre"]) + 2.5
        summary = (f"{side.name}: {count} units · total EDNA {tot_edna} · factors {tot['heavy']} Heavy, "
                   f"{tot['medium']} Medium, {tot['parrot']} Parrott ({sum(tot.values())} in all)")
        page.rect(box.x, y, box.w, 6, width=0.3, fill=0.9)
        page.fit_text(box.x + 2, y + 4.2, summary, box.w - 4, size=8, weight="bold")
        y += 11
    if y + 40 < box.y + box.h:
        page.text(box.x, y + 3, "Numbers are only the roster order; turn order comes from the counters drawn each bound.",
                  size=6.5, colour=0.35)
        y += 6
    points = [((d.get("speeds_in") or {}).get("full"), int(d["edna"]), short_name(d.unit_name), side)
              for side, _, d in units if d["type"] != "Fort"]
    points = [p for p in points if p[0] is not None]
    forts = any(d["type"] == "Fort" for _, _, d in units)
    side_chart(doc, page, y, scenario, points, ctx, title="Speed against staying power",
               x_label="Full speed (inches a move)", y_label="EDNA",
               note="Forts do not move and are not shown." if forts else "")


# ---------------------------------------------------------------------------------------------
# quick reference


def quick_reference(doc, derived: list[Any], ctx) -> None:
    """One page of only the tables the units in play use: their ship types' speeds, their factors' dice,
    ranges, events, ramming (if any Ram) and the fort step (if any fort)."""
    box = doc.content
    page = doc.new_page(bookmark="Quick Play quick reference")
    page.text(box.x, box.y + 5, "Quick Play ACW Naval Rules — quick reference", size=13, weight="bold")
    types = {d["type"] for d in derived}
    factors = {k for d in derived for k, v in d["cannonade"].items() if v} if derived else {"heavy", "medium", "parrot"}
    y = box.y + 9
    rows = [[r["type"], r["slow"], "–" if r["cruise"] is None else r["cruise"], r["full"], f"{r['turn_deg']}°",
             "yes" if r["turns_when_stationary"] else "no"]
            for r in _rows(ctx, "ship_types") if not derived or r["type"] in types]
    if rows:
        page.text(box.x, y + 3, "Speeds (inches) and turning", size=8, weight="bold")
        y += 4.5
        y += page.table(box.x, y, [box.w * f for f in (0.3, 0.12, 0.12, 0.12, 0.14, 0.2)], rows,
                        header=["Type", "Slow", "Cruise", "Full", "Turn", "Turns stopped"], size=7.5) + 4
    rams = any(d.get("ram") for d in derived) if derived else True
    forts = any(d["type"] == "Fort" for d in derived) if derived else True
    _reference(page, box.x, y, box.w, ctx, types=types, factors=factors, rams=rams, forts=forts, size=7.5)
