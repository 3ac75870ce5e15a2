"""Really Simple, issue 22: the whole turn on paper. The sequence of play with its two fire windows atop every sheet
page and on the quick reference; where each gun bears on a ship's card; how many of a fort's guns bear on one ship
(a house-rule option); which gun a hit takes (an option); the fire put-out score, crippled, abandoned, steam-filled
and the sinking countdown printed with somewhere to mark them; the readings page; every table row that names a
further roll pointing to a printed rule."""

from __future__ import annotations

import functools
import re

import pytest

from conftest import in_process, pdf_page_index, pdf_page_texts, pdf_plumbed_pages
from shipyard.render.figures import StatBoxes
from shipyard.render.tags import recorded, walk
from shipyard.render.kit import GunRows, SpeedTrack
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple import reference, sheet
from shipyard.rules.really_simple.trackers import trackers
from shipyard.rules.really_simple.words import BEAR_WORDS

RS = get_ruleset("really-simple")
SCENARIOS = ("mobile-bay-1864", "new-orleans-1862", "plum-point-bend-1862", "hampton-roads-1862")


def _units(library, ctx, scenario="mobile-bay-1864"):
    return [(u, RS.derive(u, ctx)) for _, u in library.scenario_units(library.scenario(scenario))]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _house(tmp_path, body: str):
    path = tmp_path / "house.yaml"
    path.write_text(body)
    return path


def _house_pack_text(tmp_path, body: str, *options: str) -> str:
    """Mobile Bay's Really Simple pack built in-process under a house-rules file holding `body`: its text, flattened
    (the build must succeed)."""
    house = _house(tmp_path, body)
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--house-rules", house, "-o", out, *options)
    assert run.code == 0, run.err
    return _flat(" ".join(pdf_page_texts(next(out.glob("*.pdf")))))


@pytest.fixture(scope="module")
def pack_pages(bundled_packs):
    built = bundled_packs.get("mobile-bay-1864", "really-simple", "a4")
    return [_flat(p) for p in pdf_page_texts(built.path)]


# ---------------------------------------------------------------------------------------------- the turn


def test_every_card_and_orders_log_page_carries_the_turn_strip_with_both_fire_windows(pack_pages, ctx):
    phases = ctx.tables.require("sequence_of_play").rows
    sheet_pages = [p for p in pack_pages[1:] if "Ship data cards" in p or "Orders log" in p]
    assert len(sheet_pages) >= 5  # three card pages and two logs
    for page in sheet_pages:
        for k, row in enumerate(phases, 1):
            assert f"{k} {row['phase']}" in page, (row["phase"], page[:120])
        assert "fire: ships not turning, forts" in page and "fire: not yet fired: ships not turning, forts" in page


def test_the_quick_reference_prints_the_sequence_of_play_phase_by_phase(pack_pages, ctx):
    qr = next(p for p in pack_pages if "Really Simple · quick reference" in p)
    assert "The turn: sequence of play" in qr
    for row in ctx.tables.require("sequence_of_play").rows:
        assert row["phase"] in qr and _flat(row["does"]) in qr, row
        if row["fires"]:
            assert row["fires"] in qr


def test_the_readings_page_lists_every_rule_the_text_leaves_open_with_its_option(pack_pages, ctx):
    page = next(p for p in pack_pages[1:] if "What the text leaves open" in p)
    for row in ctx.tables.require("reconstructions").rows:
        assert row["rule"] in page, row["rule"]
    # the readings are filled from the tables they name, said once: here, or on the quick reference (replay 32)
    for words in ("a fort brings a sixth (rounded down, at least one) of the guns of the front whose sector holds her",
                  "roll 1d6: 5+ puts it out"):
        assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "the kn she writes, whole or ½ (at most 2 from last turn's)" in page and "a third, or all" in page
    assert "{" not in page


# ---------------------------------------------------------------------------------------------- bearings


def test_brooklyn_card_groups_her_guns_port_starboard_and_pivot(library, ctx):
    brooklyn = next((u, d) for u, d in _units(library, ctx) if u.id == "uss-brooklyn")
    rows = next(b for b in walk(sheet.card(*brooklyn, ctx)) if isinstance(b, GunRows))
    got = [(t.label, t.count, t.note) for t in rows.tracks]
    assert got[:2] == [("PORT L +3", 10, "10 × 9-inch Dahlgren"), ("STBD L +3", 10, "as PORT")]  # no scenario: not lashed
    assert [label for label, _, _ in got[2:]] == ["PIVOT MR +3", "PIVOT S +1"]
    assert sum(n for _, n, _ in got) == brooklyn[1].stats.gun_count == 25


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_ship_card_says_where_each_gun_bears_and_keeps_a_box_per_gun(library, ctx, scenario):
    for unit, d in _units(library, ctx, scenario):
        if d.stats.is_fort or not d.stats.guns:
            continue
        rows = next(b for b in walk(sheet.card(unit, d, ctx)) if isinstance(b, GunRows))
        assert all(t.label.split()[0] in BEAR_WORDS.values() for t in rows.tracks), (unit.name, rows.tracks)
        assert sum(t.count for t in rows.tracks) == d.stats.gun_count, unit.name


def test_the_card_page_key_says_what_each_bearing_fires_at(pack_pages):
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert ("Guns: PORT, STBD their own side, BOW ahead, STERN astern, PIVOT and TURRET all round (a list: no gun to "
            "her high side, not even these; ahead and astern they fire); a gun lost is the largest gun that bears on the firer") in cards


def test_tennessee_card_has_her_bow_and_stern_pivots_and_two_guns_a_side(library, ctx):
    tennessee = next((u, d) for u, d in _units(library, ctx) if u.id == "css-tennessee")
    rows = next(b for b in walk(sheet.card(*tennessee, ctx)) if isinstance(b, GunRows))
    assert sorted((t.label, t.count) for t in rows.tracks) == sorted(
        [("PORT MR +3", 2), ("STBD MR +3", 2), ("BOW LR +4", 1), ("STERN LR +4", 1)])


# ---------------------------------------------------------------------------------------------- forts


def _stat(card, label):
    boxes = next(b for b in walk(card) if isinstance(b, StatBoxes))
    return dict(boxes.items)[label]


def test_fort_card_says_a_sixth_of_its_guns_bear_on_one_ship(library, ctx):
    morgan = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-morgan")
    card = sheet.card(*morgan, ctx)  # no scenario: no fronts, the share is of all its guns
    assert _stat(card, "GUNS") == 32 and _stat(card, "ON ONE SHIP") == "5 of 32"


def test_the_house_rule_fort_fire_all_lets_every_gun_bear_and_the_pack_says_so(tmp_path):
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_fire: {rows: {bears: all}}\n", "--jobs", "1")
    assert "a fort brings all of the guns of the front whose sector holds her" in text
    assert "20 of 20" in text and "8 of 8" in text  # every gun of each of Fort Morgan's fronts


def test_a_fort_fire_reading_that_does_not_exist_is_a_clear_error_and_writes_nothing(tmp_path):
    house = _house(tmp_path, "really-simple:\n  fort_fire: {rows: {bears: half}}\n")
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--house-rules", house, "-o", out,
                     "--jobs", "1")
    assert run.code != 0
    assert "fort_fire" in run.err and "sixth, third, all" in run.err and "'half'" in run.err
    assert "Traceback" not in run.err
    assert not list(out.glob("*.pdf"))


def test_the_house_rule_gun_lost_owner_changes_the_card_key_and_the_reference(tmp_path):
    house = _house(tmp_path, "really-simple:\n  gun_lost: {rows: {choose: owner}}\n")
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--house-rules", house, "-o", out,
                     "--jobs", "1")
    assert run.code == 0, run.err
    pages = [_flat(p) for p in pdf_page_texts(next(out.glob("*.pdf")))]
    cards = next(p for p in pages if "Ship data cards" in p)
    assert "a gun lost is any gun that bears on the firer, the owner's choice" in cards
    assert "largest gun" not in " ".join(pages)


# ---------------------------------------------------------------------------------------------- ends and states


def test_a_ship_card_has_a_sinking_turn_to_write_and_an_abandoned_box(library, ctx):
    hartford = next((u, d) for u, d in _units(library, ctx) if u.id == "uss-hartford")
    card = sheet.card(*hartford, ctx)
    track = next(b for b in walk(card) if isinstance(b, SpeedTrack))
    assert [c.label for c in track.cells][-3:] == ["SINKS T______", "ABANDONED", "STRUCK"]
    assert {"sunk", "abandoned"} <= set(recorded(card))
    fort = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-morgan")
    fort_card = sheet.card(*fort, ctx)
    assert "abandoned" in recorded(fort_card) and "ABANDONED" in " ".join(fort_card.texts())


def test_fire_and_boiler_rows_mark_abandoned(ctx):
    outs = {(o.row, o.tracker) for o in trackers().outcomes if o.table == "special_effects"}
    assert {("11", "abandoned"), ("12", "abandoned")} <= outs


def test_the_quick_reference_defines_fire_crippled_abandoned_steam_and_sinking(pack_pages):
    qr = _reference(pack_pages)
    for words in ("FIRE: at the end of each turn roll 1d6: 5+ puts it out",
                  "Crippled: strike her SPEED boxes down to the 0 box and leave it: she drifts, fires and does not sink",
                  "Abandoned: the crew leave: she fires no more (a target still), does not sink, scores as struck; she drifts from that turn's end (lashed: not carried; see Casting off)",
                  "Steam-filled: a ship with steam pipes or boiler hit shoots at −1",
                  "roll 1d6+2 when she is struck past 0: this turn plus the total is her SINKS T__ (turn 3, die 3: T8)",
                  "A gun lost: the hit takes the first there is of: (1) the largest able gun that bears on the firer",
                  "a fort writes no orders: it fires in the 1st window a ship is in range and in a sector, else the 2nd, not as a stationary firer (no +1)",
                  "No gun left bears on the firer: no effect. T__:",
                  "1d6 moves (two a turn): half the roll, rounded up (turn 1, roll 6: T4)"):
        assert words in qr, words


def test_a_house_ruled_fire_score_reaches_the_cards_and_the_reference(tmp_path):
    house = _house(tmp_path, "really-simple:\n  fire: {rows: {put_out_on: 6}}\n")
    out = tmp_path / "out"
    run = in_process("pack", "cherbourg-1864", "--rules", "really-simple", "--house-rules", house, "-o", out,
                     "--jobs", "1")
    assert run.code == 0, run.err
    text = _flat(" ".join(pdf_page_texts(next(out.glob("*.pdf")))))
    assert "6+ on 1d6 puts it out" in text and "roll 1d6: 6+ puts it out" in text and "5+" not in text


# ---------------------------------------------------------------------------------------------- further rolls


# every row of a damage table whose effect names a further roll, and the words of the printed rule it points to
FURTHER_ROLLS = {
    ("hit_effects", "6"): "Special effects, roll 2d6",
    ("special_effects", "6"): "1d6 moves (two a turn)",
    ("special_effects", "9"): "T__",
    ("special_effects", "10"): "T__",
    ("special_effects", "11"): "roll 1d6: 5+ puts it out",
    ("special_effects", "12"): "Abandoned: the crew leave",
    ("ramming.results", "4-5"): "Target loses 1d6 knots",
    ("ramming.results", "1-"): "Rammer loses 1d6 knots",
    ("torpedoes", "4-5"): "Holed: loses 1d6 knots",
}


def test_every_row_that_names_a_further_roll_points_to_a_printed_rule(ctx, pack_pages):
    from shipyard.rules.really_simple.trackers import OUTCOME_TABLES, table_rows

    qr = " ".join(p for p in pack_pages if "Really Simple · quick reference" in p or "Ship data cards" in p
                  or reference.ROSTER_HEADING in p)
    naming = set()
    for table in OUTCOME_TABLES:
        for row in table_rows(ctx.tables, table):
            if re.search(r"\d*d6|roll", str(row["effect"])):
                naming.add((table, str(row["roll"])))
    assert naming <= set(FURTHER_ROLLS), naming - set(FURTHER_ROLLS)
    for key in naming:
        assert FURTHER_ROLLS[key] in qr, key


# ---------------------------------------------------------------------------------------------- paper


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_orders_log_rows_are_at_least_5_mm(library, ctx, scenario):
    from shipyard.rules.really_simple.sheet import log_layout, log_style

    assert log_style()["min_row_h"] >= 5.0
    ships = [d for _, d in _units(library, ctx, scenario) if not d.stats.is_fort]
    for height in (240.0, 200.0):  # A4 and a short page under the turn strip
        for band in log_layout(ships, 12, 180.0, height, log_style()["gap"]):
            assert band.row_h >= 5.0, (scenario, band.row_h)


# ---------------------------------------------------------------------------------------------- pre-damaged copies

DAMAGED = """id: opening-damage
name: Opening damage
date: '1864-08-05'
place: Mobile Bay
sides:
  - name: Union
    navy: USN
    units:
      - {{id: uss-hartford, damage: {{{hartford}: 2}}}}
  - name: Confederate
    navy: CSN
    units:
      - {{id: css-tennessee, damage: {{speed: 3}}}}
"""


def test_pre_damaged_copy_refuses_a_track_its_cards_do_not_have_through_the_console_script(tmp_path):
    from console_script import shipyard

    (tmp_path / "opening-damage.yaml").write_text(DAMAGED.format(hartford="hull"))
    run = shipyard("pack", "opening-damage.yaml", "--rules", "really-simple", "--copies", "pre-damaged", "-o", "out",
                   cwd=tmp_path)
    err = run.stderr.decode()
    assert run.returncode != 0
    assert "uss-hartford's damage names hull, a track its Really Simple" in err and "(it has speed)" in err
    assert "Traceback" not in err and not list((tmp_path / "out").glob("*.pdf"))


# ---------------------------------------------------------------------------------------------- counters


def test_every_ship_has_her_own_speed_chit_astern_on_its_back(tmp_path):
    from console_script import shipyard

    run = shipyard("counters", "--rules", "really-simple", "mobile-bay-1864", "--backs", "-o", "c.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    front, back = [_flat(p) for p in pdf_page_texts(tmp_path / "c.pdf")][:2]
    for name in ("Tecumseh", "Brooklyn", "Octorara", "Hartford", "Tennessee", "Gaines"):
        assert front.count(name) >= 1 and back.count(name) >= 1, name
    assert front.count("KN AHEAD") == back.count("KN ASTERN") == 22  # Mobile Bay's 22 ships, the forts none
    assert "5+ on 1d6 puts it out; all 4 boxes struck, the crew leave" in front  # the FIRE! marker: the score


def test_a_lashed_pair_reads_as_one_in_the_orders_log(pack_pages):
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "USS Octorara 11 / 11 kn ↳ Brooklyn" in log and "↳ Hartford" in log and "↳ Richmond" in log
    assert "lashed to Brooklyn; the pair moves and turns as one (both are turning) at the slower's speed" in log
    confederate = next(p for p in pack_pages if "Orders log · Confederate" in p)
    assert "↳" not in confederate


def test_the_readings_are_printed_once_after_the_last_log_or_with_the_reference_when_there_are_no_sheets(
        pack_pages, tmp_path):
    assert sum(p.count("What the text leaves open") for p in pack_pages[1:]) == 1  # the cover's contents names it
    page = next(p for p in pack_pages[1:] if "What the text leaves open" in p)
    assert "Orders log · Confederate" in page  # on the small side's log page: no page of its own
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--no", "sheets", "-o", tmp_path,
                     "--jobs", "1")
    assert run.code == 0, run.err
    pages = [_flat(p) for p in pdf_page_texts(next(tmp_path.glob("*.pdf")))]
    assert sum(p.count("What the text leaves open") for p in pages) == 1
    assert "Orders log" not in " ".join(pages)


# ---------------------------------------------------------------------------------------------- roster


def test_the_roster_keeps_the_scenario_divisions_and_no_page_holds_only_its_chart(bundled_packs):
    built = bundled_packs.get("new-orleans-1862", "really-simple", "a4")
    pages = [_flat(p) for p in pdf_page_texts(built.path)]
    roster = next(p for p in pages if "Really Simple ACW Naval Rules Guns:" in p or "· Really Simple ACW Naval Rules" in p
                  and "Ship or fort" in p)
    for division in ("First division (Capt. Theodorus Bailey)", "Centre division (Farragut)",
                     "Third division (Fleet Capt. Henry H. Bell)"):
        assert division in roster, division
    assert roster.count("Ship or fort") == 2  # one header a side, the divisions under it
    assert not [p for p in pages if p.startswith("Speed against armour")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r27_the_roster_page_prints_no_speed_against_armour_chart(bundled_packs, paper):
    """Replay 27 (p3): the speed-against-armour chart was never used at the table and took half the roster page; the
    roster's own columns give both figures. No page of the Mobile Bay pack draws it."""
    built = bundled_packs.get("mobile-bay-1864", "really-simple", paper)
    pages = [_flat(p) for p in pdf_page_texts(built.path)]
    assert any("Ship or fort" in p and "Ahead kn" in p for p in pages)
    assert not [p for p in pages if "Speed against armour" in p or "top speed ahead (knots)" in p]


# ---------------------------------------------------------------------------------------------- round 2: the player's rulebook moments


def _reference(pack_pages) -> str:
    """The quick reference's words: its page and the parts the roster page carries (replay 28), roster's first."""
    page = next(p for p in pack_pages if "Really Simple · quick reference" in p)
    roster = next((p for p in pack_pages if reference.ROSTER_HEADING in p), "")
    return (roster[roster.index(reference.ROSTER_HEADING):] + " " + page) if roster else page


def test_the_torpedo_rule_says_two_rolls_and_that_density_has_no_modifier(pack_pages):
    qr = _reference(pack_pages)
    assert "roll 1d6; a torpedo strikes on 6; then roll 1d6 again for what it does (below)" in qr
    assert "Torpedo density changes nothing here (ours)" in qr


def test_a_forts_share_is_at_most_at_one_ship_and_the_rest_may_fire_at_others(pack_pages):
    qr = _reference(pack_pages)
    assert ("a fort brings a sixth (rounded down, at least one) of the guns of the front whose sector holds her (the "
            "card's ON ONE SHIP box) to bear on any one ship, at most (guns over: held), its owner picking which guns fire at which ship, if any") in qr


def test_the_gun_lost_when_no_gun_bears_on_the_firer_is_said_on_the_cards_and_the_reference(pack_pages, tmp_path):
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "a gun lost is the largest gun that bears on the firer (if none bears, her largest)" in cards
    assert ("takes the first there is of: (1) the largest able gun that bears on the firer; (2) else her largest able gun; (3) a gun unable to fire (jammed, "
            "listed) after every gun that can, bearing or not; (4) a lashed ship's inboard gun after all others") in _reference(pack_pages)


def test_silenced_a_fort_scores_on_the_set_up_page_is_defined_on_the_reference(pack_pages):
    assert any("Fort Morgan: silenced" in p for p in pack_pages)  # the scenario scores it
    assert ("Silenced: a fort is silenced when every gun of its card's first front is struck (all, not a share; "
            "no sector: all its guns), or abandoned" in _reference(pack_pages))


def test_a_jammed_shutter_says_what_it_does_and_that_a_fort_suffers_it_too(pack_pages, library, ctx):
    assert ("Shutter (6): the gun nearest the firer is the largest that bears on her (as for a gun lost and Largest; a fort's "
            "too). Roll 1d6 now; circle its box, lay SHUTTER JAMMED: it fires no more till its T__ ends" in _reference(pack_pages))
    morgan = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-morgan")
    assert "shutter" in recorded(sheet.card(*morgan, ctx))  # the fort's card has the box the rule names


def test_a_speed_box_cuts_top_speed_and_speed_now_and_the_funnel_is_four_boxes(pack_pages):
    qr = _reference(pack_pages)
    assert ("Speed lost: each SPEED box struck takes ½ knot off her top speed (1 kn: 2 boxes; 1d6 kn: twice the "
            "roll); going faster, she slows to it at once") in qr
    assert "Funnel (8): strike 4 SPEED boxes, never past 0." in qr


def test_a_house_ruled_funnel_strikes_its_own_number_of_boxes(ctx):
    from dataclasses import replace

    from shipyard.rules.tables import Tables

    effects = ctx.tables.require("special_effects")
    rows = [dict(r, knots=3) if str(r["roll"]) == "8" else r for r in effects.rows]
    tables = Tables({**ctx.tables, "special_effects": replace(effects, rows=rows)})
    assert reference.funnel_boxes(tables).startswith("Funnel (8): strike 6 SPEED boxes")


def test_drift_to_a_stop_gives_its_rate_and_what_it_means_for_a_lashed_pair(pack_pages):
    assert ("lashed, she is carried from the next half move (see Carried); alone, from the next turn she slows 2 knots a "
            "turn, steam pipes or not; at 0 she makes no move and drifts 1 in as that turn ends") in _reference(pack_pages)


def test_the_striker_in_simultaneous_movement_and_side_contact_are_defined(pack_pages):
    assert ("The striker is the ship whose bow meets the other's side (each, if both do); side to side or end "
            "to end is end-on contact: no ram") in _reference(pack_pages)


def test_the_tide_a_drifting_ship_follows_is_said(pack_pages):
    assert ("Tide: she drifts with the tide the set-up page gives (none given: she only swings)") in _reference(pack_pages)


def test_the_lashed_pair_rule_agrees_with_the_scenarios_the_pairs_inboard_guns(pack_pages):
    qr = _reference(pack_pages)
    assert "one ship at the slower's speed (avoiding, it sheers as one, the outer hull ¼ in off); the pair's inboard guns cannot fire" in qr
    assert "outer ship" not in " ".join(pack_pages)


def test_the_second_fire_window_is_for_ships_and_forts_not_yet_fired(pack_pages):
    assert ("2nd fire as the 1st; a turn as the 2nd half ends bars it, not the 1st's (no F2 needed) "
            "not yet fired: ships not turning, forts") in _reference(pack_pages)
    assert "those not yet fired" not in " ".join(pack_pages)


def test_the_rifles_plus_one_is_in_the_factors_and_not_listed_again_as_a_modifier(pack_pages, ctx):
    qr = _reference(pack_pages)
    assert "Large rifle +4" in qr and "Rifled gun" not in qr
    assert "rifled +1, in each factor here and on the cards." in qr
    for row in ctx.tables.require("shooting_modifiers").rows:  # every other modifier is still listed
        assert row["key"] == "rifled" or row["label"] in qr, row


def test_the_orders_log_says_which_row_of_a_lashed_pair_takes_the_pairs_move(pack_pages):
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert ("the pair moves and turns as one (both are turning) at the slower's speed (write the pair's move once, "
            "in Brooklyn's row, hers sunk or struck: the ↳ row; in the ↳ "
            "row only her own F2, for she picks her own window; CAST OFF parts them:") in log
    assert "consort's row" not in log


def test_the_helmsman_box_has_a_turn_to_write_as_the_other_lasting_effects_do(library, ctx, pack_pages):
    hartford = next((u, d) for u, d in _units(library, ctx) if u.id == "uss-hartford")
    texts = " ".join(sheet.card(*hartford, ctx).texts())
    assert "helmsman T__" in texts and "shutter T__" in texts
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "T______: the turn a lasting effect ends (two moves a turn; " in cards


def test_a_gun_groups_name_sits_beside_its_boxes_not_under_them_on_mobile_bays_cards(library, ctx):
    from shipyard.render.paper import PAPERS

    grid = sheet.style()["cards"]  # the card's inner width on A4: a column of the grid, less the panel's padding
    width = (PAPERS["a4"].printable.w - (grid["columns"] - 1) * grid["gap"]) / grid["columns"] \
        - 2 * sheet.style()["card"]["padding"]
    under = []
    for unit, d in _units(library, ctx):
        if d.stats.is_fort:
            continue
        rows = next(b for b in walk(sheet.card(unit, d, ctx)) if isinstance(b, GunRows))
        _, laid = rows._layout(width)
        under += [(unit.name, t.label, t.note) for t, _, n, _, _, below in laid if below and n == 1 and "; " not in t.note]
    assert not under  # Brooklyn's "10 × 9-inch Dahlgren smoothbore" fell below her PORT boxes (now without "smoothbore")


def test_a_fort_card_has_no_walls_box_since_no_rule_reads_it_in_play(library, ctx):
    morgan = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-morgan")
    boxes = next(b for b in walk(sheet.card(*morgan, ctx)) if isinstance(b, StatBoxes))
    assert [label for label, _ in boxes.items] == ["ARMOUR", "GUNS", "ON ONE SHIP"]


def test_the_counters_have_a_named_chit_per_fort_and_struck_avoided_and_steam_markers(tmp_path):
    run = in_process("counters", "--rules", "really-simple", "mobile-bay-1864", "--backs", "-o", tmp_path / "c.pdf")
    assert run.code == 0, run.err
    front, back = [_flat(p) for p in pdf_page_texts(tmp_path / "c.pdf")][:2]
    for fort in ("Fort Morgan", "Fort Gaines"):
        assert f"{fort} FORT" in front and fort in back, fort
    assert "STRUCK colours struck: a prize; drifts, fires no more" in front
    assert "ABANDONED crew gone: drifts, fires no more; scores as struck" in front
    assert "AVOIDED COLLISION shoots −1 this turn" in front  # the shooting modifier's value, filled from its table
    assert "STEAM FILLED shoots −1 from now on" in front
    assert front.count("KN AHEAD") == 22  # the forts' chits are no speed chits


def test_every_marker_prints_at_6_pt_or_more(ctx):
    from shipyard.rules.really_simple import counters

    for m in counters.markers(ctx):
        title_pt, _, note_pt, _ = counters._marker_layout(m)
        assert title_pt >= 6.0 and note_pt >= 6.0, (m.title, title_pt, note_pt)


def test_the_quick_reference_has_a_turn_track_of_the_games_turns(pack_pages, tmp_path):
    qr = _reference(pack_pages)
    assert "Turn track: strike each turn as it ends (stopped for good: score it then) TURN " + " ".join(map(str, range(1, 13))) in qr  # Mobile Bay: 12
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--turns", "20", "--no", "sheets", "-o",
                     tmp_path, "--jobs", "1")
    assert run.code == 0, run.err
    text = _flat(" ".join(pdf_page_texts(next(tmp_path.glob("*.pdf")))))
    assert "TURN " + " ".join(map(str, range(1, 21))) in text


# ---------------------------------------------------------------------------------------------- round 3: the replay's moments


def _in_scenario(ctx, library, scenario="mobile-bay-1864"):
    """The context as a pack of the scenario has it (its set-up: the forts' fronts)."""
    import copy

    c = copy.copy(ctx)
    c.scenario = library.scenario(scenario)
    return c


def _fort_boxes(library, ctx, fort):
    c = _in_scenario(ctx, library)
    unit, d = next((u, d) for u, d in _units(library, ctx) if u.id == fort)
    return dict(next(b for b in walk(sheet.card(unit, d, c)) if isinstance(b, StatBoxes)).items)


def test_a_forts_card_counts_the_guns_of_each_front_the_set_up_page_gives_and_those_on_no_ship(library, ctx):
    morgan = _fort_boxes(library, ctx, "fort-morgan")
    assert morgan["GUNS"] == 32 and morgan["NO SECTOR"] == 4  # the land front: 32 = 20 + 8 + 4
    assert morgan["ON ONE SHIP 170–330°"].endswith(" of 20") and morgan["ON ONE SHIP 330–030°"].endswith(" of 8")
    gaines = _fort_boxes(library, ctx, "fort-gaines")  # only her two 10in columbiads fire (the special rule)
    assert gaines["GUNS"] == 27 and gaines["ON ONE SHIP 040–150°"].endswith(" of 2") and gaines["NO SECTOR"] == 25
    assert "MOVES" not in gaines and "ON ONE SHIP" not in gaines


def test_a_forts_share_is_of_the_front_that_bears_and_four_hits_a_turn_at_most_reach_one_sloop(library, ctx):
    """The balance: Fort Morgan and her water battery hit a wooden sloop with every gun that bears (+3, firing
    stationary, against armour 4), so the share is the hits a turn; at a third of all her guns 14 a turn sank
    Brooklyn in turn 2 of the replay, where the wooden line passed the forts hit often and lost no ship to them."""
    morgan = _fort_boxes(library, ctx, "fort-morgan")
    battery = _fort_boxes(library, ctx, "fort-morgan-water-battery")
    assert morgan["ON ONE SHIP 170–330°"] == "3 of 20" and morgan["ON ONE SHIP 330–030°"] == "1 of 8"
    assert battery["ON ONE SHIP 180–320°"] == "1 of 7"
    assert _fort_boxes(library, ctx, "fort-gaines")["ON ONE SHIP 040–150°"] == "1 of 2"  # at least one


