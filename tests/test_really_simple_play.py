"""Really Simple ACW Naval Rules fit for play: every outcome of its damage tables has a box on the card of every unit
it can befall (trackers.yaml, both ways), the orders logs hold every turn of the game for every ship, and the
Mobile Bay pack stays within its page budget."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from shipyard.render.tags import recorded, walk
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple import sheet
from shipyard.render.kit import GunRows
from shipyard.rules.really_simple.trackers import OUTCOME_TABLES, applies, table_rows, trackers

RS = get_ruleset("really-simple")
SCENARIOS = ("mobile-bay-1864", "hampton-roads-1862")


@pytest.fixture(scope="module")
def cards(library, ctx):
    """(unit, stats, card) for every unit of both bundled scenarios."""
    out = []
    for sid in SCENARIOS:
        for _, u in library.scenario_units(library.scenario(sid)):
            d = RS.derive(u, ctx)
            out.append((u, d.stats, sheet.card(u, d, ctx)))
    return out


def test_every_card_carries_every_tracker_its_unit_needs_and_a_box_per_gun(cards):
    t = trackers()
    for unit, stats, card in cards:
        needed = t.for_unit(applies, stats)
        on_card = set(recorded(card))
        assert needed <= on_card, (unit.name, sorted(needed - on_card))
        gun_boxes = sum(tr.count for b in walk(card) if isinstance(b, GunRows) for tr in b.tracks if tr.records == "gun")
        assert gun_boxes == stats.gun_count, unit.name
    # the conditions are not all "any": a fort has no speed track, a ship no DESTROYED box (nor a fort, whose magazine
    # hit does nothing to it but by a house rule: fort_magazine)
    fort = next(c for _, s, c in cards if s.is_fort)
    ship = next(c for _, s, c in cards if not s.is_fort)
    assert "speed" not in recorded(fort) and "speed" in recorded(ship)
    assert "DESTROYED" not in fort.texts() and "DESTROYED" not in ship.texts()


def test_every_row_of_the_damage_tables_has_an_outcome_and_every_outcome_a_row(ctx):
    t = trackers()
    named = {(o.table, o.row) for o in t.outcomes}
    rows = set()
    for table in OUTCOME_TABLES:
        for row in table_rows(ctx.tables, table):
            if str(row["effect"]).strip().lower() == "no effect":
                continue  # nothing happens: nothing to mark
            rows.add((table, str(row["roll"])))
    assert rows, "no damage table rows found"
    assert rows <= named, sorted(rows - named)
    assert named <= rows, sorted(named - rows)  # no outcome for a row the tables do not have


def test_every_tracker_on_a_card_is_one_the_rules_use(cards):
    described = set(trackers().trackers)
    found = {tag for _, _, card in cards for tag in recorded(card)}
    assert found <= described, sorted(found - described)
    assert found == described  # and every tracker trackers.yaml describes is on some card


def test_hartford_card_records_her_guns_her_speed_and_every_special_effect(library, ctx):
    u = library.units["uss-hartford"]
    d = RS.derive(u, ctx)
    tags = recorded(sheet.card(u, d, ctx))
    assert {"speed", "sunk", "fire", "boiler", "helmsman", "list_port", "list_starboard", "steering"} <= set(tags)
    assert d.stats.gun_count == 24


# ---------------------------------------------------------------------------------------------- orders logs


def _log_cells(path, side_ships: dict[str, list[str]]) -> tuple[dict[str, set[tuple[str, int]]], dict[str, int]]:
    """(ship, turn) pairs each side's orders log has a row-and-column for, read from the PDF (a band's heading line
    gives its turns, the ship names below it, down to the next heading, its rows); and each side's log pages."""
    from conftest import pdf_page_texts

    found: dict[str, set] = {side: set() for side in side_ships}
    side = None
    logs = []  # (page number, side): a log page without a title continues the side before it
    for k, text in enumerate(pdf_page_texts(path)):
        title = re.search(r"Orders log · (\w+)", text)
        side = title.group(1) if title else (side if "1st ½" in text else None)
        if side is not None:
            logs.append((k, side))
    assert {s for _, s in logs} == set(side_ships)
    with pdfplumber.open(path) as pdf:
        for k, side in logs:
            lines = pdf.pages[k].extract_text_lines()
            turns: list[int] = []
            for line in lines:
                if line["text"].startswith("Ship "):
                    turns = [int(n) for n in re.findall(r"Turn (\d+)", line["text"])]
                elif line["text"] in side_ships[side]:
                    found[side] |= {(line["text"], t) for t in turns}
    return found, {side: sum(1 for _, s in logs if s == side) for side in side_ships}


