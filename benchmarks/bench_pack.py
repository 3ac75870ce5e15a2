"""The Mobile Bay game pack (all four rule sets) against a bare ReportLab canvas drawing the same pages.

    python benchmarks/bench_pack.py                    # 5 timed repeats + 5 CLI runs, medians reported
    python benchmarks/bench_pack.py --repeat 9 --cli-runs 9
    python benchmarks/bench_pack.py --rules quick-play --repeat 1 --cli-runs 1   # a quick smoke run

1. In process: build_pack() for every rule set (library loaded once, one warm-up build first so imports,
   font registration and template compilation are not counted). Timed from build_pack's start to the
   renamed PDF, i.e. derive + layout + ReportLab + save.
2. Content census: one more build with the ReportLab Canvas methods wrapped, counting text runs, boxes,
   lines and path segments per page (what the baseline must match).
3. Baseline: a bare Canvas (same DejaVu TrueType fonts, invariant=1, compressed, same page size) drawing
   the same number of pages, each with the census's average count of text runs (real strings taken from
   the pack, sizes and font faces rotating), rects, lines and path segments, then saving.
4. Wall clock of `shipyard pack mobile-bay-1864 -o TMP` as a fresh subprocess: start-up, library load,
   all four PDFs.

Goals (issue 7): shipyard per-page time within 2x the baseline's; the CLI build under 3 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

SCENARIO = "mobile-bay-1864"


def _shipyard_exe() -> list[str]:
    exe = shutil.which("shipyard")
    return [exe] if exe else [sys.executable, "-m", "shipyard.cli"]


def build_all(lib, scen, rulesets, out: Path):
    from shipyard.pack import PackOptions, build_pack

    options = PackOptions(rules=[rs.key for rs in rulesets], output_dir=out)
    return [build_pack(lib, scen, rs, options) for rs in rulesets]


class Census:
    """Counts what the pack asks of ReportLab, by wrapping Canvas methods for one build."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.strings: list[tuple[str, str, float]] = []  # (text, font, size) as drawn
        self._font = ("DejaVuSans", 9.0)

    def __enter__(self) -> "Census":
        from reportlab.pdfgen.canvas import Canvas
        from reportlab.pdfgen.pathobject import PDFPathObject

        self._saved = {}
        census = self

        def wrap(cls, name, count_as, extra=None):
            orig = getattr(cls, name)
            self._saved[(cls, name)] = orig

            def wrapper(obj, *a, **k):
                census.counts[count_as] += 1
                if extra:
                    extra(obj, a, k)
                return orig(obj, *a, **k)

            setattr(cls, name, wrapper)

        def on_font(c, a, k):
            census._font = (a[0], float(a[1]))

        def on_string(c, a, k):
            census.strings.append((str(a[2]), *census._font))

        wrap(Canvas, "setFont", "font changes", on_font)
        for name in ("drawString", "drawRightString", "drawCentredString"):
            wrap(Canvas, name, "text runs", on_string)
        wrap(Canvas, "rect", "rects")
        wrap(Canvas, "line", "lines")
        wrap(Canvas, "circle", "circles")
        wrap(Canvas, "drawPath", "paths")
        wrap(Canvas, "showPage", "pages")
        wrap(Canvas, "doForm", "form uses")
        wrap(PDFPathObject, "lineTo", "path segments")
        wrap(PDFPathObject, "arc", "path arcs")
        wrap(PDFPathObject, "arcTo", "path arcs")
        return self

    def __exit__(self, *exc) -> None:
        for (cls, name), orig in self._saved.items():
            setattr(cls, name, orig)


