"""The rule-set contract (shipyard.rules.contract): every registered rule set fills every part of it, and what the
shared code used to know about each game (damage tracks, scales) now comes from the rule sets."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shipyard.rules import AIDS, all_rulesets, all_scales, damage_track_names, get_ruleset
from shipyard.rules.derived import Derived
from shipyard.rules.tables import Tables
from shipyard.rules.trackers import Trackers
from shipyard.rules.contract import ANY_SCALE, UNIT_SHEET, RuleSet, track_name_known
from shipyard.errors import ShipyardError
from shipyard.library.model import Scenario

RULESETS = [rs.key for rs in all_rulesets()]
A_SHIP, A_FORT = "css-tennessee", "fort-morgan"


def conforms(rs, library, tmp_path) -> None:
    """Every part of the contract, run on one rule set: names, tables, scales, the calculator on a ship and a fort,
    their damage tracks and trackers, and every printed aid it offers drawn from one Job (the others refused)."""
    from shipyard.render import Document
    from shipyard.rules import Job

    assert isinstance(rs, RuleSet)
    assert rs.key and rs.title and all(isinstance(a, str) for a in rs.aliases)
    assert get_ruleset(rs.short_name) is rs and all(get_ruleset(a) is rs for a in rs.aliases)
    assert isinstance(rs.tables(), Tables) and rs.tables()
    assert rs.native_scale in rs.scales and rs.ground_units in ("in", "cm", "mm")
    assert all(s == ANY_SCALE or s in all_scales() for s in rs.scales)
    scenario = library.scenarios["mobile-bay-1864"]
    ctx = rs.context(library)
    ctx.scenario = scenario
    units = [(side, u, rs.derive(u, ctx)) for side, u in library.scenario_units(scenario)
             if u.id in (A_SHIP, A_FORT, "uss-hartford")]
    trackers = rs.trackers()
    assert isinstance(trackers, Trackers) and trackers.outcomes
    for _, unit, d in units:
        assert isinstance(d, Derived) and d.stats is not None
        assert trackers.for_unit(rs.applies, d.stats) <= set(trackers.trackers)
        tracks = rs.damage_tracks(d, ctx)
        assert isinstance(tracks, dict) and (tracks or unit.id == A_FORT), (unit.id, "every ship has her main track")
        assert all(isinstance(n, int) and n >= 0 for n in tracks.values())
        assert all(rs.damage_track_known(t) for t in tracks), (unit.id, tracks, rs.track_names)
    offered = [name for name in AIDS if rs.prints(name)]
    assert "sheets" in offered, "every rule set prints record sheets"
    for name in AIDS:
        if name not in offered:
            with pytest.raises(ShipyardError, match="prints no"):
                rs.aid(name)
            continue
        with Document(tmp_path / f"{rs.key}-{name}.pdf", paper="a4", footer="test", strict=True) as doc:
            rs.aid(name)(doc, Job(scenario, units, ctx))
        assert doc.page_count >= 1, name


@pytest.mark.parametrize("key", RULESETS)
def test_every_rule_set_fills_every_part_of_the_contract(key, library, tmp_path):
    conforms(get_ruleset(key), library, tmp_path)


def test_track_names_take_an_id_where_they_say_so():
    assert track_name_known("Turret  A", ("turret <id>",)) and not track_name_known("turret", ("turret <id>",))
    assert track_name_known("HULL", ("hull",)) and not track_name_known("hulls", ("hull",))
    assert set(damage_track_names()) >= {n for rs in all_rulesets() for n in rs.track_names}


def _duel(damage: dict) -> Scenario:
    return Scenario.model_validate({
        "id": "duel", "name": "A duel", "date": "1864-08-05", "place": "Mobile Bay",
        "sides": [{"name": "Union", "navy": "USN", "units": [{"id": "uss-hartford"}]},
                  {"name": "Confederate", "navy": "CSN", "units": [{"id": "css-tennessee", "damage": damage}]}],
    })


@pytest.mark.parametrize("track", ["holes", "fires"])
def test_opening_damage_beyond_the_sheets_tally_is_refused(library, track):
    """The record sheet has FIRE_TALLY fire and HOLE_TALLY hole boxes (5 each); the check used to allow 8 (and 8
    'criticals' no sheet has)."""
    from shipyard import app
    from shipyard.rules.saunders.damage import FIRE_TALLY, HOLE_TALLY

    rs = get_ruleset("saunders")
    tally = {"holes": HOLE_TALLY, "fires": FIRE_TALLY}[track]
    for lost, ok in ((tally, True), (tally + 1, False)):
        scenario = _duel({track: lost})
        ctx = app.context(rs, library, scenario=scenario)
        units = [(side, u, rs.derive(u, ctx)) for side, u in library.scenario_units(scenario)]
        if ok:
            app.check_damage(library, scenario, rs, units, ctx)
        else:
            with pytest.raises(ShipyardError, match=f"{track} track holds {tally}"):
                app.check_damage(library, scenario, rs, units, ctx)


# Each part a rule set fills, by the module of its folder that holds it: the same module for the same job in every
# rule set (the bundled four and the one kept under tests/rulesets/), so a reader of one folder can read them all.
HOME_OF = {"derive": "derive.py", "damage_tracks": "damage.py", "trackers": "trackers.py", "applies": "trackers.py",
           "sheets": "sheet.py", "templates": "templates.py", "counters": "counters.py", "roster": "roster.py",
           "quick_reference": "reference.py", UNIT_SHEET: "sheet.py"}
RULESET_FOLDERS = sorted(p.parent for p in [*Path(__file__).parents[1].glob("shipyard/rules/*/__init__.py"),
                                            *Path(__file__).parent.glob("rulesets/*/__init__.py")])


@pytest.mark.parametrize("folder", RULESET_FOLDERS, ids=lambda p: p.name)
def test_every_rule_set_folder_keeps_each_part_in_the_module_for_its_job(folder):
    """Where a part of the contract is defined (a top-level def) in a rule set's folder, it is in the module for its
    job; the aids module only gathers the entry points (it defines none and hands out nothing private), and the
    folder ships nothing that is not run (a fitting tool that rewrites docs/ lives in tools/)."""
    misplaced, found = [], set()
    for module in sorted(folder.glob("*.py")):
        for node in ast.parse(module.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name in HOME_OF:
                found.add(node.name)
                if module.name != HOME_OF[node.name]:
                    misplaced.append(f"{node.name} in {module.name}, not {HOME_OF[node.name]}")
    assert not misplaced, misplaced
    assert {"derive", "damage_tracks", "trackers", "applies", "sheets"} <= found
    aids = ast.parse((folder / "aids.py").read_text())
    assert not [n.name for n in aids.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    exported = next(ast.literal_eval(n.value) for n in aids.body if isinstance(n, ast.Assign)
                    and any(getattr(t, "id", "") == "__all__" for t in n.targets))
    assert set(exported) <= set(AIDS) | {"SECTION_NOTES", "SECTION_PARTS", UNIT_SHEET}, sorted(set(exported) - set(AIDS))
    assert not (folder / "calibration.py").exists()
