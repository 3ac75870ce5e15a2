"""`shipyard ARGS` in a forked copy of the test process: a real process of its own (its own pid, signals, session,
part files and exit status) that starts where this one is, with the modules and the library already loaded, so
without a fresh interpreter's start-up (~0.5 s of CPU against ~0.1 s for a small pack).

For findings about processes running at once or being stopped, not about start-up: what a fresh interpreter does
(the console script, its imports, the signals it starts with) is shown by the tests that run it (run_cli, `sh`).
Start every copy before reading any (`communicate` reads with threads, and a process forks safely only while it
runs one thread).

    proc = Forked("pack", "cherbourg-1864", "--rules", "qp", "-o", out)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
"""

from __future__ import annotations

import functools
import gc
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Callable

# a fresh interpreter's signals, whatever the test process was given: Ctrl-C raises KeyboardInterrupt, the stop
# signals kill; SIGPIPE and SIGXFSZ stay ignored as Python ignores them at start-up
_FRESH = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL, signal.SIGHUP: signal.SIG_DFL}


class Forked:
    """`shipyard ARGS` through cli.main() in a forked copy; its stdout and stderr as text pipes, as subprocess.Popen
    with text=True gives them. `new_session`: in a session (and process group) of its own, as start_new_session.
    `prepare` runs in the copy first (a patch the finding needs, a signal it starts ignoring). `run`: what the copy
    runs instead of the command line (ARGS then only name it), its SystemExit its exit status."""

    def __init__(self, *args, cwd: Path | None = None, new_session: bool = False,
                 prepare: Callable[[], None] | None = None, run: Callable[[], None] | None = None) -> None:
        _load_what_a_build_loads()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        parent = os.getpid()
        gc.freeze()  # the copy never collects (nor finalises) what this process made
        try:
            pid = os.fork()
        except OSError:
            for fd in (out_r, out_w, err_r, err_w):
                os.close(fd)
            raise
        finally:
            if os.getpid() == parent:
                gc.unfreeze()
        if pid == 0:
            os.close(out_r)
            os.close(err_r)
            _run_and_exit([str(a) for a in args], cwd, new_session, prepare, run, out_w, err_w)
        os.close(out_w)
        os.close(err_w)
        self.pid = pid
        self.args = args
        self.stdout = open(out_r, encoding="utf-8", errors="replace")
        self.stderr = open(err_r, encoding="utf-8", errors="replace")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.args, timeout)
            time.sleep(0.005)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Both streams to their end, then the exit status; on a timeout the copy is killed."""
        got: dict[str, str] = {}
        readers = [threading.Thread(target=lambda name=name, f=f: got.__setitem__(name, f.read()), daemon=True)
                   for name, f in (("out", self.stdout), ("err", self.stderr))]
        for reader in readers:
            reader.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        for reader in readers:
            reader.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        if any(reader.is_alive() for reader in readers):
            os.kill(self.pid, signal.SIGKILL)
            self.wait()
            raise subprocess.TimeoutExpired(self.args, timeout)
        self.wait(timeout)
        self.stdout.close()
        self.stderr.close()
        return got["out"], got["err"]


def run_forked(*args, cwd: Path | None = None, timeout: float = 120, prepare: Callable[[], None] | None = None):
    """`shipyard ARGS` in a forked copy, to its end: conftest's Run (exit code, stdout, stderr), as run_cli gives; a
    copy still running at the timeout is killed (TimeoutExpired)."""
    from conftest import Run

    proc = Forked(*args, cwd=cwd, prepare=prepare)
    out, err = proc.communicate(timeout=timeout)
    return Run(proc.returncode, out, err)


class Gate:
    """Copies started one after another, let go at once (`prepare=gate.wait`, then `gate.open()`): a race between them
    is then run from the same moment, as two commands a user starts together are, not a fork's milliseconds apart."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()

    def wait(self) -> None:
        """In a copy: until the gate opens."""
        os.close(self._write)
        os.read(self._read, 1)  # b"" once every write end is closed
        os.close(self._read)

    def open(self) -> None:
        os.close(self._write)
        os.close(self._read)


@functools.cache
def _load_what_a_build_loads() -> None:
    """Once in this process, before it forks: the command line and what every pack's build loads (as `shipyard pack`
    loads it before forking its own copies), so that no copy imports it again (~0.3 s of CPU each)."""
    from shipyard import cli  # noqa: F401
    from shipyard.pack.many import _load_what_every_build_loads

    _load_what_every_build_loads()


def _run_and_exit(args: list[str], cwd, new_session: bool, prepare, run, out_w: int, err_w: int) -> None:
    """In the copy: its streams on the pipes, its signals as fresh, cli.main() (or `run`); never returns into the
    test."""
    code = 1
    try:
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        os.close(out_w)
        os.close(err_w)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        if new_session:
            os.setsid()
        for sig, handler in _FRESH.items():
            signal.signal(sig, handler)
        if cwd is not None:
            os.chdir(cwd)
        if prepare is not None:
            prepare()
        if run is None:
            from shipyard import cli

            sys.argv = ["shipyard", *args]
            run = cli.main
        try:
            run()
            code = 0
        except SystemExit as exc:  # as the interpreter ends on it: a message is printed, and its status is 1
            if exc.code is not None and not isinstance(exc.code, int):
                print(exc.code, file=sys.stderr)
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except KeyboardInterrupt:  # escaped: as a fresh interpreter ends on it, its traceback and killed by SIGINT
        traceback.print_exc()
        sys.stderr.flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    except BaseException:  # noqa: BLE001 - shown on the copy's stderr, as a fresh interpreter shows it
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
