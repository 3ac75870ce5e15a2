"""The least distance between two annular sectors (a curved strip: the band between two concentric arcs and the
two radial ends that close it), exactly rather than by sampling points along their outlines.

Page coordinates in millimetres with y growing down the page; angles in radians counter-clockwise from east, so
a sector's point at radius r and angle a is (cx + r cos a, cy - r sin a). Two sectors that overlap are 0 apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
TAU = 2 * math.pi


@dataclass(frozen=True)
class Arc:
    centre: Point
    radius: float
    start: float  # radians; the arc runs counter-clockwise from start to end
    end: float

    def at(self, a: float) -> Point:
        return (self.centre[0] + self.radius * math.cos(a), self.centre[1] - self.radius * math.sin(a))

    def spans(self, a: float) -> bool:
        """Whether the direction a (from the centre) falls on the arc."""
        return (a - self.start) % TAU <= (self.end - self.start) + 1e-12

    def direction(self, p: Point) -> float:
        return math.atan2(self.centre[1] - p[1], p[0] - self.centre[0])

    def ends(self) -> tuple[Point, Point]:
        return self.at(self.start), self.at(self.end)


@dataclass(frozen=True)
class Sector:
    """The strip between radii inner..outer about centre, from angle start counter-clockwise to end."""

    centre: Point
    inner: float
    outer: float
    start: float
    end: float

    def arcs(self) -> tuple[Arc, Arc]:
        return Arc(self.centre, self.outer, self.start, self.end), Arc(self.centre, self.inner, self.start, self.end)

    def radial_ends(self) -> tuple[tuple[Point, Point], tuple[Point, Point]]:
        outer, inner = self.arcs()
        return (outer.at(self.start), inner.at(self.start)), (outer.at(self.end), inner.at(self.end))

    def holds(self, p: Point) -> bool:
        r = math.dist(p, self.centre)
        return self.inner <= r <= self.outer and self.arcs()[0].spans(self.arcs()[0].direction(p))


def point_to_segment(p: Point, a: Point, b: Point) -> float:
    return math.dist(p, _nearest_on_segment(p, a, b))


def _nearest_on_segment(p: Point, a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return (a[0] + t * dx, a[1] + t * dy)


def point_to_arc(p: Point, arc: Arc) -> float:
    if arc.spans(arc.direction(p)):
        return abs(math.dist(p, arc.centre) - arc.radius)
    return min(math.dist(p, q) for q in arc.ends())


def segment_to_segment(a: Point, b: Point, c: Point, d: Point) -> float:
    if _cross(a, b, c, d):
        return 0.0
    return min(point_to_segment(a, c, d), point_to_segment(b, c, d), point_to_segment(c, a, b), point_to_segment(d, a, b))


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def segment_to_arc(a: Point, b: Point, arc: Arc) -> float:
    """Least distance between a segment and an arc: at an end of either, at the segment's point nearest the centre
    (where the distance to the whole circle is least), or 0 where the segment crosses the arc."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - arc.centre[0], a[1] - arc.centre[1]
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - arc.radius ** 2
    disc = qb * qb - 4 * qa * qc
    if qa > 0 and disc >= 0:
        for t in ((-qb - math.sqrt(disc)) / (2 * qa), (-qb + math.sqrt(disc)) / (2 * qa)):
            if 0 <= t <= 1 and arc.spans(arc.direction((a[0] + t * dx, a[1] + t * dy))):
                return 0.0
    candidates = [point_to_arc(a, arc), point_to_arc(b, arc), point_to_arc(_nearest_on_segment(arc.centre, a, b), arc)]
    candidates += [point_to_segment(q, a, b) for q in arc.ends()]
    return min(candidates)


def arc_to_arc(one: Arc, other: Arc) -> float:
    """Least distance between two arcs: at an end of either, or where the line through both centres meets them
    (two circles come nearest, or furthest, along it), or 0 where they cross."""
    d = math.dist(one.centre, other.centre)
    if 0 < d <= one.radius + other.radius and d >= abs(one.radius - other.radius):  # the circles meet
        along = (d * d + one.radius ** 2 - other.radius ** 2) / (2 * d)
        h = math.sqrt(max(one.radius ** 2 - along * along, 0.0))
        ux, uy = (other.centre[0] - one.centre[0]) / d, (other.centre[1] - one.centre[1]) / d
        mx, my = one.centre[0] + along * ux, one.centre[1] + along * uy
        for p in ((mx - h * uy, my + h * ux), (mx + h * uy, my - h * ux)):
            if one.spans(one.direction(p)) and other.spans(other.direction(p)):
                return 0.0
    candidates = [point_to_arc(p, other) for p in one.ends()] + [point_to_arc(p, one) for p in other.ends()]
    if d > 0:
        toward = math.atan2(one.centre[1] - other.centre[1], other.centre[0] - one.centre[0])
        for a in (toward, toward + math.pi):
            if one.spans(a):
                candidates.append(point_to_arc(one.at(a), other))
            if other.spans(a):
                candidates.append(point_to_arc(other.at(a), one))
    return min(candidates)


def sector_distance(one: Sector, other: Sector) -> float:
    """The least distance between two sectors' outlines, 0 where they touch or overlap."""
    arcs_1, arcs_2 = one.arcs(), other.arcs()
    ends_1, ends_2 = one.radial_ends(), other.radial_ends()
    if one.holds(ends_2[0][0]) or other.holds(ends_1[0][0]):  # one inside the other (or overlapping there)
        return 0.0
    best = min(arc_to_arc(p, q) for p in arcs_1 for q in arcs_2)
    best = min(best, min(segment_to_arc(*s, q) for s in ends_1 for q in arcs_2))
    best = min(best, min(segment_to_arc(*s, p) for s in ends_2 for p in arcs_1))
    return min(best, min(segment_to_segment(*s, *t) for s in ends_1 for t in ends_2))
