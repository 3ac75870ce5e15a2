"""The ship page in a real browser at desktop, tablet and phone sizes (issue 24, cards24): the stat card first and
short, the record sheet at the content's full width (every page), no sideways scrolling, a reason a tap away; and
the compare page's differences marked in words. One server for the module and the run's one Chromium
(tests/browsing.py)."""

from __future__ import annotations

from browsing import EC, By, browser, horizontal_overflow, resize, server, shots, snap, wait  # noqa: F401

SIZES = ((1366, 768), (1024, 768), (390, 844))


def test_the_ship_page_at_three_sizes(server, browser, shots):
    """Main's ship page was 4,400-8,200 px of internal keys with a 60-dpi sheet at the bottom, wider than a phone."""
    url, _ = server
    browser.get(f"{url}/ships/uss-hartford?rules=saunders")  # opened once and measured at each size: its styles
    for width, height in SIZES:                               # follow the window, no script reads its width
        resize(browser, width, height)
        browser.execute_script("window.scrollTo(0, 0); for (const d of document.querySelectorAll('.stat-card"
                               " .card-line details')) d.open = false")  # the reason shut again, for a tap to open
        card = wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, ".stat-card")))
        assert horizontal_overflow(browser) == 0, width
        sheet = browser.find_element(By.CSS_SELECTOR, "#sheet-preview svg")
        content = browser.find_element(By.TAG_NAME, "main").size["width"]
        # the sheet at the content's width (readable, zoomable), below the card, above the history
        assert sheet.size["width"] >= 0.85 * content, (width, sheet.size, content)
        top = lambda el: el.location["y"]  # noqa: E731
        assert top(card) < top(sheet) < top(browser.find_element(By.ID, "history"))
        assert card.location["y"] < height, width  # the card starts on the first screen
        assert "Hull" in card.text and "22" in card.text and "guns[" not in card.text
        summary = card.find_element(By.CSS_SELECTOR, ".card-line summary")
        summary.click()
        reason = card.find_element(By.CSS_SELECTOR, ".card-line .reason")
        assert reason.is_displayed() and "kn" in reason.text
        tab = browser.find_element(By.CSS_SELECTOR, '.rules-tab[aria-current="page"]')
        assert tab.size["height"] >= 44 and "Saunders" in tab.text
        assert summary.size["height"] >= 44, summary.size  # a value's reason is a finger's tap away
        snap(browser, shots / f"cards24-ship-{width}.png")
    # Download means download (main sent the PDF inline: it opened in a tab)
    before = set(browser.downloads.iterdir())
    browser.find_element(By.ID, "download-pdf").click()
    wait(browser, lambda d: [f for f in set(d.downloads.iterdir()) - before if f.suffix == ".pdf"])
    pdf = next(f for f in set(browser.downloads.iterdir()) - before if f.suffix == ".pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-" and "uss-hartford" in pdf.name


def test_the_compare_page_marks_a_refit_in_words_at_a_phone_width(server, browser, shots):
    url, _ = server
    resize(browser, 390, 844)
    browser.get(f"{url}/compare?a=uss-hartford&as_of_a=1862-06-01&b=uss-hartford&as_of_b=1864-08-05&rules=saunders")
    table = wait(browser, EC.visibility_of_element_located((By.ID, "compare-table")))
    assert horizontal_overflow(browser) == 0
    marked = table.find_elements(By.CSS_SELECTOR, "tr.differs .differs-mark")
    assert marked and all(m.text == "≠ differs" for m in marked)  # said in words, not by colour alone
    browser.get(f"{url}/compare?a=uss-tecumseh&b=css-tennessee&rules=sotw")  # long words: 'conventional/casemate'
    wide = browser.execute_script("const s = document.querySelector('.compare-scroll'); return s.scrollWidth - s.clientWidth")
    assert wide <= 0 and horizontal_overflow(browser) == 0  # the table fits: no sideways scroll even inside it
    snap(browser, shots / "cards24-compare-390.png")


def test_the_editor_keeps_her_last_figures_while_a_mistake_is_mended(server, browser, shots):
    """The review: the result panel collapsed (stats and preview gone) whenever the form was momentarily invalid while
    typing, so the page jumped. Now the last figures that checked out stay, greyed and said to be so."""
    url, _ = server

    def set_field(driver, name, value):  # one change, one check (typing would send one a keystroke)
        driver.execute_script("const box = document.getElementsByName(arguments[0])[0]; box.value = arguments[1];"
                              "box.dispatchEvent(new Event('change', {bubbles: true}));", name, value)

    resize(browser, 1366, 768)
    browser.get(f"{url}/ships/uss-monitor/edit")
    wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#result-figures .stat-card")))  # at once
    set_field(browser, "beam_ft", "wide")
    wait(browser, lambda d: d.execute_script("const s = document.getElementById('last-figures'); return !!s && !s.hidden"))
    kept = browser.find_element(By.ID, "last-figures")
    assert "As last checked" in kept.text and kept.find_elements(By.CSS_SELECTOR, ".kept .stat-card")
    assert not browser.find_elements(By.CSS_SELECTOR, "#result [id='editor-preview']")  # the copy repeats no id
    snap(browser, shots / "cards24-editor-kept.png")
    set_field(browser, "beam_ft", "41.5")
    wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#result-figures #editor-preview svg")))
    assert not browser.find_elements(By.ID, "last-figures")
