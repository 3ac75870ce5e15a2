"""A warship, a fort, a gun and a scenario as history records them: no rule set lives here.

Every model forbids unknown keys, so a misspelt key in a vessel file is an error, never a
silent default. Units are in the field names: feet, inches, tons, knots, pounds.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from enum import Enum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# ---------------------------------------------------------------------------------------------
# Small shared types


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, use_enum_values=False, defer_build=True)


_PARTIAL_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


def _check_partial_date(value: str | None) -> str | None:
    if value is None:
        return None
    value = str(value)
    if not _PARTIAL_DATE.match(value):
        raise ValueError("expected a date as YYYY, YYYY-MM or YYYY-MM-DD")
    try:
        partial_date_start(value)
    except ValueError as exc:  # 1864-13-45 has the shape of a date but is none
        raise ValueError(f"no such date: {exc}") from None
    return value


# Characters a name must not hold: the C0 and C1 controls (an ESC starts a terminal escape sequence) and the
# bidirectional overrides and isolates (U+202E turns the rest of a name around, on a sheet and in a terminal).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _plain_text(value: str | None) -> str | None:
    """A name or a place as printable text, one line: no control or bidi-override character."""
    if value is None:
        return None
    for ch in str(value):
        if ch in _BIDI or unicodedata.category(ch) == "Cc":
            shown = repr(ch)[1:-1]
            what = "a right-to-left or left-to-right override" if ch in _BIDI else "a control character"
            raise ValueError(f"holds {what} ({shown}, U+{ord(ch):04X}): a name may hold only printable text")
    return value


_LOSS = re.compile(r"\b(?:sunk|burned|burnt|destroyed|scuttled|wrecked|lost|blown up|foundered)\b[^;]*?(\d{4}-\d{2}-\d{2})")

PartialDate = Annotated[str, Field(description="YYYY, YYYY-MM or YYYY-MM-DD")]

Id = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=80)]
Feet = Annotated[float, Field(gt=0, le=600)]
Inches = Annotated[float, Field(ge=0, le=30)]
Knots = Annotated[float, Field(ge=0, le=30)]
Tons = Annotated[float, Field(gt=0, le=20000)]


def partial_date_start(value: str) -> date:
    """The earliest day a partial date can mean ("1864" -> 1864-01-01)."""
    parts = [int(p) for p in value.split("-")]
    while len(parts) < 3:
        parts.append(1)
    return date(*parts)


class Navy(str, Enum):
    USN = "USN"  # United States Navy
    CSN = "CSN"  # Confederate States Navy
    US_ARMY = "US Army"  # e.g. the Ellet rams, the Western Gunboat Flotilla before Oct 1862
    CS_ARMY = "CS Army"  # e.g. the River Defense Fleet
    USRC = "Revenue"  # US Revenue Cutter Service
    STATE = "State"  # state navies
    OTHER = "Other"

    @property
    def nation(self) -> Literal["Union", "Confederate", "Other"]:
        if self in (Navy.USN, Navy.US_ARMY, Navy.USRC):
            return "Union"
        if self in (Navy.CSN, Navy.CS_ARMY):
            return "Confederate"
        return "Other"


class Source(Strict):
    url: str = Field(min_length=4, max_length=2000)
    covers: str = Field(min_length=1, max_length=2000, description="what this source gives")


# ---------------------------------------------------------------------------------------------
# Ordnance


class GunKind(str, Enum):
    SMOOTHBORE = "smoothbore"
    RIFLE = "rifle"
    HOWITZER = "howitzer"
    MORTAR = "mortar"
    COLUMBIAD = "columbiad"


class Ordnance(Strict):
    """One gun model of the catalogue (vessels/ordnance.yaml)."""

    id: Id
    name: str = Field(min_length=1, max_length=120)
    aliases: list[str] = Field(default_factory=list)
    kind: GunKind
    maker: str | None = None
    calibre_in: float = Field(gt=0, le=20)
    pounder: float | None = Field(default=None, gt=0, le=600, description="nominal rating in pounds")
    shot_lb: float | None = Field(default=None, gt=0, le=600, description="solid shot / bolt")
    shell_lb: float | None = Field(default=None, gt=0, le=600)
    tube_weight_lb: float | None = Field(default=None, gt=0, le=100000)
    range_yd: float | None = Field(default=None, gt=0, le=10000, description="range at the usual elevation")
    notes: str | None = None
    sources: list[Source] = Field(min_length=1)

    _names = field_validator("name", "maker")(_plain_text)

    @model_validator(mode="after")
    def _needs_a_projectile(self) -> "Ordnance":
        if self.shot_lb is None and self.shell_lb is None:
            raise ValueError("an ordnance model needs shot_lb or shell_lb")
        return self

    @property
    def rifled(self) -> bool:
        return self.kind is GunKind.RIFLE

    @property
    def projectile_lb(self) -> float:
        """The heaviest projectile the piece throws: the measure of its size."""
        return max(w for w in (self.shot_lb, self.shell_lb) if w is not None)


# ---------------------------------------------------------------------------------------------
# Vessel parts


class VesselType(str, Enum):
    CASEMATE_IRONCLAD = "casemate ironclad"
    MONITOR = "monitor"
    BROADSIDE_IRONCLAD = "broadside ironclad"
    SCREW_FRIGATE = "screw frigate"
    SCREW_SLOOP = "screw sloop"
    SCREW_GUNBOAT = "screw gunboat"
    SCREW_STEAMER = "screw steamer"
    SIDEWHEEL_GUNBOAT = "sidewheel gunboat"
    SIDEWHEEL_STEAMER = "sidewheel steamer"
    STERNWHEEL_STEAMER = "sternwheel steamer"
    SAILING_FRIGATE = "sailing frigate"
    SAILING_SLOOP = "sailing sloop"
    RAM = "ram"
    TINCLAD = "tinclad"
    COTTONCLAD = "cottonclad"
    SUBMARINE = "submarine"
    TORPEDO_BOAT = "torpedo boat"


class PropulsionKind(str, Enum):
    SCREW = "screw"
    SIDEWHEEL = "sidewheel"
    STERNWHEEL = "sternwheel"
    CENTREWHEEL = "centrewheel"  # a single wheel in a recess amidships (the City class)
    SAIL = "sail"
    HAND = "hand"  # hand-cranked (Hunley)


class Rig(str, Enum):
    NONE = "none"
    SCHOONER = "schooner"
    BARK = "bark"
    BRIG = "brig"
    SHIP = "ship"  # fully rigged


class Propulsion(Strict):
    kind: PropulsionKind
    shafts: int | None = Field(default=None, ge=1, le=6)
    wheels: int | None = Field(default=None, ge=1, le=4, description="paddle wheels")
    engine: str | None = None
    horsepower: float | None = Field(default=None, gt=0, le=10000)


class LengthBasis(str, Enum):
    OVERALL = "overall"
    PP = "pp"  # between perpendiculars
    WATERLINE = "waterline"
    ON_DECK = "on_deck"
    UNSPECIFIED = "unspecified"
    ESTIMATE = "estimate"


class SpeedBasis(str, Enum):
    DESIGNED = "designed"  # what she was built to make
    TRIAL = "trial"  # her best on trials
    ACHIEVED = "achieved"  # what she made in service
    UNSPECIFIED = "unspecified"  # a source gives the figure without saying which
    ESTIMATE = "estimate"  # no source gives it: the notes say how it was reached


class DraughtBasis(str, Enum):
    MEAN = "mean"  # mean of fore and aft, in ordinary trim
    DEEP = "deep"  # fully laden (the greatest)
    LIGHT = "light"  # light ship
    DESIGNED = "designed"  # as designed, not as she floated
    UNSPECIFIED = "unspecified"
    ESTIMATE = "estimate"


class DisplacementBasis(str, Enum):
    """What a displacement figure is (a burthen is never a displacement: it goes in burthen_tons)."""

    NORMAL = "normal"  # in ordinary load
    FULL_LOAD = "full_load"
    LIGHT = "light"
    DESIGNED = "designed"
    UNSPECIFIED = "unspecified"  # a displacement whose load the source does not give
    ESTIMATE = "estimate"


class BurthenBasis(str, Enum):
    """What a tonnage that is not a displacement is."""

    BUILDERS_MEASUREMENT = "builders_measurement"  # tons burthen (bm), from the hull's dimensions
    REGISTER = "register"  # a merchant vessel's registered tonnage
    UNKNOWN = "unknown"  # "tons" in the sources, of a kind they do not say; not taken for a displacement


# Where a file gives no displacement, the game plays this many times her burthen as an ESTIMATE of it: about the
# median ratio of displacement to burthen over the library's ships for which sources give both (1.36 in 2026;
# tests/test_library_honesty.py keeps it there).
DISPLACEMENT_PER_BURTHEN_TON = 1.35


class ArmourArea(str, Enum):
    SIDE = "side"  # hull side / belt / knuckle
    CASEMATE = "casemate"
    TURRET = "turret"
    PILOT_HOUSE = "pilot_house"
    DECK = "deck"
    ENDS = "ends"  # bow and stern where armoured separately
    BOW = "bow"
    STERN = "stern"
    WHEEL_HOUSES = "wheel_houses"
    MACHINERY = "machinery"  # protection round the engines and boilers only (e.g. cotton bales)
    STEERING = "steering"  # steering gear: rudder chains, tiller ropes, rudder head (thickness 0 = exposed)


class ArmourMaterial(str, Enum):
    IRON = "iron"  # wrought iron plate (rolled or laminated)
    RAILWAY_IRON = "railway_iron"
    TIN = "tin"  # thin boiler iron of the tinclads, bullet-proof only
    COTTON = "cotton"
    WOOD = "wood"  # heavy timber only, listed where it is the protection


class Coverage(str, Enum):
    FULL = "full"
    PARTIAL = "partial"


class Armour(Strict):
    area: ArmourArea
    material: ArmourMaterial = ArmourMaterial.IRON
    thickness_in: Inches = Field(description="iron (or cotton, wood) thickness in inches")
    backing_in: Annotated[float, Field(ge=0, le=60)] | None = Field(default=None, description="wood backing behind it, inches")
    coverage: Coverage = Coverage.FULL
    turret: str | None = Field(default=None, description="turret id where area is turret")
    note: str | None = None


class Mounting(str, Enum):
    BROADSIDE = "broadside"  # a broadside gunport
    PIVOT = "pivot"
    TURRET = "turret"
    CASEMATE = "casemate"  # a casemate gunport
    DECK = "deck"  # on deck, no port (boat howitzers, field carriages)


class Position(str, Enum):
    BOW = "bow"
    FORWARD = "forward"
    MIDSHIPS = "midships"
    AFT = "aft"
    STERN = "stern"


class Mount(Strict):
    """Some guns of one model, mounted alike in one place."""

    gun: str = Field(min_length=1, description="ordnance id or an accepted alias")
    count: int = Field(ge=1, le=100)
    mounting: Mounting
    position: Position | None = None
    turret: str | None = Field(default=None, description="turret id for turret guns")
    note: str | None = None

    @model_validator(mode="after")
    def _turret_guns_name_a_turret(self) -> "Mount":
        if self.mounting is Mounting.TURRET and not self.turret:
            raise ValueError("a turret mount must name its turret (turret: fore)")
        if self.turret and self.mounting is not Mounting.TURRET:
            raise ValueError("only a turret mount names a turret")
        return self


class Turret(Strict):
    id: str = Field(min_length=1, max_length=20)
    position: Position
    note: str | None = None


class Refit(Strict):
    """A change on a date: every field named replaces the vessel's field from that day on."""

    date: PartialDate
    note: str = Field(min_length=1)
    name: str | None = None
    navy: Navy | None = None  # a prize taken into the other navy
    type: VesselType | None = None  # e.g. an ironclad stripped of her armour
    speed_kn: Knots | None = None
    speed_basis: SpeedBasis | None = None
    draught_ft: Feet | None = None
    draught_basis: DraughtBasis | None = None
    displacement_tons: Tons | None = None
    displacement_basis: DisplacementBasis | None = None
    crew: int | None = Field(default=None, ge=0, le=5000)
    armour: list[Armour] | None = None
    armament: list[Mount] | None = None
    ram_bow: bool | None = None
    spar_torpedo: bool | None = None
    rig: Rig | None = None

    _date = field_validator("date")(_check_partial_date)
    _names = field_validator("name")(_plain_text)


