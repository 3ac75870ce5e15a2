"""The shape of every file a user writes, for editors (JSON Schema) and for people (a Markdown field reference).

`shipyard schema vessel` prints the JSON Schema that the `yaml-language-server` line of a new file points to;
`shipyard schema all --markdown` writes docs/reference/files.md (a test checks that page is up to date).
"""

from __future__ import annotations

import enum
import typing
from typing import Any

from pydantic import BaseModel

from ..errors import ShipyardError, did_you_mean

KINDS = ("vessel", "fort", "scenario", "ordnance", "house-rules")

UNITS = {"_ft": "feet", "_in": "inches", "_kn": "knots", "_tons": "long tons", "_lb": "pounds", "_yd": "yards"}


def _model(what: str) -> type[BaseModel]:
    from . import model

    return {"vessel": model.Vessel, "fort": model.Fort, "scenario": model.Scenario, "ordnance": model.Ordnance}[what]


def _check(what: str, allowed=KINDS) -> str:
    key = what.strip().lower().replace("_", "-")
    if key not in allowed:
        raise ShipyardError(f"no file type {what!r}{did_you_mean(key, allowed)}; expected one of {', '.join(allowed)}")
    return key


def json_schema(what: str) -> dict:
    """The JSON Schema of a vessel, fort, scenario, ordnance or house-rules file."""
    what = _check(what)
    if what == "house-rules":
        return house_rules_schema()
    schema = _model(what).model_json_schema(by_alias=True, mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def house_rules_schema() -> dict:
    """A house-rules file: {table: {rows: ...}} or {rule set: {table: {rows: ...}}}, from the registry's tables."""
    from ..rules import all_rulesets

    def table_schema(table) -> dict:
        rows = {"type": "array"} if isinstance(table.rows, list) else {"type": "object"}
        if isinstance(table.rows, dict):
            rows["propertyNames"] = {"enum": sorted(map(str, table.rows))}
        return {"type": "object", "description": table.note or table.name, "additionalProperties": False,
                "required": ["rows"], "properties": {"rows": rows, "note": {"type": "string"}}}

    per_ruleset: dict[str, Any] = {}
    flat: dict[str, Any] = {}
    for rs in all_rulesets():
        tables = {name: table_schema(t) for name, t in rs.tables().items()}
        flat.update(tables)
        section = {"type": "object", "additionalProperties": False, "properties": tables, "description": rs.title}
        for name in (rs.key, *rs.aliases):
            per_ruleset[name] = section
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "shipyard house rules",
        "description": "Replace the rows of rule-set tables: one section per rule set, or table names directly.",
        "type": "object",
        "anyOf": [
            {"additionalProperties": False, "properties": per_ruleset},
            {"additionalProperties": False, "properties": flat},
        ],
    }


# ---------------------------------------------------------------------------------------------
# Markdown


def _unit(name: str) -> str:
    for suffix, unit in UNITS.items():
        if name.endswith(suffix):
            return unit
    return ""


def _inner(annotation) -> list:
    """The models and enums inside an annotation (list[Mount] -> [Mount])."""
    found = []
    if isinstance(annotation, type) and issubclass(annotation, (BaseModel, enum.Enum)):
        return [annotation]
    for arg in typing.get_args(annotation):
        found += _inner(arg)
    return found


def _type_name(annotation) -> str:
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin is typing.Annotated:
        return _type_name(args[0])
    if origin in (list, tuple):
        return f"list of {_type_name(args[0])}" if args else "list"
    if origin is dict:
        return f"mapping of {_type_name(args[0])} to {_type_name(args[1])}"
    if origin is typing.Literal:
        return " or ".join(repr(a) for a in typing.get_args(annotation))
    if args and origin is not None:  # a union
        return " or ".join(_type_name(a) for a in args)
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return f"[{annotation.__name__}](#{annotation.__name__.lower()})"
        if issubclass(annotation, enum.Enum):
            return "one of the values"
        return {"str": "text", "int": "whole number", "float": "number", "bool": "true or false"}.get(
            annotation.__name__, annotation.__name__)
    return str(annotation)


def _metadata(annotation) -> list:
    """Constraints given inside an annotation (Optional[Annotated[float, Field(gt=0)]])."""
    found = []
    if typing.get_origin(annotation) is typing.Annotated:
        for m in annotation.__metadata__:
            found += [m, *getattr(m, "metadata", [])]
    for arg in typing.get_args(annotation):
        if typing.get_origin(arg) is typing.Annotated or typing.get_args(arg):
            found += _metadata(arg)
    return found


def _limits(info) -> str:
    out = []
    metadata = list(info.metadata) + _metadata(info.annotation)
    for d in (getattr(m, "description", None) for m in metadata):
        if d and not info.description:
            out.append(d)
    for m in metadata:
        for attr, word in (("gt", ">"), ("ge", "≥"), ("lt", "<"), ("le", "≤"), ("min_length", "at least"),
                           ("max_length", "at most"), ("pattern", "matching")):
            value = getattr(m, attr, None)
            if value is not None:
                out.append(f"{word} {value}" if attr not in ("min_length", "max_length") else f"{word} {value} long")
    return ", ".join(out)


def _model_section(model: type[BaseModel], done: set, out: list[str]) -> None:
    if model.__name__ in done:
        return
    done.add(model.__name__)
    nested: list = []
    out.append(f"### {model.__name__}\n")
    doc = " ".join((model.__doc__ or "").split())
    if doc and not doc.startswith(("Usage docs", "A base class")):
        out.append(doc + "\n")
    out.append("| field | type | unit | allowed | required | meaning |")
    out.append("|---|---|---|---|---|---|")
    for name, info in model.model_fields.items():
        key = info.alias or name
        ann = info.annotation
        allowed = []
        for inner in _inner(ann):
            if issubclass(inner, enum.Enum):
                allowed.append(", ".join(f"`{e.value}`" for e in inner))
            elif inner not in nested:
                nested.append(inner)
        limits = _limits(info)
        if limits:
            allowed.append(limits)
        required = "yes" if info.is_required() else ""
        meaning = (info.description or "").replace("|", "\\|")
        out.append(f"| `{key}` | {_type_name(ann)} | {_unit(key)} | {'; '.join(allowed)} | {required} | {meaning} |")
    out.append("")
    for inner in nested:
        _model_section(inner, done, out)


def markdown(what: str = "all") -> str:
    """The field reference of one file type (or all) as Markdown: every field, its type, unit and allowed values."""
    what = _check(what, KINDS + ("all",))
    kinds = ["vessel", "fort", "scenario", "ordnance"] if what == "all" else [what]
    out = ["# Field reference", "",
           "Generated from shipyard's own models by `shipyard schema all --markdown`; do not edit by hand.",
           "Units are in the field names (`_ft` feet, `_in` inches, `_kn` knots, `_tons` long tons, `_lb` pounds).",
           "Dates are `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. Every file may use only these keys.", ""]
    done: set = set()
    for kind in kinds:
        if kind == "house-rules":
            continue
        out.append(f"## {kind.capitalize()} files\n")
        _model_section(_model(kind), done, out)
    if what in ("all", "house-rules"):
        out += ["## House-rules files", "",
                "A mapping of table names to `{rows: …}` replacing that table's rows, or one such mapping per rule set",
                "(`<rule set key or alias>: {<table>: {rows: […]}}`). Rows must have the shape of the table's own: the same keys, numbers",
                "where it has numbers, 0 or more where its own are. `shipyard schema house-rules` lists every table.", ""]
    return "\n".join(out).rstrip() + "\n"
