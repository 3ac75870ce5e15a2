"""Smoke on the Water, Mobile Bay: Fort Morgan's staying power under the Union's fire, and the sloops' under the fort's,
played by the pack's own rules (seeded Monte Carlo; sotw31).

    python tools/sotw_fort_morgan.py                       # Fort Morgan's SDP after turns 1, 2, 3, 5, 8 and its guns lost
    python tools/sotw_fort_morgan.py --house house.yaml    # the same under a house-rules file
    python tools/sotw_fort_morgan.py --sloops              # Brooklyn and Hartford under the fort's share

Every number is read from the rule set's tables (tables.yaml, a house-rules file on top) and the units' derived
stats (guns, codes, arcs, range bands, target sizes): nothing is copied here. What the tool assumes of the play:

* The Union column steams on its set-up heading at its start speed (4 kn) every turn: the turn-1 binding, and after
  it the straight run in (a player may turn, which only changes which guns bear). A ship that arrives comes on at
  the edge point her start gives and makes her whole move that turn. The lashed gunboats lie to port, away from the
  fort, and fire across their partner at nothing: they are left out.
* Every Union gun that bears on Fort Morgan's mark (her arcs, from her heading) and has it in range fires at it, each
  turn, with the ammunition that does it the most SDP on average at that band (a player out to silence the fort);
  range is from the mark to the nearest point of her base. Table 10: base, the range band, target size F, Immobile,
  and the powder smoke of turns from 2 (the scenario's special rule) past the S band. A natural 10 misfires (Table
  11: the gun jams for the rest of the game or bursts and is lost: no repairs here).
* A hit: the location d10 (a 10 is a fort critical on the d6 of fort_targets.criticals), the walls' Table 16 number
  at the band (a 1 always deflects, a 10 always goes through, "*" and "-" no roll), Table 17's figure (a shell
  detonates on the firer's nation's number; a deflected shell does nothing, fort_targets.deflected_shell_sdp's
  reading (play 43), or its figure after the slash under the other (after); a shot that pierces does fort_targets.shot_through's share of its figure,
  rounded up), the criticals as the rows read them: the embrasure's SDP by
  fort_targets.embrasure_sdp, a fire or the magazine only through the walls where the row says walls, the
  magazine's 2d6 more; fire test markers and fires by fire_test (a fire burns its SDP from the next phase; an
  out-of-control fire's magazine roll is the fort's magazine critical).
* --sloops: the fort's channel fronts and its water battery lay their share at one ship (fort_targets.at_one_ship)
  of their best guns, firing shell, at Brooklyn or Hartford on her track, her broadside to the fort; the gunners
  are driven off (gunners_driven_off.to_hit) on every turn after a turn the Union's shells burst on the fort (some
  always do), since play 32 only after a turn she had a gun bearing on that fort at the band
  gunners_driven_off.within names or nearer (none: any range). Hull damage only (a critical still does the hit's damage; its other effects are left out).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from shipyard.library.library import Library
from shipyard.rules import get_ruleset
import importlib

D = importlib.import_module("shipyard.rules.smoke_on_the_water.derive")  # the module (the package exports its derive())

RS = get_ruleset("smoke-on-the-water")
SCENARIO = "mobile-bay-1864"
FORT = "fort-morgan"
TURNS = (1, 2, 3, 5, 8)


def _d(n: int, rng: random.Random) -> int:
    return rng.randint(1, n)


def _dice(expr: str, rng: random.Random) -> int:
    """'2d6', '1d6', 'd10' -> a throw."""
    count, _, sides = str(expr).partition("d")
    return sum(_d(int(sides), rng) for _ in range(int(count or 1)))


def _split(figure: str) -> tuple[int, int]:
    """Table 17's '6/1' -> (6, 1): through (or burst), and after the slash."""
    a, _, b = str(figure).partition("/")
    return int(a), int(b or 0)


@dataclass
class Ship:
    uid: str
    stats: object
    x: float  # cm on the window's table, east
    y: float  # cm, north
    heading: float
    move_cm: float
    arrives: int  # 0: on the table at the start
    half_len: float
    half_wid: float

    def at(self, turn: int) -> tuple[float, float] | None:
        """Her centre after her move in `turn` (None: not yet on)."""
        if turn < max(self.arrives, 1) and self.arrives:
            return None
        steps = turn - (self.arrives - 1 if self.arrives else 0)
        h = math.radians(self.heading)
        return self.x + math.sin(h) * self.move_cm * steps, self.y + math.cos(h) * self.move_cm * steps


