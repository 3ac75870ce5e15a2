"""The names a user types: the ids `vessels` and `scenarios` list print whole at 80 columns; a scenario is found
by an unambiguous part of its id or name, as a vessel is, and an ambiguous part lists every candidate; a `like:`
cycle is called a cycle, naming its ships. What reaches an 80-column terminal through the real `shipyard` script
(one list; the other, whose table is drawn the same way, through cli.main() with COLUMNS=80); how a name is found
or refused through cli.main() in this process (tests/test_cli_*.py show its exit codes and stderr through the
script)."""

from __future__ import annotations

import pytest

from conftest import in_process
from console_script import shipyard


@pytest.mark.parametrize("command, ids", [
    ("scenarios", ["hampton-roads-1862-day-2", "hampton-roads-1862", "albemarle-sound-1864"]),
    ("vessels", ["css-general-m-jeff-thompson", "css-general-sterling-price", "uss-hartford"]),
])
def test_ids_print_whole_at_80_columns(tmp_path, monkeypatch, command, ids):
    if command == "scenarios":
        run = shipyard(command, cwd=tmp_path, COLUMNS="80")
        code, out = run.returncode, run.stdout.decode()
    else:  # the same width read the same way (rich, at each command) in this process
        monkeypatch.setenv("COLUMNS", "80")
        run = in_process(command, cwd=tmp_path)
        code, out = run.code, run.out
    assert code == 0
    cells = {cell.strip() for line in out.splitlines() for cell in line.split("│")}
    assert all(i in cells for i in ids), [c for c in cells if "hampton" in c or "general" in c]


def test_a_scenario_is_found_by_an_unambiguous_part_of_its_name(tmp_path):
    run = in_process("roster", "mobile", "-r", "sotw", "-o", "out/roster.pdf", cwd=tmp_path)
    assert run.code == 0, run.err
    assert (tmp_path / "out" / "roster.pdf").is_file()


def test_an_ambiguous_part_lists_every_candidate(tmp_path):
    run = in_process("pack", "hampton", "-r", "sotw", cwd=tmp_path)
    err = run.err
    assert run.code == 2 and "'hampton' is ambiguous" in err
    assert "hampton-roads-1862 (" in err and "hampton-roads-1862-day-2 (" in err
    assert not (tmp_path / "output").exists()


def test_a_like_cycle_is_called_a_cycle_naming_the_chain(tmp_path):
    ships = tmp_path / "ships"
    ships.mkdir()
    for me, sister in (("aa", "bb"), ("bb", "cc"), ("cc", "aa")):
        (ships / f"uss-{me}.yaml").write_text(f"id: uss-{me}\nname: USS {me.upper()}\nlike: uss-{sister}\n", encoding="utf-8")
    run = in_process("validate", cwd=tmp_path)
    err = run.err
    assert run.code == 2
    assert "error: ships/uss-aa.yaml:3: like: a cycle: uss-aa is like uss-bb is like uss-cc is like uss-aa" in err
    assert "error: ships/uss-cc.yaml:3: like: a cycle: uss-cc is like uss-aa is like uss-bb is like uss-cc" in err
    assert "to be like" not in err
