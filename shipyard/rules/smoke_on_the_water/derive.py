"""Smoke on the Water: from a vessel's history to her record-sheet statistics.

Small pure functions over the tables in tables.yaml. Each returns its result and a reason that
quotes the inputs and cites the table row (`table.cite(row)`), so `shipyard explain` can show how
every value was reached. `derive(unit, ctx)` assembles them into a `Derived`.

The play helpers at the end (range band at a distance, deflection number, grounding chance) are the
rules' own lookups; the tests use them to reproduce the worked examples, and the quick reference
prints the same tables.
"""

from __future__ import annotations

import math
from typing import Any

from ...spec.errors import ShipyardError
from ...spec.model import (
    Armour, ArmourArea, ArmourMaterial, Coverage, Fort, Mount, Mounting, Ordnance, Position,
    PropulsionKind, Vessel, VesselType,
)
from ..base import Context, Derived, Tables, band, is_fort, iron_equivalent, resolve_scale
from .stats import FortStats, VesselStats

KEY = "smoke-on-the-water"
RANGE_BANDS = ("PB", "S", "M", "L", "E")
BAND_NAMES = {"PB": "Point Blank", "S": "Short", "M": "Medium", "L": "Long", "E": "Extreme"}
LOCATIONS = ("hull", "casemate", "turret", "deck", "pilot_house", "rudder", "wheel", "machinery")
GUNPORTS = (Mounting.BROADSIDE, Mounting.CASEMATE)


# ---------------------------------------------------------------------------------------------
# Small helpers


def num(x: Any) -> str:
    """3.0 -> '3', 22.5 -> '22.5': the project's number formatter in decimals, for reasons quoting the tables."""
    from ...render.text import number  # on first use: `shipyard --help` does not load the fonts

    return number(x, fractions=False)


def clean(x: float) -> float | int:
    x = round(float(x), 2)
    return int(x) if x.is_integer() else x


def ground_scale(ctx: Context) -> tuple[float, str]:
    """(how much every table distance is multiplied by, the scale's name) at the table's scale."""
    t = ctx.tables.require("ground_scale")
    factors = t.need(t.rows, "distance_factor", "{scale: factor}")
    return resolve_scale(ctx, factors, "1/600", t, "Smoke on the Water")


def distance_factor(ctx: Context) -> float:
    return ground_scale(ctx)[0]


# ---------------------------------------------------------------------------------------------
# Speed


def speed_rows(tables: Tables) -> list[dict]:
    t = tables.require("speed_levels")
    if not isinstance(t.rows, list) or len(t.rows) < 2:
        raise ShipyardError("table speed_levels: expected a list of levels from Immobile upwards")
    return t.rows


def level_names(tables: Tables) -> list[str]:
    return [r["level"] for r in speed_rows(tables)]


def speed_level(knots: float, tables: Tables) -> tuple[dict, str]:
    """The highest level whose above_kn the speed exceeds (Immobile when none)."""
    t = tables.require("speed_levels")
    rows = speed_rows(tables)
    chosen = rows[0]
    for row in rows[1:]:
        above = t.need(row, "above_kn", "knots")
        if above is not None and knots > above:
            chosen = row
    i = rows.index(chosen)
    if i == 0:
        why = f"{num(knots)} kn makes no way → {chosen['level']}"
    elif i + 1 < len(rows):
        why = f"{num(knots)} kn > {num(chosen['above_kn'])} kn and ≤ {num(rows[i + 1]['above_kn'])} kn → {chosen['level']} ({num(chosen['knots'])} kn, {num(chosen['move_cm'])} cm a turn)"
    else:
        why = f"{num(knots)} kn > {num(chosen['above_kn'])} kn → {chosen['level']} ({num(chosen['move_cm'])} cm a turn)"
    return chosen, f"{why} ({t.cite(chosen)})"


def astern_level(ahead: str, double_ender: bool, tables: Tables) -> tuple[str, str]:
    t = tables.require("astern")
    names = level_names(tables)
    if ahead == names[0]:
        return ahead, f"Immobile ahead, so Immobile astern ({t.cite()})"
    if double_ender and t.rows.get("double_ender_full", True):
        return ahead, f"double-ender: full speed both ways, {ahead} ({t.cite()})"
    less = int(t.need(t.rows, "levels_less", "a number of levels"))
    floor = t.need(t.rows, "floor", "a level name")
    i = max(names.index(ahead) - less, names.index(floor) if floor in names else 1)
    return names[i], f"{ahead} ahead, {less} level less astern but never below {floor} → {names[i]} ({t.cite()})"


# ---------------------------------------------------------------------------------------------
# Hull


