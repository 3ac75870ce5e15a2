"""`shipyard serve` in a real browser: headless Chromium driven by Selenium (Debian's chromium and chromium-driver).

In CI a missing browser is a failure (.ci/run installs it); on a developer's machine without one these tests skip.
Screenshots (browsing.snap) are taken where $SHIPYARD_SCREENSHOTS names a folder for them, and only then.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from browsing import EC, WAIT, By, Select, browser, free_port, served, server, shots, snap, stopped  # noqa: F401
from browsing import set_field as _set
from browsing import wait as _wait


def test_change_her_speed_and_see_stats_and_preview_follow(server, browser, shots):
    url, _ = server
    browser.get(f"{url}/new?like=uss-metacomet")
    _set(browser, "id", "uss-mattabesett")
    _set(browser, "name", "USS Mattabesett")
    preview = _wait(browser, EC.presence_of_element_located((By.ID, "editor-preview")))
    first = preview.get_attribute("innerHTML")
    stats_before = browser.find_element(By.CSS_SELECTOR, '#result .ruleset[data-rules="really-simple"]').text
    _set(browser, "speed_kn", "6")
    _wait(browser, lambda d: d.find_element(By.ID, "editor-preview").get_attribute("innerHTML") != first)
    _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#result .ruleset[data-rules="really-simple"]').text
          != stats_before)
    assert "speed_kn: 6" in browser.find_element(By.ID, "yaml-out").get_attribute("textContent")
    snap(browser, shots / "editor.png")


def test_a_bad_value_is_shown_at_its_field(server, browser, shots):
    url, _ = server
    browser.get(f"{url}/new?like=uss-metacomet")
    _set(browser, "beam_ft", "wide")
    _wait(browser, lambda d: "number" in d.find_element(By.ID, "err-beam_ft").text)
    _wait(browser, lambda d: d.find_element(By.ID, "check-errors").is_displayed())
    _set(browser, "beam_ft", "35")
    _wait(browser, lambda d: d.find_element(By.ID, "err-beam_ft").text == "")
    snap(browser, shots / "editor-error.png")


# where each page of the preview puts its first text (the ship's name) and its box track's first box, in page mm
_PLACES = """
const out = [];
for (const svg of document.querySelectorAll(arguments[0] + ' svg.shipyard-page')) {
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;  // screen px per mm
  const at = (el) => { const r = el.getBoundingClientRect(), s = svg.getBoundingClientRect();
                       return [(r.left - s.left) / k, (r.top - s.top) / k, r.width / k]; };
  const box = svg.querySelector('[data-track] rect');
  out.push({page: svg.dataset.page, text: at(svg.querySelector('text')), box: box && at(box),
            name: svg.querySelector('text').textContent});
}
return out;
"""


def test_the_editor_shows_every_page_of_the_sheet_as_svg_where_the_pdf_prints_it(server, browser, shots):
    """The live preview is the sheet itself, drawn in the browser: every page, in the bundled faces, each text and box
    where the PDF puts it (within a screen pixel), the boxes named for ticking."""
    import xml.etree.ElementTree as ET

    from shipyard import app

    SVG = "{http://www.w3.org/2000/svg}"
    url, _ = server
    lib = app.load_library()
    unit = lib.units["uss-monitor"].model_copy(update={"speed_kn": 7.0})
    browser.get(f"{url}/ships/uss-monitor/edit")
    _set(browser, "speed_kn", "7")
    for rules, pages in (("saunders", 1), ("really-simple", 2)):  # Really Simple's card has a back
        Select(browser.find_element(By.NAME, "_rules")).select_by_value(rules)
        _wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#editor-preview svg.shipyard-page")) == pages)
        _wait(browser, lambda d: d.execute_script(
            "return [...document.fonts].some(f => f.family.includes('shipyard') && f.status === 'loaded')"))
        shown = browser.execute_script(_PLACES, "#editor-preview")
        assert [p["page"] for p in shown] == [str(n) for n in range(1, pages + 1)]
        # the pages the server draws for paper: the first text and damage box of each, in mm
        for page, svg in zip(shown, app.sheet_svg(app.ruleset(rules), lib, [unit])):
            root = ET.fromstring(svg)
            text = next(root.iter(f"{SVG}text"))
            assert page["name"] == text.text
            assert abs(page["text"][0] - float(text.get("x"))) < 0.5
            assert abs(page["text"][2] - float(text.get("textLength"))) < 0.5
            tracks = [g for g in root.iter(f"{SVG}g") if g.get("data-track")]
            assert bool(page["box"]) == bool(tracks)
            if tracks:
                box = tracks[0][0]
                assert abs(page["box"][0] - float(box.get("x"))) < 0.5 and abs(page["box"][1] - float(box.get("y"))) < 0.5
        snap(browser.find_element(By.ID, "editor-preview"), shots / f"editor-svg-preview-{rules}.png")
    Select(browser.find_element(By.NAME, "_rules")).select_by_value("saunders")
    hull = _wait(browser, EC.presence_of_element_located(
        (By.CSS_SELECTOR, "#editor-preview [data-track='hull'] rect[data-box='18']")))  # her 18 hull boxes, named
    assert hull.is_displayed()


def test_save_into_the_user_library(server, browser):
    """The README's walk: USS Mattabesett from Metacomet. The bundled library has her too, so Save asks first."""
    url, ships = server
    browser.get(f"{url}/new?like=uss-metacomet")
    _set(browser, "id", "uss-mattabesett")
    _set(browser, "name", "USS Mattabesett")
    _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
    browser.find_element(By.ID, "save").click()
    confirm = _wait(browser, EC.element_to_be_clickable((By.ID, "confirm-copy")))
    assert "bundled USS Mattabesett" in browser.find_element(By.ID, "question-text").text
    assert not (ships / "uss-mattabesett.yaml").exists()
    confirm.click()
    _wait(browser, EC.presence_of_element_located((By.ID, "saved")))
    assert browser.find_element(By.ID, "ship-name").text == "USS Mattabesett"
    assert (ships / "uss-mattabesett.yaml").is_file()


