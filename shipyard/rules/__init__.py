"""The registry of rule sets: found by looking, so a fifth is one more folder and no other module names one.

A rule set is a package whose __init__.py defines `RULESET` (a `rules.contract.RuleSet`). The registry finds
- every such package in this folder (the bundled rule sets), and
- every folder named in the environment variable SHIPYARD_RULESETS (several separated by ':', as PATH is): each
  folder is one rule-set package of your own, read as if it were bundled.

This is the one module outside a rule set's folder that may name one (DEFAULT_RULES below).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from functools import lru_cache
from pathlib import Path

from ..errors import ShipyardError, did_you_mean, display_path
from .context import Context
from .derived import Derived
from .tables import Table, Tables
from .contract import ANY_SCALE, AIDS, Job, RuleSet, track_name_known

__all__ = ["AIDS", "Context", "Derived", "Job", "RuleSet", "Table", "Tables", "all_rulesets", "get_ruleset",
           "default_ruleset", "rule_set_names", "all_scales", "damage_track_names", "damage_track_known"]

RULESETS_ENV = "SHIPYARD_RULESETS"
DEFAULT_RULES = "saunders"  # the rule set the web editor previews in until one is picked


@lru_cache(maxsize=1)
def all_rulesets() -> tuple[RuleSet, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            ruleset = getattr(importlib.import_module(f"{__name__}.{info.name}"), "RULESET", None)
            if isinstance(ruleset, RuleSet):
                found.append(ruleset)
    for folder in _extra_folders():
        ruleset = getattr(_import_folder(folder), "RULESET", None)
        if not isinstance(ruleset, RuleSet):
            raise ShipyardError(f"{RULESETS_ENV}: {folder} defines no RULESET = shipyard.rules.contract.RuleSet(...) "
                                "in its __init__.py (see docs/adding-a-rule-set.md)")
        found.append(ruleset)
    rulesets = tuple(found)
    seen: dict[str, RuleSet] = {}
    for rs in rulesets:
        for name in (rs.key, *rs.aliases):
            if name in seen:
                raise ShipyardError(f"{RULESETS_ENV}: the rule sets {seen[name].title!r} and {rs.title!r} are both "
                                    f"called {name!r}; rename one (its key and aliases)")
            seen[name] = rs
    return rulesets


def _extra_folders() -> list[Path]:
    folders = []
    for part in os.environ.get(RULESETS_ENV, "").split(os.pathsep):
        if not part.strip():
            continue
        folder = Path(part).expanduser()
        if not (folder / "__init__.py").is_file():
            raise ShipyardError(f"{RULESETS_ENV}: {part!r} is not a rule-set folder (a folder with an __init__.py "
                                "defining RULESET; see docs/adding-a-rule-set.md)")
        folders.append(folder.resolve())
    return folders


def _import_folder(folder: Path):
    """A rule-set folder of the user's imported as a package (its modules may import one another relatively)."""
    name = "shipyard_ruleset_" + "".join(ch if ch.isalnum() else "_" for ch in folder.name)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except ShipyardError:
        del sys.modules[name]
        raise
    except Exception as exc:  # the folder's own code is broken: say where, as for any file of the user's
        del sys.modules[name]
        import traceback

        frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).is_relative_to(folder)]
        if isinstance(exc, SyntaxError) and exc.filename:
            where = f"{display_path(Path(exc.filename))}:{exc.lineno}"
        elif frames:
            where = f"{display_path(Path(frames[-1].filename))}:{frames[-1].lineno}"
        else:
            where = display_path(folder)
        raise ShipyardError(f"{RULESETS_ENV}: {where}: the rule set cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from exc
    return module


def get_ruleset(name: str) -> RuleSet:
    key = name.strip().lower().replace("_", "-")
    names = {}
    for rs in all_rulesets():
        for n in (rs.key, *rs.aliases):
            names[n] = rs
    if key in names:
        return names[key]
    raise ShipyardError(f"no rule set {name!r}{did_you_mean(key, names)}; known: {', '.join(sorted(names))}")


def default_ruleset() -> RuleSet:
    """The rule set shown until the user picks one (the first found if the usual one is not installed)."""
    try:
        return get_ruleset(DEFAULT_RULES)
    except ShipyardError:
        return all_rulesets()[0]


def rule_set_names(sep: str = ", ", last: str = ", ") -> str:
    """Every rule set by the name a user types, for help and error texts: 'quick-play, ..., sotw'."""
    names = [rs.short_name for rs in all_rulesets()]
    return sep.join(names[:-1]) + (last if len(names) > 1 else "") + names[-1] if names else ""


def all_scales() -> tuple[str, ...]:
    """Every model scale some rule set plays at (its own or one it converts to), in the order first met."""
    out: list[str] = []
    for rs in all_rulesets():
        for scale in (rs.native_scale, *rs.scales):
            if scale != ANY_SCALE and scale not in out:
                out.append(scale)
    return tuple(out)


def damage_track_names() -> tuple[str, ...]:
    """Every damage-track name a scenario's `damage:` may use, across the rule sets (each uses those it has)."""
    out: list[str] = []
    for rs in all_rulesets():
        out += [n for n in rs.track_names if n not in out]
    for rs in all_rulesets():  # a sheet's other boxes, by their tracker id, numbered where it repeats (live_checks)
        for tracker in rs.trackers().trackers:
            out += [n for n in (tracker, f"{tracker} <id>") if n not in out]
    return tuple(out)


def damage_track_known(name: str) -> bool:
    return track_name_known(name, damage_track_names())


def torpedo_densities() -> dict[str, tuple[str, ...]]:
    """Per rule set, the torpedo-field densities it reads (a scenario's set-up names one of them)."""
    return {rs.key: tuple(rs.torpedo_densities()) for rs in all_rulesets()}
