"""A loaded library kept between runs, so that a run whose library files are unchanged skips reading and validating
them again (some 30 ms of every command's start, more with a large library of one's own).

The key is every library file's place and bytes (a digest of them; a file inside the folder the command runs in with
that folder, as paths are shown relative to it: a library of bundled files only is the same library from any other
folder), shipyard's version and the source of the code that makes a Library out of files (library/*.py): any edit to
a ship, any file added or removed, and any change to the models makes a new key, and the next run loads and validates
everything afresh. Only a library that loaded without a problem is kept. A cache that cannot be read or written
is not used. A load with a user's folder keeps the bundled library alone too, and a later load of changed files of
hers starts from it (Library.load): only her files are validated again.

A kept library is two pickles one after the other: the library, and then its files' Located (data and line maps:
nearly half the bytes, and a third of the time to read them), which a run needs only to name a line in an error. The
first has a number in place of each of them (read back as a LocatedLater), and the second is read when one of them
is first asked for. Eight bytes after them give the second's length: a file cut short (a full disk, a copy stopped
half way) is not used, where its Located would have failed only when an error came to name a line.

A load of the bundled library with a user's folder that starts from the bundled library kept alone (Library._over)
keeps only what her files add to it: `{key}.over.pickle`, under the key of every file as above, holding the bundled
library's key and a pickle of the library in which each object it shares with the bundled one (a ship, a gun, a
scenario, a file's entry, a ship as of a date) is a number into that library (_shared(n)). Re-pickling the whole
library, and every bundled file's line maps with it, was some 40 % of such a load after each edit of one of her own
ships; the bundled library kept is read as it is. Either is read only with the other: a layer whose bundled library
is gone or another is not used.

Within one process (the web server, a test run's in-process commands) a kept file read once is not unpickled again:
the library read is remembered under its file (the same key, so the same bytes by the same code) for as long as that
file is the one read (same device, inode and size: a file kept again, cut short or removed is read again), and each
load is handed a copy of it whose containers (units, scenarios, origin, notices, the dates' units...) are its own,
the objects in them (ships, guns, scenarios, entries: read-only everywhere) shared. A caller may so add a notice, a
scenario file, a unit as of a date to its library without another load seeing it (tests/test_library_kept.py).

The cache folder is the user's own (see cache.index.cache_dir); what is kept there is unpickled, so it is trusted as
the library files themselves are.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_bytes

KEPT_FORMAT = b"shipyard-library-4"
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
    """The key of these files: each one's place and the digest of its bytes (library._files_key_of), with the code's."""
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
    remembered = _remembered(path)
    if remembered is not None:
        return remembered
    try:
        blob = path.read_bytes()
        kept = _unpickled(blob)
        os.utime(path)  # the most recently used are the last to go
    except Exception:  # missing, cut short, or made by other code: load the files instead
        return None
    if not isinstance(kept, Library):
        return None
    return _remember(path, kept)


_READ: dict[Path, tuple[tuple, Any]] = {}  # kept file -> (its identity when read, the library read from it)
READ_AT_MOST = 4  # libraries remembered in a process (the bundled one, a user's layer or two)


def _identity(path: Path) -> tuple:
    """What tells a kept file from another in its place: kept again (written whole, then renamed into place: a new
    inode), cut short, or removed. Not its times: another command reading it touches them."""
    st = os.stat(path)
    return st.st_dev, st.st_ino, st.st_size


def _remembered(path: Path) -> Any | None:
    """A copy of the library this process read from the kept file at `path`, if that file is still the one read."""
    got = _READ.get(path)
    if got is None:
        return None
    try:
        same = _identity(path) == got[0]
    except OSError:
        same = False
    if not same:
        _READ.pop(path, None)
        return None
    return _own_copy(got[1])


def _remember(path: Path, library: Any) -> Any:
    """Remember the library just read from `path` (never handed out itself), and give a copy of it."""
    try:
        identity = _identity(path)
    except OSError:
        return library
    while len(_READ) >= READ_AT_MOST:  # the first remembered goes (another thread's pop of it meanwhile: no matter)
        try:
            _READ.pop(next(iter(_READ)), None)
        except (StopIteration, RuntimeError):
            break
    _READ[path] = (identity, library)
    return _own_copy(library)


def forget_read() -> None:
    """Forget the libraries read in this process: the next load reads its kept file again, as a new command does."""
    _READ.clear()


def _own_copy(library: Any) -> Any:
    """The library with each of its containers its own (a shallow copy of each dict and list), the objects in them
    shared: what a load hands out, so that one caller's changes (a notice, a scenario file read, a unit as of a date
    made) are never another's."""
    import copy

    handed = copy.copy(library)  # (its __dict__ copied: a value worked out once, as the torpedo densities, is kept)
    for name, value in vars(handed).items():
        if isinstance(value, (dict, list)):
            setattr(handed, name, type(value)(value))
    return handed


def _unpickled(blob: bytes, shared: list | None = None) -> Any:
    """The library of a kept file, its Located read only when the first of them is asked for (of a layer: with the
    objects it shares with its bundled library)."""
    from ..library.yamlfile import LocatedLater

    later: dict[int, LocatedLater] = {}
    located: list = []  # the second pickle's list, once read
    rest: list[bytes] = []  # its bytes until then

    lock = threading.Lock()  # (a remembered library's entries are read by every thread of the web server)

    def nth(n: int):
        with lock:
            if not located:
                located.extend(pickle.loads(rest.pop()))
        return located[n]

    def located_later(n: Any) -> LocatedLater:
        if not isinstance(n, int):
            raise pickle.UnpicklingError(f"unknown Located {n!r}")
        if n not in later:
            later[n] = LocatedLater(lambda: nth(n))
        return later[n]

    body, length = blob[:-8], int.from_bytes(blob[-8:], "big")
    stream = io.BytesIO(body)
    library = _Unpickler(stream, located_later, shared).load()
    if len(body) - stream.tell() != length:  # cut short, or run on: not what was kept
        raise pickle.UnpicklingError("a kept library's line maps are not whole")
    rest.append(body[stream.tell():])
    return library


