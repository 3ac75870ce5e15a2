"""Smoke on the Water printed aids: the entry points pack.py and the CLI call, each in the module for its job.

    sheet.py      record sheets as blocks (Stats + Tables in, a Stack out), paginated through a Flow
    counters.py   speed counters and fire markers
    templates.py  turning templates and gauges at true scale
    roster.py     a table per side and the legend
    reference.py  the quick reference for the units in play
"""

from __future__ import annotations

from .counters import counters
from .reference import quick_reference
from .roster import roster
from .sheet import sheets, unit_sheet
from .templates import templates

__all__ = ["sheets", "unit_sheet", "templates", "counters", "roster", "quick_reference"]
