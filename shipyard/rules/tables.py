"""A rule set's tables as data: tables.yaml read and checked (its bands in order, no text cut short by a comma),
each table with its provenance, so every value read from one can cite it. House rules: house_rules.py."""

from __future__ import annotations

import marshal
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import Problem, ShipyardError, display_path
from ..library.yamlfile import read_yaml
from .derived import Provenance, PROVENANCES, Cite, _split


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
    bundled: Any = None  # a house-ruled table's rows as tables.yaml has them (None: rows are those): what it set aside
    _places: dict | None = field(default=None, repr=False, compare=False)  # where each row stands: see cite()
    _cites: dict = field(default_factory=dict, repr=False, compare=False)  # each Cite made, by row: see cite()

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
        # a derive cites some 5,600 times a pack, mostly the same rows: each Cite (frozen) is made once per table, for
        # a place named by text or number and for a row of this table's own (its id stays its own while the table
        # lives; a row from elsewhere is cited afresh, as its id may later be another's)
        plain = row is None or isinstance(row, (str, int)) and not isinstance(row, bool)
        key = (type(row), row) if plain else id(row)
        made = self._cites.get(key)
        if made is not None:
            return made
        if plain:
            made = self._cites[key] = Cite(self.name, None if row is None else str(row), self.tag())
            return made
        if self._places is None:
            self._places = _places(self.rows)
        place = self._places.get(id(row))
        made = Cite(self.name, place, self.tag(row))
        if place is not None:
            self._cites[key] = made
        return made

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

    def readings(self) -> list[dict]:
        """The reconstructions rows as this pack plays them, house rules included (readings.played)."""
        from .readings import played

        return played(self)

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
    tables = _bundled_tables(Path(path), ruleset_keys)
    if house_rules is not None:
        from .house_rules import apply_house_rules

        apply_house_rules(tables, house_rules, ruleset_keys)
    return tables


# A pack reads its rule set's tables several times (a context for each section, a card's settings for
# each start speed) and a test run some thousands of times. Each tables.yaml read and checked is kept here by its
# bytes: a file edited since is read and checked again. Every load hands out a copy of its own, unmarshalled from the
# kept checked data, so what one caller changes in the Tables it got, no other load sees. House rules are never
# kept: they are read and laid over that copy on every load, so a house-rules file edited between two commands of
# the web server is seen by the next.
_CHECKED: dict[tuple, bytes] = {}  # (path, digest of its bytes, rule set keys) -> marshalled tables
_CHECKED_MOST = 16  # tables files kept at most (the bundled rule sets, a test's own): past it, the oldest goes
_CHECKED_LOCK = threading.Lock()


def _bundled_tables(path: Path, ruleset_keys: tuple[str, ...]) -> Tables:
    """A tables.yaml read and checked as load_tables does it, without house rules: a fresh copy each call."""
    from ..library.library import file_digest  # (the library's own: read again only when the file's stat moves)

    try:
        digest = file_digest(str(path))
    except OSError:  # gone or unreadable: read_yaml says so in the user's words
        return _read_tables(path, ruleset_keys)
    key = (str(path.resolve()), digest, ruleset_keys)
    kept = _CHECKED.get(key)
    if kept is not None:
        return _from_checked(marshal.loads(kept), ruleset_keys)
    tables = _read_tables(path, ruleset_keys)
    try:
        kept = marshal.dumps([(t.name, t.provenance, t.rows, t.note, t.bands, t.optional) for t in tables.values()])
    except ValueError:
        return tables  # a value marshal cannot copy (no bundled table has one): read the file again next time
    with _CHECKED_LOCK:  # the web server's threads may make room at once
        while len(_CHECKED) >= _CHECKED_MOST:
            del _CHECKED[next(iter(_CHECKED))]
        _CHECKED[key] = kept
    return _from_checked(marshal.loads(kept), ruleset_keys)


def _from_checked(checked: list, ruleset_keys: tuple[str, ...]) -> Tables:
    tables = Tables()
    tables.ruleset = ruleset_keys[0] if ruleset_keys else ""
    for name, provenance, rows, note, bands, optional in checked:
        tables[name] = Table(name, provenance, rows, note, bands=bands, optional=optional)
    return tables


def _read_tables(path: Path, ruleset_keys: tuple[str, ...]) -> Tables:
    """tables.yaml read and every table checked (a table's keys, its bands in order, no text cut short)."""
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
