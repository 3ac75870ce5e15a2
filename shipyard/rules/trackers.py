"""Outcomes and trackers: what the rules can do to a unit (a row of a damage, critical or event table), and the
tracker on its sheet that records it (trackers.yaml beside a rule set's tables.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import Problem, ShipyardError, display_path
from ..library.yamlfile import read_yaml


@dataclass(frozen=True)
class Outcome:
    """One row of a damage, critical or event table, the tracker that records it, and which units it can befall."""

    table: str  # the key of the table in tables.yaml
    row: str  # the row's name in that table
    tracker: str  # the tracker id a sheet offers for it (see `records` in render.tags)
    applies: str = "any"  # a condition the rule set's `applies(condition, stats)` understands


@dataclass(frozen=True)
class Trackers:
    """A rule set's outcome -> tracker mapping (trackers.yaml beside tables.yaml): every outcome its tables can
    inflict names the tracker that records it, and `trackers` says what each tracker is."""

    outcomes: tuple[Outcome, ...]
    trackers: dict[str, str]  # id -> what it is, in the game's words
    out: tuple[str, ...] = ()  # the trackers whose box, marked, puts a unit out of the fight (sunk, struck, silenced)

    def for_unit(self, applies: Callable[[str, Any], bool], stats: Any) -> set[str]:
        """The tracker ids a unit's sheet must carry."""
        return {o.tracker for o in self.outcomes if applies(o.applies, stats)}


def load_trackers(path: Path) -> Trackers:
    """Read trackers.yaml: `trackers: {id: what}`, `outcomes: [{table, row, tracker, applies}]` and `out: [id]` (the
    boxes that end a unit's fight); every outcome's tracker must be described, and every described tracker used by
    an outcome."""
    located = read_yaml(path)
    data = located.data if isinstance(located.data, dict) else {}
    described = {str(k): str(v) for k, v in (data.get("trackers") or {}).items()}
    outcomes = tuple(Outcome(str(o["table"]), str(o["row"]), str(o["tracker"]), str(o.get("applies", "any")))
                     for o in data.get("outcomes") or [])
    out = tuple(str(t) for t in data.get("out") or ())
    unknown = sorted({o.tracker for o in outcomes} - set(described))
    unused = sorted(set(described) - {o.tracker for o in outcomes})
    if unknown or unused:
        raise ShipyardError([Problem(display_path(path), None, "trackers",
                                     f"outcomes name trackers not described: {unknown}" if unknown
                                     else f"trackers no outcome uses: {unused}")])
    if set(out) - set(described):
        raise ShipyardError([Problem(display_path(path), None, "out",
                                     f"names trackers not described: {sorted(set(out) - set(described))}")])
    return Trackers(outcomes, described, out)


def unit_condition(condition: str, *, fort: bool, armed: bool) -> bool:
    """The conditions a trackers.yaml outcome may name that every rule set shares: any, ship (a vessel), fort,
    armed (has a gun or a cannonade factor). A rule set's `applies` passes its stats' answers."""
    known = {"any": True, "ship": not fort, "fort": fort, "armed": armed}
    if condition not in known:
        raise ValueError(f"trackers.yaml: unknown condition {condition!r} (expected {', '.join(known)})")
    return known[condition]
