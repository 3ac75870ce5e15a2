"""From a mark on one device to the event on three others (issue 25), with the Mobile Bay game (26 units), on loopback.

    python benchmarks/bench_games.py [--marks 100] [--listeners 3]

Starts the real `shipyard serve` in a folder of its own, starts a Saunders game of Mobile Bay, opens `--listeners`
event streams (GET /api/games/{id}/events, as the live pages do), and has one more client mark `--marks` boxes one
after another. For each mark: the time from just before its POST is sent to the moment each listener has read the
event that carries it. Side by side, alternating with the marks, the plain load of the game's live page
(GET /games/{id}) is timed on the same server, so the two figures share the machine's load. Goal: p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: dict | None = None, key: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status, data


class Listener(threading.Thread):
    """One device's event stream: the time each event (by its seq) was read."""

    def __init__(self, port: int, game: str, key: str):
        super().__init__(daemon=True)
        self.port, self.game, self.key = port, game, key
        self.seen: dict[int, float] = {}
        self.open = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request("GET", f"/api/games/{self.game}/events?key={self.key}")
        answer = conn.getresponse()
        self.open.set()
        for raw in answer:
            line = raw.decode().rstrip("\n")
            if line.startswith("id: "):
                self.seen[int(line[4:])] = time.perf_counter()


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--marks", type=int, default=100)
    ap.add_argument("--listeners", type=int, default=3)
    args = ap.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-games-"))
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "shipyard", "serve", "--port", str(port), "--no-browser",
                               "--library", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        for _ in range(600):
            try:
                request(port, "GET", "/static/style.css")
                break
            except OSError:
                time.sleep(0.05)
        status, body = request(port, "POST", "/api/games", {"scenario": "mobile-bay-1864", "rules": "saunders"})
        made = json.loads(body)
        game, host = made["id"], made["links"]["host"].split("key=")[1]
        watch = made["links"]["watch"].split("key=")[1]
        units = json.loads(request(port, "GET", f"/api/games/{game}", key=host)[1])["units"]
        listeners = [Listener(port, game, watch) for _ in range(args.listeners)]
        for listener in listeners:
            listener.start()
            listener.open.wait(30)
        time.sleep(0.5)
        request(port, "GET", f"/games/{game}?key={host}")  # the page's templates loaded once
        delays, answers, pages = [], [], []
        for i in range(args.marks):
            unit = units[i % len(units)]
            tracker = next(iter(unit["trackers"]))
            boxes = unit["trackers"][tracker]["boxes"]
            sent = time.perf_counter()
            status, body = request(port, "POST", f"/api/games/{game}/marks",
                                   {"unit": unit["id"], "tracker": tracker, "marked": (i // len(units)) % boxes + 1},
                                   key=host)
            answers.append(time.perf_counter() - sent)
            seq = json.loads(request(port, "GET", f"/api/games/{game}", key=host)[1])["seq"]
            deadline = time.perf_counter() + 10
            while any(seq not in lst.seen for lst in listeners) and time.perf_counter() < deadline:
                time.sleep(0.001)
            delays += [lst.seen[seq] - sent for lst in listeners if seq in lst.seen]
            started = time.perf_counter()
            request(port, "GET", f"/games/{game}?key={host}")
            pages.append(time.perf_counter() - started)
        missed = args.marks * args.listeners - len(delays)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)

    ms = lambda s: f"{s * 1000:6.1f} ms"  # noqa: E731
    print(f"Mobile Bay under Saunders, {len(units)} units, {args.marks} marks, {args.listeners} listeners, loopback")
    print(f"mark to event on every listener: median {ms(statistics.median(delays))}  p95 {ms(percentile(delays, 95))}"
          f"  worst {ms(max(delays))}  ({len(delays)} deliveries, {missed} missed)  (goal: p95 at most 100 ms)")
    print(f"mark answered (POST to reply):   median {ms(statistics.median(answers))}  p95 {ms(percentile(answers, 95))}")
    print(f"plain page load (GET live page): median {ms(statistics.median(pages))}  p95 {ms(percentile(pages, 95))}")
    print(f"ratio event p95 / page load median: {percentile(delays, 95) / statistics.median(pages):.2f}x")


if __name__ == "__main__":
    main()
