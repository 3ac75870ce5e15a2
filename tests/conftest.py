"""Shared helpers: run the real command line, load the real library once, build each bundled pack once.

tests/README.md lists them and the rules that keep the suite under two minutes: build a pack once per module, load
the library once, run in this process unless the finding is about the console script."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest

REPO = Path(__file__).resolve().parent.parent

# pytest rewrites each test module's asserts as it imports it and keeps the result in tests/__pycache__ only where
# bytecode may be written: with PYTHONDONTWRITEBYTECODE set (as on this machine) every worker rewrote all the test
# modules again on every run, some 5 s of CPU each, most of collecting. Like compileall's below, these files are
# the suite's own (git ignores __pycache__) and are rewritten whenever their module changes.
sys.dont_write_bytecode = False

# Every PDF drawn under test, in this process or a CLI subprocess, refuses ink within 8 mm of the edge.
os.environ["SHIPYARD_RENDER_STRICT"] = "1"
# Tests keep the library index cache to themselves, never the user's ~/.cache (one per xdist worker: each
# worker is its own process and imports this file afresh).
os.environ.setdefault("SHIPYARD_CACHE_DIR", tempfile.mkdtemp(prefix="shipyard-test-cache-"))

# The bundled packs every pack-level check runs over: (scenario, paper, scale). Each is built for every rule set.
BUNDLED_PACKS = [
    ("mobile-bay-1864", "a4", None),
    ("mobile-bay-1864", "letter", None),
    ("hampton-roads-1862", "a4", "1/1200"),
]




def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the README's command): one worker more than the cores this process may use. Much of the suite's
    time is spent waiting on the processes it starts (the console script, Chromium, the benchmark scripts), which a
    third worker fills: on this 2-core machine the whole suite ran in 194 s against 208 s with two, back to back."""
    return usable_cores() + 1


def usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

# pdfminer's modules each log through their own logger, and its parser calls `log.debug` for every token and object
# it reads (some 6 million calls a suite run, reading the pages tests read back): each call costs a level check
# even with debug off, ~9 % of a page's read. Unless the run asks pytest for log records (--log-level, log_cli_level),
# those loggers' debug is a no-op, set on the logger objects pdfminer will fetch by name when it is first imported.
PDFMINER_LOGGERS = ("cmapdb", "converter", "encodingdb", "layout", "lzw", "pdfdevice", "pdfdocument", "pdffont",
                    "pdfinterp", "pdfpage", "pdfparser", "pdftypes", "psparser")


def quiet_pdfminer_debug(config) -> None:
    import logging

    if any(config.getoption(o, default=None) for o in ("log_level", "log_cli_level")) or config.getini("log_level") \
            or config.getini("log_cli_level"):
        return
    for name in PDFMINER_LOGGERS:
        logging.getLogger(f"pdfminer.{name}").debug = _no_debug


def _no_debug(*args, **kwargs) -> None:
    """Logger.debug's stand-in for pdfminer's loggers (quiet_pdfminer_debug)."""


def pytest_configure(config):
    """Byte-compile the checkout's shipyard once, before the workers start: where PYTHONDONTWRITEBYTECODE is set (as
    on this machine) every `shipyard` process a test starts would otherwise compile some 80 modules from source
    (~0.2 s each time, a sixth of the suite's CPU). compileall writes only what is stale; __pycache__ is ignored by git."""
    quiet_pdfminer_debug(config)
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has done it
        return
    import compileall

    compileall.compile_dir(str(REPO / "shipyard"), quiet=2, workers=1)
    if config.getoption("numprocesses", default=None):  # xdist workers will collect
        rewrite_test_modules_before_the_workers_start(config)


