"""The application layer: what the command line and the web server both call, neither holding logic of its own.

    lib = load_library([Path("my-ships")])              # bundled + the user's library + these folders
    rs = ruleset(name)                                  # by key or alias, from the registry (shipyard.rules)
    ctx = context(rs, lib, house_rules=None, scale=None)
    items = derive_target(rs, lib, "hartford", ctx)     # [(side or None, unit, derived)]
    pdf = build("sheets", rs, lib, ["hartford"], AidOptions(paper="letter"))     # -> bytes
    built = build("roster", rs, lib, ["mobile-bay-1864"], default_dir=Path("output"))  # -> Built, named for what it holds
    pages = build("sheets", rs, lib, ["hartford"], svg=True)                    # -> one SVG document per page
    built = build_pack(lib, lib.scenario("mobile-bay-1864"), rs, pack_options({"paper": "letter"}))

Every printed aid (sheets, templates, counters, roster, reference) goes through `build`, a pack through
`build_pack`/`build_packs`; `check_text` checks a ship's unsaved file, `validate` files on disk.

Every failure is a ShipyardError in the user's words; notes for the user (a bundled ship replaced, a date
before a ship's launch, a --scale a rule set does not use) collect in `library.notices`.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .errors import Problem, ShipyardError, display_path

# ---------------------------------------------------------------------------------------------
# The library and the rule sets


def library_folders(extra: Iterable[Path | str] = (), *, user: bool = True) -> list[Path]:
    """The user's own library folders (./ships/ or $SHIPYARD_LIBRARY) followed by any named here."""
    from .paths import user_library_dirs

    folders = user_library_dirs() if user else []
    for p in map(Path, extra):
        if all(p.resolve() != q.resolve() for q in folders):
            folders.append(p)
    return folders


def load_library(extra: Iterable[Path | str] = (), *, user: bool = True, collect: bool = False, set_aside: bool = False):
    """The bundled library, the user's library and the folders (or files) given, loaded and cross-checked (with
    set_aside, a user's file that does not load is left out with a notice: see Library.load)."""
    from .library.library import Library

    return Library.load(library_folders(extra, user=user), collect=collect, set_aside=set_aside)


def ruleset(name: str):
    """A rule set by key or alias, from the registry (shipyard.rules: the bundled ones and $SHIPYARD_RULESETS)."""
    from .rules import get_ruleset

    return get_ruleset(name)


def rulesets():
    from .rules import all_rulesets

    return all_rulesets()


def context(rs, library, house_rules: Path | None = None, scale: str | None = None, *, options=None, scenario=None):
    """The derivation context: tables with house rules applied, the table scale (checked against the rule
    set's), the pack options and scenario where a pack is built."""
    if house_rules is not None and not Path(house_rules).is_file():
        raise ShipyardError([Problem(display_path(house_rules), None, None, "--house-rules: no such file")])
    if scale is not None:
        scales = tuple(getattr(rs, "scales", ()))
        if "any" in scales:
            _notice(library, f"{rs.title} measures the same at any model scale: --scale {scale} changes nothing in it")
            scale = None
        elif scales and scale not in scales:
            raise ShipyardError(f"--scale {scale!r}: {rs.title} plays at {' or '.join(scales)}")
    ctx = rs.context(library, house_rules, scale)
    ctx.options = options
    ctx.scenario = scenario
    return ctx


def _notice(library, message: str) -> None:
    notices = getattr(library, "notices", None)
    if notices is not None and message not in notices:
        notices.append(message)


# ---------------------------------------------------------------------------------------------
# Units and their stats


def check_date(library, unit, when: str | None) -> None:
    """A note when a date is before the ship was launched (or built) or after she was lost."""
    from .library.model import partial_date_start

    if not when:
        return
    day = partial_date_start(when)
    start = getattr(unit, "launched", None) or getattr(unit, "built", None)
    if start and day < partial_date_start(start):
        _notice(library, f"{unit.name} ({unit.id}) as of {when}: she was not launched until {start}")
    lost = getattr(unit, "lost_on", None)
    if lost and day > partial_date_start(lost):
        _notice(library, f"{unit.name} ({unit.id}) as of {when}: she was lost on {lost} ({unit.fate})")


def as_of(library, unit, when: str | None):
    """The unit as she stood on a date (YYYY, YYYY-MM or YYYY-MM-DD), with a note for a date outside her life."""
    if when is None:
        return unit
    from .library.model import _check_partial_date

    try:
        _check_partial_date(when)
    except ValueError as exc:
        raise ShipyardError(f"--as-of {when!r}: {exc}") from None
    check_date(library, unit, when)
    return unit.as_of(when)


