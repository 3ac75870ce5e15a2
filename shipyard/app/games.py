"""Games at the table: start one from a scenario (and a campaign's state), mark and clear boxes, undo and redo, move
the turn on, read every unit's sheet as it stands and what the rules make of it, and write the units' state to a
campaign file that a new game or a pack starts from. The command line and the web server both call these.

Keys: a game has a key per side (marks that side's units), the host's (marks any) and a watcher's (reads only).
Every call names its key; `GameRefused.status` says which HTTP answer a refusal is (401 no such key for this game,
403 a key that may not make this mark, 404 no such game, 400 a mark that cannot be made).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Problem, ShipyardError, display_path
from ..games.state import TURN, Folded, fold
from ..games.store import Key, Store, store_path
from ..library.model import MAX_TURNS
from ..render.tags import turn_of

CAMPAIGN_FORMAT = "shipyard campaign state 1"


class GameRefused(ShipyardError):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    side: str
    derived: Any
    tracks: dict[str, int]  # tracker -> boxes: her damage tracks (the rule set's live_tracks)
    checks: tuple = ()  # every other box of her printed sheet (contract.Check: name, tracker, boxes, label)
    record: Any = None  # her library record as of the scenario's date, as its pack prints her

    @property
    def boxes(self) -> dict[str, int]:
        """Every markable thing on her sheet, by the name a mark gives it: her tracks, then her checks, and the turn
        written in beside a check that has a blank for one ('sunk turn': the turn she goes down, 1 to MAX_TURNS)."""
        return {**self.tracks, **{c.name: c.boxes for c in self.checks},
                **{turn_of(c.name): MAX_TURNS for c in self.checks if c.turn}}


COUNTER = "counter"  # the mark of a unit's turn counter, kept a turn at a time as "counter <turn>"


@dataclass(frozen=True)
class Table:
    """What does not change while a game is played: its rule set, context and units (derived once)."""

    rs: Any
    ctx: Any
    units: dict[str, Unit]

    def bounds(self) -> dict[tuple[str, str], int]:
        return {(u.id, t): n for u in self.units.values() for t, n in u.boxes.items()}


_TABLES: dict[tuple[str, int], Table] = {}


def games_store(folder: Path) -> Store:
    """The games database in the user's folder (created on first use)."""
    return Store(store_path(folder))


def _table(library, scenario_id: str, rules: str) -> Table:
    from .library import context, derive_target, ruleset

    rs = ruleset(rules)
    if scenario_id not in library.scenarios:
        raise GameRefused(f"no scenario {scenario_id!r} in the library (`shipyard scenarios` lists them)", 404)
    ctx = context(rs, library)
    units: dict[str, Unit] = {}
    for side, unit, derived in derive_target(rs, library, scenario_id, ctx):
        if not rs.takes_part(unit.id, ctx):
            continue
        units[unit.id] = Unit(unit.id, unit.name, side or "", derived, dict(rs.live_tracks(derived, ctx)),
                              tuple(rs.live_checks(unit, derived, ctx)), unit)
    return Table(rs, ctx, units)


def game_table(library, scenario_id: str, rules: str) -> Table:
    key = (f"{scenario_id}\n{rules}", id(library))
    if key not in _TABLES:
        if len(_TABLES) > 32:
            _TABLES.clear()
        _TABLES[key] = _table(library, scenario_id, rules)
    return _TABLES[key]


# -- starting a game


def new_game(store: Store, library, scenario_id: str, rules: str, state: Path | None = None, url: str = "") -> dict:
    """Start a game: every unit's sheet blank, or as a campaign file left it. Returns {id, keys: {side: key, host,
    watch}}; `url` is the address its links are made for (http://host:port), kept for the sheets a pack prints."""
    table = game_table(library, scenario_id, rules)
    if state is not None:
        start, origin = opening_marks(table, read_campaign(state), display_path(state))
    else:
        start, origin = scenario_damage(table, library, library.scenarios[scenario_id])
    sides = list(dict.fromkeys(u.side for u in table.units.values()))
    game, keys = store.new_game(scenario_id, table.rs.key, sides, start, origin, url.rstrip("/"))
    return {"id": game, "keys": {(k.side if k.role == "side" else k.role): k.key for k in keys}}


