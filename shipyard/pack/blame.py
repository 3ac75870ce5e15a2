"""Blaming a failure on a field: when deriving or drawing fails, name the unit (or the scenario), its file,
the line and the field whose text is at fault, and what was being done."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from ..errors import Problem, ShipyardError, display_path


def describe(exc: BaseException) -> str:
    """A user's mistake (ShipyardError, ValueError) as its message; anything else as a bug to report."""
    if isinstance(exc, (ShipyardError, ValueError)):
        return str(exc)
    return f"internal error {type(exc).__name__}: {exc} (a bug in shipyard; SHIPYARD_DEBUG=1 shows the traceback)"


_CODEPOINT = re.compile(r"U\+([0-9A-F]{4,6})")
_QUOTED = re.compile(r"text '(.*?)' on page|\(in the text '(.*)'\)")


def _strings(data, prefix: tuple = ()):
    """(path, text) for every string in a JSON-like structure."""
    if isinstance(data, str):
        yield prefix, data
        return
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _strings(value, prefix + (key,))


def blame(obj, exc: BaseException) -> tuple[tuple | None, int]:
    """The field of obj an error is about, and how sure: the field holding the character a font lacks (100),
    else the longest field whose text is part of the text the error quotes (its length), else (None, 0)."""
    message = str(exc)
    data = obj.model_dump(mode="json", by_alias=True, exclude_none=True)
    m = _CODEPOINT.search(message)
    if m:
        char = chr(int(m.group(1), 16))
        for loc, text in _strings(data):
            if char in text or char in unicodedata.normalize("NFC", text):
                return loc, 100
    q = _QUOTED.search(message)
    quoted = (q.group(1) or q.group(2) or "") if q else ""
    best: tuple[tuple | None, int] = (None, 0)
    if quoted:
        for loc, text in _strings(data):
            text = unicodedata.normalize("NFC", " ".join(text.split()))
            score = 1000 if text == quoted else len(text) if text in quoted or quoted.rstrip("…") in text else 0
            if len(text) >= 3 and score > best[1]:
                best = (loc, score)
    return best


def _where(entry, loc: tuple | None) -> tuple[str, int | None, str | None]:
    file = display_path(entry.path) if entry is not None else ""
    if loc is None or entry is None:
        return file, None, None
    field_name = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
    return file, entry.located.line_of(loc), field_name


def derive_unit(ruleset, library, unit, ctx):
    """ruleset.derive(unit, ctx), with any failure reported against the unit (name, id, file) and the rule set."""
    try:
        return ruleset.derive(unit, ctx)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        raise unit_failure(library, unit, f"{ruleset.title}: deriving the stats", exc) from exc


def unit_failure(library, unit, label: str, exc: BaseException) -> ShipyardError:
    """A ShipyardError naming the unit (name and id), its file (and the field to blame), and what was being done."""
    file, line, field_name = _where(getattr(library, "origin", {}).get(unit.id), blame(unit, exc)[0])
    return ShipyardError([Problem(file, line, field_name, f"{label}: {unit.name} ({unit.id}) failed: {describe(exc)}")])


def scenario_failure(library, scenario, label: str, exc: BaseException, loc: tuple | None = None) -> ShipyardError:
    entry = getattr(library, "origin", {}).get("scenario:" + scenario.id)
    file, line, field_name = _where(entry, loc if loc is not None else blame(scenario, exc)[0])
    return ShipyardError([Problem(file, line, field_name, f"{label}: scenario {scenario.name} ({scenario.id}): {describe(exc)}")])


def culprit(section, aids, job, paper: str):
    """Draw a failed section again, one unit at a time, into throwaway files, to find the unit to blame.

    Returns (unit, its error) for the first unit that fails on its own while another unit (or, with one
    unit, an empty list) draws cleanly; None when every unit fails alike: then the section as a whole
    (the scenario's text, the rule set's own pages) is at fault, not a unit.
    """
    import tempfile

    from ..render import Document

    def fails(items) -> BaseException | None:
        try:
            with Document(Path(tmp) / "dry-run.pdf", paper=paper, footer="dry run") as doc:
                section.draw(doc, job.only(items), aids)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            return exc
        return None

    with tempfile.TemporaryDirectory(prefix="shipyard-dry-run-") as tmp:
        first, clean = None, False
        for item in job.units:
            exc = fails([item])
            if exc is None:
                clean = True
            elif first is None:
                first = (item[1], exc)
            if first is not None and clean:
                return first
        if first is not None and len(job.units) == 1 and fails([]) is None:
            return first
    return None


def section_failure(library, scenario, section, aids, job, paper: str, label: str, exc: BaseException) -> ShipyardError:
    """The error for a section that failed: the unit to blame (or the scenario field), else the section itself."""
    if section is not None and section.per_unit:
        found = culprit(section, aids, job, paper)
        if found is not None:
            unit, first = found
            # the unit failed alone; but the text at fault may be its side's or the scenario's
            in_unit, in_scenario = blame(unit, first), blame(scenario, first)
            if in_scenario[1] > in_unit[1]:
                return scenario_failure(library, scenario, label, first, in_scenario[0])
            return unit_failure(library, unit, label, first)
    if section is None or section.name == "roster":  # no unit to blame: the scenario's own text is drawn here
        return scenario_failure(library, scenario, label, exc)
    return ShipyardError(f"{label}: {describe(exc)}")
