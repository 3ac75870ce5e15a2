"""The table plan: a scaled map of the table with a grid in the table's own units and a scale bar, the ground drawn so
that it reads in black and white, every unit at its start with its heading and a label that never covers another.

The plan knows no game: it is given the table's size in its units (inches, centimetres), shapes in those units (x to
the right, y up the table, as a chart is read: north up), and markers; it measures and draws like every block.

    TablePlan(width=72, depth=48, unit="in", grid=12,
              shapes=[Shape("land", [(61, 28), (72, 27), ...], "Mobile Point")],
              markers=[Marker("Tecumseh", 59, 17.5, heading=0), Marker("Fort Morgan", 65.5, 31.5, fort=True,
                       arcs=[(170, 340)])])
"""

from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass, field
from typing import Sequence

from .measure import PT, Block, text_width

# How each kind of ground reads on paper: (fill grey or None, outline grey, outline dash, outline width mm).
# Greys only, so that it prints the same in black and white; the legend names them.
# How far (in markers) a label is first tried beside its marker, in eight directions; where none of these is free,
# the nearest free place round the marker wins (a label 13 markers above a column's last ship, when there was room
# just beside her, read as another's: a replay found Mobile Bay's last sloop unlabelled).
NEAR_REACHES = (1.0, 2.2, 3.6, 5.5)
LABEL_GAP = (1.2, 0.5)  # mm kept clear round a placed label, across and up: two names side by side read as two
# (0.5 up: at 0.3 "CSS Selma" sat on "Torpedo line", r19; at 0.6 a Letter plan's last pair found no room by her)
BESIDE_GROUND = 3.0  # mm: a torpedo field's name set off its crosses stays this near the field, else goes on it
CONSORT = 0.75  # a lashed consort's triangle, to her partner's: the gunboat beside the sloop
FRAME = 0.4  # mm: the plan's frame line, centred on the table's edge; a label may end within its outer half (Mobile
# Bay's Winnebago, x 59 in on a 72 in table, ran 0.1 mm past the edge on Letter and went to the far side of the line)

# The three lines that meet where a fort overlooks a channel and a set-up zone are told apart by dash, grey and
# width at once (a replay could not tell Fort Morgan's sector from the channel's edge and the bay's zone): the
# channel's edge in long mid-grey dashes, a zone's in a heavy pale dash-dot, a fort's sector (SECTOR) in short black
# dashes with solid black edges.
GROUND = {
    "land": (0.78, 0.35, None, 0.3),
    "channel": (None, 0.45, (3.0, 1.5), 0.35),
    "shoal": (0.92, 0.55, (0.5, 0.8), 0.3),
    "bar": (0.92, 0.55, (0.5, 0.8), 0.3),
    "torpedo": (None, 0.1, (1.0, 0.7), 0.35),
    "zone": (None, 0.7, (4.0, 1.0, 1.0, 1.0), 0.6),
    "obstruction": (None, 0.1, None, 0.8),
}
# mm kept clear beside a grid figure (across; up and down a label may touch it): a label set hard against one read as a single word,
# "36Dauphin Island" (replays r21 and r22, Mobile Bay p2)
GRID_FIGURE_GAP = (1.2, 0.0)
# a fort's sector of fire: (grey, the arc's dash, width mm); its edges are solid in the same grey
SECTOR = (0.0, (1.0, 0.8), 0.3)
LEGEND_WORDS = {"land": "land", "channel": "channel (long grey dashes)", "shoal": "shoal (pale, dotted)",
                "bar": "bar", "torpedo": "torpedo field (×)", "zone": "set-up zone (heavy pale dash-dot)",
                "obstruction": "obstruction (heavy line)"}


@dataclass
class Shape:
    kind: str  # one of GROUND
    points: Sequence[tuple[float, float]]  # table units, y up the table
    name: str = ""
    note: str = ""  # printed in the plan's key (depth, density)


