"""Quick Play: every bundled unit that carries guns has at least one cannonade factor (a box to strike, a gun to
lose), in every bundled scenario and outside any, and each side's roster total is the sum of its own rows."""

from __future__ import annotations

import re

import pytest

from shipyard.render.table_block import Table
from shipyard.render.text_blocks import Text
from shipyard.render.tags import walk
from shipyard.rules.quick_play import RULESET, roster


def _guns(unit) -> int:
    return sum(m.count for m in unit.armament)


def test_every_bundled_unit_with_guns_has_a_factor_alone(library):
    ctx = RULESET.context(library)
    silent = [uid for uid, u in library.units.items()
              if _guns(u) and RULESET.derive(u, ctx).stats.cannonade.total == 0]
    assert not silent, silent


def test_every_unit_with_guns_has_a_factor_in_every_bundled_scenario(library):
    silent = []
    for sid, scen in library.scenarios.items():
        ctx = RULESET.context(library)
        ctx.scenario = scen  # Mobile Bay: the article's printed values, Fort Morgan's shared with its water battery
        silent += [(sid, u.id) for _, u in library.scenario_units(scen)
                   if _guns(u) and RULESET.derive(u, ctx).stats.cannonade.total == 0]
    assert len(library.scenarios) >= 10 and not silent, silent


def test_a_single_heavy_gun_that_rounds_down_still_fires_as_one_medium(library):
    ctx = RULESET.context(library)
    d = RULESET.derive(library.units["css-jamestown"], ctx)  # one X-inch Dahlgren: 2/3 of a racking factor
    assert d["cannonade"] == {"heavy": 0, "medium": 1, "parrot": 0}
    assert "least_factor, reconstructed" in d.reasons["cannonade.medium"]
    assert "least_factor" not in RULESET.derive(library.units["uss-hartford"], ctx).reasons["cannonade.medium"]


@pytest.mark.parametrize("scenario", ["mobile-bay-1864", "hampton-roads-1862", "memphis-1862"])
def test_each_sides_roster_total_is_the_sum_of_its_rows(library, scenario):
    ctx = RULESET.context(library)
    scen = ctx.scenario = library.scenarios[scenario]
    units = [(side, u, RULESET.derive(u, ctx)) for side, u in library.scenario_units(scen)]
    by_id = {u.id: (u, d) for _, u, d in units}
    for side in scen.sides:
        block = roster.side_block(side, by_id, ctx, scen)
        rows = [row for b in walk(block) if isinstance(b, Table) for row in b.rows]
        sums = [sum(int(row[4].split("/")[i]) for row in rows) for i in range(3)]  # unit, type, EDNA, ram, guns
        edna = sum(int(row[2]) for row in rows)
        total = next(t for b in walk(block) if isinstance(b, Text) for t in b.texts() if " · total EDNA " in t)
        m = re.search(r"(\d+) ships?(?: and (\d+) forts?)?(?:, \d+ counters \(a pair draws one\))? · total EDNA (\d+) · "
                      r"factors (\d+) Heavy, (\d+) Medium, (\d+) Parrott \((\d+) in all\)", total)
        if m is None:  # a side of forts alone
            m = re.search(r"()(\d+) forts? · total EDNA (\d+) · factors (\d+) Heavy, (\d+) Medium, (\d+) Parrott \((\d+) in all\)", total)
        assert m, total
        units = int(m[1] or 0) + int(m[2] or 0)
        assert [units] + [int(g) for g in m.groups()[2:]] == [len(rows), edna, *sums, sum(sums)], (side.name, total)


# ------------------------------------------------------------------ what a test against EDNA does (quick reference)

def _reference_text(ctx) -> str:
    from shipyard.rules.quick_play import reference

    return " ".join(t for b in walk(reference.play_tables(ctx, size=8.5)) for t in b.texts())


def test_the_quick_reference_says_what_each_test_against_edna_does(library):
    ctx = RULESET.context(library)
    text = _reference_text(ctx)
    for key, test in (("Gunfire", "gunfire"), ("Ramming", "ramming"), ("Torpedoes", "torpedoes"), ("Boiler (2-2)", "boiler")):
        row = next(r for r in ctx.tables.edna_tests.rows if r["test"] == test)
        after = text.split(key, 1)[1][:520]
        assert f"over {row['against']}" in after.replace("Over", "over"), (key, after)
        # play 38, moment 6: the boiler's "equal or under: no hit" gave its room to "(to 0: struck, not sunk)";
        # a hit per point over gives none at or under, as Gunfire says just before it
        assert "equal or under: no hit" in after or (test == "boiler" and "(to 0: struck, not sunk)" in after), (key, after)
        assert ("one hit" if str(row["hits"]) == "1" else "a hit per point over") in after, (key, after)
    assert ctx.tables.torpedoes.rows["when"] in text  # the whole of the torpedoes' `when`, as the table has it


def test_a_house_rule_changes_what_a_gunfire_hit_does(library, tmp_path):
    import json

    t = RULESET.tables()
    rows = [dict(r, hits="per_point") if r["test"] == "gunfire" else r for r in t.edna_tests.rows]
    hr = tmp_path / "house.yaml"
    hr.write_text(json.dumps({"quick-play": {"edna_tests": {"rows": rows}}}))
    ctx = RULESET.context(library, house_rules=hr)
    gunfire = _reference_text(ctx).split("Gunfire", 1)[1][:200]
    assert "a hit per point over" in gunfire and "one hit" not in gunfire
