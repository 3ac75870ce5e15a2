"""Bad vessel files: one clear message with file, line and field, a non-zero exit, never a traceback."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from shipyard.errors import ShipyardError
from shipyard.library.library import Library

GOOD = textwrap.dedent(
    """\
    id: uss-test-boat
    name: USS Test Boat
    navy: USN
    type: screw gunboat
    length_ft: 158
    beam_ft: 28
    draught_ft: 10
    displacement_tons: 691
    speed_kn: 10
    propulsion: {kind: screw, shafts: 1}
    armament:
      - {gun: dahlgren-11in, count: 1, mounting: pivot, position: midships}
    sources:
      - {url: 'https://example.org/test', covers: 'everything'}
    """
)


def write(folder: Path, text: str, name: str = "uss-test-boat.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_for(folder: Path) -> list:
    with pytest.raises(ShipyardError) as info:
        Library.load([folder])
    return info.value.problems


def test_a_good_user_vessel_loads_beside_the_bundled_library(tmp_path):
    write(tmp_path, GOOD)
    lib = Library.load([tmp_path])
    assert lib.find("test boat").id == "uss-test-boat"


def test_misspelt_key_names_file_line_and_suggests_the_right_key(tmp_path):
    path = write(tmp_path, GOOD.replace("beam_ft: 28", "bream_ft: 28"))
    problems = problems_for(tmp_path)
    unknown = [p for p in problems if "bream_ft" in p.message]
    assert unknown, problems
    p = unknown[0]
    assert p.file.endswith(path.name)
    assert p.line == 6
    assert "beam_ft" in p.message  # the suggestion


def test_unknown_gun_model_suggests_the_nearest_catalogue_name(tmp_path):
    write(tmp_path, GOOD.replace("dahlgren-11in", "dalhgren-11in"))
    [p] = problems_for(tmp_path)
    assert p.line == 12
    assert p.field == "armament[0].gun"
    assert "unknown ordnance 'dalhgren-11in'" in p.message
    assert "dahlgren-11in" in p.message


def test_negative_beam_is_rejected_with_the_field_and_line(tmp_path):
    write(tmp_path, GOOD.replace("beam_ft: 28", "beam_ft: -28"))
    problems = problems_for(tmp_path)
    assert any(p.field == "beam_ft" and p.line == 6 and "greater than 0" in p.message for p in problems), problems


@pytest.mark.parametrize(
    "field, bad",
    [("speed_kn", "45"), ("length_ft", "9000"), ("draught_ft", "0"), ("displacement_tons", "-5")],
)
def test_absurd_numbers_are_rejected(tmp_path, field, bad):
    line = next(l for l in GOOD.splitlines() if l.startswith(field + ":"))
    write(tmp_path, GOOD.replace(line, f"{field}: {bad}"))
    problems = problems_for(tmp_path)
    assert any(p.field == field for p in problems), problems


def test_armour_over_thirty_inches_is_rejected(tmp_path):
    text = GOOD + "armour:\n  - {area: side, thickness_in: 31}\n"
    write(tmp_path, text)
    problems = problems_for(tmp_path)
    assert any(p.field == "armour[0].thickness_in" and p.line == 16 for p in problems), problems


def test_a_file_that_is_not_yaml_gives_one_message_with_the_line(tmp_path):
    write(tmp_path, "id: uss-test-boat\nname: [unclosed\nnavy: USN\n")
    [p] = problems_for(tmp_path)
    assert "not valid YAML" in p.message
    assert p.line is not None


def test_non_utf8_bytes_are_reported_by_line(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "uss-test-boat.yaml").write_bytes(GOOD.encode() + b"notes: caf\xe9\n")
    [p] = problems_for(tmp_path)
    assert "not UTF-8" in p.message
    assert p.line == GOOD.count("\n") + 1


def test_alias_bomb_fails_fast_without_expanding(tmp_path):
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n" \
           "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    write(tmp_path, bomb)
    [p] = problems_for(tmp_path)
    assert "anchors and aliases" in p.message


def test_huge_document_is_refused(tmp_path):
    write(tmp_path, GOOD + "notes: '" + "x" * 1_100_000 + "'\n")
    [p] = problems_for(tmp_path)
    assert "limit" in p.message


def test_duplicate_id_is_rejected(tmp_path):
    write(tmp_path / "a", GOOD)
    write(tmp_path / "b", GOOD)
    with pytest.raises(ShipyardError) as info:
        Library.load([tmp_path / "a", tmp_path / "b"])
    assert any("duplicate id" in p.message for p in info.value.problems)


def test_id_must_match_file_name(tmp_path):
    write(tmp_path, GOOD, name="uss-other.yaml")
    problems = problems_for(tmp_path)
    assert any(p.field == "id" and "file name" in p.message for p in problems)


def test_dangling_scenario_reference_is_rejected(tmp_path):
    write(tmp_path, GOOD)
    write(tmp_path / "scenarios", textwrap.dedent(
        """\
        id: test-fight
        name: A test fight
        date: '1864-08-05'
        place: nowhere
        sides:
          - {name: Union, navy: USN, units: [{id: uss-test-boat}]}
          - {name: Confederate, navy: CSN, units: [{id: css-nonesuch}]}
        """), name="test-fight.yaml")
    problems = problems_for(tmp_path)
    assert any(p.line == 7 and "css-nonesuch" in p.message for p in problems), problems


def test_unknown_turret_reference_is_rejected(tmp_path):
    write(tmp_path, GOOD.replace("mounting: pivot, position: midships", "mounting: turret, turret: fore"))
    problems = problems_for(tmp_path)
    assert any("turret" in p.message for p in problems)


def test_cli_reports_a_bad_file_without_traceback(tmp_path, cli):
    write(tmp_path, GOOD.replace("beam_ft: 28", "bream_ft: 28"))
    run = cli("validate", tmp_path)
    assert run.code != 0
    assert "Traceback" not in run.err + run.out
    assert "uss-test-boat.yaml:6" in run.err
    assert "bream_ft" in run.err and "beam_ft" in run.err


@pytest.mark.parametrize(
    "mutation, expected",
    [
        (("beam_ft: 28", "bream_ft: 28"), "unknown key"),
        (("dahlgren-11in", "dahlgren-12in"), "unknown ordnance"),
        (("beam_ft: 28", "beam_ft: -28"), "greater than 0"),
        (("name: USS Test Boat", "name: [oops"), "not valid YAML"),
    ],
)
def test_each_bad_file_gives_a_clear_message_and_a_nonzero_exit(tmp_path, cli, mutation, expected):
    write(tmp_path, GOOD.replace(*mutation))
    run = cli("show", "uss-test-boat", "--library", tmp_path)  # a command that needs the file (others go on: a note)
    assert run.code == 2
    assert expected in run.err
    assert "uss-test-boat.yaml:" in run.err
    assert "Traceback" not in run.err
    assert run.out == ""


def test_ambiguous_name_lists_the_candidates(tmp_path):
    write(tmp_path, GOOD)
    write(tmp_path, GOOD.replace("uss-test-boat", "uss-test-barge").replace("USS Test Boat", "USS Test Barge"), name="uss-test-barge.yaml")
    lib = Library.load([tmp_path])
    with pytest.raises(ShipyardError) as info:
        lib.find("test")
    assert "uss-test-boat" in str(info.value) and "uss-test-barge" in str(info.value)