def baseline(path: Path, pages: int, per_page: dict[str, float], strings: list[tuple[str, str, float]], pagesize) -> None:
    """A bare canvas: the same page count with the pack's average content per page."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from shipyard.render.fonts import register_all

    register_all()
    W, H = pagesize
    n_text = round(per_page["text runs"])
    n_font = max(1, round(per_page["font changes"]))
    n_rect = round(per_page["rects"])
    n_line = round(per_page["lines"])
    n_path = round(per_page["paths"])
    n_seg = round(per_page["path segments"])
    n_circ = round(per_page["circles"])
    segs_per_path = max(1, n_seg // max(1, n_path))
    font_every = max(1, n_text // n_font)
    k = 0
    c = Canvas(str(path), pagesize=pagesize, invariant=1, pageCompression=1, pdfVersion=(1, 4))
    for _ in range(pages):
        c.setLineWidth(0.25 * mm)
        for i in range(n_text):
            s, font, size = strings[k % len(strings)]
            k += 1
            if i % font_every == 0:
                c.setFont(font, size)
            c.drawString((20 + (i % 4) * 45) * mm, H - (20 + (i // 4) % 50 * 5) * mm, s)
        for i in range(n_rect):
            c.rect((20 + (i % 30) * 5) * mm, H - (40 + (i // 30) % 40 * 5) * mm, 3.5 * mm, 3.5 * mm, stroke=1, fill=0)
        for i in range(n_line):
            y = H - (20 + i % 200 * 1.2) * mm
            c.line(20 * mm, y, 150 * mm, y)
        for i in range(n_path):
            p = c.beginPath()
            p.moveTo(30 * mm, H - 30 * mm)
            for j in range(segs_per_path):
                p.lineTo((30 + j % 50 * 2) * mm, H - (30 + (i + j) % 150) * mm)
            c.drawPath(p, stroke=1, fill=0)
        for i in range(n_circ):
            c.circle(100 * mm, H / 2, (5 + i % 20) * mm, stroke=1, fill=0)
        c.showPage()
    c.save()


def cli_wall(rules: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            cmd = _shipyard_exe() + ["pack", SCENARIO, "-o", d] + [a for r in rules for a in ("--rules", r)]
            t = time.perf_counter()
            proc = subprocess.run(cmd, capture_output=True, text=True)
            times.append(time.perf_counter() - t)
            if proc.returncode != 0:
                raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    return times


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed in-process repeats (median reported)")
    ap.add_argument("--cli-runs", type=int, default=5, help="subprocess `shipyard pack` runs (median reported; 0 skips)")
    ap.add_argument("--rules", action="append", help="only these rule sets (default: all four)")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    from shipyard.rules import all_rulesets, get_ruleset
    from shipyard.spec.library import Library

    rulesets = [get_ruleset(r) for r in args.rules] if args.rules else list(all_rulesets())
    lib = Library.load()
    scen = lib.scenario(SCENARIO)
    load_s = time.perf_counter() - t0
    print(f"scenario {SCENARIO}, rule sets: {', '.join(rs.key for rs in rulesets)}")
    print(f"imports + library load (in process): {load_s:.3f} s")

    with tempfile.TemporaryDirectory() as d:
        out = Path(d)
        built = build_all(lib, scen, rulesets, out / "warm")  # warm-up: imports, fonts, templates
        pages = sum(b.pages for b in built)
        pack_times, base_times = [], []
        with Census() as census:
            build_all(lib, scen, rulesets, out / "census")
        per_page = {k: census.counts[k] / pages for k in
                    ("text runs", "font changes", "rects", "lines", "paths", "path segments", "path arcs", "circles", "form uses")}
        from shipyard.render.paper import PAPERS

        pagesize = (PAPERS["a4"].width_pt, PAPERS["a4"].height_pt)
        baseline(out / "base-warm.pdf", 2, per_page, census.strings, pagesize)
        for i in range(args.repeat):  # interleaved so machine load hits both alike
            t = time.perf_counter()
            build_all(lib, scen, rulesets, out / f"run{i}")
            pack_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            baseline(out / f"base{i}.pdf", pages, per_page, census.strings, pagesize)
            base_times.append(time.perf_counter() - t)

    print(f"pages: {pages} (" + ", ".join(f"{b.ruleset} {b.pages}" for b in built) + ")")
    print("content per page (average over the pack, counted at the ReportLab canvas): "
          + ", ".join(f"{k} {v:.1f}" for k, v in per_page.items()))
    pack_s, base_s = statistics.median(pack_times), statistics.median(base_times)
    print(f"shipyard pack       {pages / pack_s:8.1f} pages/s  ({pack_s:.3f} s for {pages} pages, median of {args.repeat})")
    print(f"bare canvas         {pages / base_s:8.1f} pages/s  ({base_s:.3f} s for {pages} pages, median of {args.repeat})")
    print(f"ratio (shipyard per-page time / baseline per-page time): {pack_s / base_s:.2f}x  (goal: within 2x)")
    if args.cli_runs:
        rules = [rs.key for rs in rulesets] if args.rules else []
        walls = cli_wall(rules, args.cli_runs)
        print(f"`shipyard pack {SCENARIO}` wall clock incl. start-up: median {statistics.median(walls):.2f} s, "
              f"best {min(walls):.2f} s of {len(walls)} runs  (goal: under 3 s)")


if __name__ == "__main__":
    main()
