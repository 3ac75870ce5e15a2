"""Printed aids: every aid (a sheet, templates, counters, a roster, a quick reference, a pack) through one entry,
to PDF or to SVG."""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import Problem, ShipyardError, display_path
from .library import rulesets, context, find_units, scenario_units, derive, scenario_named


# ---------------------------------------------------------------------------------------------
# Printed aids: every aid (a sheet, templates, counters, a roster, a quick reference, a pack) through one entry


PAPERS = ("a4", "letter")


def check_paper(paper: str, name: str = "--paper") -> str:
    """'a4' or 'letter' (any case); the one wording of this mistake for every command and page (`name`: the
    option as the user met it, a form's label in the browser)."""
    value = str(paper).lower()
    if value not in PAPERS:
        raise ShipyardError(f"{name} {paper!r}: expected a4 or letter")
    return value


def check_turns(turns, name: str = "--turns") -> int | None:
    """A number of game turns from 1 to MAX_TURNS (None or blank: the scenario's own, else 12)."""
    from ..library.model import MAX_TURNS

    if turns is None or str(turns).strip() == "":
        return None
    text = str(turns).strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_TURNS:
        raise ShipyardError(f"{name} {str(turns)!r}: expected a whole number of game turns from 1 to {MAX_TURNS} "
                            "(without one: the scenario's own)")
    return int(text)


def pack_options(changes: dict, *, preset: Path | None = None, leave_out: Iterable[str] = (),
                 names: dict[str, str] | None = None):
    """A pack's choices: a preset's (if any) with these changes (None: unchanged) and these sections left out. A
    mistake names the option as the user met it (`names`: a form's labels; else --option) and says what it takes."""
    from pydantic import ValidationError

    from ..pack import SECTIONS, PackOptions

    names = names or {}
    options = PackOptions.load(preset) if preset else PackOptions()
    changes = {k: v for k, v in changes.items() if v is not None}
    if "paper" in changes:
        changes["paper"] = check_paper(changes["paper"], names.get("paper", "--paper"))
    for section in leave_out:
        if section not in SECTIONS:
            raise ShipyardError(f"--no {section!r}: expected one of {', '.join(SECTIONS)}")
        changes[section] = False
    try:
        return PackOptions.model_validate({**options.model_dump(), **changes})
    except ValidationError as exc:
        raise ShipyardError("; ".join(
            f"{names.get(str(e['loc'][0]), '--' + str(e['loc'][0]).replace('_', '-'))}: "
            f"{e['msg'].removeprefix('Value error, ')}" for e in exc.errors())) from None


@dataclass
class AidOptions:
    """The choices one printed aid takes (a pack takes these and more: shipyard.pack.PackOptions). Checked as made:
    a paper or a number of turns that cannot be is a ShipyardError in the user's words."""

    paper: str = "a4"
    as_of: str | None = None
    house_rules: Path | None = None
    scale: str | None = None
    templates_dir: Path | None = None
    colour: bool = True
    turns: int | None = None
    fold: bool = False  # counters: each back beside its front, to fold over
    backs: bool = False  # counters: every front page followed by its back, for duplex printing

    def __post_init__(self) -> None:
        self.paper = check_paper(self.paper)
        self.turns = check_turns(self.turns)
        if self.fold and self.backs:
            raise ShipyardError("--fold and --backs: choose one — --fold prints each back beside its front to fold "
                                "over, --backs prints the backs on the reverse for duplex printing")


SheetOptions = AidOptions  # the name callers of build_sheet know


@dataclass
class Built:
    """A PDF written: where, how many pages; for a pack, its rule set and how long it took."""

    path: Path | None
    pages: int
    ruleset: str | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class Aid:
    """A printed aid as the command line and the web name it, and the pack section that draws it."""

    name: str  # sheets, templates, counters, roster, reference
    section: str  # the pack section (shipyard.pack.sections) whose adapter draws it
    heading: str  # the PDF's title, after the rule set's
    subject: str  # the PDF's subject, after the rule set's title
    needs: str  # "units": vessels, forts or a scenario; "scenario": a scenario; "nothing": a scenario if given
    true_scale: bool = False
    choices: tuple[str, ...] = ()  # the AidOptions only this aid takes (fields of its Job)
    titled: bool = False  # the PDF's title names the scenario it is printed for
    every_unit: bool = False  # printed without a scenario or units: for every unit in the library (each table is in)


