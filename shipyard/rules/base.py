"""What every rule set shares: derived values with reasons, provenance-tagged tables, house rules.

A rule set is one folder whose __init__.py defines `RULESET`, an instance of `rules.contract.RuleSet` (what a
rule set fills in). The calculator is pure: `derive(unit, ctx) -> Derived`. Printed aids (sheets, templates,
counters, rosters) live in the rule set's own modules and are imported only when asked for, so
`shipyard --help` never pays for ReportLab.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Literal

from pydantic import BaseModel, ConfigDict

from ..errors import Problem, ShipyardError, did_you_mean, display_path
from ..library.yamlfile import read_yaml

Provenance = Literal["source", "example", "reconstructed"]
PROVENANCES = ("source", "example", "reconstructed")


# ---------------------------------------------------------------------------------------------
# Reasons: the words a player reads, and where each value came from


CITED_PROVENANCES = (*PROVENANCES, "house rule")


@dataclass(frozen=True)
class Cite:
    """A value read from a rules table: the table, the row (its place in the table's rows: 'partial', '[2]',
    'by_length[3]'; None for the table as a whole) and how sure that row is (source, example, reconstructed, or
    'house rule' when a house-rules file changed the table)."""

    table: str
    row: str | None
    provenance: str

    def __str__(self) -> str:
        return f"{self.table}, {self.provenance}"  # the words a reason quotes, as the reasons always have

    def __add__(self, words: str) -> "Reason":  # "(" + cite + ")": words that keep their citation
        return Reason(str(self) + words, (self,))

    def __radd__(self, words: str) -> "Reason":
        return Reason(words + str(self), (self,))

    def named(self) -> str:
        """'gun_sizes [2] (reconstructed)': the table, the row and the provenance, for a citation column."""
        return self.table + (f" {self.row}" if self.row else "") + f" ({self.provenance})"


@dataclass(frozen=True)
class Recorded:
    """A value taken from the historical record: the model field it came from, 'Vessel.length_ft'."""

    field: str

    def __str__(self) -> str:
        return self.field

    def named(self) -> str:
        return self.field


@dataclass(frozen=True)
class Formula:
    """A value a rule set's calculator works out by a named rule of its own, with no table or record behind it
    ('split_whole': a printed total shared out by largest remainder)."""

    name: str

    def __str__(self) -> str:
        return self.name

    def named(self) -> str:
        return f"formula {self.name}"


Source = Cite | Recorded | Formula


@dataclass(frozen=True)
class Reason:
    """Why a value is what it is: the words a player reads (`str(reason)`), and the tables, rows and record fields
    they came from (`sources`), so a test (or a reader) need not parse the words to find them."""

    words: str
    sources: tuple[Source, ...] = ()

    def __str__(self) -> str:
        return self.words

    def __add__(self, more: "str | Reason | Cite") -> "Reason":  # words added to a reason keep its sources
        return because(self.words + str(more), self, more if not isinstance(more, str) else None)

    def __radd__(self, words: str) -> "Reason":
        return Reason(words + self.words, self.sources)

    def __contains__(self, words: str) -> bool:  # a reason reads as its words: "house rule" in reason
        return words in self.words

    def __bool__(self) -> bool:
        return bool(self.words)

    @property
    def cites(self) -> tuple[Cite, ...]:
        return tuple(s for s in self.sources if isinstance(s, Cite))

    @property
    def recorded(self) -> tuple[Recorded, ...]:
        return tuple(s for s in self.sources if isinstance(s, Recorded))

    def citation(self) -> str:
        """Every source in one line: 'gun_sizes [2] (reconstructed); Vessel.speed_kn'."""
        return "; ".join(s.named() for s in self.sources)


def because(words: str, *sources: "Source | Reason | str | Iterable") -> Reason:
    """A Reason: the words, and their sources — Cites, Recorded fields ('Vessel.length_ft' may be given as text),
    Formulas, or other Reasons whose sources it takes over (a reason built from the words of others keeps theirs)."""
    found: dict[Source, None] = {}  # in order, each once

    def take(items: Iterable) -> None:
        for source in items:
            if isinstance(source, (Cite, Recorded, Formula)):
                found[source] = None
            elif isinstance(source, Reason):
                found.update(dict.fromkeys(source.sources))
            elif isinstance(source, str):
                found[Recorded(source)] = None
            elif source is not None:
                take(source)

    take(sources)
    return Reason(str(words), tuple(found))


class Reasons(dict):
    """A Reason for each value by its path ('guns[0].fire_factor'), gathered as a derive builds its Stats model:
    `reasons.given(path, value, reason)` keeps the reason and hands the value on to its field."""

    def given(self, path: str, value: Any, reason: "Reason | str") -> Any:
        self[path] = reason if isinstance(reason, Reason) else Reason(str(reason))
        return value


# ---------------------------------------------------------------------------------------------
# Derived values


@dataclass
class Derived:
    """The stats of one unit under one rule set: its typed Stats model (`stats`), the same as JSON-ready values, and a
    Reason for each value by its path (dots for mappings, [i] for list items: "guns[0].code").

    A rule set's derive builds its Stats field by field and hands them over with `Derived.of(unit, key, stats,
    reasons)`, each value's reason gathered by `Reasons.given("armour.hull", "M", because("6.35 in → M (armour_classes,
    reconstructed)", armour_classes.cite(row), "Vessel.armour"))`. (`set` and `typed` still serve a rule set that
    fills the values by path and checks them against its model at the end.)
    """

    unit_id: str
    unit_name: str
    ruleset: str
    values: dict[str, Any] = field(default_factory=dict)
    reasons: dict[str, Reason] = field(default_factory=dict)

    def set(self, path: str, value: Any, reason: "Reason | str") -> Any:
        _assign(self.values, path, value)
        self.reasons[path] = reason if isinstance(reason, Reason) else Reason(str(reason))
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

    def explanation(self) -> list[tuple[str, Any, Reason]]:
        """(path, value, reason) for every derived value, in the order derived."""
        return [(path, self.get(path), reason) for path, reason in self.reasons.items()]

    stats: Any = None  # the rule set's typed Stats model of `values`, set by typed() or of()

    @classmethod
    def of(cls, unit: Any, ruleset: str, stats: "Stats", reasons: dict[str, Reason]) -> "Derived":
        """A unit's stats as the rule set built them, field by field into its Stats model, and a Reason for each value
        (by its path, 'guns[0].fire_factor'): the JSON-ready values are the fields it set, in the model's order."""
        d = cls(unit.id, unit.name, ruleset, values=stats.model_dump(by_alias=True, exclude_unset=True),
                reasons=dict(reasons))
        d.stats = stats
        return d

    def typed(self, model: type["Stats"]) -> "Derived":
        """Check the values against the rule set's Stats model and keep the typed copy in `.stats`, so the printed
        aids read `d.stats.hull_points` (a renamed key fails here, at derive time, not half-way through a pack)."""
        from pydantic import ValidationError

        try:
            self.stats = model.model_validate(self.values)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ShipyardError(f"{self.ruleset}: the stats of {self.unit_name} do not fit {model.__name__} "
                                f"at {where}: {first['msg']}") from None
        return self


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


