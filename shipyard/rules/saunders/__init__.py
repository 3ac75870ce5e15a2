"""Saunders, "ACW Naval Rules" v1.2 (1998): 1/1200 models, 1 knot = 1 inch, D6 and the Average die.

The calculator is `derive.derive`; the tables it reads (with provenance) are in tables.yaml; the
printed aids are in aids.py. docs/rules/saunders.md explains every reconstructed table.
"""

from __future__ import annotations

from pathlib import Path

from ..contract import RuleSet
from .damage import TRACK_NAMES, damage_tracks
from .trackers import applies, trackers
from .derive import NATIVE_SCALE, derive as derive_unit

RULESET = RuleSet(
    key="saunders",
    aliases=("acw-naval", "saunders-acw"),
    title="ACW Naval Rules v1.2 (Saunders)",
    package=__name__,
    derive=derive_unit,
    tables_path=Path(__file__).with_name("tables.yaml"),
    native_scale=NATIVE_SCALE,
    scales=("1/1200", "1/600"),
    damage_tracks=damage_tracks,
    track_names=TRACK_NAMES,
    trackers=trackers,
    applies=applies,
    ground_units="in",
    pack_seconds=0.09,
    pack_pages=20,
)
