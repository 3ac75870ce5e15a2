"""One application layer for every printed aid (shipyard.app.build): the command line and the web call it, and
neither builds an aid, derives for one or names its file itself (issue 21, the app-layer slice)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from conftest import Run, in_process
from shipyard import app as core
from shipyard.errors import ShipyardError
from shipyard.library.model import MAX_TURNS


def shipyard(*args, cwd: Path) -> Run:
    """The command line in this process: these tests are about what it names and writes, not the console script
    (whose start-up, exit codes and terminal output tests/test_cli_*.py and test_console_safety.py show)."""
    run = in_process(*args, cwd=cwd)
    assert "Traceback" not in run.out + run.err
    return run


# ---------------------------------------------------------------------------------------------
# One file namer


def test_templates_at_the_rule_sets_own_scale_name_no_scale(tmp_path):
    """Saunders plays at 1/1200: its templates at that scale are the default and their file name says no scale, as
    every other aid's does (main wrote saunders-templates-1-1200.pdf for a command given no --scale)."""
    run = shipyard("templates", "--rules", "saunders", cwd=tmp_path)
    assert run.code == 0, run.err
    assert "wrote output/saunders-templates.pdf (2 pages)" in run.out
    run = shipyard("templates", "--rules", "saunders", "--scale", "1/600", cwd=tmp_path)
    assert "wrote output/saunders-templates-1-600.pdf" in run.out
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["saunders-templates-1-600.pdf",
                                                                       "saunders-templates.pdf"]


@pytest.mark.parametrize("aid, target, name", [
    ("sheets", ["uss-hartford"], "saunders-sheet-uss-hartford-letter-bw.pdf"),
    ("sheets", ["mobile-bay-1864"], "saunders-mobile-bay-1864-sheets-letter-bw.pdf"),
    ("templates", [], "saunders-templates-letter-bw.pdf"),
    ("counters", [], "saunders-counters-letter-bw.pdf"),
    ("roster", ["mobile-bay-1864"], "mobile-bay-1864-saunders-roster-letter-bw.pdf"),
    ("reference", ["mobile-bay-1864"], "mobile-bay-1864-saunders-reference-letter-bw.pdf"),
])
def test_every_aid_is_named_by_one_namer_with_every_variant(library, tmp_path, aid, target, name):
    rs = core.ruleset("saunders")
    built = core.build(aid, rs, library, target, core.AidOptions(paper="letter", colour=False), default_dir=tmp_path)
    assert built.path == tmp_path / name and built.path.read_bytes()[:5] == b"%PDF-" and built.pages >= 1


def test_a_scale_a_rule_set_ignores_is_not_in_the_file_name(library, tmp_path):
    """Quick Play measures the same at any scale: --scale changes nothing in it, so its name says nothing either
    (as its pack's, counters' and roster's did; main's sheet name said -1-1200)."""
    rs = core.ruleset("quick-play")
    built = core.build("sheets", rs, library, ["monitor"], core.AidOptions(scale="1/1200"), default_dir=tmp_path)
    assert built.path.name == "quick-play-sheet-uss-monitor.pdf"


# ---------------------------------------------------------------------------------------------
# One options model, checked as it is made


@pytest.mark.parametrize("values, words", [
    ({"paper": "a3"}, "--paper 'a3': expected a4 or letter"),
    ({"turns": 0}, f"from 1 to {MAX_TURNS}"),
    ({"turns": MAX_TURNS + 1}, f"from 1 to {MAX_TURNS}"),
    ({"turns": "2.5"}, f"from 1 to {MAX_TURNS}"),
    ({"fold": True, "backs": True}, "--fold and --backs: choose one"),
])
def test_aid_options_refuse_what_cannot_be_in_words(values, words):
    with pytest.raises(ShipyardError, match=words.replace("(", r"\(")):
        core.AidOptions(**values)


def test_a_roster_needs_a_scenario_and_says_so(library):
    with pytest.raises(ShipyardError, match="the roster is a scenario's"):
        core.build("roster", core.ruleset("sotw"), library, [])
    with pytest.raises(ShipyardError, match="no such printed aid"):
        core.build("poster", core.ruleset("sotw"), library, [])


def test_an_aid_a_rule_set_prints_inside_another_says_where(library):
    with pytest.raises(ShipyardError, match="prints no quick reference of its own: its templates hold it"):
        core.build("reference", core.ruleset("quick-play"), library, ["mobile-bay-1864"])


# ---------------------------------------------------------------------------------------------
# The web prints everything the command line prints, through the same layer


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from starlette.testclient import TestClient

    from shipyard.web.server import create_app

    ships = tmp_path_factory.mktemp("web") / "ships"
    with TestClient(create_app(ships, allowed_hosts={"testserver"})) as c:
        c.ships = ships
        yield c


