"""Document and Page: millimetres, top-left origin, y downward; the layer converts to PDF points.

    with Document("out/sheets.pdf", paper="a4", title="...", footer="Smoke on the Water") as doc:
        page = doc.new_page(bookmark="USS Monitor")
        page.text(doc.content.x, doc.content.y + 5, "USS Monitor", size=14, weight="bold")

The layer knows paper, not games: margins, fonts, footers, bookmarks, cut marks, calibration bars,
damage-box tracks and tables. Output is written atomically (a .pdf.part file in the same folder,
renamed onto the target only when the `with` block ends cleanly) and is byte-identical for identical
input.
"""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
import weakref
from pathlib import Path
from typing import Iterator, Sequence

from reportlab.pdfgen.canvas import Canvas

from ..spec.errors import ShipyardError
from . import fonts as _fonts
from .paper import INK_LIMIT_MM, MM, PAPERS, Box, Paper

FOOTER_BAND_MM = 6.0  # height reserved at the bottom of the content for the footer line
FOOTER_SIZE = 6.5
CAL_BAR_H_MM = 6.2  # height of calibration_bar()
CAL_BAND_MM = CAL_BAR_H_MM + 2.5  # band reserved for it on true-scale pages
MARK_LEN_MM = 3.0
MARK_OFFSET_MM = 1.0  # gap between a cut mark and the cut line's corner
MARK_WIDTH_MM = 0.15
SAFE_MM = INK_LIMIT_MM + 0.5  # the layer's own marks are clipped to stay this far from the edge


class RenderError(ShipyardError, AssertionError):
    """A drawing call the layer refuses: a closed page, ink in the margin (strict mode), a cell larger than the page."""


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


_UMASK = _umask()


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass

_ALIGN = {"left": "left", "centre": "centre", "center": "centre", "middle": "centre", "right": "right"}


def _rgb(colour) -> tuple[float, float, float]:
    """None (black), a grey level 0..1, an (r, g, b) tuple 0..1, '#rrggbb', or a ReportLab Color."""
    if colour is None:
        return (0.0, 0.0, 0.0)
    if isinstance(colour, (int, float)):
        g = float(colour)
        if not 0.0 <= g <= 1.0:
            raise RenderError(f"grey level {colour!r} must be between 0 (black) and 1 (white)")
        return (g, g, g)
    if isinstance(colour, str):
        h = colour.lstrip("#")
        if len(h) != 6:
            raise RenderError(f"colour {colour!r}: expected '#rrggbb'")
        return (int(h[0:2], 16) / 255.0, int(h[2:4], 16) / 255.0, int(h[4:6], 16) / 255.0)
    if hasattr(colour, "red"):
        return (float(colour.red), float(colour.green), float(colour.blue))
    r, g, b = colour
    return (float(r), float(g), float(b))


def _fmt_num(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)



def wrap_lines(s, width: float, size: float = 8, weight: str = "regular", family: str = "sans") -> list[str]:
    """Break s into lines no wider than width mm: on spaces; a word wider than the line breaks after a '/' or '-'
    where it can, and only then between characters. '\\n' starts a new paragraph. Needs no page (for measuring)."""
    name = _fonts.font_name(family, weight)
    s = _fonts.normalise(_fmt_num(s) if type(s) is not str else s)
    limit = width * MM

    def sw(t: str) -> float:
        return _fonts.string_width_pt(t, name, size)

    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = ""
        for word in words:
            trial = f"{cur} {word}" if cur else word
            if sw(trial) <= limit:
                cur = trial
                continue
            if cur:
                lines.append(cur)
            while sw(word) > limit and len(word) > 1:
                cut = max((i + 1 for i, ch in enumerate(word[:-1]) if ch in "/-" and sw(word[:i + 1]) <= limit), default=0)
                if not cut:
                    cut = len(word) - 1
                    while cut > 1 and sw(word[:cut]) > limit:
                        cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            cur = word
        lines.append(cur)
    return lines


def column_aligns(align, ncol: int) -> list[str]:
    """A table's alignment per column: None (first column left, the rest centred), one word for all, or a list
    (columns it leaves out are left-aligned)."""
    if align is None:
        return ["left"] + ["centre"] * (ncol - 1)
    if isinstance(align, str):
        return [align] * ncol
    return list(align) + ["left"] * (ncol - len(align))

