"""Every derived value says where it came from as data, not only in words (issue 21, typed stats).

A value's Reason keeps the words a player reads and its sources: a Cite(table, row, provenance) for each table
row it read, the record field (`Vessel.length_ft`) for each historical fact, or a named formula. These tests walk
every bundled unit under all four rule sets, alone and as of each bundled scenario's date, and check each source
against the tables and the historical model; then they lay a house rule over one table of each rule set and check
that every value it changes cites that table as "house rule"."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from shipyard import app
from shipyard.rules import all_rulesets
from shipyard.rules.derived import CITED_PROVENANCES, Cite, Formula, Reason, Recorded
from shipyard.library import model

RULESETS = {rs.key: rs for rs in all_rulesets()}

# one table of each rule set, changed by a house rule so that values move (each value moved must cite it); the
# changes keep every list in its order (Really Simple lists guns by size and fire factor), so paths compare
HOUSE_RULES = """\
smoke-on-the-water:
  hull_damage_points: {rows: {per_root_ton: 0.9}}
saunders:
  movement: {rows: {inches_per_knot: 1.5}}
really-simple:
  gun_sizes:
    rows:
      - {size: Small, fire_factor: 2, max_weight_lb: 18, max_calibre_in: 8}
      - {size: Medium, fire_factor: 3, max_weight_lb: 100, max_calibre_in: 8}
      - {size: Large, fire_factor: 4}
quick-play:
  edna: {rows: {base: 3.0}}
"""
HOUSE_RULED = {"smoke-on-the-water": "hull_damage_points", "saunders": "movement", "really-simple": "gun_sizes",
               "quick-play": "edna"}


@lru_cache(maxsize=None)
def derived_units(key: str, house_rules: str | None = None) -> dict[str, object]:
    """{'unit' or 'scenario/unit': Derived} for every bundled unit alone and as of each bundled scenario's date."""
    rs = RULESETS[key]
    lib = _library()
    path = Path(house_rules) if house_rules else None
    out = {}
    ctx = app.context(rs, lib, path)
    for uid in sorted(lib.units):
        out[uid] = app.derive(rs, lib, lib.units[uid], ctx)
    for sid in sorted(lib.scenarios):
        scenario = lib.scenario(sid)
        sctx = app.context(rs, lib, path, scenario=scenario)
        for _, unit in lib.scenario_units(scenario):
            out[f"{sid}/{unit.id}"] = app.derive(rs, lib, unit, sctx)
    return out


@lru_cache(maxsize=1)
def _library():
    return app.load_library(user=False)