def scenario_damage(table: Table, library, scenario) -> tuple[dict, str]:
    """A scenario's `damage:` as a game's opening marks: the boxes its pre-damaged sheets strike under this rule set,
    each on the box of the live sheet that is the same box; a damage that names nothing her sheet has under it is
    refused, as a pre-damaged pack refuses it (the file, line and field), not opened blank."""
    if not any(su.damage for side in scenario.sides for su in side.units):
        return {}, ""
    from ..pack.options import PackOptions
    from .checking import check_damage
    from .library import context

    ctx = context(table.rs, library, options=PackOptions(copies="pre-damaged"), scenario=scenario)
    check_damage(library, scenario, table.rs, [(u.side, u.record, u.derived) for u in table.units.values()], ctx)
    start = {}
    for side in scenario.sides:
        for su in side.units:
            unit = table.units.get(su.id)
            if su.damage and unit is not None:
                struck = {k: n for k, n in table.rs.struck_boxes(unit.record, unit.derived, ctx).items()
                          if k in unit.boxes}
                if struck:
                    start[su.id] = struck
    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    return start, f"{display_path(entry.path) if entry else scenario.id} (its damage:)"


def opening_marks(table: Table, campaign: dict, where: str) -> tuple[dict, str]:
    """A campaign's units' state as this game's opening marks: the same rule set's tracks box for box, another's
    through each unit's share of her main track lost (the first of her tracks), so one file serves all four."""
    same = campaign.get("rules") == table.rs.key
    start: dict[str, dict[str, int]] = {}
    for uid, told in (campaign.get("units") or {}).items():
        unit = table.units.get(uid)
        if unit is None:
            raise ShipyardError([Problem(where, None, f"units.{uid}", f"{uid!r} does not play in this game "
                                         f"({table.rs.title}); its units are {', '.join(sorted(table.units))}")])
        if same:
            marks = {}
            checks = {n: b for n, b in unit.boxes.items() if n not in unit.tracks}  # a written-in turn too
            for part, have in (("tracks", unit.tracks), ("checks", checks)):
                for track, n in (told.get(part) or {}).items():
                    if track not in have:
                        raise ShipyardError([Problem(where, None, f"units.{uid}.{part}.{track}",
                                                     f"{unit.name} has no {track!r} {part[:-1]} under {table.rs.title} "
                                                     f"(she has {', '.join(have) or 'none'})")])
                    marks[track] = max(0, min(int(n), have[track]))
        else:
            share = float(told.get("share") or 0)
            if not 0 <= share <= 1:
                raise ShipyardError([Problem(where, None, f"units.{uid}.share",
                                             f"{share:g}: a share of her main track lost is between 0 and 1")])
            main = next(iter(unit.tracks), None)
            marks = {main: int(share * unit.tracks[main])} if main else {}
        if any(marks.values()):
            start[uid] = {t: n for t, n in marks.items() if n}
    said = f"{where} ({campaign.get('rules')}" + (")" if same else f", read as shares of each main track)")
    return start, said


# -- keys


def _key(store: Store, game: str, key: str | None) -> Key:
    if store.game(game) is None:
        raise GameRefused(f"no game {game!r} here (`shipyard game list` lists them)", 404)
    found = store.key(key) if key else None
    if found is None or found.game != game:
        raise GameRefused("this link has no key for this game (use the link the host gave you)", 401)
    return found


def _may_mark(key: Key, unit: Unit | None) -> None:
    if key.role == "watch":
        raise GameRefused("a watch link reads the sheets; it cannot mark them", 403)
    if key.role == "side" and unit is not None and unit.side != key.side:
        raise GameRefused(f"{unit.name} is the {unit.side}'s: the {key.side} link marks the {key.side}'s units only",
                          403)


# -- reading a game


_FOLDS: dict[tuple[int, str], tuple[int, Folded]] = {}  # (store, game) -> the fold at its last event


def _folded(store: Store, library, game: str) -> tuple[Table, Folded, Any]:
    row = store.game(game)
    table = game_table(library, row.scenario, row.rules)
    events = store.events(game)
    seq = events[-1].seq if events else 0
    kept = _FOLDS.get((id(store), game))
    if kept is None or kept[0] != seq:
        if len(_FOLDS) > 64:
            _FOLDS.clear()
        kept = _FOLDS[(id(store), game)] = (seq, fold(row.start, events, table.bounds()))
    return table, kept[1], row


