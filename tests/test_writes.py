"""Issue 20, writes from the command line: nothing you own is ever replaced or lost. Each command runs in a folder
of its own. The refusal and its exit code are shown through the real `shipyard` console script (`sh`, a separate
process, as a user would run it), and so is the disk that fills up (a tmpfs of its own); the other findings run the
same command line in this process (`cli`), where what is written is the same and an interpreter's start-up (~0.4 s
of CPU) is not the finding, or in a forked copy (`forked`) where a fault would wait for ever (on a FIFO)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from test_library_errors import GOOD

SHIPYARD = Path(sys.executable).parent / "shipyard"  # the console script pip installed
INFOBOXES = Path(__file__).resolve().parent / "data" / "infoboxes"
RESEARCH = "# three evenings of research\n"
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
def forked(sh):
    """The same command line in a forked copy of this process (tests/forking.py), from the same folder: a write
    that waited for ever (a FIFO opened for writing) is killed at the timeout rather than hang the run."""
    from forking import run_forked

    def run(*args) -> Run:
        got = run_forked(*args, cwd=sh.home, timeout=60)
        assert "Traceback" not in got.out + got.err
        return Run(got.code, got.out, got.err)

    run.home = sh.home
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


def chicopee_infobox(folder: Path) -> Path:
    """An infobox of a ship the library does not hold (Sassacus's figures, her sister's name)."""
    text = (INFOBOXES / "uss-sassacus.wiki").read_text(encoding="utf-8").replace("''Sassacus''\n", "''Chicopee''\n")
    return write(folder / "chicopee.wiki", text)


# ---------------------------------------------------------------------------------------------
# 1. Every writer refuses a file that is there already, with one message, unless --force


def test_import_infobox_refuses_to_replace_your_ship_file_unless_forced(sh, cli):
    wiki = chicopee_infobox(sh.home)
    mine = write(sh.home / "ships" / "uss-chicopee.yaml", GOOD.replace("uss-test-boat", "uss-chicopee") + RESEARCH)
    before = mine.read_bytes()
    run = sh("import", "infobox", wiki)
    assert run.code == 2 and f"ships/uss-chicopee.yaml: exists already: {REFUSED}" in run.err
    assert mine.read_bytes() == before
    sh = cli
    elsewhere = write(sh.home / "keep.yaml", "precious\n")
    run = sh("import", "infobox", wiki, "-o", elsewhere)
    assert run.code == 2 and f"keep.yaml: exists already: {REFUSED}" in run.err
    assert elsewhere.read_text() == "precious\n"
    forced = sh("import", "infobox", wiki, "--force")
    assert forced.code == 0, forced.err
    assert "research" not in mine.read_text() and "USS Chicopee" in mine.read_text()


def test_new_vessel_and_zip_import_refuse_with_the_same_message(cli, tmp_path):
    sh = cli
    write(sh.home / "ships" / "uss-chicopee.yaml", GOOD.replace("uss-test-boat", "uss-chicopee"))
    assert sh("export", "ships", "chicopee", "-o", tmp_path / "ours.zip").code == 0
    again = sh("new", "vessel", "USS Chicopee")
    assert again.code == 2 and f"ships/uss-chicopee.yaml: exists already: {REFUSED}" in again.err
    imported = sh("import", tmp_path / "ours.zip")
    assert imported.code == 2 and f"ships/uss-chicopee.yaml: exists already: {REFUSED}" in imported.err


# ---------------------------------------------------------------------------------------------
# 2. -o never replaces what shipyard did not write for that purpose, nor a link, FIFO or device


@pytest.mark.parametrize("command", [("sheet", "monitor"), ("templates",), ("roster", "mobile-bay-1864"),
                                     ("counters", "mobile-bay-1864")])
def test_an_aid_written_with_o_leaves_your_file_alone(cli, command):
    sh = cli
    mine = write(sh.home / "ships" / "uss-chicopee.yaml", GOOD.replace("uss-test-boat", "uss-chicopee"))
    run = sh(*command, "-r", "qp", "-o", mine)
    assert run.code == 2 and f"exists already and is not a PDF shipyard made: {REFUSED}" in run.err
    assert mine.read_text() == GOOD.replace("uss-test-boat", "uss-chicopee")


def test_o_never_turns_a_fifo_a_device_or_a_link_into_a_file(forked, cli):
    home = forked.home
    os.mkfifo(home / "pipe")
    run = forked("sheet", "monitor", "-r", "qp", "-o", "pipe")
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


def test_pack_preset_and_export_leave_your_files_alone(cli, tmp_path):
    sh = cli
    home = sh.home
    out = home / "output" / "cherbourg-1864-quick-play.pdf"
    write(out, "my notes for Thursday\n")
    run = sh("pack", "cherbourg-1864", "-r", "qp", "-r", "rs", "--no", "counters")
    assert run.code == 2 and f"output/cherbourg-1864-quick-play.pdf: exists already and is not a PDF" in run.err
    assert out.read_text() == "my notes for Thursday\n"
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name]  # nothing built beside it either
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


# ---------------------------------------------------------------------------------------------
# 3. A zip is taken in whole or not at all, and its problems are named by the zip and the entry


def _zip(path: Path, entries: list[tuple[str, str]]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in entries:
            zf.writestr(name, text)
    return path


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare to mount a small tmpfs")
def test_a_zip_that_fills_the_disk_leaves_nothing_behind(sh, tmp_path):
    small = GOOD.replace("uss-test-boat", "uss-small-one")
    big = GOOD.replace("uss-test-boat", "uss-big-one") + "# padding\n" * 30_000  # 300 KB: more than the disk holds
    share = _zip(tmp_path / "two.zip", [("uss-small-one.yaml", small), ("uss-big-one.yaml", big)])
    disk = tmp_path / "disk"
    disk.mkdir()
    script = (f"mount -t tmpfs -o size=120k none {disk} || exit 99; "
              f"{SHIPYARD} import {share} -o {disk}/ships; echo exit=$?; ls -A {disk}/ships 2>/dev/null")
    proc = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, cwd=sh.home,
                          timeout=120)
    if proc.returncode == 99 or "unshare:" in proc.stderr:
        pytest.skip("cannot mount a tmpfs here")
    assert "exit=2" in proc.stdout and "No space left on device" in proc.stderr and "nothing was imported" in proc.stderr
    assert f"two.zip: uss-" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout.split("exit=2", 1)[1].split() == []  # not one ship file, whole or cut short


def test_a_zips_problems_name_the_zip_and_its_entry(cli, tmp_path):
    sh = cli
    bad = _zip(tmp_path / "ours.zip", [("uss-test-boat.yaml", GOOD.replace("speed_kn: 10", "speed_kn: 500"))])
    run = sh("import", bad, "-o", "friend")
    assert run.code == 2 and "ours.zip: uss-test-boat.yaml:9: speed_kn:" in run.err
    assert "shipyard-import" not in run.err and not (sh.home / "friend").exists()


def test_a_zip_holding_one_name_twice_is_refused(cli, tmp_path):
    sh = cli
    twice = _zip(tmp_path / "twice.zip", [("uss-test-boat.yaml", GOOD), ("uss-test-boat.yaml", GOOD + RESEARCH)])
    run = sh("import", twice, "-o", "friend")
    assert run.code == 2 and "twice.zip: uss-test-boat.yaml: is in the zip twice" in run.err
    assert not (sh.home / "friend").exists()


# ---------------------------------------------------------------------------------------------
# 4. new vessel writes nothing that would not validate


def test_new_vessel_refuses_a_name_no_file_may_hold(cli):
    sh = cli
    run = sh("new", "vessel", "USS " + "B" * 77)
    assert run.code == 2 and "name: is 81 characters long; at most 80 are allowed" in run.err
    assert not (sh.home / "ships").exists()
    assert cli("stats", "monitor", "-r", "qp").code == 0  # nothing was left to poison the folder


# ---------------------------------------------------------------------------------------------
# 5. A bundled ship is replaced only when asked (--replace); --library says where new files go; plain modes


def test_a_bundled_ship_is_replaced_only_with_replace(cli, tmp_path):
    sh = cli
    run = sh("new", "vessel", "USS Mattabesett", "--like", "uss-metacomet")
    assert run.code == 2 and "uss-mattabesett is a bundled ship (USS Mattabesett)" in run.err and "--replace" in run.err
    assert not (sh.home / "ships").exists()
    assert cli("new", "vessel", "USS Mattabesett", "--like", "uss-metacomet", "--replace").code == 0
    monitor = (Path(__file__).resolve().parent.parent / "vessels" / "usn" / "uss-monitor.yaml").read_text()
    share = _zip(tmp_path / "monitor.zip", [("uss-monitor.yaml", monitor)])
    run = cli("import", share, "-o", "friend")  # the same refusal from the importer
    assert run.code == 2 and "uss-monitor is a bundled ship (USS Monitor)" in run.err
    assert not (sh.home / "friend").exists()
    assert cli("import", share, "-o", "friend", "--replace").code == 0


def test_new_vessel_writes_into_the_library_it_is_given(cli):
    sh = cli
    run = sh("new", "vessel", "CSS Nonesuch", "--library", "my-ships")
    assert run.code == 0, run.err
    assert (sh.home / "my-ships" / "css-nonesuch.yaml").is_file() and not (sh.home / "ships").exists()


def test_new_files_have_the_users_ordinary_permissions(cli, tmp_path):
    sh = cli
    wiki = chicopee_infobox(tmp_path)
    assert sh("new", "vessel", "USS Otsego").code == 0
    assert sh("import", "infobox", wiki).code == 0
    umask = os.umask(0)
    os.umask(umask)
    for name in ("uss-otsego.yaml", "uss-chicopee.yaml"):
        assert stat.S_IMODE(os.stat(sh.home / "ships" / name).st_mode) == 0o666 & ~umask


# ---------------------------------------------------------------------------------------------
# 7. The infobox importer: no figure below zero, no prefix on a name that has one


def test_an_infobox_figure_below_zero_is_refused(cli, tmp_path):
    sh = cli
    wiki = chicopee_infobox(tmp_path)
    wiki.write_text(wiki.read_text().replace("{{convert|1173|LT|t}}", "-500 tonnes"))
    run = sh("import", "infobox", wiki)
    assert run.code == 2 and "Ship displacement: '-500 tonnes' is below zero" in run.err
    assert not (sh.home / "ships").exists()


def test_an_infobox_name_keeps_its_own_ship_prefix(cli, tmp_path):
    sh = cli
    wiki = chicopee_infobox(tmp_path)
    wiki.write_text(wiki.read_text().replace("USS ''Chicopee''", "SMS ''Weird''").replace("|Ship country=United States\n", ""))
    run = sh("import", "infobox", wiki, "-o", "drafts")
    assert run.code == 0, run.err
    assert "name: SMS Weird" in (sh.home / "drafts" / "sms-weird.yaml").read_text()


# ---------------------------------------------------------------------------------------------
# 6. The README: its walkthrough's names are free, and the overwrite rules are said in one place


def test_the_readme_walkthrough_names_what_the_library_does_not_hold(library):
    import re

    from shipyard.app import slug

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    named = re.findall(r'new (vessel|scenario) "([^"]+)"', readme)
    assert len(named) >= 3
    for kind, name in named:
        assert slug(name) not in (library.units if kind == "vessel" else library.scenarios), name
    rules = readme.split("## What shipyard writes, and when it refuses", 1)[1].split("\n## ", 1)[0]
    assert "--force" in rules and "--replace" in rules and "FIFO" in rules
    assert readme.count("--force") == rules.count("--force")  # said there, and only there
