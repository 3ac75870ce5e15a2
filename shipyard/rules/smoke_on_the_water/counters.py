"""Smoke on the Water counters: speed counters (ahead faces; astern on their backs, folded over or as counters of
their own) and fire markers, imposed in cells with cut marks."""

from __future__ import annotations

import math

from ...render.blocks import text_width
from ...render.text import wrap_lines
from ...spec.errors import ShipyardError
from ..base import Context, fitting_name
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
        room = w - 2.5
        label = fitting_name(name, lambda s: text_width(s, 5.0, "regular", "condensed") <= room)
        page.fit_text(x + w / 2, y + 14.4, label, room, size=6.0, min_size=5, align="centre", family="condensed",
                      colour=0.3)


# The text's three fire counters: a fire test counter (placed by a hit, tested in the fire test phase), an on-fire
# marker about an inch across, an out-of-control one about two. Each has its own size, grey and ring, so colour and
# black-and-white prints alike tell them apart at a glance: (diameter mm, label, what it means, fill grey, text grey,
# ring dash).
MARKERS = {
    "test": (16, "Fire test", "test in the fire test phase", None, 0.0, (1.2, 0.8)),
    "fire": (26, "On fire", "burning: mark On fire on the sheet", 0.82, 0.0, None),
    "out": (51, "Out of control", "burning out of control", 0.45, 1.0, None),
}


def _fire_marker(page, x: float, y: float, kind: str, cell: float | None = None) -> None:
    """One marker with its top-left corner at (x, y), or centred in a cell of `cell` mm."""
    d, text, sub, fill, ink, dash = MARKERS[kind]
    if cell is not None:
        x, y = x + (cell - d) / 2, y + (cell - d) / 2
    c = d / 2
    page.circle(x + c, y + c, c - 0.5, width=0.4 if fill is None else 0.3, fill=fill, dash=dash)
    if d >= 20:
        page.circle(x + c, y + c, c - 2.0, width=0.15, colour=0.5 if ink == 0 else 0.85)
    big = d >= 40
    page.fit_text(x + c, y + c + (0.4 if d < 20 else 1), text, d - (3 if d < 20 else 6), size=14 if big else 9 if d >= 20 else 7,
                  min_size=5, weight="bold", align="centre", colour=ink)
    if d < 20:
        return  # too small for a second line: its label says what it is
    size = 7 if big else 6.0
    sub_y = y + c + (6.5 if big else 4.2)
    half = c - 2.5  # the chord of the inner ring at the lower line's depth, less a margin
    width = 2 * math.sqrt(max(half * half - (sub_y + size * 1.2 * PT_MM - y - c) ** 2, 1.0))
    for k, line in enumerate(wrap_lines(sub, width, size, family="condensed")):
        page.text(x + c, sub_y + k * size * 1.2 * PT_MM, line, size=size, align="centre", family="condensed", colour=ink)


def speed_pairs(ctx: Context, units: list) -> list[tuple[tuple, tuple | None]]:
    """(front, back) for every two-sided speed counter: each ahead level backed by an astern level the vessel can
    make (lowest first), a blank back (None) once her astern levels run out; Immobile on both sides."""
    faces = _speed_faces(ctx, units)
    pairs: list[tuple[tuple, tuple | None]] = []
    by_vessel: dict = {}
    for f in faces:
        by_vessel.setdefault(f[3], {"": [], "ahead": [], "astern": []})[f[2]].append(f)
    if not any(f[3] for f in faces):
        # no scenario: generic counters, each level backed by the same level astern
        return [(f, (f[0], f[1], "astern" if f[2] == "ahead" else "", None)) for f in faces if f[2] != "astern"]
    for name, sides in by_vessel.items():
        for f in sides[""]:
            pairs.append((f, f))
        for k, f in enumerate(sides["ahead"]):
            pairs.append((f, sides["astern"][k] if k < len(sides["astern"]) else None))
    return pairs


def marker_counts(units: list) -> tuple[int, int, int]:
    """(on fire, fire test, out of control) markers wanted: in proportion to the vessels in play, never fewer than a
    few (on fire and fire test together at least one for every two vessels, as the single small marker once was)."""
    vessels = len([u for u in units if u[2].stats.kind == "vessel"])
    return max(4, math.ceil(vessels / 3)), max(4, math.ceil(vessels / 4)), max(2, math.ceil(vessels / 4))


