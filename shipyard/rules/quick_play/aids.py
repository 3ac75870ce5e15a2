"""Quick Play printed aids, by job: record cards (sheet.py), turn counters and speed markers (counters.py),
the order of battle (roster.py), and the play tables with the turning gauge on one true-scale page (reference.py,
templates.py), all laid out as blocks from the typed stats and tables.yaml. This module keeps the entry points pack.py
and the CLI call. The play tables and the gauge are one page, printed as the pack's templates (the section whose
pages are true scale): Quick Play offers no separate quick reference, so nothing is printed twice."""

from __future__ import annotations

from .counters import counters
from .roster import roster
from .sheet import sheets, unit_sheet
from .templates import templates

__all__ = ["sheets", "unit_sheet", "counters", "roster", "templates", "SECTION_NOTES"]

# the pack cover's contents say what the templates section holds: the quick reference is printed there
SECTION_NOTES = {"templates": "the quick reference, with the turning gauge"}