class Vessel(Strict):
    kind: Literal["vessel"] = "vessel"
    id: Id
    name: str = Field(min_length=1, max_length=80)
    navy: Navy
    type: VesselType
    class_name: str | None = Field(default=None, alias="class")
    builder: str | None = None
    launched: PartialDate | None = None
    commissioned: PartialDate | None = None
    fate: str | None = None

    length_ft: Feet
    length_basis: LengthBasis = LengthBasis.UNSPECIFIED
    beam_ft: Feet
    draught_ft: Annotated[float, Field(gt=0, le=40)]
    draught_basis: DraughtBasis = DraughtBasis.UNSPECIFIED
    displacement_tons: Tons | None = Field(default=None, description="displacement only: a burthen goes in burthen_tons")
    displacement_basis: DisplacementBasis | None = Field(default=None, description="unspecified when left out; "
                                                         "ignored without displacement_tons")
    burthen_tons: Tons | None = Field(default=None, description="tons burthen (builder's measurement), register "
                                                                "tonnage or tons of unknown kind: never a displacement")
    burthen_basis: BurthenBasis | None = Field(default=None, description="builders_measurement when left out; "
                                                "ignored without burthen_tons")
    speed_kn: Knots = Field(description="the speed to play: achieved where known")
    speed_basis: SpeedBasis = SpeedBasis.UNSPECIFIED
    designed_speed_kn: Knots | None = None
    propulsion: Propulsion
    rig: Rig = Rig.NONE
    double_ender: bool = False
    turrets: list[Turret] = Field(default_factory=list, max_length=3)
    armour: list[Armour] = Field(default_factory=list)
    ram_bow: bool = False
    spar_torpedo: bool = False
    crew: int | None = Field(default=None, ge=0, le=5000)
    armament: list[Mount] = Field(default_factory=list)
    armament_date: PartialDate | None = None
    refits: list[Refit] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list, description="where the figures come from; may be left out only for a what-if ship")
    what_if: str | None = Field(default=None, min_length=1, max_length=200,
                                description="a ship that never was (or never was like this): say what is imagined")
    like: str | None = Field(default=None, description="id of a sister or class ship whose fields this file inherits and overrides")
    notes: str | None = None

    _dates = field_validator("launched", "commissioned", "armament_date")(_check_partial_date)
    _names = field_validator("name", "class_name", "builder")(_plain_text)

    @model_validator(mode="after")
    def _consistent(self) -> "Vessel":
        if not self.sources and not self.what_if:
            raise ValueError("a vessel needs sources, for example  sources: [{url: 'https://…', covers: 'dimensions and guns'}]"
                             " — or, for a ship that never was,  what_if: 'a seventh Sassacus-class boat'")
        if self.displacement_tons is None and self.burthen_tons is None:
            raise ValueError("a vessel needs displacement_tons or burthen_tons")
        for figure, basis, default in (("displacement_tons", "displacement_basis", DisplacementBasis.UNSPECIFIED),
                                       ("burthen_tons", "burthen_basis", BurthenBasis.BUILDERS_MEASUREMENT)):
            if getattr(self, figure) is None:  # a basis says what a figure is: without the figure it says nothing
                setattr(self, basis, None)
            elif getattr(self, basis) is None:
                setattr(self, basis, default)
        if self.beam_ft >= self.length_ft:
            raise ValueError(f"beam_ft ({self.beam_ft}) must be less than length_ft ({self.length_ft})")
        if self.draught_ft >= self.beam_ft * 1.5:
            raise ValueError(f"draught_ft ({self.draught_ft}) is implausible for beam_ft ({self.beam_ft})")
        turret_ids = [t.id for t in self.turrets]
        if len(set(turret_ids)) != len(turret_ids):
            raise ValueError("turret ids must be unique")
        if self.type is VesselType.MONITOR and not self.turrets:
            raise ValueError("a monitor needs at least one turret")
        for mounts in [self.armament] + [r.armament for r in self.refits if r.armament]:
            for m in mounts:
                if m.turret and m.turret not in turret_ids:
                    raise ValueError(f"mount names turret {m.turret!r}, but the vessel has {turret_ids or 'none'}")
        for armours in [self.armour] + [r.armour for r in self.refits if r.armour]:
            for a in armours:
                if a.turret and a.turret not in turret_ids:
                    raise ValueError(f"armour names turret {a.turret!r}, but the vessel has {turret_ids or 'none'}")
        dates = [partial_date_start(r.date) for r in self.refits]
        if dates != sorted(dates):
            raise ValueError("refits must be in date order")
        return self

    # -- derived history ------------------------------------------------------------------------

    @property
    def lost_on(self) -> str | None:
        """The date of her loss where her fate gives one (sunk, burned, destroyed, scuttled, wrecked, lost)."""
        if not self.fate:
            return None
        m = _LOSS.search(self.fate)
        return m.group(1) if m else None

    @property
    def nation(self) -> str:
        return self.navy.nation

    @property
    def tonnage(self) -> float:
        """The displacement the rule sets play: the recorded one, else an ESTIMATE from her burthen."""
        if self.displacement_tons is not None:
            return self.displacement_tons
        return round(float(self.burthen_tons) * DISPLACEMENT_PER_BURTHEN_TON)  # type: ignore[arg-type]

    @property
    def tonnage_basis(self) -> str:
        """What `tonnage` is, in a player's words: "displacement (designed)" or the estimate and what it came from."""
        if self.displacement_tons is not None:
            basis = self.displacement_basis
            if basis is DisplacementBasis.ESTIMATE:  # no source gives it (an infobox without one): said as an estimate
                return "displacement ESTIMATE (estimated, not recorded: her notes say how)"
            return "displacement" if basis is DisplacementBasis.UNSPECIFIED else f"displacement ({basis.value.replace('_', ' ')})"
        kind = {BurthenBasis.BUILDERS_MEASUREMENT: "burthen", BurthenBasis.REGISTER: "register tonnage",
                BurthenBasis.UNKNOWN: "tons of unknown kind"}[self.burthen_basis]
        return f"displacement ESTIMATE ({DISPLACEMENT_PER_BURTHEN_TON:g} x {self.burthen_tons:g} t {kind})"

    @property
    def paddle_wheels(self) -> int:
        p = self.propulsion
        if p.kind is PropulsionKind.SIDEWHEEL:
            return p.wheels or 2
        if p.kind in (PropulsionKind.STERNWHEEL, PropulsionKind.CENTREWHEEL):
            return p.wheels or 1
        return 0

    def armour_at(self, *areas: ArmourArea) -> list[Armour]:
        return [a for a in self.armour if a.area in areas]

    def as_of(self, when: date | str | None) -> "Vessel":
        """The vessel as she stood on a date: every refit dated on or before it applied in order."""
        if when is None:
            return self
        if isinstance(when, str):
            when = partial_date_start(_check_partial_date(when) or "")
        changes: dict = {}
        for refit in self.refits:
            if partial_date_start(refit.date) <= when:
                changes.update(refit.model_dump(exclude={"date", "note"}, exclude_none=True, by_alias=True))
                if refit.armament is not None:
                    changes["armament_date"] = refit.date  # the battery she carried from that refit on
        if not changes:
            return self
        data = self.model_dump(by_alias=True, exclude_none=True)
        data.update(changes)
        return Vessel.model_validate(data)


