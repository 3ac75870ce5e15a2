"""Quick Play counters: numbered turn counters 1…N (one per ship or fort in play) and a speed marker per
setting per ship (Slow/Cruise/Full/Reverse from speed_markers), on cells; with backs or folded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...render.counters import Chit, Lines, chit_sheet, layout_of, load_style, cells_left
from ...render.text import number, wrap_lines
from ...errors import ShipyardError
from ..context import Context
from ..play_aids import fitting_name, short_name
from .reference import speed_words

STYLES = load_style(Path(__file__).with_name("aids.yaml"))


COUNTER_WORD = "ORDER"  # under a turn counter's number: the order its unit acts in in a bound (the article's turn is a bound)


SPARE_WORD = "SPARE"  # a blank turn counter, for one lost or spoilt (replay 26: exactly one a unit)


def _spare_counter() -> Chit:
    """A blank turn counter: no number, a line to write one on, SPARE_WORD under it; the same back as the others."""
    st = STYLES["turn_counter"]
    return Chit([(st["frame"], None), (st["number"], "___"), (st["turn"], SPARE_WORD)],
                [(st["frame_back"], None), (st["back"], "QP order")])


def _turn_counter(n: int) -> Chit:
    """A turn counter (the article's name): its number over ORDER, the place its unit acts in each bound, where TURN
    read as the bound's own number; the rule set's name on its back."""
    st = STYLES["turn_counter"]
    return Chit([(st["frame"], None), (st["number"], str(n)), (st["turn"], COUNTER_WORD)],
                [(st["frame_back"], None), (st["back"], "QP order")])


def unit_lines(name: str, edna: str = "") -> tuple[float, float, list[str]]:
    """(size, squeeze, lines) for the unit under a marker's setting: her name (wrapped), over `edna` when given, at 6 pt in the
    fullest form that fits (whole, without her service prefix, with her rank shortened), else at 5 pt (counters may go
    to 5 pt), else a very long name squeezed."""
    st = STYLES["speed_marker"]
    n = st.numbers
    width = st.w - n["unit_margin"]
    forms = dict.fromkeys((name, short_name(name), fitting_name(name, lambda _: False)))  # fullest first
    for size, most in zip(n["unit_pt"], n["unit_lines"]):  # a shorter name at 6 pt before a smaller size
        for text in forms:
            lines = wrap_lines(text, width, size, "regular", "condensed") + ([edna] if edna else [])
            if len(lines) <= most:
                return size, 1.0, lines
    shortest, smallest = list(forms)[-1], n["unit_pt"][-1]
    return smallest, n["squeeze"], wrap_lines(shortest, width / n["squeeze"], smallest, "regular", "condensed") + ([edna] if edna else [])


def note_lines(note: str) -> tuple[float, float, list[str]]:
    """(size, squeeze, lines) for a state marker's note: at the largest of `note_pt` whose `note_lines` its lines (its
    own "\n" breaks) fit, each within the marker's width, so a one-line note ("prize, at anchor") reads larger than
    the two-line ones (replay 16: it was tiny at 6 pt); else as a unit's name is set (unit_lines)."""
    n = STYLES["speed_marker"].numbers
    width = STYLES["speed_marker"].w - n["unit_margin"]
    lines = note.split("\n")
    for size, most in zip(n["note_pt"], n["note_lines"]):
        if len(lines) <= most and all(len(wrap_lines(line, width, size, "regular", "condensed")) == 1 for line in lines):
            return size, 1.0, lines
    return unit_lines(note)


def _speed_marker(word: str, back_word: str, unit: tuple[str, ...], note: bool = False) -> Chit:
    """A speed marker: the setting in bold over the unit's name (not her EDNA, which changes: the card has it); the back the same, shaded, with its back
    word (Stopped). `note`: a state marker, its word over its note (note_lines)."""
    st = STYLES["speed_marker"]
    below = [(st["unit"], Lines(lines, size=size, squeeze=squeeze))
             for size, squeeze, lines in [note_lines(*unit) if note else unit_lines(*unit)]] if unit else []
    return Chit([(st["frame"], None), (st["setting"], word)] + below,
                [(st["frame_back"], None), (st["setting_back"], back_word)] + below)


