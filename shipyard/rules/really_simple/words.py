"""The rule reminders the printed aids carry, put together from the tables (house rules included), so no number
is typed into a layout: change grounding.free_on and the AGROUND marker, the quick reference and the cards follow."""

from __future__ import annotations

from types import SimpleNamespace

import math
import re
from dataclasses import dataclass

from ...render.text import number
from ...errors import ShipyardError
from ..tables import Tables
from ..rosters import lashing
from .derive import scale_factor
from .stats import ReallySimpleStats


def kn(v: float) -> str:
    """Knots as printed: 7.5 -> '7½', 0.5 -> '½', 7 -> '7'."""
    return number(float(v))


def signed(v) -> str:
    """+1, −1 (a true minus sign)."""
    return f"{int(v):+d}".replace("-", "−")


_FIELD = re.compile(r"\{([a-z_]+)\.(?:([0-9a-z_+-]+)\.)?([a-z_]+)\}")


def fill(template: str, tables: Tables, where: str) -> str:
    """A reminder with {table.key} names filled from the (house-ruled) mapping tables, and {table.ROLL.key} from
    the row of a list table with that roll or key ({special_effects.11.turns}: how long a fire burns;
    {shooting_modifiers.avoided_collision.modifier})."""

    def sub(m):
        name, roll, key = m.groups()
        t = tables.require(name)
        rows = t.rows
        if roll is not None:
            rows = next((r for r in rows if isinstance(r, dict) and roll in (str(r.get("roll")), r.get("key"))), None) \
                if isinstance(rows, list) else None
        if not isinstance(rows, dict) or key not in rows:
            has = ', '.join(rows) if isinstance(rows, dict) else 'rows, not keys' if roll is None else f'no row {roll}'
            raise ShipyardError(f"{where}: {m.group(0)} names no value of table {name} ({t.tag()}); it has {has}")
        value = rows[key]
        negative = isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0
        return "−" + number(-value) if negative else number(value)  # a true minus, as the tables print a modifier

    return _FIELD.sub(sub, str(template))


_ROW_FIELD = re.compile(r"\{([a-z_]+)\}")


def row_text(row: dict, key: str, table: str) -> str:
    """A row's words with each {field} filled from the row's own fields: 'top speed {knots} knots lower'."""

    def sub(m):
        if m.group(1) not in row:
            raise ShipyardError(f"table {table}: the row {row.get('roll', '')!r} says {{{m.group(1)}}} in its {key} "
                                f"but has no {m.group(1)}")
        return number(row[m.group(1)])

    return _ROW_FIELD.sub(sub, str(row[key]))


def special_effect(tables: Tables, tracker: str) -> dict | None:
    """The special_effects row a card's tracker records (trackers.yaml names it by its roll), or None."""
    from .trackers import trackers

    rolls = {o.row for o in trackers().outcomes if o.table == "special_effects" and o.tracker == tracker}
    return next((r for r in tables.require("special_effects").rows if str(r["roll"]) in rolls), None)


def row_by_key(rows: list, key: str, table: str) -> dict:
    for r in rows:
        if isinstance(r, dict) and r.get("key") == key:
            return r
    raise ShipyardError(f"table {table}: no row with key {key!r}")


def no_ram_bow(tables: Tables) -> str:
    """The RAM BOW box of a ship without one: 'no (−1)' with the ramming table's modifier."""
    rows = tables.require("ramming").rows
    return f"no ({signed(row_by_key(rows.get('modifiers', []), 'no_ram_bow', 'ramming.modifiers')['modifier'])})"


def step_kn(tables: Tables) -> float:
    return float(tables.require("movement").rows.get("speed_step_kn", 0.5))


def sinks_in(tables: Tables) -> str:
    return number(tables.require("sinking").rows["turns"])


def ranges_text(ctx) -> str:
    factor, _ = scale_factor(ctx)
    r = ctx.tables.require("ranges").rows
    return (f"point blank {number(r['point_blank'] * factor)} in, effective {number(r['effective'] * factor)} in, "
            f"long {number(r['long'] * factor)} in")


