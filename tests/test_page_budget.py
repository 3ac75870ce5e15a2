"""The paper a game takes: Mobile Bay in all four rule sets, A4, default options, fits 60 pages (cover and rosters
counted), with every unit's sheet in each pack."""

from __future__ import annotations

import pytest

from shipyard.rules import all_rulesets

BUDGET = 60  # the bundled rule sets' shares of it (issue 11) are each rule set's pack_pages


def test_mobile_bay_four_rule_sets_a4_fit_sixty_pages(bundled_packs, library):
    from conftest import pdf_page_texts

    pages = {}
    scenario = library.scenarios["mobile-bay-1864"]
    bundled = [rs for rs in all_rulesets() if rs.pack_pages is not None]
    assert sum(rs.pack_pages for rs in bundled) <= BUDGET, "the rule sets' shares overrun the budget"
    for rs in bundled:
        built = bundled_packs.get("mobile-bay-1864", rs.key, "a4")
        pages[rs.key] = built.pages
        text = " ".join(" ".join(pdf_page_texts(built.path)).split())
        ctx = rs.context(library)
        ctx.scenario = scenario
        # every unit that takes part under these rules (a rule set may play its own text's order of battle: plays)
        names = [u.name for _, u in library.scenario_units(scenario) if rs.takes_part(u.id, ctx)]
        assert all(n in text for n in names), (rs.key, [n for n in names if n not in text])
    print("Mobile Bay, A4, default options: " + ", ".join(f"{rs.key} {pages[rs.key]} (target {rs.pack_pages})" for rs in bundled)
          + f"; total {sum(pages.values())} (budget {BUDGET})")
    assert sum(pages.values()) <= BUDGET, pages