AIDS = {a.name: a for a in (
    Aid("sheets", "sheets", "record sheets", "record sheets", "units"),
    Aid("templates", "templates", "templates", "turning templates and gauges", "nothing", true_scale=True),
    Aid("counters", "counters", "counters", "counters and markers", "nothing", choices=("fold", "backs")),
    Aid("roster", "roster", "roster", "order of battle", "scenario", titled=True),
    # a scenario's: only the rules its units play; alone (a rule set's page in the browser): every unit's, every rule
    Aid("reference", "reference", "quick reference", "quick reference", "nothing", titled=True, every_unit=True),
    Aid("setup", "setup", "set-up", "set-up and table plan", "scenario", titled=True),
)}


def aid_named(name: str) -> Aid:
    if name not in AIDS:
        raise ShipyardError(f"{name!r}: no such printed aid; expected one of {', '.join(AIDS)} (or a pack)")
    return AIDS[name]


def aid_file_name(aid: str, rs, options: AidOptions, *, scenario=None, units=()) -> str:
    """The one file namer of a single aid: '<rule set>-sheet-uss-hartford-letter.pdf',
    'mobile-bay-1864-<rule set>-counters-backs.pdf': the rule set's key, what it holds and every variant chosen, the
    defaults (native scale, A4, colour) adding nothing. A pack's is shipyard.pack.pack_file_name."""
    from ..pack.options import named_scale, safe_name, variant_suffix

    variant = variant_suffix(scale=named_scale(rs, options.scale), paper=options.paper, colour=options.colour,
                             native_scale=getattr(rs, "native_scale", None))
    if aid == "sheets":
        if scenario is not None:
            what = f"{safe_name(scenario.id)}-sheets"
        else:
            ids = [safe_name(u.id) for u in units]
            what = "sheet-" + "-".join(ids[:3]) + (f"-and-{len(ids) - 3}-more" if len(ids) > 3 else "")
        when = f"-as-of-{safe_name(options.as_of)}" if options.as_of else ""
        return f"{rs.key}-{what}{when}{variant}.pdf"
    layout = "-fold" if options.fold else "-backs" if options.backs else ""
    lead = f"{safe_name(scenario.id)}-" if scenario is not None else ""
    return f"{lead}{rs.key}-{aid}{layout}{variant}.pdf"


def aid_job(rs, library, units: list, ctx, scenario=None):
    """What an aid draws from (shipyard.pack.Job): (side, unit, derived) for each unit, derived now. A scenario's
    units are derived as a pack derives them, kept on the context for the templates and reference to find."""
    from ..pack import Job, pack_job

    if scenario is not None and units is None:
        scenario_units(library, scenario)  # notes on units not yet launched or already lost
        return pack_job(library, scenario, rs, ctx.options, ctx=ctx)
    return Job(scenario, [(side, unit, derive(rs, library, unit, ctx)) for side, unit in units or []
                          if scenario is None or rs.takes_part(unit.id, ctx)], ctx)


@dataclass
class Plan:
    """What one aid will print: the aid, the scenario (if any), the units named (None: the scenario's, derived as a
    pack derives them) and the file name that says so."""

    aid: Aid
    scenario: object
    units: list | None
    file_name: str


def plan(aid: str, rs, library, target: Iterable[str] = (), options: AidOptions | None = None, *, units=None,
         scenario=None) -> Plan:
    """Resolve what an aid prints (see build), before anything is derived or drawn: a name that is no vessel,
    fort or scenario, an aid the rule set does not print, a roster without a scenario are errors here."""
    kind = aid_named(aid)
    options = options or AidOptions()
    names = list(target)
    scenario = scenario if scenario is not None else scenario_named(library, names)
    if units is not None:
        chosen = [(None, u) for u in units]
    elif kind.every_unit and scenario is None and not names:
        chosen = [(None, u) for u in library.units.values()]
    elif kind.needs == "units":
        chosen = find_units(library, names, options.as_of)
        if not chosen:
            raise ShipyardError("name at least one vessel, fort or scenario")
    else:
        if scenario is None and names:
            scenario = library.scenario(names[0])  # or the library's error, with the names it has
        if kind.needs == "scenario" and scenario is None:
            raise ShipyardError(f"the {aid} is a scenario's: name one (`shipyard scenarios` lists them)")
        chosen = None
    _aid_entry(rs, kind, scenario)
    name = aid_file_name(aid, rs, options, scenario=scenario, units=[u for _, u in chosen or []])
    return Plan(kind, scenario, chosen, name)


def aids_offered(rs, scenario=None) -> list[str]:
    """The aids a rule set prints alone, by the names build takes: with a scenario, also those every rule set
    draws from the scenario (its set-up, where it has one)."""
    from ..pack.sections import BY_NAME

    return [a.name for a in AIDS.values() if BY_NAME[a.section].offered_by(rs.aids(), scenario)]