def _later(n: int) -> Any:
    """Stands in a kept library's first pickle for its n-th Located: _Unpickler gives the LocatedLater instead."""
    raise pickle.UnpicklingError("a kept library's Located is read only with its library")


class _Unpickler(pickle.Unpickler):
    def __init__(self, stream, located_later, shared: list | None = None) -> None:
        super().__init__(stream)
        self._located_later = located_later
        self._shared = shared

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "_later":
            return self._located_later
        if module == __name__ and name == "_shared" and self._shared is not None:
            return self._nth_shared
        return super().find_class(module, name)

    def _nth_shared(self, n: Any) -> Any:
        if not isinstance(n, int) or not 0 <= n < len(self._shared):
            raise pickle.UnpicklingError(f"no shared object {n!r}")
        return self._shared[n]


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
    return _with_located(stream.getvalue(), pickler.located)


def _with_located(first: bytes, located: list) -> bytes:
    """A library's pickle, its Located's after it, and the length of theirs (_unpickled checks it)."""
    second = pickle.dumps(located, protocol=pickle.HIGHEST_PROTOCOL)
    return first + second + len(second).to_bytes(8, "big")


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


OVER_FORMAT = b"shipyard-library-over-1\0"


def _over_file(key: str) -> Path:
    return _kept_file(key).with_suffix(".over.pickle")


def _shared_objects(base: Any) -> list:
    """What a library read on the bundled library `base` (Library._over) may share with it, in an order every copy of
    `base` gives alike: kept and read back, or loaded afresh from the same files."""
    return [*base.ordnance.values(), *base.units.values(), *base.scenarios.values(), *base.origin.values(),
            *base._as_of.values()]


def _shared(n: int) -> Any:
    """Stands in a layer's pickle for the n-th of its bundled library's shared objects: _Unpickler gives it."""
    raise pickle.UnpicklingError("a kept layer's shared objects are read only with its bundled library")


class _OverPickler(_Pickler):
    """_Pickler's pickle with each object the library shares with the bundled library as its number (_shared(n)), by
    the dispatch table of those objects' types too."""

    def __init__(self, stream, shared: list) -> None:
        super().__init__(stream)
        self._shared_numbers = {id(obj): n for n, obj in reversed(list(enumerate(shared)))}  # (the first, if twice)
        for kind in {type(obj) for obj in shared}:
            self.dispatch_table[kind] = self._shared_or_own

    def _shared_or_own(self, obj: Any) -> tuple:
        n = self._shared_numbers.get(id(obj))
        return obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL) if n is None else (_shared, (n,))


def keep_over(files: list[tuple[str, bytes]] | None, base_files: list[tuple[str, bytes]], base: Any,
              library: Any) -> None:
    """Keep a library read on the bundled library `base` (kept under base_files' key) as what it adds to it."""
    if files is None:
        return
    target = _over_file(_key(files))
    try:
        stream = io.BytesIO()
        pickler = _OverPickler(stream, _shared_objects(base))
        pickler.dump(library)
        blob = _with_located(stream.getvalue(), pickler.located)
        atomic_write_bytes(target, OVER_FORMAT + _key(base_files).encode() + b"\0" + blob)
        _prune(target.parent)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # as keep_library


def kept_over(files: list[tuple[str, bytes]] | None, base_files: list[tuple[str, bytes]], base: Any) -> Any | None:
    """The library read before from exactly these files on the bundled library `base` (of base_files), or None."""
    if files is None:
        return None
    path = _over_file(_key(files))
    remembered = _remembered(path)  # (read on a copy of the same bundled library: its key is part of this key)
    if remembered is not None:
        return remembered
    try:
        library = _read_over(path.read_bytes(), _key(base_files), base)
        if library is None:
            return None
        os.utime(path)  # the most recently used are the last to go
    except Exception:  # missing, cut short, for another bundled library, or made by other code: load her files
        return None
    return _remember(path, library)


def _read_over(blob: bytes, base_key: str, base: Any) -> Any | None:
    from ..library.library import Library

    head = OVER_FORMAT + base_key.encode() + b"\0"
    if not blob.startswith(head):
        return None
    library = _unpickled(blob[len(head):], _shared_objects(base))
    return library if isinstance(library, Library) else None


def read_kept(path: Path) -> Any | None:
    """The library a file of the cache's library folder keeps (a layer with the bundled library it names beside it),
    or None: for a look inside the cache (the tests), not a load."""
    blob = Path(path).read_bytes()
    if not blob.startswith(OVER_FORMAT):
        return _unpickled(blob)
    base_key = blob[len(OVER_FORMAT):].split(b"\0", 1)[0].decode()
    base_path = Path(path).parent / f"{base_key}.pickle"
    base = _remembered(base_path)  # (the bundled library a load in this process read from it, if one did: else read)
    if base is None:
        base = _unpickled(base_path.read_bytes())
    return _read_over(blob, base_key, base)


def _prune(folder: Path) -> None:
    kept = [p for p in folder.iterdir() if p.suffix == ".pickle"]
    if len(kept) <= KEPT_AT_MOST:
        return
    for old in sorted(kept, key=lambda p: p.stat().st_mtime_ns)[: len(kept) - KEPT_AT_MOST]:
        try:
            old.unlink()
        except OSError:
            pass
