"""Issue 23's set-up data for six river and sound actions (Memphis, Plum Point Bend, New Orleans, Arkansas's run,
Fort Henry, Albemarle Sound): each lays out what decided the day, as the period's reports put it, and each set-up
page names every unit, shows the scale bar and the victory table, fits one page on A4 and Letter under every rule
set and reads clean to the layout lint (test_setup.py's overlap test walks every scenario with a set-up, these too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import COVER_SET_UP_AND_ROSTERS, inside_outline, pdf_page_texts, pdf_sections
from layout_lint import lint
from shipyard.rules import get_ruleset

SCENARIOS = ["memphis-1862", "plum-point-bend-1862", "new-orleans-1862", "arkansas-run-1862", "fort-henry-1862",
             "albemarle-sound-1864"]
RULES = ["saunders", "smoke-on-the-water", "really-simple", "quick-play"]
PAPERS = ["a4", "letter"]


def _setup(library, sid):
    return library.scenarios[sid].setup


def _crossings(outline, y) -> list[float]:
    """Where a polygon's edges cross the line of this latitude (y): the x of each."""
    out = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        if (y1 > y) != (y2 > y):
            out.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return out


def _land(setup, name):
    return next(land.outline for land in setup.land if land.name == name)


def _bears(arc, bearing) -> bool:
    """Whether a compass bearing falls in an arc, clockwise from its `from` to its `to`."""
    return (bearing - arc.from_) % 360 <= (arc.to - arc.from_) % 360


def _bearing(a, b) -> float:
    import math

    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


# ---------------------------------------------------------------------------------------- the day's layout, read back

def test_memphis_has_the_rams_charging_ahead_of_the_ironclads_at_two_lines_off_the_waterfront(library):
    s = _setup(library, "memphis-1862")
    at = {uid: st.at for uid, st in s.starts.items()}
    union = [su.id for su in library.scenarios["memphis-1862"].sides[0].units]
    confederate = [su.id for su in library.scenarios["memphis-1862"].sides[1].units]
    assert min(at[u][1] for u in union) > max(at[c][1] for c in confederate)  # the Union comes down from the north
    ironclads = ["uss-benton", "uss-louisville", "uss-carondelet", "uss-cairo", "uss-st-louis"]
    assert at["uss-queen-of-the-west"][1] > max(at[i][1] for i in ironclads)  # Queen starts ahead upstream ...
    assert at["uss-monarch"][1] > at["uss-queen-of-the-west"][1]  # ... and Monarch follows her
    assert all(s.starts[c].heading == 0 for c in confederate)  # bows upstream
    assert all(s.starts[u].heading == 180 for u in union)
    ys = sorted(at[c][1] for c in confederate if c != "css-little-rebel")  # the flagship moves between them
    assert sum(b - a > 300 for a, b in zip(ys, ys[1:])) == 1  # two lines ...
    bluffs = _land(s, "Memphis (the bluffs)")
    assert all(min(y for _, y in bluffs) <= at[c][1] <= max(y for _, y in bluffs) for c in confederate)  # off the city
    assert all(at[c][0] < min(x for x, _ in bluffs) for c in confederate)  # in the river, west of the bluffs
    bars = next(w for w in s.water if w.kind == "shoal").outline
    assert not any(inside_outline(at[c], bars) for c in union + confederate)  # every boat afloat at the start ...
    assert max(x for x, _ in bars) < min(x for x, _ in bluffs)  # ... the bars off the Arkansas shore


def test_plum_point_has_cincinnati_alone_on_guard_below_the_tied_up_flotilla(library):
    s = _setup(library, "plum-point-bend-1862")
    scenario = library.scenarios["plum-point-bend-1862"]
    union = [su.id for su in scenario.sides[0].units]
    rams = [su.id for su in scenario.sides[1].units]
    tied = [u for u in union if u != "uss-cincinnati"]
    assert all(s.starts[u].anchored and s.starts[u].heading == 180 for u in tied)  # tied up, heads downstream
    assert not s.starts["uss-cincinnati"].anchored
    guard = s.starts["uss-cincinnati"].at
    assert guard[1] < min(s.starts[u].at[1] for u in tied)  # nearest the rams, below the anchorage
    assert max(s.starts[r].at[1] for r in rams) < guard[1]  # the rams come up from the south
    assert s.starts["css-general-bragg"].at[1] == max(s.starts[r].at[1] for r in rams)  # Bragg leads
    def middle(y):  # midstream at this latitude: halfway between the banks
        return (max(_crossings(_land(s, "Arkansas shore"), y)) + min(_crossings(_land(s, "Tennessee shore"), y))) / 2

    west = {u for u in tied if s.starts[u].at[0] < middle(s.starts[u].at[1])}
    assert west == {"uss-mound-city", "uss-st-louis", "uss-cairo"}  # Mahan's Arkansas shore (Cincinnati on guard)
    assert set(tied) - west == {"uss-benton", "uss-carondelet", "uss-pittsburg"}  # and his Tennessee shore
    bar = next(w for w in s.water if w.name == "Plum Point bar")
    assert all(x > middle(y) for x, y in bar.outline if 0 < y < s.area.depth_yd)  # Plum Point bar on the Tennessee (east) side


