"""Smoke on the Water record sheets, quick reference and roster checked on their blocks (no PDF): what each sheet
says, that a house rule reaches the printed aid, and that no label can run into a damage box."""

from __future__ import annotations

import pytest

from shipyard.render.document import FOOTER_BAND_MM
from shipyard.render.paper import PAPERS
from shipyard.render.text_blocks import Legend, Text
from shipyard.render.figures import StatBoxes, StatPanel
from shipyard.render.table_block import Table
from shipyard.render.tracks import Tracks
from shipyard.render.measure import text_width
from shipyard.render.tags import walk
from shipyard.render.kit import OrdersLog
from shipyard.render.text import wrap_lines
from shipyard.rules import get_ruleset
from shipyard.rules.smoke_on_the_water import reference, roster, sheet as S

RS = get_ruleset("sotw")
WIDTH = 180.0  # mm: an A4 content box


def _sheet(library, ctx, uid, compact=False, height=None):
    unit = library.find(uid)
    d = RS.derive(unit, ctx)
    return d, S.sheet(unit, d, ctx, WIDTH, height, compact=compact)


def _texts(block) -> str:
    return "\n".join(block.texts())


def _boxes(block) -> dict:
    return {k: v for b in walk(block) if isinstance(b, StatBoxes) for k, v in b.items}


def _panel(block) -> dict:
    return {k: v for b in walk(block) if isinstance(b, StatPanel) for k, v in b.items}


def test_monitor_sheet_puts_her_every_turn_figures_in_stat_boxes(library, ctx):
    d, block = _sheet(library, ctx, "monitor")
    s = d.stats
    boxes = _boxes(block)
    assert boxes["Speed ahead"] == s.max_speed == "Medium"
    assert boxes["Move ahead"] == "25 cm" and boxes["Move astern"] == "10 cm"
    assert boxes["Manoeuvrability"] == s.manoeuvrability
    assert boxes["Target bow/side"] == f"{s.target_size.bow}/{s.target_size.broadside}"
    assert boxes["Hull (HDP)"] == s.hull_damage_points and boxes["Flotation (FP)"] == s.flotation_points
    armour = _panel(block)
    assert armour["Turret"] == "H Heavy" and armour["Pilot house"] == "H Heavy" and armour["Hull"] == "M Medium"
    guns = next(b for b in walk(block) if isinstance(b, Table) and b.header and b.header[1] == "No.")
    g = s.guns[0]
    assert guns.rows[0][2] == g.code == "HSB"
    assert guns.rows[0][5:] == [f"{int(a)}–{int(b)}" for a, b in (g.ranges_cm[k] for k in ("PB", "S", "M", "L", "E"))]


def test_distances_on_the_sheet_follow_the_scale(library):
    ctx = RS.context(library, scale="1/1200")
    d, block = _sheet(library, ctx, "monitor")
    assert _boxes(block)["Move ahead"] == "12½ cm"
    assert "1/1200" in _texts(block)


def test_every_track_label_fits_its_column_so_none_runs_into_a_box(library, ctx):
    # every sidewheeler has port and starboard wheel tracks: "Wheel starboard (WDP) 6" used to run into its first box
    d, block = _sheet(library, ctx, "uss-metacomet")
    (tracks,) = [b for b in walk(block) if isinstance(b, Tracks)]
    labels = [t.label for t in tracks.tracks]
    assert "Wheel stbd (WDP) 6" in labels and "Wheel port (WDP) 6" in labels  # issue 22: stbd, a line saved
    for width in (WIDTH, 0.42 * WIDTH):  # a full sheet, and the narrow column of a half-page one
        column = tracks._label_w(width)
        for t in tracks.tracks:
            for line in wrap_lines(t.label, column - 1.5, tracks.label_size, "bold", "condensed"):
                assert text_width(line, tracks.label_size, "bold", "condensed") <= column - 1.5 + 1e-6, (width, line)
        assert tracks.per_row(width) >= 5


@pytest.mark.parametrize("uid", ["monitor", "uss-metacomet", "css-tennessee", "fort-morgan", "hunley"])
def test_sheet_type_is_never_under_6pt(library, ctx, uid):
    _, block = _sheet(library, ctx, uid)
    for b in walk(block):
        if isinstance(b, Table):
            assert b.layout(WIDTH)[0] >= 6.0
        if isinstance(b, (Text, Legend)):
            assert b.size >= 6.0, b.texts()
        if isinstance(b, OrdersLog):
            assert b.size >= 6.0
        if isinstance(b, StatPanel):
            assert b.size - 0.5 >= 6.0  # its labels are set half a point smaller
    assert "…" not in _texts(block)


def _log_turns(block) -> list[int]:
    """The turn numbers of a sheet's orders log, in order."""
    return [r[0] for b in walk(block) if isinstance(b, OrdersLog) for t in b.tables(WIDTH)[1] for r in t.rows]


