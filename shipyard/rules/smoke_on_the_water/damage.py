"""Smoke on the Water's damage tracks: the names a scenario's `damage:` may give each and the boxes a unit's sheet
has on it (the same numbers its sheet prints: hull, flotation, turret, wheel and machinery points; a fort's
structure)."""

from __future__ import annotations

from ..context import Context
from ..derived import Derived

# the track names a scenario's opening damage may use, long and short (turret <id> and wheel <id>: any id)
TRACK_NAMES = ("hull", "hdp", "flotation", "fp", "machinery", "structure", "sdp", "turret <id>", "tdp <id>",
               "wheel <id>", "wdp <id>")


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    d = derived.to_json()
    out: dict[str, int] = {}
    if d.get("kind") == "fort":
        for n in ("structure", "sdp", "hull"):
            out[n] = int(d.get("structural_damage_points") or 0)
        return out
    for n in ("hull", "hdp"):
        out[n] = int(d.get("hull_damage_points") or 0)
    for n in ("flotation", "fp"):
        out[n] = int(d.get("flotation_points") or 0)
    for tid, pts in (d.get("turret_damage_points") or {}).items():
        out[f"turret {tid}"] = out[f"tdp {tid}"] = int(pts)
    for wid, pts in (d.get("wheel_damage_points") or {}).items():
        out[f"wheel {wid}"] = out[f"wdp {wid}"] = int(pts)
    if d.get("machinery_boxes"):
        out["machinery"] = int(d["machinery_boxes"])
    return out


GAME_TRACKS = ("hull", "flotation", "machinery")  # the names a live sheet marks (with turret/wheel <id>)


def game_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    """The tracks a live sheet marks: each of damage_tracks once, by its long name (a fort's structure only)."""
    tracks = damage_tracks(derived, ctx)
    if derived.to_json().get("kind") == "fort":  # its sheet marks the structure (SDP) on the track it tags hull
        return {"hull": tracks["structure"]} if "structure" in tracks else {}
    return {k: v for k, v in tracks.items() if k in GAME_TRACKS or k.split(" ", 1)[0] in ("turret", "wheel")}


def game_now(derived: Derived, marked: dict[str, int], ctx: Context | None = None) -> dict:
    """What Smoke on the Water makes of a unit's marks: her maximum speed level after her hull damage (one level
    lost at half her HDP left, two at a quarter, never below Slow while any is left: hull_damage_effects) and
    each machinery box (a level each), and what an empty track does (zero_points)."""
    d = derived.to_json()
    tracks = game_tracks(derived, ctx)
    if d.get("kind") == "fort":
        left = tracks.get("hull", 0) - int(marked.get("hull", 0))
        return {"max_speed": None, "structure_left": left,
                "out": _at_zero(ctx, "Structure (SDP)") if tracks.get("hull") and left <= 0 else None}
    levels = _levels(ctx)
    top = levels.index(d["max_speed"]) if d.get("max_speed") in levels else len(levels) - 1
    hull, fp = tracks.get("hull", 0), tracks.get("flotation", 0)
    hull_left, fp_left = hull - int(marked.get("hull", 0)), fp - int(marked.get("flotation", 0))
    lose = 2 if hull_left <= int(d.get("hdp_quarter") or 0) else 1 if hull_left <= int(d.get("hdp_half") or 0) else 0
    level = max(1, top - lose) if hull_left > 0 else 0  # hull damage never below Slow until the HDP are gone
    level = max(0, level - int(marked.get("machinery", 0)))
    out = None
    if fp and fp_left <= 0:
        out = _at_zero(ctx, "Flotation (FP)")
    elif hull and hull_left <= 0:
        out = _at_zero(ctx, "Hull (HDP)")
    knocked = [k for k, n in tracks.items() if k.split(" ", 1)[0] in ("turret", "wheel") and marked.get(k, 0) >= n]
    return {"max_speed": levels[level], "hull_left": hull_left, "flotation_left": fp_left, "out": out,
            "knocked_out": knocked}


def _levels(ctx: Context | None) -> list[str]:
    table = ctx.tables.get("speed_levels") if ctx is not None else None
    rows = (table.rows if table is not None else None) or []
    return [r["level"] for r in rows] or ["Immobile", "Slow", "Medium", "Fast", "Very Fast"]


def _at_zero(ctx: Context | None, track: str) -> str:
    table = ctx.tables.get("zero_points") if ctx is not None else None
    for row in (table.rows if table is not None else None) or []:
        if row.get("track") == track:
            return f"{track} gone: {row['at_zero']}"
    return f"{track} gone"
