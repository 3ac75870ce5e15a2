"""Issue 22, Smoke on the Water: the whole turn on paper. Every rule the play review (play-sotw-saunders.md, 1a, 2
and the top-10 items naming Smoke on the Water) had to take from the rulebook or invent is read back from the
printed pack or its block list."""

from __future__ import annotations

import math
import re

import pytest

from conftest import pdf_page_texts
from shipyard.errors import ShipyardError
from shipyard.rules import get_ruleset
from shipyard.rules.smoke_on_the_water import reference as R
from shipyard.rules.smoke_on_the_water.roster import readings_blocks

RS = get_ruleset("smoke-on-the-water")


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def mobile_bay_text(bundled_packs) -> str:
    """The Mobile Bay pack's text, A4, one line."""
    return flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)))


def reference_text(library, scenario: str, house=None) -> str:
    ctx = RS.context(library, house)
    derived = [RS.derive(u, ctx) for _, u in library.scenario_units(library.scenarios[scenario])]
    # the quick reference and what the text leaves open, on the roster page since sotw37 (item 1)
    blocks = R.reference_blocks(derived, ctx) + readings_blocks(ctx)
    return flat(" ".join(t for b in blocks for t in b.texts()))


def test_misfire_table_11_is_printed_by_nation(mobile_bay_text):
    """Review 1a / top-10 item 5: nine misfires in three turns, and Table 11 was not in the pack."""
    assert "Table 11 · misfire (a natural 10 to hit, even needing 10 or more)" in mobile_bay_text
    assert "Confederate 1–7 8–9 10" in mobile_bay_text and "Union 1–8 9 10" in mobile_bay_text
    assert "the firer takes 1d6 HDP, no armour test (a fort SDP), and a fire test marker" in mobile_bay_text


def test_the_fire_test_phase_has_a_procedure_marked_as_ours(mobile_bay_text):
    """Top-10 item 2: fire markers and boxes, no fire-test procedure anywhere."""
    assert "Phase 6 · fire test" in mobile_bay_text
    assert "Fire test marker * d10 for each marker, then remove it: 3 or less she is on fire" in mobile_bay_text
    assert "On fire * from the next phase 6: 1 HDP, then d10: out on 5 or less, out of control (its marker, 1d6 next turn) on a 10" in mobile_bay_text
    assert "magazine explodes on 10" in mobile_bay_text


def test_grounding_damage_and_the_table_3_and_5_modifiers_are_printed(mobile_bay_text):
    """Review 1a: Table 4 and the T3 / T5 modifiers missing; a natural 10 breaking free left no rule."""
    assert "Table 4 · damage 1d3 + Moved Slow -2, Moved Fast +1, Moved Very Fast +2, Very Small vessel -4" in mobile_bay_text
    assert "Local pilot -1" in mobile_bay_text and "Lost half or more flotation +2" in mobile_bay_text
    assert "each attempt after the first -1 more" in mobile_bay_text and "A natural 10: stuck for good" in mobile_bay_text


@pytest.mark.parametrize("words", [
    "Target aspect draw a line from the firing gun (a turret's centre) to the target's centre",
    "Shot or shell chosen for each gun as its target is declared (howitzers and mortars shell only)",
    "Hull (HDP) 0 dead in the water",
    "every further point, the rest of the hit that empties it too, is a flooding point",
    "never below Slow while any HDP is left",
    "Turret at 0 TDP knocked out, guns silent; the rest of the hit emptying it, later hits as rolled, Gun Port too: Hull hits, Hull armour",
    "Fort at 0 SDP destroyed at once",
    "One sidewheel lost: max speed -1 level, no turning on the spot",
    "(part) armour * roll a d10 for each hit on it, a critical testing it too: 5 or less strikes its armour, else it counts U",
    "Anchoring an AN order",
    "locked vessels move together the larger's remaining distance",
    "sterns level; one move at the slower's speed on the poorer template",
    "Deflected a deflected shot does its range column's figure after the slash",
])
def test_the_rules_a_turn_needs_are_on_the_quick_reference(mobile_bay_text, words):
    """Review 1a and turn 1-3 log: target aspect, shot or shell, what each empty track does, (part) armour, forts,
    anchoring, locked movement and lashed pairs had no rule in the pack."""
    assert words in mobile_bay_text


