"""Toy Rules' record sheet per unit, built from the render kit's blocks."""

from __future__ import annotations

from shipyard.render.containers import Stack
from shipyard.render.figures import StatBoxes
from shipyard.render.flow import Flow
from shipyard.render.tracks import Track, Tracks
from shipyard.rules.play_aids import damage_done, title_block


def sheets(doc, derived, ctx) -> None:
    flow = Flow(doc)
    for unit, d in derived:
        s = d.stats
        hits = Track(f"Toy hits {s.hull_boxes}", s.hull_boxes, records="hits",
                     prefilled=damage_done(ctx, unit, ("toy hits",), s.hull_boxes))
        flow.add(Stack([title_block(unit, d, ctx), StatBoxes([("SPEED", f"{s.speed_kn:g} kn"), ("GUNS", s.guns)]),
                        Tracks([hits])]), bookmark=unit.name)
