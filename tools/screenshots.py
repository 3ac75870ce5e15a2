"""Screenshots of every page of `shipyard serve` at a desktop's, a tablet's and a phone's size, to look at.

    python tools/screenshots.py -o /tmp/shots            # every page at 1366x768, 1024x768 and 390x844
    python tools/screenshots.py -o /tmp/shots --readme   # and the README's pictures, in docs/screenshots/

Starts the app on a free loopback port with an empty library folder of its own, drives Debian's headless chromium
(chromium and chromium-driver, as the browser tests do) and writes FOLDER/<page>-<size>.png: what the window shows
at the top of each page, and FOLDER/<page>-<size>-whole.png, the whole page's length at the phone's width. pages()
is the one list of the web app's pages: tests/test_web_a11y.py walks the same list.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SIZES = {"desktop": (1366, 768), "tablet": (1024, 768), "phone": (390, 844)}

# every page a person opens, by the name a player would give it: its path, or what makes it and answers its path
PAGES = {
    "library": "/",
    "ship": "/ships/uss-hartford",
    "editor": "/ships/uss-hartford/edit",
    "new ship": "/new?like=uss-metacomet",
    "scenarios": "/scenarios",
    "scenario": "/scenarios/mobile-bay-1864",
    "new scenario": "/scenarios/new",
    "pack": lambda url: build_a_pack(url),
    "game": lambda url: start_a_game(url),
    "game's links": lambda url: start_a_game(url).replace("?key=", "/links?key="),  # the host's page of links
    "not found": "/ships/no-such-ship",
}
# the pages issue 24's other parts add, walked once their route (the key) is in the app
LATER = {
    "/compare": ("compare", "/compare?a=uss-hartford&b=uss-brooklyn"),
    "/rules": ("rule sets", "/rules"),
    "/rules/{rules}": ("rule set", "/rules/saunders"),
    "/share": ("share", "/share"),
}


def pages() -> dict[str, str | None]:
    """PAGES, and each page of LATER whose route the app has."""
    from starlette.routing import Route

    from shipyard.web.server import create_app

    app = create_app(Path(tempfile.gettempdir()) / "shipyard-no-such-library", allowed_hosts={"127.0.0.1"})
    have = {r.path for r in app.app.routes if isinstance(r, Route)}
    return {**PAGES, **{name: path for route, (name, path) in LATER.items() if route in have}}


def build_a_pack(url: str) -> str:
    """The address of a finished pack's status page (one rule set of Hampton Roads, posted as the form without
    JavaScript posts it)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    body = urllib.parse.urlencode({"rules": "quick-play", "paper": "a4"}).encode()
    request = urllib.request.Request(f"{url}/scenarios/hampton-roads-1862/pack", data=body, method="POST",
                                     headers={"Origin": url})
    try:
        urllib.request.build_opener(NoRedirect).open(request)
    except urllib.error.HTTPError as answer:
        if answer.code == 303:
            status = answer.headers["Location"]
            for _ in range(1200):  # a minute at most
                with urllib.request.urlopen(urllib.request.Request(url + status, headers={"HX-Request": "true"})) as r:
                    if b"download-pack" in r.read():
                        return status
                time.sleep(0.05)
            raise RuntimeError(f"the pack at {status} was not built in a minute")
        raise RuntimeError(f"the pack form was answered {answer.code}: {answer.read()[:300]!r}") from None
    raise RuntimeError("the pack form was not answered by a redirect to its status page")


def start_a_game(url: str) -> str:
    """The host's live page of a new game (Mobile Bay, Saunders), started through the games API."""
    import json

    request = urllib.request.Request(f"{url}/api/games", method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"scenario": "mobile-bay-1864", "rules": "saunders"}).encode())
    with urllib.request.urlopen(request, timeout=60) as answer:
        return urllib.parse.urlsplit(json.load(answer)["links"]["host"])._replace(scheme="", netloc="").geturl()


def open_page(driver, url: str, path) -> str:
    """Open a page of PAGES (what makes a pack or a game is done first); the path opened."""
    if callable(path):
        path = path(url)
    driver.get(url + path)
    return path


def _serve(library: Path):
    import uvicorn

    sys.path.insert(0, str(REPO / "tests"))
    from browsing import free_port

    from shipyard.web.server import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(library, allowed_hosts={"127.0.0.1"}), host="127.0.0.1",
                                           port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    for _ in range(400):
        if server.started:
            return server, f"http://127.0.0.1:{port}"
        time.sleep(0.05)
    raise RuntimeError("the server did not start")


def _whole(driver, target: Path, width: int) -> None:
    """The whole page at this width, however long (Chromium's own full-page capture)."""
    import base64

    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"})
    target.write_bytes(base64.b64decode(shot["data"]))


def _file(name: str) -> str:
    """A page's name as a file's: "game's links" -> game-s-links."""
    import re

    return re.sub(r"[^a-z]+", "-", name.lower()).strip("-")


def shoot_all(driver, url: str, folder: Path) -> list[Path]:
    from browsing import resize

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, path in pages().items():
        resize(driver, *SIZES["desktop"])
        open_page(driver, url, path)
        for size, (w, h) in SIZES.items():
            resize(driver, w, h)
            driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.2)  # the layout settles after a resize
            target = folder / f"{_file(name)}-{size}.png"
            driver.save_screenshot(str(target))
            written.append(target)
            if size == "phone":
                _whole(driver, folder / f"{_file(name)}-{size}-whole.png", w)
                written.append(folder / f"{_file(name)}-{size}-whole.png")
    return written


def shoot_readme(driver, url: str, folder: Path) -> list[Path]:
    """The README's pictures: the editor following a change, a ship's page, and the editor on a phone."""
    from browsing import resize
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    folder.mkdir(parents=True, exist_ok=True)
    resize(driver, *SIZES["desktop"])
    driver.get(f"{url}/new?like=uss-metacomet")
    for field, value in (("id", "uss-mattabesett-2"), ("name", "USS Mattabesett"), ("speed_kn", "13")):
        box = driver.find_element(By.NAME, field)
        box.clear()
        box.send_keys(value)
    WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#result .ruleset"))
    time.sleep(0.5)
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")  # her name and the result
    time.sleep(0.3)
    driver.save_screenshot(str(folder / "editor.png"))
    resize(driver, *SIZES["phone"])
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(str(folder / "editor-phone.png"))
    resize(driver, *SIZES["desktop"])
    driver.get(f"{url}/ships/uss-hartford")
    time.sleep(0.3)
    driver.save_screenshot(str(folder / "ship.png"))
    return [folder / n for n in ("editor.png", "editor-phone.png", "ship.png")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", type=Path, required=True, help="folder for the screenshots")
    ap.add_argument("--readme", action="store_true", help="also write the README's pictures to docs/screenshots/")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        server, url = _serve(Path(scratch) / "ships")
        from browsing import new_driver  # the browser tests' own headless Chromium

        driver = new_driver(Path(scratch))
        try:
            written = shoot_all(driver, url, a.out)
            if a.readme:
                written += shoot_readme(driver, url, REPO / "docs" / "screenshots")
        finally:
            driver.quit()
            server.should_exit = True
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
