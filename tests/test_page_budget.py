"""The paper a game takes: Mobile Bay in all four rule sets, A4, default options, fits 60 pages (cover and rosters
counted), with every unit's sheet in each pack."""

from __future__ import annotations

import pytest

from shipyard.rules import all_rulesets

BUDGET = 60
TARGETS = {"smoke-on-the-water": 22, "saunders": 20, "really-simple": 10, "quick-play": 6}  # issue 11's shares of it


def test_mobile_bay_four_rule_sets_a4_fit_sixty_pages(bundled_packs, library):
    from conftest import pdf_page_texts

    pages = {}
    names = [u.name for _, u in library.scenario_units(library.scenarios["mobile-bay-1864"])]
    for rs in all_rulesets():
        built = bundled_packs.get("mobile-bay-1864", rs.key, "a4")
        pages[rs.key] = built.pages
        text = " ".join(" ".join(pdf_page_texts(built.path)).split())
        assert all(n in text for n in names), (rs.key, [n for n in names if n not in text])
    print("Mobile Bay, A4, default options: " + ", ".join(f"{k} {n} (target {TARGETS.get(k, '?')})" for k, n in pages.items())
          + f"; total {sum(pages.values())} (budget {BUDGET})")
    assert sum(pages.values()) <= BUDGET, pages