def rewrite_test_modules_before_the_workers_start(config) -> None:
    """Rewrite the test modules' asserts once, here in xdist's controller, into the tests/__pycache__ files each
    worker's import reads. On a fresh checkout (as .ci/run's) there are none yet, and every worker rewrote all ~100
    modules itself, at once: ~5 s of CPU each, a worker's largest cost before its first test. Here the modules are
    shared between this machine's cores in forked copies of this process; a file already current is left alone, so
    a second run pays only the reading. pytest's rewriter is private: if it ever changes shape, this does nothing
    and the workers rewrite as they did before."""
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        read_pyc, rewrite_test, write_pyc = rewrite._read_pyc, rewrite._rewrite_test, rewrite._write_pyc
        pyc_of = lambda fn: rewrite.get_cache_dir(fn) / (fn.name[:-3] + rewrite.PYC_TAIL)  # noqa: E731
    except (ImportError, AttributeError, KeyError):
        return
    stale = [fn for fn in sorted((REPO / "tests").glob("test_*.py")) if read_pyc(fn, pyc_of(fn)) is None]
    if not stale:
        return

    def rewrite_one(fn: Path) -> None:
        try:
            source_hash, co = rewrite_test(fn, config)
        except Exception:  # a module that does not compile: its worker's import says so, as it always did
            return
        write_pyc(state, co, source_hash, pyc_of(fn))

    (REPO / "tests" / "__pycache__").mkdir(exist_ok=True)
    cores = usable_cores()
    children = []
    for share in range(1, min(cores, len(stale))):
        pid = os.fork()
        if pid == 0:  # a copy: rewrite its share, write nothing else, leave without pytest's exit handlers
            try:
                for fn in stale[share::cores]:
                    rewrite_one(fn)
            finally:
                os._exit(0)
        children.append(pid)
    for fn in stale[0::cores]:
        rewrite_one(fn)
    for pid in children:
        os.waitpid(pid, 0)