def readings(rs, house_rules: Path | None = None) -> list[list[str]]:
    """What a rule set's text leaves open, as its printed aids list it: [rule, the reading played, the house-rule
    option that switches to the other reading or '—'] for each."""
    from ..render.kit import readings as rows

    return (rs.readings or rows)(rs.tables(house_rules))


def build(aid: str, rs, library, target: Iterable[str] = (), options: AidOptions | None = None, *,
          output: Path | None = None, default_dir: Path | None = None, force: bool = False, units=None,
          scenario=None, svg: bool = False, fonts_url: str | None = None):
    """One printed aid under one rule set: the use case behind `shipyard sheet|templates|counters|roster` and the
    web's PDFs. `target`: vessels, forts or a scenario (by id or file) as the aid needs; `units`: units in hand
    instead (a ship being edited, not saved), with the scenario they play in if any. With output (a file) or
    default_dir (a folder, for the name that says what it holds) the PDF is written and a Built returned; with
    neither, its bytes. With svg, the same pages drawn from the same layout, one SVG document each, for a screen
    (fonts_url: where the bundled DejaVu files are served, see render.svg.font_css)."""
    options = options or AidOptions()
    what = plan(aid, rs, library, target, options, units=units, scenario=scenario)
    kind, scenario = what.aid, what.scenario
    fn = _aid_entry(rs, kind, scenario)
    ctx = context(rs, library, options.house_rules, options.scale, options=options, scenario=scenario)
    if output is None and default_dir is not None:
        output = Path(default_dir) / what.file_name
    job = dataclasses.replace(aid_job(rs, library, what.units, ctx, scenario),
                              **{choice: getattr(options, choice) for choice in kind.choices})
    title = _aid_title(kind, rs, job, ctx)

    def draw(doc) -> None:
        if options.backs:  # every front page has its back, blank where it has none, for any duplex printer
            doc.duplex_backs()
        fn(doc, job)

    if svg:
        return draw_svg(options.paper, draw, title=title, true_scale=kind.true_scale, fonts_url=fonts_url)
    return draw_pdf(output, options.paper, draw, title=title, subject=f"{rs.title} {kind.subject}",
                    true_scale=kind.true_scale, force=force)


def _aid_entry(rs, kind: Aid, scenario=None):
    """The rule set's aid as `draw(doc, job)` (the contract's one adapter, rules.contract.AIDS), or a clear error
    when the rule set prints no such aid, saying where it prints it if inside another."""
    from ..pack.sections import BY_NAME

    section = BY_NAME[kind.section]
    if section.generic is not None:  # drawn from the scenario the same way under every rule set
        if scenario is not None and not section.offered_by(rs.aids(), scenario):
            raise ShipyardError(f"the scenario {scenario.name} has no {kind.subject}: give it a `setup:` section "
                                "(`shipyard schema scenario --markdown` lists its fields)")
        return lambda doc, job: section.draw(doc, job, rs.aids())
    entry = section.aid
    if not rs.prints(entry):
        held = [name for name, note in (getattr(rs.aids(), "SECTION_NOTES", None) or {}).items()
                if kind.subject in note]
        raise ShipyardError(f"the {rs.title} rule set prints no {kind.subject} of its own"
                            + (f": its {held[0]} hold it" if held else ""))
    return rs.aid(entry)


def _aid_title(kind: Aid, rs, job, ctx) -> str:
    """The PDF's title: whose sheets, the templates' scale, which scenario's roster or reference."""
    title = f"{rs.title} {kind.heading}"
    if kind.name == "sheets":
        units = [u for _, u, _ in job.units]
        title += ": " + ", ".join(u.name for u in units[:4]) + (" …" if len(units) > 4 else "")
    elif kind.name == "templates":
        title += f" ({ctx.scale})"
    return f"{job.scenario.name}: {title}" if kind.titled and job.scenario is not None else title


def build_sheet(rs, library, names: list[str], options: AidOptions | None = None, output: Path | None = None,
                default_dir: Path | None = None, force: bool = False):
    """Record sheets (or cards) for vessels, forts or a scenario's units: build("sheets", ...)."""
    return build("sheets", rs, library, names, options, output=output, default_dir=default_dir, force=force)


