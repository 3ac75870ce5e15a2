"""Counter and chit sheets: chits with a front and a back face, imposed on cut-marked cells.

A rule set says what each chit holds, as a Face: a list of (part, content) pairs, where a part is a piece of a style
record it reads from its own `aids.yaml` (load_style) and the content is the words (or nothing). It places nothing
itself: the parts carry every size and position, measured from the chit's top-left corner, and chit_sheet lays the
chits out in one of three ways, the same for every rule set:

    fronts   the fronts only, one chit to a cell;
    fold     each cell doubled, the back beside or below its front across a dashed fold line (turned upside down
             across it when the style says so, so that a chit folded over reads the right way up);
    backs    each page of fronts followed by its mirrored back page (long-edge duplex: every back lands behind its
             front); a back page with nothing on it says so, since some printers drop an empty page.

    style = load_style(Path(__file__).with_name("aids.yaml"))["speed_counter"]
    chits = [Chit([(style["frame"], None), (style["figure"], "3")], back=[...])]
    chit_sheet(doc, chits, style, layout="backs", title="Speed counters")

Every part draws through Page's primitives only, so whatever draws a Page (PDF, SVG) draws the chits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Sequence

from ..errors import ShipyardError
from .paper import MM
from .text import wrap_lines

Content = Any  # the words a part shows: a string, a list of lines (Lines), a callable choosing a name, or None


@dataclass(frozen=True)
class Panel:
    """A rectangle `inset` mm inside the chit: its frame, its fill, or a band `height` mm deep across its top."""

    inset: float = 0.0
    height: float | None = None
    width: float = 0.3
    stroke: bool = True
    fill: Any = None
    colour: Any = None
    dash: tuple | None = None

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        i = self.inset
        tall = h - 2 * i if self.height is None else self.height
        page.rect(x + i, y + i, w - 2 * i, tall, width=self.width, stroke=self.stroke,
                  fill=content if content is not None else self.fill, colour=self.colour, dash=self.dash)


@dataclass(frozen=True)
class Field:
    """A clear field across the chit: `inset` mm from either side, from `top` mm down, `height` mm deep (the
    ground words sit on over a pattern)."""

    top: float
    height: float
    inset: float = 0.0
    fill: Any = 1

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        page.rect(x + self.inset, y + self.top, w - 2 * self.inset, self.height, stroke=False, fill=self.fill)


@dataclass(frozen=True)
class Ring:
    """A circle about the chit's centre, `inset` mm inside its edge."""

    inset: float = 0.0
    width: float = 0.3
    fill: Any = None
    colour: Any = None
    dash: tuple | None = None

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        page.circle(x + w / 2, y + h / 2, min(w, h) / 2 - self.inset, width=self.width, fill=self.fill,
                    colour=self.colour, dash=self.dash)


@dataclass(frozen=True)
class Hatch:
    """Diagonal lines `step` mm apart across the whole chit."""

    step: float = 2.2
    width: float = 0.25
    colour: Any = 0.6

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        s = min(w, h)
        segs = []
        k = self.step
        while k < 2 * s:
            # the line u + v = k (u right, v down) clipped to the square
            u0, v0 = max(0.0, k - s), min(s, k)
            u1, v1 = min(s, k), max(0.0, k - s)
            segs.append((x + u0, y + v0, x + u1, y + v1))
            k += self.step
        page.lines(segs, width=self.width, colour=self.colour)


@dataclass(frozen=True)
class Shape:
    """A filled outline (an arrow, a pointer): its points in mm from the chit's top-right corner (x leftward is
    negative) when `from_right`, else from its top-left; a content is its fill instead (1: drawn open)."""

    points: tuple
    fill: Any = 0
    from_right: bool = True

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        left = x + w if self.from_right else x
        page.polygon([(left + px, y + py) for px, py in self.points],
                     fill=content if content is not None else self.fill)


