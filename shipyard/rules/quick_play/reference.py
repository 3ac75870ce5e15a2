"""Quick Play's play tables as blocks: the quick reference page of only what the units in play use (the record
cards carry none of it), with the true-scale turning gauge (templates.py). Every figure and reminder comes from
tables.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ...render.measure import Block
from ...render.containers import Columns, Stack
from ...render.flow import Flow
from ...render.text_blocks import Heading, Runs, Text
from ...render.table_block import Table
from ...render.tracks import Track, Tracks
from ...render.kit import readings as kit_readings, turn_card
from ...render.text import number
from ...errors import ShipyardError
from ..context import Context
from ..play_aids import game_turns
from .templates import turning_gauge
from .style import style


def factor_name(ctx: Context, key: str) -> str:
    """The game's name for a cannonade factor: 'parrot' -> 'Parrott' (factor_names). Never the key capitalised
    (that printed 'Parrot'): a factor the table does not name is the tables' error, said plainly."""
    t = ctx.tables.factor_names
    if key not in t.rows:
        raise ShipyardError(f"table factor_names ({t.tag()}): no name for the cannonade factor {key!r}; it names "
                            f"{', '.join(map(str, t.rows))}")
    return str(t.rows[key])


def speed_words(ctx: Context) -> list[tuple[str, str | None]]:
    """(marker word, speeds_in key) for each speed setting the rules name (speed_markers), the reverse marker
    reading the inches of the one setting a ship may go astern at (reverse_speed)."""
    astern = str(ctx.tables.reverse_speed.rows["speed"]).lower()
    out = []
    for word in ctx.tables.speed_markers.rows:
        key = str(word).lower()
        out.append((str(word), key if key in ("slow", "cruise", "full") else astern))
    return out


def _table(name: str, size: float | None, columns: int | None = None) -> dict:
    """A play table's style record (reference_table, then the table's own), `size` instead of the style's when
    given, its widths cut to the `columns` shown."""
    st = style()
    record = {**st["reference_table"], **st[name]}
    if size is not None:
        record["size"] = size
    if columns is not None and record.get("widths"):
        record["widths"] = record["widths"][:columns]
    return record


def _dice(ctx: Context, factors: set[str] | None, size: float | None = None) -> Table | None:
    rows = [[factor_name(ctx, r["factor"]), r["dice"], r["tests"], r["rate"]]
            for r in ctx.tables.cannonade_dice.rows if factors is None or r["factor"] in factors]
    if not rows:
        return None
    return Table(rows, header=["Factor", "Throws", "Tests", "Rate"], bold_first_col=True,
                 **_table("reference_dice", size))


def _ranges(ctx: Context, size: float | None = None) -> Table:
    rows = [[r["range"], r["heavy_medium"], r["parrot"]] for r in ctx.tables.cannonade_ranges.rows]
    header = ["Range", f"{factor_name(ctx, 'heavy')}, {factor_name(ctx, 'medium')}", factor_name(ctx, "parrot")]
    return Table(rows, header=header, align=["left", "centre", "centre"], **_table("reference_ranges", size))


def fort_event(ctx: Context, row: dict) -> str:
    """A double's fort column, in the fort_magazine reading in force (the 1-1: silenced, or guns out)."""
    t = ctx.tables.fort_magazine
    reading = str(t.rows["reading"])
    if reading not in ("silenced", "guns_out"):
        raise ShipyardError(f"table fort_magazine ({t.tag()}): reading is {reading!r}; it is silenced or guns_out")
    if reading == "guns_out" and str(row["double"]) == str(t.rows["double"]):
        return f"{t.rows['guns_out']} out"
    return str(row["fort"])


def _events(ctx: Context, forts: bool, size: float | None = None) -> Table:
    rows = [[r["double"], r["ship"], fort_event(ctx, r)] if forts else [r["double"], r["ship"]]
            for r in ctx.tables.catastrophic_events.rows]
    # play 34, moment 10: a 2nd engine event on a ship already stopped, guns out with no factor left: in the head
    header = ["Dice", f"Ship ({reading(ctx, 'Repeats')})", "Fort"] if forts else ["Dice", f"Ship ({reading(ctx, 'Repeats')})"]
    return Table(rows, header=header, align=["centre", "left", "left"],
                 **_table("reference_events", size, columns=len(header)))


