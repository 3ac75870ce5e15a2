"""The sections of a pack, every one behind one signature: `section.draw(doc, job)`.

A rule set prints its aids through its own module's entry points (`roster`, `sheets`, `templates`,
`counters`, `quick_reference`), each with the arguments it needs; a Section adapts one of them to the
pack's single call, so the build, the culprit search and any later caller (the web app) treat every
section alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Job:
    """What a section may draw from: the scenario, its units as (side, unit, derived), the derivation context."""

    scenario: Any
    units: list[tuple[str, Any, Any]]
    ctx: Any

    def only(self, items: list[tuple[str, Any, Any]]) -> "Job":
        """The same job for some of its units (to find which one a failure belongs to)."""
        return Job(self.scenario, items, self.ctx)


@dataclass(frozen=True)
class Section:
    name: str  # the option that turns it off: --no counters
    title: str  # its bookmark and contents line
    aid: str  # the entry point in the rule set's aids module
    call: Callable[[Callable, Any, Job], None] = field(compare=False)
    per_unit: bool = True  # a failure may be one unit's

    def offered_by(self, aids) -> bool:
        return callable(getattr(aids, self.aid, None))

    def draw(self, doc, job: Job, aids) -> None:
        self.call(getattr(aids, self.aid), doc, job)


SECTIONS: tuple[Section, ...] = (
    Section("roster", "Fleet rosters", "roster", lambda fn, doc, job: fn(doc, job.scenario, job.units, job.ctx)),
    Section("sheets", "Record sheets", "sheets", lambda fn, doc, job: fn(doc, [(u, d) for _, u, d in job.units], job.ctx)),
    Section("templates", "Templates and gauges", "templates", lambda fn, doc, job: fn(doc, job.ctx), per_unit=False),
    Section("counters", "Counters and markers", "counters", lambda fn, doc, job: fn(doc, job.units, job.ctx)),
    Section("reference", "Quick reference", "quick_reference",
            lambda fn, doc, job: fn(doc, [d for _, _, d in job.units], job.ctx)),
)

BY_NAME = {s.name: s for s in SECTIONS}
TITLES = {s.name: s.title for s in SECTIONS}