Number = int | float  # a number as the rules print it: a whole 13 stays 13 in the JSON (a float field makes it 13.0)


def values_of(enum: Any) -> Any:
    """The Literal type of a historical enumeration's values (VesselType -> Literal['casemate ironclad', ...]): the
    stats keep the plain text `stats --json` prints, and a value the record cannot hold fails at derive time."""
    return Literal[tuple(member.value for member in enum)]


class Stats(BaseModel):
    """A rule set's typed statistics for one unit, with the very keys `stats --json` prints. Each rule set
    subclasses it in its stats.py; unknown keys are refused so a rename cannot pass silently."""

    # validators are built on first use: by the process that derives this rule set's units (packs built side by
    # side derive each rule set in one process only), not by every command that merely lists the rule sets
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)


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
    bands: dict = field(default_factory=dict)  # where in rows a list of bands is (None: rows) -> (side, key, may_miss)
    optional: tuple[str, ...] = ()  # row keys a house-ruled row may leave out (every other key of every row it needs)
    _places: dict | None = field(default=None, repr=False, compare=False)  # where each row stands: see cite()

    def tag(self, row: Any = None) -> str:
        """The provenance tag to quote in a reason: 'house rule', or the row's or table's tag."""
        if self.house_rule:
            return "house rule"
        if isinstance(row, dict) and row.get("provenance") in PROVENANCES:
            return row["provenance"]
        return self.provenance

    def cite(self, row: Any = None) -> Cite:
        """Where a value was read: this table, the row (a row of rows, found where it stands, or the key or
        place in rows as text: 'partial', 'materials.earth') and its provenance tag. Quoted in words, 'name, tag'."""
        if row is None or isinstance(row, (str, int)) and not isinstance(row, bool):
            return Cite(self.name, None if row is None else str(row), self.tag())
        if self._places is None:
            self._places = _places(self.rows)
        return Cite(self.name, self._places.get(id(row)), self.tag(row))

    def at(self, place: str) -> Any:
        """The row (or value) at a place a Cite names, or KeyError: where a citation's row really is."""
        node: Any = self.rows
        for part in _split(place):
            if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                node = node[part]
            elif isinstance(node, dict) and part in node:
                node = node[part]
            else:
                raise KeyError(place)
        return node

    def need(self, row: Any, key: str, expected: str) -> Any:
        """row[key], or a clear error naming this table when a (house-ruled) row lacks it."""
        if not isinstance(row, dict) or key not in row:
            raise ShipyardError(f"table {self.name} ({self.tag()}): every row needs {key!r} ({expected}); got {row!r}")
        return row[key]