@dataclass(frozen=True)
class Words:
    """One line of words centred across the chit with its baseline `y` mm below the top. With `margin`, it is
    fitted to the chit's width less the margin (shrunk down to min_size, then set narrower); `sizes` picks the
    size by the number of characters ({2: 14, 3: 12, ...}; longer: `size`). A callable content is a name to
    shorten: it is given a test of whether a form of the name fits at min_size and returns the form to print."""

    y: float
    size: float
    margin: float | None = None
    min_size: float = 5
    weight: str = "regular"
    family: str = "sans"
    colour: Any = None
    sizes: dict | None = None

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None, **_) -> None:
        ink = self.colour
        text = content
        room = w - (self.margin or 0.0)
        if callable(text):
            text = text(lambda s: page.text_width(s, self.min_size, self.weight, self.family) <= room)
        if not text:
            return
        size = self.size
        for most, bigger in sorted((self.sizes or {}).items()):
            if len(text) <= int(most):
                size = bigger
                break
        if self.margin is None:
            page.text(x + w / 2, y + self.y, text, size=size, weight=self.weight, align="centre", family=self.family,
                      colour=ink)
        else:
            page.fit_text(x + w / 2, y + self.y, text, room, size=size, min_size=self.min_size, weight=self.weight,
                          align="centre", family=self.family, colour=ink)


@dataclass(frozen=True)
class Lines:
    """Words already broken into lines, at a size (and squeeze) of the rule set's choosing: a Stack's content."""

    lines: Sequence[str]
    size: float | None = None
    squeeze: float = 1.0


@dataclass(frozen=True)
class Stack:
    """Lines of words centred across the chit, one under another `leading` × size apart.

    Where the first line goes: its baseline `y` mm below the top (`at_lines` {n: y} by how many lines there are), or
    the last line's baseline at `last_y` (`last_y_small` when set smaller than `size`), or, with `top`, the lines
    hang from `top` mm down (each baseline `drop` × size above the bottom of its line), and with neither the stack
    hangs `gap` mm under the stack before it. A string content is wrapped to the width less `margin`, to at most
    `max_lines`; with `chord`, to the width of a circle `chord` mm inside the chit at the second line's depth.
    `fit` fits each line to the width as Words does."""

    size: float
    leading: float = 1.2
    y: float | None = None
    at_lines: dict | None = None
    last_y: float | None = None
    last_y_small: float | None = None
    top: float | None = None
    gap: float = 0.0
    drop: float = 0.0
    margin: float = 0.0
    max_lines: int | None = None
    chord: float | None = None
    fit: bool = False
    min_size: float = 5
    weight: str = "regular"
    family: str = "sans"
    colour: Any = None

    def draw(self, page, x: float, y: float, w: float, h: float, content: Content = None,
             cursor: list | None = None) -> None:
        ink = self.colour
        size, squeeze = self.size, 1.0
        if isinstance(content, Lines):
            lines, size, squeeze = list(content.lines), content.size or self.size, content.squeeze
        else:
            lines = self.wrap(str(content or ""), w, h)
        step = size * self.leading / MM
        if self.top is not None or (self.y is None and self.at_lines is None and self.last_y is None):
            top = y + self.top if self.top is not None else (cursor[0] if cursor else y) + self.gap
            base = [top + (k + 1) * step - size * self.drop / MM for k in range(len(lines))]
            if cursor is not None and lines:
                cursor[:] = [top + len(lines) * step]
        else:
            if self.last_y is not None:
                last = self.last_y if size >= self.size or self.last_y_small is None else self.last_y_small
                first = y + last - (len(lines) - 1) * step
            elif self.at_lines is not None:
                first = y + self.at_lines.get(len(lines), self.at_lines.get(max(self.at_lines)))
            else:
                first = y + self.y
            base = [first + k * step for k in range(len(lines))]
        for line, by in zip(lines, base):
            if self.fit:
                page.fit_text(x + w / 2, by, line, w - self.margin, size=size, min_size=self.min_size,
                              weight=self.weight, align="centre", family=self.family, colour=ink)
            else:
                page.text(x + w / 2, by, line, size=size, squeeze=squeeze, weight=self.weight, align="centre",
                          family=self.family, colour=ink)

    def wrap(self, text: str, w: float, h: float) -> list[str]:
        width = w - self.margin
        if self.chord is not None and self.y is not None:
            half, centre = min(w, h) / 2 - self.chord, min(w, h) / 2
            second = self.y + self.size * self.leading / MM - centre  # the second line's depth below the centre
            width = 2 * math.sqrt(max(half * half - second ** 2, 1.0))
        lines = wrap_lines(text, width, self.size, self.weight, self.family)
        return lines[: self.max_lines] if self.max_lines else lines


