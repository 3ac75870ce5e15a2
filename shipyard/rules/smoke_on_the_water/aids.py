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
from .sheet import sheet
from .templates import TICK_LENGTHS_MM, _template_specs, template_geometry, templates

__all__ = ["sheets", "templates", "counters", "roster", "quick_reference", "template_geometry", "_template_specs",
           "TICK_LENGTHS_MM"]

FLOW_GAP = 4.0  # between two sheets sharing a page (a dashed rule runs through it)


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Each unit's sheet in the order given: the half-page layout wherever it fits half a page (orders log for the
    whole game included), so two share a page; the full layout, a page of its own, for the rest (the half-page one
    alone on its page when even the full one is too tall, as with a long --turns log on Letter)."""
    if not derived:
        raise ShipyardError("no vessels to print: name at least one vessel or fort")
    box = doc.content_for(False)
    half = (box.h - FLOW_GAP) / 2 - 0.5
    flow = Flow(doc, gap=FLOW_GAP)
    for unit, d in derived:
        block = sheet(unit, d, ctx, box.w, None, compact=True)
        if block.measure(box.w) > half:
            # a page of her own: the full layout (larger type) when it fits one, else the half-page one set alone
            full = sheet(unit, d, ctx, box.w, None, compact=False)
            block = full if full.measure(box.w) <= box.h - 0.5 else block
        flow.add(block, bookmark=d.unit_name)
