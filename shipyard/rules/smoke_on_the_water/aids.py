"""Smoke on the Water printed aids: the entry points pack.py and the CLI call, each in the module for its job.

    sheet.py      record sheets as blocks (Stats + Tables in, a Stack out), paginated here through a Flow
    counters.py   speed counters and fire markers
    templates.py  turning templates and gauges at true scale
    roster.py     a table per side and the speed-against-staying-power chart
    reference.py  the quick reference for the units in play
"""

from __future__ import annotations

from typing import Any

from ...render.blocks import Flow
from ...spec.errors import ShipyardError
from ..base import Context, Derived
from .counters import counters
from .reference import quick_reference
from .roster import roster
from .sheet import fits_half, sheet
from .templates import TICK_LENGTHS_MM, _template_specs, template_geometry, templates

__all__ = ["sheets", "templates", "counters", "roster", "quick_reference", "template_geometry", "_template_specs",
           "TICK_LENGTHS_MM"]

FLOW_GAP = 5.0  # between two sheets sharing a page (a dashed rule runs through it)


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """One vessel or fort a page, or two to a page when both fit in half of it with a usable orders log."""
    if not derived:
        raise ShipyardError("no vessels to print: name at least one vessel or fort")
    box = doc.content_for(False)
    full = box.h - 0.5
    half = (box.h - FLOW_GAP) / 2 - 0.5
    halves = [fits_half(u, d, ctx, box.w, half) for u, d in derived]
    flow = Flow(doc, gap=FLOW_GAP)
    i = 0
    while i < len(derived):
        unit, d = derived[i]
        if halves[i] and i + 1 < len(derived) and halves[i + 1]:
            unit2, d2 = derived[i + 1]
            flow.add(sheet(unit, d, ctx, box.w, half, compact=True), bookmark=d.unit_name, new_page=True)
            flow.add(sheet(unit2, d2, ctx, box.w, half, compact=True), bookmark=d2.unit_name)
            i += 2
            continue
        flow.add(sheet(unit, d, ctx, box.w, full), bookmark=d.unit_name, new_page=True)
        i += 1