def manoeuvrability(v: Vessel, tables: Tables) -> tuple[str, str]:
    t = tables.require("manoeuvrability")
    rows = t.rows
    ladder = t.need(rows, "ladder", "levels, worst first")
    length_row = band(t.need(rows, "by_length", "length bands"), v.length_ft, upper="max_length_ft", table=t)
    level = t.need(length_row, "level", "a ladder level")
    if level not in ladder:
        raise ShipyardError(f"table manoeuvrability ({t.tag()}): {level!r} is not on the ladder {ladder}")
    mods = t.need(rows, "modifiers", "modifier levels")
    steps, notes = 0, []
    ratio = v.length_ft / v.beam_ft
    checks = [
        ("sidewheel", v.propulsion.kind is PropulsionKind.SIDEWHEEL, "side wheels"),
        ("twin_screw", v.propulsion.kind is PropulsionKind.SCREW and (v.propulsion.shafts or 1) >= 2, f"{v.propulsion.shafts} screws"),
        ("sail_only", v.propulsion.kind is PropulsionKind.SAIL, "sail only"),
        ("long_hull", ratio > float(rows.get("long_hull_ratio", 99)), f"length/beam {ratio:.1f}"),
    ]
    for key, applies, label in checks:
        if applies and mods.get(key):
            steps += int(mods[key])
            notes.append(f"{label} {int(mods[key]):+d}")
    i = min(max(ladder.index(level) + steps, 0), len(ladder) - 1)
    limit = length_row["max_length_ft"]
    where = f"≤ {num(limit)} ft" if limit is not None else "longest band"
    why = f"{num(v.length_ft)} ft ({where}) → {level}"
    if notes:
        why += "; " + ", ".join(notes) + f" → {ladder[i]}"
    return ladder[i], f"{why} ({t.cite()})"


def vessel_size(tons: float, tables: Tables) -> tuple[str, str]:
    t = tables.require("vessel_sizes")
    row = band(t.rows, tons, upper="max_tons", table=t)
    limit = row["max_tons"]
    where = f"≤ {num(limit)} tons" if limit is not None else "the largest band"
    return row["size"], f"{num(tons)} tons ({where}) → {row['size']} ({t.cite(row)})"


def draught_class(feet: float, tables: Tables) -> tuple[str, str]:
    t = tables.require("draught_classes")
    row = band(t.rows, feet, upper="max_ft", table=t)
    limit = row["max_ft"]
    where = f"≤ {num(limit)} ft" if limit is not None else f"over {num(t.rows[-2]['max_ft'])} ft"
    return row["draught"], f"draws {num(feet)} ft ({where}) → {row['draught']} ({t.cite(row)})"


def target_size(v: Vessel, tables: Tables) -> tuple[dict, str]:
    t = tables.require("target_size")
    rows = t.rows
    letters = t.need(rows, "letters", "letters, smallest first")
    length_row = band(t.need(rows, "broadside_by_length", "length bands"), v.length_ft, upper="max_length_ft", table=t)
    base = letters.index(length_row["letter"])
    shift = int(t.need(rows, "type_shift", "letters by vessel type").get(v.type.value, 0))
    side = min(max(base + shift, 0), len(letters) - 1)
    ratio = v.length_ft / v.beam_ft
    bow_rows = sorted(t.need(rows, "bow_shift", "ratio bands"), key=lambda r: -r["min_ratio"])
    bow_shift = next((int(r["letters"]) for r in bow_rows if ratio >= r["min_ratio"]), 1)
    bow = max(side - bow_shift, 0)
    why = f"{num(v.length_ft)} ft long → {length_row['letter']}"
    if shift:
        why += f", {v.type.value} {shift:+d} → {letters[side]}"
    why += f" broadside; length/beam {ratio:.1f} → bow {bow_shift} letter(s) smaller → {letters[bow]} ({t.cite()})"
    return {"bow": letters[bow], "broadside": letters[side]}, why


def configuration(v: Vessel) -> tuple[str, str]:
    n = len(v.turrets)
    if n:
        name = {1: "single turret monitor", 2: "double turret monitor"}.get(n, "triple turret monitor")
        return name, f"{n} turret(s) → {name} hit-location table (Table 14, source)"
    kind = v.propulsion.kind
    if kind is PropulsionKind.SIDEWHEEL:
        return "sidewheel", "paddle wheels at the sides → sidewheel hit-location table (Table 14, source)"
    if kind in (PropulsionKind.STERNWHEEL, PropulsionKind.CENTREWHEEL):
        return "sternwheel", f"a single {kind.value} → sternwheel hit-location table (Table 14, source)"
    return "conventional/casemate", f"{kind.value}-driven, no turret → conventional/casemate hit-location table (Table 14, source)"


def has_casemate(v: Vessel) -> bool:
    """Whether the vessel has a casemate for Table 14's Casemate hits (else they count as Hull hits)."""
    return (v.type is VesselType.CASEMATE_IRONCLAD or bool(v.armour_at(ArmourArea.CASEMATE))
            or any(m.mounting is Mounting.CASEMATE for m in v.armament))


