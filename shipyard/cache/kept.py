"""A loaded library kept between runs, so that a run whose library files are unchanged skips reading and validating
them again (some 30 ms of every command's start, more with a large library of one's own).

The key is every library file's place and bytes (a file inside the folder the command runs in with that folder, as
paths are shown relative to it: a library of bundled files only is the same library from any other folder),
shipyard's version and the source of the code that makes a Library out of files (library/*.py): any edit to a ship,
any file added or removed, and any change to the models makes a new key, and the next run loads and validates
everything afresh. Only a library that loaded without a problem is kept. A cache that cannot be read or written
is not used.

The cache folder is the user's own (see cache.index.cache_dir); what is kept there is unpickled, so it is trusted as
the library files themselves are.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_bytes

KEPT_FORMAT = b"shipyard-library-1"
KEPT_AT_MOST = 8  # libraries kept (one per set of folders a user packs from); past it, the oldest go


@lru_cache(maxsize=1)
def _code_fingerprint() -> bytes:
    import sys

    import pydantic

    from .. import __version__

    # the models' code, and what pickles and rebuilds them: shipyard's version, pydantic's and Python's
    digest = hashlib.blake2b(b"\0".join([KEPT_FORMAT, __version__.encode(), pydantic.VERSION.encode(),
                                          sys.version.encode()]), digest_size=20)
    for source in sorted((Path(__file__).parent.parent / "library").glob("*.py")):  # what makes a Library
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.digest()


def _key(files: list[tuple[str, bytes]]) -> str:
    digest = hashlib.blake2b(_code_fingerprint(), digest_size=20)
    for place, raw in files:
        digest.update(b"\0" + place.encode() + b"\0" + len(raw).to_bytes(8, "big") + raw)
    return digest.hexdigest()


def _kept_file(key: str) -> Path:
    from .index import cache_dir

    return cache_dir() / "library" / f"{key}.pickle"


def kept_library(files: list[tuple[str, bytes]] | None) -> Any | None:
    """The library loaded before from exactly these files, or None."""
    if files is None:
        return None
    from ..library.library import Library

    path = _kept_file(_key(files))
    try:
        kept = pickle.loads(path.read_bytes())
        os.utime(path)  # the most recently used are the last to go
    except Exception:  # missing, cut short, or made by other code: load the files instead
        return None
    return kept if isinstance(kept, Library) else None


def keep_library(files: list[tuple[str, bytes]] | None, library: Any) -> None:
    if files is None:
        return
    target = _kept_file(_key(files))
    try:
        blob = pickle.dumps(library, protocol=pickle.HIGHEST_PROTOCOL)
        atomic_write_bytes(target, blob)
        _prune(target.parent)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a read-only cache, or something in a user's library pickle cannot keep: load it again next time


def _prune(folder: Path) -> None:
    kept = [p for p in folder.iterdir() if p.suffix == ".pickle"]
    if len(kept) <= KEPT_AT_MOST:
        return
    for old in sorted(kept, key=lambda p: p.stat().st_mtime_ns)[: len(kept) - KEPT_AT_MOST]:
        try:
            old.unlink()
        except OSError:
            pass
