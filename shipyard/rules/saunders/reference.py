"""Saunders quick reference: the tables the ships in play use, as headed tables set in two columns and paginated by
a Flow. Every number comes from the (house-ruled) tables."""

from __future__ import annotations

from functools import partial

from ...render.measure import Block
from ...render.flow import Flow
from ...render.text_blocks import Heading, Text, Title
from ...render.containers import Stack
from ...render.table_block import Table
from ...render.kit import Flowing, Style, deal_columns, turn_card
from ...render.text import number
from ..context import Context
from ..derived import Derived
from .derive import modifier, scale_factor
from .sheet import rosters_lashing
from .sheet import RULES, SHARE_WORDS, cap_words, fraction, played_sequence, signed, style
from .templates import turns_in_play


def leadings() -> list[float]:
    """The tables' line spacings, loosest first: the loosest that sets the reference on a page is used."""
    return list(style()["reference_tables"]["leadings"])


def _table_type(leading: float | None) -> dict:
    """A reference table's type size and line spacing (the loosest unless `leading` is given)."""
    return {"size": style()["reference_tables"]["size"], "leading": leadings()[0] if leading is None else leading}


def band_labels(rows: list[dict], key: str) -> list[str]:
    """Lower-bound rows as a player reads them: ≤1, 2–3, 4–5, 8+."""
    out = []
    for i, r in enumerate(rows):
        lo = int(r[key])
        if i == len(rows) - 1:
            out.append(f"{lo}+")
            continue
        hi = int(rows[i + 1][key]) - 1
        out.append(f"≤{hi}" if i == 0 else (str(lo) if lo == hi else f"{lo}–{hi}"))
    return out


def _plain_table(title: str, rows: list[list], header: list[str] | None, widths: str, wrap_last: bool = False,
                 leading: float | None = None, align: list[str] | None = None) -> Block:
    """A headed table, its column `widths` named in the style's reference_widths."""
    st = style()
    shares = st["reference_widths"][widths]
    align = align or ["left"] + ["centre"] * (len(shares) - 2) + ["left" if wrap_last else "centre"]
    return Stack([Heading(title, **st["reference_heading"]),
                  Table(rows, header=header, widths=shares, align=align, **_table_type(leading))],
                 **st["reference_table_stack"])


def _across(title: str, label: str, columns: list[str], rows: list[tuple[str, list]], per_band: int | None = None,
            leading: float | None = None) -> Block:
    """A lookup table set sideways, the rolls along the top and a row per result under them, in bands of `per_band`
    columns (the style's unless given; equal widths, the last band padded): a dozen rolls take six lines, not a
    dozen."""
    st = style()
    across = st["reference_across"]
    per_band = per_band or across["per_band"]
    bands = []
    for i in range(0, len(columns), per_band):
        pad = [""] * (per_band - len(columns[i:i + per_band]))
        bands.append(Table([[name] + list(vals[i:i + per_band]) + pad for name, vals in rows],
                           header=[label] + columns[i:i + per_band] + pad,
                           widths=[across["label_weight"]] + [across["roll_weight"]] * per_band, **_table_type(leading),
                           align=["left"] + ["centre"] * per_band, bold_first_col=True))
    return Stack([Heading(title, **st["reference_heading"]), *bands], **st["reference_table_stack"])


PAIRS_ALIGN = ["left", "centre", "left", "centre"]


def pairs(items: list[list]) -> list[list]:
    """[modifier, value] rows set two to a line, read down the left half then the right: half the lines."""
    half = (len(items) + 1) // 2
    down, then = items[:half], items[half:] + [["", ""]] * (2 * half - len(items))
    return [list(a) + list(b) for a, b in zip(down, then)]


def grounds_when(t) -> str:
    """What grounds a ship, in a line where grounding is given (replay r16: "enters water shallower than her draught"
    left open whether her centre, bow or any part of her hull counts): the reading `grounding_contact` plays."""
    return f"Aground ({t.require('grounding_contact').rows['part']}): speed 0, ramming table"


