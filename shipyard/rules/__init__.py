"""The rule sets: one sub-package each, found by looking, so a fifth is one more folder."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from ..spec.errors import ShipyardError, did_you_mean
from .base import Context, Derived, RuleSet, Table, Tables

__all__ = ["Context", "Derived", "RuleSet", "Table", "Tables", "all_rulesets", "get_ruleset"]


@lru_cache(maxsize=1)
def all_rulesets() -> tuple[RuleSet, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, RuleSet):
            found.append(ruleset)
    return tuple(found)


def get_ruleset(name: str) -> RuleSet:
    key = name.strip().lower().replace("_", "-")
    names = {}
    for rs in all_rulesets():
        for n in (rs.key, *rs.aliases):
            names[n] = rs
    if key in names:
        return names[key]
    raise ShipyardError(f"no rule set {name!r}{did_you_mean(key, names)}; known: {', '.join(sorted(names))}")
