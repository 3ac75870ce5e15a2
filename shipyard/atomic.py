"""Write a file so that readers see the old one or the whole new one, never half.

A file is written first under a hidden name beside it, `.NAME.PID-XXXXXXXX.part` (PID: the process writing it), and
renamed onto NAME only when whole. Each process keeps the names of the part files it is writing, so that however it
is stopped it can remove them (remove_parts_being_written: see shipyard.stopping); and the pid in the name lets a
later run tell a part file whose process is gone (a power cut, `kill -9`) from one still being written
(sweep_stale_parts).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

_writing: set[str] = set()  # this process's part files not yet renamed into place or removed
# a forked copy starts with none of its own: those it inherited are the forking process's to remove
os.register_at_fork(after_in_child=_writing.clear)

_PART = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)-[0-9a-f]{8}\.part")
# the name PDFs were written under before part files carried a pid: removed only once no pack could still be at it
_OLD_PDF_PART = re.compile(r"\..+\.pdf\.[a-z0-9_]{8}\.pdf\.part")
OLD_PART_AGE_S = 24 * 3600


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


NEW_FILE_MODE = 0o666 & ~_umask()  # what open() would give a new file: the user's umask, not mkstemp's 0600


def atomic_write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = new_part(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, NEW_FILE_MODE)
        os.replace(tmp, path)
        forget_part(tmp)
    except BaseException:
        discard_part(tmp)
        raise


def atomic_write_all(files: dict[Path, bytes]) -> None:
    """Write every file or none: each to a temporary file beside it first, then all renamed into place. Any
    failure (a full disk, an interruption) removes what was written and puts back each file a rename had
    replaced. An OSError names the file that failed."""
    temps: dict[Path, str] = {}
    kept: dict[Path, str] = {}  # a file being replaced -> a second name for it until all are in place
    done: list[Path] = []
    target = None
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, temps[target] = new_part(target)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temps[target], NEW_FILE_MODE)
        for target, tmp in temps.items():
            if target.exists():
                kept[target] = tmp + ".old"
                os.link(target, kept[target])
            os.replace(tmp, target)
            forget_part(tmp)
            done.append(target)
    except BaseException as exc:
        for path in done:
            if path in kept:
                os.replace(kept.pop(path), path)
            else:
                path.unlink(missing_ok=True)
        for tmp in [*temps.values(), *kept.values()]:
            discard_part(tmp)
        if isinstance(exc, OSError) and target is not None and exc.filename is None:
            raise OSError(exc.errno, exc.strerror, str(target)) from exc
        raise
    for old in kept.values():
        Path(old).unlink(missing_ok=True)


def new_part(path: Path) -> tuple[int, str]:
    """A new, empty part file beside `path` (mode 0600, this process's alone): its open descriptor and its path."""
    path = Path(path)
    while True:
        tmp = str(path.parent / f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.part")
        _writing.add(tmp)  # named before it exists: a stop between the two still removes it
        try:
            return os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600), tmp
        except FileExistsError:  # left by an earlier process with this pid: another name
            _writing.discard(tmp)
        except BaseException:
            _writing.discard(tmp)
            raise


def forget_part(tmp: str) -> None:
    """The part file has been renamed into place: no longer this process's to remove."""
    _writing.discard(tmp)


def discard_part(tmp: str) -> None:
    """Remove a part file this process was writing (gone already is fine)."""
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    _writing.discard(tmp)


def remove_parts_being_written() -> None:
    """Remove every part file this process is still writing: it is being stopped."""
    for tmp in list(_writing):
        try:
            discard_part(tmp)
        except OSError:  # a folder gone or made read-only meanwhile: nothing more can be done for it
            pass


def sweep_stale_parts(folder: Path) -> list[Path]:
    """Remove the part files in `folder` that shipyard began and no process is writing any more (their process is
    gone: killed outright, a power cut); returns them. Any other file is left alone, a live process's part file
    included; a PDF part file of the earlier naming (no pid in it) goes once it is a day old. The pids are this
    machine's: a folder that packs on other machines write into at the same time is not told apart."""
    swept = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no such folder (yet), or not one
        return swept
    for entry in entries:
        if not entry.name.endswith(".part") or not entry.is_file(follow_symlinks=False):
            continue
        mine = _PART.fullmatch(entry.name)
        try:
            if mine:
                stale = not _being_written(int(mine["pid"]), entry.path)
            else:
                stale = bool(_OLD_PDF_PART.fullmatch(entry.name)) and \
                    time.time() - entry.stat(follow_symlinks=False).st_mtime > OLD_PART_AGE_S
            if stale:
                os.unlink(entry.path)
                swept.append(Path(entry.path))
        except OSError:  # gone meanwhile (its own process finished it), or not ours to remove
            pass
    return swept


def _being_written(pid: int, path: str) -> bool:
    """Whether the process `pid` may still be writing the part file at `path`."""
    if pid == os.getpid():
        return path in _writing  # otherwise an earlier process that had this pid left it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # alive, another user's; or no pid this machine could have had
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether `pid` has ended but not been reaped (in a container whose first process reaps no orphans, a killed
    pack's copies stay so): it writes nothing more. Where /proc does not tell, it is taken to be alive."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0] == b"Z"
    except (OSError, IndexError):
        return False
