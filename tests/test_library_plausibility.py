"""A plausibility check over the whole library: figures that sit oddly against each other are flagged.

Three checks, each on every vessel in every dated state (the base record and each refit):

- hull: the block coefficient displacement x 35 ft3/ton / (length x beam x draught) must lie in the band for the
  kind of hull (a figure outside usually means burthen entered as displacement, or depth of hold as draught);
- speed: the speed to play must lie in the band for the type and propulsion;
- guns: the pieces in ports, pivots, casemates and turrets must fit the deck length (about one piece a side every
  8 ft over three-quarters of the length, per gun deck).

Every flag has been looked at. A flag that is right, or that no better source can fix yet, is in ALLOWED with the
reason; the test fails on any new flag and on any allowance that no longer flags (so the list stays honest).
"""

from __future__ import annotations

import pytest

from shipyard.library.model import Mounting, PropulsionKind, Vessel, VesselType

T = VesselType

# Block-coefficient bands by hull family (sea-going hulls are finer than river and harbour craft).
CB_BANDS: dict[str, tuple[float, float]] = {
    "sea-going": (0.33, 0.75),
    "river and harbour": (0.30, 0.85),
    "sailing": (0.30, 0.70),
    "small craft": (0.25, 0.70),
}
RIVER_AND_HARBOUR = {T.CASEMATE_IRONCLAD, T.MONITOR, T.COTTONCLAD, T.RAM, T.TINCLAD, T.BROADSIDE_IRONCLAD}
SAILING = {T.SAILING_FRIGATE, T.SAILING_SLOOP}
SMALL = {T.SUBMARINE, T.TORPEDO_BOAT}

# Speed bands (knots) by type: what ships of the kind made in service.
SPEED_BANDS: dict[VesselType, tuple[float, float]] = {
    T.SAILING_FRIGATE: (4, 12), T.SAILING_SLOOP: (4, 12),
    T.SCREW_FRIGATE: (7, 12.5), T.SCREW_SLOOP: (7, 13), T.SCREW_GUNBOAT: (7, 12), T.SCREW_STEAMER: (5, 14),
    T.SIDEWHEEL_GUNBOAT: (6, 14), T.SIDEWHEEL_STEAMER: (6, 14), T.STERNWHEEL_STEAMER: (3, 10),
    T.CASEMATE_IRONCLAD: (2, 10), T.MONITOR: (4, 10), T.BROADSIDE_IRONCLAD: (5, 10),
    T.RAM: (4, 14), T.COTTONCLAD: (4, 12), T.TINCLAD: (4, 9),
    T.SUBMARINE: (1, 5), T.TORPEDO_BOAT: (3, 10),
}
# Whatever the type, a ship moved only by these could not exceed this speed.
PROPULSION_CAP = {PropulsionKind.HAND: 4, PropulsionKind.CENTREWHEEL: 9, PropulsionKind.STERNWHEEL: 10}

GUN_DECKS = {T.SCREW_FRIGATE: 2, T.SAILING_FRIGATE: 2}
PIECES_PER_FOOT_PER_DECK = 2 * 0.75 / 8  # both sides, over three-quarters of the length, a piece every 8 ft

ALLOWED: dict[tuple[str, str], str] = {
    ("css-atlanta", "hull"):
        "Her 41 ft beam is over the casemate and the wooden overhang of the conversion; the hull of the blockade "
        "runner Fingal was 25 ft in the beam (USS Atlanta article), which gives a normal coefficient (0.44) for "
        "the 1,006 t. The game keeps 41 ft, the width she presents; the file says so.",
    ("uss-benton", "hull"):
        "Audited: 633 t was burthen (now burthen_tons) and the older 1,033 t is displacement; even so the 72 ft "
        "beam of the twin-hulled snagboat conversion over her deepest 9 ft draught gives a coefficient of 0.28. "
        "The hull is unusual, not the figure.",
    ("uss-hartford", "speed"):
        "13.5 kn is the only figure found and is probably her best under sail and steam (the file says so); she "
        "is a Quick Play calibration ship, so it is not replaced by a guess.",
    ("uss-sassacus", "speed"):
        "14.5 kn is Sassacus's recorded speed (her article, of unstated basis; her sisters' own records give 14 kn), "
        "probably a best; the sisters are played at an estimated 11 kn. Her ramming of Albemarle at full speed is the "
        "reason to keep it.",
    ("uss-arizona", "speed"):
        "15 kn is DANFS's figure (historycentral copy), the only one found, for the fast iron Gulf passenger "
        "steamer she was built as in 1859; kept as her best speed, as the file says.",
    ("css-louisiana", "speed"):
        "She was immobile: towed down unfinished and moored as a floating battery; 0.5 kn stands for 'moored'.",
}