def unit_view(table: Table, folded: Folded, unit: Unit) -> dict:
    """A unit as the API gives her: `trackers`, her damage tracks; `checks`, every other box of her printed sheet
    (guns, criticals, states, end boxes: {name: {boxes, marked, tracker, label}}), marked the same way; a check with
    a blank for a turn also has `turn`, the turn written in (None: none yet), marked as '<name> turn'. Under a rule
    set with turn counters, `counter`: the one she holds this turn ({label, of, drawn}), marked as 'counter'."""
    marked = {t: folded.boxes(unit.id, t) for t in unit.boxes}
    return {"id": unit.id, "name": unit.name, "side": unit.side,
            "trackers": {t: {"boxes": n, "marked": marked[t]} for t, n in unit.tracks.items()},
            "checks": {c.name: {"boxes": c.boxes, "marked": marked[c.name], "tracker": c.tracker, "label": c.label,
                                **({"turn": marked[turn_of(c.name)] or None} if c.turn else {})}
                       for c in unit.checks},
            "now": table.rs.unit_now(unit.derived, marked, table.ctx, unit.checks),
            **({"counter": {"label": f"{table.rs.turn_counter} this {table.rs.turn_word}", "of": len(table.units),
                            "drawn": folded.boxes(unit.id, f"{COUNTER} {folded.turn}") or None}}
               if table.rs.turn_counter else {})}


def game_view(store: Store, library, game: str, key: str | None) -> dict:
    """The game as the JSON API gives it: {id, scenario, rules, turn, seq, role, units: [{id, name, side,
    trackers: {tracker: {boxes, marked}}, now: {max_speed, out, ...}}]}."""
    who = _key(store, game, key)
    table, folded, row = _folded(store, library, game)
    return {"id": game, "scenario": row.scenario, "rules": row.rules, "turn": folded.turn, "seq": folded.last,
            "role": who.role, "side": who.side, "key": who.key, "opened_from": row.origin or None,
            "units": [unit_view(table, folded, u) for u in table.units.values()]}


def unit_record(store: Store, library, game: str, unit_id: str):
    """A unit of a game as her sheet is drawn (her record as of the scenario's date, refits and all), or None."""
    row = store.game(game)
    unit = game_table(library, row.scenario, row.rules).units.get(unit_id) if row is not None else None
    return unit.record if unit is not None else None


# -- marking


def mark(store: Store, library, game: str, key: str | None, unit_id: str, tracker: str, marked: int,
         seen: int | None = None, device: str | None = None) -> dict:
    """Set a unit's track to `marked` boxes. With `seen` (the boxes the device showed when it was tapped) the change
    is made relative to it, so two devices marking the same ship at once both count. Returns the unit."""
    who = _key(store, game, key)
    row = store.game(game)
    table = game_table(library, row.scenario, row.rules)
    unit = table.units.get(unit_id)
    if unit is None:
        raise GameRefused(f"no unit {unit_id!r} in this game", 404)
    _may_mark(who, unit)
    counter = tracker == COUNTER and bool(table.rs.turn_counter)  # her turn counter: this turn's, 1 to a unit each
    if not counter and tracker not in unit.boxes:
        raise GameRefused(f"{unit.name} has no {tracker!r} track or box on her sheet (she has "
                          f"{', '.join(unit.boxes) or 'none'})")
    boxes = len(table.units) if counter else unit.boxes[tracker]
    if not isinstance(marked, int) or isinstance(marked, bool) or not 0 <= marked <= boxes:
        raise GameRefused(f"marked: {marked!r}: a whole number of boxes from 0 to {boxes}")

    def decide(events):
        folded = fold(row.start, events, table.bounds())
        name = f"{COUNTER} {folded.turn}" if counter else tracker
        now = folded.boxes(unit_id, name)
        want = max(0, min(boxes, now + (marked - seen))) if seen is not None else marked
        if counter and want:
            _counter_free(table, folded, unit, want)
        return None if want == now else ("mark", unit_id, name, want - now, None)

    store.append(game, device or who.key, decide)
    table, folded, _ = _folded(store, library, game)
    return unit_view(table, folded, unit)


def _counter_free(table: Table, folded: Folded, unit: Unit, number: int) -> None:
    """Refuse a turn counter another unit already holds this turn: the cup has one of each number."""
    rs = table.rs
    holder = next((u for u in table.units.values() if u.id != unit.id
                   and folded.boxes(u.id, f"{COUNTER} {folded.turn}") == number), None)
    if holder is not None:
        raise GameRefused(f"{holder.name} holds {rs.turn_counter} {number} this {rs.turn_word} {folded.turn}: there "
                          f"is one counter of each number, so {unit.name} cannot hold it too (clear {holder.name}'s "
                          "first if it was written in by mistake)", 409)


