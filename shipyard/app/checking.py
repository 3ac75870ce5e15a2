"""Checking what a user gives: a scenario's opening damage against the tracks each unit has, a house-rules
file, the user's own ships and scenarios, files named on the command line, each for what it is."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import Problem, ShipyardError, display_path
from .library import load_library, rulesets, context, scenario_units, derive


# ---------------------------------------------------------------------------------------------
# Opening damage


def damage_capacity(rs, derived, ctx=None, unit=None) -> dict[str, int]:
    """The boxes of every damage track a unit's printed aid has under a rule set, by the names a scenario's
    `damage:` may use: the rule set answers (its damage_tracks, and the trackers a game's live sheet and a campaign
    file name them by); with the unit, every other box of her sheet too (live_checks: 'gun 3', 'rudder')."""
    checks = {c.name: c.boxes for c in rs.live_checks(unit, derived, ctx)} if unit is not None else {}
    return {**rs.damage_tracks(derived, ctx), **rs.live_tracks(derived, ctx), **checks}


def check_damage(library, scenario, rs, units, ctx=None) -> None:
    """A scenario's opening damage against the tracks each unit has under this rule set: more boxes than a
    track holds is an error naming the scenario file, line and field (a name no rule set knows is refused
    when the scenario loads), and so, on pre-damaged copies, is a unit whose damage names none of the tracks its
    sheet has under this rule set (a track another rule set keeps): it would print blank."""
    from ..rules import damage_track_known

    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    derived_of = {unit.id: d for _, unit, d in units}
    unit_of = {unit.id: unit for _, unit, _ in units}
    pre_damaged = getattr(getattr(ctx, "options", None), "copies", "blank") == "pre-damaged"
    problems = []
    for i, side in enumerate(scenario.sides):
        for j, su in enumerate(side.units):
            if not su.damage or su.id not in derived_of:
                continue
            tracks = damage_capacity(rs, derived_of[su.id], ctx)
            capacity = {**damage_capacity(rs, derived_of[su.id], ctx, unit_of[su.id]), **tracks}
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
                                        f"does not have (it has {', '.join(tracks or capacity)}), so a pre-damaged copy "
                                        f"would print it blank: add {next(iter(tracks or capacity))}: N beside {track}, "
                                        f"or print blank copies"))
    if problems:
        raise ShipyardError(problems)


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
    from ..paths import is_bundled

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
    from ..paths import is_bundled

    problems: list[Problem] = []
    for key, entry in library.origin.items():
        if is_bundled(entry.path):
            continue
        from ..render import fonts  # ReportLab and the faces: only where there is a file of the user's to check

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
    from ..library.library import kind_of
    from ..library.yamlfile import read_yaml

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