def sheet_units(rs, library, units: list, options: AidOptions | None = None, output: Path | None = None, *,
                scenario=None, force: bool = False):
    """Record sheets for units in hand (a ship being edited that is not saved yet): the PDF's bytes, or a Built.
    With a scenario, a rule set may print the values its author published for it."""
    return build("sheets", rs, library, (), options, output=output, force=force, units=units, scenario=scenario)


def sheet_svg(rs, library, units: list, options: AidOptions | None = None, *, scenario=None,
              fonts_url: str | None = None) -> list[str]:
    """The same record sheets as sheet_units, one SVG document per page, drawn from the same layout (for a screen)."""
    return build("sheets", rs, library, (), options, units=units, scenario=scenario, svg=True, fonts_url=fonts_url)


def build_pack(library, scenario, rs, options, step=None):
    """One rule set's pack for a scenario (see shipyard.pack): written to options.output_dir, returns Built.
    `step` is called with each section's name before it is drawn (and may raise to stop the build)."""
    from ..pack import build_pack as _build

    return _build(library, scenario, rs, options, step=step)


def build_packs(library, scenario, rulesets, options, *, jobs: int | None = None, on_built=None, force: bool = False):
    """Every chosen rule set's pack for a scenario, side by side where the cores allow (see shipyard.pack.many);
    returns the Builts in rule-set order, or raises PacksFailed after writing every pack that could be built.
    Before any is built, every file it would replace is checked (shipyard.overwrite; force: any regular file)."""
    from .. import overwrite
    from ..pack import PacksFailed, build_packs as _build
    from ..pack.options import pack_file_name, packets

    files = packets(scenario, options)  # one, or one for each side (per_side)
    out_dir = Path(options.output_dir)
    if out_dir.is_dir():
        problems = []
        for rs in rulesets:
            for packet in files:
                try:
                    overwrite.target(out_dir / pack_file_name(scenario.id, rs, packet), overwrite.PDF, force)
                except ShipyardError as exc:
                    problems += exc.problems
        if problems:
            raise ShipyardError(problems)
    built, failed = [], []
    for packet in files:
        try:
            built += _build(library, scenario, rulesets, packet, jobs=jobs, on_built=on_built)
        except PacksFailed as exc:  # the other sides' packs are still built, then every failure is told
            built += exc.built
            failed += exc.problems
    if failed:
        raise PacksFailed(failed, built)
    return built


def pack_bytes(library, scenario, rs, options) -> bytes:
    """One rule set's pack as the PDF's bytes (built in a throwaway folder)."""
    with tempfile.TemporaryDirectory(prefix="shipyard-pack-") as tmp:
        built = build_pack(library, scenario, rs, options.model_copy(update={"output_dir": Path(tmp)}))
        return built.path.read_bytes()


def aid(rs, name: str):
    """A printed aid's raw entry point in the rule set's aids module (its own arguments, rules.contract.AIDS), or a
    clear error when it prints none: for tests and tools that draw one piece; a command prints through build."""
    fn = getattr(rs.aids(), name, None)
    if fn is None:
        raise ShipyardError(f"the {rs.title} rule set prints no {name}")
    return fn


def draw_pdf(output: Path | None, paper: str, draw, *, title: str, subject: str, true_scale: bool = False,
             force: bool = False):
    """Draw a PDF atomically to output (returns Built) or, with output None, return its bytes. What is at output
    already is replaced only as shipyard.overwrite allows (force: any regular file). A file that cannot be written
    is named as the user gave it, never as the temporary file beside it."""
    from .. import overwrite
    from ..render import Document

    if output is None:
        with tempfile.TemporaryDirectory(prefix="shipyard-") as tmp:
            built = draw_pdf(Path(tmp) / "out.pdf", paper, draw, title=title, subject=subject, true_scale=true_scale)
            return built.path.read_bytes()
    output = Path(output)
    real = overwrite.target(output, overwrite.PDF, force)
    try:
        with Document(real, paper=check_paper(paper), title=title, subject=subject, true_scale=true_scale) as doc:
            draw(doc)
    except OSError as exc:
        raise ShipyardError([Problem(display_path(output), None, None, f"cannot write the PDF: {exc.strerror or exc}")]) from None
    return Built(output, doc.page_count)


def draw_svg(paper: str, draw, *, title: str = "", true_scale: bool = False, fonts_url: str | None = None) -> list[str]:
    """Draw what draw_pdf would draw, as one SVG document per page (nothing is written)."""
    from ..render.svg import SvgDocument

    doc = SvgDocument(paper=check_paper(paper), title=title, true_scale=true_scale, fonts_url=fonts_url)
    try:
        draw(doc)
    except BaseException:
        doc.abort()
        raise
    doc.close()
    return doc.pages
