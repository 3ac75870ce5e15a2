"""A Wikipedia ship infobox's wikitext -> a draft vessel: figures converted, guns matched to the catalogue.

Reads `{{Infobox ship career|…}}` and `{{Infobox ship characteristics|…}}` parameters, with `{{convert|…}}`,
`<br />` and list-template lists, links and references. What the infobox does not say (how each gun is
mounted, the turret a monitor's guns stand in, a displacement it does not give) is guessed, and every guess is
labelled an estimate in the file's notes (a displacement also by `displacement_basis: estimate`). Guns the catalogue has no model for are listed, never invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import Problem, ShipyardError

# ---------------------------------------------------------------------------------------------
# Wikitext


def _templates(text: str, name_prefix: str) -> list[str]:
    """The bodies of every {{name…}} template whose name starts with name_prefix (case-insensitive)."""
    out = []
    low = text.lower()
    start = 0
    while True:
        i = low.find("{{" + name_prefix.lower(), start)
        if i < 0:
            return out
        depth, j = 0, i
        while j < len(text):
            if text.startswith("{{", j):
                depth += 1
                j += 2
            elif text.startswith("}}", j):
                depth -= 1
                j += 2
                if depth == 0:
                    break
            else:
                j += 1
        out.append(text[i + 2: j - 2])
        start = j


def _split_top(body: str) -> list[str]:
    """Split a template body at the '|' not inside {{…}} or [[…]]."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(body):
        two = body[i:i + 2]
        if two in ("{{", "[["):
            depth += 1
            cur.append(two)
            i += 2
            continue
        if two in ("}}", "]]"):
            depth -= 1
            cur.append(two)
            i += 2
            continue
        if body[i] == "|" and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(body[i])
        i += 1
    parts.append("".join(cur))
    return parts


def parameters(text: str) -> dict[str, str]:
    """Every 'Ship …' parameter of the infobox templates, by a plain key: 'Ship draft' -> 'draught'."""
    params: dict[str, str] = {}
    for body in _templates(text, "infobox ship"):
        for part in _split_top(body)[1:]:
            key, eq, value = part.partition("=")
            if not eq:
                continue
            key = " ".join(key.split()).lower()
            key = key.removeprefix("ship ").replace(" ", "_")
            key = {"draft": "draught", "armor": "armour", "tons_burthen": "burthen", "tonnage": "burthen"}.get(key, key)
            value = value.strip()
            if value and key not in params:
                params[key] = value
    return params


_FRACTIONS = {"½": ".5", "¼": ".25", "¾": ".75", "⅓": ".33", "⅔": ".67", "⅛": ".125"}


def clean(value: str) -> str:
    """Wikitext -> plain text, one list item per line: references, comments and markup gone, conversions as
    their source figures ('{{convert|8|ft|6|in|m}}' -> '8 ft 6 in')."""
    text = re.sub(r"<!--.*?-->", "", value, flags=re.S)
    text = re.sub(r"<ref[^>]*/>", "", text, flags=re.I)
    text = re.sub(r"<ref[^>]*>.*?</ref>", "", text, flags=re.I | re.S)
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    text = re.sub(r"</?(?:small|span|sup|sub|nowiki|div|abbr)[^>]*>", "", text, flags=re.I)

    def template(match: re.Match) -> str:
        parts = _split_top(match.group(1))
        name = parts[0].strip().lower()
        args = [p.strip() for p in parts[1:] if "=" not in p]
        if name in ("convert", "cvt"):
            out, k = [], 0
            while k + 1 < len(args) and re.fullmatch(r"[\d.,]+", args[k].replace(",", "")):
                out += [args[k], args[k + 1]]
                k += 2
                if k < len(args) and not re.fullmatch(r"[\d.,]+", args[k]):
                    break
            return " ".join(out)
        if name in ("ubl", "unbulleted list", "plainlist", "flatlist", "hlist", "bulleted list", "ubli", "plain list"):
            return "\n".join(args)
        if name in ("nowrap", "nobr", "lang"):
            return args[-1] if args else ""
        if name in ("frac",):
            return "".join(args[:1]) + ("." + str(round(int(args[1]) / int(args[2]), 3)).split(".")[1] if len(args) == 3 else "")
        if name in ("sclass", "sclass-", "sclass2", "ship", "uss", "css", "hms", "usnsc"):
            return " ".join(args[:2])
        return ""

    for _ in range(5):  # innermost templates first
        text, n = re.subn(r"\{\{((?:(?!\{\{|\}\}).)*)\}\}", template, text, flags=re.S)
        if not n:
            break
    text = re.sub(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]", r"\1", text)
    text = re.sub(r"'{2,}", "", text)
    text = text.replace("&nbsp;", " ").replace("\u00a0", " ").replace("&times;", "×")
    for k, v in _FRACTIONS.items():
        text = re.sub(rf"(\d)\s*{k}", rf"\g<1>{v}", text).replace(k, "0" + v)
    lines = []
    for line in text.splitlines():
        line = " ".join(line.replace("*", " ", 1 if line.lstrip().startswith("*") else 0).split())
        if line:
            lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Figures