def test_whether_a_forts_share_falls_with_its_losses_is_said_and_is_a_house_rule_option(pack_pages, tmp_path):
    assert ("the share on one ship is the number printed on its card, while that many of "
            "the front's guns are left") in _reference(pack_pages)
    page = next(p for p in pack_pages[1:] if "What the text leaves open" in p)
    assert "A fort's losses" in page and "the share worked out again as its guns are lost" in page
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_share: {rows: {of: working}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "the share on one ship is worked out again from the front's guns not yet struck" in text


def test_striking_the_0_box_is_sinking_not_struck_and_stopped_is_the_0_box_left(pack_pages):
    qr = _reference(pack_pages)
    assert ("The 0 box: the first SPEED box not struck is her top speed: with only 0 left she has lost her way and "
            "drifts (lashed: carried); "
            "striking the 0 box takes her below 0: she is sinking (not surrendered), fires till she goes down") in qr
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "A SPEED box per ½ kn lost; the 0 box struck, she sinks in 1d6+2 turns" in cards


def test_several_hits_in_one_window_each_roll_their_own_effect_in_turn(pack_pages):
    assert ("Several hits: all rolled first (every firer), then target by target, in "
            "any order, each hit, the nearest firer's first (a fort: its place; equally near: the target's owner picks), rolls its own effect (1d6, a 6 then 2d6), marked before the next is rolled"
            in _reference(pack_pages))
    page = next(p for p in pack_pages[1:] if "What the text leaves open" in p)
    assert "Several hits" in page


def test_when_in_the_move_the_torpedo_test_is_made_and_a_ship_crossing_twice_rolls_once(pack_pages):
    assert ("Torpedo test: as each half move ends, before the fire window: one roll for each ship of either side, in her own side's field too (both of a lashed "
            "pair) that ended it in a field or crossed one, however often (her centre on its edge is in it), and as a "
            "turn ends, for each whose drift ended in one or crossed one: roll 1d6; a torpedo strikes on 6") \
        in _reference(pack_pages)


def test_which_gun_is_largest_when_two_are_equal_or_of_different_kinds(pack_pages):
    assert ("Largest: the largest size first (Large, Medium, Small); of one size, a rifle before a smoothbore; of guns "
            "alike (any bore), the owner picks the box") in _reference(pack_pages)
    assert "Largest gun" in next(p for p in pack_pages[1:] if "What the text leaves open" in p)


def test_a_special_effect_rolled_twice_says_what_adds_and_what_changes_nothing(pack_pages):
    assert ("Twice: a second funnel strikes its boxes again and a second shutter jams the next largest that bears "
            "(all that bear jammed: roll again, the later T__); a helmsman, screw or steering still lasting ends at the later T__; "
            "any other (a list, steam pipes, a FIRE) changes nothing, but a boiler rolls again for the crew") \
        in _reference(pack_pages)
    assert "The same effect again" in next(p for p in pack_pages[1:] if "What the text leaves open" in p)


def test_the_starts_table_gives_each_start_where_the_plan_draws_it_to_the_half_inch(library):
    """The replay found the plan's fort squares 1-1.5 in off the starts table: the squares are drawn at the forts'
    own positions (Fort Morgan 65½, 31½ in), the table rounded them to whole inches (66, 32). Now both agree."""
    from shipyard.pack.setup_page import fit, plan_block, starts_table

    scenario = library.scenarios["mobile-bay-1864"]
    units = {su.id: library.units[su.id] for s in scenario.sides for su in s.units}
    f = fit(scenario.setup, RS, "1/1200")
    table = starts_table(scenario, scenario.sides[1], units, f)
    at = {r[0]: r[1] for r in table.rows}
    assert table.header[1] == "Start (in)"
    markers = {m.label: (m.x, m.y) for m in plan_block(scenario, units, f, []).markers}
    for fort, where in (("Fort Morgan", "65½, 31½"), ("Fort Gaines", "10½, 34½"), ("CSS Tennessee", "55, 38½")):
        assert at[fort] == where and markers[fort] == (float(where.split(", ")[0].replace("½", ".5")),
                                                      float(where.split(", ")[1].replace("½", ".5"))), fort


def test_a_ship_stopped_by_order_holds_her_place_and_only_one_whose_speed_is_lost_drifts(pack_pages):
    """The replay drifted Mobile Bay's Confederates, which start at 0 kn waiting inside the torpedo line, an inch north
    a turn: the text drifts a ship whose speed 'has dropped to zero', not one lying stopped with steam up."""
    qr = _reference(pack_pages)
    assert "Drifting (speed lost to 0, sinking, struck or abandoned): drift 1 in a turn with the tide" in qr
    # play 36: the speed-lost half said once, in Drifting's list above (p11's room)
    assert "Stopped by order: a ship ordering 0 kn, engines sound, holds place and heading." in qr


# ---------------------------------------------------------------------------------------------- round 3 moments


def test_when_a_ship_strikes_her_colours_is_said_and_struck_is_not_abandoned(pack_pages, ctx):
    from shipyard.rules.really_simple.counters import markers

    qr = _reference(pack_pages)
    assert ("Striking colours: she strikes (surrenders) when her owner says so, and must as a turn ends if drifting or "
            "aground (not stopped by order, nor carried, nor sinking, even gunless) with no gun able to fire: lay STRUCK, strike her card's "
            "STRUCK box; she drifts, fires no more, scores as struck") in qr
    reminders = {m.title: m.reminder for m in markers(ctx)}
    assert "ABANDONED" in reminders and reminders["STRUCK"] != reminders["ABANDONED"]
    assert "colours struck" in reminders["STRUCK"] and "crew gone" in reminders["ABANDONED"]


def test_contact_in_simultaneous_movement_is_stepped_in_quarters_and_says_where_the_ships_end(pack_pages):
    assert ("Contact: step each half move off in quarters, all ships at once, where models are near (12 in, edge to "
            "edge); ships meet in the first quarter their "
            "models touch (measured, no close call; a bare model or counter: her card's length × beam, in masking too). Rammed or not avoided: both stop there, "
            "touching, to the half move's end. Avoided: no window lost; she lies ¼ in off the side her bow struck") \
        in _reference(pack_pages)


def test_end_on_contact_stops_fire_for_the_next_window_only(pack_pages):
    assert "and each misses the next window she could fire in (next turn's, if she has fired; one for all a turn's contacts); they grind past" in _reference(pack_pages)


def test_a_turn_is_45_degrees_once_a_half_move_and_only_after_moving(pack_pages):
    assert ("Turns: 45° exactly (or less, onto a heading that is a multiple of 45°), on the spot as a half move ends, "
            "one at most a half move, and only if she moved in it or contact stopped her") in _reference(pack_pages)


def test_a_t_box_counts_from_the_turn_after_it_happened_with_an_example(pack_pages):
    assert ("T__: the hit's turn plus the roll, to the end of the turn written (steering, turn 3, roll 2: T5); 1d6 "
            "moves (two a turn): half the roll, rounded up") in _reference(pack_pages)


def test_a_lashed_pairs_pivots_do_not_fire_across_the_consort(pack_pages):
    """Moment 3 of replay 5: 'across her consort' had no arc; it is her side arc on the consort's side."""
    words = "cannot fire; a list is hers alone; a pivot fires in her whole ahead and astern arcs (her consort's side of the keel too) and to her free side, not into the side arc her consort lies in"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_ship_card_gives_her_model_footprint_to_judge_contact(library, ctx, pack_pages):
    brooklyn = next(u for u, _ in _units(library, ctx) if u.id == "uss-brooklyn")
    assert sheet.model_size(brooklyn, ctx) == "2.3×0.4"  # 233 x 43 ft at 1/1200: 100 ft of ship to the inch
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "Screw sloop · Brooklyn class · USN · model 2.3×0.4in" in cards


def test_fort_gaines_special_rule_says_two_of_her_three_columbiads_fire(pack_pages, library, ctx):
    setup = next(p for p in pack_pages if p.startswith("Set-up"))
    assert "Only two of her three 10in columbiads (the east face, her sector on the plan) fire" in setup
    gaines = _fort_boxes(library, ctx, "fort-gaines")  # the card's three LARGE boxes, two of them on the east face
    assert gaines["ON ONE SHIP 040–150°"].endswith(" of 2")


def test_fort_morgans_gun_boxes_are_grouped_by_the_front_they_stand_on(library, ctx):
    c = _in_scenario(ctx, library)
    morgan = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-morgan")
    rows = next(b for b in walk(sheet.card(*morgan, c)) if isinstance(b, GunRows))
    got = [(t.label, t.count) for t in rows.tracks]
    assert got == [("170–330° L +3", 6), ("170–330° MR +3", 5), ("170–330° M +2", 9), ("330–030° M +2", 8)]
    # channel 20, bay 8, as the card's ON ONE SHIP boxes count them; the land front's 4 play no part: a line, no boxes
    assert "NO SECTOR on the plan, no part in play: 4 guns (4 M)" in _flat(" ".join(b.text for b in walk(sheet.card(*morgan, c))
                                                                          if isinstance(getattr(b, "text", None), str)))
    gaines = next((u, d) for u, d in _units(library, ctx) if u.id == "fort-gaines")
    labels = [t.label for t in next(b for b in walk(sheet.card(*gaines, c)) if isinstance(b, GunRows)).tracks]
    assert labels == ["040–150° L +3"]  # which two of her three columbiads fire


def test_the_readings_say_every_measure_is_from_the_centre_of_her_model(pack_pages):
    assert _said_once(pack_pages, "set-up places, ranges, fields and shoals from her model's or counter's centre")


def _readings(pack_pages) -> str:
    return next(p for p in pack_pages[1:] if "What the text leaves open" in p)


def _said_once(pack_pages, words: str) -> bool:
    """A reading is printed in one place (replay 32: pages 8 and 11 printed the same rules twice): on the quick
    reference, where the readings page only names its rule, or on the readings page, not on both."""
    said = words.lower()  # the reference may open a sentence with a reading ('Casting off ...')
    return (said in _reference(pack_pages).lower()) != (said in _readings(pack_pages).lower())


def test_end_on_contact_in_the_line_has_no_striker_and_no_avoid_roll(pack_pages):
    assert _said_once(pack_pages, "end-on contact: no ram, no striker, and each misses")


def test_a_forts_magazine_hit_and_a_shutter_with_no_gun_bearing_are_said(pack_pages):
    page = _readings(pack_pages)
    assert "or abandoned; a magazine hit (2) does nothing to a fort" in _reference(pack_pages)
    assert "Silenced quick reference it destroys the fort" in page
    words = "circle its box, lay SHUTTER JAMMED: it fires no more till its T__ ends. No gun left bears on the firer: no effect"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_forts_sectors_are_measured_from_the_fort(pack_pages):
    assert _said_once(pack_pages, "a fort's sectors and ranges from its place")


# ---------------------------------------------------------------------------------------------- replay 5 (seed 1201)


def test_a_ship_in_the_way_masks_fire_but_a_monitor_does_not_and_the_other_reading_is_an_option(pack_pages, tmp_path):
    """Moment 1: the gunboats and the water battery fired past the monitor column, and nothing said whether they
    could."""
    words = ("a line of fire is the line through both centres (a fort: its place), no wider: lay a ruler's edge on it; if "
             "the edge crosses any part of another ship's model or base, friend or foe, however little, it is masked, "
             "but not by a monitor's")
    assert _said_once(pack_pages, words) and _said_once(pack_pages, "no ship masks fire")
    assert (f"Targets: each gun picks its own target, nearest or not, among those it bears on and has in range; a gun "
            f"with one, even one no die can hit, may fire or hold (her window is spent); a masked ship is no target (close calls thrown "
            f"first): with none, her window passes to "
            f"the 2nd (a fort's gun: held); {words}") \
        in _reference(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  line_of_fire: {rows: {masked_by: none}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "no ship masks fire: guns fire past every ship, friend or foe" in text and words not in text


def test_end_on_contact_stops_neither_ship(pack_pages):
    """Moment 4 (twice in three turns): a ram or an unavoided collision stops both ships, and end-on contact only said
    that neither fires and both lose a knot: they grind past, so neither stops."""
    words = ("and each misses the next window she could fire in (next turn's, if she has fired; one for all a turn's contacts); they grind past, "
             "finishing their moves (overlapping: the farther backs off)")
    assert _said_once(pack_pages, words)
    assert "The striker is the ship whose bow meets the other's side" in _reference(pack_pages)
    assert f"{words}, but a bow that meets the stern" in _reference(pack_pages)


def test_a_lashed_pairs_one_set_up_place_is_the_first_ships_centre_her_consort_alongside(pack_pages):
    """Moment 2: the set-up gives one place per pair ('USS Brooklyn + USS Octorara 56, 17'); where does the gunboat
    go?"""
    words = ("Lashed pairs: the first-named ship's centre is the pair's set-up place, her consort touching her on the "
             "side the set-up names, their centres abeam; one ship")
    assert words in _reference(pack_pages)
    assert _said_once(pack_pages, words.split(": ", 1)[1])
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "USS Brooklyn + USS Octorara" in setup and "lashed to a sloop's port side" in setup


def test_a_fire_strikes_its_first_box_at_the_first_end_of_turn_it_is_not_put_out(pack_pages):
    """Moment 6: 'a box a turn' on the cards and 'crew leave after 4 turns' left open whether the first FIRE box is
    struck as the fire starts; it is not: each box is an end of turn it burned on, four to abandon (about one fire in
    five, the put-out score's reckoning)."""
    words = "roll 1d6: 5+ puts it out, else strike a FIRE box (none as it starts; struck ones stay, a new fire too)"
    assert _said_once(pack_pages, words) and f"FIRE: at the end of each turn {words}" in _reference(pack_pages)
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "FIRE: each end of turn 5+ on 1d6 puts it out (cross the ring), else strike a box (as it starts: ring the " \
           "word FIRE, no box); all 4 boxes struck, the crew leave: ABANDONED" in cards


def test_a_fort_is_never_an_end_on_target(pack_pages):
    """Moment 5: can a fort, with no keel line, count as end-on when shot at? No."""
    words = "not as a stationary firer (no +1), on fire −1; as a target it is never end-on"
    assert _said_once(pack_pages, words) and words in _reference(pack_pages)


def test_a_fouled_screw_or_holed_boiler_strikes_no_speed_box_and_a_lashed_ship_is_carried(pack_pages):
    """Defect: with a holed boiler lashed Brooklyn had 'only 0 left: stopped and drifts' against 'her consort carrying
    the pair', and the player could not tell whether to strike her SPEED boxes. They are not struck: the boiler's 2d6
    box records it (the boxes still count the hits that sink her)."""
    words = ("Fouled, boiler (9, 12): a fouled screw (till its T__) or holed boiler makes her top speed 0, striking no "
             "SPEED box")
    assert words in _reference(pack_pages) and _said_once(pack_pages, words.split(": ", 1)[1])
    assert _said_once(pack_pages, "with only 0 left she has lost her way and drifts (lashed: carried)")


def test_a_fort_fires_all_its_guns_in_one_window_so_nothing_records_which_fired_first(pack_pages):
    """Defect: the forts' cards have nowhere to record which guns fired in the 1st window (or at whom); a fort fires
    once a turn, all its guns in the same window, as a vessel that has fired does not fire again."""
    words = "a fort writes no orders: it fires in the 1st window a ship is in range and in a sector, else the 2nd, not as a stationary firer (no +1)"
    assert f"Forts (ours): {words}" in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_steering_hit_holds_her_course_but_not_her_speed(pack_pages):
    """Defect: the steering hit said to hold course and not whether speed may still change; it may (the text's
    'must stay on present course' binds the helm only)."""
    assert "Steering hit: hold course 1d6 turns; speed may change" in _reference(pack_pages)
    counters = next(p for p in pack_pages if "STEERING JAMMED" in p and "KN AHEAD" in p)
    assert "STEERING JAMMED hold course till turn ___; may change speed" in counters  # its T__ written (replay 26)


def test_end_on_contact_has_a_marker_to_lay_until_the_next_window(pack_pages):
    """Defect: the counters had an AVOIDED COLLISION marker and none for end-on contact, whose ships may not fire in
    the next window."""
    counters = next(p for p in pack_pages if "END-ON CONTACT" in p and "KN AHEAD" in p)
    assert counters.count("END-ON CONTACT skips her next fire (just one); 1 kn a contact") >= 6  # a set per four of 22 ships


def test_every_fort_card_reads_alike_and_fort_morgans_rows_agree_with_the_set_up(library, ctx, pack_pages):
    """Defects: Fort Morgan's channel 'L +3' row named its guns without their count (6) where the other rows gave it,
    and the set-up's '7 columbiads' matched the card only if the 8-inch columbiad is Medium (it is: its row is M +2);
    Fort Powell's card had 'LARGE +4 rifled' rows and a MOVES box no other card has."""
    c = _in_scenario(ctx, library)

    def rows(fort):
        unit, d = next((u, d) for u, d in _units(library, ctx) if u.id == fort)
        return [(t.label, t.note) for t in next(b for b in walk(sheet.card(unit, d, c)) if isinstance(b, GunRows)).tracks]

    morgan = rows("fort-morgan")
    assert morgan[0] == ("170–330° L +3", "6 × 10-inch columbiad")
    assert morgan[2][0] == "170–330° M +2" and morgan[2][1].startswith("1 × 8-inch columbiad; 8 × 32-pounder")
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Channel (170–330°): 6 10in columbiads (L), 1 8in (M), 5 rifles, 8 32-pdrs" in setup
    assert rows("fort-powell")[0] == ("LR +4", "3 × 7-inch Brooke rifle")
    assert _fort_boxes(library, ctx, "fort-powell") == {"ARMOUR": 8, "GUNS": 6, "ON ONE SHIP": "1 of 6"}
    cards = " ".join(p for p in pack_pages if "Ship data cards" in p)
    assert "MOVES" not in cards and "LARGE +" not in cards and "MEDIUM +" not in cards


def test_the_cover_scores_the_gunboats_only_as_the_score_table_does(pack_pages):
    """Defect: the cover said the gunboats score 'by damaging ships ... and by getting away to Mobile', and the
    set-up's score table has no such points."""
    cover, setup = pack_pages[0], next(p for p in pack_pages if "Set-up:" in p)
    assert "getting away to Mobile" not in cover and "The gunboats harry the ships that pass the fort" in cover
    assert "each Union wooden ship sunk or struck +4" in setup


def test_a_jammed_shutter_says_which_gun_box_it_shuts(pack_pages):
    """Older leftover: a card's one 'shutter T__' box does not say which gun is jammed; its gun box is circled."""
    words = "circle its box, lay SHUTTER JAMMED: it fires no more till its T__ ends"
    assert _said_once(pack_pages, words) and words in _reference(pack_pages)


# ---------------------------------------------------------------------------------------------- round 6 moments


def test_a_lashed_ship_carried_by_her_consort_is_not_stopped_and_need_not_strike(pack_pages):
    """Moment 2 (replay 6): Brooklyn, screw fouled, port guns inboard and listing to port, had 'only 0 left: stopped
    and drifts (lashed, carried)', and a ship stopped with no gun able to fire must strike: read so, she struck in
    turn 2. A carried ship moves with her consort (Oneida, carried past the forts by Galena, never struck)."""
    qr, page = _reference(pack_pages), _readings(pack_pages)
    carried = ("Carried: a lashed ship with no speed left is carried at half her consort's top "
               "speed at most (the consort's first SPEED box not struck; round down to a ½ kn), not capped by the slower's: she "
               "is neither stopped nor drifting")  # then play 32's speed hits on her
    assert carried in qr and _said_once(pack_pages, carried.split(": ", 1)[1])
    assert "if drifting or aground (not stopped by order, nor carried, nor sinking, even gunless) with no gun able to fire" in qr
    assert "stopped and drifts (lashed, carried)" not in qr + page


def test_a_carrying_consort_goes_at_half_her_top_speed_not_half_her_present_one(pack_pages):
    """Moment 5: the set-up's 'carries her at half its own' left open half of what: the gunboat's top speed (her
    first SPEED box not struck, so damage slows the pair) or the speed she happened to be going."""
    words = "at half her consort's top speed at most (the consort's first SPEED box not struck; round down to a ½ kn)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_lashed_pair_parted_by_a_sinking_says_what_the_consort_does(pack_pages):
    """Moment 1: Monongahela blew up (a magazine hit) with Kennebec lashed to her, and nothing said what became of
    the consort; the set-up's 'casting off takes a whole move' is a half move here."""
    words = ("casting off (ordered CAST OFF, or, with no order, one sunk, struck or abandoned) takes the next half move: the pair "
             "stays put (not stationary; may fire, but not one abandoned or struck), then each goes alone")
    assert f"C{words[1:]}" in _reference(pack_pages) and _said_once(pack_pages, words)


def test_end_on_contact_from_astern_in_the_line_says_what_the_follower_does_and_the_other_reading_is_an_option(
        pack_pages, tmp_path):
    """Moment 3: 'they grind past, finishing their moves' cannot be done by a ship directly astern of another (the
    replay stopped Hartford touching Brooklyn's stern). The follower stops there to the half move's end; sheering
    off alongside is the house-rule option."""
    words = "a bow that meets the stern of a ship ahead (or touches it as the half move starts) goes no farther than that stern"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert _said_once(pack_pages, "she sheers off and goes on")
    assert "end-on, the two that touch (not their consorts) lose 1 knot each" in _reference(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  line_ahead: {rows: {follower: sheers}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "sheers off alongside, on the side her owner picks, and finishes her move" in text and words not in text
    bad = _house(tmp_path, "really-simple:\n  line_ahead: {rows: {follower: rams}}\n")
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--house-rules", bad, "-o", tmp_path / "bad",
                     "--no", "sheets", "--jobs", "1")
    assert run.code != 0 and "line_ahead" in run.err and "stops, sheers" in run.err


def test_a_ship_fires_in_one_window_as_a_fort_does_and_when_a_fort_fires_is_settled(pack_pages):
    """Moment 4 and rs22d's open question: forts fired all their guns in one window, 'either', and nothing said when
    the fort's owner picks it (the orders log has no fort row), while ships could split guns between the windows
    ('guns not yet fired'), against the text's second window for a vessel 'that hasn't fired yet'. Now a ship or a
    fort fires in one window a turn; a ship holds for the 2nd by writing F2 in her orders, and a fort, which writes
    none, fires in the 1st window it has a ship in range."""
    qr = _reference(pack_pages)
    assert ("1st fire guns that bear fire (1d6 a gun) or hold, both sides at once: all thrown, then marked; one window a "
            "turn, a binding's too: the 1st if any can, held or not, unless F2") in qr
    assert "a fort writes no orders: it fires in the 1st window a ship is in range and in a sector, else the 2nd" in qr
    logs = [p for p in pack_pages[1:] if "Orders log" in p]
    assert len(logs) == 2 and all("RAM and whom, F2 (fires in the 2nd; jot 1 or 2 when spent), CAST OFF" in p for p in logs)
    assert "guns not yet fired" not in " ".join(pack_pages) and "(either)" not in " ".join(pack_pages)


def test_each_ship_of_a_lashed_pair_makes_her_own_torpedo_test(pack_pages):
    """Moment 6: 'one roll for a ship' left open whether a lashed pair, which moves as one, rolls once or once a
    ship; a torpedo strikes a hull, and each of the two crosses the field, so each rolls."""
    words = "one roll for each ship of either side, in her own side's field too (both of a lashed pair) that ended it in a field or crossed one"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


# ---------------------------------------------------------------------------------------------- round 6 defects


def test_every_turn_to_write_in_on_a_card_has_a_blank_a_pencil_fits(library, ctx):
    """Defect (replay 6): the cards' 'T__' blanks (helmsman, shutter, screw fouled, steering, SINKS) were about 2 mm
    wide, too small for a pencilled turn number; they must be at least 5 mm at the size they are printed."""
    from shipyard.render.tracks import CheckRow, text_width

    c = _in_scenario(ctx, library)
    blanks = 0
    for unit, d in _units(library, ctx):
        for block in walk(sheet.card(unit, d, c)):
            if isinstance(block, CheckRow):
                labels = [(ch.label, block.size) for ch in block.checks]
            elif isinstance(block, SpeedTrack):
                labels = [(cell.label, block.size) for row in block.rows for cell in row.cells]
            else:
                continue
            for label, size in labels:
                for blank in re.findall(r"T(_+)", label):
                    blanks += 1
                    assert text_width(blank, size, "regular", "condensed") >= 5.0, (unit.name, label)
    assert blanks >= 60  # SINKS on every ship, the helmsman's, shutter's, screw's and steering's turns


def test_the_plan_key_says_what_a_forts_lines_and_dashed_arc_are(pack_pages):
    """Defect (replay 6, p2): the dashed arc and the solid lines drawn at Fort Morgan were not in the plan's key."""
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert ("forts: squares with their sectors of fire (solid lines from the square to a sector's edges, a dashed arc "
            "between: where it bears, not how far)") in setup


def test_the_counters_have_carried_and_sunk_markers_their_reminders_at_6_pt(pack_pages, ctx):
    """Defect (replay 6, counters): no marker for a ship carried by her consort (a lasting state with its own
    speed) or for a ship sunk (the score counts her)."""
    from shipyard.rules.really_simple.counters import _marker_layout, markers

    found = {m.title: m for m in markers(ctx)}
    assert found["CARRIED"].reminder == "moves at half her consort's top speed; need not strike"
    assert found["SUNK"].reminder.startswith("gone down: off the table")
    assert all(_marker_layout(found[t])[2] >= 6.0 for t in ("CARRIED", "SUNK"))
    counters = " ".join(p for p in pack_pages if "KN AHEAD" in p)
    assert counters.count("CARRIED moves at half her consort's top speed; need not strike") >= 6  # a set per 4 ships
    assert counters.count("SUNK gone down: off the table") >= 6


def test_an_odd_broadside_says_its_odd_gun_is_to_starboard(library, ctx):
    """Defect (replay 6, cards): Monongahela read PORT M 2 and STBD M 3 (the starboard row naming the gun again, not
    'as PORT') and Octorara PORT L 1 and STBD L 2, unexplained. Their lists give an odd broadside (5 32-pdrs, 3
    9-inch); half goes to each side and the odd gun to starboard, and the card now says so."""
    c = _in_scenario(ctx, library)

    def rows(ship):
        unit, d = next((u, d) for u, d in _units(library, ctx) if u.id == ship)
        tracks = next(b for b in walk(sheet.card(unit, d, c)) if isinstance(b, GunRows)).tracks
        return {t.label: (t.count, t.note) for t in tracks}

    # replay 23: a lashed ship's odd gun is on her outboard side (odd_gun), and her inboard battery says it cannot
    # fire: Monongahela's port is inboard, so hers stays to starboard; Octorara's starboard is, so hers goes to port
    mono, octo, hartford = rows("uss-monongahela"), rows("uss-octorara"), rows("uss-hartford")
    assert mono["PORT M +2"] == (2, "2 × 32-pounder of 42 cwt · inboard: cannot fire, lost last")
    # play 32, moment 10: "as PORT, less the odd gun" left the player asking which guns: unlike sides name their own
    assert mono["STBD M +2"] == (3, "3 × 32-pounder of 42 cwt · of 5, the odd one here")  # play 33: the odd side says so
    assert octo["PORT L +3"][0] == 2 and octo["STBD L +3"] == (1, "1 × 9-inch Dahlgren · inboard: cannot fire, lost last")
    assert hartford["STBD L +3"][1] == "as PORT"


def test_the_odd_gun_to_starboard_whatever_is_a_house_rule(library, ctx):
    """Replay 23, moment 5: the other reading (odd_gun side: starboard) keeps the odd gun to starboard though it is
    inboard, as the pack read it before."""
    import copy

    from shipyard.rules.really_simple.words import gun_groups, inboard_side, odd_gun_inboard

    c = _in_scenario(ctx, library)
    unit, d = next((u, d) for u, d in _units(library, ctx) if u.id == "uss-octorara")
    assert inboard_side(c, unit) == "starboard" and odd_gun_inboard(c.tables, c, unit) == "starboard"
    house = copy.copy(c.tables.require("odd_gun"))
    house.rows = {**house.rows, "side": "starboard"}
    tables = copy.copy(c.tables)
    tables.require = lambda name, _r=c.tables.require: house if name == "odd_gun" else _r(name)
    assert odd_gun_inboard(tables, c, unit) is None
    groups = {(g.bears, g.size): g.count for g in gun_groups(d.stats, tables, unit, library, odd_gun_inboard(tables, c, unit))}
    assert groups[("port", "Large")] == 1 and groups[("starboard", "Large")] == 2


@pytest.mark.parametrize("scenario", ["drewrys-bluff-1862", "mobile-bay-1864", "memphis-1862"])
def test_a_named_chits_name_keeps_clear_of_the_words_under_it(library, ctx, scenario):
    """Older leftover (the layout lint on Drewry's Bluff): the fort chit 'Drewry's Bluff battery (Fort Darling)' was
    set a word a line, five lines running into its FORT; a name now wraps by words, three lines at most, dropping
    its bracketed other name where it must."""
    from shipyard.rules.really_simple.counters import ShipChit, _face

    units = [u for _, u in library.scenario_units(library.scenario(scenario))]
    for u in units:
        lines = _face(("", "FORT", ShipChit(u.name, fort=True)))[1][1].lines
        assert 1 <= len(lines) <= 3, (u.name, lines)
    if scenario == "drewrys-bluff-1862":
        fort = next(u for u in units if "Darling" in u.name)
        assert _face(("", "FORT", ShipChit(fort.name, fort=True)))[1][1].lines == ["Drewry's", "Bluff battery"]


# ---------------------------------------------------------------------------------------------- replay 7


def test_a_shoals_depth_on_the_set_up_page_says_who_rolls_and_with_which_dice_as_the_reference_does(pack_pages, ctx):
    """Replay 7, moment 2: the set-up page said a ship drawing more than the depth grounds, the quick reference rolled
    3d6 (shallow) or 4d6 (deep) against the draft, and neither said which class the 9 ft Middle Ground is. Both now
    say one rule: drawing no more than the depth she crosses; drawing more she rolls, a shoal under the table's line
    being shallow."""
    from shipyard.rules.really_simple.words import shoal_dice

    setup = next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)
    assert "Middle Ground shoals: 9 ft" in setup
    assert "A ship drawing more than the depth grounds" not in setup
    words = _flat(shoal_dice(ctx.tables))
    assert "under 12 ft a shallow shoal, else deep" in words and "3d6 (shallow) or 4d6 (deep)" in words
    assert 9 < ctx.tables.require("shoal_class").rows["deep_from_ft"]  # the Middle Ground is a shallow shoal
    # play 44 (defect): p2 and p3 printed it twice, word for word; the set-up now points to the quick reference's
    assert "Shoals: open water, off a channel too, is deep water, crossed freely; a drawn shoal: quick reference, Shoals." in setup
    assert words not in setup and words[0].upper() + words[1:] in _reference(pack_pages)


def test_a_lashed_gunboats_pivot_fires_ahead_past_her_sloop_whose_hull_never_masks_it(pack_pages):
    """Replay 7, moment 3: the pair's pivot 'bears ahead and astern', but the line of fire let her own sloop's hull
    mask any target more than a few degrees off to the sloop's side. One rule now: a consort's hull masks nothing,
    and the pivot's arc past her is the 45° ahead and astern every gun uses."""
    lashed = "a pivot fires in her whole ahead and astern arcs (her consort's side of the keel too) and to her free side, not into the side arc her consort lies in"
    masked = ("crosses any part of another ship's model or base, friend or foe, however little, it is masked, but not "
              "by a monitor's low hull nor by the firer's own consort")
    for words in (lashed, masked):  # said once, on the quick reference (replay 32)
        assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_ship_with_no_gun_left_strikes_as_the_turn_ends_not_mid_phase(pack_pages):
    """Replay 7, moment 4: Selma, her last guns struck and stopped, 'must' strike, but when: at once, at the end of
    the phase, at the end of the turn? As the turn ends, so a window's hits all land first and she fires in the
    window she is hit in (simultaneous fire); her owner may strike her sooner."""
    words = ("she strikes (surrenders) when her owner says so, and must as a turn ends if drifting or aground (not "
             "stopped by order, nor carried, nor sinking, even gunless) with no gun able to fire")
    assert f"Striking colours: {words}" in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_fire_counter_the_2d6_row_the_cards_and_the_readings_say_when_the_crew_leave_in_the_same_words(
        pack_pages, ctx):
    """Replay 7: the FIRE! counter said 'crew leave after 4 turns' where the cards and the quick reference count
    FIRE boxes struck (none as it starts; struck ones stay, a new fire too), so a fire lit in turn 1 read as abandoned at the end of turn 4 or 5. One
    phrase now, wherever it is printed."""
    from shipyard.rules.really_simple.counters import markers
    from shipyard.rules.really_simple.words import fire_boxes_struck

    words = fire_boxes_struck(ctx.tables)
    assert words == "all 4 boxes struck, the crew leave"
    assert next(m for m in markers(ctx) if m.title == "FIRE!").reminder.endswith(words)
    counters = next(p for p in pack_pages if "FIRE! 5+ on 1d6" in p)
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    for page in (counters, cards, _reference(pack_pages)):
        assert words in page
    assert _said_once(pack_pages, words)  # the readings name its rule (replay 32: not printed twice)
    assert "FIRE: 1d6 each turn to put out; " + words in _reference(pack_pages)
    assert not any("crew leave after" in p for p in pack_pages)


def test_the_covers_contents_lists_the_orders_logs_and_the_readings_at_their_pages(pack_pages):
    """Replay 7: the contents list left out the orders logs and 'What the text leaves open', both printed after the
    cards in the record sheets; they are listed under the record sheets now, each at the page it starts on."""
    contents = pack_pages[0].split("Contents", 1)[1]
    for part, starts in (("What the text leaves open", "What the text leaves open"),):
        page = int(re.search(re.escape(part) + r" page (\d+)", contents).group(1))
        assert starts in pack_pages[page - 1], (part, page)
        assert all(starts not in p for p in pack_pages[1:page - 1]), (part, page)  # past the cover
    assert contents.index("Record sheets") < contents.index("Orders log") < contents.index("Templates and gauges")


def test_a_part_the_pack_does_not_print_leaves_no_line_in_the_contents(tmp_path):
    """Without the quick reference the readings are not printed (they follow it or the last log only in a pack with
    both): the contents then lists the orders log and no readings."""
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--no", "reference", "--no", "counters",
                     "--no", "templates", "-o", out, "--jobs", "1")
    assert run.code == 0, run.err
    pages = [_flat(p) for p in pdf_page_texts(next(out.glob("*.pdf")))]
    assert re.search(r"Orders log (page|pp\.) \d", pages[0]) and "What the text leaves open" not in " ".join(pages)


def test_a_ships_centre_on_a_torpedo_fields_edge_is_in_the_field(pack_pages):
    """Replay 7, moment 1: the set-up page now gives the torpedo line in numbers (x 30–59½, y 31½–34 in), and a
    model's centre on that edge is in the field: said where the torpedo test is."""
    setup = next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)
    assert "Torpedo line: x 30–59½, y 31½–34" in setup
    words = "that ended it in a field or crossed one, however often (her centre on its edge is in it)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


# ---------------------------------------------------------------------------------------------- replay 8 (seed 2028)


def test_the_second_half_move_after_a_hit_in_the_first_fire_is_at_most_half_her_speed_now(pack_pages):
    """Moment 1: a ship slowed in the 1st fire: half her new speed, or the rest of the move ordered? The rest, but no
    more than half her speed now: on the turn card and in the readings."""
    assert "2nd half move the rest of each ship's move, at most half her speed now; then the turns ordered" \
        in _reference(pack_pages)
    assert _said_once(pack_pages, "both half moves; the 2nd is the rest of her move, at most half her speed now")


def test_a_knot_lost_in_contact_is_two_speed_boxes(pack_pages):
    """Moment 2: end-on contact's 'both lose 1 knot': her speed now, or two SPEED boxes? Two boxes, as every knot lost."""
    words = "takes ½ knot off her top speed (1 kn: 2 boxes; 1d6 kn: twice the roll)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_ships_already_touching_as_a_half_move_starts_make_no_new_contact(pack_pages):
    """Moment 3: Hartford touching Brooklyn's stern from the last half move: is each push another contact?"""
    words = "Touching as it starts: no new contact"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_ramming_roll_names_its_die_and_the_speed_of_a_carried_or_drifting_rammer(pack_pages):
    """Moment 4 and the half-knot steps: the table named no die, nor the speed of a rammer carried by her consort or
    slowing with a holed boiler, nor what 7½ knots gives."""
    qr = _reference(pack_pages)
    assert "Ramming: 1d6 + modifiers, bow into any ship's side" in qr
    words = ("her speed this turn (carried: the pair's; drifting to a stop: what is left), in whole steps "
             "(7½ kn +0, 8 kn +1; 3½ kn +0, 3 kn −1)")
    assert f"Rammer's speed: {words}" in qr and _said_once(pack_pages, words)


def test_casting_off_takes_a_half_move_in_which_the_pair_does_not_move(pack_pages):
    """Moment 5: 'casting off takes a whole move': how long, and does the pair move meanwhile? And an order for it."""
    words = ("casting off (ordered CAST OFF, or, with no order, one sunk, struck or abandoned) takes the next half move: the pair stays "
             "put (not stationary; may fire, but not one abandoned or struck), then each goes alone")
    assert f"C{words[1:]}" in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "then her speed, RAM, F2, CAST OFF" in _reference(pack_pages)
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "CAST OFF parts them" in log


def test_a_gun_lost_strikes_a_jammed_gun_only_when_no_gun_that_bears_is_free(pack_pages):
    """Moment 6: the owner struck the gun a shutter had already jammed, keeping a working one."""
    words = "(1) the largest able gun that bears on the firer; (2) else her largest able gun; (3) a gun unable to fire (jammed"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_ship_stopped_by_contact_still_makes_her_ordered_turn(pack_pages):
    """Moment 7: stopped at once by contact, has she 'moved in it'? She has way on: she turns (as Hartford turned out
    of the line past Brooklyn); without it a stopped line could never clear."""
    words = "and only if she moved in it or contact stopped her (at speed 0 she makes no turn)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_ship_drifting_into_another_stops_touching_with_no_roll(pack_pages):
    """Moment 8: Monongahela drifted into Seminole at the end of the turn, and no rule covered it."""
    words = "Drifting or swinging: she stops where she touches (touching already: no swing), no roll, no loss"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_ship_chit_has_a_bow_mark_to_face_and_says_her_side(tmp_path, library, ctx):
    """The eighth replay: without models the counters showed no facing, and Tennessee's read like the Union's."""
    from shipyard.render.counters import Shape
    from shipyard.rules.really_simple.counters import STYLE, ShipChit, _face, ship_chits

    run = in_process("counters", "--rules", "really-simple", "mobile-bay-1864", "-o", tmp_path / "c.pdf")
    assert run.code == 0, run.err
    front = _flat(pdf_page_texts(tmp_path / "c.pdf")[0])
    assert "Tennessee KN AHEAD CONFEDERATE" in front and "Hartford KN AHEAD UNION" in front
    assert "Fort Morgan FORT CONFEDERATE" in front
    scen = library.scenario("mobile-bay-1864")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(scen)]
    for _, _, chit in ship_chits(units):
        for back in (False, True):  # the bow on both faces: the top edge stays the bow folded or printed duplex
            bows = [part for part, _ in _face(("", "", chit), back=back) if part is STYLE["bow"]]
            assert len(bows) == (0 if chit.fort else 1), chit.name
    assert not any(isinstance(p, Shape) for p, _ in _face(("", "FORT", ShipChit("Fort Morgan", fort=True))))


