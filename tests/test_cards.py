"""Stat cards (issue 24, cards24): a ship's figures in the words her record sheet prints, each with its reason, on the
ship page; two ships or one ship on two dates compared; the editor's live result holding the cards. Over HTTP with
Starlette's TestClient; the browser test at three sizes is test_web_cards24.py."""

from __future__ import annotations

import html
import re
import warnings
from urllib.parse import urlencode

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from starlette.testclient import TestClient  # noqa: E402

from conftest import pdf_page_texts  # noqa: E402
from test_web import _form_of  # noqa: E402  (the editor's form as a browser would send it)
from shipyard.web.server import create_app  # noqa: E402

RULES = ("saunders", "smoke-on-the-water", "really-simple", "quick-play")
PATH_LIKE = re.compile(r"_|\{|\w\[\d|[a-z]\.[a-z]")  # guns[0].fire_factor, speeds_in.slow, {"lost": 11}
ORIGIN = {"Origin": "http://testserver"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    ships = tmp_path_factory.mktemp("cards") / "ships"
    with TestClient(create_app(ships, allowed_hosts={"testserver"})) as c:
        yield c


def card_lines(page: str) -> list[tuple[str, str]]:
    """(label, value) of every line of the page's stat card, as a reader sees them."""
    card = page.split('class="stat-card"', 1)[1].split("</section>", 1)[0]
    out = []
    for label, dd in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", card, re.S):
        value = re.search(r'<span class="value">(.*?)</span>', dd, re.S).group(1)
        out.append((html.unescape(label), html.unescape(value)))
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("rules", RULES)
def test_the_card_shows_what_her_printed_sheet_prints(client, rules, tmp_path):
    """Main's ship page listed internal paths (`guns[0].fire_factor`, `speeds_in.slow`) and raw JSON. The card's
    head lines are the sheet's own boxes: each label and each value is on the PDF's page, as printed."""
    page = client.get("/ships/uss-hartford", params={"rules": rules})
    assert page.status_code == 200
    lines = card_lines(page.text)
    assert lines, "no stat card on the page"
    for label, value in lines:  # in the user's words: no paths, no JSON
        assert not PATH_LIKE.search(label), label
        assert not value.startswith(("{", "[")), (label, value)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(client.get("/api/vessels/uss-hartford/sheet.pdf", params={"rules": rules}).content)
    printed = flat(" ".join(pdf_page_texts(pdf)))
    head = page.text.split('class="stat-card"', 1)[1].split("</dl>", 1)[0]  # the first section: the sheet's boxes
    head_lines = [(label, value) for label, value in lines if f"<dt>{html.escape(label)}</dt>" in head]
    assert len(head_lines) >= 4
    for label, value in head_lines:
        assert flat(value.replace('"', "")) in printed.replace('"', ""), (label, value)
    words = {"saunders": ("Speed", "Astern", "Turn", "Hull"),
             "smoke-on-the-water": ("Speed ahead", "Move ahead", "Hull (HDP)", "Flotation (FP)"),
             "really-simple": ("ARMOUR", "AHEAD", "ASTERN", "RAM BOW"),
             "quick-play": ("Slow", "Cruise", "Full", "EDNA")}[rules]
    for label in words:
        assert label in dict(lines) and label in printed, label


def test_the_card_and_the_sheet_follow_the_models_scale(client, tmp_path):
    """The review: no scale choice on the ship page although the API takes scale=. At 1/600 Saunders' inches double,
    on the card as on the PDF the page links to; a scale the rule set does not play at is refused in words."""
    at = {}
    for scale in ("", "1/600"):
        page = client.get("/ships/uss-hartford", params={"rules": "saunders", "scale": scale}).text
        at[scale] = dict(card_lines(page))["Move"]
        link = html.unescape(re.search(r'id="download-pdf" download href="([^"]+)"', page).group(1))
        pdf = tmp_path / "sheet.pdf"
        pdf.write_bytes(client.get(link).content)
        assert at[scale].split(" / ")[0].replace("in", "").strip() + " in" in flat(" ".join(pdf_page_texts(pdf)))
    assert at[""] == "13½ in / astern 4½ in" and at["1/600"] == "27 in / astern 9 in"
    bad = client.get("/ships/uss-hartford", params={"rules": "saunders", "scale": "1/300"}).text
    assert "Models &#39;1/300&#39;: ACW Naval Rules v1.2 (Saunders) plays at 1/1200 or 1/600" in bad


def test_every_unit_of_a_scenario_has_a_card_in_every_rule_set_in_words(library):
    """Ships, forts, monitors' turrets, sidewheelers and rams alike (Mobile Bay's and Hampton Roads' units)."""
    from shipyard import app

    units = {su.id for name in ("mobile-bay-1864", "hampton-roads-1862")
             for side in library.scenario(name).sides for su in side.units}
    for rs in app.rulesets():
        for ident in sorted(units):
            card = app.stat_card(rs, library, library.units[ident])
            lines = [line for _, line in card.lines()]
            assert len(lines) >= 4, (rs.key, ident)
            for line in lines:
                assert not PATH_LIKE.search(line.label) and not line.value.startswith(("{", "[")), (rs.key, ident, line)
            assert any(line.why for line in lines), (rs.key, ident)


def test_each_value_opens_its_reason_and_the_reason_words_are_explained(client):
    """Every value with a derivation behind it is a <details> (works without script) holding the reasons; the
    provenance words in the reasons ('reconstructed') are said in plain words under the card."""
    page = client.get("/ships/uss-hartford", params={"rules": "saunders"}).text
    hull = re.search(r"<dt>Hull</dt><dd><details><summary><span class=\"value\">22</span>.*?</summary>\s*"
                     r"<ul class=\"reason\">(.*?)</ul>", page, re.S)
    assert hull, "Hull 22 does not open its reason"
    assert "length 225 ft + beam 44 ft = 269 ft" in html.unescape(hull.group(1))
    reasons = " ".join(re.findall(r'<ul class="reason">(.*?)</ul>', page, re.S))
    assert "gun strength" in reasons and "_" not in reasons  # a table's key in words: no gun_strength
    assert "<strong>reconstructed</strong>: shipyard&#39;s reading where the rulebook&#39;s table is lost" in page
    assert 'class="does"' in page  # what each value does in play


def test_the_page_is_short_cards_then_sheet_then_history_and_a_tab_for_each_rule_set(client):
    page = client.get("/ships/uss-monitor", params={"rules": "really-simple"}).text
    assert page.index('class="stat-card"') < page.index('id="sheet-preview"') < page.index('id="history"')
    tabs = re.findall(r'<a class="rules-tab" data-rules="([^"]+)" href="([^"]+)"([^>]*)>', page)
    assert [t[0] for t in tabs] == ["quick-play", "really-simple", "saunders", "smoke-on-the-water"]
    assert [t[0] for t in tabs if "aria-current" in t[2]] == ["really-simple"]  # the chosen one said, not coloured
    alias = client.get("/ships/uss-monitor", params={"rules": "sotw"}).text  # a rule set named by its alias
    assert re.search(r'data-rules="smoke-on-the-water" href="[^"]+" aria-current="page"', alias)
    # every page of the sheet for the chosen rule set, each captioned
    assert 'data-pages="2"' in page and "Page 2 of 2" in page
    # the PDF downloads (not opened in a tab) and the rule set's other aids are a click away
    assert re.search(r'id="download-pdf" download href="/api/vessels/uss-monitor/sheet.pdf\?rules=really-simple', page)
    assert 'id="templates-pdf"' in page and 'id="counters-pdf"' in page and 'href="/scenarios/hampton-roads-1862#print"' in page
    assert 'id="rules-page" href="/rules/really-simple"' in page
    assert client.get("/rules/really-simple").status_code == 200  # the rule set's page: its reference among its aids
    assert re.search(r'<a class="src" href="https?://', page)  # sources are links


def test_an_unknown_rule_set_is_said_where_the_card_would_be(client):
    page = client.get("/ships/uss-monitor", params={"rules": "no-such-rules"})
    said = re.search(r'<h2 id="card">Her figures</h2>\s*<p class="errors" id="card-error">(.*?)</p>', page.text)
    assert page.status_code == 200 and said and "no rule set &#39;no-such-rules&#39;" in said.group(1)
    assert 'class="stat-card"' not in page.text and "no-such-rules: her figures" not in page.text


def test_a_ship_as_of_a_date_shows_her_refit_on_the_card_and_the_sheet(client):
    """The review: refits exist (Galena lost her armour by 1864) but the ship page could not show their effect."""
    before = dict(card_lines(client.get("/ships/uss-galena", params={"rules": "really-simple", "as_of": "1862-05-15"}).text))
    after_page = client.get("/ships/uss-galena", params={"rules": "really-simple", "as_of": "1864-08-05"}).text
    after = dict(card_lines(after_page))
    assert before["ARMOUR"] != after["ARMOUR"]
    assert "as she stood on 1864-08-05" in after_page and "as_of=1864-08-05" in after_page.split('id="download-pdf"')[1][:200]
    pdf = client.get("/api/vessels/uss-galena/sheet.pdf", params={"rules": "really-simple", "as_of": "1862-05-15"})
    assert pdf.status_code == 200 and pdf.content[:5] == b"%PDF-"
    bad = client.get("/ships/uss-galena", params={"as_of": "May 1862"})
    said = re.search(r'id="as-of-error">(.*?)</p>', bad.text).group(1)
    assert bad.status_code == 200 and "As of &#39;May 1862&#39;: expected a date" in said and "--as-of" not in said


def compare_rows(page: str) -> list[tuple[str, bool, list[str]]]:
    """(label, marked as differing, [value a, value b]) of each row of the compare table."""
    rows = []
    for cls, label, cells in re.findall(r'<tr class="(differs|same)"><th scope="row">(.*?)</th>(.*?)</tr>', page, re.S):
        values = [html.unescape(re.sub(r"<[^>]+>", "", c.split("</summary>")[0])).strip()
                  for c in re.findall(r"<td>(.*?)</td>", cells, re.S)]
        rows.append((html.unescape(re.sub(r"\s*<span.*", "", label)), cls == "differs" and "≠ differs" in label, values))
    return rows


def test_compare_two_ships_marks_what_differs_in_words(client):
    page = client.get("/compare", params={"a": "uss-hartford", "b": "uss-brooklyn", "rules": "saunders"})
    assert page.status_code == 200
    rows = compare_rows(page.text)
    by_label = {label: (marked, values) for label, marked, values in rows}
    assert by_label["Turn"][1] == ["45°", "45°"] and not by_label["Turn"][0]  # the same: not marked
    for label, marked, values in rows:
        assert marked == (values[0] != values[1]), (label, values)  # marked exactly where they differ, with ≠
    assert any(marked for _, marked, _ in rows)
    differing = sum(marked for _, marked, _ in rows)
    assert f"<strong>{differing}</strong> line" in page.text


def test_compare_one_ship_on_two_dates_shows_her_refit(client):
    """Hartford's 1864 battery (two 100-pdr Parrotts, 18 IX-inch) against her 1862 one, under Saunders."""
    page = client.get("/compare", params={"a": "hartford", "as_of_a": "1862-06-01", "b": "hartford",
                                          "as_of_b": "1864-08-05", "rules": "saunders"}).text
    rows = compare_rows(page)
    dahlgren = [values for label, marked, values in rows if label == "9-inch Dahlgren smoothbore"]
    assert dahlgren and dahlgren[0][0].startswith("10 ×") and dahlgren[0][1].startswith("9 ×")
    parrott = [values for label, marked, values in rows if label == "100-pounder Parrott rifle"]
    assert parrott and parrott[0][0] == "— not on her card" and parrott[0][1].startswith("1 ×")
    assert "USS Hartford</a> as of 1862-06-01" in page and "USS Hartford</a> as of 1864-08-05" in page


def test_compare_is_reached_from_the_ship_page_and_refuses_in_words(client):
    ship = client.get("/ships/uss-hartford", params={"rules": "sotw"}).text
    assert 'id="compare-link" href="/compare?a=uss-hartford&amp;rules=sotw"' in ship
    first = client.get("/compare", params={"a": "uss-hartford", "rules": "sotw"})  # where the link lands
    assert first.status_code == 200 and 'value="uss-hartford"' in first.text and 'class="errors"' not in first.text
    assert re.search(r'<input name="b"[^>]* autofocus>', first.text)  # the second ship's box, ready to type in
    nope = client.get("/compare", params={"a": "uss-hartford", "b": "no-such-ship"})
    assert nope.status_code == 400 and "no-such-ship" in nope.text and "Traceback" not in nope.text


def test_the_editor_result_holds_the_cards_and_follows_a_change(client):
    """The live result showed internal paths and dumped every number; it now holds the chosen rule set's card first
    and its sheet pages, then the other rule sets' cards, each change re-derived."""
    form = dict(_form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update(id="uss-card-test", name="USS Card Test", _rules="really-simple")
    def ahead(speed: str) -> str:
        form["speed_kn"] = speed
        r = client.post("/editor/check", content=urlencode(form), headers={**FORM, **ORIGIN, "HX-Request": "true"})
        assert r.status_code == 200 and 'id="check-ok"' in r.text, r.text[:2000]
        chosen = r.text.split('id="chosen-card"', 1)[1]
        assert chosen.index('class="stat-card"') < r.text.split('id="chosen-card"', 1)[1].index('id="editor-preview"')
        assert r.text.count('class="stat-card"') == 4
        return dict(card_lines(chosen))["AHEAD"]

    assert ahead("9.5") == "9½ kn"
    assert ahead("11") == "11 kn"


def test_the_editor_opens_with_her_cards_and_sheet_beside_the_form(client):
    """The review: the right panel was empty until you typed ('Change a field to see the statistics'), even when
    editing an existing valid ship."""
    page = client.get("/ships/uss-monitor/edit").text
    result = page.split('<aside id="result"', 1)[1]
    assert 'id="check-ok"' in result and 'id="editor-preview"' in result and "USS Monitor" in result
    assert result.count('class="stat-card"') == 4


def test_the_editor_check_without_script_shows_the_sheet_too(client):
    """The review, without JavaScript: Check worked but 'the editor shows no record-sheet preview in this mode'."""
    form = dict(_form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update(id="uss-no-script", name="USS No Script", speed_kn="10", _rules="quick-play")
    r = client.post("/editor/check", content=urlencode(form), headers={**FORM, **ORIGIN})  # a plain form post
    assert r.status_code == 200 and "<html" in r.text
    result = r.text.split('<aside id="result"', 1)[1]
    assert 'id="editor-preview"' in result and "USS No Script" in result.split('id="editor-preview"', 1)[1]
    assert 'id="chosen-card" data-rules="quick-play"' in result  # the rule set she asked to preview in, first


def test_the_command_line_compares_one_ship_on_two_dates_as_the_page_does(client):
    """`shipyard compare` (the real console script) prints the same pairing as /compare: app.compare for both; its
    table and refusals through cli.main() in this process."""
    import json

    from conftest import in_process, run_cli

    run = run_cli("compare", "hartford", "hartford", "--rules", "saunders", "--as-of", "1862-06-01",
                  "--as-of", "1864-08-05", "--json")
    assert run.code == 0, run.err
    got = json.loads(run.out)
    page = client.get("/compare", params={"a": "hartford", "as_of_a": "1862-06-01", "b": "hartford",
                                          "as_of_b": "1864-08-05", "rules": "saunders"}).text
    assert [(r["label"], r["differs"]) for r in got["rows"]] == [(label, marked) for label, marked, _ in compare_rows(page)]
    assert got["differences"] == 8 and got["a"]["as_of"] == "1862-06-01" and got["b"]["as_of"] == "1864-08-05"
    table = in_process("compare", "hartford", "brooklyn", "-r", "qp")
    assert table.code == 0 and "≠" in table.out and "1 line differs, marked ≠" in table.out
    for args, words in ((("hartford", "nope", "-r", "qp"), "no vessel or fort named 'nope'"),
                        (("hartford", "hartford", "-r", "qp", "--as-of", "1", "--as-of", "2", "--as-of", "3"),
                         "--as-of: give at most two dates, one for each ship (got 3)")):
        bad = in_process("compare", *args)
        assert bad.code != 0 and words in bad.err and "Traceback" not in bad.err, bad.err
