"""The web editor's preview update: one edit checked, derived in all four rule sets, its record sheet rendered and
page 1 rasterised — the round trip the browser waits for after each keystroke. Goal: median of 20 edits ≤ 300 ms.

    python benchmarks/bench_preview.py [--edits 20] [--rules saunders]

Prints the median and the 90th percentile of whole requests (through the ASGI app, as the browser would see them
less the network), then the median of each step for one edit.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
warnings.filterwarnings("ignore")


def _form(client) -> list[tuple[str, str]]:
    import html
    import re

    page = client.get("/new", params={"like": "uss-metacomet"}).text
    out = [(n, html.unescape(v)) for n, v in re.findall(r'<input name="([^"]+)" id="[^"]*" value="([^"]*)"', page)]
    for n, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        m = re.search(r'<option value="([^"]*)" selected', body)
        out.append((n, html.unescape(m.group(1)) if m else ""))
    out += [(n, html.unescape(b)) for n, b in re.findall(r'<textarea name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S)]
    return [(n, {"id": "uss-mattabesett", "name": "USS Mattabesett"}.get(n, v)) for n, v in out if n != "_rules"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--rules", default="saunders")
    args = ap.parse_args()

    from starlette.testclient import TestClient

    from shipyard.web.server import create_app
    from shipyard.web.service import rasterise

    tmp = Path(tempfile.mkdtemp(prefix="shipyard-bench-"))
    client = TestClient(create_app(tmp / "ships"))
    form = _form(client) + [("_rules", args.rules)]
    headers = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://testserver"}
    for warm in range(3):  # fonts, the library and the templates warm, as in a running server
        client.post("/editor/check", content=urlencode(form), headers=headers)
    times = []
    for i in range(args.edits):
        speed = f"{8 + (i % 10) * 0.5:g}"
        body = urlencode([(n, speed if n == "speed_kn" else v) for n, v in form])
        t = time.perf_counter()
        r = client.post("/editor/check", content=body, headers=headers)
        times.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200 and 'id="editor-preview"' in r.text, r.text[:500]
    times.sort()
    print(f"preview update: median {statistics.median(times):.0f} ms, p90 {times[int(len(times) * 0.9) - 1]:.0f} ms "
          f"over {args.edits} edits (goal ≤ 300 ms)")

    shop = client.app.app.state.shop if hasattr(client.app, "app") else None
    if shop is not None:
        from shipyard.web.forms import data_from_form
        from shipyard.library.model import Vessel
        import yaml

        text = yaml.safe_dump(data_from_form(Vessel, form), sort_keys=False)
        steps = {"check": [], "derive (4 rule sets)": [], "render sheet": [], "rasterise page 1": []}
        for _ in range(7):
            t0 = time.perf_counter()
            checked = shop.check_text(text, with_stats=False)
            t1 = time.perf_counter()
            shop.all_stats(checked.unit)
            t2 = time.perf_counter()
            pdf = shop.sheet_pdf(checked.unit, args.rules)
            t3 = time.perf_counter()
            rasterise(pdf, 1, 60)
            t4 = time.perf_counter()
            for key, a, b in zip(steps, (t0, t1, t2, t3), (t1, t2, t3, t4)):
                steps[key].append((b - a) * 1000)
        print("steps (median ms): " + ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in steps.items()))


if __name__ == "__main__":
    main()