def counters(doc, units: list, ctx: Context, fold: bool = False, backs: bool = False) -> None:
    """Speed counters (ahead faces, astern on the back or as their own counters) and fire markers."""
    if fold and backs:
        raise ShipyardError("choose --fold (fold-over) or --backs (duplex), not both")
    faces = _speed_faces(ctx, units)
    if fold or backs:
        pairs = speed_pairs(ctx, units)
        if fold:
            cells = doc.cells(len(pairs), SPEED_W, SPEED_H * 2, bookmark="Speed counters (fold-over)")
            for (page, x, y), (front, back) in zip(cells, pairs):
                _speed_counter(page, x, y, front)
                if back is not None:
                    with page.rotated(x + SPEED_W / 2, y + SPEED_H * 1.5, 180):
                        _speed_counter(page, x, y + SPEED_H, back)
                page.line(x + 1, y + SPEED_H, x + SPEED_W - 1, y + SPEED_H, width=0.15, dash=(1, 1), colour=0.5)
        else:
            _duplex(doc, pairs, SPEED_W, SPEED_H, _speed_counter, "Speed counters")
    else:
        for (page, x, y), face in zip(doc.cells(len(faces), SPEED_W, SPEED_H, bookmark="Speed counters"), faces):
            _speed_counter(page, x, y, face)
    fire, test, out = marker_counts(units)
    small = MARKERS["fire"][0]  # fire test markers share the on-fire markers' cells (and fill their last row)
    big = MARKERS["out"][0]
    if backs:
        # markers have no backs: each page of them is followed by a blank one, so a duplex printer never puts one
        # sheet's markers behind another's
        n = _row_count(doc, fire + test, small)
        _duplex(doc, [("fire", None)] * fire + [("test", None)] * (n - fire), small, small,
                lambda page, x, y, face: _fire_marker(page, x, y, face, cell=small), "Fire markers")
        _duplex(doc, [("out", None)] * _row_count(doc, out, big), big, big,
                lambda page, x, y, face: _fire_marker(page, x, y, face), "Out of control markers")
        return
    cells = doc.cells(_filled_count(doc, fire + test, small, False), small, small, bookmark="Fire markers", new_page=False)
    for k, (page, x, y) in enumerate(cells):
        _fire_marker(page, x, y, "fire" if k < fire else "test", cell=small)
    for page, x, y in doc.cells(_filled_count(doc, out, big, False), big, big, new_page=False):
        _fire_marker(page, x, y, "out")


def _row_count(doc, wanted: int, cell: float) -> int:
    """`wanted` rounded up to whole rows of cell × cell mm."""
    cols = doc.grid(cell, cell)[0]
    return math.ceil(wanted / cols) * cols


def _filled_count(doc, wanted: int, cell: float, new_page: bool) -> int:
    """At least `wanted` markers of cell × cell mm, rounded up to whole rows (what fits on the current page, then
    whole rows on the next): in proportion to the fleet, never a page-full for its own sake."""
    cols, rows, _, y0 = doc.grid(cell, cell)
    here = 0
    if not new_page and doc.page is not None:
        band = y0 - doc.content.y
        top = doc.cells_bottom + 2.0 if doc.cells_bottom is not None else doc.page.content.y
        here = max(0, int((doc.page.content.bottom - band - (top + band) + 1e-9) // cell)) * cols
    if wanted <= here:
        return min(here, math.ceil(wanted / cols) * cols)
    return here + math.ceil((wanted - here) / cols) * cols


def _duplex(doc, pairs, w: float, h: float, draw, title: str) -> None:
    """Fronts, then their backs mirrored on the next page; a blank back (None) leaves its cell empty, and a back page
    with nothing on it says so (some printers drop an empty page and would shift every later back)."""
    marked = set()
    for page, x, y, (front, back), is_back in doc.duplex_cells(pairs, w, h, bookmark=title, back_bookmark=f"{title} (backs)"):
        face = back if is_back else front
        if is_back and id(page) not in marked:
            marked.add(id(page))
            if all(b is None for _, b in pairs):
                box = page.content
                page.text(box.x + box.w / 2, box.bottom - 2, f"back of the {title.lower()} page: left blank for duplex printing",
                          size=6.0, align="centre", colour=0.5)
        if face is not None:
            draw(page, x, y, face)
