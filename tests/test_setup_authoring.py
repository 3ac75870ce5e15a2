"""Issue 23's authoring and per-side parts: the set-up is a pack section like the others (--no setup), `shipyard new
scenario` writes a set-up a user fills in, and one side's packet is that side's. The help a terminal shows goes through
the real `shipyard` script; the commands' files and answers are the command line's own, run in this process (in_process:
an interpreter start each was most of this file's time), as the script's exit codes and streams are shown elsewhere
(test_validate_nonsense, test_broken_own_file, test_cli_start)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import in_process, pdf_page_texts
from console_script import shipyard


def _words(out: bytes) -> str:
    """Rich's help box as plain words: the frame and the wrapping gone."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", out.decode()).split())


def test_the_set_up_is_a_section_no_leaves_out_and_help_names(tmp_path):
    from shipyard.pack.sections import SECTIONS

    helped = shipyard("pack", "--help", cwd=tmp_path, COLUMNS="200")
    assert helped.returncode == 0
    assert f"Leave out a section (repeatable): {', '.join(s.name for s in SECTIONS)}." in _words(helped.stdout)
    run = in_process("pack", "mobile-bay-1864", "-r", "quick-play", "--no", "setup", "--no", "counters", "-o", "out",
                     "--jobs", "1", cwd=tmp_path)
    assert run.code == 0, run.err
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(tmp_path / "out" / "mobile-bay-1864-quick-play.pdf"))
    marks = [b.get_title() for b in pdf.get_toc()]
    pdf.close()
    assert marks and not any(m.startswith("Set-up") for m in marks) and "Counters and markers" not in marks, marks
    bad = in_process("pack", "mobile-bay-1864", "--no", "plan", cwd=tmp_path)
    assert bad.code != 0 and "expected one of setup, roster" in bad.err


def test_new_scenario_writes_a_set_up_to_fill_in_that_validates_as_written_and_uncommented(tmp_path):
    """Main's `new scenario` wrote no set-up at all: a user had to find the format in the code."""
    made = in_process("new", "scenario", "Sound skirmish", "--folder", "ships", cwd=tmp_path)
    assert made.code == 0, made.err
    path = tmp_path / "ships" / "sound-skirmish.yaml"
    text = path.read_text()
    data = yaml.safe_load(text)
    units = [u["id"] for side in data["sides"] for u in side["units"]]
    setup = data["setup"]
    assert setup["area"]["width_yd"] > 0 and sorted(setup["starts"]) == sorted(units)  # one start per unit
    assert {row["unit"] for row in setup["victory"]["points"]} == set(units) and setup["victory"]["levels"]
    assert in_process("validate", path, cwd=tmp_path).code == 0
    # every commented-out example is a valid one: uncommented, the file still validates
    shown = re.compile(r"^(  )?# ((turns|land|water|obstructions|torpedo_fields|zones|events|special_rules|fitting"
                       r"|outcome): .*)$")
    uncommented = [shown.sub(lambda m: (m.group(1) or "") + m.group(2), line) for line in text.splitlines()]
    assert sum(a != b for a, b in zip(uncommented, text.splitlines())) == 10
    path.write_text("\n".join(uncommented) + "\n")
    checked = in_process("validate", path, cwd=tmp_path)
    assert checked.code == 0, checked.out + checked.err
    # and it prints: the set-up page names both units
    run = in_process("pack", "sound-skirmish", "-L", "ships", "-r", "quick-play", "-o", "out", "--jobs", "1",
                     *[a for s in ("roster", "sheets", "templates", "counters", "reference") for a in ("--no", s)],
                     cwd=tmp_path)
    assert run.code == 0, run.err
    pages = " ".join(pdf_page_texts(tmp_path / "out" / "sound-skirmish-quick-play.pdf"))
    assert "USS Metacomet" in pages and "CSS Albemarle" in pages and "Victory points" in pages


def _sheet_names(path: Path) -> list[str]:
    """The units bookmarked under the record sheets (or cards) of a pack."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    names, inside = [], False
    for mark in pdf.get_toc():
        if mark.level == 0:
            inside = mark.get_title() == "Record sheets"
        elif inside:
            names.append(mark.get_title())
    pdf.close()
    return names


def test_per_side_writes_one_file_a_side_with_its_own_cards_and_the_whole_set_up(tmp_path):
    """On Letter, Quick Play's cards of one side shared a page with the other's: a side could not be handed its own.
    --per-side writes each side its file: its cards alone, and the set-up page with every unit of both."""
    from shipyard.library.library import Library

    lib = Library.load()
    scenario = lib.scenarios["mobile-bay-1864"]
    run = in_process("pack", "mobile-bay-1864", "--per-side", "-r", "quick-play", "--paper", "letter", "-o", "out",
                     "--jobs", "1", "--save-preset", "sides.yaml", cwd=tmp_path)
    assert run.code == 0, run.err
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == ["mobile-bay-1864-quick-play-confederate-letter.pdf", "mobile-bay-1864-quick-play-union-letter.pdf"]
    everyone = [lib.units[su.id].name for side in scenario.sides for su in side.units]
    setups = []
    for side in scenario.sides:
        path = tmp_path / "out" / f"mobile-bay-1864-quick-play-{side.name.lower()}-letter.pdf"
        own = {lib.units[su.id].name for su in side.units}
        cards = {c for c in _sheet_names(path) if c in everyone}
        assert cards and cards <= own, (side.name, cards - own)  # no card of the other side
        page = next(p for p in pdf_page_texts(path) if p.lstrip().startswith("Set-up:"))
        setups.append(page.rsplit("page 2 of", 1)[0])  # less the footer's page count
    assert setups[0] == setups[1] and "USS Tecumseh" in setups[0] and "CSS Tennessee" in setups[0]  # one set-up, both sides
    assert yaml.safe_load((tmp_path / "sides.yaml").read_text(encoding="utf-8"))["per_side"] is True
    again = in_process("pack", "mobile-bay-1864", "--preset", "sides.yaml", "--side", "Union", "-o", "again",
                       cwd=tmp_path)
    assert again.code == 0, again.err
    assert [p.name for p in (tmp_path / "again").iterdir()] == ["mobile-bay-1864-quick-play-union-letter.pdf"]
    bad = in_process("pack", "mobile-bay-1864", "--per-side", "--side", "Royal Navy", "-r", "quick-play", "-o", "bad",
                     cwd=tmp_path)
    assert bad.code != 0 and "no side named Royal Navy" in bad.err and not (tmp_path / "bad").exists()
