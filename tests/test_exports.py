"""`shipyard stats SCENARIO --format json|csv|md|html` for every rule set, user templates, and markup in names."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path

import pdfplumber
import pytest
from conftest import pdf_text

from shipyard.rules import all_rulesets

RULESETS = [rs.key for rs in all_rulesets()]
NASTY = '<Ram & Co "X">'


@pytest.fixture(scope="module")
def mobile_bay_side_units(library):
    return [(side, unit) for side, unit in library.scenario_units(library.scenarios["mobile-bay-1864"])]


@pytest.mark.parametrize("rules", RULESETS)
def test_json_has_one_record_per_unit(cli, rules, mobile_bay_side_units):
    run = cli("stats", "mobile-bay-1864", "--rules", rules, "--format", "json")
    assert run.code == 0, run.err
    records = json.loads(run.out)
    assert isinstance(records, list)
    assert [r["id"] for r in records] == [u.id for _, u in mobile_bay_side_units]
    assert all(r["name"] and r["rules"] == rules for r in records)


@pytest.mark.parametrize("rules", RULESETS)
def test_csv_has_a_header_and_one_row_per_unit_with_its_side(cli, rules, mobile_bay_side_units):
    run = cli("stats", "mobile-bay-1864", "--rules", rules, "--format", "csv")
    assert run.code == 0, run.err
    rows = list(csv.reader(io.StringIO(run.out)))
    header, body = rows[0], rows[1:]
    assert header[:3] == ["side", "id", "name"]
    assert len(body) == len(mobile_bay_side_units)
    assert all(len(r) == len(header) for r in body)
    assert [(r[0], r[1]) for r in body] == [(side, u.id) for side, u in mobile_bay_side_units]


@pytest.mark.parametrize("rules", RULESETS)
def test_markdown_has_a_table_per_side(cli, rules, mobile_bay_side_units):
    run = cli("stats", "mobile-bay-1864", "--rules", rules, "--format", "md")
    assert run.code == 0, run.err
    sides = list(dict.fromkeys(side for side, _ in mobile_bay_side_units))
    headings = [line[3:] for line in run.out.splitlines() if line.startswith("## ")]
    assert headings == sides
    separators = [line for line in run.out.splitlines() if line.startswith("|---")]
    assert len(separators) == len(sides)
    rows = [line for line in run.out.splitlines() if line.startswith("| ") and not line.startswith("| side")]
    assert len(rows) == len(mobile_bay_side_units)
    for _, unit in mobile_bay_side_units:
        assert f"| {unit.id} |" in run.out


@pytest.mark.parametrize("rules", RULESETS)
def test_html_is_escaped_and_names_every_unit(cli, rules, mobile_bay_side_units):
    run = cli("stats", "mobile-bay-1864", "--rules", rules, "--format", "html")
    assert run.code == 0, run.err
    assert run.out.lstrip().startswith("<!doctype html>")
    assert run.out.count("<table>") == len({side for side, _ in mobile_bay_side_units})
    for _, unit in mobile_bay_side_units:
        assert f"<td>{html.escape(unit.name, quote=True).replace('&#x27;', '&#39;')}</td>" in run.out


def test_unknown_format_is_a_clear_error(cli):
    run = cli("stats", "mobile-bay-1864", "--rules", "qp", "--format", "xml")
    assert run.code == 2 and "--format 'xml'" in run.err and "Traceback" not in run.err


# ---------------------------------------------------------------------------------------------
# A user's vessel whose name is full of markup characters


RAM = """\
id: uss-ram-and-co
name: '<Ram & Co "X">'
navy: USN
type: ram
length_ft: 180
beam_ft: 35
draught_ft: 8
displacement_tons: 400
speed_kn: 10
propulsion: {kind: sidewheel}
ram_bow: true
armament:
  - {gun: dahlgren-9in, count: 1, mounting: pivot, position: bow}
sources:
  - {url: 'https://example.org/ram', covers: an invented ram for the tests}
"""

DUEL = """\
id: ram-duel
name: 'Ram & Co at <Mobile>'
date: '1864-08-05'
place: Mobile Bay
sides:
  - {name: 'Union & Co', navy: USN, commander: 'J. "Ram" Smith', units: [{id: uss-ram-and-co}]}
  - {name: Confederate, navy: CSN, commander: Franklin Buchanan, units: [{id: css-tennessee}]}
"""


@pytest.fixture(scope="module")
def user_files(tmp_path_factory):
    """The user's folder with the markup-named ram, and the duel scenario beside it: made once for the module (the
    tests only read them; each writes its output to its own tmp_path), so the library kept for that folder is loaded
    once, not again for each of twelve tests' three or four commands."""
    tmp_path = tmp_path_factory.mktemp("markup")
    lib = tmp_path / "my-vessels"
    lib.mkdir()
    (lib / "uss-ram-and-co.yaml").write_text(RAM, encoding="utf-8")
    scen = tmp_path / "ram-duel.yaml"
    scen.write_text(DUEL, encoding="utf-8")
    return lib, scen