def undo(store: Store, library, game: str, key: str | None, device: str | None = None, redo: bool = False) -> dict:
    """Reverse this device's last mark still standing (or, redo, put back its last undone one). Returns the game."""
    who = _key(store, game, key)
    _may_mark(who, None)
    row = store.game(game)
    table = game_table(library, row.scenario, row.rules)
    me = device or who.key

    def decide(events):
        folded = fold(row.start, events, table.bounds())
        stack = (folded.undone if redo else folded.done).get(me) or []
        return ("redo" if redo else "undo", None, None, 0, stack[-1]) if stack else None

    if store.append(game, me, decide) is None:
        raise GameRefused("nothing to redo" if redo else "nothing of yours to undo", 409)
    return game_view(store, library, game, key)


def next_turn(store: Store, library, game: str, key: str | None, step: int = 1, device: str | None = None) -> dict:
    who = _key(store, game, key)
    if who.role != "host":
        raise GameRefused("only the host moves the turn track on", 403)
    store.append(game, device or who.key, lambda events: (TURN, None, None, 1 if step >= 0 else -1, None))
    return game_view(store, library, game, key)


# -- campaigns


def campaign_state(store: Store, library, game: str) -> dict:
    """The units' state at the end of a game, as a campaign file holds it: each damaged unit's tracks under the
    rule set played, and her share of her main track lost, how the other rule sets read it."""
    table, folded, row = _folded(store, library, game)
    units = {}
    for u in table.units.values():
        view = unit_view(table, folded, u)
        tracks = {t: v["marked"] for t, v in view["trackers"].items() if v["marked"]}
        checks = {c: v["marked"] for c, v in view["checks"].items() if v["marked"]}
        checks |= {turn_of(c): v["turn"] for c, v in view["checks"].items() if v["marked"] and v.get("turn")}
        if not tracks and not checks:
            continue
        main = next(iter(u.tracks), None)
        units[u.id] = {"name": u.name, "main": main, "tracks": tracks, **({"checks": checks} if checks else {}),
                       "share": round(folded.boxes(u.id, main) / u.tracks[main], 3) if main and u.tracks[main] else 0,
                       "out": view["now"].get("out")}
    rs = table.rs
    return {"format": CAMPAIGN_FORMAT, "scenario": row.scenario, "rules": row.rules, "game": game,
            "turn": folded.turn, "units": units,
            **({"not carried": f"{rs.turn_counter}s: drawn afresh every {rs.turn_word}, a unit's number is the order "
                               f"she acts in that {rs.turn_word} alone, so the next game draws its own"}
               if rs.turn_counter else {})}


def write_campaign(state: dict, path: Path, replace: bool = False) -> Path:
    """Write a campaign file; never over a file that is there unless asked."""
    import yaml

    from ..atomic import atomic_write_bytes

    path = Path(path)
    if path.exists() and not replace:
        raise ShipyardError(f"{display_path(path)} is there already: give another name, or --force to replace it")
    head = (f"# {CAMPAIGN_FORMAT}: the units' damage after game {state['game']} ({state['scenario']}, {state['rules']},"
            f" turn {state['turn']}).\n# tracks: boxes marked under that rule set; checks: her sheet's other boxes marked "
            f"(guns, criticals, states; '<box> turn': the turn written in beside it); share: of her main track lost, "
            f"how another rule set reads her.\n")
    atomic_write_bytes(path, (head + yaml.safe_dump(state, sort_keys=False, allow_unicode=True)).encode())
    return path


def read_campaign(path: Path) -> dict:
    from ..library.yamlfile import read_yaml

    where = display_path(path)
    if not Path(path).is_file():
        raise ShipyardError([Problem(where, None, None, "no such campaign file")])
    data = read_yaml(Path(path)).data
    if not isinstance(data, dict) or data.get("format") != CAMPAIGN_FORMAT:
        raise ShipyardError([Problem(where, 1, "format", f"not a campaign file (expected `format: {CAMPAIGN_FORMAT}`, "
                                                        "as `shipyard game export` writes)")])
    if not isinstance(data.get("units") or {}, dict):
        raise ShipyardError([Problem(where, None, "units", "expected a mapping of unit ids to their state")])
    return data


