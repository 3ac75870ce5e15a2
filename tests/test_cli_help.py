"""`--help` and the reports speak the user's words: no Python type tags (`<list[Path]>`, `<str>`, `<bool>`) anywhere, and each
option's value named for what it is (FOLDER, FILE, RULES, YYYY-MM-DD)."""

from __future__ import annotations

import re

import pytest
import typer

from shipyard import cli


def _commands(group, path=()):
    for name, sub in group.commands.items():
        if hasattr(sub, "commands"):
            yield from _commands(sub, (*path, name))
        else:
            yield (*path, name)


COMMANDS = [()] + list(_commands(typer.main.get_command(cli.app)))


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: " ".join(w) or "shipyard")
def test_help_shows_no_python_types(cli, words):
    run = cli(*words, "--help")
    assert run.code == 0, run.err
    assert "Usage: shipyard" in run.out
    tags = re.findall(r"<[a-zA-Z_\[\], |]+>", run.out)
    assert not tags, f"`shipyard {' '.join(words)} --help` shows type tags {tags}"
    usage = next(line for line in run.out.splitlines() if "Usage:" in line)
    assert "{" not in usage, f"the usage line writes an argument as {{name}}: {usage}"


def test_options_are_named_for_what_they_take(cli):
    out = cli("sheet", "--help").out
    for option, word in (("--library", "FOLDER"), ("--output", "FILE"), ("--as-of", "YYYY-MM-DD"),
                         ("--rules", "RULES"), ("--paper", "a4|letter")):
        line = next(line for line in out.splitlines() if option in line)
        assert word in line, line


def test_one_page_is_not_pages(cli, tmp_path):
    run = cli("sheet", "monitor", "--rules", "sotw", "-o", str(tmp_path / "m.pdf"))
    assert run.code == 0, run.err
    assert run.out.strip().endswith("m.pdf (1 page)"), run.out


def test_a_fault_of_shipyards_own_is_one_plain_paragraph_not_a_traceback(tmp_path):
    """A bug inside shipyard (here a rule set's sheet code raising) is told in words with exit 70; SHIPYARD_DEBUG=1
    gives the traceback."""
    import os
    import subprocess
    import sys

    code = ("import shipyard.app as core\n"
            "def broken(*a, **k): raise ZeroDivisionError('division by zero')\n"
            "core.build = broken\n"  # the one entry every aid command calls
            "import sys; sys.argv = ['shipyard', 'sheet', 'monitor', '-r', 'sotw', '-o', sys.argv[1]]\n"
            "from shipyard.cli import main; main()\n")
    for debug, expect in (("", "internal error: ZeroDivisionError: division by zero"), ("1", "Traceback")):
        env = dict(os.environ, SHIPYARD_DEBUG=debug)
        run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "m.pdf")], capture_output=True, text=True,
                             env=env, timeout=60)
        assert expect in run.stderr, run.stderr
        if not debug:
            assert run.returncode == 70 and "Traceback" not in run.stderr
    assert not (tmp_path / "m.pdf").exists()
