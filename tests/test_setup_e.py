"""Issue 22's shared set-up page and plan, as the replays r19 found it: labels stacked so close they read as one, the
starts table's wrapped lines, the channel edge placed in numbers, Tennessee's start heading."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]
SCENARIOS = Path(__file__).resolve().parent.parent / "vessels" / "scenarios"
PLANNED = sorted(p.stem for p in SCENARIOS.glob("*.yaml") if "\nsetup:" in p.read_text(encoding="utf-8"))


def played_setup(library, scenario_id: str, rules: str, paper: str):
    """A set-up page's blocks as the pack lays them out, with only the units that take part under the rule set (its
    own order of battle, as draw_setup places them), and the page's content box."""
    from shipyard.app import context
    from shipyard.pack.setup_page import fitted, played, setup_blocks
    from shipyard.render import Document
    from shipyard.rules import get_ruleset

    rs = get_ruleset(rules)
    scenario = library.scenarios[scenario_id]
    ctx = context(rs, library, scenario=scenario)
    scenario = played(scenario, rs, ctx)
    units = {su.id: library.units[su.id] for s in scenario.sides for su in s.units if su.id in library.units}
    with Document(Path(tempfile.mkdtemp()) / "x.pdf", paper=paper, title="x", footer="x") as doc:
        box = doc.content
        doc.new_page()
    return fitted(setup_blocks(scenario, rs, units, rs.native_scale, scenario.turns or 12, box.w), box.w, box.h), box


def played_plan(library, scenario_id: str, rules: str, paper: str):
    from shipyard.pack.setup_page import plan_of

    blocks, box = played_setup(library, scenario_id, rules, paper)
    return plan_of(blocks, box.w)


# Two labels read as two where they stand this far apart, across or up (mm): a line's leading, about a quarter of a
# 6 pt label's height. Closer, one sits on the other (r19, Quick Play Letter p2: "CSS Selma" 0.3 mm above "Torpedo
# line", on the field's edge, read as one name over the other).
APART = (1.2, 0.6)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("scenario", PLANNED)
def test_no_two_labels_on_a_plan_sit_on_one_another(library, scenario, rules, paper):
    """Replay r19 (Quick Play, p2): "CSS Selma" overprinted "Torpedo line". Every plan's labels, the units' and the
    ground's, as placed for the page (block list), lie at least a line's leading apart up or across, on every bundled
    scenario's plan in every rule set, Letter and A4."""
    plan, width = played_plan(library, scenario, rules, paper)
    labels = plan.labels(width)
    assert len(labels) >= len(plan.markers)
    for i, (text, *a) in enumerate(labels):
        for text2, *b in labels[i + 1:]:
            across = max(a[0] - b[2], b[0] - a[2])
            up = max(a[1] - b[3], b[1] - a[3])
            assert across >= APART[0] - 1e-6 or up >= APART[1] - 1e-6, (text, text2, round(across, 2), round(up, 2))
