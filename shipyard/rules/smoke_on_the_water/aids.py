"""Smoke on the Water printed aids: the entry points pack.py and the CLI call, each in the module for its job.

    sheet.py      record sheets as blocks (Stats + Tables in, a Stack out), paginated here through a Flow
    counters.py   speed counters and fire markers
    templates.py  turning templates and gauges at true scale
    roster.py     a table per side and the speed-against-staying-power chart
    reference.py  the quick reference for the units in play
"""

from __future__ import annotations

from typing import Any

from ...render.flow import Flow
from ...render.kit import sheet_room
from ...errors import ShipyardError
from ..context import Context
from ..derived import Derived
from .counters import counters
from .reference import quick_reference
from .roster import roster
from .sheet import page_header, sheet, style
from .templates import TICK_LENGTHS_MM, _template_specs, template_geometry, templates

__all__ = ["sheets", "templates", "counters", "roster", "quick_reference", "template_geometry", "_template_specs",
           "TICK_LENGTHS_MM"]

FLOW_GAP = style("pages")["gap"]  # between two sheets sharing a page (a dashed rule runs through it)


def lashed_pairs(ctx: Context) -> set[frozenset[str]]:
    """The scenario's lashed pairs as sets of two unit ids (none outside a scenario)."""
    scen = getattr(ctx, "scenario", None)
    if scen is None:
        return set()
    return {frozenset((su.id, su.lashed_to)) for side in scen.sides for su in side.units
            if su.lashed_to and su.lashed_to != su.id}


def page_plan(ids: list[str], heights: list[float], room: float, pairs: set[frozenset[str]],
              gap: float = 0.0) -> list[tuple[int, bool]]:
    """The order to print the sheets in, each with whether it starts a page: a sheet shares the page of the one
    before when the two fit its `room` together (`gap` between), a lashed pair that fits together on the same page
    (a later single sheet that fits beside the page in hand moves up rather than leave it half empty), any other
    sheet a page of its own."""
    together = lambda a, b: a + gap + b <= room + 1e-6  # noqa: E731
    groups: list[list[int]] = []
    i = 0
    while i < len(ids):
        if i + 1 < len(ids) and together(heights[i], heights[i + 1]) and frozenset((ids[i], ids[i + 1])) in pairs:
            groups.append([i, i + 1])
            i += 2
        else:
            groups.append([i])
            i += 1
    plan: list[tuple[int, bool]] = []
    open_h: float | None = None  # the height used on the page in hand when it holds one sheet, else None
    while groups:
        g = groups.pop(0)
        if len(g) == 2:
            if open_h is not None:
                filler = next((k for k, h in enumerate(groups) if len(h) == 1 and together(open_h, heights[h[0]])), None)
                if filler is not None:
                    plan.append((groups.pop(filler)[0], False))
            plan += [(g[0], True), (g[1], False)]
            open_h = None
        elif open_h is not None and together(open_h, heights[g[0]]):
            plan.append((g[0], False))
            open_h = None
        else:
            plan.append((g[0], True))
            open_h = heights[g[0]]
    return plan


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Each unit's sheet: the half-page layout wherever it fits half a page (orders log for the whole game included),
    two to a page wherever the two fit together, a scenario's lashed pairs on the same page (page_plan). A sheet that does not fit half a
    page gets a page of its own: in the half-page layout too when most of the pack's sheets are half-page ones (one
    sheet design a pack), else the full layout (larger type) when it fits the page."""
    if not derived:
        raise ShipyardError("no vessels to print: name at least one vessel or fort")
    box = doc.content_for(False)
    pages = style("pages")
    slack = pages["slack"]
    header = page_header(ctx)
    room = box.h - header.measure(box.w) - FLOW_GAP  # below the running header (turn strip, to-hit line)
    half = sheet_room(room, pages["per_page"], FLOW_GAP, slack)
    blocks = [sheet(unit, d, ctx, box.w, half, compact=True, headed=True) for unit, d in derived]
    heights = [b.measure(box.w) for b in blocks]
    fits = [h <= half for h in heights]
    one_design = 2 * sum(fits) >= len(fits)
    for k, (unit, d) in enumerate(derived):
        if not fits[k] and not one_design:
            full = sheet(unit, d, ctx, box.w, None, compact=False, headed=True)
            if full.measure(box.w) <= room - slack:
                blocks[k], heights[k] = full, room  # a page of its own
    flow = Flow(doc, gap=FLOW_GAP, header=header)
    plan = page_plan([u.id for u, _ in derived], heights, room - slack, lashed_pairs(ctx), FLOW_GAP)
    for n, (k, starts) in enumerate(plan):
        flow.add(blocks[k], bookmark=derived[k][1].unit_name, new_page=starts and n > 0)