def _places(rows: Any) -> dict[int, str]:
    """Every mapping and list inside a table's rows by its id -> its place ('[2]', 'by_length[3]', 'partial'), the
    nearest first: made once per table (a table's rows do not change once loaded), so a citation is a lookup."""
    places: dict[int, str] = {}
    level = [(rows, "")]
    while level:
        deeper = []
        for node, at in level:
            pairs = (node.items() if isinstance(node, dict) else
                     ((f"[{i}]", v) for i, v in enumerate(node)) if isinstance(node, list) else ())
            for key, value in pairs:
                key = str(key)
                place = at + key if key.startswith("[") or not at else f"{at}.{key}"
                if isinstance(value, (dict, list)):
                    places.setdefault(id(value), place)
                    deeper.append((value, place))
        level = deeper
    return places


class Tables(dict):
    """A rule set's tables by name, with a user's house rules applied."""

    ruleset: str = ""  # whose tables: named in the error when one is missing

    def require(self, name: str) -> Table:
        """The table called name, or a clear error when there is none (house rules replace rows, never tables)."""
        try:
            return self[name]
        except KeyError:
            raise ShipyardError(f"the {self.ruleset or 'rule set'} tables have no {name!r} table "
                                "(a house-rules file may replace rows, not remove tables)") from None

    def __getattr__(self, name: str) -> Table:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


TABLE_KEYS = ("provenance", "note", "rows", "band", "optional")  # what a table of tables.yaml may say
BAND_SIDES = ("lower", "upper")


def load_tables(path: Path, house_rules: Path | None = None, ruleset_keys: Iterable[str] = ()) -> Tables:
    """Read a rule set's tables.yaml and overlay a house-rules file.

    tables.yaml:   {table_name: {provenance: source|example|reconstructed, note: "...", rows: ...}}
    house rules:   {table_name: {rows: ...}}  or, for a file covering several rule sets,
                   {<ruleset key or alias>: {table_name: {rows: ...}}}
    A house-ruled table is tagged "house rule" in every reason (see apply_house_rules for how rows overlay).
    """
    ruleset_keys = tuple(ruleset_keys)
    located = read_yaml(path)
    where = display_path(path)
    refuse_cut_text(located, where)
    tables = Tables()
    tables.ruleset = ruleset_keys[0] if ruleset_keys else ""
    for name, spec in (located.data or {}).items():
        if not isinstance(spec, dict) or "rows" not in spec or spec.get("provenance") not in PROVENANCES:
            raise ShipyardError([Problem(where, located.line_of((name,)), name,
                                         "a table needs rows and a provenance of source, example or reconstructed")])
        stray = sorted(set(spec) - set(TABLE_KEYS))
        if stray:
            raise ShipyardError([Problem(where, located.line_of((name, stray[0])), f"{name}.{stray[0]}",
                                         f"unknown key {stray[0]!r}: a table has {', '.join(TABLE_KEYS)}")])
        bands = _band_spec(spec.get("band"), (name, "band"), located, where)
        for at, (side, key, _) in bands.items():
            loc = (name, "rows") + (() if at is None else (at,))
            problem = _band_problem(_bands_at(spec["rows"], at), side, key, loc)
            if problem is not None:
                raise ShipyardError([Problem(where, located.line_of(problem[0]), field_name(problem[0]), problem[1])])
        optional = spec.get("optional", [])
        if not isinstance(optional, list) or not all(isinstance(k, str) for k in optional):
            raise ShipyardError([Problem(where, located.line_of((name, "optional")), f"{name}.optional",
                                         "expected a list of the row keys a house-ruled row may leave out")])
        tables[name] = Table(name, spec["provenance"], spec["rows"], spec.get("note", ""), bands=bands,
                             optional=tuple(optional))
    if house_rules is not None:
        apply_house_rules(tables, house_rules, ruleset_keys)
    return tables


