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
