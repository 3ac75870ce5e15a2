"""The cover's "Playing it as a club" (replay r27, r28: every player found a 12-turn Mobile Bay with one person
throwing all the dice more than an evening): a player to each command, a big division split head and tail, the
forts together, and how to stop and play on."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import COVER_SET_UP_AND_ROSTERS, pdf_page_texts

RULES = ["smoke-on-the-water", "saunders", "really-simple", "quick-play"]
SCENARIOS = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "vessels" / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("rules", RULES)
def test_mobile_bays_cover_gives_five_commands_and_how_to_stop_for_the_evening(bundled_packs, rules, paper):
    path = bundled_packs.get("mobile-bay-1864", rules, paper, **COVER_SET_UP_AND_ROSTERS).path
    cover = " ".join(pdf_page_texts(path)[0].split())
    assert "Playing it as a club" in cover
    assert "5 players, one to a command." in cover
    assert "Union: Monitor Division (Tecumseh, Manhattan, Winnebago, Chickasaw)" in cover
    assert "Wooden Ship Division, the head (Brooklyn, Hartford, Richmond, Lackawanna, with their consorts)" in cover
    assert "the tail (Monongahela, Ossipee, Oneida, with their consorts)" in cover
    assert "Confederate: the ships (Tennessee, Selma, Morgan, Gaines); the forts (Fort Morgan," in cover
    assert "Fort Powell" not in cover.split("Playing it as a club")[1]  # not on the table: no one commands her
    assert "stop at the end of one" in cover and "play on next time" in cover


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_every_unit_on_the_table_is_in_one_command_and_a_duel_has_no_sharing(library, scenario_id):
    from shipyard.pack.cover import club_text, commands

    scenario = library.scenarios[scenario_id]
    units = [(side.name, library.units[su.id], None) for side in scenario.sides for su in side.units
             if su.id in library.units]
    said = [ship for _, cmds in commands(scenario, units) for _, ships, _ in cmds for ship in ships]
    assert len(said) == len(set(said)), said
    starts = set(scenario.setup.starts) if scenario.setup is not None and scenario.setup.starts else None
    expected = [su for side in scenario.sides for su in side.units if su.id in library.units and not su.lashed_to
                and (starts is None or su.id in starts)]
    assert len(said) == len(expected), (said, [su.id for su in expected])
    text = club_text(scenario, units)
    one_each = all(len(c) == 1 for _, c in commands(scenario, units))
    assert (text is None) == one_each, text
