"""The vessel library: ordnance catalogue, vessels, forts and scenarios, loaded and cross-checked.

`Library.load([dirs])` reads the bundled library plus any user folders. Every problem names the
file, the line and the field; `validate` collects all problems of a file, `load` stops at the
first bad file, or with set_aside=True leaves out a user's file that does not load (the command line: a
command that does not need it goes on) and stops only where that file is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from ..paths import is_bundled, library_dir
from ..errors import Problem, ShipyardError, did_you_mean, display_path, nearest
from .model import Fort, Mount, Ordnance, Scenario, Unit, Vessel
from .yamlfile import Located, read_file_bytes, read_yaml

ORDNANCE_FILE = "ordnance.yaml"



def damage_track_problem(track: str) -> str | None:
    """What is wrong with a damage-track name a scenario gives (None: some rule set has such a track). Which names
    there are is game knowledge: the rule sets say, through their registry."""
    from ..rules import damage_track_known, damage_track_names

    if damage_track_known(track):
        return None
    names = damage_track_names()
    plain = [n for n in names if not n.endswith(" <id>")]
    return f"no damage track {track!r}{did_you_mean(track.lower(), plain)}; tracks: " + ", ".join(names)


def library_files(dirs: Iterable[Path]) -> list[Path]:
    """Every YAML file Library.load reads from these folders (or files), in the order it reads them."""
    return [Path(name) for d in dirs for name in _file_names(Path(d))]


def _file_names(d: Path) -> list[str]:
    """The paths (as text) of the YAML files Library.load reads from a folder (or the file itself): every *.yaml and
    then every *.yml under it, each sorted part by part as sorted(d.rglob(...)) has them, none inside a hidden folder
    or hidden itself, no folder linked to followed. As text, so that a load of a library kept makes no Path of each
    file to find its key (pathlib's parsing and comparing were a third of such a load)."""
    import os

    top = str(d)
    if not os.path.isdir(top):  # a file, or something that is not one (a pipe, a device): read_yaml says which
        return [top]
    found: dict[str, list[tuple[str, ...]]] = {".yaml": [], ".yml": []}

    def look_in(folder: str, parts: tuple[str, ...]) -> None:
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError:  # (unreadable: as rglob, nothing from it)
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            here = parts + (entry.name,)
            for ending, names in found.items():
                if entry.name.endswith(ending):
                    names.append(here)
            try:
                inside = entry.is_dir() and not entry.is_symlink()
            except OSError:
                inside = False
            if inside:
                look_in(entry.path, here)

    look_in(top, ())
    return [os.path.join(top, *parts) for ending in (".yaml", ".yml") for parts in sorted(found[ending])]


def _files_key(dirs: list[Path]) -> list[tuple[str, bytes]] | None:
    """What a library loaded from these folders (or files) is made from: _files_key_of their files."""
    return _files_key_of([name for d in dirs for name in _file_names(Path(d))])


def _files_key_of(files: list[Path] | list[str]) -> list[tuple[str, bytes]] | None:
    """What a loaded library is made from: each file's place and a digest of its bytes (file_digest; None when one
    cannot be read: load it).

    A file's place is the path it was named by and where that is; for a file inside the folder the command runs in
    also that folder, since messages show such a file relative to it (display_path). A file outside it (the bundled
    library, seen from anywhere but the checkout) is shown the same from every folder."""
    import os

    try:
        here = os.path.realpath(os.getcwd())
        places = []
        for p, where in _real_paths(files):
            shown_from_here = where.startswith(here.rstrip(os.sep) + os.sep)
            places.append(("\0".join((str(p), where) + ((here,) if shown_from_here else ())), file_digest(str(p))))
        return places
    except (OSError, ShipyardError):
        return None


_DIGESTS: dict[str, tuple[tuple, bytes]] = {}  # a file read in this process -> (its stat then, its bytes' digest)
DIGESTS_AT_MOST = 20_000
SETTLED_NS = 2_000_000_000  # a file last changed longer ago than this is settled: a change to it moves its times


def file_digest(path: str) -> bytes:
    """A digest of a file's bytes, read again only when the file may have changed since this process last read it.

    Reading every file's bytes made each load's key (some 160 bundled files, more with hers; the web server and a
    test run load again and again). A file whose stat (device, inode, size, mode, modified and changed times, to the
    nanosecond) is the one it had when read is the same file, as git's index has it: any write moves the changed time,
    which no program can set back. Only a file that had settled when it was read (last changed more than SETTLED_NS
    before: longer than any file system's clock step) is taken by its stat, so that an edit of the same size within
    the same tick of the file system's clock is never missed: a file changed lately is read every time, as before."""
    import hashlib
    import os
    import stat
    import time

    st = os.stat(path)
    seen = (st.st_dev, st.st_ino, st.st_size, st.st_mode, st.st_mtime_ns, st.st_ctime_ns)
    got = _DIGESTS.get(path)
    if got is not None and got[0] == seen:
        return got[1]
    now = time.time_ns()
    digest = hashlib.blake2b(read_file_bytes(Path(path)), digest_size=20).digest()  # (its checks: a regular file...)
    if stat.S_ISREG(st.st_mode) and max(st.st_mtime_ns, st.st_ctime_ns) < now - SETTLED_NS:
        if len(_DIGESTS) >= DIGESTS_AT_MOST:
            _DIGESTS.clear()
        _DIGESTS[path] = (seen, digest)
    return digest


def _real_paths(paths: list[Path] | list[str]) -> list[tuple[Path | str, str]]:
    """Each path with its real path (Path.resolve()'s), each folder resolved once: resolving every file looked at each
    folder of its path again (~970 lstat calls for the bundled library's 162 files, 4 ms of every command's start)."""
    import os
    import stat

    folders: dict[str, str] = {}
    real = []
    for p in paths:
        folder, name = os.path.split(str(p))
        if folder not in folders:
            folders[folder] = os.path.realpath(folder)
        try:
            linked = stat.S_ISLNK(os.lstat(p).st_mode) or name in ("", ".", "..")
        except OSError:
            linked = True  # missing: as resolve() has it
        real.append((p, os.path.realpath(p) if linked else os.path.join(folders[folder], name)))
    return real


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


# Keys a user is likely to guess, and the field each means (suggested whatever the spelling distance).
GUESSED_KEYS = {
    "guns": "armament", "weapons": "armament", "battery": "armament", "armor": "armour", "protection": "armour",
    "length": "length_ft", "beam": "beam_ft", "width": "beam_ft", "draught": "draught_ft", "draft": "draught_ft",
    "draft_ft": "draught_ft", "speed": "speed_kn", "speed_knots": "speed_kn", "knots": "speed_kn",
    "displacement": "displacement_tons", "tonnage": "burthen_tons", "tons": "displacement_tons",
    "burden": "burthen_tons", "burthen": "burthen_tons", "source": "sources", "references": "sources",
    "class_name": "class", "ship_class": "class", "complement": "crew", "engine": "propulsion", "navy_name": "navy",
    "vessel": "id", "ship": "id", "ships": "units", "vessels": "units", "number": "count", "qty": "count",
    "quantity": "count", "model": "gun", "mount": "mounting", "thickness": "thickness_in", "location": "area",
    "url_": "url", "link": "url", "what": "covers", "gives": "covers",
}

# A short example of each nested shape, quoted when an entry is not the mapping it should be.
EXAMPLES = {
    "Mount": "{gun: dahlgren-9in, count: 4, mounting: broadside}",
    "FortMount": "{gun: columbiad-10in, count: 3}",
    "Source": "{url: 'https://…', covers: 'dimensions and armament'}",
    "Armour": "{area: casemate, thickness_in: 4, backing_in: 22}",
    "Propulsion": "{kind: screw, shafts: 1}",
    "Turret": "{id: fore, position: forward}",
    "Refit": "{date: 1863-05, note: 'rearmed', armament: [...]}",
    "Walls": "{material: brick, thickness_ft: 5}",
    "Side": "{name: Union, navy: USN, units: [{id: uss-hartford}]}",
    "ScenarioUnit": "{id: uss-hartford}",
}


def _example_for(model: type[BaseModel], loc: tuple) -> str:
    found = _model_at(model, tuple(loc) + ("?",))
    example = EXAMPLES.get(found.__name__) if found else None
    return f", for example {example}" if example else ""


def _entries(n: int) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


# pydantic's phrasing ("String should match pattern '^[a-z0-9]+(-[a-z0-9]+)*$'") in the user's words, by error type
_PLAIN = {
    "string_pattern_mismatch": lambda ctx, got: (
        "expected an id: lower-case letters and digits in words joined by hyphens, like uss-hartford"
        if ctx.get("pattern") == r"^[a-z0-9]+(-[a-z0-9]+)*$" else f"does not have the expected form ({ctx.get('pattern')})"),
    "string_too_long": lambda ctx, got: f"is {len(got) if isinstance(got, str) else 'too many'} characters long; "
                                        f"at most {ctx.get('max_length')} are allowed",
    "string_too_short": lambda ctx, got: "must not be empty" if ctx.get("min_length") == 1 else
                                         f"must be at least {ctx.get('min_length')} characters long",
    "too_short": lambda ctx, got: "needs at least one entry, has none" if ctx.get("min_length") == 1 and not got else
                                  f"needs at least {_entries(ctx.get('min_length', 1))}, has {len(got) if got is not None else 0}",
    "too_long": lambda ctx, got: f"may have at most {_entries(ctx.get('max_length', 0))}, has {ctx.get('actual_length')}",
}


def problems_from_validation(exc: ValidationError, located: Located, path: Path, model: type[BaseModel]) -> list[Problem]:
    """Pydantic's errors in the user's words: the line of the field, what shape was expected, an example."""
    problems = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in ("function-after", "function-before")))
        field_path = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
        line = located.line_of(loc)
        kind = err["type"]
        got = err.get("input")
        if kind == "extra_forbidden":
            parent = _model_at(model, loc)
            names = _field_names(parent) if parent else set()
            guess = GUESSED_KEYS.get(str(loc[-1]).lower())
            hint = f" (did you mean {guess!r}?)" if guess in names else did_you_mean(str(loc[-1]), names)
            message = f"unknown key {loc[-1]!r}{hint}"
        elif kind == "missing":
            message = f"required field {loc[-1]!r} is missing{_example_for(model, loc[:-1]) if len(loc) > 1 else ''}"
            # a missing key has no line of its own: the line of the entry it belongs in, or none at top level
            line = located.line_of(loc[:-1]) if len(loc) > 1 else None
        elif kind in ("model_type", "model_attributes_type", "dict_type"):
            message = f"expected a mapping of fields{_example_for(model, loc)}, got {_shown(got)}"
        elif kind == "list_type":
            message = f"expected a list (one '- ' line per entry), got {_shown(got)}"
        elif kind in _PLAIN:
            message = _PLAIN[kind](err.get("ctx") or {}, got)
            if not isinstance(got, (dict, list)) and got is not None:
                message += f" (got {got!r})"
        else:
            message = err["msg"]
            if message.startswith("Value error, "):
                message = message[len("Value error, "):]
            if message.startswith("Input should be"):
                message = "expected" + message[len("Input should be"):]
            if not isinstance(got, (dict, list)) and got is not None:
                message += f" (got {got!r})"
        problems.append(Problem(display_path(path), line, field_path or None, message))
    return problems


