"""A depth of hold is not a draught (issue 26, the source pass).

The sources print a hull's depth of hold ("dph. 9 ft 3 in") beside, or instead of, its draught ("dr."), and a
copy of an article can turn the one into the other: General Sterling Price's 9.2 ft "draft" is NHHC's 9 ft 3 in
depth of hold, and General Sumter's 10 ft draught was hers. A file whose draught is the depth of hold its own
sources give, where no source gives that figure as a draught, must call it an ESTIMATE and say why.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

VESSELS = Path(__file__).resolve().parent.parent / "vessels"
SHIP_FILES = sorted([*VESSELS.glob("usn/*.yaml"), *VESSELS.glob("csn/*.yaml")])

_FEET = r"(\d+(?:\.\d+)?)\s*(?:ft|feet|')?\s*(?:(\d+)\s*(?:in\b|\"))?"
DEPTH = re.compile(r"(?:\bdph\.?|depth of hold|\bdepth)\s*:?\s*" + _FEET, re.I)
DRAUGHT = re.compile(r"(?:\bdr\.|\bdraft|\bdraught)\s*:?\s*" + _FEET, re.I)


def _feet(found: list[tuple[str, str]]) -> list[float]:
    return [float(ft) + (float(inch) / 12 if inch else 0.0) for ft, inch in found]


def _source_text(data: dict) -> str:
    return " ".join(str(source.get("covers", "")) for source in data.get("sources", []))


def test_the_reader_finds_depths_and_draughts_as_the_sources_print_them():
    text = "NHHC: SwRam t. 633 [483]; l. 182; b. 30; dph. 9 ft 3 in; draft 10 ft; dr. 6'"
    assert _feet(DEPTH.findall(text)) == [9.25]
    assert _feet(DRAUGHT.findall(text)) == [10.0, 6.0]


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_no_draught_is_a_depth_of_hold_unless_it_says_it_is_an_estimate(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    draught = data.get("draught_ft")
    if draught is None or data.get("draught_basis") == "estimate":
        return
    text = _source_text(data)
    depths = [d for d in _feet(DEPTH.findall(text)) if abs(d - draught) <= 0.1]
    draughts = [d for d in _feet(DRAUGHT.findall(text)) if abs(d - draught) <= 0.1]
    assert not depths or draughts, (
        f"{path.stem}: draught {draught} ft is the depth of hold its sources give ({depths[0]} ft) and no source "
        "gives it as a draught: label it draught_basis: estimate and say why in the notes")
