"""Every choice a pack build takes, as one model a user can save as a preset and reuse; and the file name
that says which of those choices a PDF holds."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import Problem, ShipyardError, display_path
from ..library.model import MAX_TURNS
from .sections import SECTIONS as _SECTIONS

SECTIONS = tuple(s.name for s in _SECTIONS)  # the names --no accepts, in pack order


def _registry_keys() -> list[str]:
    from ..rules import all_rulesets

    return [rs.key for rs in all_rulesets()]


class PackOptions(BaseModel):
    """Every choice a pack build takes. The rule sets default to every one the registry knows."""

    model_config = ConfigDict(extra="forbid")

    rules: list[str] = Field(default_factory=_registry_keys, description="rule sets by key or alias (default: all)")
    paper: Literal["a4", "letter"] = "a4"
    scale: str | None = Field(default=None, description="model scale (default: each rule set's own)")
    colour: bool = True
    copies: Literal["blank", "pre-damaged"] = "blank"
    turns: int | None = Field(default=None, json_schema_extra={"minimum": 1, "maximum": MAX_TURNS},
                              description="game turns the orders logs hold (default: the scenario's, else 12)")
    sides: list[str] = Field(default_factory=list, description="only these sides' units (empty: all)")
    per_side: bool = Field(default=False, description="one file for each side (of those chosen), each with the "
                                                      "set-up and only that side's sheets, counters and rosters")
    sides_apart: bool | None = Field(default=None, description="each side's record sheets from a page of their own, "
                                     "so that one side can be handed its sheets: true always (it may take a page "
                                     "more), false never, unset wherever that takes no more pages")
    setup: bool = True
    roster: bool = True
    sheets: bool = True
    templates: bool = True
    counters: bool = True
    reference: bool = True
    output_dir: Path = Path("output")
    templates_dir: Path | None = None
    house_rules: Path | None = None
    # a pack printed from a game (`pack --state`): unit id -> the link that opens her live sheet, printed as a QR code
    # on her sheet; never saved in a preset (the links carry the game's keys)
    live_links: dict[str, str] = Field(default_factory=dict, exclude=True)

    @field_validator("rules")
    @classmethod
    def _known_rulesets(cls, value: list[str]) -> list[str]:
        """Each name resolved through the rule-set registry to its key (an alias is accepted)."""
        from ..rules import get_ruleset

        keys = []
        for name in value:
            try:
                key = get_ruleset(name).key
            except ShipyardError as exc:
                raise ValueError(str(exc)) from None
            if key not in keys:
                keys.append(key)
        if not keys:
            raise ValueError("name at least one rule set")
        return keys

    @field_validator("turns")
    @classmethod
    def _turns_a_sheet_holds(cls, value: int | None) -> int | None:
        if value is not None and value < 1:
            raise ValueError(f"{value} turns: a game has at least 1 turn")
        if value is not None and value > MAX_TURNS:
            raise ValueError(f"{value} turns: an orders log holds at most {MAX_TURNS} (it shares the record sheet's page)")
        return value

    @field_validator("scale")
    @classmethod
    def _known_scale(cls, value: str | None) -> str | None:
        """A scale some rule set plays at (each rule set then checks it takes it)."""
        from ..rules import all_scales

        if value is not None and value not in all_scales():
            raise ValueError(f"expected one of {', '.join(all_scales())}, got {value!r}")
        return value

    @field_validator("paper", mode="before")
    @classmethod
    def _paper_any_case(cls, value):
        return value.lower() if isinstance(value, str) else value

    @classmethod
    def load(cls, path: Path) -> "PackOptions":
        from ..library.library import problems_from_validation
        from ..library.yamlfile import read_yaml

        located = read_yaml(path)
        if not isinstance(located.data, dict):
            raise ShipyardError([Problem(display_path(path), 1, None, "a preset is a mapping of pack options")])
        try:
            return cls.model_validate(located.data)
        except ValidationError as exc:
            raise ShipyardError(problems_from_validation(exc, located, path, cls)) from None

    def save(self, path: Path, force: bool = False) -> None:
        """Write these options as a preset: a file a second save may replace (its first line says what it is);
        any other file at path only with force (shipyard.overwrite)."""
        import yaml

        from .. import overwrite
        from ..atomic import atomic_write_text

        real = overwrite.target(Path(path), overwrite.PRESET, force)
        data = self.model_dump(mode="json", exclude_none=True)
        atomic_write_text(real, f"{overwrite.PRESET_HEADER}: `shipyard pack SCENARIO --preset {Path(path).name}`\n"
                          + yaml.safe_dump(data, sort_keys=False))


def packets(scenario, options: PackOptions) -> list[PackOptions]:
    """The files one rule set's pack is printed as: one, or with per_side one for each side chosen (all where none
    is), each that side's alone (its name says which) and each with the whole scenario's set-up."""
    if not options.per_side:
        return [options]
    wanted = {s.lower() for s in options.sides}
    sides = [s.name for s in scenario.sides if not wanted or s.name.lower() in wanted]
    if not sides:
        raise ShipyardError(f"--side: no side named {', '.join(options.sides)}; sides are "
                            f"{', '.join(s.name for s in scenario.sides)}")
    return [options.model_copy(update={"sides": [name]}) for name in sides]


def safe_name(text: str) -> str:
    """A file-name part from any text: lower case letters, digits, '-' and '_' only; never empty."""
    keep = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text.lower())
    return "-".join(p for p in keep.split("-") if p) or "pack"


def variant_suffix(*, sides=(), scale: str | None = None, paper: str = "a4", colour: bool = True,
                   copies: str = "blank", native_scale: str | None = None, apart: bool = False) -> str:
    """'-union-1-1200-letter-bw-pre-damaged': every choice that changes what a PDF holds, so that two
    variants never write the same file, while the defaults (all sides, native scale, A4, colour, blank) add nothing.
    `apart`: the sides' sheets each from a page of their own, in a pack of more than one side ('-sides-apart')."""
    parts = [safe_name(s) for s in sides]
    if apart and len(sides) != 1:
        parts.append("sides-apart")
    if scale and scale not in ("any", native_scale):
        parts.append(safe_name(scale))
    if paper != "a4":
        parts.append(safe_name(paper))
    if not colour:
        parts.append("bw")
    if copies != "blank":
        parts.append(safe_name(copies))
    return "".join("-" + p for p in parts)


def named_scale(ruleset, scale: str | None) -> str | None:
    """The scale a file name says: none for a rule set that measures the same at any scale."""
    return scale if scale and "any" not in getattr(ruleset, "scales", ()) else None


def pack_file_name(scenario_id: str, ruleset, options: PackOptions) -> str:
    """The pack's file name: scenario, rule set and every variant chosen."""
    scale = named_scale(ruleset, options.scale)
    return safe_name(scenario_id) + f"-{ruleset.key}" + variant_suffix(
        sides=sorted(options.sides, key=str.lower), scale=scale, paper=options.paper, colour=options.colour,
        copies=options.copies, native_scale=getattr(ruleset, "native_scale", None),
        apart=options.sides_apart is True) + ".pdf"
