"""Saunders counters: speed chits ahead and astern (0 to the fastest ship in play), fire, hole, aground and spar
markers, cut out along the marks (or folded, or backed for duplex printing). The reminders on the markers come
from the tables."""

from __future__ import annotations

import math
from typing import Any

from ...render import Document, Page
from ...render.paper import MM
from ...render.text import wrap_lines
from ..base import Context, Derived, tint
from .sheet import modifier, signed

CHIT_MM = 16.0
SMALL_PT = 6.0  # the reminder under a counter's figure
CHIT_FILLS = {"fire": ((1.0, 0.85, 0.75), 0.82), "hole": ((0.8, 0.88, 1.0), 0.9), "aground": ((0.92, 0.88, 0.75), 0.86),
              "astern": (0.9, 0.9)}  # kind -> (fill in colour, the grey in black and white)


def _fastest(units: list[tuple[str, Any, Derived]], ctx: Context) -> tuple[float, float]:
    if units:
        ds = [d for _, _, d in units]
    else:
        from .derive import derive

        ds = [derive(u, ctx) for u in ctx.library.vessels]
    ahead = max([d.stats.max_speed_kn for d in ds] or [0])
    astern = max([d.stats.astern_speed_kn for d in ds] or [0])
    return ahead, astern


def chits(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[tuple[str, str, str]]:
    """(big text, small text, kind) for every counter to print."""
    ahead, astern = _fastest(units, ctx)
    ships = sum(1 for _, _, d in units if not d.stats.fort) if units else 4
    out: list[tuple[str, str, str]] = []
    for k in range(0, int(math.ceil(ahead)) + 1):
        out += [(str(k), "kn ahead", "speed")] * max(1, min(3, ships))
    for k in range(1, int(math.ceil(astern)) + 1):
        out += [(str(k), "kn astern", "astern")] * max(1, min(2, ships))
    n_ships = max(ships, 4)
    t = ctx.tables
    out += [("FIRE", f"{signed(modifier(t.to_hit, 'On fire'))} to fire", "fire")] * n_ships
    out += [("HOLE", "sinks at 0 hull", "hole")] * n_ships
    out += [("AGROUND", f"{int(t.aground.rows['break_free_on'])}+ to break free", "aground")] * max(2, n_ships // 2)
    if any(d.stats.spar_torpedo for _, _, d in units):
        out += [("SPAR", "deployed", "spar")] * n_ships
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


def _chit(page: Page, x: float, y: float, s: float, big: str, small: str, kind: str, back: bool = False,
          ctx: Context | None = None) -> None:
    fill = tint(*CHIT_FILLS[kind], ctx) if kind in CHIT_FILLS else None
    if fill is not None:
        page.rect(x + 0.4, y + 0.4, s - 0.8, s - 0.8, stroke=False, fill=fill)
    if back:
        page.fit_text(x + s / 2, y + s / 2 + 1, big, s - 2, size=7, align="centre", colour=0.45)
        return
    page.fit_text(x + s / 2, y + s * 0.5, big, s - 1.6, size=14 if len(big) <= 2 else 9, weight="bold", align="centre")
    lines = wrap_lines(small, s - 1.6, SMALL_PT)[:2]
    base = y + s * (0.92 if len(lines) == 1 else 0.78)
    for line in lines:
        page.fit_text(x + s / 2, base, line, s - 1.6, size=SMALL_PT, align="centre")
        base += SMALL_PT * 1.2 / MM
