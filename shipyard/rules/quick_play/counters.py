"""Quick Play counters: numbered turn counters 1…N (one per ship or fort in play) and a speed marker per
setting per ship (Slow/Cruise/Full/Reverse from speed_markers), on cells; with backs or folded."""

from __future__ import annotations

from typing import Any

from ...render.paper import MM
from ...render.text import number, wrap_lines
from ..base import Context, fitting_name, short_name
from .reference import speed_words

COUNTER = 20.0  # mm square turn counter
MARKER_W, MARKER_H = 26.0, 13.0  # mm speed marker: seven across A4 and Letter inside the cut marks
LINE_PT = 6.0  # the unit line on a marker


def _counter_front(page, x, y, n: int) -> None:
    page.rect(x + 0.6, y + 0.6, COUNTER - 1.2, COUNTER - 1.2, width=0.35)
    page.text(x + COUNTER / 2, y + 13.2, str(n), size=20, weight="bold", align="centre")
    page.fit_text(x + COUNTER / 2, y + 17.4, "TURN", COUNTER - 3, size=6, align="centre", family="condensed")


def _counter_back(page, x, y, label: str) -> None:
    page.rect(x + 0.6, y + 0.6, COUNTER - 1.2, COUNTER - 1.2, width=0.35, fill=0.85)
    page.fit_text(x + COUNTER / 2, y + 11.5, label, COUNTER - 3, size=7, weight="bold", align="centre")


def unit_lines(name: str, edna: str) -> tuple[float, float, list[str]]:
    """(size, squeeze, lines) for the unit under a marker's setting: her name (wrapped) over her EDNA, at 6 pt in the
    fullest form that fits (whole, without her service prefix, with her rank shortened), else at 5 pt (counters may go
    to 5 pt), else a very long name squeezed."""
    width = MARKER_W - 3
    forms = dict.fromkeys((name, short_name(name), fitting_name(name, lambda _: False)))  # fullest first
    for size, most in ((LINE_PT, 2), (5.0, 3)):  # a shorter name at 6 pt before a smaller size
        for text in forms:
            lines = wrap_lines(text, width, size, "regular", "condensed") + [edna]
            if len(lines) <= most:
                return size, 1.0, lines
    shortest = list(forms)[-1]
    return 5.0, 0.6, wrap_lines(shortest, width / 0.6, 5.0, "regular", "condensed") + [edna]


def _marker(page, x, y, word: str, unit: tuple[str, ...], fill=None, size: float = 9) -> None:
    """A speed marker: the setting in bold over the unit's name and EDNA."""
    page.rect(x + 0.5, y + 0.5, MARKER_W - 1, MARKER_H - 1, width=0.3, fill=fill)
    page.fit_text(x + MARKER_W / 2, y + 5.0, word, MARKER_W - 3, size=size, weight="bold", align="centre")
    if not unit:
        return
    pt, squeeze, lines = unit_lines(*unit)
    lead = pt * 1.2 / MM
    last = y + (11.3 if pt >= LINE_PT else 11.6)
    for k, line in enumerate(lines):
        page.text(x + MARKER_W / 2, last - (len(lines) - 1 - k) * lead, line, size=pt, squeeze=squeeze, align="centre",
                  family="condensed")


def _cells(doc, items, w, h, draw_front, draw_back, backs: bool, fold: bool, title: str, go_on: bool = False) -> None:
    """Lay items out on cells; with backs a mirrored page follows each front page; with fold each cell is
    doubled (front above a fold line, back below). go_on: start below what the current page already holds
    (never with backs: a back must match its front)."""
    if not items:
        return
    if fold:
        for k, (page, x, y) in enumerate(doc.cells(len(items), w, 2 * h, bookmark=title, new_page=not go_on)):
            draw_front(page, x, y, items[k])
            page.line(x, y + h, x + w, y + h, width=0.2, dash=(1, 1))
            draw_back(page, x, y + h, items[k])
        return
    if not backs:
        for k, (page, x, y) in enumerate(doc.cells(len(items), w, h, bookmark=title, new_page=not go_on)):
            draw_front(page, x, y, items[k])
        return
    for page, x, y, item, back in doc.duplex_cells(items, w, h, bookmark=title):
        (draw_back if back else draw_front)(page, x, y, item)


def speed_markers(units: list[tuple[str, Any, Any]], ctx: Context) -> list[tuple[str, str, tuple[str, ...]]]:
    """(front word, back word, the unit's lines) per marker: one per speed setting a ship has, a fort's single marker."""
    markers = []
    words = speed_words(ctx)
    for _, _, d in units:
        s = d.stats
        line = (d.unit_name, f"EDNA {s.edna}")
        if s.is_fort:
            markers.append(("Fort", "Fort", line))  # a fort never moves: no "Stopped" side
            continue
        for word, key in words:
            inches = getattr(s.speeds_in, key)
            if inches is None:
                continue
            markers.append((f"{word} {number(inches)}\"", "Stopped", line))
    forts = [m for m in markers if m[0] == "Fort"]
    return forts + [m for m in markers if m[0] != "Fort"]


def counters(doc, units: list[tuple[str, Any, Any]], ctx: Context, fold: bool = False, backs: bool = False) -> None:
    """Numbered turn counters 1…N (one per ship or fort in play) and the speed markers of each ship."""
    n = len(units) if units else 24
    _cells(doc, list(range(1, n + 1)), COUNTER, COUNTER, lambda p, x, y, k: _counter_front(p, x, y, k),
           lambda p, x, y, k: _counter_back(p, x, y, "QP turn"), backs, fold, "Turn counters")
    if units:
        markers = speed_markers(units, ctx)
    else:  # blank markers to fill in by hand
        markers = [(w, "Stopped", ()) for _ in range(6) for w, _ in speed_words(ctx)]
    _cells(doc, markers, MARKER_W, MARKER_H, lambda p, x, y, m: _marker(p, x, y, m[0], m[2]),
           lambda p, x, y, m: _marker(p, x, y, m[1], m[2], fill=0.85, size=8), backs, fold, "Speed markers", go_on=not backs)
