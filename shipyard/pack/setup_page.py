"""The set-up pages of a pack: the table plan at the rule set's ground scale, where every unit starts, the special
rules, events by turn, the victory table, the turn limit and what happened on the day.

The scenario's set-up is in yards on the real ground (library/setup.py); the rule set says how many yards a unit of
its table is at each scale (RuleSet.ground_yards). Where that would need a larger table than the scenario's, the whole
ground is drawn smaller by one factor, and the page says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ..render.containers import Columns, Stack
from ..render.flow import Flow
from ..render.text_blocks import Heading, Text
from ..render.paper import MM
from ..render.table_block import Table
from ..render.text import NO_BREAK, eighths, number
from ..render.kit import load_style
from ..render.plan import Marker, Shape, TablePlan

STYLE_PATH = Path(__file__).with_name("setup.yaml")
UNITS_PER_FOOT = {"in": 12.0, "cm": 30.48, "mm": 304.8}


def style():
    return load_style(STYLE_PATH)


@dataclass(frozen=True)
class Fit:
    """The real ground on this rule set's table: table units per yard, the table's size in its units, and how much
    the ground was drawn smaller than the rules' scale to fit (1.0: not at all)."""

    per_yard: float
    width: float
    depth: float
    compressed: float
    unit: str
    yards: float | None  # the rule set's yards per unit (None: it gives no ground scale)
    window: object = None  # the part of the ground this rule set plays (library.setup.Window), or None: the area

    @property
    def origin(self) -> tuple[float, float]:
        """The ground's point (yards) at the table's south-west corner."""
        return (self.window.at[0], self.window.at[1]) if self.window is not None else (0.0, 0.0)

    def table_point(self, point) -> tuple[float, float]:
        """A point of the ground (yards) in table units from the table's south-west corner."""
        return (point[0] - self.origin[0]) * self.per_yard, (point[1] - self.origin[1]) * self.per_yard

    def starts(self, ground) -> dict:
        """Who starts where on this table: the ground's starts, with the window's own in their place."""
        return {**ground.starts, **(self.window.starts if self.window is not None else {})}

    def words(self, setup, ruleset, scale: str) -> str:
        area = self.window if self.window is not None else setup.area
        table = f"{area.table.width_ft:g} × {area.table.depth_ft:g} ft"
        real = f"{area.width_yd:,.0f} × {area.depth_yd:,.0f} yd"
        if self.window is not None:
            whole = setup.area
            at = f"{self.yards:.3g} yd to the {_unit_word(self.unit)}" + (f" at {scale}" if scale and scale != "any" else "")
            drawn = (f"drawn {1 / self.compressed:.1f} times smaller to fit a {table} table"
                     if self.compressed < 0.999 else f"on a {table} table")
            return (f"Ground scale {at} ({ruleset.ground_reason}). The whole area, {whole.width_yd:,.0f} × "
                    f"{whole.depth_yd:,.0f} yd, would need {whole.width_yd / self.yards:,.0f} × "
                    f"{whole.depth_yd / self.yards:,.0f} {self.unit}: this table is the part of it the fight needs, "
                    f"{real}, {drawn} ({self.width:g} × {self.depth:g} {self.unit}). "
                    + " ".join(self.window.note.split()))
        if self.yards is None:
            return (f"The ground ({real}) is drawn to fill a {table} table: {ruleset.title} gives no ground scale.")
        at = f"{self.yards:.3g} yd to the {_unit_word(self.unit)}" + (f" at {scale}" if scale and scale != "any" else "")
        if self.compressed >= 0.999:
            return (f"Ground scale {at} ({ruleset.ground_reason}). The area, {real}, is "
                    f"{self.width:g} × {self.depth:g} {self.unit} on the table.")
        return (f"Ground scale {at} ({ruleset.ground_reason}). The area, {real}, would need "
                f"{self.width / self.compressed:,.0f} × {self.depth / self.compressed:,.0f} {self.unit}: it is drawn "
                f"{1 / self.compressed:.1f} times smaller to fit a {table} table ({self.width:g} × {self.depth:g} "
                f"{self.unit}); the rules' ranges and moves are as written, so guns reach further across it than on "
                f"the day.")


def _unit_word(unit: str) -> str:
    return {"in": "inch", "cm": "centimetre", "mm": "millimetre"}.get(unit, unit)


def window(setup, ruleset):
    """The part of the ground this rule set plays (the set-up's `windows`), or None: the whole area."""
    return next((w for w in getattr(setup, "windows", ()) if _applies(w, ruleset)), None)


def fit(setup, ruleset, scale: str) -> Fit:
    unit = ruleset.ground_units
    per_foot = UNITS_PER_FOOT.get(unit, 12.0)
    part = window(setup, ruleset)
    area = part if part is not None else setup.area
    table_w, table_d = area.table.width_ft * per_foot, area.table.depth_ft * per_foot
    yards = (ruleset.ground_yards or {}).get(scale) if ruleset.ground_yards else None
    if yards is None and ruleset.ground_yards:
        yards = next(iter(ruleset.ground_yards.values()))
    if yards is None:
        per_yard = min(table_w / area.width_yd, table_d / area.depth_yd)
        compressed = 1.0
    else:
        per_yard = 1.0 / yards
        compressed = min(1.0, table_w / (area.width_yd * per_yard), table_d / (area.depth_yd * per_yard))
        per_yard *= compressed
    width = round(area.width_yd * per_yard, 1)
    depth = round(area.depth_yd * per_yard, 1)
    return Fit(per_yard, width, depth, compressed, unit, yards, part)


