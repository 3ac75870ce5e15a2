"""Building several rule sets' packs for one scenario, side by side where the machine has the cores for it.

Each rule set's pack is its own PDF and shares nothing with the others once the library is loaded, so on a machine
with two or more cores they are built by several processes: this one and copies of it forked once the library is
loaded (the library, the scenario and every imported module come along without being loaded again). The rule sets
wait in a pipe, one byte each, longest to build first; each process reads the next byte when it is free, so the
work balances itself. Each forked process sends back what it built, its failures and the notes the library gained (a
rule set that ignores --scale says so), and the notes are told as if one process had built everything.

Forking is used only where it is safe: on a platform that has it (not macOS, whose system libraries may not survive
it), and in a process with no other thread running (a web server or a test runner has some; there the packs are
built one after another). The PDFs are the same byte for byte either way. A rule set that fails does not stop the
others: every pack that can be built is written, and the failures are reported together afterwards, in rule-set
order. However the processes are stopped (Ctrl-C, SIGTERM, a closed terminal; to one or to all): see shipyard/stopping.py.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from typing import Any, Callable, Sequence

from ..atomic import remove_parts_being_written, sweep_stale_parts
from .. import stopping
from ..errors import Problem, ShipyardError
from .build import Built, build_pack
from .options import PackOptions


class PacksFailed(ShipyardError):
    """Some rule sets' packs failed: their problems, and the packs that were written all the same (`built`)."""

    def __init__(self, problems: list[Problem], built: list[Built]):
        super().__init__(problems)
        self.built = built


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the platform tells it), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def processes_for(packs: int, jobs: int | None = None) -> int:
    """How many processes build `packs` packs: the `jobs` asked for (None: one per usable core), never more than
    there are packs, and 1 where forking is not safe (no fork here, macOS, or another thread is running)."""
    wanted = usable_cores() if jobs is None else jobs
    if wanted < 1:
        raise ShipyardError(f"--jobs {jobs}: expected 1 or more processes")
    if not hasattr(os, "fork") or sys.platform == "darwin" or threading.active_count() > 1:
        return 1  # macOS: its system libraries are not safe in a forked copy (Python's own default there is spawn)
    return max(1, min(wanted, packs))


def build_packs(library, scenario, rulesets: Sequence, options: PackOptions, *, jobs: int | None = None,
                on_built: Callable[[Built], None] | None = None) -> list[Built]:
    """Build each rule set's pack (see build_pack), in `processes_for` processes; returns them in rule-set order.

    `on_built` hears of each pack as it is written (in the order they finish; a forked process's when it is done).
    When any rule set fails, the others are still written and one PacksFailed then carries every failure's problems,
    in rule-set order, and the packs that were written. Part-written files an earlier pack left in the output
    folder (its processes killed outright: see shipyard.atomic) are removed first."""
    on_built = on_built or (lambda _built: None)
    sweep_stale_parts(options.output_dir)
    workers = processes_for(len(rulesets), jobs)
    if workers == 1:
        outcomes = {}
        for rs in rulesets:
            outcomes[rs.key] = _outcome(library, scenario, rs, options)
            stopping.raise_if_stopped()
            if isinstance(outcomes[rs.key], Built):
                on_built(outcomes[rs.key])
    else:
        outcomes = _side_by_side(library, scenario, rulesets, options, workers, on_built)
    failed = [outcomes[rs.key] for rs in rulesets if isinstance(outcomes[rs.key], ShipyardError)]
    if failed:
        problems: list[Problem] = [p for exc in failed for p in exc.problems]
        raise PacksFailed(problems, [outcomes[rs.key] for rs in rulesets if isinstance(outcomes[rs.key], Built)])
    return [outcomes[rs.key] for rs in rulesets]


def _outcome(library, scenario, rs, options: PackOptions) -> Built | ShipyardError:
    try:
        return build_pack(library, scenario, rs, options)
    except ShipyardError as exc:
        return exc


# what every rule set's build loads on its first pages (a module imports the rest it needs): ReportLab's canvas, the
# drawing kit's pieces that every rule set's aids use (counters, gauges, the rosters' lashing), the set-up page
EVERY_BUILD_LOADS = ("shipyard.render.document", "shipyard.render.counters", "shipyard.render.gauges",
                     "shipyard.rules.rosters", "shipyard.rules.play_aids", "shipyard.texts",
                     "shipyard.pack.setup_page", "shipyard.app.checking")


def _load_what_every_build_loads() -> None:
    """Load once, before the copies are forked, what each of them would otherwise load again for itself (modules,
    their classes, the fonts): they share it as they share the library (Mobile Bay: ~0.2 G instructions less)."""
    from importlib import import_module

    from ..render.fonts import register_all

    for name in EVERY_BUILD_LOADS:
        import_module(name)
    register_all()