def _band_spec(raw: Any, loc: tuple, located: Any, where: str) -> dict:
    """A table's `band:` declaration: its rows are bands looked up by one bound, `{lower: min_ft}` (each row from
    its min_ft up) or `{upper: max_lb}` (each row up to its max_lb, null = no limit); for bands inside a mapping of
    rows, `{by_length: {lower: min_ft}}`. `may_miss: true`: a value may fall outside every row (the rule set says
    what that means), so a house rule need not cover what the table's own rows cover.
    Returns {None or the rows' key: (side, key, may_miss)}."""
    if raw is None:
        return {}

    def one(spec: Any, at: tuple) -> tuple[str, str, bool]:
        sides = [k for k in spec if k in BAND_SIDES] if isinstance(spec, dict) else []
        if (len(sides) != 1 or not isinstance(spec[sides[0]], str) or set(spec) - {sides[0], "may_miss"}
                or not isinstance(spec.get("may_miss", False), bool)):
            raise ShipyardError([Problem(where, located.line_of(at), field_name(at),
                                         "expected {lower: KEY} or {upper: KEY} naming the rows' bound "
                                         "(and may_miss: true where a value may match no row)")])
        return sides[0], spec[sides[0]], spec.get("may_miss", False)

    if isinstance(raw, dict) and set(raw) & set(BAND_SIDES):
        return {None: one(raw, loc)}
    if not isinstance(raw, dict):
        one(raw, loc)
    return {at: one(spec, loc + (at,)) for at, spec in raw.items()}


def _bands_at(rows: Any, at: str | None) -> Any:
    """The list of bands a `band:` declaration names: the rows themselves, or the list under rows[at]."""
    return rows if at is None else rows.get(at) if isinstance(rows, dict) else None


def _band_problem(rows: Any, side: str, key: str, loc: tuple, own: Any = None) -> tuple[tuple, str] | None:
    """(where, what is wrong) when rows are not bands by `key` in ascending order, or (against the table's own
    rows `own`) leave a value the table's own rows cover without a row: a lookup must always find one."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        return loc, f"expected a list of rows, each with its {key}"
    bounds = []
    for i, row in enumerate(rows):
        bound = row.get(key)
        last_open = side == "upper" and bound is None and i == len(rows) - 1
        if not last_open and (isinstance(bound, bool) or not isinstance(bound, (int, float))):
            what = "a number (the last row may have null: no limit)" if side == "upper" else "a number"
            return loc + (i, key), f"every row needs its {key}, {what}"
        if bounds and not last_open and bound <= bounds[-1]:
            return loc + (i, key), (f"{key} {bound} comes after {bounds[-1]}: the rows must go up in {key}, "
                                    "each row's above the one before")
        bounds.append(bound)
    if not own:
        return None
    if side == "lower" and bounds[0] > own[0][key]:
        return loc + (0, key), (f"the first row begins at {key} {bounds[0]}, so a value under it would match no row; "
                                f"begin at {own[0][key]} or lower, as the table's own rows do")
    if side == "upper" and bounds[-1] is not None:
        if own[-1][key] is None:
            return loc + (len(rows) - 1, key), (f"the last row's {key} must be null (no limit), as the table's own is: "
                                                f"a value above {bounds[-1]} would match no row")
        if bounds[-1] < own[-1][key]:
            return loc + (len(rows) - 1, key), (f"the last row ends at {key} {bounds[-1]}, so a value above it would "
                                                f"match no row; end at {own[-1][key]} or higher, as the table's own "
                                                "rows do")
    return None


def overlay(own: Any, house: Any) -> Any:
    """A house rule's rows laid over the table's own: a mapping changes only the keys it names (and so on into
    nested mappings), keeping the rest; a list or a single value replaces the table's own."""
    if isinstance(own, dict) and isinstance(house, dict):
        merged = copy.deepcopy(own)
        for key, value in house.items():
            merged[key] = overlay(own[key], value) if key in own else copy.deepcopy(value)
        return merged
    return copy.deepcopy(house)


def field_name(loc: tuple) -> str:
    """A path into a file as the user reads it: ('<rules>', 'hull', 'rows', 0, 'hull') -> '<rules>.hull.rows[0].hull'."""
    return ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")


def refuse_cut_text(located: Any, where: str) -> None:
    """Refuse text cut short by a comma. In a YAML flow mapping an unquoted comma ends the value, so
    `{effect: penetrated, roll D66}` reads as effect 'penetrated' plus a key 'roll D66' with no value: a key with
    a space in it and no value is that mark (no table has such a key), and the error names its line."""

    def walk(node: Any, loc: tuple) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if value is None and isinstance(key, str) and " " in key.strip():
                    raise ShipyardError([Problem(where, located.line_of(loc + (key,)), field_name(loc + (key,)),
                                                 f"{key!r} has no value: a comma in unquoted text cut the text before it "
                                                 "short; put the whole text in quotes")])
                walk(value, loc + (key,))
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, loc + (i,))

    walk(located.data, ())


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
                             optional=old.optional)


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
    scenario: Any = None  # the scenario being packed, where there is one (its units' opening damage)


