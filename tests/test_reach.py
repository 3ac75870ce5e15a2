"""Issue 24, reach: every aid and every share from the browser, through the application layer the command line
calls (the same options, the same bytes), and an infobox that lacks a figure drafted with it estimated, on the
command line too. Routes through Starlette's TestClient; the command line through the real console script."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
import yaml

from console_script import shipyard

INFOBOXES = Path(__file__).resolve().parent / "data" / "infoboxes"
NEUSE = INFOBOXES / "css-neuse.wiki"  # her real infobox: 158 x 34 x 9 ft, two Brooke rifles, no displacement line


# ---------------------------------------------------------------------------------------------
# An infobox without a displacement: estimated from her hull and labelled so, not refused


def test_an_infobox_without_a_displacement_makes_a_draft_with_it_estimated_on_the_command_line(tmp_path):
    assert "displacement" not in NEUSE.read_text().lower()
    run = shipyard("import", "infobox", NEUSE, "-o", tmp_path / "drafts", cwd=tmp_path)
    out, err = run.stdout.decode(), run.stderr.decode()
    assert run.returncode == 0, err
    path = tmp_path / "drafts" / "css-neuse.yaml"
    data = yaml.safe_load(path.read_text())
    # 158 ft x 34 ft x 9 ft x the casemate ironclads' block coefficient / 35 cubic feet of sea water a ton
    said = re.search(r"displacement: (\d+) long tons estimated .*158 ft long x 34 ft beam x 9 ft draught x block "
                     r"coefficient (0\.\d+) / 35 cubic feet of sea water a ton; \2 is the median of the (\d+) casemate "
                     r"ironclads", out)
    assert said, out
    tons, cb = int(said.group(1)), float(said.group(2))
    assert tons == round(158 * 34 * 9 * cb / 35) and 0.3 < cb < 0.7
    assert data["displacement_tons"] == tons and data["displacement_basis"] == "estimate"
    assert "displacement: " in data["notes"] and "estimated" in data["notes"]
    assert shipyard("validate", path, cwd=tmp_path).returncode == 0
    # every reason that plays her tons says they are an estimate
    explain = shipyard("explain", "css-neuse", "--rules", "sotw", "-L", tmp_path / "drafts", cwd=tmp_path,
                       COLUMNS="200").stdout.decode()
    assert f"{tons} tons" in explain and "displacement ESTIMATE (estimated" in explain, explain