def test_new_orleans_runs_the_columns_through_the_gap_below_jackson_past_st_philip(library):
    s = _setup(library, "new-orleans-1862")
    jackson, st_philip = s.starts["fort-jackson"].at, s.starts["fort-st-philip"].at
    assert inside_outline(jackson, _land(s, "West bank")) and inside_outline(st_philip, _land(s, "East bank"))
    assert 600 <= st_philip[1] - jackson[1] <= 1000  # St. Philip some 800 yd above Jackson, across the river
    obstruction = s.obstructions[0].line
    assert max(y for _, y in obstruction) < jackson[1]  # the hulks just below Jackson ...
    river_east = min(x for x, y in _land(s, "East bank") if y <= jackson[1] + 2000)
    assert river_east - max(x for x, _ in obstruction) >= 150  # ... with the gap near the east bank
    first = ["uss-cayuga", "uss-pensacola", "uss-mississippi", "uss-oneida", "uss-varuna", "uss-katahdin",
             "uss-kineo", "uss-wissahickon"]
    centre = ["uss-hartford", "uss-brooklyn", "uss-richmond"]
    assert min(s.starts[u].at[0] for u in first) > max(s.starts[u].at[0] for u in centre)  # Bailey's up the east side
    assert s.starts["uss-cayuga"].at[1] == max(s.starts[u].at[1] for u in first)  # Cayuga leading
    union = [su.id for su in library.scenarios["new-orleans-1862"].sides[0].units]
    placed = [u for u in union if s.starts[u].at is not None]
    assert all(s.starts[u].at[1] < min(y for _, y in obstruction) for u in placed)  # the whole fleet below it
    louisiana = s.starts["css-louisiana"]
    assert louisiana.anchored and louisiana.at[1] > st_philip[1] and louisiana.at[0] > jackson[0]  # moored above
    assert _bears(s.starts["fort-jackson"].arcs[0], _bearing(jackson, s.starts["uss-cayuga"].at))  # the fleet in arc
    assert _bears(s.starts["fort-st-philip"].arcs[0], _bearing(st_philip, [(x + y) / 2 for x, y in zip(*obstruction)]))


def test_arkansas_comes_out_of_the_yazoo_behind_tyler_and_queen_into_the_anchored_fleets(library):
    s = _setup(library, "arkansas-run-1862")
    farragut = ["uss-hartford", "uss-richmond", "uss-oneida", "uss-iroquois", "uss-wissahickon", "uss-sciota",
                "uss-winona", "uss-pinola"]
    davis = ["uss-benton", "uss-louisville", "uss-cincinnati", "uss-essex"]
    assert all(s.starts[u].anchored for u in farragut + davis)  # fires banked
    assert max(s.starts[u].at[0] for u in farragut) < min(s.starts[u].at[0] for u in davis)  # west side, east side
    assert all(s.starts[u].at[1] > s.area.depth_yd / 3 for u in farragut + davis)  # in the northern two-thirds
    arkansas = s.starts["css-arkansas"]
    assert arkansas.zone == "Yazoo" and all(s.starts[u].zone == "Yazoo" for u in ["uss-tyler", "uss-queen-of-the-west"])
    assert arkansas.arrives > s.starts["uss-tyler"].arrives == s.starts["uss-queen-of-the-west"].arrives
    yazoo = next(z for z in s.zones if z.name == "Yazoo")
    assert min(y for _, y in yazoo.outline) > max(s.starts[u].at[1] for u in farragut + davis)  # above the fleets
    assert any(r.name.startswith("Part one") for r in s.special_rules)  # the Yazoo is played first


def test_fort_henry_has_the_ironclads_abreast_below_the_fort_with_cincinnati_ahead(library):
    s = _setup(library, "fort-henry-1862")
    fort = s.starts["fort-henry"]
    assert inside_outline(fort.at, _land(s, "East bank"))  # the fort on the east bank
    assert "uss-st-louis" not in s.starts  # lashed to Carondelet: she takes her partner's place
    line = ["uss-carondelet", "uss-cincinnati", "uss-essex"]
    east_to_west = sorted(line, key=lambda u: -s.starts[u].at[0])
    assert east_to_west == line  # St. Louis and Carondelet on the left (east), Cincinnati, Essex on the right
    assert s.starts["uss-cincinnati"].at[1] == min(s.starts[u].at[1] for u in line)  # a boat's length ahead
    timberclads = ["uss-conestoga", "uss-tyler", "uss-lexington"]
    assert min(s.starts[u].at[1] for u in timberclads) > max(s.starts[u].at[1] for u in line)  # astern of them
    import math

    for u in line:
        start = s.starts[u].at
        assert 1500 <= math.dist(start, fort.at) <= 2100  # fire opened at about 1,700 yd
        assert any(_bears(arc, _bearing(fort.at, start)) for arc in fort.arcs)
    assert any(_bears(arc, 0) for arc in fort.arcs)  # its guns point downstream, north
    island = _land(s, "Panther Creek Island")
    assert min(y for _, y in island) > max(s.starts[u].at[1] for u in line)  # formed past the head of the island


