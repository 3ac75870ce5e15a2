"""Saunders play aids measured in the real PDFs: gauges in millimetres and degrees, sheets, counters, roster."""

from __future__ import annotations

import math
import re
from collections import Counter
from types import SimpleNamespace

import pytest
from conftest import pdf_page_index, pdf_page_texts, pdf_plumbed, pdf_text

from shipyard.render import Document
from shipyard.rules import get_ruleset
from shipyard.render.text import number
from shipyard.rules.saunders import aids
from shipyard.rules.saunders import templates as T
from shipyard.rules.play_aids import game_turns
from shipyard.rules.saunders.counters import SHIPS_PER_SPEED_CHIT, WEAR_MOST, WEAR_SPAN, WEAR_TURNS, _chit, chits

RS = get_ruleset("saunders")
PT = 72 / 25.4  # points per mm


def _long_lines(page, min_mm: float):
    out = []
    for ln in page.lines:
        (x0, y0), (x1, y1) = ln["pts"][0], ln["pts"][-1]
        length = math.hypot(x1 - x0, y1 - y0) / PT
        if length >= min_mm:
            out.append(((x0 / PT, y0 / PT), (x1 / PT, y1 / PT), length))
    return out


@pytest.fixture(scope="module")
def templates_pdfs(tmp_path_factory):
    """`shipyard templates` for each paper and scale, in this process: what is tested is the drawing, not the
    console script (test_app_layer runs `templates` through it), so four interpreter starts were 1.5 s of CPU for nothing."""
    from conftest import in_process

    out = {}
    d = tmp_path_factory.mktemp("templates")
    for paper in ("a4", "letter"):
        for scale in ("1/1200", "1/600"):
            path = d / f"t-{paper}-{scale.replace('/', '-')}.pdf"
            r = in_process("templates", "--rules", "saunders", "--paper", paper, "--scale", scale, "-o", str(path))
            assert r.code == 0, r.err
            out[(paper, scale)] = path
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("scale, mm_per_kn", [("1/1200", 25.4), ("1/600", 50.8)])
def test_turn_gauges_have_the_table_angles_and_true_length_arms(library, templates_pdfs, paper, scale, mm_per_kn):
    ctx = RS.context(library, scale=scale)
    ladder = T.turn_ladder(ctx)
    arm = T.gauge_arm_knots(2 if scale == "1/600" else 1) * mm_per_kn
    found = []
    with pdf_plumbed(templates_pdfs[(paper, scale)]) as pdf:
        for page in pdf.pages:
            for _, angle, heading, lengths in _gauges(page, arm, with_lengths=True):
                assert all(abs(length - arm) < 0.2 for length in lengths)
                assert heading in (0, 90)  # lying down (heading arm to the right) or on end (heading arm up)
                found.append(angle)
    assert len(found) == len(ladder)
    for want, got in zip(sorted(ladder), sorted(found)):
        assert abs(want - got) < 0.2, (want, got)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_turret_gauge_has_four_90_degree_arcs(templates_pdfs, paper):
    path = templates_pdfs[(paper, "1/1200")]
    with pdf_plumbed(path) as pdf:
        i = pdf_page_index(path, "FORE")
        page, text = pdf.pages[i], pdf_page_texts(path)[i]
        for word in ("FORE", "PORT", "STARBOARD", "AFT"):
            assert word in text
        spokes = {}
        for a, b, length in _long_lines(page, 20):
            spokes.setdefault((round(a[0], 2), round(a[1], 2)), []).append((b, length))
        centre, rays = max(spokes.items(), key=lambda kv: len(kv[1]))
        assert len(rays) == 4
        bearings = sorted((math.degrees(math.atan2(b[0] - centre[0], centre[1] - b[1])) % 360) for b, _ in rays)
        for got, want in zip(bearings, (45, 135, 225, 315)):
            assert abs(got - want) < 0.2
        lengths = {round(length, 1) for _, length in rays}
        assert len(lengths) == 1
        diffs = [(bearings[(i + 1) % 4] - bearings[i]) % 360 for i in range(4)]
        assert all(abs(d - 90) < 0.2 for d in diffs)


