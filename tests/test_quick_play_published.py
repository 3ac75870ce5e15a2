"""The Quick Play pack for Mobile Bay prints the article's own order of battle and values (Fort Morgan one unit with its
water battery, no Fort Powell), read back from the PDF as a player would."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from conftest import pdf_page_texts

from test_quick_play_calculator import AS_PLAYED

from shipyard.pack import PackOptions, build_pack
from shipyard.rules.quick_play import RULESET


@pytest.fixture(scope="module")
def pack(tmp_path_factory, library):
    options = PackOptions(rules=["quick-play"], output_dir=tmp_path_factory.mktemp("qp-pack"), templates=False,
                          counters=False, reference=False)
    built = build_pack(library, library.scenarios["mobile-bay-1864"], RULESET, options)
    with pdfplumber.open(built.path) as pdf:
        halves = []
        texts = pdf_page_texts(built.path)
        for page, text in zip(pdf.pages, texts, strict=True):
            if "record cards" not in " ".join(text.split()):
                continue
            w = page.width
            # x_tolerance 1: a fort's 22 EDNA boxes sit ~2 pt apart, which the default 3 pt reads as one word
            halves += [page.crop((0, 0, w / 2, page.height)).extract_text(x_tolerance=1) or "",
                       page.crop((w / 2, 0, w, page.height)).extract_text(x_tolerance=1) or ""]
        return texts, halves


def _names(library):
    return {uid: library.units[uid].name for uid in AS_PLAYED}


def test_the_roster_prints_the_articles_edna_and_factors_for_all_24(pack, library):
    pages, _ = pack
    lines = [line for text in pages for line in text.splitlines()]
    for uid, (edna, h, m, p) in AS_PLAYED.items():
        name = _names(library)[uid]
        row = [line for line in lines if re.match(rf"(↳ )?{re.escape(name)} (\(lashed to \w+\) )?(Monitor|Ironclad|Sidewheeler|Wooden Screw|Fort) \d+ ", line)]
        assert len(row) == 1, (name, row)
        assert re.search(rf" {edna} (Ram )?{h}/{m}/{p} ", row[0]), (name, row[0])


def test_the_record_cards_print_the_articles_values(pack, library):
    _, halves = pack
    names = {u.id: u.name for _, u in library.scenario_units(library.scenarios["mobile-bay-1864"])}
    seen = {}
    for text in halves:
        # each card: its name line, ..., a row of boxes per factor labelled "Heavy h", "Medium m", "Parrott p",
        # "EDNA e"; cards follow in order down a column
        found = {uid: re.search(rf"^{re.escape(n)} (Monitor|Ironclad|Sidewheeler|Wooden Screw|Fort)", text, re.M)
                 for uid, n in names.items()}
        order = sorted((m.start(), uid) for uid, m in found.items() if m)
        guns = re.findall(r"Heavy (\d+)\b.*?Medium (\d+)\b.*?Parrott (\d+)\b", text, flags=re.S)
        ednas = [int(e) for e in re.findall(r"^EDNA (\d+)", text, flags=re.M)]
        assert len(order) == len(guns) == len(ednas), text[:200]
        for (_, uid), g, e in zip(order, guns, ednas):
            seen[uid] = (e, *map(int, g))
    assert {uid: seen[uid] for uid in AS_PLAYED} == AS_PLAYED
    assert set(seen) == set(AS_PLAYED)  # every unit of the article has its card, and no other: 24, not 26
