"""Games at the table (issue 25): the JSON API's marks read back as each rule set says; keys; undo per device; two
devices at once; a server killed mid-game keeps every acknowledged mark; a campaign round trip to pre-damaged
packs in all four rule sets, the struck boxes read back from the PDFs."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import warnings
from pathlib import Path

import pytest

from browsing import free_port
from conftest import diagonal_strokes, in_process, pdf_page_texts

warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402

from shipyard.web.server import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    ships = tmp_path_factory.mktemp("games") / "ships"
    ships.mkdir()  # the user's folder, as `shipyard new` would have made it
    with TestClient(create_app(ships, allowed_hosts={"testserver"})) as c:
        c.ships = ships
        yield c


# A pack of Mobile Bay's record sheets only, the pages a game's marks strike.
SHEETS_ONLY = [arg for section in ("setup", "roster", "templates", "counters", "reference") for arg in ("--no", section)]


@pytest.fixture(scope="module")
def blank_sheets(tmp_path_factory):
    """Mobile Bay's sheets in a rule set with nothing marked (a path to the PDF): what each pre-damaged pack here is
    read against. Built once a rule set for the module (the tests only read it), not again in each test."""
    root = tmp_path_factory.mktemp("blank-sheets")

    def sheets(rules: str) -> Path:
        made = root / f"mobile-bay-1864-{rules}.pdf"
        if not made.exists():
            run = in_process("pack", "mobile-bay-1864", "--rules", rules, "-o", root, "--jobs", "1", *SHEETS_ONLY)
            assert run.code == 0, run.err
        return made
    return sheets


def new_game(client, scenario="mobile-bay-1864", rules="saunders") -> tuple[str, dict[str, str]]:
    made = client.post("/api/games", json={"scenario": scenario, "rules": rules})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["id"], {who: link.split("key=")[1] for who, link in body["links"].items()}


def mark(client, game, key, unit, tracker, marked, **more):
    return client.post(f"/api/games/{game}/marks", json={"unit": unit, "tracker": tracker, "marked": marked, **more},
                       headers={"Authorization": f"Bearer {key}"})


def unit_of(view: dict, uid: str) -> dict:
    return next(u for u in view["units"] if u["id"] == uid)


# ---------------------------------------------------------------------------------------------- what the marks mean


def test_saunders_hull_lost_takes_her_to_three_quarters_then_half_speed_as_the_sheet_prints(client):
    game, keys = new_game(client, rules="saunders")
    host = keys["host"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    hartford = unit_of(view, "uss-hartford")
    assert hartford["trackers"]["hull"] == {"boxes": 22, "marked": 0} and hartford["now"]["max_speed"] == 13.5
    # half her 22 hull lost: 13.5 x 3/4 = 10.1, to the half knot below 10; three quarters (17): 6.75 -> 6.5
    for marked, speed in ((10, 13.5), (11, 10.0), (16, 10.0), (17, 6.5), (21, 6.5)):
        now = mark(client, game, host, "uss-hartford", "hull", marked).json()["now"]
        assert now["max_speed"] == speed and now["out"] is None, (marked, now)
    out = mark(client, game, host, "uss-hartford", "hull", 22).json()["now"]
    assert out["max_speed"] == 0 and "surrenders" in out["out"]  # no hull and no holes left
    mark(client, game, host, "uss-hartford", "hole", 1)
    now = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    assert "a 6 sinks her" in unit_of(now, "uss-hartford")["now"]["out"]  # no hull left, a hole: she rolls


def test_saunders_knots_lost_are_struck_from_the_top_of_her_speed_track_live_and_read_as_her_hull_note_says(
        client, tmp_path, blank_sheets):
    """The speed track of Hartford's printed sheet is live: a -1 kn critical strikes its top box (knots lost, one a
    knot), `now` takes the knot off her maximum and then the hull bar's fraction, as her sheet's hull note prints it
    ('with 1/2/3 kn lost: ¾ = …'); the knot is exported and struck from the top of the sheet a pack prints from it."""
    import re

    import yaml

    game, keys = new_game(client, rules="saunders")
    host = keys["host"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    ladder = unit_of(view, "uss-hartford")["checks"]["knots_lost"]
    assert ladder["boxes"] == 13 and ladder["marked"] == 0, ladder  # a box a whole knot of her 13½
    note = next(t for t in pdf_page_texts(blank_sheets("saunders")) if "Hartford" in t and "kn lost" in t)
    three_quarters = re.search(r"kn lost: ¾ = ([\d½]+)/", " ".join(note.split())).group(1)
    knots = lambda text: float(text.replace("½", ".5"))  # noqa: E731
    assert mark(client, game, host, "uss-hartford", "knots_lost", 1).json()["now"]["max_speed"] == 12.5
    now = mark(client, game, host, "uss-hartford", "hull", 11).json()["now"]  # half her 22 hull: the ¾ bar
    assert now["max_speed"] == knots(three_quarters) == 9.0, (now, note)
    state, out = tmp_path / "state.yaml", tmp_path / "packs"
    assert in_process("game", "export", game, "-o", state, "--library", client.ships).code == 0
    assert yaml.safe_load(state.read_text())["units"]["uss-hartford"]["checks"] == {"knots_lost": 1}
    run = in_process("pack", "mobile-bay-1864", "--rules", "saunders", "--state", state, "-o", out, "--jobs", "1",
                     "--library", client.ships, *SHEETS_ONLY)
    assert run.code == 0, run.err
    # 11 hull boxes and the ladder's 13½ and 13 (above 12½ once the knot is off) struck, two strokes a box
    names = ("Hartford",)
    assert _diagonals(next(out.glob("*.pdf")), names) - _diagonals(blank_sheets("saunders"), names) == 2 * 13




def test_smoke_on_the_water_loses_one_then_two_levels_at_half_and_a_quarter_never_below_slow(client):
    game, keys = new_game(client, rules="smoke-on-the-water")
    host = keys["host"]
    # Hartford: HDP 86 (1.6 × √2,900 tons), Very Fast; half left is 43 or fewer, a quarter 21 or fewer
    for marked, level in ((0, "Very Fast"), (42, "Very Fast"), (43, "Fast"), (64, "Fast"), (65, "Medium"),
                          (85, "Medium")):
        now = mark(client, game, host, "uss-hartford", "hull", marked).json()["now"]
        assert now["max_speed"] == level, (marked, now)
    # Tennessee is Medium: a quarter of her HDP left would take two levels, but never below Slow until all are gone
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    tennessee = unit_of(view, "css-tennessee")
    boxes = tennessee["trackers"]["hull"]["boxes"]
    assert tennessee["now"]["max_speed"] == "Medium"
    assert mark(client, game, host, "css-tennessee", "hull", boxes - 1).json()["now"]["max_speed"] == "Slow"
    gone = mark(client, game, host, "css-tennessee", "hull", boxes).json()["now"]
    assert gone["max_speed"] == "Immobile" and gone["out"].startswith("Hull (HDP) gone: dead in the water")
    sunk = mark(client, game, host, "uss-hartford", "flotation", 16).json()["now"]
    assert sunk["out"] == "Flotation (FP) gone: she sinks"


def test_really_simple_speed_boxes_leave_the_first_unstruck_speed_then_crippled_then_sinking(client):
    game, keys = new_game(client, rules="really-simple")
    host = keys["host"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    assert unit_of(view, "uss-hartford")["trackers"]["speed"]["boxes"] == 28  # 13.5 kn to 0 in half knots
    assert unit_of(view, "fort-morgan")["trackers"] == {}  # a fort's card has no speed track
    assert mark(client, game, host, "uss-hartford", "speed", 5).json()["now"]["max_speed"] == 11.0
    crippled = mark(client, game, host, "uss-hartford", "speed", 27).json()["now"]
    assert crippled["max_speed"] == 0 and crippled["crippled"] and crippled["out"] is None  # drifts, still fires
    sinking = mark(client, game, host, "uss-hartford", "speed", 28).json()["now"]
    assert sinking["out"].startswith("sinking: struck past 0")


def test_quick_play_edna_zero_is_struck_for_a_ship_and_silenced_for_a_fort(client):
    game, keys = new_game(client, rules="quick-play")
    host = keys["host"]
    first = mark(client, game, host, "uss-hartford", "edna", 13).json()["now"]
    assert first == {"max_speed": "Full (12 in)", "out": None, "edna_now": 1}
    assert mark(client, game, host, "uss-hartford", "edna", 14).json()["now"]["out"] == (
        "EDNA 0: has struck (only a magazine or a hole sinks her)")
    fort = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    boxes = unit_of(fort, "fort-morgan")["trackers"]["edna"]["boxes"]
    assert "silenced" in mark(client, game, host, "fort-morgan", "edna", boxes).json()["now"]["out"]


# ---------------------------------------------------------------------------------------------- keys


def test_keys_a_side_marks_its_own_units_the_watcher_none_and_no_key_nothing(client):
    game, keys = new_game(client)
    assert set(keys) == {"host", "watch", "Union", "Confederate"}
    assert mark(client, game, keys["Union"], "uss-hartford", "hull", 1).status_code == 200
    refused = mark(client, game, keys["Union"], "css-tennessee", "hull", 1)
    assert refused.status_code == 403 and "the Union link marks the Union's units only" in refused.json()["error"]
    assert mark(client, game, keys["watch"], "uss-hartford", "hull", 2).status_code == 403
    assert mark(client, game, keys["host"], "css-tennessee", "hull", 1).status_code == 200
    assert client.get(f"/api/games/{game}").status_code == 401
    assert client.get(f"/api/games/{game}?key=wrong").status_code == 401
    other, other_keys = new_game(client)
    assert client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {other_keys['host']}"}).status_code == 401
    assert client.get(f"/api/games/{game}?key={keys['watch']}").json()["role"] == "watch"  # the watcher reads
    assert client.post(f"/api/games/{game}/undo", headers={"Authorization": f"Bearer {keys['watch']}"}).status_code == 403


def test_a_mark_that_cannot_be_made_is_said_not_made(client):
    game, keys = new_game(client)
    host = keys["host"]
    too_many = mark(client, game, host, "uss-hartford", "hull", 23)
    assert too_many.status_code == 400 and "from 0 to 22" in too_many.json()["error"]
    assert "has no 'speed' track" in mark(client, game, host, "uss-hartford", "speed", 1).json()["error"]
    assert mark(client, game, host, "uss-nowhere", "hull", 1).status_code == 404
    view = client.get(f"/api/games/{game}?key={host}").json()
    assert unit_of(view, "uss-hartford")["trackers"]["hull"]["marked"] == 0 and view["seq"] == 0


# ---------------------------------------------------------------------------------------------- two devices, undo


def test_two_devices_marking_the_same_ship_at_once_both_count_and_undo_reverses_only_ones_own(client):
    game, keys = new_game(client)
    host, union = keys["host"], keys["Union"]
    # both saw 2 boxes marked and each struck one more: 4, not 3
    mark(client, game, host, "uss-hartford", "hull", 2)
    mark(client, game, host, "uss-hartford", "hull", 3, seen=2)
    both = mark(client, game, union, "uss-hartford", "hull", 3, seen=2).json()
    assert both["trackers"]["hull"]["marked"] == 4
    # the Union's undo takes back the Union's mark, not the host's later one
    mark(client, game, host, "uss-brooklyn", "hull", 5)
    after = client.post(f"/api/games/{game}/undo", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(after, "uss-hartford")["trackers"]["hull"]["marked"] == 3
    assert unit_of(after, "uss-brooklyn")["trackers"]["hull"]["marked"] == 5
    redone = client.post(f"/api/games/{game}/redo", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(redone, "uss-hartford")["trackers"]["hull"]["marked"] == 4
    nothing = client.post(f"/api/games/{game}/redo", headers={"Authorization": f"Bearer {union}"})
    assert nothing.status_code == 409 and nothing.json()["error"] == "nothing to redo"
    turned = client.post(f"/api/games/{game}/turn", json={"step": 1}, headers={"Authorization": f"Bearer {host}"})
    assert turned.json()["turn"] == 2
    assert client.post(f"/api/games/{game}/turn", json={"step": 1},
                       headers={"Authorization": f"Bearer {union}"}).status_code == 403  # the host keeps the turn


def test_the_event_stream_tells_a_watcher_of_a_mark(client):
    game, keys = new_game(client)
    got: list[str] = []

    def listen():
        with client.stream("GET", f"/api/games/{game}/events?key={keys['watch']}&after=0") as events:
            for line in events.iter_lines():
                if line.startswith("data:"):
                    got.append(line[5:])
                    return

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    time.sleep(0.3)
    mark(client, game, keys["Union"], "uss-tecumseh", "hull", 3)
    reader.join(timeout=10)
    change = json.loads(got[0])
    assert [u["id"] for u in change["units"]] == ["uss-tecumseh"] and change["units"][0]["trackers"]["hull"]["marked"] == 3


def test_the_live_page_marks_without_javascript_and_a_watcher_sees_no_buttons_to_press(client):
    game, keys = new_game(client)
    page = client.get(f"/games/{game}?key={keys['Union']}")
    assert page.status_code == 200 and "USS Hartford" in page.text and 'aria-label="hull box 1 of 22"' in page.text
    posted = client.post(f"/games/{game}/mark", data={"key": keys["Union"], "unit": "uss-hartford", "tracker": "hull",
                                                      "marked": "2", "seen": "0"}, follow_redirects=False)
    assert posted.status_code == 303 and posted.headers["location"].endswith("#unit-uss-hartford")
    again = client.get(f"/games/{game}?key={keys['Union']}").text
    assert "2 of 22 marked" in again
    watch = client.get(f"/games/{game}?key={keys['watch']}").text
    assert "watching: you read the sheets" in watch and watch.count("<fieldset disabled>") == watch.count("<fieldset")
    assert client.get(f"/games/{game}?key=nope").status_code == 401


# ---------------------------------------------------------------------------------------------- never lost


def _post(url: str, key: str, body: dict) -> int:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as answer:
        return answer.status


def test_a_server_killed_mid_game_comes_back_with_every_acknowledged_mark(tmp_path):
    """200 marks from four clients at once, the server killed with SIGKILL while they mark; restarted, every mark a
    client was answered for is there."""
    from shipyard.app.games import games_store

    folder = tmp_path / "ships"
    folder.mkdir()
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "shipyard", "serve", "--port", str(port), "--no-browser", "--library", str(folder)]
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/static/style.css", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        req = urllib.request.Request(base + "/api/games", method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"scenario": "mobile-bay-1864", "rules": "saunders"}).encode())
        made = json.load(urllib.request.urlopen(req, timeout=60))
        game, host = made["id"], made["links"]["host"].split("key=")[1]
        units = ["uss-hartford", "uss-brooklyn", "uss-richmond", "uss-lackawanna"]
        acknowledged: dict[str, int] = {}
        in_flight: dict[str, int] = {}  # sent when the server died: made or not, but never told
        kill_after = threading.Event()

        def client(k: int):
            for i in range(1, 51):  # each client strikes its own ship's fire and hull boxes, up and down
                tracker, value = ("hull", i % 23) if i % 2 else ("fire", i % 6)
                name = f"{units[k]} {tracker}"
                in_flight[name] = value
                try:
                    if _post(f"{base}/api/games/{game}/marks", host,
                             {"unit": units[k], "tracker": tracker, "marked": value}) == 200:
                        acknowledged[name] = value
                        del in_flight[name]
                except OSError:
                    return
                if k == 0 and i == 50:
                    kill_after.set()

        clients = [threading.Thread(target=client, args=(k,)) for k in range(4)]
        for t in clients:
            t.start()
        kill_after.wait(timeout=60)
        os.killpg(server.pid, signal.SIGKILL)
        for t in clients:
            t.join(timeout=30)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    assert len(acknowledged) >= 4
    store = games_store(folder)  # what a restarted server reads
    from shipyard.app.games import game_view
    from shipyard.app.library import load_library

    view = game_view(store, load_library(), game, host)
    for name, value in acknowledged.items():
        uid, tracker = name.split(" ")
        assert unit_of(view, uid)["trackers"][tracker]["marked"] in (value, in_flight.get(name)), name
    marks = [e for e in store.events(game) if e.kind == "mark"]
    assert len(marks) >= 100  # client 0 made all 50 of its marks before the kill, the others marks of their own


# ---------------------------------------------------------------------------------------------- a campaign


def _diagonals(path: Path, names: tuple[str, ...]) -> int:
    """Diagonal strokes over the pages that name these units (each struck box is two): conftest.diagonal_strokes, on
    those pages only."""
    return _diagonals_in(str(path), names)


@functools.lru_cache(maxsize=16)
def _diagonals_in(path: str, names: tuple[str, ...]) -> int:
    """_diagonals, read once a file (the module's blank sheets are read against every pack; a test's own pack has a
    path of its own)."""
    return diagonal_strokes(path, [i for i, text in enumerate(pdf_page_texts(path)) if any(n in text for n in names)])


def test_a_campaign_round_trip_play_export_repair_and_pack_pre_damaged_in_all_four_rule_sets(client, tmp_path,
                                                                                            blank_sheets):
    game, keys = new_game(client, rules="saunders")
    mark(client, game, keys["Union"], "uss-hartford", "hull", 13)
    mark(client, game, keys["Confederate"], "css-tennessee", "hole", 2)
    folder = client.ships
    state, repaired = tmp_path / "state.yaml", tmp_path / "repaired.yaml"
    run = in_process("game", "export", game, "-o", state, "--library", folder)
    assert run.code == 0 and "2 damaged units" in run.out, run.err
    again = in_process("game", "export", game, "-o", state, "--library", folder)
    assert again.code != 0 and "is there already" in again.err  # never over a file without being asked
    run = in_process("game", "repair", state, "-o", repaired)
    assert run.code == 0, run.err
    assert "hull: 13" in state.read_text() and "hull: 7" in repaired.read_text()  # half of 13 lost repaired: 7 left
    out = tmp_path / "packs"
    run = in_process("pack", "mobile-bay-1864", "--state", repaired, "-o", out, "--jobs", "1", *SHEETS_ONLY)
    assert run.code == 0, run.err
    # Saunders box for box (Hartford 7 hull, Tennessee 1 hole); the others by Hartford's share of her main track
    # lost, 7/22 = 0.318: Smoke on the Water 27 of 86 HDP, Really Simple 8 of 28 speed boxes, Quick Play 4 of 14 EDNA
    struck = {"saunders": 8, "smoke-on-the-water": 27, "really-simple": 8, "quick-play": 4}
    for rules, boxes in struck.items():
        damaged = next(out.glob(f"mobile-bay-1864-{rules}-pre-damaged.pdf"))
        names = ("Hartford", "Tennessee")
        assert _diagonals(damaged, names) - _diagonals(blank_sheets(rules), names) == 2 * boxes, rules


@pytest.mark.parametrize("rules, lasting, put_out", [
    ("saunders", {"tracks": {"hull": 13}, "checks": {"gun 2": 1}}, {"tracks": {"fire": 2}, "checks": {"rudder": 1}}),
    ("really-simple", {"tracks": {"speed": 6}, "checks": {"gun 1": 1}}, {"checks": {"fire": 2, "helmsman": 1}}),
])
def test_the_repair_between_games_puts_her_fires_out_and_keeps_a_lost_gun_lost(client, tmp_path, rules, lasting,
                                                                              put_out):
    """Between games a fire is put out and a jammed rudder or a dead helmsman is over (campaign_repair's put_out,
    named in the repaired file), not carried into the next game at half; a gun lost stays lost (a single box), the
    tracks repair their share."""
    import yaml

    game, keys = new_game(client, rules=rules)
    for part in (lasting, put_out):
        for boxes in part.values():
            for name, n in boxes.items():
                assert mark(client, game, keys["Union"], "uss-hartford", name, n).status_code == 200, name
    state, repaired = tmp_path / "state.yaml", tmp_path / "repaired.yaml"
    assert in_process("game", "export", game, "-o", state, "--library", client.ships).code == 0
    run = in_process("game", "repair", state, "-o", repaired)
    assert run.code == 0, run.err
    after = yaml.safe_load(repaired.read_text())
    hartford = after["units"]["uss-hartford"]
    main, lost = next(iter(lasting["tracks"].items()))
    assert hartford["tracks"] == {main: lost - lost // 2} and hartford["checks"] == lasting["checks"], hartford
    assert all(name in after["repaired"] for boxes in put_out.values() for name in boxes), after["repaired"]


def test_a_campaign_file_that_does_not_fit_the_game_is_refused_in_words(client, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: shipyard campaign state 1\nscenario: mobile-bay-1864\nrules: saunders\n"
                   "units:\n  css-virginia: {tracks: {hull: 3}}\n")
    run = in_process("game", "new", "mobile-bay-1864", "--rules", "saunders", "--state", bad, "--no-qr",
                     "--library", client.ships)
    assert run.code != 0 and "units.css-virginia" in run.err and "does not play in this game" in run.err
    assert "Traceback" not in run.err
    wrong = tmp_path / "notes.yaml"
    wrong.write_text("shopping: [eggs]\n")
    run = in_process("pack", "mobile-bay-1864", "--state", wrong, "-o", tmp_path / "out", "--jobs", "1")
    assert run.code != 0 and "not a campaign file" in run.err and not (tmp_path / "out").exists()


def test_a_pack_printed_from_a_game_carries_on_each_sheet_a_qr_code_that_opens_her_live_sheet(client, tmp_path):
    import pypdfium2
    import zxingcpp

    folder = tmp_path / "ships"
    folder.mkdir()
    made = in_process("game", "new", "mobile-bay-1864", "--rules", "saunders", "--no-qr", "--url",
                      "http://192.168.1.20:8600", "--library", folder)
    assert made.code == 0, made.err
    game = made.out.split()[1].rstrip(":")
    state = tmp_path / "state.yaml"
    assert in_process("game", "export", game, "-o", state, "--library", folder).code == 0
    out = tmp_path / "out"
    run = in_process("pack", "mobile-bay-1864", "--rules", "saunders", "--state", state, "-o", out, "--jobs", "1",
                     "--library", folder, *SHEETS_ONLY)
    assert run.code == 0, run.err
    pdf = pypdfium2.PdfDocument(str(next(out.glob("*.pdf"))))
    try:
        page = pdf[1]  # the first sheets page: Tecumseh and Manhattan
        read = sorted(b.text for b in zxingcpp.read_barcodes(page.render(scale=300 / 72).to_pil()))
    finally:
        pdf.close()
    union = next(line.split(": ", 1)[1] for line in made.out.splitlines() if line.strip().startswith("Union:"))
    assert read == [f"{union}#unit-uss-manhattan", f"{union}#unit-uss-tecumseh"]  # her side's link, at her card
    path = read[0].split("8600", 1)[1].split("#")[0]
    with TestClient(create_app(folder, allowed_hosts={"testserver"})) as other:  # the same folder's server opens it
        assert "USS Manhattan" in other.get(path).text


@pytest.mark.parametrize("length", [10, 60, 100, 140, 220])
def test_a_qr_code_is_the_one_reportlabs_encoder_makes_its_mask_chosen_as_it_chooses(length):
    """render.qr scores the eight masks itself (ReportLab's scoring in Python loops was half of each code's time):
    the same modules as ReportLab's own make(), for links of every length a game gives and text that is not one."""
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.barcode.qrencoder import QRUtil

    from shipyard.render.qr import _penalty, qr_modules

    link = ("http://192.168.1.20:8600/games/g7k2/units/uss-hartford?key=" + "0123456789abcdef" * 14)[:length]
    for text in (link, link.upper()[::-1]):
        qr = QrCodeWidget(text, barLevel="M").qr
        qr.version = qr.calculate_version()
        for mask in range(8):  # each trial scored as ReportLab scores it
            qr.makeImpl(True, mask)
            assert _penalty(qr.modules) == QRUtil.getLostPoint(qr), (text, mask)
        qr.make()
        assert qr_modules(text) == tuple(tuple(bool(m) for m in row) for row in qr.modules), text


