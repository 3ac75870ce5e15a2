"""Smoke on the Water quick reference as blocks through a Flow: only the tables the units in play use."""

from __future__ import annotations

from dataclasses import replace

from ...render.measure import Block
from ...render.containers import Columns, Stack
from ...render.flow import Flow, flow_pages
from ...render.text_blocks import Heading, Legend, Note, Text, Title
from ...render.table_block import Table
from ...render.text import number as num
from ...errors import ShipyardError
from ..context import Context
from ..derived import Derived
from .derive import BAND_NAMES, RANGE_BANDS, distance_factor, ground_scale, hit_location_column
from ...render.kit import load_style, turn_card
from .sheet import (random_gun_pick, random_gun_jam, random_gun_round, OUR_CODES, STYLE_PATH, TEXT_CODES, TITLE, code_words, driven_off_to_hit, gun_damage_block,
                    natural_rolls, point_blank_sizes, style)

SIZE_ORDER = ("VL", "L", "M", "H", "SH")


def _scaled(factor: float) -> str:
    return "" if factor == 1 else f", × {num(factor)}"


def speed_table(ctx: Context, factor: float) -> Block:
    """Table 2 in one line, a level to a phrase (each sheet prints her own moves; sotw35: the quick reference's room
    for replay 26's answers): 'Immobile I 0 cm, 0 kn · Slow S 10 cm, 2 kn · ...'."""
    levels = ctx.tables.require("speed_levels").rows
    return Stack([Heading("Table 2 · speed levels (move a turn): " + " · ".join(
        f"{r['level']} {r.get('code', '')} {num(r['move_cm'] * factor)} cm, {num(r['knots'])} kn" for r in levels))],
        **style("reference_stack"))


def range_tables(ctx: Context, codes: list[str], factor: float) -> list[Block]:
    out: list[Block] = []
    direct_t = ctx.tables.require("direct_ranges").rows
    direct = [c for c in codes if c in direct_t]
    if direct:
        body = []
        for c in direct:
            edges = direct_t[c]["bands"] if isinstance(direct_t[c], dict) else direct_t[c]
            body.append([c] + [num(e * factor) for e in edges])
        out.append(Table(body, header=["Gun"] + [BAND_NAMES[b] for b in RANGE_BANDS],
                         title=f"Table 9 · direct-fire ranges (cm, far edge of each band{_scaled(factor)}; "
                               "gunports never at E)"))
    indirect_t = ctx.tables.require("indirect_ranges").rows
    indirect = [c for c in codes if c in indirect_t]
    if indirect:
        body = []
        for c in indirect:
            r = indirect_t[c]
            first = f"direct 0–{num(r['direct_cm'] * factor)}" if "direct_cm" in r else f"none inside {num(r['min_cm'] * factor)}"
            body.append([c, first] + [num(e * factor) for e in r["bands"]] + [""] * (4 - len(r["bands"])))
        out.append(Table(body, header=["Gun", "Close", "S to", "M to", "L to", "E to"],
                         title="Table 12 · howitzers and mortars (cm; howitzers fire direct inside their direct range)"))
    return out


def map_shrunk(ctx: Context) -> bool:
    """Whether the scenario's table is drawn smaller than the ground scale (Mobile Bay's channel, twice smaller) while
    every distance the pack prints stays at the rules' scale (the set-up page's fit)."""
    setup = getattr(getattr(ctx, "scenario", None), "setup", None)
    if setup is None:
        return False
    from ...pack.setup_page import fit
    from . import RULESET
    return fit(setup, RULESET, ground_scale(ctx)[1]).compressed < 0.999


# sotw37, item 7 (replay 27, p2: "only the map is shrunk, not the rules" was easy to miss), said where the ranges are
SHRUNK = ", in the cm they print: only the map is shrunk"
# play 32, moments 1, 10 and 15: from which point a range is taken (a fort has a mark, no base), which band a range
# on a band's edge reads (the sheets give each band's far edge: the shorter), and the obscured share worked once
RANGED = "; measured base to base (a fort, firing or fired at: its mark to her base's nearest point), on a band's edge: the shorter band"
# play 44, moment 6 (sotw31): the example measured a length (4 cm of 12: 1/3) where the Obscured rule counts her
# ¼, ½, ¾ marks; one method, the marks', the three shares in order
OBSCURED_EG = " (her ¼, ½, ¾ marks hidden: 1, 2, 3)"


