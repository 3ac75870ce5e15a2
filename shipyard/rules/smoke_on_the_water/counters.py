"""Smoke on the Water counters: speed counters (ahead faces; astern on their backs, folded over or as counters of
their own) and fire markers, imposed in cells with cut marks."""

from __future__ import annotations

import math

from ...render.text import wrap_lines
from ...spec.errors import ShipyardError
from ..base import Context, short_name
from .derive import level_names

PT_MM = 25.4 / 72


SPEED_W, SPEED_H = 22.0, 16.0


def _speed_faces(ctx: Context, units: list) -> list[tuple[str, str, str, str | None]]:
    """(code, level, direction, vessel name) for every speed counter, ahead faces first."""
    names = level_names(ctx.tables)
    codes = {r["level"]: r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows}
    faces = []
    vessels = [(u, d) for _, u, d in units if d.stats.kind == "vessel"]
    if not vessels:
        for _ in range(3):
            faces.append((codes[names[0]], names[0], "", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "ahead", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "astern", None))
        return faces
    for u, d in vessels:
        top = names.index(d.stats.max_speed)
        astern = names.index(d.stats.astern_speed)
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
        page.fit_text(x + w / 2, y + 14.4, short_name(name), w - 2.5, size=6.0, min_size=5, align="centre", family="condensed",
                      colour=0.3)


def _fire_marker(page, x: float, y: float, d: float, text: str, sub: str) -> None:
    c = d / 2
    page.circle(x + c, y + c, c - 0.5, width=0.3, fill=0.85)
    page.circle(x + c, y + c, c - 2.0, width=0.15, colour=0.5)
    page.fit_text(x + c, y + c + 1, text, d - 6, size=9 if d < 40 else 14, min_size=5, weight="bold", align="centre")
    size = 6.0 if d < 40 else 7
    sub_y = y + c + (4.2 if d < 40 else 6.5)
    half = c - 2.5  # the chord of the inner ring at the lower line's depth, less a margin
    width = 2 * math.sqrt(max(half * half - (sub_y + size * 1.2 * PT_MM - y - c) ** 2, 1.0))
    for k, line in enumerate(wrap_lines(sub, width, size, family="condensed")):
        page.text(x + c, sub_y + k * size * 1.2 * PT_MM, line, size=size, align="centre", family="condensed")


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
    vessels = len([u for u in units if u[2].stats.kind == "vessel"])
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
