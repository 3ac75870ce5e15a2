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