def test_the_cards_gun_names_are_set_larger_than_6_pt(bundled_packs):
    """The eighth replay found the cards' gun names 'smaller still' than the 6 pt rules text: they were 6 pt
    condensed. Measured on the first card page of Mobile Bay's A4 pack: every letter of a gun name is over 6 pt."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", "a4").path
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[pdf_page_index(path, "Ship data cards")]
        names = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] in ("Dahlgren", "Parrott")]
    assert names and min(w["size"] for w in names) > 6.35, sorted({round(w["size"], 2) for w in names})


def test_fort_gaines_is_said_to_be_beyond_the_channels_reach_on_the_set_up_page(pack_pages, library):
    """The eighth replay: Fort Gaines is some 45 in from the channel, past every gun's 36 in, and nothing said so: her
    card looked like a unit that should act. She keeps her card (a ship that strays west across the bay is in her
    reach) and the victory table, which scores nothing for her."""
    setup = next(p for p in pack_pages if p.startswith("Set-up"))
    assert ("Fort Gaines Two and a half miles from the channel (45 in), beyond any gun's 36 in: the line passes out of her "
            "reach") in setup
    assert "only at a ship that strays west across the bay to within 36 in of her" in setup
    scen = library.scenario("mobile-bay-1864")
    assert not any(getattr(p, "unit", None) == "fort-gaines" for p in scen.setup.victory.points)
    gaines, line = scen.setup.starts["fort-gaines"].at, [scen.setup.starts[u].at for u in ("uss-brooklyn", "uss-oneida")]
    assert min(abs(gaines[0] - x) for x, _ in line) / 100 > RS.context(library).tables.require("ranges").rows["long"]


def test_the_wooden_lines_005_start_can_square_up_to_a_heading_of_45_degree_steps(pack_pages, library):
    """The eighth replay: the sloops start at 005° and a turn is exactly 45°, so they could never steer 000° or 045°.
    A turn may be less, onto a multiple of 45°."""
    scen = library.scenario("mobile-bay-1864")
    assert scen.setup.starts["uss-brooklyn"].heading % 45  # the set-up's heading, off the 45° steps
    words = "45° exactly (or less, onto a heading that is a multiple of 45°)"
    assert f"Turns: {words}" in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_fort_fires_as_no_stationary_firer_and_the_plus_one_is_a_house_rule_option(pack_pages, tmp_path):
    """The eighth replay's balance: forts firing as stationary firers (+1, our reading: the text has no forts) hit a
    wooden ship with every heavy gun and their 32-pdrs on a 2, and Brooklyn sank in turn 2. The +1 is dropped; the
    first reading is an option, said where the player reads it."""
    words = "else the 2nd, not as a stationary firer (no +1), on fire −1; as a target it is never end-on"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert _said_once(pack_pages, "as a stationary firer (+1)")
    assert "Stationary: at 0 kn by order this turn (STATIONARY marker till it ends; not a binding's 0 kn), drifting, anchored or aground." \
        in _reference(pack_pages)
    assert "Target stationary (a fort always)" in _reference(pack_pages)  # play 33: said once, in the modifiers
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_firer: {rows: {counts_as: stationary}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "else the 2nd, as a stationary firer (+1), on fire −1; as a target it is never end-on" in text and "(no +1)" not in text
    assert "takes the −1); speed hits do nothing to it" in text
    assert "Forts in the turn quick reference no +1 as a firer" in text
    bad = _house(tmp_path, "really-simple:\n  fort_firer: {rows: {counts_as: steady}}\n")
    run = in_process("pack", "mobile-bay-1864", "--rules", "really-simple", "--house-rules", bad, "-o", tmp_path / "b",
                     "--jobs", "1")
    assert run.code != 0 and "fort_firer" in run.err and "fixed, stationary" in run.err, run.err
    assert not list((tmp_path / "b").glob("*.pdf"))


# ---------------------------------------------------------------------------------------------- replay 9's moments


def test_a_killed_helmsman_says_which_turn_to_write_at_her_t_blank(pack_pages):
    """Moment (replay 9): the card's 'helmsman T__' and the 2d6 row 'hold course one full turn' gave no turn to
    write; the row says it: the turn after the hit."""
    assert "Helmsman killed: hold course one full turn (T = this turn + 1)" in _reference(pack_pages)


def test_a_fouled_screw_starts_slowing_with_the_next_turn_not_mid_move(pack_pages):
    """Moment (replay 9): fouled mid-turn, did Gaines slow in the 2nd half move or from the next turn?"""
    said = "from the next turn she slows 2 knots a turn, steam pipes or not"
    assert said in _reference(pack_pages)
    assert _said_once(pack_pages, said)


def test_the_turning_gauge_names_one_pivot_and_where_a_lashed_consort_ends(pack_pages):
    """Moment (replay 9): 'the pivot of the model's bow (or centre)' named two pivots and left a lashed consort
    unplaced after the pair turned."""
    gauge = next(p for p in pack_pages if "Turning gauge" in p)
    assert ("Put the point at the model's centre (a lashed pair: the first-named ship's; her consort swings with her, "
            "still alongside on the same side)") in gauge
    assert "(or centre)" not in gauge


def test_a_lashed_consort_writes_her_own_f2_in_her_row(pack_pages):
    """Moment (replay 9): the ↳ row took only her own target, so did the pair's F2 hold her fire too? She writes her
    own (and no target: each gun picks its own as it fires)."""
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "in the ↳ row only her own F2, for she picks her own window" in log


def test_the_other_sides_chits_have_open_bows_as_the_plan_key_says(library, ctx):
    """Replay 9: the set-up page's key says the first side's triangles are filled and the other's open, but every
    chit's bow was filled. The chits now draw them as the plan does."""
    from shipyard.rules.really_simple.counters import STYLE, _face, ship_chits

    scen = library.scenario("mobile-bay-1864")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(scen)]
    first = str(scen.sides[0].name)
    fills = {}
    for _, _, chit in ship_chits(units, first):
        if not chit.fort:
            fills[(chit.side, chit.name)] = next(fill for part, fill in _face(("", "", chit)) if part is STYLE["bow"])
    assert {fill for (side, _), fill in fills.items() if side == "Union"} == {None}  # filled: the style's black
    assert {fill for (side, _), fill in fills.items() if side == "Confederate"} == {1.0}  # open: white in its outline


def test_a_ship_chit_has_a_box_to_pencil_her_speed_in(library, ctx):
    """Replay 9: 'KN AHEAD' with no number and no space to write one. A box over the words on both faces."""
    from shipyard.rules.really_simple.counters import STYLE, ShipChit, _face, ship_chits

    scen = library.scenario("mobile-bay-1864")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(scen)]
    ships = [c for _, _, c in ship_chits(units) if not c.fort]
    assert len(ships) == 22
    for chit in ships:
        for back in (False, True):
            assert any(part is STYLE["speed_box"] for part, _ in _face(("", "", chit), back=back)), chit.name
    # a name of two lines (Memphis' Gen. M. Jeff Thompson) leaves a shallower box, still one a pencil fits
    assert any(part is STYLE["speed_box_low"] for part, _ in _face(("", "", ShipChit("Gen. M. Jeff Thompson"))))
    xs, ys = zip(*STYLE["speed_box_low"].points)
    assert max(ys) - min(ys) >= 2.4
    xs, ys = zip(*STYLE["speed_box"].points)
    assert max(xs) - min(xs) >= 6 and max(ys) - min(ys) >= 3.5  # room for a pencilled "11½"


def test_every_ships_card_has_a_struck_box_where_her_fight_ends(pack_pages, library, ctx):
    """Replay 9: the rule says lay STRUCK, but the cards had no box for it, only a counter. Every ship's speed track
    ends SINKS T__, ABANDONED, STRUCK, and the rule says to strike it."""
    for unit, d in _units(library, ctx):
        if d.stats.is_fort:
            continue
        track = next(b for b in walk(sheet.card(unit, d, ctx)) if isinstance(b, SpeedTrack))
        ends = [c.text for row in track.rows for c in row.cells if c.end]
        assert ends == [f"SINKS {sheet.UNTIL}", "ABANDONED", "STRUCK"], unit.name
    cards = " ".join(p for p in pack_pages if "Ship data cards" in p)
    assert cards.count("ABANDONED STRUCK") == 22  # every ship of Mobile Bay's, on the printed cards
    assert "lay STRUCK, strike her card's STRUCK box" in _reference(pack_pages)


def test_a_gun_lost_when_none_bears_is_never_a_lashed_pairs_inboard_gun_first(pack_pages):
    """Replay 9's loophole: with no gun bearing on the firer, the owner could give up an inboard broadside gun that
    could never fire (a lashed sloop's port battery). The largest gun not inboard is taken."""
    said = ("(1) the largest able gun that bears on the firer; (2) else her largest able gun; (3) a gun unable to fire (jammed, listed) "
            "after every gun that can, bearing or not; (4) a lashed ship's inboard gun after all others")
    assert said in _reference(pack_pages)
    assert _said_once(pack_pages, said)
    cards = " ".join(p for p in pack_pages if "Ship data cards" in p)  # and on the lashed ships' own rows (replay 32)
    assert "10 × 9-inch Dahlgren · inboard: cannot fire, lost last" in cards


def test_the_set_up_page_warns_that_the_line_starts_in_close_order(pack_pages):
    """Replay 9: the Union line starts 2½ in apart with 2.2-2.4 in models, so the first speed difference is end-on
    contact, and the pack did not say so. Mobile Bay's turn-1 event for this rule set says it, and the rule it cites says what contact does."""
    setup = next(p for p in pack_pages if p.startswith("Set-up:") or "Special rule How it plays" in p)
    assert ("Close order (all game): the line starts a few tenths of an inch bow to stern; a ship gaining on the one ahead meets her "
            "stern (4+ avoids, else end-on: p11 Contact)") in setup  # play 33, moment 6: the follower may avoid
    qr = _reference(pack_pages)  # what it cites is the pack's own rule
    assert "a bow that meets the stern of a ship ahead (or touches it as the half move starts) goes no farther" in qr
    assert "end-on, the two that touch (not their consorts) lose 1 knot each" in qr


def test_the_orders_extras_hold_a_speed_change_and_f2_with_no_target_to_write(pack_pages, library, ctx):
    """Replay 9: the extras cell (about 12 mm) could not hold a speed change, F2 and a target together. Targets are
    picked gun by gun as she fires (the Targets reading), so the log asks for none, and the extras take a wider share."""
    from shipyard.render.paper import PAPERS

    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "RAM and whom, F2 (fires in the 2nd; jot 1 or 2 when spent), CAST OFF; no target (guns pick their own)" in log
    assert "the target" not in log
    ships = [d for _, d in _units(library, ctx) if not d.stats.is_fort]
    band = sheet.orders_bands(ships, 12, PAPERS["a4"].printable.w)[0]
    weights = sheet.log_style()["weights"]
    turn_w = (PAPERS["a4"].printable.w - band.name_w(PAPERS["a4"].printable.w)) / len(band.turns)
    assert turn_w * weights[2] / sum(weights) >= 13.5  # mm for "8 F2" or "RAM Selma"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_struck_box_and_the_wider_extras_shrink_no_speed_figure_or_log_heading_under_6_pt(bundled_packs, paper):
    """The room for the STRUCK box and the wider extras was first won by narrower speed boxes and half-move cells,
    which fitted '11½' and '2nd ½' down to 5.7-5.9 pt. Every character on the card pages and orders logs of Mobile
    Bay's pack is at 6 pt at least (pdfium's sizes, as the layout lint reads them)."""
    import pypdfium2 as pdfium
    from layout_lint import _chars

    path = bundled_packs.get("mobile-bay-1864", "really-simple", paper).path
    pdf = pdfium.PdfDocument(str(path))
    try:
        small, pages = [], 0
        for i in range(len(pdf)):
            text = pdf[i].get_textpage()
            if "Ship data cards" not in text.get_text_range() and "Orders log" not in text.get_text_range():
                continue
            pages += 1
            small += [(i + 1, c.text, round(c.size, 2)) for c in _chars(text) if c.size < 5.95]
    finally:
        pdf.close()
    assert pages >= 5 and not small, small[:12]


# ---------------------------------------------------------------------------------------------- replay 10's moments


def test_a_ship_that_turned_in_the_first_half_fires_in_the_second_window_without_f2(pack_pages):
    """Moment (replay 10): phase 3 says a ship fires in the 1st 'unless her orders say F2', phase 5 'not yet
    fired': may one that turned after the 1st half move (so could not fire) fire in the 2nd without F2?"""
    qr = next(p for p in pack_pages if "Really Simple · quick reference" in p)
    assert "2nd fire as the 1st; a turn as the 2nd half ends bars it, not the 1st's (no F2 needed)" in qr
    assert "not yet fired: ships not turning, forts" in qr


def test_a_gun_lost_hit_on_a_ship_with_no_gun_left_is_read_as_a_half_knot(pack_pages):
    """Moment (replay 10): Selma's fifth hit rolled 'lose a gun' with none left, and 'A gun lost' said nothing."""
    said = "as if none bore); with none left, read as a 1 (lose ½ knot)"
    assert said in _reference(pack_pages)
    assert _said_once(pack_pages, said)


def test_end_on_contact_between_lashed_pairs_costs_only_the_two_that_touch(pack_pages):
    """Moment (replay 10): two lashed pairs met end-on; 'both lose 1 knot': the sloops that touched, or their
    gunboats too?"""
    assert "end-on, the two that touch (not their consorts) lose 1 knot each (2 SPEED boxes) a contact (avoided: none; met at both ends: 2)." in _reference(pack_pages)


def test_every_drifting_ship_rolls_the_swing_a_struck_one_too(pack_pages):
    """Moment (replay 10): the 1-on-1d6 swing was written for a ship whose speed is lost to 0; does a struck ship
    that drifts (Selma) swing too?"""
    assert ("Drifting (speed lost to 0, sinking, struck or abandoned): drift 1 in a turn with the tide, then 1 on 1d6 swings her 45° "
            "clockwise, 6 anticlockwise") in _reference(pack_pages)


def test_a_lashed_consort_is_turning_when_her_pair_turns(pack_pages):
    """Smaller point (replay 10): does a gunboat count as 'turning' (and so hold her fire) when her sloop swings?"""
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "lashed to Brooklyn; the pair moves and turns as one (both are turning)" in log


def test_a_ship_stopped_by_her_own_order_with_no_gun_left_need_not_strike(pack_pages):
    """Defect (replay 10): Selma, held at 0 kn by her turn-1 order with her engines sound, lost her last gun and
    had to strike, though she could steam off next turn; only a ship that cannot (drifting, aground) must."""
    words = "must as a turn ends if drifting or aground (not stopped by order, nor carried, nor sinking, even gunless) with no gun able to fire"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "if stopped or drifting" not in " ".join(pack_pages)


def test_a_ship_swinging_on_the_spot_into_a_model_beside_her_stops_touching_her(pack_pages):
    """Smaller point (replay 10): a turn on the spot (or a drift's swing) into a model alongside was not covered by
    the contact rules."""
    words = "Drifting or swinging: she stops where she touches (touching already: no swing), no roll, no loss"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_an_abandoned_ship_scores_as_struck_on_the_reference_and_her_marker(pack_pages):
    """Moment (replay 11): the scores count 'sunk or struck', the reference called an abandoned ship only 'lost to
    her side': was abandoned Brooklyn worth the Confederates' 4?"""
    words = "the crew leave: she fires no more (a target still), does not sink, scores as struck; she drifts from that turn's end (lashed: not carried; see Casting off)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "ABANDONED crew gone: drifts, fires no more; scores as struck" in " ".join(pack_pages)


def test_an_avoided_collision_leaves_her_alongside_just_clear_and_both_finish_the_half_move(pack_pages):
    """Moment (replay 11): 'sheers off alongside' did not say where she ends or whether she goes on; the player let
    Tecumseh finish her move a tenth of an inch to the side."""
    words = "Avoided: no window lost; she lies ¼ in off the side her bow struck, sheering clear of ships; both go on"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_end_on_contact_bars_the_next_window_the_ship_would_fire_in_a_turners_second(pack_pages):
    """Moment (replay 11): 'neither fires in the next fire window' meant the 1st, but Hartford turned, which moved
    her fire to the 2nd window anyway, so the contact cost her nothing: the bar is on her own next window."""
    words = "each misses the next window she could fire in"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "neither fires in the next fire window" not in " ".join(pack_pages)