def _run(key: str, text: str) -> list[tuple[str, str]]:
    return [(key, "bold"), (" " + text, "regular")]


def edna_test(ctx: Context, test: str) -> dict:
    """The edna_tests row for one test (gunfire, ramming, torpedoes, boiler)."""
    t = ctx.tables.edna_tests
    for row in t.rows:
        if row["test"] == test:
            return row
    raise ShipyardError(f"table edna_tests ({t.tag()}): no row for the test {test!r}; it has "
                        f"{', '.join(str(r['test']) for r in t.rows)}")


def outcome_words(ctx: Context, test: str, when: str = "", boxes: bool = True,
                  after: str = "; equal or under: no hit.") -> str:
    """What passing or failing one test against EDNA does, in a short sentence (edna_tests); `when`, after the EDNA
    tested, says which (a boiler's: boiler_edna_words); `boxes` False leaves out that a hit strikes a box, where the
    lines above have said it; `after` closes the sentence (a boiler's says what 0 does instead)."""
    row = edna_test(ctx, test)
    hits = "one hit" if str(row["hits"]) == "1" else "a hit per point over"
    if boxes:
        hits += " (strike 1 EDNA box)" if str(row["hits"]) == "1" else " (strike that many EDNA boxes)"
    return f"over {row['against']}{' ' + when if when else ''}: {hits}{after}"


def ram_words(ctx: Context, rams: bool = True) -> str:
    """The ramming procedure in one sentence (ramming): the dice, the modifier if any, the factor added or taken off."""
    ram = ctx.tables.ramming.rows
    dice = f"{ram['dice']}" + (f" (a Ram {ram['ram_dice']})" if rams else "")
    mod = int(ram.get("modifier", 0))
    sign = {"add": "+", "subtract": "−"}.get(str(ram.get("factor", "add")))
    if sign is None:
        raise ShipyardError(f"table ramming ({ctx.tables.ramming.tag()}): factor is {ram.get('factor')!r}; "
                            "it is add or subtract")
    edna = str(ram.get("edna", "current"))
    if edna not in ("current", "printed"):
        raise ShipyardError(f"table ramming ({ctx.tables.ramming.tag()}): edna is {edna!r}; it is current or printed")
    return (f"Ramming factor = (her EDNA + speed) − (the target's EDNA + speed), EDNAs {edna}, speeds a whole move's inches, "
            f"either half (0 stopped; hers as set in phase 5, the target's now). Throw {dice}{f' {mod:+d}' if mod else ''} {sign} the factor; {outcome_words(ctx, 'ramming', boxes=False)} Two dice alike, hit or not → events.")


def edna_zero_words(ctx: Context, forts: bool = True, ships: bool = True) -> str:
    """What EDNA 0 means, for the kinds of unit in play (edna_zero)."""
    z = ctx.tables.edna_zero.rows
    parts = ([f"a ship {z['ship']}"] if ships else []) + ([f"a fort is {z['fort']}"] if forts else [])
    return "; ".join(parts) + "."


def reading(ctx: Context, rule: str) -> str:
    """One rule's reading as the readings page prints it (reconstructions), for the place a player needs it."""
    for row in ctx.tables.readings():  # the reading in play, numbers filled, a house rule's switch applied
        if row["rule"] == rule:
            return row["reading"]
    raise ShipyardError(f"table reconstructions: no row for {rule!r}")