def _like_cycle(likes: dict[str, str], start: str) -> list[str]:
    """The ids of the circle a chain of `like:` from start runs into (start itself may lead into it)."""
    chain = [start]
    while likes.get(chain[-1]) in likes and likes[chain[-1]] not in chain:
        chain.append(likes[chain[-1]])
    return chain[chain.index(likes[chain[-1]]):] if likes.get(chain[-1]) in chain else chain


def navy_on(unit: Unit, when: str | None):
    """The navy a unit served on a date: her own, or the last refit's to then that names one (a prize)."""
    navy = unit.navy
    for refit in getattr(unit, "refits", ()):
        if refit.navy is not None and (when is None or _before(refit.date, when) or _same_period(refit.date, when)):
            navy = refit.navy
    return navy


def _before(a: str, b: str) -> bool:
    """Whether partial date a is surely before partial date b ("1862-03" before "1862-04-01"; "1862" not before
    "1862-05"): compared at the precision both give."""
    n = min(len(a), len(b))
    return a[:n] < b[:n]


def _same_period(a: str, b: str) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _check_history(unit: Unit, path: Path, located: Located) -> list[Problem]:
    """Dates in the order a ship's life has them: launched, then commissioned; every refit after her launch."""
    launched = getattr(unit, "launched", None)
    if not launched:
        return []
    problems = []
    commissioned = getattr(unit, "commissioned", None)
    if commissioned and _before(commissioned, launched):
        problems.append(Problem(display_path(path), located.line_of(("commissioned",)), "commissioned",
                                f"{commissioned} is before she was launched ({launched}): a ship is launched, then commissioned"))
    for i, refit in enumerate(getattr(unit, "refits", ())):
        if _before(refit.date, launched):
            problems.append(Problem(display_path(path), located.line_of(("refits", i, "date")), f"refits[{i}].date",
                                    f"{refit.date} is before she was launched ({launched}): a refit comes after the launch"))
    return problems


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def kind_of(data: Any, path: Path | None = None) -> str:
    """What a YAML file is, by its content: 'ordnance', 'scenario', 'fort', 'house-rules' or 'vessel'."""
    if isinstance(data, dict):
        if data.get("kind") in ("scenario", "fort", "vessel"):
            return data["kind"]
        if "ordnance" in data and "id" not in data:
            return "ordnance"
        if "sides" in data and "id" in data:
            return "scenario"
        if data and "id" not in data and "name" not in data and all(
            isinstance(v, dict) or v is None for v in data.values()
        ) and any(isinstance(v, dict) and ("rows" in v or any(isinstance(x, dict) and "rows" in x for x in v.values()))
                  for v in data.values()):
            return "house-rules"
    if path is not None and path.name == ORDNANCE_FILE:
        return "ordnance"
    return "vessel"


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
    notices: list[str] = field(default_factory=list)  # one line each, for the user: a bundled ship replaced...
    skipped: list[Path] = field(default_factory=list)  # house-rules files met in a library folder
    broken: dict[str, list[Problem]] = field(default_factory=dict)  # id (and file stem) -> why a user's file was left out
    _aliases: dict[str, str] = field(default_factory=dict)
    _as_of: dict[tuple[str, str | None], Unit] = field(default_factory=dict)  # (id, date) -> the unit as she stood

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    def load(cls, extra_dirs: Iterable[Path | str] = (), *, bundled: bool = True, collect: bool = False,
             set_aside: bool = False) -> "Library":
        """Load the bundled library and user folders (or single files). Raises ShipyardError on the first bad
        file (or, with collect=True, after reading everything, with every problem found; or, with set_aside=True,
        only for a bad bundled file: a user's bad file is left out with a one-line notice, and raises its
        problems when it is asked for: see `broken`). A library with a file left out is never kept.

        Each file is taken for what it is (kind_of): a scenario is a scenario wherever it lives. A user's
        vessel with a bundled id replaces the bundled one (see `notices`); a ship may be `like:` another.

        The library of unchanged files is the one kept (cache.kept; never with collect; one read on the bundled
        library, as what her files add to the bundled library kept). With a user's folder, the
        bundled library alone is taken as kept (validated before, from the same bytes by the same code) and only her
        files are validated on it (_over), collect or not, unless one of hers gives a bundled id: then, as when the
        bundled library is not kept or does not load, every file is read (_read)."""
        dirs = ([library_dir()] if bundled else []) + [Path(d) for d in extra_dirs]
        for d in dirs:
            if not d.exists():
                raise ShipyardError([Problem(display_path(d), None, None, "no such folder or file")])
        from ..cache.kept import keep_library, keep_over, kept_library, kept_over

        names = [_file_names(d) for d in dirs]  # (library_files of all of them, folder by folder)
        key = None if collect else _files_key_of([name for each in names for name in each])
        kept = kept_library(key)
        if kept is not None:
            return kept
        files = [[Path(name) for name in each] for each in names]
        lib = base = None
        if bundled and len(dirs) > 1:
            base_key = None if key is None else key[:len(files[0])]
            base = _bundled_base(base_key)
            if base is not None:
                kept = kept_over(key, base_key, base)  # her files as read on it before
                if kept is not None:
                    return kept
                lib = cls._over(base, files[0], [p for each in files[1:] for p in each], collect, set_aside)
        over = lib is not None
        if lib is None:
            lib = cls._read([p for each in files for p in each], collect, set_aside)
        for scenario in lib.scenarios.values():
            try:
                lib.scenario_units(scenario)
            except Exception:  # told where the scenario is used, in the words of what uses it
                pass
        if key is not None and not lib.broken and _files_key(dirs) == key:  # nothing left out, and no file changed
            # while it was read (an editor saving); read on the bundled library, only what her files add to it
            keep_over(key, base_key, base, lib) if over else keep_library(key, lib)
        return lib

    @classmethod
    def _read(cls, paths: list[Path], collect: bool, set_aside: bool) -> "Library":
        """Every file read and validated, in the order load gives: all the ordnance, the units, the ships `like`
        another, the scenarios (bundled before the user's in each)."""
        lib = cls()
        loading = _Loading(lib, collect, set_aside)
        by_kind = loading.sorted(loading.read(paths, set()))
        lib._load_kinds(loading, by_kind)
        loading.raise_collected()
        return lib

    @classmethod
    def _over(cls, base: "Library", bundled_files: list[Path], paths: list[Path], collect: bool,
              set_aside: bool) -> "Library | None":
        """The bundled library (already validated: `base`, kept) with only the user's files read and validated on
        it, the same library _read makes of them all: each dict in the order _read fills it, the bundled ships `like`
        another and the bundled scenarios taken in their turn. None where a user's file gives (or, by its name, would
        give) the id of a bundled unit or scenario: replacing a bundled ship changes what the bundled files that
        name her load as, so then every file is read again. (With collect, her problems are all the problems: the
        bundled library is kept only where it loaded without one, from these very bytes and this code.)"""
        loading = _Loading(cls(), collect, set_aside)
        read = loading.read(paths, _BundledSeen(bundled_files))
        taken = set(base.units) | set(base.scenarios)
        for p, located, _ in read:
            data = located.data if located is not None and isinstance(located.data, dict) else {}
            if p.stem in taken or isinstance(data.get("id"), str) and data["id"] in taken:
                return None
        lib = loading.lib
        lib.ordnance, lib._aliases = dict(base.ordnance), dict(base._aliases)
        lib.notices, lib.skipped, lib._as_of = list(base.notices), list(base.skipped), dict(base._as_of)
        if "_torpedo_densities" in base.__dict__:
            lib.__dict__["_torpedo_densities"] = base.__dict__["_torpedo_densities"]
        likes, scenarios = [], []  # (likes in the order they loaded: by round, and in their files' order in each)
        for key, entry in base.origin.items():
            if key.startswith("scenario:"):
                scenarios.append(entry)
            elif isinstance(entry.obj, Vessel) and entry.obj.like:  # (as _read sorts them: a fort's like is her own)
                likes.append(entry)
            else:
                lib.units[key], lib.origin[key] = entry.obj, entry
        lib._load_kinds(loading, loading.sorted(read), likes, scenarios)
        loading.raise_collected()
        return lib

    def _take(self, entry: Entry) -> None:
        """A bundled unit or scenario as the bundled library validated it."""
        if isinstance(entry.obj, Scenario):
            self.scenarios[entry.obj.id] = entry.obj
            self.origin["scenario:" + entry.obj.id] = entry
        else:
            self.units[entry.obj.id] = entry.obj
            self.origin[entry.obj.id] = entry

    def _load_kinds(self, loading: "_Loading", by_kind: dict, likes: list[Entry] = (),
                    scenarios: list[Entry] = ()) -> None:
        """The files of each kind in turn (`likes` and `scenarios`: bundled ones already validated, first in their
        turn)."""
        for p, located in by_kind["ordnance"]:
            loading.run(self._load_ordnance, p, located)
        for p, located in by_kind["unit"]:
            loading.run(self._load_unit, p, located)
        pending = [_Like(e.obj.id, e.obj.like, e.path, None, lambda e=e: self._take(e)) for e in likes]
        pending += [_Like(p.stem, loc.data["like"], p, loc, lambda p=p, loc=loc: loading.run(self._load_unit, p, loc))
                    for p, loc in by_kind["like"]]
        while pending:  # a ship like another that is itself like a third loads after it
            stems = {item.stem for item in pending}
            ready = [item for item in pending if item.like in self.units or item.like not in stems]
            if not ready:  # every ship left is like another left: a cycle (uss-a like uss-b like uss-a)
                cycle = _like_cycle({item.stem: item.like for item in pending}, pending[0].stem)
                for item in [item for item in pending if item.stem in cycle]:
                    loading.failed(item.path, item.located, ShipyardError([Problem(
                        display_path(item.path), item.located.line_of(("like",)), "like",
                        "a cycle: " + " is like ".join(cycle[cycle.index(item.stem):] + cycle[:cycle.index(item.stem) + 1])
                        + "; one of them must give her own figures, without like:")]))
                    pending.remove(item)
                continue
            for item in ready:
                item.load()
                pending.remove(item)
        for entry in scenarios:
            self._take(entry)
        for p, located in by_kind["scenario"]:
            loading.run(self._load_scenario, p, located)

    def _set_aside(self, path: Path, located: Located | None, problems: list[Problem], notice: bool = True) -> None:
        """Leave a user's file out of this run: a notice now, its problems again wherever it is asked for (by its
        file's stem, or the id it gives)."""
        names = {path.stem}
        if located is not None and isinstance(located.data, dict) and isinstance(located.data.get("id"), str):
            names.add(located.data["id"])
        for name in names:
            self.broken.setdefault(name, problems)
        if not notice:
            return
        more = f" ({len(problems) - 1} more: `shipyard validate {display_path(path)}`)" if len(problems) > 1 else ""
        self.notices.append(f"{problems[0]} - this file is left out{more}")

    def _left_out(self, name: str) -> None:
        """Raise the problems of the user's file that would have given this id, if one was left out."""
        if name in self.broken:
            raise ShipyardError(self.broken[name])

    def _load_ordnance(self, path: Path, located: Located | None = None) -> None:
        located = located or read_yaml(path)
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

    def _load_unit(self, path: Path, located: Located | None = None) -> None:
        located = located or read_yaml(path)
        data = located.data
        if not isinstance(data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "expected a mapping of vessel (or fort) fields")])
        model: type[BaseModel] = Fort if data.get("kind") == "fort" else Vessel
        if data.get("like") and model is Vessel:
            data = self._inherit(path, located)
        unit, problems = _validated(model, data, located, path)
        replaces = None
        if unit.id in self.units:
            other = self.origin[unit.id].path
            if is_bundled(other) and not is_bundled(path):
                replaces = other
            else:
                problems.append(Problem(display_path(path), located.line_of(("id",)), "id",
                                        f"duplicate id {unit.id!r} (also in {display_path(other)})"))
        problems.extend(self._check_guns(unit, path, located))
        problems.extend(_check_history(unit, path, located))
        if problems:
            raise ShipyardError(problems)
        if replaces is not None:
            self.notices.append(f"{display_path(path)} replaces the bundled {unit.id} ({unit.name})")
        self.units[unit.id] = unit
        self.origin[unit.id] = Entry(unit, path, located)

    # fields a ship never takes from the sister she is `like`: her own name and history
    NOT_INHERITED = frozenset({"id", "name", "like", "builder", "launched", "commissioned", "fate", "refits", "notes", "what_if"})

    def _inherit(self, path: Path, located: Located) -> dict:
        """A `like:` ship's fields: the sister's (as her file gives them), with this file's on top."""
        data = located.data
        base_id = data["like"]
        if base_id in self.broken:
            raise ShipyardError([Problem(display_path(path), located.line_of(("like",)), "like",
                                         f"the vessel {base_id!r} to be like did not load: {self.broken[base_id][0]}")])
        if base_id not in self.units or not isinstance(self.units[base_id], Vessel):
            raise ShipyardError([Problem(display_path(path), located.line_of(("like",)), "like",
                                         f"no vessel {base_id!r} to be like{did_you_mean(str(base_id), [u.id for u in self.vessels])}")])
        base = self.units[base_id].model_dump(by_alias=True, exclude_none=True)
        merged = {k: v for k, v in base.items() if k not in self.NOT_INHERITED}
        merged.update(data)
        if not data.get("sources") and base.get("sources") and not data.get("what_if"):
            merged["sources"] = [{**src, "covers": f"{src['covers']} (for {base_id}, whose figures this ship takes)"}
                                 for src in base["sources"]]
        return merged

    def fields_from(self, path: Path, located: Located) -> dict:
        """The fields a vessel file loads with: for a `like:` ship her sister's under her own, else the file's."""
        data = located.data
        if isinstance(data, dict) and data.get("like") and data.get("kind") != "fort":
            return self._inherit(Path(path), located)
        return dict(data) if isinstance(data, dict) else {}

    def _check_side(self, scenario: Scenario, side, i: int, j: int, su, path: Path, located: Located) -> list[Problem]:
        """A unit on a side whose navy is of the other nation (a CSN ship on the Union side): a prize taken into the
        other navy says so by a refit (`navy:` from the day she was taken)."""
        unit = self.units[su.id]
        when = su.as_of or scenario.date
        navy = navy_on(unit, when)
        if "Other" in (navy.nation, side.navy.nation) or navy.nation == side.navy.nation:
            return []
        return [Problem(display_path(path), located.line_of(("sides", i, "units", j, "id")), f"sides[{i}].units[{j}].id",
                        f"{unit.id} ({unit.name}) is {navy.value} ({navy.nation}) on {when}, but side {side.name!r} is "
                        f"{side.navy.value} ({side.navy.nation}): put her on her own side, or, if she was taken, give her "
                        f"file a refit dated when she was taken, with navy: {side.navy.value}")]

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
                        f"unknown ordnance {m.gun!r}{self.ordnance_hint(m.gun)}",
                    ))
        return problems

    def _load_scenario(self, path: Path, located: Located | None = None) -> None:
        located = located or read_yaml(path)
        data = located.data
        if not isinstance(data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "expected a mapping of scenario fields")])
        scenario, problems = _validated(Scenario, data, located, path)
        if scenario.id in self.scenarios:
            problems.append(Problem(display_path(path), located.line_of(("id",)), "id", f"duplicate scenario id {scenario.id!r}"))
        ids = {u.id for s in scenario.sides for u in s.units}
        named: dict[str, int] = {}
        for i, side in enumerate(scenario.sides):
            key = " ".join(side.name.lower().split())
            if key in named:
                problems.append(Problem(display_path(path), located.line_of(("sides", i, "name")), f"sides[{i}].name",
                                        f"two sides named {side.name!r} (sides[{named[key]}] is too): give each side a name of its own"))
            named.setdefault(key, i)
            for j, u in enumerate(side.units):
                if u.id in self.units:
                    problems.extend(self._check_side(scenario, side, i, j, u, path, located))
                if u.id in self.broken and u.id not in self.units:  # (a bundled ship yours replaces raises when used)
                    problems.append(Problem(
                        display_path(path), located.line_of(("sides", i, "units", j, "id")), f"sides[{i}].units[{j}].id",
                        f"{u.id!r} did not load: {self.broken[u.id][0]}",
                    ))
                elif u.id not in self.units:
                    problems.append(Problem(
                        display_path(path), located.line_of(("sides", i, "units", j, "id")), f"sides[{i}].units[{j}].id",
                        f"no vessel or fort {u.id!r} in the library{did_you_mean(u.id, self.units)}",
                    ))
                for track in u.damage:
                    wrong = damage_track_problem(track)
                    if wrong:
                        problems.append(Problem(
                            display_path(path), located.line_of(("sides", i, "units", j, "damage", track)),
                            f"sides[{i}].units[{j}].damage.{track}", wrong,
                        ))
                if u.lashed_to and u.lashed_to not in ids:
                    problems.append(Problem(
                        display_path(path), located.line_of(("sides", i, "units", j, "lashed_to")), f"sides[{i}].units[{j}].lashed_to",
                        f"{u.lashed_to!r} is not in this scenario",
                    ))
        if scenario.setup is not None:
            from ..rules import torpedo_densities
            from .setup import setup_problems

            densities = self.__dict__.get("_torpedo_densities")
            if densities is None:  # the rule sets' words, read once for every scenario this library loads
                densities = self.__dict__["_torpedo_densities"] = torpedo_densities()
            problems.extend(setup_problems(scenario.setup, scenario, self.units, display_path(path), located.line_of,
                                           densities, scenario.turns))
        if problems:
            raise ShipyardError(problems)
        self.scenarios[scenario.id] = scenario
        self.origin["scenario:" + scenario.id] = Entry(scenario, path, located)

    def with_file(self, path: Path, located: Located, replaces=lambda entry: False) -> "Library":
        """A copy of this library with one more file read (a ship or scenario not saved yet, or about to be): in place
        of the entry of the same id where `replaces(entry)` says so, else beside it (a duplicate id is then its
        error). This library is left as it was; the copy's notices are its own."""
        import copy

        trial = copy.copy(self)
        trial.units, trial.origin, trial.scenarios = dict(self.units), dict(self.origin), dict(self.scenarios)
        trial.notices, trial._as_of = [], {}  # a unit replaced is never found as she stood before
        data = located.data if isinstance(located.data, dict) else {}
        scenario = data.get("kind") == "scenario"
        key = ("scenario:" if scenario else "") + str(data.get("id"))
        if key in trial.origin and replaces(trial.origin[key]):
            del trial.origin[key]
            trial.units.pop(key, None)
            trial.scenarios.pop(key.removeprefix("scenario:"), None)
        (trial._load_scenario if scenario else trial._load_unit)(Path(path), located)
        return trial

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

    def ordnance_hint(self, name: str) -> str:
        """' (did you mean 'brooke-8in' (8-inch Brooke rifle)?)': the nearest gun models, each named once by
        its id and name, and where to see them all."""
        ids: list[str] = []
        for close in nearest(name, self._ordnance_names(), n=6):
            gid = self._aliases.get(_norm(close))
            if gid and gid not in ids:
                ids.append(gid)
        listing = " or ".join(f"{g!r} ({self.ordnance[g].name})" for g in ids[:3])
        return (f" (did you mean {listing}?" if listing else " (") + " `shipyard guns` lists every model)"

    def find_ordnance(self, name: str) -> Ordnance | None:
        gid = self._aliases.get(_norm(name))
        return self.ordnance.get(gid) if gid else None

    def gun(self, mount: Mount | Any) -> Ordnance:
        found = self.find_ordnance(mount.gun)
        if found is None:
            raise ShipyardError(f"unknown ordnance {mount.gun!r}{self.ordnance_hint(mount.gun)}")
        return found

    @property
    def vessels(self) -> list[Vessel]:
        return [u for u in self.units.values() if isinstance(u, Vessel)]

    @property
    def forts(self) -> list[Fort]:
        return [u for u in self.units.values() if isinstance(u, Fort)]

    def find(self, name: str) -> Unit:
        """A vessel or fort by id, or by an unambiguous part of its name ("hartford"). A user's file left out
        (see `broken`) that gives the id found or asked for raises its problems."""
        self._left_out(name)
        unit = self._find(name)
        self._left_out(unit.id)
        return unit

    def _find(self, name: str) -> Unit:
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
            for left_out in self.broken:
                if key in _norm(left_out):
                    self._left_out(left_out)
            raise ShipyardError(f"no vessel or fort named {name!r}{did_you_mean(name, self.units)}")
        listing = ", ".join(f"{u.id} ({u.name})" for u in sorted(matches, key=lambda u: u.id)[:12])
        raise ShipyardError(f"{name!r} is ambiguous: it could be {listing}")

    def scenario(self, name: str) -> Scenario:
        self._left_out(name)
        if name in self.scenarios:
            return self.scenarios[name]
        p = Path(name)
        if p.suffix in (".yaml", ".yml"):
            if not p.exists():
                raise ShipyardError(f"no scenario file {name!r}")
            for key, entry in self.origin.items():  # read once: asked for again, the same scenario
                if key.startswith("scenario:") and entry.path.resolve() == p.resolve():
                    return entry.obj
            return Library.load_scenario_file(self, p)
        key = _norm(name)  # as a vessel is found: an unambiguous part of the id or the name ("hampton", "mobile")
        matches = sorted((s for s in self.scenarios.values() if len(key) >= 3 and (key in _norm(s.id) or key in _norm(s.name))),
                         key=lambda s: s.id)
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise ShipyardError(f"{name!r} is ambiguous: it could be " + ", ".join(f"{s.id} ({s.name})" for s in matches))
        raise ShipyardError(f"no scenario {name!r}{did_you_mean(name, self.scenarios)}; `shipyard scenarios` lists them")

    def scenario_units(self, scenario: Scenario) -> list[tuple[str, Unit]]:
        """(side name, unit as of its date) for every unit of a scenario, in order."""
        out = []
        for side in scenario.sides:
            for su in side.units:
                self._left_out(su.id)
                out.append((side.name, self.unit_as_of(su.id, su.as_of or scenario.date)))
        return out

    def unit_as_of(self, unit_id: str, when) -> Unit:
        """The unit as she stood on a date (her refits to then applied), made once per library and date: applying a
        refit validates the whole ship again. The library's own scenarios' units are made as it loads, so a library
        kept between runs brings them along."""
        key = (unit_id, None if when is None else str(when))
        got = self._as_of.get(key)
        if got is None:
            got = self._as_of[key] = self.units[unit_id].as_of(when)
        return got


