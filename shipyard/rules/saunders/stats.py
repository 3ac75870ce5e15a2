"""Saunders' statistics for one unit as a typed model: the very keys `shipyard stats ID --rules saunders --json`
prints, in its order. `derive` builds it field by field, so the printed aids read `d.stats.hull` rather than a string key."""

from __future__ import annotations

from typing import Literal, Optional

from ...library.model import PropulsionKind
from ..derived import Number, Stats, values_of


class SpeedThreshold(Stats):
    lost: int  # hull boxes lost before the speed falls
    fraction: float  # of the maximum speed
    speed_kn: Number


class Armour(Stats):
    bow: int
    midships: int
    stern: int
    armament: Optional[int] = None
    steering: Optional[int] = None
    machinery: Optional[int] = None
    pilot_house: Optional[int] = None
    propulsion: Optional[int] = None


class Ranges(Stats):
    point_blank: Number
    effective: Number
    long: Optional[Number] = None  # a light gun has no Long range


class Gun(Stats):
    name: str
    count: int
    strength: int
    rifled: bool
    light: bool
    turret: Optional[str] = None
    arcs: list[str]
    blocked_arcs: Optional[list[str]] = None
    per_side: Optional[int] = None
    ranges_in: Ranges


class SaundersStats(Stats):
    # the fields a vessel has and a fort has not (it does not move) default; a fort's stats leave them out
    scale: str
    unit: Literal["vessel", "fort"]
    max_speed_kn: Number
    astern_speed_kn: Number
    acceleration_kn: Optional[Number] = None
    move_in: Number
    astern_move_in: Number
    hull: int
    speed_thresholds: list[SpeedThreshold] = []
    max_turn_deg: Optional[int] = None
    max_turn_deg_spar_deployed: Optional[int] = None
    armour: Armour
    small_target: bool
    ram_bow: bool
    paddles: int
    drive: Optional[values_of(PropulsionKind)] = None
    draught_ft: Optional[Number] = None  # a fort has none: it cannot ground
    double_ender: bool = False
    spar_torpedo: bool
    guns: list[Gun]

    @property
    def fort(self) -> bool:
        return self.unit == "fort"
