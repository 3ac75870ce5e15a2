"""The one rule every command follows before it writes a file: nothing a user made is replaced or lost.

`target(path, kind, force)` says where to write, or refuses with the reason:

- no file there: write it;
- a file shipyard wrote for the same purpose (a PDF it made, a preset it saved, a zip it exported): replace it,
  so a second run replaces its own file and nothing else;
- any other file (your ship, a .txt, a PDF from elsewhere): refused unless `--force`;
- a ship or scenario file in a library (`LIBRARY_FILE`): always yours, so refused unless `--force`;
- a folder, a FIFO, a device or a socket: always refused (it is never turned into a regular file);
- a symbolic link: followed, and the file it leads to is judged and written (the link stays a link).

The writers then write the returned path atomically (shipyard.atomic).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .errors import Problem, ShipyardError, display_path

PDF_CREATOR = "shipyard"  # the Creator of every PDF shipyard draws (render.Document sets it)
PRESET_HEADER = "# shipyard pack preset"  # the first line of every preset `pack --save-preset` writes
ZIP_COMMENT = b"shipyard export ships"  # the comment of every zip `export ships` writes


def _is_our_pdf(path: Path) -> bool:
    with open(path, "rb") as f:
        data = f.read()
    return data.startswith(b"%PDF-") and f"/Creator ({PDF_CREATOR})".encode() in data


def _is_our_preset(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.readline().rstrip(b"\r\n").startswith(PRESET_HEADER.encode())


def _is_our_zip(path: Path) -> bool:
    import zipfile

    try:
        with zipfile.ZipFile(path) as zf:
            return zf.comment == ZIP_COMMENT
    except (zipfile.BadZipFile, OSError):
        return False


@dataclass(frozen=True)
class Kind:
    """What a writer writes: how to recognise a file shipyard wrote for that purpose, and its name in messages."""

    what: str  # "a PDF shipyard made"
    ours: Callable[[Path], bool]


PDF = Kind("a PDF shipyard made", _is_our_pdf)
PRESET = Kind("a preset shipyard saved", _is_our_preset)
ZIP = Kind("a zip `shipyard export` wrote", _is_our_zip)
LIBRARY_FILE = Kind("", lambda _path: False)  # a ship or scenario file: whoever wrote it, it is yours now

_SPECIAL = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
            (stat.S_ISSOCK, "a socket"))


def shown(path: Path) -> str:
    """The path as the user gave it (relative to here where it can be), a link by its own name, not its target's."""
    return str(Path(display_path(path.parent)) / path.name)


def refusal(path: Path, message: str) -> ShipyardError:
    return ShipyardError([Problem(shown(Path(path)), None, None, message)])


def exists_already(path: Path, kind: Kind, link_to: Path | None = None) -> ShipyardError:
    """The one message for a file that is there and is not shipyard's to replace."""
    link = f" (a link to {display_path(link_to)})" if link_to is not None else ""
    because = f" and is not {kind.what}" if kind.what else ""
    return refusal(path, f"exists already{link}{because}: nothing was written; --force replaces it, or choose "
                         "another name")


def target(path: Path | str, kind: Kind, force: bool = False) -> Path:
    """The path to write for `path` (itself, or the regular file a link leads to), after the rule above."""
    path = Path(path)
    real = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        st = os.stat(real)
    except FileNotFoundError:
        if real is not path:
            raise refusal(path, f"is a link to {real}, which does not exist: give the file itself") from None
        return path
    except NotADirectoryError:
        return path  # a file where a folder should be: the write names it
    if stat.S_ISDIR(st.st_mode):
        raise refusal(path, "is a folder; give a file name")
    for test, what in _SPECIAL:
        if test(st.st_mode):
            raise refusal(path, f"is {what}, not a regular file: shipyard writes only regular files; choose another name")
    if force:
        return real
    try:
        ours = kind.ours(real)
    except OSError:
        ours = False
    if not ours:
        raise exists_already(path, kind, link_to=real if real is not path else None)
    return real