def _leaves(value, path=""):
    """Every leaf path of a stats value, as Derived paths are written: 'armour.hull', 'guns[0].code'."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from _leaves(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path


def _has_reason(d, path: str) -> bool:
    """A reason for the path itself or for a mapping or list it lies in (ranges_cm holds its five bands)."""
    while path:
        if path in d.reasons:
            return True
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return False


def _recorded_ok(field: str) -> bool:
    """'Vessel.length_ft': a class of the historical model with that field or property."""
    cls_name, _, attr = field.partition(".")
    cls = getattr(model, cls_name, None)
    if cls is None or not attr:
        return False
    first = attr.split(".")[0]
    return first in getattr(cls, "model_fields", {}) or isinstance(getattr(cls, first, None), property)


def _own_file(rs, table: str) -> bool:
    """A rule set's own data beside its tables.yaml (Quick Play's order_of_battle.yaml: the author's printed values)."""
    return (Path(rs.tables_path).parent / f"{table}.yaml").is_file()


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_every_value_of_every_bundled_unit_names_its_table_row_or_record(key):
    rs = RULESETS[key]
    tables = rs.tables()
    problems: list[str] = []
    for where, d in derived_units(key).items():
        for leaf in _leaves(d.values):
            if not _has_reason(d, leaf):
                problems.append(f"{where}: {leaf} has no reason")
        for path, reason in d.reasons.items():
            assert isinstance(reason, Reason), (where, path)
            if not reason.sources:
                problems.append(f"{where}: {path}: no table, record or formula behind {reason.words!r}")
            for source in reason.sources:
                if isinstance(source, Cite):
                    if source.table in tables:
                        table = tables[source.table]
                        if source.row is None:
                            problems.append(f"{where}: {path} cites {source.table} with no row")
                        else:
                            try:
                                table.at(source.row)
                            except KeyError:
                                problems.append(f"{where}: {path} cites {source.table} row {source.row!r}, not in the table")
                        if source.provenance not in CITED_PROVENANCES:
                            problems.append(f"{where}: {path}: provenance {source.provenance!r}")
                    elif not (_own_file(rs, source.table) and source.provenance == "source" and source.row):
                        problems.append(f"{where}: {path} cites {source.table!r}, no table of {key}")
                elif isinstance(source, Recorded):
                    if not _recorded_ok(source.field):
                        problems.append(f"{where}: {path} names {source.field!r}, no field of the historical model")
                else:
                    assert isinstance(source, Formula) and source.name, (where, path, source)
    assert not problems, f"{len(problems)} problems, the first: " + "\n".join(problems[:20])


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_a_house_rule_is_cited_by_every_value_it_changes(key, tmp_path_factory):
    house = tmp_path_factory.mktemp("house") / "house-rules.yaml"
    house.write_text(HOUSE_RULES, encoding="utf-8")
    table = HOUSE_RULED[key]
    plain, ruled = derived_units(key), derived_units(key, str(house))
    changed: list[str] = []
    problems: list[str] = []
    for where, d in ruled.items():
        before = plain[where]
        for path, reason in d.reasons.items():
            cites = [c for c in reason.cites if c.table == table]
            if any(c.provenance != "house rule" for c in cites):
                problems.append(f"{where}: {path} cites the house-ruled {table} as {cites[0].provenance}")
            if d.get(path) != before.get(path):
                changed.append(path)
                if not cites:
                    problems.append(f"{where}: {path} changed under the house rule ({before.get(path)} → {d.get(path)}) "
                                    f"but its reason cites no {table}: {reason.words!r}")
                elif "(house rule)" not in reason.citation():  # what explain prints beside the words
                    problems.append(f"{where}: {path}: its citation does not say 'house rule': {reason.citation()!r}")
    assert changed, f"the house rule on {table} changed no value of {key}: the test would show nothing"
    assert not problems, f"{len(problems)} problems, the first: " + "\n".join(problems[:20])


def test_a_smoothbores_fire_factor_cites_gun_sizes(library):
    """Really Simple's smoothbore fire factor once said 'Large +3, smoothbore/howitzer: no rifling bonus = 3' and
    named no table, so a house rule on gun_sizes left its reason without 'house rule'."""
    d = derived_units("really-simple")["uss-hartford"]
    smooth = next(i for i, g in enumerate(d.values["guns"]) if not g["rifled"])
    reason = d.reasons[f"guns[{smooth}].fire_factor"]
    assert [c.table for c in reason.cites][:1] == ["gun_sizes"]
    assert "(gun_sizes, source)" in reason.words
    assert reason.cites[0].row.startswith("[") and Recorded("Ordnance.kind") in reason.sources


def test_a_cite_reads_as_the_words_reasons_always_quoted():
    cite = Cite("hull", "[3]", "reconstructed")
    assert str(cite) == "hull, reconstructed" and f"({cite})" == "(hull, reconstructed)"
    worded = "length 200 ft → 12 (" + cite + ")"
    assert isinstance(worded, Reason) and worded.words == "length 200 ft → 12 (hull, reconstructed)"
    assert worded.cites == (cite,) and worded.citation() == "hull [3] (reconstructed)"


