"""Smoke on the Water's typed statistics: the very keys `shipyard stats ID --rules sotw --json` prints.

`derive` ends with `d.typed(VesselStats)` (or `FortStats`), so the printed aids read `d.stats.hull_damage_points`
and a renamed key fails at derive time, not half-way through a pack.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field

from ..base import Stats

Span = Optional[list[float]]  # [from, to] in cm, or None where the gun has no such band


class Gun(Stats):
    code: str  # MSB, HR, ...: size and type
    count: int
    gun: str
    mounting: str
    position: Optional[str] = None
    side: Optional[str] = None  # starboard/port for gunport guns split between the broadsides
    turret: Optional[str] = None
    arcs: list[list[float]]
    arc_name: str
    ranges_cm: dict[str, Span]  # PB, S, M, L, E
    direct_cm: Span = None  # a howitzer's direct-fire reach
    min_cm: Optional[float] = None  # a mortar's minimum range


class TargetSize(Stats):
    bow: str
    broadside: str


class VesselArmour(Stats):
    hull: str
    casemate: Optional[str] = None
    turret: Optional[str] = None
    deck: Optional[str] = None
    pilot_house: Optional[str] = None
    rudder: Optional[str] = None
    wheel: Optional[str] = None
    machinery: Optional[str] = None


class VesselStats(Stats):
    kind: Literal["vessel"]
    class_: Optional[str] = Field(default=None, alias="class")
    navy: str
    nation: str
    type: str
    max_speed: str
    astern_speed: str
    move_cm: float
    manoeuvrability: str
    size: str
    draught: str
    target_size: TargetSize
    configuration: str
    ram: bool
    double_ender: bool
    spar_torpedo: bool
    rig: str
    fully_rigged: bool
    armour: VesselArmour
    partial_armour: list[str] = []
    hull_damage_points: int
    hdp_half: int
    hdp_quarter: int
    flotation_points: int
    turret_damage_points: dict[str, int] = {}
    wheel_damage_points: dict[str, int] = {}
    machinery_boxes: int
    guns: list[Gun] = []
    broadside: dict[str, dict[str, int]] = {}


class FortArmour(Stats):
    walls: str


class FortStats(Stats):
    kind: Literal["fort"]
    navy: str
    nation: str
    structural_damage_points: int
    armour: FortArmour
    guns: list[Gun] = []


SotwStats = VesselStats | FortStats