def to_hit_block(ctx: Context) -> Block:
    t10 = ctx.tables.require("direct_fire").rows

    def mods(key):
        return ", ".join(f"{k} {v:+d}" for k, v in t10[key].items())

    text = (f"range {mods('range')} · target size {mods('target_size')}{point_blank_sizes(t10)} · firer {mods('firer_speed')} (Slow, Medium, Immobile, HS +0)"
            f" · target {mods('target_speed')} (Slow, Medium +0) · obscured {mods('obscured')}{OBSCURED_EG} · ranges (Tables 9, 12): her sheet's guns"
            + (SHRUNK if map_shrunk(ctx) else "") + RANGED)
    # play 42, moment 14: a twin turret's guns, one target or two (direct_fire.one_target, ours: one)
    one = t10.get("one_target")
    one = f"; {one['text']} *" if one else ""
    return Stack([Heading(f"Table 10 · to hit: {t10['base']} or less on a d10, each gun its own ({natural_rolls(t10, under=True)}{one}); "
                          "in every table, modifiers move the number needed, never the die"),
                  Text(text, **style("reference_body"))], **style("reference_stack"))


def armour_in_play(derived: list[Derived], ctx: Context) -> set[str]:
    """Every armour class a hit on a unit in play can test: each location's class (a fort's walls), and the Stack's."""
    classes = {v for d in derived for v in d.stats.armour.model_dump().values() if isinstance(v, str)}
    stack = ctx.tables.require("hit_locations").rows.get("stack")
    if stack and any(d.stats.kind == "vessel" for d in derived):
        classes.add(stack["armour"])
    return classes


def deflection_tables(ctx: Context, codes: list[str], derived: list[Derived] | None = None) -> list[Block]:
    """Table 16 for the guns in play, in the armour columns some unit in play has (every column without units)."""
    t16 = ctx.tables.require("armour_deflection").rows
    names = ctx.tables.require("armour_names").rows
    in_play = armour_in_play(derived, ctx) if derived else set(t16["columns"])
    keep = [k for k, c in enumerate(t16["columns"]) if c in in_play]
    cols = [t16["columns"][k] for k in keep]
    shot_rows = []
    for c in codes:
        key = c[:-1] + "SB" if c.endswith("C") else c
        if key in t16["shot"]:
            shot_rows.append([c] + [str(t16["shot"][key][k]) for k in keep])
    if not shot_rows or not cols:
        return []
    title = ("Table 16 · deflect on this or less on a d10 (*: no roll, the hit goes through; -: no roll, deflected "
             "as the Deflected rule says); range "
             + ", ".join(f"{k} {v:+d}" for k, v in t16["range_modifiers"].items()) + "; armour "
             + ", ".join(f"{c} {names.get(c, c)}" for c in cols))
    sizes = sorted({c[:2] if c.startswith(("VL", "SH")) else c[0] for c in codes},
                   key=lambda s: SIZE_ORDER.index(s) if s in SIZE_ORDER else 9)
    shell_rows = [[s] + [str(t16["shell"][s][k]) for k in keep] for s in sizes if s in t16["shell"]]
    out: list[Block] = [Table(shot_rows, header=["Shot"] + cols, title=title)]
    if shell_rows:
        out.append(Table(shell_rows, header=["Shell"] + cols))
    return out


def natural_deflection(ctx: Context) -> Block | None:
    """Table 16's natural rolls (the text's: a 1 always deflects, a 10 never, whatever the number), or None."""
    natural = ctx.tables.require("armour_deflection").rows.get("natural")
    if not natural:
        return None
    return Note("The range modifier shifts the number in the table, not the die. "
                f"Whatever the number after the range: a {natural['deflects']} on the d10 always deflects, a "
                f"{natural['goes_through']} always goes through. "
                # sotw37, item 6: wooden broadsides' shot at a fort's walls deflects on all but a natural 10
                f"At {natural['goes_through'] - 1} or more (shot at walls, often) only a {natural['goes_through']} "
                f"goes through: throw those hits' dice at once, keep the {natural['goes_through']}s.",
                **style("reference_note"))