def pack_id(scenario: str, paper: str, scale: str | None) -> str:
    return f"{scenario}-{paper}" + (f"-{scale.replace('/', '-')}" if scale else "")


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path | None = None, timeout: int = 120) -> Run:
    """Run `shipyard ARGS` as a user would: a separate process, its exit code and both streams."""
    proc = subprocess.run(
        [sys.executable, "-m", "shipyard.cli", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, timeout=timeout,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture(scope="session")
def library():
    from shipyard.library.library import Library

    return Library.load()


def module_ruleset(module):
    """The rule set a test module is about: its RS (get_ruleset(...)) or the RULESET it imports."""
    found = getattr(module, "RS", None) or getattr(module, "RULESET", None)
    if found is None:
        raise LookupError(f"{module.__name__} names no rule set (RS or RULESET) for the ctx fixture")
    return found


@pytest.fixture(scope="module")
def ctx(request, library):
    """The derivation context of the test module's rule set, no house rules."""
    return module_ruleset(request.module).context(library)


@pytest.fixture(scope="module")
def mobile_bay(request, library, ctx):
    """Mobile Bay and its units as (side, unit, derived) under the test module's rule set."""
    rs = module_ruleset(request.module)
    scen = library.scenario("mobile-bay-1864")
    return scen, [(side, u, rs.derive(u, ctx)) for side, u in library.scenario_units(scen)]


def in_process(*args, cwd: Path | None = None, timeout: int = 120) -> Run:
    """`shipyard ARGS` through cli.main() in this process: the exit code and both streams as run_cli gives them,
    without an interpreter start-up per call; an escaped exception fails the test instead of printing a traceback."""
    import contextlib
    import io
    import os

    from shipyard import cli

    err, out = io.StringIO(), io.StringIO()
    old_argv, old_cwd = sys.argv, os.getcwd()
    sys.argv = ["shipyard", *map(str, args)]
    if cwd is not None:
        os.chdir(cwd)
    code = 0
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    return Run(code, out.getvalue(), err.getvalue())


def pdf_page_texts(path) -> list[str]:
    """Each page's text through pdfium (some 50 times faster than pdfplumber's layout analysis, for tests that only
    look for words); Windows line ends become plain ones. Read once per file as it stands (its size and time)."""
    st = Path(path).stat()
    return list(_page_texts(str(Path(path).resolve()), st.st_size, st.st_mtime_ns))


@functools.lru_cache(maxsize=48)
def _page_texts(path: str, size: int, mtime_ns: int) -> tuple[str, ...]:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(path)
    try:
        return tuple(page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdf)
    finally:
        pdf.close()


class PrintedChar(NamedTuple):
    """One character as pdfium reads it off a page: its size as printed (the font size times its matrix's scaling,
    as tests/layout_lint.py counts it), its height (the font size times the matrix's vertical scale: what pdfminer
    and pdfplumber call its size for text set straight, which a narrower squeeze leaves as it is), its origin on the
    baseline (pt, PDF space: y up) and whether it stands upright (pdfminer's test: no quarter turn, no mirror)."""
    text: str
    size: float
    height: float
    x: float
    baseline: float
    upright: bool


def pdf_page_chars(path, pages=None) -> list[tuple[str, list[PrintedChar | None]]]:
    """Each page (or only `pages`, 0-based) as (its text, its characters): text[i] is chars[i]'s character, so a regex
    match on the text finds its characters; a space or a line end pdfium adds between runs is None. Some 30 times
    faster than pdfplumber's chars, for tests that measure type sizes and lines. Read once per file as it stands (its
    size and time) and pages asked for; each call has lists of its own."""
    st = Path(path).stat()
    read = _page_chars(str(Path(path).resolve()), st.st_size, st.st_mtime_ns, None if pages is None else tuple(pages))
    return [(text, list(chars)) for text, chars in read]


@functools.lru_cache(maxsize=32)
def _page_chars(path: str, size: int, mtime_ns: int, pages) -> tuple[tuple[str, tuple[PrintedChar | None, ...]], ...]:
    import ctypes
    import math

    import pypdfium2
    import pypdfium2.raw as raw
    from layout_lint import _GENERATED, _OBJECT_OF, _UNICODE_OF, _plain  # pdfium typed for a call per character

    origin_of = _plain(raw.FPDFText_GetCharOrigin, ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                       ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double))
    x, y, m = ctypes.c_double(), ctypes.c_double(), raw.FS_MATRIX()
    px, py = ctypes.pointer(x), ctypes.pointer(y)
    out = []
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for n in (range(len(pdf)) if pages is None else pages):
            tp = pdf[n].get_textpage()
            at = ctypes.cast(tp.raw, ctypes.c_void_p).value
            text, chars, sizes = [], [], {}
            for i in range(raw.FPDFText_CountChars(tp.raw)):
                ch = chr(_UNICODE_OF(at, i))
                text.append(ch)
                key = _OBJECT_OF(at, i)
                if _GENERATED(at, i) or not key:
                    chars.append(None)
                    continue
                origin_of(at, i, px, py)
                if key not in sizes:  # every character of one text object has the object's size and matrix
                    size = height = raw.FPDFText_GetFontSize(tp.raw, i)
                    upright = True
                    if raw.FPDFText_GetMatrix(tp.raw, i, m):
                        size, height = size * math.sqrt(abs(m.a * m.d - m.b * m.c)), size * abs(m.d)
                        upright = m.a * m.d > 0 and m.b * m.c <= 0
                    sizes[key] = size, height, upright
                size, height, upright = sizes[key]
                chars.append(PrintedChar(ch, size, height, x.value, y.value, upright))
            out.append(("".join(text), tuple(chars)))
    finally:
        pdf.close()
    return tuple(out)


def pdf_sections(path) -> dict[str, range]:
    """Each pack section's pages (0-based, as pdf_page_texts counts them) by its top-level bookmark's title: a section
    runs to the next one's first page."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        starts = [(b.get_dest().get_index(), b.get_title()) for b in pdf.get_toc() if b.level == 0 and b.get_dest()]
        pages = len(pdf)
    finally:
        pdf.close()
    ends = [start for start, _ in starts[1:]] + [pages]
    return {title: range(start, end) for (start, title), end in zip(starts, ends)}


def pdf_text(path, sep: str = "\n") -> str:
    """The whole file's text, its pages joined by `sep` (pdf_page_texts)."""
    return sep.join(pdf_page_texts(path))


def inside_outline(point, outline) -> bool:
    """Whether a point ([x, y]) lies inside a polygon's outline (ray casting, the even-odd rule): the set-up tests'
    one check of a start, a channel's corner or a fort on its land."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def pdf_page_index(path, needle: str) -> int:
    """The first page (0-based) whose text holds `needle`, white space squashed on both sides: open only that page
    with pdfplumber where a test measures it."""
    want = " ".join(needle.split())
    for i, text in enumerate(pdf_page_texts(path)):
        if want in " ".join(text.split()):
            return i
    raise AssertionError(f"no page of {path} says {needle!r}")


def pdf_layouts(pdf, pages=None):
    """Each page of a PDF (a path or its bytes) as pdfminer lays it out without layout analysis, as (height, LTPage):
    the very objects pdfplumber reads (its chars, rects and lines are these LTChar, LTRect and LTLine, in this order)
    without the dictionary pdfplumber builds of every attribute of every object, more than half its time. For tests
    that measure ink; a form's objects are inside its LTFigure, in their place in the stream. `pages`: only these
    (0-based page numbers, as pdf_page_texts counts them), in the file's order."""
    import io

    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    resources = PDFResourceManager()
    device = PDFPageAggregator(resources, laparams=None)
    interpreter = PDFPageInterpreter(resources, device)
    with (io.BytesIO(pdf) if isinstance(pdf, bytes) else open(pdf, "rb")) as fh:
        for page in PDFPage.get_pages(fh, pagenos=None if pages is None else set(pages)):
            interpreter.process_page(page)
            layout = device.get_result()
            yield layout.height, layout


def pdfium_paths(page, number=None):
    """Each path object a pdfium page draws, forms' contents included, as (the object, the matrix that places it on
    the page: its own, then each form's round it, as (a, b, c, d, e, f)); each matrix number first passed through
    `number` where given (e.g. pdf_straight_strokes' `written`). The one walk of a page's objects for the read-backs
    below and the tests' own (test_setup_d's triangles)."""
    import pypdfium2.raw as raw

    m = raw.FS_MATRIX()
    same = number or (lambda v: v)

    def placed(obj, outer):  # the object's matrix, then its form's
        raw.FPDFPageObj_GetMatrix(obj, m)
        A, B, C, D, E, F = outer
        a, b, c, d, e, f = (same(v) for v in (m.a, m.b, m.c, m.d, m.e, m.f))
        return a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F

    def walk(obj, outer):
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            inner = placed(obj, outer)
            for k in range(raw.FPDFFormObj_CountObjects(obj)):
                yield from walk(raw.FPDFFormObj_GetObject(obj, k), inner)
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            yield obj, placed(obj, outer)

    for k in range(raw.FPDFPage_CountObjects(page.raw)):
        yield from walk(raw.FPDFPage_GetObject(page.raw, k), (1, 0, 0, 1, 0, 0))


def pdfium_lines(obj, number=None):
    """The subpaths of a pdfium path object that are just a move and a line (a close after it too), as pdfminer counts
    an LTLine: each as its two points in the object's own space, passed through `number` where given."""
    import ctypes

    import pypdfium2.raw as raw

    x, y = ctypes.c_float(), ctypes.c_float()
    same = number or (lambda v: v)
    subpath = []
    n = raw.FPDFPath_CountSegments(obj)
    for k in range(n + 1):  # one step past the end closes the last subpath
        seg = raw.FPDFPath_GetPathSegment(obj, k) if k < n else None
        step = raw.FPDFPathSegment_GetType(seg) if seg else raw.FPDF_SEGMENT_MOVETO
        if step == raw.FPDF_SEGMENT_MOVETO and subpath:
            if [t for t, _ in subpath] == [raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO]:
                yield tuple(pt for _, pt in subpath)
            subpath = []
        if seg:
            raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
            subpath.append((step, (same(x.value), same(y.value))))


def diagonal_strokes(path, pages=None) -> int:
    """How many diagonal straight strokes a PDF's pages (or only `pages`, 0-based) draw: a box struck through is two.
    Counted as pdfminer (so pdfplumber's `lines`) counts them: each subpath of just a move and a line (a close after
    it too) whose ends, on the page, differ by over 0.5 pt both across and down; forms' contents included. Read
    through pdfium's page objects, some fifteen times faster than pdfminer's parse of the same pages (a QR code is
    hundreds of paths); the count is pdfminer's on every bundled pack and on pre-damaged packs from a game."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        total = 0
        for i in range(len(pdf)) if pages is None else pages:
            page = pdf[i]
            for obj, (a, b, c, d, e, f) in pdfium_paths(page):
                for (x0, y0), (x1, y1) in pdfium_lines(obj):
                    if abs(a * (x0 - x1) + c * (y0 - y1)) > 0.5 and abs(b * (x0 - x1) + d * (y0 - y1)) > 0.5:
                        total += 1
            page.close()
        return total
    finally:
        pdf.close()


def pdf_straight_strokes(path, pages=None, width_mm: float | None = None,
                         within_mm: float = 0.01) -> list[tuple[tuple[float, float], list]]:
    """Each page (or only `pages`, 0-based) as ((width, height) pt, its straight strokes): every subpath of just a move
    and a line (a close after it too), as pdfminer counts an LTLine (pdfplumber's `lines`), as (x0, y0, x1, y1, line width)
    pt, PDF space (y up), in drawing order, forms' contents included (the width the page sets, pdfminer's
    `linewidth`; 0 where pdfium reads none); with `width_mm`, only those of that width to `within_mm` (a QR code's
    hundreds of paths then cost a width each, not a point each). Read through pdfium's page objects, some
    twenty times faster than pdfminer's parse. pdfium keeps points and matrices in single precision: each is read
    back as the shortest decimal it stands for (the number the page wrote, as pdfminer reads it), so a stroke at
    56.55118 pt rounds to 19.9 mm as pdfminer's, not to 20.0 mm. Checked equal to pdfminer's lines on the bundled
    Mobile Bay packs (A4, Letter) and every rule set's counters with backs."""
    import ctypes
    import struct

    import pypdfium2
    import pypdfium2.raw as raw

    w = ctypes.c_float()

    def written(v: float) -> float:
        single = struct.pack("f", v)
        for digits in range(1, 10):
            if struct.pack("f", shortest := float(f"{v:.{digits}g}")) == single:
                return shortest
        return v

    def strokes(page):
        for obj, (a, b, c, d, e, f) in pdfium_paths(page, written):
            width = written(w.value) if raw.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(w)) else 0.0
            if width_mm is not None and abs(width * 25.4 / 72 - width_mm) >= within_mm:
                continue
            for (px0, py0), (px1, py1) in pdfium_lines(obj, written):
                yield a * px0 + c * py0 + e, b * px0 + d * py0 + f, a * px1 + c * py1 + e, b * px1 + d * py1 + f, width

    out = []
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for i in range(len(pdf)) if pages is None else pages:
            page = pdf[i]
            out.append(((page.get_width(), page.get_height()), list(strokes(page))))
            page.close()
    finally:
        pdf.close()
    return out


