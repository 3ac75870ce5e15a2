"""Really Simple ACW Naval Rules: the printed aids at the block level (milliseconds, no PDF read back): every
number and rule reminder on a card, the quick band, the markers and the reference comes from the tables."""

from __future__ import annotations

import pytest

from shipyard.render.text_blocks import Runs, Text
from shipyard.render.figures import StatBoxes
from shipyard.render.table_block import Table
from shipyard.render.tracks import Tracks
from shipyard.render.tags import walk
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple import counters, reference, sheet
from shipyard.render.tracks import CheckRow
from shipyard.render.kit import CardHead, GunRows, OrdersGrid, SpeedTrack
from shipyard.errors import ShipyardError

RS = get_ruleset("really-simple")

HOUSE = """\
really-simple:
  ramming:
    rows:
      modifiers:
        - {label: Target stationary, modifier: 1}
        - {key: no_ram_bow, label: Rammer without reinforced bow, modifier: -2}
      results:
        - {roll: 5+, effect: Target crippled}
        - {roll: 1-4, effect: No effect}
  sinking:
    rows: {turns: 1d6+3}
  grounding:
    rows: {shallow_shoal_dice: 3, deep_shoal_dice: 4, free_on: 5}
  hit_effects:
    rows:
      - {roll: 1-3, effect: Lose two guns}
      - {roll: 4-6, effect: Lose one knot}
  movement:
    rows: {inches_per_knot: 1, speed_change_kn: 3, speed_step_kn: 1, astern_fraction: 0.5, turn_deg: 60}
  armour_materials:
    rows:
      iron: {per_inch: 0.5}
      railway_iron: {per_inch: 1}
      tin: {per_inch: 1}
      cotton: {per_inch: 0}
      wood: {per_inch: 0.05}
      backing: {per_inch: 0.05}
"""


@pytest.fixture(scope="module")
def house_ctx(library, tmp_path_factory):
    path = tmp_path_factory.mktemp("house") / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return RS.context(library, house_rules=path)


def texts(block) -> str:
    return " | ".join(block.texts())


def card_of(library, ctx, unit_id):
    unit = library.units[unit_id]
    return sheet.card(unit, RS.derive(unit, ctx), ctx)


def test_house_rules_reach_the_card_the_band_the_markers_and_the_reference(library, ctx, house_ctx):
    plain, house = card_of(library, ctx, "uss-hartford"), card_of(library, house_ctx, "uss-hartford")
    assert "RAM BOW no (−1)" in plain.texts() and "RAM BOW no (−2)" in house.texts()
    assert "no (−1)" not in texts(house) and "1d6+2" not in texts(house)
    head, house_head = texts(sheet.cards_header(ctx)), texts(sheet.cards_header(house_ctx))
    assert "sinks in 1d6+2 turns" in head and "sinks in 1d6+3 turns" in house_head
    # a 1-knot step: her 13½ knots round to 14 and the track counts whole knots down to 0, then SINKS
    assert RS.derive(library.units["uss-hartford"], house_ctx).stats.speed_kn == 14
    track = next(b for b in walk(house) if isinstance(b, SpeedTrack))
    assert [c.label for c in track.cells] == [str(v) for v in range(14, -1, -1)] + ["SINKS T______", "ABANDONED", "STRUCK"]
    assert "per 1 kn lost" in house_head and "per ½ kn lost" in head
    hartford = [RS.derive(library.units["uss-hartford"], c) for c in (ctx, house_ctx)]
    shooting, house_shooting = texts(reference.shooting(hartford[:1], ctx)), texts(reference.shooting(hartford[1:], house_ctx))
    assert "Lose two guns" in house_shooting and "Lose a gun" not in house_shooting and "Lose a gun" in shooting
    aground = next(m for m in counters.markers(house_ctx) if m.title == "AGROUND")
    assert aground.reminder.startswith("5 on 1d6") and "6 on" not in aground.reminder
    sinking = next(m for m in counters.markers(house_ctx) if m.title == "SINKING")
    assert "1d6+3" in sinking.reminder
    derived = [RS.derive(library.units["uss-hartford"], house_ctx)]
    ref = " ".join(t for b in reference.movement(derived, house_ctx) + reference.shoals(derived, house_ctx)
                   + reference.ramming(derived, house_ctx) + [reference.shooting(derived, house_ctx)]
                   + reference.special_effects(house_ctx) for t in b.texts())
    assert "till a 5 on 1d6 at a turn's end frees her" in ref and "Turns: 60° exactly (or less, onto a heading that is a multiple of 60°)" in ref and "(at most 3 from last turn's)" in ref and "roll 1d6+3 when" in ref
    assert "Target crippled" in ref and "−2" in ref
    log = texts(sheet.orders_intro("Orders log", house_ctx))
    assert "any 60° turns" in log and "(at most 3 from last turn's)" in log and "45°" not in log


