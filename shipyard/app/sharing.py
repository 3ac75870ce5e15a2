"""Importing and sharing: a ship drafted from a Wikipedia infobox, ships and scenarios shared as a zip and
taken in from one."""

from __future__ import annotations

import dataclasses
import io
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import Problem, ShipyardError, display_path
from .library import load_library
from .checking import check_user_units
from .authoring import SCHEMA_LINE, _write_schema, _not_replacing_bundled, _check_before_writing, _write_new


# ---------------------------------------------------------------------------------------------
# Importing and sharing


@dataclass
class Imported:
    path: Path
    notes: list[str]


@dataclass
class InfoboxDraft:
    """A draft vessel from an infobox, not written: its fields (figures converted, guns matched, sources and notes
    said), the file's header (what was estimated, matched and left out) and the lines to tell the user."""

    data: dict
    header: list[str]
    notes: list[str]

    def text(self) -> str:
        """The draft's vessel file: its schema line, the header, the fields."""
        import yaml

        body = yaml.safe_dump(self.data, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None)
        return SCHEMA_LINE.format(kind="vessel") + "\n" + "\n".join(self.header) + "\n" + body


def infobox_draft(library, text: str, where: str, named: str | None = None) -> InfoboxDraft:
    """A Wikipedia ship infobox's wikitext -> a draft vessel that validates, written nowhere (the command line's
    import_infobox writes it; the web opens it in the editor). Every guessed value is labelled an estimate (a
    figure the infobox lacks, such as CSS Neuse's displacement, estimated from the others); unmatched guns are
    listed. `where`: the infobox as its problems name it (a file, "the pasted infobox"); `named`: as the draft's
    source and header name it (default: where). An infobox whose figures make no valid ship is a ShipyardError."""
    from ..library.infobox import draft
    from ..library.library import problems_from_validation
    from ..library.model import Vessel
    from ..library.yamlfile import Located

    named = named or where
    d = draft(library, text, where)
    data = d.data
    title = data["name"].split(" ", 1)[-1].replace(" ", "_")
    data["sources"] = [{"url": f"https://en.wikipedia.org/wiki/{data['name'].replace(' ', '_')}",
                        "covers": f"infobox imported by shipyard from {named} (address guessed from the "
                                  f"name {title!r}; check it): dimensions, tonnage, speed, armament, armour"}]
    notes = "Imported from a Wikipedia infobox. Estimates: " + "; ".join(d.estimates) if d.estimates else (
        "Imported from a Wikipedia infobox; no figure was guessed.")
    data["notes"] = notes
    try:
        Vessel.model_validate(data)
    except Exception as exc:  # the infobox's figures do not make a valid ship: say which
        from pydantic import ValidationError

        if isinstance(exc, ValidationError):
            raise ShipyardError(problems_from_validation(exc, Located(data, {}), Path(where), Vessel)) from None
        raise
    header = [f"# {data['name']}: a DRAFT imported from {named} by `shipyard import infobox`.",
              "# Check every figure against your sources; the notes say which values are estimates."]
    header += [f"# estimate: {e}" for e in d.estimates]
    header += [f"# matched: {m}" for m in d.matched]
    header += [f"# NOT IMPORTED (no catalogue model; add by hand, see `shipyard guns`): {u}" for u in d.unmatched]
    lines = [f"estimate: {e}" for e in d.estimates] + [f"not imported, no catalogue model: {u}" for u in d.unmatched]
    return InfoboxDraft(data, header, lines)


def import_infobox(library, source: Path, output: Path | None = None, *, force: bool = False,
                   replace: bool = False) -> Imported:
    """A Wikipedia ship infobox (wikitext) -> a draft vessel file that validates (infobox_draft), written to output
    (default: the user's library; an existing file only with force, a bundled ship's id only with replace)."""
    from .. import overwrite
    from ..paths import user_library_home
    from ..library.yamlfile import read_file_bytes

    try:
        text = read_file_bytes(Path(source)).decode("utf-8")  # a regular file, never past the size limit
    except UnicodeDecodeError:
        raise ShipyardError([Problem(display_path(source), None, None, "not UTF-8 text")]) from None
    d = infobox_draft(library, text, display_path(source), Path(source).name)
    data = d.data
    ident = data["id"]
    out = Path(output) if output is not None else user_library_home() / f"{ident}.yaml"
    if out.is_dir() or out.suffix.lower() not in (".yaml", ".yml"):  # a folder to write into
        out = out / f"{ident}.yaml"
    if out.stem != ident:
        data["id"] = out.stem if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", out.stem) else ident
        if data["id"] != out.stem:
            raise ShipyardError([Problem(display_path(out), None, None,
                                         f"a vessel file is named after its id: call it {ident}.yaml")])
    real = overwrite.target(out, overwrite.LIBRARY_FILE, force)
    _not_replacing_bundled(library, data["id"], out, replace)
    text = d.text()
    _check_before_writing(library, out, text)
    _write_new(out.parent, real, text, "vessel")
    return Imported(out, d.notes)


