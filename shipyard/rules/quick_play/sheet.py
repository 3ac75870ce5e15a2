"""Quick Play record cards as blocks: a card per ship or fort (name, type, speeds and turn, a box per cannonade
factor to strike when guns are put out of action, an EDNA track, the lasting catastrophic events to tick), two to a
row. The play tables are on the quick reference. No page coordinates here, and no sizes: those are the cards' style
record (style.yaml); which box records which outcome of the rules is trackers.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...render.measure import PT, Block
from ...render.tracks import Check, CheckRow, Track, Tracks
from ...render.containers import Columns, Panel, Stack
from ...render.flow import Flow, flow_pages
from ...render.text_blocks import Note, Runs, Text, Title
from ...render.figures import StatBoxes
from ...render.tags import records
from ...render.kit import Divider, card_rows as kit_card_rows, keep_together, turn_strip
from ...render.text import number
from ...errors import ShipyardError
from ..context import Context
from ..rosters import lashed_groups
from ..play_aids import (
    accent, as_it_stands, damage_done, in_colour, nation_of, sheet_heading, side_runs, sides_apart, with_live_link
)
from .reference import LEFT_OPEN, edna_zero_words, factor_name, readings
from .style import style
from .trackers import applies, trackers


YARDS_A_SEA_MILE = 2025.4  # a knot is a sea mile an hour


def speed_words(knots: float, ruleset) -> str:
    """A start speed in knots in Quick Play's own terms, for the set-up page's narrow column ("4 kn (4\")"): the inches
    a bound it makes at the rule set's ground scale and bound (ground_yards, minutes_per_turn), as the cards print
    their settings. Not a setting's name: the settings are by type (4\" is a wooden screw's Slow, an ironclad's
    Cruise, a monitor's Full), so the box on her card nearest those inches is her start setting."""
    return f'{number(round(inches_a_bound(knots, ruleset)))}"'


def inches_a_bound(knots: float, ruleset) -> float:
    """The inches a bound a speed in knots makes at the rule set's ground scale and bound."""
    return max(knots, 0) * YARDS_A_SEA_MILE / 60 * ruleset.minutes_per_turn / ruleset.ground_yards["any"]


def card_inches(knots: float, unit: Any) -> float:
    """The setting on a ship's card (Slow, Cruise, Full: inches a bound) nearest the inches a bound these knots make
    (speed_words); the bundled tables, as her type gives them. The inches themselves for a unit with no type."""
    from .. import get_ruleset
    from .derive import type_row, type_rule

    rs = get_ruleset("quick-play")
    inches = inches_a_bound(knots, rs)
    if getattr(unit, "kind", "") != "vessel":
        return round(inches)
    t = rs.tables()
    row = type_row(type_rule(unit, t.type_rules)["type"], t.ship_types)
    settings = [float(row[s]) for s in ("slow", "cruise", "full") if row.get(s) is not None]
    return min(settings, key=lambda v: (abs(v - inches), v)) if settings else round(inches)


IN_LINE = "(leader's)"  # after a follower's start speed that is her leader's, not a setting of hers: her In line marker


def start_speed(knots: float, units: list, leader: tuple[float, list] | None = None) -> str:
    """A start speed as the starts table prints it ('3"'): the setting on her card nearest the knots, the slower's
    of a lashed pair, which moves at the slower's speed (Mobile Bay's wooden pairs: 4 kn is Brooklyn's Slow 4" but
    Octorara's Slow 3", so the pair makes 3", as bound 1 says); '0"' stopped (in the table's narrow column 'stopped'
    wrapped on Letter and shrank the plan). A ship following a column leader (`leader`: his knots and units) moves at
    his speed (the Line of battle reading), so her figure is his, "(leader's)" after it: the rear pairs of Mobile
    Bay's wooden line, screw ships at 4", steam at Brooklyn's pair's 3" (replay 17, defect p2)."""
    own = units
    if leader is not None:
        knots, units = leader
    if knots <= 0:
        return '0"'
    figure = min(card_inches(knots, u) for u in units)
    if leader is not None:
        # a follower at her leader's speed: said, so the figure does not read as a setting she lacks (replay 26,
        # defect p2: the four screw pairs, slowest 4", behind Brooklyn's 3"), and on every follower, as her In line
        # marker goes out for every one (play 29, moment 5: Hartford's and Richmond's pairs, unlabelled, read as at
        # their own Slow, and the player could not tell whether a pair follows at inches its markers lack)
        return f'{number(figure)}" {IN_LINE}'
    return f'{number(figure)}"'


