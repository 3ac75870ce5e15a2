"""Smoke on the Water printed aids, checked on the real PDFs: turning-template geometry measured in millimetres from
pdfplumber's figures (conftest.pdf_plumbed: the same dictionaries, built from pdfminer's objects), sheet text by
extraction, ink near the page edge by rendering with pypdfium2, counters' duplex backs by position."""

from __future__ import annotations

import importlib
import math
from pathlib import Path

import pypdfium2
import pytest
from conftest import in_process, pdf_page_texts, pdf_plumbed, pdf_text

from shipyard.render import Document
from shipyard.rules import get_ruleset

RS = get_ruleset("sotw")
aids = importlib.import_module("shipyard.rules.smoke_on_the_water.aids")
S = importlib.import_module("shipyard.rules.smoke_on_the_water.sheet")
T = importlib.import_module("shipyard.rules.smoke_on_the_water.templates")
PT = 25.4 / 72  # mm per PDF point
TICK_MM = 0.25  # the width the templates draw their distance marks with


def _mm(p):
    return (p[0] * PT, p[1] * PT)


def _build_templates(library, tmp_path: Path, paper: str, scale: str):
    ctx = RS.context(library, scale=scale)
    out = tmp_path / f"templates-{paper}-{scale.replace('/', '-')}.pdf"
    with Document(out, paper=paper, title="t", true_scale=True) as doc:
        aids.templates(doc, ctx)
        box = doc.content
    return out, T._template_specs(ctx, box)


def _length(line) -> float:
    (x1, y1), (x2, y2) = map(_mm, line["pts"][:2])
    return math.hypot(x2 - x1, y2 - y1)


def _dashed(obj) -> bool:
    dash = obj.get("dash")
    return bool(dash and dash[0])


def _centre(segments):
    """Least-squares intersection of the lines through the given segments (mm)."""
    sxx = sxy = syy = bx = by = 0.0
    for (x1, y1), (x2, y2) in segments:
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy)
        nx, ny = -dy / n, dx / n  # unit normal
        c = nx * x1 + ny * y1
        sxx += nx * nx
        sxy += nx * ny
        syy += ny * ny
        bx += nx * c
        by += ny * c
    det = sxx * syy - sxy * sxy
    return ((syy * bx - sxy * by) / det, (sxx * by - sxy * bx) / det)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("scale", ["1/600", "1/1200"])
def test_turning_template_radii_and_marks_match_the_documented_geometry(library, tmp_path, paper, scale):
    path, specs = _build_templates(library, tmp_path, paper, scale)
    # no scenario: every manoeuvrability at every speed (long strips in pieces)
    assert len({(sp["manoeuvrability"], sp["speed"]) for sp in specs}) == len(RS.tables().turning_radii.rows) * 4
    factor = 0.5 if scale == "1/1200" else 1.0
    pending = list(specs)
    with pdf_plumbed(path) as pdf:
        for page in pdf.pages:
            ticks = [ln for ln in page.lines if abs(ln["linewidth"] * PT - TICK_MM) < 0.01 and not _dashed(ln)
                     and min(abs(_length(ln) - t) for t in T.TICK_LENGTHS_MM) < 0.05]
            outer_curves = page.curves
            while ticks and pending:
                spec = pending.pop(0)
                geo = spec["geo"]
                mine, ticks = ticks[: geo["ticks"]], ticks[geo["ticks"]:]
                assert len(mine) == geo["ticks"], spec["label"]
                segs = [(_mm(t["pts"][0]), _mm(t["pts"][1])) for t in mine]
                cx, cy = _centre(segs)
                outer = [max(s, key=lambda p: math.hypot(p[0] - cx, p[1] - cy)) for s in segs]
                radii = [math.hypot(p[0] - cx, p[1] - cy) for p in outer]
                documented = spec["radius_cm"] * 10 * factor
                assert geo["R"] == pytest.approx(documented)
                for r in radii:
                    assert abs(r - documented) <= 0.2, (spec["label"], r, documented)
                # distance marks: tick k sits 10k mm of arc from tick 0, measured as a chord
                for k, p in enumerate(outer):
                    chord = math.hypot(p[0] - outer[0][0], p[1] - outer[0][1])
                    expected = 2 * documented * math.sin(10 * k / (2 * documented))
                    assert abs(chord - expected) <= 0.2, (spec["label"], k, chord, expected)
                # the cut outline: an arc of the documented radius through the same centre
                on_circle = [c for c in outer_curves
                             if all(abs(math.hypot(x - cx, y - cy) - documented) <= 0.2 for x, y in map(_mm, c["pts"]))]
                assert on_circle, f"{spec['label']}: no outline arc of radius {documented} mm"
            assert not ticks
    assert not pending, [s["label"] for s in pending]