class PlumbedPage:
    """One page as pdfplumber reads it, from pdfminer's objects without pdfplumber's dictionary of every attribute of
    every object (most of pdfplumber's time): its chars, rects, lines and curves as pdfplumber's dictionaries (the keys
    its text and crop functions read; colours; a path's pts, from the page's top as pdfplumber's, its linewidth and
    dash), with `crop(bbox)`, `extract_text(**kwargs)` and `extract_words(**kwargs)` through pdfplumber's own
    functions (utils.crop_to_bbox, chars_to_textmap, extract_words), so every string is pdfplumber's to the character.
    Crops nest as pdfplumber's do."""

    def __init__(self, chars: list, rects: list, bbox: tuple, lines: list = (), curves: list = ()) -> None:
        self.chars, self.rects, self.lines, self.curves, self.bbox = chars, rects, list(lines), list(curves), bbox
        self.width, self.height = bbox[2] - bbox[0], bbox[3] - bbox[1]

    def crop(self, bbox) -> "PlumbedPage":
        from pdfplumber.utils import crop_to_bbox

        return PlumbedPage(*(crop_to_bbox(objs, bbox) for objs in (self.chars, self.rects)), tuple(bbox),
                           *(crop_to_bbox(objs, bbox) for objs in (self.lines, self.curves)))

    def extract_text(self, **kwargs) -> str:
        from pdfplumber.utils import chars_to_textmap

        return chars_to_textmap(self.chars, **{"layout_bbox": self.bbox, "layout_width": self.width,
                                               "layout_height": self.height, **kwargs}).as_string

    def extract_words(self, **kwargs) -> list:
        from pdfplumber.utils import extract_words

        return extract_words(self.chars, **kwargs)


