"""Really Simple ACW Naval Rules: the printed aids, checked on the real PDFs (text by extraction,
geometry in millimetres from pdfplumber's figures, through conftest.pdf_plumbed)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from conftest import pdf_page_index, pdf_plumbed, pdf_plumbed_pages, pdf_straight_strokes

from shipyard.render import Document
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple import aids
from shipyard.rules.really_simple import sheet as S, templates as T, words as W

RS = get_ruleset("really-simple")
PT = 25.4 / 72  # mm per point


def mm(v: float) -> float:
    return v * PT


def build(path: Path, paper: str, draw) -> Path:
    with Document(path, paper=paper, title="test", footer="test", strict=True) as doc:
        draw(doc)
    return path


def texts(path: Path) -> list[str]:
    """Each page's text line by line (through pdfium: these tests only look for words), runs of spaces folded."""
    import re

    from conftest import pdf_page_texts

    return [re.sub(r"[ \t]+", " ", t) for t in pdf_page_texts(path)]


def card_pages(pages: list[str]) -> list[str]:
    return [t for t in pages if "Ship data cards" in t]


# ---------------------------------------------------------------------------------------------
# ship data cards


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_render_for_every_library_unit(library, ctx, tmp_path, paper):
    units = sorted(library.units.values(), key=lambda u: u.id)
    derived = [(u, RS.derive(u, ctx)) for u in units]
    out = build(tmp_path / f"all-{paper}.pdf", paper, lambda doc: aids.sheets(doc, derived, ctx))
    cards = "\n".join(card_pages(texts(out)))
    for u in units:
        assert u.name in cards, u.id
    # every card carries its armour number next to the ARMOUR label
    assert cards.count("ARMOUR") == len(units)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_mobile_bay_fleet_fits_four_pages_per_side(library, ctx, mobile_bay, tmp_path, paper):
    scen, units = mobile_bay
    for side in scen.sides:
        derived = [(u, d) for s, u, d in units if s == side.name]
        out = build(tmp_path / f"{side.name}.pdf", paper, lambda doc: aids.sheets(doc, derived, ctx))
        pages = card_pages(texts(out))
        assert 1 <= len(pages) <= 4, (side.name, len(pages))
    everyone = [(u, d) for _, u, d in units]
    out = build(tmp_path / "fleet.pdf", paper, lambda doc: aids.sheets(doc, everyone, ctx))
    assert len(card_pages(texts(out))) <= 4 * len(scen.sides)


def test_card_pages_say_once_how_the_boxes_are_used_and_the_reference_has_the_hit_tables(ctx, mobile_bay, tmp_path):
    _, units = mobile_bay
    out = build(tmp_path / "fleet.pdf", "a4", lambda doc: aids.sheets(doc, [(u, d) for _, u, d in units], ctx))
    for t in card_pages(texts(out)):
        assert t.count("A SPEED box per ½ kn lost") == 1
        # every card's special-effect boxes, the line above them, and a fort card's line of rows that do nothing to it
        forts = t.count("On a fort: hit 1d6")
        assert forts == len(re.findall(r"\bGUNS\b", t))  # a fort card's stat boxes count its guns
        assert t.count("2d6") == t.count("ARMOUR") + forts
    ref = "\n".join(texts(build(tmp_path / "ref.pdf", "a4", lambda doc: aids.quick_reference(doc, [d for *_, d in units], ctx))))
    assert "On a hit, roll 1d6" in ref and "Boiler holed" in ref and "Lose a gun" in ref


def _square_rects(path: Path, size_mm: float, page_no: int = 0) -> list[dict]:
    with pdf_plumbed(path) as pdf:
        rects = pdf.pages[page_no].rects
        return [r for r in rects if abs(mm(r["width"]) - size_mm) < 0.05 and abs(mm(r["height"]) - size_mm) < 0.05]


