"""Really Simple's damage track: the speed track of a ship's card, a box for each speed from her top speed down to
0 in the movement table's steps (a fort has none)."""

from __future__ import annotations

from ...errors import ShipyardError
from ..context import Context
from ..derived import Derived

TRACK_NAMES = ("speed",)  # what a scenario's opening damage may call it
SPEED_STEP_KN = 0.5  # the step when there are no tables to hand (the movement table's own)


def speed_values(top: float, step: float = SPEED_STEP_KN) -> list[float]:
    """Every speed from the top down to 0 in steps: what is left when each box is struck."""
    n = int(round(top / step))
    return [round((n - i) * step, 2) for i in range(n + 1)]


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    d = derived.to_json()
    if not isinstance(d.get("speed_kn"), (int, float)) or d.get("unit") == "fort":  # a fort's card has no speed track
        return {}
    movement = ctx.tables.get("movement") if ctx is not None else None
    rows = movement.rows if movement is not None and isinstance(movement.rows, dict) else {}
    step = float(rows.get("speed_step_kn", SPEED_STEP_KN))
    return {"speed": len(speed_values(float(d["speed_kn"]), step))}


def check_opening_damage(ctx: Context | None) -> None:
    """On a pre-damaged copy, every track a scenario's `damage:` names must be one these cards strike (TRACK_NAMES):
    another rule set's `hull: 2` has no box here, and a copy that silently left it off would be a blank one called
    pre-damaged. Refused with the unit, the track and what this rule set strikes, before anything is drawn."""
    if ctx is None or getattr(getattr(ctx, "options", None), "copies", "blank") != "pre-damaged" or ctx.scenario is None:
        return
    from ..contract import track_name_known
    from .trackers import trackers

    boxes = tuple(n for t in trackers().trackers for n in (t, f"{t} <id>"))  # the card's other boxes ('gun 2', 'fire')
    for side in ctx.scenario.sides:
        for su in side.units:
            for name in getattr(su, "damage", None) or {}:
                if name.strip().lower() not in TRACK_NAMES and not track_name_known(name, boxes):
                    raise ShipyardError(
                        f"scenario {ctx.scenario.id}: {su.id}: damage {name!r}: a Really Simple card has no such track "
                        f"(it strikes {', '.join(TRACK_NAMES)}, a box per half knot lost); give the damage as "
                        f"speed: N for this rule set, or print blank copies. Nothing was written for Really Simple.")


def game_now(derived: Derived, marked: dict[str, int], ctx: Context | None = None) -> dict:
    """What Really Simple makes of a ship's struck speed boxes: her top speed is the first box not struck; the 0 box
    left alone, she is crippled and drifts (still fires, does not sink); the 0 box struck too, she sinks."""
    d = derived.to_json()
    if not isinstance(d.get("speed_kn"), (int, float)) or d.get("unit") == "fort":
        return {"max_speed": None, "out": None}
    movement = ctx.tables.get("movement") if ctx is not None else None
    rows = movement.rows if movement is not None and isinstance(movement.rows, dict) else {}
    values = speed_values(float(d["speed_kn"]), float(rows.get("speed_step_kn", SPEED_STEP_KN)))
    struck = int(marked.get("speed", 0))
    if struck >= len(values):
        return {"max_speed": 0.0, "crippled": True,
                "out": "sinking: struck past 0 (roll when she goes down and write it at SINKS T__)"}
    return {"max_speed": values[struck], "crippled": values[struck] == 0, "out": None}