class PlumbedPdf:
    """A PDF's pages as PlumbedPage, each laid out by pdfminer only when first read (as pdfplumber's are), kept."""

    def __init__(self, path) -> None:
        import io

        from pdfminer.converter import PDFPageAggregator
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage

        self.path = str(path)
        resources = PDFResourceManager()
        self._device = PDFPageAggregator(resources, laparams=None)
        self._interpreter = PDFPageInterpreter(resources, self._device)
        self._pages = list(PDFPage.get_pages(io.BytesIO(Path(path).read_bytes())))
        self._read: dict[int, PlumbedPage] = {}
        self._doctops = [0.0]  # pdfplumber's doctop: the page's top, down the whole document
        for page in self._pages[:-1]:
            self._doctops.append(self._doctops[-1] + page.mediabox[3] - page.mediabox[1])

    @property
    def pages(self) -> "PlumbedPdf":  # pdfplumber's pdf.pages
        return self

    def __len__(self) -> int:
        return len(self._pages)

    def __iter__(self):
        return (self[k] for k in range(len(self)))

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        k = range(len(self))[k]
        if k not in self._read:
            self._interpreter.process_page(self._pages[k])
            self._read[k] = _plumbed(self.path, self._device.get_result(), self._doctops[k])
        return self._read[k]


