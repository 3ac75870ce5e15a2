"""Really Simple, Mobile Bay: how many turns Fort Morgan's 20 channel guns last under the Union's fire, from the
twenty-sixth replay's dice (seeded Monte Carlo; rs33). Not a model of the table: the Union's dice at the fort each turn
are the replay's own pools (turn 1, 2 and 3 as logged), turns 4-6 taken as turn 3 (the line abreast, every broadside
on her), 7-8 as turn 2 and 9-12 as turn 1 (the line passing north, fewer guns in her channel front), the whole
fleet firing at her throughout, which it need not.

    python tools/rs_fort_morgan.py                  # this pack's reading (fort_hits: only a 2 takes a gun)
    python tools/rs_fort_morgan.py --gun-on 2-3     # the ship's 2-3, the house rule
    python tools/rs_fort_morgan.py --no-plus-one    # and the fort not a stationary target (no +1): a further lever

A pool is (dice needing 4+, 5+, 6+) with the fort's +1 as a stationary target; --no-plus-one moves each a step
harder by the table's target_stationary modifier (5+, 6, none). The guns at stake are the fort's channel front as the
scenario's set-up gives it, and the share of a hit that takes a gun is read from fort_hits (its gun_on: 2, or 2-3 under
the house rule); a jammed shutter (a 6, then 2d6 6) is brief and left out. Only the replay's dice pools are typed
here: every rule number is the rule set's own."""

from __future__ import annotations

import argparse
import random

from shipyard.library.library import Library
from shipyard.rules import get_ruleset
from shipyard.rules.really_simple.sheet import fort_fronts

T1, T2, T3 = (9, 19, 5), (16, 27, 7), (36, 7, 11)  # replay 26's dice at Fort Morgan, turns 1-3 (log.md)
POOLS = [T1, T2, T3, T3, T3, T3, T2, T2, T1, T1, T1, T1]
NEEDS = (4, 5, 6)  # what each pool's dice needed on the d6, the fort's +1 already in (the replay's log)
GUN_ROLLS = {"two": 1, "two_three": 2}  # fort_hits.gun_on: how many of the d6 hit rolls take one of her guns


def the_fort(house_gun_on: str | None) -> tuple[int, float, int]:
    """(channel guns, share of a hit that takes a gun, the stationary target's modifier), from the library and the
    rule set's tables: the front of Fort Morgan that fights the channel is her largest."""
    lib = Library.load()
    rs = get_ruleset("really-simple")
    ctx = rs.context(lib, None)
    ctx.scenario = lib.scenarios["mobile-bay-1864"]
    fort = lib.find("fort-morgan")
    guns = max(n for _, n, _ in fort_fronts(fort, rs.derive(fort, ctx).stats, ctx))
    gun_on = house_gun_on or ctx.tables["fort_hits"].rows["gun_on"]
    stationary = next(r["modifier"] for r in ctx.tables["shooting_modifiers"].rows if r["key"] == "target_stationary")
    return guns, GUN_ROLLS[gun_on] / 6, stationary


def silenced_turn(rng: random.Random, guns: int, gun_share: float, need: tuple[float, float, float]) -> int | None:
    lost = 0
    for turn, pool in enumerate(POOLS, 1):
        hits = sum(rng.random() < p for n, p in zip(pool, need) for _ in range(n))
        lost += sum(rng.random() < gun_share for _ in range(hits))
        if lost >= guns:
            return turn
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gun-on", choices=["2", "2-3"], default="2")
    ap.add_argument("--no-plus-one", action="store_true")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=26)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    guns, share, stationary = the_fort(None if a.gun_on == "2" else "two_three")
    harder = stationary if a.no_plus_one else 0
    need = tuple(max(0, 7 - (n + harder)) / 6 for n in NEEDS)
    runs = [silenced_turn(rng, guns, share, need) for _ in range(a.games)]
    by = {k: sum(1 for r in runs if r is not None and r <= k) / len(runs) for k in (3, 6, 8, 12)}
    print(f"{guns} channel guns, gun on {a.gun_on}{', no +1' if a.no_plus_one else ''}: silenced by turn "
          + ", ".join(f"{k}: {100 * v:.0f} %" for k, v in by.items()) + f" ({a.games} games, seed {a.seed})")


if __name__ == "__main__":
    main()
