"""Blocks of figures and drawings: stat boxes and panels, a drawing made by a function, a spacer."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from .page import Page
from .text import wrap_lines
from .measure import PT, _s, text_width, _memo, Block


# ---------------------------------------------------------------------------------------------- figures


@dataclass
class StatBoxes(Block):
    """Big figures in boxes, each with a small label above: the numbers a player looks up every turn.
    Boxes share the width evenly and wrap to more rows when narrower than `min_box` mm."""

    items: Sequence[tuple[str, object]]
    size: float = 13.0
    label_size: float = 6.0
    min_box: float = 17.0
    gap: float = 1.5

    def _grid(self, width):
        n = max(1, len(self.items))
        cols = max(1, min(n, int((width + self.gap) // (self.min_box + self.gap))))
        rows = math.ceil(n / cols)
        bw = (width - (cols - 1) * self.gap) / cols
        return cols, rows, bw

    def _box_h(self, width):
        return _memo(self, "_box_h", width, self._box_h_uncached)

    def _box_h_uncached(self, width):
        _, _, bw = self._grid(width)
        label_lines = max((len(wrap_lines(lab, bw - 1.6, self.label_size, "bold", "condensed")) for lab, _ in self.items),
                          default=1)
        value_lines = max((len(wrap_lines(_s(v), bw - 1.6, self._value_size(v, bw))) for _, v in self.items), default=1)
        return 1.2 + label_lines * self.label_size * 1.15 * PT + value_lines * self.size * 1.1 * PT + 1.2

    def _value_size(self, v, bw):
        w1 = text_width(_s(v), 1.0, "bold")
        if not w1:
            return self.size
        return max(7.0, min(self.size, math.floor((bw - 1.6) / w1 * 10) / 10))

    def measure(self, width):
        if not self.items:
            return 0.0
        _, rows, _ = self._grid(width)
        return rows * self._box_h(width) + (rows - 1) * self.gap

    def draw(self, page, x, y, width):
        if not self.items:
            return 0.0
        cols, rows, bw = self._grid(width)
        bh = self._box_h(width)
        for i, (label, value) in enumerate(self.items):
            r, c = divmod(i, cols)
            bx, by = x + c * (bw + self.gap), y + r * (bh + self.gap)
            page.rect(bx, by, bw, bh, width=0.3)
            ly = by + 1.0 + self.label_size * 0.8 * PT
            for line in wrap_lines(label, bw - 1.6, self.label_size, "bold", "condensed"):
                page.text(bx + bw / 2, ly, line, size=self.label_size, weight="bold", family="condensed", align="centre",
                          colour=0.3)
                ly += self.label_size * 1.15 * PT
            vs = self._value_size(value, bw)
            vlines = wrap_lines(_s(value), bw - 1.6, vs, "bold")
            vy = by + bh - 1.4 - (len(vlines) - 1) * vs * 1.1 * PT
            for line in vlines:
                page.text(bx + bw / 2, vy, line, size=vs, weight="bold", align="centre")
                vy += vs * 1.1 * PT
        return self.measure(width)

    def texts(self):
        return [f"{k} {_s(v)}" for k, v in self.items]


@dataclass
class StatPanel(Block):
    """Label and value pairs, one to a line (value bold, wrapping under itself), in `columns` columns."""

    items: Sequence[tuple[str, object]]
    columns: int = 1
    size: float = 7.5
    label_share: float = 0.45
    gap: float = 3.0

    def _col_w(self, width):
        return (width - (self.columns - 1) * self.gap) / self.columns

    def _rows(self, width):
        return _memo(self, "_rows", width, self._rows_uncached)

    def _rows_uncached(self, width):
        cw = self._col_w(width)
        lw = cw * self.label_share
        out = []
        for label, value in self.items:
            ll = wrap_lines(label, lw - 1.0, self.size - 0.5, "regular", "condensed")
            vl = wrap_lines(_s(value), cw - lw, self.size, "bold")
            out.append((ll, vl, max(len(ll), len(vl))))
        return out

    def _heights(self, width):
        step = self.size * 1.3 * PT
        rows = self._rows(width)
        per_col = math.ceil(len(rows) / self.columns) if rows else 0
        cols = [rows[i * per_col:(i + 1) * per_col] for i in range(self.columns)]
        return cols, step

    def measure(self, width):
        cols, step = self._heights(width)
        return max((sum(n for _, _, n in col) * step for col in cols), default=0.0)

    def draw(self, page, x, y, width):
        cols, step = self._heights(width)
        cw = self._col_w(width)
        lw = cw * self.label_share
        for ci, col in enumerate(cols):
            cx = x + ci * (cw + self.gap)
            top = y
            for k, (ll, vl, n) in enumerate(col):
                if k % 2 == 1:
                    page.rect(cx, top, cw, n * step, stroke=False, fill=0.94)
                for j, line in enumerate(ll):
                    page.text(cx + 0.6, top + step * (j + 0.72), line, size=self.size - 0.5, family="condensed", colour=0.2)
                for j, line in enumerate(vl):
                    page.text(cx + lw, top + step * (j + 0.72), line, size=self.size, weight="bold")
                top += n * step
        return self.measure(width)

    def texts(self):
        return [f"{k} {_s(v)}" for k, v in self.items]


# ---------------------------------------------------------------------------------------------- drawings


@dataclass
class Drawing(Block):
    """Vector art drawn by a function into its own box: draw(page, x, y, w, h). height is mm or a function of
    the width. The function draws relative to the box it is given: it places nothing on the page itself."""

    height: float | Callable[[float], float]
    paint: Callable[[Page, float, float, float, float], None]
    label: str = ""

    def measure(self, width):
        return self.height(width) if callable(self.height) else float(self.height)

    def draw(self, page, x, y, width):
        h = self.measure(width)
        self.paint(page, x, y, width, h)
        return h

    def texts(self):
        return [self.label] if self.label else []


@dataclass
class Spacer(Block):
    height: float = 2.0

    def measure(self, width):
        return self.height

    def draw(self, page, x, y, width):
        return self.height