def test_because_keeps_every_kind_of_source_in_order_and_each_once():
    from shipyard.rules.derived import because

    cite, formula = Cite("hull", "[3]", "reconstructed"), Formula("split_whole")
    earlier = because("speed 9 kn", "Vessel.speed_kn", cite)

    class Quoted(str):  # a str of another type (a Jinja Markup, say) names a record field all the same
        pass

    reason = because(12, cite, "Vessel.length_ft", None, [formula, (earlier, Quoted("Vessel.beam_ft"))], earlier)
    assert reason.words == "12"
    assert reason.sources == (cite, Recorded("Vessel.length_ft"), formula, Recorded("Vessel.speed_kn"),
                              Recorded("Vessel.beam_ft"))


def test_explain_prints_each_values_sources(tmp_path):
    """`shipyard explain` shows the words and, beside them, the table and row (or record field) each value came from."""
    shipyard = Path(sys.executable).with_name("shipyard")
    r = subprocess.run([str(shipyard), "explain", "hartford", "--rules", "saunders"], capture_output=True, text=True,
                       cwd=tmp_path, timeout=120, env={**os.environ, "COLUMNS": "600"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip("│ ").startswith("hull "))
    words, sources = lines[at].split("│")[3], lines[at + 1].split("│")[3]
    tag = re.search(r"\(hull, (source|example|reconstructed)\)", words)  # the words, as before
    assert tag, hull
    assert re.search(rf"hull \[\d+\] \({tag.group(1)}\)", sources) and "Vessel.length_ft" in sources  # and their sources




def test_a_mistyped_code_fails_at_derive_time_not_on_the_sheet():
    """Enumerations are types: an armour class, a hit-location configuration or a navy the rules or the record do
    not have is refused when the stats are made (it once passed as any text and would print as such)."""
    from pydantic import ValidationError

    from shipyard.rules.smoke_on_the_water.stats import VesselStats

    good = derived_units("smoke-on-the-water")["uss-monitor"]
    assert isinstance(good.stats, VesselStats)
    fields = {k: v for k, v in good.values.items()}
    assert VesselStats.model_validate(fields) == good.stats
    for path, wrong in (("armour.hull", "Medium"), ("configuration", "turret"), ("navy", "RN")):
        head, _, leaf = path.rpartition(".")
        changed = json.loads(json.dumps(fields))
        (changed[head] if head else changed)[leaf] = wrong
        with pytest.raises(ValidationError, match=leaf):
            VesselStats.model_validate(changed)


def test_a_tables_row_is_cited_by_one_cite_made_once_and_a_row_from_elsewhere_afresh():
    """A derive cites some 5,600 times a pack, mostly the same rows: each row's Cite (frozen) is made once per table,
    10-15 % of a derive. A row that is not the table's own is cited afresh each time (its id may later be another's)."""
    from shipyard.rules.tables import Table

    table = Table("hull", "reconstructed", [{"upto": 100, "points": 8}, {"upto": 200, "points": 12}])
    first = table.cite(table.rows[1])
    assert first == Cite("hull", "[1]", "reconstructed") and table.cite(table.rows[1]) is first
    assert table.cite("partial") is table.cite("partial") and table.cite(2) is table.cite(2) == table.cite("2")
    assert table.cite() is table.cite() and table.cite().row is None
    stranger = {"upto": 200, "points": 12}
    assert table.cite(stranger) == Cite("hull", None, "reconstructed") and table.cite(stranger) is not table.cite(stranger)


def test_a_record_field_named_as_text_is_one_recorded_made_once():
    """because() is called some 9,000 times a pack, most with record fields named as text: each is made once (10 % of
    a derive was making them anew), equal to the one made by hand, and a str of another type names the same field."""
    from shipyard.rules.derived import because

    class Quoted(str):
        pass

    first = because("200 ft", "Vessel.length_ft").sources[0]
    assert first == Recorded("Vessel.length_ft") and because("12", "Vessel.length_ft").sources[0] is first
    assert because("12", Quoted("Vessel.length_ft")).sources == (first,)
    assert type(because("12", Quoted("Vessel.length_ft")).sources[0].field) is str
