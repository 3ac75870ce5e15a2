"""The editor's form, generated from the vessel schema: fields from the pydantic models, values back to data.

A form field is named by its path in the data ("armament.2.gun"); lists of records (armour, armament, refits,
sources, turrets) are tables of rows. Nothing here knows a rule set or a page: it knows the Vessel model only.
"""

from __future__ import annotations

import re
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
BLANK_ROWS = 0  # empty rows under every list: none, each list has its Add button (a row more, with or without JS)
# what one row of each list is called, for its legend and its buttons ("Remove gun 3: 9-inch Dahlgren smoothbore")
ROW_WORD = {"armament": "gun", "armour": "armour", "refits": "refit", "sources": "source", "turrets": "turret"}
# the field of a row that names it in its legend (the gun's full name is shown for armament)
ROW_TITLE = {"armament": "gun", "armour": "area", "refits": "date", "sources": "url", "turrets": "id"}


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
    word: str = ""  # for records: what one row is called ("gun")
    title_key: str = ""  # for records: the row's field that names it in its legend

    @property
    def dom(self) -> str:
        """The field's name as an element id's part: 'armament.0.gun' -> 'armament__0__gun' (its message slot is
        err-<dom>, its help help-<dom>)."""
        return self.name.replace(".", "__").replace("#", "n")


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


def _in_labels(text: str, model: type[BaseModel]) -> str:
    """A field's help as the form says it: another field of the model named by its label ("a burthen goes in
    Burthen (tons)"), not by its key."""
    keys = {(i.alias or k) for k, i in model.model_fields.items()}
    return re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: _label(m.group(0)) if m.group(0) in keys else m.group(0), text)


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
                       help=_in_labels(info.description or "", model), required=info.is_required())
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
            fv.word = ROW_WORD.get(name_in_data, fv.label.lower())
            fv.title_key = ROW_TITLE.get(name_in_data) or next((c.key for c in fv.columns), "")
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


def data_from_form(model: type[BaseModel], form: list[tuple[str, str]], base: dict | None = None,
                   keep_empty_rows: bool = False) -> dict:
    """The vessel mapping from the editor's (name, value) pairs. Rows keep the order of their indices; an empty
    row is dropped (kept as {} with `keep_empty_rows`: the form shown again keeps the row the user added); an empty
    field is left out (the model's default stands). `base` keeps fields the form does not show (kind, like)."""
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
    return _build(model, tree, dict(base or {}), keep_empty_rows)


def _build(model: type[BaseModel], tree: dict, out: dict, keep_empty_rows: bool = False) -> dict:
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
                if row or keep_empty_rows:
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


# -- the rows' buttons ------------------------------------------------------------------------------------------


def lists_of(model: type[BaseModel]) -> set[str]:
    """The model's lists of records: the editor's tables of rows (armament, armour, refits, sources, turrets)."""
    return {(i.alias or k) for k, i in model.model_fields.items() if _kind(i.annotation)[0] == "records"}


def row_action(model: type[BaseModel], data: dict, action: str) -> dict:
    """The form's rows after one of its row buttons, as a browser without JavaScript sends it (`_row`): 'add
    armament' (an empty row at the end), 'remove armament.2', 'up armament.2', 'down armament.2'. shipyard.js does
    the same in the page. A button that names no row of the form changes nothing."""
    verb, _, where = action.strip().partition(" ")
    key, _, index = where.partition(".")
    if key not in lists_of(model):
        return data
    rows = list(data.get(key) or [])
    if verb == "add":
        rows.append({})
    elif index.isdigit() and int(index) < len(rows):
        i = int(index)
        if verb == "remove":
            del rows[i]
        elif verb == "up" and i > 0:
            rows[i - 1], rows[i] = rows[i], rows[i - 1]
        elif verb == "down" and i + 1 < len(rows):
            rows[i + 1], rows[i] = rows[i], rows[i + 1]
    return {**data, key: rows}


def without_empty_rows(model: type[BaseModel], data: dict) -> dict:
    """The form's data as the file takes it: a row left empty is no row."""
    return {k: ([r for r in v if r] if k in lists_of(model) and isinstance(v, list) else v) for k, v in data.items()}


def row_focus(model: type[BaseModel], data: dict, action: str) -> str | None:
    """The field a row's button leaves the user at, on the form shown again without JavaScript: the new row's first
    field after Add, the moved row's first after Up or Down, the list's Add button after Remove."""
    verb, _, where = action.strip().partition(" ")
    key, _, index = where.partition(".")
    if key not in lists_of(model):
        return None
    rows = data.get(key) or []
    first = _first_key(model, key)
    if verb == "add" and rows:
        return f"{key}.{len(rows) - 1}.{first}"
    if verb in ("up", "down") and index.isdigit():
        i = int(index) + (-1 if verb == "up" else 1)
        i = min(max(i, 0), len(rows) - 1)
        return f"{key}.{i}.{first}" if rows else None
    return f"add {key}"


