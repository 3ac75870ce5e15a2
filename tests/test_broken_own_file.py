"""One file of yours that does not load stops only the commands that need it: the others say so in one line
on stderr and go on; a command that needs it (show of it, a pack of a scenario naming it, validate) stops with
its problems and exit 2. A library with a file left out is never kept. What reaches the terminal goes through the
real `shipyard` script; the library kept between runs, through two forked copies of this process (tests/forking.py:
each reads the cache afresh, as a second command does); the other commands' variants run in this process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import in_process, keep_bundled_library_in
from forking import run_forked
from console_script import shipyard

HARTFORD = Path(__file__).resolve().parent.parent / "vessels" / "usn" / "uss-hartford.yaml"
MONITOR = HARTFORD.with_name("uss-monitor.yaml")
LONG = "USS " + "B" * 77


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A folder whose ships/ holds a half-edited draft and a ship whose name is too long."""
    root = tmp_path_factory.mktemp("club")
    assert in_process("new", "vessel", "USS Draftee", cwd=root).code == 0
    draft = root / "ships" / "uss-draftee.yaml"
    draft.write_text("".join(line for line in draft.read_text(encoding="utf-8").splitlines(keepends=True)
                             if not line.startswith("what_if:")), encoding="utf-8")  # what_if deleted, no sources yet
    long = MONITOR.read_text(encoding="utf-8").replace("id: uss-monitor", "id: uss-long", 1)
    (root / "ships" / "uss-long.yaml").write_text(long.replace("name: USS Monitor", f"name: {LONG}", 1), encoding="utf-8")
    return root


def test_a_command_that_does_not_need_the_files_says_so_and_goes_on(club, tmp_path):
    run = in_process("pack", "mobile-bay-1864", "-r", "sotw", "-o", tmp_path / "out", cwd=club)
    assert run.code == 0, run.err
    err = run.err
    notes = [line for line in err.splitlines() if line.startswith("note: ships/")]
    assert len(notes) == 2, err
    assert any(n.startswith("note: ships/uss-long.yaml:3: name: is 81 characters long") and "left out" in n for n in notes)
    assert any("ships/uss-draftee.yaml:" in n and "sources" in n and "left out" in n for n in notes)
    assert (tmp_path / "out" / "mobile-bay-1864-smoke-on-the-water.pdf").is_file()
    listed = shipyard("vessels", cwd=club)
    assert listed.returncode == 0 and b"uss-hartford" in listed.stdout and b"note: ships/uss-draftee.yaml" in listed.stderr


def test_a_library_with_a_file_left_out_is_never_kept(club, tmp_path):
    cache = tmp_path / "cache"
    bundled = keep_bundled_library_in(cache, seen_from=club)  # as a cache is after a first command: only her files
    # are read
    def cache_of_her_own() -> None:  # in the copy, read at each use (cache.index)
        os.environ["SHIPYARD_CACHE_DIR"] = str(cache)

    for _ in range(2):  # the second run would find the first one's library, had it been kept
        # each a forked copy (tests/forking.py): a process that reads the cache afresh, as a second command does
        run = run_forked("stats", "monitor", "-r", "saunders", cwd=club, prepare=cache_of_her_own)
        assert run.code == 0 and "note: ships/uss-draftee.yaml" in run.err, run.err
    # the bundled library alone is kept, nothing beside it: both her files are left out, so a library kept with them
    # would hold only bundled files (kept_with_users_files would not see it) and still tell their notices
    assert [p.name for p in bundled.parent.iterdir()] == [bundled.name]


@pytest.mark.parametrize("args, script", [(["show", "draftee"], False), (["show", "uss-draftee"], False),
                                          (["stats", "uss-draftee", "-r", "sotw"], False), (["validate"], True)])
def test_a_command_that_needs_the_file_stops_with_its_problem(club, args, script):
    """One case through the real script (its exit code and what reaches the terminal), the others in this process."""
    if script:
        run = shipyard(*args, cwd=club)
        code, err = run.returncode, run.stderr.decode()
    else:
        run = in_process(*args, cwd=club)
        code, err = run.code, run.err
    assert code == 2
    assert "error: ships/uss-draftee.yaml:" in err and "Traceback" not in err
    assert err.count("ships/uss-draftee.yaml:") == 1, "the problem is said once, not as a note too"


def test_a_pack_of_a_scenario_that_names_a_left_out_ship_stops(club, tmp_path):
    (club / "ships" / "draft-night.yaml").write_text(
        "id: draft-night\nname: Draft night\nplace: Mobile Bay\ndate: '1864-08-05'\nsides:\n"
        "  - {name: Union, navy: USN, units: [{id: uss-draftee}]}\n  - {name: Confederate, navy: CSN, units: [{id: css-tennessee}]}\n",
        encoding="utf-8")
    try:
        run = in_process("pack", "draft-night", "-r", "sotw", "-o", tmp_path / "out", cwd=club)
    finally:
        (club / "ships" / "draft-night.yaml").unlink()
    assert run.code == 2 and not (tmp_path / "out").exists()
    assert "'uss-draftee' did not load: ships/uss-draftee.yaml:" in run.err


def test_a_bundled_scenario_does_not_quietly_use_the_bundled_ship_your_broken_file_replaces(tmp_path):
    (tmp_path / "ships").mkdir()
    mine = HARTFORD.read_text(encoding="utf-8").replace("\nspeed_kn:", "\nspeed_kn: fast\nold_speed_kn:", 1)
    (tmp_path / "ships" / "uss-hartford.yaml").write_text(mine, encoding="utf-8")
    run = in_process("pack", "mobile-bay-1864", "-r", "sotw", "-o", tmp_path / "out", cwd=tmp_path)
    assert run.code == 2 and not (tmp_path / "out").exists()
    assert "error: ships/uss-hartford.yaml:" in run.err
    other = in_process("stats", "monitor", "-r", "sotw", cwd=tmp_path)
    assert other.code == 0 and "note: ships/uss-hartford.yaml:" in other.err
