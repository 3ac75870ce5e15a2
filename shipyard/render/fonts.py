"""The embedded DejaVu fonts: registration, glyph coverage and cached string widths.

Only TrueType fonts are used: the built-in PDF Helvetica draws any character outside WinAnsi as a
black square without an error, so every string is checked against the font's own glyph table first.
"""

from __future__ import annotations

import hashlib
import marshal
import unicodedata
from fnmatch import fnmatch
from functools import lru_cache
from itertools import repeat
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import Version as _RL_VERSION, rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase import ttfonts as _ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ..paths import fonts_dir
from ..atomic import atomic_write_bytes
from ..errors import ShipyardError

# (family, weight) -> (registered font name, file, human name)
_FONTS: dict[tuple[str, str], tuple[str, str, str]] = {
    ("sans", "regular"): ("DejaVuSans", "DejaVuSans.ttf", "DejaVu Sans"),
    ("sans", "bold"): ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans Bold"),
    ("condensed", "regular"): ("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "DejaVu Sans Condensed"),
    ("condensed", "bold"): ("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed Bold"),
}
FAMILIES = ("sans", "condensed")
WEIGHTS = ("regular", "bold")

class _Face(TTFontFace):
    """A DejaVu face that keeps, per glyph set, the subset it embeds and that subset compressed: a sheet drawn again
    (a preview after an edit, the same unit in another file) embeds the same glyphs in the same order, and making
    and deflating four font subsets is most of the cost of writing a one-page PDF. The bytes written are the same."""

    _subsets: dict

    def makeSubset(self, subset):
        key = tuple(subset)
        got = self._subsets.get(key)
        if got is None:
            if len(self._subsets) > 16:
                self._subsets.clear()
            got = self._subsets[key] = [super().makeSubset(subset), None]
        return got[0]

    def addSubsetObjects(self, doc, fontname, subset):
        ref = super().addSubsetObjects(doc, fontname, subset)
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        got = self._subsets.get(tuple(subset))
        # only the stream just made from the kept subset (its content is that very bytes object), deflate-filtered
        if isinstance(stream, pdfdoc.PDFStream) and got is not None and got[0] is stream.content and doc.compression \
                and stream.filters == [pdfdoc.PDFZCompress] and "Filter" not in stream.dictionary.dict:
            if got[1] is None:
                got[1] = pdfdoc.PDFZCompress.encode(got[0])
            # deflated already: PDFStream.format applies no filter to a stream whose dictionary names one
            stream.content = got[1]
            stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        return ref


_FACE_FORMAT = b"shipyard-ttf-2"
# a function, the file itself, our own cache, where it is; and glyphToChar, which ReportLab uses only while it parses
# the file (it is the largest table to read back: 6,000 lists)
_NOT_KEPT = ("_pdfScale", "_ttf_data", "_subsets", "filename", "glyphToChar")


def _scale(units_per_em: int):
    """The face's font-units-to-PDF-units function, as ReportLab's parser makes it."""
    if units_per_em == 1000:
        return lambda x: x
    _1000mult = 1000 / units_per_em
    return lambda x: x * _1000mult


def _face(path: Path) -> _Face:
    """The parsed face of a TrueType file. Parsing the tables of a 700 KB font in Python takes ~20 ms, so what the
    parse gives is kept in the cache folder as marshal data, keyed on a hash of the file and ReportLab's version;
    a cache that cannot be read or written is not used."""
    raw = path.read_bytes()
    key = hashlib.blake2b(_FACE_FORMAT + _RL_VERSION.encode() + raw, digest_size=20).hexdigest()
    from ..cache.index import cache_dir

    kept = cache_dir() / "fonts" / f"{key}.marshal"
    try:
        state, named = marshal.loads(kept.read_bytes())
        face = object.__new__(_Face)
        face.__dict__.update(state)
        for k in named:
            face.__dict__[k] = TTFNameBytes(state[k])
        face._pdfScale = _scale(face.unitsPerEm)
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        face = TTFontFace(str(path))
        face.__class__ = _Face
        if face._ttf_data == raw:
            state = {k: v for k, v in vars(face).items() if k not in _NOT_KEPT}
            named = [k for k, v in state.items() if isinstance(v, TTFNameBytes)]
            try:
                atomic_write_bytes(kept, marshal.dumps((state, named)))
            except (OSError, ValueError):
                pass
    face._ttf_data = raw
    face.filename = str(path)
    face._subsets = {}
    return face


def _ttfont(name: str, path: Path) -> TTFont:
    """TTFont(name, path), with its face from _face(): the rest as TTFont.__init__ makes it."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = _face(path)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, g) for g in _ttfonts.unShapedFontGlob)
    return font


_registered: dict[str, TTFont] = {}
NAMES: dict[tuple[str, str], str] = {}  # (family, weight) -> registered name, for the fonts registered so far
_glyphs: dict[str, frozenset[int]] = {}
_human: dict[str, str] = {}


def font_name(family: str = "sans", weight: str = "regular") -> str:
    """The registered ReportLab font name for a family and weight (registers it on first use)."""
    name = NAMES.get((family, weight))
    if name is not None:
        return name
    try:
        name, filename, human = _FONTS[(family, weight)]
    except KeyError:
        raise ValueError(
            f"no font for family={family!r} weight={weight!r}; families: {', '.join(FAMILIES)}; weights: {', '.join(WEIGHTS)}"
        ) from None
    if name not in _registered:
        font = _ttfont(name, fonts_dir() / filename)
        pdfmetrics.registerFont(font)
        _registered[name] = font
        _glyphs[name] = frozenset(font.face.charToGlyph)
        _human[name] = human
        NAMES[(family, weight)] = name
    return name


def register_all() -> None:
    for family, weight in _FONTS:
        font_name(family, weight)


def ascent_descent(name: str) -> tuple[float, float]:
    """Ascent and descent (positive, below the baseline) as fractions of the font size."""
    face = _registered[name].face
    return face.ascent / 1000.0, -face.descent / 1000.0


def normalise(s: str) -> str:
    """NFC: "Ko" + combining macron becomes the single glyph "Kō" the font draws well."""
    return s if s.isascii() else unicodedata.normalize("NFC", s)


@lru_cache(maxsize=8192)
def _missing(s: str, name: str) -> str | None:
    glyphs = _glyphs[name]
    for ch in s:
        if ord(ch) not in glyphs:
            return ch
    return None


def check_text(s: str, family: str = "sans", weight: str = "regular") -> str:
    """Return s (NFC-normalised) if the font draws every character; else raise ShipyardError naming it.

    >>> check_text("Kōtetsu")
    'Kōtetsu'
    """
    name = font_name(family, weight)
    if s.isascii() and s.isprintable():
        return s  # every printable ASCII character is in DejaVu
    s = normalise(s)
    ch = _missing(s, name)
    if ch is not None:
        shown = ch if ch.isprintable() else repr(ch)[1:-1]
        hint = ("a line break cannot be drawn by text(): use wrap_text()" if ch in "\r\n"
                else "use another spelling or a transliteration")
        raise ShipyardError(f"U+{ord(ch):04X} '{shown}' is not in the {_human[name]} font used for sheets (in the text {s!r}); {hint}")
    return s


_widths: dict[tuple[str, str], float] = {}


def thousandths(name: str):
    """A function giving a string's width in the registered font `name` in 1000ths of the font size (its glyphs'
    widths summed, as ReportLab's stringWidth sums them before it scales). DejaVu's widths are whole multiples of
    1/256 (2,048 units an em), so these sums are exact in any order: the width of "a b" is the width of "a", of " " and
    of "b" added, and (thousandths * 0.001) * size is string_width_pt's figure to the last bit (a wrap adds a word at
    a time instead of measuring every longer line from its start)."""
    face = _registered[name].face
    get, default = face.charWidths.get, face.defaultWidth
    return lambda s: sum(map(get, map(ord, s), repeat(default)))


def string_width_pt(s: str, name: str, size: float) -> float:
    """Width in points of s set in the registered font `name` at `size` (cached per string and font)."""
    key = (s, name)
    w = _widths.get(key)
    if w is None:
        if len(_widths) > 50_000:
            _widths.clear()
        w = _widths[key] = pdfmetrics.stringWidth(s, name, 1.0)
    return w * size
