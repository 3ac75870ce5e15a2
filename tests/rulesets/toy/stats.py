"""Toy Rules' typed stats: the very keys `stats --json` prints."""

from __future__ import annotations

from typing import Literal

from shipyard.rules.derived import Stats


class ToyStats(Stats):
    kind: Literal["vessel", "fort"]
    hull_boxes: int
    speed_kn: float
    guns: int