def side_by_side(tables: list[Table], beneath: Block | None = None) -> list[Block]:
    """Tables (Table 16's shot and shell) side by side under the first one's title, `beneath` under the last (the
    shorter shell rows leave it room): the quick reference keeps its room for the turn's rules."""
    if len(tables) < 2:
        return list(tables) + ([beneath] if beneath and tables else [])
    look = {k: v for k, v in style("reference_side_by_side").items() if k != "per_row"}
    columns = [replace(t, title=None, _cache={}) for t in tables]
    if beneath:
        columns[-1] = Stack([columns[-1], beneath], **style("reference_stack"))
    return [Stack([Heading(tables[0].title), Columns(columns, **look)], **style("reference_stack"))]


def movement_tables(ctx: Context, vessels: list[Derived], factor: float) -> list[Block]:
    draughts = sorted({d.stats.draught for d in vessels})
    t3 = ctx.tables.require("running_aground").rows
    t5 = ctx.tables.require("breaking_free").rows
    body = [[dr] + ["-" if v is None else str(v) for v in t3["chances"][dr]] + [f"{t5['draught'].get(dr, 0):+d}"]
            for dr in draughts]
    aground = Table(body, header=["Draught"] + list(t3["water"]) + ["Break free"],
                    title="Table 3 · run aground on this or less on a d10 (- no test), each turn she moves over it; "
                          "Break free: Table 5")  # its base and the rest are on the Table 5 line below
    grounding = Table(grounding_rows(ctx), bold_first_col=True, align=["left", "left"],
                      **style("reference_collisions"))
    return [Stack([aground, grounding], **style("reference_stack"))]  # each template names its radius


def hit_location_tables(ctx: Context, vessels: list[Derived]) -> list[Block]:
    """Table 14 for the configurations in play, two side by side."""
    t14 = ctx.tables.require("hit_locations")
    confs = {d.stats.configuration for d in vessels}
    in_play = [c for c in t14.rows["configurations"] if c in confs] + sorted(confs - set(t14.rows["configurations"]))
    crit = t14.rows.get("critical", 10)
    cols = list(t14.rows["columns"])
    tables = []
    for conf in in_play:
        col = hit_location_column(conf, ctx.tables)  # an unknown (house-ruled) configuration is a clear error here
        n = len(next(iter(col.values())))
        body = [[row + 1] + [col[c][row] for c in cols] for row in range(n)] + [[crit] + ["critical"] * len(cols)]
        tables.append(Table(body, header=["d10"] + cols, title=conf[0].upper() + conf[1:],
                            **style("reference_hit_locations")))
    stack = t14.rows.get("stack")
    stack = (f"; Stack: armour {stack['armour']}, {stack['track']} track *"
             + ("" if stack.get("fire_test", True) else ", no fire test") if stack else "")
    head = Heading(f"Table 14 · hit location, d10 by the shot's aspect ({crit} = critical); no casemate: Casemate = Hull"
                   + stack)
    side_by_side = style("reference_side_by_side")
    per_row = side_by_side.pop("per_row")
    pairs: list[Block] = [Columns(tables[k:k + per_row] + [Stack([])] * (per_row - len(tables[k:k + per_row])),
                                  **side_by_side)
                          for k in range(0, len(tables), per_row)]
    if pairs:
        pairs[0] = Stack([head, pairs[0]], **style("reference_stack"))  # the heading stays with its first tables
    return pairs


def d3_words(ctx: Context) -> str:
    """How the text throws a 1d3 (critical_hits.d3, the text's dice conventions: sotw35 moment 1), for Table 15's
    title, where the Flooding critical's 1d3 is."""
    d3 = ctx.tables.require("critical_hits").rows.get("d3")
    return f"; d3: {d3}" if d3 else ""


