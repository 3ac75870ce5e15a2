"""Really Simple ACW Naval Rules (after Andy Callan, Miniature Wargames No. 14, 1984).

The calculator is in derive.py, the numbers in tables.yaml, the printed aids in aids.py.
"""

from pathlib import Path

from ..contract import RuleSet
from .damage import TRACK_NAMES, damage_tracks, game_now
from .trackers import applies, trackers
from .derive import derive
from .words import OPEN_WATER

TABLES = Path(__file__).with_name("tables.yaml")


def readings(tables) -> list[list[str]]:
    """What the text leaves open, for the web's rule-set page: each reading filled as the readings page fills it (an
    option's chosen words, `{fort_fire}`, and the tables' values: words.readings), with its house-rule option."""
    from .words import readings as filled

    return [[row["rule"], row["reading"], row["option"] or "—"] for row in filled(tables)]

def count_words(side_name: str, units: list, scenario, ctx) -> str | None:
    """The cover's count of a side (RuleSet.count_words): the units on the table, where the set-up leaves one off it
    (replay 29: 'Confederate 8 units' where Fort Powell plays no part and 7 are on the table); None where all are."""
    starts = getattr(getattr(scenario, "setup", None), "starts", None)
    if not starts:
        return None
    side = next((s for s in scenario.sides if s.name == side_name), None)
    lashed = {su.id: su.lashed_to for su in (side.units if side else []) if su.lashed_to}  # set up with her partner
    placed = sum(1 for u, _ in units if starts.get(u.id) is not None or starts.get(lashed.get(u.id)) is not None)
    if placed == len(units):
        return None
    return f"{placed} unit{'s' if placed != 1 else ''} on the table"


GROUND_YARDS = {"1/1200": 100.0, "1/600": 50.0}  # yards of ground to the table's inch, by model scale


def ground_reason(yards: dict[str, float] = GROUND_YARDS, native: str = "1/1200") -> str:
    """Why the ground is drawn at GROUND_YARDS, said plainly for the set-up page's scale sentence (replay 28: "100 yd
    to the inch at 1/1200" puzzled a player who knew a true 1/1200 inch is about 33 yd): how many times the models'
    own scale the ground is, from the yards and the scale."""
    model_yd = float(native.split("/")[1]) / 36  # a model's inch at her own scale, in yards of the real ship
    times = yards[native] / model_yd
    words = {2: "twice", 3: "three times", 4: "four times"}.get(round(times), f"{times:.3g} times")
    # play 43, defect (p2): 'the ground is three times the models' scale, whose inch is 33 yd' read as a riddle: after
    # 'Ground scale 100 yd to the inch', only why a model looks big on it
    return (f"1 in on the table = {yards[native]:.0f} yd, but a model's 1 in = {model_yd:.0f} yd: ships are {words} "
            f"too big for the ground, as the cards' sizes are; 1 knot = 1 in a turn of about three minutes, "
            f"reconstructed; doubled at 1/600")


RULESET = RuleSet(
    key="really-simple",
    aliases=("rs", "callan"),
    title="Really Simple ACW Naval Rules",
    package=__name__,
    derive=derive,
    tables_path=TABLES,
    native_scale="1/1200",
    scales=("1/1200", "1/600"),
    damage_tracks=damage_tracks,
    now=game_now,
    track_names=TRACK_NAMES,
    trackers=trackers,
    applies=applies,
    readings=readings,
    ground_units="in",
    # the bundled tables' words (a house rule moving the shoal line reaches the quick reference, not the set-up page)
    # play 44 defect: p2 and p3 printed the whole Shoals rule twice; the set-up keeps the open water, points to the rest
    depth_words=lambda tables: f"Shoals: {OPEN_WATER}; a drawn shoal: quick reference, Shoals.",
    pack_seconds=0.06,
    pack_pages=11,  # with the set-up page; what the text leaves open shares the last orders log's page
    minutes_per_turn=3.0,
    turn_reason="1 knot is 1 inch a turn at 100 yd an inch: about three minutes (reconstructed)",
    ground_yards=GROUND_YARDS,
    ground_reason=ground_reason(),
    count_words=count_words,
)
