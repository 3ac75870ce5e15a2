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
    ctx.scenario = scenario
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
            footer=_footer(scenario.name, ruleset.title, options.paper),
        ) as doc:
            cover(doc, scenario, ruleset, sides, plan, options, scale=ctx.scale)
            for name in plan:
                where = name
                step(f"{ruleset.title}: {name}")
                doc.section(_TITLE[name])
                doc.resolve(f"section:{name}", str(doc.page_count + 1))
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
                # the unit failed alone; but the text at fault may be its side's or the scenario's
                in_unit, in_scenario = _blame(unit, first), _blame(scenario, first)
                if in_scenario[1] > in_unit[1]:
                    raise scenario_failure(library, scenario, label, first, in_scenario[0]) from exc
                raise unit_failure(library, unit, label, first) from exc
        if where in ("cover", "roster"):  # no unit to blame: the scenario's own text is drawn here
            raise scenario_failure(library, scenario, label, exc) from exc
        raise ShipyardError(f"{label}: {_describe(exc)}") from exc
    return Built(out, doc.page_count, ruleset.key, time.perf_counter() - started)


def _footer(name: str, title: str, paper: str) -> str:
    """'scenario · rule set', the scenario's name cut short with '…' so that the footer line with
    'page 9999 of 9999' after it stays inside the margins."""
    from .render import fonts
    from .render.document import FOOTER_SIZE
    from .render.paper import MM, PAPERS

    p = PAPERS[paper]
    limit = (p.width_mm - 2 * p.margin_mm) * MM
    font = fonts.font_name("condensed")
    tail = f" · {title} · page 9999 of 9999"
    name = fonts.check_text(name, "condensed")
    if fonts.string_width_pt(name + tail, font, FOOTER_SIZE) <= limit:
        return f"{name} · {title}"
    while name and fonts.string_width_pt(name + "…" + tail, font, FOOTER_SIZE) > limit:
        name = name[:-1]
    return f"{name.rstrip()}… · {title}"


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


_QUOTED = re.compile(r"text '(.*?)' on page|\(in the text '(.*)'\)")


def _strings(data, prefix: tuple = ()):
    """(path, text) for every string in a JSON-like structure."""
    if isinstance(data, str):
        yield prefix, data
        return
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _strings(value, prefix + (key,))


def _blame(obj, exc: BaseException) -> tuple[tuple | None, int]:
    """The field of obj an error is about, and how sure: the field holding the character a font lacks (100),
    else the longest field whose text is part of the text the error quotes (its length), else (None, 0)."""
    message = str(exc)
    data = obj.model_dump(mode="json", by_alias=True, exclude_none=True)
    m = _CODEPOINT.search(message)
    if m:
        char = chr(int(m.group(1), 16))
        for loc, text in _strings(data):
            if char in text or char in unicodedata.normalize("NFC", text):
                return loc, 100
    q = _QUOTED.search(message)
    quoted = (q.group(1) or q.group(2) or "") if q else ""
    best: tuple[tuple | None, int] = (None, 0)
    if quoted:
        for loc, text in _strings(data):
            text = unicodedata.normalize("NFC", " ".join(text.split()))
            score = 1000 if text == quoted else len(text) if text in quoted or quoted.rstrip("…") in text else 0
            if len(text) >= 3 and score > best[1]:
                best = (loc, score)
    return best


def _where(entry, loc: tuple | None) -> tuple[str, int | None, str | None]:
    file = display_path(entry.path) if entry is not None else ""
    if loc is None or entry is None:
        return file, None, None
    field_name = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
    return file, entry.located.line_of(loc), field_name


def derive_unit(ruleset, library, unit, ctx):
    """ruleset.derive(unit, ctx), with any failure reported against the unit (name, id, file) and the rule set."""
    try:
        return ruleset.derive(unit, ctx)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        raise unit_failure(library, unit, f"{ruleset.title}: deriving the stats", exc) from exc