def test_the_covers_contents_names_the_page_of_each_sides_orders_log(pack_pages):
    """Defect (replay 11): the contents listed the orders log on page 7 alone; the Confederate log is on page 8."""
    contents = pack_pages[0].split("Contents", 1)[1]
    listed = [int(n) for n in re.search(r"Orders log pp\. (\d+(?:, \d+)+)", contents).group(1).split(", ")]
    logs = [i + 1 for i, p in enumerate(pack_pages) if "Orders log · " in p and i > 0]
    assert listed == logs and len(logs) == 2, (listed, logs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_character_of_the_mobile_bay_pack_is_under_6_pt_the_chits_side_too(bundled_packs, paper):
    """Defect (replay 11): text under 6 pt; the layout lint found it on the speed chits, whose CONFEDERATE (bold,
    squeezed to the chit) read at 5.8 pt. Every character of the pack, the counters' too, is at 6 pt at least."""
    report = bundled_packs.lint("mobile-bay-1864", "really-simple", paper)  # the run's one lint of the pack
    assert report.chars > 0 and report.under_6 == 0, report.text()


def test_a_ship_touching_the_stern_ahead_as_the_half_move_starts_goes_no_farther_than_it(pack_pages):
    """Moment 1 (replay 12): in the turn-2 pile-up behind Brooklyn the rear ships started their half moves already
    touching the stern ahead; 'ships touching as it starts make no new contact' did not say how far one may go when
    the ship ahead moves less, whether she pushes through, or whether she loses another knot."""
    stern = ("a bow that meets the stern of a ship ahead (or touches it as the half move starts) goes no farther than "
             "that stern (the leader goes on, not stopped) to the half move's end")
    touching = "Touching as it starts: no new contact, no roll, no loss"
    for words in (stern, touching):
        assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_letter_quick_reference_keeps_to_one_page(bundled_packs):
    """The readings the replays add must be won back on the quick reference: on Letter, the shorter page, its two
    columns stay on one page (the pack would run to a 13th)."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", "letter").path)]
    ref = next(p for p in pages if "Really Simple · quick reference" in p)
    assert "Turn track: strike each turn as it ends" in ref and "otherwise it is a ram" in ref  # both columns' ends
    assert "then straight astern till clear" in _reference(pages)  # the shoals on the roster page (replay 28)


def test_a_lashed_ship_struck_past_0_is_still_carried_till_she_goes_down_or_is_cast_off(pack_pages):
    """Moment 2 (replay 12): the 0 box said a lashed ship with only 0 left is carried and one struck past 0 is
    sinking, but not whether a lashed ship that is sinking is still carried by her consort or drifts."""
    words = "she is sinking (not surrendered), fires till she goes down"
    assert "The 0 box: the first SPEED box not struck" in _reference(pack_pages)
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_set_up_page_says_the_monitors_000_runs_into_the_torpedo_field_as_005_does(pack_pages):
    """Defect (replay 12): the set-up warned only that 005° runs into the torpedo field, while the monitors start at
    x 59 (58½-59 then), west of the red buoy (59½), so their 000° does too."""
    setup = next(p for p in pack_pages if p.startswith("Set-up:"))
    assert "005°, 000° meet the field." in setup  # play 43: in fewer words, the gap's way out beside it


def test_the_close_order_event_warns_a_leader_slowed_by_hits_jams_the_line_behind_her(pack_pages):
    """Defect (replay 12): with the line a few tenths apart and speed changing 2 kn a turn at most, one crippled
    leader jammed the whole wooden line at once: true to the rules, and now said where the close order is."""
    setup = next(p for p in pack_pages if p.startswith("Set-up:"))
    assert "(4+ avoids, else end-on: p11 Contact), so a slowed leader jams the line" in setup  # play 33, moment 6


# ---------------------------------------------------------------------------------------------- replay 13 moments


def test_a_ship_that_grounds_stops_at_the_shoals_edge_and_holds_her_lashed_consort(pack_pages):
    """Replay 13 ran Hartford onto the Middle Ground with Metacomet (8 ft) lashed alongside: the pack said how to get
    off but not where she stops when the roll fails, nor what her consort, who would cross freely, does."""
    words = ("she stops at the shoal's edge, her lashed consort too, till a 6 on 1d6 at a turn's end frees her; then "
             "straight astern till clear")
    assert f"Aground: {words}" in _reference(pack_pages) and _said_once(pack_pages, words)
    assert _said_once(pack_pages, "shoals from her model's or counter's centre")


def test_a_ship_at_speed_0_makes_no_turn(pack_pages):
    """Replay 13 held Selma at 0 kn by the torpedo field and could not tell whether 'at speed 0 she only swings' let
    a stopped ship turn on the spot: she cannot, with no way on (stopped by order she holds her heading)."""
    words = "only if she moved in it or contact stopped her (at speed 0 she makes no turn)"
    assert "Turns: 45° exactly" in _reference(pack_pages) and words in _reference(pack_pages)
    assert _said_once(pack_pages, words) and "only swings)" not in _readings(pack_pages)


def test_the_readings_page_gives_a_second_reading_in_words_not_an_option_name(pack_pages, ctx):
    """Replay 13, defect (p8): the readings page spoke of a house-rules file and printed option names (fort_fire,
    line_ahead ...), which mean nothing at the table: a row with a second reading now ends with it in words."""
    page = _readings(pack_pages)
    assert "house-rules file" not in page and "House-rule option" not in page
    for row in ctx.tables.require("reconstructions").rows:
        assert not row["option"] or row["option"] not in page, row["option"]
    from shipyard.rules.really_simple.words import other_readings
    assert page.count("A club may instead play") == 1  # the column's head: each other reading in its column
    for r in ctx.tables.require("reconstructions").rows:
        assert not r["option"] or other_readings(ctx.tables, r["option"]) in page, r["rule"]
    assert ("(2) else her largest able gun; (3) a gun unable to fire (jammed, listed) after every gun that can, bearing or not; (4) a lashed ship's inboard gun after all "
            "others, even hit from her inboard side (facing the firer, they cannot fire: as if none bore); with none left, "
            "read as a 1 (lose ½ knot)") in _reference(pack_pages)
    assert "Which gun is lost quick reference any that bears, the owner's choice" in page


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_gun_row_names_its_guns_with_counts_that_add_up_to_its_boxes(library, ctx, scenario):
    """Defect (replay 14): Metacomet's and Octorara's pivot rows of two and four boxes named a single gun where
    Brooklyn's said '2 × ...'. Every row says 'n × gun' (or 'as PORT'), its counts the row's boxes."""
    for unit, d in _units(library, ctx, scenario):
        if not d.stats.guns:
            continue
        for t in next(b for b in walk(sheet.card(unit, d, ctx)) if isinstance(b, GunRows)).tracks:
            if t.note.startswith("as PORT"):
                continue
            counts = re.findall(r"(?:^|; )(\d+) × ", t.note)
            assert counts and sum(map(int, counts)) == t.count, (unit.name, t.label, t.count, t.note)


def test_the_firer_on_fire_and_steam_filled_modifier_says_it_is_one_minus_1(pack_pages):
    """Defect (replay 14): 'Firer on fire or steam-filled −1' did not say whether the two stack: they do not."""
    reference = next(p for p in pack_pages if "Really Simple · quick reference" in p)
    assert "Firer on fire and/or steam-filled" in reference


def test_the_set_up_page_prints_no_density_the_rules_do_not_read(pack_pages):
    """Defect (replay 14): the set-up page printed 'density moderate' and the quick reference, pages later, that
    density has no modifier. Under rules where every field plays alike the set-up prints no density (the shared
    set-up page asks the rule set, RuleSet.torpedo_densities), and the quick reference says why."""
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Torpedo line (torpedoes (mines) in the channel west of the red buoy" in " ".join(setup.split()) and "density" not in setup
    assert "Torpedo density changes nothing here (ours)" in _reference(pack_pages)


# ---------------------------------------------------------------------------------------------- replay 16 moments


def test_the_binding_first_turn_says_no_union_ship_turns(pack_pages):
    """Moment 1 (replay 16, p2): the fixed turn 1 said the line steams in at 4 kn and not whether a ship may turn
    as well; the set-up page's event now says none turns (the line held its course up the channel)."""
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Binding: the Union line steams in at 4 kn, none turning" in setup


def test_the_orders_log_says_what_her_speed_this_turn_is_whatever_inches_she_writes(pack_pages):
    """Moment 2 (replay 16, p7): a ship may write fewer inches than half her speed, and the log did not say what her
    speed this turn then is, which Stationary and the ram's modifier read. It is last turn's plus the change
    written, said on every log page and in the readings."""
    words = "Her speed this turn is the kn she writes, whole or ½ (at most 2 from last turn's), whatever inches she writes"
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2 and all(words in p for p in logs)
    assert "Speed this turn: the kn she writes, whole or ½ (at most 2 from last turn's)" in _reference(pack_pages)


def test_a_line_of_fire_runs_centre_to_centre_on_the_reference_and_the_readings(pack_pages):
    """Moment 3 (replay 16, pp8/11): a line of fire through another ship's model is masked, but from which point to
    which? Hartford behind Octorara was masked by 0.03 in on one reading. It runs centre to centre, as ranges do."""
    words = "a line of fire is the line through both centres (a fort: its place)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_shutter_hit_when_every_gun_that_bears_is_jammed_moves_the_jam_to_the_later_turn(pack_pages):
    """Moment 4 (replay 16, pp8/11): Brooklyn took a third shutter hit with every gun bearing on the firer already
    jammed: extend the T__ or nothing? The jam lasts to the later T__, as a second shutter's already does."""
    words = "a second shutter jams the next largest that bears (all that bear jammed: roll again, the later T__)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_two_strikers_one_ramming_and_one_avoiding_are_both_stopped_by_the_ram(pack_pages):
    """Moment 5 (replay 16, pp8/11): both ships strikers, one ramming under orders and one avoiding: 'a ram stops
    both' and 'an avoided one sheers off, both go on' conflicted. The ram stops both."""
    words = "no roll, no loss. One rams, one avoids: the ram stops both"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_end_on_contact_strikes_two_speed_boxes_and_a_ship_fouled_at_0_drifts_from_the_next_turn(pack_pages):
    """Moment 6 (replay 16, p11 and the p10 counter): end-on contact's 'lose 1 knot each': her speed now, or two
    SPEED boxes? Boxes, as every knot lost. And Selma's screw fouled as she lay stopped by order at 0 kn: when does
    her drift begin? From the next turn, as a fouled ship under way slows from the next turn."""
    qr = _reference(pack_pages)
    assert "end-on, the two that touch (not their consorts) lose 1 knot each (2 SPEED boxes) a contact (avoided: none; met at both ends: 2)." in qr
    words = "at 0 she makes no move and drifts 1 in as that turn ends; one at 0 already (by order or binding) drifts from the next turn"
    assert words in qr and _said_once(pack_pages, words)


def test_every_model_size_is_in_decimals_tennessee_too(library, ctx):
    """Defect (replay 16, p6): Tennessee's card read 'model 2.1×½in' where every other card uses decimals."""
    tennessee = next(u for u, _ in _units(library, ctx) if u.id == "css-tennessee")
    assert sheet.model_size(tennessee, ctx) == "2.1×0.5"
    for unit, _ in _units(library, ctx):
        assert "½" not in sheet.model_size(unit, ctx), unit.name


def test_fort_morgan_is_silenced_for_the_union_s_4_when_her_channel_guns_are_struck(pack_pages):
    """Defect (replay 16, pp2/6): Fort Morgan's +4 'silenced' needed all 32 boxes struck, her 4 land guns and 8 bay
    guns too, which no ship in the channel fires at (8 of 32 gone after ~100 Union dice). For Really Simple the +4 is
    for her channel front's guns, the ones that fought the fleet."""
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "land: 4 32-pdrs. Silenced (+4): all 20 channel guns struck;" in setup


# ---------------------------------------------------------------------------------------------- replay 17 moments


def test_the_binding_first_turn_says_every_ship_may_order_f2(pack_pages):
    """Moment 1 (replay 17, p2): turn 1's binding order fixed the move and said orders are free from turn 2, so may a
    ship write F2 (hold her fire for the 2nd window) in turn 1? F2 is not a move: every ship may, Tennessee's too."""
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Tennessee and gunboats wait inside the torpedo line (0 kn: holding place, not stationary); ships (not forts) may order F2. Orders free from turn 2" in setup


def test_a_speed_hit_on_a_ship_already_sinking_changes_nothing_said_with_the_hits(pack_pages):
    """Moment 2 (replay 17, pp8/11): Brooklyn, her 0 box struck and SINKS T8 written, took another speed hit: no box
    is left to strike and nothing said whether the countdown moves. It does not; what sinks her at once still does.
    The sinking rule now sits under the hit tables, where a player rolling a hit's effect reads."""
    words = ("Sinking: roll 1d6+2 when she is struck past 0: this turn plus the total is her SINKS T__ (turn 3, die 3: T8); till then, "
             "no way on: she drifts from this turn's end (lashed: carried); later "
             "speed hits (a funnel, no gun left) change nothing.")  # play 36, moment 8; play 33: '(what sinks her at once still does)' cut for room
    qr = _reference(pack_pages)
    assert words in qr and qr.index("Several hits:") < qr.index(words) < qr.index("Forts (ours):")
    assert _said_once(pack_pages, words[len("Sinking: "):-1])


def test_a_pair_slowed_then_carried_in_one_turn_keeps_the_lowest_speed_it_reached(pack_pages):
    """Moment 3 (replay 17, p8: Speed lost, Carried): Brooklyn slowed to 1 kn, then lost her way in the same window,
    and her consort may carry her at up to 5½ kn: which speed has the pair for the rest of the turn? The lowest it
    reached: speed changes only by orders, so being carried gives none back till the next turn's."""
    words = "Slowed, then carried: in one turn, the pair keeps the lowest speed it made till the turn ends"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_helmsman_killed_holds_her_course_but_she_may_change_speed(pack_pages):
    """Moment 4 (replay 17, p11): 'hold course one full turn' did not say whether she may change speed, where the
    steering hit says she may. She may: the engines answer as before, only the wheel is unmanned."""
    assert "Helmsman killed: hold course one full turn (T = this turn + 1); speed may change" in _reference(pack_pages)


def test_the_orders_log_says_how_a_turn_onto_a_heading_is_written(pack_pages):
    """Defect (replay 17, pp7/11): R and L are 45° turns, and a turn of less onto a multiple of 45° is allowed, but
    005° to 045° could not be written apart from 005° to 050°: the player wrote 'R(045)'. Every log says R045."""
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2 and all("any 45° turns (R, L; R045: onto 045°), in the 2nd ½" in p for p in logs)


def test_a_gun_lost_takes_a_gun_a_list_keeps_from_firing_only_when_none_that_bears_can_fire(pack_pages):
    """Moment 1 (replay 18, pp8/11): Morgan's 'lose gun' hit on Hartford, listing to port: do her starboard guns,
    bearing but unable to fire, count? Like a jammed one, a gun a list silences is struck last."""
    words = "a gun unable to fire (jammed, listed) after every gun that can, bearing or not"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_same_effect_again_names_the_lasting_effects_a_second_hit_extends_a_fouled_screw_among_them(pack_pages):
    """Moment 2 (replay 18, pp8/11): a second fouled screw: 'one still lasting ends at the later T__' or 'any other
    changes nothing'? The line names them: helmsman, screw and steering run to the later T__."""
    words = ("a helmsman, screw or steering still lasting ends at the later T__; any other (a list, steam pipes, a "
             "FIRE) changes nothing")
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_an_avoided_collision_says_which_side_how_far_and_that_the_two_touch_no_more_that_half_move(pack_pages):
    """Moment 3 (replay 18, pp8/11): 'sheers off, just clear alongside': which side, how far, and Metacomet's stern
    swung back into Richmond's path in the next quarter. The striker lies ¼ in off the side her bow met, and the two
    make no new contact that half move."""
    words = "¼ in off the side her bow struck, sheering clear of ships; both go on, not to touch again this half move"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_shooting_table_prints_the_roll_a_plus_modifier_can_bring_in_not_a_dash(pack_pages):
    """Defect (replay 18, p11): a '–' cell read as 'never', yet Large +3 on armour 9 (1d6 + 3 must beat 9) hits on a
    6 with one plus modifier: it prints 7+, and the note says a 7+ needs one."""
    qr = _reference(pack_pages)
    assert re.search(r"Large \+3 (\S+ ){5}7\+", qr) and "(7+: needs a plus;" in qr
    assert " – " not in qr.split("cells:")[0].split("gun \\ armour")[1]


# ---------------------------------------------------------------------------------------------- replay 19 moments


def test_not_turning_in_the_second_fire_is_the_turn_made_as_the_second_half_move_ends(pack_pages):
    """Moment 1 (replay 19, p11 sequence, p8): 'ships not turning' in both windows: which half move's turn counts for
    a ship that turns at the end of her 2nd half move? The one just made, as the text's order of play reads (turns,
    then fire): she does not fire in the 2nd window; one that turned only after the 1st does."""
    qr = _reference(pack_pages)
    assert "2nd fire as the 1st; a turn as the 2nd half ends bars it, not the 1st's" in qr


def test_end_on_contact_costs_a_knot_a_contact_and_a_ship_that_has_fired_misses_next_turns_window(pack_pages):
    """Moment 2 (replay 19, p11 Contact, p8 Collisions): a ship struck from astern that also meets the ship ahead:
    1 kn for each contact? Yes, each contact its own knot. And 'misses the next window she would fire in' for a ship
    that has fired this turn: the next turn's window."""
    qr, readings = _reference(pack_pages), _readings(pack_pages)
    assert "lose 1 knot each (2 SPEED boxes) a contact" in qr
    words = "each misses the next window she could fire in (next turn's, if she has fired; one for all a turn's contacts)"
    assert words in qr and _said_once(pack_pages, words)


def test_a_fort_with_fewer_guns_left_than_its_share_fires_all_that_are_left(pack_pages):
    """Moment 3 (replay 19, p6 card, p8 'A fort's losses'): the printed share held 'while that many of the front's
    guns are left', with no rule once fewer remain (Fort Morgan, one channel gun left against a share of 3): all
    that are left fire."""
    words = "the number printed on its card, while that many of the front's guns are left; then all that are left"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_silenced_is_defined_once_as_the_set_up_scores_it_the_guns_of_the_first_front(pack_pages, library, ctx):
    """Defect a (replay 19, p2 against pp8/11): the set-up scored Fort Morgan silenced when her channel guns are all
    struck, the reference and the readings when all 32 gun boxes on her card are. One definition: the guns of the
    card's first front (her channel front, 170–330°, the set-up's first), all her guns where the card has no sector."""
    words = "a fort is silenced when every gun of its card's first front is struck (all, not a share; no sector: all its guns)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "every gun box on its card is struck" not in " ".join(pack_pages)
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Channel (170–330°)" in setup and "Silenced (+4): all 20 channel guns struck;" in setup
    morgan = [k for k in _fort_boxes(library, ctx, "fort-morgan") if k.startswith("ON ONE SHIP")]
    assert morgan[0] == "ON ONE SHIP 170–330°"


def test_a_line_of_fire_that_touches_a_models_edge_is_masked(pack_pages):
    """Defect f (replay 19): Morgan's line of fire cleared Brooklyn's model by 0.02 in, a judgement the rule left open
    (masked only 'through' a model). The tie is settled as the torpedo field's edge is: touching is masked."""
    words = "if the edge crosses any part of another ship's model or base, friend or foe, however little, it is masked"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_hampton_roads_readings_still_share_the_last_orders_log_page(bundled_packs):
    """Guard for replay 19's readings (one line each, won back elsewhere): Hampton Roads's Confederate log, at its
    least row height, leaves the readings about 84 mm, so a readings row one line longer sends them to a page of
    their own (A4 10 pages, as main's)."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("hampton-roads-1862", "really-simple", "a4", "1/1200").path)]
    log = [k for k, p in enumerate(pages) if "Orders log · Confederate" in p]
    assert log and "What the text leaves open" in pages[log[-1]] and len(pages) == 10


def test_the_counter_sheet_has_markers_for_the_lasting_special_effects(pack_pages):
    """Defect e (replay 19, p10): no loose marker for a jammed shutter, a killed helmsman, a list, a funnel or a
    fouled screw, though each lasts and is easily forgotten on the table. The sheet had room: each now has a marker
    with its reminder, a set per four ships, the pack's page count unchanged."""
    counters = next(p for p in pack_pages if "KN AHEAD" in p)
    for words in ("HELMSMAN KILLED hold course till turn ___; may change speed",
                  "SHUTTER JAMMED gun nearest the firer silent till turn ___",
                  "LISTING on her low side: no gun fires to her high side", "FUNNEL HIT top speed 2 kn lower",
                  "SCREW FOULED drifts to a stop till turn ___"):
        # a set per four ships: one named speed chit a ship (22 at Mobile Bay: six sets); the seventh set these had
        # went to BOILER HOLED and TORPEDO HIT (replay 32), the page count unchanged
        ships = counters.count("KN AHEAD")
        assert ships == 22 and counters.count(words) >= -(-ships // 4), words
    assert len(pack_pages) == 11


# ---------------------------------------------------------------------------------------------- replay 24 moments


def test_a_gun_with_a_target_can_fire_even_needing_7_plus_and_so_spends_her_window(pack_pages):
    """Replay 24, moment 1 (p11 phase 3 "the 1st if any can", p8 Targets): Port Royal and Kennebec had only Tennessee
    in reach, at 7+: could they fire, spending the 1st window? Yes: a gun that bears on a target in range (and in
    view) can fire whatever it needs, so "can" is read off the table, not the dice; said where a target is defined."""
    words = "a gun with one, even one no die can hit, may fire or hold (her window is spent)"
    assert (f"Targets: each gun picks its own target, nearest or not, among those it bears on and has in range; {words}"
            in _reference(pack_pages))
    assert _said_once(pack_pages, words)


def test_a_sinking_ship_with_no_gun_left_need_not_strike(pack_pages):
    """Replay 24, moment 2 (p8 The 0 box against Striking colours): Selma, struck past 0 with every gun gone and
    drifting, read as both sinking "not surrendered" and bound to strike. A sinking ship's crew serve her guns till
    she goes down (the text's own words), so she goes down under her colours: Striking colours says "nor sinking"."""
    words = "must as a turn ends if drifting or aground (not stopped by order, nor carried, nor sinking, even gunless) with no gun able"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert _said_once(pack_pages, "she is sinking (not surrendered), fires till she goes down")


def test_several_firers_hits_on_one_ship_are_resolved_nearest_firer_first(pack_pages):
    """Replay 24, moment 3 (p8 Several hits, Which gun is lost): Winnebago's and Lackawanna's hits on Gaines took
    "the largest gun that bears on the firer", so their order decided which guns went, and nothing gave it. The
    nearest firer's hits are rolled first (a range every player has just measured)."""
    words = "each hit, the nearest firer's first (a fort: its place; equally near: the target's owner picks), rolls its own effect"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_lashed_pair_whose_one_bow_meets_a_stern_stops_whole_and_only_the_two_touching_pay(pack_pages):
    """Replay 24, moment 4 (p8 Collisions, Lashed pairs): Monongahela's bow met Seminole's stern with Kennebec's bow
    clear alongside: does the pair stop? It moves as one, so both stop (line_ahead's either reading); the knot and the
    window are the two touching ships' only, not their consorts'."""
    from shipyard.rules.really_simple.words import LINE_AHEAD

    words = "goes no farther than that stern (the leader goes on, not stopped) to the half move's end (lashed: both)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert all("(lashed: both)" in w for w in LINE_AHEAD.values())
    assert "end-on, the two that touch (not their consorts) lose 1 knot each" in _reference(pack_pages)


def test_two_end_on_contacts_in_a_turn_cost_a_knot_each_but_one_window(pack_pages):
    """Replay 24, moment 5 (p8/p11 Collisions): Monongahela was struck astern and met the stern ahead in one half
    move: two knots, and two windows? A knot a contact (the quick reference's sentence), one window for all of a
    turn's contacts, said in the window clause and on the END-ON CONTACT marker (the player laid two)."""
    words = "each misses the next window she could fire in (next turn's, if she has fired; one for all a turn's contacts)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "lose 1 knot each (2 SPEED boxes) a contact" in _reference(pack_pages)
    counters = next(p for p in pack_pages if "END-ON CONTACT" in p and "KN AHEAD" in p)
    assert "END-ON CONTACT skips her next fire (just one); 1 kn a contact" in counters


def test_drift_to_a_stop_says_the_turn_she_is_at_0_she_makes_no_move_and_drifts_as_it_ends(pack_pages):
    """Replay 24, moment 6 (p8/p11 Drift to a stop): Gaines, fouled at 2 kn in turn 2, slowed to 0 in turn 3: did
    she move, and when and how far did she drift? At 0 she makes no move (stationary) and drifts 1 in (the drifting
    table) as that turn ends, in the end-of-turn phase where drifting ships drift."""
    words = "from the next turn she slows 2 knots a turn, steam pipes or not; at 0 she makes no move and drifts 1 in as that turn ends"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_orders_log_keeps_her_speed_this_turn_in_the_extras_not_the_change(pack_pages):
    """Replay 24, defect 2 (pp4-7): nothing held a ship's speed this turn: the card has her top speed, the log only
    the change, and carrying, a fouled screw and a torpedo changed it within one turn. The extras now take her speed
    itself (last turn's 2 kn at most away), so each turn's cell says what she is making."""
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2
    for log in logs:
        assert "then extras: her speed, RAM and whom" in log and "Example: 4 R · 4 L · 8 F2." in log
        assert "Her speed this turn is the kn she writes, whole or ½ (at most 2 from last turn's)" in log
        assert "a speed change" not in log and "plus the change written" not in log
    assert "every ship writes both half moves, each with its turn, then her speed, RAM, F2, CAST OFF" in _reference(pack_pages)


def test_the_orders_log_says_where_a_spent_fire_window_is_marked(pack_pages):
    """Replay 24, defect 6 (pp4-6): no place to note which window a ship used or held (END-ON CONTACT marks only a
    window to skip). Her extras take it: 1 or 2 jotted as the window is spent, fired or held."""
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2 and all("F2 (fires in the 2nd; jot 1 or 2 when spent)" in p for p in logs)


def test_a_consort_parted_mid_game_strikes_out_her_lashed_mark(pack_pages):
    """Replay 24, defect 8 (p7): Seminole, parted when Lackawanna blew up, kept "↳ Lackawanna" on her row for the
    rest of the game. The log says how the row reads once parted: her own orders, her ↳ struck out."""
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "her own orders from the next turn, her ↳ struck out; one sunk" in log


def test_the_counter_sheet_has_crippled_and_parted_markers_on_the_same_page(pack_pages):
    """Replay 24, defect 5 (p10): no CRIPPLED marker (Gaines after Tecumseh's ram took a DRIFTING one) and none for a
    pair parted (Seminole after Lackawanna blew up). Both now, a set per four ships from the sheet's spare cells, with
    SUNK and STRUCK still eight each on A4 (the card's SINKS and STRUCK boxes keep any beyond); pages unchanged."""
    counters = next(p for p in pack_pages if "KN AHEAD" in p)
    assert counters.count("CRIPPLED SPEED struck to 0: drifts, fires, does not sink") >= 6
    assert counters.count("PARTED pair stays put the next half move, then each alone") >= 6
    assert counters.count("SUNK gone down") >= 7 and counters.count("STRUCK colours struck") >= 7
    assert len(pack_pages) == 11


def test_a_ship_held_at_0_kn_by_the_binding_is_not_a_stationary_target_or_firer(pack_pages):
    """Replay 24, defect 3 (pp2-3, 6): turn 1's binding holds Tennessee and the gunboats at 0 kn, so they counted as
    stationary (+1 to hit them, +1 to their own fire): Selma took 16 hits in turn 1, where on the day the gunboats
    steamed ahead of Hartford raking her. A ship the binding holds is under steam, keeping station: the Stationary
    reading, on the reference and the readings page, says a binding's 0 kn is not stationary."""
    words = "at 0 kn by order this turn (STATIONARY marker till it ends; not a binding's 0 kn), drifting, anchored or aground"
    assert f"Stationary: {words}" in _reference(pack_pages) and _said_once(pack_pages, words)
    setup = next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)
    assert "Binding: the Union line steams in at 4 kn" in setup and "wait inside the torpedo line (0 kn: holding place, not stationary" in setup


# ---------------------------------------------------------------------------------------------- replay 20


def test_open_water_off_the_channel_is_deep_on_the_set_up_page_and_the_reference(pack_pages):
    """Replay 20, moment 1: the plan's key says only "outside, shoal or deep water" of the channel's edge, and the
    consorts start over it (Hartford ended turn 3 there): neither page said whether that strip can ground her. Both
    now say, where the shoal rule is, that open water, off a channel too, is deep: only a drawn shoal grounds."""
    setup = next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)
    assert "Shoals: open water, off a channel too, is deep water, crossed freely;" in setup
    assert "Open water, off a channel too, is deep water, crossed freely; a ship drawing no more" in _reference(pack_pages)


def test_a_ship_that_could_not_fire_in_the_first_window_fires_in_the_second_without_f2(pack_pages):
    """Replay 20, moment 2: the 1st fire said "a ship in the 1st unless ordered F2", the 2nd "not yet fired": may a
    ship masked in the 1st window, with no F2, fire in the 2nd? Yes, as the text's "hasn't fired yet": the 1st window
    is hers only if she can fire in it, in the same line."""
    qr = _reference(pack_pages)
    assert "one window a turn, a binding's too: the 1st if any can, held or not, unless F2" in qr
    assert "a ship in the 1st unless ordered F2" not in qr


def _fort_card_text(unit, d, ctx) -> str:
    return _flat(" ".join(sheet.card(unit, d, ctx).texts()))


def test_a_magazine_hit_does_nothing_to_a_fort_unless_a_house_rule_says_it_destroys_it(library, ctx, tmp_path):
    """Defect a (replay 20, the score's fall to 7): a die a gun puts ~90 dice on Fort Morgan in a turn, and a
    magazine hit on each hit 1 in 216 blew her up in turn 2, as no ship's fire blew up a fort in the war (Pulaski and
    Morgan surrendered). The text's magazine is a ship's; it has no forts. Ours: it does nothing to a fort (her card
    says so and has no DESTROYED box); fort_magazine: destroyed is the other reading, a house rule."""
    def morgan(c):
        unit = library.units["fort-morgan"]
        return unit, RS.derive(unit, c)

    unit, d = morgan(ctx)
    text = _fort_card_text(unit, d, ctx)
    assert d.stats.magazine is False and "DESTROYED" not in text
    assert "On a fort: hit 1d6 1, 3, 4-5; 2d6 2, 3," in text
    words = "or abandoned; a magazine hit (2) does nothing to a fort"
    assert words in _flat(" ".join(reference.shooting([d], ctx).texts()))
    house = RS.context(library, house_rules=_house(tmp_path, "really-simple:\n  fort_magazine: {rows: {on_fort: destroyed}}\n"))
    unit, d = morgan(house)
    text = _fort_card_text(unit, d, house)
    assert d.stats.magazine is True and "DESTROYED" in text and "2d6 3," in text
    assert "or abandoned; a magazine hit (2) destroys it" in _flat(" ".join(reference.shooting([d], house).texts()))


def test_a_forts_share_says_its_owner_picks_the_guns(pack_pages):
    """Defect b (replay 20, pp2/8): 'a sixth ... at most, its owner picking which': which ship, or which guns? The
    guns (each then picks its own target, as every gun does): said on the reference and the readings page."""
    words = "to bear on any one ship, at most (guns over: held), its owner picking which guns fire at which ship, if any"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_the_counter_sheet_has_a_silenced_marker_for_the_forts_in_play(pack_pages, bundled_packs):
    """Defect c (replay 20, p10): no marker for a silenced fort (its card's box does the job, off the table). The
    counter sheet had room: one a fort, its reminder the Silenced reading in short, printed only where forts are in
    play (Hampton Roads has none), the page counts unchanged."""
    counters = next(p for p in pack_pages if "KN AHEAD" in p)
    assert counters.count("SILENCED a fort: every gun of its first front struck, or abandoned") == 3  # one a fort on the plan
    assert len(pack_pages) == 11
    hampton = " ".join(pdf_page_texts(bundled_packs.get("hampton-roads-1862", "really-simple", "a4", "1/1200").path))
    assert "SILENCED" not in hampton


def test_the_half_move_in_the_sequence_says_to_step_it_in_quarters_near_another_ship(pack_pages):
    """Defect d (replay 20): close-order contacts, a few tenths of an inch bow to stern, are easy to miss when a
    half move is made in one go; the Contact reading steps it in quarters, but the sequence, where a player looks as
    she moves, did not say so. Its 1st half move now does, in the same line."""
    assert ("1st half move every ship moves, up to half her speed, in quarters near another (Contact); then the "
            "turns ordered") in _reference(pack_pages)


def test_firing_is_a_ships_choice_and_only_f2_lets_her_wait_for_the_second_window(pack_pages):
    """Replay 21, moment 1 (p11 sequence): may a ship hold her fire, or hold it for the 2nd window? The text's
    windows say 'may fire', so any gun may hold; to wait for the 2nd she writes F2, in the same line."""
    assert ("1st fire guns that bear fire (1d6 a gun) or hold, both sides at once: all thrown, then marked; one window a "
            "turn, a binding's too: the 1st if any can, held or not, unless F2") in _reference(pack_pages)


def test_a_list_keeps_pivots_and_turrets_from_firing_to_her_high_side(pack_pages):
    """Replay 21, moment 2 (p10 LISTING, p11 2d6): the list rows spoke only of broadside sides, and Selma carries
    only pivots. The text's reason, guns that cannot depress, holds for any gun laid over the raised side: the 2d6
    rows and the marker say no gun fires to that side, pivots and turrets too."""
    qr = _reference(pack_pages)
    assert "Listing to port: no gun fires to starboard, not even a pivot or turret" in qr
    assert "Listing to starboard: no gun fires to port, not even a pivot or turret" in qr
    assert any("LISTING on her low side: no gun fires to her high side" in p for p in pack_pages)


def test_end_on_contact_costs_the_next_window_she_could_fire_in(pack_pages):
    """Replay 21, moment 3 (p8 Collisions, p11 Contact): 'misses the next window she would fire in' when nothing of
    hers bore in it: a window she could not fire in is not the one; she misses the next she could fire in."""
    words = "each misses the next window she could fire in (next turn's, if she has fired; one for all a turn's contacts)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "window she would fire in" not in _reference(pack_pages)


def test_ships_that_grind_past_and_end_overlapping_are_set_apart_to_touching(pack_pages):
    """Replay 21, moment 4 (p8 Collisions, p11 Contact): Tennessee and Morgan ground past and ended their move with
    the models overlapping. The one that moved farther backs off along her own track till they touch."""
    words = "they grind past, finishing their moves (overlapping: the farther backs off)"
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_a_1_plus_cell_says_even_a_1_hits_as_the_text_has_no_sure_miss(pack_pages):
    """Replay 21, defect a (p11 shooting table): gunboats' cells against wooden ships read '1+': is a 1 still a miss?
    The text asks only that the total beat the armour, with no roll that always misses: the cells' note says so."""
    assert "cells: d6 needed, effective range, unmodified (7+: needs a plus; 1+: even a 1)" in _reference(pack_pages)


def test_the_orders_log_says_fewer_inches_written_do_not_make_her_stationary(pack_pages):
    """Replay 21, defect c (p7 orders rule): 'whatever inches she writes' let a 4 kn ship write 0 in and still not be
    stationary, with nothing to say so. The speed is the engine's: the log says only 0 kn is stationary."""
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2 and all("whatever inches she writes (0 too), and only 0 kn is stationary." in p for p in logs)


def test_the_orders_log_says_how_to_write_astern_and_that_she_passes_0_kn_within_a_turn(pack_pages):
    """Replay 22, moment 1 (p7 orders log, p11 Movement): astern speeds were printed but the log had no way to write
    an astern move, nor a word on passing through 0 kn. The text's 2 knots a turn is one scale through 0: 1 ahead −2
    is 1 astern; an astern move is the inches with an A before them."""
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2
    for log in logs:
        assert "whatever inches she writes (0 too), and only 0 kn is stationary. Astern: A first (A2, A1 kn); 1 ahead −2 is 1 astern." in log


def test_the_orders_log_says_how_and_where_a_consort_moves_after_cast_off(pack_pages):
    """Replay 22, moment 2 (p7, p8): the pair's move is written once in the sloop's row, and after CAST OFF 'each
    goes alone', but at what speed the consort moves that turn, and in whose row, went unsaid."""
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert ("CAST OFF parts them: the 1st ½ both stay put (at the kn written, the base of next turn's change), then "
            "each moves alone at the pair's speed (one carried "
            "drifts), the consort's 2nd ½ in the ↳ row, her own orders from the next turn, her ↳ struck out;") in log


def test_the_first_window_is_hers_if_a_gun_bears_whether_she_fires_or_holds(pack_pages):
    """Replay 22, defect a (p11 phase 3): "the 1st if she can" left open whether a ship that held, or had nothing
    bearing, in the 1st window may fire in the 2nd without F2. As replays 20 and 21 ruled: a gun able to fire makes
    the 1st her window, held or not (to wait she writes F2); with none able (masked, out of range, not bearing), the
    2nd is hers ("not yet fired")."""
    qr = _reference(pack_pages)
    assert "one window a turn, a binding's too: the 1st if any can, held or not, unless F2" in qr
    assert "the 1st if she can" not in qr


def test_the_turn_1_event_tells_the_monitors_to_keep_their_column(pack_pages):
    """Replay 22, defect b (p2): 'monitors to starboard by the fort' read as a description or an order. It is
    the set-up's column kept: the event says so as an instruction, in the same three lines."""
    setup = next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)
    assert "steams in at 4 kn, none turning;" in setup and "The gap (all game): monitors keep their column, fort side." in setup
    assert "monitors to starboard by the fort" not in setup


# ---------------------------------------------------------------------------------------------- replay 23


def test_a_list_the_other_way_rights_her_and_the_same_way_changes_nothing(pack_pages, ctx):
    """Replay 23, moment 1 (p11 2d6 rows 4, 5; the card's list port / list stbd boxes): a ship listed to port that
    rolls a list again, or to starboard: cancel, add, or the other side hit? Ours (list_again): the other way rights
    her, the same way changes nothing; said under the 2d6 rows, filled from the table."""
    words = ctx.tables.require("list_again").rows["reading"]
    assert words == "a list the other way rights her (rub out the first box)"  # the same way: Twice (play 37)
    assert "any other (a list, steam pipes, a FIRE) changes nothing" in _reference(pack_pages)
    assert f"List again (4, 5): {words}." in _reference(pack_pages)


def test_a_lashed_pair_says_who_carries_whom_when_either_loses_speed_or_helm(pack_pages, ctx):
    """Replay 23, moment 2 (p11 Lashed pairs, Carried): Brooklyn's screw fouls in the 1st fire window: what does the
    pair do in the 2nd half move, and what if Octorara's own screw fouls, or either's steering is hit? Either carries
    the other from the next half move (the 2nd at most half the carried speed), both stopped drift, and the
    first-named ship's helm is the pair's."""
    words = ctx.tables.require("lashed_losses").rows["reading"]
    qr = _reference(pack_pages)
    assert ("round down to a ½ kn), not capped by the slower's: she is neither stopped nor drifting; speed hits "
            "strike her own boxes, not her carrier's. Slowed, then "
            f"carried: in one turn, the pair keeps the lowest speed it made till the turn ends. {words}.") in qr
    for part in ("either may carry the other.", "From: the next half move (the 2nd: half that at most, 4½ kn: 2¼ in)",
                 "Both without speed: the pair stops at once",
                 "Steering: the first-named ship's; her steering or helmsman hit holds the pair, her consort's does nothing"):
        assert part in qr


def test_the_target_stationary_modifier_row_says_a_fort_always_is(pack_pages, ctx):
    """Replay 23, moment 4 (p11 shooting modifiers): 'Target stationary +1' did not say that a fort always counts
    as one, which only the Stationary reading said; the row's label (a table field) now does."""
    row = next(r for r in ctx.tables.require("shooting_modifiers").rows if r.get("key") == "target_stationary")
    assert row["label"] == "Target stationary (a fort always)"
    assert "Target stationary (a fort always) +1" in _reference(pack_pages)


def test_a_lashed_ships_odd_broadside_gun_is_outboard_and_her_inboard_battery_says_it_cannot_fire(library, ctx, pack_pages):
    """Replay 23, moment 5 (p4 Octorara's card): lashed to Brooklyn's port side, her starboard is inboard, and the
    odd 9-inch gun stood to starboard, where it could never fire. Ours (odd_gun: outboard): a lashed ship's odd gun is
    on her outboard side, and each lashed card marks its inboard battery 'inboard: cannot fire' (Brooklyn's port)."""
    c = _in_scenario(ctx, library)
    cards = {u.id: (u, d) for u, d in _units(library, ctx)}

    def rows(uid):
        block = next(b for b in walk(sheet.card(*cards[uid], c)) if isinstance(b, GunRows))
        return [(t.label, t.count, t.note) for t in block.tracks]

    octorara = rows("uss-octorara")
    assert ("PORT L +3", 2, "2 × 9-inch Dahlgren · of 3, the odd one here") in octorara
    assert ("STBD L +3", 1, "1 × 9-inch Dahlgren · inboard: cannot fire, lost last") in octorara
    assert all(note.endswith("inboard: cannot fire, lost last") == label.startswith("STBD") for label, _, note in octorara
               if label.startswith(("PORT", "STBD")))
    brooklyn = rows("uss-brooklyn")
    assert brooklyn[:2] == [("PORT L +3", 10, "10 × 9-inch Dahlgren · inboard: cannot fire, lost last"), ("STBD L +3", 10, "as PORT")]
    monongahela = rows("uss-monongahela")  # five 32-pdrs, port inboard: the odd one stays to starboard
    assert ("STBD M +2", 3, "3 × 32-pounder of 42 cwt · of 5, the odd one here") in monongahela
    # play 32, moment 10: Octorara's card printed "as PORT, less the odd gun" and the player could not tell which guns
    pages = " ".join(pack_pages)
    assert "STBD L +3 1 × 9-inch Dahlgren · inboard: cannot fire, lost last" in pages and "the odd gun" not in pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_templates_page_draws_each_forts_sectors_true_to_their_bearings(bundled_packs, ctx, paper):
    """Replay 23, moment 3 (p2 set-up, p6 Fort Morgan's card): fronts are compass bearings (channel 170–330°, bay
    330–030°; the water battery 180–320°; Fort Gaines 040–150°), and nothing in the pack measured a bearing from the
    fort on the table. The templates page now has a disc a fort, beside the range stick (no page more), with its
    fronts' guns, how to set it (fort_sectors.how) and its edges' bearings drawn at their true angles: read back, the
    Channel front's 170 lies where 330 and 030 put it."""
    import math

    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", paper).path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    k = next(i for i, p in enumerate(pages) if "Fort sectors" in p)
    page = pages[k]
    assert "Range stick" in page  # on the templates page, not a new one
    assert _flat(ctx.tables.require("fort_sectors").rows["how"]) in page
    for fort, legend in (("Fort Morgan", "170–330°: 20 guns 330–030°: 8 guns"), ("Fort Morgan water battery", "180–320°: 7 guns"),
                         ("Fort Gaines", "040–150°: 2 guns")):
        assert fort in page and legend in page, fort
    with pdfplumber.open(path) as pdf:
        words = {w["text"]: w for w in pdf.pages[k].extract_words() if w["text"] in ("330", "030", "170", "040", "150")}
    mid = {t: ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2) for t, w in words.items()}
    (x330, y330), (x030, y030) = mid["330"], mid["030"]
    assert abs(y330 - y030) < 0.3  # 330 and 030 mirror each other about north
    reach = x030 - x330  # the labels' radius: 2 × R sin 30°
    cx, cy = (x330 + x030) / 2, y330 + reach * math.cos(math.radians(30))
    x170, y170 = mid["170"]
    bearing = math.degrees(math.atan2(x170 - cx, -(y170 - cy))) % 360  # clockwise from up the page
    assert abs(bearing - 170) < 2.5 and abs(math.hypot(x170 - cx, y170 - cy) - reach) < 1.0
    (x040, y040), (x150, y150) = mid["040"], mid["150"]  # Fort Gaines: 040 above 150, both east of her dot
    assert y040 < y150 and x040 > x150 - 1


# ---------------------------------------------------------------------------------------------- replay 32


def _card_pages(pack_pages) -> list[str]:
    return [p for p in pack_pages if "Ship data cards" in p]


def _cards_key(page: str) -> str:
    """The key atop a card page: from 'Ship data cards' to the end of its last sentence (the crew leave: ABANDONED.)."""
    start = page.index("Ship data cards")
    return page[start:page.index("ABANDONED.", start) + len("ABANDONED.")]


def test_lashed_pair_wording_is_printed_only_on_lashed_ships_cards(pack_pages, ctx):
    """Replay 32, moment 4: 'not inboard', in the key atop every card page, read to a player of a monitor as a rule
    she had to apply. The key says the gun lost in words for any ship; the inboard guns are marked on the lashed
    ships' own rows alone, each 'lost last', so the word appears once a lashed ship and nowhere else on the cards."""
    pages = _card_pages(pack_pages)
    assert len(pages) == 3
    for page in pages:
        key = _cards_key(page)
        assert "a gun lost is the largest gun that bears on the firer (if none bears, her largest)" in key
        assert "inboard" not in key and "lashed" not in key and "consort" not in key, key
    cards = " ".join(pages)
    mark = ctx.tables.require("odd_gun").rows["inboard_mark"]
    assert mark.endswith("lost last")
    assert cards.count("inboard") == cards.count(f"· {mark}") >= 14  # both ships of the seven pairs, a row or more each


