"""What a derivation (and a printed aid) may consult besides the unit: the library, the tables, the scale, the
pack's options and the scenario."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tables import Tables


@dataclass
class Context:
    """What a derivation may consult besides the unit: the ordnance catalogue, the tables (with
    house rules applied), the table scale, and the library for anything else."""

    library: Any
    tables: Tables
    scale: str = "native"
    options: Any = None  # the pack options (paper, colour, blank or pre-damaged copies...) where a pack is built
    scenario: Any = None  # the scenario being packed, where there is one (its units' opening damage)
