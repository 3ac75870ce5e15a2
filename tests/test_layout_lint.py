"""The layout lint (tests/layout_lint.py) over every bundled pack, and proof that each of its checks can fail.

Every bundled pack -- Mobile Bay on A4 and on Letter, Hampton Roads at 1/1200, each for all four rule sets --
is linted once (the packs come from the session's shared builds) and each check is its own test, so a fix
shows as one case turning green.
"""

from __future__ import annotations

import pytest

from conftest import BUNDLED_PACKS, pack_id
from layout_lint import CHECKS, lint
from shipyard.rules import all_rulesets

RULESETS = [rs.key for rs in all_rulesets()]
MB_A4, MB_LETTER, HR_1200 = (pack_id(*p) for p in BUNDLED_PACKS)
ANY = "*"

# Today's known failures: (pack, rule set, check, why). ONE list for the whole file; whoever fixes a case deletes
# its line (the marks are strict, so a fixed case still listed here fails the run). ANY matches every pack or
# every rule set. Counts as found on this branch before the render rewrite (python -m tests.layout_lint ...).
KNOWN_FAILURES: list[tuple[str, str, str, str]] = [
]


def _known(pack: str, rules: str, check: str) -> str | None:
    for p, r, c, why in KNOWN_FAILURES:
        if p in (ANY, pack) and r in (ANY, rules) and c == check:
            return why
    return None


def _cases(checks):
    for scenario, paper, scale in BUNDLED_PACKS:
        pid = pack_id(scenario, paper, scale)
        for rules in RULESETS:
            for check in checks:
                why = _known(pid, rules, check)
                marks = [pytest.mark.xdist_group(f"{pid}-{rules}")]  # the run lints each PDF once (bundled_packs.lint)
                if why:
                    marks.append(pytest.mark.xfail(strict=True, reason=why))
                yield pytest.param((scenario, paper, scale), rules, check, marks=marks, id=f"{pid}-{rules}-{check}")


def _report(bundled_packs, pack, rules):
    """The pack's lint report, made once for the run (bundled_packs.lint)."""
    scenario, paper, scale = pack
    return bundled_packs.lint(scenario, rules, paper, scale)


@pytest.mark.parametrize("pack, rules, check", list(_cases(CHECKS)))
def test_bundled_pack_passes_the_layout_lint(bundled_packs, pack, rules, check):
    report = _report(bundled_packs, pack, rules)
    found = [f for f in report.findings if f.check == check]
    assert report.pages > 0 and report.chars > 0
    assert not found, f"{len(found)} {check} finding(s):\n" + "\n".join(
        f"  page {f.page}: {f.detail}" for f in found[:20])


@pytest.mark.parametrize("pack, rules", [pytest.param(p, r, marks=pytest.mark.xdist_group(f"{pack_id(*p)}-{r}"),
                                                      id=f"{pack_id(*p)}-{r}")
                                         for p in BUNDLED_PACKS if p[0] == "mobile-bay-1864" for r in RULESETS])
def test_no_character_of_the_mobile_bay_packs_prints_under_6_pt(bundled_packs, pack, rules):
    """Issue 22's bar, stricter than the lint's 5 % share: not one character under 6 pt, a figure squeezed narrower
    than its size counting at the size it prints (Saunders' Hartford's speed boxes 10½-13½ read 5.9 pt until they
    were set in the condensed face)."""
    report = _report(bundled_packs, pack, rules)
    assert report.chars > 0 and report.under_6 == 0, report.text()


def unembedded_fonts(path) -> list[str]:
    """Every font dictionary in the file (pages, forms, anything) without an embedded font program: no
    FontFile/FontFile2/FontFile3 in its descriptor (Type0: its descendant's). Type3 fonts are drawn in the
    file itself and count as embedded. What `pdffonts` lists with emb 'no'."""
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdftypes import resolve1

    bad = []
    with open(path, "rb") as fh:
        doc = PDFDocument(PDFParser(fh))
        seen = set()
        for xref in doc.xrefs:
            for objid in xref.get_objids():
                if objid in seen:
                    continue
                seen.add(objid)
                try:
                    obj = resolve1(doc.getobj(objid))
                except Exception:  # free or compressed-away entries
                    continue
                if not isinstance(obj, dict) or getattr(resolve1(obj.get("Type")), "name", None) != "Font":
                    continue
                subtype = getattr(resolve1(obj.get("Subtype")), "name", None)
                if subtype in ("Type3", "CIDFontType0", "CIDFontType2"):
                    continue  # Type3 is inline; CID fonts are judged through their Type0 parent
                font = obj
                if subtype == "Type0":
                    font = resolve1(resolve1(obj.get("DescendantFonts"))[0])
                desc = resolve1(font.get("FontDescriptor")) or {}
                if not any(k in desc for k in ("FontFile", "FontFile2", "FontFile3")):
                    bad.append(getattr(resolve1(obj.get("BaseFont")), "name", "?"))
    return sorted(set(bad))


