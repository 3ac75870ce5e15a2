"""Smoke on the Water turning templates and gauges: true-scale geometry, drawn as code on declared true-scale
pages (the calibration bar goes on these pages and no others)."""

from __future__ import annotations

import math

from ...render.text import number as num
from ...spec.errors import ShipyardError
from ..base import Context
from .derive import distance_factor, ground_scale
from .sheet import TITLE

TICK_LENGTHS_MM = (2.2, 4.0)  # distance marks on the turning templates: every cm, every 5 cm


def template_geometry(radius_cm: float, move_cm: float, factor: float, max_w: float, max_h: float) -> dict:
    """The documented geometry of one turning template, in mm on paper.

    The vessel follows the OUTER edge, an arc of radius R = radius_cm × 10 × factor. The strip is
    band mm wide. Ticks mark every 10 mm of arc length along the outer edge from 0 up to length mm,
    the move at this speed (× factor) or, when that will not fit the page, the longest whole number of
    centimetres that does (the template is then laid again from its last mark).
    """
    R = radius_cm * 10 * factor
    band = min(18.0, R * 0.45)
    move = move_cm * 10 * factor

    def size(length: float) -> tuple[float, float]:
        half = length / R / 2  # at most 90 degrees: the strip is never more than a half circle
        return 2 * R * math.sin(half), R - (R - band) * math.cos(half)

    length = move
    if size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi:
        length = 10.0 * int(move // 10)
        while length > 10 and (size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi):
            length -= 10.0
    w, h = size(length)
    return {"R": R, "band": band, "length_mm": length, "ticks": int(length // 10 + 1e-9) + 1,
            "theta_deg": math.degrees(length / R), "w": w, "h": h, "full_move": length >= move - 1e-6}


def _turning_template(page, cx: float, top: float, geo: dict, label: str, sub: str, scale: str = "") -> None:
    """Draw one strip: the outer arc (the vessel's path) of radius R centred at (cx, top + R)."""
    R, band, theta = geo["R"], geo["band"], math.radians(geo["theta_deg"])
    cy = top + R
    r_in = R - band
    a0 = 90 - math.degrees(theta) / 2  # degrees counter-clockwise from east
    ext = math.degrees(theta)
    page.arc(cx, cy, R, a0, ext, width=0.35)
    page.arc(cx, cy, r_in, a0, ext, width=0.35)
    for a in (a0, a0 + ext):
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        page.line(cx + r_in * ca, cy - r_in * sa, cx + R * ca, cy - R * sa, width=0.35)
    # distance marks: from the right-hand end (0) along the outer edge, every 10 mm of arc
    ticks, long_ticks = [], []
    for k in range(geo["ticks"]):
        a = math.radians(a0) + k * 10.0 / R
        ca, sa = math.cos(a), math.sin(a)
        if k % 5 == 0 and 0 < k < geo["ticks"] - 1:
            long_ticks.append((cx + R * ca, cy - R * sa, cx + r_in * ca, cy - r_in * sa))
        inner = R - (TICK_LENGTHS_MM[1] if k % 5 == 0 else TICK_LENGTHS_MM[0])
        ticks.append((cx + R * ca, cy - R * sa, cx + inner * ca, cy - inner * sa))
        lab_r = R - (6.2 if k % 5 == 0 else 4.6)
        page.text(cx + lab_r * ca, cy - lab_r * sa + 0.9, str(k), size=6.0 if k % 5 else 6.5,
                  weight="bold" if k % 5 == 0 else "regular", align="centre", family="condensed")
    page.lines(ticks, width=0.25)
    if long_ticks:
        page.lines(long_ticks, width=0.12, dash=(1, 1), colour=0.4)
    # label inside the band at its middle, horizontal, low enough to clear the numbered marks
    def room(depth_top: float) -> float:
        inner = R - 8.0  # the numbers sit within 7.5 mm of the outer edge
        return 2 * math.sqrt(max(inner * inner - (R - depth_top) ** 2, 1.0))

    def between_ends(depth: float) -> float:
        return 2 * (R - depth) * math.tan(min(theta / 2, math.radians(89))) - 4

    d1, d2 = band - 5.5, band - 1.8
    page.fit_text(cx, top + d1, label, min(room(d1 - 2.6) * 0.95, between_ends(d1), 80), size=7, min_size=5, weight="bold",
                  align="centre")
    sub_w = min(room(d2 - 2.0) * 0.95, between_ends(d2), 90)
    for s in (sub, sub.replace(f" at {scale}", "") if scale else sub):
        if page.text_width(s, 5.0, family="condensed") <= sub_w:
            break
    page.fit_text(cx, top + d2, s, sub_w, size=6.0, min_size=5.0, align="centre", family="condensed")


def _template_specs(ctx: Context, box) -> list[dict]:
    radii = ctx.tables.require("turning_radii")
    levels = {r["level"]: r for r in ctx.tables.require("speed_levels").rows}
    factor = distance_factor(ctx)
    scale = ground_scale(ctx)[1]
    specs = []
    for manoeuvre, by_speed in radii.rows.items():
        for speed, radius in by_speed.items():
            if speed not in levels:
                raise ShipyardError(f"table turning_radii ({radii.tag()}): {speed!r} is not a speed level")
            geo = template_geometry(float(radius), float(levels[speed]["move_cm"]), factor, box.w - 4, box.h * 0.45)
            more = "" if geo["full_move"] else " · lay again for longer turns"
            specs.append({"manoeuvrability": manoeuvre, "speed": speed, "radius_cm": radius, "geo": geo, "scale": scale,
                          "label": f"{manoeuvre} at {speed}",
                          "sub": f"radius {num(geo['R'] / 10)} cm at {scale} · marks every cm{more}"})
    return specs


def templates(doc, ctx: Context) -> None:
    """Turning templates for every manoeuvrability × speed at true scale, then the fire-arc and deviation gauges."""
    with doc.true_scale_pages():
        box = doc.content
        specs = _template_specs(ctx, box)
        page = None
        x = y = row_h = 0.0
        gap = 5.0
        for s in specs:
            geo = s["geo"]
            w, h = geo["w"] + 2, geo["h"] + 2
            if page is None or x + w > box.right + 1e-6:
                x = box.x
                y += row_h + gap
                row_h = 0.0
            if page is None or y + h > box.bottom:
                page = doc.new_page(bookmark=f"Turning templates from {s['label']}")
                y = box.y + 5
                x = box.x
                row_h = 0.0
                page.text(box.x, box.y + 3, f"{TITLE} turning templates ({ground_scale(ctx)[1]}):"
                          " cut along the solid outline; follow the outer edge; the numbers are cm along it",
                          size=6.5, weight="bold", family="condensed")
            _turning_template(page, x + w / 2, y + 1, geo, s["label"], s["sub"], s["scale"])
            x += w + gap
            row_h = max(row_h, h)
        _gauges(doc, ctx)


def _gauges(doc, ctx: Context) -> None:
    box = doc.content
    page = doc.new_page(bookmark="Fire-arc and deviation templates")
    arcs = ctx.tables.require("fire_arcs").rows
    # fire-arc gauge: a protractor around a base mark, 0 = dead ahead, clockwise
    r = min(62.0, box.w / 2 - 30, box.h / 4 - 14)
    cx, cy = box.x + box.w / 2, box.y + 19 + r  # the top cut marks start 13 mm above the circle: clear of the title
    page.text(box.x, box.y + 4, "Fire-arc template: put the centre on the gun's mark on the base, 0° along the keel towards the bow",
              size=7, weight="bold", family="condensed")
    page.circle(cx, cy, r, width=0.35)
    ticks = []
    for deg in range(0, 360, 5):
        a = math.radians(90 - deg)
        t = 5.0 if deg % 45 == 0 else (3.0 if deg % 15 == 0 else 1.8)
        ticks.append((cx + r * math.cos(a), cy - r * math.sin(a), cx + (r - t) * math.cos(a), cy - (r - t) * math.sin(a)))
    page.lines(ticks, width=0.2)
    for deg in range(0, 360, 15):
        a = math.radians(90 - deg)
        page.text(cx + (r - 8.5) * math.cos(a), cy - (r - 8.5) * math.sin(a) + 1, f"{deg}", size=6.0, align="centre", family="condensed")
    half = float(arcs["gunport_half_width"])
    edges = set()
    for pos, centre in arcs["gunport_side_centre"].items():
        edges.update({(centre - half) % 360, (centre + half) % 360, (360 - centre - half) % 360, (360 - centre + half) % 360})
    for key in ("restricted_pivot", "open_pivot"):
        for spans in arcs[key].values():
            for a0, a1 in spans:
                edges.update({a0 % 360, a1 % 360})
    rays = []
    for deg in sorted(edges):
        a = math.radians(90 - deg)
        # the bearing numbers are centred 8.5 mm inside the rim and reach 2 mm further in: rays stop short of them
        rays.append((cx + 3 * math.cos(a), cy - 3 * math.sin(a), cx + (r - 12) * math.cos(a), cy - (r - 12) * math.sin(a)))
    page.lines(rays, width=0.15, dash=(1.2, 1), colour=0.35)
    page.line(cx, cy - r + 12.5, cx, cy + r - 12.5, width=0.3)
    page.polygon([(cx, cy - r - 4), (cx - 3, cy - r + 1), (cx + 3, cy - r + 1)], fill=0.2)
    page.text(cx, cy - r - 5, "BOW", size=6.5, weight="bold", align="centre")
    page.circle(cx, cy, 1.2, fill=0)
    page.cut_marks(cx - r - 2, cy - r - 9, 2 * r + 4, 2 * r + 11)
    legend = [f"gunport, side ({p}): {num(c - half)}–{num(c + half)}°" for p, c in arcs["gunport_side_centre"].items()
              if p in ("forward", "midships", "aft")]
    deg = lambda a: num(a % 360)  # noqa: E731
    ends = arcs.get("gunport_end", {})
    legend.append("gunport at " + ", at ".join(f"{p}: {deg(a)}–{deg(b)}°" for p, (a, b) in ends.items()))
    pivot = arcs.get("restricted_pivot", {})
    types = ", ".join(arcs.get("restricted_pivot_types", []))
    legend.append(f"restricted pivot ({types}): " + ", ".join(
        f"{p} " + " + ".join(f"{deg(a)}–{deg(b)}°" for a, b in spans) for p, spans in pivot.items() if p in ("bow", "stern")))
    legend += ["dashed rays: every arc edge in the tables", "port side: mirror the starboard bearings (360 − x)"]
    ly = cy + r + 5
    for line in legend:
        page.text(box.x, ly, line, size=6.5, family="condensed")
        ly += 3.2

    # deviation template: d10 directions, 6 toward the firer
    dev = ctx.tables.require("deviation").rows
    r2 = min(40.0, (box.bottom - ly - 24) / 2)
    cx2, cy2 = box.x + box.w / 2, ly + 15 + r2
    page.text(box.x, ly + 3, "Indirect-fire deviation template: centre on the target, 6 towards the firer; distance by range "
              + ", ".join(f"{k} {v}" for k, v in dev["distance"].items()) + " cm", size=7, weight="bold", family="condensed")
    page.circle(cx2, cy2, r2, width=0.35)
    numbers = dev["template"]["clockwise_from_far_side"]
    n = len(numbers)
    step = 360 / n
    spokes = []
    for k in range(n):
        edge = math.radians(90 - (k * step - step / 2))
        spokes.append((cx2 + 2 * math.cos(edge), cy2 - 2 * math.sin(edge), cx2 + r2 * math.cos(edge), cy2 - r2 * math.sin(edge)))
        mid = math.radians(90 - k * step)
        page.text(cx2 + r2 * 0.72 * math.cos(mid), cy2 - r2 * 0.72 * math.sin(mid) + 1.6, str(numbers[k]), size=11,
                  weight="bold", align="centre")
    page.lines(spokes, width=0.2)
    page.text(cx2, cy2 - r2 - 2, "over (away from the firer)", size=6, align="centre", family="condensed")
    page.text(cx2, cy2 + r2 + 4, "short: towards the firer", size=6, align="centre", family="condensed")
    page.cut_marks(cx2 - r2 - 2, cy2 - r2 - 2, 2 * r2 + 4, 2 * r2 + 4)
