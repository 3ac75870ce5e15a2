"""The editor's form, generated from the vessel schema: fields from the pydantic models, values back to data.

A form field is named by its path in the data ("armament.2.gun"); lists of records (armour, armament, refits,
sources, turrets) are tables of rows. Nothing here knows a rule set or a page: it knows the Vessel model only.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import yaml
from pydantic import BaseModel

from ..library.yamlfile import refuse_deep

# fields the editor shows as a paragraph, not one line
_LONG = {"notes", "note", "covers", "fate"}
# fields of a Vessel that belong to the file but not to the form (the kind is fixed; `like` is inheritance)
_HIDDEN = {"like"}
BLANK_ROWS = 2  # empty rows under every list (guns, armour, refits...) for adding one without JavaScript


@dataclass
class FieldView:
    name: str  # the path in the data: "armament.0.gun"
    key: str  # the model's key: "gun"
    label: str
    kind: str  # text, number, integer, select, yesno, textarea, records
    value: Any = None
    options: list[str] = field(default_factory=list)
    help: str = ""
    required: bool = False
    columns: list["FieldView"] = field(default_factory=list)  # for records: the row's fields (template, no values)
    rows: list[list["FieldView"]] = field(default_factory=list)  # for records: one list of fields per row
    blanks: list[list["FieldView"]] = field(default_factory=list)  # for records: empty rows to fill in
    datalist: str | None = None  # the id of a <datalist> offering values (guns from the ordnance catalogue)
    inherited: str | None = None  # the name of the `like:` sister this value comes from (the file does not give it)


def _unwrap(annotation):
    """(base type, is optional) through Optional/Annotated."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            if len(args) == 1:
                annotation = args[0]
                continue
        return annotation, optional


def _label(key: str) -> str:
    words = key.replace("_", " ")
    for suffix, unit in ((" ft", " (ft)"), (" in", " (in)"), (" kn", " (kn)"), (" tons", " (tons)"), (" lb", " (lb)"),
                         (" yd", " (yd)")):
        if words.endswith(suffix):
            words = words[: -len(suffix)] + unit
    return words[:1].upper() + words[1:]


def _kind(annotation) -> tuple[str, list[str], type[BaseModel] | None]:
    base, _ = _unwrap(annotation)
    origin = typing.get_origin(base)
    if origin is list:
        inner, _ = _unwrap(typing.get_args(base)[0])
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            return "records", [], inner
        return "text", [], None
    if isinstance(base, type) and issubclass(base, BaseModel):
        return "group", [], base
    if isinstance(base, type) and issubclass(base, Enum):
        return "select", [m.value for m in base], None
    if typing.get_origin(base) is typing.Literal:
        return "hidden", [str(a) for a in typing.get_args(base)], None
    if base is bool:
        return "yesno", ["yes", "no"], None
    if base is int:
        return "integer", [], None
    if base is float:
        return "number", [], None
    return "text", [], None


def fields_for(model: type[BaseModel], data: dict | None, prefix: str = "", gun_list: str | None = None,
               nested: bool = False) -> list[FieldView]:
    """The form fields of `model` filled from `data` (a vessel file's mapping). Inside a row of a list (nested),
    a list or group of its own (a refit's new battery) is one small YAML box."""
    data = data or {}
    out: list[FieldView] = []
    for key, info in model.model_fields.items():
        name_in_data = info.alias or key
        if name_in_data in _HIDDEN:
            continue
        kind, options, sub = _kind(info.annotation)
        if kind == "hidden":
            continue
        path = f"{prefix}{name_in_data}"
        value = data.get(name_in_data)
        fv = FieldView(name=path, key=name_in_data, label=_label(name_in_data), kind=kind, options=options,
                       help=info.description or "", required=info.is_required())
        if nested and kind in ("records", "group"):
            fv.kind = "yaml"
            fv.value = _yaml_flow(value) if value not in (None, [], {}) else ""
            fv.help = (fv.help + " " if fv.help else "") + "in YAML, e.g. [{gun: dahlgren-9in, count: 2, mounting: broadside}]"
        elif kind == "records":
            fv.columns = fields_for(sub, {}, f"{path}.#.", gun_list, nested=True)
            rows = value if isinstance(value, list) else []
            fv.rows = [fields_for(sub, r if isinstance(r, dict) else {}, f"{path}.{i}.", gun_list, nested=True)
                       for i, r in enumerate(rows)]
            fv.blanks = [fields_for(sub, {}, f"{path}.{len(rows) + k}.", gun_list, nested=True) for k in range(BLANK_ROWS)]
        elif kind == "group":
            fv.columns = fields_for(sub, value if isinstance(value, dict) else {}, f"{path}.", gun_list)
        else:
            if key in _LONG or name_in_data in _LONG:
                fv.kind = "textarea"
            if isinstance(value, bool):
                value = "yes" if value else "no"
            elif isinstance(value, Enum):
                value = value.value
            fv.value = "" if value is None else value
            if name_in_data == "gun" and gun_list:
                fv.datalist = gun_list
        out.append(fv)
    return out


