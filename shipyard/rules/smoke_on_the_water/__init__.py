"""Smoke on the Water (Gorringe & Thomas, Canis Publishing, 1996): 1/600 models, distances in cm.

The calculator is in derive.py (typed by stats.py), the numbers (with their provenance) in tables.yaml, the
printed aids in sheet.py, counters.py, templates.py, roster.py and reference.py (aids.py holds their entry points).
"""

from pathlib import Path

from ..base import RuleSet
from .derive import derive

RULESET = RuleSet(
    key="smoke-on-the-water",
    aliases=("sotw",),
    title="Smoke on the Water",
    package=__name__,
    derive=derive,
    tables_path=Path(__file__).with_name("tables.yaml"),
    native_scale="1/600",
    scales=("1/600", "1/1200"),
    pack_seconds=0.13,
)
