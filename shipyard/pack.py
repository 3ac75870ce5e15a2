"""A whole game night in one command: cover, rosters, sheets, templates, counters and reference per rule set.

The pack knows scenarios and the order of a game pack; each rule set draws its own pages through
its aids module, and the render layer knows only paper.
"""

from __future__ import annotations

import re
import time
import unicodedata
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
    """Build one rule set's pack for a scenario; returns where it went and how many pages.

    Any failure leaves no file behind (the Document writes atomically) and is reported as a
    ShipyardError naming the rule set, the section and, where one unit is to blame, that unit.
    """
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
            units.append((side, unit, derive_unit(ruleset, library, unit, ctx)))
    aids = ruleset.aids()
    out_dir = Path(options.output_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ShipyardError([Problem(display_path(out_dir), None, None, "the output folder is a file; give -o a folder")])
    out = out_dir / f"{_safe_name(scenario.id)}-{ruleset.key}.pdf"
    plan = [name for name in SECTIONS if getattr(options, name) and hasattr(aids, _AID[name])]
    where = "cover"
    try:
        with Document(
            out, paper=options.paper, title=f"{scenario.name}: {ruleset.title}",
            subject=f"Game pack for {scenario.name} under {ruleset.title}",
            footer=f"{scenario.name} · {ruleset.title}",
        ) as doc:
            cover(doc, scenario, ruleset, sides, plan, options)
            for name in plan:
                where = name
                step(f"{ruleset.title}: {name}")
                doc.section(_TITLE[name])
                _draw(name, getattr(aids, _AID[name]), doc, scenario, units, ctx)
            where = "writing"
    except (KeyboardInterrupt, SystemExit):
        raise
    except OSError as exc:
        raise ShipyardError([Problem(display_path(exc.filename or out), None, None,
                                     f"cannot write the pack: {exc.strerror or exc}")]) from exc
    except Exception as exc:
        label = f"{ruleset.title}: {_TITLE.get(where, where).lower()}"
        if where == "cover":
            raise scenario_failure(library, scenario, label, exc) from exc
        if where in _PER_UNIT:
            culprit = _culprit(where, getattr(aids, _AID[where]), scenario, units, ctx, options)
            if culprit is not None:
                unit, first = culprit
                raise unit_failure(library, unit, label, first) from exc
        if where in ("cover", "roster"):  # no unit to blame: the scenario's own text is drawn here
            raise scenario_failure(library, scenario, label, exc) from exc
        raise ShipyardError(f"{label}: {_describe(exc)}") from exc
    return Built(out, doc.page_count, ruleset.key, time.perf_counter() - started)


_PER_UNIT = ("roster", "sheets", "counters", "reference")


def _draw(name: str, fn, doc, scenario, units, ctx) -> None:
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


def _culprit(name: str, fn, scenario, units, ctx, options):
    """Draw a failed section again, one unit at a time, into throwaway files, to find the unit to blame.

    Returns (unit, its error) for the first unit that fails on its own while another unit (or, with one
    unit, an empty list) draws cleanly; None when every unit fails alike: then the section as a whole
    (the scenario's text, the rule set's own pages) is at fault, not a unit.
    """
    import tempfile

    from .render import Document

    def fails(items) -> BaseException | None:
        try:
            with Document(Path(tmp) / "dry-run.pdf", paper=options.paper, footer="dry run") as doc:
                _draw(name, fn, doc, scenario, items, ctx)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            return exc
        return None

    with tempfile.TemporaryDirectory(prefix="shipyard-dry-run-") as tmp:
        first, clean = None, False
        for item in units:
            exc = fails([item])
            if exc is None:
                clean = True
            elif first is None:
                first = (item[1], exc)
            if first is not None and clean:
                return first
        if first is not None and len(units) == 1 and fails([]) is None:
            return first
    return None


def _describe(exc: BaseException) -> str:
    """A user's mistake (ShipyardError, ValueError) as its message; anything else as a bug to report."""
    if isinstance(exc, (ShipyardError, ValueError)):
        return str(exc)
    return f"internal error {type(exc).__name__}: {exc} (a bug in shipyard; SHIPYARD_DEBUG=1 shows the traceback)"


_CODEPOINT = re.compile(r"U\+([0-9A-F]{4,6})")


def _field_with(data, char: str, prefix: tuple = ()) -> tuple | None:
    """The path of the first string in data holding char."""
    if isinstance(data, str):
        return prefix if char in data or char in unicodedata.normalize("NFC", data) else None
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found = _field_with(value, char, prefix + (key,))
        if found is not None:
            return found
    return None


def _where(entry, obj, exc: BaseException) -> tuple[str, int | None, str | None]:
    """File, line and field of the object an error is about; the field holding the character a font lacks."""
    file = display_path(entry.path) if entry is not None else ""
    line, field_name = None, None
    m = _CODEPOINT.search(str(exc))
    if m and entry is not None:
        data = obj.model_dump(mode="json", by_alias=True, exclude_none=True)
        loc = _field_with(data, chr(int(m.group(1), 16)))
        if loc is not None:
            line = entry.located.line_of(loc)
            field_name = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
    return file, line, field_name


def derive_unit(ruleset, library, unit, ctx):
    """ruleset.derive(unit, ctx), with any failure reported against the unit (name, id, file) and the rule set."""
    try:
        return ruleset.derive(unit, ctx)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        raise unit_failure(library, unit, f"{ruleset.title}: deriving the stats", exc) from exc


def unit_failure(library, unit, label: str, exc: BaseException) -> ShipyardError:
    """A ShipyardError naming the unit (name and id), its file, and what was being done."""
    file, line, field_name = _where(getattr(library, "origin", {}).get(unit.id), unit, exc)
    return ShipyardError([Problem(file, line, field_name, f"{label}: {unit.name} ({unit.id}) failed: {_describe(exc)}")])


def scenario_failure(library, scenario, label: str, exc: BaseException) -> ShipyardError:
    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    file, line, field_name = _where(entry, scenario, exc)
    return ShipyardError([Problem(file, line, field_name, f"{label}: scenario {scenario.name} ({scenario.id}): {_describe(exc)}")])


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
