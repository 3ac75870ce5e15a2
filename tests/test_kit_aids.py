"""The play-aid kit's counter sheets (render/counters.py): the rule sets say what each chit holds and the kit
places it; a style record is data, checked as it is read; the three layouts (fronts, fold, backs) are the kit's."""

from __future__ import annotations

import ast
from pathlib import Path

import pdfplumber
import pytest

import shipyard
from shipyard.render import Document
from shipyard.render.counters import Chit, chit_sheet, load_style
from shipyard.spec.errors import ShipyardError

RULES = Path(shipyard.__file__).parent / "rules"
# what places ink on a page, or cells on pages: the kit's job, never a rule set's counters module
PLACING = {"text", "fit_text", "wrap_text", "line", "lines", "rect", "circle", "arc", "wedge", "polygon", "rotated",
           "cells", "duplex_cells", "grid_marks", "cut_marks"}

STYLE = """\
marker:
  size: [20, 12]
  fold: beside
  parts:
    frame: {panel: {inset: 0.5, width: 0.3}}
    word: {words: {y: 7, size: 8, margin: 2, weight: bold}}
"""


@pytest.mark.parametrize("module", sorted(RULES.glob("*/counters.py")), ids=lambda p: p.parent.name)
def test_a_rule_sets_counters_place_nothing_by_coordinates(module):
    """Code review §2: every rule set hand-placed its chits (8–13 page calls each). Now each says what a chit holds
    and render/counters.py draws it from the style record: no page primitive is called in the module."""
    calls = [f"{module.name}:{n.lineno} {n.func.attr}" for n in ast.walk(ast.parse(module.read_text()))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in PLACING]
    assert not calls, calls


def test_every_rule_set_reads_its_counters_from_a_style_record():
    """Each rule set's aids.yaml loads, and every chit it describes has a size and its parts."""
    files = sorted(RULES.glob("*/aids.yaml"))
    assert {f.parent.name for f in files} == {p.parent.name for p in RULES.glob("*/counters.py")}
    for f in files:
        for name, style in load_style(f).items():
            assert style.w > 0 and style.h > 0 and style.parts, (f, name)


@pytest.mark.parametrize("bad, words", [
    ("    word: {words: {y: 7, size: 8, colour_: 1}}\n", "words has no 'colour_'"),
    ("    word: {dial: {y: 7}}\n", "'dial'"),
])
def test_a_style_record_that_is_not_one_says_which_and_why(tmp_path, bad, words):
    path = tmp_path / "aids.yaml"
    path.write_text(STYLE.replace("    word: {words: {y: 7, size: 8, margin: 2, weight: bold}}\n", bad))
    with pytest.raises(ShipyardError) as err:
        load_style(path)
    assert "aids.yaml" in str(err.value) and "'marker'" in str(err.value) and words in str(err.value)


def _sheet(tmp_path, chits, layout):
    style = load_style(_style_file(tmp_path))["marker"]
    face = [(style["frame"], None), (style["word"], "FRONT")]
    out = tmp_path / f"{layout}.pdf"
    with Document(out, paper="a4", title="t") as doc:
        chit_sheet(doc, [Chit(face, None if back is None else [(style["frame"], None), (style["word"], back)])
                         for back in chits], style, layout=layout, title="Markers")
    with pdfplumber.open(out) as pdf:
        return [(p.extract_text() or "", p.rects, p.lines) for p in pdf.pages]


def _style_file(tmp_path):
    path = tmp_path / "aids.yaml"
    path.write_text(STYLE)
    return path


def test_backs_with_nothing_behind_them_say_so_on_the_back_page(tmp_path):
    """A duplex back page with no chit on it says it is left blank (a printer that drops an empty page would shift
    every later back); a back page that holds backs says nothing of the kind."""
    blank = _sheet(tmp_path, [None] * 3, "backs")
    assert len(blank) == 2 and "FRONT" in blank[0][0]
    assert "back of the markers page: left blank for duplex printing" in blank[1][0]
    backed = _sheet(tmp_path, ["BACK"] * 3, "backs")
    assert backed[1][0].count("BACK") == 3 and "left blank" not in backed[1][0]


def test_a_fold_beside_puts_each_back_right_of_its_front_across_a_dashed_line(tmp_path):
    ((text, rects, lines),) = _sheet(tmp_path, ["BACK"], "fold")
    fronts = sorted(r["x0"] for r in rects)
    assert len(fronts) == 2 and fronts[1] - fronts[0] == pytest.approx(20 * 72 / 25.4, abs=0.01)
    fold = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln.get("dash")]
    assert fold and "FRONT" in text and "BACK" in text
