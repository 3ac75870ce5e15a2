"""What every rule set's printed aids share, read back from the real PDFs: the roster chart, sheet headings
through the (user's) Jinja templates, colour or black and white, pre-damaged copies, markers that continue
on the page, and the tables' clear errors."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from conftest import diagonal_strokes, pdf_page_texts

from shipyard.pack import PackOptions, build_pack
from shipyard.render import Document
from shipyard.rules import all_rulesets, get_ruleset
from shipyard.rules.tables import Table, Tables
from shipyard.errors import ShipyardError
from shipyard.library.model import Scenario

GRID_GREY = (0.82, 0.82, 0.82)
RULESETS = [rs.key for rs in all_rulesets()]


# No roster draws a speed chart now (replay 27, never used at the table): Saunders gives its room to quick-reference
# tables (sau35), Smoke on the Water to what the text leaves open (sotw37), Quick Play to its readings; Really Simple
# to nothing. The chart kit went with it.


class OptionPacks:
    """Mobile Bay on A4 in colour (the session's shared builds: colour is the default) and in black and white, each
    built when a test first asks for it and once for the whole run (bundled_packs: under worksteal the cases that
    read them land on several workers, and each built all four black-and-white packs, which only one test reads)."""

    def __init__(self, bundled_packs) -> None:
        self.bundled_packs = bundled_packs

    def __getitem__(self, key):
        rules, colour = key
        return self.bundled_packs.get("mobile-bay-1864", rules, "a4", **({} if colour else {"colour": False}))


@pytest.fixture(scope="module")
def packs(bundled_packs):
    assert PackOptions().colour is True
    return OptionPacks(bundled_packs)


def _colours(path):
    """(page number, RGB 0-1) of the fill and the stroke colour of every object drawn (text, paths, forms' contents),
    read with pdfium: the render layer sets every colour as RGB, so a grey reads as r = g = b."""
    import ctypes

    import pypdfium2.raw as raw

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        for n, page in enumerate(pdf, start=1):
            for obj in page.get_objects():
                for get in (raw.FPDFPageObj_GetFillColor, raw.FPDFPageObj_GetStrokeColor):
                    if get(obj.raw, r, g, b, a):
                        yield n, (r.value / 255, g.value / 255, b.value / 255)
    finally:
        pdf.close()


def _hue(c) -> bool:
    return len(c) == 3 and max(c) - min(c) > 0.02


@pytest.mark.parametrize("rules", RULESETS)
def test_black_and_white_packs_have_no_hue_and_colour_packs_mark_the_sides(packs, rules):
    coloured = [(n, c) for n, c in _colours(packs[(rules, False)].path) if _hue(c)]
    assert coloured == [], f"black-and-white pack has colour: {coloured[:3]}"
    hues = {c for _, c in _colours(packs[(rules, True)].path) if _hue(c)}
    union_blue = (0x1f / 255, 0x3f / 255, 0x8f / 255)
    assert any(all(abs(a - b) < 0.01 for a, b in zip(c, union_blue)) for c in hues), "no Union blue in the colour pack"


# ---------------------------------------------------------------------------------------------
# Sheet headings through Jinja


@pytest.mark.parametrize("rules", RULESETS)
def test_a_users_heading_template_restyles_every_sheet(tmp_path, library, rules):
    tdir = tmp_path / "mine"
    tdir.mkdir()
    (tdir / "sheet_heading.txt.j2").write_text("{{ unit.name | upper }} — {{ unit.navy.value }}\n", encoding="utf-8")
    scenario = library.scenarios["mobile-bay-1864"]
    options = PackOptions(paper="a4", output_dir=tmp_path / "out", templates_dir=tdir, roster=False, templates=False,
                          counters=False, reference=False)
    built = build_pack(library, scenario, get_ruleset(rules), options)
    pdf = pypdfium2.PdfDocument(str(built.path))  # pdfium's text: pdfplumber's layout analysis of the sheets takes seconds
    try:
        text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)
    finally:
        pdf.close()
    assert "CSS TENNESSEE — CSN" in text
    assert "USS HARTFORD — USN" in text


@pytest.mark.parametrize("rules", RULESETS)
def test_names_with_markup_characters_print_literally_on_sheets(tmp_path, library, rules):
    rs = get_ruleset(rules)
    ctx = rs.context(library)
    unit = library.units["css-tennessee"].as_of("1864-08-05").model_copy(update={"name": 'Ram <&> "Co" \'s'})
    path = tmp_path / "sheet.pdf"
    with Document(path, paper="a4", footer="test", strict=True) as doc:
        rs.aids().sheets(doc, [(unit, rs.derive(unit, ctx))], ctx)
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text()
    assert 'Ram <&> "Co" \'s' in text
    assert "&amp;" not in text and "&lt;" not in text


# ---------------------------------------------------------------------------------------------
# Pre-damaged copies


def _duel(damage: dict | None) -> Scenario:
    return Scenario.model_validate({
        "id": "duel", "name": "A duel", "date": "1864-08-05", "place": "Mobile Bay",
        "sides": [{"name": "Union", "navy": "USN", "units": [{"id": "uss-hartford"}]},
                  {"name": "Confederate", "navy": "CSN", "units": [{"id": "css-tennessee", **({"damage": damage} if damage else {})}]}],
    })


def _struck(path: Path) -> int:
    """Diagonal strokes on the first page: a struck box is two (conftest.diagonal_strokes)."""
    return diagonal_strokes(path, [0])


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("copies", ["blank", "pre-damaged"])
def test_pre_damaged_copies_strike_the_scenarios_opening_damage(tmp_path, library, rules, copies):
    rs = get_ruleset(rules)
    unit = library.units["css-tennessee"].as_of("1864-08-05")
    main_track = next(iter(rs.damage_tracks(rs.derive(unit, rs.context(library)), rs.context(library))))
    scenario = _duel({main_track: 3})  # the rule set names the track its sheet strikes first
    counts = {}
    for label, scen in (("damaged", scenario), ("none", _duel(None))):
        ctx = rs.context(library)
        ctx.options = PackOptions(copies=copies)
        ctx.scenario = scen
        path = tmp_path / f"{label}.pdf"
        with Document(path, paper="a4", footer="test", strict=True) as doc:
            rs.aids().sheets(doc, [(unit, rs.derive(unit, ctx))], ctx)
        counts[label] = _struck(path)
    assert counts["damaged"] - counts["none"] == (2 * 3 if copies == "pre-damaged" else 0)


def test_scenario_damage_must_be_whole_boxes(library):
    with pytest.raises(Exception):
        _duel({"hull": -1})
    assert _duel({"hull": 2}).sides[1].units[0].damage == {"hull": 2}
    assert _duel(None).sides[1].units[0].damage == {}


# ---------------------------------------------------------------------------------------------
# Markers that continue on the page


def test_cells_can_continue_below_what_is_drawn(tmp_path):
    with Document(tmp_path / "cells.pdf", paper="a4", footer="test", strict=True) as doc:
        first = list(doc.cells(8, 20, 20))
        assert doc.page_count == 1 and doc.cells_bottom is not None
        bottom = doc.cells_bottom
        more = list(doc.cells(5, 26, 26, new_page=False))
        assert doc.page_count == 1
        assert all(page is first[0][0] for page, _, _ in more)
        assert min(y for _, _, y in more) >= bottom + 2
        # explicit start: nothing fits below the bottom of the content, so a new page is started
        late = list(doc.cells(2, 26, 26, new_page=False, start_y=doc.content.bottom - 10))
        assert doc.page_count == 2 and late[0][2] < 60


def test_counter_markers_share_a_page_with_the_counters(packs):
    texts = pdf_page_texts(packs[("quick-play", True)].path)
    both = [t for t in texts if "TURN" in t.upper() and "Cruise" in t]
    assert both, "the speed markers start on a page of their own"


# ---------------------------------------------------------------------------------------------
# Tables: clear errors


def test_a_missing_table_and_a_malformed_row_are_clear_errors():
    tables = Tables({"ranges": Table("ranges", "source", [{"band": "close"}])})
    tables.ruleset = "really-simple"
    with pytest.raises(ShipyardError, match="really-simple tables have no 'ramming' table"):
        tables.require("ramming")
    assert tables.require("ranges").name == "ranges"
    t = tables.require("ranges")
    assert t.need(t.rows[0], "band", "a band name") == "close"
    with pytest.raises(ShipyardError, match=r"table ranges \(source\): every row needs 'inches'"):
        t.need(t.rows[0], "inches", "a distance")
