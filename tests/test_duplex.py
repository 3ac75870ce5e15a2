"""Duplex backs: in every `--backs` counters file each front page is followed by its back (the mirrored page of
its backs, else a blank page), so that any duplex printer puts every back behind its own front. Read back from
the PDFs' page sequence."""

from __future__ import annotations

import pytest
from conftest import pdf_page_texts

from shipyard.render import Document
from shipyard.render.page import MARK_WIDTH_MM, RenderError
from shipyard.rules import all_rulesets

PT = 25.4 / 72
# every rule set's Mobile Bay file on A4, and Smoke on the Water's (the most pages: speed counters with their astern
# backs, then markers without backs) on Letter too
FILES = [(rs.key, "mobile-bay-1864", "a4") for rs in all_rulesets()] + [("smoke-on-the-water", "mobile-bay-1864", "letter")]


def cut_marks(path) -> list[tuple[set, set]]:
    """Each page's (x of every vertical cut mark, y of every horizontal one), mm to 0.1 from the top left: every
    straight stroke of the cut marks' width, counted as pdfminer (so pdfplumber's page.lines) counts a line: each
    subpath of just a move and a line (a close after it too), forms' contents included. Read through pdfium's page
    objects (its points are the PDF's, its stroke width the line width the page sets), some six times faster than
    pdfminer's parse of the same pages; the same sets as pdfminer's on every page of every backs file here."""
    import ctypes
    import struct

    import pypdfium2
    import pypdfium2.raw as raw

    x, y, w, m = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), raw.FS_MATRIX()

    def written(v: float) -> float:
        """The number as the page wrote it (the shortest decimal that is this single-precision value, as pdfium keeps
        its points and matrices), read in double precision as pdfminer reads it: a mark 19.95 mm in (56.55118 pt)
        rounds to 19.9 mm as pdfminer's, not 20.0 mm as pdfium's float."""
        single = struct.pack("f", v)
        for digits in range(1, 10):
            if struct.pack("f", shortest := float(f"{v:.{digits}g}")) == single:
                return shortest
        return v

    def placed(obj, outer):  # the object's matrix, then its form's
        raw.FPDFPageObj_GetMatrix(obj, m)
        A, B, C, D, E, F = outer
        m.a, m.b, m.c, m.d, m.e, m.f = (written(v) for v in (m.a, m.b, m.c, m.d, m.e, m.f))
        return (m.a * A + m.b * C, m.a * B + m.b * D, m.c * A + m.d * C, m.c * B + m.d * D,
                m.e * A + m.f * C + E, m.e * B + m.f * D + F)

    def strokes(obj, outer):
        """The straight strokes of the cut marks' width this object draws, as ((x0, y0), (x1, y1)) in PDF space."""
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            inner = placed(obj, outer)
            for k in range(raw.FPDFFormObj_CountObjects(obj)):
                yield from strokes(raw.FPDFFormObj_GetObject(obj, k), inner)
            return
        if kind != raw.FPDF_PAGEOBJ_PATH or not raw.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(w)) \
                or abs(w.value * PT - MARK_WIDTH_MM) >= 0.02:
            return
        a, b, c, d, e, f = placed(obj, outer)
        subpath = []
        n = raw.FPDFPath_CountSegments(obj)
        for k in range(n + 1):  # one step past the end closes the last subpath
            seg = raw.FPDFPath_GetPathSegment(obj, k) if k < n else None
            step = raw.FPDFPathSegment_GetType(seg) if seg else raw.FPDF_SEGMENT_MOVETO
            if step == raw.FPDF_SEGMENT_MOVETO and subpath:
                if [s for s, _ in subpath] == [raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO]:
                    yield tuple((a * px + c * py + e, b * px + d * py + f) for _, (px, py) in subpath)
                subpath = []
            if seg:
                raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                subpath.append((step, (written(x.value), written(y.value))))

    out = []
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for page in pdf:
            height, xs, ys = page.get_height(), set(), set()
            for k in range(raw.FPDFPage_CountObjects(page.raw)):
                for (x0, y0), (x1, y1) in strokes(raw.FPDFPage_GetObject(page.raw, k), (1, 0, 0, 1, 0, 0)):
                    if abs(x0 - x1) < 0.01:
                        xs.add(round(min(x0, x1) * PT, 1))
                    if abs(y0 - y1) < 0.01:
                        ys.add(round((height - max(y0, y1)) * PT, 1))
            out.append((xs, ys))
            page.close()
    finally:
        pdf.close()
    return out


