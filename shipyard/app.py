"""The application layer (a stand-in on this branch for the one the command line moves to; merged later)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable


def load_library(extra: Iterable[Path | str] = (), *, user: bool = True, collect: bool = False):
    from .spec.library import Library

    return Library.load(list(extra), collect=collect)


def ruleset(name: str):
    from .rules import get_ruleset

    return get_ruleset(name)


def rulesets():
    from .rules import all_rulesets

    return all_rulesets()


def context(rs, library, house_rules=None, scale=None, *, options=None, scenario=None):
    ctx = rs.context(library, house_rules, scale)
    ctx.options = options
    ctx.scenario = scenario
    return ctx


def derive(rs, library, unit, ctx):
    from .pack import derive_unit

    return derive_unit(rs, library, unit, ctx)


@dataclass
class SheetOptions:
    paper: str = "a4"
    as_of: str | None = None
    house_rules: Path | None = None
    scale: str | None = None
    templates: Path | None = None
    colour: bool = True


def sheet_units(rs, library, units, options: SheetOptions | None = None) -> bytes:
    from .render import Document

    options = options or SheetOptions()
    ctx = context(rs, library, options.house_rules, options.scale)
    derived = [(u, derive(rs, library, u, ctx)) for u in units]
    with tempfile.TemporaryDirectory(prefix="shipyard-") as tmp:
        out = Path(tmp) / "out.pdf"
        with Document(out, paper=options.paper, title=f"{rs.title} record sheets", subject=rs.title) as doc:
            rs.aids().sheets(doc, derived, ctx)
        return out.read_bytes()


def pack_bytes(library, scenario, rs, options) -> bytes:
    from .pack import build_pack

    with tempfile.TemporaryDirectory(prefix="shipyard-pack-") as tmp:
        built = build_pack(library, scenario, rs, options.model_copy(update={"output_dir": Path(tmp)}))
        return built.path.read_bytes()
