"""A scenario's set-up: the ground it is fought over, where every unit starts, what happens by turn, how it is won.

The ground is written in yards on the real ground (from the period's charts and reports), x east and y north from
the south-west corner of the area the game is played over; bearings and headings are compass degrees (0 north, 90
east). Each rule set draws it at its own ground scale (rules.contract.RuleSet.ground_yards), fitted to the table
where its scale would need a larger one, and says so on the set-up page.

    setup:
      area: {width_yd: 7000, depth_yd: 6000, table: {width_ft: 6, depth_ft: 4}}
      land: [{name: Mobile Point, outline: [[4200, 0], [7000, 0], [7000, 900], [4600, 1200]]}]
      water: [{kind: channel, name: Main Ship Channel, depth_ft: 30, outline: [...]}]
      torpedo_fields: [{name: Torpedo line, outline: [...], density: moderate}]
      zones: [{name: Union entry, side: Union, outline: [...]}]
      starts: {uss-tecumseh: {at: [5200, 300], heading: 330, speed_kn: 4}, fort-morgan: {at: [5600, 1500],
               arcs: [{from: 200, to: 330, guns: channel curtain}]}}
      turns: 20
      events: [{turn: 1, what: "Brooklyn must pass her opening test or turn end-on"}]
      victory: {points: [{side: Union, unit: css-tennessee, what: sunk or struck, points: 10}],
                levels: [{side: Union, at_least: 10, result: Union victory}]}
      special_rules: [{name: Lashed pairs, rule: "..."}]
      outcome: "..."
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from .model import Strict

MAX_YARDS = 40000.0  # the largest area a set-up may cover (about 20 nautical miles a side)

Yards = Annotated[float, Field(ge=0, le=MAX_YARDS)]
Point = Annotated[list[Yards], Field(min_length=2, max_length=2, description="[x east, y north] in yards")]
Bearing = Annotated[float, Field(ge=0, lt=360, description="compass degrees: 0 north, 90 east")]


class Table(Strict):
    """The largest table the scenario is meant for: a rule set whose ground scale needs more is fitted to it."""

    width_ft: Annotated[float, Field(gt=0, le=20)] = 6
    depth_ft: Annotated[float, Field(gt=0, le=20)] = 4


class Area(Strict):
    width_yd: Annotated[float, Field(ge=100, le=MAX_YARDS)]
    depth_yd: Annotated[float, Field(ge=100, le=MAX_YARDS)]
    table: Table = Field(default_factory=Table)


class Land(Strict):
    name: str = Field(min_length=1, max_length=60)
    outline: list[Point] = Field(min_length=3)


class Water(Strict):
    kind: Literal["channel", "shoal", "bar"]
    name: str = Field(min_length=1, max_length=60)
    depth_ft: Annotated[float, Field(ge=0, le=200)] = Field(description="least depth: a ship drawing more grounds")
    outline: list[Point] = Field(min_length=3)


class Obstruction(Strict):
    name: str = Field(min_length=1, max_length=60)
    line: list[Point] = Field(min_length=2)
    note: str | None = None


class TorpedoField(Strict):
    name: str = Field(min_length=1, max_length=60)
    outline: list[Point] = Field(min_length=3)
    density: str = Field(min_length=1, description="how thick the torpedoes lie, in the words a rule set reads "
                                                    "(sparse, light, moderate, thick, dense)")
    note: str | None = None


class Zone(Strict):
    name: str = Field(min_length=1, max_length=60)
    side: str = Field(min_length=1, description="the side that sets up there")
    outline: list[Point] = Field(min_length=3)


class Arc(Strict):
    """A sector a fort's battery bears on, clockwise from `from_` to `to`."""

    from_: Bearing = Field(alias="from")
    to: Bearing
    guns: str | None = Field(default=None, description="which of its guns (a face, a battery)")
    count: Annotated[int, Field(ge=1, le=300)] | None = Field(default=None, description="how many of its guns bear "
                                                                                        "there (at most its battery)")
    battery: dict[str, Annotated[int, Field(ge=1, le=300)]] = Field(
        default_factory=dict, description="which guns stand on this face: gun id (the fort's armament) -> how many; "
                                          "a record sheet lists them under the face")

    @property
    def label(self) -> str:
        """The face as a sheet heads its guns: its name and bearings ("channel fronts 170–330°")."""
        return f"{self.guns or 'face'} {self.from_:03.0f}–{self.to:03.0f}°"