# ---------------------------------------------------------------------------------------------
# Forts


class WallMaterial(str, Enum):
    BRICK = "brick"
    MASONRY = "masonry"
    EARTH = "earth"
    SAND = "sand"
    LOG = "log"


class Walls(Strict):
    material: WallMaterial
    thickness_ft: Annotated[float, Field(gt=0, le=100)] | None = None
    height_ft: Annotated[float, Field(gt=0, le=200)] | None = None
    note: str | None = None


class FortMount(Strict):
    gun: str = Field(min_length=1)
    count: int = Field(ge=1, le=300)
    note: str | None = None


class Fort(Strict):
    kind: Literal["fort"]
    id: Id
    name: str = Field(min_length=1, max_length=80)
    navy: Navy = Field(description="the side that held it: USN for Union, CSN for Confederate")
    place: str
    built: PartialDate | None = None
    walls: Walls
    garrison: int | None = Field(default=None, ge=0, le=20000)
    armament: list[FortMount] = Field(min_length=1)
    armament_date: PartialDate | None = None
    sources: list[Source] = Field(min_length=1)
    notes: str | None = None

    _dates = field_validator("built", "armament_date")(_check_partial_date)
    _names = field_validator("name", "place")(_plain_text)

    @property
    def nation(self) -> str:
        return self.navy.nation

    def as_of(self, when: date | str | None) -> "Fort":
        return self


