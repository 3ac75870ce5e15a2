"""The readings page ("What the text leaves open") prints the reading a pack plays: a house rule that switches a
reading to its second one, or changes a number a reading quotes, changes the row (rules/readings.py fills each row
from the tables). One run of the real `shipyard` script per rule set; the rest through the app layer in-process,
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


# --------------------------------------------------------------------------------------------- Smoke on the Water

def test_smoke_on_the_water_reference_prints_the_switched_and_changed_readings(tmp_path):
    """`gunners_driven_off: play: false` left the row saying the rule is played; `catches_on: 4` left "on fire on 3"."""
    h = house_rules(tmp_path, "smoke-on-the-water:\n  gunners_driven_off: {rows: {play: false}}\n"
                              "  fire_test: {rows: {catches_on: 4}}\n")
    run = shipyard("reference", "--rules", "smoke-on-the-water", "mobile-bay-1864", "--house-rules", h,
                   "-o", tmp_path / "ref.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    text = squashed(pdf_text(tmp_path / "ref.pdf"))
    assert ("Gunners driven off a shell that does not pierce a fort does nothing to its gunners, as the text reads "
            "(house rule; not played: a shell bursting on a fort") in text
    assert "d10 per marker, on fire on 4 or less" in text and "on fire on 3 or less" not in text


def test_smoke_on_the_water_other_readings_follow(tmp_path, library):
    h = house_rules(tmp_path, "smoke-on-the-water:\n  partial_armour: {rows: {reading: whole}}\n"
                              "  deflected_shell: {rows: {reading: undetonated}}\n"
                              "  fort_targets: {rows: {at_one_ship: {share: 3, least: 1}}}\n"
                              "  gunners_driven_off: {rows: {to_hit: -2}}\n"
                              "  fire_test: {rows: {on_fire: {out_on: 3, spreads_on: 9}}}\n")
    text = printed(tmp_path, "reference", "smoke-on-the-water", ["mobile-bay-1864"], h, library)
    assert "every hit on a (part) location tests its armour (house rule; not played: a hit on a (part) location " \
           "strikes the armour on 5 or less" in text
    assert "a deflected shell does its Table 17 figure after the slash, as a deflected shot does (house rule" in text
    assert "at any one ship at most a third of its guns (rounded up, at least 1)" in text
    assert "its guns -2 to hit next turn" in text
    assert "out on 3 or less, out of control on 9 or more" in text


# -------------------------------------------------------------------------------------------- a reading's own errors

@pytest.mark.parametrize("rules", ["smoke-on-the-water", "saunders", "quick-play"])
def test_a_placeholder_naming_no_field_is_an_error_naming_table_and_row(rules):
    bundled = get_ruleset(rules).tables()
    tables = Tables(bundled)  # a copy: the rule set's own tables stay as they are for the other tests
    rows = bundled["reconstructions"].rows
    rows = [{**rows[0], "reading": "on {fire_test.catches_at} or less"}, *rows[1:]]
    tables["reconstructions"] = replace(bundled["reconstructions"], rows=rows)
    with pytest.raises(ShipyardError) as caught:
        tables.readings()
    said = str(caught.value)
    assert f"table reconstructions, row 1 ({rows[0]['rule']})" in said and "{fire_test.catches_at}" in said
