"""Saunders counters: speed chits ahead and astern (0 to the fastest ship in play), fire, hole, aground, spar,
struck and sunk markers, cut out along the marks (or folded, or backed for duplex printing). The reminders on the markers come
from the tables."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from pathlib import Path

from ...render import Document, Page
from ...render.counters import Chit, cells_left, chit_sheet, draw_face, layout_of, load_style
from ...render.text import number
from ..context import Context
from ..derived import Derived
from ..play_aids import game_turns, tint
from .derive import modifier
from .sheet import halved_speeds, signed

STYLE = load_style(Path(__file__).with_name("aids.yaml"))["chit"]
SHIPS_PER_SPEED_CHIT = 4  # one chit of each speed for every 4 ships that can make it (8 ran out in turn 1 at Mobile Bay)
SHIPS_PER_ASTERN_CHIT = 24  # going astern costs a turn stopped first and runs at a third of the speed: few ships back at
                            # once (replay 6 and play 28: none in three turns), so a chit a speed for every 24 ships (8
                            # until play 28, whose missing captain, rudder, pilot-house, smoke and steam markers took the cells;
                            # 12 until play 40, whose FIRE and HOLE markers, sized for the game's length, took five more)
SHIPS_PER_FATE_MARKER = 4  # a struck and a sunk marker for every 4 ships (at least 2 of each): 8 left Mobile Bay's 22
                           # ships three of each for a 12-turn game (replay 6), 6 four; the day saw four fates and replay
                           # s26 one of each in three turns of twelve, so 4 now: six of each
SHIPS_PER_AGROUND = 6  # an aground marker for every 6 ships (at least 2): few ground (replay s26: none in three turns,
                       # the shoals off the channel), but play 28 found 3 too few for Mobile Bay's 22 (8 till then)
FORTS_PER_SILENCED = 1  # a silenced marker for every fort (two for Mobile Bay's four ran short on paper, replay 6)
SHIPS_PER_HALTED = 11  # a halted marker for every 11 ships (at least 2): a ram halts both ships for the next move too;
                       # rams are rare (none in the replays' three-turn games), so 6 gave way to play 28's state markers
SHIPS_PER_STATE = 11  # a CAPTAIN, RUDDER and PILOT marker for every 11 ships (at least 2): play 28 had two captains
                      # down and two rudders jammed at once in turn 3 and Hartford's pilot house hit twice
SHIPS_PER_LASTING = 5  # a SMOKE marker for every 5 ships, a STEAM for every 8 (at least 2): they last all game, and a
SHIPS_PER_STEAM = 8    # −1 to fire without a marker on the model is easily forgotten (play 28: three ships in three
                       # turns; play 29: two of three SMOKE in use by turn 3, nine turns to go; play 30: five funnels
                       # hit in three turns where Mobile Bay's 22 ships had four SMOKE)
# play 40 (sau26), moment 12: 13 FIRE and 11 HOLE (a marker for every two units, two ships) ran out in a 12-turn Mobile
# Bay. Both last: a fire goes out on a 6, a hole is mended on a 6, so what is in play grows with the game's length: a
# 9-turn game keeps the old half a unit, a 12-turn game five eighths (Mobile Bay: 16 and 14, the most Letter's last
# page holds beside its TURNED, SMOKE and STEAM); past WEAR_MOST turns no more (a 6 puts out or mends as many as come)
WEAR_TURNS, WEAR_SPAN, WEAR_MOST = 3, 24, 21  # markers a unit: (WEAR_TURNS + the game's turns) / WEAR_SPAN


def wear_markers(count: int, ctx: Context) -> int:
    """FIRE or HOLE markers for `count` units (fires) or ships (holes) over the game's turns, at least 4."""
    return max(4, math.ceil(count * (WEAR_TURNS + min(WEAR_MOST, game_turns(ctx))) / WEAR_SPAN))


MAGAZINES = 2  # MAGAZINE markers (a turn each; play 29: one for the fleet)
LIGHT_TEXT = {"fire", "sunk"}  # white figures on a dark chit
# what marks each kind besides its fill, so that in black and white they differ by more than a grey
PATTERNS = {"aground": ("hatch", "clear"), "hole": ("hole",), "spar": ("spar",), "struck": ("spar",), "sunk": ("hole",),
            "silenced": ("hole", "spar"), "halted": ("frame",), "turret": ("pointer",), "turned": ("turn_corner",),
            "state": ("state_corner",)}


