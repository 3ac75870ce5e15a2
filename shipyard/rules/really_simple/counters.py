"""Really Simple ACW Naval Rules: speed chits (ahead white, astern grey) and the markers (fire, aground…), each
marker with its reminder from the markers table, on a grid with cut marks (fold-over or duplex backs)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...render.measure import text_width
from ...render.counters import Chit, Lines, chit_sheet, layout_of, load_style
from ...render.paper import MM
from ...render.text import wrap_lines
from ...errors import ShipyardError
from ..play_aids import fitting_name
from .words import fill, kn, off_plan


STYLE = load_style(Path(__file__).with_name("aids.yaml"))["chit"]
SHIP_NAME_PT = STYLE.numbers["ship_name_pt"]  # a ship chit's name (a long name is shortened: fitting_name)
CHIT = STYLE.w  # mm, a square
ASTERN_SHADE = 0.8  # an astern chit's grey (ahead chits are white)
BACK_SHADE = 0.97  # a marker's back


@dataclass
class Marker:
    title: str
    reminder: str
    shade: float
    forts: bool = False  # printed only where a fort is in play (the markers table's `forts: true`), one a fort
    per_ships: float = 0  # one copy for every so many ships (the markers table's per_ships; 0: the sets' count)


def markers(ctx) -> list[Marker]:
    """The markers table with its {table.key} names filled in."""
    t = ctx.tables.require("markers")
    out = []
    for row in t.rows if isinstance(t.rows, list) else []:
        title = str(t.need(row, "marker", "the word printed on the marker"))
        out.append(Marker(title, fill(t.need(row, "reminder", "a short reminder"), ctx.tables, f"table markers, {title}"),
                          float(row.get("shade", 0.85)), bool(row.get("forts", False)), float(row.get("per_ships", 0))))
    for m in out:
        _marker_layout(m)  # a reminder too long for a chit is the user's to shorten: say so before drawing anything
    return out


def speed_chits(units) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
    """(value, copies) for ahead and astern chits. Whole knots up to the fastest vessel's speed; half
    knots up to the speed of the vessels whose top or astern speed is a half-knot figure. With no
    units, a generic set up to 12 knots ahead, 6 astern, whole knots only."""
    ships = [d.stats for _, _, d in units if not d.stats.is_fort]
    if not ships:
        return ([(float(v), 2) for v in range(0, 13)], [(float(v), 1) for v in range(1, 7)])

    def table(key: str, cap: int) -> list[tuple[float, int]]:
        top = max(float(getattr(s, key)) for s in ships)
        halves_to = max([float(getattr(s, key)) for s in ships if float(getattr(s, key)) % 1 or float(s.speed_kn) % 1] or [0.0])
        out = []
        for v in (v / 2 for v in range(0, int(round(top * 2)) + 1)):
            if (v % 1 and v > halves_to) or (key == "astern_kn" and v == 0):
                continue
            copies = sum(1 for s in ships if float(getattr(s, key)) >= v)
            out.append((v, max(1, min(cap, copies))))
        return out

    return table("speed_kn", 4), table("astern_kn", 2)


@dataclass
class ShipChit:
    """A ship's own speed chit: a bow mark on its top edge, so the chit can stand for her on the table facing her
    heading, her name over a blank for her speed in pencil (its back: astern, grey), and her side at its foot; a
    fort's chit (fort): its name over FORT and its side, both faces, no bow."""

    name: str
    fort: bool = False
    side: str = ""  # the scenario side she fights for ('Union'), printed in capitals
    open_bow: bool = False  # the other side's: her bow drawn open, as the set-up plan draws that side's ships


OPEN = 1.0  # an open bow: white inside its outline
SHIP_CHIT_WORDS = ("KN AHEAD", "KN ASTERN")  # under the pencilled speed: the front, and the back (or the fold)
FORT_CHIT_WORDS = ("FORT", "FORT")  # a fort has no speed: its chit only names it


