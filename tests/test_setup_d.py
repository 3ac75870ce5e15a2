"""Issue 22's shared set-up page (page 2 of every Mobile Bay pack), as the replays r13-r15 found it: the lashed pairs'
consorts, the channel edge's meaning, the monitors' column, the start speeds in a rule set's own words."""

from __future__ import annotations

import pytest

from shipyard.pack.setup_page import fit, starts_table
from shipyard.rules import get_ruleset

RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]
MONITORS = ["USS Tecumseh", "USS Manhattan", "USS Winnebago", "USS Chickasaw"]


def _units(library, scenario):
    return {su.id: library.units[su.id] for s in scenario.sides for su in s.units}


@pytest.mark.parametrize("rules", RULES)
def test_the_monitors_start_in_one_column_on_tecumsehs_track(library, rules):
    """Replays r13, r14 (Quick Play): Winnebago and Chickasaw set up at x 58½, off Tecumseh's x 59, so the line-ahead
    rule shifted them ½" in the first move. No source staggers the column: they start on her track, in every rule set
    (Smoke on the Water's window too, where they come on from the south edge where their starts say)."""
    scenario = library.scenarios["mobile-bay-1864"]
    rs = get_ruleset(rules)
    f = fit(scenario.setup, rs, rs.native_scale)
    rows = {r[0]: r[1] for r in starts_table(scenario, scenario.sides[0], _units(library, scenario), f, rs).rows}
    starts = f.starts(scenario.setup)
    xs = {starts[uid].at[0] for uid in ("uss-tecumseh", "uss-manhattan", "uss-winnebago", "uss-chickasaw")}
    assert len(xs) == 1, xs
    printed = {rows[name].split(",")[0] for name in MONITORS if name in rows and "," in rows[name]}
    assert len(printed) == 1, (rules, {n: rows.get(n) for n in MONITORS})
