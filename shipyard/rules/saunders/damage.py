"""Saunders' damage tracks: the hull boxes of a unit's record sheet, and its fire and hole tallies (the sheet's
status boxes: sheet.status_items prints these very counts)."""

from __future__ import annotations

from ..context import Context
from ..derived import Derived

TRACK_NAMES = ("hull", "holes", "fires")  # what a scenario's opening damage may call them
FIRE_TALLY = 5  # a unit's fire tally on its sheet: one row of five boxes (five fires and she is lost anyway)
HOLE_TALLY = 5  # a ship's holes tally (a fort takes no holes)


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    d = derived.to_json()
    out: dict[str, int] = {}
    if isinstance(d.get("hull"), (int, float)):
        out["hull"] = int(d["hull"])
    out["fires"] = FIRE_TALLY
    if d.get("unit") != "fort":
        out["holes"] = HOLE_TALLY
    return out