PARTS = {"panel": Panel, "field": Field, "ring": Ring, "hatch": Hatch, "shape": Shape, "words": Words, "stack": Stack}
Part = Panel | Field | Ring | Hatch | Shape | Words | Stack
Face = Sequence[tuple[Part, Content]]


@dataclass(frozen=True)
class FoldLine:
    """The dashed line a fold-over chit is folded along, `inset` mm short of the cell's sides at either end."""

    inset: float = 0.0
    width: float = 0.2
    dash: tuple = (1, 1)
    colour: Any = None


@dataclass
class ChitStyle:
    """A style record for one kind of chit: its size, its parts by name, and how it folds."""

    name: str
    size: tuple[float, float]
    parts: dict[str, Part] = field(default_factory=dict)
    fold: str = "below"  # where a folded chit's back goes: below or beside its front
    turn_back: bool = False  # a folded back is drawn upside down (it reads the right way up once folded over)
    fold_line: FoldLine = FoldLine()
    cell: tuple[float, float] | None = None  # the cell each chit is centred in, when it is larger than the chit
    numbers: dict = field(default_factory=dict)  # any other measure the rule set's own fitting reads

    def __getitem__(self, part: str) -> Part:
        try:
            return self.parts[part]
        except KeyError:
            raise ShipyardError(f"style {self.name}: no part {part!r} (it has {', '.join(self.parts)})") from None

    @property
    def w(self) -> float:
        return self.size[0]

    @property
    def h(self) -> float:
        return self.size[1]


@dataclass(frozen=True)
class Chit:
    """One counter: its front, and its back (None: nothing is printed behind it)."""

    front: Face
    back: Face | None = None
    style: ChitStyle | None = None  # the chit's own style when it is not the sheet's (a smaller chit in its cell)


def load_style(path: Path) -> dict[str, ChitStyle]:
    """Read a rule set's style records: {name: {size: [w, h], parts: {part: {kind: {field: value}}}, fold: ...,
    turn_back: ..., fold_line: {...}, cell: [w, h], numbers: {...}}}. Kinds: panel, field, ring, hatch, shape, words,
    stack (the classes above; their fields are the keys)."""
    from ..library.yamlfile import read_yaml

    data = read_yaml(path).data or {}
    out = {}
    for name, spec in data.items():
        if name == "gauges":  # the gauges' records (render/gauges.py)
            continue
        try:
            parts = {}
            for part, kinds in (spec.get("parts") or {}).items():
                ((kind, values),) = kinds.items()
                parts[part] = _build(PARTS[kind], values or {})
            out[name] = ChitStyle(name, tuple(spec["size"]), parts, spec.get("fold", "below"), bool(spec.get("turn_back")),
                                  _build(FoldLine, spec.get("fold_line") or {}),
                                  tuple(spec["cell"]) if spec.get("cell") else None, dict(spec.get("numbers") or {}))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ShipyardError(f"{path.name}: style {name!r} is not a style record ({exc})") from None
    return out


def _build(cls, values: dict):
    known = {f.name for f in fields(cls)}
    stray = sorted(set(values) - known)
    if stray:
        raise ValueError(f"{cls.__name__.lower()} has no {stray[0]!r}")
    return cls(**{k: tuple(map(_tuple, v)) if isinstance(v, list) else v for k, v in values.items()})


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v


def draw_face(page, x: float, y: float, style: ChitStyle, face: Face) -> None:
    """Every part of the face in order, with the chit's top-left at (x, y)."""
    cursor: list = [y]  # where a Stack with neither y nor top hangs: under the stack before it
    for part, content in face:
        part.draw(page, x, y, style.w, style.h, content, cursor=cursor)


LAYOUTS = ("fronts", "fold", "backs")
BLANK_BACK = "back of the {title} page: left blank for duplex printing"
BLANK_BACK_PT, BLANK_BACK_GREY, BLANK_BACK_RAISE_MM = 6.0, 0.5, 2.0


def layout_of(fold: bool, backs: bool) -> str:
    """The layout a counters command asks for."""
    if fold and backs:
        raise ShipyardError("choose --fold (fold-over) or --backs (duplex), not both")
    return "fold" if fold else "backs" if backs else "fronts"


