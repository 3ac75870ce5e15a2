"""Where the bundled data lives, whether running from a checkout or an installed wheel."""

from __future__ import annotations

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
