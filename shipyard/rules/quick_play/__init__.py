"""Quick Play ACW Naval Rules (Mark Hannam, The Gauntlet No. 3, 1995): EDNA, ship types and cannonade factors.

The calculator lives in derive.py, its numbers in tables.yaml, the printed Mobile Bay order of battle in
order_of_battle.yaml, its typed stats in stats.py, and the printed aids as blocks: record cards (sheet.py), turn
counters (counters.py), roster (roster.py), quick reference (reference.py) with its turning gauge (templates.py),
their entry points in aids.py; which card box records each outcome is in trackers.py, the style record in style.py.
"""

from __future__ import annotations

from pathlib import Path

from ..contract import RuleSet
from .damage import TRACK_NAMES, damage_tracks, game_now
from .trackers import applies, trackers
from .derive import derive, plays

HERE = Path(__file__).resolve().parent


def start_speed(knots: float, units: list, leader: tuple[float, list] | None = None) -> str:
    """The starts table's start speed (sheet.start_speed), its module loaded only by what prints."""
    from .sheet import start_speed as words

    return words(knots, units, leader)


def count_words(side_name: str, units: list, scenario, ctx) -> str | None:
    """The cover's count of a side (roster.count_words), its module loaded only by what prints."""
    from .roster import count_words as words

    return words(side_name, units, scenario, ctx)


RULESET = RuleSet(
    key="quick-play",
    aliases=("qp", "edna"),
    title="Quick Play ACW Naval Rules",
    package=__name__,
    derive=derive,
    tables_path=HERE / "tables.yaml",
    native_scale="any",
    scales=("any",),
    damage_tracks=damage_tracks,
    now=game_now,
    track_names=TRACK_NAMES,
    trackers=trackers,
    applies=applies,
    ground_units="in",
    pack_seconds=0.045,
    pack_pages=7,
    minutes_per_turn=3.0,
    turn_reason="a wooden screw's full 12 in a bound at 100 yd an inch is 12 knots for three minutes (reconstructed)",
    ground_yards={"any": 100.0},
    ground_reason="reconstructed: the rules give ranges in inches, point blank to 2 in and long past 24 in, but no "
                  "ground scale",
    plays=plays,  # the article's own order of battle in its scenario (which_units)
    count_words=count_words,  # the cover: ships and the counters they draw (a lashed pair draws one)
    turn_word="bound",
    turn_counter="turn counter",  # drawn from the cup each bound: her number is the order she moves and fires in
    # the starts table's start speeds in inches a bound, the setting on her card (a lashed pair's, the slower's); the
    # note under the plan that said what 4 kn is went, so that on Letter the plan keeps its size
    start_speed=start_speed,
    starts_on_line=True,  # play 36, moment 1: each astern's printed start lies on her leader's heading line
    sector_guns=False,  # a fort fires its card's factors: the set-up's piece counts by sector are not what bears
)
