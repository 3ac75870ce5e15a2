"""Quick Play (EDNA) stats from history: small pure functions over the tables in tables.yaml.

Every number comes from a table, so a house-rules file changes results without code changes, and every
value goes into the QuickPlayStats model with a Reason quoting its inputs and citing the table rows it used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...errors import ShipyardError
from ...library.model import ArmourMaterial, Fort, Mount, Ordnance, Vessel
from ..derived import Reasons, Cite, Derived, Formula, Reason, because
from ..context import Context
from ..tables import Table
from .stats import Cannonade, QuickPlayStats, Speeds

RULESET_KEY = "quick-play"
HERE = Path(__file__).resolve().parent
IRON = (ArmourMaterial.IRON, ArmourMaterial.RAILWAY_IRON)


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


def _num(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) > 1e-9 else str(int(round(x)))


# ---------------------------------------------------------------------------------------------
# Ship type, speeds, turning, ram


def main_iron_in(vessel: Vessel) -> float:
    """Thickest iron on the side or casemate (the test for an ironclad)."""
    from ...library.model import ArmourArea

    plates = [a.thickness_in for a in vessel.armour_at(ArmourArea.SIDE, ArmourArea.CASEMATE) if a.material in IRON]
    return max(plates, default=0.0)


def classify(vessel: Vessel, rules: Table) -> tuple[str, str]:
    """(Quick Play type, which rule matched) — first matching row of type_rules."""
    row = type_rule(vessel, rules)
    return row["type"], row.get("when", row["type"])


def type_rule(vessel: Vessel, rules: Table) -> dict:
    """The first row of type_rules that matches the vessel."""
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
        return row
    raise ShipyardError(f"type_rules: no row matches {vessel.name} ({vessel.type.value}); the last row should match anything")


def type_row(qp_type: str, table: Table) -> dict:
    for row in table.rows:
        if row["type"] == qp_type:
            return row
    raise ShipyardError(f"ship_types: no row for type {qp_type!r} (rows: {', '.join(r['type'] for r in table.rows)})")


def is_ram(vessel: Vessel, table: Table) -> tuple[bool, Reason]:
    rows = table.rows
    if rows.get("ram_bow") and vessel.ram_bow:
        return True, because("built with a ram bow", "Vessel.ram_bow", table.cite("ram_bow"))
    if vessel.type.value in rows.get("vessel_types", []):
        return True, because(f"a vessel of type {vessel.type.value}", "Vessel.type", table.cite("vessel_types"))
    return False, because("no ram bow" + (" and not a ram" if rows.get("vessel_types") else ""), "Vessel.ram_bow",
                          "Vessel.type", table.cite("ram_bow"), table.cite("vessel_types") if rows.get("vessel_types") else None)


# ---------------------------------------------------------------------------------------------
# EDNA


def iron_inches(armour, materials: Table) -> float:
    """Inches of iron an armour area counts as by the materials table (each material's per_inch, and the wood
    backing behind the plate at backing's), house rules included."""
    rows = materials.rows
    per = float(materials.need(rows, armour.material.value, "{per_inch: number}")["per_inch"])
    back = float(materials.need(rows, "backing", "{per_inch: number}")["per_inch"])
    return armour.thickness_in * per + (armour.backing_in or 0.0) * back


def edna_armour_in(vessel: Vessel, rows: dict, materials: Table) -> tuple[float, str]:
    """Thickest iron-equivalent protection over the EDNA areas (by the materials table); partial coverage
    weighted. (value, words)"""
    areas = set(rows.get("armour_areas", []))
    best, words = 0.0, "no armour"
    for a in vessel.armour:
        if a.area.value not in areas or a.material is ArmourMaterial.COTTON:
            continue
        value = iron_inches(a, materials)
        w = float(rows.get("partial_weight", 1.0)) if a.coverage.value == "partial" else 1.0
        if value * w > best:
            best = value * w
            words = f"{a.area.value} {_num(a.thickness_in)} in {a.material.value.replace('_', ' ')}"
            if a.backing_in:
                words += f" + {_num(a.backing_in)} in wood"
            if w != 1.0:
                words += f", partial ×{_num(w)}"
            words += f" = {best:.2f} in" + (f" of iron ({materials.cite()})" if a.backing_in or
                                             a.material is not ArmourMaterial.IRON else "")
    return best, words


def gun_count(unit: Vessel | Fort) -> int:
    return sum(m.count for m in unit.armament)


def vessel_edna(tons: float, guns: int, armour_in: float, rows: dict) -> tuple[int, float]:
    """(EDNA, unrounded score) from tonnage, gun count and armour: the fitted formula."""
    score = (float(rows["base"]) + float(rows["per_sqrt_hundred_tons"]) * math.sqrt(max(tons, 0.0) / 100)
             + float(rows["per_sqrt_gun"]) * math.sqrt(max(guns, 0)) + float(rows["per_armour_inch"]) * max(armour_in, 0.0))
    return max(int(rows["minimum"]), min(int(rows["maximum"]), round_half_up(score))), score


def fort_edna(material: str, guns: int, edna_rows: dict, rows: dict) -> tuple[int, float]:
    """(EDNA, unrounded score) of a fort: the fitted base, the wall material's offset, and the ships' gun term."""
    offset = rows["wall_offset"].get(material)
    if offset is None:
        raise ShipyardError(f"edna_fort: no wall_offset for {material!r} (known: {', '.join(rows['wall_offset'])})")
    score = float(rows["base"]) + float(offset) + float(edna_rows["per_sqrt_gun"]) * math.sqrt(max(guns, 0))
    return max(int(rows["minimum"]), min(int(rows["maximum"]), round_half_up(score))), score


# ---------------------------------------------------------------------------------------------
# Cannonade factors


def gun_class(gun: Ordnance, table: Table, in_fort: bool = False) -> str:
    """How a piece fires in a cannonade: the first gun_classes row that matches it (a row with in_fort: true
    matches only a fort's pieces)."""
    row = gun_class_row(gun, table, in_fort)
    return row["class"] if row is not None else "none"


def gun_class_row(gun: Ordnance, table: Table, in_fort: bool = False) -> dict | None:
    """The gun_classes row a piece matches, or None (it fires in no class)."""
    for row in table.rows:
        if row.get("in_fort") and not in_fort:
            continue
        if "kinds" in row and gun.kind.value not in row["kinds"]:
            continue
        if "min_calibre_in" in row and gun.calibre_in < float(row["min_calibre_in"]):
            continue
        if "min_projectile_lb" in row and gun.projectile_lb < float(row["min_projectile_lb"]):
            continue
        maker = f"{gun.maker or ''} {gun.name}".lower()
        if "maker" in row and row["maker"].lower() not in maker:
            continue
        if "not_maker" in row and row["not_maker"].lower() in maker:
            continue
        return row
    return None


NAMES = {"heavy": "Heavy", "medium": "Medium", "parrot": "Parrott"}
CLASSES = ("racking", "heavy_rifle", "medium", "parrott", "light_rifle", "none")


@dataclass
class Tally:
    """The pieces bearing on one side (a ship) or on the channel (a fort, before its share), by firing class."""

    fort: bool = False
    pieces: dict[str, float] | None = None
    racking_lb: float = 0.0
    lines: list[str] | None = None
    cites: list[Cite] | None = None  # the gun_classes rows and bearing shares the tally read

    def n(self, cls: str) -> float:
        return (self.pieces or {}).get(cls, 0.0)


def bearing_tally(unit: Vessel | Fort, ctx: Context) -> Tally:
    t = ctx.tables
    share = t.bearing.rows
    tally = Tally(fort=isinstance(unit, Fort), pieces={c: 0.0 for c in CLASSES}, lines=[], cites=[])
    for m in unit.armament:
        gun = ctx.library.gun(m)
        row = gun_class_row(gun, t.gun_classes, in_fort=tally.fort)
        cls = row["class"] if row is not None else "none"
        tally.cites.append(t.gun_classes.cite(row) if row is not None else t.gun_classes.cite())
        if isinstance(m, Mount):
            how = m.mounting.value
            if how == "casemate" and m.position is not None and m.position.value in ("bow", "stern"):
                how = "casemate_ends"
            n = m.count * float(share.get(how, 1.0))
            if how in share:
                tally.cites.append(t.bearing.cite(how))
        else:
            how, n = "fort", float(m.count)
        tally.pieces[cls] = tally.pieces.get(cls, 0.0) + n
        if cls == "racking":
            tally.racking_lb += n * gun.projectile_lb
        tally.lines.append(f"{m.count} × {gun.id} ({how}" + (f", bears {_num(n)}" if how != "fort" else "") + f") → {cls}")
    return tally


def _down(x: float) -> int:
    return int(math.floor(x + 1e-9))


def _up(x: float) -> int:
    return int(math.ceil(x - 1e-9))


def cannonade(tally: Tally, rows: dict) -> dict[str, int]:
    """Heavy, Medium and Parrott factors from the pieces bearing and the fitted coefficients (cannonade_factors).

    A ship: racking pieces make one factor per racking_per_factor (rounded down) and each heavy rifle one; of
    these, one per heavy_racking_lb of racking shot and one per heavy_rifles_per_heavy heavy rifles (rounded up)
    are Heavies, the rest Mediums, with one more Medium per mediums_per_factor medium pieces. A fort brings
    fort_share of its pieces to bear; its heavy pieces make one Heavy per fort_heavy_pieces_per_heavy, its medium
    pieces one Medium per fort_mediums_per_medium. Parrott
    factors are one per parrotts_per_factor Parrott rifles plus one per light_rifles_per_factor light rifles,
    each rounded up. No factor exceeds most_per_factor."""
    cap = int(rows["most_per_factor"])
    s = float(rows["fort_share"]) if tally.fort else 1.0
    racking, rifles = tally.n("racking") * s, tally.n("heavy_rifle") * s
    per_medium = float(rows["fort_mediums_per_medium" if tally.fort else "mediums_per_factor"])
    extra_medium = _down(tally.n("medium") * s / per_medium)
    if tally.fort:
        heavy = _down((racking + rifles) / float(rows["fort_heavy_pieces_per_heavy"]))
        medium = extra_medium
    else:
        factors = _down(racking / float(rows["racking_per_factor"])) + _down(rifles)
        heavy = min(factors, _down(tally.racking_lb / float(rows["heavy_racking_lb"]))
                    + _up(rifles / float(rows["heavy_rifles_per_heavy"])))
        medium = factors - heavy + extra_medium
    parrot = (_up(tally.n("parrott") * s / float(rows["parrotts_per_factor"]))
              + _up(tally.n("light_rifle") * s / float(rows["light_rifles_per_factor"])))
    return {"heavy": min(cap, heavy), "medium": min(cap, medium), "parrot": min(cap, parrot)}


def at_least_one(factors: dict[str, int], guns: int, table: Table) -> dict[str, int]:
    """A unit with guns whose pieces round down to no factor gets one of least_factor's kind (else unchanged)."""
    if guns <= 0 or any(factors.values()):
        return factors
    return {**factors, table.rows["factor"]: 1}


# ---------------------------------------------------------------------------------------------
# Values the rules' author printed


@lru_cache(maxsize=1)
def _order_of_battle() -> dict:
    from ...library.yamlfile import read_yaml

    return read_yaml(HERE / "order_of_battle.yaml").data


def published(unit_id: str) -> dict | None:
    """The article's printed values for a unit ({edna, heavy, medium, parrot, scenario, source}), or None."""
    oob = _order_of_battle()
    for u in oob["units"]:
        if u["id"] == unit_id:
            return {**u, "scenario": oob["scenario"], "source": oob["source"]}
    return None


def covered(pub: dict) -> list[str]:
    """The library units one printed entry rates together (its `covers`, or just its own id)."""
    return list(pub.get("covers") or [pub["id"]])


def counted_within(unit_id: str) -> dict | None:
    """The printed entry that rates this unit together with another one (Fort Morgan's water battery), or None."""
    oob = _order_of_battle()
    for u in oob["units"]:
        if u["id"] != unit_id and unit_id in covered(u):
            return {**u, "scenario": oob["scenario"], "source": oob["source"]}
    return None


def as_printed(pub: dict, library: Any, date: Any = None) -> Vessel | Fort:
    """The unit the article rated: the library unit itself, or, where the entry covers several forts, one fort
    with all their guns (the first fort's walls, name and id), so the calculator sees what the article counted."""
    units = [library.unit_as_of(i, date) for i in covered(pub)]
    if len(units) == 1:
        return units[0]
    if not all(isinstance(u, Fort) for u in units):
        raise ShipyardError(f"order_of_battle.yaml: {pub['id']} covers {', '.join(covered(pub))}: only forts can be rated together")
    return units[0].model_copy(update={"armament": [m for u in units for m in u.armament]})


def split_whole(total: int, weights: list[float]) -> list[int]:
    """`total` shared out in proportion to `weights` (largest remainder; a tie goes to the one listed first; all
    to the first when every weight is nought)."""
    if sum(weights) <= 0:
        return [total] + [0] * (len(weights) - 1)
    quotas = [total * w / sum(weights) for w in weights]
    shares = [_down(q) for q in quotas]
    for i in sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - shares[i]), i))[: total - sum(shares)]:
        shares[i] += 1
    return shares


