"""Game packs: one command, one PDF per rule set, read back as a player would."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pdfplumber
import pytest

from shipyard.pack import PackOptions
from shipyard.rules import all_rulesets, get_ruleset

RULESETS = [rs.key for rs in all_rulesets()]


@pytest.fixture(scope="module")
def packs(bundled_packs):
    """Every rule set's Mobile Bay pack, on A4 and on Letter (the session's shared builds)."""
    return {(rs, paper): bundled_packs.get("mobile-bay-1864", rs, paper) for paper in ("a4", "letter") for rs in RULESETS}


@functools.lru_cache(maxsize=64)
def _texts(path: Path, mtime_ns: int) -> tuple[str, ...]:
    """Each page's text through pdfium (Chromium's PDF engine: some forty times faster than pdfplumber's layout
    analysis). Runs of spaces are one space; a line break inside a line (pdfium puts one before the page count, a
    form drawn apart from the footer) is folded into it."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            text = page.get_textpage().get_text_range().replace("\r\n", "\n")
            text = re.sub(r"of[ \n]+(\d)", r"of \1", text)
            out.append(re.sub(r"[ \t]+", " ", text))
        return tuple(out)
    finally:
        pdf.close()


def page_texts(path: Path) -> list[str]:
    """Each page's text; a PDF is read once however many tests ask (keyed on its mtime, so a rebuild is read anew)."""
    return list(_texts(Path(path), Path(path).stat().st_mtime_ns))


@pytest.mark.parametrize("rules", RULESETS)
def test_pack_has_cover_roster_sheets_and_reference(packs, rules):
    built = packs[(rules, "a4")]
    texts = page_texts(built.path)
    assert len(texts) == built.pages >= 4
    assert "Battle of Mobile Bay" in texts[0]
    assert "Contents" in texts[0]


@pytest.mark.parametrize("rules", RULESETS)
def test_every_unit_of_mobile_bay_is_named_in_the_roster_and_on_a_sheet(packs, rules, library):
    texts = page_texts(packs[(rules, "a4")].path)
    everything = "\n".join(texts)
    rs = get_ruleset(rules)
    ctx = rs.context(library)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    for _, unit in library.scenario_units(ctx.scenario):
        if not rs.takes_part(unit.id, ctx):  # a rule set may play its own text's order of battle (RuleSet.plays)
            continue
        # a name may wrap or be shortened on a narrow card; its last word (Hartford, Morgan) must be there
        key = unit.name.split()[-1]
        assert everything.count(key) >= 2, f"{unit.name} missing from the {rules} pack"


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_footer_numbers_every_page_n_of_m(packs, rules, paper):
    built = packs[(rules, paper)]
    texts = page_texts(built.path)
    for n, text in enumerate(texts, start=1):
        assert re.search(rf"page {n} of {built.pages}\b", text), f"page {n}: footer missing or wrong"
        assert "Battle of Mobile Bay" in text.splitlines()[-1] or "Battle of Mobile Bay" in text


@pytest.mark.parametrize("rules", RULESETS)
def test_bookmarks_per_section_and_per_vessel(packs, rules, library):
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(packs[(rules, "a4")].path))
    titles = [b.get_title() for b in pdf.get_toc()]
    pdf.close()
    assert "Cover" in titles
    assert any("roster" in t.lower() for t in titles)
    assert any("sheet" in t.lower() for t in titles)
    rs = get_ruleset(rules)
    ctx = rs.context(library)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    # the units that take part under these rules (a rule set may play its own text's order of battle: RuleSet.plays)
    named = [u.name for _, u in library.scenario_units(ctx.scenario) if rs.takes_part(u.id, ctx)]
    assert sum(any(n in t for t in titles) for n in named) >= len(named) - 1


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_match_the_paper(packs, rules, paper):
    import pypdfium2

    want = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[paper]
    pdf = pypdfium2.PdfDocument(str(packs[(rules, paper)].path))
    try:
        for page in pdf:
            width, height = page.get_size()
            assert abs(width - want[0]) < 0.5 and abs(height - want[1]) < 0.5
    finally:
        pdf.close()


