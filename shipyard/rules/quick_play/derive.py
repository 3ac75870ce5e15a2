"""Quick Play (EDNA) stats from history: small pure functions over the tables in tables.yaml.

Every number comes from a table, so a house-rules file changes results without code changes, and every
value is set through Derived.set with a reason quoting its inputs and the table it used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...spec.errors import ShipyardError
from ...spec.model import ArmourMaterial, Fort, Mount, Ordnance, Vessel
from ..base import Context, Derived, Table
from .stats import QuickPlayStats

RULESET_KEY = "quick-play"
IRON = (ArmourMaterial.IRON, ArmourMaterial.RAILWAY_IRON)


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


def _num(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) > 1e-9 else str(int(round(x)))


# ---------------------------------------------------------------------------------------------
# Ship type, speeds, turning, ram


def main_iron_in(vessel: Vessel) -> float:
    """Thickest iron on the side or casemate (the test for an ironclad)."""
    from ...spec.model import ArmourArea

    plates = [a.thickness_in for a in vessel.armour_at(ArmourArea.SIDE, ArmourArea.CASEMATE) if a.material in IRON]
    return max(plates, default=0.0)


def classify(vessel: Vessel, rules: Table) -> tuple[str, str]:
    """(Quick Play type, which rule matched) — first matching row of type_rules."""
    for row in rules.rows:
        types = row.get("vessel_types")
        if types is not None and vessel.type.value not in types:
            continue
        if "min_iron_in" in row and main_iron_in(vessel) < float(row["min_iron_in"]):
            continue
        if "propulsion" in row or "double_ender" in row:
            paddle = vessel.propulsion.kind.value in row.get("propulsion", [])
            de = bool(row.get("double_ender")) and vessel.double_ender
            if not (paddle or de):
                continue
        return row["type"], row.get("when", row["type"])
    raise ShipyardError(f"type_rules: no row matches {vessel.name} ({vessel.type.value}); the last row should match anything")


def type_row(qp_type: str, table: Table) -> dict:
    for row in table.rows:
        if row["type"] == qp_type:
            return row
    raise ShipyardError(f"ship_types: no row for type {qp_type!r} (rows: {', '.join(r['type'] for r in table.rows)})")


def is_ram(vessel: Vessel, table: Table) -> tuple[bool, str]:
    rows = table.rows
    if rows.get("ram_bow") and vessel.ram_bow:
        return True, "built with a ram bow"
    if vessel.type.value in rows.get("vessel_types", []):
        return True, f"a vessel of type {vessel.type.value}"
    return False, "no ram bow" + (" and not a ram" if rows.get("vessel_types") else "")


# ---------------------------------------------------------------------------------------------
# EDNA


def edna_armour_in(vessel: Vessel, rows: dict) -> tuple[float, str]:
    """Thickest iron-equivalent protection over the EDNA areas; partial coverage weighted. (value, words)"""
    areas = set(rows.get("armour_areas", []))
    best, words = 0.0, "no armour"
    for a in vessel.armour:
        if a.area.value not in areas or a.material is ArmourMaterial.COTTON:
            continue
        value = a.iron_equivalent_in
        w = float(rows.get("partial_weight", 1.0)) if a.coverage.value == "partial" else 1.0
        if value * w > best:
            best = value * w
            words = f"{a.area.value} {_num(a.thickness_in)} in {a.material.value.replace('_', ' ')}"
            if a.backing_in:
                words += f" + {_num(a.backing_in)} in wood"
            if w != 1.0:
                words += f", partial ×{_num(w)}"
            words += f" = {best:.2f} in"
    return best, words


def gun_count(unit: Vessel | Fort) -> int:
    return sum(m.count for m in unit.armament)


def vessel_edna(tons: float, guns: int, armour_in: float, rows: dict) -> tuple[int, float]:
    """(EDNA, unrounded score) from tonnage, gun count and armour: the fitted formula."""
    score = (float(rows["base"]) + float(rows["per_sqrt_hundred_tons"]) * math.sqrt(max(tons, 0.0) / 100)
             + float(rows["per_sqrt_gun"]) * math.sqrt(max(guns, 0)) + float(rows["per_armour_inch"]) * max(armour_in, 0.0))
    return max(int(rows["minimum"]), min(int(rows["maximum"]), round_half_up(score))), score


def fort_edna(material: str, wall_ft: float, guns: int, rows: dict) -> tuple[int, float]:
    base = rows["wall_base"].get(material)
    if base is None:
        raise ShipyardError(f"edna_fort: no wall_base for {material!r} (known: {', '.join(rows['wall_base'])})")
    score = float(base) + float(rows["per_wall_foot"]) * wall_ft + float(rows["per_sqrt_gun"]) * math.sqrt(max(guns, 0))
    return max(int(rows["minimum"]), min(int(rows["maximum"]), round_half_up(score))), score


# ---------------------------------------------------------------------------------------------
# Cannonade factors


def gun_class(gun: Ordnance, table: Table) -> str:
    for row in table.rows:
        if "kinds" in row and gun.kind.value not in row["kinds"]:
            continue
        if "min_calibre_in" in row and gun.calibre_in < float(row["min_calibre_in"]):
            continue
        if "min_projectile_lb" in row and gun.projectile_lb < float(row["min_projectile_lb"]):
            continue
        if "not_maker" in row and row["not_maker"].lower() in f"{gun.maker or ''} {gun.name}".lower():
            continue
        return row["class"]
    return "none"


@dataclass
class Battery:
    """The pieces bearing on one side, by firing class."""

    racking: float = 0.0
    racking_lb: float = 0.0
    heavy_rifle: float = 0.0
    light_smoothbore: float = 0.0
    punching: float = 0.0
    light_rifle: float = 0.0
    lines: list[str] | None = None


def bearing_battery(unit: Vessel | Fort, ctx: Context) -> Battery:
    t = ctx.tables
    share = t.bearing.rows
    b = Battery(lines=[])
    for m in unit.armament:
        gun = ctx.library.gun(m)
        cls = gun_class(gun, t.gun_classes)
        if isinstance(m, Mount):
            how = m.mounting.value
            if how == "casemate" and m.position is not None and m.position.value in ("bow", "stern"):
                how = "casemate_ends"
            s = float(share.get(how, 1.0))
        else:
            s = float(share.get("fort_share", 1.0))
            how = "fort"
        n = m.count * s
        if cls == "racking":
            b.racking += n
            b.racking_lb += n * gun.projectile_lb
        elif cls == "heavy_rifle":
            b.heavy_rifle += n
            b.racking_lb += n * gun.projectile_lb
        elif cls == "light_smoothbore":
            b.light_smoothbore += n
        elif cls == "punching":
            b.punching += n
        elif cls == "light_rifle":
            b.light_rifle += n
        b.lines.append(f"{m.count} × {gun.id} ({how}, bears {_num(n)}) → {cls}")
    return b


def cannonade(b: Battery, rows: dict) -> dict[str, int]:
    per = int(rows["racking_per_factor"])
    racking_factors = int(math.floor(b.racking / per + 1e-9)) + int(math.ceil(b.heavy_rifle - 1e-9))
    heavy = int(math.floor(b.racking_lb / float(rows["heavy_racking_lb"]) + 1e-9))
    heavy += int(math.ceil(b.heavy_rifle / float(rows["heavy_rifles_per_heavy"]) - 1e-9))
    heavy = min(racking_factors, heavy)
    medium = racking_factors - heavy + int(math.floor(b.light_smoothbore / float(rows["light_smoothbores_per_medium"]) + 1e-9))
    parrot = int(math.ceil(b.punching / float(rows["punching_per_factor"]) - 1e-9))
    if b.light_rifle > 0:
        parrot += int(rows["light_rifle_factor"])
    return {"heavy": heavy, "medium": medium, "parrot": parrot}


# ---------------------------------------------------------------------------------------------
# The whole derivation


def derive(unit: Any, ctx: Context) -> Derived:
    if not isinstance(unit, (Vessel, Fort)):
        raise ShipyardError(f"quick-play: expected a vessel or a fort, got {type(unit).__name__}")
    t = ctx.tables
    d = Derived(unit.id, unit.name, RULESET_KEY)
    guns = gun_count(unit)

    if isinstance(unit, Fort):
        d.set("type", "Fort", f"a fort ({unit.walls.material.value} walls): forts do not move ({t.ship_types.cite()} covers ships only)")
        for s in ("slow", "cruise", "full"):
            d.set(f"speeds_in.{s}", None, "a fort does not move")
        d.set("turn_deg", None, "a fort does not turn")
        d.set("turns_when_stationary", False, "a fort does not turn")
        d.set("ram", False, "a fort cannot ram")
        rows = t.edna_fort.rows
        wall_ft = unit.walls.thickness_ft or 0.0
        edna, score = fort_edna(unit.walls.material.value, wall_ft, guns, rows)
        d.set("edna", edna,
              f"{unit.walls.material.value} base {_num(rows['wall_base'][unit.walls.material.value])} + "
              f"{_num(rows['per_wall_foot'])} × {_num(wall_ft)} ft wall"
              + (" (thickness not recorded: 0)" if not unit.walls.thickness_ft else "")
              + f" + {_num(rows['per_sqrt_gun'])} × √{guns} guns = {score:.2f} → {edna} ({t.edna_fort.cite()})")
    else:
        qp_type, why = classify(unit, t.type_rules)
        d.set("type", qp_type, f"{unit.type.value}, {unit.propulsion.kind.value}"
              + (", double-ender" if unit.double_ender else "") + f", side/casemate iron {_num(main_iron_in(unit))} in: "
              f"{why} ({t.type_rules.cite()})")
        row = type_row(qp_type, t.ship_types)
        for s in ("slow", "cruise", "full"):
            v = row.get(s)
            d.set(f"speeds_in.{s}", v, f"{qp_type}: {s} " + (f"{_num(v)} in" if v is not None else "'-' (none)")
                  + f" ({t.ship_types.cite(row)})")
        d.set("turn_deg", row["turn_deg"], f"{qp_type}: up to {row['turn_deg']}° per turn ({t.ship_types.cite(row)})")
        d.set("turns_when_stationary", bool(row["turns_when_stationary"]),
              f"{qp_type}: " + ("may" if row["turns_when_stationary"] else "may not") + f" turn when stopped ({t.ship_types.cite(row)})")
        ram, why = is_ram(unit, t.ram_rule)
        d.set("ram", ram, f"{why}: " + ("classed as Ram, 3D6 when ramming" if ram else "2D6 when ramming") + f" ({t.ram_rule.cite()})")
        rows = t.edna.rows
        armour, words = edna_armour_in(unit, rows)
        edna, score = vessel_edna(unit.tonnage, guns, armour, rows)
        tons_word = "displacement" if unit.displacement_tons is not None else "burthen"
        d.set("edna", edna,
              f"{_num(rows['base'])} + {_num(rows['per_sqrt_hundred_tons'])} × √({_num(unit.tonnage)} t {tons_word} / 100)"
              f" + {_num(rows['per_sqrt_gun'])} × √{guns} guns + {_num(rows['per_armour_inch'])} × {armour:.2f} in ({words})"
              f" = {score:.2f} → {edna}, held within {rows['minimum']}–{rows['maximum']} ({t.edna.cite()})")

    battery = bearing_battery(unit, ctx)
    factors = cannonade(battery, t.cannonade_factors.rows)
    r = t.cannonade_factors.rows
    listing = "; ".join(battery.lines or []) or "no guns"
    d.set("cannonade.heavy", factors["heavy"],
          f"{_num(battery.racking)} racking pieces bearing (one factor per {r['racking_per_factor']}) + "
          f"{_num(battery.heavy_rifle)} heavy rifles (one each) → {factors['heavy'] + factors['medium']} factors; "
          f"{_num(battery.racking_lb)} lb of their shot, one Heavy per {_num(r['heavy_racking_lb'])} lb, plus one per "
          f"{r['heavy_rifles_per_heavy']} heavy rifles → {factors['heavy']} Heavy [{listing}] ({t.gun_classes.cite()}; {t.bearing.cite()}; "
          f"{t.cannonade_factors.cite()})")
    d.set("cannonade.medium", factors["medium"],
          f"the other racking factors fire as Mediums, plus one per {r['light_smoothbores_per_medium']} light smoothbores "
          f"bearing ({_num(battery.light_smoothbore)}): {factors['medium']} Medium ({t.cannonade_factors.cite()})")
    d.set("cannonade.parrot", factors["parrot"],
          f"{_num(battery.punching)} punching rifles bearing → {math.ceil(battery.punching - 1e-9)}; light rifles bearing "
          f"{_num(battery.light_rifle)} → {r['light_rifle_factor'] if battery.light_rifle else 0}: {factors['parrot']} Parrott "
          f"({t.gun_classes.cite()}; {t.cannonade_factors.cite()})")
    d.set("guns", guns, f"{guns} pieces in the battery" + (f" as of {unit.armament_date}" if unit.armament_date else ""))
    return d.typed(QuickPlayStats)