def test_albemarle_comes_over_the_bar_towards_the_double_enders_in_line_ahead(library):
    s = _setup(library, "albemarle-sound-1864")
    albemarle = s.starts["css-albemarle"].at
    line = ["uss-mattabesett", "uss-sassacus", "uss-wyalusing", "uss-miami"]
    assert [s.starts[u].at[0] for u in line] == sorted(s.starts[u].at[0] for u in line)  # Mattabesett leads
    assert len({s.starts[u].at[1] for u in line}) == 1 and all(s.starts[u].heading == 270 for u in line)  # in line
    assert 2500 <= s.starts["uss-mattabesett"].at[0] - albemarle[0] <= 3500  # 3,000 yd east of her
    bar = next(w for w in s.water if w.kind == "bar")
    assert min(x for x, _ in bar.outline) <= albemarle[0] <= max(x for x, _ in bar.outline)  # at the river's mouth
    assert library.units["css-albemarle"].draught_ft <= bar.depth_ft  # she draws 9 ft: the bar lets her out
    rear = next(z for z in s.zones if z.name == "Union rear")
    light = ["uss-whitehead", "uss-commodore-hull", "uss-ceres", "uss-isaac-n-seymour"]
    assert all(inside_outline(s.starts[u].at, rear.outline) for u in light)  # guarding the rear


# ------------------------------------------------------------------------------------------- the set-up page itself

@pytest.fixture(scope="module")
def setup_packs(bundled_packs):
    """Each scenario's cover, set-up page and rosters alone (no sheets or aids), per rule set and paper: built once a
    run, and the A4 ones read by test_scenarios_library too (COVER_SET_UP_AND_ROSTERS)."""

    def get(sid: str, rules: str, paper: str) -> Path:
        return bundled_packs.get(sid, rules, paper, **COVER_SET_UP_AND_ROSTERS).path

    return get


# every bundled scenario with a set-up but Mobile Bay's and test_setup_c's, whose set-up pages are read back there
OTHERS = ["hampton-roads-1862", "hampton-roads-1862-day-2", "cherbourg-1864", "wassaw-sound-1863", "charleston-1863",
          "drewrys-bluff-1862"]


def test_every_bundled_set_up_page_is_read_back_by_a_test():
    """Issue 23's acceptance: every bundled scenario's set-up page names every unit and shows the scale bar and the
    victory table; a scenario added with a set-up must join one of the lists that read it back."""
    from pathlib import Path

    from test_setup_c import SCENARIOS as WHOLE_PACKS

    folder = Path(__file__).resolve().parent.parent / "vessels" / "scenarios"
    planned = {p.stem for p in folder.glob("*.yaml") if "\nsetup:" in p.read_text(encoding="utf-8")}
    assert planned == set(SCENARIOS) | set(OTHERS) | set(WHOLE_PACKS) | {"mobile-bay-1864"}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("sid", SCENARIOS + OTHERS)
def test_the_set_up_is_one_clean_page_naming_every_unit_with_scale_bar_and_victory_table(library, setup_packs, sid,
                                                                                        rules, paper):
    path = setup_packs(sid, rules, paper)
    pages = pdf_page_texts(path)
    scenario = library.scenarios[sid]
    parts = len(scenario.setup.parts)  # a table played first has a page of its own after the set-up's (the Yazoo)
    set_up = pdf_sections(path)["Set-up and table plan"]  # after the cover, before the rosters
    assert set_up == range(1, 2 + parts) and pages[1].startswith("Set-up"), (sid, rules, paper, set_up)  # one page
    assert all(pages[n].startswith("Set-up, ") for n in set_up[1:])
    text = pages[1]
    from shipyard.app import context

    rs = get_ruleset(rules)
    ctx = context(rs, library, None, None, scenario=scenario)
    for side in scenario.sides:
        for su in side.units:
            if rs.takes_part(su.id, ctx):  # the units this rule set plays (RuleSet.plays)
                assert library.units[su.id].name in text, (sid, rules, su.id)
    assert "grid every" in text and "on the table" in text  # the scale bar's words
    assert "Victory points for" in text and "Victory level" in text
    read = range(2, set_up.stop + 1)  # the set-up's pages (1-based), not the cover nor the rosters: read only those
    found = [f"{f.check}: {f.detail}" for f in lint(path, edges=False, pages=read).findings if f.page >= 2]
    assert not found, (sid, rules, paper, found)