def test_partial_armour_has_a_second_reading_a_house_rules_file_switches(library, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  partial_armour:\n    rows: {reading: whole}\n")
    ours, theirs = reference_text(library, "mobile-bay-1864"), reference_text(library, "mobile-bay-1864", house)
    assert "5 or less strikes its armour" in ours and "5 or less strikes" not in theirs
    assert "(part) armour every hit on it tests the armour" in theirs  # a house rule is not starred as ours
    house.write_text("smoke-on-the-water:\n  partial_armour:\n    rows: {reading: sometimes}\n")
    with pytest.raises(ShipyardError, match="reading is 'sometimes'; expected roll"):
        reference_text(library, "mobile-bay-1864", house)


def test_a_fort_sheet_says_how_the_fort_is_shot_at(mobile_bay_pages):
    """Top-10 item 10: "I had to guess a target letter to fire at Fort Morgan"; what a fort's critical does."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan water battery " in p and "Fire log" in p)
    assert "size F +2 + Immobile +1 = +3; every hit strikes the walls" in page
    assert "1-3 embrasure: a random gun bearing on the firer destroyed" in page


# ---------------------------------------------------------------------------------------------- the sheets


@pytest.fixture(scope="module")
def mobile_bay_pages(bundled_packs) -> list[str]:
    return [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)]


def _sheet_page(pages: list[str], name: str) -> str:
    return next(p for p in pages if name + " " in p and "Manoeuvre" in p)


def test_every_sheet_page_carries_the_turn_strip_and_the_to_hit_line(mobile_bay_pages):
    """Issue 22 / top-10 item 4: the sequence of play on every sheet page, with its firing window."""
    sheets = [p for p in mobile_bay_pages if "Manoeuvre" in p or "Fire log" in p]
    assert len(sheets) == 12  # Fort Gaines and Fort Powell, off the channel window, have none (replay 14)
    for page in sheets:
        assert page.startswith("Turn: 1 Orders · 2 Movement · 3 Gunnery ▸ fire: every gun in arc with a clear line")
        assert "6 Fire test · 7 Repair" in page and "To hit (Table 10): 5 or less on a d10" in page
        assert page.count("To hit (Table 10)") == 1  # once a page, not once a sheet


@pytest.mark.parametrize("name, words", [
    ("CSS Tennessee", "10 misfires (Table 11) 1–7 none, 8–9 jams /, 10 bursts X (1d6 + fire test) · shell detonates 1–7"),
    ("USS Hartford", "10 misfires (Table 11) 1–8 none, 9 jams /, 10 bursts X (1d6 + fire test) · shell detonates 1–8"),
])
def test_a_sheet_says_what_her_misfire_does_and_her_shell_fuse(mobile_bay_pages, name, words):
    """Review 1a: "10 misfires" and nothing more; the fuse number only on the quick reference."""
    assert words in _sheet_page(mobile_bay_pages, name)


def test_half_page_sheets_say_ram_size_draught_and_rig(library):
    """Top-10 item 7: no half-page sheet said who has a ram (Memphis' ram fight, Hampton Roads), nor size, draught or
    rig (Tables 3-8)."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    ctx = RS.context(library)
    for uid, ram in (("css-tennessee", "yes"), ("css-virginia", "yes"), ("css-general-bragg", "yes"),
                     ("uss-hartford", "no")):
        unit = library.units[uid]
        d = RS.derive(unit, ctx)
        text = flat(" ".join(S.sheet(unit, d, ctx, 190.0, compact=True).texts()))
        assert f"Size {d.stats.size} Base " in text and f"Draught {d.stats.draught} (" in text and f" ft) Ram {ram}" in text, (uid, text[-400:])
        assert f"Rig {d.stats.rig}" in text


def test_a_vessel_sheet_has_a_box_per_fire_test_marker_and_the_states_a_turn_can_leave(mobile_bay_pages):
    """Top-10 item 2 (one salvo put three fire test markers on Brooklyn, one box), review 1a (no Anchored box,
    the only sunk box said "magazine", no stuck-for-good)."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    assert S.FIRE_TEST_BOXES >= 3
    page = _sheet_page(mobile_bay_pages, "USS Brooklyn")
    for words in ("Fire tests", "Anchored", "Abandoned/struck", "Sunk", "Aground", "Free tries"):
        assert words in page, words
    assert "Sunk (magazine)" not in page


def test_a_fort_sheet_has_its_target_size_fire_boxes_and_silenced(mobile_bay_pages):
    """Top-10 item 10: no target size, fire box or SDP-0 effect on a fort; "Garrison –" unexplained."""
    page = next(p for p in mobile_bay_pages if p.count("Fort Morgan water battery") and "Fire log" in p)
    for words in ("Target size F, Immobile", "Fire test markers", "On fire", "Out of control", "Silenced (SDP 0)"):
        assert words in page, words
    assert "Garrison" not in page  # play 43: an unknown garrison, read by no rule, is no box (it was "–")


def test_orders_log_rows_are_5_mm_on_every_sheet(library):
    """Top-10 item 6: 3.3-3.4 mm rows, too small to write in pencil."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    for compact in (True, False):
        assert S.log_row_height(compact) >= 5.0 - 1e-9


def test_fire_test_discs_come_one_for_every_three_units(library):
    """Top-10 item 2: six fire test discs for 26 units."""
    from shipyard.rules.smoke_on_the_water import counters as C
    ctx = RS.context(library)
    units = [(side.name, library.units[u.id], RS.derive(library.units[u.id], ctx))
             for side in library.scenario("mobile-bay-1864").sides for u in side.units]  # the sides in play
    assert C.marker_counts(units)[1] >= len(units) / 3


# ---------------------------------------------------------------------------------------------- the turn, procedures


def test_the_quick_reference_prints_the_turn_card_and_what_the_text_leaves_open(mobile_bay_text, library):
    """Issue 22: the sequence with its firing windows on the quick reference, and a page of every reading."""
    tables = RS.tables()
    assert "Table 1 · sequence of play (* ours)" in mobile_bay_text
    for k, row in enumerate(tables.require("sequence_of_play").rows, 1):
        assert f"{k} {row['phase']} {row['does']}" in mobile_bay_text, row["phase"]
    assert "What the text leaves open" in mobile_bay_text
    for row in tables.readings():  # each reading with its numbers filled from the tables (rules.readings)
        assert f"{row['rule']} {row['reading']} {row['option'] or '—'}" in mobile_bay_text, row["rule"]


# each phase, and each further roll a printed row names, and the printed rule that says how to make it
PHASE_RULES = {"Orders": "Orders log speed I S M F V", "Movement": "Table 3 · run aground",
               "Gunnery": "Table 10 · to hit", "Boarding": "Boarding in contact with a BD order: each d10",
               "Morale": "Morale tested once her HDP reach the ¼ bar", "Fire test": "Phase 6 · fire test",
               "Repair": "Repairs each repair phase a d10 a jammed gun"}
FURTHER_ROLLS = {"fire test marker": "Phase 6 · fire test", "repair phase": "Repairs each repair phase",
                 "boiler": "Boiler Bursts", "magazine explodes": "Magazine Explodes", "abandon": "Abandoned",
                 "locked": "Table 7 · lock", "sinks": "Flotation (FP) 0 she sinks", "out of control": "Out of control *"}


def test_every_phase_and_every_further_roll_points_to_a_printed_rule(mobile_bay_text):
    tables = RS.tables()
    assert set(PHASE_RULES) == {r["phase"] for r in tables.require("sequence_of_play").rows}
    for phase, rule in PHASE_RULES.items():
        assert rule in mobile_bay_text, (phase, rule)
    low = mobile_bay_text.lower()
    for words, rule in FURTHER_ROLLS.items():
        assert words in low and rule in mobile_bay_text, (words, rule)
    # every table the pack names is printed, under its number
    for n in sorted({int(m) for m in re.findall(r"Tables? (\d+)", mobile_bay_text)}):
        if n in (9, 12):  # the ranges, each sheet's guns table: "cm to each band's far edge"
            assert "ranges (Tables 9, 12): her sheet's guns" in mobile_bay_text
            assert "cm to each band's far edge" in mobile_bay_text
            continue
        if n == 14:  # each sheet's own column: "Table 14 (d10) · conventional/casemate: 10 = critical (Table 15)"
            assert "Table 14 (d10) · conventional/casemate" in mobile_bay_text
            continue
        assert f"Table {n} ·" in mobile_bay_text or f"Table {n}:" in mobile_bay_text, n


def test_the_roster_says_who_has_a_ram(bundled_packs):
    """Top-10 item 7: the roster gave size and draught but not the ram (the Memphis ram fight)."""
    pages = [flat(t) for t in pdf_page_texts(bundled_packs.get("memphis-1862", "smoke-on-the-water", "a4").path)]
    roster = next(t for t in pages if "USS Benton" in t and not t.startswith("Set-up"))  # after the set-up page
    assert "Size, ram" in roster and "USS Monarch F/M Good Small, ram 100×39 Shallow" in roster
    assert "USS Benton M/S Average Medium 111×46 Medium" in roster  # no ram: the size alone


def test_a_sidewheeler_in_play_brings_the_poorer_template_she_turns_on_with_a_wheel_lost(mobile_bay_text):
    """Review 1a: Selma (Poor) with a wheel lost needs Very Poor, and the pack had no Very Poor strips."""
    assert "Very Poor at Slow" in mobile_bay_text and "Very Poor at Medium" in mobile_bay_text
    assert "Very Poor at Fast" not in mobile_bay_text  # a wheel lost costs her a level: Fast at most is Medium


def test_a_gun_hit_says_which_gun_and_how_to_mark_it(mobile_bay_text):
    """Review 1a / turn 1: which of 25 gun boxes is the "random gun", and is "disabled" a slash or an X."""
    assert ("Gun hit * a penetrating Gun hit (armour where the gun sits: its turret, casemate, else the hull; on U every "
            "hit, shot or shell, penetrates; a knocked-out turret's gun: a Hull hit) disables a random gun bearing on the firer"
            ) in mobile_bay_text


# ---------------------------------------------------------------------------------------------- round 2 of issue 22


def test_a_start_speed_in_knots_is_given_its_table_2_level():
    """Round 2, moment 1: the set-up page said "4 kn", not a Table 2 level; the lead's speed_words hook prints this."""
    from shipyard.rules.smoke_on_the_water.derive import speed_words
    assert speed_words(4) == "Medium, the M counter (Table 2's 5 kn, the nearest level)"  # Mobile Bay's start speed
    assert [speed_words(k) for k in (0, 2, 3.5, 7, 12)] == [
        "Immobile, the same I as an HS order (hold under steam)", "Slow", "Slow, the S counter (Table 2's 2 kn, the nearest level)", "Fast, the F counter (Table 2's 8 kn, the nearest level)",
        "Very Fast"]


def test_the_start_speeds_read_the_rule_sets_tables_once_a_process(monkeypatch):
    """The set-up page names each start speed's level: reading and checking tables.yaml for each (three times a
    Mobile Bay pack) was 4 % of the pack's time."""
    from shipyard.rules import contract
    from shipyard.rules.smoke_on_the_water.derive import speed_words

    read = []
    real = contract.load_tables
    monkeypatch.setattr(contract, "load_tables", lambda *a, **k: read.append(a) or real(*a, **k))
    assert [speed_words(k) for k in (4, 4, 7, 12)][1:] == [
        "Medium, the M counter (Table 2's 5 kn, the nearest level)", "Fast, the F counter (Table 2's 8 kn, the nearest level)", "Very Fast"]
    assert len(read) <= 1, read


def test_table_1_says_the_phases_are_simultaneous_and_whose_fire_a_collision_bars(mobile_bay_text):
    """Round 2, moments 8 and 9: who moves first, is fire simultaneous, whose fire "none after a collision" bars; and
    Table 1 pointed at a Table 14 the pack no longer prints whole (each sheet has her own column)."""
    assert "Movement every vessel at once, the full distance" in mobile_bay_text
    assert "Gunnery all at once (a vessel sunk or a gun lost this phase still fires, a fort too; both throw, then mark, firer by firer in roster order, each its hits as thrown): declare target" in mobile_bay_text
    assert "A vessel in a collision or aground above Slow this turn does not fire" in mobile_bay_text
    assert "Tables 10, 11, 15-17, her sheet's Table 14" in mobile_bay_text
    assert "14-17" not in mobile_bay_text and "Tables 14-15" not in mobile_bay_text


@pytest.mark.parametrize("moment, words", [
    (5, "Howitzer direct * in her \"dir\" band (the sheet's PB column) a howitzer fires direct: Table 10 at Short range; "
        "beyond it (her S band on), indirect"),
    (6, "and a fire test marker on the target (her sheet's Fire tests; none on a Stack hit or a fort: a fort critical's alone); not: its figure after the slash, no marker"),
    (7, "Phase 6 · fire test: markers come from a detonated shell, fire criticals, bursts, red-hot shot"),
    (13, "Casemate * the casemate's armour, damage on the Hull (none: a Hull hit)"),
    (14, "a penetrating Gun hit (armour where the gun sits: its turret, casemate, else the hull;"),
    (15, "Wheel hit * bow, stern, plunging: the wheel its column names; broadside (\"Wheel\"): the one facing the firer"),
    (17, "Plunging indirect fire (a howitzer beyond its \"dir\" band, any mortar) lands by Table 13 (its deviation template is with the gauges) and rolls on the Plunging column"),
])
def test_what_a_hit_does_is_on_the_quick_reference(mobile_bay_text, moment, words):
    """Round 2, the hits: the howitzer's "dir" band, an undetonated shell, which shells bring a fire test marker,
    Casemate, Gun and Wheel hits, and when the Plunging column applies (every sheet prints it)."""
    assert words in mobile_bay_text, moment


@pytest.mark.parametrize("moment, words", [
    (10, "sterns level; one move at the slower's speed on the poorer template (the inner hull runs its edge, the "
         "other at her offset); each shot at, and tests a torpedo field or shoal, as herself; no gun, pivots too, fires "
         "to the partner's side"),
    (11, "Wrecks * a sunk vessel stays as a wreck (a Wreck marker, or her model on its side): "
         "moving over it tests Table 3's "
         "deep water with wrecks column"),
    (12, "Own bow, ram -6 in place of her hull armour, only with a ram (no ram: her hull armour below)"),
    (16, "Flooding flooding points add up, never pumped out: every repair phase, from this turn's, she loses an FP for each (3 points: "
         "FP 15, 12, 9, 6, 3, 0: sunk)"),
])
def test_rams_flooding_wrecks_and_a_lashed_pair_losing_her_partner(mobile_bay_text, moment, words):
    """Round 2: a ram bow on a ship without a ram, flooding that adds up past its boxes, Table 3's wrecks with no rule
    for one, and a lashed gunboat whose sloop sinks."""
    assert words in mobile_bay_text, moment



def test_a_template_only_a_wheel_lost_brings_says_whose_it_is(mobile_bay_text):
    """Round 2: "Very Poor" templates printed but no unit is Very Poor. Selma (Poor) turns on them with a wheel lost;
    the Average and Good strips are the units' own and say nothing more."""
    assert "Very Poor at Slow for a Poor sidewheeler with a wheel lost · radius 18 cm" in mobile_bay_text
    assert "Very Poor at Medium for Poor, a wheel lost · radius 27 cm" in mobile_bay_text  # a shorter strip, shorter words
    assert mobile_bay_text.count("wheel lost ·") == 2  # the Average and Good strips are the units' own


@pytest.mark.parametrize("uid, words", [("css-tennessee", "Draught Deep (14 ft)"), ("uss-octorara", "Draught Shallow (4.8 ft)"),
                                        ("uss-hartford", "Draught Deep (17.2 ft)")])
def test_a_sheet_gives_her_draught_in_feet_beside_its_class(library, uid, words):
    """Round 2: draught given as a word (Deep, Shallow) while the scenario's water depths are in feet, so whether she
    grounds could not be settled at the table."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    ctx = RS.context(library)
    unit = library.units[uid]
    d = RS.derive(unit, ctx)
    for compact in (True, False):
        assert words in flat(" ".join(S.sheet(unit, d, ctx, 190.0, compact=compact).texts())), compact


def test_the_quick_reference_says_why_one_ships_gun_has_an_extreme_band_and_the_same_gun_elsewhere_none(
        mobile_bay_pages, mobile_bay_text):
    """Round 2: Selma's 9-inch smoothbores (pivots) have an Extreme band, Hartford's (broadside) none: the reason, a
    gunport gun cannot fire at Extreme (the text's), was on no page."""
    selma, hartford = _sheet_page(mobile_bay_pages, "CSS Selma"), _sheet_page(mobile_bay_pages, "USS Hartford")
    # play 34: her row holds two guns, so "pivots"
    assert "MSB 9-inch Dahlgren smoothbore pivots at midships 20–160° + 200–340° 0–10 10–30 30–60 60–90 90–120" in selma
    assert "MSB 9-inch Dahlgren smoothbore port 225–315° 0–10 10–30 30–60 60–90 –" in hartford
    assert ("Extreme range none for a gun firing through a gunport (a broadside or casemate mounting: – on her sheet); "
            "a pivot, deck, turret or fort gun has it") in mobile_bay_text


def test_a_fort_sheet_fires_only_the_guns_of_the_sector_that_bears(mobile_bay_pages):
    """Round 2, balance: Fort Morgan's whole battery of 32 guns firing shell sank a sloop a turn; the set-up page gives
    each sector's guns and the fort sheet says only those fire."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "Fires: the guns of the face that bears" in page
    setup = next(p for p in mobile_bay_pages if p.startswith("Set-up") or "Set-up" in p[:200])
    assert re.search(r"Fort Morgan .*?\b20 guns", setup), setup[:600]


# ------------------------------------------------------------------------- round 3 (moments-sotw-r3.md)


def test_a_deflected_shell_does_no_damage_and_a_house_rule_gives_the_other_reading(mobile_bay_text, library, tmp_path):
    """Moment 7 (it decided the game: Fort Morgan fell on turn 1): "Table 17's second figure" read for a shell could
    be the Shell column's figure after the slash (1-2) or the range column's (0). The text: a deflected hit has no
    further effect; the other reading is a named house rule."""
    assert ("Deflected a deflected shot does its range column's figure after the slash (Table 17: Heavy at S, 6/1, "
            "does 1)") in mobile_bay_text
    assert "is never deflected); a shell *: nothing (cottonclad: a detonation roll, fire test marker)" in mobile_bay_text
    assert 'Deflected shell no damage ("no further effect"; cottonclad: a burst\'s marker), a fort too (ours) bar an embrasure\'s gun; burst d10' in mobile_bay_text
    assert "deflected_shell" in mobile_bay_text  # the readings page names the option
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  deflected_shell:\n    rows: {reading: undetonated}\n")
    theirs = reference_text(library, "mobile-bay-1864", house)
    assert "; a shell: its figure after the slash (Table 17;" in theirs and "a shell *: nothing" not in theirs
    house.write_text("smoke-on-the-water:\n  deflected_shell:\n    rows: {reading: half}\n")
    with pytest.raises(ShipyardError, match="reading is 'half'; expected none"):
        reference_text(library, "mobile-bay-1864", house)


def test_a_deflected_gun_hit_says_which_track_takes_its_damage(mobile_bay_text):
    """Moment 8: a Gun hit the armour deflected: is a gun lost, and which track takes the figure after the slash?
    The text's Gun Port hit puts its points on the turret where the gun sits, else the hull; a deflected hit has no
    further effect, so no gun is lost."""
    assert "on the Hull. Deflected: no gun lost" in mobile_bay_text
    assert "on the deflecting armour's track (a turret's TDP, else the Hull)" in mobile_bay_text
    assert "a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text  # sotw33: Turret guns


def test_a_fort_sheet_says_what_a_fire_does_to_a_fort(mobile_bay_pages):
    """Moment 9: the fire test's "1 HDP" and "magazine explodes, she sinks" are written for ships."""
    for name in ("Fort Morgan ", "Fort Morgan water battery "):
        page = next(p for p in mobile_bay_pages if name in p and "Fire log" in p)
        assert "On fire: a fire's HDP are SDP; a magazine roll is its magazine (6)" in page


def test_a_lashed_pair_casts_off_when_her_partner_is_abandoned(mobile_bay_text):
    """Moment 10: the casting-off rule covered only a partner "sunk or struck"; an abandoned partner (a boiler burst,
    a failed morale test, HDP 0) can neither steer nor move herself, so she is cast off too."""
    # play 34, moment 5: a sunk partner carries nothing, so "sunk" has its own words now
    assert "struck or abandoned: the other carries her the next move" in mobile_bay_text


def test_a_fire_lit_in_the_fire_test_phase_first_burns_next_turn(mobile_bay_text):
    """Moment 11: does a fire a marker lights in phase 6 burn (1 HDP, its spread roll) in that same phase?"""
    assert "On fire * from the next phase 6: 1 HDP, then d10: out on 5 or less" in mobile_bay_text
    assert "a fire (from the next turn): 1 HDP" in mobile_bay_text  # the readings page


def test_the_torpedo_test_says_who_tests_a_crossing_and_an_immobile_ship(mobile_bay_text):
    """Moment 6: no word for an Immobile ship in a torpedo field, nor for a ship whose one move crosses the field."""
    assert ("Torpedo field * test once a turn, if her base is in it or her move crosses it; none while Immobile (she "
            "strikes nothing new): strikes on a d10") in mobile_bay_text


def test_the_quick_reference_says_how_far_a_ship_may_turn_in_one_move(mobile_bay_text):
    """Moment 5: no maximum turn per move, and the templates cover only part of a move ("lay again")."""
    assert "Turning * a Px / Sx piece may be any part of her move, all of it too:" in mobile_bay_text
    assert "lay it again end to end for more" in mobile_bay_text


def test_the_mobile_bay_set_up_says_how_far_the_tide_drifts_a_ship(mobile_bay_pages, bundled_packs):
    """Moment 12: the set-up page gave the flood's direction, not how far it carries a ship. Smoke on the Water's
    own line (5 cm a knot); the other rule sets' set-up pages do not carry it."""
    assert ("Tide drift The flood runs about a knot: a ship Immobile (abandoned too, once stopped) moves 5 cm north "
            "each later movement phase") in mobile_bay_pages[1]
    other = flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", "a4").path)[:3]))
    assert "Tide drift" not in other


def test_a_lashed_pairs_pivot_guns_do_not_fire_across_her_partner(mobile_bay_text):
    """Round 4, moment 2: only the inboard broadside was barred; may a lashed gunboat's pivot fire across her sloop?"""
    assert "no gun, pivots too, fires to the partner's side of her keel line (dead ahead or astern, ±5°, is free) till he is cast off (from her CO turn's gunnery) or sunk" in mobile_bay_text


def test_casting_off_takes_the_turns_move_and_she_moves_alone_from_the_next(mobile_bay_text):
    """Round 4, moment 3: one page said casting off takes a whole move, another that she moves alone from the next
    turn; the reading makes them one rule (replay 6, moment 3: and names which move it takes)."""
    # play 34, moment 5: a sunk partner carries nothing (cast off at once); a struck or abandoned one still floats
    assert ("struck or abandoned: the other carries her the next move (abandoned: straight, a level less a turn from it), "
            "then alone at that level" in mobile_bay_text)


def test_a_critical_hit_still_does_the_hits_damage(mobile_bay_text):
    """Round 4, moment 4: Table 15's Rudder, Port Jammed, Boiler Bursts and Turret Jams rows give an effect and no
    word on whether the hit's own damage still counts."""
    assert "effects marked * are ours (Stack: U, no deflection die, Hull damage only); each still does the hit's damage" in mobile_bay_text


def test_the_torpedo_speed_modifier_changes_the_strike_number_not_the_roll(mobile_bay_text):
    """Round 4, moment 5: the torpedo card gave the speed modifiers without saying whether they change the target
    number or the roll (a faster passage strikes more often, so it is added to the number struck on)."""
    assert "the chapter is lost, this card's numbers are ours; speed is added to the strike number" in mobile_bay_text


def test_table_1_says_how_a_ship_arriving_from_off_the_table_comes_on(mobile_bay_text):
    """Round 4, moment 6: no rule for bringing on a ship that starts off the table."""
    assert "a ship due on starts centred on the edge at her start" in mobile_bay_text


def test_a_fort_criticals_fire_and_magazine_need_the_walls_pierced_an_embrasure_does_not(mobile_bay_text, mobile_bay_pages):
    """Round 4, moment 7: does a fort critical need the walls penetrated? Replay 10 (forts as targets): "penetrated or
    not" let a 9in Dahlgren broadside, which never pierces Fort Morgan's brick, set her on fire. The text: a hit that
    does not get through does its damage points and no other effect of a critical, and each of Table 15's criticals
    tests its own armour (a Gun Port none). So an embrasure hit needs no breach; a fire or the magazine the walls."""
    assert "penetrated or not" not in mobile_bay_text
    assert ("Forts as targets size F +2 + Immobile +1 = +3; hits strike the walls; a 10 on the location d10: fort "
            "critical, fire or magazine if pierced fort_targets") in mobile_bay_text
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert ("3. d6 1-3 embrasure: a random gun bearing on the firer destroyed, pierced or deflected alike (a deflected shell too: the gun, no SDP) 4. d6 4-6 only "
            "if the walls were pierced (deflected: shot after the slash, shell none, nothing more): 4-5 fire: a fire test marker; 6 magazine: 2d6 "
            "SDP more and a fire test marker") in page


def test_a_house_rules_file_plays_fort_criticals_walls_or_not(library, tmp_path):
    """The earlier reading (every fort critical, the walls pierced or not) is one house rule away: rows without
    `walls`."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_rules

    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows:\n      criticals:\n"
                     "        - {roll: '1-3', hit: Embrasure, effect: a random gun facing the firer destroyed}\n"
                     "        - {roll: '4-5', hit: Fire, effect: fire test marker}\n"
                     "        - {roll: '6', hit: Magazine, effect: '2d6 SDP more, fire test marker'}\n")
    words = flat(" ".join(fort_rules(RS.context(library, house)).texts()))
    assert "4-5 fire: fire test marker" in words and "walls pierced" not in words


def test_a_fort_does_not_test_morale(mobile_bay_text):
    """Round 4, moment 8: Table 1 has badly hurt vessels test morale; do forts?"""
    assert "Fort at 0 SDP destroyed at once, yet fires that phase as a vessel (jams, bursts moot); no later fort critical; never tests morale" in mobile_bay_text


# ---- round 5 of issue 22 (a fresh player's three turns, /work/notes moments-sotw-r5): the fight's ground first

def _starts(library, side: str) -> dict[str, tuple[float, float, str]]:
    """Each unit's start on Mobile Bay's Smoke on the Water table, as its set-up page's starts table gives it (cm from
    the south-west corner; ½ as .5) with its How column; a unit not on the plan is left out."""
    from conftest import setup_blocks_on
    from shipyard.render.table_block import Table

    blocks, _ = setup_blocks_on(library, "mobile-bay-1864", "smoke-on-the-water", "a4")

    def tables(bs):
        for b in bs:
            if isinstance(b, Table):
                yield b
            yield from tables(getattr(b, "children", ()))

    table = next(t for t in tables(blocks) if t.header and t.header[0] == side)
    out = {}
    for name, where, _, how in table.rows:
        if "," in where:
            x, y = (float(v.replace("½", ".5")) for v in where.split(","))
            out[name] = (x, y, how)
    return out


def test_the_union_approach_starts_beyond_the_forts_medium_range(library):
    """Moment E (balance): the plan was drawn 5.9 times smaller with the ranges as written, so Brooklyn started 44 cm
    from Fort Morgan, inside its columbiads' Medium band, and sank on turn 1. The channel is played alone (the set-up's
    window for Smoke on the Water): every Union ship starts on the table beyond 80 cm, the HC's Medium band, from the
    fort, and the rest of the column comes on turn by turn."""
    confederate, union = _starts(library, "Confederate"), _starts(library, "Union")
    fx, fy, _ = confederate["Fort Morgan"]
    on_table = {n: s for n, s in union.items() if "arrives" not in s[2]}
    assert on_table and len(on_table) < len(union)
    for name, (x, y, _) in on_table.items():
        assert ((x - fx) ** 2 + (y - fy) ** 2) ** 0.5 > 80, name
    hc = next(g for g in RS.derive(library.units["fort-morgan"], RS.context(library)).stats.guns if g.code == "HC")
    assert hc.ranges_cm["M"][1] == 80


def test_no_two_starts_are_closer_than_their_bases(library, mobile_bay_text):
    """Moment 1: the column's start points were 6-6.5 cm apart and 1/600 hulls are 11 cm long, and no base size was
    printed. The text's own bases (the model and 5 mm all round) are on the quick reference, and no two units starting
    on the table are closer, centre to centre, than the longer of their bases."""
    assert "Bases each model on a base 10 mm longer and wider than her hull, marked" in mobile_bay_text
    scenario = library.scenarios["mobile-bay-1864"]
    name_of = {library.units[su.id].name: su.id for side in scenario.sides for su in side.units}
    placed = []
    for side in ("Union", "Confederate"):
        for name, (x, y, how) in _starts(library, side).items():
            uid = name_of[name.split(" + ")[0]]
            if "arrives" not in how and getattr(library.units[uid], "kind", "") != "fort":
                placed.append((name, x, y, library.units[uid].length_ft * 304.8 / 600 / 10 + 1.0))
    assert len(placed) >= 6
    for k, (a, ax, ay, alen) in enumerate(placed):
        for b, bx, by, blen in placed[k + 1:]:
            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= max(alen, blen), (a, b)


def test_the_start_speed_is_called_by_its_level_with_the_levels_own_knots(library):
    """Defect D: the set-up page said "4 kn is Medium (4 kn)" where Table 2's Medium is 5 kn (25 cm): the player
    could not tell which move a 4 kn start makes. It names the level and its own knots, the nearest level."""
    from conftest import setup_blocks_on

    blocks, _ = setup_blocks_on(library, "mobile-bay-1864", "smoke-on-the-water", "a4")
    text = flat(" ".join(t for b in blocks for t in b.texts()))
    assert "Start speeds: 0 kn is Immobile, the same I as an HS order (hold under steam); 4 kn is Medium, the M counter (Table 2's 5 kn, the nearest level)." in text


def test_a_detonated_shell_reads_table_17s_shell_column_not_a_range_column(library):
    """Moment 2: "Detonated: Table 17's first figure" did not say whether the Shell column or the range column."""
    text = reference_text(library, "mobile-bay-1864")
    assert ("Detonated: the first figure of Table 17's Shell column (by gun size, not range) and a fire test marker"
            in text)


def test_morale_is_tested_when_her_hdp_reach_the_quarter_bar_exactly(library):
    """Moment 13: "past the ¼ bar" left open whether reaching the bar exactly tests (the text's hull rule: 25 % or
    less)."""
    assert "Morale tested once her HDP reach the ¼ bar (at it counts)" in reference_text(library, "mobile-bay-1864")


def test_half_the_struck_vessels_speed_rounds_down(library):
    """Moment 8: "half her speed" of a Slow vessel in the collision speed had no rounding rule (the text's examples
    halve only Medium)."""
    text = reference_text(library, "mobile-bay-1864")
    assert "port / starboard bow + half her speed, rounded down (half of Slow: none)" in text
    assert "port / starboard quarter - half her speed, rounded down" in text


def test_a_second_rudder_hit_the_other_way_leaves_her_straight_ahead(library):
    """Moment 7: Winnebago took two rudder criticals, one "port only", one "starboard only": no rule for both."""
    assert "both boxes: straight ahead only;" in reference_text(library, "mobile-bay-1864")


def test_a_rudder_hit_names_the_way_she_can_still_turn_as_her_sheets_boxes_do(mobile_bay_text, mobile_bay_pages):
    """Play 29, moment 3 (p21 Table 15 Rudder): "one way only (d6 1-3 port)" did not say whether the side named is
    the way she can still turn or the way lost. Table 15 says it in the sheet's words (port only / starboard only)."""
    assert ("Rudder rudder if it penetrates: d6 1-3 port only, 4-6 starboard only: the one way she can still turn "
            "till repaired (tick that box)") in mobile_bay_text
    assert all("Rudder: port only" in p for p in mobile_bay_pages if "Pilot house hit" in p)


def test_each_hull_of_a_lashed_pair_tests_a_torpedo_field_for_herself(library):
    """Moment 4: a lashed pair in the torpedo field: does one hull test, or both? Each, by her own draught."""
    assert "each shot at, and tests a torpedo field or shoal, as herself" in reference_text(library, "mobile-bay-1864")


def test_a_rammed_lashed_pair_and_the_speed_she_casts_off_at(library):
    """Moment 5: a lashed pair rammed: does the sloop take damage when her gunboat is struck? And at what speed does
    the gunboat go on after casting off?"""
    text = reference_text(library, "mobile-bay-1864")
    assert "alone at the pair's last level (her top speed at most)" in text
    assert "then alone at that level; rammed, only the hull struck rolls Table 6" in text


def test_the_obscured_share_is_judged_by_bases_low_or_tall(library):
    """Moment 3: no way to judge the obscured fraction; does a low monitor hide a tall sloop?"""
    assert ("Obscured the share of her base other bases hide, seen along lines from the firing gun (her "
            "mark nearest it, a turret's centre) to the ends of her side (smoke: by range), low hulls or tall alike") in reference_text(library, "mobile-bay-1864")


def test_the_orders_log_has_a_code_for_casting_off_and_says_a_ram_needs_none(library):
    """Moment 12: no order code for casting off or ramming in the orders log's codes (the quick reference's; a full
    sheet's log legend says the same codes)."""
    assert ("tactical BD board, SS scuttle, AN anchor, GR run aground; ours: CO cast off, HS hold under steam (I, no "
            "drift: a target Immobile, +1, her own fire no firer modifier), MH morale held; a ram is a move into contact") in reference_text(library, "mobile-bay-1864")


def test_a_wreck_is_marked_by_a_counter_the_pack_prints(mobile_bay_text, mobile_bay_pages):
    """Defect A: the quick reference said to use "a Sunk counter", and the counter pages had none. Replay 24, defect
    8: two wrecks in turn 3, still no marker: the counters' spare cells now hold Wreck markers, and the rule names
    them."""
    assert "Sunk counter" not in mobile_bay_text
    assert "stays as a wreck (a Wreck marker, or her model on its side)" in mobile_bay_text
    page = next(p for p in mobile_bay_pages if "burning out of control" in p)
    assert page.count("Wreck sunk here: Table 3") >= 2  # sotw35: one for every four vessels


def test_more_fire_test_markers_than_boxes_or_counters_are_counted_on_one(library, mobile_bay_pages):
    """Defect B: four Fire-test boxes a sheet and about 13 counters, and Hartford took eight markers in one turn: the
    pack never said what to do when they run out. Replay 24, defect 1: one salvo put 8 on Brooklyn, whose sheet has
    3 boxes, and the 8 discs ran out: each disc now carries a "× ____" to write the count in, as a box may."""
    assert ("a marker or box marked × n is n markers" in reference_text(library, "mobile-bay-1864"))
    page = _counter_pages(mobile_bay_pages)  # play 28: fewer speed counters, so the discs may begin a page sooner
    assert page.count("Fire test × ____") == 8


def test_the_squadron_waiting_on_turn_1_does_not_drift_with_the_tide(mobile_bay_pages):
    """Moment 10: the tide drift moved every Immobile ship, and turn 1 binds the Confederate squadron to wait at 0 kn
    with none of them anchored: did they drift into the Union line?"""
    assert ("moves 5 cm north each later movement phase; not one anchored or holding under steam (an HS order; the "
            "Confederate squadron holds so on turn 1).") in mobile_bay_pages[1]
    # play 31, moment 13: a ship that stops in a movement phase first drifts in the next one
    assert "(abandoned too, once stopped) moves 5 cm north each later movement phase" in mobile_bay_pages[1]


def test_fort_morgans_points_need_only_the_fort_silenced_not_its_water_battery(mobile_bay_pages):
    """Moment 11: is Fort Morgan's +4 gained without silencing the water battery, which has its own sheet?"""
    assert ("Fort Morgan's points Each fort scores by its own sheet silenced (0 SDP): Fort Morgan +4, the water "
            "battery +2 (ours); the gunboats, lost or not, score nothing.") in mobile_bay_pages[1]


def test_the_confederates_do_not_test_in_their_own_torpedo_field(mobile_bay_pages):
    """Defect F: the Confederate ships tested in their own torpedo field, which reads oddly: they knew its lanes."""
    assert ("Own torpedoes Confederate ships never test in their own field (their pilots laid it).") in mobile_bay_pages[1]


def test_a_depth_on_the_set_up_page_says_which_table_3_column_it_reads(mobile_bay_pages):
    """Moment 9: "A ship drawing more than the depth grounds" (the set-up page) contradicted Table 3's rolls, and a
    shoal could be read as its sand bar column or its shallow water column."""
    assert "A ship drawing more than the depth grounds" not in mobile_bay_pages[1]
    assert ("A ship drawing more than the depth tests Table 3 each turn she moves over it: a shoal is its shallow water "
            "column, a bar its mud bank or sand bar column") in mobile_bay_pages[1]


def test_fort_morgans_sheet_boxes_its_guns_by_the_face_they_stand_on(library):
    """Moment 6: Fort Morgan's sheet listed its 16 32-pdrs in one line "as sited": which 8 face the channel? Its gun
    lines follow the set-up's faces, each face's guns boxed on lines of their own."""
    from shipyard.app import context
    from shipyard.render.kit import GunTable
    from shipyard.rules.smoke_on_the_water.sheet import fixed_blocks

    scenario = library.scenarios["mobile-bay-1864"]
    ctx = context(RS, library, None, None, scenario=scenario)
    unit = library.units["fort-morgan"]
    blocks = fixed_blocks(unit, RS.derive(unit, ctx), ctx, compact=True)

    def tables(bs):
        for b in bs:
            if isinstance(b, GunTable):
                yield b
            yield from tables(getattr(b, "children", ()))

    rows = [(r[1], r[3], r[4]) for r in next(tables(blocks)).rows]
    assert (8, "32-pounder seacoast gun (army)", "channel fronts 170–330°") in rows
    assert (4, "32-pounder seacoast gun (army)", "bay front 330–030°") in rows
    # the 4 on the land front, on no face drawn, are one line under the table since sotw37 (item 5), not rows
    assert not any("bears on no ship" in arc for _, _, arc in rows)
    assert sum(n for n, _, _ in rows) == sum(m.count for m in unit.armament) - 4
    assert not any(arc == "as sited" for _, _, arc in rows)


def test_the_sheets_hit_locations_carry_the_table_number_the_quick_reference_cites(mobile_bay_pages):
    """Defect C: the quick reference cites "Table 14" for hit locations, the sheets said only "Hit location (d10)"."""
    sheet = _sheet_page(mobile_bay_pages, "USS Hartford")
    assert "Table 14 (d10) · conventional/casemate" in sheet
    assert "Table 14" in " ".join(p for p in mobile_bay_pages if "quick reference for the units in play" in p)


def test_a_fort_face_fires_a_quarter_of_its_guns_at_any_one_ship(mobile_bay_pages, library, tmp_path):
    """Moment E (balance): Fort Morgan's channel fronts (20 guns) and its water battery (7) all fired at Brooklyn, who
    sank on turn 1; Hartford on turn 2. A face's guns stand in embrasures of narrow traverse: at any one ship a quarter
    of them (rounded up, at least 2; the Saunders reading), each face's number on the fort's sheet, the rest at others;
    a house-rules file gives back the whole face."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "Fires: the guns of the face that bears, at any one ship (a lashed pair is two) at most channel fronts 5, bay front 2" in page
    assert "at any one ship (a lashed pair is two) at most the beach battery 2" in page  # the water battery, on the same page
    assert ("Fort fire only the face that bears; at any one ship at most a quarter of its guns (rounded up, at least "
            "2), the rest at others or idle fort_targets") in reference_text(library, "mobile-bay-1864")
    from shipyard.rules.smoke_on_the_water.sheet import at_one_ship
    assert [at_one_ship(RS.context(library), n) for n in (20, 8, 7, 2, 1)] == [5, 2, 2, 2, 1]
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows: {at_one_ship: {share: 1, least: 1}}\n")
    assert at_one_ship(RS.context(library, house), 20) == 20


def test_the_channel_fills_with_smoke_from_turn_2(mobile_bay_pages):
    """Moment E (balance), the day's smoke: the fleet and the forts fought in their own smoke, which the play-test's
    clear-air gunnery ignored. From turn 2, fire beyond Short range counts half to three quarters obscured."""
    assert ("Powder smoke From turn 2 powder smoke lies over the channel. 1. All fire at the firing gun's Medium range or more, "
            "ships' and forts': −2 once (½–¾ obscured)"
            ) in mobile_bay_pages[1]  # replay 15: "beyond Short range" left Point blank's place open


# ---- replay 6 (sotw22e): /work/notes/s6/moments-sotw-r6.md


def test_each_ships_sheet_and_roster_line_give_her_base_in_mm(mobile_bay_pages, library):
    """Replay 6, moment 5: bases are 10 mm longer and wider than the model, but no length or beam was printed.
    Tecumseh, 223 ft by 43 ft 4 in at 1 mm to 2 ft: 112 + 10 by 22 + 10; a sidewheeler's width is over her paddle
    boxes (replay 10, moment 1, below)."""
    assert "Base 122 × 32 mm" in _sheet_page(mobile_bay_pages, "USS Tecumseh")
    roster = next(p for p in mobile_bay_pages if "Speed: top speed ahead/astern" in p)
    assert "USS Tecumseh F/M Average Large 122×32 Deep" in roster
    ctx = RS.context(library, scale="1/1200")
    from shipyard.rules.smoke_on_the_water.derive import base_mm
    assert base_mm(library.find("uss-tecumseh"), ctx) == (61, 16)


def test_every_template_sheet_says_which_sheet_holds_each_template(mobile_bay_pages):
    """Replay 6, moment 6: the player on the second template page found no Poor at Medium, Average at Fast or Good
    at Very Fast (they were on the first: the strips nest by radius, not by manoeuvrability). Each sheet is numbered
    and its heading indexes every strip in play by the sheet it is on, and the index is right."""
    sheets = [p for p in mobile_bay_pages if "turning templates (1/600), sheet" in p]
    assert len(sheets) == 2 and "sheet 2 of 2" in sheets[1]
    index = re.search(r"Find a template by its sheet \(manoeuvrability: speed sheet\): (.*?) every level", sheets[1])
    assert "Poor: Slow 2, Medium 1, Fast 1, Very Fast 1" in index.group(1)
    entries = [(m, sp, int(k)) for m, speeds in re.findall(r"((?:Very )?(?:Good|Average|Poor)): ([^:]*?)(?= ·| (?:Very )?(?:Good|Average|Poor):|$)",
                                                     index.group(1).strip(" ·"))
               for sp, k in re.findall(r"(Slow|Medium|Very Fast|Fast) (\d)", speeds)]
    assert ("Average", "Fast", 1) in entries and ("Good", "Very Fast", 1) in entries and len(entries) == 14
    for m, sp, k in entries:
        assert re.search(rf"(?<!Very ){m} at {sp}\b(?! Fast)", sheets[k - 1]), (m, sp, k)


def test_each_gun_rolls_its_own_to_hit_die_and_a_battery_picks_who_misfired(mobile_bay_text, mobile_bay_pages):
    """Replay 6, moment 1: does a battery roll one d10 or each gun its own? The text's own Virginia example rolls a
    die for each of her three smoothbores (1, 5 and 10: one hit, one misfire), so each gun rolls; Table 11's random
    pick is for dice thrown together."""
    assert "Table 10 · to hit: 5 or less on a d10, each gun its own (1 always hits, even needing under 1; 10 misfires; a turret's guns at one target *)" in mobile_bay_text
    assert ("Each 10 misfires one gun, a random one of the batch (her guns thrown together at one target; a fort's: "
            "those at one ship), rolled for only on a jam or burst, her batches in her sheet's box order. A random "
            "gun: of those it may be, a d10") in mobile_bay_text
    assert "To hit (Table 10): 5 or less on a d10 a gun (1 always hits, 10 misfires)" in _sheet_page(mobile_bay_pages,
                                                                                                      "USS Hartford")


def test_an_undetonated_shell_that_got_through_still_makes_its_critical(mobile_bay_text):
    """Replay 6, moment 2: a shell that penetrated and did not burst, on a 10 to locate: a critical or not? The text
    spares only hits that did not penetrate; an undetonated shell got through, as a solid shot does."""
    assert "not: its figure after the slash, no marker, yet a 10 on Table 14 is a critical." in mobile_bay_text


def test_a_ship_lashed_to_one_whose_magazine_explodes_is_locked_with_her(mobile_bay_text):
    """Replay 6, moment 3: Brooklyn blew up with Octorara lashed alongside: is a lashed partner "locked with her"?
    And "(flooded: fire; none: boiler)" meant nothing to the player: it is said in words."""
    assert ("a fire test marker on each vessel within 10 cm (base to base); one "
            "locked or lashed to her (casting off too), besides: her magazine too on d6 "
            "5-6, else 2d6 HDP, 1d6 flooding points") in mobile_bay_text
    assert "unarmed: Boiler Bursts" in mobile_bay_text  # in words (play 42: said first, as hers)
    assert "(flooded: fire; none: boiler)" not in mobile_bay_text


def test_a_turret_hit_that_gets_through_goes_on_the_turrets_tdp(mobile_bay_text):
    """Replay 6, moment 4: only the deflected case named the turret's track; where does a pierced turret's damage
    go? On that turret's TDP too, as the text's turret Gun Port hit does; every other location's on the Hull."""
    assert ("Deflected a deflected shot does its range column's figure after the slash (Table 17: Heavy at S, 6/1, "
            "does 1) on the deflecting armour's track (a turret's TDP, else the Hull), a critical "
            "nothing more") in mobile_bay_text
    # play 32: the pierced turret's track is said in the Turret guns row ("as a pierced turret's" left p22)
    assert "a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text


def test_table_16s_star_and_dash_are_said_in_words(mobile_bay_text):
    """Replay 6, defect: "(* always penetrates, - never)" read both ways (never penetrates, or never deflects)."""
    assert "Table 16 · deflect on this or less on a d10 (*: no roll, the hit goes through; -: no roll," in mobile_bay_text
    assert "always penetrates, - never" not in mobile_bay_text


def test_the_roster_gives_no_casemate_armour_to_a_ship_with_no_casemate(mobile_bay_pages):
    """Replay 6, defect: the monitors' roster lines showed a C (casemate) class, and they have none; her sheet has
    no Casemate row (Table 14's Casemate hits are Hull hits on her). Tennessee keeps hers."""
    roster = next(p for p in mobile_bay_pages if "Speed: top speed ahead/astern" in p)
    assert "USS Tecumseh F/M Average Large 122×32 Deep A/C M/–/H/L" in roster
    assert "USS Hartford V/F Average Large 122×32 Deep B/D U/–/–/U" in roster
    assert "CSS Tennessee M/S Average Medium, ram 114×34 Deep A/C M/M/–/L" in roster


def test_a_fort_sheet_heads_its_faces_with_compass_bearings_not_a_bow(mobile_bay_pages):
    """Replay 6, defect: the fort sheets headed the arc column "Arc (0 deg = ahead)", meaningless for a fort whose
    faces are given in compass bearings (the set-up plan's)."""
    for fort in ("Fort Morgan", "Fort Morgan water battery"):
        page = next(p for p in mobile_bay_pages if fort + " " in p and "Fire log" in p)
        assert "Gun Face (compass bearings) PB cm" in page and "0° = ahead" not in page, fort
    assert "Gun Arc (0° = ahead) PB cm" in _sheet_page(mobile_bay_pages, "USS Hartford")


def test_the_set_up_pages_lashed_pairs_agree_with_the_quick_reference_and_fort_gaines_is_not_ruled(mobile_bay_pages,
                                                                                                   bundled_packs):
    """Replay 6, defects: the set-up page barred only the inboard side's guns where the quick reference bars pivots
    too, and said casting off takes "a whole move"; and it ruled Fort Gaines's fire, though in Smoke on the Water
    she lies off the table, out of range. The other rule sets' set-up pages keep both rules as they were."""
    setup = mobile_bay_pages[1]
    assert "(roster page: Lashed pairs)" in setup and "never at the fort" not in setup  # replay 8, play 37: pointed to
    assert "inboard guns cannot fire" not in setup and "two of her three 10in columbiads" not in setup
    other = flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", "a4").path)[:3]))
    assert "the pair's inboard guns cannot fire" in other and "two of her three 10in columbiads" in other


def test_the_set_up_says_the_ground_alone_is_drawn_smaller_and_how_far_apart_the_columns_start(mobile_bay_pages):
    """Replay 6, defects: "drawn 2.0 times smaller" never said whether moves and ranges shrink with it; "each column
    starts 25 cm apart" read as the two columns 25 cm apart, where the monitors start some 20 cm east of the wooden
    line (it is the ships in a column that are 25 cm apart)."""
    setup = mobile_bay_pages[1]
    assert "Only the map is shrunk, not the rules: move and measure in the cm the sheets print." in setup
    assert ("In each column the ships start 25 cm apart, centre to centre, clear of the bases, the "
            "monitors some 20 cm east of the wooden line") in setup


def test_the_set_up_says_what_the_north_edge_and_water_of_no_depth_do(mobile_bay_pages):
    """Replay 6, defects: no rule for a ship that drifts or steams off the north edge (the tide carries a stopped
    ship 5 cm a turn), and no depth for the water between the channel's edge and the shoals."""
    setup = mobile_bay_pages[1]
    assert ("North edge A ship off the north edge has gone up the bay: out of the game, she scores as she left (a Union "
            "ship afloat, north of the line)") in setup
    assert "Tide drift The flood runs about a knot" in setup and "Farragut waited for it" not in setup  # one tide line
    assert "no deeper draught, no test; other water, off the channel either side (a consort past it), is deep: no test." in setup


def test_a_ship_that_holds_her_morale_tests_again_only_at_a_new_cause(library):
    """Replay 6, defect: "tested once her HDP reach the ¼ bar" read as a single test, or as every turn after."""
    assert ("else the crew abandon her; held: again only at a new cause"
            in reference_text(library, "mobile-bay-1864"))


# ---- replay 7 (sotw22f): /work/notes/s6/moments-sotw-r7.md


def test_every_vessel_sheet_says_what_her_damage_costs(mobile_bay_pages):
    """Replay 7, defect: Metacomet's half page (and Lackawanna's) ran too tall and dropped the "Damage:" line every
    other sheet has; said in one line, it fits every half page."""
    sheets = [p for p in mobile_bay_pages if "Manoeuvre" in p]
    line = "Damage: ½/¼ left: max speed −1/−2; machinery −1; each repair: FP −flooding (FP 0: sinks)"
    assert sum(p.count(line) for p in sheets) == sum(p.count("Smoke on the Water record sheet") for p in sheets) == 22
    assert line in _sheet_page(mobile_bay_pages, "USS Metacomet").split("USS Metacomet ", 1)[1]


def test_a_fort_critical_is_a_10_on_the_location_die_and_does_the_hits_sdp_too(mobile_bay_pages, library):
    """Replay 7, moment 2: "d10 10: fort critical" did not say which d10 (a 10 on the to-hit die misfires), and "SDP
    as a hit" read two ways on a deflected shot. It is the location d10 a ship's hit rolls, and the critical does the
    hit's SDP besides (deflected: the figure after the slash, as any deflected hit)."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert ("every hit strikes the walls; fort critical: each hit's own location d10 (no column to read), a 10 on it (not "
            "the to-hit d10): the hit's SDP and a d6 3. d6 1-3 embrasure") in page
    assert "SDP as a hit" not in page
    assert ("= +3; hits strike the walls; a 10 on the location d10: fort critical"
            in reference_text(library, "mobile-bay-1864"))


def test_a_forts_range_is_measured_at_its_mark(mobile_bay_pages):
    """Replay 7, moment 1: range is base to base, but a fort is only a square on the plan, with no size: the player
    measured from its centre and had no rule for it. The fort's sheet says it, where its fire and the fire at it are
    worked (the quick reference has no line to spare)."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "Shot at *: 1. ranges from and to its mark (its start point);" in page and "2. size F +2 + Immobile +1 = +3" in page


def test_a_lashed_gunboats_pivot_never_fires_across_her_keel_line_past_the_sloops_bow(mobile_bay_text, mobile_bay_pages):
    """Replay 7, moment 3: "no gun on the partner's side fires, pivots too" left open whether Octorara's bow pivot
    may fire 13 degrees to starboard, past Brooklyn's bow. The partner's side is the half on her side of the keel
    line, ahead and astern too: a pivot fires to the free side only."""
    assert "no gun, pivots too, fires to the partner's side of her keel line (dead ahead or astern, ±5°, is free) till he is cast off (from her CO turn's gunnery) or sunk" in mobile_bay_text
    assert "guns on the partner's side, pivots too, never fire" not in mobile_bay_text


def test_a_gun_port_hit_says_how_much_damage_it_does_and_where(mobile_bay_text):
    """Replay 7, moment 4: Table 15's special 1, "destroyed, with HDP (TDP if turreted)", named a track and no
    amount for a turret monitor's Gun Port hit. The shot came through an open port (no armour test): its Table 17
    damage as a penetrating hit's, on the turret's TDP when the gun struck is turreted."""
    assert ("Gun Port none a random gun bearing on the firer destroyed; its Table 17 damage as if it "
            "penetrated, on HDP (a turret gun: Turret guns); a bursting shell wrecks 1d3 more there") in mobile_bay_text
    assert "destroyed, with HDP (TDP if turreted)" not in mobile_bay_text


def test_a_size_a_target_at_point_blank_has_no_size_modifier(mobile_bay_pages, mobile_bay_text):
    """Replay 7, defect: "target size A -4 (A only beyond PB)" read as either no modifier at Point Blank or no
    firing at Point Blank. Table 10 gives A's -4 only beyond Point Blank: at PB size A counts 0."""
    assert "target size A −4 B −2 C −1 D 0 E +1 F +2 (A: 0 at PB)" in _sheet_page(mobile_bay_pages, "USS Hartford")
    assert "target size A -4, B -2, C -1, D +0, E +1, F +2 (A: 0 at PB)" in mobile_bay_text
    assert "only beyond PB" not in mobile_bay_text


def test_a_fort_faces_guns_beyond_the_share_with_no_other_ship_in_range_stay_idle(mobile_bay_pages):
    """Replay 7, defect: a face's share at one ship was used, and no other ship was in range of the rest: may they
    add to the fire at the first? No: they stay idle (the share is the embrasures' traverse, not a choice)."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "channel fronts 5, bay front 2, the rest may fire at others in range" in page


def test_the_deviation_template_says_what_an_indirect_shot_hits_where_it_lands(mobile_bay_pages):
    """Replay 7, defect: the deviation template gave a direction and a distance and no word on what the shell
    then hits. The text's rule: over any vessel's base, that vessel is hit, located on the Plunging column."""
    page = next(p for p in mobile_bay_pages if "Indirect-fire deviation template" in p)
    assert ("where it lands: over the base of the target or of any other vessel, that one is hit (Table 14's "
            "Plunging column; detonation and misfire as ever); over no base, a miss") in page


# ---- replay 8 (sotw22g): /work/notes/s7/r8/sotw.md


def _readings_row(text: str, rule: str) -> str:
    """One row of the readings page (What the text leaves open), up to the next row's rule name."""
    page = text.split("What the text leaves open", 1)[1]
    return page.split(f" {rule} ", 1)[1].split(" Torpedoes ", 1)[0]


def test_a_lashed_pair_whose_sloop_is_abandoned_under_way_is_carried_with_her_as_she_casts_off(mobile_bay_text):
    """Replay 8, moment 1: Brooklyn abandoned but still at Slow: p2 said only "loses all speed: the gunboat carries
    her", p23 "casts off next movement, no move of her own"; was Octorara dragged with her? She is, that one phase,
    straight ahead (no one steers an abandoned ship); a partner Immobile but manned is carried, as p2 had it."""
    row = _readings_row(mobile_bay_text, "Lashed pairs")
    assert ("struck or abandoned: the other carries her the next move (abandoned: straight, a level less a turn from it), "
            "then alone at that level") in row
    assert "one Immobile yet manned: the other carries both at half her speed" in row
    assert "no move of her own" not in row


def test_an_arriving_ship_starts_centred_on_the_edge(mobile_bay_text, mobile_bay_pages):
    """Replay 8, moment 2: "her whole move from the edge" did not say whether her bow, centre or stern starts on it.
    Her centre (a start is her centre everywhere), so the column keeps its 25 cm; Table 1 and the set-up agree."""
    assert ("a ship due on starts centred on the edge at her start (half her base off the table), then makes her "
            "whole move at her start speed") in mobile_bay_text
    assert ("each starts centred on the edge where her start says (half her base off the table), then makes her whole "
            "move (her start speed keeps the column's 25 cm)") in mobile_bay_pages[1]
    assert "with her whole move from the edge" not in mobile_bay_pages[1]


def test_a_lashed_pair_turns_by_one_rule_printed_once(mobile_bay_text, mobile_bay_pages):
    """Replay 8, p2 vs p23: the set-up page's special rule said the pair "turns as the sloop", the quick reference "on
    the poorer template". One reading (the poorer template), printed on the readings page; the set-up points to it."""
    setup, reference = mobile_bay_pages[1], mobile_bay_text.split("Speed: top speed ahead/astern", 1)[1]
    assert "turns as the sloop" not in setup and "turns as the sloop" not in reference
    assert "one move at the slower's speed on the poorer template" in _readings_row(mobile_bay_text, "Lashed pairs")
    assert reference.count("poorer template") == 1  # the readings, on the roster page since sotw37
    assert "(roster page: Lashed pairs)" in setup


def _chars(path, page: int | None = None):
    """(page number from 1, LTChar) for every character of the file (or of one page, 0-based), forms' too."""
    from pdfminer.layout import LTChar

    from conftest import layout_objects, pdf_layouts

    numbers = range(len(pdf_page_texts(path))) if page is None else [page]
    for i, (_, layout) in zip(numbers, pdf_layouts(str(path), None if page is None else [page])):  # that page alone
        yield from ((i + 1, c) for c in layout_objects(layout, LTChar) if c.get_text().strip())


def test_the_gun_box_numbers_are_set_at_the_play_type_size(bundled_packs):
    """Replay 8: the numbers leading each line of gun boxes (1, 10, 19 ...) were 6 pt condensed grey, "~5 pt,
    unreadable at 70 dpi"; a player reads them every turn ("gun 7 is out"), so they are set at the play type's 7."""
    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    page = pdf_page_index(path, "USS Hartford Screw sloop")
    numbers = [c for _, c in _chars(path, page) if c.get_text().isdigit() and "Condensed" in c.fontname
               and c.x0 < 40]  # left of the boxes, where no other condensed figure stands
    assert len(numbers) >= 2 * 6  # Hartford's six lines and Metacomet's six, two digits or one each
    assert min(c.size for c in numbers) >= 7.0 - 1e-6, sorted({round(c.size, 2) for c in numbers})


@pytest.mark.parametrize("scenario", ["mobile-bay-1864", "memphis-1862"])
def test_no_text_a_player_reads_is_under_6_pt(bundled_packs, scenario):
    """Replay 8 / issue 22: no text a player reads under 6 pt. The layout lint counts small type but passes it; Memphis's
    speed counters shrank a long name ("Gen. M. Jeff Thompson") to 5.4 pt. A name that does not fit at 6 pt is set
    narrower instead. (The plan's sideways labels are measured by their width, not their size: left out.)"""
    from conftest import pdf_page_chars

    path = bundled_packs.get(scenario, "smoke-on-the-water", "a4").path
    # each character's height as pdfminer measured it (the same on every character of both packs), read by pdfium
    small = sorted({(p, round(c.height, 1)) for p, (_, chars) in enumerate(pdf_page_chars(path), 1) for c in chars
                    if c is not None and c.text.strip() and c.upright and c.height < 6.0 - 1e-6})
    assert not small, small


def _bold_lines(path, page: int) -> list[str]:
    """The page's bold words, line by line (top to bottom, left to right): a wrapped label shows as two lines."""
    lines: dict[float, list] = {}
    for _, c in _chars(path, page):
        if "Bold" in c.fontname:
            lines.setdefault(round(c.y0, 1), []).append(c)
    out = []
    for y in sorted(lines, reverse=True):
        cs = sorted(lines[y], key=lambda c: c.x0)
        words, last = "", None
        for c in cs:
            if last is not None and c.x0 - last.x1 > 1.0:
                words += " | " if c.x0 - last.x1 > 8 else " "
            words, last = words + c.get_text(), c
        out.append(words)
    return out


def test_the_hit_location_rows_call_the_broadside_broadside_on_one_line(bundled_packs):
    """Replay 8, p4-p14: a half page's hit-location rows said "Bow, Side, Stern" where the other sheets and the
    quick reference's aspect rule say "Broadside", and the label wrapped onto two lines. The broadside keeps a row of
    its own (bow and stern may share one), each label on one line."""
    from conftest import pdf_page_index

    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    sheets = [flat(t) for t in pdf_page_texts(path) if "Manoeuvre" in t]
    assert not [p for p in sheets if re.search(r"\bSide\b", p)]  # a sheet calls no aspect a "Side"
    for name in ("USS Hartford Screw sloop", "USS Metacomet Sidewheel gunboat"):
        lines = " / ".join(_bold_lines(path, pdf_page_index(path, name)))
        assert "Bow, Stern" in lines and "Broadside" in lines and "Plunging" in lines, lines
        assert "Bow, /" not in lines and "Bow, | " not in lines  # the label never wraps after its comma


def test_the_orders_log_has_a_code_for_holding_under_steam(mobile_bay_text, mobile_bay_pages):
    """Replay 8, p2: the Confederate squadron waits "holding its place under steam" on turn 1 and the tide spares it,
    but the orders log had no code to write it (I alone reads as drifting). HS: Immobile, her engine stems the
    current; the set-up's tide rule names the order."""
    assert "ours: CO cast off, HS hold under steam (I, no drift" in mobile_bay_text
    assert "not one anchored or holding under steam (an HS order;" in mobile_bay_pages[1]


# ---- replay 8, the score (sotw22h): the sloops' and the fort's staying power


def test_the_sloops_and_fort_morgan_stand_about_as_long_as_they_did_on_the_day(library, mobile_bay_pages):
    """Replay 8, the score (8/10, "the damage looks so lethal"): Brooklyn (40 HDP) and Hartford (43) went from full
    hull to 0 in one turn of fire at Medium and Short and Fort Morgan (24 SDP) was silenced on turn 3; on the day
    Hartford took some 20 hits and Brooklyn some 30 and both fought on, and the fort was never silenced. Hull points
    are 1.6 × √tons and a fort's SDP a foot twice the first reading (the rules notes, "The sloops' staying power"):
    each sloop outlasts two turns of the fort's share at Short (some 37 HDP a turn there), where she lasted one."""
    from shipyard.rules.smoke_on_the_water.sheet import tracks

    ctx = RS.context(library)
    for unit_id, name, hdp in (("uss-hartford", "USS Hartford", 86), ("uss-brooklyn", "USS Brooklyn", 81)):
        d = RS.derive(library.find(unit_id), ctx)
        assert d.stats.hull_damage_points == hdp > 2 * 37
        assert f"Hull (HDP) {hdp}" in _sheet_page(mobile_bay_pages, name)  # her track, a box a point
    fort = library.find("fort-morgan")
    s = RS.derive(fort, ctx).stats
    assert s.structural_damage_points == 48
    (structure,) = [t for t, _ in tracks(s, ctx, fort) if t.records == "hull"]
    assert structure.count == 48


# ---- replay 10 (sotw22i): /work/notes/s7/r10/sotw.md


def test_a_sidewheelers_base_is_printed_over_her_paddle_boxes(mobile_bay_pages, library):
    """Replay 10, moment 1: the roster said "+ add a sidewheeler's paddle boxes to the width" and nothing gave their
    width, which decides her base, her aspect and what she hides; the player invented 6 mm a side. Ours, 10 ft a side:
    Octorara, 193 ft by 34 ft 6 in, 97 + 10 by (17 + 10) + 10 mm at 1 mm to 2 ft; her sheet and roster line print it."""
    assert "Base 107 × 37 mm over paddle boxes" in _sheet_page(mobile_bay_pages, "USS Octorara")
    roster = next(p for p in mobile_bay_pages if "Speed: top speed ahead/astern" in p)
    assert "CSS Selma F/M Poor Small 136×35 " in roster and "+ add a sidewheeler" not in roster
    assert "a sidewheeler's over her paddle boxes (ours: 10 ft a side)" in roster
    from shipyard.rules.smoke_on_the_water.derive import base_mm
    assert base_mm(library.find("uss-octorara"), RS.context(library, scale="1/1200")) == (53, 19)


def test_a_lashed_pairs_start_is_the_larger_ships_centre_with_her_consort_alongside_sterns_level(mobile_bay_text):
    """Replay 10, moment 2: the start table (p2) gives one point for Brooklyn and Octorara: whose centre, and how do
    the two bases sit? The readings row's first words: the larger on the point, the consort touching her on the
    side the set-up names (port, away from the fort), sterns level."""
    row = _readings_row(mobile_bay_text, "Lashed pairs")
    assert row.startswith("set up: the larger's centre on her start, the consort touching her on the named side, sterns level; "
                          "one move")
    assert "lashed on the port side, away from Fort Morgan" in mobile_bay_text or "fires across her partner" in mobile_bay_text


def test_the_fire_test_names_the_markers_the_counters_carry(mobile_bay_text, mobile_bay_pages):
    """Replay 10, defect (p22): the fire test said "(1 in marker)" and "(2 in marker)", numbers the fire counters
    (p21) do not carry: they say "On fire" and "Out of control". The phase names the markers by their words."""
    assert "in marker" not in mobile_bay_text
    assert "3 or less she is on fire (an On fire marker;" in mobile_bay_text
    assert "out of control (its marker, 1d6 next turn) on a 10" in mobile_bay_text
    counters = _counter_pages(mobile_bay_pages)
    assert "On fire burning; caught again" in counters and "Out of control" in counters and not re.search(r"\b[12] in marker", counters)


def test_a_fort_faces_number_at_one_ship_is_a_cap_not_a_share_to_fill(mobile_bay_pages, mobile_bay_text):
    """Replay 10, defect (pp15-16, p23): "at one ship a quarter of them ... the rest at others": a cap or an exact
    share? A cap (the embrasures' traverse): at most so many at any one ship, fewer if the player likes; the sheet
    and the readings row say "at most"."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert ("Fires: the guns of the face that bears, at any one ship (a lashed pair is two) at most channel fronts 5, bay front 2, the rest may "
            "fire at others in range") in page
    assert "at any one ship at most a quarter of its guns (rounded up, at least 2)" in _readings_row(mobile_bay_text,
                                                                                                     "Fort fire")



def test_a_forts_fire_log_gives_each_turn_one_wide_column_for_every_ship_it_fired_at(mobile_bay_pages):
    """Replay 10, defect (pp15-16): the fort fire log had one Target / Guns / Notes row a turn, and a fort's fire splits
    over up to four ships (five guns a ship): three targets were crammed in a 14 mm cell. A fort's turn row is one
    column for every ship fired at and the guns at her ("Bro 5, Har 5, Oct 2"), some 37 mm wide, rows no taller."""
    from shipyard.rules.smoke_on_the_water.sheet import orders_log

    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert page.count("Turn Ships fired at: gun boxes") == 4  # the water battery's, four parts (Fort Morgan's: by face)
    assert "Target Guns Notes" not in page
    log = orders_log(True, 12, True)
    part_w, parts = log.tables(190.0)
    _, widths, _, _ = parts[0].layout(part_w)
    assert len(widths) == 2 and widths[1] >= 36.0, widths
    assert log.row_height() >= 5.0 and len(parts) == 4


def test_powder_smoke_is_not_added_to_the_bases_in_the_way_and_a_miss_it_made_hits_nothing(mobile_bay_pages):
    """Replay 10, defect (p2): "counts ½ to ¾ obscured": added to obscuring by other bases? And the Obscured rule's
    "a miss that would have hit without the modifier hits the vessel in the way": which, when only smoke is in the
    way? The worse of the two, never both; a miss the smoke alone made is a miss."""
    assert ("1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once (½–¾ obscured). 2. Bases hiding her (at a fort: "
            "hiding the firer) as much or more: theirs instead, never both.") in mobile_bay_pages[1]  # sotw35: the rule in steps
    assert "3. Only bases worse than the smoke's −2 make a stray:" in mobile_bay_pages[1]  # sotw36: the smoke's miss none


def test_an_arriving_ship_may_come_on_a_level_slower_or_wait_off_the_table(mobile_bay_text):
    """Replay 12, moment 1 (pp2, 22): the ship ahead has slowed and the newcomer's whole move at her start speed runs
    into her: Table 1 gave no way to hold her back. She is ordered as any ship (a level slower or faster), or waits."""
    assert ("a ship due on starts centred on the edge at her start (half her base off the table), then makes her whole "
            "move at her start speed or a level slower or faster (her orders, turns too), or waits off the table for a later turn"
            ) in mobile_bay_text


def test_a_lashed_pairs_template_is_laid_along_the_hull_on_the_inside_of_the_turn(mobile_bay_text):
    """Replay 12, moment 2 (p23): the pair turns "on the poorer template", but which hull follows its edge?"""
    assert ("on the poorer template (the inner hull runs its edge, the other at her offset)"
            in _readings_row(mobile_bay_text, "Lashed pairs"))


def test_the_set_up_note_says_which_ships_open_in_medium_range_of_the_water_battery(library, mobile_bay_pages):
    """Replay 12, defects (p2): "the first turns are at long and extreme range of the fort", yet Tecumseh starts in
    the water battery's Medium band (40-80 cm), and north of the drawn Union entry zone. The note says both (replay 15:
    in words a player can parse)."""
    import math

    window = library.scenarios["mobile-bay-1864"].setup.windows[0]
    cm = lambda p: ((p[0] - window.at[0]) / (window.width_yd / 121.92), (p[1] - window.at[1]) / (window.depth_yd / 182.88))
    water_battery, fort = cm([6280, 3000]), cm([6550, 3150])
    assert math.dist(cm(window.starts["uss-tecumseh"].at), water_battery) < 80  # Medium for her columbiads
    assert math.dist(cm(window.starts["uss-brooklyn"].at), fort) > 80  # Long or more
    assert "long and extreme range" not in mobile_bay_pages[1]
    assert ("The columns open at Long range of the fort, as the fleet's did, the leaders in its water "
            "battery's Medium by turn 1 (Tecumseh in it at the start, north of the plan's Union entry zone; "
            ) in flat(mobile_bay_pages[1])


def test_a_fort_sheet_says_a_deflected_hit_gets_no_fire_or_magazine_critical(mobile_bay_pages):
    """Replay 12, defect (p15): "walls pierced: 4-5 fire ..." left open whether a deflected hit still gets a fire; only
    p23's readings row ("only through the walls") settled it. The sheet says it where the player looks."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "only if the walls were pierced (deflected: shot after the slash, shell none, nothing more): 4-5 fire" in page
    assert "walls pierced: 4-5" not in page


