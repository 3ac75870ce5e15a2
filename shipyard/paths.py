"""Where the bundled data lives, whether running from a checkout or an installed wheel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    installed = _PACKAGE / "_bundled" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def library_dir() -> Path:
    """The bundled vessel library (vessels/, with ordnance.yaml and scenarios/)."""
    return _bundled("vessels")


def templates_dir() -> Path:
    """The bundled Jinja templates."""
    return _bundled("templates")


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"


LIBRARY_ENV = "SHIPYARD_LIBRARY"
USER_FOLDER = "ships"


def user_library_dirs() -> list[Path]:
    """The user's own library, read by every command: the folders in $SHIPYARD_LIBRARY (separated by
    the system's path separator, ':' or ';'), else ./ships/ in the current folder when there is one."""
    import os

    env = os.environ.get(LIBRARY_ENV, "")
    if env.strip():
        return [Path(p).expanduser() for p in env.split(os.pathsep) if p.strip()]
    here = Path(USER_FOLDER)
    return [here] if here.is_dir() else []


def user_library_home() -> Path:
    """Where `shipyard new` writes: the first folder of $SHIPYARD_LIBRARY, else ./ships/."""
    import os

    env = [p for p in os.environ.get(LIBRARY_ENV, "").split(os.pathsep) if p.strip()]
    return Path(env[0]).expanduser() if env else Path(USER_FOLDER)


def is_bundled(path: Path) -> bool:
    """Whether a file is part of the library shipped with shipyard (not the user's): its real path is inside the
    bundled library's. Asked of every entry of a library by `validate` and the web's pages, so the bundled library's
    real path is found once (resolving it each time was ~0.3 ms a question, ~3 s of the suite)."""
    import os

    real, root = os.path.realpath(path), _real_folder(str(library_dir()))
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


@lru_cache(maxsize=4)
def _real_folder(folder: str) -> str:
    import os

    return os.path.realpath(folder)