def test_templates_carry_a_100_mm_calibration_bar(templates_pdfs):
    path = templates_pdfs[("letter", "1/600")]
    with pdf_plumbed(path) as pdf:
        for page, text in zip(pdf.pages, pdf_page_texts(path), strict=True):
            assert "must measure 100 mm" in " ".join(text.split())
            assert any(abs(length - 100) < 0.2 for _, _, length in _long_lines(page, 99))


def test_sheets_render_for_every_library_unit(library, tmp_path):
    ctx = RS.context(library)
    units = list(library.units.values())
    path = tmp_path / "all.pdf"
    with Document(path, paper="letter", title="all", strict=True) as doc:
        aids.sheets(doc, [(u, RS.derive(u, ctx)) for u in units], ctx)

    texts = pdf_page_texts(path)
    assert len(units) / 3 <= len(texts) <= (len(units) + 1) // 2 + 4  # two (forts three) to a page, a few alone
    joined = " ".join(" ".join(texts).split())
    for unit in units:
        assert unit.name in joined
    assert joined.count("To hit 5+ on D6 per gun") == len(units)


def _one_sheet(library, tmp_path, uid):
    """A unit's sheet alone in an A4 PDF: (derived stats, path)."""
    ctx = RS.context(library)
    unit = library.find(uid)
    d = RS.derive(unit, ctx)
    path = tmp_path / f"{uid}.pdf"
    with Document(path, paper="a4", title="m", strict=True) as doc:
        aids.sheets(doc, [(unit, d)], ctx)
    return d, path