def test_templates_move_length_and_marks_follow_the_speed(library):
    tables = RS.tables()
    moves = {r["level"]: r["move_cm"] for r in tables.speed_levels.rows}
    geo = T.template_geometry(12, moves["Slow"], 1.0, 180, 120)
    assert geo["length_mm"] == 100 and geo["ticks"] == 11 and geo["full_move"]
    big = T.template_geometry(45, moves["Very Fast"], 1.0, 180, 120)
    assert not big["full_move"] and big["w"] <= 180 and big["length_mm"] % 10 == 0


def test_templates_pages_carry_a_calibration_bar_and_labels(library, tmp_path):
    path, specs = _build_templates(library, tmp_path, "a4", "1/600")
    text = pdf_text(path, "\n")
    assert all("100 mm" in t for t in pdf_page_texts(path))
    for spec in specs:
        assert spec["label"] in text
    assert "deviation" in text.lower() and "Fire-arc" in text


# ---------------------------------------------------------------------------------------------
# Record sheets


@pytest.fixture(scope="module")
def all_sheets(library, tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets") / "all.pdf"
    ids = sorted(library.units)
    r = in_process("sheet", *ids, "--rules", "sotw", "-o", out)  # the command in this process: no interpreter to start
    assert r.code == 0, r.err
    return out, ids


def test_sheet_for_every_library_unit_succeeds(all_sheets, library):
    out, ids = all_sheets
    doc = pypdfium2.PdfDocument(str(out))
    try:
        pages = len(doc)
        text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(pages))
    finally:
        doc.close()
    assert len(ids) / 2 <= pages <= len(ids)
    for uid in ids:
        assert library.units[uid].name in text


def test_monitor_sheet_text_contains_her_stats(library, tmp_path, cli):
    out = tmp_path / "monitor.pdf"
    r = cli("sheet", "monitor", "--rules", "sotw", "-o", out)
    assert r.code == 0, r.err
    d = RS.derive(library.find("monitor"), RS.context(library))
    with pdf_plumbed(out) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    # the figures looked up every turn sit in stat boxes (label over value): each label and its value are printed,
    # and the boxes pair them (checked on the blocks in test_smoke_on_the_water_sheet.py)
    lines = text.split("\n")
    values = next(i for i, line in enumerate(lines)
                  if d["max_speed"] in line and d["manoeuvrability"] in line
                  and f"{d['target_size']['bow']}/{d['target_size']['broadside']}" in line)
    above = " ".join(lines[max(0, values - 3):values])  # the labels, wrapped in their boxes, over the values
    for label in ("Speed", "ahead", "Manoeuvr", "Target", "bow/side"):
        assert label in above, label
    # bold location, its class after it (the class names' note wraps beside the critical boxes: HHeavy is whole)
    for armour in ("TurretH", "PilothouseH", "HullM", "HHeavy", "StackU(Hulldamageonly)"):
        assert armour in text.replace(" ", ""), armour
    for expected in ("USS Monitor",
                     f"Hull (HDP) {d['hull_damage_points']}", f"Flotation (FP) {d['flotation_points']}",
                     "11-inch Dahlgren", "HSB", "Table 17", "Manoeuvre", "Turn: 1 Orders"):  # log, turn strip
        assert expected in text, expected
    g = d["guns"][0]
    assert f"{g['ranges_cm']['S'][0]}–{g['ranges_cm']['S'][1]}" in text


