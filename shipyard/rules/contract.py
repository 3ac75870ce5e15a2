"""The rule-set contract: everything a rule set fills in, and all that the rest of shipyard may ask of one.

A rule set is one folder (a Python package) whose __init__.py defines `RULESET = RuleSet(...)`. Shared code never
branches on a rule set's key: it asks the rule set (its tables, its calculator, its damage tracks, its scales, its
printed aids) through this interface, and the registry (rules/__init__.py) finds the folders.

    key, aliases, title      how a user names it (--rules, ?rules=, a house-rules section) and how it is printed
    derive(unit, ctx)        the calculator: a unit's stats under these rules (Derived, typed by its Stats model)
    tables(house_rules)      its tables.yaml with a user's house rules laid over
    damage_tracks(d, ctx)    {track name a scenario's `damage:` may use: boxes its printed aid has} for one unit;
                             the first is the unit's main track
    track_names              every track name a scenario may give (`turret <id>`: the word and any id)
    trackers(), applies()    which tracker records each outcome of its tables, and which units it can befall
    native_scale, scales     the model scale its distances are written for, and every scale it takes ("any": the
                             same at every scale); ground_units: what its distances are measured in
    ground_yards             yards of real ground per ground unit, by scale (a scenario's table plan is drawn at it)
    torpedo_densities()      the torpedo-field densities its rules read
    game_tracks(d, ctx)      optional: the tracks a live sheet marks (damage_tracks without their other names)
    now(d, marked, ctx)      optional: what the rules make of a unit's marks in a game (max_speed, out, ...)
    plays(unit_id, ctx)      optional: whether a unit of the scenario in hand takes part under these rules (a rule set
                             whose own text prints a scenario's order of battle plays that); default every unit
    aids()                   the module of printed aids, imported only when one is printed; `aid(name)` gives one
                             as `draw(doc, job)` with a Job (scenario, units, ctx, counter layout); see AIDS
    aids().unit_sheet(u, d, ctx)  optional: one unit's sheet as blocks; every box on it tagged with a tracker is a box
                             of her live sheet too (live_checks), named as render.tags.name_boxes names it
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import ShipyardError
from .context import Context
from .derived import Derived
from .tables import Tables, load_tables
from .trackers import Trackers


@dataclass
class Job:
    """What a printed aid draws from: the scenario (None outside one), its units as (side, unit, derived), the
    derivation context, and for counters whether each back is printed beside its front (fold) or on the reverse."""

    scenario: Any
    units: list[tuple[Any, Any, Any]]
    ctx: Any
    fold: bool = False
    backs: bool = False

    def only(self, items: list[tuple[Any, Any, Any]]) -> "Job":
        """The same job for some of its units (to find which one a failure belongs to)."""
        return Job(self.scenario, items, self.ctx, self.fold, self.backs)


# Every printed aid a rule set may offer, by the name of its entry point in the rule set's aids module: the
# arguments that entry point takes, and how a Job gives them. A rule set that prints no such aid leaves it out.
AIDS: dict[str, tuple[str, Callable[[Callable, Any, Job], None]]] = {
    "roster": ("roster(doc, scenario, [(side, unit, derived)], ctx)",
               lambda fn, doc, job: fn(doc, job.scenario, job.units, job.ctx)),
    "sheets": ("sheets(doc, [(unit, derived)], ctx)",
               lambda fn, doc, job: fn(doc, [(u, d) for _, u, d in job.units], job.ctx)),
    "templates": ("templates(doc, ctx)", lambda fn, doc, job: fn(doc, job.ctx)),
    "counters": ("counters(doc, [(side, unit, derived)], ctx, fold=False, backs=False)",
                 lambda fn, doc, job: fn(doc, job.units, job.ctx, fold=job.fold, backs=job.backs)),
    "quick_reference": ("quick_reference(doc, [derived], ctx)",
                        lambda fn, doc, job: fn(doc, [d for _, _, d in job.units], job.ctx)),
}

ANY_SCALE = "any"  # a rule set whose distances do not depend on the models' scale
UNIT_SHEET = "unit_sheet"  # the aids module's one-unit sheet (blocks), where a live sheet finds its boxes


@dataclass(frozen=True)
class Check:
    """A markable box (or row of boxes) of a unit's printed sheet beyond her damage tracks: a gun's box, a critical's
    or a state's checkbox, an end box. name: what her live sheet and a campaign file call it; tracker: its id in
    trackers.yaml; label: the words printed beside it."""

    name: str
    tracker: str
    boxes: int
    label: str
    turn: bool = False  # the sheet has a blank beside it for a turn (the turn she sinks, the turn it ends)


@dataclass
class RuleSet:
    key: str  # the name --rules takes and files are named by
    aliases: tuple[str, ...]  # other names a user may give
    title: str  # the name printed on its aids
    package: str  # its Python package: where its aids module is
    derive: Callable[[Any, Context], Derived]
    tables_path: Path
    damage_tracks: Callable[[Derived, Context | None], dict[str, int]]
    track_names: tuple[str, ...]
    trackers: Callable[[], Trackers]
    applies: Callable[[str, Any], bool]
    native_scale: str = "1/600"
    scales: tuple[str, ...] = ("1/600", "1/1200")
    ground_units: str = "in"  # what its distances are measured in on the table: in, cm, mm
    pack_seconds: float = 0.1  # about how long its Mobile Bay pack takes to build (side by side, the longest go first)
    pack_pages: int | None = None  # the pages its Mobile Bay pack is meant to take, A4, default options
    short: str = ""  # the name help texts and web addresses use when the key is long (one of the aliases)
    # The ground scale: yards of real ground per ground unit on the table, by model scale, and why (a set-up's plan
    # is drawn at it, fitted to the scenario's table where it needs a larger one); None: the rule set gives none.
    ground_yards: dict[str, float] | None = None
    ground_reason: str = ""
    # How many minutes of the day a game turn stands for, and why: a scenario that gives how long the action lasted
    # (`minutes:`) is played in as many turns (None: the rule set does not say; its default game length is used).
    minutes_per_turn: float | None = None
    turn_reason: str = ""
    # Its own word for a game turn ("bound"), and a speed in knots in its own words with the knots ("Medium (4 kn)"):
    # the set-up page says a unit's start speed so (None: knots are the rule set's own).
    turn_word: str = "turn"
    # Its words for the numbered counter each unit is given every turn (the order she acts in), kept live beside her
    # card for that turn ("" where it has none).
    turn_counter: str = ""
    # A line of club procedure the cover's "Playing it as a club" ends with ("" where it has none; play 43, sau30,
    # moment 7: dice thrown in error).
    club_procedure: str = ""
    # The set-up page's scores header's words on when they are counted ("" where it says nothing; play 44, sau31,
    # moment 4: every score "at the end" named no winner for a club that stopped after three turns).
    scores_when: str = ""
    # Whether the set-up page draws (and its key names) a set-up's zones: False for a rule set that plays the fixed
    # starts alone (play 43, sau30: a key described zones its fixed set-up never uses).
    setup_zones: bool = True
    speed_words: Callable[[float], str] | None = None
    # A start speed as the set-up page's starts table prints it, for a unit and the consorts lashed to her (their
    # units, hers first), in its own terms ('3"' where it moves in inches a bound; None: knots, '4 kn'); `leader=`
    # gives her column leader's (knots, his units) where she follows one, for rules whose line moves at his speed.
    start_speed: Callable[..., str] | None = None
    # What the text leaves open as the web's rule-set page lists it, [rule, reading in play, option or '—'], for a
    # rule set that fills its readings its own way (None: render.kit.readings over its tables' `reconstructions`).
    readings: Callable[[Any], list[list[str]]] | None = None
    # Whether the set-up page's starts table says how many guns each sector of a fort bears ("bears 170–330° 20
    # guns"): False where the rules fire a fort by its card's factors, not its pieces (its readings say what bears).
    sector_guns: bool = True
    # Whether the starts table prints a column follower's start on her leader's heading line (his printed point, at
    # her own y, to the hundredth): play 36, moment 1, a 005° line whose data points step 0.3 in west a ship, printed
    # to the half inch, off the line each astern must be slid onto. False keeps the data's points as they are.
    starts_on_line: bool = False
    # Whether the set-up page's "On the table" gives the land's corners too (play 31, moment 6: the shores
    # were drawn with no numbers); False where a rule set's own special rule says where its land is.
    land_corners: bool = False
    # What a depth on the set-up page means under its rules (a rule set that rolls to ground says which column):
    # words, or words made from the pack's tables (`depth_words(tables)`), so that a house rule reaches them.
    depth_words: str | Callable[[Tables], str] = "A ship drawing more than the depth grounds."
    # The torpedo-field densities its rules read (a set-up's `density:`), () where every field plays alike.
    torpedo_densities: Callable[[], tuple[str, ...]] = lambda: ()
    plays: Callable[[str, Context], bool] | None = None  # which of a scenario's units take part (None: all)
    # The cover's count of one side's units in its own words, `count_words(side name, [(unit, derived)], scenario,
    # ctx)` -> "18 ships, 11 counters" (None, or the hook returning None: "N units"), for rules whose units and
    # counters differ.
    count_words: Callable[..., str | None] | None = None
    # At the table, a game in play: the tracks a live sheet marks (the damage tracks without their other names; None:
    # damage_tracks as they are), and what the rules make of a unit's marks, `now(derived, {track: boxes marked},
    # ctx)` -> {"max_speed": in the rule set's own terms, "out": None or why she is out of the fight, ...}.
    game_tracks: Callable[[Derived, Context | None], dict[str, int]] | None = None
    now: Callable[[Derived, dict[str, int], Context | None], dict[str, Any]] | None = None

    @property
    def short_name(self) -> str:
        return self.short or self.key

    def takes_part(self, unit_id: str, ctx: Context) -> bool:
        """Whether a unit of the scenario in hand (ctx.scenario) takes part under these rules."""
        return self.plays is None or bool(self.plays(unit_id, ctx))

    def depth_text(self, tables: Tables | None = None) -> str:
        """depth_words, filled from `tables` (the pack's, house rules laid over; None: the bundled tables)."""
        words = self.depth_words
        return words(tables if tables is not None else self.tables()) if callable(words) else words

    def tables(self, house_rules: Path | None = None) -> Tables:
        return load_tables(self.tables_path, house_rules, (self.key, *self.aliases))

    def context(self, library: Any, house_rules: Path | None = None, scale: str | None = None) -> Context:
        return Context(library=library, tables=self.tables(house_rules), scale=scale or self.native_scale)

    def aids(self):
        """The module with the printed aids, imported on demand (so `shipyard --help` never pays for ReportLab)."""
        return importlib.import_module(self.package + ".aids")

    def prints(self, name: str) -> bool:
        """Whether this rule set offers the printed aid `name` (one of AIDS)."""
        return name in AIDS and callable(getattr(self.aids(), name, None))

    def aid(self, name: str) -> Callable[[Any, Job], None]:
        """The printed aid `name` (one of AIDS) as draw(doc, job); a clear error when this rule set prints none."""
        call = AIDS[name][1]
        fn = getattr(self.aids(), name, None)
        if not callable(fn):
            raise ShipyardError(f"the {self.title} rule set prints no {name.replace('_', ' ')}")
        return lambda doc, job: call(fn, doc, job)

    def takes_scale(self, scale: str) -> bool:
        return ANY_SCALE in self.scales or scale in self.scales

    def live_tracks(self, derived: Derived, ctx: Context | None = None) -> dict[str, int]:
        """The tracks a unit's live sheet marks, each with its boxes (the printed sheet's own)."""
        return (self.game_tracks or self.damage_tracks)(derived, ctx)

    def live_checks(self, unit: Any, derived: Derived, ctx: Context | None = None) -> list[Check]:
        """Every other box her printed sheet has to mark (aids().unit_sheet's tagged boxes), in the order printed:
        each tracker not already one of her live tracks (by its first word: 'turret A' is a turret), so the live
        sheet holds every box the paper does. [] for a rule set that gives no unit_sheet."""
        from ..render.tags import name_boxes

        make = getattr(self.aids(), UNIT_SHEET, None)
        if make is None:
            return []
        tracks = {name.split(" ", 1)[0] for name in self.live_tracks(derived, ctx)}
        return [Check(t.name, t.records, t.count, t.label, t.turn) for t in name_boxes(make(unit, derived, ctx))
                if t.count and t.records not in tracks]

    def struck_boxes(self, unit: Any, derived: Derived, ctx: Context) -> dict[str, int]:
        """The boxes her printed sheet strikes in this context (a pre-damaged copy of a scenario with `damage:`), by
        her live sheet's names: a check by its own, a live track by its tracker in the order printed (a sheet's
        second turret track is her second turret's). {} for a rule set that gives no unit_sheet."""
        from ..render.tags import name_boxes

        make = getattr(self.aids(), UNIT_SHEET, None)
        if make is None:
            return {}
        by_word: dict[str, list[str]] = {}
        for name in self.live_tracks(derived, ctx):
            by_word.setdefault(name.split(" ", 1)[0], []).append(name)
        seen: dict[str, int] = {}
        out: dict[str, int] = {}
        for t in name_boxes(make(unit, derived, ctx)):
            name = t.name
            if t.records in by_word:
                k = seen[t.records] = seen.get(t.records, 0) + 1
                name = by_word[t.records][k - 1] if k <= len(by_word[t.records]) else None
            if name and t.prefilled:
                out[name] = t.prefilled
        return out

    def unit_now(self, derived: Derived, marked: dict[str, int], ctx: Context | None = None,
                 checks: "list[Check] | tuple[Check, ...]" = ()) -> dict[str, Any]:
        """What the rules make of a unit's marks: at least max_speed (None: the rule set tracks none) and out; a
        box of her checks that trackers.yaml's `out` lists, marked, puts her out in its own word ("sunk")."""
        told = {"max_speed": None, "out": None, **(self.now(derived, marked, ctx) if self.now is not None else {})}
        if checks and "_ends" not in self.__dict__:
            self.__dict__["_ends"] = frozenset(self.trackers().out)  # read once (trackers.yaml)
        fate = next((c.tracker for c in checks if marked.get(c.name) and c.tracker in self.__dict__["_ends"]), None)
        if told["out"] is None and fate:
            told["out"] = fate.replace("_", " ")
        return told

    def damage_track_known(self, name: str) -> bool:
        """Whether a scenario's `damage:` may name this track for this rule set."""
        return track_name_known(name, self.track_names)


def track_name_known(name: str, names: tuple[str, ...] | list[str]) -> bool:
    """Whether a track name (any case and spacing) is one of names, where 'turret <id>' takes 'turret' and any id."""
    key = " ".join(str(name).lower().split())
    for known in names:
        word, _, rest = known.partition(" ")
        if key == known or (rest == "<id>" and key.startswith(word + " ") and len(key) > len(word) + 1):
            return True
    return False
