"""Issue 20, writes from the command line: nothing you own is ever replaced or lost. Each finding is shown by
the real `shipyard` console script (`sh`, a separate process) in a folder of its own, as a user would run it; its
variants run the same command line in this process (`cli`), to keep the suite fast."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from test_library_errors import GOOD

SHIPYARD = Path(sys.executable).parent / "shipyard"  # the console script pip installed
REFUSED = "nothing was written; --force replaces it"  # the one message every writer gives


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def sh(tmp_path, monkeypatch):
    """`shipyard ARGS` as a separate process, from an empty folder of its own, no user library set."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.delenv("SHIPYARD_LIBRARY", raising=False)

    def run(*args, cwd: Path = home) -> Run:
        proc = subprocess.run([str(SHIPYARD), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)
        assert "Traceback" not in proc.stdout + proc.stderr
        return Run(proc.returncode, proc.stdout, proc.stderr)

    run.home = home
    return run


@pytest.fixture
def cli(sh):
    """The same command line in this process, from the same folder."""
    from conftest import in_process

    def run(*args) -> Run:
        got = in_process(*args, cwd=sh.home)
        return Run(got.code, got.out, got.err)

    run.home = sh.home
    return run


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# 2. -o never replaces what shipyard did not write for that purpose, nor a link, FIFO or device


@pytest.mark.parametrize("command", [("sheet", "monitor"), ("templates",), ("roster", "mobile-bay-1864"),
                                     ("counters", "mobile-bay-1864")])
def test_an_aid_written_with_o_leaves_your_file_alone(sh, cli, command):
    if command != ("sheet", "monitor"):
        sh = cli  # one through the console script is enough to show the path; the others share it
    mine = write(sh.home / "ships" / "uss-chicopee.yaml", GOOD.replace("uss-test-boat", "uss-chicopee"))
    run = sh(*command, "-r", "qp", "-o", mine)
    assert run.code == 2 and f"exists already and is not a PDF shipyard made: {REFUSED}" in run.err
    assert mine.read_text() == GOOD.replace("uss-test-boat", "uss-chicopee")


def test_o_never_turns_a_fifo_a_device_or_a_link_into_a_file(sh, cli):
    home = sh.home
    os.mkfifo(home / "pipe")
    run = sh("sheet", "monitor", "-r", "qp", "-o", "pipe")
    assert run.code == 2 and "pipe: is a FIFO" in run.err and stat.S_ISFIFO(os.lstat(home / "pipe").st_mode)
    sh = cli
    try:
        os.mknod(home / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pass
    else:
        run = sh("sheet", "monitor", "-r", "qp", "-o", "null")
        assert run.code == 2 and "null: is a device" in run.err and stat.S_ISCHR(os.lstat(home / "null").st_mode)
    # a link to a PDF shipyard made: the PDF is rewritten where it lies, the link stays a link
    assert sh("sheet", "monitor", "-r", "qp", "-o", "real.pdf").code == 0
    os.symlink("real.pdf", home / "link.pdf")
    old = (home / "real.pdf").read_bytes()
    run = sh("sheet", "hartford", "-r", "qp", "-o", "link.pdf")
    assert run.code == 0, run.err
    assert (home / "link.pdf").is_symlink() and (home / "real.pdf").read_bytes() != old
    # a link to your file: refused, both left as they were
    write(home / "notes.txt", "keep me\n")
    os.symlink("notes.txt", home / "notes.pdf")
    run = sh("sheet", "monitor", "-r", "qp", "-o", "notes.pdf")
    assert run.code == 2 and "notes.pdf: exists already (a link to notes.txt)" in run.err
    assert (home / "notes.pdf").is_symlink() and (home / "notes.txt").read_text() == "keep me\n"


def test_a_second_run_replaces_its_own_file_and_force_replaces_yours(cli):
    sh = cli
    first = sh("sheet", "monitor", "-r", "qp")
    assert first.code == 0, first.err
    assert sh("sheet", "monitor", "-r", "qp").code == 0  # output/: its own file, replaced
    mine = write(sh.home / "mine.txt", "keep me\n")
    assert sh("sheet", "monitor", "-r", "qp", "-o", mine, "--force").code == 0
    assert mine.read_bytes()[:5] == b"%PDF-"


def test_pack_preset_and_export_leave_your_files_alone(sh, cli, tmp_path):
    home = sh.home
    out = home / "output" / "cherbourg-1864-quick-play.pdf"
    write(out, "my notes for Thursday\n")
    run = sh("pack", "cherbourg-1864", "-r", "qp", "-r", "rs", "--no", "counters")
    assert run.code == 2 and f"output/cherbourg-1864-quick-play.pdf: exists already and is not a PDF" in run.err
    assert out.read_text() == "my notes for Thursday\n"
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name]  # nothing built beside it either
    sh = cli
    preset = write(home / "thursday.yaml", "my own notes\n")
    run = sh("pack", "cherbourg-1864", "-r", "qp", "--save-preset", preset, "-o", "elsewhere")
    assert run.code == 2 and f"thursday.yaml: exists already and is not a preset shipyard saved: {REFUSED}" in run.err
    assert preset.read_text() == "my own notes\n"
    assert sh("pack", "cherbourg-1864", "-r", "qp", "--save-preset", "mine.yaml", "-o", "elsewhere").code == 0
    assert sh("pack", "cherbourg-1864", "-r", "qp", "--save-preset", "mine.yaml", "-o", "elsewhere").code == 0
    write(home / "ships" / "uss-chicopee.yaml", GOOD.replace("uss-test-boat", "uss-chicopee"))
    theirs = write(home / "ours.zip", "precious\n")
    run = sh("export", "ships", "chicopee", "-o", theirs)
    assert run.code == 2 and f"ours.zip: exists already and is not a zip `shipyard export` wrote" in run.err
    assert theirs.read_text() == "precious\n"
    assert sh("export", "ships", "chicopee", "-o", "shared.zip").code == 0
    assert sh("export", "ships", "chicopee", "-o", "shared.zip").code == 0  # its own zip, replaced