SHARE_MANIFEST = "shipyard-share.yaml"


def share_zip(library, ids: list[str]) -> tuple[bytes, list[str]]:
    """The zip `export` writes, as bytes, and the names in it: the user's own files for these vessels, forts and
    scenarios (a scenario brings the user's ships in it, a `like:` ship her sister; bundled ships are left out:
    every copy of shipyard has them). A bundled ship or scenario named is an error saying so."""
    import zipfile

    from .. import __version__, overwrite
    from ..paths import is_bundled

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
    import yaml

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.comment = overwrite.ZIP_COMMENT
        manifest = {"shipyard": __version__, "files": sorted(files)}
        zf.writestr(_entry(SHARE_MANIFEST), yaml.safe_dump(manifest, sort_keys=False))
        for name in sorted(files):
            zf.writestr(_entry(name), files[name].read_bytes())
    return buf.getvalue(), sorted(files)


def _entry(name: str):
    """A file in a share zip: always the same date (the same files make the same zip), and readable when a friend
    unzips it by hand (no mode at all unzipped as 0600)."""
    import zipfile

    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    return info


def export_zip(library, ids: list[str], output: Path, *, force: bool = False) -> list[str]:
    """The zip of share_zip written to output; returns the names in it. A file at output is replaced only if an
    earlier export wrote it (its zip comment says so), else only with force."""
    from .. import overwrite
    from ..atomic import atomic_write_bytes

    data, names = share_zip(library, ids)
    if not str(output).lower().endswith(".zip"):
        raise ShipyardError([Problem(display_path(output), None, None, "the output of `export ships` is a .zip file")])
    real = overwrite.target(Path(output), overwrite.ZIP, force)
    try:
        atomic_write_bytes(real, data)
    except OSError as exc:
        raise ShipyardError([Problem(display_path(output), None, None, f"cannot write: {exc.strerror or exc}")]) from None
    return names


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
    """Take in a zip file written by export_zip (see import_share) into folder (default: the user's library)."""
    from ..library.yamlfile import read_file_bytes

    raw = read_file_bytes(Path(source), limit=MAX_SHARE_ZIP_BYTES)  # a regular file (a named pipe hung it)
    return import_share(library, raw, display_path(source), folder, force=force, replace=replace)


def share_contents(raw: bytes, where: str) -> dict[str, bytes]:
    """The ship and scenario files in a shared zip's bytes, by name (`where`: the zip as problems name it)."""
    import zipfile

    if len(raw) > MAX_SHARE_ZIP_BYTES:
        raise ShipyardError([Problem(where, None, None, f"the zip is {len(raw):,} bytes; the limit is "
                                                        f"{MAX_SHARE_ZIP_BYTES:,}")])
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
    except zipfile.BadZipFile as exc:
        raise ShipyardError([Problem(where, None, None, f"not a zip file shipyard can read: {exc}")]) from None
    with zf:
        return _zip_entries(zf, where)


def import_share(library, raw: bytes, where: str, folder: Path | None = None, *, force: bool = False,
                 replace: bool = False, others: list[Path] | None = None) -> list[Path]:
    """Take in a zip written by export_zip (its bytes; `where`: the zip as problems name it), all or nothing: every
    file must be a plain .yaml name (each once), none may replace a file of the user's (unless force) or a bundled
    ship (unless replace), and the library with them (and the folders `others`, default the user's other library
    folders) must validate; only then are they written, every one or none. Problems name the zip and its entry."""
    import contextlib
    import dataclasses
    import shutil

    from .. import overwrite
    from ..atomic import atomic_write_all
    from ..paths import user_library_dirs, user_library_home

    folder = Path(folder) if folder is not None else user_library_home()
    entries = share_contents(raw, where)
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
        others = [d for d in (user_library_dirs() if others is None else others)
                  if not (d.exists() and folder.exists() and d.resolve() == folder.resolve())]
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
