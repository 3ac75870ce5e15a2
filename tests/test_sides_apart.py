"""Each side's record sheets on pages of their own (issue 23: "no card of one side on the other's page"), so that one
side can be handed its own sheets from the one-file pack: by default wherever that takes no more pages, and with
`pack --sides-apart` for every bundled scenario, rule set and paper, read back from the PDF's outline. Where parting
them would cost a page (the 60-page budget: Mobile Bay's Quick Play and Really Simple on A4) they share, and the
cover's contents says which pages and the option that parts them."""

from __future__ import annotations

import pytest

from conftest import pdf_page_texts

ONLY_SHEETS = dict(setup=False, roster=False, templates=False, counters=False, reference=False)
LETTER_TOO = ("mobile-bay-1864", "hampton-roads-1862", "memphis-1862")  # the packs the reviews read on Letter


def sheet_pages_by_side(path, units) -> dict[int, set[str]]:
    """The sides whose units' sheets are on each page of the record sheets, read back from the PDF's outline: the
    units bookmarked on a page (an orders log by its side's name), and on a page that starts none, the side of the
    sheet that runs on from the page before."""
    import pypdfium2

    side_of = {name: side for side, unit, derived in units for name in (unit.name, derived.unit_name)}
    side_of.update({f"Orders log · {side}": side for side, _, _ in units})
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        toc = [(b.get_title(), b.get_dest().get_index() + 1) for b in pdf.get_toc() if b.get_dest() is not None]
        pages = len(pdf)
    finally:
        pdf.close()
    start = next(page for title, page in toc if title == "Record sheets")
    on: dict[int, set[str]] = {}
    running: dict[int, str] = {}  # the side of the last sheet begun on or before each page
    side = None
    for title, page in toc:
        if page >= start and title in side_of:
            side = side_of[title]
            on.setdefault(page, set()).add(side)
            running[page] = side
    for page in range(start, pages + 1):
        if page not in on and running.get(page - 1):
            on[page], running[page] = {running[page - 1]}, running[page - 1]
    return on


def build(library, scenario_id, rules, paper, tmp_path, **choices):
    """The pack built, and the units it was drawn from (the very job build_pack made: deriving them all again for
    the test took a fifth of its time)."""
    from shipyard.pack import PackOptions, build_pack
    from shipyard.pack import build as pack_build
    from shipyard.rules import get_ruleset

    rs = get_ruleset(rules)
    options = PackOptions(paper=paper, output_dir=tmp_path, **choices)
    scenario = library.scenarios[scenario_id]
    jobs = []

    def kept(*args, **kw):
        jobs.append(make(*args, **kw))
        return jobs[-1]

    make = pack_build.pack_job
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pack_build, "pack_job", kept)
        built = build_pack(library, scenario, rs, options)
    assert len(jobs) == 1
    return built, jobs[0].units


def bundled_scenario_ids() -> list[str]:
    """The bundled scenarios' ids by their files' names, read at collection without loading the library (every xdist
    worker collects this module, and each loaded and validated the whole library to name its cases):
    test_the_cases_are_every_bundled_scenario holds them to the loaded library's ids."""
    from shipyard.paths import library_dir

    return sorted(p.stem for p in (library_dir() / "scenarios").glob("*.yaml"))


def cases():
    from shipyard.rules import all_rulesets

    ids = bundled_scenario_ids()
    return [(s, rs.key, paper) for s in ids for rs in all_rulesets() if rs.prints("sheets")
            for paper in (("a4", "letter") if s in LETTER_TOO else ("a4",))]


def test_the_cases_are_every_bundled_scenario(library):
    """The parametrisation's scenarios (named by their files) are the loaded library's bundled scenarios, no more."""
    assert bundled_scenario_ids() == sorted(library.scenarios)


@pytest.mark.parametrize("scenario_id,rules,paper", cases())
def test_no_sheet_page_carries_two_sides_unless_parting_them_costs_a_page(library, tmp_path, scenario_id, rules,
                                                                         paper):
    """By default a side's sheets share no page with the other's unless parting them takes a page more (measured by
    each rule set's layout, not drawn: this draws both to see); with --sides-apart they never do."""
    built, units = build(library, scenario_id, rules, paper, tmp_path / "default", **ONLY_SHEETS)
    shared = {page: sides for page, sides in sheet_pages_by_side(built.path, units).items() if len(sides) > 1}
    assert set().union(*sheet_pages_by_side(built.path, units).values()) == {side for side, _, _ in units}
    if not shared:
        return
    apart, units = build(library, scenario_id, rules, paper, tmp_path / "apart", sides_apart=True, **ONLY_SHEETS)
    assert "sides-apart" in apart.path.name  # never the same file as the pack that lets the sides share
    parted = {page: sides for page, sides in sheet_pages_by_side(apart.path, units).items() if len(sides) > 1}
    assert not parted, f"{apart.path.name}: sheets of both sides on pages {parted}"
    assert apart.pages > built.pages, f"{built.path.name}: sides share pages {sorted(shared)} though parting is free"


