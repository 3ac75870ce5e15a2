"""Write a file so that readers see the old one or the whole new one, never half."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, NEW_FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
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
            fd, temps[target] = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temps[target], NEW_FILE_MODE)
        for target, tmp in temps.items():
            if target.exists():
                kept[target] = tmp + ".old"
                os.link(target, kept[target])
            os.replace(tmp, target)
            done.append(target)
    except BaseException as exc:
        for path in done:
            if path in kept:
                os.replace(kept.pop(path), path)
            else:
                path.unlink(missing_ok=True)
        for tmp in [*temps.values(), *kept.values()]:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and target is not None and exc.filename is None:
            raise OSError(exc.errno, exc.strerror, str(target)) from exc
        raise
    for old in kept.values():
        Path(old).unlink(missing_ok=True)
