"""Saunders record sheets as blocks: the stat boxes, the armour plan, the hull and speed tracks, the guns, the
damage tallies and an orders log, filled from the unit's SaundersStats and the (house-ruled) tables.
No page coordinates here: the pieces are render.kit's, their sizes this rule set's style record (style.yaml)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...render.measure import PT, Block
from ...render.table_block import Table
from ...render.tracks import Checkboxes, Track, Tracks
from ...render.containers import Columns, Stack
from ...render.text_blocks import Note, Runs, Text, Title
from ...render.figures import StatBoxes
from ...render.tags import records
from ...render.kit import (GunTable, HullPlan, OrdersLog, RatingBox, SpeedCell, SpeedRow, SpeedTrack, load_style,
                           turn_strip)
from ...render.text import number
from ...errors import ShipyardError
from ...library.setup import NO_FACE
from ..context import Context
from ..derived import Derived
from ..play_aids import (
    accent, as_it_stands, damage_done, game_turns, sheet_heading, short_name, side_runs, sides_apart, with_live_link
)
from ..rosters import OTHER_SIDE, lashing as rosters_lashing
from .damage import FIRE_TALLY, FUNNEL_TALLY, HOLE_TALLY
from .derive import guns_at_one_ship, modifier, round_speed, scale_factor, speed_thresholds, turret_roles
from .stats import SaundersStats

RULES = "ACW Naval Rules v1.2 (Saunders)"
SECTION_LABEL = {"armament": "Armament", "steering": "Steering", "machinery": "Machinery",
                 "pilot_house": "Pilot house", "propulsion": "Propulsion"}

STYLE_PATH = Path(__file__).with_name("style.yaml")  # the sizes this sheet picks


def style():
    """The sizes this rule set's sheet picks (style.yaml)."""
    return load_style(STYLE_PATH)


def signed(mod: Any) -> str:
    """+1, −2 (a true minus sign)."""
    return f"{int(mod):+d}".replace("-", "−")


def fraction(x: float) -> str:
    """0.75 -> '¾' (the speed fractions the rules print)."""
    return number(round(float(x), 3))


def hull_bar_words(th, ctx: Context) -> str:
    """A hull bar's note in the words the quick reference reads the rule in, its box the one whose tick drops her:
    '½ lost (box 11): ¾ = 5 kn', as the line's knots-lost speeds read (replay r21: "after box 11" beside the reference's "Hull ½ lost" read as two
    thresholds once 11 of 22 were ticked)."""
    lost = {round(float(r["speed_fraction"]), 3): r["lost_fraction"] for r in ctx.tables.require("hull_speed").rows}
    return (f"{fraction(lost[round(float(th.fraction), 3)])} lost (box {th.lost}): {fraction(th.fraction)} = "
            f"{number(th.speed_kn)} kn")


# ---------------------------------------------------------------------------------------------
# Rule reminders, every number from the tables


class _Rows:
    """A table's rows and nothing else: what render.kit's sequence_of_play reads (`.rows`)."""

    def __init__(self, rows):
        self.rows = rows


# play 43 (sau30), defect: a line of fire across a lashed pair's centres is blocked, the rule that decided most shots
# in a line of pairs, was in the readings' Line of fire alone (p19): the first fire's Who may fire says it too
LASHED_FIRE = "; never across a lashed pair"


def played_sequence(t, lashed: bool = False) -> dict:
    """The sequence of play as the turn card prints it: a phase's `pointer` (the `when` of a to_hit modifier and the
    words it follows in `fires`) puts that modifier where the player fires (replay s11 moment 4: the firer stationary
    +1 was in the to-hit table alone, and a ship stopped to fire never took it): "ships that did not turn (0 kn: +1);
    forts", the number the to_hit table's, so a house rule reaches it. The sheets' turn strip has no room for it on
    A4 (a second line costs Mobile Bay a 20th page): each ship's to-hit line carries it (to_hit_line)."""
    rows = []
    for row in t.require("sequence_of_play").rows:
        ptr = row.get("pointer")
        if ptr:
            after = ptr["after"]
            if after not in row["fires"]:
                raise ShipyardError(f"saunders table 'sequence_of_play': {row['phase']}'s pointer follows {after!r}, "
                                    f"not in its fires ({row['fires']!r})")
            words = f" ({t.to_hit.rows['stationary']}: {signed(modifier(t.to_hit, ptr['modifier']))})"
            row = {**row, "fires": row["fires"].replace(after, after + words, 1)}
        if lashed and row["phase"] == "First fire":  # `lashed`: a scenario in play lashes ships in pairs (room in 4 alone)
            row = {**row, "fires": row["fires"] + LASHED_FIRE}
        rows.append(row)
    return {"sequence_of_play": _Rows(rows)}


def to_hit_line(ctx: Context, s: SaundersStats | None = None) -> Columns:
    """'To hit 5+ on D6 per gun · firer at 0 kn +1' beside 'Penetration: DAV + strength − armour; +1 rifle, …, −1 long
    range'. The firer's stationary modifier is named where a ship fires (replay s11 moment 4): a fort's sheet leaves it
    out unless fort_fire makes her a stationary firer."""
    t = ctx.tables
    pen = ", ".join(f"{signed(m['mod'])} {m['when'].lower()}" for m in t.penetration.rows["modifiers"])
    st = style()
    runs = [(f"To hit {int(t.to_hit.rows['needed'])}+ on D6 per gun", "bold")]
    if s is None or not s.fort or t.require("fort_fire").rows["stationary_firer"]:
        runs.append((f" · firer at {t.to_hit.rows['stationary']} {signed(modifier(t.to_hit, 'Firer stationary'))}", "regular"))
    return Columns([Runs(runs, **st["to_hit"]),
                    # play 40 (sau26), moments 1-2: which die, added to what, and whether a gate came first: each
                    # hit, one sum, its die named with its faces where it is rolled
                    Text(f"Each hit: DAV ({''.join(str(f) for f in t.penetration.rows['dav_faces'])}) + Str − armour; "
                         f"{pen}{both_ways(t)}", **st["to_hit"])],
                   **st["to_hit_row"])


def both_ways(t) -> str:
    """Where every penetration adjustment is also a to-hit modifier of the same sign and size (rifle, point blank,
    long range), the sheet says they count to hit too: replay r13 missed a rifle's +1 to hit in turn 1, as the sheet's
    line named them only for penetration (the other to-hit modifiers are the quick reference's)."""
    to_hit = {m["when"].lower(): int(m["mod"]) for m in t.to_hit.rows["modifiers"]}
    same = all(to_hit.get(m["when"].lower()) == int(m["mod"]) for m in t.penetration.rows["modifiers"])
    return " (to hit as well)" if same else ""


def small_target_line(ctx: Context) -> str:
    return f"small target: {signed(ctx.tables.small_target.rows['to_hit_modifier'])} to hit her"


def flags(s: SaundersStats, ctx: Context) -> str:
    out = []
    if s.small_target:
        out.append(small_target_line(ctx))
    if s.double_ender:
        out.append("double-ender: full speed astern")
    if not s.fort:
        step = float(ctx.tables.require("movement").rows["speed_step_kn"])
        out.append(f"move {number(s.move_in)} in / astern {number(s.astern_move_in)} in a turn; "
                   f"±{number(s.acceleration_kn)} kn a turn, by {number(step)} kn")
        # play 44 (sau31), other defects: the tracks skip half knots above half speed (Tecumseh 5, 6, 7) while the
        # chits carry them: the sheet says a plot goes by the movement table.s step (a track box per half knot cost Letter a page)
    if s.max_turn_deg_spar_deployed:
        out.append(f"spar deployed: turn {s.max_turn_deg_spar_deployed}°")
    return " · ".join(out)


def ladder_below(s: SaundersStats, ctx: Context) -> list[int]:
    """The turns a damaged steering gear drops to, a step at a time (at least one step, so there is a box)."""
    ladder = sorted(int(a) for a in ctx.tables.turn.rows["ladder_deg"])
    below = [a for a in ladder if s.max_turn_deg and a < s.max_turn_deg][::-1]
    return below or [ladder[0]]  # at the bottom already: still a box to tick


def mark(ctx: Context, roll: str, key: str = "mark") -> str:
    """The few words a checkbox prints for a critical, read from the (house-ruled) criticals table."""
    t = ctx.tables.criticals
    row = next((r for r in t.rows if str(r.get("roll")) == roll), None)
    if row is None:
        raise ShipyardError(f"table criticals ({t.tag()}): no row for roll {roll}; the record sheet needs its words")
    return str(t.need(row, key, "the words the record sheet prints for it"))


