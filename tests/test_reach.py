"""Issue 24, reach: every aid and every share from the browser, through the application layer the command line
calls (the same options, the same bytes), and an infobox that lacks a figure drafted with it estimated, on the
command line too. Routes through Starlette's TestClient; the command line through the real console script."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
import yaml

from console_script import shipyard

INFOBOXES = Path(__file__).resolve().parent / "data" / "infoboxes"
NEUSE = INFOBOXES / "css-neuse.wiki"  # her real infobox: 158 x 34 x 9 ft, two Brooke rifles, no displacement line


# ---------------------------------------------------------------------------------------------
# An infobox without a displacement: estimated from her hull and labelled so, not refused


def test_an_infobox_without_a_displacement_makes_a_draft_with_it_estimated_on_the_command_line(tmp_path):
    assert "displacement" not in NEUSE.read_text().lower()
    run = shipyard("import", "infobox", NEUSE, "-o", tmp_path / "drafts", cwd=tmp_path)
    out, err = run.stdout.decode(), run.stderr.decode()
    assert run.returncode == 0, err
    path = tmp_path / "drafts" / "css-neuse.yaml"
    data = yaml.safe_load(path.read_text())
    # 158 ft x 34 ft x 9 ft x the casemate ironclads' block coefficient / 35 cubic feet of sea water a ton
    said = re.search(r"displacement: (\d+) long tons estimated .*158 ft long x 34 ft beam x 9 ft draught x block "
                     r"coefficient (0\.\d+) / 35 cubic feet of sea water a ton; \2 is the median of the (\d+) casemate "
                     r"ironclads", out)
    assert said, out
    tons, cb = int(said.group(1)), float(said.group(2))
    assert tons == round(158 * 34 * 9 * cb / 35) and 0.3 < cb < 0.7
    assert data["displacement_tons"] == tons and data["displacement_basis"] == "estimate"
    assert "displacement: " in data["notes"] and "estimated" in data["notes"]
    # every reason that plays her tons says they are an estimate
    explain = shipyard("explain", "css-neuse", "--rules", "sotw", "-L", tmp_path / "drafts", cwd=tmp_path,
                       COLUMNS="200").stdout.decode()
    assert f"{tons} tons" in explain and "displacement ESTIMATE (estimated" in explain, explain


# ---------------------------------------------------------------------------------------------
# The web: one app (a TestClient) for a user's library, the command line in-process from its own folder

import io  # noqa: E402
import sys  # noqa: E402
import zipfile  # noqa: E402
from html import unescape  # noqa: E402

VESSEL = """\
id: uss-test-boat
name: USS Test Boat
navy: USN
type: screw gunboat
length_ft: 158
beam_ft: 28
draught_ft: 10.5
displacement_tons: 691
speed_kn: 10
propulsion: {kind: screw}
armament:
  - {gun: dahlgren-11in, count: 1, mounting: pivot}
sources:
  - {url: 'https://example.org/test-boat', covers: 'everything'}
"""


SCENARIO = """\
id: test-fight
name: A test fight
date: '1864-08-05'
place: Mobile Bay
sides:
  - name: Union
    navy: USN
    units:
      - {id: uss-test-boat}
  - name: Confederate
    navy: CSN
    units:
      - {id: css-tennessee}
"""


def client_for(ships: Path):
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from starlette.testclient import TestClient

    from shipyard.web.server import create_app

    return TestClient(create_app(ships, allowed_hosts={"testserver"}))


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A user's folder with one ship of her own in ships/, and the app serving that library."""
    home = tmp_path_factory.mktemp("home")
    (home / "ships").mkdir()
    (home / "ships" / "uss-test-boat.yaml").write_text(VESSEL, encoding="utf-8")
    (home / "ships" / "test-fight.yaml").write_text(SCENARIO, encoding="utf-8")
    with client_for(home / "ships") as client:
        yield home, client


def cli(home: Path, *args) -> int:
    """`shipyard ARGS` in-process from the user's folder (its ships/ her library), as her shell runs it."""
    import os

    from shipyard.cli import main

    before, argv = Path.cwd(), sys.argv
    os.chdir(home)
    sys.argv = ["shipyard", *map(str, args)]
    try:
        main()
    except SystemExit as exc:
        return exc.code or 0
    finally:
        os.chdir(before)
        sys.argv = argv
    return 0


def links(html: str, pattern: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="(' + pattern + r'[^"]*)"', html)]