@dataclass
class Marker:
    label: str
    x: float
    y: float
    heading: float | None = None  # compass degrees (0 up the table)
    fort: bool = False
    arcs: Sequence[tuple[float, float]] = ()  # compass sectors it bears on, clockwise from the first to the second
    side: int = 0  # 0 or 1: filled black or drawn open, so the two sides differ in black and white
    anchored: bool = False
    buoy: bool = False  # a mark steered by: a small ringed dot
    consorts: Sequence[str] = ()  # the side ("port", "starboard") of each ship lashed to her: a smaller hull drawn there


# the labels' places of the last plans drawn in this process, by the plan's whole content and width: a plan is
# made afresh each time its page is drawn, and its labels' search is most of its cost
_PLACED: dict[tuple[str, float], list] = {}
PLACED_KEPT = 16


@dataclass
class TablePlan(Block):
    width: float  # the table, in its units
    depth: float
    unit: str  # "in", "cm"
    grid: float  # a grid line every this many units
    shapes: Sequence[Shape] = ()
    markers: Sequence[Marker] = ()
    max_height: float = 150.0  # mm the plan may take on the page
    label_size: float = 6.0
    marker: float = 2.2  # mm: a ship's triangle, a fort's square
    arc_radius: float = 9.0  # mm: the length of a fort's sector marks (they show where it bears, not its range)
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    # ---------------------------------------------------------------- geometry
    def _scale(self, width: float) -> float:
        """mm on paper per table unit: the plan fills the width, or the height it may take."""
        return min(width / self.width, self.max_height / self.depth)

    def _bar_height(self) -> float:
        return 3.0 + self.label_size * PT * 1.3

    def measure(self, width):
        return self.depth * self._scale(width) + self._bar_height()

    def labels(self, width: float) -> list[tuple[str, float, float, float, float]]:
        """Every unit's label as placed: (text, x0, y0, x1, y1) in mm from the plan's top-left corner. Each is set
        beside its marker where it covers no other label and no marker and lies nearer its own marker than any other
        (own_nearest), trying nearer places first; a label that finds no such place goes where it covers least."""
        key = round(width, 3)
        if key in self._cache:
            return self._cache[key]
        drawn = (repr(self), key)  # the same plan drawn again (a pack drawn twice to refile its contents): placed once
        if drawn in _PLACED:
            self._cache[key] = _PLACED[drawn]
            return self._cache[key]
        s = self._scale(width)
        w, h = self.width * s, self.depth * s
        size = self.label_size
        th = size * PT * 1.05
        r = self.marker
        spots = [(m.label, m.x * s, h - m.y * s, r) for m in self.markers]
        taken: list[tuple[float, float, float, float]] = [(x - r, y - r, x + r, y + r) for _, x, y, _ in spots]
        c = r * CONSORT
        taken += [(x - c, y - c, x + c, y + c) for m in self.markers
                  for x, y in self._consort_centres(m, m.x * s, h - m.y * s)]  # a lashed consort's hull
        gx, gy = GRID_FIGURE_GAP  # the grid's figures along the bottom and left edges, kept clear of any label
        taken += [(x0 - gx, y0 - gy, x1 + gx, y1 + gy) for x0, y0, x1, y1 in self._grid_number_boxes(s, h)]
        for shape in self.shapes:  # an obstruction's line, so that no label hides where it runs (or its gap)
            if shape.kind == "obstruction":
                for (ax, ay), (bx, by) in zip(shape.points, shape.points[1:]):
                    taken.append((min(ax, bx) * s - 0.5, h - max(ay, by) * s - 0.5,
                                  max(ax, bx) * s + 0.5, h - min(ay, by) * s + 0.5))
        homes: dict[int, list] = {}  # a ground's name set on that ground (play 41, sotw27: "Mobile Point" sat in the
        # water west of the point's tip, the nearest free place round its middle, the forts' marks and names on it;
        # then the channel's name took that place, half on the land): the label's middle inside its outline
        lands: list[list] = []  # the land's outlines on paper, which a water's name keeps off
        avoid: dict[int, list] = {}  # a spot's own ground it must not sit on: a torpedo field's crosses (replay 24:
        # "Torpedo line" set on the field read as overprinted by them), its name set just clear of the field instead
        for shape in self.shapes:  # the ground's names, at a point inside each, after the units
            if shape.name and shape.kind != "obstruction":
                cx, cy = _centre(shape.points)
                if shape.kind == "torpedo":
                    xs, ys = [p[0] * s for p in shape.points], [h - p[1] * s for p in shape.points]
                    avoid[len(spots)] = [(min(xs), min(ys), max(xs), max(ys))]
                else:  # land or water: its name set on it
                    homes[len(spots)] = [(px * s, h - py * s) for px, py in shape.points]
                    if shape.kind == "land":
                        lands.append(homes[len(spots)])
                spots.append((shape.name, cx * s, h - cy * s, 0.0))
        centres = [(x, y) for _, x, y, _ in spots]  # the markers' (spots holds the ground's names after them)

        placed = []
        rows: dict[tuple[int, float], list[float]] = {}  # an outline's crossings along a row (the grid tries many boxes a row)

        def row(outline, y: float) -> list[float]:
            key = (id(outline), y)
            xs = rows.get(key)
            if xs is None:
                xs = rows[key] = _crossings(y, outline)
            return xs

        def place(label: str, x: float, y: float, r: float, clear: list, home=None, whole: bool = False, dry=()):
            """The label's box: beside its marker (or ground point) where it covers nothing in `clear`; with `home` (a
            shape's outline on paper), only a box whose middle lies inside it (`whole`: both its ends' too) and no end or middle
            on a `dry` outline (land, for a water's name), else None."""
            def free(box, x: float, y: float, r: float, clear=clear) -> bool:  # covers nothing, reads as hers
                return _covers_none(box, clear) and (not r or own_nearest(box, (x, y), centres))

            def homed(box) -> bool:
                if home is None:
                    return True
                mx, my = _middle(box)
                ends = (box[0], mx, box[2]) if whole else (mx,)
                if not (hy0 <= my <= hy1 and hx0 <= ends[0] and ends[-1] <= hx1):  # off its outline's bounds: no
                    return False  # point of it can lie inside (the grid search tries thousands of boxes)
                return (all(_beyond_odd(px, row(home, my)) for px in ends)
                        and not any(_beyond_odd(px, row(d, my)) for d in dry for px in (box[0], mx, box[2])))

            if home is not None:
                hx0, hx1 = min(px for px, _ in home), max(px for px, _ in home)
                hy0, hy1 = min(py for _, py in home), max(py for _, py in home)

            tw = text_width(label, size)
            # every place tried beside her lies within her farthest reach: only what reaches into that can be covered
            # (the same places, costs and choice as against the whole plan, a fraction of the overlap tests)
            def gap_at(reach: float) -> float:  # her label's gap from her marker (or a ground point) at this reach
                return r * reach if r else self.marker * (reach - 1.0)

            far = gap_at(NEAR_REACHES[-1])
            zone = (x - far - tw, y - far - th, x + far + tw, y + far + th)
            near = [t for t in clear if t[0] < zone[2] and zone[0] < t[2] and t[1] < zone[3] and zone[1] < t[3]]
            best, best_cost, unowned = None, None, None
            for reach in NEAR_REACHES:
                gap = gap_at(reach)
                for dx, dy in ((gap, -th / 2), (-gap - tw, -th / 2), (-tw / 2, -gap - th), (-tw / 2, gap),
                               (gap, -gap - th), (gap, gap), (-gap - tw, -gap - th), (-gap - tw, gap)):
                    box = (x + dx, y + dy, x + dx + tw, y + dy + th)
                    if not _within(box, w, h) or not homed(box):
                        continue
                    cost = sum(_overlap(box, t) for t in near)
                    if cost == 0 and not free(box, x, y, r, near):
                        unowned = unowned or box  # free, but nearer another's marker: if nothing here is hers
                        continue
                    if best_cost is None or cost < best_cost:
                        best, best_cost = box, cost
                    if cost == 0:
                        break
                if best_cost == 0:
                    break
            if best_cost and unowned:  # free beside her only where another's marker is nearer: a leader shows whose
                best, best_cost = unowned, 0.0
            if best_cost or (home is not None and best is None):  # crowded (or no place beside it on its ground): the
                # nearest free place round the marker, searched outwards on a 1 mm grid
                offsets = _outwards()
                if home is not None:  # only where the box's middle (whole: its ends) may lie within its outline's
                    half = tw / 2 if whole else 0.0  # bounds: homed() refuses every other offset
                    offsets = _outwards_within(hx0 - x + half, hx1 - x - half, hy0 - y, hy1 - y)
                ax, ay = tw / 2 + OUTWARDS_MM[0], th / 2 + OUTWARDS_MM[1]  # every box the grid tries lies in
                around = [t for t in clear if _overlap((x - ax, y - ay, x + ax, y + ay), t)]  # this: only what reaches
                # into it can be covered
                for dx, dy in offsets:
                    box = (x + dx - tw / 2, y + dy - th / 2, x + dx + tw / 2, y + dy + th / 2)
                    if not _within(box, w, h) or not homed(box):
                        continue
                    if free(box, x, y, 0.0, around):
                        best, best_cost = box, 0.0
                        break
            return None if home is not None and best_cost else best

        for k, (label, x, y, r) in enumerate(spots):
            tw = text_width(label, size)
            best = None
            if k in homes:  # on its ground: wholly where it can (water), its middle at least (a point of land is narrow)
                for whole in (True, False):
                    best = best or place(label, x, y, r, taken + avoid.get(k, []), homes[k], whole,
                                         () if homes[k] in lands else lands)
            if best is None:  # no free place on its ground: beside its point, as before
                best = place(label, x, y, r, taken + avoid.get(k, []))
            if k in avoid and best is not None and box_distance(avoid[k][0], _middle(best)) > BESIDE_GROUND:
                best = place(label, x, y, r, taken)  # no free place beside the field: on it, as before
            if best is None:  # nowhere inside the plan: at the marker's right, clipped by nothing
                best = (x + r, y - th / 2, x + r + tw, y + th / 2)
            gx, gy = LABEL_GAP
            taken.append((best[0] - gx, best[1] - gy, best[2] + gx, best[3] + gy))
            placed.append((label, *best))
        self._cache[key] = placed
        if len(_PLACED) >= PLACED_KEPT:
            _PLACED.pop(next(iter(_PLACED)))
        _PLACED[drawn] = placed
        return placed

    def leaders(self, width: float) -> list[tuple[str, float, float, float, float]]:
        """A thin line from each unit's label that lies nearer another's marker than its own (own_nearest) to its
        own marker, so no label is taken for another's: (text, x0, y0, x1, y1) in mm from the plan's top-left."""
        s = self._scale(width)
        h = self.depth * s
        centres = {m.label: (m.x * s, h - m.y * s) for m in self.markers}
        out = []
        for text, *box in self.labels(width):
            own = centres.get(text)
            if own is None or own_nearest(box, own, list(centres.values())):
                continue
            ex = min(max(own[0], box[0]), box[2])
            ey = min(max(own[1], box[1]), box[3])
            d = math.hypot(own[0] - ex, own[1] - ey) or 1.0
            k = max(d - self.marker * 1.1, 0.0) / d  # stop short of her triangle
            out.append((text, ex, ey, ex + (own[0] - ex) * k, ey + (own[1] - ey) * k))
        return out

    # ---------------------------------------------------------------- drawing
    def draw(self, page, x, y, width):
        s = self._scale(width)
        w, h = self.width * s, self.depth * s

        def at(px: float, py: float) -> tuple[float, float]:
            return x + px * s, y + h - py * s

        page.rect(x, y, w, h, width=0.4, colour=0.2)
        lines = []
        k = self.grid
        while k < self.width - 1e-6:
            lines.append((x + k * s, y, x + k * s, y + h))
            k += self.grid
        k = self.grid
        while k < self.depth - 1e-6:
            lines.append((x, y + h - k * s, x + w, y + h - k * s))
            k += self.grid
        if lines:
            page.lines(lines, width=0.15, colour=0.75)
        for order in ("land", "shoal", "bar", "channel", "zone", "torpedo", "obstruction"):
            for shape in self.shapes:
                if shape.kind == order:
                    self._shape(page, shape, at, s)
        for m in self.markers:
            self._marker(page, m, *at(m.x, m.y))
        for _, x0, y0, x1, y1 in self.leaders(width):
            page.line(x + x0, y + y0, x + x1, y + y1, width=0.2, colour=0.3)
        ground = {shape.name for shape in self.shapes}
        units = {m.label for m in self.markers}
        for text, x0, y0, x1, y1 in self.labels(width):  # on a white ground, so a line under one never hides it
            page.rect(x + x0 - 0.3, y + y0, x1 - x0 + 0.6, y1 - y0, stroke=False, fill=1.0)
            grey = 0.35 if text in ground and text not in units else 0.0
            page.text(x + x0, y + y0 + self.label_size * PT * 0.82, text, size=self.label_size, colour=grey)
        self._grid_numbers(page, x, y, s, h)
        self._scale_bar(page, x, y + h + 1.5, s)
        return self.measure(width)

    def _shape(self, page, shape: Shape, at, s: float) -> None:
        fill, grey, dash, line = GROUND[shape.kind]
        pts = [at(px, py) for px, py in shape.points]
        if shape.kind == "obstruction":
            page.polygon(pts, width=line, colour=grey, close=False)
            return
        page.polygon(pts, width=line, fill=fill, colour=grey, dash=dash, stroke=True)
        if shape.kind == "torpedo":  # crosses at a fixed pitch inside the outline: reads without colour
            pitch = 2.5
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            cross = []
            yy = min(ys) + pitch / 2
            while yy < max(ys):
                xx = min(xs) + pitch / 2
                while xx < max(xs):
                    if _inside(xx, yy, pts):
                        d = 0.5
                        cross += [(xx - d, yy - d, xx + d, yy + d), (xx - d, yy + d, xx + d, yy - d)]
                    xx += pitch
                yy += pitch
            if cross:
                page.lines(cross, width=0.2, colour=0.1)

    def _marker(self, page, m: Marker, cx: float, cy: float) -> None:
        r = self.marker
        fill = 0.0 if m.side == 0 else 1.0
        if m.buoy:
            page.circle(cx, cy, r * 0.55, width=0.3, fill=1.0, colour=0.0)
            page.circle(cx, cy, r * 0.2, width=0.1, fill=0.0, colour=0.0)
            return
        if m.fort:
            grey, dash, line = SECTOR
            for a, b in m.arcs:
                extent = (b - a) % 360 or 360
                start = 90 - b  # compass (clockwise from up) to paper angle (counter-clockwise from right)
                page.arc(cx, cy, self.arc_radius, start, extent, width=line, colour=grey, dash=dash)
                for bearing in (a, b):
                    t = math.radians(bearing)
                    page.line(cx, cy, cx + self.arc_radius * math.sin(t), cy - self.arc_radius * math.cos(t),
                              width=line, colour=grey)
            page.rect(cx - r / 2, cy - r / 2, r, r, width=0.35, fill=fill, colour=0.0)
            return
        self._hull(page, m.heading, cx, cy, r, fill)
        for x, y in self._consort_centres(m, cx, cy):
            self._hull(page, m.heading, x, y, r * CONSORT, fill)
        if m.anchored:
            page.circle(cx, cy, r * 1.2, width=0.25, colour=0.0)

    @staticmethod
    def _hull(page, heading: float | None, cx: float, cy: float, r: float, fill: float) -> None:
        """A ship's triangle, its point along her heading, `r` mm from its centre to the point."""
        t = math.radians(heading or 0.0)
        ux, uy = math.sin(t), -math.cos(t)  # the heading on paper (y down)
        px, py = -uy, ux
        tip = (cx + ux * r, cy + uy * r)
        left = (cx - ux * r * 0.6 + px * r * 0.55, cy - uy * r * 0.6 + py * r * 0.55)
        right = (cx - ux * r * 0.6 - px * r * 0.55, cy - uy * r * 0.6 - py * r * 0.55)
        page.polygon([tip, left, right], width=0.3, fill=fill, colour=0.0)

    def _consort_centres(self, m: Marker, cx: float, cy: float) -> list[tuple[float, float]]:
        """Where each consort lashed to a ship is drawn (paper mm, y down): beside her on her named side, the two
        hulls' widths and a hair apart, abreast of her centre."""
        if not m.consorts:
            return []
        t = math.radians(m.heading or 0.0)
        sx, sy = math.cos(t), math.sin(t)  # her starboard on paper (y down): the heading turned 90° clockwise
        apart = self.marker * 0.55 * (1 + CONSORT) + 0.35
        return [(cx + sx * apart * k, cy + sy * apart * k) for k in (-1 if side == "port" else 1 for side in m.consorts)]

    def _grid_number_boxes(self, s: float, h: float) -> list[tuple[float, float, float, float]]:
        """Where _grid_numbers sets each figure, as boxes from the plan's top-left corner (labels keep off them):
        each centred on its own line, across it for x and along it for y (play 44, moment 1: set beside their lines
        the figures read some 4 cm off, so the plan looked unlike the start table it draws to the mm)."""
        size = self.label_size
        tall = size * PT
        out = []
        k = self.grid
        while k < self.width - 1e-6:
            base, w = h - 0.8, text_width(f"{k:g}", size)
            out.append((k * s - w / 2, base - tall, k * s + w / 2, base + 0.3))
            k += self.grid
        k = self.grid
        while k < self.depth - 1e-6:
            base = h - k * s + tall * 0.4
            out.append((0.6, base - tall, 0.6 + text_width(f"{k:g}", size), base + 0.3))
            k += self.grid
        return out

    def _grid_numbers(self, page, x: float, y: float, s: float, h: float) -> None:
        """Each grid line's distance from the bottom-left corner, inside the frame along its bottom and left edges,
        so that a start given as '59, 18 in' is found by counting: each figure on a white ground where its line
        runs through it, its middle on the line (the boxes _grid_number_boxes gives)."""
        size = self.label_size
        tall = size * PT
        for x0, y0, x1, y1 in self._grid_number_boxes(s, h):
            page.rect(x + x0 - 0.3, y + y0, x1 - x0 + 0.6, y1 - y0, stroke=False, fill=1.0)
        k = self.grid
        while k < self.width - 1e-6:
            page.text(x + k * s - text_width(f"{k:g}", size) / 2, y + h - 0.8, f"{k:g}", size=size, colour=0.45)
            k += self.grid
        k = self.grid
        while k < self.depth - 1e-6:
            page.text(x + 0.6, y + h - k * s + tall * 0.4, f"{k:g}", size=size, colour=0.45)
            k += self.grid

    def _scale_bar(self, page, x: float, y: float, s: float) -> None:
        size = self.label_size
        length = self.grid
        page.rect(x, y, length * s, 1.2, width=0.25, fill=0.0, colour=0.0)
        page.rect(x + length * s, y, length * s, 1.2, width=0.25, fill=1.0, colour=0.0)
        # the blocks are said in words, not numbered under the bar: its 0 30 60 stood right under the grid's own
        # 30 60 90 labels, two rows of figures one over the other (sotw35, replay 26)
        page.text(x + 2 * length * s + 2.0, y + 1.2, f"each block {length:g} {self.unit} · {self.unit} on the table · "
                  f"grid every {self.grid:g} {self.unit} · table {self.width:g} × {self.depth:g} {self.unit}", size=size)

    def texts(self):
        return [m.label for m in self.markers] + [s.name for s in self.shapes if s.name]


