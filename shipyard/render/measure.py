"""Measured blocks: what a block is, and the measuring every block shares (text widths at a size, kept).

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

The blocks by kind: text_blocks (text, notes, runs, legends, headings, titles), figures (stat boxes and
panels, drawings, spacers), table_block (tables), tracks (box tracks, checkboxes, check rows), containers
(stacks, columns, panels); tags (which trackers a block records); flow (the Flow that pages blocks)."""

from __future__ import annotations

from . import fonts as _fonts
from .page import Page
from .paper import MM
from .text import number


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