def hit_location_column(configuration: str, tables: Tables) -> dict[str, list[str]]:
    """Table 14 for one configuration: {column: [location on a roll of 1, 2, ...]} (the critical roll excluded)."""
    t = tables.require("hit_locations")
    columns = t.need(t.rows, "columns", "column names (Bow, Broadside, Stern, Plunging)")
    configs = t.need(t.rows, "configurations", "locations by configuration and roll")
    if configuration not in configs:
        raise ShipyardError(f"table hit_locations ({t.tag()}): no column for a {configuration!r} vessel; "
                            f"expected one of {', '.join(configs)}")
    by_roll = configs[configuration]
    rolls = sorted(int(r) for r in by_roll)
    out: dict[str, list[str]] = {c: [] for c in columns}
    for r in rolls:
        entry = by_roll[r] if r in by_roll else by_roll[str(r)]
        if not isinstance(entry, list) or len(entry) != len(columns):
            raise ShipyardError(f"table hit_locations ({t.tag()}): {configuration} roll {r} needs one location per column {columns}")
        for c, loc in zip(columns, entry):
            out[c].append(str(loc))
    return out


def hit_location_at(configuration: str, column: str, roll: int, tables: Tables) -> str:
    """Table 14: the location a d10 roll hits, or 'critical' (see Table 15)."""
    t = tables.require("hit_locations")
    if roll == int(t.rows.get("critical", 10)):
        return "critical"
    return hit_location_column(configuration, tables)[column][roll - 1]


def hit_location_runs(locations: list[str]) -> str:
    """['Hull', 'Gun', 'Casemate', 'Casemate', 'Stack'] -> '1 Hull, 2 Gun, 3–4 Casemate, 5 Stack'."""
    parts: list[str] = []
    start = 0
    for i in range(1, len(locations) + 1):
        if i == len(locations) or locations[i] != locations[start]:
            span = f"{start + 1}" if i - 1 == start else f"{start + 1}–{i}"
            parts.append(f"{span} {locations[start]}")
            start = i
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------
# Armour


def armour_class_for(inches: float, material: ArmourMaterial, tables: Tables) -> tuple[str, str]:
    """The class of one layer of protection, from its iron-equivalent thickness."""
    t = tables.require("armour_classes")
    if material is ArmourMaterial.COTTON:
        return "C", f"cotton bales → C ({tables.require('armour_names').cite()})"
    row = band(t.rows, inches, upper="max_in", table=t)
    cls = row["class"]
    if material is ArmourMaterial.TIN and cls not in ("U", "T"):
        return "T", f"tin plate {num(inches)} in → T (tin is never better than Tinclad; {t.cite()})"
    limit = row["max_in"]
    where = f"≤ {num(limit)} in" if limit is not None else "the thickest band"
    return cls, f"{num(round(inches, 2))} in iron-equivalent ({where}) → {cls} ({t.cite(row)})"


def _armour_entry(a: Armour, tables: Tables) -> tuple[str, str]:
    eq, how = iron_equivalent(a, tables.require("materials"))
    cls, why = armour_class_for(eq, a.material, tables)
    return cls, f"{how}: {why}"


ORDER = ["U", "C", "T", "L", "M", "H", "S"]


def location_armour(entries: list[Armour], tables: Tables) -> tuple[str, bool, str] | None:
    """(class, partial, reason) for the armour recorded at one location, weakest full entry first."""
    if not entries:
        return None
    rated = [(_armour_entry(a, tables), a) for a in entries]
    full = [r for r in rated if r[1].coverage is Coverage.FULL]
    pool = full or rated
    (cls, why), a = min(pool, key=lambda r: ORDER.index(r[0][0]) if r[0][0] in ORDER else 0)
    partial = not full
    if len(rated) > 1:
        why = f"weakest of {len(rated)} entries: {why}"
    if partial:
        why += "; partial coverage (only the armoured part of the location is protected)"
    return cls, partial, why


