"""Errors a user can act on: the file, the line, the field, what was expected."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        if not self.file:
            return self.message
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.field:
            where += f": {self.field}"
        return f"{where}: {self.message}"


class ShipyardError(Exception):
    """Any error shipyard reports to the user without a traceback."""

    def __init__(self, problems: list[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem("", None, None, problems)]
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def nearest(name: str, candidates: list[str] | set[str], n: int = 3) -> list[str]:
    return difflib.get_close_matches(name, sorted(candidates), n=n, cutoff=0.5)


def did_you_mean(name: str, candidates) -> str:
    close = nearest(name, candidates)
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"


def display_path(path: Path | str) -> str:
    """A path as the user should read it: relative to the current folder where it is inside it; a file of the
    library installed with shipyard as 'bundled:usn/uss-hartford.yaml', never as a path into site-packages
    (which is not the place to edit: copy the file into your own library instead)."""
    p = Path(path)
    from .paths import _PACKAGE

    installed = _PACKAGE / "_bundled" / "vessels"
    try:
        return "bundled:" + p.resolve().relative_to(installed).as_posix()
    except ValueError:
        pass
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
