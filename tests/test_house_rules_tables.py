"""Rule tables are checked data, and house rules overlay them (issue 21, typed tables).

Each finding is shown where a user meets it: the real `shipyard` console script for what the command line says,
the rule set's own derive and printed blocks in-process for what a sheet, quick reference or `explain` prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import pdf_text

from shipyard.rules import get_ruleset
from shipyard.rules.tables import load_tables
from shipyard.errors import ShipyardError

SAUNDERS = get_ruleset("saunders")
SOTW = get_ruleset("sotw")
SHIPYARD = Path(sys.executable).with_name("shipyard")  # the console script pip installed beside this python


def shipyard(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SHIPYARD), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def block_texts(blocks) -> list[str]:
    return [t for b in blocks for t in b.texts()]


# ---------------------------------------------------------------------------------------------
# Text cut by a comma in a YAML flow mapping


def test_a_tables_file_with_a_comma_cut_effect_is_refused_with_its_line(tmp_path):
    tables = write(tmp_path / "tables.yaml", "penetration_result:\n  provenance: source\n  rows:\n"
                                              "    - {min_total: 0, hull: 0, effect: no effect}\n"
                                              "    - {min_total: 6, hull: 2, effect: penetrated, roll D66}\n")
    with pytest.raises(ShipyardError) as refused:
        load_tables(tables)
    message = str(refused.value)
    assert "tables.yaml:5: penetration_result.rows[1].roll D66:" in message
    assert "comma" in message and "quotes" in message


def test_a_house_rule_with_a_comma_cut_effect_is_refused_by_the_command_line(tmp_path):
    house = write(tmp_path / "house.yaml", "saunders:\n  criticals:\n    rows:\n"
                                            "      - {roll: 11-66, effect: Fire, then a hole}\n")
    run = shipyard("validate", house, cwd=tmp_path)
    assert run.returncode == 2
    assert "house.yaml:4: saunders.criticals.rows[0].then a hole: 'then a hole' has no value" in run.stderr
    assert "Traceback" not in run.stderr


def test_the_bundled_effects_once_cut_by_a_comma_are_printed_whole(library):
    from shipyard.rules.saunders.reference import sections
    from shipyard.rules.smoke_on_the_water.reference import reference_blocks

    tables = SAUNDERS.tables()
    assert [r["effect"] for r in tables.penetration_result.rows][3:] == ["penetrated, roll D66",
                                                                         "smashed through, roll D66"]
    assert tables.turn.rows["steps"][1]["why"].startswith("deep, heavy and underpowered")
    ctx = SAUNDERS.context(library)
    printed = block_texts(sections([SAUNDERS.derive(library.find("uss-monitor"), ctx)], ctx))
    assert "penetrated, roll D66" in printed and "smashed through, roll D66" in printed

    ctx = SOTW.context(library)
    printed = " ".join(block_texts(reference_blocks([SOTW.derive(library.find("uss-monitor"), ctx)], ctx)))
    assert "half the damage, rounded up" in printed


# ---------------------------------------------------------------------------------------------
# House rules overlay the bundled table


def test_a_house_rule_changing_one_value_keeps_the_rest_and_reaches_the_printed_sheet(tmp_path):
    import pdfplumber

    house = write(tmp_path / "h.yaml",
                  "saunders: {to_hit: {rows: {needed: 4}}, small_target: {rows: {to_hit_modifier: -2}}}\n")
    run = shipyard("sheet", "uss-monitor", "--rules", "saunders", "--house-rules", house, "-o", "monitor.pdf",
                   cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = pdf_text(tmp_path / "monitor.pdf", "\n")
    assert "To hit 4+ on D6 per gun" in text and "5+" not in text
    assert "small target: −2 to hit her" in text


def test_a_mapping_changes_only_the_values_it_names_and_says_house_rule(library, tmp_path):
    house = write(tmp_path / "house.yaml", "saunders:\n  to_hit:\n    rows: {needed: 4}\n"
                                            "  materials:\n    rows: {wood: {per_inch: 0.1}}\n")
    own, ruled = SAUNDERS.tables(), SAUNDERS.tables(house)
    assert ruled.to_hit.rows["needed"] == 4 and ruled.to_hit.rows["modifiers"] == own.to_hit.rows["modifiers"]
    assert ruled.materials.rows["wood"]["per_inch"] == 0.1
    assert {k: v for k, v in ruled.materials.rows.items() if k != "wood"} == \
           {k: v for k, v in own.materials.rows.items() if k != "wood"}
    d = SAUNDERS.derive(library.find("uss-monitor"), SAUNDERS.context(library, house))
    assert any("house rule" in why for path, why in d.reasons.items() if path.startswith("armour"))


def test_a_list_replaces_all_the_rows_and_each_row_needs_every_field(library, tmp_path):
    house = write(tmp_path / "house.yaml", "saunders:\n  hull:\n    rows:\n      - {min_ft: 0, hull: 12}\n")
    d = SAUNDERS.derive(library.find("uss-hartford"), SAUNDERS.context(library, house))
    assert d["hull"] == 12 and "≥ 0 → 12 (hull, house rule)" in d.reasons["hull"]
    missing = write(tmp_path / "missing.yaml", "saunders:\n  hull:\n    rows:\n      - {min_ft: 0}\n")
    with pytest.raises(ShipyardError, match=r"missing.yaml:4: saunders.hull.rows\[0\]: the row has no 'hull'"):
        SAUNDERS.tables(missing)


# Every bad house-rules file of the newcomer's review: the command says what is wrong, in the user's file, at its line
@pytest.mark.parametrize("rules, rows, says", [
    # rows out of order gave Hartford (269 ft) hull 6 instead of 15, without a word
    ("saunders", "hull:\n    rows:\n      - {min_ft: 0, hull: 5}\n      - {min_ft: 300, hull: 26}\n"
                 "      - {min_ft: 200, hull: 15}\n",
     "house.yaml:6: saunders.hull.rows[2].min_ft: min_ft 200 comes after 300: the rows must go up in min_ft"),
    # no row for her length kept 15 with the false reason '269 ft ≥ 500 → 15'
    ("saunders", "hull:\n    rows:\n      - {min_ft: 500, hull: 15}\n",
     "house.yaml:4: saunders.hull.rows[0].min_ft: the first row begins at min_ft 500, so a value under it would "
     "match no row"),
    # an empty list blamed bundled:usn/uss-hartford.yaml
    ("saunders", "hull:\n    rows: []\n", "house.yaml:3: saunders.hull.rows: expected at least one row"),
    # hull 10⁸ died in the page layout, in millimetres
    ("saunders", "hull:\n    rows:\n      - {min_ft: 0, hull: 100000000}\n",
     "house.yaml:4: saunders.hull.rows[0].hull: expected a number within ±400"),
    # an upper band must still take every value: Smoke on the Water's last size band has no limit
    ("sotw", "vessel_sizes:\n    rows:\n      - {max_tons: 600, size: Small}\n",
     "house.yaml:4: sotw.vessel_sizes.rows[0].max_tons: the last row's max_tons must be null (no limit)"),
])
def test_a_house_rule_that_would_give_wrong_stats_is_refused_with_its_line(cli, tmp_path, rules, rows, says):
    house = write(tmp_path / "house.yaml", f"{rules}:\n  {rows}")
    run = cli("explain", "uss-hartford", "--rules", rules, "--house-rules", house, cwd=tmp_path)
    assert run.code == 2, run.out
    assert says in run.err and "bundled:" not in run.err and "Traceback" not in run.err
    assert cli("validate", house, cwd=tmp_path).code == 2


def test_a_band_lookup_matching_no_row_is_an_error_never_the_nearest_row():
    from shipyard.rules.lookups import band

    hull = SAUNDERS.tables().hull
    with pytest.raises(ShipyardError, match="-1 matches no row"):
        band(hull.rows, -1, lower="min_ft", table=hull)
    assert band(hull.rows, 269, lower="min_ft", table=hull)["hull"] == 22
    with pytest.raises(ShipyardError, match="not declared bands by 'max_ft'"):
        band(hull.rows, 269, upper="max_ft", table=hull)


# ---------------------------------------------------------------------------------------------
# Rule reminders printed from table fields, so a house rule reaches them


def test_smoke_on_the_water_natural_rolls_follow_table_10(library, tmp_path):
    from shipyard.rules.smoke_on_the_water.reference import to_hit_block
    from shipyard.rules.smoke_on_the_water.sheet import to_hit_legend

    plain = SOTW.context(library)
    assert "1 always hits, even needing under 1; 10 misfires" in " ".join(to_hit_block(plain).texts())  # play 36, moment 8
    house = SOTW.context(library, write(tmp_path / "house.yaml", "sotw:\n  direct_fire:\n    rows: {misfires: 9}\n"))
    for block in (to_hit_legend(house), to_hit_block(house)):
        printed = " ".join(block.texts())
        assert "1 always hits" in printed and " 9 misfires" in printed and "10 misfires" not in printed


def test_smoke_on_the_water_point_blank_size_exception_follows_table_10(library, tmp_path):
    """'A: 0 at PB' is a Table 10 field, so a house rule that changes it reaches the sheet and the quick reference."""
    from shipyard.rules.smoke_on_the_water.reference import to_hit_block
    from shipyard.rules.smoke_on_the_water.sheet import to_hit_legend

    plain = SOTW.context(library)
    for block in (to_hit_legend(plain), to_hit_block(plain)):
        assert "(A: 0 at PB)" in " ".join(block.texts())
    house = SOTW.context(library, write(tmp_path / "house.yaml",
                                        "sotw:\n  direct_fire:\n    rows: {target_size_at_point_blank: {A: 1}}\n"))
    for block in (to_hit_legend(house), to_hit_block(house)):
        printed = " ".join(block.texts())
        assert "(A: +1 at PB)" in printed and "A: 0 at PB" not in printed


def test_saunders_ram_bow_reason_and_sheet_quote_the_ramming_table(library, tmp_path):
    from shipyard.rules.saunders.sheet import sheet

    rows = [dict(r, mod=-2) if r["when"] == "Own ship the rammer, no ram bow" else r
            for r in SAUNDERS.tables().ramming_modifiers.rows]
    house = write(tmp_path / "house.yaml", yaml_dump({"saunders": {"ramming_modifiers": {"rows": rows}}}))
    ctx = SAUNDERS.context(library, house)
    hartford = library.find("uss-hartford")
    d = SAUNDERS.derive(hartford, ctx)
    assert d["ram_bow"] is False
    assert d.reasons["ram_bow"].words == "no ram bow in the library: -2 when ramming (ramming_modifiers, house rule)"
    assert any("No ram bow (ramming table's −2 row)" in t for t in sheet(hartford, d, ctx).texts())
    plain = SAUNDERS.derive(hartford, SAUNDERS.context(library))
    assert plain.reasons["ram_bow"].words == "no ram bow in the library: -1 when ramming (ramming_modifiers, source)"


def test_really_simple_funnel_and_fire_boxes_follow_the_special_effects_rows(library, tmp_path):
    from shipyard.render.tracks import Check
    from shipyard.render.tags import walk
    from shipyard.rules.really_simple import counters, reference, sheet

    rows = [dict(r, knots=3) if r.get("knots") else dict(r, turns=5) if r.get("turns") else r
            for r in get_ruleset("rs").tables().special_effects.rows]
    house = write(tmp_path / "house.yaml", yaml_dump({"really-simple": {"special_effects": {"rows": rows}}}))
    rs = get_ruleset("rs")
    for ctx, knots, turns in ((rs.context(library), 2, 4), (rs.context(library, house), 3, 5)):
        hartford = library.units["uss-hartford"]
        card = sheet.card(hartford, rs.derive(hartford, ctx), ctx)
        checks = {c.label: c.boxes for b in walk(card) for c in getattr(b, "checks", ()) if isinstance(c, Check)}
        assert checks[f"funnel −{knots} kn"] == 1 and checks["FIRE"] == turns
        printed = " ".join(block_texts(reference.special_effects(ctx)))
        assert f"top speed {knots} knots lower" in printed and f"all {turns} boxes struck, the crew leave" in printed
        fire = next(m for m in counters.markers(ctx) if m.title == "FIRE!")
        assert fire.reminder.endswith(f"all {turns} boxes struck, the crew leave")


def yaml_dump(data) -> str:
    import yaml

    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