def test_open_a_ship_and_see_her_sheet(server, browser, shots):
    url, _ = server
    browser.get(f"{url}/")
    search = browser.find_element(By.NAME, "q")
    search.send_keys("hartford")
    _wait(browser, lambda d: "USS Monitor" not in d.find_element(By.ID, "rows").text)
    browser.find_element(By.LINK_TEXT, "USS Hartford").click()
    sheet = _wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#sheet-preview svg")))
    assert sheet.size["width"] > 300 and "USS Hartford" in sheet.text
    summary = browser.find_element(By.CSS_SELECTOR, '.stat-card summary')
    summary.click()
    assert browser.find_element(By.CSS_SELECTOR, '.stat-card .reason').is_displayed()
    snap(browser, shots / "ship.png")


def test_build_a_mobile_bay_pack_and_download_it(server, browser, shots):
    url, _ = server
    browser.get(f"{url}/scenarios/mobile-bay-1864")
    for box in browser.find_elements(By.CSS_SELECTOR, '#pack-form input[name="rules"]'):  # not the plan's picker
        if box.get_attribute("value") != "quick-play" and box.is_selected():
            box.click()
    Select(browser.find_element(By.CSS_SELECTOR, '#pack-form select[name="paper"]')).select_by_value("letter")
    browser.find_element(By.ID, "build-pack").click()
    link = _wait(browser, EC.element_to_be_clickable((By.ID, "download-pack")), timeout=120)
    snap(browser, shots / "pack.png")
    link.click()
    target = browser.downloads / "mobile-bay-1864-pack.zip"
    for _ in range(400):
        if target.is_file() and not list(browser.downloads.glob("*.crdownload")):
            break
        time.sleep(0.05)
    import zipfile

    assert zipfile.ZipFile(target).namelist() == ["mobile-bay-1864-quick-play-letter.pdf"]  # named as the CLI names it


def test_a_bad_number_of_turns_is_said_under_the_pack_form(server, browser):
    """With htmx a refused build must still say why (htmx swaps only 2xx answers: a 422 would show nothing)."""
    url, _ = server
    browser.get(f"{url}/scenarios/mobile-bay-1864")
    browser.execute_script("document.getElementById('pack-turns').removeAttribute('max')")  # past the browser's check
    browser.find_element(By.ID, "pack-turns").send_keys("500")
    browser.find_element(By.ID, "build-pack").click()
    error = _wait(browser, EC.visibility_of_element_located((By.ID, "pack-error")))
    from shipyard.library.model import MAX_TURNS

    assert f"1 to {MAX_TURNS}" in error.text and "500" in error.text
    assert not browser.find_elements(By.ID, "pack-progress")