def test_monitor_sheet_has_hull_boxes_with_three_quarter_and_half_marks(library, tmp_path):
    d, path = _one_sheet(library, tmp_path, "uss-monitor")
    with pdf_plumbed(path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        label = next(w for w in page.extract_words() if w["text"] == "Hull" and w["x0"] / PT < 12)
        row = [r for r in page.rects if abs(r["top"] - label["top"]) < 6 * PT]
        hull_boxes = [r for r in row if abs(r["width"] / PT - 4.6) < 0.05 and abs(r["height"] / PT - 4.6) < 0.05]
        assert len(hull_boxes) == d["hull"]
        assert "¾ speed" in text and "½ speed" in text  # the bars say what they mark
        three_q, half = d["speed_thresholds"]
        assert three_q["speed_kn"] == 4.5  # ¾ of her 6 kn, kept to the half knot
        assert f"½ lost (box {three_q['lost']}): ¾ = {number(three_q['speed_kn'])} kn" in text
        assert f"¾ lost (box {half['lost']}): ½ =" in text
        assert "fore, port, starboard, aft 90°" in text
        for section in ("STERN", "MIDSHIPS", "BOW"):
            assert section in text
        assert "Fire at / notes" in text and "Holes" in text and "ram bow" in text


def test_counters_number_speeds_to_the_fastest_ship_in_play_with_markers(library, tmp_path, cli):
    scen = "mobile-bay-1864"
    ctx = RS.context(library)
    fastest = max(RS.derive(u, ctx).values.get("max_speed_kn", 0) for _, u in library.scenario_units(library.scenario(scen)))
    path = tmp_path / "c.pdf"
    r = cli("counters", scen, "--rules", "saunders", "-o", str(path))
    assert r.code == 0, r.err
    words = pdf_text(path, " ").split()
    with pdf_plumbed(path) as pdf:
        width, height = pdf.pages[0].width / PT, pdf.pages[0].height / PT
        for page in pdf.pages:
            for ln in page.lines:
                assert 8 <= ln["x0"] / PT and ln["x1"] / PT <= width - 8
                assert 8 <= ln["top"] / PT and ln["bottom"] / PT <= height - 8
    numbers = {int(w) for w in words if re.fullmatch(r"\d+", w)}
    assert numbers >= set(range(0, math.floor(fastest) + 1))
    assert max(numbers) == math.floor(fastest) and number(fastest) in words  # 13½: no chit faster than any ship
    for marker in ("FIRE", "HOLE", "AGROUND", "astern"):
        assert marker in words
    with pdf_plumbed(path) as pdf:  # every counter has its outline to cut along
        outlines = [r for p in pdf.pages for r in p.rects if r["stroke"] and abs(r["width"] / PT - 16) < 0.05
                    and abs(r["height"] / PT - 16) < 0.05]
    ctx = RS.context(library)
    ctx.scenario = library.scenario(scen)  # the units that take part (Fort Powell, placed nowhere, does not)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(ctx.scenario) if RS.takes_part(u.id, ctx)]
    # and the markers printed only in the cells the last page leaves (spare_chits, replay s26): each has its outline
    spare = words.count("TURNED")  # the sheets' states are chits' own since play 28 (state_chits)
    # and the cells left after them more SMOKE and STEAM, which last all game (play 33: "only 3 SMOKE/STEAM pairs")
    # and, where the cells run past those, more CAPTAIN and RUDDER (play 41, moment 10)
    # play 43 (sau30): and PILOT
    lasting = sum(words.count(w) - sum(1 for c in chits(units, ctx) if c[0] == w)
                  for w in ("SMOKE", "STEAM", "CAPTAIN", "RUDDER", "PILOT"))
    assert spare > 0 and lasting >= 0 and len(outlines) == len(chits(units, ctx)) + spare + lasting


def test_markers_in_proportion_to_the_fleet(library):
    ctx = RS.context(library)
    for scen in ("mobile-bay-1864", "hampton-roads-1862"):
        units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario(scen))]
        ships = [d.stats for _, _, d in units if not d.stats.fort]
        kinds = Counter(kind for _, _, kind in chits(units, ctx))
        # play 40 (sau26): by the fleet and the game's length (wear_markers; 12 turns: five eighths a unit)
        assert kinds["fire"] == max(4, math.ceil(len(units) * (WEAR_TURNS + min(WEAR_MOST, game_turns(ctx))) / WEAR_SPAN))
        assert kinds["hole"] == max(4, math.ceil(len(ships) * (WEAR_TURNS + min(WEAR_MOST, game_turns(ctx))) / WEAR_SPAN)) and kinds["aground"] == max(2, math.ceil(len(ships) / 6))
        assert kinds["spar"] == sum(s.spar_torpedo for s in ships)
        ahead = Counter(big for big, _, kind in chits(units, ctx) if kind == "speed")
        for s in ships:  # every ship finds a chit for her own top speed, ahead and astern
            assert number(s.max_speed_kn) in ahead
            assert (number(s.astern_speed_kn), "kn astern", "astern") in chits(units, ctx)
        # more chits of the speeds many ships make than of those only the fastest makes
        assert ahead["0"] == math.ceil(len(ships) / SHIPS_PER_SPEED_CHIT) == math.ceil(len(ships) / 4)
        assert ahead[number(max(s.max_speed_kn for s in ships))] == 1
        assert kinds["speed"] <= 4 * len(ships) + 10  # a chit a speed for every SHIPS_PER_SPEED_CHIT ships, no more


class _Ops:
    """A page that records what is drawn, without the greys: what is left is a counter's pattern and border."""

    def __init__(self):
        self.ops = []

    def __getattr__(self, name):
        def record(*a, **k):
            self.ops.append((name, len(a), tuple(sorted((key, str(v)) for key, v in k.items() if key != "fill"))))
        return record