def draught_words(unit: Any) -> str:
    """'draws 16 ft' for a ship whose draught is known, so a grounding needs no book; '' for a fort."""
    ft = getattr(unit, "draught_ft", None)
    return f"draws {number(round(ft * 2) / 2)} ft" if ft else ""  # to the half foot, as the depths are given


def type_words(s) -> str:
    return s.type + (" · Ram" if s.ram else "")


def speed_boxes(s) -> list[tuple[str, str]]:
    """Slow, Cruise, Full (inches a move; '–' where the type has none) and the turn."""
    sp = s.speeds_in
    items = [(word, "–" if v is None else f"{number(v)}\"") for word, v in (("Slow", sp.slow), ("Cruise", sp.cruise),
                                                                            ("Full", sp.full))]
    return items + [("Turn", "–" if s.turn_deg is None else f"{number(s.turn_deg)}°")]


def subtitle_without_type(subtitle: str, unit: Any) -> str:
    """The class/navy line without its leading vessel type (or 'Fort'): the card prints the game's type once, at the
    right of the name."""
    parts = subtitle.split(" · ")
    kind = "fort" if getattr(unit, "kind", "") == "fort" else str(getattr(getattr(unit, "type", None), "value", ""))
    if len(parts) > 1 and parts[0].strip().lower() == kind.lower():
        parts = parts[1:]
    line = " · ".join(parts)
    return line[:1].upper() + line[1:]


def gun_boxes(s, ctx: Context) -> Block:
    """A box per cannonade factor, by factor (the rules' guns): struck when guns are put out of action."""
    return Tracks([Track(f"{factor_name(ctx, k)} {v}", v, records="gun") for k, v in s.cannonade.items()],
                  **style()["gun_boxes"])


# the lasting catastrophic events' boxes on a card: (tracker, labels); engines has a box per state
EVENT_CHECKS = (("sunk", ("sunk",)), ("struck", ("struck",)), ("holed", ("holed",)),
                ("engines", ("no Full", "Slow only", "stopped")), ("rudder", ("one turn every 2nd bound", "no turning")),
                ("silenced", ("silenced",)))
# a box whose event comes due later carries a write-in for the bound it falls in (by its label): holed, the bound
# she sinks; a rudder that turns every 2nd bound, the bound of the hit, which the count runs from (replay 8), said by
# the blank: "from ______" read either as the hit's bound or her first turn's (replay 14; hit in 3: turns in 5, 7, 9)
WRITE_IN = {"holed": ", in bound ______", "one turn every 2nd bound": ", hit in bound ______"}


def event_words(ctx: Context, tracker: str, label: str) -> str:
    """A one-box event's label with what it does, in the words of its catastrophic_events row ('holed: sinks in 1D6
    moves'), so the card says what the box means; the label alone when its row says no more than the label."""
    rows = {o.row for o in trackers().outcomes if o.table == "catastrophic_events" and o.tracker == tracker}
    for r in ctx.tables.catastrophic_events.rows:
        text = str(r.get("ship", ""))
        if r["double"] in rows and text.lower().startswith(label.lower() + ":"):
            return text
    return label


