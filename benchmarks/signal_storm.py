"""Stop `shipyard pack` again and again, at varied moments, by signalling its whole process group (issue 20).

    python benchmarks/signal_storm.py [--runs 20] [--signal TERM --signal HUP] [--scenario mobile-bay-1864] [--jobs 2]

Each run is the real `shipyard` script, in a session of its own (as a terminal runs it), packing into a folder that
holds a good earlier pack; it is sent the signal as `kill -SIG -- -PGID` sends it (or a closed terminal, for HUP)
at a moment spread over one unsignalled pack's time. Afterwards nothing may be left: no .part file, no traceback,
no process of the group, and every PDF in the folder the good one byte for byte (kept, or written again whole).
Exit 1 if any run broke one of these.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHIPYARD = Path(sys.executable).parent / "shipyard"


def pack_command(args, out: Path) -> list[str]:
    return [str(SHIPYARD), "pack", args.scenario, "--jobs", str(args.jobs), "-o", str(out),
            *[f"--rules={r}" for r in args.rules]]


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.pdf")}


def group_gone(pgid: int) -> bool:
    for _ in range(100):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    os.killpg(pgid, signal.SIGKILL)
    return False


def one_run(args, good: Path, out: Path, sig: signal.Signals | None, delay: float) -> dict:
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(good, out)
    started = time.perf_counter()
    proc = subprocess.Popen(pack_command(args, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    if sig is not None:
        time.sleep(delay)
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:  # finished already
            pass
    stdout, stderr = proc.communicate(timeout=300)
    wall = time.perf_counter() - started
    return {
        "code": proc.returncode, "wall": wall, "said": (stderr.strip().splitlines() or [""])[-1],
        "parts": sorted(p.name for p in out.iterdir() if p.name.endswith(".part")),
        "traceback": "Traceback" in stderr, "left": not group_gone(proc.pid),
        "damaged": sorted(name for name, digest in digests(out).items() if digests(good).get(name) != digest),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--signal", action="append", dest="signals", help="TERM, HUP or INT (repeatable; default TERM and HUP)")
    parser.add_argument("--scenario", default="mobile-bay-1864")
    parser.add_argument("--rules", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    signals = [getattr(signal, "SIG" + name.upper().removeprefix("SIG")) for name in args.signals or ["TERM", "HUP"]]
    bad = 0
    with tempfile.TemporaryDirectory(prefix="signal-storm-") as tmp:
        good, out = Path(tmp) / "good", Path(tmp) / "out"
        good.mkdir()
        first = one_run(args, good, out, None, 0)  # the good pack, and how long a whole one takes
        assert first["code"] == 0, first
        shutil.rmtree(good)
        shutil.copytree(out, good)
        whole = one_run(args, good, out, None, 0)["wall"]
        print(f"{args.scenario} --jobs {args.jobs}: a whole pack takes {whole:.2f} s; each run signalled between "
              f"{0.1 * whole:.2f} and {1.1 * whole:.2f} s")
        for sig in signals:
            outcomes: dict[str, int] = {}
            broke = {"left a .part file": 0, "printed a traceback": 0, "left a process": 0, "damaged a PDF": 0}
            for i in range(args.runs):
                delay = whole * (0.1 + i / max(1, args.runs - 1))
                run = one_run(args, good, out, sig, delay)
                problems = [what for what, key in (("left a .part file", "parts"), ("printed a traceback", "traceback"),
                                                   ("left a process", "left"), ("damaged a PDF", "damaged")) if run[key]]
                for what in problems:
                    broke[what] += 1
                outcomes[str(run["code"])] = outcomes.get(str(run["code"]), 0) + 1
                print(f"  {sig.name} at {delay:.2f} s: exit {run['code']}, {run['said'][:60]!r}"
                      + (f"  BROKE: {', '.join(problems)} {run['parts'] or ''}{run['damaged'] or ''}" if problems else ""))
                bad += bool(problems)
            print(f"{sig.name}: {args.runs} runs: " + ", ".join(f"{n} {what}" for what, n in broke.items())
                  + "; exits " + ", ".join(f"{code}: {n}" for code, n in sorted(outcomes.items())))
    print("every run clean" if not bad else f"{bad} runs broke something")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
