"""A small index of the library (id, name, navy, type, class) cached between runs.

`shipyard vessels` only needs these five fields. Building them means reading and validating every
YAML file; the index is written only after a full, successful load and is keyed on the path, size
and modification time of every library file (and shipyard's version), so any edit, addition or
removal makes a new key and the next run validates everything again. A cache that cannot be read
or written is simply not used.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Iterable

from .. import __version__
from ..paths import library_dir


def cache_dir() -> Path:
    base = os.environ.get("SHIPYARD_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shipyard"


def fingerprint(extra_dirs: Iterable[Path | str] = ()) -> str:
    digest = hashlib.sha256(__version__.encode())
    for root in [library_dir(), *map(Path, extra_dirs)]:
        root = Path(root).resolve()
        digest.update(b"\0root\0" + str(root).encode())
        entries = []
        if root.is_file():
            entries = [root]
        elif root.is_dir():
            for folder, _, files in os.walk(root):
                entries += [Path(folder) / f for f in files if f.endswith((".yaml", ".yml"))]
        for path in sorted(entries):
            st = path.stat()
            digest.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def rows_from(library) -> list[dict]:
    units = sorted(library.units.values(), key=lambda u: (u.kind, u.navy.value, u.id))
    return [
        {
            "id": u.id, "name": u.name, "navy": u.navy.value,
            "type": u.type.value if u.kind == "vessel" else "fort",
            "class": getattr(u, "class_name", None),
        }
        for u in units
    ]


def load_rows(extra_dirs: Iterable[Path | str] = (), loaded: list | None = None) -> list[dict]:
    """The index rows, from the cache when the library is unchanged, else from a full validated load (a user's
    file that does not load is left out, and the rows are then not kept; the library is added to `loaded`,
    for its notices)."""
    extra = list(extra_dirs)
    key = fingerprint(extra)
    path = cache_dir() / f"index-{key}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    from ..library.library import Library

    library = Library.load(extra, set_aside=True)
    if loaded is not None:
        loaded.append(library)
    rows = rows_from(library)
    if library.broken:
        return rows
    try:
        from ..atomic import atomic_write_text

        atomic_write_text(path, json.dumps(rows, ensure_ascii=False))
    except OSError:
        pass
    return rows