@dataclass
class GunGroup:
    size: str
    rifled: bool
    fire_factor: int
    count: int
    names: list[str]
    bears: str = ""  # where the group's guns bear (BEARS), '' when not told (a fort's, the roster's)

    @property
    def label(self) -> str:
        if self.bears:  # short, as the roster's guns: 'PORT L +3', 'PIVOT MR +3' (M rifled); a fort's front: '170–330° L +3'
            where = BEAR_WORDS.get(self.bears, self.bears)
            return f"{where} {self.size[0]}{'R' if self.rifled else ''} +{self.fire_factor}"
        return f"{self.size[0]}{'R' if self.rifled else ''} +{self.fire_factor}"  # as every card's rows: 'LR +4'


# where a ship's guns bear, in the order a card groups them, and the word that leads each group's row
BEARS = ("port", "starboard", "bow", "stern", "pivot", "turret")
BEAR_WORDS = {"port": "PORT", "starboard": "STBD", "bow": "BOW", "stern": "STERN", "pivot": "PIVOT", "turret": "TURRET"}
ENDS = {"bow": "bow", "stern": "stern"}  # a broadside or casemate port at the ship's end fires ahead or astern


def mount_bearings(mount, inboard: str | None = None) -> list[tuple[str, int]]:
    """Where a mount's guns bear, with how many: a turret's all round, a pivot's (or a deck gun's) to either side,
    an end port's ahead or astern, a broadside's half on each side (starboard takes the odd gun, unless starboard is
    the inboard side of a lashed ship whose odd gun goes outboard: table odd_gun)."""
    mounting = getattr(getattr(mount, "mounting", None), "value", None)
    position = getattr(getattr(mount, "position", None), "value", None)
    if mounting is None:
        return [("", mount.count)]
    if mounting == "turret" or getattr(mount, "turret", None):
        return [("turret", mount.count)]
    if mounting in ("pivot", "deck"):
        return [("pivot", mount.count)]
    if position in ENDS:
        return [(ENDS[position], mount.count)]
    odd_to_port = inboard == "starboard"
    port = mount.count - mount.count // 2 if odd_to_port else mount.count // 2
    return [(side, n) for side, n in (("port", port), ("starboard", mount.count - port)) if n]


def inboard_side(ctx, unit) -> str | None:
    """The side of a lashed ship that lies against her partner in the scenario ('port' for Brooklyn, 'starboard' for
    Octorara lashed to her port side), None for a ship not lashed (or a pack without a scenario)."""
    found = lashing(getattr(ctx, "scenario", None), getattr(unit, "id", None))
    return found[1] if found else None


def odd_gun_inboard(tables: Tables, ctx, unit) -> str | None:
    """The inboard side mount_bearings keeps the odd gun off, where the odd_gun table puts it outboard."""
    return inboard_side(ctx, unit) if option(tables, "odd_gun") == "outboard" else None


NO_SHIP = "NO SECTOR"  # a fort's guns in no sector the set-up draws (Fort Morgan's land front): they bear on no ship;
# the plan's own word, "sectors of fire" (replay 28: the card's ON NO SHIP was p2's "land" under another name)


