"""Rule tables are checked data, and house rules overlay them (issue 21, typed tables).

Each finding is shown where a user meets it: the real `shipyard` console script for what the command line says,
the rule set's own derive and printed blocks in-process for what a sheet, quick reference or `explain` prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shipyard.rules import get_ruleset
from shipyard.rules.base import load_tables
from shipyard.spec.errors import ShipyardError

SAUNDERS = get_ruleset("saunders")
SOTW = get_ruleset("sotw")
SHIPYARD = Path(sys.executable).with_name("shipyard")  # the console script pip installed beside this python


def shipyard(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SHIPYARD), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def block_texts(blocks) -> list[str]:
    return [t for b in blocks for t in b.texts()]


# ---------------------------------------------------------------------------------------------
# Text cut by a comma in a YAML flow mapping


def test_a_tables_file_with_a_comma_cut_effect_is_refused_with_its_line(tmp_path):
    tables = write(tmp_path / "tables.yaml", "penetration_result:\n  provenance: source\n  rows:\n"
                                              "    - {min_total: 0, hull: 0, effect: no effect}\n"
                                              "    - {min_total: 6, hull: 2, effect: penetrated, roll D66}\n")
    with pytest.raises(ShipyardError) as refused:
        load_tables(tables)
    message = str(refused.value)
    assert "tables.yaml:5: penetration_result.rows[1].roll D66:" in message
    assert "comma" in message and "quotes" in message


def test_a_house_rule_with_a_comma_cut_effect_is_refused_by_the_command_line(tmp_path):
    house = write(tmp_path / "house.yaml", "saunders:\n  criticals:\n    rows:\n"
                                            "      - {roll: 11-66, effect: Fire, then a hole}\n")
    run = shipyard("validate", house, cwd=tmp_path)
    assert run.returncode == 2
    assert "house.yaml:4: saunders.criticals.rows[0].then a hole: 'then a hole' has no value" in run.stderr
    assert "Traceback" not in run.stderr


def test_the_bundled_effects_once_cut_by_a_comma_are_printed_whole(library):
    from shipyard.rules.saunders.reference import sections
    from shipyard.rules.smoke_on_the_water.reference import reference_blocks

    tables = SAUNDERS.tables()
    assert [r["effect"] for r in tables.penetration_result.rows][3:] == ["penetrated, roll D66",
                                                                         "smashed through, roll D66"]
    assert tables.turn.rows["steps"][1]["why"].startswith("deep, heavy and underpowered")
    ctx = SAUNDERS.context(library)
    printed = block_texts(sections([SAUNDERS.derive(library.find("uss-monitor"), ctx)], ctx))
    assert "penetrated, roll D66" in printed and "smashed through, roll D66" in printed

    ctx = SOTW.context(library)
    printed = " ".join(block_texts(reference_blocks([SOTW.derive(library.find("uss-monitor"), ctx)], ctx)))
    assert "half the damage, rounded up" in printed