def test_masking_is_a_ruler_test_a_player_applies_at_the_table(pack_pages):
    """Replay 32, moment 2: 'through or touching another ship's model' left the player measuring hundredths of an
    inch ('in the way within about 0.04 in?'). The reference, where a player looks as she picks a target, and the
    readings say it as a yes or no with the ruler: its edge laid centre to centre, any part of a model or its base
    under it masks."""
    words = ("lay a ruler's edge on it; if the edge crosses any part of another ship's model or base, friend or foe, "
             "however little, it is masked")
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)
    assert "Line of fire quick reference no ship masks fire" in _readings(pack_pages)
    for page in (_reference(pack_pages), _readings(pack_pages)):
        assert "touching another ship's model" not in page


def test_a_list_says_on_the_cards_that_pivots_and_turrets_cannot_fire_to_her_high_side(pack_pages, tmp_path):
    """Replay 32, moment 3: with a list box ticked the player looked at her PIVOT rows, and the key atop the card page
    said only 'PIVOT and TURRET all round'. The key says what a list does to them, in the quick reference's words (its
    2d6 rows too), and the other reading (only the broadside guns are out) is the house rule list_guns: fire, which
    reaches both."""
    for page in _card_pages(pack_pages):
        assert "PIVOT and TURRET all round (a list: no gun to her high side, not even these; ahead and astern they fire)" in _cards_key(page)
    assert "Listing to port: no gun fires to starboard, not even a pivot or turret" in _reference(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  list_guns: {rows: {pivots: fire}}\n", "--jobs", "1")
    assert "PIVOT and TURRET all round (a list: these still fire to her high side)" in text
    assert "Listing to port: no gun fires to starboard, but her pivots and turrets still fire to that side" in text
    assert "not even a pivot" not in text


def test_a_lashed_pairs_cards_say_a_fouled_screw_is_carried_on_by_the_partner(pack_pages, library, tmp_path):
    """Replay 32, moment 1: a lashed ship's screw fouled ('drift to a stop') and the player asked whether the pair
    drifts to a stop or her partner carries her on; the pair's cards said nothing. The consort's card, beside her
    partner's on the same page, says it for the pair in one line (the Drift to a stop and Carried readings: she stops
    at once and the other carries both); the other reading, the pair drifting to a stop, is the house rule
    lashed_fouled: drifts, which reaches the card and the readings."""
    line = "Lashed pair: either fouled, boiler holed or at 0 kn, the other carries both (see Carried)"
    scenario = library.scenario("mobile-bay-1864")
    consorts = [library.units[su.id].name for side in scenario.sides for su in side.units if su.lashed_to]
    assert len(consorts) == 7
    for page in _card_pages(pack_pages):  # each pair's line on the page that holds both her cards
        assert page.count(line) == sum(1 for name in consorts if f"{name} " in page)
    assert " ".join(_card_pages(pack_pages)).count(line) == 7  # Mobile Bay's seven pairs
    assert _said_once(pack_pages, "lashed, she is carried from the next half move (see Carried)")
    text = _house_pack_text(tmp_path, "really-simple:\n  lashed_fouled: {rows: {pair: drifts}}\n", "--jobs", "1")
    assert "Lashed pair: either fouled, boiler holed or at 0 kn, both slow to a stop and drift" in text
    assert "lashed, the pair slows with her to a stop, then drifts" in text and line not in text


def test_the_counters_page_has_markers_for_a_holed_boiler_and_a_torpedo_hit(pack_pages, ctx):
    """Replay 32 (defects): a ship drifting to a stop with her boiler holed, and one a torpedo had struck, had nothing
    to mark them on the table. The counters page has a BOILER HOLED and a TORPEDO HIT marker, their reminders filled
    from the tables (the steam-filled modifier; the torpedoes table's rolls), several of each."""
    page = next(p for p in pack_pages if "KN AHEAD" in p)
    steam = ctx.tables.require("shooting_modifiers").rows
    minus = next(r["modifier"] for r in steam if r.get("key") == "shooter_on_fire")
    assert page.count(f"BOILER HOLED drifts to a stop; shoots −{-minus} from now on") >= 3
    rolls = {r["roll"]: r["effect"] for r in ctx.tables.require("torpedoes").rows}
    assert rolls["4-5"].endswith("1d6 knots") and rolls["6"].endswith("sinks at once")
    assert page.count("TORPEDO HIT roll 1d6: 4-5 loses 1d6 kn, 6 sinks") >= 3


def test_a_gun_row_of_two_models_stands_its_boxes_in_groups_by_model(bundled_packs):
    """Replay 32 (defects): Hartford's PIVOT MR +3 row put the boxes of her two 100-pdrs and her 30-pdr in one run,
    and the player could not tell which box was which gun. The boxes stand in the note's order, a wider gap where
    the model changes: read back from the PDF, the two 100-pdrs' boxes sit close and the 30-pdr's apart."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", "a4").path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    k = next(i for i, p in enumerate(pages) if "USS Hartford" in p and "Ship data cards" in p)
    assert "2 × 100-pounder Parrott rifle; 1 × 30-pounder Parrott rifle" in pages[k]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[k]
        words = page.extract_words()
        name = next(w for w in words if w["text"] == "Hartford" and w["top"] < page.height - 40)
        row = next(w for j, w in enumerate(words) if w["text"] == "PIVOT" and words[j + 1]["text"] == "MR"
                   and w["top"] > name["top"] and abs(w["x0"] - name["x0"]) < 40)
        boxes = sorted((r for r in page.rects if abs(r["width"] - r["height"]) < 0.5 and 9 < r["width"] < 11
                        and abs((r["top"] + r["bottom"]) / 2 - (row["top"] + row["bottom"]) / 2) < 3
                        and row["x1"] < r["x0"] < row["x1"] + 80), key=lambda r: r["x0"])
    assert len(boxes) == 3
    gaps = [b["x0"] - a["x1"] for a, b in zip(boxes, boxes[1:])]
    assert gaps[1] - gaps[0] > 1.5 / 25.4 * 72, gaps  # the 30-pdr's box stands at least 1.5 mm farther off


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_set_up_page_says_how_the_monitors_take_the_gap_past_the_torpedo_line(bundled_packs, paper):
    """Replay 32 (defects, p2): the monitors' 000° runs into the torpedo field and the page said only that the gap
    east of the red buoy is clear; the player could not tell how to take it. The turn-1 binding, where the monitors
    are told to keep their column, says where the 000° meets the field and what puts a centre in the 3-in gap, in the
    numbers the page's On the table gives (the gap x 59½–62½), on both papers, the set-up still one page."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", paper).path)]
    setup = [p for p in pages if "Set-up: Battle of Mobile Bay" in p or "Special rule How it plays" in p]
    assert len(setup) == 1
    page = setup[0]
    assert "east: gap x 59½–62½ to Mobile Point" in page and "USS Tecumseh 59, 17½ 000°" in page
    assert ("The gap (all game): monitors keep their column, fort side. Up x 59 a centre meets the field at y 31½ (on its edge: "
            "in it): turn onto 045° by y 30½, writing fewer inches at need (then 1.4 in on: x 60, y 31½)") in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_quick_references_dense_paragraphs_show_their_steps_in_bold(bundled_packs, paper):
    """Replay 32 (defects, p11): the quick reference's paragraphs read as one wall of small type. Each rule in them
    now opens on its lead words in bold (Several hits:, A gun lost:, Twice:, Contact: ...), read back from the PDF's
    fonts, the words unchanged and the page still one (A4 11 pages, Letter 12)."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", paper).path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    assert len(pages) == (11 if paper == "a4" else 12)
    k = next(i for i, p in enumerate(pages) if "Really Simple · quick reference" in p)
    roster = next(i for i, p in enumerate(pages) if reference.ROSTER_HEADING in p)  # its parts there (replay 28)
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[roster].chars + pdf.pages[k].chars
    bold = "".join(c["text"] if "Bold" in c["fontname"] else "|" for c in chars)
    pages[k] = pages[roster] + " " + pages[k]
    for lead in ("Several hits:", "Sinking:", "A gun lost:", "Largest:", "Guns that bear:", "Targets:", "Forts (ours):",
                 "Silenced:", "Torpedo test:", "Rammer's speed:", "List again (4, 5):", "FIRE:", "Shutter (6):",
                 "Fouled, boiler (9, 12):", "Twice:", "Turns:", "Stopped by order:", "The 0 box:", "Contact:",
                 "Aground:", "Lashed pairs:", "Carried:"):
        assert lead.replace(" ", "") in bold.replace(" ", ""), lead
        assert lead in pages[k], lead
    assert "|Guns|" not in bold  # a word inside a rule stays regular ("Guns that bear" leads only its own rule)


def test_each_reading_is_printed_once_the_readings_page_naming_those_the_quick_reference_says(pack_pages, ctx):
    """Replay 32 (defects): the rules were printed twice, in full on the readings page (p8) and again on the quick
    reference (p11). Each reading is now printed in one place: the quick reference's are named on the readings page
    (its option, where it has one, still offered there in words), the rest read there in full; none is lost."""
    from shipyard.rules.really_simple.words import readings

    qr, page = _reference(pack_pages).lower(), _readings(pack_pages).lower()
    named = page[page.index("said in full on the quick reference"):]
    table = page[page.index("what the text leaves open"):]  # the orders log sharing its page says her speed too
    for row in readings(ctx.tables):
        words = " ".join(row["reading"].split()).lower()
        assert (words in qr) != (words in table), row["rule"]  # in one place, and in one only
        if words in qr and not row["option"]:
            assert row["rule"].lower() in named, row["rule"]
        if row["option"]:
            assert f"{row['rule'].lower()} " in page and "a club may instead play" in page
    section = page[page.index("what the text leaves open"):]
    assert len(section.split()) < 500  # a quarter of the words it had (some 1,650 when it printed them all)


def test_the_quick_references_paragraphs_are_set_larger_where_the_paper_has_room(bundled_packs, ctx):
    """Replay 32 (defects, p11): the quick reference's paragraphs, some 1,500 words, were at 6.5 pt on A4 too. Its
    type is raised in steps as far as the page stays one page: read back from the PDF, A4 (the taller page) sets the
    paragraphs larger than the style's floor, Letter at least at it, and each pack keeps its page count."""
    import pdfplumber

    floor = sheet.style()["reference_body"]["size"]
    sizes = {}
    for paper, pages_cap in (("a4", 11), ("letter", 12)):
        path = bundled_packs.get("mobile-bay-1864", "really-simple", paper).path
        pages = [_flat(p) for p in pdf_page_texts(path)]
        assert len(pages) == pages_cap
        k = next(i for i, p in enumerate(pages) if "Really Simple · quick reference" in p)
        with pdfplumber.open(path) as pdf:
            words = pdf.pages[k].extract_words(extra_attrs=["size"], x_tolerance=1)  # a space of 6.5 pt type apart
        lead = next(i for i, w in enumerate(words) if w["text"] == "Several" and words[i + 1]["text"] == "hits:")
        sizes[paper] = round(min(w["size"] for w in words[lead + 2:lead + 30]), 2)  # the paragraph after its lead
    assert sizes["a4"] > floor and sizes["letter"] >= floor, sizes


# ---------------------------------------------------------------------------------------------- replay 26 (A4 pack)
# Each rulebook moment the twenty-sixth replay's player ruled on, read back from the printed pack where she looked.


def _setup_page(pack_pages) -> str:
    return next(p for p in pack_pages if "Set-up: Battle of Mobile Bay" in p)


def test_r26_moment_1_a_line_of_fire_is_a_line_through_both_centres_not_a_rulers_width(pack_pages):
    """Moment 1: 'lay a ruler's edge along it' left open which side of the line the edge lies on (a ruler has width
    and two edges): the line is through both centres, no wider, and the edge is laid on it."""
    qr = _reference(pack_pages)
    assert ("a line of fire is the line through both centres (a fort: its place), no wider: lay a ruler's edge on it; "
            "if the edge crosses any part of another ship's model or base") in qr
    assert "ruler's edge along it" not in qr


def test_r26_moment_2_a_fort_fires_in_one_window_and_keeps_no_gun_back_for_the_2nd(pack_pages, tmp_path):
    """Moment 2: may a fort keep some guns back for the 2nd window? No: one window a turn, as a ship; the other
    reading a house rule, offered on the readings page."""
    qr = _reference(pack_pages)
    assert ("else the 2nd, not as a stationary firer (no +1), on fire −1; as a target it is never end-on (its own fire at a ship "
            "end-on to it takes the −1); speed hits do nothing to it; one window "
            "only: a gun held fires no more this turn") in qr
    assert "A fort's window quick reference a held gun may fire in the 2nd" \
        in _readings(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_window: {rows: {held: later}}\n", "--no", "sheets",
                            "--jobs", "1")
    assert "speed hits do nothing to it; a gun held in the 1st window may fire in the 2nd" in text
    assert "a gun held fires no more this turn" not in text.split("What the text leaves open")[0]


def test_r26_moment_3_a_lashed_ships_pivot_fires_ahead_astern_and_to_her_free_side(pack_pages):
    """Moment 3: 'nor a pivot into her consort's side arc (within 45° ahead or astern it bears)' could not be parsed:
    said as where the pivot fires and where not."""
    qr = _reference(pack_pages)
    assert "the pair's inboard guns cannot fire; a list is hers alone; a pivot fires in her whole ahead and astern arcs (her consort's side of the keel too) and to her free side, not into the side arc her consort lies in" in qr
    assert "within 45° ahead or astern it bears" not in qr


def test_r26_moment_4_a_forts_gun_lost_is_of_the_front_facing_the_firer(pack_pages, tmp_path):
    """Moment 4: Fort Morgan's 11th gun-loss hit, her channel guns all gone, took a bay-front gun that cannot see the
    firer ('if none bears, her largest'): a fort loses a gun of the front facing the firer, none left there: no
    effect; the literal reading a house rule."""
    qr = _reference(pack_pages)
    assert "a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: no effect)" in qr
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_gun_lost: {rows: {from: any}}\n", "--no", "sheets",
                            "--jobs", "1")
    assert "a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: its largest)" in text


def test_r26_moment_5_a_silenced_forts_other_fronts_fire_on(pack_pages, tmp_path):
    """Moment 5: Fort Morgan silenced (channel guns all struck), do her bay and land fronts still fire? Yes, said on
    the quick reference and in the set-up's fronts row; 'fires no more' a house rule."""
    assert "Silenced: a fort is silenced when every gun of its card's first front is struck" in _reference(pack_pages)
    assert "silenced, its other fronts' guns fire on" in _reference(pack_pages)
    assert "Silenced (+4): all 20 channel guns struck; other fronts fire on." in _setup_page(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_silenced: {rows: {fronts: none}}\n", "--no", "sheets",
                            "--jobs", "1")
    assert "silenced, it fires no more, not even from its other fronts" in text


def test_r26_moment_6_a_carried_ship_goes_at_half_her_consorts_top_speed_not_the_slowers(pack_pages):
    """Moment 6: Brooklyn fouled, carried by Octorara at 5½ kn, faster than Brooklyn's own 5: the pair's 'slower's
    speed' does not cap what a carried ship goes at."""
    assert ("Carried: a lashed ship with no speed left is carried at half her consort's top speed at most (the consort's first "
            "SPEED box not struck; round down to a ½ kn), not capped by the slower's") in _reference(pack_pages)


def test_r26_moment_7_the_carrier_losing_her_speed_too_stops_the_pair_at_once(pack_pages):
    """Moment 7: Octorara, carrying Brooklyn, fouled too: the pair stops at once (no slowing 2 kn a turn) and drifts
    from the next turn."""
    assert ("Both without speed: the pair stops at once (not stationary), drifting from the next turn"
            in _reference(pack_pages))


def test_r26_moment_8_a_drift_into_a_torpedo_field_takes_a_test(pack_pages, tmp_path):
    """Moment 8: a pair drifting north at a turn's end into the torpedo line: a drift that ends in or crosses a field
    tests then; testing only as the next half move ends is a house rule."""
    qr = _reference(pack_pages)
    assert ("that ended it in a field or crossed one, however often (her centre on its edge is in it), and as a turn "
            "ends, for each whose drift ended in one or crossed one: roll 1d6") in qr
    assert "6 End of turn FIRE, aground rolls; drift (torpedo test)" in qr  # where she is then
    text = _house_pack_text(tmp_path, "really-simple:\n  torpedo_drift: {rows: {drift: waits}}\n", "--no", "sheets",
                            "--jobs", "1")
    assert "not for a drift at a turn's end: she tests as the next half move ends: roll 1d6" in text


def test_r26_moment_9_a_margin_of_minus_2_to_plus_2_is_a_draw(pack_pages, bundled_packs):
    """Moment 9: the victory levels printed only ±3 and ±10; Confederate +2 was nothing. A draw row, Really
    Simple's own (the other rule sets' set-up pages keep their lines)."""
    assert "Confederate +10 or more Confederate decisive victory Either −2 to +2 Draw" in _setup_page(pack_pages)
    saunders = bundled_packs.get("mobile-bay-1864", "saunders", "a4")
    assert not any("−2 to +2" in p for p in pdf_page_texts(saunders.path)[:3])


def test_r26_the_binding_note_says_where_to_turn_for_the_gap_in_its_own_row(pack_pages):
    """Other defect 1: '1½ in on 045° puts a centre in the clear gap' read as 'turn where she meets the field', which
    puts her centre on its edge, in it: the row says turn before y 31½, apart from the binding's crammed cell."""
    page = _setup_page(pack_pages)
    assert "1 Binding: the Union line steams in at 4 kn, none turning; Tennessee and gunboats wait" in page
    # its own row, under the binding's turn 1 (a turn is printed once over its events, replay r27)
    assert "1 The gap" not in page
    assert ("The gap (all game): monitors keep their column, fort side. Up x 59 a centre meets the field at y 31½ (on its edge: "
            "in it): turn onto 045° by y 30½, writing fewer inches at need (then 1.4 in on: x 60, y 31½)") in page
    assert "puts a centre in the clear" not in page