def off_plan(ctx, unit, stats) -> bool:
    """A fort the scenario's set-up places nowhere (Mobile Bay's Fort Powell, 'not on the plan'): it plays no part,
    so it gets no card and no counter, only its line among those that play no part (replay 27)."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    if setup is None or not getattr(stats, "is_fort", False):
        return False
    start = setup.starts.get(getattr(unit, "id", ""))
    return start is None or start.at is None


def idle_guns_play_no_part(tables: Tables) -> bool:
    """A fort's guns that bear on no ship are never fired nor lost where a gun lost is of the front facing the firer
    (fort_gun_lost: front): they are named on one line, no boxes; the other reading may take one, so boxes stay."""
    return option(tables, "fort_gun_lost") == "front"


def fort_front_groups(s: ReallySimpleStats, tables: Tables, unit, library, arcs) -> list[GunGroup]:
    """A fort's guns grouped by the front they stand on (the set-up's arcs with their batteries), each front's by size
    as a ship's are by side: '170–330° L +3' ... then the guns on no front, 'NO SECTOR M +2', so a player finds the guns
    of the front that bears without working it out. [] when an arc does not say its battery."""
    if not arcs or any(not a.battery for a in arcs):
        return []
    order = {r.get("size"): i for i, r in enumerate(tables.require("gun_sizes").rows) if isinstance(r, dict)}
    by_name = {g.name: g for g in s.guns}
    named = {m.gun: library.gun(m).name for m in unit.armament}
    left = {name: g.count for name, g in by_name.items()}
    groups: list[GunGroup] = []

    def add(front: str, name: str, n: int) -> None:
        g = by_name[name]
        grp = next((x for x in groups if (x.bears, x.size, x.rifled) == (front, g.size, g.rifled)), None)
        if grp is None:
            grp = GunGroup(g.size, g.rifled, g.fire_factor, 0, [], front)
            groups.append(grp)
        grp.count += n
        grp.names.append(f"{n} × {name}")

    for a in arcs:
        front = f"{a.from_:03.0f}–{a.to:03.0f}°"
        for gun_id, n in a.battery.items():
            name = named.get(gun_id) or library.gun(SimpleNamespace(gun=gun_id)).name
            if name not in left or left[name] < n:
                return []  # the set-up names guns the fort does not mount: keep the groups by size
            left[name] -= n
            add(front, name, n)
    for name, n in left.items():
        if n:
            add(NO_SHIP, name, n)
    fronts = [f"{a.from_:03.0f}–{a.to:03.0f}°" for a in arcs] + [NO_SHIP]
    return sorted(groups, key=lambda g: (fronts.index(g.bears), -order.get(g.size, -1), not g.rifled, -g.fire_factor))


def gun_groups(s: ReallySimpleStats, tables: Tables, unit=None, library=None, inboard: str | None = None) -> list[GunGroup]:
    """Guns grouped by size and rifling, the largest size (last gun_sizes row) first, then rifles, then fire factor;
    given a ship and the library, first by where they bear (BEARS: port, starboard, bow, stern, pivot, turret)."""
    order = {r.get("size"): i for i, r in enumerate(tables.require("gun_sizes").rows) if isinstance(r, dict)}
    by_name = {g.name: g for g in s.guns}
    if unit is not None and library is not None and not s.is_fort:
        counts: dict[tuple, dict[str, int]] = {}
        for mount in unit.armament:
            g = by_name.get(library.gun(mount).name)
            if g is None:
                continue
            for bears, n in mount_bearings(mount, inboard):
                names = counts.setdefault((bears, g.size, g.rifled, g.fire_factor), {})
                names[g.name] = names.get(g.name, 0) + n
        groups = [GunGroup(size, rifled, ff, sum(names.values()), [f"{n} × {name}" for name, n in names.items()], bears)
                  for (bears, size, rifled, ff), names in counts.items()]
        rank = {b: i for i, b in enumerate(BEARS)}
        return sorted(groups, key=lambda g: (rank.get(g.bears, len(BEARS)), -order.get(g.size, -1), not g.rifled,
                                             -g.fire_factor))
    groups_: dict[tuple, GunGroup] = {}
    for g in s.guns:
        grp = groups_.setdefault((g.size, g.rifled), GunGroup(g.size, g.rifled, g.fire_factor, 0, []))
        grp.count += g.count
        grp.names.append(f"{g.count} × {g.name}")
    return sorted(groups_.values(), key=lambda g: (-order.get(g.size, -1), not g.rifled, -g.fire_factor))


def guns_summary(s: ReallySimpleStats, tables: Tables) -> str:
    """'2 L · 3 MR · 1 S' for the roster."""
    return " · ".join(f"{g.count} {g.size[0]}{'R' if g.rifled else ''}" for g in gun_groups(s, tables)) or "–"


def need(fire_factor: int, armour: int, most: int = 0) -> str:
    """The lowest d6 that hits before modifiers, as '4+' ('1+' if any does; '7+' where only plus modifiers bring a
    hit: replay 18 read a '–' there as never), or '–' if even the most they add (`most`) cannot."""
    n = armour - fire_factor + 1
    return "–" if n - most > 6 else f"{max(1, n)}+"


# ---------------------------------------------------------------------------------------------- readings of the text

# the readings a house-rules file may switch (fort_fire, fort_firer, fort_share, gun_lost, line_of_fire, line_ahead): the value's
# words in print
FORT_BEARS = {"sixth": "a sixth (rounded down, at least one)", "third": "a third (rounded up)", "all": "all"}
# said on every card page, lashed or not: a lashed ship's inboard guns are "lost last" on their own row (odd_gun's
# inboard_mark) and in the Which gun is lost reading, never on an unlashed ship's sheet (replay 32: "not inboard"
# on a monitor's page read as a rule she had to apply)
GUN_LOST = {"heaviest": "the largest gun that bears on the firer (if none bears, her largest)",
            "owner": "any gun that bears on the firer, the owner's choice (if none bears, any)"}
FORT_SHARE = {"printed": "the number printed on its card, while that many of the front's guns are left; then all that are left",
              "working": "worked out again from the front's guns not yet struck, as each is lost"}
# a graze the players cannot agree on settled by a die (replay 28, moment 2: lines clear of a corner by 0.01 in), what
# is too close said in mm a ruler shows (play 30, moment 3: "too close to call" had no distance)
# play 32, moments 3 and 8: one throw per gun, firer or line? and is 3 mm itself a close call? One a line, 3 mm or less
# play 36, moment 11: "1d6 a line (all her guns, all hulls)" was read as one throw a gun group and a hull: one die the line
# play 42, moment 1: Fort Morgan and Monongahela fired down one grazing line: one throw serves both ways, this window
# only (the next window's line is measured anew after the move), as the player ruled
# play 39, moment 8: in close column nearly every line runs within 3 mm of a hull; the player measured each with a
# script. At the table the eye judges it: a line the players cannot call clear or crossed by eye is a close call
CLOSE_CALL = ("too close to call (the edge {line_of_fire.close_call_mm} mm or less off her outline, over it or clear, "
              "or in doubt): "
              "one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), {line_of_fire.close_call_masked_on}+ masks it")
# a test with the ruler, not a tolerance (replay 32: "in the way within about 0.04 in?" cannot be judged at the table)
LINE_OF_FIRE = {"ships": "a line of fire is the line through both centres (a fort: its place), no wider: lay a ruler's "
                         "edge on it; if the edge crosses any part of another ship's model or base, friend or foe, "
                         "however little, it is masked, but not by a monitor's low hull nor by the firer's own consort "
                         "(the target's consort masks her, as any ship); " + CLOSE_CALL,
                "none": "no ship masks fire: guns fire past every ship, friend or foe",
                # a lashed pair shot as one ship: the far ship of a pair may be shot past her partner (replay 28, moment 1)
                "consorts": "a line of fire is the line through both centres (a fort: its place), no wider: lay a "
                            "ruler's edge on it; if the edge crosses any part of another ship's model or base, friend or "
                            "foe, however little, it is masked, but not by a monitor's low hull nor by the firer's or "
                            "the target's consort; " + CLOSE_CALL}
# play 33, moment 6: a jam down the line cost half the Union line its fire: the follower meeting a stern is its striker,
# and avoids on 4+ as the text's accidental collisions are ("any contact ... without Ram")
# play 36, moment 10: the avoid roll at a stern ahead: no loss, shoots −1, but still no farther (it was read as "both go on")
# play 37, moment 5: and no sheer: Avoided's ¼ in sideways is a side contact's, so a pair at a stern sheers to no side
LINE_AHEAD = {"stops": "a bow that meets the stern of a ship ahead (or touches it as the half move starts) goes no "
                        "farther than that stern (the leader goes on, not stopped) to the half move's end (lashed: both); meeting it, she may avoid (4+, shooting −1: no sheer, still no farther)",
              "sheers": "a bow that meets the stern of a ship ahead (or touches it as the half move starts) sheers off "
                        "alongside, on the side her owner picks, and finishes her move (lashed: both); meeting it, she may avoid (4+)"}
# a turn on the spot swings bow and stern sideways (replay 27, moment 4: Richmond's stern through Lackawanna's bow)
# play 42, moment 8: and the heading left? The one reached where the hull met (the turn stops there, not undone)
TURN_SWEEP = {"blocked": "a turn stops where her hull meets another ship, on the heading reached (touching one already: no turn)",
              "contact": "a turn that swings her hull into another ship is end-on contact with her"}
FORT_MAGAZINE = {"nothing": "a magazine hit (2) does nothing to a fort", "destroyed": "a magazine hit (2) destroys it"}
FORT_FIRER = {"fixed": "not as a stationary firer (no +1)", "stationary": "as a stationary firer (+1)"}
ODD_GUN = {"outboard": "a lashed ship's odd broadside gun is on her outboard side, where it can fire; any other's to starboard",
           "starboard": "the odd broadside gun is to starboard, lashed or not"}
# a lashed ship whose speed is lost (a fouled screw, a holed boiler, her 0 box): the pair carried on by her consort
# (this pack's reading, the set-up's "the gunboat carries her") or, house rule lashed_fouled: drifts, slowed to a stop
# with her; the words in the Drift to a stop reading, and on each lashed ship's card with her consort named
LASHED_FOULED = {"carried": "lashed, she is carried from the next half move (see Carried)",
                 "drifts": "lashed, the pair slows with her to a stop, then drifts"}
# play 31, moment 13: the carried rule was worded three ways (set-up, cards, quick reference): the card points to the
# quick reference's Carried, the one wording
LASHED_CARD = {"carried": "Lashed pair: either fouled, boiler holed or at 0 kn, the other carries both (see Carried)",
               "drifts": "Lashed pair: either fouled, boiler holed or at 0 kn, both slow to a stop and drift"}


def lashed_to(ctx, unit) -> str | None:
    """The name of the ship a consort is lashed to (Brooklyn for Octorara), None for the first-named ship of a pair or
    a ship not lashed: the pair's card line is printed once, on the consort's card beside her partner's (the
    first-named ship's column is the longer one on a card page)."""
    scenario = getattr(ctx, "scenario", None)
    uid = getattr(unit, "id", None)
    for side in (scenario.sides if scenario is not None and uid is not None else ()):
        for su in side.units:
            if su.id == uid and su.lashed_to and su.lashed_to in ctx.library.units:
                return ctx.library.units[su.lashed_to].name
    return None


