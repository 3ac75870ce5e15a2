"""A scenario's length in each rule set's own turns (issue 22: a Cherbourg duel printed 60-turn logs under rules whose
turn is three minutes): `minutes:` is how long the action lasted, each rule set says how long its turn is."""

from __future__ import annotations

import pytest

from shipyard.rules import all_rulesets, get_ruleset
from shipyard.rules.play_aids import game_turns


def turns(library, scenario: str, rules: str, **options) -> int:
    from shipyard.app import context
    from shipyard.pack import PackOptions

    rs = get_ruleset(rules)
    ctx = context(rs, library, None, None, options=PackOptions(rules=[rs.key], **options),
                  scenario=library.scenarios[scenario])
    return game_turns(ctx)


@pytest.mark.parametrize("scenario, minutes", [("cherbourg-1864", 60), ("wassaw-sound-1863", 15)])
def test_an_action_of_so_many_minutes_is_that_many_of_each_rule_sets_turns(library, scenario, minutes):
    assert library.scenarios[scenario].minutes == minutes
    got = {rs.key: turns(library, scenario, rs.key) for rs in all_rulesets()}
    assert got["smoke-on-the-water"] == minutes  # a minute a turn (the text)
    for key in ("saunders", "really-simple", "quick-play"):
        assert got[key] == -(-minutes // 3), (key, got)  # three-minute turns (reconstructed)


def test_every_bundled_rule_set_says_how_long_its_turn_is_and_why():
    for rs in all_rulesets():
        assert rs.minutes_per_turn and rs.turn_reason, rs.key


def test_turns_asked_for_win_over_the_scenarios_minutes(library):
    assert turns(library, "cherbourg-1864", "saunders", turns=12) == 12