def record_as_of(library, unit, when: str | None) -> dict:
    """A unit's record as `show` prints it: as she stood on the date, the refits that made her so under
    `refits_applied` and only those still to come under `refits`."""
    record = as_of(library, unit, when).model_dump(mode="json", by_alias=True, exclude_none=True)
    if when is not None and record.get("refits"):
        from .library.model import partial_date_start

        day = partial_date_start(when)
        done = [r for r in record["refits"] if partial_date_start(r["date"]) <= day]
        record["refits"] = [r for r in record["refits"] if r not in done]
        if done:
            record["refits_applied"] = [{"date": r["date"], **({"note": r["note"]} if r.get("note") else {})}
                                        for r in done]
        if not record["refits"]:
            del record["refits"]
    return record


def unit_rows(library, mine=lambda unit_id: False) -> list[dict]:
    """Every vessel and fort by name, as the library page and `GET /api/vessels` list them (`mine`: whether a
    unit is the user's own)."""
    return [{"id": u.id, "name": u.name, "navy": u.navy.value, "kind": u.kind,
             "type": getattr(getattr(u, "type", None), "value", "fort"), "class": getattr(u, "class_name", None),
             "launched": getattr(u, "launched", None), "built": getattr(u, "built", None), "user": mine(u.id)}
            for u in sorted(library.units.values(), key=lambda u: u.name)]


def gun_rows(library) -> list[dict]:
    """Every gun model a vessel's armament may name, by id."""
    return [{"id": g.id, "name": g.name, "kind": g.kind.value, "calibre_in": g.calibre_in, "shot_lb": g.shot_lb,
             "shell_lb": g.shell_lb, "aliases": g.aliases} for g in sorted(library.ordnance.values(), key=lambda g: g.id)]


def scenario_rows(library) -> list[dict]:
    """Every scenario a pack, roster or counters may name, with its sides' units and its file."""
    return [{"id": s.id, "name": s.name, "date": s.date, "place": s.place,
             "sides": {side.name: [u.id for u in side.units] for side in s.sides},
             "file": display_path(library.origin["scenario:" + s.id].path)} for s in library.scenarios.values()]


def find_units(library, names: Iterable[str], when: str | None = None) -> list[tuple[str | None, object]]:
    """(side, unit) for each name: a vessel or fort (as of the date), or every unit of a scenario."""
    out: list[tuple[str | None, object]] = []
    for name in names:
        if name in library.scenarios or name.endswith((".yaml", ".yml")):
            scenario = library.scenario(name)
            out += scenario_units(library, scenario)
        else:
            out.append((None, as_of(library, library.find(name), when)))
    return out


def scenario_units(library, scenario) -> list[tuple[str, object]]:
    """(side, unit as of her date) for a scenario, with a note for any unit not yet launched or already lost."""
    units = library.scenario_units(scenario)
    for side in scenario.sides:
        for su in side.units:
            check_date(library, library.units[su.id], su.as_of or scenario.date)
    return units


def derive(rs, library, unit, ctx):
    """One unit's stats under one rule set; a failure names the unit, its file and the rule set."""
    from .pack.blame import derive_unit

    return derive_unit(rs, library, unit, ctx)


def scenario_named(library, names: Iterable[str]):
    """The scenario among the names given (by id or file), or None."""
    for name in names:
        if name in library.scenarios or name.endswith((".yaml", ".yml")):
            return library.scenario(name)
    return None


def derive_target(rs, library, target: str, ctx, when: str | None = None) -> list[tuple[str | None, object, object]]:
    """(side, unit, derived) for a vessel, a fort or every unit of a scenario (the context then knows the
    scenario: a rule set may use values its author published for it)."""
    units = find_units(library, [target], when)
    scenario = scenario_named(library, [target])
    if scenario is not None:
        ctx.scenario = scenario
    return [(side, unit, derive(rs, library, unit, ctx)) for side, unit in units]


# ---------------------------------------------------------------------------------------------
# Opening damage


def damage_capacity(rs, derived, ctx=None) -> dict[str, int]:
    """The boxes of every damage track a unit's printed aid has under a rule set, by the names a scenario's
    `damage:` may use: the rule set answers (its damage_tracks)."""
    return rs.damage_tracks(derived, ctx)


