"""The editor's form in a real browser, with JavaScript (issue 24, editor24): the edit-a-sister walk (change her
speed, add a gun with the picker, save) by keyboard alone and by touch-sized clicks on a phone; rows removed and moved
in place; Enter never leaves the page; the live result within 300 ms of the last keystroke. The same form without
JavaScript is tests/test_web_editor_form.py."""

from __future__ import annotations


import yaml

from browsing import EC, By, browser, resize, server, shots, snap, wait  # noqa: F401  (fixtures, found by name)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys


def keys(driver, *typed):
    """Keys typed at whatever has the focus, as a keyboard does (no element is clicked or focused by the test)."""
    ActionChains(driver).send_keys(*typed).perform()


def select_all(driver):
    """Ctrl+A at the focused field: what is typed next replaces its text."""
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()


_FOCUSED = """const el = document.activeElement;
return {name: el.getAttribute('name'), id: el.id, value: el.getAttribute('value'), tag: el.tagName.toLowerCase(),
        label: el.getAttribute('aria-label') || ''};"""


def tab_to(driver, wanted, limit=300):
    """Press Tab until the focused element is the one wanted (a predicate of what it is: name, id, value, tag,
    label); how many presses it took."""
    for presses in range(limit):
        if wanted(driver.execute_script(_FOCUSED)):
            return presses
        keys(driver, Keys.TAB)
    raise AssertionError(f"{limit} presses of Tab never reached it")


def named(name):
    return lambda el: el["name"] == name


def row_button(value):
    return lambda el: el["tag"] == "button" and el["value"] == value


def result_says(text):
    return lambda d: text in d.find_element(By.ID, "result").get_attribute("textContent")


def saved(ships, ident):
    return yaml.safe_load((ships / f"{ident}.yaml").read_text())


def test_the_sister_walk_by_keyboard_alone_enter_checks_in_place_and_the_gun_picker_names_her_new_gun(server, browser,
                                                                                                      shots):
    url, ships = server
    resize(browser, 1366, 768)
    browser.get(f"{url}/new?like=uss-metacomet")
    wait(browser, result_says("to mend"))  # the result is there before a key is pressed
    tab_to(browser, named("id"))
    keys(browser, "uss-mattabesett-kb", Keys.TAB, "USS Mattabesett KB")
    tab_to(browser, named("speed_kn"))
    select_all(browser)
    keys(browser, "13", Keys.ENTER)  # Enter: a check, in place
    wait(browser, result_says("speed_kn: 13"))
    assert browser.current_url == f"{url}/new?like=uss-metacomet"
    assert browser.switch_to.active_element.get_attribute("name") == "speed_kn"  # the user is where they were
    tab_to(browser, row_button("add armament"))
    keys(browser, Keys.ENTER)  # a sixth row, in place; the focus in its gun box
    assert browser.switch_to.active_element.get_attribute("name") == "armament.5.gun"
    keys(browser, "20-pounder Dahl")  # the picker: the catalogue searched by the gun's full name...
    wait(browser, EC.visibility_of_element_located((By.ID, "gun-picker")))
    keys(browser, Keys.ARROW_DOWN, Keys.ENTER)  # ...and chosen from its list
    assert browser.switch_to.active_element.get_attribute("value") == "dahlgren-20pdr-rifle"
    assert not browser.find_element(By.ID, "gun-picker").is_displayed()
    legend = browser.find_element(By.CSS_SELECTOR, "#rows-armament > li:last-child legend")
    wait(browser, lambda d: legend.text == "Gun 6: 20-pounder Dahlgren rifle")  # her full name, in the row
    keys(browser, Keys.TAB, "2", Keys.TAB, "broadside")
    tab_to(browser, lambda el: el["id"] == "save")
    snap(browser, shots / "editor-keyboard-before-save.png")
    keys(browser, Keys.ENTER)
    wait(browser, EC.url_contains("/ships/uss-mattabesett-kb?saved=1"))
    ship = saved(ships, "uss-mattabesett-kb")
    assert ship["speed_kn"] == 13 and len(ship["armament"]) == 6
    assert ship["armament"][-1] == {"gun": "dahlgren-20pdr-rifle", "count": 2, "mounting": "broadside"}