# what the command line prints and the link on a page the web prints it from: one of each kind of aid
SAME_AS_THE_COMMAND_LINE = [
    ("templates", "/rules/sotw?paper=letter&scale=1/1200", "/api/rules/smoke-on-the-water/templates.pdf",
     ["templates", "-r", "sotw", "--paper", "letter", "--scale", "1/1200"]),
    ("counters", "/rules/saunders", "/api/rules/saunders/counters.pdf?layout=backs",
     ["counters", "-r", "saunders", "--backs"]),
    ("reference", "/rules/really-simple?paper=letter", "/api/rules/really-simple/reference.pdf",
     ["reference", "-r", "really-simple", "--paper", "letter"]),
    ("roster", "/scenarios/mobile-bay-1864?paper=letter", "/api/scenarios/mobile-bay-1864/roster.pdf?rules=quick-play",
     ["roster", "mobile-bay-1864", "-r", "qp", "--paper", "letter"]),
    ("scenario counters", "/scenarios/hampton-roads-1862", "/api/scenarios/hampton-roads-1862/counters.pdf?rules=smoke-on-the-water&layout=fold",
     ["counters", "hampton-roads-1862", "-r", "sotw", "--fold"]),
    ("set-up", "/scenarios/hampton-roads-1862?rules=quick-play&paper=letter",
     "/api/scenarios/hampton-roads-1862/setup.pdf?rules=quick-play&paper=letter",
     ["setup", "hampton-roads-1862", "-r", "qp", "--paper", "letter"]),
    ("sheets", "/ships/uss-test-boat?rules=saunders&paper=letter", "/api/vessels/uss-test-boat/sheet.pdf",
     ["sheet", "uss-test-boat", "-r", "saunders", "--paper", "letter"]),
]


@pytest.mark.parametrize("kind, page, link, args", SAME_AS_THE_COMMAND_LINE, ids=[k for k, *_ in SAME_AS_THE_COMMAND_LINE])
def test_every_aid_is_a_link_on_a_page_and_prints_the_bytes_the_command_line_prints(home, kind, page, link, args):
    folder, client = home
    shown = client.get(page)
    assert shown.status_code == 200 and shown.headers["content-type"].startswith("text/html")
    found = [h for h in links(shown.text, re.escape(link.split("?")[0])) if h.startswith(link)]
    assert found, (kind, links(shown.text, "/api/"))
    pdf = client.get(found[0])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf", pdf.text[:300]
    out = folder / "out" / f"{kind}.pdf"
    assert cli(folder, *args, "-o", out, "--force") == 0
    assert pdf.content == out.read_bytes(), f"{found[0]} is not the PDF `shipyard {' '.join(args)}` prints"


def test_a_pack_built_in_the_browser_is_the_pack_the_command_line_builds(home):
    from conftest import finished_pack

    folder, client = home
    form = {"rules": "quick-play", "paper": "letter", "colour": "bw", "scale": "", "copies": "blank", "turns": ""}
    started = client.post("/scenarios/hampton-roads-1862/pack", data=form, follow_redirects=False)
    assert started.status_code == 303, started.text
    job = started.headers["location"]
    finished_pack(client, job)
    got = zipfile.ZipFile(io.BytesIO(client.get(job + "/download").content))
    assert got.namelist() == ["hampton-roads-1862-quick-play-letter-bw.pdf"]
    assert cli(folder, "pack", "hampton-roads-1862", "-r", "qp", "--paper", "letter", "--black-and-white",
               "-o", folder / "packs", "--jobs", "1") == 0
    assert got.read(got.namelist()[0]) == (folder / "packs" / got.namelist()[0]).read_bytes()


def test_a_rule_set_page_offers_each_aid_it_prints_and_says_what_its_text_leaves_open(home):
    _, client = home
    index = client.get("/rules")
    assert index.status_code == 200
    assert set(links(index.text, "/rules/")) == {f"/rules/{k}" for k in ("quick-play", "really-simple", "saunders",
                                                                         "smoke-on-the-water")}
    from shipyard import app as core

    for rs in core.rulesets():
        text = client.get(f"/rules/{rs.key}?paper=letter").text
        offered = {h.split("/")[-1].split(".")[0] for h in links(text, f"/api/rules/{rs.key}/")}
        assert offered == {"templates", "counters"} | ({"reference"} if rs.prints("quick_reference") else set())
        assert all("paper=letter" in h for h in links(text, "/api/rules/"))
        readings = re.search(r'id="readings-table".*?</table>', text, re.S).group(0)
        assert all(unescape(re.sub(r"<[^>]+>", "", readings)).count(rule) for rule, _, _ in core.readings(rs))
    qp = client.get("/rules/qp").text
    assert "No quick reference of its own: its templates hold the quick reference" in qp
    missing = client.get("/rules/chess")
    assert missing.status_code == 404 and "no rule set 'chess'" in unescape(missing.text)


