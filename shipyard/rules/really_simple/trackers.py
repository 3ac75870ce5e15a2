"""Really Simple ACW Naval Rules: which card box records each outcome of the damage tables (trackers.yaml), and the
conditions that say which units an outcome can befall."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..trackers import Trackers, load_trackers, unit_condition

PATH = Path(__file__).with_name("trackers.yaml")
# the tables whose rows do something to a unit: hit_effects and special_effects (shooting), ramming's results,
# torpedoes (a ship struck in a torpedo field)
OUTCOME_TABLES = ("hit_effects", "special_effects", "ramming.results", "torpedoes")


@lru_cache(maxsize=1)
def trackers() -> Trackers:
    return load_trackers(PATH)


def applies(condition: str, stats) -> bool:
    """Whether an outcome with this condition can befall a unit with these ReallySimpleStats."""
    if condition == "magazine":  # a magazine hit: every ship, a fort only as fort_magazine reads it (the stats say)
        return stats.magazine
    return unit_condition(condition, fort=stats.is_fort, armed=stats.gun_count > 0)


def table_rows(tables, name: str) -> list[dict]:
    """The rows of a damage table named 'table' or 'table.key' (ramming.results)."""
    head, _, key = name.partition(".")
    rows = tables.require(head).rows
    return list(rows[key] if key else rows)


# the tables of what a hit does, whose rows a card says have no effect on the unit when none of its outcomes can
# befall it (a fort has no speed to lose, no helm, engines or list)
HIT_TABLES = (("hit_effects", "hit 1d6"), ("special_effects", "2d6"))


def no_effect_rolls(tables, stats) -> list[tuple[str, list[str]]]:
    """(table's words, [rolls]) for each hit table with rows that do nothing to this unit: rows whose every outcome
    in trackers.yaml has a condition the unit does not meet (a row marked 'No effect' for everyone is left out)."""
    t = trackers()
    out = []
    for table, words in HIT_TABLES:
        rolls = []
        for row in table_rows(tables, table):
            roll = str(row["roll"])
            mine = [o for o in t.outcomes if o.table == table and o.row == roll]
            if mine and not any(applies(o.applies, stats) for o in mine):
                rolls.append(roll)
        if table == "hit_effects" and getattr(stats, "is_fort", False) and _fort_gun_on(tables) == "two":
            # only a 2 takes a fort's gun: the rest of the ship's 2-3 is shot spent (fort_hits.spent)
            spent = str(tables.require("fort_hits").rows["spent"])
            rolls = sorted(rolls + [spent], key=lambda r: int(r.split("-")[0]))
        if rolls:
            out.append((words, rolls))
    return out


def _fort_gun_on(tables) -> str:
    """fort_hits' reading: 'two' (only a 2 takes a fort's gun) or 'two_three' (2-3, as on a ship)."""
    from .words import option

    return option(tables, "fort_hits")


def _spread(roll: str) -> list[int]:
    """A table's roll ('2-3', '6') as the faces it names."""
    lo, _, hi = roll.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def effect_rolls(tables, stats) -> list[tuple[str, str]]:
    """(table's words, 'the rolls that do something') for each hit table: the rows no_effect_rolls leaves, face
    by face ('2, 6'; a fort at 2-3: '2-3, 6'), said beside the hit table (play 43, moment 10)."""
    none = dict(no_effect_rolls(tables, stats))
    out = []
    for table, words in HIT_TABLES:
        dead = {f for r in none.get(words, []) for f in _spread(r)}
        live = [f for row in table_rows(tables, table) for f in _spread(str(row["roll"])) if f not in dead]
        runs: list[list[int]] = []
        for f in live:
            if runs and f == runs[-1][-1] + 1 and table == "hit_effects":
                runs[-1].append(f)
            else:
                runs.append([f])
        out.append((words, ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)))
    return out


def no_effect_text(tables, stats, who: str) -> str:
    """'A fort: hit 1d6 1, 4-5; 2d6 3, 4, ... have no effect.' or '' when every row can befall the unit."""
    parts = [f"{words} {', '.join(rolls)}" for words, rolls in no_effect_rolls(tables, stats)]
    return f"{who}: {'; '.join(parts)} have no effect." if parts else ""
