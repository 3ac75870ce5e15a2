"""Layout lint: what a player would call a misprint, found by reading a finished PDF back.

    python -m tests.layout_lint output/mobile-bay-1864-saunders.pdf [more.pdf ...]

prints a report per page and exits 1 when anything is found. Checks (issue 10):

- ``small text``: a character under 5 pt (type size times the text's scaling, so rotated or scaled text counts
  at the size it prints);
- ``under 6 pt``: more than 5 % of a PDF's characters under 6 pt (counted over the whole file);
- ``ellipsis``: any "…" (text cut short to fit);
- ``overprint``: a character of one word printed over a character of another word (their glyph boxes overlap);
- ``into box``: a character running into a tick box (a small stroked square, 2-6 mm a side) without sitting
  wholly inside it;
- ``edge ink``: ink within 8 mm of the page edge (the page rendered at 36 dpi, the margin strip must be white);
- ``stray bar``: a 100 mm calibration bar ("this bar must measure 100 mm") on a page outside the
  "Templates and gauges" section: only true-scale pages may carry it.

Text is read with pdfium (fast: a whole pack in well under a second a rule set), not pdfminer.
"""

from __future__ import annotations

import ctypes
import math
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

PT_PER_MM = 72 / 25.4
MIN_PT = 5.0
SMALL_PT = 6.0
SMALL_SHARE = 0.05
EDGE_MM = 8.0
BOX_MM = (2.0, 6.0)
TRUE_SCALE_SECTION = "Templates and gauges"
BAR_TEXT = "this bar must measure 100 mm"
CHECKS = ("small text", "under 6 pt", "ellipsis", "overprint", "into box", "edge ink", "stray bar")
RENDER_SCALE = 0.5  # 36 dpi: one pixel is 0.35 mm


@dataclass
class Char:
    text: str
    size: float  # as printed, pt
    box: tuple[float, float, float, float]  # glyph ink box: left, bottom, right, top (pt, PDF space)
    word: tuple[int, int]  # (text object, word number within it): characters of one word never overprint each other


@dataclass
class Finding:
    page: int  # 1-based; 0 for the whole file
    check: str
    detail: str


@dataclass
class Report:
    path: Path
    pages: int = 0
    chars: int = 0
    under_6: int = 0
    findings: list[Finding] = field(default_factory=list)

    def counts(self) -> Counter:
        """Findings per check (a character under 5 pt, an overprinted pair, a page of edge ink ... each count one)."""
        return Counter(f.check for f in self.findings)

    def text(self) -> str:
        lines = [f"{self.path}: {self.pages} pages, {self.chars} characters, "
                 f"{self.under_6} under {SMALL_PT:g} pt ({self.share_under_6():.1%})"]
        by_page: dict[int, list[Finding]] = defaultdict(list)
        for f in self.findings:
            by_page[f.page].append(f)
        for page in sorted(by_page):
            found = by_page[page]
            lines.append(f"  {'whole file' if page == 0 else f'page {page}'}: "
                         + ", ".join(f"{n} {c}" for c, n in sorted(Counter(f.check for f in found).items())))
            for check in CHECKS:
                details = [f.detail for f in found if f.check == check]
                if details:
                    more = f" (+{len(details) - 4} more)" if len(details) > 4 else ""
                    lines.append(f"    {check}: " + "; ".join(details[:4]) + more)
        if not self.findings:
            lines.append("  clean")
        return "\n".join(lines)

    def share_under_6(self) -> float:
        return self.under_6 / self.chars if self.chars else 0.0


def _plain(fn, restype, *argtypes):
    """The same pdfium function typed with plain ctypes (an address for each pointer): ctypes converts these several
    times faster than pypdfium2's pointer classes, which tells on a call per character."""
    return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(fn, ctypes.c_void_p).value)


_VOID, _INT, _DOUBLE = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)
_UNICODE_OF = _plain(raw.FPDFText_GetUnicode, ctypes.c_uint, _VOID, _INT)
_OBJECT_OF = _plain(raw.FPDFText_GetTextObject, _VOID, _VOID, _INT)  # the text object's address, None for none
_GENERATED = _plain(raw.FPDFText_IsGenerated, _INT, _VOID, _INT)
_CHAR_BOX = _plain(raw.FPDFText_GetCharBox, _INT, _VOID, _INT, _DOUBLE, _DOUBLE, _DOUBLE, _DOUBLE)