def clipped(points: list[tuple[float, float]], width: float, depth: float) -> list[tuple[float, float]]:
    """A polygon cut to the table's rectangle (Sutherland-Hodgman): what of it lies on a window's table."""
    edges = [(lambda p: p[0] >= 0, lambda p, q: _cross(p, q, 0, 0.0)),
             (lambda p: p[0] <= width, lambda p, q: _cross(p, q, 0, width)),
             (lambda p: p[1] >= 0, lambda p, q: _cross(p, q, 1, 0.0)),
             (lambda p: p[1] <= depth, lambda p, q: _cross(p, q, 1, depth))]
    out = list(points)
    for inside, cross in edges:
        given, out = out, []
        for k, p in enumerate(given):
            q = given[k - 1]
            if inside(p):
                if not inside(q):
                    out.append(cross(q, p))
                out.append(p)
            elif inside(q):
                out.append(cross(q, p))
    return out


def _cross(p, q, axis: int, at: float) -> tuple[float, float]:
    t = (at - p[axis]) / (q[axis] - p[axis])
    x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
    return (at, y) if axis == 0 else (x, at)


def _grid(unit: str, width: float) -> float:
    """A grid line every foot (30 cm), or half of it on a small table."""
    step = 12.0 if unit == "in" else 30.0 if unit == "cm" else 300.0
    return step if width >= 3 * step else step / 2


PLAN_KEY = ("North is up. Ships: triangles along their heading ({fills}); forts: "
            "squares with their sectors of fire (solid lines from the square to a sector's edges, a dashed arc between: "
            "where it bears, not how far){marks}. Sectors black; land grey; channel edge in long grey dashes{channel}; "
            "shoals pale dotted; torpedoes crossed{zones}{lines}.")
ZONES_KEY = "; set-up zones in a heavy pale dash-dot"  # where the plan draws them (plan_block's `zones`)


def channel_words(ground) -> str:
    """What the channel's edge parts (a replay found the long grey dashes and no word of them): inside, the channel's
    depth; outside, the shoal or bar drawn there (its depth is in the depths), else deep water (' (24 ft inside;
    outside, shoal or deep water)'); '' where the ground draws no channel. Short: on Letter a longer key shrank the
    plan till its labels crowded."""
    depths = list(dict.fromkeys(f"{w.depth_ft:g} ft" for w in ground.water if w.kind == "channel"))
    if not depths:
        return ""
    kinds = sorted({w.kind for w in ground.water if w.kind in ("shoal", "bar")})
    return f" ({' or '.join(depths)} inside; outside, {' or '.join(kinds + ['deep water'])})"


def fills_words(sides: list[str] | None) -> str:
    """Which side's triangles are filled, by name (replay s26: "the first side's filled" left the player to guess
    which side was first): 'the Union's filled, the Confederate's open'."""
    if sides and len(sides) == 2:
        return f"the {sides[0]}'s filled, the {sides[1]}'s open"
    return "the first side's filled, the other's open"


def _crosses(line, window) -> bool:
    """Whether an obstruction's line runs through a window (yards on the ground), or there is no window."""
    if window is None:
        return True
    x0, y0 = window.at[0], window.at[1]
    x1, y1 = x0 + window.width_yd, y0 + window.depth_yd
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        for i in range(65):  # points along the leg, every 1/64 of it: enough for a plan's key
            t = i / 64
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            if x0 <= x <= x1 and y0 <= y <= y1:
                return True
    return False


def plan_key(ground, starts: dict, sides: list[str] | None = None, window=None, zones: bool = True) -> str:
    """The plan's key, naming the rings, buoys and heavy lines only where this plan draws them (a replay looked for
    the promised anchor ring on a plan with no ship at anchor, and found a heavy line the key never named), and the
    sides whose triangles are filled and open by name. A window's plan names only the lines that cross it (replay
    27: Mobile Bay's line of piles lies west of one rule set's window, and its key promised it)."""
    marks = "; a ring: at anchor" if any(st.anchored for st in starts.values()) else ""
    marks += "; a ringed dot: a buoy" if ground.marks else ""
    names = list(dict.fromkeys(o.name for o in ground.obstructions if _crosses(o.line, window)))
    lines = f"; heavy black line: {', '.join(n[0].lower() + n[1:] for n in names)}" if names else ""
    return PLAN_KEY.format(marks=marks, lines=lines, channel=channel_words(ground), fills=fills_words(sides),
                           zones=ZONES_KEY if zones else "")


def short_name(unit) -> str:
    """A unit's name as its plan label: the name its sheet is headed with."""
    return unit.name