def critical_tables(ctx: Context) -> list[Block]:
    t15 = ctx.tables.require("critical_hits")
    die = t15.rows.get("die", "d6")
    out: list[Block] = []
    for k, (title, key) in enumerate((("Critical", "hits"), ("Special", "specials"))):
        body = [[r["roll"], r["hit"], str(r["armour"]).replace("_", " "),
                 r.get("effect", "") + (" *" if t15.tag(r) == "reconstructed" else "")] for r in t15.rows[key]]
        out.append(Table(body, header=[die, title, "Armour", "Effect"], **style("reference_criticals"),
                         align=["centre", "left", "left", "left"],
                         title=None if k else f"Table 15 · critical hits, {die} (6: again on the specials); "
                                              f"armour: what tests it, by the hit's one deflection d10, its gun and range, its hull damage "
                                              f"too (no (part) d10) (* ours){d3_words(ctx)}"))
    return out


def _signed(v) -> str:
    return f"{v:+d}" if isinstance(v, int) else str(v)


def collision_tables(ctx: Context, vessels: list[Derived]) -> list[Block]:
    """Collisions and rams: the collision speed by arc, Table 6 (damage and holing) and Tables 7-8 (locking)."""
    cs = ctx.tables.require("collision_speed")
    t6 = ctx.tables.require("collision_damage").rows
    lk = ctx.tables.require("locking").rows

    def mods(d: dict) -> str:
        return ", ".join(f"{k} {_signed(v)}" for k, v in d.items())

    moving = [r["level"] for r in ctx.tables.require("speed_levels").rows if r["move_cm"]]  # levels count from 1
    counts = ", ".join(f"{name} {k}" for k, name in enumerate(moving, 1))
    rows = [["Collision speed", "striker's level, shifted by the struck vessel's when struck in her "
             + ", ".join(f"{r['arc'].lower()} {r['shift']}" for r in cs.rows)
             + "; below Slow no damage, above Very Fast = Very Fast; struck vessel astern: swap bow and stern"],
            ["Levels, striker", f"{counts}, added (Medium + Medium = Very Fast); the striker's "
             "bow met the other (bow to bow: either)"],
            ["Own bow, ram", _signed(t6["own_bow_ram"]["modifier"]) + " in place of her hull armour, only with a ram "
             "(no ram: her hull armour below)"],
            ["Hull armour", mods(t6["hull_armour"])],
            ["Speed", mods(t6["speed"])],
            ["Struck by", struck_by(t6["struck_by"]) + (f" ({t6['size_by']})" if t6.get("size_by") else "")],
            ["Own arc struck", mods(t6["own_arc"])]]
    h = t6["holed"]
    rows += [["Holed", f"{h['die']} at or under the damage taken (always on {h['always']}, never on {h['never']}): "
                       f"flooding points = {h['flooding']}"],
             ["Paddle wheels", t6["wheels"]],
             [f"Table 7 · lock", f"{lk['lock']['base']} or less on a d10: {mods(lk['lock']['modifiers'])}"],
             [f"Table 8 · free", f"{lk['break_free']['base']} or less on a d10: {mods(lk['break_free']['modifiers'])}"]]
    rows += torpedo_rows(ctx, vessels)
    # what * marks is said in the titles (Table 15's, this one's) and on the readings page, in a line no longer its own
    return [Table(rows, bold_first_col=True, align=["left", "left"], **style("reference_collisions"),
                  title=f"Ramming and torpedoes · Table 6: each vessel {t6['die']} + modifiers = Hull Damage Points taken "
                        "(* ours)")]


def struck_by(mods: dict) -> str:
    """Table 6's struck-by modifiers, each row's shared "Bow of a ... vessel" said once: "the bow of a ram-equipped
    vessel +2, Very Small -4, ..." (one line, not two)."""
    def short(when: str) -> str:
        if when.startswith("Bow of a ") and when.endswith(" vessel"):
            return when[len("Bow of a "):-len(" vessel")]
        return when
    return "the bow of a " + ", ".join(f"{short(k)}{' vessel' if k == next(iter(mods)) else ''} {_signed(v)}"
                                       for k, v in mods.items())