def propulsion_item(s: SaundersStats, ctx: Context) -> tuple[str, int]:
    """The propulsion checkboxes: their label and boxes (two for a sidewheeler's two wheels; a screw or a stern or
    centre wheel one for critical 53-56's hit and one for a torpedo's, which destroys it: two outcomes, a box each)."""
    halved, screw = mark(ctx, "53-56"), mark(ctx, "53-56", "mark_screw")
    drive = s.drive or ""
    if drive == "sidewheel":  # the D6 picks the side, each box is a side's (r24: "1st box port" read as 1st lost port)
        side = ctx.tables.criticals.need(next(r for r in ctx.tables.criticals.rows if str(r.get("roll")) == "53-56"),
                                         "sides", "the D6 for each wheel's side")
        # play 36, moment 9: the D6 was read only in the quick reference; the box names the critical that ticks it
        return f"Paddle lost (53–56, {halved}): D6 {side['port']} port (1st box), {side['starboard']} starboard (2nd)", 2
    if s.paddles and drive not in ("sternwheel", "centrewheel"):
        return f"Paddle wheel lost ({halved})", s.paddles
    name = screw_name(s)
    # each box says its outcome, not two hits: a second hit takes its knots again on the speed track (the readings'
    # "Repeated critical"), and the second box is the torpedo's, which leaves her no power at all
    # (play 28 moment 2: Brooklyn's second screw hit by gunfire; was the 2nd box hers? No: a torpedo's only)
    # play 33, moment 3: Hartford's second gunfire screw hit (55, then 56) "has no box", and "2nd torpedo only" read
    # as if a second hit did nothing: "every hit" costs the knots (struck on the speed track, the 1st box ticked once),
    # the 2nd box is the torpedo's; two lines on Letter, or a pair of sheets no longer shares a page
    # play 40 (sau26), moment 3: "two screws? a second hit?" She has one: the 1st box is gunfire's (each hit its
    # knots), the 2nd a torpedo's, which takes all power; both ticked, the 2nd rules
    return f"One {name.lower()}: {screw} a hit (1st box), 2nd box torpedo: drifts −2 kn a turn", 2


def status_items(s: SaundersStats, ctx: Context) -> list[tuple[str, int, str]]:
    """What the criticals, rams, torpedoes and groundings leave on a unit to tick: (label, boxes, tracker id), in the
    order printed. Labels carry the effect in play so the player need not look it up."""
    t = ctx.tables
    fire = signed(modifier(t.to_hit, "On fire"))
    # play 32, moment 2: a second fire on a ship already burning, −1 again or not? Once, however many (Fires); play
    # 37, moment 2: three at once, how many boxes? Any number (a box each, then the margin): "any", no wider, or
    # Lackawanna's Letter sheet runs past half a page
    items: list[tuple[str, int, str]] = [(f"Fires (any: one {fire})", FIRE_TALLY, "fire")]
    if s.fort:  # play 39, moment 6: a fire on Fort Morgan: all her faces' guns, not the water battery's (a sheet's own)
        return [(f"Fires (any: one {fire}, all faces here)", FIRE_TALLY, "fire")]
    smoke = signed(modifier(t.to_hit, "Filled with smoke"))
    steam = signed(modifier(t.to_hit, "Filled with steam"))
    items.append(("Holes (no hull: a 6 each sinks)", HOLE_TALLY, "hole"))
    turns = ladder_below(s, ctx)
    if turns[0] < (s.max_turn_deg or 0):
        # play 34, moment 1: Tennessee's second 34–35 with her one box ("no next box"): a hit past the last box does
        # nothing (Repeated critical)
        items.append((f"Steering hit: max turn → {'/'.join(str(a) for a in turns)}° (more: no effect)", len(turns),
                      "steering"))
    else:
        items.append(("Steering hit: no smaller turn on the ladder", 1, "steering"))
    # lasts the game, as the funnel's smoke (replay r23, defect a: how long its −1 to fire lasted was said nowhere)
    items.append((f"{mark(ctx, '46')}, {steam} to fire, all game", 1, "steam"))
    # a box a funnel hit: each takes her knot again (Repeated critical), so the count shows (replay r19, defect b)
    items.append((f"{mark(ctx, '51-52')}, {smoke} to fire", FUNNEL_TALLY, "smoke"))
    label, n = propulsion_item(s, ctx)
    items.append((label, n, "propulsion"))
    if s.ram_bow:
        ram = signed(modifier(t.ramming_modifiers, "Own ship the rammer, ram bow"))
        items.append((f"Ram bow ({ram} ramming): lost", 1, "ram_bow"))
    if s.spar_torpedo:
        items.append(("Spar torpedo: deployed / expended", 2, "spar"))
    ag = t.aground.rows
    # a box a failed try, so the count is kept on the sheet (replay r18: read as one box, the tries kept in notes)
    items.append((f"Aground: failed {int(ag['break_free_on'])}+ tries", int(ag["attempts"]), "aground"))
    items.append(("Surrendered / abandoned / sunk", 3, "fate"))  # a box each, as the paddles' port / starboard
    return items


def next_move_items(s: SaundersStats, ctx: Context) -> list[tuple[str, int, str]]:
    """Criticals that last one move only: ticked when rolled, rubbed out when the move is over."""
    crew = [(mark(ctx, "26"), 1, "magazine"), (mark(ctx, "61-63"), 1, "gun_silent")]
    if s.fort:
        return crew
    return [(mark(ctx, "31-33"), 1, "rudder"), (mark(ctx, "36"), 1, "pilot_house"),
            (mark(ctx, "66"), 1, "captain")] + crew


def remarks(s: SaundersStats, ctx: Context, unit=None) -> str:
    """What the unit has or lacks that changes a roll, with no box to tick."""
    if s.fort:
        return fort_remarks(ctx, unit, s)
    out = []
    if not s.ram_bow:  # a ram bow's +1 is on her "Ram bow" box (status_items), where the line has room
        # play 42 (sau28), moment 8: "(−1 ramming)" read as a second −1 beside the ramming table's row: it is that row
        out.append(f"No ram bow (ramming table's {signed(modifier(ctx.tables.ramming_modifiers, 'Own ship the rammer, no ram bow'))} row)")
    out.append(f"Propulsion: {s.drive}")
    if s.draught_ft is not None:
        out.append(f"Draught {draught_words(s.draught_ft)} ft")
    if getattr(unit, "length_ft", None):
        out.append(model_length(unit.length_ft, ctx, getattr(unit, "beam_ft", None)))
    # play 43 (sau29), moment 5: Brooklyn's second screw hit found the 1st box ticked and the 2nd the torpedo's: where
    # its knots go (Repeated critical), beside her propulsion, where the line has room
    if screw_like(s):
        out.append(f"{screw_name(s)} hit again: {mark(ctx, '53-56', 'mark_screw')} on the speed track")
    return " · ".join(out)


def screw_like(s: SaundersStats) -> bool:
    """Whether her drive takes critical 53-56 as knots (a screw, a stern or centre wheel), not as a lost wheel."""
    drive = s.drive or ""
    return drive != "sidewheel" and (drive in ("sternwheel", "centrewheel") or not s.paddles)


def screw_name(s: SaundersStats) -> str:
    return {"sternwheel": "Stern wheel", "centrewheel": "Centre wheel"}.get(s.drive or "", "Screw")


def draught_words(feet: float) -> str:
    """A draught to the nearest quarter foot, as every sheet prints it: 17.17 -> 17¼ (replay r10: some sheets read
    17.17 ft, others 13½; a quarter foot is under any sounding the plans give)."""
    return number(round(feet * 4) / 4)


def model_length(length_ft: float, ctx: Context, beam_ft: float | None = None) -> str:
    """Her length (and beam, where the library has it: then the model's alone) as the model measures them (100 ft to the inch at 1/1200),
    for the "past a partner", torpedo-field and line-of-fire rules that need them (a line of fire is blocked by a
    hull it crosses: replay r6 found many knife-edge, and the beam settles them)."""
    factor, scale = scale_factor(ctx)
    if not beam_ft:
        return f"Length {number(length_ft)} ft: model {number(model_inches(length_ft, factor))} in"
    beam_in = max(model_inches(beam_ft, factor), 0.25)  # a quarter inch at least: no model is drawn 0 wide
    # the model's size alone, no shorter than the length it replaces: the remarks line has no more room (Memphis)
    return f"Model {number(model_inches(length_ft, factor))} × {number(beam_in)} in"


