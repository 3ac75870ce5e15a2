"""most_bearing (the most guns bearing on one bearing, a random gun's pick) read at arcs' first edges only: the same as
sweeping every degree and every edge, for any guns and arcs."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.rules.smoke_on_the_water.derive import bears
from shipyard.rules.smoke_on_the_water.sheet import most_bearing

arc = st.tuples(st.integers(-90, 359), st.integers(1, 360)).map(lambda p: [p[0], p[0] + p[1]])
gun = st.builds(lambda count, arcs: SimpleNamespace(count=count, arcs=arcs),
                st.integers(1, 12), st.lists(arc, min_size=0, max_size=3))


@settings(max_examples=200, deadline=None)
@given(st.lists(gun, min_size=0, max_size=8))
def test_the_most_bearing_at_first_edges_is_the_most_at_any_bearing(guns):
    s = SimpleNamespace(guns=guns)
    sweep = {float(e) % 360 for g in guns for a in g.arcs for e in a} | {b / 2 for b in range(720)}
    brute = max((sum(g.count for g in guns if bears(g.arcs, b)) for b in sweep), default=0)
    assert most_bearing(s) == brute
