"""What every rule set's roster shares: units lashed together listed together. (The sides' speed chart went when the
replays found it never used at the table: every roster gave its room to what players read.)"""

from __future__ import annotations

from typing import Any


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
