"""Saunders' stat card: the sheet's head boxes (Speed, Astern, Turn, Hull), its hull bars, armour plan and guns table,
in the sheet's own words (sheet.py's helpers), each with what it does in play and its reasons."""

from __future__ import annotations

from ...render.text import number
from ..cards import Builder, Card
from .sheet import SECTION_LABEL, fraction, gun_lines, gun_rows, remarks, stat_box_items, small_target_line
from .stats import SaundersStats

DOES = {
    "Speed": ("the most knots she makes ahead (her move a turn is under Moving)", "max_speed_kn"),
    "Astern": ("the most knots she makes going astern", "astern_speed_kn", "astern_move_in"),
    "Turn": ("the largest turn she may make in a move; a steering hit takes it a step down", "max_turn_deg"),
    "Hull": (None, "hull"),  # trackers.yaml's words for the hull boxes
}


def card(unit, d, ctx, b: Builder) -> Card:
    s: SaundersStats = d.stats
    head = b.section("Sheet head")
    for label, value in stat_box_items(s):
        does, *paths = DOES[label]
        hull = b.tracked("hull").split(";")[0] if s.fort else b.tracked("hull")  # a fort's hull has no speed bars
        b.line(head, label, value, hull if does is None else does, *paths)
    if not s.fort:
        move = b.section("Moving")
        b.line(move, "Move", f"{number(s.move_in)} in / astern {number(s.astern_move_in)} in",
               "inches a turn at full speed ahead and astern", "move_in", "astern_move_in")
        b.line(move, "Speed change", f"±{number(s.acceleration_kn)} kn a turn", "how much her speed may change in a turn",
               "acceleration_kn")
        for k, th in enumerate(s.speed_thresholds):
            if 1 <= th.lost <= s.hull:
                b.line(move, f"After hull box {th.lost}", f"{fraction(th.fraction)} speed = {number(th.speed_kn)} kn",
                       "the most she makes once that many hull boxes are struck", f"speed_thresholds[{k}]")
    armour = b.section("Armour")
    if s.fort:
        b.line(armour, "Walls", s.armour.midships, "taken off a hit's penetration", "armour")
    else:
        for label, key in (("Stern", "stern"), ("Midships", "midships"), ("Bow", "bow")):
            b.line(armour, label, getattr(s.armour, key), "taken off the penetration of a hit there", f"armour.{key}")
        for key, label in SECTION_LABEL.items():
            if getattr(s.armour, key) is not None:
                b.line(armour, label, getattr(s.armour, key), "taken off the penetration of a hit there", f"armour.{key}")
    guns = b.section("Guns")
    for (g, _, _), row in zip(gun_lines(s), gun_rows(s)):
        k = next(i for i, x in enumerate(s.guns) if x is g)
        name, count, strength, rifled, arcs, pb, eff, long = row
        b.line(guns, name, f"{count} × strength {strength}{' rifled' if rifled else ''} · {arcs} · "
                           f"point blank {pb} in, effective {eff} in, long {long}" + ("" if long == "none" else " in"),
               "strength: added in the penetration roll; " + b.tracked("gun"), f"guns[{k}]")
    if not s.guns:
        b.line(guns, "Guns", "none", "she fights by ram only", "guns")
    also = b.section("Also")
    if s.small_target:
        b.line(also, "Small target", small_target_line(ctx).removeprefix("small target: "), "", "small_target")
    if s.double_ender:
        b.line(also, "Double-ender", "full speed astern", "", "double_ender")
    if s.spar_torpedo:
        b.line(also, "Spar torpedo", "yes", "deployed, then expended: boxes on the sheet", "spar_torpedo")
    b.line(also, "Remarks", remarks(s, ctx), "what changes a roll with no box to tick",
           *(() if s.fort else ("ram_bow", "drive", "draught_ft")))
    return b.card