def test_monitor_card_has_a_half_knot_box_per_step_to_zero_and_a_sinking_box(library, ctx, tmp_path):
    monitor = library.find("uss-monitor")
    d = RS.derive(monitor, ctx)
    out = build(tmp_path / "m.pdf", "a4", lambda doc: aids.sheets(doc, [(monitor, d)], ctx))
    speed_boxes = _square_rects(out, S.SPEED_BOX)
    assert len(speed_boxes) == int(d["speed_kn"] * 2) + 1  # 6, 5½ … ½, 0
    text = texts(out)[0]
    assert "SINKS" in text
    assert re.search(r"6 5½ 5 4½ 4 3½ 3 2½ 2 1½ 1 ½ 0\s+SINKS", text)
    gun_boxes = _square_rects(out, S.GUN_BOX)
    assert len(gun_boxes) == sum(g["count"] for g in d["guns"]) == 2


def test_hartford_gun_boxes_match_her_battery_by_size(library, ctx, tmp_path):
    if "uss-hartford" not in library.units:
        pytest.skip("Hartford not in the library")
    u = library.units["uss-hartford"]
    d = RS.derive(u, ctx)
    out = build(tmp_path / "h.pdf", "a4", lambda doc: aids.sheets(doc, [(u, d)], ctx))
    assert len(_square_rects(out, S.GUN_BOX)) == sum(g["count"] for g in d["guns"])
    text = texts(out)[0]
    for size in {g["size"][0] for g in d["guns"]}:  # the rows say the size by its initial: PORT L +3, PIVOT S +1
        assert re.search(rf"(PORT|STBD|BOW|STERN|PIVOT|TURRET) {size}R? \+\d", text), size
    assert f"{W.kn(d['speed_kn'])} kn" in text and f"{d['draft_ft']} ft" in text


def test_fort_card_has_guns_but_no_speed_track(library, ctx, tmp_path):
    forts = library.forts
    if not forts:
        pytest.skip("no forts in the library")
    f = forts[0]
    d = RS.derive(f, ctx)
    out = build(tmp_path / "f.pdf", "a4", lambda doc: aids.sheets(doc, [(f, d)], ctx))
    assert _square_rects(out, S.SPEED_BOX) == []
    assert len(_square_rects(out, S.GUN_BOX)) == sum(g["count"] for g in d["guns"])
    assert f"ON ONE SHIP {d.stats.gun_count // 6 or 1} of {d.stats.gun_count}" in texts(out)[0].replace("\n", " ")


def test_orders_log_is_one_per_side_in_the_order_format(ctx, mobile_bay, tmp_path):
    _, units = mobile_bay
    out = build(tmp_path / "fleet.pdf", "a4", lambda doc: aids.sheets(doc, [(u, d) for _, u, d in units], ctx))
    logs = [t for t in texts(out) if "Orders log" in t]  # each page opens with the turn strip, then its title
    assert [next(ln for ln in t.splitlines() if ln.startswith("Orders log")) for t in logs] == \
        ["Orders log · Union", "Orders log · Confederate"]
    union, confed = logs
    assert "1st ½" in union and "2nd ½" in union and "extras" in union and "Turn 12" in union and "Turn 13" not in union
    assert "USS Hartford" in union and "13½ / 6½ kn" in union and "CSS Tennessee" not in union
    assert "Fort Morgan" not in confed  # forts write no orders


# ---------------------------------------------------------------------------------------------
# templates: geometry at true scale


@pytest.fixture(scope="module")
def templates_pdf(library, tmp_path_factory):
    out = tmp_path_factory.mktemp("tpl") / "t.pdf"
    ctx = RS.context(library)
    build(out, "a4", lambda doc: aids.templates(doc, ctx))
    return out


def test_turning_gauge_edges_are_45_degrees_either_side_and_70_mm_long(templates_pdf):
    with pdf_plumbed(templates_pdf) as pdf:
        page = pdf.pages[0]
        edges = [l for l in page.lines if abs(mm(l["linewidth"]) - 0.4) < 0.01]
    assert len(edges) == 2
    angles = []
    for l in edges:
        (x1, y1), (x2, y2) = l["pts"]
        length = math.hypot(mm(x2 - x1), mm(y2 - y1))
        assert abs(length - T.GAUGE_R) < 0.2
        # angle from the vertical heading line, in degrees (y grows downward in pdfplumber)
        angles.append(math.degrees(math.atan2(x2 - x1, y1 - y2)))
    assert sorted(round(a, 1) for a in angles) == pytest.approx([-45.0, 45.0], abs=0.2)
    # the two edges meet at the pivot
    assert edges[0]["pts"][0] == pytest.approx(edges[1]["pts"][0], abs=0.2 / PT)
    assert abs(abs(angles[0] - angles[1]) - 90.0) < 0.2


