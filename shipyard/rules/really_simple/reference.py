"""Really Simple ACW Naval Rules: one page of only the rules and tables the units in play use, as blocks through
a Flow: their gun classes' rolls against their armour numbers, the modifiers, the hit and special-effect
tables, torpedoes, movement, shoals, ramming. Every number from the tables."""

from __future__ import annotations

import re

from ...render.measure import Block
from ...render.containers import Columns, Stack
from ...render.flow import Flow
from ...render.text_blocks import Heading, Note, Runs, Text
from ...render.table_block import Table
from ...render.text import number
from .derive import modifier, scale_factor
from .sheet import style
from .trackers import effect_rolls, no_effect_text

from ...render.kit import turn_card
from .words import INSTEAD, LIST_ARCS, density_words, need, option, other_readings, shoal_dice, ranges_text, reading, readings, row_text, signed, sinks_in, special_effect, special_effect_words, step_kn


def _heading(text: str) -> Heading:
    return Heading(text, **style()["reference_heading"])


# a rule's lead words at the start of a paragraph or after a sentence's full stop, up to its colon ('Several hits:',
# 'List again (4, 5):', 'T__:'): set bold, so a dense paragraph reads as its steps (replay 32: p11 a wall of text)
_LEAD = re.compile(r"(?:(?<=^)|(?<=\. ))((?:[A-Z][A-Za-z0-9'’_ ,-]{0,26}?|T__)(?: \([^()]{1,24}\))?:)(?= )")


def _body(text: str, size: float | None = None) -> Runs:
    """A paragraph of the quick reference, each rule's lead words in bold (its steps seen at a glance), at `size`
    (the size quick_reference found room for, reference_body's size up to its max_size; None: the style's own)."""
    st = {k: v for k, v in style()["reference_body"].items() if k not in ("max_size", "size_step")}
    if size:
        st["size"] = size
    runs, at = [], 0
    for m in _LEAD.finditer(text):
        if m.start() > at:
            runs.append((text[at:m.start()], "regular"))
        runs.append((m.group(1) + " ", "bold"))  # its space with it: the next run's first word is a new word
        at = m.end() + 1
    runs.append((text[at:], "regular"))
    return Runs([r for r in runs if r[0]], **st)


def _steps(text: str, size: float | None = None) -> list[Runs]:
    """A paragraph of several rules broken into a paragraph a rule, each opening on its bold lead words (replay 28:
    p11's Collisions and T__ read as one long chain of clauses, hard to find mid-game)."""
    starts = [m.start() for m in _LEAD.finditer(text)]
    cuts = ([0] if not starts or starts[0] > 0 else []) + starts + [len(text)]
    return [_body(text[a:b].strip(), size) for a, b in zip(cuts, cuts[1:]) if text[a:b].strip()]


def _paragraphs(size: float | None):
    """_body and _steps at `size`: what a part of the quick reference sets its paragraphs with."""
    from functools import partial

    return partial(_body, size=size), partial(_steps, size=size)


def _sentence(text: str) -> str:
    """A reading opening a sentence, where its own first words name the rule ('the striker is ...', 'casting off
    ...'): its first letter capitalised, the rest as written (CAST OFF stays an order)."""
    return text[:1].upper() + text[1:]


def _paired(rows) -> list[list]:
    """Two-cell rows set two to a line: the first half down the left, the rest down the right."""
    half = (len(rows) + 1) // 2
    return [list(rows[k]) + (list(rows[k + half]) if k + half < len(rows) else ["", ""]) for k in range(half)]


def _two(rows) -> Table:
    """A roll and what it does, a line each."""
    return Table(rows, align=["centre", "left"], **style()["reference_rolls"])


def _two_paired(rows) -> Table:
    """A short table of rolls two to a line (the first half down the left, the rest down the right): the 1d6 tables
    of hits and torpedoes, so the quick reference keeps one page on Letter."""
    return Table(_paired(rows), align=["centre", "left"] * 2, **style()["reference_rolls_paired"])


