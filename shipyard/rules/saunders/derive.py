"""Saunders, ACW Naval Rules v1.2: a vessel's (or fort's) statistics from its history.

Small pure functions, one per table, each returning the value and the words for its reason; `derive`
strings them together through `Derived.set`. Every number comes from tables.yaml (or a user's house
rules), so nothing numeric about the game lives in this file except the geometry of compass facings.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Any, Iterator

from ...errors import ShipyardError
from ...library.model import (
    ArmourArea,
    ArmourMaterial,
    Coverage,
    Fort,
    Mounting,
    Position,
    PropulsionKind,
    Vessel,
    VesselType,
)

from ..context import Context
from ..derived import Derived, Reasons, Reason, Recorded, because
from ..tables import Table, Tables
from ..lookups import iron_equivalent, is_fort, resolve_scale
from ..lookups import band as band_lookup
from .stats import Armour, Gun, Ranges, SaundersStats, SpeedThreshold

KEY = "saunders"
NATIVE_SCALE = "1/1200"

#: Bearing of the centre of each named facing, degrees clockwise from the bow (geometry, not rules).
FACING_DEG = {
    "fore": 0.0, "starboard bow": 45.0, "starboard": 90.0, "starboard quarter": 135.0,
    "aft": 180.0, "port quarter": 225.0, "port": 270.0, "port bow": 315.0,
}
SECTIONS = ("bow", "midships", "stern")
EXTRA_SECTIONS = ("armament", "steering", "machinery", "pilot_house", "propulsion")
_POSITION_ORDER = {Position.BOW: 0, Position.FORWARD: 1, Position.MIDSHIPS: 2, Position.AFT: 3, Position.STERN: 4}


# ---------------------------------------------------------------------------------------------
# Table access with clear errors for a malformed house rule


@contextmanager
def using(table: Table, expected: str) -> Iterator[Table]:
    """Turn a malformed table (usually a house rule) into an error that says what was expected."""
    try:
        yield table
    except ShipyardError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        who = "house-rule" if table.house_rule else "bundled"
        raise ShipyardError(f"saunders table {table.name!r} ({who}) cannot be read: expected {expected} ({type(exc).__name__}: {exc})") from None


def modifier(table: Table, when: str) -> int:
    """The modifier of the row `when` in a {modifiers: [{when, mod}]} table (or a list of {when, mod} rows): what a
    reminder or a reason quotes, so a house rule reaches it; a house rule without the row is a clear error."""
    return int(modifier_row(table, when)["mod"])


def modifier_row(table: Table, when: str) -> dict:
    """The row `when` of a modifiers table (see `modifier`), to read or to cite."""
    rows = table.rows["modifiers"] if isinstance(table.rows, dict) else table.rows
    for m in rows:
        if m["when"] == when:
            return m
    raise ShipyardError(f"saunders table {table.name!r} ({table.tag()}) has no modifier {when!r}: "
                        "a house rule may change its value, not drop the row")


def _fmt(x: float) -> str:
    """A number as a player writes it: 6, 6.5, 0.33."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _num(x: float) -> float | int:
    """Whole numbers as ints in the JSON (6, not 6.0)."""
    return int(x) if float(x).is_integer() else x


def _where(position: str | None) -> str:
    return {None: "", "bow": " at the bow", "stern": " at the stern"}.get(position, f" {position}" if position else "")


# ---------------------------------------------------------------------------------------------
# Scale and movement