def consorts(ctx: Context) -> set[str]:
    """The scenario's lashed consorts (a unit naming the sloop she is lashed to): a pair moves at one speed and turns
    as one (the readings' Lashed pairs), so its speed, astern and TURNED markers are one, laid by the sloop."""
    scenario = getattr(ctx, "scenario", None)
    return {su.id for side in getattr(scenario, "sides", []) for su in side.units if su.lashed_to}


def _moving(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[Any]:
    """The stats of what moves on its own plot: the ships in play, a lashed pair once (its sloop; play 29: the
    speed chits were counted for 22 hulls where 15 plots move, and the TURNED markers ran short)."""
    lashed = consorts(ctx)
    return _ships([(side, u, d) for side, u, d in units if getattr(u, "id", None) not in lashed], ctx) if units \
        else _ships(units, ctx)


def _ships(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[Any]:
    """The stats of the ships in play (forts do not move); the whole library's when there are no units."""
    if units:
        ds = [d for _, _, d in units]
    else:
        from .derive import derive

        ds = [derive(u, ctx) for u in ctx.library.vessels]
    return [d.stats for d in ds if not d.stats.fort]


def speed_values(tops: list[float], also: list[float] = ()) -> list[float]:
    """Whole knots from 0 up to the fastest, and each ship's own top speed (and the `also` speeds: the ¾ and ½ speeds
    hull damage drops her to) where it is a half knot."""
    if not tops:
        return [0.0]
    return sorted({float(k) for k in range(int(math.floor(max(tops))) + 1)} | {float(t) for t in tops}
                  | {float(v) for v in also if 0 <= v <= max(tops)})


def speed_chits(tops: list[float], start: float, also: list[float] = (),
                per: int = SHIPS_PER_SPEED_CHIT) -> list[tuple[float, int]]:
    """(speed, copies) from `start` up: a chit for every `per` ships that can make the speed (a half knot that is only
    a damage speed: for every `per` ships that drop to it)."""
    out = []
    for v in speed_values(tops, also):
        if v < start:
            continue
        able = sum(1 for t in tops if t >= v) if v.is_integer() or v in tops else list(also).count(v)
        out.append((v, max(1, math.ceil(able / per))))
    return out


def chits(units: list[tuple[str, Any, Derived]], ctx: Context) -> list[tuple[str, str, str]]:
    """(big text, small text, kind) for every counter to print, in proportion to the fleet: speed chits by how many
    ships can make each speed, fire and hole markers by the fleet and the game's length (wear_markers), aground for every SHIPS_PER_AGROUND,
    a spar marker for each spar-torpedo ship, a struck and a sunk marker for every SHIPS_PER_FATE_MARKER ships, a
    halted marker for every SHIPS_PER_HALTED (after a ram: halted next move too), and a silenced marker for every
    FORTS_PER_SILENCED forts (no hull left: she fires no more)."""
    ships = _ships(units, ctx)
    moving = _moving(units, ctx)
    n_units = len(units) if units else len(ships)
    out: list[tuple[str, str, str]] = []
    damaged = [float(th.speed_kn) for s in moving for th in s.speed_thresholds]
    tops = [s.max_speed_kn for s in moving]
    # a chit for each half knot a halving reaches that no other chit has (replay r16: no "1½ kn ahead", the
    # speed track's new box): one each, as few ships fall so low
    damaged += sorted({v for s in ships for v in halved_speeds(s, ctx)} - set(speed_values(tops, damaged)))
    # a consort's own top speed (the pair may be carried at it): the chits every hull may need, one a speed
    tops_all = [s.max_speed_kn for s in ships]
    for v, n in speed_chits(tops, 0, damaged):
        out += [(number(v), "kn ahead", "speed")] * n
    out += [(number(v), "kn ahead", "speed") for v in speed_values(tops_all) if v not in speed_values(tops, damaged)]
    for v, n in astern_chits(ships):
        out += [(number(v), "kn astern", "astern")] * n
    t = ctx.tables
    out += [("FIRE", f"{signed(modifier(t.to_hit, 'On fire'))} to fire", "fire")] * wear_markers(n_units, ctx)
    out += [("HOLE", "no hull: a 6 sinks", "hole")] * wear_markers(len(ships), ctx)
    out += [("AGROUND", f"{int(t.aground.rows['break_free_on'])}+ to break free", "aground")] * max(2, math.ceil(len(ships) / SHIPS_PER_AGROUND))
    out += [("SPAR", "deployed", "spar")] * sum(1 for s in ships if s.spar_torpedo)
    fates = max(2, math.ceil(len(ships) / SHIPS_PER_FATE_MARKER))
    out += [("STRUCK", "speed 0", "struck")] * fates
    out += [("SUNK", "the wreck", "sunk")] * fates
    out += [("HALTED", "0 kn next move", "halted")] * max(2, math.ceil(len(ships) / SHIPS_PER_HALTED))
    out += state_chits(ships, ctx)
    out += turret_chits(units)
    out += [("SILENCED", "guns silent", "silenced")] * math.ceil(sum(1 for _, _, d in units if d.stats.fort) / FORTS_PER_SILENCED)
    return out


def astern_chits(ships: list[Any]) -> list[tuple[float, int]]:
    """(astern speed, copies): whole knots up to the fastest astern speed of a ship that backs at a fraction of her
    speed, and each ship's own astern top; a double-ender's full astern above that is hers alone (at Mobile Bay each is
    lashed to a sloop, which backs at a third), so the whole knots between are not printed (play 28 took the cells)."""
    tops = [s.astern_speed_kn for s in ships]
    fractional = [s.astern_speed_kn for s in ships if s.astern_speed_kn < s.max_speed_kn] or tops
    return [(v, n) for v, n in speed_chits(tops, 0.5, per=SHIPS_PER_ASTERN_CHIT)
            if v <= max(fractional) or v in tops]


def state_chits(ships: list[Any], ctx: Context) -> list[tuple[str, str, str]]:
    """The states a sheet's next-move or tick boxes hold, as markers to lay by the model, in number for the fleet:
    CAPTAIN, RUDDER and PILOT (house) a move, MAGAZINE a turn, SMOKE and STEAM all game (their −1s the tables')."""
    t = ctx.tables
    if not ships:
        return []
    each = max(2, math.ceil(len(ships) / SHIPS_PER_STATE))
    out = [("CAPTAIN", "down: orders stand", "state")] * each + [("RUDDER", "jammed: no turn", "state")] * each
    out += [("PILOT", "house hit: no change", "state")] * each + [("MAGAZINE", "flooded: no fire", "state")] * MAGAZINES
    out += [("SMOKE", f"{signed(modifier(t.to_hit, 'Filled with smoke'))} to fire", "state")] * max(2, math.ceil(len(ships) / SHIPS_PER_LASTING))
    out += [("STEAM", f"{signed(modifier(t.to_hit, 'Filled with steam'))} to fire", "state")] * max(2, math.ceil(len(ships) / SHIPS_PER_STEAM))
    return out


TURNED_PER_PLOT = 1  # a TURNED marker for every ship or pair that plots (play 29: 11 Union units and Tennessee turned
                     # in turn 3, 8 markers), where the counters' last page has the cells


def spare_chits(units: list[tuple[str, Any, Derived]], ctx: Context, room: int) -> list[tuple[str, str, str]]:
    """A marker a player needs across the table but which lives only in the orders logs (replay s26: the target's
    plotted turn changes the firer's to-hit, and checking it meant reading 25 orders logs), printed only in the
    `room` cells the counters' last page has left, so it never adds a page: a TURNED marker for every
    ship or lashed pair that plots (TURNED_PER_PLOT; laid by a ship when she turns in step 3, lifted in step 7), then
    SMOKE and STEAM, two to one, which last all game (play 33). The sheets' states are
    counters in their own right now (state_chits, play 28)."""
    ships = _moving(units, ctx)
    t = ctx.tables
    turned = [("TURNED", f"plotted a turn: {signed(modifier(t.to_hit, 'Firer or target plotted a turn'))}", "turned")]
    out = (turned * math.ceil(len(ships) * TURNED_PER_PLOT))[:max(0, room)]
    # play 33, paper: "only 3 SMOKE/STEAM pairs for 25 ships" (Mobile Bay prints 5 and 3; four ships' funnels were hit
    # in three turns, and both last all game): the cells still left after the TURNED take two SMOKE to a STEAM, as
    # a funnel (51-52) comes twice as often as a boiler (46)
    smoke = ("SMOKE", f"{signed(modifier(t.to_hit, 'Filled with smoke'))} to fire", "state")
    lasting = [smoke, smoke, ("STEAM", f"{signed(modifier(t.to_hit, 'Filled with steam'))} to fire", "state")]
    cells = max(0, room - len(out))
    ships_all = _ships(units, ctx) if units else []
    fleet, states = len(ships_all), [big for big, _, _ in state_chits(ships_all, ctx)]
    # play 41, moment 10: three captains down in turn 1 of Mobile Bay and four in turn 2, three rudders jammed, with
    # two of each. Where the page has the cells past the SMOKE and STEAM markers' first share (LASTING_PER_SHIP of
    # each ship, fixed and spare together: play 33's 10 and 5 for 22 ships), a CAPTAIN for every SHIPS_PER_ORDERS
    # ships and a RUDDER for every SHIPS_PER_RUDDER in all; where it has not (Letter), her sheet's box is the record
    first = min(cells, max(0, math.ceil(fleet * LASTING_PER_SHIP) - states.count("SMOKE") - states.count("STEAM")))
    orders = ([("CAPTAIN", "down: orders stand", "state")] * max(0, math.ceil(fleet / SHIPS_PER_ORDERS) - states.count("CAPTAIN"))
              + [("RUDDER", "jammed: no turn", "state")] * max(0, math.ceil(fleet / SHIPS_PER_RUDDER) - states.count("RUDDER"))
              + [("PILOT", "house hit: no change", "state")] * max(0, math.ceil(fleet / SHIPS_PER_PILOT) - states.count("PILOT")))
    orders = orders[:cells - first]
    smoke_steam = [lasting[k % len(lasting)] for k in range(cells - len(orders))]
    return out + smoke_steam[:first] + orders + smoke_steam[first:]


# play 41, moment 10 (spare_chits): more CAPTAIN and RUDDER markers where the counters' last page has the cells
# play 43 (sau30), moment 3 and defects: four rudders jammed at once in turn 2 with three RUDDER markers, and PILOT 2,
# CAPTAIN 4 for 22 ships: a CAPTAIN for every 5 ships, a RUDDER for every 6 and a PILOT for every 8 (Mobile Bay: 5, 4
# and 3), each taken from the spare SMOKE and STEAM cells, so no page is added (Letter keeps what it has room for)
SHIPS_PER_ORDERS, SHIPS_PER_RUDDER, SHIPS_PER_PILOT = 5, 6, 8
LASTING_PER_SHIP = 2 / 3  # SMOKE and STEAM together, fixed and spare, before the extra CAPTAIN and RUDDER markers


def turret_chits(units: list[tuple[str, Any, Derived]]) -> list[tuple[str, str, str]]:
    """A TURRET chit for every turret in play, named for her ship (and the turret, where she has two or three), laid
    beside the model with its point towards the arc the turret faces: the arc plotted in the orders log, on the
    table."""
    out = []
    for _, unit, d in units:
        turrets = list(dict.fromkeys(g.turret for g in d.stats.guns if g.turret))
        name = unit.name.split(" ", 1)[-1] if unit.name[:4] in ("USS ", "CSS ") else unit.name
        out += [("TURRET", name if len(turrets) == 1 else f"{name} {role}", "turret") for role in turrets]
    return out


def counters(doc: Document, units: list[tuple[str, Any, Derived]], ctx: Context, fold: bool = False,
             backs: bool = False) -> None:
    items = chits(units, ctx)
    items += spare_chits(units, ctx, cells_left(doc, len(items), STYLE, layout_of(fold, backs), per="page"))
    faces = [Chit(_face(*item, ctx=ctx), _face(*item, back=True, ctx=ctx)) for item in items]
    chit_sheet(doc, faces, STYLE, layout=layout_of(fold, backs), title="Counters", fold_title="Counters (fold)")


def _face(big: str, small: str, kind: str, back: bool = False, ctx: Context | None = None) -> list:
    """One counter's face: its fill and pattern, the outline you cut along, the figure and the reminder inside it.
    fire: dark with white letters; hole: a heavy inner frame; aground: hatched; astern: a dark band on top; spar:
    a dashed inner frame; struck: grey with a dashed frame; silenced: a heavy frame and a dashed one; sunk: dark with a heavy frame, white
    letters; halted: pale with a thin inner frame; turret: a point at its top; ahead speeds plain."""
    st = STYLE
    words = _light if kind in LIGHT_TEXT else (lambda part: part)
    fills = st.numbers["fills"]
    parts = [(st["fill"], tint(*fills[kind], ctx))] if kind in fills else []
    parts += [(st[p], None) for p in PATTERNS.get(kind, ())]
    if kind == "astern" and not back:
        parts += [(st["astern_band"], None), (st["astern_word"], "ASTERN")]
    parts.append((st["outline"], None))
    if back:
        return parts + [(words(st["back"]), big)]
    return parts + [(words(st["figure"]), big), (words(st["reminder"]), small)]


def _light(part):
    """The part with white words (on a dark chit)."""
    return replace(part, colour=1)


def _chit(page: Page, x: float, y: float, s: float, big: str, small: str, kind: str, back: bool = False,
          ctx: Context | None = None) -> None:
    """Draw one counter of the style's size with its top-left at (x, y) (s: the size the caller expects)."""
    draw_face(page, x, y, STYLE, _face(big, small, kind, back, ctx))
