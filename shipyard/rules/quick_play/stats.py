"""Quick Play's typed statistics: the very keys `shipyard stats ID --rules quick-play --json` prints.

derive() builds a QuickPlayStats field by field (a Reason beside each value), so the printed aids read `d.stats.edna`
and a renamed key fails at derive time, not half-way through a pack.
"""

from __future__ import annotations

from ..derived import Number, Stats


class Speeds(Stats):
    """Inches a move at each setting (None: the type has no such setting, or a fort that does not move)."""

    slow: Number | None = None
    cruise: Number | None = None
    full: Number | None = None


class Cannonade(Stats):
    """Cannonade factors bearing on one side, by how they fire."""

    heavy: int = 0
    medium: int = 0
    parrot: int = 0

    def items(self) -> list[tuple[str, int]]:
        return [("heavy", self.heavy), ("medium", self.medium), ("parrot", self.parrot)]

    @property
    def total(self) -> int:
        return self.heavy + self.medium + self.parrot


class QuickPlayStats(Stats):
    type: str  # Monitor, Ironclad, Sidewheeler, Wooden Screw (ship_types) or Fort
    speeds_in: Speeds
    turn_deg: Number | None = None
    turns_when_stationary: bool = False
    ram: bool = False
    edna: int
    cannonade: Cannonade
    guns: int = 0

    @property
    def is_fort(self) -> bool:
        return self.type == "Fort"
