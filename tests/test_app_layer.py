"""One application layer for every printed aid (shipyard.app.build): the command line and the web call it, and
neither builds an aid, derives for one or names its file itself (issue 21, the app-layer slice)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shipyard import app as core
from shipyard.spec.errors import ShipyardError

SHIPYARD = Path(sys.executable).parent / "shipyard"  # the console script pip installed


def shipyard(*args, cwd: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(SHIPYARD), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc


# ---------------------------------------------------------------------------------------------
# One file namer


def test_templates_at_the_rule_sets_own_scale_name_no_scale(tmp_path):
    """Saunders plays at 1/1200: its templates at that scale are the default and their file name says no scale, as
    every other aid's does (main wrote saunders-templates-1-1200.pdf for a command given no --scale)."""
    run = shipyard("templates", "--rules", "saunders", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "wrote output/saunders-templates.pdf (2 pages)" in run.stdout
    run = shipyard("templates", "--rules", "saunders", "--scale", "1/600", cwd=tmp_path)
    assert "wrote output/saunders-templates-1-600.pdf" in run.stdout
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["saunders-templates-1-600.pdf",
                                                                       "saunders-templates.pdf"]


@pytest.mark.parametrize("aid, target, name", [
    ("sheets", ["uss-hartford"], "saunders-sheet-uss-hartford-letter-bw.pdf"),
    ("sheets", ["mobile-bay-1864"], "saunders-mobile-bay-1864-sheets-letter-bw.pdf"),
    ("templates", [], "saunders-templates-letter-bw.pdf"),
    ("counters", [], "saunders-counters-letter-bw.pdf"),
    ("roster", ["mobile-bay-1864"], "mobile-bay-1864-saunders-roster-letter-bw.pdf"),
    ("reference", ["mobile-bay-1864"], "mobile-bay-1864-saunders-reference-letter-bw.pdf"),
])
def test_every_aid_is_named_by_one_namer_with_every_variant(library, tmp_path, aid, target, name):
    rs = core.ruleset("saunders")
    built = core.build(aid, rs, library, target, core.AidOptions(paper="letter", colour=False), default_dir=tmp_path)
    assert built.path == tmp_path / name and built.path.read_bytes()[:5] == b"%PDF-" and built.pages >= 1


def test_a_scale_a_rule_set_ignores_is_not_in_the_file_name(library, tmp_path):
    """Quick Play measures the same at any scale: --scale changes nothing in it, so its name says nothing either
    (as its pack's, counters' and roster's did; main's sheet name said -1-1200)."""
    rs = core.ruleset("quick-play")
    built = core.build("sheets", rs, library, ["monitor"], core.AidOptions(scale="1/1200"), default_dir=tmp_path)
    assert built.path.name == "quick-play-sheet-uss-monitor.pdf"


# ---------------------------------------------------------------------------------------------
# One options model, checked as it is made


@pytest.mark.parametrize("values, words", [
    ({"paper": "a3"}, "--paper 'a3': expected a4 or letter"),
    ({"turns": 0}, "from 1 to 200"),
    ({"turns": "2.5"}, "from 1 to 200"),
    ({"fold": True, "backs": True}, "--fold and --backs: choose one"),
])
def test_aid_options_refuse_what_cannot_be_in_words(values, words):
    with pytest.raises(ShipyardError, match=words.replace("(", r"\(")):
        core.AidOptions(**values)


def test_a_roster_needs_a_scenario_and_says_so(library):
    with pytest.raises(ShipyardError, match="the roster is a scenario's"):
        core.build("roster", core.ruleset("sotw"), library, [])
    with pytest.raises(ShipyardError, match="no such printed aid"):
        core.build("poster", core.ruleset("sotw"), library, [])


def test_an_aid_a_rule_set_prints_inside_another_says_where(library):
    with pytest.raises(ShipyardError, match="prints no quick reference of its own: its templates hold it"):
        core.build("reference", core.ruleset("quick-play"), library, ["mobile-bay-1864"])