def repair(campaign: dict, library, house_rules: Path | None = None) -> dict:
    """The campaign's units after the repair step between games: each unit still in the fight repairs the rule set's
    `campaign_repair` share of the boxes she lost on every track (rounded down, so 13 lost at a half leaves 7), and
    the boxes of its `put_out` trackers (a fire, a jammed rudder: what does not outlast a game) are cleared whole; a
    unit out of the fight repairs nothing. Returns the new state (the file given is not changed)."""
    from .library import context, ruleset

    rs = ruleset(campaign.get("rules") or "")
    ctx = context(rs, library, house_rules)
    table = ctx.tables.require("campaign_repair")
    share = float(table.rows.get("share", 0)) if isinstance(table.rows, dict) else 0.0
    put_out = set(table.rows.get("put_out") or ()) if isinstance(table.rows, dict) else set()
    units = {}
    for uid, told in (campaign.get("units") or {}).items():
        told = dict(told)
        if not told.get("out"):
            for part in ("tracks", "checks"):  # what does not outlast a game (a fire) is cleared whole
                if told.get(part):
                    told[part] = {n: k for n, k in told[part].items() if n.split(" ", 1)[0] not in put_out}
            lost = told.get("tracks") or {}
            tracks = {t: n - int(n * share) for t, n in lost.items()}
            main = told.get("main")
            kept = tracks[main] / lost[main] if lost.get(main) else 1 - share  # the main track's boxes still lost
            told["tracks"] = {t: n for t, n in tracks.items() if n}
            if told.get("checks"):  # a sheet's other boxes repair by the same share (a box alone stays lost)
                checks = told["checks"]
                boxes = {c: n - int(n * share) for c, n in checks.items() if c not in _turns(checks)}
                told["checks"] = {c: n for c, n in boxes.items() if n} | {
                    t: n for t, n in checks.items() if t in _turns(checks) and boxes.get(_turns(checks)[t])}
            told["share"] = round(float(told.get("share") or 0) * kept, 3)
        if told.get("tracks") or told.get("checks") or told.get("out"):
            units[uid] = told
    repaired = (f"{share:g} of the boxes lost" + (f"; put out between games: {', '.join(sorted(put_out))}" if put_out
                else "") + f" ({'house rule' if house_rules else 'campaign_repair, reconstructed'})")
    return {**campaign, "units": units, "repaired": repaired}


def _turns(checks: dict) -> dict[str, str]:
    """A campaign file's written-in turns among a unit's checks: {'sunk turn': 'sunk'} (the box it is written by)."""
    return {turn_of(c): c for c in checks if turn_of(c) in checks}


def game_links(game: str, keys: dict[str, str], base: str = "") -> dict[str, str]:
    """Each of a game's links: a side's, the host's and the watcher's, each carrying its key."""
    return {who: f"{base}/games/{game}?key={key}" for who, key in keys.items()}


def touched_units(store: Store, game: str, after: int) -> set[str]:
    """The units whose sheets the events after `after` changed (an undo or redo: the unit of the mark it reverses);
    a move of the turn track (or its undo) changes every card that holds a turn counter: TURN is in the set."""
    events = store.events(game)
    by_seq = {e.seq: e for e in events}
    out = set()
    for e in events:
        if e.seq <= after:
            continue
        target = by_seq.get(e.target) if e.kind in ("undo", "redo") else e
        if target is not None and target.unit:
            out.add(target.unit)
        elif target is not None and target.kind == TURN:
            out.add(TURN)
    return out


def scenario_as_it_stands(library, scenario, rs, campaign: dict, where: str):
    """The scenario with each unit's `damage:` as a campaign file left her, in this rule set's tracks (the same rule
    set's box for box, another's through her share of her main track): a pre-damaged pack prints the sheets so."""
    table = game_table(library, scenario.id, rs.key)
    start, _ = opening_marks(table, campaign, where)
    return scenario.model_copy(update={"sides": [
        side.model_copy(update={"units": [su.model_copy(update={"damage": start.get(su.id) or su.damage})
                                          for su in side.units]})
        for side in scenario.sides]})


def live_links(store: Store, library, game: str) -> dict[str, str]:
    """Each unit's link to her live sheet in a game (her side's key; the host's where a unit has no side's), for the
    QR codes a pack printed from the game carries; {} for a game not in this folder or made without an address."""
    row = store.game(game)
    if row is None or not row.url:
        return {}
    keys = {k.side if k.role == "side" else k.role: k.key for k in store.keys(game)}
    table = game_table(library, row.scenario, row.rules)
    return {u.id: f"{row.url}/games/{game}?key={keys.get(u.side, keys['host'])}#unit-{u.id}"
            for u in table.units.values()}