def test_a_fire_goes_out_on_5_or_less_and_runs_out_of_control_only_on_a_10(mobile_bay_text, library, tmp_path):
    """Replay 12, balance: on 3 and 9+ a fire ran out of control two times in five before it went out; Hartford's did
    in turn 2 and her morale test struck the flagship in turn 3, where the fleet's fire parties put out every fire on
    the day. Ours: out on 5 or less, out of control on a 10; the first reading is one house rule away."""
    assert "On fire * from the next phase 6: 1 HDP, then d10: out on 5 or less, out of control (its marker, 1d6 next turn) on a 10" in mobile_bay_text
    assert "a fire (from the next turn): 1 HDP, out on 5 or less, out of control on a 10;" in mobile_bay_text
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fire_test:\n    rows: {on_fire: {out_on: 3, spreads_on: 9}}\n")
    words = flat(" ".join(R.fire_test_table(RS.context(library, house)).texts()))
    assert "out on 3 or less, out of control (its marker, 1d6 next turn) on 9 or more" in words


def test_table_1_says_each_gun_fires_once_a_turn_and_none_must(mobile_bay_text, mobile_bay_pages):
    """Replay 12, doubts: silent on reload (every gun fired every turn) and on whether firing is compulsory ("who may
    fire" read as permission). The text's all guns once a turn, and ours, none must; on the turn strip too."""
    assert "every gun in arc with a clear line, once a turn (none must)" in mobile_bay_text
    assert _sheet_page(mobile_bay_pages, "USS Hartford").startswith(
        "Turn: 1 Orders · 2 Movement · 3 Gunnery ▸ fire: every gun in arc with a clear line, once a turn (none must)")


def test_a_fort_is_obscured_by_what_hides_the_firer_from_its_mark(mobile_bay_text):
    """Replay 13, moment 1 (p23): the Obscured rule measures the share of the target's base hidden, and a fort has no
    base. Ours: the share of the firer's own base hidden, seen from the fort's mark (what hides one hides the other).
    Replay 19, defect b (p22): "a fort: the share of the firer's own base" did not say who fires at whom: a ship firing
    at the fort."""
    assert ("at a fort (no base, ours): the share of the firer's own base others hide (her lashed "
            "partner too), seen from the fort's mark;" in mobile_bay_text)


def test_a_miss_that_hits_the_vessel_in_the_way_says_which_and_at_what_range(mobile_bay_text):
    """Replay 13, moment 2 (p23): several bases partly in the way, which takes the hit, at which range and aspect?"""
    assert ("hits the vessel in the way, own side's too (ours: of several, the one nearest the gun on the line to the "
            "target's centre, else the one hiding most; the hit as it fell") in mobile_bay_text


def test_a_critical_that_tests_no_armour_is_never_deflected(mobile_bay_text):
    """Replay 13, moment 3 (p15 vs p23): the fort sheet's 1-3 embrasure needs no breach, yet the Deflected line said a
    deflected hit does "a critical nothing more". A critical tests its own row's armour: none, never deflected. Since
    sotw31 the embrasure's SDP go by the walls, so what is never deflected is its gun, lost pierced or not."""
    assert ("a critical nothing more (one testing no armour, a Gun Port or an embrasure's gun, is never deflected)"
            in mobile_bay_text)


def test_the_collision_speed_says_how_levels_add_and_who_is_the_striker(mobile_bay_text):
    """Replay 13, moment 4 (Table 6, p22): "the striker's level, shifted by ... + her speed" said neither how two
    levels add nor who strikes when both ships move head-on."""
    assert ("Levels, striker Slow 1, Medium 2, Fast 3, Very Fast 4, added (Medium + Medium = Very Fast); the "
            "striker's bow met the other (bow to bow: either)") in mobile_bay_text


def test_colliding_ships_meet_after_equal_shares_and_the_smaller_turns_the_least_angle(mobile_bay_text):
    """Replay 13, moment 5 (p23): where do two ships moving at once meet, and to which side does the smaller swing
    when they do not lock? The text's "least angle" picks the side."""
    assert "Locked both moving, they meet after equal shares of their moves (ours);" in mobile_bay_text
    assert ("not locked, the smaller turns through the least angle to lie alongside the larger (that picks the side; "
            "same size: both, equally) and both move on") in mobile_bay_text


def test_a_gun_hit_says_its_damage_goes_on_the_hull_even_in_a_turret(mobile_bay_text):
    """Replay 13, moment 6 (p23): "hull damage as for the gun size" against the Deflected line's turret TDP, and
    whether an unburst shell does its figure after the slash there."""
    assert ("cross its box; its Table 17 damage (a shell's, burst or not; burst, a fire test marker too) on the Hull. Deflected: "
            "no gun lost") in mobile_bay_text
    assert "Gun hit (pierced), burst, any hit once it is out (0 TDP), Gun Port too, testing the Hull's armour: the Hull (HDP)" in mobile_bay_text  # sotw33: Turret guns, the one place


def test_a_magazine_explosion_puts_a_fire_test_marker_on_each_vessel_within_10_cm_base_to_base(mobile_bay_text):
    """Replay 13, moment 7 (p22): "fire markers within 10 cm" said neither that the markers go on vessels nor how the
    10 cm is measured (base to base, as every range)."""
    assert "her later hits moot; a fire test marker on each vessel within 10 cm (base to base);" in mobile_bay_text
    assert "fire markers within 10 cm" not in mobile_bay_text


def test_the_roster_says_size_is_by_tonnage_and_target_by_length(mobile_bay_text):
    """Replay 13, defect (p3): Selma (590 tons, the longest base) is Small and C/F where Octorara (829 tons, shorter)
    is Medium: size and target size are two measures, and the roster's legend says which is which."""
    assert ("Size: by tonnage, not length (Tables 4 and 6, boarding); Target: bow/broadside letters, by length and "
            "freeboard" in mobile_bay_text)


def test_every_torpedo_field_plays_alike_whatever_its_density(mobile_bay_text):
    """Replay 14, moment 1 (p2, p22): the set-up's torpedo line is "density moderate" and the torpedo card had no
    number for it; the card says a density changes nothing."""
    assert "speed Slow -1, Medium +0, Fast +1, Very Fast +2; any density +0 (moderate too)" in mobile_bay_text


def test_target_aspect_bow_or_stern_is_the_bases_short_end_only(mobile_bay_text):
    """Replay 14, moment 2 (p23): the bases are marked at ¼, ½ and ¾, so is the forward quarter of a side "bow"?"""
    assert "(x/y = bow-or-stern/broadside); bow or stern: the short end only" in mobile_bay_text


def test_table_16s_dash_is_a_deflection_so_a_shot_still_does_its_figure_after_the_slash(mobile_bay_text):
    """Replay 14, moment 3 (p22): "-, the armour stops it" left open whether the Deflected line's after-slash damage
    (p23) still applies; the text's dash is an automatic deflection."""
    assert "-: no roll, deflected as the Deflected rule says)" in mobile_bay_text


def test_the_gun_a_hit_picks_is_one_bearing_on_the_firer_in_every_table(mobile_bay_text):
    """Replay 14, defect (p22, p23): Table 15's Port Jammed and Gun Port said "a random gun facing the firer", the Gun
    hit "bearing on the firer": one idea, one word, the sheets' own (their gun boxes are grouped by bearing)."""
    assert "facing the firer" not in mobile_bay_text.replace("the one facing the firer", "")
    assert "Port Jammed casemate/turret/hull jams a random unjammed gun bearing on the firer (pivots, howitzers too; none: no jam) till repaired" in mobile_bay_text


def test_a_lashed_pair_may_fire_at_a_target_dead_ahead_on_her_keel_line(mobile_bay_text):
    """Replay 14, defect (p23): Tennessee exactly on Hartford's keel line, Metacomet lashed to port: which side is
    that? The player held fire."""
    assert ("no gun, pivots too, fires to the partner's side of her keel line (dead ahead or astern, ±5°, is free)"
            in mobile_bay_text)


def test_table_3s_local_pilot_says_who_has_one_and_mobile_bay_names_them(mobile_bay_text, mobile_bay_pages):
    """Replay 14, defect (p22): "Local pilot -1" never said who has one (the Confederates? Farragut's pilot in
    Hartford's top?)."""
    assert "Local pilot -1 (only whom the set-up names)" in mobile_bay_text
    assert "Local pilots (Table 3): every Confederate ship, and Hartford (Freeman in her maintop)." in mobile_bay_pages[1]


def test_tables_9_12_and_13_are_named_where_they_are_printed(mobile_bay_text):
    """Replay 14, defect (p22): the quick reference's table numbers jump (no 9, 12 or 13) without a word; the ranges
    are on each sheet's guns table, the deviation on the template sheet."""
    assert "obscured 1/4 to 1/2 -1, over 1/2 to 3/4 -2, over 3/4 -4 (her ¼, ½, ¾ marks hidden: 1, 2, 3) · ranges (Tables 9, 12): her sheet's guns" in mobile_bay_text
    assert "Table 13 · Indirect-fire deviation template: centre on the target" in mobile_bay_text


def test_a_fire_put_out_says_how_to_clear_its_box(mobile_bay_text):
    """Replay 14, defect (the sheets): the On fire box had no way to show the fire had gone out (the player erased
    it); the fire test says so: a fire out is a ship not on fire."""
    assert "out of control (its marker, 1d6 next turn) on a 10; out: lift the disc, erase its box" in mobile_bay_text


def test_forts_off_the_channel_window_get_no_sheet(mobile_bay_pages):
    """Replay 14, defect (p16): Fort Gaines's and Fort Powell's sheets filled a page though Smoke on the Water plays
    the channel alone and both lie off its table; a fort cannot come on later, so neither takes part (no sheet, no
    roster line). The other rule sets, which play the whole entrance, keep Fort Gaines (their own tests)."""
    assert "Forts Gaines and Powell lie off this table" in mobile_bay_pages[1]
    forts = [p for p in mobile_bay_pages if "Fire log" in p]
    assert forts and any("Fort Morgan water battery" in p for p in forts)
    assert not any("Fort Gaines" in p or "Fort Powell" in p for p in mobile_bay_pages[2:])


def test_several_fire_test_markers_of_one_phase_light_one_fire(mobile_bay_text):
    """Replay 15, moment 1: two fort shells put two markers on Brooklyn in one phase; did the first fire turn the
    second marker into out of control? One fire between them; only a fire from an earlier turn goes out of control."""
    assert ("3 or less she is on fire (an On fire marker; one fire however many catch in a phase; a fire from an "
            "earlier turn: out of control)") in mobile_bay_text


def test_a_lashed_pairs_dead_ahead_says_how_wide_it_is(mobile_bay_text):
    """Replay 15, moment 2: "a target dead ahead is free" did not say how wide dead ahead is; the player allowed 4°."""
    assert "(dead ahead or astern, ±5°, is free)" in mobile_bay_text


def test_a_turret_jam_puts_the_hits_damage_on_that_turrets_tdp(mobile_bay_text):
    """Replay 15, moment 3: Turret Jams "still does the hit's damage", but on which track, and was armour tested? The
    row tests none (armour: none), and the damage goes on the jammed turret's TDP, as a turreted Gun Port hit's."""
    assert ("4 Turret Jams none a random turret stuck on its bearing until repaired; damage on its TDP (no turret: a "
            "gun port hit)") in mobile_bay_text


def test_a_jammed_turrets_box_asks_for_its_bearing_from_the_bow(mobile_bay_pages):
    """Replay 15, moment 4: Tecumseh's "Turret main jammed ___°": relative or compass bearing? From the bow, as the
    fire-arc template reads, so it holds as she turns."""
    assert "Turret main jammed ___° off bow" in _sheet_page(mobile_bay_pages, "USS Tecumseh")


def test_the_set_up_pages_ground_scale_says_whose_it_is_in_words(mobile_bay_pages):
    """Replay 15, defect (p2): "(ground_scale, source)" and "(reconstructed)" are the tool's tags, not a player's words.
    Replay 17, defect (p2): "the text's: 1 mm is 2 ft ... ours: distances halved" was hard to parse: a plain clause,
    no longer (Letter's set-up page has no line to spare)."""
    assert "(ground_scale, source)" not in mobile_bay_pages[1]
    assert ("Ground scale 6.67 yd to the centimetre at 1/600 (the text's 1 mm to 2 ft; with 1/1200 models we halve "
            "every distance).") in mobile_bay_pages[1]


def test_a_stack_hit_says_it_does_hull_damage_only(mobile_bay_pages, mobile_bay_text):
    """Replay 16, moment 1 (pp21-22, sheets): the readings page said the stack hit's text is lost and replaced, and no
    effect was printed anywhere; the sheet's "Stack U (Hull track)" left open whether there was more. Hull damage only."""
    assert "Stack U (Hull damage only)" in _sheet_page(mobile_bay_pages, "USS Tecumseh")
    assert "effects marked * are ours (Stack: U, no deflection die, Hull damage only)" in mobile_bay_text


def test_a_miss_under_smoke_with_a_ship_as_much_in_the_way_hits_that_ship(mobile_bay_pages):
    """Replay 16, moment 2 (p2): smoke and a ship in the way both gave −2, and "a miss the smoke alone made hits
    nothing" left open which made it (Fort Morgan's rifle at Brooklyn through Manhattan). The bases', as the player ruled:
    the ship is there to be hit."""
    # sotw35 (stray_hits.smoke_counts) weighs the miss at the smoke's −2, so bases that hide only as much make none
    assert ("2. Bases hiding her (at a fort: hiding the firer) as much or more: theirs instead, never both. 3. Only bases worse than the smoke's −2 "
            "make a stray: a miss that would hit at −2 hits the vessel in the way.") in mobile_bay_pages[1]


def test_what_is_left_of_the_hit_that_empties_a_turret_goes_on_the_hull(mobile_bay_text):
    """Replay 16, moment 3 (p22): a knockout hit did more than the turret's last boxes; where did the rest go? On the
    Hull, as the text's wheel rule puts a wheel's (the player's ruling)."""
    assert "Turret at 0 TDP knocked out, guns silent; the rest of the hit emptying it, later hits as rolled, Gun Port too: Hull hits, Hull armour" in mobile_bay_text


def test_a_gun_bearing_on_the_firer_is_one_in_arc_whatever_its_range(mobile_bay_text):
    """Replay 16, moment 5 (pp21-22): Gun hit and Port Jammed pick "a random gun bearing on the firer": did a howitzer
    in arc but out of range count? It does (the text: the ports exposed to the firer), as the player counted."""
    assert "a random gun bearing on the firer (her arc holds the firer, in range or not, a lashed partner's side too)" in mobile_bay_text


def test_the_squadron_waiting_on_turn_1_may_fire(mobile_bay_pages):
    """Replay 16, moment 4 (p2): the turn-1 binding has the Confederates "wait" at 0 kn: may they fire? They may (they
    raked the head of the Union column as it came up, on the day); only their orders are bound."""
    assert "Tennessee and gunboats wait inside the torpedo line (0 kn); both sides may fire." in mobile_bay_pages[1]


def test_table_16_says_a_natural_10_always_goes_through(mobile_bay_text):
    """Replay 16, defect (balance): Winnebago's 11-inch at Fort Morgan's walls at Long range needs 10 or less to be
    deflected, and the player read it as a wasted roll. The text's natural rolls: a 1 always deflects, a 10 never (its
    Monitor example rolls a 10 against a 10 and goes through)."""
    assert ("Whatever the number after the range: a 1 on the d10 always deflects, a 10 always goes through."
            in mobile_bay_text)


def test_a_shell_bursting_on_a_fort_drives_its_gunners_off_and_a_house_rule_plays_without(mobile_bay_pages,
                                                                                         mobile_bay_text, library, tmp_path):
    """Replay 16, balance: the sloops' 9-inch and 32-pdr shells could do nothing to Fort Morgan's walls (Table 16 "-"),
    where on the day the passing broadsides drove the fort's gunners from their barbette guns for spells. Ours: a shell
    bursting on a fort, pierced or not, puts its guns at -1 next turn, with a box to tick; a house rule plays without."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_boxes
    forts = [p for p in mobile_bay_pages if "Fire log" in p]
    assert forts and all("Silenced (SDP 0) Driven off (−1 to hit) *" in p for p in forts)
    assert ("Gunners driven off a shell from M or nearer bursting on a fort (deflected too): all its guns "
            "-1 to hit next turn, once; it still smokes (-2 too)") in mobile_bay_text
    assert ("a shell *: nothing (cottonclad: a detonation roll, fire test marker); a fort: none either; "
            "detonation d10: burst from M or nearer, Gunners driven off") in mobile_bay_text
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  gunners_driven_off:\n    rows: {play: false}\n")
    ctx = RS.context(library, house)
    assert "Driven off" not in " ".join(fort_boxes(ctx).texts())
    assert "Gunners driven off, if it bursts" not in reference_text(library, "mobile-bay-1864", house)
    house.write_text("smoke-on-the-water:\n  gunners_driven_off:\n    rows: {play: sometimes}\n")
    with pytest.raises(ShipyardError, match=r"house.yaml:3: smoke-on-the-water.gunners_driven_off.rows.play: expected a yes/no"):
        fort_boxes(RS.context(library, house))


def test_a_forts_shot_at_rules_lead_each_part_with_a_bold_key(library):
    """Replay 16, defect (p15, the second time): the forts' "Shot at" paragraph is small and dense; the room allows no
    larger type (Letter, replay 15), so its parts each start at a bold key: sotw33, a line each, numbered (how it is
    hit), then Fires; On fire and Driven off stand by their boxes, under Table 17 (fort_box_rules)."""
    from shipyard.render.text_blocks import Legend
    from shipyard.rules.smoke_on_the_water.sheet import fort_box_rules, fort_rules
    block = fort_rules(RS.context(library), compact=True, unit=library.units["fort-morgan"])
    assert all(isinstance(b, Legend) and len(b.items) == 1 for b in block.children)
    assert [b.items[0][0] for b in block.children] == ["1.", "2.", "3.", "4.", "Fires:"]
    assert [b.items[0][0] for b in fort_box_rules(RS.context(library), compact=True).children] == ["On fire:", "Driven off:"]


def test_a_deflected_gun_hit_on_a_turret_gun_says_its_track(mobile_bay_text):
    """Replay 17, moment 1 (p21): the Deflected line puts the figure after the slash on "a turret's TDP", the Gun hit
    line "on the Hull, a turret gun's too": which for a deflected hit on Tecumseh's gun? The Gun hit line says both:
    pierced on the Hull, deflected on the armour that stopped it, the turret's TDP."""
    assert "on the Hull. Deflected: no gun lost, as the Deflected rule (a turret gun's: its TDP)" in mobile_bay_text
    assert "after the slash (Table 17: Heavy at S, 6/1, does 1) on the deflecting armour's track" in mobile_bay_text
    assert "a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text  # sotw33: Turret guns


def test_a_lashed_consorts_sheet_says_the_pairs_order_goes_in_her_partners_log(mobile_bay_pages, library):
    """Replay 17, moment 2 (pp19-22, the sheets): which sheet's orders log takes a lashed pair's one order? The
    player wrote it on the larger ship and "lashed" on the consort; her sheet now says so, over her log."""
    scenario = library.scenarios["mobile-bay-1864"]
    pairs = [(su.id, su.lashed_to) for side in scenario.sides for su in side.units if su.lashed_to]
    assert len(pairs) == 7
    for consort, partner in pairs:
        name, big = library.units[consort].name, library.units[partner].name.removeprefix("USS ")
        assert (f"Lashed to {big}: one order for the pair, in {big}'s log; cast off (CO), hers there too, after a /"
                in _sheet_page(mobile_bay_pages, name)), name  # sotw35: she has no log of her own
    sheets = " ".join(p for p in mobile_bay_pages if "Manoeuvre" in p)
    assert sheets.count("Lashed to ") == 7  # the consorts' only: the larger's log is the pair's


def test_table_16s_range_modifier_says_it_shifts_the_number_not_the_die(mobile_bay_text):
    """Replay 17, defect (p21): "deflect on this or less ... range PB -2" did not say whether the modifier changes
    the target number or the die (the player changed the number, as the natural-rolls line reads)."""
    assert ("The range modifier shifts the number in the table, not the die. Whatever the number after the range: a 1 "
            "on the d10 always deflects") in mobile_bay_text


def test_the_fire_and_machinery_criticals_act_only_if_they_penetrate(mobile_bay_text):
    """Replay 17, defect (p21): Table 15's Fire row lacked the "if it penetrates" of the Pilot House, Flooding and
    Rudder rows (the Deflected rule: a critical that does not get through does its damage, nothing more); Machinery
    too, which tests the hull the same way."""
    assert "3 Fire hull if it penetrates: fire test marker (a burst shell leaves its own too: two); hull damage as a hull hit" in mobile_bay_text
    assert "3 Machinery machinery if it penetrates: strike a machinery box (max speed -1 level)" in mobile_bay_text


def test_fort_morgans_fire_log_gives_each_face_its_column_where_the_page_has_room(mobile_bay_pages):
    """Replay 17, defect (p15): 20 channel guns, at most 5 a ship, and the bay front's 8: the player kept each face's
    targets and guns in his head. Fort Morgan's A4 log has a column a face (three parts, a row more: the page has the
    room); the water battery, one face, keeps its one column; Letter, with no row to spare, keeps the one column."""
    from shipyard.render import PAPERS
    from shipyard.rules.smoke_on_the_water.sheet import orders_log

    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "Fire log · each face: ships, gun boxes, for a misfire's random gun" in page
    assert page.count("Turn Channel fronts Bay front") == 3
    for paper in ("a4", "letter"):
        log = orders_log(True, 12, True, [("channel fronts", 20), ("bay front", 8)])
        part_w, parts = log.tables(PAPERS[paper].printable.w)
        _, widths, _, heights = parts[0].layout(part_w)
        # play 43, moment 11: the channel fronts (20 guns) the wider, the bay front (8) still a third
        assert heights[0] == 1 and widths[1] >= 34.0 and widths[2] >= 15.0, (paper, widths)