class Page:
    """One page of a Document. All coordinates and lengths in mm (font sizes in points)."""

    def __init__(self, doc: "Document", number: int):
        self._doc = doc
        self._c = doc._canvas
        self.number = number
        self._H = doc.paper.height_pt
        self._W = doc.paper.width_pt
        self._strict = doc.strict
        self.true_scale = doc.true_scale
        # graphics state already set on the canvas for this page (None = unknown, ReportLab defaults)
        self._font: tuple[str, float] | None = None
        self._fill: tuple[float, float, float] | None = (0.0, 0.0, 0.0)
        self._stroke: tuple[float, float, float] | None = (0.0, 0.0, 0.0)
        self._lw: float | None = None
        self._dash: tuple | None = ()
        self._turns: list[tuple[float, float, float]] = []  # active rotated() blocks: (cx, cy, degrees)

    # ------------------------------------------------------------------ state
    @property
    def paper(self) -> Paper:
        return self._doc.paper

    @property
    def content(self) -> Box:
        """The drawable area of this page (mm)."""
        return self._doc._content_for(self.true_scale)

    def _live(self) -> None:
        if self._doc._page is not self:
            raise RenderError(f"page {self.number} is closed: draw on the page the last new_page() returned")

    def _set_fill(self, rgb) -> None:
        if rgb != self._fill:
            self._c.setFillColorRGB(*rgb)
            self._fill = rgb

    def _set_stroke(self, width_mm: float, dash=None, colour=None) -> None:
        c = self._c
        lw = width_mm * MM
        if lw != self._lw:
            c.setLineWidth(lw)
            self._lw = lw
        d = tuple(v * MM for v in dash) if dash else ()
        if d != self._dash:
            if d:
                c.setDash(list(d), 0)
            else:
                c.setDash([], 0)
            self._dash = d
        rgb = _rgb(colour)
        if rgb != self._stroke:
            c.setStrokeColorRGB(*rgb)
            self._stroke = rgb

    @contextlib.contextmanager
    def rotated(self, cx: float, cy: float, degrees: float):
        """Draw the block's contents turned `degrees` counter-clockwise (as seen on paper) about (cx, cy) mm.
        Coordinates inside are the unrotated ones. 180 turns a fold-over back upside down."""
        self._live()
        c = self._c
        X, Y = cx * MM, self._H - cy * MM
        c.saveState()
        c.translate(X, Y)
        c.rotate(degrees)
        c.translate(-X, -Y)
        self._turns.append((cx, cy, degrees))
        try:
            yield self
        finally:
            self._turns.pop()
            c.restoreState()
            # restoreState undid whatever was set inside: forget the tracked state
            self._font = self._fill = self._stroke = self._lw = self._dash = None

    def _ink(self, x0: float, y0: float, x1: float, y1: float, what: str) -> None:
        """Strict mode: refuse ink within 8 mm of the page edge (bounding box in mm)."""
        p = self._doc.paper
        for cx, cy, deg in reversed(self._turns):  # map the box through the active rotations
            a = math.radians(deg)
            ca, sa = math.cos(a), math.sin(a)
            pts = [(cx + (x - cx) * ca + (y - cy) * sa, cy - (x - cx) * sa + (y - cy) * ca)
                   for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
            x0, x1 = min(q[0] for q in pts), max(q[0] for q in pts)
            y0, y1 = min(q[1] for q in pts), max(q[1] for q in pts)
        lim = INK_LIMIT_MM - 1e-6
        if x0 < lim or y0 < lim or x1 > p.width_mm - lim or y1 > p.height_mm - lim:
            raise RenderError(
                f"{what} on page {self.number} reaches ({x0:.1f}, {y0:.1f})–({x1:.1f}, {y1:.1f}) mm: "
                f"ink within {INK_LIMIT_MM:g} mm of the edge of a {p.width_mm:g}×{p.height_mm:g} mm page; "
                f"lay out inside doc.content {tuple(round(v, 1) for v in self.content.__dict__.values())}"
            )

    # ------------------------------------------------------------------ text
    def text_width(self, s, size: float = 9, weight: str = "regular", family: str = "sans") -> float:
        """Width of s in mm."""
        s = _fonts.normalise(str(s))
        return _fonts.string_width_pt(s, _fonts.font_name(family, weight), size) / MM

    def text(self, x: float, y: float, s, size: float = 9, weight: str = "regular", align: str = "left",
             family: str = "sans", colour=None, rotate: float = 0) -> float:
        """Draw s with its baseline at y. rotate: degrees counter-clockwise about (x, y). Returns the width drawn, in mm."""
        if rotate:
            with self.rotated(x, y, rotate):
                return self.text(x, y, s, size=size, weight=weight, align=align, family=family, colour=colour)
        if self._doc._page is not self:
            self._live()
        s = s if type(s) is str else _fmt_num(s)
        if not s:
            return 0.0
        name = _fonts.font_name(family, weight)
        s = _fonts.check_text(s, family, weight)
        w = _fonts.string_width_pt(s, name, size)
        X = x * MM
        a = _ALIGN.get(align)
        if a is None:
            raise RenderError(f"align={align!r}: expected left, centre or right")
        if a == "centre":
            X -= w / 2
        elif a == "right":
            X -= w
        if self._strict:
            asc, desc = _fonts.ascent_descent(name)
            self._ink(X / MM, y - asc * size / MM, (X + w) / MM, y + desc * size / MM, f"text {s!r}")
        c = self._c
        font = (name, size)
        if font != self._font:
            c.setFont(name, size)
            self._font = font
        rgb = _rgb(colour) if colour is not None else (0.0, 0.0, 0.0)
        if rgb != self._fill:
            c.setFillColorRGB(*rgb)
            self._fill = rgb
        c.drawString(X, self._H - y * MM, s)
        return w / MM

    def fit_text(self, x: float, y: float, s, max_w: float, size: float = 9, min_size: float = 5, **kw) -> float:
        """Draw s no wider than max_w mm: shrink the size down to min_size, then cut it short with '…'.
        Returns the size used."""
        s = _fmt_num(s) if type(s) is not str else s
        family = kw.get("family", "sans")
        weight = kw.get("weight", "regular")
        name = _fonts.font_name(family, weight)
        s = _fonts.check_text(s, family, weight) if s else s
        w1 = _fonts.string_width_pt(s, name, 1.0) / MM  # mm per point of size
        if w1 * size > max_w and w1 > 0:
            size = max(min_size, math.floor(max_w / w1 * 10) / 10)
            if w1 * size > max_w:
                while s and _fonts.string_width_pt(s + "…", name, size) / MM > max_w:
                    s = s[:-1]
                s = s.rstrip() + "…" if s else ""
        self.text(x, y, s, size=size, **kw)
        return size

    def wrap_lines(self, s, width: float, size: float = 8, weight: str = "regular", family: str = "sans") -> list[str]:
        """Break s into lines no wider than width mm (see the module function wrap_lines)."""
        return wrap_lines(s, width, size, weight, family)

    def wrap_text(self, x: float, y: float, s, width: float, size: float = 8, leading: float | None = None, **kw) -> float:
        """Draw s wrapped to width mm, first baseline at y. leading is in points like size (default 1.2 × size).
        Returns the baseline of the line that would come next (y + lines × leading), in mm."""
        leading = size * 1.2 if leading is None else leading
        if leading < size * 0.8:
            raise RenderError(f"leading={leading!r} is less than the font size {size!r}: leading is in points, like size")
        step = leading / MM
        for line in self.wrap_lines(s, width, size, kw.get("weight", "regular"), kw.get("family", "sans")):
            if line:
                self.text(x, y, line, size=size, **kw)
            y += step
        return y

    # ------------------------------------------------------------------ shapes
    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3, dash=None, colour=None) -> None:
        self._live()
        if self._strict:
            h = width / 2
            self._ink(min(x1, x2) - h, min(y1, y2) - h, max(x1, x2) + h, max(y1, y2) + h, "line")
        self._set_stroke(width, dash, colour)
        H = self._H
        self._c.line(x1 * MM, H - y1 * MM, x2 * MM, H - y2 * MM)

    def lines(self, segments: Sequence[tuple[float, float, float, float]], width: float = 0.3, dash=None, colour=None) -> None:
        """Many straight segments (x1, y1, x2, y2) in one path: fast for ticks and grids."""
        self._live()
        if not segments:
            return
        if self._strict:
            h = width / 2
            xs = [v for s in segments for v in (s[0], s[2])]
            ys = [v for s in segments for v in (s[1], s[3])]
            self._ink(min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h, "lines")
        self._set_stroke(width, dash, colour)
        H = self._H
        p = self._c.beginPath()
        for x1, y1, x2, y2 in segments:
            p.moveTo(x1 * MM, H - y1 * MM)
            p.lineTo(x2 * MM, H - y2 * MM)
        self._c.drawPath(p, stroke=1, fill=0)

    def rect(self, x: float, y: float, w: float, h: float, width: float = 0.3, stroke: bool = True, fill=None,
             colour=None, dash=None) -> None:
        """A rectangle with its top-left corner at (x, y). fill: grey level 0..1 or (r, g, b)."""
        self._live()
        if w < 0:
            x, w = x + w, -w
        if h < 0:
            y, h = y + h, -h
        if self._strict:
            hw = width / 2 if stroke else 0.0
            self._ink(x - hw, y - hw, x + w + hw, y + h + hw, "rect")
        if stroke:
            self._set_stroke(width, dash, colour)
        if fill is not None:
            self._set_fill(_rgb(fill))
        self._c.rect(x * MM, self._H - (y + h) * MM, w * MM, h * MM, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def circle(self, cx: float, cy: float, r: float, width: float = 0.3, fill=None, stroke: bool = True,
               colour=None, dash=None) -> None:
        self._live()
        if self._strict:
            hw = width / 2 if stroke else 0.0
            self._ink(cx - r - hw, cy - r - hw, cx + r + hw, cy + r + hw, "circle")
        if stroke:
            self._set_stroke(width, dash, colour)
        if fill is not None:
            self._set_fill(_rgb(fill))
        self._c.circle(cx * MM, self._H - cy * MM, r * MM, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def _arc_bbox(self, cx, cy, r, start, extent, with_centre=False):
        angles = [start, start + extent]
        lo, hi = min(angles), max(angles)
        k = math.ceil(lo / 90.0)
        while k * 90 <= hi:
            angles.append(k * 90.0)
            k += 1
        xs = [cx + r * math.cos(math.radians(a)) for a in angles]
        ys = [cy - r * math.sin(math.radians(a)) for a in angles]
        if with_centre:
            xs.append(cx)
            ys.append(cy)
        return min(xs), min(ys), max(xs), max(ys)

    def arc(self, cx: float, cy: float, r: float, start_deg: float, extent_deg: float, width: float = 0.3,
            dash=None, colour=None) -> None:
        """An open arc: degrees counter-clockwise from +x (east) as seen on paper."""
        self._live()
        if self._strict:
            x0, y0, x1, y1 = self._arc_bbox(cx, cy, r, start_deg, extent_deg)
            h = width / 2
            self._ink(x0 - h, y0 - h, x1 + h, y1 + h, "arc")
        self._set_stroke(width, dash, colour)
        X, Y, R = cx * MM, self._H - cy * MM, r * MM
        p = self._c.beginPath()
        p.arc(X - R, Y - R, X + R, Y + R, start_deg, extent_deg)
        self._c.drawPath(p, stroke=1, fill=0)

    def wedge(self, cx: float, cy: float, r: float, start_deg: float, extent_deg: float, fill=None,
              width: float = 0.3, stroke: bool = True, colour=None) -> None:
        """A pie slice from the centre: degrees counter-clockwise from +x (east) as seen on paper."""
        self._live()
        if self._strict:
            x0, y0, x1, y1 = self._arc_bbox(cx, cy, r, start_deg, extent_deg, with_centre=True)
            h = width / 2 if stroke else 0.0
            self._ink(x0 - h, y0 - h, x1 + h, y1 + h, "wedge")
        if stroke:
            self._set_stroke(width, None, colour)
        if fill is not None:
            self._set_fill(_rgb(fill))
        X, Y, R = cx * MM, self._H - cy * MM, r * MM
        p = self._c.beginPath()
        p.moveTo(X, Y)
        p.arcTo(X - R, Y - R, X + R, Y + R, start_deg, extent_deg)
        p.close()
        self._c.drawPath(p, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def polygon(self, points: Sequence[tuple[float, float]], width: float = 0.3, fill=None, close: bool = True,
                stroke: bool = True, colour=None, dash=None) -> None:
        self._live()
        pts = list(points)
        if len(pts) < 2:
            raise RenderError(f"polygon needs at least 2 points, got {len(pts)}")
        if self._strict:
            h = width / 2 if stroke else 0.0
            self._ink(min(p[0] for p in pts) - h, min(p[1] for p in pts) - h,
                      max(p[0] for p in pts) + h, max(p[1] for p in pts) + h, "polygon")
        if stroke:
            self._set_stroke(width, dash, colour)
        do_fill = fill is not None and close
        if do_fill:
            self._set_fill(_rgb(fill))
        H = self._H
        p = self._c.beginPath()
        p.moveTo(pts[0][0] * MM, H - pts[0][1] * MM)
        for x, y in pts[1:]:
            p.lineTo(x * MM, H - y * MM)
        if close:
            p.close()
        self._c.drawPath(p, stroke=1 if stroke else 0, fill=1 if do_fill else 0)

    # ------------------------------------------------------------------ play-aid furniture
    def box_track(self, x: float, y: float, count: int, box: float = 3.5, gap: float = 0.7, per_row: int = 20,
                  marks: dict[int, str] | None = None, label: str | None = None, prefilled: int = 0, *,
                  label_w: float | None = None, label_size: float = 7, width: float = 0.25) -> tuple[float, float]:
        """A track of countable damage boxes with its top-left at (x, y); returns (w, h) in mm.

        Boxes are grouped in fives (a wider gap every 5), per_row to a row. marks={n: "½"} draws a heavy bar
        after box n with a small label above it. prefilled boxes are drawn struck through (X).
        label is drawn to the left, in a column label_w mm wide (default: the label's own width + 1.5 mm),
        so tracks with different labels can share one column by passing the same label_w.
        """
        self._live()
        count = int(count)
        marks = dict(marks or {})
        if count < 0 or per_row < 1:
            raise RenderError(f"box_track: count={count}, per_row={per_row}")
        for n in marks:
            if not 1 <= n <= count:
                raise RenderError(f"box_track: a mark after box {n} but the track has {count} boxes")
        if not 0 <= prefilled <= count:
            raise RenderError(f"box_track: prefilled={prefilled} outside 0..{count}")
        group_extra = max(0.6, box * 0.3)  # the wider gap between groups of five
        mark_band = 2.3 if marks else 0.0
        overshoot = 0.5 if marks else 0.0
        if label_w is None:
            label_w = self.text_width(label, label_size, "bold", "condensed") + 1.5 if label else 0.0
        bx = x + label_w
        rows = max(1, math.ceil(count / per_row))
        pitch = box + gap + mark_band
        in_row = min(count, per_row)

        def col_x(col: int) -> float:
            return bx + col * (box + gap) + (col // 5) * group_extra

        row_w = (col_x(in_row - 1) + box - bx) if in_row else 0.0
        w = label_w + row_w
        h = rows * (box + mark_band) + (rows - 1) * gap + overshoot
        if label:
            self.text(x, y + mark_band + box / 2 + label_size * 0.36 / MM, label, size=label_size, weight="bold",
                      family="condensed")
        if self._strict and count:
            hw = width / 2
            self._ink(bx - hw, y - hw, bx + row_w + hw, y + h, "box track")
        c = self._c
        H = self._H
        self._set_stroke(width)
        bpt = box * MM
        strikes = []
        for i in range(count):
            r, col = divmod(i, per_row)
            bxx = col_x(col)
            top = y + mark_band + r * pitch
            c.rect(bxx * MM, H - (top + box) * MM, bpt, bpt, stroke=1, fill=0)
            if i < prefilled:
                inset = box * 0.18
                strikes.append((bxx + inset, top + inset, bxx + box - inset, top + box - inset))
                strikes.append((bxx + inset, top + box - inset, bxx + box - inset, top + inset))
        if strikes:
            self.lines(strikes, width=max(width, 0.35))
        for n, text in sorted(marks.items()):
            r, col = divmod(n - 1, per_row)
            top = y + mark_band + r * pitch
            right = col_x(col) + box
            after = gap + (group_extra if (col + 1) % 5 == 0 else 0.0)
            bar_x = right + after / 2
            self.line(bar_x, top - overshoot, bar_x, top + box + overshoot, width=min(0.8, max(0.5, after * 0.8)))
            if text:
                self.text(bar_x, top - overshoot - 0.35, text, size=5.5, weight="bold", align="centre", family="condensed")
        return (w, h)

    def table(self, x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence], header: Sequence | None = None,
              size: float = 7.5, leading: float | None = None, zebra: bool = True, align=None, bold_first_col: bool = False,
              *, family: str = "sans", padding: float = 1.0, min_size: float | None = None, rules: bool = True) -> float:
        """A table with its top-left at (x, y); returns its height in mm.

        widths in mm; rows of cells (str, numbers, None); leading is the row pitch in points (default 1.5 × size).
        align: one of left/centre/right for every column, or a list per column (default: first column left,
        the rest centred). Text too wide for its cell shrinks (to min_size, default 0.75 × size), then is cut with '…'.
        """
        self._live()
        ncol = len(widths)
        leading = size * 1.5 if leading is None else leading
        if leading < size * 0.8:
            raise RenderError(f"table leading={leading!r} is less than the font size {size!r}: leading is in points, like size")
        row_h = leading / MM
        aligns = column_aligns(align, ncol)
        min_size = size * 0.75 if min_size is None else min_size
        total_w = float(sum(widths))
        lefts = []
        acc = x
        for wcol in widths:
            lefts.append(acc)
            acc += wcol
        base_off = (row_h + size * 0.72 / MM) / 2  # baseline so that capitals sit centred in the row

        def draw_row(top: float, cells: Sequence, weight_of) -> None:
            for j in range(ncol):
                v = cells[j] if j < len(cells) else None
                s = v if type(v) is str else _fmt_num(v)
                if not s:
                    continue
                a = _ALIGN.get(aligns[j], "left")
                left = lefts[j]
                wcol = widths[j]
                tx = left + padding if a == "left" else (left + wcol - padding if a == "right" else left + wcol / 2)
                self.fit_text(tx, top + base_off, s, wcol - 2 * padding, size=size, min_size=min_size,
                              weight=weight_of(j), align=a, family=family)

        top = y
        if header:
            self.rect(x, top, total_w, row_h, stroke=False, fill=0.85)
            draw_row(top, header, lambda j: "bold")
            top += row_h
        for i, cells in enumerate(rows):
            if zebra and i % 2 == 1:
                self.rect(x, top, total_w, row_h, stroke=False, fill=0.93)
            draw_row(top, cells, lambda j: "bold" if (bold_first_col and j == 0) else "regular")
            top += row_h
        if rules:
            self.line(x, y, x + total_w, y, width=0.3)
            if header:
                self.line(x, y + row_h, x + total_w, y + row_h, width=0.2)
            self.line(x, top, x + total_w, top, width=0.3)
        return top - y

    def forward_text(self, x: float, y: float, key: str, size: float = 9, family: str = "sans",
                     weight: str = "regular") -> None:
        """Text not known yet (a contents page's page numbers): drawn here, left-aligned at baseline (x, y), with
        whatever the document later says through doc.resolve(key, text). Unresolved keys print nothing."""
        self._live()
        doc = self._doc
        name = doc._forward_name(key, size, family, weight)
        c = doc._canvas
        c.saveState()
        c.translate(x * MM, doc.paper.height_pt - y * MM)
        c.doForm(name)
        c.restoreState()

    def calibration_bar(self, x: float, y: float) -> tuple[float, float]:
        """A 100 mm bar (1 mm / 5 mm / 10 mm ticks) above a 4-inch bar (¼ in ticks), left ends aligned at x,
        with its top at y; labelled so the user can check the print was not scaled. Returns (w, h) in mm."""
        self._live()
        metric_y = y + 2.6
        inch_y = metric_y + 0.9
        ticks = []
        for i in range(101):
            t = 2.4 if i % 10 == 0 else (1.6 if i % 5 == 0 else 1.0)
            ticks.append((x + i, metric_y, x + i, metric_y - t))
        for q in range(17):
            t = 2.4 if q % 4 == 0 else (1.6 if q % 2 == 0 else 1.0)
            xi = x + q * 25.4 / 4
            ticks.append((xi, inch_y, xi, inch_y + t))
        self.lines(ticks, width=0.15)
        self.line(x, metric_y, x + 100.0, metric_y, width=0.25)
        self.line(x, inch_y, x + 101.6, inch_y, width=0.25)
        self.text(x + 102.6, metric_y, "100 mm", size=6, family="condensed")
        self.text(x + 102.6, inch_y + 2.4, "4 in", size=6, family="condensed")
        tx = x + 113.0
        w1 = self.text(tx, y + 2.4, "print at 100 % / Actual size:", size=6.5, weight="bold", family="condensed")
        w2 = self.text(tx, y + 5.4, "this bar must measure 100 mm", size=6.5, family="condensed")
        return (tx - x + max(w1, w2), CAL_BAR_H_MM)

    def cut_marks(self, x: float, y: float, w: float, h: float, length: float = MARK_LEN_MM,
                  offset: float = MARK_OFFSET_MM, width: float = MARK_WIDTH_MM) -> None:
        """Corner marks around the rectangle (x, y, w, h): each edge line continued outward, `offset` mm clear of
        the corner. Marks are clipped so that none comes closer than 8.5 mm to the page edge."""
        segs = []
        for cx, sx in ((x, -1), (x + w, 1)):
            for cy, sy in ((y, -1), (y + h, 1)):
                segs.append((cx + sx * offset, cy, cx + sx * (offset + length), cy))
                segs.append((cx, cy + sy * offset, cx, cy + sy * (offset + length)))
        self.lines(self._doc._clip_segments(segs), width=width)


class Document:
    """A PDF being built: paper, margins, fonts, footers, bookmarks; written atomically on a clean exit."""

    def __init__(self, path, paper: str | Paper = "a4", title: str = "", subject: str = "", author: str = "shipyard",
                 true_scale: bool = False, footer: str | None = None, *, keywords: str | Sequence[str] = "",
                 strict: bool | None = None, compress: bool = True):
        if isinstance(paper, Paper):
            self.paper = paper
        else:
            key = str(paper).lower()
            if key not in PAPERS:
                raise ShipyardError(f"paper {paper!r}: expected one of {', '.join(PAPERS)}")
            self.paper = PAPERS[key]
        _fonts.register_all()
        self.path = Path(path)
        self.title = title
        self.footer = _fonts.check_text(footer, "condensed") if footer else None
        self.strict = bool(os.environ.get("SHIPYARD_RENDER_STRICT")) if strict is None else strict
        p = self.paper
        self._true_scale = bool(true_scale)
        self._page: Page | None = None
        self.page_count = 0
        self._outline = 0
        self._last_level = -1
        self._section: str | None = None  # a section title waiting for its first page
        self._level_offset = 0
        self._done = False
        self._forward: dict[str, tuple[str, float, str, str]] = {}  # key -> (text, size, family, weight)
        self._cells_page: Page | None = None  # the page of the last doc.cells() grid and how far down it reaches
        self._cells_bottom = 0.0

        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = tempfile.NamedTemporaryFile(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".pdf.part", delete=False)
        tmp.close()
        self._tmp = tmp.name
        # a Document dropped without close() or a `with` block still leaves no .part file behind
        self._finalizer = weakref.finalize(self, _unlink_quietly, self._tmp)
        try:
            c = Canvas(self._tmp, pagesize=(p.width_pt, p.height_pt), invariant=1, pageCompression=1 if compress else 0,
                       pdfVersion=(1, 4))
            c.setTitle(title)
            c.setAuthor(author)
            c.setSubject(subject)
            c.setCreator("shipyard")
            c.setKeywords(keywords if isinstance(keywords, str) else ", ".join(keywords))
            c.setViewerPreference("PrintScaling", "None")
            c.setViewerPreference("DisplayDocTitle", "true")
        except BaseException:
            self._discard()
            raise
        self._canvas = c

    @property
    def true_scale(self) -> bool:
        """Whether pages started from now on carry a calibration bar in their footer band.

        Settable between pages, so one document can hold record sheets and true-scale templates
        (a templates aid can set `doc.true_scale = True` itself). doc.content follows it.
        """
        return self._true_scale

    @true_scale.setter
    def true_scale(self, value: bool) -> None:
        self._true_scale = bool(value)

    @property
    def content(self) -> Box:
        """The drawable area in mm: inside the margins, above the footer band (and the calibration bar
        band when true_scale). The same for every page started under the same true_scale setting."""
        return self._content_for(self._true_scale)

    def _content_for(self, true_scale: bool) -> Box:
        p = self.paper
        m = p.margin_mm
        band = (FOOTER_BAND_MM if self.footer else 0.0) + (CAL_BAND_MM if true_scale else 0.0)
        return Box(m, m, p.width_mm - 2 * m, p.height_mm - 2 * m - band)

    # ------------------------------------------------------------------ context manager
    def __enter__(self) -> "Document":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self.abort()
            return False
        self.close()
        return False

    def abort(self) -> None:
        """Throw the build away: no target written, no .part file left."""
        self._page = None
        self._done = True
        self._discard()

    def _discard(self) -> None:
        _unlink_quietly(self._tmp)

    def close(self) -> None:
        """Finish the last page, write the PDF and move it onto the target path."""
        if self._done:
            return
        try:
            if self.page_count == 0:
                self.new_page()
            self._finish_page()
            c = self._canvas
            if self.footer:
                total = str(self.page_count)
                c.beginForm("pagecount", 0, -5, 72, 20)
                c.setFont(_fonts.font_name("condensed"), FOOTER_SIZE)
                c.setFillGray(0.3)
                c.drawString(0, 0, total)
                c.endForm()
            for i, (key, (text, size, family, weight)) in enumerate(self._forward.items()):
                c.beginForm(f"fwd{i}", 0, -5, 200, 30)
                if text:
                    c.setFont(_fonts.font_name(family, weight), size)
                    c.setFillGray(0)
                    c.drawString(0, 0, text)
                c.endForm()
            if self._outline:
                c.showOutline()
            c.save()
            os.chmod(self._tmp, 0o666 & ~_UMASK)
            os.replace(self._tmp, self.path)
            self._finalizer.detach()
        except BaseException:
            self.abort()
            raise
        self._done = True

    # ------------------------------------------------------------------ pages
    def new_page(self, bookmark: str | None = None, level: int = 0) -> Page:
        """Close the current page (if any) and start a new one; bookmark adds an outline entry for it."""
        if self._done:
            raise RenderError(f"{self.path}: the document is already closed")
        if self._page is not None:
            self._finish_page()
        self.page_count += 1
        self._page = Page(self, self.page_count)
        if self._section is not None:
            title, self._section = self._section, None
            self._outline_entry(title, 0, None)
        if bookmark is not None:
            self.bookmark(bookmark, level=level)
        return self._page

    @property
    def page(self) -> Page | None:
        """The page being drawn (None before the first new_page)."""
        return self._page

    def section(self, title: str | None) -> None:
        """Group what follows under one outline entry: it points at the next page started, and the bookmarks
        of the pages after it nest one level deeper. section(None) ends the grouping."""
        if title is None:
            self._section, self._level_offset = None, 0
        else:
            self._section, self._level_offset = str(title), 1

    def _forward_name(self, key: str, size: float, family: str, weight: str) -> str:
        if key not in self._forward:
            self._forward[key] = ("", size, family, weight)
        return f"fwd{list(self._forward).index(key)}"

    def resolve(self, key: str, text: str) -> None:
        """Say what a forward_text() key prints (e.g. the page a section starts on); may come after it is drawn."""
        _fonts.check_text(text)
        old = self._forward.get(key, ("", 9, "sans", "regular"))
        self._forward[key] = (text, *old[1:])

    def bookmark(self, title: str, level: int = 1, y: float | None = None) -> None:
        """An outline entry pointing at the current page (at y mm from the top when given).
        Inside a doc.section(), levels are one deeper than given."""
        if self._page is None:
            raise RenderError(f"bookmark {title!r}: no page yet; call doc.new_page() first")
        self._outline_entry(title, int(level) + self._level_offset, y)

    def _outline_entry(self, title: str, level: int, y: float | None) -> None:
        c = self._canvas
        level = max(0, min(level, self._last_level + 1))
        self._outline += 1
        key = f"b{self._outline}"
        if y is None:
            c.bookmarkPage(key)
        else:
            c.bookmarkPage(key, fit="XYZ", left=0, top=self.paper.height_pt - y * MM, zoom=0)
        c.addOutlineEntry(str(title), key, level=level, closed=False)
        self._last_level = level

    def _finish_page(self) -> None:
        page = self._page
        if page is None:
            return
        p = self.paper
        m = p.margin_mm
        bottom = p.height_mm - m
        if self.footer:
            base = bottom - 1.2
            w = page.text(m, base, f"{self.footer} · page {page.number} of ", size=FOOTER_SIZE, family="condensed", colour=0.3)
            c = self._canvas
            c.saveState()
            c.translate((m + w) * MM, p.height_pt - base * MM)
            c.doForm("pagecount")
            c.restoreState()
            bottom -= FOOTER_BAND_MM
        if page.true_scale:
            page.calibration_bar(m, bottom - CAL_BAR_H_MM)
        self._page = None
        self._canvas.showPage()

    def _clip_segments(self, segs):
        """Clip axis-parallel segments to stay SAFE_MM inside the page edge; drop what is left empty."""
        p = self.paper
        xs, ys = (SAFE_MM, p.width_mm - SAFE_MM), (SAFE_MM, p.height_mm - SAFE_MM)
        out = []
        for x1, y1, x2, y2 in segs:
            vertical = x1 == x2
            # (fixed coordinate, its limits), (running span, its limits)
            fixed, fixed_lim, span, span_lim = (x1, xs, (y1, y2), ys) if vertical else (y1, ys, (x1, x2), xs)
            if not fixed_lim[0] <= fixed <= fixed_lim[1]:
                continue
            a, b = max(min(span), span_lim[0]), min(max(span), span_lim[1])
            if b - a > 0.2:
                out.append((x1, a, x1, b) if vertical else (a, y1, b, y1))
        return out

    def grid(self, cell_w: float, cell_h: float, gap: float = 0.0, cut_marks: bool = True) -> tuple[int, int, float, float]:
        """How cells of cell_w × cell_h mm tile doc.content: (columns, rows, x0, y0) of the grid's top-left.
        The grid is centred across the page (so a mirrored back lands on the same grid) and starts at the top."""
        band = MARK_LEN_MM + MARK_OFFSET_MM if cut_marks else 0.0
        box = self.content
        cols = int((box.w - 2 * band + gap + 1e-9) // (cell_w + gap))
        rows = int((box.h - 2 * band + gap + 1e-9) // (cell_h + gap))
        if cols < 1 or rows < 1:
            raise RenderError(
                f"a cell of {cell_w:g}×{cell_h:g} mm does not fit the {box.w:.1f}×{box.h:.1f} mm content area of "
                f"{self.paper.name} paper" + (" with room for cut marks" if cut_marks else "")
            )
        gw = cols * cell_w + (cols - 1) * gap
        x0 = box.x + (box.w - gw) / 2
        y0 = box.y + band
        return cols, rows, x0, y0

    def cells(self, count: int, cell_w: float, cell_h: float, gap: float = 0.0, cut_marks: bool = True,
              bookmark: str | None = None, *, mirror: bool = False, level: int = 0, new_page: bool = True,
              start_y: float | None = None) -> Iterator[tuple[Page, float, float]]:
        """Flow `count` cells over as many new pages as needed; yield (page, x, y) for each cell's top-left.

        Cut marks are drawn outside the grid (continuing every cell edge) and stay inside the margins.
        mirror=True fills each row right to left: the duplex back of a sheet printed with mirror=False
        (long-edge flip) puts cell i behind cell i of the front.
        new_page=False continues on the current page below start_y mm (default: below the last cells drawn on
        it, doc.cells_bottom + 2, else the top of the content), as many rows as fit there, then goes on to new pages:
        for a handful of markers that need no page of their own. Never with mirror (a back must match its front).
        """
        cols, rows, x0, y0 = self.grid(cell_w, cell_h, gap, cut_marks)
        band = y0 - self.content.y
        per_page = cols * rows
        W = self.paper.width_mm
        done = 0
        first = True
        while done < count:
            here = None
            if first and not new_page and self._page is not None and not mirror:
                page = self._page
                top = start_y if start_y is not None else (self._cells_bottom + 2.0 if self._cells_page is page else page.content.y)
                fit = int((page.content.bottom - band - (top + band) + gap + 1e-9) // (cell_h + gap))
                if fit >= 1:
                    here = (top + band, cols * fit)
                    if bookmark is not None:
                        self.bookmark(bookmark, level=level, y=top)
            if here is None:
                page = self.new_page(bookmark=bookmark if first else None, level=level)
                here = (y0, per_page)
            first = False
            gy, room = here
            n = min(room, count - done)
            if cut_marks:
                self._grid_marks(page, n, cols, x0, gy, cell_w, cell_h, gap, mirror)
            used_rows = math.ceil(n / cols)
            self._cells_page = page
            self._cells_bottom = gy + used_rows * (cell_h + gap) - gap + band
            for k in range(n):
                r, col = divmod(k, cols)
                x = x0 + col * (cell_w + gap)
                if mirror:
                    x = W - x - cell_w
                yield page, x, gy + r * (cell_h + gap)
                if self._page is not page:
                    raise RenderError("doc.cells(): a new page was started inside the loop; draw only on the page yielded")
            done += n

    def duplex_cells(self, items: Sequence, cell_w: float, cell_h: float, backs: bool = True, bookmark: str | None = None,
                     back_bookmark: str | None = None, *, level: int = 0) -> Iterator[tuple[Page, float, float, object, bool]]:
        """Each page-full of items on a front page and, with backs, a mirrored back page after it (long-edge flip:
        cell i of the back lies behind cell i of the front). Yields (page, x, y, item, is_back); the bookmarks go on
        the first front and the first back page."""
        items = list(items)
        cols, rows, _, _ = self.grid(cell_w, cell_h)
        per_page = cols * rows
        for start in range(0, len(items), per_page):
            chunk = items[start:start + per_page]
            for (page, x, y), item in zip(self.cells(len(chunk), cell_w, cell_h, bookmark=bookmark if start == 0 else None,
                                                     level=level), chunk):
                yield page, x, y, item, False
            if backs:
                for (page, x, y), item in zip(self.cells(len(chunk), cell_w, cell_h, mirror=True, level=level,
                                                         bookmark=back_bookmark if start == 0 else None), chunk):
                    yield page, x, y, item, True

    @property
    def cells_bottom(self) -> float | None:
        """How far down (mm, cut marks included) the last doc.cells() grid reaches on the current page; None when
        the current page has none. Where a new_page=False grid starts by default."""
        return self._cells_bottom if self._cells_page is not None and self._cells_page is self._page else None

    def _grid_marks(self, page: Page, n: int, cols: int, x0: float, y0: float, cw: float, ch: float, gap: float, mirror: bool) -> None:
        used_cols = min(cols, n)
        used_rows = math.ceil(n / cols)
        W = self.paper.width_mm
        xs: set[float] = set()
        for col in range(used_cols):
            left = x0 + col * (cw + gap)
            if mirror:
                left = W - left - cw
            xs.update((round(left, 4), round(left + cw, 4)))
        ys: set[float] = set()
        for r in range(used_rows):
            top = y0 + r * (ch + gap)
            ys.update((round(top, 4), round(top + ch, 4)))
        top, bottom = min(ys), max(ys)
        left, right = min(xs), max(xs)
        o, L = MARK_OFFSET_MM, MARK_LEN_MM
        segs = []
        for x in sorted(xs):
            segs.append((x, top - o - L, x, top - o))
            segs.append((x, bottom + o, x, bottom + o + L))
        for y in sorted(ys):
            segs.append((left - o - L, y, left - o, y))
            segs.append((right + o, y, right + o + L, y))
        page.lines(self._clip_segments(segs), width=MARK_WIDTH_MM)
