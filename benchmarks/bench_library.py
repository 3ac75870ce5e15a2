"""The library each command and page reads: its load in one process, again and again, and a command's start.

    python benchmarks/bench_library.py                        # this checkout
    python benchmarks/bench_library.py --against /tmp/main    # and another checkout's code beside it, with ratios
    python benchmarks/bench_library.py --runs 1 --loads 2     # a quick smoke run

`--against` names the root of another checkout (`git worktree add /tmp/main main`, or `git archive main | tar -x`):
each measure runs in a child process with PYTHONPATH at one checkout or the other, the two run alternately, each
with a cache folder of its own warmed by one untimed run (so every timed load is a user's second: the bundled library
kept). Measured, medians:

- warm load: `Library.load()` again in one process (what the web server, and the suite's in-process commands, do);
- warm load with her folder: the same with a user's folder of one ship (read on the kept bundled library);
- new web app: a new app (create_app) and its first `GET /api/vessels/uss-monitor/stats` (what each web test does);
- `shipyard stats uss-monitor --rules saunders` and `shipyard vessels`: fresh processes, wall and CPU (user+sys).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

IN_PROCESS = r"""
import json, sys, time, tempfile
from pathlib import Path
loads = int(sys.argv[1])
from shipyard.library.library import Library
out = {}
Library.load(); Library.load()
t = time.perf_counter()
for _ in range(loads):
    Library.load()
out["warm load"] = (time.perf_counter() - t) / loads
mine = Path(tempfile.mkdtemp()) / "ships"
mine.mkdir()
text = Library.load().origin["uss-monitor"].path.read_text(encoding="utf-8")
(mine / "uss-bench-test.yaml").write_text(text.replace("id: uss-monitor", "id: uss-bench-test"), encoding="utf-8")
Library.load([mine]); Library.load([mine])
t = time.perf_counter()
for _ in range(loads):
    Library.load([mine])
out["warm load with her folder"] = (time.perf_counter() - t) / loads
from starlette.testclient import TestClient
from shipyard.web.server import create_app
user = Path(tempfile.mkdtemp())
TestClient(create_app(user)).get("/api/vessels/uss-monitor/stats?rules=saunders")
t = time.perf_counter()
for _ in range(loads):
    got = TestClient(create_app(user)).get("/api/vessels/uss-monitor/stats?rules=saunders")
    assert got.status_code == 200, got.text
out["new web app, first request"] = (time.perf_counter() - t) / loads
print(json.dumps(out))
"""

COMMANDS = (["stats", "uss-monitor", "--rules", "saunders"], ["vessels"])


WORK = Path(tempfile.mkdtemp(prefix="bench-library-run-"))  # the folder each measure runs in: no ./ships of anyone's


def _env(code: Path, cache: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(code), "SHIPYARD_CACHE_DIR": str(cache)}


def in_process(code: Path, cache: Path, loads: int) -> dict[str, float]:
    proc = subprocess.run([sys.executable, "-c", IN_PROCESS, str(loads)], env=_env(code, cache), cwd=WORK,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"in-process measure at {code} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def command(code: Path, cache: Path, args: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "shipyard.cli", *args], env=_env(code, cache), cwd=WORK,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"shipyard {' '.join(args)} at {code} failed:\n{proc.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", type=Path, help="the root of another checkout, measured beside this one")
    ap.add_argument("--runs", type=int, default=5, help="runs of each measure (alternating between the checkouts)")
    ap.add_argument("--loads", type=int, default=10, help="loads (or new apps) timed in each in-process run")
    args = ap.parse_args(argv)
    codes = {"this": HERE} | ({"against": args.against.resolve()} if args.against else {})
    caches = {name: Path(tempfile.mkdtemp(prefix=f"bench-library-{name}-")) for name in codes}
    got: dict[str, dict[str, list[float]]] = {name: {} for name in codes}
    for name, code in codes.items():  # warm each cache: the kept library, the YAML parses
        in_process(code, caches[name], 1)
        for cmd in COMMANDS:
            command(code, caches[name], cmd)
    for _ in range(args.runs):
        for name, code in codes.items():
            for measure, seconds in in_process(code, caches[name], args.loads).items():
                got[name].setdefault(measure, []).append(seconds)
            for cmd in COMMANDS:
                wall, cpu = command(code, caches[name], cmd)
                got[name].setdefault(f"shipyard {' '.join(cmd)} (wall)", []).append(wall)
                got[name].setdefault(f"shipyard {' '.join(cmd)} (cpu)", []).append(cpu)
    print(f"medians of {args.runs} runs; in-process measures per load, of {args.loads}; " + "; ".join(
        f"{name}: {code}" for name, code in codes.items()))
    head = f"{'measure':48s} {'this':>10s}" + (f" {'against':>10s} {'this/against':>13s}" if args.against else "")
    print(head)
    for measure in got["this"]:
        this = statistics.median(got["this"][measure])
        line = f"{measure:48s} {this * 1000:8.1f}ms"
        if args.against:
            other = statistics.median(got["against"][measure])
            line += f" {other * 1000:8.1f}ms {this / other:12.2f}x"
        print(line)


if __name__ == "__main__":
    main()