def _calibration_bars_mm(path: Path) -> list[float]:
    """Lengths (mm) of the labelled 100 mm bars: the horizontal rule just left of each '100 mm' label, measured between
    its path's own points (pdfium: some thirty times faster than pdfplumber's parse of a page of template arcs)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium

    def ends(obj) -> list[tuple[float, float]]:
        matrix, x, y = obj.get_matrix(), ctypes.c_float(), ctypes.c_float()
        out = []
        for k in range(pdfium.FPDFPath_CountSegments(obj.raw)):
            pdfium.FPDFPathSegment_GetPoint(pdfium.FPDFPath_GetPathSegment(obj.raw, k), ctypes.byref(x), ctypes.byref(y))
            out.append(matrix.on_point(x.value, y.value))
        return out

    found = []
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for page in pdf:
            text = page.get_textpage()
            search = text.search("100 mm", match_case=True)
            while (hit := search.get_next()) is not None:
                left, bottom, _, _ = text.get_charbox(hit[0])
                near = []
                for obj in page.get_objects(filter=(pdfium.FPDF_PAGEOBJ_PATH,)):
                    x0, y0, x1, y1 = obj.get_bounds()  # the stroke's extent, so a little longer than the rule
                    if y1 - y0 < 1.5 and x1 - x0 > 200 and x1 <= left + 1 and left - x1 < 10 and abs(y0 - bottom) < 8:
                        near.append(ends(obj))
                if near:
                    # the metric bar is the upper rule; the 4-inch rule runs just beneath it
                    bar = max(near, key=lambda pts: max(y for _, y in pts))
                    found.append((max(x for x, _ in bar) - min(x for x, _ in bar)) * 25.4 / 72)
    finally:
        pdf.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_template_pages_carry_a_true_100_mm_calibration_bar(packs, paper):
    bars = []
    for rules in RULESETS:
        bars += _calibration_bars_mm(packs[(rules, paper)].path)
    assert bars, "no calibration bar found in any pack"
    assert all(abs(b - 100.0) <= 0.2 for b in bars), bars


def test_pack_cli_writes_every_rule_set_with_a_summary(cli, tmp_path):
    run = cli("pack", "mobile-bay-1864", "--paper", "letter", "-o", tmp_path / "out", cwd=tmp_path)
    assert run.code == 0, run.err
    pdfs = sorted(p.name for p in (tmp_path / "out").glob("*.pdf"))
    assert pdfs == sorted(f"mobile-bay-1864-{k}-letter.pdf" for k in RULESETS)  # the paper is in the name
    assert "print at 100 % / Actual size" in run.out
    assert re.search(r"4 files, \d+ pages in [\d.]+ s", run.out)
    assert not list((tmp_path / "out").glob("*.part"))


def test_pack_side_filter_and_unknown_side(cli, tmp_path):
    run = cli("pack", "mobile-bay-1864", "--rules", "qp", "--side", "Confederate", "-o", tmp_path)
    assert run.code == 0, run.err
    pages = page_texts(tmp_path / "mobile-bay-1864-quick-play-confederate.pdf")
    # the cover's history and the shared set-up page (the table plan) name both sides' ships; the side's own aids do not
    assert "Set-up" in pages[1] and "Hartford" in pages[1]
    text = "\n".join(pages[2:])
    assert "Tennessee" in text and "Hartford" not in text
    bad = cli("pack", "mobile-bay-1864", "--rules", "qp", "--side", "Martians", "-o", tmp_path / "x")
    assert bad.code == 2 and "no side named" in bad.err and "Traceback" not in bad.err


def test_preset_saves_and_reuses_options(cli, tmp_path):
    preset = tmp_path / "thursday.yaml"
    run = cli("pack", "mobile-bay-1864", "--rules", "qp", "--paper", "letter", "--no", "counters",
              "--save-preset", preset, "-o", tmp_path / "a")
    assert run.code == 0, run.err
    saved = PackOptions.load(preset)
    assert saved.paper == "letter" and saved.counters is False and saved.rules == ["quick-play"]
    again = cli("pack", "mobile-bay-1864", "--preset", preset, "-o", tmp_path / "b")
    assert again.code == 0, again.err
    with pdfplumber.open(tmp_path / "b" / "mobile-bay-1864-quick-play-letter.pdf") as pdf:
        assert abs(pdf.pages[0].width - 612) < 0.5


def test_a_preset_with_a_typo_is_a_clear_error(cli, tmp_path):
    preset = tmp_path / "bad.yaml"
    preset.write_text("paper: a4\npapr: letter\n")
    run = cli("pack", "mobile-bay-1864", "--preset", preset, "-o", tmp_path)
    assert run.code == 2
    assert "bad.yaml:2" in run.err and "papr" in run.err
    assert "Traceback" not in run.err


def test_users_own_scenario_file_packs(cli, tmp_path):
    scen = tmp_path / "duel.yaml"
    scen.write_text(
        "id: duel\nname: A duel at Hampton Roads\ndate: '1862-03-09'\nplace: Hampton Roads\n"
        "sides:\n  - {name: Union, navy: USN, units: [{id: uss-monitor}]}\n"
        "  - {name: Confederate, navy: CSN, units: [{id: css-virginia}]}\n"
    )
    run = cli("pack", scen, "--rules", "sotw", "-o", tmp_path / "out")
    assert run.code == 0, run.err
    text = "\n".join(page_texts(tmp_path / "out" / "duel-smoke-on-the-water.pdf"))
    assert "USS Monitor" in text and "CSS Virginia" in text


def _diagonals(path: Path) -> int:
    """Struck boxes are drawn as two diagonal strokes each: every page's (conftest.diagonal_strokes)."""
    from conftest import diagonal_strokes

    return diagonal_strokes(path)


