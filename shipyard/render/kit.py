"""The record sheets' kit: the pieces every rule set's sheet is made of, each once, measured like every block
(measure, split, draw), drawing only through Page's primitives.

    style = load_style(Path(__file__).with_name("style.yaml"))      # the rule set's one style record
    OrdersLog(12, ["Turn", "Speed", "Notes"], **style["orders_log"])
    GunTable(rows, header, boxes=[2, 4], **style["guns"])
    SpeedTrack([SpeedRow("Ahead kn", cells)], **style["speed_track"])
    Tracks([Track("Hull", 18, marks={9: "½"})], **style["hull"])      # box tracks with threshold marks (blocks)
    Checkboxes([("Fire", 6)], **style["status"])                      # status checkboxes (blocks)

A rule set says *what* goes on a sheet; *how big* lives in its style record (style.yaml beside its tables.yaml:
named records of type sizes in points, boxes, gaps and widths in millimetres, greys), so its modules place nothing by
coordinates. load_style refuses a record that sets a player's type under 6 pt.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from .measure import PT, Block, text_width
from .containers import Columns, Stack
from .table_block import Table
from .text_blocks import Title
from .tracks import Track
from .tags import records, written_in
from .page import RenderError
from .text import wrap_lines

MIN_READ_PT = 6.0  # the smallest type a player reads on a sheet


# ---------------------------------------------------------------------------------------------- style records


@dataclass(frozen=True)
class Style:
    """A rule set's style record: named settings for the pieces of its sheets (style["orders_log"] is a dict of
    the piece's keyword arguments). A name the file lacks is an error naming the file."""

    source: str
    named: Mapping[str, Mapping[str, Any]]

    def __getitem__(self, name: str) -> dict[str, Any]:
        if name not in self.named:
            raise RenderError(f"{self.source}: no style record {name!r} (it has {', '.join(sorted(self.named))})")
        return dict(self.named[name])

    def __contains__(self, name: str) -> bool:
        return name in self.named


def _type_size_key(key: str) -> bool:
    """Whether a record's key sets a type size in points (size, label_size, min_size, small, ..._pt)."""
    return key in ("size", "small") or key.endswith(("_size", "_pt"))


def _small_type(named: Mapping[str, Any], where: str = "") -> list[str]:
    """Every type size under MIN_READ_PT in the records, as 'record.key = value'."""
    out = []
    for key, value in named.items():
        here = f"{where}.{key}" if where else str(key)
        if isinstance(value, Mapping):
            out += _small_type(value, here)
        elif _type_size_key(str(key)) and isinstance(value, (int, float)) and not isinstance(value, bool) \
                and not str(key).endswith("row_pt") and value < MIN_READ_PT:
            out.append(f"{here} = {value:g}")
        elif _type_size_key(str(key)) and isinstance(value, Mapping):
            out += _small_type(value, here)
    return out


def load_style(path: Path | str) -> Style:
    """A rule set's style.yaml: {record name: {setting: value}}, read once a run. Refused (RenderError naming the
    file and the setting) when it is not such a mapping or sets a player's type under 6 pt."""
    return _read_style(str(path))


@lru_cache(maxsize=None)
def _read_style(path: str) -> Style:
    # read as every shipyard file is (library.yamlfile: a key given twice is refused with its line, and the parse is
    # kept between runs keyed on the file's bytes, so a pack whose files are unchanged never starts PyYAML)
    from ..library.yamlfile import read_yaml

    named = read_yaml(Path(path)).data or {}
    if not isinstance(named, dict) or not all(isinstance(v, dict) for v in named.values()):
        raise RenderError(f"{path}: expected named records, each a mapping of settings (orders_log: {{size: 7}})")
    small = _small_type(named)
    if small:
        raise RenderError(f"{path}: type under {MIN_READ_PT:g} pt, which a player cannot read: "
                          + ", ".join(small))
    return Style(str(path), named)


# ---------------------------------------------------------------------------------------------- column widths

_SHARE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


def column_widths(spec: Sequence[Any], width: float, boxes: float = 0.0) -> list[float]:
    """Column widths in mm from a style's list: a number is millimetres, 'N%' a share of what the millimetres leave,
    'boxes' the width the gun boxes need (`boxes` mm)."""
    fixed, shares = [], []
    for s in spec:
        if s == "boxes":
            fixed.append(boxes)
            shares.append(None)
        elif isinstance(s, str) and _SHARE.match(s):
            fixed.append(None)
            shares.append(float(_SHARE.match(s).group(1)))
        elif isinstance(s, (int, float)):
            fixed.append(float(s))
            shares.append(None)
        else:
            raise RenderError(f"a column width is millimetres, 'N%' or 'boxes', not {s!r}")
    rest = width - sum(f for f in fixed if f is not None)
    total = sum(s for s in shares if s is not None) or 1.0
    return [f if f is not None else rest * s / total for f, s in zip(fixed, shares)]


# ---------------------------------------------------------------------------------------------- orders log


@dataclass
class OrdersLog(Block):
    """The orders log: a numbered row a turn, turns 1..`turns`, a column to write each order in, set in parts side
    by side to save height: `parts` of them, or (parts=0) as many up to `max_parts` as leave the last column at
    least `min_fill` mm and every part two turns or more. widths: the style's column widths (column_widths); the
    row pitch `row_pt` in points is the room to write in pencil, at least `min_row` mm (a style may ask for 5 mm:
    today's sheets are 3.6 to 4.6 mm, and 5 mm rows cost the half-page sheets their fit)."""

    turns: int
    header: Sequence[str]
    widths: Sequence[Any]
    size: float = 7.0
    row_pt: float = 10.0
    min_row: float = 0.0
    parts: int = 0
    max_parts: int = 3
    min_fill: float = 24.0
    gap: float = 3.0
    rules: bool = False  # thin rules between the columns
    rule_width: float = 0.15
    rule_grey: float = 0.6
    align: Sequence[str] | None = None

    @property
    def label(self) -> str:
        return " ".join(self.header) + f" turns 1-{self.turns}"

    def part_count(self, width: float) -> int:
        if self.parts:
            return self.parts
        for parts in range(self.max_parts, 1, -1):
            part_w = (width - (parts - 1) * self.gap) / parts
            if column_widths(self.widths, part_w)[-1] >= self.min_fill and self.turns >= parts * 2:
                return parts
        return 1

    def row_height(self) -> float:
        """A turn's row in mm: the style's pitch, at least min_row."""
        return max(self.row_pt * PT, self.min_row)

    def _leading(self) -> float:
        """The tables' leading (a multiple of the type size) that gives rows of row_height()."""
        return self.row_pt / self.size if self.row_pt * PT >= self.min_row else self.min_row / (self.size * PT)

    def tables(self, width: float) -> tuple[float, list[Table]]:
        """(each part's width, the parts' tables, one per part that has turns)."""
        made = self.__dict__.setdefault("_laid_parts", {})
        key = round(width, 4)
        if key not in made:
            made[key] = self._tables(width)
        return made[key]

    def _tables(self, width):
        parts = self.part_count(width)
        per = max(1, math.ceil(self.turns / parts))
        part_w = (width - (parts - 1) * self.gap) / parts
        widths = column_widths(self.widths, part_w)
        blank = [""] * (len(self.header) - 1)
        return part_w, [Table([[t] + blank for t in range(p * per + 1, min(self.turns, (p + 1) * per) + 1)],
                              header=list(self.header), widths=widths, size=self.size,
                              leading=self._leading(),
                              align=self.align)
                        for p in range(parts) if p * per < self.turns]

    def measure(self, width):
        part_w, ts = self.tables(width)
        return max((t.measure(part_w) for t in ts), default=0.0)

    def draw(self, page, x, y, width):
        part_w, ts = self.tables(width)
        for k, table in enumerate(ts):
            px = x + k * (part_w + self.gap)
            th = table.draw(page, px, y, part_w)
            if self.rules:
                _, widths, _, _ = table.layout(part_w)
                cx = px
                for cw in widths[:-1]:
                    cx += cw
                    page.line(cx, y, cx, y + th - 0.4, width=self.rule_width, colour=self.rule_grey)
        return self.measure(width)

    def texts(self):
        return [self.label]