@pytest.mark.parametrize("scale", ["1/600", "1/1200"])
def test_small_vessels_fit_half_an_a4_pack_page_with_the_whole_game_in_the_log(library, scale):
    ctx = RS.context(library, scale=scale)
    box = PAPERS["a4"].printable
    width, half = box.w, (box.h - FOOTER_BAND_MM - S.FLOW_GAP) / 2 - 0.5  # as sheets() shares a page
    for uid in ("hunley", "css-david", "css-beaufort", "css-raleigh", "css-teaser", "uss-hartford"):
        unit = library.find(uid)
        d = RS.derive(unit, ctx)
        assert S.fits_half(unit, d, ctx, width, half), uid
        block = S.sheet(unit, d, ctx, width, half, compact=True)
        assert block.measure(width) <= half
        assert _log_turns(block) == list(range(1, 13))  # 12 turns when neither --turns nor the scenario says
        boxes = _boxes(block)  # the half-page sheet keeps every stat box
        assert boxes["Target bow/side"] == f"{d.stats.target_size.bow}/{d.stats.target_size.broadside}"
        assert boxes["Manoeuvr- ability"] == d.stats.manoeuvrability and len(boxes) == 8


def test_the_orders_log_holds_the_turns_asked_for_no_more_no_less(library):
    from types import SimpleNamespace

    for turns in (5, 12, 30, 60):
        ctx = RS.context(library)
        ctx.options = SimpleNamespace(turns=turns)
        for uid in ("uss-hartford", "fort-morgan"):
            unit = library.find(uid)
            d = RS.derive(unit, ctx)
            for compact in (False, True):
                assert _log_turns(S.sheet(unit, d, ctx, WIDTH, compact=compact)) == list(range(1, turns + 1))
    # a scenario's own turns: count when no --turns is given
    ctx = RS.context(library)
    ctx.scenario = SimpleNamespace(turns=9)
    unit = library.find("monitor")
    assert _log_turns(S.sheet(unit, RS.derive(unit, ctx), ctx, WIDTH, compact=True)) == list(range(1, 10))


HOUSE = """\
sotw:
  speed_levels:
    rows:
      - {level: Immobile, code: I, move_cm: 0, knots: 0, above_kn: null, machinery_boxes: 0}
      - {level: Slow, code: S, move_cm: 10, knots: 2, above_kn: 0, machinery_boxes: 1}
      - {level: Medium, code: M, move_cm: 30, knots: 6, above_kn: 3.5, machinery_boxes: 2}
      - {level: Fast, code: F, move_cm: 40, knots: 8, above_kn: 6.5, machinery_boxes: 3}
      - {level: Very Fast, code: V, move_cm: 60, knots: 12, above_kn: 10, machinery_boxes: 4}
  hull_damage_effects:
    rows:
      half: {share: 0.5, mark: "½", speed_levels: 1}
      quarter: {share: 0.25, mark: "¼", speed_levels: 3}
      machinery_box_levels: 1
  direct_fire:
    rows:
      base: 4
      range: {PB: 4, S: 2, M: 0, L: -2, E: -4}
      target_size: {A: -4, B: -2, C: -1, D: 0, E: 1, F: 2}
      firer_speed: {Fast: -1, Very Fast: -2}
      target_speed: {Fast: -1, Very Fast: -2, Immobile: 1}
      obscured: {"1/4 to 1/2": -1, "over 1/2 to 3/4": -2, "over 3/4": -4}
"""