def _centre(points) -> tuple[float, float]:
    """A point inside a shape for its name: the middle of its outline's points, or its first point's neighbourhood
    where the middle falls outside (a bent channel)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    if _inside(cx, cy, points):
        return cx, cy
    (ax, ay), (bx, by), (qx, qy) = points[0], points[1], points[-1]
    return (ax + bx + qx) / 3, (ay + by + qy) / 3


def box_distance(box, point) -> float:
    """mm from a point to the nearest edge of a box (x0, y0, x1, y1), 0 inside it."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def own_nearest(box, own, centres) -> bool:
    """Whether a label's box is nearer its own marker's centre than any other marker's, so that it reads as hers
    (a replay found two pairs' labels beside one triangle, and the last sloop's unlabelled)."""
    mine = box_distance(box, own)
    return all(mine < box_distance(box, c) for c in centres if c != own)


OUTWARDS_MM = (60, 45)  # how far a crowded label's place is searched from its marker, across and up or down


@functools.cache
def _outwards() -> tuple[tuple[int, int], ...]:
    """The 1 mm grid round a crowded label's marker, nearest first (ties in the order made): sorted once a process,
    where each crowded label sorted its 11,011 offsets again (~5 ms each; most of a set-up plan's 14-38 ms)."""
    across, up = OUTWARDS_MM
    # ties in the order made are ties by (dx, dy), each rising: sorted as plain tuples, with no key function
    return tuple((dx, dy) for _, dx, dy in sorted((dx * dx + dy * dy, dx, dy) for dx in range(-across, across + 1)
                                                  for dy in range(-up, up + 1)))


