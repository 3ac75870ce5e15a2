"""Toy Rules' damage track: the boxes a unit's sheet has, by the name a scenario's `damage:` may use."""

from __future__ import annotations

from shipyard.rules.context import Context
from shipyard.rules.derived import Derived


def damage_tracks(derived: Derived, ctx: Context | None = None) -> dict[str, int]:
    return {"toy hits": derived.stats.hull_boxes}
