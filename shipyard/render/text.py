"""Text without a page: the one number formatter, line wrapping and table column alignment.

Everything here measures with the embedded fonts and needs no canvas, so blocks can measure
themselves before anything is drawn.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from .paper import MM

_fonts = None  # render.fonts (ReportLab and the DejaVu faces), loaded by the first wrapping: number() needs neither


def _load_fonts():
    global _fonts
    from . import fonts

    _fonts = fonts
    return fonts

ALIGN = {"left": "left", "centre": "centre", "center": "centre", "middle": "centre", "right": "right"}

_FRACTIONS = ((0.25, "¼"), (0.5, "½"), (0.75, "¾"), (1 / 3, "⅓"), (2 / 3, "⅔"))


def number(v, *, fractions: bool = True, none: str = "") -> str:
    """The one way a number is printed: 6.0 -> '6', 2.5 -> '2½', 0.75 -> '¾', 1.3 -> '1.3', True -> 'yes'.
    Strings pass through; None prints `none`."""
    if type(v) is int:  # the most common by far: box counts, factors, turns
        return str(v)
    if v is None:
        return none
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            return str(v)
        whole = math.floor(v)
        frac = v - whole
        if abs(frac) < 1e-9:
            return str(int(whole))
        if fractions:
            for value, glyph in _FRACTIONS:
                if abs(frac - value) < 0.005:
                    return (str(int(whole)) if whole else "") + glyph
        return f"{round(v, 2):g}"
    return str(v)


_EIGHTHS = {1: "⅛", 2: "¼", 3: "⅜", 4: "½", 5: "⅝", 6: "¾", 7: "⅞"}


def eighths(v: float) -> str:
    """v to the nearest eighth, as a tape measure reads it: 55.78 -> '55¾', 54.69 -> '54¾', 3.4 -> '3⅜' (within 1/16 of
    v; the glyphs are the embedded DejaVu fonts')."""
    n = round(v * 8)
    whole, part = divmod(n, 8)
    return (str(whole) if whole or not part else "") + _EIGHTHS.get(part, "")


def _fmt_num(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def wrap_lines(s, width: float, size: float = 8, weight: str = "regular", family: str = "sans") -> list[str]:
    """Break s into lines no wider than width mm: on spaces; a word wider than the line breaks after a '/' or '-'
    where it can, and only then between characters. '\\n' starts a new paragraph. Needs no page (for measuring)."""
    fonts = _fonts or _load_fonts()
    name = fonts.NAMES.get((family, weight)) or fonts.font_name(family, weight)
    return list(_wrapped(s if type(s) is str else _fmt_num(s), width, size, name))


NO_BREAK = "\u00a0"  # a no-break space: keeps two words on one line where it can, printed as a space
_KEEP_TOGETHER_SPLIT = re.compile(r"[^\S\u00a0]+")  # whitespace a line may break at: any but the no-break space


@lru_cache(maxsize=16384)
def _wrapped(s: str, width: float, size: float, name: str) -> tuple[str, ...]:
    """wrap_lines, kept: a block measured and then drawn wraps the same strings to the same widths."""
    fonts = _fonts or _load_fonts()
    s = fonts.normalise(s)
    limit = width * MM
    thousandths = fonts.thousandths(name)  # exact sums: a line's is its words' and spaces' added (fonts.thousandths)
    space = thousandths(" ")

    def fits(em: float) -> bool:  # a width in 1000ths of the size, as string_width_pt scales it
        return em * 0.001 * size <= limit

    def sw(t: str) -> float:
        return thousandths(t) * 0.001 * size

    lines: list[str] = []
    for para in s.split("\n"):
        words = _KEEP_TOGETHER_SPLIT.split(para.strip())
        if words == [""]:
            lines.append("")
            continue
        # words joined by a no-break space stay on one line, unless together they are wider than a line
        words = [w for word in words
                 for w in (word.split(NO_BREAK) if NO_BREAK in word and sw(word) > limit else [word])]
        cur, cur_em = "", 0.0
        for word in words:
            word_em = thousandths(word)
            trial_em = cur_em + space + word_em if cur else word_em
            if fits(trial_em):
                cur, cur_em = (f"{cur} {word}" if cur else word), trial_em
                continue
            if cur:
                lines.append(cur)
            while sw(word) > limit and len(word) > 1:
                cut = max((i + 1 for i, ch in enumerate(word[:-1]) if ch in "/-" and sw(word[:i + 1]) <= limit), default=0)
                if not cut:
                    cut = len(word) - 1
                    while cut > 1 and sw(word[:cut]) > limit:
                        cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            cur, cur_em = word, thousandths(word)
        lines.append(cur)
    return tuple(line.replace(NO_BREAK, " ") for line in lines)


def column_aligns(align, ncol: int) -> list[str]:
    """A table's alignment per column: None (first column left, the rest centred), one word for all, or a list
    (columns it leaves out are left-aligned)."""
    if align is None:
        return ["left"] + ["centre"] * (ncol - 1)
    if isinstance(align, str):
        return [align] * ncol
    return list(align) + ["left"] * (ncol - len(align))