def test_your_library_downloads_as_the_zip_export_writes_and_a_friend_takes_it_in(home, tmp_path):
    folder, client = home
    page = client.get("/share").text
    assert 'value="uss-test-boat"' in page and 'value="test-fight"' in page
    assert 'value="uss-hartford"' not in page and 'value="mobile-bay-1864"' not in page  # only what is yours to share
    got = client.get("/share/export.zip")
    assert got.status_code == 200 and got.headers["content-type"] == "application/zip"
    assert "attachment" in got.headers["content-disposition"]
    assert cli(folder, "export", "ships", "uss-test-boat", "test-fight", "-o", folder / "out" / "ours.zip", "--force") == 0
    assert got.content == (folder / "out" / "ours.zip").read_bytes()
    assert {i.external_attr >> 16 for i in zipfile.ZipFile(io.BytesIO(got.content)).infolist()} == {0o644}  # not 0600
    # a scenario of yours is shared from its page, with your ships in it
    scenario = client.get("/scenarios/test-fight").text
    assert links(scenario, "/share/export.zip") == ["/share/export.zip?id=test-fight"]
    assert client.get("/share/export.zip?id=test-fight").content == got.content
    assert "/share/export.zip" not in client.get("/scenarios/mobile-bay-1864").text  # a bundled one is every copy's
    bundled = client.get("/share/export.zip?id=uss-hartford")
    assert bundled.status_code == 400 and "is a bundled ship: every copy of shipyard has her already" in unescape(bundled.text)

    friend = tmp_path / "friend" / "ships"
    with client_for(friend) as theirs:
        taken = theirs.post("/share/import", files={"zip": ("ours.zip", got.content, "application/zip")})
        assert taken.status_code == 200 and "Taken in from ours.zip: test-fight.yaml, uss-test-boat.yaml" in taken.text
        assert theirs.get("/scenarios/test-fight").status_code == 200
        assert (friend / "uss-test-boat.yaml").read_text() == VESSEL
        assert theirs.get("/ships/uss-test-boat").status_code == 200
        # the same zip again: her own file is never replaced unasked; asked, it is
        (friend / "uss-test-boat.yaml").write_text(VESSEL.replace("speed_kn: 10", "speed_kn: 11"))
        again = theirs.post("/share/import", files={"zip": ("ours.zip", got.content, "application/zip")})
        assert again.status_code == 409 and "would replace <strong>your own file</strong>" in again.text
        assert "speed_kn: 11" in (friend / "uss-test-boat.yaml").read_text()
        held = re.search(r'name="_held" value="([^"]+)"', again.text).group(1)
        yes = theirs.post("/share/import", data={"_held": held, "_force": "1"})
        assert yes.status_code == 200 and (friend / "uss-test-boat.yaml").read_text() == VESSEL
        # a zip taking a bundled ship's place asks too, and writes nothing until told
        hartford = _zip({"uss-hartford.yaml": (core_path("uss-hartford")).read_text()})
        asked = theirs.post("/share/import", files={"zip": ("h.zip", hartford, "application/zip")})
        assert asked.status_code == 409 and "bundled ship&#39;s id" in asked.text.replace("'", "&#39;")
        assert not (friend / "uss-hartford.yaml").exists()


def core_path(ident: str) -> Path:
    from shipyard import app as core

    lib = core.load_library([], user=False)
    return Path(lib.origin[ident].path)