@dataclass
class Game:
    """What the play needs, read once: the tables, the fort, the Union ships and the table's geometry."""

    library: Library
    house: Path | None = None
    ammo: str = "best"  # best (the most SDP a hit at its band), shell (as on the day) or shot
    ctx: object = field(init=False)
    ships: list[Ship] = field(init=False)
    fort_xy: tuple[float, float] = field(init=False)
    fort: object = field(init=False)

    def __post_init__(self) -> None:
        lib = self.library
        sc = lib.scenarios[SCENARIO]
        self.ctx = RS.context(lib, self.house)
        self.ctx.scenario = sc
        setup = sc.setup
        window = next(w for w in setup.windows if any(n in ("smoke-on-the-water", "sotw") for n in w.rules))
        cm_per_yd = window.table.width_ft * 30.48 / window.width_yd
        starts = {**setup.starts, **window.starts}

        def cm(point) -> tuple[float, float]:
            return (point[0] - window.at[0]) * cm_per_yd, (point[1] - window.at[1]) * cm_per_yd

        self.fort = RS.derive(lib.find(FORT), self.ctx).stats
        self.fort_xy = cm(starts[FORT].at)
        self.fort_start = starts[FORT]
        self.battery_stats = RS.derive(lib.find("fort-morgan-water-battery"), self.ctx).stats
        self.battery_xy = cm(starts["fort-morgan-water-battery"].at)
        self.battery_start = starts["fort-morgan-water-battery"]
        union = next(s for s in sc.sides if s.name == "Union")
        lashed = {su.id for su in union.units if getattr(su, "lashed_to", None)}
        self.ships = []
        for su in union.units:
            st = starts.get(su.id)
            unit = lib.find(su.id)
            if st is None or su.id in lashed or D.is_fort(unit):
                continue
            d = RS.derive(unit, self.ctx).stats
            level, _ = D.speed_level(st.speed_kn or 0, self.ctx.tables)
            base = D.base_mm(unit, self.ctx) or (0, 0)
            x, y = cm(st.at)
            self.ships.append(Ship(su.id, d, x, y, st.heading or 0, float(level["move_cm"]) * D.distance_factor(self.ctx),
                                   int(st.arrives or 0), base[0] / 20, base[1] / 20))

    # ---- geometry
    @staticmethod
    def range_to(ship: Ship, xy: tuple[float, float], mark: tuple[float, float]) -> tuple[float, float]:
        """(cm from the mark to the nearest point of her base, the mark's bearing from her bow in degrees)."""
        dx, dy = mark[0] - xy[0], mark[1] - xy[1]
        h = math.radians(ship.heading)
        along = dx * math.sin(h) + dy * math.cos(h)
        across = dx * math.cos(h) - dy * math.sin(h)
        out_a = max(0.0, abs(along) - ship.half_len)
        out_c = max(0.0, abs(across) - ship.half_wid)
        bearing = (math.degrees(math.atan2(across, along))) % 360
        return math.hypot(out_a, out_c), bearing

    # ---- the rules' numbers
    def to_hit(self, band: str, target_size: str, immobile: bool, turn: int, extra: int = 0) -> int:
        t = self.ctx.tables.require("direct_fire").rows
        n = int(t["base"]) + int(t["range"][band]) + extra
        sizes = t.get("target_size_at_point_blank", {}) if band == "PB" else {}
        n += int(sizes.get(target_size, t["target_size"][target_size]))
        if immobile:
            n += int(t["target_speed"]["Immobile"])
        if turn >= 2 and band not in ("PB", "S"):  # Mobile Bay's powder smoke from turn 2, past the S band
            n += int(t["obscured"]["over 1/2 to 3/4"])
        return n

    def roll_to_hit(self, n: int, rng: random.Random) -> str:
        t = self.ctx.tables.require("direct_fire").rows
        r = _d(10, rng)
        if r == int(t["misfires"]):
            return "misfire"
        if r == int(t["always_hits"]) or r <= n:
            return "hit"
        return "miss"

    def misfire(self, nation: str, rng: random.Random) -> str:
        t = self.ctx.tables.require("misfires").rows[ "by_nation"][nation]
        r = _d(10, rng)
        return "none" if r <= int(t["none"]) else "jams" if r <= int(t["jams"]) else "bursts"

    def pierces(self, code: str, armour: str, band: str, shell: bool, rng: random.Random) -> bool:
        size, _ = D.parse_code(code)
        n = D.deflection_number(size if shell else code, armour, band, self.ctx.tables, shell=shell)
        if n == "*":
            return True
        if n == "-":
            return False
        nat = self.ctx.tables.require("armour_deflection").rows.get("natural", {})
        r = _d(10, rng)
        if r == int(nat.get("deflects", 1)):
            return False
        if r == int(nat.get("goes_through", 10)):
            return True
        return r > int(n)

    def figures(self, code: str, band: str, shell: bool, nation: str, rng: random.Random) -> tuple[int, int, bool]:
        """(through, after the slash, burst) for one hit: shot at its band, shell by its detonation roll."""
        size, _ = D.parse_code(code)
        gd = self.ctx.tables.require("gun_damage").rows
        if shell:
            burst = _d(10, rng) <= int(gd["detonation"][nation])
            a, b = _split(gd["shell"][size])
            return (a if burst else b), b, burst
        a, b = _split(gd["shot"][size][band])
        # a shot through a fort's walls does its share of the figure, rounded up (fort_targets.shot_through, sotw34;
        # no key: the whole figure, the reading before it)
        share = int(self.ctx.tables.require("fort_targets").rows.get("shot_through", 1))
        return -(-a // share), b, False

    def deflected_figure(self, shell: bool, after: int) -> int:
        """A deflected hit on the fort's walls: a shot's figure after the slash; a shell's by
        fort_targets.deflected_shell_sdp (play 43, sotw30: none; after, the reading before, which the tool had left
        out: it did nothing for a deflected shell where the pack's fort took 1 or 2)."""
        if not shell:
            return after
        rows = self.ctx.tables.require("fort_targets").rows
        return after if rows.get("deflected_shell_sdp", "after") == "after" else 0

    def mean_sdp(self, code: str, band: str, shell: bool, nation: str, armour: str) -> float:
        """Average SDP a hit does (pierced or not), to pick the ammunition."""
        rng = random.Random(1)
        total = 0.0
        for _ in range(400):
            through, after, _ = self.figures(code, band, shell, nation, rng)
            total += through if self.pierces(code, armour, band, shell, rng) else self.deflected_figure(shell, after)
        return total / 400

    # ---- Fort Morgan under the Union's fire
    def play_fort(self, rng: random.Random, turns: int = max(TURNS)) -> list[tuple[int, int]]:
        """Fort Morgan's (SDP, guns lost) after each turn 1..turns."""
        tables = self.ctx.tables
        ft = tables.require("fort_targets").rows
        crits = ft["criticals"]
        embrasure_sdp = ft.get("embrasure_sdp", "pierced")  # no key: the reading before sotw31
        fire = tables.require("fire_test").rows
        armour = self.fort.armour.walls
        sdp = self.fort.structural_damage_points
        lost = 0
        gone: set[tuple[str, int, int]] = set()  # guns jammed or burst (no repairs in this tool)
        fire_state = None  # None, "on", "new", "out"
        out = []
        self.why = why = {}
        ammo_cache = self.__dict__.setdefault("_ammo", {})
        for turn in range(1, turns + 1):
            markers = 0
            for ship in self.ships:
                xy = ship.at(turn)
                if xy is None:
                    continue
                dist, bearing = self.range_to(ship, xy, self.fort_xy)
                nation = ship.stats.nation
                for gi, g in enumerate(ship.stats.guns):
                    if not D.bears(g.arcs, bearing):
                        continue
                    band = D._band_at(g.ranges_cm, dist)
                    if band is None:
                        continue
                    key = (g.code, band, nation)
                    if key not in ammo_cache:  # a howitzer fires shell (Table 16 has no shot row for it)
                        ammo_cache[key] = (D.parse_code(g.code)[1] == "howitzer" or self.ammo == "shell"
                                           or self.ammo == "best" and self.mean_sdp(g.code, band, True, nation, armour)
                                           > self.mean_sdp(g.code, band, False, nation, armour))
                    shell = ammo_cache[key]
                    n = self.to_hit(band, "F", bool(ft.get("immobile")), turn)
                    for k in range(g.count):
                        if (ship.uid, gi, k) in gone:
                            continue
                        res = self.roll_to_hit(n, rng)
                        if res == "misfire":
                            if self.misfire(nation, rng) != "none":
                                gone.add((ship.uid, gi, k))
                            continue
                        if res != "hit":
                            continue
                        through, after, _ = self.figures(g.code, band, shell, nation, rng)
                        pierced = self.pierces(g.code, armour, band, shell, rng)
                        done = through if pierced else self.deflected_figure(shell, after)
                        why["pierced" if pierced else "deflected"] = why.get("pierced" if pierced else "deflected", 0) + done
                        if _d(10, rng) == 10:  # the location d10's 10: a fort critical on its d6
                            r = _d(6, rng)
                            row = next(c for c in crits if _in(r, c["roll"]))
                            hit = row["hit"].lower()
                            if hit == "embrasure":
                                lost += 1
                                if embrasure_sdp == "pierced":
                                    why["embrasure, beyond the hit's own"] = why.get("embrasure, beyond the hit's own", 0) + through - done
                                    done = through
                            elif not row.get("walls") or pierced:
                                if hit == "fire":
                                    markers += 1
                                elif hit == "magazine":
                                    m = _dice("2d6", rng)
                                    why["magazine 2d6"] = why.get("magazine 2d6", 0) + m
                                    done += m
                                    markers += 1
                        sdp -= done
            # phase 6, the fire test: markers first, then the fire
            caught = sum(1 for _ in range(markers) if _d(10, rng) <= int(fire["catches_on"]))
            burns_now = fire_state in ("on", "out")
            if caught:
                if fire_state in ("on", "out"):
                    fire_state = "out"
                elif fire_state is None:
                    fire_state = "new"
            if burns_now:
                if fire_state == "on":
                    sdp -= int(fire["on_fire"]["damage"])
                    r = _d(10, rng)
                    if r <= int(fire["on_fire"]["out_on"]):
                        fire_state = None
                    elif r >= int(fire["on_fire"]["spreads_on"]):
                        fire_state = "out"
                elif fire_state == "out":
                    sdp -= _dice(fire["out_of_control"]["damage"], rng)
                    r = _d(10, rng)
                    if r <= int(fire["out_of_control"]["out_on"]):
                        fire_state = None
                    elif r >= int(fire["out_of_control"]["magazine_on"]):
                        sdp -= _dice("2d6", rng)
            elif fire_state == "new":
                fire_state = "on"
            out.append((max(sdp, 0), lost))
        return out

    # ---- a sloop under the fort's fire
    def play_sloop(self, uid: str, rng: random.Random, turns: int = max(TURNS)) -> list[tuple[int, int]]:
        """Her (HDP left, hits taken) after each turn, the fort's share and the water battery's at her alone."""
        ship = next(s for s in self.ships if s.uid == uid)
        ft = self.ctx.tables.require("fort_targets").rows
        share = ft.get("at_one_ship") or {}
        driven = self.ctx.tables.require("gunners_driven_off").rows
        hdp = ship.stats.hull_damage_points
        hits = 0
        out = []
        gd = self.ctx.tables.require("gun_damage").rows
        order = ["PB", "S", "M", "L", "E"]  # "M or nearer": the bands up to the named one
        named = str(driven.get("within") or "E").split()[0]
        close_bands = order[:order.index(named) + 1] if named in order else order
        close_before: set = set()  # the forts she was within S of last turn (gunners_driven_off.within)
        for turn in range(1, turns + 1):
            xy = ship.at(turn)
            close_now: set = set()
            if xy is not None:
                for stats, mark, start in ((self.fort, self.fort_xy, self.fort_start),
                                           (self.battery_stats, self.battery_xy, self.battery_start)):
                    dist, b_ship = self.range_to(ship, xy, mark)
                    compass = math.degrees(math.atan2(xy[0] - mark[0], xy[1] - mark[1])) % 360
                    face = next((a for a in start.arcs if D.bears([[a.from_, a.to]], compass)), None) if start.arcs else None
                    if any(D.bears(g.arcs, b_ship) and D._band_at(g.ranges_cm, dist) in close_bands
                           for g in ship.stats.guns):
                        close_now.add(mark)
                    if face is None:
                        continue
                    near = mark in close_before or not driven.get("within")
                    cap = max(int(share.get("least", 1)), math.ceil(face.count / int(share.get("share", 1))))
                    # the face's best guns (by their shell figure), as many as the cap, by the guns of that face
                    pool = []
                    for g in stats.guns:
                        n_face = sum(c for name, c in (face.battery or {}).items() if self.library.find_ordnance(name).name == g.gun) \
                            if face.battery else g.count
                        pool += [g] * n_face
                    pool.sort(key=lambda g: -_split(gd["shell"][D.parse_code(g.code)[0]])[0])
                    for g in pool[:cap]:
                        band = D._band_at(g.ranges_cm, dist)
                        if band is None:
                            continue
                        extra = int(driven.get("to_hit", 0)) if (turn > 1 and driven.get("play", True) and near) else 0
                        n = self.to_hit(band, ship.stats.target_size.broadside, False, turn, extra)
                        if self.roll_to_hit(n, rng) != "hit":
                            continue
                        through, _, _ = self.figures(g.code, band, True, stats.nation, rng)
                        hits += 1
                        hdp -= through  # a wooden sloop: every location U ("*", no roll)
            close_before = close_now
            out.append((hdp, hits))
        return out


def _in(roll: int, spec: str) -> bool:
    lo, _, hi = str(spec).partition("-")
    return int(lo) <= roll <= int(hi or lo)


def fort_summary(game: Game, games: int = 400, seed: int = 31) -> dict[int, dict]:
    """By turn: Fort Morgan's median SDP, its 10th and 90th percentiles, the share of games silenced, guns lost."""
    rng = random.Random(seed)
    runs = [game.play_fort(rng) for _ in range(games)]
    out = {}
    for t in TURNS:
        sdp = sorted(r[t - 1][0] for r in runs)
        lost = [r[t - 1][1] for r in runs]
        out[t] = {"median": statistics.median(sdp), "p10": sdp[len(sdp) // 10], "p90": sdp[(9 * len(sdp)) // 10],
                  "silenced": sum(1 for s in sdp if s <= 0) / games, "guns_lost": statistics.mean(lost)}
    return out


def sloop_summary(game: Game, uid: str, games: int = 400, seed: int = 31) -> dict[int, dict]:
    rng = random.Random(seed)
    runs = [game.play_sloop(uid, rng) for _ in range(games)]
    out = {}
    for t in TURNS:
        hdp = sorted(r[t - 1][0] for r in runs)
        out[t] = {"median": statistics.median(hdp), "at_zero": sum(1 for h in hdp if h <= 0) / games,
                  "hits": statistics.mean(r[t - 1][1] for r in runs)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--house", type=Path, help="a house-rules file")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--ammo", choices=("best", "shell", "shot"), default="best",
                   help="the Union's ammunition at the fort: the most SDP a hit (default), shell (as on the day), shot")
    p.add_argument("--sloops", action="store_true", help="Brooklyn and Hartford under the fort's fire")
    a = p.parse_args(argv)
    game = Game(Library.load(), a.house, a.ammo)
    if a.sloops:
        for uid in ("uss-brooklyn", "uss-hartford"):
            ship = next(s for s in game.ships if s.uid == uid)
            print(f"{uid} ({ship.stats.hull_damage_points} HDP), the fort's share and the water battery's at her alone:")
            for t, r in sloop_summary(game, uid, a.games, a.seed).items():
                print(f"  turn {t}: median HDP {r['median']:.0f}, at 0 in {r['at_zero']:.0%}, hits {r['hits']:.1f}")
        return 0
    print(f"Fort Morgan ({game.fort.structural_damage_points} SDP), {a.games} games:")
    for t, r in fort_summary(game, a.games, a.seed).items():
        print(f"  turn {t}: median SDP {r['median']:.0f} (10-90 %: {r['p10']}-{r['p90']}), silenced in {r['silenced']:.0%}, "
              f"guns lost {r['guns_lost']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