def move_reminders(ctx: Context, size: float | None = None, rams: bool = True, ships: bool = True,
                   forts: bool = True) -> Runs:
    """Speed changes, ramming, torpedoes, a boiler and a hole, in short runs of bold and plain (EDNA 0 is with the
    gunfire's, gun_reminders); a Runs of nothing where no ship is in play."""
    t = ctx.tables
    runs: list[tuple[str, str]] = []
    if ships:
        rev = t.reverse_speed.rows
        steps = int(rev.get("steps_per_bound", 1))
        runs += _run("Speed", f"changes {steps} step{'s' if steps != 1 else ''} a bound; astern at "
                                f"{str(rev['speed']).capitalize()} only.")  # stopped, no marker out: the cards' head
        # when and whether she reaches; the throw (ram_words); whose the harm and what she does at contact
        clauses = reading(ctx, "Ramming").split("; ")
        runs += _run("\nRamming", f"{clauses[0]}; {clauses[1]}. " + ram_words(ctx, rams)
                     + f" {clauses[2].capitalize()}. " + "; ".join(clauses[3:]).capitalize() + ".")
        runs += _run("\nTorpedoes", f"{reading(ctx, 'Torpedo tests')}; {outcome_words(ctx, 'torpedoes', boxes=False)} "
                                     "Two dice alike, hit or not → events.")
        # play 38, moment 6: a burst boiler's 4D10 took Selma to 0, against "only a magazine or a hole sinks her":
        # struck, as any hits to 0 (edna_zero), said where the boiler's throw is (Gunfire says a hit is a box)
        boiler = outcome_words(ctx, "boiler", boiler_edna_words(ctx), boxes=False, after=" (to 0: struck, not sunk).")
        runs += _run("\nBoiler (2-2)", boiler[:1].upper() + boiler[1:])
        runs += _run("\nHoled (3-3)", reading(ctx, "Holed") + ".")
    return Runs(runs, **_reminders(size))


def _reminders(size: float | None) -> dict:
    """The reminders' style record, `size` instead of its type size when given."""
    record = style()["reference_reminders"]
    return record if size is None else {**record, "size": size}


def avd_words(ctx: Context) -> str:
    """What a range modifier in AvD does to a Heavy's or a Medium's throw, in the reading in force (avd_modifiers)."""
    t = ctx.tables.avd_modifiers
    reading = str(t.rows["reading"])
    if reading not in ("swap", "subtract"):
        raise ShipyardError(f"table avd_modifiers ({t.tag()}): reading is {reading!r}; it is swap or subtract")
    # play 38, moment 14: "lone 10, 15, 5" (the Mediums' most) read against "a lone Medium's 2 AvD lose one (−2:
    # none)": said once, here, each most named by its range
    lone = ""
    if reading == "swap":
        faces = [int(f) for f in ctx.tables.average_die.rows["faces"]]
        lone = (f"; lone Medium {2 * max(faces)}: {3 * max(faces)} at point blank, {max(faces)} over 12 in, "
                "none over 24 in")
    return f"{t.rows[reading]}; {t.rows['plus']}{lone}."


def cannonade_words(ctx: Context) -> str:
    """Which EDNA one cannonade's throws test, in the reading in force (cannonade_edna)."""
    t = ctx.tables.cannonade_edna
    reading = str(t.rows["reading"])
    if reading not in ("volley", "each"):
        raise ShipyardError(f"table cannonade_edna ({t.tag()}): reading is {reading!r}; it is volley or each")
    text = str(t.rows[reading])
    return text[:1].upper() + text[1:] + "."


def boiler_edna_words(ctx: Context) -> str:
    """Which EDNA a boiler explosion's 4D10 tests, in the cannonade reading in force (cannonade_edna: the hits of the
    cannonade that burst it struck after it, or one by one)."""
    cannonade_words(ctx)  # the reading checked
    t = ctx.tables.cannonade_edna
    return str(t.rows[str(t.rows["reading"]) + "_boiler"])


def medium_best_words(ctx: Context) -> str:
    """The most a pair of Mediums can throw (2D6: 12), at point blank (an AvD more) and over 12 in (the AvD reading:
    one die an AvD, or an AvD off), so the player choosing a target sees the EDNA they can never beat (replay 19,
    defect d: the fort, Tennessee and the monitors are beyond them but at point blank)."""
    faces = [int(f) for f in ctx.tables.average_die.rows["faces"]]
    reading = str(ctx.tables.avd_modifiers.rows["reading"])
    over_12 = 6 + max(faces) if reading == "swap" else 12 - min(faces)
    # play 37, defect: a lone Medium's most (2 AvD: 10, 15 at point blank, 5 over 12 in) was not printed, and it
    # decides every bound whether a gunboat's or a Milwaukee's odd Medium may throw
    # play 38, moment 14: the lone Medium's most went to the Range line (avd_words), said once with its ranges
    # play 39, defect: the pair's most over 24 in (both dice AvDs, or two AvDs off) was missing beside the Heavy's
    over_24 = 2 * max(faces) if reading == "swap" else 12 - 2 * min(faces)
    return f"throw at most 12 ({12 + max(faces)} at point blank, {over_12} over 12 in, {over_24} over 24 in)."