def _modifiers(rows, header=None) -> Table:
    """Modifiers and their values, two to a line (the left column's, then the right's), so the page keeps room for
    the readings a turn needs."""
    paired = _paired(rows)
    st = dict(style()["reference_modifiers"])
    widths = st.pop("widths")
    return Table(paired, header=list(header) * 2 if header else None, widths=[*widths, *widths],
                 align=["left", "centre"] * 2, **st)


def shooting(derived: list, ctx, size: float | None = None) -> Block:
    """Shooting, the hits and (with forts in play) how a fort fires: one Stack of shooting_parts."""
    st = style()
    return Stack([b for part in shooting_parts(derived, ctx, size) + [forts(derived, ctx, size)] for b in part],
                 **st["reference_stack"])


def shooting_parts(derived: list, ctx, size: float | None = None) -> list[list[Block]]:
    """Shooting in the parts a column may break between, in reading order: the shooting roll (its heading, needs,
    modifiers and their paragraph), the hit table with Several hits, a gun lost and the arcs, the forts."""
    body, steps = _paragraphs(size)
    t = ctx.tables
    classes = sorted({(g.size, g.rifled, g.fire_factor) for d in derived for g in d.stats.guns}, key=lambda c: (-c[2], c[0]))
    armours = sorted({int(d.stats.armour) for d in derived})
    st = style()
    parts: list[Block] = [_heading("Shooting: 1d6 + factor + modifiers must beat armour")]
    if classes and armours:
        most = sum(max(0, int(r["modifier"])) for r in t.require("shooting_modifiers").rows if r.get("key") != "rifled")
        rows = [[f"{s}{' rifle' if r else ''} +{ff}"] + [need(ff, a, most) for a in armours] for s, r, ff in classes]
        need_table = st["reference_needs"]
        gun_w = need_table.pop("gun_weight")
        parts += [Table(rows, header=["gun \\ armour"] + [str(a) for a in armours], widths=[gun_w] + [1] * len(armours),
                        align=["left"] + ["centre"] * len(armours), **need_table),
                  Note("cells: d6 needed, effective range, unmodified (7+: needs a plus; 1+: even a 1)", **st["reference_note"])]
    # the rifle's +1 is in every factor printed (Large rifle +4, a card's LR +4): listed again it was added twice
    parts.append(_modifiers([[r["label"], signed(r["modifier"])] for r in t.require("shooting_modifiers").rows
                             if r.get("key") != "rifled"]))
    rifled = signed(modifier(t, "rifled")[0])
    # end-on said under the modifier a player reads it by, not in the arcs (replay 29: missed there, three turns replayed)
    # play 41: the gun sizes' factors left to the needs table's rows and the roster's key (p11's room for its answers)
    parts.append(body(f"End-on: {reading(t, 'End-on')}. Ranges: {ranges_text(ctx)}, {reading(t, 'Range bands')}. Factors: rifled {rifled}, in each factor "
                       f"here and on the cards. Steam-filled: {reading(t, 'Steam-filled')}."))
    # play 37, defect: '2-3 Lose a gun' with no word that a fort loses one only on a 2 (its line under Forts)
    # play 43, moment 10: what a fort ignores (a list, a magazine, steering) was only in Forts' last line: the rolls
    # that do something to one, said in the table's own heading
    fort = next((d.stats for d in derived if d.stats.is_fort), None)
    on_fort = ""
    if fort is not None:
        hit, special = (rolls for _, rolls in effect_rolls(t, fort))
        on_fort = f" (a fort: only {hit}; 2d6 {special} count)"
    hits = [_heading(f"On a hit, roll 1d6{on_fort}"),
            _two_paired([[r["roll"], r["effect"]] for r in t.require("hit_effects").rows]),
            body(f"Several hits: {reading(t, 'Several hits')}. Sinking: {reading(t, 'Sinking countdown')}.")]
    largest = f" Largest: {reading(t, 'Largest gun')}." if option(t, "gun_lost") == "heaviest" else ""
    out = [parts, hits]
    out.append([body(f"A gun lost: {reading(t, 'Which gun is lost')}.{largest} Guns that bear: {reading(t, 'Guns that bear')}. "
                     f"Arcs: {reading(t, 'Arcs')}. Targets: {reading(t, 'Targets')}; {reading(t, 'Line of fire')}. "
                     f"Stationary: {reading(t, 'Stationary')}.")])
    return out


