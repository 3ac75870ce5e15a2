"""The Smoke on the Water Mobile Bay pack on A4 with default options: at most its share (pack_pages), every unit's sheet in it,
two sheets to a page wherever both fit."""

from __future__ import annotations

import re

import pypdfium2

from shipyard.rules import get_ruleset

# Mobile Bay, A4, default options (cover, set-up page and roster count): the rule set's share of the 60 pages
SOTW_A4_BUDGET = get_ruleset("smoke-on-the-water").pack_pages


def _playing(library, scen) -> list:
    """The scenario's units that take part under these rules (a fort off the channel window takes none: plays)."""
    rs = get_ruleset("smoke-on-the-water")
    ctx = rs.context(library)
    ctx.scenario = scen
    return [u for _, u in library.scenario_units(scen) if rs.takes_part(u.id, ctx)]
LETTER_MORE = 2  # Letter's shorter page: a page more of fire markers and of quick reference (issue 22)


def test_mobile_bay_pack_keeps_to_its_page_budget_with_every_units_sheet(bundled_packs, library):
    built = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4")
    assert built.pages <= SOTW_A4_BUDGET, built.pages
    scen = library.scenario("mobile-bay-1864")
    names = [u.name for u in _playing(library, scen)]
    doc = pypdfium2.PdfDocument(str(built.path))  # text through pdfium: fast
    try:
        assert len(doc) == built.pages
        texts = [doc[i].get_textpage().get_text_range().replace("\r", "") for i in range(len(doc))]
    finally:
        doc.close()
    # a sheet starts with the unit's name (beside its stat boxes) and ends with its orders log (Manoeuvre column) or fire log
    sheet_pages: dict[str, int] = {}
    for i, text in enumerate(texts):
        for name in names:
            if any(line.startswith(name + " ") or line == name for line in text.split("\n")) and (
                    "Manoeuvre" in text or "Fire log" in text):
                sheet_pages.setdefault(name, i)
    assert set(sheet_pages) == set(names), sorted(set(names) - set(sheet_pages))
    per_page: dict[int, int] = {}
    for i in sheet_pages.values():
        per_page[i] = per_page.get(i, 0) + 1
    assert len(per_page) <= (len(names) + 1) // 2  # two a page: every unit fits half an A4 page


def _sheet_pages(path, names) -> dict[str, int]:
    doc = pypdfium2.PdfDocument(str(path))
    try:
        texts = [doc[i].get_textpage().get_text_range().replace("\r", "") for i in range(len(doc))]
    finally:
        doc.close()
    pages: dict[str, int] = {}
    for i, text in enumerate(texts):
        if "Manoeuvre" not in text and "Fire log" not in text:
            continue
        for name in names:
            if any(line == name or line.startswith(name + " ") for line in text.split("\n")):
                pages.setdefault(name, i)
    return pages


def test_letter_pack_keeps_lashed_pairs_on_one_page_in_one_sheet_design(bundled_packs, library):
    """Review item 2: on Letter every lashed pair of Mobile Bay shares a page, every sheet is the half-page design
    (two a page), and the pack is no longer than A4's budget plus one page."""
    built = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter")
    scen = library.scenario("mobile-bay-1864")
    name = {u.id: u.name for u in _playing(library, scen)}
    pages = _sheet_pages(built.path, list(name.values()))
    assert set(pages) == set(name.values()), sorted(set(name.values()) - set(pages))
    pairs = [(u.id, u.lashed_to) for side in scen.sides for u in side.units if u.lashed_to]
    assert len(pairs) >= 7
    for a, b in pairs:
        assert pages[name[a]] == pages[name[b]], (name[a], pages[name[a]], name[b], pages[name[b]])
    per_page: dict[int, int] = {}
    for p in pages.values():
        per_page[p] = per_page.get(p, 0) + 1
    assert len(per_page) == (len(name) + 1) // 2  # two a page: one (half-page) design throughout
    assert built.pages <= SOTW_A4_BUDGET + LETTER_MORE, built.pages


def test_page_plan_moves_a_single_sheet_up_rather_than_split_a_lashed_pair():
    from shipyard.rules.smoke_on_the_water.sheet import page_plan
    ids = ["solo", "a", "b", "c", "big", "d"]
    heights = [1.0, 1.0, 1.0, 1.0, 2.0, 1.0]  # half a page each, "big" a whole page
    plan = page_plan(ids, heights, 2.0, {frozenset(("a", "b"))})
    order = [ids[k] for k, _ in plan]
    starts = [ids[k] for k, s in plan if s]
    assert order == ["solo", "c", "a", "b", "big", "d"]  # c fills solo's page; the pair a+b gets a page of its own
    assert starts == ["solo", "a", "big", "d"]
    # no pair: the order stands, two a page
    plain = page_plan(ids, heights, 2.0, set())
    assert [ids[k] for k, _ in plain] == ids and [ids[k] for k, s in plain if s] == ["solo", "b", "big", "d"]


def test_page_plan_pairs_two_sheets_that_fit_together_though_one_is_over_half_a_page():
    """Issue 22: with 5 mm log rows some sheets run a little over half a page; beside a short one they still share."""
    from shipyard.rules.smoke_on_the_water.sheet import page_plan
    plan = page_plan(["tall", "short", "tall2", "tall3"], [1.1, 0.8, 1.1, 1.1], 2.0, set(), gap=0.05)
    assert [s for _, s in plan] == [True, False, True, True]