@pytest.mark.parametrize("rules", RULESETS)
def test_markup_characters_print_literally_in_md_csv_json(cli, user_files, rules):
    lib, scen = user_files
    got = {}
    for fmt in ("json", "csv", "md"):
        run = cli("stats", scen, "--library", lib, "--rules", rules, "--format", fmt)
        assert run.code == 0, run.err
        # JSON and CSV quote the double quotes their own way; < & > stay as they are
        assert "<Ram & Co " in run.out, f"{fmt}: the name is not printed literally"
        assert "&amp;" not in run.out and "&lt;" not in run.out and "\\u003c" not in run.out
        got[fmt] = run.out
    assert NASTY in got["md"]
    assert '"<Ram & Co \\"X\\">"' in got["json"] and json.loads(got["json"])[0]["name"] == NASTY
    rows = list(csv.DictReader(io.StringIO(got["csv"])))
    assert rows[0]["name"] == NASTY and rows[0]["side"] == "Union & Co"


@pytest.mark.parametrize("rules", RULESETS)
def test_markup_characters_are_entities_in_html(cli, user_files, rules):
    lib, scen = user_files
    run = cli("stats", scen, "--library", lib, "--rules", rules, "--format", "html")
    assert run.code == 0, run.err
    assert NASTY not in run.out
    assert "&lt;Ram &amp; Co &#34;X&#34;&gt;" in run.out
    assert "<h2>Union &amp; Co</h2>" in run.out


@pytest.mark.parametrize("rules", RULESETS)
def test_markup_characters_print_literally_in_the_pdf(cli, user_files, tmp_path, rules):
    lib, scen = user_files
    out = tmp_path / "out"
    run = cli("pack", scen, "--library", lib, "--rules", rules, "-o", out)
    assert run.code == 0, run.err
    text = pdf_text(out / f"ram-duel-{rules}.pdf", "\n")
    assert NASTY in text
    assert "Ram & Co at <Mobile>" in text
    assert "&amp;" not in text and "&lt;" not in text


# ---------------------------------------------------------------------------------------------
# A user's own templates


def test_user_stats_template_restyles_the_markdown(cli, tmp_path):
    mine = tmp_path / "tpl"
    mine.mkdir()
    (mine / "stats.md.j2").write_text(
        "CLUB SHEET for {{ ruleset }}\n{% for side, rows in by_side %}* {{ side }}: {{ rows | length }} units\n{% endfor %}",
        encoding="utf-8",
    )
    run = cli("stats", "mobile-bay-1864", "--rules", "qp", "--format", "md", "--templates", mine)
    assert run.code == 0, run.err
    assert run.out.startswith("CLUB SHEET for Quick Play")
    assert "* Union: 18 units" in run.out and "* Confederate: " in run.out
    # the other formats still come from the bundled templates
    other = cli("stats", "mobile-bay-1864", "--rules", "qp", "--format", "csv", "--templates", mine)
    assert other.code == 0 and other.out.startswith("side,id,name")


def test_user_cover_title_template_restyles_the_pack(cli, tmp_path):
    mine = tmp_path / "tpl"
    mine.mkdir()
    (mine / "cover_title.txt.j2").write_text("Thursday club night: {{ scenario.name | upper }}\n", encoding="utf-8")
    run = cli("pack", "hampton-roads-1862", "--rules", "qp", "--templates", mine, "-o", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        cover = pdf.pages[0].extract_text()
    assert "Thursday club night: " in cover
    assert cover.split("Thursday club night: ")[1].splitlines()[0].isupper()


@pytest.mark.parametrize("command", ["stats", "pack"])
def test_template_syntax_error_names_file_and_line(cli, tmp_path, command):
    mine = tmp_path / "tpl"
    mine.mkdir()
    name = "stats.md.j2" if command == "stats" else "cover_title.txt.j2"
    (mine / name).write_text("fine\nstill fine\n{% for x in %}\n", encoding="utf-8")
    args = ["--format", "md"] if command == "stats" else ["-o", tmp_path / "out"]
    run = cli(command, "mobile-bay-1864", "--rules", "qp", "--templates", mine, *args)
    assert run.code == 2, run.err
    assert "Traceback" not in run.err
    assert f"{name}:3" in run.err and "template error" in run.err
    assert not list(tmp_path.rglob("*.pdf")) and not list(tmp_path.rglob("*.part"))


@pytest.mark.parametrize("body, line, words", [
    ("ok\n\n{{ no_such_thing }}\n", 3, "undefined"),
    ("ok\n{{ 1 / 0 }}\n", 2, "ZeroDivisionError"),
])
def test_template_runtime_error_names_file_and_line(cli, tmp_path, body, line, words):
    mine = tmp_path / "tpl"
    mine.mkdir()
    (mine / "stats.md.j2").write_text(body, encoding="utf-8")
    run = cli("stats", "mobile-bay-1864", "--rules", "qp", "--format", "md", "--templates", mine)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"stats.md.j2:{line}" in run.err and words in run.err


def test_missing_templates_folder_is_a_clear_error(cli, tmp_path):
    run = cli("stats", "mobile-bay-1864", "--rules", "qp", "--format", "md", "--templates", tmp_path / "nowhere")
    assert run.code == 2 and "no such folder" in run.err and "Traceback" not in run.err


def test_bundled_json_template_writes_characters_as_themselves():
    from shipyard import texts

    out = texts.render("stats.json.j2", None, rows=[{"name": NASTY, "place": "Mobile"}])
    assert NASTY.replace('"', '\\"') in out
    assert json.loads(out)[0]["name"] == NASTY
    from shipyard.paths import templates_dir

    assert (templates_dir() / "stats.json.j2").exists()  # the bundled copy, in a checkout or an installed wheel
