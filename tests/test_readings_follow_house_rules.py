"""The readings page ("What the text leaves open") prints the reading a pack plays: a house rule that switches a
reading to its second one (marked "(house rule)"; Saunders' rows, which flow over columns, also say ours as not
played), or changes a number a reading quotes, changes the row (rules/readings.py fills each row from the tables). One run of the real `shipyard` script per rule set; the rest through the app layer in-process,
each read back from the PDF's text."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from shipyard.app.printing import AidOptions, build
from shipyard.errors import ShipyardError
from shipyard.rules import get_ruleset
from shipyard.rules.tables import Tables

from conftest import pdf_text
from console_script import shipyard


def squashed(text: str) -> str:
    """The text with its line breaks and runs of spaces as one space, so a reading wrapped over lines reads whole."""
    return re.sub(r"\s+", " ", text)


def house_rules(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "h.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def printed(tmp_path: Path, aid: str, rules: str, target: list[str], house: Path | None, library) -> str:
    """An aid built in-process with these house rules, its text squashed."""
    out = tmp_path / f"{aid}-{rules}.pdf"
    build(aid, get_ruleset(rules), library, target, AidOptions(house_rules=house), output=out, force=True)
    return squashed(pdf_text(out))


def reference_through_the_script(tmp_path, rules: str, house_rules_file) -> str:
    """Mobile Bay's quick reference under these house rules, through the real `shipyard reference`: its text."""
    run = shipyard("reference", "--rules", rules, "mobile-bay-1864", "--house-rules", house_rules_file,
                   "-o", tmp_path / "ref.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    return squashed(pdf_text(tmp_path / "ref.pdf"))


# --------------------------------------------------------------------------------------------- Smoke on the Water

def test_smoke_on_the_water_reference_prints_the_switched_and_changed_readings(tmp_path, library):
    """`gunners_driven_off: play: false` left the row saying the rule is played; `catches_on: 4` left "on fire on 3".
    The readings are on the roster page since sotw37 (its chart's room), the quick reference keeps the tables."""
    h = house_rules(tmp_path, "smoke-on-the-water:\n  gunners_driven_off: {rows: {play: false}}\n"
                              "  fire_test: {rows: {catches_on: 4}}\n")
    assert "4 or less she is on fire" in reference_through_the_script(tmp_path, "smoke-on-the-water", h)
    text = printed(tmp_path, "roster", "smoke-on-the-water", ["mobile-bay-1864"], h, library)
    assert ("Gunners driven off a shell that does not pierce a fort does nothing to its gunners, as the text reads "
            "(house rule) gunners_driven_off") in text
    assert "Gunners driven off a shell bursting on a fort" not in text
    assert "d10 per marker, on fire on 4 or less" in text and "on fire on 3 or less" not in text


def test_smoke_on_the_water_other_readings_follow(tmp_path, library):
    h = house_rules(tmp_path, "smoke-on-the-water:\n  partial_armour: {rows: {reading: whole}}\n"
                              "  deflected_shell: {rows: {reading: undetonated}}\n"
                              "  fort_targets: {rows: {at_one_ship: {share: 3, least: 1}}}\n"
                              "  gunners_driven_off: {rows: {to_hit: -2}}\n"
                              "  fire_test: {rows: {on_fire: {out_on: 3, spreads_on: 9}}}\n")
    text = (printed(tmp_path, "reference", "smoke-on-the-water", ["mobile-bay-1864"], h, library) + " "
            + printed(tmp_path, "roster", "smoke-on-the-water", ["mobile-bay-1864"], h, library))  # readings: roster
    assert "Partial armour every hit on a (part) location tests its armour (house rule) partial_armour" in text
    assert "a deflected shell does its Table 17 figure after the slash, as a deflected shot does (house rule" in text
    assert "at any one ship at most a third of its guns (rounded up, at least 1)" in text
    assert "its guns -2 to hit next turn" in text
    assert "out on 3 or less, out of control on 9 or more" in text


# --------------------------------------------------------------------------------------------------------- Saunders

def test_saunders_reference_prints_the_switched_and_changed_readings(tmp_path):
    """`ram_options: use: true` left "off" in the row, with the options offered as what a club "may instead play";
    `repairs: repair_on: 5` left "6 repairs it"."""
    h = house_rules(tmp_path, "saunders:\n  ram_options: {rows: {use: true}}\n  repairs: {rows: {repair_on: 5}}\n")
    text = reference_through_the_script(tmp_path, "saunders", h)
    assert ("Ram options bow to bow DAV +1 for a ship able to steer that turns better; −1 to ram or glance "
            "under way (house rule; not played: off: the text marks two modifiers optional)") in text
    assert "D6 per disabled gun and hole she tries, any or all: 5 or more repairs it" in text  # play 37, moment 3


def test_saunders_fort_firing_follows_each_value(tmp_path, library):
    """The literal reading (the note's house rule) switches the row; a share alone changes its words, and the
    reading set aside is said in the numbers it had."""
    h = house_rules(tmp_path, "saunders:\n  fort_fire: {rows: {stationary_firer: true, one_ship_share: 1}}\n"
                              "  grounding_contact: {rows: {part: her centre}}\n")
    text = printed(tmp_path, "reference", "saunders", ["mobile-bay-1864"], h, library)
    assert ("Fort firing as a stationary firer (+1), every gun at one ship (house rule; not played: in step 4, not as "
            "a stationary firer; at any one ship a quarter of a face's guns") in text
    assert "Grounding her centre alone (house rule; not played: any part of her hull" in text
    h = house_rules(tmp_path, "saunders:\n  fort_fire: {rows: {one_ship_share: 3, one_ship_least: 1}}\n")
    text = printed(tmp_path, "reference", "saunders", ["mobile-bay-1864"], h, library)
    # the reading is said once, in the Forts table (replay s11), its readings row pointing there
    assert ("at any one ship no more than a third of a face's guns a turn (steps 4 and 6 together), rounded up (other "
            "sheets' guns apart), the rest") in text
    assert "Fort firing under Forts (Fires, Fired at); clubs may instead play" in text


# ------------------------------------------------------------------------------------------------------- Quick Play

def test_quick_play_sheet_prints_the_switched_and_changed_readings(tmp_path):
    """The literal ramming factor (`ramming: factor subtract, modifier 1`) left the row saying the factor is added;
    `torpedoes: dice: 2D6` left "one 3D6"."""
    h = house_rules(tmp_path, "quick-play:\n  ramming: {rows: {factor: subtract, modifier: 1}}\n"
                              "  torpedoes: {rows: {dice: 2D6}}\n")
    run = shipyard("sheet", "uss-hartford", "--rules", "quick-play", "--house-rules", h, "-o", tmp_path / "s.pdf",
                   cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    text = squashed(pdf_text(tmp_path / "s.pdf"))
    assert ('Ramming factor: as printed, "+1 -": +1, the factor taken off, so a heavier, faster rammer does worse '
            '(house rule) ') in text and 'the printed "+1 -" is "+/-"' not in text
    # the torpedo rule is whole on the quick reference now (qp35), not in the sheets' readings: the dice follow there
    reference = squashed(pdf_text(_quick_reference(tmp_path, h)))
    assert "Torpedoes 2D6 each half move" in reference and "Torpedoes 3D6" not in reference, reference


def _quick_reference(tmp_path, house) -> Path:
    """Quick Play's quick reference, which its templates page holds (`shipyard templates`)."""
    run = shipyard("templates", "--rules", "quick-play", "--house-rules", house, "-o", tmp_path / "ref.pdf",
                   cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    return tmp_path / "ref.pdf"


def test_quick_play_other_switches_follow(tmp_path, library):
    h = house_rules(tmp_path, "quick-play:\n  cannonade_edna: {rows: {reading: each}}\n"
                              "  avd_modifiers: {rows: {reading: subtract}}\n  which_units: {rows: {play: library}}\n")
    text = printed(tmp_path, "sheets", "quick-play", ["uss-hartford"], h, library)
    assert ("One cannonade: throw one at a time, each against her EDNA as the hits before it left it; a throw that sinks "
            "her leaves the rest lost: no new target (house rule)") in text
    assert "+1 AvD adds an average die; −1 AvD: take an AvD off the total (2D10 − 1 AvD) (house rule" in text
    text = printed(tmp_path, "roster", "quick-play", ["mobile-bay-1864"], h, library)
    assert ("Order of battle: every unit of the scenario file: the water battery on a card of its own, and Fort Powell "
            "(house rule)") in text


# -------------------------------------------------------------------------------------------- a reading's own errors

def with_first_reading(rules: str, reading: str) -> Tables:
    """A copy of the rule set's tables whose first readings row says `reading` (its own tables stay as they are)."""
    bundled = get_ruleset(rules).tables()
    tables = Tables(bundled)
    rows = bundled["reconstructions"].rows
    tables["reconstructions"] = replace(bundled["reconstructions"], rows=[{**rows[0], "reading": reading}, *rows[1:]])
    return tables


@pytest.mark.parametrize("rules", ["smoke-on-the-water", "saunders", "quick-play"])
def test_a_placeholder_naming_no_field_is_an_error_naming_table_and_row(rules):
    tables = with_first_reading(rules, "on {fire_test.catches_at} or less")
    with pytest.raises(ShipyardError) as caught:
        tables.readings()
    said = str(caught.value)
    rule = tables["reconstructions"].rows[0]["rule"]
    assert f"table reconstructions, row 1 ({rule})" in said and "{fire_test.catches_at}" in said


def test_a_placeholder_naming_a_part_of_a_table_or_a_yes_no_without_words_is_an_error():
    with pytest.raises(ShipyardError, match=r"row 1 .*\{fire_test.on_fire\} names a part of table fire_test with "
                                            r"fields of its own \(damage, out_on"):
        with_first_reading("smoke-on-the-water", "{fire_test.on_fire}").readings()
    with pytest.raises(ShipyardError, match=r"\{gunners_driven_off.play\} is True; the row's words must say it"):
        with_first_reading("smoke-on-the-water", "{gunners_driven_off.play}").readings()


def test_a_house_rules_reading_with_an_unknown_placeholder_is_refused_in_the_users_words(tmp_path, library):
    """A club's own readings page (a house rule's reconstructions rows) naming a field no table has: a clear error."""
    h = house_rules(tmp_path, 'saunders:\n  reconstructions: {rows: [{rule: "Repairs", reading: "on '
                              '{repairs.repair_at}", option: ""}]}\n')
    with pytest.raises(ShipyardError, match=r"row 1 \(Repairs\): \{repairs.repair_at\} names no field of table "
                                            r"repairs .*it has repair_on"):
        printed(tmp_path, "reference", "saunders", ["mobile-bay-1864"], h, library)