def test_r26_balance_only_a_2_takes_a_forts_gun_so_fort_morgan_is_not_stripped_in_three_turns(pack_pages, tmp_path):
    """Balance (replay 26): at 2-3 a third of the fleet's 56 hits took a gun and Fort Morgan's 20 channel guns were
    all struck by turn 3, where on the day she was never silenced. Only a 2 takes a fort's gun (fort_hits, ours);
    said where the fort's hits are read, the quick reference and her card; 2-3 a house rule."""
    assert "On a fort: hit 1d6 1, 3, 4-5; 2d6 2, 3, 4, 5, 7, 8, 9, 10, 12 have no effect." in _reference(pack_pages)
    cards = " ".join(p for p in pack_pages if "Fort Morgan" in p and "ON ONE SHIP" in p)
    assert "On a fort: hit 1d6 1, 3, 4-5;" in cards
    assert ("A fort's guns hit only a 2 takes a fort's gun (the fleet's fire silences her by turn 6-8) "
            "2-3, as on a ship (by turn 3-6)") in _readings(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_hits: {rows: {gun_on: two_three}}\n", "--jobs", "1")
    assert "On a fort: hit 1d6 1, 4-5; 2d6" in text and "1, 3, 4-5" not in text


def test_r26_a_lasting_effects_marker_has_room_to_write_the_turn_it_ends(pack_pages):
    """Counters (replay 26): the status markers said 'till her T__' with no space to write the turn on the chit, and
    STEERING JAMMED only '1d6 turns'. Each marker of an effect lasting to a T__ now ends on a blank to write it in."""
    counters = next(p for p in pack_pages if "KN AHEAD" in p)
    for marker in ("HELMSMAN KILLED hold course", "STEERING JAMMED hold course", "SHUTTER JAMMED gun nearest the firer silent",
                   "SCREW FOULED drifts to a stop"):
        assert re.search(re.escape(marker) + r"[^A-Z]*till turn ___", counters), marker
    assert "T__" not in counters


# ---------------------------------------------------------------------------------------------- replay 27 (rs34)


def test_r27_a_ship_met_fore_and_aft_in_one_half_move_loses_a_knot_for_each_contact(pack_pages, ctx):
    """Moment 1 (replay 27): Richmond's bow met Metacomet's stern as Lackawanna's bow met hers: 'lose 1 knot each ...
    a contact' left open whether a ship touched fore and aft loses 1 knot or 2. A knot a contact (docs: the
    nineteenth replay's reading), and the Contact rule says the double case in numbers from the collisions table."""
    loss = float(ctx.tables.require("collisions").rows["end_on_loss_kn"])
    qr = _reference(pack_pages)
    assert re.search(r"a contact \(avoided: none; met at both ends: " + re.escape(f"{2 * loss:g}") + r"\)\.", qr), qr[-3000:]


def test_r27_a_turn_stops_where_her_hull_meets_another_ship_and_one_touching_it_does_not_turn(pack_pages, tmp_path):
    """Moment 4 (replay 27): turns are made on the spot about the centre, so Richmond's L turn would have swung her
    stern through Lackawanna's bow, touching it; contact was stepped only along the straight move. The turn stops
    where her hull meets the other, so one touching it already does not turn (turn_sweep, ours), said in the Turns rule of the quick reference; end-on contact is the house rule, offered
    on the readings page and reaching the quick reference when chosen."""
    qr = _reference(pack_pages)
    turns = qr[qr.index("Turns: 45°"):]
    assert ("at speed 0 she makes no turn); a turn stops where her hull meets another ship, on the heading reached "
            "(touching one already: no turn).") in turns
    assert "Turns in the orders quick reference she turns: end-on contact" \
        in _readings(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  turn_sweep: {rows: {into: contact}}\n", "--jobs", "1")
    assert "a turn that swings her hull into another ship is end-on contact with her" in text
    assert "a turn stops where her hull meets" not in text


def test_r27_an_abandoned_ship_drifts_first_as_that_turn_ends(pack_pages):
    """Moment 2 (replay 27): Metacomet, abandoned in turn 2's 1st window, lashed to Hartford: 'drift 1 in a turn'
    did not say whether she drifts as that turn ends (a fouled ship at 0 drifts from the next turn). She drifts as
    that turn ends, once the pair has cast off; said in the Abandoned rule where the quick reference gives it."""
    qr = _reference(pack_pages)
    assert "Abandoned: the crew leave: she fires no more (a target still)" in qr


def test_r27_a_drifting_ship_touching_another_as_she_swings_does_not_swing(pack_pages):
    """Moment 3 (replay 27): Metacomet, abandoned alongside Hartford, rolled a 6 for her drift: 'she stops where she
    touches' did not cover a ship touching as the swing starts, her stern pivoting into Hartford. She does not swing
    (no roll, no loss), said in the Contact rule where drifting and swinging are."""
    qr = _reference(pack_pages)
    assert "Drifting or swinging: she stops where she touches (touching already: no swing), no roll, no loss." in qr


def test_r27_the_end_of_turn_row_reminds_a_drifting_ship_with_no_gun_to_strike(pack_pages):
    """Moment 9 (replay 27): Selma, drifting with no gun left, had to strike as the turn ended, but the sequence of
    play's End of turn row did not say so and the player found it at the next turn's orders. The row now does, where
    the quick reference's sequence of play is read."""
    qr = _reference(pack_pages)
    row = qr[qr.index("6 End of turn"):qr.index("Shooting:")]
    assert "drifting, no gun: strike colours" in row


def test_r27_the_torpedo_test_is_for_either_sides_ships_the_confederates_too(pack_pages):
    """Moment 7 (replay 27): 'a ship crossing the torpedo line tests' made no exception for the side that laid the
    field, and the player wondered whether Tennessee was meant to be bottled behind it. Either side's ships test (a
    torpedo knows no flag; the gap is the way through for both), said in the Torpedo test rule."""
    qr = _reference(pack_pages)
    assert "Torpedo test: as each half move ends, before the fire window: one roll for each ship of either side" in qr


def test_r27_the_orders_log_says_a_ship_may_steam_fewer_inches_than_her_speed(pack_pages):
    """Moment 5 (replay 27): the jammed rear of the line, held to at least 4 kn by the 2-knot limit, wrote 4 kn and
    0.4 in; legal as the orders log read, but the player asked that it be said one way or the other. The text's
    inches are 'up to' half the move: fewer at will, said where the inches are written, while the 2 knots bind the
    speed written."""
    logs = [p for p in pack_pages if "Orders log ·" in p and "Write in the 1st ½ cell" in p]
    assert logs and all("the inches ahead (at most half her speed, fewer at will)" in p for p in logs)
    assert all("Her speed this turn is the kn she writes, whole or ½ (at most 2 from last turn's), whatever inches she writes" in p
               for p in logs)


def test_r27_a_pair_staying_put_to_cast_off_keeps_the_speed_it_wrote_for_next_turns_change(pack_pages):
    """Moment 6 (replay 27): Hartford wrote 6 kn in turn 2 but sat still in the 2nd half to cast off Metacomet: was
    turn 3's 2-knot change from 6 or from 0? From the kn written (the orders log's speed rule), said on the lashed
    ship's line of the orders log where CAST OFF is written."""
    logs = [p for p in pack_pages if "Orders log ·" in p and "CAST OFF parts them" in p]
    assert logs and all("both stay put (at the kn written, the base of next turn's change)" in p for p in logs)


def test_r27_moment_8_a_hit_from_a_lashed_ships_inboard_side_takes_a_gun_as_if_none_bore(pack_pages):
    """Moment 8 (replay 27, p11): Octorara, on Brooklyn's port side, hit by Fort Morgan on her starboard (inboard)
    beam: the guns facing the firer are inboard and her pivot may not fire across her consort. The quick reference,
    where a hit's effect is applied, says the gun lost is then taken as if none bore (her largest able to fire)."""
    words = ("a lashed ship's inboard gun after all others, even hit from her inboard side (facing the firer, they "
             "cannot fire: as if none bore)")
    ref = _reference(pack_pages)
    assert words in ref and _said_once(pack_pages, words)
    assert ref.index("On a hit, roll 1d6") < ref.index(words)  # said with the hit effects, not elsewhere


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r27_a_fort_off_the_plan_and_guns_on_no_ship_are_one_line_not_cards_and_boxes(bundled_packs, paper):
    """Replay 27 (pp6/10): Fort Powell, 'not on the plan', had a full card and a counter though it plays no part, and
    Fort Gaines' 25 guns bearing on no ship a box each. Fort Powell is one line on the roster page and has no card nor
    chit; a fort's guns on no ship are named on one line of its card, with no boxes."""
    built = bundled_packs.get("mobile-bay-1864", "really-simple", paper)
    pages = [_flat(p) for p in pdf_page_texts(built.path)]
    cards = " ".join(p for p in pages if "Ship data cards" in p)
    counters = " ".join(p for p in pages if "SCREW FOULED" in p)
    roster = next(p for p in pages if "Ship or fort" in p)
    assert "Fort Powell" not in cards and "Fort Powell" not in counters and "Fort Gaines" in counters
    assert "Plays no part (not on the plan: no card, no counter): Fort Powell." in roster
    assert "NO SECTOR M +2" not in cards and "NO SECTOR L +3" not in cards  # no box rows for them
    assert "NO SECTOR on the plan, no part in play: 25 guns (1 L · 4 MR · 20 M)" in cards


def test_r27_guns_on_no_ship_keep_their_boxes_where_a_house_rule_may_take_one(tmp_path):
    """Under fort_gun_lost: any, a hit on a front with no gun left takes the fort's largest, which may be one on no
    ship: then those guns keep their boxes."""
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_gun_lost: {rows: {from: any}}\n", "--jobs", "1")
    assert "NO SECTOR L +3" in text and "no part in play" not in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r27_lasting_markers_come_in_number_for_twelve_turns_of_the_fleet(bundled_packs, library, ctx, paper):
    """Replay 27 (p10): SCREW FOULED (6) and LISTING (7) were 3 and 4 used after three turns of twelve. The markers
    table's per_ships gives them one for every so many ships in play; a fort's marker (SILENCED) one a fort in play."""
    import math

    built = bundled_packs.get("mobile-bay-1864", "really-simple", paper)
    scenario = library.scenario("mobile-bay-1864")
    units = [u for _, u in library.scenario_units(scenario)]
    ships = sum(1 for u in units if u.kind != "fort")
    forts = sum(1 for u in units if u.kind == "fort" and scenario.setup.starts.get(u.id) is not None)
    rows = {r["marker"]: r for r in ctx.tables.require("markers").rows}
    # the counters page's words, from the run's one read of the pack's text (pdfplumber read all eleven pages here)
    words = [w for text in pdf_page_texts(built.path) if "FOULED" in text for w in text.split()]
    for marker, word in (("SCREW FOULED", "FOULED"), ("LISTING", "LISTING")):
        assert rows[marker].get("per_ships"), marker
        assert words.count(word) >= math.ceil(ships / rows[marker]["per_ships"]) > 7, marker
    assert words.count("SILENCED") == forts


def test_r27_the_readings_page_is_a_short_list_of_readings_and_options(pack_pages, ctx):
    """Replay 27 (p8): the opening sentence was garbled ('where the text allows a second, the row ends with it (a club
    may instead play)') and nearly every row read 'as the quick reference reads it; a club may instead play: ...'.
    The table now has the other reading in a column of its own, and a row the quick reference says in full reads
    'quick reference'; the opening says so in one plain sentence."""
    page = _readings(pack_pages)
    assert "as the quick reference reads it" not in page and "a club may instead play:" not in page
    assert "Rule This pack plays A club may instead play" in page
    assert ("Rules the surviving text lost or leaves open: the reading this pack plays and, where the text allows "
            "another, the one a club may agree instead before play.") in page
    assert "Line of fire quick reference no ship masks fire" in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r27_a_cards_sinks_abandoned_and_struck_boxes_stay_on_one_line(bundled_packs, paper):
    """Replay 27 (pp4-6): Hartford's and Brooklyn's long SPEED rows wrapped SINKS apart from ABANDONED and STRUCK,
    which ended on a third line, easily missed. On every printed line of the cards the three come together, once a
    card: after the boxes where all three fit, else on a line of their own under them."""
    built = bundled_packs.get("mobile-bay-1864", "really-simple", paper)
    pages = [p for p in pdf_page_texts(built.path) if "Ship data cards" in p]
    lines = [ln for p in pages for ln in p.splitlines() if "box" not in ln and "crew" not in ln]
    seen = 0
    for ln in lines:
        words = ln.split()
        n = words.count("STRUCK")
        assert ln.count("ABANDONED STRUCK") == n and ln.count("SINKS T") == n, ln  # a fort's 2d6 ABANDONED aside
        seen += n
    assert seen == sum(p.count("SINKS T") for p in pages) - len(pages)  # every card's (the key names SINKS once a page)



# ---------------------------------------------------------------------------------------------- replay 28 (A4 pack)
# The twenty-eighth replay's rulebook moments and defects, read back from the printed pack where the player looked.


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r28_the_roster_page_carries_whole_quick_reference_parts_and_p11_leaves_them_out(bundled_packs, paper):
    """Defects (p3, p11): the roster page was half empty once its chart went, and p11 a wall of very small type. The
    roster page now carries whole parts of the quick reference under its tables (ramming, torpedoes: the turn's
    rarest), each printed once, and p11 keeps its page with room to spare."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", paper).path)]
    roster = next(p for p in pages if "Ship or fort" in p and "Armour" in p)
    qr = next(p for p in pages if "Really Simple · quick reference" in p)
    assert reference.ROSTER_HEADING in roster
    for heading in ("Ramming: 1d6 + modifiers", "Torpedoes (mines)", "Open water, off a channel too, is deep water"):
        assert heading in roster and heading not in qr, heading


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r28_the_long_rule_chains_on_p11_are_broken_into_a_paragraph_a_step(bundled_packs, paper):
    """Defect (p11): the Collisions and T__ paragraphs were long clause chains, hard to find mid-game. Each rule of
    the special effects' notes and of contact now opens a line of its own, its lead words first (read back from the
    printed page's columns, each read apart: the columns' break moves with their lengths, play 34's words putting
    List and FIRE at the foot of Letter's left column)."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", paper).path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    k = next(i for i, p in enumerate(pages) if "Really Simple · quick reference" in p)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[k]
        halves = [page.crop((x, 0, x + page.width / 2, page.height)).extract_text() or "" for x in (0, page.width / 2)]
    lines = [ln.strip() for half in halves for ln in half.splitlines()]
    for lead in ("FIRE:", "Abandoned:", "Striking colours:", "Shutter (6):", "T__:", "Twice:", "Contact:",
                 "Rammed or not avoided:", "Avoided:", "Touching as it starts:", "One rams, one avoids:"):
        assert any(ln.startswith(lead) for ln in lines), lead


def test_r28_moment_1_a_targets_own_consort_masks_her_and_the_other_reading_is_an_option(pack_pages, tmp_path):
    """Moment 1 (T1, the forts' first fire): may Fort Morgan shoot a gunboat lashed on the far side of her sloop? The
    reference exempted only the firer's own consort. The target's consort masks her as any ship does (the gunboats
    were lashed on the side away from the fort for that shelter); a pair shot as one ship is a house rule."""
    said = "nor by the firer's own consort (the target's consort masks her, as any ship)"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)
    assert "the target's consort does not mask her" in _readings(pack_pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  line_of_fire: {rows: {masked_by: consorts}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "but not by a monitor's low hull nor by the firer's or the target's consort" in text
    assert said not in text


def test_r28_moment_2_a_line_of_fire_too_close_to_call_is_settled_by_a_die_from_the_table(pack_pages, tmp_path):
    """Moment 2 (T2, T3): lines that grazed a model's corner by 0.01 to 0.2 in, which no club can measure on a cloth,
    and no way to settle a close call. A die settles it, its score from line_of_fire, so a house rule reaches it."""
    said = "over it or clear, or in doubt): one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks it"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)
    # one house-ruled pack for the die's score and (play 30, moment 3) the close call's distance
    text = _house_pack_text(tmp_path, "really-simple:\n  line_of_fire: {rows: {masked_by: ships, close_call_masked_on: 5, "
                            "close_call_mm: 2}}\n", "--no", "sheets", "--jobs", "1")
    assert ("(the edge 2 mm or less off her outline, over it or clear, or in doubt): one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 5+ masks "
            "it") in text and said not in text


def test_r28_moment_3_a_ship_whose_every_target_is_masked_keeps_her_window_for_the_2nd(pack_pages):
    """Moment 3 (T3, CSS Tennessee): Selma's model masked every line she had. Was her 1st window spent? No: a masked
    ship is no target, so no gun of hers can fire and her window passes to the 2nd; said in one clause where a
    target is defined, not pieced together from two."""
    said = "a masked ship is no target (close calls thrown first): with none, her window passes to the 2nd"
    qr = _reference(pack_pages)
    assert f"(her window is spent); {said}" in qr and _said_once(pack_pages, said)


def test_r28_moment_4_a_lashed_ships_inboard_guns_facing_the_firer_count_as_not_bearing(pack_pages):
    """Moment 4 (T2, Brooklyn hit from her port side, Octorara's): do the inboard 9in guns 'bear'? They face the firer
    but cannot fire: they count as not bearing and go last, so the pivots are lost first. Said in the gun-lost rule,
    where the player stopped to check."""
    said = "even hit from her inboard side (facing the firer, they cannot fire: as if none bore)"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)


def test_r28_moment_5_several_hits_on_several_targets_are_rolled_target_by_target_in_any_order(pack_pages):
    """Moment 5: the fort and the water battery hit six or seven ships a window; the order within one target was
    said, not across targets. Target by target, in any order, for one ship's effects change no other's."""
    said = ("then target by target, in any order, each hit, the nearest firer's first "
            "(a fort: its place; equally near: the target's owner picks)")
    assert f"Several hits: all rolled first (every firer), {said}" in _reference(pack_pages)
    assert _said_once(pack_pages, said)


def test_r28_the_scale_sentence_says_the_ground_is_three_times_the_models_scale(pack_pages):
    """Defect (p2): 'Ground scale 100 yd to the inch at 1/1200 ... makes an inch 100 yd at 1/1200' read oddly to a
    player who knew a true 1/1200 inch is about 33 yd. The sentence now says plainly that the ground is three times
    the models' scale (the cards' sizes being the models'), its figures worked from the rule set's ground yards."""
    setup = _setup_page(pack_pages)
    model_yd = 1200 / 36
    assert RS.ground_yards["1/1200"] / model_yd == pytest.approx(3)
    # play 43: said plainly, the table's inch in yards first (test_p43_defect_the_scale_sentence_...)
    assert (f"Ground scale 100 yd to the inch at 1/1200 (1 in on the table = 100 yd, but a model's 1 in = "
            f"{model_yd:.0f} yd: ships are three times too big for the ground, as the cards' sizes are;") in setup
    assert "makes an inch 100 yd" not in setup


def test_r28_a_forts_guns_in_no_sector_are_named_with_the_plans_word_not_on_no_ship(pack_pages):
    """Defect (p6): the fort cards' column 'ON NO SHIP' was what p2 calls the land front, and Fort Gaines' 'ON NO SHIP
    25' of 27 read oddly. One name, the plan's own ('sectors of fire'): NO SECTOR, on the box and the guns' line."""
    cards = " ".join(p for p in pack_pages if "Ship data cards" in p)
    assert "ON NO SHIP" not in cards and "NO SHIP," not in cards
    assert "NO SECTOR on the plan, no part in play: 4 guns (4 M)" in cards
    assert "sectors of fire" in _setup_page(pack_pages)


def test_r28_the_quick_references_paragraphs_are_lifted_past_the_old_7_pt_cap_on_a4(bundled_packs):
    """Defect (p11): 'a wall of very small type'. With ramming, torpedoes and shoals on the roster page the A4 page
    has room, and its paragraphs are set above 7 pt (the cap before replay 28), read back from the PDF's fonts; the
    roster page's parts at the style's largest size."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", "a4").path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    k = next(i for i, p in enumerate(pages) if "Really Simple · quick reference" in p)
    r = next(i for i, p in enumerate(pages) if reference.ROSTER_HEADING in p)
    with pdfplumber.open(path) as pdf:
        def size_after(page, a, b):
            words = pdf.pages[page].extract_words(extra_attrs=["size"], x_tolerance=1)
            lead = next(i for i, w in enumerate(words) if w["text"] == a and words[i + 1]["text"] == b)
            return round(min(w["size"] for w in words[lead + 2:lead + 30]), 2)
        assert size_after(k, "Several", "hits:") > 7.0
        assert size_after(r, "Rammer's", "speed:") == sheet.style()["reference_body"]["max_size"]


# ---------------------------------------------------------------------------------------------- replay 29 (rs37)


def test_r29_end_on_is_defined_under_the_modifier_table_not_only_in_the_arcs(pack_pages, ctx):
    """Defect (p11, cost a replay): the modifier table said only 'Target end-on −1', the battle's most-used modifier,
    and its definition sat in the arcs paragraph. The definition, from the reconstructions table, now opens the
    paragraph right under the modifier table, and the arcs no longer repeat it."""
    from shipyard.rules.really_simple.words import reading

    qr = _reference(pack_pages)
    said = f"End-on: {reading(ctx.tables, 'End-on')}."
    assert "45°" in said and said in qr
    assert qr.index("Target end-on") < qr.index(said) < qr.index("Ranges: point blank")
    assert "own keel line is end-on" not in qr and _said_once(pack_pages, reading(ctx.tables, "End-on"))


def test_r29_moment_1_a_list_bars_only_the_high_side_arc_not_fire_ahead_or_astern(pack_pages):
    """Moment 1 (p11 2d6 4/5, p4 card key): Kennebec listing to port wanted her pivots on Fort Morgan, on her
    starboard bow within 45° of the keel. Does 'no gun fires to starboard' take that in? No: the raised side is her
    side arc; ahead and astern are no side. Said under the 2d6 rows and in the card key, where she looked."""
    qr = _reference(pack_pages)
    assert "List (4, 5): her high side is her side arc: ahead and astern, guns fire. List again (4, 5):" in qr
    cards = [p for p in pack_pages if "Ship data cards" in p]
    assert cards and all("(a list: no gun to her high side, not even these; ahead and astern they fire)" in p for p in cards)


def test_r29_moment_2_a_jammed_gun_is_lost_after_every_gun_that_can_fire_whatever_its_size(pack_pages):
    """Moment 2 (p11 A gun lost): Fort Morgan's only 10in was jammed when 24 hits came in: 'last' among guns of its
    size, or after every other gun that bears? After every gun that can fire, whatever its size: the rifles went
    first. Said in the gun-lost rule, once."""
    said = "a gun unable to fire (jammed, listed) after every gun that can, bearing or not; (4) a lashed ship's inboard gun"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)


def test_r29_moment_7_the_sinks_turn_written_is_this_turn_plus_the_roll(pack_pages, ctx):
    """Moment 7 (p11 Sinking): 'write the turn she goes down at SINKS T__': the turn number or the turns from now?
    The turn: this turn plus the 1d6+2 roll, with a worked example, under the hit tables where the player rolled."""
    turns = ctx.tables.require("sinking").rows["turns"]
    said = f"Sinking: roll {turns} when she is struck past 0: this turn plus the total is her SINKS T__ (turn 3, die 3: T8)"
    assert said in _reference(pack_pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r29_item_3_sinking_has_a_turn_blank_and_end_on_contact_is_enough_for_a_jam_of_the_seven_pairs(
        bundled_packs, library, ctx, paper):
    """Counters (p10): SINKING had no T__ blank where the other lasting states have one, and only six END-ON CONTACT
    markers came, where a jam down the seven lashed pairs marks seven ships at once. SINKING now carries the turn
    she goes down, END-ON CONTACT one for every three ships (the markers table's per_ships), on A4 and Letter."""
    import math

    built = bundled_packs.get("mobile-bay-1864", "really-simple", paper)
    ships = sum(1 for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.kind != "fort")
    per = {r["marker"]: r for r in ctx.tables.require("markers").rows}["END-ON CONTACT"].get("per_ships")
    text = " ".join(_flat(p) for p in pdf_page_texts(built.path) if "KN AHEAD" in p)
    turns = ctx.tables.require("sinking").rows["turns"]
    assert f"SINKING sinks as turn ___ ends (this turn + {turns})" in text
    assert per and text.count("END-ON CONTACT") >= max(7, math.ceil(ships / per)), ships


def test_r29_item_2_her_speed_is_the_kn_she_writes_on_the_quick_reference_too(pack_pages, ctx):
    """Item 2 (p11): 'her speed is the kn she writes, whatever inches she writes', used every turn, was only on the
    orders logs. The quick reference's movement says it too, from the reconstructions table (a house rule's speed
    change reaches it), and the readings page no longer prints it again."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Speed this turn")
    assert "whatever inches she writes" in said
    readings = _readings(pack_pages)
    assert f"Speed this turn: {said}." in _reference(pack_pages)
    assert said not in readings[readings.index("What the text leaves open"):]  # named there, not said again


def test_r29_moment_4_a_bow_resting_on_a_side_goes_no_farther_ahead_while_they_touch(pack_pages):
    """Moment 4 (p11 Contact): Tecumseh's bow rests on Gaines's side as T4 starts; she may not turn, and the pack
    covered only bow to stern and 'no new contact'. May she go on through the hull? No: she goes no farther ahead
    while they touch (astern she may: docs). Said with 'Touching as it starts', where the player looked."""
    said = "Touching as it starts: no new contact, no roll, no loss, but a bow on a side goes no farther ahead while they touch."
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)


def test_r29_item_5_the_cover_counts_the_units_on_the_table_not_fort_powell(pack_pages, library):
    """Item 5 (p1): 'Confederate 8 units' where Fort Powell plays no part (no set-up place: 7 on the table). The
    cover counts what the set-up places (a lashed consort with her partner), in the rule set's own count_words;
    a side that places all its units keeps its plain count."""
    scenario = library.scenario("mobile-bay-1864")
    starts = scenario.setup.starts
    cover = pack_pages[0]
    for side in scenario.sides:
        placed = sum(1 for su in side.units if starts.get(su.id) is not None or starts.get(su.lashed_to) is not None)
        said = f"{placed} units on the table" if placed < len(side.units) else f"{len(side.units)} units"
        assert said in cover, side.name
    assert "7 units on the table" in cover and not re.search(r"\b8 units", cover)


def test_r29_moment_3_a_wooden_ship_in_the_scores_takes_in_the_lashed_gunboats(pack_pages, ctx):
    """Moment 3 (p2 Scores): 'each Union wooden ship sunk or struck +4': the seven lashed gunboats too (Galena's card
    a screw sloop)? Yes: every ship but a monitor or an ironclad. A reading on the readings page, from the
    reconstructions table (the set-up page's Letter print has no spare line)."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Ship (scores)")
    assert "lashed gunboat" in said and "wooden: all but a monitor or an ironclad" in said
    page = _readings(pack_pages)
    assert f"Ship (scores) {said}" in page[page.index("What the text leaves open"):]


def test_r29_moment_5_land_is_a_shoal_no_ship_crosses_she_stops_aground(pack_pages, ctx):
    """Moment 5 (p2 plan, p11 Shoals): the monitors on 045° in the gap reach Mobile Point (grey land) in about 2 in,
    and the pack had rules for shoals and aground only. Land is a shoal no ship crosses: she stops aground there,
    freed as from a shoal. A reading on the readings page, from the reconstructions table."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Land")
    assert "aground" in said
    assert f"Land: {said}" in _reference(pack_pages) and _said_once(pack_pages, said)  # with its corners (play 30)


def test_r29_moment_6_a_jam_down_the_line_is_worked_from_its_head_back(pack_pages, ctx):
    """Moment 6 (p11 Contact, the voided attempt's three-deep jam): where is 'no farther than that stern' when the
    ship ahead is herself stopped partway through the same half move? Worked from the head back: each follower stops
    where the ship ahead of her ends. A reading on the readings page, from the reconstructions table."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Jammed line")
    assert "head back" in said
    page = _readings(pack_pages)
    assert f"Jammed line {said}" in page[page.index("What the text leaves open"):]


# ---------------------------------------------------------------------------------------------- play 30 (rs15)
# Three turns of Mobile Bay played from the printed pack alone: the moments the players had to rule on themselves,
# read back from the printed page where they looked.


def test_p30_moment_1_a_sinking_ship_has_no_way_on_and_drifts_till_she_goes_down(pack_pages, ctx):
    """Moment 1 (p11 Sinking): a ship with her SINKS T__ set: does she go on moving till she sinks? No: struck past 0
    she has no way on; she drifts as a ship at 0 does (lashed: carried). Said in the sinking countdown, from the
    reconstructions table, and the drifting rule names a sinking ship among those that drift."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Sinking countdown")
    assert "till then, no way on: she drifts from this turn's end (lashed: carried)" in said
    qr = _reference(pack_pages)
    assert f"Sinking: {said}." in qr and _said_once(pack_pages, said)
    assert "Drifting (speed lost to 0, sinking, struck or abandoned)" in qr


def test_p30_moment_2_a_holed_boilers_crew_roll_is_made_once_as_the_hit_is_marked(pack_pages, ctx):
    """Moment 2 (p11 2d6 12): 'crew leave on 1-2 (1d6)': rolled when? Each turn, or once? Once, as the hit is marked,
    before the next hit is rolled; a later boiler hit rolls again. Printed under the 2d6 notes, from one reading."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Boiler's crew")
    assert "rolled once, as the hit is marked" in said
    assert f"Boiler's crew (12): {said}." in _reference(pack_pages) and _said_once(pack_pages, said)


def test_p30_moment_3_too_close_to_call_is_a_distance_in_mm_from_the_table(pack_pages):
    """Moment 3 (p11 Targets): 'too close to call' with no distance: when is a line a close call? The ruler's edge
    within 3 mm of a model's outline, over it or clear of it (line_of_fire.close_call_mm); the r28 moment 2 test
    builds the house-ruled pack that shows a house rule reaches it."""
    said = "too close to call (the edge 3 mm or less off her outline, over it or clear, or in doubt): one 1d6 for the line"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)


def test_p30_moment_4_a_lashed_ships_pivot_fires_in_her_whole_ahead_arc_her_consorts_side_too(pack_pages):
    """Moment 4 (p11 Lashed pairs): Octorara's pivot, on the deck's side toward Brooklyn, at a ship 30° off the bow
    on that side: 'not across her consort's side' read as no. Ahead is within 45° of the keel either side, so it
    fires; only the side arc her consort lies in is barred."""
    said = ("a pivot fires in her whole ahead and astern arcs (her consort's side of the keel too) and to her free "
            "side, not into the side arc her consort lies in")
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)
    assert "not across her consort's side" not in " ".join(pack_pages)


def test_p30_moment_5_a_fort_is_never_end_on_as_a_target_its_own_fire_takes_the_end_on_minus(pack_pages):
    """Moment 5 (p11 Forts): 'it is never end-on' read as no −1 for the fort's fire at a ship bow-on to it. It is
    the fort as a target only: its own fire at an end-on ship takes the −1 as any firer's."""
    said = "as a target it is never end-on (its own fire at a ship end-on to it takes the −1)"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)
    assert "; it is never end-on;" not in _reference(pack_pages)


def test_p30_moment_6_the_shores_corners_are_given_in_inches_with_the_land_rule(pack_pages, library, ctx):
    """Moment 6 (p2 plan, Land): where Mobile Point's and Dauphin Island's shores lie was only grey on the plan, where
    Land makes a centre reaching them aground. The quick reference's Shoals (on the roster page) says Land with each
    land's corners in inches from the bottom-left corner, as the set-up places everything, worked from the
    scenario's outlines at the rule set's ground scale (a set-up page on Letter has no line to spare)."""
    from shipyard.rules.really_simple.words import reading

    yards = RS.ground_yards["1/1200"]
    shores = " · ".join(f"{land.name} " + "; ".join(f"{x / yards:g}, {y / yards:g}".replace(".5", "½")
                                                    for x, y in land.outline)
                        for land in library.scenario("mobile-bay-1864").setup.land)
    said = f"Land: {reading(ctx.tables, 'Land')}; its corners, in from the bottom-left corner: {shores}."
    assert "Mobile Point 61½, 28½; 72, 27; 72, 35½; 63½, 34½ · Dauphin Island 0, 30½;" in said
    assert said in _reference(pack_pages)


def test_p30_moment_7_a_ship_stopped_by_order_is_marked_stationary_and_a_spent_window_jotted(pack_pages, ctx):
    """Moment 7 (p10, p11 Stationary): nothing on the table marked a ship that stayed stationary this turn, which
    both +1s (firer, target) need, nor one that had fired. A STATIONARY marker (its +1s from the modifier table, at
    6 pt), a set of them with the markers; the Stationary reading says when it is laid and lifted, and where a
    window she fires in stays jotted in her log's extras (the orders log says so); SUNK and STRUCK keep seven on A4."""
    from shipyard.rules.really_simple.words import reading

    counters = next(p for p in pack_pages if "KN AHEAD" in p)
    assert counters.count("STATIONARY 0 kn by order: her fire +1, fire at her +1") >= 5
    assert counters.count("SUNK gone down") >= 7 and counters.count("STRUCK colours struck") >= 7
    said = reading(ctx.tables, "Stationary")
    assert "at 0 kn by order this turn (STATIONARY marker till it ends;" in said
    assert f"Stationary: {said}." in _reference(pack_pages) and _said_once(pack_pages, said)
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert logs and all("F2 (fires in the 2nd; jot 1 or 2 when spent)" in p for p in logs)
    assert len(pack_pages) == RS.pack_pages


def test_p30_moment_8_the_quick_reference_flows_in_two_even_columns_at_larger_type(bundled_packs):
    """Moment 8 (p11): too dense and small to read at the table. The page's parts now flow down the left column and
    on down the right, broken where the two come out even (the right ran to the foot with a fifth of the left empty,
    which held the type under 7 pt); the lashed pairs join the roster page's parts. The type is read back from the
    PDF's fonts: above 7.2 pt, with no page added."""
    import pdfplumber

    path = bundled_packs.get("mobile-bay-1864", "really-simple", "a4").path
    pages = [_flat(p) for p in pdf_page_texts(path)]
    assert len(pages) == RS.pack_pages
    k = next(i for i, p in enumerate(pages) if "Really Simple · quick reference" in p)
    roster = next(p for p in pages if reference.ROSTER_HEADING in p)
    assert "Lashed pairs: the first-named ship's centre" in roster and "Lashed pairs: the first" not in pages[k]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[k]
        words = page.extract_words(extra_attrs=["size"], x_tolerance=1)
        lead = next(i for i, w in enumerate(words) if w["text"] == "Several" and words[i + 1]["text"] == "hits:")
        assert min(w["size"] for w in words[lead + 2:lead + 30]) > 7.2
        body = [w for w in words if w["top"] > words[lead]["top"] - 200 and w["bottom"] < page.height - 40]
        feet = [max(w["bottom"] for w in body if (w["x1"] < page.width / 2) == left) for left in (True, False)]
        assert abs(feet[0] - feet[1]) < 20 * 72 / 25.4, feet  # the two columns end within 20 mm (they were 43 apart)


# ---------------------------------------------------------------------------------------------- play 31 (rs16)
# A fresh replay of three turns of Mobile Bay on today's pack: the moments the players had to rule on themselves,
# read back from the printed page where they looked.


def test_p31_moment_1_a_shorter_consort_lies_with_her_centre_abeam_of_her_sloops(pack_pages, ctx):
    """Moment 1 (p2, p3 Lashed pairs): where a shorter consort sits fore and aft against her sloop was not said
    (centres abeam? sterns level?). Centres abeam, her bow and stern inside the sloop's."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Lashed pairs")
    assert "touching her on the side the set-up names, their centres abeam;" in said
    assert f"Lashed pairs: {said}." in _reference(pack_pages) and _said_once(pack_pages, said)


def test_p31_moment_3_near_in_the_quarters_rule_is_a_distance_from_the_collisions_table(pack_pages, tmp_path):
    """Moment 3 (p11 phase 2, Contact): 'in quarters near another ship' did not say how near. Within 12 in, edge to
    edge (collisions.near_in): the sequence's row points to Contact, which says it, and a house rule reaches it."""
    qr = _reference(pack_pages)
    said = "all ships at once, where models are near (12 in, edge to edge);"
    assert "in quarters near another (Contact); then the turns ordered" in qr
    assert f"Contact: step each half move off in quarters, {said}" in qr and _said_once(pack_pages, said)
    text = _house_pack_text(tmp_path, "really-simple:\n  collisions: {rows: {near_in: 10}}\n",
                            "--no", "sheets", "--jobs", "1")
    assert "where models are near (10 in, edge to edge)" in text and said not in text