def test_monitor_hull_track_marks_half_and_quarter(library, tmp_path, cli):
    out = tmp_path / "monitor.pdf"
    assert cli("sheet", "monitor", "--rules", "sotw", "-o", out).code == 0
    d = RS.derive(library.find("monitor"), RS.context(library))
    with pdf_plumbed(out) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        label = max((w for w in words if w["text"] == "(HDP)"), key=lambda w: w["top"])  # the track's, under the stat box
        box = S.style("tracks", True)["box"]  # the Monitor's sheet is a half-page one
        boxes = [r for r in page.rects if abs(r["width"] * PT - box) < 0.05 and r["top"] > label["top"] - 4]
        tops = sorted({round(r["top"], 1) for r in boxes})
        rows = [[r for r in boxes if round(r["top"], 1) == t] for t in tops]
        # her 50 points take two rows of 25 in the half page's column: the first beside the label, the next under it
        assert [len(r) for r in rows[:2]] == [25, 25] and len(rows[0]) + len(rows[1]) == d["hull_damage_points"]
        row = rows[0]
        # the bar's label says what it marks: "½ left" (of the hull points), centred on the bar
        near = [w for w in words if label["top"] - 12 < w["top"] < label["top"]]  # points
        half_mark = [w for w in near if w["text"] == "½"]
        assert len(half_mark) == 1
        (left,) = [w for w in near if w["text"] == "left" and abs(w["top"] - half_mark[0]["top"]) < 1
                   and 0 < w["x0"] - half_mark[0]["x1"] < 3]
        # play 37, moment 9: the HDP left at the bar follows as a number, "½ left (25)", the whole label centred
        (number,) = [w for w in near if w["text"] == f"({d['hdp_half']})" and abs(w["top"] - left["top"]) < 1
                     and 0 < w["x0"] - left["x1"] < 3]
        bar_x = (half_mark[0]["x0"] + number["x1"]) / 2
        edge = max(r["x1"] for r in row)
        if d["hull_damage_points"] - d["hdp_half"] == len(row):  # a bar after a row's last box: the label ends at its edge
            assert abs(number["x1"] - edge) < 1.5, (number["x1"], edge)
        else:
            boxes_left_of_mark = [r for r in row if r["x1"] < bar_x]
            assert len(boxes_left_of_mark) == d["hull_damage_points"] - d["hdp_half"]


def test_two_small_vessels_share_a_page_and_big_ones_do_not(tmp_path, cli):
    out = tmp_path / "small.pdf"
    assert cli("sheet", "hunley", "css-david", "virginia", "--rules", "sotw", "-o", out).code == 0
    with pdf_plumbed(out) as pdf:
        assert len(pdf.pages) == 2
        first = pdf.pages[0].extract_text()
        assert "Hunley" in first and "David" in first and "Virginia" not in first


def _ink_near_edges(pdf_path: Path, limit_mm: float = 8.0, dpi: int = 60) -> list[str]:
    """Pages with any non-white pixel in the band limit_mm wide along the edges (less a pixel of anti-aliasing)."""
    bad = []
    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for i in range(len(doc)):
            img = doc[i].render(scale=dpi / 72).to_pil().convert("L")
            w, h = img.size
            band = int(limit_mm / 25.4 * dpi) - 1
            for name, box in (("top", (0, 0, w, band)), ("bottom", (0, h - band, w, h)),
                              ("left", (0, 0, band, h)), ("right", (w - band, 0, w, h))):
                darkest = img.crop(box).getextrema()[0]
                if darkest < 250:
                    bad.append(f"page {i + 1}: ink in the {name} {limit_mm:g} mm")
    finally:
        doc.close()
    return bad[:5]


