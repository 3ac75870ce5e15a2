"""The shipyard command line: parse, call the application layer (shipyard.app), report.

Heavy modules load only when a command needs them. Every command reads the user's library (./ships/ or
$SHIPYARD_LIBRARY) and takes `--library DIR` the same way.

No `from __future__ import annotations` here: Typer reads every command's parameter annotations on every run,
and string annotations cost it a compile() each (~1,000 a run).
"""

import gc
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Optional

from .cache import compiled

compiled.install()  # before typer and the models: every dataclass made from here on uses the methods' kept code

import typer

from . import __version__
from .console import printable as _printable, shown as _shown, use_stand_ins
from .errors import ShipyardError

app = typer.Typer(
    name="shipyard",
    help="American Civil War warships: from history to game statistics and printable play aids.\n\n"
         "Your own ships: files in ./ships/ (or the folders in $SHIPYARD_LIBRARY) are read by every command; "
         "`shipyard new vessel NAME` starts one.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
new_app = typer.Typer(help="Start a file of your own in your library: a vessel or a scenario.", no_args_is_help=True)
app.add_typer(new_app, name="new")
game_app = typer.Typer(help="Games at the table: live record sheets shared between devices, and campaigns.",
                       no_args_is_help=True)
app.add_typer(game_app, name="game")

LibraryOpt = Annotated[Optional[list[Path]], typer.Option(
    "--library", "-L", help="Also read this folder (or file) of your own vessels, forts and scenarios (repeatable).")]
RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Rule set, by name or alias.")]
AsOfOpt = Annotated[Optional[str], typer.Option("--as-of", help="The vessel as she stood on this date (YYYY-MM-DD).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
HouseOpt = Annotated[Optional[Path], typer.Option("--house-rules", help="YAML file changing values or rows of the rule sets' tables (house rules).")]
PaperOpt = Annotated[str, typer.Option("--paper", help="a4 or letter.")]
ScaleOpt = Annotated[Optional[str], typer.Option("--scale", help="Model scale (default: the rule set's own).")]
ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Replace a file at the output path that shipyard did not write for this (see the README).")]
OutOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Output PDF file (default: output/, named after what it holds).")]
TextTemplatesOpt = Annotated[Optional[Path], typer.Option("--templates", help="Folder of Jinja templates overriding the bundled ones.")]

_LIBRARIES: list = []  # every library loaded in this run: its notices are printed at the end


def _version(value: bool) -> None:
    if value:
        print(f"shipyard {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print shipyard's version and stop.")] = None,
) -> None:
    """American Civil War warships: from history to game statistics and printable play aids."""
    _once_each(ctx, sys.argv[1:])


def _once_each(ctx, argv: list[str]) -> None:
    """Refuse an option given twice where the command takes one value (`stats monitor -r A -r B` would quietly
    use B); an option that takes several (pack's --rules) may repeat."""
    name = ctx.invoked_subcommand
    command = ctx.command.get_command(ctx, name) if name else None
    if command is None or name not in argv:
        return
    takes_value: dict[str, bool] = {}
    single: dict[str, str] = {}  # option string -> the option's name as the user knows it (its long form)
    for param in command.params:
        if not hasattr(param, "is_flag"):
            continue
        for opt in [*param.opts, *param.secondary_opts]:
            takes_value[opt] = not param.is_flag and not param.count
            if takes_value[opt] and not param.multiple:
                single[opt] = max(param.opts, key=len)
    given: dict[str, list[str]] = {}
    words = iter(argv[argv.index(name) + 1:])
    for word in words:
        if word == "--":
            break
        opt, eq, value = word.partition("=") if word.startswith("--") else (word[:2], "", word[2:])
        if opt not in takes_value:
            continue
        if takes_value[opt] and not eq and not value:
            value = next(words, "")
        if opt in single:
            given.setdefault(single[opt], []).append(value)
    for opt, values in given.items():
        if len(values) > 1:
            raise ShipyardError(f"{opt} given {len(values)} times ({', '.join(values)}): `shipyard {name}` takes one")


def _count(n: int, thing: str) -> str:
    """'1 page', '3 pages'."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _stops_cleanly(command):
    """A command during which SIGTERM (`kill`) and SIGHUP (a closed terminal) stop it as Ctrl-C does, in every
    process working for it, and leave nothing part-written (see shipyard/stopping.py)."""
    import functools

    @functools.wraps(command)
    def run(*args, **kwargs):
        from .stopping import interruptible

        with interruptible():
            return command(*args, **kwargs)

    return run


def _rich_console(stderr: bool = False):
    from rich.console import Console

    # markup off: vessel names, paths and table cells are the user's text, and "[/x]" in them is no style tag
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False)


class _PlainConsole:
    """Plain lines to a pipe or a file, as rich prints them there, without importing rich (~50 ms of every
    command that only reports what it wrote). Anything rich would change (markup, tables, emoji codes, tabs)
    goes through rich."""

    is_terminal = False

    def __init__(self, stderr: bool):
        self._stderr = stderr

    def print(self, *objects, markup: bool = False, **kw) -> None:
        if markup or kw or not all(type(o) is str and o.isprintable() and ":" not in o for o in objects):
            _rich_console(self._stderr).print(*objects, markup=markup, **kw)
            return
        (sys.stderr if self._stderr else sys.stdout).write(" ".join(objects) + "\n")


def _console(stderr: bool = False):
    stream = sys.stderr if stderr else sys.stdout
    try:
        plain = not stream.isatty() and "FORCE_COLOR" not in os.environ and "TTY_COMPATIBLE" not in os.environ
    except (AttributeError, ValueError):
        plain = False
    return _PlainConsole(stderr) if plain else _rich_console(stderr)


def _library(extra: Optional[list[Path]], collect: bool = False):
    from . import app as core

    # a file of yours that does not load stops only a command that needs it (validate collects every problem)
    lib = core.load_library(extra or [], collect=collect, set_aside=not collect)
    _LIBRARIES.append(lib)
    return lib


def _notices(told: tuple[str, ...] = ()) -> None:
    """The libraries' notes, once each; a note on a file left out that the error about to be `told` names again is
    not said twice."""
    seen: set[str] = set()
    for lib in _LIBRARIES:
        for note in lib.notices:
            if note not in seen and not any(note.startswith(problem) for problem in told):
                seen.add(note)
                print(f"note: {_printable(note)}", file=sys.stderr)
    _LIBRARIES.clear()


def _table(title: str, columns: tuple[str, ...], rows, whole: tuple[str, ...] = ("id",)) -> None:
    """A table of rows; the `whole` columns (the ids a user types) are never cut short, however narrow the console."""
    from rich.table import Table

    table = Table(title=_shown(title))
    cells = [[_shown(str(v if v is not None else "")) for v in r] for r in rows]
    for i, col in enumerate(columns):
        if col in whole:
            table.add_column(col, no_wrap=True, min_width=max([len(col)] + [len(r[i]) for r in cells]))
        else:
            table.add_column(col)
    for r in cells:
        table.add_row(*r)
    _console().print(table)


# ---------------------------------------------------------------------------------------------
# Library commands


@app.command()
def vessels(
    navy: Annotated[Optional[str], typer.Option("--navy", help="Only this navy (USN, CSN, 'US Army', ...).")] = None,
    json_out: JsonOpt = False,
    library: LibraryOpt = None,
) -> None:
    """List the vessels and forts in the library."""
    from . import app as core
    from .cache.index import load_rows

    rows = load_rows(core.library_folders(library or []), loaded=_LIBRARIES)
    if navy:
        navies = sorted({r["navy"] for r in rows})
        rows = [r for r in rows if r["navy"].lower() == navy.lower()]
        if not rows:
            raise ShipyardError(f"no units of navy {navy!r}; navies in the library: " + ", ".join(navies))
    if json_out:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    cols = ("id", "name", "navy", "type", "class")
    _table(f"{len(rows)} vessels and forts", cols, ([r[c] for c in cols] for r in rows))


@app.command()
def guns(json_out: JsonOpt = False, library: LibraryOpt = None) -> None:
    """List the gun models a vessel's armament may name (by id, name or alias)."""
    from . import app as core

    rows = core.gun_rows(_library(library))
    if json_out:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _table(f"{len(rows)} gun models", ("id", "name", "kind", "calibre in", "shot lb", "shell lb"),
           ([r["id"], r["name"], r["kind"], r["calibre_in"], r["shot_lb"], r["shell_lb"]] for r in rows))


@app.command()
def scenarios(json_out: JsonOpt = False, library: LibraryOpt = None) -> None:
    """List the scenarios a pack, roster or counters command may name."""
    from . import app as core

    rows = core.scenario_rows(_library(library))
    if json_out:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _table(f"{len(rows)} scenarios", ("id", "name", "date", "units", "file"),
           ([r["id"], r["name"], r["date"], sum(map(len, r["sides"].values())), r["file"]] for r in rows))


@app.command()
def show(
    name: Annotated[str, typer.Argument(help="Vessel or fort (id or an unambiguous part of its name), gun model or scenario.")],
    as_of: AsOfOpt = None,
    json_out: JsonOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Print one vessel's (or fort's, gun model's, scenario's) record as history gives it."""
    from . import app as core

    lib = _library(library)
    gun = lib.find_ordnance(name)
    played = None  # the vessel the rule sets play, where her displacement is an estimate
    if name in lib.scenarios:
        title, data = lib.scenarios[name].name, lib.scenarios[name].model_dump(mode="json", by_alias=True, exclude_none=True)
    elif gun is not None and name not in lib.units:
        title, data = f"{gun.name} (gun model {gun.id})", gun.model_dump(mode="json", by_alias=True, exclude_none=True)
    else:
        unit = lib.find(name)
        title = unit.name + (f"  (as of {as_of})" if as_of else "")
        data = core.record_as_of(lib, unit, as_of)
        played = unit.as_of(as_of) if getattr(unit, "kind", None) == "vessel" else None
    if json_out:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    import yaml

    from rich.markup import escape

    _console().print(f"[bold]{escape(_printable(title))}[/bold]", markup=True)
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110))
    if played is not None and played.displacement_tons is None:
        print(f"Played as {played.tonnage:g} t: {played.tonnage_basis}.")


@app.command()
def validate(
    paths: Annotated[Optional[list[Path]], typer.Argument(
        help="Files or folders to check: vessels, forts, scenarios, house rules (each taken for what it is).")] = None,
    library: LibraryOpt = None,
) -> None:
    """Check the library (bundled, yours, and PATHS); list every problem found, with file, line and field."""
    from . import app as core

    report = core.validate(paths or [], library or [])
    _LIBRARIES.append(report.library)
    for line in report.lines:
        _console().print(line)


# ---------------------------------------------------------------------------------------------
# Rule-set commands


def _flatten(value, prefix=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _flatten(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, v in enumerate(value):
            yield from _flatten(v, f"{prefix}[{i}]")
    else:
        yield prefix, value


def _fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_fmt(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items())
    return str(value)


def _derive(target: str, rules: str, as_of, library, house_rules, scale):
    from . import app as core

    rs = core.ruleset(rules)
    lib = _library(library)
    ctx = core.context(rs, lib, house_rules, scale)
    return rs, core.derive_target(rs, lib, target, ctx, as_of)


@app.command()
def stats(
    target: Annotated[str, typer.Argument(help="Vessel, fort, or scenario name.")],
    rules: RulesOpt,
    as_of: AsOfOpt = None,
    json_out: JsonOpt = False,
    fmt: Annotated[Optional[str], typer.Option("--format", help="json, csv, md or html.")] = None,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    text_templates: TextTemplatesOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Derive a unit's game statistics under one rule set."""
    rs, items = _derive(target, rules, as_of, library, house_rules, scale)
    if fmt is not None:
        from .export import export

        print(export([(side, d) for side, _, d in items], fmt, rs, text_templates), end="")
        return
    if json_out:
        out = [d.to_json() for _, _, d in items]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2, ensure_ascii=False))
        return
    from rich.table import Table

    console = _console()
    for side, unit, d in items:
        table = Table(title=_shown(f"{unit.name} — {rs.title}" + (f" ({side})" if side else "")), show_header=False)
        table.add_column("stat", style="bold")
        table.add_column("value")
        for path, value in _flatten(d.values):
            table.add_row(_shown(path), _shown(_fmt(value)))
        console.print(table)


