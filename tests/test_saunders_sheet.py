"""Saunders printed aids at the block level (milliseconds): what the sheet, roster and reference say, from the
stats and the (house-ruled) tables; plus one read-back that only the gauges are true scale."""

from __future__ import annotations

from types import SimpleNamespace

import pdfplumber
import pytest
from conftest import pdf_page_texts
import yaml

from shipyard.render import Document
from shipyard.render.tracks import Tracks
from shipyard.render.tags import walk
from shipyard.render.kit import GunTable, HullPlan, OrdersLog, SpeedTrack, turn_strip
from shipyard.rules import get_ruleset
from shipyard.rules.saunders import aids
from shipyard.rules.saunders.reference import sections
from shipyard.rules.saunders.roster import footnote
from shipyard.render.text import number
from shipyard.rules.saunders.sheet import _orders, fraction, sheet, speed_cells, speed_marks, style

RS = get_ruleset("saunders")


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """A house-rules file: hits on 4+, and a small target is −2 to hit (the other rows as bundled)."""
    tables = RS.tables()
    to_hit = dict(tables.to_hit.rows, needed=4)
    small = dict(tables.small_target.rows, to_hit_modifier=-2)
    path = tmp_path_factory.mktemp("house") / "house.yaml"
    path.write_text(yaml.safe_dump({"saunders": {"to_hit": {"rows": to_hit}, "small_target": {"rows": small}}},
                                   allow_unicode=True), encoding="utf-8")
    return path


def _sheet_texts(library, unit_id, house_rules=None):
    ctx = RS.context(library, house_rules=house_rules)
    unit = library.find(unit_id)
    return sheet(unit, RS.derive(unit, ctx), ctx).texts()


def test_monitor_sheet_prints_the_house_rules_to_hit_and_small_target(library, house):
    plain = _sheet_texts(library, "uss-monitor")
    assert any("To hit 5+" in t for t in plain) and any("−1 to hit her" in t for t in plain)

    ruled = _sheet_texts(library, "uss-monitor", house)
    assert any("To hit 4+" in t for t in ruled)
    assert any("small target: −2 to hit her" in t for t in ruled)
    assert not any("5+" in t for t in ruled)
    assert not any("−1 to hit" in t or "-1 to hit" in t for t in ruled)  # "−1 long range (to hit as well)" stands
    # explain agrees with the sheet
    d = RS.derive(library.find("uss-monitor"), RS.context(library, house_rules=house))
    assert "-2 to hit her" in d.reasons["small_target"] and "house rule" in d.reasons["small_target"]


def test_reference_and_roster_print_the_house_rules_too(library, house):
    ctx = RS.context(library, house_rules=house)
    units = [("Union", u, RS.derive(u, ctx)) for u in (library.find("uss-monitor"), library.find("uss-hartford"))]
    texts = [t for b in sections([d for _, _, d in units], ctx) for t in b.texts()]
    assert "To hit: 1D6 per gun, 4+ hits; a 6 always hits" in texts and not any("5+" in t for t in texts)  # s37, p43
    small = texts.index("Target under 100 ft or a monitor")
    assert texts[small + 1] == "−2"
    assert "−2 to hit" in footnote(units, ctx) and "−1" not in footnote(units, ctx)


def test_sheet_tracks_and_drawings_come_from_the_stats(library):
    ctx = RS.context(library)
    unit = library.find("uss-monitor")
    d = RS.derive(unit, ctx)
    s = d.stats
    blocks = list(walk(sheet(unit, d, ctx)))
    hull = next(t for b in blocks if isinstance(b, Tracks) for t in b.tracks if t.label == "Hull")
    assert hull.count == s.hull
    assert hull.marks == {th.lost: {0.75: "¾ speed", 0.5: "½ speed"}[th.fraction] for th in s.speed_thresholds}
    labels = [b.label for b in blocks if isinstance(b, HullPlan)]
    track = next(b for b in blocks if isinstance(b, SpeedTrack))
    assert f"armour stern {s.armour.stern} midships {s.armour.midships} bow {s.armour.bow} Armament 8 Pilot house 8" in labels
    # 0 to her 6 kn maximum, with her ¾ speed 4½ and ½ speed 3, and the speeds her hull note lists with 1-3 kn lost
    # (¾ = 3½/3/2, ½ = 2½/2/1½), and every half knot up to half her maximum (replay r16: a boiler halves to them);
    # play 44: a track this short takes every half knot to her maximum (5½ too)
    assert [(r.label, " ".join(c.text for c in r.cells)) for r in track.rows] == [("Ahead", "0 ½ 1 1½ 2 2½ 3 3½ 4 4½ 5 5½ 6"),
                                                                                ("Astern", "0 1 2")]
    guns = next(b for b in blocks if isinstance(b, GunTable))
    assert [r[0] for r in guns.rows] == [g.name + f" [{g.turret}]" for g in s.guns]


