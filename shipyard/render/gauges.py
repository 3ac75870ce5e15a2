"""True-scale gauges and templates: fans of turn edges, rays, ticks along an edge, words at a bearing, rulers.

Every length is a real length on paper (mm): draw them on true-scale pages (doc.true_scale_pages(),
Flow(true_scale=True)), which carry the calibration bar. Angles are degrees counter-clockwise from east as seen on
paper (page.arc's convention), y grows down the page. A rule set says what a gauge shows (its turns, its arcs, its
ranges, from its tables) and takes every line width, tick, type size and grey from a style record: a Look read from
its aids.yaml (`gauges:`), so its own modules carry no layout numbers. Every piece draws through Page's
primitives only.

    look = load_looks(path)["turning_gauge"]
    fan(page, (cx, cy), r, 90 - 45, 90, look)             # the outline: shaded, its edges and arc cut along
    page.lines(tick_segments((cx, cy), 45, [25.4, 50.8], [look.tick] * 2, side=-1), width=look.tick_width)
    at_bearing(page, (cx, cy), look.label_r * r, 112.5, "LEFT 45°", look.label)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..errors import ShipyardError
from .paper import MM

Point = tuple[float, float]


@dataclass(frozen=True)
class Type:
    """A line of words: size in points, weight, family, grey, alignment; `rise` lifts the baseline by that share of
    the size (-0.35 lowers it so that capitals centred on a point look centred on it)."""

    size: float
    weight: str = "regular"
    family: str = "sans"
    colour: Any = None
    align: str = "centre"
    rise: float = 0.0
    drop: float = 0.0  # mm the baseline goes below the point it is drawn at

    def draw(self, page, x: float, y: float, text: str, **over) -> float:
        kw = dict(size=self.size, weight=self.weight, family=self.family, colour=self.colour, align=self.align)
        kw.update(over)
        if self.rise:
            y -= self.rise * kw["size"] / MM
        return page.text(x, y + self.drop if self.drop else y, text, **kw)

    def width(self, page, text: str) -> float:
        return page.text_width(text, self.size, self.weight, self.family)

    @property
    def leading_mm(self) -> float:
        return self.size * 1.2 / MM


@dataclass
class Look:
    """A gauge's style record: named measures (mm, greys, point sizes) and named Types, read from aids.yaml.
    Reading a measure it does not have is a clear error naming the record."""

    name: str
    measures: dict = field(default_factory=dict)

    def __getattr__(self, key: str):
        if key.startswith("__") or key in ("name", "measures"):
            raise AttributeError(key)
        try:
            return self.measures[key]
        except KeyError:
            raise ShipyardError(f"gauge style {self.name}: no {key!r} (it has {', '.join(self.measures)})") from None


def load_looks(path: Path) -> dict[str, Look]:
    """The `gauges:` records of a rule set's aids.yaml: {name: {measure: number or list, word_style: {type: {...}}}}."""
    from ..library.yamlfile import read_yaml

    data = (read_yaml(path).data or {}).get("gauges") or {}
    out = {}
    for name, spec in data.items():
        measures = {}
        for key, value in (spec or {}).items():
            if isinstance(value, dict) and set(value) == {"type"}:
                try:
                    measures[key] = Type(**value["type"])
                except TypeError as exc:
                    raise ShipyardError(f"{path.name}: gauge style {name!r}, {key}: {exc}") from None
            else:
                measures[key] = tuple(value) if isinstance(value, list) else value
        out[name] = Look(name, measures)
    return out


def point(pivot: Point, r: float, deg: float) -> Point:
    """The point r mm from the pivot at deg (counter-clockwise from east, on paper)."""
    a = math.radians(deg)
    return pivot[0] + r * math.cos(a), pivot[1] - r * math.sin(a)


def radial(centre: Point, deg: float, r_from: float, r_to: float) -> tuple[float, float, float, float]:
    """The segment out from the centre along deg, from r_from to r_to mm (for page.lines: ticks, rays, spokes)."""
    return (*point(centre, r_from, deg), *point(centre, r_to, deg))


