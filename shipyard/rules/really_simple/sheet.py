"""Really Simple ACW Naval Rules: a ship data card and the orders log, as lists of blocks filled from the typed stats
and the tables. No coordinates here: the pieces are render.kit's, their sizes this rule set's style record
(style.yaml), and the card grid (render.kit.CardGrid) and the Flow place them.

    Panel(Stack([
        CardHead("USS Hartford", "Screw sloop · Hartford class · USN", rule_colour=accent),
        StatBoxes([("ARMOUR", 4), ("AHEAD", "13½ kn"), ("ASTERN", "6½ kn"), ("DRAFT", "17 ft"), ("RAM BOW", "no (−1)")]),
        SpeedTrack([SpeedRow("SPEED", [13½ 13 … ½ 0 SINKS])]),                records speed, sunk
        GunRows([Track("PORT L +3", 9, note="9-inch Dahlgren smoothbore", records="gun"), …]),
        CheckRow("2d6", [Check("helmsman"), Check("list port"), …, Check("FIRE", 4), …]),  records special, …
    ]))

Which box records which outcome of the hit, special-effect and ramming tables is trackers.yaml (trackers.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ...render.flow import Flow
from ...render.text import number
from ...render.measure import Block
from ...render.tracks import Check, CheckRow, Track
from ...render.text_blocks import Note, Runs, Text
from ...render.containers import Panel, Stack
from ...render.figures import StatBoxes
from ...render.tags import records
from ..play_aids import (
    accent, as_it_stands, damage_done, game_turns, sheet_heading, short_name, side_runs, sides_apart, with_live_link
)
from ...render.kit import CardGrid, CardHead, keep_together, GunRows, Measured, OrdersGrid, SpeedCell, SpeedRow, SpeedTrack, load_style
from ...render.kit import turn_strip as kit_turn_strip
from ..rosters import lashed_groups
from .damage import check_opening_damage, speed_values
from .trackers import applies, no_effect_text, trackers
from .stats import ReallySimpleStats
from .words import lashed_to, inboard_side, lashed_card_words, list_key, odd_gun_inboard, reading, fire_boxes_struck, fort_front_groups, fort_guns_bearing, gun_groups, idle_guns_play_no_part, NO_SHIP, off_plan, option_words, kn, no_ram_bow, row_text, sinks_in, special_effect, step_kn, proof_words

STYLE_PATH = Path(__file__).with_name("style.yaml")  # the sizes this sheet picks


def style():
    """The sizes the cards and the orders log pick (style.yaml)."""
    return load_style(STYLE_PATH)


def card_heading(unit, d, ctx) -> Block:
    name, sub = sheet_heading(unit, d, ctx)
    sub = with_model_size(sub, unit, ctx)  # the footprint contact is judged on (Contact in the move)
    return with_live_link(CardHead(name, sub, rule_colour=accent(unit, ctx), **style()["card_head"]), unit, ctx,
                          on="card")


def stat_boxes(s: ReallySimpleStats, unit, ctx) -> Block:
    return StatBoxes(stat_box_items(s, unit, ctx), **style()["stat_boxes"])


def stat_box_items(s: ReallySimpleStats, unit, ctx) -> list[tuple[str, Any]]:
    """The figures in the card's boxes, (label, as printed); the web's stat card shows the same."""
    if s.is_fort:
        # no WALLS box: the walls give the armour number (fort_walls) and no rule reads them in play; a fort with
        # fronts on the set-up page has a box a front (how many of its guns bear on one ship there, of how many)
        # and one for the guns that bear on no ship, so its card counts the guns the plan does
        fronts = fort_fronts(unit, s, ctx)
        items = [("ARMOUR", s.armour), ("GUNS", s.gun_count)]
        if fronts:
            items += [(f"ON ONE SHIP {arc}", f"{k} of {n}") for arc, n, k in fronts]
            rest = s.gun_count - sum(n for _, n, _ in fronts)
            items += [(NO_SHIP, rest)] if rest > 0 else []
        else:
            items += [("ON ONE SHIP", f"{fort_guns_bearing(ctx.tables, s.gun_count)} of {s.gun_count}")]
    else:
        items = [("ARMOUR", s.armour), ("AHEAD", f"{kn(s.speed_kn)} kn"),
                 ("ASTERN", f"{kn(s.astern_kn)} kn" + (" (=)" if s.astern_as_fast else "")),
                 ("DRAFT", f"{s.draft_ft} ft"), ("RAM BOW", "yes" if s.reinforced_bow else no_ram_bow(ctx.tables))]
    return items


def model_size(unit, ctx) -> str:
    """Her length and beam at the models' scale ('2.3×0.4' inches for a 226 ft sloop at 1/1200): the footprint a paper
    counter or a bare model is judged on when ships touch (the contact rule); empty where the unit has no hull."""
    length, beam = getattr(unit, "length_ft", None), getattr(unit, "beam_ft", None)
    match = re.fullmatch(r"1/(\d+)", str(getattr(ctx, "scale", "")))
    if not (length and beam and match):
        return ""
    per_in = int(match.group(1)) / 12  # feet of ship to an inch of model
    # decimals always (not number()'s ½: replay 16 found Tennessee's "2.1×½in" among every other card's decimals)
    return f"{round(length / per_in, 1):g}×{round(beam / per_in, 1):g}"


def consort_centre(unit, ctx) -> str:
    """Where a consort's centre sits from her partner's (play 38, moment 1: the pack said only "centres abeam", and the
    player worked 0.35 in out of the cards' beams): touching on the named side, centres abeam, so half the two models'
    beams apart, to the hundredth of an inch; "" where either has no model size."""
    scenario = getattr(ctx, "scenario", None)
    su = next((su for side in getattr(scenario, "sides", ()) for su in side.units
               if su.id == getattr(unit, "id", None) and su.lashed_to and su.lashed_to != su.id), None)
    partner = ctx.library.units.get(su.lashed_to) if su else None
    mine, his = model_size(unit, ctx), model_size(partner, ctx) if partner is not None else ""
    if not (mine and his):
        return ""
    from ..play_aids import short_name

    apart = (float(mine.split("×")[1]) + float(his.split("×")[1])) / 2
    side = getattr(su, "lashed_on", None) or "the named side"
    return f"; her centre {apart:.2f}\u00a0in to {side} of {short_name(partner.name)}'s"


def with_model_size(sub: str, unit, ctx) -> str:
    """A card's sub-heading with her model's footprint, 'model 2.3×0.4in', the contact rule's length and beam in
    inches (one word, so a wrap never leaves 'in' alone on a line)."""
    size = model_size(unit, ctx)
    # play 37, defect: 'model' kept with its size (a no-break space): Monongahela's '2.3×0.4in' wrapped alone, far
    # from its title, and was taken for missing
    return f"{sub} · model\u00a0{size}in" if size else sub


def fort_arcs(unit, ctx) -> list:
    """The scenario set-up's arcs for this fort (its fronts), [] where it gives none."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(getattr(unit, "id", "")) if setup is not None else None
    return list(start.arcs) if start is not None and start.arcs else []


def fort_fronts(unit, s: ReallySimpleStats, ctx) -> list[tuple[str, int, int]]:
    """A fort's fronts as the scenario's set-up gives them (its arcs with their guns), each as (sector, guns,
    how many of them bear on any one ship there: the fort_fire share of the front's guns): [('170–330°', 20, 3),
    ('330–030°', 8, 1)]. [] when the scenario gives the fort no counted arcs (then the share is of all its guns)."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(getattr(unit, "id", "")) if setup is not None else None
    if start is None or not start.arcs or any(a.count is None for a in start.arcs):
        return []
    return [(f"{a.from_:03.0f}–{a.to:03.0f}°", a.count, fort_guns_bearing(ctx.tables, a.count)) for a in start.arcs]


def speed_track(s: ReallySimpleStats, unit, ctx) -> Block:
    """The half-knot boxes from top speed to 0, then SINKS T__ (the turn she goes down: struck past 0, a magazine)
    and ABANDONED (a fire's last turn, the boiler's roll): where speed losses and how her fight ends are marked."""
    step = step_kn(ctx.tables)
    values = speed_values(float(s.speed_kn), step)
    # how a ship's fight ends
    ends = [SpeedCell(f"SINKS {UNTIL}", end=True, track="sunk", turn=True),
            SpeedCell("ABANDONED", end=True, track="abandoned"), SpeedCell("STRUCK", end=True)]
    cells = [SpeedCell(kn(v), strong=float(v).is_integer()) for v in values]
    lost = damage_done(ctx, unit, ("speed",), len(values))  # boxes struck on a pre-damaged copy
    # how her fight ends on a line of its own under the boxes, on every card in one place (replay 27: Hartford's and
    # Brooklyn's long tracks wrapped SINKS apart from ABANDONED and STRUCK, the last on a third line, easily missed)
    def track(rows):
        return records(SpeedTrack(rows, struck=lost, track="speed", **style()["speed_track"]), "speed", "sunk", "abandoned")

    return EndsTogether(track([SpeedRow("SPEED", cells), SpeedRow("", ends)]), track([SpeedRow("SPEED", cells + ends)]))


@dataclass
class EndsTogether(Block):
    """A speed track whose end boxes (SINKS, ABANDONED, STRUCK) stay on one line: after the boxes where all three fit
    on their last line (`inline`, a line shorter), else on a line of their own under them (`child`). Both are the
    kit's SpeedTrack; this only picks, at the width the card is drawn."""

    child: Block
    inline: Block

    def _pick(self, width: float) -> Block:
        return self.inline if self.inline.measure(width) < self.child.measure(width) else self.child

    def measure(self, width: float) -> float:
        return self._pick(width).measure(width)

    def draw(self, page, x: float, y: float, width: float) -> float:
        return self._pick(width).draw(page, x, y, width)

    def texts(self) -> list[str]:
        return self.child.texts()


def gun_tracks(s: ReallySimpleStats, ctx, unit=None) -> Block:
    """A box per gun, by where it bears (a ship's: port, starboard, bow, stern, pivot, turret) and size: the gun
    models named beside the boxes."""
    groups = (fort_front_groups(s, ctx.tables, unit, ctx.library, fort_arcs(unit, ctx)) if s.is_fort and unit is not None
              else []) or gun_groups(s, ctx.tables, unit, ctx.library, odd_gun_inboard(ctx.tables, ctx, unit))
    if not groups:
        return Note("no guns" if s.is_fort else "no guns: ram only", **style()["no_guns"])
    # every row names its guns with their counts ('2 × 9-inch Dahlgren'), one convention on every card, so a row of n
    # boxes reads as n guns and a fort's can be checked against the set-up's fronts
    notes = ["; ".join(_row_name(n) for n in g.names) for g in groups]
    for k, g in enumerate(groups):  # a starboard battery that matches the port one is said once
        port = next((p for p in groups[:k] if p.bears == "port" and (p.size, p.rifled) == (g.size, g.rifled)), None)
        if g.bears == "starboard" and port is not None and _models(port) == _models(g):
            # sides of unlike counts name their own guns (play 32, moment 10: "as PORT, less the odd gun" left
            # Octorara's player asking which guns): only a side that matches the port one, gun for gun, says "as PORT"
            if port.count == g.count:
                notes[k] = "as PORT"
    for k, g in enumerate(groups):  # a broadside of an odd count: the side with the odd gun says so (play 33: Octorara's
        # PORT 2 x 9-inch and STBD 1 read as against "half the battery a side")
        other = next((o for o in groups if o is not g and {o.bears, g.bears} == {"port", "starboard"}
                      and (o.size, o.rifled) == (g.size, g.rifled) and _models(o) == _models(g)), None)
        if other is not None and g.count == other.count + 1:
            notes[k] = f"{notes[k]} · of {g.count + other.count}, the odd one here"
    inboard = None if s.is_fort else inboard_side(ctx, unit)
    mark = ctx.tables.require("odd_gun").rows.get("inboard_mark", "") if inboard else ""
    for k, g in enumerate(groups):  # a lashed ship's inboard battery: said on its row, where she looks for her guns
        if mark and g.bears == inboard:
            notes[k] = f"{notes[k]} · {mark}"
    # a fort's guns on no front play no part (never fired, never lost): one line naming them, no boxes (replay 27)
    idle = [n for g, n in zip(groups, notes) if g.bears == NO_SHIP] if s.is_fort and idle_guns_play_no_part(ctx.tables) else []
    rows = GunRows([Track(g.label, g.count, note=n, records="gun", breaks=model_breaks(g))
                    for g, n in zip(groups, notes) if not (idle and g.bears == NO_SHIP)], **style()["gun_rows"])
    if not idle:
        return rows
    # play 42 (defects): Fort Gaines's 25 idle guns named in full, four lines a player never uses: counted by class,
    # as the roster does ('25 guns (1 L · 4 MR · 20 M)'), the names left to the roster's sources
    tally: dict[str, int] = {}
    for g in groups:
        if g.bears == NO_SHIP:
            key = f"{g.size[0]}{'R' if g.rifled else ''}"
            tally[key] = tally.get(key, 0) + g.count
    count = sum(tally.values())
    said = f"{count} gun{'s' if count != 1 else ''} (" + " · ".join(f"{n} {k}" for k, n in tally.items()) + ")"
    return Stack([rows, Note(f"{NO_SHIP} on the plan, no part in play: " + said, **style()["no_guns"])], **style()["card_stack"])


def model_breaks(group) -> tuple[int, ...]:
    """Where a row's boxes change from one gun model to the next, in the order its note names them ('2 × 100-pounder
    Parrott rifle; 2 × 60-pounder Parrott rifle': (2,)), so its boxes stand in groups by model (replay 32: Brooklyn's
    PIVOT row of four read as one kind of gun)."""
    counts = [int(name.split(" × ", 1)[0]) for name in group.names if " × " in name]
    return tuple(sum(counts[:k + 1]) for k in range(len(counts) - 1)) if len(counts) == len(group.names) else ()


def _row_name(name: str) -> str:
    """A gun as its card row names it, without 'smoothbore' (its row's label says rifle or not: 'L +3', 'LR +4'), so
    that with its count it still fits beside Brooklyn's ten boxes ('10 × 9-inch Dahlgren')."""
    return re.sub(r" smoothbore\b", "", name)


def _models(group) -> list[str]:
    """A gun group's models without their counts ('2 × 32-pounder' -> '32-pounder'), to tell two sides' batteries
    alike though one side has the odd gun."""
    return [name.split(" × ", 1)[-1] for name in group.names]


def special_checks(s: ReallySimpleStats, tables) -> Block:
    """A box for each lasting special effect (2d6) the unit can suffer, FIRE with one box per turn burning and one
    that lasts 1d6 moves or turns with a box for each (the roll's boxes counted off a turn at a time); a fort's
    magazine hit has a DESTROYED box where a house rule lets it destroy one (fort_magazine; a ship's strikes SINKS); ABANDONED, where a fire's last turn or the boiler's
    roll ends."""
    t = trackers()
    wanted = t.for_unit(applies, s)
    checks = []
    for key, label, boxes in SPECIAL_CHECKS:
        if key not in wanted or (key == "sunk" and not s.is_fort):
            continue
        row = special_effect(tables, key) or {}
        label = row_text(row, "mark", "special_effects") if "mark" in row else label
        boxes = int(row[boxes]) if isinstance(boxes, str) else boxes  # a box per turn of the row's field
        until = boxes == LASTS and lasts(tables, key)  # a blank for the turn it ends
        checks.append(Check(f"{label} {UNTIL}" if until else label, max(boxes, 1), key, turn=until))
    if "abandoned" in wanted and s.is_fort:  # a fort's crew leave after a FIRE's last turn (a ship's: her speed track)
        checks.append(Check("ABANDONED", 1, "abandoned"))
    return records(CheckRow("2d6", checks), "special", *(c.tracker for c in checks))


LASTS = 0  # in SPECIAL_CHECKS: an effect that lasts a number of moves or turns thrown (its row in special_effects)
# play 44, moment 3: a fire strikes no box as it starts, so the card had nowhere to say she burns: the word FIRE is
# ringed then (a box of its own wrapped the 2d6 row to a third line and the cards to a fourth page)
UNTIL = "T______"  # written in: the turn it ends, once its dice are thrown (a 5.7 mm blank at 6 pt: room for a pencilled "12")


def lasts(tables, tracker: str) -> bool:
    """Whether a special effect lasts a thrown number of moves or turns ('jammed for 1d6 moves') or one full turn
    (the helmsman's): its row of special_effects says so, and its box has a blank for the turn it ends."""
    row = special_effect(tables, tracker)
    return row is not None and bool(re.search(r"(\d*d\d+|one full)\s+(moves|turns?)\b",
                                              row_text(row, "effect", "special_effects")))


# the special effects' boxes on a card, in the order of the 2d6 table: (tracker, label, boxes); a row's mark in
# special_effects stands for the label, and boxes named by a field are that many (FIRE: a box per turn it burns)
SPECIAL_CHECKS = (("sunk", "DESTROYED", 1), ("helmsman", "helmsman", LASTS), ("list_port", "list port", 1),
                  ("list_starboard", "list stbd", 1), ("shutter", "shutter", LASTS),
                  ("steam_pipes", "steam pipes", 1), ("funnel", "funnel", 1),
                  ("fouled", "screw fouled", LASTS), ("steering", "steering", LASTS),
                  ("fire", "FIRE", "turns"), ("boiler", "boiler", 1))


def card(unit, d, ctx) -> Block:
    """One ship data card: name, the figures looked up every turn in boxes, the speed track, a box per gun and the
    special effects to tick."""
    s: ReallySimpleStats = d.stats
    parts = [card_heading(unit, d, ctx), stat_boxes(s, unit, ctx)]
    if not s.is_fort:
        parts.append(speed_track(s, unit, ctx))
    parts += [gun_tracks(s, ctx, unit), special_checks(s, ctx.tables)]
    consort = None if s.is_fort else lashed_to(ctx, unit)
    if consort:  # a lashed ship's lost speed, said under her 2d6 boxes where the screw and the boiler are ticked
        parts.append(Note(lashed_card_words(ctx.tables, consort) + consort_centre(unit, ctx),
                          **style()["lashed_note"]))
    nothing = no_effect_text(ctx.tables, s, "On a fort" if s.is_fort else "On her")
    if nothing:  # the rows that do nothing to this unit (a fort: no speed, helm, engines or list), said on her card
        parts.append(Note(nothing, **style()["nothing_note"]))
    proof = proof_words(ctx, unit, s) if s.is_fort else ""
    if proof:  # play 44 defect: the monitors no fort gun can hurt, said where the fort's owner gives out her guns
        parts.append(Note(proof, **style()["nothing_note"]))
    return as_it_stands(Measured(Panel(Stack([Measured(p) for p in parts], **style()["card_stack"]), **style()["card"])),
                        ctx, unit)


unit_sheet = card  # one unit's card as it prints (its trackers named as her live sheet names them)


def turn_strip(ctx) -> Block:
    """The sequence of play in a line or two (render.kit.turn_strip over sequence_of_play), atop every sheet page."""
    return kit_turn_strip(ctx.tables, style())


def cards_header(ctx) -> Block:
    """Atop every card page: the turn strip, then how the boxes are used: speed and sinking, where the guns bear and
    which is lost, the 1d6-long effects, FIRE and ABANDONED (from the tables: a house rule's step, fire score or gun
    choice follows)."""
    t = ctx.tables
    step = kn(step_kn(t))
    # play 40, moment 1: the player, reading the text, found no per-gun box (PIVOT MR: 2 100-pdrs and a 30-pdr on
    # one row); each row has a box a gun, gapped by bore, in the words' order: said here. Moment 8: a fouled screw's
    # end said by its T box (p11 has no room: the whole-library quick reference spills with more words). Play 42, moment 6:
    # one T box and three shutters (T3, T5, T6) on Fort Morgan, two helmsman hits on Brooklyn: each gun's T by its box,
    # the effect's box only marks one lasting; a second of the same writes the later T over (Twice)
    key = Runs([("Ship data cards  ", "bold"),
                (f"A SPEED box per {step} kn lost; the 0 box struck, she sinks in {sinks_in(t)} turns, at "
                 f"SINKS {UNTIL} (magazine: now). Guns: PORT, STBD their own side, BOW ahead, STERN astern, PIVOT and TURRET "
                 f"all round {list_key(t)}; a gun lost is {option_words(t, 'gun_lost')}. {UNTIL}: the turn a lasting effect "
                 f"ends (two moves a turn; a fouled screw's over: top speed, her first SPEED box not struck); a box a gun, in the words' order: strike a gun lost's, circle a shutter's, its T by it (each jammed gun its own T; the shutter box: any still lasting). Again (a helmsman, steering, screw): the later T over the first. FIRE: each end of turn {number(t.require('fire').rows['put_out_on'])}+ on "
                 f"1d6 puts it out (cross the ring), else strike a box (as it starts: ring the word FIRE, no box); {fire_boxes_struck(t)}: ABANDONED.",
                 "regular")],
               **style()["cards_header"])
    return Stack([turn_strip(ctx), key], **style()["cards_head_stack"])


# ---------------------------------------------------------------------------------------------- orders log

LOG_PARTS = ("1st ½", "2nd ½", "extras")  # the order format: each half move with its turns, then the extras
SPEEDS_HEAD = "top kn ahead / astern"  # the orders log's note under "Ship": what the figures by each name are


def log_style() -> dict:
    """The orders log's sizes: its bands' gap, the parts' weights, turn widths and row heights (style.yaml)."""
    return style()["orders_log"]


def orders_intro(title: str, ctx, lashed: str = "") -> Block:
    """The log's title and how to write an order; lashed: a consort's name, where the log has a lashed pair (how
    the pair's rows are read, with her name as the example)."""
    m = ctx.tables.require("movement").rows
    turn = number(m.get("turn_deg", 45))
    onto = f"{round(float(m.get('turn_deg', 45))):03d}"  # a turn of less, onto that heading, is written R045
    st = style()
    return Stack([Text(title, **st["orders_title"]),
                  Text(f"Write in the 1st ½ cell the inches ahead (at most half her speed, fewer at will) and any "
                       f"{turn}° turns (R, L; R{onto}: onto {onto}°), in the 2nd ½ the rest and its turns, then extras: "
                       f"her speed, RAM and whom, F2 (fires in the 2nd; jot 1 or 2 when spent), CAST OFF; "
                       f"no target (guns pick their own). Example: 4 R · 4 L · 8 F2. "
                       f"Her speed this turn is {reading(ctx.tables, 'Speed this turn')}. Astern: A first (A2, A1 kn); 1 ahead −2 is 1 astern. "
                       "Illegible orders go against you. Measure at will before writing. Orders stand as written, turn 1's binding too: none changes mid-move (contact stops her). No way on (drifting, sinking): write drift."
                       + (f" ↳ {lashed}: lashed to {lashed}; the pair moves and turns as one (both are turning) "
                          f"at the slower's speed (write the "
                          f"pair's move once, in {lashed}'s row, hers sunk or struck: the ↳ row; in the ↳ row only her own F2, for she picks her own window; CAST OFF parts them: the 1st ½ both stay put (at the kn written, the base of next turn's change), then each moves alone at the pair's speed (one carried drifts), the consort's 2nd ½ in the ↳ row, her own orders from the next turn, her ↳ struck out; one sunk, struck or abandoned parts them unordered: both stay put the next ½ (lost in the 1st fire, the 2nd))."
                          if lashed else ""), **st["orders_how"])],
                 **st["orders_intro"])


def orders_bands(ships: list, turns: int, width: float, row_h: float | None = None,
                 turn_w: float | None = None, lashed: dict | None = None) -> list[Block]:
    """The log as bands of as many turns (of at least turn_w mm, the style's narrowest by default) as the width holds
    (bands of even size), each with a row per ship (row_h mm, the style's by default); a ship lashed to a consort
    says so under her name (lashed: unit id -> the consort's name), so the pair's two rows read as one."""
    st = log_style()
    row_h, turn_w = row_h or st["row_h"], turn_w or st["min_turn_w"]
    lashed = lashed or {}
    rows = [(d.unit_name, f"{kn(d.stats.speed_kn)} / {kn(d.stats.astern_kn)} kn"
             + (f" ↳ {short_name(lashed[d.unit_id])}" if d.unit_id in lashed else "")) for d in ships] \
        or [("", "")] * 8
    probe = OrdersGrid(rows, [1], LOG_PARTS, note_head=SPEEDS_HEAD)
    per = max(1, int((width - probe.name_w(width)) // turn_w))
    n_bands = math.ceil(turns / per)
    per = math.ceil(turns / n_bands)
    return [OrdersGrid(rows, list(range(t, min(turns, t + per - 1) + 1)), LOG_PARTS, note_head=SPEEDS_HEAD, row_h=row_h,
                       weights=st["weights"])
            for t in range(1, turns + 1, per)]


def log_layout(ships: list, turns: int, width: float, first_page: float, gap: float,
               lashed: dict | None = None) -> list[Block]:
    """The bands of a side's log. A log that fits its first page even at the narrowest turns takes the widest turns
    (up to the style's max_turn_w) and tallest rows (up to roomy_row_h) that still fit it: a small side's log fills its page
    with room to write instead of leaving most of it empty. A bigger log: the narrowest turns, rows of
    log_row_height."""
    st = log_style()
    dense = orders_bands(ships, turns, width, lashed=lashed)
    row_h = log_row_height(dense, first_page, gap)

    def fits(bands):
        return sum(b.measure(width) + gap for b in bands) <= first_page

    if fits(orders_bands(ships, turns, width, row_h, lashed=lashed)):
        for turn_w in range(int(st["max_turn_w"]), int(st["min_turn_w"]) - 1, -2):
            for h in (st["roomy_row_h"], (st["roomy_row_h"] + st["row_h"]) / 2, st["row_h"]):
                bands = orders_bands(ships, turns, width, h, float(turn_w), lashed)
                if fits(bands):
                    return bands
    return orders_bands(ships, turns, width, row_h, lashed=lashed)


def log_row_height(bands: list, first_page: float, gap: float) -> float:
    """The height of a ship's row: the style's row_h, or less (never under min_row_h) where that lets the bands fill
    fewer pages; first_page is the room under the log's heading on its first page."""
    st = log_style()
    if not bands:
        return st["row_h"]
    ships, head = len(bands[0].ships), bands[0].head_h
    for pages in range(1, len(bands) + 1):
        on_first = math.ceil(len(bands) / pages)
        fits = ((first_page - on_first * gap) / on_first - head) / max(1, ships)
        if fits >= st["min_row_h"]:
            return min(st["row_h"], math.floor(fits * 20) / 20)  # to 0.05 mm down: an exact fit must not spill a band
    return st["row_h"]


SPEED_BOX = style()["speed_track"]["cell"]  # mm: a speed box on a card


GUN_BOX = style()["gun_rows"]["box"]  # mm: a gun's box on a card


def sheets(doc, derived: list[tuple[Any, Any]], ctx) -> None:
    """Ship data cards in two columns, as many as fit a page (the hit and special-effect tables are on the quick
    reference), each side's from a page of their own wherever the pack keeps the sides apart (sides_apart); then one
    orders log per side (by nation) that has ships."""
    from .reference import readings_blocks  # the reference reads this module's style: imported when printed

    check_opening_damage(ctx)
    items = [(unit, d) for unit, d in derived if not off_plan(ctx, unit, d.stats)]  # a fort off the plan: no card
    grid = CardGrid(doc, cards_header(ctx), **style()["cards"])
    made = [keep_together([[(unit.name, card(unit, d, ctx)) for unit, d in group]  # a lashed pair on one page
                           for group in lashed_groups(getattr(ctx, "scenario", None), run)])
            for run in side_runs(items, ctx)]
    for run in sides_apart(ctx, made, lambda runs: sum(grid.count(run) for run in runs)):  # each from a page of its own
        grid.place(run)
    by_nation: dict[str, list] = {}
    for unit, d in items:
        by_nation.setdefault(getattr(unit, "nation", ""), []).append(d)
    logs = [(nation, ds) for nation, ds in by_nation.items() if any(not x.stats.is_fort for x in ds) or len(by_nation) == 1]
    for k, (nation, ds) in enumerate(logs):
        last = k == len(logs) - 1
        orders_log(doc, ds, ctx, title=f"Orders log · {nation}" if len(by_nation) > 1 and nation else "Orders log",
                   after=readings_blocks(ctx, [d for _, d in items]) if last and readings_with_logs(ctx) else None)


def readings_with_logs(ctx) -> bool:
    """Whether a pack prints what the text leaves open after its last orders log (sharing the page a small side's
    log leaves) rather than after the quick reference: a pack printing both its sheets and its quick reference.
    One rule both aids read, so the page is printed once."""
    options = getattr(ctx, "options", None)
    return options is not None and bool(getattr(options, "sheets", False)) and bool(getattr(options, "reference", False))


def lashed_pairs(ctx) -> dict[str, str]:
    """Each ship lashed to a consort in the scenario (its unit id) and her consort's name."""
    scenario = getattr(ctx, "scenario", None)
    if scenario is None:
        return {}
    out = {}
    for side in scenario.sides:
        for su in side.units:
            if su.lashed_to and su.lashed_to in ctx.library.units:
                out[su.id] = ctx.library.units[su.lashed_to].name
    return out


def orders_log(doc, derived: Iterable, ctx, title: str = "Orders log", after: list | None = None) -> None:
    """A log in the rules' order format for every turn of the game (game_turns): a row per ship, a column per turn,
    in bands of as many turns as the page width holds; a band splits onto the next page between ships, so the
    log never runs out whatever the fleet. after: blocks that follow the log, on its page where a small side's log
    leaves them room (its rows then grow less)."""
    ships = [d for d in derived if not d.stats.is_fort]
    strip = turn_strip(ctx)
    flow = Flow(doc, gap=log_style()["gap"], rule=False, header=strip)
    lashed = lashed_pairs(ctx)
    consorts = [short_name(lashed[d.unit_id]) for d in ships if d.unit_id in lashed]
    intro = orders_intro(title, ctx, lashed=consorts[0] if consorts else "")
    box = doc.content
    room = box.h - intro.measure(box.w) - strip.measure(box.w) - flow.gap
    tail = Stack(after, **style()["reference_stack"]) if after else None
    bands = log_layout(ships, game_turns(ctx), box.w, room, flow.gap, lashed)
    if tail is not None:  # a log that fits its page with the readings under it leaves them that room
        short = room - tail.measure(box.w) - flow.gap
        fitted = log_layout(ships, game_turns(ctx), box.w, short, flow.gap, lashed)
        if sum(b.measure(box.w) + flow.gap for b in fitted) <= short:
            bands = fitted
    flow.add(intro, bookmark=title, new_page=True)
    for band in bands:
        flow.add(band)
    if tail is not None:
        flow.add(tail, bookmark="What the text leaves open")