def printed_shares(pub: dict, ctx: Context) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """Where one printed entry rates several forts together (Fort Morgan and its water battery): ({unit id: its
    share of the printed factors}, {unit id: the calculator's factors for it alone}). Each factor's printed total
    is shared out in proportion to the calculator's values for each unit alone, so the printed totals stand and
    every covered unit fires, and loses guns, on its own card."""
    date = getattr(getattr(ctx, "scenario", None), "date", None)
    ids = covered(pub)
    units = {i: ctx.library.unit_as_of(i, date) for i in ids}
    alone = {i: at_least_one(cannonade(bearing_tally(u, ctx), ctx.tables.cannonade_factors.rows), gun_count(u),
                             ctx.tables.least_factor) for i, u in units.items()}
    shares: dict[str, dict[str, int]] = {i: {} for i in ids}
    for k in ("heavy", "medium", "parrot"):
        for i, v in zip(ids, split_whole(int(pub[k]), [float(alone[i][k]) for i in ids])):
            shares[i][k] = v
    return shares, alone


def printed(pub: dict, key: str) -> Cite:
    """A value the article printed: its entry in order_of_battle.yaml (the author's own numbers, provenance source)."""
    return Cite("order_of_battle", f"{pub['id']}.{key}", "source")


def in_published_scenario(ctx: Context, pub: dict) -> bool:
    return getattr(getattr(ctx, "scenario", None), "id", None) == pub["scenario"]


