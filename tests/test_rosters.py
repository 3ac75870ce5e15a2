"""Every rule set's roster: its chart hides no unit (checked on the chart's geometry, for every bundled scenario),
a table stands in when a chart would be too crowded, the lashed pairs are shown, and like guns make one entry."""

from __future__ import annotations

import itertools

import pytest

from shipyard.pack import PackOptions
from shipyard.pack.build import pack_job
from shipyard.render import Document
from shipyard.render import chart as chart_mod
from shipyard.rules import all_rulesets, get_ruleset
from shipyard.rules.rosters import LASHED, SideChart, roster_order

from conftest import pdf_page_texts

RULESETS = [rs.key for rs in all_rulesets()]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hidden(chart) -> list[str]:
    """What on a laid-out chart covers something else, or strays off the plot: [] when nothing is hidden."""
    found = []
    f = chart.frame
    marks = [(f"marker at {m.px:.1f},{m.py:.1f}", m.box) for m in chart.markers]
    labels = [(f"label {lab.text!r}", lab.box) for lab in chart.labels]
    for (na, a), (nb, b) in itertools.combinations(marks + labels, 2):
        if _overlap(a, b):
            found.append(f"{na} covers {nb}")
    for name, box in marks + labels:
        if not (f[0] <= box[0] and box[2] <= f[2] and f[1] <= box[1] and box[3] <= f[3]):
            found.append(f"{name} off the plot")
    for lab in chart.labels:  # a label beside its marker (no leader) is nearer to it than to any other marker
        if not lab.leader:
            own = chart_mod.gap(lab.box, *lab.at)
            near = [m for m in chart.markers if (m.cx, m.cy) != lab.at and chart_mod.gap(lab.box, m.cx, m.cy) <= own]
            if near:
                found.append(f"label {lab.text!r} as near to the marker at {near[0].px:.1f},{near[0].py:.1f}")
    for lab in chart.labels:  # a leader line runs from its marker to its label across nothing else
        if lab.leader:
            for name, box in marks + labels:
                if box != lab.box and not (box[0] <= lab.leader[0] <= box[2] and box[1] <= lab.leader[1] <= box[3]) \
                        and chart_mod.crosses(lab.leader, box):
                    found.append(f"leader of {lab.text!r} crosses {name}")
    for m in chart.markers:
        if abs(m.cy - m.py) > 1e-6 or abs(m.cx - m.px) > chart_mod.DODGE_MAX + 1e-6:
            found.append(f"marker at {m.px:.1f},{m.py:.1f} drawn {m.cx - m.px:+.1f} mm away")
    return found


def draw_rosters(library, out) -> dict:
    """Each bundled scenario's roster in each rule set, drawn to A4 with the charts' layouts caught as they are
    drawn: {(scenario, rule set): ([Chart drawn], [SideChart blocks made], page texts, job)}."""
    found = {}
    draw, side_chart_init = chart_mod.draw, SideChart.__init__
    mp = pytest.MonkeyPatch()
    drawn: list = []
    made: list = []

    def spy_draw(page, chart):
        drawn.append(chart)
        return draw(page, chart)

    def spy_init(self, *args, **kw):
        made.append(self)
        side_chart_init(self, *args, **kw)

    mp.setattr(chart_mod, "draw", spy_draw)
    mp.setattr(SideChart, "__init__", spy_init)
    try:
        for sid, scenario in sorted(library.scenarios.items()):
            for key in RULESETS:
                rs = get_ruleset(key)
                job = pack_job(library, scenario, rs, PackOptions(output_dir=out))
                drawn.clear()
                made.clear()
                path = out / f"{sid}-{key}.pdf"
                with Document(path, paper="a4") as doc:
                    rs.aids().roster(doc, job.scenario, job.units, job.ctx)
                    width = doc.content.w
                found[(sid, key)] = (list(drawn), list(made), pdf_page_texts(path), width)
    finally:
        mp.undo()
    return found