def torpedo_rows(ctx: Context, vessels: list[Derived]) -> list[list[str]]:
    """Torpedo fields and spar torpedoes (reconstructed: the chapter is lost), for the draughts in play; each row
    marked * as reconstructed."""
    t = ctx.tables.require("torpedoes")
    r = t.rows
    draughts = [dr for dr in r["field_strike"] if dr in {d.stats.draught for d in vessels}] or list(r["field_strike"])
    dmg = r["damage"][0]
    rows = [["Torpedo field *", f"test {r['tests']}: strikes on a d10 at "
             + ", ".join(f"{dr} draught {r['field_strike'][dr]}" for dr in draughts) + " or less; speed "
             + ", ".join(f"{k} {_signed(v)}" for k, v in r["speed"].items()) + f"; {r['density']}"],
            ["Fires", f"on {r['fires_on']} or more on a d10, else a dud"],
            ["Explosion", f"under the hull, no armour test: {dmg['hull']} Hull Damage Points and {dmg['flooding']} "
                          "flooding points"],
            ["Spar torpedo", f"pressed home bow-on: explodes on {r['spar_hits_on']} or less on a d10 (damage as "
                             f"above); the attacker takes {r['spar_attacker_flooding']} flooding points"]]
    star = " *" if t.tag() == "reconstructed" else ""
    return [[k.rstrip(" *") + star, v] for k, v in rows]

def _star(t, row=None) -> str:
    """' *' after what is ours (reconstructed), '' after the text's."""
    return " *" if t.tag(row) == "reconstructed" else ""


def misfire_table(ctx: Context, derived: list[Derived]) -> Block:
    """Table 11 for the nations in play: what a natural 10 to hit does."""
    t = ctx.tables.require("misfires")
    r = t.rows
    nations = [n for n in r["by_nation"] if n in {d.stats.nation for d in derived}] or list(r["by_nation"])

    def band(lo: int, hi: int) -> str:
        return str(hi) if lo == hi else f"{lo}–{hi}"

    body = []
    for n in nations:
        b = r["by_nation"][n]
        body.append([n, band(1, b["none"]), band(b["none"] + 1, b["jams"]), band(b["jams"] + 1, b["bursts"])])
    return Stack([Table(body, header=["Nation", "None", "Jams", "Bursts"], **style("reference_misfires"),
                        title="Table 11 · misfire (a natural 10 to hit, even needing 10 or more): roll a d10 by the firer's nation"),
                  Note(f"Jams: / till repaired. Bursts: X; the firer takes "
                       f"{r['burst_damage']} HDP, no armour test (a fort SDP), and a fire "
                       "test marker. Red-hot shot: "
                       f"a jam {r['red_hot_jams'].lower()}. {r['together'][0].upper()}{r['together'][1:]}. A "
                       f"random gun: of those it may be, {random_gun_pick(ctx)} (a 3 is the third, not box 3; {random_gun_round(ctx)}); {random_gun_jam(ctx)}.", **style("reference_note"))],
                 **style("reference_stack"))


def grounding_rows(ctx: Context) -> list[list[str]]:
    """Tables 3-5's modifiers and Table 4 (grounding damage), as rows of the movement table."""
    t3 = ctx.tables.require("running_aground").rows
    t4 = ctx.tables.require("grounding_damage").rows
    t5 = ctx.tables.require("breaking_free").rows
    mods = lambda d: ", ".join(f"{k} {_signed(v)}" for k, v in d.items())  # noqa: E731
    f = t4["flooding"]
    return [["Table 3 modifiers", ", ".join(f"{m['when']} {_signed(m['modifier'])}" + (f" ({m['who']})" if m.get("who") else "")
                                        for m in t3["modifiers"])
             + "; a 1 always grounds, a 10 never"],
            ["Table 4 · damage", f"{t4['die']} + {mods(t4['modifiers'])} = Hull damage (armour does not count); she "
             f"stops (Immobile). Took any: {f['die']} at or under it = {f['points']} flooding point ({f['very_fast']} "
             f"moving Very Fast; {f['always']} always, {f['never']} never)" + (f"; {t4['size_by']}" if t4.get("size_by") else "")],
            ["Table 5 · break free", f"from the next turn, {t5['base']} or less: draught as above, max speed "
             f"{mods(t5['max_speed'])}, flooding {_signed(t5['flooding'])}, each attempt after the first "
             f"{_signed(t5['each_later_attempt'])} more; free: Slow straight ahead. A natural 10: stuck for good (ring "
             "the Aground box); a 1 frees her unless stuck for good"]]