_NUM = r"(\d[\d,]*(?:\.\d+)?)"


def _num(text: str) -> float:
    return float(text.replace(",", ""))


def feet(text: str | None) -> float | None:
    """The first length in feet (feet and inches, or metres converted)."""
    if not text:
        return None
    m = re.search(_NUM + r"\s*(?:ft|feet|foot|')(?:\s*" + _NUM + r"\s*(?:in|inches|\"))?", text)
    if m:
        return round(_num(m.group(1)) + (_num(m.group(2)) / 12 if m.group(2) else 0), 2)
    m = re.search(_NUM + r"\s*(?:m|metres|meters)\b", text)
    return round(_num(m.group(1)) / 0.3048, 1) if m else None


def inches(text: str) -> float | None:
    m = re.search(_NUM + r"\s*(?:in\b|inch|inches|\")", text)
    if m:
        return _num(m.group(1))
    m = re.search(_NUM + r"\s*mm\b", text)
    return round(_num(m.group(1)) / 25.4, 2) if m else None


def knots(text: str | None) -> float | None:
    if not text:
        return None
    m = re.search(_NUM + r"\s*(?:kn|knots?|kts?)\b", text)
    if m:
        return _num(m.group(1))
    m = re.search(_NUM + r"\s*(?:mph|miles per hour)", text)
    if m:
        return round(_num(m.group(1)) / 1.15078, 1)
    m = re.search(_NUM + r"\s*(?:km/h|kph)", text)
    return round(_num(m.group(1)) / 1.852, 1) if m else None


def tons(text: str | None) -> float | None:
    """Long tons: long or plain tons as given, metric tonnes converted."""
    if not text:
        return None
    m = re.search(_NUM + r"\s*(long tons|LT|tons?|short tons|tonnes|t)\b", text)
    if m:
        value = _num(m.group(1))
        unit = m.group(2).lower()
        if unit in ("t", "tonnes"):
            value *= 0.98421
        elif unit == "short tons":
            value *= 0.89286
        return round(value)
    m = re.search(_NUM, text)
    return round(_num(m.group(1))) if m else None


_MONTHS = {m: i for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                      "september", "october", "november", "december"), 1)}


def date(text: str | None) -> str | None:
    """'23 December 1862', 'December 23, 1862', 'December 1862' or '1862' as YYYY-MM-DD, YYYY-MM or YYYY."""
    if not text:
        return None
    low = text.lower()
    m = re.search(r"(\d{1,2})\s+(" + "|".join(_MONTHS) + r")\s+(\d{4})", low)
    if m:
        return f"{m.group(3)}-{_MONTHS[m.group(2)]:02d}-{int(m.group(1)):02d}"
    m = re.search(r"(" + "|".join(_MONTHS) + r")\s+(\d{1,2}),?\s+(\d{4})", low)
    if m:
        return f"{m.group(3)}-{_MONTHS[m.group(1)]:02d}-{int(m.group(2)):02d}"
    m = re.search(r"(" + "|".join(_MONTHS) + r")\s+(\d{4})", low)
    if m:
        return f"{m.group(2)}-{_MONTHS[m.group(1)]:02d}"
    m = re.search(r"\b(1[78]\d\d)\b", low)
    return m.group(1) if m else None


# ---------------------------------------------------------------------------------------------
# Guns

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1, "single": 1}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10, "xi": 11,
          "xii": 12, "xiii": 13, "xv": 15}
MAKERS = ("dahlgren", "parrott", "brooke", "blakely", "whitworth", "armstrong", "james", "columbiad", "rodman", "wiard")


@dataclass
class GunLine:
    text: str
    count: int
    description: str


