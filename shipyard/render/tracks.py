"""Box tracks with threshold marks, status checkboxes, and rows of conditions to tick."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from .text import wrap_lines
from .measure import PT, text_width, _longest_word, _memo, Block
from .tags import written_in
from .page import mark_row_tops
from .text_blocks import Note, Heading


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
    name: str = ""  # what its live sheet calls it (render.tags.name_boxes): the id, numbered where the id repeats
    turn: bool = False  # a turn is written in beside it once marked (SINKS T__: the turn she goes down)
    written: int = 0  # the turn written in that blank (a pre-damaged copy of a game's sheet), 0: none
    numbered: str = ""  # "down": each box carries how many are left from it to the end (count .. 1); "up": 1 .. count
    breaks: tuple = ()  # a gun row's boxes grouped by model: a wider gap after each of these boxes (2 × 100-pdr, then 2 × 60-pdr: (2,))


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
    whole_row: bool = False  # a track that fits its row whole stays on it, not broken at the last group of five
    note_size: float = 6.0  # pt: the note under a track (a rule set whose notes a player reads mid-game sets more)
    note_colour: float = 0.25  # its grey (0: black, for a note read mid-game on screen as on paper)
    bands: str = "every"  # the marks' label band above every row of a marked track, or only the "marked" rows
    number_size: float = 6.0  # pt: the numbers in a numbered track's boxes

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
        if self.whole_row and n >= max((t.count for t in self.tracks), default=0):
            return n
        return max(5, n - n % 5) if n >= 5 else max(1, n)

    def _track_h(self, t: Track, width) -> float:
        per = self.per_row(width)
        rows = max(1, math.ceil(t.count / per))
        mark_band = 2.3 if t.marks else 0.0
        tops = mark_row_tops(rows, per, t.marks, self.box, self.gap, mark_band, every=self.bands == "every")
        boxes = tops[-1] + self.box + (0.5 if t.marks else 0.0)
        label = len(wrap_lines(t.label, self._label_w(width) - 1.5, self.label_size, "bold", "condensed")) \
            * self.label_size * 1.15 * PT + mark_band
        note = (len(wrap_lines(t.note, width - self._label_w(width), self.note_size)) * self.note_size * 1.2 * PT
                if t.note else 0.0)
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
            first = mark_row_tops(1, per, t.marks, self.box, self.gap, mark_band, every=self.bands == "every")[0]
            ly = top + first + self.box / 2 + self.label_size * 0.36 * PT
            lines = wrap_lines(t.label, lw - 1.5, self.label_size, "bold", "condensed")
            ly -= (len(lines) - 1) * self.label_size * 1.15 * PT / 2
            ly = max(ly, top + self.label_size * 0.8 * PT)
            for line in lines:
                page.text(x, ly, line, size=self.label_size, weight="bold", family="condensed")
                ly += self.label_size * 1.15 * PT
            if t.count:
                _, bh = page.box_track(x + lw, top, t.count, box=self.box, gap=self.gap, per_row=per, marks=t.marks,
                                       prefilled=t.prefilled, track=t.records or t.label, numbered=t.numbered,
                                       name=t.name, bands=self.bands, number_size=self.number_size)
            else:
                bh = self.box
            if t.note:
                Note(t.note, size=self.note_size, colour=self.note_colour).draw(page, x + lw, top + bh + 0.3, width - lw)
            top += self._track_h(t, width) + self.row_gap
        return top - y - self.row_gap

    def texts(self):
        return [t.label for t in self.tracks] + [t.note for t in self.tracks if t.note]


@dataclass
class Checkboxes(Block):
    """Conditions to tick: each a label with one or more boxes ('Fire ☐☐☐'), set in as many columns as fit. An item
    (label, boxes, tracker id) is a tracker of its own (`tracks`, which render.tags reads): its boxes carry it on
    screen and its `prefilled` first boxes are printed struck (a pre-damaged copy)."""

    items: Sequence[tuple[str, int] | tuple[str, int, str | tuple[str, ...]] | str]
    size: float = 7.0
    box: float = 2.8
    title: str | None = None
    min_col: float = 30.0
    row_gap: float = 1.0  # between two lines of conditions

    def __post_init__(self):
        self._box_tracks = [_item_tracks(i) for i in self.items]
        if any(self._box_tracks):
            self.tracks = [t for ts in self._box_tracks for t in ts]

    def _items(self):
        return [(i, 1) if isinstance(i, str) else (str(i[0]), int(i[1])) for i in self.items]

    def _box(self, k: int, b: int) -> "tuple[Track, int] | None":
        """Box b of item k as (its tracker, its number there); None for an untagged item."""
        ts = self._box_tracks[k] if k < len(self._box_tracks) else []
        if not ts:
            return None
        return (ts[0], b + 1) if len(ts) == 1 else (ts[b], 1)

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
        return self._title_h(width) + sum(max(c[4] for c in r) + self.row_gap for r in rows)

    def draw(self, page, x, y, width):
        if not self.items:
            return 0.0
        top = y + (Heading(self.title).draw(page, x, y, width) if self.title else 0.0)
        cols, cw, cells = self._cells(width)
        for r in range(0, len(cells), cols):
            row = cells[r:r + cols]
            for k, (label, n, per, lines, h) in enumerate(row):
                cx = x + k * (cw + 2)
                struck = []
                for b in range(n):
                    rr, cc = divmod(b, per)
                    bx, by = cx + cc * (self.box + 0.8), top + rr * (self.box + 0.6)
                    tagged = self._box(r + k, b)
                    page.rect(bx, by, self.box, self.box, width=0.25,
                              tag=(tagged[0].records, tagged[0].name, tagged[1]) if tagged else None)
                    if tagged and tagged[1] <= tagged[0].prefilled:
                        struck.append((bx, by))
                for bx, by in struck:
                    page.strike(bx, by, self.box, self.box)
                tx = cx + min(n, per) * (self.box + 0.8) + 0.6
                ty = top + self.box / 2 + self.size * 0.36 * PT
                for line in lines:
                    page.text(tx, ty, line, size=self.size, family="condensed")
                    ty += self.size * 1.2 * PT
            top += max(c[4] for c in row) + self.row_gap
        return top - y

    def texts(self):
        return [lab for lab, _ in self._items()]


def _item_tracks(item) -> list[Track]:
    """A Checkboxes item's trackers: none for (label, boxes); one of `boxes` boxes for (label, boxes, tracker id);
    one a box for (label, boxes, (id, id, ...)), each box its own condition ('Surrendered / abandoned / sunk')."""
    if isinstance(item, str) or len(item) < 3:
        return []
    label, n, ids = str(item[0]), int(item[1]), item[2]
    if isinstance(ids, str):
        return [Track(label, n, records=ids)]
    parts = [p.strip() for p in label.split("/")]
    words = parts if len(parts) == len(ids) else [f"{label} ({i})" for i in ids]
    return [Track(w[:1].upper() + w[1:], 1, records=i) for w, i in zip(words, ids)]


@dataclass
class Check:
    """One condition to tick (CheckRow): a label and `boxes` boxes (a fire may have one per turn burning); tracker:
    the tracker id it records, for the sheet's tags."""

    label: str
    boxes: int = 1
    tracker: str = ""
    turn: bool = False  # its label has a blank for a turn, written in once it is marked (the turn it ends)


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

    def __post_init__(self):
        # each check that names its tracker is a tracker of its own (render.tags reads `tracks`)
        self._tracked = [(c, Track(c.label, c.boxes, records=c.tracker, turn=c.turn)) for c in self.checks if c.tracker]
        if self._tracked:
            self.tracks = [t for _, t in self._tracked]

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
            t = next((t for cc, t in self._tracked if cc is c), None)
            if self.label_first:
                page.text(bx, by + base, written_in(c.label, t.written if t else 0), size=self.size, family="condensed")
                bx += text_width(c.label, self.size, "regular", "condensed") + 0.9
            for k in range(c.boxes):
                page.rect(bx + k * (self.box + 0.5), by, self.box, self.box, width=0.25,
                          tag=(t.records, t.name, k + 1) if t else None)
            for k in range(t.prefilled if t else 0):
                page.strike(bx + k * (self.box + 0.5), by, self.box, self.box)
            if not self.label_first:
                page.text(bx + c.boxes * (self.box + 0.5) + 0.4, by + base, written_in(c.label, t.written if t else 0),
                          size=self.size, family="condensed")
        return self.measure(width)

    def texts(self):
        return [self.head] + [c.label for c in self.checks]
