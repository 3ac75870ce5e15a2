"""Tracker tags: which trackers a sheet's block is the place to mark, found by walking its blocks."""

from __future__ import annotations

import re

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


def tracked(block: Block) -> list:
    """Every tracker a player marks on a sheet, in the order it is drawn: the render.tracks.Track of each box track,
    tagged checkbox, gun box and end box (those with a tracker id), each once."""
    out, seen = [], set()
    for b in walk(block):
        for t in getattr(b, "tracks", ()) or ():
            if getattr(t, "records", "") and id(t) not in seen:
                seen.add(id(t))
                out.append(t)
    return out


def turn_of(name: str) -> str:
    """The name the turn written in beside a box is marked by, on a live sheet and in a campaign file: 'sunk turn'."""
    return f"{name} turn"


BLANK = re.compile(r"_{2,}")  # a blank printed for a turn to be written in: 'SINKS T__', ', in bound ____'


def written_in(text: str, turn: int) -> str:
    """A label with the turn written in its blank ('SINKS T__' -> 'SINKS T4'); the label as it is with no turn."""
    return BLANK.sub(str(turn), text, count=1) if turn else text


def name_boxes(block: Block) -> list:
    """Name every tracker of a sheet as its live sheet and a campaign file call it: its tracker id, numbered in the
    order drawn where the sheet has more than one of that id ('gun 1', 'gun 2'; 'rudder'). Returns them, named."""
    found = tracked(block)
    total: dict[str, int] = {}
    for t in found:
        total[t.records] = total.get(t.records, 0) + 1
    seen: dict[str, int] = {}
    for t in found:
        seen[t.records] = seen.get(t.records, 0) + 1
        t.name = t.records if total[t.records] == 1 else f"{t.records} {seen[t.records]}"
    return found
