"""Code Python compiles from text at every start, compiled once and kept between runs: the methods `dataclasses`
writes for each class (its __init__, __repr__, __eq__, __hash__, ...) and the string annotations `typing` reads.

Python 3.11's `dataclasses` writes every class's methods as source text and compiles that text each time the class
is made: some 150 classes at a command's start (shipyard's, pydantic's, typer's), ~590 compiles, 6 % of a Mobile Bay
pack's instructions. And `typing` compiles every annotation written as a string when it makes a ForwardRef of it:
~1,100 at a command's start, most of them the fields of pydantic-core's ~90 TypedDicts. The mode and the text are
the key: the same text compiles to the same code, and it is compiled here as those modules compile it (file name
"<string>", no `__future__` flags taken from this module), so what is made from kept code is what compile would have
made. What a run compiled anew is added when it ends (by the process that read the cache, not by copies forked from
it); past KEPT_AT_MOST texts (shipyard's code changed often), only what the run used is kept. A cache that cannot be
read or written is not used.

`install()` is called by the command line before it imports typer, so that every class made after it gains.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import typing
from importlib.util import MAGIC_NUMBER
from types import CodeType

KEPT_FORMAT = b"shipyard-compiled-code-1\0" + MAGIC_NUMBER  # Python's bytecode version: code kept by another is not
KEPT_AT_MOST = 6000  # texts; a pack uses ~1,700

_kept: dict[tuple[str, str], CodeType] = {}  # (mode, text) -> its code
_used: dict[tuple[str, str], CodeType] = {}
_new = 0
_reader: int | None = None  # the process that read the cache (only it writes it)


def kept_file():
    from .index import cache_dir

    return cache_dir() / f"compiled-code-{sys.implementation.cache_tag}.marshal"


def _compiled(source: str, mode: str) -> CodeType:
    """The code of one text: kept, else compiled as `dataclasses` and `typing` compile it."""
    global _new
    key = (mode, source)
    code = _kept.get(key)
    if code is None:
        code = _kept[key] = builtins.compile(source, "<string>", mode, dont_inherit=True)
        _new += 1
    _used[key] = code
    return code


def _exec(source, globals=None, locals=None, /):
    """`exec` as `dataclasses` calls it (`exec(text, globals, ns)`), with the text's code kept."""
    if isinstance(source, str):
        source = _compiled(source, "exec")
    builtins.exec(source, globals, locals)


def _compile(source, filename, mode, *args, **kwargs):
    """`compile` as `typing` calls it for a ForwardRef (`compile(text, '<string>', 'eval')`), with the code kept;
    called any other way, the builtin."""
    if isinstance(source, str) and filename == "<string>" and mode == "eval" and not args and not kwargs:
        return _compiled(source, "eval")
    return builtins.compile(source, filename, mode, *args, **kwargs)


def install() -> None:
    """Read the kept code and make `dataclasses` use it (once a process); write what was new when the run ends."""
    global _reader
    if _reader is not None:
        return
    _reader = os.getpid()
    try:
        blob = kept_file().read_bytes()
        if blob.startswith(KEPT_FORMAT):
            kept = marshal.loads(blob[len(KEPT_FORMAT):])
            if isinstance(kept, dict):
                _kept.update((k, v) for k, v in kept.items() if isinstance(k, tuple) and isinstance(v, CodeType))
    except Exception:  # none yet, cut short, made by other code, no cache folder to be had: compile as those do
        pass
    # the names those modules look up (in their own module before the builtins) to compile a method, an annotation
    dataclasses.exec = _exec
    typing.compile = _compile
    atexit.register(keep)


def keep() -> None:
    """Write the kept code if this run compiled any anew (only in the process that read it)."""
    global _new
    if not _new or os.getpid() != _reader:
        return
    kept = _kept if len(_kept) <= KEPT_AT_MOST else _used
    try:
        from ..atomic import atomic_write_bytes

        atomic_write_bytes(kept_file(), KEPT_FORMAT + marshal.dumps(kept))
        _new = 0
    except BaseException:  # a read-only cache folder, no home, a stop signal as the run ends: compile again next time
        pass  # (what is being written is thrown away whole: atomic_write_bytes)