def forts(derived: list, ctx, size: float | None = None) -> list[Block]:
    """How a fort fires and what the tables' rows do to it, when a fort is in play: after the shooting parts, or on
    the roster page where it has room (play 31: p11 had no room for the answers to its moments)."""
    body, steps = _paragraphs(size)
    t = ctx.tables
    forts = [d.stats for d in derived if d.stats.is_fort]
    if not forts:
        return []
    nothing = no_effect_text(t, forts[0], "On a fort")
    share, losses = reading(t, "Forts' guns"), reading(t, "A fort's losses")
    return [body(f"Forts (ours): {reading(t, 'Forts in the turn')}; {reading(t, 'A fort' + chr(39) + 's window')}; "
                 f"{share}; {losses}; {reading(t, 'A fort' + chr(39) + 's gun lost')}. Silenced: "
                 f"{reading(t, 'Silenced')}; {reading(t, 'A silenced fort')}. " + nothing)]


def torpedoes(derived: list, ctx, size: float | None = None) -> list[Block]:
    """The torpedo field and what a strike does (reconstructed tables: the text has none), when a ship is in play."""
    body, steps = _paragraphs(size)
    if not any(not d.stats.is_fort for d in derived):
        return []
    t = ctx.tables
    field = t.require("torpedo_field").rows
    text = (f"Torpedo test: {reading(t, 'Torpedo test')}: roll {field['dice']}; a torpedo strikes on "
            f"{number(field['strike_on'])}{'+' if int(field['strike_on']) < 6 else ''}; then roll {field['dice']} again "
            f"for what it does (below). {density_words(t)} Forts are not struck.")
    return [_heading("Torpedoes (mines) · Not in the original text: ours"), body(text),
            _two_paired([[r["roll"], r["effect"]] for r in t.require("torpedoes").rows])]


def turn_track(ctx, size: float | None = None) -> list[Block]:
    """A box a turn for the game's turns (play_aids.game_turns), to strike as each ends: where the players keep
    count for the events, the sinking countdowns and the T__ written on the cards."""
    body, steps = _paragraphs(size)
    from ...render.kit import SpeedCell, SpeedRow, SpeedTrack
    from ..play_aids import game_turns

    # play 31, moment 12: turns 5 and 10 were shaded and nothing said why (a count by fives, no rule): all plain
    cells = [SpeedCell(str(k)) for k in range(1, game_turns(ctx) + 1)]
    # play 42, moment 10: a game stopped for good is scored as at that turn's end (the reading lives in its table)
    return [body(f"Turn track: strike each turn as it ends (stopped for good: {reading(ctx.tables, 'Stopped early')})"),
            SpeedTrack([SpeedRow("TURN", cells)], **style()["speed_track"])]