def plural(word: str) -> str:
    """A factor's name for many: Heavies, Mediums, Parrotts."""
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def heavy_best_words(ctx: Context) -> str:
    """The most a Heavy can throw (cannonade_dice: 2D10), at point blank (an AvD more) and over 12 and 24 in (the AvD
    reading: that many dice thrown as AvDs, or that many AvDs off), and that a throw whose most is not over the
    target's EDNA is skipped: replay 27 threw Tennessee's Heavies over 12 in at a monitor (15 at most against 16) and
    Fort Morgan's Mediums at the sloops and monitors (12 against 14-16), every one ceremony."""
    row = next(r for r in ctx.tables.cannonade_dice.rows if r["factor"] == "heavy")
    count, sides = (int(x) for x in str(row["dice"]).split()[0].upper().split("D"))
    faces = [int(f) for f in ctx.tables.average_die.rows["faces"]]
    swap = str(ctx.tables.avd_modifiers.rows["reading"]) == "swap"

    def most(minus: int) -> int:
        return (count - minus) * sides + minus * max(faces) if swap else count * sides - minus * min(faces)

    return f"throw at most {most(0)} ({most(0) + max(faces)} at point blank, {most(1)} over 12 in, {most(2)} over 24 in)"


# play 33, moment 12: "A throw that cannot miss (Manhattan vs Selma at EDNA 1) is not covered": it hits unthrown, as
# one that cannot hit is skipped (a Heavy's or Medium's throw has no double to look for); a Parrott is always thrown
# play 36, moment 3: "(never a Parrott's)" read as a Parrott taking part in hitting: a Parrott never hits, only doubles
SKIP_WORDS = ": skip a throw that cannot beat her EDNA; one that cannot fail hits unthrown (a Parrott never hits: doubles only)."


def best_words(ctx: Context, heavies: bool, mediums: bool) -> str:
    """The Heavies' and the Mediums' most, in one run, and that a throw that cannot beat the target's EDNA is skipped,
    either kind's, never a Parrott's, whose doubles harm (play 31, moment 11: the skip was said of Heavies only)."""
    parts = [heavy_best_words(ctx)] if heavies else []
    if mediums:
        m = medium_best_words(ctx).removeprefix("throw at most ").rstrip(".")
        parts.append(f"{plural(factor_name(ctx, 'medium'))} {m}" if heavies else f"throw at most {m}")
    return ", ".join(parts) + SKIP_WORDS


def gun_reminders(ctx: Context, size: float | None = None, forts: bool = True, ships: bool = True,
                  mediums: bool = True, heavies: bool = True) -> Runs:
    """Which guns go first when guns are put out of action, the average die and what EDNA 0 means (in the
    cannonade's column, which has the room: the events' column holds the moves)."""
    t = ctx.tables
    runs = _run("Gunfire", f"each {factor_name(ctx, 'heavy')} and {factor_name(ctx, 'medium')} throw "
                + outcome_words(ctx, "gunfire") + " " + cannonade_words(ctx) + "\n")
    if heavies or mediums:  # where a Heavy or a Medium is in play
        runs += _run(plural(factor_name(ctx, 'heavy' if heavies else 'medium')), best_words(ctx, heavies, mediums) + "\n")
    runs += _run("Guns out", "each gun out strikes one factor box (a fort's too, not its pieces), smallest first: "
                + ", then ".join(factor_name(ctx, k) for k in t.guns_out.rows) + ".")
    runs += _run("\nAvD", str(t.average_die.rows["words"]).format(
        faces=", ".join(number(f) for f in t.average_die.rows["faces"])))
    runs += _run("\nRange", avd_words(ctx))
    runs += _run("\nEDNA 0", edna_zero_words(ctx, forts=forts, ships=ships))
    return Runs(runs, **_reminders(size))


def play_tables(ctx: Context, *, size: float | None = None, factors: Iterable[str] | None = None, rams: bool = True,
                forts: bool = True, ships: bool = True) -> Block:
    """Cannonade (dice, ranges) beside the catastrophic events and the reminders; only the factors given. The
    tables' type is the style's (reference_table) unless `size` is given."""
    st = style()
    fs = set(factors) if factors is not None else None
    left = Stack([Heading("Cannonade", **st["reference_heading"]), _dice(ctx, fs, size), _ranges(ctx, size),
                  gun_reminders(ctx, forts=forts, ships=ships, mediums=fs is None or "medium" in fs,
                                heavies=fs is None or "heavy" in fs)],
                 **st["reference_stack"])
    right = Stack([Heading("Catastrophic events", **st["reference_heading"]), _events(ctx, forts, size),
                   move_reminders(ctx, rams=rams, ships=ships, forts=forts)], **st["reference_stack"])
    return Columns([left, right], **st["reference_columns"])