def test_no_roster_chart_hides_a_unit_in_any_bundled_scenario(library, tmp_path):
    """Every rule set's roster of every bundled scenario (one test: the 44 rosters are drawn once): each chart
    drawn hides nothing and names every unit; a chart too crowded for that is printed as a table naming every unit;
    Mobile Bay's four are charts, a marker for each side at each place."""
    rosters = draw_rosters(library, tmp_path)
    assert {s for s, _ in rosters} == set(library.scenarios)
    for (sid, key), (charts, blocks, texts, width) in rosters.items():
        for chart in charts:
            assert chart.crowded == [], (sid, key, chart.crowded)
            assert hidden(chart) == [], (sid, key, hidden(chart)[:5])
            named = {n.strip() for lab in chart.labels for n in lab.text.split(",")}
            charted = {str(p[2]) for b in blocks for p in b.points}
            assert charted <= named, (sid, key, charted - named)
        text = " ".join(" ".join(texts).split())
        for b in blocks:
            if b.crowded(width):
                assert all(str(p[2]) in text for p in b.points), (sid, key)
    charted = [key for key in RULESETS if rosters[("mobile-bay-1864", key)][0]]
    assert charted == [], charted  # replay 27: no roster's chart was used at the table; each gave its room away
    for key in charted:
        charts, blocks, _, _ = rosters[("mobile-bay-1864", key)]
        assert len(charts) == 1 and len(blocks) == 1, key
        # Selma, Morgan and Gaines each on a marker of their own beside the Union ships at their values
        spots = {(float(p[0]), float(p[1]), p[3]) for p in blocks[0].points}
        assert len(charts[0].markers) == len(spots), key
        assert {m.series for m in charts[0].markers} == {"Union", "Confederate"}, key


def test_a_crowded_chart_gives_way_to_a_table():
    """A chart that would have to hide a unit is printed as a table of the same values, every unit in it."""
    from shipyard.rules.rosters import SIDE_MARKERS

    points = [(50 + i * 0.05, 10 + (i % 2) * 0.1, f"Ship {i}", "North" if i % 2 else "South") for i in range(30)]
    span = [(0, "0"), (100, "100")]
    block = SideChart(points, {"North": SIDE_MARKERS[0], "South": SIDE_MARKERS[1]}, "Speed", "knots", "hull", span, 40.0)
    assert block.crowded(120.0)
    assert chart_mod.layout(0, 0, 120.0, 38.0, points, x_ticks=span).crowded
    table = block.table()
    cells = " ".join(str(c) for row in table.rows for c in row)
    assert all(f"Ship {i}" in cells for i in range(30))
    assert block.measure(120.0) == pytest.approx(table.measure(120.0))
    # and a roomy one stays a chart
    assert not SideChart(points[:4], {"North": SIDE_MARKERS[0], "South": SIDE_MARKERS[1]}, "Speed", "knots", "hull",
                         None, 80.0).crowded(170.0)


def test_roster_order_puts_each_consort_under_her_partner(library):
    scenario = library.scenarios["mobile-bay-1864"]
    units = [(side, u, None) for side, u in library.scenario_units(scenario)]
    reversed_units = list(reversed(units))  # a scenario listing the gunboats first still gets them under their partners
    for given in (units, reversed_units):
        order = roster_order(scenario, given)
        assert sorted(r[1].id for r in order) == sorted(u.id for _, u, _ in units)
        ids = [r[1].id for r in order]
        for side in scenario.sides:
            for su in side.units:
                if su.lashed_to:
                    i = ids.index(su.id)
                    assert ids[i - 1] == su.lashed_to and order[i][3].id == su.lashed_to
                else:
                    assert order[ids.index(su.id)][3] is None


def assert_under_partners(text: str, scenario, names: dict) -> None:
    """In a roster's text, the line of each gunboat (marked as lashed) comes after her partner's with no other
    unit's line between them."""
    lines = [" ".join(ln.split()) for ln in text.splitlines() if ln.strip()]
    pairs = [(su.lashed_to, su.id) for side in scenario.sides for su in side.units if su.lashed_to]
    assert len(pairs) == 7
    for partner, gunboat in pairs:
        at = next(i for i, ln in enumerate(lines) if f"{LASHED} {names[gunboat]}" in ln)
        above = max(i for i, ln in enumerate(lines[:at]) if f" {names[partner]} " in f" {ln} ")
        between = lines[above + 1:at]
        assert all(not any(n in ln for n in names.values()) for ln in between), (partner, gunboat, between)


