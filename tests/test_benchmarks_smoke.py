"""The benchmark scripts still run, on a tiny size, and print their headline lines.

No timing is asserted here: speed is measured by running benchmarks/ (see benchmarks/README.md).
"""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO

BENCH = REPO / "benchmarks"

RUNS = {
    # the smallest bundled scenario (two ships): the script's every step and line, on the least to pack
    "pack": (["bench_pack.py", "--rules", "quick-play", "--runs", "1", "--sheet-runs", "1", "--scenario", "cherbourg-1864"],
             ["scenario cherbourg-1864, rule sets: quick-play", "pages:", "content per page", "shipyard pack (whole process)", "bare ReportLab (whole process)",
              "ratio shipyard / baseline: wall", "warm single record sheet, quick-play           pdf",
              "warm single record sheet, quick-play           svg"]),
    "scaling": (["bench_scaling.py", "--sizes", "3", "6", "--rules", "quick-play"],
                ["N=    3:", "N=    6:", "ms/vessel", "peak RSS", "per-vessel time at 6 / at 3:"]),
    "startup": (["bench_startup.py", "--runs", "1"],
                ["shipyard --help", "shipyard vessels", "best", "median"]),
    "editor": (["bench_editor.py", "--runs", "1"],
               ["last keystroke to the result painted: median", "the server's check alone"]),
    "games": (["bench_games.py", "--marks", "2"],
              ["mark to event on every listener", "0 missed", "plain page load (GET live page)"]),
    "signal storm": (["signal_storm.py", "--runs", "1", "--scenario", "cherbourg-1864", "--rules", "qp"],
                     ["a whole pack takes", "SIGTERM: 1 runs: 0 left a .part file, 0 printed a traceback",
                      "SIGHUP: 1 runs: 0 left a .part file", "every run clean"]),
}


def test_benchmark_scripts_run_and_print_their_headlines(tmp_path):
    # all at once: each is mostly waiting on its own subprocesses
    procs = {
        name: subprocess.Popen([sys.executable, str(BENCH / args[0]), *args[1:]], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name, (args, _) in RUNS.items()
    }
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"{name}: exit {proc.returncode}\n{err}"
        for headline in RUNS[name][1]:
            assert headline in out, f"{name}: no {headline!r} in\n{out}"


def test_synthetic_fleet_is_valid_and_split_over_two_sides(tmp_path):
    sys.path.insert(0, str(BENCH))
    try:
        import bench_scaling
    finally:
        sys.path.remove(str(BENCH))
    from shipyard.library.library import Library

    scenario = bench_scaling.make_fleet(tmp_path, 12)
    lib = Library.load([tmp_path], collect=True)  # every generated vessel passes validation
    scen = lib.scenario("synthetic-12")
    assert scenario.endswith("synthetic-12.yaml")
    assert len(scen.sides) == 2 and all(side.units for side in scen.sides)
    ids = [u.id for side in scen.sides for u in side.units]
    assert len(ids) == len(set(ids)) == 12
    assert all(lib.units[i].name != lib.units[j].name for i in ids for j in ids if i != j)


def test_census_counts_every_string_the_pack_sets(tmp_path):
    """The baseline draws as many text runs as the census counted: shipyard's pages set text without ReportLab's
    drawString (Page._show), so the census must still see every string; it is checked against the PDF itself,
    where every string set is one `... T* ET` text object."""
    import re
    import zlib

    sys.path.insert(0, str(BENCH))
    try:
        import bench_pack
    finally:
        sys.path.remove(str(BENCH))
    census = bench_pack.take_census(["quick-play"], tmp_path)
    rs = census["rulesets"]["quick-play"]
    counted = round(rs["per_page"]["text runs"] * rs["pages"])
    (pdf,) = tmp_path.glob("*.pdf")
    in_pdf = 0
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf.read_bytes(), re.S):
        try:
            in_pdf += zlib.decompress(m.group(1)).count(b" T* ET")
        except zlib.error:
            pass  # an embedded font's stream, not a content stream
    assert counted == len(rs["strings"]) == in_pdf > 300
