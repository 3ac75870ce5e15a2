"""Issue 22, Saunders: the whole turn on paper. Each test closes a finding of the play review
(/work/shared/reviews/play-sotw-saunders.md, section 1b, the Saunders turns of section 2 and the top-10 items naming
it) and reads the answer back from the printed pack (pdfium text of the bundled packs) or from the sheet's blocks."""

from __future__ import annotations

import re

import pytest
from conftest import inside_outline, pdf_page_texts, pdf_text

from shipyard.render.tags import recorded, walk
from shipyard.render.kit import OrdersLog
from shipyard.render.text import number
from shipyard.rules import get_ruleset
from shipyard.rules.saunders.reference import FORT_READINGS, sections
from shipyard.library.setup import NO_FACE
from shipyard.rules.saunders.sheet import draught_words, sheet

RS = get_ruleset("saunders")
SHEET_MARK = "To hit 5+ on D6 per gun"


def flat(text: str) -> str:
    return " ".join(text.split())


def pack_texts(bundled_packs, scenario: str = "mobile-bay-1864", paper: str = "a4") -> list[str]:
    from conftest import pdf_page_texts

    return [flat(t) for t in pdf_page_texts(bundled_packs.get(scenario, "saunders", paper).path)]


ROSTER_PART = "Quick reference (the rest at the end of the pack)"  # the reference's tables on the roster page (s35)


def reference_text(texts: list[str]) -> str:
    """The quick reference's pages and the readings after them, as one text, after the tables of it printed on the
    roster page."""
    at = next(k for k, t in enumerate(texts) if "Quick reference" in t and "Sequence of play" in t)
    roster = next((t.split(ROSTER_PART, 1)[1] for t in texts[:at] if ROSTER_PART in t), "")
    return " ".join([roster, *texts[at:]])


def block_text(blocks) -> str:
    return flat(" ".join(t for b in blocks for t in b.texts()))


@pytest.mark.parametrize("scenario", ["mobile-bay-1864", "memphis-1862", "hampton-roads-1862"])
def test_quick_reference_prints_the_sequence_of_play_and_who_may_fire_in_each_phase(bundled_packs, scenario):
    """Finding: no turn sequence in the pack (top-10 #4; section 2 "the turn sequence isn't printed")."""
    ref = reference_text(pack_texts(bundled_packs, scenario))
    assert "Sequence of play" in ref
    for row in RS.tables().require("sequence_of_play").rows:
        assert flat(row["phase"]) in ref and flat(row["does"]) in ref, row["phase"]
    assert "ships that did not turn" in ref and "guns not yet fired" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_page_heads_with_the_turn_strip(bundled_packs, paper):
    """Finding: the half move, turn, fire, move on, fire rhythm is on no sheet page (issue: a strip on every sheet)."""
    pages = [t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t]
    assert len(pages) >= 10
    phases = [r["phase"] for r in RS.tables().require("sequence_of_play").rows]
    for page in pages:
        assert page.count("Turn: 1 Plot") == 1, page[:200]
        for k, p in enumerate(phases, 1):
            assert f"{k} {p}" in page, (p, page[:200])
        assert "▸ fire: ships that did not turn" in page and "▸ fire: guns not yet fired" in page


@pytest.mark.parametrize("scenario", ["memphis-1862", "mobile-bay-1864"])
def test_ramming_procedure_is_printed_where_rams_fight(bundled_packs, scenario):
    """Finding: the Memphis QR prints torpedo tables and not the ramming procedure: bow/broadside/stern geometry,
    speed sum or difference, specials, ram-bow and paddle tests, the halt, no firing after a collision (top-10 #9)."""
    ref = reference_text(pack_texts(bundled_packs, scenario))
    for words in ("Ramming: step by step", "within 45° of the perpendicular", "glancing blow", "Bow to bow",
                  "the two speeds added", "stern ram: the difference", "5–6 loses a gun", "4–6 with a ram bow",
                  "loses her ram bow if a D6 scores less than the hull damage", "a paddle on the side struck is lost",
                  "neither ship fires for the rest of the move", "both halt and stay halted next move",
                  "2 kn of current speed per special", "Uncontrolled = abandoned, surrendered or no hull left"):
        assert words in ref, words


def test_damage_follow_ups_are_printed(bundled_packs):
    """Findings: "deductions first, then fractions"; the sinking roll at no hull; surrender; abandoned; the torpedo
    screw-loss test; grounding's bottom modifiers and holes (1b; top-10 #9)."""
    ref = reference_text(pack_texts(bundled_packs))
    for words in ("knots lost first, then the hull fraction", "D6 per unrepaired hole, a 6 sinks her",
                  "she surrenders: speed 0", "Abandoned drifts to a halt", "a D6 of no more than the specials destroys the screw",
                  "On mud or sand (a shoal, unless the set-up says rocks): −1; each special holes her on D6 6+", "On rocks: +1; each special holes her on D6 4+",
                  "End of turn (step 7)", "every gun that fired reloads"):
        assert words in ref, words


def test_no_sheet_or_chit_says_a_ship_sinks_at_zero_hull(bundled_packs):
    """Finding: "Holes (sink at 0 hull)" and the HOLE chit's "sinks at 0 hull" are wrong: at no hull she rolls a 6 per
    hole each turn."""
    texts = pack_texts(bundled_packs)
    whole = " ".join(texts)
    assert "sink at 0 hull" not in whole and "sinks at 0 hull" not in whole
    sheets = [t for t in texts if SHEET_MARK in t and "Holes" in t]
    assert sheets and all("Holes (no hull: a 6 each sinks)" in t for t in sheets)
    assert "no hull: a 6 sinks" in whole  # the chit


def test_every_ship_sheet_has_surrendered_abandoned_and_sunk_boxes(library):
    """Findings: no "Surrendered" box, no "Abandoned" box, and a magazine that explodes (26) had nowhere to go (1b)."""
    ctx = RS.context(library)
    for _, unit in library.scenario_units(library.scenario("mobile-bay-1864")):
        d = RS.derive(unit, ctx)
        found = set(recorded(sheet(unit, d, ctx)))
        assert ({"surrendered", "abandoned", "sunk"} <= found) != d.stats.fort, unit.name


@pytest.mark.parametrize("scenario", ["mobile-bay-1864", "memphis-1862", "hampton-roads-1862"])
def test_orders_log_rows_are_five_mm_and_twin_turrets_get_a_column_each(library, scenario):
    """Findings: orders-log rows 3.3 mm, too small for a pencil; Winnebago and Chickasaw get one Turret column for
    two turrets (top-10 #6)."""
    ctx = RS.context(library)
    ctx.scenario = library.scenario(scenario)
    twins = 0
    for _, unit in library.scenario_units(ctx.scenario):
        d = RS.derive(unit, ctx)
        logs = [b for b in walk(sheet(unit, d, ctx)) if isinstance(b, OrdersLog)]
        if d.stats.fort:
            continue
        (log,) = logs
        assert log.row_height() >= 5.0, unit.name
        turrets = {g.turret for g in d.stats.guns if g.turret}
        if len(turrets) > 1:
            twins += 1
            assert {t.title() for t in turrets} <= set(log.header), (unit.name, log.header)
            assert "Turret" not in log.header
    assert twins >= 2 or scenario != "mobile-bay-1864"


def test_readings_page_lists_every_reconstruction_and_its_options_are_tables(bundled_packs):
    """Finding: no page says which rules are our readings (fort firing, repairs, lashed pairs ...); where the text
    allows two readings, both exist as a house-rule option."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "What the text leaves open" in ref
    tables = RS.tables()
    for row in tables.readings():  # each reading with its numbers filled from the tables (rules.readings)
        said = FORT_READINGS.get(row["rule"]) or row["reading"]  # a fort's readings: said once, in the Forts table (s11)
        assert flat(row["rule"]) in ref and flat(said) in ref, row["rule"]
        if row["option"]:
            tables.require(row["option"])  # the option is a table a house-rules file switches


def test_house_rules_switch_the_fort_reading_and_the_optional_ramming_modifiers(library, tmp_path):
    """The two readings exist: fort_fire's stationary modifiers, and the text's optional ramming modifiers."""
    def reference(house: str | None) -> str:
        path = None
        if house:
            path = tmp_path / "house.yaml"
            path.write_text(house)
        ctx = RS.context(library, house_rules=path)
        derived = [RS.derive(u, ctx) for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
        return block_text(sections(derived, ctx))

    plain = reference(None)
    assert "not as a stationary firer" in plain and "as a stationary firer +1" not in plain and "(optional)" not in plain
    switched = reference("saunders:\n  fort_fire: {rows: {stationary_firer: true}}\n"
                         "  ram_options: {rows: {use: true}}\n")
    assert "as a stationary firer +1" in switched and "Fired at ships firing at her +1: a fort is a stationary target" in switched
    assert "Ramming or glancing and not stationary (optional)" in switched


# Where a table row sends the player to a further roll or rule, the words that send him, and the heading of the
# printed rule they send him to.
FURTHER = {"D66": "Critical hits (D66)", "ramming table": "Ramming / grounding / torpedo damage",
           "hole marker": "Damage, sinking and surrender", "until repaired": "End of turn (step 7)"}


def test_every_phase_and_every_row_that_names_a_further_roll_points_to_a_printed_rule(bundled_packs):
    """Every phase of the sequence names (`see`) a rule printed in the pack, and every table row that sends the player
    to a further roll finds that roll printed."""
    texts = pack_texts(bundled_packs)
    whole = " ".join(texts)
    tables = RS.tables()
    for row in tables.require("sequence_of_play").rows:
        assert row["see"] and row["see"] in whole, row
    sent = set()
    for name in ("penetration_result", "criticals", "torpedo_strike"):
        for row in tables.require(name).rows:
            for words, heading in FURTHER.items():
                if words in str(row.get("effect", "")):
                    assert heading in whole, (name, row)
                    sent.add(words)
    assert sent == set(FURTHER)


def test_a_broadside_battery_prints_a_line_and_its_boxes_for_each_side(bundled_packs):
    """Finding: Brooklyn's 20 broadside boxes sit in one row, "10 a side": a player cannot tell port guns from
    starboard (1b; "Also seen")."""
    brooklyn = next(t for t in pack_texts(bundled_packs) if "USS Brooklyn" in t and SHEET_MARK in t)
    assert "9-inch Dahlgren smoothbore 10 4 port 10°" in brooklyn
    assert "9-inch Dahlgren smoothbore 10 4 starboard 10°" in brooklyn
    assert "a side)" not in brooklyn


def test_speed_chits_do_not_run_out_when_the_line_steams_at_one_speed(library, bundled_packs):
    """Finding: three chits of each whole knot for 22 ships at Mobile Bay: fourteen ships in line at one speed
    exhaust them in turn 1. Now a chit of each speed for every four ships that can make it, and the reference says a
    line at one speed needs only its leader's."""
    from collections import Counter

    from shipyard.rules.saunders.counters import chits

    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    ships = [d.stats for _, _, d in units if not d.stats.fort]
    ahead = Counter(big for big, _, kind in chits(units, ctx) if kind == "speed")
    for knots in range(0, 7):
        able = sum(1 for s in ships if s.max_speed_kn >= knots)
        assert ahead[str(knots)] >= -(-able // 4) and ahead[str(knots)] >= 5, (knots, ahead[str(knots)])
    assert "A line at one speed, each on her own plot: chits one, on its leader" in reference_text(pack_texts(bundled_packs))


def test_tennessee_says_which_rating_a_six_on_hit_location_uses(bundled_packs):
    """Finding: Tennessee's 'Steering 0' under the plan beside hit location 6 'Pilot house / Steering': which does a 6
    use? The sheet now ties the Steering rating to location 6."""
    tennessee = next(t for t in pack_texts(bundled_packs) if "CSS Tennessee" in t and SHEET_MARK in t)
    assert "6: Steering 0" in tennessee  # s37: each rating after the roll that uses it ("hit on 4, 5: ... · 6: ...")


def test_a_fort_sheet_says_how_a_fort_fights(library, bundled_packs):
    """Findings: whether a fort counts as a stationary firer, what hull 0 does, "sited 90°" with nowhere to say where
    (1b forts; top-10 #10). A fort whose set-up names no faces (Fort Powell's sheet, printed alone since she takes
    no part at Mobile Bay) says where her guns bear."""
    fort = next(t for t in pack_texts(bundled_packs) if "Fort Morgan" in t and SHEET_MARK in t)
    for words in ("it fires in step 4", "guns at one ship a turn (steps 4 and 6 together): channel fronts 5 of 20, bay front 2 of 8", "ships firing at her: +1 (a stationary target)",
                  "no hull left: silenced"):
        assert words in fort, words
    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    powell = library.units["fort-powell"]
    assert "each face bears over the set-up page's arc" in block_text(walk(sheet(powell, RS.derive(powell, ctx), ctx)))


def test_no_counter_text_under_six_points(library, tmp_path):
    """Finding: the ASTERN band on the Saunders astern chits was set at 5.5 pt (print craft)."""
    import pdfplumber

    from conftest import in_process

    path = tmp_path / "c.pdf"

    r = in_process("counters", "mobile-bay-1864", "--rules", "saunders", "-o", str(path))
    assert r.code == 0, r.err
    with pdfplumber.open(path) as pdf:
        sizes = {round(c["size"], 2) for p in pdf.pages for c in p.chars if c["text"].strip()}
    assert min(sizes) >= 6.0, sorted(sizes)[:5]


def test_the_play_through_s_own_questions_are_answered_in_the_pack(bundled_packs):
    """Found playing three turns of Mobile Bay from the pack (report): does a ship hit in step 4 still fire in step 4,
    and what location and armour does a hit on Fort Morgan use? Both are now readings on the reference."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "Fire in one phase simultaneous: damage counts once every ship in the phase has fired" in ref
    assert "every location is the walls" in ref and "Hits on a fort" in ref


def test_torpedo_tables_only_where_the_set_up_can_have_torpedo_fields(library):
    """Finding: the Memphis reference prints torpedo-field tables for a battle with no torpedoes (top-10 #9). A
    scenario whose set-up page draws its ground and no torpedo field now gets none; one with a field (Mobile Bay's
    torpedo line), or with no set-up to say, keeps them."""
    ctx = RS.context(library)
    scen = library.scenario("mobile-bay-1864")
    derived = [RS.derive(u, ctx) for _, u in library.scenario_units(scen)]

    def reference(scenario) -> str:
        ctx.scenario = scenario
        return block_text(sections(derived, ctx))

    assert "Torpedo fields: 2D6 per inch moved" in reference(scen)
    assert "Torpedo fields: 2D6 per inch moved" in reference(scen.model_copy(update={"setup": None}))  # none to say
    assert "Torpedo fields" not in reference(library.scenario("memphis-1862"))  # its set-up has no torpedoes
    no_field = scen.model_copy(update={"setup": scen.setup.model_copy(update={"torpedo_fields": []})})
    text = reference(no_field)
    assert "Torpedo fields" not in text and "Torpedo strike (1D6)" not in text
    assert "Ramming: step by step" in text


# Round 2 of issue 22: the play-through's rulebook moments the text leaves open, each a reading on the readings page
# (rule, the words that answer the player). Finding numbers are the round-2 player report's.
ROUND_2_READINGS = {
    "1, 13: which section a hit strikes, what a 4-6 does, the gun nearest": [
        ("Section hit", "facing the firer: within 45° of her ahead, astern: bow, stern; else midships"),
        ("Hits 4–6", "no hull lost, the result's D66 only"), ("Gun nearest", "one in the section hit")],
    "7: a shot needing 7+": [("Sure rolls", "a 6 always hits")],  # play 43 (sau30), moment 6
    "5: turning at 0 kn": [("0 kn turns", "plot 1 kn or more to turn")],
    "4: a friend run into, the rammer after a stern ram": [
        ("Collisions", "with a friend as any (stopped: 0 kn)")],
    "9, 10: torpedo tests per inch, both sides, no guns": [
        ("Torpedoes", "a part inch where the bow leaves it or ends the move; both sides test; specials take no guns")],
    "8: fires spreading, put out, on a struck ship": [("Fires", "never spreads; end of turn D6 each, 6 puts it out")],
    "3: the lashed gunboat carrying a stopped sloop": [("Sloop carried", "half the gunboat's top speed, less damage")],
    "6: where port bow and port quarter lie": [("Arc names", "centred 45° off ahead, astern")],
}


@pytest.mark.parametrize("finding", list(ROUND_2_READINGS))
def test_round_2_rulebook_moments_are_readings_on_the_pack(bundled_packs, finding):
    """Found playing three turns of Mobile Bay from the A4 pack (round 2): each moment the text leaves open is now a
    row of the reconstructions table, printed on the readings page."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = {r["rule"]: r for r in RS.tables().readings()}  # their numbers filled from the tables
    for rule, words in ROUND_2_READINGS[finding]:
        assert rule in rows and words in rows[rule]["reading"], (rule, words)
        assert f"{flat(rule)} {flat(rows[rule]['reading'])}" in ref or (flat(rule) in ref and words in ref), rule


def test_the_reference_and_the_sheets_agree_that_light_guns_have_no_long_range(library):
    """Defect (round 2): the reference's guns table gave strength-1 guns 24 in and strength-2 30 in at Long while the
    sheets said "none" for the 12-pdr howitzer and the 24-pdr, under a heading saying light guns have no Long. A
    light gun now has a row of its own with Long "none", as on its sheet."""
    from shipyard.render.tags import walk as walk_blocks
    from shipyard.render.table_block import Table

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    derived = [RS.derive(u, ctx) for _, u in library.scenario_units(ctx.scenario)]
    light = {g.name for d in derived for g in d.stats.guns if g.light}
    assert light and all(g.ranges_in.long is None for d in derived for g in d.stats.guns if g.light)
    (table,) = [b for top in sections(derived, ctx) for b in walk_blocks(top) if isinstance(b, Table) and b.header
                and list(b.header)[:4] == ["Str", "PB", "Eff", "Long"]]
    def longs(name: str) -> set[str]:
        return {str(row[3]) for row in table.rows if f", {name}, " in f", {row[4]}, "}

    assert {name: longs(name) for name in light} == {name: {"none"} for name in light}
    assert all("none" not in longs(g.name) for d in derived for g in d.stats.guns if not g.light)


def test_every_ship_sheet_prints_her_draught_in_feet(library, bundled_packs):
    """Finding 11 (round 2): "a ship drawing more than the depth grounds", but no sheet gave a draught. Each ship's
    sheet now prints the library's draught in feet beside her propulsion; a fort has none."""
    from shipyard.render.text import number

    ctx = RS.context(library)
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    ships = [u for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))
             if not RS.derive(u, ctx).stats.fort]
    assert len(ships) >= 20
    for unit in ships:
        d = RS.derive(unit, ctx)
        assert d.stats.draught_ft == unit.draught_ft, unit.name
        page = next(t for t in texts if unit.name in t)
        assert f"Propulsion: {d.stats.drive} · Draught {draught_words(d.stats.draught_ft)} ft" in page, unit.name


def test_a_turret_s_one_step_a_turn_is_given_in_degrees(bundled_packs):
    """Defect (round 2): the turret note's "one step a turn" never said how far a step is. It is one of the turret
    table's 90° arcs, to the next arc, and every monitor's sheet says so."""
    step = RS.tables().require("turret_arcs").rows["width_deg"]
    monitors = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t and "Turret" in t and "plot" in t]
    assert len(monitors) >= 2  # Tecumseh and Manhattan, Winnebago and Chickasaw
    for page in monitors:
        assert f"one step ({step}°, to the next arc) a turn" in page, page[:80]
        assert "one step a turn" not in page


def test_a_screw_has_a_box_for_the_critical_and_one_for_the_torpedo(library, bundled_packs):
    """Defect (round 2): Winnebago's critical 53-56 (screw −2 kn) and a torpedo's screw test (screw gone, she drifts)
    both needed her single "Screw lost" box. A screw, stern or centre wheel now has a box for each."""
    from shipyard.render.tracks import Checkboxes

    ctx = RS.context(library)
    unit = next(u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name == "USS Winnebago")
    boxes = {label: n for b in walk(sheet(unit, RS.derive(unit, ctx), ctx)) if isinstance(b, Checkboxes)
             for label, n in b._items()}
    assert boxes[SCREW] == 2
    winnebago = next(t for t in pack_texts(bundled_packs) if "USS Winnebago" in t and SHEET_MARK in t)
    assert SCREW in winnebago and "Screw lost" not in winnebago


SCREW = "One screw: −2 kn a hit (1st box), 2nd box torpedo: drifts −2 kn a turn"


def test_each_screw_box_says_which_outcome_it_marks(bundled_packs):
    """Replay 6, defect b: "Screw: hit (−2 kn) / torpedoed (drifts)" with two boxes read as if the second box could be
    a second hit. Every screw ship's sheet now names the box for each outcome."""
    sheets = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t and "Propulsion: screw" in t]
    assert len(sheets) >= 8
    for page in sheets:
        assert SCREW in page and "Screw: hit (−2 kn) / torpedoed" not in page, page[:80]


def test_the_counters_have_struck_and_sunk_markers(library, tmp_path):
    """Defect (round 2): the counters had no struck or sunk marker, though a struck ship stays on the table at speed
    0 and a wreck is a place ships can collide with. Now two of each at the least, one for every eight ships."""
    import math

    import pdfplumber

    from conftest import in_process
    from shipyard.rules.saunders.counters import SHIPS_PER_FATE_MARKER, chits

    path = tmp_path / "c.pdf"
    r = in_process("counters", "mobile-bay-1864", "--rules", "saunders", "-o", str(path))
    assert r.code == 0, r.err
    words = pdf_text(path, " ").split()
    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    ships = sum(1 for _, _, d in units if not d.stats.fort)
    want = max(2, math.ceil(ships / SHIPS_PER_FATE_MARKER))
    assert sum(1 for *_, kind in chits(units, ctx) if kind == "struck") == want
    assert words.count("STRUCK") >= want and words.count("SUNK") >= want


def test_the_reference_s_turn_ladder_lists_only_the_turns_a_gauge_is_cut_for(bundled_packs, library):
    """Defect (round 2): the reference's turn ladder listed 90°, but no ship at Mobile Bay turns 90° and the pack has
    no 90° gauge. The ladder now lists the angles the pack's turn gauges are cut for."""
    texts = pack_texts(bundled_packs)
    gauges = next(t for t in texts if "Turn gauges" in t and "kn" in t and "Quick reference" not in t)
    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    from shipyard.rules.saunders.templates import turns_in_play

    angles = turns_in_play(ctx)
    assert 90 not in angles and all(f"{a}°" in gauges for a in angles)
    import re

    printed = re.search(r"spar deployed: −1 step ((?:\d+ )+)", reference_text(texts)).group(1).split()
    assert printed == [str(a) for a in angles]


# Round 3 of issue 22: the replay's rulebook moments (/work/notes/s5/moments-saunders.md), in the order of harm.


def fort_gun_lines(library, fort_id: str) -> list[tuple[str, int, str]]:
    """(gun, how many, where it bears) for each line of a fort's guns table on its Mobile Bay sheet, and each gun the
    line under it counts on no face drawn."""
    import re

    from shipyard.render.kit import GunTable

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    unit = library.units[fort_id]
    made = sheet(unit, RS.derive(unit, ctx), ctx)
    (table,) = [b for b in walk(made) if isinstance(b, GunTable)]
    # the guns on no face drawn are one line under the table (replay s26), each counted there: "N × name"
    idle = flat(block_text([made])).split("bearing on no ship (never fired, and no critical takes one: no boxes): ")
    idle = [part.split(" × ", 1) for part in re.match(r"(.*?)\.(?:\s|$)", idle[1]).group(1).split(", ")] if len(idle) > 1 else []
    return [(row[0], int(row[1]), row[4]) for row in table.rows] + [(name, int(n), NO_FACE) for n, name in idle]


def test_fort_morgan_s_sheet_puts_each_gun_on_its_front(library, bundled_packs):
    """Moment 1 (round 3): the set-up page counts Fort Morgan's guns by front, but her sheet listed all 32 as "sited
    90°": a player had to work out which guns may fire at a ship in the channel. Her sheet now has a line for each gun
    on each front, with the front's arc, and the 4 that stand on no front drawn bear on no ship."""
    lines = fort_gun_lines(library, "fort-morgan")
    by_face: dict[str, int] = {}
    for _, n, where in lines:
        by_face[where] = by_face.get(where, 0) + n
    assert by_face == {"channel fronts 170–330°": 20, "bay front 330–030°": 8, "on no face drawn: bears on no ship": 4}
    assert ("10-inch columbiad", 6, "channel fronts 170–330°") in lines
    assert ("24-pounder smoothbore gun", 4, "bay front 330–030°") in lines
    assert all("sited" not in where for *_, where in lines)
    page = next(t for t in pack_texts(bundled_packs) if "Fort Morgan" in t and SHEET_MARK in t)
    assert "32-pounder seacoast gun (army) 8 2 channel fronts 170–330°" in page
    assert "32-pounder seacoast gun (army) 4 2 bay front 330–030°" in page


def test_a_face_naming_guns_the_fort_lacks_is_refused_with_file_line_and_field(tmp_path):
    """The faces' guns (moment 1's data) are checked: a gun the fort does not mount, more of a gun than it mounts, or
    a battery that disagrees with the face's count is an error naming the file, line and field, never a traceback."""
    from console_script import shipyard

    scenario = """\
id: bad-faces
name: Bad faces
place: Mobile Bay
date: '1864-08-05'
sides:
  - {name: Union, navy: USN, units: [{id: uss-hartford}]}
  - {name: Confederate, navy: CSN, units: [{id: fort-morgan}, {id: fort-gaines}]}
setup:
  area: {width_yd: 4000, depth_yd: 3000}
  starts:
    uss-hartford: {at: [500, 200], heading: 0}
    fort-morgan: {at: [3500, 2500], arcs: [{from: 180, to: 300, battery: {columbiad-15in: 2, columbiad-10in: 7}}]}
    fort-gaines: {at: [500, 2500], arcs: [{from: 40, to: 150, count: 3, battery: {columbiad-10in: 2}}]}
"""
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "bad-faces.yaml").write_text(scenario, encoding="utf-8")
    run = shipyard("validate", cwd=tmp_path)
    err = run.stderr.decode()
    assert run.returncode == 2 and "Traceback" not in err, err
    line = next(i for i, text in enumerate(scenario.splitlines(), 1) if "fort-morgan: {at" in text)
    assert (f"ships/bad-faces.yaml:{line}: setup.starts.fort-morgan.arcs[0].battery.columbiad-15in: "
            "fort-morgan mounts no 'columbiad-15in'") in err, err
    assert "its faces place 7 columbiad-10in, but fort-morgan mounts 6" in err, err
    assert "battery names 2 guns, but count says 3" in err, err


def test_fort_gaines_s_sheet_fires_only_her_two_east_face_columbiads(library, bundled_packs):
    """Moment 2 (round 3): Mobile Bay's special rule lets only Fort Gaines's two 10in columbiads on the east face fire,
    but her sheet listed all 27 guns "sited 90°". Now two columbiads stand on the east face with its arc and every
    other gun bears on no ship, as the special rule says."""
    lines = fort_gun_lines(library, "fort-gaines")
    assert [line for line in lines if "bears on no ship" not in line[2]] == [("10-inch columbiad", 2, "east face 040–150°")]
    assert sum(n for _, n, _ in lines) == 27
    page = next(t for t in pack_texts(bundled_packs) if "Fort Gaines" in t and SHEET_MARK in t)
    assert "10-inch columbiad 2 5 east face 040–150°" in page
    assert ("Also mounted, on no face drawn: 25 guns bearing on no ship (never fired, and no critical takes one: no "
            "boxes): 1 × 10-inch columbiad, 4 × Rifled and banded 32-pounder (6.4-inch), 12 × 32-pounder seacoast gun "
            "(army), 8 × 24-pounder smoothbore gun.") in page
    assert "on no face drawn: bears on no ship" not in page  # not a row each (replay s26)


def test_the_turn_card_says_a_turn_costs_no_distance(bundled_packs):
    """Moment 10 (round 3): how much of a move does a turn use? The turn gauges' arms are marked in knots, and the
    player took them for a distance the turn costs. Step 3 on the turn card now says the ship pivots on her centre
    and the turn costs no distance: the half move before it and the move on after it are her whole plotted move."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "3 Turn ships that plotted a turn make it on their turn gauge, pivoting on the centre: a turn costs no distance" in ref


# The round-3 moments the text leaves open: each a row of the reconstructions table, printed on the readings page
# (rule, the words that answer the player). Moment numbers are the round-3 replay's.
ROUND_3_READINGS = {
    "6: an explosion beside a lashed partner": [("Explosion", "a lashed partner is cut free and rolls once on the ramming damage table")],
    "7: a bow-to-bow ram's paddle damage": [("End-on ram", "bow to bow or a stern ram strikes no side: no paddle test")],
    "4: a column set up closer than a model's length": [("Start positions", "lay each just astern of the one ahead, in order")],
    "3: whether a start position is a ship's bow or her centre": [("Start positions", "the set-up's point is her centre")],
    "9: firing past one's own lashed partner": [("Past a partner", "a line of fire meeting her partner's hull is blocked")],
    "5: a collision in the half move": [("Collision in the half move", "resolve it at once where they meet"), ("Collision in the half move", "neither fires this turn")],
    "11: whether a ship that strikes moves on": [("Struck", "she stops at once, powerless"), ("Struck", "only a scenario's tide moves her, 1 in a turn its way"),
                                                  ("Struck", "fires no more after this phase")],
    "8: location 4–6 on a wooden ship, which has no such rating": [("Hits 4–6", "none on her sheet: the section hit's")],
}


@pytest.mark.parametrize("moment", list(ROUND_3_READINGS))
def test_round_3_rulebook_moments_are_readings_on_the_pack(bundled_packs, moment):
    """Found replaying three turns of Mobile Bay from the A4 pack (round 3): each moment the text leaves open is now a
    row of the reconstructions table, printed on the readings page."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = {r["rule"]: r for r in RS.tables().require("reconstructions").rows}
    for rule, words in ROUND_3_READINGS[moment]:
        assert rule in rows and words in rows[rule]["reading"], (rule, words)
        assert flat(rule) in ref and flat(words) in ref, rule


def expected_fort_volley(library, house=None, target_id: str = "uss-brooklyn") -> tuple[float, int]:
    """The hull a full step-4 volley from Fort Morgan's channel fronts and the water battery takes off a wooden sloop
    at effective range, on average, each face firing its best guns at her (as many as may fire at one ship): from the
    (house-ruled) tables, the faces' guns the set-up names and the sloop's armour. And her hull."""
    from shipyard.rules.saunders.derive import guns_at_one_ship

    ctx = RS.context(library, house_rules=house)
    ctx.scenario = library.scenario("mobile-bay-1864")
    t = ctx.tables
    target = RS.derive(library.units[target_id], ctx).stats
    mods = {m["when"]: int(m["mod"]) for m in t.to_hit.rows["modifiers"]}
    pen = {m["when"]: int(m["mod"]) for m in t.penetration.rows["modifiers"]}
    bands = t.penetration_result.rows
    stationary = mods["Firer stationary"] if t.require("fort_fire").rows["stationary_firer"] else 0

    def per_gun(g) -> float:
        rifle = g.rifled
        need = int(t.to_hit.rows["needed"]) - stationary - (mods["Rifle"] if rifle else 0)
        p_hit = min(6, max(0, 7 - need)) / 6
        faces = t.penetration.rows["dav_faces"]
        totals = [d + g.strength - target.armour.midships + (pen["Rifle"] if rifle else 0) for d in faces]
        hull = [[b for b in bands if b["min_total"] <= x][-1]["hull"] for x in totals]
        return p_hit * sum(hull) / len(hull)

    total = 0.0
    for fort_id, face_name in (("fort-morgan", "channel fronts"), ("fort-morgan-water-battery", "the beach battery")):
        unit = library.units[fort_id]
        s = RS.derive(unit, ctx).stats
        face = next(a for a in ctx.scenario.setup.starts[fort_id].arcs if a.guns == face_name)
        guns = []
        for gun_id, n in face.battery.items():
            g = next(g for m, g in zip(unit.armament, s.guns) if m.gun == gun_id)
            guns += [per_gun(g)] * n
        total += sum(sorted(guns, reverse=True)[:guns_at_one_ship(t, len(guns))])
    return total, target.hull


def test_fort_morgan_hurts_a_wooden_sloop_but_does_not_sink_her_in_one_volley(library, tmp_path):
    """Balance (round 3, both replays): Fort Morgan at +1 as a stationary firer, every gun of a face at one ship, took
    a 22-hull sloop in one volley (Brooklyn struck in turn 1). Historically the wooden line passed under the fort hit
    again and again, and no ship was lost to it. The fort now fires as no stationary firer and at most a quarter of a
    face's guns (at least two) at any one ship: a full volley's penetration results come to well under half a sloop's
    hull (before a location of 4-6 spares it: see the dice below), and the literal reading (a house rule) still sinks her."""
    hurt, hull = expected_fort_volley(library)
    assert hull * 0.15 < hurt < hull * 0.4, (hurt, hull)
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  fort_fire: {rows: {stationary_firer: true, one_ship_share: 1}}\n")
    literal, _ = expected_fort_volley(library, house)
    assert literal > hull, literal


class Dice:
    """Volleys rolled with dice, by the printed procedure: 1D6 to hit, 1 DAV for penetration, 1D6 for location, D66
    for a critical (14 costs a hull box more); each hit's hull from the (house-ruled) tables."""

    def __init__(self, library, seed: int = 1864):
        import random

        self.rng = random.Random(seed)
        self.ctx = RS.context(library)
        self.ctx.scenario = library.scenario("mobile-bay-1864")
        self.library, t = library, self.ctx.tables
        self.t = t
        self.to_hit = {m["when"]: int(m["mod"]) for m in t.to_hit.rows["modifiers"]}
        self.pen = {m["when"]: int(m["mod"]) for m in t.penetration.rows["modifiers"]}
        self._stats: dict = {}

    def stats(self, unit_id: str):
        if unit_id not in self._stats:
            self._stats[unit_id] = RS.derive(self.library.units[unit_id], self.ctx).stats
        return self._stats[unit_id]

    def hull_of_one_gun(self, g, armour: int, bonus: int) -> int:
        t, d6 = self.t, lambda: self.rng.randint(1, 6)
        if d6() + bonus + (self.to_hit["Rifle"] if g.rifled else 0) < int(t.to_hit.rows["needed"]):
            return 0
        total = self.rng.choice(t.penetration.rows["dav_faces"]) + g.strength - armour + (self.pen["Rifle"] if g.rifled else 0)
        row = [b for b in t.penetration_result.rows if b["min_total"] <= total][-1]
        roll = d6()
        where = next(r for r in t.hit_location.rows if roll in r["roll"])
        hull = int(row["hull"]) if where.get("hull", True) else 0
        return hull + (row["critical"] and d6() * 10 + d6() == 14)

    def fort_volley(self, target_id: str) -> int:
        """Fort Morgan's channel fronts and the water battery at one sloop: each face's best guns, as many as may."""
        from shipyard.rules.saunders.derive import guns_at_one_ship

        ff = self.t.require("fort_fire").rows
        bonus = self.to_hit["Firer stationary"] if ff["stationary_firer"] else 0
        armour, hurt = self.stats(target_id).armour.midships, 0
        for fort_id, guns in self.fort_faces:
            for g in guns[:guns_at_one_ship(self.t, len(guns))]:
                hurt += self.hull_of_one_gun(g, armour, bonus)
        return hurt

    @property
    def fort_faces(self):
        if not hasattr(self, "_faces"):
            self._faces = []
            for fort_id, face_name in (("fort-morgan", "channel fronts"), ("fort-morgan-water-battery", "the beach battery")):
                unit, s = self.library.units[fort_id], self.stats(fort_id)
                face = next(a for a in self.ctx.scenario.setup.starts[fort_id].arcs if a.guns == face_name)
                guns = [g for gun_id, n in face.battery.items()
                        for g in [next(g for m, g in zip(unit.armament, s.guns) if m.gun == gun_id)] * n]
                self._faces.append((fort_id, sorted(guns, key=lambda g: -(g.strength + g.rifled))))
        return self._faces

    def broadside(self, ship_id: str, at: str = "fort-morgan") -> int:
        """One ship's guns that bear on one side (a broadside battery's half) at a fort, a stationary target."""
        unit, s, fort = self.library.units[ship_id], self.stats(ship_id), self.stats(at)
        bonus = self.to_hit["Target stationary"] if self.t.require("fort_fire").rows["stationary_target"] else 0
        hurt = 0
        for m, g in zip(unit.armament, s.guns):
            n = m.count // 2 if "broadside" in str(m.mounting) else m.count
            hurt += sum(self.hull_of_one_gun(g, fort.armour.midships, bonus) for _ in range(n))
        return hurt