def annulus_outline(centre: Point, r_in: float, r_out: float, start_deg: float, extent_deg: float, steps: int = 6) -> list:
    """The outline of the band between two arcs, as a polygon: the outer arc from start_deg over extent_deg in
    `steps` chords, then the inner arc back (a glue tab, a shaded stretch of a strip)."""
    outer = [point(centre, r_out, start_deg + extent_deg * i / steps) for i in range(steps + 1)]
    inner = [point(centre, r_in, start_deg + extent_deg * i / steps) for i in range(steps, -1, -1)]
    return outer + inner


def fan_extent(r: float, start_deg: float, extent_deg: float) -> tuple[float, float, float, float]:
    """How far a fan of radius r reaches from its pivot: (left, top, right, bottom) in mm, negative up and left (y
    grows down), the pivot included: what a gauge needs on the page."""
    angles = [start_deg, start_deg + extent_deg]
    k = math.ceil(min(angles) / 90.0)
    while k * 90 <= max(angles):  # the arc's furthest points lie at the ends or due east, north, west or south
        angles.append(k * 90.0)
        k += 1
    xs = [0.0] + [r * math.cos(math.radians(a)) for a in angles]
    ys = [0.0] + [-r * math.sin(math.radians(a)) for a in angles]
    return min(xs), min(ys), max(xs), max(ys)


def fan(page, pivot: Point, r: float, start_deg: float, extent_deg: float, look: Look, *, edges: bool = True) -> None:
    """A fan's outline: the wedge shaded (look.fill), its two edges and its arc at the outline's width (look.cut):
    the lines cut along. edges=False draws the shade and the arc only (the caller rules its edges)."""
    cx, cy = pivot
    page.wedge(cx, cy, r, start_deg, extent_deg, fill=look.fill, stroke=False)
    if edges:
        for deg in (start_deg, start_deg + extent_deg):
            ray(page, pivot, deg, 0.0, r, look.cut)
    page.arc(cx, cy, r, start_deg, extent_deg, width=look.cut)


def ray(page, pivot: Point, deg: float, r_from: float, r_to: float, width: float, dash=None, colour=None) -> None:
    """A straight line out from the pivot along deg, from r_from to r_to mm."""
    page.line(*radial(pivot, deg, r_from, r_to), width=width, dash=dash, colour=colour)


def tick_segments(pivot: Point, deg: float, at_mm: Sequence[float], lengths: Sequence[float], side: int = 1) -> list:
    """Ticks square to the edge along deg at each distance in at_mm, each its own length, toward the edge's left
    (side=1, counter-clockwise of it) or right (side=-1)."""
    a = math.radians(deg)
    nx, ny = -math.sin(a) * side, -math.cos(a) * side  # the edge's normal on paper, toward `side`
    segs = []
    for d, t in zip(at_mm, lengths):
        px, py = point(pivot, d, deg)
        segs.append((px, py, px + t * nx, py + t * ny))
    return segs


def at_bearing(page, pivot: Point, r: float, deg: float, text: str, kind: Type, **over) -> float:
    """Words centred (as kind aligns them) on the point r mm from the pivot at deg."""
    x, y = point(pivot, r, deg)
    return kind.draw(page, x, y, text, **over)


@dataclass(frozen=True)
class Band:
    """A stretch of a ruler from start to end (in the ruler's own units), shaded, named when it has room."""

    label: str
    start: float
    end: float
    shade: float


