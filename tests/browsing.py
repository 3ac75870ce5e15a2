"""The shared parts of the browser tests: headless Chromium driven by Selenium (Debian's chromium and
chromium-driver) against a real `shipyard serve` app in a thread.

Import what a test module needs: `from browsing import By, server, browser, shots, wait, set_field, ...`
(pytest finds the fixtures by the imported names). Each fixture is module-scoped: one server and one Chromium
per test module, so a new file costs one browser start (~1 s), not one per test. In CI a missing browser is a
failure (.ci/run installs it); on a developer's machine without one the importing module skips.
Screenshots go to $SHIPYARD_SCREENSHOTS (default: the test's temporary folder).
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
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", ships
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = new_driver(tmp_path_factory.mktemp("downloads"))
    yield driver
    driver.quit()


def new_driver(downloads: Path):
    """A headless Chromium of its own (a second device at the same table: its own cookies and storage)."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1400,1000",
                "--no-first-run", "--disable-extensions"):
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
