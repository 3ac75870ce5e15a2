"""Smoke on the Water counters: a speed counter's back never offers an astern speed its ship cannot make, the fire
markers come in proportion to the fleet, and with --backs every front page has its back page."""

from __future__ import annotations

import pdfplumber
import pytest
from conftest import pdf_page_texts

from shipyard.render import Document
from shipyard.rules import get_ruleset
from shipyard.rules.smoke_on_the_water import counters as C
from shipyard.rules.smoke_on_the_water.derive import level_names

RS = get_ruleset("sotw")
SCENARIOS = (("mobile-bay-1864", None), ("hampton-roads-1862", "1/1200"))


def _units(library, scen, scale):
    ctx = RS.context(library, scale=scale)
    units = [(side.name, library.units[u.id], RS.derive(library.units[u.id], ctx))
             for side in library.scenario(scen).sides for u in side.units]
    return ctx, units


@pytest.mark.parametrize("scen,scale", SCENARIOS)
def test_no_counter_back_offers_an_astern_speed_the_ship_cannot_make(library, scen, scale):
    ctx, units = _units(library, scen, scale)
    names = level_names(ctx.tables)
    vessels = {d.unit_name: d.stats for _, _, d in units if d.stats.kind == "vessel"}
    pairs = C.speed_pairs(ctx, units)
    backs: dict[str, list[str]] = {n: [] for n in vessels}
    for front, back in pairs:
        assert front[2] in ("ahead", "")
        assert names.index(front[1]) <= names.index(vessels[front[3]].max_speed)
        if back is None or back[2] == "":
            continue
        assert back[2] == "astern" and back[3] == front[3]
        assert names.index(back[1]) <= names.index(vessels[back[3]].astern_speed), (back, vessels[back[3]].astern_speed)
        backs[back[3]].append(back[1])
    for name, s in vessels.items():  # and every astern speed she can make is on some counter's back, once
        assert backs[name] == names[1:names.index(s.astern_speed) + 1], name
    if scen == "mobile-bay-1864":
        assert "Fast" not in backs["USS Tecumseh"] and "Very Fast" not in backs["USS Hartford"]


def _page_texts(path):
    return pdf_page_texts(path)


def test_with_backs_every_front_page_has_its_back_page(library, tmp_path):
    ctx, units = _units(library, "mobile-bay-1864", None)
    out = tmp_path / "c.pdf"
    with Document(out, paper="a4", title="c") as doc:
        C.counters(doc, units, ctx, backs=True)
    texts = _page_texts(out)
    assert len(texts) % 2 == 0
    fronts, backs = texts[0::2], texts[1::2]
    pairs = C.speed_pairs(ctx, units)
    astern_backs = sum(1 for _, b in pairs if b is not None and b[2] == "astern")
    assert sum(t.count("astern") for t in backs) == astern_backs
    assert sum(t.count("ahead") for t in fronts) == sum(1 for f, _ in pairs if f[2] == "ahead")
    for front, back in zip(fronts, backs):
        if "On fire" in front or "Out of control" in front:  # a marker page: its back is blank and says so
            assert "On fire" not in back and "Out of control" not in back and "left blank" in back
        assert "ahead" not in back


def test_fire_markers_come_in_proportion_to_the_fleet(library, tmp_path):
    ctx, units = _units(library, "mobile-bay-1864", None)
    ctx.scenario = library.scenario("mobile-bay-1864")  # as the pack's: its lashed consorts have no speed sets
    vessels = sum(1 for _, _, d in units if d.stats.kind == "vessel")
    out = tmp_path / "c.pdf"
    with Document(out, paper="a4", title="c") as doc:
        C.counters(doc, units, ctx)
    text = "\n".join(_page_texts(out))
    # count the on-fire markers by their own line ("burning; caught again: ..."), not by "On fire"
    on_fire, fire_test = text.count("burning;"), text.count("Fire test")
    out_of_control = text.count("Out of control")
    assert vessels / 3 <= on_fire <= vessels and vessels / 4 <= fire_test <= vessels
    assert on_fire + fire_test >= vessels / 2  # small fire markers: as many as the single kind once was
    assert vessels / 4 <= out_of_control <= vessels / 2
    assert len(_page_texts(out)) == 2  # the markers share the speed counters' last page


def test_the_three_fire_markers_differ_in_size_and_grey_and_name_the_sheets_boxes(library):
    """Review item 12: the sheet's "Fire test marker", "On fire" and "Out of control" boxes each have a marker of
    that name, and no two markers share a fill (so black-and-white prints tell them apart too). Sizes: the fire test
    disc is the smallest; sotw35 (replay 26) set the Out of control disc at the On fire disc's size, where its 51 mm
    took a third of a page, so fill (and white type) alone tells those two apart."""
    from shipyard.rules.smoke_on_the_water import sheet as S
    ctx, units = _units(library, "mobile-bay-1864", None)
    unit, d = next((u, dd) for _, u, dd in units if dd.stats.kind == "vessel")
    labels = {t.label for t in S.critical_boxes(d.stats).tracks if t.records == "fire"}
    names = {v[1] for v in C.MARKERS.values()}
    styles = [C.STYLES[v[0]] for v in C.MARKERS.values()]
    assert labels == {"Fire test markers", "On fire", "Out of control"}  # a box per marker (issue 22)
    assert {lab.removesuffix(" markers") for lab in labels} == names
    sizes = [st.size for st in styles]
    fills = [st["ring"].fill for st in styles]
    assert len(set(fills)) == 3
    test, fire, out = sizes
    assert test[0] < fire[0] and out == fire


def test_long_names_fit_their_counters_at_five_points(library, tmp_path):
    """Memphis' River Defense rams (General M. Jeff Thompson...) shorten their rank rather than shrink below 5 pt."""
    from layout_lint import lint

    from shipyard.rules.play_aids import fitting_name

    assert fitting_name("CSS General M. Jeff Thompson", lambda s: len(s) <= 30) == "General M. Jeff Thompson"
    assert fitting_name("CSS General M. Jeff Thompson", lambda s: len(s) <= 22) == "Gen. M. Jeff Thompson"
    ctx, units = _units(library, "memphis-1862", None)
    out = tmp_path / "c.pdf"
    with Document(out, paper="a4", title="c") as doc:
        C.counters(doc, units, ctx)
    report = lint(out)
    assert not report.counts()["small text"], report.text()
    assert "Gen. M. Jeff Thompson" in " ".join(_page_texts(out))