def check_damage(library, scenario, rs, units, ctx=None) -> None:
    """A scenario's opening damage against the tracks each unit has under this rule set: more boxes than a
    track holds is an error naming the scenario file, line and field (a name no rule set knows is refused
    when the scenario loads), and so, on pre-damaged copies, is a unit whose damage names none of the tracks its
    sheet has under this rule set (a track another rule set keeps): it would print blank."""
    from .rules import damage_track_known

    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    derived_of = {unit.id: d for _, unit, d in units}
    pre_damaged = getattr(getattr(ctx, "options", None), "copies", "blank") == "pre-damaged"
    problems = []
    for i, side in enumerate(scenario.sides):
        for j, su in enumerate(side.units):
            if not su.damage or su.id not in derived_of:
                continue
            capacity = damage_capacity(rs, derived_of[su.id], ctx)
            for track, boxes in su.damage.items():
                name = " ".join(track.lower().split())
                if name in capacity and boxes > capacity[name]:
                    line = entry.located.line_of(("sides", i, "units", j, "damage", track)) if entry else None
                    problems.append(Problem(display_path(entry.path) if entry else scenario.id, line,
                                            f"sides[{i}].units[{j}].damage.{track}",
                                            f"{boxes} boxes lost, but {su.id}'s {track} track holds {capacity[name]} "
                                            f"under {rs.title}"))
                elif not damage_track_known(name):  # a scenario built in code, not loaded from a file
                    problems.append(Problem(scenario.id, None, f"damage.{track}", f"no damage track {track!r}"))
            names = [" ".join(t.lower().split()) for t in su.damage]
            if pre_damaged and capacity and not any(n in capacity for n in names):
                # a copy meant to show the opening damage would come out blank, with no word: say so instead
                track = next(iter(su.damage))
                line = entry.located.line_of(("sides", i, "units", j, "damage")) if entry else None
                problems.append(Problem(display_path(entry.path) if entry else scenario.id, line,
                                        f"sides[{i}].units[{j}].damage",
                                        f"{su.id}'s damage names {', '.join(su.damage)}, a track its {rs.title} sheet "
                                        f"does not have (it has {', '.join(capacity)}), so a pre-damaged copy would "
                                        f"print it blank: add {next(iter(capacity))}: N beside {track}, or print blank copies"))
    if problems:
        raise ShipyardError(problems)


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
    from .library.model import MAX_TURNS

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

    from .pack import SECTIONS, PackOptions

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


AIDS = {a.name: a for a in (
    Aid("sheets", "sheets", "record sheets", "record sheets", "units"),
    Aid("templates", "templates", "templates", "turning templates and gauges", "nothing", true_scale=True),
    Aid("counters", "counters", "counters", "counters and markers", "nothing", choices=("fold", "backs")),
    Aid("roster", "roster", "roster", "order of battle", "scenario"),
    Aid("reference", "reference", "quick reference", "quick reference", "scenario"),
    Aid("setup", "setup", "set-up", "set-up and table plan", "scenario"),
)}


def aid_named(name: str) -> Aid:
    if name not in AIDS:
        raise ShipyardError(f"{name!r}: no such printed aid; expected one of {', '.join(AIDS)} (or a pack)")
    return AIDS[name]


def aid_file_name(aid: str, rs, options: AidOptions, *, scenario=None, units=()) -> str:
    """The one file namer of a single aid: '<rule set>-sheet-uss-hartford-letter.pdf',
    'mobile-bay-1864-<rule set>-counters-backs.pdf': the rule set's key, what it holds and every variant chosen, the
    defaults (native scale, A4, colour) adding nothing. A pack's is shipyard.pack.pack_file_name."""
    from .pack.options import named_scale, safe_name, variant_suffix

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
    from .pack import Job, pack_job

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
    from .pack.sections import BY_NAME

    return [a.name for a in AIDS.values() if BY_NAME[a.section].offered_by(rs.aids(), scenario)]


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
    from .pack.sections import BY_NAME

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
    return f"{job.scenario.name}: {title}" if kind.needs == "scenario" else title


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
    from .pack import build_pack as _build

    return _build(library, scenario, rs, options, step=step)


def build_packs(library, scenario, rulesets, options, *, jobs: int | None = None, on_built=None, force: bool = False):
    """Every chosen rule set's pack for a scenario, side by side where the cores allow (see shipyard.pack.many);
    returns the Builts in rule-set order, or raises PacksFailed after writing every pack that could be built.
    Before any is built, every file it would replace is checked (shipyard.overwrite; force: any regular file)."""
    from . import overwrite
    from .pack import PacksFailed, build_packs as _build
    from .pack.options import pack_file_name, packets

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
    from . import overwrite
    from .render import Document

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
    from .render.svg import SvgDocument

    doc = SvgDocument(paper=check_paper(paper), title=title, true_scale=true_scale, fonts_url=fonts_url)
    try:
        draw(doc)
    except BaseException:
        doc.abort()
        raise
    doc.close()
    return doc.pages


# ---------------------------------------------------------------------------------------------
# Checking files: each for what it is


@dataclass
class Report:
    library: object
    lines: list[str]


def check_house_rules(path: Path) -> list[Problem]:
    """Every problem of a house-rules file, checked against each rule set's tables."""
    problems: list[Problem] = []
    for rs in rulesets():
        try:
            rs.tables(Path(path))
        except ShipyardError as exc:
            problems += [p for p in exc.problems if p not in problems]
    return problems