def test_an_embrasure_critical_says_which_figure_a_hit_the_walls_deflect_does(mobile_bay_pages):
    """Replay 18, moment 1 (p15, p22): "+ the hit's SDP" (deflected: after the slash) against "an embrasure tests no
    armour": which figure does an embrasure critical on a hit the walls deflect do? Replay 18 read the full one (as a
    Gun Port's); sotw31 (Fort Morgan silenced in the passage) reads the walls' figure, the gun lost either way: the
    sheet says which in words."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert ("the hit's SDP and a d6 3. d6 1-3 embrasure: a random gun bearing on the firer destroyed, pierced or "
            "deflected alike") in page


def test_a_pilot_house_hit_on_either_ship_of_a_lashed_pair_holds_both(mobile_bay_text):
    """Replay 18, moment 2 (p21 Table 15 against p22 Lashed pairs): one ship of a pair takes a Pilot House hit; is the
    whole pair frozen? Yes (ours): the pair steers on one order."""
    assert ("rolls Table 6; a Pilot House or Rudder hit on either steers both: both hold speed and course next turn, "
            "or turn only as the hit one may") in mobile_bay_text


def test_the_turn_1_binding_holds_the_union_lines_heading_as_well_as_its_speed(mobile_bay_pages):
    """Replay 18, point 1 (p2): "the Union line steams in at 4 kn" did not say whether the heading binds too (the
    player went straight ahead). It does, within the line it had on Letter."""
    assert "Binding: the Union line holds its heading at 4 kn, every ship, the monitors too" in mobile_bay_pages[1]


def test_table_15s_flooding_plus_one_is_the_firing_guns_super_heavy_size(mobile_bay_text):
    """Replay 18, point 2 (p21): "+1 super heavy" did not say whose: the firer's gun or the target's armour. The gun's
    (Table 12's size word), in the row's one line."""
    assert "holed, 1d3 flooding points (+1 by a super-heavy gun), each lost again as an FP every repair phase, the first this turn (the text; see Flooding), hull damage" in mobile_bay_text


def test_the_driven_off_box_says_it_holds_for_the_next_turn_only(mobile_bay_pages, bundled_packs):
    """Replay 18, point 3 (p15, p22): "Driven off (-1)" never said when to clear the box (the player cleared it after
    the next turn's fire). The box says it, on A4 and Letter, with no row added to the fort's boxes."""
    letter = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]
    for pages in (mobile_bay_pages, letter):
        forts = " ".join(p for p in pages if "Fire log" in p)
        assert forts.count("Driven off (−1 to hit) *") == 2  # Fort Morgan and her water battery


def test_a_knocked_out_turret_has_a_box_and_its_hits_are_hull_hits(mobile_bay_pages, mobile_bay_text):
    """Replay 19, moment 1 (p4, p22) and defect e: a Gun hit on Tecumseh, her turret at 0 TDP: does the dead turret's
    armour still count? No: once knocked out (a box of its own, not an empty track to infer it from), a hit on the
    turret or on one of its guns is a Hull hit, the hull's armour and track."""
    assert "Turret main out: Turret, Gun, Port = Hull hits" in _sheet_page(mobile_bay_pages, "USS Tecumseh")
    winnebago = _sheet_page(mobile_bay_pages, "USS Winnebago")
    assert "Turret fore out: Turret, Gun, Port = Hull hits" in winnebago
    assert "Turret aft out: Turret, Gun, Port = Hull hits" in winnebago
    assert "else the hull; on U every hit, shot or shell, penetrates; a knocked-out turret's gun: a Hull hit) disables a random gun" in mobile_bay_text


def test_a_random_gun_among_more_than_ten_has_its_dice_on_the_sheet():
    """Replay 19, moment 2 (p15, p21): "a random gun ... by its number" among Fort Morgan's 20 channel guns, and the
    pack's dice are d10s and d6s (the player threw a d20). Up to 20 the one method's d6 for the ten does (play 28: the
    same words everywhere); past 20 the sheet adds the d6 by thirds, or by tens."""
    from shipyard.rules.smoke_on_the_water.sheet import random_gun
    pick = "a d10 counted round them"
    assert random_gun(2, pick) == random_gun(10, pick) == random_gun(20, pick) == pick
    assert random_gun(30, pick) == "a d10 counted round them; over 20: +10 on d6 3–4, +20 on 5–6 instead"
    assert random_gun(50, pick) == "a d10 counted round them; over 20: +10 × (d6 − 1) instead"  # Fort Jackson


def test_a_random_gun_says_its_dice_once_and_fort_morgan_where_it_has_twenty(mobile_bay_pages, mobile_bay_text):
    """Replay 19, moment 2: the rule on the quick reference (Table 11's note, where the player looked) and the dice
    for more than ten on Fort Morgan's sheet (20 on her channel fronts): play 28 made them one set of words."""
    assert ("A random gun: of those it may be, a d10 counted round them in box order, lost "
            "ones too (over 10 guns: +10 on d6 4–6); on a lost one, the next up not lost (a 3 is the third, not box 3; "
            "past the last, on from the first: 7 +10 of 15 is the 2nd); to jam, a jammed gun counts as "
            "lost (to destroy, not); only one it may be: no die." in mobile_bay_text)
    fort = flat(next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p))
    assert "random gun bearing a d10 counted round them in box order, lost ones too (over 10 guns: +10 on d6 4–6)" in fort


def test_table_10_says_once_for_every_table_that_modifiers_move_the_number_not_the_die(mobile_bay_text):
    """Replay 19, defect a (p21): Table 10 did not say its modifiers move the number needed rather than the die (only
    Table 16 said so for itself). The convention is every "or less" table's: said once, on Table 10's heading."""
    assert ("Table 10 · to hit: 5 or less on a d10, each gun its own (1 always hits, even needing under 1; 10 misfires; a turret's guns at one target *); in every table, "
            "modifiers move the number needed, never the die") in mobile_bay_text


def _arc_template_page(pages: list[str]) -> str:
    return next(p for p in pages if p.startswith("Fire-arc template"))


def test_the_arc_template_names_its_arcs_as_the_sheets_do(mobile_bay_pages):
    """Replay 19, defect c (p18 against p12): the template's "restricted pivot (casemate ironclad): bow 270–90°" read
    as Tennessee's bow gun's arc, where her sheet gives "bow port(s) 315–45°". Her bow and stern guns fire through the
    casemate's end ports (gunports); only a pivot inside a casemate is the restricted pivot: each line now says the
    words of her sheet's Arc column."""
    page = _arc_template_page(mobile_bay_pages)
    assert ('gunport at the end (her sheet: "bow port(s)", "stern port(s)"): bow 315–45°, stern 135–225°') in page
    assert ('pivot inside the casemate of a casemate ironclad (her sheet: "restricted pivot"): bow 270–90°, stern '
            '90–270°') in page
    assert "HR 7-inch Brooke rifle bow port(s) 315–45°" in _sheet_page(mobile_bay_pages, "CSS Tennessee")


def test_a_bearing_on_an_arc_edge_is_in_the_arc_it_begins(mobile_bay_pages):
    """Replay 19, defect f: is a bearing exactly on an arc's edge inside? One line on the template, as the tool counts
    it (derive.bears: from its first bearing, clockwise, up to its last), which keeps Virginia's worked example: one
    pivot rifle bears on each beam, not both."""
    from shipyard.rules.smoke_on_the_water.derive import bears
    assert ("an arc runs clockwise from its first bearing: a bearing exactly on its first edge is in it, on its last "
            "edge out") in _arc_template_page(mobile_bay_pages)
    assert bears([[225, 315]], 225) and not bears([[225, 315]], 315) and bears([[315, 405]], 315)
    assert bears([[90, 270]], 90) and not bears([[270, 450]], 90)  # restricted pivots on the starboard beam


def test_an_odd_broadside_says_which_side_has_the_odd_gun_and_that_it_is_ours(mobile_bay_pages):
    """Replay 19, defect d (p14): Gaines 2 guns to port and 3 to starboard: meant? Her record gives five 32-pounders
    in broadside and not which side had the odd one; the tool puts it to starboard, and her sheet now says so."""
    gaines = _sheet_page(mobile_bay_pages, "CSS Gaines")
    gaines = gaines[gaines.index("CSS Gaines "):]
    assert "3 LSB 32-pounder of 42 cwt starboard 45–135° (odd gun, ours)" in gaines
    assert "2 LSB 32-pounder of 42 cwt port 225–315° 0–10" in gaines
    morgan = _sheet_page(mobile_bay_pages, "CSS Morgan")
    assert "odd gun" not in morgan[morgan.index("CSS Morgan "):morgan.index("CSS Gaines ")]  # 2 and 2


def test_a_fire_a_marker_sends_out_of_control_burns_so_in_that_phase(mobile_bay_text):
    """Replay 20, moment 1 (p21): a marker on a ship burning since an earlier turn sends her fire out of control in
    phase 6: does that fire roll this phase as on fire or out of control? Markers come first, so as out of control;
    a fire its own 10 sends out of control has had its roll, and burns so from the next phase."""
    assert ("magazine explodes on 10 (Table 15 special 6); one a marker made burns this phase as that alone (no on-fire "
            "burn too)") in mobile_bay_text


def test_several_shells_bursting_on_a_fort_drive_its_gunners_off_once(mobile_bay_text):
    """Replay 20, moment 2 (p15, p22): three shells burst on Fort Morgan in one turn: -1 each, or -1 once? Once (the
    fort's one box): the gunners are under cover or not."""
    assert ("Gunners driven off a shell from M or nearer bursting on a fort (deflected too): all its guns "
            "-1 to hit next turn, once; it still smokes (-2 too) gunners_driven_off") in mobile_bay_text


def test_a_forts_cap_at_one_ship_counts_each_of_a_lashed_pair(mobile_bay_pages):
    """Replay 20, moment 3 (p15): "at any one ship at most 5": is Brooklyn with Octorara one ship or two? Two: each
    hull of a pair is shot at as herself (Lashed pairs), so each draws her own share of a face's guns."""
    forts = [p for p in mobile_bay_pages if "Fire log" in p]
    assert len(forts) == 1 and forts[0].count("at any one ship (a lashed pair is two) at most") == 2


def test_the_shell_rule_names_its_armour_grades_as_table_16_does(mobile_bay_text):
    """Replay 20, moment 4 (p22): "on U or C armour": Table 16 and the sheets print no grade C (Mobile Bay has no
    cottonclad, so its column is not printed), and the player had to guess it. The rule says the grades' names."""
    assert "Shell on U (Unarmoured) or Cottonclad, or penetrating: the firer's d10 for detonation" in mobile_bay_text
    assert "U or C armour" not in mobile_bay_text


def test_target_aspect_says_a_line_through_a_base_corner_is_broadside(mobile_bay_text):
    """Replay 20, moment 5 (p22): the line from the gun passes exactly through a corner of the target's base: bow or
    broadside? Broadside (ours): the end aspect is the short end only, a raking line that met her end-on."""
    assert "bow or stern: the short end only (a corner: broadside)" in mobile_bay_text


def test_the_turn_1_binding_says_the_union_line_may_fire_too(mobile_bay_pages, bundled_packs):
    """Replay 20, moment 6 (p2): the binding said the Confederates "may fire" and nothing of the Union line, which
    fired as it came up on the day. It says both sides, on its three lines, A4 and Letter."""
    letter = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]
    for pages in (mobile_bay_pages, letter):
        assert "(0 kn); both sides may fire. Orders free from turn 2" in pages[1]


def test_a_forts_driven_off_box_says_when_to_tick_and_clear_it(mobile_bay_pages, library, tmp_path):
    """Replay 20, defect a (p15): the one Driven off box holds a state that comes back turn after turn, and the
    sheet did not say when to clear it. Its Shot at rules say: tick for a burst, erase after the next turn's
    gunnery (the box's label has no room to widen). A house rule that plays without it prints neither."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_box_rules
    forts = " ".join(p for p in mobile_bay_pages if "Fire log" in p)
    assert forts.count("Driven off: burst within M: tick, to hit −1 next turn only, erase") == 2
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  gunners_driven_off:\n    rows: {play: false}\n")
    block = fort_box_rules(RS.context(library, house), compact=True)
    assert "Driven off:" not in [b.items[0][0] for b in block.children]


def test_the_fire_markers_spare_cells_hold_markers_for_the_states_the_sheets_mark(mobile_bay_pages, library):
    """Replay 20, defect b (p19-20): no marker for a jammed gun, an abandoned ship or a fort's gunners driven off.
    Where the fire markers' last row has cells to spare they hold square ones (one Driven off a fort), with no
    fewer fire test discs than the fleet wants and no row or page more."""
    from shipyard.rules.smoke_on_the_water import counters as C
    page = _counter_pages(mobile_bay_pages)
    assert page.count("Driven off Fort Morgan to hit −1 next turn") == page.count("Driven off water battery to hit −1 next turn") == 1
    assert "Jammed gun or port: no fire" in page and "Abandoned or struck: no fire" in page
    assert page.count("Fire test") == 8  # one for every three of the 24 units in play (Gaines, Powell are off it)
    assert C.state_markers(RS.context(library), [], 0) == []


def test_a_burst_guns_damage_tests_no_armour_and_a_turret_guns_goes_on_the_hull(mobile_bay_text):
    """Replay 21, moment 1: Table 11's "1d6 Hull damage" for a burst: does armour count, and does a turret gun's
    burst go on the turret's track?"""
    assert "Bursts: X; the firer takes 1d6 HDP, no armour test (a fort SDP)" in mobile_bay_text
    assert "Gun hit (pierced), burst, any hit once it is out (0 TDP), Gun Port too, testing the Hull's armour: the Hull (HDP)" in mobile_bay_text  # sotw33: Turret guns


def test_a_forts_guns_beyond_its_cap_may_fire_as_table_1_says_none_must(mobile_bay_pages):
    """Replay 21, defect a (p15): "the rest at others in range, else idle" read as if the fort's other guns must
    fire, where Table 1 says none must."""
    page = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "the rest may fire at others in range" in page and "else idle" not in page


def test_an_embrasure_critical_from_a_dud_shell_does_the_duds_figure(library, tmp_path):
    """Replay 21, moment 2 (p15): "the hit's SDP in full" from a dud shell: the burst figure or the dud's? The dud's
    (after Table 17's slash): the embrasure lets it through as if it pierced, and a shell that pierced and did not
    burst does the figure after the slash. Since sotw31 that reading is the house rule {embrasure_sdp: pierced}, and
    its sheet still says it."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_rules

    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows: {embrasure_sdp: pierced}\n")
    words = flat(" ".join(fort_rules(RS.context(library, house)).texts()))
    assert "the hit's SDP as if pierced (a dud shell: after the slash)" in words


def test_the_obscured_bands_do_not_overlap_at_a_half(mobile_bay_pages, mobile_bay_text):
    """Replay 21, moment 3 (pp4-15, Table 10): "1/4 to 1/2 -1" and "1/2 to 3/4 -2" both held exactly a half. Each
    band holds its top, as the text's "over 3/4" leaves 3/4 itself to the band below: a half is -1."""
    assert "obscured 1/4 to 1/2 -1, over 1/2 to 3/4 -2, over 3/4 -4" in mobile_bay_text
    assert "obscured 1/4 to 1/2 −1 over 1/2 to 3/4 −2 over 3/4 −4" in _sheet_page(mobile_bay_pages, "USS Hartford")
    assert " 1/2 to 3/4 -2" not in mobile_bay_text.replace("over 1/2 to 3/4", "")


def test_flooding_sinks_her_at_the_repair_phase_not_when_it_is_taken(mobile_bay_text):
    """Replay 21, defect b (p22): are FP lost at the repair phase, or does she sink as soon as flooding reaches her FP
    left? At the repair phase, as the text's FP loss is: until then she fights on."""
    assert "every repair phase, from this turn's, she loses an FP for each (3 points: FP 15, 12, 9, 6, 3, 0: sunk)" in mobile_bay_text
    assert "once they reach her FP left" not in mobile_bay_text


def test_the_speed_counters_spare_cells_hold_more_jammed_markers(mobile_bay_pages, bundled_packs):
    """Replay 21, defect c (p20): two Jammed markers, and both were wanted in turn 3. The speed counters' last row's
    spare cells hold more, two Jammed to each Abandoned, A4 and Letter, with no page more."""
    for pages in (mobile_bay_pages,
                  pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)):
        page = next(flat(p) for p in pages if "burning" in p and "Driven off" in p)  # the fire markers' page
        assert page.count("Jammed gun or port: no fire") >= 6, page.count("Jammed gun or port: no fire")
        assert page.count(" to hit −1 next turn") == 2 and "Driven off water battery" in page


def test_the_set_up_says_plainly_that_moves_and_ranges_are_not_shrunk(mobile_bay_pages):
    """Replay 21, defect d (p2): "the ground is drawn smaller: moves and ranges are the rules' own cm" was the
    set-up page's least intuitive line."""
    assert "the map is shrunk, not the rules: move and measure in the cm the sheets print" in mobile_bay_pages[1]
    assert "the rules' own cm" not in mobile_bay_pages[1]


# ---------------------------------------------------------------------------------------------- replay 22
def test_a_port_jammed_hit_jams_deflected_or_not_and_says_where_a_turret_guns_damage_goes(mobile_bay_text):
    """Replay 22, moment 1 and defect a (pp21-22): a Gun hit put a turret gun's damage on the Hull, a Gun Port on the
    turret, and Port Jammed said nothing; nor whether a deflected Port Jammed still jams (Deflected: "a critical
    nothing more"). The row says both: it jams pierced or deflected (a shutter jams without a breach), and a turret
    gun's damage goes on its TDP, as a Gun Port's, the Gun hit's on the Hull."""
    assert ("Port Jammed casemate/turret/hull jams a random unjammed gun bearing on the firer (pivots, howitzers too; none: no jam) till repaired, pierced or "
            "deflected alike; armour, damage where it sits (turret: TDP; else a hull hit) *") in mobile_bay_text  # play 33, moment 3
    assert "Gun hit (pierced), burst, any hit once it is out (0 TDP), Gun Port too, testing the Hull's armour: the Hull (HDP); a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text


def test_a_random_gun_that_falls_on_a_lost_one_takes_the_next_up(mobile_bay_pages, mobile_bay_text):
    """Replay 22, defect b (p15): an embrasure critical on Fort Morgan: may a gun already destroyed be picked again?
    No: a lost gun is no longer there to be struck, so the next gun up not lost is the one (play 28: no second throw)."""
    fort = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert "on a lost one, the next up not lost" in flat(fort) and "on a lost one, the next up not lost" in mobile_bay_text


def test_a_hit_on_the_vessel_in_the_way_is_not_rolled_again(mobile_bay_text):
    """Replay 22, defect c (p22): "at the range and aspect to her": roll to hit again with her numbers, or take the hit
    as it fell? As it fell (the text's Nahant takes the 6 that missed Atlanta); her range and aspect pick only its
    location, armour and damage."""
    assert "the hit as it fell, shell and all, her own range and aspect;" in mobile_bay_text  # sotw36, play 32 (p22): in fewer words


def test_a_random_gun_of_two_or_three_is_never_thrown_again(mobile_bay_pages):
    """Replay 22, defect e: a d10 thrown again over 2 to pick one of Tecumseh's two guns is slow. The d10 counted round
    her two (odd the first, even the second) is never thrown again (play 28 dropped the d6 by halves for one method)."""
    tecumseh = flat(_sheet_page(mobile_bay_pages, "USS Tecumseh"))
    assert "random gun bearing a d10 counted round them" in tecumseh and "d6 1–3 / 4–6" not in tecumseh


def test_the_fire_arc_template_says_where_each_guns_mark_is_on_the_base(mobile_bay_text):
    """Replay 23, moment 1: "put the centre on the gun's mark", and no page said where a pivot's or turret's mark is."""
    assert "a gun's mark *: a side gun's, the side mark of her position (forward ¼, midships ½, aft ¾)" in mobile_bay_text
    assert "a pivot's or a turret's, on the centre line level with that mark (a turret's centre" in mobile_bay_text


def test_a_fort_critical_on_a_deflected_hit_says_it_does_its_sdp_and_nothing_more(mobile_bay_pages):
    """Replay 23, moment 2: "walls pierced only: 4-5 fire ..." still left open what a 4-6 does when the walls
    deflect the hit; the player guessed nothing more. The sheet says it at the roll."""
    page = flat(next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p))
    assert "d6 4-6 only if the walls were pierced (deflected: shot after the slash, shell none, nothing more): 4-5 fire" in page


def test_the_roster_marks_a_part_armoured_hull_as_her_sheet_does(mobile_bay_pages):
    """Replay 23, defect a: the roster read Morgan's and Gaines' armour "L/–/–/U" where their sheets say "Hull L
    (part)"; one fact, said the same way in both places."""
    roster = next(p for p in mobile_bay_pages if "Speed: top speed ahead/astern" in p)
    assert "CSS Morgan F/M Good Medium 111×39 Shallow C/E Lp/–/–/U" in roster
    assert "CSS Gaines F/M Good Medium 111×39 Shallow C/E Lp/–/–/U" in roster
    assert "Armour: p part-armoured (her sheet's \"(part)\")" in roster


def test_the_flooding_line_says_what_flooding_past_the_last_box_means(mobile_bay_pages):
    """Replay 23, defect b: a flooding track has a box a FP, and a torpedo's 2d6 can pass it: the sheet says she sinks
    at the repair phase."""
    sheet = _sheet_page(mobile_bay_pages, "USS Winnebago")
    assert "each repair: FP −flooding (FP 0: sinks)" in sheet


# ---------------------------------------------------------------------------------------------- replay 24
def _letter_pages(bundled_packs) -> list[str]:
    return [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]


def test_a_monitors_sheet_says_where_each_turrets_mark_is(mobile_bay_pages, mobile_bay_text):
    """Replay 24, moment 1 (pp4-5, p18): the fire-arc template puts a turret's mark "on the centre line level with
    that mark (a turret's centre)", and no sheet said where her turret stands. Her arc says it, from the turret's
    recorded position: Tecumseh's at ½, Winnebago's fore at ¼ and aft at ¾."""
    assert "turret at ½ all round" in _sheet_page(mobile_bay_pages, "USS Tecumseh")
    winnebago = _sheet_page(mobile_bay_pages, "USS Winnebago")
    assert "fore turret at ¼ 195–165°" in winnebago and "aft turret at ¾ 15–345°" in winnebago
    assert "(a turret's centre: her sheet's arc, \"turret at ½\")" in mobile_bay_text


def test_each_10_thrown_together_misfires_a_gun_of_its_own(mobile_bay_text):
    """Replay 24, moment 2 (p21, Table 11): "of dice thrown together, a 10 misfires one" read as one misfire a batch.
    The text's Virginia: three MSBs thrown together, a 10 among them, one MSB jams, picked at random: each 10 is one
    gun's misfire, which gun of the batch at random."""
    assert "Each 10 misfires one gun, a random one of the batch (her guns thrown together at one target;" in mobile_bay_text
    assert "a 10 misfires one." not in mobile_bay_text


def test_a_random_gun_is_one_throw(mobile_bay_text, mobile_bay_pages):
    """Replay 24, moment 3 (p21): Brooklyn's Gun hit, four guns bearing and one burst: the d10 came up the lost gun
    four times and the pack set no end to it. Play 28: counted round, then the next up not lost: one throw, always."""
    assert "again once" not in mobile_bay_text and "or one lost" not in mobile_bay_text
    brooklyn = flat(_sheet_page(mobile_bay_pages, "USS Brooklyn"))
    assert "random gun bearing a d10 counted round them in box order, lost ones too" in brooklyn


def test_a_port_jammed_hit_jams_whether_the_armour_stops_it_or_not(mobile_bay_text):
    """Replay 24, moment 4 (p21, Table 15): "cannot fire until repaired, pierced or deflected" read as a jam only if
    the armour is pierced. It jams either way; the deflection test only sets the damage."""
    assert "jams a random unjammed gun bearing on the firer (pivots, howitzers too; none: no jam) till repaired, pierced or deflected alike" in mobile_bay_text
    assert "cannot fire until repaired, pierced or deflected" not in mobile_bay_text


def test_powder_smoke_holds_for_a_forts_fire_and_fire_at_a_fort(mobile_bay_pages, bundled_packs):
    """Replay 24, moment 5 (p2, p22): the smoke rule says "fire at Medium range or longer", the Obscured rule has a
    fort's own reading: does the smoke count at a fort, or from one? Both, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once (½–¾ obscured).") in pages[1]


def test_an_abandoned_ship_drifts_only_once_she_has_stopped(mobile_bay_pages, bundled_packs):
    """Replay 24, moment 6 (p2): "a ship Immobile or drifting": is an abandoned ship still making way "drifting"?
    No: she runs on straight ahead, a level slower each turn, and drifts once Immobile."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "a ship Immobile (abandoned too, once stopped) moves 5 cm north" in pages[1]
        assert "Immobile or drifting" not in pages[1]


def test_a_consort_whose_partner_is_out_fires_to_that_side_but_not_across_her(mobile_bay_text):
    """Replay 24, moment 7 (p22): Octorara, carried with the abandoned Brooklyn: may she fire to Brooklyn's side? The
    ban lifts once the partner is out; the partner's base still blocks any line across it (the text's line of fire)."""
    row = _readings_row(mobile_bay_text, "Lashed pairs")
    assert "no gun, pivots too, fires to the partner's side of her keel line (dead ahead or astern, ±5°, is free) " \
           "till he is cast off (from her CO turn's gunnery) or sunk (abandoned but lashed still blocks), then any line not across his base" in row


def test_a_magazine_explosion_says_who_counts_lashed_when_a_magazine_is_flooded_and_that_a_consort_explodes(
        mobile_bay_text):
    """Replay 24, moments 8, 9 and 11 (p21, Table 15 special 6): a consort casting off this turn, still carried with
    her, counts as lashed; "her magazine flooded already" had no meaning in the pack (ours: half her FP gone); and a
    consort that blows up has her own magazine explode, with its markers within 10 cm of her."""
    assert ("one locked or lashed to her (casting off too), besides: her magazine too on d6 5-6, else 2d6 HDP, 1d6 "
            "flooding points") in mobile_bay_text
    assert "she sinks (her magazine flooded, half her FP gone: a Fire hit;" in mobile_bay_text  # hers (play 42)


def test_the_markers_a_magazine_places_in_the_fire_step_are_rolled_at_once(mobile_bay_text):
    """Replay 24, moment 10 (p22): a magazine explosion in phase 6's fires step places fire test markers on ships
    within 10 cm, after the markers have been rolled: now or next turn? At once, after the fires."""
    assert "a magazine's: rolled at once, after the fires" in mobile_bay_text


def test_a_lashed_pair_turns_with_the_hull_inside_the_turn_on_the_templates_edge(mobile_bay_text):
    """Replay 24, moment 12 (p22): "the poorer template, laid along the hull inside the turn": which ship's centre
    runs it, and how far from it? Neither centre: the hull inside the turn runs its edge as one ship's would, the
    other alongside."""
    row = _readings_row(mobile_bay_text, "Lashed pairs")
    assert "on the poorer template (the inner hull runs its edge, the other at her offset)" in row
    assert "laid along the hull" not in row


def test_a_howitzers_band_past_dir_is_said_to_be_indirect_on_her_sheet(mobile_bay_pages, mobile_bay_text):
    """Replay 24, moment 13 (sheets, p22): "dir 0–25, S 25–35" read as direct fire at Short out to 35 cm. The sheet
    of every ship with a howitzer says past dir is indirect, and the Howitzer direct rule names her S band."""
    for name in ("USS Brooklyn", "USS Octorara", "USS Hartford"):
        assert "dir past it: indirect" in _sheet_page(mobile_bay_pages, name), name
    assert "dir past it" not in _sheet_page(mobile_bay_pages, "USS Tecumseh")  # no howitzer
    assert "beyond it (her S band on), indirect: no Table 10 roll, Table 13" in mobile_bay_text


def test_holding_under_steam_is_immobile_to_a_gunner(mobile_bay_text):
    """Replay 24, moment 14 (p2, p22): is a ship holding under steam at 0 kn "Immobile" for Table 10's +1? Yes: HS is
    speed I (no drift), and she is a target Immobile."""
    assert "HS hold under steam (I, no drift: a target Immobile, +1, her own fire no firer modifier)" in mobile_bay_text


def test_table_13s_d5_says_how_to_throw_it_with_a_d10(mobile_bay_text):
    """Replay 24, defect 6 (p18): "S 1d5" and clubs own no d5: a d10 halved, rounded up, as the text's d3."""
    assert "1d5: a d10 halved, rounded up" in mobile_bay_text

# ---- sotw31: Fort Morgan's staying power against history (the fresh replays: 48 SDP to 1 in three turns)


def _fort_tool():
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / "sotw_fort_morgan.py"
    spec = importlib.util.spec_from_file_location("sotw_fort_morgan", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _pierced_house(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows: {embrasure_sdp: pierced}\n")
    return house


def test_an_embrasure_does_its_sdp_as_the_walls_took_it_on_every_fort_sheet_and_the_quick_reference(
        mobile_bay_pages, mobile_bay_text, library, tmp_path):
    """sotw31: an embrasure critical did the hit's SDP as if it pierced, so a shell Fort Morgan's brick deflects did
    its full 10 or 16 one hit in twenty and the fort went from 48 SDP to 1 in three turns of the fresh replays. The
    embrasure now loses its gun and does the hit's SDP as the walls took it, pierced or deflected, on both fort sheets
    (Fort Morgan, the water battery) and the quick reference's Forts as targets row; the first reading is one house
    rule away ({embrasure_sdp: pierced}), and its sheet and row say it."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_rules

    forts = flat(" ".join(p for p in mobile_bay_pages if "Fire log" in p and "Shot at" in p))
    assert "Fort Morgan " in forts and "Fort Morgan water battery " in forts
    assert forts.count("Shot at *:") == 2 and forts.count(
        "the hit's SDP and a d6 3. d6 1-3 embrasure: a random gun bearing on the firer destroyed, pierced or "
        "deflected alike (a deflected shell too: the gun, no SDP) 4. d6 4-6 only if the walls were pierced") == 2
    assert "as if pierced" not in forts
    assert ("Forts as targets size F +2 + Immobile +1 = +3; hits strike the walls; a 10 on the location d10: fort "
            "critical, fire or magazine if pierced") in mobile_bay_text
    house = _pierced_house(tmp_path)
    words = flat(" ".join(fort_rules(RS.context(library, house)).texts()))
    assert ("1-3 embrasure: a random gun bearing on the firer destroyed, the hit's SDP as if pierced (a dud shell: "
            "after the slash)") in words
    assert ("Forts as targets size F +2 + Immobile +1 = +3; hits strike the walls; a 10 on the location d10: fort critical, a fire "
            "or magazine only through the walls, an embrasure as if pierced") in reference_text(library, "mobile-bay-1864", house)


def test_fort_morgan_stands_three_turns_of_the_unions_shell_and_the_house_rule_plays_the_first_reading(library, tmp_path):
    """sotw31: the Union's fire at Fort Morgan, played by the pack's tables (tools/sotw_fort_morgan.py, seeded, 200
    games, shell as on the day): after three turns the fort's median SDP is above three quarters of its 48 and below
    48 (it is hurt), it is silenced by turn 5 in at most one game in ten and it loses some guns; under the house rule
    {embrasure_sdp: pierced} (the first reading) the median after three turns is back at or under two thirds and the
    fort falls by turn 5 in some four games in ten, as the replays found."""
    tool = _fort_tool()
    ours = tool.fort_summary(tool.Game(library, None, "shell"), games=200, seed=31)
    assert 36 < ours[3]["median"] < 48, ours[3]
    assert ours[5]["silenced"] <= 0.10, ours[5]
    assert 0.5 <= ours[3]["guns_lost"] and ours[5]["guns_lost"] < 10, ours
    first = tool.fort_summary(tool.Game(library, _pierced_house(tmp_path), "shell"), games=200, seed=31)
    assert first[3]["median"] <= 32 and first[5]["silenced"] >= 0.3, first


# ---------------------------------------------------------------------------------------------- sotw33


def _forts(library, scenario: str = "mobile-bay-1864") -> list[str]:
    ctx = RS.context(library)
    return [RS.derive(u, ctx).unit_name for _, u in library.scenario_units(library.scenarios[scenario])
            if RS.derive(u, ctx).stats.kind == "fort"]


def test_each_driven_off_marker_names_the_fort_it_belongs_to(bundled_packs, library):
    """sotw33, defect: the two "Driven off" markers on the counters page did not say which fort each was for. Each
    now names its fort (the tail of her name that fits: "water battery"), one marker a fort, no two alike."""
    pages = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)
    page = next(p for p in pages if "\nDriven off\n" in p)
    lines = [ln.strip() for ln in page.splitlines()]
    named = [lines[k + 1] for k, ln in enumerate(lines) if ln == "Driven off"]
    # the forts with a sheet (Fort Gaines and Fort Powell, off the table, have none): their name over "Fort ·"
    sheets = "".join(p for p in pages if "Fire log" in p)
    forts = [f for f in _forts(library) if f"{f}\nFort ·" in sheets]
    assert len(named) == len(forts) == 2
    assert len(set(named)) == len(named)
    for name, fort in zip(named, forts):
        assert fort.endswith(name), (name, fort)


def _fort_pages(pages: list[str]) -> dict[str, str]:
    """Each fort sheet's own text, Fort Morgan's and the water battery's (they share a page: split at the second)."""
    page = flat(next(p for p in pages if "Fort Morgan water battery Fort ·" in flat(p)))
    k = page.index("Fort Morgan water battery Fort ·")
    return {"Fort Morgan": page[:k], "Fort Morgan water battery": page[k:]}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_forts_walls_letter_says_it_is_the_table_16_column_to_read(bundled_packs, paper):
    """sotw33, moment 2: the fort sheet printed "Walls M Medium" and the player had to guess that M is the column to
    read in Table 16 for a hit on the walls. The box's label says so, on each fort's sheet, over its own letter, and
    the roster's legend where its Armour column prints "walls M"."""
    pages = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)
    for fort, letter in (("Fort Morgan", "M Medium"), ("Fort Morgan water battery", "H Heavy")):
        text = _fort_pages(pages)[fort]
        assert "Walls: its Table 16 column" in text, fort
        head = text[text.index("Structure (SDP)"):text.index("Guns ·")]
        assert head.index("Walls: its Table 16 column") < head.index(letter), head
    # the roster prints the letters too ("walls M"): its legend says what they are
    roster = flat(next(p for p in pages if "Speed: top speed ahead/astern" in p))
    assert "walls M" in roster and "a fort's walls letter: its Table 16 column" in roster


def test_a_forts_sheet_says_which_side_of_a_ship_its_shot_strikes(mobile_bay_pages):
    """sotw33, moment 7: which aspect (bow, broadside, stern: her hit-location column and armour) does a fort's shot
    strike? The text's Target aspect, from the fort's mark (it has no guns placed on a base): the side of her base the
    line from the mark to her centre crosses. Both fort sheets say it on their first Shot at line."""
    forts = _fort_pages(mobile_bay_pages)
    for fort, text in forts.items():
        assert ("Shot at *: 1. ranges from and to its mark (its start point); its shot strikes the side of her base the line "
                "from its mark to her centre crosses (Target aspect)") in text, fort


def test_a_forts_shot_at_rules_are_short_numbered_lines_and_the_critical_on_a_deflected_hit_is_plain(
        mobile_bay_pages, library):
    """sotw33, moment 9 and a defect: the fort critical's sentence ("walls pierced (else SDP alone): 4-5 fire ...")
    was hard to read, in a dense paragraph. The Shot at rules are numbered lines, each one line long on the sheet (the
    block list measured at the sheet's width), the critical in three: what it is, the d6 1-3 embrasure, the d6 4-6
    that needs the walls pierced with what a deflected hit does instead."""
    from shipyard.rules.smoke_on_the_water.sheet import fort_rules
    for fort, text in _fort_pages(mobile_bay_pages).items():
        for words in ("2. size F +2 + Immobile +1 = +3; every hit strikes the walls; fort critical: each hit's own "
                      "location d10 (no column to read), a 10 on it (not the to-hit d10): the hit's SDP and a d6",
                      "3. d6 1-3 embrasure: a random gun bearing on the firer destroyed, pierced or deflected alike (a deflected "
                      "shell too: the gun, no SDP)",
                      "4. d6 4-6 only if the walls were pierced (deflected: shot after the slash, shell none, nothing more): 4-5 fire: a fire "
                      "test marker; 6 magazine: 2d6 SDP more and a fire test marker"):
            assert words in text, (fort, words)
        assert "else SDP alone" not in text
    block = fort_rules(RS.context(library), compact=True, unit=library.units["fort-morgan"])
    one = max(b.measure(1000.0) for b in block.children)  # a line's height: no line wraps that wide
    for b in block.children[1:]:
        assert b.measure(190.0) <= one + 1e-6, b.items



def test_where_a_turret_guns_damage_goes_is_one_rule_said_once_from_its_table(mobile_bay_text, library, tmp_path):
    """sotw33, moment 3: p21 (Table 15's Port Jammed: "a turret gun's damage on its TDP") and p22 (Gun hit: "on the
    Hull, a turret gun's too") read as two answers to one question. The quick reference says it once, in a Turret
    guns row built from turret_gun_damage (the text's Gun hit on HDP and Gun Port on the TDP; ours marked *), and no
    other row says where a turret gun's damage goes; a house rule that moves a row reaches the print."""
    assert "Turret guns * its Table 17 damage, by the hit: Gun hit (pierced), burst, any hit once it is out (0 TDP), Gun Port too, testing the Hull's armour: the Hull (HDP); a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text
    assert mobile_bay_text.count("Turret guns *") == 1
    assert "a turret gun's too" not in mobile_bay_text and "a turret gun's damage on its TDP" not in mobile_bay_text
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  turret_gun_damage:\n    rows:\n"
                     "      - {hit: Gun hit (pierced), track: tdp}\n      - {hit: burst, track: hull}\n")
    text = reference_text(library, "mobile-bay-1864", house)
    assert "by the hit: Gun hit (pierced): the turret's TDP; burst: the Hull (HDP)" in text


def test_an_on_fire_marker_says_what_a_fire_that_catches_her_again_does(bundled_packs, library):
    """sotw33, moment 4: can a ship already burning catch fire again, and what does a second fire do? The fire test
    row said it ("a fire from an earlier turn: out of control") but not where fires are marked: every On fire marker
    now says it (fire_test.again: no second fire; hers goes out of control)."""
    pages = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)
    markers = flat(_counter_pages(pages))
    again = RS.context(library).tables.require("fire_test").rows["again"]
    assert again == "caught again: out of control, one burn"
    n = markers.count("On fire burning")
    assert n >= 4 and markers.count(f"On fire burning; {again}") == n



def test_a_shell_detonation_says_whose_sheet_has_the_fuse_and_where_the_burst_is_marked(mobile_bay_text, mobile_bay_pages):
    """sotw33, moment 1: "shell detonates" (the Shell rule: "her sheet's") left open whose sheet records it, the firer's
    or the target's, and where to mark what it does. The Shell rule says the firer rolls by her own sheet's number (it
    goes by her nation: 1-8 Union, 1-7 Confederate, on each firer's gun codes line) and the burst's fire test marker
    goes on the target, in her sheet's Fire tests boxes (every vessel sheet has them)."""
    assert ('Shell on U (Unarmoured) or Cottonclad, or penetrating: the firer\'s d10 for detonation (her own sheet\'s '
            '"shell detonates"). Detonated: the first figure of Table 17\'s Shell column (by gun size, not range) and a '
            "fire test marker on the target (her sheet's Fire tests; none on a Stack hit or a fort: a fort critical's alone)") in mobile_bay_text
    assert "(her sheet's \"shell detonates\")" not in mobile_bay_text
    assert "shell detonates 1–8" in _sheet_page(mobile_bay_pages, "USS Hartford")
    assert "shell detonates 1–7" in _sheet_page(mobile_bay_pages, "CSS Tennessee")
    for name in ("USS Hartford", "CSS Tennessee", "USS Tecumseh"):
        assert "Fire tests" in _sheet_page(mobile_bay_pages, name)


