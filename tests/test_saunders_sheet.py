"""Saunders printed aids at the block level (milliseconds): what the sheet, roster and reference say, from the
stats and the (house-ruled) tables; plus one read-back that only the gauges are true scale."""

from __future__ import annotations

import pdfplumber
import pytest
import yaml

from shipyard.render import Document
from shipyard.render.blocks import Drawing, Table, Tracks, walk
from shipyard.rules import get_ruleset
from shipyard.rules.saunders import aids
from shipyard.rules.saunders.reference import sections
from shipyard.rules.saunders.roster import footnote
from shipyard.rules.saunders.sheet import sheet

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
    assert not any("to hit" in t.lower() and ("−1" in t or "-1" in t) for t in ruled)
    # explain agrees with the sheet
    d = RS.derive(library.find("uss-monitor"), RS.context(library, house_rules=house))
    assert "-2 to hit her" in d.reasons["small_target"] and "house rule" in d.reasons["small_target"]


def test_reference_and_roster_print_the_house_rules_too(library, house):
    ctx = RS.context(library, house_rules=house)
    units = [("Union", u, RS.derive(u, ctx)) for u in (library.find("uss-monitor"), library.find("uss-hartford"))]
    texts = [t for b in sections([d for _, _, d in units], ctx) for t in b.texts()]
    assert "To hit: 1D6 per gun, 4+ hits" in texts and not any("5+" in t for t in texts)
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
    assert hull.marks == {th.lost: {0.75: "¾", 0.5: "½"}[th.fraction] for th in s.speed_thresholds}
    labels = [b.label for b in blocks if isinstance(b, Drawing)]
    assert f"armour stern {s.armour.stern} midships {s.armour.midships} bow {s.armour.bow} Armament 8 Pilot house 8" in labels
    assert f"ahead 0-{int(s.max_speed_kn)} astern 0-{int(s.astern_speed_kn)}" in labels
    guns = next(b for b in blocks if isinstance(b, Table) and b.header and b.header[0] == "Gun")
    assert [r[0] for r in guns.rows] == [g.name + f" [{g.turret}]" for g in s.guns]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mobile_bay_sheet_fits_one_page_with_its_orders_log(library, paper, tmp_path):
    ctx = RS.context(library)
    scen = library.scenario("mobile-bay-1864")
    doc = Document(tmp_path / "x.pdf", paper=paper, title="x", footer="x")  # only for a pack page's content box
    box = doc.content
    doc.abort()
    for _, unit in library.scenario_units(scen):
        d = RS.derive(unit, ctx)
        block = sheet(unit, d, ctx, room=(box.w, box.h))
        h = block.measure(box.w)
        assert h <= box.h, (unit.name, h, box.h)
        if not d.stats.fort:
            orders = [b for b in walk(block) if isinstance(b, Drawing) and b.label.startswith("Turn Speed")]
            assert len(orders) == 1 and box.h - h < 6, (unit.name, box.h - h)  # the log fills the page


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
    with pdfplumber.open(path) as pdf:
        bars = ["must measure 100 mm" in (p.extract_text() or "") for p in pdf.pages]
    assert bars[:gauges] == [True] * gauges and not any(bars[gauges:])