def fire_test_table(ctx: Context) -> Block:
    """The fire test phase, step by step (reconstructed: the chapter is lost)."""
    t = ctx.tables.require("fire_test")
    r = t.rows
    on, out = r["on_fire"], r["out_of_control"]
    star = _star(t)
    top = int(r["die"].lstrip("d"))  # the die's highest face: "on a 10", not "on 10 or more"
    spreads = f"on a {on['spreads_on']}" if on["spreads_on"] >= top else f"on {on['spreads_on']} or more"
    rows = [["Fire test marker" + star, f"{r['die']} for each marker, then remove it: {r['catches_on']} or less she "
             f"is on fire (an On fire marker; {r['already_on_fire']}); cottonclad {_signed(r['cottonclad'])}"
             + (f"; {r['more_markers']}" if r.get("more_markers") else "")],
            ["On fire" + star, (f"{on['first_burns']}: " if on.get("first_burns") else "") + f"{on['damage']} HDP, then {r['die']}: out on {on['out_on']} or less, out of control "
             f"({on.get('spread_marker', 'its marker')}) {spreads}" + (f"; out: {on['put_out']}" if on.get("put_out") else "")],
            ["Out of control" + star, f"{out['damage']} HDP, then {r['die']}: back to on fire on {out['out_on']}, "
             f"magazine explodes on {out['magazine_on']} (Table 15 special 6)"
             + (f"; {out['burns']}" if out.get("burns") else "")]]
    return Table(rows, bold_first_col=True, align=["left", "left"], **style("reference_collisions"),
                 title="Phase 6 · fire test: markers come from a detonated shell, fire criticals, bursts, red-hot shot")


def deflected_shell(ctx: Context) -> str:
    """What a deflected shell does (deflected_shell: ours, or a house rule's), as the end of the Deflected line."""
    t = ctx.tables.require("deflected_shell")
    reading = t.need(t.rows, "reading", "none (no damage) or undetonated (the figure after the slash)")
    within = ctx.tables.require("gunners_driven_off").rows.get("within")  # play 32, moment 6: from what band
    # Play 38, moments 2 and 3: at a fort a deflected shell does its Shell figure after the slash (Fort pierced) and
    # still rolls detonation, which Gunners driven off needs
    # play 43 (sotw30): at a fort's walls none either (fort_targets.deflected_shell_sdp; after: the reading before)
    sdp = ctx.tables.require("fort_targets").rows.get("deflected_shell_sdp", "after")
    figure = "its Shell figure after the slash" if sdp == "after" else "none either"
    fort = (f"; a fort: {figure}; detonation d10: burst{' from ' + within if within else ''},"
            " Gunners driven off" if driven_off_to_hit(ctx) is not None
            else f"; a fort: {figure}")
    if reading == "none":
        return f"; a shell{_star(t)}: nothing (cottonclad: a detonation roll, fire test marker){fort}"
    if reading == "undetonated":
        return (f"; a shell{_star(t)}: its figure after the slash (Table 17; cottonclad: a detonation roll, fire test "
                f"marker){fort}")
    raise ShipyardError(f"table deflected_shell ({t.tag()}): reading is {reading!r}; expected none (a deflected shell "
                        "does no damage) or undetonated (it does the figure after the slash)")


