"""Pack time and peak memory for a synthetic fleet of N vessels: is a pack linear in its size?

    python benchmarks/bench_scaling.py                       # N = 100 and 1000, all four rule sets
    python benchmarks/bench_scaling.py --sizes 100 1000 --rules quick-play
    python benchmarks/bench_scaling.py --sizes 5 --rules quick-play          # a quick smoke run

For each N a temp library folder gets N valid vessel files made by varying the real library's vessels
(new ids and names; length, beam, draught, tonnage, speed and armour jittered; guns swapped for other
catalogue guns of the same kind and counts changed; refits dropped) and a scenario with them split over
two sides (Union / Confederate by the source vessel's navy, divisions of ten). Each size then runs in a
fresh subprocess (so peak RSS is its own): Library.load(bundled + temp folder), then build_pack for each
rule set. Reported: load and pack seconds, milliseconds per vessel, pages, peak RSS (ru_maxrss).

Goals (issue 7): per-vessel time at 1000 within 25 % of that at 100; peak memory under 400 MB.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

# libyaml's parser where PyYAML was built with it (the same data as the pure-Python one, some ten times faster): the
# library's ~170 files are read to vary them, once per run (the sizes share them)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache  # read-only: vary() copies each vessel it varies
def _source_vessels() -> list[dict]:
    from shipyard.paths import library_dir

    out = []
    for p in sorted(library_dir().rglob("*.yaml")):
        if p.name == "ordnance.yaml" or "scenarios" in p.parts:
            continue
        data = yaml.load(p.read_text(encoding="utf-8"), Loader=_LOADER)
        if isinstance(data, dict) and data.get("kind", "vessel") == "vessel":
            out.append(data)
    return out


@functools.cache  # read-only
def _catalogue() -> dict[str, list[str]]:
    from shipyard.paths import library_dir

    by_kind: dict[str, list[str]] = {}
    for gun in yaml.load((library_dir() / "ordnance.yaml").read_text(encoding="utf-8"), Loader=_LOADER)["ordnance"]:
        by_kind.setdefault(gun["kind"], []).append(gun["id"])
    return by_kind


def _kind_of(catalogue: dict[str, list[str]]) -> dict[str, str]:
    return {gid: kind for kind, ids in catalogue.items() for gid in ids}


def vary(src: dict, i: int, rng: random.Random, catalogue: dict[str, list[str]], kind_of: dict[str, str]) -> dict:
    """A new, valid vessel from a real one: new id/name, jittered dimensions, armour and guns."""
    v = json.loads(json.dumps(src))  # deep copy
    v["id"] = f"syn-{i:05d}-{src['id']}"[:80]
    v["name"] = f"{src['name']} {i}"[:80]
    v.pop("refits", None)
    v.pop("fate", None)

    def jit(x: float, lo: float, hi: float, spread: float = 0.1) -> float:
        return round(min(hi, max(lo, x * rng.uniform(1 - spread, 1 + spread))), 2)

    v["length_ft"] = jit(v["length_ft"], 20, 600)
    v["beam_ft"] = min(jit(v["beam_ft"], 5, 600), round(v["length_ft"] * 0.9, 2))
    v["draught_ft"] = min(jit(v["draught_ft"], 1, 40), round(v["beam_ft"] * 1.4, 2))
    for key in ("displacement_tons", "burthen_tons"):
        if v.get(key):
            v[key] = jit(v[key], 10, 20000)
    v["speed_kn"] = round(min(30.0, max(1.0, v["speed_kn"] + rng.uniform(-1.5, 1.5))), 1)
    if v.get("designed_speed_kn"):
        v["designed_speed_kn"] = round(min(30.0, max(1.0, v["designed_speed_kn"] + rng.uniform(-1.5, 1.5))), 1)
    for a in v.get("armour", []):
        a["thickness_in"] = jit(a["thickness_in"], 0, 30, 0.25)
        if a.get("backing_in"):
            a["backing_in"] = jit(a["backing_in"], 0, 60, 0.25)
    for m in v.get("armament", []):
        kind = kind_of.get(m["gun"])
        if kind and rng.random() < 0.5:
            m["gun"] = rng.choice(catalogue[kind])
        m["count"] = max(1, m["count"] + rng.choice((-1, 0, 0, 1)))
    return v


def make_fleet(folder: Path, n: int, seed: int = 1864) -> str:
    """Write n vessel files and a scenario into folder; returns the scenario's file path."""
    rng = random.Random(seed)
    sources = _source_vessels()
    catalogue = _catalogue()
    kind_of = _kind_of(catalogue)
    sides: dict[str, list[dict]] = {"Union": [], "Confederate": []}
    (folder / "synthetic").mkdir(parents=True, exist_ok=True)
    for i in range(n):
        v = vary(sources[i % len(sources)], i, rng, catalogue, kind_of)
        (folder / "synthetic" / f"{v['id']}.yaml").write_text(yaml.safe_dump(v, sort_keys=False, allow_unicode=True), encoding="utf-8")
        side = "Confederate" if v["navy"] in ("CSN", "CS Army") else "Union"
        sides[side].append(v["id"])
    scenario_id = f"synthetic-{n}"
    scenario = {
        "id": scenario_id,
        "name": f"Synthetic fleet of {n}",
        "date": "1864-08-05",
        "place": "Nowhere in particular",
        "sides": [
            {"name": name, "navy": "CSN" if name == "Confederate" else "USN", "commander": f"Commodore {name}",
             "units": [{"id": uid, "division": f"Division {k // 10 + 1}"} for k, uid in enumerate(ids)]}
            for name, ids in sides.items() if ids
        ],
        "notes": "Generated by benchmarks/bench_scaling.py.",
    }
    if len(scenario["sides"]) < 2:  # tiny fleets of one navy: two squadrons of it (a side of the other navy, or
        first = scenario["sides"][0]  # a second side of the same name, is refused)
        half = max(1, len(first["units"]) // 2)
        scenario["sides"] = [dict(first, units=first["units"][:half]),
                             dict(first, name=f"{first['name']} (second squadron)", units=first["units"][half:] or first["units"][:1])]
        if scenario["sides"][1]["units"] == scenario["sides"][0]["units"]:
            scenario["sides"][0]["units"] = first["units"]  # n == 1 cannot be split; one unit on both sides is refused
            raise SystemExit("need at least 2 vessels")
    path = folder / "scenarios" / f"{scenario_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return str(path)


def child(folder: str, scenario: str, out: str, rules: list[str] | None) -> None:
    """One measured run, in its own process: load, pack, print one JSON line."""
    t0 = time.perf_counter()
    from shipyard.pack import PackOptions, build_pack
    from shipyard.rules import all_rulesets, get_ruleset
    from shipyard.library.library import Library

    rulesets = [get_ruleset(r) for r in rules] if rules else list(all_rulesets())
    imports = time.perf_counter() - t0
    t, cpu0 = time.perf_counter(), time.process_time()
    lib = Library.load([folder])
    scen = lib.scenario(Path(scenario).stem)
    load_s = time.perf_counter() - t
    options = PackOptions(rules=[rs.key for rs in rulesets], output_dir=Path(out))
    per_rules = {}
    pages = 0
    t = time.perf_counter()
    for rs in rulesets:
        t1 = time.perf_counter()
        b = build_pack(lib, scen, rs, options)
        per_rules[rs.key] = {"seconds": round(time.perf_counter() - t1, 3), "pages": b.pages}
        pages += b.pages
    pack_s = time.perf_counter() - t
    cpu_s = time.process_time() - cpu0  # load + pack CPU: the steadier figure on a shared machine
    units = sum(len(s.units) for s in scen.sides)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    print(json.dumps({"units": units, "imports": imports, "load": load_s, "pack": pack_s, "pages": pages, "cpu": cpu_s,
                      "per_rules": per_rules, "peak_rss_mb": rss_mb}))


def measure(n: int, rules: list[str] | None) -> dict:
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d) / "library"
        scenario = make_fleet(folder, n)
        cmd = [sys.executable, __file__, "--child", str(folder), scenario, str(Path(d) / "out")]
        for r in rules or []:
            cmd += ["--rules", r]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"N={n}: child failed:\n{proc.stderr}")
        return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--rules", action="append", help="only these rule sets (default: all four)")
    ap.add_argument("--child", nargs=3, metavar=("FOLDER", "SCENARIO", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(*args.child, args.rules)
        return
    print(f"synthetic fleets, rule sets: {', '.join(args.rules) if args.rules else 'all four'}; each size in a fresh process")
    results = {}
    for n in args.sizes:
        r = results[n] = measure(n, args.rules)
        total = r["load"] + r["pack"]
        per_rules = ", ".join(f"{k} {v['seconds']:.2f} s/{v['pages']} p" for k, v in r["per_rules"].items())
        print(f"N={n:5d}: load {r['load']:6.2f} s, pack {r['pack']:7.2f} s, {r['pages']:5d} pages, "
              f"{1000 * total / n:6.1f} ms/vessel (load+pack), {1000 * r['pack'] / n:6.1f} ms/vessel (pack), "
              f"cpu {1000 * r['cpu'] / n:6.1f} ms/vessel, peak RSS {r['peak_rss_mb']:.0f} MB  [{per_rules}]")
    if len(args.sizes) >= 2:
        a, b = args.sizes[0], args.sizes[-1]
        ra, rb = results[a], results[b]
        per_a = (ra["load"] + ra["pack"]) / a
        per_b = (rb["load"] + rb["pack"]) / b
        marginal = ((rb["load"] + rb["pack"]) - (ra["load"] + ra["pack"])) / (b - a)
        print(f"per-vessel time at {b} / at {a}: {per_b / per_a:.2f}  (goal: at most 1.25); "
              f"marginal {1000 * marginal:.1f} ms/vessel between them")
        print(f"per-vessel cpu at {b} / at {a}: {(rb['cpu'] / b) / (ra['cpu'] / a):.2f}  (goal: at most 1.25)")
        print(f"peak RSS at {b}: {rb['peak_rss_mb']:.0f} MB  (goal: under 400 MB)")


if __name__ == "__main__":
    main()
