"""The shipyard command line: parse, call, report. Heavy modules load only when a command needs them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .spec.errors import ShipyardError

app = typer.Typer(
    name="shipyard",
    help="American Civil War warships: from history to game statistics and printable play aids.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

LibraryOpt = Annotated[Optional[list[Path]], typer.Option("--library", "-L", help="Add a folder of your own vessels (repeatable).")]
RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Rule set: sotw, saunders, really-simple, quick-play.")]
AsOfOpt = Annotated[Optional[str], typer.Option("--as-of", help="The vessel as she stood on this date (YYYY-MM-DD).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
HouseOpt = Annotated[Optional[Path], typer.Option("--house-rules", help="YAML file replacing rows of the rule set's tables.")]
PaperOpt = Annotated[str, typer.Option("--paper", help="a4 or letter.")]
ScaleOpt = Annotated[Optional[str], typer.Option("--scale", help="Model scale: 1/600 or 1/1200 (default: the rule set's own).")]
OutOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Output PDF file.")]


def _console(stderr: bool = False):
    from rich.console import Console

    # markup off: vessel names, paths and table cells are the user's text, and "[/x]" in them is no style tag
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False)


def _library(extra: Optional[list[Path]]):
    from .spec.library import Library

    return Library.load(extra or [])


def _as_of(unit, as_of: Optional[str]):
    if as_of is None:
        return unit
    from .spec.model import _check_partial_date

    try:
        _check_partial_date(as_of)
    except ValueError as exc:
        raise ShipyardError(f"--as-of {as_of!r}: {exc}") from None
    return unit.as_of(as_of)


def _check_paper(paper: str) -> str:
    paper = paper.lower()
    if paper not in ("a4", "letter"):
        raise ShipyardError(f"--paper {paper!r}: expected a4 or letter")
    return paper


# ---------------------------------------------------------------------------------------------
# Library commands


@app.command()
def vessels(
    navy: Annotated[Optional[str], typer.Option("--navy", help="Only this navy (USN, CSN, 'US Army', ...).")] = None,
    json_out: JsonOpt = False,
    library: LibraryOpt = None,
) -> None:
    """List the vessels and forts in the library."""
    from .spec.index import load_rows

    rows = load_rows(library or [])
    if navy:
        navies = sorted({r["navy"] for r in rows})
        rows = [r for r in rows if r["navy"].lower() == navy.lower()]
        if not rows:
            raise ShipyardError(f"no units of navy {navy!r}; navies in the library: " + ", ".join(navies))
    if json_out:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    from rich.table import Table

    table = Table(title=f"{len(rows)} vessels and forts")
    for col in ("id", "name", "navy", "type", "class"):
        table.add_column(col)
    for r in rows:
        table.add_row(*(str(r[c] or "") for c in ("id", "name", "navy", "type", "class")))
    _console().print(table)


@app.command()
def show(
    vessel: Annotated[str, typer.Argument(help="Vessel id or an unambiguous part of its name.")],
    as_of: AsOfOpt = None,
    json_out: JsonOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Print one vessel's specification as history records it."""
    lib = _library(library)
    unit = _as_of(lib.find(vessel), as_of)
    data = unit.model_dump(mode="json", by_alias=True, exclude_none=True)
    if json_out:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    import yaml

    from rich.markup import escape

    _console().print(f"[bold]{escape(unit.name)}[/bold]" + (f"  (as of {as_of})" if as_of else ""), markup=True)
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110))


@app.command()
def validate(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Extra folders or files to check with the bundled library.")] = None,
) -> None:
    """Check the bundled library plus any folders of your own; list every problem found."""
    from .spec.library import Library

    lib = Library.load(paths or [], collect=True)
    _console().print(
        f"ok: {len(lib.vessels)} vessels, {len(lib.forts)} forts, {len(lib.ordnance)} ordnance models, "
        f"{len(lib.scenarios)} scenarios"
    )


# ---------------------------------------------------------------------------------------------
# Rule-set commands


