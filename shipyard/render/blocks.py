"""Blocks: pieces of a printed aid that measure themselves, then draw themselves where the flow puts them.

    sheet = Stack([
        Title("USS Monitor", "Passaic class · USN · 1862"),
        Columns([StatBoxes([("Hull", 18), ("Speed", "6 kn")]), Table(rows, header=["Gun", "Arc"])]),
        Tracks([Track("Hull", 18, marks={9: "½"})]),
    ])
    Flow(doc).add(sheet, bookmark="USS Monitor")

A block answers `measure(width)` (its height in mm at that width) and `draw(page, x, y, width)` (returns the
height drawn). Nothing here knows a game: a rule set's sheet is a list of blocks filled from its stats and
tables, with no coordinates. Text never ends in '…': tables and notes wrap, one font size for a whole table,
never below 6 pt (counters and gauge labels, drawn elsewhere, may go to 5 pt).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from . import fonts as _fonts
from .page import Page, RenderError
from .paper import MM
from .text import column_aligns, number, wrap_lines

PT = 1 / MM  # millimetres per point
MIN_TABLE_PT = 6.0
MIN_LABEL_PT = 5.0


def _s(v) -> str:
    return v if type(v) is str else number(v)


_WIDTHS: dict[tuple, float] = {}  # (string, size, weight, family) -> width in mm
_WORDS: dict[tuple, float] = {}  # the same -> width of its longest word in mm
_CELLS: dict[tuple[str, str], tuple[float, float]] = {}  # (table cell, weight) -> (its width, its widest word) at 1 pt
_TABLES: dict[tuple, tuple] = {}  # (a table's cells and settings, width) -> its layout (every sheet's rule tables)
_PARAGRAPHS: dict[tuple, list] = {}  # (runs, size, family, width) -> a paragraph's wrapped lines (every sheet's legend)


def _keep(cache: dict, key, value):
    """Keep value under key (a cache of measurements; emptied when it grows past 50,000)."""
    if len(cache) > 50_000:
        cache.clear()
    cache[key] = value
    return value


def text_width(s, size: float, weight: str = "regular", family: str = "sans") -> float:
    """Width of s in mm (needs no page)."""
    if type(s) is not str:
        s = number(s)
    key = (s, size, weight, family)
    w = _WIDTHS.get(key)
    if w is None:
        w = _keep(_WIDTHS, key, _fonts.string_width_pt(_fonts.normalise(s), _fonts.font_name(family, weight), size) / MM)
    return w


def _longest_word(s, size: float, weight: str, family: str) -> float:
    if type(s) is not str:
        s = number(s)
    key = (s, size, weight, family)
    w = _WORDS.get(key)
    if w is None:
        w = _keep(_WORDS, key, max((text_width(w, size, weight, family) for w in s.split()), default=0.0))
    return w


def _cell_widths(s: str, weight: str) -> tuple[float, float]:
    got = _CELLS.get((s, weight))
    if got is None:
        name = _fonts.font_name("sans", weight)
        n = _fonts.normalise(s)
        got = _keep(_CELLS, (s, weight), (_fonts.string_width_pt(n, name, 1.0),
                                           max([_fonts.string_width_pt(w, name, 1.0) for w in n.split()], default=0.0)))
    return got


def _memo(block, name: str, width: float, compute):
    """compute(width), kept on the block per width: a block measured by its container, the flow and its own draw
    measures once (blocks are not changed after they are made)."""
    cache = block.__dict__.setdefault("_memo", {})
    key = (name, round(width, 4))
    if key not in cache:
        cache[key] = compute(width)
    return cache[key]


class Block:
    """Something that measures its height for a width and draws itself there."""

    #: a flow may split a block that says so between its parts (a table between rows, a stack between children)
    def measure(self, width: float) -> float:
        raise NotImplementedError

    def draw(self, page: Page, x: float, y: float, width: float) -> float:
        raise NotImplementedError

    def split(self, width: float, room: float) -> tuple["Block | None", "Block | None"]:
        """(what fits in `room` mm, the rest). The default keeps the block whole: (None, self)."""
        return None, self

    def texts(self) -> list[str]:
        """Every string this block prints (for layout tests on the block list)."""
        return []


# ---------------------------------------------------------------------------------------------- text


KEEP_LINES = 2  # a paragraph split over two pages keeps at least this many lines on each


@dataclass
class Text(Block):
    """A paragraph that wraps to the width. leading is a multiple of the size."""

    text: str
    size: float = 7.5
    weight: str = "regular"
    family: str = "sans"
    colour: object = None
    align: str = "left"
    leading: float = 1.25
    space_after: float = 0.0

    def _lines(self, width: float) -> list[str]:
        return wrap_lines(_s(self.text), width, self.size, self.weight, self.family)

    def measure(self, width: float) -> float:
        return len(self._lines(width)) * self.size * self.leading * PT + self.space_after

    def split(self, width, room):
        """Between lines: the lines that fit `room` mm, the rest to go on overleaf (a cover's long history); never
        fewer than KEEP_LINES on either side (no lone line at a page's foot or head: a short note stays whole)."""
        if self.measure(width) <= room + 1e-6:
            return self, None
        lines = self._lines(width)
        fit = min(int((room + 1e-6) // (self.size * self.leading * PT)), len(lines) - KEEP_LINES)
        if fit < KEEP_LINES:
            return None, self
        return (replace(self, text="\n".join(lines[:fit]), space_after=0.0),
                replace(self, text="\n".join(lines[fit:])))

    def draw(self, page, x, y, width):
        step = self.size * self.leading * PT
        base = y + step * 0.78
        tx = x if self.align == "left" else (x + width / 2 if self.align in ("centre", "center") else x + width)
        for line in self._lines(width):
            if line:
                page.text(tx, base, line, size=self.size, weight=self.weight, family=self.family, colour=self.colour,
                          align=self.align)
            base += step
        return self.measure(width)

    def texts(self):
        return [_s(self.text)]


def Note(text: str, size: float = 6.5, colour=0.25, **kw) -> Text:
    """A small grey remark."""
    return Text(text, size=size, colour=colour, **kw)


@dataclass
class Runs(Block):
    """A paragraph of runs of different weights: [("Fire", "bold"), (" roll 2d6 …", "regular")], wrapped by words."""

    runs: Sequence[tuple[str, str]]
    size: float = 7.0
    family: str = "sans"
    leading: float = 1.3
    colour: object = None

    def _lines(self, width: float) -> list[list[tuple[str, str, float]]]:
        """Lines of (text, weight, x offset)."""
        return _memo(self, "_lines", width, self._lines_uncached)

    def _lines_uncached(self, width: float) -> list[list[tuple[str, str, float]]]:
        """The wrapped lines, shared by every paragraph of the same runs at the same size and width (each unit's sheet
        prints the same keys and rule reminders): wrapped once a run of shipyard."""
        key = (tuple(map(tuple, self.runs)), self.size, self.family, round(width, 4))
        lines = _PARAGRAPHS.get(key)
        if lines is None:
            lines = _keep(_PARAGRAPHS, key, self._wrap(width))
        return lines

    def _wrap(self, width: float) -> list[list[tuple[str, str, float]]]:
        space = {w: text_width(" ", self.size, w, self.family) for w in ("regular", "bold")}
        lines: list[list[tuple[str, str, float]]] = [[]]
        x = 0.0
        trailing = False  # the run before ended in a space: the next run's first word is a new word
        for text, weight in self.runs:
            for k, para in enumerate(_s(text).split("\n")):
                if k:
                    lines.append([])
                    x = 0.0
                lead_space = para[:1] == " " or trailing
                trailing = para[-1:] == " "
                for i, word in enumerate(para.split()):
                    ww = text_width(word, self.size, weight, self.family)
                    gap = space[weight] if (x > 0 and (i > 0 or lead_space)) else 0.0
                    if x > 0 and x + gap + ww > width + 1e-6:
                        lines.append([])
                        x, gap = 0.0, 0.0
                    last = lines[-1][-1] if lines[-1] else None
                    if last is not None and gap > 0 and last[1] == weight:
                        # words of one weight go on as one string, with their spaces (text extraction sees words)
                        lines[-1][-1] = (last[0] + " " + word, weight, last[2])
                    else:
                        lines[-1].append((word, weight, x + gap))
                    x += gap + ww
        return lines

    def measure(self, width):
        return len(self._lines(width)) * self.size * self.leading * PT

    def draw(self, page, x, y, width):
        step = self.size * self.leading * PT
        base = y + step * 0.78
        for line in self._lines(width):
            for word, weight, dx in line:
                page.text(x + dx, base, word, size=self.size, weight=weight, family=self.family, colour=self.colour)
            base += step
        return self.measure(width)

    def texts(self):
        return ["".join(t for t, _ in self.runs)]


@dataclass
class Legend(Block):
    """Keys and what they mean, run together: bold key, its meaning, then the next: 'MSB medium smoothbore · …'."""

    items: Sequence[tuple[str, str]]
    size: float = 6.5
    title: str | None = None

    def _runs(self) -> Runs:
        """The legend as one paragraph of runs, made once (so its wrapped lines are kept per width, see _memo)."""
        made = self.__dict__.get("_made_runs")
        if made is None:
            runs: list[tuple[str, str]] = []
            if self.title:
                runs.append((self.title + " ", "bold"))
            for i, (key, meaning) in enumerate(self.items):
                runs.append(((" · " if i else "") + str(key), "bold"))
                runs.append((" " + str(meaning), "regular"))
            made = self.__dict__["_made_runs"] = Runs(runs, size=self.size)
        return made

    def measure(self, width):
        return self._runs().measure(width) if self.items else 0.0

    def draw(self, page, x, y, width):
        return self._runs().draw(page, x, y, width) if self.items else 0.0

    def texts(self):
        return [f"{k} {m}" for k, m in self.items]


@dataclass
class Heading(Block):
    """A bold section heading with a thin rule under it."""

    text: str
    size: float = 8.5
    colour: object = None
    rule_colour: object = 0.5
    space_before: float = 1.0

    def _lines(self, width):
        return wrap_lines(self.text, width, self.size, "bold")

    def measure(self, width):
        return self.space_before + len(self._lines(width)) * self.size * 1.2 * PT + 1.6

    def draw(self, page, x, y, width):
        step = self.size * 1.2 * PT
        base = y + self.space_before + step * 0.8
        for line in self._lines(width):
            page.text(x, base, line, size=self.size, weight="bold", colour=self.colour)
            base += step
        rule_y = y + self.measure(width) - 0.8
        page.line(x, rule_y, x + width, rule_y, width=0.25, colour=self.rule_colour)
        return self.measure(width)

    def texts(self):
        return [self.text]


@dataclass
class Title(Block):
    """A unit's name (large, shrinking to fit down to `min_size`, then wrapping) over a grey subtitle, with a
    coloured rule under both."""

    title: str
    subtitle: str = ""
    size: float = 16.0
    min_size: float = 11.0
    rule_colour: object = 0.0
    sub_size: float = 7.5

    def _title_size(self, width):
        w1 = text_width(self.title, 1.0, "bold")
        return max(self.min_size, min(self.size, math.floor(width / w1 * 10) / 10)) if w1 else self.size

    def _parts(self, width):
        size = self._title_size(width)
        return size, wrap_lines(self.title, width, size, "bold"), (wrap_lines(self.subtitle, width, self.sub_size)
                                                                     if self.subtitle else [])

    def measure(self, width):
        size, lines, subs = self._parts(width)
        return len(lines) * size * 1.15 * PT + len(subs) * self.sub_size * 1.25 * PT + 2.2

    def draw(self, page, x, y, width):
        size, lines, subs = self._parts(width)
        base = y + size * 0.9 * PT
        for line in lines:
            page.text(x, base, line, size=size, weight="bold")
            base += size * 1.15 * PT
        base = y + len(lines) * size * 1.15 * PT + self.sub_size * 1.05 * PT
        for line in subs:
            page.text(x, base, line, size=self.sub_size, colour=0.25)
            base += self.sub_size * 1.25 * PT
        h = self.measure(width)
        page.line(x, y + h - 0.6, x + width, y + h - 0.6, width=0.8, colour=self.rule_colour)
        return h

    def texts(self):
        return [self.title, self.subtitle]


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


# ---------------------------------------------------------------------------------------------- tracks and boxes


@dataclass
class Track:
    """A row of damage boxes: `count` boxes, heavy bars with a label after box n (marks={9: "½"}), the first
    `prefilled` struck out (damage a scenario starts with)."""

    label: str
    count: int
    marks: dict[int, str] = field(default_factory=dict)
    prefilled: int = 0
    note: str = ""
    records: str = ""  # the tracker id this track is (an outcome of the rules is marked here)
    numbered: str = ""  # "down": each box carries how many are left from it to the end (count .. 1); "up": 1 .. count


@dataclass
class Tracks(Block):
    """Damage-box tracks sharing one label column, so every track's boxes start at the same place and no label
    runs into a box. Labels wrap inside their column; the column is as wide as the longest word needs."""

    tracks: Sequence[Track]
    box: float = 3.5
    gap: float = 0.7
    label_size: float = 7.0
    row_gap: float = 1.2
    max_label_share: float = 0.32

    def _label_w(self, width):
        return _memo(self, "_label_w", width, self._label_w_uncached)

    def _label_w_uncached(self, width):
        words = max((_longest_word(t.label, self.label_size, "bold", "condensed") for t in self.tracks), default=0.0)
        whole = max((text_width(t.label, self.label_size, "bold", "condensed") for t in self.tracks), default=0.0)
        cap = width * self.max_label_share
        return min(max(words, min(whole, cap)), cap) + 1.8

    def per_row(self, width) -> int:
        return _memo(self, "per_row", width, self._per_row_uncached)

    def _per_row_uncached(self, width) -> int:
        room = width - self._label_w(width)
        group_extra = max(0.6, self.box * 0.3)
        n = 0
        while True:
            k = n + 1
            w = k * self.box + (k - 1) * self.gap + ((k - 1) // 5) * group_extra
            if w > room + 1e-6:
                break
            n = k
        return max(5, n - n % 5) if n >= 5 else max(1, n)

    def _track_h(self, t: Track, width) -> float:
        per = self.per_row(width)
        rows = max(1, math.ceil(t.count / per))
        mark_band = 2.3 if t.marks else 0.0
        boxes = rows * (self.box + mark_band) + (rows - 1) * self.gap + (0.5 if t.marks else 0.0)
        label = len(wrap_lines(t.label, self._label_w(width) - 1.5, self.label_size, "bold", "condensed")) \
            * self.label_size * 1.15 * PT + mark_band
        note = (len(wrap_lines(t.note, width - self._label_w(width), 6.0)) * 6.0 * 1.2 * PT) if t.note else 0.0
        return max(boxes, label) + note

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        return sum(self._track_h(t, width) for t in self.tracks) + self.row_gap * max(0, len(self.tracks) - 1)

    def draw(self, page, x, y, width):
        lw = self._label_w(width)
        per = self.per_row(width)
        top = y
        for t in self.tracks:
            mark_band = 2.3 if t.marks else 0.0
            ly = top + mark_band + self.box / 2 + self.label_size * 0.36 * PT
            lines = wrap_lines(t.label, lw - 1.5, self.label_size, "bold", "condensed")
            ly -= (len(lines) - 1) * self.label_size * 1.15 * PT / 2
            ly = max(ly, top + self.label_size * 0.8 * PT)
            for line in lines:
                page.text(x, ly, line, size=self.label_size, weight="bold", family="condensed")
                ly += self.label_size * 1.15 * PT
            if t.count:
                _, bh = page.box_track(x + lw, top, t.count, box=self.box, gap=self.gap, per_row=per, marks=t.marks,
                                       prefilled=t.prefilled, track=t.records or t.label, numbered=t.numbered)
            else:
                bh = self.box
            if t.note:
                Note(t.note, size=6.0).draw(page, x + lw, top + bh + 0.3, width - lw)
            top += self._track_h(t, width) + self.row_gap
        return top - y - self.row_gap

    def texts(self):
        return [t.label for t in self.tracks] + [t.note for t in self.tracks if t.note]


@dataclass
class Checkboxes(Block):
    """Conditions to tick: each a label with one or more boxes ('Fire ☐☐☐'), set in as many columns as fit."""

    items: Sequence[tuple[str, int] | str]
    size: float = 7.0
    box: float = 2.8
    title: str | None = None
    min_col: float = 30.0

    def _items(self):
        return [(i, 1) if isinstance(i, str) else (str(i[0]), int(i[1])) for i in self.items]

    def _cols(self, width):
        items = self._items()
        need = max((self._item_w(lab, n) for lab, n in items), default=self.min_col)
        cols = max(1, min(len(items) or 1, int((width + 2) // (max(need, self.min_col) + 2))))
        return cols, (width - (cols - 1) * 2) / cols

    def _item_w(self, label, n):
        return n * (self.box + 0.8) + 1.0 + text_width(label, self.size, "regular", "condensed")

    def _cells(self, width):
        return _memo(self, "_cells", width, self._cells_uncached)

    def _cells_uncached(self, width):
        cols, cw = self._cols(width)
        out = []
        for label, n in self._items():
            boxes_w = n * (self.box + 0.8)
            if boxes_w > cw * 0.6:  # many boxes: they wrap under the label
                per = max(1, int((cw * 0.6) // (self.box + 0.8)))
            else:
                per = n
            lines = wrap_lines(label, cw - min(n, per) * (self.box + 0.8) - 1.0, self.size, "regular", "condensed")
            rows = math.ceil(n / per)
            h = max(len(lines) * self.size * 1.2 * PT, rows * (self.box + 0.6))
            out.append((label, n, per, lines, h))
        return cols, cw, out

    def _title_h(self, width):
        return Heading(self.title).measure(width) if self.title else 0.0

    def measure(self, width):
        if not self.items:
            return 0.0
        cols, _, cells = self._cells(width)
        rows = [cells[i:i + cols] for i in range(0, len(cells), cols)]
        return self._title_h(width) + sum(max(c[4] for c in r) + 1.0 for r in rows)

    def draw(self, page, x, y, width):
        if not self.items:
            return 0.0
        top = y + (Heading(self.title).draw(page, x, y, width) if self.title else 0.0)
        cols, cw, cells = self._cells(width)
        for r in range(0, len(cells), cols):
            row = cells[r:r + cols]
            for k, (label, n, per, lines, h) in enumerate(row):
                cx = x + k * (cw + 2)
                for b in range(n):
                    rr, cc = divmod(b, per)
                    page.rect(cx + cc * (self.box + 0.8), top + rr * (self.box + 0.6), self.box, self.box, width=0.25)
                tx = cx + min(n, per) * (self.box + 0.8) + 0.6
                ty = top + self.box / 2 + self.size * 0.36 * PT
                for line in lines:
                    page.text(tx, ty, line, size=self.size, family="condensed")
                    ty += self.size * 1.2 * PT
            top += max(c[4] for c in row) + 1.0
        return top - y

    def texts(self):
        return [lab for lab, _ in self._items()]


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


# ---------------------------------------------------------------------------------------------- containers


@dataclass
class Stack(Block):
    """Blocks one under another, `gap` mm apart. Splits between its children (a child that can split, splits)."""

    children: Sequence[Block]
    gap: float = 2.5
    keep_together: bool = False

    def __post_init__(self):
        self.children = [c for c in self.children if c is not None]

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        hs = [c.measure(width) for c in self.children]
        return sum(hs) + self.gap * max(0, len([h for h in hs if h > 0]) - 1)

    def draw(self, page, x, y, width):
        top = y
        first = True
        for c in self.children:
            h = c.measure(width)
            if h <= 0:
                continue
            if not first:
                top += self.gap
            c.draw(page, x, top, width)
            top += h
            first = False
        return top - y

    def split(self, width, room):
        if self.keep_together:
            return None, self
        used, head = 0.0, []
        for i, c in enumerate(self.children):
            h = c.measure(width)
            g = self.gap if head else 0.0
            if used + g + h <= room:
                head.append(c)
                used += g + h
                continue
            first, rest = c.split(width, room - used - g)
            if first is not None:
                head.append(first)
            tail = ([rest] if rest is not None else []) + list(self.children[i + 1:])
            if not head:
                return None, self
            return Stack(head, self.gap), (Stack(tail, self.gap) if tail else None)
        return self, None

    def texts(self):
        return [t for c in self.children for t in c.texts()]


@dataclass
class Columns(Block):
    """Blocks side by side: widths as relative weights (equal when None), `gap` mm between."""

    children: Sequence[Block]
    weights: Sequence[float] | None = None
    gap: float = 4.0

    def _widths(self, width):
        n = len(self.children)
        weights = self.weights or [1.0] * n
        total = float(sum(weights))
        room = width - self.gap * (n - 1)
        return [room * w / total for w in weights]

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        return max((c.measure(w) for c, w in zip(self.children, self._widths(width))), default=0.0)

    def draw(self, page, x, y, width):
        cx = x
        for c, w in zip(self.children, self._widths(width)):
            c.draw(page, cx, y, w)
            cx += w + self.gap
        return self.measure(width)

    def texts(self):
        return [t for c in self.children for t in c.texts()]


@dataclass
class Panel(Block):
    """A block in a thin frame, with an optional title bar."""

    child: Block
    title: str | None = None
    padding: float = 1.8
    fill: object = None

    def _inner(self, width):
        return width - 2 * self.padding

    def _title_h(self):
        return 4.6 if self.title else 0.0

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        return self._title_h() + self.child.measure(self._inner(width)) + 2 * self.padding

    def draw(self, page, x, y, width):
        h = self.measure(width)
        if self.fill is not None:
            page.rect(x, y, width, h, stroke=False, fill=self.fill)
        if self.title:
            page.rect(x, y, width, self._title_h(), stroke=False, fill=0.85)
            page.fit_text(x + self.padding, y + 3.3, self.title, width - 2 * self.padding, size=7.5, min_size=6,
                          weight="bold")
        page.rect(x, y, width, h, width=0.3)
        self.child.draw(page, x + self.padding, y + self._title_h() + self.padding, self._inner(width))
        return h

    def texts(self):
        return ([self.title] if self.title else []) + self.child.texts()


@dataclass
class Check:
    """One condition to tick (CheckRow): a label and `boxes` boxes (a fire may have one per turn burning); tracker:
    the tracker id it records, for the sheet's tags."""

    label: str
    boxes: int = 1
    tracker: str = ""


@dataclass
class CheckRow(Block):
    """A bold heading, then conditions to tick set one after another like words (boxes then label, or label then
    boxes with label_first), wrapping to more lines when the width runs out: a card's critical effects in two
    lines where a grid (Checkboxes) would take five. Tag it with `records` for the trackers its checks are."""

    head: str
    checks: Sequence[Check]
    size: float = 6.0
    box: float = 2.5
    gap: float = 1.8  # between one condition and the next
    label_first: bool = False

    def _w(self, c: Check) -> float:
        return c.boxes * (self.box + 0.5) + 0.4 + text_width(c.label, self.size, "regular", "condensed")

    def _places(self, width):
        x = text_width(self.head, self.size, "bold", "condensed") + self.gap
        out, row = [], 0
        for c in self.checks:
            w = self._w(c)
            if x > 0 and x + w > width + 1e-6:
                x, row = 0.0, row + 1
            out.append((x, row, c))
            x += w + self.gap
        return out

    def _line_h(self):
        return max(self.box, self.size * PT) + 0.8

    def measure(self, width):
        rows = (self._places(width)[-1][1] + 1) if self.checks else 1
        return rows * self._line_h() - 0.8

    def draw(self, page, x, y, width):
        lh = self._line_h()
        base = self.box / 2 + self.size * 0.36 * PT
        page.text(x, y + base, self.head, size=self.size, weight="bold", family="condensed")
        for dx, row, c in self._places(width):
            bx, by = x + dx, y + row * lh
            if self.label_first:
                page.text(bx, by + base, c.label, size=self.size, family="condensed")
                bx += text_width(c.label, self.size, "regular", "condensed") + 0.9
            for k in range(c.boxes):
                page.rect(bx + k * (self.box + 0.5), by, self.box, self.box, width=0.25)
            if not self.label_first:
                page.text(bx + c.boxes * (self.box + 0.5) + 0.4, by + base, c.label, size=self.size, family="condensed")
        return self.measure(width)

    def texts(self):
        return [self.head] + [c.label for c in self.checks]


def records(block: Block, *trackers: str) -> Block:
    """Tag a block as the place on the sheet where these trackers are marked (a gun's box, a fire checkbox):
    tests walk a sheet's blocks and find every outcome's tracker. Returns the block."""
    block.__dict__.setdefault("records", set()).update(trackers)
    return block


def recorded(block: Block) -> list[str]:
    """Every tracker id on a sheet, as often as it appears (a sheet with 24 guns has 24 gun trackers)."""
    found: list[str] = []
    for b in walk(block):
        found.extend(sorted(b.__dict__.get("records", ())))
        for t in getattr(b, "tracks", ()) or ():
            if getattr(t, "records", ""):
                found.append(t.records)
    return found


def walk(block: Block):
    """Every block inside `block`, itself first (for tests that look for a tracker or a number on a sheet)."""
    yield block
    for attr in ("children",):
        for c in getattr(block, attr, ()) or ():
            yield from walk(c)
    child = getattr(block, "child", None)
    if isinstance(child, Block):
        yield from walk(child)


# ---------------------------------------------------------------------------------------------- flow


class Flow:
    """Puts blocks on the pages of a document: a block goes below the last one when it fits, else on a new page;
    a block taller than a whole page splits where it allows (tables between rows, stacks between children).
    Two units share a page whenever both fit, with a thin rule between them.

    fill: a block that does not fit whole in what is left of the page begins there when its first part fits (a
    roster's next side, its header repeated overleaf) rather than on a new page; a sheet's flow leaves it off so
    that a unit's sheet starts whole on a page of its own.

    header: a running header (a block) the flow sets at the top of every page it starts, `gap` above the first block
    (a rule set's record cards may say how to mark them on each page): page furniture the flow owns, so no pager
    re-adds it. add(..., page_bookmark=) names the page in the outline when that block starts one.

        flow = Flow(doc)
        for unit in units:
            flow.add(sheet_blocks(unit), bookmark=unit.name)
    """

    def __init__(self, doc, gap: float = 5.0, rule: bool = True, true_scale: bool = False, fill: bool = False,
                 header: Block | None = None):
        self.doc = doc
        self.gap = gap
        self.rule = rule
        self.true_scale = true_scale
        self.fill = fill
        self.header = header
        self._page: Page | None = None
        self._y = 0.0
        self._body_top = 0.0  # where a page's blocks begin, below its header
        self.top = 0.0  # where the last block added began on its page

    def _new_page(self, bookmark, level):
        self._page = self.doc.new_page(bookmark=bookmark, level=level, true_scale=self.true_scale)
        self._y = self._page.content.y
        if self.header is not None:
            box = self.doc.content_for(self.true_scale)
            self.header.draw(self._page, box.x, self._y, box.w)
            self._y += self.header.measure(box.w) + self.gap
        self._body_top = self._y

    def room(self) -> float:
        """Room left on the page the flow is on (0 when it has none)."""
        if self._page is None or self.doc.page is not self._page:
            return 0.0
        return self._page.content.bottom - self._y

    def _starts_here(self, block: Block, width: float) -> bool:
        """Whether the first part of `block` fits what is left of the page below the gap."""
        head, _ = block.split(width, self.room() - self.gap)
        return head is not None

    def add(self, block: Block, bookmark: str | None = None, level: int = 0, new_page: bool = False,
            page_bookmark: str | None = None) -> None:
        doc = self.doc
        box = doc.content_for(self.true_scale)
        width = box.w
        h = block.measure(width)
        on_page = self._page is not None and doc.page is self._page and not new_page
        if on_page and (h + self.gap <= self.room() or self.fill and self._starts_here(block, width)):
            self._y += self.gap / 2
            if self.rule:
                self._page.line(box.x, self._y, box.right, self._y, width=0.2, dash=(1.2, 1.2), colour=0.6)
            self._y += self.gap / 2
            if bookmark is not None:
                doc.bookmark(bookmark, level=level, y=self._y)
        elif page_bookmark is not None:
            self._new_page(page_bookmark, 0)
            if bookmark is not None:
                doc.bookmark(bookmark, level=level, y=self._y)
        else:
            self._new_page(bookmark, level)
        self.top = self._y
        page_h = self._page.content.bottom - self._body_top
        for piece in pieces(block, width, self._page.content.bottom - self._y, page_h):
            if piece is NEW_PAGE:
                self._new_page(None, level)
            else:
                piece.draw(self._page, box.x, self._y, width)
                self._y += piece.measure(width)


NEW_PAGE = None  # what `pieces` yields where the flow must start a new page


def pieces(block: Block, width: float, room: float, page_h: float):
    """The flow's one fit-or-split rule: the parts of `block` in order, with NEW_PAGE where a new page must start.
    The block goes whole where it fits the `room` left; else it splits where it allows (a table between rows, a stack
    between children) and goes on on a fresh page of `page_h`; a block that neither fits nor splits on a fresh page is
    an error."""
    rest: Block | None = block
    while rest is not None:
        h = rest.measure(width)
        if h <= room + 1e-6:
            yield rest
            return
        head, tail = rest.split(width, room)
        if head is None:
            if room >= page_h - 1e-6:
                raise RenderError(f"a block {h:.1f} mm tall does not fit a page {room:.1f} mm tall and cannot split "
                                  f"({type(rest).__name__}: {' '.join(rest.texts())[:60]!r})")
        else:
            yield head
            rest = tail
            if rest is None:
                return
        yield NEW_PAGE
        room = page_h


def flow_pages(blocks: list[Block], width: float, page_h: float, gap: float) -> int:
    """How many pages Flow(doc, gap=gap) puts these blocks on, the first on a new page, without drawing (Flow.add's
    rule: the next block after a gap where it fits, else on a new page, then `pieces`); 99 when one cannot be placed."""
    pages, room = 0, 0.0
    try:
        for k, block in enumerate(blocks):
            h = block.measure(width)
            if k and h + gap <= room:
                room -= h + gap
                continue
            pages, room = pages + 1, page_h
            for piece in pieces(block, width, room, page_h):
                if piece is NEW_PAGE:
                    pages, room = pages + 1, page_h
                else:
                    room -= piece.measure(width)
    except RenderError:
        return 99
    return pages