def as_the_article(ctx: Context) -> bool:
    """Whether the article's scenario plays its order of battle as printed (which_units: article), not every unit
    of the scenario file (library)."""
    play = str(ctx.tables.which_units.rows.get("play", "article"))
    if play not in ("article", "library"):
        raise ShipyardError(f"table which_units ({ctx.tables.which_units.tag()}): play is {play!r}; it is "
                            "article or library")
    return play == "article"


def plays(unit_id: str, ctx: Context) -> bool:
    """Whether a unit of the scenario in hand takes part: in the article's scenario, played as printed, only the units
    the article prints (not Fort Morgan's water battery, rated within the fort, nor Fort Powell); anywhere else, all."""
    oob = _order_of_battle()
    if getattr(getattr(ctx, "scenario", None), "id", None) != oob["scenario"] or not as_the_article(ctx):
        return True
    return any(u["id"] == unit_id for u in oob["units"])


# ---------------------------------------------------------------------------------------------
# The whole derivation


def derive(unit: Any, ctx: Context) -> Derived:
    if not isinstance(unit, (Vessel, Fort)):
        raise ShipyardError(f"quick-play: expected a vessel or a fort, got {type(unit).__name__}")
    t = ctx.tables
    why = Reasons()  # a Reason beside each value, by its path
    given = why.given

    guns = gun_count(unit)
    pub = published(unit.id)
    printed_here = bool(pub) and in_published_scenario(ctx, pub)
    # The unit the calculator rates: itself, or (in the scenario) all the forts the article's entry covers.
    calc = as_printed(pub, ctx.library, getattr(ctx.scenario, "date", None)) if printed_here and len(covered(pub)) > 1 else unit
    together = (f" for {' + '.join(covered(pub))} together, as the article rates them" if calc is not unit else "")

    if isinstance(unit, Fort):
        fort = "Fort.kind"
        kind = given("type", "Fort", because(f"a fort ({unit.walls.material.value} walls): forts do not move "
                                      f"({t.ship_types.cite()} covers ships only)", fort))
        speeds = Speeds(**{s: given(f"speeds_in.{s}", None, because("a fort does not move", fort)) for s in Speeds.model_fields})
        turn = given("turn_deg", None, because("a fort does not turn", fort))
        stationary = given("turns_when_stationary", False, because("a fort does not turn", fort))
        rams = given("ram", False, because("a fort cannot ram", fort))
        rows, erows = t.edna_fort.rows, t.edna.rows
        material = unit.walls.material.value
        edna, score = fort_edna(material, gun_count(calc), erows, rows)
        edna_reason = because(f"fort base {_num(rows['base'])} + {material} walls {float(rows['wall_offset'][material]):+g} + "
                              f"{_num(erows['per_sqrt_gun'])} × √{gun_count(calc)} guns{together} = {score:.2f} → {edna} "
                              f"({t.edna_fort.cite()}; {t.edna.cite()})",
                              *(t.edna_fort.cite(k) for k in ("base", f"wall_offset.{material}", "minimum", "maximum")),
                              t.edna.cite("per_sqrt_gun"), "Fort.walls", "FortMount.count")
    else:
        rule = type_rule(unit, t.type_rules)
        qp_type, when = rule["type"], rule.get("when", rule["type"])
        kind = given("type", qp_type, because(f"{unit.type.value}, {unit.propulsion.kind.value}"
              + (", double-ender" if unit.double_ender else "") + f", side/casemate iron {_num(main_iron_in(unit))} in: "
              f"{when} ({t.type_rules.cite()})", t.type_rules.cite(rule), "Vessel.type", "Vessel.propulsion",
              "Vessel.double_ender", "Vessel.armour"))
        row = type_row(qp_type, t.ship_types)
        speeds = Speeds(**{s: given(f"speeds_in.{s}", row.get(s), because(
            f"{qp_type}: {s} " + (f"{_num(row[s])} in" if row.get(s) is not None else "'-' (none)") + f" ({t.ship_types.cite(row)})",
            t.ship_types.cite(row), t.type_rules.cite(rule))) for s in Speeds.model_fields})
        turn = given("turn_deg", row["turn_deg"], because(f"{qp_type}: up to {row['turn_deg']}° per turn ({t.ship_types.cite(row)})",
                                                   t.ship_types.cite(row), t.type_rules.cite(rule)))
        stationary = given("turns_when_stationary", bool(row["turns_when_stationary"]), because(
              f"{qp_type}: " + ("may" if row["turns_when_stationary"] else "may not") + f" turn when stopped ({t.ship_types.cite(row)})",
              t.ship_types.cite(row), t.type_rules.cite(rule)))
        ram, ram_why = is_ram(unit, t.ram_rule)
        rams = given("ram", ram, because(f"{ram_why}: " + ("classed as Ram, 3D6 when ramming" if ram else "2D6 when ramming")
                                         + f" ({t.ram_rule.cite()})", ram_why))
        rows = t.edna.rows
        materials = t.require("materials")
        armour, words = edna_armour_in(unit, rows, materials)
        plates = [a for a in unit.armour if a.area.value in rows.get("armour_areas", []) and a.material is not ArmourMaterial.COTTON]
        read = [materials.cite(a.material.value) for a in plates] + ([materials.cite("backing")]
                                                                    if any(a.backing_in for a in plates) else [])
        edna, score = vessel_edna(unit.tonnage, guns, armour, rows)
        tons_word = unit.tonnage_basis
        edna_reason = because(f"{_num(rows['base'])} + {_num(rows['per_sqrt_hundred_tons'])} × √({_num(unit.tonnage)} t {tons_word} / 100)"
                              f" + {_num(rows['per_sqrt_gun'])} × √{guns} guns + {_num(rows['per_armour_inch'])} × {armour:.2f} in ({words})"
                              f" = {score:.2f} → {edna}, held within {rows['minimum']}–{rows['maximum']} ({t.edna.cite()})",
                              *(t.edna.cite(k) for k in ("base", "per_sqrt_hundred_tons", "per_sqrt_gun", "per_armour_inch",
                                                         "minimum", "maximum", "armour_areas")),
                              t.edna.cite("partial_weight") if "partial_weight" in rows else None,
                              "Vessel.tonnage", "Vessel.armament", "Vessel.armour", *read)

    tally = bearing_tally(calc, ctx)
    raw = cannonade(tally, t.cannonade_factors.rows)
    factors = at_least_one(raw, gun_count(calc), t.least_factor)
    r = t.cannonade_factors.rows
    listing = "; ".join(tally.lines or []) or "no guns"
    n = {c: _num(tally.n(c)) for c in CLASSES}
    if tally.fort:
        heavy_reason = (f"a fort brings {_num(r['fort_share'])} of its pieces to bear: {n['racking']} racking + {n['heavy_rifle']} "
                        f"heavy rifles × {_num(r['fort_share'])}, one Heavy per {_num(r['fort_heavy_pieces_per_heavy'])}")
        medium_reason = f"{n['medium']} medium pieces × {_num(r['fort_share'])}, one Medium per {_num(r['fort_mediums_per_medium'])}"
    else:
        heavy_reason = (f"{n['racking']} racking pieces bearing (a factor per {_num(r['racking_per_factor'])}) + {n['heavy_rifle']} "
                        f"heavy rifles (a factor each); Heavies: one per {_num(r['heavy_racking_lb'])} lb of racking shot "
                        f"({_num(tally.racking_lb)} lb) + one per {_num(r['heavy_rifles_per_heavy'])} heavy rifles")
        medium_reason = (f"the other racking and heavy-rifle factors, plus one per {_num(r['mediums_per_factor'])} medium "
                         f"pieces bearing ({n['medium']})")
    cap = f", at most {r['most_per_factor']}"
    cf = t.cannonade_factors
    keys = {"heavy": ("fort_share", "fort_heavy_pieces_per_heavy") if tally.fort
            else ("racking_per_factor", "heavy_racking_lb", "heavy_rifles_per_heavy"),
            "medium": ("fort_share", "fort_mediums_per_medium") if tally.fort
            else ("racking_per_factor", "heavy_racking_lb", "heavy_rifles_per_heavy", "mediums_per_factor"),
            "parrot": (("fort_share",) if tally.fort else ()) + ("parrotts_per_factor", "light_rifles_per_factor")}
    read = {k: [*tally.cites, *(cf.cite(key) for key in (*keys[k], "most_per_factor")), "Vessel.armament" if not tally.fort
                else "Fort.armament", "Ordnance.kind"] for k in keys}
    factor_reasons = {
        "heavy": because(f"{heavy_reason}{cap}: {raw['heavy']} Heavy [{listing}] ({t.gun_classes.cite()}; {t.bearing.cite()}; "
                         f"{t.cannonade_factors.cite()})", *read["heavy"]),
        "medium": because(f"{medium_reason}{cap}: {raw['medium']} Medium ({t.cannonade_factors.cite()})", *read["medium"]),
        "parrot": because(f"{n['parrott']} Parrott rifles bearing (one per {_num(r['parrotts_per_factor'])}) + {n['light_rifle']} light rifles "
                          f"(one per {_num(r['light_rifles_per_factor'])}), each rounded up{cap}: {raw['parrot']} Parrott "
                          f"({t.gun_classes.cite()}; {t.cannonade_factors.cite()})", *read["parrot"]),
    }
    for k in factors:
        if factors[k] != raw[k]:
            factor_reasons[k] += because(f"; no factor at all by the counts, but a unit with {gun_count(calc)} guns fires with at "
                                         f"least one: {factors[k]} {NAMES[k]} ({t.least_factor.cite()})", t.least_factor.cite("factor"))

    where = f"{pub['source']}, {pub['scenario']}" if pub else ""
    fires: dict[str, int] = {}  # the cannonade factors
    inside = counted_within(unit.id)
    whole = as_the_article(ctx)  # the article's entry on one card (Fort Morgan with its water battery), not shared out
    entry = pub if printed_here else inside if inside and in_published_scenario(ctx, inside) and not whole else None
    if entry is not None and len(covered(entry)) > 1 and not (whole and entry is pub):
        shares, alone = printed_shares(entry, ctx)
        ids = covered(entry)

        def shared(k: str) -> Reason:
            return because(f"the article printed {entry[k]} {NAMES[k]} for {' + '.join(ids)} together ({entry['source']}, "
                           f"{entry['scenario']}; provenance source), shared out in proportion to the calculator's values for each "
                           f"alone ({', '.join(f'{i} {alone[i][k]}' for i in ids)}; largest remainder, provenance reconstructed): "
                           f"{shares[unit.id][k]} here", printed(entry, k), Formula("split_whole"))
    if printed_here:
        covers = f", covering {', '.join(covered(pub))}" if calc is not unit else ""
        rated = given("edna", pub["edna"], because(f"printed for this scenario: {pub['edna']} ({where}{covers}; provenance source); "
              f"the calculator gives {edna}{together} (differs by {edna - pub['edna']:+d}): {edna_reason}", printed(pub, "edna")))
        for k in ("heavy", "medium", "parrot"):
            if calc is not unit and not whole:
                fires[k] = given(f"cannonade.{k}", shares[unit.id][k], because(f"{shared(k)}; the calculator gives {factors[k]}{together}: "
                      f"{factor_reasons[k]}", shared(k)))
                continue
            fires[k] = given(f"cannonade.{k}", pub[k], because(f"printed for this scenario: {pub[k]} ({where}{covers}; provenance source); the "
                  f"calculator gives {factors[k]}{together} (differs by {factors[k] - pub[k]:+d}): {factor_reasons[k]}", printed(pub, k)))
    elif entry is not None:
        rated = given("edna", edna, because(f"{edna_reason}; the article rates {', '.join(covered(entry))} as one unit, with "
              f"{entry['id']}'s EDNA ({entry['source']}, {entry['scenario']}; provenance source), and its factors are "
              f"shared between them", edna_reason))
        for k in ("heavy", "medium", "parrot"):
            fires[k] = given(f"cannonade.{k}", shares[unit.id][k], because(f"{shared(k)}; alone the calculator gives {factors[k]}: "
                  f"{factor_reasons[k]}", shared(k), factor_reasons[k]))
    else:
        def note(theirs: int, mine: int) -> str:
            both = f" for {' + '.join(covered(pub))} together" if pub and len(covered(pub)) > 1 else ""
            return (f"; in {pub['scenario']} the article printed {theirs}{both} (the calculator differs by {mine - theirs:+d}; "
                    f"{pub['source']}, provenance source)") if pub else ""

        if not plays(unit.id, ctx):
            within = f": the article rates it within {inside['id']}" if inside else ": the article leaves it out"
            edna_reason += because(f"; not in play in {_order_of_battle()['scenario']}{within} (which_units: article, "
                                   f"{t.which_units.cite()})", t.which_units.cite("play"))
        rated = given("edna", edna, edna_reason + note(pub["edna"] if pub else 0, edna))
        for k in ("heavy", "medium", "parrot"):
            fires[k] = given(f"cannonade.{k}", factors[k], factor_reasons[k] + note(pub[k] if pub else 0, factors[k]))
    record = type(unit).__name__
    battery = given("guns", guns, because(f"{guns} pieces in the battery" + (f" as of {unit.armament_date}" if unit.armament_date else ""),
                                          f"{record}.armament", f"{record}.armament_date" if unit.armament_date else None))
    stats = QuickPlayStats(type=kind, speeds_in=speeds, turn_deg=turn, turns_when_stationary=stationary, ram=rams, edna=rated,
                           cannonade=Cannonade(**fires), guns=battery)
    return Derived.of(unit, RULESET_KEY, stats, why)
