"""`shipyard serve` over HTTP: every route, every guard, the API's shapes. The browser tests are in test_web_browser.py."""

from __future__ import annotations

import functools
import json
import re
import warnings
from pathlib import Path
from urllib.parse import urlencode

import pytest
import yaml

warnings.filterwarnings("ignore", category=DeprecationWarning)
from starlette.testclient import TestClient  # noqa: E402

from shipyard.web.server import MAX_BODY, create_app  # noqa: E402

ORIGIN = {"Origin": "http://testserver"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
METACOMET = Path(__file__).resolve().parents[1] / "vessels" / "usn" / "uss-metacomet.yaml"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    ships = tmp_path_factory.mktemp("web") / "ships"
    app = create_app(ships, allowed_hosts={"testserver", "127.0.0.1", "localhost"})
    with TestClient(app) as c:
        c.ships = ships
        yield c


@functools.cache  # a text, asked for by some 25 tests: PyYAML's pure-Python load and dump each time were ~15 ms
def _mattabesett() -> str:
    data = yaml.safe_load(METACOMET.read_text())
    data.update(id="uss-mattabesett", name="USS Mattabesett", speed_kn=9.5, refits=[])
    for key in ("builder", "launched", "commissioned", "fate"):
        data.pop(key, None)
    return yaml.safe_dump(data, sort_keys=False)


# -- pages --------------------------------------------------------------------------------------------


def test_library_page_lists_ships_and_filters_them(client):
    r = client.get("/")
    assert r.status_code == 200 and "USS Monitor" in r.text and "CSS Virginia" in r.text
    r = client.get("/", params={"q": "monitor", "navy": "USN"}, headers={"HX-Request": "true"})
    assert "USS Monitor" in r.text and "CSS Virginia" not in r.text and "<html" not in r.text  # a fragment for htmx
    r = client.get("/", params={"navy": "CSN"})
    assert "CSS Tennessee" in r.text and "USS Hartford" not in r.text


def test_ship_page_shows_four_rule_sets_with_reasons_and_the_sheet_preview(client):
    r = client.get("/ships/uss-monitor")
    assert r.status_code == 200
    assert r.text.count('class="rules-tab"') == 4 and r.text.count('class="stat-card"') == 1  # a tab a rule set
    assert "<details><summary>" in r.text and 'class="reason"' in r.text  # click a number, read its reason (no JS)
    assert "/api/vessels/uss-monitor/sheet.pdf" in r.text
    # her sheet as it prints, every page, drawn as SVG in the page (no image to rasterise)
    assert re.search(r'id="sheet-preview" data-pages="1">\s*<figure class="sheet-page-frame"><figcaption>Page 1 of 1'
                     r'</figcaption><div class="sheet-page"><svg ', r.text)
    assert r.text.count('<svg xmlns="http://www.w3.org/2000/svg" class="shipyard-page"') == 1
    r = client.get("/ships/uss-monitor", params={"rules": "really-simple"})  # a card front and its back
    assert 'data-pages="2"' in r.text and 'data-page="2"' in r.text
    r = client.get("/ships/uss-monitor", params={"rules": "no-such-rules"})
    assert r.status_code == 200 and 'id="sheet-error"' in r.text and "no-such-rules" in r.text


def test_unknown_pages_are_404_in_words(client):
    r = client.get("/ships/no-such-ship")
    assert r.status_code == 404 and "no ship or fort" in r.text
    assert client.get("/api/vessels/no-such-ship/stats", params={"rules": "sotw"}).status_code == 404


def test_editor_renders_a_form_from_the_schema(client):
    r = client.get("/ships/uss-metacomet/edit")
    assert r.status_code == 200
    for name in ("length_ft", "beam_ft", "speed_kn", "propulsion.kind", "armament.0.gun", "armament.0.count",
                 "armament.0.mounting", "armour", "refits", "sources.0.url"):
        assert f'name="{name}' in r.text, name
    assert '<datalist id="guns">' in r.text and 'value="dahlgren-9in"' in r.text
    r = client.get("/new", params={"like": "uss-metacomet"})
    assert r.status_code == 200 and 'name="id" id="f-id" value=""' in r.text


def _form_of(page: str) -> list[tuple[str, str]]:
    import html

    out = [(n, html.unescape(v)) for n, v in re.findall(r'<input name="([^"]+)" id="[^"]*" value="([^"]*)"', page)]
    out += [(n, html.unescape(v)) for n, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)]
    for n, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        m = re.search(r'<option value="([^"]*)" selected', body)
        out.append((n, html.unescape(m.group(1)) if m else ""))
    out += [(n, html.unescape(b)) for n, b in re.findall(r'<textarea name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S)]
    return out


def test_editor_check_rederives_and_puts_errors_at_their_field(client):
    form = dict(_form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update(id="uss-mattabesett", name="USS Mattabesett", speed_kn="9.5", _rules="saunders")
    r = client.post("/editor/check", content=urlencode(form), headers={**FORM, **ORIGIN, "HX-Request": "true"})
    assert r.status_code == 200 and 'id="check-ok"' in r.text
    assert re.search(r'id="editor-preview" data-pages="1">\s*<div class="sheet-page"><svg ', r.text)
    assert "USS Mattabesett" in r.text.split('id="editor-preview"')[1]  # the unsaved ship's own sheet
    assert r.text.count('class="ruleset"') == 4
    form["speed_kn"] = "fast"
    r = client.post("/editor/check", content=urlencode(form), headers={**FORM, **ORIGIN, "HX-Request": "true"})
    slot = re.search(r'id="err-speed_kn">([^<]*)<', r.text)
    assert slot and "number" in slot.group(1)
    assert re.search(r'id="err-beam_ft"></span>', r.text)  # other slots are cleared


def test_editor_save_writes_into_the_user_library_and_the_ship_appears(client):
    form = dict(_form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update(id="uss-chicopee", name="USS Chicopee")  # a sister the bundled library does not have
    r = client.post("/editor/save", content=urlencode(form), headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/ships/uss-chicopee?saved=1"
    saved = client.ships / "uss-chicopee.yaml"
    assert yaml.safe_load(saved.read_text())["name"] == "USS Chicopee"
    page = client.get("/ships/uss-chicopee?saved=1").text
    assert "Saved into your library" in page and "yours" in page
    assert any(v["id"] == "uss-chicopee" and v["user"] for v in client.get("/api/vessels").json())


def test_the_pack_form_asks_for_turns_and_passes_them_on(client, monkeypatch):
    from shipyard.library.model import MAX_TURNS
    from shipyard.web.service import Workshop

    page = client.get("/scenarios/mobile-bay-1864").text
    turns_input = re.search(r'<input type="number" name="turns"[^>]*>', page)
    assert turns_input and 'min="1"' in turns_input.group(0) and f'max="{MAX_TURNS}"' in turns_input.group(0)
    from shipyard.rules.play_aids import DEFAULT_TURNS
    from shipyard.library.library import Library

    own = Library.load().scenarios["mobile-bay-1864"].turns  # blank means the scenario's, else 12: the form says which
    assert f'placeholder="{own or DEFAULT_TURNS}"' in turns_input.group(0)

    seen = []
    real = Workshop.start_pack

    def spy(self, ident, rules, options):
        seen.append(dict(options))
        return real(self, ident, rules, options)

    monkeypatch.setattr(Workshop, "start_pack", spy)
    post = [("rules", "quick-play"), ("paper", "a4")]
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(post + [("turns", "30")]),
                    headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303 and seen[-1]["turns"] == 30
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(post + [("turns", "")]),
                    headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303 and "turns" not in seen[-1]  # blank: the scenario's own length
    for bad in ("0", "abc", str(MAX_TURNS + 1), "2.5"):
        r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(post + [("turns", bad)]),
                        headers={**FORM, **ORIGIN}, follow_redirects=False)
        assert r.status_code == 422 and "Turns" in r.text and f"1 to {MAX_TURNS}" in r.text, bad
    assert len(seen) == 2  # a bad number starts no build


def test_scenario_pages_save_a_scenario_and_build_a_pack(client):
    assert "Mobile Bay" in client.get("/scenarios").text
    assert "Build the game pack" in client.get("/scenarios/mobile-bay-1864").text
    form = [("id", "my-skirmish"), ("name", "A skirmish"), ("date", "1864-08-05"), ("place", "Mobile Bay"),
            ("side1_name", "Union"), ("side1_navy", "USN"), ("side1_units", "uss-metacomet"),
            ("side2_name", "Confederate"), ("side2_navy", "CSN"), ("side2_units", "css-selma")]
    r = client.post("/scenarios/new", content=urlencode(form), headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert (client.ships / "scenarios" / "my-skirmish.yaml").is_file()
    r = client.post("/scenarios/my-skirmish/pack", content=urlencode([("rules", "quick-play"), ("paper", "a4")]),
                    headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303
    job = r.headers["location"]
    from conftest import finished_pack

    status = finished_pack(client, job, 200)
    z = client.get(job + "/download")
    assert z.status_code == 200 and z.headers["content-type"] == "application/zip"
    import io
    import zipfile

    names = zipfile.ZipFile(io.BytesIO(z.content)).namelist()
    assert names == ["my-skirmish-quick-play.pdf"]
    import datetime  # dated when its PDF was written (the review: it unzipped as 1 January 1980)

    written = zipfile.ZipFile(io.BytesIO(z.content)).infolist()[0].date_time
    assert datetime.datetime(*written) > datetime.datetime.now() - datetime.timedelta(hours=1)


def test_a_bad_scenario_is_shown_in_words_and_nothing_written(client):
    r = client.post("/scenarios/new", content=urlencode([("id", "bad-one"), ("name", "x"), ("date", "1864-13-45"),
                                                         ("place", "p")]), headers={**FORM, **ORIGIN})
    assert r.status_code == 422 and "To mend" in r.text
    assert not (client.ships / "scenarios" / "bad-one.yaml").exists()


# -- the API ---------------------------------------------------------------------------------------------


def test_api_vessels_shape(client):
    data = client.get("/api/vessels").json()
    monitor = next(v for v in data if v["id"] == "uss-monitor")
    assert {"id", "name", "navy", "type"} <= set(monitor)
    assert monitor["navy"] == "USN" and monitor["type"]


def test_api_stats_is_the_clis_json(client):
    from typer.testing import CliRunner

    from shipyard.cli import app

    cli = CliRunner().invoke(app, ["stats", "uss-monitor", "--rules", "saunders", "--json"])
    assert cli.exit_code == 0
    api = client.get("/api/vessels/uss-monitor/stats", params={"rules": "saunders"}).json()
    assert api == json.loads(cli.stdout)


def test_api_check_shape_good_and_bad(client):
    r = client.post("/api/check", content=_mattabesett(), headers=ORIGIN)
    body = r.json()
    assert body["ok"] is True and body["errors"] == []
    assert set(body["stats"]) == {"sotw", "saunders", "really-simple", "quick-play"}
    assert body["stats"]["saunders"]["id"] == "uss-mattabesett"
    bad = _mattabesett().replace("speed_kn: 9.5", "speed_kn: fast")
    body = client.post("/api/check", content=bad, headers=ORIGIN).json()
    assert body["ok"] is False and body["stats"] == {}
    err = next(e for e in body["errors"] if e["field"] == "speed_kn")
    assert err["line"] == bad.splitlines().index("speed_kn: fast") + 1 and "number" in err["message"]


def test_api_sheet_pdf_and_png(client):
    pdf = client.get("/api/vessels/uss-monitor/sheet.pdf", params={"rules": "saunders", "paper": "letter"})
    assert pdf.status_code == 200 and pdf.content[:5] == b"%PDF-"
    png = client.get("/api/vessels/uss-monitor/sheet.png", params={"rules": "sotw", "page": 1})
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get("/api/vessels/uss-monitor/sheet.png", params={"rules": "sotw", "page": 9}).status_code == 400
    assert client.get("/api/vessels/uss-monitor/sheet.pdf", params={"rules": "sotw", "paper": "a3"}).status_code == 400
    assert client.get("/api/vessels/uss-monitor/sheet.pdf").status_code == 400  # which rule set?


def test_api_sheet_svg_serves_each_page_beside_the_pdf(client):
    import xml.etree.ElementTree as ET

    for page in (1, 2):  # Really Simple's card: front and back
        r = client.get("/api/vessels/uss-monitor/sheet.svg", params={"rules": "really-simple", "page": page})
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(r.text)
        assert root.get("data-page") == str(page) and root.get("viewBox") == "0 0 210 297"
    letter = client.get("/api/vessels/uss-monitor/sheet.svg", params={"rules": "saunders", "paper": "letter"})
    assert ET.fromstring(letter.text).get("viewBox") == "0 0 215.9 279.4" and "USS Monitor" in letter.text
    assert '@font-face{font-family:"shipyard sans";src:url("/fonts/DejaVuSans.ttf")' in letter.text
    font = client.get("/fonts/DejaVuSans.ttf")  # the face the SVG is set in, as the PDF embeds it
    assert font.status_code == 200 and font.content[:4] == b"\x00\x01\x00\x00"
    r = client.get("/api/vessels/uss-monitor/sheet.svg", params={"rules": "saunders", "page": 2})
    assert r.status_code == 400 and r.json()["error"] == "page 2: the sheet has 1 page"
    assert client.get("/api/vessels/uss-monitor/sheet.svg", params={"rules": "sotw", "page": "one"}).status_code == 400
    assert client.get("/api/vessels/uss-monitor/sheet.svg").status_code == 400  # which rule set?
    assert client.get("/api/vessels/no-such-ship/sheet.svg", params={"rules": "sotw"}).status_code == 404


def test_api_put_saves_and_refuses_a_mismatched_or_bad_file(client):
    r = client.put("/api/library/uss-mattabesett?replace=1", content=_mattabesett(), headers=ORIGIN)  # the bundled
    assert r.status_code in (200, 201) and r.json()["ok"] is True  # one's place, as ?replace=1 says
    assert "name: USS Mattabesett" in (client.ships / "uss-mattabesett.yaml").read_text()
    r = client.put("/api/library/uss-other", content=_mattabesett(), headers=ORIGIN)
    assert r.status_code == 422 and not (client.ships / "uss-other.yaml").exists()


def test_the_server_reloads_a_user_file_changed_on_disk(client):
    client.put("/api/library/uss-mattabesett?replace=1", content=_mattabesett(), headers=ORIGIN)
    before = client.get("/api/vessels/uss-mattabesett/stats", params={"rules": "saunders"}).json()
    path = client.ships / "uss-mattabesett.yaml"
    text = path.read_text().replace("speed_kn: 9.5", "speed_kn: 11.5")
    assert text != path.read_text()
    path.write_text(text)
    import os
    import time

    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    after = client.get("/api/vessels/uss-mattabesett/stats", params={"rules": "saunders"}).json()
    assert after != before  # reloaded without a restart: her speed changed the stats
    assert "speed_kn: 11.5" in client.get("/ships/uss-mattabesett").text


def test_the_server_sees_an_edit_of_the_same_size_whose_modified_time_was_set_back(client):
    """A size and a modified time are not a file's contents: an editor or a sync tool that keeps the modified time
    (or an edit within one tick of the clock) left the old library served."""
    import os

    client.put("/api/library/uss-mattabesett?replace=1", content=_mattabesett(), headers=ORIGIN)
    before = client.get("/api/vessels/uss-mattabesett/stats", params={"rules": "saunders"}).json()
    path = client.ships / "uss-mattabesett.yaml"
    st = path.stat()
    text = path.read_text().replace("speed_kn: 9.5", "speed_kn: 7.5")
    assert text != path.read_text() and len(text) == st.st_size
    path.write_text(text)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # the same size and modified time as before the edit
    after = client.get("/api/vessels/uss-mattabesett/stats", params={"rules": "saunders"}).json()
    assert after != before


# -- guards ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("method,url", [("post", "/api/check"), ("put", "/api/library/uss-mattabesett"),
                                        ("post", "/editor/save"), ("post", "/scenarios/new"),
                                        ("post", "/scenarios/mobile-bay-1864/pack")])
def test_a_write_from_a_foreign_origin_is_403(client, method, url):
    r = client.request(method, url, content=_mattabesett(), headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    r = client.request(method, url, content=_mattabesett(), headers={"Origin": "null"})
    assert r.status_code == 403


@pytest.mark.parametrize("ident", ["../evil", "..%2Fevil", "a/b", "UPPER", "x" * 81, "with space", "dot.yaml"])
def test_ids_with_path_characters_are_refused_and_nothing_written(client, ident, tmp_path):
    before = sorted(p.name for p in client.ships.rglob("*"))
    r = client.put(f"/api/library/{ident}", content=_mattabesett(), headers=ORIGIN)
    assert r.status_code in (400, 404)
    assert sorted(p.name for p in client.ships.rglob("*")) == before
    assert not (client.ships.parent / "evil.yaml").exists()


def test_bodies_over_the_limit_are_413(client):
    big = "notes: " + "x" * (MAX_BODY + 10)
    r = client.post("/api/check", content=big, headers=ORIGIN)
    assert r.status_code == 413


def test_names_are_escaped_in_every_page(client):
    text = _mattabesett().replace("name: USS Mattabesett", "name: <script>alert(1)</script>")
    text = text.replace("id: uss-mattabesett", "id: uss-scripted")
    assert client.put("/api/library/uss-scripted", content=text, headers=ORIGIN).status_code == 201
    for url in ("/", "/ships/uss-scripted", "/ships/uss-scripted/edit"):
        page = client.get(url).text
        assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page, url


@pytest.mark.parametrize("url", ["/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                                 "/static//etc/passwd", "/static/../../../../etc/passwd"])
def test_static_never_serves_outside_its_folder(client, url):
    r = client.get(url)
    assert r.status_code == 404 and "def create_app" not in r.text and "root:" not in r.text


def test_a_foreign_host_header_is_refused(client):
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 403


# -- saves that never lose what you have (issue 20) ------------------------------------------------------------


def _like_ship(folder: Path, name: str) -> Path:
    """A sister-ship file as `shipyard new vessel NAME --like uss-metacomet` writes it, with notes of one's own."""
    from shipyard import app as shipyard_app
    from shipyard.library.library import Library

    path = shipyard_app.new_vessel(Library.load(), name, like="uss-metacomet", folder=folder)
    text = path.read_text().replace("like: uss-metacomet\n", "like: uss-metacomet\ncrew: 100   # from the muster roll\n"
                                                              "# My notes: figures from DANFS, not yet checked\n")
    path.write_text(text + "# and a last word at the end\n")
    return path


def _save_form(client, form, **extra):
    return client.post("/editor/save", content=urlencode([*form.items(), *extra.items()]), headers={**FORM, **ORIGIN},
                       follow_redirects=False)


def test_an_editor_save_keeps_every_comment_and_like_and_writes_only_what_changed(client):
    path = _like_ship(client.ships, "USS Like Test")
    before = path.read_text()
    page = client.get("/ships/uss-like-test/edit").text
    form = dict(_form_of(page))
    assert form["speed_kn"] == "12.5" and form["navy"] == "USN" and form["armament.2.gun"] == "dahlgren-9in"
    assert 'id="inherited-speed_kn">from USS Metacomet' in page and 'id="inherited-crew"' not in page
    assert "to mend" not in page

    form["crew"] = "130"
    r = _save_form(client, form)
    assert r.status_code == 303, r.text
    after = path.read_text()
    changed = [(a, b) for a, b in zip(before.splitlines(True), after.splitlines(True)) if a != b]
    assert changed == [("crew: 100   # from the muster roll\n", "crew: 130   # from the muster roll\n")]
    assert len(after.splitlines()) == len(before.splitlines())  # every other line byte for byte: like:, comments

    form = dict(_form_of(client.get("/ships/uss-like-test/edit").text))
    form["speed_kn"] = "13"  # a figure of her sister's, changed: now her own line; the others stay her sister's
    assert _save_form(client, form).status_code == 303
    added = path.read_text()
    assert added == after + "speed_kn: 13.0\n"
    unit = client.get("/api/vessels/uss-like-test/stats", params={"rules": "saunders"})
    assert unit.status_code == 200 and client.app.app.state.shop.library.units["uss-like-test"].length_ft == 205


def test_api_library_get_gives_an_etag_and_a_put_must_name_the_version_it_replaces(client):
    text = _mattabesett().replace("uss-mattabesett", "uss-tioga-test").replace("USS Mattabesett", "USS Tioga")
    assert client.get("/api/library/uss-tioga-test").status_code == 404  # no file of yours yet
    r = client.put("/api/library/uss-tioga-test", content=text, headers=ORIGIN)
    assert r.status_code == 201 and r.headers["etag"]
    path = client.ships / "uss-tioga-test.yaml"
    got = client.get("/api/library/uss-tioga-test")
    assert got.status_code == 200 and got.content == path.read_bytes() and got.headers["etag"] == r.headers["etag"]
    first = got.headers["etag"]

    r = client.put("/api/library/uss-tioga-test", content=text.replace("speed_kn: 9.5", "speed_kn: 10.5"),
                   headers={**ORIGIN, "If-Match": first})
    assert r.status_code == 200 and r.headers["etag"] != first
    now = path.read_bytes()
    assert b"speed_kn: 10.5" in now and client.get("/api/library/uss-tioga-test").headers["etag"] == r.headers["etag"]

    weak = client.put("/api/library/uss-tioga-test", content=text, headers={**ORIGIN, "If-Match": "W/" + r.headers["etag"]})
    assert weak.status_code == 412 and path.read_bytes() == now  # If-Match compares strongly: a weak tag never matches
    stale = client.put("/api/library/uss-tioga-test", content=text, headers={**ORIGIN, "If-Match": first})
    assert stale.status_code == 412 and stale.json()["reason"] == "changed"
    assert stale.headers["etag"] == r.headers["etag"] and path.read_bytes() == now  # nothing written

    blind = client.put("/api/library/uss-tioga-test", content=text, headers=ORIGIN)
    assert blind.status_code == 409 and blind.json()["reason"] == "exists" and path.read_bytes() == now
    assert client.put("/api/library/uss-tioga-test?replace=1", content=text, headers=ORIGIN).status_code == 200
    assert b"speed_kn: 9.5" in path.read_bytes()
    gone = client.put("/api/library/uss-no-file", content=text.replace("uss-tioga-test", "uss-no-file"),
                      headers={**ORIGIN, "If-Match": first})
    assert gone.status_code == 412 and not (client.ships / "uss-no-file.yaml").exists()


def test_a_put_that_would_take_a_bundled_ships_place_is_409_unless_replace(client):
    text = (METACOMET.parent / "uss-hartford.yaml").read_text().replace("speed_kn:", "speed_kn: 9  #", 1)
    r = client.put("/api/library/uss-hartford", content=text, headers=ORIGIN)
    assert r.status_code == 409 and r.json()["reason"] == "bundled" and "bundled USS Hartford" in r.json()["error"]
    assert "Mobile Bay" in r.json()["error"] and not (client.ships / "uss-hartford.yaml").exists()
    r = client.put("/api/library/uss-hartford?replace=1", content=text, headers=ORIGIN)
    assert r.status_code == 201 and (client.ships / "uss-hartford.yaml").is_file()
    (client.ships / "uss-hartford.yaml").unlink()


def test_two_editor_tabs_the_stale_save_is_refused_with_both_versions_and_a_way_to_keep_yours(client):
    text = _mattabesett().replace("uss-mattabesett", "race-ship").replace("USS Mattabesett", "USS Race")
    assert client.put("/api/library/race-ship", content=text, headers=ORIGIN).status_code == 201
    path = client.ships / "race-ship.yaml"
    tab1 = dict(_form_of(client.get("/ships/race-ship/edit").text))
    tab2 = dict(tab1)
    tab1["speed_kn"] = "11.5"
    assert _save_form(client, tab1).status_code == 303
    saved = path.read_text()
    tab2["name"] = "USS Race Renamed"
    r = _save_form(client, tab2)
    assert r.status_code == 412 and path.read_text() == saved  # the first save stands
    theirs = re.search(r'<pre class="yaml" id="theirs">(.*?)</pre>', r.text, re.S).group(1)
    yours = re.search(r'<pre class="yaml" id="yours">(.*?)</pre>', r.text, re.S).group(1)
    assert "speed_kn: 11.5" in theirs and "USS Race Renamed" in yours and "speed_kn: 9.5" in yours
    over = re.search(r'id="keep-mine" name="_over" value="([^"]*)"', r.text).group(1)
    hx = client.post("/editor/save", content=urlencode(tab2), headers={**FORM, **ORIGIN, "HX-Request": "true"})
    assert hx.status_code == 200 and 'id="save-question" hx-swap-oob="true"' in hx.text and "theirs" in hx.text
    assert _save_form(client, tab2, _over=over).status_code == 303  # keep mine: over theirs, knowingly
    assert "name: USS Race Renamed" in path.read_text() and "speed_kn: 9.5" in path.read_text()


def test_new_with_an_id_you_already_have_asks_before_it_replaces_her(client):
    text = _mattabesett().replace("uss-mattabesett", "my-own-ship").replace("USS Mattabesett", "USS Mine")
    assert client.put("/api/library/my-own-ship", content=text, headers=ORIGIN).status_code == 201
    path = client.ships / "my-own-ship.yaml"
    mine = path.read_bytes()
    form = dict(_form_of(client.get("/new", params={"like": "uss-hartford"}).text))
    form.update(id="my-own-ship", name="USS Other")
    r = _save_form(client, form)
    assert r.status_code == 409 and 'id="replace"' in r.text and "is in your library already" in r.text
    assert path.read_bytes() == mine
    assert _save_form(client, form, _replace="1").status_code == 303
    assert "name: USS Other" in path.read_text()


def test_saving_a_bundled_ship_from_the_editor_asks_first(client):
    page = client.get("/ships/uss-galena/edit").text
    assert 'id="bundled-note"' in page
    form = dict(_form_of(page))
    form["crew"] = "160"
    r = _save_form(client, form)
    assert r.status_code == 409 and 'id="confirm-copy"' in r.text and "your own copy of the bundled USS Galena" in r.text
    assert not (client.ships / "uss-galena.yaml").exists()
    assert _save_form(client, form, _replace="1").status_code == 303
    copy, bundled = (client.ships / "uss-galena.yaml").read_text(), (METACOMET.parent / "uss-galena.yaml").read_text()
    assert [line for line in copy.splitlines() if line.startswith("#")] == \
        [line for line in bundled.splitlines() if line.startswith("#")]  # her file's own comments come along
    (client.ships / "uss-galena.yaml").unlink()


def test_a_scenario_save_asks_before_it_replaces_yours_and_never_takes_a_bundled_id(client):
    form = [("id", "my-duel"), ("name", "A duel"), ("date", "1864-08-05"), ("place", "Mobile Bay"),
            ("side1_units", "uss-metacomet"), ("side2_units", "css-selma")]
    post = lambda f: client.post("/scenarios/new", content=urlencode(f), headers={**FORM, **ORIGIN},  # noqa: E731
                                 follow_redirects=False)
    assert post(form).status_code == 303
    path = client.ships / "scenarios" / "my-duel.yaml"
    first = path.read_bytes()
    again = [(k, "Another duel" if k == "name" else v) for k, v in form]
    r = post(again)
    assert r.status_code == 409 and 'id="replace-scenario"' in r.text and path.read_bytes() == first
    assert post(again + [("_replace", "1")]).status_code == 303 and b"Another duel" in path.read_bytes()
    r = post([("id", "mobile-bay-1864"), *form[1:]])
    assert r.status_code == 409 and "choose another id" in r.text
    assert not (client.ships / "scenarios" / "mobile-bay-1864.yaml").exists()


def test_a_sister_changed_while_the_editor_is_open_does_not_make_her_old_figures_this_ships_own(client):
    path = _like_ship(client.ships, "USS Like Later")
    form = dict(_form_of(client.get("/ships/uss-like-later/edit").text))
    assert form["speed_kn"] == "12.5" and form["_sister"]
    sister = (METACOMET.read_text().replace("speed_kn: 12.5", "speed_kn: 14"))
    own_sister = client.ships / "uss-metacomet.yaml"
    assert client.put("/api/library/uss-metacomet?replace=1", content=sister, headers=ORIGIN).status_code == 201
    try:
        form["crew"] = "140"
        assert _save_form(client, form).status_code == 303
        assert "speed_kn" not in yaml.safe_load(path.read_text())  # still hers, not 12.5 written in
        assert client.app.app.state.shop.library.units["uss-like-later"].speed_kn == 14
    finally:
        own_sister.unlink()


# -- the set-up and table plan (issue 23) ------------------------------------------------------------


def test_the_scenario_page_shows_the_set_up_plan_as_svg_under_the_rule_set_picked(client, library):
    """The page draws the pack's set-up section through the SVG back end (the PDF's own layout), every unit named on
    the plan, under the rule set its picker chose; the same page is served alone and as the PDF."""
    import pypdfium2

    scenario = library.scenarios["mobile-bay-1864"]
    everyone = [library.units[su.id].name for side in scenario.sides for su in side.units]
    shown = {}
    for rules in ("quick-play", "saunders"):
        pdf = pypdfium2.PdfDocument(client.get(f"/api/scenarios/mobile-bay-1864/setup.pdf?rules={rules}&paper=letter").content)
        printed = " ".join(" ".join(pdf[k].get_textpage().get_text_range().split()) for k in range(len(pdf)))
        pdf.close()
        from shipyard.app import context
        from shipyard.rules import get_ruleset

        rs = get_ruleset(rules)
        ctx = context(rs, library, None, None, scenario=scenario)
        names = [library.units[su.id].name for side in scenario.sides for su in side.units
                 if rs.takes_part(su.id, ctx)]  # the units that take part under this rule set
        assert len(names) >= len(everyone) - 2 and all(n in printed for n in names), (rules, set(everyone) - set(names))
        page = client.get(f"/scenarios/mobile-bay-1864?rules={rules}&paper=letter").text
        plan = re.search(r'<div class="sheet-pages" id="setup-plan"[^>]*>(.*?)</div>\s*</div>', page, re.S)
        assert plan and "<svg" in plan.group(1), "no set-up plan on the scenario page"
        missing = [n for n in names if n not in plan.group(1).replace("&#x27;", "'")]
        assert not missing, f"{rules}: the plan names no {missing}"
        assert re.search(rf'<option value="{rules}" selected>', page), "the picker does not show the rule set drawn"
        assert f"setup.pdf?rules={rules}&amp;paper=letter" in page
        shown[rules] = plan.group(1)
    assert shown["quick-play"] != shown["saunders"]  # each at its own ground scale
    alone = client.get("/api/scenarios/mobile-bay-1864/setup.svg?rules=saunders&paper=letter")
    assert alone.status_code == 200 and alone.headers["content-type"].startswith("image/svg+xml")
    assert alone.text.split("<svg", 1)[1] in shown["saunders"]
    pdf = client.get("/api/scenarios/mobile-bay-1864/setup.pdf?rules=saunders")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_scenario_without_a_set_up_says_so_in_words(client):
    own = client.ships / "scenarios" / "no-plan-yet.yaml"
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text("kind: scenario\nid: no-plan-yet\nname: No plan yet\ndate: '1864-08-05'\nplace: Mobile Bay\n"
                   "sides:\n  - {name: Union, navy: USN, units: [{id: uss-metacomet}]}\n"
                   "  - {name: Confederate, navy: CSN, units: [{id: css-selma}]}\n")
    r = client.get("/api/scenarios/no-plan-yet/setup.svg?rules=quick-play")
    assert r.status_code == 400 and "no set-up" in r.json()["error"] and "setup:" in r.json()["error"]
    page = client.get("/scenarios/no-plan-yet")
    assert page.status_code == 200 and 'id="setup-plan"' not in page.text
    assert client.get("/api/scenarios/mobile-bay-1864/setup.svg?rules=quick-play&page=9").status_code == 400


def test_the_pack_form_offers_every_section_the_set_up_first_and_leaves_out_what_is_not_ticked(client, monkeypatch):
    from shipyard.pack.sections import SECTIONS
    from shipyard.web.service import Workshop

    page = client.get("/scenarios/mobile-bay-1864").text
    offered = re.findall(r'<input type="checkbox" name="sections" value="([a-z]+)" checked>', page)
    assert offered == [s.name for s in SECTIONS] and offered[0] == "setup"
    seen = []
    real = Workshop.start_pack

    def spy(self, ident, rules, options):
        seen.append(dict(options))
        return real(self, ident, rules, options)

    monkeypatch.setattr(Workshop, "start_pack", spy)
    ticked = [("sections", s.name) for s in SECTIONS if s.name not in ("setup", "counters")]
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(
        [("rules", "quick-play"), ("paper", "a4"), ("_sections", "1")] + ticked),
        headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303 and seen[-1]["setup"] is False and seen[-1]["counters"] is False
    assert all(seen[-1].get(s.name, True) for s in SECTIONS if s.name not in ("setup", "counters"))


def test_the_pack_form_builds_one_file_for_each_side_when_asked(client):
    page = client.get("/scenarios/mobile-bay-1864").text
    assert re.search(r'<input type="checkbox" name="per_side" value="1"', page)
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(
        [("rules", "quick-play"), ("paper", "a4"), ("per_side", "1"), ("_sections", "1"), ("sections", "setup"),
         ("sections", "sheets")]), headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303
    job = r.headers["location"]
    import io
    import zipfile

    from conftest import finished_pack

    status = finished_pack(client, job, 400)
    names = zipfile.ZipFile(io.BytesIO(client.get(job + "/download").content)).namelist()
    assert names == ["mobile-bay-1864-quick-play-union.pdf", "mobile-bay-1864-quick-play-confederate.pdf"]


def test_the_pack_form_keeps_each_sides_sheets_on_pages_of_their_own_when_asked(client):
    """The web's way to what the cover's note names (--sides-apart): Mobile Bay's Quick Play cards, each side's from a
    page of its own, in a file named for it."""
    import io
    import zipfile

    import pypdfium2

    from conftest import finished_pack

    page = client.get("/scenarios/mobile-bay-1864").text
    assert re.search(r'<input type="checkbox" name="sides_apart" value="1"', page) and "--sides-apart" in page
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode(
        [("rules", "quick-play"), ("paper", "a4"), ("sides_apart", "1"), ("_sections", "1"), ("sections", "sheets")]),
        headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303
    job = r.headers["location"]
    finished_pack(client, job, 400)
    packed = zipfile.ZipFile(io.BytesIO(client.get(job + "/download").content))
    assert packed.namelist() == ["mobile-bay-1864-quick-play-sides-apart.pdf"]
    pdf = pypdfium2.PdfDocument(packed.read("mobile-bay-1864-quick-play-sides-apart.pdf"))
    texts = [p.get_textpage().get_text_range() for p in pdf]
    pdf.close()
    cards = [t for t in texts if "record cards" in t]
    assert [("USS" in t, "CSS Tennessee" in t) for t in cards] == [(True, False), (True, False), (False, True)]


def test_the_scenario_builder_checks_a_set_up_as_validate_does_with_each_message_under_its_box(client):
    """Main's builder had no set-up at all; now it takes one, refuses what `shipyard validate` refuses (a unit off the
    table, arcs on a ship, points for a unit not in the scenario, text that is no YAML) with the field, under the box,
    and writes nothing; a good one is saved and its plan is on the scenario's page."""
    import html as markup

    form = [("id", "plan-skirmish"), ("name", "A planned skirmish"), ("date", "1864-08-05"), ("place", "Mobile Bay"),
            ("side1_name", "Union"), ("side1_navy", "USN"), ("side1_units", "uss-metacomet"),
            ("side2_name", "Confederate"), ("side2_navy", "CSN"), ("side2_units", "css-selma")]
    bad = ("area: {width_yd: 6000, depth_yd: 4000}\nstarts:\n  uss-metacomet: {at: [9000, 2000]}\n"
           "  css-selma: {at: [1000, 1000], arcs: [{from: 0, to: 90}]}\n"
           "victory: {points: [{side: Union, unit: css-virginia, what: sunk, points: 10}],"
           " levels: [{side: Union, at_least: 5, result: Union victory}]}\n")
    saved = client.ships / "scenarios" / "plan-skirmish.yaml"
    for text, fields in ((bad, ["setup.starts.uss-metacomet.at", "setup.starts.css-selma.arcs",
                                "setup.victory.points[0].unit"]),
                         ("area: {width_yd: 6000\nstarts: [", ["setup"])):
        r = client.post("/scenarios/new", content=urlencode(form + [("setup", text)]), headers={**FORM, **ORIGIN})
        assert r.status_code == 422
        under = re.search(r'<ul class="errors" id="setup-errors">(.*?)</ul>', r.text, re.S)
        assert under, "no message under the set-up box"
        assert re.findall(r"<code>([^<]+)</code>", markup.unescape(under.group(1))) == fields
        assert markup.unescape(text) in markup.unescape(r.text)  # what was typed is kept to mend
        assert not saved.exists()
    assert "off the table" in r.text or "line 2 of the set-up" in r.text
    good = "area: {width_yd: 6000, depth_yd: 4000}\nstarts:\n  uss-metacomet: {at: [4500, 2000], heading: 270}\n"
    r = client.post("/scenarios/new", content=urlencode(form + [("setup", good)]), headers={**FORM, **ORIGIN},
                    follow_redirects=False)
    assert r.status_code == 303 and yaml.safe_load(saved.read_text())["setup"]["starts"]["uss-metacomet"]["heading"] == 270
    assert 'id="setup-plan"' in client.get("/scenarios/plan-skirmish").text

