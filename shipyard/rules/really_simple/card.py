"""Really Simple's stat card: the data card's boxes (ARMOUR, AHEAD, ASTERN, DRAFT, RAM BOW), its speed boxes, gun
groups and ranges in its own words (sheet.py's and words.py's helpers), each with what it does and its reasons."""

from __future__ import annotations

from ...render.text import number
from ..cards import Builder, Card
from .sheet import stat_box_items
from .damage import speed_values
from .words import gun_groups, kn, odd_gun_inboard, step_kn

DOES = {
    "ARMOUR": ("a shot's 1d6 + fire factor + modifiers must beat it", "armour", "armour_iron_in"),
    "AHEAD": ("her top speed; a SPEED box is struck for each ½ kn lost", "speed_kn"),
    "ASTERN": ("her top speed going astern", "astern_kn", "double_ender"),
    "DRAFT": ("feet of water she needs", "draft_ft"),
    "RAM BOW": ("a reinforced bow to ram with", "reinforced_bow"),
    "GUNS": ("guns in the fort", "guns"),
    "ON ONE SHIP": ("how many of them bear on one ship (on a front: of its guns)", "guns"),
    "NO SECTOR": ("guns in no sector the plan draws (a land front): they bear on no ship", "guns"),
}


def card(unit, d, ctx, b: Builder) -> Card:
    s = d.stats
    head = b.section("Data card")
    for label, value in stat_box_items(s, unit, ctx):
        key = next(k for k in DOES if label == k or label.startswith(k + " "))  # 'ON ONE SHIP 170–330°': a front's
        does, *paths = DOES[key]
        b.line(head, label, value, does, *paths)
    if not s.is_fort:
        boxes = speed_values(float(s.speed_kn), step_kn(ctx.tables))
        b.line(b.section("Speed track"), "SPEED boxes", f"{len(boxes)}, {kn(boxes[0])} kn down to {kn(boxes[-1])}",
               b.tracked("speed"), "speed_kn")
    guns = b.section("Guns")
    by_name = {g.name: k for k, g in enumerate(s.guns)}
    for g in gun_groups(s, ctx.tables, unit, ctx.library, odd_gun_inboard(ctx.tables, ctx, unit)):
        paths = [f"guns[{by_name[n.split(' × ', 1)[-1]]}]" for n in g.names if n.split(" × ", 1)[-1] in by_name]
        b.line(guns, g.label, "; ".join(g.names),
               b.tracked("gun") + "; the number after the size is her fire factor", *paths)
    if not s.guns:
        b.line(guns, "Guns", "none", "ram only", "guns")
    r = s.ranges_in
    b.line(guns, "Ranges", f"point blank {number(r.point_blank)} in, effective {number(r.effective)} in, "
                           f"long {number(r.long)} in", "the three range bands at the table's scale", "ranges_in")
    return b.card
