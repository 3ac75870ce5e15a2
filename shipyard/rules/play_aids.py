"""What every rule set's printed aids share: the pack's options (colour, turns, the user's templates, copies),
the sides' accents, sheet headings, opening damage, and units' names fitted to the room they have."""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from .derived import Derived
from .context import Context


# ---------------------------------------------------------------------------------------------
# What every rule set's printed aids share: the pack's options, headings, side accents

# nation -> (accent in colour, the grey standing for it in black and white)
NATION_ACCENTS = {"Union": ("#1f3f8f", 0.15), "Confederate": ("#7a6449", 0.55), "Other": ("#3f6b4a", 0.35)}


def in_colour(ctx: Context) -> bool:
    """Whether the pack is printed in colour (the PackOptions default when there is no pack)."""
    return bool(getattr(getattr(ctx, "options", None), "colour", True))


def in_play(ctx: Context, derive: Callable[[Any, Context], Derived] | None = None,
            sides: Iterable[str] | None = None) -> list[list] | None:
    """[side, unit as of the scenario's date, its Derived] for every unit of the scenario being printed (None when
    there is none), kept on the context: the pack derives the units for the sheets, and a rule set's templates,
    gauges or quick reference then find them here rather than derive them again.

    `sides`: only those sides' units (names in any case). `derive`: every unit returned that no one has derived yet
    is derived now; without it, such a unit has None for its Derived."""
    scenario, library = getattr(ctx, "scenario", None), getattr(ctx, "library", None)
    if scenario is None or library is None:
        return None
    kept = ctx.__dict__.get("_in_play")
    if kept is None:
        kept = ctx.__dict__["_in_play"] = [[side, unit, None] for side, unit in library.scenario_units(scenario)]
    wanted = {s.lower() for s in sides} if sides is not None else None
    chosen = [entry for entry in kept if wanted is None or entry[0].lower() in wanted]
    if derive is not None:
        for entry in chosen:
            if entry[2] is None:
                entry[2] = derive(entry[1], ctx)
    return chosen


def side_runs(items: Iterable, ctx: Context, unit_of: Callable[[Any], Any] = lambda item: item[0]) -> list[list]:
    """The items (a unit's sheet or card, `unit_of` giving its unit) in runs of one scenario side each, in their
    order: a sheet aid that keeps the sides apart (sides_apart) starts each run on a page of its own, so that each
    side can be handed its own sheets from the one pack. One run outside a scenario, and for units no side names."""
    scenario = getattr(ctx, "scenario", None)
    side_of = {su.id: side.name for side in getattr(scenario, "sides", None) or () for su in side.units}
    runs: list[list] = []
    last = object()
    for item in items:
        side = side_of.get(getattr(unit_of(item), "id", None), last if runs else None)
        if not runs or side != last:
            runs.append([])
        runs[-1].append(item)
        last = side
    return runs


def sides_apart(ctx: Context, runs: list[list], pages: Callable[[list[list]], int]) -> list[list]:
    """The runs a sheet aid lays out, each from a page of its own: the sides' (side_runs) where the pack's
    sides_apart option says so, or where it is unset and that takes no more pages than one run of them all, else
    that one run. `pages(runs)`: how many pages the aid's layout takes for these runs, measured, not drawn."""
    together = [[item for run in runs for item in run]]
    choice = getattr(getattr(ctx, "options", None), "sides_apart", None)
    if len(runs) < 2 or choice is False:
        return together
    if choice is True:
        return runs
    return runs if pages(runs) <= pages(together) else together


DEFAULT_TURNS = 12  # a game night's turns when neither --turns nor the scenario says


def game_turns(ctx: Context) -> int:
    """How many turns the orders logs must hold: --turns, else the scenario's `turns:`, else its `minutes:` in this rule
    set's turns (RuleSet.minutes_per_turn), else DEFAULT_TURNS."""
    chosen = getattr(getattr(ctx, "options", None), "turns", None)
    scenario = getattr(ctx, "scenario", None)
    if chosen is None:
        chosen = getattr(scenario, "turns", None)
    minutes = getattr(scenario, "minutes", None)
    if chosen is None and minutes:  # the action's length in this rule set's turns
        from . import get_ruleset
        from ..library.model import MAX_TURNS

        per = get_ruleset(ctx.tables.ruleset).minutes_per_turn if getattr(ctx.tables, "ruleset", "") else None
        if per:
            chosen = min(MAX_TURNS, max(1, math.ceil(minutes / per)))
    return int(chosen) if chosen else DEFAULT_TURNS


def user_text_templates(ctx: Context):
    """The user's --templates folder of Jinja text templates for this build, or None."""
    options = getattr(ctx, "options", None)
    return getattr(options, "templates_dir", None) if options is not None else None


def nation_of(who: Any) -> str:
    """'Union', 'Confederate' or 'Other' for a unit, a scenario side, a Navy or a nation name."""
    navy = getattr(who, "navy", who)
    nation = getattr(navy, "nation", navy)
    return nation if nation in NATION_ACCENTS else "Other"


