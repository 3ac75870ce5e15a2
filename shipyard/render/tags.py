"""Tracker tags: which trackers a sheet's block is the place to mark, found by walking its blocks."""

from __future__ import annotations

from .measure import Block


def records(block: Block, *trackers: str) -> Block:
    """Tag a block as the place on the sheet where these trackers are marked (a gun's box, a fire checkbox):
    tests walk a sheet's blocks and find every outcome's tracker. Returns the block."""
    block.__dict__.setdefault("records", set()).update(trackers)
    return block


def recorded(block: Block) -> list[str]:
    """Every tracker id on a sheet, as often as it appears (a sheet with 24 guns has 24 gun trackers)."""
    found: list[str] = []
    for b in walk(block):
        found.extend(sorted(b.__dict__.get("records", ())))
        for t in getattr(b, "tracks", ()) or ():
            if getattr(t, "records", ""):
                found.append(t.records)
    return found


def walk(block: Block):
    """Every block inside `block`, itself first (for tests that look for a tracker or a number on a sheet)."""
    yield block
    for attr in ("children",):
        for c in getattr(block, attr, ()) or ():
            yield from walk(c)
    child = getattr(block, "child", None)
    if isinstance(child, Block):
        yield from walk(child)