def _chars(textpage) -> list[Char]:
    """Every printed character of the page with its size as printed and its glyph box, in pdfium's order. The size
    (the text object's font size times its matrix's scaling) is asked once per text object: pdfium gives every
    character of one object the object's own (FPDFText_GetFontSize, FPDFText_GetMatrix)."""
    tp = textpage.raw
    at = ctypes.cast(tp, _VOID).value
    out: list[Char] = []
    objects: dict[int, int] = {}
    sizes: dict[int, float] = {}
    word = 0
    last_obj = None
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    edges = [ctypes.pointer(v) for v in (left, right, bottom, top)]
    m = raw.FS_MATRIX()
    unicode_of, object_of, generated, char_box = _UNICODE_OF, _OBJECT_OF, _GENERATED, _CHAR_BOX
    for i in range(raw.FPDFText_CountChars(tp)):
        ch = chr(unicode_of(at, i))
        key = object_of(at, i) or 0
        if ch.isspace() or generated(at, i) or not key:
            word += 1
            continue
        if key != last_obj:
            word += 1
            last_obj = key
        char_box(at, i, *edges)
        size = sizes.get(key)
        if size is None:
            size = raw.FPDFText_GetFontSize(tp, i)
            if raw.FPDFText_GetMatrix(tp, i, m):
                size *= math.sqrt(abs(m.a * m.d - m.b * m.c))
            sizes[key] = size
        out.append(Char(ch, size, (left.value, bottom.value, right.value, top.value), (objects.setdefault(key, len(objects)), word)))
    return out


def _overlap(a, b, tol: float) -> bool:
    return a[0] + tol < b[2] and b[0] + tol < a[2] and a[1] + tol < b[3] and b[1] + tol < a[3]


def _inside(a, b, tol: float) -> bool:
    return a[0] >= b[0] - tol and a[2] <= b[2] + tol and a[1] >= b[1] - tol and a[3] <= b[3] + tol


def _tick_boxes(page) -> list[tuple[float, float, float, float]]:
    """Small stroked squares: the boxes a player ticks (damage tracks, stat boxes)."""
    lo, hi = (v * PT_PER_MM for v in BOX_MM)
    boxes = []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        l, b, r, t = obj.get_bounds()
        w, h = r - l, t - b
        if not (lo <= w <= hi and lo <= h <= hi and abs(w - h) < 0.15 * max(w, h)):
            continue
        if not raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke) or not stroke.value:
            continue
        segments = raw.FPDFPath_CountSegments(obj.raw)
        if segments > 6:  # a circle or a glyph-like shape, not a box
            continue
        if segments < 4:  # a line (a chart's leader drawn corner to corner has a square's bounds), not a box
            continue
        boxes.append((l, b, r, t))
    return boxes


def _edge_ink(page) -> list[str]:
    img = page.render(scale=RENDER_SCALE, grayscale=True).to_pil().convert("L")
    w, h = img.size
    b = int(EDGE_MM * PT_PER_MM * RENDER_SCALE) - 1  # one pixel of anti-aliasing grace
    found = []
    for name, crop in {"top": (0, 0, w, b), "bottom": (0, h - b, w, h), "left": (0, 0, b, h), "right": (w - b, 0, w, h)}.items():
        darkest = img.crop(crop).getextrema()[0]
        if darkest < 250:
            found.append(f"ink in the {name} {EDGE_MM:g} mm strip (darkest {darkest})")
    return found


def _sections(pdf) -> list[str | None]:
    """The top-level bookmark (pack section) each page belongs to; None before the first one."""
    starts = sorted((b.get_dest().get_index(), b.get_title()) for b in pdf.get_toc() if b.level == 0 and b.get_dest())
    out: list[str | None] = []
    for i in range(len(pdf)):
        current = None
        for start, title in starts:
            if start <= i:
                current = title
        out.append(current)
    return out


