"""The table block: rows of cells in one type size for the whole table, wrapping, split between rows with its
header repeated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .page import RenderError
from .paper import MM
from .text import column_aligns, wrap_lines
from .measure import PT, MIN_TABLE_PT, _s, _TABLES, _keep, _cell_widths, Block
from .text_blocks import Heading


# ---------------------------------------------------------------------------------------------- tables


@dataclass
class Table(Block):
    """One wrapping table: every cell wraps within its column; one font size for the whole table, the largest
    from `size` down to `min_size` (never below 6 pt) at which no single word is wider than its column.

    widths: relative weights per column (None: from the content). A table taller than the room left splits
    between rows, repeating its header."""

    rows: Sequence[Sequence]
    header: Sequence | None = None
    widths: Sequence[float] | None = None
    size: float = 7.5
    min_size: float = MIN_TABLE_PT
    align: object = None
    zebra: bool = True
    bold_first_col: bool = False
    leading: float = 1.3
    padding: float = 0.9
    title: str | None = None
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        if self.min_size < MIN_TABLE_PT:
            raise RenderError(f"a table may not go below {MIN_TABLE_PT:g} pt (min_size={self.min_size!r})")
        self.rows = [list(r) for r in self.rows]
        n = max([len(self.header or [])] + [len(r) for r in self.rows] or [1])
        self._ncol = n

    def _cell(self, row, j):
        return _s(row[j]) if j < len(row) and row[j] is not None else ""

    def _weight(self, j, is_header):
        return "bold" if (is_header or (self.bold_first_col and j == 0)) else "regular"

    def _all(self) -> list[tuple[list[str], list[str]]]:
        """Every row as (its cells as strings, each cell's weight), the header first: made once."""
        got = self._cache.get("all")
        if got is None:
            allrows = ([(self.header, True)] if self.header else []) + [(r, False) for r in self.rows]
            got = self._cache["all"] = [([self._cell(row, j) for j in range(self._ncol)],
                                         [self._weight(j, is_h) for j in range(self._ncol)]) for row, is_h in allrows]
        return got

    def _per_col(self) -> tuple[list[float | None], list[float]]:
        """Per column, the widest cell and the widest single word at 1 pt (in pt), the header in bold: a width at a
        size is (w × size) / MM, so these two numbers decide the columns at every size the table tries. None:
        a column with no text."""
        got = self._cache.get("per_col")
        if got is None:
            whole: list[float | None] = [None] * self._ncol
            word = [0.0] * self._ncol
            for cells, weights in self._all():
                for j, s in enumerate(cells):
                    if s:
                        w_whole, w_word = _cell_widths(s, weights[j])
                        whole[j] = max(whole[j] or 0.0, w_whole)
                        word[j] = max(word[j], w_word)
            got = self._cache["per_col"] = (whole, word)
        return got

    def _col_widths(self, width: float, size: float) -> list[float]:
        n = self._ncol
        if self.widths is not None:
            total = float(sum(self.widths))
            return [width * w / total for w in self.widths]
        # natural widths: each column's widest cell (capped) and its longest word; share out what is left
        whole, word = self._per_col()
        pad = 2 * self.padding
        natural = [max((w * size) / MM + pad if w is not None else 0.0, 4.0) for w in whole]
        if sum(natural) <= width:
            extra = width - sum(natural)
            total = sum(natural)
            return [v + extra * v / total for v in natural]
        floor = [max((w * size) / MM + pad if whole[j] is not None else 0.0, 4.0) for j, w in enumerate(word)]
        if sum(floor) >= width:
            total = sum(floor)
            return [width * v / total for v in floor]
        # each column gets its floor, then the rest in proportion to how much more it would like
        want = [natural[j] - floor[j] for j in range(n)]
        room = width - sum(floor)
        total = sum(want) or 1.0
        return [floor[j] + room * want[j] / total for j in range(n)]

    def _fits(self, widths, size) -> bool:
        whole, word = self._per_col()
        return all((w * size) / MM <= widths[j] - 2 * self.padding + 1e-6 for j, w in enumerate(word) if whole[j] is not None)

    def layout(self, width: float) -> tuple[float, list[float], list[list[list[str]]], list[int]]:
        """(font size, column widths, wrapped lines per cell per row (header first), lines per row)."""
        key = round(width, 3)
        if key in self._cache:
            return self._cache[key]
        shared = (self._content_key(), key)  # the same table on another unit's sheet is laid out once a run
        out = _TABLES.get(shared)
        if out is None:
            out = _keep(_TABLES, shared, self._layout(width))
        self._cache[key] = out
        return out

    def _content_key(self) -> tuple:
        got = self._cache.get("content")
        if got is None:
            got = self._cache["content"] = (tuple(tuple(cells) for cells, _ in self._all()), bool(self.header),
                                            self.bold_first_col, tuple(self.widths) if self.widths else None,
                                            self.size, self.min_size, self.padding)
        return got

    def _layout(self, width: float) -> tuple[float, list[float], list[list[list[str]]], list[int]]:
        size = self.size
        while True:
            widths = self._col_widths(width, size)
            if self._fits(widths, size) or size <= self.min_size:
                break
            size = max(self.min_size, round(size - 0.25, 2))
        cells, heights = [], []
        for strs, weights in self._all():
            laid = [wrap_lines(strs[j], widths[j] - 2 * self.padding, size, weights[j]) if strs[j] else []
                    for j in range(self._ncol)]
            cells.append(laid)
            heights.append(max(1, max(len(c) for c in laid)))
        return size, widths, cells, heights

    def _title_h(self, width):
        return Heading(self.title).measure(width) if self.title else 0.0

    def measure(self, width):
        size, _, _, heights = self.layout(width)
        return self._title_h(width) + sum(heights) * size * self.leading * PT + 0.4

    def draw(self, page, x, y, width):
        top = y
        if self.title:
            top += Heading(self.title).draw(page, x, y, width)
        size, widths, cells, heights = self.layout(width)
        line_h = size * self.leading * PT
        aligns = column_aligns(self.align, self._ncol)
        lefts = [x + sum(widths[:j]) for j in range(self._ncol)]
        start = top
        for i, (laid, n) in enumerate(zip(cells, heights)):
            is_h = bool(self.header) and i == 0
            h = n * line_h
            k = i - (1 if self.header else 0)
            if is_h:
                page.rect(x, top, width, h, stroke=False, fill=0.85)
            elif self.zebra and k % 2 == 1:
                page.rect(x, top, width, h, stroke=False, fill=0.93)
            for j, lines in enumerate(laid):
                a = aligns[j]
                a = "centre" if a in ("center", "middle") else a
                tx = lefts[j] + self.padding if a == "left" else (
                    lefts[j] + widths[j] - self.padding if a == "right" else lefts[j] + widths[j] / 2)
                base = top + (line_h + size * 0.72 * PT) / 2
                for line in lines:
                    if line:
                        page.text(tx, base, line, size=size, weight=self._weight(j, is_h), align=a)
                    base += line_h
            top += h
            if is_h:
                page.line(x, top, x + width, top, width=0.2)
        page.line(x, start, x + width, start, width=0.3)
        page.line(x, top, x + width, top, width=0.3)
        return top - y + 0.4

    def split(self, width, room):
        size, _, _, heights = self.layout(width)
        line_h = size * self.leading * PT
        used = self._title_h(width) + 0.4 + (heights[0] * line_h if self.header else 0.0)
        body = heights[1:] if self.header else heights
        fit = 0
        for n in body:
            if used + n * line_h > room:
                break
            used += n * line_h
            fit += 1
        if fit == 0 or fit >= len(self.rows):
            return (None, self) if fit == 0 else (self, None)
        kw = dict(header=self.header, widths=self.widths, size=self.size, min_size=self.min_size, align=self.align,
                  zebra=self.zebra, bold_first_col=self.bold_first_col, leading=self.leading, padding=self.padding)
        cont = f"{self.title} (continued)" if self.title else None
        return Table(self.rows[:fit], title=self.title, **kw), Table(self.rows[fit:], title=cont, **kw)

    def texts(self):
        return [self._cell(r, j) for r in ([self.header] if self.header else []) + list(self.rows) for j in range(self._ncol)]