Unit = Vessel | Fort


# ---------------------------------------------------------------------------------------------
# Scenarios


class ScenarioUnit(Strict):
    id: str = Field(min_length=1, description="vessel or fort id")
    as_of: PartialDate | None = Field(default=None, description="defaults to the scenario date")
    division: str | None = None
    lashed_to: str | None = Field(default=None, description="id of the ship she is lashed to, her partner in a lashed pair (the consort names her sloop)")
    lashed_on: Literal["port", "starboard"] | None = Field(
        default=None, description="the side of her partner (lashed_to) she is lashed on: the set-up plan draws her there")
    note: str | None = None
    damage: dict[Annotated[str, Field(min_length=1, max_length=40)], Annotated[int, Field(ge=0, le=1000)]] = Field(
        default_factory=dict,
        description="boxes already lost when the scenario opens, by damage track (each rule set names its own: hull, speed...), "
                    "struck through on pre-damaged copies of the sheets; blank copies ignore it",
    )

    _date = field_validator("as_of")(_check_partial_date)
    _names = field_validator("division")(_plain_text)


class Side(Strict):
    name: str = Field(min_length=1, max_length=60)
    navy: Navy
    commander: str | None = None
    victory: str | None = None
    units: list[ScenarioUnit] = Field(min_length=1)

    _names = field_validator("name", "commander")(_plain_text)


