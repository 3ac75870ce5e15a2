"""House rules: a user's file of table rows laid over a rule set's own tables, changing only the values it
names, and checked against the table's own rows (the same keys, kinds and signs, bands in order)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Iterable

from ..errors import Problem, ShipyardError, did_you_mean, display_path
from ..library.yamlfile import read_yaml
from .tables import Table, Tables, _bands_at, _band_problem, field_name, refuse_cut_text


def overlay(own: Any, house: Any) -> Any:
    """A house rule's rows laid over the table's own: a mapping changes only the keys it names (and so on into
    nested mappings), keeping the rest; a list or a single value replaces the table's own."""
    if isinstance(own, dict) and isinstance(house, dict):
        merged = copy.deepcopy(own)
        for key, value in house.items():
            merged[key] = overlay(own[key], value) if key in own else copy.deepcopy(value)
        return merged
    return copy.deepcopy(house)


def _ruleset_names() -> dict[str, tuple[str, ...]]:
    """Every rule set's key -> (key, aliases...), from the registry."""
    from . import all_rulesets

    return {rs.key: (rs.key, *rs.aliases) for rs in all_rulesets()}


def _other_tables(own_keys: set[str]) -> set[str]:
    """The table names of every other rule set (a flat house-rules file may serve several)."""
    from . import all_rulesets

    names: set[str] = set()
    for rs in all_rulesets():
        if rs.key not in own_keys:
            names |= set(rs.tables())
    return names


def apply_house_rules(tables: Tables, path: Path, ruleset_keys: Iterable[str] = ()) -> None:
    """Overlay a house-rules file (see `overlay`: a mapping of rows changes just the values it names, a list
    replaces all the rows), strictly: a section naming no rule set, a table no rule set has, a row or key the
    table does not have, a row lacking a key every row of the table has, a value of another type or sign than
    the table's own or far beyond them, bands out of order or leaving a value without a row: each is an error
    with the file, line and field."""
    located = read_yaml(path)
    data = located.data
    where = display_path(path)
    refuse_cut_text(located, where)
    if not isinstance(data, dict):
        raise ShipyardError([Problem(where, 1, None, "a house-rules file is a mapping of table names "
                                     "(or of rule sets, each a mapping of table names)")])
    keys = set(ruleset_keys)
    registry = _ruleset_names()
    all_names = {n for names in registry.values() for n in names}
    prefix: tuple = ()
    if any(k in all_names for k in data):  # sections per rule set: {<key>: {hull: {rows: ...}}}
        for k in data:
            if k not in all_names:
                raise ShipyardError([Problem(where, located.line_of((k,)), str(k),
                                             f"no rule set {k!r}{did_you_mean(str(k), all_names)}; rule sets: "
                                             + ", ".join(sorted(all_names)))])
        mine = [k for k in data if k in keys]
        if len(mine) > 1:
            raise ShipyardError([Problem(where, located.line_of((mine[1],)), str(mine[1]),
                                         f"{mine[0]!r} and {mine[1]!r} name the same rule set: keep one section")])
        if not mine:
            return  # nothing for this rule set
        data = data[mine[0]]
        prefix = (mine[0],)
        if data is None:
            return
        if not isinstance(data, dict):
            raise ShipyardError([Problem(where, located.line_of(prefix), mine[0], "expected a mapping of table names")])
        others: set[str] = set()
    else:
        others = _other_tables(keys) if keys else set()
    for name, spec in data.items():
        line = located.line_of(prefix + (name,))
        if name not in tables:
            if name in others:
                continue  # a flat file's table for another rule set
            raise ShipyardError([Problem(where, line, name, f"no table or rule set {name!r}"
                                         f"{did_you_mean(str(name), set(tables) | all_names)}")])
        if not isinstance(spec, dict) or "rows" not in spec:
            raise ShipyardError([Problem(where, line, name, "expected {rows: ...}: your values for the table's rows")])
        unknown = sorted(set(spec) - {"rows", "note"})
        if unknown:
            raise ShipyardError([Problem(where, located.line_of(prefix + (name, unknown[0])), f"{name}.{unknown[0]}",
                                         f"unknown key {unknown[0]!r}: a house-ruled table has rows (and may have a note)")])
        old = tables[name]
        if type(spec["rows"]) is not type(old.rows):
            raise ShipyardError([Problem(where, line, f"{name}.rows",
                                         f"expected a {type(old.rows).__name__} like the table's own rows")])
        problem = _check_like(spec["rows"], old.rows, prefix + (name, "rows"), old.optional)
        if problem is not None:
            loc, message = problem
            raise ShipyardError([Problem(where, located.line_of(loc), field_name(loc), message)])
        rows = overlay(old.rows, spec["rows"])
        for at, (side, key, may_miss) in old.bands.items():
            if at is not None and at not in spec["rows"]:
                continue  # these bands are the table's own, unchanged
            loc = prefix + (name, "rows") + (() if at is None else (at,))
            own = None if may_miss else _bands_at(old.rows, at)
            problem = _band_problem(_bands_at(rows, at), side, key, loc, own)
            if problem is not None:
                raise ShipyardError([Problem(where, located.line_of(problem[0]), field_name(problem[0]), problem[1])])
        tables[name] = Table(name, old.provenance, rows, spec.get("note", old.note), house_rule=True, bands=old.bands,
                             optional=old.optional, bundled=old.rows if old.bundled is None else old.bundled)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "yes/no (true or false)"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return "empty value"