def plan_block(scenario, units_by_id: dict, f: Fit, sides: list[str], ground=None, zones: bool = True) -> TablePlan:
    """The plan of a table: the set-up's own (ground None) or one of its parts'; its set-up zones where `zones`
    (a rule set that plays the fixed starts alone draws none: RuleSet.setup_zones, play 43 sau30)."""
    setup = ground if ground is not None else scenario.setup
    st = style()

    def pts(points):
        return [f.table_point(p) for p in points]

    def on(point) -> bool:
        x, y = f.table_point(point)
        return -1e-6 <= x <= f.width + 1e-6 and -1e-6 <= y <= f.depth + 1e-6

    def area(outline):  # a window's table shows what of each outline lies on it
        return clipped(pts(outline), f.width, f.depth) if f.window is not None else pts(outline)

    shapes = [Shape("land", area(s.outline), s.name) for s in setup.land]
    shapes += [Shape(w.kind, area(w.outline), w.name, f"{w.depth_ft:g} ft") for w in setup.water]
    shapes += [Shape("torpedo", area(t.outline), t.name, t.density) for t in setup.torpedo_fields]
    shapes += [Shape("zone", area(z.outline), z.name) for z in (setup.zones if zones else [])]
    shapes += [Shape("obstruction", pts(o.line), o.name) for o in setup.obstructions if all(map(on, o.line))]
    shapes = [s for s in shapes if len(s.points) >= (2 if s.kind == "obstruction" else 3)]
    lashed = consorts(scenario.sides)
    lashed_on = {su.id: su.lashed_on for side in scenario.sides for su in side.units if su.lashed_to}
    markers = [Marker(m.name, *f.table_point(m.at), buoy=True) for m in setup.marks if on(m.at)]
    starts = f.starts(setup) if ground is None else setup.starts
    for side_index, side in enumerate(scenario.sides):
        for su in side.units:
            start = starts.get(su.id)
            if start is None or start.at is None or not on(start.at):
                continue
            if f.window is not None and start.arrives:  # comes on later: the starts table says where and when
                continue
            unit = units_by_id.get(su.id)
            label = short_name(unit) if unit is not None else su.id
            mates = [c for c in lashed.get(su.id, ()) if c in units_by_id]
            label += "".join(" + " + short_name(units_by_id[c]) for c in mates)
            sides_of = lashed_sides(scenario.sides, su.id, mates)
            if mates and all(lashed_on.get(c) for c in mates):  # the side each is lashed on, where the scenario gives it
                label += " (" + ", ".join(lashed_on[c] for c in mates) + ")"
            markers.append(Marker(label, *f.table_point(start.at), heading=start.heading,
                                  fort=bool(start.arcs) or getattr(unit, "kind", "") == "fort",
                                  arcs=[(a.from_, a.to) for a in start.arcs], side=side_index % 2,
                                  anchored=start.anchored, consorts=sides_of))
    return TablePlan(f.width, f.depth, f.unit, _grid(f.unit, f.width), shapes, markers, **st["plan"])


def consorts(sides) -> dict[str, list[str]]:
    """The consorts lashed to each ship, by her id, in the order the scenario lists them (a ship may have one on each
    side)."""
    out: dict[str, list[str]] = {}
    for side in sides:
        for su in side.units:
            if su.lashed_to:
                out.setdefault(su.lashed_to, []).append(su.id)
    return out


def lashed_sides(sides, partner: str, mates: list[str]) -> list[str]:
    """The side of her partner each consort is drawn on: the scenario's `lashed_on`, else port for the first and
    starboard for a second (a ship with one on each side), and the other side from one already named."""
    given = {su.id: su.lashed_on for side in sides for su in side.units if su.id in mates}
    out: list[str] = []
    for cid in mates:
        named = [*out, *(given.get(c) for c in mates)]
        out.append(given.get(cid) or ("starboard" if "port" in named else "port"))
    return out


def _where(start, f: Fit) -> str:
    """A start in table units from the bottom-left corner, to the nearest half unit ('65½, 31½'; the unit is in the
    column's head): to the whole unit, Fort Morgan's square sat half an inch each way off the figures a player
    measured from."""
    if start.at is not None:
        x, y = (number(round(v * 2) / 2) for v in f.table_point(start.at))
        return f"{x}, {y}"  # the unit is in the column's head
    return start.zone or ""


def _on_line(start, lead, f: Fit) -> str:
    """A follower's start on her column leader's heading line: his printed point (to the half unit), her own y, x
    to the nearest quarter, within 1/8 of his line (play 36, moment 1: the half unit printed 56, 0.2 in off it; play
    41: the hundredths, '55.78, 14½', are no tape's; play 43: nor are eighths, '55⅝', a precision no table holds: a
    quarter is, and 1/8 is half a ¼ in wide base, so his line still crosses every base astern); a leader, or a start
    with no point or heading, as _where prints it."""
    if start.at is None or lead is None or lead.at is None or lead.heading is None:
        return _where(start, f)
    lx, ly = (round(v * 2) / 2 for v in f.table_point(lead.at))
    y = round(f.table_point(start.at)[1] * 2) / 2
    x = lx + (y - ly) * math.tan(math.radians(lead.heading))
    on_half = abs(x * 2 - round(x * 2)) < 0.005  # a 000° line: his half-unit x, as _where prints it
    return f"{number(round(x * 2) / 2) if on_half else eighths(round(x * 4) / 4)}, {number(y)}"


def column_leaders(side) -> dict[str, str]:
    """Each ship's column leader, where she follows one: a division's first unit the side lists (not lashed to
    another) leads it, and every other of its units not lashed to another follows him."""
    first: dict[str, str] = {}
    out: dict[str, str] = {}
    for su in side.units:
        division = getattr(su, "division", None)
        if not division or su.lashed_to:
            continue
        if division in first:
            out[su.id] = first[division]
        else:
            first[division] = su.id
    return out