def armour(v: Vessel, tables: Tables) -> tuple[dict, dict, list[str]]:
    """Armour class per location, reasons per location, and the partially armoured locations."""
    out: dict[str, str | None] = {}
    reasons: dict[str, str] = {}
    partial: list[str] = []
    names = tables.require("armour_names")

    def put(loc: str, found, fallback: tuple[str | None, str]) -> None:
        if found:
            cls, is_partial, why = found
            out[loc], reasons[loc] = cls, why
            if is_partial:
                partial.append(loc)
        else:
            out[loc], reasons[loc] = fallback

    hull = location_armour(v.armour_at(ArmourArea.SIDE), tables)
    if hull is None:
        ends = location_armour(v.armour_at(ArmourArea.ENDS, ArmourArea.BOW, ArmourArea.STERN), tables)
        if ends:
            hull = (ends[0], True, f"no side armour recorded; the plated ends: {ends[2]}")
    put("hull", hull, ("U", f"no hull armour recorded → U ({names.cite()})"))
    casemate = location_armour(v.armour_at(ArmourArea.CASEMATE), tables)
    put("casemate", casemate, (out["hull"], f"no casemate: casemate hits count as hull hits → {out['hull']} (Table 14, source)"))
    if v.turrets:
        turret = location_armour(v.armour_at(ArmourArea.TURRET), tables)
        put("turret", turret, ("U", f"turret armour not recorded → U ({names.cite()})"))
    else:
        out["turret"], reasons["turret"] = None, "no turret"
    put("deck", location_armour(v.armour_at(ArmourArea.DECK), tables), ("U", f"no deck armour recorded → U ({names.cite()})"))
    put("pilot_house", location_armour(v.armour_at(ArmourArea.PILOT_HOUSE), tables),
        ("U", f"no pilot-house armour recorded → U ({names.cite()})"))
    steering = location_armour(v.armour_at(ArmourArea.STEERING), tables)
    stern = location_armour(v.armour_at(ArmourArea.STERN), tables)
    if steering:
        put("rudder", steering, ("U", ""))
        reasons["rudder"] = "the rudder's steering gear as recorded: " + reasons["rudder"]
    elif stern:
        put("rudder", stern, ("U", ""))
        reasons["rudder"] = "the rudder sits under the stern armour: " + reasons["rudder"]
    elif v.type is VesselType.MONITOR and v.armour_at(ArmourArea.SIDE):
        out["rudder"] = out["hull"]
        reasons["rudder"] = f"a monitor's armoured overhang shelters her rudder → hull armour {out['hull']} (reconstructed)"
    else:
        out["rudder"], reasons["rudder"] = "U", "rudder unprotected (no stern armour recorded) → U (reconstructed)"
    if v.paddle_wheels:
        wheel = location_armour(v.armour_at(ArmourArea.WHEEL_HOUSES), tables)
        if wheel is None and v.propulsion.kind is PropulsionKind.CENTREWHEEL and casemate:
            out["wheel"] = out["casemate"]
            reasons["wheel"] = f"the centre wheel turns inside the casemate → {out['casemate']} (reconstructed)"
        else:
            put("wheel", wheel, ("U", f"wheel houses unarmoured → U ({names.cite()})"))
    else:
        out["wheel"], reasons["wheel"] = None, "no paddle wheel"
    machinery = location_armour(v.armour_at(ArmourArea.MACHINERY), tables)
    put("machinery", machinery, (out["hull"], f"machinery lies behind the hull: hull armour {out['hull']} (Table 15, source)"))
    return out, reasons, partial


# ---------------------------------------------------------------------------------------------
# Guns


def gun_code(gun: Ordnance, tables: Tables) -> tuple[str, str, str]:
    """(code, size, reason): type letter by kind, size by the weight of the heaviest projectile."""
    types = tables.require("gun_types")
    sizes = tables.require("gun_sizes")
    kind = types.need(types.rows, gun.kind.value, "a letter for this kind of gun")
    letter = types.need(kind, "letter", "a type letter")
    weight = gun.projectile_lb
    row = band(sizes.rows, weight, upper="max_lb", table=sizes)
    size = row["size"]
    limit = row["max_lb"]
    where = f"≤ {num(limit)} lb" if limit is not None else "the heaviest band"
    why = f"{gun.name}: {num(weight)} lb projectile ({where}) → {size} ({sizes.cite(row)}); {gun.kind.value} → {letter} ({types.cite()})"
    allowed = kind.get("sizes")
    if allowed and size not in allowed:
        order = [r["size"] for r in sizes.rows]
        size = min(allowed, key=lambda s: abs(order.index(s) - order.index(row["size"])) if s in order else 99)
        why += f"; a {kind.get('name', gun.kind.value).lower()} comes only {'/'.join(allowed)} → {size}"
    return size + letter, size, why


def _bands(edges: list, start: float, keys: tuple[str, ...], factor: float) -> dict:
    out = {}
    lo = start
    for key, hi in zip(keys, edges):
        out[key] = [clean(lo * factor), clean(hi * factor)]
        lo = hi
    return out


def _row_bands(row: Any) -> tuple[Any, Any]:
    return (row.get("bands"), row) if isinstance(row, dict) else (row, row)


def range_bands(code: str, kind: str, gunport: bool, factor: float, tables: Tables) -> tuple[dict, dict, str]:
    """ranges_cm {PB,S,M,L,E: [from, to] or None}, extras (direct_cm / min_cm) and the reason."""
    empty = {b: None for b in RANGE_BANDS}
    scale_note = "" if factor == 1 else f"; distances × {num(factor)} for the model scale"
    if kind in ("howitzer", "mortar"):
        t = tables.require("indirect_ranges")
        row = t.need(t.rows, code, f"bands for {code}")
        edges = t.need(row, "bands", "far edges in cm")
        if kind == "howitzer":
            start = float(t.need(row, "direct_cm", "cm"))
            bands = {**empty, **_bands(edges, start, ("S", "M"), factor)}
            extra = {"direct_cm": [0, clean(start * factor)]}
            why = f"{code}: direct fire to {num(start)} cm, then indirect S/M to {', '.join(num(e) for e in edges)} cm ({t.cite(row)}){scale_note}"
        else:
            start = float(t.need(row, "min_cm", "cm"))
            bands = {**empty, **_bands(edges, start, ("S", "M", "L", "E"), factor)}
            extra = {"min_cm": clean(start * factor)}
            why = f"{code}: no fire inside {num(start)} cm, then indirect bands to {', '.join(num(e) for e in edges)} cm ({t.cite(row)}){scale_note}"
        return bands, extra, why
    t = tables.require("direct_ranges")
    row = t.need(t.rows, code, f"bands for {code}")
    edges, tagged = _row_bands(row)
    if not isinstance(edges, list) or len(edges) != 5:
        raise ShipyardError(f"table direct_ranges ({t.tag()}): {code} needs five far edges (PB, S, M, L, E) in cm; got {edges!r}")
    bands = _bands(edges, 0, RANGE_BANDS, factor)
    why = f"{code}: far edges PB/S/M/L/E {'/'.join(num(e) for e in edges)} cm ({t.cite(tagged)}){scale_note}"
    if gunport:
        bands["E"] = None
        why += "; a gunport gun cannot fire at Extreme (source)"
    return bands, {}, why