@app.command()
def explain(
    vessel: Annotated[str, typer.Argument(help="Vessel or fort name.")],
    rules: RulesOpt,
    as_of: AsOfOpt = None,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Every derived value with the inputs and the rule that produced it."""
    rs, items = _derive(vessel, rules, as_of, library, house_rules, scale)
    from rich.table import Table
    from rich.text import Text

    console = _console()
    for _, unit, d in items:
        table = Table(title=_shown(f"{unit.name} — {rs.title}: how each value was reached"))
        table.add_column("stat", style="bold", no_wrap=True)
        table.add_column("value")
        table.add_column("because")
        for path, value, reason in d.explanation():
            # the words, and under them the tables and rows, record fields or formula the value came from
            because = Text(_shown(str(reason)))
            if reason.sources:
                because.append("\nfrom " + _shown(reason.citation()), style="dim")
            table.add_row(_shown(path), _shown(_fmt(value)), because)
        console.print(table)


@app.command()
def compare(
    first: Annotated[str, typer.Argument(help="A vessel or fort.")],
    second: Annotated[str, typer.Argument(help="Another (or the same one, with two --as-of dates).")],
    rules: RulesOpt,
    as_of: Annotated[Optional[list[str]], typer.Option(
        "--as-of", help="The date of each (YYYY-MM-DD), in order; one date is for both.")] = None,
    json_out: JsonOpt = False,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Two ships, or one ship on two dates, side by side in the words of the rule set's record sheet; a line
    that differs is marked ≠."""
    from . import app as core

    dates = list(as_of or [])
    if len(dates) > 2:
        raise ShipyardError(f"--as-of: give at most two dates, one for each ship (got {len(dates)})")
    when_a, when_b = (dates + dates[-1:] * 2)[:2] if dates else (None, None)
    cmp = core.compare(_library(library), rules, first, second, when_a, when_b, scale=scale)
    if json_out:
        print(json.dumps(cmp.to_json(), indent=2, ensure_ascii=False))
        return
    from rich.table import Table
    from rich.text import Text

    name = lambda s: s.unit.name + (f" as of {s.when}" if s.when else "")  # noqa: E731
    n = cmp.differences
    table = Table(title=_shown(f"{cmp.title}: {name(cmp.a)} and {name(cmp.b)}"),
                  caption=_shown(f"{_count(n, 'line')} {'differs' if n == 1 else 'differ'}, marked ≠" if n
                                 else "every line is the same"))
    for column in ("", "figure", name(cmp.a), name(cmp.b)):
        table.add_column(_shown(column))
    section = None
    for row in cmp.rows:
        if row.section != section:
            section = row.section
            table.add_section()
            table.add_row("", Text(_shown(section), style="bold"), "", "")
        table.add_row("≠" if row.differs else "", _shown(row.label), _shown(row.a.value if row.a else "—"),
                      _shown(row.b.value if row.b else "—"))
    _console().print(table)


def _wrote(built, note: str = "") -> None:
    _console().print(f"wrote {built.path} ({_count(built.pages, 'page')}){note}")


@app.command()
@_stops_cleanly
def sheet(
    vessels_: Annotated[list[str], typer.Argument(metavar="VESSEL...", help="Vessels or forts (or one scenario).")],
    rules: RulesOpt,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    as_of: AsOfOpt = None,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    text_templates: TextTemplatesOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Record sheets (or cards) for one or more vessels, written to output/ under a name saying whose."""
    from . import app as core

    rs = core.ruleset(rules)
    options = core.AidOptions(paper=paper, as_of=as_of, house_rules=house_rules, scale=scale,
                              templates_dir=text_templates)
    _wrote(core.build("sheets", rs, _library(library), vessels_, options, output=output, default_dir=Path("output"),
                      force=force))


@app.command("templates")
@_stops_cleanly
def templates_cmd(
    rules: RulesOpt,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    scale: ScaleOpt = None,
    house_rules: HouseOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Turning templates and gauges at true scale, with a calibration bar."""
    from . import app as core

    options = core.AidOptions(paper=paper, house_rules=house_rules, scale=scale)
    built = core.build("templates", core.ruleset(rules), _library(library), (), options, output=output,
                       default_dir=Path("output"), force=force)
    _wrote(built, " — print at 100 % / Actual size")


@app.command()
@_stops_cleanly
def counters(
    rules: RulesOpt,
    scenario: Annotated[Optional[str], typer.Argument(help="Scenario (numbers and speeds for its units).")] = None,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    fold: Annotated[bool, typer.Option("--fold", help="Fold-over layout instead of duplex backs.")] = False,
    backs: Annotated[bool, typer.Option("--backs/--no-backs", help="Print backs (duplex, mirrored).")] = False,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Speed, turn-order and marker counters with cut marks."""
    from . import app as core

    options = core.AidOptions(paper=paper, house_rules=house_rules, scale=scale, fold=fold, backs=backs)
    _wrote(core.build("counters", core.ruleset(rules), _library(library), [scenario] if scenario else [], options,
                      output=output, default_dir=Path("output"), force=force))


def _print_aid(aid: str, rules: str, targets: list, paper: str, house_rules, scale, library, output, force) -> None:
    """One printed aid of a rule set (a scenario's roster, set-up, quick reference), written as the command says."""
    from . import app as core

    options = core.AidOptions(paper=paper, house_rules=house_rules, scale=scale)
    _wrote(core.build(aid, core.ruleset(rules), _library(library), targets, options, output=output,
                      default_dir=Path("output"), force=force))


@app.command()
@_stops_cleanly
def roster(
    scenario: Annotated[str, typer.Argument(help="Scenario name or file.")],
    rules: RulesOpt,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """The order of battle as printed rosters per side."""
    _print_aid("roster", rules, [scenario], paper, house_rules, scale, library, output, force)


@app.command()
@_stops_cleanly
def setup(
    scenario: Annotated[str, typer.Argument(help="Scenario name or file (with a `setup:` section).")],
    rules: RulesOpt,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """The scenario's set-up pages: the table plan in the rule set's units, the starts, rules, events and victory."""
    _print_aid("setup", rules, [scenario], paper, house_rules, scale, library, output, force)


@app.command()
@_stops_cleanly
def reference(
    rules: RulesOpt,
    scenario: Annotated[Optional[str], typer.Argument(help="Scenario (only the tables its units use; without one, every table).")] = None,
    output: OutOpt = None,
    force: ForceOpt = False,
    paper: PaperOpt = "a4",
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """The rule set's quick reference: the tables a player looks up, and what the text leaves open."""
    _print_aid("reference", rules, [scenario] if scenario else [], paper, house_rules, scale, library, output, force)


@app.command()
@_stops_cleanly
def pack(
    scenario: Annotated[str, typer.Argument(help="A scenario by id (mobile-bay-1864) or your own scenario file.")],
    rules: Annotated[Optional[list[str]], typer.Option("--rules", "-r", help="Rule set (repeatable; default: every one).")] = None,
    paper: Annotated[Optional[str], typer.Option("--paper", help="a4 or letter.")] = None,
    scale: ScaleOpt = None,
    side: Annotated[Optional[list[str]], typer.Option("--side", help="Only this side's units (repeatable).")] = None,
    per_side: Annotated[Optional[bool], typer.Option("--per-side", help="One file for each side: its own sheets, counters and roster, and the whole set-up.")] = None,
    sides_apart: Annotated[Optional[bool], typer.Option("--sides-apart/--sides-together", help="Each side's record sheets from a page of their own, to hand each side its own, even where it takes a page more; or let the sides share pages (default: apart wherever that takes no more pages).")] = None,
    output_dir: Annotated[Optional[Path], typer.Option("--output-dir", "-o", help="Folder for the PDFs (default output/).")] = None,
    preset: Annotated[Optional[Path], typer.Option("--preset", help="A saved options file (YAML).")] = None,
    save_preset: Annotated[Optional[Path], typer.Option("--save-preset", help="Save these options as a preset file.")] = None,
    colour: Annotated[Optional[bool], typer.Option("--colour/--black-and-white", help="Colour or black and white.")] = None,
    copies: Annotated[Optional[str], typer.Option("--copies", help="blank or pre-damaged.")] = None,
    state: Annotated[Optional[Path], typer.Option("--state", help="A campaign file (`shipyard game export`): every sheet printed as it now stands.")] = None,
    turns: Annotated[Optional[int], typer.Option("--turns", help="Game turns the orders logs hold (default: the scenario's turns, else 12).")] = None,
    no: Annotated[Optional[list[str]], typer.Option("--no", help="Leave out a section (repeatable)")] = None,
    house_rules: HouseOpt = None,
    text_templates: TextTemplatesOpt = None,
    library: LibraryOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Replace files at the output paths (and the preset's) that "
                                                         "shipyard did not write for this (see the README).")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Processes building rule sets side by side (default: one per CPU core, on Linux; 1: one after another).")] = None,
) -> None:
    """A whole game night: one PDF per rule set with cover, rosters, sheets, templates, counters and reference."""
    import time

    from . import app as core

    started = time.perf_counter()
    if state is not None:
        if copies == "blank":
            raise ShipyardError("--state prints the sheets as they now stand: leave out --copies blank (or --state)")
        copies = "pre-damaged"
    options = core.pack_options(
        {"paper": paper, "rules": rules, "scale": scale, "sides": side, "per_side": per_side, "sides_apart": sides_apart, "output_dir": output_dir, "colour": colour,
         "copies": copies, "turns": turns, "house_rules": house_rules, "templates_dir": text_templates},
        preset=preset, leave_out=no or [])
    rulesets = [core.ruleset(r) for r in options.rules]
    if save_preset:
        options.save(save_preset, force=force)
    lib = _library(library)
    scen = lib.scenario(scenario)
    core.scenario_units(lib, scen)  # notes on units not yet launched or already lost

    # what is loaded now (modules, the library, rule sets) lives to the end: the collector need not walk it again
    # (and in a forked process fewer pages are written that it shares with this one); the youngest generation is
    # collected rarely from the start (main: COLLECT_EVERY)
    gc.freeze()

    from .pack import PacksFailed
    from .pack.options import packets

    if state is not None:  # every rule set reads the campaign's damage in its own tracks, checked before any is built
        from .app import games
        from .errors import display_path

        campaign = games.read_campaign(state)
        as_left = {rs.key: games.scenario_as_it_stands(lib, scen, rs, campaign, display_path(state)) for rs in rulesets}

        # the game's own rule set's sheets carry a QR code each that opens the unit's live sheet, where the game is
        # in your folder (the campaign file itself holds no keys)
        from .paths import user_library_home

        from .games.store import store_path

        folder = library[0] if library else user_library_home()
        # only a folder that already keeps games can hold this one: looking makes no games database where none was
        links = (games.live_links(games.games_store(folder), lib, str(campaign.get("game") or ""))
                 if store_path(folder).is_file() else {})

    def build_all(on_built=None):
        if state is None:
            return core.build_packs(lib, scen, rulesets, options, jobs=jobs, force=force, on_built=on_built)
        built = []
        for rs in rulesets:
            own = options.model_copy(update={"live_links": links}) if rs.key == campaign.get("rules") else options
            built += core.build_packs(lib, as_left[rs.key], [rs], own, jobs=1, force=force, on_built=on_built)
        return built

    console = _console(stderr=True)
    try:
        if console.is_terminal:  # a progress bar only where someone watches it
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            # redrawn as each pack is written, not by a refresh thread (the packs are built in forked processes,
            # and a process forks safely only while it runs one thread)
            with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=console,
                          transient=True, auto_refresh=False) as progress:
                task = progress.add_task("packing", total=len(rulesets) * len(packets(scen, options)))
                progress.refresh()
                built = build_all(on_built=lambda _b: progress.update(task, advance=1, refresh=True))
        else:
            built = build_all()
    except PacksFailed as exc:
        for b in exc.built:  # what was written all the same, before the failures are told
            _wrote(b)
        raise
    for b in built:
        _wrote(b)
    pages = sum(b.pages for b in built)
    _console().print(
        f"{_count(len(built), 'file')}, {_count(pages, 'page')} in {time.perf_counter() - started:.1f} s — "
        "print at 100 % / Actual size"
    )


# ---------------------------------------------------------------------------------------------
# Writing, importing and sharing your own ships


ReplaceOpt = Annotated[bool, typer.Option(
    "--replace", help="Let your file take a bundled ship's id, replacing her in every command and scenario.")]
LibraryForceOpt = Annotated[bool, typer.Option("--force", help="Replace a file of yours that is there already.")]


def _destination(folder: Optional[Path], library: Optional[list[Path]]) -> tuple[Optional[Path], list[Path]]:
    """Where a new file goes (--folder, else the first --library folder, else your library) and the folders to
    read: a --library folder that does not exist yet is where the file goes, made when it is written."""
    library = list(library or [])
    if folder is None and library:
        folder = library[0]
        if not folder.exists():
            library = library[1:]
    return folder, library


@new_app.command("vessel")
@_stops_cleanly
def new_vessel(
    name: Annotated[str, typer.Argument(help="Her name as it should print: \"USS Mattabesett\".")],
    like: Annotated[Optional[str], typer.Option("--like", help="A sister or class ship to start from (her id or name).")] = None,
    folder: Annotated[Optional[Path], typer.Option("--folder", help="Write here instead of your library (./ships/, or the first --library).")] = None,
    force: LibraryForceOpt = False,
    replace: ReplaceOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Write a commented vessel file into your library, to edit and then check with `shipyard validate`."""
    from . import app as core

    folder, library = _destination(folder, library)
    lib = _library(library)
    path = core.new_vessel(lib, name, like=like, folder=folder, force=force, replace=replace)
    _console().print(f"wrote {path} — edit it, then run: shipyard validate {path}")


@new_app.command("scenario")
@_stops_cleanly
def new_scenario(
    name: Annotated[str, typer.Argument(help="The engagement's name: \"Albemarle Sound, 5 May 1864\".")],
    folder: Annotated[Optional[Path], typer.Option("--folder", help="Write here instead of your library (./ships/, or the first --library).")] = None,
    force: LibraryForceOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Write a commented scenario file into your library."""
    from . import app as core

    folder, library = _destination(folder, library)
    lib = _library(library)
    path = core.new_scenario(lib, name, folder=folder, force=force)
    _console().print(f"wrote {path} — edit it, then run: shipyard validate {path}")


@app.command()
def schema(
    what: Annotated[str, typer.Argument(help="vessel, fort, scenario or house-rules.")],
    markdown: Annotated[bool, typer.Option("--markdown", help="The field reference as Markdown instead of JSON Schema.")] = False,
) -> None:
    """Print the JSON Schema of a file type (for editors), or its field reference as Markdown."""
    from .library import schema as file_schema

    if markdown:
        print(file_schema.markdown(what), end="")
    else:
        print(json.dumps(file_schema.json_schema(what), indent=2, ensure_ascii=False))


@app.command("import")
@_stops_cleanly
def import_cmd(
    args: Annotated[list[str], typer.Argument(metavar="infobox FILE | FILE.zip",
                                              help="`infobox FILE`: a Wikipedia ship infobox's wikitext; or a zip of ships.")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Where to write (default: your library).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace files of yours that are there already.")] = False,
    replace: ReplaceOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Turn a Wikipedia infobox into a draft vessel file, or take in a friend's zip of ships and scenarios."""
    from . import app as core

    lib = _library(library)
    if args[0] == "infobox":
        if len(args) != 2:
            raise ShipyardError("usage: shipyard import infobox FILE [-o OUT.yaml]")
        result = core.import_infobox(lib, Path(args[1]), output, force=force, replace=replace)
        _console().print(f"wrote {result.path} — a draft: check it against your sources, then run: shipyard validate {result.path}")
        for line in result.notes:
            _console().print(f"  {line}")
        return
    if len(args) != 1 or not args[0].lower().endswith(".zip"):
        raise ShipyardError(f"import {' '.join(args)!r}: expected `infobox FILE` or a .zip written by `shipyard export ships`")
    for path in core.import_zip(lib, Path(args[0]), output, force=force, replace=replace):
        _console().print(f"added {path}")


@app.command("export")
@_stops_cleanly
def export_cmd(
    what: Annotated[str, typer.Argument(metavar="ships", help="What to export: ships.")],
    ids: Annotated[list[str], typer.Argument(metavar="ID...", help="Vessels, forts or scenarios (a scenario takes your ships in it).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The zip file to write.")],
    force: ForceOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Put some of your ships and scenarios in one zip file to give to a friend (`shipyard import FILE.zip`)."""
    from . import app as core

    if what != "ships":
        raise ShipyardError(f"export {what!r}: only `shipyard export ships ID... -o FILE.zip`")
    files = core.export_zip(_library(library), ids, output, force=force)
    _console().print(f"wrote {output} ({_count(len(files), 'file')}: {', '.join(files)})")

GamesDirOpt = Annotated[Optional[Path], typer.Option(
    "--library", "-L", help="Your folder, where the games are kept (default ./ships/, or the first $SHIPYARD_LIBRARY).")]
UrlOpt = Annotated[Optional[str], typer.Option("--url", help="The address `shipyard serve --host 0.0.0.0` answers on, for the links (default: this machine's network address, port 8600).")]


def _games(folder: Optional[Path]):
    from .app.games import games_store
    from .paths import user_library_home

    return games_store(folder or user_library_home())


def _game_links(game: dict, url: str) -> dict:
    from .app.games import game_links

    return game_links(game["id"], game["keys"], url.rstrip("/"))


@game_app.command("new")
@_stops_cleanly
def game_new(
    scenario: Annotated[str, typer.Argument(help="The scenario to play (`shipyard scenarios` lists them).")],
    rules: RulesOpt,
    state: Annotated[Optional[Path], typer.Option("--state", help="A campaign file (`shipyard game export`): the units start as it left them.")] = None,
    url: UrlOpt = None,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help="Print each link as a QR code to scan too.")] = True,
    library: GamesDirOpt = None,
) -> None:
    """Start a game: every unit's live record sheet, with a link for each side, the host and a watcher."""
    from . import app as core
    from .app import games
    from .web.serving import qr_lines

    lib = _library([library] if library else None)
    store = _games(library)
    if url is None:
        from .web.serving import lan_address, url_host

        url = f"http://{url_host(lan_address() or '127.0.0.1')}:8600"
    game = games.new_game(store, lib, scenario, rules, state, url=url)
    con = _console()
    con.print(f"game {game['id']}: {scenario} under {core.ruleset(rules).title}"
              + (f", opening from {state}" if state else "") + f" — open the links with `shipyard serve` running")
    for who, link in _game_links(game, url).items():
        con.print(f"  {who}: {link}")
        if qr:
            con.print("\n".join(qr_lines(link)), markup=False, highlight=False)


@game_app.command("list")
@_stops_cleanly
def game_list(library: GamesDirOpt = None) -> None:
    """The games in your folder, oldest first."""
    import time as _time

    rows = _games(library).games()
    if not rows:
        _console().print("no games yet: `shipyard game new SCENARIO --rules R` starts one")
    for row in rows:
        when = _time.strftime("%Y-%m-%d %H:%M", _time.localtime(row.created))
        _console().print(f"{row.id}  {row.scenario}  {row.rules}  started {when}")


@game_app.command("export")
@_stops_cleanly
def game_export(
    game: Annotated[str, typer.Argument(help="The game's id (`shipyard game list`).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The campaign file to write (YAML).")],
    force: ForceOpt = False,
    library: GamesDirOpt = None,
) -> None:
    """Write the units' state at the end of a game to a campaign file, for the next game or a pack."""
    from .app import games

    store = _games(library)
    if store.game(game) is None:
        raise ShipyardError(f"no game {game!r} in your folder (`shipyard game list` lists them)")
    state = games.campaign_state(store, _library([library] if library else None), game)
    games.write_campaign(state, output, replace=force)
    _console().print(f"wrote {output}: {_count(len(state['units']), 'damaged unit')} after turn {state['turn']}")


@game_app.command("repair")
@_stops_cleanly
def game_repair(
    state: Annotated[Path, typer.Argument(help="A campaign file (`shipyard game export`).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The repaired campaign file to write.")],
    house_rules: HouseOpt = None,
    force: ForceOpt = False,
    library: LibraryOpt = None,
) -> None:
    """The repair step between two games: each unit still in the fight repairs what the rule set (or your house
    rule) allows; the file given is not changed."""
    from .app import games

    repaired = games.repair(games.read_campaign(state), _library(library), house_rules)
    games.write_campaign(repaired, output, replace=force)
    _console().print(f"wrote {output}: repaired {repaired['repaired']}")


@app.command()
def serve(
    port: Annotated[int, typer.Option("--port", help="The port to serve on.")] = 8600,
    library: Annotated[Optional[Path], typer.Option("--library", "-L", help="Your ship library (default ./ships/).")] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on: 127.0.0.1 or ::1 for this machine only; 0.0.0.0 for a tablet on your network (the server then prints a link with a key, and a QR code).")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = False,
) -> None:
    """The designer in a browser: the library, every ship's stats and sheets, an editor, scenarios and packs."""
    from .web.serving import serve as run

    if not 1 <= port <= 65535:
        raise ShipyardError(f"--port {port}: expected 1 to 65535")
    from .paths import user_library_home

    _hang_up_as_terminated()
    run(port=port, user_dir=library or user_library_home(), host=host, open_browser=not no_browser, say=_console().print)


def _hang_up_as_terminated() -> None:
    """A closed terminal (SIGHUP) stops the server as `kill` (SIGTERM) and Ctrl-C do: the requests under way (a
    ship being saved) are answered first. Left alone under `nohup`."""
    import signal

    if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is signal.SIG_DFL:
        signal.signal(signal.SIGHUP, lambda signum, frame: signal.raise_signal(signal.SIGTERM))


def _command_tree(argv: list[str]):
    """The click command tree this run needs. Typer makes every command's options as it builds a tree (~45 M
    instructions for all of them, 0.7 % of a pack): where the first word names a command (or `new`), only it is
    built; the whole tree where none comes first (`shipyard`, `--help`, `--version`) or the word names none of ours
    (click's "No such command" then lists them all)."""
    import copy

    word = argv[0] if argv and not argv[0].startswith("-") else None
    picked = copy.copy(app)  # the app as it is, with only the named command: every other run builds its own
    picked.registered_commands = [c for c in app.registered_commands
                                  if (c.name or typer.main.get_command_name(c.callback.__name__)) == word]
    picked.registered_groups = [g for g in app.registered_groups if g.name == word]
    if not picked.registered_commands and not picked.registered_groups:
        picked = app
    return typer.main.get_command(picked)


COLLECT_EVERY = (100_000, 20, 20)  # gc thresholds of a shipyard command (see main)
PLUGINS_OFF = ("__all__", "1", "true")  # the values of PYDANTIC_DISABLE_PLUGINS by which pydantic loads none
PLUGIN_LOADER = "pydantic.plugin._loader"


def _plugins_looked_for_only_when_wanted() -> None:
    """pydantic asks its plugin loader for plugins as it builds each validator, and the loader's module imports
    importlib.metadata (with email, zipfile, csv: ~70 M instructions, 1.4 % of a pack) before it reads
    PYDANTIC_DISABLE_PLUGINS. In its place until it is needed: a loader that answers "none" while that variable says
    none, as the real one does, and otherwise (or for any other name) loads the real one and hands over to it."""
    import types

    if PLUGIN_LOADER in sys.modules:
        return
    stand_in = types.ModuleType(PLUGIN_LOADER, "Stands in for pydantic's plugin loader (shipyard.cli).")

    def real():
        if sys.modules.get(PLUGIN_LOADER) is stand_in:
            del sys.modules[PLUGIN_LOADER]
        import importlib

        return importlib.import_module(PLUGIN_LOADER)

    def get_plugins():
        if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in PLUGINS_OFF:
            return ()
        return real().get_plugins()

    def other(name):
        if name.startswith("__"):  # what the import system asks of any module (__path__: is it a package?)
            raise AttributeError(name)
        return getattr(real(), name)

    stand_in.get_plugins = get_plugins
    stand_in.__getattr__ = other
    sys.modules[PLUGIN_LOADER] = stand_in


def main() -> None:
    """Entry point: no traceback for a user's mistake, a non-zero exit for any failure."""
    use_stand_ins()
    # a command's start (imports, class and model building, the library) and a build (blocks, lines, operators) make
    # some hundred thousand objects that live to the end or die young, and few cycles: the youngest generation is
    # collected every 100,000 allocations rather than every 700 (mypy does the same at 200,000). A Mobile Bay pack
    # spent ~40 ms CPU collecting (128 collections before its build, one of them full); now ~22 ms, 2 MB more RSS
    gc.set_threshold(*COLLECT_EVERY)
    # shipyard's models are its own, for no pydantic plugin (a tracer such as logfire) to instrument; looking for one
    # reads every installed distribution's entry points, 17-24 ms of every command. PYDANTIC_DISABLE_PLUGINS set by
    # the user (empty: load them all) is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _plugins_looked_for_only_when_wanted()
    try:
        from .helpwords import name_the_rule_sets, plain_words

        command = _command_tree(sys.argv[1:])
        plain_words(command)
        if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
            name_the_rule_sets(command)
        code = command.main(prog_name="shipyard", standalone_mode=False)
    except ShipyardError as exc:
        from rich.markup import escape

        _notices(told=tuple(str(p) for p in exc.problems))
        err = _console(stderr=True)
        for p in exc.problems:
            err.print(f"[red]error:[/red] {escape(_printable(str(p)))}", markup=True)
        if os.environ.get("SHIPYARD_DEBUG") and exc.__cause__ is not None:
            import traceback

            traceback.print_exception(exc.__cause__)
        sys.exit(2)
    except OSError as exc:  # a folder that cannot be made, a full disk, a file that cannot be read
        _notices()
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted: no partial output was kept", file=sys.stderr)
        sys.exit(130)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("aborted", file=sys.stderr)
        sys.exit(1)
    except Exception as exc:  # usage errors from the command-line parser; else a fault of shipyard's own
        if hasattr(exc, "show") and hasattr(exc, "exit_code"):
            exc.show()
            sys.exit(exc.exit_code)
        if os.environ.get("SHIPYARD_DEBUG"):
            raise
        _notices()
        print(f"internal error: {type(exc).__name__}: {_printable(str(exc))[:300]}\n"
              "This is a fault in shipyard, not in your files; nothing part-written was kept. "
              "SHIPYARD_DEBUG=1 shows where it happened (please report it with the command).", file=sys.stderr)
        sys.exit(70)
    _notices()
    # Typer turns Ctrl-C inside a command into Exit(130) and, outside standalone mode, returns that code
    if code == 130:
        print("interrupted: no partial output was kept", file=sys.stderr)
        sys.exit(130)
    if isinstance(code, int) and code:
        sys.exit(code)


def script() -> None:
    """The `shipyard` command itself (the console script, `python -m shipyard`): main(), then an exit that leaves
    freeing the process's memory to the system, as mypy's does. A normal exit tears the interpreter down object by
    object (~100 ms CPU after a Mobile Bay pack, 7 % of it); what must happen at the end still does: the atexit
    handlers run (the kept code is written, an unfinished PDF's part file is removed) and both streams are flushed.
    main() itself exits normally, for the programs that call it in their own process (the tests' in-process runner).
    """
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    threading = sys.modules.get("threading")
    if not isinstance(code, int) or (threading is not None and threading.active_count() > 1):
        sys.exit(code)  # a message to print, or threads the interpreter waits for: its own exit
    import atexit

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # a reader gone, a stream closed or none: the interpreter's exit reports it, as before
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    script()
