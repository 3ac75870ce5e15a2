"""Toy Rules' trackers: the sheet's box that records each outcome of its tables (trackers.yaml), and which units an
outcome can befall."""

from __future__ import annotations

from pathlib import Path

from shipyard.rules.trackers import load_trackers, unit_condition

HERE = Path(__file__).resolve().parent


def trackers():
    return load_trackers(HERE / "trackers.yaml")


def applies(condition: str, stats) -> bool:
    return unit_condition(condition, fort=stats.kind == "fort", armed=stats.guns > 0)