@pytest.mark.parametrize("rules", ["quick-play", "saunders"])
def test_pre_damaged_pack_strikes_the_scenarios_opening_damage(cli, tmp_path, rules):
    scen = tmp_path / "battered.yaml"
    scen.write_text(
        "id: battered\nname: The battered Tennessee\ndate: '1864-08-05'\nplace: Mobile Bay\n"
        "sides:\n  - {name: Union, navy: USN, units: [{id: uss-hartford}]}\n"
        "  - {name: Confederate, navy: CSN, units: [{id: css-tennessee, damage: {hull: 4, edna: 4}}]}\n"
    )
    counts = {}
    for copies in ("blank", "pre-damaged"):
        run = cli("pack", scen, "--rules", rules, "--copies", copies, "--no", "counters", "--no", "templates",
                  "-o", tmp_path / copies)
        assert run.code == 0, run.err
        counts[copies] = _diagonals(next((tmp_path / copies).glob("*.pdf")))
    assert counts["pre-damaged"] - counts["blank"] == 2 * 4


@pytest.mark.parametrize("rules", RULESETS)
def test_cover_contents_page_numbers_match_the_section_bookmarks(packs, rules):
    import pypdfium2

    path = packs[(rules, "a4")].path
    pdf = pypdfium2.PdfDocument(str(path))
    sections = {b.get_title(): b.get_dest().get_index() + 1 for b in pdf.get_toc() if b.level == 0 and b.get_title() != "Cover"}
    pdf.close()
    cover = page_texts(path)[0]
    assert sections
    for title, page in sections.items():
        assert re.search(rf"{re.escape(title)}\s+page\s+{page}\b", cover), f"{title} should say page {page}"


def test_a_long_history_is_set_smaller_on_the_cover_never_cut(library, tmp_path):
    """New Orleans' history is long: the cover sets it at a smaller size, whole, with no '…'."""
    from conftest import pdf_page_texts

    from shipyard.pack.build import build_pack

    scenario = library.scenarios["new-orleans-1862"]
    options = PackOptions(rules=["quick-play"], output_dir=tmp_path)  # every section: the contents take their room
    built = build_pack(library, scenario, get_ruleset("quick-play"), options)
    cover = " ".join(pdf_page_texts(built.path)[0].split())
    last_words = " ".join(" ".join(scenario.notes.split()).split()[-6:])
    assert last_words in cover and "…" not in cover


@pytest.mark.parametrize("rules", RULESETS)
def test_each_unit_is_derived_once_a_pack_however_many_sections_need_its_stats(library, tmp_path, monkeypatch, rules):
    """The sheets, the templates and gauges (the turns and speeds in play) and the quick reference all read the
    units' stats: one derivation each, kept on the context (rules.play_aids.in_play)."""
    import importlib
    from collections import Counter

    from shipyard.pack import build_pack

    rs = get_ruleset(rules)
    module = importlib.import_module(f"{rs.package}.derive")
    real = rs.derive
    calls: Counter[str] = Counter()

    def counting(unit, ctx):
        calls[unit.id] += 1
        return real(unit, ctx)

    monkeypatch.setattr(rs, "derive", counting)
    monkeypatch.setattr(module, "derive", counting)
    scenario = library.scenario("mobile-bay-1864")
    build_pack(library, scenario, rs, PackOptions(rules=[rs.key], output_dir=tmp_path))
    assert set(calls) == {u.id for _, u in library.scenario_units(scenario)}
    assert max(calls.values()) == 1, calls.most_common(3)


def test_a_pack_of_one_side_derives_only_that_sides_units_for_quick_play(library, tmp_path, monkeypatch):
    """Quick Play's quick reference covers the sides printed; the other side's units are neither derived nor able to
    fail the pack."""
    from collections import Counter

    from shipyard.pack import build_pack

    rs = get_ruleset("quick-play")
    real, calls = rs.derive, Counter()

    def counting(unit, ctx):
        calls[unit.id] += 1
        return real(unit, ctx)

    monkeypatch.setattr(rs, "derive", counting)
    scenario = library.scenario("mobile-bay-1864")
    build_pack(library, scenario, rs, PackOptions(rules=[rs.key], sides=["Confederate"], output_dir=tmp_path))
    confederate = {u.id for side, u in library.scenario_units(scenario) if side == "Confederate"}
    assert set(calls) == confederate and max(calls.values()) == 1


def test_a_history_longer_than_the_cover_goes_on_overleaf_whole(library, tmp_path):
    """A user's scenario whose history is far longer than a page even at the cover's smallest type: every word of
    it is printed (the cover used to leave out the lines that did not fit), and the contents still follow it."""
    from conftest import pdf_page_texts

    from shipyard.pack.build import build_pack

    scenario = library.scenarios["hampton-roads-1862"]
    history = " ".join(f"Paragraph {k}: " + " ".join(scenario.notes.split()) for k in range(1, 9)) + " The very end."
    long = scenario.model_copy(update={"notes": history})
    built = build_pack(library, long, get_ruleset("quick-play"), PackOptions(rules=["quick-play"], output_dir=tmp_path))
    pages = [" ".join(p.split()) for p in pdf_page_texts(built.path)]
    front = " ".join(pages[:3])
    assert "Paragraph 8:" in front and "The very end." in front
    assert front.index("The very end.") < front.index("Contents")