def test_p31_moment_4_a_fort_fires_at_a_ship_in_range_and_in_one_of_its_sectors(pack_pages, ctx):
    """Moment 4 (p11 Forts): 'fires in the 1st window it has a ship in range' said nothing of its sectors. A ship in
    range and in one of its sectors (Fort Gaines, 45 in off and beyond every gun's 36, never fires: the set-up)."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Forts in the turn")
    assert "it fires in the 1st window a ship is in range and in a sector, else the 2nd" in said
    assert f"Forts (ours): {said}" in _reference(pack_pages) and _said_once(pack_pages, said)
    assert "it has a ship in range" not in " ".join(pack_pages)
    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "Fort Gaines Two and a half miles from the channel (45 in), beyond any gun's 36 in" in setup


def test_p31_moment_5_fort_morgan_and_her_water_battery_are_two_units_said_on_the_roster(pack_pages, ctx):
    """Moment 5 (p3 roster, p6 cards, p2 scores): Fort Morgan and her water battery, one unit or two? Two, each with
    its own card, share on one ship, silencing and score: said under the roster's tables (fort_units), where more
    than one fort is in play."""
    said = ctx.tables.require("fort_units").rows["reading"]
    roster = next(p for p in pack_pages if reference.ROSTER_HEADING in p)
    assert said in roster and "a water battery too" in said
    assert roster.index("Fort Morgan water battery") < roster.index(said) < roster.index(reference.ROSTER_HEADING)
    assert sum(p.count(said) for p in pack_pages) == 1


def test_p31_moment_6_orders_may_be_written_in_half_knots(pack_pages):
    """Moment 6 (pp7-8 orders log, p11 Speed this turn): may orders be written in ½ knots? Yes, as damage takes
    speed in ½ knots: said in the reading the log and the quick reference both print."""
    words = "the kn she writes, whole or ½ (at most 2 from last turn's)"
    logs = [p for p in pack_pages if "Orders log ·" in p]
    assert len(logs) == 2 and all(f"Her speed this turn is {words}" in p for p in logs)
    assert f"Speed this turn: {words}" in _reference(pack_pages)


def test_p31_moment_7_astern_is_half_her_top_speed_now_the_cards_figure_undamaged(pack_pages):
    """Moment 7 (p6 Selma's ASTERN 4½ kn, p11 'Astern: ½ of the speed ahead'): a damaged ship's astern speed, half her
    top speed now or the card's figure? Half her top speed now, to the ½ kn below; the card's is hers undamaged."""
    qr = _reference(pack_pages)
    assert "Astern: ½ of her top speed now, to the ½ kn below (a card's ASTERN: undamaged), but double-ended" in qr
    assert "of the speed ahead" not in qr


def test_p31_moments_8_to_10_struck_to_0_mid_turn_no_2nd_half_move_drifts_as_the_turn_ends(pack_pages, ctx):
    """Moments 8-10 (p11 The 0 box, Sinking, Drifting; steam pipes): struck past 0 mid-turn, does she make her 2nd
    half move? No; she drifts as that turn ends, sinking too (the Sinking rule), and so does one stopped by order and
    struck to 0 (moment 9). The steam pipes' 1 knot a turn binds her orders; a hit slows her at once (moment 10)."""
    from shipyard.rules.really_simple.words import reading

    said = reading(ctx.tables, "Speed lost")
    assert ("going faster, she slows to it at once, steam pipes or not; struck to 0 or past: no 2nd half move; she "
            "drifts as the turn ends (stopped by order too)") in said
    qr = _reference(pack_pages)
    assert f"Speed lost: {said}." in qr and _said_once(pack_pages, said)
    assert "7 Steam pipes hit: orders change speed 1 knot a turn at most" in qr
    assert "Drifting (speed lost to 0, sinking, struck or abandoned)" in qr


def test_p31_moment_11_a_drifting_ship_drifts_then_rolls_her_swing(pack_pages):
    """Moment 11 (p11 Drifting): drift and swing, in which order? The drift first, then the roll for the swing."""
    assert "drift 1 in a turn with the tide, then 1 on 1d6 swings her 45° clockwise, 6 anticlockwise" in \
        _reference(pack_pages)


def test_p31_moment_12_the_turn_track_shades_no_turn(ctx):
    """Moment 12 (p11 turn track): turns 5 and 10 were shaded and nothing said why (only a count by fives): no box
    is shaded now."""
    track = next(b for b in reference.turn_track(ctx) if isinstance(b, SpeedTrack))
    cells = [c for row in track.rows for c in row.cells]
    assert len(cells) == 12 and not any(c.strong or c.mark for c in cells)


def test_p31_defects_one_carried_wording_the_torpedo_rows_and_the_flagships_score_on_one_line(pack_pages, bundled_packs):
    """Defects (p2, cards, p11): the carried rule was worded three ways (the set-up's special rule, each lashed
    card, the quick reference): the quick reference's Carried is the one wording, the set-up and the cards point to
    it. The torpedo line's note said a 'triple row' where the plan's crosses (a fill at a fixed pitch) draw two: the
    note no longer counts rows. Hartford's score line wrapped '4)' alone: shortened to stay on its line."""
    import pdfplumber

    setup = next(p for p in pack_pages if "Set-up:" in p)
    assert "how a pair is carried when one loses all speed, and how it casts off: quick reference, Lashed pairs" in setup
    assert "the gunboat carries her at half its own" not in setup and "triple row" not in setup
    cards = " ".join(_card_pages(pack_pages))
    assert cards.count("the other carries both (see Carried)") == 7 and "at half her top speed" not in cards
    assert "Carried: a lashed ship with no speed left is carried at half her consort's top speed" in _reference(pack_pages)
    path = bundled_packs.get("mobile-bay-1864", "really-simple", "a4").path
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[pack_pages.index(setup)].extract_words()
    besides = next(w for w in words if w["text"] == "besides")
    assert any(w["text"] == "4)" and abs(w["top"] - besides["top"]) < 1 for w in words)


# ---------------------------------------------------------------------------------------------- play 32 (seed 2052)


def test_p32_moments_1_and_7_a_knot_is_an_inch_said_with_a_speed_and_fewer_inches_at_will(pack_pages):
    """Moment 1 (turn 1): may a ship move fewer inches than her speed at will, turn 1 or any turn? Yes, as the text's
    orders ("number of inches moved, up to ...") and Speed this turn read. Moment 7: steam pipes hit, the player wrote
    3 kn and moved 2 in: the knots-to-inches line works a speed through, half move and all."""
    qr = _reference(pack_pages)
    assert "Movement 1 knot = 1 in a turn at 1/1200 (3 kn: 3 in, 1½ a half move; fewer: Speed this turn). Turns:" in qr
    assert "whatever inches she writes" in qr


def test_p32_moment_2_both_sides_fire_at_once_said_in_the_sequence(pack_pages):
    """Moment 2: do both sides fire simultaneously in a window (all shots thrown, then all marked)? Said in the
    sequence's 1st fire row, which the 2nd's 'as the 1st' carries."""
    qr = _reference(pack_pages)
    assert "1st fire guns that bear fire (1d6 a gun) or hold, both sides at once: all thrown, then marked;" in qr
    assert "2nd fire as the 1st;" in qr


def test_p32_moments_3_4_and_8_the_close_call_throw_its_edge_and_when_it_is_thrown(pack_pages):
    """Moment 3: one close-call throw per gun, per firer or per line? One a line of fire, for all her guns on it.
    Moment 8: is exactly 3 mm a close call? Yes: 3 mm or less. Moment 4: target masked, the others only close calls:
    does the window pass, or are the close calls thrown first? Thrown first: a ship whose every line is then masked
    keeps her window for the 2nd."""
    qr = _reference(pack_pages)
    said = "too close to call (the edge 3 mm or less off her outline, over it or clear, or in doubt): one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks it"
    assert said in qr and _said_once(pack_pages, said) and "within 3 mm" not in qr
    assert "a masked ship is no target (close calls thrown first): with none, her window passes to the 2nd" in qr


def test_p32_moment_5_any_target_nearest_or_not_and_equally_near_firers_hits_in_her_owners_order(pack_pages):
    """Moment 5: whom must a fort or ship target when two are equally near, and whose hits go first? No gun must take
    the nearest; equally near firers' hits are marked in the target's owner's order."""
    qr = _reference(pack_pages)
    assert "Targets: each gun picks its own target, nearest or not, among those it bears on" in qr
    assert "each hit, the nearest firer's first (a fort: its place; equally near: the target's owner picks), rolls its own effect" in qr


def test_p32_moment_6_speed_hits_on_a_carried_ship_strike_her_own_track(pack_pages):
    """Moment 6: a lashed consort fouled and carried is hit for speed: where does the loss go? On her own SPEED boxes
    (her 0 box struck: sinking, as The 0 box says), never her carrier's; printed in Carried, where the lashed card points."""
    said = "speed hits strike her own boxes, not her carrier's"
    assert f"she is neither stopped nor drifting; {said}" in _reference(pack_pages) and _said_once(pack_pages, said)


def test_p32_moment_9_close_order_and_the_gap_are_standing_rules_in_the_turn_1_row(pack_pages):
    """Moment 9: Close order and The gap read as turn-1 notes or standing rules? Standing: each says 'all game', in the
    turn 1 row the player reads as play starts (Binding alone says 'Orders free from turn 2')."""
    setup = _setup_page(pack_pages)
    assert "Orders free from turn 2 Close order (all game): the line starts a few tenths of an inch" in setup
    assert "The gap (all game): monitors keep their column, fort side." in setup


def test_p32_moment_10_octoraras_rows_name_their_guns(pack_pages):
    """Moment 10: Octorara's card read 'as PORT, less the odd gun' and the player could not tell which guns: a side
    of another count than the port one names its own guns."""
    cards = " ".join(_card_pages(pack_pages))
    assert "PORT L +3 2 × 9-inch Dahlgren" in cards and "STBD L +3 1 × 9-inch Dahlgren · inboard" in cards
    assert "STBD M +2 3 × 32-pounder of 42 cwt" in cards and "odd gun" not in cards


def test_p33_moment_1_a_shutters_moves_worked_from_the_hits_turn(pack_pages):
    """Moment 1 (p11 Shutter, T__): the only worked example was steering's, in turns: a shutter's too, turn 1, roll 2."""
    said = "1d6 moves (two a turn): half the roll, rounded up (turn 1, roll 6: T4)"
    assert said in _reference(pack_pages) and _said_once(pack_pages, said)


def test_p33_moments_2_3_4_second_shutter_target_owner_and_a_forts_largest_gun(pack_pages):
    """Moment 2: a second shutter on the one jammed gun rolls a new duration; moment 3: 'her owner' is the target's;
    moment 4: a fort's gun lost is the front's largest first."""
    qr = _reference(pack_pages)
    for said in ("(all that bear jammed: roll again, the later T__)", "equally near: the target's owner picks)",
                 "a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: no effect)"):
        assert said in qr and _said_once(pack_pages, said), said


def test_p33_moment_5_a_holed_boiler_slows_2_kn_a_turn_and_later_speed_hits_strike(pack_pages):
    """Moment 5: Morgan's boiler 'slows 2 kn a turn' against Speed lost's 'slows to it at once': the specific rule
    wins, said in Fouled, boiler ('not at once'); a later speed hit strikes her boxes, said in Fouled, boiler."""
    qr = _reference(pack_pages)
    assert "makes her top speed 0, striking no SPEED box (later speed hits do); lashed, she is carried from the next half move (see Carried); alone, from the next turn she slows 2 knots a turn, steam pipes or not" in qr


def test_p33_moment_7_9_10_magazine_voids_the_rest_hold_and_touching_whatever_the_order(pack_pages):
    """Moment 7: hits queued behind a magazine hit are void; moment 9: a gun may hold; moment 10: a ship touching the
    stern ahead as the half move starts makes no new contact whatever speed she ordered (steam pipes)."""
    qr = _reference(pack_pages)
    for said in ("Magazine hit: blows up and sinks at once; her later hits void",
                 "a gun with one, even one no die can hit, may fire or hold (her window is spent)",
                 "Touching as it starts: no new contact, no roll, no loss"):
        assert said in qr, said



def test_p33_moment_6_a_follower_meeting_the_stern_ahead_may_avoid_it(pack_pages):
    """Moment 6: Richmond slowed mid-turn and the line behind her jammed: Richmond -1, Lackawanna and Monongahela -2
    (met fore and aft), Ossipee -1, all four without their 2nd fire ('half the Union line lost its fire in turn 2. That
    is very punishing'). The follower meeting a stern is its striker and avoids on 4+, as the text's accidental
    collisions are: said where the stern rule is, and the end-on losses only follow a contact not avoided."""
    said = ("goes no farther than that stern (the leader goes on, not stopped) to the half move's end (lashed: both); meeting it, she may avoid (4+, shooting −1: no sheer, still no farther)")
    qr = _reference(pack_pages)
    assert said in qr and _said_once(pack_pages, said)
    assert "Without a RAM order the striker avoids it on 4+ (1d6), shooting −1" in qr


def test_p33_defect_the_side_with_the_odd_broadside_gun_says_so(pack_pages):
    """Defect: Octorara's PORT 2 x 9-inch and STBD 1 read as against 'half the battery a side' and the roster's 3: the
    side holding the odd gun says of how many it is the odd one (a lashed ship's outboard, any other's starboard)."""
    cards = " ".join(_card_pages(pack_pages))
    assert "PORT L +3 2 × 9-inch Dahlgren · of 3, the odd one here" in cards
    assert "STBD M +2 3 × 32-pounder of 42 cwt · of 5, the odd one here" in cards


def test_p33_moment_11_the_gap_says_a_monitor_may_move_short_to_turn_before_the_field(pack_pages):
    """Moment 11 (p2 The gap): Manhattan, 2.5 in behind Tecumseh at 7 kn, had 'no legal order that stays out of the
    field': she has, moving fewer inches than her speed (Movement: 'or fewer at will'), said in the gap's row; the gap's
    x 59½–62½ stays under On the table, so the row keeps its three lines and the Letter plan's labels their places."""
    setup = _setup_page(pack_pages)
    assert "turn onto 045° by y 30½, writing fewer inches at need (then 1.4 in on: x 60, y 31½)" in setup
    assert "east: gap x 59½–62½ to Mobile Point" in setup


# ---------------------------------------------------------------------------------------------- play 34 moments


def test_p34_moment_1_each_gun_that_bears_throws_its_own_die(pack_pages):
    """Moment 1 (play 34, p11 Shooting; pp4-6 cards): 'guns that bear fire (1d6)', but a card row lists '2 × 15-inch
    Dahlgren': 'it never says outright "one d6 per gun" as against one per row or battery'. One die a gun."""
    assert "1st fire guns that bear fire (1d6 a gun) or hold" in _reference(pack_pages)


def test_p34_moment_2_an_arc_edge_of_exactly_45_degrees_is_ahead_or_astern(pack_pages):
    """Moment 2 (play 34, p11 Arcs): Fort Morgan 'almost exactly 45° off Brooklyn's bow'; '"within 45°" does not say
    whether the edge counts as ahead or side'. The edge is ahead (or astern), as the player ruled."""
    words = "Arcs: ahead and astern are 45° or less off her keel line, her sides the rest"
    assert words in _reference(pack_pages) and _said_once(pack_pages, "45° or less off her keel line")


def test_p34_moment_3_a_lashed_ship_fouled_mid_turn_does_not_stop_the_pair(pack_pages):
    """Moment 3 (play 34, p11 Fouled + p3 Carried): Hartford fouled in the 1st window: 'unclear whether the pair stops
    dead or moves at the carried speed ... or at the 4 kn written'. Her engines stop; the pair goes on, at the lowest
    speed it made this turn (Carried's 'Slowed, then carried'), so Hartford's pair went 2 in in the 2nd half move."""
    qr = _reference(pack_pages)
    assert "lashed, she is carried from the next half move (see Carried)" in qr
    assert "Slowed, then carried: in one turn, the pair keeps the lowest speed it made till the turn ends" in qr


def test_p34_moments_4_5_an_avoiding_ship_sheers_to_the_side_clear_of_ships(pack_pages):
    """Moments 4 and 5 (play 34, p11 Avoided): Hartford's pair 'ran onto Brooklyn's stern: the bow struck a stern, not
    a side', Octorara on Brooklyn's port side; Lackawanna's bow on Port Royal's side, Richmond beyond. She sheers to
    the side clear of ships (a pair as one, as it always moves)."""
    words = "she lies ¼ in off the side her bow struck, sheering clear of ships;"  # play 43: in fewer words
    assert words in _reference(pack_pages) and _said_once(pack_pages, words)


def test_p34_moments_6_7_a_pair_parted_by_a_sinking_fires_and_the_consort_writes_in_her_own_row(pack_pages):
    """Moments 6 and 7 (play 34, p3 Casting off, p7 log): Hartford blew up: 'whether Metacomet may fire in that turn's
    1st window', 'which "pair's speed" she then moves alone at', and the pair's move written only in the first-named
    ship's row. She may fire; she goes alone at the speed written; with the first-named sunk, the ↳ row takes it."""
    words = "the pair stays put (not stationary; may fire, but not one abandoned or struck), then each goes alone at the speed written"
    assert words.lower() in _reference(pack_pages).lower() and _said_once(pack_pages, words)
    log = next(p for p in pack_pages if "Orders log · Union" in p)
    assert "write the pair's move once, in Brooklyn's row, hers sunk or struck: the ↳ row;" in log


def test_p34_moment_8_a_bare_model_masks_as_its_length_by_beam(pack_pages):
    """Moment 8 (play 34, p11 Masking): Tennessee's line 0-3 mm off Metacomet's corner: 'Bare models are treated as
    length × beam rectangles, but only "for contact"; masking says "model or base"'. The rectangle masks too."""
    assert "no close call; a bare model or counter: her card's length × beam, in masking too)" in _reference(pack_pages)



def test_p34_defect_a_second_shutter_is_marked_by_circling_its_gun_and_writing_its_turn_by_it(pack_pages):
    """Defect (play 34, pp4-6 cards): 'a single "shutter T__" box. A second shutter on a different gun ... cannot be
    marked on the card. The same goes for knowing which gun of a multi-gun row is jammed: you must circle by hand.'
    Circling is the way (the quick reference's 'Circle its box'); the cards' key says so, and where its T goes."""
    cards = next(p for p in pack_pages if "Ship data cards" in p)
    assert "(two moves a turn; a fouled screw's over: top speed, her first SPEED box not struck); a box a gun, in the words' order: strike a gun lost's, circle a shutter's, its T by it (each jammed gun its own T;" in cards


def test_p34_defect_the_contents_gives_the_record_sheets_span(pack_pages):
    """Defect (play 34, p1): 'Record sheets page 4 (pages 4, 6 mix both sides)': 'the sheets run over pp.4–6 ... the
    page range is wrong'. The note now opens with the sheets' span."""
    # play 38: the consorts' card lines (her centre) moved Selma and Morgan onto page 5, so all three mix
    assert "Record sheets page 4 (pages 4–6 mix both sides)" in pack_pages[0]


# ---------------------------------------------------------------------------------------------- play 35 moments


def test_p35_moments_1_4_5_6_the_binding_0_kn_who_takes_the_minus_1_one_die_a_line_and_the_carried_2nd_half_move(pack_pages):
    """Play 35 (A4 pp2, 3, 11): moment 1, 'the turn-1 binding 0 kn ... does not say whether they hold place or drift';
    moment 4, 'does [Avoided a collision −1] apply to the consort?'; moment
    5, 'one line with two hulls within 3 mm'; moment 6, the carried pair's 2nd half move, 'capped at half of 4½ kn
    (2¼ in)?'. Each ruled as the player did (on p2, the AVOIDED counter, p11 and p3)."""
    qr = _reference(pack_pages)
    whole = " ".join(pack_pages)
    assert "Tennessee and gunboats wait inside the torpedo line (0 kn: holding place, not stationary" in _setup_page(pack_pages)
    assert "AVOIDED COLLISION shoots −1 this turn, not her consort" in whole
    assert "one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks it" in qr
    assert "(the 2nd: half that at most, 4½ kn: 2¼ in)" in qr


def test_p35_moment_3_a_lashed_pair_sheers_off_as_one_its_outer_hull_clear(pack_pages):
    """Moment 3 (play 35, p11 Avoided + p3 Lashed pairs): 'when the pair sheers to starboard, her port-lashed consort
    would lie inside the other hull'. The pair sheers as one, its outer hull ¼ in off, as the player ruled; said in the
    Lashed pairs row on the roster page, where p11 has no room."""
    assert "one ship at the slower's speed (avoiding, it sheers as one, the outer hull ¼ in off)" in _reference(pack_pages)


def test_p35_moment_8_a_ram_or_contact_is_any_ships_a_friends_too(pack_pages):
    """Moment 8 (play 35, p11 Contact): Tennessee met Selma: 'Do ram and avoid rules apply to a friendly ship?' Yes:
    the roster page's Ramming heading says any ship's side, not the target's."""
    qr = _reference(pack_pages)
    assert "Ramming: 1d6 + modifiers, bow into any ship's side" in qr and "bow into the target's side" not in qr


# ---------------------------------------------------------------------------------------------- play 36 moments


def _letter_pages(bundled_packs):
    return [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", "letter").path)]


def test_p36_moment_1_the_stationary_marker_is_by_order_and_the_binding_says_not_stationary(pack_pages, bundled_packs):
    """Moment 1 (p2 Binding, p10 STATIONARY, p11 Stationary): the marker's '0 kn this turn' against p11's 'a binding's
    0 kn is not'. The marker says by order, the Binding row says not stationary: one reading on three pages."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        whole = " ".join(pages)
        assert "STATIONARY 0 kn by order: her fire +1, fire at her +1" in whole and "0 kn this turn: her fire" not in whole
        assert "(0 kn: holding place, not stationary)" in _setup_page(pages)
        assert "Stationary: at 0 kn by order this turn (STATIONARY marker till it ends; not a binding's 0 kn)" in _reference(pages)


def test_p36_moments_3_to_6_an_abandoned_lashed_consort_is_cast_off_fires_no_more_is_a_target_and_drifts_then(pack_pages, bundled_packs):
    """Moments 3-6 (p3 casting off, p11 Abandoned, Fouled/boiler, Boiler's crew): the boiler's 'carried' against
    Abandoned's 'cast off first'; the parted pair's 'may fire' against 'fires no more'; a target or not; when she
    drifts. Each place now says the same."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert ("Abandoned: the crew leave: she fires no more (a target still), does not sink, scores as struck; she "
                "drifts from that turn's end (lashed: not carried; see Casting off)") in qr
        assert "1-2, the crew leave (Abandoned)." in qr
        assert "the pair stays put (not stationary; may fire, but not one abandoned or struck)" in qr
        assert "(lashed: cast off first)" not in qr


def test_p36_moments_2_8_9_12_the_forts_share_a_sinking_ships_hits_and_the_shutters_roll_and_marker(pack_pages):
    """Moment 2 (p11 Forts): must the owner give guns to ships he cannot hit? Moment 8 (Sinking): a gun hit with none
    left, a funnel. Moments 9, 12 (Shutter): a fort's gun, the 1d6 thrown late, nowhere to mark it."""
    qr = _reference(pack_pages)
    assert "its owner picking which guns fire at which ship, if any" in qr
    assert "later speed hits (a funnel, no gun left) change nothing" in qr
    assert "(as for a gun lost and Largest; a fort's too). Roll 1d6 now; circle its box, lay SHUTTER JAMMED" in qr
    assert "a gun lost is of the front facing the firer, largest first" in qr
    assert "SHUTTER JAMMED" in " ".join(p for p in pack_pages if "KN AHEAD" in p)  # the marker it names


def test_p36_moments_10_11_13_the_stern_ahead_the_close_call_die_and_the_gunboats_own_field(pack_pages, bundled_packs):
    """Moment 10 (p11 Contact): 'Avoided ... both go on' against 'goes no farther than that stern'. Moment 11: one die
    a line. Moment 13 (p3 Torpedo test, p2 Binding): the CSS in their own field test too. The title points to p3."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "meeting it, she may avoid (4+, shooting −1: no sheer, still no farther)" in qr
        assert "one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks it" in qr and "all her guns, all hulls" not in qr
        assert "one roll for each ship of either side, in her own side's field too (both of a lashed pair)" in qr
        assert "quick reference (p3: ramming, torpedoes," in " ".join(pages)


def _quick_reference_holds_its_type(bundled_packs, a4_floor: float, letter_floor: float = 6.75) -> None:
    """The Mobile Bay pack keeps its page count (A4, and Letter one more) and its quick reference's body type, read
    from the words after "Several hits:", stays above each paper's floor."""
    for paper, floor, count in (("a4", a4_floor, RS.pack_pages), ("letter", letter_floor, RS.pack_pages + 1)):
        pages, size = _quick_reference_type(str(bundled_packs.get("mobile-bay-1864", "really-simple", paper).path))
        assert pages == count
        assert size > floor, paper


@functools.lru_cache(maxsize=4)
def _quick_reference_type(path: str) -> tuple[int, float]:
    """The pack's page count and the smallest of the 28 words after the quick reference's "Several hits:" as
    pdfplumber reads their size (the page found by its title, read once a run and paper)."""
    texts = pdf_page_texts(path)
    k = next(k for k, t in enumerate(texts) if "quick reference (" in t and "Several hits:" in t)
    words = pdf_plumbed_pages(path)[k].extract_words(extra_attrs=["size"], x_tolerance=1)
    lead = next(i for i, w in enumerate(words) if w["text"] == "Several" and words[i + 1]["text"] == "hits:")
    return len(texts), min(w["size"] for w in words[lead + 2:lead + 30])


def test_p36_p11_keeps_its_type_saying_things_once(pack_pages, bundled_packs):
    """p11 at A4 7.3 pt and Letter 6.8 pt, its page counts kept: the new words paid for by saying things once."""
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.2)
    qr = _reference(pack_pages)
    assert "Tide: she drifts with the tide the set-up page gives (none given: she only swings)" in qr
    assert "see Carried" not in qr.split("The 0 box:")[1][:200]


# ---------------------------------------------------------------------------------------------- play 37 moments


def test_p37_moment_1_a_lashed_ship_fouled_is_carried_from_the_next_half_move_not_slowed(pack_pages, bundled_packs):
    """Moment 1 (p11 Fouled, boiler): 'from the next turn she slows 2 knots a turn' against 'a lashed ship stops at
    once and is carried'. One timing each: lashed, carried from the next half move (p3's From); alone, slowed."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert ("striking no SPEED box (later speed hits do); lashed, she is carried from the next half move (see "
                "Carried); alone, from the next turn she slows 2 knots a turn") in qr
        assert "stops at once and is carried" not in " ".join(pages)
        assert "From: the next half move (the 2nd: half that at most" in " ".join(pages)


def test_p37_moment_2_the_sinking_example_fits_its_dice(pack_pages, bundled_packs, ctx):
    """Moment 2 (p11 Sinking): '1d6+2 ... (turn 3, roll 3: T6)' fitted no reading of the dice. The example is worked
    from the table's dice: turn 3, die 3 is T8 with 1d6+2; a house rule's dice work their own."""
    from dataclasses import replace

    from shipyard.rules.really_simple.words import sinking_example

    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "roll 1d6+2 when she is struck past 0: this turn plus the total is her SINKS T__ (turn 3, die 3: T8)" in qr
        assert "roll 3: T6" not in qr
    assert sinking_example(ctx.tables) == "turn 3, die 3: T8"
    house = type(ctx.tables)(ctx.tables)
    house["sinking"] = replace(ctx.tables.require("sinking"), rows={"turns": "1d6"})
    assert sinking_example(house) == "turn 3, die 3: T6"


def test_p37_moments_3_4_a_sinking_ship_stopped_by_order_drifts_and_an_abandoned_lashed_one_is_cast_off(pack_pages, bundled_packs):
    """Moment 3 (p11): a ship at 0 kn by order struck past 0: she drifts from this turn's end. Moment 4 (p3, p11): a
    lashed ship abandoned is 'neither carried nor drifting': the pair casts off with no order, and she then drifts."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr, whole = _reference(pages), " ".join(pages)
        assert "till then, no way on: she drifts from this turn's end (lashed: carried)" in qr
        assert "no 2nd half move; she drifts as the turn ends (stopped by order too)" in qr
        assert "scores as struck; she drifts from that turn's end (lashed: not carried; see Casting off)" in qr
        assert "1-2, the crew leave (Abandoned)." in qr and "(Abandoned, not carried)" not in qr
        assert ("Casting off (ordered CAST OFF, or, with no order, one sunk, struck or abandoned) takes the next half "
                "move") in whole
        assert "then each goes alone at the speed written (one abandoned or struck drifts from that turn's end, not carried)" in whole
        setup = _setup_page(pages)
        assert "how a pair is carried when one loses all speed, and how it casts off: quick reference, Lashed pairs" in setup
        assert "Casting off takes a whole move" not in setup and "quick reference: Carried" not in setup


def test_p37_moments_5_6_7_the_stern_avoid_the_binding_window_and_contact_measured(pack_pages, bundled_packs):
    """Moment 5 (p11): an avoid at a stern: sheer or not? No sheer, still no farther. Moment 6 (p2): the binding's
    F2: unordered, the usual 1st window (the sequence's 1st fire row). Moment 7 (p11 Contact): hulls 0.01 in apart: measured, no close call."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "meeting it, she may avoid (4+, shooting −1: no sheer, still no farther)" in qr
        assert "ships meet in the first quarter their models touch (measured, no close call;" in qr
        assert "one window a turn, a binding's too: the 1st if any can, held or not, unless F2" in qr


def test_p37_defects_the_fort_hit_pointer_the_gap_run_and_the_model_size_kept_with_its_word(pack_pages, bundled_packs):
    """Defects: '2-3 Lose a gun' with no word of a fort's 2 only; the gap's '(from y 30½: x 60 at y 31½)' read as a
    1 in run; 'model' and '2.3×0.4in' wrapping apart on a card."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        # play 43, moment 10: the pointer now says the rolls that count on a fort (test_p43_moment_10_...)
        assert "On a hit, roll 1d6 (a fort: only 2, 6; 2d6 6, 11 count)" in _reference(pages)
        assert "turn onto 045° by y 30½, writing fewer inches at need (then 1.4 in on: x 60, y 31½)" in _setup_page(pages)
    cards = " ".join(_card_pages(pack_pages))
    assert "Sidewheel gunboat · Octorara class · USN · model\u00a01.9×0.3in" in cards or \
        "Sidewheel gunboat · Octorara class · USN · model 1.9×0.3in" in cards


def test_p37_p11_keeps_its_type_and_the_pages_their_count(bundled_packs):
    """p11 at A4 7.3 pt (> 7.2) and Letter 6.8 (> 6.75), 11 and 12 pages: play 37's words paid for by saying things
    once (Speed lost's stopped-by-order kept there, the funnel's 'does not sink her' left to 'never past 0', a list
    the same way left to Twice)."""
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.25)


# ---------------------------------------------------------------------------------------------- play 38


def test_p38_moment_11_the_torpedo_line_points_to_the_quick_reference_not_her_rule_set(pack_pages, bundled_packs):
    """Moment 11 (p2 The torpedo line against p3 Torpedoes (mines)): the set-up said 'tests as her rule set says',
    the roster page gave the test as 'ours': two sources for one rule. The set-up now names the part that holds it."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "tests as the quick reference's Torpedoes (mines) says;" in setup
        assert "as her rule set says" not in setup
        assert "Torpedoes (mines)" in _reference(pages)


def test_p38_moment_3_a_fort_gun_on_a_masked_ship_is_held(pack_pages, bundled_packs):
    """Moment 3 (p11 Targets): a masked ship's window 'passes to the 2nd', but a fort has one window only. A fort's
    gun with no unmasked target is held (and a held fort gun fires no more this turn)."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "with none, her window passes to the 2nd (a fort's gun: held);" in qr
        assert "one window only: a gun held fires no more this turn" in qr


def test_p38_moment_1_a_consorts_card_gives_her_centre_off_her_sloops(pack_pages, bundled_packs):
    """Moment 1 (p3 Lashed pairs: 'centres abeam'): where the consort's centre sits was not printed; the player worked
    0.35 in from the cards' beams. Each consort's card line gives it: half the two models' beams, to the named side."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        cards = " ".join(_card_pages(pages))
        for sloop in ("Brooklyn", "Hartford", "Richmond", "Lackawanna", "Monongahela", "Ossipee", "Oneida"):
            assert f"0.35 in to port of {sloop}'s" in cards, sloop  # a line's two halves may read apart (two columns)
        assert cards.count("(see Carried); her") == 7


def test_p38_moments_7_9_no_gun_left_a_gun_hit_is_half_a_knot_no_shutter_and_sinking_need_not_strike(pack_pages, bundled_packs):
    """Moment 7 (p11): a gun lost or a shutter jammed on a ship with no gun left: read as a 1 (½ kn); the shutter does
    nothing. Moment 9 (p11 Striking colours): sinking with no gun, must she strike? No: sinking, gunless or not."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "with none left, read as a 1 (lose ½ knot)" in qr
        assert "No gun left bears on the firer: no effect." in qr
        assert "(not stopped by order, nor carried, nor sinking, even gunless) with no gun able to fire" in qr


# ---------------------------------------------------------------------------------------------- play 39 moments
def test_p39_moment_1_a_forts_guns_over_the_shares_are_held_not_doubled(pack_pages, bundled_packs):
    """Moment 1 (p11 Forts): five unmasked ships took 15 of the channel front's 20 guns; may the spare five double up on
    a ship at her share? No: 'at most' caps each ship, the guns over are held (spent)."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert "to bear on any one ship, at most (guns over: held), its owner picking which guns fire" in _reference(pages)


def test_p39_moment_3_a_cast_off_with_no_order_stays_put_the_next_half_move(pack_pages, bundled_packs):
    """Moment 3 (p3 'takes the next half move' against p7 'the 1st ½ both stay put'): Brooklyn blown up in the 1st
    fire. The orders log names the unordered case (the half move after the loss: the 2nd), the PARTED marker 'next'."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        logs = [p for p in pages if "Orders log · Union" in p]
        assert logs and all("one sunk, struck or abandoned parts them unordered: both stay put the next ½ (lost in the "
                            "1st fire, the 2nd))." in p for p in logs)
        assert "takes the next half move: the pair stays put" in _reference(pages)
        counters = " ".join(p for p in pages if "KN AHEAD" in p)
        assert "PARTED pair stays put the next half move, then each alone" in counters
        assert "stays put a half move" not in counters


def test_p39_moment_4_the_jam_row_is_the_quarters_stops_found_from_the_head_back(pack_pages, bundled_packs):
    """Moment 4 (p11 Contact's quarters against p8's 'from its head back'): one rule, the row its quick way; either
    bow of a staggered pair on the stern ahead stops the pair, and each meeting rolls to avoid."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        said = _readings(pages)
        assert ("Jammed line the quarters' stops, the quick way: from the column's head back" in said)
        assert "a pair meets as one ship: either bow on the stern ahead stops both, one avoid roll" in said


def test_p39_moments_5_7_9_a_contacts_knot_a_shutters_moves_and_guns_alike(pack_pages, bundled_packs):
    """Moment 5 (p11 Contact): 'met fore and aft' for a ship avoided at her bow, end-on at her stern: the knot is an
    end-on contact's, an avoided one costs none. Moment 7 (T__): '1d6 moves' read against 'two moves a turn'. Moment 9
    (Largest): a 100-pdr and a 30-pdr, both MR: alike, any bore, the owner picks."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "lose 1 knot each (2 SPEED boxes) a contact (avoided: none; met at both ends: 2)." in qr
        assert "met fore and aft" not in qr
        assert "1d6 moves (two a turn): half the roll, rounded up (turn 1, roll 6: T4)" in qr
        assert "a move is a half move" not in qr
        assert "of guns alike (any bore), the owner picks the box" in qr


def test_p39_moment_6_orders_stand_as_written_the_binding_too(pack_pages, bundled_packs):
    """Moment 6 (p2 Binding, 'none turning'): may a bound ship react to a stopped ship ahead? No: orders are written
    before the move and stand; contact stops her. Said in both orders logs, where orders are written."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        logs = [p for p in pages if "Orders log" in p and "Write in the 1st ½ cell" in p]
        assert len(logs) == 2
        assert all("Orders stand as written, turn 1's binding too: none changes mid-move (contact stops her)." in p
                   for p in logs)


def test_p39_moment_8_a_line_the_eye_cannot_call_is_a_close_call(pack_pages, bundled_packs):
    """Moment 8 (p11 line of fire): nearly every line in close column ran within 3 mm of a hull; the player measured
    each with a script. A line the players cannot call by eye is a close call: one die, no measuring."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert ("too close to call (the edge 3 mm or less off her outline, over it or clear, or in doubt): one 1d6 for "
                "the line") in _reference(pages)


def test_p39_defects_enough_end_on_contact_markers_and_p11_keeps_its_type(pack_pages, bundled_packs):
    """Defects (p10): one jam used 5 of 8 END-ON CONTACT. Nine now (one for every 2.5 ships), SUNK keeping its 7;
    p11 keeps A4 7.3 pt and Letter 6.8 pt and the page counts."""
    counters = " ".join(p for p in pack_pages if "KN AHEAD" in p)
    assert counters.count("END-ON CONTACT skips her next fire") >= 9
    assert counters.count("SUNK gone down") >= 7
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.25)


# ---------------------------------------------------------------------------------------------- play 40 (rs25)


def test_p40_moment_5_a_bow_on_a_stern_is_one_contact_one_knot(pack_pages, bundled_packs):
    """Moment 5 (p11 Contact): 'fore and aft: 2 knots' was read as a bow meeting the stern ahead, and four ships of
    the jam lost 2 knots each. A bow on a stern is one end-on contact, 1 knot to each; only a ship met at both her
    ends loses 2."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "a contact (avoided: none; met at both ends: 2)." in qr
        assert "fore and aft: 2 knots" not in qr


def test_p40_moment_1_a_box_a_gun_in_the_order_of_the_words(pack_pages, bundled_packs):
    """Moment 1 (p4-p6 cards, p11 'the owner picks the box'): reading the text, the player found no per-gun box on a
    mixed row (Hartford's PIVOT MR, two 100-pdrs and a 30-pdr). Each row has a box a gun in its words' order; the key
    atop every card page says so, and what a loss and a shutter do to it."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        keys = [_cards_key(p) for p in pages if "Ship data cards" in p]
        assert keys and all("a box a gun, in the words' order: strike a gun lost's, circle a "
                            "shutter's, its T by it (each jammed gun its own T;" in k for k in keys)


def test_p40_moment_8_a_fouled_screw_ends_at_her_first_box_not_struck(pack_pages, bundled_packs):
    """Moment 8 (p11 Fouled, the cards' screw fouled T__): Richmond's fouled screw ended and her top speed was worked
    out from The 0 box. Said in the key atop the card pages, by the T__ it ends at: her first SPEED box not struck."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        keys = [_cards_key(p) for p in pages if "Ship data cards" in p]
        assert keys and all("a fouled screw's over: top speed, her first SPEED box not struck" in k for k in keys)


def test_p40_defect_monitors_and_forts_said_on_the_readings_page(pack_pages, bundled_packs):
    """Defect (p3, p11): armour 9 under way is beyond every fort gun (+3 at most needs 7+) past point blank; the
    player wondered if a rule was missing. The readings page says it is the numbers' consequence; p11 keeps its
    type and the page counts hold."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        said = " ".join(_readings(pages).split())
        # play 43, moment 4: the consequence is now a reading of its own, Heavy shot (test_p43_moment_4_...)
        assert "Heavy shot a Large gun's 6 hits any armour within 6 in the total alone" in said
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.25)


# ---------------------------------------------------------------------------------------------- play 41 (rs26)


def test_p41_moment_1_a_jammed_gun_is_lost_after_every_able_gun_bearing_or_not(pack_pages, bundled_packs):
    """Moment 1 (p11 A gun lost): Morgan's only gun bearing on Hartford was her jammed pivot; 'after all that can'
    read as the guns that bear or any gun aboard? Any able gun, bearing or not, as the player ruled."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "a gun unable to fire (jammed, listed) after every gun that can, bearing or not; (4) a lashed ship's" in qr
        assert _said_once(pages, "after every gun that can, bearing or not")
        assert "A jammed gun lost quick reference jammed but bearing, before guns not bearing" in _readings(pages)


def test_p41_moment_1_the_bearing_reading_is_a_house_rule_that_reaches_the_words(ctx):
    """Moment 1's other reading (the able guns that bear first, then a jammed one that bears) is the jammed_gun
    option: switched, the gun-lost words follow it."""
    from dataclasses import replace

    from shipyard.rules.really_simple.words import reading

    assert "after every gun that can, bearing or not" in reading(ctx.tables, "Which gun is lost")
    house = type(ctx.tables)(ctx.tables)
    house["jammed_gun"] = replace(ctx.tables.require("jammed_gun"), rows={"after": "bearing"})
    said = reading(house, "Which gun is lost")
    assert "(2) a gun unable to fire (jammed, listed) after every gun that can and bears (it bears too); (3) else her" in said
    assert "bearing or not" not in said


def test_p41_moment_2_a_fort_on_fire_shoots_at_minus_1_as_a_ship(pack_pages, bundled_packs):
    """Moment 2 (p11 Forts (ours) against the modifiers' 'Firer on fire'): Forts listed only the missing +1. A fort on
    fire takes the −1, said in its own paragraph beside the +1 it does not take."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert "else the 2nd, not as a stationary firer (no +1), on fire −1; as a target it is never end-on" in _reference(pages)


def test_p41_moments_3_4_a_ship_at_0_by_order_or_the_binding_fouled_or_holed_drifts_from_the_next_turn(pack_pages, bundled_packs):
    """Moments 3 and 4 (p11 Fouled, boiler; p2 binding): Selma holed at the binding's 0 kn, Tennessee fouled at 0 kn
    by order: 'at 0 already'? Both: she drifts from the next turn (drifting, a stationary target still)."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "one at 0 already (by order or binding) drifts from the next turn." in qr
        assert "at 0 kn by order this turn (STATIONARY marker till it ends; not a binding's 0 kn), drifting, anchored or aground" in qr


def test_p41_moment_5_a_speed_written_with_0_inches_is_her_speed_not_a_stop(pack_pages, bundled_packs):
    """Moment 5 (p7, p11 Speed this turn): Brooklyn, jammed, wrote 4 kn and moved 0 in. Allowed: the inches are
    hers to write, 0 too; only 0 kn is stationary. Said where she moves and where she writes it."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        said = "whatever inches she writes (0 too), and only 0 kn is stationary"
        assert said in _reference(pages)
        logs = [p for p in pages if "Orders log ·" in p and "Write in the 1st ½ cell" in p]
        assert len(logs) == 2 and all(said in p for p in logs)


def test_p41_moment_6_one_close_call_die_for_all_the_hulls_a_line_grazes(pack_pages, bundled_packs):
    """Moment 6 (p11 Targets): a line within 3 mm of three hulls: one roll or three? One for the line, all it grazes."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert "one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks it" in _reference(pages)


def test_p41_moments_7_8_a_forts_nearest_firer_from_its_place_and_its_shutter_box_the_owners(pack_pages, bundled_packs):
    """Moment 7 (p11 Several hits): nearest firer first, a fort's measured from where? Its place. Moment 8 (p11
    Shutter, p6): Fort Morgan's six alike columbiad boxes: which jams? As a gun lost, Largest's rule: the owner picks."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "each hit, the nearest firer's first (a fort: its place; equally near: the target's owner picks)" in qr
        assert "is the largest that bears on her (as for a gun lost and Largest; a fort's too)" in qr
        assert "of guns alike (any bore), the owner picks the box" in qr