def test_a_house_rule_changes_the_printed_sheet_and_quick_reference(library, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    ctx = RS.context(library, house)
    d, block = _sheet(library, ctx, "monitor")
    boxes = _boxes(block)
    assert boxes["Move ahead"] == "30 cm"  # Medium moves 30 cm under the house rule, not 25
    assert "25 cm" not in _texts(block)
    text = _texts(block)
    assert "max speed −1 / −3 levels" in text
    assert "−1 / −2 levels" not in text
    assert "4 or less on a d10" in text and "5 or less" not in text  # the sheet's to-hit line follows the house rule
    ref = "\n".join(t for b in reference.reference_blocks([d], ctx) for t in b.texts())
    assert "Table 10 · to hit: 4 or less" in ref and "to hit: 5 or less" not in ref
    assert "30 cm" in ref and "25 cm" not in ref
    # and without the house rule, the book's numbers
    plain = RS.context(library)
    _, block = _sheet(library, plain, "monitor")
    assert _boxes(block)["Move ahead"] == "25 cm"


def test_roster_rows_come_from_the_stats(library, ctx):
    scen = library.scenario("mobile-bay-1864")
    units = [(side.name, library.units[u.id], RS.derive(library.units[u.id], ctx)) for side in scen.sides for u in side.units]
    tables = dict(roster.side_tables(units, ctx))
    assert set(tables) == {s.name for s in scen.sides}
    for side, unit, d in units:
        row = next(r for r in tables[side].rows if r[0] == d.unit_name)
        if d.stats.kind == "vessel":
            assert row[8] == d.stats.hull_damage_points and row[9] == d.stats.flotation_points
        else:
            assert row[8] == f"SDP {d.stats.structural_damage_points}"


@pytest.mark.parametrize("compact", [True, False])
def test_armour_and_hit_locations_agree_about_the_casemate(library, ctx, compact):
    # a sloop has no casemate: no Casemate armour row, and her hit locations print Casemate rolls as Hull;
    # Virginia has one: a Casemate row and Casemate in her hit locations
    for uid, has in (("uss-hartford", False), ("virginia", True)):
        d, block = _sheet(library, ctx, uid, compact=compact)
        armour = {k for b in walk(block) if isinstance(b, (StatPanel, Legend)) for k, _ in b.items}
        text = _texts(block)
        assert ("Casemate" in armour) == has, uid
        runs = " ".join(str(r[1]) for b in walk(block) if isinstance(b, Table) for r in b.rows
                        if r and r[0] in ("Bow", "Broadside", "Stern", "Plunging"))
        assert ("Casemate" in runs) == has, (uid, runs)
        assert "No casemate" not in text
        assert "Hull" in armour


@pytest.mark.parametrize("compact", [True, False])
def test_a_stack_hit_has_its_armour_and_its_track_on_every_sheet_that_can_take_one(library, ctx, compact):
    """Review item 5: every Mobile Bay vessel whose Table 14 column has Stack rows prints the Stack's armour class
    (from tables.yaml) and which track its damage goes on, and that track is on her sheet."""
    from shipyard.rules.smoke_on_the_water.derive import hit_location_column
    rule = RS.tables().require("hit_locations").rows["stack"]
    scen = library.scenario("mobile-bay-1864")
    seen = 0
    for side in scen.sides:
        for u in side.units:
            d, block = _sheet(library, ctx, u.id, compact=compact)
            if d.stats.kind != "vessel":
                continue
            has_stack = any("Stack" in c for c in hit_location_column(d.stats.configuration, ctx.tables).values())
            armour = {k: v for b in walk(block) if isinstance(b, (StatPanel, Legend)) for k, v in b.items}
            text = _texts(block)
            assert ("Stack" in armour) == has_stack, u.id
            if has_stack:
                seen += 1
                assert armour["Stack"].startswith(rule["armour"]) and f"({rule['track']} damage only)" in armour["Stack"]
                if not compact:  # the full sheet says it under the hit locations too
                    assert f"Stack: armour {rule['armour']}, {rule['track']} damage only" in text, u.id
                    assert ("no fire test" in text) == (rule.get("fire_test") is False), u.id
                assert any(isinstance(b, Tracks) and any(t.label.startswith(rule["track"]) for t in b.tracks)
                           for b in walk(block)), u.id
    assert seen >= 15


@pytest.mark.parametrize("compact", [True, False])
def test_what_is_looked_up_every_turn_is_set_at_least_7pt(library, ctx, compact):
    """Review item 6: the guns and range bands, the hit locations and Table 17 are read every turn: at least 7 pt
    on a half-page sheet too (and the to-hit and gun-code legends at least 6.5 pt), never the 5-6 pt of notes."""
    for uid in ("uss-hartford", "uss-lackawanna", "uss-metacomet", "uss-tecumseh"):
        d, block = _sheet(library, ctx, uid, compact=compact)
        tables = [b for b in walk(block) if isinstance(b, Table)]
        guns = [t for t in tables if t.header and t.header[0] == "Guns"]
        hits = [t for t in tables if t.rows and str(t.rows[0][0]).startswith("Bow")]
        t17 = [t for t in tables if t.header and t.header[0] == "Gun size"]
        assert guns and hits and t17, uid
        width = 190.0 if not compact else (190.0 - 3.0) * 0.38  # the hit locations sit in the right-hand column
        for t in guns:
            assert t.layout(190.0)[0] >= 7.0, (uid, t.header, t.layout(190.0)[0])  # the size it is set at
        for t in hits + t17:
            assert t.layout(width)[0] >= 7.0, (uid, t.rows[0], t.layout(width)[0])
        legends = [b for b in walk(block) if isinstance(b, Legend) and b.title and
                   (b.title.startswith("To hit") or b.title.startswith("Gun codes"))]
        assert len(legends) == 2 and all(b.size >= 6.5 for b in legends), uid


@pytest.mark.parametrize("fort", [True, False])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_orders_and_fire_log_headers_never_wrap(fort, paper):
    """Review item 9: a fort's Fire log read "Tur / n": every header word of the log stays on one line on a half-page
    sheet, on both papers."""
    width = PAPERS[paper].printable.w  # the sheets' content width
    log = S.orders_log(fort, 12, compact=True)
    assert isinstance(log, OrdersLog)
    col_w, tables = log.tables(width)
    for table in tables:
        if isinstance(table, Table):
            size, widths, cells, heights = table.layout(col_w)
            assert heights[0] == 1, (fort, paper, cells[0])