def speed_table(ctx: Context, types: set[str] | None, size: float | None = None) -> Table | None:
    rows = [[r["type"], number(r["slow"], none="–"), number(r["cruise"], none="–"), number(r["full"], none="–"),
             f"{number(r['turn_deg'])}°", "yes" if r["turns_when_stationary"] else "no"]
            for r in ctx.tables.ship_types.rows if types is None or r["type"] in types]
    if not rows:
        return None
    return Table(rows, header=["Type", "Slow", "Cruise", "Full", "Turn", "Turns stopped"], bold_first_col=True,
                 align=["left"] + ["centre"] * 5, title="Speeds (inches a move) and turning",
                 **_table("reference_speeds", size))


def turns_in_play(derived: list[Any], ctx: Context) -> dict[float, list[str]]:
    """Turn (degrees) -> the ship types in play that make it (every type in ship_types when no units are given)."""
    types = {d.stats.type for d in derived if not d.stats.is_fort} if derived else None
    out: dict[float, list[str]] = {}
    for r in ctx.tables.ship_types.rows:
        if (types is None or r["type"] in types) and r.get("turn_deg") is not None:
            out.setdefault(float(r["turn_deg"]), []).append(str(r["type"]))
    return out


def gauge_blocks(derived: list[Any], ctx: Context) -> list[Block]:
    """The turning gauge for the turns in play, with how to use it (nothing when no unit in play moves)."""
    turns = turns_in_play(derived, ctx)
    if not turns:
        return []
    st = style()
    return [Heading("Turning gauge (true scale)", **st["reference_heading"]),
            Text("Cut out, mount on card; point on her centre (a pair: the sloop's, consort and all), dashed line on her "
                 "heading: she turns up to her type's edge, either side.",
                 **st["reference_gauge_note"]),
            turning_gauge(turns)]


def opening_tests(ctx: Context, derived: list[Any]) -> Block | None:
    """The scenario's opening test (opening_test: Brooklyn at Mobile Bay) when that scenario and that unit are in play,
    with her EDNA; None otherwise."""
    scenario = getattr(getattr(ctx, "scenario", None), "id", None)
    names = {d.unit_id: d for d in derived}
    runs: list[tuple[str, str]] = []
    for row in ctx.tables.opening_test.rows:
        d = names.get(row["unit"])
        if row["scenario"] != scenario or d is None:
            continue
        runs += _run(("\n" if runs else "") + f"{row['when'][:1].upper()}{row['when'][1:]}",
                     f"{d.unit_name} throws {row['dice']}: over her EDNA ({d.stats.edna}), {row['pass']}; else "
                     f"{row['fail']}." + (f" {row['recover'][:1].upper()}{row['recover'][1:]}." if row.get("recover") else ""))
    return Runs(runs, **_reminders(None)) if runs else None


def quick_reference_blocks(derived: list[Any], ctx: Context) -> Block:
    """One page of what the units in play use: the bound (the kit's turn card) with the bound track and the scenario's
    opening test, their factors' dice, ranges, events, ramming (a Ram's dice only if one is in play), the fort column
    (only with a fort), and the turning gauge for their turns. Each ship's speeds and turn are on her own card (the
    speed table is not repeated here); what the article leaves open is on the roster page (roster.py)."""
    stats = [d.stats for d in derived]
    factors = {k for s in stats for k, v in s.cannonade.items() if v} if stats else None
    rams = any(s.ram for s in stats) if stats else True
    forts = any(s.is_fort for s in stats) if stats else True
    ships = any(not s.is_fort for s in stats) if stats else True
    st = style()
    return Stack([
        Text("Quick Play ACW Naval Rules — quick reference", **st["reference_title"]),
        turn_card(ctx.tables, st, title="The bound (sequence of play)"),
        bound_track(ctx),
        opening_tests(ctx, derived),
        play_tables(ctx, factors=factors, rams=rams, forts=forts, ships=ships),
        *gauge_blocks(derived, ctx),
    ], **st["reference_page"])


