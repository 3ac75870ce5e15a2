"""Really Simple ACW Naval Rules: the printed aids (the entry points pack.py and cli.py call).

    sheets(doc, derived, ctx)            ship data cards, as many as fit a page; then an orders log per side
    orders_log(doc, derived, ctx)        a log in the rules' order format: a row per ship, a column per turn,
                                         for every turn of the game (game_turns)
    templates(doc, ctx)                  45° turning gauge and a range stick in joining pieces, true scale,
                                         on one page while they fit
    counters(doc, units, ctx, fold, backs)  speed chits ahead/astern and the markers
    roster(doc, scenario, units, ctx)    the order of battle per side
    quick_reference(doc, derived, ctx)   one page of only the rules and tables the units in play use

The cards and pages are blocks (sheet.py, reference.py, roster.py) filled from the typed stats and the tables
(house rules included); render.kit.CardGrid and the Flow place them.
"""

from __future__ import annotations

from .counters import counters
from .reference import quick_reference
from .roster import roster
from .sheet import sheets, unit_sheet
from .templates import templates

__all__ = ["sheets", "unit_sheet", "templates", "counters", "roster", "quick_reference", "SECTION_PARTS"]

# the parts the record sheets hold after the cards, each listed in the cover's contents by its bookmark's title
SECTION_PARTS = {"sheets": ("Orders log", "What the text leaves open")}