def guns_at_one_ship(tables: Tables, guns: int) -> int:
    """How many of a fort face's `guns` may fire at any one ship: a share of them, rounded up, but no fewer than the
    least (fort_fire one_ship_share and one_ship_least, reconstructed; share 1: every gun)."""
    rows = tables.require("fort_fire").rows
    share, least = int(rows.get("one_ship_share", 1)), int(rows.get("one_ship_least", 1))
    return min(guns, max(least, -(-guns // share)))


def scale_factor(ctx: Context) -> tuple[float, str]:
    """(distance multiplier, scale) for the scale asked for; 1/1200 when none is."""
    t = ctx.tables.require("scales")
    return resolve_scale(ctx, t.rows, NATIVE_SCALE, t, rules="the Saunders rules")


def round_speed(tables: Tables, knots: float, down: bool = False) -> float:
    t = tables.require("movement")
    with using(t, "movement.rows.speed_step_kn, a number"):
        step = float(t.rows["speed_step_kn"])
    q = knots / step
    q = math.floor(q + 1e-9) if down else math.floor(q + 0.5)
    return q * step


def astern_speed(tables: Tables, max_kn: float, double_ender: bool) -> tuple[float, Reason]:
    t = tables.require("movement")
    with using(t, "movement.rows with astern_fraction and double_ender_astern_fraction"):
        frac = float(t.rows["double_ender_astern_fraction" if double_ender else "astern_fraction"])
    value = round_speed(tables, max_kn * frac, down=True)
    who = "double-ender" if double_ender else "single-ended"
    return value, because(f"{who}: {_fmt(max_kn)} kn × {_fmt(round(frac, 3))} = {_fmt(round(max_kn * frac, 2))}, down to the half knot → {_fmt(value)} kn ({t.cite()})",
                          "Vessel.speed_kn", "Vessel.double_ender",
                          t.cite("double_ender_astern_fraction" if double_ender else "astern_fraction"), t.cite("speed_step_kn"))


# ---------------------------------------------------------------------------------------------
# Hull


def hull_points(tables: Tables, length_ft: float, beam_ft: float) -> tuple[int, Reason]:
    t = tables.require("hull")
    total = length_ft + beam_ft
    with using(t, "hull rows [{min_ft, hull}] in ascending min_ft"):
        row = band_lookup(t.rows, total, lower="min_ft", table=t)
        hull = int(row["hull"])
    return hull, because(f"length {_fmt(length_ft)} ft + beam {_fmt(beam_ft)} ft = {_fmt(total)} ft ≥ {_fmt(row['min_ft'])} → {hull} ({t.cite(row)})",
                         t.cite(row), "Vessel.length_ft", "Vessel.beam_ft")


def speed_thresholds(tables: Tables, hull: int, max_kn: float) -> list[dict[str, Any]]:
    """Hull boxes lost at which speed falls, and the speed then: [{lost, fraction, speed_kn}]. One rounding for every
    fraction: down to the speed step (half a knot), as the text rounds ¾ speed down and its own example keeps halves
    (Morgan 10 kn: ¾ = 7½, ½ = 5; Selma 9 kn: ¾ = 6¾ → 6½)."""
    t = tables.require("hull_speed")
    out = []
    with using(t, "hull_speed rows [{lost_fraction, speed_fraction}]"):
        for row in t.rows:
            lost = math.ceil(hull * float(row["lost_fraction"]) - 1e-9)
            raw = max_kn * float(row["speed_fraction"])
            speed = round_speed(tables, raw, down=True)
            out.append({"lost": lost, "fraction": float(row["speed_fraction"]), "speed_kn": _num(speed)})
    return out


# ---------------------------------------------------------------------------------------------
# Armour


def armour_rating(tables: Tables, iron_in: float) -> tuple[int, Reason]:
    t = tables.require("armour_rating")
    with using(t, "armour_rating rows [{min_in, rating}] in ascending min_in"):
        row = band_lookup(t.rows, iron_in, lower="min_in", table=t)
        rating = int(row["rating"])
    return rating, because(f"≥ {_fmt(row['min_in'])} in → {rating} ({t.cite(row)})", t.cite(row))


def _rate(tables: Tables, armour) -> tuple[int, float, Reason]:
    materials = tables.require("materials")
    eq, how = iron_equivalent(armour, materials)
    rating, why = armour_rating(tables, eq)
    cov = " (partial)" if armour.coverage is Coverage.PARTIAL else ""
    return rating, eq, because(f"{armour.area.value}{cov}: {how} {why}", why, "Vessel.armour",
                               materials.cite(getattr(armour.material, "value", armour.material)),
                               *([materials.cite("backing")] if armour.backing_in else ()))


def _best(tables: Tables, entries: list) -> tuple[int, float, Reason] | None:
    """The strongest full-coverage entry, else the strongest partial one."""
    if not entries:
        return None
    full = [a for a in entries if a.coverage is Coverage.FULL]
    rated = [_rate(tables, a) for a in (full or entries)]
    return max(rated, key=lambda r: r[1])


def armour_sections(tables: Tables, v: Vessel) -> dict[str, tuple[int, Reason]]:
    """Rating and reason for bow, midships, stern and any section that differs from the default."""
    hull_entries = v.armour_at(ArmourArea.CASEMATE, ArmourArea.SIDE)
    mid = _best(tables, hull_entries)
    full_mid = bool(mid) and any(a.coverage is Coverage.FULL for a in hull_entries)
    out: dict[str, tuple[int, Reason]] = {}
    record = Recorded("Vessel.armour")
    if mid is None:
        out["midships"] = (0, because("no side, belt or casemate armour: unarmoured (" + tables.require("armour_rating").cite()
                                      + ")", tables.require("armour_rating").cite("[0]"), record))
    else:
        out["midships"] = (mid[0], "general armour (casemate, side or belt), the strongest: " + mid[2])
    for section, area in (("bow", ArmourArea.BOW), ("stern", ArmourArea.STERN)):
        own = _best(tables, v.armour_at(area)) or _best(tables, v.armour_at(ArmourArea.ENDS))
        if own is not None:
            out[section] = (own[0], f"{section} armoured separately: " + own[2])
        elif mid is None or full_mid:
            out[section] = (out["midships"][0], because(f"no separate {section} armour: the general rating {out['midships'][0]} "
                                                        "(source: ratings default to the general armour)", out["midships"][1]))
        else:
            out[section] = (0, because(f"the side/casemate armour is partial and no {section} or ends armour is recorded: "
                                       f"unarmoured at the {section}", record))
    default = out["midships"][0]

    # Armament: a monitor's turret armour; guns above a belt with no casemate are unprotected.
    extras: dict[str, tuple[int, Reason]] = {}
    if v.turrets:
        rated = []
        for tur in v.turrets:
            best = _best(tables, [a for a in v.armour_at(ArmourArea.TURRET) if a.turret in (tur.id, None)])
            rated.append((tur.id, best))
        weakest = min(rated, key=lambda r: r[1][1] if r[1] else 0.0)
        if weakest[1] is None:
            extras["armament"] = (0, because(f"turret {weakest[0]!r} has no recorded armour: unarmoured", record, "Vessel.turrets"))
        else:
            more = " (the weakest of the turrets)" if len(rated) > 1 else ""
            extras["armament"] = (weakest[1][0], f"turret {weakest[0]!r}{more} is the Armament section (source): " + weakest[1][2])
    elif (v.armour_at(ArmourArea.SIDE) and not v.armour_at(ArmourArea.CASEMATE)
          and v.armament and all(m.mounting is not Mounting.CASEMATE for m in v.armament)):
        extras["armament"] = (0, because("side armour only and no casemate: the guns above it are unprotected", record,
                                         "Vessel.armament"))

    pilot = _best(tables, v.armour_at(ArmourArea.PILOT_HOUSE))
    if pilot is not None:
        extras["pilot_house"] = (pilot[0], pilot[2])
    machinery = _best(tables, v.armour_at(ArmourArea.MACHINERY))
    if machinery is not None:
        extras["machinery"] = (machinery[0], machinery[2])
    steering = v.armour_at(ArmourArea.STEERING)
    if steering:
        # the weakest recorded entry: one exposed run of chain is enough to lose the rudder
        rated = [_rate(tables, a) for a in steering]
        weakest = min(rated, key=lambda r: r[1])
        extras["steering"] = (weakest[0], "steering gear as recorded" + (" (the weakest entry)" if len(rated) > 1 else "")
                              + ": " + weakest[2] + ("; exposed" if weakest[1] == 0 else ""))
    wheels = _best(tables, v.armour_at(ArmourArea.WHEEL_HOUSES))
    if wheels is not None:
        extras["propulsion"] = (wheels[0], "paddle wheels: " + wheels[2])
    elif v.propulsion.kind in (PropulsionKind.SIDEWHEEL, PropulsionKind.STERNWHEEL) and default > 0:
        extras["propulsion"] = (0, because(f"{v.propulsion.kind.value} paddle wheels outside the armour and no wheel-house "
                                           "armour recorded: unarmoured", record, "Vessel.propulsion"))
    ordered = {section: out[section] for section in SECTIONS}
    for section in EXTRA_SECTIONS:
        if section in extras and (extras[section][0] != default or (section == "steering" and steering)):
            ordered[section] = extras[section]
    return ordered


# ---------------------------------------------------------------------------------------------
# Turning


def max_turn(tables: Tables, v: Vessel) -> tuple[int, int, Reason, Reason]:
    """(turn, turn with a spar torpedo deployed, reason, spar reason)."""
    t = tables.require("turn")
    with using(t, "turn rows {ladder_deg: [...], by_length: [{min_ft, turn_deg}], steps: [{when, steps}], spar_torpedo_deployed_steps}"):
        ladder = [int(x) for x in t.rows["ladder_deg"]]
        row = band_lookup(t.rows["by_length"], v.length_ft, lower="min_ft", table=t)
        base = int(row["turn_deg"])
        idx = min(range(len(ladder)), key=lambda i: abs(ladder[i] - base))
        facts = {
            "sidewheel": v.propulsion.kind is PropulsionKind.SIDEWHEEL,
            "double_ender": v.double_ender,
            "casemate_ironclad": v.type is VesselType.CASEMATE_IRONCLAD,
            "sail_only": v.propulsion.kind is PropulsionKind.SAIL,
        }
        words = [f"length {_fmt(v.length_ft)} ft ≥ {_fmt(row['min_ft'])} → {base}°"]
        shift = 0
        cites = [t.cite("ladder_deg"), t.cite(row), "Vessel.length_ft"]
        for step in t.rows["steps"]:
            if facts.get(step["when"]):
                shift += int(step["steps"])
                cites.append(t.cite(step))
                words.append(f"{step['when'].replace('_', ' ')} {int(step['steps']):+d} step")
        final = ladder[max(0, min(len(ladder) - 1, idx + shift))]
        spar_steps = int(t.rows["spar_torpedo_deployed_steps"])
        spar = ladder[max(0, min(len(ladder) - 1, ladder.index(final) + spar_steps))]
    reason = because(", ".join(words) + f" → {final}° on the ladder {ladder} ({t.cite()})", *cites, "Vessel.type",
                     "Vessel.propulsion", "Vessel.double_ender")
    spar_reason = because(f"{final}° {spar_steps:+d} step with the spar torpedo deployed → {spar}° (source: one level less; "
                          f"{t.cite()})", reason, t.cite("spar_torpedo_deployed_steps"), "Vessel.spar_torpedo")
    return final, spar, reason, spar_reason


# ---------------------------------------------------------------------------------------------
# Guns


def gun_strength(tables: Tables, projectile_lb: float) -> tuple[int, bool, Reason]:
    t = tables.require("gun_strength")
    with using(t, "gun_strength rows [{max_lb, strength, light}] in ascending max_lb"):
        row = band_lookup(t.rows, projectile_lb, upper="max_lb", table=t)
        strength, light = int(row["strength"]), bool(row["light"])
    return strength, light, because(f"heaviest projectile {_fmt(projectile_lb)} lb ≤ {_fmt(row['max_lb'])} lb → strength {strength}{', light' if light else ''} ({t.cite(row)})",
                                    t.cite(row), "Ordnance.projectile_lb")


def gun_ranges(tables: Tables, strength: int, rifled: bool, light: bool, factor: float) -> tuple[dict[str, float | None], Reason]:
    t = tables.require("gun_ranges")
    with using(t, "gun_ranges rows {rifle_long_factor, bands: [{min_strength, point_blank_in, effective_in, long_in}]}"):
        row = band_lookup(t.rows["bands"], strength, lower="min_strength", table=t)
        rifle_f = float(t.rows["rifle_long_factor"]) if rifled else 1.0
        pb, eff, long_ = float(row["point_blank_in"]), float(row["effective_in"]), float(row["long_in"]) * rifle_f
    ranges = {"point_blank": _num(pb * factor), "effective": _num(eff * factor), "long": None if light else _num(round(long_ * factor, 1))}
    words = f"strength {strength} → point blank {_fmt(pb)}, effective {_fmt(eff)}, long {_fmt(long_)} in"
    if rifled:
        words += f" (rifle: long × {_fmt(rifle_f)})"
    if light:
        words += "; light gun: no Long range (source)"
    if factor != 1:
        words += f"; × {_fmt(factor)} for the scale"
    return ranges, because(words + f" ({t.cite(row)})", t.cite(row), *([t.cite("rifle_long_factor")] if rifled else ()))


def penetration(tables: Tables, dav: int, strength: int, armour: int, rifled: bool = False,
                band: str = "effective") -> tuple[int, dict, Reason]:
    """The text's arithmetic: DAV + strength - armour, +1 rifle, +1 point blank, -1 long; and its effect."""
    t = tables.require("penetration")
    with using(t, "penetration rows {dav_faces, modifiers: [{when, mod}]}"):
        mods = {m["when"]: int(m["mod"]) for m in t.rows["modifiers"]}
        total = dav + strength - armour
        words = [f"DAV {dav} + strength {strength} - armour {armour}"]
        for when, applies in (("Rifle", rifled), ("Point blank range", band == "point_blank"), ("Long range", band == "long")):
            if applies:
                total += mods[when]
                words.append(f"{mods[when]:+d} {when.lower()}")
    r = tables.require("penetration_result")
    with using(r, "penetration_result rows [{min_total, hull, critical, effect}]"):
        row = band_lookup(r.rows, total, lower="min_total", table=r)
    return total, row, because(" ".join(words) + f" = {total}: {row['effect']} ({r.cite(row)})", r.cite(row), t.cite("modifiers"))


def _arc_text(spec: str) -> str:
    facing, width = spec.rsplit(" ", 1)
    return f"{facing} {width}°"


def parse_arc(text: str) -> tuple[str, float | None, float]:
    """'port bow 10°' -> ('port bow', 315.0, 10.0): facing, centre bearing (None if sited), width."""
    facing, width = text.rstrip("°").rsplit(" ", 1)
    return facing, FACING_DEG.get(facing), float(width)


def mount_arcs(tables: Tables, mounting: str, position: str | None, enclosed: bool) -> tuple[list[str], bool, Reason]:
    t = tables.require("gun_arcs")
    with using(t, "gun_arcs rows [{mounting, position?: [...], enclosed?: bool, arcs: ['port 10', ...], split_sides?}]"):
        for row in t.rows:
            if row["mounting"] != mounting:
                continue
            if "position" in row and position not in row["position"]:
                continue
            if "enclosed" in row and bool(row["enclosed"]) != enclosed:
                continue
            arcs = [_arc_text(a) for a in row["arcs"]]
            for a in arcs:
                facing = parse_arc(a)[0]
                if facing not in FACING_DEG and facing != "sited":
                    raise ValueError(f"unknown facing {facing!r}")
            where = f"{mounting}" + _where(position) + (", inside a casemate" if enclosed and mounting == "pivot" else "")
            return arcs, bool(row.get("split_sides")), because(f"{where} → {', '.join(arcs)} ({t.cite(row)})", t.cite(row),
                                                               "Mount.mounting", "Mount.position")
    raise ShipyardError(f"saunders table 'gun_arcs' has no row for a {mounting} mount" + _where(position))


def turret_roles(v: Vessel) -> dict[str, str]:
    """Each turret's place on the monitor: single; fore/aft; fore/centre/aft (bow to stern)."""
    order = sorted(enumerate(v.turrets), key=lambda it: (_POSITION_ORDER[it[1].position], it[0]))
    names = {1: ["single"], 2: ["fore", "aft"], 3: ["fore", "centre", "aft"]}[len(order)]
    return {t.id: role for (_, t), role in zip(order, names)}


def turret_arcs(tables: Tables, v: Vessel, turret_id: str) -> tuple[list[str], list[str], Reason]:
    """(open arcs, blocked arcs, reason) for a turret of this vessel."""
    t = tables.require("turret_arcs")
    roles = turret_roles(v)
    role = roles[turret_id]
    with using(t, "turret_arcs rows {arcs, width_deg, blocked: {'1': {single: []}, '2': {fore, aft}, '3': {...}}, stern_wheel_blocks}"):
        arcs = list(t.rows["arcs"])
        width = _fmt(float(t.rows["width_deg"]))
        blocked = list(t.rows["blocked"][str(len(v.turrets))][role])
        why = [f"{len(v.turrets)}-turret monitor, {role} turret" + (f": {', '.join(blocked)} blocked" if blocked else ": all arcs")]
        cites = [t.cite("arcs"), t.cite("width_deg"), t.cite(f"blocked.{len(v.turrets)}.{role}"), "Vessel.turrets"]
        if v.propulsion.kind is PropulsionKind.STERNWHEEL:
            extra = [a for a in t.rows["stern_wheel_blocks"] if a not in blocked]
            blocked += extra
            why.append(f"stern wheel blocks {', '.join(t.rows['stern_wheel_blocks'])}")
            cites += [t.cite("stern_wheel_blocks"), "Vessel.propulsion"]
    open_arcs = [f"{a} {width}°" for a in arcs if a not in blocked]
    return open_arcs, blocked, because("; ".join(why) + f" → {', '.join(open_arcs)} ({t.cite()})", *cites)


def _enclosed(v: Vessel) -> bool:
    return v.type is VesselType.CASEMATE_IRONCLAD or bool(v.armour_at(ArmourArea.CASEMATE))


# ---------------------------------------------------------------------------------------------
# The whole derivation


def derive(unit: Vessel | Fort, ctx: Context) -> Derived:
    """The unit's SaundersStats, built field by field, with a Reason for each value (by its path)."""
    reasons = Reasons()
    factor, scale = scale_factor(ctx)
    scales = ctx.tables.require("scales")
    fields = {"scale": reasons.given("scale", scale, because(f"distances at {scale}: × {_fmt(factor)} ({scales.cite()})",
                                                            scales.cite(scale)))}
    if is_fort(unit):
        fields |= _derive_fort(unit, ctx, reasons, factor)
    else:
        fields |= _derive_vessel(unit, ctx, reasons, factor, scale)
    return Derived.of(unit, KEY, SaundersStats(**fields), reasons)


def _derive_vessel(v: Vessel, ctx: Context, reasons: Reasons, factor: float, scale: str) -> dict[str, Any]:
    """A vessel's fields of SaundersStats (all but the scale), in the order `stats --json` prints them."""
    tables = ctx.tables
    scales = tables.require("scales")
    out: dict[str, Any] = {}
    given = reasons.given
    mv = tables.require("movement")
    with using(mv, "movement rows {inches_per_knot, acceleration_kn, astern_fraction, double_ender_astern_fraction, speed_step_kn}"):
        per_knot = float(mv.rows["inches_per_knot"])
        accel = float(mv.rows["acceleration_kn"])
    out["unit"] = given("unit", "vessel", because(f"{v.type.value} ({v.navy.value})", "Vessel.kind", "Vessel.type", "Vessel.navy"))
    max_kn = round_speed(tables, v.speed_kn)
    speed = because(f"speed {_fmt(v.speed_kn)} kn ({v.speed_basis.value}) to the half knot → {_fmt(max_kn)} kn; 1 kn = "
                    f"{_fmt(per_knot)} in a turn ({mv.cite()})", "Vessel.speed_kn", mv.cite("speed_step_kn"))
    out["max_speed_kn"] = given("max_speed_kn", _num(max_kn), speed)
    astern, why = astern_speed(tables, max_kn, v.double_ender)
    out["astern_speed_kn"] = given("astern_speed_kn", _num(astern), why)
    out["acceleration_kn"] = given("acceleration_kn", _num(accel), because(
        f"speed may change {_fmt(accel)} kn a turn ({mv.cite()})", mv.cite("acceleration_kn")))
    per_inch = (mv.cite("inches_per_knot"), scales.cite(scale))
    out["move_in"] = given("move_in", _num(max_kn * per_knot * factor), because(
        f"{_fmt(max_kn)} kn × {_fmt(per_knot)} in/kn × {_fmt(factor)} (scale) ({mv.cite()})", speed, *per_inch))
    out["astern_move_in"] = given("astern_move_in", _num(astern * per_knot * factor), because(
        f"{_fmt(astern)} kn × {_fmt(per_knot)} in/kn × {_fmt(factor)} (scale) ({mv.cite()})", why, *per_inch))

    hull, why = hull_points(tables, v.length_ft, v.beam_ft)
    out["hull"] = given("hull", hull, why)
    hs = tables.require("hull_speed")
    out["speed_thresholds"] = [SpeedThreshold(**given(f"speed_thresholds[{i}]", th, because(
              f"{_fmt(th['fraction'])} speed once {th['lost']} of {hull} hull boxes are lost: {_fmt(max_kn)} kn → {_fmt(th['speed_kn'])} kn ({hs.cite()})",
              hs.cite(f"[{i}]"), why, speed, mv.cite("speed_step_kn")))) for i, th in enumerate(speed_thresholds(tables, hull, max_kn))]

    turn, spar_turn, why, spar_why = max_turn(tables, v)
    out["max_turn_deg"] = given("max_turn_deg", turn, why)
    if v.spar_torpedo:
        out["max_turn_deg_spar_deployed"] = given("max_turn_deg_spar_deployed", spar_turn, spar_why)

    out["armour"] = Armour(**{section: given(f"armour.{section}", rating, why)
                              for section, (rating, why) in armour_sections(tables, v).items()})

    st = tables.require("small_target")
    with using(st, "small_target rows {under_length_ft, monitors, to_hit_modifier}"):
        limit = float(st.rows["under_length_ft"])
        monitor_rule = bool(st.rows["monitors"])
        mod = int(st.rows["to_hit_modifier"])
    is_monitor = v.type is VesselType.MONITOR
    small = v.length_ft < limit or (monitor_rule and is_monitor)
    if is_monitor and monitor_rule:
        why = f"a monitor: {mod:+d} to hit her"
    elif small:
        why = f"{_fmt(v.length_ft)} ft < {_fmt(limit)} ft: {mod:+d} to hit her"
    else:
        why = f"{_fmt(v.length_ft)} ft, not under {_fmt(limit)} ft and not a monitor"
    out["small_target"] = given("small_target", small, because(why + f" ({st.cite()})", "Vessel.length_ft", "Vessel.type",
                                         st.cite("under_length_ft"), st.cite("monitors")))

    rams = tables.require("ramming_modifiers")
    when = "Own ship the rammer, ram bow" if v.ram_bow else "Own ship the rammer, no ram bow"
    out["ram_bow"] = given("ram_bow", v.ram_bow, because(("ram bow fitted (library)" if v.ram_bow else "no ram bow in the library")
          + f": {modifier(rams, when):+d} when ramming ({rams.cite()})", "Vessel.ram_bow", rams.cite(modifier_row(rams, when))))
    paddles = v.paddle_wheels
    out["paddles"] = given("paddles", paddles, because(f"{v.propulsion.kind.value}: {paddles} paddle wheel{'s' if paddles != 1 else ''}"
                                      + (" (each can be lost to a ram or critical 53-56)" if paddles else ""), "Vessel.propulsion"))
    out["drive"] = given("drive", v.propulsion.kind.value, because("propulsion (library)", "Vessel.propulsion"))
    out["draught_ft"] = given("draught_ft", _num(v.draught_ft), because(f"draught {_fmt(v.draught_ft)} ft (library): she grounds in water shallower"
                                                      " than this (grounding)", "Vessel.draught_ft"))
    out["double_ender"] = given("double_ender", v.double_ender, because("double-ended: full speed astern" if v.double_ender else "single-ended",
                                                  "Vessel.double_ender"))
    out["spar_torpedo"] = given("spar_torpedo", v.spar_torpedo, because("spar torpedo fitted (library)" if v.spar_torpedo else "no spar torpedo",
                                                  "Vessel.spar_torpedo"))

    enclosed = _enclosed(v)
    out["guns"] = given("guns", [], because(f"{len(v.armament)} gun mount{'s' if len(v.armament) != 1 else ''} in the library"
                                            + ("" if v.armament else ": no guns (a spar torpedo or ram only)"), "Vessel.armament"))
    for i, m in enumerate(v.armament):
        gun = ctx.library.gun(m)
        base = f"guns[{i}]"
        g: dict[str, Any] = {}
        g["name"] = given(f"{base}.name", gun.name, because(f"{m.gun} ({gun.kind.value}, {_fmt(gun.calibre_in)} in)", "Mount.gun", "Ordnance.name"))
        g["count"] = given(f"{base}.count", m.count, because(f"{m.count} mounted {m.mounting.value}" + _where(m.position.value if m.position else None),
                                                "Mount.count"))
        strength, light, why = gun_strength(tables, gun.projectile_lb)
        g["strength"] = given(f"{base}.strength", strength, why)
        g["rifled"] = given(f"{base}.rifled", gun.rifled, because(f"{gun.kind.value}: " + ("+1 to hit and +1 penetration (source)" if gun.rifled
                                                                            else "no rifle bonus"), "Ordnance.kind"))
        g["light"] = given(f"{base}.light", light, because("light gun: cannot fire at Long range (source)" if light else "not a light gun", why))
        if m.mounting is Mounting.TURRET:
            arcs, blocked, why = turret_arcs(tables, v, m.turret or "")
            g["turret"] = given(f"{base}.turret", m.turret, because(f"turret {m.turret!r} ({turret_roles(v)[m.turret or '']})", "Mount.turret",
                                                      "Vessel.turrets"))
            g["arcs"] = given(f"{base}.arcs", arcs, why)
            g["blocked_arcs"] = given(f"{base}.blocked_arcs", blocked, because("arcs this turret may face but not fire into (source)", why))
        else:
            pos = m.position.value if m.position else None
            arcs, split, why = mount_arcs(tables, m.mounting.value, pos, enclosed)
            g["arcs"] = given(f"{base}.arcs", arcs, why)
            if split:
                per = (m.count + 1) // 2
                g["per_side"] = given(f"{base}.per_side", per, because(f"{m.count} guns split between the two sides → {per} a side"
                                                       + (" (odd: the spare on either)" if m.count % 2 else ""), why, "Mount.count"))
        ranges, why = gun_ranges(tables, strength, gun.rifled, light, factor)
        g["ranges_in"] = Ranges(**given(f"{base}.ranges_in", ranges, why))
        out["guns"].append(Gun(**g))
    return out


def _derive_fort(f: Fort, ctx: Context, reasons: Reasons, factor: float) -> dict[str, Any]:
    """A fort's fields of SaundersStats (all but the scale): walls all round, guns, no movement."""
    tables = ctx.tables
    out: dict[str, Any] = {}
    given = reasons.given
    fort = Recorded("Fort.kind")
    out["unit"] = given("unit", "fort", because(f"fort at {f.place} ({f.navy.value}): no movement", fort, "Fort.place"))
    for key in ("max_speed_kn", "astern_speed_kn", "move_in", "astern_move_in"):
        out[key] = given(key, 0, because("a fort does not move", fort))
    fh = tables.require("fort_hull")
    guns = sum(m.count for m in f.armament)
    with using(fh, "fort_hull rows {base, per_gun, max}"):
        raw = float(fh.rows["base"]) + float(fh.rows["per_gun"]) * guns
        hull = int(min(float(fh.rows["max"]), math.floor(raw)))
    out["hull"] = given("hull", hull, because(f"{_fmt(fh.rows['base'])} + {_fmt(fh.rows['per_gun'])} × {guns} guns = {_fmt(raw)}, cap {_fmt(fh.rows['max'])} → {hull} ({fh.cite()})",
                                *(fh.cite(k) for k in ("base", "per_gun", "max")), "FortMount.count"))
    fw = tables.require("fort_walls")
    mat = f.walls.material.value
    with using(fw, "fort_walls rows {material: {in_per_ft, default_ft}}"):
        per_ft = float(fw.rows[mat]["in_per_ft"])
        thick = f.walls.thickness_ft if f.walls.thickness_ft is not None else float(fw.rows[mat]["default_ft"])
    assumed = "" if f.walls.thickness_ft is not None else " (thickness not recorded: table default)"
    eq = thick * per_ft
    rating, why = armour_rating(tables, eq)
    out["armour"] = Armour(**{section: given(f"armour.{section}", rating, because(
              f"{mat} walls {_fmt(thick)} ft{assumed} × {_fmt(per_ft)} in/ft = {_fmt(round(eq, 2))} in iron ({fw.cite()}) {why}; a fort's walls face every way",
              why, fw.cite(f"{mat}.in_per_ft"), "Fort.walls", *([] if f.walls.thickness_ft is not None else [fw.cite(f"{mat}.default_ft")])))
        for section in SECTIONS})
    out["small_target"] = given("small_target", False, because("a fort is never a small target", fort))
    out["ram_bow"] = given("ram_bow", False, because("a fort", fort))
    out["paddles"] = given("paddles", 0, because("a fort", fort))
    out["spar_torpedo"] = given("spar_torpedo", False, because("a fort", fort))
    out["guns"] = given("guns", [], because(f"{len(f.armament)} gun mounts in the fort", "Fort.armament"))
    for i, m in enumerate(f.armament):
        gun = ctx.library.gun(m)
        base = f"guns[{i}]"
        g: dict[str, Any] = {}
        g["name"] = given(f"{base}.name", gun.name, because(f"{m.gun} ({gun.kind.value}, {_fmt(gun.calibre_in)} in)", "FortMount.gun", "Ordnance.name"))
        g["count"] = given(f"{base}.count", m.count, because(f"{m.count} in the fort", "FortMount.count"))
        strength, light, why = gun_strength(tables, gun.projectile_lb)
        g["strength"] = given(f"{base}.strength", strength, why)
        g["rifled"] = given(f"{base}.rifled", gun.rifled, because(f"{gun.kind.value}", "Ordnance.kind"))
        g["light"] = given(f"{base}.light", light, because("light gun: cannot fire at Long range (source)" if light else "not a light gun", why))
        arcs, _, why = mount_arcs(tables, "fort", None, True)
        g["arcs"] = given(f"{base}.arcs", arcs, why + "; each gun's facing is set when the fort is placed")
        ranges, why = gun_ranges(tables, strength, gun.rifled, light, factor)
        g["ranges_in"] = Ranges(**given(f"{base}.ranges_in", ranges, why))
        out["guns"].append(Gun(**g))
    return out


def plays(unit_id: str, ctx: Context) -> bool:
    """Whether a unit of the scenario in hand takes part: every one but a fort its set-up places nowhere (a ship may
    come on later by a special rule; a fort cannot, and its guns bear on no water of the plan: Fort Powell at Mobile
    Bay, at Grant's Pass far west of it). No sheet, counter or set-up row for her, and the cover counts her not."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    library = getattr(ctx, "library", None)
    if setup is None or not setup.starts or library is None:
        return True
    return not (is_fort(library.units.get(unit_id)) and unit_id not in setup.starts)