def ruler(page, x: float, top: float, start: float, end: float, unit_mm: float, bands: Sequence[Band], look: Look) -> None:
    """A ruler from `start` to `end` units (a piece of a longer one: its numbers run on from start), `unit_mm` mm a
    unit, its top-left at (x, top): shaded bands named where look.band_room mm hold the name, an outline, a tick
    every unit (longer every look.major units) numbered from the edge in, a half tick between, and a full-height
    line at every band's edge inside it."""
    length = (end - start) * unit_mm
    h = look.height
    for b in bands:
        lo, hi = max(b.start, start), min(b.end, end)
        if hi <= lo:
            continue
        page.rect(x + (lo - start) * unit_mm, top, (hi - lo) * unit_mm, h, stroke=False, fill=b.shade)
        if (hi - lo) * unit_mm > look.band_room:
            look.band_type.draw(page, x + ((lo + hi) / 2 - start) * unit_mm, top + h - look.band_raise, b.label)
    page.rect(x, top, length, h, width=look.outline)
    ticks = []
    for i in range(int(round(start)), int(round(end)) + 1):
        xx = x + (i - start) * unit_mm
        major = i % look.major == 0
        ticks.append((xx, top, xx, top + (look.tick_major if major else look.tick)))
        if i > 0:
            align = "left" if i == start else ("right" if i == end else "centre")
            nudge = look.number_nudge if align == "left" else (-look.number_nudge if align == "right" else 0.0)
            kind = look.number_major if major else look.number
            kind.draw(page, xx + nudge, top + look.number_drop, f"{i}", align=align)
    for i in range(int(round(start * 2)), int(round(end * 2)) + 1):
        if i % 2:
            xx = x + (i / 2 - start) * unit_mm
            ticks.append((xx, top, xx, top + look.tick_half))
    for b in bands:
        for edge in (b.start, b.end):
            if start < edge < end:
                xx = x + (edge - start) * unit_mm
                ticks.append((xx, top, xx, top + h))
    page.lines(ticks, width=look.tick_width)


@dataclass(frozen=True)
class Front:
    """A sector a fort's guns bear on, in compass degrees clockwise from `start` to `end` (north 0, east 90), and the
    words set in its wedge (its guns)."""

    start: float
    end: float
    inside: str = ""


def compass(deg: float) -> float:
    """A compass bearing (clockwise from north, up the page) as a paper angle (counter-clockwise from east)."""
    return 90.0 - deg


def clockwise_extent(start: float, end: float) -> float:
    """Degrees clockwise from one compass bearing to another, 360 for a full circle (start == end)."""
    return (end - start) % 360.0 or 360.0


def bearing_disc(page, centre: Point, r: float, fronts: Sequence[Front], look: Look) -> None:
    """A fort's sector gauge, true in its angles (its size is free): a disc cut out along its rim, north marked at its
    top to align with the table's north edge, a tick every look.tick_every degrees (longer every 90), each front a
    shaded wedge (look.shades in turn) ruled along its edges, with its edges' bearings outside the rim and its words
    inside; the centre marked, to set on the fort's place."""
    cx, cy = centre
    for k, f in enumerate(fronts):
        extent = clockwise_extent(f.start, f.end)
        page.wedge(cx, cy, r, compass(f.end), extent, fill=look.shades[k % len(look.shades)], stroke=False)
    page.circle(cx, cy, r, width=look.cut)
    step = float(look.tick_every)
    ticks = [radial(centre, compass(k * step), r - (look.tick_major if (k * step) % 90 == 0 else look.tick), r)
             for k in range(int(round(360 / step)))]
    page.lines(ticks, width=look.tick_width)
    edges = []
    for f in fronts:
        for deg in (f.start, f.end):
            if deg not in edges:
                edges.append(deg)
            ray(page, centre, compass(deg), 0.0, r, look.edge_width)
    for deg in edges:
        at_bearing(page, centre, r + look.bearing_out, compass(deg), f"{deg % 360:03.0f}", look.bearing)
    for f in fronts:
        if f.inside:
            mid = f.start + clockwise_extent(f.start, f.end) / 2
            at_bearing(page, centre, r * look.inside_r, compass(mid), f.inside, look.inside)
    top = cy - r - look.north_out
    page.polygon([(cx, top - look.north_h), (cx - look.north_w / 2, top), (cx + look.north_w / 2, top)], fill=0,
                 width=look.tick_width)
    look.north.draw(page, cx + look.north_w, top, "N")
    page.circle(cx, cy, look.centre_r, fill=0, width=look.tick_width)


def disc_room(r: float, look: Look) -> tuple[float, float]:
    """The width and height a bearing disc of radius r takes with its bearings and north mark: what a caller lays
    it out by."""
    return 2 * (r + look.bearing_room), 2 * r + look.bearing_room + look.north_out + look.north_h
