"""Jinja text a user may restyle: exports, sheet headings, roster lines, cover notes.

Bundled templates live in templates/; a user's folder (`--templates DIR`) is searched first, so
restyling means copying one file and editing it. HTML/XML templates are autoescaped; text drawn on
a PDF or written as Markdown, CSV or JSON is not escaped, so `<Ram & Co>` prints literally everywhere.

Every template, bundled or the user's, renders in Jinja's sandbox: a template shared with a folder of ships
can format what it is given, never reach Python's internals (`"".__class__.__mro__`...) to run code.
"""

from __future__ import annotations

import csv
import io
from functools import lru_cache
from pathlib import Path

from .paths import templates_dir
from .errors import ShipyardError


def _autoescape(name: str | None) -> bool:
    return bool(name) and any(f".{ext}" in name for ext in ("html", "htm", "xml", "svg"))


def _csv_row(values) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(["" if v is None else v for v in values])
    return buf.getvalue()


def _md_cell(value) -> str:
    text = "" if value is None else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


@lru_cache(maxsize=8)
def environment(user_dir: str | None = None):
    """The one environment factory for every template: sandboxed, strict about undefined names."""
    import jinja2
    import jinja2.sandbox

    loaders = []
    if user_dir:
        path = Path(user_dir)
        if not path.is_dir():
            raise ShipyardError(f"--templates {user_dir!r}: no such folder")
        loaders.append(jinja2.FileSystemLoader(str(path)))
    loaders.append(jinja2.FileSystemLoader(str(templates_dir())))
    env = jinja2.sandbox.SandboxedEnvironment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=_autoescape,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=False,
    )
    env.filters["csv_row"] = _csv_row
    env.filters["md_cell"] = _md_cell
    env.filters["json"] = _json
    env.filters["yaml"] = _yaml
    return env


def render(name: str, user_dir: Path | str | None = None, **context) -> str:
    """Render one bundled (or user-overridden) template; errors name the template and the line."""
    import jinja2

    env = environment(str(user_dir) if user_dir else None)
    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateNotFound:
        raise ShipyardError(f"no template {name!r} in {user_dir or templates_dir()}") from None
    except jinja2.TemplateSyntaxError as exc:
        raise ShipyardError(f"{exc.filename or name}:{exc.lineno}: template error: {exc.message}") from None
    except jinja2.exceptions.SecurityError as exc:
        raise ShipyardError(f"{_template_line(exc, name)}: template error: a template may only format the values it "
                            f"is given, not reach into Python ({exc})") from None
    except jinja2.TemplateError as exc:
        raise ShipyardError(f"{_template_line(exc, name)}: template error: {exc.message or exc}") from None
    except (KeyboardInterrupt, SystemExit, ShipyardError):
        raise
    except Exception as exc:  # a user's template dividing by zero, calling what is not callable...
        raise ShipyardError(f"{_template_line(exc, name)}: template error: {type(exc).__name__}: {exc}") from None


def _template_line(exc: BaseException, name: str) -> str:
    """'file:line' of the innermost template frame of a rendering error (Jinja maps its frames to template lines)."""
    import traceback

    found = name
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.endswith(".j2") or "<template>" in frame.filename:
            found = f"{frame.filename}:{frame.lineno}"
    return found


def _json(value, indent: int | None = 2) -> str:
    """JSON with every character as itself: '<Ram & Co>' stays literal (Jinja's tojson writes \\u003c, for HTML)."""
    import json

    return json.dumps(value, indent=indent, ensure_ascii=False, sort_keys=False, allow_nan=False, default=str)


def _yaml(value) -> str:
    """One YAML value on one line (a name with a colon or quote comes out quoted)."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def line(name: str, user_dir: Path | str | None = None, **context) -> str:
    """A one-line text (a heading): the template's output with its whitespace folded. A bundled heading the user has
    not restyled is made by its plain twin (BUNDLED_LINES) without starting Jinja; the user's own goes through Jinja."""
    plain = BUNDLED_LINES.get(name)
    text = plain(**context) if plain is not None and not _restyled(name, user_dir) else render(name, user_dir, **context)
    return " ".join(text.split())


def _restyled(name: str, user_dir: Path | str | None) -> bool:
    """Whether the user's --templates folder holds its own `name` (or is not a folder: render says so)."""
    return user_dir is not None and (not Path(user_dir).is_dir() or (Path(user_dir) / name).exists())


# The bundled one-line templates (templates/*.txt.j2) said in Python, word for word: a pack draws some two hundred
# headings, and importing and compiling Jinja for them was ~25 ms of every pack. The .j2 files stay what a user
# copies to restyle one; tests/test_texts.py checks each twin against its template for every bundled unit and
# scenario, so the two cannot drift apart.

def _sheet_heading(unit, **_) -> str:
    return f"{unit.name}"


def _sheet_subheading(unit, **_) -> str:
    if unit.kind == "fort":
        words = f"Fort · {unit.place}"
    else:
        words = unit.type.value.capitalize() + (f" · {unit.class_name} class" if unit.class_name else "")
    return words + f" · {unit.navy.value}" + (" · what-if" if getattr(unit, "what_if", None) else "")


def _cover_title(scenario, **_) -> str:
    return f"{scenario.name}"


def _cover_subtitle(scenario, ruleset, **_) -> str:
    return f"{scenario.place}, {scenario.date} · {ruleset}"


BUNDLED_LINES = {"sheet_heading.txt.j2": _sheet_heading, "sheet_subheading.txt.j2": _sheet_subheading,
                 "cover_title.txt.j2": _cover_title, "cover_subtitle.txt.j2": _cover_subtitle}