def test_counter_kinds_differ_by_more_than_their_grey_in_black_and_white(library):
    ctx = RS.context(library)
    ctx.options = SimpleNamespace(colour=False)
    shapes = {}
    for kind, big, small in (("speed", "7", "kn ahead"), ("astern", "3", "kn astern"), ("fire", "FIRE", "−1 to fire"),
                             ("hole", "HOLE", "sinks at 0 hull"), ("aground", "AGROUND", "6+ to break free"),
                             ("spar", "SPAR", "deployed"), ("struck", "STRUCK", "speed 0"),
                             ("sunk", "SUNK", "the wreck"), ("silenced", "SILENCED", "guns silent"),
                             ("halted", "HALTED", "0 kn next move"), ("turret", "TURRET", "Tecumseh")):
        page = _Ops()
        _chit(page, 0, 0, 16, big, small, kind, ctx=ctx)
        shapes[kind] = tuple(op for op in page.ops if op[0] != "fit_text" or "colour" in dict(op[2]))
    kinds = list(shapes)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert shapes[a] != shapes[b], (a, b)


def test_roster_lists_every_unit_by_side(library, tmp_path, cli):
    path = tmp_path / "r.pdf"
    r = cli("roster", "hampton-roads-1862", "--rules", "saunders", "-o", str(path))
    assert r.code == 0, r.err
    text = pdf_text(path, " ")
    scen = library.scenario("hampton-roads-1862")
    for side in scen.sides:
        assert side.name in text
        for su in side.units:
            assert library.units[su.id].name in text


def test_quick_reference_prints_only_what_the_ships_in_play_use(library, tmp_path):
    ctx = RS.context(library)

    def qr(ids):
        path = tmp_path / ("qr-" + "-".join(ids) + ".pdf")
        with Document(path, paper="a4", title="qr", strict=True) as doc:
            aids.quick_reference(doc, [RS.derive(library.find(i), ctx) for i in ids], ctx)
        return pdf_text(path, " ")

    wooden = qr(["uss-hartford"])
    assert "Turret arcs blocked" not in wooden and "Spar torpedo" not in wooden
    assert "Critical hits" in wooden and "To hit" in wooden
    with_monitor = qr(["uss-hartford", "uss-monitor"])
    assert "Turret arcs blocked" in with_monitor
    assert "11-inch Dahlgren smoothbore" in with_monitor
    spar = [u.id for u in library.vessels if u.spar_torpedo]
    if spar:
        assert "Spar torpedo" in qr(spar[:1])


def _gauges(page, arm, with_lengths=False):
    """(pivot, angle, heading bearing) of every turn gauge on a page: two arms of the arm's length from one point,
    the turned arm `angle` degrees anticlockwise of the heading arm (bearings anticlockwise from the paper's right,
    rounded to the degree: 0 for a gauge lying down, 90 for one standing on end)."""
    by_pivot: dict[tuple, list] = {}
    for a, b, length in _long_lines(page, arm - 1):
        if abs(length - arm) < 0.3:
            by_pivot.setdefault((round(a[0], 2), round(a[1], 2)), []).append((b, length))
    out = []
    for (px, py), ends in by_pivot.items():
        if len(ends) == 2:
            heading, turned = sorted(math.degrees(math.atan2(py - y, x - px)) for (x, y), _ in ends)
            g = ((px, py), turned - heading, round(heading))
            out.append(g + ([length for _, length in ends],) if with_lengths else g)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("scale", ["1/1200", "1/600"])
def test_turn_gauge_labels_sit_inside_the_outline_they_are_cut_along(templates_pdfs, paper, scale):
    """Every gauge holds its knot numbers, 'kn', 'pivot' and its angle wholly inside its wedge, and no character on
    the page straddles a wedge's outline (the cut line)."""
    arm_kn = T.gauge_arm_knots(2 if scale == "1/600" else 1)
    arm = arm_kn * (50.8 if scale == "1/600" else 25.4)

    gauges_seen = 0
    with pdf_plumbed(templates_pdfs[(paper, scale)]) as pdf:
        for page in pdf.pages:
            gauges_seen += _check_gauge_labels(page, arm, arm_kn)
    assert gauges_seen == len(T.turn_ladder(RS.context(None, scale=scale)))


