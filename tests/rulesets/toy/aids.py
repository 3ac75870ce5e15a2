"""Toy Rules' printed aids: the entry points, each in the module for its job (a record sheet per unit, sheet.py).
It prints no counters, templates, quick reference or roster: the contract lets a rule set leave an aid out."""

from __future__ import annotations

from .sheet import sheets

__all__ = ["sheets"]
