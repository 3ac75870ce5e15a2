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

import yaml

from .blocks import PT, Block, Table, Track, records
from .page import RenderError
from .text import number

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


@lru_cache(maxsize=None)
def load_style(path: Path) -> Style:
    """A rule set's style.yaml: {record name: {setting: value}}. Refused (RenderError naming the file and the
    setting) when it is not such a mapping or sets a player's type under 6 pt."""
    try:
        named = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise RenderError(f"{path}: cannot read the style record: {e}") from None
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
    row pitch `row_pt` in points is the room to write in pencil."""

    turns: int
    header: Sequence[str]
    widths: Sequence[Any]
    size: float = 7.0
    row_pt: float = 10.0
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
        """A turn's row in mm."""
        return self.row_pt * PT

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
                              header=list(self.header), widths=widths, size=self.size, leading=self.row_pt / self.size,
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


@dataclass
class GunTable(Table):
    """A guns table with a column of boxes, a box per gun of its row (tick it disabled, cross it destroyed), in lines
    of up to `per_line` with a wider gap after every `group` boxes; each box is a `gun` tracker (through `tracks`,
    which render.blocks.recorded reads). box_col: the boxes' column (0 first, -1 last); widths: the style's column
    widths (column_widths: mm, 'N%', 'boxes'). The table stays whole: its boxes belong to their rows."""

    boxes: Sequence[int] = ()
    box_col: int = 0
    box: float = 2.6
    box_gap: float = 0.6
    per_line: int = 10
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
        self.tracks = [Track(str(k), 1, records=t) for k, n in enumerate(self.boxes) for _ in range(n)
                       for t in self.tracker_ids]
        self._col = self.box_col % self._ncol

    def _line(self) -> int:
        """Boxes on one line."""
        return max(1, min(max(self.boxes, default=1), self.per_line))

    def _x(self, c: int) -> float:
        return c * (self.box + self.box_gap) + ((c // self.group) * self.group_gap if self.group else 0.0)

    def boxes_width(self) -> float:
        n = self._line()
        return max(self.boxes_min, self._x(n - 1) + self.box + self.box_gap + self.boxes_pad)

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
        left = x + sum(widths[:self._col]) + self.padding
        top = y + self._title_h(width) + (heights[0] * line_h if self.header else 0.0)
        for n, lines in zip(self.boxes, heights[1:] if self.header else heights):
            block_h = self._lines_of(n) * (self.box + self.box_gap) - self.box_gap
            by = top + (lines * line_h - block_h) / 2
            for k in range(n):
                r, c = divmod(k, per)
                page.rect(left + self._x(c), by + r * (self.box + self.box_gap), self.box, self.box,
                          width=self.box_line, fill=self.box_fill)
            top += lines * line_h
        return h

    def split(self, width, room):
        return None, self

    def texts(self):
        return ([self.title] if self.title else []) + super().texts()


# ---------------------------------------------------------------------------------------------- speed track


@dataclass
class SpeedCell:
    """One box of a speed track: the speed it stands for, printed in it; `mark` (a few words printed over it, the
    box shaded and its figure bold) where something happens at that speed."""

    text: str
    mark: str = ""


@dataclass
class SpeedRow:
    label: str
    cells: Sequence[SpeedCell]


@dataclass
class SpeedTrack(Block):
    """Rows of boxes, one a speed, to mark the speed a ship is at: each row labelled in a column `label_w` mm wide,
    the boxes as wide as the width allows up to `cell` mm, the marked speeds shaded with their mark over the box."""

    rows: Sequence[SpeedRow]
    cell: float = 6.0
    label_w: float = 13.0
    size: float = 6.5
    mark_size: float = 6.0
    mark_band: float = 2.2  # mm over the first row for the marks
    row_gap: float = 1.0
    shade: float = 0.85
    line: float = 0.25

    def cell_w(self, width: float) -> float:
        n = max((len(r.cells) for r in self.rows), default=1)
        return min(self.cell, (width - self.label_w) / max(n, 1))

    def measure(self, width):
        return self.mark_band + len(self.rows) * (self.cell_w(width) + self.row_gap)

    def draw(self, page, x, y, width):
        cell = self.cell_w(width)
        y += self.mark_band
        base = cell * 0.68  # the figures' baseline in a box
        for row in self.rows:
            page.text(x, y + base, row.label, size=self.size, weight="bold", family="condensed")
            for k, c in enumerate(row.cells):
                cx = x + self.label_w + k * cell
                page.rect(cx, y, cell, cell, width=self.line, fill=self.shade if c.mark else None)
                page.fit_text(cx + cell / 2, y + base, c.text, cell - 0.4, size=self.size, min_size=MIN_READ_PT,
                              align="centre", weight="bold" if c.mark else "regular")
                if c.mark:
                    page.text(cx + cell / 2, y - 0.5, c.mark, size=self.mark_size, align="centre", weight="bold")
            y += cell + self.row_gap
        return self.measure(width)

    def texts(self):
        return [f"{r.label} " + " ".join(c.text for c in r.cells) for r in self.rows]


# ---------------------------------------------------------------------------------------------- plans


TURRET_PLACES = {"single": 0.47, "fore": 0.55, "centre": 0.47, "aft": 0.39}  # along the hull, stern 0 to bow 1
TURRET_PLACES_OF_THREE = {**TURRET_PLACES, "fore": 0.57, "aft": 0.37}


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
        a, b = x + w * 0.28, x + w * 0.66
        page.line(a, top, a, bot, width=0.3)
        page.line(b, top, b, bot, width=0.3)
        value_base = top + 10.5  # the section ratings' baseline: digits stand above it, turrets sit below it
        for (name, value), cx in zip(self.sections, ((x + a) / 2, (a + b) / 2, x + w * 0.76)):
            page.text(cx, top + 3.8, name, size=self.name_size, align="centre", colour=self.name_grey, weight="bold")
            page.text(cx, value_base, str(value), size=self.size, weight="bold", align="centre")
        if self.turrets:
            place = TURRET_PLACES_OF_THREE if len(self.turrets) == 3 else TURRET_PLACES
            # under the midships rating, clear of it and inside the hull outline
            r = min(self.turret_r, (bot - value_base - self.turret_clear - 0.4) / 2)
            cy = value_base + self.turret_clear + r
            for role in self.turrets:
                cx = x + w * place[role]
                page.circle(cx, cy, r, width=0.4, fill=1)
                page.text(cx, cy + 1.0, str(self.turret_rating), size=self.turret_size, weight="bold", align="centre")
        if self.pilot_house is not None:
            px = b + 4
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


__all__ = ["Style", "load_style", "column_widths", "OrdersLog", "GunTable", "SpeedCell", "SpeedRow", "SpeedTrack", "HullPlan", "RatingBox",
           "records", "MIN_READ_PT"]