def test_a_pack_whose_sides_share_a_page_says_which_and_how_to_part_them(bundled_packs, library):
    """Mobile Bay's Quick Play cards on A4: Union's last four and the Confederates' six share page 5 (the Union's
    nine rows of cards need two pages and a third would break the 60-page budget), and the cover says so."""
    built = bundled_packs.get("mobile-bay-1864", "quick-play", "a4")
    texts = pdf_page_texts(built.path)
    assert "(Union's alone on page 4; both sides' on page 5)" in " ".join(texts[0].split())
    assert "CSS Tennessee" in texts[4] and "USS Galena" in texts[4]


def test_a_pack_whose_sides_share_no_page_says_nothing(bundled_packs):
    built = bundled_packs.get("mobile-bay-1864", "smoke-on-the-water", "a4")
    assert "sides-apart" not in pdf_page_texts(built.path)[0]


@pytest.mark.parametrize("scenario_id,rules,paper", [("mobile-bay-1864", "really-simple", "letter"),
                                                     ("hampton-roads-1862", "quick-play", "letter"),
                                                     ("memphis-1862", "quick-play", "a4"),
                                                     ("memphis-1862", "really-simple", "a4")])
def test_by_default_the_sides_part_wherever_that_takes_no_more_pages(library, tmp_path, scenario_id, rules, paper):
    """Main let the sides share a page in each of these (Mobile Bay's Really Simple cards on Letter pp5-6, Memphis'
    Quick Play and Really Simple cards p4 on A4); parted, each takes the pages it did."""
    together, _ = build(library, scenario_id, rules, paper, tmp_path / "together", sides_apart=False)
    built, units = build(library, scenario_id, rules, paper, tmp_path / "default")
    assert built.path.name == together.path.name and "sides-apart" not in built.path.name
    assert built.pages == together.pages
    shared = {page: sides for page, sides in sheet_pages_by_side(built.path, units).items() if len(sides) > 1}
    assert not shared, f"{built.path.name}: sheets of both sides on pages {shared}"
    assert "sides-apart" not in pdf_page_texts(built.path)[0]
    assert "both sides" in " ".join(pdf_page_texts(together.path)[0].split())


def test_sides_apart_through_the_command_line(tmp_path):
    """The option as a user gives it, through the real console script: Mobile Bay's Quick Play cards, each side's
    from a page of its own, and the file named for it."""
    import subprocess

    out = tmp_path / "out"
    run = subprocess.run(["shipyard", "pack", "mobile-bay-1864", "-r", "quick-play", "--sides-apart", "--jobs", "1",
                          "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    path = out / "mobile-bay-1864-quick-play-sides-apart.pdf"
    texts = pdf_page_texts(path)
    assert "sides-apart" not in texts[0]  # nothing left to part
    cards = [t for t in texts if "record cards" in t]
    assert [("USS" in t, "CSS Tennessee" in t) for t in cards] == [(True, False), (True, False), (False, True)]
    # --sides-together lets them share where parting them would cost nothing (Memphis: Union 7 cards, page 4)
    from conftest import in_process

    run = in_process("pack", "memphis-1862", "-r", "quick-play", "--sides-together", "--jobs", "1", "-o", str(out))
    assert run.code == 0, run.err
    cover = " ".join(pdf_page_texts(out / "memphis-1862-quick-play.pdf")[0].split())
    assert "(both sides' on page 4; Confederate's alone on page 5)" in cover


def test_the_contents_note_on_shared_pages_says_spans_and_fits_the_line():
    """The note after the record sheets' page: one page, two, or a span ("pages 4–6", New Orleans' three shared
    pages ran "pages 4, 5, 6 hold ..." past the cover's edge), and a list too long for the line the contents leaves
    it (cover.yaml's note_at to the margin) says how many and between which."""
    from shipyard.pack.cover import sharing_note, style
    from shipyard.render.measure import text_width

    assert sharing_note([6]) == "(page 6 mixes both sides)"
    assert sharing_note([5, 6]) == "(pages 5, 6 mix both sides)"
    assert sharing_note([4, 5, 6]) == "(pages 4–6 mix both sides)"
    # replays r27, r28 read "(page 4 Union only; page 5 both sides)" after "Record sheets page 4" as clumsy
    assert sharing_note([5], alone={4: "Union"}) == "(Union's alone on page 4; both sides' on page 5)"
    # play 34: the sheets' span first where the full note runs past the contents' room ('Record sheets page 4 (pages 4,
    # 6 mix both sides)' read as a wrong page range where the sheets run over pages 4-6)
    spanned = "(pages 4–6: 4, 6 mix both sides)"
    assert sharing_note([4, 6], text_width(spanned, style()["contents"]["size"]), alone={5: "Union"}) == spanned
    assert sharing_note([6], alone={4: "Union", 5: "Union", 7: "Confederate"}) == \
        "(Union's alone on pages 4, 5; both sides' on page 6; Confederate's alone on page 7)"
    assert sharing_note([4, 5, 6, 8, 10, 11, 12, 14, 15, 16]) == "(pages 4–6, 8, 10–12, 14–16 mix both sides)"
    long = list(range(4, 41, 2))
    contents = style()["contents"]
    room = 190.0 - contents["note_at"]  # A4's content width
    assert text_width(sharing_note(long), contents["size"]) > room  # the list runs past the edge: so, said short
    assert sharing_note(long, room) == "(19 pages of 4–40 mix both sides)"
    assert text_width(sharing_note(long, room), contents["size"]) <= room
    assert sharing_note([4, 5, 6], room) == "(pages 4–6 mix both sides)"