def lashed_card_words(tables: Tables, consort: str) -> str:
    """A lashed ship's card line on what her lost speed does to the pair (lashed_fouled), her consort named."""
    from ..play_aids import short_name

    return LASHED_CARD[option(tables, "lashed_fouled")].format(consort=short_name(consort))


# a fort's guns held in its window (replay 26, moment 2: may it keep some back for the 2nd?), the gun a hit takes from a
# fort with none left bearing on the firer (moment 4), a silenced fort's other fronts (moment 5), a drift at a turn's
# end into a torpedo field (moment 8): this pack's reading first, the house rule's second
FORT_WINDOW = {"spent": "one window only: a gun held fires no more this turn",
               "later": "a gun held in the 1st window may fire in the 2nd"}
FORT_GUN_LOST = {"front": "a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: no effect)",
                 "any": "a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: its largest)"}
FORT_SILENCED = {"fire": "silenced, its other fronts' guns fire on",
                 "none": "silenced, it fires no more, not even from its other fronts"}
TORPEDO_DRIFT = {"tests": "and as a turn ends, for each whose drift ended in one or crossed one",
                 "waits": "not for a drift at a turn's end: she tests as the next half move ends"}
# which 1d6 hit rolls take a fort's gun (replay 26's balance: 2-3, as on a ship, struck all 20 of Fort Morgan's channel
# guns in three turns, where on the day the fleet passed and the fort fought on): printed in the fort's no-effect rolls
# play 43, moment 3: 'why shoot at Fort Morgan at all?' and no advice which to pick: each reading says what it costs
# her, from tools/rs_fort_morgan.py (the whole fleet on her every turn: at 2 alone silenced by turn 6 in 51 % of
# games, by turn 8 in 91 %; at 2-3 by turn 3 in 28 %, by turn 6 in all)
FORT_HITS = {"two": "only a 2 takes a fort's gun (the fleet's fire silences her by turn 6-8)",
             "two_three": "a 2-3 takes a fort's gun, as a ship's (the fleet's fire silences her by turn 3-6)"}