def test_templates_carry_a_calibration_bar_and_an_inch_square(templates_pdf):
    pages = texts(templates_pdf)
    assert all("this bar must measure 100 mm" in t for t in pages)
    assert any(abs(mm(r["width"]) - 25.4) < 0.2 and abs(mm(r["height"]) - 25.4) < 0.2
               for r in pdf_plumbed_pages(templates_pdf)[0].rects)


def _stick_ticks(path: Path) -> list[list[float]]:
    """x positions (mm) of the inch ticks of each range-stick piece, page by page."""
    out = []
    with pdf_plumbed(path) as pdf:
        for page in pdf.pages:
            if "Range stick" not in (page.extract_text() or ""):
                continue
            segs = [s for s in page.lines if abs(s["x0"] - s["x1"]) < 1e-6 and 2.9 <= mm(s["bottom"] - s["top"]) <= 5.1]
            by_row: dict[int, list[float]] = {}
            for s in segs:
                by_row.setdefault(round(mm(s["top"])), []).append(mm(s["x0"]))
            out += [sorted(xs) for _, xs in sorted(by_row.items())]
    return out


@pytest.mark.parametrize("scale,total", [("1/1200", 36), ("1/600", 72)])
def test_range_stick_is_true_scale_and_pieces_add_to_the_long_range(library, tmp_path, scale, total):
    ctx = RS.context(library, scale=scale)
    out = build(tmp_path / "t.pdf", "a4", lambda doc: aids.templates(doc, ctx))
    rows = _stick_ticks(out)
    inches = 0
    for xs in rows:
        gaps = [b - a for a, b in zip(xs, xs[1:])]
        assert all(abs(g - 25.4) < 0.2 for g in gaps), gaps
        inches += len(xs) - 1
    assert inches == total
    text = "\n".join(texts(out))
    assert f"piece {len(rows)} of {len(rows)}" in text
    assert "A▶" in text and "◀A" in text  # joins are labelled on both sides


def test_range_bands_break_at_3_and_18_inches(templates_pdf):
    with pdf_plumbed(templates_pdf) as pdf:
        page = pdf.pages[pdf_page_index(templates_pdf, "Range stick")]
        fills = sorted((r for r in page.rects if r["non_stroking_color"] not in (None, [0.8], (0.8,))
                        and abs(mm(r["height"]) - 14.0) < 0.2),  # the stick's band fills (not the inch square)
                       key=lambda r: (round(r["top"]), r["x0"]))
        first_row = [r for r in fills if round(r["top"]) == round(fills[0]["top"])]
        widths = [round(mm(r["width"]), 1) for r in first_row if mm(r["height"]) > 10]
    assert widths[0] == pytest.approx(3 * 25.4, abs=0.2)


# ---------------------------------------------------------------------------------------------
# counters, roster, quick reference


def test_speed_chits_a_named_one_per_ship_for_a_fleet_and_a_generic_whole_knot_set_without(ctx, mobile_bay, tmp_path):
    _, units = mobile_bay
    out = build(tmp_path / "c.pdf", "a4", lambda doc: aids.counters(doc, units, ctx))
    text = "\n".join(texts(out))
    ships = [u for _, u, d in units if not d.stats.is_fort]
    assert text.count("KN AHEAD") == len(ships)  # one each: a line at one speed never runs out
    for marker in ("FIRE!", "AGROUND", "STEERING", "JAMMED"):
        assert marker in text
    generic = "\n".join(texts(build(tmp_path / "g.pdf", "a4", lambda doc: aids.counters(doc, [], ctx))))
    assert "KN AHEAD" in generic and "KN ASTERN" in generic and "½" not in generic