def test_collision_and_grounding_say_size_is_the_sheets_size_and_contact_the_base(mobile_bay_text, mobile_bay_pages):
    """sotw33, moment 6: for a collision or a grounding, is a vessel's size her model's base or her hull's Size? The
    modifiers of Table 6 (struck by) and Table 4 (vessel) read her sheet's Size, by tonnage (Selma is Small with the
    longest base); whether she touches or is over the shoal goes by her base. Both rows say it, and her sheet prints
    the Size the rows read beside her base."""
    assert ("Struck by the bow of a ram-equipped vessel +2, Very Small -4, Small -2, Large +1, Very Large +2 (each her "
            "sheet's Size, by tonnage, not her base)") in mobile_bay_text
    assert ("12 never); vessel: her sheet's Size (tonnage), not her base; over it: any of her base Table 5") in mobile_bay_text
    assert "Size Small · Base 136 × 35 mm" in _sheet_page(mobile_bay_pages, "CSS Selma")


def test_a_lashed_consort_behind_her_partner_is_obscured_not_smoke_with_the_number(
        mobile_bay_pages, mobile_bay_text, library, tmp_path):
    """sotw33, moment 8: a consort lashed on her partner's far side, fired at past him: "obscured" or a smoke
    modifier? Obscured: her partner's base hides her as any vessel's (the text's line of fire counts bases), Table
    10's over ¾ (−4) for a consort alongside, not smoke; every consort's sheet says it on her Lashed to line with the
    number from Table 10, and the readings page names the house rule (lashed_pairs) for the other reading."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    for consort, partner in (("USS Octorara", "Brooklyn"), ("USS Metacomet", "Hartford"), ("USS Galena", "Oneida")):
        assert (f"behind {partner} (the line to her centre across his base): obscured (over ¾ −4; in smoke this, not its "
                "−2), clear of him: Obscured, his base too") in flat(_sheet_page(mobile_bay_pages, consort)), consort
    # play 35, moment 3: reworded to hold one line; the larger's share by the quick marks
    assert "Lashed partner a line to her centre over her partner hides her: her sheet's share" in mobile_bay_text
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  direct_fire:\n    rows:\n      obscured: {\"1/4 to 1/2\": -1, "
                     "\"over 1/2 to 3/4\": -2, \"over 3/4\": -3}\n")
    assert S.partner_hides(RS.context(library, house), "Brooklyn") == ("; behind Brooklyn (the line to her centre across "
                                                                       "his base): obscured (over ¾ −3; in smoke this, "
                                                                       "not its −2), clear of him: Obscured, his base too")
    house.write_text("smoke-on-the-water:\n  lashed_pairs:\n    rows: {partner_hides: false}\n")
    assert S.partner_hides(RS.context(library, house), "Brooklyn") == ""
    assert "one target side by side: neither's base obscures the other" in reference_text(library, "mobile-bay-1864", house)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_set_up_page_says_the_water_off_the_channel_is_deep(bundled_packs, library, paper):
    """sotw33, moment 5: the plan gives depths to the Main Ship Channel (24 ft) and the Middle Ground (9 ft) only,
    and "water given no depth" left the player asking what the water outside the channel is, to decide grounding.
    The depths line says it, from Table 3's open_water: off the channel too it is deep water, so no test."""
    pages = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)
    setup = flat(pages[1])
    words = RS.context(library).tables.require("running_aground").rows["open_water"]
    assert words == "other water, off the channel either side (a consort past it), is deep: no test"
    assert "Depths: Main Ship Channel: 24 ft; Middle Ground shoals: 9 ft." in setup
    assert f"no deeper draught, no test; {words}." in setup


# ------------------------------------------------------------------ sotw34: a solid shot through a fort's walls

def _whole_shot_house(tmp_path):
    house = tmp_path / "whole-shot.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows: {shot_through: 1}\n")
    return house


def test_fort_morgan_stands_the_passage_under_solid_shot_and_the_house_rule_plays_the_whole_figure(library, tmp_path):
    """sotw34: a solid shot that pierced Fort Morgan's brick did its whole Table 17 figure, as through a ship's side,
    so the Union's shot silenced it by turn 5 in some nine games of ten (tools/sotw_fort_morgan.py --ammo shot), where
    under shell it was 7 % and on the day it was never silenced. A shot through a fort's walls now does a third of
    its figure, rounded up (fort_targets.shot_through): the Monte Carlo's core, seeded, 150 games of five turns, has
    the fort silenced by turn 5 in well under a quarter of the games under shot yet hurt (median SDP down by a
    quarter or more, guns lost); shell's figures are the same under either reading (the rule is shot's alone); and
    {shot_through: 1} (the first reading) silences it again in most games."""
    tool = _fort_tool()
    whole = _whole_shot_house(tmp_path)

    def summary(game, games=150):
        rng = tool.random.Random(31)
        runs = [game.play_fort(rng, turns=5) for _ in range(games)]
        sdp = sorted(r[4][0] for r in runs)
        return {"silenced": sum(1 for s in sdp if s <= 0) / len(sdp), "median": sdp[len(sdp) // 2],
                "guns_lost": sum(r[4][1] for r in runs) / len(runs)}

    ours = tool.Game(library, None, "shot")
    shot = summary(ours)
    assert shot["silenced"] < 0.15, shot
    assert shot["median"] <= 0.75 * ours.fort.structural_damage_points and shot["guns_lost"] >= 1, shot
    assert summary(tool.Game(library, whole, "shot"), 60)["silenced"] >= 0.6
    assert summary(tool.Game(library, None, "shell"), 60) == summary(tool.Game(library, whole, "shell"), 60)


def test_a_shot_through_a_forts_walls_is_printed_on_every_fort_sheet_and_the_quick_reference(
        mobile_bay_pages, bundled_packs, library, tmp_path):
    """sotw34: the fort sheets' damage track (where its SDP are struck) says what a solid shot through the walls
    does, A4 and Letter, and the quick reference's readings say it with the first reading as its house rule; both
    from fort_targets.shot_through, so {shot_through: 1} prints the whole figure."""
    letter = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]
    for pages in (mobile_bay_pages, letter):
        forts = " ".join(p for p in pages if "Fire log" in p and "Shot at" in p)
        assert forts.count("Damage · strike a box for each point · pierced by shot: SDP ÷ 3, round up") == 2
        text = " ".join(pages)
        assert ("Fort pierced a solid shot through the walls: a third of its Table 17 SDP, round up (a shell: burst, all "
                "its Shell figure; dud, after the slash; deflected, none; a deflected shot: after the slash, whole), every "
                "point on the fort's one SDP track, whichever face was hit fort_targets") in text
    from shipyard.rules.smoke_on_the_water.sheet import shot_through

    house = _whole_shot_house(tmp_path)
    assert shot_through(RS.context(library, house)) == " · pierced by shot: SDP in full"
    ref = reference_text(library, "mobile-bay-1864", house)
    assert "Fort pierced a solid shot through a fort's walls does all its Table 17 SDP, as through a ship's side (deflected: its figure after the slash) (house rule)" in ref
    assert "a third of its Table 17 SDP" not in ref


# ---------------------------------------------------------------------------------------- sotw35: replay 26's moments
def _reference(pages: list[str]) -> str:
    """The quick reference's pages (the last two of the A4 pack), one line."""
    return " ".join(p for p in pages if "quick reference" in p or "What the text leaves open" in p
                    or "The turn's rules" in p or "d6 Special" in p)


def test_sotw35_moment1_table_15_says_how_to_throw_its_1d3(mobile_bay_pages):
    """Replay 26, moment 1: Table 15's Flooding gave 1d3 flooding points and the pack never said how to throw a d3
    (the text's dice conventions: a d6 halved, rounded up); said in Table 15's title, from critical_hits.d3."""
    assert "armour: what tests it, by the hit's one deflection d10, its gun and range, its hull damage too (no (part) d10) (* ours); d3: a d6 halved, round up" in _reference(mobile_bay_pages)


def test_sotw35_moment2_a_random_guns_second_miss_has_a_start_and_a_jam_skips_a_jammed_gun(mobile_bay_pages):
    """Replay 26, moment 2: 'the next up' had no start when the second throw was over the count, and a second jam
    could fall on a gun already jammed. Said on the quick reference and on every sheet that throws past ten."""
    ref = _reference(mobile_bay_pages)  # play 28: no second throw, the d10 is counted round them
    assert "on a lost one, the next up not lost (a 3 is" in ref and "2nd); to jam, a jammed gun counts as lost" in ref
    assert "a d10 counted round them in box order" in flat(_sheet_page(mobile_bay_pages, "USS Brooklyn"))


def test_sotw35_moment3_a_sheets_random_gun_is_one_of_those_bearing(mobile_bay_pages):
    """Replay 26, moment 3: Brooklyn's sheet gave a d10 + d6 over her boxes where the quick reference's Gun hit picks
    among the guns bearing on the firer: the sheet's dice are said to be for those bearing, in box order."""
    assert "random gun bearing a d10 counted round them in box order" in flat(_sheet_page(mobile_bay_pages, "USS Brooklyn"))


def test_sotw35_moment4_a_misfires_batch_is_her_guns_at_one_target(mobile_bay_pages):
    """Replay 26, moment 4: 'a random one of the batch' named no batch."""
    assert "a random one of the batch (her guns thrown together at one target;" in _reference(mobile_bay_pages)


def test_sotw35_moment5_powder_smoke_in_steps_and_a_stray_weighed_with_the_smoke(mobile_bay_pages):
    """Replay 26, moment 5 and the Powder smoke defect: one long clause; and whether the smoke still counts when the
    bases' modifier is taken away to see if a miss hits the vessel in the way (ours: it does; stray_hits)."""
    setup = mobile_bay_pages[1]
    for step in ("1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once (½–¾ obscured).",
                 "2. Bases hiding her (at a fort: hiding the firer) as much or more: theirs instead, never both.",
                 "3. Only bases worse than the smoke's −2 make a stray: a miss that would hit at −2 hits the vessel"):
        assert step in setup, step
    assert ("Stray hit a miss the bases made hits the vessel in the way, own or foe, smoke or none; in smoke only bases "
            "worse than -2 stray stray_hits") in _reference(mobile_bay_pages)


def test_sotw35_moment6_the_vessel_in_the_way_may_be_her_own_sides(mobile_bay_pages):
    """Replay 26, moment 6: firing at a fort past her own ships, may the stray hit one of them? Yes."""
    assert ("a miss that would have hit without the bases' modifier (in smoke: at its -2) hits the vessel in the way, "
            "own side's too"
            in _reference(mobile_bay_pages))


def test_sotw35_moments7_8_indirect_fire_rolls_no_table_10_and_may_land_on_a_fort(mobile_bay_pages):
    """Replay 26, moments 7-8: does indirect fire roll Table 10 first, and what does it hit at a fort (no base to
    land over)? Ours: Table 13's landing alone; within fort_targets.indirect_cm of its mark, its walls."""
    ref = _reference(mobile_bay_pages)
    assert ("indirect: no Table 10 roll, Table 13's landing alone; at a fort: landing within 5 cm of its mark strikes "
            "its walls") in ref and "(house rule fort_targets: none)" in ref


def test_sotw35_moment9_a_pierced_turret_hit_goes_on_the_tdp(mobile_bay_pages):
    """Replay 26, moment 9: the Turret guns row never said where a plain pierced Turret location hit goes."""
    assert ("a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in _reference(mobile_bay_pages))


def test_sotw35_moment10_a_fire_caught_again_burns_once(mobile_bay_pages):
    """Replay 26, moment 10: a ship on fire caught again goes out of control: does she also take the On fire burn?
    One burn, the out-of-control one: on the On fire markers and the quick reference's fire test."""
    counters = flat(" ".join(p for p in mobile_bay_pages if "burning; caught" in p))
    assert "one burn" in counters, "the On fire markers say it"
    assert "one a marker made burns this phase as that alone (no on-fire burn too)" in _reference(mobile_bay_pages)


def test_sotw35_moment11_a_gun_lost_this_phase_still_fires(mobile_bay_pages):
    """Replay 26, moment 11: Table 1 said gunnery is at once but not that a gun knocked out in the phase fires."""
    assert "all at once (a vessel sunk or a gun lost this phase still fires, a fort too; both throw, then mark, firer by firer in roster order, each its hits as thrown)" in _reference(mobile_bay_pages)


def test_sotw35_moment12_the_roster_base_is_the_base_itself(mobile_bay_pages):
    """Replay 26, moment 12: was the roster's Base mm the base (hull + 10 mm) or the hull?"""
    assert ("Base: length × width in mm of the base itself (her hull + 10 mm each way)" in mobile_bay_pages[2])


def test_sotw35_moment13_the_gunboats_score_nothing_said_on_the_set_up(mobile_bay_pages):
    """Replay 26, moment 13: Selma abandoned, and no score line for a Confederate gunboat: by design, now said."""
    assert ("the water battery +2 (ours); the gunboats, lost or not, score nothing" in mobile_bay_pages[1])


# ----------------------------------------------------------------------------------- sotw35: replay 26's other defects
def _counter_pages(pages: list[str]) -> str:
    return " ".join(p for p in pages if "Slow ahead" in p and "Manoeuvre" not in p or "Out of control burning" in p
                    or ("Jammed gun or port" in p and "Manoeuvre" not in p))


def test_sotw35_the_counters_hold_enough_jammed_abandoned_and_wreck_markers_for_the_fleet(mobile_bay_pages, library):
    """Replay 26, defect: 5 of the 6 Jammed markers were in use after three turns of twelve, and 2 Abandoned and 2
    Wrecks were few for 24 units. Now a Jammed for every two vessels, an Abandoned and a Wreck for every four."""
    ctx = RS.context(library)
    vessels = sum(1 for side in library.scenario("mobile-bay-1864").sides for u in side.units
                  if RS.derive(library.units[u.id], ctx).stats.kind == "vessel")
    counters = _counter_pages(mobile_bay_pages)  # a row of markers reads their labels first, then their meanings
    assert counters.count("gun or port: no fire") == counters.count("Jammed") >= vessels / 2
    assert counters.count("or struck: no fire") == counters.count("Abandoned") >= vessels / 4
    assert counters.count("sunk here: Table 3") == counters.count("Wreck") >= vessels / 4


def test_sotw35_the_out_of_control_discs_are_the_other_markers_size(bundled_packs):
    """Replay 26, defect: six 51 mm Out of control discs took a third of p20. They are the On fire discs' size now, told
    apart by their dark fill: their title is set no larger than an On fire marker's, and all the markers share one
    page with the speed counters' last rows on A4."""
    from conftest import pdf_page_index
    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    sizes = {}
    for word, on in (("Outofcontrol", "Out of control burning"), ("Onfire", "On fire burning")):
        # play 28: fewer speed counters, so the fire discs may run over two pages
        chars = [c for _, c in _chars(path, pdf_page_index(path, on))]  # (no spaces: _chars keeps the inked ones)
        text = "".join(c.get_text() for c in chars)
        starts = [k for k in range(len(text)) if text.startswith(word, k)]
        sizes[word] = max(chars[k].size for k in starts)
    assert sizes["Outofcontrol"] <= sizes["Onfire"] + 1e-6, sizes


def test_sotw35_a_gun_rows_box_number_stands_on_its_names_first_line(bundled_packs):
    """Replay 26, defect (p5): where a gun's name wraps, its boxes and their number were centred in the two-line row,
    so Brooklyn's "25" stood under the howitzer's name, on the line of no gun. Now level with the name's first line."""
    import pdfplumber
    from conftest import pdf_page_index
    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    with pdfplumber.open(str(path)) as pdf:
        chars = pdf.pages[pdf_page_index(path, "USS Brooklyn Screw sloop")].chars
    text = "".join(c["text"] for c in chars)
    name = chars[text.index("12-pounder Dahlgren boat")]  # Brooklyn's howitzer, gun 25: its name wraps
    numbers = [c for c in chars if c["text"].isdigit() and "Condensed" in c["fontname"] and c["x0"] < 40
               and abs(c["top"] - name["top"]) < 12]  # the box numbers left of the boxes, about her line
    assert "".join(c["text"] for c in numbers[-2:]) == "25"
    assert abs(numbers[-1]["top"] - name["top"]) < 1.0, (numbers[-1]["top"], name["top"])  # same line, not ~4.5 pt on


def test_sotw35_the_plans_scale_bar_has_no_row_of_figures_under_the_grids(bundled_packs):
    """Replay 26, defect (p2): the scale bar's 0 30 60 sat right under the grid's 30 60 90 120 labels, two rows of
    figures one over the other. The bar's blocks are said in words on its caption line instead."""
    lines = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path)[1].splitlines()
    assert any("each block 30 cm · cm on the table · grid every 30 cm" in line for line in lines)
    assert not any(line.strip() == "0 30 60" for line in lines)


def test_sotw35_a_lashed_consorts_sheet_has_no_orders_log_of_her_own(mobile_bay_pages, library):
    """Replay 26, defect (pp5-12): each lashed consort's sheet carried a twelve-turn orders log that her own Lashed to
    line said was never used (the pair's one order is in her partner's log). The consorts' logs are gone; her
    partner's sloop keeps his, and her orders once cast off go there after a slash."""
    scenario = library.scenarios["mobile-bay-1864"]
    pairs = [(su.id, su.lashed_to) for side in scenario.sides for su in side.units if su.lashed_to]
    for consort, partner in pairs:
        name, big = library.units[consort].name, library.units[partner].name
        page = _sheet_page(mobile_bay_pages, name)
        own = page.split(name + " ", 1)[1].split(" USS ", 1)[0]  # her sheet: from her name to the next sheet's
        assert "Turn Speed Manoeuvre Tactical" not in own, name
        assert "Turn Speed Manoeuvre Tactical" in _sheet_page(mobile_bay_pages, big), big


def test_a_house_rule_on_open_water_reaches_the_set_up_pages_depths_line(tmp_path):
    """The set-up page's depths line is filled from the pack's own tables (RuleSet.depth_words takes them), so a house
    rule on running_aground.open_water prints there; it was read from the bundled tables once, at import."""
    from conftest import in_process

    house = tmp_path / "house.yaml"
    house.write_text('smoke-on-the-water:\n  running_aground:\n    rows: {open_water: "off the channel: test as a bar"}\n')
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "smoke-on-the-water", "--house-rules", str(house),
                     "-o", str(out), "--jobs", "1")
    assert run.code == 0, run.err
    setup = next(t for t in pdf_page_texts(next(out.glob("*.pdf"))) if t.startswith("Set-up"))
    flat = " ".join(setup.split())
    assert "no deeper draught, no test; off the channel: test as a bar." in flat
    assert "other water, off the channel too, is deep" not in flat


# ---- replay 27 (sotw36): /tmp/play27/smoke-on-the-water/report.md


def test_sotw36_moment1_powder_smoke_is_all_fire_at_medium_or_more_not_only_a_forts(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 1 (p2, every shot of turn 2): "Fire at Medium range or more, by or at a fort too" read as
    maybe only fire by or at a fort. Ours: all of it, ship at ship too; A4 and Letter say "All fire"."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once" in pages[1]
        assert "by or at a fort too" not in pages[1]


def test_sotw36_moment3_the_three_stray_hit_texts_give_one_window(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 3 (p2 step 3, p22 Obscured and Stray hit): three wordings of the stray-hit window, and the
    player first gave a stray weighing the miss with neither modifier. Each now says the miss is weighed at the
    smoke's −2, so only bases hiding more than the smoke make one; A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "3. Only bases worse than the smoke's −2 make a stray: a miss that would hit at −2 hits" in pages[1]
        ref = _reference(pages)
        assert "without the bases' modifier (in smoke: at its -2) hits the vessel in the way" in ref
        assert "in smoke only bases worse than -2 stray" in ref
        assert "only bases worse than -2 stray" in ref


def test_sotw36_moment2_morale_causes_are_each_enough_and_a_fires_own_10_burns_next_turn(mobile_bay_pages,
                                                                                         bundled_packs):
    """Replay 27, moment 2 (pp21-22): the Morale row's "with a fire out of control or half her FP gone" read as
    "and" or "or" (each is a cause, -1 for each further one); and Brooklyn's fire went out of control on its own 10
    in phase 6: does its 1d6 burn at once? No, from the next turn (fire_test.rows.on_fire.spread_marker)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("Morale tested once her HDP reach the ¼ bar (at it counts), a fire is out of control or half her FP "
                "are gone, each a cause: 7 or less on a d10 holds, -1 each further one") in ref
        assert "with a fire out of control or half her FP gone" not in ref
        assert "out of control (its marker, 1d6 next turn) on a 10" in ref


def test_sotw36_moment4_a_volleys_hits_on_a_turret_are_taken_in_the_order_fired(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 4 (p22): three hits on Tecumseh's turret in one volley, the second knocking it out: in what
    order are simultaneous hits taken? Ours: in the order fired, so the hits after the knockout go on the Hull."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "Turret at 0 TDP knocked out, guns silent; the rest of the hit emptying it, later hits as rolled, Gun Port too: Hull hits, Hull armour" in _reference(pages)


def test_sotw36_moment5_a_random_guns_d10_counts_the_guns_it_may_be_not_box_numbers(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 5 (p20): Gaines's guns bearing were boxes 1, 2 and 6 and the d10 came up 3: the third of
    them (box 6) or box 3 (a port gun not bearing)? The third: the d10 counts those it may be (random_gun)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "A random gun: of those it may be, a d10 counted round" in _reference(pages)
        assert "(a 3 is the third, not box 3; past the last, on from the first: 7 +10 of 15 is the 2nd)" in _reference(pages)


def test_sotw36_moment6_a_shell_through_a_gun_port_that_does_not_burst_does_the_after_slash_figure(mobile_bay_pages,
                                                                                                     bundled_packs):
    """Replay 27, moment 6 (p21, Table 15 special 1): a shell through Gaines's gun port did not burst; "does its Table
    17 damage as if it penetrated" gave no figure. As a penetrating shell's (Shell row): the one after the slash."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("a bursting shell wrecks 1d3 more there; unburst: after the slash"
                in _reference(pages))


def test_sotw36_moment8_machinery_boiler_test_names_the_sheets_draught_words(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 8 (p21, Table 15 special 3): "wheeler or (very) shallow draught" did not say that Winnebago's
    "Draught Shallow" counts. It does (the text's shallow or very shallow draught vessel): the row names the words."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert "a wheeler, or her sheet's Draught Shallow or Very Shallow: then a d6: 5-6 her boiler bursts too (Special 5)" in ref
        assert "(very) shallow draught" not in ref
    assert "Draught Shallow" in _sheet_page(mobile_bay_pages, "USS Winnebago")


def test_sotw36_moment7_a_forts_batch_is_the_guns_it_throws_at_one_ship(mobile_bay_pages, bundled_packs):
    """Replay 27, moment 7 (p21, Table 11): Fort Morgan's face split its guns among several ships and a 10 jammed "a
    random one of the batch": which batch? The guns it threw at the one ship, as the player played it."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("a random one of the batch (her guns thrown together at one target; a fort's: those at one ship)"
                in _reference(pages))


def test_sotw36_moment9_the_plan_key_names_no_line_of_piles_off_this_table(mobile_bay_pages, bundled_packs, library):
    """Replay 27, moment 9 (p2): the key said "heavy black line: line of piles", but the piles lie west of Smoke on
    the Water's window and were neither drawn nor listed. The key names only the lines that cross the window; the
    whole-area plans (Saunders) still name them."""
    piles = library.scenarios["mobile-bay-1864"].setup.obstructions[0].name.lower()
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "heavy black line" not in pages[1] and piles not in pages[1]
    saunders = flat(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", "a4").path)[1])
    assert f"heavy black line: {piles}" in saunders


# ---------------------------------------------------------------------------------------- sotw37: replay 27's defects
def test_sotw37_item1_the_roster_drops_its_chart_for_what_the_text_leaves_open(mobile_bay_pages, bundled_packs):
    """Replay 27, p3: the speed-against-staying-power chart took half the roster page and no one used it at the
    table. It is gone; in its room stands what the text leaves open, off the crowded quick reference."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert not any("Speed against staying power" in p for p in pages)
        roster = next(i for i, p in enumerate(pages) if "Speed: top speed ahead/astern" in p)
        assert "What the text leaves open" in pages[roster] and "Fire test" in pages[roster].split(
            "What the text leaves open", 1)[1]
        assert sum("What the text leaves open" in p for p in pages) == 1


def test_sotw37_item2_every_flooding_track_has_a_write_in_past_its_last_box(mobile_bay_pages, bundled_packs, library):
    """Replay 27: Selma took 32 flooding points against 7 boxes, and past the last box there was nowhere to write
    them. Every vessel's flooding track, on A4 and Letter, carries a write-in for the points past its boxes."""
    vessels = [u.name for _, u in library.scenario_units(library.scenarios["mobile-bay-1864"])
               if not u.name.startswith("Fort") and "battery" not in u.name]
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        sheets = " ".join(p for p in pages if "Manoeuvre" in p)
        assert sheets.count("Flooding points +___") == len(vessels) == 22



def test_sotw37_item4_the_counter_sheet_has_wheel_turret_and_machinery_markers(mobile_bay_pages, bundled_packs, library):
    """Replay 27: two wheels lost, a turret knocked out and a machinery hit in three turns, and the counter sheet had
    no marker for any of them. It has, in number for the fleet (what it wants: counters.state_counts), on A4 and
    Letter; at Mobile Bay at least one of each, and no more than its wheels and turrets."""
    from shipyard.rules.smoke_on_the_water import counters as C
    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenarios["mobile-bay-1864"])]
    want = C.state_counts(units)
    fleet = [d.stats for _, _, d in units if d.stats.kind == "vessel"]
    assert 1 <= want["wheel_lost"] <= sum(len(s.wheel_damage_points) for s in fleet)
    assert 1 <= want["turret_out"] <= sum(len(s.turret_damage_points) for s in fleet)
    assert 1 <= want["machinery"] <= len(fleet)
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)  # a chit's title and its meaning are read back row by row
        for kind, (label, meaning, _) in ((k, C.STATES[k]) for k in ("wheel_lost", "turret_out", "machinery")):
            assert text.count(label) == text.count(meaning) == want[kind], kind


def test_sotw37_item5_guns_that_bear_on_no_ship_are_one_line_not_boxes(mobile_bay_pages, bundled_packs, library):
    """Replay 27, p14: Fort Morgan's 4 land-face LSB were printed with "bears on no ship", 12 boxes never used. A
    fort's guns on no face the set-up draws are one line under its guns table, counted, with no boxes; the guns that
    bear keep their rows, the box numbers running on over them alone."""
    from shipyard.library.setup import NO_FACE
    from shipyard.rules.smoke_on_the_water import sheet as S
    ctx = RS.context(library)
    scenario = ctx.scenario = library.scenarios["mobile-bay-1864"]
    unit = next(u for _, u in library.scenario_units(scenario) if u.name == "Fort Morgan")
    faces = S.fort_faces(unit, ctx)
    d = RS.derive(unit, ctx)
    idle = [(d.stats.guns[i], n) for i, where, n in faces if where == NO_FACE]
    assert idle
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        page = next(p for p in pages if "Fort Morgan Fort · " in p and "Fire log" in p)
        assert "bears on no ship" not in page
        line = page.split("Also mounted, listed for the whole armament, on a face no ship reaches (never fire, no boxes): ", 1)[1]
        for g, n in idle:
            assert f"{n} {g.code}, {g.gun}" in line
    block = S.guns_block(d.stats, faces=faces)
    table = next(b for b in block.children if hasattr(b, "boxes"))
    assert sum(table.boxes) == sum(g.count for g in d.stats.guns) - sum(n for _, n in idle)


def test_sotw37_item6_the_quick_reference_says_to_keep_only_the_tens_against_walls(mobile_bay_pages, bundled_packs,
                                                                                  library):
    """Replay 27: Hartford's and Brooklyn's 19 hits on Fort Morgan needed a natural 10 each (MSB shot at Medium walls
    at Long: 10). Table 16's note says it once: at the number one under the never-deflected roll or more, throw the
    hits' dice together and keep that roll; filled from the table's natural rolls."""
    t16 = RS.context(library).tables.require("armour_deflection").rows
    through = t16["natural"]["goes_through"]
    # the replay's case is such a case: MSB shot at Medium walls, at Long
    medium = t16["columns"].index("M")
    assert t16["shot"]["MSB"][medium] + t16["range_modifiers"]["L"] >= through - 1
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert (f"At {through - 1} or more (shot at walls, often) only a {through} goes through: throw those hits' "
                f"dice at once, keep the {through}s.") in _reference(pages)



def test_sotw37_item7_the_range_line_says_only_the_map_is_shrunk(mobile_bay_pages, bundled_packs, library):
    """Replay 27, p2: "only the map is shrunk, not the rules" was easy to miss on the set-up page, and it means the
    forts bear on the whole approach. The quick reference's to-hit line, where it sends the player to the sheets'
    ranges, says it, since Mobile Bay's table is drawn smaller than the ground scale (the set-up page's fit)."""
    ctx = RS.context(library)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    assert R.map_shrunk(ctx)
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("ranges (Tables 9, 12): her sheet's guns, in the cm they print: only the map is shrunk"
                in _reference(pages))


# ---------------------------------------------------------------------------------------------- play 28
def test_every_sheet_with_guns_prints_the_one_random_gun_method_in_the_same_words(mobile_bay_pages, mobile_bay_text):
    """Play 28, moment 4 and item 1 (p20, p21, the sheets): some sheets gave "d10 by box order, +10 on d6 4–6", others
    "d6 1–3 / 4–6", the water battery and the gunboats none; and were lost guns counted, and what did a second throw
    over the count do? One method (random_gun.pick, ours), the same words on every sheet with guns and on the quick
    reference: lost guns count, the d10 is counted round them, so it is never over and never thrown again."""
    import yaml
    from pathlib import Path
    import shipyard.rules.smoke_on_the_water as pkg
    pick = yaml.safe_load((Path(pkg.__file__).parent / "tables.yaml").read_text())["random_gun"]["rows"]["pick"]
    assert "lost ones too" in pick and "round" in pick and "again" not in pick
    sheets = [flat(p) for p in mobile_bay_pages if "Gun codes" in p]
    assert len(sheets) >= 12
    names = ["Fort Morgan water battery", "USS Octorara", "USS Metacomet", "USS Kennebec", "USS Itasca", "USS Tecumseh"]
    for name in names:
        assert any(name in p for p in sheets), name
    for p in sheets:
        assert p.count(f"random gun bearing {pick}") == p.count("Gun codes"), p[:60]
    assert f"A random gun: of those it may be, {pick} (a 3 is the third, not box 3;" in mobile_bay_text


def test_an_abandoned_ship_scores_as_sunk_or_struck(mobile_bay_pages, bundled_packs):
    """Play 28, moment 3 (p2 Scores against p22 Abandoned and Hull (HDP) 0): Brooklyn at 0 HDP, abandoned and afloat;
    the scores pay for a ship "sunk or struck" and the pack said only "counts as destroyed". The text's destroyed is
    for the victory conditions, so she scores as sunk or struck, said where the player looks, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert "no steering, no firing, no repairs (her fires still test); she scores as sunk or struck" in ref
        assert "the crew abandon her and she scores as sunk or struck (the text: destroyed)" in ref
        assert "she counts as destroyed" not in ref


def test_the_orders_log_says_how_a_part_turn_is_written(mobile_bay_pages, bundled_packs):
    """Play 28, moment 2 (p21 Orders log and Turning): Fx / Px / Sx given apart, and a turn "for any part of her move":
    is the rest straight ahead, and how is "turn 8, then 17 ahead" written? The text's manoeuvre column divides the
    move into its pieces: written in order, adding up to her move, so the rest is whatever the next piece says."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("Px / Sx turn to port / starboard on the template, x cm each, written in order, adding up to her move "
                "(Medium 25: S8 F17, turn 8 then 17 ahead)") in ref


def test_mobile_point_has_its_shore_in_numbers_and_touching_it_is_aground(bundled_packs, mobile_bay_pages):
    """Play 28, moment 1 (p2, Gaines's move in turn 3): the torpedo line, buoy, channel edge and shoals had numbers,
    Mobile Point's shore none, and nothing said what touching land does. Its corners in the table's cm, the same the
    plan draws (setup_page.Ground), and a base touching it aground, on the A4 and Letter set-up page."""
    from shipyard.pack.setup_page import Ground, fit, _half
    from shipyard.library.library import Library
    lib = Library.load()
    setup = lib.scenario("mobile-bay-1864").setup
    land = dict(Ground.on(setup, fit(setup, RS, RS.native_scale)).land)["Mobile Point"]
    corners = "; ".join(f"{_half(x)}, {_half(y)}" for x, y in land)
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert f"Mobile Point Land, corners (cm): {corners}. Touching it: aground, Table 4 alone." in pages[1]


