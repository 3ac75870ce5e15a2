"""Really Simple after the play review: torpedoes on the quick reference with their boxes on the cards, a fort's card
saying which hit rows do nothing to it, a blank for the turn a 1d6-long effect ends, and orders logs with room to
write the extras (a small side's log using its page)."""

from __future__ import annotations

import re

import pytest

from shipyard.render import Document
from shipyard.render.tags import recorded
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple import reference, sheet
from shipyard.rules.really_simple.trackers import OUTCOME_TABLES, applies, no_effect_rolls, table_rows, trackers

RS = get_ruleset("really-simple")


@pytest.fixture(scope="module")
def mobile_bay_derived(library, ctx):
    """(unit, derived) for every unit of Mobile Bay."""
    return [(u, RS.derive(u, ctx)) for _, u in library.scenario_units(library.scenario("mobile-bay-1864"))]


def _texts(blocks) -> str:
    return "\n".join(t for b in blocks for t in b.texts())


# ---------------------------------------------------------------------------------------------- 1: torpedoes


def test_torpedo_tables_are_reconstructed_and_on_the_quick_reference(ctx, mobile_bay_derived):
    t = ctx.tables
    assert t.require("torpedoes").provenance == "reconstructed"
    assert t.require("torpedo_field").provenance == "reconstructed"
    text = _texts(reference.torpedoes([d for _, d in mobile_bay_derived], ctx))
    assert "Torpedoes" in text and "Not in the original text" in text
    field = t.require("torpedo_field").rows
    assert f"roll {field['dice']}" in text and f"strikes on {field['strike_on']}" in text
    for row in t.require("torpedoes").rows:  # every row of the strike table is printed, roll and effect
        assert row["roll"] in text and row["effect"] in text
    # forts alone strike no torpedoes: nothing to print
    assert reference.torpedoes([d for _, d in mobile_bay_derived if d.stats.is_fort], ctx) == []


def test_a_torpedo_strike_has_its_box_on_every_ship_card_and_none_on_a_fort(ctx, mobile_bay_derived):
    assert "torpedoes" in OUTCOME_TABLES  # so the both-ways walk in test_really_simple_play covers its rows
    t = trackers()
    rows = [r for r in table_rows(ctx.tables, "torpedoes") if str(r["effect"]).lower() != "no effect"]
    assert rows
    for row in rows:
        outs = [o for o in t.outcomes if o.table == "torpedoes" and o.row == str(row["roll"])]
        assert outs, row
        for unit, d in mobile_bay_derived:
            tags = set(recorded(sheet.card(unit, d, ctx)))
            for o in outs:
                if applies(o.applies, d.stats):
                    assert o.tracker in tags, (unit.name, row["roll"], o.tracker)
                else:
                    assert d.stats.is_fort  # only a fort is spared
    tecumseh = next(sheet.card(u, d, ctx) for u, d in mobile_bay_derived if u.id == "uss-tecumseh")
    assert {"speed", "sunk"} <= set(recorded(tecumseh)) and "SINKS T______" in tecumseh.texts()


# ---------------------------------------------------------------------------------------------- 10: forts


def test_a_fort_card_says_which_hit_rows_do_nothing_to_it_and_they_have_no_box(ctx, mobile_bay_derived):
    t = trackers()
    for unit, d in mobile_bay_derived:
        card = sheet.card(unit, d, ctx)
        text = " ".join(card.texts())
        tags = set(recorded(card))
        if not d.stats.is_fort:
            assert "have no effect" not in text, unit.name
            continue
        said = dict(no_effect_rolls(ctx.tables, d.stats))
        assert set(said) == {"hit 1d6", "2d6"}, unit.name
        assert "hit 1d6 1, 3, 4-5;" in text  # no speed to lose; a 3 takes no fort gun (fort_hits: only a 2 does)
        for words, rolls in said.items():
            assert f"{words} {', '.join(rolls)}" in text
        for table, words in (("hit_effects", "hit 1d6"), ("special_effects", "2d6")):
            for row in table_rows(ctx.tables, table):
                roll = str(row["roll"])
                boxes = {o.tracker for o in t.outcomes if o.table == table and o.row == roll
                         and applies(o.applies, d.stats)}
                # a row said to do nothing has no box on the card; every other row has its box there
                assert (roll in said.get(words, [])) == (not boxes), (unit.name, table, roll)
                assert boxes <= tags
        assert "2" in said["2d6"] and "11" not in said["2d6"]  # fire reaches a fort, a magazine hit not (fort_magazine)


