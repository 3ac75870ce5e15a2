"""The Quick Play calculator fitted and judged on the article's 24 printed Mobile Bay units (leave-one-out)."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from conftest import REPO

from shipyard.rules.quick_play import RULESET

# the fitting tool lives in tools/ (it rewrites docs/, so it is not shipped in the package)
_spec = importlib.util.spec_from_file_location("quick_play_calibration", REPO / "tools" / "quick_play_calibration.py")
calibration = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)  # its dataclasses look it up
_spec.loader.exec_module(calibration)
from shipyard.rules.quick_play.derive import as_printed
from shipyard.errors import ShipyardError

LOO_LINE = "leave-one-out: edna_within_1=23/24 factors_within_1=20/24 factors_exact=12/24"
# Printed values the calculator fitted on all 24 misses by more than one that are not the article's own
# inconsistencies (errata.yaml): the docs explain it (Tennessee's sloped armour, which the record has no term for).
NOT_ERRATA = {("css-tennessee", "edna")}


@pytest.fixture(scope="module")
def fitted(library):
    return calibration.run(library)


def test_order_of_battle_is_source_data_for_24_units_all_printed(library):
    oob = calibration.order_of_battle()
    assert oob["provenance"] == "source" and "Gauntlet No. 3" in oob["source"]
    assert len(oob["units"]) == 24
    for u in oob["units"]:
        assert u["id"] in library.units, u["id"]
        assert all(isinstance(u[k], int) for k in ("edna", "heavy", "medium", "parrot")), u["id"]


def test_leave_one_out_figures(fitted):
    full, loo, _, _ = fitted
    assert calibration.summary(loo) == LOO_LINE
    assert sum(p.edna_within_1 for p in loo) >= 20
    assert sum(p.factors_within_1 for p in loo) >= 20
    assert sum(p.factors_exact for p in loo) >= 12


def test_the_command_ends_with_the_leave_one_out_line(fitted, monkeypatch, capsys):
    monkeypatch.setattr(calibration, "run", lambda library=None: fitted)
    assert calibration.main(["--leave-one-out"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"leave-one-out: edna_within_1=\d+/24 factors_within_1=\d+/24 factors_exact=\d+/24", last)
    assert last == LOO_LINE


def test_a_bad_option_is_a_clear_error(capsys):
    assert calibration.main(["--leave-two-out"]) == 2
    assert "--leave-two-out" in capsys.readouterr().err


def test_tables_hold_the_coefficients_fitted_on_all_24(fitted):
    _, _, edna, cannon = fitted
    t = RULESET.tables()
    assert {k: float(t.edna.rows[k]) for k in edna if k != "fort_base"} == {k: v for k, v in edna.items() if k != "fort_base"}
    assert float(t.edna_fort.rows["base"]) == edna["fort_base"]
    assert {k: float(t.cannonade_factors.rows[k]) for k in cannon} == {k: float(v) for k, v in cannon.items()}


def test_the_fit_on_all_24_is_what_the_calculator_derives(fitted, library):
    full, _, _, _ = fitted
    ctx = RULESET.context(library)
    printed = {u["id"]: u for u in calibration.order_of_battle()["units"]}
    for p in full:
        d = RULESET.derive(as_printed(printed[p.sample.id], library, "1864-08-05"), ctx)
        assert (d["edna"], d["cannonade"]) == (p.edna, p.factors), p.sample.id


def test_fort_morgan_is_compared_with_the_fort_and_its_water_battery_together(library):
    entry = next(u for u in calibration.order_of_battle()["units"] if u["id"] == "fort-morgan")
    assert entry["covers"] == ["fort-morgan", "fort-morgan-water-battery"]
    sample = next(s for s in calibration.samples(library) if s.id == "fort-morgan")
    fort, battery = (library.units[i] for i in entry["covers"])
    both = sum(m.count for m in fort.armament) + sum(m.count for m in battery.armament)
    assert round(sample.x["per_sqrt_gun"] ** 2) == both > sum(m.count for m in fort.armament)
    alone = RULESET.derive(fort, RULESET.context(library))
    together = RULESET.derive(as_printed(entry, library), RULESET.context(library))
    assert together["edna"] > alone["edna"]
    assert "fort-morgan + fort-morgan-water-battery" not in alone.reasons["edna"].words.split(";")[0]


def test_a_printed_entry_can_cover_only_forts(library):
    entry = {"id": "css-tennessee", "covers": ["css-tennessee", "css-morgan"]}
    with pytest.raises(ShipyardError, match="only forts can be rated together"):
        as_printed(entry, library)


def test_edna_coefficients_are_not_negative_so_more_never_means_less(fitted):
    _, _, edna, _ = fitted
    assert all(v >= 0 for k, v in edna.items() if k not in calibration.INTERCEPTS)


def test_errata_are_the_articles_inconsistencies_and_each_is_still_a_miss(fitted):
    full, _, _, _ = fitted
    found = calibration.misses(full)
    listed = {(e["id"], e["field"]): e for e in calibration.errata()}
    assert set(listed) <= set(found), "errata.yaml lists values the calculator now comes within one of"
    for key, e in listed.items():
        assert (e["printed"], e["derived"]) == found[key], key
        assert len(e["reason"].split()) >= 20, key
    assert set(found) - set(listed) == NOT_ERRATA


def test_leaving_a_unit_out_changes_only_its_own_fit(library):
    data = calibration.samples(library)
    tables = RULESET.tables()
    e, c = calibration.fit(data[1:], tables)
    assert calibration.fit(data[1:], tables) == (e, c)  # deterministic
    tecumseh = calibration.predict(data[0], e, c, tables)
    assert tecumseh.factors == {"heavy": 1, "medium": 0, "parrot": 0}


def test_docs_calibration_table_is_what_the_code_computes(fitted):
    full, loo, _, _ = fitted
    block = calibration.docs_block(REPO / "docs" / "rules" / "quick-play.md")
    assert block == calibration.markdown(full, loo)
    assert block.splitlines()[-1] == LOO_LINE