def pdf_plumbed_pages(path) -> PlumbedPdf:
    """Each page as pdfplumber would read its text, rectangles, lines and curves (PlumbedPage), some twice as fast:
    for tests whose assertions are pdfplumber's exact strings or its objects' figures. Pages with a MediaBox at the
    origin (every page shipyard writes), as pdfminer lays them out without layout analysis (pdf_layouts), each when
    first read (a sequence: len, index, iterate)."""
    return PlumbedPdf(path)


def _plumbed(path: str, layout, doctop: float) -> PlumbedPage:
    from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect

    height = layout.height
    assert tuple(layout.bbox[:2]) == (0, 0), f"{path}: a MediaBox off the origin"

    def placed(o, **more) -> dict:
        top = height - o.y1
        return {"x0": o.x0, "y0": o.y0, "x1": o.x1, "y1": o.y1, "width": o.width, "height": o.height,
                "top": top, "bottom": height - o.y0, "doctop": doctop + top, **more}

    def colour(c):
        return c if isinstance(c, tuple) else (c,)

    def path_of(o, kind: str) -> dict:  # pdfplumber's points: from the page's top
        return placed(o, object_type=kind, pts=[(x, height - y) for x, y in o.pts], linewidth=o.linewidth,
                      stroke=o.stroke, fill=o.fill, dash=o.dashing_style, stroking_color=o.stroking_color,
                      non_stroking_color=o.non_stroking_color)

    chars = [placed(o, text=o.get_text(), upright=o.upright, size=o.size, fontname=o.fontname, adv=o.adv,
                    matrix=o.matrix, object_type="char", stroking_color=colour(o.graphicstate.scolor),
                    non_stroking_color=colour(o.graphicstate.ncolor)) for o in layout_objects(layout, LTChar)]
    rects = [path_of(o, "rect") for o in layout_objects(layout, LTRect)]
    lines = [path_of(o, "line") for o in layout_objects(layout, LTLine)]
    curves = [path_of(o, "curve") for o in layout_objects(layout, LTCurve) if type(o) is LTCurve]
    return PlumbedPage(chars, rects, (0, 0, layout.width, height), lines, curves)


def pdf_plumbed(path):
    """pdfplumber.open's stand-in for a test that reads `pdf.pages` in a `with`: pdf_plumbed_pages as `.pages`."""
    import contextlib

    return contextlib.nullcontext(pdf_plumbed_pages(path))


def layout_objects(layout, kind):
    """Every object of this pdfminer class on a laid-out page, forms' contents included, in stream order."""
    from pdfminer.layout import LTContainer

    for o in layout:
        if isinstance(o, kind):
            yield o
        elif isinstance(o, LTContainer):
            yield from layout_objects(o, kind)


