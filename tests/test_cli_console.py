"""Reports to a pipe or a file are printed without importing rich, exactly as rich would print them there."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from rich.console import Console

from shipyard import cli

LINES = ["wrote output/mobile-bay-1864-quick-play.pdf (6 pages)", "4 files, 89 pages in 1.9 s — print at 100 % / Actual size",
         "[bold]USS Monitor[/bold] [/x]", "USS :ship: Monitor", "tab\there", "Kōtetsu — ½"]


@pytest.mark.parametrize("line", LINES)
def test_plain_lines_are_what_rich_prints_to_a_file(capsys, line):
    buf = io.StringIO()
    Console(file=buf, highlight=False, soft_wrap=True, markup=False).print(line)
    cli._PlainConsole(stderr=False).print(line)
    cli._PlainConsole(stderr=True).print(line, "again")
    Console(file=buf, highlight=False, soft_wrap=True, markup=False).print(line, "again")
    out, err = capsys.readouterr()
    assert out + err == buf.getvalue()


def test_a_command_writing_to_a_pipe_does_not_import_rich():
    code = ("import sys; from shipyard.cli import _console; _console().print('wrote x.pdf (1 pages)'); "
            "_console(stderr=True).print('done'); print('rich' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={k: v for k, v in __import__("os").environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")})
    assert run.stdout == "wrote x.pdf (1 pages)\nFalse\n" and run.stderr == "done\n"