def check_user_units(library) -> list[Problem]:
    """Derive every unit and scenario of the user's own files under every rule set, so that a ship that loads
    but cannot be played (or a scenario's damage beyond a track) is found now, not at the printer."""
    from .paths import is_bundled

    problems: list[Problem] = []
    mine = [u for uid, u in library.units.items() if not is_bundled(library.origin[uid].path)]
    scens = [s for s in library.scenarios.values() if not is_bundled(library.origin["scenario:" + s.id].path)]
    if not mine and not scens:
        return problems
    for rs in rulesets():
        ctx = context(rs, library)
        for unit in mine:
            try:
                derive(rs, library, unit, ctx)
            except ShipyardError as exc:
                problems += exc.problems
        for scen in scens:
            try:
                units = [(side, u, derive(rs, library, u, ctx)) for side, u in scenario_units(library, scen)]
                check_damage(library, scen, rs, units, ctx)
            except ShipyardError as exc:
                problems += [p for p in exc.problems if p not in problems]
    return problems


def _printed_names(library, key: str):
    """(field, YAML path, text) of each name a sheet, roster or cover prints from one of the library's entries."""
    obj = library.origin[key].obj
    if key.startswith("scenario:"):
        yield "name", ("name",), obj.name
        yield "place", ("place",), obj.place
        for i, side in enumerate(obj.sides):
            yield f"sides[{i}].name", ("sides", i, "name"), side.name
            yield f"sides[{i}].commander", ("sides", i, "commander"), side.commander
            for j, u in enumerate(side.units):
                yield f"sides[{i}].units[{j}].division", ("sides", i, "units", j, "division"), u.division
        return
    yield "name", ("name",), obj.name
    yield "class", ("class",), getattr(obj, "class_name", None)
    yield "place", ("place",), getattr(obj, "place", None)
    for i, refit in enumerate(getattr(obj, "refits", ())):
        yield f"refits[{i}].name", ("refits", i, "name"), refit.name


def check_printable_names(library) -> list[Problem]:
    """Every name in the user's own files that the printed aids draw, checked against the bundled fonts now (a
    CJK name, an emoji), not found at the printer."""
    from .paths import is_bundled
    from .render import fonts

    problems: list[Problem] = []
    for key, entry in library.origin.items():
        if is_bundled(entry.path):
            continue
        for field, loc, text in _printed_names(library, key):
            for family in fonts.FAMILIES if text else ():
                try:
                    for weight in fonts.WEIGHTS:
                        fonts.check_text(text, family, weight)
                except ShipyardError as exc:
                    problems.append(Problem(display_path(entry.path), entry.located.line_of(loc), field,
                                            f"no bundled font can print it: {exc.problems[0].message}"))
                    break
    return problems


def validate(paths: Iterable[Path | str] = (), extra: Iterable[Path | str] = ()) -> Report:
    """Check the bundled library, the user's, the folders in extra and each path (a vessel, fort, scenario,
    ordnance or house-rules file, or a folder of them, wherever it lives). Raises one ShipyardError listing
    every problem; else returns the library and lines saying what was checked."""
    from .library.library import kind_of
    from .library.yamlfile import read_yaml

    problems: list[Problem] = []
    house: list[Path] = []
    folders: list[Path] = []
    kinds: dict[Path, str] = {}
    for p in map(Path, paths):
        if not p.exists():
            problems.append(Problem(display_path(p), None, None, "no such file or folder"))
            continue
        if p.is_file():
            try:
                kinds[p] = kind_of(read_yaml(p).data, p)
            except ShipyardError as exc:
                problems += exc.problems
                continue
            if kinds[p] == "house-rules":
                house.append(p)
                continue
        folders.append(p)
    library = None
    try:
        library = load_library([*map(Path, extra), *folders], collect=True)
    except ShipyardError as exc:
        problems += exc.problems
        if getattr(exc, "loaded", None) is not None:
            problems += check_printable_names(exc.loaded)
    if library is not None:
        house += [p for p in library.skipped if p not in house]
        problems += check_printable_names(library)
        problems += check_user_units(library)
    for p in house:
        problems += check_house_rules(p)
    if problems:
        raise ShipyardError(problems)
    lines = [f"ok: {len(library.vessels)} vessels, {len(library.forts)} forts, {len(library.ordnance)} ordnance models, "
             f"{len(library.scenarios)} scenarios"]
    for p, kind in kinds.items():
        lines.append(f"ok: {display_path(p)} ({'house rules, checked against every rule set' if kind == 'house-rules' else kind})")
    lines += [f"ok: {display_path(p)} (house rules for every rule set)" for p in house if p not in kinds]
    return Report(library, lines)


# ---------------------------------------------------------------------------------------------
# Writing a ship or a scenario


