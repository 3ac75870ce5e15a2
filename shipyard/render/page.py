"""Page: drawing primitives in millimetres (top-left origin, y downward), font sizes in points.

A page knows shapes, text and the furniture of play aids (damage-box tracks, calibration bars, cut
marks); it does not know where things go: blocks and the flow decide that.
"""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING, Sequence

from reportlab.lib.rl_accel import escapePDF as _escape_pdf, fp_str as _fp_str
from reportlab.pdfbase.pdfmetrics import getFont as _get_font

from ..errors import ShipyardError
from . import fonts as _fonts
from .paper import INK_LIMIT_MM, MM, Box, Paper
from .text import ALIGN as _ALIGN, _fmt_num, column_aligns, wrap_lines

if TYPE_CHECKING:
    from .document import Document

CAL_BAR_H_MM = 6.2  # height of calibration_bar()
MARK_LEN_MM = 3.0
MARK_OFFSET_MM = 1.0  # gap between a cut mark and the cut line's corner
MARK_WIDTH_MM = 0.15
SAFE_MM = INK_LIMIT_MM + 0.5  # the layer's own marks are clipped to stay this far from the edge


class RenderError(ShipyardError, AssertionError):
    """A drawing call the layer refuses: a closed page, ink in the margin (strict mode), a cell larger than the page."""



_BLACK = (0.0, 0.0, 0.0)
_RGB: dict = {}  # a colour as given (a grey level, '#rrggbb', a tuple) -> (r, g, b)
_FILL_OPS: dict[tuple[float, float, float], str] = {}  # (r, g, b) -> its PDF fill operator


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



