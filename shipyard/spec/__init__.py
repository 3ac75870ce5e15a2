"""History: vessels, forts, ordnance and scenarios as the sources record them.

Names load lazily, so `shipyard --help` does not pay for pydantic.
"""

from importlib import import_module

_WHERE = {
    "Problem": "errors", "ShipyardError": "errors", "Library": "library",
    **{name: "model" for name in (
        "Armour", "ArmourArea", "ArmourMaterial", "Fort", "GunKind", "Mount", "Mounting", "Navy", "Ordnance",
        "Position", "PropulsionKind", "Scenario", "Unit", "Vessel", "VesselType",
    )},
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(name)
