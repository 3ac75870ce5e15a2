"""Saunders: which units each outcome of the damage, critical and event tables can befall, and the names of those
tables' rows as trackers.yaml spells them (its roll, its least total, or a one-row table's own name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from ..tables import Tables
from ..trackers import Trackers, load_trackers

TRACKERS_PATH = Path(__file__).with_name("trackers.yaml")
# the tables whose rows do something to a unit (the rest give numbers: speeds, ranges, modifiers)
EVENT_TABLES = ("penetration_result", "hull_speed", "criticals", "ramming_damage", "torpedo_strike", "spar_torpedo",
                "aground", "damage_follow_up")


def trackers() -> Trackers:
    return load_trackers(TRACKERS_PATH)


def row_name(row: dict) -> str:
    """'11-13' for a rolled row, 'min 4' for a least-total row, 'lost 0.5' for a hull-lost row, a procedure row's `when`."""
    if "roll" in row:
        return str(row["roll"])
    if "when" in row:
        return str(row["when"])
    for key, word in (("min_total", "min"), ("min_roll", "min"), ("lost_fraction", "lost")):
        if key in row:
            return f"{word} {row[key]:g}"
    raise ValueError(f"no name for the row {row!r}")


def outcome_rows(tables: Tables) -> Iterator[tuple[str, str]]:
    """(table, row) for every row of every event table: a table of keyed numbers (aground) is one row; the spar
    torpedo's rows are its `effect` rolls."""
    for name in EVENT_TABLES:
        rows: Any = tables.require(name).rows
        if isinstance(rows, dict):
            rows = rows.get("effect", None)
        if rows is None:
            yield name, name
            continue
        for row in rows:
            yield name, row_name(row)


def applies(condition: str, stats: Any) -> bool:
    """Whether an outcome under `condition` (trackers.yaml's applies) can befall the unit with these stats."""
    fort = getattr(stats, "unit", "") == "fort"
    tests = {
        "any": True,
        "never": False,
        "ship": not fort,
        "fort": fort,
        "armed": bool(getattr(stats, "guns", None)),
        "has_ram": not fort and bool(getattr(stats, "ram_bow", False)),
        "spar": not fort and bool(getattr(stats, "spar_torpedo", False)),
    }
    if condition not in tests:
        raise ValueError(f"saunders trackers.yaml: unknown applies condition {condition!r} (one of {sorted(tests)})")
    return tests[condition]
