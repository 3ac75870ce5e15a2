"""Every figure says what it is, and every file is honest about it (issue 26).

- the schema records a basis for tonnage, length, draught and speed; `show` prints it, and where only a burthen is
  known the rule sets play an ESTIMATE of displacement and say so;
- every bundled vessel file states each basis (none is left to the default);
- no file carries as a displacement a figure its own sources or notes call burthen (the Sassacus kind);
- no note says a figure was entered as something the file does not hold (the Weehawken kind).
"""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest
import yaml

from shipyard.rules import get_ruleset
from shipyard.spec.model import DISPLACEMENT_PER_BURTHEN_TON, Vessel

from conftest import run_cli

VESSELS = Path(__file__).resolve().parent.parent / "vessels"
SHIP_FILES = sorted([*VESSELS.glob("usn/*.yaml"), *VESSELS.glob("csn/*.yaml")])
BASES = {"length_ft": "length_basis", "draught_ft": "draught_basis", "speed_kn": "speed_basis",
         "displacement_tons": "displacement_basis", "burthen_tons": "burthen_basis"}


def _raw(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# The schema and the calculators


def _beaufort_like(library, **changes) -> Vessel:
    data = library.units["css-beaufort"].model_dump(by_alias=True, exclude_none=True)
    data.update(changes)
    return Vessel.model_validate(data)


def test_a_burthen_only_ship_plays_an_estimated_displacement_and_says_so(library):
    v = _beaufort_like(library, burthen_tons=100)
    assert v.displacement_tons is None
    assert v.tonnage == round(100 * DISPLACEMENT_PER_BURTHEN_TON)
    assert "ESTIMATE" in v.tonnage_basis and "100 t burthen" in v.tonnage_basis
    sotw = get_ruleset("sotw")
    reasons = sotw.derive(v, sotw.context(library)).reasons
    for path in ("size", "hull_damage_points", "flotation_points"):
        assert "displacement ESTIMATE" in reasons[path], (path, reasons[path])


def test_a_recorded_displacement_is_played_as_it_stands_with_its_basis(library):
    v = _beaufort_like(library, displacement_tons=120, displacement_basis="designed")
    assert v.tonnage == 120 and v.tonnage_basis == "displacement (designed)"
    qp = get_ruleset("quick-play")
    reasons = qp.derive(v, qp.context(library)).reasons
    assert "120 t displacement (designed)" in reasons["edna"]


def test_a_basis_without_its_figure_says_nothing_and_defaults_fill_in(library):
    v = _beaufort_like(library, displacement_basis="full_load")  # no displacement_tons: the basis is dropped
    assert v.displacement_basis is None and v.burthen_basis.value == "builders_measurement"


def test_the_estimate_ratio_is_the_librarys_own(library):
    """The displacement-per-burthen-ton the game uses sits at the median of the ships that have both figures."""
    ratios = [v.displacement_tons / v.burthen_tons for v in library.vessels
              if v.displacement_tons and v.burthen_tons and v.displacement_basis.value != "estimate"]
    assert len(ratios) >= 20
    assert abs(statistics.median(ratios) - DISPLACEMENT_PER_BURTHEN_TON) <= 0.1, statistics.median(ratios)


def test_show_prints_every_basis_and_the_estimate_played():
    r = run_cli("show", "css-beaufort")
    assert r.code == 0, r.err
    for key in ("length_basis:", "draught_basis:", "speed_basis:", "burthen_basis:"):
        assert key in r.out
    assert re.search(r"Played as \d+ t: displacement ESTIMATE \(1\.35 x 85 t burthen\)", r.out), r.out


def test_the_schema_reference_names_the_bases():
    r = run_cli("schema", "vessel", "--markdown")
    assert r.code == 0, r.err
    for key in ("`draught_basis`", "`displacement_basis`", "`burthen_basis`", "`trial`", "`builders_measurement`"):
        assert key in r.out, key
