"""Writing a ship or a scenario: a new file started from a template or a ship she is like, and a ship's unsaved
file checked, never replacing what a user made."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem, ShipyardError, display_path
from .library import rulesets, context, derive


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
    from ..atomic import atomic_write_text
    from ..library.schema import json_schema

    import json

    path = folder / ".schema" / f"{kind}.schema.json"
    text = json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        atomic_write_text(path, text)


def _new_file(folder: Path | None, ident: str, force: bool = False) -> tuple[Path, Path]:
    """Where a new file of the user's goes (their library, or folder), after shipyard.overwrite's rule."""
    from .. import overwrite
    from ..paths import user_library_home

    folder = Path(folder) if folder is not None else user_library_home()
    path = overwrite.target(folder / f"{ident}.yaml", overwrite.LIBRARY_FILE, force)
    return folder, path


def _not_replacing_bundled(library, ident: str, path: Path, replace: bool) -> None:
    """A file of the user's with a bundled ship's id replaces her in every command and scenario: only when
    asked for (--replace), never as a side effect of a name."""
    from ..overwrite import refusal
    from ..paths import is_bundled

    entry = library.origin.get(ident)
    if entry is not None and is_bundled(entry.path) and not replace:
        raise refusal(path, f"{ident} is a bundled ship ({entry.obj.name}): yours would replace her in every command "
                            "and bundled scenario; --replace says you mean that, or choose another name")


def _check_before_writing(library, path: Path, text: str) -> None:
    """Refuse a vessel or scenario file that `shipyard validate` would refuse, before it is written: loaded into
    a copy of the library (in place of the file it replaces) and, for a ship, derived under every rule set."""
    from ..library.yamlfile import parse_yaml

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

    from ..paths import is_bundled
    from ..library.yamlfile import parse_yaml

    name = "new-vessel.yaml"
    try:  # the file's name is its id, where it has one fit to name a file
        fast = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where built: the editor checks at each keystroke
        guess = yaml.load(text, Loader=fast) if len(text) < 1_000_000 else None
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

    from ..library.library import problems_from_validation
    from ..library.model import Scenario
    from ..library.yamlfile import Located

    data = {"kind": "scenario", "id": scenario_id, **{k: v for k, v in data.items() if k not in ("kind", "id")}}  # as new writes
    try:
        Scenario.model_validate(data)
    except ValidationError as exc:
        raise ShipyardError(problems_from_validation(exc, Located(data, {}), Path(f"{scenario_id}.yaml"),
                                                     Scenario)) from None
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    _check_before_writing(library, Path(path), text)
    return text


def _write_new(folder: Path, path: Path, text: str, kind: str) -> None:
    from ..atomic import atomic_write_text

    _write_schema(folder, kind)
    atomic_write_text(path, text)


def new_vessel(library, name: str, like: str | None = None, folder: Path | None = None, *, force: bool = False,
               replace: bool = False) -> Path:
    """Write a commented vessel file into the user's library: a draft with labelled placeholder figures, or a
    ship `like:` a sister that inherits her figures. A new file with a bundled ship's own id (only with replace)
    is a full copy of her file to correct. Nothing is written that would not validate."""
    from .. import texts
    from ..library.library import Library
    from ..library.model import Vessel

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
    from .. import texts

    ident = slug(name)
    if ident in library.scenarios and not force:
        raise ShipyardError(f"a scenario {ident!r} exists already (`shipyard scenarios` lists them): choose another name")
    folder, path = _new_file(folder, ident, force)
    from ..rules import torpedo_densities

    read = sorted({word for words in torpedo_densities().values() for word in words})
    densities = ", ".join(read) + " (the words a rule set reads)" if read else "no bundled rule set reads one yet"
    text = texts.render("scenario.yaml.j2", None, id=ident, ship_name=name, schema=".schema/scenario.schema.json",
                        path=display_path(path), densities=densities)
    _check_before_writing(library, path, text)
    _write_new(folder, path, text, "scenario")
    return path