def event_checks(s, ctx: Context) -> Block:
    wanted = trackers().for_unit(applies, s)
    checks = [Check((event_words(ctx, key, label) if len(labels) == 1 else label) + WRITE_IN.get(label, ""), 1, key,
                    turn=label in WRITE_IN)
              for key, labels in EVENT_CHECKS if key in wanted for label in labels]
    if s.is_fort and s.cannonade.total:  # after Silenced, in the room a fort's events row leaves: no box, blanks
        checks.append(Check(FORT_GUNS_OUT, 0))
    return records(CheckRow("Events", checks, **style()["events"]), *(c.tracker for c in checks if c.tracker))


# a ship's states of the moment, ticked in pencil and rubbed out (no tracker: they end within a bound or two): touching
# a model (Passing: no drift, her speed in a ram kept) and a RAM said at her number (Ramming), which replay 27's player
# had nowhere to note on the card
NOW_HEAD = "Now"
NOW_CHECKS = ("touching", "RAM declared")
# after them, a blank to note a magazine or boiler hit, which has no box (NO_EVENT_BOX; play 29: "mark what it does"
# and nowhere to mark it, the player wrote in the margin)
NOW_NOTE = "note ________"
# a fort's guns go out by doubles (2-2, 3-3: 4; 4-4, 5-5: 2; 6-6: 1) and a factor box struck does not say which
# double struck it: a line to write each in (replay 27: Fort Morgan's card had no place for it)
# play 38, moment 11: "(double: factors)" read as a double striking factors, against "a gun out strikes a factor
# box": the line says what to write, the double, a box a gun out
# play 43: what a blank takes and what a fifth double does: each blank the double and its guns out ("5-5: 2"); the
# boxes count, so a fifth strikes its boxes only
FORT_GUNS_OUT = "each double, as 5-5: 2 out ______ ______ ______ ______ (5th: boxes only)"


def speed_record() -> str:
    """Where a ship's speed now is kept: her speed marker beside the model, changed as she changes speed, none out
    when she is stopped. A tick box a setting on the card could not be unticked, so after two changes a card showed
    two speeds (replay 5). Play 42, moment 1: "none out: stopped" said what no marker means, not that a ship stopping
    (Brooklyn's failed test) takes hers off: "off when she stops" says both, in the same line."""
    return "Her speed now is the speed marker beside her model (off when she stops), not a mark on her card."


def card(unit: Any, d, ctx: Context) -> Block:
    """One unit's record card."""
    s, st = d.stats, style()
    name, detail = sheet_heading(unit, d, ctx)
    side = nation_of(unit)
    side_note = [f"{s.guns} pieces" + (f" in {s.cannonade.total} factors" if s.is_fort and s.cannonade.total else "")]
    if draught_words(unit):
        side_note.append(draught_words(unit))  # a line of its own: joined, "draws 17½ ft" wrapped its "ft" (replay 7)
    if s.turns_when_stationary:
        side_note.insert(0, "turns when stopped")
    scenario = getattr(getattr(ctx, "scenario", None), "id", None)
    side_note += [str(r["note"]) for r in ctx.tables.fort_card_notes.rows
                  if s.is_fort and r["scenario"] == scenario and r["unit"] == getattr(unit, "id", None)]
    head = Columns([
        Title(name, subtitle_without_type(detail, unit), rule_colour=accent(unit, ctx), **st["title"]),
        # a line each ("turns when stopped", "6 pieces"): joined they wrapped mid-phrase ("· 6 / pieces")
        Stack([Text(type_words(s), **st["type_words"]), *(Note(n, **st["side_note"]) for n in side_note)],
              **st["side_stack"]),
    ], **st["head_row"])
    head = with_live_link(head, unit, ctx, on="card")
    moves = StatBoxes([("Speed", "does not move")], **st["fort_speed"]) if s.is_fort \
        else StatBoxes(speed_boxes(s), **st["speeds"])
    # play 34, defect: "every EDNA row prints the start value twice ('EDNA 16 16 15 ...'): a label, then the first box.
    # It is easy to strike the label": the label is the word alone, the first box her EDNA
    edna = Tracks([Track("EDNA", s.edna, prefilled=damage_done(ctx, unit, ("edna",), s.edna), records="edna",
                         numbered="down")],
                  **edna_style(s.edna, st))
    # her speed now is her speed marker by the model, not a tick on the card (speed_record); under it, in the room
    # her guns' column leaves beside it, a ship's pencilled states of the moment (NOW_CHECKS)
    left = moves if s.is_fort else Stack([moves, CheckRow(NOW_HEAD, [Check(label) for label in NOW_CHECKS] + [Check(NOW_NOTE, 0)],
                                                          **st["now_checks"])], **st["now_stack"])
    # in black and white a side's shade is on the card's head only: the boxes a player pencils in stay white
    shade = None if in_colour(ctx) else st["bw_shade"].get(side)
    if shade is not None:
        head = Panel(head, fill=shade, **st["bw_head"])
    parts = [head, Columns([left, gun_boxes(s, ctx)], **st["middle_row"]), edna, event_checks(s, ctx)]
    return as_it_stands(Panel(Stack(parts, **st["card_stack"]), **st["card"]), ctx, unit)


