"""Saunders counters: speed chits ahead and astern (0 to the fastest ship in play), fire, hole, aground and spar
markers, cut out along the marks (or folded, or backed for duplex printing). The reminders on the markers come
from the tables."""

from __future__ import annotations

import math
from typing import Any

from ...render import Document, Page
from ...render.paper import MM
from ...render.text import number, wrap_lines
from ..base import Context, Derived, tint
from .derive import modifier
from .sheet import signed

CHIT_MM = 16.0
SMALL_PT = 6.0  # the reminder under a counter's figure
SHIPS_PER_SPEED_CHIT = 8  # one chit of each speed for every 8 ships that can make it
# kind -> (fill in colour, the grey in black and white); each kind also has its own border or pattern (_chit) so
# that in black and white they differ by more than a grey
CHIT_FILLS = {"fire": ((0.80, 0.22, 0.10), 0.15), "hole": ((0.80, 0.88, 1.0), 1.0),
              "aground": ((0.93, 0.86, 0.66), 1.0), "astern": ((0.86, 0.86, 0.86), 0.86)}
LIGHT_TEXT = {"fire"}  # white figures on a dark chit


def _ships(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[Any]:
    """The stats of the ships in play (forts do not move); the whole library's when there are no units."""
    if units:
        ds = [d for _, _, d in units]
    else:
        from .derive import derive

        ds = [derive(u, ctx) for u in ctx.library.vessels]
    return [d.stats for d in ds if not d.stats.fort]


def speed_values(tops: list[float], also: list[float] = ()) -> list[float]:
    """Whole knots from 0 up to the fastest, and each ship's own top speed (and the `also` speeds: the ¾ and ½ speeds
    hull damage drops her to) where it is a half knot."""
    if not tops:
        return [0.0]
    return sorted({float(k) for k in range(int(math.floor(max(tops))) + 1)} | {float(t) for t in tops}
                  | {float(v) for v in also if 0 <= v <= max(tops)})


def speed_chits(tops: list[float], start: float, also: list[float] = ()) -> list[tuple[float, int]]:
    """(speed, copies) from `start` up: a chit for every SHIPS_PER_SPEED_CHIT ships that can make the speed (a half
    knot that is only a damage speed: for every SHIPS_PER_SPEED_CHIT ships that drop to it)."""
    out = []
    for v in speed_values(tops, also):
        if v < start:
            continue
        able = sum(1 for t in tops if t >= v) if v.is_integer() or v in tops else list(also).count(v)
        out.append((v, max(1, math.ceil(able / SHIPS_PER_SPEED_CHIT))))
    return out


def chits(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[tuple[str, str, str]]:
    """(big text, small text, kind) for every counter to print, in proportion to the fleet: speed chits by how many
    ships can make each speed, a fire marker for every two units, a hole for every two ships, aground for every four,
    a spar marker for each spar-torpedo ship."""
    ships = _ships(units, ctx)
    n_units = len(units) if units else len(ships)
    out: list[tuple[str, str, str]] = []
    damaged = [float(th.speed_kn) for s in ships for th in s.speed_thresholds]
    for v, n in speed_chits([s.max_speed_kn for s in ships], 0, damaged):
        out += [(number(v), "kn ahead", "speed")] * n
    for v, n in speed_chits([s.astern_speed_kn for s in ships], 0.5):
        out += [(number(v), "kn astern", "astern")] * n
    t = ctx.tables
    out += [("FIRE", f"{signed(modifier(t.to_hit, 'On fire'))} to fire", "fire")] * max(4, math.ceil(n_units / 2))
    out += [("HOLE", "sinks at 0 hull", "hole")] * max(4, math.ceil(len(ships) / 2))
    out += [("AGROUND", f"{int(t.aground.rows['break_free_on'])}+ to break free", "aground")] * max(2, math.ceil(len(ships) / 4))
    out += [("SPAR", "deployed", "spar")] * sum(1 for s in ships if s.spar_torpedo)
    return out


def counters(doc: Document, units: list[tuple[str, Any, Derived]], ctx: Context, fold: bool = False,
             backs: bool = False) -> None:
    items = chits(units, ctx)
    size = CHIT_MM
    if fold:
        for page, x, y in doc.cells(len(items), size, 2 * size, bookmark="Counters (fold)"):
            big, small, kind = items.pop(0)
            _chit(page, x, y, size, big, small, kind, ctx=ctx)
            page.line(x, y + size, x + size, y + size, width=0.15, dash=(0.8, 0.8), colour=0.5)
            with page.rotated(x + size / 2, y + 1.5 * size, 180):
                _chit(page, x, y + size, size, big, small, kind, back=True, ctx=ctx)
        return
    for page, x, y, item, back in doc.duplex_cells(items, size, size, backs=backs, bookmark="Counters"):
        _chit(page, x, y, size, *item, back=back, ctx=ctx)


def _hatch(page: Page, x: float, y: float, s: float, step: float = 2.2) -> None:
    """Diagonal lines across the square (x, y, s): the aground pattern."""
    segs = []
    k = step
    while k < 2 * s:
        # the line u + v = k (u right, v down) clipped to the square
        u0, v0 = max(0.0, k - s), min(s, k)
        u1, v1 = min(s, k), max(0.0, k - s)
        segs.append((x + u0, y + v0, x + u1, y + v1))
        k += step
    page.lines(segs, width=0.25, colour=0.6)


def _chit(page: Page, x: float, y: float, s: float, big: str, small: str, kind: str, back: bool = False,
          ctx: Context | None = None) -> None:
    """One counter: its fill and pattern, the outline you cut along, the figure and the reminder inside it.
    fire: dark with white letters; hole: a heavy inner frame; aground: hatched; astern: a dark band on top; spar:
    a dashed inner frame; ahead speeds plain."""
    fill = tint(*CHIT_FILLS[kind], ctx) if kind in CHIT_FILLS else None
    if fill is not None:
        page.rect(x, y, s, s, stroke=False, fill=fill)
    if kind == "aground":
        _hatch(page, x, y, s)
        page.rect(x + 1.2, y + s * 0.28, s - 2.4, s * 0.64, stroke=False, fill=1)  # a clear field for the words
    elif kind == "hole":
        page.rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0, width=0.8)
    elif kind == "spar":
        page.rect(x + 1.3, y + 1.3, s - 2.6, s - 2.6, width=0.35, dash=(1.0, 0.8))
    elif kind == "astern" and not back:
        page.rect(x, y, s, 3.4, stroke=False, fill=0.2)
        page.text(x + s / 2, y + 2.5, "ASTERN", size=5.5, weight="bold", align="centre", colour=1)
    page.rect(x, y, s, s, width=0.3)  # the outline to cut along
    ink = 1 if kind in LIGHT_TEXT else None
    if back:
        page.fit_text(x + s / 2, y + s / 2 + 1, big, s - 3, size=7, align="centre", colour=ink if ink else 0.45)
        return
    page.fit_text(x + s / 2, y + s * 0.58, big, s - 3.2, size=14 if len(big) <= 2 else 12 if len(big) <= 3 else 9,
                  weight="bold", align="centre", colour=ink)
    lines = wrap_lines(small, s - 3.6, SMALL_PT)[:2]
    base = y + s * (0.86 if len(lines) == 1 else 0.74)
    for line in lines:
        page.fit_text(x + s / 2, base, line, s - 3.6, size=SMALL_PT, align="centre", colour=ink)
        base += SMALL_PT * 1.2 / MM
