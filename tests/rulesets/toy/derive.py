"""Toy Rules' calculator: hull boxes from the hull_boxes table, speed as history records it."""

from __future__ import annotations

from shipyard.rules.context import Context
from shipyard.rules.derived import Derived
from shipyard.rules.lookups import band, is_fort

from .stats import ToyStats

KEY = "toy"


def derive(unit, ctx: Context) -> Derived:
    d = Derived(unit.id, unit.name, KEY)
    guns = sum(m.count for m in unit.armament or [])
    d.set("guns", guns, "guns mounted (history)")
    if is_fort(unit):
        t = ctx.tables.require("fort_boxes")
        d.set("kind", "fort", "a fort (history)")
        d.set("hull_boxes", max(int(t.rows["minimum"]), guns * int(t.rows["per_gun"])), f"{guns} guns ({t.cite()})")
        d.set("speed_kn", 0.0, "a fort does not move")
    else:
        t = ctx.tables.require("hull_boxes")
        tons = float(unit.displacement_tons or unit.burthen_tons or 0)
        row = band(t.rows, tons, lower="min_tons", table=t)
        d.set("kind", "vessel", "a vessel (history)")
        d.set("hull_boxes", int(row["boxes"]), f"{tons:g} tons ({t.cite(row)})")
        d.set("speed_kn", float(unit.speed_kn), "speed (history)")
    return d.typed(ToyStats)