def _derive_all(target: str, rules: str, as_of, library, house_rules, scale):
    """Derive stats for a vessel/fort or for every unit of a scenario. Returns (ruleset, lib, [(side, unit, derived)])."""
    rs, lib, ctx = _ruleset_context(rules, library, house_rules, scale)
    from .pack import derive_unit

    if target in lib.scenarios or target.endswith((".yaml", ".yml")):
        scenario = lib.scenario(target)
        ctx.scenario = scenario  # a rule set may use values its author published for this scenario
        items = [(side, unit, derive_unit(rs, lib, unit, ctx)) for side, unit in lib.scenario_units(scenario)]
    else:
        unit = _as_of(lib.find(target), as_of)
        items = [(None, unit, derive_unit(rs, lib, unit, ctx))]
    return rs, lib, ctx, items


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


@app.command()
def stats(
    target: Annotated[str, typer.Argument(help="Vessel, fort, or scenario name.")],
    rules: RulesOpt,
    as_of: AsOfOpt = None,
    json_out: JsonOpt = False,
    fmt: Annotated[Optional[str], typer.Option("--format", help="json, csv or md.")] = None,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    templates: Annotated[Optional[Path], typer.Option("--templates", help="Folder of Jinja templates overriding the bundled ones.")] = None,
    library: LibraryOpt = None,
) -> None:
    """Derive a unit's game statistics under one rule set."""
    rs, lib, ctx, items = _derive_all(target, rules, as_of, library, house_rules, scale)
    if fmt is not None:
        from .export import export

        print(export([(side, d) for side, _, d in items], fmt, rs, templates), end="")
        return
    if json_out:
        out = [d.to_json() for _, _, d in items]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2, ensure_ascii=False))
        return
    from rich.table import Table

    console = _console()
    for side, unit, d in items:
        table = Table(title=f"{unit.name} — {rs.title}" + (f" ({side})" if side else ""), show_header=False)
        table.add_column("stat", style="bold")
        table.add_column("value")
        for path, value in _flatten(d.values):
            table.add_row(path, _fmt(value))
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
    rs, lib, ctx, items = _derive_all(vessel, rules, as_of, library, house_rules, scale)
    from rich.table import Table

    console = _console()
    for _, unit, d in items:
        table = Table(title=f"{unit.name} — {rs.title}: how each value was reached")
        table.add_column("stat", style="bold", no_wrap=True)
        table.add_column("value")
        table.add_column("because")
        for path, value, reason in d.explanation():
            table.add_row(path, _fmt(value), reason)
        console.print(table)


def _ruleset_context(rules: str, library, house_rules, scale):
    """The rule set asked for, the library, and a derivation context with house rules and scale applied."""
    from .rules import get_ruleset

    rs = get_ruleset(rules)
    lib = _library(library)
    return rs, lib, rs.context(lib, house_rules, scale)


def _write_pdf(out: Path, paper: str, title: str, subject: str, draw, true_scale: bool = False, note: str = "") -> None:
    """Draw a PDF atomically and say where it went."""
    from .render import Document

    with Document(out, paper=_check_paper(paper), title=title, subject=subject, true_scale=true_scale) as doc:
        draw(doc)
    _console().print(f"wrote {out} ({doc.page_count} pages){note}")


def _aid(rs, name: str):
    aids = rs.aids()
    fn = getattr(aids, name, None)
    if fn is None:
        raise ShipyardError(f"the {rs.title} rule set prints no {name}")
    return fn


