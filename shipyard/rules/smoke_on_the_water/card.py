"""Smoke on the Water's stat card: the sheet's stat boxes (speed ahead and astern, move, manoeuvrability, target
size, HDP, FP), its damage tracks (HDP with the ½ and ¼ bars, TDP, WDP, machinery), armour by location, vessel facts
and guns table, in the sheet's own words (sheet.py's helpers), each with what it does in play and its reasons."""

from __future__ import annotations

from ..cards import Builder, Card
from .sheet import FLOOD_OVER, armour_items, fort_box_items, gun_rows, stat_box_items, tracks, vessel_facts
from .stats import FortStats

DOES = {
    "Speed ahead": ("her top speed level", "max_speed"),
    "Move ahead": ("centimetres a turn at that level", "move_cm", "max_speed"),
    "Speed astern": ("her top speed level going astern", "astern_speed"),
    "Move astern": ("centimetres a turn astern", "astern_speed"),
    "Manoeuvrability": ("how sharply she turns", "manoeuvrability"),
    "Target bow/side": ("the target size a firer reads off her bow and off her side (a to-hit modifier)", "target_size"),
    "Hull (HDP)": ("@hull", "hull_damage_points", "hdp_half", "hdp_quarter"),  # @: trackers.yaml's words
    "Flotation (FP)": ("@flotation", "flotation_points"),
    "Structure (SDP)": ("@hull", "structural_damage_points"),
    "Walls: its Table 16 column": ("the walls' armour class, the column a hit on them reads in Table 16", "armour"),
    "Nation": ("", "nation"),
}
TRACKS = {"turret": "turret_damage_points", "wheel": "wheel_damage_points", "machinery": "machinery_boxes",
          "flooding": "flotation_points"}  # a damage track's tracker -> the value it counts
FACTS = {"Vessel size": "size", "Draught": "draught", "Hit locations": "configuration", "Ram / spar torp.": "ram",
         "Double-ender": "double_ender", "Rig": "rig", "Nation": "nation", "Broadside port": "broadside",
         "Broadside stbd": "broadside"}
LOCATIONS = {"Hull": "armour.hull", "Casemate": "armour.casemate", "Turret": "armour.turret", "Deck": "armour.deck",
             "Pilot house": "armour.pilot_house", "Rudder": "armour.rudder", "Wheel": "armour.wheel",
             "Machinery": "armour.machinery", "Stack": "configuration"}


def card(unit, d, ctx, b: Builder) -> Card:
    s = d.stats
    fort = isinstance(s, FortStats)
    head = b.section("Stat boxes")
    for label, value in (fort_box_items(s, unit, ctx) if fort else stat_box_items(s, ctx)):
        does, *paths = DOES.get(label.replace("- ", ""), ("",))
        b.line(head, label, value, b.tracked(does[1:]) if does.startswith("@") else does, *paths)
    if not fort:
        damage = b.section("Damage tracks")
        for track, _ in tracks(s, ctx, unit):
            if track.records == "hull" and track.marks:
                b.line(damage, "Hull (HDP) bars", " · ".join(f"after box {n}: {m}" for n, m in sorted(track.marks.items())),
                       b.tracked("hull"), "hdp_half", "hdp_quarter")
            elif track.records in TRACKS:
                label = track.label.removesuffix(f" {track.count}")  # 'Turret main (TDP) 10': the count is the value
                label = label.removesuffix(f" {FLOOD_OVER}")  # the sheet's write-in past the last box (sotw37)
                b.line(damage, label, f"{track.count} boxes", b.tracked(track.records), TRACKS[track.records])
        armour = b.section("Armour by location")
        for label, value in armour_items(s, unit, ctx, False)[0]:
            b.line(armour, label, value, "the armour class a hit there is read against (Table 16's column)",
                   LOCATIONS.get(label, "armour"),
                   *(("partial_armour",) if "(part)" in value else ()))
        vessel = b.section("Vessel")
        for label, value in vessel_facts(s, ctx, unit):
            path = FACTS.get(label, "kind")
            b.line(vessel, label, value, "", path, *(("spar_torpedo",) if path == "ram" else ()),
                   *(("fully_rigged",) if path == "rig" else ()))
    guns = b.section("Guns")
    for k, row in enumerate(gun_rows(s)):
        count, code, gun, _, _, arc, *bands = row
        reach = ", ".join(f"{band} {cm}" for band, cm in zip(("PB", "S", "M", "L", "E"), bands) if cm != "–")
        b.line(guns, f"{gun} ({code})", f"{count} · {arc} · {reach} cm",
               b.tracked("gun") + "; cm to each range band's far edge", f"guns[{k}]")
    if not s.guns:
        b.line(guns, "Guns", "none", "", "guns")
    return b.card
