"""Stopping shipyard however it is stopped (issue 20): SIGTERM, SIGHUP or Ctrl-C to every process of a pack at once
(as a terminal, or `kill -TERM -- -PGID`, sends them), a pack started ignoring Ctrl-C, the part files a pack killed
outright leaves for the next one to sweep, and `shipyard serve` stopped by SIGTERM or a closed terminal.

Each pack is `shipyard pack` through cli.main() (what the `shipyard` script runs) in a process of its own session, so
that its group can be signalled as a terminal signals it: a forked copy of this one (tests/forking.py), with a fresh
interpreter's signals, as what is stopped here is the pack, not an interpreter's start-up. In it each process, once
the pack it took has its part file open, says "building" and waits: the signal comes while both are mid-build.
Fresh interpreters stopped so: `shipyard serve` below, Ctrl-C mid-build in test_robustness.py, and many runs of
the real script signalled at varied moments in benchmarks/signal_storm.py (its smoke run in test_benchmarks_smoke).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from forking import Forked

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="packs are built side by side on Linux")

PACK = ("pack", "cherbourg-1864", "--rules", "qp", "--rules", "rs", "--no", "templates", "--no", "counters", "--jobs", "2")


def _held_mid_build(hold: float, slow_copy: bool = False, ignoring: int | None = None):
    """What a pack's process runs first: once the pack's Document is open (its part file on disk) it says "building"
    and waits `hold` seconds. `slow_copy`: the forked copy's clean-up takes a while (a slower disk, a bigger build),
    so that the parent's stop and a second signal come while it removes its part. `ignoring`: a signal it was started
    ignoring (a shell's background job, nohup)."""
    def prepare():
        import shipyard.pack.build as build

        if ignoring is not None:
            signal.signal(ignoring, signal.SIG_IGN)
        real_cover = build.cover

        def cover(*args, **kwargs):
            os.write(2, b"building\n")
            time.sleep(hold)
            return real_cover(*args, **kwargs)

        build.cover = cover
        if slow_copy:
            parent, real_unlink = os.getpid(), os.unlink

            def unlink(path, *args, **kwargs):
                if os.getpid() != parent:
                    time.sleep(0.6)
                return real_unlink(path, *args, **kwargs)

            os.unlink = unlink
    return prepare


def _pack(out: Path, hold: float, slow_copy: bool = False, ignoring: int | None = None) -> Forked:
    """The two-process pack, started in a session of its own, returned once both processes are mid-build."""
    proc = Forked(*PACK, "-o", out, new_session=True, prepare=_held_mid_build(hold, slow_copy, ignoring))
    seen, said = 0, []
    while seen < 2:
        line = proc.stderr.readline()
        said.append(line)
        assert line, f"the run ended before both processes began: {''.join(said)}{proc.stdout.read()}"
        seen += line.count("building")
    return proc


def _group_gone(pgid: int) -> bool:
    for _ in range(100):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    os.killpg(pgid, signal.SIGKILL)
    return False


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_to_every_process_twice_leaves_no_part_file_and_no_traceback(tmp_path, sig):
    """Closing a terminal sends SIGHUP to the group twice (the terminal, then the shell); `kill -TERM -- -PGID` may
    be repeated; the second comes while the first's clean-up is still removing the part files."""
    proc = _pack(tmp_path, hold=60, slow_copy=True)
    os.killpg(proc.pid, getattr(signal, sig))
    time.sleep(0.1)
    os.killpg(proc.pid, getattr(signal, sig))
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err.strip()) == (130, "interrupted: no partial output was kept"), out
    assert _group_gone(proc.pid), "a process of the pack outlived it"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sig", ["SIGINT", "SIGHUP"])
def test_a_pack_started_ignoring_a_signal_finishes_whole_when_it_comes(tmp_path, sig):
    """A script's background job ignores Ctrl-C (the shell sees to it), `nohup` ignores SIGHUP: every process of the
    pack ignores it too, and both packs are written."""
    ignored = getattr(signal, sig)
    proc = _pack(tmp_path, hold=0.5, ignoring=ignored)
    os.killpg(proc.pid, ignored)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cherbourg-1864-quick-play.pdf", "cherbourg-1864-really-simple.pdf"]
    assert "2 files" in out