def _first_key(model: type[BaseModel], key: str) -> str:
    info = next(i for k, i in model.model_fields.items() if (i.alias or k) == key)
    _, _, sub = _kind(info.annotation)
    return next((i.alias or k) for k, i in sub.model_fields.items())


def row_title(f: FieldView, row: list[FieldView], guns: dict[str, str] | None = None) -> str:
    """What names a row in its legend and its buttons: a gun's full name from the catalogue, else the row's key
    field as typed ("" for an empty row)."""
    key = f.title_key
    cell = next((c for c in row if c.key == key), None) or next((c for c in row if c.value not in (None, "")), None)
    value = "" if cell is None or cell.value is None else str(cell.value)
    return (guns or {}).get(value, value) if cell is not None and cell.key == "gun" else value


# -- the form in sections --------------------------------------------------------------------------------------


@dataclass
class Section:
    title: str
    fields: list[FieldView]
    open: bool  # shown open; a closed one is a click (or Enter) away, and opens itself when it holds a mistake
    slug: str = ""
    mistakes: int = 0  # how many of its fields have a message


# the form's sections, in order: (title, open, the fields it holds); a field of the model not named here is in the
# last, "Other", so that no field is ever left out of the form
SECTIONS = [
    ("The ship", True, ("id", "name", "class", "navy", "type", "what_if")),
    ("Hull and speed", True, ("length_ft", "beam_ft", "draught_ft", "displacement_tons", "burthen_tons", "speed_kn")),
    ("Guns", True, ("armament", "armament_date")),
    ("Engines, rig and crew", False, ("propulsion", "designed_speed_kn", "rig", "double_ender", "ram_bow",
                                      "spar_torpedo", "crew")),
    ("Armour and turrets", False, ("armour", "turrets")),
    ("How each figure was measured", False, ("length_basis", "draught_basis", "displacement_basis", "burthen_basis",
                                             "speed_basis")),
    ("History", False, ("builder", "launched", "commissioned", "fate")),
    ("Refits", False, ("refits",)),
    ("Sources and notes", False, ("sources", "notes")),
]


def sections(fields: list[FieldView], errors: dict[str, list[str]]) -> list[Section]:
    """The form's fields in SECTIONS; a section with a mistake in it, or rows in a list of it, is open."""
    by_key = {f.key: f for f in fields}
    out, placed = [], set()
    for title, is_open, keys in SECTIONS:
        held = [by_key[k] for k in keys if k in by_key]
        placed |= {f.key for f in held}
        if held:
            out.append(Section(title, held, is_open or _holds(held, errors) > 0 or any(f.rows for f in held if f.key == "armour"),
                               slug=title.split()[0].lower().strip(","), mistakes=_holds(held, errors)))
    rest = [f for f in fields if f.key not in placed]
    if rest:
        out.append(Section("Other", rest, _holds(rest, errors) > 0, slug="other", mistakes=_holds(rest, errors)))
    return out


def _holds(fields: list[FieldView], errors: dict[str, list[str]]) -> int:
    """How many of the form's fields among `fields` (their rows' and groups' too) have a message."""
    keys = {f.name for f in fields}
    return sum(1 for n, e in errors.items() if e and n and n.split(".")[0] in keys)


# -- mistakes in the user's words ------------------------------------------------------------------------------

# a number's unit, said in words, and an example value of each field the form asks for a number
_UNITS = {"ft": "feet", "in": "inches", "kn": "knots", "tons": "tons", "lb": "pounds", "yd": "yards"}
_EXAMPLES = {"length_ft": "205", "beam_ft": "34.5", "draught_ft": "8.5", "displacement_tons": "974",
             "burthen_tons": "974", "speed_kn": "9.5", "designed_speed_kn": "11", "crew": "120", "count": "2",
             "thickness_in": "4.5", "backing_in": "18", "horsepower": "600", "shafts": "1", "wheels": "2"}
_BOUNDS = (("greater than or equal to", "at least"), ("less than or equal to", "at most"),
           ("greater than", "more than"), ("less than", "less than"))


@dataclass
class Said:
    """A mistake as the editor says it: the form field it belongs to, where it is in the user's words ("Gun 7,
    mounting"), and what is wrong and what is expected."""

    name: str  # the form's field name ("armament.6.mounting"); "" when it is about the whole ship
    where: str
    message: str


