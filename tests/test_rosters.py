"""Every rule set's roster: every unit of every bundled scenario named, the lashed pairs shown, and like guns make
one entry."""

from __future__ import annotations

import pytest

from shipyard.pack import PackOptions
from shipyard.pack.build import pack_job
from shipyard.render import Document
from shipyard.rules import all_rulesets, get_ruleset
from shipyard.rules.rosters import LASHED, roster_order

from conftest import pdf_page_texts

RULESETS = [rs.key for rs in all_rulesets()]


def test_every_rosters_of_every_bundled_scenario_names_each_unit_and_draws_no_chart(library, tmp_path):
    """Every rule set's roster of every bundled scenario (44 rosters): each unit named, and no speed chart (replay 27:
    never used at the table; every roster gave its room to what players read)."""
    for sid, scenario in sorted(library.scenarios.items()):
        for key in RULESETS:
            rs = get_ruleset(key)
            job = pack_job(library, scenario, rs, PackOptions(output_dir=tmp_path))
            path = tmp_path / f"{sid}-{key}.pdf"
            with Document(path, paper="a4") as doc:
                rs.aids().roster(doc, job.scenario, job.units, job.ctx)
            text = " ".join(" ".join(pdf_page_texts(path)).split())
            for _, unit, _ in job.units:
                assert unit.name in text, (sid, key, unit.name)
            assert "Speed against" not in text, (sid, key)


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
