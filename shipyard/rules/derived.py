"""A unit's derived values under one rule set: its typed Stats model, and a reason for each value saying where
it came from (a table's row, a field of the historical record, or a formula over them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict

from ..errors import ShipyardError


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
    _take(found, sources)
    return Reason(str(words), tuple(found))


_RECORDED: dict[str, Recorded] = {}  # a record field named as text -> its Recorded, made once (frozen)
RECORDED_AT_MOST = 10_000  # fields kept (a derive names a few hundred); past it, made afresh


def recorded(field_name: str) -> Recorded:
    """The Recorded of a field named as text ('Vessel.length_ft'): the same one each time it is named."""
    made = _RECORDED.get(field_name)
    if made is None:
        if len(_RECORDED) >= RECORDED_AT_MOST:
            _RECORDED.clear()
        made = _RECORDED[field_name] = Recorded(field_name)
    return made


def _take(found: dict, items: Iterable) -> None:
    # a derive calls `because` for every value of every unit (some 9,000 times a pack): the exact types first, by
    # identity, before the isinstance checks that a subclass or a nested list of sources needs; a field named as text
    # is the same Recorded each time (10 % of a derive was making them anew)
    for source in items:
        kind = type(source)
        if kind is str:
            found[recorded(source)] = None
        elif kind is Cite or kind is Recorded or kind is Formula:
            found[source] = None
        elif kind is Reason:
            found.update(dict.fromkeys(source.sources))
        elif isinstance(source, (Cite, Recorded, Formula)):
            found[source] = None
        elif isinstance(source, Reason):
            found.update(dict.fromkeys(source.sources))
        elif isinstance(source, str):
            found[recorded(str(source))] = None
        elif source is not None:
            _take(found, source)


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