def _check_like(new: Any, old: Any, loc: tuple, optional: Iterable[str] = ()) -> tuple[tuple, str] | None:
    """(where, what is wrong) when new does not have the shape of the table's own rows old, else None.

    Mappings: every key must be one the table has; lists: every item like the table's items (a list of
    records: each key one some record has, its value like theirs); values: the same kind (number, text,
    yes/no), and a number not below 0 where every one of the table's own is 0 or more."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return loc, f"expected a mapping like the table's own, got {_kind(new)}"
        for key, value in new.items():
            if key not in old:
                return loc + (key,), f"the table has no row or key {key!r}{did_you_mean(str(key), [str(k) for k in old])}"
            found = _check_like(value, old[key], loc + (key,), optional)
            if found:
                return found
        return None
    if isinstance(old, list):
        if not isinstance(new, list):
            return loc, f"expected a list like the table's own, got {_kind(new)}"
        records = [o for o in old if isinstance(o, dict)]
        if records and len(records) == len(old):
            samples: dict[Any, list] = {}
            for record in records:
                for key, value in record.items():
                    samples.setdefault(key, []).append(value)
            required = [k for k in samples if k not in optional and k != "provenance" and all(k in r for r in records)]
            if not new:
                return loc, f"expected at least one row like {_example(records[0])}: with none, nothing can be looked up"
            for i, item in enumerate(new):
                if not isinstance(item, dict):
                    return loc + (i,), f"expected a record like {_example(records[0])}, got {_kind(item)}"
                for key, value in item.items():
                    if key not in samples:
                        return loc + (i, key), (f"the table's rows have no key {key!r}"
                                                f"{did_you_mean(str(key), [str(k) for k in samples])}: "
                                                f"expected rows like {_example(records[0])}")
                    found = _check_value(value, samples[key], loc + (i, key), optional)
                    if found:
                        return found
                missing = [k for k in required if k not in item]
                if missing:
                    return loc + (i,), (f"the row has no {missing[0]!r}: every row of the table has one "
                                        f"(rows like {_example(records[0])})")
            return None
        if old:
            for i, item in enumerate(new):
                found = _check_value(item, old, loc + (i,))
                if found:
                    return found
        return None
    return _check_value(new, [old], loc)


HOUSE_RULE_REACH = 10  # a house-ruled number may be at most this many times the largest of the table's own


def _check_value(value: Any, samples: list, loc: tuple, optional: Iterable[str] = ()) -> tuple[tuple, str] | None:
    """value against the table's own values for the same place."""
    kinds = {_kind(s) for s in samples if s is not None}
    if value is None:
        return None if None in samples or not kinds else (loc, f"expected a {' or '.join(sorted(kinds))}, got nothing")
    if isinstance(value, (dict, list)):
        shaped = [s for s in samples if isinstance(s, type(value))]
        if shaped:
            return _check_like(value, shaped[0], loc, optional)
    kind = _kind(value)
    if kinds and kind not in kinds:
        return loc, f"expected a {' or '.join(sorted(kinds))} like the table's own, got {kind} {value!r}"
    if kind == "number":
        numbers = [s for s in samples if _kind(s) == "number"]
        if numbers and value < 0 <= min(numbers):
            return loc, f"expected 0 or more (the table's own run {min(numbers)}–{max(numbers)}), got {value}"
        most = HOUSE_RULE_REACH * max([1, *(abs(n) for n in numbers)])
        if numbers and abs(value) > most:
            return loc, (f"expected a number within ±{most:g} ({HOUSE_RULE_REACH} times the table's own, which run "
                         f"{min(numbers)}–{max(numbers)}: what the printed sheets have room for), got {value:,}")
    return None


def _example(record: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in record.items() if k != "provenance") + "}"