VOLLEYS = 1500


def test_with_dice_the_wooden_line_passes_fort_morgan_and_the_fort_fights_on(library, bundled_packs):
    """Balance (round 4): the pack's fitted damage tables took three sloops and the fort by turn 3 of twelve (a hit on
    a wooden ship cost 2-3 of her 22 boxes, whatever it struck; Fort Morgan had 26). The day: the wooden line passed
    the fort in about an hour, hit again and again, and none struck; the fort fought to the end. Rolled with dice: a
    sloop under the fort's full fire now lasts six turns and more (the passage), and the fort, under three sloops'
    broadsides and two monitors' turrets every turn, lasts five (the fleet's fire is shared with the squadron)."""
    dice = Dice(library)
    for sloop in ("uss-brooklyn", "uss-hartford", "uss-richmond"):
        per_turn = sum(dice.fort_volley(sloop) for _ in range(VOLLEYS)) / VOLLEYS
        hull = dice.stats(sloop).hull
        assert hull / per_turn >= 6, (sloop, per_turn, hull)
    fleet = ("uss-brooklyn", "uss-hartford", "uss-richmond", "uss-tecumseh", "uss-manhattan")
    per_turn = sum(dice.broadside(s) for s in fleet for _ in range(VOLLEYS)) / VOLLEYS
    hull = dice.stats("fort-morgan").hull
    assert hull / per_turn >= 5, (per_turn, hull)
    ref = reference_text(pack_texts(bundled_packs))  # and the pack plays these tables
    assert "Hit location (1D6; 4–6: no hull" in ref and "6–8 2 penetrated, roll D66" in ref


def test_a_sheet_with_no_section_ratings_says_what_a_hit_on_4_to_6_takes(library, bundled_packs):
    """Moment 8 (round 3), where the player meets it: hit location 4–6 names Armament, Machinery and the Pilot house,
    and a wooden sloop's sheet gives no rating for them. Each sheet with no section ratings now says under her plan
    that a 4–6 takes the rating of the section hit; a sheet that lists them does not."""
    ctx = RS.context(library)
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    plain = 0
    for _, unit in library.scenario_units(library.scenario("mobile-bay-1864")):
        a = RS.derive(unit, ctx).stats.armour
        if RS.derive(unit, ctx).stats.fort:
            continue
        listed = any(getattr(a, k) is not None for k in ("armament", "steering", "machinery", "pilot_house", "propulsion"))
        page = next(t for t in texts if unit.name in t)
        plain += not listed
        if not listed:
            assert "no other ratings: a hit on 4–6 takes the section hit's" in page, unit.name
    assert plain >= 10


# The round-4 moments (the fourth replay, /work/notes/s5/moments-saunders-r4.md): each answered where the player met it
# or on the readings page. Moment numbers are the round-4 replay's.
ROUND_4_READINGS = {
    "6: an explosion's damage to a lashed partner, modifiers": [("Explosion", "rolls once on the ramming damage table, unmodified")],
    "7: a struck ship on fire, which roll first": [("Fires", "struck: as abandoned from next turn, each fire's blow-up D6 before its fire-out")],
    "8: a sloop striking mid-move, her partner's distance": [("Sloop carried", "from next move; struck in the move or step 4: the pair stops")],
    "9: a target on the line between two arcs": [("Arc names", "on the line between two: in both")],
    "10, 11: torpedo tests in the half move, and after a strike": [("Torpedoes", "in half move and move on (not once a torpedo)"), ("Torpedoes", "a strike stops no test")],
    "5: whether a wreck blocks": [("Wrecks", "a ship meeting it collides as with one stopped (0 kn)"),
                                  ("Wrecks", "fire passes over it")],
    "4: which section each gun is in": [("Gun nearest", "one in the section hit that bears on the firer")],
    "lashed-pair start point": [("Lashed pairs", "at the slower's speed now and smaller turn, on the sloop's centre")],
}


@pytest.mark.parametrize("moment", list(ROUND_4_READINGS))
def test_round_4_rulebook_moments_are_readings_on_the_pack(bundled_packs, moment):
    """Found replaying three turns of Mobile Bay from the A4 pack (round 4): each moment the text leaves open is now a
    row of the reconstructions table, printed on the readings page."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = {r["rule"]: r for r in RS.tables().require("reconstructions").rows}
    for rule, words in ROUND_4_READINGS[moment]:
        assert rule in rows and words in rows[rule]["reading"], (rule, words)
        assert flat(rule) in ref and flat(words) in ref, rule


def test_the_counters_have_a_silenced_marker_for_each_fort(library, tmp_path):
    """Defect (round 4): a fort with no hull left is silenced, and the counters had no marker to say so. One for every
    two forts: Mobile Bay's four (Fort Powell, Fort Gaines far off) need two."""
    import pdfplumber

    from conftest import in_process

    path = tmp_path / "c.pdf"
    r = in_process("counters", "mobile-bay-1864", "--rules", "saunders", "-o", str(path))
    assert r.code == 0, r.err
    text = pdf_text(path, " ")
    forts = sum(1 for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.kind == "fort")
    assert forts == 4 and text.count("SILENCED") >= forts // 2 and "guns silent" in text


def test_every_ship_sheet_gives_her_model_length(library, bundled_packs):
    """Moment 12 (round 4): "past a partner" and a bow in a torpedo field need the model's length, which no page gave.
    Each ship's sheet now prints her length and the model's, 100 ft to the inch at 1/1200."""
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    brooklyn = library.units["uss-brooklyn"]
    page = next(t for t in texts if "USS Brooklyn" in t)
    from shipyard.render.text import number

    assert "Model 2¼ × ½ in" in page  # 233 × 43 ft, 100 ft to the inch
    ships = [u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.kind != "fort"]
    assert sum(any(u.name in t and ("Model " in t or f"Length {number(u.length_ft)} ft" in t) for t in texts)
               for u in ships) == len(ships)


def test_the_turn_gauge_says_what_its_knot_marks_are_for(bundled_packs):
    """Moment 13 (round 4): the gauges are marked in knots, but a turn costs no distance: the marks had no stated use."""
    gauge = next(t for t in pack_texts(bundled_packs) if t.startswith("Turn gauges"))
    assert "the turn costs no distance · the arms' knots (1 kn = 1 in) are a short ruler" in gauge


def test_the_ramming_modifiers_say_whose_roll_they_change(bundled_packs):
    """Defect (round 4): "Target ship −2" and "Uncontrolled −1" did not say whose roll they change. Both are now the
    ship's own roll, in the table's own "Own ..." words: the rammed ship's, and an uncontrolled ship's."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "Own ship the one rammed −2" in ref and "Own ship uncontrolled −1" in ref
    assert "Target ship −2" not in ref


def test_a_fort_face_may_split_its_fire(bundled_packs):
    """Moment 14 (round 4): it was only implied that a face may split its fire among several ships."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "a quarter of a face's guns a turn (steps 4 and 6 together), rounded up (at least 2; other sheets' guns apart), the rest at others" in ref


def test_mobile_bay_set_up_gives_the_torpedo_line_and_turrets_in_numbers_and_binds_turn_1(bundled_packs):
    """Moments 1-3 and the set-up defects (round 4): turret arcs at the start, whether the turn-1 event binds, the
    torpedo field and its gap in numbers (the monitors' x 59 sat on its east end; the 005° heading runs into it): the
    numbers now on every rule set's set-up page, from the scenario's ground (setup_page.ground_positions)."""
    setup = " ".join(next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:")).split())
    for words in ("Torpedo line: x 30–59½, y 31½–34; west: the Line of piles to x 13½, then Dauphin Island; "
                  "east: gap x 59½–62½ to Mobile Point", "Red buoy: 59½, 33",
                  "A 005° heading runs into the field", "Fore; Winnebago's and Chickasaw's aft turrets starboard",
                  "Binding: the Union line steams in at 4 kn", "Orders are free from turn 2"):
        assert words in setup, words


# The fifth replay's moments (/work/notes/s5/m4-saunders.md), each a reading on the readings page. Numbers are its own.
ROUND_5_READINGS = {
    "1: what a fort loses on hit location 4-6": [("Hits on a fort", "4–6 cost no hull, as a ship's (Hits 4–6)")],
    "2: a part inch when the bow leaves a field mid-move": [("Torpedoes", "one for a part inch where the bow leaves it or ends the move")],
    "3: where a lashed gunboat lies": [("Past a partner", "alongside, touching, centres abeam")],
    "4: where range is measured from and to": [("Range", "centre to centre")],
    "5: whether a 4-6 location limits the D66": [("Hits 4–6", "on the whole table")],
    "6: what an explosion does to the ship, and to a fort": [("Explosion", "she sinks at once (a fort's only floods)")],
}


@pytest.mark.parametrize("moment", list(ROUND_5_READINGS))
def test_round_5_rulebook_moments_are_readings_on_the_pack(bundled_packs, moment):
    """Found replaying three turns of Mobile Bay from the A4 pack (round 5): each moment the text leaves open is now a
    row of the reconstructions table, printed on the readings page."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = {r["rule"]: r for r in RS.tables().require("reconstructions").rows}
    for rule, words in ROUND_5_READINGS[moment]:
        assert rule in rows and words in rows[rule]["reading"], (rule, words)
        assert flat(rule) in ref and flat(words) in ref, rule


def test_the_plot_asks_for_a_spar_only_of_a_ship_that_has_one(bundled_packs):
    """Replay 5: the Plot phase asked every ship for a spar entry, though no Mobile Bay ship carries one."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "turret arc (and spar, if she has one)" in ref
    assert "turret arc and spar" not in ref


# The sixth replay's moments (/work/notes/s6/moments-saunders-r5.md, seed 1201), each a reading on the readings page.
ROUND_6_READINGS = {
    "1: another ship in the line of fire": [("Line of fire", "blocked where it crosses a ship's keel line")],
    "2: when the ship ahead stops, do followers keep their plots": [
        ("Plots stand", "whatever another does (one ahead slowed too: none unplotted; a line may be plotted down to its slowest); a line moves from its leader back")],
    "3: a lashed pair striking a lashed pair": [
        ("Pair in a collision", "only the two hulls that meet first roll"), ("Pair in a collision", "halt or slow with them")],
    "4: after a stern ram, the rammer's bow at the stern or the smaller alongside": [
        ("Collisions", "a stern ram halts neither ship (Ramming: Afterwards)")],
    "6: does the end of the half move count as the end of the move": [
        ("Torpedoes", "a half move's last part inch runs on into the move on")],
    "7: range to a fort, whose faces the plan does not mark": [
        ("Range", "a fort: her set-up point, where sectors start")],
}


@pytest.mark.parametrize("moment", list(ROUND_6_READINGS))
def test_round_6_rulebook_moments_are_readings_on_the_pack(bundled_packs, moment):
    """Found replaying three turns of Mobile Bay from the A4 pack (round 6): each moment the text leaves open is now a
    row of the reconstructions table, printed on the readings page."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = {r["rule"]: r for r in RS.tables().require("reconstructions").rows}
    for rule, words in ROUND_6_READINGS[moment]:
        assert rule in rows and words in rows[rule]["reading"], (rule, words)
        assert flat(rule) in ref and flat(words) in ref, rule


def test_a_stern_ram_halts_neither_ship_and_the_smaller_slides_alongside(bundled_packs):
    """Replay 6, moment 4: the ramming steps said "the smaller slides alongside" and the readings "the rammer's bow
    stays at the stern": one rule now, in both places."""
    ref = reference_text(pack_texts(bundled_packs))
    assert ("After a broadside or bow-to-bow ram both halt and stay halted next move; a glancing blow or stern ram "
            "halts neither") in ref
    assert "the smaller slides alongside the other (the least turn that clears her; " in ref
    assert ") and both move on" in ref and "bow stays at the stern" not in ref


def test_the_ram_bow_modifiers_are_the_rammers_alone(bundled_packs):
    """Replay 6, moment 5: "Ramming without a ram bow −1" left open whether the rammed ship takes it too."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "Own ship the rammer, ram bow +1" in ref and "Own ship the rammer, no ram bow −1" in ref
    assert "Ramming without a ram bow" not in ref


def test_no_range_is_measured_from_a_face_the_plan_does_not_mark(bundled_packs):
    """Replay 6, moment 7: range to a fort was 'from the firing face', and the plan marks no faces."""
    assert "firing face" not in reference_text(pack_texts(bundled_packs))


def test_turn_1_binds_every_ship_to_her_set_up_heading(bundled_packs):
    """Replay 6, moment 8: "Orders are free from turn 2" did not say whether a ship may turn on turn 1."""
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "No ship turns on turn 1: each holds her set-up heading, her turrets as set" in setup


def test_a_forts_gun_held_in_step_4_may_fire_in_step_6(bundled_packs):
    """Replay 6, defect g: forts fire in step 4 and step 6 lets "guns not yet fired" fire: may the bay front then fire
    at a ship that has passed into its arc?"""
    ref = reference_text(pack_texts(bundled_packs))
    assert "every gun that has not fired this turn may fire, a fort's too" in ref
    assert "one held fires in step 6, at a ship then in its arc" in ref


def test_the_reference_says_what_a_dav_is(bundled_packs):
    """Replay 6, defect h: "DAV" was never explained as an average die, only "DAV faces 233445"."""
    assert "DAV: the average die" in reference_text(pack_texts(bundled_packs))  # s37: how a plain D6 reads it


def test_the_hull_note_gives_the_bar_speeds_once_knots_are_lost(library, bundled_packs):
    """Replay 6, defect c: the speed strip's ¾ and ½ cells are the undamaged maximum's; once knots are lost they are
    wrong, and the sheet only said to take the knots off first. Every ship's hull note now gives ¾ and ½ of the
    maximum less 1, 2 and 3 knots, to the half knot below (the text's example: 6 kn, −1, ½ → 2½)."""
    import math

    ctx = RS.context(library)
    units = {u.id: u for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))}
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    checked = 0
    for unit in units.values():
        s = RS.derive(unit, ctx).stats
        if s.fort:
            continue
        down = lambda kn: math.floor(kn * 2 + 1e-9) / 2  # noqa: E731 - to the half knot below
        three_q = "/".join(number(down((s.max_speed_kn - k) * 0.75)) for k in (1, 2, 3))
        half = "/".join(number(down((s.max_speed_kn - k) * 0.5)) for k in (1, 2, 3))
        words = f"with 1/2/3 kn lost: ¾ = {three_q} kn, ½ = {half} kn"
        assert any(unit.name in t and words in t for t in texts), (unit.name, words)
        checked += 1
    assert checked >= 15
    assert not any("take them off the maximum first, then the fraction" in t for t in texts)