def gun_lines(text: str) -> list[GunLine]:
    """'2 × 100-pounder Parrott rifles' -> GunLine(count 2, '100-pounder Parrott rifles'), one per line or ';'/','."""
    out = []
    for raw in re.split(r"\n|;|,(?=\s*(?:\d+|one|two|three|four|five|six|seven|eight)\s*(?:×|x\b))", text):
        line = raw.strip(" .")
        if not line:
            continue
        m = re.match(r"(?:(\d+)|(" + "|".join(_WORDS) + r"))\s*(?:×|x\b|\*)?\s*(.*)", line, flags=re.I)
        if m and (m.group(1) or m.group(2)) and m.group(3):
            count = int(m.group(1)) if m.group(1) else _WORDS[m.group(2).lower()]
            out.append(GunLine(line, count, m.group(3).strip()))
        else:
            out.append(GunLine(line, 1, line))
    return out


def _features(description: str) -> dict[str, Any]:
    low = re.sub(r"\([^)]*\)", " ", description.lower())
    feats: dict[str, Any] = {}
    m = re.search(r"(\d+(?:\.\d+)?)\s*-?\s*(?:pounder|pdr|pd\b|lb\b|-lb)", low)
    if m:
        feats["pounder"] = float(m.group(1))
    m = re.search(r"\b([ivx]+)\s*-?\s*inch", low)
    if m and m.group(1) in _ROMAN:
        feats["calibre"] = float(_ROMAN[m.group(1)])
    m = re.search(r"(\d+(?:\.\d+)?)\s*-?\s*(?:inch|in\b|\")", low)
    if m:
        feats["calibre"] = float(m.group(1))
    for maker in MAKERS:
        if maker in low:
            feats["maker"] = maker
            break
    if "howitzer" in low:
        feats["kind"] = "howitzer"
    elif "mortar" in low:
        feats["kind"] = "mortar"
    elif "rifle" in low:
        feats["kind"] = "rifle"
    elif "smoothbore" in low or "shell gun" in low:
        feats["kind"] = "smoothbore"
    return feats


def match_gun(library, description: str) -> tuple[str | None, str]:
    """(ordnance id or None, how it was matched): an exact name or alias, else the catalogue model that agrees
    on the most of maker, pounder rating, calibre and kind (and disagrees on none that the text gives)."""
    candidates = [description]
    bare = re.sub(r"\([^)]*\)", "", description).strip()
    for suffix in ("guns", "gun", "s"):
        candidates += [c.removesuffix(suffix).strip() for c in (description, bare)]
    for cand in candidates:
        found = library.find_ordnance(cand)
        if found is not None:
            return found.id, "by name"
    feats = _features(description)
    best, best_score, ties = None, 0, []
    for gun in library.ordnance.values():
        names = " ".join([gun.id, gun.name, *gun.aliases]).lower()
        score = 0
        if "maker" in feats:
            score += 4 if feats["maker"] in names else -5
        if "pounder" in feats:
            score += 4 if gun.pounder == feats["pounder"] or f"{feats['pounder']:g}-p" in names else -4
        if "calibre" in feats:
            score += 4 if abs(gun.calibre_in - feats["calibre"]) < 0.15 else -4
        if "kind" in feats:
            kind = gun.kind.value
            if kind == "columbiad":
                kind = "smoothbore"
            score += 2 if kind == feats["kind"] else -3
        if score > best_score:
            best, best_score, ties = gun.id, score, []
        elif score == best_score and best is not None:
            ties.append(gun.id)
    if best is None or best_score < 6:
        return None, "no catalogue model agrees"
    how = "by " + ", ".join(k for k in ("maker", "pounder", "calibre", "kind") if k in feats)
    if ties:
        how += f"; {', '.join(ties[:3])} would fit as well"
    return best, how


# ---------------------------------------------------------------------------------------------
# The vessel


TYPE_WORDS = (
    ("monitor", "monitor"), ("casemate", "casemate ironclad"), ("city-class", "casemate ironclad"),
    ("city class", "casemate ironclad"), ("broadside ironclad", "broadside ironclad"), ("ironclad ram", "casemate ironclad"),
    ("ironclad", "casemate ironclad"), ("tinclad", "tinclad"), ("cottonclad", "cottonclad"), ("submarine", "submarine"),
    ("torpedo boat", "torpedo boat"), ("ram", "ram"), ("frigate", "screw frigate"), ("sloop", "screw sloop"),
    ("cruiser", "screw sloop"), ("commerce raider", "screw sloop"), ("gunboat", "screw gunboat"),
)

