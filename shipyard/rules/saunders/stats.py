"""Saunders' statistics for one unit as a typed model: the very keys `shipyard stats ID --rules saunders --json`
prints, checked when `derive` ends, so the printed aids read `d.stats.hull` rather than a string key."""

from __future__ import annotations

from typing import Literal, Optional

from ...spec.model import PropulsionKind
from ..base import Stats, values_of


class SpeedThreshold(Stats):
    lost: int  # hull boxes lost before the speed falls
    fraction: float  # of the maximum speed
    speed_kn: float


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
    point_blank: float
    effective: float
    long: Optional[float] = None  # a light gun has no Long range


class Gun(Stats):
    name: str
    count: int
    strength: int
    rifled: bool
    light: bool
    arcs: list[str]
    ranges_in: Ranges
    turret: Optional[str] = None
    blocked_arcs: Optional[list[str]] = None
    per_side: Optional[int] = None


class SaundersStats(Stats):
    scale: str
    unit: Literal["vessel", "fort"]
    max_speed_kn: float
    astern_speed_kn: float
    move_in: float
    astern_move_in: float
    hull: int
    armour: Armour
    small_target: bool
    ram_bow: bool
    paddles: int
    spar_torpedo: bool
    guns: list[Gun]
    # a vessel's only (a fort does not move)
    acceleration_kn: Optional[float] = None
    speed_thresholds: list[SpeedThreshold] = []
    max_turn_deg: Optional[int] = None
    max_turn_deg_spar_deployed: Optional[int] = None
    drive: Optional[values_of(PropulsionKind)] = None
    double_ender: bool = False

    @property
    def fort(self) -> bool:
        return self.unit == "fort"