def cells_left(doc, n: int, style: ChitStyle, layout: str = "fronts", per: str = "row") -> int:
    """How many more cells of `style` end the last row (per="page": the last page) of `n` chits laid out as
    chit_sheet lays them (a fold-over cell holds a front and its back; 0 when it is full): room for spares that costs
    no row (no page)."""
    cw, ch = style.cell or style.size
    if layout == "fold":
        cw, ch = (2 * cw, ch) if style.fold == "beside" else (cw, 2 * ch)
    cols, rows, _, _ = doc.grid(cw, ch)
    return -n % (cols if per == "row" else cols * rows)


def chit_sheet(doc, chits: Sequence[Chit], style: ChitStyle, *, layout: str = "fronts", title: str | None = None,
               fold_title: str | None = None, back_title: str | None = None, go_on: bool = False) -> None:
    """Pages of chits in the given layout (see the module's docstring). title: the bookmark (fold_title the
    fold-over's, default title; back_title the first back page's, default none). go_on: start below what the current page holds
    (not with backs: a back must match its front)."""
    if layout not in LAYOUTS:
        raise ShipyardError(f"layout {layout!r}: expected {', '.join(LAYOUTS)}")
    chits = list(chits)
    if not chits:
        return
    cw, ch = style.cell or style.size

    def draw(page, x, y, chit: Chit, back: bool) -> None:
        face = chit.back if back else chit.front
        if face is None:
            return
        own = chit.style or style
        dx, dy = (cw - own.w) / 2, (ch - own.h) / 2
        draw_face(page, x + dx, y + dy, own, face)

    if layout == "fold":
        beside = style.fold == "beside"
        fw, fh = (2 * cw, ch) if beside else (cw, 2 * ch)
        line = style.fold_line
        for (page, x, y), chit in zip(doc.cells(len(chits), fw, fh, bookmark=fold_title or title, new_page=not go_on), chits):
            draw(page, x, y, chit, False)
            if beside:
                page.line(x + cw, y + line.inset, x + cw, y + ch - line.inset, width=line.width, dash=line.dash,
                          colour=line.colour)
            else:
                page.line(x + line.inset, y + ch, x + cw - line.inset, y + ch, width=line.width, dash=line.dash,
                          colour=line.colour)
            bx, by = (x + cw, y) if beside else (x, y + ch)
            if style.turn_back:
                with page.rotated(bx + cw / 2, by + ch / 2, 180):
                    draw(page, bx, by, chit, True)
            else:
                draw(page, bx, by, chit, True)
        return
    if layout == "fronts":
        for (page, x, y), chit in zip(doc.cells(len(chits), cw, ch, bookmark=title, new_page=not go_on), chits):
            draw(page, x, y, chit, False)
        return
    blank = all(c.back is None for c in chits)
    noted = set()
    for page, x, y, chit, is_back in doc.duplex_cells(chits, cw, ch, bookmark=title, back_bookmark=back_title):
        if is_back and blank and id(page) not in noted:
            noted.add(id(page))
            box = page.content
            page.text(box.x + box.w / 2, box.bottom - BLANK_BACK_RAISE_MM, BLANK_BACK.format(title=(title or "counters").lower()),
                      size=BLANK_BACK_PT, align="centre", colour=BLANK_BACK_GREY)
        draw(page, x, y, chit, is_back)


def whole_rows(doc, wanted: int, style: ChitStyle, *, go_on: bool = False) -> int:
    """At least `wanted` chits, rounded up to whole rows of cells: with go_on, what fits below what the current
    page holds, then whole rows on the next; in proportion to the fleet, never a page-full for its own sake."""
    cw, ch = style.cell or style.size
    cols, rows, _, y0 = doc.grid(cw, ch)
    here = 0
    if go_on and doc.page is not None:
        band = y0 - doc.content.y
        top = doc.cells_bottom + 2.0 if doc.cells_bottom is not None else doc.page.content.y
        here = max(0, int((doc.page.content.bottom - band - (top + band) + 1e-9) // ch)) * cols
    if wanted <= here:
        return min(here, math.ceil(wanted / cols) * cols)
    return here + math.ceil((wanted - here) / cols) * cols
