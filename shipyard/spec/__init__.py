"""History: vessels, forts, ordnance and scenarios as the sources record them."""

from .errors import Problem, ShipyardError
from .library import Library
from .model import (
    Armour, ArmourArea, ArmourMaterial, Fort, GunKind, Mount, Mounting, Navy, Ordnance, Position,
    PropulsionKind, Scenario, Unit, Vessel, VesselType,
)

__all__ = [
    "Armour", "ArmourArea", "ArmourMaterial", "Fort", "GunKind", "Library", "Mount", "Mounting", "Navy",
    "Ordnance", "Position", "Problem", "PropulsionKind", "Scenario", "ShipyardError", "Unit", "Vessel", "VesselType",
]