def test_part_files_of_a_pack_killed_outright_are_swept_by_the_next_pack_and_nothing_else(cli, tmp_path):
    proc = _pack(tmp_path, hold=60)
    os.killpg(proc.pid, signal.SIGKILL)  # nothing can clean up after this (nor after a power cut)
    proc.communicate(timeout=30)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 2 and all(name.endswith(".part") for name in left), left
    # SIGKILL is sent, not yet done: on a loaded machine a forked copy may still be tearing down as the next pack
    # starts (a user's next pack comes later); wait till each writer is gone or a zombie, as the sweep will see it
    from shipyard.atomic import _being_written

    writers = [(int(name.rsplit(".", 2)[-2].split("-")[0]), str(tmp_path / name)) for name in left]
    deadline = time.monotonic() + 20
    while any(_being_written(pid, path) for pid, path in writers) and time.monotonic() < deadline:
        time.sleep(0.05)
    old = tmp_path / ".cherbourg-1864-saunders.pdf.k2_x9qaz.pdf.part"  # the earlier naming, no pid: by age
    old.write_bytes(b"%PDF-1.4 cut off")
    os.utime(old, (time.time() - 2 * 86400,) * 2)
    keep = {
        ".cherbourg-1864-sotw.pdf.1-0a1b2c3d.part": b"being written by a live process (pid 1)",
        ".recent.pdf.k2_x9qaz.pdf.part": b"the earlier naming, but it could still be at work",
        "notes.part": b"yours", ".notes.part": b"yours", ".x.pdf.123-nothex!.part": b"not shipyard's naming",
    }
    for name, text in keep.items():
        (tmp_path / name).write_bytes(text)
    (tmp_path / ".folder.pdf.999999-0a1b2c3d.part").mkdir()

    run = cli("pack", "cherbourg-1864", "--rules", "qp", "--no", "templates", "--no", "counters", "-o", tmp_path)
    assert run.code == 0, run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*keep, ".folder.pdf.999999-0a1b2c3d.part", "cherbourg-1864-quick-play.pdf"])
    assert all((tmp_path / name).read_bytes() == text for name, text in keep.items())


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_serve_stops_on_sigterm_or_a_closed_terminal_as_on_ctrl_c_without_a_traceback(tmp_path, sig):
    """uvicorn answers the requests under way, then ends by SIGTERM (what it was stopped by); a closed terminal
    (SIGHUP) stops it the same way rather than killing it mid-request (a ship being saved)."""
    import socket
    import urllib.request

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    proc = subprocess.Popen([str(Path(sys.executable).parent / "shipyard"), "serve", "--port", str(port), "--no-browser",
                             "--library", str(tmp_path / "ships")], cwd=tmp_path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/vessels", timeout=5).read()
            break
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.1)
    os.killpg(proc.pid, getattr(signal, sig))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGTERM and err == "", err


def _held_in_the_aid():
    """What a single aid's process runs first: once the aid's Document is open (its part file on disk) it says
    "building" and waits."""
    import shipyard.render.flow as flow

    def add(self, *args, **kwargs):
        os.write(2, b"building\n")
        time.sleep(60)

    flow.Flow.add = add


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("command", [("sheet", "monitor", "--rules", "sotw"),
                                     ("roster", "mobile-bay-1864", "--rules", "saunders")])
def test_a_single_aid_stopped_by_a_signal_leaves_no_part_file_and_says_so(tmp_path, sig, command):
    out = tmp_path / "aid.pdf"
    proc = Forked(*command, "-o", out, new_session=True, prepare=_held_in_the_aid)
    assert "building" in proc.stderr.readline()
    os.killpg(proc.pid, getattr(signal, sig))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted: no partial output was kept" in err
    assert list(tmp_path.iterdir()) == [], [p.name for p in tmp_path.iterdir()]