def fort_indirect(ctx: Context) -> str:
    """What indirect fire at a fort (no base to land over) hits (fort_targets.indirect_cm, ours: sotw35 moment 8)."""
    cm = ctx.tables.require("fort_targets").rows.get("indirect_cm")
    if cm is None:
        return ""
    if not cm:
        return "; none at a fort (no base to land on)"
    # the other reading named here, where the rule is read (the readings page has no line to spare: sotw35).
    # play 29, moment 6: the bands whose greatest deviation is inside that distance always strike (at Mobile Bay S,
    # 1d5), which looked like a slip; and such a hit rolls its location d10 as any hit on a fort
    within = num(cm * distance_factor(ctx))
    sure = [band for band, dice in ctx.tables.require("deviation").rows["distance"].items()
            if _most(dice) is not None and _most(dice) * distance_factor(ctx) <= cm * distance_factor(ctx)]
    always = f" (so {'/'.join(sure)} always: a fort is a big mark)" if sure else ""
    return (f"; at a fort: landing within {within} cm of its mark strikes its walls{always}, its location d10 rolled "
            "as any hit's (house rule fort_targets: none)")


def _most(dice: str) -> int | None:
    """The greatest throw of a deviation like 1d5, 2d10 or 1d10+10 (None for any other form)."""
    import re
    m = re.fullmatch(r"(\d+)d(\d+)(?:\+(\d+))?", str(dice).strip())
    return int(m[1]) * int(m[2]) + int(m[3] or 0) if m else None


def rules_table(ctx: Context, vessels: list[Derived], forts: list[Derived]) -> list[Block]:
    """The rules the turn needs that sit in no table (turn_rules), what an empty track does (zero_points) and how a
    partly armoured location is decided. How a fort is shot at is on its own sheet (fort_rules)."""
    tr = ctx.tables.require("turn_rules")
    zp = ctx.tables.require("zero_points")
    pa = ctx.tables.require("partial_armour")
    codes = " ".join(r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows)
    rows = [["Orders log", f"speed {codes} (ring it astern) · manoeuvre Fx ahead, Ax astern, Px / Sx turn to port / "
             f"starboard on the template, x cm each, written in order, adding up to her move (Medium 25: S8 F17, turn 8 "
             f"then 17 ahead) · tactical {TEXT_CODES}; ours: {OUR_CODES} (I, no drift: a target "
             "Immobile, +1, her own fire no firer modifier), MH morale held; a ram is a move into contact"]]
    rows += [[r["rule"] + _star(tr, r), r["text"].replace("{fort_indirect}", fort_indirect(ctx) if forts else "")
              + (deflected_shell(ctx) if r["rule"] == "Deflected" else "")]
             for r in tr.rows]
    if any(d.stats.turret_damage_points for d in vessels):  # after the Gun hit row, the one place it is said
        at = next((k for k, row in enumerate(rows) if row[0].startswith("Gun hit")), len(rows) - 1) + 1
        rows.insert(at, turret_guns_row(ctx))
    more = []  # what empty tracks, (part) armour and forts do: a table of its own, so each starts where it fits
    # the reconstructed ones (turret, structure) are on the readings page, whole
    more += [[f"{r['track']} 0", r["at_zero"]] for r in zp.rows if vessels and zp.tag(r) != "reconstructed"]
    p = pa.rows
    if any(d.stats.kind == "vessel" and d.stats.partial_armour for d in vessels):
        reading = pa.need(p, "reading", "roll (a d10 per hit) or whole (every hit tests the armour)")
        if reading not in ("roll", "whole"):
            raise ShipyardError(f"table partial_armour ({pa.tag()}): reading is {reading!r}; expected roll (a d10 per "
                                "hit on a (part) location) or whole (every hit on it tests the armour)")
        how = ("every hit on it tests the armour" if reading == "whole" else
               f"roll a d10 for each hit on it, a critical testing it too: {pa.need(p, 'armoured_on', 'a d10 roll')} or less strikes its armour, "
               "else it counts U (a critical on other armour: no d10)")
        more.append(["(part) armour" + _star(pa), how])
    return [Table(rows, bold_first_col=True, align=["left", "left"], **style("reference_collisions"),
                  title="The turn's rules (* ours: the text's chapter is lost)"),
            Table(more, bold_first_col=True, align=["left", "left"], **style("reference_collisions"),
                  title="Empty tracks and part armour (* ours)")]


