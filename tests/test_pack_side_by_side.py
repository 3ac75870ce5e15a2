"""Several rule sets' packs built side by side in forked processes: the same PDFs, the same errors.

The side-by-side runs are `shipyard` processes of their own: a process forks its workers only while it runs one
thread, and a pytest-xdist worker runs several, so in this process the packs are always built one after another.
They are forked copies of this process (tests/forking.py: one thread, the modules loaded), as what is tested is
the processes building side by side, not an interpreter's start-up; a fresh interpreter where that is the finding
(how many processes it takes, what it imports after its fork, the PDFs it writes from its first build).
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from shipyard.pack import PackOptions, PacksFailed, build_packs
from shipyard.pack.many import processes_for
from shipyard.rules import all_rulesets

from conftest import run_cli
from forking import Forked, run_forked

RULESETS = [rs.key for rs in all_rulesets()]


def _md5(path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


@pytest.fixture()
def bad_saunders_house_rules(tmp_path):
    """House rules that break Saunders' to-hit table (a bare value where the table's rows belong) and nothing else."""
    path = tmp_path / "house.yaml"
    path.write_text("saunders:\n  to_hit:\n    needed: seven\n", encoding="utf-8")
    return path


def test_a_fresh_process_builds_side_by_side_one_process_per_core_at_most_one_per_pack():
    run = run_cli_python("from shipyard.pack.many import processes_for, usable_cores\n"
                         "print(processes_for(4, 2), processes_for(1, 8), processes_for(4, 9), processes_for(4, 1),"
                         " processes_for(4) == min(4, usable_cores()))")
    assert run.split() == ["2", "1", "4", "1", "True"]


def test_no_fork_while_another_thread_runs_and_no_fewer_than_one_process():
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert processes_for(4, 2) == 1  # a web server's or test runner's threads: one pack after another
    finally:
        stop.set()
        worker.join()
    from shipyard.errors import ShipyardError

    with pytest.raises(ShipyardError, match="--jobs 0: expected 1 or more"):
        processes_for(4, 0)


def test_packs_built_side_by_side_are_byte_for_byte_those_built_one_after_another(bundled_packs, tmp_path):
    # a fresh `shipyard` process: its copies start from what it loaded before forking, not from this process's
    # state after the builds it has run (what differs between a first and a later build would not show here)
    run = run_cli("pack", "mobile-bay-1864", "--jobs", "2", "-o", tmp_path, cwd=tmp_path)
    assert run.code == 0, run.err
    wrote = [line.split()[1] for line in run.out.splitlines() if line.startswith("wrote ")]
    assert wrote == [str(tmp_path / f"mobile-bay-1864-{key}.pdf") for key in RULESETS]  # told in rule-set order
    for key in RULESETS:
        one_by_one = bundled_packs.get("mobile-bay-1864", key, "a4").path
        assert _md5(tmp_path / f"mobile-bay-1864-{key}.pdf") == _md5(one_by_one), key


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_rule_set_that_fails_is_told_and_the_others_are_written(cli, tmp_path, bad_saunders_house_rules, jobs):
    out = tmp_path / "out"
    run = (cli if jobs == "1" else run_forked)("pack", "mobile-bay-1864", "--jobs", jobs, "--house-rules",
                                            bad_saunders_house_rules, "-o", out, cwd=tmp_path)
    assert run.code == 2
    assert "house.yaml:2" in run.err and "to_hit" in run.err and "Traceback" not in run.err
    written = sorted(p.name for p in out.iterdir())
    assert written == [f"mobile-bay-1864-{k}.pdf" for k in RULESETS if k != "saunders"]  # whole files, no parts
    assert [line for line in run.out.splitlines() if line.startswith("wrote ")] == [
        f"wrote {out / name} ({n} pages)" for name, n in zip(written, _pages(out, written))]


def test_a_note_from_a_rule_set_built_in_another_process_is_told_once(tmp_path):
    """Quick Play ignores --scale and says so; built side by side, the note comes back from whichever process built it."""
    run = run_forked("pack", "hampton-roads-1862", "--scale", "1/1200", "--jobs", "2", "--rules", "sotw", "--rules", "qp",
                  "--no", "templates", "--no", "counters", "-o", tmp_path, cwd=tmp_path)
    assert run.code == 0, run.err
    assert run.err.count("note: Quick Play ACW Naval Rules measures the same at any model scale") == 1, run.err


def test_build_packs_raises_every_failure_with_what_it_wrote(library, tmp_path, bad_saunders_house_rules):
    rulesets = list(all_rulesets())
    options = PackOptions(output_dir=tmp_path, house_rules=bad_saunders_house_rules, rules=["qp", "saunders"])
    heard = []
    with pytest.raises(PacksFailed) as failed:
        build_packs(library, library.scenario("mobile-bay-1864"), [rs for rs in rulesets if rs.key in options.rules],
                    options, on_built=heard.append)
    assert [b.ruleset for b in failed.value.built] == ["quick-play"] == [b.ruleset for b in heard]
    assert [Path(p.file).name for p in failed.value.problems] == ["house.yaml"]


def _pages(folder, names):
    import pypdfium2

    counts = []
    for name in names:
        pdf = pypdfium2.PdfDocument(str(folder / name))
        counts.append(len(pdf))
        pdf.close()
    return counts


def run_cli_python(code: str) -> str:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# build_packs in a fresh interpreter, for the test of what it imports after its fork (a forked copy of this process
# has imported it all already); the other tests take _two_packs, the same run in a forked copy
_PATCHED_RUN = """
import os, sys, time
from pathlib import Path
import shipyard.pack.many as many
from shipyard.pack import PackOptions, PacksFailed
from shipyard.rules import all_rulesets
from shipyard.library.library import Library