def _tap(driver, element):
    """A touch-sized click: the element is at least 44 x 44 CSS pixels, on screen, and clicked."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    size = element.size
    assert size["width"] >= 44 and size["height"] >= 44, (element.get_attribute("outerHTML")[:120], size)
    element.click()


def test_the_sister_walk_by_clicks_on_a_phone_with_rows_removed_and_moved_in_place(server, browser, shots):
    url, ships = server
    resize(browser, 390, 844)  # on the page `fresh` left: a window's inner size reads on any page, a blank one too
    browser.get(f"{url}/new?like=uss-metacomet")
    assert browser.execute_script("return [innerWidth, innerHeight]") == [390, 844]  # a phone's, as walked
    field = browser.find_element(By.NAME, "id")
    field.send_keys("uss-mattabesett-touch")
    browser.find_element(By.NAME, "name").send_keys("USS Mattabesett Touch")
    speed = browser.find_element(By.NAME, "speed_kn")
    speed.clear()
    speed.send_keys("13")
    _tap(browser, browser.find_element(By.CSS_SELECTOR, 'button[value="remove armament.1"]'))  # her second 100-pdr
    remove = browser.find_element(By.CSS_SELECTOR, 'button[value="remove armament.1"]')
    assert remove.get_attribute("aria-label") == "Remove gun 2: 9-inch Dahlgren smoothbore"  # numbered again
    _tap(browser, browser.find_element(By.CSS_SELECTOR, 'button[value="up armament.1"]'))  # the 9in to the top
    assert browser.find_element(By.NAME, "armament.0.gun").get_attribute("value") == "dahlgren-9in"
    _tap(browser, browser.find_element(By.CSS_SELECTOR, 'button[value="add armament"]'))
    gun = browser.find_element(By.NAME, "armament.4.gun")
    gun.send_keys("9200")  # by the gun's weight: her 9-inch Dahlgren, 9,200 lb...
    first = wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#gun-picker li")))
    assert first.get_attribute("data-gun") == "dahlgren-9in"
    browser.execute_script("arguments[0].select()", gun)
    gun.send_keys("20-pounder dahlgren")  # ...or by name: the one wanted
    _tap(browser, wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, '#gun-picker li[data-gun="dahlgren-20pdr-rifle"]'))))
    assert gun.get_attribute("value") == "dahlgren-20pdr-rifle"
    browser.find_element(By.NAME, "armament.4.count").send_keys("2")
    browser.find_element(By.CSS_SELECTOR, 'select[name="armament.4.mounting"] option[value="broadside"]').click()
    wait(browser, result_says("dahlgren-20pdr-rifle"))
    assert browser.execute_script("return document.querySelectorAll('#rows-armament > li').length") == 5
    snap(browser, shots / "editor-phone-rows.png")
    _tap(browser, browser.find_element(By.ID, "save"))
    wait(browser, EC.url_contains("/ships/uss-mattabesett-touch?saved=1"))
    ship = saved(ships, "uss-mattabesett-touch")
    assert ship["speed_kn"] == 13
    assert [m["gun"] for m in ship["armament"]] == ["dahlgren-9in", "parrott-100pdr", "dahlgren-24pdr-howitzer",
                                                    "dahlgren-12pdr-howitzer", "dahlgren-20pdr-rifle"]


# In the page, by the browser's own clock: the time of the last keystroke's input event, and of the frame drawn once
# the result panel holds what was typed (the change seen, then the next frame's callback and the task after it: the
# new panel laid out and painted).
_WATCH = """
const field = document.querySelector('[name="speed_kn"]'), result = document.getElementById('result');
window.__typed = null; window.__shown = null; window.__want = null;
let seen = false;
field.addEventListener('input', () => { window.__typed = performance.now(); seen = false; });
new MutationObserver(() => {
  if (window.__want && !seen && result.textContent.includes(window.__want)) {
    seen = true;
    requestAnimationFrame(() => setTimeout(() => { window.__shown = performance.now(); }, 0));
  }
}).observe(result, {childList: true, subtree: true, characterData: true});
"""


def test_the_result_follows_each_last_keystroke(server, browser, shots):
    """The review measured 0.5-0.9 s from the last keystroke to the new stats (a 300 ms debounce, a PNG preview, requests
    in series) while the server needs ~40 ms: now one request, soon after the last keystroke, brings the stats and
    every page of the sheet, and each value typed is the one shown. How long it takes is measured by
    benchmarks/bench_editor.py (goal: median 300 ms), not here: a timed test fails on a loaded machine."""
    url, _ = server
    resize(browser, 1366, 768)
    browser.get(f"{url}/ships/uss-metacomet/edit")
    wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#result #editor-preview")))
    browser.execute_script(_WATCH)
    speed = browser.find_element(By.NAME, "speed_kn")
    times = []
    for k in range(10):
        typed = f"9.{k}7"  # as the file says it: no trailing zero
        # what is typed replaces it: focused first, as select() alone left a field that was not the active element to
        # WebDriver, whose typing then focuses it with the caret at the end, appending ("9.079.17", never shown); and
        # emptied, as on a loaded machine the first select() once did not take ("12.59.07": the file's 12.5 kept)
        browser.execute_script("arguments[0].focus(); arguments[0].value = ''; arguments[0].select()", speed)
        browser.execute_script("window.__want = arguments[0]; window.__shown = null;", f"speed_kn: {typed}")
        speed.send_keys(typed)
        assert speed.get_attribute("value") == typed  # (else the wait below would time out on a value never typed)
        wait(browser, lambda d: d.execute_script("return window.__shown !== null"))
        times.append(browser.execute_script("return window.__shown - window.__typed"))
    print("last keystroke to the result, ms:", [round(t) for t in times])
    assert len(times) == 10 and all(t > 0 for t in times)  # every change shown, after its own keystroke


def test_the_scenario_builder_on_a_phone_by_keyboard_search_add_and_save(server, browser, shots):
    """No Ctrl-click: Enter in the search finds ships (it never saves), a button adds each to her side, Save writes."""
    from browsing import horizontal_overflow

    url, ships = server
    resize(browser, 390, 844)  # on the page `fresh` left: a window's inner size reads on any page, a blank one too
    browser.get(f"{url}/scenarios/new")
    assert browser.execute_script("return [innerWidth, innerHeight]") == [390, 844]  # a phone's, as walked
    tab_to(browser, named("id"))
    keys(browser, "phone-skirmish", Keys.TAB, "A phone skirmish", Keys.TAB, "1864-08-05", Keys.TAB, "Mobile Bay")
    for ship, side in (("metacomet", "Union"), ("selma", "Confederate")):
        tab_to(browser, named("q"))
        select_all(browser)
        keys(browser, ship, Keys.ENTER)  # Enter: the search, not a save
        wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, f'#found button[aria-label$="to {side}"]')))
        assert not (ships / "scenarios" / "phone-skirmish.yaml").exists()
        tab_to(browser, lambda el: el["label"].endswith(f"{ship.capitalize()} to {side}"))
        keys(browser, Keys.ENTER)
        wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, '#side1-units, #side2-units')))
    assert horizontal_overflow(browser) == 0
    snap(browser, shots / "scenario-builder-390.png")
    tab_to(browser, lambda el: el["id"] == "save-scenario")
    keys(browser, Keys.ENTER)
    wait(browser, EC.url_contains("/scenarios/phone-skirmish"))
    scenario = yaml.safe_load((ships / "scenarios" / "phone-skirmish.yaml").read_text())
    assert [[u["id"] for u in side["units"]] for side in scenario["sides"]] == [["uss-metacomet"], ["css-selma"]]


def test_a_live_checks_mistake_marks_its_field_invalid_and_is_said_once_to_a_screen_reader(server, browser):
    """With JavaScript the check replaces only the result and the message slots: the field follows (aria-invalid
    while its slot says something), the section's heading counts it, and the status region says what was found."""
    url, _ = server
    resize(browser, 1366, 768)
    browser.get(f"{url}/ships/uss-metacomet/edit")
    wait(browser, result_says("All fields check out"))
    beam = browser.find_element(By.NAME, "beam_ft")
    browser.execute_script("arguments[0].select()", beam)
    beam.send_keys("wide")
    wait(browser, lambda d: beam.get_attribute("aria-invalid") == "true")
    said = browser.find_element(By.ID, "check-said")
    assert said.get_attribute("role") == "status" and "Beam (ft): a number of feet, e.g. 34.5" in said.get_attribute(
        "textContent")
    assert browser.find_element(By.ID, "err-beam_ft").text.startswith("a number of feet")
    assert "1 to mend" in browser.find_element(By.CSS_SELECTOR, "#section-hull summary").text
    browser.execute_script("arguments[0].select()", beam)
    beam.send_keys("35")
    wait(browser, lambda d: beam.get_attribute("aria-invalid") is None)
    assert browser.find_element(By.ID, "err-beam_ft").text == ""
    assert "to mend" not in browser.find_element(By.CSS_SELECTOR, "#section-hull summary").text
    wait(browser, lambda d: "All fields check out" in said.get_attribute("textContent"))


