"""A whole game night in one command: cover, rosters, sheets, templates, counters and reference per rule set.

The pack knows scenarios and the order of a game pack; each rule set draws its own pages through
its aids module, and the render layer knows only paper.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .spec.errors import Problem, ShipyardError, display_path

SECTIONS = ("roster", "sheets", "templates", "counters", "reference")


class PackOptions(BaseModel):
    """Every choice a pack build takes, as one model a user can save as a preset and reuse."""

    model_config = ConfigDict(extra="forbid")

    rules: list[str] = Field(default_factory=lambda: ["smoke-on-the-water", "saunders", "really-simple", "quick-play"])
    paper: Literal["a4", "letter"] = "a4"
    scale: Literal["1/600", "1/1200"] | None = None
    colour: bool = True
    copies: Literal["blank", "pre-damaged"] = "blank"
    sides: list[str] = Field(default_factory=list, description="only these sides' units (empty: all)")
    roster: bool = True
    sheets: bool = True
    templates: bool = True
    counters: bool = True
    reference: bool = True
    output_dir: Path = Path("output")
    templates_dir: Path | None = None
    house_rules: Path | None = None

    @classmethod
    def load(cls, path: Path) -> "PackOptions":
        from .spec.library import problems_from_validation
        from .spec.yamlfile import read_yaml

        located = read_yaml(path)
        if not isinstance(located.data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "a preset is a mapping of pack options")])
        try:
            return cls.model_validate(located.data)
        except ValidationError as exc:
            raise ShipyardError(problems_from_validation(exc, located, path, cls)) from None

    def save(self, path: Path) -> None:
        import yaml

        from .render.atomic import atomic_write_text

        data = self.model_dump(mode="json", exclude_none=True)
        atomic_write_text(Path(path), yaml.safe_dump(data, sort_keys=False))


@dataclass
class Built:
    path: Path
    pages: int
    ruleset: str
    seconds: float


def _safe_name(text: str) -> str:
    keep = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text.lower())
    return "-".join(p for p in keep.split("-") if p) or "pack"


def build_pack(library, scenario, ruleset, options: PackOptions, step: Callable[[str], None] | None = None) -> Built:
    """Build one rule set's pack for a scenario; returns where it went and how many pages."""
    from .render import Document

    started = time.perf_counter()
    step = step or (lambda _msg: None)
    ctx = ruleset.context(library, options.house_rules, options.scale)
    ctx.options = options
    wanted = {s.lower() for s in options.sides}
    sides = [s for s in scenario.sides if not wanted or s.name.lower() in wanted]
    if wanted and not sides:
        raise ShipyardError(f"--side: no side named {', '.join(options.sides)}; sides are {', '.join(s.name for s in scenario.sides)}")
    units = []
    for side, unit in library.scenario_units(scenario):
        if any(s.name == side for s in sides):
            try:
                units.append((side, unit, ruleset.derive(unit, ctx)))
            except ShipyardError as exc:
                raise ShipyardError(f"{unit.name} ({unit.id}): {exc}") from None
    aids = ruleset.aids()
    out = Path(options.output_dir) / f"{_safe_name(scenario.id)}-{ruleset.key}.pdf"
    plan = [name for name in SECTIONS if getattr(options, name) and hasattr(aids, _AID[name])]
    with Document(
        out, paper=options.paper, title=f"{scenario.name}: {ruleset.title}",
        subject=f"Game pack for {scenario.name} under {ruleset.title}",
        footer=f"{scenario.name} · {ruleset.title}",
    ) as doc:
        cover(doc, scenario, ruleset, sides, plan, options)
        for name in plan:
            step(f"{ruleset.title}: {name}")
            doc.section(_TITLE[name])
            fn = getattr(aids, _AID[name])
            if name == "roster":
                fn(doc, scenario, units, ctx)
            elif name == "sheets":
                fn(doc, [(u, d) for _, u, d in units], ctx)
            elif name == "templates":
                fn(doc, ctx)
            elif name == "counters":
                fn(doc, units, ctx)
            else:
                fn(doc, [d for _, _, d in units], ctx)
    return Built(out, doc.page_count, ruleset.key, time.perf_counter() - started)


_AID = {"roster": "roster", "sheets": "sheets", "templates": "templates", "counters": "counters", "reference": "quick_reference"}
_TITLE = {
    "roster": "Fleet rosters", "sheets": "Record sheets", "templates": "Templates and gauges",
    "counters": "Counters and markers", "reference": "Quick reference",
}


def cover(doc, scenario, ruleset, sides, plan, options) -> None:
    """The first page: the scenario, its sides and commanders, victory notes and the contents."""
    from . import texts

    page = doc.new_page(bookmark="Cover")
    box = doc.content
    x, y = box.x, box.y + 12
    heading = texts.line("cover_title.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    page.fit_text(x, y, heading, box.w, size=22, weight="bold")
    y += 9
    sub = texts.line("cover_subtitle.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    page.fit_text(x, y, sub, box.w, size=12)
    y += 12
    for side in sides:
        page.text(x, y, side.name, size=13, weight="bold")
        y += 6
        if side.commander:
            y = page.wrap_text(x + 4, y, f"Commander: {side.commander}", box.w - 8, size=10)
        count = len(side.units)
        page.text(x + 4, y, f"{count} unit{'s' if count != 1 else ''}", size=10)
        y += 5
        if side.victory:
            y = page.wrap_text(x + 4, y, f"Victory: {side.victory}", box.w - 8, size=10) + 2
        y += 4
    if scenario.notes:
        page.text(x, y, "About the battle", size=13, weight="bold")
        y = page.wrap_text(x, y + 6, " ".join(scenario.notes.split()), box.w, size=10) + 6
    page.text(x, y, "Contents", size=13, weight="bold")
    y += 6
    for name in plan:
        page.text(x + 4, y, _TITLE[name], size=10)
        y += 5
    y += 4
    page.wrap_text(
        x, y,
        f"Paper: {options.paper.upper()}. Print at 100 % / Actual size: turn off 'fit to page'. "
        "Every template page carries a 100 mm calibration bar: measure it before you cut.",
        box.w, size=9,
    )