@pytest.fixture
def cli():
    """The command line in this process (run_cli, a separate process, where a test needs one)."""
    return in_process


class BundledPacks:
    """Each bundled pack (scenario, paper, scale, rule set) built once for the whole test run.

    Under pytest-xdist the workers share one folder (the session's base temp's parent) and a lock per
    pack, so a pack is built by whichever worker asks first and read by the others. Output is
    deterministic, so which worker built it does not matter. Treat the files as read-only.
    """

    def __init__(self, root: Path, library) -> None:
        self.root = root
        self.library = library
        self._lints: dict = {}
        root.mkdir(parents=True, exist_ok=True)

    def get(self, scenario: str = "mobile-bay-1864", rules: str = "smoke-on-the-water", paper: str = "a4",
            scale: str | None = None, **choices):
        """The pack as `shipyard pack` builds it by default; `choices` (PackOptions' fields: colour=False,
        roster=False ...) make another pack of it, shared the same way, in a folder of its own."""
        from shipyard.pack import Built, PackOptions, build_pack
        from shipyard.rules import get_ruleset

        rs = get_ruleset(rules)
        chosen = "".join(f",{k}={v}" for k, v in sorted(choices.items()))  # beside the default pack's folder
        folder = self.root / pack_id(scenario, paper, scale) / (rs.key + chosen)
        folder.mkdir(parents=True, exist_ok=True)
        done = folder / "built.json"
        with open(folder / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not done.exists():
                options = PackOptions(paper=paper, scale=scale, output_dir=folder, **choices)
                built = build_pack(self.library, self.library.scenarios[scenario], rs, options)
                done.write_text(json.dumps({"path": str(built.path), "pages": built.pages,
                                            "ruleset": built.ruleset, "seconds": built.seconds}))
            data = json.loads(done.read_text())
        return Built(Path(data["path"]), data["pages"], data["ruleset"], data["seconds"])

    def lint(self, scenario: str = "mobile-bay-1864", rules: str = "smoke-on-the-water", paper: str = "a4",
             scale: str | None = None):
        """The layout lint's whole report (layout_lint.lint, edge ink too) on a bundled pack, made once for the whole
        run as the pack is: under worksteal the cases that read one pack's report land on several workers, and each
        linted the whole pack again. Read-only, as the pack is."""
        import pickle

        from layout_lint import lint

        key = (scenario, rules, paper, scale)
        if key not in self._lints:
            path = self.get(scenario, rules, paper, scale).path
            done = path.parent / "lint.pickle"
            with open(path.parent / ".lint-lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not done.exists():
                    report = pickle.dumps(lint(path))
                    (path.parent / "lint.pickle.part").write_bytes(report)
                    (path.parent / "lint.pickle.part").rename(done)
                self._lints[key] = pickle.loads(done.read_bytes())
        return self._lints[key]


# A pack of the cover, the set-up and the rosters alone (bundled_packs.get(..., **COVER_SET_UP_AND_ROSTERS)): what
# test_setup_b, test_setup_c and test_scenarios_library read, one build a run for the three of them
COVER_SET_UP_AND_ROSTERS = dict(sheets=False, templates=False, counters=False, reference=False)


@pytest.fixture(scope="session")
def bundled_packs(tmp_path_factory, library) -> BundledPacks:
    base = tmp_path_factory.getbasetemp()
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # gw0, gw1 ... under xdist: their base temps share a parent
    root = (base.parent if worker else base) / "bundled-packs"
    return BundledPacks(root, library)


def setup_blocks_on(library, scenario_id: str, rules: str, paper: str):
    """A scenario's set-up page as the pack lays it out on this paper (its blocks, the plan fitted to what the page
    leaves) and the page's content box: one home for the set-up tests."""
    from shipyard.pack.setup_page import fitted, setup_blocks
    from shipyard.render import Document
    from shipyard.rules import get_ruleset

    scenario = library.scenarios[scenario_id]
    rs = get_ruleset(rules)
    units = {su.id: library.units[su.id] for s in scenario.sides for su in s.units}
    with Document(Path(tempfile.mkdtemp()) / "x.pdf", paper=paper, title="x", footer="x") as doc:
        box = doc.content
        doc.new_page()
    return fitted(setup_blocks(scenario, rs, units, rs.native_scale, scenario.turns or 12, box.w), box.w, box.h), box


def finished_pack(client, job: str, tries: int = 400) -> str:
    """Poll a web pack job (its status page, as htmx asks) until it offers the download or says an error; the last
    status page, which must offer the download."""
    import time

    for _ in range(tries):
        status = client.get(job, headers={"HX-Request": "true"}).text
        if "download-pack" in status or "error" in status:
            break
        time.sleep(0.05)
    assert "download-pack" in status, status
    return status


def bundled_library_pickle(seen_from: Path | None = None) -> Path:
    """Where this run's cache (SHIPYARD_CACHE_DIR as it is now) keeps the bundled library alone as a command run in
    `seen_from` (else here) loads it, loaded (and kept) now if it is not kept yet: the validated library a load with a
    user's folder starts from (Library.load). A folder outside the checkout sees it as every other such folder does."""
    from shipyard.cache import kept
    from shipyard.library.library import Library, _files_key
    from shipyard.paths import library_dir

    here = os.getcwd()
    os.chdir(seen_from or here)
    try:
        path = kept._kept_file(kept._key(_files_key([library_dir()])))
        if not path.exists():  # (a load that finds it kept unpickles the whole library, ~25 ms, to no end here)
            Library.load()
        return path
    finally:
        os.chdir(here)


def keep_bundled_library_in(cache_dir: Path, seen_from: Path | None = None) -> Path:
    """Copy this run's kept bundled library (as seen from `seen_from`: bundled_library_pickle) into another cache
    folder (a SHIPYARD_CACHE_DIR of a test's own), as a user's cache has it after her first command: a load with her
    folder then validates only her files, not the bundled library's 160 as well (~0.5 s). The copy's path."""
    import shutil

    source = bundled_library_pickle(seen_from)
    target = Path(cache_dir) / "shipyard" / "library" / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


def keep_parsed_yaml_in(cache_dir: Path) -> Path:
    """Give another cache folder (a SHIPYARD_CACHE_DIR of a test's own) the YAML parses kept in the cache that
    SHIPYARD_CACHE_DIR names now (cache_dir()/yaml: the run's own, unless the test has pointed it at one of its own),
    as every user's cache has them after her first command, hard-linked: a load there that reads every bundled file
    unmarshals each instead of parsing it (~0.15 s against ~0.6 s), the same data and lines (tests/test_yaml_cache.py).
    The folder it filled."""
    import shutil

    from shipyard.cache.index import cache_dir as current

    bundled_library_pickle()  # the bundled files read under this cache at least once: their parses are kept
    source, target = current() / "yaml", Path(cache_dir) / "shipyard" / "yaml"
    if source.is_dir():  # (a cache given only the kept library has none: the load then parses, as before)
        # (not a parse another worker is writing now: its .part file may be renamed away before it is linked)
        shutil.copytree(source, target, copy_function=os.link, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".*.part"))
    return target


def kept_with_users_files(folder: Path) -> list[Path]:
    """The libraries kept in a cache's library folder (SHIPYARD_CACHE_DIR/shipyard/library) that hold a user's file:
    a load with her folder keeps the bundled library alone as well, which the next load of another folder starts
    from (and a library read on it as what her files add: kept.read_kept reads it with the bundled one)."""
    from shipyard.cache import kept
    from shipyard.paths import is_bundled

    return [p for p in Path(folder).glob("*.pickle")
            if not all(is_bundled(e.path) for e in kept.read_kept(p).origin.values())]


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """One headless Chromium for the whole run (one per xdist worker), shared by every browser test file: a start is
    ~1 s and its first pages are its slowest. Take `browser` (tests/browsing.py), which hands each test this Chromium
    as a new device would be, never this one directly unless the fixture cleans it as `browsing.fresh` does."""
    from browsing import new_driver

    driver = new_driver(tmp_path_factory.mktemp("chromium-downloads"))
    yield driver
    driver.quit()