def ship_chits(units, first_side: str | None = None) -> list[tuple[str, str, Any]]:
    """One speed chit per ship in play, named: a fleet that keeps station at one speed never runs out of chits of
    that value (the review's line of eleven ships at 7 knots had four), and a chit belongs to its model; then one
    named chit per fort (a fort has no model to stand on the table). The first side's bows are filled and the
    other's open, as on the set-up plan (first_side: the scenario's first, else the first unit's)."""
    first = first_side if first_side is not None else next((str(side) for side, _, _ in units), "")
    ships = [("", SHIP_CHIT_WORDS[0], ShipChit(u.name, side=str(side), open_bow=str(side) != first))
             for side, u, d in units if not d.stats.is_fort]
    return ships + [("", FORT_CHIT_WORDS[0], ShipChit(u.name, fort=True, side=str(side)))
                    for side, u, d in units if d.stats.is_fort]


def counters(doc, units: list, ctx, fold: bool = False, backs: bool = False) -> None:
    """Speed chits and markers on a grid with cut marks: for a fleet, a named speed chit per ship (speed written in
    pencil, astern on its back); with no units, a generic set of numbered chits. fold puts each chit's back beside
    it (fold on the dashed line); backs adds a mirrored duplex back page after each front page."""
    layout = layout_of(fold, backs)
    units = [(side, u, d) for side, u, d in units if not off_plan(ctx, u, d.stats)]  # a fort off the plan: no chit
    n_ships = sum(1 for _, _, d in units if not d.stats.is_fort) or 6
    scenario = getattr(ctx, "scenario", None)
    first_side = str(scenario.sides[0].name) if scenario is not None and getattr(scenario, "sides", None) else None
    chits: list[tuple[str, str, Any]] = ship_chits(units, first_side)
    if not chits:
        ahead, astern = speed_chits(units)
        for v, c in ahead:
            chits += [(kn(v), "KN AHEAD", None)] * c
        for v, c in astern:
            chits += [(kn(v), "KN ASTERN", ASTERN_SHADE)] * c
    cell = (2 * STYLE.w, STYLE.h) if fold else STYLE.size
    forts = any(d.stats.is_fort for _, _, d in units)
    marks = [m for m in markers(ctx) if forts or not m.forts]  # a fort's marker only where one is in play
    n_forts = sum(1 for _, _, d in units if d.stats.is_fort)
    chits += marker_chits(marks, n_ships, len(chits), doc.grid(*cell)[:2], n_forts)
    chit_sheet(doc, [Chit(_face(c), _face(c, back=True)) for c in chits], STYLE, layout=layout, title="Counters")


def marker_chits(marks: list[Marker], n_ships: int, before: int, grid: tuple[int, int], n_forts: int = 0) -> list[tuple]:
    """A set of each marker for every four ships (three at least), a fort's marker one a fort in play, one with its
    own per_ships one for every so many ships (more than a set: a lasting state many ships carry at once), then as
    many more, in turn, as fill the last page's cells where that page also holds speed chits (a page of markers alone
    gets no spares: paper is not filled for its own sake); as many sets fewer (down to three) as save a page holding
    only a few markers."""
    per_page = max(1, grid[0] * grid[1])
    if not marks:
        return []

    def counts(c: int) -> list[int]:  # each marker's copies with c sets
        return [n_forts if m.forts and n_forts else max(c, math.ceil(n_ships / m.per_ships)) if m.per_ships else c
                for m in marks]

    copies = max(3, math.ceil(n_ships / 4))
    pages = math.ceil((before + sum(counts(copies))) / per_page)
    fewer = [c for c in range(copies - 1, 2, -1) if math.ceil((before + sum(counts(c))) / per_page) < pages]
    if fewer:
        copies = fewer[0]  # the most sets that save the page
        pages = math.ceil((before + sum(counts(copies))) / per_page)
    markers_only = before <= (pages - 1) * per_page  # the last page starts with markers: no chit is on it
    spare = 0 if markers_only else pages * per_page - before - sum(counts(copies))
    extra = [m for m in marks if not (m.forts and n_forts)]  # a fort's marker: one a fort, no spares
    order = [m for m, k in zip(marks, counts(copies)) for _ in range(k)] + [extra[i % len(extra)] for i in range(spare)]
    order.sort(key=marks.index)  # each marker's copies together
    return [(m.title, m.reminder, m) for m in order]