def _check_gauge_labels(page, arm: float, arm_kn: int) -> int:
    """Assert every gauge on the page holds its labels wholly inside its wedge and no character straddles a wedge's
    outline; the number of gauges checked."""

    def inside(px, py, angle, heading, x, y):
        r = math.hypot(x - px, py - y)
        bearing = (math.degrees(math.atan2(py - y, x - px)) - heading + 180) % 360 - 180
        return r <= arm - 0.2 and 0.2 < bearing < angle - 0.2

    gauges = _gauges(page, arm)  # pdfplumber's points and chars both measure y down from the top
    held = {g: "" for g in gauges}
    for ch in page.chars:
        x0, x1, top, bottom = ch["x0"] / PT, ch["x1"] / PT, ch["top"] / PT, ch["bottom"] / PT
        if ch["upright"]:  # the glyph box's empty band above the letters is not ink
            corners = ((x0, top + 0.6), (x1, top + 0.6), (x0, bottom - 0.3), (x1, bottom - 0.3))
        else:  # set on end, reading upward: that band is on its left
            corners = ((x0 + 0.6, top), (x1 - 0.3, top), (x0 + 0.6, bottom), (x1 - 0.3, bottom))
        for g in gauges:
            (px, py), angle, heading = g
            ins = [inside(px, py, angle, heading, x, y) for x, y in corners]
            assert all(ins) or not any(ins), (ch["text"], round(angle), "on the cut line")
            if all(ins):
                held[g] += ch["text"]
    for (_, angle, _), text in held.items():
        for word in ["pivot", "kn", f"{round(angle)}°"] + [str(k) for k in range(1, arm_kn)]:
            assert all(text.count(c) >= word.count(c) for c in set(word)), (round(angle), word, text)
    return len(gauges)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_packs_gauges_are_the_turns_its_units_make_or_drop_to(library, tmp_path, paper):
    """Mobile Bay: a gauge for each unit's maximum turn and for every smaller turn on the ladder a steering hit can
    drop it to (Tennessee 30 -> 15), no other; all on one page with their labels inside their outlines."""
    scen = library.scenario("mobile-bay-1864")
    ctx = RS.context(library)
    ctx.scenario = scen
    ladder = T.turn_ladder(ctx)
    tops = {RS.derive(u, ctx).stats.max_turn_deg for _, u in library.scenario_units(scen)} - {None}
    want = sorted(tops | {a for a in ladder for top in tops if a < top})
    assert T.turns_in_play(ctx) == want == [15, 30, 45, 60]
    path = tmp_path / "g.pdf"
    with Document(path, paper=paper, title="g") as doc:
        aids.templates(doc, ctx)
    with pdf_plumbed(path) as pdf:
        assert len(pdf.pages) == 1  # four gauges, the turret and the gunport gauges on one page
        found = sorted(round(angle) for p in pdf.pages for _, angle, _ in _gauges(p, 4 * 25.4))
        assert _check_gauge_labels(pdf.pages[0], 4 * 25.4, 4) == len(want)
    assert found == want


@pytest.mark.xdist_group("saunders-mobile-bay-a4")
def test_every_turn_a_sheet_drops_to_has_a_gauge_in_the_pack(library, bundled_packs):
    """The sheets' steering lines ("max turn → 30/15°") and turn boxes name only turns the pack has gauges for."""

    built = bundled_packs.get("mobile-bay-1864", "saunders", "a4")
    texts = pdf_page_texts(built.path)
    on_sheets = set()
    for t in texts:
        for steps in re.findall(r"max turn → ([\d/]+)°", t):
            on_sheets |= {int(a) for a in steps.split("/")}
    assert 15 in on_sheets
    with pdf_plumbed(built.path) as pdf:
        gauge_page = pdf.pages[pdf_page_index(built.path, "Turn gauges")]
        gauges = {round(angle) for _, angle, _ in _gauges(gauge_page, 4 * 25.4)}
    assert on_sheets <= gauges