def test_a_ship_arriving_on_a_binding_turn_comes_on_as_the_binding_says(mobile_bay_pages, bundled_packs):
    """Play 28, moment 6 (p2 Turn 1 binding against p20 Table 1, phase 2): Winnebago and Hartford + Metacomet arrive
    in turn 1, Table 1 lets an arrival come on a level slower or faster or wait, and the binding holds the Union
    line at 4 kn on its heading. The binding wins: she comes on, at its speed and heading, said in Table 1's phase."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("or waits off the table for a later turn (on a turn a binding sets: on, at its speed and heading)"
                in " ".join(pages))


def test_the_counters_have_hold_aground_anchored_cast_off_and_torpedo_markers_and_no_consort_speed_sets(
        bundled_packs, library):
    """Play 28, item 2 (pp19-20): no Hold-under-steam marker (the Confederates hold on turn 1), no Anchored, Aground,
    Cast-off or torpedo-strike marker, and some 170 speed counters, the lashed gunboats a full set each though the
    pair takes one order. Now each of those markers in the number the fleet wants (counters.state_counts, with the
    pack's scenario: a Cast off for each consort, which pencils her speed once she moves alone), and no consort has
    speed counters, within the page budget (test_page_budget), A4 and Letter."""
    from shipyard.rules.smoke_on_the_water import counters as C
    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenarios["mobile-bay-1864"])]
    want = C.state_counts(units, ctx)
    assert want["cast_off"] == 7 and want["hs"] >= 4  # seven lashed pairs; four Confederate ships hold on turn 1
    for paper in ("a4", "letter"):
        pages = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)]
        # the counter pages (Letter's last holds only Cast off markers); a row's titles and meanings read row by row
        counters = " ".join([_counter_pages(pages)] + [p for p in pages if C.STATES["cast_off"][1] in p and "Manoeuvre" not in p
                                                       and p not in _counter_pages(pages)])
        for kind in ("hs", "aground", "anchored", "cast_off", "torpedo"):
            label, meaning, _ = C.STATES[kind]
            assert counters.count(label) >= want[kind] >= 1 and counters.count(meaning) >= want[kind], (paper, kind)
        assert "Slow ahead Brooklyn" in counters
        for consort in ("Octorara", "Metacomet", "Port Royal", "Seminole", "Kennebec", "Itasca", "Galena"):
            assert consort not in counters, (paper, consort)


def test_the_wheel_hit_has_its_own_row_and_a_deflected_turret_gun_hit_its_track_in_the_gun_hit_row(mobile_bay_pages,
                                                                                                     bundled_packs):
    """Play 28, item 3 (p22): the Wheel hit hid under "Casemate, Wheel *", and the deflected Gun hit on a turret was
    spread over three rows (Deflected, Gun hit, Turret guns): the player put Tecumseh's on HDP. The Wheel hit is a row
    of its own by its name (its WDP); the Gun hit row says where a turret gun's deflected hit goes."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert "Wheel hit * bow, stern, plunging: the wheel its column names; broadside (\"Wheel\"): the one facing the firer, a partner between or not; WDP, not HDP" in ref
        assert "Casemate, Wheel" not in ref
        assert "Deflected: no gun lost, as the Deflected rule (a turret gun's: its TDP)" in ref  # play 32: p22 eased


def test_a_lashed_pairs_angled_view_is_read_by_the_line_to_the_targets_centre(bundled_packs):
    """Play 28, moment 5 (p21 Obscured, p2 Powder smoke): Tennessee at Brooklyn, some 39° off her bow and partly behind
    her lashed Octorara: the sheets gave a share only for the one fully behind, any angled view was judged by eye.
    Ours: the line from the gun to her centre (the one the target aspect is read by) across her partner's base
    gives the consort sheet's share, clear of him: Obscured, his base too, on the consort's sheet and the readings page, A4 and Letter."""
    for paper in ("a4", "letter"):
        pages = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)]
        octorara = _sheet_page(pages, "USS Octorara")
        assert "behind Brooklyn (the line to her centre across his base): obscured (over ¾ −4; in smoke this, not its −2), clear of him: Obscured, his base too" in octorara
        assert ("Lashed partner a line to her centre over her partner hides her: her sheet's share "
                "(the larger: her ¼/½/¾ marks)") in " ".join(pages)


def test_the_turning_rule_says_which_part_of_the_base_follows_the_template_edge(mobile_bay_text, mobile_bay_pages):
    """Play 29, moment 1: "follow the strip's outer edge" did not say which part of the model follows it (the
    player ran the base's centre along it). The quick reference and each template sheet's heading say: her side."""
    assert ("the strip's outer edge against her base's side toward the turn, its 0 line at her bow, she runs along it "
            "till her bow is at the x cm line") in mobile_bay_text
    sheets = [p for p in mobile_bay_pages if "turning templates (1/600), sheet" in p]
    assert sheets and all("her base's side runs along the outer edge, her bow at the cm lines" in p for p in sheets)


def test_a_lashed_pair_turns_with_whichever_hull_is_inside_on_the_edge_and_no_wider(mobile_bay_text):
    """Play 29, moment 2 (p3): which of a lashed pair is laid against the template, and does the pair's circle
    widen? The inside hull, whichever she is, sterns kept level; the circle is the template's."""
    row = _readings_row(mobile_bay_text, "Lashed pairs")
    assert "(the inner hull runs its edge, the other at her offset);" in row


def test_a_turrets_hits_in_one_simultaneous_phase_are_taken_in_the_order_rolled(mobile_bay_pages, bundled_packs):
    """Play 29, moment 4 (p3 against p21 Table 1): "hits in order fired" had no order to follow, gunnery being all
    at once. Ours: in the order the dice were rolled; the turret's own guns still fire that phase (Table 1)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert "(hits in order fired)" not in ref
        assert "the rest of the hit emptying it, later hits as rolled, Gun Port too: Hull hits" in ref
        assert "a vessel sunk or a gun lost this phase still fires, a fort too" in ref


def test_a_forts_fire_log_asks_for_the_gun_boxes_a_misfires_random_gun_is_drawn_from(mobile_bay_pages, bundled_packs):
    """Play 29, moment 7 and item 1 (p14-15): Table 11's random misfiring gun is drawn from the boxes firing at one
    ship, in box order, but the fort's Fire log asked only for counts ("Bro 5, Har 5"). It asks for the boxes, on A4
    (a column a face) and on Letter (one column)."""
    forts = [p for p in mobile_bay_pages if "Fire log" in p and "SDP" in p]
    assert forts
    for page in forts:
        assert "(Bro 5, Har 5)" not in page
        # play 30, moment 7: "Har 6–7 13" read as one range; the example says "and"
        assert "Har 6–7 13" not in page
        assert "Fire log · each face: ships, gun boxes, for a misfire's random gun (so: Brooklyn boxes 1–5; " \
            "Hartford 6, 7 and 13)" in page \
            or "Ships fired at: gun boxes" in page
    letter = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]
    # Letter: both forts (one page) keep one column, every part of each log headed so
    assert " ".join(letter).count("Ships fired at: gun boxes") >= 6 and "(Bro 5, Har 5)" not in " ".join(letter)


def test_a_shells_critical_doing_hull_damage_rolls_its_detonation_as_a_hull_hit(mobile_bay_text):
    """Play 29, moment 5 (p21 Shell, Table 15): a critical from a shell does "hull damage as a hull hit": the burst
    figure and a fire test marker, or the shot's? The Shell row says: the same detonation roll as a Hull hit."""
    assert ('A shell\'s critical doing "hull damage as a hull hit" rolls the same: burst, the Shell figure and a '
            "marker") in mobile_bay_text


def test_a_fort_sheet_says_each_hit_rolls_its_own_location_d10_though_a_fort_has_no_column(mobile_bay_pages):
    """Play 29, moment 8 (p14-15): "a 10 on its location d10", yet a fort has no Table 14 column: is a location d10
    rolled for every hit on a fort? Each fort sheet says so: one for each hit, only its 10 read."""
    for fort, text in _fort_pages(mobile_bay_pages).items():
        assert "fort critical: each hit's own location d10 (no column to read), a 10" in text, fort


def test_a_random_guns_plus_10_says_more_than_ten_guns_not_a_d10_over_10(mobile_bay_text, mobile_bay_pages):
    """Play 29, item 4 (p21 Table 11, fort sheets): "+10 on d6 4-6 if over 10" read as a d10 roll over 10. It says
    "over 10 guns" (more than 10 to be picked from), on the quick reference and Fort Morgan's sheet."""
    fort = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    for text in (mobile_bay_text, fort):
        assert "if over 10" not in text
        assert "a d10 counted round them in box order, lost ones too (over 10 guns: +10 on d6 4–6)" in text


def test_driven_off_says_how_long_it_lasts_the_same_way_on_the_sheet_and_the_counter(mobile_bay_pages):
    """Play 29, item 6: the fort sheet said "erase it after next turn's gunnery", the counter "guns -1 next turn":
    both right, but it took the two together to see one burst covers one turn. Both say "guns -1 next turn" (the sheet
    "… only, then erase it": "only" on the chit set it under 6 pt)."""
    words = "to hit −1 next turn"  # play 33, moment 5: "guns −1" read as a gun fewer
    forts = [p for p in mobile_bay_pages if "Fire log" in p and "Driven off:" in p]
    counters = [p for p in mobile_bay_pages if "Driven off Fort Morgan" in p]
    assert forts and counters
    assert all(f"Driven off: burst within M: tick, {words} only, erase" in p for p in forts)
    assert all(f"Driven off Fort Morgan {words}" in p for p in counters)


def test_every_sheets_to_hit_strip_carries_the_powder_smoke(mobile_bay_pages, bundled_packs, library):
    """Play 29, item 5: the to-hit strip on every sheet left out Mobile Bay's powder smoke (-2 at Medium or more from
    turn 2), which only the set-up page gave. Every sheet, A4 and Letter, carries it; a pack with no such special
    rule (no scenario) prints none."""
    from shipyard.rules.smoke_on_the_water.sheet import to_hit_legend

    letter = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)]
    for pages in (mobile_bay_pages, letter):
        sheets = [p for p in pages if "Manoeuvre" in p or "Fire log" in p]
        assert sheets and all("over 3/4 −4 · smoke from turn 2: M or more −2" in p for p in sheets)
    assert "smoke" not in flat(" ".join(to_hit_legend(RS.context(library)).texts()))


def test_indirect_fire_at_a_fort_says_short_range_always_strikes_and_rolls_its_location(mobile_bay_pages):
    """Play 29, moment 6 (p18 Table 13, p22 Howitzer direct): at S the deviation is 1d5, so a shell always lands within
    5 cm of a fort's mark and hits, which looked like a slip; and was a location d10 rolled? Both said, from Table 13."""
    ref = _reference(mobile_bay_pages)
    assert ("strikes its walls (so S always: a fort is a big mark), its location d10 rolled as any hit's (house rule "
            "fort_targets: none)") in ref


def test_a_lashed_ship_firing_at_a_fort_counts_her_partners_base_as_hiding_her(mobile_bay_text):
    """Play 29, moment 9 (p22 Obscured): firing at a fort, the share of the firer's own base others hide: does her
    own lashed partner count? The consort sheets say so only for fire at her. Yes, as any base: the row says it."""
    assert "the share of the firer's own base others hide (her lashed partner too), seen from the fort's mark" in mobile_bay_text


def test_the_counter_sheet_has_a_turret_out_and_wheel_lost_for_each_pair_and_a_spare_hold(bundled_packs, library):
    """Play 29, item 3 (pp19-20): 2 Turret out for 6 monitor turrets, 2 Wheel lost for the sidewheelers' wheels, and
    exactly 4 Hold (HS) for the 4 ships turn 1 holds. Now a Turret out for each pair of turrets, a Wheel lost for every
    three wheels, and a Hold to spare, printed on A4 and Letter within the page budget."""
    import math
    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenarios["mobile-bay-1864"])]
    fleet = [d.stats for _, _, d in units if d.stats.kind == "vessel"]
    turrets = sum(len(s.turret_damage_points) for s in fleet)
    wheels = sum(len(s.wheel_damage_points) for s in fleet)
    for paper in ("a4", "letter"):
        text = flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)))
        assert text.count("Turret out") >= math.ceil(turrets / 2) >= 3, paper
        assert text.count("Wheel lost") >= math.ceil(wheels / 3) >= 3, paper
        assert text.count("Hold (HS) under steam, no drift") > 4, paper


def test_a_lashed_consort_scores_as_a_ship_of_her_own(mobile_bay_text, bundled_packs):
    """Play 29, moment 10 (p2 Scores): does a lashed consort count as a Union ship passing (+2) and as a wooden ship
    sunk (+4)? The quick reference's Scores row says she is a ship of her own, A4 and Letter."""
    letter = flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "letter").path)))
    for text in (mobile_bay_text, letter):
        assert ("Scores * a lashed consort is a ship of her own for a scenario's points: passing, sunk or struck, by her "
                "own kind (a wooden gunboat: a wooden ship)") in text


def test_each_ticked_rudder_box_is_repaired_with_a_die_of_its_own(library):
    """Play 30: a ship with both rudder boxes ticked: one repair die for the rudder, or one for each box? One for
    each box, as for each jammed gun, and Table 15's Rudder line sends the player to Repairs."""
    text = reference_text(library, "mobile-bay-1864")
    assert ("each repair phase a d10 a jammed gun (forts too), port, turret, ticked rudder: 3 or less clears"
            in text)
    assert "both boxes: straight ahead only; each box repaired on its own (Repairs)" in text


def test_a_rudder_hit_on_either_of_a_lashed_pair_steers_both(library):
    """Play 30: Brooklyn lashed to Octorara takes a Rudder hit: does the pair still turn both ways? The pair turns
    only as the hit one may, as a Pilot House hit on either holds both."""
    assert ("a Pilot House or Rudder hit on either steers both: both hold speed and course next turn, or turn only as "
            "the hit one may") in reference_text(library, "mobile-bay-1864")
    assert "both boxes: straight ahead only" in reference_text(library, "mobile-bay-1864")  # both ways lost (play 42)


def test_a_shot_a_forts_walls_deflect_does_its_figure_after_the_slash_undivided(mobile_bay_pages):
    """Play 30, moment 3: the fort sheet divides a pierced shot's SDP by 3; is a deflected shot's figure after the
    slash divided too? No: said on the fort sheets' critical line and in the readings' Fort pierced."""
    forts = [p for p in mobile_bay_pages if "Fire log" in p and "Shot at" in p]
    assert forts and all("(deflected: shot after the slash, shell none, nothing more)" in p for p in forts)
    assert "a deflected shot: after the slash, whole)" in " ".join(mobile_bay_pages)


def test_the_powder_smoke_goes_by_each_guns_own_range_band(mobile_bay_pages):
    """Play 30, moment 4: Brooklyn's rifles and smoothbores at one target lie in different bands of their own: does
    the smoke's -2 go by each gun's band or by one range for the ship? By each gun's own, as Table 10's range does."""
    assert "1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once" in mobile_bay_pages[1]


def test_the_quick_reference_says_where_table_13s_deviation_template_is(mobile_bay_text, mobile_bay_pages):
    """Play 30, moment 5: the quick reference sent a mortar's shot to "Table 13's landing" but the template prints
    with the gauges, not with the tables: the Plunging line says where it is, and that page holds it."""
    assert "lands by Table 13 (its deviation template is with the gauges) and rolls on the Plunging column" in mobile_bay_text
    gauges = [p for p in mobile_bay_pages if "Fire-arc template" in p]
    assert gauges and any("Table 13 · Indirect-fire deviation template" in p for p in gauges)


def test_a_stray_needs_no_smoke_and_the_quick_reference_and_readings_say_one_rule(mobile_bay_pages):
    """Play 31, moment 3: the readings' Stray hit began "in smoke", the quick reference's Obscured said any miss the
    bases made strays: the player could not tell whether turn 1 (no smoke) had strays. Both say it now."""
    ref = _reference(mobile_bay_pages)
    assert "a miss the bases made hits the vessel in the way, own or foe, smoke or none" in ref
    assert "Lashed partner a line to her centre over her partner hides her: her sheet's share " \
           "(the larger: her ¼/½/¾ marks); its misses hit him" in ref


def test_table_15s_machinery_boiler_roll_names_the_boiler_bursts_hit(mobile_bay_text):
    """Play 31, moment 5: "boiler on d6 5-6" did not say what a boiler result does; it is the Boiler Bursts hit."""
    assert "Draught Shallow or Very Shallow: then a d6: 5-6 her boiler bursts too (Special 5)" in mobile_bay_text


def test_what_is_left_of_an_emptying_hit_goes_on_and_hits_are_marked_in_the_order_thrown(mobile_bay_text):
    """Play 31, moments 9-11: a hit bigger than the wheel's WDP or the HDP left, and several hits at once: where
    the rest goes, and in what order they are marked. Also moment 1: which point of the target must be in arc."""
    assert "every further point, the rest of the hit that empties it too, is a flooding point" in mobile_bay_text
    assert "further points, the rest of that hit too, go on the Hull" in mobile_bay_text
    assert ("all at once (a vessel sunk or a gun lost this phase still fires, a fort too; both throw, then mark, firer by firer in roster order, each its hits as thrown): "
            "declare target, shot or shell, then measure (out of range: no shot; in arc: her centre inside it; "
            "a line past other bases: clear, at the Obscured modifier)") in mobile_bay_text


def test_a_pair_carried_by_an_abandoned_partner_moves_at_her_level(mobile_bay_text):
    """Play 31, moments 6-8: a pair carried by an abandoned partner: at what speed, what level after casting off,
    and whether the abandoned partner still lashed blocks the guns on her side."""
    assert ("one sunk: the other casts off at once, alone at the pair's last level (her top speed at most); struck or "
            "abandoned: the other carries her the next move (abandoned: straight, a level less a turn from it), then "
            "alone at that level") in mobile_bay_text
    assert "till he is cast off (from her CO turn's gunnery) or sunk (abandoned but lashed still blocks), then any line not across his base" in mobile_bay_text


def test_the_letter_readings_end_on_the_roster_page_and_waste_no_page(bundled_packs):
    """Play 30's fixes lengthened the readings (lashed rudder, repair dice, strays, deflected shot) and on Letter the
    last four rows spilled onto a page of their own (24 pages): the readings end on the roster's page, the whole
    Letter pack 23 pages, as A4's 22."""
    pages = _letter_pages(bundled_packs)
    holding = [p for p in pages if "What the text leaves open" in p]
    assert len(holding) == 1 and "Table 15 hits" in holding[0] and "Lashed partner" in holding[0]
    assert len(pages) == 23


def test_play32_where_a_range_is_taken_from_and_which_band_its_edge_reads(mobile_bay_pages):
    """Play 32, moments 1, 10 and 15: a fort has a mark, no base: from which point is its range taken? A range exactly
    on a band's edge (6"): which band? And the obscured share had no worked example. Said once, where the ranges are."""
    ref = next(p for p in mobile_bay_pages if "Table 10 · to hit" in p)
    assert ("ranges (Tables 9, 12): her sheet's guns, in the cm they print: only the map is shrunk; measured base to "
            "base (a fort, firing or fired at: its mark to her base's nearest point), on a band's edge: the shorter band") in ref
    assert "over 3/4 -4 (her ¼, ½, ¾ marks hidden: 1, 2, 3)" in ref


def test_play32_a_forts_guns_past_its_cap_and_a_misfires_random_gun(mobile_bay_pages, mobile_bay_text):
    """Play 32, moments 2, 7 and 9: may a fort spread the guns its cap leaves over other ships, or must they idle? And
    is the random gun rolled for every misfire, in what order?"""
    forts = " ".join(p for p in mobile_bay_pages if "Fire log" in p)
    assert forts.count("the rest may fire at others in range (any spread; never at her)") == 2
    assert ("rolled for only on a jam or burst, her batches in her sheet's box order") in mobile_bay_text


def test_play32_holding_under_steam_fires_as_stationary_and_fire_is_marked_after_both_throw(mobile_bay_text):
    """Play 32, moments 8 and 11: a ship holding under steam: stationary or moving to her own gunners? And with both
    sides firing at once, whose hits are marked first?"""
    assert "HS hold under steam (I, no drift: a target Immobile, +1, her own fire no firer modifier)" in mobile_bay_text
    assert "still fires, a fort too; both throw, then mark, firer by firer in roster order, each its hits as thrown" in mobile_bay_text


def test_play32_turret_and_wheel_hits_and_a_shell_through_a_forts_walls(mobile_bay_text):
    """Play 32, moments 3, 4 and 5: does a turret hit, pierced or not, mark the TDP; which wheel a lashed ship's
    broadside hit strikes with her consort between; and does a shell that pierces a fort roll to burst?"""
    assert "a Turret hit, pierced or not, Gun Port, Port Jammed, deflected: the turret's TDP" in mobile_bay_text
    assert "the one facing the firer, a partner between or not; WDP, not HDP" in mobile_bay_text
    assert ("(a shell: burst, all its Shell figure; dud, after the slash; deflected, none; a deflected shot: after the slash, "
            "whole)") in mobile_bay_text


def test_play32_an_empty_hull_is_abandoned_at_once_burns_on_and_the_speed_cap_bites_next_orders(mobile_bay_text):
    """Play 32, moments 12, 13 and 14: 0 HDP: abandoned outright or a morale test; are her fires still tested; and
    does the ½-left speed cap bite at once or from the next orders?"""
    assert "(the text: destroyed), at once, no morale test" in mobile_bay_text
    assert "is a flooding point (her fires still test, and their HDP flood her too)" in mobile_bay_text
    assert "each machinery box struck -1 level; causes add (a wheel too); from her next orders, down to it at once" in mobile_bay_text


def test_play32_gunners_are_driven_off_only_by_a_shell_from_medium_range_or_nearer(mobile_bay_pages, mobile_bay_text):
    """Play 32, moment 6: every shell bursting on a fort at any range drove its gunners off, and the forts fired at -1
    nearly every turn. Ours (reconstructed): only a shell from the firing gun's M band or nearer (the ships
    abreast, not the long-range approach), said in the readings, on the fort sheets and in the Deflected line."""
    assert RS.tables().require("gunners_driven_off").rows["within"] == "M or nearer"
    assert "Gunners driven off a shell from M or nearer bursting on a fort" in mobile_bay_text
    assert "a fort: none either; detonation d10: burst from M or nearer, Gunners driven off" in mobile_bay_text
    assert all("Driven off: burst within M: tick, to hit −1 next turn only, erase" in p
               for p in mobile_bay_pages if "Fire log" in p)


def test_play32_the_readings_intro_speaks_to_a_player_not_of_files(mobile_bay_pages):
    """Play 32, moment 16: page 3 spoke of house-rules files and option names a club does not have."""
    page = next(p for p in mobile_bay_pages if "What the text leaves open" in p)
    assert "Rules the surviving text lost or leaves open, as this pack plays them; another reading:" in page
    assert "House-rule option" not in page  # play 44 gives the file its one line: see test_p44_the_readings_...


def test_play32_the_last_page_says_nothing_twice(mobile_bay_pages):
    """Play 32, moment 17: page 22 is too dense. What it said twice is said once (a pierced turret's track in the
    Turret guns row, a deflected Gun hit's by the Deflected rule), the Obscured and Wheel rows in fewer words, the
    type no smaller, the pack still 22 pages."""
    last = mobile_bay_pages[-1]
    assert len(mobile_bay_pages) == 22 and "Empty tracks and part armour" in last
    assert "as a pierced turret's" not in last and "the stopping armour's track" not in last
    # play 34 adds the quick count of the base's marks (one line's words, the page still 22 and the type no smaller)
    assert "low hulls or tall alike (ours, by the marks alone: her side's ¼, ½, ¾ it hides, one -1, two -2, three -4); at a fort (no base, ours):" in flat(last)
    assert "turning away from it one manoeuvrability poorer. Both (or her only wheel): a level slower a turn to Immobile" in last


def test_play32_the_sloops_under_the_forts_fire_are_driven_off_only_from_the_band_the_reading_names(library, tmp_path):
    """Play 32, moment 6, its price (tools/sotw_fort_morgan.py --sloops): with the gunners driven off only by a shell
    from M or nearer, a lone Brooklyn under the fort's share fares worse than when any burst drove them off, and
    better than at S or nearer (on the day's track she never closes to S: the text's reading in effect)."""
    tool = _fort_tool()

    def at_zero(house_rows: str | None) -> float:
        house = None
        if house_rows:
            house = tmp_path / f"h{abs(hash(house_rows))}.yaml"
            house.write_text(f"smoke-on-the-water:\n  gunners_driven_off:\n    rows: {house_rows}\n")
        return tool.sloop_summary(tool.Game(library, house, "best"), "uss-brooklyn", 200, 31)[5]["at_zero"]

    ours, anywhere, short = at_zero(None), at_zero("{within: E or nearer}"), at_zero("{within: S or nearer}")
    assert anywhere < ours < short, (anywhere, ours, short)


def test_play33_a_pairs_start_and_the_consort_past_the_channel_edge(mobile_bay_pages, mobile_bay_text):
    """Play 33, moment 1 (pp. 2-3): what does a lashed pair's start coordinate name, and may the consort's base lie
    west of the channel edge? The larger's centre; off the channel is deep water, no test."""
    assert "set up: the larger's centre on her start, the consort touching her on the named side" in mobile_bay_text
    assert "other water, off the channel either side (a consort past it), is deep: no test" in mobile_bay_pages[1]


def test_play33_a_criticals_armour_die_a_monitors_port_jammed_and_a_natural_ten(mobile_bay_pages):
    """Play 33, moments 2, 3 and 7 (p. 21): which d10 tests a critical's armour (the hit's one deflection die, against
    the armour Table 15 names); where a monitor's Port Jammed goes (the turret's armour and TDP); and does a natural
    10 misfire when 10 or more is needed (yes, the text: 'an unmodified roll of 10 always misses')."""
    ref = _reference(mobile_bay_pages)
    assert "armour: what tests it, by the hit's one deflection d10, its gun and range" in ref
    assert "pierced or deflected alike; armour, damage where it sits (turret: TDP; else a hull hit) *" in ref
    assert "Table 11 · misfire (a natural 10 to hit, even needing 10 or more)" in ref


def test_play33_flooding_is_lost_every_repair_phase_with_a_worked_example(mobile_bay_pages):
    """Play 33, moment 4 (p. 22): Brooklyn's 3 flooding points: FP -3 once, or every repair phase? Every phase, the
    text's ('during the repair phase each turn'), with the count worked where the player looks, and on Table 15."""
    ref = _reference(mobile_bay_pages)
    assert "every repair phase, from this turn's, she loses an FP for each (3 points: FP 15, 12, 9, 6, 3, 0: sunk)" in ref
    assert "each lost again as an FP every repair phase, the first this turn (the text; see Flooding)" in ref


def test_play33_driven_off_is_minus_one_to_hit_and_smoke_minus_two_once(mobile_bay_pages, mobile_bay_text):
    """Play 33, moments 5 and 6: 'guns -1 next turn' read as a gun fewer or -1 to hit (to hit, every gun of the fort,
    said on the readings, fort sheets and counters); the powder smoke's -2, once a shot or twice, on whose bands
    (once, the firing gun's); and the defect: Fort Morgan's 32 guns on p. 3 against 28 bearing on p. 2."""
    assert "all its guns -1 to hit next turn, once; it still smokes (-2 too)" in mobile_bay_text
    forts = " ".join(p for p in mobile_bay_pages if "Fire log" in p and "Driven off:" in p)
    assert forts.count("Driven off (−1 to hit) *") == forts.count("tick, to hit −1 next turn only") == 2
    assert "Driven off Fort Morgan to hit −1 next turn" in mobile_bay_text and "guns −1" not in mobile_bay_text
    assert "1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once" in mobile_bay_pages[1]
    assert "Fort Morgan fort walls M SDP 48 16 LSB, 7 HC, 5 MR (+4 LSB idle)" in mobile_bay_text


@pytest.mark.parametrize("moment, words", [
    # 1: "does the old fire still burn its 1 HDP and roll to go out, as well as the new out-of-control burn?"
    (1, "Out of control * 1d6 HDP, then d10: back to on fire on 1, magazine explodes on 10 (Table 15 special 6); one a "
        "marker made burns this phase as that alone (no on-fire burn too)"),
    # 2: "Brooklyn's fire went out of control in phase 6, after that turn's morale phase. When does she test?"
    # and its defect: "no box to note 'morale tested – held' ... no place to note which causes have already been tested"
    (2, "5 Morale test each cause since the last phase 5 (¼ bar, fire out of control, half FP; held: Tactical cell MH) *"),
    # 3: "the Machinery line says only 'hull damage'": as a hull hit, so the Shell rule's burst roll applies
    (3, "3 Machinery machinery if it penetrates: strike a machinery box (max speed -1 level), hull damage as a hull hit;"),
    # 4: "both the fire test marker for being within 10 cm and the lashed effect? '1d6 FP' flotation lost at once?"
    (4, "one locked or lashed to her (casting off too), besides: her magazine too on d6 5-6, else 2d6 HDP, 1d6 "
        "flooding points"),
    # 5: "can a sunk ship carry anything, and what is Octorara's speed on turn 4?"
    (5, "one sunk: the other casts off at once, alone at the pair's last level (her top speed at most)"),
    # 6: "do an abandoned ship's fires keep testing, and does she still get repairs?"
    (6, "Abandoned a level slower each turn until Immobile, no steering, no firing, no repairs (her fires still test)"),
    # 7: "the random gun d10 can only land on gun 2. Throw it anyway? Does a jammed gun count as lost for being destroyed?"
    (7, "to jam, a jammed gun counts as lost (to destroy, not); only one it may be: no die"),
])
def test_play_34_moments_are_answered_where_the_player_looked(mobile_bay_text, moment, words):
    """Play 34, moments 1-7: each question the player had to rule on, printed in the A4 pack."""
    assert words in mobile_bay_text


def test_play_34_the_roster_says_the_sheet_holds_the_armour_its_columns_do_not(mobile_bay_pages):
    """Play 34 defect: Selma's sheet reads "Machinery T (part)" where the roster gives U/–/–/U "with no part-armour p
    flag": the roster's columns are hull, casemate, turret and deck; the legend says the sheet gives the rest."""
    roster = flat(next(p for p in mobile_bay_pages if "What the text leaves open" in p))
    assert "Armour: p part-armoured (her sheet's \"(part)\"); other parts: her sheet" in roster
    assert "Machinery T (part)" in flat(_sheet_page(mobile_bay_pages, "CSS Selma"))


def test_play_34_obscured_shares_have_a_quick_count_by_the_bases_marks(mobile_bay_text):
    """Play 34: "obscured shares (pp. 20, 22) need careful geometry each time ... the main drag at a club table".
    A standing quick count (ours) by the ¼, ½ and ¾ marks every base carries, which meets Table 10's bands at them."""
    assert "marked at ¼, ½, ¾ along each side" in mobile_bay_text
    assert "(ours, by the marks alone: her side's ¼, ½, ¾ it hides, one -1, two -2, three -4)" in mobile_bay_text


def test_play_34_a_row_of_two_pivot_guns_says_pivots(mobile_bay_pages):
    """Play 34 defect (p. 5): Brooklyn's sheet "lists 2 × 100-pdr on a single bow pivot and 2 × 60-pdr on one forward
    pivot ... two guns on one pivot looks doubtful". Each gun has its own pivot: a row of two says "pivots"."""
    brooklyn = flat(_sheet_page(mobile_bay_pages, "USS Brooklyn"))
    assert "2 MR 100-pounder Parrott rifle pivots at bow 225–135°" in brooklyn
    assert "2 MR 60-pounder Parrott rifle pivots at forward 240–120°" in brooklyn
    hartford = flat(_sheet_page(mobile_bay_pages, "USS Hartford"))
    assert "1 MR 100-pounder Parrott rifle pivot at bow 225–135°" in hartford


def test_play_34_the_cast_off_marker_says_it_falls_due_next_move(mobile_bay_pages):
    """Play 34 defect: "there is no box for 'cast off pending', i.e. the partner sunk and the pair to cast off next
    move (p. 3). The cast-off counters (p. 20) help." The marker is laid when it falls due and says when."""
    counters = flat(_counter_pages(mobile_bay_pages))
    assert "Cast off" in counters and counters.count("speed __ from now") >= 7  # one for each lashed consort


def test_play35_a_forts_target_size_and_immobile_stack_on_its_sheet(mobile_bay_pages):
    """Play 35, moment 1 (pp. 3, 15, 22): "does a fort's target size F (+2) stack with Immobile (+1)? The fort sheet
    says 'target size F, Immobile (+1)'." They are two of Table 10's lines: the sheet prints both and the sum."""
    forts = [p for p in mobile_bay_pages if "Fire log" in p and "Shot at" in p]
    assert forts and all("size F +2 + Immobile +1 = +3" in p for p in forts)
    assert not any("target size F, Immobile (+1)" in p for p in mobile_bay_pages)


def test_play35_a_rudder_critical_does_hull_damage_as_a_hull_hit(mobile_bay_text):
    """Play 35, moment 2 (pp. 3, 21, 22): "where does the damage of a Rudder critical go, and does a shell that causes
    it roll detonation? Table 15's Rudder line gives only the steering effect." On the Hull as a hull hit, the Shell
    rule's words, so a shell rolls detonation."""
    assert ("each box repaired on its own (Repairs); hull damage as a hull hit") in mobile_bay_text


def test_play35_the_larger_of_a_lashed_pair_behind_her_consort_reads_the_quick_marks(mobile_bay_text):
    """Play 35, moment 3 (pp. 6, 3, 22): "is the larger ship obscured when her own consort sits between her and the
    firer? ... Only the consort's sheet prints a share; Brooklyn's sheet has none." Yes: the quick marks."""
    assert ("a line to her centre over her partner hides her: her sheet's share (the larger: her ¼/½/¾ marks); "
            "its misses hit him") in mobile_bay_text


def _both_papers(bundled_packs, mobile_bay_pages) -> list[str]:
    """The whole A4 and Letter packs' text, each flattened."""
    return [" ".join(mobile_bay_pages), " ".join(_letter_pages(bundled_packs))]


