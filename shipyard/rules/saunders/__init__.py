"""Saunders, "ACW Naval Rules" v1.2 (1998): 1/1200 models, 1 knot = 1 inch, D6 and the Average die.

The calculator is `derive.derive`; the tables it reads (with provenance) are in tables.yaml; the
printed aids are in aids.py. docs/rules/saunders.md explains every reconstructed table.
"""

from __future__ import annotations

from pathlib import Path

from ..contract import RuleSet
from .damage import TRACK_NAMES, damage_tracks, game_now, game_tracks
from .trackers import applies, trackers
from .derive import NATIVE_SCALE, derive as derive_unit, plays

RULESET = RuleSet(
    key="saunders",
    aliases=("acw-naval", "saunders-acw"),
    title="ACW Naval Rules v1.2 (Saunders)",
    package=__name__,
    derive=derive_unit,
    plays=plays,  # a fort the set-up places nowhere takes no part (derive.plays)
    tables_path=Path(__file__).with_name("tables.yaml"),
    native_scale=NATIVE_SCALE,
    scales=("1/1200", "1/600"),
    damage_tracks=damage_tracks,
    game_tracks=game_tracks,
    now=game_now,
    track_names=TRACK_NAMES,
    trackers=trackers,
    applies=applies,
    ground_units="in",
    pack_seconds=0.09,
    pack_pages=19,
    minutes_per_turn=3.0,
    turn_reason="1 knot is 1 inch a turn at 100 yd an inch: about three minutes (reconstructed)",
    ground_yards={"1/1200": 100.0, "1/600": 50.0},
    ground_reason="the text gives no ground scale: 1 inch for 100 yd, the usual reading at 1/1200, fits its ranges "
                  "(reconstructed); distances doubled at 1/600 as the text advises",
    # replay r22 (p2 key "outside, shoal or deep water"): the lashed pairs' strip between the channel's edge and the
    # Middle Ground read as neither; only a drawn shoal grounds a ship, as Really Simple's words say too
    land_corners=True,  # play 31, moment 6: the shores of Mobile Point and Dauphin Island drawn, with no numbers
    depth_words="A ship drawing more than the depth grounds; other water, off a channel too, is deep.",
    # play 43 (sau30), moment 7: Selma's 4 fire-out dice for the 1 fire left once a void hit was struck off
    club_procedure=("Dice thrown in error, for a unit, hit or effect that turns out not to exist, are void: "
                    "throw nothing again; the dice that belong stand (4 thrown for 1 fire: the first). "
                    # play 44 (sau31), moment 4: a club that stops early names a winner from what stands then
                    "A game ended early is scored as all stands at the end of its last turn (sunk, struck, silenced "
                    "as they are), on the same levels."),
    scores_when="“the end”: the last turn played",
    setup_zones=False,  # play 43 (sau30): every ship at her listed start; the plan's zones were never used
    torpedo_densities=lambda: tuple(str(r["name"]) for r in RULESET.tables().require("torpedo_density").rows),
)
