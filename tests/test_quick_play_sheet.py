"""Quick Play aids at the block level (milliseconds): the record card, the play tables, the roster's blocks and the
speed markers read their numbers from the typed stats and tables.yaml, so a house rule reaches the printed aid."""

from __future__ import annotations

import json

import pytest

from shipyard.render import Document
from shipyard.render.table_block import Table
from shipyard.render.tracks import Tracks
from shipyard.render.tags import walk
from shipyard.rules.quick_play import RULESET
from shipyard.rules.quick_play import counters as qp_counters
from shipyard.rules.quick_play import reference, roster, sheet
from shipyard.rules.quick_play.stats import QuickPlayStats


def texts(block) -> str:
    return " | ".join(t for b in walk(block) for t in b.texts())


def card_of(library, ctx, uid):
    u = library.units[uid]
    return sheet.card(u, RULESET.derive(u, ctx), ctx)


# ------------------------------------------------------------------------------------------------ stats


def test_every_unit_in_the_library_derives_typed_stats_with_the_json_keys(library, ctx):
    fields = set(QuickPlayStats.model_fields)
    for u in library.units.values():
        d = RULESET.derive(u, ctx)
        assert isinstance(d.stats, QuickPlayStats)
        assert set(d.values) == fields, u.id
        assert d.stats.edna == d["edna"] and d.stats.cannonade.heavy == d["cannonade"]["heavy"]


# ------------------------------------------------------------------------------------------------ the card


def test_tecumseh_card_has_her_speeds_factors_and_one_edna_box_a_point(library, ctx):
    d = RULESET.derive(library.units["uss-tecumseh"], ctx)
    card = sheet.card(library.units["uss-tecumseh"], d, ctx)
    t = texts(card)
    s = d.stats
    assert "USS Tecumseh" in t and "Monitor" in t
    assert f'Slow {s.speeds_in.slow:g}"' in t and f'Full {s.speeds_in.full:g}"' in t and "Cruise –" in t
    assert f"Turn {s.turn_deg:g}°" in t
    assert f"Heavy {s.cannonade.heavy}" in t and "Parrott 0" in t  # the game's spelling, from factor_names
    tracks = [tr for b in walk(card) if isinstance(b, Tracks) for tr in b.tracks]
    assert [(tr.label, tr.count) for tr in tracks if tr.records == "edna"] == [("EDNA", s.edna)]  # play 34: "EDNA 16 16 15", label and box
    edna = next(b for b in walk(card) if isinstance(b, Tracks) and b.tracks[0].records == "edna")
    assert edna.box == sheet.edna_style(s.edna, sheet.style())["box"]
    # a box per factor to strike when guns are put out of action, named as the game names them
    assert [(tr.label, tr.count) for tr in tracks if tr.records == "gun"] == [
        (f"Heavy {s.cannonade.heavy}", s.cannonade.heavy), (f"Medium {s.cannonade.medium}", s.cannonade.medium),
        (f"Parrott {s.cannonade.parrot}", s.cannonade.parrot)]


def test_a_fort_card_says_it_does_not_move_and_a_ram_says_so(library, ctx):
    fort = texts(card_of(library, ctx, "fort-morgan"))
    assert "does not move" in fort and "Slow" not in fort and "Turn" not in fort
    tennessee = texts(card_of(library, ctx, "css-tennessee"))
    assert "Ironclad · Ram" in tennessee
    octorara = texts(card_of(library, ctx, "uss-octorara"))
    assert "turns when stopped" in octorara and "turns when stopped" not in tennessee


def test_the_articles_24_mobile_bay_cards_fit_two_pages_on_a4_and_letter(tmp_path, mobile_bay, library, ctx):
    """Twelve cards a page under the page's head and turn strip: the article's 22 ships and 2 forts on two pages."""
    from shipyard.rules.quick_play.derive import plays

    scen, _ = mobile_bay
    played = RULESET.context(library)
    played.scenario = scen
    derived = [(u, RULESET.derive(u, played)) for _, u in library.scenario_units(scen) if plays(u.id, played)]
    assert len(derived) == 24
    import pdfplumber

    for paper in ("a4", "letter"):
        with Document(tmp_path / f"cards-{paper}.pdf", paper=paper) as doc:
            sheet.sheets(doc, derived, played)
        with pdfplumber.open(tmp_path / f"cards-{paper}.pdf") as pdf:
            pages = [" ".join((p.extract_text() or "").split()) for p in pdf.pages]
        # on A4 every card on the first two pages, the bound's readings after the last card; on Letter the sides
        # part (a page of their own each costs the pack no page there), so the Confederates' cards and the readings
        # make the third
        cards_on = 2 if paper == "a4" else 3
        assert sum("Events" in p for p in pages) == cards_on and "Events" in pages[cards_on - 1], paper
        assert "What the rules leave open: the bound" in pages[cards_on - 1] and len(pages) <= 3, paper
        if paper == "letter":
            assert "USS Hartford" in pages[0] and "CSS Tennessee" not in " ".join(pages[:2])
            assert "CSS Tennessee" in pages[2] and "USS" not in pages[2]


# ------------------------------------------------------------------------------------------------ house rules