# what a list (2d6 4, 5) does to the guns that bear all round, said after the 2d6 rows and in the card key
LIST_GUNS = {"out": "not even a pivot or turret", "fire": "but her pivots and turrets still fire to that side"}
LIST_KEY = {"out": "a list: no gun to her high side, not even these; ahead and astern they fire", "fire": "a list: these still fire to her high side"}
# play 41, moment 1: Morgan's one bearing gun jammed: 'after all that can' read as every able gun aboard, bearing or
# not (able: this pack's reading, as the player ruled; a gun that cannot fire counts as not bearing, as an inboard one
# does) or the able guns that bear only (bearing: the jammed gun then goes before guns that do not bear)
JAMMED_GUN = {"able": "after every gun that can, bearing or not",
              "bearing": "after every gun that can and bears (it bears too)"}
# play 41, moment 12: Gaines gunless, stopped by order, sat out the game unstruck: the text's striking rule (a ship
# adrift or aground, no gun able to fire) spares a ship whose engines are sound (she may still run); waits (this
# pack's reading, as the player ruled) or strikes (gunless, stopped by order too)
STRIKE_GUNLESS = {"waits": "not stopped by order, nor carried, nor sinking, even gunless",
                  "strikes": "not carried, nor sinking; stopped by order too"}
# play 43, moment 4: armour 9 under way out of every fort gun's reach beyond 3 in; a Large gun's 6 at close range
HEAVY_SHOT = {"large": "a Large gun's 6 hits any armour within {heavy_shot.within_in} in",
              "none": "only a total over the armour hits, a 6 too"}