def movement(derived: list, ctx, size: float | None = None) -> list[Block]:
    body, steps = _paragraphs(size)
    t = ctx.tables
    ships = [d.stats for d in derived if not d.stats.is_fort]
    if not ships:
        return []
    m = t.require("movement").rows
    dr = t.require("drifting").rows
    per_kn = scale_factor(ctx)[0] * float(m.get('inches_per_knot', 1))
    # play 32, moments 1 and 7: may she move fewer inches than her speed (turn 1 too)? And the player who wrote 3 kn
    # (steam pipes) moved 2 in: the knots-to-inches line with a worked speed, and fewer inches at will
    text = (f"1 knot = {number(per_kn)} in a turn at {ctx.scale} (3 kn: {number(3 * per_kn)} in, "
            f"{number(1.5 * per_kn)} a half move; fewer: Speed this turn). "
            f"Turns: {reading(t, 'Turns in the orders')}. "
            # her speed, said where she moves (replay 29: only on the orders logs, and asked every turn)
            f"Speed this turn: {reading(t, 'Speed this turn')}. Astern: {number(float(m.get('astern_fraction', 0.5)))} of her top "
            # play 31, moment 7: Selma's card says ASTERN 4½ kn: of a damaged ship, half her top speed now
            f"speed now, to the {number(step_kn(t))} kn below (a card's ASTERN: undamaged)")
    if any(s.astern_as_fast for s in ships):
        text += ", but double-ended sidewheelers go as fast astern"
    # play 31, moment 11: drift and swing in which order? The drift first, then the swing about her centre
    text += (f". Drifting (speed lost to 0, sinking, struck or abandoned): drift {number(dr['inches'])} in a turn with the tide, "
             f"then {number(dr['swing_clockwise_on'])} on 1d6 "
             f"swings her {number(dr['swing_deg'])}° clockwise, {number(dr['swing_anticlockwise_on'])} anticlockwise. "
             f"Stopped by order: {reading(t, 'Stopped by order')}. Tide: {reading(t, 'Tide')}. Speed lost: {reading(t, 'Speed lost')}. "
             f"The 0 box: {reading(t, 'The 0 box')}.")
    c = t.require("collisions").rows
    avoided = signed(modifier(t, "avoided_collision")[0])
    # play 39, moment 5: 'a contact: met fore and aft, 2 knots' left a ship avoided at her bow, end-on at her stern,
    # unsure: the knot is each end-on contact's, an avoided one costs none (tables.yaml, Collisions' note); play 40,
    # moment 5: 'fore and aft: 2 knots' was read as a bow meeting a stern (2 each): that is one contact, 1 knot; a
    # ship met at both ends loses 2
    contact = (f"Contact: {reading(t, 'Contact in the move')}. {_sentence(reading(t, 'Collisions'))}; end-on, the two "
               f"that touch (not their consorts) lose {number(c['end_on_loss_kn'])} knot each "
               f"({number(round(float(c['end_on_loss_kn']) / step_kn(t)))} SPEED boxes) a contact "
               f"(avoided: none; met at both ends: {number(2 * float(c['end_on_loss_kn']))}). Without a RAM order "
               f"the striker avoids it on "
               f"{number(c['avoid_on'])}+ (1d6), shooting {avoided}; otherwise it is a ram.")
    return [_heading("Movement"), body(text), *steps(contact)]


def ramming(derived: list, ctx, size: float | None = None) -> list[Block]:
    """The ramming roll, its modifiers with what the rammer's speed is, and what the total does, when ships are in
    play: in the left column, which has the room."""
    body, steps = _paragraphs(size)
    if not any(not d.stats.is_fort for d in derived):
        return []
    t = ctx.tables
    ram = t.require("ramming").rows
    return [_heading("Ramming: 1d6 + modifiers, bow into any ship's side"),
            _modifiers([[r["label"], signed(r["modifier"])] for r in ram["modifiers"]]),
            _two([[r["roll"], r["effect"]] for r in ram["results"]]),
            body("Rammer's speed: " + reading(t, "Rammer's speed") + f". Crippled: {reading(t, 'Crippled')}.")]


def lashed_pairs(derived: list, ctx, size: float | None = None) -> list[Block]:
    """Lashed pairs and a ship carried by her consort, when ships are in play: on the roster page where it has room,
    else in the quick reference's flow."""
    body, steps = _paragraphs(size)
    if not any(not d.stats.is_fort for d in derived):
        return []
    t = ctx.tables
    return [body(f"Lashed pairs: {reading(t, 'Lashed pairs')}. Carried: {reading(t, 'Carried')}. {t.require('lashed_losses').rows['reading']}. "
                  f"{_sentence(reading(t, 'A pair parted'))}.")]


def shoals(derived: list, ctx, size: float | None = None) -> list[Block]:
    """Grounding on a shoal and getting off, with the drafts of the ships in play (none for forts alone)."""
    body, steps = _paragraphs(size)
    ships = [d.stats for d in derived if not d.stats.is_fort]
    if not ships:
        return []
    drafts = sorted({s.draft_ft for s in ships if s.draft_ft is not None})
    shore = land_corners(ctx)
    land = f" Land: {reading(ctx.tables, 'Land')}" + (f"; its corners, {shore}" if shore else "") + "."
    return [_heading("Shoals"),
            body(f"{shoal_dice(ctx.tables).capitalize()} (drafts in play: {', '.join(map(str, drafts))} ft). Aground: "
                  f"{reading(ctx.tables, 'Aground')}.{land}")]