def quick_reference(doc, derived: list[Any], ctx: Context) -> None:
    """The bound, the play tables and the turning gauge on a true-scale page (the gauge is measured on the table)."""
    with doc.true_scale_pages():
        Flow(doc, rule=False, true_scale=True).add(quick_reference_blocks(derived, ctx),
                                                   bookmark="Quick reference and turning gauge", new_page=True)


def bound_track(ctx: Context) -> Block:
    """A box a bound, numbered, to strike as each bound ends: the game's turns (base.game_turns: --turns, the
    scenario's turns, or its minutes in Quick Play's bounds)."""
    return Tracks([Track("Bounds", game_turns(ctx), numbered="up")], **style()["bound_track"])


# the two halves of what the article leaves open (a reconstructions row's `part`): the set-up's and the units', under
# the roster where a player reads them before bound 1, and the bound's, after the record cards; a row names no part
# when it is the bound's
READING_PARTS = {"set-up": "the set-up and the units", "bound": "the bound"}
# the readings' heading, in the players' words (not "the article", a word of the tool's sources: replay 7)
LEFT_OPEN = "What the rules leave open"

# after a reading's rule, before its reading: a visible break between the bold term and its gloss, as the other rule
# sets' readings have a column's gutter (play 41: "Drawing counters blind, ..." was read as one phrase at the table)
READING_MARK = ":"

# after a reading with a second one that a house rule plays (the rule set's docs name the option)
HOUSE_RULE_MARK = "(house rule)"


# what a reconstructions row's `needs` asks of the scenario in play before it prints: a reading about lashed pairs is
# no use to a battle without one (Hampton Roads' roster page has no room for it)
READING_NEEDS = {"lashed": lambda scenario: any(su.lashed_to for side in scenario.sides for su in side.units)}


def kept_readings(ctx: Context, part: str | None = None) -> list[tuple[list[str], str | None]]:
    """The reconstructions rows as ([rule, reading, option or '—'] (the kit's readings), where another page prints it
    whole or None), of one part or of every one, leaving out those about another scenario's units (a row's
    `scenario`) and those whose `needs` (READING_NEEDS) the scenario in play lacks, when a scenario is in play."""
    t = ctx.tables.require("reconstructions")
    parts = [str(row.get("part") or "bound") for row in t.rows]
    unknown = sorted(set(parts) - set(READING_PARTS))
    if unknown:
        raise ShipyardError(f"table reconstructions ({t.tag()}): part {unknown[0]!r}; a row's part is "
                            f"{' or '.join(READING_PARTS)} (none: the bound)")
    needs = [row.get("needs") for row in t.rows]
    unmet = sorted({str(n) for n in needs if n is not None} - set(READING_NEEDS))
    if unmet:
        raise ShipyardError(f"table reconstructions ({t.tag()}): needs {unmet[0]!r}; a row needs "
                            f"{' or '.join(READING_NEEDS)} (or nothing)")
    scenario = getattr(ctx, "scenario", None)
    playing = getattr(scenario, "id", None)
    about = [row.get("scenario") for row in t.rows]
    # a reading a house rule switched is marked so already (the kit's), so it takes no second mark
    rows = [[rule, text, "—" if played["switched"] else option]
            for (rule, text, option), played in zip(kit_readings(ctx.tables), ctx.tables.readings())]
    away = [str(row["elsewhere"]) if row.get("elsewhere") else None for row in t.rows]
    return [(r, where) for r, at, sc, need, where in zip(rows, parts, about, needs, away)
            if (part is None or at == part) and (sc is None or playing is None or sc == playing)
            and (need is None or scenario is None or READING_NEEDS[str(need)](scenario))]


def reading_rows(ctx: Context, part: str | None = None, here: bool = False,
                 kept: list[tuple[list[str], str | None]] | None = None) -> list[list[str]]:
    """kept_readings' rows (`kept`, else made); `here`: only those the readings panel prints, not one a row's
    `elsewhere` says another page prints whole (the quick reference's Ramming and Holed, the set-up page's and the
    quick reference's Brooklyn's test: replay 26 found each two or three times in different words)."""
    kept = kept_readings(ctx, part) if kept is None else kept
    return [row for row, where in kept if not (here and where)]