OPTIONS = {"lashed_fouled": ("pair", LASHED_FOULED), "list_guns": ("pivots", LIST_GUNS), "odd_gun": ("side", ODD_GUN), "fort_fire": ("bears", FORT_BEARS), "fort_firer": ("counts_as", FORT_FIRER), "fort_share": ("of", FORT_SHARE), "gun_lost": ("choose", GUN_LOST),
           "line_of_fire": ("masked_by", LINE_OF_FIRE), "line_ahead": ("follower", LINE_AHEAD),
           "fort_magazine": ("on_fort", FORT_MAGAZINE), "fort_window": ("held", FORT_WINDOW),
           "fort_gun_lost": ("from", FORT_GUN_LOST), "fort_silenced": ("fronts", FORT_SILENCED),
           "torpedo_drift": ("drift", TORPEDO_DRIFT), "fort_hits": ("gun_on", FORT_HITS),
           "turn_sweep": ("into", TURN_SWEEP), "strike_gunless": ("stopped", STRIKE_GUNLESS),
           "jammed_gun": ("after", JAMMED_GUN), "heavy_shot": ("on_six", HEAVY_SHOT)}


# play 43, moment 8: "if none bears, her largest ... a gun unable to fire ... after every gun that can, bearing or
# not ... inboard after all others" was read three times: the same order as numbered steps, the first there is goes,
# built from gun_lost (largest or owner's pick) and jammed_gun (a jammed gun that bears before able ones that do not)
GUN_FIRST = {"heaviest": ("the largest able gun that bears on the firer", "her largest able gun"),
             "owner": ("any able gun that bears on the firer, the owner's choice", "any able gun")}
GUN_UNABLE = "a gun unable to fire (jammed, listed)"
GUN_INBOARD = ("a lashed ship's inboard gun after all others, even hit from her inboard side (facing the firer, they "
               "cannot fire: as if none bore)")


def gun_order(tables: Tables) -> str:
    """Which gun a hit takes, as numbered steps: '(1) the largest able gun that bears on the firer; (2) else ...',
    the jammed_gun words in the step they order."""
    bears, aboard = GUN_FIRST[option(tables, "gun_lost")]
    unable = f"{GUN_UNABLE} {option_words(tables, 'jammed_gun')}"
    if option(tables, "jammed_gun") == "bearing":
        steps = [bears, unable, f"else {aboard}", f"else any other {GUN_UNABLE.removeprefix('a gun ')}", GUN_INBOARD]
    else:
        steps = [bears, f"else {aboard}", unable, GUN_INBOARD]
    return "; ".join(f"({k}) {step}" for k, step in enumerate(steps, 1))


def option(tables: Tables, name: str) -> str:
    """The reading a house-rules option table chooses ('third'), checked against the readings there are."""
    key, words = OPTIONS[name]
    t = tables.require(name)
    value = t.rows.get(key) if isinstance(t.rows, dict) else None
    if value not in words:
        raise ShipyardError(f"table {name} ({t.tag()}): {key} must be one of {', '.join(words)}, not {value!r}")
    return value


def option_words(tables: Tables, name: str) -> str:
    """The chosen reading in print: 'a third (rounded up)'."""
    return OPTIONS[name][1][option(tables, name)]


