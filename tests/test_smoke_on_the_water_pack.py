"""The Smoke on the Water Mobile Bay pack on A4 with default options: at most 22 pages, every unit's sheet in it,
two sheets to a page wherever both fit."""

from __future__ import annotations

import pypdfium2

SOTW_A4_BUDGET = 22  # issue 11: Mobile Bay, A4, default options (cover and roster count)


def test_mobile_bay_pack_keeps_to_its_page_budget_with_every_units_sheet(bundled_packs, library):
    built = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4")
    assert built.pages <= SOTW_A4_BUDGET, built.pages
    scen = library.scenario("mobile-bay-1864")
    names = [library.units[u.id].name for side in scen.sides for u in side.units]
    doc = pypdfium2.PdfDocument(str(built.path))  # text through pdfium: fast
    try:
        assert len(doc) == built.pages
        texts = [doc[i].get_textpage().get_text_range().replace("\r", "") for i in range(len(doc))]
    finally:
        doc.close()
    # a sheet starts with the unit's name (beside its stat boxes) and ends with its orders or fire log
    sheet_pages: dict[str, int] = {}
    for i, text in enumerate(texts):
        for name in names:
            if any(line.startswith(name + " ") or line == name for line in text.split("\n")) and (
                    "Orders log" in text or "Fire log" in text):
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
        if "Orders log" not in text and "Fire log" not in text:
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
    name = {u.id: library.units[u.id].name for side in scen.sides for u in side.units}
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
    assert built.pages <= SOTW_A4_BUDGET + 1, built.pages


def test_page_plan_moves_a_single_sheet_up_rather_than_split_a_lashed_pair():
    from shipyard.rules.smoke_on_the_water.aids import page_plan
    ids = ["solo", "a", "b", "c", "big", "d"]
    fits = [True, True, True, True, False, True]
    plan = page_plan(ids, fits, {frozenset(("a", "b"))})
    order = [ids[k] for k, _ in plan]
    starts = [ids[k] for k, s in plan if s]
    assert order == ["solo", "c", "a", "b", "big", "d"]  # c fills solo's page; the pair a+b gets a page of its own
    assert starts == ["solo", "a", "big", "d"]
    # no pair: the order stands, two a page
    plain = page_plan(ids, fits, set())
    assert [ids[k] for k, _ in plain] == ids and [ids[k] for k, s in plain if s] == ["solo", "b", "big", "d"]
