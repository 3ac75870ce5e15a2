"""Smoke on the Water: every outcome its damage tables can inflict has a place to mark on the sheet of every unit it
can befall (trackers.yaml, checked both ways on the sheets' blocks), and Hartford's sheet can record all of it."""

from __future__ import annotations

from collections import Counter

import pytest

from shipyard.render.tracks import Tracks
from shipyard.render.tags import recorded, walk
from shipyard.render.kit import GunTable
from shipyard.rules import get_ruleset
from shipyard.rules.smoke_on_the_water import sheet as S

RS = get_ruleset("sotw")
WIDTH = 190.0
SCENARIOS = (("mobile-bay-1864", None), ("hampton-roads-1862", "1/1200"))


def table_rows(tables) -> dict[str, set[str]]:
    """Every row of each damage, critical and event table, walked from tables.yaml (never listed by hand)."""
    locations = {loc for rolls in tables.require("hit_locations").rows["configurations"].values()
                 for entry in rolls.values() for loc in entry}
    crit = tables.require("critical_hits").rows
    return {
        "hit_locations": locations,
        "critical_hits": {r["hit"] for r in crit["hits"] + crit["specials"]},
        "hull_damage_effects": set(tables.require("hull_damage_effects").rows),
        "running_aground": set(tables.require("running_aground").rows["chances"]),
        "fort_walls": set(tables.require("fort_walls").rows["materials"]),
        # collisions (Tables 6-7) and torpedoes: each lists what it can inflict under `results`
        **{name: set(tables.require(name).rows["results"])
           for name in ("collision_damage", "locking", "torpedoes", "misfires", "grounding_damage", "fire_test",
                        "gunners_driven_off")},
        "zero_points": {r["track"] for r in tables.require("zero_points").rows},
        # the turn's rules that leave a state to mark (issue 22: anchored, surrendered, abandoned, locked)
        "turn_rules": {r["rule"] for r in tables.require("turn_rules").rows if r.get("marked")},
        "reconstructions": {r["rule"] for r in tables.require("reconstructions").rows if r.get("marked")},
    }


@pytest.fixture(scope="module")
def scenario_sheets(library):
    out = []
    for scen, scale in SCENARIOS:
        ctx = RS.context(library, scale=scale)
        for side in library.scenario(scen).sides:
            for u in side.units:
                unit = library.units[u.id]
                d = RS.derive(unit, ctx)
                for compact in (True, False):
                    out.append((unit, d, compact, S.sheet(unit, d, ctx, WIDTH, compact=compact)))
    return out


def test_every_row_of_the_damage_tables_names_a_tracker_and_every_outcome_is_a_real_row():
    tr = RS.trackers()
    rows = table_rows(RS.tables())
    mapped: dict[str, set[str]] = {}
    for o in tr.outcomes:
        mapped.setdefault(o.table, set()).add(o.row)
    for table, names in rows.items():
        assert names <= mapped.get(table, set()), (table, sorted(names - mapped.get(table, set())))
        assert mapped.get(table, set()) <= names, (table, "outcomes for rows the table does not have")
    assert set(mapped) <= set(rows)
    assert {o.tracker for o in tr.outcomes} == set(tr.trackers)


def test_every_sheet_carries_the_trackers_its_unit_needs(scenario_sheets):
    tr = RS.trackers()
    for unit, d, compact, block in scenario_sheets:
        s = d.stats
        found = Counter(recorded(block))
        need = tr.for_unit(RS.applies, s)
        assert need <= set(found), (d.unit_name, compact, sorted(need - set(found)))
        # per-gun and per-turret / per-wheel trackers come once per gun, turret, wheel
        assert found["gun"] == sum(g.count for g in s.guns), d.unit_name
        if s.kind == "vessel":
            assert found["turret"] == len(s.turret_damage_points) == found["turret_jam"] == found["turret_out"]
            assert found["wheel"] == len(s.wheel_damage_points)
            assert found["hull"] == found["flotation"] == found["flooding"] == found["machinery"] == 1
        else:
            assert found["hull"] == 1 and "flotation" not in found


def test_no_sheet_carries_a_tracker_no_rule_uses(library):
    ctx = RS.context(library)
    described = set(RS.trackers().trackers)
    seen: set[str] = set()
    for uid in sorted(library.units):
        unit = library.units[uid]
        d = RS.derive(unit, ctx)
        for compact in (True, False):
            seen |= set(recorded(S.sheet(unit, d, ctx, WIDTH, compact=compact)))
    assert seen <= described, sorted(seen - described)
    assert seen == described  # and every tracker the rules use is somewhere on a sheet


def test_applies_knows_only_its_own_conditions(library):
    d = RS.derive(library.find("monitor"), RS.context(library))
    assert RS.applies("turreted", d.stats) and not RS.applies("paddle", d.stats) and not RS.applies("fort", d.stats)
    with pytest.raises(ValueError, match="no-such"):
        RS.applies("no-such", d.stats)


@pytest.mark.parametrize("compact", [True, False])
def test_hartford_can_record_every_point_gun_and_critical(library, compact):
    ctx = RS.context(library)
    unit = library.find("uss-hartford")
    d = RS.derive(unit, ctx)
    s = d.stats
    block = S.sheet(unit, d, ctx, WIDTH, compact=compact)
    tracks = {t.records: t for b in walk(block) if isinstance(b, Tracks) for t in b.tracks}
    assert tracks["hull"].count == s.hull_damage_points == 86  # 1.6 × √2,900 tons (hull_damage_points)
    assert tracks["flotation"].count == s.flotation_points == 16
    assert tracks["machinery"].count == s.machinery_boxes == 4
    assert tracks["flooding"].count >= s.flotation_points  # she sinks before her flooding can outrun its boxes
    (guns,) = [b for b in walk(block) if isinstance(b, GunTable)]
    assert sorted(guns.boxes) == sorted(g.count for g in s.guns) and sum(guns.boxes) == 24  # grouped by bearing
    found = set(recorded(block))
    for critical in ("gun", "pilot_house", "rudder", "fire", "flooding", "machinery", "abandoned", "sunk", "aground"):
        assert critical in found, critical
    text = "\n".join(block.texts())
    for words in ("Pilot house hit", "Rudder: port only", "Rudder: stbd only", "On fire", "Out of control",
                  "X destroyed", "/ while it cannot fire"):
        assert words in text, words