def _cli_pdf(tmp_path, *args) -> bytes:
    run = shipyard(*args, "-o", "out.pdf", cwd=tmp_path)
    assert run.code == 0, run.err
    return (tmp_path / "out.pdf").read_bytes()


@pytest.mark.parametrize("url, params, command", [
    ("/api/scenarios/mobile-bay-1864/roster.pdf", {"rules": "quick-play", "paper": "letter"},
     ("roster", "mobile-bay-1864", "-r", "quick-play", "--paper", "letter")),
    ("/api/scenarios/mobile-bay-1864/counters.pdf", {"rules": "sotw", "backs": "1"},
     ("counters", "-r", "sotw", "mobile-bay-1864", "--backs")),
    ("/api/rules/saunders/templates.pdf", {"paper": "letter"}, ("templates", "-r", "saunders", "--paper", "letter")),
    ("/api/scenarios/mobile-bay-1864/sheets.pdf", {"rules": "really-simple"},
     ("sheet", "mobile-bay-1864", "-r", "really-simple")),
])
def test_the_web_serves_the_very_pdf_the_command_line_writes(client, tmp_path, url, params, command):
    """Main had no route for a roster, counters or templates: the command line built them itself."""
    r = client.get(url, params=params)
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content == _cli_pdf(tmp_path, *command)


def test_the_web_names_each_pdf_as_the_command_line_does(client):
    r = client.get("/api/scenarios/mobile-bay-1864/counters.pdf", params={"rules": "quick-play", "fold": "1"})
    assert r.headers["content-disposition"] == 'inline; filename="mobile-bay-1864-quick-play-counters-fold.pdf"'
    r = client.get("/api/scenarios/mobile-bay-1864/reference.pdf", params={"rules": "saunders", "colour": "bw"})
    assert r.status_code == 200 and r.content[:5] == b"%PDF-"
    assert r.headers["content-disposition"] == 'inline; filename="mobile-bay-1864-saunders-reference-bw.pdf"'
    r = client.get("/api/vessels/uss-monitor/sheet.pdf", params={"rules": "saunders", "paper": "letter"})
    assert r.headers["content-disposition"] == 'inline; filename="saunders-sheet-uss-monitor-letter.pdf"'


@pytest.mark.parametrize("url, status, words", [
    ("/api/scenarios/mobile-bay-1864/roster.pdf?rules=sotw&paper=a3", 400, "--paper 'a3': expected a4 or letter"),
    ("/api/scenarios/mobile-bay-1864/counters.pdf?rules=sotw&fold=1&backs=1", 400, "choose one"),
    ("/api/scenarios/mobile-bay-1864/reference.pdf?rules=quick-play", 400, "its templates hold it"),
    ("/api/scenarios/mobile-bay-1864/roster.pdf", 400, "say which rule set"),
    ("/api/scenarios/no-such-battle/roster.pdf?rules=sotw", 404, "no-such-battle"),
    ("/api/scenarios/mobile-bay-1864/poster.pdf?rules=sotw", 404, "poster"),
    ("/api/rules/saunders/roster.pdf", 404, "templates, counters and quick reference"),
    ("/api/rules/chess/templates.pdf", 400, "chess"),
])
def test_an_aid_that_cannot_be_printed_is_refused_in_words(client, url, status, words):
    r = client.get(url)
    assert r.status_code == status and words in r.json()["error"], r.text


def test_scenario_and_ship_pages_link_every_aid_and_each_link_prints(client):
    page = client.get("/scenarios/mobile-bay-1864").text
    links = re.findall(r'href="(/api/scenarios/mobile-bay-1864/[a-z]+\.pdf\?rules=[a-z-]+)"', page)
    assert len(links) == 4 * 6 - 1  # six aids for each rule set (the set-up too); Quick Play's templates hold its reference
    assert "/api/scenarios/mobile-bay-1864/setup.pdf?rules=saunders" in links
    assert "/api/scenarios/mobile-bay-1864/roster.pdf?rules=quick-play" in links
    for link in ("/api/scenarios/mobile-bay-1864/roster.pdf?rules=smoke-on-the-water",
                 "/api/scenarios/mobile-bay-1864/reference.pdf?rules=really-simple"):
        assert client.get(link).content[:5] == b"%PDF-"
    ship = client.get("/ships/uss-hartford", params={"rules": "sotw"}).text
    assert 'href="/api/rules/sotw/templates.pdf?paper=a4"' in ship and 'href="/scenarios/mobile-bay-1864#print"' in ship
    assert client.get("/api/rules/sotw/templates.pdf?paper=a4").content[:5] == b"%PDF-"