def land_corners(ctx) -> str:
    """The scenario's land on this table, its corners in table units from the bottom-left corner as the set-up
    places everything ('in from the bottom-left corner: Mobile Point 61½, 28½; 72, 27; ... · Dauphin Island ...'),
    each land's corners in turn, '' without a scenario
    or land: where a ship's centre grounds on the shore (play 30, moment 6: only grey on the plan, no numbers)."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    if setup is None or not getattr(setup, "land", None):
        return ""
    from ...pack.setup_page import Ground, fit
    from .. import get_ruleset

    f = fit(setup, get_ruleset(ctx.tables.ruleset), ctx.scale)
    shores = [(name, outline) for name, outline in Ground.on(setup, f).land]
    if not shores:
        return ""
    said = " · ".join(f"{name} " + "; ".join(f"{number(x)}, {number(y)}" for x, y in outline) for name, outline in shores)
    return f"{f.unit} from the bottom-left corner: {said}"



def special_effects(ctx, size: float | None = None) -> list[Block]:
    """The 2d6 special effects, each row's words filled from its own fields (a house rule's knots or turns)."""
    body, steps = _paragraphs(size)
    t = ctx.tables
    return [_heading("Special effects, roll 2d6"),
            _two([[r["roll"], special_effect_words(t, r)] for r in t.require("special_effects").rows]),
            # a paragraph a rule (replay 28: one long chain of clauses), a reading's own colons kept in its line
            *[body(step) for step in (
                f"List (4, 5): {LIST_ARCS}. List again (4, 5): {t.require('list_again').rows['reading']}.",
                f"FIRE: {reading(t, 'Putting out a FIRE')}.", f"Abandoned: {reading(t, 'Abandoned')}.",
                f"Striking colours: {reading(t, 'Striking colours')}.",
                f"Shutter (6): {reading(t, 'Jammed shutter')}.", f"T__: {reading(t, 'Turns ended (T__)')}.",
                funnel_boxes(t).strip(), f"Fouled, boiler (9, 12): {reading(t, 'Drift to a stop')}.",
                f"Boiler's crew (12): {reading(t, 'Boiler' + chr(39) + 's crew')}.",
                f"Twice: {reading(t, 'The same effect again')}.") if step]]


def funnel_boxes(tables) -> str:
    """How the funnel's knots are struck on the speed track: 'Funnel (8): strike 4 SPEED boxes, never past 0. '."""
    row = special_effect(tables, "funnel")
    if row is None or "knots" not in row:
        return ""
    boxes = round(float(row["knots"]) / step_kn(tables))
    return f"Funnel ({row['roll']}): strike {boxes} SPEED boxes, never past 0. "


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def quick_reference_words(derived: list, ctx) -> str:
    """Every word the quick reference prints for these units (its blocks' texts, flattened): what the readings page
    need not print again."""
    blocks = [shooting(derived, ctx), *torpedoes(derived, ctx), *ramming(derived, ctx), *special_effects(ctx),
              *movement(derived, ctx), *shoals(derived, ctx), *lashed_pairs(derived, ctx), *turn_track(ctx)]
    return _flat(" ".join(t for b in blocks for t in b.texts()))


ON_REFERENCE = "Said in full on the quick reference"  # the readings page's row of the rules read there (play 42: ", as played" for the room)
ON_QUICK_REFERENCE = "quick reference"  # a row whose reading the quick reference prints in full
INSTEAD_HEADER = INSTEAD[0].upper() + INSTEAD[1:]  # the readings table's column of the other reading


def readings_rows(tables, said: str = "") -> list[list[str]]:
    """The reconstructions as a player reads them, each filled from the tables it names (a house rule's fire score or
    fort share follows): the rule, the reading this pack plays and, where the text allows a second, the other in
    words in a column of its own (replay 27: 'as the quick reference reads it; a club may instead play: ...' on row
    after row read as clutter); the option's name is for the printer, in docs/rules. `said`: the quick reference's
    words; a reading it prints in full is not printed twice (replay 32: pages 8 and 11 said the same rules), its row
    saying where it is and keeping its other reading, and the rest named in one last row."""
    # play 42 (defects): the rows read in full here (the jam, Measured from, Speed change, Wooden ship, Monitors and
    # forts) sat among a column of 'quick reference': they come first, the rows that only point away after them
    rows, pointing, named = [], [], []
    for r in readings(tables):
        instead = other_readings(tables, r["option"]) if r["option"] else ""
        if said and _flat(r["reading"]).lower() in said.lower():  # the reference may open a sentence with it
            if instead:
                pointing.append([r["rule"], ON_QUICK_REFERENCE, instead])
            else:
                named.append(r["rule"])
        else:
            rows.append([r["rule"], r["reading"], instead])
    rows += pointing
    if named:
        rows.append([ON_REFERENCE, " · ".join(named), ""])
    return rows


