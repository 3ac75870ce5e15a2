"""The sections of a pack, every one behind one signature: `section.draw(doc, job)`.

A rule set prints its aids through its own module's entry points, each drawn from one Job the same way
(rules.contract.AIDS), so the build, the culprit search and any later caller (the web app) treat every
section alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules.contract import AIDS, Job

__all__ = ["Job", "Section", "SECTIONS", "BY_NAME", "TITLES"]


@dataclass(frozen=True)
class Section:
    name: str  # the option that turns it off: --no counters
    title: str  # its bookmark and contents line
    aid: str  # the printed aid (rules.contract.AIDS), by its entry point in the rule set's aids module
    per_unit: bool = True  # a failure may be one unit's
    generic: str | None = None  # a section every rule set shares (module:function drawing it from a Job), not an aid

    def offered_by(self, aids, scenario=None) -> bool:
        if self.generic is not None:  # the set-up pages: where the scenario has a set-up
            return getattr(scenario, "setup", None) is not None
        return callable(getattr(aids, self.aid, None))

    def draw(self, doc, job: Job, aids, **choices) -> None:
        """Draw the section; `choices`: an aid's own (counters' fold or backs, Job's fields) where it is printed
        alone."""
        job = replace(job, **choices) if choices else job
        if self.generic is not None:
            import importlib

            module, _, name = self.generic.partition(":")
            getattr(importlib.import_module(module), name)(doc, job)
            return
        AIDS[self.aid][1](getattr(aids, self.aid), doc, job)


SECTIONS: tuple[Section, ...] = (
    Section("setup", "Set-up and table plan", "setup", per_unit=False, generic="shipyard.pack.setup_page:draw_setup"),
    Section("roster", "Fleet rosters", "roster"),
    Section("sheets", "Record sheets", "sheets"),
    Section("templates", "Templates and gauges", "templates", per_unit=False),
    Section("counters", "Counters and markers", "counters"),
    Section("reference", "Quick reference", "quick_reference"),
)

BY_NAME = {s.name: s for s in SECTIONS}
TITLES = {s.name: s.title for s in SECTIONS}