def test_a_pack_from_the_web_is_checked_as_the_command_line_checks_it(client):
    """Main built an A4 pack for paper=a3 and ignored a scale it did not know, without a word."""
    form = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://testserver"}
    for field, value, words in (("paper", "a3", "Paper 'a3': expected a4 or letter"),
                                ("scale", "1/300", "Models: expected one of"),
                                ("copies", "torn", "Copies: Input should be 'blank' or 'pre-damaged'")):
        r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode({"rules": "quick-play", field: value}),
                        headers=form, follow_redirects=False)
        assert r.status_code == 422 and words in html.unescape(r.text), (field, r.text)
    assert not client.app.app.state.shop.packs.jobs  # none was started


def test_a_web_pack_is_named_in_its_zip_as_the_command_line_names_it(client):
    """Main named every PDF in the zip '<scenario>-<rule set>.pdf': a Letter pack said nothing of its paper."""
    import io
    import time
    import zipfile

    form = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://testserver"}
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode({"rules": "quick-play", "paper": "letter",
                                                                          "colour": "bw"}),
                    headers=form, follow_redirects=False)
    assert r.status_code == 303
    job = client.app.app.state.shop.packs.get(r.headers["location"].rsplit("/", 1)[1])
    for _ in range(600):
        if job.finished:
            break
        time.sleep(0.05)
    assert job.ready, job.error
    z = client.get(r.headers["location"] + "/download")
    assert zipfile.ZipFile(io.BytesIO(z.content)).namelist() == ["mobile-bay-1864-quick-play-letter-bw.pdf"]


# ---------------------------------------------------------------------------------------------
# The checks are the application layer's; the web calls them and holds no loader of its own


def test_unsaved_text_is_checked_by_the_application_layer_in_a_copy_of_the_library(library, tmp_path):
    text = (Path(__file__).resolve().parents[1] / "vessels" / "usn" / "uss-metacomet.yaml").read_text()
    text = text.replace("id: uss-metacomet", "id: uss-chicopee").replace("name: USS Metacomet", "name: USS Chicopee")
    unit, data = core.check_text(library, text, tmp_path)
    assert unit.name == "USS Chicopee" and data["id"] == "uss-chicopee"
    assert "uss-chicopee" not in library.units  # the library itself is left as it was
    with pytest.raises(ShipyardError, match="speed_kn"):
        core.check_text(library, text.replace("speed_kn:", "speed_kn: fast\n_was:"), tmp_path)
    with pytest.raises(ShipyardError, match="a scenario: this checks a vessel or fort file"):
        core.check_text(library, "kind: scenario\nid: x\n", tmp_path)


def test_the_web_copies_no_library_and_calls_no_private_loader():
    """Main's web/service.py copied the Library and called Library._load_unit itself."""
    import inspect

    from shipyard.web import server, service

    for module in (service, server):
        source = inspect.getsource(module)
        assert "copy.copy(" not in source and "._load_" not in source, module.__name__


def test_a_scenario_the_web_refuses_is_told_in_shipyards_words_not_pydantics(client):
    form = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://testserver"}
    r = client.post("/scenarios/new", content=urlencode([("id", "bad-one"), ("name", "x"), ("date", "1864-13-45"),
                                                         ("place", "p")]), headers=form)
    text = html.unescape(r.text)
    assert r.status_code == 422 and "no such date: month must be in 1..12" in text and "Value error" not in text


def test_the_library_is_listed_once_for_the_page_and_the_api(client):
    """Main listed the units twice in web/server.py, each its own way: the API gave a fort no date at all."""
    shop = client.app.app.state.shop
    rows = client.get("/api/vessels").json()
    assert rows == core.unit_rows(shop.library, shop.is_user)
    fort = next(r for r in rows if r["kind"] == "fort" and r["built"])
    assert fort["built"] and fort["type"] == "fort"
    page = client.get("/", params={"q": fort["name"]}, headers={"HX-Request": "true"}).text
    assert fort["name"] in html.unescape(page) and str(fort["built"]) in page


def test_a_scenario_the_library_would_not_load_is_never_written(client):
    """Main checked the builder's scenario against the model only, wrote it, and only then found that the library
    refused it (a ship it does not have): the file stayed in the user's library, breaking every later load."""
    form = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://testserver"}
    fields = [("id", "ghost-fleet"), ("name", "Ghosts"), ("date", "1864-08-05"), ("place", "Mobile Bay"),
              ("side1_name", "Union"), ("side1_navy", "USN"), ("side1_units", "uss-flying-dutchman"),
              ("side2_name", "Confederate"), ("side2_navy", "CSN"), ("side2_units", "css-selma")]
    r = client.post("/scenarios/new", content=urlencode(fields), headers=form, follow_redirects=False)
    assert r.status_code == 422 and "no vessel or fort 'uss-flying-dutchman' in the library" in html.unescape(r.text)
    assert not (client.ships / "scenarios" / "ghost-fleet.yaml").exists()
    assert client.app.app.state.shop.load_error is None
