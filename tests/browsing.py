"""The shared parts of the browser tests: headless Chromium driven by Selenium (Debian's chromium and
chromium-driver) against a real `shipyard serve` app in a thread.

Import what a test module needs: `from browsing import By, server, browser, shots, wait, set_field, ...`
(pytest finds the fixtures by the imported names). The server is module-scoped: one per test module, whose tests
share its library folder. The browser is one Chromium for the whole run (conftest's `chromium`, one per xdist worker),
handed to each test by `browser` as a new device would be (`fresh`): no other window, the last test's page ended,
no cookie, storage, service worker or cache of any served origin, the window at its first size, downloads into the
test's own folder. In CI a missing browser is a failure (.ci/run installs it); on a developer's machine without one
the importing module skips.
Screenshots (`snap`) are taken where $SHIPYARD_SCREENSHOTS names a folder for them, and only then.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

if not (CHROMIUM and DRIVER):
    if os.environ.get("CI"):
        pytest.fail("CI needs Debian's chromium and chromium-driver for the browser tests (.ci/run installs them)",
                    pytrace=False)
    pytest.skip("no chromium/chromedriver on this machine", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAIT = 60  # seconds: generous for a loaded 2-core machine; the tests stop as soon as the page answers
POLL = 0.05  # seconds between looks: Selenium's default half second was, on average, a quarter second lost per wait


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import uvicorn

    from shipyard.web.server import create_app

    ships = tmp_path_factory.mktemp("browser") / "ships"
    port = free_port()
    app = create_app(ships, allowed_hosts={"127.0.0.1", "localhost"})
    # a live sheets page left open in a browser (the shared Chromium is handed on only at the next test) holds an
    # event stream that never ends of itself: with no grace the stop waited for it until join's 10 s ran out (and the
    # thread served on). As `shipyard serve` does (serving.GRACE_S), the stop gives what is under way a moment, then
    # closes the streams; nothing of a finished module's is under way
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=0.2)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield served(f"http://127.0.0.1:{port}"), ships
    srv.should_exit = True
    thread.join(timeout=10)
    stopped(f"http://127.0.0.1:{port}")


# the origins whose pages the shared Chromium may keep state for, so that `fresh` clears each: every running server's,
# and each stopped one's until it has been cleared once (a later server may be given its port)
SERVED: set[str] = set()
STOPPED: set[str] = set()


def served(url: str) -> str:
    """Note a server's address as one the shared Chromium may keep state for; the address."""
    SERVED.add(url)
    return url


def stopped(url: str) -> None:
    """Its server has stopped: `fresh` clears what its pages left once more, then forgets it."""
    SERVED.discard(url)
    STOPPED.add(url)


WINDOW = (1400, 1000)  # the window a test starts with (new_driver's --window-size)


# what a page can leave in the browser: "all" also clears Chromium's shader cache and the like, 4-8 times the cost
STORAGE = "cookies,local_storage,service_workers,cache_storage,indexeddb,file_systems,websql,storage_buckets"


PARK = "/static/icon.svg"  # a page of the app with no script: where `fresh` ends the last test's page


def fresh(driver, downloads: Path) -> None:
    """The shared Chromium as a new device would be for the next test: no other window, the last page ended and no
    history behind it, no cookie, local or session storage, service worker or cache of any origin a test served, the
    network as it is (no offline emulation), the window at its first size, downloads into `downloads`. In the same
    tab: a new tab costs Chromium a renderer, ~0.4 s of CPU, and a tab a test cost more than a browser a file."""
    first, *others = driver.window_handles
    for handle in others:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(first)
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                               "downloadThroughput": -1, "uploadThroughput": -1})
    # end the page, so that none of its scripts writes after the clearing: on a scriptless page of its own server
    # (the same renderer), or a blank one where its server is gone. (Frozen instead, by DevTools, the page stays
    # frozen for the next: its phone-width styles were not applied)
    here = next((o for o in SERVED | STOPPED if driver.current_url.startswith(o + "/")), None)
    # this tab's session storage, origin by origin on each server's scriptless page (Chromium 150 no longer clears
    # it with local_storage below, and DevTools clears it only for the page shown), the page the tab was on last
    for origin in sorted(SERVED, key=lambda o: o == here):
        driver.get(origin + PARK)
        driver.execute_script("sessionStorage.clear()")
    if here and here not in SERVED:
        driver.get("about:blank")
    driver.execute_cdp_cmd("Page.resetNavigationHistory", {})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    for origin in SERVED | STOPPED:  # cookies, local storage, workers and caches of every origin a test served
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
    STOPPED.clear()
    driver.set_window_size(*WINDOW)
    downloads.mkdir(parents=True, exist_ok=True)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads


@pytest.fixture
def browser(chromium, tmp_path):
    """The run's Chromium (conftest's `chromium`), fresh for this test."""
    fresh(chromium, tmp_path / "downloads")
    return chromium


def new_driver(downloads: Path):
    """A headless Chromium of its own (a second device at the same table: its own cookies and storage)."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={WINDOW[0]},{WINDOW[1]}", "--no-first-run", "--disable-extensions"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                           "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.downloads = downloads
    return driver


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = Path(os.environ.get("SHIPYARD_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def snap(target, path) -> None:
    """A screenshot of the window (a driver) or of one element (a WebElement) into `path`, to look at: taken where
    $SHIPYARD_SCREENSHOTS names the folder for them, as the a11y walk's are (tools/screenshots.py makes the README's).
    A run nobody looks at takes none: each is a frame rastered and a PNG encoded by Chromium (~0.2 s on a loaded
    machine), some twenty in the browser tests."""
    if os.environ.get("SHIPYARD_SCREENSHOTS"):
        (target.save_screenshot if hasattr(target, "save_screenshot") else target.screenshot)(str(path))


def wait(driver, cond, timeout=WAIT):
    try:
        # htmx swaps the checked fields while we look: an element found just before its swap is stale, look again
        return WebDriverWait(driver, timeout, poll_frequency=POLL,
                             ignored_exceptions=(StaleElementReferenceException,)).until(cond)
    except Exception:
        driver.save_screenshot(str(Path(os.environ.get("SHIPYARD_SCREENSHOTS", "/tmp")) / "failed.png"))
        raise


def set_field(driver, name: str, value: str) -> None:
    box = driver.find_element(By.NAME, name)
    box.clear()
    box.send_keys(value)


def resize(driver, width: int, height: int) -> None:
    """The window's inner size as a device's screen: 1366x768 desktop, 1024x768 tablet, 390x844 phone."""
    driver.set_window_size(width, height)
    for _ in range(20):  # the window's frame, read once the first size has applied (a page still loading reads 0)
        inner_w, inner_h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if 0 < inner_w <= width and 0 < inner_h <= height:
            break
        time.sleep(0.05)
    else:
        return  # no frame to allow for: the outer size stands
    driver.set_window_size(width + (width - inner_w), height + (height - inner_h))


def horizontal_overflow(driver) -> int:
    """How many CSS pixels the page is wider than its window (0: no sideways scrolling)."""
    return driver.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth")
