"""The editor's form over HTTP, as a browser without JavaScript uses it (issue 24, editor24): every list's rows added,
removed and moved by submit buttons the server answers; Enter's default button; mistakes said at their field in the
user's words, tied to it for a screen reader; every label with its required marker and its help. The same form in a
real browser, with JavaScript, is tests/test_web_editor.py."""

from __future__ import annotations

import html
import re
import warnings
from urllib.parse import urlencode

import pytest
import yaml

warnings.filterwarnings("ignore", category=DeprecationWarning)
from starlette.testclient import TestClient  # noqa: E402

from shipyard.web.server import create_app  # noqa: E402

ORIGIN = {"Origin": "http://testserver"}
FORM = {"Content-Type": "application/x-www-form-urlencoded", **ORIGIN}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    ships = tmp_path_factory.mktemp("editor") / "ships"
    with TestClient(create_app(ships, allowed_hosts={"testserver"})) as c:
        c.ships = ships
        yield c


def form_of(page: str, form_id: str = "editor") -> list[tuple[str, str]]:
    """What the page's form sends as it is shown: its fields in page order (a <template>'s row is no row)."""
    page = re.sub(r"<template.*?</template>", "", page, flags=re.S)
    start = re.search(rf'<form [^>]*id="{form_id}"', page).start()
    page = page[start:page.index("</form>", start)]
    out = []
    for m in re.finditer(r'<input (?:type="(?:hidden|search)" )?name="([^"]+)"[^>]*?value="([^"]*)"|'
                         r'<select name="([^"]+)"[^>]*>(.*?)</select>|'
                         r'<textarea name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S):
        if m.group(1):
            out.append((m.group(1), html.unescape(m.group(2))))
        elif m.group(3):
            chosen = re.search(r'<option value="([^"]*)" selected', m.group(4))
            out.append((m.group(3), html.unescape(chosen.group(1)) if chosen else ""))
        else:
            out.append((m.group(5), html.unescape(m.group(6))))
    return out


def guns_of(page: str) -> list[str]:
    return [v for n, v in form_of(page) if re.fullmatch(r"armament\.\d+\.gun", n)]


def press(client, page: str, button: str, **changes) -> str:
    """The page after pressing a row's button (`_row` value) of its form, with `changes` typed first."""
    form = dict(form_of(page))
    form.update(changes)
    r = client.post("/editor/check", content=urlencode({**form, "_row": button}), headers=FORM)
    assert r.status_code == 200, r.text[:400]
    return r.text


def test_without_javascript_each_lists_buttons_add_remove_and_move_its_rows_and_the_save_keeps_them(client):
    """Main's form had two blank rows a list and no way to a third without saving and opening her again: each list
    has its Add button, each row Up, Down and Remove, each a submit button the server answers with the form so
    changed (one empty row more, never two), the user left at the row, and what they typed kept."""
    page = client.get("/new", params={"like": "uss-metacomet"}).text
    sister = guns_of(page)
    assert sister == ["parrott-100pdr", "parrott-100pdr", "dahlgren-9in", "dahlgren-24pdr-howitzer",
                      "dahlgren-12pdr-howitzer"]
    for list_name in ("armament", "armour", "refits", "sources", "turrets"):  # every list of the vessel model
        assert f'name="_row" value="add {list_name}"' in page, list_name
    page = press(client, page, "add armament", id="uss-mattabesett-b", name="USS Mattabesett B", speed_kn="13")
    assert guns_of(page) == sister + [""]  # one empty row: the new one
    assert re.search(r'<input name="armament\.5\.gun"[^>]*autofocus', page)  # where the user goes on typing
    assert dict(form_of(page))["speed_kn"] in ("13", "13.0") and 'value="USS Mattabesett B"' in page  # nothing lost
    page = press(client, page, "add armament")
    assert guns_of(page) == sister + ["", ""]  # the user asked for two
    page = press(client, page, "remove armament.6", **{"armament.5.gun": "dahlgren-20pdr-rifle",
                                                       "armament.5.count": "2", "armament.5.mounting": "broadside"})
    assert guns_of(page) == sister + ["dahlgren-20pdr-rifle"]
    page = press(client, page, "up armament.5")
    page = press(client, page, "remove armament.0")
    assert guns_of(page) == ["parrott-100pdr", "dahlgren-9in", "dahlgren-24pdr-howitzer", "dahlgren-20pdr-rifle",
                             "dahlgren-12pdr-howitzer"]
    page = press(client, page, "down armament.0")
    assert guns_of(page)[:2] == ["dahlgren-9in", "parrott-100pdr"]
    assert 'aria-label="Remove gun 4: 20-pounder Dahlgren rifle"' in page  # a button says which row, in words
    r = client.post("/editor/save", content=urlencode(form_of(page)), headers=FORM, follow_redirects=False)
    assert r.status_code == 303, r.text[:400]
    saved = yaml.safe_load((client.ships / "uss-mattabesett-b.yaml").read_text())
    assert [m["gun"] for m in saved["armament"]] == guns_of(page) and saved["speed_kn"] == 13
    assert saved["armament"][3] == {"gun": "dahlgren-20pdr-rifle", "count": 2, "mounting": "broadside"}


def test_a_button_that_names_no_row_changes_nothing(client):
    page = client.get("/new", params={"like": "uss-metacomet"}).text
    for button in ("remove armament.99", "up armament.0", "add kind", "remove ../../etc", "explode"):
        assert guns_of(press(client, page, button)) == guns_of(page), button


def test_enter_in_a_field_checks_the_form_never_saves_nor_presses_a_rows_button(client):
    """A browser's Enter presses the form's first submit button: main's was none (htmx's trigger replaced the submit,
    so the browser posted the whole page to /editor/check); now it is a Check button before every row's buttons, and
    the form's htmx trigger takes the submit, so the check is made in place."""
    page = client.get("/new", params={"like": "uss-metacomet"}).text
    form = page[page.index('<form id="editor"'):page.index("</form>")]
    first = re.search(r"<button [^>]*>", form).group(0)
    assert 'type="submit"' in first and 'formaction="/editor/check"' in first and "name=" not in first
    trigger = re.search(r'<form id="editor"[^>]*hx-trigger="([^"]+)"', page, re.S).group(1)
    assert "submit" in [t.strip().split()[0] for t in trigger.split(",")]


def _check(client, **changes) -> str:
    form = dict(form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update({"id": "uss-wording", "name": "USS Wording", **changes})
    return client.post("/editor/check", content=urlencode(form), headers=FORM).text


def _slot(page: str, name: str) -> str:
    dom = name.replace(".", "__")
    return html.unescape(re.search(rf'<span class="err" id="err-{dom}">([^<]*)</span>', page).group(1))


@pytest.mark.parametrize("changes, field, said", [
    ({"beam_ft": "wide"}, "beam_ft", "a number of feet, e.g. 34.5 (not “wide”)"),
    ({"length_ft": "-3"}, "length_ft", "a number of feet more than 0, e.g. 205 (not “-3”)"),
    ({"id": "USS Wording"}, "id", "lower-case letters and digits in words joined by hyphens, e.g. uss-chicopee"),
    ({"armament.4.gun": "armstrong-600pdr"}, "armament.4.gun", "no gun ‘armstrong-600pdr’ in the catalogue"),
    ({"armament.4.mounting": ""}, "armament.4.mounting", "needed: choose one"),
    ({"armament.4.count": "two"}, "armament.4.count", "a whole number, e.g. 2 (not “two”)"),
    ({"displacement_tons": ""}, "displacement_tons", "needs Displacement (tons) or Burthen (tons)"),
])
def test_a_mistake_is_said_at_its_field_in_the_users_words(client, changes, field, said):
    """Main said `beam_ft: expected a valid number, unable to parse string as a number (got 'wide') (line 5)`, an id's
    regex, `shipyard guns`, `armament[4]` counted from 0 and snake_case names: now what is expected, with an example,
    at the field, and in the list with the field's label and its row counted from 1."""
    page = _check(client, **changes)
    assert said in _slot(page, field), _slot(page, field)
    summary = html.unescape(re.search(r'id="check-errors">(.*?)</div>', page, re.S).group(1))
    for programmer in ("(line ", "shipyard guns", "pattern", "^[a-z", "armament[", "_ft", "_tons", "{gun:"):
        assert programmer not in summary and programmer not in _slot(page, field), programmer
    where = "Gun 5" if field.startswith("armament") else ""
    assert where in summary and said.split(" (not")[0] in summary


def test_without_javascript_a_mistakes_field_is_invalid_and_described_by_its_message(client):
    """The full page a check answers without JavaScript: the field is aria-invalid and its aria-describedby names its
    help and its message; a closed section holding a mistake is shown open, with the count on its heading."""
    form = dict(form_of(client.get("/new", params={"like": "uss-metacomet"}).text))
    form.update(id="uss-wording", name="USS Wording", beam_ft="wide", launched="sometime")
    r = client.post("/editor/check", content=urlencode(form), headers=FORM)
    assert r.status_code == 422
    beam = re.search(r'<input name="beam_ft"[^>]*>', r.text).group(0)
    assert 'aria-invalid="true"' in beam and 'aria-describedby="err-beam_ft"' in beam
    speed = re.search(r'<input name="speed_kn"[^>]*>', r.text).group(0)
    assert "aria-invalid" not in speed and 'aria-describedby="help-speed_kn err-speed_kn"' in speed
    assert re.search(r'<input name="beam_ft"[^>]*autofocus', r.text)  # the page opens at the first field to mend
    assert len(re.findall(r"\sautofocus", r.text)) == 1
    history = re.search(r'<details class="section" id="section-history"([^>]*)>\s*<summary>(.*?)</summary>', r.text,
                        re.S)
    assert " open" in history.group(1) and "1 to mend" in history.group(2)
    assert re.search(r'<details class="section" id="section-refits">', r.text)  # a section with none stays closed


def test_every_label_carries_its_required_marker_in_words_and_its_help(client):
    """Main's fields each had an aria-label that overrode the visible label: a screen reader heard neither the `*` nor
    the help. Now the label is the field's name (for=), with "(required)" in words, and the help is tied by
    aria-describedby; a row's fields are named with the row ("Gun 3" + "Count")."""
    page = client.get("/ships/uss-metacomet/edit").text
    form = page[page.index('<form id="editor"'):page.index("</form>")]
    form = re.sub(r"<template.*?</template>", "", form, flags=re.S)
    assert not re.search(r'<(input|select|textarea) name="(?!_)[^"]*"[^>]*aria-label=', form)
    label = re.search(r'<label for="f-speed_kn"[^>]*>(.*?)</label>', form, re.S).group(1)
    assert "Speed (kn)" in label and "(required)" in re.sub(r"<[^>]+>", "", label)
    assert 'id="help-speed_kn">the speed to play' in form
    helps = " ".join(re.findall(r'<small class="help" id="[^"]*">([^<]*)</small>', form))
    assert "a burthen goes in Burthen (tons)" in helps and "burthen_tons" not in helps  # a field by its label
    crew = re.search(r'<label for="f-crew"[^>]*>(.*?)</label>', form, re.S).group(1)
    assert "(required)" not in crew
    count = re.search(r'<input name="armament\.2\.count"[^>]*>', form).group(0)
    assert 'aria-labelledby="rowname-armament__2 l-armament__2__count"' in count and 'aria-required="true"' in count
    assert re.search(r'id="rowname-armament__2">Gun 3</span><span class="row-title">: 9-inch Dahlgren smoothbore', form)
    gun = re.search(r'<input name="armament\.2\.gun"[^>]*>', form).group(0)
    assert 'list="guns"' in gun and 'aria-describedby="help-armament-gun err-armament__2__gun"' in gun


def test_the_gun_list_offers_every_catalogue_gun_by_its_full_name_calibre_and_weight(client):
    from shipyard import app

    page = client.get("/new").text
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', page.split('<datalist id="guns">')[1]
                         .split("</datalist>")[0])
    assert {v for v, _ in options} == set(app.load_library().ordnance)
    said = dict(options)["dahlgren-9in"]
    assert said.startswith("9-inch Dahlgren smoothbore") and "9 in" in said and "9200 lb" in said


# -- the scenario builder ------------------------------------------------------------------------------------------


def builder_press(client, page: str, button: str | None, **changes) -> str:
    """The builder's page after pressing one of its buttons (`_act` value; None: Save), with `changes` typed first."""
    form = [(n, v) for n, v in form_of(page, "scenario-form") if n not in changes]
    form += list(changes.items()) + ([("_act", button)] if button else [])
    r = client.post("/scenarios/new", content=urlencode(form), headers=FORM, follow_redirects=False)
    return r


def test_the_scenario_builder_finds_adds_orders_lashes_and_places_ships_without_ctrl_click(client, tmp_path):
    """Main's builder was two multi-selects of every ship ("Hold Ctrl"), impossible on a tablet: now a search finds
    ships, a button adds each to a side, Up and Down order them, a consort is chosen to lash her to, each gets her
    start on the plan (x, y, heading), the plan is drawn before saving, and Save writes the file `shipyard new
    scenario` writes, which `shipyard validate` passes."""
    import subprocess

    page = client.get("/scenarios/new").text
    assert "Ctrl" not in page and "multiple" not in page
    r = builder_press(client, page, "find", id="lashed-pair", name="A lashed pair", date="1864-08-05",
                      place="Mobile Bay", q="metacomet")
    assert r.status_code == 200 and 'aria-label="Add USS Metacomet to Union"' in r.text
    page = builder_press(client, r.text, "add 1 uss-metacomet").text
    page = builder_press(client, page, "find", q="hartford").text
    page = builder_press(client, page, "add 1 uss-hartford").text
    assert re.search(r'name="as_of_1_uss-hartford"[^>]*autofocus', page)  # the user is at the ship just added
    page = builder_press(client, page, "find", q="", q_navy="CSN").text
    assert 'aria-label="Add CSS Tennessee to Confederate"' in page and "USS Hartford" not in page.split('id="found"')[1].split("</ul>")[0]
    page = builder_press(client, page, "add 2 css-tennessee").text
    page = builder_press(client, page, "up 1 uss-hartford").text
    assert [v for n, v in form_of(page, "scenario-form") if n == "side1_units"] == ["uss-hartford", "uss-metacomet"]
    placed = {"lash_1_uss-metacomet": "uss-hartford", "x_1_uss-hartford": "4500", "y_1_uss-hartford": "2000",
              "heading_1_uss-hartford": "270", "x_1_uss-metacomet": "4500", "y_1_uss-metacomet": "1900",
              "heading_1_uss-metacomet": "270", "x_2_css-tennessee": "1500", "y_2_css-tennessee": "2000",
              "heading_2_css-tennessee": "90"}
    planned = builder_press(client, page, "plan", **placed).text
    assert re.search(r'id="builder-plan" data-pages="1"><div class="sheet-page"><svg ', planned)
    bad = builder_press(client, page, "plan", **{**placed, "x_2_css-tennessee": "far"}).text
    assert "a number of yards, e.g. 4500 (not “far”)" in html.unescape(bad) and 'id="builder-plan"' not in bad
    r = builder_press(client, planned, None)
    assert r.status_code == 303 and r.headers["location"] == "/scenarios/lashed-pair"
    path = client.ships / "scenarios" / "lashed-pair.yaml"
    saved = yaml.safe_load(path.read_text())
    assert list(saved)[:6] == ["kind", "id", "name", "date", "place", "sides"]  # the order `new scenario` writes
    assert saved["sides"][0]["units"] == [{"id": "uss-hartford"}, {"id": "uss-metacomet", "lashed_to": "uss-hartford"}]
    assert saved["setup"]["area"] == {"width_yd": 6000, "depth_yd": 4000}
    assert saved["setup"]["starts"]["uss-metacomet"] == {"at": [4500, 1900], "heading": 270}
    made = subprocess.run(["shipyard", "new", "scenario", "Probe Fight"], cwd=tmp_path, capture_output=True, text=True)
    written = yaml.safe_load((tmp_path / "ships" / "probe-fight.yaml").read_text())
    assert made.returncode == 0 and list(written)[:6] == list(saved)[:6]
    assert set(saved["setup"]) <= set(written["setup"]) and set(written["setup"]["starts"]["uss-metacomet"]) >= {"at", "heading"}
    checked = subprocess.run(["shipyard", "validate", str(path)], cwd=tmp_path, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    page = builder_press(client, planned, "remove 1 uss-hartford").text  # her consort's lashing goes with her
    assert re.search(r'<select name="lash_1_uss-metacomet">\s*<option value="">no one</option>\s*</select>', page)
