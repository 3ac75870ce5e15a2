"""Smoke on the Water record sheets as blocks: a unit's Stats and the rule set's Tables in, a Stack out.

    Title (name, class line)
    StatBoxes: speed ahead / astern, move, manoeuvre, target bow/side, hull and flotation points
    Guns: a table with a box per gun (slash it while the gun cannot fire, cross it when destroyed), ranges in cm
    Legends: what her gun codes mean (Table 17's size words), and the to-hit roll (Table 10)
    Columns: damage tracks and critical checkboxes | armour and Table 17 for her guns | her Table 14 column
    Orders log: as many turns as the game has (rules.play_aids.game_turns)

Every outcome in trackers.yaml is tagged (render.tags.records / Track.records) on the block where it is marked,
so tests find each unit's trackers on its block list. No coordinates here: the render layer's blocks and kit
pieces measure and draw themselves, and Flow puts them on pages; their sizes are this rule set's style record
(style.yaml: a full-page sheet's and a half page's).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from pathlib import Path
from typing import Any

from ...errors import ShipyardError
from ...library.setup import NO_FACE
from ...render.flow import Flow, flow_pages
from ...render.measure import Block
from ...render.tracks import Checkboxes, Track, Tracks
from ...render.containers import Columns, Panel, Stack
from ...render.text_blocks import Heading, Legend, Note, Text, Title
from ...render.figures import StatBoxes, StatPanel
from ...render.table_block import Table
from ...render.kit import GunTable, load_style, OrdersLog, sheet_room, turn_strip
from ...render.text import number
from ..context import Context
from ..derived import Derived
from ..readings import fill
from ..play_aids import (
    accent, as_it_stands, damage_done, game_turns, sheet_heading, short_name, side_runs, sides_apart, with_live_link
)
from .derive import (RANGE_BANDS, base_mm, bears, ground_scale, has_casemate, hit_location_column, hit_location_runs,
                     over_paddle_boxes, parse_code)
from .stats import FortStats, VesselStats


TITLE = "Smoke on the Water"
LOCATION_LABELS = {
    "hull": "Hull", "casemate": "Casemate", "turret": "Turret", "deck": "Deck", "pilot_house": "Pilot house",
    "rudder": "Rudder", "wheel": "Wheel", "machinery": "Machinery",
}

STYLE_PATH = Path(__file__).with_name("style.yaml")  # the sizes this sheet picks


def style(name: str, compact: bool = False) -> dict:
    """A piece's sizes from style.yaml: a half page's (`name_half`) where it has its own, else the full page's."""
    st = load_style(STYLE_PATH)
    return st[f"{name}_half"] if compact and f"{name}_half" in st else st[name]


def yes_no(v: bool) -> str:
    return number(bool(v))


def span(s) -> str:
    return f"{number(s[0])}–{number(s[1])}" if s else "–"


def levels(ctx: Context) -> dict[str, dict]:
    return {r["level"]: r for r in ctx.tables.require("speed_levels").rows}


# ---------------------------------------------------------------------------------------------- pieces


def heading_block(unit, d: Derived, ctx: Context, compact: bool = False) -> Block:
    """The unit's name over its class line, which also says whose rules, which scale and what the page is."""
    name, sub = sheet_heading(unit, d, ctx)
    scale = ground_scale(ctx)[1]
    return with_live_link(Title(name, f"{sub} · {TITLE} record sheet · {scale}, distances in cm",
                                rule_colour=accent(unit, ctx), **style("title", compact)), unit, ctx)


def stat_box_items(s: VesselStats, ctx: Context, compact: bool = False) -> list[tuple[str, Any]]:
    """The figures in the sheet's stat boxes, (label, as printed); the web's stat card shows the same."""
    factor = ground_scale(ctx)[0]
    lv = levels(ctx)
    move = lambda level: f"{number(float(lv[level]['move_cm']) * factor)} cm"  # noqa: E731
    return [
        ("Speed ahead", s.max_speed), ("Move ahead", move(s.max_speed)),
        ("Speed astern", s.astern_speed), ("Move astern", move(s.astern_speed)),
        # hyphenated where the box is narrow
        ("Manoeuvr- ability" if compact else "Manoeuvrability", s.manoeuvrability),
        ("Target bow/side", f"{s.target_size.bow}/{s.target_size.broadside}"),
        ("Hull (HDP)", s.hull_damage_points), ("Flotation (FP)", s.flotation_points),
    ]


def stat_boxes(s: VesselStats, ctx: Context, compact: bool = False) -> StatBoxes:
    """The figures looked up every turn, large enough to read at arm's length."""
    return StatBoxes(stat_box_items(s, ctx, compact), **style("stat_boxes", compact))


def armour_items(s: VesselStats, unit, ctx: Context, compact: bool) -> tuple[list[tuple[str, str]], list[str]]:
    """(location, class) for each location she has, and the classes used. A vessel with no casemate has no
    Casemate row: Table 14's Casemate hits are Hull hits on her (the hit-location panel says so)."""
    names = ctx.tables.require("armour_names").rows
    partial = set(s.partial_armour)
    items, used = [], []
    for loc, label in LOCATION_LABELS.items():
        cls = getattr(s.armour, loc)
        if cls is None or (loc == "casemate" and not has_casemate(unit)):
            continue
        used += [cls] if cls not in used else []
        items.append((label, (cls if compact else f"{cls} {names.get(cls, '')}") + (" (part)" if loc in partial else "")))
    stack = stack_rule(s, ctx)
    if stack:
        cls = stack["armour"]
        used += [cls] if cls not in used else []
        items.append(("Stack", (cls if compact else f"{cls} {names.get(cls, '')}") + f" ({stack['track']} damage only)"))
    return items, used


def stack_rule(s: VesselStats, ctx: Context) -> dict | None:
    """How a Stack hit is taken (armour class, which track), when her Table 14 column has Stack rows; else None."""
    t = ctx.tables.require("hit_locations")
    if not any("Stack" in locs for locs in hit_location_column(s.configuration, ctx.tables).values()):
        return None
    return t.need(t.rows, "stack", "how a Stack hit is taken: {armour: U, track: Hull}")


def sheet_locations(s: VesselStats, ctx: Context, unit) -> dict[str, str]:
    """Her Table 14 column as runs of rolls, in the locations she has: with no casemate, Casemate hits are Hull
    hits (armour and damage), so the sheet prints them as Hull."""
    cols = hit_location_column(s.configuration, ctx.tables)
    if not has_casemate(unit):
        cols = {c: ["Hull" if loc == "Casemate" else loc for loc in locs] for c, locs in cols.items()}
    return {c: hit_location_runs(locs) for c, locs in cols.items()}


def armour_panel(s: VesselStats, ctx: Context, compact: bool = False, unit=None) -> Panel:
    """Armour class by hit location ('M Medium'); on a half page the letters alone, their names in a note under them."""
    names = ctx.tables.require("armour_names").rows
    items, used = armour_items(s, unit, ctx, compact)
    if not compact:
        return Panel(StatPanel(items, **style("armour_panel")), title="Armour by location")
    return Panel(Stack([StatPanel(items, **style("armour_panel", True)),
                        Note(" · ".join(f"{c} {names.get(c, c)}" for c in used), **style("panel_note"))],
                       **style("armour_half_stack")), title="Armour")


def draught_words(s: VesselStats, unit) -> str:
    """Her draught class with the feet it comes from: the scenario gives water depths in feet, so grounding (Table 3)
    is settled at the table."""
    feet = getattr(unit, "draught_ft", None)
    return s.draught + (f" ({number(round(feet, 1))} ft)" if feet else "")


def base_words(s: VesselStats, unit, ctx: Context) -> str:
    """Her base, length × width in mm at the table's scale ("" with no hull figures); a sidewheeler's width is over
    her paddle boxes, and says so."""
    size = base_mm(unit, ctx)
    if size is None:
        return ""
    return f"{size[0]} × {size[1]} mm" + (" over paddle boxes" if over_paddle_boxes(unit) else "")


