"""Saunders' damage tracks: the hull boxes of a unit's record sheet, and its fire and hole tallies (the sheet's
status boxes: sheet.status_items prints these very counts)."""

from __future__ import annotations

from ..context import Context
from ..derived import Derived
from .derive import speed_thresholds

TRACK_NAMES = ("hull", "holes", "fires", "hole", "fire")  # what a scenario's opening damage may call them (a
# campaign file names them by the sheet's trackers: hull, fire, hole)
FIRE_TALLY = 5  # a unit's fire tally on its sheet: one row of five boxes (five fires and she is lost anyway)
HOLE_TALLY = 5  # a ship's holes tally (a fort takes no holes)
FUNNEL_TALLY = 2  # a ship's funnel hits (51-52, 2 in 36 a critical): each takes her knot again, so they are counted (two: a
# third box wrapped Memphis' rams' Funnel line and cost a page)
KNOTS_LOST = "knots_lost"  # the speed track's boxes struck from its top (trackers.yaml), one a knot lost


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    d = derived.to_json()
    out: dict[str, int] = {}
    if isinstance(d.get("hull"), (int, float)):
        out["hull"] = int(d["hull"])
    out["fires"] = FIRE_TALLY
    if d.get("unit") != "fort":
        out["holes"] = HOLE_TALLY
    return out


def game_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    """The tracks a live sheet marks, by the sheet's own trackers (hull, fire, hole: trackers.yaml)."""
    return {{"fires": "fire", "holes": "hole"}.get(k, k): n for k, n in damage_tracks(derived, ctx).items()}


def game_now(derived: Derived, marked: dict[str, int], ctx: Context | None = None) -> dict:
    """What Saunders makes of a unit's marks: her maximum speed in knots after the knots she has lost (struck from the
    top of her speed track) and then the hull she has lost (the hull note's order: the knots come off the maximum
    before the fraction; ¾ at half lost, ½ at three quarters, to the half knot below), and at no hull left
    what the damage follow-up table says she does (surrenders, or rolls for her holes)."""
    d = derived.to_json()
    hull, lost, holes = int(d.get("hull") or 0), int(marked.get("hull", 0)), int(marked.get("hole", 0))
    if d.get("unit") == "fort":
        return {"max_speed": None, "hull_left": hull - lost,
                "out": "no hull left: the fort is battered into silence" if hull and lost >= hull else None}
    speed = max(0.0, float(d.get("max_speed_kn") or 0) - int(marked.get(KNOTS_LOST, 0)))
    thresholds = d.get("speed_thresholds") or []
    if marked.get(KNOTS_LOST) and ctx is not None:  # knots lost come off the maximum before the fraction (hull note)
        thresholds = speed_thresholds(ctx.tables, hull, speed)
    for th in thresholds:
        if lost >= th["lost"]:
            speed = min(speed, float(th["speed_kn"]))
    out = None
    if hull and lost >= hull:
        speed = 0.0
        out = _follow_up(ctx, "No hull left, holes" if holes else "No hull left, no holes")
        out = ("no hull left: " + out) if out else "no hull left"
    return {"max_speed": speed, "hull_left": hull - lost, "holes": holes, "fires": int(marked.get("fire", 0)),
            "out": out}


def _follow_up(ctx: Context | None, when: str) -> str | None:
    """A row of the damage follow-up table (tables.yaml damage_follow_up), in the rule set's own words."""
    table = ctx.tables.get("damage_follow_up") if ctx is not None else None
    for row in (table.rows if table is not None else None) or []:
        if row.get("when") == when:
            return row.get("rule")
    return None