# The most turns an orders log holds. Two rule sets' logs share the record sheet's page, so
# past a point the sheet no longer fits one: every bundled sheet holds 140 turns on Letter and 160 on A4; 100
# leaves room for a ship of yours with more guns and armour to list (a game night is 12 to 60 turns).
MAX_TURNS = 100


from .setup import Setup  # noqa: E402  (after Strict, which the set-up's models are made of)


class Scenario(Strict):
    kind: Literal["scenario"] = "scenario"
    id: Id
    name: str = Field(min_length=1, max_length=120)
    date: PartialDate
    place: str
    sides: list[Side] = Field(min_length=2, max_length=4)
    turns: int | None = Field(default=None, ge=1, le=MAX_TURNS, description="game turns the scenario lasts under every rule set (orders logs are sized to it)")
    minutes: int | None = Field(default=None, ge=1, le=600, description="how long the action lasted: each rule set plays it in as many of its own turns (turns, where given, wins)")
    notes: str | None = None
    sources: list[Source] = Field(default_factory=list)
    setup: Setup | None = Field(default=None, description="the table, the ground, every unit's start, events, victory "
                                                          "and special rules (library/setup.py)")

    _date = field_validator("date")(_check_partial_date)
    _names = field_validator("name", "place")(_plain_text)

    @model_validator(mode="after")
    def _no_unit_twice(self) -> "Scenario":
        seen: set[str] = set()
        for side in self.sides:
            for u in side.units:
                if u.id in seen:
                    raise ValueError(f"unit {u.id!r} appears twice in the scenario")
                seen.add(u.id)
        return self