def model_inches(length_ft: float, factor: float) -> float:
    """A model's length in inches, to the quarter inch a ruler reads: 100 ft to the inch at 1/1200, × the scale."""
    return round(length_ft / 100 * factor * 4) / 4


TALLIES = {"fire": "fires", "hole": "holes"}  # tracker -> the scenario damage key a pre-damaged copy strikes
FATE = {"fate": ("surrendered", "abandoned", "sunk")}  # one checkbox line, a box for each of these trackers


SHARE_WORDS = {2: "half", 3: "a third", 4: "a quarter"}  # fort_fire one_ship_share as the sheet says it


def cap_words(t) -> str:
    """Whose guns a fort's cap at one ship counts (fort_fire cap_by_sheet, reconstructed; replay s26 moment 1: Fort
    Morgan and her water battery both bore on Brooklyn): each sheet's own, or a work's batteries together."""
    return ("other sheets' guns apart" if t.require("fort_fire").rows.get("cap_by_sheet", True)
            else "one work's batteries share it")


def one_ship_words(unit, s: SaundersStats, ctx: Context) -> str:
    """How many guns a fort fires at any one ship, face by face where the set-up names the faces' guns: 'at any one
    ship: a quarter of a face's guns, rounded up (channel fronts 5 of 20, bay front 2 of 8)'; '' where every gun may."""
    rows = ctx.tables.require("fort_fire").rows
    share, least = int(rows.get("one_ship_share", 1)), int(rows.get("one_ship_least", 1))
    if share <= 1:
        return ""
    part, least_words = SHARE_WORDS.get(share, f"1/{share}"), (f", at least {least}" if least > 1 else "")
    least_words += f"; {cap_words(ctx.tables)}"
    faces = fort_faces(unit, ctx) if unit is not None else []
    if faces:
        # play 39, moment 5: "channel fronts" (plural) read as several faces of a quarter each: the count a face holds
        # shows its guns are one pool ("channel fronts 5 of 20")
        each = ", ".join(f"{f.guns or 'face'} {guns_at_one_ship(ctx.tables, sum(f.battery.values()))} of "
                         f"{sum(f.battery.values())}" for f in faces)
        return f"guns at one ship a turn (steps 4 and 6 together): {each} ({part} of a face's{least_words})"
    return f"guns at one ship a turn (steps 4 and 6 together): {guns_at_one_ship(ctx.tables, sum(g.count for g in s.guns))} ({part} of hers{least_words})"


def fort_critical_rolls(ctx: Context, s: SaundersStats) -> list[str]:
    """The D66 rolls that do something to this unit (trackers.yaml's criticals that apply to her), runs of the table
    joined: a fort's ['11–14', '21–26', '61–63'] (replay r13: a 66, captain down, on Fort Morgan was looked up to
    find it did nothing; the sheet names the rolls that act, so a player reads the rest off as none)."""
    from .trackers import applies, trackers

    acting = {o.row for o in trackers().outcomes if o.table == "criticals" and applies(o.applies, s)}
    runs: list[list[str]] = []
    last = False
    for row in ctx.tables.criticals.rows:
        roll = str(row["roll"])
        if roll in acting:
            (runs[-1].append(roll) if last else runs.append([roll]))
        last = roll in acting
    return [f"{r[0].split('-')[0]}–{r[-1].split('-')[-1]}" if r[0] != r[-1] or "-" in r[0] else r[0] for r in runs]


def least_harming_strength(s: SaundersStats, ctx: Context) -> int | None:
    """The least gun strength that can harm her hull at effective range, unrifled: the best DAV face plus the
    strength less her weakest hull rating (bow, midships, stern: a fort's walls) must reach the least total that costs
    hull (penetration_result); None where every gun can (wood)."""
    t = ctx.tables
    harm = min(int(r["min_total"]) for r in t.penetration_result.rows if int(r["hull"]) > 0)
    a = s.armour
    least = harm - max(int(f) for f in t.penetration.rows["dav_faces"]) + min(a.bow, a.midships, a.stern)
    return least if least > 1 else None


def futile_words(s: SaundersStats, ctx: Context) -> str:
    """'no effect below strength 4 (rifle or point blank 3, both 2; Long 5, a rifle at Long 4)': the guns whose dice are wasted on
    her, from the tables (play 28: howitzers at the water battery, 30-pdrs at Fort Morgan and a 100-pdr at Tennessee
    could never harm them, and the sheets gave no hint). Where a section (hit on 4–6) is weaker than her hull, the
    words are the hull's alone."""
    n = least_harming_strength(s, ctx)
    if n is None:
        return ""
    a = s.armour
    weaker = [v for k, v in vars(a).items() if k not in ("bow", "midships", "stern") and isinstance(v, int)
              and v < min(a.bow, a.midships, a.stern)]
    mods = {m["when"]: int(m["mod"]) for m in ctx.tables.penetration.rows["modifiers"]}
    one, both = n - mods["Rifle"], n - mods["Rifle"] - mods["Point blank range"]
    # play 32, moment 1: whether a rifle at Long can hurt a fort was left to sum: its two adjustments, said
    far = n - mods["Long range"]
    # play 40 (sau26), moment 1: read as a gate before the penetration roll; a ship's sheet says it is that sum at the
    # best DAV face (a fort's remark has no line to spare on Letter)
    best = "" if s.fort else f" (Each hit's sum at DAV {max(int(f) for f in ctx.tables.penetration.rows['dav_faces'])})"
    return (f"Against her{' hull' if weaker else ''}{best}: no effect below strength {n} (rifle or point blank "
            f"{one}, both {both}; Long {far}, a rifle at Long {far - mods['Rifle']})")


def fort_remarks(ctx: Context, unit=None, s: SaundersStats | None = None) -> str:
    """What a fort's sheet says of how it fights (the fort_fire reading, reconstructed: the text has no fort rules)."""
    t = ctx.tables
    ff = t.require("fort_fire").rows
    out = ["A fort does not move; it fires in step 4"]
    if ff["stationary_firer"]:
        out[0] += f" as a stationary firer ({signed(modifier(t.to_hit, 'Firer stationary'))})"
    else:  # play 36, moments 1-2: does she take the stationary +1, and how does she pick targets?
        out[0] += " (no stationary +1)"
    out[0] += f", a gun held then in step 6 ({FIRED_MARK})"
    if s is not None and one_ship_words(unit, s, ctx):
        out.append(one_ship_words(unit, s, ctx))
    if ff["stationary_target"]:
        out.append(f"ships firing at her: {signed(modifier(t.to_hit, 'Target stationary'))} (a stationary target)")
    acting = f" (acting: {', '.join(fort_critical_rolls(ctx, s))})" if s is not None else ""
    # play 40 (sau26), moment 7: a 31-56 or 66 on a fort: what does she take instead? Nothing, no re-pick
    out.append(f"no hull left: silenced · a critical with no box here: no effect, none instead{acting}")
    if s is not None and futile_words(s, ctx):
        out.append(futile_words(s, ctx))
    if unit is None or not fort_faces(unit, ctx):  # where the set-up names the faces' guns, the gun lines say it
        out.append("sited: each face bears over the set-up page's arc (none: 90° on its embrasure)")
    return " · ".join(out)