def test_no_sheet_page_has_ink_within_8mm_of_the_edge(all_sheets):
    out, _ = all_sheets
    assert _ink_near_edges(out) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_templates_and_counters_keep_ink_off_the_edges(tmp_path, cli, paper):
    for args in (("templates",), ("counters", "mobile-bay-1864", "--backs"), ("counters", "--fold"),
                 ("roster", "mobile-bay-1864")):
        out = tmp_path / f"{args[0]}-{paper}.pdf"
        r = cli(*args, "--rules", "sotw", "--paper", paper, "-o", out)
        assert r.code == 0, r.err
        assert _ink_near_edges(out) == [], args


# ---------------------------------------------------------------------------------------------
# Counters, roster, quick reference


def test_duplex_backs_sit_behind_their_fronts(library, tmp_path):
    ctx = RS.context(library)
    out = tmp_path / "c.pdf"
    with Document(out, paper="a4", title="c") as doc:
        aids.counters(doc, [], ctx, backs=True)
        width = doc.paper.width_mm
    with pdf_plumbed(out) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        codes = lambda page: [w for w in page.extract_words() if w["text"] in ("I", "S", "M", "F", "V")]  # noqa: E731
        fronts, backs = codes(front), codes(back)
        assert len(fronts) == len(backs) > 0
        for f in fronts:  # the back of a counter is at the mirrored x, same y, same level
            mx = width - (f["x0"] + f["x1"]) / 2 * PT
            match = [b for b in backs if abs((b["x0"] + b["x1"]) / 2 * PT - mx) < 1.0 and abs(b["top"] - f["top"]) < 1.0]
            assert len(match) == 1 and match[0]["text"] == f["text"]
        assert "astern" in back.extract_text() and "ahead" in front.extract_text()


def test_counters_cover_every_speed_ahead_and_astern_and_both_fire_markers(library, tmp_path):
    out = tmp_path / "c.pdf"
    with Document(out, paper="letter", title="c") as doc:
        aids.counters(doc, [], RS.context(library))
    text = pdf_text(out, "\n")
    for level in ("Slow", "Medium", "Fast", "Very Fast"):
        assert f"{level} ahead" in text and f"{level} astern" in text
    assert "Immobile" in text and "On fire" in text and "Out of control" in text and "Fire test" in text


def test_fold_and_backs_together_is_a_clear_error(library, tmp_path, cli):
    r = cli("counters", "--rules", "sotw", "--fold", "--backs", "-o", tmp_path / "x.pdf")
    assert r.code == 2 and "--fold" in r.err and "Traceback" not in r.err
    assert not (tmp_path / "x.pdf").exists()


