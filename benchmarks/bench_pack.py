"""The Mobile Bay game pack (all four rule sets) against a bare ReportLab baseline of the same density and fonts.

    python benchmarks/bench_pack.py                      # 7 alternating process pairs, 30 warm sheets
    python benchmarks/bench_pack.py --runs 11 --sheet-runs 50
    python benchmarks/bench_pack.py --rules quick-play --runs 1 --sheet-runs 3 --scenario cherbourg-1864   # a smoke run
    python benchmarks/bench_pack.py --against /tmp/main  # and another checkout's code timed beside it, in turn

1. Census: one in-process build of each rule set's pack with the ReportLab Canvas methods wrapped, counting per
   page the text runs (and the strings, faces and sizes drawn), font changes, rects, lines, paths and path
   segments, circles. This is the density the baseline must match.
2. Whole processes, run alternately (so machine load hits all alike), medians:
   - shipyard: `shipyard pack mobile-bay-1864 -o TMP` (start-up, library load, derive, layout, one PDF per
     rule set, built side by side in one process per usable core, forked after the library is loaded);
   - shipyard in one process: the same with `--jobs 1` (the rule sets one after another);
   - baseline: `python bench_pack.py --baseline CENSUS.json OUT` -- a fresh interpreter importing only
     ReportLab, registering the same embedded DejaVu TrueType fonts (shipyard/fonts) and drawing, for each rule
     set, a PDF of the same page count and paper with the census's average content per page (the pack's own
     strings, faces and sizes, in turn), compressed and invariant like shipyard's.
   Reported: the medians and the ratios to the baseline, wall and CPU (goal: at most 1.5x; aim 1.3x).
   shipyard's caches live in this run's own folder, warmed by the census and one untimed pack: every timed pack is
   a user's second run, and shipyard's modules are compiled to bytecode first, as an install does (this environment
   sets PYTHONDONTWRITEBYTECODE: an editable install would compile them again in every process).
3. A warm single record sheet: in one process, after a warm-up, Monitor's record sheet (a fort's for a rule set
   whose sheet is per fort) drawn into a new Document and saved, timed each time; median per rule set (goal:
   at most 10 ms). Beside it, the same sheet drawn as SVG (render.svg's SvgDocument: every page's SVG text, as
   the web pages get it), the two timed in turn (goal: at most 15 ms).

    python benchmarks/bench_pack.py --sheets-only     # only 3.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

SCENARIO = "mobile-bay-1864"
KINDS = ("text runs", "font changes", "rects", "lines", "paths", "path segments", "path arcs", "circles", "form uses")
FONT_FILES = {"DejaVuSans": "DejaVuSans.ttf", "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
              "DejaVuSansCondensed": "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold": "DejaVuSansCondensed-Bold.ttf"}
FONTS_DIR = Path(__file__).resolve().parent.parent / "shipyard" / "fonts"


def _shipyard_exe() -> list[str]:
    exe = shutil.which("shipyard")
    return [exe] if exe else [sys.executable, "-m", "shipyard.cli"]


class Census:
    """Counts what the pack asks of ReportLab, by wrapping Canvas methods for one build."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.strings: list[tuple[str, str, float]] = []  # (text, font, size) as drawn
        self._font = ("DejaVuSans", 9.0)

    def __enter__(self) -> "Census":
        from reportlab.pdfgen.canvas import Canvas
        from reportlab.pdfgen.pathobject import PDFPathObject

        from shipyard.render.page import PdfPage

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
        # shipyard's pages set a string with the operators drawString writes, without its text object: one text run
        wrap(PdfPage, "_show", "text runs", on_string)
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


def usable_cores() -> int:
    from shipyard.pack.many import usable_cores as cores

    return cores()


def take_census(rules: list[str] | None, out: Path, scenario: str = SCENARIO) -> dict:
    """Per rule set: pages, page size, average content per page and the strings drawn (JSON-able)."""
    from shipyard.pack import PackOptions, build_pack
    from shipyard.render.paper import PAPERS
    from shipyard.rules import all_rulesets, get_ruleset
    from shipyard.library.library import Library

    rulesets = [get_ruleset(r) for r in rules] if rules else list(all_rulesets())
    lib = Library.load()
    scen = lib.scenario(scenario)
    options = PackOptions(rules=[rs.key for rs in rulesets], output_dir=out)
    paper = PAPERS[options.paper]
    census = {"paper": [paper.width_pt, paper.height_pt], "rulesets": {}}
    for rs in rulesets:
        with Census() as c:
            built = build_pack(lib, scen, rs, options)
        census["rulesets"][rs.key] = {"pages": built.pages, "per_page": {k: c.counts[k] / built.pages for k in KINDS},
                                      "strings": c.strings}
    return census


