"""The library and the rule sets, and units and their stats: what every command and page starts from."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..errors import Problem, ShipyardError, display_path


# ---------------------------------------------------------------------------------------------
# The library and the rule sets


def library_folders(extra: Iterable[Path | str] = (), *, user: bool = True) -> list[Path]:
    """The user's own library folders (./ships/ or $SHIPYARD_LIBRARY) followed by any named here."""
    from ..paths import user_library_dirs

    folders = user_library_dirs() if user else []
    for p in map(Path, extra):
        if all(p.resolve() != q.resolve() for q in folders):
            folders.append(p)
    return folders


def load_library(extra: Iterable[Path | str] = (), *, user: bool = True, collect: bool = False, set_aside: bool = False):
    """The bundled library, the user's library and the folders (or files) given, loaded and cross-checked (with
    set_aside, a user's file that does not load is left out with a notice: see Library.load)."""
    from ..library.library import Library

    return Library.load(library_folders(extra, user=user), collect=collect, set_aside=set_aside)


def ruleset(name: str):
    """A rule set by key or alias, from the registry (shipyard.rules: the bundled ones and $SHIPYARD_RULESETS)."""
    from ..rules import get_ruleset

    return get_ruleset(name)


def rulesets():
    from ..rules import all_rulesets

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
    from ..library.model import partial_date_start

    if not when:
        return
    day = partial_date_start(when)
    start = getattr(unit, "launched", None) or getattr(unit, "built", None)
    if start and day < partial_date_start(start):
        _notice(library, f"{unit.name} ({unit.id}) as of {when}: she was not launched until {start}")
    lost = getattr(unit, "lost_on", None)
    if lost and day > partial_date_start(lost):
        _notice(library, f"{unit.name} ({unit.id}) as of {when}: she was lost on {lost} ({unit.fate})")


def as_of(library, unit, when: str | None, name: str = "--as-of"):
    """The unit as she stood on a date (YYYY, YYYY-MM or YYYY-MM-DD), with a note for a date outside her life;
    `name`: what the user calls the date, for a mistake ('--as-of', or a page's 'As of')."""
    if when is None:
        return unit
    from ..library.model import _check_partial_date

    try:
        _check_partial_date(when)
    except ValueError as exc:
        raise ShipyardError(f"{name} {when!r}: {exc}") from None
    check_date(library, unit, when)
    return unit.as_of(when)


def record_as_of(library, unit, when: str | None) -> dict:
    """A unit's record as `show` prints it: as she stood on the date, the refits that made her so under
    `refits_applied` and only those still to come under `refits`."""
    record = as_of(library, unit, when).model_dump(mode="json", by_alias=True, exclude_none=True)
    if when is not None and record.get("refits"):
        from ..library.model import partial_date_start

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
    from ..pack.blame import derive_unit

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
