"""A small vector chart for a Page: a scatter of labelled points in series, with axes, ticks, gridlines and a legend.

    from shipyard.render.chart import scatter
    scatter(page, x, y, w, h, points=[(7, 22, "Tecumseh", "Union"), (10, 20, "Gaines", "Confederate")],
            x_label="top speed (kn)", y_label="hull boxes",
            series_styles={"Union": {"marker": "circle", "filled": True, "colour": "#1f3f8f"}})

The chart knows paper, not games. Millimetres from the page's top-left like the rest of the layer. Every series
is told apart by its marker's shape and fill (so it reads in black and white); a colour, where given, is extra.
Points at the same place share one label ("A, B"); labels are placed clear of the markers, of each other and of
the legend where there is room, with a leader line when they have to stand off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

MARKERS = ("circle", "square", "triangle", "diamond")
DEFAULT_STYLES = ({"marker": "circle", "filled": True}, {"marker": "square", "filled": False},
                  {"marker": "triangle", "filled": True}, {"marker": "diamond", "filled": False})
MARKER_R = 1.3  # half the marker's width, mm
LABEL_SIZE = 5.5
LABEL_LEAD = 2.1  # mm between the baselines of a wrapped label
TICK_SIZE = 6.0
AXIS_SIZE = 6.5


@dataclass
class Plot:
    """Where the data lands: the plot area (mm) and the value ranges it spans. `at(xv, yv)` maps values to paper."""

    x: float
    y: float
    w: float
    h: float
    x_lo: float
    x_hi: float
    y_lo: float
    y_hi: float

    def at(self, xv: float, yv: float) -> tuple[float, float]:
        px = self.x + (xv - self.x_lo) / (self.x_hi - self.x_lo) * self.w
        py = self.y + self.h - (yv - self.y_lo) / (self.y_hi - self.y_lo) * self.h
        return px, py


def nice_ticks(lo: float, hi: float, most: int = 8) -> list[float]:
    """Round tick values covering lo..hi (1, 2, 5 × a power of ten), at most `most` + 1 of them."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / most
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step + 1e-9) * step
    ticks = []
    v = start
    while v < hi + step * 0.999:
        ticks.append(round(v, 10))
        if v >= hi - 1e-9:
            break
        v += step
    return ticks


def _fmt(v: float) -> str:
    return str(int(round(v))) if abs(v - round(v)) < 1e-9 else f"{v:g}"


