"""How a pack stops when it is told to: Ctrl-C (SIGINT), `kill` (SIGTERM), a closed terminal (SIGHUP).

A signal may reach the process the user started alone (`kill PID`) or every process of the pack at once (a terminal
signals the whole group; closing one may send SIGHUP twice, from the terminal and from the shell). However it comes:

- every process removes the part-written files it was writing (shipyard.atomic keeps their names), and no other;
- the first stop signal makes a process ignore the others, so that a second cannot cut that clean-up short;
- no traceback is printed, and only the process the user started says so (cli: "interrupted: ...");
- a signal the pack was started ignoring stays ignored in every process of it: a pack started in the background by a
  script (the shell has it ignore Ctrl-C) or under `nohup` (SIGHUP) carries on whole.

The process the user started stops by raising KeyboardInterrupt (interruptible), so that what it was doing
unwinds: its own build, the copies it forked (asked to stop with SIGTERM, and waited for), the progress bar. A copy
forked to build beside it stops at once (stop_at_once): it removes its part files and exits, with nothing to unwind
and nothing to tell.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

from .atomic import remove_parts_being_written

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
#: how the process the user started stops the copies it forked (and how Linux tells them it died): always obeyed
STOP_COPY = signal.SIGTERM

_stopping = False  # a stop signal has come


def _ignore_stop_signals() -> None:
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)


def _obeyed(sig) -> bool:
    return signal.getsignal(sig) is not signal.SIG_IGN


@contextlib.contextmanager
def interruptible():
    """In the process the user started, around the build: the first stop signal it obeys raises KeyboardInterrupt
    and any later one is ignored; whatever the build leaves part-written then is removed. After the block the
    signals are handled as before it, unless a stop came (the process is ending: the rest stay ignored)."""

    def interrupt(signum, frame):
        global _stopping
        _ignore_stop_signals()
        _stopping = True
        raise KeyboardInterrupt

    before = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    hook = sys.unraisablehook
    for sig in STOP_SIGNALS:
        if _obeyed(sig):
            signal.signal(sig, interrupt)

    def quiet_when_stopping(unraisable):
        # a KeyboardInterrupt raised while a finalizer ran cannot unwind the build (Python reports it and carries
        # on): it is not reported, and the build stops at its next check (raise_if_stopped)
        if not (_stopping and isinstance(unraisable.exc_value, KeyboardInterrupt)):
            hook(unraisable)

    sys.unraisablehook = quiet_when_stopping
    try:
        yield
        raise_if_stopped()
    except KeyboardInterrupt:
        _ignore_stop_signals()
        remove_parts_being_written()
        raise
    finally:
        if not _stopping:
            for sig, handler in before.items():
                signal.signal(sig, handler)
        sys.unraisablehook = hook


def raise_if_stopped() -> None:
    """Raise KeyboardInterrupt if a stop signal came but could not raise it where it came (in a finalizer)."""
    if _stopping:
        raise KeyboardInterrupt


def stop_at_once() -> None:
    """In a forked copy: a stop signal (those the forking process obeys, and STOP_COPY always) removes this process's
    part files and ends it, exit code 130."""

    def stop(signum, frame):
        _ignore_stop_signals()
        remove_parts_being_written()
        os._exit(130)

    for sig in STOP_SIGNALS:
        if sig == STOP_COPY or _obeyed(sig):
            signal.signal(sig, stop)


@contextlib.contextmanager
def stop_signals_held():
    """Stop signals wait while the block runs (they come when it ends): around a fork, so that none reaches the copy
    before it has its own handlers (it inherits the forking process's). Yields the signal mask to restore."""
    if not hasattr(signal, "pthread_sigmask"):
        yield None
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield before
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def release_stop_signals(before) -> None:
    """In the forked copy, once it has its handlers: the signals held by stop_signals_held come now."""
    if before is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
