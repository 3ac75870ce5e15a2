"""Quick Play after the play review: the catastrophic events print what a boiler explosion and a hole do (a YAML
comma had cut them off), the card's Holed box says when she sinks, a card has a box for the speed she is at, and a
fort's guns out are read as factor boxes, not pieces."""

from __future__ import annotations

import re

import pytest
import yaml

from shipyard.render.tracks import CheckRow
from shipyard.render.tags import walk
from shipyard.rules.quick_play import RULESET, reference, sheet

TABLES = "shipyard/rules/quick_play/tables.yaml"


def card(library, ctx, uid):
    u = library.units[uid]
    return sheet.card(u, RULESET.derive(u, ctx), ctx)


def test_no_table_row_has_a_key_made_of_a_cut_off_value():
    """In a YAML flow mapping an unquoted comma ends the value: 'ship: holed, sinks in 1D6 moves' read as a key
    'sinks in 1D6 moves' with no value, and the rule's words vanished from the print. Every row key is a name."""
    from pathlib import Path

    data = yaml.safe_load((Path(__file__).parents[1] / TABLES).read_text(encoding="utf-8"))
    def rows(t):  # a list of rows, or one row as a mapping (the torpedoes' `when` once lost its words this way)
        return t["rows"] if isinstance(t.get("rows"), list) else [t.get("rows")]

    bad = [(name, k) for name, t in data.items() if isinstance(t, dict)
           for row in rows(t) if isinstance(row, dict) for k in row if not re.fullmatch(r"[a-z_0-9]+", str(k))]
    assert not bad, bad


def test_quick_reference_says_what_a_boiler_explosion_and_a_hole_do(ctx):
    text = " ".join(t for b in walk(reference.play_tables(ctx, size=8.5)) for t in b.texts())
    assert "boiler explodes: 4D10 against EDNA" in text
    assert "holed: sinks 1D6 bounds later" in text
    assert "each gun out strikes one factor box" in text


def test_holed_box_says_when_she_sinks_and_her_speed_is_her_marker(library, ctx):
    tecumseh = card(library, ctx, "uss-tecumseh")
    rows = [b for b in walk(tecumseh) if isinstance(b, CheckRow)]
    events = next(r for r in rows if r.head == "Events")
    holed = next(c for c in events.checks if c.tracker == "holed")
    row = next(r for r in ctx.tables.catastrophic_events.rows if r["double"] == "3-3")
    assert holed.label == row["ship"] + ", in bound ______" and "1D6 bounds" in holed.label  # a write-in for when
    # her speed is her speed marker by the model (replay 5: a tick box a setting could not be unticked), and the card
    # pages say so; no card keeps a row of speed ticks to go stale
    def speed_row(block):
        return [r for r in walk(block) if isinstance(r, CheckRow) and r.checks and r.checks[0].label == "Stopped"]

    assert not speed_row(tecumseh) and not speed_row(card(library, ctx, "uss-hartford"))
    assert "Her speed now is the speed marker beside her model" in " ".join(sheet.page_header(ctx).texts())


def test_a_fort_card_reads_its_guns_as_factor_boxes(library, ctx):
    u = library.units["fort-morgan"]
    s = RULESET.derive(u, ctx).stats
    text = " ".join(card(library, ctx, "fort-morgan").texts())
    assert f"{s.guns} pieces in {s.cannonade.total} factors" in text
    assert s.guns > s.cannonade.total  # 32 pieces, 10 factors: which the "4 guns out" strikes must be said
    header = " ".join(sheet.page_header(ctx).texts())
    assert "For each gun put out of action strike one factor box" in header


def test_pack_contents_say_where_the_quick_reference_is(bundled_packs):
    """Quick Play prints its quick reference in the templates section (true scale, with the gauge): the cover's
    contents line for that section says so, with the page the quick reference is on."""
    from conftest import pdf_page_texts

    from shipyard.rules.quick_play.aids import SECTION_NOTES

    built = bundled_packs.get("mobile-bay-1864", "quick-play", "a4")
    pages = pdf_page_texts(built.path)
    contents = " ".join(pages[0].split("Contents", 1)[1].split())
    ref_page = next(k for k, t in enumerate(pages, 1) if "quick reference" in t and "Cannonade" in t)
    assert re.search(rf"Templates and gauges page {ref_page} {re.escape(SECTION_NOTES['templates'])}", contents), contents
    assert "quick reference" in SECTION_NOTES["templates"]


def test_in_black_and_white_union_and_confederate_cards_differ_by_more_than_a_prefix(library):
    """The accent rules are two greys in black and white: a Confederate card's head is shaded too (its boxes stay
    white, for pencil); in colour the coloured rules tell the sides apart and nothing is shaded."""
    from types import SimpleNamespace

    from shipyard.render.containers import Panel
    from shipyard.render.text_blocks import Title

    def look(uid, colour):
        ctx = RULESET.context(library)
        ctx.options = SimpleNamespace(colour=colour)
        c = card(library, ctx, uid)
        panels = [b for b in walk(c) if isinstance(b, Panel)]
        assert panels[0].fill is None  # the card itself is never shaded: pencil on white (play review 4, B&W)
        rule = next(b for b in walk(c) if isinstance(b, Title)).rule_colour
        return next((p.fill for p in panels if p.fill is not None), None), rule

    union_bw, conf_bw = look("uss-hartford", False), look("css-selma", False)
    assert union_bw[0] is None and conf_bw[0] is not None and float(conf_bw[0]) <= 0.92  # a visible grey head
    assert look("fort-morgan", False)[0] == conf_bw[0]  # the forts are Confederate
    union_c, conf_c = look("uss-hartford", True), look("css-selma", True)
    assert union_c[0] is None and conf_c[0] is None and union_c[1] != conf_c[1]
