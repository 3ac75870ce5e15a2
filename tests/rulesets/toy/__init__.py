"""Toy Rules: a fifth rule set kept with the tests, to prove that a rule set is one folder.

Nothing outside this folder names it; shipyard finds it when SHIPYARD_RULESETS names this folder. Its rules are
made up (a box of hull per 500 tons, as fast as history says): just enough to print a record sheet.
"""

from __future__ import annotations

from pathlib import Path

from shipyard.rules.contract import RuleSet

from .damage import damage_tracks
from .derive import derive
from .trackers import applies, trackers

HERE = Path(__file__).resolve().parent


RULESET = RuleSet(
    key="toy",
    aliases=("toy-rules",),
    title="Toy Rules",
    package=__name__,
    derive=derive,
    tables_path=HERE / "tables.yaml",
    damage_tracks=damage_tracks,
    track_names=("toy hits",),
    trackers=trackers,
    applies=applies,
    native_scale="1/2400",
    scales=("1/2400",),
    ground_units="cm",
)