@dataclass
class _Like:
    """A ship `like` another, waiting for her sister to load."""

    stem: str
    like: str
    path: Path
    located: Located | None
    load: Any


class _BundledSeen(set):
    """The real paths of the files read so far, the bundled library's among them: those are resolved only when a
    user's file turns out to lie inside the bundled folder (a link to a bundled ship: read once, as bundled)."""

    def __init__(self, bundled_files: list[Path]) -> None:
        super().__init__()
        self._bundled_files = bundled_files
        self._root = None

    def __contains__(self, real: object) -> bool:
        if super().__contains__(real):
            return True
        if self._root is None:
            self._root = library_dir().resolve()
        if self._bundled_files and isinstance(real, Path) and real.is_relative_to(self._root):
            self.update(Path(where) for _, where in _real_paths(self._bundled_files))
            self._bundled_files = []
            return super().__contains__(real)
        return False


class _Loading:
    """One load's way with a file that fails: raise, or (collect, or set_aside for a user's file) leave it out."""

    def __init__(self, lib: Library, collect: bool, set_aside: bool) -> None:
        self.lib, self.collect, self.set_aside = lib, collect, set_aside
        self.problems: list[Problem] = []

    def failed(self, p: Path, located: Located | None, exc: ShipyardError) -> None:
        if not (self.collect or self.set_aside and not is_bundled(p)):
            raise exc
        self.lib._set_aside(p, located, exc.problems, notice=not self.collect)  # what uses it says why it is missing
        if self.collect:
            self.problems.extend(exc.problems)

    def raise_collected(self) -> None:
        """With collect, every problem found, at the end."""
        if self.problems:
            failure = ShipyardError(self.problems)
            failure.loaded = self.lib  # what did load, for checks that go on from there (validate: the names' fonts)
            raise failure

    def run(self, step, p: Path, located: Located) -> None:
        try:
            step(p, located)
        except ShipyardError as exc:
            self.failed(p, located, exc)

    def read(self, paths: list[Path], seen: set) -> list[tuple[Path, Located | None, ShipyardError | None]]:
        """Each file (once, by its real path) and its data, or why it cannot be read."""
        out = []
        for p in paths:
            real = p.resolve()
            if real in seen:
                continue
            seen.add(real)
            try:
                out.append((p, read_yaml(p), None))
            except ShipyardError as exc:
                out.append((p, None, exc))
        return out

    def sorted(self, read: list) -> dict[str, list[tuple[Path, Located]]]:
        """The files read by kind (kind_of); one that could not be read is failed, a house-rules file skipped."""
        by_kind: dict[str, list[tuple[Path, Located]]] = {"ordnance": [], "unit": [], "like": [], "scenario": []}
        for p, located, exc in read:
            if exc is not None:
                self.failed(p, None, exc)
                continue
            kind = kind_of(located.data, p)
            if kind == "house-rules":
                self.lib.skipped.append(p)
                continue
            if kind == "vessel" and isinstance(located.data, dict) and located.data.get("like"):
                kind = "like"
            by_kind["unit" if kind in ("vessel", "fort") else kind].append((p, located))
        return by_kind


def _bundled_base(key: list[tuple[str, bytes]] | None) -> Library | None:
    """The bundled library alone, validated: kept from an earlier run (key: its files'), else loaded now and kept for
    the next. None where it does not load: then it is read again with the user's files, to fail as that does."""
    from ..cache.kept import kept_library

    kept = kept_library(key if key is not None else _files_key([library_dir()]))
    if kept is not None:
        return kept
    try:
        return Library.load()
    except ShipyardError:
        return None


def _validated(model, data: dict, located, path: Path):
    """A file's data as its model (a ShipyardError at the file's lines when it is not one), and the problem of an id
    that is not the file's name (the one check every library file shares)."""
    try:
        obj = model.model_validate(data)
    except ValidationError as exc:
        raise ShipyardError(problems_from_validation(exc, located, path, model)) from None
    problems = []
    if obj.id != path.stem:
        problems.append(Problem(display_path(path), located.line_of(("id",)), "id",
                                f"id {obj.id!r} must match the file name {path.stem!r}"))
    return obj, problems
