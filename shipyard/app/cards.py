"""Stat cards: a unit's figures under each rule set in the words of its record sheet (rules.cards), and two cards
side by side — two ships, or one ship on two dates — with the lines that differ marked. The ship page, the editor
and the compare page show them; anything else that wants a ship's figures in the game's words calls here."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.cards import PROVENANCE_WORDS, Card, Line, card_of  # noqa: F401  (PROVENANCE_WORDS: the pages' legend)
from .library import as_of, context, derive, ruleset, rulesets


def stat_card(rs, library, unit, derived=None, scale: str | None = None, ctx=None) -> Card:
    """One unit's card under one rule set (`derived`: her stats already derived at that scale, else derived here;
    `ctx`: the rule set's context at that scale, where the caller keeps one)."""
    ctx = ctx if ctx is not None else context(rs, library, scale=scale)
    return card_of(rs, unit, derived if derived is not None else derive(rs, library, unit, ctx), ctx)


def stat_cards(library, unit, derived: dict | None = None, contexts: dict | None = None) -> dict[str, Card]:
    """Her card under every rule set, by rule set key (`derived`: her stats by key, where already derived;
    `contexts`: each rule set's context by key, where the caller keeps them: the editor's check at each keystroke)."""
    return {rs.key: stat_card(rs, library, unit, (derived or {}).get(rs.key), ctx=(contexts or {}).get(rs.key))
            for rs in rulesets()}


@dataclass(frozen=True)
class Row:
    """A line of two cards side by side: the section, the label, each card's line (None where it has none) and
    whether the values differ."""

    section: str
    label: str
    a: Line | None
    b: Line | None

    @property
    def differs(self) -> bool:
        return (self.a.value if self.a else None) != (self.b.value if self.b else None)


@dataclass(frozen=True)
class Side:
    """One side of a comparison: the unit as of a date (None: as the library holds her) and her card."""

    unit: object
    when: str | None
    card: Card


@dataclass(frozen=True)
class Comparison:
    rules: str
    title: str
    a: Side
    b: Side
    rows: list[Row]

    @property
    def differences(self) -> int:
        return sum(r.differs for r in self.rows)

    def to_json(self) -> dict:
        """The comparison as `shipyard compare --json` prints it: each side, and each line with both values."""
        side = lambda s: {"id": s.unit.id, "name": s.unit.name, "as_of": s.when}  # noqa: E731
        return {"rules": self.rules, "a": side(self.a), "b": side(self.b), "differences": self.differences,
                "rows": [{"section": r.section, "label": r.label, "a": r.a.value if r.a else None,
                          "b": r.b.value if r.b else None, "differs": r.differs} for r in self.rows]}


def compare(library, rules: str, a: str, b: str, when_a: str | None = None, when_b: str | None = None,
            date_names: tuple[str, str] = ("--as-of", "--as-of"), scale: str | None = None) -> Comparison:
    """Two units (or one on two dates) under one rule set, their cards' lines paired by section and label in card
    order (a line only one has is paired with nothing); a unit is named as everywhere else (id or part of a name)."""
    rs = ruleset(rules)
    sides = []
    for name, when, called in ((a, when_a, date_names[0]), (b, when_b, date_names[1])):
        unit = as_of(library, library.find(name), when or None, called)
        sides.append(Side(unit, when or None, stat_card(rs, library, unit, scale=scale)))
    return Comparison(rs.key, rs.title, sides[0], sides[1], pair(sides[0].card, sides[1].card))


def pair(a: Card, b: Card) -> list[Row]:
    """The lines of two cards side by side: same section and label paired, a repeated label (a gun on each side)
    paired in turn; the lines only `b` has come after `a`'s in their section."""
    def keyed(card: Card) -> dict[tuple[str, str, int], Line]:
        seen: dict[tuple[str, str], int] = {}
        out = {}
        for section, line in card.lines():
            n = seen[(section, line.label)] = seen.get((section, line.label), -1) + 1
            out[(section, line.label, n)] = line
        return out

    ka, kb = keyed(a), keyed(b)
    order = list(ka)
    for key in kb:  # b's own lines after the last of a's in the same section, else at the end
        if key in ka:
            continue
        last = max((i for i, k in enumerate(order) if k[0] == key[0]), default=len(order) - 1)
        order.insert(last + 1, key)
    return [Row(s, label, ka.get((s, label, n)), kb.get((s, label, n))) for s, label, n in order]
