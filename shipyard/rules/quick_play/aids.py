"""Quick Play printed aids, by job: record cards (sheet.py), turn counters and speed markers (counters.py),
the order of battle (roster.py) and the play tables (reference.py), all laid out as blocks from the typed
stats and tables.yaml. This module keeps the entry points pack.py and the CLI call."""

from __future__ import annotations

from .counters import counters
from .reference import quick_reference
from .roster import roster
from .sheet import sheets

__all__ = ["sheets", "counters", "roster", "quick_reference"]