def _own_ship(ships: Path, ident: str, name: str) -> Path:
    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[1] / "vessels" / "usn" / "uss-metacomet.yaml").read_text())
    data.update(id=ident, name=name, speed_kn=12.0)
    ships.mkdir(parents=True, exist_ok=True)
    path = ships / f"{ident}.yaml"
    path.write_text("# my own notes, kept through every save\n" + yaml.safe_dump(data, sort_keys=False))
    return path


def test_two_windows_on_one_ship_the_stale_save_is_shown_both_versions(server, browser, shots):
    """The review's race: window 1 sets her speed and saves; window 2, opened before, renames her and saves."""
    url, ships = server
    path = _own_ship(ships, "race-ship", "USS Race")
    first = browser.current_window_handle
    browser.get(f"{url}/ships/race-ship/edit")
    browser.switch_to.new_window("window")
    second = browser.current_window_handle
    browser.get(f"{url}/ships/race-ship/edit")
    try:
        browser.switch_to.window(first)
        _set(browser, "speed_kn", "9.5")
        _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
        browser.find_element(By.ID, "save").click()
        _wait(browser, EC.presence_of_element_located((By.ID, "saved")))
        assert "speed_kn: 9.5" in path.read_text()

        browser.switch_to.window(second)
        _set(browser, "name", "USS Race Renamed")
        _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
        browser.find_element(By.ID, "save").click()
        keep = _wait(browser, EC.element_to_be_clickable((By.ID, "keep-mine")))
        assert "changed since you opened it" in browser.find_element(By.ID, "question-text").text
        assert browser.find_element(By.ID, "not-saved").is_displayed()  # said in the panel beside the form too
        assert "speed_kn: 9.5" in browser.find_element(By.ID, "theirs").text
        assert "USS Race Renamed" in browser.find_element(By.ID, "yours").text
        assert browser.find_element(By.ID, "take-theirs").is_displayed()
        assert "speed_kn: 9.5" in path.read_text() and "Renamed" not in path.read_text()  # nothing reverted
        snap(browser, shots / "editor-conflict.png")
        keep.click()  # keep mine, knowingly
        _wait(browser, EC.presence_of_element_located((By.ID, "saved")))
        assert "name: USS Race Renamed" in path.read_text()
        assert path.read_text().startswith("# my own notes, kept through every save\n")
    finally:
        browser.switch_to.window(second)
        browser.close()
        browser.switch_to.window(first)


def test_new_over_an_id_you_already_have_asks_first(server, browser):
    url, ships = server
    path = _own_ship(ships, "my-kept-ship", "USS Kept")
    mine = path.read_bytes()
    browser.get(f"{url}/new?like=uss-hartford")
    _set(browser, "id", "my-kept-ship")
    _set(browser, "name", "USS Newcomer")
    _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
    browser.find_element(By.ID, "save").click()
    replace = _wait(browser, EC.element_to_be_clickable((By.ID, "replace")))
    assert "is in your library already" in browser.find_element(By.ID, "question-text").text
    assert path.read_bytes() == mine
    replace.click()
    _wait(browser, EC.presence_of_element_located((By.ID, "saved")))
    assert "name: USS Newcomer" in path.read_text()


def _serve_alone(ships):
    """A server of the test's own, to stop while the browser is on its page."""
    import uvicorn

    from shipyard.web.server import create_app

    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(ships, allowed_hosts={"127.0.0.1"}), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(400):
        if srv.started:
            break
        time.sleep(0.05)

    def stop():
        srv.should_exit = True
        thread.join(timeout=30)
        stopped(url)

    url = served(f"http://127.0.0.1:{port}")
    return url, stop


def test_a_stopped_server_is_said_at_the_result_and_the_save_button(browser, tmp_path, shots):
    url, stop = _serve_alone(tmp_path / "ships")
    try:
        browser.get(f"{url}/new?like=uss-metacomet")
        _set(browser, "id", "uss-mattabesett")
        _set(browser, "name", "USS Mattabesett")
        _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
    finally:
        stop()
    _set(browser, "speed_kn", "-5")
    said = _wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#result > .request-failed")))
    assert "Can't reach shipyard" in said.text and said.get_attribute("role") == "alert"
    assert "stale" in browser.find_element(By.ID, "result").get_attribute("class")  # "All fields check out" struck
    beside = browser.find_element(By.CSS_SELECTOR, "#editor .buttons .request-failed")
    assert beside.is_displayed() and "Can't reach shipyard" in beside.text
    snap(browser, shots / "server-gone.png")
    browser.execute_script("document.querySelector('#editor .buttons .request-failed').remove()")
    browser.find_element(By.ID, "save").click()  # Save says so too, instead of doing nothing
    _wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#editor .buttons .request-failed")))


