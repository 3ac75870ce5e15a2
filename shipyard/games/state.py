"""A game's sheets as the fold of its events: the boxes marked on each unit's tracks, the turn, and each device's
undo and redo stacks (an undo reverses that device's last mark still standing; a redo puts back its last undone one,
until it makes a new mark)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .store import Event

TURN = "turn"  # the event kind that moves the turn track on (delta +1) or back (-1)


@dataclass
class Folded:
    marked: dict[tuple[str, str], int] = field(default_factory=dict)  # (unit, tracker) -> boxes marked
    turn: int = 1
    done: dict[str, list[int]] = field(default_factory=dict)  # device -> its marks standing, oldest first
    undone: dict[str, list[int]] = field(default_factory=dict)  # device -> its marks undone, to redo
    last: int = 0  # the last event folded

    def boxes(self, unit: str, tracker: str) -> int:
        return self.marked.get((unit, tracker), 0)


def fold(start: dict[str, dict[str, int]], events: list[Event], bounds: dict[tuple[str, str], int]) -> Folded:
    """The state after `events`, from the opening marks `start`; each track kept within 0 and its boxes (`bounds`)."""
    by_seq = {e.seq: e for e in events}
    standing: set[int] = set()
    out = Folded()
    for e in events:
        out.last = e.seq
        if e.kind in ("mark", TURN):
            standing.add(e.seq)
            out.done.setdefault(e.device, []).append(e.seq)
            out.undone[e.device] = []
        elif e.kind == "undo" and e.target in standing:
            standing.discard(e.target)
            out.done.setdefault(e.device, []).remove(e.target)
            out.undone.setdefault(e.device, []).append(e.target)
        elif e.kind == "redo" and e.target in out.undone.get(e.device, []):
            standing.add(e.target)
            out.undone[e.device].remove(e.target)
            out.done.setdefault(e.device, []).append(e.target)
    totals: dict[tuple[str, str], int] = {(u, t): int(n) for u, tracks in start.items() for t, n in tracks.items()}
    turn = 1
    for seq in sorted(standing):
        e = by_seq[seq]
        if e.kind == TURN:
            turn = max(1, turn + e.delta)
        else:
            totals[(e.unit, e.tracker)] = totals.get((e.unit, e.tracker), 0) + e.delta
    out.marked = {k: max(0, min(bounds.get(k, v), v)) for k, v in totals.items()}
    out.turn = turn
    return out