def test_letter_quick_reference_closes_up_onto_four_pages_not_below_6_pt(bundled_packs):
    """Review item 2 (second round): Letter's quick reference left its last table alone on a page of its own; its
    tables' lines close up (the type keeps its size, never under 6 pt). Issue 22 added the turn's rules (misfires,
    fire test, grounding ...), the turn card and the readings page (Table 14 left to each sheet): at most four pages, the readings last."""
    import pdfplumber

    built = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter")
    doc = pypdfium2.PdfDocument(str(built.path))  # text through pdfium: fast
    try:
        texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
    first = next(i for i, t in enumerate(texts) if "quick reference for the units in play" in t)
    ram = next(i for i, t in enumerate(texts) if "Ramming and torpedoes" in t)
    rules = next(i for i, t in enumerate(texts) if "The turn's rules" in t)
    readings = next(i for i, t in enumerate(texts) if "What the text leaves open" in t)
    assert readings < first < ram <= rules == len(texts) - 1 <= first + 3, (first, ram, rules, readings, len(texts))
    with pdfplumber.open(built.path, pages=list(range(first + 1, len(texts) + 1))) as pdf:
        sizes = [c["size"] for p in pdf.pages for c in p.chars]
    assert min(sizes) >= 6.0 - 1e-6
    assert built.pages <= SOTW_A4_BUDGET + LETTER_MORE


def test_flow_pages_agrees_with_the_flow(library, tmp_path):
    """The dry run that picks the closed-up quick reference counts the pages Flow really draws, both ways."""
    from shipyard.render import Document
    from shipyard.rules import get_ruleset
    from shipyard.rules.smoke_on_the_water import reference as R

    rs = get_ruleset("sotw")
    ctx = rs.context(library, scale="1/600")
    ctx.scenario = library.scenario("mobile-bay-1864")
    derived = [rs.derive(u, ctx) for _, u in library.scenario_units(ctx.scenario)]
    seen = set()
    for paper in ("a4", "letter"):
        for tight in (False, True):
            blocks = R.reference_blocks(derived, ctx)
            blocks = [R._tight(b) for b in blocks] if tight else blocks
            gap = R.style("reference_tight" if tight else "reference_flow")["gap"]  # the style record's gaps
            with Document(tmp_path / f"{paper}{tight}.pdf", paper=paper, title="t") as doc:
                box = doc.content_for(False)
                want = R.flow_pages(blocks, box.w, box.h, gap)
                flow = R.Flow(doc, rule=False, gap=gap)
                for k, b in enumerate(blocks):
                    flow.add(b, new_page=k == 0)
            with pdfplumber_pages(tmp_path / f"{paper}{tight}.pdf") as n:
                assert n == want, (paper, tight, n, want)
            seen.add((paper, tight, want))
    for paper in ("a4", "letter"):  # closing up never costs a page
        assert max(n for p, t, n in seen if p == paper and t) <= max(n for p, t, n in seen if p == paper and not t)


class pdfplumber_pages:
    def __init__(self, path):
        import pdfplumber

        self.pdf = pdfplumber.open(path)

    def __enter__(self):
        return len(self.pdf.pages)

    def __exit__(self, *exc):
        self.pdf.close()


# ---- issue 22 (sotw22h): room on the half page for the calibrated hull tracks


def _compact_sheets(path) -> list[str]:
    """The pages of the half-page sheet design (its shorter checkbox labels)."""
    from conftest import pdf_page_texts
    return [t for t in pdf_page_texts(path) if "Manoeuvre" in t and "Free tries" in t]


def test_a_half_page_keeps_its_damage_line_wherever_dropping_it_gains_nothing(bundled_packs):
    """A half page taller than half a page dropped its "Damage:" line even where the other column was the taller
    one, so it gained nothing: Memphis's ironclads and Little Rebel, each on a page of its own, printed none."""
    sheets = _compact_sheets(bundled_packs.get("memphis-1862", "smoke-on-the-water", "a4").path)
    line = "Damage: ½/¼ left: max speed −1/−2; machinery −1; each repair: FP −flooding (FP 0: sinks)"
    for name in ("USS Benton", "USS Louisville", "USS Carondelet", "USS Cairo", "USS St. Louis", "CSS Little Rebel"):
        (sheet,) = [" ".join(t.split()) for t in sheets if re.search(rf"^{re.escape(name)}( |$)", t, re.M)]
        assert sheet.count(line) == 1, name


def test_a_half_page_sets_a_gun_name_and_a_wheel_label_on_one_line(bundled_packs):
    """The gun's name column took 45 % of the name and arc columns, so "9-inch Dahlgren smoothbore" broke onto a
    second line on every Letter sloop (a line of the half page each), and "Wheel stbd (WDP) 10" took two lines of
    the label column on a large wheeler."""
    letter = _compact_sheets(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)
    lines = [line.strip() for t in letter for line in t.split("\n")]
    assert sum("9-inch Dahlgren smoothbore" in line for line in lines) >= 15
    assert "smoothbore" not in lines
    hampton = _compact_sheets(bundled_packs.get("hampton-roads-1862", "smoke-on-the-water", "a4").path)
    henry = next(t for t in hampton if "CSS Patrick Henry" in t)
    assert "Wheel port (WDP) 10" in henry and "Wheel stbd (WDP) 10" in henry