def flat(fields: list[FieldView]) -> dict[str, tuple[FieldView, str]]:
    """Every field of the form by its name, with where it is in words ("Gun 3, mounting")."""
    out: dict[str, tuple[FieldView, str]] = {}
    for f in fields:
        out[f.name] = (f, f.label)
        if f.kind == "group":
            for name, (c, where) in flat(f.columns).items():
                out[name] = (c, f"{f.label}, {c.label.lower()}")
        elif f.kind == "records":
            for n, row in enumerate(f.rows + f.blanks, 1):
                for c in row:
                    named = f"{f.word.capitalize()} {n}"
                    out[c.name] = (c, named if c.label.lower() == f.word else f"{named}, {c.label.lower()}")
    return out


def said(problems, fields: list[FieldView], shown: dict | None = None) -> list[Said]:
    """The checker's problems (its fields as paths, 'armament[6].gun'; its words as a file's) in the editor's words:
    at the form field they are about, with its label and its row counted from 1, what is expected with an example,
    no line of a file the user never sees, no command to type, no pattern. `shown`: the form's data with its empty
    rows, whose rows the file does not count."""
    known = flat(fields)
    labels = {f.key: f.label for f, _ in known.values()}
    filled = {k: [i for i, r in enumerate(v) if r] for k, v in (shown or {}).items() if isinstance(v, list)}
    out = []
    for p in problems:
        name = _in_form(p.field or "", filled)
        while name and name not in known and "." in name:  # a refit's battery: said at its YAML box
            name = name.rsplit(".", 1)[0]
        if name not in known:  # about the whole ship ("needs displacement_tons or burthen_tons"): at the first it names
            name = next((n for n, (f, _) in known.items()
                         if "." not in n and re.search(rf"\b{re.escape(f.key)}\b", p.message or "")), "")
        f, where = known.get(name, (None, ""))
        out.append(Said(name if f is not None else "", where, _words(p.message or "", f, labels)))
    return out


def _in_form(path: str, filled: dict[str, list[int]]) -> str:
    """'armament[6].gun' -> 'armament.6.gun', the 6 counted among the form's rows, empty ones too."""
    m = re.match(r"^([a-z_]+)\[(\d+)\](.*)$", path)
    if m and m.group(1) in filled and int(m.group(2)) < len(filled[m.group(1)]):
        path = f"{m.group(1)}[{filled[m.group(1)][int(m.group(2))]}]{m.group(3)}"
    return path.replace("[", ".").replace("]", "")


def _words(message: str, f: FieldView | None, labels: dict[str, str]) -> str:
    text = message.strip()
    got = re.search(r"\(got (.*)\)\s*$", text)
    text = re.sub(r"\s*\(got .*\)\s*$", "", text)
    shown = got.group(1).strip().strip("'\"") if got else ""
    if f is not None and f.kind in ("number", "integer"):
        unit = _UNITS.get(f.key.rsplit("_", 1)[-1]) if "_" in f.key else None
        what = ("a whole number" if f.kind == "integer" else "a number") + (f" of {unit}" if unit else "")
        example = _EXAMPLES.get(f.key, "4" if f.kind == "integer" else "12.5")
        bound = next((f" {plain} {_plain_number(m.group(1))}" for said_so, plain in _BOUNDS
                      if (m := re.search(said_so + r" (-?[\d.]+)", text))), None)
        if "missing" in text and "required" in text:
            return f"needed: {what}, e.g. {example}"
        if bound or re.search(r"\b(number|integer)\b", text):
            return f"{what}{bound or ''}, e.g. {example}" + (f" (not “{_plain_number(shown)}”)" if shown else "")
    if f is not None and ("missing" in text and "required" in text):
        return "needed: choose one" if f.kind in ("select", "yesno") else "needed"
    if f is not None and f.key == "id" and ("pattern" in text or "expected an id" in text):
        return ("lower-case letters and digits in words joined by hyphens, e.g. uss-chicopee"
                + (f" (not “{shown}”)" if shown else ""))
    text = re.sub(r"String should match pattern '[^']*'", "not in the expected form", text)
    text = re.sub(r"\s*`shipyard guns` lists every model", " Or pick one from the list of guns", text)
    text = re.sub(r",? for example \{.*\}\s*$", "", text)
    text = re.sub(r"^unknown ordnance '([^']*)'", r"no gun ‘\1’ in the catalogue", text)
    text = re.sub(r"required field '([^']+)' is missing", lambda m: f"{labels.get(m.group(1), m.group(1))} is needed",
                  text)
    text = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: labels.get(m.group(0), m.group(0).replace("_", " ")), text)
    if text.startswith("expected "):
        text = text[len("expected "):]
    return text + (f" (not “{shown}”)" if shown else "")


def _plain_number(text: str) -> str:
    try:
        number = float(text)
    except ValueError:
        return text
    return str(int(number)) if number.is_integer() else str(number)