NO_FACE = "on no face drawn: bears on no ship"  # a fort's gun the set-up's faces leave out (Fort Morgan's land front)


class Mark(Strict):
    """A point a player steers by: a buoy, a wreck, a landmark."""

    name: str = Field(min_length=1, max_length=40)
    at: Point
    note: str | None = None


class Start(Strict):
    at: Point | None = None
    zone: str | None = Field(default=None, description="a deployment zone, where no position is given")
    heading: Bearing | None = None
    speed_kn: Annotated[float, Field(ge=0, le=30)] | None = None
    anchored: bool = False
    aground: bool = Field(default=False, description="on the ground at the start: she cannot move until she gets off")
    arrives: Annotated[int, Field(ge=1, le=100)] | None = Field(default=None, description="the turn she comes on")
    arcs: list[Arc] = Field(default_factory=list, description="a fort's or battery's sectors of fire")

    def guns_by_face(self, armament) -> list[tuple[int, Arc | None, int]]:
        """A fort's mounts dealt over the faces her `battery` entries name, face by face in the set-up's order: (the
        mount's index in `armament`, the face, how many of that mount stand on it), then what no face takes (face
        None). Empty where no face names its guns."""
        if not any(a.battery for a in self.arcs):
            return []
        left = {i: m.count for i, m in enumerate(armament)}
        out: list[tuple[int, Arc | None, int]] = []
        for face in self.arcs:
            for gun_id, n in face.battery.items():
                for i, m in enumerate(armament):
                    take = min(n, left[i]) if m.gun == gun_id else 0
                    if take:
                        out.append((i, face, take))
                        left[i] -= take
                        n -= take
        return out + [(i, None, n) for i, n in left.items() if n]

    @model_validator(mode="after")
    def _somewhere(self) -> "Start":
        if (self.at is None) == (self.zone is None):
            raise ValueError("a start gives either `at: [x, y]` (yards) or `zone:` (a deployment zone), one of them")
        return self


RULES_FIELD = Field(default_factory=list, description="only under these rule sets (by name); empty: every one")


class Event(Strict):
    turn: Annotated[int, Field(ge=1, le=100)]
    what: str = Field(min_length=1)
    rules: list[str] = RULES_FIELD


class Points(Strict):
    side: str = Field(min_length=1, description="the side that scores them")
    unit: str | None = Field(default=None, description="the unit it is about (a unit id of the scenario)")
    what: str = Field(min_length=1, description="what scores: sunk, struck, past the fort ...")
    points: Annotated[int, Field(ge=-100, le=100)]
    rules: list[str] = RULES_FIELD  # play 44, moment 7: a row one rule set's alone (a fort scored under one only)


class Level(Strict):
    side: str = Field(min_length=1)
    at_least: Annotated[int, Field(ge=-1000, le=1000)]
    result: str = Field(min_length=1)
    margin: str | None = Field(default=None, description="the margin in words, for a level no 'at least' says "
                                                         "('−2 to +2', a draw)")
    rules: list[str] = RULES_FIELD


class Victory(Strict):
    points: list[Points] = Field(min_length=1)
    levels: list[Level] = Field(min_length=1)


class SpecialRule(Strict):
    name: str = Field(min_length=1, max_length=60)
    rule: str = Field(min_length=1, description="the rule, as dice and table references")
    provenance: Literal["source", "reconstructed"] = "source"
    rules: list[str] = RULES_FIELD


class Ground(Strict):
    """A table's ground and who starts where on it: the set-up's own table, or one of its parts'."""

    area: Area
    land: list[Land] = Field(default_factory=list)
    water: list[Water] = Field(default_factory=list)
    obstructions: list[Obstruction] = Field(default_factory=list)
    marks: list[Mark] = Field(default_factory=list, description="buoys and landmarks, drawn and named on the plan")
    torpedo_fields: list[TorpedoField] = Field(default_factory=list)
    zones: list[Zone] = Field(default_factory=list)
    starts: dict[str, Start] = Field(default_factory=dict, description="each unit's start, by unit id")

    @field_validator("starts")
    @classmethod
    def _ids(cls, starts: dict[str, Start]) -> dict[str, Start]:
        for key in starts:
            if not key.strip():
                raise ValueError("a start needs the unit's id")
        return starts


class Part(Ground):
    """A table played before the set-up's own, with its own ground and starts (the Arkansas's run down the Yazoo before
    she meets the fleets on the Mississippi): the pack gives it a plan of its own."""

    name: str = Field(min_length=1, max_length=60, description="what the players call it: 'Part one, the Yazoo'")
    note: str | None = Field(default=None, description="how it is played and what it carries to the next table")