def slug(name: str) -> str:
    """'USS Mattabesett' -> 'uss-mattabesett': the id and file name of a new ship."""
    import unicodedata

    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    keep = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    out = "-".join(p for p in keep.split("-") if p)[:80].strip("-")
    if not out:
        raise ShipyardError(f"{name!r}: a name needs some letters or digits to make an id from")
    return out


NAVY_OF_PREFIX = {"CSS": "CSN", "USS": "USN", "USRC": "Revenue"}  # a new ship's navy, guessed from her name's prefix


def navy_of_name(name: str) -> str:
    """The navy a ship's name says (CSS Nonesuch: CSN), USN where it says none."""
    return NAVY_OF_PREFIX.get(name.split(" ", 1)[0].upper(), "USN")


def commented_figures(data: dict) -> str:
    """A sister's figures as commented YAML, one line per field or list entry (a long entry is never wrapped over
    two comment lines, where uncommenting one of them would leave half a gun), each list told that it is taken
    whole."""
    import yaml

    dumped = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=float("inf"), default_flow_style=None)
    lists = {f"{key}:": len(value) for key, value in data.items() if isinstance(value, list) and len(value) > 1}
    out = []
    for line in dumped.splitlines():
        if line in lists:
            out.append(f"# ({line[:-1]} is taken whole: uncomment all {lists[line] + 1} of its lines to change one entry)")
        out.append(f"# {line}")
    return "".join(line + "\n" for line in out)


SCHEMA_LINE = "# yaml-language-server: $schema=.schema/{kind}.schema.json"  # the first line of a file shipyard starts


def _write_schema(folder: Path, kind: str) -> None:
    """Write (or refresh) the JSON Schema beside the user's files: the file a new file's first line names."""
    from .atomic import atomic_write_text
    from .library.schema import json_schema

    import json

    path = folder / ".schema" / f"{kind}.schema.json"
    text = json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        atomic_write_text(path, text)


def _new_file(folder: Path | None, ident: str, force: bool = False) -> tuple[Path, Path]:
    """Where a new file of the user's goes (their library, or folder), after shipyard.overwrite's rule."""
    from . import overwrite
    from .paths import user_library_home

    folder = Path(folder) if folder is not None else user_library_home()
    path = overwrite.target(folder / f"{ident}.yaml", overwrite.LIBRARY_FILE, force)
    return folder, path


def _not_replacing_bundled(library, ident: str, path: Path, replace: bool) -> None:
    """A file of the user's with a bundled ship's id replaces her in every command and scenario: only when
    asked for (--replace), never as a side effect of a name."""
    from .overwrite import refusal
    from .paths import is_bundled

    entry = library.origin.get(ident)
    if entry is not None and is_bundled(entry.path) and not replace:
        raise refusal(path, f"{ident} is a bundled ship ({entry.obj.name}): yours would replace her in every command "
                            "and bundled scenario; --replace says you mean that, or choose another name")


def _check_before_writing(library, path: Path, text: str) -> None:
    """Refuse a vessel or scenario file that `shipyard validate` would refuse, before it is written: loaded into
    a copy of the library (in place of the file it replaces) and, for a ship, derived under every rule set."""
    from .library.yamlfile import parse_yaml

    located = parse_yaml(text, path)
    trial = library.with_file(path, located, replaces=lambda entry: Path(entry.path).resolve() == path.resolve())
    if located.data.get("kind") == "scenario":
        return
    unit = trial.units[located.data["id"]]
    problems: list[Problem] = []
    for rs in rulesets():
        try:
            derive(rs, trial, unit, context(rs, trial))
        except ShipyardError as exc:
            problems += [p for p in exc.problems if p not in problems]
    if problems:
        raise ShipyardError(problems)


def check_text(library, text: str, folder: Path):
    """A vessel or fort file's text (the editor's, unsaved) checked as if saved in `folder`, the user's library,
    without writing it: (the unit as she loads, the file's fields), read into a copy of the library in place of the
    user's own file of that id. Anything wrong is a ShipyardError listing every problem by line and field."""
    import yaml

    from .paths import is_bundled
    from .library.yamlfile import parse_yaml

    name = "new-vessel.yaml"
    try:  # the file's name is its id, where it has one fit to name a file
        guess = yaml.safe_load(text) if len(text) < 1_000_000 else None
        if isinstance(guess, dict) and isinstance(guess.get("id"), str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*",
                                                                                           guess["id"]):
            name = f"{guess['id']}.yaml"
    except (yaml.YAMLError, RecursionError):
        pass
    path = Path(folder) / name
    located = parse_yaml(text, path)
    if isinstance(located.data, dict) and located.data.get("kind") == "scenario":
        raise ShipyardError([Problem(name, 1, "kind", "a scenario: this checks a vessel or fort file")])
    trial = library.with_file(path, located, replaces=lambda entry: not is_bundled(entry.path))
    return trial.units[located.data["id"]], located.data


