"""What shipyard prints reaches any console readable and harmless: a console whose encoding cannot show a
symbol gets a stand-in (never a UnicodeEncodeError), and a control character from a shared file is shown as its
escape (never obeyed by the terminal). Through the real `shipyard` console script, as a user runs it (a command
that prints the same words as one shown so is run in this process, or in a forked copy of it whose streams have
the console's encoding, as PYTHONIOENCODING gives an interpreter's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import in_process
from console_script import shipyard
from forking import run_forked

MONITOR = Path(__file__).resolve().parent.parent / "vessels" / "usn" / "uss-monitor.yaml"


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_explain_and_stats_print_stand_ins_on_a_console_that_cannot_show_the_symbols(tmp_path, encoding):
    explained = shipyard("explain", "monitor", "--rules", "sotw", cwd=tmp_path, PYTHONIOENCODING=encoding)
    assert explained.returncode == 0, explained.stderr.decode(encoding, "replace")
    text = explained.stdout.decode(encoding)
    assert "navy USN -> Union" in text and "<= 6.5" in text  # cp1252 has a dash of its own: only these two are stood in for
    assert "Traceback" not in explained.stderr.decode(encoding, "replace")
    stats = run_forked("stats", "monitor", "--rules", "sotw", cwd=tmp_path, prepare=lambda: console_of(encoding))
    assert stats.code == 0 and "USS Monitor" in stats.out and "Traceback" not in stats.err, stats.err


def console_of(encoding: str) -> None:
    """In a forked copy: stdout and stderr in `encoding`, as PYTHONIOENCODING sets them at an interpreter's start
    (stdout strict, stderr backslash-escaped), read back as UTF-8 (the words the tests look for are ASCII)."""
    import sys

    sys.stdout = open(1, "w", encoding=encoding, errors="strict", closefd=False)
    sys.stderr = open(2, "w", encoding=encoding, errors="backslashreplace", closefd=False)


def test_stand_ins_keep_a_table_s_columns_straight():
    from shipyard.console import shown

    class Ascii:
        encoding = "ascii"

    assert shown("6 kn ≤ 6.5 → Medium — Kōtetsu 中", Ascii()) == "6 kn <= 6.5 -> Medium - Kotetsu ?"


def test_control_characters_are_shown_as_escapes():
    from shipyard.console import printable

    assert printable("USS \x1b[31mRed\u202e") == "USS \\x1b[31mRed\\u202e"
    assert printable("two\nlines") == "two\nlines"


def test_an_escape_sequence_in_a_shared_file_never_reaches_the_terminal_raw(tmp_path):
    ships = tmp_path / "ships"
    ships.mkdir()
    text = MONITOR.read_text(encoding="utf-8").replace("id: uss-monitor", "id: uss-escmon", 1)
    text = text.replace("name: USS Monitor", 'name: "USS \\e[2J\\e]0;pwned\\aEscmon"', 1)
    (ships / "uss-escmon.yaml").write_text(text, encoding="utf-8")
    for args, script in ((["show", "uss-escmon"], True), (["stats", "uss-escmon", "-r", "sotw"], False),
                         (["explain", "uss-escmon", "-r", "sotw"], False), (["vessels"], False), (["validate"], True)):
        if script:  # through the real script to the terminal's pipes; the others print the same in this process
            run = shipyard(*args, cwd=tmp_path)
            said = (run.stdout + run.stderr).decode("utf-8")
            err = run.stderr.decode("utf-8")
        else:
            got = in_process(*args, cwd=tmp_path)
            said, err = got.out + got.err, got.err
        assert "\x1b" not in said and "\x07" not in said, args
        assert "ships/uss-escmon.yaml:3: name: holds a control character (\\x1b" in err, args