@pytest.mark.xdist_group("saunders-mobile-bay-a4")
def test_mobile_bay_pack_fits_its_page_budget_with_every_sheet(library, bundled_packs):
    """Mobile Bay, A4, default options: at most 20 pages (cover and roster included), every unit's sheet in it,
    the gauges on one page and the counters on one."""

    built = bundled_packs.get("mobile-bay-1864", "saunders", "a4")
    texts = pdf_page_texts(built.path)
    assert built.pages == len(texts) <= 20
    ctx = RS.context(library)
    ctx.scenario = library.scenario("mobile-bay-1864")
    units = [u for _, u in library.scenario_units(ctx.scenario) if RS.takes_part(u.id, ctx)]  # not Fort Powell
    sheets = [t for t in texts if "To hit 5+ on D6 per gun" in t]
    assert sum(t.count("To hit 5+ on D6 per gun") for t in sheets) == len(units) == 25
    for unit in units:
        assert any(unit.name in " ".join(t.split()) for t in sheets), unit.name
    assert len(sheets) <= math.ceil(len(units) / 2) + 1  # two to a page (forts three), a last one alone at most
    assert sum("Turn gauges" in t for t in texts) == 1 and sum("kn ahead" in t for t in texts) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_mobile_bay_sheets_and_reference_leave_no_page_mostly_empty(library, bundled_packs, paper):
    """Mobile Bay on A4 and Letter: every page of sheets holds two units or more (the four forts share one page, no
    fort alone), and the quick reference (the turn card, every table, the torpedo ones included, and the procedures)
    takes two pages, the readings of what the text leaves open after it."""

    texts = pdf_page_texts(bundled_packs.get("mobile-bay-1864", "saunders", paper).path)
    per_page = [t.count("To hit 5+ on D6 per gun") for t in texts if "To hit 5+ on D6 per gun" in t]
    assert sum(per_page) == 25 and min(per_page) >= 2, per_page  # Fort Powell, placed nowhere, takes no part
    forts = [u.name for _, u in library.scenario_units(library.scenario("mobile-bay-1864")) if u.name.startswith("Fort ")
             and u.id != "fort-powell"]
    sheets = [" ".join(t.split()) for t in texts if "To hit 5+ on D6 per gun" in t]
    assert len(forts) == 3 and sum(all(f in t for f in forts) for t in sheets) == 1
    at = next(k for k, t in enumerate(texts) if "Quick reference" in t and "Sequence of play" in t)
    # s35: the tables the roster page holds under the sides' tables count as the reference's
    roster = next(" ".join(t.split()).split("Quick reference (the rest at the end of the pack)")[1] for t in texts[:at]
                  if "Quick reference (the rest at the end of the pack)" in " ".join(t.split()))
    reference = [" ".join([roster, *texts[at:at + 2]])]
    assert "What the text leaves open" in " ".join(texts[at + 1:])
    for heading in ("Movement", "To hit", "Penetration result", "Hit location", "Guns in play", "Critical hits (D66)",
                    "Ramming: both roll 1D6", "Ramming / grounding / torpedo damage", "Aground", "Turret arcs blocked",
                    "Torpedo fields", "Torpedo strike (1D6)"):
        assert heading in reference[0], heading


def test_sideways_lookup_tables_keep_every_row_in_roll_order(library, tmp_path):
    """The ramming damage and torpedo density tables set sideways in bands: every roll of the data in order along
    the 'Roll' / 'Density' lines, each result under it."""
    from shipyard.rules.saunders.reference import band_labels

    ctx = RS.context(library)
    path = tmp_path / "qr.pdf"
    with Document(path, paper="a4", title="qr", strict=True) as doc:
        aids.quick_reference(doc, [RS.derive(library.find(i), ctx) for i in ("uss-hartford", "css-tennessee")], ctx)
    with pdf_plumbed(path) as pdf:  # each of the two columns on its own
        lines = [ln for p in pdf.pages for half in ((0, 0, p.width / 2, p.height), (p.width / 2, 0, p.width, p.height))
                 for ln in (p.crop(half).extract_text() or "").split("\n")]
    rd = ctx.tables.ramming_damage.rows

    def along(head, label, below):
        """The words after `label` on the line `below` lines under each line that starts with `head`, band by band."""
        out = []
        for i, ln in enumerate(lines):
            if ln.startswith(head + " "):
                assert lines[i + below].startswith(label + " " if label else ""), (lines[i + below], label)
                out += lines[i + below][len(label):].split()
        return out

    assert along("Roll", "Roll", 0) == band_labels(rd, "min_roll")
    assert along("Roll", "Hull", 1) == [str(r["hull"]) for r in rd]
    assert along("Roll", "Specials", 2) == [str(r["specials"]) for r in rd]
    td = ctx.tables.torpedo_density.rows
    assert along("Density", "Density", 0) == [str(r["density"]) for r in td]
    assert along("Density", "", 1) == [r["name"] for r in td]
    assert along("Density", "Strike on", 2) == [f"{r['strike_on']}+" for r in td]


