"""`shipyard serve`'s defences (issue 20): headers on every response, requests another site makes the browser send,
the Host check and the access key beyond loopback, deeply nested YAML, a port already in use.

In-process through Starlette's TestClient, except what only the real start-up shows (through the `shipyard` script,
on loopback only)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from urllib.parse import urlencode

import pytest
import yaml

warnings.filterwarnings("ignore", category=DeprecationWarning)
from starlette.testclient import TestClient  # noqa: E402

from shipyard.web.server import create_app  # noqa: E402
from shipyard.web.serving import plan, qr_lines  # noqa: E402

ORIGIN = {"Origin": "http://testserver"}
METACOMET = Path(__file__).resolve().parents[1] / "vessels" / "usn" / "uss-metacomet.yaml"
SHIPYARD = Path(sys.executable).with_name("shipyard")
KEY = "k3y-for-the-tests"


@pytest.fixture(scope="module")
def ships(tmp_path_factory):
    return tmp_path_factory.mktemp("safety") / "ships"


@pytest.fixture(scope="module")
def client(ships):
    app = create_app(ships, allowed_hosts={"testserver", "127.0.0.1", "localhost", "::1"})
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def keyed(ships):
    """A server as `--host 0.0.0.0` makes it: the Host check kept, every request needing the key."""
    app = create_app(ships, allowed_hosts={"testserver", "127.0.0.1", "localhost", "::1"}, key=KEY)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _ship(ident: str) -> str:
    data = yaml.safe_load(METACOMET.read_text())
    data.update(id=ident, name="USS Test", refits=[])
    for key in ("builder", "launched", "commissioned", "fate"):
        data.pop(key, None)
    return yaml.safe_dump(data, sort_keys=False)


# -- 1. every response says: not in a frame, not sniffed, no Referer --------------------------------------------


@pytest.mark.parametrize("method,url,headers", [
    ("get", "/", {}), ("get", "/ships/uss-hartford/edit", {}), ("get", "/static/style.css", {}),
    ("get", "/ships/no-such-ship", {}), ("get", "/no/such/page", {}), ("get", "/api/vessels/nope/stats?rules=sotw", {}),
    ("delete", "/", ORIGIN), ("get", "/", {"Host": "evil.example"}),
    ("post", "/api/check", {**ORIGIN, "Content-Length": str(10**7)}),
])
def test_every_response_forbids_framing_and_sniffing(client, method, url, headers):
    r = client.request(method, url, headers=headers)
    assert r.headers.get("content-security-policy") == "frame-ancestors 'none'", (r.status_code, url)
    assert r.headers.get("x-frame-options") == "DENY"
    assert r.headers.get("x-content-type-options") == "nosniff"
    assert r.headers.get("referrer-policy") == "same-origin"  # never a referrer to another site


# -- 2. what another site makes the browser send ------------------------------------------------------------------


def test_a_write_without_origin_that_the_browser_marks_cross_site_is_refused(client, ships):
    for site in ("cross-site", "same-site"):
        r = client.put("/api/library/uss-from-afar", content=_ship("uss-from-afar"),
                       headers={"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "no-cors", "Referer": "http://evil.example/"})
        assert r.status_code == 403 and "another site" in r.text
    assert not (ships / "uss-from-afar.yaml").exists()
    r = client.put("/api/library/uss-from-home", content=_ship("uss-from-home"), headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 201  # the editor itself, and curl or a script (no Sec-Fetch-Site at all), still write


def test_a_write_without_origin_from_a_foreign_page_by_its_referer_is_refused(client, ships):
    r = client.put("/api/library/uss-referred", content=_ship("uss-referred"), headers={"Referer": "http://evil.example/x"})
    assert r.status_code == 403 and not (ships / "uss-referred.yaml").exists()
    r = client.put("/api/library/uss-referred", content=_ship("uss-referred"),
                   headers={"Referer": "http://testserver/ships/uss-referred/edit"})
    assert r.status_code == 201  # our own page, named by its Referer


def test_an_origin_with_another_scheme_is_refused(client, ships):
    r = client.put("/api/library/uss-tls", content=_ship("uss-tls"), headers={"Origin": "https://testserver"})
    assert r.status_code == 403 and not (ships / "uss-tls.yaml").exists()


def test_a_foreign_page_cannot_load_a_sheet_as_an_image_but_a_link_to_a_page_opens(client):
    foreign = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    for url in ("/api/vessels/uss-hartford/sheet.png?rules=sotw", "/api/vessels/no-such-ship/sheet.png?rules=sotw",
                "/static/style.css", "/api/vessels"):
        assert client.get(url, headers=foreign).status_code == 403, url  # no probe: a ship that exists looks the same
    link = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    assert client.get("/ships/uss-hartford", headers=link).status_code == 200
    own = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    assert client.get("/api/vessels/uss-hartford/sheet.png?rules=sotw", headers=own).status_code == 200


def test_host_names_are_compared_without_case_and_ipv6_is_understood(client):
    assert client.get("/", headers={"Host": "LOCALHOST:8611"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8614"}).status_code == 200
    assert client.get("/", headers={"Host": "[::2]:8614"}).status_code == 403
    assert client.get("/", headers={"Host": "localhost.evil.example:8611"}).status_code == 403


# -- 3. beyond loopback: the Host check stays, and the key is needed ------------------------------------------------


def test_beyond_loopback_every_request_needs_the_key(keyed):
    r = keyed.get("/")
    assert r.status_code == 401 and "key" in r.text
    assert keyed.get("/api/vessels").status_code == 401
    assert keyed.get("/", params={"key": "wrong"}).status_code == 401
    assert keyed.get("/api/vessels", headers={"Authorization": f"Bearer {KEY}"}).status_code == 200
    assert keyed.get("/", headers={"Host": "evil.example", "Authorization": f"Bearer {KEY}"}).status_code == 403


def test_the_printed_link_sets_a_cookie_that_the_pages_then_carry(ships):
    app = create_app(ships, allowed_hosts={"testserver"}, key=KEY)
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/ships/uss-hartford", params={"key": KEY, "rules": "sotw"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/ships/uss-hartford?rules=sotw"  # key out of the bar
        assert "HttpOnly" in r.headers["set-cookie"] and "samesite=strict" in r.headers["set-cookie"].lower()
        assert c.get("/ships/uss-hartford").status_code == 200
        assert c.post("/api/check", content=_ship("uss-keyed"), headers=ORIGIN).status_code == 200


def test_plan_beyond_loopback_prints_a_usable_link_with_a_key_and_keeps_the_host_check():
    where = plan("0.0.0.0", 8600)
    assert where.key and f"key={where.key}" in where.url and "0.0.0.0" not in where.url
    assert socket.gethostname().lower() in where.allowed_hosts and "127.0.0.1" in where.allowed_hosts
    assert "evil.example" not in where.allowed_hosts and plan("0.0.0.0", 8600).key != where.key  # a key per start
    assert plan("::1", 8614).url == "http://[::1]:8614/" and plan("::1", 8614).key is None
    assert plan("127.0.0.1", 8600).url == "http://127.0.0.1:8600/" and plan("127.0.0.1", 8600).key is None


def test_the_qr_code_is_readable_half_blocks_of_the_encoders_matrix():
    from reportlab.graphics.barcode.qr import QrCodeWidget

    text = "http://192.168.1.20:8600/?key=abcdefghijklmnopqrstuv"
    lines = qr_lines(text)
    widget = QrCodeWidget(text, barLevel="M")
    widget.qr.make()
    matrix = widget.qr.modules
    rows = []  # the lines read back into modules: a drawn half is a light module
    for line in lines:
        rows.append([ch in " ▄" for ch in line])  # top half dark
        rows.append([ch in " ▀" for ch in line])  # bottom half dark
    assert all(len(line) == len(matrix) + 8 for line in lines)
    assert [row[4:-4] for row in rows[4:4 + len(matrix)]] == [[bool(m) for m in r] for r in matrix]
    assert not any(any(r) for r in rows[:4] + rows[4 + len(matrix):])  # a light quiet zone all round


def _start(args, port):
    proc = subprocess.Popen([str(SHIPYARD), "serve", "--port", str(port), "--no-browser", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=os.environ.get("TMPDIR", "/tmp"))
    return proc


def _get(url, headers=None, timeout=30, answer_within=5):
    """The status of GET url, trying again while the server is not yet listening or not yet answering (for `timeout`
    seconds: a first answer waits on the library's load, which a loaded machine can stretch past `answer_within`);
    each try waits `answer_within` seconds for the answer."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=answer_within) as r:
                return r.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _free_port(family=socket.AF_INET, host="127.0.0.1") -> int:
    with socket.socket(family) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def test_serve_on_all_addresses_needs_the_printed_key_and_refuses_a_foreign_host(tmp_path):
    port = _free_port()
    proc = _start(["--host", "0.0.0.0", "--library", str(tmp_path / "ships")], port)
    try:
        base = f"http://127.0.0.1:{port}"
        assert _get(base + "/") == 401
        assert _get(base + "/", {"Host": f"evil.example:{port}"}) == 403
        out = ""
        while "key=" not in out:
            out += proc.stdout.readline()
        key = re.search(r"\?key=([\w-]+)", out).group(1)
        assert f"http://0.0.0.0:{port}" not in out and "warning" in out
        assert _get(base + "/api/vessels", {"Authorization": f"Bearer {key}"}) == 200
        assert _get(base + "/api/vessels", {"Authorization": f"Bearer {key}", "Host": f"evil.example:{port}"}) == 403
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_serve_on_ipv6_loopback_answers_and_prints_a_valid_url(tmp_path):
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        port = _free_port(socket.AF_INET6, "::1")
    except OSError:
        pytest.skip("no ::1 on this machine")
    proc = _start(["--host", "::1", "--library", str(tmp_path / "ships")], port)
    try:
        assert _get(f"http://[::1]:{port}/") == 200
        assert proc.stdout.readline().startswith(f"shipyard is at http://[::1]:{port}/ ")
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_serve_on_a_port_in_use_says_so_in_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([str(SHIPYARD), "serve", "--port", str(port), "--no-browser"], capture_output=True,
                           text=True, timeout=60, cwd=tmp_path)
    assert r.returncode != 0 and r.stdout == ""  # no "shipyard is at ..." before the failure
    assert r.stderr.count("\n") == 1 and "already in use" in r.stderr and str(port) in r.stderr, r.stderr


# -- 4. deeply nested YAML: a 400 in words, at once ---------------------------------------------------------------


@pytest.mark.parametrize("body", ["id: x\nnotes: " + "[" * 3000, "[" * 50000, "a:\n" + "".join(" " * i + "-\n" for i in range(300))])
def test_deeply_nested_yaml_is_a_400_with_a_message(client, body):
    for method, url in (("post", "/api/check"), ("put", "/api/library/uss-deep"), ("post", "/editor/preview.png")):
        r = client.request(method, url, content=body, headers=ORIGIN)
        assert r.status_code == 400 and "nested more than" in r.text, (url, r.status_code, r.text[:200])


def test_deeply_nested_yaml_in_an_editor_box_is_a_400_with_a_message(client):
    form = urlencode({"id": "uss-deep", "name": "USS Deep", "refits": "[" * 5000})
    r = client.post("/editor/check", content=form, headers={**ORIGIN, "Content-Type": "application/x-www-form-urlencoded",
                                                            "HX-Request": "true"})
    assert r.status_code == 400 and "nested more than" in r.text and "refits" in r.text


# -- 5. a file in your library that is not a regular file: refused in words, never waited on or read without end ---


@pytest.fixture()
def odd_files(tmp_path):
    """A library holding a named pipe and a link to a device where ship files would be."""
    ships = tmp_path / "ships"
    ships.mkdir()
    os.mkfifo(ships / "uss-pipe.yaml")
    (ships / "uss-null.yaml").symlink_to("/dev/null")
    app = create_app(ships, allowed_hosts={"testserver"})
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c, ships
        try:  # a reader still waiting on the pipe (the fault this tests) gets its end of file, so the server can stop
            os.close(os.open(ships / "uss-pipe.yaml", os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def _answered_within(seconds, call):
    import threading

    got = []
    worker = threading.Thread(target=lambda: got.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert got, f"no answer within {seconds} s: the server waits on the file"
    return got[0]


@pytest.mark.parametrize("ident,what", [("uss-pipe", "a named pipe"), ("uss-null", "a device")])
def test_a_file_of_yours_that_is_a_pipe_or_a_device_is_refused_by_get_and_put_not_waited_on(odd_files, ident, what):
    client, ships = odd_files
    before = os.lstat(ships / f"{ident}.yaml")
    got = _answered_within(20, lambda: client.get(f"/api/library/{ident}"))
    assert got.status_code == 400 and f"this is {what}, not a regular file" in got.text, (got.status_code, got.text[:200])
    put = _answered_within(20, lambda: client.put(f"/api/library/{ident}?replace=1", content=_ship(ident)))
    assert put.status_code == 400, (put.status_code, put.text[:200])  # the pipe named, or the link led outside
    assert client.get("/").status_code == 200  # the server goes on answering
    after = os.lstat(ships / f"{ident}.yaml")
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)  # still the pipe, still the link


# -- 6. packs: on disk, not in memory; kept a while; cancelled; never built twice at once ---------------------------

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture()
def packs_client(tmp_path):
    app = create_app(tmp_path / "ships", allowed_hosts={"testserver"})
    with TestClient(app, raise_server_exceptions=False) as c:
        c.shop = app.app.state.shop
        yield c


def _build(client, rules):
    r = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode([("rules", r) for r in rules]),
                    headers={**FORM, **ORIGIN}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"]


def _until(predicate, timeout=120):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_finished_pack_waits_on_disk_then_goes_and_the_folder_goes_with_the_server(packs_client):
    import io
    import zipfile

    from shipyard.web.packs import KEEP_SECONDS

    c = packs_client
    where = _build(c, ["quick-play"])
    job = c.shop.packs.jobs[where.rsplit("/", 1)[1]]
    _until(lambda: job.finished)
    assert job.ready and job.zip_path.parent.parent == c.shop.packs.folder
    assert not any(isinstance(v, (bytes, bytearray)) for v in vars(job).values())  # nothing of the pack in memory
    z = c.get(where + "/download")
    assert z.status_code == 200 and zipfile.ZipFile(io.BytesIO(z.content)).namelist() == ["mobile-bay-1864-quick-play.pdf"]
    assert sorted(p.name for p in job.folder.iterdir()) == ["mobile-bay-1864-pack.zip"]  # the PDFs only in the zip
    now = time.monotonic()
    c.shop.packs.clock = lambda: now + KEEP_SECONDS + 1
    assert c.get(where).status_code == 404 and not job.folder.exists()
    folder = c.shop.packs.folder
    c.__exit__(None, None, None)  # the server stops
    assert not folder.exists()


def test_a_running_pack_can_be_cancelled_and_is_freed(packs_client):
    c = packs_client
    where = _build(c, ["sotw", "saunders", "really-simple", "quick-play"])
    assert 'id="cancel-pack"' in c.get(where).text
    job = c.shop.packs.jobs[where.rsplit("/", 1)[1]]
    _until(lambda: job.step != "waiting")  # running, not only queued
    r = c.post(where + "/cancel", headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303
    _until(lambda: job.finished)
    assert job.cancelled and job.done < 4 and not job.folder.exists()
    assert "Cancelled" in c.get(where).text and c.get(where + "/download").status_code == 404


def test_a_double_click_builds_once(packs_client):
    c = packs_client
    first, second = _build(c, ["quick-play", "sotw"]), _build(c, ["quick-play", "sotw"])
    assert first == second and len(c.shop.packs.jobs) == 1
    assert _build(c, ["quick-play"]) != first  # another choice is another build
    page = c.get("/scenarios/mobile-bay-1864").text
    assert 'hx-disabled-elt="#build-pack"' in page  # and the button is off while the request is out


# -- 5. CPU work off the event loop: pages answer while previews queue ----------------------------------------------


@pytest.fixture(scope="module")
def live(ships):
    """The app in a real uvicorn on loopback, in this process: requests that truly arrive at once."""
    import threading

    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(ships, allowed_hosts={"127.0.0.1"}), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    _until(lambda: server.started, timeout=60)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def test_the_library_page_answers_while_previews_are_queued(live):
    import json
    from concurrent.futures import ThreadPoolExecutor

    with urllib.request.urlopen(f"{live}/api/vessels", timeout=30) as r:
        # 16 previews: behind the first, some 0.5 s of drawing (~30 ms each) against ~20 ms for the library page, a
        # margin of twenty-odd times; 48 were 1.5 s of the file's 3 s
        ships = [v["id"] for v in json.load(r)][:4]
    urls = [f"{live}/api/vessels/{ship}/sheet.png?rules={rules}" for ship in ships
            for rules in ("sotw", "saunders", "really-simple", "quick-play")]
    finished = []

    def preview(url):  # queued behind the others by design: on a loaded machine the last waits many seconds
        assert _get(url, answer_within=120) == 200
        finished.append(url)

    with ThreadPoolExecutor(len(urls)) as pool:
        waiting = [pool.submit(preview, url) for url in urls]
        _until(lambda: finished, timeout=60)  # the queue is at work
        assert _get(f"{live}/") == 200
        done_then = len(finished)
        for f in waiting:
            f.result()
    # relative, not a timing: had the page waited behind the queue (as when the drawing ran on the event loop),
    # every preview would have finished before it (a loaded machine may let many finish first: not all)
    assert done_then < len(urls), f"the library page waited for all {len(urls)} previews"


def test_a_link_in_your_library_leading_outside_it_is_read_no_more_than_written(odd_files, tmp_path):
    """GET of a ship whose file is a link to a file outside the library (the review's ships/uss-passwd.yaml ->
    /etc/passwd) gave that file's text, though PUT refused to write through the same link."""
    client, ships = odd_files
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("root:x:0:0:root:/root:/bin/bash\n")
    (ships / "uss-passwd.yaml").symlink_to(outside)
    got = client.get("/api/library/uss-passwd")
    assert got.status_code == 400 and "not a file name inside the user library" in got.text, got.text[:200]
    assert "root:x" not in got.text
