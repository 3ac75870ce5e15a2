"""Every page at every size and for every user, in a real Chromium: no sideways scrolling at a desktop's, a tablet's
or a phone's width; touch targets a finger can hit on a phone; a skip link first in the tab order and a focus ring
that shows; and axe-core (vendored in tests/vendor/axe-core) finding no serious or critical violation, WCAG AA
contrast included.

The walk (the `survey` fixture) opens each page once and measures it at the three sizes, a page a case; the tests
below read what it measured, so the whole module costs one load of each page, and xdist spreads the pages. A page
added to the web app is added to PAGES: a test compares PAGES with the app's routes.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

from browsing import browser, fresh, horizontal_overflow, resize, server, shots, snap  # noqa: F401  (fixtures, by name)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"

# the one list of the app's pages and sizes, with tools/screenshots.py, which photographs the same walk
_spec = importlib.util.spec_from_file_location("screenshots", Path(__file__).parents[1] / "tools" / "screenshots.py")
screenshots = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(screenshots)
SIZES, PAGES = screenshots.SIZES, screenshots.pages()

# the pages of the global layout's own part of the app: here every axe finding is mended, whatever its impact
WHOLLY_CLEAN = {"library", "scenarios", "scenario", "pack", "not found"}
# GET routes that answer with a file, a fragment or a stream, never a page of their own (besides those named like a
# file: *.pdf, *.zip)
NOT_PAGES = {"/packs/{job}/download", "/games/{game}/events", "/games/{game}/units/{unit}/sheet"}


def _route_pages() -> set[str]:
    from starlette.routing import Route

    from shipyard.web.server import create_app

    app = create_app(Path("/nonexistent-shipyard-user-dir"), allowed_hosts={"testserver"})
    return {r.path for r in app.app.routes if isinstance(r, Route) and "GET" in (r.methods or ())
            and not r.path.startswith("/api/") and r.path not in NOT_PAGES and not re.search(r"\.[a-z]+$", r.path)}


def _pattern(path: str) -> str:
    """/ships/uss-hartford/edit -> /ships/{ident}/edit, as the route list names it."""
    path = path.split("?")[0]
    if path in _route_pages():
        return path
    for route in _route_pages():
        parts, got = route.strip("/").split("/"), path.strip("/").split("/")
        if len(parts) == len(got) and all(p == g or p.startswith("{") for p, g in zip(parts, got)):
            return route
    return path


def test_every_page_of_the_app_is_walked():
    walked = {_pattern(p) for p in PAGES.values() if isinstance(p, str)} | {"/packs/{job}", "/games/{game}", "/games/{game}/links"}
    assert _route_pages() <= walked, f"pages no test here opens: {sorted(_route_pages() - walked)}"


# what a finger taps: every control, and every link that is not a word inside a sentence (a link whose neighbours
# are words is sized by the text it sits in, which WCAG exempts); a box ticked through its label is measured there
TARGETS = r"""
const out = [];
const visible = (r) => r.width > 0 && r.height > 0;
for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
  if (el.closest('svg') || el.classList.contains('skip')) continue;      // the skip link is measured when focused
  let box = el;
  if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) box = el.closest('label');
  if (el.tagName === 'A' && el.parentElement) {
    let around = el.parentElement.textContent;
    for (const a of el.parentElement.querySelectorAll('a')) around = around.replace(a.textContent, '');
    if (/\p{L}/u.test(around) && !el.closest('nav, .buttons, .actions, .filters')) continue;
  }
  const r = box.getBoundingClientRect();
  if (!visible(r) || getComputedStyle(box).visibility === 'hidden') continue;
  if (r.height < 43.5 || r.width < 43.5)
    out.push(`${el.tagName.toLowerCase()}${el.getAttribute('id') ? '#' + el.getAttribute('id') : ''}${el.getAttribute('name') ? '[name=' + el.getAttribute('name') + ']' : ''}`
             + ` "${(el.textContent || el.value || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
}
return out;
"""

# what sticks out of the window, outermost first, where no box of its own scrolls it
WIDE = r"""
const W = document.documentElement.clientWidth, out = [];
for (const el of document.body.querySelectorAll('*')) {
  const r = el.getBoundingClientRect();
  if (r.right <= W + 0.5 || !r.width) continue;
  let p = el.parentElement, inner = false;
  for (; p && p !== document.body; p = p.parentElement)
    if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) { inner = true; break; }
  if (!inner && !(el.parentElement && el.parentElement.getBoundingClientRect().right > W + 0.5))
    out.push(`${el.tagName.toLowerCase()}${el.getAttribute('id') ? '#' + el.getAttribute('id') : ''}.${[...el.classList].join('.')} to ${Math.round(r.right)} px`);
}
return out.slice(0, 8);
"""

# axe's every rule at the desktop's width; at the tablet's and the phone's, the rules whose answer depends on the
# layout (the rest read the page's markup, which is the same at every size: no rule here hides or adds content by
# width), outside the drawings (a record sheet's SVG is the same drawing at every size, scaled, and is checked at the
# desktop's). Contrast is the costly one, and is measured at all three sizes.
LAYOUT_RULES = ["color-contrast", "target-size", "scrollable-region-focusable"]
# and, at those two sizes, the rows a page repeats from one template past its first few (all are checked at the
# desktop's): the library's 144 ships, a game's every unit with its boxes
REPEATS = ["#ships tbody > tr:nth-child(n+13)", ".game-units > .game-card:nth-child(n+3)"]
AXE_RUN = """
const done = arguments[arguments.length - 1];
const only = arguments[0];
axe.run(only ? {exclude: [['svg'], ...arguments[1].map((sel) => [sel])]} : document,
        Object.assign({resultTypes: ['violations']}, only ? {runOnly: {type: 'rule', values: only}} : {})).then(
  (r) => done(r.violations.map((v) => ({rule: v.id, impact: v.impact, help: v.help,
                                         targets: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}))),
  (e) => done([{rule: 'axe failed', impact: 'critical', help: String(e), targets: []}]));
"""

# how far each table's own scroll box hides part of it: allowed (the page does not scroll), but a list of rows should
# show its every column
BOXED = """return [...document.querySelectorAll('.scroll-x')].map((b) => b.scrollWidth - b.clientWidth)"""

def _id(name: str) -> str:
    """A page's name as a test id: "game's links" -> game-s-links."""
    return re.sub(r"[^a-z]+", "-", name).strip("-")


@pytest.fixture(scope="module")
def axe_url():
    """axe-core served over HTTP, for each page of the walk to load by a <script> tag: Chromium keeps the compiled
    script and reuses it on the next page (~0.05 s a page), where the same 650 KB handed in through the driver was
    compiled afresh on every page (~0.3-0.9 s each on this machine)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Files(SimpleHTTPRequestHandler):
        def end_headers(self):
            self.send_header("Cache-Control", "max-age=3600")
            super().end_headers()

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=str(AXE.parent)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/{AXE.name}"
    httpd.shutdown()
    thread.join(timeout=10)
    httpd.server_close()


LOAD_AXE = """
const done = arguments[arguments.length - 1];
const tag = document.createElement('script');
tag.src = arguments[0];
tag.onload = () => done(typeof axe);
tag.onerror = () => done('axe-core could not be loaded from ' + arguments[0]);
document.head.appendChild(tag);
"""


def _measure(name: str, url: str, browser, shots, axe_url: str) -> dict:
    """{size: {"overflow": px, "wide": [...], "axe": [...], "small": [...], "boxed": [...]}} of one page, opened once
    and measured at the three sizes."""
    resize(browser, *SIZES["desktop"])
    screenshots.open_page(browser, url, PAGES[name])
    loaded = browser.execute_async_script(LOAD_AXE, axe_url)
    assert loaded == "object", loaded
    found = {}
    for size, (w, h) in SIZES.items():
        resize(browser, w, h)
        browser.execute_script("window.scrollTo(0, 0)")
        found[size] = {"overflow": horizontal_overflow(browser), "wide": browser.execute_script(WIDE),
                       "axe": browser.execute_async_script(AXE_RUN, *((None, []) if size == "desktop"
                                                               else (LAYOUT_RULES, REPEATS))),
                       "small": browser.execute_script(TARGETS) if size == "phone" else [],
                       "boxed": browser.execute_script(BOXED)}
        snap(browser, shots / f"a11y-{_id(name)}-{size}.png")  # to look at: tools/screenshots.py makes the README's
    return found


@pytest.fixture(scope="module", params=list(PAGES), ids=_id)
def survey(request, server, chromium, shots, tmp_path_factory, axe_url):
    """(page, {size: measures}): one page of the walk, each a case of its own, so that pytest runs a page's every
    check together and xdist spreads the pages over its workers. Each page is measured once a run: by the first
    worker to ask, in its Chromium handed over fresh (browsing.fresh), as every browser test is; a worker whose
    checks of the page were stolen from the other's queue reads what that one measured (worksteal moves tests, not
    fixtures), as conftest's bundled_packs shares a pack."""
    name = request.param
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "a11y-walk"
    folder.mkdir(exist_ok=True)
    measured = folder / f"{_id(name)}.json"
    with open(folder / f"{_id(name)}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not measured.exists():
            fresh(chromium, tmp_path_factory.mktemp("a11y-downloads"))
            measured.write_text(json.dumps(_measure(name, server[0], chromium, shots, axe_url)))
    return name, json.loads(measured.read_text())


def _say(problems: dict) -> str:
    return "\n" + "\n".join(f"  {where}: {what}" for where, what in problems.items())


def test_no_page_scrolls_sideways_at_a_desktops_a_tablets_or_a_phones_width(survey):
    page, sizes = survey
    wide = {f"{page} at {size}": f"{m['overflow']} px too wide: {m['wide']}"
            for size, m in sizes.items() if m["overflow"] > 0}
    assert not wide, _say(wide)


@pytest.mark.parametrize("survey", ["library", "scenarios"], indirect=True, ids=_id)
def test_the_library_and_the_scenarios_show_every_column_on_a_phone(survey):
    """The review: the library's Launched and bundled/yours columns were off a phone's screen."""
    page, sizes = survey
    hidden = sizes["phone"]["boxed"]
    assert hidden and all(px <= 0 for px in hidden), (page, hidden)


# a finding on another part's page that is that part's to mend, left for the lead with its reason; the test fails
# when it is mended, so that it is struck from here. (page, size, axe rule): what every target it names starts with
KNOWN: dict = {}  # (page, size, rule) -> the start of the targets of a violation known and left, with why


def test_axe_finds_no_serious_or_critical_violation_on_any_page_at_any_size(survey):
    page, sizes = survey
    bad, known = {}, set()
    for size, m in sizes.items():
        for v in m["axe"]:
            start = KNOWN.get((page, size, v["rule"]))
            if start and all(t.startswith(start) for t in v["targets"]):
                known.add((page, size, v["rule"]))
                continue
            if v["impact"] in ("serious", "critical") or page in WHOLLY_CLEAN:
                bad[f"{page} at {size}: {v['rule']} ({v['impact']})"] = f"{v['help']}: {v['targets']}"
    print(json.dumps({page: {s: m["axe"] for s, m in sizes.items()}}, indent=1))
    assert not bad, _say(bad)
    mine = {k for k in KNOWN if k[0] == page}
    assert known == mine, f"mended, strike from KNOWN: {sorted(mine - known)}"


def test_every_control_on_a_phone_is_a_44_px_touch_target(survey):
    page, sizes = survey
    small = sizes["phone"]["small"]
    assert not small, _say({page: small[:6] + ([f"and {len(small) - 6} more"] if len(small) > 6 else [])})


FOCUSABLE = """return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary,'
                                       + ' [tabindex]:not([tabindex="-1"])')]
          .filter((el) => !el.closest('main') && !el.disabled).map((el) => el.textContent.trim())"""


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def _contrast(a: str, b: str) -> float:
    def lum(rgb):
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(_rgb(a)), lum(_rgb(b))), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_skip_link_is_the_first_tab_stop_and_leads_past_the_layout_into_the_page(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    url, _ = server
    resize(browser, *SIZES["desktop"])
    browser.get(f"{url}/ships/uss-hartford/edit")
    # the layout around a page costs the skip link, the name and the site's places, none after the page
    places = browser.execute_script("return [...document.querySelectorAll('header nav a')].map((a) => a.textContent)")
    assert browser.execute_script(FOCUSABLE) == ["Skip to content", "⚓ shipyard", *places]
    assert {"Ships", "New ship", "Scenarios"} <= set(places)
    ActionChains(browser).send_keys(Keys.TAB).perform()
    skip = browser.switch_to.active_element
    assert skip.text == "Skip to content" and skip.is_displayed()
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", skip)
    assert 0 <= top < 100, "the focused skip link is shown at the top of the window"
    # where in the site the page is: said by an underline and aria-current, not by a colour alone
    marks = browser.execute_script("return [...document.querySelectorAll('header nav a')].map((a) =>"
                                   " [a.textContent, a.getAttribute('aria-current'), getComputedStyle(a).textDecorationLine])")
    assert [m for m in marks if m[1]] == [["New ship", "true", "underline"]]
    assert all(m[2] == "none" for m in marks if not m[1])
    skip.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element.get_attribute("id") == "main"
    first = browser.execute_script(  # the page's own first stop, whatever the page puts first
        "return [...document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select,"
        " main textarea, main summary')].find((el) => el.getClientRects().length && !el.disabled && el.tabIndex >= 0)")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element == first, "the next stop is the page's first, past the layout's five"


def test_the_focus_ring_shows_on_a_dark_button_and_on_the_page(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    url, _ = server
    resize(browser, *SIZES["desktop"])
    browser.get(f"{url}/scenarios")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    browser.switch_to.active_element.send_keys(Keys.ENTER)   # the skip link, then the page's first stop
    ActionChains(browser).send_keys(Keys.TAB).perform()
    button = browser.switch_to.active_element
    assert button.get_attribute("id") == "new-scenario"
    style = browser.execute_script("const s = getComputedStyle(arguments[0]);"
                                   " return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.backgroundColor]", button)
    assert style[0] == "solid" and float(style[1].rstrip("px")) >= 2, style
    assert _contrast(style[2], style[3]) >= 3, f"the ring {style[2]} on the button {style[3]}"
    ActionChains(browser).send_keys(Keys.TAB).perform()   # a link on the page's light background
    link = browser.switch_to.active_element
    ring = browser.execute_script("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineColor]", link)
    assert ring[0] == "solid" and _contrast(ring[1], "rgb(250, 250, 248)") >= 3, ring


def test_a_keyboard_changing_the_plans_rule_set_keeps_its_place(server, browser):
    """The scenario page's pickers re-rendered the whole <body>: the focus fell back to the page's start, so a
    keyboard user had to tab back to the picker after each choice. Now only the plan and its PDF link are redrawn."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from browsing import wait

    url, _ = server
    resize(browser, *SIZES["desktop"])
    browser.get(f"{url}/scenarios/mobile-bay-1864?rules=quick-play")
    picker = browser.find_element(By.CSS_SELECTOR, '#setup ~ form select[name="rules"]')
    before = browser.find_element(By.ID, "setup-plan").get_attribute("innerHTML")
    picker.send_keys(Keys.END)   # the last rule set, by the keyboard: a change, as a person makes it
    wait(browser, lambda d: "rules=quick-play" not in d.current_url)
    wait(browser, lambda d: d.find_element(By.ID, "setup-plan").get_attribute("innerHTML") != before)
    chosen = picker.get_attribute("value")
    assert browser.switch_to.active_element == picker, "the focus stayed on the picker"
    assert f"rules={chosen}" in browser.find_element(By.ID, "setup-pdf").get_attribute("href")
    # the paper is the print links' paper too: they follow it, as the whole page's redraw had them do
    paper = browser.find_element(By.CSS_SELECTOR, '#setup ~ form select[name="paper"]')
    paper.send_keys(Keys.END)   # Letter
    wait(browser, lambda d: "paper=letter" in d.find_element(By.ID, "setup-pdf").get_attribute("href"))
    wait(browser, lambda d: all("paper=letter" in a.get_attribute("href")
                                for a in d.find_elements(By.CSS_SELECTOR, "#scenario-aids a.reach-aid")))
    assert browser.find_element(By.CSS_SELECTOR, '#print-choices [name=paper]').get_attribute("value") == "letter"
    assert browser.switch_to.active_element == paper


def test_filtering_the_library_updates_the_announced_count_in_place(server, browser):
    from selenium.webdriver.common.by import By

    from browsing import set_field, wait

    url, _ = server
    resize(browser, *SIZES["phone"])
    browser.get(url + "/")
    browser.execute_script("window.countBefore = document.getElementById('count')")
    set_field(browser, "q", "hartford")
    wait(browser, lambda d: d.find_element(By.ID, "count").text == "1 ship")
    assert browser.execute_script("return document.getElementById('count') === window.countBefore"
                                  " && window.countBefore.getAttribute('role') === 'status'"), "the live region was kept"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#ships tbody tr")) == 1