def test_an_error_answer_to_htmx_is_shown_not_dropped(server, browser):
    url, _ = server
    browser.get(f"{url}/new?like=uss-metacomet")
    _set(browser, "id", "uss-mattabesett")
    _set(browser, "name", "USS Mattabesett")
    _wait(browser, EC.presence_of_element_located((By.ID, "check-ok")))
    browser.execute_script("""const notes = document.querySelector('[name="notes"]');
        notes.value = 'x'.repeat(300 * 1024); notes.dispatchEvent(new Event('input', {bubbles: true}));""")
    said = _wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#result > .request-failed")))
    assert "413" in said.text and "larger than 256 kB" in said.text


def test_a_running_pack_is_cancelled_with_its_button(server, browser):
    url, _ = server
    browser.get(f"{url}/scenarios/mobile-bay-1864")
    browser.find_element(By.ID, "build-pack").click()  # all four rule sets: long enough to be running

    def click_cancel(d):  # the progress is swapped every 500 ms: a button found just before its swap is stale
        if d.find_elements(By.ID, "pack-cancelled"):
            return True  # a click that was taken although its element was swapped as it answered
        try:
            d.find_element(By.ID, "cancel-pack").click()
            return True
        except Exception:  # noqa: BLE001 - not there yet, or swapped under us: look again
            return False

    _wait(browser, click_cancel)
    # polled until the build has stopped at its next section: read the words, not an element that may be swapped
    _wait(browser, lambda d: "nothing was kept" in d.find_element(By.ID, "pack-cancelled").text)
    _wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#pack-progress[hx-get]"))  # stopped polling
    assert "nothing was kept" in browser.find_element(By.ID, "pack-cancelled").text
    assert not browser.find_elements(By.ID, "download-pack")


def test_a_scenarios_roster_and_a_rule_sets_templates_print_from_their_pages(server, browser):
    """Main's pages offered a ship's sheet and a whole pack, and nothing between: no roster, counters or templates."""
    url, _ = server
    browser.get(f"{url}/scenarios/mobile-bay-1864")
    row = _wait(browser, EC.visibility_of_element_located((By.ID, "scenario-aids")))
    link = next(a for a in row.find_elements(By.TAG_NAME, "a")
                if a.get_attribute("href").endswith("/roster.pdf?rules=quick-play"))
    assert link.is_displayed() and link.text == "order of battle"
    fetch = ("const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(async r => done("
             "[r.status, r.headers.get('content-type'), new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5))]))")
    assert browser.execute_async_script(fetch, link.get_attribute("href")) == [200, "application/pdf", "%PDF-"]
    browser.get(f"{url}/ships/uss-hartford?rules=saunders")
    templates = _wait(browser, EC.visibility_of_element_located((By.ID, "templates-pdf")))
    assert browser.execute_async_script(fetch, templates.get_attribute("href")) == [200, "application/pdf", "%PDF-"]


def test_the_scenario_page_shows_the_table_plan_within_a_phone_screen(server, browser, shots):
    """Issue 23: the scenario page draws its set-up's table plan as SVG; at 390 px wide the plan fits the screen
    (no sideways scroll to find a unit), and the rule-set picker redraws it at that rule set's ground scale."""
    url, _ = server
    browser.set_window_size(390, 900)
    browser.get(f"{url}/scenarios/mobile-bay-1864?rules=quick-play")
    plan = _wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#setup-plan svg")))
    width = browser.execute_script("return document.documentElement.clientWidth")
    box = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.height]",
                                 plan)
    assert 0 <= box[0] and box[1] <= width and box[1] - box[0] > 0.8 * width and box[2] > 0, (box, width)
    assert "Tecumseh" in plan.text and "Fort Morgan" in plan.text
    before = plan.get_attribute("innerHTML")
    Select(browser.find_element(By.CSS_SELECTOR, '#setup ~ form select[name="rules"]')).select_by_value("saunders")
    _wait(browser, lambda d: "rules=saunders" in d.current_url)
    redrawn = _wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#setup-plan svg")))
    assert redrawn.get_attribute("innerHTML") != before
    browser.execute_script("arguments[0].scrollIntoView()", redrawn)
    snap(browser, shots / "scenario-plan-390.png")