def scenario_text(library, scenario_id: str, data: dict, path: Path) -> str:
    """A scenario made in a form (the web's scenario builder), as the file it is saved as at `path`: checked first as
    `shipyard validate` checks a file (its fields, its ships in the library, its damage tracks), so that a scenario
    that would not load is never written. Mistakes are a ShipyardError in the words of every file's."""
    import yaml
    from pydantic import ValidationError

    from .library.library import problems_from_validation
    from .library.model import Scenario
    from .library.yamlfile import Located

    data = {"kind": "scenario", **data, "id": scenario_id}
    try:
        Scenario.model_validate(data)
    except ValidationError as exc:
        raise ShipyardError(problems_from_validation(exc, Located(data, {}), Path(f"{scenario_id}.yaml"),
                                                     Scenario)) from None
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    _check_before_writing(library, Path(path), text)
    return text


def _write_new(folder: Path, path: Path, text: str, kind: str) -> None:
    from .atomic import atomic_write_text

    _write_schema(folder, kind)
    atomic_write_text(path, text)


def new_vessel(library, name: str, like: str | None = None, folder: Path | None = None, *, force: bool = False,
               replace: bool = False) -> Path:
    """Write a commented vessel file into the user's library: a draft with labelled placeholder figures, or a
    ship `like:` a sister that inherits her figures. A new file with a bundled ship's own id (only with replace)
    is a full copy of her file to correct. Nothing is written that would not validate."""
    from . import texts
    from .library.library import Library
    from .library.model import Vessel

    ident = slug(name)
    folder, path = _new_file(folder, ident, force)
    _not_replacing_bundled(library, ident, path, replace)
    schema = ".schema/vessel.schema.json"
    if like is None:
        text = texts.render("vessel.yaml.j2", None, id=ident, ship_name=name, schema=schema, path=display_path(path),
                            navy=navy_of_name(name))
    else:
        base = library.find(like)
        if not isinstance(base, Vessel):
            raise ShipyardError(f"--like {like!r}: {base.name} is a fort; a vessel can only be like a vessel")
        data = base.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
        if base.id == ident:  # a corrected copy of a bundled ship
            source = library.origin[base.id].path
            text = f"{SCHEMA_LINE.format(kind='vessel')}\n# Your copy of {base.name}: it replaces the bundled file.\n"
            text += source.read_text(encoding="utf-8")
        else:
            inherited = {k: v for k, v in data.items() if k not in Library.NOT_INHERITED and k not in ("kind", "sources")}
            commented = commented_figures(inherited)
            text = texts.render("vessel_like.yaml.j2", None, id=ident, ship_name=name, base=base, inherited=commented,
                                schema=schema, path=display_path(path))
    _check_before_writing(library, path, text)
    _write_new(folder, path, text, "vessel")
    return path


def new_scenario(library, name: str, folder: Path | None = None, *, force: bool = False) -> Path:
    """Write a commented scenario file (with placeholder sides that load) into the user's library."""
    from . import texts

    ident = slug(name)
    if ident in library.scenarios and not force:
        raise ShipyardError(f"a scenario {ident!r} exists already (`shipyard scenarios` lists them): choose another name")
    folder, path = _new_file(folder, ident, force)
    from .rules import torpedo_densities

    read = sorted({word for words in torpedo_densities().values() for word in words})
    densities = ", ".join(read) + " (the words a rule set reads)" if read else "no bundled rule set reads one yet"
    text = texts.render("scenario.yaml.j2", None, id=ident, ship_name=name, schema=".schema/scenario.schema.json",
                        path=display_path(path), densities=densities)
    _check_before_writing(library, path, text)
    _write_new(folder, path, text, "scenario")
    return path


# ---------------------------------------------------------------------------------------------
# Importing and sharing


@dataclass
class Imported:
    path: Path
    notes: list[str]


