"""Read one YAML file safely and remember the line of every key.

Guards: regular files only (a named pipe would wait for ever, /dev/zero never ends), a size limit never read
past, strict UTF-8, no anchors or aliases (the "billion laughs" expansion can never start), a node limit, a
nesting limit (checked on the parser's events, which need no recursion, before anything is built), and YAML
errors turned into one line with the file and position.

A file read well once is kept in the cache folder, keyed on a hash of its bytes (so any edit is read
afresh), as the plain data and line map it gave; a cache that cannot be read or written is not used.
Only the parse is kept: what the data means is checked again on every read.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Problem, ShipyardError, display_path
from ..atomic import atomic_write_bytes

if TYPE_CHECKING:
    import yaml

CACHE_FORMAT = b"shipyard-yaml-1"

MAX_BYTES = 1_000_000
MAX_NODES = 200_000
MAX_DEPTH = 64  # lists and mappings inside each other: a vessel file needs five


class Located:
    """Data built from YAML plus a map from a field path (tuple) to its line number."""

    def __init__(self, data: Any, lines: dict[tuple, int]):
        self.data = data
        self.lines = lines

    def line_of(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), None)


class LocatedLater(Located):
    """A Located read only when its data or a line is first asked for (`load` gives the Located it stands for): the
    kept library's files' data and line maps, which a run needs only to name a line in an error."""

    def __init__(self, load):
        self._load = load

    def __getattr__(self, name: str) -> Any:  # data, lines: not here until first asked for
        if name not in ("data", "lines"):
            raise AttributeError(name)
        real = self._load()
        self.data, self.lines = real.data, real.lines
        return getattr(self, name)

    def __reduce__(self):  # copied or pickled again: the plain Located it stands for
        return Located, (self.data, self.lines)


def _fail(path: Path, line: int | None, message: str) -> ShipyardError:
    return ShipyardError([Problem(display_path(path), line, None, message)])


def _not_a_file(mode: int) -> str | None:
    """What a path is when it is not a regular file (in the user's words), else None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def read_file_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is a ShipyardError naming the file.

    The path is checked before it is opened (a named pipe is never opened, so never waited on), opened
    without blocking, checked again on the open file (it may have been swapped), and read at most limit + 1
    bytes (a file that grows, or lies about its size, is never read past the limit)."""
    path = Path(path)
    try:
        what = _not_a_file(os.stat(path).st_mode)
        if what is None:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
            try:
                opened = os.fstat(fd)
                what = _not_a_file(opened.st_mode)
                if what is None and opened.st_size > limit:
                    raise _fail(path, None, f"file is {opened.st_size:,} bytes; the limit is {limit:,}")
                chunks: list[bytes] = []
                size = 0
                while what is None and size <= limit:
                    chunk = os.read(fd, limit + 1 - size)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    size += len(chunk)
            finally:
                os.close(fd)
    except OSError as exc:
        raise _fail(path, None, f"cannot read the file: {exc.strerror or exc}") from None
    if what is not None:
        raise _fail(path, None, f"this is {what}, not a regular file: shipyard reads only regular files")
    if size > limit:
        raise _fail(path, None, f"file is more than {limit:,} bytes, the limit")
    return b"".join(chunks)


def read_yaml(path: Path) -> Located:
    path = Path(path)
    raw = read_file_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise _fail(path, line, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    key = hashlib.blake2b(CACHE_FORMAT + raw, digest_size=20).hexdigest()
    kept = _cached(key)
    if kept is not None:
        return kept
    located = parse_yaml(text, path)
    _keep(key, located)
    return located


def _cache_file(key: str) -> Path:
    from ..cache.index import cache_dir

    return cache_dir() / "yaml" / f"{key}.marshal"


def _cached(key: str) -> Located | None:
    try:
        data, lines = marshal.loads(_cache_file(key).read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(lines, dict):
        return None
    return Located(data, lines)


def _keep(key: str, located: Located) -> None:
    target = _cache_file(key)
    try:
        blob = marshal.dumps((located.data, located.lines))
        atomic_write_bytes(target, blob)
        _prune(target.parent)
    except (OSError, ValueError):
        pass  # a value marshal cannot keep, a read-only cache: read the file again next time


CACHE_FILES = 4000  # kept at most: past it, the oldest entries go


def _prune(folder: Path) -> None:
    names = os.listdir(folder)
    if len(names) <= CACHE_FILES:
        return
    by_age = sorted(names, key=lambda n: os.stat(folder / n).st_mtime_ns)
    for name in by_age[: len(names) - CACHE_FILES * 3 // 4]:
        try:
            os.unlink(folder / name)
        except OSError:
            pass


_Y: Any = None  # PyYAML, imported on the first file the cache does not hold
_LOADER: Any = None
_CONSTRUCTOR: Any = None


def _yaml():
    global _Y, _LOADER, _CONSTRUCTOR
    if _Y is None:
        import yaml

        _LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        _CONSTRUCTOR = yaml.SafeLoader("")
        _Y = yaml
    return _Y


def refuse_deep(text: str, path: Path | str, field: str | None = None) -> None:
    """Refuse YAML that nests lists and mappings more than MAX_DEPTH deep, before anything builds it: building
    recurses once a level, so `[` x 3,000 would take seconds to fail with a RecursionError. Read from the parser's
    events (no recursion, stops at the first level too many); YAML that does not parse is left to the parse."""
    yaml = _yaml()

    def too_deep(mark) -> ShipyardError:
        return ShipyardError([Problem(display_path(path), mark.line + 1 if mark else None, field,
                                      f"lists and mappings nested more than {MAX_DEPTH} deep; "
                                      "a shipyard file needs only a few levels")])

    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise too_deep(event.start_mark)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # libyaml's scanner looks ahead past a run of '[' and stops at its own limit (1,000) before any event
        if "nesting depth" in str(exc.problem):
            raise too_deep(exc.problem_mark) from None
    except yaml.YAMLError:
        return


def parse_yaml(text: str, path: Path) -> Located:
    yaml = _yaml()
    refuse_deep(text, path)
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "invalid YAML"
        raise _fail(path, line, f"not valid YAML: {what}") from None
    except yaml.YAMLError as exc:
        raise _fail(path, None, f"not valid YAML: {exc}") from None
    except RecursionError:
        raise _fail(path, None, "YAML nested too deeply") from None
    lines: dict[tuple, int] = {}
    if node is None:
        return Located(None, {(): 1})
    try:
        data = _build(node, (), lines, path, set())
    except RecursionError:
        raise _fail(path, None, "YAML nested too deeply") from None
    return Located(data, lines)


def _build(node: "yaml.Node", loc: tuple, lines: dict[tuple, int], path: Path, seen: set[int]) -> Any:
    yaml = _Y
    # An anchored node reached a second time is an alias: refuse it before anything expands.
    if id(node) in seen:
        raise _fail(path, node.start_mark.line + 1, "YAML anchors and aliases (& and *) are not allowed in shipyard files")
    seen.add(id(node))
    if len(seen) > MAX_NODES:
        raise _fail(path, node.start_mark.line + 1, f"more than {MAX_NODES:,} YAML nodes")
    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, path)
            if isinstance(key, (dict, list)) or key_node.tag == "tag:yaml.org,2002:merge":
                raise _fail(path, key_node.start_mark.line + 1, "keys must be plain names")
            if key in out:
                raise _fail(path, key_node.start_mark.line + 1, f"key {key!r} appears twice")
            lines[loc + (key,)] = key_node.start_mark.line + 1
            out[key] = _build(value_node, loc + (key,), lines, path, seen)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(child, loc + (i,), lines, path, seen) for i, child in enumerate(node.value)]
    return _scalar(node, path)


def _scalar(node: "yaml.Node", path: Path) -> Any:
    yaml = _yaml()
    if not isinstance(node, yaml.ScalarNode):
        raise _fail(path, node.start_mark.line + 1, "keys must be plain names")
    try:
        value = _CONSTRUCTOR.yaml_constructors.get(node.tag, _CONSTRUCTOR.yaml_constructors[None])(_CONSTRUCTOR, node)
    except yaml.YAMLError as exc:
        raise _fail(path, node.start_mark.line + 1, f"bad value: {exc}") from None
    # Dates stay as text: the model validates the formats it accepts.
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value