# ---------------------------------------------------------------------------------------------
# What every rule set's printed aids share: the pack's options, headings, side accents, the roster chart

# nation -> (accent in colour, the grey standing for it in black and white)
NATION_ACCENTS = {"Union": ("#1f3f8f", 0.15), "Confederate": ("#7a6449", 0.55), "Other": ("#3f6b4a", 0.35)}


def in_colour(ctx: Context) -> bool:
    """Whether the pack is printed in colour (the PackOptions default when there is no pack)."""
    return bool(getattr(getattr(ctx, "options", None), "colour", True))


def in_play(ctx: Context, derive: Callable[[Any, Context], Derived] | None = None,
            sides: Iterable[str] | None = None) -> list[list] | None:
    """[side, unit as of the scenario's date, its Derived] for every unit of the scenario being printed (None when
    there is none), kept on the context: the pack derives the units for the sheets, and a rule set's templates,
    gauges or quick reference then find them here rather than derive them again.

    `sides`: only those sides' units (names in any case). `derive`: every unit returned that no one has derived yet
    is derived now; without it, such a unit has None for its Derived."""
    scenario, library = getattr(ctx, "scenario", None), getattr(ctx, "library", None)
    if scenario is None or library is None:
        return None
    kept = ctx.__dict__.get("_in_play")
    if kept is None:
        kept = ctx.__dict__["_in_play"] = [[side, unit, None] for side, unit in library.scenario_units(scenario)]
    wanted = {s.lower() for s in sides} if sides is not None else None
    chosen = [entry for entry in kept if wanted is None or entry[0].lower() in wanted]
    if derive is not None:
        for entry in chosen:
            if entry[2] is None:
                entry[2] = derive(entry[1], ctx)
    return chosen


DEFAULT_TURNS = 12  # a game night's turns when neither --turns nor the scenario says


def game_turns(ctx: Context) -> int:
    """How many turns the orders logs must hold: --turns, else the scenario's `turns:`, else its `minutes:` in this rule
    set's turns (RuleSet.minutes_per_turn), else DEFAULT_TURNS."""
    chosen = getattr(getattr(ctx, "options", None), "turns", None)
    scenario = getattr(ctx, "scenario", None)
    if chosen is None:
        chosen = getattr(scenario, "turns", None)
    minutes = getattr(scenario, "minutes", None)
    if chosen is None and minutes:  # the action's length in this rule set's turns
        from . import get_ruleset
        from ..library.model import MAX_TURNS

        per = get_ruleset(ctx.tables.ruleset).minutes_per_turn if getattr(ctx.tables, "ruleset", "") else None
        if per:
            chosen = min(MAX_TURNS, max(1, math.ceil(minutes / per)))
    return int(chosen) if chosen else DEFAULT_TURNS


def user_templates(ctx: Context):
    """The user's --templates folder for this build, or None."""
    options = getattr(ctx, "options", None)
    return getattr(options, "templates_dir", None) if options is not None else None


def nation_of(who: Any) -> str:
    """'Union', 'Confederate' or 'Other' for a unit, a scenario side, a Navy or a nation name."""
    navy = getattr(who, "navy", who)
    nation = getattr(navy, "nation", navy)
    return nation if nation in NATION_ACCENTS else "Other"


def accent(who: Any, ctx: Context):
    """A side's accent for heading rules and chart series: Union blue, Confederate grey-brown; a grey in black and white."""
    colour, grey = NATION_ACCENTS[nation_of(who)]
    return colour if in_colour(ctx) else grey


def tint(colour: Any, grey: float, ctx: Context):
    """A fill: the colour in a colour pack, the grey in black and white (so nothing relies on hue)."""
    return colour if in_colour(ctx) else grey


def sheet_heading(unit: Any, derived: Derived, ctx: Context) -> tuple[str, str]:
    """The record sheet's name line and its class/type/navy line, through the (user's) Jinja templates."""
    from .. import texts

    tdir = user_templates(ctx)
    return (texts.line("sheet_heading.txt.j2", tdir, unit=unit, derived=derived),
            texts.line("sheet_subheading.txt.j2", tdir, unit=unit, derived=derived))


def heading_rule(page: Any, x: float, y: float, w: float, who: Any, ctx: Context, width: float = 0.8) -> None:
    """The coloured (or grey) rule under a sheet heading that says whose ship it is at a glance."""
    page.line(x, y, x + w, y, width=width, colour=accent(who, ctx))