def lashed_orders(unit, ctx: Context) -> str:
    """Where a lashed consort's orders go ("" for any other ship): the pair has one order, written in her partner's
    log (replay 17, moment 2); she has no log of her own (sotw35, replay 26: seven logs of twelve turns stood unused),
    so once she casts off (CO) and moves alone her orders go in his log's rows too, after a slash."""
    scen = getattr(ctx, "scenario", None)
    su = next((su for side in getattr(scen, "sides", ()) for su in side.units
               if su.id == getattr(unit, "id", None) and su.lashed_to and su.lashed_to != su.id), None)
    partner = ctx.library.units.get(su.lashed_to) if su else None
    if partner is None:
        return ""
    name = short_name(partner.name)
    return (f"{name}: one order for the pair, in {name}'s log; cast off (CO), hers there too, after a /"
            + consort_offset(unit, partner, su, ctx) + consort_arcs(su) + partner_hides(ctx, name))


def consort_arcs(su) -> str:
    """Where a consort's guns may fire while lashed (the Lashed pairs reading: never to the partner's side of her keel
    line, dead ahead or astern ±5° free), on her own sheet (play 39, moment 5: may she fire across his bow at a fort on
    his far side? Only inside that ±5°)."""
    side = getattr(su, "lashed_on", None)
    return f"; she fires to {side} or dead ahead/astern ±5° only" if side else ""


def consort_offset(unit, partner, su, ctx: Context) -> str:
    """Where her centre sits from her partner's (play 36, moment 1: "there is no figure for the consort's offset"):
    bases touching on the named side, sterns level (the Lashed pairs reading), so half the two widths abeam and half
    the two lengths' difference aft; "" where either has no base."""
    mine, his = base_mm(unit, ctx), base_mm(partner, ctx)
    if mine is None or his is None:
        return ""
    cm = lambda mm: number(round(mm / 5) / 2)  # to the half cm, as the start table gives it  # noqa: E731
    # play 41, moment 2: Seminole's 2½ cm against the 2.7 her base and Lackawanna's need to touch (they overlapped):
    # abeam, the mm rounded up, so the bases touch and never overlap (Octorara's 34½ mm is still 3½ cm)
    abeam = lambda mm: number(math.ceil(mm - 1e-9) / 10)  # noqa: E731
    side = getattr(su, "lashed_on", None) or "the named side"
    aft = (his[0] - mine[0]) / 2
    return (f"; her centre {abeam((mine[1] + his[1]) / 2)} cm to {side} of his"
            # play 39 (defects): Oneida's Galena printed no aft figure, read as a figure missing; under a quarter cm
            # of difference her centre is level with his, and the sheet says so
            + (f", {cm(abs(aft))} cm {'aft' if aft > 0 else 'forward'}" if round(abs(aft) / 5) else ", centres level"))


def partner_hides(ctx: Context, name: str) -> str:
    """What her partner's base does to a shot at her past him (lashed_pairs, ours; sotw33, moment 8): Table 10's
    obscured, the share a consort alongside shows and its number from direct_fire, not smoke; "" where a house rule
    plays the pair as one target."""
    t = ctx.tables.require("lashed_pairs")
    if not t.rows.get("partner_hides", True):
        return ""
    share = t.need(t.rows, "hides", "a Table 10 obscured share, e.g. over 3/4")
    mods = ctx.tables.require("direct_fire").rows["obscured"]
    if share not in mods:
        raise ShipyardError(f"table lashed_pairs ({t.tag()}): hides is {share!r}; expected one of {', '.join(mods)}")
    # play 28, moment 5: an angled view was judged by eye; ours, the line from the gun to her centre decides
    # play 41, moment 5 (sotw27): "clear of it none" read as no modifier at all while Brooklyn and Manhattan hid 83%
    # of her: clear of him, the Obscured rule counts every base, his too (the stray: the one hiding most)
    return (f"; behind {name} (the line to her centre across his base): obscured ({share.replace('3/4', '¾')} "
            f"{mods[share]:+d}; in smoke this, not its −2), clear of him: Obscured, his base too").replace("-", "−")


def vessel_facts(s: VesselStats, ctx: Context, unit=None) -> list[tuple[str, str]]:
    """The vessel's figures looked up now and then (size, draught, rig, nation, broadsides)."""
    det = ctx.tables.require("gun_damage").rows.get("detonation", {})

    def broadside(side: str) -> str:
        return ", ".join(f"{n} {c}" for c, n in (s.broadside.get(side) or {}).items()) or "–"

    return [
        ("Vessel size", s.size), ("Base", base_words(s, unit, ctx) or "–"), ("Draught", draught_words(s, unit)),
        ("Hit locations", s.configuration),
        ("Ram / spar torp.", f"{yes_no(s.ram)} / {yes_no(s.spar_torpedo)}"),
        ("Double-ender", "yes (full speed astern)" if s.double_ender else "no"),
        ("Rig", s.rig + (" (fully rigged)" if s.fully_rigged else "")),
        ("Nation", s.nation + (f" (shell 1–{det[s.nation]})" if s.nation in det else "")),
        ("Broadside port", broadside("port")), ("Broadside stbd", broadside("starboard")),
    ] + ([("Lashed to", lashed)] if (lashed := lashed_orders(unit, ctx)) else [])


def vessel_panel(s: VesselStats, ctx: Context, unit=None) -> Panel:
    return Panel(StatPanel(vessel_facts(s, ctx, unit), **style("vessel_panel")), title="Vessel")


def vessel_legend(s: VesselStats, ctx: Context, unit=None) -> Legend:
    """The figures the movement, collision and grounding tables use (size, draught, ram, rig) run together on a line,
    for a half-page sheet: the hit-location table names the configuration, the guns table her broadsides and the
    to-hit line her shell fuse."""
    items = [("Size", s.size), ("Base", base_words(s, unit, ctx)), ("Draught", draught_words(s, unit)), ("Ram", yes_no(s.ram)),
             ("Spar torpedo", "yes" if s.spar_torpedo else ""), ("Double-ender", "yes" if s.double_ender else ""),
             ("Rig", s.rig + (", fully rigged" if s.fully_rigged else "")), ("Lashed to", lashed_orders(unit, ctx))]
    return Legend([(k, v) for k, v in items if v], **style("legend"))


def hit_location_panel(s: VesselStats, ctx: Context, unit) -> Panel:
    """The vessel's Table 14 column as runs of rolls per aspect, and what a critical and a missing casemate mean."""
    t = ctx.tables.require("hit_locations")
    rows = [[c, runs] for c, runs in sheet_locations(s, ctx, unit).items()]
    notes = [f"{t.rows.get('critical', 10)} = critical: roll on Table 15 (quick reference)"] + stack_note(s, ctx)
    notes += [wheel_note(s, ctx, unit)] if wheel_note(s, ctx, unit) else []
    return Panel(Stack([Table(rows, align=["left", "left"], bold_first_col=True, **style("hit_locations"))]
                       + [Note(n, **style("panel_note")) for n in notes], **style("panel_stack")),
                 title=f"Table 14 (d10) · {s.configuration}")


def wheel_note(s: VesselStats, ctx: Context, unit) -> str:
    """Which wheel a bare "Wheel" hit (a sidewheeler's broadside column) strikes: hit_locations.wheel_note, where her
    Table 14 prints one (play 40, moment 8: the sheet did not say it was the wheel facing the firer); "" otherwise."""
    said = ctx.tables.require("hit_locations").rows.get("wheel_note")
    bare = any(re.search(r"(?<![.\w])Wheel", runs) for runs in sheet_locations(s, ctx, unit).values())
    return str(said) if said and bare else ""


def stack_note(s: VesselStats, ctx: Context) -> list[str]:
    """What a Stack hit does, when she can take one."""
    stack = stack_rule(s, ctx)
    if not stack:
        return []
    return [f"Stack: armour {stack['armour']}, {stack['track']} damage only"
            + ("" if stack.get("fire_test", True) else ", no fire test")]