def test_the_scenario_page_starts_a_game_and_shows_each_link_with_its_qr_code(client):
    import re

    page = client.get("/scenarios/mobile-bay-1864").text
    assert 'action="/games/new"' in page and "Start a game" in page
    started = client.post("/games/new", data={"scenario": "mobile-bay-1864", "rules": "quick-play"},
                          follow_redirects=False)
    assert started.status_code == 303
    links = client.get(started.headers["location"]).text
    urls = re.findall(r'<a href="(http://testserver/games/[0-9a-f]{8}\?key=[^"]+)"', links)
    assert len(urls) == 4 and links.count("<svg") >= 4 and "QR code of the Union link" in links
    assert all(client.get(u.replace("http://testserver", "")).status_code == 200 for u in urls)
    watch = next(u for u in urls if client.get(u.replace("http://testserver", "")).text.count("watching") > 0)
    refused = client.get(started.headers["location"].split("?")[0] + "?key=" + watch.split("key=")[1])
    assert refused.status_code == 403  # only the host's key shows every side's link


# ---------------------------------------------------------------------------------------------- every box of the sheet


@pytest.mark.parametrize("rules", ["saunders", "smoke-on-the-water", "really-simple", "quick-play"])
def test_every_box_of_the_printed_sheet_is_live_kept_undone_exported_and_struck_on_a_pack_from_the_game(
        client, tmp_path, blank_sheets, rules):
    """A gun's box and the sunk box of Hartford's printed sheet are marks like a hull box: in the game's JSON (its
    `checks`, labelled as printed), undone and redone per device, written to the campaign file, and struck on the
    sheet a pack prints from it; a box her sheet does not have is refused in words."""
    import yaml

    game, keys = new_game(client, rules=rules)
    union = keys["Union"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {union}"}).json()
    checks = unit_of(view, "uss-hartford")["checks"]
    assert {"gun 2", "sunk"} <= set(checks) and checks["sunk"]["boxes"] == 1, sorted(checks)
    assert set(unit_of(view, "uss-hartford")["trackers"]).isdisjoint(checks)  # a box is a track or a check, once
    assert mark(client, game, union, "uss-hartford", "gun 2", 1).json()["checks"]["gun 2"]["marked"] == 1
    assert mark(client, game, union, "uss-hartford", "sunk", 1).json()["checks"]["sunk"]["marked"] == 1
    undone = client.post(f"/api/games/{game}/undo", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(undone, "uss-hartford")["checks"]["sunk"]["marked"] == 0
    redone = client.post(f"/api/games/{game}/redo", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(redone, "uss-hartford")["checks"]["sunk"]["marked"] == 1
    refused = mark(client, game, union, "uss-hartford", "gun 99", 1)
    assert refused.status_code == 400 and "no 'gun 99'" in refused.json()["error"]
    state = tmp_path / "state.yaml"
    assert in_process("game", "export", game, "-o", state, "--library", client.ships).code == 0
    assert yaml.safe_load(state.read_text())["units"]["uss-hartford"]["checks"] == {"gun 2": 1, "sunk": 1}
    out = tmp_path / "packs"
    run = in_process("pack", "mobile-bay-1864", "--rules", rules, "--state", state, "-o", out, "--jobs", "1",
                     "--library", client.ships, *SHEETS_ONLY)
    assert run.code == 0, run.err
    names = ("Hartford",)
    assert _diagonals(next(out.glob("*.pdf")), names) - _diagonals(blank_sheets(rules), names) == 2 * 2


def test_the_live_page_shows_every_other_box_of_her_sheet_and_the_sheet_drawing_names_each_box_as_the_card_does(
        client):
    """Her card on the live page has a button for each of her sheet's other boxes (her guns numbered as printed,
    each condition with its printed label) that marks without JavaScript; the drawing of her printed sheet names
    each of those boxes the same, so a tap on the drawing marks the same box."""
    import re

    game, keys = new_game(client, rules="saunders")
    union = keys["Union"]
    page = client.get(f"/games/{game}?key={union}").text
    assert 'data-check="gun 24"' in page and 'aria-label="Gun 1: ' in page
    assert re.search(r'aria-label="Sunk"[^>]*>|data-check="sunk"', page)
    posted = client.post(f"/games/{game}/mark", data={"key": union, "unit": "uss-hartford", "check": "rudder|1|0"},
                         follow_redirects=False)
    assert posted.status_code == 303
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(view, "uss-hartford")["checks"]["rudder"]["marked"] == 1
    card = client.get(f"/games/{game}?key={union}").text
    assert re.search(r'data-check="rudder" data-box="1"\s+aria-pressed="true"', card)
    sheet = client.get(f"/games/{game}/units/uss-hartford/sheet?key={union}").text
    names = set(re.findall(r'data-name="([^"]+)"', sheet))
    assert set(unit_of(view, "uss-hartford")["checks"]) <= names, sorted(set(unit_of(view, "uss-hartford")["checks"]) - names)
    assert client.post(f"/games/{game}/mark", data={"key": keys["watch"], "unit": "uss-hartford",
                                                    "check": "rudder|0|1"}).status_code == 403


@pytest.mark.parametrize("rules", ["saunders", "smoke-on-the-water", "really-simple", "quick-play"])
def test_her_printed_sheets_drawing_tags_every_box_of_her_live_tracks_so_it_can_be_ticked_on_the_drawing(client, rules):
    """The live page's drawing of her printed sheet carries each of her damage tracks' boxes, numbered, under the
    track's name (Really Simple's speed track as the other three rule sets' tracks): a tap there marks that box."""
    import re

    game, keys = new_game(client, rules=rules)
    host = keys["host"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    for uid in ("uss-hartford", "css-tennessee"):
        sheet = client.get(f"/games/{game}/units/{uid}/sheet?key={host}").text
        for name, t in unit_of(view, uid)["trackers"].items():
            groups = re.findall(rf'<g class="box-track"[^>]*data-track="{name}"[^>]*>(.*?)</g>', sheet)
            numbers = {int(n) for g in groups for n in re.findall(r'data-box="(\d+)"', g)}
            assert numbers == set(range(1, t["boxes"] + 1)), (rules, uid, name, sorted(numbers))
        for name, c in unit_of(view, uid).get("checks", {}).items():  # and every other box, by the card's name for it
            groups = re.findall(rf'<g class="box-track"[^>]*data-name="{name}"[^>]*>(.*?)</g>', sheet)
            numbers = {int(n) for g in groups for n in re.findall(r'data-box="(\d+)"', g)}
            assert numbers == set(range(1, c["boxes"] + 1)), (rules, uid, name, sorted(numbers))


@pytest.mark.parametrize("rules, fate", [("saunders", "surrendered"), ("smoke-on-the-water", "abandoned"),
                                         ("really-simple", "abandoned"), ("quick-play", "sunk")])
def test_a_fate_box_of_her_sheet_marked_puts_her_out_in_its_own_word(client, rules, fate):
    """A box trackers.yaml lists as ending a unit's fight (`out`: sunk, surrendered, abandoned, silenced), marked on
    her live sheet, says she is out, as a hull or EDNA run to nothing does; cleared, she is back."""
    game, keys = new_game(client, rules=rules)
    host = keys["host"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    assert unit_of(view, "uss-hartford")["now"]["out"] is None
    assert mark(client, game, host, "uss-hartford", fate, 1).json()["now"]["out"] == fate
    assert mark(client, game, host, "uss-hartford", fate, 0).json()["now"]["out"] is None


@pytest.mark.parametrize("rules, check", [("really-simple", "sunk"), ("quick-play", "holed")])
def test_the_turn_written_in_beside_a_marked_box_is_kept_live_like_a_mark(client, rules, check):
    """Really Simple's SINKS T__ (she goes down 1d6+2 turns on) and Quick Play's holed box (she sinks 1D6 bounds
    later, in bound ____): once the box is marked the turn thrown is written in on her live card, kept, shared and
    undone like a mark, beside the game's turn."""
    game, keys = new_game(client, rules=rules)
    union = keys["Union"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(view, "uss-hartford")["checks"][check]["turn"] is None
    assert 'name="tracker" value="%s turn"' % check not in client.get(f"/games/{game}?key={union}").text
    mark(client, game, union, "uss-hartford", check, 1)
    page = client.get(f"/games/{game}?key={union}").text
    assert 'name="tracker" value="%s turn"' % check in page  # the blank, once her box is marked
    posted = client.post(f"/games/{game}/mark", data={"key": union, "unit": "uss-hartford", "tracker": f"{check} turn",
                                                      "marked": "7"}, follow_redirects=False)
    assert posted.status_code == 303
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(view, "uss-hartford")["checks"][check]["turn"] == 7
    assert 'value="7"' in client.get(f"/games/{game}?key={union}").text
    undone = client.post(f"/api/games/{game}/undo", headers={"Authorization": f"Bearer {union}"}).json()
    assert unit_of(undone, "uss-hartford")["checks"][check]["turn"] is None
    assert mark(client, game, union, "uss-hartford", f"{check} turn", 101).status_code == 400


@pytest.mark.parametrize("rules, check, printed", [("really-simple", "sunk", "SINKS T7"),
                                                   ("quick-play", "holed", "in bound 7")])
def test_the_turn_written_in_on_the_live_card_is_exported_and_printed_in_the_blank_of_a_pack_from_the_game(
        client, tmp_path, rules, check, printed):
    """The turn written in beside a marked box on the live card goes into the campaign file with the box, and the
    pre-damaged sheet a pack prints from it has it in the box's blank (SINKS T__, in bound ____): paper says what
    the screen says."""
    import yaml

    game, keys = new_game(client, rules=rules)
    union = keys["Union"]
    mark(client, game, union, "uss-hartford", check, 1)
    assert mark(client, game, union, "uss-hartford", f"{check} turn", 7).json()["checks"][check]["turn"] == 7
    state, out = tmp_path / "state.yaml", tmp_path / "packs"
    assert in_process("game", "export", game, "-o", state, "--library", client.ships).code == 0
    assert yaml.safe_load(state.read_text())["units"]["uss-hartford"]["checks"] == {check: 1, f"{check} turn": 7}
    run = in_process("pack", "mobile-bay-1864", "--rules", rules, "--state", state, "-o", out, "--jobs", "1",
                     "--library", client.ships, *SHEETS_ONLY)
    assert run.code == 0, run.err
    pages = [" ".join(t.split()) for t in pdf_page_texts(next(out.glob("*.pdf")))]
    assert [t for t in pages if printed in t] == [t for t in pages if "Hartford" in t and printed in t] != [], pages
    # a game opened from the file has the turn written in again
    again = in_process("game", "new", "mobile-bay-1864", "--rules", rules, "--state", state, "--library", client.ships)
    assert again.code == 0, again.err


def test_the_turn_track_beside_the_sheets_says_the_rule_sets_word_and_moves_on_every_page(client):
    """Quick Play's turn is a bound: the live page's turn track says so, the host moves it on (without JavaScript
    too) and every open page hears the new bound at once."""
    game, keys = new_game(client, rules="quick-play")
    host, watch = keys["host"], keys["watch"]
    page = client.get(f"/games/{game}?key={host}").text
    assert '<span class="turn-word">Bound</span> <strong>1</strong>' in page and "Next bound +" in page
    got: list[str] = []

    def listen():
        with client.stream("GET", f"/games/{game}/events?key={watch}&after=0") as events:
            name = ""
            for line in events.iter_lines():
                name = line[6:].strip() if line.startswith("event:") else name
                if line.startswith("data:") and name == "turn":
                    got.append(line[5:])
                    return

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    time.sleep(0.3)
    moved = client.post(f"/games/{game}/turn", data={"key": host, "step": "1"}, follow_redirects=False)
    assert moved.status_code == 303
    reader.join(timeout=10)
    assert got and '<span class="turn-word">Bound</span> <strong>2</strong>' in got[0] and "Next bound" not in got[0]
    assert '<strong>2</strong>' in client.get(f"/games/{game}?key={watch}").text


OPENING_DAMAGE = """id: opening-damage
name: Opening damage
date: '1864-08-05'
place: Mobile Bay
sides:
  - name: Union
    navy: USN
    units:
      - {id: uss-hartford, damage: {%s}}
  - name: Confederate
    navy: CSN
    units:
      - {id: css-tennessee}
"""


@pytest.mark.parametrize("rules, damage, opens", [
    ("saunders", "hull: 2, rudder: 1", {"hull": 2, "rudder": 1}),
    ("smoke-on-the-water", "hdp: 3, gun 3: 1", {"hull": 3, "gun 3": 1}),
    ("really-simple", "speed: 4, sunk: 1", {"speed": 4, "sunk": 1}),
    ("quick-play", "edna: 5", {"edna": 5}),
])
def test_a_game_of_a_scenario_with_damage_opens_with_the_boxes_its_pre_damaged_sheets_strike(tmp_path, rules, damage,
                                                                                            opens):
    """A scenario's `damage:` (the README's `hull: 2`, another rule set's names, a box of her sheet by name) opens
    a game with the same boxes marked that its pre-damaged pack strikes, not blank without a word."""
    from shipyard import app
    from shipyard.app import games as play

    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "opening-damage.yaml").write_text(OPENING_DAMAGE % damage)
    library = app.load_library([tmp_path], user=False)
    store = play.games_store(tmp_path)
    made = play.new_game(store, library, "opening-damage", rules)
    view = play.game_view(store, library, made["id"], made["keys"]["host"])
    hartford = unit_of(view, "uss-hartford")
    marked = {k: v["marked"] for part in ("trackers", "checks") for k, v in hartford[part].items() if v["marked"]}
    assert marked == opens and "opening-damage.yaml" in view["opened_from"]


def test_a_game_of_a_scenario_whose_damage_its_sheets_do_not_have_is_refused_with_the_file_line_and_field(tmp_path):
    """The README's `damage: {hull: 2}` under Quick Play (its card strikes EDNA, not hull) is refused by `game new`
    as its pre-damaged pack refuses it, and no game is made."""
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "opening-damage.yaml").write_text(OPENING_DAMAGE % "hull: 2")
    run = in_process("game", "new", "opening-damage", "--rules", "quick-play", "--no-qr", "--library", tmp_path)
    assert run.code != 0 and "opening-damage.yaml:9: sides[0].units[0].damage" in run.err, run.err
    assert "(it has edna)" in run.err and "Traceback" not in run.err
    assert "no games yet" in in_process("game", "list", "--library", tmp_path).out


def test_quick_plays_turn_counter_is_kept_live_a_bound_at_a_time(client):
    """Each bound every Quick Play unit draws a numbered counter (the order she acts in): her card keeps the one
    she holds this bound, a new bound starts with none, the bound before still has hers; every open page's cards
    are redrawn when the bound moves on. A rule set without turn counters has no such mark."""
    game, keys = new_game(client, rules="quick-play")
    host, union = keys["host"], keys["Union"]
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {union}"}).json()
    counter = unit_of(view, "uss-hartford")["counter"]
    assert counter == {"label": "turn counter this bound", "of": len(view["units"]), "drawn": None}
    assert mark(client, game, union, "uss-hartford", "counter", 3).json()["counter"]["drawn"] == 3
    assert 'name="tracker" value="counter"' in client.get(f"/games/{game}?key={union}").text
    got: list[str] = []

    def listen():
        with client.stream("GET", f"/games/{game}/events?key={union}&after=0") as events:
            for line in events.iter_lines():
                if line.startswith("event: unit-uss-hartford"):
                    got.append(line)
                    return

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    time.sleep(0.3)
    moved = client.post(f"/api/games/{game}/turn", json={"step": 1}, headers={"Authorization": f"Bearer {host}"}).json()
    reader.join(timeout=10)
    assert got  # the new bound redraws her card on every open page
    assert moved["turn"] == 2 and unit_of(moved, "uss-hartford")["counter"]["drawn"] is None
    back = client.post(f"/api/games/{game}/turn", json={"step": -1}, headers={"Authorization": f"Bearer {host}"}).json()
    assert unit_of(back, "uss-hartford")["counter"]["drawn"] == 3
    assert mark(client, game, union, "uss-hartford", "counter", len(view["units"]) + 1).status_code == 400
    other, okeys = new_game(client, rules="saunders")
    plain = client.get(f"/api/games/{other}", headers={"Authorization": f"Bearer {okeys['host']}"}).json()
    assert "counter" not in unit_of(plain, "uss-hartford")
    assert mark(client, other, okeys["host"], "uss-hartford", "counter", 1).status_code == 400


def test_a_turn_counter_another_unit_holds_this_bound_is_refused_and_the_campaign_file_says_why_none_is_carried(
        client, tmp_path):
    """The cup holds one counter of each number: a second unit given the number another holds this bound is refused
    in words (409) and not marked; next bound the number is free again. The campaign file does not carry counters
    and says so (each is drawn afresh every bound)."""
    import yaml

    game, keys = new_game(client, rules="quick-play")
    union, rebel, host = keys["Union"], keys["Confederate"], keys["host"]
    assert mark(client, game, union, "uss-hartford", "counter", 3).status_code == 200
    refused = mark(client, game, rebel, "css-tennessee", "counter", 3)
    assert refused.status_code == 409, refused.text
    assert "USS Hartford holds turn counter 3 this bound 1" in refused.json()["error"], refused.json()
    view = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {host}"}).json()
    assert unit_of(view, "css-tennessee")["counter"]["drawn"] is None
    assert mark(client, game, rebel, "css-tennessee", "counter", 4).json()["counter"]["drawn"] == 4
    client.post(f"/api/games/{game}/turn", json={"step": 1}, headers={"Authorization": f"Bearer {host}"})
    assert mark(client, game, rebel, "css-tennessee", "counter", 3).json()["counter"]["drawn"] == 3
    mark(client, game, union, "uss-hartford", "edna", 2)
    state = tmp_path / "state.yaml"
    assert in_process("game", "export", game, "-o", state, "--library", client.ships).code == 0
    told = yaml.safe_load(state.read_text())
    assert "drawn afresh every bound" in told["not carried"] and "counter" not in str(told["units"]), told


def test_the_live_card_rows_her_numbered_guns_and_keeps_every_other_check_under_its_printed_label():
    """Her guns (numbered by the sheet) share a row of numbered boxes; Quick Play's three engines boxes, one tracker
    but three conditions, each keep their own printed words."""
    from shipyard.web.games import check_rows

    def check(tracker, label):
        return {"tracker": tracker, "label": label, "boxes": 1, "marked": 0}

    checks = {"gun 1": check("gun", "Gun 1: IX-inch Dahlgren"), "gun 2": check("gun", "Gun 2: IX-inch Dahlgren"),
              "gun 3": check("gun", "Gun 3"), "engines 1": check("engines", "no Full"),
              "engines 2": check("engines", "Slow only"), "engines 3": check("engines", "stopped")}
    rows = check_rows(checks)
    assert [(head, [text for _, _, text in row]) for head, row in rows] == [
        ("Guns", ["1", "2", "3"]), ("no Full", [""]), ("Slow only", [""]), ("stopped", [""])]


def test_a_pack_from_a_campaign_file_makes_no_games_database_in_a_folder_that_keeps_none(tmp_path, library):
    """`pack --state` looks in your folder for the game's live links: where the folder keeps no games it must not
    make a games database there (the suite found ./ships/games.sqlite left in the checkout)."""
    from shipyard.app import games as play

    (tmp_path / "club").mkdir()
    store = play.games_store(tmp_path / "club")
    game = play.new_game(store, library, "mobile-bay-1864", "saunders")
    state = tmp_path / "state.yaml"
    play.write_campaign(play.campaign_state(store, library, game["id"]), state)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = in_process("pack", "mobile-bay-1864", "--rules", "saunders", "--state", state, "-o", tmp_path / "out",
                     "--jobs", "1", cwd=elsewhere)
    assert run.code == 0, run.err
    assert not (elsewhere / "ships").exists() and list(elsewhere.iterdir()) == []
