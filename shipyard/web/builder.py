"""The scenario builder's form (scenario_new.html), without Ctrl-click: ships found in the library by a search and
added to a side by a button, ordered by Up and Down, lashed to a consort by choosing her, and placed on the table
plan by a start (x and y in yards, a heading) each. Every button posts the form and the server answers with the
form so changed; nothing is saved but by Save. What it saves is a scenario file as `shipyard new scenario` writes
one (sides of units, `lashed_to`, a `setup:` with `area` and `starts`), checked as `shipyard validate` checks it.

The form's names: side{k}_units (one hidden field a ship, in her order), as_of_{k}_{id}, lash_{k}_{id}, x_{k}_{id},
y_{k}_{id}, heading_{k}_{id}; area_width_yd, area_depth_yd; _act: 'find', 'add K ID', 'remove K ID', 'up K ID',
'down K ID', 'plan'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Problem, ShipyardError

SIDES = (1, 2)
MOST_FOUND = 30  # ships a search lists at once: a finer search finds the rest
DEFAULT_AREA = (6000, 4000)  # yards: the area a new plan starts with (a table of 6 x 4 ft at most rule sets' scales)


@dataclass
class Placed:
    """A ship of a side as the form holds her."""

    id: str
    as_of: str = ""
    lashed_to: str = ""
    x: str = ""
    y: str = ""
    heading: str = ""


@dataclass
class Sides:
    units: dict[int, list[Placed]] = field(default_factory=lambda: {k: [] for k in SIDES})

    def ids(self, k: int) -> list[str]:
        return [p.id for p in self.units[k]]


def sides_from(form) -> Sides:
    """The ships of each side as the form sends them, in their order, each once."""
    sides = Sides()
    for k in SIDES:
        seen = set()
        for ident in form.getlist(f"side{k}_units"):
            ident = str(ident).strip()
            if not ident or ident in seen:
                continue
            seen.add(ident)
            get = lambda key: str(form.get(f"{key}_{k}_{ident}") or "").strip()  # noqa: E731
            sides.units[k].append(Placed(ident, get("as_of"), get("lash"), get("x"), get("y"), get("heading")))
    return sides


def act(sides: Sides, action: str, library) -> str | None:
    """Apply one of the form's buttons to the sides; the id of the ship it concerns (to put the focus at), if any.
    A button naming no ship of the library, or no side, changes nothing."""
    verb, _, rest = action.strip().partition(" ")
    side, _, ident = rest.partition(" ")
    if not side.isdigit() or int(side) not in SIDES:
        return None
    units = sides.units[int(side)]
    at = next((i for i, p in enumerate(units) if p.id == ident), None)
    if verb == "add" and ident in library.units and at is None:
        units.append(Placed(ident))
        return ident
    if at is None:
        return None
    if verb == "remove":
        gone = units.pop(at).id
        for p in units:
            if p.lashed_to == gone:
                p.lashed_to = ""
        return units[min(at, len(units) - 1)].id if units else None
    if verb == "up" and at > 0:
        units[at - 1], units[at] = units[at], units[at - 1]
    elif verb == "down" and at + 1 < len(units):
        units[at + 1], units[at] = units[at], units[at + 1]
    return ident


def found(library, query: str, navy: str = "") -> list:
    """The ships and forts a search finds: by name, id, class or type, of a navy if one is chosen; by name."""
    words = query.strip().lower().split()
    if not words and not navy:
        return []
    out = []
    for unit in sorted(library.units.values(), key=lambda u: u.name):
        text = " ".join(str(x) for x in (unit.id, unit.name, getattr(unit, "class_name", "") or "",
                                         getattr(getattr(unit, "type", None), "value", "fort"))).lower()
        if all(w in text for w in words) and (not navy or unit.navy.value == navy):
            out.append(unit)
    return out


def scenario_data(form, sides: Sides, setup_from_text) -> dict:
    """The scenario the form makes, as its file holds it. The set-up: the YAML box's (land, water, events...), with
    the area and each ship's start from the plan's fields laid over it."""
    problems: list[Problem] = []
    out_sides = []
    for k in SIDES:
        units = []
        for p in sides.units[k]:
            unit = {"id": p.id}
            if p.as_of:
                unit["as_of"] = p.as_of
            if p.lashed_to:
                unit["lashed_to"] = p.lashed_to
            units.append(unit)
        side = {"name": form.get(f"side{k}_name") or f"Side {k}",
                "navy": form.get(f"side{k}_navy") or ("USN" if k == 1 else "CSN"), "units": units}
        for key in ("commander", "victory"):
            if form.get(f"side{k}_{key}"):
                side[key] = form.get(f"side{k}_{key}")
        out_sides.append(side)
    data = {"name": form.get("name") or "", "date": form.get("date") or "", "place": form.get("place") or "",
            "sides": out_sides}
    if form.get("notes"):
        data["notes"] = form.get("notes")
    text = str(form.get("setup") or "")
    setup = setup_from_text(text) if text.strip() else {}
    starts = {}
    for k in SIDES:
        for p in sides.units[k]:
            if not (p.x or p.y or p.heading):
                continue
            where = f"setup.starts.{p.id}"
            start = dict((setup.get("starts") or {}).get(p.id) or {})
            if p.x or p.y:
                start["at"] = [_yards(p.x, f"{where}.at", "x (east)", problems),
                               _yards(p.y, f"{where}.at", "y (north)", problems)]
            if p.heading:
                start["heading"] = _number(p.heading, f"{where}.heading", "a compass heading in degrees, e.g. 270",
                                           problems)
            starts[p.id] = start
    if starts:
        setup["starts"] = {**(setup.get("starts") or {}), **starts}
        width, depth = (str(form.get(f"area_{d}_yd") or "").strip() for d in ("width", "depth"))
        if width or depth or "area" not in setup:
            setup["area"] = {**(setup.get("area") or {}),
                             "width_yd": _yards(width or str(DEFAULT_AREA[0]), "setup.area.width_yd", "the width",
                                                problems),
                             "depth_yd": _yards(depth or str(DEFAULT_AREA[1]), "setup.area.depth_yd", "the depth",
                                                problems)}
    if problems:
        raise ShipyardError(problems)
    if setup:
        data["setup"] = setup
    return data


def _number(raw: str, where: str, expected: str, problems: list[Problem]):
    try:
        value = float(raw)
    except ValueError:
        problems.append(Problem(None, None, where, f"{expected} (not “{raw}”)"))
        return raw
    return int(value) if value.is_integer() else value


def _yards(raw: str, where: str, what: str, problems: list[Problem]):
    if not raw:
        problems.append(Problem(None, None, where, f"{what}: needed, in yards, e.g. 4500"))
        return 0
    return _number(raw, where, f"{what}: a number of yards, e.g. 4500", problems)
