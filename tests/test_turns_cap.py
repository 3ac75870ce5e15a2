"""--turns (and a scenario's turns:) accept only what the record sheets can hold: every accepted number builds, and
one past the cap is refused up front, in the option's words, instead of a layout error blaming a bundled ship."""

from __future__ import annotations

import pytest

from conftest import in_process
from console_script import shipyard
from shipyard.pack import PackOptions, build_pack
from shipyard.rules import get_ruleset

ONLY_SHEETS = dict(roster=False, templates=False, counters=False, reference=False)


def test_more_turns_than_a_sheet_holds_is_refused_before_anything_is_drawn(tmp_path):
    run = shipyard("pack", "mobile-bay-1864", "--turns", "200", "-o", "out", cwd=tmp_path)
    err = run.stderr.decode()
    assert run.returncode == 2 and "error: --turns: 200 turns: an orders log holds at most 100" in err
    assert "does not fit a page" not in err and ".yaml" not in err and not (tmp_path / "out").exists()


def test_a_scenario_asking_for_more_turns_than_a_sheet_holds_is_refused(tmp_path):
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "long-night.yaml").write_text(
        "id: long-night\nname: Long night\nplace: Mobile Bay\ndate: '1864-08-05'\nturns: 150\nsides:\n"
        "  - {name: Union, navy: USN, units: [{id: uss-hartford}]}\n"
        "  - {name: Confederate, navy: CSN, units: [{id: css-tennessee}]}\n", encoding="utf-8")
    run = in_process("validate", cwd=tmp_path)  # the real script's refusal of --turns is shown above
    assert run.code == 2 and "error: ships/long-night.yaml:5: turns: expected less than or equal to 100" in run.err


# the sheets that came nearest to the page's foot at 150 turns on Letter, the shorter paper
@pytest.mark.parametrize("scenario", ["hampton-roads-1862-day-2", "new-orleans-1862"])
@pytest.mark.parametrize("rules", ["smoke-on-the-water", "saunders"])
def test_the_most_turns_accepted_fit_every_bundled_sheet_on_letter(library, tmp_path, scenario, rules):
    from shipyard.library.model import MAX_TURNS

    built = build_pack(library, library.scenario(scenario), get_ruleset(rules),
                       PackOptions(paper="letter", turns=MAX_TURNS, output_dir=tmp_path, **ONLY_SHEETS))
    assert built.pages >= 1


def test_no_turns_at_all_is_refused_in_words(tmp_path):
    run = in_process("pack", "mobile-bay-1864", "--turns", "0", "-o", "out", cwd=tmp_path)
    assert run.code == 2 and "error: --turns: 0 turns: a game has at least 1 turn" in run.err
    assert "Input should" not in run.err and not (tmp_path / "out").exists()