def readings_blocks(ctx, derived: list | None = None) -> list[Block]:
    """What the text leaves open: a heading, a line on what it is, the table of readings (the rule, this pack's
    reading, the other a club may play); given the units in play (`derived`), those the quick reference prints in
    full are named, not printed again."""
    st = style()["readings"]
    said = quick_reference_words(derived, ctx) if derived else ""
    where = " Those the quick reference prints are only named." if said else ""
    return [Heading("What the text leaves open"),
            Text("Rules the surviving text lost or leaves open: the reading this pack plays and, where the text allows "
                 f"another, the one a club may agree instead before play.{where}", size=st["size"], space_after=1.5),
            Table(readings_rows(ctx.tables, said), header=["Rule", "This pack plays", INSTEAD_HEADER], bold_first_col=True,
                  **st)]


ROSTER_PRINTED = "really_simple_roster_parts"  # the document's note of the reference parts its roster page printed
ROSTER_HEADING = "Quick reference (the rest at the end of the pack)"
ROSTER_PART_NAMES = {"ramming": "ramming", "torpedoes": "torpedoes", "shoals": "shoals", "lashed": "lashed pairs",
                     "forts": "forts"}  # the roster page's parts as the quick reference's title names them


def roster_parts(derived: list, ctx) -> dict[str, list[Block]]:
    """The quick reference's whole parts the roster page may carry in the room under its tables (replay 28: p3 half
    empty since its chart went, p11 a wall of small type), the turn's rarest first: ramming, then torpedoes; set at
    the paragraphs' largest size."""
    size = style()["reference_body"].get("max_size")
    return {k: v for k, v in (("ramming", ramming(derived, ctx, size)), ("torpedoes", torpedoes(derived, ctx, size)),
                              ("shoals", shoals(derived, ctx, size)), ("lashed", lashed_pairs(derived, ctx, size)),
                              ("forts", forts(derived, ctx, size)))
            if v}


def roster_block(doc, derived: list, ctx, room: float) -> Block | None:
    """The roster page's part of the quick reference: a heading and the roster_parts that fit `room` mm whole, side
    by side (ramming left, torpedoes right); their names noted on the document so quick_reference leaves them out.
    None (and nothing noted) where no part fits."""
    st = style()
    width = doc.content_for(False).w
    parts = roster_parts(derived, ctx)
    taken: list[str] = []
    laid = None
    half = (width - st["reference_columns"]["gap"]) / 2
    for name in parts:
        cols: list[list[Block]] = [[], []]
        for k in taken + [name]:  # each part under the shorter column
            heights = [Stack(c, **st["reference_stack"]).measure(half) if c else 0.0 for c in cols]
            cols[heights.index(min(heights))] += parts[k]
        block = Stack([_heading(ROSTER_HEADING), Columns([Stack(c, **st["reference_stack"]) for c in cols],
                                                         **st["reference_columns"])], **st["reference_stack"])
        if block.measure(width) <= room:
            taken.append(name)
            laid = block
    setattr(doc, ROSTER_PRINTED, tuple(taken))
    return laid