def bottom_words(row: dict) -> str:
    """A grounding row's bottom as the Aground table names it; the row a shoal is unless the set-up says otherwise
    says so (replay r18: nothing said what Mobile Bay's Middle Ground was made of)."""
    return f"{row['bottom']} (a shoal, unless the set-up says rocks)" if row.get("default") else row["bottom"]


def end_of_turn(t) -> list[list[str]]:
    """Step 7 as a player works it: repairs, reloading, and the rolls that fall due at the end of a turn."""
    rows = t.require("repairs").rows
    rep, out = int(rows["repair_on"]), int(rows["fire_out_on"])
    repair = (f"D6 per disabled gun or hole, any or all: {rep}+ repairs it" if rep <= 6 else "none in this game")
    # replay 24: the fire-out roll was met only in the Fires reading, and a player forgot one at step 7
    fires = f"a fire out ({out}+), " if out <= 6 else ""
    ag = t.aground.rows
    return [["Repairs", repair], ["Reload", "every gun that fired reloads, to fire next turn"],
            # play 33, moment 2: a monitor's torpedo hole, repair or sinking roll first? Repairs: only unrepaired
            # holes roll (the text's words), a monitor's too (the set-up page's Monitors rule)
            ["Rolls due", f"D6 each: {fires}sinking (no hull, unrepaired holes), explosion (abandoned, fires), "
                          f"break free "
                          f"({int(ag['break_free_on'])}+)"],
            # play 40 (sau26), moment 4: how a ringed gun's crew come back: its ring goes with the boxes
            ["Rub out", "the All next turn boxes and crew rings marked last turn (one marked this turn, anew too, "
                        "stands all next turn), and the guns' fired dots and the forts' targets"]]


def location_heading(rows: list[dict], results: list[dict]) -> str:
    """The hit-location table's heading, saying which locations cost no hull (their harm is the result's D66), and
    so that a penetration total short of a D66 does nothing there (replay r9: it was only to be inferred from "the
    D66 only"; the Hits 4–6 reading keeps those words), both said of those locations alone."""
    spared = spared_rolls(rows)
    if not spared:
        return "Hit location (1D6)"
    d66 = min(int(r["min_total"]) for r in results if r["critical"])
    # one line: the D66 is 6+'s; "4–6:" governs both (replay r15: "total under 6" read as every hit's, against 4–5 = 1
    # hull), and it names the readings' row that says the rest (replay r23: the heading made sense only after it)
    # "whole": the D66 is the whole critical table's, not the location's tens (replay s27 moment 5)
    return f"Hit location (1D6; {spared}: no hull, whole D66 at {d66}+; Hits {spared})"


def spared_rolls(rows: list[dict], hull: bool = False) -> str:
    """The hit-location rolls that cost no hull (hull=True: those that do) as one run: '4–6' ('1–3'); '' for none."""
    runs = [roll_words(r) for r in rows if bool(r.get("hull", True)) == hull]
    return f"{runs[0].split('–')[0]}–{runs[-1].split('–')[-1]}" if len(runs) > 1 else "".join(runs)


def result_rows(rows: list[dict], results: list[dict]) -> tuple[list[list], list[str]]:
    """The penetration result table's rows and header: the total's band, the hull and effect of a hit on a location
    that costs hull, and, where some cost none (hit_location's 4–6), what the same total does there (`spared`, a column
    of its own: play 30, moment 4, a 4–6 hit at a total of 4–5 read against rows of 1 hull)."""
    spared, hulled = spared_rolls(rows), spared_rolls(rows, hull=True)
    bands = band_labels(results, "min_total")
    if not spared:
        return [[b, r["hull"], r["effect"]] for b, r in zip(bands, results)], ["Total", "Hull", "Effect"]
    words = [r.get("spared") or ("D66 only" if r["critical"] else "no effect") for r in results]
    return ([[b, r["hull"], r["effect"], w] for b, r, w in zip(bands, results, words)],
            ["Total", "Hull", f"Effect on {hulled}", f"On {spared}"])