def _side_by_side(library, scenario, rulesets: Sequence, options: PackOptions, workers: int,
                  on_built: Callable[[Built], None]) -> dict[str, Built | ShipyardError]:
    _load_what_every_build_loads()
    # the longest builds first, so that no process is left with a long one at the end
    order = sorted(range(len(rulesets)), key=lambda i: -getattr(rulesets[i], "pack_seconds", 0.0))
    queue_out, queue_in = os.pipe()
    os.write(queue_in, bytes(order))  # one byte per rule set: fewer than 256 of them
    os.close(queue_in)  # every process reads until the pipe is empty

    def take() -> int | None:
        got = os.read(queue_out, 1)  # a read of one byte from a pipe is atomic: no two processes take the same
        return got[0] if got else None

    parent = os.getpid()
    notes_before = list(library.notices)
    notes: dict[str, list[str]] = {}  # the notes each rule set's build added
    children: dict[int, int] = {}  # pid -> the pipe its reports come back on
    outcomes: dict[str, Built | ShipyardError] = {}
    try:
        for _ in range(workers - 1):
            report_out, report_in = os.pipe()
            sys.stdout.flush()
            sys.stderr.flush()
            with stopping.stop_signals_held() as mask:  # until the copy has its own handlers
                try:
                    pid = os.fork()
                except OSError:  # no more processes to be had: those there are (this one at least) take the rest
                    os.close(report_out)
                    os.close(report_in)
                    break
                if pid == 0:  # the forked process: build what it takes, report each, never return into the caller
                    os.close(report_out)
                    _work_and_exit(library, scenario, rulesets, options, take, report_in, parent, mask)
                children[pid] = report_out  # before a held signal comes: so that it stops this copy too
            os.close(report_in)
        while (i := take()) is not None:  # this process builds too
            key, result, added = _build_one(library, scenario, rulesets[i], options)
            outcomes[key], notes[key] = result, added
            stopping.raise_if_stopped()
            if isinstance(result, Built):
                on_built(result)
        for pid in list(children):
            for key, result, added in _reports(children[pid]):
                outcomes[key] = ShipyardError(result) if isinstance(result, list) else result
                notes[key] = added
                if isinstance(result, Built):
                    on_built(result)
            os.waitpid(pid, 0)
            del children[pid]
        stopping.raise_if_stopped()
    except BaseException:
        for pid in children:  # a stop, or a failure here: the others stop too, removing their part-written files
            try:
                os.kill(pid, stopping.STOP_COPY)
            except ProcessLookupError:
                pass
        for pid, report_out in children.items():
            os.waitpid(pid, 0)
            try:
                os.close(report_out)
            except OSError:  # closed already: it was being read when the interruption came
                pass
        sweep_stale_parts(options.output_dir)  # what a copy killed outright (it could not clean up) left
        raise
    finally:
        os.close(queue_out)
    for rs in rulesets:
        if rs.key not in outcomes:  # its process was killed (out of memory, a signal) or hit a bug (traceback shown)
            outcomes[rs.key] = ShipyardError(f"{rs.title}: the process building it stopped before it was done; "
                                             "run again with --jobs 1 to build the packs one after another")
    # the notes as one process building the rule sets in turn would have left them
    library.notices[:] = list(dict.fromkeys(notes_before + [n for rs in rulesets for n in notes.get(rs.key, [])]))
    return outcomes


def _build_one(library, scenario, rs, options: PackOptions) -> tuple[str, Built | ShipyardError, list[str]]:
    """One rule set's pack, and the notes the library gained while building it."""
    before = len(library.notices)
    result = _outcome(library, scenario, rs, options)
    return rs.key, result, library.notices[before:]


def _reports(fd: int) -> list[tuple[str, Any, list[str]]]:
    """What a forked process reported, up to where it stopped (a process killed mid-report leaves a cut-off last
    report: its rule set is then told as not done)."""
    with os.fdopen(fd, "rb") as stream:
        reports = []
        while True:
            try:
                reports.append(pickle.load(stream))
            except EOFError:
                return reports
            except Exception:  # cut off mid-report
                return reports


def _stop_with_parent(parent: int) -> None:
    """On Linux, a forked process is told (as by the parent's stop: STOP_COPY) when the process that forked it dies,
    however it dies; if it is gone already, it stops now. Elsewhere it notices before each pack it takes (see
    _work_and_exit)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, int(stopping.STOP_COPY), 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        raise KeyboardInterrupt


def _work_and_exit(library, scenario, rulesets: Sequence, options: PackOptions, take: Callable[[], int | None],
                   report_in: int, parent: int, mask) -> None:
    code = 0
    try:
        stopping.stop_at_once()
        _stop_with_parent(parent)
        stopping.release_stop_signals(mask)
        with os.fdopen(report_in, "wb") as stream:
            while os.getppid() == parent and (i := take()) is not None:
                key, result, added = _build_one(library, scenario, rulesets[i], options)
                # a ShipyardError's own arguments do not survive pickling in every subclass; its problems do
                pickle.dump((key, result.problems if isinstance(result, ShipyardError) else result, added), stream)
                stream.flush()
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:  # the parent is gone: no one to tell
        code = 1
    except BaseException:  # a bug: its traceback here, and the parent reports the rule set as not done
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        try:
            remove_parts_being_written()  # none, unless a bug cut the build's own clean-up short
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