class Window(Strict):
    """The part of the ground one rule set plays, where its ground scale would draw the whole area so much smaller
    than its ranges that the guns reach across it from the first turn (a ground scale of 1 mm to 2 ft makes
    Mobile Bay's entrance 11 m wide). Its plan shows only this part, on its own table; a start outside it comes on
    from its edge on the turn the start's `arrives` gives, at the point of the edge her `at` names."""

    rules: list[str] = Field(min_length=1, description="the rule sets that play this window (by name)")
    at: Point = Field(description="its south-west corner: yards on the area's ground")
    width_yd: Annotated[float, Field(ge=100, le=MAX_YARDS)] = Field(description="east to west")
    depth_yd: Annotated[float, Field(ge=100, le=MAX_YARDS)] = Field(description="south to north")
    table: Table = Field(default_factory=Table, description="the table it is played on (its long side may run north)")
    starts: dict[str, Start] = Field(default_factory=dict, description="starts that replace the set-up's own under "
                                                                       "these rule sets, by unit id (yards on the "
                                                                       "area's ground)")
    note: str = Field(min_length=1, description="how the ground was fitted to this table, said on its set-up page")

    def holds(self, point: list[float]) -> bool:
        return (self.at[0] <= point[0] <= self.at[0] + self.width_yd
                and self.at[1] <= point[1] <= self.at[1] + self.depth_yd)


class Setup(Ground):
    windows: list[Window] = Field(default_factory=list, description="the part of the ground a rule set plays, where "
                                                                    "its scale needs it (its own table and starts)")
    events: list[Event] = Field(default_factory=list)
    victory: Victory | None = None
    special_rules: list[SpecialRule] = Field(default_factory=list)
    fitting: str | None = Field(default=None, description="how the real ground was fitted to the table")
    outcome: str | None = Field(default=None, description="what happened on the day")
    parts: list[Part] = Field(default_factory=list, description="tables played first, in order, each with its own "
                                                                "plan; the set-up's own table is the last")


def off_area(point: list[float], area: Area) -> bool:
    return not (0 <= point[0] <= area.width_yd and 0 <= point[1] <= area.depth_yd)


