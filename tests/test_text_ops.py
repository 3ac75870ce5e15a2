"""Page.text writes a string's text operators itself, and a string of printable ASCII without walking it through
ReportLab's splitString (render/page.py, _show and _plain_ascii): the bytes must stay those drawString writes, in
every face, for text that needs escaping, drawn before, between and after text that takes other font subsets."""

from __future__ import annotations

from shipyard.render import Document


def test_plain_ascii_text_sets_what_drawstring_would_in_every_face_and_subset(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from shipyard.render import fonts
    from shipyard.render.paper import MM

    faces = [("sans", "bold"), ("condensed", "regular"), ("sans", "regular"), ("condensed", "bold")]
    wide = "".join(chr(c) for c in range(0x100, 0x250) if c in fonts._glyphs[fonts.font_name("sans", "regular")])
    strings = ["Hartford (flagship) \\ 15", "4+ to hit; (1) always", "Kōtetsu −2", *(wide[i:i + 40] for i in
               range(0, len(wide), 40)), "Tecumseh) sunk (", "~!@#$%^&*_+{}|:\"<>?`-=[];',./", "x"]
    first = fonts.font_name(*faces[0])
    ref = Canvas(str(tmp_path / "ref.pdf"), initialFontName=first, initialFontSize=9)  # as a Document's canvas starts
    with Document(tmp_path / "ours.pdf") as doc:
        page = doc.new_page()
        H = doc.paper.height_pt
        n = 0
        for s in strings:
            for family, weight in faces:
                size = 6 + n % 4
                page.text(20, 20 + 0.5 * n, s, size=size, family=family, weight=weight)
                ref.setFont(fonts.font_name(family, weight), size)
                ref.drawString(20 * MM, H - (20 + 0.5 * n) * MM, s)
                assert doc._canvas._code[-1] == ref._code[-1], (s, family, weight)
                n += 1
    assert len(fonts._registered[fonts.font_name("sans", "regular")].state[ref._doc].subsets) > 1  # crossed a subset
