"""Quick Play printed aids, by job: record cards (sheet.py), turn counters and speed markers (counters.py),
the order of battle (roster.py), and the play tables with the turning gauge on one true-scale page (reference.py,
gauge.py), all laid out as blocks from the typed stats and tables.yaml. This module keeps the entry points pack.py
and the CLI call. The play tables and the gauge are one page, printed as the pack's templates (the section whose
pages are true scale): Quick Play offers no separate quick reference, so nothing is printed twice."""

from __future__ import annotations

from . import reference
from ..play_aids import in_play
from .counters import counters
from .derive import plays
from .roster import roster
from .sheet import sheets

__all__ = ["sheets", "counters", "roster", "templates", "SECTION_NOTES"]

# the pack cover's contents say what the templates section holds: the quick reference is printed there
SECTION_NOTES = {"templates": "the quick reference, with the turning gauge"}


def templates(doc, ctx) -> None:
    """The quick reference with the turning gauge, true scale, for the units of the scenario in hand (ctx.scenario,
    of the sides the pack prints), else for every ship type."""
    from . import RULESET

    derived = []
    scenario = getattr(ctx, "scenario", None)
    if scenario is not None:
        wanted = getattr(getattr(ctx, "options", None), "sides", None) or None  # the sides printed (None: all)
        derived = [d for _, u, d in in_play(ctx, RULESET.derive, sides=wanted) if plays(u.id, ctx)]
    reference.quick_reference(doc, derived, ctx)