def _outwards_within(lo_x: float, hi_x: float, lo_y: float, hi_y: float):
    """The grid's offsets (_outwards) with lo_x <= dx <= hi_x and lo_y <= dy <= hi_y, in the same order: made for the
    rectangle where it is small (a ground's name kept on its ground), else picked from the whole grid."""
    across, up = OUTWARDS_MM
    xs = range(max(-across, math.ceil(lo_x)), min(across, math.floor(hi_x)) + 1)
    ys = range(max(-up, math.ceil(lo_y)), min(up, math.floor(hi_y)) + 1)
    if len(xs) * len(ys) > len(_outwards()) // 4:
        return [d for d in _outwards() if lo_x <= d[0] <= hi_x and lo_y <= d[1] <= hi_y]
    # _outwards' order: nearest first, ties in the order made (dx, then dy, each rising)
    return [(dx, dy) for _, dx, dy in sorted((dx * dx + dy * dy, dx, dy) for dx in xs for dy in ys)]


def _within(box, w: float, h: float) -> bool:
    """Whether a label's box lies on the plan: inside the table's edges, or ending within the frame line's outer half."""
    slack = FRAME / 2
    return box[0] >= -slack and box[1] >= -slack and box[2] <= w + slack and box[3] <= h + slack


def _middle(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _covers_none(box, boxes) -> bool:
    """Whether the box overlaps none of the boxes (no _overlap above 0), the test a crowded label's grid search makes
    for thousands of boxes: the same comparisons, stopped at the first overlap."""
    x0, y0, x1, y1 = box
    for b0, c0, b1, c1 in boxes:
        if x0 < b1 and b0 < x1 and y0 < c1 and c0 < y1 and x0 < x1 and b0 < b1 and y0 < y1 and c0 < c1:
            return False
    return True


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crossings(y: float, pts: Sequence[tuple[float, float]]) -> list[float]:
    """Where a ray along the row y meets the polygon's edges, in order across: _inside's ray casting, worked once for
    every point of the row (_beyond_odd)."""
    xs = []
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y):
            xs.append((xj - xi) * (y - yi) / (yj - yi + 1e-12) + xi)
        j = i
    xs.sort()
    return xs


def _beyond_odd(x: float, crossings: list[float]) -> bool:
    """Whether (x, the row's y) is inside the polygon whose crossings of the row these are: an odd number beyond x."""
    return (len(crossings) - bisect.bisect_right(crossings, x)) % 2 == 1


def _inside(x: float, y: float, pts: Sequence[tuple[float, float]]) -> bool:
    """Whether (x, y) is inside the polygon (ray casting)."""
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi + 1e-12) + xi:
            inside = not inside
        j = i
    return inside
