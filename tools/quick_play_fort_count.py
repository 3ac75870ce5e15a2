"""Replay 26, Fort Morgan against Parrotts: a seeded count (seed 2046) of how often she is out by the end of bound 3, for
N Parrott throws at her a bound, under the article's 1-1 (silenced) and the fort_magazine guns_out house rule.
docs/rules/quick-play.md quotes its figures. Run: python tools/quick_play_fort_count.py"""
import random
rng = random.Random(2046)
TRIALS = 20000
for per_bound in (4, 8, 13, 26):
    fell = 0
    for _ in range(TRIALS):
        if any(rng.randint(1, 6) == 1 and rng.randint(1, 6) == 1 for _ in range(3 * per_bound)):
            fell += 1
    print(f"{per_bound:2d} Parrott throws a bound: silenced by bound 3 in {100*fell/TRIALS:4.1f} % of {TRIALS} games"
          f"  (exact {100*(1-(35/36)**(3*per_bound)):4.1f} %)")

# Every Parrott double at the fort, both readings of 1-1: out = silenced (1-1 under `silenced`) or all 10 factors out.
GUNS = {1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 1}
for reading in ("silenced", "guns_out"):
    for per_bound in (8, 13):
        fell = 0
        for _ in range(TRIALS):
            left = 10
            for _ in range(3 * per_bound):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                if a != b:
                    continue
                if a == 1 and reading == "silenced":
                    left = 0
                else:
                    left -= GUNS[a]
                if left <= 0:
                    fell += 1
                    break
        print(f"{reading:8s} {per_bound:2d} throws a bound: Fort Morgan out by bound 3 in {100*fell/TRIALS:4.1f} %")