@pytest.mark.parametrize("turns,paper", [(12, "a4"), (12, "letter"), (30, "a4"), (30, "letter")])
def test_orders_logs_hold_every_turn_for_every_ship_of_each_side(library, tmp_path, turns, paper):
    from shipyard.pack import PackOptions, build_pack

    scen = library.scenario("mobile-bay-1864")
    only_sheets = dict(roster=False, templates=False, counters=False, reference=False)
    built = build_pack(library, scen, RS, PackOptions(paper=paper, turns=turns, output_dir=tmp_path, **only_sheets))
    ctx = RS.context(library)
    ships: dict[str, list[str]] = {}
    for side, u in library.scenario_units(scen):
        if not RS.derive(u, ctx).stats.is_fort:
            ships.setdefault(side, []).append(u.name)
    cells, pages = _log_cells(built.path, ships)
    assert len(ships["Union"]) == 18
    for side, names in ships.items():
        want = {(n, t) for n in names for t in range(1, turns + 1)}
        assert cells[side] == want, (side, sorted(want - cells[side])[:5], sorted(cells[side] - want)[:5])
    if turns == 12:  # a game night's log for the 18-ship Union is one sheet, on A4 and Letter alike
        assert pages == {"Union": 1, "Confederate": 1}


def test_orders_log_is_sized_by_the_default_turns(bundled_packs, library):
    """No --turns and no turns: in the scenario: 12 turns, no more."""
    built = bundled_packs.get("mobile-bay-1864", "really-simple", "a4")
    from conftest import pdf_page_texts

    text = "\n".join(pdf_page_texts(built.path))
    assert "Turn 12" in text and "Turn 13" not in text


# ---------------------------------------------------------------------------------------------- paper


def test_mobile_bay_a4_pack_fits_its_share_of_pages_with_every_unit(bundled_packs, library):
    from shipyard.rules import get_ruleset

    built = bundled_packs.get("mobile-bay-1864", "really-simple", "a4")
    assert built.pages <= get_ruleset("really-simple").pack_pages, built.pages
    from conftest import pdf_page_texts

    pages = pdf_page_texts(built.path)
    cards = "\n".join(p for p in pages if "Ship data cards" in p)
    scenario = library.scenario("mobile-bay-1864")
    for _, u in library.scenario_units(scenario):  # a fort the set-up leaves off the plan plays no part: no card
        if scenario.setup.starts.get(u.id) is not None:
            assert u.name in cards, u.name
    # the markers share the speed chits' page: no page of counters holds only a handful of chits
    counter_pages = [p for p in pages if "KN AHEAD" in p or "AGROUND" in p and "KN A" in p]
    assert len(counter_pages) == 1


def test_check_row_wraps_like_words_and_measures_what_it_draws(tmp_path):
    from shipyard.render import Document
    from shipyard.render.tracks import Check, CheckRow

    checks = [Check(f"effect {i}", 1 + i % 3) for i in range(10)]
    for label_first in (False, True):
        row = CheckRow("2d6", checks, label_first=label_first)
        assert row.measure(40.0) > row.measure(200.0)  # narrower: more lines
        with Document(tmp_path / "c.pdf", paper="a4", strict=True) as doc:
            page = doc.new_page()
            assert row.draw(page, doc.content.x, doc.content.y, 60.0) == pytest.approx(row.measure(60.0))
        with pdfplumber.open(tmp_path / "c.pdf") as pdf:
            boxes = [r for r in pdf.pages[0].rects if abs(r["width"] * 25.4 / 72 - row.box) < 0.05]
        assert len(boxes) == sum(c.boxes for c in checks)