def baseline(census: dict, out: Path) -> int:
    """The bare ReportLab side: the census's density, the same TrueType fonts, one PDF per rule set. Pages drawn."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONTS_DIR / file)))
    W, H = census["paper"]
    total = 0
    for key, rs in census["rulesets"].items():
        per_page, strings, pages = rs["per_page"], rs["strings"], rs["pages"]
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
        c = Canvas(str(out / f"baseline-{key}.pdf"), pagesize=(W, H), invariant=1, pageCompression=1, pdfVersion=(1, 4))
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
        total += pages
    return total


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _timed(cmd: list[str], env: dict | None = None) -> tuple[float, float]:
    """(wall, CPU user+sys) seconds of one whole process. CPU is the steadier figure on a shared machine."""
    cpu, t = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    took = time.perf_counter() - t, _children_cpu() - cpu
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    return took


def compile_like_an_install(package: Path | None = None) -> str:
    """shipyard's own modules compiled to bytecode, as `pip install` of the wheel does (and as Python does on a user's
    first run): with PYTHONDONTWRITEBYTECODE set, as in this environment, an editable install compiles its ~1.4 MB of
    source again in every process (~0.25 s of a pack), where the baseline's ReportLab has its .pyc files. Says what."""
    import compileall
    import importlib.util

    package = package or Path(importlib.util.find_spec("shipyard").origin).parent
    try:
        done = compileall.compile_dir(str(package), quiet=2)
    except OSError:
        done = False
    return f"shipyard's bytecode compiled in {package}" if done else f"shipyard's bytecode NOT compiled in {package}"


def processes(census_path: Path, rules: list[str], runs: int, tmp: Path, scenario: str = SCENARIO,
              against: Path | None = None) -> dict[str, list[tuple]]:
    """Each a list of (wall, CPU) for `runs` whole processes, run in turn: "ours" (side by side), "single" (one
    process), "bare" (the baseline), and with `against` (another checkout's root) "their" and "their single": the
    same console script with that checkout's shipyard first on the path."""
    times: dict[str, list[tuple]] = {"ours": [], "single": [], "bare": []}
    print(f"({compile_like_an_install()}, as an install does)")
    theirs = None
    if against is not None:
        print(f"({compile_like_an_install(against.resolve() / 'shipyard')}, the checkout measured beside it)")
        theirs = {**os.environ, "PYTHONPATH": os.pathsep.join([str(against.resolve()), os.environ.get("PYTHONPATH", "")])}
        times.update({"their": [], "their single": []})
    pick = [a for r in rules for a in ("--rules", r)]
    # one pack untimed: what only the command line keeps (the code compiled for classes and annotations) is kept
    # by a run of its own, as a user's first run keeps it
    _timed(_shipyard_exe() + ["pack", scenario, "--jobs", "1", "-o", str(tmp / "first")] + pick)
    if theirs is not None:
        _timed(_shipyard_exe() + ["pack", scenario, "--jobs", "1", "-o", str(tmp / "their-first")] + pick, theirs)
    for i in range(runs):  # alternately, so load hits all alike
        times["ours"].append(_timed(_shipyard_exe() + ["pack", scenario, "-o", str(tmp / f"pack{i}")] + pick))
        times["single"].append(_timed(_shipyard_exe() + ["pack", scenario, "--jobs", "1", "-o", str(tmp / f"one{i}")]
                                      + pick))
        if theirs is not None:
            times["their"].append(_timed(_shipyard_exe() + ["pack", scenario, "-o", str(tmp / f"their{i}")] + pick,
                                         theirs))
            times["their single"].append(_timed(_shipyard_exe() + ["pack", scenario, "--jobs", "1", "-o",
                                                                    str(tmp / f"their-one{i}")] + pick, theirs))
        out = tmp / f"base{i}"
        out.mkdir()
        times["bare"].append(_timed([sys.executable, str(Path(__file__).resolve()), "--baseline", str(census_path),
                                     str(out)]))
    return times


