"""Issue 13: your own ships and scenarios, tried as a new user would. One test per finding of the issue
(the command, its exit code, its message), run in-process through the real entry point."""

from __future__ import annotations

import json
import sys
import textwrap
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from shipyard import app as core
from shipyard.cli import main
from shipyard.errors import ShipyardError
from shipyard.library.library import Library
from test_library_errors import GOOD

RULES = ("sotw", "saunders", "really-simple", "quick-play")

VESSEL = GOOD  # a valid screw gunboat, armament on line 12, sources on line 14

SCENARIO = textwrap.dedent(
    """\
    id: test-fight
    name: A test fight
    date: '1864-08-05'
    place: Mobile Bay
    sides:
      - name: Union
        navy: USN
        units:
          - {id: uss-test-boat}
      - name: Confederate
        navy: CSN
        units:
          - {id: css-tennessee, damage: {hull: 3}}
    """
)


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def sh(tmp_path, monkeypatch, capsys):
    """`shipyard ARGS` in-process, from an empty folder of its own (tmp_path/home), no user library set."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    monkeypatch.delenv("SHIPYARD_LIBRARY", raising=False)

    def run(*args) -> Result:
        monkeypatch.setattr(sys, "argv", ["shipyard", *map(str, args)])
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return Result(code, out, err)

    return run


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# Acceptance: a new user from an empty folder


def test_new_user_writes_a_sister_ship_and_plays_her_in_every_rule_set(sh):
    run = sh("new", "vessel", "USS Chicopee", "--like", "uss-metacomet")
    assert run.code == 0, run.err
    path = Path("ships/uss-chicopee.yaml")
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=.schema/vessel.schema.json")
    assert json.loads(Path("ships/.schema/vessel.schema.json").read_text())["properties"]["armament"]
    assert "like: uss-metacomet" in text
    check = sh("validate")
    assert check.code == 0, check.err
    bundled = len(Library.load([]).vessels)
    assert f"{bundled + 1} vessels" in check.out  # the README's ship is not a bundled one: nothing replaced
    for rules in RULES:
        stats = sh("stats", "chicopee", "--rules", rules, "--json")
        assert stats.code == 0, stats.err
        assert json.loads(stats.out)["id"] == "uss-chicopee"
    sheet = sh("sheet", "chicopee", "--rules", "quick-play")
    assert sheet.code == 0, sheet.err
    assert Path("output/quick-play-sheet-uss-chicopee.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_like_ship_inherits_her_sisters_figures_and_overrides_what_differs(sh):
    write(Path("ships/uss-mattabesett.yaml"), "id: uss-mattabesett\nname: USS Mattabesett\nlike: uss-metacomet\n"
          "speed_kn: 14\nlaunched: '1863-11-09'\n")
    run = sh("show", "mattabesett", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["speed_kn"] == 14 and data["length_ft"] == 205 and data["class"] == "Sassacus"
    assert data["launched"] == "1863-11-09" and "fate" not in data  # her own history only
    assert all("uss-metacomet" in s["covers"] for s in data["sources"])  # the sister's sources, marked as hers


def test_a_what_if_ship_may_leave_out_sources_and_is_labelled(sh):
    write(Path("ships/uss-test-boat.yaml"), VESSEL.split("sources:")[0] + "what_if: a gunboat never built\n")
    assert sh("validate").code == 0
    write(Path("ships/uss-test-boat.yaml"), VESSEL.split("sources:")[0])
    run = sh("validate")
    assert run.code == 2 and "needs sources" in run.err and "what_if" in run.err


def test_new_vessel_without_like_is_a_labelled_draft_that_loads(sh):
    assert sh("new", "vessel", "USS Otsego").code == 0
    data = json.loads(sh("show", "uss-otsego", "--json").out)
    assert data["what_if"].startswith("draft")
    again = sh("new", "vessel", "USS Otsego")
    assert again.code == 2 and "exists already" in again.err


def test_a_sister_ships_commented_figures_uncomment_line_by_line(sh):
    """Each commented figure of a --like file is whole on its line, and a list says it is taken whole: the
    newcomer uncommented `armament:` and the first of two wrapped comment lines and got 1 gun of 8, no word."""
    import yaml

    assert sh("new", "vessel", "USS Chicopee", "--like", "uss-metacomet").code == 0
    lines = Path("ships/uss-chicopee.yaml").read_text().splitlines()
    entries = [line[2:] for line in lines if line.startswith("# - ")]
    assert len(entries) >= 5
    for entry in entries:  # uncommented alone, each is one whole gun
        (gun,) = yaml.safe_load(entry)
        assert {"gun", "count"} <= set(gun), entry
    note = lines[lines.index("# armament:") - 1]
    assert "taken whole" in note and f"all {len(entries) + 1}" in note


@pytest.mark.parametrize("name, navy", [("CSS Nonesuch", "CSN"), ("USS Otsego", "USN"), ("USRC Dodge", "Revenue")])
def test_a_new_draft_takes_the_navy_its_name_says(sh, name, navy):
    assert sh("new", "vessel", name).code == 0
    ident = name.lower().replace(" ", "-")
    assert json.loads(sh("show", ident, "--json").out)["navy"] == navy


def test_show_as_of_a_date_gives_the_battery_date_and_the_refits_still_to_come(sh):
    """Galena as of Mobile Bay: her 1864 battery is dated by the refit that gave it, and that refit is shown as
    applied, not as one to come (the newcomer saw the 1862 armament_date above the 1864 battery)."""
    late = json.loads(sh("show", "galena", "--as-of", "1864-08-05", "--json").out)
    assert late["armament_date"] == "1864-02-15" and late["type"] == "screw sloop"
    assert [r["date"] for r in late["refits_applied"]] == ["1864-02-15"] and "refits" not in late
    early = json.loads(sh("show", "galena", "--as-of", "1862-06-01", "--json").out)
    assert early["armament_date"] == "1862-05-15" and "refits_applied" not in early
    assert [r["date"] for r in early["refits"]] == ["1864-02-15"]


def test_new_scenario_validates_as_a_scenario_and_packs(sh):
    assert sh("new", "scenario", "Plymouth 1864").code == 0
    run = sh("validate", "ships/plymouth-1864.yaml")
    assert run.code == 0, run.err
    assert "(scenario)" in run.out
    listed = json.loads(sh("scenarios", "--json").out)
    assert "plymouth-1864" in [s["id"] for s in listed]


# ---------------------------------------------------------------------------------------------
# Findings: the library and its options


def test_validate_takes_library(sh, tmp_path):
    write(tmp_path / "my-ships" / "uss-test-boat.yaml", VESSEL)
    run = sh("validate", "--library", tmp_path / "my-ships")
    assert run.code == 0, run.err
    assert f"{len(Library.load([]).vessels) + 1} vessels" in run.out


def test_sheet_takes_templates_and_the_heading_changes(sh, tmp_path):
    import pdfplumber

    write(tmp_path / "tpl" / "sheet_heading.txt.j2", "OUR OWN {{ unit.name | upper }}\n")
    run = sh("sheet", "hartford", "--rules", "qp", "--templates", tmp_path / "tpl", "-o", tmp_path / "s.pdf")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:
        assert "OUR OWN USS HARTFORD" in pdf.pages[0].extract_text()


def test_a_scenario_anywhere_validates_as_a_scenario(sh, tmp_path):
    write(tmp_path / "lib" / "uss-test-boat.yaml", VESSEL)
    scen = write(tmp_path / "elsewhere" / "test-fight.yaml", SCENARIO)
    run = sh("validate", scen, "--library", tmp_path / "lib")
    assert run.code == 0, run.err
    assert "test-fight.yaml (scenario)" in run.out
    bad = write(tmp_path / "elsewhere" / "test-fight.yaml", SCENARIO.replace("place: Mobile Bay\n", ""))
    run = sh("validate", bad, "--library", tmp_path / "lib")
    assert run.code == 2
    assert "required field 'place' is missing" in run.err
    assert run.err.count("error:") == 1  # not eleven vessel errors


def test_the_user_library_folder_is_read_by_every_command(sh):
    write(Path("ships/uss-test-boat.yaml"), VESSEL)
    assert json.loads(sh("show", "test boat", "--json").out)["id"] == "uss-test-boat"
    assert "uss-test-boat" in [r["id"] for r in json.loads(sh("vessels", "--json").out)]
    assert sh("stats", "uss-test-boat", "--rules", "saunders").code == 0


def test_the_library_named_by_the_environment_is_read(sh, tmp_path, monkeypatch):
    write(tmp_path / "elsewhere" / "uss-test-boat.yaml", VESSEL)
    monkeypatch.setenv("SHIPYARD_LIBRARY", str(tmp_path / "elsewhere"))
    assert json.loads(sh("show", "uss-test-boat", "--json").out)["name"] == "USS Test Boat"


def test_a_corrected_copy_of_a_bundled_ship_replaces_it_with_a_notice(sh):
    assert sh("new", "vessel", "USS Hartford", "--like", "uss-hartford", "--replace").code == 0
    path = Path("ships/uss-hartford.yaml")
    path.write_text(path.read_text().replace("speed_kn: 13.5", "speed_kn: 11"))
    run = sh("show", "uss-hartford", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["speed_kn"] == 11
    assert "note: ships/uss-hartford.yaml replaces the bundled uss-hartford" in run.err


def test_bundled_files_are_named_as_bundled_not_as_site_packages_paths():
    from shipyard.paths import _PACKAGE
    from shipyard.errors import display_path

    assert display_path(_PACKAGE / "_bundled" / "vessels" / "usn" / "uss-hartford.yaml") == "bundled:usn/uss-hartford.yaml"


def test_guns_scenarios_and_show_a_gun(sh):
    guns = json.loads(sh("guns", "--json").out)
    assert {"dahlgren-9in", "brooke-7in"} <= {g["id"] for g in guns}
    scen = json.loads(sh("scenarios", "--json").out)
    assert {"mobile-bay-1864", "hampton-roads-1862"} <= {s["id"] for s in scen}
    run = sh("show", "dahlgren-9in")
    assert run.code == 0 and "9-inch Dahlgren smoothbore" in run.out and "shell_lb" in run.out


def test_schema_for_each_file_type(sh):
    for kind in ("vessel", "scenario", "house-rules"):
        run = sh("schema", kind)
        assert run.code == 0, run.err
        assert json.loads(run.out)["$schema"].startswith("https://json-schema.org/")
    assert "saunders" in json.loads(sh("schema", "house-rules").out)["anyOf"][0]["properties"]
    bad = sh("schema", "vesel")
    assert bad.code == 2 and "did you mean 'vessel'" in bad.err


def test_the_field_reference_page_is_up_to_date():
    from shipyard.library.schema import markdown

    page = Path(__file__).resolve().parent.parent / "docs" / "reference" / "files.md"
    assert page.read_text(encoding="utf-8") == markdown("all"), "run: shipyard schema all --markdown > docs/reference/files.md"
    assert "| `length_ft` | number | feet | > 0, ≤ 600 | yes |" in page.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Findings: errors in the user's words


@pytest.mark.parametrize("change, field, words", [
    (("  - {gun: dahlgren-11in, count: 1, mounting: pivot, position: midships}", "  - dahlgren-11in"), "armament[0]",
     "expected a mapping of fields, for example {gun: dahlgren-9in, count: 4, mounting: broadside}"),
    (("  - {url: 'https://example.org/test', covers: 'everything'}", "  - https://example.org/test"), "sources[0]",
     "for example {url:"),
])
def test_a_wrong_shape_says_what_was_expected_with_an_example(sh, change, field, words):
    write(Path("ships/uss-test-boat.yaml"), VESSEL.replace(*change))
    run = sh("validate")
    assert run.code == 2
    assert f"uss-test-boat.yaml:{12 if field.startswith('arm') else 14}: {field}: " in run.err
    assert words in run.err and "instance of" not in run.err


@pytest.mark.parametrize("guess, meant", [("guns", "armament"), ("length", "length_ft"), ("speed", "speed_kn")])
def test_guessed_keys_get_did_you_mean(sh, guess, meant):
    line = {"guns": "armament:", "length": "length_ft: 158", "speed": "speed_kn: 10"}[guess]
    write(Path("ships/uss-test-boat.yaml"), VESSEL.replace(line, line.replace(meant, guess)))
    run = sh("validate")
    assert run.code == 2
    assert f"unknown key {guess!r} (did you mean {meant!r}?)" in run.err


def test_a_missing_field_is_not_reported_at_line_2(sh):
    write(Path("ships/uss-test-boat.yaml"), "# my boat\n" + VESSEL.replace("beam_ft: 28\n", ""))
    run = sh("validate")
    assert run.code == 2
    assert "ships/uss-test-boat.yaml: beam_ft: required field 'beam_ft' is missing" in run.err
    assert ":2:" not in run.err


def test_an_unknown_gun_hint_names_each_model_once(sh):
    write(Path("ships/uss-test-boat.yaml"), VESSEL.replace("dahlgren-11in", "8-inch Brooke rifles"))
    run = sh("validate")
    assert run.code == 2
    assert "'brooke-8in' (8-inch Brooke rifle)" in run.err
    assert run.err.count("8-inch Brooke rifle") == 2  # the user's text, then the suggestion: no repeat
    assert "shipyard guns" in run.err


# ---------------------------------------------------------------------------------------------
# Findings: nothing accepted silently


def test_an_unknown_rule_set_section_in_house_rules_is_an_error(sh, tmp_path):
    house = write(tmp_path / "house.yaml", "sotv:\n  speed_levels:\n    rows: []\n")
    run = sh("stats", "monitor", "--rules", "sotw", "--house-rules", house)
    assert run.code == 2
    assert "house.yaml:1: sotv: no table or rule set 'sotv' (did you mean 'sotw'?)" in run.err
    assert sh("validate", house).code == 2


def test_a_negative_hull_in_house_rules_is_refused_with_the_line(sh, tmp_path):
    house = write(tmp_path / "house.yaml", "saunders:\n  hull:\n    rows:\n      - {min_ft: 0, hull: -6}\n")
    run = sh("sheet", "monitor", "--rules", "saunders", "--house-rules", house, "-o", tmp_path / "x.pdf")
    assert run.code == 2
    assert "house.yaml:4: saunders.hull.rows[0].hull: expected 0 or more" in run.err
    assert not (tmp_path / "x.pdf").exists()


def test_house_rules_of_the_wrong_type_and_good_ones(sh, tmp_path):
    bad = write(tmp_path / "bad.yaml", "saunders:\n  hull:\n    rows:\n      - {min_ft: 0, hull: six}\n")
    run = sh("validate", bad)
    assert run.code == 2 and "expected a number like the table's own, got text 'six'" in run.err
    good = write(tmp_path / "good.yaml", "saunders:\n  hull:\n    rows:\n      - {min_ft: 0, hull: 7}\n")
    run = sh("validate", good)
    assert run.code == 0, run.err
    assert "good.yaml (house rules, checked against every rule set)" in run.out


@pytest.mark.parametrize("damage, words", [
    ("{hul: 3}", "no damage track 'hul' (did you mean 'hull'"),
    ("{hull: 300}", "300 boxes lost, but css-tennessee's hull track holds"),
])
def test_scenario_damage_must_name_a_track_and_fit_in_it(sh, damage, words):
    write(Path("ships/uss-test-boat.yaml"), VESSEL)
    write(Path("ships/test-fight.yaml"), SCENARIO.replace("{hull: 3}", damage))
    run = sh("validate")
    assert run.code == 2
    assert "ships/test-fight.yaml:13: sides[1].units[0].damage." in run.err
    assert words in run.err


def test_scale_is_not_silently_ignored_by_quick_play(sh):
    run = sh("stats", "monitor", "--rules", "qp", "--scale", "1/1200")
    assert run.code == 0
    assert "note: Quick Play ACW Naval Rules measures the same at any model scale: --scale 1/1200 changes nothing" in run.err


@pytest.mark.parametrize("rules", RULES)
def test_counters_backs_and_fold_together_are_refused_alike_by_every_rule_set(sh, rules, tmp_path):
    run = sh("counters", "--rules", rules, "--backs", "--fold", "-o", tmp_path / "c.pdf")
    assert run.code == 2
    assert "--fold and --backs: choose one" in run.err
    assert not (tmp_path / "c.pdf").exists()


def test_a_date_before_launch_or_after_loss_is_a_warning(sh):
    early = sh("stats", "hartford", "--rules", "qp", "--as-of", "1850-01-01")
    assert early.code == 0
    assert "note: USS Hartford (uss-hartford) as of 1850-01-01: she was not launched until 1858-11-22" in early.err
    late = sh("stats", "tecumseh", "--rules", "qp", "--as-of", "1865-01-01")
    assert late.code == 0 and "she was lost on 1864-08-05" in late.err
    quiet = sh("stats", "hartford", "--rules", "qp", "--as-of", "1864-08-05")
    assert "note:" not in quiet.err


# ---------------------------------------------------------------------------------------------
# Findings: output names


def test_pack_variants_get_distinct_file_names():
    from shipyard.pack import PackOptions, pack_file_name
    from shipyard.rules import get_ruleset

    rs = get_ruleset("saunders")
    names = {
        pack_file_name("mobile-bay-1864", rs, PackOptions(**kw))
        for kw in ({}, {"sides": ["Union"]}, {"sides": ["Confederate"]}, {"colour": False}, {"scale": "1/600"},
                   {"paper": "letter"}, {"copies": "pre-damaged"})
    }
    assert len(names) == 7
    assert pack_file_name("mobile-bay-1864", rs, PackOptions(scale="1/1200")) == "mobile-bay-1864-saunders.pdf"  # native
    assert pack_file_name("m", rs, PackOptions(sides=["Union"], colour=False, paper="letter", copies="pre-damaged")) == \
        "m-saunders-union-letter-bw-pre-damaged.pdf"
    qp = get_ruleset("qp")  # plays at any scale: the scale is not a variant
    assert pack_file_name("m", qp, PackOptions(scale="1/600")) == pack_file_name("m", qp, PackOptions(scale="1/1200"))


def test_sheet_and_counters_are_named_after_what_they_print(sh):
    assert sh("sheet", "hartford", "tennessee", "--rules", "qp", "--paper", "letter").code == 0
    assert sh("sheet", "monitor", "--rules", "qp").code == 0
    assert sh("counters", "--rules", "qp", "hampton-roads-1862", "--fold").code == 0
    assert sorted(p.name for p in Path("output").iterdir()) == [
        "hampton-roads-1862-quick-play-counters-fold.pdf",
        "quick-play-sheet-uss-hartford-css-tennessee-letter.pdf",
        "quick-play-sheet-uss-monitor.pdf",
    ]


# ---------------------------------------------------------------------------------------------
# Findings: version, python -m, one wording, the target named


def test_version(sh):
    from shipyard import __version__

    run = sh("--version")
    assert run.code == 0 and run.out.strip() == f"shipyard {__version__}"


def test_python_dash_m_shipyard(tmp_path):
    import subprocess

    proc = subprocess.run([sys.executable, "-m", "shipyard", "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("shipyard ")


@pytest.mark.parametrize("command", [("pack", "mobile-bay-1864", "-r", "qp"), ("sheet", "monitor", "-r", "qp"),
                                     ("templates", "-r", "sotw"), ("roster", "mobile-bay-1864", "-r", "qp")])
def test_a_bad_paper_is_worded_one_way_everywhere(sh, command):
    run = sh(*command, "--paper", "a3")
    assert run.code == 2
    assert "error: --paper 'a3': expected a4 or letter" in run.err


def test_an_unwritable_output_names_the_file_not_a_part_file(sh, tmp_path):
    blocker = write(tmp_path / "not-a-folder", "a file where a folder should be")
    run = sh("sheet", "monitor", "-r", "qp", "-o", blocker / "sheet.pdf")
    assert run.code == 2
    assert "not-a-folder/sheet.pdf" in run.err and ".part" not in run.err


# ---------------------------------------------------------------------------------------------
# Importing and sharing

INFOBOXES = Path(__file__).resolve().parent / "data" / "infoboxes"

# What each test infobox gives: length, beam, draught (ft), speed (kn), guns {id: count}, armour {area: in}.
EXPECTED = {
    "uss-sassacus": (205, 35, 8.5, 15, {"parrott-100pdr": 2, "dahlgren-9in": 4, "dahlgren-24pdr-howitzer": 2,
                                        "dahlgren-12pdr-howitzer": 2}, {}),
    "css-neuse": (158, 34, 9, 4, {"brooke-6-4in": 2}, {"casemate": 4}),
    "uss-canonicus": (225, 43.33, 13.5, 8, {"dahlgren-15in": 2},
                      {"side": 5, "turret": 10, "deck": 1.5, "pilot_house": 10}),
    "uss-housatonic": (207, 38, 8.58, 9, {"parrott-100pdr": 1, "parrott-30pdr": 3, "dahlgren-11in": 1,
                                          "smoothbore-32pdr-42cwt": 2, "dahlgren-12pdr-howitzer": 1,
                                          "dahlgren-12pdr-rifle": 1}, {}),
    "uss-pittsburg": (175, 51.17, 6, 7.8, {"dahlgren-8in": 3, "james-42pdr-rifle": 4, "smoothbore-32pdr-42cwt": 6},
                      {"casemate": 2.5, "pilot_house": 1.25}),
    "css-florida": (191, 27.17, 13, 9.5, {"blakely-7in": 2, "dahlgren-12pdr-howitzer": 1}, {}),
}


@pytest.mark.parametrize("ship", sorted(EXPECTED))
def test_an_infobox_imports_to_a_file_that_validates_with_its_figures(sh, library, tmp_path, ship):
    run = sh("import", "infobox", INFOBOXES / f"{ship}.wiki", "-o", tmp_path / "drafts", "--replace")  # some are bundled
    assert run.code == 0, run.err
    path = tmp_path / "drafts" / f"{ship}.yaml"
    assert sh("validate", path).code == 0
    from shipyard.library.library import Library

    unit = Library.load([path]).units[ship]
    length, beam, draught, speed, guns, armour = EXPECTED[ship]
    assert (unit.length_ft, unit.beam_ft, unit.draught_ft, unit.speed_kn) == pytest.approx((length, beam, draught, speed), abs=0.01)
    got_guns: dict[str, int] = {}
    for m in unit.armament:
        got_guns[m.gun] = got_guns.get(m.gun, 0) + m.count
    assert got_guns == guns
    assert {a.area.value: a.thickness_in for a in unit.armour} == armour
    text = path.read_text()
    assert "estimate" in text and all("is an estimate" in (m.note or "") for m in unit.armament)


def test_an_infobox_lists_the_guns_it_could_not_match(sh, tmp_path):
    run = sh("import", "infobox", INFOBOXES / "css-florida.wiki", "-o", tmp_path)
    assert "not imported, no catalogue model: 6 × 6.4 in (160 mm) Blakely rifles" in run.out
    assert "NOT IMPORTED" in (tmp_path / "css-florida.yaml").read_text()


def test_an_infobox_without_figures_is_a_clear_error(sh, tmp_path):
    bad = write(tmp_path / "x.wiki", "{{Infobox ship career\n|Ship name=USS Nothing\n}}\n")
    run = sh("import", "infobox", bad, "-o", tmp_path / "out")
    assert run.code == 2 and "the infobox gives no Ship length, Ship beam" in run.err
    assert not (tmp_path / "out").exists()


def test_ships_and_a_scenario_travel_in_a_zip_and_are_checked_on_the_way_in(sh, tmp_path, monkeypatch):
    write(Path("ships/uss-test-boat.yaml"), VESSEL)
    write(Path("ships/test-fight.yaml"), SCENARIO)
    run = sh("export", "ships", "test-fight", "-o", tmp_path / "share.zip")
    assert run.code == 0, run.err
    assert sorted(zipfile.ZipFile(tmp_path / "share.zip").namelist()) == ["shipyard-share.yaml", "test-fight.yaml",
                                                                          "uss-test-boat.yaml"]
    refused = sh("export", "ships", "hartford", "-o", tmp_path / "b.zip")
    assert refused.code == 2 and "bundled ship" in refused.err
    friend = tmp_path / "friend" / "ships"
    friend.mkdir(parents=True)
    monkeypatch.chdir(friend.parent)  # the friend's own folder, with an empty library
    got = sh("import", tmp_path / "share.zip")
    assert got.code == 0, got.err
    assert sorted(p.name for p in friend.glob("*.yaml")) == ["test-fight.yaml", "uss-test-boat.yaml"]
    assert sh("stats", "test-fight", "--rules", "qp").code == 0
    again = sh("import", tmp_path / "share.zip")
    assert again.code == 2 and "exists already" in again.err


@pytest.mark.parametrize("name, body, words", [
    ("../evil.yaml", "x: 1", "only plain .yaml"),
    ("uss-test-boat.yaml", VESSEL.replace("beam_ft: 28", "bream_ft: 28"), "unknown key 'bream_ft'"),
])
def test_a_bad_zip_writes_nothing(sh, tmp_path, name, body, words):
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr(name, body)
    run = sh("import", bad, "-o", tmp_path / "friend")
    assert run.code == 2 and words in run.err
    assert not (tmp_path / "friend").exists()


# ---------------------------------------------------------------------------------------------
# The application layer, without the command line


def test_the_application_layer_builds_a_sheet_to_bytes(library):
    rs = core.ruleset("qp")
    pdf = core.build_sheet(rs, library, ["monitor"], core.SheetOptions(paper="letter"))
    assert pdf[:5] == b"%PDF-"
    with pytest.raises(ShipyardError, match="expected a4 or letter"):
        core.build_sheet(rs, library, ["monitor"], core.SheetOptions(paper="a3"))


def test_pack_rule_sets_come_from_the_registry():
    from shipyard.pack import SECTIONS, PackOptions
    from shipyard.pack.sections import SECTIONS as BLOCKS
    from shipyard.rules import all_rulesets

    assert PackOptions().rules == [rs.key for rs in all_rulesets()]
    assert PackOptions(rules=["sotw", "edna"]).rules == ["smoke-on-the-water", "quick-play"]
    with pytest.raises(Exception, match="no rule set 'chess'"):
        PackOptions(rules=["chess"])
    assert SECTIONS == tuple(s.name for s in BLOCKS)


def test_the_application_layer_builds_a_pack_to_bytes(library):
    from shipyard.pack import PackOptions

    options = PackOptions(rules=["qp"], sheets=False, templates=False, counters=False, reference=False)
    pdf = core.pack_bytes(library, library.scenarios["hampton-roads-1862"], core.ruleset("qp"), options)
    import re

    assert pdf[:5] == b"%PDF-"
    assert int(re.search(rb"/Count (\d+)", pdf).group(1)) >= 2  # the cover and the roster


def test_a_bundled_file_is_told_from_hers_by_its_real_path_finding_the_bundled_librarys_once(tmp_path, monkeypatch):
    """`validate` and the web's pages ask of every entry of a library whether it is bundled: each question resolves
    the file's own path alone (resolving the bundled library's again each time was ~0.3 ms a question, seconds of a
    validate). A link to a bundled file, and a relative path into the library, are still bundled; her file, a folder
    beside the library's whose name starts the same, are not."""
    import os

    from shipyard import paths

    bundled = paths.library_dir() / "usn" / "uss-monitor.yaml"
    (tmp_path / "linked.yaml").symlink_to(bundled)
    (tmp_path / "mine.yaml").write_text(VESSEL, encoding="utf-8")
    beside = Path(str(paths.library_dir()) + "-mine") / "uss-monitor.yaml"
    monkeypatch.chdir(paths.library_dir().parent)
    relative = Path(paths.library_dir().name) / "usn" / "uss-monitor.yaml"
    paths.is_bundled(bundled)  # the bundled library's real path found here, or by an earlier test

    real, resolved = os.path.realpath, []
    monkeypatch.setattr(os.path, "realpath", lambda p, *a, **k: resolved.append(p) or real(p, *a, **k))
    told = {p: paths.is_bundled(p) for p in (bundled, tmp_path / "linked.yaml", relative, tmp_path / "mine.yaml", beside)}
    assert list(told.values()) == [True, True, True, False, False]
    assert len(resolved) == len(told)  # one real path a question: the file's
