"""Issue 23's set-up data for Galveston, Sabine Pass, Trent's Reach and Fort Fisher: each scenario's historically
decisive layout, read from the library, and the two things their set-ups needed the format to say (a ship on the
ground at the start; a ship with a consort lashed on each side)."""

from __future__ import annotations

from shipyard.pack.setup_page import fit, plan_block, starts_table
from shipyard.rules import get_ruleset


def _units(library, scenario):
    return {su.id: library.units[su.id] for s in scenario.sides for su in s.units}


def _with(scenario, side: int, unit_id: str, **changes):
    """The scenario with one of a side's units changed (a copy: the library is shared by the tests)."""
    sides = list(scenario.sides)
    units = [su.model_copy(update=changes) if su.id == unit_id else su for su in sides[side].units]
    sides[side] = sides[side].model_copy(update={"units": units})
    return scenario.model_copy(update={"sides": sides})


def test_a_ship_with_a_consort_on_each_side_is_named_with_both(library):
    # Mobile Bay's Brooklyn with Octorara to port and, for this test, Metacomet too: both are named with her on the
    # starts table and on her plan label, and neither gets a row of her own.
    scenario = _with(library.scenarios["mobile-bay-1864"], 0, "uss-metacomet", lashed_to="uss-brooklyn")
    units = _units(library, scenario)
    f = fit(scenario.setup, get_ruleset("saunders"), "1/1200")
    rows = [r[0] for r in starts_table(scenario, scenario.sides[0], units, f).rows]
    assert "USS Brooklyn + USS Octorara + USS Metacomet" in rows
    assert not any(r.startswith(("USS Octorara", "USS Metacomet")) for r in rows)
    labels = [m.label for m in plan_block(scenario, units, f, []).markers]
    assert "USS Brooklyn + USS Octorara + USS Metacomet" in labels


def test_a_ship_aground_at_the_start_says_so_on_the_starts_table(library):
    scenario = library.scenarios["mobile-bay-1864"]
    starts = dict(scenario.setup.starts)
    starts["uss-oneida"] = starts["uss-oneida"].model_copy(update={"aground": True})
    scenario = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"starts": starts})})
    units = _units(library, scenario)
    f = fit(scenario.setup, get_ruleset("saunders"), "1/1200")
    row = next(r for r in starts_table(scenario, scenario.sides[0], units, f).rows if r[0].startswith("USS Oneida"))
    assert "aground" in row[3]
