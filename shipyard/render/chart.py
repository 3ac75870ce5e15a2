"""A small vector chart for a Page: a scatter of labelled points in series, with axes, ticks, gridlines and a legend.

    from shipyard.render.chart import scatter
    scatter(page, x, y, w, h, points=[(7, 22, "Tecumseh", "Union"), (10, 20, "Gaines", "Confederate")],
            x_label="top speed (kn)", y_label="hull boxes",
            series_styles={"Union": {"marker": "circle", "filled": True, "colour": "#1f3f8f"}})

The chart knows paper, not games. Millimetres from the page's top-left like the rest of the layer. Every series
is told apart by its marker's shape and fill (so it reads in black and white); a colour, where given, is extra.
Points of a series at the same place share one marker and one label ("A, B"). Nothing hides anything: a marker
that would cover another is set beside it (a short tick from where its values put it), and labels are placed
clear of every marker and of each other, with a leader line when they have to stand off. Where that cannot be
done, `layout(...).crowded` says what did not fit, so that a caller can print a table instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from . import fonts as _fonts
from .paper import MM
from .text import wrap_lines

MARKERS = ("circle", "square", "triangle", "diamond")
DEFAULT_STYLES = ({"marker": "circle", "filled": True}, {"marker": "square", "filled": False},
                  {"marker": "triangle", "filled": True}, {"marker": "diamond", "filled": False})
MARKER_R = 1.3  # half the marker's width, mm
LABEL_SIZE = 6.0
LABEL_LEAD = 2.4  # mm between the baselines of a wrapped label (6 pt type)
TICK_SIZE = 6.0
AXIS_SIZE = 6.5
MARKER_CLEAR = 0.2  # mm kept between two markers
DODGE = 2 * MARKER_R + MARKER_CLEAR  # a marker set beside another moves this far (mm) ...
DODGE_STEPS = 3  # ... at most this many times, either way
DODGE_MAX = DODGE * DODGE_STEPS
LABEL_ROUNDS = 4  # tries at placing every label, those that found no place going first the next time


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


def _overlaps(a, b, clear: float = 0.0) -> bool:
    return a[0] < b[2] + clear and b[0] < a[2] + clear and a[1] < b[3] + clear and b[1] < a[3] + clear


def _width(s: str, size: float, weight: str = "regular", family: str = "condensed") -> float:
    return _fonts.string_width_pt(_fonts.normalise(str(s)), _fonts.font_name(family, weight), size) / MM


@dataclass
class Marker:
    """One drawn marker: where its values put it (px, py) and where it is drawn (cx, cy): set beside its
    neighbour, never on it, where two would cover each other."""

    px: float
    py: float
    cx: float
    cy: float
    series: str
    kind: str
    filled: bool
    colour: object = None

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.cx - MARKER_R, self.cy - MARKER_R, self.cx + MARKER_R, self.cy + MARKER_R)


@dataclass
class Label:
    """One label: the names at a marker, its lines, its box (mm) and the leader line to the marker, if any."""

    text: str
    lines: list
    box: tuple[float, float, float, float]
    colour: object = None
    leader: tuple[float, float, float, float] | None = None
    at: tuple[float, float] = (0.0, 0.0)  # the centre of its marker


@dataclass
class Chart:
    """A scatter chart laid out but not drawn: every mark's place in mm. `crowded` names what could not be
    placed clear of the rest (a marker with no free place beside its spot, a label with no free place near its
    marker): a caller that must hide nothing prints a table instead."""

    plot: Plot
    frame: tuple[float, float, float, float]
    title: str | None
    title_at: tuple[float, float, float]
    legend: list  # (x, y, name, style)
    grid: list
    ticks: list
    tick_texts: list  # (x, y, text, align)
    axis_texts: list  # (x, y, text, rotate)
    markers: list[Marker]
    labels: list[Label]
    crowded: list[str]


def layout(x: float, y: float, w: float, h: float, points: Sequence[tuple], x_label: str = "", y_label: str = "",
           series_styles: dict | None = None, *, title: str | None = None, x_ticks: Sequence[tuple] | None = None,
           y_ticks: Sequence[tuple] | None = None, from_zero: bool = True, legend: bool = True) -> Chart:
    """Where every mark of a scatter chart filling (x, y, w, h) mm goes (see `scatter`); needs no page."""
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

    tick_w = max([_width(s, TICK_SIZE) for _, s in yt] or [3.0])
    left = tick_w + 1.6 + (4.0 if y_label else 0.0)
    bottom = 4.0 + (4.2 if x_label else 0.0)
    pad = MARKER_R + 2.0  # room so a marker on the last tick is not cut by the frame
    plot = Plot(x + left + pad, top + pad, w - left - 2 * pad, h - (top - y) - bottom - 2 * pad, x_lo, x_hi, y_lo, y_hi)
    frame = (x + left, top, x + w, top + plot.h + 2 * pad)

    grid, ticks, tick_texts, axis_texts = [], [], [], []
    for v, s in xt:
        px, _ = plot.at(v, y_lo)
        grid.append((px, frame[1], px, frame[3]))
        ticks.append((px, frame[3], px, frame[3] + 1.0))
        half = _width(s, TICK_SIZE) / 2
        tx = min(max(px, frame[0] - 1.0 + half), x + w - half)  # an end label stays on the chart
        tick_texts.append((tx, frame[3] + 3.4, s, "centre"))
    for v, s in yt:
        _, py = plot.at(x_lo, v)
        grid.append((frame[0], py, frame[2], py))
        ticks.append((frame[0] - 1.0, py, frame[0], py))
        tick_texts.append((frame[0] - 1.4, py + 0.8, s, "right"))
    if x_label:
        axis_texts.append(((frame[0] + frame[2]) / 2, frame[3] + 7.6, x_label, 0))
    if y_label:
        axis_texts.append((x + 2.2, (frame[1] + frame[3]) / 2, y_label, 90))

    legend_items = []
    if legend and order:  # in the title row, right-aligned, clear of the data
        lx = x + w
        for name in reversed(order):
            lx -= _width(str(name), 6.5, "bold")
            legend_items.append((lx, y + 3.2, str(name), styles[name]))
            lx -= 7.4

    crowded: list[str] = []
    inner = (frame[0] + 0.3, frame[1] + 0.3, frame[2] - 0.3, frame[3] - 0.3)
    # one marker per series at each spot (points of one series at the same place share it and its label); a
    # marker that would cover another is set beside it, alternately right and left, never further than DODGE_MAX
    groups: dict[tuple, list] = {}
    for xv, yv, label, series in points:
        px, py = plot.at(float(xv), float(yv))
        groups.setdefault((round(px, 2), round(py, 2), series), []).append((px, py, str(label)))
    markers: list[Marker] = []
    members_of: list[list] = []
    for (rx, ry, series), members in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1], order.index(kv[0][2]))):
        px, py = members[0][0], members[0][1]
        st = styles[series]
        for k in range(2 * DODGE_STEPS + 1):
            dx = DODGE * ((k + 1) // 2) * (1 if k % 2 else -1) if k else 0.0
            m = Marker(px, py, px + dx, py, series, st["marker"], st["filled"], st.get("colour"))
            inside = m.box[0] >= frame[0] and m.box[2] <= frame[2]
            if inside and not any(_overlaps(m.box, o.box, MARKER_CLEAR) for o in markers):
                break
        else:
            m = Marker(px, py, px, py, series, st["marker"], st["filled"], st.get("colour"))
            crowded.append(f"marker of {', '.join(n for _, _, n in members)}")
        markers.append(m)
        members_of.append(members)

    # labels: the most crowded spots placed first, clear of every marker and of each other; where one finds no
    # place, the labels are placed again with those that failed first (a few rounds)
    wrap = min(50.0, (inner[2] - inner[0]) * 0.45)
    texts = [", ".join(n for _, _, n in members) for members in members_of]
    order_ = sorted(range(len(markers)), key=lambda i: (-len(members_of[i]), markers[i].cx, markers[i].cy))
    for _ in range(LABEL_ROUNDS if not crowded else 1):  # a chart already crowded gets no second try
        labels, failed = _labels(markers, texts, order_, wrap, inner, styles)
        if not failed:
            break
        order_ = failed + [i for i in order_ if i not in failed]
    crowded.extend(f"label {texts[i]!r}" for i in failed)
    return Chart(plot, frame, title, (x, y + 3.2, w * 0.6), legend_items, grid, ticks, tick_texts, axis_texts,
                 markers, labels, crowded)


def _labels(markers: list, texts: list[str], order: list[int], wrap: float, inner, styles) -> tuple[list, list[int]]:
    """Each marker's label placed in `order`, clear of every marker and of the labels placed before it:
    (labels, the markers whose label found no free place and stands at its right regardless)."""
    obstacles: list[tuple[float, float, float, float]] = [m.box for m in markers]
    centres = [(m.cx, m.cy) for m in markers]
    labels: list[Label] = []
    failed: list[int] = []
    for i in order:
        m, text = markers[i], texts[i]
        lines = wrap_lines(text, wrap, size=LABEL_SIZE, family="condensed")
        tw = max(_width(s, LABEL_SIZE) for s in lines)
        th = LABEL_LEAD * (len(lines) - 1) + 2.0
        spot = _place(m.cx, m.cy, tw, th, inner, obstacles, centres)
        if spot is None:
            failed.append(i)
            g = MARKER_R + 0.7
            spot = (min(max(m.cx + g, inner[0]), inner[2] - tw), min(max(m.cy - th / 2, inner[1]), inner[3] - th), False)
        lx, ly, leader = spot
        box = (lx - 0.3, ly - 0.3, lx + tw + 0.3, ly + th + 0.3)
        obstacles.append(box)
        line = leader_line(m.cx, m.cy, lx, ly, tw, th) if leader else None
        labels.append(Label(text, lines, box, styles[m.series].get("colour"), line, (m.cx, m.cy)))
    return labels, failed


def draw(page, chart: Chart) -> None:
    """Draw a laid-out chart on a page."""
    frame = chart.frame
    if chart.title:
        tx, ty, tw = chart.title_at
        page.fit_text(tx, ty, chart.title, tw, size=7.5, weight="bold")
    for tx, ty, s, align in chart.tick_texts:
        page.text(tx, ty, s, size=TICK_SIZE, family="condensed", align=align)
    page.lines(chart.grid, width=0.12, colour=0.82)
    page.rect(frame[0], frame[1], frame[2] - frame[0], frame[3] - frame[1], width=0.3)
    page.lines(chart.ticks, width=0.25)
    for ax, ay, s, rotate in chart.axis_texts:
        page.text(ax, ay, s, size=AXIS_SIZE, weight="bold", family="condensed", align="centre", rotate=rotate)
    for lx, ly, name, st in chart.legend:
        page.text(lx, ly, name, size=6.5, weight="bold", family="condensed", colour=st.get("colour"))
        marker(page, lx - 2.4, ly - 0.9, st["marker"], st["filled"], st.get("colour"), r=1.1)
    for lab in chart.labels:
        if lab.leader:
            page.line(*lab.leader, width=0.12, colour=0.45)
    for m in chart.markers:
        if m.cx != m.px:  # set aside: a tick from where its values put it
            page.line(m.px, m.py, m.cx, m.cy, width=0.12, colour=0.45)
    for m in chart.markers:
        marker(page, m.cx, m.cy, m.kind, m.filled, m.colour)
    for lab in chart.labels:
        base = lab.box[1] + 0.3 + 1.55
        for s in lab.lines:
            page.text(lab.box[0] + 0.3, base, s, size=LABEL_SIZE, family="condensed", colour=lab.colour)
            base += LABEL_LEAD


def scatter(page, x: float, y: float, w: float, h: float, points: Sequence[tuple], x_label: str = "", y_label: str = "",
            series_styles: dict | None = None, *, title: str | None = None, x_ticks: Sequence[tuple] | None = None,
            y_ticks: Sequence[tuple] | None = None, from_zero: bool = True, legend: bool = True) -> Plot:
    """A scatter chart filling (x, y, w, h) mm. points: (x value, y value, label, series).

    series_styles: {series: {"marker": circle|square|triangle|diamond, "filled": bool, "colour": None or a colour}};
    series without a style take the next of DEFAULT_STYLES. x_ticks / y_ticks: [(value, label)] to name the ticks
    (a game's speed levels) instead of numbering them. Returns the Plot, whose at() says where a value landed.
    (`layout` gives every mark's place without drawing, and says whether the chart is too crowded to hide nothing.)
    """
    chart = layout(x, y, w, h, points, x_label, y_label, series_styles, title=title, x_ticks=x_ticks, y_ticks=y_ticks,
                   from_zero=from_zero, legend=legend)
    draw(page, chart)
    return chart.plot


def gap(box, cx: float, cy: float) -> float:
    """How far (mm) the point (cx, cy) lies from the box."""
    dx = max(box[0] - cx, 0.0, cx - box[2])
    dy = max(box[1] - cy, 0.0, cy - box[3])
    return math.hypot(dx, dy)


LEADER_DISTANCES = (4.0, 6.5, 9.0, 12.0, 16.0, 20.0, 25.0, 30.0)  # mm from the marker a label on a leader may stand
LEADER_DIRECTIONS = tuple((math.cos(math.radians(k * 15.0)), math.sin(math.radians(k * 15.0))) for k in range(24))


def _place(px: float, py: float, tw: float, th: float, inner, obstacles, centres=()) -> tuple[float, float, bool] | None:
    """Top-left of a tw × th label near (px, py) clear of every obstacle and inside `inner`; (x, y, leader?), or
    None when there is no such place. A label set beside its marker without a leader line is nearer to its own
    marker than to any other of `centres`, and one on a leader line stands clear of the others' sides (so that
    neither can be read as another's)."""
    g = MARKER_R + 0.7
    near = [(px + g, py - th / 2), (px - g - tw, py - th / 2), (px - tw / 2, py - g - th), (px - tw / 2, py + g),
            (px + g, py - g - th + 0.6), (px + g, py + g - 0.6), (px - g - tw, py - g - th + 0.6), (px - g - tw, py + g - 0.6)]

    def candidates():  # beside the marker first, then on a leader line ever further out; made as they are tried
        for cx, cy in near:
            yield cx, cy, False
        for dist in LEADER_DISTANCES:
            for cos_a, sin_a in LEADER_DIRECTIONS:
                cx = px + dist * cos_a - (0 if cos_a > 0.3 else (tw if cos_a < -0.3 else tw / 2))
                yield cx, py - dist * sin_a - th / 2, True

    def inside(cx, cy):
        return cx >= inner[0] and cy >= inner[1] and cx + tw <= inner[2] and cy + th <= inner[3]

    for cx, cy, leader in candidates():
        box = (cx - 0.3, cy - 0.3, cx + tw + 0.3, cy + th + 0.3)
        if not inside(cx, cy) or any(_overlaps(box, o) for o in obstacles):
            continue
        others = [gap(box, ox, oy) for ox, oy in centres if (ox, oy) != (px, py)]
        if not leader and any(d <= gap(box, px, py) + 0.5 for d in others):
            continue
        if leader and any(d < MARKER_R + 1.5 for d in others):  # standing off, it keeps clear of the others' sides
            continue
        if leader:  # the leader line crosses no other marker or label on its way
            seg = leader_line(px, py, cx, cy, tw, th)
            if any(crosses(seg, o) for o in obstacles if not (o[0] <= px <= o[2] and o[1] <= py <= o[3])):
                continue
        return cx, cy, leader
    return None


def leader_line(px: float, py: float, lx: float, ly: float, tw: float, th: float) -> tuple[float, float, float, float]:
    """The line from a marker at (px, py) to the nearest point of its label (top-left lx, ly; tw × th)."""
    return (px, py, min(max(px, lx), lx + tw), min(max(py, ly), ly + th))


def crosses(seg, box) -> bool:
    """Whether the segment (x1, y1, x2, y2) passes through the inside of box (x0, y0, x1, y1) (Liang-Barsky)."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if abs(p) < 1e-12:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo >= hi:
            return False
    return hi - lo > 1e-9