def test_a_house_rule_changes_the_printed_card_and_reference(library, tmp_path, ctx):
    t = RULESET.tables()
    types = [dict(r) for r in t.ship_types.rows]
    for r in types:
        if r["type"] == "Monitor":
            r["full"] = 5
    ram = dict(t.ramming.rows, ram_dice="4D6", modifier=2, factor="subtract")  # the literal reading of "+1 -"
    hr = tmp_path / "house.yaml"
    hr.write_text(json.dumps({"quick-play": {"ship_types": {"rows": types}, "ramming": {"rows": ram},
                                             "guns_out": {"rows": ["medium", "parrot", "heavy"]}}}))
    house = RULESET.context(library, hr)
    card = texts(card_of(library, house, "uss-tecumseh"))
    assert 'Full 5"' in card and 'Full 4"' not in card
    ref = texts(reference.play_tables(house))
    assert "a Ram 4D6) +2 − the factor" in ref and "3D6)" not in ref and "+ the factor" not in ref
    assert "Medium, then Parrott, then Heavy" in ref
    plain = texts(reference.play_tables(ctx))
    assert "a Ram 3D6) + the factor" in plain and "Parrott, then Medium, then Heavy" in plain
    speeds = texts(reference.speed_table(house, {"Monitor"}))
    assert "Monitor | 2 | – | 5 | 30°" in speeds


# ------------------------------------------------------------------------------------------------ reference


def test_quick_reference_drops_the_fort_column_and_the_ram_dice_when_not_in_play(library, ctx):
    tecumseh = RULESET.derive(library.units["uss-tecumseh"], ctx)
    block = reference.quick_reference_blocks([tecumseh], ctx)
    headers = [b.header for b in walk(block) if isinstance(b, Table)]
    # play 34, moment 10: the Ship column's head carries the Repeats reading
    assert ["Dice", "Ship (a repeat: the worse stands)"] in headers
    assert not any(h and h[0] == "Dice" and "Fort" in h for h in headers)
    t = texts(block)
    assert "a Ram" not in t and "Throw 2D6 + the factor" in t and "Sidewheeler" not in t
    morgan = RULESET.derive(library.units["fort-morgan"], ctx)
    fort_only = texts(reference.quick_reference_blocks([morgan], ctx))
    assert "Ramming" not in fort_only and "Speeds (inches" not in fort_only and "silenced" in fort_only


# ------------------------------------------------------------------------------------------------ roster and markers


def test_roster_blocks_mark_lashed_pairs_and_total_each_side(mobile_bay, ctx):
    scen, units = mobile_bay
    by_id = {u.id: (u, d) for _, u, d in units}
    union = next(s for s in scen.sides if s.name == "Union")
    block = roster.side_block(union, by_id, ctx)
    t = texts(block)
    ds = [d for side, _, d in units if side == "Union"]
    rows = [row for b in walk(block) if isinstance(b, Table) for row in b.rows]
    assert len(rows) == len(ds) and all(not str(r[0]).isdigit() for r in rows)  # no roster number to take for a turn counter
    assert "↳ USS Octorara (lashed to Brooklyn)" in t
    assert f"Union: {len(ds)} ships, " in t and f"counters (a pair draws one) · total EDNA {sum(d.stats.edna for d in ds)}" in t
    assert f"factors {sum(d.stats.cannonade.heavy for d in ds)} Heavy" in t
    assert {b.title for b in walk(block) if isinstance(b, Table)} >= {"Monitor Division", "Wooden Ship Division"}


def test_speed_markers_follow_each_ships_settings(mobile_bay, ctx):
    _, units = mobile_bay
    tecumseh = [x for x in units if x[1].id == "uss-tecumseh"]
    morgan = [x for x in units if x[1].id == "fort-morgan"]
    d = tecumseh[0][2]
    words = [m[0] for m in qp_counters.speed_markers(tecumseh, ctx)]
    sp = d.stats.speeds_in
    assert words == [f'Slow {sp.slow:g}"', f'Full {sp.full:g}"', f'Reverse {sp.slow:g}"']  # a monitor has no Cruise
    # no EDNA on a marker: it would be stale after the first hit (the card's numbered track has it)
    assert qp_counters.speed_markers(morgan, ctx) == [("Fort", "Fort", ("Fort Morgan", "sectors from here"))]


def test_marker_unit_lines_stay_at_6_pt_and_wrap_a_long_name_rather_than_cut_it():
    assert qp_counters.unit_lines("USS Tecumseh", "EDNA 16") == (6.0, 1.0, ["USS Tecumseh", "EDNA 16"])
    size, squeeze, lines = qp_counters.unit_lines("USS " + "W" * 76, "EDNA 9")
    assert size >= 5.0 and lines[-1] == "EDNA 9"
    assert "".join(lines[:-1]) == "W" * 76  # every letter printed, no '…'


def test_a_long_name_drops_its_prefix_and_shortens_its_rank_before_going_below_6_pt():
    """Memphis' River Defense rams: 'CSS General M. Jeff Thompson' stays at 6 pt, in two lines on the 22.5 mm marker (a
    marker carries her name only: her EDNA changes, review 2); with a third line she drops to a shorter form or 5 pt."""
    size, _, lines = qp_counters.unit_lines("CSS General M. Jeff Thompson")
    assert size == 6.0 and len(lines) == 2
    assert " ".join(lines).endswith("M. Jeff Thompson")