def test_roster_has_a_table_per_side(library, tmp_path, cli):
    out = tmp_path / "r.pdf"
    assert cli("roster", "mobile-bay-1864", "--rules", "sotw", "-o", out).code == 0
    scen = library.scenario("mobile-bay-1864")
    text = " ".join(pdf_text(out, " ").split())
    rs = get_ruleset("smoke-on-the-water")
    ctx = rs.context(library)
    ctx.scenario = scen  # the units that take part (Fort Gaines and Fort Powell, off the channel window, do not)
    for side in scen.sides:
        assert side.name in text
        for u in side.units:
            if not rs.takes_part(u.id, ctx):
                assert library.units[u.id].name not in text
                continue
            name = library.units[u.id].name
            # a long name wraps in its cell, and the text of the row's other cells comes between its lines
            assert name in text or (name[: len(name) // 2].rsplit(" ", 1)[0] in text and all(w in text for w in name.split())), name


def test_quick_reference_lists_only_the_guns_in_play(library, tmp_path):
    ctx = RS.context(library)
    d = RS.derive(library.find("monitor"), ctx)
    out = tmp_path / "q.pdf"
    with Document(out, paper="a4", title="q") as doc:
        aids.quick_reference(doc, [d], ctx)
    words = set(pdf_text(out, " ").split())
    assert "HSB" in words and "MR" not in words and "Table" in words
    text = pdf_text(out, " ")
    # issue 22: the codes' words and Table 17 are on each sheet (her own guns), printed once, there
    assert "Heavy smoothbore" not in text and "Table 16" in text


def test_the_edge_check_sees_ink_in_the_margin(tmp_path):
    out = tmp_path / "edge.pdf"
    with Document(out, paper="a4", title="edge", strict=False) as doc:
        page = doc.new_page()
        page.rect(3, 150, 4, 4, fill=0)
    assert _ink_near_edges(out)


# ---------------------------------------------------------------------------------------------
# Hit locations (Table 14) on the sheets, Tables 14 and 15 on the quick reference


def test_sheets_print_the_vessels_table14_column(tmp_path, cli):
    # the seed's columns as runs of rolls: the Monitor's single-turret column, Virginia's casemate one
    want = {
        "monitor": ["Table 14 (d10) · single turret monitor", "Bow 1–2 Hull, 3 Gun, 4–9 Turret",
                    "Broadside 1–2 Hull, 3 Gun, 4–7 Turret, 8–9 Stack", "Stern 1–2 Hull, 3 Gun, 4–6 Turret, 7–9 Stack",
                    "Plunging 1 Hull, 2–6 Deck, 7–9 Turret", "10 = critical"],
        # her bow, broadside and stern columns are the same: a half-page sheet sets them on two rows ("Bow, Stern",
        # "Broadside"), one word for each aspect
        "virginia": ["Table 14 (d10) · conventional/casemate", "1 Hull, 2 Gun, 3–7 Casemate, 8–9 Stack",
                     "Plunging 1 Hull, 2–4 Casemate, 5–9 Deck"],
    }
    for uid, lines in want.items():
        out = tmp_path / f"{uid}.pdf"
        assert cli("sheet", uid, "--rules", "sotw", "-o", out).code == 0
        with pdf_plumbed(out) as pdf:
            text = pdf.pages[0].extract_text()
        for line in lines:
            assert line in text, (uid, line)
        assert "No casemate" not in text
    assert "single turret monitor" not in _sheet_text(tmp_path / "virginia.pdf")


def _sheet_text(path: Path) -> str:
    return pdf_text(path, "\n")


def test_a_sloop_sheet_says_casemate_hits_are_hull_hits(tmp_path, cli):
    out = tmp_path / "hartford.pdf"
    assert cli("sheet", "uss-hartford", "--rules", "sotw", "-o", out).code == 0
    text = _sheet_text(out)
    # review item 5: her column reads in the locations she has (Casemate hits are Hull hits), no footnote
    assert "conventional/casemate" in text and "1 Hull, 2 Gun, 3–7 Hull, 8–9 Stack" in text
    assert "Plunging 1–4 Hull, 5–9 Deck" in text and "Casemate" not in text.split("Table 14 (d10)")[1].split("Table 17")[0]


def test_quick_reference_prints_table15_and_leaves_table14_to_each_sheet(library, tmp_path):
    """Table 14 is on every sheet (her own column, all four aspects); issue 22 gave the quick reference's room to the
    turn's rules, so it prints Table 15 whole and no Table 14."""
    ctx = RS.context(library)
    fleet = [RS.derive(library.find(u), ctx) for u in ("monitor", "virginia", "uss-metacomet")]
    out = tmp_path / "q.pdf"
    with Document(out, paper="a4", title="q") as doc:
        aids.quick_reference(doc, fleet, ctx)
    text = _sheet_text(out)
    assert "Table 15" in text and "Table 14 · hit location" not in text
    for absent in ("Single turret monitor", "Conventional/casemate", "Sternwheel"):
        assert absent not in text, absent
    for hit in ("Pilot House", "Port Jammed", "Magazine Explodes", "Turret Jams"):
        assert hit in text, hit


# Type size on the printed packs (nothing under 5 pt, nothing cut short with '…'): the layout lint checks every
# bundled pack, tests/test_layout_lint.py.


def _block_texts(blocks) -> str:
    from shipyard.render.tags import walk
    return "\n".join(t for b in blocks for x in walk(b)
                     for t in [getattr(x, "title", None) or ""] + x.texts())


def test_quick_reference_resolves_rams_and_torpedoes_from_the_tables(library):
    """Review item 1: Tennessee ramming and Tecumseh in the torpedo field must be resolvable from the quick reference.
    Every number printed comes from tables.yaml (Table 6-8 source, torpedoes reconstructed and marked so)."""
    from shipyard.rules.smoke_on_the_water.reference import reference_blocks
    ctx = RS.context(library)
    fleet = [RS.derive(library.find(u), ctx) for u in ("uss-tecumseh", "css-tennessee", "uss-hartford")]
    from shipyard.rules.smoke_on_the_water.roster import readings_blocks
    text = _block_texts(reference_blocks(fleet, ctx) + readings_blocks(ctx))  # the readings: on the roster page
    t6 = ctx.tables.require("collision_damage").rows
    assert f"each vessel {t6['die']} + modifiers = Hull Damage Points" in text
    for group in ("hull_armour", "speed", "own_arc"):
        for k, v in t6[group].items():
            assert f"{k} {v:+d}" in text, (group, k)
    for k, v in t6["struck_by"].items():  # "the bow of a ... vessel" said once (replay 13)
        short = k.removeprefix("Bow of a ").removesuffix(" vessel")
        assert f"{short} {v:+d}" in text or f"the bow of a {short} vessel {v:+d}" in text, ("struck_by", k)
    assert f"{t6['own_bow_ram']['modifier']:+d} in place of her hull armour, only with a ram" in text
    lk = ctx.tables.require("locking").rows
    assert f"Table 7 · lock {lk['lock']['base']} or less on a d10" in text.replace("\n", " ")
    assert f"Table 8 · free {lk['break_free']['base']} or less on a d10" in text.replace("\n", " ")
    tor = ctx.tables.require("torpedoes")
    assert tor.tag() == "reconstructed"
    for d in fleet:  # each draught in play gets its strike number, and only those
        assert f"{d.stats.draught} draught {tor.rows['field_strike'][d.stats.draught]}" in text
    assert "Very Shallow draught" not in text
    assert "Torpedo field *" in text and "Hull Damage Points taken (* ours)" in text  # the readings say it is lost
    assert "Torpedoes the chapter is lost" in " ".join(text.split())
    assert f"explodes on {tor.rows['spar_hits_on']} or less" in text


def test_table16_prints_only_the_armour_columns_in_play_and_names_them(library):
    """Review item 14: Table 16's columns are the armour classes some unit in play has (each location, a fort's
    walls, the Stack), every column named; Mobile Bay has no cottonclad, so no C column."""
    from shipyard.rules.smoke_on_the_water.reference import deflection_tables
    ctx = RS.context(library)
    scen = library.scenario("mobile-bay-1864")
    fleet = [RS.derive(library.units[u.id], ctx) for side in scen.sides for u in side.units]
    codes = sorted({g.code for d in fleet for g in d.stats.guns})
    want = {v for d in fleet for v in d.stats.armour.model_dump().values() if isinstance(v, str)} | {"U"}
    names = ctx.tables.require("armour_names").rows
    tables = deflection_tables(ctx, codes, fleet)
    assert "C" not in want
    for t in tables:
        assert set(t.header[1:]) == want and len(t.header) - 1 == len(want)
    for c in want:
        assert f"{c} {names[c]}" in tables[0].title, c
    every = deflection_tables(ctx, codes)  # no units named: every column
    assert every[0].header[1:] == ctx.tables.require("armour_deflection").rows["columns"]
