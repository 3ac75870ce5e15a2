"""Duplex backs: in every `--backs` counters file each front page is followed by its back (the mirrored page of
its backs, else a blank page), so that any duplex printer puts every back behind its own front. Read back from
the PDFs' page sequence."""

from __future__ import annotations

import pytest
from conftest import pdf_page_texts, pdf_straight_strokes

from shipyard.render import Document
from shipyard.render.page import MARK_WIDTH_MM, RenderError
from shipyard.rules import all_rulesets

PT = 25.4 / 72
# every rule set's Mobile Bay file on A4, and Smoke on the Water's (the most pages: speed counters with their astern
# backs, then markers without backs) on Letter too
FILES = [(rs.key, "mobile-bay-1864", "a4") for rs in all_rulesets()] + [("smoke-on-the-water", "mobile-bay-1864", "letter")]


def cut_marks(path) -> list[tuple[set, set]]:
    """Each page's (x of every vertical cut mark, y of every horizontal one), mm to 0.1 from the top left: every
    straight stroke of the cut marks' width as pdfminer (so pdfplumber's page.lines) counts a line, read through
    pdfium (conftest.pdf_straight_strokes); the same sets as pdfminer's on every page of every backs file here and
    of the bundled Mobile Bay packs, A4 and Letter."""
    out = []
    for (_, height), marks in pdf_straight_strokes(path, width_mm=MARK_WIDTH_MM, within_mm=0.02):
        xs = {round(min(x0, x1) * PT, 1) for (x0, _, x1, _, _) in marks if abs(x0 - x1) < 0.01}
        ys = {round((height - max(y0, y1)) * PT, 1) for (_, y0, _, y1, _) in marks if abs(y0 - y1) < 0.01}
        out.append((xs, ys))
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


def sides(path) -> list[tuple[str, str]]:
    """The file's pages in (front, back) pairs, each named 'blank', 'mirror' (the front's cut marks mirrored
    left to right) or 'other'; a file of an odd number of pages ends on ('front', 'missing')."""
    drawn = objects(path)
    marks = cut_marks(path)
    width = pdf_straight_strokes(path, pages=[0], width_mm=MARK_WIDTH_MM)[0][0][0] * PT
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