parent = os.getpid()
real = many._outcome
def patched(library, scenario, rs, options):
    {patch}
    return real(library, scenario, rs, options)
many._outcome = patched
from shipyard.stopping import interruptible
{setup}
lib = Library.load()
rulesets = [rs for rs in all_rulesets() if rs.key in ("quick-play", "really-simple")]
try:
    with interruptible():  # as `shipyard pack` stops
        built = many.build_packs(lib, lib.scenario("mobile-bay-1864"), rulesets,
                                 PackOptions(output_dir=Path(sys.argv[1]), rules=[rs.key for rs in rulesets]), jobs=2)
    print("built", [b.ruleset for b in built])
except PacksFailed as exc:
    print("failed", [b.ruleset for b in exc.built], "|", str(exc))
except KeyboardInterrupt:
    print("interrupted")
    sys.exit(130)
"""


def _patched(patch: str, out, setup: str = "", **popen):
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-c", _PATCHED_RUN.format(patch=patch, setup=setup), str(out)], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)


def _two_packs(out, patch=None, setup=None, new_session: bool = False) -> Forked:
    """Mobile Bay's Quick Play and Really Simple packs built by many.build_packs in two processes, as `shipyard pack`
    stops (interruptible), in a forked copy of this one (tests/forking.py: one thread, so it forks its own copy;
    what is tested is the two processes, not an interpreter's start-up): it prints "built [...]", "failed [...] |
    message" or "interrupted" (exit 130). `patch(parent)` runs in each process as it takes a pack (`parent`: the
    pid of the one that forked), `setup()` in the copy first."""
    def run():
        import shipyard.pack.many as many
        from shipyard.library.library import Library
        from shipyard.stopping import interruptible

        parent = os.getpid()
        real = many._outcome

        def patched(library, scenario, rs, options):
            if patch is not None:
                patch(parent)
            return real(library, scenario, rs, options)

        many._outcome = patched
        if setup is not None:
            setup()
        lib = Library.load()
        rulesets = [rs for rs in all_rulesets() if rs.key in ("quick-play", "really-simple")]
        try:
            with interruptible():
                built = many.build_packs(lib, lib.scenario("mobile-bay-1864"), rulesets,
                                         PackOptions(output_dir=Path(out), rules=[rs.key for rs in rulesets]), jobs=2)
            print("built", [b.ruleset for b in built])
        except PacksFailed as exc:
            print("failed", [b.ruleset for b in exc.built], "|", str(exc))
        except KeyboardInterrupt:
            print("interrupted")
            sys.exit(130)

    return Forked("build_packs", run=run, new_session=new_session)


def _die_in_the_copy(parent):
    if os.getpid() != parent:
        os._exit(9)


def test_a_process_killed_mid_build_is_reported_and_the_other_pack_still_written(tmp_path):
    # the forked process dies outright (as the out-of-memory killer would end it) on the first pack it takes
    proc = _two_packs(tmp_path, patch=_die_in_the_copy)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    verdict, rest = out.strip().split(" ", 1)
    assert verdict == "failed", out
    built, message = rest.split(" | ")
    assert len(eval(built)) == 1  # the one this process built
    assert "the process building it stopped before it was done; run again with --jobs 1" in message
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".pdf"]  # one whole pack, nothing part-written


_LOADED_AFTER_THE_FORK = """
at_fork = {}
real_fork = os.fork
def fork():
    at_fork.setdefault("modules", set(sys.modules))
    return real_fork()
