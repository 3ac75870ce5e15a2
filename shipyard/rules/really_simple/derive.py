"""Really Simple ACW Naval Rules: a ship is a speed, an armour number, a draft and some guns.

Small pure functions over the tables in tables.yaml; `derive(unit, ctx)` builds every value into the
ReallySimpleStats model with a Reason that quotes the inputs and cites the table row and record fields used.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...errors import ShipyardError
from ...library.model import (
    Armour, ArmourArea, ArmourMaterial, Coverage, Fort, Ordnance, PropulsionKind, Vessel, VesselType,
)
from ...render.text import number
from ..derived import Reasons, Cite, Derived, Reason, because
from ..context import Context
from ..tables import Tables
from ..lookups import band, iron_equivalent, is_fort, resolve_scale
from .stats import Gun, Ranges, ReallySimpleStats

KEY = "really-simple"

PRINCIPAL_AREAS = (ArmourArea.SIDE, ArmourArea.CASEMATE, ArmourArea.TURRET, ArmourArea.BOW)
IRONCLAD_TYPES = (VesselType.CASEMATE_IRONCLAD, VesselType.MONITOR, VesselType.BROADSIDE_IRONCLAD)


def _num(x: float) -> str:
    """3.0 -> '3', 3.5 -> '3.5', 6.35 -> '6.35' (decimals in reasons; the printed aids use fractions)."""
    return number(x, fractions=False)


def _knots(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


# ---------------------------------------------------------------------------------------------
# Guns


def gun_weight_lb(gun: Ordnance, measure: dict) -> tuple[float, str]:
    """The weight a gun is sized by, and what that weight is."""
    if measure.get("weight", "pounder") == "pounder" and gun.pounder is not None:
        return gun.pounder, f"{_num(gun.pounder)}-pdr rating"
    return gun.projectile_lb, f"{_num(gun.projectile_lb)} lb projectile"


def gun_size(gun: Ordnance, tables: Tables) -> tuple[dict, Reason]:
    """The gun_sizes row a gun falls in, and a reason quoting weight and bore."""
    sizes = tables.require("gun_sizes")
    measure_t = tables.require("gun_size_measure")
    measure = measure_t.rows if isinstance(measure_t.rows, dict) else {}
    tolerance = float(measure.get("calibre_tolerance_in", 0))
    weight, weight_text = gun_weight_lb(gun, measure)
    if not isinstance(sizes.rows, list) or not sizes.rows:
        raise ShipyardError("table gun_sizes: expected a list of {size, fire_factor, max_weight_lb?, max_calibre_in?}")
    for row in sizes.rows:
        sizes.need(row, "size", "Small, Medium or Large")
        sizes.need(row, "fire_factor", "a whole number")
        max_w = row.get("max_weight_lb")
        max_c = row.get("max_calibre_in")
        if max_w is not None and weight > max_w:
            continue
        if max_c is not None and gun.calibre_in > max_c + tolerance:
            continue
        limits = []
        if max_w is not None:
            limits.append(f"≤ {_num(max_w)} lb")
        if max_c is not None:
            limits.append(f"≤ {_num(max_c)} in")
        why = f"{gun.name}: {weight_text}, {_num(gun.calibre_in)} in bore → {row['size']}"
        why += f" ({' and '.join(limits)})" if limits else " (over the Medium limits)"
        size_measure = ("Ordnance.pounder" if measure.get("weight", "pounder") == "pounder" and gun.pounder is not None
                        else "Ordnance.projectile_lb")
        return row, because(f"{why}, fire factor +{row['fire_factor']} ({sizes.cite(row)})", sizes.cite(row),
                            measure_t.cite("weight"), size_measure, "Ordnance.calibre_in")
    raise ShipyardError(f"table gun_sizes ({sizes.tag()}): no row takes {gun.name} ({weight_text}, {_num(gun.calibre_in)} in); the last row should have no limits")


def modifier(tables: Tables, key: str) -> tuple[int, Cite]:
    t = tables.require("shooting_modifiers")
    for row in t.rows:
        if isinstance(row, dict) and row.get("key") == key:
            return int(row["modifier"]), t.cite(row)
    raise ShipyardError(f"table shooting_modifiers ({t.tag()}): no row with key {key!r}")


def guns(unit: Vessel | Fort, ctx: Context) -> list[tuple[dict, dict]]:
    """One entry per gun model, counts summed over mounts, Large first. Returns (values, reasons)
    with a reason for each field."""
    grouped: dict[str, dict] = {}
    reasons: dict[str, dict] = {}
    mounts: dict[str, list[str]] = {}
    rifle_bonus, rifle_cite = modifier(ctx.tables, "rifled")
    for mount in unit.armament:
        gun = ctx.library.gun(mount)
        where = getattr(mount, "mounting", None)
        mounts.setdefault(gun.id, []).append(f"{mount.count}" + (f" {where.value}" if where is not None else ""))
        if gun.id in grouped:
            grouped[gun.id]["count"] += mount.count
            continue
        row, size_why = gun_size(gun, ctx.tables)
        base = int(row["fire_factor"])
        ff = base + (rifle_bonus if gun.rifled else 0)
        grouped[gun.id] = {"name": gun.name, "count": mount.count, "size": row["size"], "fire_factor": ff, "rifled": gun.rifled}
        sizes = ctx.tables.require("gun_sizes")
        reasons[gun.id] = {
            "size": size_why,
            "fire_factor": (because(f"{row['size']} +{base}, rifled {rifle_bonus:+d} = {ff} ({rifle_cite})", size_why,
                                    rifle_cite, "Ordnance.kind") if gun.rifled
                            else because(f"{row['size']} +{base}, smoothbore/howitzer: no rifling bonus = {ff} "
                                         f"({sizes.cite(row)})", size_why, "Ordnance.kind")),
            "rifled": because(f"catalogue kind of {gun.id}: {gun.kind.value}", "Ordnance.kind"),
        }
    order = {r.get("size"): i for i, r in enumerate(ctx.tables.require("gun_sizes").rows) if isinstance(r, dict)}
    ids = sorted(grouped, key=lambda g: (-order.get(grouped[g]["size"], 0), -grouped[g]["fire_factor"], grouped[g]["name"]))
    out = []
    for g in ids:
        r = reasons[g]
        r["name"] = because(f"ordnance {g} from the catalogue", "Mount.gun", "Ordnance.name")
        r["count"] = because(f"{' + '.join(mounts[g])} = {grouped[g]['count']} (one box each to strike off when a hit "
                             "takes a gun)", "Mount.count")
        out.append((grouped[g], r))
    return out


# ---------------------------------------------------------------------------------------------
# Armour


def principal_plate(armour: list[Armour], tables: Tables) -> tuple[Armour, float, Reason] | None:
    """The plate a gunner meets on the ship's fighting part: the thickest (in iron-equivalent, from the
    armour_materials table) of side, casemate, turret and bow, preferring plates that cover the whole area.
    (plate, iron-equivalent inches, the arithmetic) or None."""
    materials = tables.require("armour_materials")
    plates = [(a, *iron_equivalent(a, materials)) for a in armour if a.area in PRINCIPAL_AREAS]
    plates = [(a, value, because(words, materials.cite(getattr(a.material, "value", a.material)),
                                 *([materials.cite("backing")] if a.backing_in else ()), "Vessel.armour"))
              for a, value, words in plates]
    plates = [p for p in plates if p[1] > 0]
    full = [p for p in plates if p[0].coverage is Coverage.FULL]
    pool = full or plates
    return max(pool, key=lambda p: p[1]) if pool else None


def iron_armour(iron_in: float, tables: Tables) -> tuple[int | None, Reason]:
    t = tables.require("armour_iron")
    best = band(t.rows, iron_in, lower="from_in", table=t, or_none=True)
    if best is None:
        return None, because(f"{_num(round(iron_in, 2))} in iron-equivalent is under every row of armour_iron "
                             f"({t.tag()})", t.cite("[0]"))
    return int(t.need(best, "armour", "a number")), because(
        f"{_num(round(iron_in, 2))} in ≥ {_num(best['from_in'])} in → {best['armour']} ({t.cite(best)})", t.cite(best))


def construction_floor(vessel: Vessel, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("armour_construction")
    materials = {a.material for a in vessel.armour}
    qualifies = {
        "light wooden hull": True,
        "wooden warship": True,
        "cottonclad": vessel.type is VesselType.COTTONCLAD or ArmourMaterial.COTTON in materials,
        "tinclad": vessel.type is VesselType.TINCLAD or ArmourMaterial.TIN in materials,
    }
    best, best_row = None, None
    for row in t.rows:
        name = t.need(row, "construction", "light wooden hull, wooden warship, cottonclad or tinclad")
        if name not in qualifies:
            raise ShipyardError(f"table armour_construction ({t.tag()}): unknown construction {name!r}; expected one of {', '.join(qualifies)}")
        if not qualifies[name] or vessel.tonnage < float(row.get("min_tons", 0)):
            continue
        value = int(t.need(row, "armour", "a number"))
        if best is None or value > best:
            best, best_row = value, row
    if best is None:
        raise ShipyardError(f"table armour_construction ({t.tag()}): no row applies to {vessel.name}")
    extra = f", {_num(vessel.tonnage)} tons {vessel.tonnage_basis}" if "min_tons" in best_row else ""
    return best, because(f"{best_row['construction']}{extra} → {best} ({t.cite(best_row)})", t.cite(best_row),
                         "Vessel.type", "Vessel.armour", *(["Vessel.tonnage"] if extra else []))


def vessel_armour(vessel: Vessel, tables: Tables) -> tuple[int, float, Reason]:
    """(armour number, iron-equivalent inches of the principal plate, reason)."""
    floor, floor_why = construction_floor(vessel, tables)
    principal = principal_plate(vessel.armour, tables)
    if principal is None:
        return floor, 0.0, because(f"no iron on side, casemate, turret or bow; floor: {floor_why}", floor_why, "Vessel.armour")
    plate, iron, arithmetic = principal
    what = f"{plate.area.value}: {arithmetic}"
    value, why = iron_armour(iron, tables)
    parts = [what, why]
    sources: list = [arithmetic, why]
    if value is None:
        value = floor
    if plate.coverage is Coverage.PARTIAL:
        adj_t = tables.require("armour_adjustments")
        adj = int(adj_t.rows.get("partial", 0)) if isinstance(adj_t.rows, dict) else 0
        value += adj
        parts.append(f"partial coverage {adj:+d} → {value} ({adj_t.cite()})")
        sources.append(adj_t.cite("partial"))
    if value < floor:
        parts.append(f"raised to the construction floor: {floor_why}")
        sources.append(floor_why)
        value = floor
    return value, iron, because("; ".join(map(str, parts)), *sources)


def fort_armour(fort: Fort, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("fort_walls")
    rows = t.rows if isinstance(t.rows, dict) else {}
    materials = rows.get("materials") or {}
    material = fort.walls.material.value
    if material not in materials:
        raise ShipyardError(f"table fort_walls ({t.tag()}): no armour for {material!r} walls; expected materials for {', '.join(sorted(materials)) or 'each wall material'}")
    value = int(materials[material])
    why = f"{material} walls → {value}"
    sources = [t.cite(f"materials.{material}"), "Fort.walls"]
    thin = rows.get("thin_below_ft")
    if thin is not None and fort.walls.thickness_ft is not None and fort.walls.thickness_ft < float(thin):
        value += int(rows.get("thin_walls", 0))
        why += f"; {_num(fort.walls.thickness_ft)} ft thick, under {_num(thin)} ft → {value}"
        sources += [t.cite("thin_below_ft"), t.cite("thin_walls")]
    elif fort.walls.thickness_ft is not None:
        why += f" ({_num(fort.walls.thickness_ft)} ft thick)"
    return value, because(f"{why} ({t.cite()})", *sources)


# ---------------------------------------------------------------------------------------------
# Speed, draft, bow


def movement(tables: Tables) -> dict:
    t = tables.require("movement")
    if not isinstance(t.rows, dict):
        raise ShipyardError("table movement: expected a mapping of inches_per_knot, speed_change_kn, speed_step_kn, astern_fraction, turn_deg")
    return t.rows


def round_down(x: float, step: float) -> float:
    return math.floor(x / step + 1e-9) * step


def round_near(x: float, step: float) -> float:
    return math.floor(x / step + 0.5 + 1e-9) * step


def is_double_ended_sidewheeler(vessel: Vessel) -> bool:
    return vessel.double_ender and vessel.propulsion.kind is PropulsionKind.SIDEWHEEL


def speeds(vessel: Vessel, tables: Tables) -> tuple[float, Reason, float, Reason]:
    m = movement(tables)
    mv = tables.require("movement")
    cite = mv.cite()
    step = float(m.get("speed_step_kn", 0.5))
    ahead = round_near(vessel.speed_kn, step)
    ahead_why = f"{_num(vessel.speed_kn)} kn ({vessel.speed_basis.value})"
    if ahead != vessel.speed_kn:
        ahead_why += f" → nearest {_num(step)} kn step {_num(ahead)}"
    ahead_why += f"; moves {_num(ahead * float(m.get('inches_per_knot', 1)))} in a turn at 1/1200 ({cite})"
    if is_double_ended_sidewheeler(vessel):
        astern = ahead
        astern_why = f"double-ended sidewheeler: as fast astern as ahead, {_num(astern)} kn ({cite})"
    else:
        frac = float(m.get("astern_fraction", 0.5))
        astern = round_down(ahead * frac, step)
        kind = "double-ender but not a sidewheeler" if vessel.double_ender else "not a double-ender"
        astern_why = f"{kind}: {_num(frac)} × {_num(ahead)} kn"
        if astern != ahead * frac:
            astern_why += f" = {_num(ahead * frac)} → down to {_num(step)} kn step"
        astern_why += f" = {_num(astern)} kn ({cite})"
    ahead_sources = ("Vessel.speed_kn", mv.cite("speed_step_kn"), mv.cite("inches_per_knot"))
    astern_sources = ((*ahead_sources, "Vessel.double_ender", "Vessel.propulsion") if is_double_ended_sidewheeler(vessel)
                      else (*ahead_sources, "Vessel.double_ender", mv.cite("astern_fraction")))
    return _knots(ahead), because(ahead_why, *ahead_sources), _knots(astern), because(astern_why, *astern_sources)


def draft(vessel: Vessel, tables: Tables) -> tuple[int, Reason]:
    g = tables.require("grounding")
    rows = g.rows if isinstance(g.rows, dict) else {}
    feet = math.floor(vessel.draught_ft + 1e-9)
    why = f"draught {_num(vessel.draught_ft)} ft"
    if feet != vessel.draught_ft:
        why += f" → {feet} (a whole-number dice total beats {_num(vessel.draught_ft)} exactly when it beats {feet})"
    why += f"; grounding: {rows.get('shallow_shoal_dice', 3)}d6 (shallow) or {rows.get('deep_shoal_dice', 4)}d6 (deep shoal) must score more ({g.cite()})"
    return feet, because(why, "Vessel.draught_ft", g.cite("shallow_shoal_dice"), g.cite("deep_shoal_dice"))


# ---------------------------------------------------------------------------------------------
# Ranges and hit chances


def scale_factor(ctx: Context) -> tuple[float, Reason]:
    """(distance factor, reason) for the table's scale, from the scales table."""
    t = ctx.tables.require("scales")
    factor, scale = resolve_scale(ctx, t.rows, "1/1200", t, "the really-simple rules")
    return factor, because(f"{scale} × {_num(factor)} ({t.cite()})", t.cite(scale))