def marker(page, cx: float, cy: float, kind: str, filled: bool, colour=None, r: float = MARKER_R, hollow_fill=1) -> None:
    """One marker centred on (cx, cy): its bounding box is centred there whatever the shape. A hollow marker is
    filled white (hollow_fill=1) or left see-through (None) where it sits on another."""
    fill = (colour if colour is not None else 0) if filled else hollow_fill
    if kind == "circle":
        page.circle(cx, cy, r, width=0.3, fill=fill, colour=colour)
    elif kind == "square":
        s = r * 0.9
        page.rect(cx - s, cy - s, 2 * s, 2 * s, width=0.3, fill=fill, colour=colour)
    elif kind == "triangle":
        page.polygon([(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)], width=0.3, fill=fill, colour=colour)
    elif kind == "diamond":
        page.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], width=0.3, fill=fill, colour=colour)
    else:
        raise ValueError(f"marker {kind!r}: expected one of {', '.join(MARKERS)}")


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def scatter(page, x: float, y: float, w: float, h: float, points: Sequence[tuple], x_label: str = "", y_label: str = "",
            series_styles: dict | None = None, *, title: str | None = None, x_ticks: Sequence[tuple] | None = None,
            y_ticks: Sequence[tuple] | None = None, from_zero: bool = True, legend: bool = True) -> Plot:
    """A scatter chart filling (x, y, w, h) mm. points: (x value, y value, label, series).

    series_styles: {series: {"marker": circle|square|triangle|diamond, "filled": bool, "colour": None or a colour}};
    series without a style take the next of DEFAULT_STYLES. x_ticks / y_ticks: [(value, label)] to name the ticks
    (a game's speed levels) instead of numbering them. Returns the Plot, whose at() says where a value landed.
    """
    styles: dict = {}
    order: list = []
    for p in points:
        if p[3] not in order:
            order.append(p[3])
    for name in (series_styles or {}):
        if name not in order:
            order.append(name)
    for i, name in enumerate(order):
        styles[name] = {**DEFAULT_STYLES[i % len(DEFAULT_STYLES)], **((series_styles or {}).get(name) or {})}

    top = y
    if title or (legend and order):
        if title:
            page.fit_text(x, y + 3.2, title, w * 0.6, size=7.5, weight="bold")
        top += 5.0
    xs = [float(p[0]) for p in points] + [float(v) for v, _ in (x_ticks or ())]
    ys = [float(p[1]) for p in points] + [float(v) for v, _ in (y_ticks or ())]
    x_lo, x_hi = (min(xs), max(xs)) if xs else (0.0, 1.0)
    y_lo, y_hi = (min(ys), max(ys)) if ys else (0.0, 1.0)
    if from_zero:
        x_lo, y_lo = min(0.0, x_lo), min(0.0, y_lo)
    xt = [(float(v), str(s)) for v, s in x_ticks] if x_ticks else [(v, _fmt(v)) for v in nice_ticks(x_lo, x_hi)]
    yt = [(float(v), str(s)) for v, s in y_ticks] if y_ticks else [(v, _fmt(v)) for v in nice_ticks(y_lo, y_hi, 6)]
    x_lo, x_hi = min([x_lo] + [v for v, _ in xt]), max([x_hi] + [v for v, _ in xt])
    y_lo, y_hi = min([y_lo] + [v for v, _ in yt]), max([y_hi] + [v for v, _ in yt])
    if x_hi <= x_lo:
        x_hi = x_lo + 1
    if y_hi <= y_lo:
        y_hi = y_lo + 1

    tick_w = max([page.text_width(s, TICK_SIZE, family="condensed") for _, s in yt] or [3.0])
    left = tick_w + 1.6 + (4.0 if y_label else 0.0)
    bottom = 4.0 + (4.2 if x_label else 0.0)
    pad = MARKER_R + 2.0  # room so a marker on the last tick is not cut by the frame
    plot = Plot(x + left + pad, top + pad, w - left - 2 * pad, h - (top - y) - bottom - 2 * pad, x_lo, x_hi, y_lo, y_hi)
    frame = (x + left, top, x + w, top + plot.h + 2 * pad)

    # grid, frame, ticks
    grid, ticks = [], []
    for v, s in xt:
        px, _ = plot.at(v, y_lo)
        grid.append((px, frame[1], px, frame[3]))
        ticks.append((px, frame[3], px, frame[3] + 1.0))
        half = page.text_width(s, TICK_SIZE, family="condensed") / 2
        tx = min(max(px, frame[0] - 1.0 + half), x + w - half)  # an end label stays on the chart
        page.text(tx, frame[3] + 3.4, s, size=TICK_SIZE, family="condensed", align="centre")
    for v, s in yt:
        _, py = plot.at(x_lo, v)
        grid.append((frame[0], py, frame[2], py))
        ticks.append((frame[0] - 1.0, py, frame[0], py))
        page.text(frame[0] - 1.4, py + 0.8, s, size=TICK_SIZE, family="condensed", align="right")
    page.lines(grid, width=0.12, colour=0.82)
    page.rect(frame[0], frame[1], frame[2] - frame[0], frame[3] - frame[1], width=0.3)
    page.lines(ticks, width=0.25)
    if x_label:
        page.text((frame[0] + frame[2]) / 2, frame[3] + 7.6, x_label, size=AXIS_SIZE, weight="bold", family="condensed",
                  align="centre")
    if y_label:
        page.text(x + 2.2, (frame[1] + frame[3]) / 2, y_label, size=AXIS_SIZE, weight="bold", family="condensed",
                  align="centre", rotate=90)

    obstacles: list[tuple[float, float, float, float]] = []
    # legend: in the title row, right-aligned, clear of the data
    if legend and order:
        lx = x + w
        for name in reversed(order):
            st = styles[name]
            lx -= page.text_width(str(name), 6.5, "bold", "condensed")
            page.text(lx, y + 3.2, str(name), size=6.5, weight="bold", family="condensed", colour=st.get("colour"))
            lx -= 2.4
            marker(page, lx, y + 2.3, st["marker"], st["filled"], st.get("colour"), r=1.1)
            lx -= 5.0

    # markers: filled ones first, so a hollow marker at the same spot stays visible over them
    spots: dict[tuple, list] = {}
    for xv, yv, label, series in points:
        px, py = plot.at(float(xv), float(yv))
        spots.setdefault((round(px, 2), round(py, 2)), []).append((px, py, str(label), series))
    for (px, py), members in spots.items():
        kinds = {m[3] for m in members}
        for series in sorted(kinds, key=lambda s: not styles[s]["filled"]):
            st = styles[series]
            see_through = len(kinds) > 1 and not st["filled"]
            marker(page, px, py, st["marker"], st["filled"], st.get("colour"), hollow_fill=None if see_through else 1)
        obstacles.append((px - MARKER_R, py - MARKER_R, px + MARKER_R, py + MARKER_R))

    # labels, one per series at each spot ("A, B" where points coincide); the most crowded are placed first
    groups: dict[tuple, list] = {}
    for spot, members in spots.items():
        for m in members:
            groups.setdefault((spot, m[3]), []).append(m)
    inner = (frame[0] + 0.3, frame[1] + 0.3, frame[2] - 0.3, frame[3] - 0.3)
    for ((px, py), series), members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0][0])):
        text = ", ".join(m[2] for m in members)
        colour = styles[series].get("colour")
        lines = page.wrap_lines(text, min(50.0, (inner[2] - inner[0]) * 0.45), size=LABEL_SIZE, family="condensed")
        tw = max(page.text_width(s, LABEL_SIZE, family="condensed") for s in lines)
        th = LABEL_LEAD * (len(lines) - 1) + 2.0
        spot = _place(px, py, tw, th, inner, obstacles)
        lx, ly, leader = spot
        box = (lx - 0.3, ly - 0.3, lx + tw + 0.3, ly + th + 0.3)
        obstacles.append(box)
        if leader:
            ax = min(max(px, lx), lx + tw)
            ay = min(max(py, ly), ly + th)
            page.line(px, py, ax, ay, width=0.12, colour=0.45)
        base = ly + 1.55
        for s in lines:
            page.text(lx, base, s, size=LABEL_SIZE, family="condensed", colour=colour)
            base += LABEL_LEAD
    return plot