def _marker_layout(m: Marker) -> tuple[float, list[str], float, list[str]]:
    """(title size, title lines, reminder size, reminder lines) that fit one chit, or a clear error."""
    n, title, note = STYLE.numbers, STYLE["title"], STYLE["reminder"]
    words = m.title.split()
    tsize = n["title_pt"][0] if len(m.title) <= n["title_short"] else n["title_pt"][1]
    tsize = min([tsize] + [math.floor((CHIT - n["title_margin"]) / max(text_width(w, 1.0, "bold", "condensed"), 1e-6) * 10) / 10
                           for w in words])
    room = CHIT - n["foot"] - (title.top + len(words) * tsize * title.leading / MM) - note.gap
    for size in n["note_pt"]:
        lines = wrap_lines(m.reminder, CHIT - n["note_margin"], size, "regular", "condensed")
        if len(lines) * size * note.leading / MM <= room and tsize >= n["title_min"]:
            return tsize, words, size, lines
    raise ShipyardError(f"table markers: the reminder on the {m.title} marker ({m.reminder!r}) does not fit a "
                        f"{CHIT:g} mm marker at {n['note_pt'][-1]:g} pt; shorten it in the house rules")


NAME_LINES = 3  # a chit's name takes at most three lines, clear of the words under it (KN AHEAD, FORT)


def name_lines(name: str, fits) -> list[str]:
    """A chit's name in lines that fit its width (fits), at most NAME_LINES of them: a long name wraps by words (a
    word too long keeps its own line), and one that still runs longer drops its bracketed other name ('Drewry's
    Bluff battery (Fort Darling)' -> 'Drewry's Bluff' / 'battery')."""
    def wrap(text: str) -> list[str]:
        lines: list[str] = []
        for word in text.split():
            if lines and fits(f"{lines[-1]} {word}"):
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    lines = wrap(name)
    if len(lines) > NAME_LINES and "(" in name:
        lines = wrap(name.split("(", 1)[0])
    return lines[:NAME_LINES]


def _face(chit: tuple, back: bool = False) -> list:
    """A chit's face: a marker's shade, title and reminder (its back paler, the title without its '!'), or a speed
    chit's shade, figure and words (its back marked so)."""
    big, small, style = chit
    st = STYLE
    if isinstance(style, ShipChit):
        fits = lambda n: text_width(n, SHIP_NAME_PT, "bold", "condensed") <= CHIT - STYLE.numbers["title_margin"]  # noqa: E731
        lines = name_lines(fitting_name(style.name, fits), fits)
        words = FORT_CHIT_WORDS if style.fort else SHIP_CHIT_WORDS
        face = [(st["ground"], ASTERN_SHADE if back and not style.fort else None),
                (st["ship_name"], Lines(lines, size=SHIP_NAME_PT)), (st["ship_unit"], words[1] if back else words[0])]
        if not style.fort:  # the bow: the chit's top edge, on both faces (a fold or a duplex back keeps the top)
            face.append((st["bow"], OPEN if style.open_bow else None))
            if len(lines) < NAME_LINES:  # a box to pencil her speed in, as deep as her name leaves room for
                face.append((st["speed_box" if len(lines) == 1 else "speed_box_low"], None))
        return face + [(st["side"], style.side.upper())] if style.side else face
    if isinstance(style, Marker):
        tsize, words, nsize, lines = _marker_layout(style)
        return [(st["ground"], style.shade if not back else BACK_SHADE),
                (st["title"], Lines([w.rstrip("!") if back else w for w in words], size=tsize)),
                (st["reminder"], Lines(lines, size=nsize))]
    parts = [(st["ground"], style)] if style is not None else []
    parts += [(st["figure"], big), (st["unit"], small)]
    return parts + [(st["back"], "(back)")] if back else parts