def ranges(ctx: Context) -> tuple[dict, dict[str, Reason]]:
    """Each range band in inches at the table's scale, and a reason for each (all the bands, citing its own)."""
    t = ctx.tables.require("ranges")
    factor, why = scale_factor(ctx)
    out = {k: _knots(float(v) * factor) for k, v in t.rows.items()}
    words = f"{', '.join(f'{k} {_num(v)} in' for k, v in t.rows.items())} ({t.cite()}); {why}"
    return out, {k: because(words, t.cite(k), why) for k in t.rows}


def hit_chance(fire_factor: int, armour: int, modifiers: int = 0) -> Fraction:
    """The chance that 1d6 + fire factor + modifiers scores more than the armour number."""
    need = armour - fire_factor - modifiers + 1  # lowest die that hits
    faces = sum(1 for d in range(1, 7) if d >= need)
    return Fraction(faces, 6)


# ---------------------------------------------------------------------------------------------
# The calculator


def fort_magazine(tables: Tables) -> tuple[bool, Reason]:
    """Whether a magazine hit (2d6: 2) destroys a fort (fort_magazine, a house-rule option: the text's magazine
    blows up a ship; it has no forts), and why."""
    from .words import option

    t = tables.require("fort_magazine")
    blows = option(tables, "fort_magazine") == "destroyed"
    return blows, because(("a magazine hit destroys a fort" if blows else "a magazine hit does nothing to a fort: no "
                           "ship's shot blew up a fort's magazine in the war") + f" ({t.cite()})", "Fort.kind", t.cite("on_fort"))


