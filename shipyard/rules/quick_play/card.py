"""Quick Play's stat card: the record card's speed boxes, turn, cannonade factors and EDNA in its own words
(sheet.py's helpers), each with what it does in play and its reasons."""

from __future__ import annotations

from ..cards import Builder, Card
from .reference import factor_name
from .sheet import speed_boxes, type_words


def card(unit, d, ctx, b: Builder) -> Card:
    s = d.stats
    head = b.section("Card")
    b.line(head, "Type", type_words(s), "what the tables read her as", "type", "ram")
    if s.is_fort:
        b.line(head, "Speed", "does not move", "", "speeds_in")
    else:
        paths = {"Slow": "speeds_in.slow", "Cruise": "speeds_in.cruise", "Full": "speeds_in.full", "Turn": "turn_deg"}
        does = {"Slow": "inches a move at Slow", "Cruise": "inches a move at Cruise", "Full": "inches a move at Full",
                "Turn": "the most she turns in a move"}
        for label, value in speed_boxes(s):
            b.line(head, label, value, does[label], paths[label])
        if s.turns_when_stationary:
            b.line(head, "Turns when stopped", "yes", "she may turn with no way on", "turns_when_stationary")
    b.line(head, "EDNA", s.edna, b.tracked("edna"), "edna")
    fire = b.section("Cannonade")
    for key, value in s.cannonade.items():
        b.line(fire, factor_name(ctx, key), value, b.tracked("gun"), f"cannonade.{key}")
    b.line(fire, "Pieces", s.guns, "the guns she carries", "guns")
    return b.card