FORT_MARKER = "sectors from here"  # what a fort's marker is for, under its name: every fort's sectors (Fort Morgan's
# range is to her beach, the reading "Fort Morgan")


def alike_consorts(units: list[tuple[str, Any, Any]], ctx: Context) -> dict[str, str]:
    """{sloop id: consort id} for each lashed pair in play whose two ships have the same speeds: the pair goes on
    either's marker (the reading "Lashed pairs": alike, either), and whichever is freed goes on the same set, so the
    pair needs one set, not two (play 43: a full set for every consort, most never used)."""
    by_id = {u.id: d for _, u, d in units if not d.stats.is_fort}
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return {}
    out = {}
    for side in scenario.sides:
        for su in side.units:
            if su.id in by_id and su.lashed_to in by_id and su.lashed_to not in out \
                    and by_id[su.id].stats.speeds_in == by_id[su.lashed_to].stats.speeds_in:
                out[su.lashed_to] = su.id
    return out


def speed_markers(units: list[tuple[str, Any, Any]], ctx: Context) -> list[tuple[str, str, tuple[str, ...]]]:
    """(front word, back word, the unit's lines) per marker: one per speed setting a ship has, a fort's single marker;
    a pair of like speeds one set, both names on it (alike_consorts)."""
    markers = []
    words = speed_words(ctx)
    alike = alike_consorts(units, ctx)
    names = {u.id: d.unit_name for _, u, d in units}
    for _, u, d in units:
        if u.id in alike.values():
            continue  # on her sloop's set
        s = d.stats
        line = (d.unit_name + (f" + {names[alike[u.id]]}" if u.id in alike else ""),)  # her EDNA
        # changes with every hit: it is on her card, not on a marker
        if s.is_fort:
            # a fort never moves: no "Stopped" side; it stands on the fort's mark, the point its sectors (and, but for
            # Fort Morgan, its ranges) are measured from (the reading "Measuring"), which the marker did not say
            # (replay 14: "its purpose is not stated")
            markers.append(("Fort", "Fort", (d.unit_name, FORT_MARKER)))
            continue
        for word, key in words:
            inches = getattr(s.speeds_in, key)
            if inches is None:
                continue
            markers.append((f"{word} {number(inches)}\"", "Stopped", line))
    forts = [m for m in markers if m[0] == "Fort"]
    return forts + [m for m in markers if m[0] != "Fort"]


def acting_ships(units: list[tuple[str, Any, Any]], ctx: Context) -> list[Any]:
    """The scenario units that draw a counter and move: every ship in play but a lashed consort (a pair is one)."""
    ids = {u.id for _, u, d in units if not d.stats.is_fort}
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return sorted(ids)
    return [su for side in scenario.sides for su in side.units if su.id in ids and su.lashed_to not in ids]


def vessels(units: list[tuple[str, Any, Any]]) -> list[Any]:
    """Every ship in play, a lashed consort too (she strikes on her own: the reading "One of a pair lost"); no fort."""
    return [u.id for _, u, d in units if not d.stats.is_fort]


def followers(units: list[tuple[str, Any, Any]], ctx: Context) -> int:
    """How many ships can follow a leader in line at once: a division's acting ships less its leader (the Line of
    battle reading: a column follows the leader the roster names); none without a scenario's divisions."""
    divisions: dict[str, int] = {}
    for su in acting_ships(units, ctx):
        if getattr(su, "division", None):
            divisions[su.division] = divisions.get(su.division, 0) + 1
    return sum(n - 1 for n in divisions.values())


def columns(units: list[tuple[str, Any, Any]], ctx: Context) -> int:
    """How many columns are in play: the divisions with a leader and at least one ship to follow him (the Leads
    marker's count: one a column)."""
    divisions: dict[str, int] = {}
    for su in acting_ships(units, ctx):
        if getattr(su, "division", None):
            divisions[su.division] = divisions.get(su.division, 0) + 1
    return sum(1 for n in divisions.values() if n > 1)