@pytest.mark.parametrize("pack, rules, check", list(_cases(["embedded fonts"])))
def test_every_font_in_a_bundled_pack_is_embedded(bundled_packs, pack, rules, check):
    scenario, paper, scale = pack
    path = bundled_packs.get(scenario, rules, paper, scale).path
    assert unembedded_fonts(path) == []


# ---------------------------------------------------------------------------------------------
# Each check fires on a page made to break it, and a tidy page passes


def _canvas(path):
    from reportlab.pdfgen.canvas import Canvas

    from shipyard.render.fonts import font_name, register_all

    register_all()
    c = Canvas(str(path), pagesize=(595.28, 841.89), invariant=1)
    return c, font_name("sans")


MM = 72 / 25.4


def test_a_tidy_page_is_clean_and_its_fonts_embedded(tmp_path):
    from layout_lint import main

    c, font = _canvas(tmp_path / "tidy.pdf")
    c.setFont(font, 9)
    c.drawString(20 * MM, 800, "Hull")
    c.drawString(20 * MM, 780, "Guns 2")
    c.rect(40 * MM, 778, 4 * MM, 4 * MM)  # a tick box well clear of the label
    c.setFont(font, 7)
    c.drawString(41 * MM, 779, "5")  # a number wholly inside its box is not a collision
    c.setFont(font, 6)
    c.line(60 * MM, 700, 60 * MM + 10, 710)  # a chart's leader line corner to corner: its bounds are square,
    c.drawString(60 * MM + 9, 711, "Jeff")  # but it is no tick box (Memphis' roster chart)
    c.showPage()
    c.save()
    report = lint(tmp_path / "tidy.pdf")
    assert report.findings == [] and report.chars == len("HullGuns25Jeff")
    assert main([str(tmp_path / "tidy.pdf")]) == 0
    assert set(unembedded_fonts(tmp_path / "tidy.pdf")) <= {"Helvetica"}  # the canvas's own initial font only


def test_each_check_fires_on_a_page_made_to_break_it(tmp_path, capsys):
    from layout_lint import main

    c, font = _canvas(tmp_path / "bad.pdf")
    c.setFont(font, 4.5)
    c.drawString(30 * MM, 700, "tiny")  # small text, and 4 of 4+6+... characters under 6 pt
    c.setFont(font, 9)
    c.drawString(30 * MM, 650, "Fort Powell, CSN · A…")  # ellipsis
    c.drawString(30 * MM, 600, "Hartford")
    c.drawString(30 * MM + 6, 600, "Brooklyn")  # overprint
    c.drawString(30 * MM, 550, "Wheel (WDP)")
    c.rect(30 * MM + c.stringWidth("Wheel (WDP)", font, 9) - 4, 548, 3.5 * MM, 3.5 * MM)  # into box
    c.line(3 * MM, 400, 3 * MM, 420)  # edge ink
    c.setFont(font, 6.5)
    c.drawString(30 * MM, 100, "this bar must measure 100 mm")  # stray bar: no templates section here
    c.bookmarkPage("p1")
    c.addOutlineEntry("Quick reference", "p1", level=0)
    c.showPage()
    c.save()
    report = lint(tmp_path / "bad.pdf")
    assert set(report.counts()) == set(CHECKS), report.text()
    assert report.counts()["small text"] == 4
    assert {f.page for f in report.findings} == {0, 1}
    assert main([str(tmp_path / "bad.pdf")]) == 1
    out = capsys.readouterr().out
    assert "page 1:" in out and "'(WDP)' runs into the box" in out and "'Hartford' / 'Brooklyn'" in out


def test_the_calibration_bar_is_allowed_in_the_templates_section(tmp_path):
    c, font = _canvas(tmp_path / "ts.pdf")
    c.setFont(font, 6.5)
    for section in ("Record sheets", "Templates and gauges"):
        c.drawString(30 * MM, 100, "this bar must measure 100 mm")
        c.bookmarkPage(section)
        c.addOutlineEntry(section, section, level=0)
        c.showPage()
    c.save()
    report = lint(tmp_path / "ts.pdf")
    assert [(f.page, f.check) for f in report.findings if f.check == "stray bar"] == [(1, "stray bar")]


def test_an_unembedded_font_is_named(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "h.pdf"))
    c.setFont("Times-Roman", 10)
    c.drawString(100, 700, "standard 14")
    c.showPage()
    c.save()
    assert "Times-Roman" in unembedded_fonts(tmp_path / "h.pdf")