def _arc_name(arcs: list) -> str:
    total = sum(b - a for a, b in arcs)
    if total >= 360:
        return "all round"
    return " + ".join(f"{num(a % 360)}–{num(b % 360 if b % 360 else 360)}°" for a, b in arcs)


def gun_arcs(v: Vessel | None, mount: Mount | None, side: str | None, tables: Tables) -> tuple[list, str, str]:
    """Arcs as [[from, to), ...] degrees clockwise from ahead, a short name and the reason."""
    t = tables.require("fire_arcs")
    rows = t.rows
    if v is None or mount is None:
        return [[0, 360]], "as sited", f"a fort's guns bear as the fort is sited ({t.cite()})"
    pos = (mount.position or Position.MIDSHIPS).value
    m = mount.mounting
    if m in GUNPORTS:
        ends = t.need(rows, "gunport_end", "bow/stern arcs")
        if pos in ends:
            a, b = ends[pos]
            return [[a, b]], f"{pos} port(s) {num(a % 360)}–{num(b % 360)}°", f"{m.value} gunport at the {pos}: {num(a % 360)}–{num(b % 360)}° ({t.cite()})"
        centre = float(t.need(rows, "gunport_side_centre", "bearing by position")[pos])
        half = float(t.need(rows, "gunport_half_width", "degrees"))
        if side == "port":
            arc = [clean(360 - centre - half), clean(360 - centre + half)]
        else:
            arc = [clean(centre - half), clean(centre + half)]
        return [arc], f"{side} {num(arc[0])}–{num(arc[1])}°", f"{m.value} gunport, {pos}, {side} side: {num(centre if side != 'port' else 360 - centre)}° ± {num(half)}° ({t.cite()})"
    if m is Mounting.TURRET:
        if len(v.turrets) <= 1:
            arcs = t.need(rows, "turret_single", "arcs")
            return [list(a) for a in arcs], "all round", f"a single turret turns all round ({t.cite()})"
        turret = next((tt for tt in v.turrets if tt.id == mount.turret), None)
        order = [tt.id for tt in v.turrets]
        i = order.index(mount.turret) if mount.turret in order else 0
        which = "fore" if i == 0 else ("aft" if i == len(order) - 1 else "middle")
        arcs = t.need(rows, "turret_masked", "fore/aft/middle arcs")[which]
        return [list(a) for a in arcs], f"{which} turret " + _arc_name(arcs), f"{which} turret {turret.id if turret else mount.turret!r} masked by the other turret(s) ({t.cite()})"
    restricted = v.type.value in t.need(rows, "restricted_pivot_types", "vessel types")
    key = "restricted_pivot" if (m is Mounting.PIVOT and restricted) else "open_pivot"
    arcs = [list(a) for a in t.need(rows, key, "arcs by position")[pos]]
    label = ("restricted " if key == "restricted_pivot" else "") + f"{m.value} at {pos}"
    why = f"{label}: " + _arc_name(arcs) + (f" (a pivot inside a {v.type.value} fires only through its end ports)" if key == "restricted_pivot" else "") + f" ({t.cite()})"
    return arcs, f"{label} " + _arc_name(arcs), why


def bears(arcs: list, bearing: float) -> bool:
    for a, b in arcs:
        for x in (bearing, bearing + 360, bearing - 360):
            if a <= x < b:
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Damage capacity


def hull_damage_points(tons: float, tables: Tables) -> tuple[int, str]:
    t = tables.require("hull_damage_points")
    k = float(t.need(t.rows, "per_root_ton", "a number"))
    low = int(t.need(t.rows, "minimum", "a number"))
    hdp = max(low, round(k * math.sqrt(tons)))
    return hdp, f"round({num(k)} × √{num(tons)} tons) = {hdp}" + (f" (minimum {low})" if hdp == low else "") + f" ({t.cite()})"