def warm_sheets(rules: list[str] | None, runs: int, tmp: Path) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Per rule set, for "pdf" and "svg": (wall, CPU) milliseconds to draw one record sheet into a new Document and
    save it, or into a new SvgDocument and make its pages' SVG, after two warm-ups; the two formats in turn."""
    from shipyard.render import Document
    from shipyard.render.svg import SvgDocument
    from shipyard.rules import all_rulesets, get_ruleset
    from shipyard.library.library import Library

    lib = Library.load()
    times: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for rs in [get_ruleset(r) for r in rules] if rules else list(all_rulesets()):
        ctx = rs.context(lib)
        unit = lib.units["uss-monitor"]
        derived = [(unit, rs.derive(unit, ctx))]
        draw = rs.aids().sheets
        times[rs.key] = {"pdf": [], "svg": []}
        for i in range(runs + 2):  # two warm-ups
            t, cpu = time.perf_counter(), time.process_time()
            with Document(tmp / f"sheet-{rs.key}.pdf", paper="a4", title="sheet", subject="sheet") as doc:
                draw(doc, derived, ctx)
            took = ((time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000)
            t, cpu = time.perf_counter(), time.process_time()
            svg = SvgDocument(paper="a4", title="sheet")
            draw(svg, derived, ctx)
            svg.close()
            if i >= 2:
                times[rs.key]["pdf"].append(took)
                times[rs.key]["svg"].append(((time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000))
    return times


def report_warm_sheets(rules: list[str] | None, runs: int, tmp: Path) -> None:
    med = lambda xs, i: statistics.median(x[i] for x in xs)  # noqa: E731
    for key, formats in warm_sheets(rules, runs, tmp).items():
        for fmt, goal in (("pdf", 10), ("svg", 15)):
            ms = formats[fmt]
            print(f"warm single record sheet, {key:<20} {fmt}  wall median {med(ms, 0):6.1f} ms  "
                  f"best {min(m[0] for m in ms):6.1f} ms;  cpu median {med(ms, 1):6.1f} ms;  {len(ms)} runs  "
                  f"(goal: at most {goal} ms)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="alternating process pairs (medians reported)")
    ap.add_argument("--sheet-runs", type=int, default=30, help="warm single-sheet builds per rule set (median)")
    ap.add_argument("--rules", action="append", help="only these rule sets (default: all four)")
    ap.add_argument("--sheets-only", action="store_true", help="only the warm single sheets, PDF and SVG")
    ap.add_argument("--scenario", default=SCENARIO,
                    help=f"the scenario packed (default {SCENARIO}, which the goals are for; a small one for a smoke run)")
    ap.add_argument("--against", type=Path, help="the root of another checkout, its packs timed beside this one's")
    ap.add_argument("--baseline", nargs=2, metavar=("CENSUS", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.baseline:  # the baseline's own process: bare ReportLab, nothing of shipyard imported
        baseline(json.loads(Path(args.baseline[0]).read_text()), Path(args.baseline[1]))
        return
    if args.sheets_only:
        with tempfile.TemporaryDirectory() as d:
            report_warm_sheets(args.rules, args.sheet_runs, Path(d))
        return

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        # shipyard's caches (the kept library, YAML parses) in a folder of this run's own, made by the census: every
        # timed process finds them warm, as a user's second run does, and no other process on a shared machine
        # evicts them in between (the kept library holds 8; a busy machine's other runs pushed ours out mid-bench)
        os.environ["SHIPYARD_CACHE_DIR"] = str(tmp / "cache")
        census = take_census(args.rules, tmp / "census", args.scenario)
        census_path = tmp / "census.json"
        census_path.write_text(json.dumps(census))
        rs = census["rulesets"]
        pages = sum(r["pages"] for r in rs.values())
        print(f"scenario {args.scenario}, rule sets: {', '.join(rs)}")
        print(f"pages: {pages} (" + ", ".join(f"{k} {r['pages']}" for k, r in rs.items()) + ")")
        avg = {k: sum(r["per_page"][k] * r["pages"] for r in rs.values()) / pages for k in KINDS}
        print("content per page (average over the pack, counted at the ReportLab canvas): "
              + ", ".join(f"{k} {v:.1f}" for k, v in avg.items()))
        times = processes(census_path, list(args.rules or []), args.runs, tmp, args.scenario, args.against)
        ours, single, bare = times["ours"], times["single"], times["bare"]
        med = lambda xs, i: statistics.median(x[i] for x in xs)  # noqa: E731
        for name, xs in (("shipyard pack (whole process)      ", ours), ("shipyard pack --jobs 1 (one process)", single),
                         ("bare ReportLab (whole process)     ", bare)):
            print(f"{name}  wall median {med(xs, 0):.3f} s  best {min(x[0] for x in xs):.3f} s;  "
                  f"cpu median {med(xs, 1):.3f} s;  {len(xs)} runs")
        print("(baseline: same pages, paper, density, strings and embedded DejaVu TrueType fonts; bare ReportLab, one process)")
        print(f"(shipyard pack builds the rule sets side by side in {min(len(rs), usable_cores())} processes on this "
              f"machine's {usable_cores()} usable cores; its cpu counts every process's)")
        print(f"ratio shipyard / baseline: wall {med(ours, 0) / med(bare, 0):.2f}x, cpu {med(ours, 1) / med(bare, 1):.2f}x  "
              f"(goal: at most 1.5x, aim 1.3x)")
        print(f"ratio shipyard --jobs 1 / baseline: wall {med(single, 0) / med(bare, 0):.2f}x, "
              f"cpu {med(single, 1) / med(bare, 1):.2f}x  (goal: at most 1.6x)")
        if args.against is not None:
            for name, xs, mine in (("pack", times["their"], ours), ("pack --jobs 1", times["their single"], single)):
                print(f"{args.against} {name}: wall median {med(xs, 0):.3f} s, cpu median {med(xs, 1):.3f} s; "
                      f"ratio to the baseline wall {med(xs, 0) / med(bare, 0):.2f}x, cpu {med(xs, 1) / med(bare, 1):.2f}x; "
                      f"this checkout / it: wall {med(mine, 0) / med(xs, 0):.2f}, cpu {med(mine, 1) / med(xs, 1):.2f}")
        report_warm_sheets(args.rules, args.sheet_runs, tmp)

if __name__ == "__main__":
    main()
