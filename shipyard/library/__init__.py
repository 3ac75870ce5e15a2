"""The library: the historical record of vessels, forts, ordnance and scenarios as the sources record them.

Names load lazily, so `shipyard --help` does not pay for pydantic.
"""

from importlib import import_module

_WHERE = {
    "Problem": "..errors", "ShipyardError": "..errors", "Library": "library",
    **{name: "model" for name in (
        "Armour", "ArmourArea", "ArmourMaterial", "Fort", "GunKind", "Mount", "Mounting", "Navy", "Ordnance",
        "Position", "PropulsionKind", "Scenario", "Unit", "Vessel", "VesselType",
    )},
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        where = _WHERE[name]
        module = import_module(where, "shipyard.library") if where.startswith(".") else import_module(f"{__name__}.{where}")
        return getattr(module, name)
    raise AttributeError(name)