def setup_problems(setup: Setup, scenario, units: dict, where: str, line_of, density_words: dict[str, tuple[str, ...]],
                   turns: int | None = None) -> list:
    """What is wrong with a set-up against its scenario: each as a Problem with the file, line and field.

    units: the library's units by id (a fort's arcs need a fort); density_words: per rule set, the torpedo-field
    densities it reads (a field none reads cannot be played)."""
    from ..errors import Problem

    out: list = []

    def say(loc: tuple, message: str) -> None:
        name = "setup" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in loc)
        out.append(Problem(where, line_of(("setup",) + loc), name, message))

    from ..errors import ShipyardError
    from ..rules import get_ruleset

    ids = {u.id for s in scenario.sides for u in s.units}
    sides = {s.name for s in scenario.sides}
    readers = {w for words in density_words.values() for w in words}

    def ground(g: Ground, at: tuple) -> None:
        zones = {z.name for z in g.zones}
        area = g.area
        size = f"{area.width_yd:g} × {area.depth_yd:g} yd"

        def inside(points, loc):
            for k, point in enumerate(points):
                if off_area(point, area):
                    say(at + loc + (k,), f"[{point[0]:g}, {point[1]:g}] is off the table: the area is {size} (x 0 to "
                                         f"{area.width_yd:g} east, y 0 to {area.depth_yd:g} north)")
                    return

        for name in ("land", "water", "torpedo_fields", "zones"):
            for k, item in enumerate(getattr(g, name)):
                inside(item.outline, (name, k, "outline"))
        for k, item in enumerate(g.obstructions):
            inside(item.line, ("obstructions", k, "line"))
        for k, mark in enumerate(g.marks):
            inside([mark.at], ("marks", k, "at"))
        for k, zone in enumerate(g.zones):
            if zone.side not in sides:
                say(at + ("zones", k, "side"), f"no side {zone.side!r} in this scenario (sides: "
                                               f"{', '.join(sorted(sides))})")
        for k, field in enumerate(g.torpedo_fields):
            if field.density not in readers:
                told = "; ".join(f"{rs} reads {', '.join(words)}" for rs, words in density_words.items() if words)
                say(at + ("torpedo_fields", k, "density"), f"no rule set reads a torpedo field of density "
                                                           f"{field.density!r}" + (f" ({told})" if told else ""))
        for uid, start in g.starts.items():
            loc = at + ("starts", uid)
            if uid not in ids:
                say(loc, f"{uid!r} is not in this scenario's sides: a start is for one of its units")
                continue
            if start.at is not None and off_area(start.at, area):
                say(loc + ("at",), f"[{start.at[0]:g}, {start.at[1]:g}] is off the table: the area is {size}")
            if start.zone is not None and start.zone not in zones:
                say(loc + ("zone",), f"no zone {start.zone!r} in the set-up"
                                     + (f" (zones: {', '.join(sorted(zones))})" if zones else " (it has none)"))
            if start.arcs and getattr(units.get(uid), "kind", None) != "fort":
                say(loc + ("arcs",), f"{uid!r} is not a fort: arcs of fire are a fort's or a battery's")
            elif start.arcs:
                battery = sum(m.count for m in getattr(units.get(uid), "armament", []))
                mounted: dict[str, int] = {}
                for m in getattr(units.get(uid), "armament", []):
                    mounted[m.gun] = mounted.get(m.gun, 0) + m.count
                placed: dict[str, int] = {}
                for k, arc in enumerate(start.arcs):
                    if arc.count is not None and arc.count > battery:
                        say(loc + ("arcs", k, "count"), f"{arc.count} guns, but {uid} mounts {battery}")
                    if arc.battery and arc.count is not None and sum(arc.battery.values()) != arc.count:
                        say(loc + ("arcs", k, "battery"),
                            f"battery names {sum(arc.battery.values())} guns, but count says {arc.count}")
                    for gun, n in arc.battery.items():
                        if gun not in mounted:
                            say(loc + ("arcs", k, "battery", gun),
                                f"{uid} mounts no {gun!r} (its guns: {', '.join(mounted)})")
                        placed[gun] = placed.get(gun, 0) + n
                for gun, n in placed.items():
                    if gun in mounted and n > mounted[gun]:
                        say(loc + ("arcs",), f"its faces place {n} {gun}, but {uid} mounts {mounted[gun]}")
            if turns is not None and start.arrives is not None and start.arrives > turns:
                say(loc + ("arrives",), f"turn {start.arrives} is after the last turn ({turns})")

    ground(setup, ())
    for k, window in enumerate(setup.windows):
        wloc = ("windows", k)
        corner = [window.at[0] + window.width_yd, window.at[1] + window.depth_yd]
        if off_area(window.at, setup.area) or off_area(corner, setup.area):
            say(wloc, f"the window runs off the area ({setup.area.width_yd:g} × {setup.area.depth_yd:g} yd)")
        for j, rules in enumerate(window.rules):
            try:
                get_ruleset(rules)
            except ShipyardError as exc:
                say(wloc + ("rules", j), str(exc))
        for uid, start in window.starts.items():
            if uid not in ids:
                say(wloc + ("starts", uid), f"{uid!r} is not in this scenario's sides: a start is for one of its units")
            elif start.at is not None and not window.holds(start.at):
                say(wloc + ("starts", uid, "at"), f"[{start.at[0]:g}, {start.at[1]:g}] is off the window: a unit that "
                                                  "comes on later starts on its edge with `arrives`")
    for k, part in enumerate(setup.parts):
        ground(part, ("parts", k))
    for k, event in enumerate(setup.events):
        if turns is not None and event.turn > turns:
            say(("events", k, "turn"), f"turn {event.turn} is after the last turn ({turns})")

    for name, items in (("events", setup.events), ("special_rules", setup.special_rules)):
        for k, item in enumerate(items):
            for j, rules in enumerate(item.rules):
                try:
                    get_ruleset(rules)
                except ShipyardError as exc:
                    say((name, k, "rules", j), str(exc))
    if setup.victory is not None:
        for k, row in enumerate(setup.victory.points):
            if row.unit is not None and row.unit not in ids:
                say(("victory", "points", k, "unit"), f"{row.unit!r} is not in this scenario: points are for its units")
            if row.side not in sides:
                say(("victory", "points", k, "side"), f"no side {row.side!r} in this scenario")
        for k, level in enumerate(setup.victory.levels):
            if level.side not in sides and not (level.side == "Either" and level.margin):  # a draw's row is either's
                say(("victory", "levels", k, "side"), f"no side {level.side!r} in this scenario")
    return out
