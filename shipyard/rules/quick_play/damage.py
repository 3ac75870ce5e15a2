"""Quick Play's damage track: EDNA, a box for each point a unit can lose (its record card's EDNA track)."""

from __future__ import annotations

from ..context import Context
from ..derived import Derived

TRACK_NAMES = ("edna",)  # what a scenario's opening damage may call it


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    edna = derived.to_json().get("edna")
    return {"edna": int(edna)} if isinstance(edna, (int, float)) else {}