def test_speed_track_runs_to_the_maximum_and_shades_the_hull_notes_speeds(library):
    """Hartford: the hull note says ½ speed = 6½ kn and the track shades 6½ (not 6); it ends at 13½, not 14."""
    ctx = RS.context(library)
    for uid in ("uss-hartford", "uss-metacomet", "css-tennessee", "uss-monitor", "css-morgan", "css-selma"):
        unit = library.find(uid)
        s = RS.derive(unit, ctx).stats
        block = sheet(unit, RS.derive(unit, ctx), ctx)
        hull = next(t for b in walk(block) if isinstance(b, Tracks) for t in b.tracks if t.label == "Hull")
        ahead = speed_cells(s.max_speed_kn, speed_marks(s))
        assert ahead[-1] == s.max_speed_kn and ahead[0] == 0
        assert speed_cells(s.astern_speed_kn)[-1] == s.astern_speed_kn
        for th in s.speed_thresholds:
            assert th.speed_kn in ahead
            assert f"lost (box {th.lost}): {fraction(th.fraction)} = {number(th.speed_kn)} kn" in hull.note
            assert speed_marks(s)[th.speed_kn] == fraction(th.fraction)
        assert all(b - a <= 1 for a, b in zip(ahead, ahead[1:]))  # every whole knot is there
    hartford = RS.derive(library.find("uss-hartford"), ctx).stats
    cells = speed_cells(hartford.max_speed_kn, speed_marks(hartford))
    assert cells[-2:] == [13, 13.5] and 6.5 in cells and 14 not in cells
    assert speed_marks(hartford) == {10.0: "¾", 6.5: "½"}


@pytest.mark.parametrize("uid, max_kn, three_q, half", [("css-morgan", 10, "7½", "5"), ("css-selma", 9, "6½", "4½"),
                                                        ("css-tennessee", 5, "3½", "2½")])
def test_three_quarter_speed_keeps_half_knots_on_bars_note_and_track(library, uid, max_kn, three_q, half):
    """¾ speed is rounded like ½ speed, down to the half knot, and the hull bars, the hull note and the shaded
    speed-track boxes all print the same two speeds."""
    ctx = RS.context(library)
    unit = library.find(uid)
    d = RS.derive(unit, ctx)
    s = d.stats
    assert s.max_speed_kn == max_kn
    blocks = list(walk(sheet(unit, d, ctx)))
    hull = next(t for b in blocks if isinstance(b, Tracks) for t in b.tracks if t.label == "Hull")
    th = {fraction(t.fraction): t for t in s.speed_thresholds}
    assert hull.marks == {th["¾"].lost: "¾ speed", th["½"].lost: "½ speed"}
    assert f"½ lost (box {th['¾'].lost}): ¾ = {three_q} kn" in hull.note
    assert f"¾ lost (box {th['½'].lost}): ½ = {half} kn" in hull.note
    track = next(b for b in blocks if isinstance(b, SpeedTrack))
    ahead = [c.text for c in track.rows[0].cells]
    assert three_q in ahead and half in ahead
    assert {number(v): m for v, m in speed_marks(s).items()} == {three_q: "¾", half: "½"}

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mobile_bay_sheet_fits_half_a_page_with_a_log_for_the_games_turns(library, paper, tmp_path):
    scen = library.scenario("mobile-bay-1864")
    doc = Document(tmp_path / "x.pdf", paper=paper, title="x", footer="x")  # only for a pack page's content box
    box = doc.content
    doc.abort()
    for turns, half in ((None, True), (30, False)):
        ctx = RS.context(library)
        ctx.options = SimpleNamespace(turns=turns)
        for _, unit in library.scenario_units(scen):
            d = RS.derive(unit, ctx)
            block = sheet(unit, d, ctx)
            h = block.measure(box.w)
            # two to a page under the turn strip, the sheet flow's gap under the strip and between the two
            room = box.h - turn_strip(ctx.tables, style()).measure(box.w) - style()["sheet_flow"]["gap"]
            assert h <= (room - style()["sheet_flow"]["gap"]) / 2 if half else h <= room, (unit.name, h, room)
            orders = [b for b in walk(block) if isinstance(b, OrdersLog)]
            if d.stats.fort:
                assert not orders
                continue
            assert len(orders) == 1 and orders[0].label.endswith(f"turns 1-{turns or 12}"), unit.name
            turret = any(g.turret for g in d.stats.guns)
            turret_cols = {"Turret", "Fore", "Aft"} & set(orders[0].header)
            assert bool(turret_cols) == turret and ("Spar" in orders[0].label) == d.stats.spar_torpedo


