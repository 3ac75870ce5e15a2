"""The vessel library: ordnance catalogue, vessels, forts and scenarios, loaded and cross-checked.

`Library.load([dirs])` reads the bundled library plus any user folders. Every problem names the
file, the line and the field; `validate` collects all problems of a file, `load` stops at the
first bad file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from ..paths import library_dir
from .errors import Problem, ShipyardError, did_you_mean, display_path
from .model import Fort, Mount, Ordnance, Scenario, Unit, Vessel
from .yamlfile import Located, read_yaml

ORDNANCE_FILE = "ordnance.yaml"
SCENARIO_DIR = "scenarios"


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _field_names(model: type[BaseModel]) -> set[str]:
    names = set()
    for name, info in model.model_fields.items():
        names.add(info.alias or name)
    return names


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """Follow a validation location into nested models, to suggest names for an unknown key."""
    import typing

    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = None
        for name, f in current.model_fields.items():
            if part in (name, f.alias):
                info = f
        if info is None:
            return None
        ann = info.annotation
        # unwrap Optional[...] / list[...] to the model inside
        for _ in range(4):
            args = [a for a in typing.get_args(ann) if a is not type(None)]
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                break
            if not args:
                break
            ann = args[0]
        current = ann
    if isinstance(current, type) and issubclass(current, BaseModel):
        return current
    return None


def problems_from_validation(exc: ValidationError, located: Located, path: Path, model: type[BaseModel]) -> list[Problem]:
    problems = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in ("function-after", "function-before")))
        field_path = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
        line = located.line_of(loc)
        kind = err["type"]
        if kind == "extra_forbidden":
            parent = _model_at(model, loc)
            hint = did_you_mean(str(loc[-1]), _field_names(parent)) if parent else ""
            message = f"unknown key {loc[-1]!r}{hint}"
        elif kind == "missing":
            message = "required field is missing"
        else:
            message = err["msg"]
            if message.startswith("Value error, "):
                message = message[len("Value error, "):]
            got = err.get("input")
            if kind not in ("model_type",) and not isinstance(got, (dict, list)) and got is not None:
                message += f" (got {got!r})"
        problems.append(Problem(display_path(path), line, field_path or None, message))
    return problems


@dataclass
class Entry:
    """A loaded object and where it came from, for error messages."""

    obj: Any
    path: Path
    located: Located


@dataclass
class Library:
    ordnance: dict[str, Ordnance] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    origin: dict[str, Entry] = field(default_factory=dict)
    _aliases: dict[str, str] = field(default_factory=dict)

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    def load(cls, extra_dirs: Iterable[Path | str] = (), *, bundled: bool = True, collect: bool = False) -> "Library":
        """Load the bundled library and user folders. Raises ShipyardError on the first bad file
        (or, with collect=True, after reading everything, with every problem found)."""
        lib = cls()
        dirs = ([library_dir()] if bundled else []) + [Path(d) for d in extra_dirs]
        problems: list[Problem] = []
        for d in dirs:
            if not d.exists():
                raise ShipyardError([Problem(display_path(d), None, None, "no such folder")])
        files_by_kind: dict[str, list[Path]] = {"ordnance": [], "unit": [], "scenario": []}
        for d in dirs:
            if d.is_file():
                files_by_kind["unit"].append(d)
                continue
            for p in sorted(d.rglob("*.yaml")) + sorted(d.rglob("*.yml")):
                if p.name == ORDNANCE_FILE:
                    files_by_kind["ordnance"].append(p)
                elif SCENARIO_DIR in p.relative_to(d).parts[:-1]:
                    files_by_kind["scenario"].append(p)
                else:
                    files_by_kind["unit"].append(p)

        def run(step, p: Path) -> None:
            try:
                step(p)
            except ShipyardError as exc:
                if not collect:
                    raise
                problems.extend(exc.problems)

        for p in files_by_kind["ordnance"]:
            run(lib._load_ordnance, p)
        for p in files_by_kind["unit"]:
            run(lib._load_unit, p)
        for p in files_by_kind["scenario"]:
            run(lib._load_scenario, p)
        if problems:
            raise ShipyardError(problems)
        return lib

    def _load_ordnance(self, path: Path) -> None:
        located = read_yaml(path)
        data = located.data
        if not isinstance(data, dict) or not isinstance(data.get("ordnance"), list):
            raise ShipyardError([Problem(display_path(path), 1, "ordnance", "expected a mapping with a list under 'ordnance'")])
        unknown = set(data) - {"ordnance"}
        if unknown:
            key = sorted(unknown)[0]
            raise ShipyardError([Problem(display_path(path), located.line_of((key,)), key, "unknown key (expected only 'ordnance')")])
        problems = []
        for i, item in enumerate(data["ordnance"]):
            try:
                gun = Ordnance.model_validate(item)
            except ValidationError as exc:
                sub = Located(item, {k[2:]: v for k, v in located.lines.items() if k[:2] == ("ordnance", i)})
                problems.extend(
                    Problem(p.file, p.line, f"ordnance[{i}].{p.field}" if p.field else f"ordnance[{i}]", p.message)
                    for p in problems_from_validation(exc, sub, path, Ordnance)
                )
                continue
            line = located.line_of(("ordnance", i))
            if gun.id in self.ordnance:
                problems.append(Problem(display_path(path), line, f"ordnance[{i}].id", f"duplicate ordnance id {gun.id!r}"))
                continue
            for name in [gun.id, gun.name, *gun.aliases]:
                key = _norm(name)
                if key in self._aliases and self._aliases[key] != gun.id:
                    problems.append(Problem(display_path(path), line, f"ordnance[{i}]", f"name {name!r} already names {self._aliases[key]!r}"))
                self._aliases[key] = gun.id
            self.ordnance[gun.id] = gun
        if problems:
            raise ShipyardError(problems)

    def _load_unit(self, path: Path) -> None:
        located = read_yaml(path)
        data = located.data
        if not isinstance(data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "expected a mapping of vessel (or fort) fields")])
        model: type[BaseModel] = Fort if data.get("kind") == "fort" else Vessel
        try:
            unit = model.model_validate(data)
        except ValidationError as exc:
            raise ShipyardError(problems_from_validation(exc, located, path, model)) from None
        problems = []
        if unit.id != path.stem:
            problems.append(Problem(display_path(path), located.line_of(("id",)), "id", f"id {unit.id!r} must match the file name {path.stem!r}"))
        if unit.id in self.units:
            other = display_path(self.origin[unit.id].path)
            problems.append(Problem(display_path(path), located.line_of(("id",)), "id", f"duplicate id {unit.id!r} (also in {other})"))
        problems.extend(self._check_guns(unit, path, located))
        if problems:
            raise ShipyardError(problems)
        self.units[unit.id] = unit
        self.origin[unit.id] = Entry(unit, path, located)

    def _check_guns(self, unit: Unit, path: Path, located: Located) -> list[Problem]:
        problems = []
        groups = [("armament", unit.armament)]
        if isinstance(unit, Vessel):
            groups += [(f"refits[{i}].armament", r.armament) for i, r in enumerate(unit.refits) if r.armament]
        for prefix, mounts in groups:
            for j, m in enumerate(mounts):
                if self.find_ordnance(m.gun) is None:
                    loc = tuple(int(x) if x.isdigit() else x for x in prefix.replace("[", ".").replace("]", "").split(".")) + (j, "gun")
                    problems.append(Problem(
                        display_path(path), located.line_of(loc), f"{prefix}[{j}].gun",
                        f"unknown ordnance {m.gun!r}{did_you_mean(m.gun, self._ordnance_names())}",
                    ))
        return problems

    def _load_scenario(self, path: Path) -> None:
        located = read_yaml(path)
        data = located.data
        if not isinstance(data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "expected a mapping of scenario fields")])
        try:
            scenario = Scenario.model_validate(data)
        except ValidationError as exc:
            raise ShipyardError(problems_from_validation(exc, located, path, Scenario)) from None
        problems = []
        if scenario.id != path.stem:
            problems.append(Problem(display_path(path), located.line_of(("id",)), "id", f"id {scenario.id!r} must match the file name {path.stem!r}"))
        if scenario.id in self.scenarios:
            problems.append(Problem(display_path(path), located.line_of(("id",)), "id", f"duplicate scenario id {scenario.id!r}"))
        ids = {u.id for s in scenario.sides for u in s.units}
        for i, side in enumerate(scenario.sides):
            for j, u in enumerate(side.units):
                if u.id not in self.units:
                    problems.append(Problem(
                        display_path(path), located.line_of(("sides", i, "units", j, "id")), f"sides[{i}].units[{j}].id",
                        f"no vessel or fort {u.id!r} in the library{did_you_mean(u.id, self.units)}",
                    ))
                if u.lashed_to and u.lashed_to not in ids:
                    problems.append(Problem(
                        display_path(path), located.line_of(("sides", i, "units", j, "lashed_to")), f"sides[{i}].units[{j}].lashed_to",
                        f"{u.lashed_to!r} is not in this scenario",
                    ))
        if problems:
            raise ShipyardError(problems)
        self.scenarios[scenario.id] = scenario
        self.origin["scenario:" + scenario.id] = Entry(scenario, path, located)

    @classmethod
    def load_scenario_file(cls, lib: "Library", path: Path) -> Scenario:
        """A user's scenario file outside the library folders."""
        lib._load_scenario(Path(path))
        return lib.scenarios[Path(path).stem]

    # -- lookup --------------------------------------------------------------------------------

    def _ordnance_names(self) -> list[str]:
        names = []
        for g in self.ordnance.values():
            names += [g.id, g.name, *g.aliases]
        return names

    def find_ordnance(self, name: str) -> Ordnance | None:
        gid = self._aliases.get(_norm(name))
        return self.ordnance.get(gid) if gid else None

    def gun(self, mount: Mount | Any) -> Ordnance:
        found = self.find_ordnance(mount.gun)
        if found is None:
            raise ShipyardError(f"unknown ordnance {mount.gun!r}{did_you_mean(mount.gun, self._ordnance_names())}")
        return found

    @property
    def vessels(self) -> list[Vessel]:
        return [u for u in self.units.values() if isinstance(u, Vessel)]

    @property
    def forts(self) -> list[Fort]:
        return [u for u in self.units.values() if isinstance(u, Fort)]

    def find(self, name: str) -> Unit:
        """A vessel or fort by id, or by an unambiguous part of its name ("hartford")."""
        if name in self.units:
            return self.units[name]
        key = _norm(name)
        if len(key) < 3:
            raise ShipyardError(f"no vessel or fort named {name!r}: give an id or at least three letters of a name"
                                f"{did_you_mean(name, self.units)}")
        matches = [u for u in self.units.values() if key in _norm(u.name) or key in _norm(u.id)]
        exact = [u for u in matches if _norm(u.name) == key or _norm(u.name).endswith(key) and len(key) >= 4 and _norm(u.name) in (_norm("USS " + name), _norm("CSS " + name))]
        if len(matches) == 1:
            return matches[0]
        if len(exact) == 1:
            return exact[0]
        if not matches:
            raise ShipyardError(f"no vessel or fort named {name!r}{did_you_mean(name, self.units)}")
        listing = ", ".join(f"{u.id} ({u.name})" for u in sorted(matches, key=lambda u: u.id)[:12])
        raise ShipyardError(f"{name!r} is ambiguous: it could be {listing}")

    def scenario(self, name: str) -> Scenario:
        if name in self.scenarios:
            return self.scenarios[name]
        p = Path(name)
        if p.suffix in (".yaml", ".yml"):
            if not p.exists():
                raise ShipyardError(f"no scenario file {name!r}")
            return Library.load_scenario_file(self, p)
        raise ShipyardError(f"no scenario {name!r}{did_you_mean(name, self.scenarios)}")

    def scenario_units(self, scenario: Scenario) -> list[tuple[str, Unit]]:
        """(side name, unit as of its date) for every unit of a scenario, in order."""
        out = []
        for side in scenario.sides:
            for su in side.units:
                out.append((side.name, self.units[su.id].as_of(su.as_of or scenario.date)))
        return out
