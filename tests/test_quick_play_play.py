"""Quick Play fit for play: every outcome of the cannonade and the catastrophic events has a box on the card of every
unit it can befall (trackers.yaml, both ways), a box per factor to strike, "Parrott" spelled right, the type printed
once a card, a quick reference that does not repeat the cards, a true-scale 30°/45°/90° turning gauge with its labels
inside its outline, and the Mobile Bay pack within its page budget."""

from __future__ import annotations

import dataclasses
import math
import re

import pdfplumber
import pytest

from conftest import pdf_page_index, pdf_page_texts
from shipyard.render.tracks import Tracks
from shipyard.render.tags import recorded, walk
from shipyard.rules.quick_play import RULESET, sheet
from shipyard.rules.quick_play.templates import CUT_W, GAUGE_R, RAY_W
from shipyard.rules.quick_play.reference import factor_name
from shipyard.rules.quick_play.trackers import applies, outcome_rows, trackers
from shipyard.errors import ShipyardError

PT = 25.4 / 72
SCENARIOS = ("mobile-bay-1864", "hampton-roads-1862")


@pytest.fixture(scope="module")
def cards(library):
    out = []
    for sid in SCENARIOS:
        ctx = RULESET.context(library)
        ctx.scenario = library.scenarios[sid]  # the article's printed values for Mobile Bay, as the pack uses
        for _, u in library.scenario_units(ctx.scenario):
            d = RULESET.derive(u, ctx)
            out.append((u, d.stats, sheet.card(u, d, ctx)))
    return out


@pytest.fixture(scope="module")
def mobile_bay_pack(bundled_packs):
    built = bundled_packs.get("mobile-bay-1864", "quick-play", "a4")
    return built, pdf_page_texts(built.path)


# ---------------------------------------------------------------------------------------------- trackers


def test_every_card_carries_every_tracker_its_unit_needs_and_a_box_per_factor(cards):
    t = trackers()
    for unit, s, card in cards:
        needed = t.for_unit(applies, s)
        assert needed <= set(recorded(card)), (unit.name, sorted(needed - set(recorded(card))))
        gun_boxes = sum(tr.count for b in walk(card) if isinstance(b, Tracks) for tr in b.tracks if tr.records == "gun")
        assert gun_boxes == s.cannonade.total, unit.name
    fort = next(c for _, s, c in cards if s.is_fort)
    ship = next(c for _, s, c in cards if not s.is_fort)
    assert "silenced" in recorded(fort) and "engines" not in recorded(fort)
    assert "engines" in recorded(ship) and "silenced" not in recorded(ship)


def test_every_row_of_the_outcome_tables_has_an_outcome_and_every_outcome_a_row(library):
    tables = RULESET.tables()
    named = {(o.table, o.row) for o in trackers().outcomes}
    rows = outcome_rows(tables)
    assert len(rows) == (len(tables["cannonade_dice"].rows) + len(tables["catastrophic_events"].rows)
                         + len(tables["edna_zero"].rows))
    assert rows == named, (sorted(rows - named), sorted(named - rows))


def test_every_tracker_on_a_card_is_one_the_rules_use(cards):
    described = set(trackers().trackers)
    found = {tag for _, _, card in cards for tag in recorded(card)}
    assert found == described, (sorted(found - described), sorted(described - found))


# ---------------------------------------------------------------------------------------------- words


def test_parrott_is_spelled_right_everywhere_in_the_pack(mobile_bay_pack):
    _, pages = mobile_bay_pack
    text = "\n".join(pages)
    assert "Parrott" in text
    assert not re.search(r"\bParrot\b", text), re.search(r".{40}\bParrot\b.{20}", text).group()


def test_a_factor_the_tables_do_not_name_is_a_clear_error_not_a_capitalised_key(library):
    # a house rule overlays factor_names (it can rename a factor, not drop one), so take the name out in-process
    ctx = RULESET.context(library)
    names = ctx.tables["factor_names"]
    ctx.tables["factor_names"] = dataclasses.replace(names, rows={k: v for k, v in names.rows.items() if k != "parrot"})
    with pytest.raises(ShipyardError, match=r"factor_names.*'parrot'"):
        factor_name(ctx, "parrot")


def test_each_card_prints_its_type_once(cards):
    from shipyard.render.text_blocks import Title

    for unit, s, card in cards:
        items = card.texts()
        assert items.count(sheet.type_words(s)) == 1, (unit.name, items)  # the game's type, at the right of the name
        subtitle = next(b for b in walk(card) if isinstance(b, Title)).subtitle
        kind = "fort" if s.is_fort else unit.type.value
        assert subtitle.split(" · ")[0].lower() != kind.lower(), (unit.name, subtitle)  # not again under the name
        assert s.type not in subtitle.split(" · ")


