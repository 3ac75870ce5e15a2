"""The rule reminders the printed aids carry, put together from the tables (house rules included), so no number
is typed into a layout: change grounding.free_on and the AGROUND marker, the quick reference and the cards follow."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...render.text import number
from ...errors import ShipyardError
from ..base import Tables
from .derive import scale_factor
from .stats import ReallySimpleStats


def kn(v: float) -> str:
    """Knots as printed: 7.5 -> '7½', 0.5 -> '½', 7 -> '7'."""
    return number(float(v))


def signed(v) -> str:
    """+1, −1 (a true minus sign)."""
    return f"{int(v):+d}".replace("-", "−")


_FIELD = re.compile(r"\{([a-z_]+)\.(?:([0-9a-z_+-]+)\.)?([a-z_]+)\}")


def fill(template: str, tables: Tables, where: str) -> str:
    """A reminder with {table.key} names filled from the (house-ruled) mapping tables, and {table.ROLL.key} from
    the row of a list table with that roll ({special_effects.11.turns}: how long a fire burns)."""

    def sub(m):
        name, roll, key = m.groups()
        t = tables.require(name)
        rows = t.rows
        if roll is not None:
            rows = next((r for r in rows if isinstance(r, dict) and str(r.get("roll")) == roll), None) \
                if isinstance(rows, list) else None
        if not isinstance(rows, dict) or key not in rows:
            has = ', '.join(rows) if isinstance(rows, dict) else 'rows, not keys' if roll is None else f'no row {roll}'
            raise ShipyardError(f"{where}: {m.group(0)} names no value of table {name} ({t.tag()}); it has {has}")
        return number(rows[key])

    return _FIELD.sub(sub, str(template))


_ROW_FIELD = re.compile(r"\{([a-z_]+)\}")


def row_text(row: dict, key: str, table: str) -> str:
    """A row's words with each {field} filled from the row's own fields: 'top speed {knots} knots lower'."""

    def sub(m):
        if m.group(1) not in row:
            raise ShipyardError(f"table {table}: the row {row.get('roll', '')!r} says {{{m.group(1)}}} in its {key} "
                                f"but has no {m.group(1)}")
        return number(row[m.group(1)])

    return _ROW_FIELD.sub(sub, str(row[key]))


def special_effect(tables: Tables, tracker: str) -> dict | None:
    """The special_effects row a card's tracker records (trackers.yaml names it by its roll), or None."""
    from .trackers import trackers

    rolls = {o.row for o in trackers().outcomes if o.table == "special_effects" and o.tracker == tracker}
    return next((r for r in tables.require("special_effects").rows if str(r["roll"]) in rolls), None)


def row_by_key(rows: list, key: str, table: str) -> dict:
    for r in rows:
        if isinstance(r, dict) and r.get("key") == key:
            return r
    raise ShipyardError(f"table {table}: no row with key {key!r}")


def no_ram_bow(tables: Tables) -> str:
    """The RAM BOW box of a ship without one: 'no (−1)' with the ramming table's modifier."""
    rows = tables.require("ramming").rows
    return f"no ({signed(row_by_key(rows.get('modifiers', []), 'no_ram_bow', 'ramming.modifiers')['modifier'])})"


def step_kn(tables: Tables) -> float:
    return float(tables.require("movement").rows.get("speed_step_kn", 0.5))


def sinks_in(tables: Tables) -> str:
    return number(tables.require("sinking").rows["turns"])


def ranges_text(ctx) -> str:
    factor, _ = scale_factor(ctx)
    r = ctx.tables.require("ranges").rows
    return (f"point blank {number(r['point_blank'] * factor)} in, effective {number(r['effective'] * factor)} in, "
            f"long {number(r['long'] * factor)} in")


@dataclass
class GunGroup:
    size: str
    rifled: bool
    fire_factor: int
    count: int
    names: list[str]

    @property
    def label(self) -> str:
        return f"{self.size.upper()} +{self.fire_factor}" + (" rifled" if self.rifled else "")


def gun_groups(s: ReallySimpleStats, tables: Tables) -> list[GunGroup]:
    """Guns grouped by size and rifling, the largest size (last gun_sizes row) first, then rifles, then fire factor."""
    groups: dict[tuple, GunGroup] = {}
    for g in s.guns:
        grp = groups.setdefault((g.size, g.rifled), GunGroup(g.size, g.rifled, g.fire_factor, 0, []))
        grp.count += g.count
        grp.names.append(f"{g.count} × {g.name}")
    order = {r.get("size"): i for i, r in enumerate(tables.require("gun_sizes").rows) if isinstance(r, dict)}
    return sorted(groups.values(), key=lambda g: (-order.get(g.size, -1), not g.rifled, -g.fire_factor))


def guns_summary(s: ReallySimpleStats, tables: Tables) -> str:
    """'2 L · 3 MR · 1 S' for the roster."""
    return " · ".join(f"{g.count} {g.size[0]}{'R' if g.rifled else ''}" for g in gun_groups(s, tables)) or "–"


def need(fire_factor: int, armour: int) -> str:
    """The lowest d6 that hits, as '4+', or '–' if none does, '1+' if any does."""
    n = armour - fire_factor + 1
    return "–" if n > 6 else f"{max(1, n)}+"