def _status(unit, s: SaundersStats, ctx: Context) -> Block:
    """The conditions to tick, tagged with the trackers they are: fires and holes as box tracks (a pre-damaged copy
    strikes the scenario's opening ones), the rest as checkboxes in columns beside them (style status_columns); then the one-move
    criticals in a row."""
    st = style()
    items, once = status_items(s, ctx), next_move_items(s, ctx)
    tallies = Tracks([Track(label, n, prefilled=damage_done(ctx, unit, (TALLIES[tr], tr), n), records=tr)
                      for label, n, tr in items if tr in TALLIES], **st["tallies"])
    rest = [(label, n, tr) for label, n, tr in items if tr not in TALLIES]
    if s.fort:  # fires, and the two one-turn criticals beside them
        rest = fort_once(unit, ctx, once)
        once = []
    per = -(-len(rest) // st["status_columns"]["count"])  # rows a column, the checkboxes dealt down the columns
    cols: list[Block] = [tallies] + [records(Checkboxes([(label, n, FATE.get(tr, tr)) for label, n, tr in part],
                                                        **st["status"]),
                                             *sorted({t for _, _, tr in part for t in FATE.get(tr, (tr,))}))
                                     for part in (rest[k:k + per] for k in range(0, len(rest), per)) if part]
    body = Columns(cols, **st["status_row"])
    if not once:
        return body
    # play 37, moment 7: Tennessee's captain fell in turn 1's step 4 while she was bound: "which move is next?" The
    # head says what Rub out says, the whole of the next turn
    nxt = Columns([Text(NEXT_TURN_HEAD, **st["next_move_head"]),
                   Checkboxes(once, **st["next_move"])], **st["next_move_row"])
    return Stack([body, records(nxt, *sorted({tr for _, _, tr in once}))], **st["status_stack"])


# ---------------------------------------------------------------------------------------------
# The plan, the speed track, the orders log (render.kit pieces)


NEXT_TURN_HEAD = "All next turn:"  # the one-move criticals' row head (was "Next move only:")
FIRED_MARK = "dot its box as it fires; rub out in step 7"  # the fire log of a fort and a ship alike: guns fire in
# two phases, and the box a gun already has is where a player looks for it (replay r6: Fort Morgan's 20 guns; r8: a
# ship that did not turn fires some guns in step 4 and holds the rest for step 6)
FIRED_HEAD = "Gun (a box each: dot it as it fires)"  # the guns table's head: the fired mark where the boxes' other marks are


FORT_NEVER = " (never explodes)"  # play 32, moment 8: what a magazine critical does to a fort, on her box
FORT_MAGAZINE = f"Magazine{FORT_NEVER}: the face hit: no firing"  # a fort's magazines serve her faces (r10)


def fort_label(label: str, tracker: str) -> str:
    """A one-turn critical's words on a fort's sheet: a crew hit rings a gun bearing on the firer; a magazine hit
    floods the magazine of the face bearing on him, not the whole fort's (replay r10: one hit silenced all 40 of Fort
    Morgan's guns for a turn)."""
    if tracker == "magazine":
        return FORT_MAGAZINE
    # play 40 (sau26): a ship's box says "Crew: ringed gun silent"; a fort's keeps its ring's own words, its gun the one
    # bearing on the firer, silent next turn
    return ("Crew hit: ring the gun" + FORT_CREW) if tracker == "gun_silent" else label


def fort_once(unit, ctx: Context, once: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """A fort's one-turn criticals as her sheet ticks them: a magazine box for each face the set-up draws, named, so
    a player marks which face's magazine is flooded (replay r14: Fort Morgan's two faces had one box between them)."""
    faces = fort_faces(unit, ctx) if unit is not None else []
    out = []
    for label, n, tr in once:
        if tr == "magazine" and len(faces) > 1:
            out += [(f"Magazine, {face.guns or 'face'}{FORT_NEVER}: no firing next turn", 1, tr) for face in faces]
        else:
            # play 43 (sau29), moment 2: a fort has no sections and no "nearest the hit": every gun critical (21-25
            # too) takes the face bearing on the firer, her player's pick of its guns (Gun nearest: the target's)
            out.append((fort_label(label, tr) + " next turn" + (FORT_GUN_PICK if tr == "gun_silent" else ""), n, tr))
    return out


FORT_GUN_PICK = " (any gun critical: her pick, on that face)"


TARGETS_PER_LINE = 2  # a fort's target cells a line (play 28: each a ship and her guns, so two to a line)
TARGETS = "Targets this turn, {face} ({cap} at one): ship · guns fired"  # a fort face's
TARGETS_COUNT = "{n} guns, {cap} at one ship: all fire at {ships} ships; cells 1–{cells}"
# write-in row (r17); no header row, which took New Orleans' three forts onto a page of their own. Play 30, moment 9:
# "Targets, channel fronts (5 at one): ship · guns" did not say what the box was for: the ships fired at this turn
# and the guns laid on each, the cap's count (step 7 rubs them out, the quick reference's End of turn)


def fort_targets(unit, s: SaundersStats, ctx: Context) -> Block | None:
    """A row a face to write this turn's targets in, a cell a ship with the guns fired at her: as many cells as the
    one-ship cap takes to fire every gun of the face (Fort Morgan's channel fronts, 20 guns, 5 at one ship: 4), or a
    cell for each of the face's batteries where it has more (her channel fronts' five: replay s11), at most
    the style's `most` (replay r17, moment 2: the cap counts steps 4 and 6 together, Fort Morgan fired at four ships,
    and the gun dots did not say at whom). A face with no guns drawn on it gets no row; a fort with no faces, one."""
    st = style()["fort_targets"]
    lines = (face_lines(unit, s, ctx) or []) if unit is not None else []
    faces = [(f.guns or "face", sum(f.battery.values()), sum(1 for _, arcs, _ in lines if arcs[0] == f.label))
             for f in fort_faces(unit, ctx)] if unit is not None else []
    faces = faces or [("her guns", sum(g.count for g in s.guns), len(s.guns))]
    faces = [(name, n, batteries) for name, n, batteries in faces if n]
    if not faces:
        return None
    # a cell a ship she may fire at: as many as the cap takes to fire every gun, and no fewer than the face's
    # batteries (its lines in the guns table), each of which may lay on a ship of its own (replay s11: Fort Morgan's
    # channel fronts, five batteries, had four cells); each face its own count, and PER_LINE cells a line, wide
    # enough for a ship's name and the guns laid on her (play 28: five cells in the label's line were 15 mm each
    # and read as one line; Fort Morgan's first turn ran out of room)
    rows = []
    for name, n, batteries in faces:
        cells = min(st["most"], max(-(-n // guns_at_one_ship(ctx.tables, n)), batteries))
        cap = guns_at_one_ship(ctx.tables, n)
        label = TARGETS.format(face=name, cap=cap)
        # play 44 (sau31), moment 3: the water battery's 4 cells read as 3 (the label's blank second line looked
        # like one): each cell numbered, and the second line says how many ships the face's guns reach at its cap
        lines_n = -(-cells // TARGETS_PER_LINE)
        count = TARGETS_COUNT.format(n=n, cap=cap, ships=-(-n // cap), cells=lines_n * TARGETS_PER_LINE)
        rows += [[label if k == 0 else (count if k == 1 else "")]
                 + [f"{k * TARGETS_PER_LINE + c + 1}" for c in range(TARGETS_PER_LINE)] for k in range(lines_n)]
        # one line (Fort Gaines' two cells): the numbered cells say it, and a count would wrap the label (a page)
    return WriteIns(rows, widths=[st["label_weight"]] + [st["cell_weight"]] * TARGETS_PER_LINE,
                    size=st["size"], leading=st["min_row"] / (st["size"] * PT), bold_first_col=True,
                    align=["left"] * (TARGETS_PER_LINE + 1))


@dataclass
class WriteIns(Table):
    """A table of blank cells to write in, thin rules between its columns (as the orders log's)."""

    def draw(self, page, x, y, width):
        h = super().draw(page, x, y, width)
        _, widths, _, _ = self.layout(width)
        cx = x
        for cw in widths[:-1]:
            cx += cw
            page.line(cx, y, cx, y + h - 0.4, width=OrdersLog.rule_width, colour=OrdersLog.rule_grey)
        return h


FORT_CREW = " bearing on the firer"  # the reading "Gun nearest": a fort's gun hit is one the firer's face holds (r8)


# the reading "Hits 4–6", where it is met; said whole (play 29, moment 5: it ended at "the section hit's")
NO_SECTIONS = "no other ratings: a hit on 4–6 takes the section hit's armour"


def location_rolls(ctx: Context | None) -> dict[str, str]:
    """Each section rating's hit-location roll, from the hit_location table ('machinery': '5'; a paddle steamer's
    Propulsion is her Machinery's, a Steering rating the pilot house's 6: the reading Steering)."""
    rows = ctx.tables.hit_location.rows if ctx is not None else []
    rolls = {r["armour"]: "/".join(str(n) for n in r["roll"]) for r in rows if not r.get("hull")}
    rolls["propulsion"], rolls["steering"] = rolls.get("machinery", ""), rolls.get("pilot_house", "")
    return rolls


def _plan(unit, s: SaundersStats, ctx: Context | None = None) -> HullPlan:
    """The hull seen from above cut into stern / midships / bow with their ratings; turrets (circled) and the pilot
    house (boxed) on the centre line; paddle boxes or a stern wheel; the sections that differ listed under it, each
    a rating with no mark on the plan naming the hit location that uses it (play 29: Galena's "Machinery 3" was never
    read as location 5's)."""
    roles = turret_roles(unit) if getattr(unit, "turrets", None) else {}
    extras = [(SECTION_LABEL[k], getattr(s.armour, k)) for k in SECTION_LABEL if getattr(s.armour, k) is not None]
    rolls = location_rolls(ctx)
    hints = {"Armament": " (turrets, circled)" if roles else "", "Pilot house": " (PH, boxed)"}  # beside the bare ratings
    arm = s.armour
    wheels = "sidewheel" if s.paddles and s.drive == "sidewheel" else ("sternwheel" if s.drive == "sternwheel" else "")
    label = " ".join(f"{k} {v}" for k, v in (("stern", arm.stern), ("midships", arm.midships), ("bow", arm.bow)))
    return HullPlan([("STERN", arm.stern), ("MIDSHIPS", arm.midships), ("BOW", arm.bow)],
                    label=f"armour {label}" + "".join(f" {n} {r}" for n, r in extras),
                    turrets=list(roles.values()),
                    turret_rating=arm.armament if arm.armament is not None else arm.midships,
                    pilot_house=arm.pilot_house, wheels=wheels,
                    under=located(s, rolls, hints) if extras else NO_SECTIONS, **style()["plan"])


def located(s: SaundersStats, rolls: dict[str, str], hints: dict[str, str]) -> str:
    """The ratings a hit on 4–6 uses, by roll ('hit on 4: turrets 9 · 5: section hit's armour · 6: PH 9', named as
    the plan marks them), from the hit_location table: the rolls a sheet rates no section for
    take the section hit's armour (the reading Hits 4–6). Play 29: Galena's "Machinery 3" was never read as a 5's,
    nor was it said what her 4 and 6 take. Without a table (a bare sheet), the ratings alone."""
    if not all(rolls.get(k) for k in SECTION_LABEL if getattr(s.armour, k) is not None):
        return "  ".join(f"{SECTION_LABEL[k]}{hints.get(SECTION_LABEL[k], '')} {getattr(s.armour, k)}"
                         for k in SECTION_LABEL if getattr(s.armour, k) is not None)
    short = {"Armament": "turrets" if hints.get("Armament") else "Armament", "Pilot house": "PH"}  # as the plan marks them
    # play 38, defect: Tennessee's "6: Steering 0" read as a misprint; her sourced rating is 0, her chains exposed
    rated = [(rolls[k], f"{short.get(SECTION_LABEL[k], SECTION_LABEL[k])} {getattr(s.armour, k)}"
              + (" (exposed)" if k == "steering" and getattr(s.armour, k) == 0 else ""))
             for k in SECTION_LABEL if getattr(s.armour, k) is not None]
    on = {r for r, _ in rated}
    left = sorted({r for k, r in rolls.items() if k in ("armament", "machinery", "pilot_house") and r not in on})
    parts = sorted(rated + ([(", ".join(left), "section hit's armour")] if left else []))
    return "hit on " + " · ".join(f"{r}: {words}" for r, words in parts)


def _fort_plan(s: SaundersStats) -> RatingBox:
    """The walls' armour rating in a heavy frame, named an armour rating (play 43, sau30, defect: "WALLS 5" beside
    "Hull" read as a second hull value): what a hit's DAV + strength must beat, as a ship's section boxes."""
    return RatingBox(WALLS_NAME, s.armour.midships, label=f"{WALLS_NAME.lower()} {s.armour.midships}",
                     **style()["fort_plan"])


WALLS_NAME = "WALLS ARMOUR (not hull)"


def speed_marks(s: SaundersStats) -> dict[float, str]:
    """Speed (kn) -> the fraction of maximum it is: the speeds hull damage drops to, as the hull note states them."""
    return {float(th.speed_kn): fraction(th.fraction) for th in s.speed_thresholds if 1 <= th.lost <= s.hull}


def speed_cells(top: float, marks: dict[float, str] | None = None, lost: int = 0) -> list[float]:
    """The boxes of a speed track: every whole knot up to `top`, plus `top` itself and every marked speed where they
    fall on a half knot (Hartford: ... 6, 6½, 7 ... 13, 13½), so the track runs exactly to the maximum; and on a
    half-knot maximum, the maxima up to `lost` knots lost leave it (Brooklyn 11½, 4: 10½ ... 7½), so striking lost
    knots from the top leaves the new maximum as the top box."""
    cells = {float(k) for k in range(int(math.floor(top)) + 1)} | {float(top)}
    cells |= {float(v) for v in (marks or {}) if 0 <= v <= top}
    cells |= {top - k for k in range(1, lost + 1) if top - k > 0}
    return sorted(cells)


KNOTS_LOST_MARKED = 5  # two 2-knot criticals and a 1-knot one (machinery 44-45 and 41-43, a screw 53-56): replay
# r15's Brooklyn had no 6½ (11½ less 5); a sixth half-knot box sets Hartford's 13½-knot figures under 6 pt


def _speed_track(s: SaundersStats, ctx: Context) -> SpeedTrack:
    """Ahead and astern in boxes to mark the current speed, to the maximum exactly (half knots where the ship has
    them); the speeds hull damage drops to shaded with their fraction ("¾"); lost knots struck from the top; and a
    box for every speed the hull note lists once knots are lost (knots_lost_speeds)."""
    marks = speed_marks(s)
    cells = sorted(set(speed_cells(s.max_speed_kn, marks, KNOTS_LOST_MARKED)) | set(knots_lost_speeds(s, ctx))
                   | set(halved_speeds(s, ctx)))
    # play 44 (sau31), other defects: Tecumseh's 5, 6, 7 skipped the half knots the chits carry: every half knot to
    # her maximum where the track stays within the style's count (Hartford's 13½ would set its figures under 6 pt)
    step = float(ctx.tables.require("movement").rows["speed_step_kn"])
    every = [k * step for k in range(int(round(float(s.max_speed_kn) / step)) + 1)]
    if len(set(cells) | set(every)) <= style()["speed_halves"]["most"]:
        cells = sorted(set(cells) | set(every))
    rows = [SpeedRow("Ahead", [SpeedCell(number(v), marks.get(v, ""), value=v) for v in cells]),
            SpeedRow("Astern", [SpeedCell(number(v)) for v in speed_cells(s.astern_speed_kn)])]
    return records(SpeedTrack(rows, track="knots_lost", top=float(s.max_speed_kn), label=KNOTS_LOST_LABEL,
                              **style()["speed_track"]), "speed", "knots_lost")


KNOTS_LOST_LABEL = "Knots lost (struck from the top of the speed track)"


def halved_speeds(s: SaundersStats, ctx: Context) -> list[float]:
    """Every speed step (half a knot) up to half her maximum: a boiler or paddle's halving of her maximum less any
    whole knots lost reaches each of them (replay r16: Brooklyn, 11½ kn, 4 kn lost, ½ hull and a boiler, was at
    (11½ − 4) × ½ × ½ = 1½ kn, with no 1½ box)."""
    step = float(ctx.tables.require("movement").rows["speed_step_kn"])
    half = round_speed(ctx.tables, s.max_speed_kn / 2, down=True)
    return [k * step for k in range(int(round(half / step)) + 1)]


KNOTS_LOST_SHOWN = 3  # the hull note's knots-lost columns: criticals take 1 or 2 kn, so three covers most games


def knots_lost_speeds(s: SaundersStats, ctx: Context) -> list[float]:
    """The speeds the hull note lists with 1-3 kn lost (knots_lost_words), which a boiler's halving also reaches
    (replay r13: Brooklyn, 11½ kn, 2 kn lost and her boiler hit, was at 4½ with no box for it, though her note
    printed "½ = 5/4½/4")."""
    lost = [k for k in range(1, KNOTS_LOST_SHOWN + 1) if s.max_speed_kn - k > 0]
    return sorted({float(th["speed_kn"]) for k in lost for th in speed_thresholds(ctx.tables, s.hull, s.max_speed_kn - k)
                   if float(th["speed_kn"]) > 0})


def knots_lost_words(s: SaundersStats, ctx: Context) -> str:
    """The hull bars' speeds once knots are lost, which come off the maximum before the fraction (the text's order):
    'with 1/2/3 kn lost: ¾ = 6/5/4½ kn, ½ = 4/3½/3 kn', so a player need not work (9 − 2) × ¾ to the half knot mid-game;
    past three, the formula in a line (replay r9: Brooklyn lost 7 kn and the player went to the reference for it)."""
    lost = [k for k in range(1, KNOTS_LOST_SHOWN + 1) if s.max_speed_kn - k > 0]
    if not lost:
        return "knots lost: take them off the maximum first, then the fraction"
    rows = [speed_thresholds(ctx.tables, s.hull, s.max_speed_kn - k) for k in lost]
    fractions = [(i, fraction(th["fraction"])) for i, th in enumerate(rows[0])]
    more = f"; more: (max − lost) × {' or '.join(f for _, f in fractions)}"  # r9: Brooklyn lost 7; one line at 6.5 pt
    return (f"with {'/'.join(str(k) for k in lost)} kn lost: "
            + ", ".join(f"{f} = {'/'.join(number(r[i]['speed_kn']) for r in rows)} kn" for i, f in fractions)
            + (more if s.max_speed_kn - KNOTS_LOST_SHOWN > 1 else ""))


def orders_columns(s: SaundersStats) -> list[str]:
    """The orders log's columns: a turret's arc only for a turreted ship, the spar only for one that carries a spar
    torpedo."""
    cols = ["Turn", "kn", "Turn °"]
    turrets = list(dict.fromkeys(g.turret for g in s.guns if g.turret))
    cols += ["Turret"] if len(turrets) == 1 else [t.title() for t in turrets]  # a column a turret (Fore, Aft): each plots its arc
    if s.spar_torpedo:
        cols.append("Spar")
    return cols + ["Fire at / notes"]


def _orders(s: SaundersStats, turns: int, paper: str | None = None) -> OrdersLog:
    """The orders log: a row a turn, turns 1..`turns`, set in parts side by side to save height; fewer parts (so a
    wider Fire at / notes cell, for a sloop's gun groups, her targets and the hits she takes) where the paper has the
    height (style orders_wide, for a ship of many gun groups; play 28: the cell, about an inch, held no turn's marks)."""
    st = style()
    head = orders_columns(s)
    widths = st["orders_columns"]
    log = dict(st["orders_log"])
    wide = st["orders_wide"]
    if len(s.guns) >= wide["from_guns"]:  # a ship of many gun groups: the one whose marks did not fit
        log["max_parts"] = wide.get(str(paper or "").lower(), log["max_parts"])
    return OrdersLog(turns, head, [widths.get(c, widths["Turret"]) for c in head], **log)


# ---------------------------------------------------------------------------------------------
# The sheet


def fort_faces(unit, ctx: Context) -> list:
    """The faces a fort's set-up gives with the guns standing on each (Arc.battery), in the set-up's order; none where
    the scenario draws no faces or names no guns on them (the sheet then says "sited")."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(unit.id) if setup is not None else None
    arcs = list(start.arcs) if start is not None else []
    return arcs if any(a.battery for a in arcs) else []


def face_lines(unit, s: SaundersStats, ctx: Context) -> list[tuple[Any, list[str], int]] | None:
    """A fort's guns a line for each face they stand on ("channel fronts 170–330°"), face by face as the set-up gives
    them (Start.guns_by_face), then those on no face drawn: so a player fires the guns of the face a ship is in and no
    others. None where the set-up names no guns on the faces."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    start = setup.starts.get(unit.id) if setup is not None else None
    dealt = start.guns_by_face(unit.armament) if start is not None else []
    return [(s.guns[i], [face.label if face else NO_FACE], n) for i, face, n in dealt] or None


def bearing_lines(lines: list | None) -> list | None:
    """A fort's face lines (face_lines) less those on no face drawn: the guns table's rows. None stays None (no faces:
    the guns table deals them itself)."""
    return None if lines is None else [line for line in lines if line[1] != [NO_FACE]]


def idle_words(lines: list | None) -> str | None:
    """A fort's guns on no face drawn, which bear on no ship, as one line under her guns table in place of a row each
    (replay s26: Fort Gaines printed 25 such guns in rows with boxes no hit can ever tick, as no gun of hers that bears
    on no firer can be the one a critical takes): each counted, their total said. None where she has none."""
    idle = [(g, n) for g, arcs, n in (lines or []) if arcs == [NO_FACE]]
    if not idle:
        return None
    total = sum(n for _, n in idle)
    return (f"Also mounted, on no face drawn: {total} gun{'s' if total != 1 else ''} bearing on no ship (never "
            f"fired, and no critical takes one: no boxes): " + ", ".join(f"{n} × {g.name}" for g, n in idle) + ".")


ODD_GUN = " (1 of them: port or stbd)"  # an odd broadside gun: counted in the port line, fights either side, its
# side taken when a pivot's port is (its "or" is the Arcs heading's, arcs_head; r24: "the odd gun: either side" left the
# count and the moment open; play 30, moment 8: "starboard" set Octorara's line on two, its "mid" alone under it)


def gun_lines(s: SaundersStats) -> list[tuple[Any, list[str], int]]:
    """(gun, arcs, count) a line of the guns table: a battery split between the two sides (per_side) as a port line and
    a starboard line, each with its own guns, so a player knows which boxes a hit on the port side may take; an odd
    gun out goes to port, its line saying it fights either side."""
    out = []
    for g in s.guns:
        sides = {a.split()[0] for a in g.arcs}
        if not g.per_side or sides != {"port", "starboard"}:
            out.append((g, list(g.arcs), g.count))
            continue
        port, starboard = g.count - g.count // 2, g.count // 2
        odd = [ODD_GUN] if g.count % 2 else []
        out.append((g, [a for a in g.arcs if a.startswith("port")] + odd, port))
        out.append((g, [a for a in g.arcs if a.startswith("starboard")], starboard))
    return out


ALL_ROUND = {"fore 90°", "port 90°", "starboard 90°", "aft 90°"}  # four quarter arcs: a deck gun bears every way


def arcs_words(g, arcs_list: list[str]) -> str:
    """A line's arcs as the sheet prints them: 'all round' for a gun (not a turret's, whose arc is plotted by name)
    that bears into all four quarters, else the arcs in turn (replay r8: the howitzer's four wrapped to a 2nd line)."""
    named = [a for a in arcs_list if not a.startswith(" ")]
    notes = "".join(a for a in arcs_list if a.startswith(" "))
    if not g.turret and set(named) == ALL_ROUND:
        return "all round" + notes
    parts = [a.rsplit(" ", 1) for a in named]
    if g.turret and len(parts) > 1 and all(len(p) == 2 for p in parts) and len({w for _, w in parts}) == 1:
        # a turret's arcs of one width, the width said once (s35, play 27: Winnebago's "fore 90°, port 90°, starboard
        # 90° — not aft" wrapped onto a second line)
        return f"{', '.join(n for n, _ in parts)} {parts[0][1]}" + notes
    return ", ".join(named) + notes


def choice_words(g, arcs_list: list[str], count: int) -> str | None:
    """A gun with a choice of ports or sides (a pivot: the text's 'a choice as to which gun port'), as the sheet says
    it, an "or" between the choices: 'fore, port bow or starboard bow 10°', 'port or starboard 90°', and for two or
    more ', each gun': each is trained for itself, two to one side if her player likes (replay r17, defect h). The
    "or" is what the Arcs heading names (arcs_head). None for any other line: a turret's (its arc is plotted by name), a battery dealt
    a line a side, a deck gun bearing all round, one arc alone."""
    named = [a for a in arcs_list if not a.startswith(" ")]
    if g.turret or g.per_side or len(named) < 2 or set(named) == ALL_ROUND:
        return None
    parts = [a.rsplit(" ", 1) for a in named]
    if any(len(p) != 2 for p in parts) or len({w for _, w in parts}) != 1:
        return None
    names = [n for n, _ in parts]
    return f"{', '.join(names[:-1])} or {names[-1]} {parts[0][1]}" + (", each gun" if count >= 2 else "")


def has_choice(s: SaundersStats) -> bool:
    """Whether any line of her guns table offers a choice of port or side (choice_words)."""
    return any(choice_words(g, arcs, n) or ODD_GUN in arcs for g, arcs, n in gun_lines(s))


def arcs_head(s: SaundersStats, ctx: Context) -> str:
    """The guns table's Arcs heading, saying when a gun with an "or" in its arcs takes its port or side (pivot_ports,
    reconstructed): as it fires, not plotted, or with a house rule plotted in the log (replay r19, moment 1: the
    orders log had no column for it). In the heading's one line: a line under the guns took Letter Lackawanna past
    half a page."""
    if not has_choice(s):
        return "Arcs"
    if ctx.tables.require("pivot_ports").rows["plotted"]:
        return "Arcs (“or”: plot it in Fire at / notes)"
    # play 44 (sau31), moment 2: a port-or-starboard pivot had no side for Gun nearest: the side it takes as it fires
    return "Arcs (“or”: its side as it fires)"


def section_of(g, arcs_list: list[str]) -> str:
    """The section a gun sits in, as the Gun nearest reading places it (s35, play 27: "gun nearest the hit" was worked
    out from the arcs each time): bearing fore (not aft) the bow, aft (not fore) the stern, any other midships ("mid",
    in a guns-table cell's room)."""
    sides = {a.split()[0] for a in arcs_list if not a.startswith(" ")}  # the arcs it fires into, not those blocked
    if "fore" in sides and "aft" not in sides:
        return "bow"
    if "aft" in sides and "fore" not in sides:
        return "stern"
    return "mid"


def gun_rows(s: SaundersStats, lines: list | None = None, lashed: tuple[str, str] | None = None) -> list[list]:
    rows = []
    for g, arcs_list, count in (gun_lines(s) if lines is None else lines):
        arcs = masked_words(choice_words(g, arcs_list, count) or arcs_words(g, arcs_list), arcs_list, count, lashed)
        if g.blocked_arcs:
            arcs += " — not " + ", ".join(g.blocked_arcs)
        if not s.fort:  # a fort has no sections: its faces group its guns
            arcs += f" · {section_of(g, arcs_list)}"
        r = g.ranges_in
        rows.append([g.name + (f" [{g.turret}]" if g.turret else ""), count, g.strength, "R" if g.rifled else "", arcs,
                     number(r.point_blank), number(r.effective), number(r.long, none="none")])
    return rows or [["no guns", "", "", "", "", "", "", ""]]


def bearing(g, arcs: list[str] | None = None) -> str:
    """Where a gun bears, from its arcs (render.kit.BEARINGS; `arcs`: a line's own, else the gun's): a turret's, a
    battery's to both broadsides, one side's, fore (bow) or aft (stern) alone, or a pivot's over more than one; '' for a
    fort's sited guns."""
    if g.turret:
        return "turret"
    sides = {a.split()[0] for a in (g.arcs if arcs is None else arcs) if not a.startswith(" ")}
    if sides == {"port", "starboard"}:
        return "broadside"
    one = {"port": "port", "starboard": "starboard", "fore": "bow", "aft": "stern"}
    if len(sides) == 1:
        return one.get(next(iter(sides)), "")
    return "pivot"


def gun_table(s: SaundersStats, faces: list | None = None, ctx: Context | None = None,
              lashed: tuple[str, str] | None = None) -> GunTable:
    """The guns table with a box per gun in its last column (tick disabled, cross destroyed), each box a `gun`
    tracker; the guns grouped by where they bear (a broadside battery a line a side; a fort's by the face they stand
    on, `faces` from face_lines) and numbered down the table."""
    lines = gun_lines(s) if faces is None else faces
    groups = [bearing(g, arcs) for g, arcs, _ in lines] if faces is None else [arcs[0] for _, arcs, _ in lines]
    return GunTable(gun_rows(s, lines, lashed), bearings=groups,
                    header=[FIRED_HEAD if s.guns else "Gun", "No.", "Str", "Rif",
                            "Arcs" if ctx is None or faces is not None else arcs_head(s, ctx), "PB in", "Eff in", "Long in",
                            "✓ out ✗ lost" if s.guns else ""],
                    boxes=[n for _, _, n in lines], box_col=-1, bold_first_col=True,
                    align=["left", "centre", "centre", "centre", "left", "centre", "centre", "centre", "left"],
                    **gun_style(s))


def gun_style(s: SaundersStats) -> dict:
    """The gun table's style: a fort's boxes are larger (guns_fort over guns), a ship's sheet has no room for them."""
    st = style()
    return {**st["guns"], **st["guns_fort"]} if s.fort else st["guns"]


def turret_note(s: SaundersStats, ctx: Context) -> str:
    """How a turret is worked, naming the orders log's turret columns where the ship has more than one; a step is one
    of the turret_arcs table's arcs."""
    turrets = list(dict.fromkeys(g.turret for g in s.guns if g.turret))
    step = number(float(ctx.tables.require("turret_arcs").rows["width_deg"]))
    who = ("Turret: plot its arc" if len(turrets) == 1 else
           f"Turrets: plot each one's arc in its column ({', '.join(t.title() for t in turrets)})")
    turned = signed(modifier(ctx.tables.require("to_hit"), "Firer or target plotted a turn"))
    trained = (f"training it is a turn ({turned}, step 6)" if ctx.tables.require("turret_training").rows["counts_as_turn"]
               else "training alone is no turn (no −1)")
    return (f"{who} with the move, one step ({step}°, to the next arc) a turn; both guns fire into the same arc at one target; "
            f"the arc plotted holds all turn; {trained}. Own funnel or superstructure may block part of an arc: agree before play.")


def lashing(unit, ctx: Context) -> tuple[str, str] | None:
    """(her partner's name, her inboard side) where the scenario lashes her to another (rosters.lashing), None where
    none does."""
    found = rosters_lashing(getattr(ctx, "scenario", None), getattr(unit, "id", None))
    if found is None:
        return None
    partner, inboard = found
    known = ctx.library.units.get(partner) if hasattr(ctx.library, "units") else None
    return (known.name if known is not None else partner), inboard


def masked_words(arcs: str, arcs_list: list[str], count: int, lashed: tuple[str, str] | None) -> str:
    """A gun line's Arcs cell on a lashed ship's sheet (replay s11, moment 3: how many guns a masked broadside keeps):
    the line bearing on her inboard side alone says it is masked and how many of its guns still fire (an odd gun that
    may take either side fires from the other: 1). Every other line keeps its words: a gun that may take either side
    fires outboard and bow, stern and all-round guns where the line of fire clears her partner, the steps of her
    lashed line (lashed_note), so the Arcs cells keep their width (a wider one cost Letter Lackawanna half a page)."""
    if lashed is None:
        return arcs
    partner, inboard = lashed
    outboard = OTHER_SIDE[inboard]
    # play 40 (sau26), moment 10: a consort's bow gun beside her sloop, blocked? Its arc stands, its line not across her
    # play 41 (sau27), moment 1: an all-round howitzer near dead ahead, "either side's guns: port" only? Its line, not
    # a side, decides (Past a partner), as a bow gun's
    if arcs.startswith(("fore ", "aft ", "all round")) and inboard not in arcs:
        return f"{arcs}, clear of {short_name(partner)}"
    named = {a.split()[0] for a in arcs_list if not a.startswith(" ")}
    odd = ODD_GUN in arcs_list
    if named == {inboard}:
        kept = 1 if odd else 0
        head = arcs.replace(ODD_GUN, "")
        # in words a player reads at once (replay s26: "masked: 1 of 3, to starboard" read as three to starboard)
        # a line of one gun says "masked", not "1 masked" (play 30, moment 8: Octorara's one-gun lines read as one of
        # more masked)
        # play 43 (sau30), defect: Monongahela's "1 shifts to starboard" beside a starboard line of 2: it joins them,
        # and the line says how many then fire there (the port line holds the odd gun, one more than starboard's)
        # play 44 (sau31), defect: "2 masked, 1 shifts to starboard, 3 there" still read as a puzzle: each broadside's
        # count said, and the one gun that moves
        return (f"{head} · {count - kept} masked; {kept} moves: {outboard} fires {count}, {inboard} none" if kept
                else f"{head} · all {count} masked" if count > 1 else f"{head} · masked")
    if odd and named == {outboard}:
        # play 43 (sau30), defect: Octorara's "(1 of them: port or stbd)" with her starboard masked: the odd gun
        # stays on the free side with its mate, said so
        short = {"port": "port", "starboard": "stbd"}
        every = "both" if count == 2 else f"all {count}"
        return f"{arcs.replace(ODD_GUN, '')} · {every} {short[outboard]} ({short[inboard]} masked)"
    return arcs  # an outboard line, a gun that may take either side (the lashed line's step 2), bow, stern, all round


def lashed_note(unit, s: SaundersStats, ctx: Context) -> str | None:
    """A lashed ship's line under her guns (replay s11, moments 2 and 3): which guns her partner masks, in the steps
    a player takes (the masked line's Arcs cell counts hers: masked_words), and whose guns a flooded magazine
    silences (lashed_pairs: hers alone, our reading; the clubs' option, both of the pair). None where no scenario
    lashes her."""
    lashed = None if s.fort else lashing(unit, ctx)
    if lashed is None:
        return None
    partner, inboard = lashed
    short, outboard = short_name(partner), OTHER_SIDE[inboard]
    both = ctx.tables.require("lashed_pairs").rows["magazine_silences_partner"]
    # s35 (play 27): "1 that side masked; 2 either-side guns fire …; 3 bow, stern, all round: if clear of her" was
    # shorthand a player had to decode; the same steps in plain words. Play 32, moment 4: "only clear of her" left
    # open which of the pair fires across the other, and to which side: neither (Past a partner: a line across her
    # hull is blocked), so a bow, stern or all-round gun fires to her side only past her bow or stern
    # play 35 defect (p12, p2): Galena, a "Screw sloop" with hull 20, is Oneida's port-side consort, and "for this
    # pair it is unclear which is which" in the set-up's sloop-and-gunboat rule: the port-side consort is the gunboat,
    # the sloop's line says "as sloop" where her consort is no gunboat by type (Galena, Seminole; on every line, or
    # "as gunboat" on the consort's too, it took Monongahela's and Lackawanna's to a second line)
    found = rosters_lashing(getattr(ctx, "scenario", None), getattr(unit, "id", None))
    consort = ctx.library.units.get(found[0]) if hasattr(ctx.library, "units") else None
    # play 36, defect 4: "Lashed to Seminole as sloop" read oddly (who is the sloop?): "Sloop, lashed to Seminole"
    gunboat = inboard == "starboard" or "gunboat" in (getattr(consort, "type", None) or "gunboat")
    # play 40, defect 1: "Sloop, lashed to" was missed by a player scanning for the other ten sheets' "Lashed to"
    # play 40 (sau26), moments 9-11: the pair's speed with one crippled, a consort's bow guns beside the sloop, and
    # whose water a hull's holes are: said on both sheets (the readings' Lashed pairs, Past a partner)
    # play 40 (sau26), moments 9 and 11: the pair's speed with one crippled, and whose water a holed hull takes, said
    # on both sheets in the words the line had (one line: a second parts the pairs' sheets)
    # play 41 (sau27), moment 8: Seminole and Galena, screw sloops by type, are their pairs' gunboats (the port ship)
    # for Sloop carried: both sheets say which of the pair is which
    sloop_word = "" if gunboat else " (as gunboat)"
    if inboard == "starboard" and "gunboat" not in (getattr(unit, "type", None) or "gunboat"):
        sloop_word = " (the sloop)"
    # play 43 (sau30), defect: "between a lashed pair" blocks a line of fire, the rule that decides most shots in a
    # line of pairs, was in p19's Line of fire alone: "fire across any pair" (her own too) in the words the line had
    return (f"Lashed to {short}{sloop_word}: {inboard} guns and fire across any pair masked; “or” guns: "
            f"{outboard} · slower's speed now · " + ("holes: hers, magazine: both" if both else "holes, magazine: hers")
            # play 43 (sau30), defect: the rule that decides most shots in a line of pairs was on p19 alone
)


def stat_box_items(s: SaundersStats) -> list[tuple[str, Any]]:
    """The figures in the sheet's head boxes, (label, as printed): speed, astern, turn and hull (a fort's hull alone);
    the web's stat card shows the same."""
    boxes: list[tuple[str, Any]] = [("Hull", s.hull)]
    if not s.fort:
        boxes = [("Speed", f"{number(s.max_speed_kn)} kn"), ("Astern", f"{number(s.astern_speed_kn)} kn"),
                 ("Turn", f"{s.max_turn_deg}°")] + boxes
    return boxes


def sheet(unit, d: Derived, ctx: Context) -> Block:
    """One unit's record sheet as a stack of blocks, its orders log sized to the game's turns (game_turns)."""
    s: SaundersStats = d.stats
    name, sub = sheet_heading(unit, d, ctx)
    _, scale = scale_factor(ctx)
    st = style()
    boxes = stat_box_items(s)
    head = Columns([Stack([Title(name, f"{sub} · {RULES} · {scale}", rule_colour=accent(unit, ctx)),
                           Text(flags(s, ctx), **st["fort_flags"]) if s.fort and flags(s, ctx) else None],
                          **st["title_stack"]),
                    StatBoxes(boxes, **st["stat_boxes"])], **st["head_fort" if s.fort else "head"])
    head = with_live_link(head, unit, ctx)

    marks = {th.lost: f"{fraction(th.fraction)} speed" for th in s.speed_thresholds if 1 <= th.lost <= s.hull}
    legend = "; ".join(hull_bar_words(th, ctx) for th in s.speed_thresholds if 1 <= th.lost <= s.hull)
    if legend and not s.fort:  # the bars' speeds are the undamaged maximum's: knots lost come off before the fraction
        legend += "; " + knots_lost_words(s, ctx)
    hull = Tracks([Track("Hull", s.hull, marks=marks, prefilled=damage_done(ctx, unit, ("hull",), s.hull), note=legend,
                         records="hull")], **st["hull"])

    factor, _ = scale_factor(ctx)
    per_in = float(ctx.tables.movement.rows["inches_per_knot"]) * factor
    if s.fort:
        top = Columns([_fort_plan(s), Stack([hull, Text(remarks(s, ctx, unit), **st["fort_remarks"])], **st["fort_right"])],
                      **st["fort_row"])
    else:
        # play 41 (sau27), moment 9: the track's "½", "¾" read as hull fractions beside the hull bars' "¾ speed" at
        # the ½-hull box: both are speeds, and the head says so
        shaded = ", ".join(dict.fromkeys(fraction(th.fraction) for th in sorted(s.speed_thresholds, key=lambda th: -th.fraction)
                                            if 1 <= th.lost <= s.hull))
        right = Stack([Text(f"Speed (1 kn = {number(per_in)} in): mark it; strike lost knots from the top; "
                            + (f"shaded: {shaded} speed" if shaded else "shaded = hull bars"),
                            **st["speed_head"]), _speed_track(s, ctx),
                       Text(flags(s, ctx), **st["speed_notes"]), Text(remarks(s, ctx, unit), **st["speed_notes"]),
                       Text(futile_words(s, ctx), **st["speed_notes"]) if futile_words(s, ctx) else None],
                      **st["speed_stack"])
        top = Columns([_plan(unit, s, ctx), right], **st["plan_row"])
    lashed_line = lashed_note(unit, s, ctx)
    faces = face_lines(unit, s, ctx) if s.fort else None
    idle = idle_words(faces)
    blocks: list[Block | None] = [
        head,
        top,
        None if s.fort else hull,
        to_hit_line(ctx, s),
        gun_table(s, bearing_lines(faces), ctx, None if s.fort else lashing(unit, ctx)),
        Note(idle, **st["turret_note"]) if idle else None,
        fort_targets(unit, s, ctx) if s.fort else None,
        Note(turret_note(s, ctx), **st["turret_note"]) if any(g.turret for g in s.guns) else None,
        Note(lashed_line, **st["turret_note"]) if lashed_line else None,
        _status(unit, s, ctx),
    ]
    if not s.fort:
        blocks.append(_orders(s, game_turns(ctx), getattr(ctx.options, "paper", None)))
    return as_it_stands(Stack(blocks, **st["sheet_fort" if s.fort else "sheet"]), ctx, unit)


def unit_sheet(unit, d: Derived, ctx: Context) -> Block:
    """One unit's sheet as it prints (its trackers named as her live sheet names them)."""
    return sheet(unit, d, ctx)


def sheets(doc, derived: list[tuple[Any, Derived]], ctx: Context) -> None:
    """Every unit's sheet through a Flow: two (or more) to a page when they fit (each side's from a page of its
    own wherever the pack keeps the sides apart: play_aids.sides_apart), a bookmark each, the turn strip (the
    sequence of play, render.kit.turn_strip) across the head of every page."""
    from ...render.flow import Flow, flow_pages

    header, gap = turn_strip(ctx.tables, style()), style()["sheet_flow"]["gap"]
    made = [[(unit.name, sheet(unit, d, ctx)) for unit, d in run] for run in side_runs(derived, ctx)]
    box = doc.content_for(False)
    page_h = box.h - header.measure(box.w) - gap  # below the running header, as the Flow sets it

    def pages(runs) -> int:
        return sum(flow_pages([block for _, block in run], box.w, page_h, gap) for run in runs)

    flow = Flow(doc, header=header, **style()["sheet_flow"])
    for run in sides_apart(ctx, made, pages):  # each side's sheets from a page of their own where kept apart
        for k, (name, block) in enumerate(run):
            flow.add(block, bookmark=name, new_page=k == 0)