def pairs(units: list[tuple[str, Any, Any]], ctx: Context) -> int:
    """How many lashed pairs are in play: the ships in play lashed to another in play (the Carried marker's count)."""
    ids = {u.id for _, u, d in units if not d.stats.is_fort}
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return 0
    return sum(1 for side in scenario.sides for su in side.units if su.id in ids and su.lashed_to in ids)


def state_markers(n: int, ctx: Context, units: list[tuple[str, Any, Any]] | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
    """(front word, back word, its note) per state marker (state_markers), as many as can be wanted at once: `each:
    ship` one per acting ship, `each: vessel` one per ship in play, `each: follower` one per ship that can follow in
    line, `each: pair` one per lashed pair (`most`: no more than that many), else one for every units_per_marker of the `n` units drawing a counter, rounded up (Mobile Bay's 17
    counters: 15 Anchored, 6 Aground, 6 Holed, 11 In line (9 and 2 `spare`), 9 Turn point, 22 Struck). Without units (blank markers) every state has the per-units count."""
    rows = ctx.tables.state_markers.rows
    per = -(-n // int(rows["units_per_marker"]))
    counts = {"ship": (lambda: len(acting_ships(units, ctx))), "vessel": (lambda: len(vessels(units))),
              "follower": (lambda: followers(units, ctx)), "pair": (lambda: pairs(units, ctx)),
              "column": (lambda: columns(units, ctx))}
    out = []
    for m in rows["markers"]:
        each = m.get("each")
        if each is not None and each not in counts:
            raise ShipyardError(f"table state_markers ({ctx.tables.state_markers.tag()}): marker {m['word']!r} is "
                                f"for each {each!r}; a marker is for each {' or '.join(counts)} (or every "
                                "units_per_marker units)")
        k = counts[each]() + int(m.get("spare", 0)) if each is not None and units else per
        k = min(k, int(m["most"])) if "most" in m else k
        out += [(str(m["word"]), str(m["word"]), (str(m["note"]),))] * k
    return out


def acting_units(units: list[tuple[str, Any, Any]], ctx: Context) -> int:
    """How many units draw a turn counter: every ship or fort in play, but a lashed pair is one (it acts on the
    larger's number: the reading "Lashed pairs"), so a gunboat lashed to a ship in play draws none."""
    ids = {u.id for _, u, _ in units}
    scenario = getattr(ctx, "scenario", None)
    lashed = {su.id for side in scenario.sides for su in side.units if su.lashed_to in ids} if scenario else set()
    return len(ids - lashed)


def counters(doc, units: list[tuple[str, Any, Any]], ctx: Context, fold: bool = False, backs: bool = False) -> None:
    """Numbered turn counters 1…N (one per ship, fort or lashed pair in play), the speed markers of each ship and
    the state markers (Anchored, Aground, Holed) for the fleet."""
    layout = layout_of(fold, backs)
    n = acting_units(units, ctx) if units else 24
    # spares in the cells that end the numbered counters' last row, which would print empty (replay 26: no spare)
    spares = cells_left(doc, n, STYLES["turn_counter"], layout) if units else 0
    chit_sheet(doc, [_turn_counter(k) for k in range(1, n + 1)] + [_spare_counter()] * spares, STYLES["turn_counter"],
               layout=layout, title="Turn counters")
    if units:
        markers = speed_markers(units, ctx)
    else:  # blank markers to fill in by hand
        markers = [(w, "Stopped", ()) for _ in range(6) for w, _ in speed_words(ctx)]
    chits = [_speed_marker(*m) for m in markers] + [_speed_marker(*m, note=True) for m in state_markers(n, ctx, units)]
    # below the turn counters on their page, but for duplex backs (a back must match its front)
    chit_sheet(doc, chits, STYLES["speed_marker"], layout=layout,
               title="Speed markers", go_on=not backs)