_PLACES_OF = """const f = document.getElementById('editor').getBoundingClientRect(),
                    r = document.getElementById('result').getBoundingClientRect();
return {formLeft: f.left, formRight: f.right, formHeight: f.height, resultLeft: r.left, resultTop: r.top + scrollY,
        formTop: f.top + scrollY};"""


def test_the_form_and_its_result_side_by_side_from_a_tablet_up_one_above_the_other_on_a_phone(server, browser, shots):
    """The review: the live result sat below a 2,900 px form on a phone, and the tablet's gun column was cut. Now
    the form is in sections (the rarely changed ones closed) and its rows are cards: beside the result at 1366 and
    1024 px, above it at 390 px and shorter than 2,900 px, never wider than the screen."""
    from browsing import horizontal_overflow

    url, _ = server
    browser.get(f"{url}/new?like=uss-metacomet")
    wait(browser, result_says("to mend"))
    # the page opened once and measured at each size: its styles follow the window, no script reads its width
    for width, height in ((1366, 768), (1024, 768), (390, 844)):
        resize(browser, width, height)
        at = browser.execute_script(_PLACES_OF)
        assert horizontal_overflow(browser) == 0, width
        if width >= 1024:
            assert at["resultLeft"] >= at["formRight"], (width, at)  # side by side
        else:
            assert at["resultTop"] >= at["formTop"] + at["formHeight"] and at["formHeight"] <= 2900, at
        snap(browser, shots / f"editor-{width}.png")