os.fork = fork
building = many._outcome
def outcome(library, scenario, rs, options):
    built = building(library, scenario, rs, options)
    with open(Path(sys.argv[1]).parent / f"loaded-{os.getpid()}.txt", "a") as told:
        told.write("\\n".join(sorted(set(sys.modules) - at_fork["modules"])) + "\\n")
    return built
many._outcome = outcome
"""


def test_what_every_build_loads_is_loaded_once_before_the_fork_not_again_in_each_process(tmp_path):
    # a module each process imported for itself after the fork is work done twice (for Mobile Bay some 0.2 G
    # instructions: ReportLab's canvas, the kit's counters, gauges and chart, their classes, the fonts)
    proc = _patched("pass", tmp_path / "out", setup=_LOADED_AFTER_THE_FORK)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert out.strip() == "built ['quick-play', 'really-simple']"
    loaded = [set(told.read_text().split()) for told in sorted(tmp_path.glob("loaded-*.txt"))]
    assert len(loaded) == 2  # each pack built by a process of its own
    assert loaded[0] & loaded[1] == set()  # what only one rule set needs is loaded by the process that builds it


def _say_building_and_wait(parent):
    os.write(2, b"building\n")
    time.sleep(60)


def _both_at_work(out):
    """A two-process build of two packs in which each process, once it has taken its pack, waits a minute: returned
    when both have said so (one write each, os.write: two processes printing at once cannot run their lines
    together), in a session of its own so that its group can be signalled as a terminal would."""
    proc = _two_packs(out, patch=_say_building_and_wait, new_session=True)
    seen, said = 0, []
    while seen < 2:
        line = proc.stderr.readline()
        said.append(line)
        assert line, f"the run ended before both processes began: {''.join(said)}{proc.stdout.read()}"
        seen += line.count("building")
    return proc


def _group_ends(pgid: int, within: float = 3.0) -> bool:
    """Whether every process of the group has ended within `within` seconds (each forked process sleeps a minute, so
    one left behind is still there; one that was stopped may take a moment to be gone on a loaded machine)."""
    import os
    import time

    end = time.monotonic() + within
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.05)


def test_ctrl_c_stops_every_process_building_packs(tmp_path):
    import os
    import signal

    proc = _both_at_work(tmp_path)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends Ctrl-C: to the whole group
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted" in out
    assert _group_ends(proc.pid)  # no process of the run is left behind
    assert not list(tmp_path.iterdir())


def test_when_no_process_can_be_forked_this_one_builds_every_pack(tmp_path):
    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    proc = _two_packs(tmp_path, setup=lambda: setattr(os, "fork", no_fork))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert out.strip() == "built ['quick-play', 'really-simple']"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mobile-bay-1864-quick-play.pdf", "mobile-bay-1864-really-simple.pdf"]


def test_sigterm_to_the_parent_alone_stops_every_process_and_leaves_no_file(tmp_path):
    import os
    import signal

    proc = _both_at_work(tmp_path)
    os.kill(proc.pid, signal.SIGTERM)  # `kill PID`, a closed terminal: this process only, not its group
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted" in out
    assert _group_ends(proc.pid)
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="told of its parent's death on Linux")
def test_a_forked_process_stops_when_the_parent_is_killed_outright(tmp_path):
    import os
    import signal
    import time

    proc = _both_at_work(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)  # no clean-up possible in the parent: the copy must notice by itself
    proc.wait(timeout=30)
    for _ in range(100):
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the forked process outlived its parent")
