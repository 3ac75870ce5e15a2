"""What every rule set's roster shares: units lashed together listed together, and the chart of the sides'
units (a table when the chart is too crowded to show each one clear of the rest)."""

from __future__ import annotations

from typing import Any

from .context import Context
from .play_aids import in_colour, accent


LASHED = "↳"  # before the name of a unit lashed alongside the one listed above her
LASHED_NOTE = f"{LASHED} lashed to the ship above"


def roster_order(scenario: Any, units: list[tuple]) -> list[tuple]:
    """A roster's units as (side, unit, derived, partner): each unit lashed to another (a scenario unit's
    `lashed_to`) comes right under her partner, with the partner's unit; every other unit keeps its place and has
    partner None. A consort whose partner is not in `units` (a side left out) stays where she is, unmarked."""
    lashed = {su.id: su.lashed_to for side in scenario.sides for su in side.units if su.lashed_to}
    by_id = {u.id: (side, u, d) for side, u, d in units}
    under: dict[str, list] = {}
    for side, u, d in units:
        partner = lashed.get(u.id)
        if partner in by_id and partner != u.id and by_id[partner][0] == side:
            under.setdefault(partner, []).append((side, u, d, by_id[partner][1]))
    placed = {row[1].id for rows in under.values() for row in rows}
    out: list[tuple] = []

    def put(row: tuple, seen: frozenset) -> None:
        out.append(row)
        for consort in under.get(row[1].id, []):
            if consort[1].id not in seen:
                put(consort, seen | {consort[1].id})

    for side, u, d in units:
        if u.id not in placed:
            put((side, u, d, None), frozenset({u.id}))
    # a ring of units each lashed to the next has no head: list them where they stand
    listed = {row[1].id for row in out}
    out.extend((side, u, d, None) for side, u, d in units if u.id not in listed)
    return out


def lashed_groups(scenario: Any, items: list, unit_of=lambda item: item[0]) -> list[list]:
    """The items (a unit's card, `unit_of` giving its unit) as groups kept on one sheet page: a ship and the consorts
    lashed to her (the roster's order, roster_order: the ship, then each consort under her), every other unit a group
    of her own, in the items' order. Without a scenario, each item alone."""
    if scenario is None:
        return [[item] for item in items]
    side_of = {su.id: side.name for side in scenario.sides for su in side.units}
    rows = roster_order(scenario, [(side_of.get(unit_of(item).id), unit_of(item), item) for item in items])
    groups: list[list] = []
    for _side, _unit, item, partner in rows:
        if partner is None or not groups:
            groups.append([item])
        else:
            groups[-1].append(item)
    return groups


OTHER_SIDE = {"port": "starboard", "starboard": "port"}


def lashing(scenario: Any, unit_id: str | None) -> tuple[str, str] | None:
    """(her partner's unit id, her inboard side) where the scenario lashes her to another: a consort names her sloop
    and the sloop's side she lies on (lashed_to, lashed_on), so the sloop's inboard side is that one and the consort's
    the other ('port' for Brooklyn, 'starboard' for Octorara). None where no scenario lashes her."""
    if scenario is None or unit_id is None:
        return None
    for side in scenario.sides:
        for su in side.units:
            if not su.lashed_to or not su.lashed_on:
                continue
            if su.id == unit_id:
                return su.lashed_to, OTHER_SIDE[su.lashed_on]
            if su.lashed_to == unit_id:
                return su.id, su.lashed_on
    return None


def lashed_name(name: str, partner: Any) -> str:
    """A roster's name cell: 'USS Hartford', or '↳ USS Metacomet' under her partner."""
    return name if partner is None else f"{LASHED} {name}"


SIDE_MARKERS = ({"marker": "circle", "filled": True}, {"marker": "square", "filled": False},
                {"marker": "triangle", "filled": True}, {"marker": "diamond", "filled": False})


def side_chart_block(scenario: Any, points: list[tuple], ctx: Context, *, x_label: str, y_label: str, title: str,
                     note: str = "", x_ticks: list | None = None, height: float = 88.0):
    """The roster's picture as a block: one point per unit, (x, y, label, side name), a series per side (filled and
    hollow markers of different shapes, in the side's accent when in colour), and a note under it. When the chart
    cannot show every unit clear of the others (render.chart.layout(...).crowded), a table of the same values."""
    from ..render.text_blocks import Note
    from ..render.containers import Stack

    styles = {}
    for k, side in enumerate(scenario.sides):
        styles[side.name] = {**SIDE_MARKERS[k % len(SIDE_MARKERS)], "colour": accent(side, ctx) if in_colour(ctx) else None}
    return Stack([SideChart(points, styles, title, x_label, y_label, x_ticks, height), Note(note) if note else None], gap=1.0)


class SideChart:
    """The chart of a roster, or its table when the chart is too crowded to show every unit clear of the rest."""

    def __init__(self, points, styles, title, x_label, y_label, x_ticks, height):
        self.points, self.styles, self.title = points, styles, title
        self.x_label, self.y_label, self.x_ticks, self.height = x_label, y_label, x_ticks, float(height)
        self._laid: dict = {}

    def layout(self, x: float, y: float, width: float):
        from ..render.chart import layout

        return layout(x, y + 2, width, self.height - 2, self.points, x_label=self.x_label, y_label=self.y_label,
                      series_styles=self.styles, title=self.title, x_ticks=self.x_ticks, from_zero=False)

    def crowded(self, width: float) -> bool:
        key = round(width, 3)
        if key not in self._laid:
            self._laid[key] = bool(self.layout(0.0, 0.0, width).crowded)
        return self._laid[key]

    def table(self):
        """Every spot of the chart as a row: its x and y, and the units there, a column per side."""
        from ..render.table_block import Table
        from ..render.text import number

        names = {float(v): str(s) for v, s in (self.x_ticks or ())}
        sides = list(self.styles) or sorted({p[3] for p in self.points})
        spots: dict[tuple, dict] = {}
        for xv, yv, label, side in self.points:
            spots.setdefault((float(xv), float(yv)), {}).setdefault(side, []).append(str(label))
        rows = [[names.get(xv, number(xv)), number(yv), *(", ".join(at.get(s, [])) or "–" for s in sides)]
                for (xv, yv), at in sorted(spots.items(), key=lambda kv: (-kv[0][1], -kv[0][0]))]
        return Table(rows, header=[self.x_label, self.y_label, *sides], title=self.title, size=7.0,
                     widths=[0.14, 0.14, *([0.72 / max(1, len(sides))] * len(sides))],
                     align=["centre", "centre", *(["left"] * len(sides))])

    def measure(self, width: float) -> float:
        return self.table().measure(width) if self.crowded(width) else self.height

    def draw(self, page, x: float, y: float, width: float) -> float:
        from ..render.chart import draw

        if self.crowded(width):
            return self.table().draw(page, x, y, width)
        draw(page, self.layout(x, y, width))
        return self.height

    def split(self, width: float, room: float):
        return self.table().split(width, room) if self.crowded(width) else (None, self)

    def texts(self) -> list[str]:
        return [self.title]