@pytest.mark.parametrize("rules", RULESETS)
def test_every_roster_shows_each_gunboat_under_her_partner(bundled_packs, library, rules, tmp_path):
    """The scenario's notes promise it on the cover: in every rule set's roster the line after each partner's is
    her gunboat's, marked as lashed; also when a scenario lists the gunboats before their partners."""
    scenario = library.scenarios["mobile-bay-1864"]
    assert "the rosters show each gunboat under her partner" in " ".join(scenario.notes.split())
    names = {u.id: u.name for _, u in library.scenario_units(scenario)}
    texts = pdf_page_texts(bundled_packs.get("mobile-bay-1864", rules, "a4").path)
    assert_under_partners(next(t for t in texts if LASHED in t), scenario, names)

    backwards = scenario.model_copy(update={"sides": [s.model_copy(update={"units": list(reversed(s.units))})
                                                      for s in scenario.sides]})
    rs = get_ruleset(rules)
    job = pack_job(library, backwards, rs, PackOptions(output_dir=tmp_path))
    with Document(tmp_path / "r.pdf", paper="a4") as doc:
        rs.aids().roster(doc, job.scenario, job.units, job.ctx)
    assert_under_partners("\n".join(pdf_page_texts(tmp_path / "r.pdf")), backwards, names)


def test_saunders_roster_gives_one_entry_per_gun_type(library, bundled_packs, tmp_path):
    """Fort Morgan's guns of the same strength (rifled or not) make one entry, and the counts add up."""
    from shipyard.rules.saunders.roster import guns_summary

    rs = get_ruleset("saunders")
    job = pack_job(library, library.scenarios["mobile-bay-1864"], rs, PackOptions(output_dir=tmp_path))
    text = " ".join(" ".join(pdf_page_texts(bundled_packs.get("mobile-bay-1864", rs.key, "a4").path)).split())
    for _, unit, d in job.units:
        summary = guns_summary(d.stats.guns)
        entries = summary.split()
        kinds = [e.split("×")[1] for e in entries]
        assert len(kinds) == len(set(kinds)), (unit.name, summary)
        assert sum(int(e.split("×")[0]) for e in entries) == sum(g.count for g in d.stats.guns), (unit.name, summary)
        if unit.id == "fort-morgan":
            assert len({(g.strength, g.rifled) for g in d.stats.guns}) < len(d.stats.guns)  # there was something to merge
            assert summary in text


@pytest.fixture(scope="module")
def long_fleet(tmp_path_factory):
    """A 150-unit synthetic fleet (benchmarks/bench_scaling.py's), made once for the four rule sets' rosters: the
    same files in the same place, so the kept library serves the second and later runs."""
    import sys

    import yaml

    from conftest import REPO

    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from bench_scaling import make_fleet
    finally:
        sys.path.pop(0)
    folder = tmp_path_factory.mktemp("long-fleet")
    scenario = make_fleet(folder, 150)
    # "USS Hartford 12" prints as "Hartford 12" where a roster shortens names
    names = {yaml.safe_load(f.read_text())["name"].split(" ", 1)[1] for f in (folder / "synthetic").glob("*.yaml")}
    return folder, scenario, names


@pytest.mark.parametrize("rules", RULESETS)
def test_a_long_roster_starts_under_its_title_not_on_a_page_of_its_own(tmp_path, rules, cli, long_fleet):
    """A side too long for the page under the title begins there and goes on overleaf: before, a large fleet's
    roster printed its title alone on a page and the first side on the next (the newcomer's 300-ship pack)."""
    folder, scenario, names = long_fleet
    out = tmp_path / f"roster-{rules}.pdf"
    run = cli("roster", scenario, "--rules", rules, "-L", str(folder), "-o", str(out))
    assert run.code == 0, run.err
    pages = pdf_page_texts(out)
    assert len(pages) >= 2, "150 units should need more than one roster page"
    for number, text in enumerate(pages, 1):
        assert any(name in text for name in names), f"roster page {number} of {len(pages)} lists no unit:\n{text[:200]}"