def import_infobox(library, source: Path, output: Path | None = None, *, force: bool = False,
                   replace: bool = False) -> Imported:
    """A Wikipedia ship infobox (wikitext) -> a draft vessel file that validates, written to output (default:
    the user's library; an existing file only with force, a bundled ship's id only with replace). Every guessed
    value is labelled an estimate in the file; unmatched guns are listed."""
    import yaml

    from . import overwrite
    from .paths import user_library_home
    from .library.infobox import draft
    from .library.library import problems_from_validation
    from .library.model import Vessel
    from .library.yamlfile import Located

    from .library.yamlfile import read_file_bytes

    try:
        text = read_file_bytes(Path(source)).decode("utf-8")  # a regular file, never past the size limit
    except UnicodeDecodeError:
        raise ShipyardError([Problem(display_path(source), None, None, "not UTF-8 text")]) from None
    d = draft(library, text, display_path(source))
    data = d.data
    title = data["name"].split(" ", 1)[-1].replace(" ", "_")
    data["sources"] = [{"url": f"https://en.wikipedia.org/wiki/{data['name'].replace(' ', '_')}",
                        "covers": f"infobox imported by shipyard from {Path(source).name} (address guessed from the "
                                  f"name {title!r}; check it): dimensions, tonnage, speed, armament, armour"}]
    notes = "Imported from a Wikipedia infobox. Estimates: " + "; ".join(d.estimates) if d.estimates else (
        "Imported from a Wikipedia infobox; no figure was guessed.")
    data["notes"] = notes
    try:
        vessel = Vessel.model_validate(data)
    except Exception as exc:  # the infobox's figures do not make a valid ship: say which
        from pydantic import ValidationError

        if isinstance(exc, ValidationError):
            raise ShipyardError(problems_from_validation(exc, Located(data, {}), Path(source), Vessel)) from None
        raise
    out = Path(output) if output is not None else user_library_home() / f"{vessel.id}.yaml"
    if out.is_dir() or out.suffix.lower() not in (".yaml", ".yml"):  # a folder to write into
        out = out / f"{vessel.id}.yaml"
    if out.stem != vessel.id:
        data["id"] = out.stem if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", out.stem) else vessel.id
        if data["id"] != out.stem:
            raise ShipyardError([Problem(display_path(out), None, None,
                                         f"a vessel file is named after its id: call it {vessel.id}.yaml")])
    real = overwrite.target(out, overwrite.LIBRARY_FILE, force)
    _not_replacing_bundled(library, data["id"], out, replace)
    header = [f"# {data['name']}: a DRAFT imported from {Path(source).name} by `shipyard import infobox`.",
              "# Check every figure against your sources; the notes say which values are estimates."]
    header += [f"# estimate: {e}" for e in d.estimates]
    header += [f"# matched: {m}" for m in d.matched]
    header += [f"# NOT IMPORTED (no catalogue model; add by hand, see `shipyard guns`): {u}" for u in d.unmatched]
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None)
    text = SCHEMA_LINE.format(kind="vessel") + "\n" + "\n".join(header) + "\n" + body
    _check_before_writing(library, out, text)
    _write_new(out.parent, real, text, "vessel")
    lines = [f"estimate: {e}" for e in d.estimates] + [f"not imported, no catalogue model: {u}" for u in d.unmatched]
    return Imported(out, lines)


SHARE_MANIFEST = "shipyard-share.yaml"


def export_zip(library, ids: list[str], output: Path, *, force: bool = False) -> list[str]:
    """A zip of the user's own files for these vessels, forts and scenarios (a scenario brings the user's ships
    in it; bundled ships are left out: every copy of shipyard has them). Returns the names written. A file at
    output is replaced only if an earlier export wrote it (its zip comment says so), else only with force."""
    import zipfile

    from . import __version__, overwrite
    from .atomic import atomic_write_bytes
    from .paths import is_bundled

    files: dict[str, Path] = {}

    def add(key: str) -> None:
        entry = library.origin[key]
        if is_bundled(entry.path):
            return
        files.setdefault(entry.path.name, entry.path)
        obj = entry.obj
        like = getattr(obj, "like", None)
        if like and like in library.units:
            add(like)

    for name in ids:
        if name in library.scenarios:
            key = "scenario:" + name
            add(key)
            for side in library.scenarios[name].sides:
                for su in side.units:
                    add(su.id)
            if is_bundled(library.origin[key].path):
                raise ShipyardError(f"{name} is a bundled scenario: every copy of shipyard has it already")
            continue
        unit = library.find(name)
        if is_bundled(library.origin[unit.id].path):
            raise ShipyardError(f"{unit.name} ({unit.id}) is a bundled ship: every copy of shipyard has her already "
                                f"(`shipyard new vessel NAME --like {unit.id}` starts your own)")
        add(unit.id)
    if not str(output).lower().endswith(".zip"):
        raise ShipyardError([Problem(display_path(output), None, None, "the output of `export ships` is a .zip file")])
    real = overwrite.target(Path(output), overwrite.ZIP, force)
    import io
    import yaml

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.comment = overwrite.ZIP_COMMENT
        manifest = {"shipyard": __version__, "files": sorted(files)}
        zf.writestr(zipfile.ZipInfo(SHARE_MANIFEST, (1980, 1, 1, 0, 0, 0)), yaml.safe_dump(manifest, sort_keys=False))
        for name in sorted(files):
            zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name].read_bytes())
    try:
        atomic_write_bytes(real, buf.getvalue())
    except OSError as exc:
        raise ShipyardError([Problem(display_path(output), None, None, f"cannot write: {exc.strerror or exc}")]) from None
    return sorted(files)


