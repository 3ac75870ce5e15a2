"""Replay 26, Fort Morgan against Parrotts: a seeded count (seed 2046) of how often she is out by the end of bound 3, for
N Parrott throws at her a bound, under the article's 1-1 (silenced) and the fort_magazine guns_out house rule.
docs/rules/quick-play.md quotes its figures. Run: python tools/quick_play_fort_count.py

The fort's factors (her card's cannonade), the guns each double puts out (the catastrophic-events chart's fort
column) and the double that silences her (fort_magazine) are read from the library and the rule set's tables."""
import random
import re

from shipyard.library.library import Library
from shipyard.rules import get_ruleset

lib = Library.load()
QP = get_ruleset("quick-play")
ctx = QP.context(lib, None)
ctx.scenario = lib.scenarios["mobile-bay-1864"]
FACTORS = sum(QP.derive(lib.find("fort-morgan"), ctx).stats.cannonade.model_dump().values())
MAGAZINE = ctx.tables["fort_magazine"].rows["double"]  # '1-1'
GUNS_OUT_READING = int(re.match(r"\d+", ctx.tables["fort_magazine"].rows["guns_out"]).group())


def _face(double: str) -> int:
    return int(double.partition("-")[0])


# Every double's fort result: guns out (a number) or silenced (None).
OUT = {_face(r["double"]): (int(m.group()) if (m := re.match(r"\d+", r["fort"])) else None)
       for r in ctx.tables["catastrophic_events"].rows}
SILENCING = _face(MAGAZINE)

rng = random.Random(2046)
TRIALS = 20000
for per_bound in (4, 8, 13, 26):
    fell = 0
    for _ in range(TRIALS):
        if any(rng.randint(1, 6) == SILENCING and rng.randint(1, 6) == SILENCING for _ in range(3 * per_bound)):
            fell += 1
    print(f"{per_bound:2d} Parrott throws a bound: silenced by bound 3 in {100*fell/TRIALS:4.1f} % of {TRIALS} games"
          f"  (exact {100*(1-(35/36)**(3*per_bound)):4.1f} %)")

# Every Parrott double at the fort, both readings of the magazine double: out = silenced (under `silenced`) or all her
# factors out (under `guns_out`, the magazine double puts out as many as the table's guns_out says).
for reading in ("silenced", "guns_out"):
    guns = {face: (GUNS_OUT_READING if n is None and reading == "guns_out" else n) for face, n in OUT.items()}
    for per_bound in (8, 13):
        fell = 0
        for _ in range(TRIALS):
            left = FACTORS
            for _ in range(3 * per_bound):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                if a != b:
                    continue
                if guns[a] is None:
                    left = 0
                else:
                    left -= guns[a]
                if left <= 0:
                    fell += 1
                    break
        print(f"{reading:8s} {per_bound:2d} throws a bound: Fort Morgan out by bound 3 in {100*fell/TRIALS:4.1f} %")
