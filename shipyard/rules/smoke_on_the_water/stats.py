"""Smoke on the Water's typed statistics: the very keys `shipyard stats ID --rules sotw --json` prints.

`derive` builds a VesselStats (or FortStats) field by field, so the printed aids read `d.stats.hull_damage_points` and a
renamed key fails at derive time, not half-way through a pack.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field

from ...library.model import Mounting, Navy, Position, Rig, VesselType
from ..derived import Number, Stats, values_of

Span = Optional[list[Number]]  # [from, to] in cm, or None where the gun has no such band
ArmourClass = Literal["U", "C", "T", "L", "M", "H", "S"]  # Table 16's columns, weakest first (armour_names)
RangeBand = Literal["PB", "S", "M", "L", "E"]  # Point Blank, Short, Medium, Long, Extreme
Configuration = Literal["single turret monitor", "double turret monitor", "triple turret monitor", "sidewheel",
                        "sternwheel", "conventional/casemate"]  # the columns of Table 14 (hit_locations)
Broadside = Literal["starboard", "port"]
Nation = Literal["Union", "Confederate", "Other"]


class Gun(Stats):
    code: str  # MSB, HR, ...: size and type
    count: int
    gun: str
    mounting: values_of(Mounting) | Literal["fort"]
    position: Optional[values_of(Position)] = None
    side: Optional[Broadside] = None  # gunport guns split between the broadsides
    turret: Optional[str] = None
    arcs: list[list[Number]]  # [from, to) degrees clockwise from ahead
    arc_name: str
    ranges_cm: dict[RangeBand, Span]
    direct_cm: Span = None  # a howitzer's direct-fire reach
    min_cm: Optional[Number] = None  # a mortar's minimum range


class TargetSize(Stats):
    bow: str
    broadside: str


class VesselArmour(Stats):
    hull: ArmourClass
    casemate: Optional[ArmourClass] = None
    turret: Optional[ArmourClass] = None
    deck: Optional[ArmourClass] = None
    pilot_house: Optional[ArmourClass] = None
    rudder: Optional[ArmourClass] = None
    wheel: Optional[ArmourClass] = None
    machinery: Optional[ArmourClass] = None


class VesselStats(Stats):
    kind: Literal["vessel"]
    class_: Optional[str] = Field(default=None, alias="class")
    navy: values_of(Navy)
    nation: Nation
    type: values_of(VesselType)
    max_speed: str
    astern_speed: str
    move_cm: Number
    manoeuvrability: str
    size: str
    draught: str
    target_size: TargetSize
    configuration: Configuration
    ram: bool
    double_ender: bool
    spar_torpedo: bool
    rig: values_of(Rig)
    fully_rigged: bool
    armour: VesselArmour
    partial_armour: list[str] = []  # the armour locations above
    hull_damage_points: int
    hdp_half: int
    hdp_quarter: int
    flotation_points: int
    turret_damage_points: dict[str, int] = {}
    wheel_damage_points: dict[str, int] = {}
    machinery_boxes: int
    guns: list[Gun] = []
    broadside: dict[Broadside, dict[str, int]] = {}


class FortArmour(Stats):
    walls: ArmourClass


class FortStats(Stats):
    kind: Literal["fort"]
    navy: values_of(Navy)
    nation: Nation
    structural_damage_points: int
    armour: FortArmour
    guns: list[Gun] = []


SotwStats = VesselStats | FortStats
