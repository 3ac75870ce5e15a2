"""Saunders ACW Naval Rules: the printed aids, by job. This module keeps the entry points pack.py and cli.py call:

- sheet.py      record sheets as blocks (stat boxes, armour plan, hull and speed tracks, guns, damage, orders)
- counters.py   speed chits and markers
- templates.py  turn, turret and gunport gauges at true scale
- roster.py     a table per side, and quick-reference tables in the room under them
- reference.py  the quick reference

Every game number printed comes from the unit's SaundersStats or the tables (house rules included).
"""

from __future__ import annotations

from .counters import counters
from .reference import CONTENTS_PARTS, quick_reference
from .roster import roster
from .sheet import sheets, unit_sheet
from .templates import templates

__all__ = ["sheets", "unit_sheet", "templates", "counters", "roster", "quick_reference", "SECTION_PARTS"]

# the quick reference's parts, each listed in the cover's contents under it by its bookmark's title
SECTION_PARTS = {"reference": tuple(part for part, _ in CONTENTS_PARTS)}