def test_p41_moments_9_10_the_binding_f2_is_the_ships_and_the_gap_is_clear_for_any_ship(pack_pages, bundled_packs):
    """Moment 9 (p2 Binding 'all may order F2'): forts write no orders: the ships may. Moment 10 (p2 The gap): written
    for the monitors; may a wooden pair take it? Yes: the gap is clear for any ship (Farragut's orders: east of the
    buoy)."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "(0 kn: holding place, not stationary); ships (not forts) may order F2. Orders free from turn 2" in setup
        assert "all may order F2" not in setup
        assert "the gap east of the red buoy is clear for any ship, wooden line after monitors;" in setup


def test_p41_moment_11_fire_boxes_struck_stay_struck_for_a_new_fire(pack_pages, bundled_packs):
    """Moment 11 (p11 FIRE, p6 four FIRE boxes): Fort Morgan's fire out with 2 boxes struck: do they count if another
    starts? Yes: struck ones stay, and a new fire strikes on from them."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert ("FIRE: at the end of each turn roll 1d6: 5+ puts it out, else strike a FIRE box (none as it starts; "
                "struck ones stay, a new fire too).") in _reference(pages)


def test_p41_moment_12_a_gunless_ship_stopped_by_order_waits_and_a_club_may_make_her_strike(pack_pages, bundled_packs, ctx):
    """Moment 12 (p11 Striking colours): Gaines gunless, stopped by order, never has to strike. The pack's reading
    (her engines are sound: she may run) is kept; the readings page offers the other, a house-rules option."""
    from dataclasses import replace

    from shipyard.rules.really_simple.words import reading

    for pages in (pack_pages, _letter_pages(bundled_packs)):
        assert "if drifting or aground (not stopped by order, nor carried, nor sinking, even gunless)" in _reference(pages)
        assert "Striking colours quick reference gunless, stopped by order, she strikes too" in _readings(pages)
    house = type(ctx.tables)(ctx.tables)
    house["strike_gunless"] = replace(ctx.tables.require("strike_gunless"), rows={"stopped": "strikes"})
    assert "(not carried, nor sinking; stopped by order too) with no gun able to fire" in reading(house, "Striking colours")
    assert "even gunless" not in reading(house, "Striking colours")


def test_p41_p11_keeps_its_type_and_the_pages_their_count(bundled_packs):
    """p11 at A4 7.3 pt (> 7.25) and Letter 6.8 (> 6.75), 11 and 12 pages: play 41's words paid for by saying things
    once (the gun sizes left to the needs table's rows, the inboard guns' 'count as not bearing' to 'as if none bore')."""
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.25)


def test_p41_defect_a_6s_special_effect_is_thrown_at_once(pack_pages, bundled_packs):
    """Defect (p11 hit effects): in turn 1's first window the player threw every 1d6 effect first and the 2d6
    specials after. The 1d6 table's row for a 6 now says the 2d6 is thrown at once, where the 6 is read."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "6 Special effect: 2d6 at once" in qr and "Special effect: roll 2d6" not in qr
        assert "rolls its own effect (1d6, a 6 then 2d6), marked before the next is rolled" in qr


def test_p41_defect_fort_morgans_8in_columbiad_is_medium_on_the_set_up_as_on_its_card(pack_pages, bundled_packs):
    """Defect (p2 against p6 and p3): the set-up grouped the 8-in with the '10in and 8in columbiads' while the card and
    roster rate it M +2 (the text's Large is over 8 in). The set-up's fronts now give each its class."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        setup = _setup_page(pages)
        assert "Channel (170–330°): 6 10in columbiads (L), 1 8in (M), 5 rifles, 8 32-pdrs" in setup
        assert "10in and 1 8in columbiads" not in setup
        cards = " ".join(p for p in pages if "Ship data cards" in p)
        assert "M +2 1 × 8-inch columbiad; 8 × 32-pounder" in cards


def test_p41_defect_p11s_title_names_every_part_the_roster_page_took(pack_pages, bundled_packs):
    """Defect (p3 and p11): two places for the quick reference, and p11's title named only torpedoes and ramming on
    p3, where shoals and lashed pairs (Letter: shoals and the forts) were printed too. The title names each part the
    roster page took, read from the roster page itself."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        roster = next(p for p in pages if reference.ROSTER_HEADING in p)
        named = {"Ramming:": "ramming", "Torpedoes (mines)": "torpedoes", "Shoals": "shoals",
                 "Lashed pairs:": "lashed pairs", "Forts (ours):": "forts"}
        on_p3 = [name for lead, name in named.items() if lead in roster]
        assert len(on_p3) >= 3
        assert f"Really Simple · quick reference (p3: {', '.join(on_p3)})" in " ".join(pages)
    assert "lashed pairs)" in " ".join(pack_pages) and "forts)" in " ".join(_letter_pages(bundled_packs))


# ---------------------------------------------------------------------------------------------- play 42 (rs27)


def _both_papers(pack_pages, bundled_packs):
    return (pack_pages, _letter_pages(bundled_packs))


def test_p42_moment_1_one_close_call_die_serves_the_line_both_ways_this_window_only(pack_pages, bundled_packs):
    """Moment 1 (p11 Targets): Fort Morgan and Monongahela fired down one grazing line in one window; one throw or
    two, and does it last into the 2nd window? One, used both ways, for this window only (the player's ruling)."""
    for pages in _both_papers(pack_pages, bundled_packs):
        qr = _reference(pages)
        assert ("one 1d6 for the line (not a gun, not a hull: one for all it grazes, both ways, this window), 4+ masks "
                "it") in qr
        assert qr.count("both ways, this window") == 1


def test_p42_moment_2_a_bow_on_the_stern_ahead_has_its_avoid_roll_and_p2_points_to_a_heading_that_exists(
        pack_pages, bundled_packs):
    """Moment 2 (p11 Contact, p2 Close order): end-on contact said 'no avoid roll' two lines before the stern clause's
    'may avoid (4+)', and p2 sent the reader to a 'Collisions' heading p11 does not have. End-on contact no longer
    says it; the stern clause keeps its roll; p2 names p11's Contact, and p11 has that lead."""
    for pages in _both_papers(pack_pages, bundled_packs):
        qr, setup = _reference(pages), _setup_page(pages)
        assert "no avoid roll" not in qr
        assert "side to side or end to end is end-on contact: no ram, no striker, and each misses the next window" in qr
        assert "meeting it, she may avoid (4+, shooting −1: no sheer, still no farther)" in qr
        assert "(4+ avoids, else end-on: p11 Contact)" in setup and "Collisions)" not in setup
        assert "Contact: step each half move off in quarters" in qr


def test_p42_moments_3_and_9_at_a_stern_ahead_the_leader_goes_on_and_the_follower_no_farther(pack_pages, bundled_packs):
    """Moment 3: 'Rammed or not avoided: both stop there' against 'goes no farther than that stern': does the leader
    stop? No: the stern clause says the leader goes on. Moment 9: Brooklyn slowed in the 1st fire with Hartford on her
    stern: Hartford goes no farther than that stern (her written inches cut), touching as it starts: no new roll."""
    for pages in _both_papers(pack_pages, bundled_packs):
        qr = _reference(pages)
        assert ("a bow that meets the stern of a ship ahead (or touches it as the half move starts) goes no farther "
                "than that stern (the leader goes on, not stopped) to the half move's end (lashed: both)") in qr
        assert "Touching as it starts: no new contact, no roll, no loss" in qr


def test_p42_moment_4_silenced_is_every_gun_of_the_first_front_not_the_share_and_p2_says_20(pack_pages, bundled_packs):
    """Moment 4 (p11 Silenced, card '3 of 20', p2): read literally, 'every gun of its card's first ON ONE SHIP box'
    meant the 3. Now every gun of the card's first front, all, not a share; p2 says all 20 channel guns, and the
    card's channel box still reads 3 of 20."""
    for pages in _both_papers(pack_pages, bundled_packs):
        qr, setup = _reference(pages), _setup_page(pages)
        assert ("Silenced: a fort is silenced when every gun of its card's first front is struck (all, not a share; no "
                "sector: all its guns), or abandoned") in qr
        assert "first ON ONE SHIP box is struck" not in qr
        assert "Silenced (+4): all 20 channel guns struck; other fronts fire on." in setup
        assert "3 of 20" in " ".join(p for p in pages if "Ship data cards" in p)


def test_p42_moment_5_a_forts_jammed_gun_is_lost_last_as_a_ships(pack_pages, bundled_packs, tmp_path):
    """Moment 5 (p11 Forts): the fort's gun lost was silent about jammed guns. Now: of the front facing the firer,
    largest first, a jammed one last, on both papers, and in the other fort_gun_lost reading too."""
    for pages in _both_papers(pack_pages, bundled_packs):
        assert ("a gun lost is of the front facing the firer, largest first, a jammed one last (none left there: no "
                "effect)") in _reference(pages)
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_gun_lost: {rows: {from: any}}\n", "--no", "sheets",
                            "--jobs", "1")
    assert "largest first, a jammed one last (none left there: its largest)" in text


def test_p42_moment_6_each_jammed_gun_keeps_its_own_t_and_a_second_effect_writes_the_later_over(pack_pages, bundled_packs):
    """Moment 6 (cards p4-6): Fort Morgan's three shutters (T3, T5, T6) and Brooklyn's two helmsman hits, one T box
    each. The key atop every card page: each jammed gun its own T by its box, the shutter box for any shutter still
    lasting, and a second helmsman, steering or screw writes the later T over the first."""
    for pages in _both_papers(pack_pages, bundled_packs):
        keys = [_cards_key(p) for p in pages if "Ship data cards" in p]
        assert len(keys) >= 3
        assert all("circle a shutter's, its T by it (each jammed gun its own T; the shutter box: any still "
                   "lasting). Again (a helmsman, steering, screw): the later T over the first." in k for k in keys)


def test_p42_moments_7_and_8_the_orders_log_says_drift_and_measuring_before_writing(pack_pages, bundled_packs):
    """Moment 7 (p7/p8): no notation for a ship with no way on: write drift. Moment 8: may a player measure before
    writing a turn that might swing into a friend? Yes, at will; and a turn stopped by a hull keeps the heading it
    reached (p11 Turns). Both logs, both papers."""
    for pages in _both_papers(pack_pages, bundled_packs):
        logs = [p for p in pages if "Orders log · " in p and "Write in the 1st ½ cell" in p]
        assert len(logs) == 2
        for log in logs:
            assert "Measure at will before writing. Orders stand as written" in log
            assert "No way on (drifting, sinking): write drift." in log
        assert ("a turn stops where her hull meets another ship, on the heading reached (touching one already: no "
                "turn)") in _reference(pages)


def test_p42_moment_10_a_game_stopped_for_good_is_scored_at_that_turns_end(pack_pages, bundled_packs):
    """Moment 10 (p1, p2 Scores): p1 lets an evening stop after any turn, the points count 'at the end'. The turn
    track, where the turn is struck, says a game stopped for good is scored then; the page keeps its count."""
    for pages in _both_papers(pack_pages, bundled_packs):
        qr = _reference(pages)
        assert "Turn track: strike each turn as it ends (stopped for good: score it then) TURN 1 2 3" in qr
        named = _readings(pages)
        assert "Stopped early" in named[named.index("Said in full on the quick reference"):]


def test_p42_p11_keeps_its_type_and_the_pages_their_count(bundled_packs):
    """p11 at A4 7.3 pt (> 7.25) and Letter 6.8 (> 6.75), 11 and 12 pages: play 42's words paid for by Several hits'
    'all rolled first' (phase 3 says it) and the knot line's pointer to Speed this turn."""
    _quick_reference_holds_its_type(bundled_packs, a4_floor=7.25)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_defect_a_forts_idle_guns_are_counted_by_class_not_named_in_full(bundled_packs, paper):
    """Defect (p6): Fort Gaines's 25 guns that bear on no ship were named in full, four lines no player uses. The
    card now counts them by class as the roster does, and the roster's whole battery still adds up (2 L fire)."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", paper).path)]
    cards = " ".join(p for p in pages if "Ship data cards" in p)
    assert "NO SECTOR on the plan, no part in play: 25 guns (1 L · 4 MR · 20 M)" in cards
    assert "NO SECTOR on the plan, no part in play: 4 guns (4 M)" in cards
    assert "12 × 32-pounder" not in cards and "8 × 24-pounder gun" not in cards
    roster = next(p for p in pages if "Ship or fort" in p)
    assert "Fort Gaines 7 fort – – – 3 L · 4 MR · 20 M" in roster


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_p42_defect_a_fort_that_plays_no_part_has_no_roster_row(bundled_packs, paper):
    """Defect (p3): Fort Powell had a roster row, armour and guns, above the line saying she plays no part. The line
    alone names her now; the forts in play keep their rows."""
    pages = [_flat(p) for p in pdf_page_texts(bundled_packs.get("mobile-bay-1864", "really-simple", paper).path)]
    roster = next(p for p in pages if "Ship or fort" in p)
    assert roster.count("Fort Powell") == 1
    assert "Plays no part (not on the plan: no card, no counter): Fort Powell." in roster
    assert "3 LR · 1 L · 1 MR · 1 M" not in roster
    assert "Fort Gaines 7 fort – – – 3 L · 4 MR · 20 M" in roster and "Fort Morgan water battery 8 fort" in roster


def test_p42_defect_the_readings_read_in_full_come_before_those_that_point_to_the_quick_reference(pack_pages,
                                                                                                  bundled_packs):
    """Defect (p8): most rows of What the text leaves open just say 'quick reference', and the useful ones (the jam,
    Measured from, Speed change, Wooden ship, Monitors and forts) were buried among them. They come first now, the
    pointing rows after them, the named ones last."""
    for pages in _both_papers(pack_pages, bundled_packs):
        page = _readings(pages)
        table = page[page.index("This pack plays"):]
        first_pointer = table.index(" quick reference ")
        for lead in ("Jammed line", "Measured from set-up places", "Speed change the speed ordered",
                     "all but a monitor or an ironclad", "Heavy shot a Large gun's 6"):
            assert lead in table and table.index(lead) < first_pointer, lead
        assert table.index("Silenced quick reference") < table.index("Said in full on the")


def test_p43_moment_1_p11_and_the_set_up_say_one_thing_a_bindings_0_kn_is_not_stationary(pack_pages, bundled_packs):
    """Play 43, moment 1 (p2 Binding '0 kn: holding place, not stationary' against p11 Stationary, read as 'a
    binding's 0 kn is too'): p11 now says it in the set-up's own words, stationary only at 0 kn by order."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert ("Stationary: at 0 kn by order this turn (STATIONARY marker till it ends; not a binding's 0 kn), "
                "drifting, anchored or aground.") in qr
        assert "(0 kn: holding place, not stationary)" in _setup_page(pages)
        assert "a binding's 0 kn is not)" not in " ".join(pages)


def test_p43_moment_2_the_roster_says_a_fort_scores_only_where_scores_names_it(pack_pages, bundled_packs):
    """Play 43, moment 2 (p3 'each fort ... its own ... silencing and score' against p2 Scores, Fort Morgan alone):
    the roster now says a fort scores only if the Scores table names it, on its own card alone."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        said = ("Each fort above, a water battery too, is a unit of its own: its own card, its own ON ONE SHIP share, "
                "silenced on its own. Silencing one scores only where Scores names it.")
        assert said in " ".join(pages) and "silencing and score" not in " ".join(pages)
        scores = _setup_page(pages)
        assert "Fort Morgan: silenced (her own sheet) +4" in scores and "water battery: silenced" not in scores


def test_p43_moment_7_the_1st_fire_row_says_a_turn_as_the_1st_half_ends_bars_it(pack_pages, bundled_packs):
    """Play 43, moment 7 (p11 sequence): does a turn ordered for the 2nd half's end bar the 1st fire? No: the 1st
    fire row now says a turn as the 1st half ends bars it, not the 2nd's, as the 2nd fire row says for its own."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        qr = _reference(pages)
        assert "unless F2; a turn as the 1st half ends bars it ships not turning, forts" in qr
        assert "2nd fire as the 1st; a turn as the 2nd half ends bars it, not the 1st's (no F2 needed)" in qr


def test_p43_moment_6_a_lashed_consorts_steam_pipes_bind_the_pair(pack_pages, bundled_packs):
    """Play 43, moment 6 (p3 Lashed pairs, p11 special 7): a consort's steam pipes? The pair moves at one speed, so
    either's steam pipes bind the pair's orders to 1 kn a turn: said beside the steering line."""
    for pages in (pack_pages, _letter_pages(bundled_packs)):
        said = ("her steering or helmsman hit holds the pair, her consort's does nothing; either's steam pipes bind "
                "the pair.")
        assert sum(p.count(said) for p in pages) == 1


def test_p43_the_quick_reference_keeps_its_type(bundled_packs):
    _quick_reference_holds_its_type(bundled_packs, 7.25, 6.75)


# ---------------------------------------------------------------------------------------------- play 43 (rs29)


def test_p43_defect_the_scale_sentence_gives_the_tables_inch_in_yards_first(pack_pages, bundled_packs):
    """Defect (p2): 'the ground is three times the models' scale, whose inch is 33 yd' was a riddle. The sentence
    now opens with what a player measures, 1 in on the table = 100 yd (the rule set's ground yards), on both papers;
    the calibration bar says which edge is 100 mm and which 4 in."""
    for pages in _both_papers(pack_pages, bundled_packs):
        setup = _setup_page(pages)
        assert f"(1 in on the table = {RS.ground_yards['1/1200']:.0f} yd, but a model's 1 in = 33 yd: ships are" in setup
        assert "whose inch is" not in setup
        joined = " ".join(pages)
        assert "this bar must measure 100 mm on its upper edge, 4 in on its lower" in joined
        assert "(the lower: 4 in, 101.6 mm)" not in joined


def test_p43_moment_9_the_gap_says_when_the_monitors_come_back_to_000_and_that_the_wooden_line_may_follow(
        pack_pages, bundled_packs):
    """Moment 9 (p2 The gap): 045° from the gap runs onto Mobile Point about 2 in on, and nothing said when to come
    back to 000° nor whether the wooden line may follow. The torpedo line's rule says both: past the field's north
    edge (y 34, x 62½, from the plan's own numbers: 2½ in on 045° from x 60, y 31½) back onto 000°, clear of the
    point; the wooden line follows the monitors through. The Letter plan keeps its size (its labels need no leaders)."""
    for pages in _both_papers(pack_pages, bundled_packs):
        setup = _setup_page(pages)
        assert "the gap east of the red buoy is clear for any ship, wooden line after monitors;" in setup
        assert "on 045° from it, past y 34 (x 62½) back onto 000°, clear of the point." in setup
        assert "Torpedo line: x 30–59½, y 31½–34" in setup  # the y 34 named is the field's own north edge


def test_p43_defect_p1_and_p2_agree_that_every_ship_lost_scores_alike(pack_pages, bundled_packs):
    """Defect (p1 against p2 Scores): p1 said 'losing a ship to the torpedoes or the forts costs points', while p2
    scores every sunk Union ship the same whatever sank her. p1 now says every ship lost costs points, whatever the
    cause, as p2's rows (one per kind of ship, no cause named) score it."""
    for pages in _both_papers(pack_pages, bundled_packs):
        cover = " ".join(pages[0].split())
        assert "Every ship lost costs points, to torpedoes, forts or ships alike;" in cover
        assert "to the torpedoes or the forts costs points" not in cover
        setup = _setup_page(pages)
        assert "Confederate each Union wooden ship sunk or struck +4" in setup and "by torpedo" not in setup


def test_p43_moment_8_the_gun_lost_order_is_numbered_steps_the_first_there_is_goes(pack_pages, bundled_packs, ctx):
    """Moment 8 (p11 A gun lost): 'if none bears, her largest ... a gun unable to fire ... after every gun that can,
    bearing or not ... inboard after all others' had to be read three times. It is now numbered steps, the first
    there is goes: (1) able and bearing, (2) her largest able, (3) unable to fire, (4) inboard; the house rules
    (gun_lost, jammed_gun) renumber the same steps."""
    from dataclasses import replace

    from shipyard.rules.really_simple.words import reading

    for pages in _both_papers(pack_pages, bundled_packs):
        qr = _reference(pages)
        lost = qr.index("A gun lost:")
        steps = [qr.index(f"({k}) ", lost) for k in range(1, 5)]
        assert steps == sorted(steps) and "(5) " not in qr[steps[0]:steps[0] + 600]
        assert ("A gun lost: the hit takes the first there is of: (1) the largest able gun that bears "
                "on the firer; (2) else her largest able gun; (3) a gun unable to fire (jammed, listed)") in qr
        assert "if none bears, her largest" not in qr
    house = type(ctx.tables)(ctx.tables)
    house["jammed_gun"] = replace(ctx.tables.require("jammed_gun"), rows={"after": "bearing"})
    house["gun_lost"] = replace(ctx.tables.require("gun_lost"), rows={"choose": "owner"})
    said = reading(house, "Which gun is lost")
    assert ("(1) any able gun that bears on the firer, the owner's choice; (2) a gun unable to fire (jammed, listed) "
            "after every gun that can and bears (it bears too); (3) else any able gun; (4) else any other unable to "
            "fire (jammed, listed); (5) a lashed ship's inboard gun after all others") in said


def test_p43_moment_10_the_hit_tables_heading_says_which_rolls_do_anything_to_a_fort(pack_pages, bundled_packs, ctx,
                                                                                    mobile_bay):
    """Moment 10 (p11 'On a hit', p6 fort cards): what a fort ignores (a list, a magazine, steering) was only in
    Forts' last line and on the fort's card. The hit table's own heading now says the rolls that count on a fort,
    worked from the same rows the no-effect line leaves out (fort_hits' 2: only 2 takes a gun; 2d6 6 shutter, 11
    FIRE), and the two agree."""
    from shipyard.rules.really_simple.trackers import effect_rolls, no_effect_rolls

    fort = next(d.stats for _, _, d in mobile_bay[1] if d.stats.is_fort)
    live = dict(effect_rolls(ctx.tables, fort))
    dead = dict(no_effect_rolls(ctx.tables, fort))
    assert live == {"hit 1d6": "2, 6", "2d6": "6, 11"}
    for words, rolls in live.items():
        assert not set(rolls.split(", ")) & set(dead[words])
    for pages in _both_papers(pack_pages, bundled_packs):
        qr = _reference(pages)
        assert "On a hit, roll 1d6 (a fort: only 2, 6; 2d6 6, 11 count) 1 Lose half a knot" in qr
        assert "2d6 2, 3, 4, 5, 7, 8, 9, 10, 12 have no effect." in qr


def test_p43_moment_4_a_large_guns_6_hits_any_armour_at_close_range_a_house_rule_keeps_the_total_alone(
        pack_pages, bundled_packs, ctx, tmp_path):
    """Moment 4 (p8 Monitors and forts): no fort gun (+3 at most) could hit armour 9 under way beyond 3 in, so
    Tecumseh and Manhattan were immune to Fort Morgan. Heavy shot (ours, heavy_shot): a Large gun's 6 hits any armour
    within the table's 6 in, the gap's range from the fort; the text's total alone is the named house rule, and
    switched it reaches the page."""
    within = ctx.tables.require("heavy_shot").rows["within_in"]
    assert ctx.tables.require("heavy_shot").provenance == "reconstructed"
    for pages in _both_papers(pack_pages, bundled_packs):
        said = " ".join(_readings(pages).split())
        assert f"Heavy shot a Large gun's 6 hits any armour within {within:g} in the total alone" in said
        assert "Monitors and forts no fort gun" not in said
    text = _house_pack_text(tmp_path, "really-simple:\n  heavy_shot: {rows: {on_six: none, within_in: 6}}\n", "--jobs", "1")
    assert "Heavy shot only a total over the armour hits, a 6 too a Large gun's 6 hits within 6 in" in text


def test_p43_moment_5_bow_and_stern_are_her_end_quarters_and_an_avoided_contact_loses_no_window(pack_pages,
                                                                                               bundled_packs):
    """Moment 5 (p11 Contact): Morgan's bow met Selma's stern corner, Selma lying across her: where does the side end
    and the stern begin, and does an avoided contact cost the fire window? The readings page gives the geometry in
    one line (her end quarters of length, a crossing ship's too); Avoided says no window lost, beside its knots'
    '(avoided: none'."""
    for pages in _both_papers(pack_pages, bundled_packs):
        said = " ".join(_readings(pages).split())
        assert "Bow and stern her end quarters of length; the side between" in said
        qr = _reference(pages)
        assert "Avoided: no window lost; she lies ¼ in off the side her bow struck, sheering clear of ships;" in qr
        assert "a contact (avoided: none; met at both ends: 2)" in qr


def test_p43_moment_3_each_fort_hits_reading_says_when_the_fleet_silences_fort_morgan(pack_pages, bundled_packs,
                                                                                    tmp_path):
    """Moment 3 (p8 'A fort's guns hit'): at 'only a 2' Fort Morgan needs some 120 hits, and the page gave no advice
    which reading to pick. The default stays 'only a 2' (replay 26: at 2-3 the fleet stripped her by turn 3, where on
    the day she fought on), and each reading now says what it costs her with all the fleet on her
    (tools/rs_fort_morgan.py: turn 6-8 at 2 alone, turn 3-6 at 2-3), so a club picks knowingly; switched, the
    house rule's words and the other's swap."""
    for pages in _both_papers(pack_pages, bundled_packs):
        said = " ".join(_readings(pages).split())
        assert ("A fort's guns hit only a 2 takes a fort's gun (the fleet's fire silences her by turn 6-8) "
                "2-3, as on a ship (by turn 3-6)") in said
    text = _house_pack_text(tmp_path, "really-simple:\n  fort_hits: {rows: {gun_on: two_three}}\n", "--jobs", "1")
    assert ("A fort's guns hit a 2-3 takes a fort's gun, as a ship's (the fleet's fire silences her by turn 3-6) "
            "only a 2 (by turn 6-8)") in text


# ---------------------------------------------------------------------------------------------- play 44


def test_p44_moment_2_a_range_band_runs_up_to_and_including_its_figure(pack_pages, bundled_packs, ctx):
    """Moment 2 (p11 Ranges): Lackawanna to the water battery measured 18.0 in: effective or long? Each band runs up
    to and including its figure (18.0 in: effective), said where the bands are, the figures from the ranges table;
    the readings page names the rule (Range bands)."""
    r = ctx.tables.require("ranges").rows
    bands = (f"Ranges: point blank {r['point_blank']:g} in, effective {r['effective']:g} in, long {r['long']:g} in, "
             f"each up to and including its figure.")
    assert "effective 18 in" in bands
    for pages in _both_papers(pack_pages, bundled_packs):
        assert bands in _reference(pages)
        named = _readings(pages)
        assert "Range bands" in named[named.index("Said in full on the"):]


def test_p44_moment_1_open_water_is_deep_water_and_the_shoals_rule_is_printed_once(pack_pages, bundled_packs):
    """Moment 1 (pp. 2-3 'off a channel too, is deep'): deep shoal (4d6) or deep water? Deep water, crossed freely.
    Defect: p2 and p3 printed the whole Shoals rule word for word; the set-up keeps the open water and points to the
    quick reference's Shoals, the dice said once."""
    for pages in _both_papers(pack_pages, bundled_packs):
        setup, text = _setup_page(pages), " ".join(pages)
        assert "Shoals: open water, off a channel too, is deep water, crossed freely; a drawn shoal: quick reference, Shoals." in setup
        assert "3d6 (shallow) or 4d6 (deep)" not in setup and text.count("3d6 (shallow) or 4d6 (deep)") == 1
        assert "Open water, off a channel too, is deep water, crossed freely; a ship drawing no more" in text


def test_p44_moment_3_the_card_key_says_where_a_fire_just_started_is_marked(pack_pages, bundled_packs):
    """Moment 3 (cards, p11 FIRE): a fire strikes no box as it starts, so the card had nowhere to say she burns. The
    key atop every card page: ring the word FIRE as it starts, cross the ring when it is put out; every card that has
    FIRE boxes has the word to ring (a box of its own wrapped the 2d6 row and cost the cards a page)."""
    for pages in _both_papers(pack_pages, bundled_packs):
        cards = [p for p in pages if "Ship data cards" in p]
        assert len(cards) >= 3
        for page in cards:
            key = _cards_key(page)
            assert "5+ on 1d6 puts it out (cross the ring), else strike a box (as it starts: ring the word FIRE, no box)" in key
            assert page.count(" FIRE ") >= page.count("2d6 helmsman")  # each card's FIRE word, to ring


def test_p44_moments_8_9_the_carrier_is_named_and_a_target_no_die_can_hit_is_still_one(pack_pages, bundled_packs):
    """Moment 8 (p3 Carried): 'her first SPEED box' could be the carried ship's or the consort's: the consort's,
    named. Moment 9 (p11 Targets): Kennebec and Itasca saw only Tennessee, 8+: a target, spending the window, or
    none, passing it? Still a target (the window is spent if she holds), as the docs' Guns that bear reads."""
    for pages in _both_papers(pack_pages, bundled_packs):
        text = " ".join(pages)
        assert "carried at half her consort's top speed at most (the consort's first SPEED box not struck;" in text
        assert "(her first SPEED box not struck" not in text
        qr = _reference(pages)
        assert "a gun with one, even one no die can hit, may fire or hold (her window is spent)" in qr
        assert "even needing 7+, or hold" not in qr


def test_p44_moments_4_to_7_a_second_shutter_a_stopped_pair_a_pair_meeting_and_a_list_on_a_pair(pack_pages,
                                                                                                 bundled_packs):
    """Moment 4 (p11 Twice): the largest already jammed, a second shutter jams the next largest that bears. Moment 5
    (p3): a pair stopped, not yet drifting, is not stationary. Moment 6 (p8 jam): a pair meets as one ship, one avoid
    roll, the first-named's loss. Moment 7 (2d6 4, 5): a list is one ship's, said with the pair's guns on p3."""
    for pages in _both_papers(pack_pages, bundled_packs):
        text, qr = " ".join(pages), _reference(pages)
        assert "a second shutter jams the next largest that bears (all that bear jammed: roll again" in qr
        assert "Both without speed: the pair stops at once (not stationary), drifting from the next turn." in text
        said = _readings(pages)
        assert ("Jammed line the quarters' stops, the quick way: from the column's head back, each follower goes no "
                "farther than where the ship ahead ends the half move; a pair meets as one ship: either bow on the "
                "stern ahead stops both, one avoid roll, the loss the first-named's") in said
        assert "the pair's inboard guns cannot fire; a list is hers alone;" in text


def test_p44_defects_the_forts_sentence_the_scores_ship_and_the_jam_rows_spacing(pack_pages, bundled_packs):
    """Defects: p3's 'share on one ship (ON ONE SHIP) and silencing' read as garbled: said plainly. p2 Scores' 'each
    Union ship past the torpedo line': a lashed gunboat too (Ship (scores), each hull). p8's 'A jam down the
    linethe quarters' stops' ran together as extracted: the row is 'Jammed line', apart from its reading."""
    for pages in _both_papers(pack_pages, bundled_packs):
        text = " ".join(pages)
        assert ("Each fort above, a water battery too, is a unit of its own: its own card, its own ON ONE SHIP share, "
                "silenced on its own. Silencing one scores only where Scores names it.") in text
        assert "share on one ship (ON ONE SHIP) and silencing" not in text
        assert "Ship (scores) each hull, a lashed gunboat too; wooden: all but a monitor or an ironclad" in _readings(pages)
        assert "linethe" not in text and "A jam down the line" not in text


def test_p44_defect_each_fort_card_names_the_monitors_no_gun_of_hers_can_hit_under_way(pack_pages, bundled_packs,
                                                                                      ctx):
    """Defect (p6, the monitors): against armour 9 every fort gun (+3 at best) needs 7+, and only the hit table
    said so. Each fort card now names them, from the ships' armour and the fort's best gun: under way, beyond point
    blank, no gun of hers hits them but a Large gun's 6 within Heavy shot's 6 in (heavy_shot)."""
    within = ctx.tables.require("heavy_shot").rows["within_in"]
    pb = ctx.tables.require("ranges").rows["point_blank"]
    said = (f"Tecumseh, Manhattan (armour 9) under way, beyond {pb:g} in: no gun here hits, but a Large gun's 6 "
            f"within {within:g} in.")
    for pages in _both_papers(pack_pages, bundled_packs):
        forts = [p for p in pages if "Fort Morgan water battery" in p and "Ship data cards" in p]
        assert len(forts) == 1 and forts[0].count(said) == 3  # Fort Morgan, her water battery, Fort Gaines
        assert "Manhattan, Winnebago" not in forts[0]  # armour 8: a Large gun's 6 (+3) beats it