def elsewhere_rows(ctx: Context, part: str | None = None,
                   kept: list[tuple[list[str], str | None]] | None = None) -> list[tuple[str, str]]:
    """The (rule, where) of the readings of one part the panel leaves to another page (a row's `elsewhere`), of the
    rows kept_readings keeps for the scenario in play (`kept`, else made)."""
    kept = kept_readings(ctx, part) if kept is None else kept
    return [(row[0], where) for row, where in kept if where]


def reading_runs(row: list[str]) -> list[tuple[str, str]]:
    """One reading as a paragraph: the rule in bold, the reading, and "(house rule)" where a house rule plays the other
    reading. The option's name is the tool's word, not the game's (replay 7): docs/rules/quick-play.md and the web's
    rule set page name it."""
    rule, text, option = row
    return [(rule + READING_MARK, "bold"), (" " + text, "regular")] + ([] if option == "—" else [(f" {HOUSE_RULE_MARK}", "regular")])


@dataclass(eq=False)
class BalancedColumns(Block):
    """Paragraphs kept in order in two columns, cut where the taller column is least tall as measured at the width
    they print at. A count of characters (80 a line) once chose the cut, and put a reading grown by a few words in the
    column with no line to spare, running the readings onto a page of their own (replay 19, defect c)."""

    children: list  # the paragraphs, in order (render.tags.walk reads their text)
    stack: dict  # the style of each column (readings_stack)
    columns: dict  # the style of the two (readings_columns)

    def _laid_out(self, width: float) -> Columns:
        cache = self.__dict__.setdefault("_cut", {})
        key = width
        if key not in cache:
            gap = float(self.columns["gap"])
            column = (width - gap) / 2
            heights = [c.measure(column) for c in self.children]
            between = float(self.stack["gap"])

            def tall(hs: list[float]) -> float:
                return sum(hs) + between * max(0, len(hs) - 1)

            k = min(range(len(heights) + 1), key=lambda k: (max(tall(heights[:k]), tall(heights[k:])), k))
            cache[key] = Columns([Stack(self.children[:k], **self.stack), Stack(self.children[k:], **self.stack)],
                                 **self.columns)
        return cache[key]

    def measure(self, width: float) -> float:
        return self._laid_out(width).measure(width)

    def draw(self, page, x: float, y: float, width: float) -> float:
        return self._laid_out(width).draw(page, x, y, width)

    def texts(self) -> list[str]:
        return [t for c in self.children for t in c.texts()]


def readings(ctx: Context, part: str | None = None) -> Block:
    """What the article leaves open and how this pack reads it, one part (READING_PARTS) or all: a heading, a line on
    what it is, the readings as paragraphs in two balanced columns. The kit's three-column table had to be set at
    6.2 pt to fit under the roster, too small at arm's length (replay 5); paragraphs waste no width on an option
    column that is mostly empty. Kept whole: the columns cannot split, and their heading must not stay behind."""
    st = style()
    kept = kept_readings(ctx, part)  # once: the panel's rows and its pointers elsewhere are read from the same rows
    rows = reading_rows(ctx, part, here=True, kept=kept)
    paras = [Runs(reading_runs(r), **st["readings"]) for r in rows]
    away: dict[str, list[str]] = {}
    for rule, where in elsewhere_rows(ctx, part, kept=kept):
        away.setdefault(where, []).append(rule)
    # said once, where a player looks for it: the panel points there, the rules a list with no "and" (the bound's
    # pointer took a second line on A4 once its term had its colon: play 41)
    if away:
        paras.append(Runs([("Elsewhere" + READING_MARK, "bold"), (" " + "; ".join(
            f"{', '.join(rules)}: {where}" for where, rules in away.items()), "regular")], **st["readings"]))
    title = LEFT_OPEN + (f": {READING_PARTS[part]}" if part else "")
    return Stack([Heading(title, **st["readings_heading"]),
                  Text("Rules the surviving text lost or leaves open, as this pack plays them; one marked "
                       f"{HOUSE_RULE_MARK} has a second reading a club may play instead.",
                       **st["readings_intro"]),
                  BalancedColumns(paras, st["readings_stack"], st["readings_columns"])],
                 keep_together=True, **st["readings_page"])