ARMOUR_AREAS = (
    (r"pilot\s*-?house|conning tower", "pilot_house"), (r"turrets?", "turret"), (r"casemate|shield", "casemate"),
    (r"belt|side|hull|sides", "side"), (r"deck", "deck"), (r"wheel\s*-?houses?", "wheel_houses"), (r"ends?", "ends"),
    (r"bow", "bow"), (r"stern", "stern"),
)


@dataclass
class Draft:
    data: dict[str, Any]
    estimates: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)


SHIP_PREFIX = re.compile(r"[A-Z]{2,5} ")  # USS, CSS, HMS, SMS, USRC ...: a name that has one keeps it
# the parameters that hold figures, and a figure written below zero ("-500 tonnes", "(−12 ft)"); a hyphen between
# two figures ("205-210 ft", "10 ft - 11 ft") is a range, not a sign
FIGURES = ("length", "beam", "draught", "depth", "speed", "displacement", "burthen", "complement", "power", "armour")
NEGATIVE = re.compile(r"(?:^|[(\[=:;,/])\s*[-\u2212]\s*\d")


CUBIC_FEET_PER_TON = 35  # of sea water, in a long ton: a hull's displaced volume in cubic feet / 35 = its tons
FEWEST_TO_TELL = 3  # ships of a type with a recorded displacement before their block coefficient stands for it


def block_coefficient(library, vtype: str) -> tuple[float, str]:
    """How full a hull of this type is below the water (displaced volume / length x beam x draught), read from the
    library: the median of its ships of that type whose displacement is recorded, not estimated (of every such ship
    where fewer than FEWEST_TO_TELL are of the type). Returns the coefficient and the ships it stands for."""
    from statistics import median

    from .model import DisplacementBasis, Vessel

    def coefficient(v) -> float:
        return v.displacement_tons * CUBIC_FEET_PER_TON / (v.length_ft * v.beam_ft * v.draught_ft)

    recorded = [v for v in library.units.values() if isinstance(v, Vessel) and v.displacement_tons is not None
                and v.displacement_basis is not DisplacementBasis.ESTIMATE]
    alike = [v for v in recorded if v.type.value == vtype]
    if len(alike) >= FEWEST_TO_TELL:
        return round(median(map(coefficient, alike)), 2), f"the {len(alike)} {vtype}s"
    return round(median(map(coefficient, recorded)), 2), f"all {len(recorded)} ships (too few {vtype}s)"


def estimate_displacement(library, vtype: str, length_ft: float, beam_ft: float, draught_ft: float) -> tuple[int, str]:
    """A displacement in long tons from a hull's dimensions, for an infobox that gives none: length x beam x
    draught x the block coefficient of her type (block_coefficient) / 35 cubic feet of sea water a ton. Returns the
    tons and how they were reached, in words for the file's notes."""
    cb, which = block_coefficient(library, vtype)
    estimated = round(length_ft * beam_ft * draught_ft * cb / CUBIC_FEET_PER_TON)
    return estimated, (f"{length_ft:g} ft long x {beam_ft:g} ft beam x {draught_ft:g} ft draught x block coefficient "
                       f"{cb:g} / {CUBIC_FEET_PER_TON} cubic feet of sea water a ton; {cb:g} is the median of {which} "
                       "in the library with a recorded displacement")