def test_the_counters_carry_a_silenced_marker_per_fort_and_halted_markers_for_rams(library):
    """Replay 6, defect d: 3 STRUCK, 3 SUNK and 2 SILENCED (for four forts) may run short in a 12-turn game, and a ram
    halts both ships for the next move with no marker to say so. Now a silenced marker for every fort, a struck and
    a sunk for every 4 ships (replay s26: 6 of each for a 12-turn game), and a HALTED marker for every 6 ships, which in black and white differs from every other
    kind by more than its grey (a ram halts two ships: six ships' worth a marker, four for Mobile Bay)."""
    from collections import Counter

    from shipyard.rules.saunders.counters import PATTERNS, chits

    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    kinds = Counter(kind for *_, kind in chits(units, ctx))
    forts = sum(1 for *_, d in units if d.stats.fort)
    ships = len(units) - forts
    assert forts == 4 and kinds["silenced"] == forts
    assert kinds["struck"] == kinds["sunk"] == 6 > 3 and ships == 22  # a struck and a sunk for every 4 ships (s26)
    assert kinds["halted"] >= 2  # one ram's two ships at the least (four until play 28's states took the cells)
    assert ("HALTED", "0 kn next move", "halted") in chits(units, ctx)
    assert PATTERNS["halted"] not in [p for k, p in PATTERNS.items() if k != "halted"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_sheet_says_a_critical_with_no_box_on_it_does_nothing(bundled_packs, paper):
    """Replay 6: a fort's sheet has no box for Captain down or Boiler, and the player had to find on the readings page
    that such a critical does nothing to a fort. Every fort's sheet now says so where the critical is met."""
    forts = [t for t in pack_texts(bundled_packs, paper=paper) if "A fort does not move" in t]
    assert forts
    for page in forts:
        assert page.count("a critical with no box here: no effect") == page.count("A fort does not move"), page[:80]


def test_a_turret_chit_for_every_turret_in_play_named_for_her_ship(library):
    """Leftover (turret-arc markers): a monitor's turret arc was only in her orders log, nothing on the table. A TURRET
    chit for every turret, named for her ship (and the turret where she has two), points the arc it faces."""
    from shipyard.rules.saunders.counters import PATTERNS, chits

    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    turrets = [c[1] for c in chits(units, ctx) if c[2] == "turret"]
    assert turrets == ["Tecumseh", "Manhattan", "Winnebago fore", "Winnebago aft", "Chickasaw fore", "Chickasaw aft"]
    assert PATTERNS["turret"] not in [p for k, p in PATTERNS.items() if k != "turret"]


# Replay r6 (seed 612, /work/notes/s6/moments-saunders-r6.md): three more rulebook moments, in the order of harm.

def test_which_paddle_is_lost_is_a_d6_and_each_wheel_has_its_own_box(bundled_packs):
    """Replay r6, moment 1: critical 53-56 and the torpedo's "a random paddle" gave no way to pick the wheel, and the
    side-wheeler's "Paddle lost: port / starboard" read as one box for both."""
    texts = pack_texts(bundled_packs)
    ref = reference_text(texts)
    assert "a paddle wheel lost (side wheeler: D6 1–3 port, 4–6 starboard; speed halved)" in ref
    assert "on a side wheeler, a paddle: D6 1–3 port, 4–6 starboard (as 53–56)" in ref
    assert "a random paddle" not in ref
    rows = {r["rule"]: r["reading"] for r in RS.tables().require("reconstructions").rows}
    assert "Which paddle" in ref and flat(rows["Which paddle"]) in ref
    assert "both wheels lost: no power (not ½ × ½), she drifts to a halt" in ref  # play 30, moment 1: not ½ × ½
    wheelers = [t for t in texts if SHEET_MARK in t and "Propulsion: sidewheel" in t]
    assert wheelers and all("Paddle lost (53–56, ½ speed): D6 1–3 port (1st box), 4–6 starboard (2nd)" in t for t in wheelers)
    assert not any("Paddle lost: port / starboard" in t for t in texts)


def test_the_ramming_speed_modifiers_read_the_speed_used(bundled_packs):
    """Replay r6, moment 2: "Own speed 7 or more" left open whether a glancing blow's modifier reads the ship's own
    speed or the speed used (the two added). The rows now read "Speed used", and the step says the modifiers read it."""
    ref = reference_text(pack_texts(bundled_packs))
    for words in ("Speed used 3 or less −1", "Speed used 7 or more +1", "Speed used 10 or more +2",
                  "Speed used 15 or more +3", "Speed used 20 or more +4"):
        assert words in ref, words
    assert "Own speed" not in ref
    assert "the speed both ships' speed modifiers read: bow to bow or glancing, the two speeds added" in ref


def test_a_crew_hit_silences_the_gun_nearest_the_hit_and_the_sheet_says_how_to_mark_it(bundled_packs):
    """Replay r6, moment 3: critical 61-63 "one gun silent next turn" said neither who picks the gun nor how the
    single "Crew hit" box records which one."""
    texts = pack_texts(bundled_packs)
    ref = reference_text(texts)
    assert "Gun crew casualties: the gun nearest the hit not yet ringed silent next turn (ring its box;" in ref
    assert "criticals 21–25 and 61–63: 1 the target's player's pick of one in the section hit that bears on the firer (one in action, fired or not, first), no partner's hull in the way" in ref
    sheets = [t for t in texts if SHEET_MARK in t and "All next turn:" in t]
    assert len(sheets) >= 10 and all("Crew: ringed gun silent" in t for t in sheets)
    assert "a gun silent" not in " ".join(texts)


def test_a_fort_the_set_up_places_nowhere_takes_no_part_and_gets_no_sheet(library, bundled_packs):
    """Replay r6, defect (p1, p2, p15): Fort Powell was counted among the 8 Confederate units and had a full sheet,
    but the set-up said only "not on the plan". She lies at Grant's Pass, her guns on Mississippi Sound (the cover's
    notes say so): she takes no part, and the pack prints no sheet, counter or set-up row for her."""
    texts = pack_texts(bundled_packs)
    assert not any("Fort Powell" in t and SHEET_MARK in t for t in texts)
    assert "Franklin Buchanan 7 units" in texts[0]  # the cover's count
    setup = next(t for t in texts if t.startswith("Set-up:"))
    assert "not on the plan" not in setup  # no row for her: she is no part of this game
    assert "Fort Powell at Grant's Pass" in texts[0] and "bears only on the Sound" in texts[0]  # the cover says why
    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    assert not RS.takes_part("fort-powell", ctx)
    assert all(RS.takes_part(f, ctx) for f in ("fort-morgan", "fort-morgan-water-battery", "fort-gaines", "uss-galena"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_sheet_says_how_to_keep_which_guns_fired_in_step_4(bundled_packs, paper):
    """Replay r6, defect (p15): Fort Morgan fires in step 4 and its guns held then in step 6, and the sheet had no
    place to keep which of its 20 guns had fired: scrap paper. Each fort's sheet now says to dot a gun's box as it
    fires in step 4 (its box is where the player looks for that gun) and to rub the dots out in step 7."""
    forts = [t for t in pack_texts(bundled_packs, paper=paper) if "A fort does not move" in t]
    assert forts
    words = "it fires in step 4 (no stationary +1), a gun held then in step 6 (dot its box as it fires; rub out in step 7)"  # r8: as a ship's
    for page in forts:
        assert page.count(words) == page.count("A fort does not move"), page[:80]


def test_a_ship_with_a_ram_bow_says_what_it_adds_as_one_without_says_what_it_costs(library, bundled_packs):
    """Replay r6, defect (p13): Tennessee's sheet had only a "Ram bow lost" box, where ships without one say
    "No ram bow (−1 ramming)": the +1 she rams with was on no sheet."""
    ctx = RS.context(library)
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    rammers = [u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if RS.derive(u, ctx).stats.ram_bow]
    assert {u.name for u in rammers} >= {"CSS Tennessee"}
    for unit in rammers:
        assert any(unit.name in t and "Ram bow (+1 ramming): lost" in t for t in texts), unit.name
    assert not any("Ram bow lost" in t for t in texts)


def test_every_ship_sheet_gives_her_model_beam(library, bundled_packs):
    """Replay r6: sheets gave the model's length but not her beam, and many lines of fire (blocked by a hull they
    cross) were knife-edge. Each ship the library gives a beam now prints the model's length × beam, to the quarter
    inch (a quarter at least), where the length alone was."""
    from shipyard.render.text import number
    from shipyard.rules.saunders.sheet import model_inches

    texts = " ".join(t for t in pack_texts(bundled_packs) if SHEET_MARK in t)
    ships = [u for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))
             if u.kind != "fort" and RS.takes_part(u.id, RS.context(library)) and getattr(u, "beam_ft", None)]
    assert len(ships) >= 20
    for u in ships:
        model = f"Model {number(model_inches(u.length_ft, 1))} × {number(max(model_inches(u.beam_ft, 1), 0.25))} in"
        assert model in texts, (u.name, model)
    assert "Model 2 × ½ in" in texts  # Tennessee, 209 × 48 ft: 0.48 in at 100 ft an inch


def test_the_plan_key_names_only_what_the_plan_draws(bundled_packs):
    """Replay r6, defect (p2): the key promised "a ring: at anchor" on a plan with no ship at anchor, and the heavy
    black line from Dauphin Island to the torpedo field (the line of piles) was in no key. The key now names the
    ring only where a ship starts at anchor, and each obstruction the plan draws as a heavy line."""
    mobile = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "a ring: at anchor" not in mobile and "heavy black line: line of piles" in mobile
    assert "a ringed dot: a buoy" in mobile  # the red buoy
    hampton = next(t for t in pack_texts(bundled_packs, "hampton-roads-1862") if t.startswith("Set-up:"))
    assert "a ring: at anchor" in hampton  # Congress and Cumberland lay at anchor
    assert "heavy black line" not in hampton


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_label_on_the_set_up_plan_is_beside_its_own_marker(library, paper):
    """Replay r6, defect (p2): "USS Oneida + USS Galena" floated above the column's head, between two triangles and
    opposite Ossipee's, 29 mm from her triangle, which had no label beside it. Each unit's label now sits within
    five markers (11 mm) of its own marker: the nearest free place beside it, before any far one."""
    import math

    from conftest import setup_blocks_on
    from shipyard.render.plan import TablePlan

    blocks, box = setup_blocks_on(library, "mobile-bay-1864", "saunders", paper)
    (plan,) = [b for block in blocks for b in walk(block) if isinstance(b, TablePlan)]
    width = box.w
    s = plan._scale(width)
    h = plan.depth * s
    placed = {text: b for text, *b in plan.labels(width)}

    def gap(b, m):  # from a marker's centre to the nearest point of a label's box, mm
        mx, my = m.x * s, h - m.y * s
        return math.hypot(min(max(mx, b[0]), b[2]) - mx, min(max(my, b[1]), b[3]) - my)

    for m in plan.markers:
        assert gap(placed[m.label], m) <= plan.marker * 5, (paper, m.label, round(gap(placed[m.label], m), 1))


# Replay r8 (seed 2028, /work/notes/s7/r8/saunders.md): seven rulebook moments, in the order of harm, then its defects.

def readings_rows() -> dict[str, str]:
    return {r["rule"]: flat(r["reading"]) for r in RS.tables().readings()}  # filled from the tables (rules.readings)


def test_a_repeated_critical_takes_its_knots_again_and_a_ticked_box_once(bundled_packs):
    """Replay r8, moment 1: Brooklyn's second Funnel (a one-box effect) and a second screw critical on Brooklyn and
    Richmond, whose 2nd box read "torpedoed (drifts)": the player took −2 kn again with nowhere to mark it. A repeat
    now has a reading, pointed to from the criticals' heading: the ticked state stays once, its knots come off again on
    the speed track (whose boxes are struck from the top); and the screw's boxes say the first is for a hit, any
    number of them, the second for a torpedo's, which takes the screw."""
    texts = pack_texts(bundled_packs)
    ref = reference_text(texts)
    reading = readings_rows()["Repeated critical"]
    assert "its knots come off again, struck on the speed track" in reading and "no second −1 to fire" in reading
    assert "Repeated critical" in ref and reading in ref
    assert "Repeated critical under Critical hits (Twice)" in ref  # s35: the reading stands in the critical table
    screws = [t for t in texts if SHEET_MARK in t and "Propulsion: screw" in t]
    assert len(screws) >= 8 and all(SCREW in t for t in screws)
    assert not any("torpedoed (drifts)" in t for t in texts)


def test_a_lashed_pair_is_one_ship_of_both_hulls_for_who_slides_alongside(bundled_packs):
    """Replay r8, moment 2: Hartford's stern ram into a lashed pair whose sloop had struck: "the smaller slides
    alongside", but the smaller was lashed to a dead hulk. A pair now counts both hulls together for the slide (the
    single ship slides, as the player had Hartford do)."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Pair in a collision"]
    assert "for which slides alongside, a pair is one ship of both hulls added" in reading and reading in ref
    assert "the smaller slides alongside the other" in ref  # the step the reading settles


def test_a_collision_in_the_move_on_bars_the_second_fire(bundled_packs):
    """Replay r8, moment 3: "neither fires for the rest of the move" after a collision in the second half-move: did
    that bar step 6? The text's move is the turn (its "halted for the next move"): the ramming step now says so."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "neither ship fires for the rest of the move, step 6 too (a spar torpedo excepted)" in ref


def test_the_tide_moves_a_struck_ship_half_its_inch_in_each_half_move(bundled_packs):
    """Replay r8, moment 4: when in the turn the tide moves a struck ship its 1 inch was not stated. She drifts as a
    ship at 1 kn moves: half in step 2, half in step 5, so she meets others (and torpedoes) as they move."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Struck"]
    assert "1 in a turn its way (½ in each half move)" in reading and reading in ref


def test_a_ship_may_split_her_guns_between_targets(bundled_packs):
    """Replay r8, moment 5: whether one ship may split her guns between targets was stated for turrets only. The
    text rolls a die a gun, and only a turret's pair must share a target: each gun now picks its own."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Targets"]
    assert "fires at a target of her player's choice in its arc" in reading and reading in ref


def test_the_gunport_template_is_laid_from_the_middle_of_the_side(bundled_packs):
    """Replay r8, moment 6: where along a 9-gun side to lay the 10° gunport template (p16): the player used the
    model's centre. The reading: from the middle of the side, one place for all its guns, any part of a hull in it."""
    texts = pack_texts(bundled_packs)
    reading = readings_rows()["Gunport arc"]
    assert "from the middle of the port's side" in reading and "any of her hull is in it" in reading
    assert reading in reference_text(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ships_and_forts_mark_a_gun_that_fired_one_way(bundled_packs, paper):
    """Replay r8, moment 7: fort sheets said "dot its box", ship sheets nothing, and their boxes meant check out and
    cross lost: the player dotted them. A ship that did not turn fires some guns in step 4 and may hold the rest for
    step 6, as a fort does. Every sheet's guns table now says to dot a gun's box as it fires, in the words the fort's
    line uses, and step 7 rubs the dots out."""
    texts = pack_texts(bundled_packs, paper=paper)
    sheets = [t for t in texts if SHEET_MARK in t]
    assert len(sheets) >= 10
    for page in sheets:
        assert page.count("Gun (a box each: dot it as it fires)") == page.count(SHEET_MARK), page[:80]
    forts = [t for t in sheets if "A fort does not move" in t]
    assert forts and all("(dot its box as it fires; rub out in step 7)" in t for t in forts)
    assert "and the guns' fired dots" in reference_text(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_crew_hit_rings_a_gun_that_bears_on_the_firer(bundled_packs, paper):
    """Replay r8, defect: a crew hit on Fort Morgan let her owner ring a land-face gun that bears on nothing, and the
    critical did nothing. The gun a fort's critical takes now bears on the firer: the readings say so, and so does
    the fort sheet's crew-hit box."""
    texts = pack_texts(bundled_packs, paper=paper)
    reading = readings_rows()["Gun nearest"]
    assert "one in the section hit that bears on the firer" in reading
    assert reading in reference_text(texts)
    forts = [t for t in texts if "A fort does not move" in t]
    assert forts
    for page in forts:
        assert page.count("Crew hit: ring the gun bearing on the firer next turn") == page.count("A fort does not move")


def test_a_half_knot_maximum_less_lost_knots_is_a_box_to_mark(library):
    """Replay r8, defect (p6, p7): the speed ladders had no 9½, 7½ (Brooklyn, 11½ kn, after −2 and −4), nor 12½, 11½,
    10½ (Hartford, 13½): "strike lost knots from the top" could not record her reduced maximum. On a half-knot
    maximum every maximum up to four lost knots leave (two 2-knot criticals) is now a box, and striking those knots
    leaves it the top box unstruck."""
    from shipyard.rules.saunders.sheet import KNOTS_LOST_MARKED
    from shipyard.render.kit import SpeedTrack

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    halves = 0
    for _, unit in library.scenario_units(ctx.scenario):
        d = RS.derive(unit, ctx)
        s = d.stats
        if s.fort or float(s.max_speed_kn).is_integer():
            continue
        (track,) = [b for b in walk(sheet(unit, d, ctx)) if isinstance(b, SpeedTrack)]
        ahead = [c for c in track.rows[0].cells if c.value is not None]
        assert KNOTS_LOST_MARKED >= 4
        for lost in range(1, KNOTS_LOST_MARKED + 1):
            reduced = s.max_speed_kn - lost
            left = [c.value for c in ahead if track.knots_striking(c) is None or track.knots_striking(c) > lost]
            assert max(left) == reduced, (unit.name, lost, max(left))
        halves += 1
    assert halves >= 5  # Brooklyn, Hartford, Metacomet, Lackawanna, Monongahela


def test_mobile_bay_gives_a_holed_monitor_the_way_to_sink_that_tecumseh_did(library, bundled_packs):
    """Replay r8, defect: a full torpedo strike did 6 of Tecumseh's 22 hull, and holes sink only a ship with no hull
    left, so "Tecumseh struck a torpedo and sank within minutes" (p2) could not happen by the text. Mobile Bay's
    set-up now gives Saunders a special rule of ours (tagged reconstructed): a monitor a torpedo holes rolls for her
    holes as if her hull were gone, sinking on 4+ (since r10: at once and at each turn's end; since play 33, after
    that turn's repairs)."""
    t = RS.tables()
    full = [r for r in t.ramming_damage.rows if r["min_roll"] <= 6 + 2][-1]["hull"]  # the most a D6+2 strike takes
    ctx = RS.context(library)
    tecumseh = RS.derive(library.units["uss-tecumseh"], ctx).stats
    assert full < tecumseh.hull  # by the text alone a strike cannot sink her: the scenario must say how she can
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    words = "Monitors Torpedo-holed, she rolls a D6 a hole at once and after each turn's repairs: any 4+ sinks her"
    assert words in setup
    (rule,) = [r for r in library.scenario("mobile-bay-1864").setup.special_rules if r.name == "Monitors"]
    assert list(rule.rules) == ["saunders"]  # the other rule sets sink a monitor by their own tables


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_gun_that_bears_every_way_says_all_round_on_one_line(bundled_packs, paper):
    """Replay r8, cosmetic (p6-8): the boat howitzer's "fore 90°, port 90°, starboard 90°, aft 90°" wrapped "aft 90°"
    onto a second line and pushed its gun-box number down. A gun (not a turret, whose arc is plotted by name) that
    bears into all four quarters now reads "all round", which no guns table wraps."""
    import re

    texts = [t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t]
    howitzers = [m.group(1) for t in texts for m in re.finditer(r"boat howitzer \d+ \d+ (\S+ \S+)", t)]
    # play 41: a lashed ship's reads on, "all round, clear of <partner>" (a comma, her line not across her partner)
    assert len(howitzers) >= 8 and {h.rstrip(",") for h in howitzers} == {"all round"}, set(howitzers)
    turrets = [t for t in texts if "[main]" in t]
    assert turrets and all("fore, port, starboard, aft 90°" in t for t in turrets)  # plotted by name (s35: one width)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_forts_share_at_one_ship_is_for_the_whole_turn(bundled_packs, paper):
    """Replay r9, moment 1 (p15 sheets, the Forts table, the "Fort firing" reading): "no more than a quarter of a
    face's guns at any one ship" did not say whether per fire step or per turn, once a gun held in step 4 may fire in
    step 6. It is a turn's, steps 4 and 6 together (the balance of round 4 was counted for a turn's fire), and each
    place the player looked says so."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    reading = readings_rows()["Fort firing"]
    assert "a quarter of a face's guns a turn, steps 4 and 6 together" in reading  # the reading, said in the Forts table:
    assert "at any one ship no more than a quarter of a face's guns a turn (steps 4 and 6 together)" in ref
    assert f"Fort firing {FORT_READINGS['Fort firing']}" in ref  # the readings' row points there (s11: said once)
    forts = [t for t in texts if "A fort does not move" in t]
    assert forts
    for page in forts:
        assert (page.count("guns at one ship a turn (steps 4 and 6 together):")
                == page.count("A fort does not move")), page[:80]


def test_a_flooded_magazine_stops_next_turns_fire_and_its_box_stands_through_this_turns_end(bundled_packs):
    """Replay r9, moment 2 (p18, critical 26): "flooded - no firing next turn": did it stop step 6 of the same turn,
    and did step 7's "rub out the next-move boxes of the move just made" wipe a box ticked this turn? The guns loaded
    now may still fire in step 6 (the text's "next turn"); none fires next turn; and step 7 rubs out only the boxes
    ticked the turn before, so the box ticked this turn stands all next turn."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "26 Magazine: D6 6 explodes (not a fort), else flooded: no firing next turn (this turn's loaded guns still fire in step 6)" in ref
    assert ("Rub out the All next turn boxes and crew rings marked last turn (one marked this turn, anew too, stands all next "
            "turn), and the guns' fired dots") in ref
    assert "of the move just made" not in ref


def test_each_hull_of_a_lashed_pair_tests_in_a_torpedo_field(bundled_packs):
    """Replay r9, moment 3 (p19 Torpedoes): a lashed pair crossing Mobile Bay's field: one test for the pair, or one
    for each hull? Two hulls, two bows to touch a torpedo: each tests for her own bow, and a strike harms only the
    hull that rolled it (her partner is slowed with her, as a pair moves as one)."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Torpedoes"]
    assert "a lashed pair: each hull tests for her own bow, a strike harms her alone" in reading and reading in ref


def readings_in_the_headings_column(path) -> tuple[int, int]:
    """(How many of the readings' rows stand in the column of its heading and below it, how many rows there are), on
    the page that holds the heading: the rows a player reads straight after the intro."""
    import pdfplumber

    from conftest import pdf_page_index

    rules = list(readings_rows())
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[pdf_page_index(path, "What the text leaves open")]
        (head,) = page.search("What the text leaves open")
        half = page.width / 2
        side = head["x0"] < half
        under = 0
        for rule in rules:
            first = rule.split()[0].rstrip(",")
            hits = [w for w in page.search(rf"(?<![\w-]){first}\b") if (w["x0"] < half) == side
                    and w["top"] > head["top"] and abs(w["x0"] - head["x0"]) < 3]  # the table's first column
            under += bool(hits)
        return under, len(rules)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_readings_intro_heads_its_rows_not_a_one_row_stub(bundled_packs, paper):
    """Replay r9, defect (p18-19): "What the text leaves open", its intro and one row ("Lost tables") stood at the foot
    of p19's left column, the other 39 rows at the head of the right column beside it: the player read the rows first
    and met the intro after them. The readings no longer start at a column's foot unless a handful of their rows
    follow the intro there (readings_piece least: the intro and some five rows); on Mobile Bay A4 the whole table
    heads the right column."""
    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    under, rows = readings_in_the_headings_column(path)
    # s35: the A4 reference, its type larger, now starts the readings in the left column, with rows enough under them
    assert under >= 5, (under, rows)


def test_a_gun_critical_takes_a_gun_that_bears_on_the_firer_not_an_inboard_one(bundled_packs):
    """Replay r9, defect (p19 "Gun nearest"; p2 Lashed pairs): her owner chose which gun of the section a critical
    knocked out, so a sloop gave it to an inboard gun her lashed gunboat already masked. The gun lost is one that
    bears on the firer, as a fort's is (r8), any in the section only where none does."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Gun nearest"]
    assert reading.startswith("criticals 21–25 and 61–63: 1 the target's player's pick of one in the section hit that bears on the firer") and reading in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_hit_on_locations_4_to_6_short_of_a_d66_does_nothing_said_outright(bundled_packs, paper):
    """Replay r9, defect (p18): a hit on location 4-6 whose penetration total is 4-5 does nothing, but only by
    inference from "the D66 only" (4-6 cost no hull, and only 6+ rolls the D66). The hit-location heading says it
    outright, its number read from the penetration result's first D66 row. Replay r15 (p18): "4–6: no hull; total
    under 6: no effect" read as every hit's, against the result's 4–5 = 1 hull: "4–6:" now governs both. Replay r23
    (p18): the heading made sense only after the Hits 4–6 row: no hull, the D66 only at 6+, and it names the row."""
    t = RS.tables()
    d66 = min(int(r["min_total"]) for r in t.penetration_result.rows if r["critical"])
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert f"Hit location (1D6; 4–6: no hull, whole D66 at {d66}+; Hits 4–6)" in ref
    assert "the result's D66 only" in readings_rows()["Hits 4–6"]  # and where the harm of 6+ comes from


def test_a_gun_critical_on_a_section_whose_guns_are_all_out_has_a_reading(bundled_packs):
    """Replay r9, defect (p19 "Repeated critical"): Hartford's bow was hit twice for a gun, and her only bow gun was
    already out. The shot finds the gun nearest it that still fights: a destroyed-gun critical finishes a disabled gun
    there, any other passes to the nearest gun in action in the next section."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Gun nearest"]  # s37: the Gun nearest reading's, first hit or not (Again points there)
    assert ("none in action there, first hit or not: 24–25 destroys a disabled one there, else (21–23, 61–63 always) 3 the next section's nearest"
            in reading) and reading in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_hull_note_is_set_as_large_as_the_sheets_other_notes_on_one_line(bundled_packs, paper):
    """Replay r9, defect (p4-p14): the notes under the hull tracks, at 6 pt, read as 5-6 pt beside the sheet's other
    notes at 6.5: the speeds a player looks up mid-game. They are now the speed notes' size, each still one line."""
    import re

    from conftest import pdf_page_chars
    from shipyard.rules.saunders.sheet import style

    size = style()["speed_notes"]["size"]
    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    notes = 0
    # only the pages that print a hull note are measured, character by character (pdfium: pdf_page_chars)
    with_notes = [n for n, text in enumerate(pdf_page_texts(path)) if "lost (box" in " ".join(text.split())]
    for n, (text, chars) in zip(with_notes, pdf_page_chars(path, with_notes)):
        printed = [c for c in chars if c is not None and not c.text.isspace()]
        for hit in re.finditer(r"½ lost \(box \d+\): ¾ =", text):
            at = chars[hit.start()]  # the note's first character: its line is the characters on its baseline
            line = [c for c in printed if abs(c.baseline - at.baseline) < 1 and c.x >= at.x - 0.5]
            assert min(c.height for c in line) >= size - 0.01, (n + 1, hit.group())
            below = [c for c in printed if 2 < at.baseline - c.baseline < 8 and at.x - 0.5 <= c.x < at.x + 20
                     and c.height < 6.6]
            assert not below, (n + 1, "".join(c.text for c in below)[:40])  # no second line
            notes += 1
    assert notes >= 20


def test_a_ship_that_loses_more_knots_than_the_hull_note_lists_finds_the_formula_on_it(library, bundled_packs):
    """Replay r9, defect (p4-p14): the hull note works out the reduced bar speeds for 1, 2 or 3 knots lost; Brooklyn
    lost 7 and the player went to the reference's formula. The note now ends with it, in its own words."""
    texts = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    ships = sum(t.count("kn lost: ¾ =") for t in texts)
    assert ships >= 15 and sum(t.count("; more: (max − lost) × ¾ or ½") for t in texts) == ships
    assert "(maximum − knots lost) × ¾ or ½, then × ½ for each boiler or paddle box ticked, to the half knot below" in reference_text(pack_texts(bundled_packs))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_is_a_stationary_target_where_the_player_looks(bundled_packs, paper):
    """Replay r10, moment 1 (p18 to-hit table, p15 fort sheets, p19 Forts): is a fort a "stationary target" (+1) for
    ships firing at it? The sheet's "a target stationary (+1)" read as a fort's own modifier. The to-hit table's row
    names forts ("Target stationary (0 kn) or fort"), the fort sheet and the Forts table say it of the ships firing at her."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "Target stationary (0 kn) or fort +1" in ref
    assert "Fired at ships firing at her +1: a fort is a stationary target" in ref
    forts = [t for t in texts if "A fort does not move" in t]
    assert forts and all("ships firing at her: +1 (a stationary target)" in t for t in forts)
    assert not any("a target stationary (+1)" in t for t in texts)


def test_a_boiler_halving_comes_after_knots_lost_and_the_hull_fraction_and_is_struck_on_the_track(bundled_packs):
    """Replay r10, moment 2 (p18 critical 46, p19 Speed lost): how "speed halved" combines with knots lost and the
    hull fraction, and how a halving goes on the speed track. The critical points to Speed lost, which halves last,
    to the half knot below, with a worked example read from the text's own order, and strikes the boxes above."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "46 Boiler: filled with steam, speed halved (Speed lost)" in ref
    rule = next(r["rule"] for r in RS.tables().require("damage_follow_up").rows if r["when"] == "Speed lost")
    assert "then × ½ for each boiler or paddle box ticked, to the half knot below" in rule
    assert "9 kn, −1 kn, ¾ → 6 kn, boiler → 3 kn; strike the speed track's boxes above it" in rule
    assert f"Speed lost {flat(rule)}" in ref


def test_a_line_of_fire_runs_centre_to_centre_and_a_graze_does_not_block_it(bundled_packs):
    """Replay r10, moment 3 (p19 Line of fire): "blocked by any ship's hull it crosses" said neither where the line
    runs from and to nor whether grazing a hull blocks it. It runs centre to centre, as the range does, and only a
    line across another ship's keel line is blocked: a graze of her side is not."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Line of fire"]
    assert reading.startswith("centre to centre (not the gun's port; as Range); blocked where it crosses a ship's keel line")
    assert "her side grazed: open" in reading and reading in ref
    assert readings_rows()["Range"].startswith("centre to centre")  # the "as Range" it points to


def test_a_fort_bears_in_a_gunport_arc_at_her_set_up_point(bundled_packs):
    """Replay r10, moment 4 (p19 Gunport arc, p15): "a target bears if any of her hull is in" the 10° arc, but a fort
    has no hull on the table. She is a point, her set-up point, for the arc as for the range (Range's reading); the
    Forts table says it where a player reads how a fort is fired at."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Gunport arc"]
    assert "a target bears if any of her hull is in it (a fort: her set-up point);" in reading and reading in ref
    assert "Fired at ships firing at her +1: a fort is a stationary target; she is in an arc, and ranged, at her set-up point" in ref
    assert "(a fort: her set-up point" in readings_rows()["Range"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_readings_say_a_second_reading_in_words_larger_not_an_option_name(bundled_packs, paper):
    """Replay r10, defects (p19): the "House-rule option" column (fort_fire, repairs, ram_options) and "a house-rules
    file switches to it" meant nothing to a player holding paper, and the table's dense type read as ~6 pt. A row
    with a second reading now ends with it in words ("clubs may instead play: ..."), the option column is gone and
    its width given to the readings, set at their style's size (6.4 pt, from 6.0: the rule column wide enough for
    its words at that size, so the table no longer shrinks); "Ram options" names the two optional modifiers."""
    import pdfplumber

    from conftest import pdf_page_index

    from shipyard.rules.saunders.sheet import style

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "House-rule option" not in ref and "house-rules file" not in ref
    rows = RS.tables().readings()  # filled from the tables (rules.readings)
    seconds = [r for r in rows if r["option"]]
    assert len(seconds) == 11 and all(r.get("instead") for r in seconds)  # p41: Fort cap; s37: lashed_steering; s11: to_hit (modifiers added), lashed_pairs; s26: turret_training, sure_rolls
    for r in seconds:  # a fort's reading is said in the Forts table, its row a pointer (s11); the second reading after it
        assert flat(f"{FORT_READINGS.get(r['rule']) or r['reading']}; clubs may instead play: {r['instead']}") in ref, r["rule"]
    assert "bow to bow DAV +1 for a ship able to steer that turns better; −1 to ram or glance under way" in ref
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[pdf_page_index(path, "What the text leaves open")]
        (hit,) = page.search("ours, fitted to what the text fixes")
        chars = [c for c in page.chars if abs(c["top"] - hit["top"]) < 1 and hit["x0"] <= c["x0"] < hit["x1"]]
        assert min(c["size"] for c in chars) >= style()["readings"]["size"] - 0.01 >= 6.4 - 0.01


def test_a_monitor_holed_by_a_torpedo_rolls_at_once_and_at_each_turns_end(bundled_packs):
    """Replay r10, defect (p2 Monitors): "rolls for her holes as if her hull were gone: 4+ sinks her" left open when:
    the roll for holes with no hull is the end of turn's. Tecumseh went down within a minute of the torpedo, so the
    monitor rolls at once, as she is holed, and again at each turn's end while the hole is open."""
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "Monitors Torpedo-holed, she rolls a D6 a hole at once and after each turn's repairs" in setup


@pytest.mark.parametrize("scenario", ["mobile-bay-1864", "memphis-1862", "hampton-roads-1862"])
def test_every_draught_is_printed_to_the_quarter_foot(bundled_packs, scenario):
    """Replay r10, defect (pp6-8, 14): some draughts read in decimal feet (17.17, 17.45, 7.17, 4.79 ft), others in
    fractions (13½, 16¼). Every sheet now gives hers to the nearest quarter foot, in the fractions the rest use."""
    import re

    draughts = re.findall(r"Draught (\S+) ft", " ".join(pack_texts(bundled_packs, scenario)))
    assert draughts and all(re.fullmatch(r"\d*[¼½¾]?", d) and d for d in draughts), sorted(set(draughts))


def test_a_magazine_hit_on_a_fort_silences_the_face_hit_not_the_whole_fort(bundled_packs):
    """Replay r10, design defect (p15): one magazine critical silenced all 40 of Fort Morgan's guns for a turn, when a
    fort's magazines each serve a front. The fort's box says the face hit loses next turn's fire, and the Forts
    table says which face that is: the one bearing on the firer."""
    texts = pack_texts(bundled_packs)
    forts = [t for t in texts if "A fort does not move" in t]
    assert forts and all("Magazine (never explodes): the face hit: no firing next turn" in t for t in forts)
    assert not any("Magazine: no firing next turn" in t for t in forts)
    assert "26: the face row (bearing on the firer) floods, not the fort" in reference_text(texts)  # play 42: a row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_torpedo_s_d6_plus_2_takes_no_ramming_modifier(bundled_packs, paper):
    """Replay r12, moment 1 (p18-19 Torpedo strike): "D6+2 on the ramming table" did not say whether the ramming
    modifiers (hull, speed) apply; the Explosion reading's "unmodified" suggested they normally do. The text gives
    grounding the speed modifiers and the spar torpedo the ramming ones, the field torpedo only its +2: the row says
    so where the player reads it. Replay r15 (p19): "holes on 3-6 per special" did not say a die is rolled for each:
    it says "a D6 per special", as the ramming table's specials do."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "3-6 Full damage: D6+2 on the ramming table, no other modifier; a D6 per special, 3-6 holes her" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_ship_drifting_to_a_halt_slows_2_kn_a_turn_and_then_only_a_tide_moves_her(bundled_packs, paper):
    """Replay r12, moment 2 (p19 Torpedo specials, the screw's box): "screw gone, drifts to a halt" gave no rate, and
    only a struck ship had a tide drift. Drifting is the text's own deceleration, 2 kn a turn, to 0; stopped, she
    moves only with a tide, as a struck ship does. The screw's torpedo box says the rate where the player marks it."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert ("Faster than the new maximum this plot stands, then −2 kn a turn down to it, pilot house hit or captain down "
            "(drifting to a halt: to 0, "
            "then a tide alone moves her, 1 in a turn)") in ref
    assert "only a scenario's tide moves her, 1 in a turn its way" in readings_rows()["Struck"]  # the same drift
    screws = [t for t in texts if SHEET_MARK in t and "One screw: −2 kn a hit" in t]
    assert len(screws) >= 8 and all("2nd box torpedo: drifts −2 kn a turn" in t for t in screws)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_gun_whose_crew_is_hit_may_still_fire_in_step_6_of_the_same_turn(bundled_packs, paper):
    """Replay r12, moment 3 (p18 critical 61-63): "silent next turn" did not say whether the ringed gun may still fire
    in step 6 of the turn it was hit, where the Magazine row says so outright. It may, as the magazine's loaded guns
    may: "next turn" is next turn, for both, and the row says it where the player reads it."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ("61-63 Gun crew casualties: the gun nearest the hit not yet ringed silent next turn (ring its box; unfired, "
            "it may fire in step 6)") in ref
    assert "this turn's loaded guns still fire in step 6" in ref  # the magazine's, the same reading


def test_a_second_fire_is_a_second_box_and_marker_not_a_ticked_box_that_stays(bundled_packs):
    """Replay r12, defect (p19 "Repeated critical" against p17 and the sheets): "a box already ticked stays" clashed
    with five fire boxes a sheet and 13 FIRE counters. A fire or hole rolled again is one more box and marker (each
    rolls to go out, or to sink her), its −1 to fire counted once; only the one-box states stay as they are."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Repeated critical"]
    assert reading.startswith("a fire or a hole ticks one more box and takes one more marker (no second −1 to fire); ")
    assert "; any other box already ticked stays as it is" in reading and reading in ref  # s37: steering between
    assert "end of turn D6 each, 6 puts it out" in readings_rows()["Fires"]  # each fire rolls for itself


def test_a_gun_critical_never_goes_to_a_gun_her_partner_masks_or_to_the_owner_s_pick_when_none_bears(bundled_packs):
    """Replay r12, defect (p19 "Gun nearest"): "her player's choice; none bears: any there" let Hartford's owner put
    every gun critical on the inboard port guns her lashed gunboat masks, which can never fire. A gun behind her
    partner's hull does not bear on the firer, and where none bears the firer's player picks the gun, not her own."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Gun nearest"]
    assert ("one in the section hit that bears on the firer (one in action, fired or not, first), no partner's hull in the way (none "
            "bears: the firer's player's)") in reading and reading in ref
    assert "any there" not in reading


def test_the_sheets_notes_under_the_hull_and_the_turret_guns_are_7_and_6_5_pt(library):
    """Replay r12, defect (pp4-15): the footnote lines ("after box 11 ...", the turret notes) read as about 5 pt. They
    measured 6.5 and 6.0: the hull note is now 7 pt and the turret note 6.5 (read from Winnebago's sheet blocks; the
    hull note's one line on every sheet, at its style's size, is test_the_hull_note_is_set_as_large_as_...)."""
    from shipyard.render.text_blocks import Text
    from shipyard.render.tracks import Tracks

    ctx = RS.context(library)
    unit = next(u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name == "USS Winnebago")
    blocks = list(walk(sheet(unit, RS.derive(unit, ctx), ctx)))
    (turrets,) = [b for b in blocks if isinstance(b, Text) and b.text.startswith("Turrets: plot")]
    assert turrets.size >= 6.5
    hull = [b for b in blocks if isinstance(b, Tracks) and any("lost (box" in (t.note or "") for t in b.tracks)]
    assert hull and all(b.note_size >= 7.0 for b in hull)


def test_a_turn_in_step_3_draws_no_torpedo_test(bundled_packs):
    """Replay r13, question 1 (p18 step 3, p19 Torpedoes): whether a pivot that swings the bow inside a torpedo field
    is bow movement. It is not: the Turn phase, where the player looked, says a turn draws no torpedo test."""
    ref = reference_text(pack_texts(bundled_packs))
    assert "pivoting on the centre: a turn costs no distance and draws no torpedo test" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_ship_slowed_by_a_hit_finishes_her_plot_and_slows_from_the_next(bundled_packs, paper):
    """Replay r13, question 2 (p19 Plots stand, Faster than the new maximum): Richmond lost knots in step 4 with 4 kn
    plotted; whether she stops short or finishes her move was read from two rows. The row the player read says it:
    this turn's plot stands, the 2 kn a turn comes off from the next."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Faster than the new maximum this plot stands, then −2 kn a turn down to it" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guns_table_says_its_ranges_are_farthest_reaches_and_past_eff_is_long(bundled_packs, paper):
    """Replay r13, question 3 (p18 Guns in play): the PB / Eff / Long columns gave no word of what "long range" (the
    to-hit and penetration −1) is. Each figure is the band's farthest; past Eff, up to Long, is Long."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Guns in play (farthest inches at 1/1200: past Eff is Long;" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_monitors_low_deck_is_fired_over_and_a_knife_edge_line_is_diced(bundled_packs, paper):
    """Replay r13, question 4 (p19 Line of fire): with the monitor column a few inches east of the sloops, shots at
    and from the wooden line cleared or were blocked by 0.03-0.3 in, and Hartford's broadside never bore on Fort
    Morgan. A monitor's deck stood a foot or two above the water (the small-target −1 is the text's own word on it):
    fire passes over her, as over a wreck; a line too close to call is settled by a D6, not a string."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    reading = readings_rows()["Line of fire"]
    assert "but fired over a monitor's low deck, a wreck, piles" in reading  # play 42, moment 4: piles too
    assert reading.endswith("touching her bow or stern, no gap: D6, 4+ open")
    assert reading in ref


def test_every_sheet_says_rifle_point_blank_and_long_range_count_to_hit_as_well(bundled_packs):
    """Replay r13, defect (sheets pp4-14): "To hit 5+" stood beside the penetration adjustments alone, so the
    player missed a rifle's +1 to hit in turn 1; the sheet's line says the three count to hit as well."""
    pages = [t for t in pack_texts(bundled_packs) if SHEET_MARK in t]
    assert len(pages) >= 10
    for page in pages:
        assert page.count("+1 rifle, +1 point blank range, −1 long range (to hit as well)") == page.count(SHEET_MARK)


def test_every_speed_the_hull_note_lists_after_lost_knots_is_a_box(library):
    """Replay r13, defect (p6): Brooklyn (11½ kn), 2 kn lost and her boiler hit, was at 4½ kn (9½ × ½, to the half
    knot below) with no 4½ box, though her hull note printed "½ = 5/4½/4 kn". Every speed the note lists with 1-3 kn
    lost is now a box on her speed track."""
    from shipyard.render.kit import SpeedTrack
    from shipyard.rules.saunders.derive import speed_thresholds

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    for _, unit in library.scenario_units(ctx.scenario):
        d = RS.derive(unit, ctx)
        s = d.stats
        if s.fort:
            continue
        (track,) = [b for b in walk(sheet(unit, d, ctx)) if isinstance(b, SpeedTrack)]
        boxes = {c.value for c in track.rows[0].cells if c.value is not None}
        for lost in (1, 2, 3):
            for th in speed_thresholds(ctx.tables, s.hull, s.max_speed_kn - lost):
                assert float(th["speed_kn"]) in boxes, (unit.name, lost, th["speed_kn"])
        if unit.name == "USS Brooklyn":
            assert 4.5 in boxes


def test_a_fort_sheet_names_the_criticals_that_act_on_her(bundled_packs):
    """Replay r13, defect: a 66 (captain down) on Fort Morgan did nothing, and the player checked the readings to be
    sure. Each fort's sheet names the D66 rolls it has a box for (fire, guns and magazine, a crew), so a 66 is seen
    at once to be none of them."""
    forts = [t for t in pack_texts(bundled_packs) if "A fort does not move" in t]
    assert forts
    for page in forts:
        assert (page.count("a critical with no box here: no effect, none instead (acting: 11–14, 21–26, 61–63)")
                == page.count("A fort does not move")), page[:80]


def test_a_gun_box_is_wider_than_tall_to_take_a_dot_and_a_tick(library):
    """Replay r13, defect (sheets): the gun boxes, 2.4 mm square, each take a dot (fired), a tick or cross (out,
    lost), and are ringed for a crew hit: cramped. A box taller than 2.4 mm sets each gun's row on two lines (a page
    more), so the box is wider instead: 2.8 mm by 2.4."""
    from shipyard.render.kit import GunTable

    ctx = RS.context(library)
    unit = library.find("uss-brooklyn")
    (guns,) = [b for b in walk(sheet(unit, RS.derive(unit, ctx), ctx)) if isinstance(b, GunTable)]
    assert guns.box_w >= 2.8 > guns.box >= 2.4


def test_a_fire_put_out_lifts_its_marker_and_rubs_out_its_box(bundled_packs):
    """Replay r14, moment 1 (sheets, p18, p19): when a fire went out, nothing said whether to lift the marker only or
    also rub out the Fires box; the player left the tick, and ticks that only gather fill the five boxes in a long
    fight. The boxes are the fires burning now: the Fires reading says so (on the sheet's label it takes a second
    line, and Letter Lackawanna's sheet then overruns half a page)."""
    reading = readings_rows()["Fires"]
    assert "6 puts it out: lift its marker and rub out its box" in reading
    assert reading in reference_text(pack_texts(bundled_packs))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_line_of_fire_too_close_to_call_has_a_distance(bundled_packs, paper):
    """Replay r14, moment 2 (p19 Line of fire): "too close to call: D6, 4+ open" gave no distance, and the player
    used 0.05 in of a hull end. A line is blocked only by a keel line, so the close call is at its ends: 1/16 in."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "touching her bow or stern, no gap: D6, 4+ open" in ref  # play 36: "too close to call" cut for room


def test_a_lashed_pair_turns_pivoting_on_the_sloop_s_centre(bundled_packs):
    """Replay r14, moment 3 (p2, p18, p19): the pair's pivot was never said outright; the player put it together from
    "turns as the sloop", "pivoting on the centre" and "set-up point is the sloop's centre". The reading says it."""
    reading = readings_rows()["Lashed pairs"]
    assert "one ship at the slower's speed now and smaller turn, on the sloop's centre" in reading
    assert reading in reference_text(pack_texts(bundled_packs))


def test_a_fort_with_two_faces_has_a_magazine_box_for_each(bundled_packs):
    """Replay r14, defect (p15): Fort Morgan had one "Magazine: the face hit" box for her two faces, so nowhere said
    which face's magazine was flooded. Each face the set-up draws has its own named box."""
    (morgan,) = [t for t in pack_texts(bundled_packs) if "Fort Morgan Fort ·" in t]
    fort = morgan.split("Fort Morgan Fort ·")[1].split("Fort Morgan water battery")[0]
    assert ("Magazine, channel fronts (never explodes): no firing next turn" in fort
            and "Magazine, bay front (never explodes): no firing next turn" in fort)
    assert "the face hit" not in fort


def test_the_sheets_notes_are_set_at_7_pt_and_the_fires_and_holes_at_6_8(library):
    """Replay r14, defect (pp4-15): the sheet notes still read as 5.5-6 pt. The speed notes ("Propulsion: ..."), the
    turret note and the next-move conditions are now 7 pt, the fires and holes 6.8 (the turn strip stays 6.5:
    larger, Memphis A4 takes two pages more; the other conditions 6.6: at 6.8 Letter Lackawanna overruns half a page)."""
    from shipyard.render.text_blocks import Text
    from shipyard.render.tracks import Checkboxes, Tracks

    ctx = RS.context(library)
    unit = next(u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name == "USS Winnebago")
    blocks = list(walk(sheet(unit, RS.derive(unit, ctx), ctx)))
    notes = [b for b in blocks if isinstance(b, Text) and ("Propulsion:" in b.text or b.text.startswith("Turrets: plot"))]
    assert len(notes) >= 2 and all(b.size >= 7.0 for b in notes)
    (once,) = [b for b in blocks if isinstance(b, Checkboxes) and any("Rudder" in str(i[0]) for i in b.items)]
    assert once.size >= 7.0
    fires = [b for b in blocks if isinstance(b, Tracks) and any(t.records == "fire" for t in b.tracks)]
    assert fires and all(b.label_size >= 6.8 for b in fires)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_to_hit_table_says_what_stationary_is(bundled_packs, paper):
    """Replay r15, moment 1 (p18 to-hit table): "Firer stationary +1" and "Target stationary +1" were defined nowhere;
    the player read them as plotted 0 kn. Both rows say it: 0 kn this turn (to_hit's `stationary`)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Firer stationary (0 kn) +1" in ref and "Target stationary (0 kn) or fort +1" in ref
    assert "0 kn turns none: plot 1 kn or more to turn; at 0 kn she is stationary" in ref  # the readings page's row


def test_mobile_bay_s_tide_moves_only_a_ship_with_no_power_of_her_own(bundled_packs):
    """Replay r15, moment 2 (p2 Tide, p19 Struck): the pack said a drifting ship drifts north, not whether a ship under
    power that plotted 0 kn drifts. Saunders' set-up says it: only one with no power of her own; under power she holds."""
    setup = flat(pack_texts(bundled_packs)[1])
    assert "a ship with no power of her own drifts north" in setup and "under power she holds" in setup


def test_brooklyn_s_speed_track_has_a_box_for_five_knots_lost(library):
    """Replay r15, defect (p6): Brooklyn (11½ kn) had no 6½ box, so a maximum cut by 2 + 2 + 1 kn (machinery, screw,
    machinery) could not be marked. Every half-knot maximum up to five knots lost is a box (2½, nine lost, is not:
    more boxes set Hartford's figures under 6 pt; her hull note's formula covers it)."""
    from shipyard.render.kit import SpeedTrack

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    unit = next(u for _, u in library.scenario_units(ctx.scenario) if u.name == "USS Brooklyn")
    (track,) = [b for b in walk(sheet(unit, RS.derive(unit, ctx), ctx)) if isinstance(b, SpeedTrack)]
    assert 6.5 in {c.value for c in track.rows[0].cells}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_which_part_of_a_ship_grounds_her_is_said_where_grounding_is_given(bundled_packs, paper):
    """Replay r16, moment 1 (p2, p19): Hartford's stern would clip the Middle Ground's corner while her centre kept the
    channel; "a ship drawing more than the depth grounds" and the Aground rows gave no trigger (centre, bow or any
    part). The Aground heading says it: any part of her hull; the readings page gives the other reading, her centre
    alone, as a house rule (grounding_contact)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Aground (any part of her hull): speed 0, ramming table" in ref
    assert ("Grounding any part of her hull, moving or turning (Aground); clubs may instead play: her centre alone"
            in ref)
    assert RS.tables().require("grounding_contact").rows["part"] == "any part of her hull"


def test_every_speed_a_halving_reaches_is_a_box_and_a_chit(library):
    """Replay r16, moment 2 (p6, p17): Brooklyn (11½ kn), 4 kn lost, half her hull and a boiler, was at
    (11½ − 4) × ½ × ½ = 1½ kn: her track ran 0, 1, 2, 3, 4, 4½ with no 1½ box, and no chit read "1½ kn ahead". A
    boiler or paddle's halving reaches every half knot up to half her maximum: each is a box, the ahead ladder running
    on into the astern line to find the room (SpeedTrack flow), and each has a chit."""
    from shipyard.render.kit import SpeedTrack
    from shipyard.rules.saunders.counters import chits

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(ctx.scenario)]
    for _, unit, d in units:
        if d.stats.fort:
            continue
        (track,) = [b for b in walk(sheet(unit, d, ctx)) if isinstance(b, SpeedTrack)]
        boxes = {c.value for c in track.rows[0].cells}
        assert {k / 2 for k in range(int(d.stats.max_speed_kn) + 1)} <= boxes, unit.name
        if unit.name == "USS Brooklyn":
            assert 1.5 in boxes
    ahead = {big for big, small, kind in chits(units, ctx) if kind == "speed"}
    assert {"½", "1½", "2½", "3½"} <= ahead


def test_a_gun_box_is_wide_enough_for_a_dot_a_tick_and_a_ring(library):
    """Replay r16, defect (sheets): one 2.8 × 2.4 mm box a gun took the fired dot, the tick (out), the cross (lost)
    and the crew's ring: crowded, and the dot fiddly to rub out beside the rest. The box is 3.4 mm wide (a box taller
    than 2.4 mm costs pages), the arcs column giving the Long range column the room to keep its head on one line."""
    from shipyard.render.kit import GunTable
    from shipyard.rules.saunders.sheet import style

    ctx = RS.context(library)
    unit = library.find("uss-brooklyn")
    (guns,) = [b for b in walk(sheet(unit, RS.derive(unit, ctx), ctx)) if isinstance(b, GunTable)]
    assert guns.box_w >= 3.4 and guns.box == 2.4
    spec = style()["guns"]["column_spec"]
    assert float(spec[7].rstrip("%")) >= 9.5  # "Long in" on one line beside the wider boxes


def test_the_hull_note_s_speed_losses_are_black_at_7_pt(bundled_packs):
    """Replay r16, defect (sheets): the grey speed-loss line under the hull ("after box 11: ¾ speed = 8½ kn ...") read
    as about 6 pt on screen. It is set black, at its 7 pt, read back from the printed sheet."""
    import pdfplumber

    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "saunders", "a4").path
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[pdf_page_index(path, "½ lost (box 11): ¾ = 8½ kn")]
        (hit,) = page.search("½ lost (box 11): ¾ = 8½ kn", regex=False)
        chars = [c for c in page.chars if abs(c["top"] - hit["top"]) < 1 and c["text"].strip()]
    assert chars and all(c["size"] >= 7.0 - 0.01 for c in chars)
    assert all(max(c["non_stroking_color"] or (0,)) == 0 for c in chars)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_lines_move_at_once_and_crossing_tracks_collide_only_where_the_hulls_meet(bundled_packs, paper):
    """Replay r17, moment 1 (p19 Plots stand): Brooklyn's turn toward the gap would have crossed Tecumseh's track;
    the pack ordered a line from its leader back but not two lines, nor said whether crossing tracks are a collision."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ("a line moves from its leader back, each meeting the one ahead where she is; lines move at once, by the "
            "inch where tracks cross: only hulls that meet collide") in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_fort_face_has_a_row_to_write_this_turn_s_targets_and_guns_at_each(bundled_packs, library, paper):
    """Replay r17, moment 2 (p15): the cap is a quarter of a face's guns at any one ship over steps 4 and 6 together,
    Fort Morgan shot at four ships, and nothing on her sheet said at whom; a row a face, a cell a ship, 5 mm tall."""
    from shipyard.app import context
    from shipyard.rules.saunders.sheet import fort_targets

    page = next(t for t in pack_texts(bundled_packs, paper=paper) if "Fort Morgan water battery" in t and SHEET_MARK in t)
    morgan, battery = page.split("Fort Morgan water battery")[:2]
    assert "Targets this turn, channel fronts (5 at one): ship · guns fired" in morgan  # play 30, moment 9: "this turn"
    assert "Targets this turn, bay front (2 at one): ship · guns fired" in morgan  # and "guns fired"
    assert "Targets this turn, the beach battery (2 at one): ship · guns fired" in battery
    ctx = context(RS, library, scenario=library.scenario("mobile-bay-1864"))
    # channel fronts 20 guns, 5 at one ship: 4 ships, but five batteries, a cell each (s11): 5
    # (play 28: each face its own count, two cells a line: the bay front's 8 guns, 2 at one, 4)
    for fort, cells in (("fort-morgan", [5, 4]), ("fort-morgan-water-battery", [4]), ("fort-gaines", [1])):
        unit = library.units[fort]
        rows = fort_targets(unit, RS.derive(unit, ctx).stats, ctx)
        assert [sum(len(r) - 1 for r in face) for face in faces_of(rows.rows)] >= cells, fort
        _, _, _, lines = rows.layout(180.0)
        assert lines == [1] * len(rows.rows) and rows.measure(180.0) >= len(rows.rows) * 5.0, fort  # 5 mm a line


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_pivots_bearing_on_both_sides_say_each_gun_fires_to_either(bundled_packs, paper):
    """Replay r17, defect h (sheets): Selma's, Lackawanna's and Monongahela's pivot pairs read "port 90°, starboard
    90°", and whether both might fire to one side was assumed; a pivot is trained to the port it fires through."""
    sheets = " ".join(t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t)
    assert "9-inch Dahlgren smoothbore 2 4 port or starboard 90°, each gun" in sheets  # Selma
    assert sheets.count("11-inch Dahlgren smoothbore 2 6 port or starboard 90°, each gun") >= 2
    assert "9-inch Dahlgren smoothbore 2 4 port 90°" not in sheets and "smoothbore 2 6 port 90°, starboard 90° 2" not in sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_line_of_fire_between_a_lashed_pair_s_two_hulls_is_blocked(bundled_packs, paper):
    """Replay r17, defect a (p19 Line of fire): the keel-line test let Metacomet's shot at Selma pass between the two
    touching hulls of a lashed pair; the pair is one body to a line of fire."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "friend or foe, or passes between a lashed pair" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_firing_tables_stand_in_the_order_they_are_rolled(bundled_packs, paper):
    """Replay r17, defect b (p18): penetration stood before hit location, yet the armour it takes is the location's:
    the roll order (to hit, location, then the average die) had to be worked out."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    order = ["To hit: 1D6 per gun", "Hit location (1D6", "Penetration: DAV + strength − the location hit's armour",
             "Penetration result"]
    at = [ref.index(h) for h in order]
    assert at == sorted(at), order


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_gunport_gauge_says_to_run_its_edges_on_past_its_end(bundled_packs, paper):
    """Replay r17, defect c (p16): the 10° gunport gauge is some 3 in long and broadsides reach 20-60 in; nothing
    said to carry its edges on with a ruler or string."""
    from shipyard.rules.saunders.templates import GUNPORT_REACH

    page = next(t for t in pack_texts(bundled_packs, paper=paper) if "Gunport arc 10°" in t and "Turn gauges" in t)
    assert f"Gunport arc 10°: lay the dashed axis square to the ship's side {GUNPORT_REACH}" in page
    assert "past its end, run each edge on with a ruler or string" in GUNPORT_REACH


def test_a_ship_past_the_torpedo_line_for_victory_is_judged_by_her_centre(bundled_packs):
    """Replay r17, defect g (p2 victory points): "past the torpedo line's north edge" left open whether her centre or
    her whole hull must be past; her centre, as every position in the pack is (Start positions)."""
    setup = " ".join(pack_texts(bundled_packs)[:3])
    assert "each Union ship past the torpedo line's north edge (by her centre) at the end, afloat and not struck" in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_rudder_or_pilot_house_hit_stops_the_turn_a_downed_captain_s_orders_hold(bundled_packs, paper):
    """Replay r18, moment 1 (p18 criticals): Captain down (66, orders unchanged) and Rudder jammed (32, no turn) fell
    on Hartford together, her standing orders a 30° turn: which wins was open. The damage that stops a turn does."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Captain down: orders unchanged all next turn, but a rudder or pilot house hit still stops her turn" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_shoal_is_mud_or_sand_unless_the_set_up_says_rocks(bundled_packs, paper):
    """Replay r18, moment 2 (p2, p19): the Aground rows have a modifier for mud or sand and one for rocks, and nothing
    said what Mobile Bay's Middle Ground is made of (played as sand). A shoal is mud or sand unless the set-up says
    rocks; Mobile Bay's set-up names no rock."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert "On mud or sand (a shoal, unless the set-up says rocks): −1; each special holes her on D6 6+" in reference_text(texts)
    # the set-up and the roster (less the reference's tables printed under it, s35) name no rock
    assert "rock" not in " ".join(t.split(ROSTER_PART)[0] for t in texts[1:3]).lower()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_grounding_rolls_her_own_speed_and_the_bottom_only(bundled_packs, paper):
    """Replay r18, moment 3 (p19): "Aground: ramming table" did not say which ramming modifiers a grounding takes
    (her hull? her speed?). The text gives it the speed modifiers: her own speed's, with the bottom's, and no other."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Damage roll: 1D6 + Speed used (her own speed) + the bottom; no hull or ram bow modifier" in ref


def test_the_aground_boxes_count_the_failed_tries_to_break_free(library):
    """Replay r18, moment 4 (p7, every sheet): four failed tries and she is stuck for good, but "Aground: break free
    on 6+" read as one box, the tries kept in notes. The label says its four boxes are the failed tries, in the one
    line it had (two lines took New Orleans' A4 sheets onto another page)."""
    from shipyard.rules.saunders.sheet import status_items

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    ag = RS.tables().aground.rows
    unit = library.find("uss-hartford")
    assert ("Aground: failed 6+ tries", 4, "aground") in status_items(RS.derive(unit, ctx).stats, ctx)
    assert (int(ag["break_free_on"]), int(ag["attempts"])) == (6, 4)
    assert "Aground: failed 6+ tries" in block_text([sheet(unit, RS.derive(unit, ctx), ctx)])


def test_the_end_of_turn_rubs_out_the_forts_targets(bundled_packs):
    """Replay r18, defect (p15): each fort face's Targets row is one line for a 12-turn game; nothing said when it is
    rubbed out. Step 7 rubs it out with the guns' fired dots."""
    assert "the guns' fired dots and the forts' targets" in reference_text(pack_texts(bundled_packs))


def test_a_holed_funnel_s_smoke_lasts_the_game(bundled_packs):
    """Replay r18, defect (p6, p18): the sheet's lasting Funnel box implied the smoke stays, the table did not say.
    A holed funnel is not repaired (repairs mend guns and holes): her smoke and lost knot last the game."""
    assert "Funnel holed: filled with smoke, -1 knot, both for the rest of the game" in reference_text(pack_texts(bundled_packs))



CHOICE = "Arcs (“or”: its side as it fires)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_gun_with_a_choice_of_port_or_side_says_when_it_takes_it(bundled_packs, paper):
    """Replay r19, moment 1 (p13 Tennessee's 7-inch with three 10° ports; p9 Lackawanna's, Selma's pivots to either
    side): must the port or side be plotted, and where? The orders log had no column for it. The text plots a turret's
    arc alone: a pivot takes its port as it fires (our reading, Pivot's port; plotted with the move, a house rule)."""
    texts = pack_texts(bundled_packs, paper=paper)
    sheets = " ".join(t for t in texts if SHEET_MARK in t)
    assert "7-inch Brooke rifle 1 5 R fore, port bow or starboard bow 10°" in sheets
    assert "7-inch Brooke rifle 1 5 R aft, port quarter or starboard quarter 10°" in sheets
    assert "11-inch Dahlgren smoothbore 1 6 port or starboard 90°" in sheets  # Seminole's one pivot
    # Tennessee, Selma and the seven sloops and gunboats with an 11-inch pivot, and Octorara and Gaines, whose odd
    # broadside gun fights either side (replay 24)
    assert sheets.count(CHOICE) == 11
    assert "Pivot's port as it fires; clubs may instead play: plotted with the move" in reference_text(texts)


def test_each_sheet_with_a_choice_of_port_says_when_and_a_house_rule_plots_it(library, tmp_path):
    """The heading says it on every sheet with an "or" in its arcs and on no other; the house rule's reading replaces
    it."""
    from shipyard.rules.saunders.sheet import gun_rows

    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  pivot_ports: {rows: {plotted: true}}\n")
    for rules, words in ((None, CHOICE), (house, "Arcs (“or”: plot it in Fire at / notes)")):
        ctx = RS.context(library, house_rules=rules)
        ctx.scenario = library.scenario("mobile-bay-1864")
        for _, unit in library.scenario_units(ctx.scenario):
            d = RS.derive(unit, ctx)
            choice = any(" or " in row[4] for row in gun_rows(d.stats))
            assert (words in block_text([sheet(unit, d, ctx)])) == choice, unit.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_top_ahead_knots_run_on_before_astern_are_labelled_ahead(bundled_packs, paper):
    """Replay r19, defect a (p6, p7, p9): on a long speed track the top knots ran on to a second line ahead of the
    "Astern" boxes, easy to read as astern speeds. A line run on is labelled at its head: "cont." (replay 29 read a
    second "Ahead" as a second row of ahead speeds)."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    at = next(k for k, t in enumerate(pack_texts(bundled_packs, paper=paper)) if "USS Lackawanna" in t and SHEET_MARK in t)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[at]
        words = page.extract_words()
    lines = [[w["text"] for w in sorted(words, key=lambda w: w["x0"]) if abs(w["top"] - a["top"]) < 1.5]
             for a in words if a["text"] in ("Ahead", "cont.")]  # each speed-track line, left to right, from its label
    runs_on = [ws for ws in lines if "Astern" in ws]
    assert len(lines) == 3 and len(runs_on) == 1, lines  # Lackawanna's runs on, Seminole's does not
    assert [ws[0] for ws in lines].count("Ahead") == 2 and runs_on[0][0] == "cont.", lines
    top = runs_on[0][1:runs_on[0].index("Astern")]
    assert top and top[-1] == "10½" and set(top) <= {"9½", "10", "10½"}, runs_on  # her top knots, said continued


def test_a_ship_counts_her_funnel_hits_in_boxes(library, bundled_packs):
    """Replay r19, defect b: one Funnel box a sheet, so how many funnel hits a ship had taken showed only on the speed
    track (Brooklyn rolled 51 twice). Each hit takes her knot again (Repeated critical): a box a hit, two of them (a
    third wrapped Memphis' rams' line)."""
    from shipyard.rules.saunders.sheet import status_items

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    for _, unit in library.scenario_units(ctx.scenario):
        d = RS.derive(unit, ctx)
        funnel = [(label, n) for label, n, tr in status_items(d.stats, ctx) if tr == "smoke"]
        assert funnel == ([] if d.stats.fort else [("Funnel: smoke, −1 kn, −1 to fire", 2)]), unit.name
    assert "struck on the speed track (a funnel: one more box or the margin; no second −1)" in readings_rows()["Repeated critical"]
    assert "struck on the speed track (a funnel: one more box or the margin; no second −1)" in reference_text(pack_texts(bundled_packs))


# The twentieth replay's moments (/work/notes/s9/r20/saunders.md): each answered in a line where the player looked.


def test_a_ship_meeting_a_wreck_rolls_against_an_uncontrolled_ship_and_of_one_size_the_faster_slides(bundled_packs):
    """Replay r20, moment 1 (p19 Wrecks and Collisions, p18 Ramming): Manhattan stern-rammed Tecumseh's wreck. Her
    damage is the wreck's roll, and no modifier was given for a sunk ship; nor which of two the same size slides
    alongside. A wreck rolls as a ship stopped and uncontrolled (the text's −1, with her own original hull: she is
    past steering as much as a ship with no hull left); of one size, the faster slides, so a wreck (0 kn) never does."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = readings_rows()
    assert "a ship meeting it collides as with one stopped (0 kn), uncontrolled" in rows["Wrecks"]
    assert "of one size, the faster slides" in rows["Collisions"]
    assert rows["Wrecks"] in ref and rows["Collisions"] in ref
    assert "Own ship uncontrolled" in ref and "the smaller slides alongside the other" in ref  # the rows they settle


def test_a_holed_monitor_rolls_a_d6_for_each_hole(bundled_packs):
    """Replay r20, moment 2 (p2 Monitors): "4+ a hole sinks her" read as one roll a hole or one in all. A D6 for each
    hole, as the text's own sinking roll is (a D6 per unrepaired hole), any 4+ sinking her: a second hole is a
    second chance to go down. The rule keeps its two lines (its "a foot of freeboard" is in the docs): a third shrank
    the Letter plan and drew a label off its marker."""
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "rolls a D6 a hole at once and after each turn's repairs: any 4+ sinks her" in setup
    assert "4+ a hole sinks" not in setup


def test_a_second_magazine_critical_on_a_flooded_magazine_does_not_explode(bundled_packs):
    """Replay r20, moment 3 (p19 Repeated critical; Selma rolled 26 twice in turn 3): the repeat reading covered
    fires, holes, knots, paddles and guns, not a second 26. A magazine flooded (its box ticked) holds wet powder: a
    second 26 then rolls no D6 and the box stays as it is; once rubbed out, a 26 rolls as the first did. The room is won
    in Pair in a collision, a few words shorter ("each her own modifiers", "no harm") with its sense kept."""
    ref = reference_text(pack_texts(bundled_packs))
    rows = readings_rows()
    assert "stays as it is (no second halving; a flooded magazine does not explode)" in rows["Repeated critical"]
    assert "each her own modifiers; their partners take no harm, but" in rows["Pair in a collision"]
    assert rows["Repeated critical"] in ref and rows["Pair in a collision"] in ref


def test_a_monitor_sunk_by_her_holes_mid_move_leaves_her_wreck_where_she_is(bundled_packs):
    """Replay r20, moment 4 (p2 Monitors, Tecumseh sunk by the roll made at once, mid-move): where does her wreck go?
    The player put it where the torpedo struck. The rule now says so: the roll that sinks her sinks her where she is,
    her wreck there (the text's other sinkings fall at a turn's end, where she lies)."""
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "after each turn's repairs: any 4+ sinks her where she is." in setup


def test_a_gun_critical_passed_to_the_next_section_takes_a_gun_on_the_side_facing_the_firer(bundled_packs):
    """Replay r20, moment 5 (p19 Repeated critical, Hartford turn 3): a gun critical on a bow with no gun in action
    passes to the next section's nearest gun, and midships has broadside guns on both sides. The shot came from the
    firer's side: the gun is one on the side facing her."""
    ref = reference_text(pack_texts(bundled_packs))
    reading = readings_rows()["Gun nearest"]  # s37: moved from Repeated critical
    assert "else (21–23, 61–63 always) 3 the next section's nearest the hit" in reading and "on the firer's side" in reading and reading in ref


def test_fort_gaines_reaches_the_channel_s_west_side_at_long_range_and_says_so(library, bundled_packs):
    """Replay r20, defect a (p2 Fort Gaines): "two and a half miles from the channel" (~44 in) beside a 10-inch's 48 in
    read as out of reach, yet she fired every turn. The plan is right (her set-up point to the channel's west edge
    under 48 in, its east side and the monitors' 000° track at x 59 beyond: the Official Records have Fort Gaines
    firing at the fleet with two columbiads), so the set-up page now says what her Long reaches."""
    import math

    from shipyard.pack.setup_page import fit

    ctx = RS.context(library)
    scen = library.scenario("mobile-bay-1864")
    gun = next(g for g in RS.derive(library.units["fort-gaines"], ctx).stats.guns if g.name == "10-inch columbiad")
    assert gun.ranges_in.long == 48
    f = fit(scen.setup, RS, RS.native_scale)
    fort = f.table_point(scen.setup.starts["fort-gaines"].at)
    channel = next(w for w in scen.setup.water if w.kind == "channel").outline
    west, east = f.table_point(channel[-1]), f.table_point(channel[2])  # the channel's two edges at y 2,800 yd
    monitors = f.table_point(scen.setup.starts["uss-tecumseh"].at)
    assert math.dist(fort, west) < 48 < min(math.dist(fort, east), math.dist(fort, (monitors[0], west[1])))
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    # replay r21, defect a: "its west side" read as the fort's own: the channel's, said
    assert "(the east face, her sector on the plan) fire; their 48 in Long reaches the channel's west edge north of y 18." in setup


def test_a_machinery_critical_says_its_knots_are_struck_on_the_speed_track(bundled_packs):
    """Replay r20, defect b (p7 and the other sheets): no Machinery box, and criticals 41–45 go only on the speed
    track, easy to miss. The sheet's speed head is full to its line's end, so the criticals table (where 41–45 is read)
    says where its knots go, as the sheet's own words strike them: a line each still."""
    texts = pack_texts(bundled_packs)
    ref = reference_text(texts)
    for words in ("41-43 Machinery: -1 kn max speed, struck on the speed track",
                  "44-45 Machinery: -2 kn max speed, struck on the speed track"):
        assert words in ref, words
    sheets = [t for t in texts if SHEET_MARK in t and "Ahead" in t]
    assert sheets and all("strike lost knots from the top" in t for t in sheets)


# The twenty-first replay's moments (/work/notes/s9/r21/saunders.md), each a line where the player looked.

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_ship_with_no_hull_left_but_afloat_steams_and_fights_on_till_she_sinks(bundled_packs, paper):
    """Replay r21, moment 1 (Brooklyn turn 3, 22 of 22 hull boxes and holes): p19 gave only the sinking roll and the
    ramming box called her "uncontrolled"; does she still move under power and fire? The text sets speed 0 only for a
    ship that surrenders (no holes); a holed one sinks by her roll, and till then steams and fights on, −1 in a ram."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ("No hull left, holes end of each turn: D6 per unrepaired hole, a 6 sinks her; till then she steams and "
            "fights on as before (uncontrolled: −1 in a ram)") in ref


def test_a_fort_hit_on_4_to_6_rolls_the_d66_only_as_a_ship_s_does(bundled_packs):
    """Replay r21, moment 2 (p18, p19): the fort row said "4–6 cost no hull, the D66 only" where the hit-location
    heading says "on 4–6, no hull and under 6 no effect": does a fort roll the D66 whatever the total? No: the fort row
    now sends the player to the ship's rule (Hits 4–6), the one place the fact is said."""
    ref = reference_text(pack_texts(bundled_packs))
    fort = readings_rows()["Hits on a fort"]
    assert "4–6 cost no hull, as a ship's (Hits 4–6)" in fort and "the D66 only" not in fort
    # said once, in the Forts table's Hit row (s11), the readings' row pointing there
    assert "Hit roll the location as for a ship: every location is the walls, 4–6 cost no hull, as a ship's (Hits 4–6)" in ref
    assert f"Hits on a fort {FORT_READINGS['Hits on a fort']}" in ref and "the D66 only" not in ref
    assert "Hit location (1D6; 4–6: no hull, whole D66 at 6+; Hits 4–6)" in ref and "Hits 4–6" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_pilot_house_hit_does_not_stop_a_forced_slowing(bundled_packs, paper):
    """Replay r21, moment 3: a pilot house hit ("no change of speed next move") on a ship faster than her new maximum,
    who must lose 2 kn a turn: which wins? The slowing: it is her damage taking the knots, not an order the wrecked
    helm cannot pass (the text: she "must" decelerate). Said in the slowing's row, where the lost knots are read."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Faster than the new maximum this plot stands, then −2 kn a turn down to it, pilot house hit or captain down" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_hull_bars_name_the_fraction_lost_the_reference_s_speed_rows_read(bundled_packs, paper):
    """Replay r21, defect c: the sheets' "after box 11: ¾ speed" beside p18's "Hull ½ lost: max speed × ¾" read as
    two thresholds with exactly 11 of 22 ticked. The sheet now says the reference's words, the box whose tick drops her
    beside them: "½ lost (box 11): ¾ = …", one line still (no wrap onto a second)."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "Hull ½ lost: max speed × ¾" in ref and "Hull ¾ lost: max speed × ½" in ref
    brooklyn = next(t for t in texts if SHEET_MARK in t and "USS Brooklyn" in t)
    assert "½ lost (box 11): ¾ = 8½ kn; ¾ lost (box 17): ½ = 5½ kn;" in brooklyn and "after box" not in brooklyn


def test_a_fort_s_gun_boxes_are_wider_than_a_ship_s_for_the_dot_the_tick_and_the_cross(library):
    """Replay r21, defect d (p15): a fort's one box a gun carries the fired dot, ✓ out and ✗ lost, volley after
    volley, and was cramped at a ship's 3.4 mm. A fort's boxes are 4.2 mm wide, eight a line in fours (her pages have
    the room; a ship's sheet has none): no pack grows (every bundled scenario's Saunders pack checked, A4 and Letter)."""
    from shipyard.render.kit import GunTable

    ctx = RS.context(library)

    def gun_table(uid):
        unit = library.find(uid)
        return next(b for b in walk(sheet(unit, RS.derive(unit, ctx), ctx)) if isinstance(b, GunTable))

    fort, ship = gun_table("fort-morgan"), gun_table("uss-brooklyn")
    assert fort.box_w >= 4.2 > ship.box_w and fort.box == ship.box
    assert (fort.per_line, fort.group) == (8, 4)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_water_off_the_channel_and_off_a_drawn_shoal_is_deep(bundled_packs, paper):
    """Replay r22, moment 1 (p2 key "outside, shoal or deep water"): the lashed pairs on 005° ran over the strip between
    the channel's edge and the dotted Middle Ground; was it shoal? Only a drawn shoal grounds a ship: the depths say
    all other water is deep, the channel's outside too, in the line the player read for who grounds."""
    setup = next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Set-up:"))
    assert "A ship drawing more than the depth grounds; other water, off a channel too, is deep." in setup


def test_a_lashed_ship_that_sinks_leaves_her_partner_cut_free_and_unharmed(bundled_packs):
    """Replay r22, moment 2 (p2 Lashed pairs, p19; Brooklyn sank from her holes with Octorara lashed to her): the pack
    cut a partner free from one that explodes and carried one that strikes, not one that sinks. Either sinking, the
    other is cut free where she lies, unharmed (a slow foundering, cast off in time; an explosion keeps its roll)."""
    rows = readings_rows()
    assert "; one sinking: the other is cut free there, unharmed" in rows["Lashed pairs"]
    assert rows["Lashed pairs"] in reference_text(pack_texts(bundled_packs))


def test_a_ship_sunk_mid_move_by_a_torpedo_tests_no_more_and_her_wreck_lies_there(bundled_packs):
    """Replay r22, moment 3 (p2 Monitors "sinks her where she is" against p19 "a strike stops no test"; Tecumseh
    sank on her first strike and the player rolled her next test): a strike stops no test, but a sinking ends her
    tests, her wreck where she sank; the Monitors rule and the Torpedoes reading now say the same."""
    rows = readings_rows()
    assert "a strike stops no test, a sinking ends hers (her wreck there)" in rows["Torpedoes"]
    assert rows["Torpedoes"] in reference_text(pack_texts(bundled_packs))
    setup = next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:"))
    assert "sinks her where she is" in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_monitors_rule_says_plainly_which_monitor_rolls(bundled_packs, paper):
    """Replay r22, defect a (p2 Monitors "One a torpedo holes rolls a D6 ..." read garbled): the rule names the monitor
    a torpedo holed in plain words, in its two lines."""
    setup = next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Set-up:"))
    assert "Monitors Torpedo-holed, she rolls a D6 a hole at once and after each turn's repairs: any 4+ sinks her where she is." in setup
    assert "One a torpedo holes" not in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_turn_gauge_says_how_it_is_laid_at_step_3_and_why_its_arms_stop_at_4_kn(bundled_packs, paper):
    """Replay r22, defect b (p16): arms to 4 kn while ships plot to 13½ kn, and "they measure the move from the pivot"
    unclear for a turn that costs no distance. The title says how it is laid at step 3 (pivot on her centre, heading arm
    along her keel, swing her to the turned arm) and that its knots are a short ruler: a longer move takes the ruler."""
    gauge = next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Turn gauges"))
    assert "step 3: pivot on her centre, heading arm along her keel, swing her to the turned arm" in gauge
    assert "are a short ruler: a longer move takes the ruler" in gauge


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rammer_in_a_collision_nobody_plotted_is_the_ship_whose_bow_strikes(bundled_packs, paper):
    """Replay r23, moment 1 (p18-19 Ramming: an accidental crossing between enemies, no ram plotted): who is the
    rammer for the "own ship the rammer / the one rammed" modifiers? The step that opens the ramming steps says it:
    the ship whose bow strikes, a ram plotted or not (bow to bow, the DAV roll's next step decides)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Which blow Rammer: the ship whose bow strikes, a ram plotted or not." in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_boiler_hit_says_its_steam_lasts_the_game_on_the_sheet_and_the_reference(bundled_packs, paper):
    """Replay r23, defect a: the quick reference's critical 46 and the sheet's Boiler box did not say how long its
    −1 to fire lasts (the player assumed the game: its box is not in the next-move row). Both say so, as the funnel's."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert "46 Boiler: filled with steam, speed halved (Speed lost), all game" in (
        reference_text(texts))
    sheets = [t for t in texts if SHEET_MARK in t and "Rudder: no turn" in t]
    assert sheets and all("Boiler: ½ speed, −1 to fire, all game" in t for t in sheets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_hit_location_heading_says_4_to_6_in_plain_words_and_points_to_its_reading(bundled_packs, paper):
    """Replay r23, defect b (p18): "on 4–6, no hull and under 6 no effect" made sense only after the Hits 4–6 row on
    p19. The heading says it plainly in the same line (no hull lost; the D66 from a total of 6+) and names that row."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Hit location (1D6; 4–6: no hull, whole D66 at 6+; Hits 4–6)" in ref
    assert "under 6 no effect" not in ref and f"Hits 4–6 {readings_rows()['Hits 4–6']}" in ref


# Replay 24 (/tmp/play24/saunders/report.md): three turns of Mobile Bay from the A4 pack, six rulebook moments.

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_torpedo_field_rules_stand_together_under_the_density_table(bundled_packs, paper):
    """Replay 24, defect (torpedo rules in three places, p2, p19 left and right, 3 minutes to put together): the
    Torpedoes reading is printed as the density table's Tests row, between it and the strike table, on one page; the
    readings page points to it."""
    texts = pack_texts(bundled_packs, paper=paper)
    reading = readings_rows()["Torpedoes"]
    (page,) = [t for t in texts if "Torpedo fields: 2D6 per inch moved" in t]
    density = page.index("Torpedo fields: 2D6 per inch moved")
    assert page.index(f"Strike on 12+ 11+ 10+ 9+ 8+ Tests {reading}") > density
    assert page.index("Torpedo strike (1D6)") > page.index(reading)
    assert "Torpedoes under Torpedo fields (Tests)" in reference_text(texts)
    assert reference_text(texts).count(reading) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_lashed_gunboat_has_turned_when_her_sloop_turns(bundled_packs, paper):
    """Replay 24, moment 1 (pp2, 18, 19; Octorara with Brooklyn, turns 2-3): "turns as the sloop" against first fire
    for "ships that did not turn" and the −1 for "firer or target plotted a turn": had the gunboat turned? Yes: the pair
    pivots as one, both hulls turn, so both fire in step 6 and take and give the −1."""
    reading = readings_rows()["Lashed pairs"]
    assert "on the sloop's centre: both turn (step 6, −1)" in reading
    assert f"Lashed pairs {reading}" in reference_text(pack_texts(bundled_packs, paper=paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_partner_cut_free_mid_turn_ends_the_turn_on_the_pair_s_plot(bundled_packs, paper):
    """Replay 24, moment 2 (p19 Explosion and Lashed pairs; Metacomet when Hartford blew up in step 4): cut free, what
    does she do for the rest of the turn? She makes the rest of the pair's plotted move and turn as her own, her inboard
    guns still silent (a cast-off takes a whole move, the set-up's rule), and plots alone from the next turn."""
    reading = readings_rows()["Lashed pairs"]
    assert "cut free there, unharmed (blown up: as Explosion), ends the turn on the pair's plot (inboard guns silent), then plots alone" in reading
    assert reading in reference_text(pack_texts(bundled_packs, paper=paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hulls_meet_as_the_sheets_model_rectangles_and_a_near_touch_is_a_d6(bundled_packs, paper):
    """Replay 24, moment 3 (p19 Wrecks, Plots stand, Collisions; Richmond 0.02 in into Hartford's wreck): the pack had a
    too-close-to-call for lines of fire only, nothing for hulls or their shape. Hulls are the Model size each sheet
    prints, a rectangle on her centre and heading; within 1/16 in, gap or overlap, a D6 4+ clears; hulls touching
    alongside on one heading (a pair sliding past) are no new collision."""
    texts = pack_texts(bundled_packs, paper=paper)
    rows = readings_rows()
    assert "hulls: the sheets' Model rectangles; within 1/16 in: D6, 4+ clear; alongside on one heading: none" in rows["Collisions"]
    assert rows["Collisions"] in reference_text(texts)
    ships = [t for t in texts if SHEET_MARK in t and "Propulsion:" in t]
    assert ships and all(" · Model " in t for t in ships)  # the size the reading points to, on every ship's sheet


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_ship_sliding_alongside_one_on_her_own_heading_takes_the_least_sidestep(bundled_packs, paper):
    """Replay 24, moment 4 (p18 Afterwards, p19 Collisions; Lackawanna's bow on the stern of Hartford's wreck, both on
    005°): "the least turn that clears her" clears nothing when the hulls lie parallel. The text deflects the smaller
    "by the minimum necessary to pass alongside": on one heading, the least sidestep, till the hulls touch."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ("the smaller slides alongside the other (the least turn that clears her; on one heading, the least "
            "sidestep, hulls touching) and both move on") in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_step_7_lists_the_fire_out_roll_with_the_other_rolls_due(bundled_packs, paper):
    """Replay 24, defect (no step-7 checklist; Selma's fire-out roll missed in turn 2): the fire-out D6 was only in the
    Fires reading. The End of turn table's rolls due now open with it, its number the Fires reading's."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    out = RS.tables().repairs.rows["fire_out_on"]
    assert f"Rolls due D6 each: a fire out ({out}+), sinking (no hull, unrepaired holes)" in ref
    assert f"end of turn D6 each, {out} puts it out" in readings_rows()["Fires"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_side_wheeler_sheet_and_the_reference_pick_the_lost_wheel_by_one_d6(bundled_packs, paper):
    """Replay 24, moment 5 (pp6-14 "1st box port, 2nd starboard" against p18-19's D6 for the side; Metacomet, Morgan):
    the sheet read as the first wheel lost always being the port one. The sheet now gives the reference's D6 and names
    each box's side, both from the criticals table's one row."""
    texts = pack_texts(bundled_packs, paper=paper)
    row = next(r for r in RS.tables().criticals.rows if r["roll"] == "53-56")
    port, starboard = row["sides"]["port"], row["sides"]["starboard"]
    assert f"D6 {port} port, {starboard} starboard" in flat(row["effect"]) and f"D6 {port} port, {starboard} starboard" in reference_text(texts)
    wheelers = [t for t in texts if SHEET_MARK in t and "Propulsion: sidewheel" in t]
    assert len(wheelers) >= 3
    assert all(f"Paddle lost (53–56, ½ speed): D6 {port} port (1st box), {starboard} starboard (2nd)" in t for t in wheelers)
    assert not any("1st box port, 2nd starboard" in t for t in texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_s_guns_beyond_its_share_at_one_ship_may_hold(bundled_packs, paper):
    """Replay 24, moment 6 (p19 Forts "the rest at others in its arc"; Fort Morgan, turn 3, five 32-pdrs with nothing
    they could hit): read as forcing the rest to fire. A gun may fire (the text's steps 4 and 6 say "may"): the rest
    fire at others in its arc, or are held."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "rounded up (at least 2; other sheets' guns apart), the rest at others or held; lost guns count; one held fires in step 6" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_criticals_say_which_die_of_a_d66_is_the_tens(bundled_packs, paper):
    """Replay 24, defect (D66 not explained): the text reads one die as tens and one as units; the criticals table says
    once to name the tens die before the roll."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "D66 Effect (D66: name the tens die before the roll)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_odd_broadside_gun_is_counted_in_its_line_and_takes_its_side_as_a_pivot_does(bundled_packs, paper):
    """Replay 24, defect (Octorara, Gaines: "port 10° (the odd gun: either side)"): did the count include it, and was
    its side plotted? It is one of the port line's guns, its side chosen as a pivot's port is (the Arcs heading's "or")."""
    texts = pack_texts(bundled_packs, paper=paper)
    (octorara,) = [t for t in texts if SHEET_MARK in t and "Octorara class" in t]
    octorara = octorara[octorara.index("Octorara class"):]
    assert "9-inch Dahlgren smoothbore 2 4 port 10° · both port (stbd masked) · mid" in octorara  # play 30, 43: one line
    assert CHOICE in octorara and "the odd gun" not in " ".join(texts)


# ---------------------------------------------------------------------------------------------
# Replay s11 (sau32): the A4 Mobile Bay pack's rulebook moments and defects


def firer_stationary() -> str:
    from shipyard.rules.saunders.derive import modifier
    from shipyard.rules.saunders.sheet import signed

    t = RS.tables()
    return f"{t.to_hit.rows['stationary']}", signed(modifier(t.to_hit, "Firer stationary"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_firer_s_stationary_modifier_is_named_where_a_ship_fires(bundled_packs, paper):
    """Replay s11, moment 4: nothing where the player fires pointed to the firer stationary +1 (the to-hit table on
    p18 alone). The turn card's First fire row names it beside who fires, and every ship's to-hit line names it; a
    fort's does not (she fires, by our fort_fire reading, not as a stationary firer)."""
    speed, mod = firer_stationary()
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    first = ref[ref.index("4 First fire"):ref.index("5 Move on")]
    assert f"ships that did not turn ({speed}: {mod}); forts" in first
    sheets = [t for t in texts if SHEET_MARK in t]
    line = f"{SHEET_MARK} · firer at {speed} {mod}"
    ships = sum(t.count(SHEET_MARK) for t in sheets) - sum(t.count("Fort · ") for t in sheets)
    assert ships >= 18 and sum(t.count(line) for t in sheets) == ships
    fort_page = next(t for t in sheets if "Fort · Mobile Point" in t)
    assert line not in fort_page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_fort_rules_are_said_once_in_the_reference(bundled_packs, paper):
    """Replay s11, defect: the fort rules were printed twice, in the Forts table and again in full in the readings
    (Fort firing, Hits on a fort). The Forts table says them; the readings' rows point to it, the fort_fire second
    reading kept after the pointer."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ref.count("of a face's guns a turn") == 1
    assert ref.count("every location is the walls") == 1
    assert "Fort firing under Forts (Fires, Fired at); clubs may instead play: as a stationary firer (+1), every gun at one ship" in ref
    assert "Hits on a fort under Forts (Hit)" in ref
    assert "every location is the walls, 4–6 cost no hull, as a ship's (Hits 4–6)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_to_hit_modifiers_say_a_fire_and_smoke_add(bundled_packs, paper):
    """Replay s11, moment 1: a firer on fire (−1) and filled with smoke (−1): one −1 or two? Every modifier that
    applies counts (to_hit_stack's `stack`, our reading: the text lists them with no word on how they meet); the to-hit
    table ends with the two added, and the readings say it, with the other reading as the clubs' option."""
    from shipyard.rules.saunders.derive import modifier
    from shipyard.rules.saunders.sheet import signed

    t = RS.tables()
    assert t.require("to_hit_stack").rows["stack"] is True and t.require("to_hit_stack").provenance == "reconstructed"
    first, second = t.require("to_hit_stack").rows["adds"]
    total = signed(modifier(t.to_hit, first) + modifier(t.to_hit, second))
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    table = ref[ref.index("To hit: 1D6 per gun"):ref.index("Hit location (1D6")]
    assert f"{first} {signed(modifier(t.to_hit, first))}" in table and f"{second} {signed(modifier(t.to_hit, second))}" in table
    assert f"On fire + in smoke: total {total}" in table and total == "−2"
    assert ("To-hit modifiers each that applies counts (fire and smoke: both); clubs may instead play: her fire, "
            "smoke and steam count once") in ref


def test_a_house_rule_counts_the_firer_s_own_state_once(library, tmp_path):
    """Replay s11, moment 1, the other reading: with to_hit_stack stack: false the table's last row says fire, smoke and
    steam count once, at the worst, and the readings mark the house rule."""
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  to_hit_stack: {rows: {stack: false}}\n")
    ctx = RS.context(library, house_rules=house)
    derived = [RS.derive(u, ctx) for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    text = block_text(sections(derived, ctx))
    assert "on fire, smoke, steam: once −1" in text and "On fire and in smoke −2" not in text
    assert "her fire, smoke and steam count once (house rule" in text


LASHED_PAIRS = {"uss-brooklyn": "uss-octorara", "uss-hartford": "uss-metacomet", "uss-richmond": "uss-port-royal",
                "uss-lackawanna": "uss-seminole", "uss-monongahela": "uss-kennebec", "uss-ossipee": "uss-itasca",
                "uss-oneida": "uss-galena"}


def lashed_sheets(texts: list[str]):
    """Each of the fourteen lashed ships' sheets: (her name, her partner's first name, her sheet's text)."""
    for sloop, mate in LASHED_PAIRS.items():
        for ship, other in ((sloop, mate), (mate, sloop)):
            name = "USS " + ship[4:].replace("-", " ").title()
            yield name, other[4:].replace("-", " ").title().split()[0], sheet_of(texts, name)


# play 35 defect: where the consort is no gunboat by type, her sloop's line says "as sloop", keyed by the partner the line names and her inboard side
ROLE = {"Seminole": {"port": " (as gunboat)"}, "Galena": {"port": " (as gunboat)"},  # play 40: after the name
        "Lackawanna": {"starboard": " (the sloop)"}, "Oneida": {"starboard": " (the sloop)"}}  # play 41, moment 8


def lashed_head(mate: str, inboard: str) -> str:
    """A lashed ship's line's start: "Lashed to Galena" (play 40: on every lashed sheet)."""
    return f"Lashed to {mate}{ROLE.get(mate, {}).get(inboard, '')}"


def sheet_of(texts: list[str], name: str) -> str:
    """A unit's sheet text on its page: from her heading (her name, then her type and navy before the rules' name)
    to the next sheet's heading, or the page's end."""
    import re

    head = re.compile(r"(?:USS|CSS) [A-Z][a-z]+(?: [A-Z][a-z]+)? [A-Z][^·]*(?:· [^·]* )?· (?:USN|CSN) · ACW Naval Rules")
    for page in texts:
        if SHEET_MARK not in page:
            continue
        starts = [m.start() for m in head.finditer(page)]
        for k, at in enumerate(starts):
            if page.startswith(f"{name} ", at):
                return page[at:starts[k + 1] if k + 1 < len(starts) else len(page)]
    raise AssertionError(f"no sheet for {name}")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_lashed_ship_s_sheet_counts_what_her_masked_broadside_keeps(bundled_packs, library, paper):
    """Replay s11, moment 3: the player could not work out how many guns a masked broadside keeps. Each lashed
    ship's guns table counts it in the masked line's Arcs (the worked line: "all 10 masked"; an odd gun that may take
    either side fires from the other: "2 masked, 1 fires starboard", replay s26), and a line under the guns gives the
    steps."""
    import re

    texts = pack_texts(bundled_packs, paper=paper)
    scenario = library.scenario("mobile-bay-1864")
    units = {su.id: su for side in scenario.sides for su in side.units}
    fitted = {u.id: u for _, u in library.scenario_units(scenario)}  # each as the scenario's date fits her out
    seen = 0
    for sloop_id, boat_id in LASHED_PAIRS.items():
        boat = units[boat_id]
        assert boat.lashed_to == sloop_id and boat.lashed_on == "port"
        for uid, inboard, outboard, partner in ((sloop_id, "port", "starboard", boat_id), (boat_id, "starboard", "port", sloop_id)):
            unit, mate = fitted[uid], fitted[partner].name.split(" ", 1)[1]
            text = flat(sheet_of(texts, unit.name))
            assert (lashed_head(mate, inboard) + f": {inboard} guns and fire across any pair masked; “or” guns: "
                    f"{outboard} · slower's speed now · holes, magazine: hers") in text, unit.name  # s35, play 32 moment 4
            stats = RS.derive(unit, RS.context(library)).stats
            sides = [g for g in stats.guns if g.per_side and {a.split()[0] for a in g.arcs} == {"port", "starboard"}]
            for g in sides:  # the battery's inboard share, counted as the text deals it (the odd gun to port)
                share = g.count - g.count // 2 if inboard == "port" else g.count // 2
                odd = g.count % 2 == 1
                if inboard == "port" and odd:  # s26: said in words ("masked: 1 of 3, to starboard" was cryptic)
                    want = f"port 10° · {share - 1} masked; 1 moves: starboard fires {share}, port none"
                else:
                    want = f"{inboard} 10° · all {share} masked" if share > 1 else f"{inboard} 10° · masked"  # play 30
                assert want in text, (unit.name, g.name, want)
                seen += 1
            for m in re.finditer(r" (\d+) \d+ (?:R )?(?:port|starboard) 10° · (?:all )?(\d+) masked(?:; (\d+) moves)?", text):
                assert int(m.group(1)) == int(m.group(2)) + int(m.group(3) or 0), (unit.name, m.group(0))  # her No.
            for m in re.finditer(r" (\d+) \d+ (?:R )?(?:port|starboard) 10° · masked", text):
                assert m.group(1) == "1", (unit.name, m.group(0))  # a line of one gun says "masked" (play 30, moment 8)
    assert seen >= 14
    for name in ("CSS Selma", "USS Tecumseh", "CSS Gaines"):  # no partner: nothing masked, no lashed line
        text = sheet_of(texts, name)
        assert SHEET_MARK in text and "masked" not in text and "Lashed to " not in text, name


def test_a_house_rule_silences_both_of_a_lashed_pair_on_a_flooded_magazine(library, tmp_path):
    """Replay s11, moment 2, the other reading: lashed_pairs magazine_silences_partner: true, the lashed ship's line
    says a flood silences both ships; the readings mark the house rule."""
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  lashed_pairs: {rows: {magazine_silences_partner: true}}\n")
    plain, ruled = RS.context(library), RS.context(library, house_rules=house)
    for ctx in (plain, ruled):
        ctx.scenario = library.scenario("mobile-bay-1864")
    unit = library.units["uss-hartford"]
    assert "holes, magazine: hers" in block_text([sheet(unit, RS.derive(unit, plain), plain)])
    assert "holes: hers, magazine: both" in block_text([sheet(unit, RS.derive(unit, ruled), ruled)])
    row = next(r for r in ruled.tables.readings() if r["rule"] == "Magazines")
    assert row["switched"] and row["reading"] == "both of the pair"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_readings_say_a_flooded_magazine_silences_the_ship_hit_alone(bundled_packs, paper):
    """Replay s11, moment 2: does a flooded magazine on one ship of a lashed pair silence her partner's guns too? No
    (lashed_pairs, our reading: each her own magazine); the readings say it, with the other reading as the option."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert RS.tables().require("lashed_pairs").rows["magazine_silences_partner"] is False
    assert ("Magazines a flood silences the ship hit alone, a lashed partner fires on; clubs may instead play: both "
            "of the pair") in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fort_s_targets_row_has_a_cell_for_each_battery_it_may_lay_on_a_ship(bundled_packs, library, paper):
    """Replay s11, defect: Fort Morgan's sheet had one target cell too few: her channel fronts have five batteries
    (five lines of her guns table), each of which may lay on a ship of its own, and four cells (20 guns, 5 at one
    ship). A face's row now has a cell for each battery where the cap alone would give fewer; the batteries are
    counted from the printed guns table."""
    from shipyard.app import context
    from shipyard.rules.saunders.derive import guns_at_one_ship
    from shipyard.rules.saunders.sheet import fort_targets

    page = next(t for t in pack_texts(bundled_packs, paper=paper) if "Fort Morgan water battery" in t and SHEET_MARK in t)
    morgan = page.split("Fort Morgan water battery")[0]
    guns = morgan[morgan.index("Gun (a box each: dot it"):morgan.index("Targets this turn, channel fronts")]
    batteries = {face: guns.count(face) for face in ("channel fronts 170–330°", "bay front 330–030°")}
    assert batteries == {"channel fronts 170–330°": 5, "bay front 330–030°": 2}
    ctx = context(RS, library, scenario=library.scenario("mobile-bay-1864"))
    unit = library.units["fort-morgan"]
    rows = fort_targets(unit, RS.derive(unit, ctx).stats, ctx).rows
    cells = sum(len(r) - 1 for r in faces_of(rows)[0])
    assert -(-20 // guns_at_one_ship(ctx.tables, 20)) == 4 < cells  # the cap alone gave four
    assert cells >= max(batteries.values())
    assert [r[0] for r in rows if r[0].startswith("Targets")] == ["Targets this turn, channel fronts (5 at one): ship · guns fired",
                                            "Targets this turn, bay front (2 at one): ship · guns fired"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_arc_gauge_rim_marks_every_half_gunport_arc_and_every_turn_step(bundled_packs, paper):
    """Replay s11, defect: the arc gauge marked only its 90° arcs, where the player needed finer steps (a target within
    5° of a port's axis, a bow or quarter 45° off, a fort's sector bearing). Its rim has a tick every half gunport
    arc (5°) and a long one every turn-ladder step (15°), read here from the page's strokes: radial about one centre,
    at every 5° round it."""
    import math

    from conftest import pdf_page_index, pdf_straight_strokes

    from shipyard.rules.saunders.templates import LOOKS

    t = RS.tables()
    half = float(next(r for r in t.gun_arcs.rows if r["mounting"] == "broadside")["arcs"][0].split()[-1]) / 2
    step = float(min(t.turn.rows["ladder_deg"]))
    assert (half, step) == (5.0, 15.0)
    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    k = pdf_page_index(path, "Turret arcs:")
    assert f"rim ticks {half:g}°, long {step:g}°" in flat(pdf_page_texts(path)[k])
    look = LOOKS["turret_gauge"]
    (_, strokes), = pdf_straight_strokes(path, [k], width_mm=look.tick_width)
    mm = 25.4 / 72

    def length(s):
        return math.hypot(s[2] - s[0], s[3] - s[1]) * mm

    short, long = look.tick
    ticks = [(s, abs(length(s) - long) < 0.05) for s in strokes if abs(length(s) - short) < 0.05 or abs(length(s) - long) < 0.05]
    cx = sum(s[0] + s[2] for s, _ in ticks) / (2 * len(ticks))
    cy = sum(s[1] + s[3] for s, _ in ticks) / (2 * len(ticks))
    marks = {}
    for s, is_long in ticks:
        a = math.degrees(math.atan2((s[1] + s[3]) / 2 - cy, (s[0] + s[2]) / 2 - cx)) % 360
        across = abs(math.degrees(math.atan2(s[3] - s[1], s[2] - s[0])) % 180 - a % 180)
        assert min(across, 180 - across) < 1.0  # radial: along the line to the centre
        marks[round(a / half) * half % 360] = is_long
    assert sorted(marks) == [k * half for k in range(int(360 / half))]
    assert all(is_long == (deg % step == 0) for deg, is_long in marks.items())


# ---------------------------------------------------------------------------------------------------------------------
# Replay s26 (/tmp/play26/saunders/report.md): the seven rulebook moments, each answered where the player was looking.


def house_texts(library, tmp_path, house: str | None):
    """(the quick reference's text, each unit's sheet text by name) of the Mobile Bay units under a house rule."""
    path = None
    if house:
        path = tmp_path / "house.yaml"
        path.write_text(house)
    ctx = RS.context(library, house_rules=path)
    ctx.scenario = library.scenario("mobile-bay-1864")
    units = [u for _, u in library.scenario_units(ctx.scenario)]
    derived = [RS.derive(u, ctx) for u in units]
    readings = {r["rule"]: flat(r["played"]) for r in ctx.tables.readings()}
    return (block_text(sections(derived, ctx)), {u.name: block_text([sheet(u, d, ctx)]) for u, d in zip(units, derived)},
            readings)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_forts_cap_at_one_ship_counts_her_own_sheets_guns_alone(bundled_packs, paper):
    """Moment 1 (pp14-15, p19): Fort Morgan (5 at one ship) and her water battery (2) both bore on Brooklyn: was the
    battery inside the fort's cap? Each sheet is a fort of her own (fort_fire cap_by_sheet, reconstructed): the Forts
    table and every fort sheet's cap line say so."""
    t = RS.tables()
    assert t.require("fort_fire").rows["cap_by_sheet"] is True and t.require("fort_fire").provenance == "reconstructed"
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "rounded up (at least 2; other sheets' guns apart), the rest at others or held" in ref
    sheets = " ".join(p for p in texts if "A fort does not move" in p)
    assert sheets.count("A fort does not move") == sheets.count("at least 2; other sheets' guns apart)") == 3


def test_s26_the_other_fort_cap_reading_is_a_house_rule_on_the_sheets_and_reference(library, tmp_path):
    ref, sheets, _ = house_texts(library, tmp_path, "saunders:\n  fort_fire: {rows: {cap_by_sheet: false}}\n")
    assert "one work's batteries share it" in ref and "other sheets' guns apart" not in ref
    water = next(text for name, text in sheets.items() if "water battery" in name.lower())
    assert "one work's batteries share it" in water


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_the_fire_and_smoke_row_is_plainly_the_sum(bundled_packs, paper):
    """Moment 2 and defect (p18): "On fire and in smoke −2" beside "On fire −1" and "Filled with smoke −1" read as a
    third penalty (−4 in all). The row says it is the two added: a total."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    table = ref[ref.index("To hit: 1D6 per gun"):ref.index("Hit location (1D6")]
    assert "On fire + in smoke: total −2" in table and "On fire and in smoke −2" not in table


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_turrets_plotted_arc_holds_all_turn_and_training_is_no_turn(bundled_packs, paper):
    """Moment 3 (p18, pp4-5): Tecumseh trained F to P in the plot that turned her: from when does the new arc hold,
    and is training alone a "plotted turn" for the −1? Every monitor's sheet says it by her turret line, and the
    readings give the other reading (turret_training, reconstructed)."""
    t = RS.tables()
    assert t.require("turret_training").provenance == "reconstructed"
    texts = pack_texts(bundled_packs, paper=paper)
    whole = " ".join(texts)
    assert whole.count("with the move, one step (90°, to the next arc) a turn") == 4  # Mobile Bay's four monitors
    assert whole.count("at one target; the arc plotted holds all turn; training alone is no turn (no −1)") == 4
    ref = reference_text(texts)
    assert ("Turret training the arc plotted holds all turn; training: no −1; clubs may instead play: a "
            "trained turret fires in step 6 at −1") in ref


def test_s26_the_turret_house_rule_reaches_the_monitors_sheets(library, tmp_path):
    _, sheets, readings = house_texts(library, tmp_path, "saunders:\n  turret_training: {rows: {counts_as_turn: true}}\n")
    assert "training it is a turn (−1, step 6)" in sheets["USS Tecumseh"]
    assert readings["Turret training"].startswith("a trained turret fires in step 6 at −1")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_sloop_struck_in_step_4_stops_her_pair_and_a_gunboat_may_cast_her_off(bundled_packs, paper):
    """Moments 4 and 6 (p19 Sloop carried, Struck; p2 Lashed pairs): Brooklyn struck in step 4, between the half move
    and the move on: does that stop the pair? Yes, as mid-move. Can the gunboat cast off a struck partner, and does
    the tide take a struck sloop lashed to a gunboat under power? In step 7; her inboard guns stay masked till then;
    lashed, the struck sloop goes as her partner plots, not with the tide."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    rows = readings_rows()
    assert "struck in the move or step 4: the pair stops" in rows["Sloop carried"]
    assert "cast off in step 7 (struck in step 6–7: next turn's), inboard guns masked till then" in rows["Sloop carried"]
    # play 34, moment 4: "she goes as her partner plots" read against the sloop's line; a struck gunboat alone is carried
    assert rows["Struck"].endswith("lashed: a gunboat goes as her sloop plots, a sloop as Sloop carried")
    assert rows["Sloop carried"] in ref and rows["Struck"] in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_which_slides_after_a_stern_ram_has_a_size_and_a_side(bundled_packs, paper):
    """Moment 5 (p18 Ramming Afterwards, p19 Collisions): "the smaller slides", "of one size, the faster": size was
    never defined, nor whether a ship dead in the water can slide, nor which side. Size: her sheet's hull boxes, ticked or not (play 35, moment 6)
    (a pair: both added, Pair in a collision); a stopped ship slides too, to the nearer clear side."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    rows = readings_rows()
    assert "size: her sheet's hull boxes, ticked or not; of one size, the faster slides" in rows["Collisions"]
    assert "a stopped one too, to the nearer clear side" in rows["Collisions"]
    assert "a pair is one ship of both hulls added" in rows["Pair in a collision"]
    assert rows["Collisions"] in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_1_is_no_sure_miss_and_the_other_reading_is_the_clubs(bundled_packs, paper):
    """Moment 7 (p18 To hit, p19): the pack said a 6 is no sure hit, not whether a 1 always misses (with point blank,
    a rifle and both stationary a shot needs 1+). The final score counts; a 1 always missing is the clubs' option
    (sure_rolls, reconstructed)."""
    t = RS.tables()
    assert t.require("sure_rolls").provenance == "reconstructed" and t.require("sure_rolls").rows["one_misses"] is False
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    # play 43 (sau30), moment 6: a 6 always hits is now the first reading, the strict final score the clubs' option
    assert ("Sure rolls a 6 always hits; a 1 needing 1+ hits; clubs may instead play: the final score alone (a 6 "
            "needing 7+ misses)") in ref


def test_s26_the_sure_rolls_house_rule_prints_its_reading(library, tmp_path):
    _, _, readings = house_texts(library, tmp_path, "saunders:\n  sure_rolls: {rows: {one_misses: true}}\n")
    assert readings["Sure rolls"].startswith("a 6 always hits; a 1 always misses (house rule)")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_the_contents_lists_the_reference_parts_a_player_looks_up_with_their_pages(bundled_packs, paper):
    """Defect (p1): the contents gave "Quick reference page 18" alone, while page 19 held the ramming table, damage,
    sinking and surrender, the forts, the torpedo tables and the readings (line of fire, collisions, lashed pairs,
    struck), the rules looked up most. Each is a line under Quick reference, with the page its heading starts on."""
    texts = pack_texts(bundled_packs, paper=paper)
    cover = texts[0]

    def page_of(heading: str) -> str:
        return str(next(k for k, t in enumerate(texts) if k > 0 and heading in t) + 1)

    for part, heading in (("Damage, sinking, surrender", "Damage, sinking and surrender"), ("Forts", "Forts Fires in step 4"),
                          ("Torpedo fields and strike", "Torpedo fields: 2D6"),
                          ("Line of fire, collisions", "What the text leaves open"),
                          ("Lashed pairs, struck, fires", "What the text leaves open")):
        assert f"{part} page {page_of(heading)}" in cover, part
    ramming = sorted({page_of(h) for h in ("Ramming: step by step", "Ramming / grounding / torpedo damage")}, key=int)
    assert f"Ramming tables {'pp.' if len(ramming) > 1 else 'page'} {', '.join(ramming)}" in cover
    # play 32, moment 10: each part under the heading of the section it is printed in (A4's roster page takes the
    # ramming tables, Letter's the damage table: under Fleet rosters), the whole contents in page order
    assert contents_in_page_order(cover) == 12  # six sections, six parts


def contents_in_page_order(cover: str) -> int:
    """The cover's contents lines, (title, first page), each section's parts after it and before the next section,
    every line's page no earlier than the line above's and a part's before the next section's; how many lines."""
    import re

    from shipyard.pack.sections import TITLES

    lines = re.findall(r"(\S[^·]*?) (?:page|pp\.) (\d+)(?:, \d+)*", cover.split("Contents", 1)[1].split("Paper:")[0])
    sections = set(TITLES.values())
    assert lines and lines[0][0] in sections, lines
    pages = [int(p) for _, p in lines]
    assert pages == sorted(pages), lines
    for k, (title, page) in enumerate(lines):
        if title in sections:
            continue
        later = next((int(p) for t, p in lines[k + 1:] if t in sections), None)
        assert later is None or int(page) < later, (title, page, later)
    return len(lines)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_the_readings_table_stays_whole_on_one_page(bundled_packs, paper):
    """Defect (p18-19): the player's pack ran "What the text leaves open" across a page break, between unrelated
    tables. A guard (it holds on main too; the rows added for s26 had to keep it so): its heading, its first row and
    its last row are all on one page."""
    texts = pack_texts(bundled_packs, paper=paper)
    rows = RS.tables().readings()
    first, last = rows[0], rows[-1]
    pages = [k for k, t in enumerate(texts) if "What the text leaves open" in t]
    assert len(pages) == 1
    page = texts[pages[0]]
    assert f"{first['rule']} {flat(first['reading'])}" in page and f"{last['rule']} {flat(last['reading'])}" in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_masked_line_says_in_words_how_many_are_masked_and_which_fire(bundled_packs, paper):
    """Defect (p9 Monongahela): "port 10° · masked: 1 of 3, to starboard" was cryptic. It says how many of the line
    are masked and what the odd gun does: "2 masked, 1 fires starboard"; a line wholly masked says "all 10 masked"."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert "port 10° · 2 masked; 1 moves: starboard fires 3, port none" in flat(sheet_of(texts, "USS Monongahela"))
    assert "port 10° · all 10 masked" in flat(sheet_of(texts, "USS Brooklyn"))
    assert not any("masked: " in t for t in texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_the_plan_key_names_the_side_whose_triangles_are_filled(bundled_packs, library, paper):
    """Defect (p2): "the first side's filled" left the player to guess which side was first. The key names both, the
    first side (whose triangles the plan fills) first."""
    first, other = (s.name for s in library.scenario("mobile-bay-1864").sides)
    setup = next(t for t in pack_texts(bundled_packs, paper=paper) if "North is up" in t)
    assert f"triangles along their heading (the {first}'s filled, the {other}'s open)" in setup
    assert "the first side's filled" not in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_the_counters_give_six_struck_and_sunk_and_turned_markers_where_the_page_has_room(bundled_packs, library,
                                                                                              paper):
    """Defect (p17): four STRUCK and four SUNK might run short over 12 turns, and nothing showed across the table that
    a ship had turned (the target's plotted turn changes the firer's to-hit: 25 orders logs to read), nor a jammed
    rudder, a downed captain or a flooded magazine. Six of each fate (one for every 4 ships); in the cells the
    counters' last page leaves, a TURNED marker for every 3 ships and then the states, one of each in turn, their
    numbers the tables' (A4 has the room; Letter's page is full, so it has none and no page more)."""
    from conftest import pdf_page_index

    from shipyard.rules.saunders.derive import modifier
    from shipyard.rules.saunders.sheet import signed

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
    assert words.count("STRUCK") == words.count("SUNK") == 6
    turned = words.count("TURNED")
    mod = signed(modifier(RS.tables().to_hit, "Firer or target plotted a turn"))
    # s37: a TURNED for every ship or pair that plots (15), on both papers now the pairs share their speed chits
    assert turned == 15 and {"RUDDER", "CAPTAIN", "MAGAZINE"} <= set(words)
    assert f"plotted a turn: {mod}" in flat(pdf_page_texts(path)[pdf_page_index(path, "TURNED")])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s26_a_forts_guns_that_bear_on_no_ship_are_one_counted_line_not_rows(bundled_packs, library, paper):
    """Defect (p15): Fort Gaines printed 25 of her 27 guns in rows "on no face drawn: bears on no ship", boxes and
    all, and Fort Morgan her 4 land-face 32-pounders. Each fort's sheet says them in one line under her guns table,
    every gun counted (her rows and that line add up to all she mounts)."""
    texts = pack_texts(bundled_packs, paper=paper)
    for fort, idle in (("fort-gaines", 25), ("fort-morgan", 4)):
        unit = library.units[fort]
        lines = fort_gun_lines(library, fort)
        assert sum(n for _, n, _ in lines) == sum(a.count for a in unit.armament)
        assert sum(n for _, n, where in lines if where == NO_FACE) == idle
        page = next(t for t in texts if unit.name in t and SHEET_MARK in t)
        assert f"Also mounted, on no face drawn: {idle} guns bearing on no ship" in page
        assert NO_FACE not in page


def test_step_4_says_a_ship_that_did_not_turn_may_hold_guns_to_step_6(bundled_packs):
    """Replay s27 moment 1: step 4 said ships that did not turn "fire", forts alone were told they may hold guns to
    step 6, and the player could not tell whether a ship may hold too. The printed step 4 row says so, and why not to."""
    ref = reference_text(pack_texts(bundled_packs))
    row = ref[ref.index("4 First fire"):ref.index("5 Move on")]
    assert "step 6" in row and "may" in row, row
    assert "land first" in row or "count before" in row, row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_captain_down_says_a_ship_over_her_new_maximum_still_slows(bundled_packs, paper):
    """Replay s27 moment 2: Brooklyn lost her captain (66, "orders unchanged") with a 4 kn plot standing while the
    same turn's damage cut her maximum to 2.5 kn, and neither row said which wins. Both rows now say the slowing does:
    the critical's own row and the Faster than the new maximum row."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    at = ref.index("66 Captain down")
    assert "slows" in ref[at:at + 160], ref[at:at + 160]
    at = ref.index("Faster than the")
    assert "captain down" in ref[at:at + 260].lower(), ref[at:at + 260]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_column_does_not_fire_ahead_through_the_ship_in_front(bundled_packs, paper):
    """Replay s27 moment 3: by the keel line alone, a shot from the next ship astern passed through the leader's
    hull outline without crossing her keel segment, and a whole column fired ahead through itself. A line through
    either end of a hull is blocked; only a graze of her side is open."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    at = ref.index("Line of fire centre to centre")
    row = ref[at:at + 420]
    assert "either end of her hull" in row and "her side grazed: open" in row, row


def test_mobile_bay_s_tide_gives_its_drift_rate_where_the_tide_is(bundled_packs):
    """Replay s27 moment 4: Selma lost both wheels and p2's Tide said she drifts north at no rate; the rate was only
    under Struck and Faster than the new maximum on p19. The set-up's Tide row gives it, the Struck reading's own."""
    setup = flat(next(t for t in pack_texts(bundled_packs) if t.startswith("Set-up:")))
    tide = setup[setup.index("Tide The flood"):][:200]
    rate = "1 in a turn"
    assert rate in readings_rows()["Struck"] and f"drifts north {rate}" in tide, tide


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hit_location_4_to_6_rolls_the_whole_d66_table(bundled_packs, paper):
    """Replay s27 moment 5: "4–6: no hull, D66 at 6+" left it open whether an armament, machinery or pilot house hit
    rolls the critical on its own tens of the table. The heading says the whole D66, as the Hits 4–6 reading does."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    at = ref.index("Hit location (1D6;")
    assert "whole D66" in ref[at:at + 80], ref[at:at + 80]
    assert "on the whole table" in readings_rows()["Hits 4–6"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sloop_whose_knots_lost_reach_her_top_speed_is_carried(bundled_packs, paper):
    """Replay s27 moment 7: Brooklyn's knots lost (13) passed her top speed (11½), and the pack did not say whether
    that is the "loses all speed" that has her gunboat carry her. It is: her maximum is 0. Said in Sloop carried."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Sloop carried"]
    assert row.startswith("maximum 0 (kn lost ≥ top)") and flat(f"Sloop carried {row}") in ref, row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_lashed_gunboat_s_centre_is_both_half_beams_off_the_sloop_s(bundled_packs, paper):
    """Replay s27 moment 8: the set-up gives the sloop's point alone, and the gunboat's had to be pieced together from
    "alongside, touching, centres abeam" and the sheets' Model sizes. Past a partner says how far apart the centres lie."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Past a partner"]
    assert "centres abeam, half-beams added apart" in row and flat(f"Past a partner {row}") in ref, row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_roster_page_holds_the_ramming_tables_not_the_chart_and_the_reference_is_set_larger(bundled_packs, paper):
    """Play 27, other defects: the roster's 'Speed against staying power' chart was never used, and the quick
    reference was set small with ramming begun on one page and its damage table on the next. The roster page now
    holds quick-reference tables in its place (A4: the ramming tables), the ramming tables are on one page, and the
    quick reference's text is at least 7 pt."""
    from conftest import pdf_page_chars

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    texts = pack_texts(bundled_packs, paper=paper)
    roster = next(k for k, t in enumerate(texts) if "Ahead kn" in t and "Armour S/M/B" in t)
    assert not any("Speed against staying power" in t for t in texts)
    heads = ("Ramming: step by step", "Ramming: both roll 1D6", "Ramming / grounding / torpedo damage")
    on = {h: [k for k, t in enumerate(texts) if h in t] for h in heads}
    assert len({p for pages in on.values() for p in pages}) == 1, on
    assert "Quick reference (the rest at the end of the pack)" in texts[roster]
    if paper == "a4":
        assert all(pages == [roster] for pages in on.values()), on
    ref = next(k for k, t in enumerate(texts) if "Quick reference" in t and "Sequence of play" in t)
    body = [c for k in range(ref, len(texts)) for c in pdf_page_chars(path, [k])[0][1]
            if c is not None and c.text.strip()]
    small = [c for c in body if c.size < 6.95]
    assert len(small) < 0.02 * len(body), (len(small), len(body))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_the_critical_table_ends_with_what_a_critical_already_suffered_does(bundled_packs, paper):
    """Play 27, moment 6 (p19 "Repeated critical"): Gaines' second gun critical and a second funnel hit; the rule was
    in the readings, pointed to from the criticals' heading, and hard to find. The critical table's last row says it,
    and the readings' row points there."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    table = ref.split("Critical hits (D66)", 1)[1]
    last = flat(RS.tables().criticals.rows[-1]["effect"])
    assert last in table
    after = table.split(last, 1)[1].lstrip()
    assert after.startswith(f"Twice a result she has already had (no re-roll; it stacks so): {readings_rows()['Repeated critical']}"), after[:200]
    readings = ref.split("What the text leaves open", 1)[1]
    assert "Repeated critical under Critical hits (Twice)" in readings
    assert "Repeated critical a fire or a hole" not in readings  # said once, in the table


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_every_ship_gun_line_says_which_section_it_sits_in(bundled_packs, library, paper):
    """Play 27, other defects (pp4-14): where each gun sits was worked out from its arcs by the Gun nearest reading,
    not printed, and "gun nearest the hit" needs it. Each ship's gun line ends its Arcs cell with its section, as the
    reading places it: bearing fore (not aft) the bow, aft (not fore) the stern, the rest midships ("mid")."""
    import re

    from shipyard.rules.saunders.sheet import gun_lines

    texts = pack_texts(bundled_packs, paper=paper)
    ctx = RS.context(library)
    checked = 0
    for name in ("USS Brooklyn", "USS Winnebago", "USS Hartford", "CSS Tennessee", "USS Tecumseh"):
        sheet_text = sheet_of(texts, name)
        unit = next(u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name == name)
        s = RS.derive(unit, ctx).stats
        wanted: dict[str, list[str]] = {}
        for g, arcs, _ in gun_lines(s):
            named = {a.split()[0] for a in arcs if not a.startswith(" ")}
            want = ("bow" if "fore" in named and "aft" not in named else
                    "stern" if "aft" in named and "fore" not in named else "mid")
            wanted.setdefault(g.name + (f" [{g.turret}]" if g.turret else ""), []).append(want)
        for label, want in wanted.items():  # the table groups its lines by bearing: compared line for line per gun
            found = re.findall(re.escape(label) + r" \d+ \d+ .*? · (bow|mid|stern) \d", sheet_text)
            assert sorted(found) == sorted(want), (name, label, found, want)
            checked += len(want)
    assert checked >= 12
    brooklyn = sheet_of(texts, "USS Brooklyn")
    assert re.search(r"100-pounder Parrott rifle 2 4 R fore 180°, clear of Octorara · bow", brooklyn), brooklyn[:600]
    assert "[aft] 2 6 port, starboard, aft 90° — not fore · stern" in sheet_of(texts, "USS Winnebago")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_the_lashed_line_says_its_steps_in_plain_words_on_one_line(bundled_packs, library, paper):
    """Play 27, other defects (pp4-14): "Lashed, X to port: 1 that side masked; 2 either-side guns fire …" was cryptic
    shorthand. The line names the side her partner lies on and that side's guns as masked, without step numbers,
    and still takes one line (a second cost Letter a page)."""
    import re

    from conftest import pdf_page_chars

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    texts = pack_texts(bundled_packs, paper=paper)
    scenario = library.scenario("mobile-bay-1864")
    units = {su.id: su for side in scenario.sides for su in side.units}
    fitted = {u.id: u for _, u in library.scenario_units(scenario)}
    lines = 0
    for sloop_id, boat_id in LASHED_PAIRS.items():
        for uid, inboard, partner in ((sloop_id, units[boat_id].lashed_on, boat_id), (boat_id, "starboard", sloop_id)):
            mate = fitted[partner].name.split(" ", 1)[1]
            text = flat(sheet_of(texts, fitted[uid].name))
            line = text[re.search("(Sloop, l|L)ashed to ", text).start():].split("Fires (")[0]
            assert line.startswith(lashed_head(mate, inboard) + f": {inboard} guns and fire across any pair masked;"), line
            assert not re.search(r"[:;] [123] ", line), line  # no numbered steps
            assert "that side" not in line and "either-side" not in line, line
            lines += 1
    assert lines >= 14
    whole = 0
    for text, chars in pdf_page_chars(path):  # each lashed line on one printed line: one baseline
        for m in re.finditer(r"(?:Sloop, l|L)ashed to .*?holes, magazine: hers", text, flags=re.S):
            ys = {round(c.baseline, 1) for c in chars[m.start():m.end()] if c is not None}
            assert len(ys) == 1, m.group(0)
            whole += 1
    assert whole == lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_a_turret_s_arcs_take_one_line(bundled_packs, paper):
    """Play 27, other defects (pp4-14): Winnebago's and Chickasaw's turret arcs wrapped ("— not / aft") onto a second
    line. A turret's arcs of one width give the width once ("fore, port, starboard 90° — not aft"), and every turret
    gun line's Arcs cell, its section after it, stands on one printed line."""
    import re

    from conftest import pdf_page_chars

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    seen = set()
    for text, chars in pdf_page_chars(path):
        if SHEET_MARK not in " ".join(text.split()):
            continue
        for m in re.finditer(r"\[(fore|aft|main)\]\s+2\s+\d+\s+(.*?)· (bow|mid|stern)", text, flags=re.S):
            ys = {round(c.baseline, 1) for c in chars[m.start():m.end()] if c is not None}
            assert len(ys) == 1, m.group(0)
            assert " 90°, " not in m.group(2), m.group(2)  # the width said once
            seen.add(m.group(1))
    assert seen == {"fore", "aft", "main"}
    winnebago = flat(sheet_of(pack_texts(bundled_packs, paper=paper), "USS Winnebago"))
    assert "[fore] 2 6 fore, port, starboard 90° — not aft · bow" in winnebago


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s35_the_gunport_gauge_says_broadsides_seldom_bear_bows_on(bundled_packs, paper):
    """Play 27, other defects (p19 Gunport arc): the fixed broadsides' 10° arc almost never bore on the run-in (the
    9-inch broadsides never fired in three turns), and nothing said so. The gunport gauge's notes say it, in a line
    under the two that tell how to lay it."""
    import re

    from conftest import pdf_page_chars
    from shipyard.rules.saunders.templates import GUNPORT_BOWS_ON

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    width = number(RS.tables().gun_arcs.rows[[r["mounting"] for r in RS.tables().gun_arcs.rows].index("broadside")]["arcs"][0].split()[-1])
    hits = 0
    for text, chars in pdf_page_chars(path):
        m = re.search(rf"Gunport arc {width}°: .*?(Bows-on, broadsides seldom bear: .*?run-in)", text, flags=re.S)
        if m is None:
            continue
        assert " ".join(m.group(1).split()) == GUNPORT_BOWS_ON
        assert len({round(c.baseline, 1) for c in chars[m.start(1):m.end(1)] if c is not None}) == 1
        hits += 1
    assert hits == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_a_ship_in_a_line_steers_her_own_plot_not_her_leader_s_track(bundled_packs, paper):
    """Play 28, moment 3 (p18 Speed chits, p19 Plots stand): Tecumseh led the column straight on while Manhattan,
    second, plotted 15° for the gap; whether a follower turns where her leader turned or keeps her own plot was
    nowhere said. The speed chits' row, where a line is met in the movement table, and the Plots stand reading say
    each ship steers her own plot."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "A line at one speed, each on her own plot: chits one, on its leader" in ref
    row = readings_rows()["Plots stand"]
    assert "a follower turns as she plotted, not where her leader did" in row
    assert flat(row) in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_a_second_gunfire_screw_hit_takes_its_knots_again_and_leaves_the_torpedo_box(bundled_packs, paper):
    """Play 28, moment 2 (p6 Brooklyn against p19 Repeated critical): Brooklyn took 53 and then 54 from gunfire in
    turn 1; the screw's "2nd a torpedo's" left open whether the second hit ticked it. Each screw sheet now says the
    2nd box is a torpedo's, and the reading takes the knots off again. Play 33, moment 3: Hartford's second gunfire
    screw hit (55, then 56) "has no box", and "2nd torpedo only" read as "a second gunfire screw hit has no effect":
    the sheet says every hit costs its knots, the 1st box ticked once, and no longer "torpedo only"."""
    sheets = [t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t and "One screw: −2 kn a hit" in t]
    assert len(sheets) >= 8
    for page in sheets:
        assert "One screw: −2 kn a hit (1st box), 2nd box torpedo:" in page, page[:80]
        assert "torpedo only" not in page and "1st box hit (" not in page, page[:80]
    assert "its knots come off again, struck on the speed track" in readings_rows()["Repeated critical"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_a_lashed_pair_s_set_up_point_is_the_sloop_s_centre(bundled_packs, library, paper):
    """Play 28, moment 1 (p2 set-up table, p19 Start positions): the set-up gives one point a pair ("USS Brooklyn +
    USS Octorara 56, 17") and "the set-up's point is her centre" did not say whose. Start positions now says: the
    sloop's, her partner touching on the side the set-up names (Mobile Bay names one for every pair)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Start positions"]
    assert "(a pair's: the sloop's, her partner touching on the side the set-up names)" in row
    assert flat(row) in ref
    scenario = library.scenario("mobile-bay-1864")
    pairs = [su for side in scenario.sides for su in side.units if getattr(su, "lashed_to", None)]
    assert pairs and all(getattr(su, "lashed_on", None) for su in pairs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_a_set_up_rule_s_word_on_a_gun_s_reach_adds_no_limit_to_the_tape(bundled_packs, paper):
    """Play 28, moment 4 (p2 Fort Gaines: "their Long, 48 in, reaches the channel's west side only"): Octorara lay
    47.1 in off, just west of the channel edge; was the sentence a limit or a description? The Range reading says
    the tape decides and such a word only describes."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert any("their 48 in Long reaches the channel's west edge north of y 18." in t for t in texts)  # the set-up's sentence is there
    row = readings_rows()["Range"]
    assert "read down to 1/16 in (20.05: 20); a set-up rule's word on a gun's reach adds no limit" in row
    assert flat(row) in reference_text(texts)


EVERY_TURN_READINGS = ("0 kn turns", "Arc names", "Gunport arc", "Range", "Line of fire", "Section hit", "Gun nearest")
RARE_READINGS = ("Sloop carried", "Past a partner", "Pair in a collision", "Collision in the half move", "Wrecks",
                 "End-on ram", "Explosion", "Lost tables")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_the_readings_a_turn_needs_come_before_the_rare_cases(bundled_packs, paper):
    """Play 28, other defect 7 (p19 "What the text leaves open"): the rules wanted every turn (turning at 0 kn, the
    arcs, the section hit) were buried among rare cases (a sloop carried, a pair in a collision). Read in the order
    printed, every one of them now comes before any rare case."""
    texts = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", paper).path)
    page = next(t for t in texts if "What the text leaves open" in t)
    table = flat(page.split("What the text leaves open", 1)[1])
    at = {rule: table.find(flat(rule) + " " + readings_rows()[rule][:20]) for rule in EVERY_TURN_READINGS + RARE_READINGS}
    assert all(k >= 0 for k in at.values()), at
    assert max(at[r] for r in EVERY_TURN_READINGS) < min(at[r] for r in RARE_READINGS), at


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_the_counters_give_the_sheets_states_in_number_for_the_fleet(bundled_packs, library, paper):
    """Play 28, defect 4 (p17): one CAPTAIN (two were down in turn 3), one RUDDER (two jammed), no PILOT house marker
    (Hartford's hit twice), no SMOKE or STEAM (a −1 to fire easily forgotten), 3 AGROUND; on Letter none of the states
    at all. Each is now a counter in number for the fleet on both papers, the room taken from the astern chits (a
    double-ender's whole knots between the sloops' third and her own full astern) and the HALTED markers."""
    from conftest import pdf_page_index

    from shipyard.rules.saunders.derive import modifier
    from shipyard.rules.saunders.sheet import signed

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    page = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")])
    words = page.split()
    ships = sum(1 for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))
                if not RS.derive(u, RS.context(library)).stats.fort)
    for marker in ("CAPTAIN", "RUDDER", "PILOT", "SMOKE", "STEAM"):
        assert words.count(marker) >= max(2, -(-ships // 11)), (marker, words.count(marker))
    assert words.count("AGROUND") >= 4 and "MAGAZINE" in words
    t = RS.tables().to_hit
    assert f"SMOKE {signed(modifier(t, 'Filled with smoke'))} to fire" in page
    assert f"STEAM {signed(modifier(t, 'Filled with steam'))} to fire" in page
    assert "PILOT house hit: no change" in page


def faces_of(rows: list[list[str]]) -> list[list[list[str]]]:
    """A fort's target write-in rows grouped by face: a face's first row names it, the rows under it are blank or
    (play 44) the second says the count."""
    out: list[list[list[str]]] = []
    for r in rows:
        if r[0].startswith("Targets this turn"):
            out.append([])
        out[-1].append(r)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_a_fort_face_gives_each_target_room_for_a_ship_and_her_guns(bundled_packs, library, paper):
    """Play 28, defect 3 (p15): "Targets, channel fronts (5 at one): ship · guns" was one line, its cells 15 mm
    wide, and Fort Morgan's channel guns go to four ships a turn (the water battery's to four more): the first turn ran
    out of room. Each face now has a cell for every ship it may lay on, two a line, each as wide as a ship's name and
    her guns, on lines a pencil's 5 mm; the sheets still fit the page."""
    from conftest import pdf_page_index

    from shipyard.app import context
    from shipyard.rules.saunders.derive import guns_at_one_ship
    from shipyard.rules.saunders.sheet import fort_targets

    ctx = context(RS, library, scenario=library.scenario("mobile-bay-1864"))
    for fort, guns in (("fort-morgan", 20), ("fort-morgan-water-battery", 7)):
        unit = library.units[fort]
        block = fort_targets(unit, RS.derive(unit, ctx).stats, ctx)
        face = faces_of(block.rows)[0]
        assert sum(len(r) - 1 for r in face) >= -(-guns // guns_at_one_ship(ctx.tables, guns)) >= 4, fort
        assert len(face) >= 2, fort  # more than the one line it had
        _, widths, _, _ = block.layout(180.0)
        assert min(widths[1:]) >= 40.0, widths  # room for "Brooklyn 2×10in 3×R24"
    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    at = pdf_page_index(path, "Targets this turn, channel fronts")
    assert "Fort Gaines" in pdf_page_texts(path)[at]  # all three fort sheets still share the page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s36_fort_and_ironclad_sheets_say_which_guns_cannot_harm_them(bundled_packs, library, paper):
    """Play 28, defect 6: Oneida's 30-pdrs at Fort Morgan, Port Royal's 100-pdr at Tennessee and the howitzers at the
    water battery (walls 7) could never harm them, and nothing on the sheets said so. Each armoured sheet now says the
    least strength that can (best DAV face + strength − her weakest hull rating reaching the least total that costs
    hull), and one less for a rifle or point blank, one more at Long; a wooden ship's says nothing."""
    t = RS.tables()
    harm = min(int(r["min_total"]) for r in t.penetration_result.rows if int(r["hull"]) > 0)
    best = max(int(f) for f in t.penetration.rows["dav_faces"])
    texts = pack_texts(bundled_packs, paper=paper)
    ctx = RS.context(library)
    seen = 0
    for _, unit in library.scenario_units(library.scenario("mobile-bay-1864")):
        st = RS.derive(unit, ctx).stats
        page = next((x for x in texts if SHEET_MARK in x and f"{unit.name} " in x), None)
        if page is None:
            continue
        mine = page.split(unit.name, 1)[1][:3000]
        n = harm - best + min(st.armour.bow, st.armour.midships, st.armour.stern)
        if n <= 1:
            assert "no effect below strength" not in mine.split("Gun (dot")[0], unit.name
            continue
        assert f"no effect below strength {n} (rifle or point blank {n - 1}, both {n - 2}; Long {n + 1}, a rifle at Long {n})" in mine, unit.name
        seen += 1
    assert seen >= 7  # the three forts' sheets (four with the water battery) and the ironclads


def test_s36_the_a4_orders_log_gives_fire_at_notes_twice_the_room(bundled_packs):
    """Play 28, item 1 (pp4-15): the "Fire at / notes" cell, about an inch, could not hold a sloop's gun groups, her
    targets and the hits she takes (a D66 and the gun it took). On A4, which has the height, the twelve turns run in
    three parts of four rows, not four of three: the parts' headings, read from the PDF, stand 55 mm and more apart
    (four parts: about 45), so each Fire at cell is some 35 mm, not 18."""
    from conftest import pdf_plumbed

    path = bundled_packs.get("mobile-bay-1864", "saunders", "a4").path
    texts = pdf_page_texts(path)
    at = next(k for k, t in enumerate(texts) if "USS Brooklyn" in t and SHEET_MARK in t)
    assert flat(texts[at]).count("Fire at / notes") == 6  # two sheets, three parts each
    with pdf_plumbed(path) as pdf:
        words = pdf.pages[at].extract_words()
    fires = [w for w in words if w["text"] == "Fire" and any(v["text"] == "notes" and abs(v["top"] - w["top"]) < 1
                                                             for v in words)]
    first = min(w["top"] for w in fires)
    xs = sorted(w["x0"] for w in fires if abs(w["top"] - first) < 1)
    assert len(xs) == 3 and min(b - a for a, b in zip(xs, xs[1:])) / (72 / 25.4) >= 55, xs


def test_s37_a_second_steering_hit_ticks_the_sheets_next_steering_box(bundled_packs):
    """Play 29, moment 1 (p18/p7): Hartford's sheet has two steering boxes (max turn 30/15°), but the Again reading
    said any other box already ticked stays as it is, so a second 34–35 seemed to do nothing. It now ticks the next
    box, the reading and the sheet agreeing."""
    texts = pack_texts(bundled_packs)
    hartford = next(t for t in texts if SHEET_MARK in t and "Hartford" in t)
    assert "Steering hit: max turn → 30/15°" in hartford
    ref = reference_text(texts)
    again = ref.split("Twice a result she has already had (no re-roll; it stacks so):", 1)[1].split("Damage, sinking", 1)[0]
    assert "steering damaged ticks its next box" in flat(again.replace("- ", "")), again


def test_s37_gun_nearest_falls_to_the_next_section_on_a_first_hit_too(bundled_packs):
    """Play 29, moment 2 (p18/19): the fallback for a section with no gun in action (24–25 destroys a disabled one,
    else the next section's nearest, on the side facing the firer) was only inside the Again paragraph, so a first
    21–23 or 61–63 on an empty section was unanswered. It is now the Gun nearest reading's, first hit or not, and
    Again points there."""
    ref = reference_text(pack_texts(bundled_packs))
    nearest = ref.split("Gun nearest criticals 21–25", 1)[1].split("Fire in one phase", 1)[0]
    assert "first hit or not" in nearest and "next section's nearest" in nearest, nearest
    assert "a gun: as Gun nearest" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_a_lashed_pair_turns_by_the_sloop_s_steering_hits_alone(bundled_packs, library, tmp_path, paper):
    """Play 29, moment 3 (p19 Lashed pairs, p6 Octorara): Octorara's rudder jammed while lashed to Brooklyn; the pair
    turns as the sloop, but nothing said whether a consort's rudder, steering, pilot house or captain hit holds the
    pair. Ours (lashed_steering): the sloop's alone, a consort's once cast off; the clubs' option, either's."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert RS.tables().require("lashed_steering").rows["by"] == "sloop"
    assert ("Lashed steering the sloop's 31–36, 66 alone hold the pair's turn (a consort's once cast off); "
            "clubs may instead play: either's") in ref
    house = tmp_path / "house.yaml"
    house.write_text("saunders:\n  lashed_steering: {rows: {by: both}}\n")
    row = next(r for r in RS.context(library, house_rules=house).tables.readings() if r["rule"] == "Lashed steering")
    assert row["switched"] and row["reading"] == "either's"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_the_dav_says_how_a_plain_d6_reads_it(bundled_packs, paper):
    """Play 29, moment 4 (p18 DAV): "a D6 numbered so, its faces 2 3 3 4 4 5" left a club without average dice to agree
    an order. The penetration table now says a plain D6's 1 to 6 read as the faces in turn (penetration.dav_faces)."""
    faces = " ".join(str(f) for f in RS.tables().penetration.rows["dav_faces"])
    assert f"DAV: the average die, or a plain D6 read 1–6 → {faces}" in reference_text(pack_texts(bundled_packs, paper=paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_a_sheet_with_no_other_ratings_says_its_4_to_6_hits_take_the_section_s_armour(bundled_packs, library, paper):
    """Play 29, moment 5 (p5-14, and item 3): "no other ratings: a hit on 4–6 takes the section hit's" stopped before
    its last word. Every wooden sheet now says it whole, on one line under her plan."""
    ctx = RS.context(library)
    texts = [t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t]
    said = 0
    for _, unit in library.scenario_units(library.scenario("mobile-bay-1864")):
        s = RS.derive(unit, ctx).stats
        if s.fort or any(getattr(s.armour, k) is not None
                         for k in ("armament", "steering", "machinery", "pilot_house", "propulsion")):
            continue
        page = next(t for t in texts if unit.name in t)
        assert "no other ratings: a hit on 4–6 takes the section hit's armour" in page, unit.name
        said += 1
    assert said >= 10


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_a_ship_bound_by_the_turn_1_event_still_fires(bundled_packs, paper):
    """Play 29, moment 6 (p2/p3): turn 1 binds the Confederates to 0 kn; may they fire? The binding fixes speed and
    heading alone: she fires as ever, at 0 kn a stationary firer (the to-hit table's +1)."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert any("Binding:" in t and "(0 kn)" in t for t in texts)  # the set-up page's event the reading answers
    ref = reference_text(texts)
    assert ("Bound orders an event's binding fixes speed and heading alone: she fires as ever (0 kn, bound or chosen: stationary)"
            in ref)
    assert "Firer stationary (0 kn) +1" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_the_to_hit_table_says_from_which_net_no_roll_can_hit(bundled_packs, paper):
    """Play 29, moment 7 (p18 Sure rolls): a stack of −1s (both turned, a monitor target; Long at a turning ship)
    needs 7+ and cannot hit, found only by working the sum at each firing. The to-hit table's heading, where the
    modifiers are added, says the net from which no D6 hits (to_hit.needed: 5+ → −2)."""
    from shipyard.rules.saunders.sheet import signed

    needed = int(RS.tables().to_hit.rows["needed"])
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    # play 43 (sau30), moment 6: the first reading is now that a 6 always hits (sure_rolls.six_hits), said where
    # the modifiers are added; the strict net is the clubs' option (test_p43_a_6_always_hits...)
    assert f"To hit: 1D6 per gun, {needed}+ hits; a 6 always hits" in ref
    assert f"net {signed(needed - 7)} or worse: no hit" not in ref
    assert "clubs may instead play: the final score alone (a 6 needing 7+ misses)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_a_sheet_s_section_ratings_name_the_hit_location_roll_that_uses_them(bundled_packs, library, paper):
    """Play 29 (p2) and item 6: Galena's roster says "Mach 3", but her sheet's "Machinery 3" was never tied to hit
    location 5, nor said what her 4 and 6 take. A sheet rating some of the 4–6 sections now lists them by the roll
    (from hit_location), the rolls she rates nothing for taking the section hit's armour."""
    ctx = RS.context(library)
    rolls = {r["armour"]: "/".join(map(str, r["roll"])) for r in RS.tables().hit_location.rows if not r["hull"]}
    galena = next(u for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name == "USS Galena")
    assert RS.derive(galena, ctx).stats.armour.machinery == 3  # the roster's "Mach 3"
    page = next(t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t and "USS Galena" in t)
    assert (f"hit on {rolls['armament']}, {rolls['pilot_house']}: section hit's armour · "
            f"{rolls['machinery']}: Machinery 3") in page


def test_s37_the_forts_hit_row_is_filled_from_the_readings_table(bundled_packs):
    """Review (item 7): the Forts table's Hit row said in Python what the readings' "Hits on a fort" row says, two
    wordings of one rule. It is now that row's reading, so a change to the table reaches the printed row."""
    import copy

    from shipyard.rules.saunders.reference import fort_rules

    t = copy.deepcopy(RS.tables())
    row = next(r for r in t.require("reconstructions").rows if r["rule"] == "Hits on a fort")
    row["reading"] = "the walls take every hit (a test reading)"
    assert dict(fort_rules(t))["Hit"] == "roll the location as for a ship: the walls take every hit (a test reading)"
    reading = readings_rows()["Hits on a fort"]
    assert f"Hit roll the location as for a ship: {reading}" in reference_text(pack_texts(bundled_packs))
    assert "26: the face row (bearing on the firer) floods, not the fort" in reading


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s37_the_counters_hold_a_turned_marker_for_every_plot_and_more_lasting_states(bundled_packs, library, paper):
    """Play 29, item 1 (p17): 8 TURNED where 11 Union units and Tennessee turned in turn 3; SMOKE 3 (two in use by turn
    3), STEAM 2, MAGAZINE 1. A lashed pair moves at one speed and turns as one, so its speed chits are one (the
    sloop's) and the cells they held go to a TURNED for every ship or pair that plots, 4 SMOKE, 3 STEAM and 2
    MAGAZINE, on both papers and no page more."""
    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
    scenario = library.scenario("mobile-bay-1864")
    plots = sum(1 for _, u in library.scenario_units(scenario)
                if not RS.derive(u, RS.context(library)).stats.fort
                and not any(su.id == u.id and su.lashed_to for side in scenario.sides for su in side.units))
    assert plots == 15  # 4 monitors, 7 pairs, 4 Confederate ships
    assert words.count("TURNED") >= plots
    assert words.count("SMOKE") >= 4 and words.count("STEAM") >= 3 and words.count("MAGAZINE") >= 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_s38_a_smoke_marker_for_each_funnel_hit_in_three_turns(bundled_packs, paper):
    """Play 30 (p17): five ships' funnels were hit in three turns of Mobile Bay and the counters held four SMOKE, so a
    fifth −1 to fire went on memory; a SMOKE for every five ships gives the 22 five, on both papers and no page more."""
    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
    assert words.count("SMOKE") >= 5


# ---------------------------------------------------------------------------------------------
# Play 30 (sau15): three turns of Mobile Bay from the A4 pack with dice; the moments a player had to rule on. Moment 3
# (a torpedo test for a part inch) was already answered, the Torpedoes reading: test_round_5_rulebook_moments_are_
# readings_on_the_pack; moment 7 (where the ramming tables are) the contents' line: test_s26_the_contents_lists_...


def p30_ref(bundled_packs, paper: str) -> str:
    return reference_text(pack_texts(bundled_packs, paper=paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_a_second_paddle_hit_says_what_the_same_wheel_and_both_wheels_do(bundled_packs, paper):
    """Play 30, moment 1 (p19 Which paddle, p18 Again): a paddler hit on the paddle again, one wheel already out. The
    readings said "both wheels lost: no power", Again "a paddle already lost: no more", and Speed lost halves the speed
    for each paddle box ticked. Which paddle now says it whole: the same D6, the lost wheel again does nothing more,
    both lost is no power (not a quarter speed); Again points there."""
    ref = p30_ref(bundled_packs, paper)
    reading = readings_rows()["Which paddle"]
    assert f"Which paddle {reading}" in ref
    assert ("a second: the same D6, the lost wheel again: nothing more; both wheels lost: no power (not ½ × ½), she "
            "drifts to a halt (Drifting)") in reading
    again = ref.split("Twice a result she has already had (no re-roll; it stacks so):", 1)[1].split("Damage, sinking", 1)[0]
    assert "a paddle: as Which paddle" in flat(again.replace("- ", "")) and "a paddle already lost" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_a_ships_criticals_in_one_fire_phase_are_read_in_the_order_rolled_and_stand_together(bundled_packs, paper):
    """Play 30, moment 2 (p19 Fire in one phase): a fire and a magazine in one phase, and no order to apply them in.
    The reading: her D66s in the order rolled, all standing together at the phase's end (the fire burns and the
    magazine floods); an explosion sinks her and the rest go with her."""
    ref = p30_ref(bundled_packs, paper)
    assert ("Fire in one phase simultaneous: damage counts once every ship in the phase has fired; a hit's D66 is "
            "rolled after its DAV, each hit in turn, all standing together (a fire and a flood both); an explosion "
            "sinks her, the rest with her") in ref  # play 43, moment 1: the order rolled is hit by hit


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_the_penetration_result_says_what_a_hit_on_4_to_6_does_at_each_total(bundled_packs, paper):
    """Play 30, moment 4 (p18): "Hit location (1D6; 4–6: no hull, whole D66 at 6+)" over a result table of 1 hull at
    totals 4 and 5 left a 4–6 hit at 4–5 open. The result table has a column for a hit on 4–6 (penetration_result's
    `spared`), the hull and effect headed as a 1–3 hit's: at 4–5 a 4–6 hit does nothing, at 6+ the D66 only."""
    from shipyard.rules.saunders.reference import band_labels

    t = RS.tables()
    res = t.penetration_result.rows
    assert [r["spared"] for r in res] == ["no effect"] * 3 + ["D66 only"] * 2
    assert all((r["spared"] == "D66 only") == bool(r["critical"]) for r in res)
    rows = " ".join(f"{b} {r['hull']} {r['effect']} {r['spared']}" for b, r in zip(band_labels(res, "min_total"), res))
    assert f"Penetration result Total Hull Effect on 1–3 On 4–6 {rows}" in p30_ref(bundled_packs, paper)
    assert "4 1 plates started no effect 5 1 penetrated no effect" in rows


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_a_lashed_pair_scores_as_two_ships(bundled_packs, paper):
    """Play 30, moment 5 (p2 Scores, p19 Lashed pairs): "each Union ship past the torpedo line's north edge" and a
    lashed pair crossing it: once or twice? The Lashed pairs reading: in the scores each hull is a ship of her own,
    each past a line by her own centre."""
    ref = p30_ref(bundled_packs, paper)
    reading = readings_rows()["Lashed pairs"]
    assert reading.endswith("each scores as a ship of her own (a line passed: by her centre)")
    assert f"Lashed pairs {reading}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_a_drifting_ship_goes_straight_on_and_keeps_her_heading(bundled_packs, paper):
    """Play 30, moment 6: a ship with no power drifts to a halt (Abandoned, Torpedo specials, Which paddle) and a tide
    then moves her, but nothing said which way she drifts or whether she keeps her heading. Drifting: straight on
    along her heading, −2 kn a turn to 0, no turn; then the tide alone, its way, her heading kept."""
    ref = p30_ref(bundled_packs, paper)
    assert ("Drifting no power (or abandoned): lost mid-move, she ends it as plotted; then straight on along her heading, "
            "−2 kn a turn to 0, no turn; then a tide "
            "alone moves her, its way, her heading kept") in ref
    assert ref.count("Drifting") >= 2  # Which paddle points to it


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_octorara_s_gun_lines_are_one_line_each_and_a_single_masked_gun_says_masked(bundled_packs, paper):
    """Play 30, moment 8 (p6): Octorara's 9-inch line "port 10° (1 of them: port or starboard) · mid" ran onto a
    second line, "mid" alone under it, and her one-gun starboard lines said "1 masked", as if one of more. The odd
    gun reads "port or stbd" on one line; a masked line of one gun says "masked"."""
    import re

    from conftest import pdf_page_chars

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    (page,) = [k for k, t in enumerate(pdf_page_texts(path)) if "Octorara class" in t]
    text, chars = pdf_page_chars(path, [page])[0]
    m = re.search(r"port 10° · both port \(stbd masked\)\s*·\s*mid", text[text.index("Octorara class"):])  # p43
    assert m, "Octorara's odd-gun line"
    at = text.index("Octorara class")
    assert len({round(c.baseline, 1) for c in chars[at + m.start():at + m.end()] if c}) == 1  # one line
    octorara = flat(text[at:])
    for gun in ("9-inch Dahlgren smoothbore 1 4 starboard 10° · masked · mid",
                "32-pounder of 42 cwt 1 2 starboard 10° · masked · mid"):
        assert gun in octorara, gun
    assert " 1 masked" not in octorara


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p30_a_fort_s_targets_box_says_it_is_this_turn_s_ships_and_guns_fired(bundled_packs, library, paper):
    """Play 30, moment 9 (p15): "Targets, channel fronts (5 at one): ship · guns" did not say what it was for. Each
    face's label now says "this turn" and "guns fired", on one line (a wider label, the cells still room for a ship
    and her guns); step 7 rubs the forts' targets out."""
    import re

    from conftest import pdf_page_chars, pdf_page_index

    from shipyard.app import context
    from shipyard.rules.saunders.derive import guns_at_one_ship
    from shipyard.rules.saunders.sheet import fort_faces, fort_targets

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    ctx = context(RS, library, scenario=library.scenario("mobile-bay-1864"))
    labels = []
    for fort in ("fort-morgan", "fort-morgan-water-battery", "fort-gaines"):
        unit = library.units[fort]
        block = fort_targets(unit, RS.derive(unit, ctx).stats, ctx)
        for face in fort_faces(unit, ctx):
            labels.append(f"Targets this turn, {face.guns} ({guns_at_one_ship(ctx.tables, sum(face.battery.values()))} "
                          "at one): ship · guns fired")
        assert [r[0] for r in block.rows if r[0].startswith("Targets")] == labels[-len(fort_faces(unit, ctx)):], fort
        _, widths, _, _ = block.layout(180.0)
        assert min(widths[1:]) >= 40.0, widths  # a ship and her guns still fit a cell
    page = pdf_page_index(path, "Targets this turn")
    text, chars = pdf_page_chars(path, [page])[0]
    for label in labels:
        m = re.search(r"\s*".join(re.escape(w) for w in label.split()), text)
        assert m, label
        assert len({round(c.baseline, 1) for c in chars[m.start():m.end()] if c}) == 1, label  # one line
    assert "the guns' fired dots and the forts' targets" in p30_ref(bundled_packs, paper)


# Play 31 (a fresh replay on the pack of play 30): the moments the players had to rule on, read back from the pack.

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_a_180_degree_arc_is_the_half_ahead_of_or_astern_of_her_centre(bundled_packs, paper):
    """Play 31, moment 1 (sheets, p19): a pivot's "fore 180°" said neither where it starts nor how far it reaches. The
    Arc names reading: all ahead of (astern of) her centre, the line square to her keel there; its reach is the range's."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Arc names"]
    assert row.endswith("fore, aft 180°: all ahead of, astern of her centre") and f"Arc names {row}" in ref, row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_every_turret_bears_and_ranges_from_her_centre(bundled_packs, paper):
    """Play 31, moment 2 (pp4-5, p16): the turret gauge said "centre on the turret", and no sheet says where a turret
    sits (Winnebago, the fort 44° off her bow). Range: a turret's, any, from her centre; the gauge says to lay it there."""
    texts = pack_texts(bundled_packs, paper=paper)
    row = readings_rows()["Range"]
    assert "(a fort: her set-up point, where sectors start; a turret: her centre)" in row
    assert f"Range {row}" in reference_text(texts)
    gauge = next(t for t in texts if "Turret arcs: 4 arcs of 90°" in t)
    assert "centre on the ship's centre (every turret), FORE toward the bow" in gauge
    assert "centre on the turret" not in " ".join(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_a_fire_and_extra_hull_point_takes_its_point_on_a_hit_that_costs_no_hull(bundled_packs, paper):
    """Play 31, moment 3 (pp18-19): a 14, "Fire and 1 extra hull point", rolled from a 4–6 hit (no hull): does the
    point count? Yes: the critical's own point, on a 4–6 hit too, said in its row of the criticals table."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    (row,) = [r for r in RS.tables().require("criticals").rows if r["roll"] == "14"]
    assert row["effect"] == "Fire and 1 extra hull point, on a 4–6 hit too"
    assert f"14 {row['effect']}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_tide_takes_a_powerless_ship_from_the_next_move_she_begins_at_0_kn(bundled_packs, paper):
    """Play 31, moment 4 (pp2, 18, 19): Selma lost all power in step 4, already at 0 kn; when does the flood move her?
    Drifting: ½ in in each move (half move, move on) she begins at 0 kn, so from step 5 that turn."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Drifting"]
    assert row.endswith("then a tide alone moves her, its way, her heading kept, ½ in each move begun at 0 kn"), row
    assert f"Drifting {row}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_next_section_s_gun_is_the_one_nearest_the_hit_and_need_not_bear(bundled_packs, paper):
    """Play 31, moment 5 (p19): a gun destroyed on Lackawanna's bow, its only gun gone: "the next section's nearest,
    on the side facing the firer": nearest to what, and must it bear? Nearest the hit (from midships, the end nearer
    the firer), on the firer's side, bearing or not."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Gun nearest"]
    assert row.endswith("else (21–23, 61–63 always) 3 the next section's nearest the hit (from midships: the end nearer the firer), on the "
                        "firer's side, bearing or not; 4 on till none: no effect"), row
    assert f"Gun nearest {row}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_roster_s_armour_reads_stern_midships_bow_as_the_sheets_draw_it(bundled_packs, library, paper):
    """Play 31, defect 8 (p3): the roster headed its armour "B/M/S" while every sheet draws STERN | MIDSHIPS | BOW left
    to right. The roster now heads it S/M/B and gives the stern's rating first (Arkansas: bow 3, stern 1)."""
    from shipyard.app import context
    from shipyard.rules.saunders.roster import HEADER, row

    texts = pack_texts(bundled_packs, paper=paper)
    roster = next(t for t in texts if "Ahead kn" in t)
    assert "Armour S/M/B" in roster and "B/M/S" not in roster and "Armour S/M/B" in HEADER
    ctx = context(RS, library, scenario=library.scenario("mobile-bay-1864"))
    unit = library.units["css-arkansas"]
    arm = RS.derive(unit, ctx).stats.armour
    assert (arm.bow, arm.stern) == (3, 1)
    assert row(unit, RS.derive(unit, ctx))[5] == "1/3/3"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_scores_line_for_hartford_is_one_line(bundled_packs, paper):
    """Play 31, defect 11 (p2): the Scores table's Hartford line wrapped as "(the flagship, besides her / 4)". It says
    "(flagship, besides her 4)" and sits on one line (the wording the other rule sets' play 31 chose too)."""
    import re

    from conftest import pdf_page_chars, pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    page = pdf_page_index(path, "Victory points for")
    text, chars = pdf_page_chars(path, [page])[0]
    m = re.search(r"USS Hartford: sunk or struck \(flagship, besides her 4\)", text)
    assert m and "the flagship" not in text
    assert len({round(c.baseline, 1) for c in chars[m.start():m.end()] if c}) == 1  # one line


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_guns_in_play_table_gives_each_gun_the_long_its_sheet_prints(library, bundled_packs, paper):
    """Play 31, defect 9 (p18): "Guns in play" gave the 30-pdr Parrott the smoothbores' Long, 30, while her sheet
    prints 37½ (rifles × 1.25 at Long). A rifle has a row of its own (Str "2R"), and every gun's row gives the Long
    inches her sheet prints; strengths that measure alike share a row."""
    from shipyard.render.tags import walk as walk_blocks
    from shipyard.render.table_block import Table

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    derived = [RS.derive(u, ctx) for _, u in library.scenario_units(ctx.scenario)]
    (table,) = [b for top in sections(derived, ctx) for b in walk_blocks(top) if isinstance(b, Table) and b.header
                and list(b.header)[:4] == ["Str", "PB", "Eff", "Long"]]
    for g in {g.name: g for d in derived for g in d.stats.guns}.values():
        (longs,) = [str(row[3]) for row in table.rows if f", {g.name}, " in f", {row[4]}, "]
        assert longs == ("none" if g.ranges_in.long is None else number(g.ranges_in.long)), (g.name, longs)
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "2R 2 15 37½ 30-pounder Parrott rifle" in ref and "R: rifled, Long here already × 1.25" in ref


def test_p31_every_a4_ship_sheet_logs_its_turns_in_one_shape(library, bundled_packs):
    """Play 31, defect 10 (pp10, 13, 14): Kennebec's, Tennessee's, Selma's, Morgan's and Gaines's logs were 4 blocks of
    3 turns, every other sheet's 3 of 4. On A4 every ship now logs in 3 parts of 4 turns (style orders_wide), and the
    pack keeps its pages."""
    import re

    from shipyard.rules.saunders.sheet import _orders

    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    shapes = {}
    for _, unit in library.scenario_units(ctx.scenario):
        d = RS.derive(unit, ctx)
        if not d.stats.fort:
            log = _orders(d.stats, 12, "a4")
            shapes[unit.name] = [len(t.rows) for t in log.tables(190.0)[1]]
    assert set(map(tuple, shapes.values())) == {(4, 4, 4)}, shapes
    texts = pack_texts(bundled_packs)
    for name in ("USS Kennebec", "CSS Tennessee", "CSS Selma", "CSS Morgan", "CSS Gaines"):
        page = next(t for t in texts if SHEET_MARK in t and name in t)
        log = page[page.index(name):].split("All next turn:", 1)[1]
        assert len(re.findall(r"Fire at / notes", log.split("USS ")[0].split("CSS ")[0])) == 3, name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p31_the_set_up_gives_the_shores_by_the_gap_in_numbers(bundled_packs, library, paper):
    """Play 31, moment 6 (p2): Mobile Point's and Dauphin Island's shores were drawn on the plan with no numbers. The
    set-up's "On the table" now gives each land's corners in inches from the plan's axes (from the scenario's own
    outlines: 100 yd an inch), Mobile Point's west end beside the torpedo line's gap at x 62½."""
    texts = pack_texts(bundled_packs, paper=paper)
    setup = next(t for t in texts if "On the table (in from the bottom-left corner)" in t)
    placed = setup.split("On the table (in from the bottom-left corner)", 1)[1]
    assert "Mobile Point (land): corners 61½, 28½; 72, 27; 72, 35½; 63½, 34½" in placed
    assert "Dauphin Island (land): corners 0, 30½; 13½, 31½; 13, 37; 0, 38" in placed
    land = {g.name: g.outline for g in library.scenario("mobile-bay-1864").setup.land}
    assert [61.5, 28.5] == [v / 100 for v in land["Mobile Point"][0]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_the_roster_says_how_many_of_a_forts_guns_never_bear(bundled_packs, paper):
    """Play 32, moment 10 (p3 against p2 and p15): the roster gave Fort Gaines all her 27 guns where her sheet fires
    the 2 columbiads of her east face; the roster's guns say how many stand on no face drawn (her sheet's "Also
    mounted" line), and a fort whose every gun bears (the water battery) says nothing more."""
    pages = [" ".join(t.split()) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", paper).path)]
    roster = next(p for p in pages if "Armour S/M/B" in p)
    assert "3×5 4×3R 20×2 (25 never bear)" in roster and "6×5 1×3 5×3R 20×2 (4 never bear)" in roster
    assert "4×5 1×3 2×3R (" not in roster


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_a_fort_sheet_says_whether_a_rifle_at_long_can_hurt_her(bundled_packs, paper):
    """Play 32, moment 1 (p15): "no effect below strength 4 (rifle or point blank 3, both 2; Long 5)" left a rifle
    at Long range to sum (+1 rifle, −1 Long): the line now ends with it, the same strength as with neither."""
    (forts,) = [t for t in pack_texts(bundled_packs, paper=paper) if "Fort Gaines Fort ·" in t]
    gaines = forts.split("Fort Gaines Fort ·")[1]
    assert "no effect below strength 4 (rifle or point blank 3, both 2; Long 5, a rifle at Long 4)" in gaines
    battery = forts.split("Fort Morgan water battery Fort ·")[1].split("Fort Gaines Fort ·")[0]
    assert "no effect below strength 6 (rifle or point blank 5, both 4; Long 7, a rifle at Long 6)" in battery


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_a_second_fire_is_no_second_minus_one_and_a_second_crew_hit_passes_on(bundled_packs, paper):
    """Play 32, moments 2 and 3 (p4-15, p18): a Fire critical on a ship already burning, −1 to fire again or not?
    Every sheet's fires boxes say one −1 (the Fires reading: while one burns), and on no sheet "−1 to fire" alone.
    A gun-crew hit on a gun already ringed: the criticals' row gives it to the nearest gun not yet ringed."""
    texts = pack_texts(bundled_packs, paper=paper)
    sheets = [t for t in texts if SHEET_MARK in t]
    assert sheets and all("Fires (any: one −1" in t and "Fires (−1 to fire)" not in t for t in sheets)
    ref = reference_text(texts)
    assert "61-63 Gun crew casualties: the gun nearest the hit not yet ringed silent next turn" in ref
    assert "the gun nearest the hit silent" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_a_lashed_ship_fires_across_neither_hull(bundled_packs, library, paper):
    """Play 32, moment 4 (p6-12): "bow, stern, all-round: only clear of her" did not say which of a lashed pair may
    fire across the other, or to which side. Each sheet says any fire across her partner is masked, as her inboard
    guns are (Past a partner): so neither fires across the other, and to the partner's side only past her ends."""
    texts = pack_texts(bundled_packs, paper=paper)
    fitted = {u.id: u for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))}
    for sloop, boat in LASHED_PAIRS.items():
        for me, mate, inboard in ((sloop, boat, "port"), (boat, sloop, "starboard")):
            text = flat(sheet_of(texts, fitted[me].name))
            name = fitted[mate].name.split(" ", 1)[1]
            assert lashed_head(name, inboard) + f": {inboard} guns and fire across any pair masked;" in text, fitted[me].name
            assert "only clear of her" not in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_arcs_torpedo_tests_and_a_slowed_leader_are_said(bundled_packs, paper):
    """Play 32, moments 5, 6, 7 and 9 (p19): a gunport arc missed by 0.2° (the close call was line of fire's only),
    torpedo tests counted all the way or once a torpedo, which point of the ship tests, and whether a column slows
    with a damaged ship ahead. The readings say each: an arc's edge within 1/16 in rolls, as a line of fire does; a
    test each inch her bow (the stem) moves, every move; and a slowed ship ahead slows no one unplotted."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    rows = readings_rows()
    assert rows["Gunport arc"].endswith("(a fort: her set-up point); 1/16 in or less off its edge: D6, 4+ bears")
    assert "1/16 in or less off its edge: D6, 4+ bears" in ref
    assert rows["Torpedoes"].startswith("a test each whole inch her bow (stem) moves in a field, in half move and move on "
                                        "(not once a torpedo), one for a part inch")
    assert "Tests a test each whole inch her bow (stem) moves in a field, in half move and move on (not once a torpedo)" in ref
    assert rows["Plots stand"].startswith("a ship makes her own plotted move whatever another does (one ahead slowed "
                                          "too: none unplotted;")
    assert "(one ahead slowed too: none unplotted;" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p32_a_forts_magazine_never_explodes(bundled_packs, paper):
    """Play 32, moment 8 (p15): what a magazine critical does to a fort was in three places (Hit, Explosion, the
    box); each of a fort's magazine boxes now says it never explodes, where the hit is ticked."""
    texts = pack_texts(bundled_packs, paper=paper)
    forts = [t for t in texts if "A fort does not move" in t]
    assert forts
    for t in forts:
        assert t.count("(never explodes)") == t.count("Magazine")


def test_p32_the_contents_files_a_part_under_the_section_printed_in_and_others_stay(tmp_path):
    """Play 32, moment 10 (p1): the contents listed "Ramming tables page 3" under "Quick reference page 18". A part
    printed in another section than the one its rule set lists it under is refiled under that one, in page order;
    where every part is where it was listed (the other rule sets' orders logs, a part not printed), nothing moves."""
    from shipyard.pack.cover import refiled_parts

    class Doc:
        marks = [("Fleet rosters", 3), ("Ramming tables", 3), ("Damage, sinking, surrender", 18), ("Forts", 19)]

    plan = ["setup", "roster", "sheets", "reference"]
    starts = {"setup": 2, "roster": 3, "sheets": 4, "reference": 18}
    parts = {"reference": ("Ramming tables", "Damage, sinking, surrender", "Forts", "Not printed")}
    assert refiled_parts(Doc(), plan, parts, starts) == {
        "roster": ("Ramming tables",), "reference": ("Damage, sinking, surrender", "Forts", "Not printed")}
    Doc.marks = [("Orders log · Union", 7), ("Orders log · Confederate", 8)]
    assert refiled_parts(Doc(), plan, {"sheets": ("Orders log", "What the text leaves open")}, starts) is None
    assert refiled_parts(Doc(), plan, None, starts) is None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p33_each_ship_rams_with_her_own_modifiers_and_scores_on_the_other(bundled_packs, paper):
    """Play 33, moment 1 (p3 Ramming against p19): "the pack never says whether my roll, with my own modifiers, is
    the damage done to the other ship" (Hartford into the struck Brooklyn, Richmond into Hartford). The text's own
    answer, printed in the Damage step: each rolls with her own modifiers (the table's Own ship), and her score is
    the damage she does to the other."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert ("Damage each rolls 1D6 with her own modifiers (she is Own ship): her score on the ramming damage table is "
            "the hull and specials she does to the other.") in ref
    assert "both roll 1D6, modified, on the ramming damage table" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p33_a_holed_monitor_rolls_to_sink_after_the_turns_repairs(bundled_packs, paper):
    """Play 33, moment 2 (p2 Monitors against p19 End of turn): Winnebago torpedo-holed, "which comes first, or
    whether a repaired hole still takes the sinking roll". Repairs first: the Monitors rule rolls after each turn's
    repairs, and step 7's rolls due are for unrepaired holes, the text's word."""
    texts = pack_texts(bundled_packs, paper=paper)
    setup = next(t for t in texts if t.startswith("Set-up:"))
    assert "at once and after each turn's repairs: any 4+ sinks her where she is. (reconstructed)" in setup
    ref = reference_text(texts)
    assert ref.index("Repairs D6 per disabled gun or hole, any or all") < ref.index("Rolls due D6 each:")
    assert "sinking (no hull, unrepaired holes)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p33_the_counters_last_cells_hold_more_smoke_and_steam(bundled_packs, paper):
    """Play 33, paper (p17): "only 3 SMOKE/STEAM pairs for 25 ships; Brooklyn alone took 3 funnel hits" (Mobile Bay
    printed 5 SMOKE and 3 STEAM; four ships' funnels hit in three turns, and both last all game). The cells the
    counters' last page leaves after the TURNED markers now take SMOKE and STEAM, two to one, and no page more."""
    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
    assert words.count("SMOKE") >= 10 and words.count("STEAM") >= 5 and words.count("TURNED") == 15


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p34_repeats_of_steering_and_next_move_boxes_have_an_answer(bundled_packs, paper):
    """Play 34, moments 1 and 2 (p13 Tennessee, p18 Again, p19 Rub out): Tennessee's second 34–35 with one steering
    box ("no next box, and I could not tell whether a step below 15° means no turn at all"): no next box, no effect.
    Brooklyn's rudder jammed again while ticked ("'stays as it is' would make the new hit worthless"): ticked anew,
    it stands next move too, as Rub out's box ticked this turn does."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    again = flat(ref.split("Twice a result she has already had (no re-roll; it stacks so):", 1)[1].split("Damage, sinking", 1)[0].replace("- ", ""))
    assert "steering damaged ticks its next box, a step less again (none: no effect); a next-move box ticks anew;" in again
    assert "(one marked this turn, anew too, stands all next turn)" in ref
    assert readings_rows()["Repeated critical"] in flat(ref.replace("- ", ""))
    texts = pack_texts(bundled_packs, paper=paper)
    tennessee = next(t for t in texts if SHEET_MARK in t and "CSS Tennessee" in t)
    assert "Steering hit: max turn → 15° (more: no effect)" in tennessee


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p34_a_hull_less_ship_need_not_mend_her_holes_and_a_struck_pair_casts_off(bundled_packs, paper):
    """Play 34, moments 3-5 (p18 No hull left, p19 step 7, Sloop carried, Struck, Fires): Brooklyn, no hull left and
    holed, mended her hole on a 6 and so surrendered ("a lucky hole repair forces surrender"): mending is her player's
    choice. She struck in step 7, lashed to Octorara ("nothing covers striking in step 7"): the gunboat casts off in
    next turn's step 7; a struck gunboat goes as her sloop plots. Her fire's blow-up roll: from next turn, before the
    fire-out D6."""
    ref = flat(reference_text(pack_texts(bundled_packs, paper=paper)).replace("- ", ""))
    rows = readings_rows()
    assert "till then she steams and fights on as before (uncontrolled: −1 in a ram); all mended (her choice): she surrenders" in ref
    assert rows["Repairs"].startswith("step 7: D6 per disabled gun and hole she tries, any or all: 6 repairs it")
    assert "Repairs D6 per disabled gun or hole, any or all: 6+ repairs it" in ref  # step 7, where the roll is made
    assert "(struck in step 6–7: next turn's)" in rows["Sloop carried"]
    assert rows["Fires"].endswith("struck: as abandoned from next turn, each fire's blow-up D6 before its fire-out")
    for rule in ("Repairs", "Sloop carried", "Struck", "Fires"):
        assert rows[rule] in ref, rule


def test_p34_a_wrapped_gun_row_has_its_box_on_its_first_line_and_the_head_says_a_box_each(bundled_packs):
    """Play 34 defects (pp4-12): Brooklyn's 12-pounder howitzer name wraps and its box "25" printed on the wrapped
    line, "hard to match to its row"; Tecumseh's 15-inch line "numbered '1' only, for 2 guns ... unclear whether there
    is one box per gun". The boxes stand level with a row's first line; the head says a box each. Geometry: a section
    bearing too close to call by eye is midships (Hartford's hit at 45.8°)."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "saunders", "a4").path
    with pdfplumber.open(path) as pdf:
        page = next(p for p in pdf.pages if "Lashed to Octorara" in (p.extract_text() or ""))
        words = page.extract_words()
    gun = next(w for w in words if w["text"] == "12-pounder" and w["top"] < page.height / 2)
    number = next(w for w in words if w["text"] == "25" and w["x0"] > page.width * 0.7 and w["top"] < page.height / 2)
    assert abs(number["top"] - gun["top"]) < 2.5, (number, gun)
    texts = pack_texts(bundled_packs)
    assert all("Gun (a box each: dot it as it fires)" in t for t in texts if SHEET_MARK in t and "USS Tecumseh" in t)
    assert readings_rows()["Section hit"].endswith("else midships (too close to call: midships)")
    assert readings_rows()["Section hit"] in reference_text(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p35_a_collision_halts_only_after_a_bow_or_broadside_ram_and_partners_may_fire(bundled_packs, paper):
    """Play 35, moments 1-2 (p19): Collision in the half move's "after a ram both stop there" read against Ramming's
    "a stern ram halts neither" ("one row says both stop, another that neither halts"), and whether the colliding
    ships' lashed partners may fire was not said: the halt is a bow or broadside ram's, and the partners fire."""
    ref = flat(reference_text(pack_texts(bundled_packs, paper=paper)).replace("- ", ""))
    row = readings_rows()["Collision in the half move"]
    assert "(a bow or broadside ram: both stop there, no turn or move on)" in row and "after a ram both" not in row
    assert row.endswith("neither fires this turn, partners may")
    assert row in ref
    assert "a glancing blow or stern ram halts neither" in ref  # Ramming's Afterwards, which it now agrees with


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p35_funnel_past_its_boxes_gun_nearest_in_action_held_fort_gun_and_collision_size(bundled_packs, paper):
    """Play 35, moments 3-6. 3 (p6/p18): Brooklyn's third "Funnel holed" should "tick one more box", and her sheet has
    only 2: the margin takes it. 4 (p19): "the owner's choice would let her throw away a gun already out of action":
    one in action first. 5 (p15/p19): "may a held, loaded gun disabled in step 4 still fire in step 6?": no (step
    4's hits count before step 6's fire). 6 (p19): "her hull boxes at the start: of the game, the turn, or with the
    boxes still unticked?": her sheet's boxes, ticked or not."""
    ref = flat(reference_text(pack_texts(bundled_packs, paper=paper)).replace("- ", ""))
    rows = readings_rows()
    assert "(a funnel: one more box or the margin; no second −1)" in rows["Repeated critical"]
    assert "the target's player's pick of one in the section hit that bears on the firer (one in action, fired or not, first)" in rows["Gun nearest"]
    assert "size: her sheet's hull boxes, ticked or not;" in rows["Collisions"] and "at the start" not in rows["Collisions"]
    for rule in ("Repeated critical", "Gun nearest", "Collisions"):
        assert rows[rule] in ref, rule
    assert "one held fires in step 6, at a ship then in its arc, if step 4 left it in action" in ref


def test_p35_a_lashed_sheet_says_which_of_the_pair_is_the_sloop_and_which_the_gunboat(bundled_packs):
    """Play 35 defect (p12, p2): Galena's sheet calls her a "Screw sloop" with hull 20, larger than Oneida's 18, yet
    she is the port-side consort, and the set-up's rule speaks of "the sloop" and "the gunboat": "for this pair it is
    unclear which is which if Oneida loses all speed". The sloop's line says "as sloop" where her consort is no
    gunboat by type."""
    texts = pack_texts(bundled_packs)
    assert "Lashed to Oneida (the sloop): starboard guns and fire across any pair masked" in flat(sheet_of(texts, "USS Galena"))
    assert "Lashed to Galena (as gunboat): port guns and fire across any pair masked" in flat(sheet_of(texts, "USS Oneida"))


# --- Play 36 (sau21): the moments and defects of the thirty-sixth play of the A4 pack -------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_the_critical_table_says_a_fort_s_magazine_never_explodes(bundled_packs, paper):
    """Play 36, moment 4 and defect 6: the criticals' 26 row said "D6 6 explodes" with no word of forts, while the fort
    sheet and the readings said a fort's magazine only floods; the player threw the explosion D6 for Fort Morgan. The
    row itself now says it, so the three places agree."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "26 Magazine: D6 6 explodes (not a fort), else flooded: no firing next turn" in ref
    assert "Magazine: D6 6 explodes, else flooded" not in ref
    forts = [flat(t) for t in texts if "A fort does not move" in t]
    assert forts and all("(never explodes)" in t for t in forts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_a_fort_takes_no_stationary_plus_one_and_picks_her_own_targets(bundled_packs, paper):
    """Play 36, moments 1-2: how a fort picks its targets under the cap, and whether it fires with the stationary +1
    (the readings' clubs' option made the default look open). Her sheet and the Forts table say no +1; the Targets
    reading says a fort's guns pick targets as a ship's do."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    forts = [flat(t) for t in texts if "A fort does not move" in t]
    assert forts and all(t.count("it fires in step 4 (no stationary +1)") == t.count("A fort does not move") for t in forts)
    assert "in step 4 (she never turns), not as a stationary firer (no +1)" in ref
    assert "each gun, a fort's too, fires at a target of her player's choice in its arc" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_the_guns_table_says_a_rifle_s_long_is_already_multiplied(bundled_packs, paper):
    """Play 36, moment 3: the legend "R: rifled, × 1.25 at Long" beside a 4R Long of 50 (40 × 1.25) read as a factor
    still to apply. The legend now says the figure has it already."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "R: rifled, Long here already × 1.25" in ref and "× 1.25 at Long" not in ref
    assert "4R 2 20 50 100-pounder Parrott rifle" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_gun_nearest_a_disabling_hit_with_none_in_action_goes_to_the_next_section(bundled_packs, paper):
    """Play 36, moment 6: Hartford's bow 100-pdr destroyed by a 24, then a 21 in the bow: only 24-25 may take a
    disabled gun there; a 21-23 (or 61-63) with none in action goes on to the next section's."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    words = "24–25 destroys a disabled one there, else (21–23, 61–63 always) 3 the next section's nearest the hit"
    assert words in readings_rows()["Gun nearest"] and words in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_between_a_lashed_pair_and_a_fore_arc_s_centre_are_said(bundled_packs, paper):
    """Play 36, moments 7-8: "passes between a lashed pair" left open what "between" is (the player used the line
    joining the two centres: so does the pack), and Tennessee's "fore … 10°" arc had no centre (dead ahead, on the
    keel line, as a bow or stern port's axis)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "or passes between a lashed pair (across their centres' line)" in ref
    assert "(a fore, aft arc: at the bow, stern, axis on the keel line)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_a_line_may_be_plotted_down_to_its_slowest(bundled_packs, paper):
    """Play 36, moment 10: Brooklyn slowed to 4½ kn with Hartford at 6 astern and "no slowing unplotted": may one
    player order the whole line down? Yes: her side's player plots every ship, so he plots the line at its slowest."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "(one ahead slowed too: none unplotted; a line may be plotted down to its slowest)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_the_set_up_s_fort_gaines_reach_is_the_tape_s(bundled_packs, paper):
    """Play 36, moment 11: p2 said her Long "reaches the channel's west side only", p19 that a set-up word on reach
    adds no limit. The set-up now says the tape measures it and the west side is where it reaches, not a bound."""
    setup = next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Set-up:"))
    assert "their 48 in Long reaches the channel's west edge north of y 18." in flat(setup)
    assert "west side only" not in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_the_side_wheeler_s_paddle_box_names_its_critical(bundled_packs, paper):
    """Play 36, moment 9: Selma's 53-56 wanted the "which paddle" D6, found only in the reference; her paddle boxes
    now name the critical beside the D6."""
    texts = pack_texts(bundled_packs, paper=paper)
    wheelers = [flat(t) for t in texts if SHEET_MARK in t and "Propulsion: sidewheel" in t]
    assert len(wheelers) >= 3 and all("Paddle lost (53–56, ½ speed): D6 1–3 port (1st box)" in t for t in wheelers)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p36_the_calibration_bar_and_the_odd_sloop_line(bundled_packs, paper):
    """Play 36, defects 1 and 4: "100 mm" and "4 in" beside one another read as one bar mislabelled (they are two
    bars); Lackawanna's "Lashed to Seminole as sloop" read oddly. The bar's note names both; the line leads with her
    role."""
    texts = [flat(t) for t in pack_texts(bundled_packs, paper=paper)]
    # play 43 (Really Simple): each edge named once, the "4 in" label beside it no longer read into the note
    assert any("this bar must measure 100 mm on its upper edge, 4 in on its lower" in t for t in texts)
    assert "Lashed to Seminole (as gunboat): port guns and fire across any pair masked" in flat(sheet_of(texts, "USS Lackawanna"))
    assert not any(" as sloop:" in t for t in texts)


# --- Play 37 (sau22): the moments and defects of the thirty-seventh play of the A4 pack -----------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_a_fort_s_sector_is_a_compass_bearing_from_her_point_to_the_target_s_centre(bundled_packs, paper):
    """Play 37, moment 1: "bears 170–330°" on the set-up page with no word of how it is measured, and Fort arcs said
    only "the set-up page's arc". The reading says compass, from her set-up point, to the target's centre."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    words = "each face: the set-up page's sector, by compass from her point to the target's centre"
    assert words in readings_rows()["Fort arcs"] and words in ref
    assert "each face: the set-up page's arc" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_fires_have_no_limit_a_box_each_on_the_sheet_and_in_the_readings(bundled_packs, paper):
    """Play 37, moment 2 and defect 6: Brooklyn took three fires in one phase; the sheet showed no count and the
    counters page has some thirteen FIRE markers. Every sheet's Fires label and the Fires reading say: no limit, a
    box each (past them the margin, out of markers the boxes), one −1 however many, each out on its own D6."""
    texts = pack_texts(bundled_packs, paper=paper)
    sheets = [t for t in texts if SHEET_MARK in t]
    assert sheets and all(t.count("Fires (any: one −1") == t.count(SHEET_MARK)
                          for t in sheets)
    ref = reference_text(texts)
    row = readings_rows()["Fires"]
    assert row.startswith("no limit, a box each; −1 to fire while any burns;") and row in ref
    assert "end of turn D6 each, 6 puts it out" in row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_repairs_are_any_or_all_of_her_disabled_guns_and_holes(bundled_packs, paper):
    """Play 37, moment 3: "D6 per disabled gun and hole she picks" read both as every one and as only those picked,
    with no limit said. Step 7's row and the Repairs reading say any or all, a D6 each."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Repairs D6 per disabled gun or hole, any or all: 6+ repairs it" in ref
    assert "step 7: D6 per disabled gun and hole she tries, any or all: 6 repairs it" in ref
    assert "hole she picks" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_line_of_fire_runs_from_the_firer_s_centre_not_the_gun_s_port(bundled_packs, paper):
    """Play 37, moments 4 and 6, defects 1 and 8: whether a follower's bow gun draws its line from her centre or from
    the port (the centre: a bow shot near dead ahead meets the pair ahead); the player threw seven such shots
    before checking and struck them. The reading says "not the gun's port", the gauge page under the gunport arc
    says to check the line first, and each lashed sheet says a shot is masked where its line meets her partner's
    hull (Octorara's past Brooklyn's bow is open)."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    row = readings_rows()["Line of fire"]
    assert row.startswith("centre to centre (not the gun's port; as Range); blocked") and row in ref
    assert "a line of fire meeting her partner's hull is blocked (Line of fire)" in ref
    gauges = next(t for t in texts if t.startswith("Turn gauges"))
    assert "Line of fire first: a follower's bow shot near dead ahead is blocked" in gauges
    assert "fire across any pair masked;" in flat(sheet_of(texts, "USS Octorara"))
    assert not any("and any fire across" in t for t in texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_fort_gaines_reach_is_said_as_the_tape_finds_it(bundled_packs, paper):
    """Play 37, moment 5 and defect 3: "their Long (48 in, by the tape) reaches the channel's west side" did not hold
    on the tape (Brooklyn 48.2 in off in turn 1). The set-up now says which part of the west edge lies inside 48 in
    and that ships in the channel are often outside it."""
    setup = flat(next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Set-up:")))
    assert "their 48 in Long reaches the channel's west edge north of y 18." in setup
    assert "reaches the channel's west side" not in setup


def test_p37_fort_gaines_west_edge_figure_holds_on_the_plan():
    """The set-up's "north of y 18" is measured, not guessed: the channel's west edge (53, 0)-(57, 28) comes within
    48 in of Fort Gaines (10½, 34½) near y 18, and turn 1's Brooklyn (56.17, 18.99) is past 48 in."""
    import math

    gaines = (10.5, 34.5)

    def dist(p):
        return math.hypot(p[0] - gaines[0], p[1] - gaines[1])

    on_edge = [(53 + 4 * t, 28 * t) for t in (i / 1000 for i in range(1001))]
    first = min(p[1] for p in on_edge if dist(p) <= 48)
    assert 17.5 <= first <= 18.5
    assert dist((56.17, 18.99)) > 48


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_a_one_move_box_holds_all_next_turn_on_every_sheet(bundled_packs, paper):
    """Play 37, moment 7: Tennessee, bound at 0 kn, lost her captain in turn 1's step 4: "which move is next?" The
    sheet's row of one-move criticals is headed "All next turn:" (Rub out's words), so she plots turn 2 as turn 1."""
    texts = pack_texts(bundled_packs, paper=paper)
    sheets = [t for t in texts if SHEET_MARK in t]
    ships = [t for t in sheets if "A fort does not move" not in t]
    assert ships and all(t.count("All next turn:") == t.count(SHEET_MARK) for t in ships)
    assert not any("Next move only" in t for t in texts)
    assert "Rub out the All next turn boxes and crew rings marked last turn" in reference_text(texts)


def _printed_row(bundled_packs, paper: str, name: str) -> str:
    """The readings row `name` as the tables give it, found whole in the pack's quick reference on this paper."""
    row = readings_rows()[name]
    assert row in reference_text(pack_texts(bundled_packs, paper=paper)), name
    return row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_gun_nearest_leads_with_whose_pick_it_is(bundled_packs, paper):
    """Play 37, moment 8: both bow guns of a sloop bore on a 22 and the answer (her player's pick, one in action
    first) came only after a long sentence. The row now leads with it."""
    row = _printed_row(bundled_packs, paper, "Gun nearest")
    assert row.startswith("criticals 21–25 and 61–63: 1 the target's player's pick of one in the section hit that bears on the "
                          "firer (one in action, fired or not, first),")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p37_a_ship_at_0_kn_by_choice_is_stationary(bundled_packs, paper):
    """Play 37, moment 9: the gunboats chose 0 kn once the binding ended: stationary still? Yes, bound or chosen."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "she fires as ever (0 kn, bound or chosen: stationary)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_a_lashed_partner_of_a_ship_that_blows_up_follows_the_explosion_row(bundled_packs, paper):
    """Play 38, moment 1: Brooklyn blew up lashed to Octorara; Lashed pairs said "cut free there, unharmed" and
    Explosion said the partner rolls on the ramming table. Lashed pairs now points to Explosion, which rules."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    rows = readings_rows()
    assert "one sinking: the other is cut free there, unharmed (blown up: as Explosion), ends" in rows["Lashed pairs"]
    assert "a lashed partner is cut free and rolls once on the ramming damage table" in rows["Explosion"]
    assert rows["Lashed pairs"] in ref and rows["Explosion"] in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_gun_nearest_is_the_target_s_player_s_pick(bundled_packs, paper):
    """Play 38, moment 4: "her player's pick" read as the target's or the firer's player. The target's, in words."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "criticals 21–25 and 61–63: 1 the target's player's pick of one in the section hit" in ref
    assert "her player's pick" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_a_wreck_has_her_model_and_boxes_and_slides_as_a_ship(bundled_packs, paper):
    """Play 38, moment 2: Hartford ran onto Brooklyn's wreck: nothing said a wreck's size or whether it slides."""
    row = _printed_row(bundled_packs, paper, "Wrecks")
    assert "a sunk ship's counter is her wreck, of her Model and boxes, sliding as a ship: a ship meeting it" in row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_power_lost_mid_move_ends_the_move_as_plotted(bundled_packs, paper):
    """Play 38, moment 3: Tecumseh's screw went at a torpedo in the second inch of her move: stop, slow or go on?
    She ends the move as plotted, then drifts; Torpedo specials point to Drifting."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "no power (or abandoned): lost mid-move, she ends it as plotted; then straight on" in ref
    assert "all power gone, drifts to a halt: Drifting)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_an_explosion_s_impact_is_the_partner_s_midships_facing_the_wreck(bundled_packs, paper):
    """Play 38, moment 6: a partner's ramming-table specials lose guns "nearest the impact", and a blast has none."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "a D6 of 4+ sets the partner on fire; the impact: her midships, facing the wreck" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p38_tennessee_s_steering_0_says_it_is_exposed(bundled_packs, paper):
    """Play 38, defect: Tennessee's "6: Steering 0" on the best-armoured ship looked like a misprint; her sourced
    rating is 0 (her rudder chains ran open on the after deck), and the sheet now says so."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert any("6: Steering 0 (exposed)" in " ".join(t.split()) for t in texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p39_a_gun_in_action_is_one_not_disabled_fired_or_not(bundled_packs, paper):
    """Play 39, moment 1: Morgan's 24 on Brooklyn: Gun nearest takes "one in action first", and nothing said whether
    a gun that has fired and not yet reloaded is in action. It is: in action is not disabled or lost, fired or not."""
    row = _printed_row(bundled_packs, paper, "Gun nearest")
    assert "bears on the firer (one in action, fired or not, first), no partner's hull in the way" in row


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p39_a_gun_whose_line_of_fire_is_blocked_aims_again_or_holds_unfired(bundled_packs, paper):
    """Play 39, moment 2: the water battery, Octorara, Metacomet, Port Royal, Seminole, Lackawanna and Ossipee named
    a target and found the line blocked by a partner or the ship ahead: lost, another target, or free for step 6?
    Step 4's row says it: the gun names another target or is held, unfired (step 6's "every gun that has not fired")."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    step = next(r for r in RS.tables().require("sequence_of_play").rows if r["phase"] == "First fire")
    assert "any gun now or held to step 6 (hits now land first; line blocked: aim again or hold)" in step["does"]
    assert flat(step["does"]) in ref
    assert "every gun that has not fired this turn may fire" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p39_the_gun_criticals_name_the_gun_nearest_reading(bundled_packs, paper):
    """Play 39, moments 3 and 4: Richmond's second gun hit with her bow gun gone, and Hartford's 62 ("nearest to
    what?"), were answered only on the readings page, found after a long search. The criticals' rows now name it:
    21-25 point to Gun nearest, and 61-63 is the gun nearest the hit, as 21-25."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "21-23 Gun nearest disabled until repaired (which: Gun nearest)" in ref
    assert "24-25 Gun nearest the hit destroyed (which: Gun nearest)" in ref
    assert "61-63 Gun crew casualties: the gun nearest the hit not yet ringed silent next turn" in ref
    assert "the nearest gun not yet ringed" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p39_a_fort_face_s_cap_counts_its_guns_as_one_pool(bundled_packs, paper):
    """Play 39, moment 5: the set-up page's "Fort Morgan's fronts" and the sheet's "channel fronts" (plural) read as
    several faces of a quarter each. The sheet's cap now gives each face's guns: one face of 20, 5 at one ship."""
    texts = pack_texts(bundled_packs, paper=paper)
    morgan = next(t for t in texts if "Fort Morgan water battery" in t and SHEET_MARK in t)
    assert "guns at one ship a turn (steps 4 and 6 together): channel fronts 5 of 20, bay front 2 of 8 (a quarter" in morgan
    assert "the beach battery 2 of 7 (a quarter of a face's" in morgan


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p39_a_fire_on_a_fort_costs_all_her_faces_not_another_sheet_s(bundled_packs, paper):
    """Play 39, moment 6: Fort Morgan burning: −1 to every face's guns, and the water battery's too? Every face of
    the fort burning (her sheet's), not another sheet's: the fort sheets' Fires label says "all faces here"."""
    texts = pack_texts(bundled_packs, paper=paper)
    forts = [t for t in texts if "Fort Morgan water battery" in t and SHEET_MARK in t]
    assert forts and forts[0].count("Fires (any: one −1, all faces here)") == forts[0].count(SHEET_MARK) == 3
    ships = [t for t in texts if SHEET_MARK in t and "Fort Morgan" not in t]
    assert ships and not any("all faces here" in t for t in ships)


# --- Play 40 (sau25) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_every_lashed_sheet_opens_its_line_with_lashed_to(bundled_packs, paper):
    """Play 40, defect 1: Lackawanna's and Oneida's lines opened "Sloop, lashed to", and a player scanning the twelve
    lashed sheets for "Lashed to" thought the two were missing. Every line now opens "Lashed to"; the sloop whose
    consort is no gunboat by type says so after the name."""
    texts = [flat(t) for t in pack_texts(bundled_packs, paper=paper)]
    for name, partner, mine in lashed_sheets(texts):
        assert f"Lashed to {partner}" in mine, name
    assert not any("Sloop, lashed" in t for t in texts)


# --- Play 40 (sau26) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_each_hit_s_penetration_roll_names_its_die_where_it_is_made(bundled_packs, paper):
    """Play 40, moments 1 and 2: the sheets' "no effect below strength 5" read as a gate before the penetration sum,
    and "DAV" as maybe a D6. The line beside To hit now says it is each hit's one sum and names the die by its faces,
    from the penetration table; no sheet says "Penetration: DAV +" undefined."""
    faces = "".join(str(f) for f in RS.tables().penetration.rows["dav_faces"])
    sheets = [flat(t) for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t]
    assert faces == "233445" and len(sheets) >= 12
    for t in sheets:
        assert t.count(f"Each hit: DAV ({faces}) + Str − armour; +1 rifle") == t.count(SHEET_MARK), t[:80]
        assert "Penetration: DAV + strength − armour" not in t
    # the ships' "no effect below" shortcut says it is that sum at the best face, not a gate of its own
    gated = [t for t in sheets if "no effect below strength" in t and "A fort does not move" not in t]
    assert sum(t.count("no effect below strength") for t in gated) >= 5 and all(t.count("(Each hit's sum at DAV 5): no effect below strength") ==
                                   t.count("no effect below strength") for t in gated)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_a_screw_box_says_she_has_one_and_the_second_is_the_torpedo_s(bundled_packs, paper):
    """Play 40, moment 3: "two screws? a second hit?" The box says one screw, a hit's knots each time (1st box), the
    2nd box a torpedo's (no power: she drifts)."""
    sheets = [flat(t) for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t and "Propulsion: screw" in t]
    assert len(sheets) >= 8
    assert all("One screw: −2 kn a hit (1st box), 2nd box torpedo: drifts −2 kn a turn" in t for t in sheets)
    assert not any("Screw: −2 kn every hit" in t for t in sheets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_a_ringed_gun_is_silent_and_its_ring_goes_in_step_7(bundled_packs, paper):
    """Play 40, moments 4 and 5: a crew hit's ring: is the gun still in action, and does the crew come back? The
    ship's box says the ringed gun is silent (under All next turn), and step 7's Rub out takes the rings with the
    next-move boxes."""
    texts = pack_texts(bundled_packs, paper=paper)
    ships = [flat(t) for t in texts if SHEET_MARK in t and "A fort does not move" not in t]
    assert ships and all(t.count("Crew: ringed gun silent") == t.count(SHEET_MARK) for t in ships)
    assert all(t.index("All next turn:") < t.index("Crew: ringed gun silent") for t in ships)
    ref = reference_text(texts)
    assert "Rub out the All next turn boxes and crew rings marked last turn" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_the_repeat_row_is_no_re_roll(bundled_packs, paper):
    """Play 40, moment 6: "Again" under the critical table read as "roll again". The row is headed Twice and says it
    is no re-roll, then how a result had before stacks (the readings' Repeated critical)."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    assert "Twice a result she has already had (no re-roll; it stacks so): a fire or a hole ticks one more box" in flat(ref)
    assert "Again a result" not in ref and "(Twice)" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_a_fort_s_boxless_critical_takes_nothing_and_lost_guns_keep_the_cap(bundled_packs, paper):
    """Play 40, moments 7 and 8: a critical on a fort with no box (rudder, engines): what instead? None: her sheet
    says so beside the rolls that act. A face with guns lost: how many may still fire at one ship? Its cap stands
    (5 of 20), lost guns counted: the quick reference's Forts row says so."""
    texts = pack_texts(bundled_packs, paper=paper)
    forts = [flat(t) for t in texts if "A fort does not move" in t]
    assert forts and sum(t.count("a critical with no box here: no effect, none instead (acting: 11–14, 21–26, 61–63)")
                         for t in forts) == 3
    ref = flat(reference_text(texts))
    assert "other sheets' guns apart), the rest at others or held; lost guns count; one held fires in step 6" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p40_both_lashed_sheets_say_the_pair_s_speed_bow_guns_and_holes(bundled_packs, paper):
    """Play 40, moments 9-11: one of a pair crippled, the pair's speed? The slower's, as she is now. A consort's bow
    gun beside her sloop? Its arc, clear of the partner. Whose water is a hole? Each her own. Said on both sheets,
    on the lashed line's one printed line (test_s35_the_lashed_line_says_its_steps_in_plain_words_on_one_line)."""
    texts = [flat(t) for t in pack_texts(bundled_packs, paper=paper)]
    ended = 0
    for name, partner, mine in lashed_sheets(texts):
        assert "· slower's speed now · holes, magazine: hers" in mine, name
        ends = re.findall(r"(?:fore|aft) 180°, clear of (\w+ ?\w*) · (?:bow|stern)", mine)
        assert all(e.startswith(partner) for e in ends), (name, ends)
        ended += bool(ends)
    assert ended >= 10  # the sheets with a bow or stern gun (Itasca and Kennebec's pivots bear all round)


def test_p40_fire_and_hole_markers_grow_with_the_game_s_length(bundled_packs):
    """Play 40, moment 12: 13 FIRE and 11 HOLE ran out in a 12-turn Mobile Bay. The counters page now holds five
    eighths of a marker a unit (fires) and a ship (holes) for 12 turns, half for a 9-turn game; read off the page."""
    from conftest import pdf_page_index

    for paper in ("a4", "letter"):
        path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
        words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
        assert words.count("FIRE") == 16 and words.count("HOLE") == 14, paper  # 25 units, 22 ships: ⌈25×15/24⌉, ⌈22×15/24⌉
        assert words.count("TURNED") == 15, paper  # still one a plot
    from types import SimpleNamespace

    from shipyard.rules.saunders.counters import wear_markers

    def game(turns):
        return SimpleNamespace(options=SimpleNamespace(turns=turns), scenario=None)
    # the old half a unit at 9 turns, more for longer, no more past 21 turns (a 6 puts out or mends as many as come)
    assert [wear_markers(25, game(n)) for n in (9, 12, 21, 40)] == [13, 16, 25, 25]
    assert wear_markers(3, game(12)) == 4  # never fewer than 4


# --- Play 41 (sau27) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_a_lashed_ship_s_all_round_gun_fires_where_its_line_clears_her_partner(bundled_packs, paper):
    """Play 41, moments 1 and 4: "either side's guns: port" left an all-round howitzer firing near dead ahead (and the
    midships gun nearest a firer off the bow quarter) unsure whether it fires to the free side only. An all-round cell
    on a lashed sheet now reads "all round, clear of <partner>", as a bow gun's does, and the lashed line names the
    guns that take a side as the “or” guns of the Arcs head."""
    texts = pack_texts(bundled_packs, paper=paper)
    seen = 0
    for name, partner, mine in lashed_sheets(texts):
        rounds = re.findall(r"all round(, clear of \w+)?", mine)
        assert rounds and all(r == f", clear of {partner}" or r.startswith(f", clear of {partner[:4]}")
                              for r in rounds), (name, rounds)
        seen += len(rounds)
        assert "“or” guns: " in mine and "either side's guns" not in mine, name
    assert seen >= 14


def test_p41_a_funnel_hit_past_its_boxes_takes_its_knot_and_no_second_minus_one(bundled_packs):
    """Play 41, moment 3: Hartford's third funnel hit, in the margin: −1 kn again, and −1 to fire again? The Twice row
    says it: its knots come off again, a funnel's box or the margin, no second −1."""
    ref = reference_text(pack_texts(bundled_packs))
    twice = ref.split("Twice", 1)[1][:900]
    assert "its knots come off again, struck on the speed track (a funnel: one more box or the margin; no second −1)" in twice


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_a_close_line_past_a_bow_is_settled_by_the_tape_touching_it(bundled_packs, paper):
    """Play 41, moment 5: "within 1/16 in of her bow or stern" was needed three times in three turns, each on a
    measured guess. The readings now say what to look for: the tape laid centre to centre touching her bow or stern,
    no gap, rolls; a gap is open, crossing her end blocked."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Line of fire"]
    assert row.endswith("her side grazed: open; touching her bow or stern, no gap: D6, 4+ open")
    assert row in ref and "centre to centre (not the gun's port; as Range); blocked where it crosses" in row


def test_p41_a_follower_may_pull_out_of_the_line_to_pass(bundled_packs):
    """Play 41, moment 7: Brooklyn's orders stood three turns and nothing said whether the pairs behind might pass.
    Plots stand now says a follower turns as she plotted, out of the line to pass too (hulls that meet collide)."""
    ref = reference_text(pack_texts(bundled_packs))
    row = readings_rows()["Plots stand"]
    assert row.endswith("a follower turns as she plotted, not where her leader did (out of the line to pass too)")
    assert "only hulls that meet collide" in row and row in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_both_sheets_of_a_sloop_and_sloop_pair_say_which_is_the_sloop(bundled_packs, paper):
    """Play 41, moment 8: Seminole and Galena are screw sloops lashed as the gunboat; which counts as the sloop for
    Sloop carried? The sloop's line names her consort "(as gunboat)", the consort's names hers "(the sloop)" (the
    set-up page's rule, a gunboat to a sloop's port side, had no room for the names)."""
    texts = pack_texts(bundled_packs, paper=paper)
    for sloop, boat in (("USS Lackawanna", "Seminole"), ("USS Oneida", "Galena")):
        assert f"Lashed to {boat} (as gunboat): port guns" in sheet_of(texts, sloop)
        assert f"Lashed to {sloop[4:]} (the sloop): starboard guns" in sheet_of(texts, f"USS {boat}")
    # a gunboat's own sheet needs no word: Octorara's line is as it was
    assert "Lashed to Brooklyn: starboard guns" in sheet_of(texts, "USS Octorara")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_the_speed_track_says_its_shaded_fractions_are_speeds(bundled_packs, paper):
    """Play 41, moment 9: the speed track's "½" and "¾" read against the hull bars' "¾ speed" at the ½-hull box, as if
    the two used the fractions in opposite senses. Both are speeds: the track's head now says "shaded: ¾, ½ speed",
    the fractions the hull_speed table gives, largest first."""
    fractions = sorted({round(float(r["speed_fraction"]), 3) for r in RS.tables().require("hull_speed").rows
                        if float(r["speed_fraction"]) < 1}, reverse=True)
    want = "shaded: " + ", ".join(number(f) for f in fractions) + " speed"
    texts = pack_texts(bundled_packs, paper=paper)
    heads = [t for t in texts if "Speed (1 kn = 1 in): mark it" in t]
    assert heads and all(t.count("Speed (1 kn = 1 in): mark it; strike lost knots from the top; " + want)
                         == t.count("Speed (1 kn = 1 in)") for t in heads)
    assert want == "shaded: ¾, ½ speed"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_the_readings_say_the_fort_cap_after_losses_and_the_pair_s_speed_now(bundled_packs, paper):
    """Play 40's moments 8 and 9, left off the readings page for room, now on it (play 41): a face's cap is its
    printed share, lost guns too (the clubs' option: a share of the guns left), and a pair moves at the slower's
    speed now. The house rule plays the other reading in the Forts table too."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    rows = readings_rows()
    assert "Fort cap the printed share, lost guns too; clubs may instead play: a share of the guns left" in ref
    assert rows["Lashed pairs"].startswith("the set-up page's rule, else one ship at the slower's speed now") and rows["Lashed pairs"] in ref
    from shipyard.rules.saunders.reference import fort_rules

    t = RS.tables()
    assert "lost guns count" in fort_rules(t)[0][1]
    t.require("fort_fire").rows["cap_counts_lost"] = False
    assert "the rest at others or held; of the guns left, counted again" in fort_rules(t)[0][1]
    row = next(r for r in t.readings() if r["rule"] == "Fort cap")
    assert row["switched"] and row["reading"] == "a share of the guns left"


def _cross(a, b, c, d) -> bool:
    """Whether segments ab and cd properly cross."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_the_channel_and_mobile_point_do_not_overlap(bundled_packs, library, paper):
    """Play 41, moment 2 (p2 On the table): the channel's corner 62½, 28 lay east of Mobile Point's west edge, so the
    24 ft channel and dry land covered one strip (y 28½ to about 30½). The edge now bends west at 62½, 25 to pass
    the point's tip (sotw26, play 40's same finding): no land polygon crosses or holds a point of a water polygon,
    and the set-up page prints the corners, the channel's meeting the land only at the tip."""
    setup = library.scenario("mobile-bay-1864").setup
    lands = [s.outline for s in setup.land] if hasattr(setup.land[0], "outline") else [s["outline"] for s in setup.land]
    waters = [w.outline for w in setup.water] if hasattr(setup.water[0], "outline") else [w["outline"] for w in setup.water]
    for land in lands:
        land = [tuple(map(float, p)) for p in land]
        for water in waters:
            water = [tuple(map(float, p)) for p in water]
            assert not any(inside_outline(p, land) for p in water) and not any(inside_outline(p, water) for p in land)
            assert not any(_cross(a, b, c, d) for a, b in zip(water, water[1:] + water[:1])
                           for c, d in zip(land, land[1:] + land[:1]))
    texts = pack_texts(bundled_packs, paper=paper)
    setup_page = next(t for t in texts if t.startswith("Set-up:"))
    assert "Main Ship Channel's edge: corners 53, 0; 62, 0; 62½, 25; 61½, 28½; 61½, 35;" in setup_page
    assert "Mobile Point (land): corners 61½, 28½;" in setup_page


def test_p41_the_counters_give_a_captain_for_every_six_ships_where_the_page_has_the_cells(bundled_packs):
    """Play 41, moment 10 (p17): two CAPTAIN markers where three captains were down in turn 1 and four in turn 2, two
    RUDDER where three were jammed. Past the SMOKE and STEAM markers' first share (two for every three ships), the
    counters' last cells now hold a CAPTAIN for every 6 ships and a RUDDER for every 8: 4 and 3 for Mobile Bay's 22 on
    A4. Letter's last page has no such cells (its SMOKE, STEAM, TURNED, STRUCK and SUNK stay at their plays' bars)."""
    from conftest import pdf_page_index

    counts = {}
    for paper in ("a4", "letter"):
        path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
        words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
        counts[paper] = {w: words.count(w) for w in ("CAPTAIN", "RUDDER", "PILOT", "SMOKE", "STEAM", "TURNED", "SUNK")}
        assert counts[paper]["SMOKE"] >= 10 and counts[paper]["STEAM"] >= 5 and counts[paper]["TURNED"] == 15, paper
        assert counts[paper]["SUNK"] == 6, paper
    # play 43 (sau30): a CAPTAIN for every 5 ships, a RUDDER for every 6, a PILOT for every 8 (test_p43_...counters)
    assert counts["a4"]["CAPTAIN"] == 5 and counts["a4"]["RUDDER"] == 4 and counts["a4"]["PILOT"] == 3
    assert counts["letter"]["CAPTAIN"] == 2 and counts["letter"]["RUDDER"] == 2 and counts["letter"]["PILOT"] == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_a_masked_broadside_s_odd_gun_shifts_to_the_free_side(bundled_packs, paper):
    """Play 41, defect (p10 Monongahela): "port 10° · 2 masked, 1 fires starboard" read as a port gun that fires to
    starboard. The odd gun that may take either side is moved across: "1 shifts to starboard", in the row's two lines
    as before."""
    mine = flat(sheet_of(pack_texts(bundled_packs, paper=paper), "USS Monongahela"))
    assert "port 10° · 2 masked; 1 moves: starboard fires 3, port none" in mine and "fires starboard" not in mine


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_fort_gaines_reach_on_the_set_up_page_says_it_is_no_limit(bundled_packs, paper):
    """Play 41, moment 6: "their 48 in Long reaches the channel's west edge north of y 18" read first as a limit, and
    Octorara, outside the edge at 47.9 in, was fired at only once Range was found. The set-up rule now ends "No other
    limit.", as Range says (a set-up rule's word on a gun's reach adds no limit), in the lines it had."""
    texts = pack_texts(bundled_packs, paper=paper)
    setup = next(t for t in texts if t.startswith("Set-up:"))
    # play 43 (sau30): "No other limit." still read as a limit stated; the sentence now says it is a guide only
    assert "fire; their 48 in Long reaches the channel's west edge north of y 18. A guide only." in setup
    assert "a set-up rule's word on a gun's reach adds no limit" in readings_rows()["Range"]


# Play 42 (sau28): the rulebook moments of three turns of Mobile Bay played from the A4 pack alone, each read back
# from the built PDFs where the player looked for it.

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_range_on_a_band_s_edge_is_read_to_the_tape_s_sixteenth(bundled_packs, paper):
    """Play 42, moment 1 (p18 gun table, p19 Range): Hartford to Selma reckoned 20.04 in against Eff 20, Ossipee 18.03
    against 18, read one way once and the other way next. Range says the tape reads it, to its 1/16 in: 20.04 is 20,
    in the band; the reach sentence stands after it."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Range"]
    assert "read down to 1/16 in (20.05: 20); a set-up rule's word on a gun's reach adds no limit" in row
    assert "by the tape alone" not in row
    assert f"Range {row}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_astern_is_a_share_of_the_maximum_now_and_counts_through_nought(bundled_packs, paper):
    """Play 42, moments 2 and 3 (p18 Movement): Selma's astern after a lost paddle and 2 kn, and a change from ahead
    to astern: the Movement table's rows say astern is the share of her maximum as it is now, and the ±2 kn a turn
    counts through 0 (1 kn ahead to 1 astern is 2 kn); the share and the change are the table's figures."""
    mv = RS.tables().movement.rows
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    movement = ref.split("Movement", 1)[1][:400]
    assert f"Speed change a turn, through 0 (kn) ±{number(mv['acceleration_kn'])}" in movement
    assert "Astern, of max now (double-ender: full) × ⅓" in movement and mv["astern_fraction"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_the_piles_are_fired_over(bundled_packs, paper):
    """Play 42, moment 4 (p2 plan, p19 Line of fire, which named only ships, pairs, monitors and wrecks): Fort
    Gaines's line to the channel crossed the piles. They stop ships, not shot: fired over, named with the monitor's
    deck and the wreck."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Line of fire"]
    assert "but fired over a monitor's low deck, a wreck, piles; her side grazed: open" in row
    assert row in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_fort_s_face_is_her_sheet_s_row(bundled_packs, paper):
    """Play 42, moment 5 (p2 "channel fronts", p15 one row, one cap, one magazine box): the Forts table's Hit row says
    the face row bearing on the firer floods, so the channel fronts, one row of the sheet, are one face."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "26: the face row (bearing on the firer) floods, not the fort" in ref
    assert "the face hit (bearing on the firer)" not in ref
    fort = next(t for t in texts if "Fort Morgan" in t and "A fort does not move" in t)
    assert "channel fronts" in fort.lower()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_bow_or_stern_section_is_within_45_degrees_of_ahead_or_astern(bundled_packs, paper):
    """Play 42, moment 6 (p19 Section): "in her fore, aft 90°" read as ±45° or 90° each side decided which gun six
    criticals took. The row now says within 45° of ahead, astern, as the text's four 90° turret arcs."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Section hit"]
    assert row.startswith("facing the firer: within 45° of her ahead, astern: bow, stern; else midships")
    assert "aft 90°" not in row and f"Section hit {row}" in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_sheet_s_no_ram_bow_is_the_ramming_table_s_row_not_another(bundled_packs, paper):
    """Play 42, moment 8 (Brooklyn p6 "No ram bow (−1 ramming)", p3 "Own ship the rammer, no ram bow −1"): read as
    two −1s. The sheet now names it as the ramming table's row, its figure from that row."""
    texts = pack_texts(bundled_packs, paper=paper)
    rows = RS.tables().ramming_modifiers.rows
    mod = next(r["mod"] for r in rows if r["when"] == "Own ship the rammer, no ram bow")
    sheets = [t for t in texts if SHEET_MARK in t and "USS Brooklyn" in t]
    assert sheets and all(f"No ram bow (ramming table's {'−' if mod < 0 else '+'}{abs(mod)} row)" in t for t in sheets)
    assert not any("ramming)" in t and "No ram bow (−" in t for t in texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_bow_on_a_torpedo_field_s_edge_is_in_it(bundled_packs, paper):
    """Play 42, moment 7 (p2 "x 30–59½", p19 Tests): Manhattan's bow crossed the field's line at x 59.53, 0.03 in
    outside, with no tolerance rule. The Tests row, under the density table where the player looked, now ends: the
    edge is read to 1/16 in, as Range reads the tape, and a bow on it is in the field."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Torpedoes"]
    assert row.endswith("a strike harms her alone; on a field's edge, to 1/16 in: in it")
    tests = ref.split("Torpedo fields", 1)[1][:900]
    assert row in tests


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_a_light_rifle_is_2r_in_the_gun_table_as_on_its_sheet(bundled_packs, paper):
    """Play 42, other defects (p18 gun table; Kennebec's and Itasca's sheets, p3 roster): the 20-pdr Parrott stood in
    the gun table's plain "2" row, while its sheets say "2R" with Long "none". The table's Str cell now names it 2R
    too (a rifle's +1 counts; its light gun's Long stays none)."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    guns = ref.split("Guns in play", 1)[1][:1500]
    assert re.search(r"2, 2R 2 15 none 20-pounder Parrott rifle", guns), guns[:600]
    assert any(re.search(r"20-pounder Parrott rifle 1 2 R ", t) for t in texts if SHEET_MARK in t)  # Str 2, Rif R


# Play 43 (sau29): the rulebook moments of three turns of Mobile Bay played from the A4 pack alone, each read back
# from the built PDFs where the player looked for it.

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_one_turn_criticals_say_all_next_turn_as_the_sheets_do(bundled_packs, paper):
    """Play 43, moment 4 (p18 critical table "next move" against the sheets' "All next turn:" and p19 Rub out): a
    captain lost in step 4 held this turn's move-on or the next turn's? The table's rows now say what the sheets'
    row head and Rub out say, all next turn, and the turn strip's step 7 rubs out the All next turn boxes."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    crit = {r["roll"]: r["effect"] for r in RS.tables().criticals.rows}
    for roll in ("31-33", "36", "66"):
        assert "all next turn" in crit[roll] and "next move" not in crit[roll]
        assert flat(crit[roll]) in ref
    assert "rub out the All next turn boxes" in ref and "next-move boxes" not in ref
    sheets = [t for t in texts if SHEET_MARK in t]
    assert sheets and all("All next turn:" in t for t in sheets if "Rudder" in t)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_chits_and_markers_remind_and_the_sheet_is_the_record(bundled_packs, paper):
    """Play 43, moments 3 and 8 (p17: three RUDDER markers for four jams at once in turn 2; p18 "chits one, on its
    leader" with four 4-kn chits for 11 units and no word on what a chit is for): the Movement table now says chits
    and markers are reminders, her sheet the record when none is left, above the one-chit-a-line row."""
    texts = pack_texts(bundled_packs, paper=paper)
    movement = reference_text(texts).split("Movement", 1)[1][:700]
    assert ("Chits, markers remind; the record (none left too): her sheet "
            "A line at one speed, each on her own plot: chits one, on its leader") in movement
    assert "Move on every ship moves the rest of her way: rams, groundings, torpedo tests as met" in reference_text(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_a_screw_hit_again_is_struck_on_the_speed_track_as_her_sheet_says(bundled_packs, paper):
    """Play 43, moment 5 (Brooklyn p6: two screw boxes, the 1st gunfire's and ticked, the 2nd a torpedo's; her second
    53-56 in turn 3 "had no box"): every screw sheet's notes now say where it goes, the critical row's knots on the
    speed track, as Repeated critical says; a sidewheeler's, whose boxes are her wheels, does not."""
    texts = pack_texts(bundled_packs, paper=paper)
    screw = next(r for r in RS.tables().criticals.rows if r["roll"] == "53-56")["mark_screw"]
    screws = [t for t in texts if SHEET_MARK in t and "Propulsion: screw" in t]
    wheels = [t for t in texts if SHEET_MARK in t and "Propulsion: sidewheel" in t and "Propulsion: screw" not in t]
    assert len(screws) >= 8 and wheels
    assert all(t.count(f"Screw hit again: {screw} on the speed track") == t.count("Propulsion: screw") for t in screws)
    assert not any("hit again:" in t for t in wheels)
    assert "its knots come off again, struck on the speed track" in readings_rows()["Repeated critical"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_each_critical_is_its_own_hit_s_rolled_after_its_dav(bundled_packs, paper):
    """Play 43, moment 1 (p19 Fire in one phase "a ship's D66s are read in the order rolled"): Gun nearest "the hit",
    the section hit and the impact all need a D66 tied to one hit, and nothing tied it. The row now says a hit's D66
    is rolled after its DAV, hit by hit, so each belongs to the hit that earned it, and Gun nearest reads that hit."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Fire in one phase"]
    assert "a hit's D66 is rolled after its DAV, each hit in turn, all standing together" in row
    assert "a ship's D66s are read in the order rolled" not in row and f"Fire in one phase {row}" in ref
    assert "the next section's nearest the hit" in readings_rows()["Gun nearest"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_a_fort_s_gun_critical_takes_her_pick_on_the_face_bearing_on_the_firer(bundled_packs, paper):
    """Play 43, moment 2 (p15 "acting: 21–26", p19 Gun nearest "the section hit ... as a fort's"): a fort has no
    sections and no "nearest the hit", so which gun did Fort Morgan's 25 take? Each fort sheet's crew box, beside the
    face-named magazine boxes, now says any gun critical is her player's pick on the face bearing on the firer."""
    from shipyard.rules.saunders.sheet import FORT_GUN_PICK

    forts = [t for t in pack_texts(bundled_packs, paper=paper) if "A fort does not move" in t]
    assert forts and FORT_GUN_PICK == " (any gun critical: her pick, on that face)"
    for page in forts:
        assert (page.count("Crew hit: ring the gun bearing on the firer next turn (any gun critical: her pick, on that "
                           "face)") == page.count("A fort does not move")), page[:80]
        assert "21–26" in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_a_6_always_hits_however_the_minuses_stack_and_the_readings_say_play_the_first(bundled_packs, paper):
    """Play 43 (sau30), moment 6 (p18 To hit, p19): fire, smoke and steam at a ship that turned, with "net −2 or
    worse: no hit", silenced Fort Morgan, Fort Gaines and a burning Selma for the game, and p19 offered a dozen
    "clubs may instead play" readings for the club to pick from. The first reading now plays: a 6 always hits
    (sure_rolls.six_hits), on the to-hit table's heading; the strict final score is the clubs' option; and the
    readings page says to play the first reading, the others being options agreed before play."""
    t = RS.tables()
    assert t.require("sure_rolls").rows["six_hits"] is True and t.require("sure_rolls").provenance == "reconstructed"
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert "To hit: 1D6 per gun, 5+ hits; a 6 always hits" in ref and "or worse: no hit" not in ref
    assert ("Sure rolls a 6 always hits; a 1 needing 1+ hits; clubs may instead play: the final score alone (a 6 "
            "needing 7+ misses)") in ref
    (page,) = [p for p in texts if "What the text leaves open" in p]
    assert ("What the text leaves open Play the first reading; the others are options to agree before play. Rule "
            "Reading this pack plays") in page
    assert "a second reading ends the row" not in page


def test_p43_the_strict_final_score_is_a_house_rule_that_says_no_hit_from_net_minus_2(library, tmp_path):
    ref, _, readings = house_texts(library, tmp_path, "saunders:\n  sure_rolls: {rows: {six_hits: false}}\n")
    assert "To hit: 1D6 per gun, 5+ hits; net −2 or worse: no hit" in ref and "a 6 always hits" not in ref.split(
        "Sure rolls")[0]
    assert readings["Sure rolls"].startswith("the final score alone (a 6 needing 7+ misses) (house rule; not played: "
                                             "a 6 always hits")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_dice_thrown_in_error_are_void_and_the_dice_that_belong_stand_on_the_cover(bundled_packs, paper):
    """Play 43 (sau30), moment 7 (p19 End of turn): once a void hit was struck off, Selma had 1 fire and 4 fire-out
    dice had been thrown; nothing said what a throw made in error counts for. The cover's "Playing it as a club"
    ends with one line of club procedure: such a throw is void, nothing is thrown again, the dice that belong
    stand."""
    cover = pack_texts(bundled_packs, paper=paper)[0]
    club = cover.split("Playing it as a club", 1)[1].split("Contents", 1)[0]
    assert ("Dice thrown in error, for a unit, hit or effect that turns out not to exist, are void: throw nothing "
            "again; the dice that belong stand (4 thrown for 1 fire: the first).") in club


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_a_line_across_a_lashed_pair_is_blocked_on_the_quick_reference_and_every_pair_s_sheet(bundled_packs, paper):
    """Play 43 (sau30), other defects: "passes between a lashed pair" blocks the line of fire, which decided most
    shots with seven pairs in line ahead, was one clause of p19's Line of fire; the player let rear pairs fire
    through the pairs ahead for two turns. The quick reference's first fire (who may fire) says "never across a
    lashed pair", and each of the fourteen lashed sheets' lashed line says her fire across any pair is masked."""
    texts = pack_texts(bundled_packs, paper=paper)
    ref = reference_text(texts)
    assert ("ships that did not turn (0 kn: +1); forts; never across a lashed pair") in ref
    assert "passes between a lashed pair (across their centres' line)" in readings_rows()["Line of fire"]
    seen = 0
    for name, mate, text in lashed_sheets(texts):
        assert ": port guns and fire across any pair masked;" in text or ": starboard guns and fire across any pair " \
            "masked;" in text, name
        seen += 1
    assert seen == 14


def test_p43_a_scenario_without_lashed_pairs_prints_no_pair_words(bundled_packs):
    ref = reference_text(pack_texts(bundled_packs, scenario="hampton-roads-1862"))
    assert "ships that did not turn (0 kn: +1); forts" in ref and "never across a lashed pair" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_a_fort_s_walls_box_is_named_armour_not_a_second_hull(bundled_packs, paper):
    """Play 43 (sau30), other defects (p15): the fort sheets' "WALLS 5" box sat beside "Hull" and read as a second
    hull value. It is named "WALLS ARMOUR (not hull)", read back from each fort's sheet with its rating."""
    from conftest import pdf_page_texts

    path = bundled_packs.get("mobile-bay-1864", "saunders", paper).path
    page = next(t for t in pdf_page_texts(path) if "A fort does not move" in t)
    for fort, walls in (("Fort Morgan\n", 5), ("Fort Morgan water battery", 7), ("Fort Gaines", 5)):
        after = page.split(fort, 1)[1]
        assert f"WALLS ARMOUR (not hull)\n{walls}\n" in after[:400], fort
    assert "\nWALLS\n" not in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_an_odd_broadside_gun_on_a_lashed_sheet_says_where_it_fires(bundled_packs, paper):
    """Play 43 (sau30), other defects: Octorara's "2 port (1 of them: port or stbd)" with her starboard masked, and
    Monongahela's "2 masked, 1 shifts to starboard" over a starboard line of 2, left the player to work out which
    gun went where. Octorara's says both fire port, the starboard masked; Monongahela's that the odd gun joins the
    starboard line, 3 there. An unlashed ship's odd gun (a Confederate gunboat's) keeps "port or stbd"."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert "9-inch Dahlgren smoothbore 2 4 port 10° · both port (stbd masked) · mid" in flat(sheet_of(texts, "USS Octorara"))
    mono = flat(sheet_of(texts, "USS Monongahela"))
    assert "32-pounder of 42 cwt 3 2 port 10° · 2 masked; 1 moves: starboard fires 3, port none · mid" in mono
    assert "32-pounder of 42 cwt 2 2 starboard 10° · mid" in mono
    unlashed = [t for t in texts if "port 10° (1 of them: port or stbd)" in t]
    assert unlashed and all("Lashed to" not in t.split("port 10° (1 of them")[0].rsplit("CSS ", 1)[-1] for t in unlashed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p43_the_set_up_page_calls_fort_gaines_reach_a_guide_and_draws_no_unused_zones(bundled_packs, paper):
    """Play 43 (sau30), other defects (p2): the Fort Gaines note "48 in Long reaches ... north of y 18" read like a
    limit, and the plan's key described "set-up zones" the fixed set-up never uses. The note ends "A guide only."
    (in the lines it had: a longer one shrank the Letter plan and sent Oneida's label up the column), and Saunders'
    plan draws no zones (RuleSet.setup_zones) nor names them in its key; another rule set's plan still does."""
    from shipyard.pack.setup_page import ZONES_KEY

    setup = next(t for t in pack_texts(bundled_packs, paper=paper) if t.startswith("Set-up:"))
    assert "north of y 18. A guide only." in setup and "No other limit" not in setup
    assert "set-up zones" not in setup and "Union entry" not in setup and "Inside the bay" not in setup
    assert RS.setup_zones is False and ZONES_KEY == "; set-up zones in a heavy pale dash-dot"


def test_p43_other_rule_sets_keep_mobile_bay_s_zones(bundled_packs):
    from conftest import pdf_page_texts

    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    setup = flat(next(t for t in pdf_page_texts(path) if t.startswith("Set-up")))
    assert "set-up zones in a heavy pale dash-dot" in setup and "Union entry" in setup


def test_p43_the_a4_counters_hold_four_rudders_five_captains_three_pilots_and_a_turned_a_plot(bundled_packs):
    """Play 43 (sau30), moment 3 and other defects (p17): RUDDER 3 where four rudders were jammed at once in turn 2,
    and PILOT 2, CAPTAIN 4 for 22 ships. The A4 counters now hold a CAPTAIN for every 5 ships, a RUDDER for every 6
    and a PILOT for every 8 (5, 4, 3), from the spare SMOKE and STEAM cells, on the page it had; TURNED stays one for
    each of the 15 plots (a lashed pair plots and turns as one: 25 units, 15 plots)."""
    from conftest import pdf_page_index

    from shipyard.rules.saunders.counters import SHIPS_PER_ORDERS, SHIPS_PER_PILOT, SHIPS_PER_RUDDER

    path = bundled_packs.get("mobile-bay-1864", "saunders", "a4").path
    words = flat(pdf_page_texts(path)[pdf_page_index(path, "STRUCK")]).split()
    ships = 22
    assert words.count("RUDDER") == -(-ships // SHIPS_PER_RUDDER) == 4
    assert words.count("CAPTAIN") == -(-ships // SHIPS_PER_ORDERS) == 5
    assert words.count("PILOT") == -(-ships // SHIPS_PER_PILOT) == 3
    assert words.count("TURNED") == 15 and words.count("SMOKE") >= 10 and words.count("STEAM") >= 5
    assert len(pdf_page_texts(path)) == 19


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_a_fort_face_numbers_a_target_cell_for_every_ship_its_guns_reach(bundled_packs, paper):
    """Play 44, moment 3 (p15: the water battery's "Targets this turn" row read as 3 cells, 7 guns at 2 a ship reach
    4 ships; Fort Morgan's bay front likewise): each face's cells are numbered, at least ceil(guns / cap) of them,
    and its second line says the count, from the fort's own guns table."""
    texts = pack_texts(bundled_packs, paper=paper)
    forts = flat(next(t for t in texts if "Fort Morgan water battery" in t and "Targets this turn" in t))
    for face, guns, cap in (("the beach battery", 7, 2), ("bay front", 8, 2), ("channel fronts", 20, 5)):
        ships = -(-guns // cap)
        m = re.search(rf"Targets this turn, {face} \({cap} at one\): ship · guns fired 1 2 {guns} guns, {cap} at one"
                      rf" ship: all fire at {ships} ships; cells 1–(\d+) 3 4", forts)
        assert m and int(m.group(1)) >= ships, face


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_a_range_is_read_down_to_the_sixteenth_beside_the_bands(bundled_packs, paper):
    """Play 44, moment 1 (p19 Range "by the tape's 1/16 in (20.04: 20)"): 20.05 in against Eff 20 was played Long, the
    example hinting at reading down and nothing saying it. The guns-in-play table's heading says it beside the bands
    (its mark the table's), and the Range reading says which way, with the band's own limit as the example."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    mark = RS.tables().gun_ranges.rows["measure_to"]
    assert mark == "1/16"
    assert f"past Eff is Long; R: rifled, Long here already × 1.25; light guns: no Long; to the {mark} in, read down)" in ref
    row = readings_rows()["Range"]
    assert f"read down to {mark} in (20.05: 20)" in row
    assert f"Range {row}" in ref and "(20.04: 20)" not in ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_gun_nearest_is_numbered_steps_to_the_chain_s_end_and_places_a_pivot(bundled_packs, paper):
    """Play 44, moment 2 (p19 Gun nearest, one 10-line sentence): Selma's bow gun lost and both 9-inch pivots ringed,
    Richmond's 61 found "the next section's nearest" with none left, and a port-or-starboard pivot had no side. The
    reading is now four numbered steps, on section by section and then no effect, a pivot on the side it bears."""
    ref = reference_text(pack_texts(bundled_packs, paper=paper))
    row = readings_rows()["Gun nearest"]
    steps = [row.index(f"{w} {n} ") for n, w in ((1, ":"), (2, ";"), (3, ")"), (4, ";"))]
    assert steps == sorted(steps)
    assert "always) 3 the next section's nearest the hit" in row
    assert row.endswith("; 4 on till none: no effect")
    assert f"Gun nearest {row}" in ref
    sheets = [t for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t and "port or starboard 90°" in t]
    assert len(sheets) >= 5 and all("Arcs (“or”: its side as it fires)" in t for t in sheets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_a_game_stopped_early_is_scored_at_the_end_of_its_last_turn(bundled_packs, paper):
    """Play 44, moment 4 (p1 "stop at the end of one"; p2 Scores "at the end" of 12 turns): a club stopping after three
    turns could name no winner. p1's stop line now says a game ended early is scored as all stands at the end of its
    last turn, on the same levels, and p2's scores header says what "the end" is then."""
    texts = pack_texts(bundled_packs, paper=paper)
    cover, setup = flat(texts[0]), flat(texts[1])
    assert ("stop at the end of one, the models where they lie and the sheets as marked, and play on next time." in cover)
    assert ("A game ended early is scored as all stands at the end of its last turn (sunk, struck, silenced as they "
            "are), on the same levels." in cover)
    assert "Scores Victory points for (“the end”: the last turn played) Points" in setup
    assert "Side Victory level: its points less the other's Result" in setup


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_the_cover_names_both_edges_of_the_calibration_bar(bundled_packs, paper):
    """Play 44, other defects (p1 "a 100 mm calibration bar", p16 two bars, 100 mm and 4 in): the cover names both
    edges, as the bar on every true-scale page says."""
    texts = pack_texts(bundled_packs, paper=paper)
    assert "carries a 100 mm calibration bar, 4 in on its lower edge; measure it before you cut." in flat(texts[0])
    barred = [t for t in texts if "this bar must measure 100 mm" in t]
    assert barred and all("4 in on its lower" in t for t in barred)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_monongahela_s_masked_broadside_says_each_side_s_count_and_the_gun_that_moves(bundled_packs, library, paper):
    """Play 44, other defects (p10 "port 10° · 2 masked, 1 shifts to starboard, 3 there"): still a puzzle. Her port
    line now says its fixed guns masked, the one gun that moves, and what each broadside then fires: her starboard
    line's guns and the mover (from her data: 3 port of which one may take either side, 2 starboard)."""
    mono = flat(sheet_of(pack_texts(bundled_packs, paper=paper), "USS Monongahela"))
    unit = library.units["monongahela"] if "monongahela" in library.units else next(
        u for u in library.units.values() if u.name == "USS Monongahela")
    stats = RS.derive(unit, RS.context(library)).stats
    g = next(g for g in stats.guns if g.per_side and g.name.startswith("32-pounder of 42 cwt"))
    port, starboard = g.count - g.count // 2, g.count // 2
    assert (port, starboard) == (3, 2)
    assert (f"32-pounder of 42 cwt {port} 2 port 10° · {port - 1} masked; 1 moves: starboard fires {starboard + 1}, "
            f"port none · mid") in mono
    assert f"32-pounder of 42 cwt {starboard} 2 starboard 10° · mid" in mono


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_every_ship_sheet_says_a_plot_goes_by_the_half_knot(bundled_packs, paper):
    """Play 44, other defects (p4 Tecumseh's track 5, 6, 7; the p17 chits carry half knots): was a 5½ kn plot legal?
    Every ship's sheet says speed changes go by the movement table's step, half a knot."""
    step = float(RS.tables().require("movement").rows["speed_step_kn"])
    assert step == 0.5
    sheets = [flat(t) for t in pack_texts(bundled_packs, paper=paper) if SHEET_MARK in t and "Speed (1 kn" in t]
    assert len(sheets) >= 10
    assert all(t.count("±2 kn a turn, by ½ kn") == t.count("Speed (1 kn") for t in sheets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_a_monitor_s_speed_track_has_every_half_knot_to_her_maximum(bundled_packs, paper):
    """Play 44, other defects (p4 Tecumseh 5, 6, 7; p5 Winnebago no 5½, 7½, 8½): a track short enough to fit
    (the style's count) now carries every half knot to her maximum, as the chits do."""
    texts = pack_texts(bundled_packs, paper=paper)
    for name, top in (("USS Tecumseh", 7), ("USS Winnebago", 9)):
        sheet = flat(sheet_of(texts, name))
        track = sheet.split("Speed (1 kn", 1)[1].split("small target", 1)[0].split()
        assert all(number(k / 2) in track for k in range(2 * top + 1)), (name, track)
        assert number(top + 0.5) not in track, (name, track)  # to her maximum, no further