def damage_done(ctx: Context, unit: Any, tracks: Iterable[str], boxes: int) -> int:
    """Boxes to print struck through on a pre-damaged copy: the scenario unit's damage for the first of `tracks`
    it names (case-insensitive), at most `boxes`. 0 on blank copies or outside a scenario."""
    if getattr(getattr(ctx, "options", None), "copies", "blank") != "pre-damaged" or ctx.scenario is None:
        return 0
    for side in ctx.scenario.sides:
        for su in side.units:
            if su.id != getattr(unit, "id", None) or not getattr(su, "damage", None):
                continue
            lost = {k.strip().lower(): v for k, v in su.damage.items()}
            for name in tracks:
                if name.lower() in lost:
                    return max(0, min(int(boxes), int(lost[name.lower()])))
    return 0


def short_name(name: str) -> str:
    """A unit's name without its service prefix, for crowded labels: 'USS Hartford' -> 'Hartford'."""
    head, _, rest = name.partition(" ")
    return rest if rest and head.isupper() and head.isalpha() and 2 <= len(head) <= 4 else name


# ranks that begin ships' names (CSS General Earl Van Dorn), shortened where a counter has no room for the whole name
RANK_ABBREVIATIONS = {"General": "Gen.", "Colonel": "Col.", "Governor": "Gov.", "Lieutenant": "Lt.", "Captain": "Capt."}


def fitting_name(name: str, fits: Callable[[str], bool]) -> str:
    """The fullest form of a unit's name that fits: without its service prefix, then with a leading rank shortened
    ('General M. Jeff Thompson' -> 'Gen. M. Jeff Thompson'); the shortest form when none fits."""
    short = short_name(name)
    head, _, rest = short.partition(" ")
    forms = [short] + ([f"{RANK_ABBREVIATIONS[head]} {rest}"] if head in RANK_ABBREVIATIONS and rest else [])
    return next((f for f in forms if fits(f)), forms[-1])


LASHED = "↳"  # before the name of a unit lashed alongside the one listed above her
LASHED_NOTE = f"{LASHED} lashed to the ship above"


def roster_order(scenario: Any, units: list[tuple]) -> list[tuple]:
    """A roster's units as (side, unit, derived, partner): each unit lashed to another (a scenario unit's
    `lashed_to`) comes right under her partner, with the partner's unit; every other unit keeps its place and has
    partner None. A consort whose partner is not in `units` (a side left out) stays where she is, unmarked."""
    lashed = {su.id: su.lashed_to for side in scenario.sides for su in side.units if su.lashed_to}
    by_id = {u.id: (side, u, d) for side, u, d in units}
    under: dict[str, list] = {}
    for side, u, d in units:
        partner = lashed.get(u.id)
        if partner in by_id and partner != u.id and by_id[partner][0] == side:
            under.setdefault(partner, []).append((side, u, d, by_id[partner][1]))
    placed = {row[1].id for rows in under.values() for row in rows}
    out: list[tuple] = []

    def put(row: tuple, seen: frozenset) -> None:
        out.append(row)
        for consort in under.get(row[1].id, []):
            if consort[1].id not in seen:
                put(consort, seen | {consort[1].id})

    for side, u, d in units:
        if u.id not in placed:
            put((side, u, d, None), frozenset({u.id}))
    # a ring of units each lashed to the next has no head: list them where they stand
    listed = {row[1].id for row in out}
    out.extend((side, u, d, None) for side, u, d in units if u.id not in listed)
    return out


def lashed_name(name: str, partner: Any) -> str:
    """A roster's name cell: 'USS Hartford', or '↳ USS Metacomet' under her partner."""
    return name if partner is None else f"{LASHED} {name}"


SIDE_MARKERS = ({"marker": "circle", "filled": True}, {"marker": "square", "filled": False},
                {"marker": "triangle", "filled": True}, {"marker": "diamond", "filled": False})


# ---------------------------------------------------------------------------------------------
# The rules engine's shared lookups: one of each, so every rule set reads its tables the same way


def is_fort(unit: Any) -> bool:
    """Whether a unit is a fort (a fort never moves, has no hull plan, takes no steering or engine hits)."""
    from ..library.model import Fort

    return isinstance(unit, Fort)