class Page:
    """One page of a Document. All coordinates and lengths in mm (font sizes in points).

    The drawing interface every block and rule set draws through: each method measures and places its ink here, once,
    and hands the placed shapes to the page's back end (the `_ink_*` methods): PdfPage writes them to the ReportLab
    canvas, render.svg's SvgPage as SVG elements, so paper and screen come from the same geometry."""

    def __init__(self, doc: "Document", number: int, true_scale: bool = False):
        self._doc = doc
        self.number = number
        self._H = doc.paper.height_pt
        self._W = doc.paper.width_pt
        self._strict = doc.strict
        self.true_scale = true_scale
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

    @contextlib.contextmanager
    def rotated(self, cx: float, cy: float, degrees: float):
        """Draw the block's contents turned `degrees` counter-clockwise (as seen on paper) about (cx, cy) mm.
        Coordinates inside are the unrotated ones. 180 turns a fold-over back upside down."""
        self._live()
        self._begin_turn(cx, cy, degrees)
        self._turns.append((cx, cy, degrees))
        try:
            yield self
        finally:
            self._turns.pop()
            self._end_turn()

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
             family: str = "sans", colour=None, rotate: float = 0, squeeze: float = 1.0) -> float:
        """Draw s with its baseline at y. rotate: degrees counter-clockwise about (x, y); squeeze < 1 sets the text
        narrower (horizontal scale). Returns the width drawn, in mm."""
        if rotate:
            with self.rotated(x, y, rotate):
                return self.text(x, y, s, size=size, weight=weight, align=align, family=family, colour=colour,
                                 squeeze=squeeze)
        if self._doc._page is not self:
            self._live()
        if type(s) is not str:
            s = _fmt_num(s)
        if not s:
            return 0.0
        name = _fonts.NAMES.get((family, weight)) or _fonts.font_name(family, weight)
        if not (s.isascii() and s.isprintable()):
            s = _fonts.check_text(s, family, weight)
        w = _fonts.string_width_pt(s, name, size) * squeeze
        lead = 0.0  # pt of the string left of x
        if align != "left":
            a = _ALIGN.get(align)
            if a is None:
                raise RenderError(f"align={align!r}: expected left, centre or right")
            lead = w / 2 if a == "centre" else w if a == "right" else 0.0
        if self._strict:
            X = x * MM - lead
            asc, desc = _fonts.ascent_descent(name)
            self._ink(X / MM, y - asc * size / MM, (X + w) / MM, y + desc * size / MM, f"text {s!r}")
        if colour is None:
            rgb = _BLACK
        else:
            rgb = _RGB.get(colour) if type(colour) in (float, str, tuple) else None
            if rgb is None:
                rgb = _rgb(colour)
                if type(colour) in (float, str, tuple) and len(_RGB) < 256:
                    _RGB[colour] = rgb
        self._ink_text(x, y, s, name, size, rgb, squeeze, w, lead)
        return w / MM

    def fit_text(self, x: float, y: float, s, max_w: float, size: float = 9, min_size: float = 5, **kw) -> float:
        """Draw s no wider than max_w mm: shrink the size down to min_size, then set it narrower (as a condensed face
        would) rather than cut it short: the words stay whole and the ink stays in its box. Returns the size used."""
        s = _fmt_num(s) if type(s) is not str else s
        family = kw.get("family", "sans")
        weight = kw.get("weight", "regular")
        name = _fonts.font_name(family, weight)
        s = _fonts.check_text(s, family, weight) if s else s
        w1 = _fonts.string_width_pt(s, name, 1.0) / MM  # mm per point of size
        squeeze = 1.0
        if w1 * size > max_w and w1 > 0:
            size = max(min_size, math.floor(max_w / w1 * 10) / 10)
            if w1 * size > max_w:
                squeeze = max_w / (w1 * size)
        self.text(x, y, s, size=size, squeeze=squeeze, **kw)
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
        self._ink_line(x1, y1, x2, y2, width, dash, colour)

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
        self._ink_lines(segments, width, dash, colour)

    def rect(self, x: float, y: float, w: float, h: float, width: float = 0.3, stroke: bool = True, fill=None,
             colour=None, dash=None, tag: tuple[str, str, int] | None = None) -> None:
        """A rectangle with its top-left corner at (x, y). fill: grey level 0..1 or (r, g, b). tag: a box a player
        marks, as (tracker id, the name its live sheet gives it, its number there): on paper nothing changes, on screen
        the box carries them (a sheet ticked on screen)."""
        self._live()
        if w < 0:
            x, w = x + w, -w
        if h < 0:
            y, h = y + h, -h
        if not stroke and fill is None:  # no ink: nothing on paper, nothing on screen
            return
        if self._strict:
            hw = width / 2 if stroke else 0.0
            self._ink(x - hw, y - hw, x + w + hw, y + h + hw, "rect")
        if tag is not None:
            self._ink_tagged(tag, lambda: self._ink_rect(x, y, w, h, width, stroke, None if fill is None else _rgb(fill),
                                                         colour, dash))
        else:
            self._ink_rect(x, y, w, h, width, stroke, None if fill is None else _rgb(fill), colour, dash)

    def strike(self, x: float, y: float, w: float, h: float, inset: float | None = None, width: float = 0.35) -> None:
        """A box struck through (X), as a pre-damaged copy prints a box already lost."""
        i = min(w, h) * 0.18 if inset is None else inset
        self.lines([(x + i, y + i, x + w - i, y + h - i), (x + i, y + h - i, x + w - i, y + i)], width=width)

    def circle(self, cx: float, cy: float, r: float, width: float = 0.3, fill=None, stroke: bool = True,
               colour=None, dash=None) -> None:
        self._live()
        if self._strict:
            hw = width / 2 if stroke else 0.0
            self._ink(cx - r - hw, cy - r - hw, cx + r + hw, cy + r + hw, "circle")
        self._ink_circle(cx, cy, r, width, stroke, None if fill is None else _rgb(fill), colour, dash)

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
        self._ink_arc(cx, cy, r, start_deg, extent_deg, width, dash, colour)

    def wedge(self, cx: float, cy: float, r: float, start_deg: float, extent_deg: float, fill=None,
              width: float = 0.3, stroke: bool = True, colour=None) -> None:
        """A pie slice from the centre: degrees counter-clockwise from +x (east) as seen on paper."""
        self._live()
        if self._strict:
            x0, y0, x1, y1 = self._arc_bbox(cx, cy, r, start_deg, extent_deg, with_centre=True)
            h = width / 2 if stroke else 0.0
            self._ink(x0 - h, y0 - h, x1 + h, y1 + h, "wedge")
        self._ink_wedge(cx, cy, r, start_deg, extent_deg, width, stroke, None if fill is None else _rgb(fill), colour)

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
        self._ink_polygon(pts, width, stroke, _rgb(fill) if fill is not None and close else None, close, colour, dash)

    # ------------------------------------------------------------------ play-aid furniture
    def box_track(self, x: float, y: float, count: int, box: float = 3.5, gap: float = 0.7, per_row: int = 20,
                  marks: dict[int, str] | None = None, label: str | None = None, prefilled: int = 0, *,
                  label_w: float | None = None, label_size: float = 7, width: float = 0.25,
                  track: str | None = None, numbered: str = "", name: str = "",
                  bands: str = "every", number_size: float = 6.0) -> tuple[float, float]:
        """A track of countable damage boxes with its top-left at (x, y); returns (w, h) in mm.

        Boxes are grouped in fives (a wider gap every 5), per_row to a row. marks={n: "½"} draws a heavy bar
        after box n with a small label above it. prefilled boxes are drawn struck through (X).
        label is drawn to the left, in a column label_w mm wide (default: the label's own width + 1.5 mm),
        so tracks with different labels can share one column by passing the same label_w.
        track names the tracker its boxes count (default: the label); on screen each box carries it and its number, and
        `name`, what the unit's live sheet calls the track (render.tags.name_boxes), where it has one.
        numbered: "down": each box carries, in light type, how many boxes are left from it to the end (count down to 1),
        so the first box not struck reads the value left without counting; "up": its place, 1 to count (a turn track);
        number_size: those numbers' type, in pt.
        bands: "every" keeps the band for the marks' labels above every row; "marked" only above a row with a mark in
        it (a long track's other rows close up).
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
        if bands not in ("every", "marked"):
            raise RenderError(f"box_track: bands={bands!r}; it is every or marked")
        tops = mark_row_tops(rows, per_row, marks, box, gap, mark_band, every=bands == "every")
        in_row = min(count, per_row)

        def col_x(col: int) -> float:
            return bx + col * (box + gap) + (col // 5) * group_extra

        row_w = (col_x(in_row - 1) + box - bx) if in_row else 0.0
        w = label_w + row_w
        h = tops[-1] + box + overshoot
        if label:
            self.text(x, y + tops[0] + box / 2 + label_size * 0.36 / MM, label, size=label_size, weight="bold",
                      family="condensed")
        if self._strict and count:
            hw = width / 2
            self._ink(bx - hw, y - hw, bx + row_w + hw, y + h, "box track")
        strikes = []
        corners = []  # each box's top-left
        for i in range(count):
            r, col = divmod(i, per_row)
            bxx = col_x(col)
            top = y + tops[r]
            corners.append((bxx, top))
            if i < prefilled:
                inset = box * 0.18
                strikes.append((bxx + inset, top + inset, bxx + box - inset, top + box - inset))
                strikes.append((bxx + inset, top + box - inset, bxx + box - inset, top + inset))
        if name:
            self._ink_tagged((label if track is None else track, name, 0),
                             lambda: self._ink_boxes(corners, box, width, label if track is None else track))
        else:
            self._ink_boxes(corners, box, width, label if track is None else track)
        if numbered not in ("", "up", "down"):
            raise RenderError(f"box_track: numbered={numbered!r}; it is up, down or ''")
        if numbered:
            size = number_size
            for i, (bxx, top) in enumerate(corners):
                self.text(bxx + box / 2, top + box / 2 + size * 0.34 / MM, str(count - i if numbered == "down" else i + 1), size=size,
                          align="centre", family="condensed", colour=0.55)
        if strikes:
            self.lines(strikes, width=max(width, 0.35))
        for n, text in sorted(marks.items()):
            r, col = divmod(n - 1, per_row)
            top = y + tops[r]
            right = col_x(col) + box
            after = gap + (group_extra if (col + 1) % 5 == 0 else 0.0)
            bar_x = right + after / 2
            self.line(bar_x, top - overshoot, bar_x, top + box + overshoot, width=min(0.8, max(0.5, after * 0.8)))
            if text:
                # a label centred on a bar after a row's last box ran past the track into the next column (play 37's
                # "¼ left (16)" against Ossipee's Table 14): there it ends at the track's right edge instead
                edge = bx + row_w
                past = bar_x + self.text_width(text, 6, "bold", "condensed") / 2 > edge
                self.text(edge if past else bar_x, top - overshoot - 0.35, text, size=6, weight="bold",
                          align="right" if past else "centre", family="condensed")
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
                     weight: str = "regular", colour: float = 0) -> None:
        """Text not known yet (a contents page's page numbers): drawn here, left-aligned at baseline (x, y), with
        whatever the document later says through doc.resolve(key, text); colour: its grey (0 black). Unresolved keys
        print nothing."""
        self._live()
        self._ink_form(x, y, self._doc._forward_name(key, size, family, weight, colour))

    def later(self, x: float, y: float, width: float, key: str) -> None:
        """A place kept for a block the document knows only once every page is drawn (a contents whose lines follow
        where the parts fell): doc.fill_later(key, block) says what it is, and as the document closes it draws the
        block here, at (x, y) mm and `width` mm wide, as if it had been drawn now. Not inside rotated()."""
        self._live()
        if self._turns:
            raise RenderError(f"later({key!r}) on page {self.number}: a later block cannot be turned")
        self._ink_later(self._doc._later_place(key, self, x, y, width))

    def _forget_state(self) -> None:
        """What the back end has set is unknown (a later block starts so); nothing to forget on a back end that keeps
        no state."""

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
        # play 43, defect (p9): "(the lower: 4 in, 101.6 mm)" beside the "4 in" label read as one puzzle: each edge once
        w1 = self.text(tx, y + 2.4, "print at 100 % / Actual size:", size=6.5, weight="bold", family="condensed")
        w2 = self.text(tx, y + 5.4, "this bar must measure 100 mm on its upper edge, 4 in on its lower", size=6.5, family="condensed")
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

    # ------------------------------------------------------------------ the back end
    # What a back end draws, placed already: mm from the top-left, line widths and dashes in mm, colours as given
    # (None: black), fills as (r, g, b) or None. text: s set in the registered font `name` at `size` pt, `w` pt wide
    # (squeeze applied), starting `lead` pt left of x mm (0, half its width or all of it), its baseline at y mm.

    def _ink_text(self, x, y, s, name, size, rgb, squeeze, w, lead) -> None:
        raise NotImplementedError

    def _ink_line(self, x1, y1, x2, y2, width, dash, colour) -> None:
        raise NotImplementedError

    def _ink_lines(self, segments, width, dash, colour) -> None:
        raise NotImplementedError

    def _ink_rect(self, x, y, w, h, width, stroke, fill, colour, dash) -> None:
        raise NotImplementedError

    def _ink_circle(self, cx, cy, r, width, stroke, fill, colour, dash) -> None:
        raise NotImplementedError

    def _ink_arc(self, cx, cy, r, start_deg, extent_deg, width, dash, colour) -> None:
        raise NotImplementedError

    def _ink_wedge(self, cx, cy, r, start_deg, extent_deg, width, stroke, fill, colour) -> None:
        raise NotImplementedError

    def _ink_polygon(self, pts, width, stroke, fill, close, colour, dash) -> None:
        raise NotImplementedError

    def _ink_boxes(self, corners, box, width, track) -> None:
        """A box track's boxes, box mm square, each at its top-left corner; track names what they count (or None)."""
        raise NotImplementedError

    def _ink_tagged(self, tag: tuple[str, str, int], ink) -> None:
        """A markable box (rect's tag): paper draws the box alone; a screen back end wraps it in its tag."""
        ink()

    def _ink_form(self, x, y, name) -> None:
        """Text the document knows only when it closes (doc._forms()[name]), its baseline's left end at (x, y)."""
        raise NotImplementedError

    def _ink_later(self, name) -> None:
        """The place of a later block (doc._draw_later draws it, named `name`, when the document closes)."""
        raise NotImplementedError

    def _begin_turn(self, cx, cy, degrees) -> None:
        raise NotImplementedError

    def _end_turn(self) -> None:
        raise NotImplementedError


class PdfPage(Page):
    """A page drawn on the document's ReportLab canvas. It keeps the graphics state it has set (font, colours, line
    width, dash), so each operator is written only when it changes."""

    def __init__(self, doc: "Document", number: int, true_scale: bool = False):
        super().__init__(doc, number, true_scale)
        self._c = doc._canvas
        # graphics state already set on the canvas for this page (None = unknown, ReportLab defaults)
        self._font: tuple[str, float] | None = None
        self._fill: tuple[float, float, float] | None = (0.0, 0.0, 0.0)
        self._stroke: tuple[float, float, float] | None = (0.0, 0.0, 0.0)
        self._lw: float | None = None
        self._dash: tuple | None = ()
        # the text operators of each (font, size, leading, string) already set in this document (see _show)
        self._ops: dict = self._c.__dict__.setdefault("_shipyard_text_ops", {})

    def _set_fill(self, rgb) -> None:
        if rgb != self._fill:
            self._fill_rgb(rgb)

    def _fill_rgb(self, rgb: tuple[float, float, float]) -> None:
        """setFillColorRGB(*rgb): the same `r g b rg` operator, made once per colour."""
        c = self._c
        if c._enforceColorSpace is not None:
            c.setFillColorRGB(*rgb)
        else:
            op = _FILL_OPS.get(rgb)
            if op is None:
                op = _FILL_OPS[rgb] = f"{_fp_str(rgb)} rg"
            c._fillColorObj = rgb
            c._code.append(op)
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

    def _forget_state(self) -> None:
        """After restoreState: whatever was set inside is undone, so the tracked state is unknown."""
        self._font = self._fill = self._stroke = self._lw = self._dash = None

    def _begin_turn(self, cx, cy, degrees) -> None:
        c = self._c
        X, Y = cx * MM, self._H - cy * MM
        c.saveState()
        c.translate(X, Y)
        c.rotate(degrees)
        c.translate(-X, -Y)

    def _end_turn(self) -> None:
        self._c.restoreState()
        self._forget_state()

    def _ink_text(self, x, y, s, name, size, rgb, squeeze, w, lead) -> None:
        c = self._c
        X = x * MM - lead
        font = (name, size)
        if font != self._font:
            c.setFont(name, size)
            self._font = font
        if rgb != self._fill:
            self._fill_rgb(rgb)
        if squeeze != 1.0:
            c.saveState()
            c.translate(X, self._H - y * MM)
            c.scale(squeeze, 1.0)
            self._show(0, 0, s)
            c.restoreState()
            self._forget_state()
        else:
            self._show(X, self._H - y * MM, s)

    def _show(self, X: float, Y: float, s: str) -> None:
        """Set s at (X, Y) pt in the canvas's current TrueType font: the very operators ReportLab's drawString writes
        (`BT 1 0 0 1 X Y Tm /F1+0 9 Tf 10.8 TL (..) Tj T* ET`, byte for byte), without building a text object per
        string. A string's font subsets and escaped bytes never change within a document, so they are made once."""
        c = self._c
        key = (c._fontname, c._fontsize, c._leading, s)
        ops = self._ops.get(key)
        if ops is None:
            tf = f"{_fp_str(c._fontsize)} Tf {_fp_str(c._leading)} TL"
            plain = None  # subset 0's name, for a string of printable ASCII in a font whose subset 0 holds it
            if s.isascii() and s.isprintable():
                plain = self._ops.get(("ascii", c._fontname))
                if plain is None:
                    plain = self._ops[("ascii", c._fontname)] = _plain_ascii(c._fontname, c._doc)
            if plain:  # what splitString gives such a string: one chunk of subset 0, its own bytes
                ops = self._ops[key] = f"{plain} {tf} ({_escape_pdf(s.encode('ascii'))}) Tj T* ET"
            else:
                font = _get_font(c._fontname)
                doc = c._doc
                parts = []
                current = -1
                for subset, chunk in font.splitString(s, doc):
                    if subset != current:
                        parts.append(f"{font.getSubsetInternalName(subset, doc)} {tf}")
                        current = subset
                    parts.append(f"({_escape_pdf(chunk)}) Tj")
                ops = self._ops[key] = " ".join(parts) + " T* ET"
        c._code.append(f"BT 1 0 0 1 {_fp_str(X, Y)} Tm {ops}")


    def _ink_line(self, x1, y1, x2, y2, width, dash, colour) -> None:
        self._set_stroke(width, dash, colour)
        H = self._H
        self._c.line(x1 * MM, H - y1 * MM, x2 * MM, H - y2 * MM)

    def _ink_lines(self, segments, width, dash, colour) -> None:
        self._set_stroke(width, dash, colour)
        H = self._H
        p = self._c.beginPath()
        for x1, y1, x2, y2 in segments:
            p.moveTo(x1 * MM, H - y1 * MM)
            p.lineTo(x2 * MM, H - y2 * MM)
        self._c.drawPath(p, stroke=1, fill=0)

    def _ink_rect(self, x, y, w, h, width, stroke, fill, colour, dash) -> None:
        if stroke:
            self._set_stroke(width, dash, colour)
        if fill is not None:
            self._set_fill(fill)
        self._c.rect(x * MM, self._H - (y + h) * MM, w * MM, h * MM, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def _ink_circle(self, cx, cy, r, width, stroke, fill, colour, dash) -> None:
        if stroke:
            self._set_stroke(width, dash, colour)
        if fill is not None:
            self._set_fill(fill)
        self._c.circle(cx * MM, self._H - cy * MM, r * MM, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def _ink_arc(self, cx, cy, r, start_deg, extent_deg, width, dash, colour) -> None:
        self._set_stroke(width, dash, colour)
        X, Y, R = cx * MM, self._H - cy * MM, r * MM
        p = self._c.beginPath()
        p.arc(X - R, Y - R, X + R, Y + R, start_deg, extent_deg)
        self._c.drawPath(p, stroke=1, fill=0)

    def _ink_wedge(self, cx, cy, r, start_deg, extent_deg, width, stroke, fill, colour) -> None:
        if stroke:
            self._set_stroke(width, None, colour)
        if fill is not None:
            self._set_fill(fill)
        X, Y, R = cx * MM, self._H - cy * MM, r * MM
        p = self._c.beginPath()
        p.moveTo(X, Y)
        p.arcTo(X - R, Y - R, X + R, Y + R, start_deg, extent_deg)
        p.close()
        self._c.drawPath(p, stroke=1 if stroke else 0, fill=0 if fill is None else 1)

    def _ink_polygon(self, pts, width, stroke, fill, close, colour, dash) -> None:
        if stroke:
            self._set_stroke(width, dash, colour)
        if fill is not None:
            self._set_fill(fill)
        H = self._H
        p = self._c.beginPath()
        p.moveTo(pts[0][0] * MM, H - pts[0][1] * MM)
        for x, y in pts[1:]:
            p.lineTo(x * MM, H - y * MM)
        if close:
            p.close()
        self._c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)

    def _ink_boxes(self, corners, box, width, track) -> None:
        c = self._c
        H = self._H
        self._set_stroke(width)
        bpt = box * MM
        for bx, top in corners:
            c.rect(bx * MM, H - (top + box) * MM, bpt, bpt, stroke=1, fill=0)

    def _ink_later(self, name) -> None:
        self._c.doForm(name)  # a form as big as the page, drawn in page coordinates

    def _ink_form(self, x, y, name) -> None:
        c = self._c
        c.saveState()
        c.translate(x * MM, self._H - y * MM)
        c.doForm(name)
        c.restoreState()


def mark_row_tops(rows: int, per_row: int, marks, box: float, gap: float, band: float, every: bool = True) -> list[float]:
    """Each row's top of a box track, below its top: the band for the marks' labels above every row (every), or
    only above a row that has a mark in it."""
    tops, y = [], 0.0
    marked = {(n - 1) // per_row for n in (marks or {})}
    for r in range(rows):
        y += band if (every or r in marked) else 0.0
        tops.append(y)
        y += box + gap
    return tops


def _plain_ascii(fontname: str, doc) -> str:
    """The name of subset 0 of a TrueType font in this document where that subset holds every printable ASCII
    character as itself (ReportLab's asciiReadable subsets, as DejaVu's are): then splitString gives such a string as
    one chunk of subset 0, its own bytes, and changes nothing, so _show writes it without walking it character by
    character. '' for a font whose subsets are not so (every string goes through splitString)."""
    font = _get_font(fontname)
    font.splitString("", doc)  # the font's subsets in this document, made as splitString makes them on first use
    state = getattr(font, "state", {}).get(doc)
    assigned = getattr(state, "assignments", None)
    if not assigned or any(assigned.get(code) != code for code in range(32, 127)):
        return ""
    return font.getSubsetInternalName(0, doc)