# ---------------------------------------------------------------------------------------------- 13: durations, logs


def test_effects_that_last_1d6_moves_or_turns_have_a_blank_for_the_turn_they_end(ctx, mobile_bay_derived):
    hartford = next((u, d) for u, d in mobile_bay_derived if u.id == "uss-hartford")
    row = next(b for b in _walk(sheet.card(*hartford, ctx)) if type(b).__name__ == "CheckRow")
    lasting = {c.tracker for c in row.checks if sheet.UNTIL in c.label}
    # the rows that say "for 1d6 moves / 1d6 turns" or "one full turn": helmsman (3), shutter (6), screw fouled (9),
    # steering (10); not fire or boiler
    expected = {o.tracker for o in trackers().outcomes if o.table == "special_effects"
                for r in ctx.tables.require("special_effects").rows
                if str(r["roll"]) == o.row and re.search(r"(1d6|one full) (moves|turns?)", r["effect"])}
    assert expected == {"helmsman", "shutter", "fouled", "steering"}
    assert lasting == expected


def _walk(block):
    from shipyard.render.tags import walk

    return list(walk(block))


@pytest.fixture(scope="module")
def a4(tmp_path_factory):
    with Document(tmp_path_factory.mktemp("a4") / "x.pdf", paper="a4") as doc:
        return doc.content


def test_union_orders_log_gives_the_extras_the_widest_part(ctx, mobile_bay_derived, a4):
    union = [d for u, d in mobile_bay_derived if u.nation == "Union"]
    bands = sheet.log_layout(union, 12, a4.w, a4.h - 20.0, 4.0)
    assert len(bands) == 2 and sum(b.measure(a4.w) + 4.0 for b in bands) <= a4.h - 20.0  # still one page
    halves_1, halves_2, extras = bands[0].part_widths(a4.w)
    assert extras >= 12.0, extras  # was 8.7 mm: a speed change, RAM and a target
    assert extras > 1.5 * halves_1 and halves_1 == pytest.approx(halves_2)


def test_small_side_orders_log_uses_its_page(ctx, mobile_bay_derived, a4):
    conf = [d for u, d in mobile_bay_derived if u.nation == "Confederate" and not d.stats.is_fort]
    room = a4.h - 20.0
    bands = sheet.log_layout(conf, 12, a4.w, room, 4.0)
    turns = [t for b in bands for t in b.turns]
    assert turns == list(range(1, 13))
    used = sum(b.measure(a4.w) + 4.0 for b in bands)
    assert 0.6 * room <= used <= room, (used, room)  # was about a third of the page
    assert bands[0].part_widths(a4.w)[2] >= 20.0
    assert bands[0].row_h > sheet.log_style()["row_h"]
    # a long game still fits: 30 turns on the one page at narrower turns, or rows of the dense layout
    long = sheet.log_layout(conf, 30, a4.w, room, 4.0)
    assert [t for b in long for t in b.turns] == list(range(1, 31))


def test_orders_log_name_column_holds_its_heading_note(ctx, mobile_bay_derived, a4):
    """The note under "Ship" (what the figures by each name are) stays inside the name column, even for a side of
    short names (it ran into Turn 1 on the Confederate log)."""
    from shipyard.render.measure import text_width
    from shipyard.rules.really_simple.sheet import SPEEDS_HEAD

    conf = [d for u, d in mobile_bay_derived if u.nation == "Confederate" and not d.stats.is_fort]
    band = sheet.log_layout(conf, 12, a4.w, a4.h - 20.0, 4.0)[0]
    assert text_width(SPEEDS_HEAD, band.small, "regular", "condensed") + 1.0 <= band.name_w(a4.w)
