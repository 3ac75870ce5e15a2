"""Issue 24, reach, in a real browser: a Wikipedia infobox pasted into the share page becomes a draft in the editor,
its missing displacement estimated and said so, saved into the library; the rule set and share pages fit a phone.
One server for the module and the run's one Chromium (tests/browsing.py)."""

from __future__ import annotations

from pathlib import Path

from browsing import EC, By, browser, horizontal_overflow, resize, server, shots, snap, wait  # noqa: F401  (fixtures)

NEUSE = Path(__file__).resolve().parent / "data" / "infoboxes" / "css-neuse.wiki"
SIZES = ((1366, 768), (1024, 768), (390, 844))


def test_paste_neuses_infobox_check_the_estimate_and_save_her(server, browser, shots):
    url, ships = server
    resize(browser, 1366, 768)
    browser.get(f"{url}/share")
    box = browser.find_element(By.ID, "wikitext")
    # a paste: the whole wikitext lands in the box at once (typing 1 kB key by key says nothing more)
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                           box, NEUSE.read_text())
    browser.find_element(By.ID, "infobox-draft").click()
    note = wait(browser, EC.presence_of_element_located((By.ID, "draft-note")))
    assert "displacement: 622 long tons estimated" in note.text and "block coefficient" in note.text
    assert browser.find_element(By.NAME, "displacement_tons").get_attribute("value") == "622"
    assert browser.find_element(By.NAME, "name").get_attribute("value") == "CSS Neuse"
    assert not (ships / "css-neuse.yaml").exists()  # nothing is written before Save
    snap(browser, shots / "reach-infobox-draft.png")
    browser.find_element(By.ID, "save").click()
    wait(browser, EC.presence_of_element_located((By.ID, "saved")))
    assert browser.current_url.endswith("/ships/css-neuse?saved=1")
    saved = (ships / "css-neuse.yaml").read_text()
    assert "displacement_tons: 622" in saved and "displacement_basis: estimate" in saved
    # every reason that plays her tons says they are estimated (Smoke on the Water's card: its sizes are by tons)
    browser.get(f"{url}/ships/css-neuse?rules=smoke-on-the-water")
    wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, ".stat-card")))
    assert "displacement ESTIMATE (estimated" in browser.page_source
    snap(browser, shots / "reach-neuse-saved.png")


def test_the_rule_set_and_share_pages_fit_every_screen(server, browser, shots):
    url, _ = server
    for name, path in (("rules", "/rules/saunders"), ("share", "/share")):
        browser.get(url + path)  # each page opened once and measured at each size: its styles follow the window
        for width, height in SIZES:
            resize(browser, width, height)
            assert horizontal_overflow(browser) == 0, (path, width)
            snap(browser, shots / f"reach-{name}-{width}.png")
