"""Really Simple's own drawn pieces, as blocks the sheet composes: the labelled speed track, the orders log's
ruled table, a card's heading, and the two-column card grid that places measured cards on pages.

These hold the coordinates (relative to the box a block is given); sheet.py only lists blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...render.blocks import PT, Block, Table, Title, text_width
from ...render.text import wrap_lines

SPEED_BOX = 4.6  # mm: one half-knot box of the speed track
SPEED_GAP = 0.5
SPEED_PT = 6.0  # the figure printed in a speed box
SINK_W = 9.0  # the wider box at the end of the track


@dataclass
class SpeedBox:
    label: str
    wide: bool = False  # the SINKS box
    whole: bool = True  # a whole knot: shaded, bold figure


@dataclass
class SpeedTrack(Block):
    """A row of boxes each printed with the speed left when it is struck, ending in a wide box (SINKS);
    wraps to more rows when the width runs out. The first `struck` boxes are printed struck through."""

    cells: Sequence[SpeedBox]
    struck: int = 0
    box: float = SPEED_BOX
    gap: float = SPEED_GAP
    size: float = SPEED_PT

    def _w(self, c: SpeedBox) -> float:
        return max(SINK_W, text_width(c.label, self.size, "bold", "condensed") + 2.0) if c.wide else self.box

    def _places(self, width):
        out, x, row = [], 0.0, 0
        for c in self.cells:
            w = self._w(c)
            if x > 0 and x + w > width + 1e-6:
                x, row = 0.0, row + 1
            out.append((x, row, w, c))
            x += w + self.gap
        return out

    def measure(self, width):
        rows = (self._places(width)[-1][1] + 1) if self.cells else 0
        return rows * self.box + max(0, rows - 1) * self.gap

    def draw(self, page, x, y, width):
        strikes = []
        for k, (dx, row, w, c) in enumerate(self._places(width)):
            bx, by = x + dx, y + row * (self.box + self.gap)
            fill = 0.75 if c.wide else (0.9 if c.whole else None)
            page.rect(bx, by, w, self.box, width=0.25, fill=fill)
            page.text(bx + w / 2, by + self.box * 0.5 + self.size * 0.125, c.label, size=self.size,
                      weight="bold" if (c.wide or c.whole) else "regular", family="condensed", align="centre",
                      colour=0 if (c.wide or c.whole) else 0.25)
            if k < self.struck:
                i = 0.7
                strikes += [(bx + i, by + i, bx + w - i, by + self.box - i), (bx + i, by + self.box - i, bx + w - i, by + i)]
        if strikes:
            page.lines(strikes, width=0.35)
        return self.measure(width)

    def texts(self):
        return [c.label for c in self.cells]


@dataclass
class RuledTable(Table):
    """A table with a thin rule between its columns, for filling in by hand (the orders log)."""

    def draw(self, page, x, y, width):
        h = super().draw(page, x, y, width)
        _, widths, _, _ = self.layout(width)
        top = y + self._title_h(width)
        xs, acc = [], x
        for w in widths[:-1]:
            acc += w
            xs.append(acc)
        page.lines([(xx, top, xx, y + h - 0.4) for xx in xs] + [(x, top, x, y + h - 0.4), (x + width, top, x + width, y + h - 0.4)],
                   width=0.15)
        return h


@dataclass
class CardGrid:
    """Cards in `columns` columns on as few pages as they fit: each page gets `header` at the top and `footer` at
    the foot; a card goes in the shortest column that has room, and a later, smaller card fills a gap an earlier
    big one left (first fit, in the given order). Each card is measured once."""

    doc: object
    header: Block
    footer: Block
    columns: int = 2
    gap: float = 4.0
    card_gap: float = 3.0
    pages: list = field(default_factory=list)

    def place(self, cards: Sequence[tuple[str, Block]]) -> None:
        doc = self.doc
        box = doc.content
        col_w = (box.w - (self.columns - 1) * self.gap) / self.columns
        head_h = self.header.measure(box.w) + 1.5
        foot_h = self.footer.measure(box.w)
        bottom = box.bottom - foot_h - 2.0
        remaining = [(name, card, card.measure(col_w)) for name, card in cards]
        shortest = min((h for _, _, h in remaining), default=0.0)
        while remaining:
            page = doc.new_page()
            self.pages.append(page.number)
            self.header.draw(page, box.x, box.y, box.w)
            fill = [box.y + head_h] * self.columns
            placed, i = 0, 0
            while i < len(remaining):
                if placed and min(fill) + shortest > bottom:
                    break  # not even the shortest card fits any more: the page is full
                name, card, h = remaining[i]
                fits = [c for c in range(self.columns) if fill[c] + h <= bottom]
                if not fits and placed == 0:
                    fits = [0]  # taller than a page: it has the page to itself
                if not fits:
                    i += 1
                    continue
                col = min(fits, key=lambda c: fill[c])
                doc.bookmark(name, level=0, y=fill[col])
                card.draw(page, box.x + col * (col_w + self.gap), fill[col], col_w)
                fill[col] += h + self.card_gap
                remaining.pop(i)
                placed += 1
            self.footer.draw(page, box.x, bottom + 2.0, box.w)


@dataclass
class CardHead(Title):
    """A card's name (bold, shrinking from `size` to `min_size` to stay on one line) with the class line set
    right beside it, wrapping in the room the name leaves (or under the name when that room is too narrow), over a
    rule in the side's accent: a Title that spends less height."""

    size: float = 10.0
    min_size: float = 7.5
    sub_size: float = 6.5
    min_sub_w: float = 24.0
    rule_w: float = 0.5

    def _layout(self, width):
        size = self._title_size(width)
        names = wrap_lines(self.title, width, size, "bold")
        room = width - min(width, max(text_width(n, size, "bold") for n in names)) - 2.0
        beside = room >= self.min_sub_w and len(names) == 1
        subs = wrap_lines(self.subtitle, room if beside else width, self.sub_size, "regular", "condensed") \
            if self.subtitle else []
        return size, names, beside, subs

    def measure(self, width):
        size, names, beside, subs = self._layout(width)
        name_h = len(names) * size * 1.15 * PT
        sub_h = len(subs) * self.sub_size * 1.2 * PT
        return (max(name_h, sub_h + 0.6) if beside else name_h + sub_h) + 1.4

    def draw(self, page, x, y, width):
        size, names, beside, subs = self._layout(width)
        base = y + size * 0.9 * PT
        for line in names:
            page.text(x, base, line, size=size, weight="bold")
            base += size * 1.15 * PT
        sb = (y + 0.6 if beside else y + len(names) * size * 1.15 * PT) + self.sub_size * 0.95 * PT
        for line in subs:
            page.text(x + width if beside else x, sb, line, size=self.sub_size, family="condensed", colour=0.35,
                      align="right" if beside else "left")
            sb += self.sub_size * 1.2 * PT
        h = self.measure(width)
        page.line(x, y + h - 0.5, x + width, y + h - 0.5, width=self.rule_w, colour=self.rule_colour)
        return h


@dataclass
class Measured(Block):
    """A block whose height is worked out once per width: a card is measured by the grid, then again by its frame
    and its stack while drawing; this keeps that to one measure of each part."""

    child: Block
    _heights: dict = field(default_factory=dict, repr=False, compare=False)

    def measure(self, width):
        key = round(width, 3)
        if key not in self._heights:
            self._heights[key] = self.child.measure(width)
        return self._heights[key]

    def draw(self, page, x, y, width):
        self.child.draw(page, x, y, width)
        return self.measure(width)

    def texts(self):
        return self.child.texts()
