"""Really Simple ACW Naval Rules: the typed statistics of one unit, with exactly the keys `stats --json` prints.

`derive` builds a ReallySimpleStats field by field (a Reason beside each value); the printed aids read `d.stats.armour`,
`d.stats.guns[0].fire_factor`, so a key renamed in derive.py fails at derive time, not half-way through a pack.
"""

from __future__ import annotations

from typing import Literal

from ..derived import Number, Stats


class Gun(Stats):
    """One gun model aboard, counts summed over her mounts."""

    name: str
    count: int
    size: str  # a gun_sizes row: Small, Medium or Large
    fire_factor: int
    rifled: bool


class Ranges(Stats):
    """The three range bands in inches at the table's scale."""

    point_blank: Number
    effective: Number
    long: Number


class ReallySimpleStats(Stats):
    unit: Literal["vessel", "fort"]
    armour: int
    armour_iron_in: float | None = None  # vessels only: the principal plate's iron equivalent
    speed_kn: Number
    astern_kn: Number
    draft_ft: int | None
    reinforced_bow: bool
    double_ender: bool
    magazine: bool = True  # a magazine hit (2d6: 2) blows her up: every ship; a fort only as fort_magazine reads it
    guns: list[Gun] = []
    ranges_in: Ranges

    @property
    def is_fort(self) -> bool:
        return self.unit == "fort"

    @property
    def gun_count(self) -> int:
        return sum(g.count for g in self.guns)

    @property
    def astern_as_fast(self) -> bool:
        """A double-ended sidewheeler goes as fast astern as ahead."""
        return self.double_ender and self.astern_kn == self.speed_kn