def roll_words(row: dict) -> str:
    """A roll or run of rolls as the reference prints it: 4, 1–3."""
    return "–".join(str(x) for x in (row["roll"][0], row["roll"][-1])) if len(row["roll"]) > 1 else str(row["roll"][0])


def fort_rules(t) -> list[list[str]]:
    """What the pack's reading makes of a fort (fort_fire, reconstructed)."""
    ff = t.require("fort_fire").rows
    to_hit = {m["when"]: signed(m["mod"]) for m in t.to_hit.rows["modifiers"]}
    share, least = int(ff.get("one_ship_share", 1)), int(ff.get("one_ship_least", 1))
    at_one = (f"; at any one ship no more than {SHARE_WORDS.get(share, f'1/{share}')} of a face's guns a turn (steps 4 and 6 together), rounded up"
              + (f" (at least {least}; {cap_words(t)})" if least > 1 else f" ({cap_words(t)})")
              # play 40 (sau26), moment 8: guns lost, does the cap shrink? No: it is the face's embrasures that bear,
              # filled from the guns still in action
              # play 41 (sau27): the other reading a house rule away (Fort cap): the share of the guns left
              + ", the rest at others or held; " + ("lost guns count" if ff.get("cap_counts_lost", True)
                                                      else "of the guns left, counted again") if share > 1 else "")
    return [["Fires", "in step 4 (she never turns)"
             + (f", as a stationary firer {to_hit['Firer stationary']}" if ff["stationary_firer"]
                else ", not as a stationary firer (no +1)") + at_one
             # play 35, moment 5: "may a held, loaded gun disabled in step 4 still fire in step 6?": no, step 4's
             # hits count before step 6's fire (Fire in one phase; a magazine's loaded guns are that result's own)
             + "; one held fires in step 6, at a ship then in its arc, if step 4 left it in action"],
            ["Fired at", f"ships firing at her {to_hit['Target stationary']}: a fort is a stationary target; she is in an "
             "arc, and ranged, at her set-up point"
             if ff["stationary_target"] else "no stationary modifier"],
            ["Hit", f"roll the location as for a ship: {fort_hits(t)}"]]


def fort_hits(t) -> str:
    """How a hit on a fort is played: the readings' "Hits on a fort", said here once (its readings row points here),
    filled from the table rather than said again in code (review, sau37)."""
    return next(r["reading"] for r in t.readings() if r["rule"] == "Hits on a fort")


FORTS = "Forts"
# the readings a fort plays by, said once in the Forts table: the readings' rows point there (a row's second reading,
# where it has one, stays after the pointer)
FORT_READINGS = {"Fort firing": f"under {FORTS} (Fires, Fired at)", "Hits on a fort": f"under {FORTS} (Hit)"}


def to_hit_words(when: str, t, stats) -> str:
    """A to-hit modifier's row label; where forts are in play and count as stationary targets (fort_fire), the
    stationary-target row names them (replay r10: whether a fort is one was read from nowhere); both stationary rows
    say what stationary is (to_hit's `stationary`, reconstructed)."""
    if when in ("Firer stationary", "Target stationary"):
        when = f"{when} ({t.to_hit.rows['stationary']})"  # replay r15: "stationary" was defined nowhere
    if when.startswith("Target stationary") and t.require("fort_fire").rows["stationary_target"] and any(s.fort for s in stats):
        return f"{when} or fort"
    return when


def stacking_row(t) -> list[str]:
    """How the to-hit modifiers meet, as the table's last row (replay s11, moment 1: a firer on fire and in smoke, one
    −1 or two?): to_hit_stack's `stack` (our reading: each that applies counts) shows its `adds` pair added; the
    house rule (stack: false) the firer's own state counted once, at the worst of them."""
    rows = t.require("to_hit_stack").rows
    if rows["stack"]:
        first, second = rows["adds"]
        total = modifier(t.to_hit, first) + modifier(t.to_hit, second)
        return [f"{first} + {second.lower().replace('filled with ', 'in ')}: total", signed(total)]
    worst = min(modifier(t.to_hit, w) for w in rows["state"])
    return [f"{', '.join(w.lower().replace('filled with ', '') for w in rows['state'])}: once", signed(worst)]