def accent(who: Any, ctx: Context):
    """A side's accent for heading rules and markers: Union blue, Confederate grey-brown; a grey in black and white."""
    colour, grey = NATION_ACCENTS[nation_of(who)]
    return colour if in_colour(ctx) else grey


def tint(colour: Any, grey: float, ctx: Context):
    """A fill: the colour in a colour pack, the grey in black and white (so nothing relies on hue)."""
    return colour if in_colour(ctx) else grey


def sheet_heading(unit: Any, derived: Derived, ctx: Context) -> tuple[str, str]:
    """The record sheet's name line and its class/type/navy line, through the (user's) Jinja templates."""
    from .. import texts

    tdir = user_text_templates(ctx)
    return (texts.line("sheet_heading.txt.j2", tdir, unit=unit, derived=derived),
            texts.line("sheet_subheading.txt.j2", tdir, unit=unit, derived=derived))


def heading_rule(page: Any, x: float, y: float, w: float, who: Any, ctx: Context, width: float = 0.8) -> None:
    """The coloured (or grey) rule under a sheet heading that says whose ship it is at a glance."""
    page.line(x, y, x + w, y, width=width, colour=accent(who, ctx))


def damage_done(ctx: Context, unit: Any, tracks: Iterable[str], boxes: int) -> int:
    """Boxes to print struck through on a pre-damaged copy: the scenario unit's damage for the first of `tracks`
    it names (case-insensitive), at most `boxes`. 0 on blank copies or outside a scenario."""
    if getattr(getattr(ctx, "options", None), "copies", "blank") != "pre-damaged" or ctx.scenario is None:
        return 0
    for side in ctx.scenario.sides:
        for su in side.units:
            if su.id != getattr(unit, "id", None) or not getattr(su, "damage", None):
                continue
            lost = {k.strip().lower(): v for k, v in su.damage.items()}
            for name in tracks:
                if name.lower() in lost:
                    return max(0, min(int(boxes), int(lost[name.lower()])))
    return 0


def as_it_stands(block, ctx: Context, unit: Any):
    """A unit's sheet with every tracker on it named as her live sheet names it (render.tags.name_boxes: 'rudder',
    'gun 3'), and on a pre-damaged copy each box the scenario's damage (or a campaign file's) gives under that name
    struck, besides the damage tracks the sheet strikes itself. Returns the block."""
    from ..library.model import MAX_TURNS
    from ..render.tags import name_boxes, turn_of

    for t in name_boxes(block):
        if not t.prefilled:
            t.prefilled = damage_done(ctx, unit, (t.name,), t.count)
        if t.turn and t.prefilled and not t.written:  # the turn written in beside it, as the game's card holds it
            t.written = damage_done(ctx, unit, (turn_of(t.name),), MAX_TURNS)
    return block


LIVE_LINK_MM = {"sheet": 16.0, "card": 14.0}  # a live sheet's QR code, a side: on a sheet, on a record card


def with_live_link(head, unit: Any, ctx: Context, on: str = "sheet"):
    """A sheet's (or a record card's) heading with, at its right, the QR code that opens the unit's live sheet where
    the pack is printed from a game (`pack --state`: PackOptions.live_links); the heading as it is otherwise."""
    links = getattr(getattr(ctx, "options", None), "live_links", None) or {}
    link = links.get(getattr(unit, "id", None))
    if not link:
        return head
    from ..render.qr import Beside, QrCode

    size = LIVE_LINK_MM[on]
    return Beside(head, QrCode(link, size=size, caption="live sheet"), side_width=size)


def short_name(name: str) -> str:
    """A unit's name without its service prefix, for crowded labels: 'USS Hartford' -> 'Hartford'."""
    head, _, rest = name.partition(" ")
    return rest if rest and head.isupper() and head.isalpha() and 2 <= len(head) <= 4 else name


# ranks that begin ships' names (CSS General Earl Van Dorn), shortened where a counter has no room for the whole name
RANK_ABBREVIATIONS = {"General": "Gen.", "Colonel": "Col.", "Governor": "Gov.", "Lieutenant": "Lt.", "Captain": "Capt."}


def fitting_name(name: str, fits: Callable[[str], bool]) -> str:
    """The fullest form of a unit's name that fits: without its service prefix, then with a leading rank shortened
    ('General M. Jeff Thompson' -> 'Gen. M. Jeff Thompson'); the shortest form when none fits."""
    short = short_name(name)
    head, _, rest = short.partition(" ")
    forms = [short] + ([f"{RANK_ABBREVIATIONS[head]} {rest}"] if head in RANK_ABBREVIATIONS and rest else [])
    return next((f for f in forms if fits(f)), forms[-1])


# ---------------------------------------------------------------------------------------------
# Blocks every rule set's aids share


def title_block(unit: Any, derived: Derived, ctx: Context):
    """A sheet's or card's heading as a block: the name and class line from the (user's) templates, over a rule
    in the side's accent."""
    from ..render.text_blocks import Title

    name, sub = sheet_heading(unit, derived, ctx)
    return Title(name, sub, rule_colour=accent(unit, ctx))
