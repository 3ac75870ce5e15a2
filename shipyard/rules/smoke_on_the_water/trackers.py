"""Smoke on the Water: which record-sheet box records each outcome of the damage and critical tables
(trackers.yaml), and the conditions that say which units an outcome can befall."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..trackers import load_trackers


TRACKERS_PATH = Path(__file__).with_name("trackers.yaml")


@lru_cache(maxsize=1)
def trackers():
    """The outcome -> tracker mapping (trackers.yaml)."""
    return load_trackers(TRACKERS_PATH)


def applies(condition: str, s) -> bool:
    """Whether an outcome with this `applies` condition can befall the unit with these stats."""
    vessel = getattr(s, "kind", None) == "vessel"
    match condition:
        case "any":
            return True
        case "vessel":
            return vessel
        case "fort":
            return getattr(s, "kind", None) == "fort"
        case "armed":
            return bool(s.guns)
        case "turreted":
            return vessel and bool(s.turret_damage_points)
        case "paddle":
            return vessel and bool(s.wheel_damage_points)
    raise ValueError(f"trackers.yaml: unknown applies condition {condition!r}")