def fort_guns_bearing(tables: Tables, guns: int) -> int:
    """How many of a fort's guns (or of a front's: the guns whose sector holds the ship) bear on any one ship
    (fort_fire): a sixth rounded down but at least one, a third rounded up, or all."""
    bears = option(tables, "fort_fire")
    if bears == "all" or guns <= 0:
        return guns
    return math.ceil(guns / 3) if bears == "third" else max(1, guns // 6)


_OPTION = re.compile(r"\{(" + "|".join(OPTIONS) + r")\}")


def sinking_example(tables: Tables) -> str:
    """The sinking countdown worked once from the table's dice (play 37, moment 2: '(turn 3, roll 3: T6)' fitted no
    1d6+2): 'turn 3, die 3: T8', so a house rule's count is worked as it is."""
    dice = str(tables.require("sinking").rows["turns"]).replace(" ", "")
    m = re.fullmatch(r"1d6([+-]\d+)?", dice)
    if not m:
        return f"turn 3: 3 + the total"
    add = int(m.group(1) or 0)
    return f"turn 3, die 3: T{6 + add}"


def readings(tables: Tables) -> list[dict]:
    """The reconstructions table's rows with their readings filled: an option's chosen words ({fort_fire}) and any
    table value ({fire.put_out_on}), so the page follows a house rule."""
    return [{**row, "reading": _filled(tables, row)} for row in tables.require("reconstructions").rows]


def _filled(tables: Tables, row: dict) -> str:
    """One readings row's words, its option's chosen words and table values filled in."""
    text = _OPTION.sub(lambda m: option_words(tables, m.group(1)), str(row["reading"]))
    text = text.replace("{sinking_example}", sinking_example(tables)).replace("{gun_order}", gun_order(tables))
    return fill(text, tables, "table reconstructions")


INSTEAD = "a club may instead play"  # where a readings row's second reading begins


# each reading in short, as the readings page offers it after the one played ('a club may instead play: ...'), where
# the row has already said what it is about; a reading not here is offered in its OPTIONS words
INSTEAD_WORDS = {"jammed_gun": {"bearing": "jammed but bearing, before guns not bearing"},
                 "heavy_shot": {"large": "a Large gun's 6 hits within {heavy_shot.within_in} in",
                                "none": "the total alone"},
                 "strike_gunless": {"strikes": "gunless, stopped by order, she strikes too"},
                 "fort_fire": {"sixth": "a sixth", "third": "a third", "all": "all"},
                 "fort_share": {"printed": "the card's number while that many guns are left, then all left",
                                "working": "the share worked out again as its guns are lost"},
                 "fort_firer": {"fixed": "no +1 as a firer"},
                 "gun_lost": {"heaviest": "the largest that bears", "owner": "any that bears, the owner's choice"},
                 "line_of_fire": {"ships": "other ships mask it (the target's consort too), but not a monitor nor "
                                           "the firer's consort",
                                  "none": "no ship masks fire",
                                  "consorts": "the target's consort does not mask her"},
                 "fort_magazine": {"destroyed": "it destroys the fort"},
                 "fort_window": {"later": "a held gun may fire in the 2nd"},
                 "fort_gun_lost": {"any": "none left there: a gun of another front"},
                 "fort_silenced": {"none": "a silenced fort fires no more"},
                 "torpedo_drift": {"waits": "a drift tests as the next half move ends"},
                 "fort_hits": {"two_three": "2-3, as on a ship (by turn 3-6)", "two": "only a 2 (by turn 6-8)"},
                 "turn_sweep": {"blocked": "she stops where she touches", "contact": "she turns: end-on contact"},
                 "line_ahead": {"stops": "she goes no farther than that stern",
                                "sheers": "she sheers off and goes on"}}


def other_readings(tables: Tables, name: str) -> str:
    """The readings an option allows besides the one played, in short words, for the readings page: 'a third
    (rounded up), or all' (replay 13: the option's table name meant nothing at the table; docs/rules name it for
    whoever prints the pack)."""
    chosen = option(tables, name)
    return fill(", or ".join(INSTEAD_WORDS.get(name, {}).get(value, words)
                             for value, words in OPTIONS[name][1].items() if value != chosen), tables, f"table {name}")


def reading(tables: Tables, rule: str) -> str:
    """One rule's reading as the readings page prints it ('Putting out a FIRE' -> 'at the end of each turn ...'),
    for the place on the quick reference where a player needs it: the words live in one table."""
    for row in tables.require("reconstructions").rows:  # only this row filled: the quick reference asks ~60 times
        if row["rule"] == rule:
            return _filled(tables, row)
    raise ShipyardError(f"table reconstructions: no row for {rule!r}")


# the plan's water outside a channel and its drawn shoals (its key: "outside, shoal or deep water"), said where a
# player looks for who grounds: replay r20 found Mobile Bay's consorts starting over the channel's edge
OPEN_WATER = "open water, off a channel too, is deep water, crossed freely"


def shoal_dice(tables: Tables) -> str:
    """Who rolls on a shoal and with which dice, by the depth a set-up page gives: one clause for the quick
    reference and the set-up page (RuleSet.depth_words), so the two say the same."""
    g = tables.require("grounding").rows
    return (f"{OPEN_WATER}; {reading(tables, 'Shoals')}; {g['shallow_shoal_dice']}d6 (shallow) or {g['deep_shoal_dice']}d6 (deep) "
            f"must then score more than her draft")


def density_words(tables: Tables) -> str:
    """What the density a set-up page prints for a torpedo field does under these rules ('Torpedo density changes
    nothing here: ...'), said beside it (RuleSet.depth_words) in the readings' words: the replay read 'density
    moderate' there and looked for its modifier."""
    return f"Torpedo density {reading(tables, 'Torpedo density')}."


def fire_boxes_struck(tables: Tables) -> str:
    """When a FIRE drives the crew off, in the words the 2d6 row, the FIRE! counter and the readings print too:
    'all 4 boxes struck, the crew leave' (the replay found 'after 4 turns' on the counter)."""
    row = special_effect(tables, "fire")
    return f"all {number(row['turns'])} boxes struck, the crew leave"


LIST_TRACKERS = ("list_port", "list_starboard")  # the 2d6 rows of a list, by the card boxes that record them


def special_effect_words(tables: Tables, row: dict) -> str:
    """A 2d6 row's words as the quick reference prints them: its own fields filled, and a list's row followed by what
    it does to pivots and turrets (list_guns), so a house rule reaches the row."""
    text = row_text(row, "effect", "special_effects")
    lists = {str(r["roll"]) for r in (special_effect(tables, k) for k in LIST_TRACKERS) if r}
    return f"{text}, {option_words(tables, 'list_guns')}" if str(row["roll"]) in lists else text


# what a list's high side is (replay 29: does "to starboard" take in a pivot's fire on the starboard bow? No: her side
# arc only), said once after the 2d6 rows and in the card key
LIST_ARCS = "her high side is her side arc: ahead and astern, guns fire"


def list_key(tables: Tables) -> str:
    """A list in the card key, in brackets after 'PIVOT and TURRET all round', where a player with a list box ticked
    reads her pivots' arc (replay 32): '(a list: none to her high side, not even these)' (list_guns)."""
    return f"({LIST_KEY[option(tables, 'list_guns')]})"


def proof_words(ctx, unit, s: ReallySimpleStats) -> str:
    """On a fort's card, the enemy ships no gun of hers can hit under way (play 44's defect: Fort Morgan's channel
    front, +3 at best, needs 7+ on armour 9, and only the tables said so): 'Tecumseh, Manhattan (armour 9) under way,
    beyond 3 in: no gun here hits, but a Large gun's 6 within 6 in.' '' where she can hit every ship, or off a set-up."""
    from ..play_aids import short_name
    from .derive import vessel_armour

    scenario, uid = getattr(ctx, "scenario", None), getattr(unit, "id", None)
    if scenario is None or uid is None or not s.guns:
        return ""
    best = max(g.fire_factor for g in s.guns)
    # what point blank adds (a fort is no stationary firer: Forts in the turn; a target under way adds nothing)
    plus = sum(int(m["modifier"]) for m in ctx.tables.require("shooting_modifiers").rows if m.get("key") == "point_blank")
    proof: list[tuple[str, int]] = []
    for side in scenario.sides:
        if any(su.id == uid for su in side.units):
            continue
        for su in side.units:
            u = ctx.library.units.get(su.id)
            if type(u).__name__ == "Vessel":
                armour = vessel_armour(u, ctx.tables)[0]
                if 6 + best <= armour:  # her best gun's 6 does not beat it
                    proof.append((short_name(u.name), armour))
    if not proof:
        return ""
    armours = "/".join(str(a) for a in sorted({a for _, a in proof}))
    where = f"beyond {number(s.ranges_in.point_blank)} in" if 6 + best + plus > max(a for _, a in proof) else "at any range"
    words = f"{', '.join(n for n, _ in proof)} (armour {armours}) under way, {where}: no gun here hits"
    large = any(g.size == "Large" for g in s.guns)
    if large and option(ctx.tables, "heavy_shot") == "large":
        words += f", but a Large gun's 6 within {number(ctx.tables.require('heavy_shot').rows['within_in'])} in"
    return words + "."