def test_play36_a_consorts_sheet_says_where_her_centre_sits(bundled_packs, mobile_bay_pages):
    """Play 36, moment 1 (p2, p3): "The 'sterns level' placement is on p3, but there is no figure for the consort's
    offset." Her sheet gives it from the two bases: Octorara 3.45 cm to port of Brooklyn's centre, 0.95 cm aft."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "after a /; her centre 3½ cm to port of his, 1 cm aft; she fires to port or dead ahead/astern ±5° only; behind Brooklyn" in text
        assert text.count("cm to port of his") == 7  # every consort of the seven pairs


def test_play36_a_ship_firing_at_a_fort_ranges_to_its_mark(bundled_packs, mobile_bay_pages):
    """Play 36, moment 2 (p21 Table 10, p15 "Shot at"): Table 10 gave the fort-to-ship range only; a ship firing at a
    fort measures the same way, to its mark."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "(a fort, firing or fired at: its mark to her base's nearest point)" in text
        assert text.count("Shot at *: 1. ranges from and to its mark (its start point)") == 2


def test_play36_a_stack_hit_throws_no_deflection_die(mobile_bay_text):
    """Play 36, moment 3 (p4, p21 Table 14): "Stack U (Hull damage only)", but is there a deflection roll? None: U
    is Table 16's '*', the hit goes through."""
    assert "(Stack: U, no deflection die, Hull damage only)" in mobile_bay_text


def test_play36_port_jammed_picks_any_gun_bearing_and_damages_where_it_sits(mobile_bay_text):
    """Play 36, moment 5 (p21 Table 15, Critical 2): which guns count as bearing, and where 'damage where it sits' goes
    for a gun outside a turret."""
    assert ("jams a random unjammed gun bearing on the firer (pivots, howitzers too; none: no jam) till repaired, pierced or deflected alike; "
            "armour, damage where it sits (turret: TDP; else a hull hit)") in mobile_bay_text


def test_play36_a_fort_critical_is_the_location_dies_10(bundled_packs, mobile_bay_pages):
    """Play 36, moment 6 (p15): "the '10 (not the to-hit die's)' wording needed two readings"."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert text.count("each hit's own location d10 (no column to read), a 10 on it (not the to-hit d10)") == 2
        assert "not the to-hit die's" not in text


def test_play36_a_gun_jammed_this_turn_and_flooding_this_turn_count_in_this_repair_phase(bundled_packs, mobile_bay_pages):
    """Play 36, moments 7 and 13 (p3 Repairs, p21 Tables 1 and 15, p22 Flooding): may a gun jammed in this turn's
    gunnery be repaired in this turn's phase 7? Is the first FP of a Flooding critical lost this turn or next?"""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "7 Repair FP lost = flooding points; clear jams (this turn's too) and the rudder" in text
        assert "each lost again as an FP every repair phase, the first this turn (the text; see Flooding)" in text
        assert "every repair phase, from this turn's, she loses an FP for each" in text


def test_play36_a_natural_1_hits_even_needing_under_1(bundled_packs, mobile_bay_pages):
    """Play 36, moment 8 (p21 Tables 10, 11): "does a natural 1 hit when the needed number is below 1 (the
    Confederate ships at long range needed -1 to 1)?" It does: the quick reference's Table 10 says so."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("Table 10 · to hit: 5 or less on a d10, each gun its own (1 always hits, even needing under 1; "
                "10 misfires; a turret's guns at one target *)") in text


def test_play36_slow_medium_and_holding_under_steam_move_no_number(bundled_packs, mobile_bay_pages):
    """Play 36, moment 9 (p2 Tide drift, p22 HS, p21 Table 10): no modifier for a Slow firer or target, or a firer
    holding under steam: said on Table 10 and on every sheet's to-hit strip."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        assert ("firer Fast -1, Very Fast -2 (Slow, Medium, Immobile, HS +0) · target Fast -1, Very Fast -2, "
                "Immobile +1 (Slow, Medium +0)") in text
        sheets = [p for p in pages if "To hit (Table 10):" in p]
        assert sheets and all("firer F −1 V −2 else 0 · target F −1 V −2 I +1 else 0" in p for p in sheets)


def test_play36_a_ship_coming_on_may_turn_in_her_first_move(mobile_bay_text):
    """Play 36, moment 10 (p2 turn table, p21 Phase 2): an arriving ship with no binding: straight on, or may she
    already turn? Her orders, turns too."""
    assert "move at her start speed or a level slower or faster (her orders, turns too), or waits off" in mobile_bay_text


def test_play36_turning_without_a_cut_strip(bundled_packs, mobile_bay_pages):
    """Play 36, moment 11 (pp16-17, p22 Turning): "The pack assumes cut paper templates." One line: the centre runs
    an arc of the strip's radius (its outer edge, where her side runs) plus half her base's width."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("lay it again end to end for more; no strip: her centre on an arc of its radius R + half her base's "
                "width") in text


def test_play36_driven_off_is_every_gun_of_the_fort_and_stacks_with_smoke(mobile_bay_text):
    """Play 36, moment 12 (p2 Powder smoke, p15): do smoke and Driven off stack, and is it the whole fort? Both."""
    assert ("a shell from M or nearer bursting on a fort (deflected too): all its guns -1 to hit next turn, once; "
            "it still smokes (-2 too)") in mobile_bay_text


def test_play36_the_set_up_says_the_gunboats_fire_to_port_only(bundled_packs, mobile_bay_pages):
    """Play 36, moment 14 (pp5-12): "The consorts never fired. They sit to port, and every target was to starboard
    ... the pack never says that this means a third of the Union guns are dead weight all evening." The set-up page's
    Lashed pairs rule says it."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = next(p for p in pages if p.startswith("Set-up") or "Set-up:" in p[:200])
        # play 37, moment 1: the same arcs as the roster page's Lashed pairs and the consorts' sheets
        assert "Neither ship fires across her partner, bar dead ahead/astern ±5° (roster page: Lashed pairs)." in setup