unit_sheet = card  # one unit's card as it prints (its trackers named as her live sheet names them)


def stopped_turn(ctx: Context) -> str:
    """Who may turn with no way on: the types the ship-types table lets turn stopped (a sidewheeler). Only their
    cards said so, and replay 14's player had to infer that stopped Brooklyn, a screw sloop, could not turn
    (judgement call 2): every card page's head says it for every ship, and that at anchor even she does not (replay
    19, moment 1: Morgan lay anchored and swung to fire; the Tide reading and the Anchored marker say it too)."""
    types = [r["type"].lower() for r in ctx.tables.ship_types.rows if r["turns_when_stationary"]]
    return f"Stopped, only a {' or a '.join(types)} turns, none at anchor." if types else "Stopped, no ship turns."
# a magazine (1-1) or boiler (2-2) hit is over once thrown: its outcome is what a card keeps (replay 7 looked for a box)
NO_EVENT_BOX = "a magazine or boiler hit has no box: note it after Now"
# what a card with every factor box struck means, where the boxes are struck (replay 12: Tennessee, all her guns out,
# fired on; the All guns out reading on the roster page was not where the player looked)
ALL_GUNS_OUT = "all struck, she fires no more"


def page_header(ctx: Context) -> Block:
    """The head of every card page: how to mark a card, and the bound in a strip (the kit's turn strip)."""
    order = ", then ".join(factor_name(ctx, k) for k in ctx.tables.guns_out.rows)
    st = style()
    how = Runs([("Quick Play ACW Naval Rules — record cards  ", "bold"),
                (f"Strike an EDNA box a hit, from the left (in fives only to count by): the first box left is her EDNA now; at 0 "
                 f"{edna_zero_words(ctx)} For each gun put out of action strike one factor box, {order} (a fort's too): "
                 f"{ALL_GUNS_OUT}. "
                 f"Tick each event that befalls her ({NO_EVENT_BOX}). {speed_record()} {stopped_turn(ctx)} Play tables: the quick "
                 "reference.",
                 "regular")],
               **st["page_header"])
    from .. import get_ruleset  # the rule set itself, loaded once by the registry

    # the article's turn is a bound (the rule set's turn_word): its "Turn" is turning, phase 6, never the bound
    word = get_ruleset("quick-play").turn_word.capitalize()
    return Stack([how, turn_strip(ctx.tables, st, word=word)], **st["header_stack"])


def card_rows(cards: list) -> list[tuple[Block, list[str]]]:
    """Cards (each as its unit's name and card; a lashed pair's Together) two to a row: (the row, the names on it);
    the kit keeps a lashed pair on one row, or a ship with two consorts in rows kept on one page."""
    def row(blocks: list[Block]) -> Block:
        return Columns(blocks + [Stack([])] * (2 - len(blocks)), **style()["cards"])
    return kit_card_rows(cards, 2, row, style()["cards"]["gap"])


