"""Invariants of the specification model, by property: round trips and rejected nonsense."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from shipyard.library.model import (
    Armour, ArmourArea, ArmourMaterial, Mount, Mounting, Navy, Position, Propulsion, PropulsionKind, Source,
    Vessel, VesselType,
)
from shipyard.library.yamlfile import parse_yaml

names = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(lambda s: s.strip())
ids = st.from_regex(r"^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$", fullmatch=True)
areas = st.sampled_from([a for a in ArmourArea if a is not ArmourArea.TURRET])


@st.composite
def vessels(draw):
    length = draw(st.floats(20, 400, allow_nan=False))
    beam = draw(st.floats(5, length * 0.9, allow_nan=False).filter(lambda b: b < length))
    draught = draw(st.floats(1, min(40, beam * 1.4), allow_nan=False))
    return Vessel(
        id=draw(ids),
        name=draw(names),
        navy=draw(st.sampled_from(list(Navy))),
        type=draw(st.sampled_from([t for t in VesselType if t is not VesselType.MONITOR])),
        length_ft=length,
        beam_ft=beam,
        draught_ft=draught,
        displacement_tons=draw(st.floats(1, 20000, allow_nan=False)),
        speed_kn=draw(st.floats(0, 30, allow_nan=False)),
        propulsion=Propulsion(kind=draw(st.sampled_from(list(PropulsionKind)))),
        armour=draw(st.lists(st.builds(
            Armour, area=areas, material=st.sampled_from(list(ArmourMaterial)),
            thickness_in=st.floats(0, 30, allow_nan=False), backing_in=st.none() | st.floats(0, 30, allow_nan=False),
        ), max_size=4)),
        armament=draw(st.lists(st.builds(
            Mount, gun=st.just("dahlgren-9in"), count=st.integers(1, 20),
            mounting=st.sampled_from([m for m in Mounting if m is not Mounting.TURRET]),
            position=st.none() | st.sampled_from(list(Position)),
        ), max_size=4)),
        sources=[Source(url="https://example.org/x", covers="test")],
        notes=draw(st.none() | names),
    )


@settings(max_examples=60, deadline=None)
@given(vessels())
def test_any_valid_vessel_serialises_and_loads_back_unchanged(vessel):
    data = vessel.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert Vessel.model_validate(data) == vessel
    # and through the YAML reader the library uses
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    assert Vessel.model_validate(parse_yaml(text, "x.yaml").data) == vessel


NUMERIC_LIMITS = {
    "length_ft": (0, 600), "beam_ft": (0, 600), "draught_ft": (0, 40), "speed_kn": (-1e-9, 30), "displacement_tons": (0, 20000),
}


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(sorted(NUMERIC_LIMITS)),
    st.one_of(st.floats(-1e9, -0.001), st.floats(30_000, 1e12), st.just(float("nan")), st.just(float("inf"))),
)
def test_impossible_numbers_are_always_rejected_with_a_message(field, bad):
    lo, hi = NUMERIC_LIMITS[field]
    data = dict(
        id="uss-x", name="USS X", navy="USN", type="screw sloop", length_ft=200, beam_ft=35, draught_ft=12,
        displacement_tons=1500, speed_kn=10, propulsion={"kind": "screw"}, sources=[{"url": "https://e.org", "covers": "x"}],
    )
    data[field] = bad
    try:
        Vessel.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        assert errors and all(e["msg"] for e in errors)
        assert any(e["loc"] and e["loc"][0] == field for e in errors) or field in str(exc)
    else:
        raise AssertionError(f"{field}={bad} was accepted")
