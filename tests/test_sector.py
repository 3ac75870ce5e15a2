"""The exact least distance between two curved strips (render.sector), against cases worked by hand and against
the brute-force distance between their outlines sampled every 0.4 mm."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.render.sector import Arc, Sector, arc_to_arc, sector_distance, segment_to_arc

HALF_PI = math.pi / 2


def _outline(s: Sector, step: float = 0.4) -> list[tuple[float, float]]:
    outer, inner = s.arcs()
    pts = []
    for arc in (outer, inner):
        n = max(2, int(arc.radius * (s.end - s.start) / step) + 1)
        pts += [arc.at(s.start + (s.end - s.start) * i / n) for i in range(n + 1)]
    for a in (s.start, s.end):
        m = max(2, int((s.outer - s.inner) / step) + 1)
        pts += [Arc(s.centre, s.inner + (s.outer - s.inner) * j / m, a, a).at(a) for j in range(m + 1)]
    return pts


def _sampled(one: Sector, other: Sector) -> float:
    a, b = _outline(one), _outline(other)
    return min(math.dist(p, q) for p in a for q in b)


def test_concentric_strips_are_the_gap_between_their_radii_apart():
    outer = Sector((0, 100), 80, 90, math.radians(60), math.radians(120))
    inner = Sector((0, 100), 60, 75, math.radians(60), math.radians(120))
    assert math.isclose(sector_distance(outer, inner), 5.0)
    assert math.isclose(sector_distance(inner, outer), 5.0)


def test_one_strip_under_its_own_curve_comes_nearest_at_the_ends_not_at_the_apex():
    """The same curve twice, one 15 mm below the other: 5 mm apart straight down the middle, but the ends slope, so
    the upper strip's inner corner comes much nearer the lower strip's outer edge."""
    upper = Sector((0, 100), 90, 100, math.radians(45), math.radians(135))
    lower = Sector((0, 115), 90, 100, math.radians(45), math.radians(135))
    d = sector_distance(upper, lower)
    assert d < 5.0 - 3
    assert math.isclose(d, _sampled(upper, lower), abs_tol=0.05)
    corner = upper.arcs()[1].at(math.radians(45))  # by hand: that corner to the lower outer circle, radially
    assert math.isclose(d, math.dist(corner, lower.centre) - 100, abs_tol=1e-9)


def test_overlapping_or_crossing_strips_are_no_distance_apart():
    a = Sector((0, 100), 80, 90, math.radians(60), math.radians(120))
    assert sector_distance(a, Sector((0, 105), 80, 90, math.radians(60), math.radians(120))) == 0.0
    assert segment_to_arc((0, 0), (0, 40), Arc((0, 100), 80, math.radians(60), math.radians(120))) == 0.0
    assert arc_to_arc(Arc((0, 0), 10, 0, math.pi), Arc((5, 0), 10, 0, math.pi)) == 0.0


strips = st.builds(
    lambda cy, r, band, mid, span: Sector((0.0, cy), r, r + band, math.radians(mid - span / 2), math.radians(mid + span / 2)),
    st.floats(20, 200), st.floats(5, 120), st.floats(3, 20), st.floats(60, 120), st.floats(10, 170))


@settings(max_examples=25, deadline=None)
@given(strips, strips, st.floats(-40, 40))
def test_the_exact_distance_is_never_more_than_the_sampled_one_and_within_the_sampling_of_it(one, other, dx):
    other = Sector((dx, other.centre[1]), other.inner, other.outer, other.start, other.end)
    exact, sampled = sector_distance(one, other), _sampled(one, other)
    assert exact <= sampled + 1e-9
    if exact > 0:
        assert sampled - exact <= 0.25  # points 0.4 mm apart along both outlines
