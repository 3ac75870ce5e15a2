"""Smoke on the Water (Gorringe & Thomas, Canis Publishing, 1996): 1/600 models, distances in cm.

The calculator is in derive.py (typed by stats.py), the numbers (with their provenance) in tables.yaml, the
printed aids in sheet.py, counters.py, templates.py, roster.py and reference.py (aids.py holds their entry points),
which box records each outcome of its tables in trackers.py.
"""

from pathlib import Path

from ..contract import RuleSet
from .damage import TRACK_NAMES, damage_tracks, game_now, game_tracks
from .derive import derive, plays, speed_words, start_speed
from .trackers import applies, trackers


TABLES = Path(__file__).with_name("tables.yaml")

RULESET = RuleSet(
    key="smoke-on-the-water",
    aliases=("sotw",),
    title="Smoke on the Water",
    package=__name__,
    derive=derive,
    tables_path=TABLES,
    native_scale="1/600",
    scales=("1/600", "1/1200"),
    damage_tracks=damage_tracks,
    game_tracks=game_tracks,
    now=game_now,
    track_names=TRACK_NAMES,
    trackers=trackers,
    applies=applies,
    ground_units="cm",
    pack_seconds=0.13,
    pack_pages=22,  # Fort Gaines and Fort Powell, off the channel window, get no sheet (replay r14)
    short="sotw",
    ground_yards={"1/600": 20 / 3, "1/1200": 40 / 3},
    minutes_per_turn=1.0,
    speed_words=speed_words,
    start_speed=start_speed,  # the starts table's speed as the counter's letter (play 43: "4 kn" is on no counter)
    plays=plays,  # a fort off the table (outside the channel window, or placed nowhere) takes no part (derive.plays)
    # the open water's reading is Table 3's (running_aground.open_water: sotw33, the plan's water off the channel)
    depth_words=lambda tables: ("A ship drawing more than the depth tests Table 3 each turn she moves over it: a "
                                "shoal is its shallow water column, a bar its mud bank or sand bar column; no deeper "
                                "draught, no test; " + tables.require("running_aground").rows["open_water"] + "."),
    turn_reason="the text's: a turn is a minute",
    ground_reason="the text's 1 mm to 2 ft; with 1/1200 models we halve every distance",
)
