"""The hull plan's turrets stand in the sections their gun lines name (sau35: "· bow", "· stern" for a Milwaukee's
fore and aft turrets, where the plan circled both in the midships box), and nothing drawn covers another."""

from __future__ import annotations

import pytest

from shipyard.render.kit import SECTION_LINES, HullPlan


class Drawn:
    """A page that keeps what is drawn on it: circles (cx, cy, r) and rectangles (x, y, w, h)."""

    def __init__(self) -> None:
        self.circles, self.rects = [], []

    def circle(self, cx, cy, r, **_):
        self.circles.append((cx, cy, r))

    def rect(self, x, y, w, h, **_):
        self.rects.append((x, y, w, h))

    def __getattr__(self, name):  # lines, polygons, text: not looked at here
        return lambda *a, **k: None


@pytest.mark.parametrize("width", [90.0, 120.0])
def test_fore_and_aft_turrets_sit_in_the_bow_and_stern_sections_clear_of_the_pilot_house(width):
    page = Drawn()
    plan = HullPlan([("STERN", 4), ("MIDSHIPS", 4), ("BOW", 4)], turrets=["fore", "aft"], turret_rating=8,
                    pilot_house=3)
    plan.draw(page, 0.0, 0.0, width)
    x, w = 5.0, min(plan.max_width, width) - 5  # as the plan lays its hull out
    stern_end, bow_start = (x + w * at for at in SECTION_LINES)
    (c1, _, r1), (c2, _, r2) = sorted(page.circles, reverse=True)  # fore first: it is further right
    assert c1 - r1 > bow_start and c2 + r2 < stern_end
    (px, py, pw, ph), = page.rects
    for cx, cy, r in page.circles:
        assert px + pw < cx - r or px > cx + r, "the pilot house's box covers a turret"
    assert px + pw < bow_start


def test_a_single_turret_is_midships():
    page = Drawn()
    HullPlan([("STERN", 4), ("MIDSHIPS", 4), ("BOW", 4)], turrets=["single"], turret_rating=11).draw(page, 0, 0, 120)
    (cx, _, r), = page.circles
    x, w = 5.0, 115.0
    assert x + w * SECTION_LINES[0] < cx - r and cx + r < x + w * SECTION_LINES[1]