def _states(v: Vessel) -> list[tuple[str, Vessel]]:
    dates = sorted({r.date for r in v.refits})
    return [("base", v)] + [(d, v.as_of(d)) for d in dates]


def _family(t: VesselType) -> str:
    if t in SAILING:
        return "sailing"
    if t in SMALL:
        return "small craft"
    if t in RIVER_AND_HARBOUR:
        return "river and harbour"
    return "sea-going"


def hull_flag(v: Vessel) -> str | None:
    if v.displacement_tons is None:
        return None
    cb = v.displacement_tons * 35 / (v.length_ft * v.beam_ft * v.draught_ft)
    low, high = CB_BANDS[_family(v.type)]
    if not low <= cb <= high:
        return f"block coefficient {cb:.2f} outside {low}-{high} for a {_family(v.type)} hull"
    return None


def speed_flag(v: Vessel) -> str | None:
    low, high = SPEED_BANDS[v.type]
    high = min(high, PROPULSION_CAP.get(v.propulsion.kind, high))
    if not low <= v.speed_kn <= high:
        return f"{v.speed_kn} kn outside {low}-{high} kn for a {v.type.value} ({v.propulsion.kind.value})"
    return None


def guns_flag(v: Vessel) -> str | None:
    pieces = sum(m.count for m in v.armament if m.mounting is not Mounting.DECK)
    room = GUN_DECKS.get(v.type, 1) * PIECES_PER_FOOT_PER_DECK * v.length_ft
    if pieces > room:
        return f"{pieces} pieces on {v.length_ft:.0f} ft: room for about {room:.0f}"
    return None


CHECKS = {"hull": hull_flag, "speed": speed_flag, "guns": guns_flag}


def flags(vessels) -> dict[tuple[str, str], str]:
    found: dict[tuple[str, str], str] = {}
    for v in vessels:
        for when, state in _states(v):
            for name, check in CHECKS.items():
                why = check(state)
                if why and (v.id, name) not in found:
                    found[(v.id, name)] = f"{why} ({when})"
    return found


@pytest.fixture(scope="module")
def found(library):
    return flags(library.vessels)


def test_every_flag_in_the_library_has_been_looked_at(found):
    new = {k: v for k, v in found.items() if k not in ALLOWED}
    assert not new, "implausible figures - fix the data or allow them with a reason:\n" + "\n".join(
        f"  {vid} [{check}]: {why}" for (vid, check), why in sorted(new.items()))


def test_no_allowance_is_stale(found):
    stale = sorted(k for k in ALLOWED if k not in found)
    assert not stale, f"allowed but no longer flagged (remove them): {stale}"


def test_allowances_give_a_reason(library):
    for (vid, check), reason in ALLOWED.items():
        assert vid in library.units and check in CHECKS, (vid, check)
        assert len(reason.split()) >= 12, (vid, check)


def _variant(library, vid: str, **changes) -> Vessel:
    data = library.units[vid].model_dump(by_alias=True, exclude_none=True)
    data.update(changes)
    return Vessel.model_validate(data)


def test_the_checks_catch_made_up_outliers(library):
    # burthen entered as displacement for a big frigate; a river ironclad at 15 kn; a tug with a frigate's battery
    assert hull_flag(_variant(library, "uss-minnesota", displacement_tons=1500))
    assert speed_flag(_variant(library, "uss-cairo", speed_kn=15))
    tug = library.units["css-teaser"]
    crowded = [{"gun": "smoothbore-32pdr-42cwt", "count": 20, "mounting": "broadside", "position": "midships"}]
    assert guns_flag(_variant(library, "css-teaser", armament=crowded))
    # and the real ships pass
    assert hull_flag(library.units["uss-minnesota"]) is None
    assert speed_flag(library.units["uss-cairo"]) is None
    assert guns_flag(tug) is None


def test_a_new_outlier_in_a_library_fails_the_check(library):
    odd = _variant(library, "uss-kennebec", id="uss-odd", speed_kn=25)
    assert ("uss-odd", "speed") in flags([odd])
    assert ("uss-odd", "speed") not in ALLOWED