def hit_location_table(s: VesselStats, ctx: Context, unit) -> Block:
    """The hit-location panel's figures as a titled table, for a half-page sheet."""
    t = ctx.tables.require("hit_locations")
    same: dict[tuple, list[str]] = {}  # bow and stern with the same runs share a row: "Bow, Stern"
    for c, runs in sheet_locations(s, ctx, unit).items():
        same.setdefault((runs, "ends" if c in ("Bow", "Stern") else c), []).append(c)
    # every other aspect keeps a row of its own, named as the aspect rule names it ("Bow, Broadside, Stern" would wrap)
    rows = [[", ".join(cs), runs] for (runs, _), cs in same.items()]
    note = f"{t.rows.get('critical', 10)} = critical (Table 15)"  # what a Stack hit does: on the armour line
    note += f" · {wheel_note(s, ctx, unit)}" if wheel_note(s, ctx, unit) else ""
    return Stack([Legend([("", note)], title=f"Table 14 (d10) · {s.configuration}:", **style("legend")),
                  Table(rows, align=["left", "left"], bold_first_col=True, **style("hit_locations", True))],
                 **style("hit_locations_stack"))


def armour_legend(s: VesselStats, ctx: Context, unit) -> Block:
    """Armour class by location on a line or two, the classes' names after them."""
    names = ctx.tables.require("armour_names").rows
    items, used = armour_items(s, unit, ctx, True)
    return Legend(items + [("", "(" + ", ".join(f"{c} {names.get(c, c)}" for c in used) + ")")],
                  title="Armour:", **style("legend"))


def gun_rows(s: VesselStats | FortStats) -> list[list]:
    """No., code, gun, where (mounting and place) and arc, then the far edge of each range band."""
    rows = []
    for g in s.guns:
        cells = [span(g.ranges_cm.get(b)) for b in RANGE_BANDS]
        if g.direct_cm:
            cells[0] = f"dir {span(g.direct_cm)}"
        if g.min_cm is not None:
            cells[0] = f"min {number(g.min_cm)}"
        where = f"turret {g.turret}" if g.turret else (g.side or g.position or "")
        rows.append([g.count, g.code, g.gun, g.mounting, where, g.arc_name] + cells)
    return rows


def bearing(g) -> str:
    """Where a gun bears (render.kit.BEARINGS): in a turret, on one broadside, on a pivot (or a deck mounting that
    trains round), or through bow or stern ports; '' for a fort's sited guns."""
    if g.turret:
        return "turret"
    if g.side in ("port", "starboard"):
        return g.side
    if "pivot" in g.arc_name or g.arc_name.startswith("deck"):
        return "pivot"
    return {"bow": "bow", "forward": "bow", "stern": "stern", "aft": "stern"}.get(g.position or "", "")


def fort_faces(unit, ctx: Context) -> list[tuple[int, str, int]] | None:
    """A fort's guns face by face as its scenario's set-up stands them (Start.guns_by_face): (its gun's index, the face
    and its bearings, how many), then those on no face drawn; None where the set-up names no guns on its faces (the
    sheet then says "as sited")."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(unit.id) if setup is not None and unit is not None else None
    dealt = start.guns_by_face(unit.armament) if start is not None else []
    return [(i, face.label if face else NO_FACE, n) for i, face, n in dealt] or None


def face_guns(unit, ctx: Context) -> list[tuple[str, int]]:
    """Each face the set-up stands a fort's guns on, with how many guns stand there (none: no faces given)."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(unit.id) if setup is not None and unit is not None else None
    return [(a.guns or "face", sum(a.battery.values())) for a in start.arcs if a.battery] if start is not None else []