def lint(path: str | Path, *, edges: bool = True, pages=None) -> Report:
    """`pages`: read only these (1-based; all where None), for a test that looks at some of a file's pages; the
    file's share under 6 pt is then theirs."""
    path = Path(path)
    report = Report(path)
    pdf = pdfium.PdfDocument(str(path))
    try:
        report.pages = len(pdf)
        sections = _sections(pdf)
        for i in range(len(pdf)):
            n = i + 1
            if pages is not None and n not in pages:
                continue
            page = pdf[i]
            textpage = page.get_textpage()
            chars = _chars(textpage)
            text = textpage.get_text_range()
            report.chars += len(chars)
            for c in chars:
                if c.size < SMALL_PT - 0.05:
                    report.under_6 += 1
                if c.size < MIN_PT - 0.05:
                    report.findings.append(Finding(n, "small text", f"{c.text!r} at {c.size:.1f} pt"))
            for line in text.splitlines():
                if "…" in line:
                    report.findings.append(Finding(n, "ellipsis", repr(line.strip()[-40:])))
            _overprints(n, chars, report)
            boxes = _tick_boxes(page)
            if boxes:
                _into_boxes(n, chars, boxes, report)
            if edges:
                report.findings += [Finding(n, "edge ink", d) for d in _edge_ink(page)]
            if BAR_TEXT in " ".join(text.split()) and sections[i] != TRUE_SCALE_SECTION:
                report.findings.append(Finding(n, "stray bar", f"calibration bar in section {sections[i]!r}"))
            textpage.close()
            page.close()
    finally:
        pdf.close()
    if report.share_under_6() > SMALL_SHARE:
        report.findings.append(Finding(0, "under 6 pt", f"{report.share_under_6():.1%} of {report.chars} characters "
                                                        f"are under {SMALL_PT:g} pt (at most {SMALL_SHARE:.0%})"))
    return report


def _overprints(n: int, chars: list[Char], report: Report) -> None:
    """Pairs of characters of different words whose glyph boxes overlap by more than 0.3 pt each way."""
    cells: dict[tuple[int, int], list[int]] = defaultdict(list)
    grid = 20.0
    seen_words: set[tuple] = set()
    for k, c in enumerate(chars):
        l, b, r, t = c.box
        for gx in range(int(l // grid), int(r // grid) + 1):
            for gy in range(int(b // grid), int(t // grid) + 1):
                for j in cells[(gx, gy)]:
                    o = chars[j]
                    if o.word != c.word and _overlap(o.box, c.box, 0.3):
                        pair = (o.word, c.word)
                        if pair not in seen_words:
                            seen_words.add(pair)
                            report.findings.append(Finding(n, "overprint", f"{_word(chars, o.word)!r} / {_word(chars, c.word)!r}"))
                cells[(gx, gy)].append(k)


def _word(chars: list[Char], word: tuple[int, int]) -> str:
    return "".join(c.text for c in chars if c.word == word)


def _into_boxes(n: int, chars: list[Char], boxes, report: Report) -> None:
    grid = 20.0
    cells: dict[tuple[int, int], list[Char]] = defaultdict(list)
    for c in chars:
        l, b, r, t = c.box
        for gx in range(int(l // grid), int(r // grid) + 1):
            for gy in range(int(b // grid), int(t // grid) + 1):
                cells[(gx, gy)].append(c)
    hit: set[tuple] = set()
    for box in boxes:
        l, b, r, t = box
        near = {id(c): c for gx in range(int(l // grid), int(r // grid) + 1)
                for gy in range(int(b // grid), int(t // grid) + 1) for c in cells.get((gx, gy), ())}
        for c in near.values():
            if c.word not in hit and _overlap(c.box, box, 0.2) and not _inside(c.box, box, 0.2):
                hit.add(c.word)
                report.findings.append(Finding(n, "into box", f"{_word(chars, c.word)!r} runs into the box at "
                                                              f"x {box[0] / PT_PER_MM:.0f} mm"))


def main(argv: list[str] | None = None) -> int:
    paths = argv if argv is not None else sys.argv[1:]
    if not paths:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    bad = 0
    for p in paths:
        if not Path(p).is_file():
            print(f"{p}: no such file", file=sys.stderr)
            bad += 1
            continue
        report = lint(p)
        print(report.text())
        bad += bool(report.findings)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
