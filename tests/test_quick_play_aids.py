"""Quick Play printed aids on the real Mobile Bay scenario: text by extraction, geometry in millimetres."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from shipyard.rules.quick_play import RULESET
from shipyard.rules.quick_play import aids, reference
from shipyard.rules.quick_play.derive import plays

PT = 25.4 / 72


@pytest.fixture(scope="module")
def mobile_bay_as_printed(library):
    ctx = RULESET.context(library)
    scen = ctx.scenario = library.scenarios["mobile-bay-1864"]  # the article's printed values, as the CLI uses
    # the units in play: the article's order of battle (Fort Morgan with its water battery, no Fort Powell)
    units = [(side, u, RULESET.derive(u, ctx)) for side, u in library.scenario_units(scen) if plays(u.id, ctx)]
    return scen, units, ctx


@pytest.fixture(scope="module")
def built(tmp_path_factory, cli_module):
    out = tmp_path_factory.mktemp("qp")
    files = {
        "cards": out / "cards.pdf", "counters": out / "counters.pdf", "roster": out / "roster.pdf",
        "backs": out / "backs.pdf", "letter": out / "cards-letter.pdf",
    }
    runs = [
        ("sheet", "mobile-bay-1864", "--rules", "quick-play", "-o", files["cards"]),
        ("counters", "--rules", "qp", "mobile-bay-1864", "-o", files["counters"]),
        ("roster", "mobile-bay-1864", "--rules", "edna", "-o", files["roster"]),
        ("counters", "--rules", "qp", "mobile-bay-1864", "--backs", "-o", files["backs"]),
        ("sheet", "mobile-bay-1864", "--rules", "qp", "--paper", "letter", "-o", files["letter"]),
    ]
    for args in runs:
        r = cli_module(*args)
        assert r.code == 0, r.err
    return files


@pytest.fixture(scope="module")
def cli_module():
    from conftest import in_process

    return in_process


def text_of(path) -> str:
    from conftest import pdf_page_texts

    return "\n".join(pdf_page_texts(path))


def flat(s: str) -> str:
    return " ".join(s.split())


@pytest.mark.parametrize("kind", ["cards", "counters", "roster"])
def test_every_mobile_bay_unit_name_and_edna_is_printed(built, mobile_bay_as_printed, kind):
    _, units, _ = mobile_bay_as_printed
    text = flat(text_of(built[kind]))
    for _, u, d in units:
        assert u.name in text, (kind, u.name)
        if kind == "roster":
            assert any(line.startswith(u.name) or u.name in line for line in text_of(built[kind]).splitlines()
                       if f" {d['edna']} " in f" {line} "), u.name
        elif kind == "cards":
            assert f"EDNA {d['edna']}" in text, (kind, u.name)
    if kind == "counters":  # a marker's EDNA would go stale with the first hit: it is on the card only
        assert "EDNA" not in text


def test_cards_fit_the_whole_fleet_on_two_a4_pages_and_leave_the_tables_to_the_reference(built):
    from conftest import pdf_page_texts

    pages = pdf_page_texts(built["cards"])
    assert len(pages) <= 2
    for t in map(flat, pages):
        assert "Play tables: the quick reference" in t
        t = t.split("What the rules leave open")[0]  # the bound's readings follow the last cards, once
        assert "Catastrophic events" not in t and "Throws" not in t  # the reference is not repeated on every page


def test_card_edna_tracks_have_one_box_per_point(built, mobile_bay_as_printed):
    _, units, _ = mobile_bay_as_printed
    from shipyard.rules.quick_play.sheet import edna_style, style

    sizes = {int(d["edna"]): edna_style(int(d["edna"]), style())["box"] for _, _, d in units}
    with pdfplumber.open(built["cards"]) as pdf:
        rects = [r for page in pdf.pages for r in page.rects]
    # a box per point, as big as her card's row holds (3.8 mm; 3.6 over 16 EDNA, 3.0 over 20: Fort Morgan's 22, the
    # factor boxes' size, so not counted here)
    for box in set(sizes.values()) - {style()["gun_boxes"]["box"]}:
        found = sum(1 for r in rects if abs(r["width"] * PT - box) < 0.05 and abs(r["height"] * PT - box) < 0.05)
        assert found == sum(int(d["edna"]) for _, _, d in units if sizes[int(d["edna"])] == box), box


def test_letter_cards_stay_inside_the_page(built):
    with pdfplumber.open(built["letter"]) as pdf:
        for page in pdf.pages:
            assert abs(page.width * PT - 215.9) < 0.5
            for obj in page.chars + page.rects:
                assert obj["x0"] * PT >= 8 and obj["x1"] * PT <= page.width * PT - 8


def test_turn_counters_are_numbered_one_to_n_in_20mm_squares(built, mobile_bay_as_printed):
    _, units, _ = mobile_bay_as_printed
    acting = len(units) - 7  # a lashed pair draws one counter: Mobile Bay's seven gunboats draw none of their own
    with pdfplumber.open(built["counters"]) as pdf:
        first = pdf.pages[0]
        words = [w["text"] for w in first.extract_words()]
        for n in range(1, acting + 1):
            assert str(n) in words
        assert str(acting + 1) not in words
        squares = [r for r in first.rects if abs(r["width"] * PT - 18.8) < 0.1 and abs(r["height"] * PT - 18.8) < 0.1]
        spares = words.count("SPARE")  # blank ones ending the last row (replay 26), no more than a row's room
        assert len(squares) == acting + spares and 0 < spares < 9
        xs = sorted({round(r["x0"] * PT, 1) for r in squares})
        assert all(abs((b - a) - 20.0) < 0.1 for a, b in zip(xs, xs[1:]))
        assert len(first.lines) > 8  # cut marks


def test_speed_markers_match_each_ships_speeds(built, mobile_bay_as_printed):
    _, units, _ = mobile_bay_as_printed
    text = flat(text_of(built["counters"]))
    monitors = [d for _, _, d in units if d["type"] == "Monitor"]
    # play 43: a pair of like speeds (the four screw gunboats with their sloops) has one set, both names on it
    alike = ("USS Lackawanna + USS Seminole", "USS Monongahela + USS Kennebec", "USS Ossipee + USS Itasca",
             "USS Oneida + USS Galena")
    assert all(text.count(pair) == 4 for pair in alike)  # Slow, Cruise, Full, Reverse
    assert text.count("Cruise") == sum(1 for _, _, d in units if d.get("speeds_in", {}).get("cruise") is not None) - len(alike)
    assert text.count("Reverse") == sum(1 for _, _, d in units if d["type"] != "Fort") - len(alike)
    assert monitors


def test_backs_follow_each_front_page_mirrored(built):
    with pdfplumber.open(built["backs"]) as pdf, pdfplumber.open(built["counters"]) as plain:
        # every front page is followed by its back; without backs the speed markers continue on the counters' page,
        # so the plain sheet can be shorter than half of the duplex one
        assert len(pdf.pages) % 2 == 0 and len(pdf.pages) >= 2 * len(plain.pages)
        front, back = pdf.pages[0], pdf.pages[1]
        W = front.width
        fx = sorted(round(r["x0"] * PT, 1) for r in front.rects if abs(r["width"] * PT - 18.8) < 0.1)
        bx = sorted(round((W - r["x1"]) * PT, 1) for r in back.rects if abs(r["width"] * PT - 18.8) < 0.1)
        assert fx == bx


def test_roster_lists_divisions_lashed_pairs_and_side_totals(built, mobile_bay_as_printed):
    _, units, _ = mobile_bay_as_printed
    text = flat(text_of(built["roster"]))
    assert "Monitor Division" in text and "Wooden Ship Division" in text
    assert "lashed to Brooklyn" in text
    for side in ("Union", "Confederate"):
        ds = [d for s, _, d in units if s == side]
        edna = sum(int(d["edna"]) for d in ds)
        m = re.search(rf"{side}: (\d+) ships?(?: and (\d+) forts?)?(?:, \d+ counters \(a pair draws one\))? · total EDNA {edna}", text)
        assert m and int(m[1]) + int(m[2] or 0) == len(ds), text
        h = sum(d["cannonade"]["heavy"] for d in ds)
        assert f"factors {h} Heavy" in text


def test_quick_reference_prints_only_what_the_units_use(tmp_path, library):
    from shipyard.render import Document

    ctx = RULESET.context(library)
    d = RULESET.derive(library.units["uss-tecumseh"], ctx)
    out = tmp_path / "qr.pdf"
    with Document(out) as doc:
        reference.quick_reference(doc, [d], ctx)
    text = flat(text_of(out))
    assert "Monitor" in text and "Sidewheeler" not in text and "Wooden Screw" not in text
    assert "2D10 per factor" in text and "2D6 per two factors" not in text
    assert "a Ram 3D6" not in text