def test_orders_log_has_a_row_for_every_turn_and_no_more(library):
    ctx = RS.context(library)
    s = RS.derive(library.find("uss-hartford"), ctx).stats
    for turns in (1, 5, 12, 13, 30, 60):
        log = _orders(s, turns)
        parts = log.part_count(190)
        per = -(-turns // parts)
        assert log.measure(190) > 0
        drawn = []

        class Rec:
            def __getattr__(self, name):
                return lambda *a, **k: drawn.append(a[2]) if name == "text" and str(a[2]).isdigit() else None

        log.draw(Rec(), 0, 0, 190)
        assert sorted(int(t) for t in drawn) == list(range(1, turns + 1)), turns
        assert per * parts >= turns and parts <= 4


def test_only_the_gauge_pages_are_true_scale(library, tmp_path):
    ctx = RS.context(library)
    scen = library.scenario("hampton-roads-1862")
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(scen)]
    path = tmp_path / "mixed.pdf"
    with Document(path, paper="a4", title="mixed") as doc:
        aids.templates(doc, ctx)
        gauges = doc.page_count
        aids.counters(doc, units, ctx)
        aids.quick_reference(doc, [d for _, _, d in units], ctx)
    bars = ["must measure 100 mm" in " ".join(t.split()) for t in pdf_page_texts(path)]
    assert bars[:gauges] == [True] * gauges and not any(bars[gauges:])


def test_pre_damaged_copies_strike_opening_hull_holes_and_fires(library):
    from shipyard.pack import PackOptions
    from shipyard.library.model import Scenario

    scen = Scenario.model_validate({
        "id": "duel", "name": "A duel", "date": "1864-08-05", "place": "Mobile Bay",
        "sides": [{"name": "Union", "navy": "USN", "units": [{"id": "uss-hartford"}]},
                  {"name": "Confederate", "navy": "CSN",
                   "units": [{"id": "css-tennessee", "damage": {"hull": 3, "holes": 2, "fires": 1}}]}]})
    unit = library.units["css-tennessee"].as_of("1864-08-05")
    for copies, want in (("pre-damaged", {"Hull": 3, "Holes": 2, "Fires": 1}), ("blank", {"Hull": 0, "Holes": 0, "Fires": 0})):
        ctx = RS.context(library)
        ctx.options, ctx.scenario = PackOptions(copies=copies), scen
        block = sheet(unit, RS.derive(unit, ctx), ctx)
        tracks = {t.label.split(" ")[0]: t.prefilled for b in walk(block) if isinstance(b, Tracks) for t in b.tracks}
        assert tracks == want, copies


def test_critical_checkbox_words_come_from_the_criticals_table(library, tmp_path):
    """A house rule that makes a holed funnel cost 2 knots and a lost screw 3 shows on the checkboxes."""
    rows = [dict(r) for r in RS.tables().criticals.rows]
    for r in rows:
        if r["roll"] == "51-52":
            r["mark"] = "Funnel: smoke, −2 kn"
        if r["roll"] == "53-56":
            r["mark_screw"] = "−3 kn"
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"saunders": {"criticals": {"rows": rows}}}, allow_unicode=True), encoding="utf-8")
    plain = _sheet_texts(library, "uss-hartford")
    ruled = _sheet_texts(library, "uss-hartford", path)
    assert any(t.startswith("Funnel: smoke, −1 kn") for t in plain) and any("One screw: −2 kn a hit (1st box)" in t for t in plain)
    assert any(t.startswith("Funnel: smoke, −2 kn") for t in ruled) and any("One screw: −3 kn a hit (1st box)" in t for t in ruled)
    assert not any("−1 kn" in t for t in ruled if t.startswith("Funnel"))