# a critical rolled again: the reading that settles it printed as the critical table's last row, where a repeat is
# met (s35, play 27 moment 6: the heading's pointer to the readings' row was hard to find); the readings point here
# play 40 (sau26), moment 6: "Again" read as "roll again": the row is a result rolled a second time, no re-roll
REPEAT_RULE, REPEAT_LABEL = "Repeated critical", "Twice"
D66_WORDS = "Effect (D66: name the tens die before the roll)"  # the text's "1D6 as tens and another as units" (r24)


def sections(derived: list[Derived], ctx: Context, leading: float | None = None) -> list[Block]:
    """The reference's headed tables, in reading order, only those the ships in play need."""
    _table = partial(_plain_table, leading=leading)
    t = ctx.tables
    stats = [d.stats for d in derived]
    guns = [g for s in stats for g in s.guns]
    has_paddles = any(s.paddles for s in stats)
    out: list[Block] = []
    mv = t.movement.rows
    factor, scale = scale_factor(ctx)
    # play 42 (sau28), moments 2, 3: astern is a share of her maximum as damage leaves it; ahead to astern counts
    # through 0 (1 kn ahead to 1 kn astern is a 2 kn change)
    out.append(_table("Movement", [
        [f"Inches a turn per knot at {scale}", number(float(mv["inches_per_knot"]) * factor)],
        ["Speed change a turn, through 0 (kn)", f"±{number(mv['acceleration_kn'])}"],
        ["Astern, of max now (double-ender: full)", f"× {fraction(mv['astern_fraction'])}"],
        *[[f"Hull {fraction(r['lost_fraction'])} lost: max speed ×", fraction(r["speed_fraction"])] for r in t.hull_speed.rows],
        [f"Turn ladder (°); spar deployed: {signed(t.turn.rows['spar_torpedo_deployed_steps'])} step",
         " ".join(str(a) for a in turns_in_play(ctx))],  # the angles the turn gauges are cut for
        # play 43 (sau29), moments 3, 8: what a speed chit is for, and RUDDER markers run out: chits and markers are
        # reminders by the model, her sheet (log, boxes) the record; none left, the sheet alone
        ["Chits, markers remind; the record (none left too):", "her sheet"],
        ["A line at one speed, each on her own plot: chits", "one, on its leader"],  # her plot, not the leader's track (play 28 moment 3)
    ], None, "movement"))
    st = t.small_target.rows
    small = [f"Target under {number(st['under_length_ft'])} ft" + (" or a monitor" if st["monitors"] else ""),
             signed(st["to_hit_modifier"])]
    # the net from which no D6 hits (Sure rolls: a 6 needing 7+ misses), where the sum is made (play 29, moment 7)
    needed = int(t.to_hit.rows['needed'])
    # play 43 (sau30), moment 6: stacked minuses silenced guns; the first reading's floor, a 6 always hits (sure_rolls)
    floor = ("a 6 always hits" if t.sure_rolls.rows.get("six_hits", False)
             else f"net {signed(needed - 7)} or worse: no hit")
    out.append(_table(f"To hit: 1D6 per gun, {needed}+ hits; {floor}", pairs([
        *[[to_hit_words(m["when"], t, stats), signed(m["mod"])] for m in t.to_hit.rows["modifiers"]], small,
        stacking_row(t)]),
        ["Modifier", "", "Modifier", ""],
        "to_hit", align=PAIRS_ALIGN))
    res = t.penetration_result.rows  # the firing tables in the order they are rolled: to hit, location, penetration (r17)
    out.append(_table(location_heading(t.hit_location.rows, res), [[roll_words(r), r["location"]] for r in t.hit_location.rows],
                      ["D6", "Location"], "roll", wrap_last=True))
    out.append(_table("Penetration: DAV + strength − the location hit's armour",
                      [[m["when"], signed(m["mod"])] for m in t.penetration.rows["modifiers"]]
                      + [["DAV: the average die, or a plain D6 read 1–6 →", " ".join(str(f) for f in t.penetration.rows["dav_faces"])]],
                      ["Adjustment", ""], "penetration"))
    result, header = result_rows(t.hit_location.rows, res)
    out.append(_table("Penetration result", result, header,
                      "penetration_result" if len(header) > 3 else "penetration_result_hull", wrap_last=True,
                      align=["left", "centre"] + ["left"] * (len(header) - 2)))
    # a row for each set of inches a player measures: a rifle reaches further at Long, a light gun has none (play 31,
    # defect 9: a 30-pdr Parrott's Long was given as the smoothbores' 30, its sheet's 37½); strengths that measure alike
    # share a row
    if guns:
        rng = t.gun_ranges.rows
        bands: dict[tuple, tuple[set, set]] = {}
        for g in guns:
            band = [b for b in rng["bands"] if b["min_strength"] <= g.strength][-1]
            rifled = bool(g.rifled) and not g.light
            long = None if g.light else band["long_in"] * factor * (float(rng["rifle_long_factor"]) if rifled else 1.0)
            key = (band["point_blank_in"] * factor, band["effective_in"] * factor, long)
            strengths, names = bands.setdefault(key, (set(), set()))
            # play 42, other defects: a light rifle (the 20-pdr Parrott) is "2R" on her sheet and the roster, so here too
            strengths.add(f"{g.strength}{'R' if g.rifled else ''}")
            names.add(g.name)
        order = sorted(bands, key=lambda k: (min(int(x.rstrip("R")) for x in bands[k][0]), k[2] is None, k[2] or 0))
        rows = [[", ".join(sorted(bands[k][0], key=lambda x: (int(x.rstrip("R")), x))), number(k[0]), number(k[1]),
                 "none" if k[2] is None else number(k[2]), ", ".join(sorted(bands[k][1]))] for k in order]
        light = "; light guns: no Long" if any(g.light for g in guns) else ""
        rifles = (f"; R: rifled, Long here already × {number(rng['rifle_long_factor'], fractions=False)}"
                  if any(g.rifled and not g.light for g in guns) else "")
        band_words = "farthest" if rifles else "each band's farthest"  # play 36, moment 3: room for "already"
        # play 44, moment 1: 20.05 in against Eff 20 was played Long ("20.04: 20" hinted at reading down, but nothing
        # said it): the rule says so beside the bands, its mark from the table
        down = f"; to the {rng['measure_to']} in, read down"
        out.append(_table(f"Guns in play ({band_words} inches at {scale}: past Eff is Long{rifles}{light}{down})",
                          rows, ["Str", "PB", "Eff", "Long", "Guns"], "guns", wrap_last=True))
    paddle_words = "a paddle wheel lost (side wheeler: D6 1–3 port, 4–6 starboard; speed halved); "
    crit = [[r["roll"], r["effect"] if has_paddles else r["effect"].replace(paddle_words, "")] for r in t.criticals.rows]
    repeat = next(r for r in t.readings() if r["rule"] == REPEAT_RULE)
    crit.append([REPEAT_LABEL, f"a result she has already had (no re-roll; it stacks so): {repeat['played']}"])
    out.append(_table("Critical hits (D66)", crit, ["D66", D66_WORDS], "criticals", wrap_last=True))
    # a firing table, after the criticals: a short one that fills the foot of their column (play 30: on A4 it left
    # the readings' page the room the moments' readings took)
    if any(g.turret for g in guns):
        ta = t.turret_arcs.rows
        counts = turret_counts(stats)
        rows = [[f"{n} turret{'s' if n != '1' else ''}", role, ", ".join(arcs) or "none"]
                for n, roles in ta["blocked"].items() if n in counts for role, arcs in roles.items()]
        if any(s.drive == "sternwheel" for s in stats if any(g.turret for g in s.guns)):
            rows.append(["stern wheel", "all", ", ".join(ta["stern_wheel_blocks"])])
        out.append(_table("Turret arcs blocked", rows, ["Monitor", "Turret", "Blocked"], "turret_arcs", wrap_last=True))
    ram_mods = [[m["when"], signed(m["mod"])] for m in t.ramming_modifiers.rows]
    if t.require("ram_options").rows["use"]:
        ram_mods += [[m["when"] + " (optional)", signed(m["mod"])] for m in t.ram_options.rows["modifiers"]]
    out.append(_table("Ramming: step by step", [[r["step"], r["rule"]] for r in t.require("ramming_procedure").rows],
                      None, "procedure", wrap_last=True))
    out.append(_table("Ramming: both roll 1D6", pairs(ram_mods), ["Modifier", "", "Modifier", ""], "ramming",
                      align=PAIRS_ALIGN))
    rd = t.ramming_damage.rows
    out.append(_across("Ramming / grounding / torpedo damage", "Roll", band_labels(rd, "min_roll"),
                       [("Hull", [r["hull"] for r in rd]), ("Specials", [r["specials"] for r in rd])], leading=leading))
    out.append(_table("Damage, sinking and surrender", [[r["when"], r["rule"]] for r in t.require("damage_follow_up").rows],
                      None, "procedure", wrap_last=True))
    ag = t.aground.rows
    out.append(_table(grounds_when(t),
                      [["Damage roll: 1D6 + Speed used (her own speed) + the bottom; no hull or ram bow modifier", ""],
                       *[[f"On {bottom_words(r)}: {signed(r['mod'])}; each special holes her on D6", f"{int(r['hole_on'])}+"]
                         for r in t.require("grounding").rows],
                       ["Break free at the end of a turn on D6", f"{int(ag['break_free_on'])}+"],
                       ["Failed tries before she is stuck for good", int(ag["attempts"])]],
                      None, "aground"))
    out.append(_table("End of turn (step 7)", end_of_turn(t), None, "procedure", wrap_last=True))
    elsewhere = {REPEAT_RULE: f"under Critical hits ({REPEAT_LABEL})"}
    if any(s.fort for s in stats):
        out.append(_table(FORTS, fort_rules(t), None, "procedure", wrap_last=True))
        elsewhere.update(FORT_READINGS)  # replay s11: the fort rules were printed twice, here and in the readings
    if any(s.spar_torpedo for s in stats):
        sp = t.spar_torpedo.rows
        out.append(_table(f"Spar torpedo (within {number(sp['range_in'] * factor)} in, {sp['arc_deg']}° of the bow)",
                          [[r["roll"], r["effect"]] for r in sp["effect"]], ["D6", "Effect"], "roll", wrap_last=True))
    if torpedo_fields_in_play(ctx):
        out += torpedo_tables(t, leading)
        elsewhere[TORPEDO_TESTS[0]] = f"under Torpedo fields ({TORPEDO_TESTS[1]})"
    out += readings_pieces(t, leading, elsewhere)  # last: what is ours
    return out