MAX_SHARE_BYTES = 5_000_000
MAX_SHARE_ZIP_BYTES = 2 * MAX_SHARE_BYTES  # the zip itself: its files stored unpacked, with room for its headers


def _zip_entries(zf, where: str) -> dict[str, bytes]:
    """The ship and scenario files in a shared zip, by name: plain .yaml names only, each once, 5 MB in all."""
    import zipfile
    import zlib

    entries: dict[str, bytes] = {}
    problems: list[Problem] = []
    total = 0
    for info in zf.infolist():
        if info.filename == SHARE_MANIFEST or info.is_dir():
            continue
        name = info.filename
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith((".yaml", ".yml")):
            raise ShipyardError([Problem(where, None, name, "only plain .yaml ship and scenario files may be shared")])
        if name in entries:
            problems.append(Problem(where, None, name, "is in the zip twice: which one is meant cannot be told; "
                                                         "nothing was imported"))
            continue
        total += info.file_size
        if total > MAX_SHARE_BYTES:
            raise ShipyardError([Problem(where, None, None, f"more than {MAX_SHARE_BYTES:,} bytes unpacked")])
        try:
            entries[name] = zf.read(info)
        except (zipfile.BadZipFile, zlib.error, OSError) as exc:
            raise ShipyardError([Problem(where, None, name, f"cannot be unpacked: {exc}")]) from None
    if problems:
        raise ShipyardError(problems)
    if not entries:
        raise ShipyardError([Problem(where, None, None, "holds no ship or scenario files")])
    return entries


def import_zip(library, source: Path, folder: Path | None = None, *, force: bool = False,
               replace: bool = False) -> list[Path]:
    """Take in a zip written by export_zip, all or nothing: every file must be a plain .yaml name (each once),
    none may replace a file of the user's (unless force) or a bundled ship (unless replace), and the library with
    them must validate; only then are they written, every one or none. Problems name the zip and its entry."""
    import contextlib
    import dataclasses
    import shutil
    import zipfile

    from . import overwrite
    from .atomic import atomic_write_all
    from .paths import user_library_dirs, user_library_home

    from .library.yamlfile import read_file_bytes

    folder = Path(folder) if folder is not None else user_library_home()
    where = display_path(source)
    raw = read_file_bytes(Path(source), limit=MAX_SHARE_ZIP_BYTES)  # a regular file (a named pipe hung it)
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
    except zipfile.BadZipFile as exc:
        raise ShipyardError([Problem(where, None, None, f"not a zip file shipyard can read: {exc}")]) from None
    with zf:
        entries = _zip_entries(zf, where)
    problems: list[Problem] = []
    targets: dict[str, Path] = {}
    for name in entries:
        try:
            targets[name] = overwrite.target(folder / name, overwrite.LIBRARY_FILE, force)
            _not_replacing_bundled(library, Path(name).stem, folder / name, replace)
        except ShipyardError as exc:
            problems += exc.problems
    if problems:
        raise ShipyardError(problems)
    with tempfile.TemporaryDirectory(prefix="shipyard-import-") as tmp:
        # the library as it will be: the destination folder's files with the zip's on top, in its place
        trial = Path(tmp) / "library"
        if folder.is_dir():
            shutil.copytree(folder, trial, ignore=shutil.ignore_patterns(".*"), symlinks=False)
        trial.mkdir(exist_ok=True)
        names = {display_path(trial / n): f"{where}: {n}" for n in entries}
        for n, data in entries.items():
            (trial / n).write_bytes(data)
        others = [d for d in user_library_dirs() if not (d.exists() and folder.exists() and d.resolve() == folder.resolve())]
        try:
            check = load_library([*others, trial], user=False, collect=True)
            problems = check_user_units(check)
        except ShipyardError as exc:
            problems = exc.problems
        problems = [dataclasses.replace(p, file=names.get(p.file, p.file.replace(str(trial), str(folder))))
                    for p in problems]
        if problems:
            raise ShipyardError(problems)
    written = {targets[n]: data for n, data in entries.items()}
    made = not folder.exists()
    try:
        atomic_write_all(written)
    except OSError as exc:
        if made:
            with contextlib.suppress(OSError):
                folder.rmdir()  # the folder made for them, empty again
        which = next((n for n, t in targets.items() if str(t) == exc.filename), None)
        raise ShipyardError([Problem(f"{where}: {which}" if which else where, None, None,
                                     f"cannot write {display_path(folder / which) if which else display_path(folder)}: "
                                     f"{exc.strerror or exc}; nothing was imported")]) from None
    for kind in ("vessel", "scenario"):  # what the files' first lines name, for an editor's completion
        _write_schema(folder, kind)
    return [folder / n for n in entries]