def at_one_ship(ctx: Context, guns: int) -> int:
    """How many of a fort face's `guns` may fire at any one ship (fort_targets.at_one_ship, ours): a share of them,
    rounded up, never fewer than the least nor more than the face has."""
    rows = ctx.tables.require("fort_targets").rows.get("at_one_ship") or {}
    share, least = int(rows.get("share", 1)), int(rows.get("least", 1))
    return min(guns, max(least, -(-guns // share)))


def odd_broadside(s: VesselStats | FortStats) -> list[int]:
    """The rows of her guns where an odd number of broadside guns was split one more to starboard (derive: the record
    says how many, not which side had the odd one; replay 19 asked whether Gaines' 2 port and 3 starboard was meant)."""
    out = []
    for k, g in enumerate(s.guns):
        if g.side == "starboard" and any(o.side == "port" and o.gun == g.gun and o.position == g.position
                                         and o.count == g.count - 1 for o in s.guns):
            out.append(k)
    return out


def guns_block(s: VesselStats | FortStats, compact: bool = False, faces: list | None = None) -> Block:
    """The guns, a box per gun (slash it while the gun cannot fire, cross it when destroyed; each a "gun" tracker),
    ranges in cm to each band's far edge (the arc names the mounting and its place). A fort's faces (fort_faces), where
    its set-up gives them, put each face's guns on a line of their own, so a player fires only the face that bears."""
    if not s.guns:
        return Stack([Heading("Guns"), Text("No guns.")], **style("guns_stack"))
    rows = [[""] + r[:3] + r[5:] for r in gun_rows(s)]
    for k in odd_broadside(s):
        rows[k][4] += " (odd gun, ours)"
    # play 34 defect: Brooklyn's "2 × 100-pdr on a single bow pivot ... two guns on one pivot looks doubtful": a row of
    # more than one pivot gun says pivots, one a gun
    for row, g in zip(rows, s.guns):
        if g.count > 1:
            row[4] = row[4].replace("pivot at", "pivots at", 1)
    counts, bearings = [g.count for g in s.guns], [bearing(g) for g in s.guns]
    idle = None
    if faces:
        idle = idle_words(s, [(i, n) for i, where, n in faces if where == NO_FACE])
        faces = [f for f in faces if f[1] != NO_FACE]
        rows = [[""] + [n] + rows[i][2:4] + [where] + rows[i][5:] for i, where, n in faces]
        counts, bearings = [n for _, _, n in faces], ["" for _ in faces]
    title = "Guns · a box per gun: / while it cannot fire (port or gun jammed), X destroyed · cm to each band's far edge"
    if s.kind == "fort":
        # play 37, moment 4 ("do forts repair jammed guns? The fort sheets have the / box but no repair line"): yes,
        # as a ship's (the Repairs reading), said where its / is struck
        title = title.replace("/ while it cannot fire (port or gun jammed)",
                              "/ while jammed (each repair phase a d10: 3 or less clears)")
    elif not compact:
        title += " · gunport guns split between the broadsides"
    play = style("play", compact)["size"]
    arc = "Face (compass bearings)" if s.kind == "fort" else "Arc (0° = ahead)"  # a fort has no bow: map bearings
    table = GunTable(rows, header=["Guns", "No.", "Code", "Gun", arc] + [f"{b} cm" for b in RANGE_BANDS],
                     size=play, min_size=play, align=["left", "centre", "centre", "left", "left"] + ["centre"] * 5,
                     boxes=counts, bearings=bearings,
                     **{**style("guns"), **(style("fort_guns") if s.kind == "fort" else {}), **style("guns", compact)})
    return Stack([Text(title, size=play, weight="bold"), table]
                 + ([Text(idle, size=play)] if idle else []), **style("guns_stack"))


def idle_words(s: FortStats, idle: list[tuple[int, int]]) -> str | None:
    """A fort's guns on no face drawn (fort_faces: they bear on no ship of the scenario) as one line under its guns
    table in place of a row of boxes each (sotw37, item 5: Fort Morgan's 4 land-face LSB, 12 boxes never used; no
    random gun picks one, as none bears on a firer). None where it has none."""
    if not idle:
        return None
    # play 43 (defects, p15): why list guns that never fire? They are the fort's whole armament, as history gives it
    return (f"Also mounted, listed for the whole armament, on a face no ship reaches (never fire, no boxes): "
            + "; ".join(f"{n} {s.guns[i].code}, {s.guns[i].gun}" for i, n in idle) + ".")


def code_words(code: str, ctx: Context) -> str:
    """'MSB' -> 'Medium smoothbore' in the tables' own words (Table 17 is indexed by the size word)."""
    size, kind = parse_code(code)
    sizes = {r["size"]: r.get("name", r["size"]) for r in ctx.tables.require("gun_sizes").rows}
    kinds = {k: v.get("name", k) for k, v in ctx.tables.require("gun_types").rows.items()}
    return f"{sizes.get(size, size)} {kinds.get(kind, kind).lower()}"


def random_gun(most: int, pick: str) -> str:
    """How to pick a random gun (a Gun hit, a port, an embrasure, a misfire among dice thrown together): one method in
    the same words on every sheet with guns and on the quick reference (play 28, item 1: some sheets gave a d10 by box
    order, others a d6 by halves, the water battery and the gunboats none). `pick` is random_gun.pick (ours): a d10
    counted round the guns it may be, so no throw is ever wasted or thrown again; where more than twenty bear at once
    (none at Mobile Bay) the d6 for the ten is added to it."""
    tens = -(-most // 10)
    if tens <= 2:
        return pick
    extra = "+10 on d6 3–4, +20 on 5–6" if tens == 3 else "+10 × (d6 − 1)"
    return f"{pick}; over 20: {extra} instead"


def random_gun_pick(ctx: Context) -> str:
    """The random gun method's words (random_gun.pick, ours: play 28, moment 4)."""
    t = ctx.tables.require("random_gun")
    return t.need(t.rows, "pick", "how a random gun is picked")


def random_gun_round(ctx: Context) -> str:
    """A count past the last gun worked through (random_gun.round_again, ours: play 39, moment 2)."""
    t = ctx.tables.require("random_gun")
    return t.need(t.rows, "round_again", "a count past the last gun, worked through")


def random_gun_jam(ctx: Context) -> str:
    """What a jam's random pick does with a gun already jammed (random_gun.jam, ours: sotw35 moment 2)."""
    t = ctx.tables.require("random_gun")
    return t.need(t.rows, "jam", "what a jam's pick does with a jammed gun")


def most_bearing(s: VesselStats | FortStats) -> int:
    """The most of her guns that bear on any one bearing: a random gun is one of those bearing on the firer, so never
    more to pick from than this. An arc bears from its first edge up to (not on) its last, so the count only rises at
    an arc's first edge: the most is found at one of those (not a degree at a time, 360 sums a sheet)."""
    starts = {float(arc[0]) % 360 for g in s.guns for arc in g.arcs}
    return max((sum(g.count for g in s.guns if bears(g.arcs, b)) for b in starts), default=0)


def gun_legend(s: VesselStats | FortStats, ctx: Context, compact: bool = False, most: int | None = None) -> Block | None:
    """What each of her gun codes means: the size word (Table 17's row) and the type (on a half page the Table 17
    beside it says it is by size word); then what her misfire does (Table 11, her nation's row), her shell fuse and,
    where a random gun is picked among more than ten (`most`, else all her guns), the dice for it."""
    codes = list(dict.fromkeys(g.code for g in s.guns))
    if not codes:
        return None
    t10 = ctx.tables.require("direct_fire").rows
    det = ctx.tables.require("gun_damage").rows.get("detonation", {})
    own = [(f"{t10['misfires']} misfires (Table 11)", misfire_words(ctx, s.nation)),
           ("shell detonates", f"1–{det[s.nation]}" if s.nation in det else "Table 17")]
    if any(getattr(g, "direct_cm", None) for g in s.guns):
        # beyond her "dir" band a howitzer fires indirect (replay 24, moment 13: "S 25–35" read as direct fire)
        h = ctx.tables.require("gun_types")
        own.append(("dir", h.need(h.need(h.rows, "howitzer", "the howitzer row"), "direct_band", "what dir means")))
    # sotw35 moment 3: of those bearing on the firer, not all hers; play 28 item 1: on every sheet with guns
    own.append(("random gun bearing", random_gun(most if most is not None else most_bearing(s), random_gun_pick(ctx))))
    return Legend([(c, code_words(c, ctx)) for c in codes] + own, **style("play_small", compact),
                  title="Gun codes:" if compact else "Gun codes (size word = Table 17 row):")


def natural_rolls(t10: dict, under: bool = False) -> str:
    """What a natural roll does whatever the modifiers, from Table 10: '1 always hits, 10 misfires'; `under` (the quick
    reference's Table 10, play 36, moment 8: "does a natural 1 hit when the needed number is below 1?") says so."""
    return (f"{t10['always_hits']} always hits" + (", even needing under 1;" if under else ",")
            + f" {t10['misfires']} misfires")


def point_blank_sizes(t10: dict) -> str:
    """The target sizes whose modifier changes at point blank, from Table 10: ' (A: 0 at PB)', or '' for none."""
    pb = t10.get("target_size_at_point_blank") or {}
    if not pb:
        return ""
    each = ", ".join(f"{k}: {v:+d}".replace("+0", "0").replace("-", "−") for k, v in pb.items())
    return f" ({each} at PB)"


def misfire_words(ctx: Context, nation: str) -> str:
    """Her nation's Table 11 row: '1–8 none, 9 jams (/), 10 bursts (X, 1d6 HDP + fire test marker)'."""
    r = ctx.tables.require("misfires").rows
    b = r["by_nation"].get(nation)
    if b is None:
        return "Table 11 (quick reference)"
    band = lambda lo, hi: str(hi) if lo == hi else f"{lo}–{hi}"  # noqa: E731
    return (f"{band(1, b['none'])} none, {band(b['none'] + 1, b['jams'])} jams /, "
            f"{band(b['jams'] + 1, b['bursts'])} bursts X ({r['burst_damage']} + fire test)")


# play 36, moment 9: a speed Table 10 does not list (Slow, Medium; a firer Immobile or HS) moves no number; the
# labels lost "moving" so the strip keeps its two lines on A4 (Metacomet's half page drops its Damage line at three)
UNLISTED_SPEEDS = " else 0"


def to_hit_legend(ctx: Context, compact: bool = False) -> Block:
    """Table 10 on the sheet: the base chance on a d10 and every modifier."""
    t10 = ctx.tables.require("direct_fire").rows

    # speeds by the orders log's codes (F, V, I), which leaves room for a scenario's own modifier (play 29, item 5)
    codes = {r["level"]: r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows}

    def mods(key, names=None):
        return " ".join(f"{(names or {}).get(k, k)} {v:+d}".replace("+0", "0").replace("-", "−")
                        for k, v in t10[key].items())

    return Legend([(f"{t10['base']} or less on a d10 a gun", f"({natural_rolls(t10)})"), ("range", mods("range")),
                   ("target size", mods("target_size") + point_blank_sizes(t10)),
                   ("firer", mods("firer_speed", codes) + UNLISTED_SPEEDS), ("target", mods("target_speed", codes) + UNLISTED_SPEEDS),
                   ("obscured", mods("obscured"))] + scenario_to_hit(ctx),
                  title="To hit (Table 10):", **style("play_small", compact))


def scenario_to_hit(ctx: Context) -> list[tuple[str, str]]:
    """The scenario's special rules that change Table 10 (to_hit_specials, by name), for the sheet's to-hit strip:
    play 29, item 5, Mobile Bay's powder smoke was on the set-up page only."""
    setup = getattr(ctx.scenario, "setup", None)
    if setup is None or "to_hit_specials" not in ctx.tables:
        return []
    words = ctx.tables.require("to_hit_specials").rows
    mine = {r.name for r in setup.special_rules if not r.rules or "smoke-on-the-water" in r.rules}
    return [("", words[name]) for name in words if name in mine]


def gun_damage_block(ctx: Context, sizes: list[str] | None = None, title: str | None = None, size: float | None = None,
                     note: bool = True) -> Block:
    """Table 17 (for the given gun sizes, else every size) under its title and the detonation note."""
    t = ctx.tables.require("gun_damage")
    shot, shell = t.rows["shot"], t.rows["shell"]
    names = {r["size"]: r.get("name", r["size"]) for r in ctx.tables.require("gun_sizes").rows}
    keep = [k for k in shot if sizes is None or k in sizes]
    rows = [[names.get(k, k)] + [shot[k][b] for b in RANGE_BANDS] + [shell.get(k, "")] for k in keep]
    det = t.rows.get("detonation", {})
    text = ("Shot: penetrating/not by range band; shell: detonated/not. Shell detonates on d10 "
            + ", ".join(f"{k} 1–{v}" for k, v in det.items()))
    size = size or style("play")["size"]
    if note:
        table = Table(rows, header=["Gun size"] + list(RANGE_BANDS) + ["Shell"], size=size,
                      title=title or "Table 17 · damage by gun size")
        return Stack([table, Note(text, **style("table17_note"))], **style("table17_stack"))
    return Stack([Text(title or "Table 17 · damage by gun size", **style("table17_title")),
                  Table(rows, header=["Gun size"] + list(RANGE_BANDS) + ["Shell"], size=size)],
                 **style("table17_plain_stack"))


def _marks(s: VesselStats, ctx: Context) -> dict[int, str]:
    """Bars after the box whose crossing leaves half (a quarter) of the hull points or fewer, labelled so, with the
    HDP left at the bar as a number (play 37, moment 9: the ¼ bar on Brooklyn's 81 boxes could not be read off the
    sheet; '¼ left (20)': 20 HDP left or fewer is past it)."""
    effects = ctx.tables.require("hull_damage_effects").rows
    marks: dict[int, str] = {}
    for key, left in (("half", s.hdp_half), ("quarter", s.hdp_quarter)):
        n = s.hull_damage_points - left
        label = f"{effects[key].get('mark', key)} left ({left})"
        if 1 <= n <= s.hull_damage_points:
            marks[n] = (marks[n] + " " + label) if n in marks else label
    return marks


FLOOD_OVER = "+___"  # the flooding track's write-in: the points past its last box (sotw37, item 2)
WHEEL_SHORT = {"starboard": "stbd"}  # "Wheel starboard (WDP)" took two lines of a half page's label column


def tracks(s: VesselStats | FortStats, ctx: Context, unit) -> list[tuple[Track, tuple[str, ...]]]:
    """Every damage track with the names a scenario's opening damage may call it by."""
    out = []
    if isinstance(s, FortStats):
        out.append((Track("Structure (SDP)", s.structural_damage_points, records="hull"), ("structure", "sdp", "hull")))
    else:
        hdp = s.hull_damage_points
        out.append((Track(f"Hull (HDP) {hdp}", hdp, marks=_marks(s, ctx), records="hull"), ("hull", "hdp")))
        out.append((Track(f"Flotation (FP) {s.flotation_points}", s.flotation_points, records="flotation"),
                    ("flotation", "fp")))
        # replay 27: Selma took 32 flooding points against 7 boxes; what passes the last box is written in
        out.append((Track(f"Flooding points {FLOOD_OVER}", s.flotation_points, records="flooding"),
                    ("flooding",)))
        for tid, pts in s.turret_damage_points.items():
            out.append((Track(f"Turret {tid} (TDP) {pts}", pts, records="turret"), (f"turret {tid}", f"tdp {tid}")))
        for wid, pts in s.wheel_damage_points.items():
            label = f"Wheel {WHEEL_SHORT.get(wid, wid)} (WDP) {pts}"
            out.append((Track(label, pts, records="wheel"), (f"wheel {wid}", f"wdp {wid}")))
        if s.machinery_boxes:
            out.append((Track("Machinery", s.machinery_boxes, records="machinery"), ("machinery",)))
    for track, names in out:
        track.prefilled = damage_done(ctx, unit, names, track.count)
    return out


FIRE_TEST_BOXES = 4  # one salvo of the play review put three fire test markers on Brooklyn


def driven_off_to_hit(ctx: Context) -> int | None:
    """What a fort's guns take to hit the turn after a shell burst on it (gunners_driven_off, ours), or None where the
    pack plays without it (a house rule's play: false)."""
    t = ctx.tables.require("gunners_driven_off")  # a house rule's play: sometimes is refused where it is read
    return int(t.need(t.rows, "to_hit", "a to-hit modifier, e.g. -1")) if t.rows.get("play", True) else None


def fort_boxes(ctx: Context, compact: bool = False) -> Block:
    """A fort's fire (misfire bursts, shell, fort criticals), whether it is silenced and, where the pack plays it,
    whether its gunners are driven off (gunners_driven_off, ours), each tagged with its tracker."""
    items = [("fire", "Fire test markers", FIRE_TEST_BOXES), ("fire", "On fire", 1), ("fire", "Out of control", 1),
             ("silenced", "Silenced (SDP 0)", 1)]
    to_hit = driven_off_to_hit(ctx)
    if to_hit is not None:
        star = " *" if ctx.tables.require("gunners_driven_off").tag() == "reconstructed" else ""
        # when it lasts, on the box: for the next turn, then cleared (replay 18 cleared it so by guess); the label no
        # wider than "Fire test markers" and its boxes, so the row keeps its columns (Letter has no row to spare)
        items.append(("driven_off", f"Driven off ({to_hit:+d} to hit)".replace("-", "−") + star, 1))
    return Checkboxes([(label, n, tracker) for tracker, label, n in items], **style("criticals", compact))


def turret_out(tid: str, compact: bool = False) -> str:
    """The box a turret's empty TDP track marks (zero_points, ours): once knocked out, a hit on it or on one of its
    guns is a Hull hit, the hull's armour and track (replay 19 asked whether the dead turret's armour still counts)."""
    # play 44, moments 3 and 4: a Gun Port on its gun too, and the hull's armour (not the dead turret's)
    return (f"Turret {tid} out: Turret, Gun, Port = Hull hits" if compact
            else f"Turret {tid} knocked out: hits on it or its guns (ports too) are Hull hits")


def critical_boxes(s: VesselStats, compact: bool = False) -> Block:
    """A checkbox for each lasting effect of a critical hit, each tagged with its tracker (on a half page the
    labels are shorter, so four fit a line)."""
    items = [
        ("pilot_house", "Pilot house hit", 1),
        ("rudder", "Rudder: port only", 1),
        ("rudder", "Rudder: stbd only", 1),
        ("fire", "Fire tests" if compact else "Fire test markers", FIRE_TEST_BOXES),
        ("fire", "On fire", 1),
        ("fire", "Out of control", 1),
        ("abandoned", "Abandoned/struck" if compact else "Abandoned or surrendered", 1),
        ("sunk", "Sunk", 1),
        ("anchored", "Anchored", 1),
        ("aground", "Aground", 1),
        ("aground", "Free tries" if compact else "Tries to break free", 4),
        ("locked", "Locked with ____", 1),
    ]
    items[3:3] = [item for tid in s.turret_damage_points for item in (
        ("turret_jam", f"Turret {tid} jammed ___° off bow" if compact else f"Turret {tid} jammed at ___° from bow", 1),
        ("turret_out", turret_out(tid, compact), 1))]
    # each line is a tracker of its own (`render.tags.recorded` reads a block's tracks): a turret's jam once per turret
    return Checkboxes([(label, n, tracker) for tracker, label, n in items], **style("criticals", compact))


# a torpedo's 2d6 flooding can pass the track's last box (one a FP): she loses more FP than she has at the next
# repair phase, so she sinks there (replay 23, defect b: what the overflow meant)
FLOOD_PAST = "at FP 0 she sinks, in the repair phase"
FLOOD_PAST_SHORT = "FP 0: sinks"


def shot_through(ctx: Context) -> str:
    """What a solid shot through a fort's walls does to its SDP (fort_targets.shot_through, ours; sotw34), said by the
    track its SDP are struck on: " · a shot through the walls: its SDP ÷ 3, round up" ("" where the table has none)."""
    f = ctx.tables.require("fort_targets").rows
    if not f.get("shot_through_head") or "shot_through" not in f:
        return ""
    said = {"fort_targets.shot_through": {**(f.get("shot_through_words") or {}), "else": "÷ {value}, round up"}}
    return " · " + fill(f["shot_through_head"], ctx.tables, {"words": said}, "table fort_targets, row shot_through_head")


def damage_block(s: VesselStats | FortStats, ctx: Context, unit, compact: bool = False, legend: bool = True) -> Block:
    """The damage tracks under (legend) what they cost, and the checkboxes."""
    if isinstance(s, FortStats):
        return Stack([Heading("Damage · strike a box for each point" + shot_through(ctx), **style("damage_head", compact)),
                      Tracks([t for t, _ in tracks(s, ctx, unit)], **style("fort_tracks", compact)),
                      fort_boxes(ctx, compact)], **style("damage_fort_stack"))
    e = ctx.tables.require("hull_damage_effects").rows
    m = int(e.get("machinery_box_levels", 1))
    how = (f"a box per point; at the {e['half']['mark']} / {e['quarter']['mark']} hull-left bars max speed "
           f"−{e['half']['speed_levels']} / −{e['quarter']['speed_levels']} levels; each machinery box −{m} "
           f"level{'s' if m != 1 else ''}; flooding points: FP lost each repair phase ({FLOOD_PAST})")
    if compact:
        # one line on every half page (replay 7): "levels", "box" and "points" gave way to the flooding overflow
        how = (f"{e['half']['mark']}/{e['quarter']['mark']} left: max speed −{e['half']['speed_levels']}/"
               f"−{e['quarter']['speed_levels']}; machinery −{m}; each repair: FP −flooding ({FLOOD_PAST_SHORT})")
    return Stack(([Legend([("", how)], title="Damage:", **style("damage_legend"))] if legend else [])
                 + [Tracks([t for t, _ in tracks(s, ctx, unit)], **style("tracks", compact)),
                    critical_boxes(s, compact=compact)], **style("damage_stack"))


# the orders log's tactical codes: the text's four, and ours for casting off a lashed consort and for holding her
# place under steam, Immobile with her engine turning against a current (a ram is a move into contact and needs
# none: the text's own example writes it as a move)
TEXT_CODES = "BD board, SS scuttle, AN anchor, GR run aground"
OUR_CODES = "CO cast off, HS hold under steam"
TACTICAL_CODES = f"{TEXT_CODES}, {OUR_CODES}"


def log_legend(ctx: Context, fort: bool = False, compact: bool = False, faces: list | None = None) -> Block:
    """The log's title, with what its codes mean for a vessel (a fort's log a column a face, `faces`: what to write)."""
    if fort:
        # play 43 (defects, p15): "(Bro 1–5; Har 6–7 and 13)" was cryptic: the example now says what it means
        return Heading("Fire log" + (" · each face: ships, gun boxes, for a misfire's random gun (so: Brooklyn boxes 1–5; "
                                     "Hartford 6, 7 and 13)"
                                     if len(faces or ()) > 1 else ""), **style("fire_log_head"))
    codes = " ".join(r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows)
    if compact:
        return Legend([("speed", f"{codes}, ring it astern"), ("manoeuvre", "Fx ahead, Ax astern, Px/Sx turn, x cm each, in order, adding up to her move (S8 F17)"),
                       ("tactical", TACTICAL_CODES)], title="Orders log:",
                      **style("log_head", True))
    return Legend([("Speed", f"{codes} (ring it when astern)"),
                   ("Manoeuvre", "Fx ahead, Ax astern, Px / Sx turn to port / starboard on the template; x cm each, in order, adding up to her move (S8 F17)"),
                   ("Tactical", TACTICAL_CODES)], title="Orders log ·",
                  **style("log_head"))


def orders_log(fort: bool, turns: int, compact: bool, faces: list[tuple[str, int]] | None = None) -> OrdersLog:
    """Parts of numbered turns to fill in, `turns` in all: speed, manoeuvre and tactical orders (a fort: each ship it
    fired at and how many guns at her, up to four a turn, so in one wide column and fewer, wider parts; a fort whose
    guns bear from two faces or more, a column a face, so each face's cap at one ship is kept where it is written).
    The last part may be shorter: the log holds the game's turns, no more and no fewer."""
    if fort and faces and len(faces) > 1:
        # play 43, moment 11: Fort Morgan's channel fronts (20 guns, four ships a turn) had a cell no wider than its
        # bay front's (8): each face's width now goes by its guns, none under the style's least share
        look = style("fire_log_faces")
        rest = 100 - float(look["turn"].rstrip("%"))
        guns = [max(1, int(n)) for _, n in faces]
        least = float(look.get("least", 0))
        raw = [max(least, g / sum(guns)) for g in guns]
        shares = [f"{rest * r / sum(raw):.4g}%" for r in raw]
        return OrdersLog(turns, ["Turn"] + [f[0].upper() + f[1:] for f, _ in faces], [look["turn"]] + shares,
                         **{**style("fire_log", compact), "parts": look["parts"]})
    if fort:
        return OrdersLog(turns, ["Turn", "Ships fired at: gun boxes"], style("fire_log_columns", compact)["columns"],
                         **style("fire_log", compact))
    widths = style("orders_columns", compact)
    return OrdersLog(turns, ["Turn", "Speed", "Manoeuvre", "Tactical"], widths["columns"], **style("orders_log", compact))


def log_row_height(compact: bool) -> float:
    return orders_log(False, 1, compact).row_height()


# ---------------------------------------------------------------------------------------------- the sheet


def own_gun_damage(s: VesselStats | FortStats, ctx: Context, size: float | None = None, note: bool = True) -> Block | None:
    """Table 17 for the unit's own gun sizes (None when she has no guns)."""
    order = [r["size"] for r in ctx.tables.require("gun_sizes").rows]
    sizes = sorted({parse_code(g.code)[0] for g in s.guns}, key=lambda k: order.index(k) if k in order else len(order))
    return gun_damage_block(ctx, sizes, title="Table 17 · damage her guns deal, by size word", size=size, note=note) if sizes else None


def damage_row_half(s: VesselStats, ctx: Context, unit, width: float, reminders: bool = True) -> Columns:
    """A half page's damage | hit location, Table 17 and armour, with her size, draught, ram and rig (what the
    movement, collision and grounding tables ask) under whichever column leaves the row the shorter. The orders log's codes are
    on the turn strip and the quick reference: a half page has no line to spare for them."""
    t17 = own_gun_damage(s, ctx, size=style("play", True)["size"], note=False)
    left = [damage_block(s, ctx, unit, compact=True, legend=reminders)]
    right = [hit_location_table(s, ctx, unit)] + ([t17] if t17 else []) + [armour_legend(s, ctx, unit)]
    row = style("damage_row_half")
    lw, rw = ((width - row["gap"]) * k / sum(row["weights"]) for k in row["weights"])
    legend = vessel_legend(s, ctx, unit)
    tall = lambda l, r: max(Stack(l, **style("damage_stack")).measure(lw), Stack(r, **style("right_half")).measure(rw))  # noqa: E731
    if tall(left + [legend], right) <= tall(left, right + [legend]):
        left.append(legend)
    else:
        right.append(legend)
    return Columns([Stack(left, **style("damage_stack")), Stack(right, **style("right_half"))],
                   **style("damage_row_half"))


def fort_rules(ctx: Context, compact: bool = False, unit=None) -> Block:
    """How a fort is shot at (fort_targets, ours): target size, where every hit lands, its critical table; and which
    of its guns fire (the sector's, from the set-up page), with how many of each face's may fire at one ship."""
    t = ctx.tables.require("fort_targets")
    f = dict(t.rows)
    faces = face_guns(unit, ctx)
    if f.get("fires"):  # how many of a face's guns fire at one ship: each face's own number where the set-up has them
        each = ", ".join(f"{name} {at_one_ship(ctx, n)}" for name, n in faces) or f.get("at_one_ship_words", "")
        f["fires"] = f["fires"].replace("{at_one_ship}", each)
    # the embrasure's SDP, by its reading (embrasure_sdp: the walls' test, or as if pierced), in the table's words
    sdp_words = (f.get("embrasure_words") or {}).get(f.get("embrasure_sdp"), "")
    crit = lambda c: f"{c['hit'].lower()}: {c['effect'].replace('{embrasure_sdp}', sdp_words)}"  # noqa: E731
    rolls = lambda cs: f"{cs[0]['roll'].split('-')[0]}-{cs[-1]['roll'].split('-')[-1]}"  # noqa: E731
    free = [c for c in f["criticals"] if not c.get("walls")]
    walled = [c for c in f["criticals"] if c.get("walls")]
    star = " *" if t.tag() == "reconstructed" else ""
    # sotw33 (moments 7 and 9, and "dense"): one short line for each thing, numbered, so the eye finds the one it
    # wants; those criticals that test the walls after the one that does not, with what a deflected hit does (the
    # text's rule for every critical: a hit that does not get through does its damage and no more)
    lines = [f"{f['base']}; {f['aspect']}" if f.get("aspect") else f.get("base", ""),
             fort_size_words(ctx) + f"; {f['hit']}"
             + (f"; {f['critical']}" if f.get("critical") else "; a 10 on its location d10: a fort critical's d6")]
    lines += [f"d6 {c['roll']} {crit(c)}" for c in free]
    if walled:
        lines.append(f"d6 {rolls(walled)} only if the walls were pierced ({f.get('walls_deflected', 'else nothing')}): "
                     + "; ".join(f"{c['roll']} {crit(c)}" for c in walled))
    lines = [ln for ln in lines if ln]
    items = [[(f"{k}.", ln)] for k, ln in enumerate(lines, 1)]
    # then which of its guns fire; how it burns and when its gunners are driven off stand by those boxes (fort_box_rules)
    items += [[("Fires:", f["fires"])]] if f.get("fires") else []
    st = style("fort_rules", compact)
    return Stack([Legend(item, title=f"Shot at{star}:" if k == 0 else None, **st) for k, item in enumerate(items)],
                 **style("fort_rules_lines"))


def fort_box_rules(ctx: Context, compact: bool = False) -> Block | None:
    """What a fort's On fire and Driven off boxes mean (fort_targets.on_fire, gunners_driven_off.box), set under its
    Table 17 beside those boxes (sotw33: off the Shot at lines, which keeps two forts a page)."""
    f = ctx.tables.require("fort_targets").rows
    items = [("On fire:", f["on_fire"])] if f.get("on_fire") else []
    # when the Driven off box is ticked and cleared: it recurs turn after turn (replay 20, defect a)
    box = ctx.tables.require("gunners_driven_off").rows.get("box")
    to_hit = driven_off_to_hit(ctx)
    items += [("Driven off:", box.format(to_hit=f"{to_hit:+d}".replace("-", "−"), band=str(ctx.tables.require("gunners_driven_off").rows.get("within", "E")).split()[0]))] if box and to_hit is not None else []
    return Stack([Legend([item], **style("fort_rules", compact)) for item in items], **style("fort_rules_lines")) if items else None


def fort_size_words(ctx: Context) -> str:
    """A fort's target size and Immobile with their Table 10 numbers and the sum (play 35, moment 1: 'does a fort's
    target size F (+2) stack with Immobile (+1)?' They are two of Table 10's lines, so both count)."""
    f = ctx.tables.require("fort_targets").rows
    mods = ctx.tables.require("direct_fire").rows
    size = mods["target_size"][f["target_size"]]
    if not f.get("immobile"):
        return f"target size {f['target_size']} ({size:+d})".replace("-", "−")
    still = mods["target_speed"]["Immobile"]
    return f"size {f['target_size']} {size:+d} + Immobile {still:+d} = {size + still:+d}".replace("-", "−")


def fort_target(ctx: Context) -> str:
    """How a fort is shot at (fort_targets): its target size, Immobile when the table says so."""
    f = ctx.tables.require("fort_targets").rows
    return f["target_size"] + (", Immobile" if f.get("immobile") else "")


def wall_words(unit, ctx: Context) -> str:
    """The walls' material and how its SDP come (fort_walls): thickness × SDP a foot, so that a sand battery's 60
    beside a brick fort's 48 reads as the thicker wall it is (play 44, defects: "looks backwards")."""
    t = ctx.tables.require("fort_walls")
    material = unit.walls.material.value
    mat = t.need(t.need(t.rows, "materials", "wall materials"), material, "sdp_per_ft, default_ft and armour")
    thick = unit.walls.thickness_ft if unit.walls.thickness_ft is not None else float(mat["default_ft"])
    return f"{material} {thick:g} ft × {float(mat['sdp_per_ft']):g}"


def fort_box_items(s: FortStats, unit, ctx: Context) -> list[tuple[str, Any]]:
    """A fort's stat boxes, (label, as printed); the web's stat card shows the same."""
    names = ctx.tables.require("armour_names").rows
    walls = s.armour.walls
    # play 43 (defects, p15): "Garrison (men) –" was an empty field; no rule here reads it, so it shows only when known
    return [("Structure (SDP)", s.structural_damage_points), ("Walls: its Table 16 column", f"{walls} {names.get(walls, '')}"),
            ("Wall, ft × SDP a ft", wall_words(unit, ctx)), ("Target size", fort_target(ctx)),
            *([("Garrison (men)", unit.garrison)] if unit.garrison else []), ("Nation", s.nation)]


def fixed_blocks(unit, d: Derived, ctx: Context, compact: bool, width: float = 190.0,
                 reminders: bool = True, to_hit: bool = True, faces: list[str] | None = None) -> list[Block]:
    """Everything on the sheet above the orders log. A half-page sheet (compact) sets the same figures closer:
    the other vessel figures as a legend line, Table 17 and the armour in a narrow column."""
    s = d.stats
    head = heading_block(unit, d, ctx, compact)
    log_head = log_legend(ctx, fort=s.kind == "fort", compact=compact, faces=faces)
    # a fort's random gun is one of the face that bears on the firer: the most on one face (all of them, faces none)
    most = max((n for _, n in face_guns(unit, ctx)), default=None) if s.kind == "fort" else None
    legends = [b for b in (gun_legend(s, ctx, compact, most), to_hit_legend(ctx, compact) if s.guns and to_hit else None)
               if b is not None]
    if isinstance(s, FortStats):
        boxes = StatBoxes(fort_box_items(s, unit, ctx), **style("fort_boxes", compact))
        t17 = own_gun_damage(s, ctx, size=style("fort_table17")["size"], note=False)
        by_boxes = fort_box_rules(ctx, compact)
        if t17 is not None and by_boxes is not None:
            t17 = Stack([t17, by_boxes], **style("fort_t17_stack"))
        damage = damage_block(s, ctx, unit, compact)
        return [head, boxes, guns_block(s, compact, fort_faces(unit, ctx)), *legends, fort_rules(ctx, compact, unit),
                damage if t17 is None else Columns([damage, t17], **style("fort_damage_row")), log_head]
    t17 = own_gun_damage(s, ctx, size=style("play", compact)["size"], note=not compact)
    if compact:
        return [Columns([head, stat_boxes(s, ctx, compact=True)], **style("title_row_half")),
                guns_block(s, compact=True), *legends, damage_row_half(s, ctx, unit, width, reminders)]
    third = hit_location_panel(s, ctx, unit) if t17 is None else Stack([hit_location_panel(s, ctx, unit), t17],
                                                                        **style("third_panel"))
    panels = Columns([armour_panel(s, ctx, unit=unit), vessel_panel(s, ctx, unit), third], **style("panels"))
    consort = s.kind == "vessel" and bool(lashed_orders(unit, ctx))  # no log of her own, so no log heading
    return [head, stat_boxes(s, ctx), panels, guns_block(s), *legends, damage_block(s, ctx, unit)] + ([] if consort else [log_head])


def fire_log_faces(unit, d: Derived, ctx: Context) -> list[tuple[str, int]] | None:
    """The faces a fort's fire log gives a column each, with their guns (its width goes by them): where its set-up
    stands its guns on two faces or more (Fort Morgan's channel fronts and bay front), so each face's cap at one ship
    is kept where it is written; else None."""
    faces = list(face_guns(unit, ctx)) if d.stats.kind == "fort" else []
    return faces if len(faces) > 1 else None


def sheet(unit, d: Derived, ctx: Context, width: float, height: float | None = None, compact: bool = False,
          headed: bool = False, by_face: bool = False) -> Stack:
    """The record sheet of one unit as a Stack, its orders log holding every turn of the game (game_turns). A half
    page (compact) taller than the `height` it should fit drops the damage line's reminder of what the bars and
    boxes cost (the quick reference says it too) where that makes it shorter. headed: the page's running header (page_header) holds
    the to-hit line, so the sheet leaves its own out. by_face: a fort's fire log a column a face (fire_log_faces), the
    reminder line kept."""
    def build(reminders: bool, faces: list[tuple[str, int]] | None = None) -> Stack:
        blocks = fixed_blocks(unit, d, ctx, compact, width, reminders, to_hit=not headed, faces=faces)
        # a lashed consort's orders are her partner's log's (lashed_orders, on her Lashed to line): no log of her own
        log = [] if consort else [orders_log(d.stats.kind == "fort", game_turns(ctx), compact, faces)]
        return as_it_stands(Stack([*blocks, *log],
                                  **style("sheet", compact), keep_together=True), ctx, unit)

    consort = d.stats.kind == "vessel" and bool(lashed_orders(unit, ctx))
    faces = fire_log_faces(unit, d, ctx) if by_face else None
    full = build(True, faces)
    if faces:
        return full
    if compact and height is not None and full.measure(width) > height + 1e-6:
        short = build(False)  # the shorter, whether or not it fits: it may yet share a page with a short one
        return short if short.measure(width) < full.measure(width) - 1e-6 else full  # the line, where it costs nothing
    return full


def unit_sheet(unit, d: Derived, ctx: Context) -> Block:
    """One unit's sheet as a pack prints it on A4 (its trackers named as her live sheet names them)."""
    return sheet(unit, d, ctx, 190.0, None, compact=True, headed=True)


def page_header(ctx: Context) -> Block:
    """The running header of every sheet page: the sequence of play with its firing windows (the kit's turn strip,
    from sequence_of_play) and the to-hit line (Table 10), the same for every unit, so once a page."""
    return Stack([turn_strip(ctx.tables, load_style(STYLE_PATH)), to_hit_legend(ctx, compact=True)],
                 **style("page_header"))


def fits_half(unit, d: Derived, ctx: Context, width: float, half: float) -> bool:
    """Whether the half-page sheet, with an orders log for the whole game, fits in `half` mm."""
    return sheet(unit, d, ctx, width, half, compact=True).measure(width) <= half + 1e-6


FLOW_GAP = style("pages")["gap"]  # between two sheets sharing a page (a dashed rule runs through it)


def lashed_pairs(ctx: Context) -> set[frozenset[str]]:
    """The scenario's lashed pairs as sets of two unit ids (none outside a scenario)."""
    scen = getattr(ctx, "scenario", None)
    if scen is None:
        return set()
    return {frozenset((su.id, su.lashed_to)) for side in scen.sides for su in side.units
            if su.lashed_to and su.lashed_to != su.id}


def page_plan(ids: list[str], heights: list[float], room: float, pairs: set[frozenset[str]],
              gap: float = 0.0) -> list[tuple[int, bool]]:
    """The order to print the sheets in, each with whether it starts a page: a sheet shares the page of the one
    before when the two fit its `room` together (`gap` between), a lashed pair that fits together on the same page
    (a later single sheet that fits beside the page in hand moves up rather than leave it half empty), any other
    sheet a page of its own."""
    together = lambda a, b: a + gap + b <= room + 1e-6  # noqa: E731
    groups: list[list[int]] = []
    i = 0
    while i < len(ids):
        if i + 1 < len(ids) and together(heights[i], heights[i + 1]) and frozenset((ids[i], ids[i + 1])) in pairs:
            groups.append([i, i + 1])
            i += 2
        else:
            groups.append([i])
            i += 1
    plan: list[tuple[int, bool]] = []
    open_h: float | None = None  # the height used on the page in hand when it holds one sheet, else None
    while groups:
        g = groups.pop(0)
        if len(g) == 2:
            if open_h is not None:
                filler = next((k for k, h in enumerate(groups) if len(h) == 1 and together(open_h, heights[h[0]])), None)
                if filler is not None:
                    plan.append((groups.pop(filler)[0], False))
            plan += [(g[0], True), (g[1], False)]
            open_h = None
        elif open_h is not None and together(open_h, heights[g[0]]):
            plan.append((g[0], False))
            open_h = None
        else:
            plan.append((g[0], True))
            open_h = heights[g[0]]
    return plan


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Each unit's sheet: the half-page layout wherever it fits half a page (orders log for the whole game included),
    two to a page wherever the two fit together, a scenario's lashed pairs on the same page (page_plan), each side's
    sheets from a page of their own wherever the pack keeps the sides apart (play_aids.sides_apart). A sheet that does not fit half a page gets a page of its own: in
    the half-page layout too when most of the pack's sheets are half-page ones (one sheet design a pack), else the
    full layout (larger type) when it fits the page."""
    if not derived:
        raise ShipyardError("no vessels to print: name at least one vessel or fort")
    box = doc.content_for(False)
    pages = style("pages")
    slack = pages["slack"]
    header = page_header(ctx)
    room = box.h - header.measure(box.w) - FLOW_GAP  # below the running header (turn strip, to-hit line)
    half = sheet_room(room, pages["per_page"], FLOW_GAP, slack)
    blocks = [sheet(unit, d, ctx, box.w, half, compact=True, headed=True) for unit, d in derived]
    heights = [b.measure(box.w) for b in blocks]
    fits = [h <= half for h in heights]
    one_design = 2 * sum(fits) >= len(fits)
    for k, (unit, d) in enumerate(derived):
        if not fits[k] and not one_design:
            full = sheet(unit, d, ctx, box.w, None, compact=False, headed=True)
            if full.measure(box.w) <= room - slack:
                blocks[k], heights[k] = full, room  # a page of its own
    for k, block in enumerate(blocks):  # a sheet taller than a page (a long game's log) goes on overleaf, log and all
        if heights[k] > room:
            blocks[k] = replace(block, keep_together=False)
    ids, pairs = [u.id for u, _ in derived], lashed_pairs(ctx)

    def plan_of(runs: list[list[int]]) -> list[tuple[int, bool]]:  # a page plan for each run, its first on a new page
        return [(run[k], starts) for run in runs for k, starts in
                page_plan([ids[i] for i in run], [heights[i] for i in run], room - slack, pairs, FLOW_GAP)]

    def pages(runs: list[list[int]]) -> int:
        plan = plan_of(runs)
        return flow_pages([blocks[k] for k, _ in plan], box.w, room, FLOW_GAP, new_page=[s for _, s in plan])

    sides = side_runs(range(len(derived)), ctx, unit_of=lambda k: derived[k][0])
    runs = sides_apart(ctx, sides, pages)
    for k, (unit, d) in enumerate(derived):  # a fort's log a column a face, wherever that takes no page more
        if fire_log_faces(unit, d, ctx) and heights[k] <= room:
            before, kept = pages(runs), (blocks[k], heights[k])
            blocks[k] = sheet(unit, d, ctx, box.w, half, compact=True, headed=True, by_face=True)
            heights[k] = blocks[k].measure(box.w)
            if heights[k] > room or pages(runs) > before:
                blocks[k], heights[k] = kept
    plan = plan_of(runs)
    flow = Flow(doc, gap=FLOW_GAP, header=header)
    for n, (k, starts) in enumerate(plan):
        flow.add(blocks[k], bookmark=derived[k][1].unit_name, new_page=starts and n > 0)