def flotation_points(tons: float, vtype: str, tables: Tables) -> tuple[int, str]:
    t = tables.require("flotation_points")
    k = float(t.need(t.rows, "per_root_ton", "a number"))
    low = int(t.need(t.rows, "minimum", "a number"))
    f = float(t.rows.get("type_factor", {}).get(vtype, 1))
    fp = max(low, round(k * math.sqrt(tons) * f))
    why = f"round({num(k)} × √{num(tons)} tons" + (f" × {num(f)} for a {vtype}" if f != 1 else "") + f") = {fp} ({t.cite()})"
    return fp, why


def turret_damage_points(turret_class: str, tables: Tables) -> tuple[int, str]:
    t = tables.require("turret_damage_points")
    pts = int(t.need(t.rows, turret_class, "points for this armour class"))
    return pts, f"turret armour {turret_class} → {pts} TDP ({t.cite()})"


def wheel_damage_points(size: str, tables: Tables) -> tuple[int, str]:
    t = tables.require("wheel_damage_points")
    for row in t.rows:
        if size in t.need(row, "sizes", "vessel sizes"):
            return int(row["points"]), f"{size} vessel → {row['points']} WDP a wheel ({t.cite(row)})"
    raise ShipyardError(f"table wheel_damage_points ({t.tag()}): no row for a {size} vessel")


# ---------------------------------------------------------------------------------------------
# The whole unit


def _gun_entry(d: Derived, i: int, code: str, count: int, mounting: str, position: str | None, side: str | None,
               arcs: list, arc_name: str, arc_why: str, bands: dict, extra: dict, band_why: str,
               gun: Ordnance, code_why: str, turret: str | None = None) -> None:
    p = f"guns[{i}]"
    d.set(f"{p}.code", code, code_why)
    d.set(f"{p}.count", count, f"{count} × {gun.name}" + (f" on the {side} side" if side else ""))
    d.set(f"{p}.gun", gun.name, f"ordnance {gun.id}")
    d.set(f"{p}.mounting", mounting, "as recorded in the vessel file" if mounting != "fort" else "a fort's battery")
    d.set(f"{p}.position", position, "as recorded in the vessel file (a turret gun sits where its turret does)" if position else "position not recorded")
    if side:
        d.set(f"{p}.side", side, "gunport guns are split evenly between the broadsides")
    if turret:
        d.set(f"{p}.turret", turret, "as recorded in the vessel file")
    d.set(f"{p}.arcs", arcs, arc_why)
    d.set(f"{p}.arc_name", arc_name, arc_why)
    d.set(f"{p}.ranges_cm", bands, band_why)
    for k, val in extra.items():
        d.set(f"{p}.{k}", val, band_why)


def _gun_kind(gun: Ordnance) -> str:
    return gun.kind.value


