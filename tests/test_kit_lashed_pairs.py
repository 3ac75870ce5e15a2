"""A lashed pair's two cards on one sheet page (issue 22): a player marks the pair's shared results (the pair moves
as one; a hit on the pair's engines slows both) on both cards at once. Read back from every bundled scenario's pack
with a lashed pair, in each rule set that prints its cards several to a page, on A4 and on Letter: each card's
outline entry under the record sheets, and that page's text naming both ships."""

import pypdfium2
import pytest

from conftest import pdf_page_texts

CARDS_SEVERAL_TO_A_PAGE = ["really-simple", "quick-play"]


def lashed_pairs(library) -> dict[str, list[tuple[str, str]]]:
    """Each scenario of the bundled library (the tests' library) with a lashed pair: (her name, her partner's name) for each ship lashed to another."""
    out = {}
    for sid, scenario in library.scenarios.items():
        pairs = [(library.units[su.lashed_to].name, library.units[su.id].name)
                 for side in scenario.sides for su in side.units if su.lashed_to]
        if pairs:
            out[sid] = pairs
    return out


def card_pages(path) -> dict[str, int]:
    """Each card's page (0-based) by the outline entries under 'Record sheets'."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        out, inside = {}, False
        for entry in pdf.get_toc():
            if entry.level == 0:
                inside = entry.get_title() == "Record sheets"
            elif inside:
                out.setdefault(entry.get_title(), entry.get_dest().get_index())
        return out
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("rules", CARDS_SEVERAL_TO_A_PAGE)
def test_each_lashed_pair_s_two_cards_are_on_one_page(bundled_packs, library, rules, paper):
    scenarios = lashed_pairs(library)
    assert {"mobile-bay-1864", "trents-reach-1865", "fort-henry-1862"} <= set(scenarios)
    split = []
    for sid, pairs in sorted(scenarios.items()):
        path = bundled_packs.get(sid, rules, paper).path
        pages, texts = card_pages(path), pdf_page_texts(path)
        for partner, consort in pairs:
            assert partner in pages and consort in pages, (sid, partner, consort, sorted(pages))
            if pages[partner] != pages[consort]:
                split.append(f"{sid}: {partner} p.{pages[partner] + 1}, {consort} p.{pages[consort] + 1}")
            else:
                page = " ".join(texts[pages[partner]].split())
                assert partner in page and consort in page, (sid, partner, consort, pages[partner] + 1)
    assert split == []


# Mobile Bay's wooden line without Tecumseh: each pair begins at the second card of a Quick Play row, where two to a
# row put a sloop at the end of one row and her consort at the head of the next, overleaf (Ossipee and Itasca on A4,
# Monongahela and Kennebec on Letter); Really Simple's first fit put Itasca and Galena a page from their sloops
PAIRS = [("uss-brooklyn", "uss-octorara"), ("uss-hartford", "uss-metacomet"), ("uss-richmond", "uss-port-royal"),
         ("uss-lackawanna", "uss-seminole"), ("uss-monongahela", "uss-kennebec"), ("uss-ossipee", "uss-itasca"),
         ("uss-oneida", "uss-galena")]
UNITS = ["{id: uss-manhattan}", "{id: uss-winnebago}", "{id: uss-chickasaw}"] + [
    unit for ship, consort in PAIRS for unit in (f"{{id: {ship}}}", f"{{id: {consort}, lashed_to: {ship}}}")]


@pytest.fixture(scope="module")
def own_scenario(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pairs")
    (folder / "ships").mkdir()
    (folder / "ships" / "pairs.yaml").write_text(
        "id: pairs\nname: Pairs\ndate: 1864-08-05\nplace: Mobile Bay\nsides:\n"
        f"  - {{name: Union, navy: USN, units: [{', '.join(UNITS)}]}}\n"
        "  - {name: Confederate, navy: CSN, units: [{id: css-tennessee}]}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("rules", CARDS_SEVERAL_TO_A_PAGE)
def test_a_scenario_of_your_own_keeps_each_pair_on_one_page(own_scenario, library, rules, paper):
    from conftest import in_process

    out = own_scenario / f"out-{rules}-{paper}"
    run = in_process("pack", "pairs", "--rules", rules, "--paper", paper, "-o", out, "--jobs", "1", cwd=own_scenario)
    assert run.code == 0, run.err
    [path] = out.glob("*.pdf")
    pages = card_pages(path)
    names = {ship: library.units[ship].name for pair in PAIRS for ship in pair}
    assert [(names[a], pages[names[a]] + 1, names[b], pages[names[b]] + 1) for a, b in PAIRS
            if pages[names[a]] != pages[names[b]]] == []