def test_house_ruled_iron_equivalent_changes_the_armour_box(library, ctx, house_ctx):
    # Tennessee: 5 in iron on 23 in of wood; at half an inch of iron per inch she drops from 8 to 7
    plain = RS.derive(library.units["css-tennessee"], ctx)
    house = RS.derive(library.units["css-tennessee"], house_ctx)
    assert (plain.stats.armour, house.stats.armour) == (8, 7)
    assert "house rule" in house.reasons["armour"] and "× 0.5" in house.reasons["armour"]
    card = sheet.card(library.units["css-tennessee"], house, house_ctx)
    boxes = next(b for b in walk(card) if isinstance(b, StatBoxes))
    assert boxes.items[0] == ("ARMOUR", 7)


def test_monitor_card_lists_her_figures_speeds_and_guns(library, ctx):
    card = card_of(library, ctx, "uss-monitor")
    heads = [b for b in walk(card) if isinstance(b, CardHead)]
    assert heads[0].title == "USS Monitor"
    boxes = next(b for b in walk(card) if isinstance(b, StatBoxes))
    assert dict(boxes.items) == {"ARMOUR": 8, "AHEAD": "6 kn", "ASTERN": "3 kn", "DRAFT": "10 ft", "RAM BOW": "no (−1)"}
    track = next(b for b in walk(card) if isinstance(b, SpeedTrack))
    assert [c.label for c in track.cells] == ["6", "5½", "5", "4½", "4", "3½", "3", "2½", "2", "1½", "1", "½", "0", "SINKS T______", "ABANDONED", "STRUCK"]
    guns = next(b for b in walk(card) if isinstance(b, GunRows))
    assert [(t.label, t.count, t.note) for t in guns.tracks] == [("TURRET L +3", 2, "2 × 11-inch Dahlgren")]


def test_fort_card_has_no_speed_track_and_says_its_share_of_guns(library, ctx):
    fort = library.forts[0]
    card = sheet.card(fort, RS.derive(fort, ctx), ctx)
    assert not [b for b in walk(card) if isinstance(b, SpeedTrack)]
    assert "ON ONE SHIP 1 of 6" in card.texts()


def test_no_text_on_a_card_or_the_orders_log_under_6_pt(library, ctx):
    derived = [RS.derive(u, ctx) for u in list(library.units.values())[:12]]
    blocks = [sheet.card(u, d, ctx) for u, d in zip(list(library.units.values())[:12], derived)]
    blocks += [sheet.cards_header(ctx), *sheet.orders_bands(derived, 12, 190.0)]
    for root in blocks:
        for b in walk(root):
            for attr in ("size", "label_size", "sub_size", "min_size", "note_size", "small"):
                if isinstance(b, (Text, Runs, Table, StatBoxes, Tracks, CardHead, SpeedTrack, GunRows, CheckRow,
                                  OrdersGrid)) and hasattr(b, attr):
                    assert getattr(b, attr) >= 6.0, (type(b).__name__, attr, getattr(b, attr))


def test_a_card_measures_what_it_draws(library, ctx, tmp_path):
    from shipyard.render import Document

    card = card_of(library, ctx, "uss-brooklyn")
    with Document(tmp_path / "c.pdf", paper="a4", strict=True) as doc:
        page = doc.new_page()
        assert card.draw(page, doc.content.x, doc.content.y, 90.0) == pytest.approx(card.measure(90.0))


def test_a_marker_reminder_too_long_for_a_chit_is_a_clear_error(library, tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("markers:\n  rows:\n    - {marker: FIRE!, reminder: '" + "roll a die and weep " * 8 + "', shade: 0.8}\n",
                    encoding="utf-8")
    with pytest.raises(ShipyardError, match="FIRE! marker .* does not fit"):
        counters.markers(RS.context(library, house_rules=path))
    path.write_text("markers:\n  rows:\n    - {marker: AGROUND, reminder: '{grounding.free_at} frees her'}\n", encoding="utf-8")
    with pytest.raises(ShipyardError, match=r"grounding.free_at.*free_on"):
        counters.markers(RS.context(library, house_rules=path))


def test_marker_copies_fill_the_last_page_instead_of_spilling_a_few(library, ctx):
    marks = counters.markers(ctx)[:5]  # the sums below are for five markers
    # 160 chits before the markers on a 165-cell page: 6 sets (30) would spill 25 onto a new page, 5 (25) still
    # spill, so the 6 sets go, and the second page, holding markers alone, is not filled up with spares
    out = counters.marker_chits(marks, 24, 160, (11, 15))
    assert len(out) == 6 * len(marks)
    # 139 before: 6 sets spill 4 onto a new page, 5 sets fit; the page's last cell is used too
    out = counters.marker_chits(marks, 24, 139, (11, 15))
    assert 139 + len(out) == 165 and len(out) >= 5 * len(marks)
    titles = [t for t, _, _ in out]
    assert titles == sorted(titles, key=[m.title for m in marks].index)  # each marker's copies together
    # 150 before (Mobile Bay's chits on Letter): only three sets (15) fill the page without spilling; they do
    out = counters.marker_chits(marks, 22, 150, (11, 15))
    assert len(out) == 3 * len(marks)
