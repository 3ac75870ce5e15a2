"""What shipyard prints to a console, made safe for any console.

Two things a console can be given that it must not get raw:

- a character its encoding has no room for (Windows' cp1252 when the output is redirected to a file,
  `PYTHONIOENCODING=ascii`): it gets a readable stand-in instead (`->` for `→`, `<=` for `≤`, `-` for `—`,
  `Kotetsu` for `Kōtetsu`), never a UnicodeEncodeError;
- a control character from a file someone shared (an ESC starting a terminal escape sequence, a
  right-to-left override): it is shown as its escape (`\\x1b`), never obeyed.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata

STAND_IN_ERRORS = "shipyard-stand-in"

# The symbols shipyard's own reports use, each with what an ASCII console shows instead.
STAND_INS = {
    "→": "->", "←": "<-", "↔": "<->", "≤": "<=", "≥": ">=", "≠": "!=", "≈": "~", "±": "+/-", "−": "-",
    "—": "-", "–": "-", "‒": "-", "…": "...", "×": "x", "÷": "/", "·": ".", "•": "*", "°": " deg",
    "½": "1/2", "¼": "1/4", "¾": "3/4", "⅓": "1/3", "⅔": "2/3", "⅛": "1/8",
    "‘": "'", "’": "'", "“": '"', "”": '"', "′": "'", "″": '"', "\u00a0": " ", "\u202f": " ",
    "✓": "yes", "✗": "no",
}


def _stand_in_for(ch: str, encoding: str) -> str:
    shown = STAND_INS.get(ch)
    if shown is None:  # a letter with an accent loses the accent; anything else becomes "?"
        shown = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)) or "?"
    try:
        shown.encode(encoding)
    except (UnicodeError, LookupError):
        return "?"
    return shown


def _stand_in(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(_stand_in_for(ch, exc.encoding) for ch in exc.object[exc.start:exc.end]), exc.end


codecs.register_error(STAND_IN_ERRORS, _stand_in)


def use_stand_ins() -> None:
    """Make stdout and stderr print a stand-in for any character their encoding cannot show."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors=STAND_IN_ERRORS)
        except (AttributeError, ValueError, OSError):  # not a text stream of the usual kind (a test's capture)
            pass


def printable(text: str) -> str:
    """Text with every control character (ESC, a bidi override, a NUL...) shown as its escape, not obeyed;
    line breaks kept."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else repr(ch)[1:-1] for ch in text)


def shown(text: str, stream=None) -> str:
    """Text as a console (stdout unless told) shows it: control characters as escapes, and every character its
    encoding cannot show as its stand-in already (so a table measures the columns it will print)."""
    text = printable(text)
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, errors=STAND_IN_ERRORS).decode(encoding)
    except LookupError:
        pass
    return text