def derive(unit: Vessel | Fort, ctx: Context) -> Derived:
    """The unit's ReallySimpleStats, built field by field, with a Reason for each value (by its path)."""
    tables = ctx.tables
    why = Reasons()  # a Reason beside each value, by its path
    given = why.given

    if is_fort(unit):
        fort = "Fort.kind"
        armour, armour_why = fort_armour(unit, tables)
        fields = dict(
            unit=given("unit", "fort", because(f"{unit.name} is a fort: it has walls and guns but no speed, draft or bow", fort)),
            armour=given("armour", armour, armour_why),
            speed_kn=given("speed_kn", 0, because("a fort does not move", fort)),
            astern_kn=given("astern_kn", 0, because("a fort does not move", fort)),
            draft_ft=given("draft_ft", None, because("a fort cannot run aground", fort)),
            reinforced_bow=given("reinforced_bow", False, because("a fort cannot ram", fort)),
            double_ender=given("double_ender", False, because("a fort does not move", fort)),
            magazine=given("magazine", *fort_magazine(tables)),
        )
    elif isinstance(unit, Vessel):
        kind = given("unit", "vessel", because(f"{unit.name}: {unit.type.value}, {unit.propulsion.kind.value}", "Vessel.kind",
                                               "Vessel.type", "Vessel.propulsion"))
        armour, iron, armour_why = vessel_armour(unit, tables)
        plate = principal_plate(unit.armour, tables)
        fields = dict(unit=kind, armour=given("armour", armour, armour_why), armour_iron_in=given(
            "armour_iron_in", round(iron, 2), because(f"iron-equivalent of the principal plate, per inch of each material "
                                                      f"as in {tables.require('armour_materials').cite()}",
                                                      plate[2] if plate else "Vessel.armour")))
        ahead, ahead_why, astern, astern_why = speeds(unit, tables)
        feet, feet_why = draft(unit, tables)
        bow = unit.ram_bow or unit.type is VesselType.RAM
        bow_why = "ram bow in the specification" if unit.ram_bow else ("built as a ram" if bow else "no ram bow: −1 when ramming")
        ramming = tables.require("ramming")
        fields.update(
            speed_kn=given("speed_kn", ahead, ahead_why),
            astern_kn=given("astern_kn", astern, astern_why),
            draft_ft=given("draft_ft", feet, feet_why),
            reinforced_bow=given("reinforced_bow", bow, because(f"{bow_why} ({ramming.cite()})", "Vessel.ram_bow",
                                                                "Vessel.type", ramming.cite("modifiers"))),
            double_ender=given("double_ender", unit.double_ender, because(
                "double-ender in the specification" if unit.double_ender else "single-ended", "Vessel.double_ender")),
            magazine=given("magazine", True, because("a magazine hit blows a ship up and sinks her at once "
                                                     f"({tables.require('special_effects').cite()})", "Vessel.kind")),
        )
    else:
        raise ShipyardError(f"really-simple can derive vessels and forts, not {type(unit).__name__}")
    battery = [Gun(**{key: given(f"guns[{i}].{key}", gun[key], reasons[key]) for key in Gun.model_fields})
               for i, (gun, reasons) in enumerate(guns(unit, ctx))]
    if not unit.armament:
        given("guns", [], because("no guns in the specification", f"{type(unit).__name__}.armament"))
    rng, rng_why = ranges(ctx)
    bands = Ranges(**{name: given(f"ranges_in.{name}", inches, rng_why[name]) for name, inches in rng.items()})
    return Derived.of(unit, KEY, ReallySimpleStats(**fields, guns=battery, ranges_in=bands), why)