def _zip(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buf.getvalue()


@pytest.mark.parametrize("name, body, words", [
    ("uss-test-boat.yaml", VESSEL.replace("beam_ft: 28", "bream_ft: 28"),
     ["bad.zip: uss-test-boat.yaml, line 6", "<code>bream_ft</code>: unknown key", "did you mean 'beam_ft'"]),
    ("../evil.yaml", "x: 1", ["bad.zip", "../evil.yaml", "only plain .yaml ship and scenario files may be shared"]),
    (None, "not a zip at all", ["bad.zip", "not a zip file shipyard can read"]),
])
def test_a_refused_zip_is_said_in_the_users_words_and_writes_nothing(tmp_path, name, body, words):
    raw = _zip({name: body}) if name else body.encode()
    with client_for(tmp_path / "ships") as client:
        got = client.post("/share/import", files={"zip": ("bad.zip", raw, "application/zip")})
        said = unescape(got.text)
        assert got.status_code == 422 and "Nothing was taken in from bad.zip" in said
        problems = re.search(r'id="import-problems".*?</div>', said, re.S).group(0)
        assert all(w in problems for w in words), problems
        assert "Traceback" not in said and not list(tmp_path.rglob("*.yaml"))
        none = client.post("/share/import", data={})
        assert none.status_code == 422 and "choose a zip file to import" in none.text


def test_a_pasted_infobox_opens_a_draft_in_the_editor_with_the_estimate_said_and_nothing_written(tmp_path):
    with client_for(tmp_path / "ships") as client:
        got = client.post("/share/infobox", data={"wikitext": NEUSE.read_text()})
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/html")
        page = unescape(got.text)
        note = re.search(r'id="draft-note".*?</div>', page, re.S).group(0)
        assert "displacement: 622 long tons estimated" in note and "block coefficient" in note
        assert re.search(r'name="displacement_tons"[^>]*value="622"', page)
        assert re.search(r'<option value="estimate" selected>', page)
        assert 'id="editor"' in page and 'value="CSS Neuse"' in page
        assert 'id="check-ok"' in page and "displacement ESTIMATE (estimated" in page  # her stats, checked at once
        assert not (tmp_path / "ships").exists() or not list((tmp_path / "ships").iterdir())
        bad = client.post("/share/infobox", data={"wikitext": "CSS Neuse was an ironclad."})
        assert bad.status_code == 422
        assert "the pasted infobox: no {{Infobox ship …}} template" in unescape(bad.text)


def test_a_pack_under_way_gives_its_address_and_its_page_names_the_scenario(home):
    _, client = home
    started = client.post("/scenarios/test-fight/pack", data={"rules": "saunders"}, follow_redirects=False)
    job = started.headers["location"]
    page = client.get(job).text
    assert "The A test fight pack" in page and "The test-fight pack" not in page
    progress = client.get(job, headers={"HX-Request": "true"}).text
    # under way or already built, the page says where the pack waits, so leaving it loses nothing
    assert f'href="{job}"' in progress


def test_a_rule_set_quick_reference_alone_holds_the_tables_of_every_ship(home):
    """Without a scenario the reference is drawn for every vessel and fort in the library: its gun, misfire and
    deflection tables are there, where drawn for no unit they were left out as 'not in play'."""
    import pypdfium2 as pdfium

    _, client = home
    pdf = client.get("/api/rules/smoke-on-the-water/reference.pdf").content
    doc = pdfium.PdfDocument(pdf)
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    doc.close()
    assert "Table 11 · misfire" in text and "Table 16 · deflect" in text


def test_a_zip_refused_for_a_bad_file_and_one_of_yours_says_so_in_the_browsers_words(tmp_path):
    ships = tmp_path / "ships"
    ships.mkdir()
    (ships / "uss-test-boat.yaml").write_text(VESSEL)
    raw = _zip({"uss-test-boat.yaml": VESSEL, "uss-other.yaml": VESSEL.replace("uss-test-boat", "uss-other")
                .replace("beam_ft: 28", "beam_ft: wide")})
    with client_for(ships) as client:
        said = unescape(client.post("/share/import", files={"zip": ("z.zip", raw, "application/zip")}).text)
    problems = re.search(r'id="import-problems".*?</div>', said, re.S).group(0)
    assert "exists already" in problems and "this page asks before it replaces yours" in problems
    assert "--force" not in problems and "beam_ft" in problems


def test_every_rule_sets_page_fills_its_readings_as_its_printed_readings_page_does(home):
    """readings23 noticed: the web's rule-set page listed Really Simple's readings through the shared kit, which fills
    `{table.field}` only, so its option words came out raw ('{line_of_fire}', 'a fort brings {fort_fire} of the
    guns'). A rule set that fills its readings its own way says so (RuleSet.readings); every page is filled."""
    _, client = home
    from shipyard import app as core

    for rs in core.rulesets():
        text = client.get(f"/rules/{rs.key}").text
        readings = unescape(re.sub(r"<[^>]+>", "", re.search(r'id="readings-table".*?</table>', text, re.S).group(0)))
        assert not re.search(r"\{[a-z_.]+\}", readings), (rs.key, re.findall(r"\{[a-z_.]+\}", readings))
        if rs.key == "really-simple":  # the fort's share in the words its option plays, as the printed page has it
            assert "a fort brings a sixth (rounded down, at least one) of the guns" in " ".join(readings.split())
