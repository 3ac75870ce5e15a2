"""Really Simple ACW Naval Rules: the printed aids (the entry points pack.py and cli.py call).

    sheets(doc, derived, ctx)            ship data cards, as many as fit a page; then an orders log per side
    orders_log(doc, derived, ctx)        a log in the rules' order format: a row per ship, a column per turn,
                                         for every turn of the game (game_turns)
    templates(doc, ctx)                  45° turning gauge and a range stick in joining pieces, true scale,
                                         on one page while they fit
    counters(doc, units, ctx, fold, backs)  speed chits ahead/astern and the markers
    roster(doc, scenario, units, ctx)    the order of battle per side and the speed-against-armour chart
    quick_reference(doc, derived, ctx)   one page of only the rules and tables the units in play use

The cards and pages are blocks (sheet.py, reference.py, roster.py) filled from the typed stats and the tables
(house rules included); boxes.CardGrid and the Flow place them.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...render.flow import Flow
from ...render.containers import Stack
from ..play_aids import game_turns, short_name
from ...render.kit import CardGrid
from .counters import counters, speed_chits
from .damage import check_opening_damage
from .reference import quick_reference, readings_blocks
from .roster import roster
from .sheet import card, cards_header, turn_strip, log_layout, log_style, orders_intro, speed_values, style
from .templates import GAUGE_R, stick_pieces, templates
from .words import gun_groups, kn

SPEED_BOX = style()["speed_track"]["cell"]  # mm: a speed box on a card
GUN_BOX = style()["gun_rows"]["box"]  # mm: a gun's box on a card

__all__ = ["sheets", "orders_log", "templates", "counters", "roster", "quick_reference", "card", "speed_values",
           "speed_chits", "stick_pieces", "gun_groups", "kn", "SPEED_BOX", "GUN_BOX", "GAUGE_R"]


def sheets(doc, derived: list[tuple[Any, Any]], ctx) -> None:
    """Ship data cards in two columns, as many as fit a page (the hit and special-effect tables are on the quick
    reference); then one orders log per side (by nation) that has ships."""
    check_opening_damage(ctx)
    items = list(derived)
    CardGrid(doc, cards_header(ctx), **style()["cards"]).place([(unit.name, card(unit, d, ctx)) for unit, d in items])
    by_nation: dict[str, list] = {}
    for unit, d in items:
        by_nation.setdefault(getattr(unit, "nation", ""), []).append(d)
    logs = [(nation, ds) for nation, ds in by_nation.items() if any(not x.stats.is_fort for x in ds) or len(by_nation) == 1]
    for k, (nation, ds) in enumerate(logs):
        last = k == len(logs) - 1
        orders_log(doc, ds, ctx, title=f"Orders log · {nation}" if len(by_nation) > 1 and nation else "Orders log",
                   after=readings_blocks(ctx) if last and readings_with_logs(ctx) else None)


def readings_with_logs(ctx) -> bool:
    """Whether a pack prints what the text leaves open after its last orders log (sharing the page a small side's
    log leaves) rather than after the quick reference: a pack printing both its sheets and its quick reference.
    One rule both aids read, so the page is printed once."""
    options = getattr(ctx, "options", None)
    return options is not None and bool(getattr(options, "sheets", False)) and bool(getattr(options, "reference", False))


def lashed_pairs(ctx) -> dict[str, str]:
    """Each ship lashed to a consort in the scenario (its unit id) and her consort's name."""
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return {}
    out = {}
    for side in scenario.sides:
        for su in side.units:
            if su.lashed_to and su.lashed_to in ctx.library.units:
                out[su.id] = ctx.library.units[su.lashed_to].name
    return out


def orders_log(doc, derived: Iterable, ctx, title: str = "Orders log", after: list | None = None) -> None:
    """A log in the rules' order format for every turn of the game (game_turns): a row per ship, a column per turn,
    in bands of as many turns as the page width holds; a band splits onto the next page between ships, so the
    log never runs out whatever the fleet. after: blocks that follow the log, on its page where a small side's log
    leaves them room (its rows then grow less)."""
    ships = [d for d in derived if not d.stats.is_fort]
    strip = turn_strip(ctx)
    flow = Flow(doc, gap=log_style()["gap"], rule=False, header=strip)
    lashed = lashed_pairs(ctx)
    consorts = [short_name(lashed[d.unit_id]) for d in ships if d.unit_id in lashed]
    intro = orders_intro(title, ctx, lashed=consorts[0] if consorts else "")
    box = doc.content
    room = box.h - intro.measure(box.w) - strip.measure(box.w) - flow.gap
    tail = Stack(after, **style()["reference_stack"]) if after else None
    bands = log_layout(ships, game_turns(ctx), box.w, room, flow.gap, lashed)
    if tail is not None:  # a log that fits its page with the readings under it leaves them that room
        short = room - tail.measure(box.w) - flow.gap
        fitted = log_layout(ships, game_turns(ctx), box.w, short, flow.gap, lashed)
        if sum(b.measure(box.w) + flow.gap for b in fitted) <= short:
            bands = fitted
    flow.add(intro, bookmark=title, new_page=True)
    for band in bands:
        flow.add(band)
    if tail is not None:
        flow.add(tail, bookmark="What the text leaves open")
