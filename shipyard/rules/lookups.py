"""The rules engine's shared lookups: one of each, so every rule set reads its tables the same way (bands,
scales, armour as inches of iron, whether a unit is a fort)."""

from __future__ import annotations

from typing import Any

from ..errors import ShipyardError
from .tables import Table
from .context import Context


def is_fort(unit: Any) -> bool:
    """Whether a unit is a fort (a fort never moves, has no hull plan, takes no steering or engine hits)."""
    from ..library.model import Fort

    return isinstance(unit, Fort)


def band(rows: list, value: float, *, lower: str | None = None, upper: str | None = None, table: Table | None = None,
         or_none: bool = False) -> dict | None:
    """The one band lookup. Rows in ascending order (tables.yaml's `band:` says so and loading checks it), each
    with a bound: lower=KEY: the last row whose KEY (a lower bound) is at or below value; upper=KEY: the first row
    whose KEY (an upper limit, null = no limit) the value does not exceed. A value no row takes is an error
    (None with or_none=True: for a caller with its own words for it), never a row that does not fit."""
    name = table.name if table is not None else "?"
    if not isinstance(rows, list) or not rows or (lower is None) == (upper is None):
        raise ShipyardError(f"table {name}: expected a list of rows with {lower or upper!r}; got {rows!r}")
    key = lower or upper
    if table is not None and (("lower" if lower else "upper"), key) not in [b[:2] for b in table.bands.values()]:
        raise ShipyardError(f"table {name}: its rows are not declared bands by {key!r} (band: in tables.yaml)")

    def bound(row):
        if not isinstance(row, dict) or key not in row:
            raise ShipyardError(f"table {name}: every row needs {key!r}; got {row!r}")
        return row[key]

    if lower is not None:
        chosen = None
        for row in rows:
            if value >= float(bound(row)):
                chosen = row
    else:
        chosen = next((row for row in rows if bound(row) is None or value <= float(bound(row))), None)
    if chosen is None and not or_none:
        where = f"under {key} {bound(rows[0])}" if lower else f"over {key} {bound(rows[-1])}"
        raise ShipyardError(f"table {name} ({table.tag() if table else '?'}): {value:g} matches no row ({where})")
    return chosen


def resolve_scale(ctx: Context, factors: Any, native: str, table: Table | None = None, rules: str = "") -> tuple[float, str]:
    """The one scale resolver: (distance factor, scale) for ctx.scale from a {scale: factor} mapping, the rule
    set's native scale when none is asked for; a scale the rules do not know is a clear error."""
    scale = native if ctx.scale in (None, "native") else str(ctx.scale)
    if not isinstance(factors, dict) or not factors:
        raise ShipyardError(f"table {table.name if table else 'scales'}: expected a mapping of scale -> factor")
    if scale not in factors:
        raise ShipyardError(f"--scale {scale!r}: {rules or 'these rules'} know {', '.join(factors)}")
    return float(factors[scale]), scale


def iron_equivalent(armour: Any, materials: Table) -> tuple[float, str]:
    """Inches of iron an armour area counts as under a rule set's own `materials` table
    ({material: {per_inch}}, with a 'backing' row for the wood behind the plate), and the arithmetic in words."""
    rows = materials.rows
    material = getattr(armour.material, "value", armour.material)
    try:
        per = float(materials.need(rows, material, "{per_inch: number}")["per_inch"])
        back = float(materials.need(rows, "backing", "{per_inch: number}")["per_inch"])
    except (TypeError, KeyError, ValueError):
        raise ShipyardError(f"table {materials.name} ({materials.tag()}): every material needs per_inch, a number") from None
    value = armour.thickness_in * per + (armour.backing_in or 0.0) * back
    from ..render.text import number

    parts = [f"{number(armour.thickness_in)} in {material.replace('_', ' ')}" + (f" × {number(per, fractions=False)}" if per != 1 else "")]
    if armour.backing_in:
        parts.append(f"{number(armour.backing_in)} in wood backing × {number(back, fractions=False)}")
    arithmetic = per != 1 or bool(armour.backing_in)
    if not arithmetic and material == "iron":
        return value, f"{parts[0]} ({materials.cite()})"
    return value, " + ".join(parts) + f" = {number(round(value, 2), fractions=False)} in iron ({materials.cite()})"
