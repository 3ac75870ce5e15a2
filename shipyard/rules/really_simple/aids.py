"""Really Simple ACW Naval Rules: the printed aids (the entry points pack.py and cli.py call).

    sheets(doc, derived, ctx)            ship data cards, several a page, the quick-reference band at the foot
                                         of each page of cards; then an orders log per side
    orders_log(doc, derived, ctx)        a log in the rules' order format, a table of rows per turn
    templates(doc, ctx)                  45° turning gauge and a range stick in joining pieces, true scale
    counters(doc, units, ctx, fold, backs)  speed chits ahead/astern and the markers
    roster(doc, scenario, units, ctx)    the order of battle per side and the speed-against-armour chart
    quick_reference(doc, derived, ctx)   one page of only the rules and tables the units in play use

The cards and pages are blocks (sheet.py, reference.py, roster.py) filled from the typed stats and the tables
(house rules included); boxes.CardGrid and the Flow place them.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...render.blocks import Flow
from .boxes import SPEED_BOX, CardGrid
from .counters import counters, speed_chits
from .reference import quick_reference
from .roster import roster
from .sheet import GUN_BOX, card, cards_header, orders_intro, orders_turn, quick_band, speed_values
from .templates import GAUGE_R, stick_pieces, templates
from .words import gun_groups, kn

__all__ = ["sheets", "orders_log", "templates", "counters", "roster", "quick_reference", "card", "speed_values",
           "speed_chits", "stick_pieces", "gun_groups", "kn", "SPEED_BOX", "GUN_BOX", "GAUGE_R"]


def sheets(doc, derived: list[tuple[Any, Any]], ctx) -> None:
    """Ship data cards in two columns, as many as fit a page, the quick-reference band at the foot of each page;
    then one orders log per side (by nation) that has ships."""
    items = list(derived)
    CardGrid(doc, cards_header(), quick_band(ctx)).place([(unit.name, card(unit, d, ctx)) for unit, d in items])
    by_nation: dict[str, list] = {}
    for unit, d in items:
        by_nation.setdefault(getattr(unit, "nation", ""), []).append(d)
    for nation, ds in by_nation.items():
        if any(not x.stats.is_fort for x in ds) or len(by_nation) == 1:
            orders_log(doc, ds, ctx, title=f"Orders log · {nation}" if len(by_nation) > 1 and nation else "Orders log")


def orders_log(doc, derived: Iterable, ctx, title: str = "Orders log") -> None:
    """A log in the rules' order format: per turn, each vessel's first half move, turns, second half move, turns,
    and the extra orders (speed change, RAM). As many turns as fit on a page."""
    ships = [d for d in derived if not d.stats.is_fort]
    flow = Flow(doc, gap=3.0, rule=False)
    flow.add(orders_intro(title, ctx), bookmark=title, new_page=True)
    turn = 1
    while True:
        block = orders_turn(ships, turn)
        if turn > 1 and block.measure(doc.content.w) + flow.gap > flow.room():
            break
        flow.add(block)
        turn += 1
