"""Start-up time of the command line: `shipyard --help` and `shipyard vessels`, each a fresh process.

    python benchmarks/bench_startup.py            # best of 5 runs each (goal: under 0.5 s)
    python benchmarks/bench_startup.py --runs 11
    python benchmarks/bench_startup.py --runs 1   # a quick smoke run

Runs the `shipyard` found on PATH (as a user types it; under pyenv that is a shim script), stdout to
a pipe as when the output is redirected. Reports the best and the median wall time, and the best CPU
time (user + sys of the child), which is much less disturbed by other work on the machine than wall time.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

COMMANDS = (["--help"], ["vessels"], ["vessels", "--json"])


def _exe() -> list[str]:
    exe = shutil.which("shipyard")
    return [exe] if exe else [sys.executable, "-m", "shipyard.cli"]


def run(args: list[str], runs: int) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        proc = subprocess.run(_exe() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        if proc.returncode != 0:
            raise SystemExit(f"shipyard {' '.join(args)} failed:\n{proc.stderr.decode(errors='replace')}")
    return walls, cpus


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    print(f"{' '.join(_exe())}; PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!s}")
    for cmd in COMMANDS:
        walls, cpus = run(cmd, args.runs)
        print(f"shipyard {' '.join(cmd):16s} best {min(walls):.3f} s  median {statistics.median(walls):.3f} s  "
              f"(cpu best {min(cpus):.3f} s; {args.runs} runs; goal: under 0.5 s)")


if __name__ == "__main__":
    main()