def test_the_quick_reference_does_not_repeat_the_card_pages(mobile_bay_pack):
    _, pages = mobile_bay_pack
    card_lines = {line.strip() for p in pages if "record cards" in p for line in p.splitlines()}
    ref = next(p for p in pages if "— quick reference" in p)
    ref_lines = [line.strip() for line in ref.splitlines() if line.strip()]
    repeated = [line for line in ref_lines if line in card_lines]
    assert len(repeated) <= len(ref_lines) // 10, repeated


# ---------------------------------------------------------------------------------------------- the turning gauge


def _gauge(path):
    """(pivot x, y in mm, {edge angle from the heading: (length mm, line width mm)}, the page's chars) of the page with
    the turning gauge."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[pdf_page_index(path, "Turning gauge")]
        text = page.extract_text()
        lines = [ln for ln in page.lines if abs(ln["linewidth"] * PT - CUT_W) < 0.01 or abs(ln["linewidth"] * PT - RAY_W) < 0.01]
        # the pivot: the point most of these lines start from
        starts = {}
        for ln in lines:
            p0 = tuple(round(v * PT, 1) for v in ln["pts"][0])
            starts[p0] = starts.get(p0, 0) + 1
        pivot = max(starts, key=starts.get)
        edges = {}
        for ln in lines:
            (x0, y0), (x1, y1) = [(x * PT, y * PT) for x, y in ln["pts"]]
            if math.hypot(x0 - pivot[0], y0 - pivot[1]) > 0.2:
                continue
            angle = round(math.degrees(math.atan2(x1 - x0, y0 - y1)), 1)  # from straight up, right positive
            edges[angle] = (math.hypot(x1 - x0, y1 - y0), ln["linewidth"] * PT)
        return pivot, edges, page.chars, text


def test_the_turning_gauge_is_true_scale_with_30_45_and_90_degree_edges(mobile_bay_pack):
    built, _ = mobile_bay_pack
    pivot, edges, _, text = _gauge(built.path)
    assert "this bar must measure 100 mm" in text  # a true-scale page
    assert sorted(edges) == [-90.0, -45.0, -30.0, 30.0, 45.0, 90.0]
    for angle, (length, width) in edges.items():
        assert length == pytest.approx(GAUGE_R, abs=0.2), angle
        assert width == pytest.approx(CUT_W if abs(angle) == 90 else RAY_W, abs=0.01)  # cut along the widest
    for words in ("30°: Monitor, Ironclad", "45°: Wooden Screw", "90°: Sidewheeler"):
        assert words in text


def test_the_gauge_labels_lie_inside_the_outline_and_off_its_edges(mobile_bay_pack):
    built, _ = mobile_bay_pack
    (px, py), edges, chars, _ = _gauge(built.path)
    widest = max(abs(a) for a in edges)

    def inside(x, y):
        return math.hypot(x - px, y - py) <= GAUGE_R - 0.3 and abs(math.degrees(math.atan2(x - px, py - y))) <= widest \
            and y <= py - 0.3

    near = 0
    for c in chars:
        corners = [(c["x0"] * PT, c["top"] * PT), (c["x1"] * PT, c["top"] * PT), (c["x0"] * PT, c["bottom"] * PT),
                   (c["x1"] * PT, c["bottom"] * PT)]
        ins = [inside(x, y) for x, y in corners]
        assert all(ins) or not any(ins), (c["text"], corners)  # no character straddles the outline
        near += all(ins)
    assert near >= len("30°45°90°30°45°90°heading")  # the figures, the legend and the heading are inside


def test_hampton_roads_gauge_has_only_its_turns(bundled_packs, library):
    built = bundled_packs.get("hampton-roads-1862", "quick-play", "a4", "1/1200")
    ctx = RULESET.context(library)
    types = {RULESET.derive(u, ctx).stats.type for _, u in library.scenario_units(library.scenarios["hampton-roads-1862"])}
    want = sorted({float(r["turn_deg"]) for r in ctx.tables.ship_types.rows if r["type"] in types})
    _, edges, _, _ = _gauge(built.path)
    assert sorted({abs(a) for a in edges}) == want


# ---------------------------------------------------------------------------------------------- paper


def test_mobile_bay_a4_pack_fits_its_share_of_pages_with_every_unit_of_the_article(mobile_bay_pack, library):
    """Its share of the budget (the bound and what the article leaves open added, issue 22); a card for each of the
    article's 24 units and no other."""
    from shipyard.rules import get_ruleset
    from shipyard.rules.quick_play.derive import published

    built, pages = mobile_bay_pack
    assert built.pages <= get_ruleset("quick-play").pack_pages, built.pages
    cards = "\n".join(p for p in pages if "record cards" in p)
    for _, u in library.scenario_units(library.scenarios["mobile-bay-1864"]):
        assert (u.name in cards) == (published(u.id) is not None), u.name
