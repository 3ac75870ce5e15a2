"""The pages that list (the library, the scenarios) and the pack page say what they hold in the player's words: the
review's findings on them (web.md, Part 1 a and c). Over HTTP with Starlette's TestClient; how they look at every
size is in test_web_a11y.py."""

from __future__ import annotations

import re
import warnings
from urllib.parse import urlencode

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from starlette.testclient import TestClient  # noqa: E402

from shipyard.web.server import create_app  # noqa: E402

ORIGIN = {"Origin": "http://testserver"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    ships = tmp_path_factory.mktemp("lists") / "ships"
    with TestClient(create_app(ships, allowed_hosts={"testserver"})) as c:
        yield c


def _count(html: str) -> str:
    return re.search(r'<p [^>]*id="count"[^>]*>(.*?)</p>', html, re.S).group(1)


def test_the_library_counts_ships_and_forts_apart(client):
    """It said '1 ship and forts' for one ship, '144 ships and forts' for all."""
    assert _count(client.get("/", params={"q": "hartford"}).text) == "1 ship"
    assert _count(client.get("/", params={"q": "fort moultrie"}).text) == "1 fort"
    assert re.fullmatch(r"\d+ ships and \d+ forts", _count(client.get("/").text))
    assert _count(client.get("/", params={"q": "no such thing"}).text) == "No ship or fort matches"


def test_the_count_is_a_live_region_that_the_filters_answer_updates(client):
    """A screen reader heard nothing when the list was filtered: the count is now a polite live region (role=status)
    outside the swapped rows, and htmx's answer fills it out of band rather than replacing it."""
    page = client.get("/").text
    assert re.search(r'<p class="count" id="count" role="status">[^<]+</p>\s*<div id="rows">', page)
    fragment = client.get("/", params={"q": "hartford"}, headers={"HX-Request": "true"}).text
    assert fragment.startswith('<p id="count" hx-swap-oob="innerHTML">1 ship</p>') and 'role="status"' not in fragment


def test_the_type_filter_offers_fort_and_finds_only_forts(client):
    """The filter listed every ship type but not 'fort', although 15 of the library's units are forts."""
    page = client.get("/").text
    assert "<option >fort</option>" in page or "<option>fort</option>" in page
    rows = client.get("/", params={"type": "fort"}).text
    assert "Fort Moultrie" in rows and "USS Hartford" not in rows and re.fullmatch(r"\d+ forts", _count(rows))


def test_a_fort_shows_the_year_it_was_built_not_launched(client):
    """Fort Moultrie showed 'Launched 1809'."""
    row = re.search(r"<tr><td><a href=\"/ships/fort-moultrie\">.*?</tr>", client.get("/").text, re.S).group(0)
    assert "built 1809" in row
    assert "Launched or built" in client.get("/").text


def test_the_year_box_is_labelled_where_it_is_seen(client):
    """The year box's only label was its placeholder, cut to 'afloat by' on screen."""
    page = client.get("/").text
    assert re.search(r"<label[^>]*>Afloat by <input type=\"number\" name=\"year\"", page)


def test_the_scenarios_list_says_which_scenarios_are_yours(client):
    form = {"id": "my-sound", "name": "My Sound", "date": "1864-05-05", "place": "Albemarle Sound",
            "side1_units": "uss-mattabesett", "side2_units": "css-albemarle"}
    r = client.post("/scenarios/new", content=urlencode(form), headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = client.get("/scenarios").text
    mine = re.search(r'<a href="/scenarios/my-sound">My Sound</a> <span class="tag user">yours</span>', page)
    theirs = re.search(r'<a href="/scenarios/mobile-bay-1864">[^<]*</a> <span class="tag">bundled</span>', page)
    assert mine and theirs


def test_a_packs_progress_is_said_in_a_live_region(client):
    """Building, ready or failed changed on screen only: the region it is drawn in, on the scenario's page and on the
    pack's own, is now a polite live region (role=status) that the polling redraws inside."""
    assert '<div id="pack-status" role="status">' in client.get("/scenarios/hampton-roads-1862").text
    r = client.post("/scenarios/hampton-roads-1862/pack", content=urlencode({"rules": "quick-play"}),
                    headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert re.search(r'<div id="pack-status" role="status"><div id="pack-progress"', client.get(r.headers["location"]).text)