def unit_failure(library, unit, label: str, exc: BaseException) -> ShipyardError:
    """A ShipyardError naming the unit (name and id), its file (and the field to blame), and what was being done."""
    file, line, field_name = _where(getattr(library, "origin", {}).get(unit.id), _blame(unit, exc)[0])
    return ShipyardError([Problem(file, line, field_name, f"{label}: {unit.name} ({unit.id}) failed: {_describe(exc)}")])


def scenario_failure(library, scenario, label: str, exc: BaseException, loc: tuple | None = None) -> ShipyardError:
    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    file, line, field_name = _where(entry, loc if loc is not None else _blame(scenario, exc)[0])
    return ShipyardError([Problem(file, line, field_name, f"{label}: scenario {scenario.name} ({scenario.id}): {_describe(exc)}")])


_AID = {"roster": "roster", "sheets": "sheets", "templates": "templates", "counters": "counters", "reference": "quick_reference"}
_TITLE = {
    "roster": "Fleet rosters", "sheets": "Record sheets", "templates": "Templates and gauges",
    "counters": "Counters and markers", "reference": "Quick reference",
}


def cover(doc, scenario, ruleset, sides, plan, options, scale: str | None = None) -> None:
    """The first page: the scenario, its sides and commanders, victory notes and the contents.

    Every line is fitted or wrapped to the page width, and the free text (commanders, victory notes, the
    history) is cut short with '…' rather than run off the page: the contents and printing note always fit.
    """
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
    paper = {"a4": "A4", "letter": "Letter"}.get(str(options.paper).lower(), str(options.paper).upper())
    note = f"Paper: {paper}. Print at 100 % / Actual size: turn off 'fit to page'."
    if "templates" in plan:  # only a pack with templates has true-scale pages and calibration bars
        note += (f" The templates are true scale for {scale} models" if scale else " The templates are true scale") + (
            ": every template page carries a 100 mm calibration bar; measure it before you cut.")
    # room kept at the foot for the contents and the printing note
    reserve = 6 + 5 * len(plan) + 4 + 3 * 9 * 1.2 / 2.8346
    bottom = box.y + box.h - reserve

    def wrap(x0: float, y0: float, text: str, width: float, size: float, gap: float = 0.0) -> float:
        step = size * 1.2 / 2.8346
        lines = page.wrap_lines(text, width, size)
        room = max(0, int((bottom - 6 - y0) // step) + 1)  # the last line 6 mm clear of what follows
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1] + " …"
        for line in lines:
            if line:
                page.fit_text(x0, y0, line, width, size=size)
            y0 += step
        return y0 + gap

    for side in sides:
        if y > bottom:
            break
        page.fit_text(x, y, side.name, box.w, size=13, weight="bold")
        y += 6
        if side.commander:
            y = wrap(x + 4, y, f"Commander: {side.commander}", box.w - 8, 10)
        count = len(side.units)
        if y <= bottom:
            page.text(x + 4, y, f"{count} unit{'s' if count != 1 else ''}", size=10)
        y += 5
        if side.victory:
            y = wrap(x + 4, y, f"Victory: {side.victory}", box.w - 8, 10, gap=2)
        y += 4
    if scenario.notes and y + 6 < bottom:
        page.text(x, y, "About the battle", size=13, weight="bold")
        y = wrap(x, y + 6, " ".join(scenario.notes.split()), box.w, 10, gap=6)
    y = min(y, bottom)
    page.text(x, y, "Contents", size=13, weight="bold")
    y += 6
    for name in plan:
        page.text(x + 4, y, _TITLE[name], size=10)
        page.text(x + 60, y, "page", size=10, colour=0.35)
        page.forward_text(x + 70, y, f"section:{name}", size=10)  # filled in when the section starts
        y += 5
    y += 4
    page.wrap_text(x, y, note, box.w, size=9)