def derive(unit: Vessel | Fort, ctx: Context) -> Derived:
    if is_fort(unit):
        return derive_fort(unit, ctx).typed(FortStats)
    if not isinstance(unit, Vessel):
        raise ShipyardError(f"expected a vessel or a fort, got {type(unit).__name__}")
    v = unit
    tables = ctx.tables
    d = Derived(v.id, v.name, KEY)
    d.set("kind", "vessel", "a vessel")
    d.set("class", v.class_name, "as recorded")
    d.set("navy", v.navy.value, "as recorded")
    d.set("nation", v.nation, f"navy {v.navy.value} → {v.nation} (misfire and shell-fuse tables differ by nation)")
    d.set("type", v.type.value, "as recorded")

    level, why = speed_level(v.speed_kn, tables)
    d.set("max_speed", level["level"], why)
    astern, why = astern_level(level["level"], v.double_ender, tables)
    d.set("astern_speed", astern, why)
    factor = distance_factor(ctx)
    d.set("move_cm", clean(float(level["move_cm"]) * factor),
          f"{level['level']} moves {num(level['move_cm'])} cm at 1/600" + (f" × {num(factor)} at {ctx.scale}" if factor != 1 else "") + f" ({tables.require('speed_levels').cite(level)})")
    m, why = manoeuvrability(v, tables)
    d.set("manoeuvrability", m, why)
    size, why = vessel_size(v.tonnage, tables)
    d.set("size", size, f"{why}; tons: {v.tonnage_basis}")
    dr, why = draught_class(v.draught_ft, tables)
    d.set("draught", dr, why)
    ts, why = target_size(v, tables)
    d.set("target_size", ts, why)
    conf, why = configuration(v)
    d.set("configuration", conf, why)
    d.set("ram", v.ram_bow, "ram bow recorded" if v.ram_bow else "no ram bow recorded")
    d.set("double_ender", v.double_ender, "double-ended hull recorded" if v.double_ender else "not a double-ender")
    d.set("spar_torpedo", v.spar_torpedo, "spar torpedo recorded" if v.spar_torpedo else "no spar torpedo recorded")
    d.set("rig", v.rig.value, "as recorded")
    rigs = tables.require("fully_rigged")
    d.set("fully_rigged", v.rig.value in rigs.rows, f"rig {v.rig.value} ({rigs.cite()})")

    arm, arm_why, partial = armour(v, tables)
    for loc in LOCATIONS:
        d.set(f"armour.{loc}", arm[loc], arm_why[loc])
    d.set("partial_armour", partial, "locations where only part is armoured: a hit elsewhere counts as U (Table 16, source)"
          if partial else "no partial armour recorded")

    hdp, why = hull_damage_points(v.tonnage, tables)
    d.set("hull_damage_points", hdp, f"{why}; tons: {v.tonnage_basis}")
    effects = tables.require("hull_damage_effects")
    for key in ("half", "quarter"):
        row = effects.need(effects.rows, key, "{share, mark, speed_levels}")
        left = math.floor(hdp * float(effects.need(row, "share", "a fraction of the HDP")))
        lost = int(effects.need(row, "speed_levels", "levels of maximum speed lost"))
        d.set(f"hdp_{key}", left, f"at {left} HDP or fewer ({num(float(row['share']) * 100)} %) maximum speed drops "
              f"{lost} level{'s' if lost != 1 else ''} ({effects.cite()})")
    fp, why = flotation_points(v.tonnage, v.type.value, tables)
    d.set("flotation_points", fp, f"{why}; tons: {v.tonnage_basis}")

    tdp: dict[str, int] = {}
    tdp_why = []
    for tt in v.turrets:
        own = [a for a in v.armour_at(ArmourArea.TURRET) if a.turret in (tt.id, None)]
        found = location_armour(own, tables)
        cls = found[0] if found else "U"
        pts, why = turret_damage_points(cls, tables)
        tdp[tt.id] = pts
        tdp_why.append(f"{tt.id}: {why}")
    d.set("turret_damage_points", tdp, "; ".join(tdp_why) if tdp_why else "no turrets")

    wheels: dict[str, int] = {}
    why = "no paddle wheels"
    if v.paddle_wheels:
        pts, why = wheel_damage_points(size, tables)
        if v.propulsion.kind is PropulsionKind.SIDEWHEEL and v.paddle_wheels >= 2:
            wheels = {"port": pts, "starboard": pts}
        else:
            name = "centre" if v.propulsion.kind is PropulsionKind.CENTREWHEEL else "stern"
            wheels = {name: pts} if v.paddle_wheels == 1 else {f"{name} {k + 1}": pts for k in range(v.paddle_wheels)}
    d.set("wheel_damage_points", wheels, why)
    d.set("machinery_boxes", int(level["machinery_boxes"]),
          f"one box per speed level above Immobile: {level['level']} → {level['machinery_boxes']} ({tables.require('speed_levels').cite(level)})")

    i = 0
    for mount in v.armament:
        gun = ctx.library.gun(mount)
        code, _, code_why = gun_code(gun, tables)
        kind = _gun_kind(gun)
        gunport = mount.mounting in GUNPORTS
        bands, extra, band_why = range_bands(code, kind, gunport, factor, tables)
        pos = (mount.position or Position.MIDSHIPS).value
        position = mount.position.value if mount.position else None
        if position is None and mount.turret:
            position = next((tt.position.value for tt in v.turrets if tt.id == mount.turret), None)
        ends = tables.require("fire_arcs").rows.get("gunport_end", {})
        if gunport and pos not in ends:
            halves = [("starboard", mount.count - mount.count // 2), ("port", mount.count // 2)]
        else:
            halves = [(None, mount.count)]
        for side, count in halves:
            if count == 0:
                continue
            arcs, arc_name, arc_why = gun_arcs(v, mount, side, tables)
            _gun_entry(d, i, code, count, mount.mounting.value, position, side,
                       arcs, arc_name, arc_why, bands, extra, band_why, gun, code_why, mount.turret)
            i += 1
    if i == 0:
        d.set("guns", [], "no guns recorded")

    broadside = {}
    for side, bearing in (("starboard", 90), ("port", 270)):
        counts: dict[str, int] = {}
        for g in d.get("guns", []):
            if bears(g["arcs"], bearing):
                counts[g["code"]] = counts.get(g["code"], 0) + g["count"]
        broadside[side] = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    d.set("broadside", broadside, f"guns whose arcs cover the beam (90° starboard, 270° port) ({tables.require('fire_arcs').cite()})")
    return d.typed(VesselStats)


def derive_fort(f: Fort, ctx: Context) -> Derived:
    tables = ctx.tables
    d = Derived(f.id, f.name, KEY)
    d.set("kind", "fort", "a fort")
    d.set("navy", f.navy.value, "as recorded")
    d.set("nation", f.nation, f"held by {f.navy.value} → {f.nation}")
    t = tables.require("fort_walls")
    mats = t.need(t.rows, "materials", "wall materials")
    mat = t.need(mats, f.walls.material.value, "sdp_per_ft, default_ft and armour")
    thick = f.walls.thickness_ft
    basis = f"{num(thick)} ft {f.walls.material.value} walls"
    if thick is None:
        thick = float(mat["default_ft"])
        basis = f"{f.walls.material.value} walls of unrecorded thickness, taken as {num(thick)} ft"
    low = int(t.rows.get("minimum", 1))
    sdp = max(low, round(float(mat["sdp_per_ft"]) * thick))
    d.set("structural_damage_points", sdp, f"{basis} × {num(mat['sdp_per_ft'])} SDP a foot = {sdp}" + (f" (minimum {low})" if sdp == low else "") + f" ({t.cite()})")
    d.set("armour.walls", mat["armour"], f"{f.walls.material.value} walls → {mat['armour']} ({t.cite()})")
    factor = distance_factor(ctx)
    i = 0
    for mount in f.armament:
        gun = ctx.library.gun(mount)
        code, _, code_why = gun_code(gun, tables)
        bands, extra, band_why = range_bands(code, _gun_kind(gun), False, factor, tables)
        arcs, arc_name, arc_why = gun_arcs(None, None, None, tables)
        _gun_entry(d, i, code, mount.count, "fort", None, None, arcs, arc_name, arc_why, bands, extra, band_why, gun, code_why)
        i += 1
    return d


# ---------------------------------------------------------------------------------------------
# Play helpers: the rules' own lookups, used by the tests and the quick reference


def range_band_at(code: str, distance_cm: float, tables: Tables, *, gunport: bool = False, factor: float = 1.0) -> str | None:
    """The direct-fire band (PB/S/M/L/E) a gun is at, or None when out of range."""
    _, kind = parse_code(code)
    bands, _, _ = range_bands(code, kind, gunport, factor, tables)
    return _band_at(bands, distance_cm)


def indirect_band_at(code: str, distance_cm: float, tables: Tables, factor: float = 1.0) -> str | None:
    """'Direct' inside a howitzer's direct range, else the indirect band, '-' too close for a mortar."""
    _, kind = parse_code(code)
    bands, extra, _ = range_bands(code, kind, False, factor, tables)
    if "direct_cm" in extra and distance_cm <= extra["direct_cm"][1]:
        return "Direct"
    if "min_cm" in extra and distance_cm < extra["min_cm"]:
        return "-"
    return _band_at(bands, distance_cm)


TYPE_SUFFIXES = (("SB", "smoothbore"), ("R", "rifle"), ("C", "columbiad"), ("M", "mortar"), ("H", "howitzer"))
SIZE_PREFIXES = ("VL", "L", "M", "H", "SH")


def parse_code(code: str) -> tuple[str, str]:
    """'MSB' -> ('M', 'smoothbore'); 'SHM' -> ('SH', 'mortar')."""
    for suffix, kind in TYPE_SUFFIXES:
        if code.endswith(suffix) and code[: -len(suffix)] in SIZE_PREFIXES:
            return code[: -len(suffix)], kind
    raise ShipyardError(f"gun code {code!r}: expected a size (VL, L, M, H, SH) and a type (SB, R, C, M, H), e.g. MSB or HR")


def _band_at(bands: dict, distance_cm: float) -> str | None:
    for key in RANGE_BANDS:
        span = bands.get(key)
        if span and span[0] <= distance_cm <= span[1]:
            return key
    return None


def deflection_number(code_or_size: str, armour_class: str, band: str, tables: Tables, *, shell: bool = False) -> int | str:
    """Table 16: the modified number to roll at or under to deflect, or '*' / '-'."""
    t = tables.require("armour_deflection")
    cols = t.need(t.rows, "columns", "armour columns")
    rows = t.need(t.rows, "shell" if shell else "shot", "rows by gun")
    key = code_or_size
    if not shell and key.endswith("C"):
        key = key[:-1] + "SB"  # columbiads use the smoothbore row of their size
    row = t.need(rows, key, f"a row for {key}")
    entry = row[cols.index(armour_class)]
    if entry in ("*", "-"):
        return entry
    return int(entry) + int(t.need(t.rows, "range_modifiers", "by band")[band])


def grounding_chance(draught: str, water: str, tables: Tables, modifiers: list[str] = ()) -> int | None:
    """Table 3: ground on this d10 roll or less (None: no test)."""
    t = tables.require("running_aground")
    waters = t.need(t.rows, "water", "water columns")
    base = t.need(t.need(t.rows, "chances", "by draught"), draught, "chances by water")[waters.index(water)]
    if base is None:
        return None
    mods = {m["when"]: int(m["modifier"]) for m in t.rows.get("modifiers", [])}
    return int(base) + sum(mods[m] for m in modifiers)


def breaking_free_chance(draught: str, max_speed: str, tables: Tables, *, flooding: bool = False, attempt: int = 1) -> int:
    """Table 5: break free on this d10 roll or less."""
    t = tables.require("breaking_free")
    r = t.rows
    return (int(r["base"]) + int(r["draught"].get(draught, 0)) + int(r["max_speed"].get(max_speed, 0))
            + (int(r["flooding"]) if flooding else 0) + int(r["each_later_attempt"]) * (attempt - 1))