def turret_counts(stats) -> set[str]:
    """The monitors in play by their number of turrets ('1', '2'): the turret-arcs table prints those rows alone (a
    Mobile Bay pack has no three-turret monitor; the room went to the readings, replay r17)."""
    return {str(len({g.turret for g in s.guns if g.turret})) for s in stats if any(g.turret for g in s.guns)}


def torpedo_fields_in_play(ctx: Context) -> bool:
    """Whether the game may have torpedo fields: yes unless the scenario's set-up page draws its ground and none."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    return setup is None or bool(getattr(setup, "torpedo_fields", None))


TORPEDO_TESTS = ("Torpedoes", "Tests")  # the reading printed under the density table, and its label there


def torpedo_tables(t, leading: float | None) -> list[Block]:
    """The torpedo-field density table with the reading of how a ship tests under it (the readings' Torpedoes row,
    printed here in its place: replay 24 pieced the field together from three places), then the strike table, as one
    block, so a column or page never parts them."""
    _table = partial(_plain_table, leading=leading)
    out: list[Block] = []
    td = t.torpedo_density.rows
    st = style()
    density = _across("Torpedo fields: 2D6 per inch moved", "Density", [str(r["density"]) for r in td],
                      [("", [r["name"] for r in td]), ("Strike on", [f"{r['strike_on']}+" for r in td])],
                      per_band=len(td) if len(td) <= st["reference_across"]["per_band"] + 1 else None,
                      leading=leading)
    rule, label = TORPEDO_TESTS
    reading = next(r["played"] for r in t.readings() if r["rule"] == rule)
    tests = Table([[label, reading]], widths=st["reference_widths"]["torpedo_tests"], align=["left", "left"],
                  bold_first_col=True, **{**_table_type(leading), "size": st["readings"]["size"]})  # a reading: its type
    out.append(Stack([*density.children, tests], **st["reference_table_stack"]))
    out.append(_table("Torpedo strike (1D6)", [[r["roll"], r["effect"]] for r in t.torpedo_strike.rows],
                      ["D6", "Effect"], "roll", wrap_last=True))
    return [Stack(out, gap=st["reference_columns"]["stack_gap"])]  # one block: never dealt to two columns


LEFT_OPEN = "What the text leaves open"
INSTEAD = "clubs may instead play"  # where a row's second reading begins


def readings_rows(t, elsewhere: dict[str, str] | None = None) -> list[list[str]]:
    """The reconstructions as a player reads them: the rule, and the reading this pack plays followed, where the text
    allows a second, by that reading in words (replay r10: a "House-rule option" column of table names meant nothing
    on paper; the option's name stays in the table for the house-rules file). A house rule that plays the second
    reading (the row's switch) prints it, and ours after it as not played (rules.readings). `elsewhere`: rows the
    reference prints in full beside the tables they play by, by rule, and the pointer printed here instead."""
    elsewhere = elsewhere or {}
    def second(r) -> str:
        return f"; {INSTEAD}: {r['other']}" if r["other"] else ""

    # a house rule's second reading is said in full wherever the row stands, marked so (the Forts table plays it too)
    return [[r["rule"], r["played"] if r["switched"] else
             (elsewhere[r["rule"]] + second(r) if r["rule"] in elsewhere else r["reading"] + second(r))]
            for r in t.readings()]


def readings_page(t, style: Style, elsewhere: dict[str, str] | None = None) -> list[Block]:
    """The readings' heading, a line on what they are, and the two-column table of them."""
    st = style["readings"]
    return [Heading(LEFT_OPEN),
            Text("Play the first reading; the others are options to agree before play.",
                 size=st["size"],  # one line (s26: room for the turret and sure-roll rows)
                 space_after=1.5),
            Table(readings_rows(t, elsewhere), header=["Rule", "Reading this pack plays"], bold_first_col=True,
                  **{"align": ["left", "left"], **st})]


def readings_pieces(t, leading: float | None = None, elsewhere: dict[str, str] | None = None) -> list[Block]:
    """What the text leaves open (readings_page) as one Flowing block: it fills what is left of a column
    and goes on in the next, its table's header over each part, a part never shorter than the style's
    `readings_piece` least (mm), so its heading is never left alone at a column's foot. Its lines are spaced as the
    reference's tables are (`leading`: the loosest that keeps the reference on its fewest pages)."""
    st = style()
    spaced = Style(st.source, {**st.named, "readings": {**st["readings"], "leading": _table_type(leading)["leading"]}})
    heading, words, table = readings_page(t, spaced, elsewhere)
    return [Flowing(Stack([heading, words, table], **st["reference_table_stack"]), st["readings_piece"]["least"])]


# The tables the roster page holds in the room under the sides' tables (replay s27: its chart was never used, and
# the reference was set small over two pages, ramming parted from its damage table), in groups that go there whole
# or not at all, in this order, each that fits after those before it; the rest stay in the quick reference.
ROSTER_TABLES = (("Ramming: step by step", "Ramming: both roll", "Ramming / grounding / torpedo damage"),
                 ("Damage, sinking and surrender",), ("Aground",), ("End of turn",), (FORTS,))


def heading_of(block: Block) -> str:
    texts = block.texts()
    return texts[0] if texts else ""


def roster_tables(derived: list[Derived], ctx: Context, width: float, room: float) -> tuple[list[Block], Block | None]:
    """The ROSTER_TABLES groups that fit whole, dealt in two columns, in `room` mm: (their blocks, the Columns
    block), or ([], None) where none fits."""
    columns = style()["reference_columns"]
    blocks = sections(derived, ctx)
    taken: list[Block] = []
    laid = None
    for group in ROSTER_TABLES:
        wanted = [b for b in blocks if any(heading_of(b).startswith(name) for name in group)]
        if not wanted:
            continue
        pages = deal_columns(taken + wanted, width, room, room, **columns)
        if len(pages) == 1 and pages[0].measure(width) <= room:  # whole, in the room (a column may run over)
            taken += wanted
            laid = pages[0]
    return taken, laid


ROSTER_PRINTED = "saunders_roster_tables"  # the document's note of the headings its roster page printed


def reference_pages(derived: list[Derived], moved, ctx: Context, width: float, first: float,
                    height: float) -> list[Block]:
    """The reference's pages, less the `moved` tables (printed on the roster page): at the loosest line spacing that
    sets it on the fewest pages any spacing does. The readings (last) stay on one page: where they would run over a
    page's foot, they start a page of their own (s35: the roster page took tables from the reference, and on Letter
    the readings then began on its second page and ran onto a third)."""
    columns = style()["reference_columns"]
    moved = set(moved)
    laid = []
    for leading in leadings():
        blocks = [b for b in sections(derived, ctx, leading) if heading_of(b) not in moved]
        pages = deal_columns(blocks, width, first, height, **columns)
        if not any(LEFT_OPEN in p.texts() for p in pages[-1:]):  # the readings begin before the last page
            tables = deal_columns(blocks[:-1], width, first, height, **columns)
            pages = tables + deal_columns(blocks[-1:], width, height, height, **columns)
        laid.append(pages)
    return min(laid, key=len)  # the first (loosest) of the shortest


# The quick reference's parts the cover's contents lists under it (aids.SECTION_PARTS), each with the headings that
# hold it: a part is bookmarked on every page one of them starts (replay s26: the contents named page 18 alone, and
# page 19 held the rules looked up most). The readings' rows are named for the rules a player hunts there.
CONTENTS_PARTS = (
    ("Ramming tables", ("Ramming: step by step", "Ramming: both roll", "Ramming / grounding / torpedo damage")),
    ("Damage, sinking, surrender", ("Damage, sinking and surrender",)),
    (FORTS, (FORTS,)),
    ("Torpedo fields and strike", ("Torpedo fields:", "Torpedo strike")),
    ("Line of fire, collisions", (LEFT_OPEN,)),
    ("Lashed pairs, struck, fires", (LEFT_OPEN,)),
)


def parts_on(page: Block) -> list[str]:
    """The CONTENTS_PARTS whose headings start on this page of the reference, in the contents' order."""
    texts = page.texts()
    return [part for part, heads in CONTENTS_PARTS if any(t.startswith(h) for t in texts for h in heads)]


def quick_reference(doc, derived: list[Derived], ctx: Context) -> None:
    st = style()
    title = Stack([Title("Quick reference", f"{RULES} · the turn and the tables the ships in play use"),
                   turn_card(played_sequence(ctx.tables, lashed=any(
                       rosters_lashing(getattr(ctx, "scenario", None), d.unit_id) for d in derived)), st)],
                  **st["reference_card"])
    box = doc.content_for(False)
    flow = Flow(doc, **st["reference_flow"])
    first = box.h - title.measure(box.w) - flow.gap
    moved = getattr(doc, ROSTER_PRINTED, ())
    for i, page in enumerate(reference_pages(derived, moved, ctx, box.w, first, box.h)):
        if i == 0:
            flow.add(Stack([title, page]), bookmark="Quick reference (Saunders)")
        else:
            flow.add(page, new_page=True)
        for part in parts_on(page):
            doc.bookmark(part, level=1)
