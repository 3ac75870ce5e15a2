"""Quick Play ACW Naval Rules: which record-card box records each outcome of the cannonade and the catastrophic
events (trackers.yaml), and the conditions that say which units an outcome can befall."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..trackers import Trackers, load_trackers, unit_condition

PATH = Path(__file__).with_name("trackers.yaml")
# the tables whose rows do something to a unit, and the column that names each row (None: a table of named rows,
# edna_zero's ship and fort)
OUTCOME_TABLES = {"cannonade_dice": "factor", "catastrophic_events": "double", "edna_zero": None}


def outcome_rows(tables) -> set[tuple[str, str]]:
    """(table, row) for every row of the outcome tables: a list's rows by their naming column, a table of named rows
    by its names."""
    return {(table, str(row[key]) if key else str(row)) for table, key in OUTCOME_TABLES.items()
            for row in tables[table].rows}


@lru_cache(maxsize=1)
def trackers() -> Trackers:
    return load_trackers(PATH)


def applies(condition: str, stats) -> bool:
    """Whether an outcome with this condition can befall a unit with these QuickPlayStats."""
    return unit_condition(condition, fort=stats.is_fort, armed=stats.cannonade.total > 0)