def _place(px: float, py: float, tw: float, th: float, inner, obstacles) -> tuple[float, float, bool]:
    """Top-left of a tw × th label near (px, py) clear of every obstacle and inside `inner`; (x, y, leader?)."""
    g = MARKER_R + 0.7
    near = [(px + g, py - th / 2), (px - g - tw, py - th / 2), (px - tw / 2, py - g - th), (px - tw / 2, py + g),
            (px + g, py - g - th + 0.6), (px + g, py + g - 0.6), (px - g - tw, py - g - th + 0.6), (px - g - tw, py + g - 0.6)]
    candidates = [(cx, cy, False) for cx, cy in near]
    for dist in (4.0, 6.5, 9.0, 12.0, 16.0):
        for k in range(16):
            a = math.radians(k * 22.5)
            cx = px + dist * math.cos(a) - (0 if math.cos(a) > 0.3 else (tw if math.cos(a) < -0.3 else tw / 2))
            cy = py - dist * math.sin(a) - th / 2
            candidates.append((cx, cy, True))

    def inside(cx, cy):
        return cx >= inner[0] and cy >= inner[1] and cx + tw <= inner[2] and cy + th <= inner[3]

    for cx, cy, leader in candidates:
        box = (cx - 0.3, cy - 0.3, cx + tw + 0.3, cy + th + 0.3)
        if inside(cx, cy) and not any(_overlaps(box, o) for o in obstacles):
            return cx, cy, leader
    # nowhere free: the right of the point, kept on the chart
    cx = min(max(px + g, inner[0]), inner[2] - tw)
    cy = min(max(py - th / 2, inner[1]), inner[3] - th)
    return cx, cy, False