def band(rows: list, value: float, *, lower: str | None = None, upper: str | None = None, table: Table | None = None,
         or_none: bool = False) -> dict | None:
    """The one band lookup. Rows in ascending order (tables.yaml's `band:` says so and loading checks it), each
    with a bound: lower=KEY: the last row whose KEY (a lower bound) is at or below value; upper=KEY: the first row
    whose KEY (an upper limit, null = no limit) the value does not exceed. A value no row takes is an error
    (None with or_none=True: for a caller with its own words for it), never a row that does not fit."""
    name = table.name if table is not None else "?"
    if not isinstance(rows, list) or not rows or (lower is None) == (upper is None):
        raise ShipyardError(f"table {name}: expected a list of rows with {lower or upper!r}; got {rows!r}")
    key = lower or upper
    if table is not None and (("lower" if lower else "upper"), key) not in [b[:2] for b in table.bands.values()]:
        raise ShipyardError(f"table {name}: its rows are not declared bands by {key!r} (band: in tables.yaml)")

    def bound(row):
        if not isinstance(row, dict) or key not in row:
            raise ShipyardError(f"table {name}: every row needs {key!r}; got {row!r}")
        return row[key]

    if lower is not None:
        chosen = None
        for row in rows:
            if value >= float(bound(row)):
                chosen = row
    else:
        chosen = next((row for row in rows if bound(row) is None or value <= float(bound(row))), None)
    if chosen is None and not or_none:
        where = f"under {key} {bound(rows[0])}" if lower else f"over {key} {bound(rows[-1])}"
        raise ShipyardError(f"table {name} ({table.tag() if table else '?'}): {value:g} matches no row ({where})")
    return chosen


def resolve_scale(ctx: Context, factors: Any, native: str, table: Table | None = None, rules: str = "") -> tuple[float, str]:
    """The one scale resolver: (distance factor, scale) for ctx.scale from a {scale: factor} mapping, the rule
    set's native scale when none is asked for; a scale the rules do not know is a clear error."""
    scale = native if ctx.scale in (None, "native") else str(ctx.scale)
    if not isinstance(factors, dict) or not factors:
        raise ShipyardError(f"table {table.name if table else 'scales'}: expected a mapping of scale -> factor")
    if scale not in factors:
        raise ShipyardError(f"--scale {scale!r}: {rules or 'these rules'} know {', '.join(factors)}")
    return float(factors[scale]), scale


def iron_equivalent(armour: Any, materials: Table) -> tuple[float, str]:
    """Inches of iron an armour area counts as under a rule set's own `materials` table
    ({material: {per_inch}}, with a 'backing' row for the wood behind the plate), and the arithmetic in words."""
    rows = materials.rows
    material = getattr(armour.material, "value", armour.material)
    try:
        per = float(materials.need(rows, material, "{per_inch: number}")["per_inch"])
        back = float(materials.need(rows, "backing", "{per_inch: number}")["per_inch"])
    except (TypeError, KeyError, ValueError):
        raise ShipyardError(f"table {materials.name} ({materials.tag()}): every material needs per_inch, a number") from None
    value = armour.thickness_in * per + (armour.backing_in or 0.0) * back
    from ..render.text import number

    parts = [f"{number(armour.thickness_in)} in {material.replace('_', ' ')}" + (f" × {number(per, fractions=False)}" if per != 1 else "")]
    if armour.backing_in:
        parts.append(f"{number(armour.backing_in)} in wood backing × {number(back, fractions=False)}")
    arithmetic = per != 1 or bool(armour.backing_in)
    if not arithmetic and material == "iron":
        return value, f"{parts[0]} ({materials.cite()})"
    return value, " + ".join(parts) + f" = {number(round(value, 2), fractions=False)} in iron ({materials.cite()})"


# ---------------------------------------------------------------------------------------------
# Blocks every rule set's aids share


def title_block(unit: Any, derived: Derived, ctx: Context):
    """A sheet's or card's heading as a block: the name and class line from the (user's) templates, over a rule
    in the side's accent."""
    from ..render.blocks import Title

    name, sub = sheet_heading(unit, derived, ctx)
    return Title(name, sub, rule_colour=accent(unit, ctx))


def side_chart_block(scenario: Any, points: list[tuple], ctx: Context, *, x_label: str, y_label: str, title: str,
                     note: str = "", x_ticks: list | None = None, height: float = 88.0):
    """The roster's picture as a block: one point per unit, (x, y, label, side name), a series per side (filled and
    hollow markers of different shapes, in the side's accent when in colour), and a note under it. When the chart
    cannot show every unit clear of the others (render.chart.layout(...).crowded), a table of the same values."""
    from ..render.blocks import Note, Stack

    styles = {}
    for k, side in enumerate(scenario.sides):
        styles[side.name] = {**SIDE_MARKERS[k % len(SIDE_MARKERS)], "colour": accent(side, ctx) if in_colour(ctx) else None}
    return Stack([SideChart(points, styles, title, x_label, y_label, x_ticks, height), Note(note) if note else None], gap=1.0)


