"""The embedded fonts' parsed tables are kept in the cache folder: a font made from the cache is the font
ReportLab's own parser makes, and a damaged cache is not used."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from shipyard.paths import fonts_dir
from shipyard.render import fonts


def _same(ours: TTFont, theirs: TTFont) -> None:
    a, b = dict(vars(ours.face)), dict(vars(theirs.face))
    assert a.pop("_pdfScale")(1234.5) == b.pop("_pdfScale")(1234.5)
    assert a.pop("_subsets") == {}
    if "glyphToChar" not in a:  # not kept: ReportLab uses it only while it parses the file
        b.pop("glyphToChar")
    assert a == b
    assert type(ours.face.name) is type(theirs.face.name) and ours.face.name.ustr == theirs.face.name.ustr
    a, b = dict(vars(ours)), dict(vars(theirs))
    assert isinstance(a.pop("face"), type(b.pop("face")))  # a TTFontFace that keeps its subsets
    for k in ("encoding", "state"):
        assert type(a.pop(k)) is type(b.pop(k))
    assert a == b


@pytest.mark.parametrize("file", ["DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf"])
def test_a_font_from_the_cache_is_the_font_reportlab_parses(tmp_path, monkeypatch, file):
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path))
    path = fonts_dir() / file
    parsed = TTFont("F", str(path))
    first = fonts._ttfont("F", path)  # parsed, and kept
    (kept,) = (tmp_path / "shipyard" / "fonts").iterdir()
    again = fonts._ttfont("F", path)  # from the cache
    _same(first, parsed)
    _same(again, parsed)
    kept.write_bytes(b"\x00damaged")
    _same(fonts._ttfont("F", path), parsed)


def test_a_subset_made_from_the_cache_embeds_the_bytes_reportlab_makes(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path))
    path = fonts_dir() / "DejaVuSans.ttf"
    fonts._ttfont("F", path)  # parsed, and kept
    cached = fonts._ttfont("F", path)
    assert "glyphToChar" not in vars(cached.face)
    glyphs = [ord(c) for c in "USS Hartford 1-2-3 ½ · × Tecumseh"]
    assert cached.face.makeSubset(glyphs) == TTFont("F", str(path)).face.makeSubset(glyphs)