def _leader_start(leader: str | None, starts: dict, units_by_id: dict, consort: dict) -> tuple[float, list] | None:
    """A follower's column leader's start speed (knots) and his units (he and his consorts), for the starts table's
    start_speed hook; None for a ship that leads or follows no one, or whose leader has no start speed."""
    start = starts.get(leader) if leader else None
    if start is None or start.speed_kn is None:
        return None
    return start.speed_kn, [u for u in (units_by_id.get(c) for c in (leader, *consort.get(leader, ()))) if u is not None]


def starts_table(scenario, side, units_by_id: dict, f: Fit, ruleset=None, ground=None) -> Table:
    """A side's units: where each starts (table units from the bottom-left corner), heading and speed, and how
    (lashed, anchored, arriving, the sectors a fort bears on). On a part's table (ground), only the units it places."""
    setup = ground if ground is not None else scenario.setup
    starts = f.starts(setup) if ground is None else setup.starts
    rows = []
    consort = consorts([side])
    leaders = column_leaders(side)
    for su in side.units:
        if su.lashed_to and su.lashed_to in consort:  # listed with the ship she is lashed to
            continue
        if ground is not None and su.id not in setup.starts:
            continue
        unit = units_by_id.get(su.id)
        name = unit.name if unit is not None else su.id
        start = starts.get(su.id)
        how = []
        partners = [units_by_id.get(cid) for cid in consort.get(su.id, ())]
        if su.id in consort:
            for cid, partner in zip(consort[su.id], partners):
                name += " + " + (partner.name if partner else cid)
            how.append("lashed pair" if len(consort[su.id]) == 1 else "lashed together")
        if start is None or (start.at is not None and f.window is not None and not f.window.holds(start.at)):
            rows.append([name, "", "", "; ".join([*how, "not on the plan"])])  # in How: the Start column keeps its width
            continue
        if start.anchored:
            how.append("anchored")
        if start.aground:
            how.append("aground")
        if start.arrives:  # (a pair that also arrives is "lashed": "lashed pair; arrives turn 3" wrapped its cell)
            how = ["lashed" if h == "lashed pair" else h for h in how] + [f"arrives turn {start.arrives}"]
        if start.arcs:
            # a sector and its guns kept on one line where they fit ("bears 180–320° 7 guns", not "… 7 / guns")
            how.append(f"bears{NO_BREAK}" + "; ".join(f"{a.from_:03.0f}–{a.to:03.0f}°"
                                            + (f"{NO_BREAK}{a.count}{NO_BREAK}gun{'s' if a.count != 1 else ''}"
                                               if a.count and getattr(ruleset, "sector_guns", True) else "")
                                            for a in start.arcs))
        heading = f"{start.heading:03.0f}°" if start.heading is not None else ""
        speed = "" if start.speed_kn is None else f"{start.speed_kn:g} kn" if getattr(ruleset, "start_speed", None) \
            is None else ruleset.start_speed(start.speed_kn, [u for u in [unit, *partners] if u is not None],
                                             leader=_leader_start(leaders.get(su.id), starts, units_by_id, consort))
        course = " ".join(x for x in (heading, speed) if x)
        rows.append([name, _on_line(start, starts.get(leaders.get(su.id)), f) if getattr(ruleset, "starts_on_line", False)
                     else _where(start, f), course, "; ".join(how)])
    return StartsTable(rows, header=[side.name, f"Start ({f.unit})", "Heading", "How"],
                       align=["left", "centre", "centre", "left"], **style()["table"])


class StartsTable(Table):
    """A side's starts, its columns as wide as their content: the start and the heading never wrap, a name keeps its
    line where the room allows, and how she starts has the rest (fixed shares wrapped a windowed table's "37½,
    176½" and Fort Morgan's two fronts onto three lines, in columns with room to spare: replay r19)."""

    FIXED = (1, 2)  # the start and the heading: one line each

    def _col_widths(self, width: float, size: float) -> list[float]:
        whole, word = self._per_col()
        pad = 2 * self.padding
        natural = [(w * size) / MM + pad + 0.1 if w is not None else pad for w in whole]  # a hair: no wrap on a tie
        floor = [(w * size) / MM + pad if whole[j] is not None else pad for j, w in enumerate(word)]
        fixed = sum(natural[j] for j in self.FIXED)
        rest = width - fixed
        if len(natural) != 4 or rest < floor[0] + floor[3]:
            return super()._col_widths(width, size)
        name = max(floor[0], min(natural[0], rest - max(floor[3], min(natural[3], rest - natural[0]))))
        return [name, natural[1], natural[2], rest - name]

    def _content_key(self) -> tuple:
        return (*super()._content_key(), "starts")


def _half(v: float) -> str:
    """A place in table units to the nearest half ('59½'), as the starts are given."""
    return number(round(v * 2) / 2)