def quick_reference(doc, derived: list, ctx) -> None:
    """One page (more only if it must) of what the units in play use: the sequence of play, then two columns; then
    what the text leaves open (readings_blocks), on the same page where it fits."""
    st = style()
    # the lashed pairs go under whichever column is the shorter, so the two come out about as long (replay 16's
    # readings lengthened the right one past a Letter page)
    # play 41 (defects): the title named torpedoes and ramming on p3, where shoals and lashed pairs were printed too,
    # so a player hunted p11 for them: every part the roster page took, by name, in the order it printed them
    moved = [ROSTER_PART_NAMES[k] for k in ROSTER_PART_NAMES if k in getattr(doc, ROSTER_PRINTED, ())]
    where = f" (p3: {', '.join(moved)})" if moved else ""
    title = Text(f"Really Simple · quick reference{where}", **st["reference_title"])
    turn = turn_card(ctx.tables, st, title="The turn: sequence of play")

    def page_at(size: float | None) -> tuple[Stack, Columns]:
        """The page with its paragraphs at `size` (None: the style's own): its parts in reading order, flowed down
        the left column and on down the right, broken between two parts where the two columns come out most even
        (play 30, moment 8: the right column ran to the foot with the left's a fifth empty, so the type stayed
        under 7 pt), a heading never left at a column's foot (it goes with the part it heads)."""
        moved = getattr(doc, ROSTER_PRINTED, ())  # printed on the roster page (roster_block)
        parts = shooting_parts(derived, ctx, size)
        parts += [p for p in ([] if "forts" in moved else [forts(derived, ctx, size)]) if p]
        parts += [p for p in ([] if "torpedoes" in moved else [torpedoes(derived, ctx, size)]) if p]
        parts += [p for p in ([] if "ramming" in moved else [ramming(derived, ctx, size)]) if p]
        effects = special_effects(ctx, size)
        parts += [effects[:2]] + [[b] for b in effects[2:]]
        moving = movement(derived, ctx, size)
        parts += ([moving[:2]] + [[b] for b in moving[2:]]) if moving else []
        parts += [p for p in ([] if "shoals" in moved else [shoals(derived, ctx, size)]) if p]
        parts += [p for p in ([] if "lashed" in moved else [lashed_pairs(derived, ctx, size)]) if p]
        parts.append(turn_track(ctx, size))

        def columns(k: int) -> Columns:  # the first k parts down the left, the rest down the right
            return Columns([Stack([b for p in parts[:k] for b in p], **st["reference_stack"]),
                            Stack([b for p in parts[k:] for b in p], **st["reference_stack"])],
                           **st["reference_columns"])

        body = min((columns(k) for k in range(1, len(parts))), key=lambda c: c.measure(doc.content.w))
        return Stack([title, turn, body], **st["reference_page"]), body

    # the paragraphs' type raised where the paper has room (replay 32: p11 dense at 6.5 pt): the largest size, in
    # steps from the style's max_size down to its size, that keeps the page one page (A4 has the room, Letter not)
    body_st = st["reference_body"]
    low, high, step = body_st["size"], body_st.get("max_size", body_st["size"]), body_st["size_step"]
    sizes = [round(high - k * step, 2) for k in range(int(round((high - low) / step)) + 1)]
    # halving the sizes left (a smaller size never makes the page taller): three builds of the page at most, where
    # trying each size down from the largest built it up to seven times on Letter (review)
    lo, hi, found, at = 0, len(sizes) - 1, None, len(sizes)
    while lo <= hi:
        mid = (lo + hi) // 2
        tried = page_at(sizes[mid])
        if tried[0].measure(doc.content.w) <= doc.content.h:
            found, at, hi = tried, mid, mid - 1
        else:
            lo = mid + 1
    # the columns' break is found afresh at each size, so a size just above the one found may fit after all (the
    # type's steps and the parts' break are not in step): try the next larger while it does
    while found is not None and at > 0:
        tried = page_at(sizes[at - 1])
        if tried[0].measure(doc.content.w) > doc.content.h:
            break
        found, at = tried, at - 1
    page, body = found or page_at(sizes[-1])

    flow = Flow(doc, **st["reference_flow"])

    if page.measure(doc.content.w) <= doc.content.h:
        flow.add(page, bookmark="Quick reference", new_page=True)
    else:  # more than a page: the columns run one after the other and split where they must
        flow.add(Stack([title, turn, *body.children], **st["reference_page"]), bookmark="Quick reference", new_page=True)
    from .sheet import readings_with_logs

    if not readings_with_logs(ctx):  # else they follow the last orders log (one page the less)
        flow.add(Stack(readings_blocks(ctx, derived), **st["reference_stack"]), bookmark="What the text leaves open")
