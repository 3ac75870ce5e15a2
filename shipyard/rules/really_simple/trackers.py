"""Really Simple ACW Naval Rules: which card box records each outcome of the damage tables (trackers.yaml), and the
conditions that say which units an outcome can befall."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..base import Trackers, load_trackers, unit_condition

PATH = Path(__file__).with_name("trackers.yaml")
# the tables whose rows do something to a unit: hit_effects and special_effects (shooting), ramming's results
OUTCOME_TABLES = ("hit_effects", "special_effects", "ramming.results")


@lru_cache(maxsize=1)
def trackers() -> Trackers:
    return load_trackers(PATH)


def applies(condition: str, stats) -> bool:
    """Whether an outcome with this condition can befall a unit with these ReallySimpleStats."""
    return unit_condition(condition, fort=stats.is_fort, armed=stats.gun_count > 0)


def table_rows(tables, name: str) -> list[dict]:
    """The rows of a damage table named 'table' or 'table.key' (ramming.results)."""
    head, _, key = name.partition(".")
    rows = tables.require(head).rows
    return list(rows[key] if key else rows)
