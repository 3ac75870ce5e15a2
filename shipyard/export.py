"""Whole-scenario stats as JSON, CSV, Markdown or HTML, through the Jinja templates in templates/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import texts
from .errors import ShipyardError

FORMATS = ("json", "csv", "md", "html")


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            # one record per item: its plain values, a true flag as its name ("flank"), false and empty left out
            return "; ".join(
                " ".join(
                    str(k) if x is True else str(x)
                    for k, x in item.items()
                    if x is not None and x is not False and not isinstance(x, (dict, list))
                )
                for item in value
            )
        return ", ".join(str(_cell(v)) for v in value)
    return value


def flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """{'armour': {'hull': 'M'}} -> {'armour.hull': 'M'}; lists of records become one summary cell."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            out.update(flatten(value, name))
        else:
            out[name] = _cell(value)
    return out


def export(items, fmt: str, ruleset, templates_dir: Path | None = None) -> str:
    """items: [(side or None, Derived)]."""
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise ShipyardError(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    records = [d.to_json() for _, d in items]
    flat = [{"side": side or "", **flatten(d.to_json())} for side, d in items]
    header: list[str] = []
    for row in flat:
        header += [k for k in row if k not in header]
    if not any(side for side, _ in items):
        header.remove("side")
    table = [[row.get(h, "") for h in header] for row in flat]
    by_side: list[tuple[str, list]] = []
    for (side, _), row in zip(items, table):
        if not by_side or by_side[-1][0] != (side or ""):
            by_side.append((side or "", []))
        by_side[-1][1].append(row)
    title = f"{ruleset.title}: " + (", ".join(d.unit_name for _, d in items[:3]) + (" …" if len(items) > 3 else ""))
    return texts.render(
        f"stats.{fmt}.j2", templates_dir,
        rows=records if len(records) != 1 else records[0], header=header, table=table, by_side=by_side, title=title,
        ruleset=ruleset.title,
    )