# what a page of the origin can see of what an earlier test left: cookies (the guard's key cookie is HttpOnly, so
# the browser's own list is read too), storage, caches and service workers, a global of the page's script. htmx's
# own record of the tab's current path is not counted: the page just opened writes it itself, when htmx chooses (a
# clean-clone CI run caught it written before one reading and not the other); a key an earlier test left is never it
_LEFT = """
const done = arguments[arguments.length - 1];
const session = Object.keys(sessionStorage).filter((k) => k !== 'htmx-current-path-for-history').sort();
Promise.all([caches.keys(), navigator.serviceWorker.getRegistrations()]).then(([cached, workers]) => done({
  cookie: document.cookie, local: localStorage.length, session: session, cached: cached,
  workers: workers.length, leftover: typeof window.leftover, online: navigator.onLine,
  history: history.length, size: [window.innerWidth, window.innerHeight]}));
"""


def test_each_test_is_handed_the_shared_chromium_with_nothing_an_earlier_test_left(server, chromium, browser,
                                                                                   tmp_path):
    """The browser files share one Chromium (conftest's `chromium`); `browsing.fresh`, which `browser` runs before
    every test, must leave the next test nothing of this one's: here a test leaves all it can, on two servers' pages,
    and the next is handed the browser."""
    from browsing import PARK, WINDOW, fresh

    url, _ = server
    other, stop = _serve_alone(tmp_path / "other")
    try:
        browser.get(f"{url}/scenarios")
        clean = browser.execute_async_script(_LEFT)
        browser.add_cookie({"name": "left", "value": "1", "httpOnly": True})
        browser.execute_async_script("""const done = arguments[arguments.length - 1];
            document.cookie = 'seen=1; path=/'; localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1');
            caches.open('left').then((c) => c.put('/left', new Response('1')))
              .then(() => navigator.serviceWorker.register('/games/sw.js', {scope: '/games/'}))
              .then((r) => new Promise((ok) => { const w = r.installing || r.waiting || r.active;
                  if (w.state === 'activated') ok(); else w.onstatechange = () => w.state === 'activated' && ok(); }))
              .then(() => done(true), (e) => done(String(e)));""")
        browser.get(f"{url}/")  # a page of history more
        left = browser.execute_async_script(_LEFT)
        assert "left" in left["cached"] and left["workers"] == 1 and left["local"] == 1 and "left" in left["session"], left
        assert {c["name"] for c in browser.get_cookies()} == {"left", "seen"} and left["history"] == 3
        browser.get(f"{other}/scenarios")  # the other server's page, in the same tab: its storage, a global
        browser.execute_script("localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1');"
                               " window.leftover = 1; setInterval(() => sessionStorage.setItem('late', '1'), 2)")
        browser.set_window_size(500, 700)  # the window resized, the network off
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                                     "downloadThroughput": -1, "uploadThroughput": -1})
        assert not browser.execute_script("return navigator.onLine")
        browser.switch_to.new_window("window")  # and a window of its own, left open
        browser.get(f"{url}/scenarios")

        fresh(chromium, tmp_path / "next")  # what the next test's `browser` does first

        assert len(chromium.window_handles) == 1 and chromium.current_url == other + PARK  # the last page ended
        assert chromium.downloads == tmp_path / "next" and chromium.downloads.is_dir()
        chromium.get(f"{url}/scenarios")
        assert not chromium.get_cookies()
        now = chromium.execute_async_script(_LEFT)
        assert now == clean and now["cookie"] == "" and now["cached"] == [] and now["workers"] == 0, now
        assert now["online"] and now["history"] == 2
        assert chromium.get_window_size() == {"width": WINDOW[0], "height": WINDOW[1]}
        chromium.get(f"{other}/scenarios")
        # nor what its page wrote after: it wrote every 2 ms until the page was frozen
        assert chromium.execute_script("return [localStorage.getItem('left'), sessionStorage.getItem('left'),"
                                       " sessionStorage.getItem('late'), typeof window.leftover]") == [None] * 3 + [
                                           "undefined"]
    finally:
        stop()