@app.command()
def sheet(
    vessels_: Annotated[list[str], typer.Argument(metavar="VESSEL...", help="Vessels or forts (or one scenario).")],
    rules: RulesOpt,
    output: OutOpt = None,
    paper: PaperOpt = "a4",
    as_of: AsOfOpt = None,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Record sheets (or cards) for one or more vessels."""
    rs, lib, ctx = _ruleset_context(rules, library, house_rules, scale)
    units = []
    for name in vessels_:
        if name in lib.scenarios:
            ctx.scenario = lib.scenarios[name]
            units += [u for _, u in lib.scenario_units(lib.scenarios[name])]
        else:
            units.append(_as_of(lib.find(name), as_of))
    derived = [(u, rs.derive(u, ctx)) for u in units]
    title = ", ".join(u.name for u in units[:4]) + (" …" if len(units) > 4 else "")
    draw = _aid(rs, "sheets")
    _write_pdf(output or Path("output") / f"{rs.key}-sheets.pdf", paper, f"{rs.title} record sheets: {title}",
               f"{rs.title} record sheets", lambda doc: draw(doc, derived, ctx))


@app.command("templates")
def templates_cmd(
    rules: RulesOpt,
    output: OutOpt = None,
    paper: PaperOpt = "a4",
    scale: ScaleOpt = None,
    house_rules: HouseOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Turning templates and gauges at true scale, with a calibration bar."""
    rs, lib, ctx = _ruleset_context(rules, library, house_rules, scale)
    draw = _aid(rs, "templates")
    _write_pdf(output or Path("output") / f"{rs.key}-templates-{ctx.scale.replace('/', '-')}.pdf", paper,
               f"{rs.title} templates ({ctx.scale})", f"{rs.title} turning templates and gauges",
               lambda doc: draw(doc, ctx), true_scale=True, note=" — print at 100 % / Actual size")


@app.command()
def counters(
    rules: RulesOpt,
    scenario: Annotated[Optional[str], typer.Argument(help="Scenario (numbers and speeds for its units).")] = None,
    output: OutOpt = None,
    paper: PaperOpt = "a4",
    fold: Annotated[bool, typer.Option("--fold", help="Fold-over layout instead of duplex backs.")] = False,
    backs: Annotated[bool, typer.Option("--backs/--no-backs", help="Print backs (duplex, mirrored).")] = False,
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """Speed, turn-order and marker counters with cut marks."""
    rs, lib, ctx = _ruleset_context(rules, library, house_rules, scale)
    units = []
    if scenario:
        ctx.scenario = lib.scenario(scenario)
        units = [(side, u, rs.derive(u, ctx)) for side, u in lib.scenario_units(ctx.scenario)]
    draw = _aid(rs, "counters")
    _write_pdf(output or Path("output") / f"{rs.key}-counters.pdf", paper, f"{rs.title} counters",
               f"{rs.title} counters and markers", lambda doc: draw(doc, units, ctx, fold=fold, backs=backs))


@app.command()
def roster(
    scenario: Annotated[str, typer.Argument(help="Scenario name or file.")],
    rules: RulesOpt,
    output: OutOpt = None,
    paper: PaperOpt = "a4",
    house_rules: HouseOpt = None,
    scale: ScaleOpt = None,
    library: LibraryOpt = None,
) -> None:
    """The order of battle as printed rosters per side."""
    rs, lib, ctx = _ruleset_context(rules, library, house_rules, scale)
    scen = ctx.scenario = lib.scenario(scenario)
    units = [(side, u, rs.derive(u, ctx)) for side, u in lib.scenario_units(scen)]
    draw = _aid(rs, "roster")
    _write_pdf(output or Path("output") / f"{scen.id}-{rs.key}-roster.pdf", paper, f"{scen.name}: {rs.title} roster",
               f"{rs.title} order of battle", lambda doc: draw(doc, scen, units, ctx))


@app.command()
def pack(
    scenario: Annotated[str, typer.Argument(help="A bundled scenario (mobile-bay-1864) or your own scenario file.")],
    rules: Annotated[Optional[list[str]], typer.Option("--rules", "-r", help="Rule set (repeatable; default: all four).")] = None,
    paper: Annotated[Optional[str], typer.Option("--paper", help="a4 or letter.")] = None,
    scale: ScaleOpt = None,
    side: Annotated[Optional[list[str]], typer.Option("--side", help="Only this side's units (repeatable).")] = None,
    output_dir: Annotated[Optional[Path], typer.Option("--output-dir", "-o", help="Folder for the PDFs (default output/).")] = None,
    preset: Annotated[Optional[Path], typer.Option("--preset", help="A saved options file (YAML).")] = None,
    save_preset: Annotated[Optional[Path], typer.Option("--save-preset", help="Save these options as a preset file.")] = None,
    colour: Annotated[Optional[bool], typer.Option("--colour/--black-and-white", help="Colour or black and white.")] = None,
    copies: Annotated[Optional[str], typer.Option("--copies", help="blank or pre-damaged.")] = None,
    no: Annotated[Optional[list[str]], typer.Option("--no", help="Leave out a section: roster, sheets, templates, counters, reference.")] = None,
    house_rules: HouseOpt = None,
    templates: Annotated[Optional[Path], typer.Option("--templates", help="Folder of Jinja templates overriding the bundled ones.")] = None,
    library: LibraryOpt = None,
) -> None:
    """A whole game night: one PDF per rule set with cover, rosters, sheets, templates, counters and reference."""
    import time

    from pydantic import ValidationError

    from .pack import SECTIONS, PackOptions, build_pack
    from .rules import get_ruleset

    started = time.perf_counter()
    options = PackOptions.load(preset) if preset else PackOptions()
    changes: dict = {}
    if rules:
        changes["rules"] = [get_ruleset(r).key for r in rules]
    for key, value in (("paper", paper and paper.lower()), ("scale", scale), ("sides", side), ("output_dir", output_dir),
                       ("colour", colour), ("copies", copies), ("house_rules", house_rules), ("templates_dir", templates)):
        if value is not None:
            changes[key] = value
    for name in no or []:
        if name not in SECTIONS:
            raise ShipyardError(f"--no {name!r}: expected one of {', '.join(SECTIONS)}")
        changes[name] = False
    try:
        options = PackOptions.model_validate({**options.model_dump(), **changes})
    except ValidationError as exc:
        raise ShipyardError("; ".join(f"--{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())) from None
    rulesets = [get_ruleset(r) for r in options.rules]
    if save_preset:
        options.save(save_preset)
    lib = _library(library)
    scen = lib.scenario(scenario)
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    built = []
    console = _console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task("packing", total=len(rulesets))
        for rs in rulesets:
            built.append(build_pack(lib, scen, rs, options, step=lambda msg: progress.update(task, description=msg)))
            progress.advance(task)
    for b in built:
        _console().print(f"wrote {b.path} ({b.pages} pages)")
    pages = sum(b.pages for b in built)
    _console().print(
        f"{len(built)} file{'s' if len(built) != 1 else ''}, {pages} pages in {time.perf_counter() - started:.1f} s — "
        "print at 100 % / Actual size"
    )


def _printable(text: str) -> str:
    """A message with a file's control characters (an ANSI escape in a key name...) shown as escapes, not obeyed."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else repr(ch)[1:-1] for ch in text)


def main() -> None:
    """Entry point: no traceback for a user's mistake, a non-zero exit for any failure."""
    try:
        code = app(standalone_mode=False)
    except ShipyardError as exc:
        from rich.markup import escape

        err = _console(stderr=True)
        for p in exc.problems:
            err.print(f"[red]error:[/red] {escape(_printable(str(p)))}", markup=True)
        if os.environ.get("SHIPYARD_DEBUG") and exc.__cause__ is not None:
            import traceback

            traceback.print_exception(exc.__cause__)
        sys.exit(2)
    except OSError as exc:  # a folder that cannot be made, a full disk, a file that cannot be read
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
    except Exception as exc:  # usage errors from the command-line parser
        if hasattr(exc, "show") and hasattr(exc, "exit_code"):
            exc.show()
            sys.exit(exc.exit_code)
        raise
    # Typer turns Ctrl-C inside a command into Exit(130) and, outside standalone mode, returns that code
    if code == 130:
        print("interrupted: no partial output was kept", file=sys.stderr)
        sys.exit(130)
    if isinstance(code, int) and code:
        sys.exit(code)


if __name__ == "__main__":
    main()
