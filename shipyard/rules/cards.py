"""A unit's stat card under one rule set: its figures in the words and order of the rule set's own record sheet, each
with what it does in play and the reasons it has its value (the Derived's reasons for the values it shows).

A rule set says how its card reads in a `card.py` beside its sheet.py, `card(unit, d, ctx) -> Card`, taking the labels
and the values as printed from the sheet's own helpers, so the card and the sheet cannot drift apart. A rule set
without one (a rule set of your own) gets a plain card of its derived values (`plain_card`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from ..render.text import number
from .derived import Derived, Reason

# What the word in a reason's brackets says of the table it names: "(hull, reconstructed)"
PROVENANCE_WORDS = {
    "source": "the rulebook's own figure",
    "example": "read from one of the rulebook's worked examples",
    "reconstructed": "shipyard's reading where the rulebook's table is lost",
    "house rule": "your house rules changed it",
}


@dataclass(frozen=True)
class Because:
    """One value behind a card's line and why it is so: what it is ('strength'), the reason's words, where from."""

    what: str
    reason: Reason

    @property
    def words(self) -> str:
        """The reason as a player reads it: a table's key in plain words ('(gun_sizes, reconstructed)' reads
        '(gun sizes, reconstructed)'); `shipyard explain` keeps the keys, to find the table in tables.yaml."""
        return str(self.reason).replace("_", " ")


@dataclass(frozen=True)
class Line:
    """A figure as the sheet prints it: its label, its value, what it does in play and why it has that value."""

    label: str
    value: str
    does: str = ""
    why: tuple[Because, ...] = ()


@dataclass
class Section:
    title: str
    lines: list[Line] = field(default_factory=list)


@dataclass
class Card:
    """A unit's card under one rule set: its sections (the head boxes, then damage, armour, guns ...) in sheet order."""

    rules: str  # the rule set's key
    title: str  # the rule set's name
    sections: list[Section] = field(default_factory=list)

    def lines(self) -> list[tuple[str, Line]]:
        """(section title, line) for every line, in order."""
        return [(s.title, line) for s in self.sections for line in s.lines]

    def value(self, label: str, section: str | None = None) -> str | None:
        """The value of the first line so labelled (in that section), None if the card has none."""
        for title, line in self.lines():
            if line.label == label and (section is None or title == section):
                return line.value
        return None


def text(value: Any) -> str:
    """A value as a sheet prints it: numbers as the sheets set them (13½), yes/no, lists joined."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(text(v) for v in value) or "–"
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {text(v)}" for k, v in value.items()) or "–"
    return str(value)


def words(key: str) -> str:
    """A key of the stats in plain words: 'fire_factor' -> 'fire factor'."""
    return str(key).replace("_", " ")


class Builder:
    """Lines gathered for a card from one Derived: `line(label, value, does, *paths)` takes the reasons of the paths
    (a path stands for itself and everything under it: 'armour' for 'armour.bow', 'guns[0]' for 'guns[0].count')."""

    def __init__(self, d: Derived, ruleset):
        self.d = d
        self.ruleset = ruleset
        self.card = Card(ruleset.key, ruleset.title)
        self._under: dict[str, list[str]] = {}  # a path -> the reasons' paths it stands for, in derive order
        for key in d.reasons:
            for end in [i for i, ch in enumerate(key) if ch in ".["] + [len(key)]:
                self._under.setdefault(key[:end], []).append(key)

    def tracked(self, tracker: str) -> str:
        """What a tracker of the sheet is and how it is marked, in the rule set's trackers.yaml words ('' if none)."""
        return self.ruleset.trackers().trackers.get(tracker, "")

    def section(self, title: str) -> Section:
        s = Section(title)
        self.card.sections.append(s)
        return s

    def why(self, *paths: str) -> tuple[Because, ...]:
        out: list[Because] = []
        for path in paths:
            for key in self._under.get(path, ()):
                rest = key[len(path):].lstrip(".")
                out.append(Because(words(_last(rest or key)), self.d.reasons[key]))
        return tuple(dict.fromkeys(out))

    def line(self, section: Section, label: str, value: Any, does: str = "", *paths: str) -> Line:
        made = Line(label.replace("- ", ""), text(value), does, self.why(*paths))
        section.lines.append(made)
        return made


def _last(path: str) -> str:
    """'guns[0].fire_factor' -> 'fire_factor'; 'speed_thresholds[1]' -> 'speed_thresholds'."""
    return path.split(".")[-1].split("[")[0]


def plain_card(unit, d: Derived, ruleset) -> Card:
    """The card of a rule set that has no card.py: every derived value under its name in plain words."""
    b = Builder(d, ruleset)
    s = b.section("Statistics")
    for path, value, reason in d.explanation():
        b.line(s, words(path.replace("[", " ").replace("]", "").replace(".", " ")), value, "", path)
    return b.card


def card_of(ruleset, unit, d: Derived, ctx) -> Card:
    """A unit's stat card under a rule set: its own card.py's, else the plain one."""
    try:
        module = importlib.import_module(ruleset.package + ".card")
    except ModuleNotFoundError as exc:
        if exc.name != ruleset.package + ".card":
            raise
        return plain_card(unit, d, ruleset)
    return module.card(unit, d, ctx, Builder(d, ruleset))