def test_counters_have_cut_marks_inside_the_margins(ctx, mobile_bay, tmp_path):
    _, units = mobile_bay
    out = build(tmp_path / "c.pdf", "letter", lambda doc: aids.counters(doc, units, ctx, backs=True))
    pages = pdf_straight_strokes(out, width_mm=0.15)  # pdfminer's LTLines (pdfplumber's `lines`), read by pdfium
    assert len(pages) % 2 == 0  # a back for every front
    for (width, _), marks in pages:
        assert len(marks) >= 8
        for x0, _, x1, _, _ in marks:
            assert mm(min(x0, x1)) >= 8.0 and mm(width - max(x0, x1)) >= 8.0


def test_roster_lists_both_sides_with_stats(ctx, mobile_bay, tmp_path):
    scen, units = mobile_bay
    out = build(tmp_path / "r.pdf", "a4", lambda doc: aids.roster(doc, scen, units, ctx))
    text = "\n".join(texts(out))
    for side in scen.sides:
        assert side.name in text
    for _, u, d in units:
        assert u.name in text


def _halves(path: Path) -> tuple[str, str]:
    with pdf_plumbed(path) as pdf:
        page = pdf.pages[0]
        w, h = float(page.width), float(page.height)
        return page.crop((0, 0, w / 2, h)).extract_text(), page.crop((w / 2, 0, w, h)).extract_text()


def test_quick_reference_shows_only_what_is_in_play(library, ctx, tmp_path):
    monitor = RS.derive(library.find("uss-monitor"), ctx)
    out = build(tmp_path / "q.pdf", "a4", lambda doc: aids.quick_reference(doc, [monitor], ctx))
    left, right = _halves(out)
    header = next(line for line in left.splitlines() if line.startswith("gun \\ armour"))
    assert header.split()[3:] == ["8"]  # only the armour in play
    gun_rows = [line for line in left.splitlines() if re.match(r"(Large|Medium|Small)( rifle)? \+\d( |$)", line)]
    assert gun_rows == ["Large +3 6+"]  # 11-in Dahlgren (+3) needs a 6 against armour 8
    assert "drafts in play: 10 ft" in right.replace("\n", " ")  # the shoals sit under the lashed pairs
    assert "double-ended" not in right  # Monitor is single-ended
    fleet = [RS.derive(u, ctx) for u in library.vessels]
    out = build(tmp_path / "q2.pdf", "a4", lambda doc: aids.quick_reference(doc, fleet, ctx))
    left, right = _halves(out)
    header = next(line for line in left.splitlines() if line.startswith("gun \\ armour"))
    assert header.split()[3:] == [str(a) for a in sorted({d["armour"] for d in fleet})]
    if any(d["double_ender"] for d in fleet):
        assert "double-ended" in right.replace("\n", " ")


def test_cli_sheet_templates_counters_roster(cli, tmp_path):
    for args in (["sheet", "monitor"], ["templates", "--paper", "letter"], ["counters", "mobile-bay-1864"],
                 ["roster", "mobile-bay-1864"]):
        out = tmp_path / f"{args[0]}.pdf"
        r = cli(*args, "--rules", "rs", "-o", str(out))
        assert r.code == 0, r.err
        assert out.exists() and "wrote" in r.out


def test_speed_chit_words_keep_clear_of_the_chit_edges(ctx, mobile_bay, tmp_path):
    """'KN ASTERN' is centred on its 16 mm chit with at least 1.2 mm to either cut line."""
    from shipyard.rules.really_simple.counters import CHIT

    _, units = mobile_bay
    out = build(tmp_path / "c.pdf", "a4", lambda doc: aids.counters(doc, units, ctx))
    with pdf_plumbed(out) as pdf:
        words = [w for p in pdf.pages for w in p.extract_words(keep_blank_chars=True) if w["text"].startswith("KN ")]
    assert words
    for w in words:
        assert mm(w["x1"] - w["x0"]) <= CHIT - 2 * 1.2, w["text"]
