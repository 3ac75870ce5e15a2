"""Quick Play's damage track: EDNA, a box for each point a unit can lose (its record card's EDNA track)."""

from __future__ import annotations

from ..context import Context
from ..derived import Derived

TRACK_NAMES = ("edna",)  # what a scenario's opening damage may call it


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    edna = derived.to_json().get("edna")
    return {"edna": int(edna)} if isinstance(edna, (int, float)) else {}


def game_now(derived: Derived, marked: dict[str, int], ctx: Context | None = None) -> dict:
    """What Quick Play makes of struck EDNA boxes: the EDNA left, and at 0 what the article says it means (edna_zero:
    a ship has struck, a fort is silenced); her fastest setting, in inches a bound, while she has any."""
    d = derived.to_json()
    edna = int(d.get("edna") or 0)
    left = edna - int(marked.get("edna", 0))
    fort = d.get("type") == "Fort"
    speeds = d.get("speeds_in") or {}
    fastest = next(((name, speeds[name]) for name in ("full", "cruise", "slow") if speeds.get(name)), None)
    out = None
    if edna and left <= 0:
        table = ctx.tables.get("edna_zero") if ctx is not None else None
        rows = (table.rows if table is not None else None) or {}
        said = rows.get("fort" if fort else "ship") if isinstance(rows, dict) else None
        out = "EDNA 0: " + (said or ("silenced" if fort else "struck"))
    return {"max_speed": None if fort or fastest is None or out else f"{fastest[0].title()} ({fastest[1]:g} in)",
            "edna_now": max(0, left), "out": out}