def test_play36_the_roster_names_the_forts_idle_guns(bundled_packs, mobile_bay_pages):
    """Play 36 defect (p3 roster): "20 LSB, 7 HC, 5 MR (4 never fire)" is "consistent but confusing": which 4."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "Fort Morgan fort walls M SDP 48 16 LSB, 7 HC, 5 MR (+4 LSB idle)" in text


def _setup_page(pages: list[str]) -> str:
    return next(p for p in pages if p.startswith("Set-up") or "Set-up:" in p[:200])


def test_play37_the_set_up_and_the_roster_give_a_consort_the_same_arcs(bundled_packs, mobile_bay_pages):
    """Play 37, moment 1 (p2, p3, the consorts' sheets): the set-up page said a lashed gunboat "fires to port only,
    never at the fort", p3 and her sheet leave dead ahead or astern ±5° free. One rule: the set-up line gives the
    same arcs and points to the roster page's Lashed pairs; A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup, text = _setup_page(pages), " ".join(pages)
        assert "Neither ship fires across her partner, bar dead ahead/astern ±5° (roster page: Lashed pairs)." in setup
        assert "never at the fort" not in text and "fires to port only" not in text
        assert "fires to the partner's side of her keel line (dead ahead or astern, ±5°, is free)" in text


def test_play37_port_jammed_jams_one_gun_and_flooding_is_a_hull_hit(bundled_packs, mobile_bay_pages):
    """Play 37, moments 2 and 3 (p21 Table 15): two Port Jammed on a two-gun turret: one gun each, a jammed one not
    picked again; and a shell's Flooding critical does its hull damage as a hull hit, so it rolls detonation."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "Port Jammed casemate/turret/hull jams a random unjammed gun bearing on the firer" in text
        assert ("each lost again as an FP every repair phase, the first this turn (the text; see Flooding), hull "
                "damage as a hull hit") in text


def test_play37_a_fort_clears_a_jam_as_a_ship_does(bundled_packs, mobile_bay_pages):
    """Play 37, moment 4 (p3 Repairs, p15): do forts repair jammed guns? Yes, on 3 or less: the Repairs reading says
    forts too, and each fort sheet's guns header says it where its / is struck."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        assert "each repair phase a d10 a jammed gun (forts too), port, turret, ticked rudder: 3 or less clears" in text
        forts = [p for p in pages if "Fire log" in p]
        assert len(forts) >= 1
        for page in forts:
            assert page.count("Guns · a box per gun: / while jammed (each repair phase a d10: 3 or less clears), X "
                              "destroyed") == page.count("Fire log"), page[:80]


def test_play37_a_lashed_pair_turns_with_the_outer_hull_at_her_offset(bundled_packs, mobile_bay_pages):
    """Play 37, moment 5 (p3 Lashed pairs): which centre follows the arc when the consort is outside the turn? The
    hull inside the turn runs the template's edge; the other keeps her set-up offset (her sheet's figures)."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "on the poorer template (the inner hull runs its edge, the other at her offset);" in text
        assert "her centre 3½ cm to port of his, 1 cm aft" in text


def test_play37_a_consorts_partner_counts_in_place_of_the_smoke(bundled_packs, mobile_bay_pages):
    """Play 37, moment 6 (the consorts' sheets, p2 Powder smoke): "not smoke" read two ways. The sheet now says the
    partner's −4 counts in smoke instead of its −2 (rule 2: never both)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        for consort in ("USS Octorara", "USS Metacomet", "USS Port Royal"):
            page = _sheet_page(pages, consort)
            assert "obscured (over ¾ −4; in smoke this, not its −2), clear of him: Obscured, his base too" in page, consort
            assert "not smoke" not in page
        assert "2. Bases hiding her (at a fort: hiding the firer) as much or more: theirs instead, never both." in _setup_page(pages)


def test_play37_water_off_the_channel_either_side_is_deep(bundled_packs, mobile_bay_pages):
    """Play 37, moment 7 (p2 plan key "outside, shoal or deep water"): which is which toward Mobile Point? The
    depths note under the key: only the shoals it names are shoal; other water off the channel, either side, is
    deep, no test."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "Middle Ground shoals: 9 ft" in setup
        assert ("no deeper draught, no test; other water, off the channel either side (a consort past it), is deep: "
                "no test.") in setup


def test_play37_touching_mobile_point_goes_straight_to_table_4(bundled_packs, mobile_bay_pages):
    """Play 37, moment 8 (p2 Mobile Point, p21 Tables 3-4): land has no Table 3 column and Table 4's mud-bank −1
    does not fit it: touching it, she is aground by Table 4 alone."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "146½. Touching it: aground, Table 4 alone." in setup
        assert "A base touching it is aground (Table 4)." not in setup


def test_play37_each_hull_bar_prints_the_hdp_left_as_a_number(bundled_packs, mobile_bay_pages):
    """Play 37, moment 9 (p6): where is the ¼ bar on Brooklyn's 81 boxes? Each bar's label now says the HDP left
    there: 20 or fewer is past Brooklyn's ¼ bar, 40 her ½."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        brooklyn = _sheet_page(pages, "USS Brooklyn")
        assert "½ left (40)" in brooklyn and "¼ left (20)" in brooklyn
        assert "¼ left (18)" in _sheet_page(pages, "USS Tecumseh")


def test_play37_an_abandoned_partner_is_carried_one_move_then_left(bundled_packs, mobile_bay_pages):
    """Play 37, moment 10 (p3): must manned Octorara carry an abandoned Brooklyn, or cast off? The other carries her
    that move (straight ahead, a level less), then goes alone at that level."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("struck or abandoned: the other carries her the next move (abandoned: straight, a level less a "
                "turn from it), then alone at that level") in text


def test_play37_table_1_names_the_morale_causes_and_the_one_fire_cap(bundled_packs, mobile_bay_pages):
    """Play 37, defects (p21 Table 1): the morale causes were only on p3, and one fire however many markers catch
    only on p3 and the counters: Table 1's phases 5 and 6 name both."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("5 Morale test each cause since the last phase 5 (¼ bar, fire out of control, half FP; held: Tactical "
                "cell MH) *") in text
        assert "6 Fire test each fire test marker (one fire however many catch), then each fire *" in text


def test_play37_the_set_up_page_says_its_unit(bundled_packs, mobile_bay_pages):
    """Play 37, defect (units): the pack plays in cm throughout; the set-up page says so where the plan is read."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "move and measure in the cm the sheets print" in setup and "cm on the table" in setup
        assert "Start (cm)" in setup


# ---------------------------------------------------------------------------------------------- play 38 (sotw23)


def test_play38_a_deflected_shell_on_a_fort_says_one_thing_and_rolls_detonation(bundled_packs, mobile_bay_pages):
    """Play 38, moments 2 and 3 (pp3, 15, 22): p. 3 and the fort sheet gave a deflected shell on a fort its after-slash
    SDP, p. 22's Deflected line nothing; and no line said the deflected shell rolls the detonation that Gunners driven
    off needs. All three now say: its Shell figure after the slash, and a detonation d10."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("a fort: none either; detonation d10: burst from M or nearer, Gunners driven "
                "off") in text
        assert "dud, after the slash; deflected, none; a deflected shot: after the slash, whole" in text
        assert "a burst's marker), a fort too (ours) bar an embrasure's gun; burst d10" in text
        assert "a fort: Gunners driven off, if it bursts" not in text


def test_play38_a_bow_wheel_hit_takes_the_wheel_its_column_names(bundled_packs, mobile_bay_pages):
    """Play 38, moment 7 (pp14, 22): the bow column prints "7 S.Wheel", the Wheel hit row "the wheel facing the
    firer". The row now says which: the bow, stern and plunging columns name it; the broadside's "Wheel" faces."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ('Wheel hit * bow, stern, plunging: the wheel its column names; broadside ("Wheel"): the one facing '
                "the firer") in text
        assert "from the broadside, the wheel facing the firer" not in text


def test_play38_a_start_at_0_kn_is_the_hs_order_said_once(bundled_packs, mobile_bay_pages):
    """Play 38, moment 9 (p2, p22): "0 kn" and "hold under steam" read as two states. The start speeds say they are
    one, I, and Changing speed's full turn Immobile counts HS."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert "0 kn is Immobile, the same I as an HS order (hold under steam)" in _setup_page(pages)
        assert "ahead to astern only after a full turn Immobile (HS too)" in " ".join(pages)


def test_play38_turning_has_a_worked_piece_and_the_marks_decide_obscured(bundled_packs, mobile_bay_pages):
    """Play 38, moments 1 and 4 (p22): how far the heading turns for "S8 F17" with no strip, and which of the line
    share and the quick ¼/½/¾ marks decides (the marks; a consort's sheet's "over ¾ −4" is that count)."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "her heading turning x/R radians (S8 on R 18: 8/18 × 57 = 25°, then F17 straight on)" in text
        assert "(ours, by the marks alone: her side's ¼, ½, ¾ it hides, one -1, two -2, three -4)" in text
        assert "(ours; quick:" not in text


def test_play38_forts_strays_idle_guns_smoke_and_a_criticals_armour_die(bundled_packs, mobile_bay_pages):
    """Play 38, moments 5, 6, 8 and 10: which vessel a stray from fire at a fort hits; whether a fort's guns past its
    cap with no other ship in reach sit idle; which gun and range a critical's armour d10 reads; and whether the smoke's
    −2 and the firer's screen count together at a fort."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "her own range and aspect; firing at a fort: the one hiding the firer)" in text
        assert "(rounded up, at least 2), the rest at others or idle" in text
        assert "by the hit's one deflection d10, its gun and range" in text
        assert "2. Bases hiding her (at a fort: hiding the firer) as much or more: theirs instead, never both." in text


def test_play38_the_set_up_page_says_where_the_ships_off_the_plan_come_on(bundled_packs, mobile_bay_pages):
    """Play 38, defect (p2): the plan draws only the ships on the table at the start; the later ones were "on no
    map". The set-up text now says where they come on, by the plan's own x."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("the rest arrive on its south edge: monitors x 66, pairs x 44½–33)") in _setup_page(pages)


def test_play39_a_shells_gun_hit_on_u_penetrates_and_a_partners_side_still_bears(bundled_packs, mobile_bay_pages):
    """Play 39, moments 1 and 3 (p22 Gun hit, Shell; p3 Lashed pairs): a shell's Gun hit on an unarmoured ship: is it
    "penetrating"? And does a lashed partner's side narrow the guns that bear for the random gun? Yes; no."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("else the hull; on U every hit, shot or shell, penetrates; a knocked-out turret's gun: a Hull hit) "
                "disables a random gun bearing on the firer (her arc holds the firer, in range or not, a lashed "
                "partner's side too): cross its box") in text


def test_play39_a_random_count_past_the_last_gun_goes_round_again(bundled_packs, mobile_bay_pages):
    """Play 39, moment 2 (p5 sheet, p21 Table 11): "over 10 guns: +10 on d6 4–6" with 15 bearing: what is 17? The
    quick reference works it: the count goes round again, the 2nd. The sheets keep their line as it was."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("A random gun: of those it may be, a d10 counted round them in box order") in _reference(pages)
        assert "past the last, on from the first: 7 +10 of 15 is the 2nd)" in _reference(pages)
        brooklyn = _sheet_page(pages, "USS Brooklyn")
        assert "random gun bearing a d10 counted round them in box order, lost ones too (over 10 guns: +10 on d6 4–6)" in brooklyn


def test_play39_a_deflected_shell_at_a_fort_reads_one_way_on_p3(bundled_packs, mobile_bay_pages):
    """Play 39, moment 4 and the shell-wording defect (p3, p14, p22): p. 3 said "no damage ... a fort: Fort pierced",
    p. 22 the after-slash figure and a detonation d10. P. 3 now names the detonation too, on one line, and Gunners
    driven off counts a deflected shell in plain words."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        readings = next(p for p in pages if "What the text leaves open" in p)
        assert ('Deflected shell no damage ("no further effect"; cottonclad: a burst\'s marker), a fort too '
                "(ours) bar an embrasure's gun; burst d10 deflected_shell") in readings
        assert "bursting on a fort (deflected too): all its guns -1 to hit next turn" in readings
        assert "(pierced or not): all its guns" not in readings


def test_play39_a_consorts_sheet_says_where_she_may_fire(bundled_packs, mobile_bay_pages):
    """Play 39, moment 5 (p2, p3): may Octorara fire across Brooklyn's bow at the fort on his far side? Only dead
    ahead or astern ±5°; every consort's own sheet now says so, A4 and Letter. And Galena, level with Oneida (defect:
    no aft figure), says so."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert text.count("she fires to port or dead ahead/astern ±5° only; behind") == 7
        assert "1 cm aft; she fires to port or dead ahead/astern ±5° only; behind Brooklyn" in text
        assert "2.8 cm to port of his, centres level; she fires to port" in text
        assert "fires to port only" not in text


def test_play39_a_gun_declared_at_a_ship_out_of_its_range_loses_its_shot(bundled_packs, mobile_bay_pages):
    """Play 39, moment 7 (p14 fort sheet, p21 Table 1): Fort Morgan's 32-pdrs given to Winnebago and Hartford, then
    measured past their 80 cm. Table 1 says declare, then measure; it now says what comes of it: no shot."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("declare target, shot or shell, then measure (out of range: no shot; in arc: her centre "
                "inside it;") in _reference(pages)


def test_play39_the_roster_counts_fort_morgans_firing_guns(bundled_packs, mobile_bay_pages):
    """Play 39, defect (p3 roster): "20 LSB, 7 HC, 5 MR (4 LSB idle)" read as 20 firing LSB. The roster counts those
    that fire (16, as the sheet's boxes) and adds the idle ones after."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "Fort Morgan fort walls M SDP 48 16 LSB, 7 HC, 5 MR (+4 LSB idle)" in text
        assert "20 LSB" not in text


def test_play40_the_set_up_and_the_roster_bind_both_lashed_ships(bundled_packs, mobile_bay_pages):
    """Play 40, moment 2 (p2 against p3): the set-up line named only the gunboat's arc, the roster page binds both
    ships. The set-up line now binds both, as the roster does; A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "Neither ship fires across her partner, bar dead ahead/astern ±5° (roster page: Lashed pairs)." in setup
        assert "port gunboat fires to port" not in " ".join(pages)


# Play 40 (seed 2131, Mobile Bay, three turns from the A4 pack alone): the rulebook moments, sotw26


def test_p40_the_set_up_says_both_columns_come_on_together_one_ship_each_a_turn(mobile_bay_pages):
    """Moment 1: one ship a turn per column, or all at once? One a turn in each column, the two columns together,
    each where her start says (monitors x 66, pairs x 44½ to 33); the starts table's turns bear it out."""
    setup = next(p for p in mobile_bay_pages if p.startswith("Set-up:"))
    assert "the ships behind come on from the south edge, one a turn in each column, both columns at once" in setup
    assert "the rest arrive on its south edge: monitors x 66, pairs x 44½–33" in setup
    assert "USS Winnebago 66, 0 000° M arrives turn 1" in setup
    assert "USS Hartford + USS Metacomet 44½, 0 005° M lashed; arrives turn 1" in setup


def test_p40_a_shell_bursting_on_a_fort_does_its_whole_shell_figure_on_the_forts_one_track(mobile_bay_pages):
    """Moment 2: does "burst all" reach the third of the fort fired at, or the whole fort? The whole Shell figure,
    on the fort's one SDP track whichever face was hit (a third is the pierced shot's share of its figure)."""
    readings = next(p for p in mobile_bay_pages if "What the text leaves open" in p)
    assert ("Fort pierced a solid shot through the walls: a third of its Table 17 SDP, round up (a shell: burst, all "
            "its Shell figure; dud, after the slash; deflected, none; a deflected shot: after the slash, whole), every "
            "point on the fort's one SDP track, whichever face was hit fort_targets") in readings
    assert "burst all" not in readings
    forts = [p for p in mobile_bay_pages if "Fire log" in p and "Structure (SDP)" in p]
    assert forts and all(p.count("Structure (SDP)") == 2 * p.count("Fort · ") for p in forts)  # one track a fort


def test_p40_a_fort_driven_off_still_fires_and_its_smoke_still_lies(mobile_bay_text):
    """Moment 3: "smoke too" on a fort driven off: is smoke still made? Yes: its guns fire at -1, once however
    many shells burst, and the Powder smoke's -2 still counts, firing at it or from it."""
    assert ("Gunners driven off a shell from M or nearer bursting on a fort (deflected too): all its guns -1 to hit "
            "next turn, once; it still smokes (-2 too) gunners_driven_off") in mobile_bay_text
    assert "smoke too" not in mobile_bay_text


def test_p40_a_pilot_house_hit_binds_next_turns_move(mobile_bay_text):
    """Moment 4: a Pilot House hit taken after she has moved (gunnery follows movement): this turn or next? Her
    move this turn is made; the hit holds next turn's."""
    assert ("1 Pilot House pilot house if it penetrates: next turn's move holds speed and course; hull damage as a "
            "hull hit *") in mobile_bay_text
    assert "no change of speed or course next turn" not in mobile_bay_text


def test_p40_a_critical_on_a_part_armoured_location_rolls_the_part_armour_die(mobile_bay_text):
    """Moment 5: a critical on a partly armoured hull: which armour? The critical's location's (part) die as any
    hit's: 5 or less strikes that location's armour, else it counts U; the quick reference and p. 3 say it."""
    assert ("(part) armour * roll a d10 for each hit on it, a critical testing it too: 5 or less strikes its armour, "
            "else it counts U") in mobile_bay_text
    assert ("Partial armour a hit on a (part) location, a critical testing it too (not other armour): its armour on a "
            "d10 of 5 or less, else U partial_armour") in mobile_bay_text


def _crosses(a, b, c, d) -> bool:
    """Segments ab and cd cross (each one's ends strictly either side of the other's line)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def _inside(p, poly) -> bool:
    x, y = p
    n, hit = len(poly), False
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_p40_the_channel_edge_runs_clear_of_mobile_point_and_the_forts_stand_on_it(library, mobile_bay_pages):
    """Moment 6: the plan's channel edge ran over Mobile Point's tip (its east edge from 6250, 2800 yd crossed the
    point's west shore), so the fort seemed to sit off the point: the channel now runs close under the tip and
    clear of it, and both forts' marks stand on the point's land; the set-up page prints the new corners."""
    setup = library.scenarios["mobile-bay-1864"].setup
    point = next(land for land in setup.land if land.name == "Mobile Point").outline
    channel = next(w for w in setup.water if w.name == "Main Ship Channel").outline
    edges = lambda poly: [(poly[k], poly[(k + 1) % len(poly)]) for k in range(len(poly))]  # noqa: E731
    assert not any(_crosses(a, b, c, d) for a, b in edges(channel) for c, d in edges(point))
    assert not any(_inside(p, point) for p in channel) and not any(_inside(p, channel) for p in point)
    for fort in ("fort-morgan", "fort-morgan-water-battery"):
        assert _inside(setup.starts[fort].at, point), fort
    setup_page = next(p for p in mobile_bay_pages if p.startswith("Set-up:"))
    assert ("Main Ship Channel's edge: corners 38½, 0; 92, 0; 93, 75; 85½, 100; 86½, 150;") in setup_page
    assert "Land, corners (cm): 86½, 101½; 122, 96; 122, 148½; 101½, 146½." in setup_page


def test_p40_sight_lines_for_obscured_run_from_the_guns_mark_and_smoke_goes_by_range(mobile_bay_text):
    """Moment 7: obscured measured from what? From the firing gun's point, her base's mark nearest the gun (a
    turret's centre), to the ends of the target's side; smoke by the range band alone."""
    assert ("Obscured the share of her base other bases hide, seen along lines from the firing gun (her "
            "mark nearest it, a turret's centre) to the ends of her side (smoke: by range), low hulls or tall "
            "alike") in mobile_bay_text
    assert "1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once" in mobile_bay_text


def test_p40_every_sidewheelers_sheet_says_a_wheel_hit_is_the_wheel_facing_the_firer(mobile_bay_pages):
    """Moment 8: a paddle wheel hit: the wheel on the side facing the firer? Yes: said on each sheet whose Table 14
    prints a bare "Wheel" (a sidewheeler's broadside), and on no screw ship's."""
    sheets = [p for p in mobile_bay_pages if "Table 14 (d10) · " in p]
    wheelers = sum(p.count("Table 14 (d10) · sidewheel") for p in sheets)
    assert wheelers == 6  # Octorara, Metacomet, Port Royal, Selma, Morgan, Gaines
    assert sum(p.count("Wheel: the one facing the firer") for p in sheets) == wheelers
    octorara = _sheet_page(mobile_bay_pages, "USS Octorara")
    assert "Table 14 (d10) · sidewheel: 10 = critical (Table 15) · Wheel: the one facing the firer" in octorara
    assert "Wheel: the one facing the firer" not in _sheet_page(mobile_bay_pages, "USS Tecumseh")


# ---- play 41 (sotw27): /work/notes/r41/smoke-on-the-water.md, read back from the built A4 and Letter packs
def _corners(text: str, after: str) -> list[tuple[float, float]]:
    """The (x, y) cm pairs the set-up page prints after `after`, up to the next full stop or name."""
    said = text.split(after, 1)[1].split(".", 1)[0].split(" Middle", 1)[0].replace("½", ".5")
    return [(float(a), float(b)) for a, b in re.findall(r"(\d+(?:\.5)?), (\d+(?:\.5)?)", said)]


def test_p41_manhattans_turn_3_base_is_off_the_land_and_channel_and_land_share_no_ground(bundled_packs,
                                                                                          mobile_bay_pages):
    """Moment 1 (answered by play 40's channel, sotw26): the channel's corner 94, 97½ crossed Mobile Point's west
    shore, so one strip was both "24 ft" and "aground". From the set-up page's printed corners, A4 and Letter: no
    corner of the one lies in the other, and Manhattan's turn-3 base (centre 81.5, 98, heading 019°, 122 × 32 mm)
    has no corner on the land: the player's 2 cm pass is water."""
    import math

    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        land = _corners(setup, "Land, corners (cm):")
        channel = _corners(setup, "Main Ship Channel's edge: corners")
        assert land == [(86.5, 101.5), (122, 96), (122, 148.5), (101.5, 146.5)]
        assert len(channel) == 9 and (94, 97.5) not in channel
        assert not any(_inside(p, land) for p in channel) and not any(_inside(p, channel) for p in land)
        h = math.radians(19)
        ahead, abeam = (math.sin(h), math.cos(h)), (math.cos(h), -math.sin(h))
        base = [(81.5 + a * 6.1 * ahead[0] + b * 1.6 * abeam[0], 98 + a * 6.1 * ahead[1] + b * 1.6 * abeam[1])
                for a in (1, -1) for b in (1, -1)]
        assert not any(_inside(p, land) for p in base), base


def test_p41_every_consorts_offset_sets_the_two_bases_touching(bundled_packs, mobile_bay_pages):
    """Moment 2: Seminole's sheet put her centre 2½ cm to port of Lackawanna's, where their bases (29 and 25 mm wide)
    need 2.7 to touch: they overlapped by 2 mm (Kennebec, Itasca and Galena too). Each consort's offset is now half the
    two widths, to the mm, rounded up: the bases touch and never overlap, as the Lashed pairs reading sets them."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        sheets = [p for p in pages if "cm to port of his" in p]
        seen = {}
        for page in sheets:
            widths = [int(w) for w in re.findall(r"Base \d+ × (\d+) mm", page)]
            for name, cm in re.findall(r"Lashed to (\w+(?: \w+)?): one order.*?her centre ([\d.½]+) cm to port of his",
                                       page):
                seen[name] = float(cm.replace("½", ".5"))
                half = (widths[0] + widths[1]) / 2 / 10  # the partner's sheet first, the consort's below it
                assert half <= seen[name] < half + 0.1, (name, cm, widths)
        assert seen == {"Brooklyn": 3.5, "Hartford": 3.5, "Richmond": 3.5, "Lackawanna": 2.7, "Monongahela": 2.7,
                        "Ossipee": 2.7, "Oneida": 2.8}, seen


def test_p41_a_shell_through_a_forts_walls_leaves_no_fire_marker_but_its_critical(bundled_packs, mobile_bay_pages):
    """Moment 3: the Shell row's "a fire test marker on the target" met the fort rules' fire only by a fort critical.
    Ours: a fort's markers come from its critical (4-5 fire, 6 magazine) alone, said where the marker is given."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("a fire test marker on the target (her sheet's Fire tests; none on a Stack hit or a fort: a fort "
                "critical's alone)") in text
        assert "4-5 fire: a fire test marker; 6 magazine: 2d6 SDP more and a fire test marker" in text


def test_p41_a_deflected_shell_on_a_fort_is_unpierced_on_one_line(bundled_packs, mobile_bay_pages):
    """Moment 4: "a fort: Fort pierced" read as a deflected shell piercing the walls. The readings row now says the
    after-slash figure, unpierced, and the detonation die (Gunners driven off), on one line, A4 and Letter; the fort
    pierced row keeps "burst, all its Shell figure" (play 40)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        readings = next(p for p in pages if "What the text leaves open" in p)
        assert ('Deflected shell no damage ("no further effect"; cottonclad: a burst\'s marker), a fort too '
                "(ours) bar an embrasure's gun; burst d10 deflected_shell") in readings
        assert "a fort: Fort pierced" not in readings
        assert "(a shell: burst, all its Shell figure; dud, after the slash; deflected, none;" in readings


def test_p41_a_consort_clear_of_her_partner_is_obscured_as_any_ship(bundled_packs, mobile_bay_pages):
    """Moment 5: Octorara, the line to her centre clear of Brooklyn, yet Brooklyn and Manhattan hid 83% of her: her
    sheet said "clear of it none". Now: clear of him, the Obscured rule, his base counted with the others; the stray
    goes to the one hiding most (the quick reference's Obscured row)."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        consorts = [p for p in pages if "cm to port of his" in p]
        text = " ".join(consorts)
        assert text.count("in smoke this, not its −2), clear of him: Obscured, his base too") == 7
        assert "clear of it none" not in text
    assert ("of several, the one nearest the gun on the line to the target's centre, else the one hiding most"
            in " ".join(mobile_bay_pages))


def test_p41_a_stray_hit_is_the_hit_as_it_fell_shell_and_all(bundled_packs, mobile_bay_pages):
    """Moment 6: a stray shell off a ship firing at a fort: does it detonate and mark? It is the hit as it fell,
    shell and all (detonation, marker), at her own range and aspect."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("the hit as it fell, shell and all, her own range and aspect; firing at a fort: the one hiding the "
                "firer)") in text


def test_p41_morale_held_goes_in_the_tactical_cell_and_the_bar_counts_when_reached(bundled_packs, mobile_bay_pages):
    """Moments 7 and 8: "held: write it in her log", and the log has no morale column: MH in her Tactical cell.
    Brooklyn at exactly 40, her ½ bar: the Hull damage row says "down to" it, at it counts (as Morale's reading)."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "half FP; held: Tactical cell MH) *" in text
        assert "write it in her log" not in text
        assert "Hull damage * down to the ½ left bar (at it counts) max speed -1 level, at ¼ left -2" in text
        assert "tested once her HDP reach the ¼ bar (at it counts)" in text


def test_p41_a_burst_shells_fire_critical_leaves_two_markers(bundled_packs, mobile_bay_pages):
    """Moment 9: a burst shell's Fire critical, one marker or two? Two, the critical's and the burst's; the row is
    ours (*), A4 and Letter."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("3 Fire hull if it penetrates: fire test marker (a burst shell leaves its own too: two); hull damage "
                "as a hull hit *") in text
        assert 'rolls the same: burst, the Shell figure and a marker' in text


def test_p41_bases_touch_when_no_card_slips_between(bundled_packs, mobile_bay_pages):
    """Moment 10: Tennessee and Selma 1 mm apart: a collision? Ours: bases touching is no card slipping between, a
    test any table can make (a 1 mm gap takes a card: no contact)."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert "range is base to base, a collision is bases touching (ours: no card slips between)," in text


def test_p41_a_forts_fire_log_numbers_its_boxes_as_the_targets_are_declared(mobile_bay_pages):
    """Moment 11: which of a face's boxes fired at which ship, for a misfire's random gun? The A4 fire log's heading
    says the boxes at each ship as declared (the player's ruling); the sheet's fire line already lets any spread."""
    fort = next(p for p in mobile_bay_pages if "Fort Morgan " in p and "Fire log" in p)
    assert ("Fire log · each face: ships, gun boxes, for a misfire's random gun (so: Brooklyn boxes 1–5; Hartford 6, "
            "7 and 13)") in fort
    assert "the rest may fire at others in range (any spread; never at her)" in fort


def test_p41_a_fort_emptied_in_a_volley_rolls_no_later_critical(bundled_packs, mobile_bay_pages):
    """Moment 12: Winnebago's embrasure critical came in the volley that took Fort Morgan to 0: roll the gun? No: at
    0 SDP it is destroyed at once, no later fort critical; on the readings page, one line, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        readings = next(p for p in pages if "What the text leaves open" in p)
        assert ("Fort at 0 SDP destroyed at once, yet fires that phase as a vessel (jams, bursts moot); no later fort "
                "critical; never tests morale —") in readings


def test_p41_the_flooding_line_sinks_her_at_fp_0_as_the_quick_reference_does(bundled_packs, mobile_bay_pages):
    """Defect (flooding wording): the sheets said "past the last box: sinks", p22 "sinks at 0". Every vessel sheet's
    damage line now says FP 0 (all 22 on A4; Letter's that print it), as the Flooding row and Empty tracks do."""
    for pages, lines in ((mobile_bay_pages, 22), (_letter_pages(bundled_packs), None)):
        said = sum(p.count("each repair: FP −flooding (FP 0: sinks)") for p in pages)
        assert said == (lines or said) and said == sum(p.count("each repair: FP −flooding") for p in pages) > 0
        assert not any("past the last box: sinks" in p for p in pages)
        assert "she loses an FP for each (3 points: FP 15, 12, 9, 6, 3, 0: sunk)" in " ".join(pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p41_the_plan_sets_mobile_point_on_the_land_and_the_channels_name_off_it(library, paper):
    """Lead's note (sotw26's left-over): the plan's "Mobile Point" sat in the water west of the tip, and on Letter the
    channel's name ran over the land. A ground's name now goes on its ground: the point's label's middle on the land,
    the channel's with neither end nor middle on it, A4 and Letter."""
    from conftest import setup_blocks_on
    from shipyard.pack.setup_page import plan_of
    from shipyard.render.plan import _inside as on

    blocks, box = setup_blocks_on(library, "mobile-bay-1864", "smoke-on-the-water", paper)
    plan, width = plan_of(blocks, box.w)
    s = min(width / plan.width, plan.max_height / plan.depth)
    h = plan.depth * s
    outline = {shape.name: [(x * s, h - y * s) for x, y in shape.points] for shape in plan.shapes if shape.name}
    labels = {text: box for text, *box in plan.labels(width)}
    x0, y0, x1, y1 = labels["Mobile Point"]
    assert on((x0 + x1) / 2, (y0 + y1) / 2, outline["Mobile Point"])
    x0, y0, x1, y1 = labels["Main Ship Channel"]
    assert not any(on(x, (y0 + y1) / 2, outline["Mobile Point"]) for x in (x0, (x0 + x1) / 2, x1))
    assert on((x0 + x1) / 2, (y0 + y1) / 2, outline["Main Ship Channel"])


# ---- play 42 (sotw28): /work/notes/r42/smoke-on-the-water.md, read back from the built A4 and Letter packs
def test_p42_a_boiler_burst_abandons_her_at_once_and_does_a_hull_hits_damage(bundled_packs, mobile_bay_pages):
    """Moment 3: Boiler Bursts (Brooklyn, one shell) gave no damage, no word on the shell's burst or marker, nor on a
    morale test. It tests the hull; through it, she is abandoned at once with no morale test (the text's "as if" by a
    failed one; the Abandoned row says the rest) and takes the hit's hull damage, a shell's burst and marker with it."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("5 Boiler Bursts machinery if it penetrates: abandoned at once, no morale test (Abandoned); hull damage as "
                "a hull hit * 6 Magazine Explodes") in text
        assert 'A shell\'s critical doing "hull damage as a hull hit" rolls the same: burst, the Shell figure and a marker' in text
        assert "Abandoned a level slower each turn until Immobile, no steering, no firing, no repairs" in text
        assert "crew abandon her: speed falls a level a turn" not in text


def test_p42_a_magazines_flooded_and_unarmed_clauses_are_the_exploding_ships_and_her_later_hits_are_moot(
        bundled_packs, mobile_bay_pages):
    """Moment 5: "flooded (half her FP gone): a Fire hit; unarmed: a Boiler hit" came after the lashed partner's
    clause and read as the partner's: whose FP, and what is "unarmed"? The text's two exceptions are the exploding
    ship's own, so they now open the row; and once she sinks, her later hits that phase count for nothing."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("6 Magazine Explodes hull she sinks (her magazine flooded, half her FP gone: a Fire hit; unarmed: Boiler "
                "Bursts), her later hits moot; a fire test marker on each vessel within 10 cm (base to base); one locked "
                "or lashed to her (casting off too), besides: her magazine too on d6 5-6, else 2d6 HDP, 1d6 flooding "
                "points") in text
        assert "a Fire hit; unarmed: a Boiler hit" not in text


def test_p42_machinery_and_boiler_criticals_test_the_sheets_machinery_line(bundled_packs, mobile_bay_pages):
    """Moment 8: Table 15 tested Machinery by the "hull", where each sheet prints a Machinery armour of its own (Gaines:
    Hull L (part), Machinery L): which line? The sheet's Machinery line, for Boiler Bursts too; the magazine keeps the
    hull (the text names it); both rows marked ours."""
    for pages, text in zip((mobile_bay_pages, _letter_pages(bundled_packs)), _both_papers(bundled_packs, mobile_bay_pages)):
        assert "3 Machinery machinery if it penetrates: strike a machinery box" in text
        assert "5 Boiler Bursts machinery if it penetrates: abandoned at once" in text
        assert "6 Magazine Explodes hull she sinks" in text
        gaines = _sheet_page(pages, "CSS Gaines")
        assert re.search(r"Armour: Hull L \(part\) .*· Machinery L ·", gaines)


def test_p42_a_fire_on_an_empty_hull_floods_her(bundled_packs, mobile_bay_pages):
    """Moment 11: Selma at 0 HDP, still burning: the fire's 1 HDP a flooding point? "her fires still test: theirs too"
    implied it; the Hull 0 row now says it, A4 and Letter, beside the Flooding row that sinks her at FP 0."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("every further point, the rest of the hit that empties it too, is a flooding point (her fires still "
                "test, and their HDP flood her too)") in text
        assert "theirs too" not in text
        assert "she loses an FP for each (3 points: FP 15, 12, 9, 6, 3, 0: sunk)" in text


def test_p42_hits_on_one_target_are_marked_firer_by_firer_as_the_dice_went(bundled_packs, mobile_bay_pages):
    """Moment 12: three ships hit Selma at once, and the order decides whose hit empties her hull: "each its hits in
    the order thrown" now says firer by firer, as the dice were thrown (the player's ruling), on Table 1's Gunnery row."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("both throw, then mark, firer by firer in roster order, each its hits as thrown): declare target, "
                "shot or shell") in _reference(pages)


def test_p42_an_abandoned_partner_is_carried_the_next_move_and_a_cast_off_consort_fires_that_turn(
        bundled_packs, mobile_bay_pages):
    """Moments 4 and 9: Brooklyn was abandoned in gunnery, after the move: "the other carries her that move" read as a
    move already made, and the "level less a turn" had no start. The partner carries her the next move, straight, a
    level less from it (Brooklyn M to S on turn 2, I on turn 3). And Octorara, cast off on turn 2's orders: free of
    his side in that turn's gunnery already (lines not across his base). A4 and Letter, on the readings page."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        row = _readings_row(" ".join(pages), "Lashed pairs")
        assert ("struck or abandoned: the other carries her the next move (abandoned: straight, a level less a turn "
                "from it), then alone at that level;") in row
        assert ("till he is cast off (from her CO turn's gunnery) or sunk (abandoned but lashed still blocks), then "
                "any line not across his base;") in row
        assert "carries her that move" not in row


def test_p42_the_turn_1_binding_puts_the_monitors_column_to_starboard_and_turns_no_one(bundled_packs, mobile_bay_pages):
    """Moment 1: "the monitors to starboard nearest the fort" read as an order to turn toward the fort, or as where the
    column is. Where it is: every ship holds her heading, the set-up page says, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert ("Binding: the Union line holds its heading at 4 kn, every ship, the monitors too (theirs is the "
                "starboard column, nearest the fort): none turns on turn 1; Tennessee and gunboats wait inside the "
                "torpedo line (0 kn); both sides may fire.") in setup


def test_p42_an_arriving_ship_may_come_on_a_level_slower_and_the_set_up_does_not_say_otherwise(bundled_packs,
                                                                                             mobile_bay_pages):
    """Moment 2: the set-up's "makes her whole move, so the column keeps its 25 cm" implied her start speed, where Table
    1 lets her come on a level slower or faster, or wait off the table (Richmond and Lackawanna, blocked at M). Table
    1's rule stands; the set-up now says the 25 cm is what her start speed gives, not a rule of its own."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert ("each starts centred on the edge where her start says (half her base off the table), then makes her "
                "whole move (her start speed keeps the column's 25 cm).") in setup
        assert "so the column keeps its 25 cm" not in setup
        assert ("then makes her whole move at her start speed or a level slower or faster (her orders, turns too), or "
                "waits off the table for a later turn") in _reference(pages)


def test_p42_a_turrets_guns_fire_at_one_target(bundled_packs, mobile_bay_pages, library):
    """Moment 14: "each gun its own" suggested a twin turret may split its fire. Ours (*): a turret's guns train as
    one mount, so they fire at one target, each gun still its own d10; said in Table 10's heading, A4 and Letter, from
    the direct_fire table's one_target row, tagged reconstructed."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        assert ("each gun its own (1 always hits, even needing under 1; 10 misfires; a turret's guns at one target *); "
                "in every table") in _reference(pages)
    t10 = RS.context(library).tables.require("direct_fire")
    assert t10.tag(t10.rows["one_target"]) == "reconstructed"


def test_p42_a_wreck_blocks_no_move_hides_no_one_and_takes_no_stray(bundled_packs, mobile_bay_pages):
    """Moment 7: Hartford's wreck only "tests Table 3" when crossed: does its base block a move, hide a target or
    take a stray? None (she lies on the bottom): the Wrecks row says so, A4 and Letter, and the Flooding row gave
    the words back to keep Letter's last page."""
    for text in _both_papers(bundled_packs, mobile_bay_pages):
        assert ("Wrecks * a sunk vessel stays as a wreck (a Wreck marker, or her model on its side): moving over it tests "
                "Table 3's deep water with wrecks column; no collision, it hides no one and takes no stray Abandoned") in text
        assert "she loses an FP for each (3 points: FP 15, 12, 9, 6, 3, 0: sunk)" in text


def test_p42_a_cast_off_marker_is_her_speed_from_then_on(bundled_packs, mobile_bay_pages):
    """Moment 6: a consort has no speed counters (the pair's one order moves her), and the Cast off marker said "next
    move, speed __", one move only: Octorara and Metacomet had no speed marker after it. It now says "speed __
    from now": it stays by her, pencilled again as her orders change it. A4 and Letter counter pages."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        counters = " ".join(p for p in pages if "Cast off" in p and "Jammed" in p)
        assert counters.count("Cast off speed __ from now") >= 7  # one for each lashed consort
        assert "next move, speed" not in counters


def test_p42_a_lost_flagship_is_no_cause_for_a_morale_test(bundled_packs, mobile_bay_pages):
    """Moment 13: Hartford, Farragut's flagship, sank on turn 1: any command or morale effect? None: the Morale
    reading names its causes and now says a lost flagship is none (her loss scores by the scenario's points), on the
    readings page, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        row = _readings_row(" ".join(pages), "Morale")
        assert ("each a cause: 7 or less on a d10 holds, -1 each further one; else the crew abandon her; held: again "
                "only at a new cause (a lost flagship is none) — Repairs") in row
    assert "USS Hartford: sunk or struck (flagship, besides her 4) +4" in _setup_page(mobile_bay_pages)


def test_p42_table_11s_random_gun_reads_in_order_the_die_first_then_the_worked_counts(bundled_packs, mobile_bay_pages):
    """Other defect (p21, Table 11): "(3: the third, not box 3; 7 +10 of 15 guns: the 2nd, round again)" came before
    the die it explains and was close to unreadable. The die comes first; then, in words, a 3 is the third gun and a
    count past the last goes on from the first (7 +10 of 15 guns is the 2nd). A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("A random gun: of those it may be, a d10 counted round them in box order, lost ones too (over 10 guns: "
                "+10 on d6 4–6); on a lost one, the next up not lost (a 3 is the third, not box 3; past the last, on "
                "from the first: 7 +10 of 15 is the 2nd); to jam, a jammed gun counts as lost") in ref
        assert "round again" not in ref


def test_p42_a_forts_return_fire_meets_the_smoke_and_the_bases_as_a_ships_does(bundled_packs, mobile_bay_pages):
    """Moment 10 (answered as printed): does the smoke's -2 or the bases' -4 apply to a fort's fire too? Both: the
    smoke rule says ship or fort, firing or fired at; a fort's fire is obscured from its firing gun (its mark) as any
    gun's; a ship firing at a fort counts her own base hidden, seen from its mark; the quick marks settle "over 3/4"."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        assert "All fire at the firing gun's Medium range or more, ships' and forts': −2 once" in _setup_page(pages)
        assert ("the share of her base other bases hide, seen along lines from the firing gun (her mark nearest it, a "
                "turret's centre) to the ends of her side") in text
        assert ("(ours, by the marks alone: her side's ¼, ½, ¾ it hides, one -1, two -2, three -4); at a fort (no base, "
                "ours): the share of the firer's own base others hide (her lashed partner too), seen from the fort's "
                "mark") in text


# ---------------------------------------------------------------------------------------- sotw29: play 43's moments
def test_p43_the_powder_smoke_counts_on_ship_against_ship_fire_too(bundled_packs, mobile_bay_pages):
    """Moment 1 (p2 Powder smoke): "ship or fort, firing or fired at" read as the forts' smoke alone. The step now
    says all fire, ships' and forts', and the sheets' strip keeps the same -2 at M or more. A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "1. All fire at the firing gun's Medium range or more, ships' and forts': −2 once (½–¾ obscured)." in setup
        assert "ship or fort, firing or fired at" not in setup


def test_p43_a_lashed_larger_ships_share_is_her_quarter_marks_not_quick_marks(bundled_packs, mobile_bay_pages):
    """Moment 2 (p3 Lashed partner): "(the larger: quick marks)" named a thing the pack never defines. It now names
    the ¼/½/¾ marks the Bases and Obscured rules define. A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        assert ("Lashed partner a line to her centre over her partner hides her: her sheet's share (the larger: her "
                "¼/½/¾ marks); its misses hit him") in text
        assert "quick marks" not in text
        assert "marked at ¼, ½, ¾ along each side" in _reference(pages)


def test_p43_mh_in_the_orders_log_codes_means_morale_held(bundled_packs, mobile_bay_pages):
    """Moment 10 (p21 Table 1 phase 5 "held: Tactical cell MH"): MH was not among the tactical codes. The orders-log
    row of the quick reference now lists it with the others: MH morale held. A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert "held: Tactical cell MH) *" in ref
        assert ("tactical BD board, SS scuttle, AN anchor, GR run aground; ours: CO cast off, HS hold under steam (I, no "
                "drift: a target Immobile, +1, her own fire no firer modifier), MH morale held; a ram is a move into "
                "contact") in ref


def test_p43_a_fort_destroyed_in_gunnery_still_fires_that_phase_its_jams_and_bursts_moot(bundled_packs, mobile_bay_pages):
    """Moments 3 and 8 (p21 Table 1 phase 3, p3 Fort at 0 SDP): "a vessel sunk ... still fires" but a fort "destroyed
    at once": do its dice count, and does its misfire jam or burst a gun? Fire is simultaneous, so it fires that
    phase as a vessel does; its jam or burst rolls are moot. The turn strip and the readings row say it."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        assert ("Gunnery all at once (a vessel sunk or a gun lost this phase still fires, a fort too; both "
                "throw") in _reference(pages)
        row = _readings_row(text, "Fort at 0 SDP")
        assert row.startswith("destroyed at once, yet fires that phase as a vessel (jams, bursts moot); no later fort "
                              "critical; never tests morale")
        assert "silenced" not in row


def test_p43_port_jammed_with_no_gun_bearing_jams_none_and_the_damage_stands(bundled_packs, mobile_bay_pages):
    """Moment 5 (p21 Table 15, 2): Octorara's only gun bearing on Selma was lost that phase. No gun to jam: none
    jams, and the damage still goes where it sits (a hull hit), as the row's second half says. A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("Port Jammed casemate/turret/hull jams a random unjammed gun bearing on the firer (pivots, howitzers "
                "too; none: no jam) till repaired, pierced or deflected alike; armour, damage where it sits (turret: "
                "TDP; else a hull hit) *") in ref


def test_p43_slow_downs_from_different_causes_add_up(bundled_packs, mobile_bay_pages):
    """Moment 7 (p22 Hull damage; Wheel lost): Selma past her ½ bar with a wheel lost. The causes add: the Hull
    damage row says so, a wheel among them. A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("each machinery box struck -1 level; causes add (a wheel too); from her next orders, down to it at "
                "once") in ref
        assert "One sidewheel lost: max speed -1 level" in ref


def test_p43_a_criticals_hull_damage_takes_no_second_part_armour_die(bundled_packs, mobile_bay_pages):
    """Moment 4 (p21 Table 15 Rudder, p22 (part) armour): Gaines's Lp hull took a Rudder critical (U). Does its "hull
    damage as a hull hit" throw the hull's (part) d10 and Table 16 again? No: one deflection d10 a hit, the critical's
    own armour result carries its hull damage. Table 15's title, the (part) armour row and the readings row say so,
    A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("armour: what tests it, by the hit's one deflection d10, its gun and range, its hull damage too (no "
                "(part) d10) (* ours)") in ref
        assert ("(part) armour * roll a d10 for each hit on it, a critical testing it too: 5 or less strikes its "
                "armour, else it counts U (a critical on other armour: no d10)") in ref
        row = _readings_row(" ".join(pages), "Partial armour")
        assert row.startswith("a hit on a (part) location, a critical testing it too (not other armour): its armour "
                              "on a d10 of 5 or less, else U")


def test_p43_hits_from_several_firers_are_marked_in_roster_order(bundled_packs, mobile_bay_pages):
    """Moment 6 (p21 Table 1 phase 3): "firer by firer" named no first firer, and on turn 3 it decided whether
    Octorara's gun was lost before Selma's jam. Roster order, Table 1's Gunnery row says, A4 and Letter; the player's
    order thrown is gone."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        ref = _reference(pages)
        assert ("a fort too; both throw, then mark, firer by firer in roster order, each its hits as thrown): declare "
                "target") in ref
        assert "firer by firer):" not in ref


def test_p43_the_turn_1_binding_says_plainly_the_monitors_do_not_turn(bundled_packs, mobile_bay_pages):
    """Moment 9 (p2 Event 1): "a place, not a turn" left open whether the monitors may turn on turn 1. The event row
    now says none turns on turn 1, the monitors too, on the set-up page, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "every ship, the monitors too (theirs is the starboard column, nearest the fort): none turns on turn 1;" in setup
        assert "a place, not a turn" not in setup


def test_p43_fort_morgans_channel_fronts_get_the_wider_fire_log_cell(bundled_packs):
    """Moment 11 (p15): one "Channel fronts" cell a turn, no wider than the bay front's, held 4 targets and 20 box
    numbers. Each face's cell now goes by its guns (20 to 8, none under a third): on the A4 page the channel fronts'
    column is about twice the bay front's, measured from the printed headers; the page count holds (22)."""
    from conftest import pdf_page_chars

    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4").path
    pages = pdf_page_texts(path)
    assert len(pages) == 22
    k = next(i for i, p in enumerate(pages) if "Channel fronts" in p and "Fort Morgan water battery" in p)
    text, chars = pdf_page_chars(path, [k])[0]
    at = lambda word: [chars[m.start()] for m in re.finditer(word, text)]  # noqa: E731
    channel, bay = at("Channel fronts"), at("Bay front")
    assert len(channel) == len(bay) == 3
    row = channel[0].baseline
    turns = sorted(c.x for c in at("Turn") if abs(c.baseline - row) < 0.5)
    assert len(turns) == 3
    for n in range(2):
        channel_w = bay[n].x - channel[n].x
        bay_w = turns[n + 1] - bay[n].x
        assert channel_w > 1.5 * bay_w > 0, (n, channel_w, bay_w)  # the bay front's with the gap after it


def test_p43_the_fort_sheet_explains_its_example_its_idle_guns_and_drops_an_empty_garrison(bundled_packs,
                                                                                       mobile_bay_pages):
    """Other defects (p15, p3): the fire log's "(Bro 1–5; Har 6–7 and 13)" was cryptic; "Garrison (men) –" an empty
    field; "+4 LSB idle" guns with no word why. The example is now in words, the garrison box is gone where none is
    known, and the Also mounted line says why the idle guns are listed (the fort's whole armament, on a face no ship
    reaches). A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        fort = _fort_pages(pages)["Fort Morgan"]
        assert "Garrison" not in fort and "Garrison" not in _fort_pages(pages)["Fort Morgan water battery"]
        assert ("Also mounted, listed for the whole armament, on a face no ship reaches (never fire, no boxes): 4 LSB, "
                "32-pounder seacoast gun (army).") in fort
        assert "Bro 1–5" not in fort
    fort = _fort_pages(mobile_bay_pages)["Fort Morgan"]
    assert "for a misfire's random gun (so: Brooklyn boxes 1–5; Hartford 6, 7 and 13)" in fort


def test_p43_the_starts_table_prints_the_speed_counters_letter_not_knots(bundled_packs, mobile_bay_pages):
    """Other defects (p2): the start speed "4 kn" is on no speed counter (Table 2: 2, 5, 8, 12 kn). The starts table
    now prints the counter's letter (Medium: M, 0 kn: I) and the line under the plan says which counter and why,
    A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "USS Tecumseh 66, 50 000° M USS Manhattan 66, 25 000° M" in setup
        assert "CSS Tennessee 37½, 176½ 175° I" in setup
        assert "000° 4 kn" not in setup and "005° 4 kn" not in setup
        assert "4 kn is Medium, the M counter (Table 2's 5 kn, the nearest level)." in setup


def test_p43_the_counters_give_more_hold_markers_than_the_five_of_play_43(bundled_packs):
    """Other defects (p19-20): only 5 Hold (HS) for a fleet of 13 ships or more. The state markers' last row now
    fills its spare cells with Hold (HS) and Jammed by turns, so Mobile Bay's pack has 7 HS (the 4 Confederates
    holding on turn 1 and 3 to spare) and still a Jammed for every two vessels (12), on the same pages (A4 22, Letter
    23)."""
    for paper, budget in (("a4", 22), ("letter", 23)):
        pages = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)
        assert len(pages) == budget
        text = flat(" ".join(pages))
        assert text.count("Hold (HS) under steam, no drift") >= 7, paper
        assert text.count("Jammed gun or port: no fire") >= 12, paper


def test_p43_a_shell_the_walls_deflect_does_no_sdp_so_fort_morgan_stands_and_the_water_battery_scores(
        bundled_packs, mobile_bay_pages, library, tmp_path):
    """Other defects (balance, p3 and p15): Fort Morgan (brick, M) fell on turn 2 to shells the walls deflected, each
    still doing 1 or 2, where on the day it was never silenced; the sturdier sand water battery scored nothing. Ours
    now: a deflected shell does no SDP at a fort either (the text's "no further effect"; fort_targets
    .deflected_shell_sdp), its detonation d10 still driving the gunners off; the water battery silenced scores the
    Union +2. The pack's tables played by tools/sotw_fort_morgan.py (seeded, 200 games): by turn 3 the fort is silenced
    in at most one game in ten; under the reading before ({deflected_shell_sdp: after}) in over half. Every page
    says the one reading, A4 and Letter."""
    for pages in (mobile_bay_pages, _letter_pages(bundled_packs)):
        text = " ".join(pages)
        readings = _readings_row(text, "Deflected shell")
        assert readings.startswith('no damage ("no further effect"; cottonclad: a burst\'s marker), a fort too '
                                   "(ours) bar an embrasure's gun; burst d10")
        assert ("(a shell: burst, all its Shell figure; dud, after the slash; deflected, none; a deflected shot: after "
                "the slash, whole)") in _readings_row(text, "Fort pierced")
        assert "a fort: none either; detonation d10: burst from M or nearer, Gunners driven off" in _reference(pages)
        for fort in _fort_pages(pages).values():
            assert "only if the walls were pierced (deflected: shot after the slash, shell none, nothing more)" in fort
        assert ("the water battery +2 (ours); the gunboats, lost or not, score "
                "nothing. (reconstructed)") in _setup_page(pages)
        assert "a fort: its Shell figure after the slash" not in text
    tool = _fort_tool()
    ours = tool.fort_summary(tool.Game(library, None, "shell"), games=200, seed=43)
    assert ours[3]["silenced"] <= 0.10 and ours[3]["median"] < 48, ours[3]
    house = tmp_path / "house.yaml"
    house.write_text("smoke-on-the-water:\n  fort_targets:\n    rows: {deflected_shell_sdp: after}\n")
    before = tool.fort_summary(tool.Game(library, house, "shell"), games=200, seed=43)
    assert before[3]["silenced"] > 0.5, before[3]


# ---- play 44 (sotw31) ----

def test_p44_a_deflected_shell_and_the_embrasure_critical_say_one_reading_on_p3_and_both_fort_sheets(mobile_bay_pages):
    """Play 44, moment 5: the fort sheet's embrasure took its gun "pierced or deflected alike" while p. 3 said a
    deflected shell had "no further effect ... at a fort too". One reading: an embrasure critical tests no armour (a
    Gun Port's), so its gun goes even under a deflected shell, which still does no SDP; both places say it."""
    readings = flat(next(p for p in mobile_bay_pages if "What the text leaves open" in p))
    assert ('Deflected shell no damage ("no further effect"; cottonclad: a burst\'s marker), a fort too (ours) bar an '
            "embrasure's gun; burst d10") in readings
    forts = [flat(p) for p in mobile_bay_pages if "Fire log" in p and "Shot at" in p]
    assert forts and sum(p.count("embrasure: a random gun bearing on the firer destroyed, pierced or deflected alike "
                                 "(a deflected shell too: the gun, no SDP)") for p in forts) == 2


def test_p44_the_water_battery_silenced_is_a_row_of_the_scores_this_rule_set_alone(bundled_packs, mobile_bay_pages):
    """Play 44, moment 7: the water battery's +2 was in a special rule, not in p. 2's Scores table. The scenario's
    row is Smoke on the Water's alone (the Scores are every rule set's): Saunders' set-up page does not print it."""
    setup = flat(mobile_bay_pages[1])
    assert "Union Fort Morgan: silenced (her own sheet) +4" in setup
    assert "Union Fort Morgan water battery: silenced (her own sheet) +2" in setup
    saunders = flat(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", "a4").path)[1])
    assert "Fort Morgan: silenced (her own sheet) +4" in saunders
    assert "water battery: silenced" not in saunders


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_the_plans_markers_sit_at_the_start_tables_figures_and_each_grid_figure_on_its_own_line(bundled_packs, paper):
    """Play 44, moment 1: the plan seemed to draw Brooklyn at x 36-42 and Fort Morgan at 112,121 against the start
    table's 46½,25 and 116½,124. The markers were right (read back here from the PDF, each fort's square and Brooklyn's
    triangle, in cm from the plan's frame); the grid's figures sat beside their lines, some 4 cm off, and now each
    stands with its middle on its own line."""
    from conftest import pdf_plumbed_pages

    path = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path
    page = pdf_plumbed_pages(path)[1]
    text = flat(page.extract_text())
    width, depth = (float(v) for v in re.search(r"table ([\d.]+) × ([\d.]+) cm", text).groups())
    frame = max((r for r in page.rects if r["top"] < page.height / 2), key=lambda r: r["width"] * r["height"])
    s = frame["width"] / width  # pt a cm

    def cm(x, top):
        return (x - frame["x0"]) / s, (frame["bottom"] - top) / s

    def num(v):
        return float(v.replace("½", ".5")) if v.replace("½", "") else 0.5

    starts = {name: (num(a), num(b)) for name, a, b in
              re.findall(r"(Fort Morgan water battery|Fort Morgan|USS Brooklyn \+ USS Octorara) (\d*½?), (\d*½?) ", text)}
    assert set(starts) == {"Fort Morgan", "Fort Morgan water battery", "USS Brooklyn + USS Octorara"}
    squares = [cm((r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2) for r in page.rects
               if abs(r["width"] - r["height"]) < 0.1 and 4 < r["width"] < 9 and r["top"] < frame["bottom"]]
    for fort in ("Fort Morgan", "Fort Morgan water battery"):
        fx, fy = starts[fort]
        assert min(math.hypot(x - fx, y - fy) for x, y in squares) < 0.6, (fort, squares)
    triangles = [cm(sum(p[0] for p in c["pts"][:3]) / 3, sum(p[1] for p in c["pts"][:3]) / 3) for c in page.curves
                 if len(c["pts"]) == 4 and c["pts"][0] == c["pts"][3] and c["bottom"] <= frame["bottom"]]
    bx, by = starts["USS Brooklyn + USS Octorara"]
    assert min(math.hypot(x - bx, y - by) for x, y in triangles) < 0.75, triangles
    # each grid figure's middle on its line: along the bottom, across it; up the left side, along it
    words = page.extract_words()
    for k in (30, 60, 90):
        line_x = frame["x0"] + k * s
        along = [w for w in words if w["text"] == str(k) and w["bottom"] > frame["bottom"] - 12]
        assert any(abs((w["x0"] + w["x1"]) / 2 - line_x) < 0.6 for w in along), (k, along)
        line_y = frame["bottom"] - k * s
        up = [w for w in words if w["text"] == str(k) and w["x0"] < frame["x0"] + 8]
        assert any(abs((w["top"] + w["bottom"]) / 2 - line_y) < 1.2 for w in up), (k, up)


def test_p44_a_gun_hit_by_a_bursting_shell_leaves_a_fire_test_marker(mobile_bay_text):
    """Play 44, moment 2: the Gun hit row gave the shell's damage on the Hull and said nothing of a marker, where the
    Shell rule gives a burst one (bar a Stack hit or a fort). It leaves one: said in the Gun hit row itself."""
    assert ("cross its box; its Table 17 damage (a shell's, burst or not; burst, a fire test marker too) on the Hull."
            in mobile_bay_text)


def test_p44_every_hit_on_a_knocked_out_turret_a_gun_port_too_is_a_hull_hit_on_the_hulls_armour(mobile_bay_pages):
    """Play 44, moments 3 and 4: a Gun Port on a gun of Tecumseh's turret at 0 TDP, and which armour a hit on a dead
    turret tests. Every hit after the one that empties it (a Gun Port too) is a Hull hit: the Hull's armour, its HDP;
    said on the quick reference's Turret guns row (from turret_gun_damage) and on every turret monitor's sheet."""
    ref = next(p for p in mobile_bay_pages if "Turret guns *" in p)
    assert ("Turret guns * its Table 17 damage, by the hit: Gun hit (pierced), burst, any hit once it is out (0 TDP), "
            "Gun Port too, testing the Hull's armour: the Hull (HDP); a Turret hit, pierced or not, Gun Port") in ref
    for name, turret in (("USS Tecumseh", "main"), ("USS Manhattan", "main"), ("USS Winnebago", "fore"),
                         ("USS Chickasaw", "aft")):
        assert f"Turret {turret} out: Turret, Gun, Port = Hull hits" in _sheet_page(mobile_bay_pages, name), name
    readings = next(p for p in mobile_bay_pages if "What the text leaves open" in p)
    assert "Turret at 0 TDP knocked out, guns silent; the rest of the hit emptying it, later hits as rolled, Gun Port too: Hull hits, Hull armour —" in readings


def test_p44_the_obscured_example_counts_her_marks_as_the_obscured_rule_does(mobile_bay_pages):
    """Play 44, moment 6: Table 10's example measured a length ("4 cm of her 12 cm base hidden: 1/3, -1") where the
    Obscured rule counts her ¼, ½, ¾ marks: one method now, the marks'."""
    ref = next(p for p in mobile_bay_pages if "Table 10 · to hit" in p)
    assert "obscured 1/4 to 1/2 -1, over 1/2 to 3/4 -2, over 3/4 -4 (her ¼, ½, ¾ marks hidden: 1, 2, 3)" in ref
    assert "4 cm of her 12 cm" not in " ".join(mobile_bay_pages)
    assert "by the marks alone: her side's ¼, ½, ¾ it hides, one -1, two -2, three -4" in " ".join(mobile_bay_pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p44_the_readings_say_once_that_the_last_column_is_a_house_rules_key(bundled_packs, paper):
    """Play 44, other defects: p. 3's last column printed fire_test, fort_targets, stray_hits ... explained nowhere.
    The intro says, in one line, that each is the key a house-rules file sets (and how the file is given), and the
    column is headed so; the keys are the tables a house rule switches."""
    pages = [flat(t) for t in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)]
    page = next(p for p in pages if "What the text leaves open" in p)
    assert ("another reading: the last column's key in a house-rules file (pack --house-rules FILE). Rule Reading "
            "this pack plays House-rules key") in page
    for key in ("fire_test", "fort_targets", "stray_hits", "deflected_shell", "partial_armour"):
        assert key in page and key in RS.tables()


def test_p44_each_fort_sheet_says_how_its_walls_make_its_sdp(mobile_bay_pages):
    """Play 44, other defects: Fort Morgan's 48 SDP beside the sand water battery's 60 "looks backwards". The
    reconstruction's reason (fort_walls): SDP = wall thickness × SDP a foot, sand less a foot but piled far thicker;
    each fort sheet's wall box now prints the two figures, and they give the SDP printed beside them."""
    sheets = " ".join(p for p in mobile_bay_pages if "Fire log" in p)
    for sdp, walls, material, ft, per_ft in ((48, "M Medium", "brick", "4.8", 10), (60, "H Heavy", "sand", "15", 4)):
        assert (f"Structure (SDP) {sdp} Walls: its Table 16 column {walls} Wall, ft × SDP a ft {material} {ft} ft × "
                f"{per_ft} Target size") in sheets
        assert round(float(ft) * per_ft) == sdp


def test_p44_there_are_more_machinery_and_torpedo_hit_markers_for_the_fleet(bundled_packs, library):
    """Play 44, other defects: 1 Machinery hit and 2 Torpedo hit markers for Mobile Bay's 22 vessels could run out in
    a longer game. A Machinery hit for every twelve vessels, a Torpedo hit for every eight (2 and 3 here), printed on
    A4 and Letter within the budget (an Aground and an Anchored gave up their cells: every sheet has both boxes)."""
    from shipyard.rules.smoke_on_the_water import counters as C
    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenarios["mobile-bay-1864"])]
    vessels = sum(1 for _, _, d in units if d.stats.kind == "vessel")
    want = C.state_counts(units, ctx)
    assert vessels == 22 and (want["machinery"], want["torpedo"]) == (2, 3)
    for paper in ("a4", "letter"):
        text = flat(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", paper).path)))
        for kind in ("machinery", "torpedo"):
            label, meaning, _ = C.STATES[kind]
            assert text.count(f"{label} {meaning}") == want[kind], (paper, kind)