def same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(abs(p - q) < 0.15 for p, q in zip(a, b))


def objects(path) -> list[int]:
    """How many objects (text, paths, images) each page draws, read through pdfium (fast)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return [len(list(page.get_objects())) for page in pdf]
    finally:
        pdf.close()


def page_width(path) -> float:
    """The first page's width, pt."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return pdf[0].get_width()
    finally:
        pdf.close()


def sides(path) -> list[tuple[str, str]]:
    """The file's pages in (front, back) pairs, each named 'blank', 'mirror' (the front's cut marks mirrored
    left to right) or 'other'; a file of an odd number of pages ends on ('front', 'missing')."""
    drawn = objects(path)
    marks = cut_marks(path)
    width = page_width(path) * PT
    out = []
    for i in range(0, len(drawn), 2):
        f = "front" if drawn[i] else "blank"
        if i + 1 == len(drawn):
            out.append((f, "missing"))
            continue
        if not drawn[i + 1]:
            out.append((f, "blank"))
            continue
        (fx, fy), (bx, by) = marks[i], marks[i + 1]
        mirrored = bx and same(sorted(width - x for x in bx), sorted(fx)) and same(sorted(by), sorted(fy))
        out.append((f, "mirror" if mirrored else "other"))
    return out


@pytest.fixture(scope="module")
def backs_files(tmp_path_factory):
    from conftest import in_process

    out = tmp_path_factory.mktemp("backs")
    files = {}
    for key, scenario, paper in FILES:
        path = out / f"{key}-{scenario}-{paper}.pdf"
        run = in_process("counters", "--rules", key, scenario, "--backs", "--paper", paper, "-o", path)
        assert run.code == 0, run.err
        files[(key, scenario, paper)] = path
    return files


def test_every_front_page_of_a_backs_file_has_its_back(backs_files):
    read = {key: sides(path) for key, path in backs_files.items()}
    for key, pairs in read.items():
        assert all(b != "missing" for _, b in pairs), (key, "odd number of pages")
        assert all(f == "front" for f, _ in pairs), (key, "a blank page where a front belongs", pairs)
        assert all(b in ("blank", "mirror") for _, b in pairs), (key, "a back that is not its front's", pairs)
    # the counters with faces on both sides do get their mirrored backs (not all blank)
    for rs in all_rulesets():
        assert any(b == "mirror" for _, b in read[(rs.key, "mobile-bay-1864", "a4")]), rs.key


def test_a_duplex_document_pairs_every_page(tmp_path):
    """The render layer's own rule, whatever draws on it: fronts without backs get blank ones, a back follows
    the front it backs, and nothing continues on a back page."""
    path = tmp_path / "d.pdf"
    with Document(path, paper="a4", strict=True) as doc:
        doc.duplex_backs()
        for page, x, y in doc.cells(3, 40, 40):  # a front page with no backs
            page.rect(x, y, 40, 40)
        for page, x, y, item, back in doc.duplex_cells(range(4), 40, 40):  # a front with its mirrored back
            page.text(x + 2, y + 5, f"{'back' if back else 'front'} {item}")
        assert doc.on_back
        for page, x, y in doc.cells(2, 30, 30, new_page=False):  # would have continued on the back: a new front
            assert not doc.on_back
            page.rect(x, y, 30, 30)
        with pytest.raises(RenderError):
            doc.duplex_backs()  # not half way through a front page
    assert [b for _, b in sides(path)] == ["blank", "mirror", "blank"]
    texts = pdf_page_texts(path)
    assert "front 0" in texts[2] and "back 0" in texts[3] and "front" not in texts[3]