@dataclass(frozen=True)
class Ground:
    """The set-up's land, torpedo fields, obstructions and buoys in table units from the table's south-west corner,
    cut to the table (a window's table shows what of them lies on it): what the set-up page measures them on."""

    width: float
    depth: float
    land: list  # (name, outline)
    fields: list  # (field, outline)
    obstructions: list  # (obstruction, line)
    marks: list  # (mark, point)
    waters: list = ()  # (water, outline): the shoals and bars a ship may ground on
    channels: list = ()  # (water, outline): the channels, whose edge the plan draws and the page places in numbers

    @classmethod
    def on(cls, setup, f: Fit) -> "Ground":
        pts = lambda points: [f.table_point(p) for p in points]  # noqa: E731
        inside = lambda p: 0 <= p[0] <= f.width and 0 <= p[1] <= f.depth  # noqa: E731
        land = [(g.name, clipped(pts(g.outline), f.width, f.depth)) for g in setup.land]
        fields = [(t, clipped(pts(t.outline), f.width, f.depth)) for t in setup.torpedo_fields]
        lines = [(o, _clipped_line(pts(o.line), f.width, f.depth)) for o in setup.obstructions]
        waters = [(w, clipped(pts(w.outline), f.width, f.depth)) for w in setup.water]
        return cls(f.width, f.depth, [(n, o) for n, o in land if len(o) >= 3],
                   [(t, o) for t, o in fields if len(o) >= 3], [(o, ln) for o, ln in lines if len(ln) >= 2],
                   [(m, f.table_point(m.at)) for m in setup.marks if inside(f.table_point(m.at))],
                   [(w, o) for w, o in waters if len(o) >= 3 and w.kind != "channel"],
                   [(w, o) for w, o in waters if len(o) >= 3 and w.kind == "channel"])

    def crossings(self, at: float, axis: int) -> list[tuple[float, str]]:
        """Where a line across the table meets land: west to east at y = `at` (axis 0) or south to north at x = `at`
        (axis 1); (where along the line, the land's name)."""
        other = 1 - axis
        found = []
        for name, outline in self.land:
            for p, q in zip(outline, outline[1:] + outline[:1]):
                if p[other] != q[other] and min(p[other], q[other]) <= at <= max(p[other], q[other]):
                    found.append((p[axis] + (at - p[other]) * (q[axis] - p[axis]) / (q[other] - p[other]), name))
        return found

    def edge(self, v: float, axis: int) -> bool:
        """Whether a place along `axis` is on the table's edge (where a window cuts what runs on beyond it)."""
        return v <= 1e-6 or v >= (self.width, self.depth)[axis] - 1e-6


def _clipped_line(points, width: float, depth: float) -> list[tuple[float, float]]:
    """A line (its points) cut to the table's rectangle: its first stretch on the table (Liang-Barsky, a segment at a
    time)."""
    out: list[tuple[float, float]] = []
    for p, q in zip(points, points[1:]):
        t0, t1 = 0.0, 1.0
        dx, dy = q[0] - p[0], q[1] - p[1]
        for d, lo, hi, v in ((dx, 0.0, width, p[0]), (dy, 0.0, depth, p[1])):
            if abs(d) < 1e-12:
                if v < lo or v > hi:
                    t0, t1 = 1.0, 0.0
                continue
            a, b = sorted(((lo - v) / d, (hi - v) / d))
            t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            if out:
                break
            continue
        a, b = (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)
        if not out:
            out.append(a)
        out.append(b)
    return out


def _the(name: str) -> str:
    """'the Line of piles', 'the obstructions' (a name of its own 'The obstructions'), mid-sentence."""
    return "the " + (name[4:] if name.lower().startswith("the ") else name)


def _to_shore(start: float, ats, axis: int, sign: int, ground: Ground, after: bool) -> str:
    """From `start` (table units along `axis`, going the way of `sign`) to the nearest land on the lines at `ats`
    across it: the clear gap ('gap x 59½–62½ to Mobile Point'), the land's name where it lies under a table unit away
    (what ran on to it: `after`; else 'at Bermuda Hundred bluffs'), or '' where no land lies that way."""
    land = [(abs(v - start), v, name) for at in ats for v, name in ground.crossings(at, axis)
            if (v - start) * sign >= -1]
    if not land:
        return ""
    _, v, name = min(land)
    if (v - start) * sign < 1:  # the end lies on the land, inside it or under a unit from it: no gap
        return name if after else f"at {name}"
    a, b = sorted((start, v))
    return f"gap {'xy'[axis]} {_half(a)}–{_half(b)} to {name}"


ENDS = (("west", "east"), ("south", "north"))  # a line's two ends along x, along y


def _is_rectangle(outline) -> bool:
    xs, ys = {round(p[0], 6) for p in outline}, {round(p[1], 6) for p in outline}
    return len(outline) == 4 and len(xs) == 2 and len(ys) == 2


