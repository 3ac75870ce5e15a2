"""Saunders: every outcome of the damage, critical and event tables has its tracker on the sheet of every unit it can
befall (trackers.yaml), and every tracker on a sheet is one a rule uses. Block level, no PDF."""

from __future__ import annotations

from collections import Counter

import pytest

from shipyard.render.tags import recorded
from shipyard.rules import get_ruleset
from shipyard.rules.saunders.sheet import sheet
from shipyard.rules.saunders.trackers import applies, outcome_rows, trackers

RS = get_ruleset("saunders")


@pytest.fixture(scope="module")
def built(library):
    """(unit, stats, trackers recorded on its sheet) for every unit of the library (both bundled scenarios' too)."""
    ctx = RS.context(library)
    out = []
    units = {u.id: u for u in library.units.values()}
    for scen in ("mobile-bay-1864", "hampton-roads-1862"):
        for _, u in library.scenario_units(library.scenario(scen)):
            units.setdefault(u.id, u)
    for u in units.values():
        d = RS.derive(u, ctx)
        out.append((u, d.stats, recorded(sheet(u, d, ctx))))
    return out


def test_every_row_of_the_event_tables_names_a_tracker_and_nothing_else_is_mapped():
    rows = list(outcome_rows(RS.tables()))
    assert len(rows) >= 40 and ("criticals", "53-56") in rows and ("aground", "aground") in rows
    mapped = {(o.table, o.row) for o in trackers().outcomes}
    assert set(rows) - mapped == set(), "rows with no tracker"
    assert mapped - set(rows) == set(), "outcomes for rows the tables do not have"


def test_every_applies_condition_is_one_the_rule_set_knows(built):
    _, stats, _ = built[0]
    for o in trackers().outcomes:
        applies(o.applies, stats)  # raises on an unknown condition
    with pytest.raises(ValueError):
        applies("submarine", stats)


def test_every_unit_sheet_carries_every_tracker_its_outcomes_need(built):
    t = trackers()
    kinds = Counter()
    for unit, stats, found in built:
        need = t.for_unit(applies, stats)
        missing = need - set(found)
        assert not missing, (unit.name, sorted(missing))
        kinds["fort" if stats.unit == "fort" else "ship"] += 1
        kinds.update(k for k in ("ram_bow", "spar", "propulsion") if k in need)
    # the library exercises forts, rams, spars and the conditional trackers
    assert kinds["fort"] and kinds["ship"] and kinds["ram_bow"] and kinds["spar"], kinds


def test_a_box_per_gun(built):
    for unit, stats, found in built:
        assert Counter(found)["gun"] == sum(g.count for g in stats.guns), unit.name


def test_no_tracker_on_a_sheet_that_no_rule_uses(built):
    described = set(trackers().trackers)
    used = {o.tracker for o in trackers().outcomes if o.applies != "never"}
    on_sheets = {tr for _, _, found in built for tr in found}
    assert on_sheets <= described
    assert on_sheets == used, (sorted(on_sheets - used), sorted(used - on_sheets))


def test_hartford_sheet_offers_its_criticals_and_24_gun_boxes(built):
    unit, stats, found = next(b for b in built if b[0].id == "uss-hartford")
    c = Counter(found)
    assert c["gun"] == 24
    for tr in ("hull", "speed", "knots_lost", "fire", "hole", "rudder", "steering", "pilot_house", "captain", "steam",
               "smoke", "propulsion", "magazine", "gun_silent", "aground"):
        assert c[tr] >= 1, tr
    assert "ram_bow" not in c and "spar" not in c  # she has neither