def draft(library, text: str, source_name: str = "infobox") -> Draft:
    """A vessel's fields from an infobox's wikitext, with the estimates made and the guns left unmatched."""
    from ..app import slug

    raw = parameters(text)
    if not raw:
        raise ShipyardError(f"{source_name}: no {{{{Infobox ship …}}}} template with 'Ship …' parameters found")
    p = {k: clean(v) for k, v in raw.items()}
    est: list[str] = []
    name = p.get("name") or ""
    name = name.splitlines()[0] if name else ""
    if not name:
        raise ShipyardError(f"{source_name}: the infobox gives no 'Ship name'")
    career = " ".join(p.get(k, "") for k in ("country", "flag", "operator", "navy", "owner", "acquired", "commissioned"))
    career_raw = " ".join(raw.get(k, "") for k in ("country", "flag", "operator", "navy"))
    if "confedera" in (career + career_raw).lower() or name.upper().startswith("CSS"):
        navy = "CSN"
    elif re.search(r"united states|union|usn|\bus\b", (career + career_raw).lower()) or name.upper().startswith("USS"):
        navy = "USN"
    else:
        navy = "USN"
        est.append("navy: USN assumed (the infobox names no country)")
    if not SHIP_PREFIX.match(name):  # "Hartford" -> "USS Hartford"; "SMS Weird" keeps her own prefix
        name = {"USN": "USS ", "CSN": "CSS "}[navy] + name
    negative = [Problem(source_name, None, f"Ship {key}", f"{p[key]!r} is below zero: a figure must be a positive number")
                for key in FIGURES if NEGATIVE.search(p.get(key, ""))]
    if negative:
        raise ShipyardError(negative)

    prop_text = (p.get("propulsion", "") + " " + p.get("type", "") + " " + p.get("sail_plan", "")).lower()
    if re.search(r"cent(?:re|er)\s*-?\s*(?:paddle\s*)?wheel", prop_text):
        propulsion: dict[str, Any] = {"kind": "centrewheel"}
    elif re.search(r"stern\s*-?\s*wheel", prop_text):
        propulsion = {"kind": "sternwheel"}
    elif re.search(r"side\s*-?\s*wheel|paddle", prop_text):
        propulsion = {"kind": "sidewheel"}
    elif re.search(r"screw|propeller|shaft", prop_text):
        m = re.search(r"(\d+|one|two|three)\s*(?:shafts?|screws?|propellers?)", prop_text)
        n = (int(m.group(1)) if m.group(1).isdigit() else _WORDS[m.group(1)]) if m else 1
        propulsion = {"kind": "screw", "shafts": n}
    elif "sail" in prop_text:
        propulsion = {"kind": "sail"}
    else:
        propulsion = {"kind": "screw", "shafts": 1}
        est.append("propulsion: one screw assumed (the infobox does not say)")
    rig = next((r for word, r in (("barque", "bark"), ("bark", "bark"), ("schooner", "schooner"), ("brig", "brig"),
                                  ("ship-rigged", "ship"), ("full-rigged", "ship"), ("ship rig", "ship"))
                if word in prop_text), None)
    m = re.search(r"(\d[\d,]*)\s*(?:ihp|hp|horsepower)", prop_text)
    if m:
        propulsion["horsepower"] = _num(m.group(1))

    type_text = (p.get("type", "") + " " + p.get("class", "")).lower()
    vtype = next((t for word, t in TYPE_WORDS if word in type_text), None)
    if vtype is None:
        vtype = {"sidewheel": "sidewheel steamer", "sternwheel": "sternwheel steamer", "sail": "sailing sloop"}.get(
            propulsion["kind"], "screw steamer")
        est.append(f"type: {vtype} assumed from the propulsion (the infobox type is {p.get('type') or 'missing'!r})")
    if vtype == "screw gunboat" and propulsion["kind"] == "sidewheel":
        vtype = "sidewheel gunboat"
    if vtype == "screw gunboat" and propulsion["kind"] == "sternwheel":
        vtype = "sternwheel steamer"
    if vtype in ("screw frigate", "screw sloop") and propulsion["kind"] == "sail":
        vtype = vtype.replace("screw", "sailing")

    data: dict[str, Any] = {"id": slug(name), "name": name, "navy": navy, "type": vtype}
    if p.get("class"):
        data["class"] = re.sub(r"\s*(?:-|\s)class\b.*", "", p["class"].splitlines()[0], flags=re.I).strip() or p["class"]
    for key in ("builder",):
        if p.get(key):
            data[key] = p[key].splitlines()[0]
    for key in ("launched", "commissioned"):
        when = date(p.get(key))
        if when:
            data[key] = when
    if p.get("fate"):
        data["fate"] = " ".join(p["fate"].split())[:300]

    missing = []
    for key, parse, field_name in (("length", feet, "length_ft"), ("beam", feet, "beam_ft"),
                                   ("draught", feet, "draught_ft"), ("speed", knots, "speed_kn")):
        value = parse(p.get(key))
        if value is None:
            missing.append(f"Ship {key}")
        else:
            data[field_name] = value
    length_text = p.get("length", "").lower()
    for words, basis in ((("o/a", "oa", "overall", "loa"), "overall"), (("pp", "p/p", "perpendiculars", "bp"), "pp"),
                         (("wl", "waterline", "lwl"), "waterline")):
        if any(re.search(rf"\b{re.escape(w)}\b", length_text) for w in words):
            data["length_basis"] = basis
            break
    if missing:
        raise ShipyardError(f"{source_name}: the infobox gives no {', '.join(missing)}: a vessel file needs them "
                            "(add them to the infobox text, or start with `shipyard new vessel`)")
    displacement = tons(p.get("displacement"))
    burthen = tons(p.get("burthen"))
    if displacement:
        data["displacement_tons"] = displacement
    if burthen:
        data["burthen_tons"] = burthen
    if not displacement and not burthen:  # CSS Neuse's infobox gives none: estimated from her hull, and said so
        estimated, how = estimate_displacement(library, vtype, data["length_ft"], data["beam_ft"], data["draught_ft"])
        data["displacement_tons"] = estimated
        data["displacement_basis"] = "estimate"
        est.append(f"displacement: {estimated} long tons estimated (the infobox gives no displacement or tons "
                   f"burthen): {how}")
    data["propulsion"] = propulsion
    if rig:
        data["rig"] = rig
    crew = re.search(r"\d[\d,]*", p.get("complement", ""))
    if crew:
        data["crew"] = int(_num(crew.group(0)))

    turret_ids: list[str] = []
    if vtype == "monitor":
        both = (p.get("armament", "") + " " + p.get("type", "") + " " + p.get("armour", "")).lower()
        twin = re.search(r"\b(?:two|2|twin)\s*-?\s*turrets?", both)
        turret_ids = ["fore", "aft"] if twin else ["fore"]
        data["turrets"] = [{"id": t, "position": "forward" if t == "fore" else "aft"} for t in turret_ids]
        est.append(f"turrets: {' and '.join(turret_ids)} assumed from the type (the infobox does not place them)")

    armour = []
    for line in p.get("armour", "").splitlines():
        low = line.lower()
        backing = re.search(r"(?:on|over|backed by|behind|with)\s*" + _NUM + r"\s*(?:in|inches|\")\s*(?:of\s*)?"
                            r"(?:wood|oak|pine|timber|backing)", low)
        material = "railway_iron" if re.search(r"rail(?:road|way)", low) else "iron"
        for pattern, area in ARMOUR_AREAS:
            m = re.search(rf"\b(?:{pattern})\b\s*[:\-–]?\s*" + _NUM + r"\s*(?:-|–|to)?\s*(?:" + _NUM + r")?\s*(?:in\b|inch|inches|\")", low)
            if not m:
                continue
            thickness = _num(m.group(2) or m.group(1))
            entry: dict[str, Any] = {"area": area, "material": material, "thickness_in": thickness}
            if m.group(2):
                est.append(f"armour {area}: the greatest of {m.group(1)}–{m.group(2)} in taken")
            if backing and area in ("side", "casemate"):
                entry["backing_in"] = _num(backing.group(1))
            if area == "turret":
                if not turret_ids:
                    continue
                for t in turret_ids:
                    armour.append({**entry, "turret": t})
                continue
            armour.append(entry)
            break
    if armour:
        data["armour"] = armour

    mounts, matched, unmatched = [], [], []
    for gl in gun_lines(p.get("armament", "")):
        gid, how = match_gun(library, gl.description)
        if gid is None:
            unmatched.append(gl.text)
            continue
        matched.append(f"{gl.text} -> {gid} ({how})")
        if turret_ids:
            mounting, extra = "turret", {"turret": turret_ids[len(mounts) % len(turret_ids)] if len(turret_ids) > 1 else turret_ids[0]}
        elif vtype == "casemate ironclad":
            mounting, extra = "casemate", {}
        elif "howitzer" in library.ordnance[gid].kind.value:
            mounting, extra = "deck", {}
        else:
            mounting, extra = ("pivot", {}) if gl.count == 1 else ("broadside", {})
        mounts.append({"gun": gid, "count": gl.count, "mounting": mounting, **extra,
                       "note": f"infobox: '{gl.text}'; mounting not in the infobox, {mounting} is an estimate"})
    data["armament"] = mounts
    if mounts:
        est.append("armament: every gun's mounting (the infobox lists guns, not how they stood)")
    if unmatched:
        est.append("left out, no catalogue model: " + "; ".join(unmatched))
    return Draft(data, est, unmatched, matched)
