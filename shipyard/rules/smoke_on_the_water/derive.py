"""Smoke on the Water: from a vessel's history to her record-sheet statistics.

Small pure functions over the tables in tables.yaml. Each returns its result and a Reason that
quotes the inputs and cites the table row (`table.cite(row)`) and the record fields it read, so
`shipyard explain` can show how every value was reached. `derive(unit, ctx)` builds them into the
VesselStats (or FortStats) model.

The play helpers at the end (range band at a distance, deflection number, grounding chance) are the
rules' own lookups; the tests use them to reproduce the worked examples, and the quick reference
prints the same tables.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, get_args

from ...errors import ShipyardError
from ...library.model import (
    Armour, ArmourArea, ArmourMaterial, Coverage, Fort, Mount, Mounting, Ordnance, Position,
    PropulsionKind, Vessel, VesselType,
)
from ..context import Context
from ..derived import Derived, Formula, Reasons, Reason, Recorded, because
from ..tables import Tables
from ..lookups import band, is_fort, iron_equivalent, resolve_scale
from .stats import ArmourClass, FortArmour, FortStats, Gun, RangeBand, TargetSize, VesselArmour, VesselStats

KEY = "smoke-on-the-water"
RANGE_BANDS = get_args(RangeBand)  # ("PB", "S", "M", "L", "E")
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


def base_mm(unit: Any, ctx: Context) -> tuple[int, int] | None:
    """(length, width) in whole mm of the base a vessel's model stands on (p4: the model overall and the margin
    all round; the model at the ground scale, 1 mm to 2 ft at 1/600; a sidewheeler's over her paddle boxes), None
    for a unit with no hull figures (a fort)."""
    length, beam = getattr(unit, "length_ft", None), getattr(unit, "beam_ft", None)
    if not length or not beam:
        return None
    t = ctx.tables.require("ground_scale")
    feet_per_mm = float(t.need(t.rows, "feet_per_mm", "a number"))
    margin = float(t.need(t.rows, "base_margin_mm", "a number"))
    if over_paddle_boxes(unit):
        beam += 2 * float(t.need(t.rows, "paddle_box_ft", "feet a paddle box stands out from the hull"))
    factor = distance_factor(ctx)
    return tuple(round((feet / feet_per_mm + margin) * factor) for feet in (length, beam))  # type: ignore[return-value]


def over_paddle_boxes(unit: Any) -> bool:
    """A sidewheeler's model is widest over her paddle boxes, so her base's width is measured over them."""
    propulsion = getattr(unit, "propulsion", None)
    return propulsion is not None and propulsion.kind is PropulsionKind.SIDEWHEEL


# ---------------------------------------------------------------------------------------------
# Speed


def speed_rows(tables: Tables) -> list[dict]:
    t = tables.require("speed_levels")
    if not isinstance(t.rows, list) or len(t.rows) < 2:
        raise ShipyardError("table speed_levels: expected a list of levels from Immobile upwards")
    return t.rows


def level_names(tables: Tables) -> list[str]:
    return [r["level"] for r in speed_rows(tables)]


def speed_level(knots: float, tables: Tables) -> tuple[dict, Reason]:
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
    return chosen, because(f"{why} ({t.cite(chosen)})", t.cite(chosen), "Vessel.speed_kn")


@lru_cache(maxsize=1)
def _own_tables() -> Tables:
    """The rule set's own tables, no house rules, read once a process: the set-up page names each start speed's level
    (reading and checking tables.yaml each time was 4 % of a Mobile Bay pack). Read only, as speed_level reads them."""
    from .. import get_ruleset

    return get_ruleset('smoke-on-the-water').tables()


def speed_words(knots: float) -> str:
    """A start speed in the game's words: its Table 2 level, and that level's own knots where they differ ("Medium
    (Table 2's 5 kn, the nearest level)": a ship set up at 4 kn moves Medium's 25 cm). For the set-up page, whose
    knots are not a speed level (the lead's RuleSet.speed_words hook); default tables."""
    row = speed_level(knots, _own_tables())[0]
    if row["knots"] == 0 == knots:
        # Play 38, moment 9: a start at 0 kn and an HS order are one state, said once: I for every rule
        return f"{row['level']}, the same I as an HS order (hold under steam)"
    if row["knots"] == knots:
        return row["level"]
    code = row.get("code", row["level"][0])
    return f"{row['level']}, the {code} counter (Table 2's {num(row['knots'])} kn, the nearest level)"


def start_speed(knots: float, units: list, leader=None) -> str:
    """A start speed as the starts table prints it: the speed counter's letter, its Table 2 level (play 43, defects:
    "4 kn" is on no speed counter; the set-up's line under the plan says which level it is and why). Default tables."""
    row = speed_level(knots, _own_tables())[0]
    return str(row.get("code", row["level"][0]))


def astern_level(ahead: str, double_ender: bool, tables: Tables) -> tuple[str, Reason]:
    t = tables.require("astern")
    names = level_names(tables)
    if ahead == names[0]:
        return ahead, because(f"Immobile ahead, so Immobile astern ({t.cite()})", tables.require("speed_levels").cite("[0]"))
    if double_ender and t.rows.get("double_ender_full", True):
        return ahead, because(f"double-ender: full speed both ways, {ahead} ({t.cite()})", t.cite("double_ender_full"),
                              "Vessel.double_ender")
    less = int(t.need(t.rows, "levels_less", "a number of levels"))
    floor = t.need(t.rows, "floor", "a level name")
    i = max(names.index(ahead) - less, names.index(floor) if floor in names else 1)
    return names[i], because(f"{ahead} ahead, {less} level less astern but never below {floor} → {names[i]} ({t.cite()})",
                             t.cite("levels_less"), t.cite("floor"), "Vessel.double_ender")


# ---------------------------------------------------------------------------------------------
# Hull


def manoeuvrability(v: Vessel, tables: Tables) -> tuple[str, Reason]:
    t = tables.require("manoeuvrability")
    rows = t.rows
    ladder = t.need(rows, "ladder", "levels, worst first")
    length_row = band(t.need(rows, "by_length", "length bands"), v.length_ft, upper="max_length_ft", table=t)
    level = t.need(length_row, "level", "a ladder level")
    if level not in ladder:
        raise ShipyardError(f"table manoeuvrability ({t.tag()}): {level!r} is not on the ladder {ladder}")
    mods = t.need(rows, "modifiers", "modifier levels")
    steps, notes = 0, []
    cites = [t.cite("ladder"), t.cite(length_row), "Vessel.length_ft"]
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
            cites += [t.cite(f"modifiers.{key}"), "Vessel.propulsion" if key != "long_hull" else "Vessel.beam_ft"]
            if key == "long_hull":
                cites.append(t.cite("long_hull_ratio"))
    i = min(max(ladder.index(level) + steps, 0), len(ladder) - 1)
    limit = length_row["max_length_ft"]
    where = f"≤ {num(limit)} ft" if limit is not None else "longest band"
    why = f"{num(v.length_ft)} ft ({where}) → {level}"
    if notes:
        why += "; " + ", ".join(notes) + f" → {ladder[i]}"
    return ladder[i], because(f"{why} ({t.cite()})", *cites)


def vessel_size(tons: float, tables: Tables) -> tuple[str, Reason]:
    t = tables.require("vessel_sizes")
    row = band(t.rows, tons, upper="max_tons", table=t)
    limit = row["max_tons"]
    where = f"≤ {num(limit)} tons" if limit is not None else "the largest band"
    return row["size"], because(f"{num(tons)} tons ({where}) → {row['size']} ({t.cite(row)})", t.cite(row), "Vessel.tonnage")


def draught_class(feet: float, tables: Tables) -> tuple[str, Reason]:
    t = tables.require("draught_classes")
    row = band(t.rows, feet, upper="max_ft", table=t)
    limit = row["max_ft"]
    where = f"≤ {num(limit)} ft" if limit is not None else f"over {num(t.rows[-2]['max_ft'])} ft"
    return row["draught"], because(f"draws {num(feet)} ft ({where}) → {row['draught']} ({t.cite(row)})", t.cite(row),
                                   "Vessel.draught_ft")


def target_size(v: Vessel, tables: Tables) -> tuple[dict, Reason]:
    t = tables.require("target_size")
    rows = t.rows
    letters = t.need(rows, "letters", "letters, smallest first")
    length_row = band(t.need(rows, "broadside_by_length", "length bands"), v.length_ft, upper="max_length_ft", table=t)
    base = letters.index(length_row["letter"])
    shift = int(t.need(rows, "type_shift", "letters by vessel type").get(v.type.value, 0))
    side = min(max(base + shift, 0), len(letters) - 1)
    ratio = v.length_ft / v.beam_ft
    bow_rows = sorted(t.need(rows, "bow_shift", "ratio bands"), key=lambda r: -r["min_ratio"])
    bow_row = next((r for r in bow_rows if ratio >= r["min_ratio"]), None)
    bow_shift = int(bow_row["letters"]) if bow_row is not None else 1
    bow = max(side - bow_shift, 0)
    why = f"{num(v.length_ft)} ft long → {length_row['letter']}"
    if shift:
        why += f", {v.type.value} {shift:+d} → {letters[side]}"
    why += f" broadside; length/beam {ratio:.1f} → bow {bow_shift} letter(s) smaller → {letters[bow]} ({t.cite()})"
    cites = [t.cite("letters"), t.cite(length_row), "Vessel.length_ft", "Vessel.beam_ft", "Vessel.type"]
    cites += [t.cite(f"type_shift.{v.type.value}")] if shift else []
    cites += [t.cite(bow_row)] if bow_row is not None else [Formula("one letter smaller at the bow")]
    return {"bow": letters[bow], "broadside": letters[side]}, because(why, *cites)


def configuration(v: Vessel) -> tuple[str, Reason]:
    """Which column of Table 14 (hit_locations) the vessel rolls on, from her turrets and how she is driven."""
    n = len(v.turrets)
    if n:
        name = {1: "single turret monitor", 2: "double turret monitor"}.get(n, "triple turret monitor")
        return name, because(f"{n} turret(s) → {name} hit-location table (Table 14, source)", "Vessel.turrets",
                             Formula("configuration by turrets"))
    kind = v.propulsion.kind
    if kind is PropulsionKind.SIDEWHEEL:
        return "sidewheel", because("paddle wheels at the sides → sidewheel hit-location table (Table 14, source)",
                                    "Vessel.propulsion", Formula("configuration by propulsion"))
    if kind in (PropulsionKind.STERNWHEEL, PropulsionKind.CENTREWHEEL):
        return "sternwheel", because(f"a single {kind.value} → sternwheel hit-location table (Table 14, source)",
                                     "Vessel.propulsion", Formula("configuration by propulsion"))
    return "conventional/casemate", because(f"{kind.value}-driven, no turret → conventional/casemate hit-location table "
                                            "(Table 14, source)", "Vessel.propulsion", Formula("configuration by propulsion"))


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


def armour_class_for(inches: float, material: ArmourMaterial, tables: Tables) -> tuple[str, Reason]:
    """The class of one layer of protection, from its iron-equivalent thickness."""
    t = tables.require("armour_classes")
    if material is ArmourMaterial.COTTON:
        names = tables.require("armour_names")
        return "C", because(f"cotton bales → C ({names.cite()})", names.cite("C"), "Armour.material")
    row = band(t.rows, inches, upper="max_in", table=t)
    cls = row["class"]
    if material is ArmourMaterial.TIN and cls not in ("U", "T"):
        return "T", because(f"tin plate {num(inches)} in → T (tin is never better than Tinclad; {t.cite()})", t.cite(row),
                            "Armour.material", Formula("tin is never better than Tinclad"))
    limit = row["max_in"]
    where = f"≤ {num(limit)} in" if limit is not None else "the thickest band"
    return cls, because(f"{num(round(inches, 2))} in iron-equivalent ({where}) → {cls} ({t.cite(row)})", t.cite(row))


def _armour_entry(a: Armour, tables: Tables) -> tuple[str, Reason]:
    materials = tables.require("materials")
    eq, how = iron_equivalent(a, materials)
    cls, why = armour_class_for(eq, a.material, tables)
    return cls, because(f"{how}: {why}", why, "Vessel.armour", materials.cite(getattr(a.material, "value", a.material)),
                        *([materials.cite("backing")] if a.backing_in else ()))


ORDER = list(get_args(ArmourClass))  # weakest first


def location_armour(entries: list[Armour], tables: Tables) -> tuple[str, bool, Reason] | None:
    """(class, partial, reason) for the armour recorded at one location, weakest full entry first."""
    if not entries:
        return None
    rated = [(_armour_entry(a, tables), a) for a in entries]
    full = [r for r in rated if r[1].coverage is Coverage.FULL]
    pool = full or rated
    (cls, why), a = min(pool, key=lambda r: ORDER.index(r[0][0]) if r[0][0] in ORDER else 0)
    partial = not full
    if len(rated) > 1:
        why = f"weakest of {len(rated)} entries: " + why
    if partial:
        why += "; partial coverage (only the armoured part of the location is protected)"
    return cls, partial, why


def armour(v: Vessel, tables: Tables) -> tuple[dict, dict, list[str]]:
    """Armour class per location, reasons per location, and the partially armoured locations."""
    out: dict[str, str | None] = {}
    reasons: dict[str, Reason] = {}
    record = Recorded("Vessel.armour")
    partial: list[str] = []
    names = tables.require("armour_names")

    def put(loc: str, found, fallback: tuple[str | None, Reason]) -> None:
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
            hull = (ends[0], True, "no side armour recorded; the plated ends: " + ends[2])
    unarmoured = names.cite("U")

    def none(words: str) -> tuple[str, Reason]:
        return "U", because(f"{words} → U ({names.cite()})", unarmoured, record)

    put("hull", hull, none("no hull armour recorded"))
    casemate = location_armour(v.armour_at(ArmourArea.CASEMATE), tables)
    put("casemate", casemate, (out["hull"], because(f"no casemate: casemate hits count as hull hits → {out['hull']} "
                                                    "(Table 14, source)", reasons["hull"], Formula("no casemate: hull"))))
    if v.turrets:
        turret = location_armour(v.armour_at(ArmourArea.TURRET), tables)
        put("turret", turret, none("turret armour not recorded"))
    else:
        out["turret"], reasons["turret"] = None, because("no turret", "Vessel.turrets")
    put("deck", location_armour(v.armour_at(ArmourArea.DECK), tables), none("no deck armour recorded"))
    put("pilot_house", location_armour(v.armour_at(ArmourArea.PILOT_HOUSE), tables), none("no pilot-house armour recorded"))
    steering = location_armour(v.armour_at(ArmourArea.STEERING), tables)
    stern = location_armour(v.armour_at(ArmourArea.STERN), tables)
    if steering:
        put("rudder", steering, ("U", because("", record)))
        reasons["rudder"] = "the rudder's steering gear as recorded: " + reasons["rudder"]
    elif stern:
        put("rudder", stern, ("U", because("", record)))
        reasons["rudder"] = "the rudder sits under the stern armour: " + reasons["rudder"]
    elif v.type is VesselType.MONITOR and v.armour_at(ArmourArea.SIDE):
        out["rudder"] = out["hull"]
        reasons["rudder"] = because(f"a monitor's armoured overhang shelters her rudder → hull armour {out['hull']} "
                                    "(reconstructed)", reasons["hull"], "Vessel.type", Formula("a monitor's rudder under her overhang"))
    else:
        out["rudder"], reasons["rudder"] = "U", because("rudder unprotected (no stern armour recorded) → U (reconstructed)",
                                                        record, unarmoured)
    if v.paddle_wheels:
        wheel = location_armour(v.armour_at(ArmourArea.WHEEL_HOUSES), tables)
        if wheel is None and v.propulsion.kind is PropulsionKind.CENTREWHEEL and casemate:
            out["wheel"] = out["casemate"]
            reasons["wheel"] = because(f"the centre wheel turns inside the casemate → {out['casemate']} (reconstructed)",
                                       reasons["casemate"], "Vessel.propulsion", Formula("a centre wheel inside the casemate"))
        else:
            put("wheel", wheel, none("wheel houses unarmoured"))
    else:
        out["wheel"], reasons["wheel"] = None, because("no paddle wheel", "Vessel.propulsion")
    machinery = location_armour(v.armour_at(ArmourArea.MACHINERY), tables)
    put("machinery", machinery, (out["hull"], because(f"machinery lies behind the hull: hull armour {out['hull']} "
                                                      "(Table 15, source)", reasons["hull"], Formula("machinery behind the hull"))))
    return out, reasons, partial


# ---------------------------------------------------------------------------------------------
# Guns


def gun_code(gun: Ordnance, tables: Tables) -> tuple[str, str, Reason]:
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
    return size + letter, size, because(why, sizes.cite(row), types.cite(gun.kind.value), "Ordnance.projectile_lb",
                                        "Ordnance.kind")


def _bands(edges: list, start: float, keys: tuple[str, ...], factor: float) -> dict:
    out = {}
    lo = start
    for key, hi in zip(keys, edges):
        out[key] = [clean(lo * factor), clean(hi * factor)]
        lo = hi
    return out


def _row_bands(row: Any) -> tuple[Any, Any]:
    return (row.get("bands"), row) if isinstance(row, dict) else (row, row)


def range_bands(code: str, kind: str, gunport: bool, factor: float, tables: Tables) -> tuple[dict, dict, Reason]:
    """ranges_cm {PB,S,M,L,E: [from, to] or None}, extras (direct_cm / min_cm) and the reason."""
    empty = {b: None for b in RANGE_BANDS}
    scale_note = "" if factor == 1 else f"; distances × {num(factor)} for the model scale"
    scaled = [tables.require("ground_scale").cite("distance_factor")] if factor != 1 else []
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
        return bands, extra, because(why, t.cite(code), *scaled)
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
    return bands, {}, because(why, t.cite(code), *scaled, *([Formula("no Extreme through a gunport"), "Mount.mounting"]
                                                            if gunport else []))


def _arc_name(arcs: list) -> str:
    total = sum(b - a for a, b in arcs)
    if total >= 360:
        return "all round"
    return " + ".join(f"{num(a % 360)}–{num(b % 360 if b % 360 else 360)}°" for a, b in arcs)


def gun_arcs(v: Vessel | None, mount: Mount | None, side: str | None, tables: Tables) -> tuple[list, str, Reason]:
    """Arcs as [[from, to), ...] degrees clockwise from ahead, a short name and the reason."""
    t = tables.require("fire_arcs")
    rows = t.rows
    if v is None or mount is None:
        return [[0, 360]], "as sited", because(f"a fort's guns bear as the fort is sited ({t.cite()})", "Fort.kind",
                                               Formula("a fort's guns bear as sited"))
    pos = (mount.position or Position.MIDSHIPS).value
    m = mount.mounting
    if m in GUNPORTS:
        ends = t.need(rows, "gunport_end", "bow/stern arcs")
        if pos in ends:
            a, b = ends[pos]
            return [[a, b]], f"{pos} port(s) {num(a % 360)}–{num(b % 360)}°", because(
                f"{m.value} gunport at the {pos}: {num(a % 360)}–{num(b % 360)}° ({t.cite()})", t.cite(f"gunport_end.{pos}"),
                "Mount.mounting", "Mount.position")
        centre = float(t.need(rows, "gunport_side_centre", "bearing by position")[pos])
        half = float(t.need(rows, "gunport_half_width", "degrees"))
        if side == "port":
            arc = [clean(360 - centre - half), clean(360 - centre + half)]
        else:
            arc = [clean(centre - half), clean(centre + half)]
        return [arc], f"{side} {num(arc[0])}–{num(arc[1])}°", because(
            f"{m.value} gunport, {pos}, {side} side: {num(centre if side != 'port' else 360 - centre)}° ± {num(half)}° ({t.cite()})",
            t.cite(f"gunport_side_centre.{pos}"), t.cite("gunport_half_width"), "Mount.mounting", "Mount.position")
    if m is Mounting.TURRET:
        turret = next((tt for tt in v.turrets if tt.id == mount.turret), v.turrets[0] if len(v.turrets) == 1 else None)
        # where her turret stands along the keel: the mark a player measures its arc and aspect from (replay 24)
        marks = rows.get("turret_mark") or {}
        at = marks.get(((turret.position if turret else None) or Position.MIDSHIPS).value, "") if marks else ""
        at = f" {at}" if at else ""
        if len(v.turrets) <= 1:
            arcs = t.need(rows, "turret_single", "arcs")
            return [list(a) for a in arcs], f"turret{at} all round", because(
                f"a single turret turns all round ({t.cite()})", t.cite("turret_single"), "Vessel.turrets",
                *([t.cite("turret_mark")] if at else []))
        order = [tt.id for tt in v.turrets]
        i = order.index(mount.turret) if mount.turret in order else 0
        which = "fore" if i == 0 else ("aft" if i == len(order) - 1 else "middle")
        arcs = t.need(rows, "turret_masked", "fore/aft/middle arcs")[which]
        return [list(a) for a in arcs], f"{which} turret{at} " + _arc_name(arcs), because(
            f"{which} turret {turret.id if turret else mount.turret!r} masked by the other turret(s) ({t.cite()})",
            t.cite(f"turret_masked.{which}"), "Vessel.turrets", "Mount.turret", *([t.cite("turret_mark")] if at else []))
    restricted = v.type.value in t.need(rows, "restricted_pivot_types", "vessel types")
    key = "restricted_pivot" if (m is Mounting.PIVOT and restricted) else "open_pivot"
    arcs = [list(a) for a in t.need(rows, key, "arcs by position")[pos]]
    label = ("restricted " if key == "restricted_pivot" else "") + f"{m.value} at {pos}"
    why = f"{label}: " + _arc_name(arcs) + (f" (a pivot inside a {v.type.value} fires only through its end ports)" if key == "restricted_pivot" else "") + f" ({t.cite()})"
    return arcs, f"{label} " + _arc_name(arcs), because(why, t.cite(f"{key}.{pos}"), "Mount.mounting", "Mount.position",
                                                        *([t.cite("restricted_pivot_types"), "Vessel.type"]
                                                          if m is Mounting.PIVOT else []))


def bears(arcs: list, bearing: float) -> bool:
    for a, b in arcs:
        for x in (bearing, bearing + 360, bearing - 360):
            if a <= x < b:
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Damage capacity


def hull_damage_points(tons: float, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("hull_damage_points")
    k = float(t.need(t.rows, "per_root_ton", "a number"))
    low = int(t.need(t.rows, "minimum", "a number"))
    hdp = max(low, round(k * math.sqrt(tons)))
    return hdp, because(f"round({num(k)} × √{num(tons)} tons) = {hdp}" + (f" (minimum {low})" if hdp == low else "")
                        + f" ({t.cite()})", t.cite("per_root_ton"), *([t.cite("minimum")] if hdp == low else []),
                        "Vessel.tonnage")


def flotation_points(tons: float, vtype: str, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("flotation_points")
    k = float(t.need(t.rows, "per_root_ton", "a number"))
    low = int(t.need(t.rows, "minimum", "a number"))
    f = float(t.rows.get("type_factor", {}).get(vtype, 1))
    fp = max(low, round(k * math.sqrt(tons) * f))
    why = f"round({num(k)} × √{num(tons)} tons" + (f" × {num(f)} for a {vtype}" if f != 1 else "") + f") = {fp} ({t.cite()})"
    return fp, because(why, t.cite("per_root_ton"), *([t.cite(f"type_factor.{vtype}")] if vtype in t.rows.get("type_factor", {}) else []),
                       *([t.cite("minimum")] if fp == low else []), "Vessel.tonnage", "Vessel.type")


def turret_damage_points(turret_class: str, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("turret_damage_points")
    pts = int(t.need(t.rows, turret_class, "points for this armour class"))
    return pts, because(f"turret armour {turret_class} → {pts} TDP ({t.cite()})", t.cite(turret_class))


def wheel_damage_points(size: str, tables: Tables) -> tuple[int, Reason]:
    t = tables.require("wheel_damage_points")
    for row in t.rows:
        if size in t.need(row, "sizes", "vessel sizes"):
            return int(row["points"]), because(f"{size} vessel → {row['points']} WDP a wheel ({t.cite(row)})", t.cite(row))
    raise ShipyardError(f"table wheel_damage_points ({t.tag()}): no row for a {size} vessel")


# ---------------------------------------------------------------------------------------------
# The whole unit


def _gun_entry(reasons: Reasons, i: int, code: str, count: int, mounting: str, position: str | None, side: str | None,
               arcs: list, arc_name: str, arc_why: Reason, bands: dict, extra: dict, band_why: Reason,
               gun: Ordnance, code_why: Reason, turret: str | None = None) -> Gun:
    """One line of the gun table (a gunport battery split between the broadsides makes two), its reasons kept."""
    p = f"guns[{i}]"
    mount = "FortMount" if mounting == "fort" else "Mount"
    given = reasons.given
    g: dict[str, Any] = {}
    g["code"] = given(f"{p}.code", code, code_why)
    g["count"] = given(f"{p}.count", count, because(f"{count} × {gun.name}" + (f" on the {side} side" if side else ""), f"{mount}.count",
                                       *([Formula("gunport guns split between the broadsides")] if side else [])))
    g["gun"] = given(f"{p}.gun", gun.name, because(f"ordnance {gun.id}", f"{mount}.gun", "Ordnance.name"))
    g["mounting"] = given(f"{p}.mounting", mounting, because("as recorded in the vessel file", "Mount.mounting") if mounting != "fort"
          else because("a fort's battery", "Fort.armament"))
    g["position"] = given(f"{p}.position", position, because(
        "as recorded in the vessel file (a turret gun sits where its turret does)" if position else "position not recorded",
        *(("Mount.position", "Vessel.turrets") if mounting != "fort" else ("Fort.armament",))))
    if side:
        g["side"] = given(f"{p}.side", side, because("gunport guns are split evenly between the broadsides", "Mount.count",
                                         Formula("gunport guns split between the broadsides")))
    if turret:
        g["turret"] = given(f"{p}.turret", turret, because("as recorded in the vessel file", "Mount.turret"))
    g["arcs"] = given(f"{p}.arcs", arcs, arc_why)
    g["arc_name"] = given(f"{p}.arc_name", arc_name, arc_why)
    g["ranges_cm"] = given(f"{p}.ranges_cm", bands, band_why)
    for k, val in extra.items():
        g[k] = given(f"{p}.{k}", val, band_why)
    return Gun(**g)


def _gun_kind(gun: Ordnance) -> str:
    return gun.kind.value


def derive(unit: Vessel | Fort, ctx: Context) -> Derived:
    if is_fort(unit):
        return derive_fort(unit, ctx)
    if not isinstance(unit, Vessel):
        raise ShipyardError(f"expected a vessel or a fort, got {type(unit).__name__}")
    v = unit
    tables = ctx.tables
    reasons = Reasons()
    given = reasons.given
    out: dict[str, Any] = {}
    out["kind"] = given("kind", "vessel", because("a vessel", "Vessel.kind"))
    out["class_"] = given("class", v.class_name, because("as recorded", "Vessel.class_name"))
    out["navy"] = given("navy", v.navy.value, because("as recorded", "Vessel.navy"))
    out["nation"] = given("nation", v.nation, because(f"navy {v.navy.value} → {v.nation} (misfire and shell-fuse tables differ by nation)",
                                      "Vessel.navy"))
    out["type"] = given("type", v.type.value, because("as recorded", "Vessel.type"))

    level, why = speed_level(v.speed_kn, tables)
    out["max_speed"] = given("max_speed", level["level"], why)
    astern, why = astern_level(level["level"], v.double_ender, tables)
    out["astern_speed"] = given("astern_speed", astern, why)
    factor = distance_factor(ctx)
    speeds = tables.require("speed_levels")
    out["move_cm"] = given("move_cm", clean(float(level["move_cm"]) * factor), because(
          f"{level['level']} moves {num(level['move_cm'])} cm at 1/600" + (f" × {num(factor)} at {ctx.scale}" if factor != 1 else "") + f" ({speeds.cite(level)})",
          speeds.cite(level), *([tables.require("ground_scale").cite("distance_factor")] if factor != 1 else [])))
    m, why = manoeuvrability(v, tables)
    out["manoeuvrability"] = given("manoeuvrability", m, why)
    size, why = vessel_size(v.tonnage, tables)
    out["size"] = given("size", size, why + f"; tons: {v.tonnage_basis}")
    dr, why = draught_class(v.draught_ft, tables)
    out["draught"] = given("draught", dr, why)
    ts, why = target_size(v, tables)
    out["target_size"] = TargetSize(**given("target_size", ts, why))
    conf, why = configuration(v)
    out["configuration"] = given("configuration", conf, why)
    out["ram"] = given("ram", v.ram_bow, because("ram bow recorded" if v.ram_bow else "no ram bow recorded", "Vessel.ram_bow"))
    out["double_ender"] = given("double_ender", v.double_ender, because("double-ended hull recorded" if v.double_ender else "not a double-ender",
                                                  "Vessel.double_ender"))
    out["spar_torpedo"] = given("spar_torpedo", v.spar_torpedo, because("spar torpedo recorded" if v.spar_torpedo else "no spar torpedo recorded",
                                                  "Vessel.spar_torpedo"))
    out["rig"] = given("rig", v.rig.value, because("as recorded", "Vessel.rig"))
    rigs = tables.require("fully_rigged")
    rigged = v.rig.value in rigs.rows
    out["fully_rigged"] = given("fully_rigged", rigged, because(f"rig {v.rig.value} ({rigs.cite()})", "Vessel.rig",
                                          *(rigs.cite(f"[{i}]") for i, rig in enumerate(rigs.rows)
                                                            if rig == v.rig.value or not rigged)))

    arm, arm_why, partial = armour(v, tables)
    out["armour"] = VesselArmour(**{loc: given(f"armour.{loc}", arm[loc], arm_why[loc]) for loc in LOCATIONS})
    out["partial_armour"] = given("partial_armour", partial, because("locations where only part is armoured: a hit elsewhere counts as U (Table 16, source)"
          if partial else "no partial armour recorded", "Armour.coverage"))

    hdp, why = hull_damage_points(v.tonnage, tables)
    out["hull_damage_points"] = given("hull_damage_points", hdp, why + f"; tons: {v.tonnage_basis}")
    effects = tables.require("hull_damage_effects")
    for key in ("half", "quarter"):
        row = effects.need(effects.rows, key, "{share, mark, speed_levels}")
        left = math.floor(hdp * float(effects.need(row, "share", "a fraction of the HDP")))
        lost = int(effects.need(row, "speed_levels", "levels of maximum speed lost"))
        out[f"hdp_{key}"] = given(f"hdp_{key}", left, because(f"at {left} HDP or fewer ({num(float(row['share']) * 100)} %) maximum speed drops "
              f"{lost} level{'s' if lost != 1 else ''} ({effects.cite()})", effects.cite(key), why))
    fp, why = flotation_points(v.tonnage, v.type.value, tables)
    out["flotation_points"] = given("flotation_points", fp, why + f"; tons: {v.tonnage_basis}")

    tdp: dict[str, int] = {}
    tdp_why = []
    for tt in v.turrets:
        own = [a for a in v.armour_at(ArmourArea.TURRET) if a.turret in (tt.id, None)]
        found = location_armour(own, tables)
        cls = found[0] if found else "U"
        pts, why = turret_damage_points(cls, tables)
        tdp[tt.id] = pts
        tdp_why.append(f"{tt.id}: " + why)
    out["turret_damage_points"] = given("turret_damage_points", tdp, because("; ".join(map(str, tdp_why)) if tdp_why else "no turrets", *tdp_why,
                                               "Vessel.turrets", "Vessel.armour" if tdp_why else None))

    wheels: dict[str, int] = {}
    why = because("no paddle wheels", "Vessel.propulsion")
    if v.paddle_wheels:
        pts, why = wheel_damage_points(size, tables)
        if v.propulsion.kind is PropulsionKind.SIDEWHEEL and v.paddle_wheels >= 2:
            wheels = {"port": pts, "starboard": pts}
        else:
            name = "centre" if v.propulsion.kind is PropulsionKind.CENTREWHEEL else "stern"
            wheels = {name: pts} if v.paddle_wheels == 1 else {f"{name} {k + 1}": pts for k in range(v.paddle_wheels)}
    out["wheel_damage_points"] = given("wheel_damage_points", wheels, because(why, why, "Vessel.propulsion", "Vessel.tonnage" if v.paddle_wheels else None))
    out["machinery_boxes"] = given("machinery_boxes", int(level["machinery_boxes"]), because(
          f"one box per speed level above Immobile: {level['level']} → {level['machinery_boxes']} ({speeds.cite(level)})",
          speeds.cite(level)))

    battery: list[Gun] = []
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
            battery.append(_gun_entry(reasons, len(battery), code, count, mount.mounting.value, position, side,
                                      arcs, arc_name, arc_why, bands, extra, band_why, gun, code_why, mount.turret))
    out["guns"] = battery
    if not battery:
        out["guns"] = given("guns", [], because("no guns recorded", "Vessel.armament"))

    broadside = {}
    for side, bearing in (("starboard", 90), ("port", 270)):
        counts: dict[str, int] = {}
        for g in battery:
            if bears(g.arcs, bearing):
                counts[g.code] = counts.get(g.code, 0) + g.count
        broadside[side] = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    arcs_why = [r for path, r in reasons.items() if path.endswith(".arcs")]
    out["broadside"] = given("broadside", broadside, because(f"guns whose arcs cover the beam (90° starboard, 270° port) "
                                          f"({tables.require('fire_arcs').cite()})", *arcs_why, "Vessel.armament"))
    return Derived.of(v, KEY, VesselStats(**out), reasons)


def derive_fort(f: Fort, ctx: Context) -> Derived:
    tables = ctx.tables
    reasons = Reasons()
    given = reasons.given
    out: dict[str, Any] = {}
    out["kind"] = given("kind", "fort", because("a fort", "Fort.kind"))
    out["navy"] = given("navy", f.navy.value, because("as recorded", "Fort.navy"))
    out["nation"] = given("nation", f.nation, because(f"held by {f.navy.value} → {f.nation}", "Fort.navy"))
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
    wall = f"materials.{f.walls.material.value}"
    out["structural_damage_points"] = given("structural_damage_points", sdp, because(
        f"{basis} × {num(mat['sdp_per_ft'])} SDP a foot = {sdp}" + (f" (minimum {low})" if sdp == low else "") + f" ({t.cite()})",
        t.cite(f"{wall}.sdp_per_ft"), "Fort.walls", *([t.cite(f"{wall}.default_ft")] if f.walls.thickness_ft is None else []),
        *([t.cite("minimum")] if sdp == low and "minimum" in t.rows else [])))
    out["armour"] = FortArmour(walls=given("armour.walls", mat["armour"], because(f"{f.walls.material.value} walls → {mat['armour']} ({t.cite()})",
                                                 t.cite(f"{wall}.armour"), "Fort.walls")))
    factor = distance_factor(ctx)
    out["guns"] = []
    for mount in f.armament:
        gun = ctx.library.gun(mount)
        code, _, code_why = gun_code(gun, tables)
        bands, extra, band_why = range_bands(code, _gun_kind(gun), False, factor, tables)
        arcs, arc_name, arc_why = gun_arcs(None, None, None, tables)
        out["guns"].append(_gun_entry(reasons, len(out["guns"]), code, mount.count, "fort", None, None, arcs, arc_name,
                                      arc_why, bands, extra, band_why, gun, code_why))
    return Derived.of(f, KEY, FortStats(**out), reasons)


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


def plays(unit_id: str, ctx: Context) -> bool:
    """Whether a unit of the scenario in hand takes part: every one but a fort off this rule set's table, one its
    set-up places nowhere or outside the window it plays (Mobile Bay's channel: Fort Gaines three miles west, Fort
    Powell at Grant's Pass). A fort cannot come on later, and no gun of hers reaches the table: no sheet, counter
    or set-up row for her, and the cover counts her not. A ship outside the window comes on from its edge."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    library = getattr(ctx, "library", None)
    if setup is None or not setup.starts or library is None or not is_fort(library.units.get(unit_id)):
        return True
    window = next((w for w in setup.windows if any(name in ("smoke-on-the-water", "sotw") for name in w.rules)), None)
    start = {**setup.starts, **(window.starts if window is not None else {})}.get(unit_id)
    if start is None:
        return False
    return window is None or start.at is None or window.holds(start.at)
