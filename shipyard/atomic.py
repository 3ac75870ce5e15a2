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
