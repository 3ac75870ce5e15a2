"""What every rule set shares: derived values with reasons, provenance-tagged tables, house rules.

A rule set is one folder under shipyard/rules/ whose __init__.py defines `RULESET`, an instance of
`RuleSet`. The calculator is pure: `derive(unit, ctx) -> Derived`. Printed aids (sheets, templates,
counters, rosters) live in the rule set's own modules and are imported only when asked for, so
`shipyard --help` never pays for ReportLab.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from ..spec.errors import Problem, ShipyardError, did_you_mean, display_path
from ..spec.yamlfile import read_yaml

Provenance = Literal["source", "example", "reconstructed"]
PROVENANCES = ("source", "example", "reconstructed")


# ---------------------------------------------------------------------------------------------
# Derived values


@dataclass
class Derived:
    """The stats of one unit under one rule set: JSON-ready values plus a reason for each.

    `set("armour.hull", "M", "5 in iron + 27 in wood = 6.35 in → Medium (armour_classes, reconstructed)")`
    Paths use dots for mappings and [i] for list items: "guns[0].code".
    """

    unit_id: str
    unit_name: str
    ruleset: str
    values: dict[str, Any] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)

    def set(self, path: str, value: Any, reason: str) -> Any:
        _assign(self.values, path, value)
        self.reasons[path] = reason
        return value

    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.values
        for part in _split(path):
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.unit_id, "name": self.unit_name, "rules": self.ruleset, **self.values}

    def explanation(self) -> list[tuple[str, Any, str]]:
        """(path, value, reason) for every derived value, in the order derived."""
        return [(path, self.get(path), reason) for path, reason in self.reasons.items()]


def _split(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for chunk in path.split("."):
        while "[" in chunk:
            head, rest = chunk.split("[", 1)
            if head:
                parts.append(head)
            idx, chunk = rest.split("]", 1)
            parts.append(int(idx))
        if chunk:
            parts.append(chunk)
    return parts


def _assign(root: dict, path: str, value: Any) -> None:
    parts = _split(path)
    node: Any = root
    for part, nxt in zip(parts, parts[1:]):
        if isinstance(part, int):
            while len(node) <= part:
                node.append({} if not isinstance(nxt, int) else [])
            node = node[part]
        else:
            if part not in node or node[part] is None:
                node[part] = [] if isinstance(nxt, int) else {}
            node = node[part]
    last = parts[-1]
    if isinstance(last, int):
        while len(node) <= last:
            node.append(None)
    node[last] = value


# ---------------------------------------------------------------------------------------------
# Tables


@dataclass
class Table:
    """One rules table as data. `rows` is whatever shape the table needs (a list of dicts, a
    mapping); `provenance` says where the numbers come from, per table and optionally per row
    (a row dict may carry its own `provenance`)."""

    name: str
    provenance: Provenance
    rows: Any
    note: str = ""
    house_rule: bool = False

    def tag(self, row: Any = None) -> str:
        """The provenance tag to quote in a reason: 'house rule', or the row's or table's tag."""
        if self.house_rule:
            return "house rule"
        if isinstance(row, dict) and row.get("provenance") in PROVENANCES:
            return row["provenance"]
        return self.provenance

    def cite(self, row: Any = None) -> str:
        return f"{self.name}, {self.tag(row)}"


class Tables(dict):
    """A rule set's tables by name, with a user's house rules applied."""

    def __getattr__(self, name: str) -> Table:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def load_tables(path: Path, house_rules: Path | None = None, ruleset_keys: Iterable[str] = ()) -> Tables:
    """Read a rule set's tables.yaml and overlay a house-rules file.

    tables.yaml:   {table_name: {provenance: source|example|reconstructed, note: "...", rows: ...}}
    house rules:   {table_name: {rows: ...}}  or, for a file covering several rule sets,
                   {<ruleset key or alias>: {table_name: {rows: ...}}}
    A house-ruled table replaces the rows wholesale and is tagged "house rule" in every reason.
    """
    located = read_yaml(path)
    tables = Tables()
    for name, spec in (located.data or {}).items():
        if not isinstance(spec, dict) or "rows" not in spec or spec.get("provenance") not in PROVENANCES:
            raise ShipyardError([Problem(display_path(path), located.line_of((name,)), name,
                                         "a table needs rows and a provenance of source, example or reconstructed")])
        tables[name] = Table(name, spec["provenance"], spec["rows"], spec.get("note", ""))
    if house_rules is not None:
        apply_house_rules(tables, house_rules, ruleset_keys)
    return tables


def apply_house_rules(tables: Tables, path: Path, ruleset_keys: Iterable[str] = ()) -> None:
    located = read_yaml(path)
    data = located.data
    if not isinstance(data, dict):
        raise ShipyardError([Problem(display_path(path), 1, None, "a house-rules file is a mapping of table names")])
    keys = set(ruleset_keys)
    prefix: tuple = ()
    section = next((k for k in data if k in keys), None)
    if section is not None:
        data = data[section] or {}
        prefix = (section,)
    elif keys and all(isinstance(v, dict) and k not in tables and "rows" not in v for k, v in data.items()):
        return  # a multi-rule-set file with nothing for this rule set
    for name, spec in data.items():
        line = located.line_of(prefix + (name,))
        if name not in tables:
            raise ShipyardError([Problem(display_path(path), line, name,
                                         f"no table {name!r} in this rule set{did_you_mean(name, tables)}")])
        if not isinstance(spec, dict) or "rows" not in spec:
            raise ShipyardError([Problem(display_path(path), line, name, "expected {rows: ...} replacing the table's rows")])
        old = tables[name]
        if type(spec["rows"]) is not type(old.rows):
            raise ShipyardError([Problem(display_path(path), line, f"{name}.rows",
                                         f"expected a {type(old.rows).__name__} like the table it replaces")])
        tables[name] = Table(name, old.provenance, copy.deepcopy(spec["rows"]), spec.get("note", old.note), house_rule=True)


# ---------------------------------------------------------------------------------------------
# The rule-set plug-in


@dataclass
class Context:
    """What a derivation may consult besides the unit: the ordnance catalogue, the tables (with
    house rules applied), the table scale, and the library for anything else."""

    library: Any
    tables: Tables
    scale: str = "native"
    options: Any = None  # the pack options (paper, colour, blank or pre-damaged copies...) where a pack is built


@dataclass
class RuleSet:
    key: str  # "smoke-on-the-water"
    aliases: tuple[str, ...]  # ("sotw",)
    title: str  # "Smoke on the Water"
    package: str  # "shipyard.rules.smoke_on_the_water"
    derive: Callable[[Any, Context], Derived]
    tables_path: Path
    native_scale: str = "1/600"
    scales: tuple[str, ...] = ("1/600", "1/1200")

    def tables(self, house_rules: Path | None = None) -> Tables:
        return load_tables(self.tables_path, house_rules, (self.key, *self.aliases))

    def context(self, library: Any, house_rules: Path | None = None, scale: str | None = None) -> Context:
        return Context(library=library, tables=self.tables(house_rules), scale=scale or self.native_scale)

    def aids(self):
        """The module with the printed aids (sheets, templates, counters, roster), imported on demand."""
        import importlib

        return importlib.import_module(self.package + ".aids")