class SideChart:
    """The chart of a roster, or its table when the chart is too crowded to show every unit clear of the rest."""

    def __init__(self, points, styles, title, x_label, y_label, x_ticks, height):
        self.points, self.styles, self.title = points, styles, title
        self.x_label, self.y_label, self.x_ticks, self.height = x_label, y_label, x_ticks, float(height)
        self._laid: dict = {}

    def layout(self, x: float, y: float, width: float):
        from ..render.chart import layout

        return layout(x, y + 2, width, self.height - 2, self.points, x_label=self.x_label, y_label=self.y_label,
                      series_styles=self.styles, title=self.title, x_ticks=self.x_ticks, from_zero=False)

    def crowded(self, width: float) -> bool:
        key = round(width, 3)
        if key not in self._laid:
            self._laid[key] = bool(self.layout(0.0, 0.0, width).crowded)
        return self._laid[key]

    def table(self):
        """Every spot of the chart as a row: its x and y, and the units there, a column per side."""
        from ..render.blocks import Table
        from ..render.text import number

        names = {float(v): str(s) for v, s in (self.x_ticks or ())}
        sides = list(self.styles) or sorted({p[3] for p in self.points})
        spots: dict[tuple, dict] = {}
        for xv, yv, label, side in self.points:
            spots.setdefault((float(xv), float(yv)), {}).setdefault(side, []).append(str(label))
        rows = [[names.get(xv, number(xv)), number(yv), *(", ".join(at.get(s, [])) or "–" for s in sides)]
                for (xv, yv), at in sorted(spots.items(), key=lambda kv: (-kv[0][1], -kv[0][0]))]
        return Table(rows, header=[self.x_label, self.y_label, *sides], title=self.title, size=7.0,
                     widths=[0.14, 0.14, *([0.72 / max(1, len(sides))] * len(sides))],
                     align=["centre", "centre", *(["left"] * len(sides))])

    def measure(self, width: float) -> float:
        return self.table().measure(width) if self.crowded(width) else self.height

    def draw(self, page, x: float, y: float, width: float) -> float:
        from ..render.chart import draw

        if self.crowded(width):
            return self.table().draw(page, x, y, width)
        draw(page, self.layout(x, y, width))
        return self.height

    def split(self, width: float, room: float):
        return self.table().split(width, room) if self.crowded(width) else (None, self)

    def texts(self) -> list[str]:
        return [self.title]


# ---------------------------------------------------------------------------------------------
# Outcomes and trackers: what the rules can do to a unit, and where its sheet records it


@dataclass(frozen=True)
class Outcome:
    """One row of a damage, critical or event table, the tracker that records it, and which units it can befall."""

    table: str  # the key of the table in tables.yaml
    row: str  # the row's name in that table
    tracker: str  # the tracker id a sheet offers for it (see `records` in render.blocks)
    applies: str = "any"  # a condition the rule set's `applies(condition, stats)` understands


@dataclass(frozen=True)
class Trackers:
    """A rule set's outcome -> tracker mapping (trackers.yaml beside tables.yaml): every outcome its tables can
    inflict names the tracker that records it, and `trackers` says what each tracker is."""

    outcomes: tuple[Outcome, ...]
    trackers: dict[str, str]  # id -> what it is, in the game's words

    def for_unit(self, applies: Callable[[str, Any], bool], stats: Any) -> set[str]:
        """The tracker ids a unit's sheet must carry."""
        return {o.tracker for o in self.outcomes if applies(o.applies, stats)}


def load_trackers(path: Path) -> Trackers:
    """Read trackers.yaml: `trackers: {id: what}` and `outcomes: [{table, row, tracker, applies}]`; every outcome's
    tracker must be described, and every described tracker used by an outcome."""
    located = read_yaml(path)
    data = located.data if isinstance(located.data, dict) else {}
    described = {str(k): str(v) for k, v in (data.get("trackers") or {}).items()}
    outcomes = tuple(Outcome(str(o["table"]), str(o["row"]), str(o["tracker"]), str(o.get("applies", "any")))
                     for o in data.get("outcomes") or [])
    unknown = sorted({o.tracker for o in outcomes} - set(described))
    unused = sorted(set(described) - {o.tracker for o in outcomes})
    if unknown or unused:
        raise ShipyardError([Problem(display_path(path), None, "trackers",
                                     f"outcomes name trackers not described: {unknown}" if unknown
                                     else f"trackers no outcome uses: {unused}")])
    return Trackers(outcomes, described)


def unit_condition(condition: str, *, fort: bool, armed: bool) -> bool:
    """The conditions a trackers.yaml outcome may name that every rule set shares: any, ship (a vessel), fort,
    armed (has a gun or a cannonade factor). A rule set's `applies` passes its stats' answers."""
    known = {"any": True, "ship": not fort, "fort": fort, "armed": armed}
    if condition not in known:
        raise ValueError(f"trackers.yaml: unknown condition {condition!r} (expected {', '.join(known)})")
    return known[condition]