def _outline_words(outline) -> str:
    """An outline on the table in its units: a rectangle's sides ('x 30–59½, y 31½–34'), else its corners in turn
    ('corners 15, 12; 52, 12; 55½, 28')."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    if _is_rectangle(outline):
        return f"x {_half(min(xs))}–{_half(max(xs))}, y {_half(min(ys))}–{_half(max(ys))}"
    return "corners " + "; ".join(f"{_half(x)}, {_half(y)}" for x, y in outline)


def _field_words(field, outline, ground: Ground) -> str:
    """A torpedo field in table units: its extent (a rectangle's x and y, else its corners), then what lies beyond each
    end of it along its longer side: an obstruction that runs on from it (to where), then the clear water (the gap)
    to the nearest land, where it is narrowest ('east: gap x 59½–62½ to Mobile Point'; 'west: the Line of piles to
    x 13½, then Dauphin Island'), or the table's edge where a window cuts it."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    extent = _outline_words(outline)
    axis = 0 if max(xs) - min(xs) >= max(ys) - min(ys) else 1  # laid west-east, or south-north
    along = [p[axis] for p in outline]
    low, high = min(p[1 - axis] for p in outline), max(p[1 - axis] for p in outline)
    words = []
    for side, end, sign in zip(ENDS[axis], (min(along), max(along)), (-1, 1)):
        if ground.edge(end, axis):
            words.append(f"{side}: runs off the table")
            continue
        ats = [p[1 - axis] for p in outline if abs(p[axis] - end) < 0.01]  # the end's corners, across the field
        ats += [(min(ats) + max(ats)) / 2] if len(ats) > 1 else []
        reach = [(p[axis], p[1 - axis], o.name) for o, line in ground.obstructions for p in line
                 if low <= p[1 - axis] <= high and (p[axis] - end) * sign >= -0.01]
        said = []
        start = end
        if reach:
            start, at, name = max(reach, key=lambda r: (r[0] - end) * sign)
            said.append(f"{_the(name)} to {'xy'[axis]} {_half(start)}")
            ats = [at]
        shore = _to_shore(start, ats, axis, sign, ground, after=bool(said))
        said += [shore] if shore else []
        if said:
            words.append(f"{side}: " + ", then ".join(said))
    return f"{field.name}: {extent}" + "".join(f"; {w}" for w in words)


def _touches(point, outline) -> bool:
    """Whether a point lies within a table unit of a field's extent (its bounding box)."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    return min(xs) - 1 <= point[0] <= max(xs) + 1 and min(ys) - 1 <= point[1] <= max(ys) + 1


def _obstruction_words(o, line, ground: Ground) -> str:
    """An obstruction's line in table units, and beyond each of its ends the gap to the shore, or the shore it
    reaches; for one that meets a torpedo field, its line alone (the field's words follow it to its far end)."""
    said_line = " to ".join(f"{_half(x)}, {_half(y)}" for x, y in line)
    first, last = line[0], line[-1]
    axis = 0 if abs(last[0] - first[0]) >= abs(last[1] - first[1]) else 1
    if any(_touches(p, outline) for p in (first, last) for _, outline in ground.fields):
        return f"{o.name}: {said_line}"
    said: list[str] = []
    for side, p, sign in zip(ENDS[axis], sorted((first, last), key=lambda p: p[axis]), (-1, 1)):
        shore = "runs off the table" if ground.edge(p[axis], axis) else \
            _to_shore(p[axis], (p[1 - axis],), axis, sign, ground, after=False)
        if shore:
            said.append(f"{side}: {shore}")
    return f"{o.name}: {said_line}" + "".join(f"; {w}" for w in said)


def ground_positions(setup, f: Fit, ground: Ground | None = None, shoals: bool = False, land: bool = False) -> str:
    """The torpedo fields (extent, and the gap at their ends), obstructions (and their gaps), buoys and channels' edges
    on this table (and its shoals and bars with their depths, where `shoals`), in table units from its bottom-left corner as the
    starts are: a player lays them out with a tape, not by eye from the plan."""
    ground = ground or Ground.on(setup, f)
    said = [_field_words(t, outline, ground) for t, outline in ground.fields]
    said += [_obstruction_words(o, line, ground) for o, line in ground.obstructions]
    said += [f"{m.name}: {_half(x)}, {_half(y)}" for m, (x, y) in ground.marks]
    # the channel's edge, drawn and keyed on the plan, laid out with a tape as the rest (replay r19 found no numbers)
    said += [f"{w.name}'s edge: {_outline_words(o)}" for w, o in ground.channels]
    said += [f"{w.name} ({w.depth_ft:g} ft): {_outline_words(o)}" for w, o in ground.waters] if shoals else []
    said += [f"{name} (land): {_outline_words(o)}" for name, o in ground.land] if land else []
    return f"On the table ({f.unit} from the bottom-left corner): " + "; ".join(said) + "." if said else ""


def victory_tables(setup, units_by_id: dict, ruleset=None) -> list:
    st = style()["table"]
    v = setup.victory
    if v is None:
        return []

    def named(uid):
        unit = units_by_id.get(uid)
        return f"{unit.name if unit is not None else uid}: "

    points = Table([[p.side, (named(p.unit) if p.unit else "") + p.what, f"{p.points:+d}"] for p in v.points
                    if ruleset is None or _applies(p, ruleset)],
                   header=["Scores", "Victory points for" + (f" ({when})" if (when := getattr(ruleset, "scores_when", "")) else ""),
                           "Points"], widths=[1.8, 7.0, 1.1],
                   align=["left", "left", "centre"], **st)
    # a level may be one rule set's (replay r26: a margin of −2..+2 had no result printed)
    levels = Table([[lv.side, lv.margin or f"{lv.at_least:+d} or more", lv.result] for lv in v.levels
                    if ruleset is None or _applies(lv, ruleset)],
                   header=["Side", "Victory level: its points less the other's", "Result"],
                   widths=[1.8, 3.4, 4.7], align=["left", "centre", "left"], **st)
    return [points, levels]


def _applies(item, ruleset) -> bool:
    """Whether a scenario's event or special rule is for this rule set (one naming none is for all)."""
    from ..rules import get_ruleset

    return not item.rules or any(get_ruleset(name).key == ruleset.key for name in item.rules)


def _speeds_said(setup, ruleset) -> str:
    """The start speeds in the rule set's own levels, once each (" Start speeds: 4 kn is Medium (4 kn)."), where it has
    levels of its own."""
    words = getattr(ruleset, "speed_words", None)
    speeds = sorted({s.speed_kn for s in fit(setup, ruleset, ruleset.native_scale).starts(setup).values()
                     if s.speed_kn is not None})
    if words is None or not speeds:
        return ""
    return " Start speeds: " + "; ".join(f"{k:g} kn is {words(k)}" for k in speeds) + "."


def setup_blocks(scenario, ruleset, units_by_id: dict, scale: str, turns: int | None, width: float = 190.0,
                 tables=None) -> list:
    """The set-up pages' blocks, in order: the plan and where each unit starts on the first page, then the ground's
    depths, special rules, events, the victory tables, the turn limit and the day's outcome, two columns a row."""
    setup = scenario.setup
    st = style()
    f = fit(setup, ruleset, scale)
    sides = [s.name for s in scenario.sides]
    starts = [starts_table(scenario, side, units_by_id, f, ruleset) for side in scenario.sides]
    zones = getattr(ruleset, "setup_zones", True)
    plan = plan_block(scenario, units_by_id, f, sides, zones=zones)
    key = Text(plan_key(setup, f.starts(setup), sides, f.window, zones) + _speeds_said(setup, ruleset), **st["note"])
    blocks = [Heading(f"Set-up: {scenario.name}, {scenario.date}"),
              Text(f.words(setup, ruleset, scale), **st["note"])]
    if f.depth > f.width:  # a table whose long side runs north: the plan beside the first side's starts
        from dataclasses import replace

        plan = replace(plan, max_height=plan.max_height * PORTRAIT_HEIGHT)
        blocks.append(Columns([plan, Stack([key] + starts[0::2], **st["stack"])], weights=PORTRAIT_WEIGHTS,
                              **st["columns"]))
        rules: list = []
    else:
        blocks += [plan, key]
        rules = starts[0::2]

    ground = Ground.on(setup, f)
    shoals = {id(w): _outline_words(o) for w, o in ground.waters}  # where a ship may ground (a channel is only drawn)
    # a field's density where the rules read it (RuleSet.torpedo_densities); where every field plays alike it is not
    # printed, so that no player looks for its modifier (two replays r14 did)
    dense = bool(ruleset.torpedo_densities())
    fields = [t.name + (f": density {t.density}" if dense else "") + (f" ({t.note})" if t.note else "")
              for t in setup.torpedo_fields]

    def depths_text(with_shoals: bool):
        if not (setup.water or fields):
            return None
        depths = [f"{w.name}: {w.depth_ft:g} ft" + (f", {shoals[id(w)]}" if with_shoals and id(w) in shoals else "")
                  for w in setup.water]
        said = f" ({f.unit} from the bottom-left corner)" if with_shoals and shoals else ""
        return Text(f"Depths{said}: " + "; ".join(depths) + (". Torpedoes: " + "; ".join(fields) if fields else "")
                    + ". " + ruleset.depth_text(tables), **st["text"])

    special = [r for r in setup.special_rules if _applies(r, ruleset)]
    rules_after = []
    if special:
        rules_after.append(Table([[r.name, " ".join(r.rule.split()) + (" (reconstructed)" if r.provenance == "reconstructed"
                                                                       else "")] for r in special],
                                 header=["Special rule", "How it plays"], widths=[2.0, 7.0],
                                 align=["left", "left"], bold_first_col=True, **st["table"]))
    events = []
    happen = sorted((e for e in setup.events if _applies(e, ruleset)), key=lambda e: e.turn)
    if happen:
        # replay r27: three rows each headed "1" read as a misprint; a turn is printed once, over all its events
        turn_cells = [str(e.turn) if k == 0 or e.turn != happen[k - 1].turn else "" for k, e in enumerate(happen)]
        events.append(Table([[turn, " ".join(e.what.split())] for turn, e in zip(turn_cells, happen)],
                            header=[ruleset.turn_word.capitalize(), "Event"],
                            widths=[1.3, 8.0], align=["centre", "left"], **st["table"]))
    won_base = starts[1::2] + victory_tables(setup, units_by_id, ruleset) + events
    if turns:
        won_base.append(Text(f"The game lasts {turns} {ruleset.turn_word}s.", **st["text"]))
    if setup.outcome:
        rules_after.append(Text("On the day: " + " ".join(setup.outcome.split()), **st["text"]))
    column = (width - st["columns"]["gap"]) / 2

    def columns(shoals_with_depths: bool) -> tuple[list, list]:
        """The two columns, the shoals' corners beside their depths or among what is placed on the table."""
        depths = depths_text(shoals_with_depths)
        left, right = rules + ([depths] if depths else []) + rules_after, list(won_base)
        placed = ground_positions(setup, f, ground, shoals=not shoals_with_depths,
                                  land=getattr(ruleset, "land_corners", False))
        if placed:  # under the depths, or under how the game is won where that column is the shorter (the plan keeps its room)
            where = left if _height(left, column) <= _height(right, column) else right
            where.insert(where.index(depths) + 1 if depths in where else len(where), Text(placed, **st["text"]))
        return left, right

    # the shoals' corners where the taller column comes out the shorter, so the set-up keeps its page and its plan
    left, right = min((columns(True), columns(False)) if shoals else (columns(True),),
                      key=lambda lr: max(_height(lr[0], column), _height(lr[1], column)))
    if left or right:  # the first side's starts and the rules beside the other's starts and how the game is won
        blocks.append(Columns([Stack(left, **st["stack"]), Stack(right, **st["stack"])], **st["columns"]))
    return blocks


def _height(blocks: list, width: float) -> float:
    return sum(b.measure(width) for b in blocks)


def part_blocks(scenario, part, ruleset, units_by_id: dict, scale: str) -> list:
    """A part's page (a table played before the set-up's own): its plan, how it is played, and each side's starts on
    it; the special rules, victory and outcome are the set-up page's."""
    st = style()
    f = fit(part, ruleset, scale)
    sides = [s.name for s in scenario.sides]
    blocks = [Heading(f"Set-up, {part.name}: {scenario.name}, {scenario.date}"),
              Text(f.words(part, ruleset, scale), **st["note"]),
              plan_block(scenario, units_by_id, f, sides, ground=part),
              Text(plan_key(part, part.starts, sides) + _speeds_said(part, ruleset), **st["note"])]
    starts = [starts_table(scenario, side, units_by_id, f, ruleset, ground=part) for side in scenario.sides
              if any(su.id in part.starts for su in side.units)]
    said = [Text(" ".join(part.note.split()), **st["text"])] if part.note else []
    left, right = said + starts[0::2], starts[1::2]
    if right:
        blocks.append(Columns([Stack(left, **st["stack"]), Stack(right, **st["stack"])], **st["columns"]))
    else:
        blocks += left
    return blocks


def played(scenario, ruleset, ctx):
    """The scenario with only the units that take part under this rule set (RuleSet.plays: a rule set may play its
    own order of battle), as its set-up page places them."""
    return scenario.model_copy(update={"sides": [
        side.model_copy(update={"units": [su for su in side.units if ruleset.takes_part(su.id, ctx)]})
        for side in scenario.sides]})


def draw_setup(doc, job) -> None:
    """The pack section: the set-up of the job's scenario under its rule set."""
    from ..rules import get_ruleset
    from ..rules.play_aids import game_turns

    ruleset = get_ruleset(job.ctx.tables.ruleset)
    scenario = played(job.scenario, ruleset, job.ctx)
    units_by_id = {su.id: job.ctx.library.units[su.id] for s in scenario.sides for su in s.units
                   if su.id in job.ctx.library.units}
    box = doc.content
    pages = [(fitted(setup_blocks(scenario, ruleset, units_by_id, job.ctx.scale, game_turns(job.ctx), box.w,
                                    tables=job.ctx.tables), box.w,
                     box.h),
              "Set-up")]
    pages += [(fitted(part_blocks(scenario, part, ruleset, units_by_id, job.ctx.scale), box.w, box.h),
               f"Set-up, {part.name}") for part in scenario.setup.parts]
    flow = Flow(doc, gap=style()["page"]["gap"], rule=False, fill=True)
    for blocks, bookmark in pages:
        for k, block in enumerate(blocks):
            flow.add(block, bookmark=bookmark if k == 0 else None, new_page=k == 0)


PORTRAIT_WEIGHTS = (3, 2)  # the plan's share of the row beside the first side's starts, and theirs
PORTRAIT_HEIGHT = 1.4  # a plan whose table's long side runs north may be this much taller: it has half the width


def fitted(blocks: list, width: float, height: float) -> list:
    """The set-up's blocks with the plan as tall as the page leaves (up to its style's height, at least half of it), so
    that the set-up takes one page where it can. A plan beside the starts (a table whose long side runs north) is
    fitted within its row."""
    from dataclasses import replace

    gap = style()["page"]["gap"]
    row = next(b for b in blocks if isinstance(b, TablePlan) or _beside(b))
    plan = row if isinstance(row, TablePlan) else row.children[0]
    rest = sum(b.measure(width) for b in blocks if b is not row) + gap * len(blocks)
    tall = max(plan.max_height / 2, min(plan.max_height, height - rest - plan._bar_height()))
    if row is plan:
        return [replace(b, max_height=tall, _cache={}) if b is plan else b for b in blocks]
    plan_width = tall * plan.width / plan.depth + row.gap  # the plan's own width: the starts take the rest of the row
    beside = replace(row, children=[replace(plan, max_height=tall, _cache={}), *row.children[1:]],
                     weights=(plan_width, max(width - plan_width - row.gap, width / 3)))
    beside.__dict__.pop("_memo", None)
    return [beside if b is row else b for b in blocks]


def _beside(block) -> bool:
    return isinstance(block, Columns) and bool(block.children) and isinstance(block.children[0], TablePlan)


def plan_of(blocks: list, width: float) -> tuple[TablePlan, float]:
    """The plan among a set-up page's blocks and the width it is drawn in (beside the starts: its column's)."""
    for b in blocks:
        if isinstance(b, TablePlan):
            return b, width
        if _beside(b):
            return b.children[0], b._widths(width)[0]
    raise ValueError("no table plan among the set-up's blocks")