TRACK_WORDS = {"hull": "the Hull (HDP)", "tdp": "the turret's TDP"}


def turret_guns_row(ctx: Context) -> list[str]:
    """Where each kind of hit on a turret's gun puts its Table 17 damage (turret_gun_damage), one row: the hits
    grouped by track, in the table's order (sotw33, moment 3: p21 and p22 said it two ways)."""
    t = ctx.tables.require("turret_gun_damage")
    by: dict[str, list[str]] = {}
    for r in t.rows:
        track = t.need(r, "track", "hull or tdp")
        if track not in TRACK_WORDS:
            raise ShipyardError(f"table turret_gun_damage ({t.tag()}): track is {track!r}; expected hull or tdp")
        by.setdefault(track, []).append(r["hit"])
    star = " *" if any(t.tag(r) == "reconstructed" for r in t.rows) else ""
    return ["Turret guns" + star, "its Table 17 damage, by the hit: "
            + "; ".join(f"{', '.join(hits)}: {TRACK_WORDS[track]}" for track, hits in by.items())]


def reference_blocks(derived: list[Derived], ctx: Context) -> list[Block]:
    vessels = [d for d in derived if d.stats.kind == "vessel"]
    codes = sorted({g.code for d in derived for g in d.stats.guns})
    factor = distance_factor(ctx)
    legend = [Legend([(c, code_words(c, ctx)) for c in codes], title="Gun codes (size word = Table 17 row):",
                     **style("reference_legend"))]
    blocks: list[Block] = [Title(f"{TITLE}: quick reference for the units in play", **style("reference_title")),
                           turn_card(ctx.tables, load_style(STYLE_PATH), title="Table 1 · sequence of play (* ours)"),
                           # each sheet's guns table gives every gun's cm to each band's far edge, its gun-codes
                           # line what the codes mean and its Table 17 her guns' damage: printed once, there
                           speed_table(ctx, factor), to_hit_block(ctx),
                           *([misfire_table(ctx, derived)] if codes else []), *side_by_side(deflection_tables(ctx, codes, derived), natural_deflection(ctx))]
    if vessels:
        # Table 14 is on every sheet, her own column in all four aspects: the reference keeps its room for the turn
        blocks += (movement_tables(ctx, vessels, factor) + critical_tables(ctx)
                   + collision_tables(ctx, vessels) + [fire_test_table(ctx)])
    # what the text leaves open is on the roster page, where the chart stood (sotw37, item 1)
    return blocks + rules_table(ctx, vessels, [d for d in derived if d.stats.kind == "fort"])


def _tight(block: Block, leading: float | None = None) -> Block:
    """The block with its tables' lines `leading` apart (the style's reference_tight unless given), closer than their
    own (same type sizes)."""
    if leading is None:
        leading = style("reference_tight")["leading"]
    if isinstance(block, Table):
        return replace(block, leading=leading, _cache={})
    if isinstance(block, (Stack, Columns)):
        return replace(block, children=[_tight(c, leading) for c in block.children])
    return block


def quick_reference(doc, derived: list[Derived], ctx: Context) -> None:
    """One page (or more if needed) of only the tables the units in play use: closed up (tables' leading, gaps)
    when that takes a page fewer, as on Letter for Mobile Bay (the style's reference_tight)."""
    flowing, tight = style("reference_flow"), style("reference_tight")
    blocks = reference_blocks(derived, ctx)
    box = doc.content_for(False)
    closed = [_tight(b, tight["leading"]) for b in blocks]
    fill = [flowing.get("fill", False)] * len(blocks)  # counted by the flow's own rule: a long table begins in the room left
    if (flow_pages(closed, box.w, box.h, tight["gap"], fill=fill)
            < flow_pages(blocks, box.w, box.h, flowing["gap"], fill=fill)):
        blocks, flowing = closed, {**flowing, "gap": tight["gap"]}
    flow = Flow(doc, **flowing)
    for k, block in enumerate(blocks):
        flow.add(block, bookmark="Quick reference" if k == 0 else None, new_page=k == 0)