# ---------------------------------------------------------------------------------------------- gun boxes


BEARINGS = ("port", "starboard", "broadside", "bow", "stern", "pivot", "turret")  # the order guns are grouped in


@dataclass
class GunTable(Table):
    """A guns table with a column of boxes, a box per gun of its row (tick it disabled, cross it destroyed), in lines
    of up to `per_line` with a wider gap after every `group` boxes; each box is a `gun` tracker (through `tracks`,
    which render.tags.recorded reads). box_col: the boxes' column (0 first, -1 last); widths: the style's column
    widths (column_widths: mm, 'N%', 'boxes'). The table stays whole: its boxes belong to their rows.

    bearings: where each row's guns bear (a word of BEARINGS, '' for none): the rows are grouped in that order, a
    heavier rule between groups. numbered: the guns are numbered down the table, each line of boxes led by its first
    gun's number, so a player can say "gun 7 is out"."""

    boxes: Sequence[int] = ()
    bearings: Sequence[str] = ()
    numbered: bool = True
    number_size: float = 6.0
    number_grey: float = 0.35
    group_rule: float = 0.5
    box_col: int = 0
    box: float = 2.6
    box_w: float | None = None  # a box's width where wider than it is tall (None: square): room for a dot and a tick
    box_gap: float = 0.6
    per_line: int = 10
    # where a row's boxes stand when its text takes more lines than they do: "centre", or "top", level with its first
    # line (sotw35, replay 26: a lone box centred in a two-line row read as the next row's, "25" under the howitzer)
    box_align: str = "centre"
    group: int = 0  # a wider gap after every `group` boxes (0: none)
    group_gap: float = 0.6
    boxes_min: float = 10.0  # the box column's least width, mm
    boxes_pad: float = 1.8  # the box column's width beyond its boxes, mm
    box_fill: object = None
    box_line: float = 0.3
    column_spec: Sequence[Any] = ()
    tracker_ids: tuple[str, ...] = ("gun",)

    def __post_init__(self):
        super().__post_init__()
        self.boxes = list(self.boxes)
        if self.bearings:
            rank = {b: k for k, b in enumerate(BEARINGS)}
            order = sorted(range(len(self.rows)), key=lambda i: rank.get(self.bearings[i], len(BEARINGS)))
            self.rows = [self.rows[i] for i in order]
            self.boxes = [self.boxes[i] for i in order] if self.boxes else self.boxes
            self.bearings = [self.bearings[i] for i in order]
        # a tracker a gun, numbered down the table as printed (its label: the number and its line's first cell)
        names = [str(row[0]) if row else "" for row in self.rows]
        lines = [names[k] if k < len(names) else "" for k, n in enumerate(self.boxes) for _ in range(n)]
        self.tracks = [Track(f"Gun {i}: {line}" if line else f"Gun {i}", 1, records=t) for t in self.tracker_ids
                       for i, line in enumerate(lines, 1)]
        self._col = self.box_col % self._ncol

    def _line(self) -> int:
        """Boxes on one line."""
        return max(1, min(max(self.boxes, default=1), self.per_line))

    def _bw(self) -> float:
        return self.box_w or self.box

    def _x(self, c: int) -> float:
        return c * (self._bw() + self.box_gap) + ((c // self.group) * self.group_gap if self.group else 0.0)

    def _gutter(self) -> float:
        """Room before the boxes for the guns' numbers (0 when not numbered)."""
        if not self.numbered or not self.boxes:
            return 0.0
        return text_width(str(sum(self.boxes)), self.number_size, "regular", "condensed") + 0.6

    def boxes_width(self) -> float:
        n = self._line()
        return max(self.boxes_min, self._gutter() + self._x(n - 1) + self._bw() + self.box_gap + self.boxes_pad)

    def _col_widths(self, width, size):
        if self.column_spec:
            return column_widths(self.column_spec, width, self.boxes_width())
        return super()._col_widths(width, size)

    def _content_key(self):
        return super()._content_key() + (tuple(map(str, self.column_spec)), self.boxes_width())

    def _lines_of(self, n: int) -> int:
        return max(1, math.ceil(n / self._line()))

    def layout(self, width):
        key = ("boxed", round(width, 3))
        if key in self._cache:
            return self._cache[key]
        size, widths, cells, heights = super().layout(width)
        line_h = size * self.leading * PT
        first = 1 if self.header else 0
        heights = list(heights)
        for i, n in enumerate(self.boxes):
            need = self._lines_of(n) * (self.box + self.box_gap) - self.box_gap + 0.4
            heights[first + i] = max(heights[first + i], math.ceil(need / line_h - 1e-6))
        out = (size, widths, cells, heights)
        self._cache[key] = out
        return out

    def draw(self, page, x, y, width):
        h = super().draw(page, x, y, width)
        size, widths, _, heights = self.layout(width)
        line_h = size * self.leading * PT
        per = self._line()
        gutter = self._gutter()
        left = x + sum(widths[:self._col]) + self.padding + gutter
        top = y + self._title_h(width) + (heights[0] * line_h if self.header else 0.0)
        first = 1  # the number of the row's first gun
        bearings = list(self.bearings) or [""] * len(self.boxes)
        for i, (n, lines) in enumerate(zip(self.boxes, heights[1:] if self.header else heights)):
            block_h = self._lines_of(n) * (self.box + self.box_gap) - self.box_gap
            by = top + (lines * line_h - block_h) / 2
            if self.box_align == "top":  # the first line of boxes centred on the row's first line of text
                by = min(by, top + max(0.0, (line_h - self.box) / 2))
            for k in range(n):
                r, c = divmod(k, per)
                ly = by + r * (self.box + self.box_gap)
                if gutter and c == 0:
                    page.text(left - 0.6, ly + self.box / 2 + self.number_size * 0.36 * PT, str(first + k),
                              size=self.number_size, family="condensed", align="right", colour=self.number_grey)
                t = self.tracks[first + k - 1] if self.tracker_ids else None
                page.rect(left + self._x(c), ly, self._bw(), self.box, width=self.box_line, fill=self.box_fill,
                          tag=(t.records, t.name, 1) if t else None)
                if t is not None and t.prefilled:
                    page.strike(left + self._x(c), ly, self._bw(), self.box)
            first += n
            top += lines * line_h
            if i + 1 < len(bearings) and bearings[i + 1] != bearings[i]:
                page.line(x, top, x + width, top, width=self.group_rule)
        return h

    def split(self, width, room):
        return None, self

    def texts(self):
        return ([self.title] if self.title else []) + super().texts()


# ---------------------------------------------------------------------------------------------- speed track


@dataclass
class SpeedCell:
    """One box of a speed track: the speed it stands for, printed in it. mark: a few words printed over the box
    (the box shaded, its figure bold) where something happens at that speed; strong: shaded with a bold figure (a
    whole knot); end: the wide box a track ends in (SINKS); track: the tracker id an end box is (sunk), a tracker of
    its own."""

    text: str
    mark: str = ""
    strong: bool = False
    end: bool = False
    track: str = ""
    turn: bool = False  # an end box with a turn written in beside it once struck (SINKS T__)
    value: float | None = None  # the speed it stands for, as a number (a track struck from its top reads it)

    @property
    def label(self) -> str:
        return self.text


@dataclass
class SpeedRow:
    label: str
    cells: Sequence[SpeedCell]


@dataclass
class SpeedTrack(Block):
    """Rows of boxes, one a speed, to mark the speed a ship is at or to strike the speed she loses: each row's label
    in a column `label_w` mm wide (None: as wide as the labels), then its boxes. fit: the boxes share the width up to
    `cell` mm, one line a row; else they are `cell` mm and wrap to more lines. flow: the rows run on as one line of
    boxes over as many lines as there are rows, a later row's label set inline where it starts (a long ahead ladder
    and a short astern one share two lines: FlowLayout; a row run on is labelled "cont." at the next line's head, replay
    r19: the top ahead knots run on before "Astern" read as astern speeds). The first `struck` boxes of the first row
    are printed struck through (a pre-damaged copy)."""

    rows: Sequence[SpeedRow]
    cell: float = 6.0
    label_w: float | None = 13.0
    label_pad: float = 1.5  # after the labels, when the column is as wide as they are
    fit: bool = True
    flow: bool = False
    flow_gap: float = 2.0  # before a row's label set inline (flow)
    gap: float = 0.0  # between boxes
    row_gap: float = 1.0  # between lines
    space_after: float = 1.0
    size: float = 6.5  # the figures
    label_size: float | None = None  # the rows' labels (None: size)
    family: str = "sans"
    plain_grey: float = 0.0  # a plain box's figure
    mark_size: float = 6.0
    mark_band: float = 2.2  # mm over the first row for the marks
    shade: float = 0.85  # a marked box
    strong_shade: float = 0.9
    end_shade: float = 0.75
    end_min: float = 9.0  # the end box's least width, mm
    line: float = 0.25
    struck: int = 0
    track: str = ""  # the tracker id the first row's speed boxes are (on screen each box carries it and its number)
    # Where set, the first row is a ladder of speeds up to `top` (each cell's value) whose track counts the knots lost
    # off its top: `struck` knots strike every box above top - struck, and the track has a box a whole knot (a box of
    # the ladder is, on screen, the knots lost that strike it), so the current maximum is the top box left.
    top: float | None = None
    label: str = ""  # what the live sheet calls the track (where `top` is set)

    def __post_init__(self):
        # the first row's speed boxes are their tracker (`track`, its first `struck` struck), and an end box naming
        # its tracker (SINKS, ABANDONED) is a tracker of its own (render.tags reads `tracks`)
        speeds = [c for c in (self.rows[0].cells if self.rows else ()) if not c.end]
        count = int(math.floor(self.top)) if self.top is not None else len(speeds)
        self._speeds = (Track(self.label or self.track, count, records=self.track, prefilled=self.struck)
                        if self.track and count else None)
        self._ends = {id(c): Track(c.text, 1, records=c.track, turn=c.turn) for c in self.cells if c.end and c.track}
        if self._speeds or self._ends:
            self.tracks = ([self._speeds] if self._speeds else []) + list(self._ends.values())

    @property
    def cells(self) -> list[SpeedCell]:
        """Every box, row after row."""
        return [c for r in self.rows for c in r.cells]

    def _label_size(self) -> float:
        return self.label_size or self.size

    def _label_w(self) -> float:
        if self.label_w is not None:
            return self.label_w
        widest = max((text_width(r.label, self._label_size(), "bold", "condensed") for r in self.rows), default=0.0)
        return widest + self.label_pad if widest else 0.0

    def cell_w(self, width: float) -> float:
        if self.flow:
            return _flow_cell(self, width)
        if not self.fit:
            return self.cell
        n = max((len(r.cells) for r in self.rows), default=1)
        return min(self.cell, (width - self._label_w() - (n - 1) * self.gap) / max(n, 1))

    def _w(self, c: SpeedCell, cell: float) -> float:
        return max(self.end_min, text_width(c.text, self.size, "bold", self.family) + 2.0) if c.end else cell

    def _places(self, width):
        """(row label or '', x, line, box width, cell) for every box: rows wrap where `fit` is off."""
        return _memo_places(self, width)

    def line_gap(self, width) -> float:
        """Between two lines of boxes: the row gap, or room for the marks where a later line has a marked box."""
        marked = any(c.mark and line for _, _, line, _, c in self._places(width))
        return max(self.row_gap, self.mark_band) if marked else self.row_gap

    def measure(self, width):
        places = self._places(width)
        lines = (places[-1][2] + 1) if places else 0
        return self.mark_band + lines * self.cell_w(width) + max(0, lines - 1) * self.line_gap(width) + self.space_after

    def draw(self, page, x, y, width):
        cell = self.cell_w(width)
        top = y + self.mark_band
        gap = self.line_gap(width)
        for label, lx, line in (_flow_layout(self, width, cell)[1] if self.flow else ()):
            page.text(x + lx, top + line * (cell + gap) + cell * 0.68, label, size=self._label_size(), weight="bold",
                      family="condensed")
        base = cell * 0.68  # the figures' baseline in a box
        strikes = []
        first_row = len([c for c in (self.rows[0].cells if self.rows else ()) if not c.end])
        for k, (label, dx, line, w, c) in enumerate(self._places(width)):
            by = top + line * (cell + gap)
            if label:
                page.text(x, by + base, label, size=self._label_size(), weight="bold", family="condensed")
            bx = x + dx
            shade = self.end_shade if c.end else (self.shade if c.mark else (self.strong_shade if c.strong else None))
            end = self._ends.get(id(c))
            lost = self.knots_striking(c) if k < first_row else None
            tag = ((end.records, end.name, 1) if end else (self.track, self._speeds.name, lost) if lost
                   else (self.track, "", k + 1) if self.track and self.top is None and k < first_row else None)
            page.rect(bx, by, w, cell, width=self.line, fill=shade, tag=tag)
            bold = bool(c.mark or c.strong or c.end)
            text = written_in(c.text, end.written) if end is not None else c.text
            weight = "bold" if bold else "regular"
            # a figure too wide for its box at the least readable size is set in the condensed face with the box's
            # inner edge for room, not squeezed under it (a sloop's 10½-13½ in 4.3 mm boxes read as 5.9 pt)
            family, room = self.family, w - 0.4
            if text_width(text, MIN_READ_PT, weight, family) > room:
                family, room = "condensed", w - self.line
            page.fit_text(bx + w / 2, by + base, text, room, size=self.size, min_size=MIN_READ_PT, align="centre",
                          weight=weight, family=family, colour=0 if bold else self.plain_grey)
            if c.mark:
                page.text(bx + w / 2, by - 0.5, c.mark, size=self.mark_size, align="centre", weight="bold")
            if (self.top is None and k < (self._speeds.prefilled if self._speeds else self.struck)
                    or self.top is not None and k < first_row and c.value is not None and self._speeds is not None
                    and c.value > self.top - self._speeds.prefilled + 1e-9
                    or (end is not None and end.prefilled)):
                i = 0.7
                strikes += [(bx + i, by + i, bx + w - i, by + cell - i), (bx + i, by + cell - i, bx + w - i, by + i)]
        if strikes:
            page.lines(strikes, width=0.35)
        return self.measure(width)

    def texts(self):
        return [r.label for r in self.rows if r.label] + [c.text for c in self.cells]

    def knots_striking(self, c: SpeedCell) -> int | None:
        """On a ladder struck from its top: the knots lost that strike this box (its top box 1), None for a box no
        loss the track counts strikes (0 kn) or on any other track."""
        if self.top is None or self._speeds is None or c.value is None or c.end:
            return None
        lost = int(math.floor(self.top - c.value + 1e-9)) + 1
        return lost if lost <= self._speeds.count else None


RUN_ON = "cont."  # a speed row's label where its boxes run on to the next line


def _flow_layout(track: SpeedTrack, width: float, cell: float):
    """A flowing track's boxes at this cell width, as _places gives them (no label with a box), and its labels
    [(label, x, line)]: the first row's in the label column; a later row's inline after the boxes before it where it
    and all its boxes fit on that line, else in the label column of the next."""
    start = track._label_w()
    out, labels, line, x = [], [], 0, start
    for r, row in enumerate(track.rows):
        if r == 0:
            labels.append((row.label, 0.0, 0))
        else:
            lw = text_width(row.label, track._label_size(), "bold", "condensed") + track.label_pad
            need = track.flow_gap + lw + sum(track._w(c, cell) + track.gap for c in row.cells)
            if x > start and x + need > width + 1e-6:
                line, x = line + 1, start
                labels.append((row.label, 0.0, line))
            else:
                labels.append((row.label, x + track.flow_gap, line))
                x += track.flow_gap + lw
        for c in row.cells:
            w = track._w(c, cell)
            if x > start and x + w > width + 1e-6:
                x, line = start, line + 1
                # a row run on says so at the next line's head, not read as the next row's (replay r19) nor as a
                # second row of its own name (replay 29: a sloop's "Ahead" twice read as two ahead rows)
                labels.append((RUN_ON, 0.0, line))
            out.append(("", x, line, w, c))
            x += w + track.gap
    return out, labels, line + 1


def _flow_cell(track: SpeedTrack, width: float) -> float:
    """A flowing track's box: as wide as `cell` allows with every marked box of the first row on the first line (the
    marks stand over it), narrowed half a tenth of a millimetre at a time till the boxes fit on as many lines as there
    are rows."""
    made = track.__dict__.setdefault("_flow_cell_at", {})
    key = round(width, 4)
    if key not in made:
        first = track.rows[0].cells if track.rows else ()
        marked = max((k + 1 for k, c in enumerate(first) if c.mark), default=0)
        cell = min(track.cell, (width - track._label_w()) / marked) if marked else track.cell
        while cell > 1.0 and _flow_layout(track, width, cell)[2] > len(track.rows):
            cell -= 0.05
        made[key] = cell
    return made[key]


def _memo_places(track: SpeedTrack, width: float):
    made = track.__dict__.setdefault("_places_at", {})
    key = round(width, 4)
    if key not in made and track.flow:
        made[key] = _flow_layout(track, width, track.cell_w(width))[0]
    if key not in made:
        cell, start = track.cell_w(width), track._label_w()
        out, line = [], 0
        for r, row in enumerate(track.rows):
            if r:
                line += 1
            x = start
            for k, c in enumerate(row.cells):
                w = track._w(c, cell)
                if not track.fit and x > start and x + w > width + 1e-6:
                    x, line = start, line + 1
                out.append((row.label if k == 0 else "", x, line, w, c))
                x += w + track.gap
        made[key] = out
    return made[key]


# ---------------------------------------------------------------------------------------------- plans


# along the hull, stern 0 to bow 1 (the sections' lines at 0.28 and 0.66): a single or centre turret midships; a fore
# and an aft one in the bow and the stern sections, as the Milwaukees' stood about a quarter of the hull from each end
# and as their sheets' gun lines say ("· bow", "· stern"), where both once sat circled in the midships box
TURRET_PLACES = {"single": 0.47, "fore": 0.76, "centre": 0.47, "aft": 0.19}
SECTION_LINES = (0.28, 0.66)  # where the stern, midships and bow sections meet, along the hull


@dataclass
class HullPlan(Block):
    """The hull seen from above, stern left, bow right, cut into its three sections (stern, midships, bow) each with
    its rating; turrets on the centre line (their rating circled, placed by role: single, fore, centre, aft), the
    pilot house boxed, paddle boxes or a stern wheel (wheels: 'sidewheel', 'sternwheel'); `under`: a line of further
    ratings under the plan. label: what the plan says, for tests."""

    sections: Sequence[tuple[str, object]]
    label: str = ""
    turrets: Sequence[str] = ()
    turret_rating: object = None
    pilot_house: object = None
    pilot_label: str = "PH"
    wheels: str = ""
    under: str = ""
    height: float = 24.0
    max_width: float = 120.0
    size: float = 13.0  # a section's rating
    name_size: float = 6.0  # a section's name
    turret_size: float = 7.5
    under_size: float = 6.5
    turret_r: float = 3.3
    turret_clear: float = 0.6  # mm between the section ratings and a turret's circle
    hull_fill: float = 0.96
    name_grey: float = 0.35
    wheel_fill: float = 0.85

    def measure(self, width):
        return self.height + (4.0 if self.under else 0.0)

    def draw(self, page, x, y, width):
        x, w = x + 5, min(self.max_width, width) - 5  # room for a stern wheel
        top, bot, mid = y + 3, y + self.height - 3, y + self.height / 2
        page.polygon([(x, top + 5), (x + 4, top), (x + w * 0.8, top), (x + w, mid), (x + w * 0.8, bot), (x + 4, bot),
                      (x, bot - 5)], width=0.5, fill=self.hull_fill)
        a, b = (x + w * at for at in SECTION_LINES)
        page.line(a, top, a, bot, width=0.3)
        page.line(b, top, b, bot, width=0.3)
        value_base = top + 10.5  # the section ratings' baseline: digits stand above it, turrets sit below it
        for (name, value), cx in zip(self.sections, ((x + a) / 2, (a + b) / 2, x + w * 0.76)):
            page.text(cx, top + 3.8, name, size=self.name_size, align="centre", colour=self.name_grey, weight="bold")
            page.text(cx, value_base, str(value), size=self.size, weight="bold", align="centre")
        if self.turrets:
            place = TURRET_PLACES
            # under the midships rating, clear of it and inside the hull outline
            r = min(self.turret_r, (bot - value_base - self.turret_clear - 0.4) / 2)
            cy = value_base + self.turret_clear + r
            for role in self.turrets:
                cx = x + w * place[role]
                page.circle(cx, cy, r, width=0.4, fill=1)
                page.text(cx, cy + 1.0, str(self.turret_rating), size=self.turret_size, weight="bold", align="centre")
        if self.pilot_house is not None:
            px = b - 6.5  # at the midships section's forward end, its label short of the line: a fore turret is past it
            page.rect(px - 2.5, mid + 2.6, 5, 5, width=0.3, fill=1)
            page.text(px, mid + 6.8, str(self.pilot_house), size=self.name_size, align="centre", weight="bold")
            page.text(px + 3.2, mid + 6.8, self.pilot_label, size=self.name_size, colour=self.name_grey)
        if self.wheels == "sidewheel":
            for yy in (top - 3, bot):
                page.rect(x + w * 0.45, yy, w * 0.12, 3, width=0.3, fill=self.wheel_fill)
        elif self.wheels == "sternwheel":
            page.rect(x - 4, top + 4, 3.5, bot - top - 8, width=0.3, fill=self.wheel_fill)
        if self.under:
            page.fit_text(x, y + self.height + 2.5, self.under, w, size=self.under_size, min_size=MIN_READ_PT,
                          weight="bold")
        return self.measure(width)

    def texts(self):
        return [self.label]


@dataclass
class RatingBox(Block):
    """One rating in a heavy frame with its name over it (a fort's walls)."""

    name: str
    value: object
    label: str = ""
    height: float = 12.0
    max_width: float = 40.0
    size: float = 14.0
    name_size: float = 6.0
    fill: float = 0.96
    name_grey: float = 0.35

    def measure(self, width):
        return self.height

    def draw(self, page, x, y, width):
        w, h = min(self.max_width, width), self.height
        page.rect(x, y + 0.5, w, h - 1, width=0.8, fill=self.fill)
        page.text(x + w / 2, y + 3.8, self.name, size=self.name_size, align="centre", colour=self.name_grey,
                  weight="bold")
        page.text(x + w / 2, y + h - 1.9, str(self.value), size=self.size, weight="bold", align="centre")
        return h

    def texts(self):
        return [self.label or f"{self.name} {self.value}"]



# ---------------------------------------------------------------------------------------------- cards, gun rows, fleet log


@dataclass(frozen=True)
class Together:
    """Cards a rule set keeps on one page (a ship and the consorts lashed to her, whose shared results a player marks
    on both at once): CardGrid puts them on the same page in this order, side by side or one above the other, or
    one card after another from a fresh page where together they are taller than a page."""

    cards: tuple[tuple[str, Block], ...]


def keep_together(groups: Sequence[Sequence[tuple[str, Block]]]) -> list:
    """CardGrid's cards from a rule set's groups of (name, card): a group of one is its card, a larger one Together."""
    return [group[0] if len(group) == 1 else Together(tuple(group)) for group in groups]


def card_rows(cards: Sequence[tuple[str, Block] | Together], per_row: int, row, gap: float) -> list[tuple[Block, list[str]]]:
    """Cards `per_row` to a row, for a flow to put a row where it fits (a rule set printing its cards in rows):
    (the row, the names on it), in order; `row(blocks)` makes a row's block of up to per_row cards. Cards given
    Together never straddle two rows where they fit one: the next single card fills the slots they would leave
    (else those stay empty). Cards together that fill more than a row start one, and the rows they take are one
    block `gap` apart that the flow keeps on one page."""
    remaining = [list(item.cards) if isinstance(item, Together) else [item] for item in cards]
    rows: list[list] = []
    joined: list[bool] = []  # joined[k]: row k runs on into row k + 1 (cards together span them)
    current: list = []
    while remaining:
        free = per_row - len(current)
        k = next((k for k, group in enumerate(remaining) if len(group) <= free or not current), None)
        if k is None:  # nothing left fits this row's free slots: it stays short
            rows.append(current), joined.append(False)
            current = []
            continue
        group = remaining.pop(k)
        while len(current) + len(group) > per_row:  # more than the row holds: on into the next, kept with it
            cut = per_row - len(current)
            current, group = current + group[:cut], group[cut:]
            rows.append(current), joined.append(True)
            current = []
        current = current + group
        if len(current) == per_row:
            rows.append(current), joined.append(False)
            current = []
    if current:
        rows.append(current), joined.append(False)
    out: list[tuple[Block, list[str]]] = []
    run: list = []
    for r, joins in zip(rows, joined):
        run.append(r)
        if joins:
            continue
        blocks = [row([card for _, card in one]) for one in run]
        names = [name for one in run for name, _ in one]
        out.append((blocks[0] if len(blocks) == 1 else Stack(blocks, gap=gap, keep_together=True), names))
        run = []
    return out


@dataclass
class CardGrid:
    """Cards (a rule set's record cards) in `columns` columns on as few pages as they fit: each page gets `header` at the top and `footer` at
    the foot; a card goes in the shortest column that has room, and a later, smaller card fills a gap an earlier
    big one left (first fit, in the given order). Cards given Together go on one page as one such card would, each
    in the shortest column with room once the one before is placed. Each card is measured once."""

    doc: object
    header: Block
    footer: Block | None = None
    columns: int = 2
    gap: float = 4.0
    card_gap: float = 3.0
    pages: list = field(default_factory=list)

    def _pages(self, cards: Sequence[tuple[str, Block] | Together]):
        """The cards page by page as placed (first fit, in order), without drawing: for each page a list of (name,
        card, column, y)."""
        box = self.doc.content
        col_w = (box.w - (self.columns - 1) * self.gap) / self.columns
        head_h = self.header.measure(box.w) + 1.5
        foot_h = self.footer.measure(box.w) + 2.0 if self.footer is not None else 0.0
        bottom = box.bottom - foot_h
        # each a group of cards placed on one page: one card, or those kept together
        remaining = [[(name, card, card.measure(col_w)) for name, card in (item.cards if isinstance(item, Together) else [item])]
                     for item in cards]
        shortest = min((h for group in remaining for _, _, h in group), default=0.0)
        card_h = {id(card): h for group in remaining for _, card, h in group}
        kept_with = {id(card): k for k, group in enumerate(remaining) if len(group) > 1 for _, card, _ in group}

        def fit(group, fill) -> list | None:
            """Where each of the group's cards goes on a page filled to `fill` (which it fills further), or None.
            Cards together that first fit puts side by side read from the left in their order where they fit so."""
            was, places = list(fill), []
            for name, card, h in group:
                fits = [c for c in range(self.columns) if fill[c] + h <= bottom]
                if not fits:
                    return None
                col = min(fits, key=lambda c: fill[c])
                places.append((name, card, col, fill[col]))
                fill[col] += h + self.card_gap
            cols = [col for _, _, col, _ in places]
            if len(set(cols)) == len(cols) and cols != sorted(cols) and all(
                    was[col] + h <= bottom for col, (_, _, h) in zip(sorted(cols), group)):
                fill[:] = was
                places = [(name, card, col, was[col]) for col, (name, card, _) in zip(sorted(cols), group)]
                for col, (_, _, h) in zip(sorted(cols), group):
                    fill[col] += h + self.card_gap
            return places

        while remaining:
            fill = [box.y + head_h] * self.columns
            placed: list = []
            i = 0
            while i < len(remaining):
                if placed and min(fill) + shortest > bottom:
                    break  # not even the shortest card fits any more: the page is full
                group = remaining[i]
                tried = list(fill)
                places = fit(group, tried)
                if places is None and not placed:
                    if len(group) > 1:  # together taller than a page: one after another from this fresh page
                        remaining[i:i + 1] = [[one] for one in group]
                        for _, card, _ in group:
                            kept_with.pop(id(card), None)
                        continue
                    name, card, h = group[0]  # taller than a page: it has the page to itself
                    places, tried = [(name, card, 0, fill[0])], [fill[0] + h + self.card_gap] + fill[1:]
                if places is None:
                    i += 1
                    continue
                placed.extend(places)
                fill = tried
                remaining.pop(i)
            if kept_with:  # cards kept together leave gaps first fit cannot fill: try each card left in a new deal
                i = 0
                while i < len(remaining) and placed:
                    dealt = self._deal([(name, card, card_h[id(card)]) for name, card, _, _ in placed] + remaining[i],
                                       box.y + head_h, bottom, kept_with)
                    if dealt is None:
                        i += 1
                        continue
                    placed = dealt
                    remaining.pop(i)
            yield placed

    def _deal(self, cards: list, top: float, bottom: float, kept_with: dict) -> list | None:
        """The cards, in this order, dealt onto one page's columns from `top` (each card under the last card of its
        column) so that every column ends above `bottom`, as (name, card, column, y); None where no deal fits. A card
        kept with the card before her (kept_with: the same group) goes beside her (level with some part of her) or
        right under her, as first fit puts her. The shortest column is tried first, so a deal that first fit
        finds is the one it makes."""
        fill = [top] * self.columns
        out: list = []

        def beside_or_under(k: int, col: int) -> bool:
            if k == 0 or kept_with.get(id(cards[k][1]), -1) != kept_with.get(id(cards[k - 1][1]), -2):
                return True
            _, _, c, y = out[k - 1]
            return col == c or fill[col] < y + cards[k - 1][2] and fill[col] + cards[k][2] > y

        def deal(k: int) -> bool:
            if k == len(cards):
                return True
            name, card, h = cards[k]
            for col in sorted(range(self.columns), key=lambda c: fill[c]):
                if fill[col] + h <= bottom and beside_or_under(k, col):
                    out.append((name, card, col, fill[col]))
                    fill[col] += h + self.card_gap
                    if deal(k + 1):
                        return True
                    fill[col] -= h + self.card_gap
                    out.pop()
            return False

        return out if deal(0) else None

    def count(self, cards: Sequence[tuple[str, Block] | Together]) -> int:
        """How many pages place(cards) takes, measured, not drawn."""
        return sum(1 for _ in self._pages(cards))

    def place(self, cards: Sequence[tuple[str, Block] | Together]) -> None:
        doc = self.doc
        box = doc.content
        col_w = (box.w - (self.columns - 1) * self.gap) / self.columns
        bottom = box.bottom - (self.footer.measure(box.w) + 2.0 if self.footer is not None else 0.0)
        for placed in self._pages(cards):
            page = doc.new_page()
            self.pages.append(page.number)
            self.header.draw(page, box.x, box.y, box.w)
            for name, card, col, y in placed:
                doc.bookmark(name, level=0, y=y)
                card.draw(page, box.x + col * (col_w + self.gap), y, col_w)
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
    there (under them when not). `tracks` are render.tracks.Track, so the sheet's tracker tags find them."""

    tracks: Sequence  # render.tracks.Track
    box: float = 3.6
    gap: float = 0.6
    size: float = 6.5
    note_size: float = 6.0
    row_gap: float = 0.9
    break_gap: float = 1.8  # between two models' boxes in one row (Track.breaks), wider than the fives' 0.8

    def _label_w(self):
        return max((text_width(t.label, self.size, "bold", "condensed") for t in self.tracks), default=0.0) + 1.5

    def _bx(self, t, k: int, per: int) -> float:
        """The left of box k of a track within its rows: its column's place, moved on by a break_gap for each of the
        track's breaks passed in its row (a box after a change of model stands apart)."""
        r, c = divmod(k, per)
        return self._x(c) + self.break_gap * sum(1 for b in getattr(t, "breaks", ()) if r * per < b <= k)

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
            boxes_w = max(self._bx(t, k, per) for k in range(max(1, t.count))) + self.box + self.gap
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
                bx, by = x + lw + self._bx(t, k, per), top + r * (self.box + self.gap)
                page.rect(bx, by, self.box, self.box, width=0.25, tag=(t.records, t.name, k + 1) if t.records else None)
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


@dataclass
class OrdersGrid(Block):
    """One band of an orders log: a row per ship, a column per turn, each turn's cell ruled into the parts of an
    order (`parts`, e.g. 1st half move and its turns, 2nd half and its turns, extras), for writing in by hand.
    Splits between ship rows (the turn headings repeated) when a page cannot hold the whole band."""

    ships: Sequence[tuple[str, str]]  # (name, a small note after it: top speeds)
    turns: Sequence[int]
    parts: Sequence[str]
    note_head: str = ""  # what the small notes by the names are, under "Ship"
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
        head = text_width(self.note_head, self.small, "regular", "condensed")  # the heading's note under "Ship"
        return min(max(need, notes, head, text_width("Ship", self.size, "bold", "condensed")) + 2.0, width * 0.3)

    def measure(self, width):
        return self.head_h + len(self.ships) * self.row_h

    def split(self, width, room):
        fit = int((room - self.head_h) // self.row_h)
        if fit < 1:
            return None, self
        if fit >= len(self.ships):
            return self, None
        kw = dict(parts=self.parts, note_head=self.note_head, row_h=self.row_h, size=self.size, small=self.small, head_h=self.head_h,
                  weights=self.weights)
        return (OrdersGrid(self.ships[:fit], self.turns, **kw), OrdersGrid(self.ships[fit:], self.turns, **kw))

    def draw(self, page, x, y, width):
        nw = self.name_w(width)
        cw = (width - nw) / max(1, len(self.turns))
        h = self.measure(width)
        page.rect(x, y, width, self.head_h, stroke=False, fill=0.88)
        page.text(x + 1.0, y + 3.0, "Ship", size=self.size, weight="bold", family="condensed")
        page.text(x + 1.0, y + self.head_h - 1.0, self.note_head, size=self.small, family="condensed", colour=0.3)
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


__all__ = ["Style", "load_style", "column_widths", "OrdersLog", "GunTable", "SpeedCell", "SpeedRow", "SpeedTrack", "HullPlan", "RatingBox",
           "CardGrid", "CardHead", "Measured", "GunRows", "OrdersGrid",
           "records", "MIN_READ_PT"]


# ---------------------------------------------------------------------------------------------- sheets a page


def sheet_room(height: float, per_page: int, gap: float, slack: float) -> float:
    """The height a sheet may take for `per_page` of them to share a page `height` mm tall, `gap` mm apart (the
    flow's gap, its dashed rule through it), `slack` mm kept below each (a rule set's half pages)."""
    return (height - (per_page - 1) * gap) / per_page - slack


# ---------------------------------------------------------------------------------------------- columns of tables


@dataclass
class Flowing(Block):
    """A block deal_columns may split between rows to fill what is left of a column, the rest going on in the next
    (a long table such as the readings, which would otherwise leave a column part empty and run onto a new page)."""

    child: Block
    least: float = 0.0   # mm: a head shorter than this stays with the rest (a heading is never left alone)

    def measure(self, width):
        return self.child.measure(width)

    def draw(self, page, x, y, width):
        return self.child.draw(page, x, y, width)

    def split(self, width, room):
        head, rest = self.child.split(width, room)
        while head is not None and head.measure(width) > room:  # a split's estimate may run over: ask for less
            room -= 1.0
            head, rest = self.child.split(width, room)
        if head is None or head.measure(width) < self.least:
            return None, self
        return head, (Flowing(rest, self.least) if rest is not None else None)

    def texts(self):
        return self.child.texts()


def deal_columns(blocks: Sequence[Block], width: float, first: float, height: float, gap: float,
                 stack_gap: float) -> list[Block]:
    """Blocks (a quick reference's headed tables) dealt into two columns `gap` mm apart, a page at a time (`first` mm
    of room on the first page, `height` on the rest), `stack_gap` mm between blocks: each goes under the last in the
    current column, else into the other column when it holds it (a short table at the end goes under a short column
    rather than onto a page of its own), else onto a new page. A Flowing block fills what is left of the current
    column and goes on in the next. A Columns block per page."""
    col_w = (width - gap) / 2
    pages: list[Block] = []
    room = first
    cols: list[list[Block]] = [[], []]
    used = [0.0, 0.0]
    current = 0

    def put(k: int, block: Block, h: float) -> None:
        used[k] += h + (stack_gap if cols[k] else 0.0)
        cols[k].append(block)

    pending = list(blocks)
    while pending:
        b = pending.pop(0)
        h = b.measure(col_w)
        flowing = isinstance(b, Flowing)  # goes on where the last block ended, not whole into the other column
        fits = [k for k in ((current,) if flowing else (current, 1 - current))
                if used[k] + h + (stack_gap if cols[k] else 0.0) <= room]
        if fits:
            current = fits[0]
            put(current, b, h)
            continue
        if flowing:
            head, rest = b.split(col_w, room - used[current] - (stack_gap if cols[current] else 0.0))
            if head is not None:
                put(current, head, head.measure(col_w))
                if current == 0 and not cols[1]:
                    current = 1
                pending.insert(0, rest)
                continue
            if current == 0 and not cols[1]:
                current = 1
                pending.insert(0, b)
                continue
        if not cols[0] and not cols[1]:  # taller than an empty page's column, and no way to split it: it goes whole
            put(0, b, h)
            continue
        pages.append(Columns([Stack(cols[0], gap=stack_gap), Stack(cols[1], gap=stack_gap)], gap=gap))
        cols, used, room, current = [[], []], [0.0, 0.0], height, 0
        pending.insert(0, b)
    if cols[0]:
        pages.append(Columns([Stack(cols[0], gap=stack_gap), Stack(cols[1], gap=stack_gap)], gap=gap))
    return pages


# ---------------------------------------------------------------------------------------------- cover and contents


@dataclass
class Line(Block):
    """One line of text fitted to the width (shrunk, then set narrower, never cut: Page.fit_text), a line of
    `leading` × its size tall."""

    text: str
    size: float = 10.0
    weight: str = "regular"
    colour: object = None
    leading: float = 1.2

    def measure(self, width):
        return self.size * self.leading * PT

    def draw(self, page, x, y, width):
        if self.text:
            page.fit_text(x, y + self.size * PT, self.text, width, size=self.size, weight=self.weight,
                          colour=self.colour)
        return self.measure(width)

    def texts(self):
        return [self.text]


@dataclass(eq=False)
class Divider(Block):
    """A dashed rule across the width with words set between its two halves (where one part of a page ends and the
    next begins, e.g. one side's cards and the other's); words wider than the width are fitted and the rule left
    out where no room is left for it."""

    words: str
    size: float = 6.5
    rule_gap: float = 1.5  # between a half of the rule and the words
    below: float = 0.4  # between the words and what follows
    rule: float = 0.3
    dash: tuple = (1.2, 0.8)
    colour: float = 0.35

    def measure(self, width: float) -> float:
        return self.size * 1.1 * PT + self.below

    def draw(self, page, x: float, y: float, width: float) -> float:
        h = self.measure(width)
        line = h - self.below
        w = min(text_width(self.words, self.size, "bold", "condensed"), width)
        mid, rule_y = x + width / 2, y + line * 0.55
        page.fit_text(mid - w / 2, y + line * 0.8, self.words, width, size=self.size, min_size=min(self.size, 6),
                      weight="bold", family="condensed")
        for a, b in ((x, mid - w / 2 - self.rule_gap), (mid + w / 2 + self.rule_gap, x + width)):
            if b > a:
                page.line(a, rule_y, b, rule_y, width=self.rule, dash=self.dash, colour=self.colour)
        return h

    def texts(self) -> list[str]:
        return [self.words]


@dataclass
class Indent(Block):
    """A block set in from both sides by `by` mm."""

    child: Block
    by: float = 4.0

    def measure(self, width):
        return self.child.measure(width - 2 * self.by)

    def draw(self, page, x, y, width):
        self.child.draw(page, x + self.by, y, width - 2 * self.by)
        return self.measure(width)

    def texts(self):
        return self.child.texts()


@dataclass
class Contents(Block):
    """A contents list: each entry's title, 'page' and its page number (filled in when the section starts: the
    document's forward text `section:<key>`), and a grey note beside it. An entry keyed `part:<title>` is a part
    inside the section above it, its whole line forward text (`part:<title>:title`, `:page` and the number under
    `part:<title>`), so that a part the pack does not print leaves its line blank. Columns at `title_at`, `page_at`,
    `number_at` and `note_at` mm from the left, a line `row` mm tall."""

    entries: Sequence[tuple[str, str, str]]  # (title, section key, note)
    size: float  # all from the pack's style record (pack/cover.yaml): no second home for them here
    row: float
    title_at: float
    page_at: float
    number_at: float
    note_at: float
    grey: float
    part_by: float  # a part's line (its key `part:<title>`) is set in this far under its section's
    later: Sequence[str] = ()  # the sections whose note is known only once they are drawn (forward text `note:<key>`)

    def measure(self, width):
        return len(self.entries) * self.row

    def draw(self, page, x, y, width):
        base = y + self.size * PT
        for title, key, note in self.entries:
            if key.startswith("part:"):  # a part inside a section: its line, "page" and all, once it is found
                page.forward_text(x + self.title_at + self.part_by, base, f"{key}:title", size=self.size)
                page.forward_text(x + self.page_at, base, f"{key}:page", size=self.size, colour=self.grey)
                page.forward_text(x + self.number_at, base, key, size=self.size)
                base += self.row
                continue
            page.text(x + self.title_at, base, title, size=self.size)
            page.text(x + self.page_at, base, "page", size=self.size, colour=self.grey)
            page.forward_text(x + self.number_at, base, f"section:{key}", size=self.size)
            if not note and key in self.later:
                page.forward_text(x + self.note_at, base, f"note:{key}", size=self.size)
            elif note:
                page.fit_text(x + self.note_at, base, note, width - self.note_at, size=self.size, colour=self.grey)
            base += self.row
        return self.measure(width)

    def texts(self):
        return [t for title, _, note in self.entries for t in (title, "page", note) if t]


@dataclass
class Later(Block):
    """A block known only once every page is drawn, `height` mm tall: its place is kept here (page.later), and the
    document draws what doc.fill_later(key, block) gives as it closes (a contents whose lines follow where the pack's
    parts fell)."""

    key: str
    height: float

    def measure(self, width):
        return self.height

    def draw(self, page, x, y, width):
        page.later(x, y, width, self.key)
        return self.height


def largest_that_fits(make, sizes: Sequence[float], width: float, height: float):
    """`make(size)` at the largest of `sizes` whose block fits `height` mm (a cover's free text), else at the
    smallest (the flow then carries what is left overleaf: nothing is cut)."""
    for size in sizes:
        block = make(size)
        if block.measure(width) <= height:
            return block
    return make(sizes[-1])


# ---------------------------------------------------------------------------------------------- the turn and the readings
# A rule set declares its sequence of play and its readings of what the text lost as two tables (tables.yaml):
#   sequence_of_play: rows [{phase, does, fires}]       fires: who may fire in that phase ("" nobody)
#   reconstructions:  rows [{rule, reading, option}]     option: the house-rule option that switches to the other
#                                                          reading ("" where there is one)
# The kit prints them; it knows neither game. Sizes come from the rule set's style records `turn_strip`,
# `turn_card` and `readings` when it has them, else from TURN_STYLE.

HOUSE_RULE = "(house rule)"  # after a reading a house rule switched to
TURN_STYLE = {"turn_strip": {"size": 6.5}, "turn_card": {"size": 7.5}, "readings": {"size": 7.0}}


def _record(style: Any, name: str) -> dict[str, Any]:
    """A style record by name, the kit's default where the rule set's style has none."""
    if style is not None and name in style:
        return {**TURN_STYLE[name], **style[name]}
    return dict(TURN_STYLE[name])


def _rows(tables: Any, name: str, fields: Sequence[str]) -> list[dict[str, str]]:
    """A declared table's rows as dicts of text; a row missing a field is an error naming the table."""
    table = tables.require(name) if hasattr(tables, "require") else tables[name]
    rows = table.rows
    if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
        raise RenderError(f"{name}: expected a list of rows, each with {', '.join(fields)}")
    out = []
    for k, row in enumerate(rows, 1):
        missing = [f for f in fields[:2] if not str(row.get(f) or "").strip()]
        if missing:
            raise RenderError(f"{name}: row {k} has no {missing[0]}")
        out.append({f: str(row.get(f) or "").strip() for f in fields})
    return out


def sequence_of_play(tables: Any) -> list[dict[str, str]]:
    """The rule set's phases in order: [{phase, does, fires}]."""
    return _rows(tables, "sequence_of_play", ("phase", "does", "fires"))


def turn_strip(tables: Any, style: Any = None, word: str = "Turn") -> Block:
    """The sequence of play in a line or two, for the head of every sheet page: each phase numbered in bold, who may
    fire in it after a '▸' ("1 Half move · 2 Turn ▸ fire: ships that did not turn · …"), headed by the rule set's
    word for its turn (a rule set may call its turn a bound, keeping "turn" for turning)."""
    runs: list[tuple[str, str]] = [(f"{word}: ", "bold")]
    for k, row in enumerate(sequence_of_play(tables), 1):
        runs.append(((" · " if k > 1 else "") + f"{k} {row['phase']}", "bold"))
        if row["fires"]:
            runs.append((f" ▸ fire: {row['fires']}", "regular"))
    from .text_blocks import Runs
    return Runs(runs, **_record(style, "turn_strip"))


def turn_card(tables: Any, style: Any = None, title: str = "Sequence of play") -> Block:
    """The whole sequence of play as a table: the phase's number and name, what happens in it, who may fire."""
    rows = [[str(k), row["phase"], row["does"], row["fires"] or "—"]
            for k, row in enumerate(sequence_of_play(tables), 1)]
    st = _record(style, "turn_card")
    st = {"align": ["centre", "left", "left", "left"], "widths": [0.5, 2.2, 6.0, 2.6], **st}  # a rule set may set its own
    return Table(rows, header=["", "Phase", "What happens", "Who may fire"], bold_first_col=True, title=title, **st)


def readings(tables: Any) -> list[list[str]]:
    """Every rule the text lost or leaves open: [the rule, the reading this pack plays, the house-rule option that
    switches to the other reading or '—'] (the readings page's rows; the web's rule set page shows them too)."""
    rows = _rows(tables, "reconstructions", ("rule", "reading", "option"))
    if hasattr(tables, "readings"):  # a rule set's tables fill each reading in play (rules.readings): the page follows
        # a house rule's second reading is marked so, the one set aside left out: the readings keep their room
        rows = [{**row, "reading": played["reading"] + (f" {HOUSE_RULE}" if played["switched"] else "")}
                for row, played in zip(rows, tables.readings())]
    return [[row["rule"], row["reading"], row["option"] or "—"] for row in rows]


READINGS_INTRO = ("Rules the surviving text lost or leaves open, as this pack plays them; where there is a second "
                  "reading, a house-rules file plays it by the option named.")


def readings_page(tables: Any, title: str = "What the text leaves open", style: Any = None,
                  intro: str = READINGS_INTRO, option_header: str = "House-rule option") -> list[Block]:
    """Every rule the pack plays that the text lost or leaves open, with the reading this pack uses and the house-rule
    option that switches to the other reading where there are two: a heading, a line on what it is, the table."""
    from .text_blocks import Heading, Text
    rows = readings(tables)
    st = _record(style, "readings")
    size = st.get("size", 7.0)
    return [Heading(title),
            Text(intro, size=size,  # one line (sotw34)
                 space_after=1.5),
            Table(rows, header=["Rule", "Reading this pack plays", option_header], bold_first_col=True,
                  **{"widths": [2.2, 7.0, 2.4], "align": ["left", "left", "left"], **st})]
