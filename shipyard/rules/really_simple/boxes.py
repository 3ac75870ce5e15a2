"""Really Simple's own drawn pieces, as blocks the sheet composes: the labelled speed track, the orders log's
ruled table, a card's heading, and the two-column card grid that places measured cards on pages.

These hold the coordinates (relative to the box a block is given); sheet.py only lists blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...render.blocks import PT, Block, Title, text_width
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
    label: str = ""  # printed before the first row, the rows indented past it

    def _w(self, c: SpeedBox) -> float:
        return max(SINK_W, text_width(c.label, self.size, "bold", "condensed") + 2.0) if c.wide else self.box

    def _indent(self) -> float:
        return text_width(self.label, self.size + 0.5, "bold", "condensed") + 1.5 if self.label else 0.0

    def _places(self, width):
        start = self._indent()
        out, x, row = [], start, 0
        for c in self.cells:
            w = self._w(c)
            if x > start and x + w > width + 1e-6:
                x, row = start, row + 1
            out.append((x, row, w, c))
            x += w + self.gap
        return out

    def measure(self, width):
        rows = (self._places(width)[-1][1] + 1) if self.cells else 0
        return rows * self.box + max(0, rows - 1) * self.gap

    def draw(self, page, x, y, width):
        strikes = []
        if self.label:
            page.text(x, y + self.box * 0.5 + (self.size + 0.5) * 0.36 * PT, self.label, size=self.size + 0.5,
                      weight="bold", family="condensed")
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
        return ([self.label] if self.label else []) + [c.label for c in self.cells]


@dataclass
class CardGrid:
    """Cards in `columns` columns on as few pages as they fit: each page gets `header` at the top and `footer` at
    the foot; a card goes in the shortest column that has room, and a later, smaller card fills a gap an earlier
    big one left (first fit, in the given order). Each card is measured once."""

    doc: object
    header: Block
    footer: Block | None = None
    columns: int = 2
    gap: float = 4.0
    card_gap: float = 3.0
    pages: list = field(default_factory=list)

    def place(self, cards: Sequence[tuple[str, Block]]) -> None:
        doc = self.doc
        box = doc.content
        col_w = (box.w - (self.columns - 1) * self.gap) / self.columns
        head_h = self.header.measure(box.w) + 1.5
        foot_h = self.footer.measure(box.w) + 2.0 if self.footer is not None else 0.0
        bottom = box.bottom - foot_h
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
            if self.footer is not None:
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


@dataclass
class GunRows(Block):
    """The guns by group: a label column, a box per gun, and the gun models named after the boxes when they fit
    there (under them when not). `tracks` are render.blocks.Track, so the sheet's tracker tags find them."""

    tracks: Sequence  # render.blocks.Track
    box: float = 3.6
    gap: float = 0.6
    size: float = 6.5
    note_size: float = 6.0
    row_gap: float = 0.9

    def _label_w(self):
        return max((text_width(t.label, self.size, "bold", "condensed") for t in self.tracks), default=0.0) + 1.5

    def _layout(self, width):
        lw = self._label_w()
        room = width - lw
        per = 1
        while self._x(per) + self.box <= room + 1e-6:  # the boxes of one row, in fives where a row holds five
            per += 1
        per = per - per % 5 if per >= 5 else per
        out = []
        for t in self.tracks:
            rows = max(1, -(-t.count // per))
            boxes_w = self._x(min(t.count, per) - 1) + self.box + self.gap
            beside = wrap_lines(t.note, room - boxes_w - 0.8, self.note_size, "regular", "condensed") \
                if t.note and room - boxes_w > 18 else None
            if beside is not None and len(beside) * self.note_size * 1.15 * PT <= rows * (self.box + self.gap) - self.gap + 0.3:
                out.append((t, per, rows, boxes_w, beside, []))
            else:
                below = wrap_lines(t.note, room, self.note_size, "regular", "condensed") if t.note else []
                out.append((t, per, rows, boxes_w, [], below))
        return lw, out

    def _x(self, col: int) -> float:
        """The left of box `col` in a row (a wider gap after every fifth box)."""
        return col * (self.box + self.gap) + (col // 5) * 0.8

    def _h(self, rows, below):
        return rows * (self.box + self.gap) - self.gap + (len(below) * self.note_size * 1.15 * PT + 0.4 if below else 0.0)

    def measure(self, width):
        _, rows = self._layout(width)
        return sum(self._h(r, below) for _, _, r, _, _, below in rows) + self.row_gap * max(0, len(rows) - 1)

    def draw(self, page, x, y, width):
        lw, rows = self._layout(width)
        top = y
        nl = self.note_size * 1.15 * PT
        for t, per, nrows, boxes_w, beside, below in rows:
            page.text(x, top + self.box / 2 + self.size * 0.36 * PT, t.label, size=self.size, weight="bold",
                      family="condensed")
            for k in range(t.count):
                r, c = divmod(k, per)
                bx, by = x + lw + self._x(c), top + r * (self.box + self.gap)
                page.rect(bx, by, self.box, self.box, width=0.25)
                if k < t.prefilled:
                    page.lines([(bx + 0.5, by + 0.5, bx + self.box - 0.5, by + self.box - 0.5),
                                (bx + 0.5, by + self.box - 0.5, bx + self.box - 0.5, by + 0.5)], width=0.35)
            block_h = nrows * (self.box + self.gap) - self.gap
            ny = top + (block_h - len(beside) * nl) / 2 + self.note_size * 0.8 * PT
            for line in beside:
                page.text(x + lw + boxes_w + 0.8, ny, line, size=self.note_size, family="condensed", colour=0.3)
                ny += nl
            ny = top + block_h + 0.4 + self.note_size * 0.85 * PT
            for line in below:
                page.text(x + lw, ny, line, size=self.note_size, family="condensed", colour=0.3)
                ny += nl
            top += self._h(nrows, below) + self.row_gap
        return self.measure(width)

    def texts(self):
        return [t.label for t in self.tracks] + [t.note for t in self.tracks if t.note]


SPEEDS_HEAD = "top kn ahead / astern"  # the orders log's note under "Ship": what the figures by each name are


@dataclass
class OrdersGrid(Block):
    """One band of an orders log: a row per ship, a column per turn, each turn's cell ruled into the parts of an
    order (`parts`, e.g. 1st half move and its turns, 2nd half and its turns, extras), for writing in by hand.
    Splits between ship rows (the turn headings repeated) when a page cannot hold the whole band."""

    ships: Sequence[tuple[str, str]]  # (name, a small note after it: top speeds)
    turns: Sequence[int]
    parts: Sequence[str]
    row_h: float = 6.5
    size: float = 7.0
    small: float = 6.0  # the parts of a turn and each ship's speeds
    head_h: float = 6.8
    weights: Sequence[float] = ()  # each part's share of a turn's width (equal when empty): the extras take more

    def _part_x(self, cw: float) -> list[float]:
        """The left of each part within a turn's cell, and its right end last."""
        w = list(self.weights) if len(self.weights) == len(self.parts) else [1.0] * len(self.parts)
        xs, x = [0.0], 0.0
        for k in w:
            x += cw * k / sum(w)
            xs.append(x)
        return xs

    def name_w(self, width) -> float:
        need = max((text_width(n, self.size, "bold", "condensed") for n, _ in self.ships), default=20.0)
        notes = max((text_width(t, self.small, "regular", "condensed") for _, t in self.ships), default=0.0)
        head = text_width(SPEEDS_HEAD, self.small, "regular", "condensed")  # the heading's note under "Ship"
        return min(max(need, notes, head, text_width("Ship", self.size, "bold", "condensed")) + 2.0, width * 0.3)

    def measure(self, width):
        return self.head_h + len(self.ships) * self.row_h

    def split(self, width, room):
        fit = int((room - self.head_h) // self.row_h)
        if fit < 1:
            return None, self
        if fit >= len(self.ships):
            return self, None
        kw = dict(parts=self.parts, row_h=self.row_h, size=self.size, small=self.small, head_h=self.head_h,
                  weights=self.weights)
        return (OrdersGrid(self.ships[:fit], self.turns, **kw), OrdersGrid(self.ships[fit:], self.turns, **kw))

    def draw(self, page, x, y, width):
        nw = self.name_w(width)
        cw = (width - nw) / max(1, len(self.turns))
        h = self.measure(width)
        page.rect(x, y, width, self.head_h, stroke=False, fill=0.88)
        page.text(x + 1.0, y + 3.0, "Ship", size=self.size, weight="bold", family="condensed")
        page.text(x + 1.0, y + self.head_h - 1.0, SPEEDS_HEAD, size=self.small, family="condensed", colour=0.3)
        thin, heavy = [], []
        xs = self._part_x(cw)
        for k, turn in enumerate(self.turns):
            cx = x + nw + k * cw
            page.text(cx + cw / 2, y + 3.0, f"Turn {turn}", size=self.size, weight="bold", family="condensed",
                      align="centre")
            for j, part in enumerate(self.parts):
                page.fit_text(cx + (xs[j] + xs[j + 1]) / 2, y + self.head_h - 1.0, part, xs[j + 1] - xs[j] - 0.6,
                              size=self.small, min_size=self.small, family="condensed", align="centre", colour=0.3)
                if j:
                    thin.append((cx + xs[j], y + self.head_h, cx + xs[j], y + h))
            heavy.append((cx, y, cx, y + h))
        for i, (name, note) in enumerate(self.ships):
            ry = y + self.head_h + i * self.row_h
            if i % 2:
                page.rect(x, ry, width, self.row_h, stroke=False, fill=0.95)
            page.fit_text(x + 1.0, ry + self.row_h * 0.45, name, nw - 1.5, size=self.size, min_size=6, weight="bold",
                          family="condensed")
            page.fit_text(x + 1.0, ry + self.row_h - 0.8, note, nw - 1.5, size=self.small, min_size=self.small,
                          family="condensed", colour=0.3)
            heavy.append((x, ry, x + width, ry))
        page.lines(thin, width=0.1, colour=0.55)
        page.lines(heavy, width=0.25)
        page.rect(x, y, width, h, width=0.4)
        return h

    def part_widths(self, width) -> list[float]:
        """Each part's width in mm within a turn's cell, at this band width."""
        xs = self._part_x((width - self.name_w(width)) / max(1, len(self.turns)))
        return [b - a for a, b in zip(xs, xs[1:])]

    def texts(self):
        return ["Ship"] + [f"Turn {t}" for t in self.turns] + list(self.parts) + [n for n, _ in self.ships]
