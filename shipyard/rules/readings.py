"""What the text leaves open, as a pack plays it: a rule set's `reconstructions` rows with the numbers and the reading
in play filled from its (house-ruled) tables, so a house rule that changes a number or switches a reading changes the
readings page too. One tool for every rule set; each rule set prints the rows in its own way.

A reconstructions row (tables.yaml):
    rule:    the rule, in the players' words
    reading: our reading; `{table.field}` (or `{table.field.subfield}`, or `{table.ROLL.field}` for the row of a list
             with that roll or key) is filled from that table's rows, e.g. "on fire on {fire_test.catches_on} or less"
    option:  the house-rules table that switches to a second reading ("" where there is none)
    instead: the second reading, in the pack's words (filled the same way)
    switch:  {table: {field: value, ...}}: the option table's values that play `instead` (a house rule that sets them
             all); a reading switched prints `instead` (the kit marks it "(house rule)"; `played` adds ours, not
             played, for a rule set with the room)
    words:   {"table.field": {value: words}}: a value a placeholder prints in words ("a quarter" for 4; `else`: any
             other value, "{value} or more"); a yes/no value must have its words
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import ShipyardError
from ..render.text import number

PLACEHOLDER = re.compile(r"\{([a-z_]+(?:\.[0-9a-z_+-]+)+)\}")
NOT_PLAYED = "not played"  # after a switched reading: the pack's own reading, which the house rule set aside


def _where(row: dict, k: int) -> str:
    return f"table reconstructions, row {k} ({row.get('rule', '?')})"


def _value(tables: Any, path: str, where: str, bundled: bool = False) -> Any:
    """The value a placeholder's path names: the table, then each key into its rows (a list's row by roll or key);
    `bundled`: in the rows as tables.yaml has them, before a house rule."""
    name, *keys = path.split(".")
    if name not in tables:
        raise ShipyardError(f"{where}: {{{path}}} names no table {name!r}")
    table = tables[name]
    node = table.bundled if bundled and getattr(table, "bundled", None) is not None else table.rows
    for key in keys:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list):
            node = next((r for r in node if isinstance(r, dict) and key in (str(r.get("roll")), r.get("key"))), None)
            if node is None:
                raise ShipyardError(f"{where}: {{{path}}} names no row {key!r} of table {name}")
        else:
            has = ", ".join(map(str, node)) if isinstance(node, dict) else "no fields"
            raise ShipyardError(f"{where}: {{{path}}} names no field of table {name} ({tables[name].tag()}); "
                                f"it has {has}")
    return node


def fill(text: str, tables: Any, row: dict, where: str, bundled: bool = False) -> str:
    """`text` with each {table.field} filled from the tables (`bundled`: as tables.yaml has them, not as a house rule
    does), through the row's `words` where it has them."""
    words = row.get("words") or {}

    def sub(m: re.Match) -> str:
        path = m.group(1)
        value = _value(tables, path, where, bundled)
        said = words.get(path) or {}
        if isinstance(value, (dict, list)):
            raise ShipyardError(f"{where}: {{{path}}} names a part of table {path.split('.')[0]} with fields of its "
                                f"own ({', '.join(map(str, value))}), not one value" if isinstance(value, dict) else
                                f"{where}: {{{path}}} names a list in table {path.split('.')[0]}, not one value")
        if value in said and type(value) in {type(k) for k in said if k == value}:  # True is not 1
            return str(said[value])
        if isinstance(value, bool):
            raise ShipyardError(f"{where}: {{{path}}} is {value!r}; the row's words must say it in print")
        if "else" in said:  # any other value: "{value} or more"
            return str(said["else"]).replace("{value}", number(value))
        return number(value)

    return PLACEHOLDER.sub(sub, str(text))


def switched(tables: Any, row: dict, where: str) -> bool:
    """Whether the tables (a house rule) set every value the row's `switch` names: the second reading is in play."""
    switch = row.get("switch")
    if not switch:
        return False
    option = str(row.get("option") or "").split(":")[0].strip()
    if not isinstance(switch, dict) or set(switch) != {option}:
        raise ShipyardError(f"{where}: switch must be {{{option or 'its option table'}: {{field: value}}}}, "
                            f"the table its option names")
    if not row.get("instead"):
        raise ShipyardError(f"{where}: a row with a switch needs the reading it switches to (instead)")

    def holds(want: Any, path: str) -> bool:
        if isinstance(want, dict):
            return all(holds(v, f"{path}.{k}") for k, v in want.items())
        return _value(tables, path, where) == want

    return holds(switch[option], option)


def played(tables: Any) -> list[dict]:
    """The reconstructions rows as this pack plays them: each row with `reading` the reading in play (filled), and
    `other` the reading not played (filled; "" where the text allows one), `switched` true where a house rule plays the
    second reading, and `played` the reading in play as one line (played_words)."""
    out = []
    for k, row in enumerate(tables["reconstructions"].rows, 1):
        where = _where(row, k)
        ours = fill(row.get("reading", ""), tables, row, where)
        instead = fill(row["instead"], tables, row, where) if row.get("instead") else ""
        if switched(tables, row, where):  # the reading set aside, in the numbers it had before the house rule
            ours = fill(row.get("reading", ""), tables, row, where, bundled=True)
            out.append({**row, "reading": instead, "other": ours, "switched": True})
        else:
            out.append({**row, "reading": ours, "other": instead, "switched": False})
        out[-1]["played"] = played_words(out[-1])
    return out


def played_words(row: dict) -> str:
    """A played row's reading as one line: a switched one with the reading it set aside after it."""
    return f"{row['reading']} (house rule; {NOT_PLAYED}: {row['other']})" if row["switched"] else row["reading"]