def test_modifier_pairs_read_down_the_left_half_then_the_right():
    from shipyard.rules.saunders.reference import pairs

    items = [[f"m{k}", k] for k in range(5)]
    assert pairs(items) == [["m0", 0, "m3", 3], ["m1", 1, "m4", 4], ["m2", 2, "", ""]]
    assert [c for row in pairs(items[:4]) for c in row] == ["m0", 0, "m2", 2, "m1", 1, "m3", 3]


@pytest.mark.parametrize("uid", ["uss-tecumseh", "uss-winnebago"])
def test_turret_circles_sit_under_the_section_ratings_inside_the_hull(library, tmp_path, uid):
    """A monitor's turret armour circle does not cover the MIDSHIPS rating (Tecumseh's 9 on her 6): each circle's top
    is below the baseline of every big rating it lies under, its bottom inside the hull outline, its rating within."""
    d, path = _one_sheet(library, tmp_path, uid)
    unit = library.find(uid)
    with pdf_plumbed(path) as pdf:
        page = pdf.pages[0]
        curves = sorted(page.curves, key=lambda c: c["top"])
        hull = max(curves, key=lambda c: c["x1"] - c["x0"])  # the plan's outline
        circles = [c for c in curves if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 0.5
                   and hull["top"] < c["top"] < hull["bottom"] and c["x1"] - c["x0"] < 30]
        assert len(circles) == len(unit.turrets)
        ratings = [ch for ch in page.chars if abs(ch["size"] - 13) < 0.5 and hull["top"] < ch["top"] < hull["bottom"]]
        assert sorted(ch["text"] for ch in ratings) == sorted(str(v) for v in (d.stats.armour.stern, d.stats.armour.midships,
                                                                                d.stats.armour.bow))
        for c in circles:
            assert c["bottom"] <= hull["bottom"] - 0.3 * PT
            for ch in ratings:
                baseline = page.height - ch["matrix"][5]
                if ch["x1"] > c["x0"] and ch["x0"] < c["x1"]:
                    assert c["top"] >= baseline + 0.3 * PT, (ch["text"], "under the turret circle")
            inside = [ch["text"] for ch in page.chars if c["x0"] < ch["x0"] and ch["x1"] < c["x1"]
                      and c["top"] < ch["top"] and ch["bottom"] < c["bottom"] + 1]
            assert "".join(inside) == str(d.stats.armour.armament)


def test_every_speed_hull_damage_drops_a_ship_to_has_a_speed_chit(library):
    """Morgan at ¾ speed makes 7½ kn: the pack has a 7½ chit, as for every ¾ and ½ speed of the ships in play."""
    ctx = RS.context(library)
    units = [(side, u, RS.derive(u, ctx)) for side, u in library.scenario_units(library.scenario("mobile-bay-1864"))]
    ahead = {big for big, _, kind in chits(units, ctx) if kind == "speed"}
    speeds = {number(th.speed_kn) for _, _, d in units if not d.stats.fort for th in d.stats.speed_thresholds}
    assert {"7½", "6½", "3½"} <= speeds <= ahead
