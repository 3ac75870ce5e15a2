"""A loaded library kept between runs, so that a run whose library files are unchanged skips reading and validating
them again (some 30 ms of every command's start, more with a large library of one's own).

The key is every library file's place and bytes (a file inside the folder the command runs in with that folder, as
paths are shown relative to it: a library of bundled files only is the same library from any other folder),
shipyard's version and the source of the code that makes a Library out of files (library/*.py): any edit to a ship,
any file added or removed, and any change to the models makes a new key, and the next run loads and validates
everything afresh. Only a library that loaded without a problem is kept. A cache that cannot be read or written
is not used. A load with a user's folder keeps the bundled library alone too, and a later load of changed files of
hers starts from it (Library.load): only her files are validated again.

A kept library is two pickles one after the other: the library, and then its files' Located (data and line maps:
nearly half the bytes, and a third of the time to read them), which a run needs only to name a line in an error. The
first has a number in place of each of them (read back as a LocatedLater), and the second is read when one of them
is first asked for.

The cache folder is the user's own (see cache.index.cache_dir); what is kept there is unpickled, so it is trusted as
the library files themselves are.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_bytes

KEPT_FORMAT = b"shipyard-library-3"
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
        blob = path.read_bytes()
        kept = _unpickled(blob)
        os.utime(path)  # the most recently used are the last to go
    except Exception:  # missing, cut short, or made by other code: load the files instead
        return None
    return kept if isinstance(kept, Library) else None


def _unpickled(blob: bytes) -> Any:
    """The library of a kept file, its Located read only when the first of them is asked for."""
    from ..library.yamlfile import LocatedLater

    stream = io.BytesIO(blob)
    later: dict[int, LocatedLater] = {}
    located: list = []  # the second pickle's list, once read
    rest: list[bytes] = []  # its bytes until then

    def nth(n: int):
        if not located:
            located.extend(pickle.loads(rest.pop()))
        return located[n]

    def located_later(n: Any) -> LocatedLater:
        if not isinstance(n, int):
            raise pickle.UnpicklingError(f"unknown Located {n!r}")
        if n not in later:
            later[n] = LocatedLater(lambda: nth(n))
        return later[n]

    library = _Unpickler(stream, located_later).load()
    rest.append(blob[stream.tell():])
    return library


def _later(n: int) -> Any:
    """Stands in a kept library's first pickle for its n-th Located: _Unpickler gives the LocatedLater instead."""
    raise pickle.UnpicklingError("a kept library's Located is read only with its library")


class _Unpickler(pickle.Unpickler):
    def __init__(self, stream, located_later) -> None:
        super().__init__(stream)
        self._located_later = located_later

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "_later":
            return self._located_later
        return super().find_class(module, name)


class _Pickler(pickle.Pickler):
    """Pickles a library with each Located it holds as a number (_later(n)), the Located themselves gathered in order.

    By the pickler's dispatch table, which is asked only about objects of other types than Python's own: a
    persistent_id was called for every object pickled, some 90,000 for a library, 0.25 s of the 0.28 s it took."""

    def __init__(self, stream) -> None:
        import copyreg

        from ..library.yamlfile import Located, LocatedLater

        self.located: list = []
        self._numbers: dict[int, int] = {}
        self.dispatch_table = copyreg.dispatch_table.copy()
        self.dispatch_table[Located] = self.dispatch_table[LocatedLater] = self._numbered  # (LocatedLater: a kept
        # library's, taken into a new one)
        super().__init__(stream, protocol=pickle.HIGHEST_PROTOCOL)

    def _numbered(self, obj: Any) -> tuple:
        if id(obj) not in self._numbers:
            self._numbers[id(obj)] = len(self.located)
            self.located.append(obj)
        return _later, (self._numbers[id(obj)],)


def _pickled(library: Any) -> bytes:
    stream = io.BytesIO()
    pickler = _Pickler(stream)
    pickler.dump(library)
    return stream.getvalue() + pickle.dumps(pickler.located, protocol=pickle.HIGHEST_PROTOCOL)


def keep_library(files: list[tuple[str, bytes]] | None, library: Any) -> None:
    if files is None:
        return
    target = _kept_file(_key(files))
    try:
        blob = _pickled(library)
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