def sides_meet_words(above: str, below: str) -> str:
    """The words where two sides' cards meet on one page."""
    return SIDES_MEET.format(above=above, below=below)


SIDES_MEET = "{above} cards above this line · {below} cards below"


def sheets(doc, derived: list[tuple[Any, Any]], ctx: Context) -> None:
    """Record cards two to a row, as many rows as fit a page, each side's from a page of their own wherever the pack
    keeps the sides apart (play_aids.sides_apart); then what the article leaves open about the bound
    (reference.readings), in the room the last card page leaves (the set-up's readings are under the roster).
    Where the sides share the cards' pages, each side's cards start a row of their own under a line saying whose are
    above it and whose below (render.kit Divider)."""
    if not derived:
        raise ShipyardError("quick-play sheets: no vessels or forts given")
    gap, header = style()["cards"]["gap"], page_header(ctx)
    by_side = side_runs(derived, ctx)
    made = [keep_together([[(d.unit_name, card(u, d, ctx)) for u, d in group]  # a lashed pair on one row
                           for group in lashed_groups(getattr(ctx, "scenario", None), run)])
            for run in by_side]
    scenario = getattr(ctx, "scenario", None)
    side_of = {su.id: side.name for side in getattr(scenario, "sides", None) or () for su in side.units}
    # the first card of each side's run after the first, by identity: (the side above, this side)
    meets = {id(run[0]): (side_of.get(getattr(prev[0][0], "id", None)), side_of.get(getattr(here[0][0], "id", None)))
             for run, prev, here in zip(made[1:], by_side, by_side[1:]) if run}
    box = doc.content_for(False)
    page_h = box.h - header.measure(box.w) - gap  # below the running header, as the Flow sets it

    after = readings(ctx, "bound")

    def rows_of(run) -> list[tuple[Block, list[str]]]:
        """The run's card rows; where a side's cards begin inside it, from a row of their own under a Divider."""
        parts: list[tuple[list, tuple | None]] = [([], None)]
        for item in run:
            if id(item) in meets and parts[-1][0]:
                parts.append(([], meets[id(item)]))
            parts[-1][0].append(item)
        out = []
        for items, sides in parts:
            rows = card_rows(items)
            if sides and all(sides) and rows:
                row, names = rows[0]
                rows[0] = (Stack([Divider(sides_meet_words(*sides), **style()["sides_meet"]), row], gap=0,
                                 keep_together=True), names)  # never the line at a page's foot, its cards overleaf
            out += rows
        return out

    def pages(runs) -> int:  # the cards, each run from a new page, and the readings in the room the last one leaves
        rows = [(row, k == 0) for run in runs for k, (row, _) in enumerate(rows_of(run))]
        return flow_pages([row for row, _ in rows] + [after], box.w, page_h, gap,
                          new_page=[starts for _, starts in rows] + [False], fill=[False] * len(rows) + [True])

    flow = Flow(doc, gap=gap, rule=False, header=header)
    for run in sides_apart(ctx, made, pages):
        for k, (row, names) in enumerate(rows_of(run)):
            flow.add(row, page_bookmark=f"Cards from {names[0]}", new_page=k == 0)
            for n in names:
                doc.bookmark(n, level=1, y=flow.top)
    flow.fill = True  # the readings table may begin under the last cards and run on overleaf, between its rows
    flow.add(after, bookmark=f"{LEFT_OPEN}: the bound")


def edna_style(edna: int, st) -> dict:
    """The EDNA track's style: its boxes smaller (edna_long, edna_longest) where more than a card's row holds at the
    full size (Fort Morgan's 22 ran its last two boxes onto a line of their own), so the whole track reads in one row."""
    out = dict(st["edna"])
    for long in (st["edna_long"], st["edna_longest"]):
        if edna > long["over"]:
            out.update({k: v for k, v in long.items() if k != "over"})
    return out