def form_values(fields: list[FieldView]) -> list[tuple[str, str]]:
    """The (name, value) pairs a browser sends for these fields as they were filled, blank rows and all."""
    out: list[tuple[str, str]] = []
    for f in fields:
        if f.kind == "group":
            out += form_values(f.columns)
        elif f.kind == "records":
            for row in f.rows + f.blanks:
                out += form_values(row)
        else:
            out.append((f.name, "" if f.value is None else str(f.value)))
    return out


def as_the_form_sends(model: type[BaseModel], data: dict) -> dict:
    """`data` as the editor gives it back when nothing is changed: what a save compares the form's values with."""
    return data_from_form(model, form_values(fields_for(model, data)))


def _yaml_flow(value) -> str:
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000).strip()


def _convert(model: type[BaseModel], key: str, raw: str) -> Any:
    """A form string as the model's field wants it: numbers as numbers, yes/no as booleans; '' is left out."""
    info = next((i for k, i in model.model_fields.items() if (i.alias or k) == key), None)
    if info is None:
        return raw
    kind, _, _ = _kind(info.annotation)
    raw = raw.strip()
    if kind in ("number", "integer"):
        try:
            number = float(raw)
        except ValueError:
            return raw  # the model's own message says what was expected
        return int(number) if kind == "integer" and number.is_integer() else number
    if kind == "yesno":
        return {"yes": True, "no": False}.get(raw.lower(), raw)
    return raw


def data_from_form(model: type[BaseModel], form: list[tuple[str, str]], base: dict | None = None) -> dict:
    """The vessel mapping from the editor's (name, value) pairs. Rows keep the order of their indices; an empty
    row is dropped; an empty field is left out (the model's default stands). `base` keeps fields the form does not
    show (kind, like)."""
    tree: dict = {}
    for name, value in form:
        if not isinstance(value, str) or name.startswith("_") or "#" in name:
            continue
        value = value.replace("\r\n", "\n")  # a browser sends a textarea's lines with CR LF
        parts = name.split(".")
        node = tree
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
    return _build(model, tree, dict(base or {}))


def _build(model: type[BaseModel], tree: dict, out: dict) -> dict:
    fields = {(i.alias or k): i for k, i in model.model_fields.items()}
    for key, raw in tree.items():
        info = fields.get(key)
        if info is None:
            continue
        kind, _, sub = _kind(info.annotation)
        if kind == "records" and isinstance(raw, dict):
            rows = []
            for idx in sorted((k for k in raw if k.isdigit()), key=int):
                row = _build(sub, raw[idx], {}) if isinstance(raw[idx], dict) else {}
                if row:
                    rows.append(row)
            out[key] = rows
        elif kind == "group" and isinstance(raw, dict):
            group = _build(sub, raw, {})
            if group:
                out[key] = group
        elif kind in ("records", "group") and isinstance(raw, str):
            if raw.strip():
                refuse_deep(raw, "the form", key)
                try:
                    out[key] = yaml.safe_load(raw)
                except (yaml.YAMLError, RecursionError):
                    out[key] = raw  # the model says what shape it wanted
        elif isinstance(raw, str):
            value = _convert(model, key, raw)
            if value == "":
                out.pop(key, None)
            else:
                out[key] = value
    return out
