"""Smoke on the Water turning templates and gauges: true-scale geometry, drawn as code on declared true-scale
pages (the calibration bar goes on these pages and no others)."""

from __future__ import annotations

import math

from pathlib import Path

from ...render.measure import text_width
from ...render.gauges import annulus_outline, at_bearing, load_looks, radial
from ...render.sector import Sector, sector_distance
from ...render.text import number as num
from ...errors import ShipyardError
from ..context import Context
from ..play_aids import in_play
from .derive import distance_factor, ground_scale
from .sheet import TITLE

LOOKS = load_looks(Path(__file__).with_name("aids.yaml"))
BOW = 90.0  # bearing 0, dead ahead, points up the page; bearings run clockwise
STRIP = LOOKS["turning_strip"]
TICK_LENGTHS_MM = STRIP.ticks  # distance marks on the turning templates: every cm, every 5 cm
BAND_MM = STRIP.band  # the width of a strip
TAB_MM = STRIP.tab  # the glue tab at the far end of a piece that another piece continues
STACK_GAP = STRIP.stack_gap  # between two strips stacked on a page
TITLE_DEPTH, SUB_DEPTH = STRIP.title_depth, STRIP.sub_depth  # a strip's title and subtitle above its inner edge
MARK_MM = 10.0  # a distance mark every centimetre of arc
MAJOR = 5  # and a longer one, bold-numbered, every 5


def template_geometry(radius_cm: float, move_cm: float, factor: float, max_w: float, max_h: float,
                      start_mm: float = 0.0, length_mm: float | None = None, tab: bool = False) -> dict:
    """The documented geometry of one turning strip (or one piece of it), in mm on paper.

    The vessel follows the OUTER edge, an arc of radius R = radius_cm × 10 × factor. The strip is `band` mm wide.
    Ticks mark every 10 mm of arc along the outer edge from 0 up to length mm (the move at this speed × factor, or
    `length_mm` when the caller chose the length of a piece); a piece starts at start_mm (its first mark's
    distance along the whole strip) and, with `tab`, has a glue tab past its last mark for the next piece.
    full_move says whether the strip holds the whole move; `fits` whether it fits max_w × max_h.
    """
    R = radius_cm * 10 * factor
    band = min(BAND_MM, R * STRIP.band_share)
    move = move_cm * 10 * factor
    length = move if length_mm is None else length_mm
    extra = TAB_MM if tab else 0.0

    def size(arc: float) -> tuple[float, float]:
        half = arc / R / 2  # at most 90 degrees: the strip is never more than a half circle
        return 2 * R * math.sin(min(half, math.pi / 2)), R - (R - band) * math.cos(min(half, math.pi / 2))

    if length_mm is None and (size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi):
        length = 10.0 * int(move // 10)
        while length > 10 and (size(length)[0] > max_w or size(length)[1] > max_h or length / R > math.pi):
            length -= 10.0
    w, h = size(length + extra)
    return {"R": R, "band": band, "length_mm": length, "ticks": int(length // 10 + 1e-9) + 1, "start_mm": start_mm,
            "theta_deg": math.degrees(length / R), "tab_deg": math.degrees(extra / R), "w": w, "h": h,
            "full_move": start_mm + length >= move - 1e-6, "fits": w <= max_w + 1e-6 and h <= max_h + 1e-6}


def strip_pieces(radius_cm: float, move_cm: float, factor: float, max_w: float, max_h: float) -> list[dict]:
    """One strip for a manoeuvrability at a speed, as one piece when the whole move fits the page, else at least half
    the move (so the longest move needs at most two lays) in as few pieces as fit, glued end to end."""
    whole = template_geometry(radius_cm, move_cm, factor, max_w, max_h, length_mm=move_cm * 10 * factor)
    if whole["fits"]:
        return [whole]
    want = 10.0 * math.ceil(move_cm * 10 * factor / 2 / 10 - 1e-9)  # half the move, to whole centimetres
    for n in range(1, 6):
        each = 10.0 * math.ceil(want / n / 10 - 1e-9)
        pieces = [template_geometry(radius_cm, move_cm, factor, max_w, max_h, start_mm=k * each, length_mm=each,
                                    tab=k < n - 1) for k in range(n)]
        if all(p["fits"] for p in pieces):
            for k, p in enumerate(pieces):
                p.update(piece=k + 1, pieces=n)
            return pieces
    raise ShipyardError(f"a turning template of radius {num(radius_cm)} cm does not fit the page even in five pieces")


def number_positions(geo: dict) -> list[tuple[float, str, float]]:
    """(arc distance in mm from the strip's right-hand end, text, size) for every distance number. The numbers at
    either end are moved inward along the arc, clear of the cut line."""
    out = []
    last = geo["ticks"] - 1
    first_cm = int(round(geo["start_mm"] / 10))
    for k in range(geo["ticks"]):
        kind = STRIP.number_major if (first_cm + k) % MAJOR == 0 else STRIP.number
        size = kind.size
        text = str(first_cm + k)
        s = k * MARK_MM
        half = text_width(text, size, kind.weight, kind.family) / 2 + STRIP.number_pad
        if k == 0:
            s = max(s, half)
        if k == last and not geo.get("tab_deg"):
            s = min(s, geo["length_mm"] - half)
        out.append((s, text, size))
    return out


def label_box(geo: dict, sub_w: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the strip's title and subtitle, relative to its centre x and its top (the outer arc's apex)."""
    band = geo["band"]
    pad = STRIP.label_pad
    return (-sub_w / 2 - pad, band - TITLE_DEPTH - STRIP.label_above, sub_w / 2 + pad, band - SUB_DEPTH + STRIP.label_below)


def dashed_segments(geo: dict, label: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]]:
    """The dashed lines across the strip every 5 cm (bow lines), relative to the strip's centre x and top, broken
    where they would cross the title."""
    R, band = geo["R"], geo["band"]
    a0 = math.radians(90 - geo["theta_deg"] / 2)
    first_cm = int(round(geo["start_mm"] / 10))
    segs = []
    for k in range(1, geo["ticks"] - 1):
        if (first_cm + k) % MAJOR:
            continue
        a = a0 + k * MARK_MM / R
        x1, y1 = R * math.cos(a), R - R * math.sin(a)
        x2, y2 = (R - band) * math.cos(a), R - (R - band) * math.sin(a)
        lx0, ly0, lx1, ly1 = label
        # where the line crosses the label's band of depths, as fractions of the way from the outer edge in
        t0, t1 = sorted(((ly0 - y1) / (y2 - y1), (ly1 - y1) / (y2 - y1)))

        def x_at(t):
            return x1 + (x2 - x1) * t
        if t1 > 0 and t0 < 1 and (lx0 <= x_at(t0) <= lx1 or lx0 <= x_at(t1) <= lx1):
            # broken at the title, and never past either edge of the strip
            if t0 > 0:
                segs.append((x1, y1, x_at(t0), y1 + (y2 - y1) * t0))
            if t1 < 1:
                segs.append((x_at(t1), y1 + (y2 - y1) * t1, x2, y2))
        else:
            segs.append((x1, y1, x2, y2))
    return segs


def _turning_template(page, cx: float, top: float, geo: dict, label: str, sub: str, scale: str = "",
                      whose: tuple[str, str] = ("", "")) -> None:
    """Draw one strip: the outer arc (the vessel's path) of radius R centred at (cx, top + R), a glue tab past its
    last mark when another piece continues it; `whose` (long, short) begins the sub-line of a strip only a wheel lost
    brings, the shorter words on a strip too short for the longer."""
    look = STRIP
    R, band, theta = geo["R"], geo["band"], math.radians(geo["theta_deg"])
    tab = geo.get("tab_deg", 0.0)
    cy = top + R
    centre = (cx, cy)
    r_in = R - band
    a0 = 90 - math.degrees(theta) / 2  # degrees counter-clockwise from east
    ext = math.degrees(theta) + tab
    page.arc(cx, cy, R, a0, ext, width=look.cut)
    page.arc(cx, cy, r_in, a0, ext, width=look.cut)
    for a in (a0, a0 + ext):
        page.line(*radial(centre, a, r_in, R), width=look.cut)
    if tab:
        # the tab: shaded, the join marked, the next piece's first mark goes over this line
        join = a0 + math.degrees(theta)
        page.polygon(annulus_outline(centre, r_in, R, join, tab), stroke=False, fill=look.tab_fill)
        at_bearing(page, centre, R - band / 2, join + tab / 2, "glue", look.glue)
    # distance marks: from the right-hand end along the outer edge, every 10 mm of arc
    first_cm = int(round(geo["start_mm"] / MARK_MM))
    minor, major = look.ticks
    ticks = [radial(centre, a0 + math.degrees(k * MARK_MM / R), R, R - (major if (first_cm + k) % MAJOR == 0 else minor))
             for k in range(geo["ticks"])]
    near, far = look.number_in
    for s_mm, text, size in number_positions(geo):
        kind = look.number_major if size > look.number.size else look.number
        at_bearing(page, centre, R - (far if kind is look.number_major else near), a0 + math.degrees(s_mm / R), text, kind)
    page.lines(ticks, width=look.tick_width)

    def room(depth_top: float) -> float:
        inner = R - look.words_in  # the numbers sit within 7.5 mm of the outer edge
        return 2 * math.sqrt(max(inner * inner - (R - depth_top) ** 2, 1.0))

    def between_ends(depth: float) -> float:
        return 2 * (R - depth) * math.tan(min(theta / 2, math.radians(89))) - look.ends_clear

    d1, d2 = band - TITLE_DEPTH, band - SUB_DEPTH
    title_w = min(room(d1 - look.title_room) * look.room_share, between_ends(d1), look.title_most)
    sub_w = min(room(d2 - look.sub_room) * look.room_share, between_ends(d2), look.sub_most)
    bare = sub.replace(f" at {scale}", "") if scale else sub
    for s in (whose[0] + sub, whose[0] + bare, whose[1] + bare, bare):
        if page.text_width(s, look.sub_least, family=look.sub.family) <= sub_w:
            break
    used_sub = min(sub_w, look.sub.width(page, s))
    used_title = title_w
    box = label_box(geo, max(used_sub, used_title))
    dashed = [(cx + x1, top + y1, cx + x2, top + y2) for x1, y1, x2, y2 in dashed_segments(geo, box)]
    if dashed:
        page.lines(dashed, width=look.bow_width, dash=look.bow_dash, colour=look.bow_grey)
    # a short strip takes a shorter title rather than a squeezed one
    short = label.replace(" at ", " · ").replace("piece ", "").replace(" of ", "/")
    tiny = short.replace("Very ", "V. ")
    title = next((t for t in (label, short, tiny) if page.text_width(t, look.title_test, weight=look.title.weight) <= title_w), tiny)
    t, u = look.title, look.sub
    page.fit_text(cx, top + d1, title, title_w, size=t.size, min_size=look.min_size, weight=t.weight, align="centre")
    page.fit_text(cx, top + d2, s, sub_w, size=u.size, min_size=look.min_size, align="centre", family=u.family)


def units_in_play(ctx: Context) -> list | None:
    """The derived stats of the scenario's units (None when no scenario is being printed: every value is in play)."""
    from .derive import derive

    units = in_play(ctx, derive)
    return None if units is None else [d.stats for _, _, d in units]


def values_in_play(ctx: Context) -> dict[str, list[str]]:
    """{manoeuvrability: [speed levels]} the turning templates must cover: for each manoeuvrability of a vessel in
    play, every level up to the fastest such vessel's maximum, and for a sidewheeler the next poorer one up to a
    level under her maximum, the template she turns on with a wheel lost (every pair when no scenario is given)."""
    radii = ctx.tables.require("turning_radii").rows
    names = [r["level"] for r in ctx.tables.require("speed_levels").rows]
    stats = units_in_play(ctx)
    if stats is None:
        return {m: list(by_speed) for m, by_speed in radii.items()}
    ladder = ctx.tables.require("manoeuvrability").rows["ladder"]
    top: dict[str, int] = {}
    for s in stats:
        if s.kind == "vessel" and s.max_speed in names:
            top[s.manoeuvrability] = max(top.get(s.manoeuvrability, 0), names.index(s.max_speed))
            # a sidewheeler with a wheel lost turns away from it one manoeuvrability poorer, a level slower
            poorer = ladder.index(s.manoeuvrability) - 1 if s.manoeuvrability in ladder else -1
            if len(s.wheel_damage_points) >= 2 and poorer >= 0 and names.index(s.max_speed) > 1:
                top[ladder[poorer]] = max(top.get(ladder[poorer], 0), names.index(s.max_speed) - 1)
    return {m: [sp for sp in by_speed if sp in names and names.index(sp) <= top[m]]
            for m, by_speed in radii.items() if m in top}


def wheel_lost_only(ctx: Context) -> dict[str, tuple[str, str]]:
    """{manoeuvrability: (words, shorter words)} for the templates printed only for a sidewheeler with a wheel lost (no unit in play
    turns on them otherwise), saying whose they are: a player sees Very Poor strips and no Very Poor ship."""
    stats = units_in_play(ctx)
    if stats is None:
        return {}
    ladder = ctx.tables.require("manoeuvrability").rows["ladder"]
    own = {s.manoeuvrability for s in stats if s.kind == "vessel"}
    return {m: (f"for a {ladder[k + 1]} sidewheeler with a wheel lost · ", f"for {ladder[k + 1]}, a wheel lost · ")
            for k, m in enumerate(ladder[:-1]) if m in values_in_play(ctx) and m not in own}


def _template_specs(ctx: Context, box) -> list[dict]:
    """Every strip (or piece of one) to print, in the order drawn: flattest first, so each nests under the last."""
    radii = ctx.tables.require("turning_radii")
    levels = {r["level"]: r for r in ctx.tables.require("speed_levels").rows}
    factor = distance_factor(ctx)
    scale = ground_scale(ctx)[1]
    specs = []
    wheel_lost = wheel_lost_only(ctx)
    for manoeuvre, speeds in values_in_play(ctx).items():
        for speed in speeds:
            if speed not in levels:
                raise ShipyardError(f"table turning_radii ({radii.tag()}): {speed!r} is not a speed level")
            radius = radii.rows[manoeuvre][speed]
            move = float(levels[speed]["move_cm"])
            pages = LOOKS["strip_pages"]
            for geo in strip_pieces(float(radius), move, factor, box.w - pages.side, box.h * pages.height_share):
                piece = f" · piece {geo['piece']} of {geo['pieces']}" if geo.get("pieces", 1) > 1 else ""
                nxt = num((geo["start_mm"] + geo["length_mm"]) / 10)
                more = "" if geo["full_move"] or piece else " · lay again for the rest of the move"
                glue = f" · glue piece {geo.get('piece', 1) + 1}'s {nxt} end on the tab" if geo.get("tab_deg") else ""
                specs.append({"manoeuvrability": manoeuvre, "speed": speed, "radius_cm": radius, "geo": geo,
                              "scale": scale, "move_mm": move * 10 * factor,
                              "label": f"{manoeuvre} at {speed}{piece}",
                              "whose": wheel_lost.get(manoeuvre, ("", "")),
                              "sub": f"radius {num(geo['R'] / 10)} cm at {scale} · marks every cm{more}{glue}"})
    specs.sort(key=lambda sp: -sp["geo"]["R"])
    return specs


def _lowest(geo: dict, x: float) -> float | None:
    """How far below the strip's top its outline reaches at x (relative to its centre), None outside it."""
    R, band = geo["R"], geo["band"]
    half = math.radians(geo["theta_deg"] + geo.get("tab_deg", 0.0)) / 2
    x_out, x_in = R * math.sin(half), (R - band) * math.sin(half)
    ax = abs(x)
    if ax <= x_in:
        return R - math.sqrt((R - band) ** 2 - ax * ax)
    if ax <= x_out:
        y_in, y_out = R - (R - band) * math.cos(half), R - R * math.cos(half)
        return y_in + (y_out - y_in) * (ax - x_in) / max(x_out - x_in, 1e-9)
    return None


def strip_sector(geo: dict, cx: float = 0.0, top: float = 0.0) -> Sector:
    """The strip's cut outline (outer arc, inner arc and both ends, glue tab included) for a strip centred at cx
    with its outer apex at top."""
    a0 = math.pi / 2 - math.radians(geo["theta_deg"]) / 2
    return Sector((cx, top + geo["R"]), geo["R"] - geo["band"], geo["R"], a0,
                  a0 + math.radians(geo["theta_deg"] + geo.get("tab_deg", 0.0)))


def nest_offset(above: dict, below: dict, gap: float = STACK_GAP) -> float:
    """How far below the top of `above` the top of `below` goes so that their outlines never come closer than `gap`
    (both centred on the same x; the flatter strip above): first the vertical clearance, then lowered until the
    clearance measured in any direction is the gap (the end lines slope, so the vertical one is not enough)."""
    R = below["R"]
    half = math.radians(below["theta_deg"] + below.get("tab_deg", 0.0)) / 2
    x_out = R * math.sin(half)
    need = 0.0
    for i in range(201):
        x = -x_out + 2 * x_out * i / 200
        low = _lowest(above, x)
        if low is None:
            continue
        top_b = R - math.sqrt(max(R * R - x * x, 0.0))
        need = max(need, low - top_b)
    off = need + gap
    upper = strip_sector(above)
    for _ in range(40):  # lowering the strip by the shortfall clears at least part of it; a few steps clear it all
        d = sector_distance(upper, strip_sector(below, 0.0, off))
        if d >= gap:
            break
        off += gap - d + 0.05
    return off


def place_strips(specs: list[dict], box, foot: float, first: float) -> list[int]:
    """The template sheet (0, 1, ...) each strip goes on, and its top (s["at"], below the content's top), nested one
    under another until the next would run past the foot."""
    sheets, sheet, prev, y = [], -1, None, 0.0
    for s in specs:
        geo = s["geo"]
        top = y + nest_offset(prev["geo"], geo) if prev is not None else 0.0
        if sheet < 0 or box.y + top + geo["h"] > box.bottom - foot:
            sheet, top = sheet + 1, first
        s["at"] = top
        sheets.append(sheet)
        prev, y = s, top
    return sheets


def template_index(specs: list[dict], sheets: list[int], ctx: Context) -> list[str]:
    """Where to find each template, in pieces a line may break between: by manoeuvrability, every speed with the
    template sheet it is on (the strips are nested by radius, so a manoeuvrability's are spread over the sheets)."""
    order = [r["level"] for r in ctx.tables.require("speed_levels").rows]
    ladder = list(ctx.tables.require("turning_radii").rows)
    found: dict[str, dict[str, int]] = {}
    for s, k in zip(specs, sheets):
        found.setdefault(s["manoeuvrability"], {})[s["speed"]] = k + 1
    parts = [f"{m}: " + ", ".join(f"{sp} {found[m][sp]}" for sp in sorted(found[m], key=order.index))
             for m in ladder if m in found]
    return ["Find a template by its sheet (manoeuvrability: speed sheet):", *parts,
            "every level a unit in play can reach is here"]


def index_lines(page, parts: list[str], width: float) -> list[str]:
    """The index's pieces run together with " · ", a new line wherever the next would not fit the width."""
    look = LOOKS["strip_pages"].index
    lines = [" ".join(parts[:2])]  # the opening words and the first manoeuvrability
    for part in parts[2:]:
        if look.width(page, lines[-1] + " · " + part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def templates(doc, ctx: Context) -> list[dict]:
    """Turning templates for the manoeuvrability × speed pairs in play at true scale, nested one under another, then
    the fire-arc and deviation gauges. Each sheet's heading numbers it and says which sheet holds every template.
    Returns the strips as placed (page, cx, top)."""
    with doc.true_scale_pages():
        box = doc.content
        specs = _template_specs(ctx, box)
        look = LOOKS["strip_pages"]
        sheets = place_strips(specs, box, look.foot, look.first)
        index = template_index(specs, sheets, ctx)
        page = None
        for i, (s, k) in enumerate(zip(specs, sheets)):
            if i == 0 or k != sheets[i - 1]:
                page = doc.new_page(bookmark=f"Turning templates from {s['label']}")
                look.heading.draw(page, box.x, box.y + look.heading_drop, f"{TITLE} turning templates "
                                  f"({ground_scale(ctx)[1]}), sheet {k + 1} of {sheets[-1] + 1}: cut along the solid "
                                  "outline; her base's side runs along the outer edge, her bow at the cm lines")
                for n, line in enumerate(index_lines(page, index, box.w)):
                    look.index.draw(page, box.x, box.y + look.index_drop + n * look.index.leading_mm, line)
            top = box.y + s["at"]
            _turning_template(page, box.x + box.w / 2, top, s["geo"], s["label"], s["sub"], s["scale"], s["whose"])
            s["page"], s["cx"], s["top"] = page.number if hasattr(page, "number") else None, box.x + box.w / 2, top
        _gauges(doc, ctx)
    return specs


def _gauges(doc, ctx: Context) -> None:
    box = doc.content
    page = doc.new_page(bookmark="Fire-arc and deviation templates")
    arcs = ctx.tables.require("fire_arcs").rows
    # fire-arc gauge: a protractor around a base mark, 0 = dead ahead, clockwise
    look = LOOKS["fire_arc"]
    r = min(look.radius, box.w / 2 - look.side_room, box.h / 4 - look.quarter_room)
    cx, cy = box.x + box.w / 2, box.y + look.drop + r
    centre = (cx, cy)
    look.title.draw(page, box.x, box.y + look.title_drop,
                    "Fire-arc template: put the centre on the gun's mark on the base, 0° along the keel towards the bow")
    page.circle(cx, cy, r, width=look.ring)
    finest = look.ticks[-1][0]
    ticks = []
    for deg in range(0, 360, finest):
        t = next(length for every, length in look.ticks if deg % every == 0)
        ticks.append(radial(centre, BOW - deg, r, r - t))
    page.lines(ticks, width=look.tick_width)
    for deg in range(0, 360, look.number_every):
        at_bearing(page, centre, r - look.number_in, BOW - deg, f"{deg}", look.number)
    half = float(arcs["gunport_half_width"])
    edges = set()
    for pos, middle in arcs["gunport_side_centre"].items():
        edges.update({(middle - half) % 360, (middle + half) % 360, (360 - middle - half) % 360, (360 - middle + half) % 360})
    for key in ("restricted_pivot", "open_pivot"):
        for spans in arcs[key].values():
            for a0, a1 in spans:
                edges.update({a0 % 360, a1 % 360})
    # the bearing numbers reach ray_in from the rim: the rays stop short of them
    rays = [radial(centre, BOW - deg, look.ray_from, r - look.ray_in) for deg in sorted(edges)]
    page.lines(rays, width=look.ray_width, dash=look.ray_dash, colour=look.ray_grey)
    page.line(cx, cy - r + look.keel_in, cx, cy + r - look.keel_in, width=look.keel_width)
    page.polygon([(cx + dx, cy - r + dy) for dx, dy in look.bow], fill=look.bow_fill)
    look.bow_word.draw(page, cx, cy - r - look.bow_word_above, "BOW")
    page.circle(cx, cy, look.centre_r, fill=0)
    side, above, below = look.marks
    page.cut_marks(cx - r - side, cy - r - above, 2 * (r + side), 2 * r + above + below)
    legend = [f"gunport, side ({p}): {num(c - half)}–{num(c + half)}°" for p, c in arcs["gunport_side_centre"].items()
              if p in ("forward", "midships", "aft")]
    deg = lambda a: num(a % 360)  # noqa: E731
    ends = arcs.get("gunport_end", {})
    # in the words her sheet's Arc column uses (derive.gun_arcs): replay 19 read a casemate ironclad's bow ports
    # ("bow port(s) 315–45°") as the restricted pivot's arc, since the legend named only the ship type
    legend.append("gunport at the end (her sheet: \"bow port(s)\", \"stern port(s)\"): "
                  + ", ".join(f"{p} {deg(a)}–{deg(b)}°" for p, (a, b) in ends.items()))
    pivot = arcs.get("restricted_pivot", {})
    types = ", ".join(arcs.get("restricted_pivot_types", []))
    legend.append(f"pivot inside the casemate of a {types} (her sheet: \"restricted pivot\"): " + ", ".join(
        f"{p} " + " + ".join(f"{deg(a)}–{deg(b)}°" for a, b in spans) for p, spans in pivot.items() if p in ("bow", "stern")))
    # derive.bears: [from, to), so on Virginia's beam one pivot bears, not both (her worked example)
    legend += ["dashed rays: every arc edge in the tables; an arc runs clockwise from its first bearing: a bearing "
               "exactly on its first edge is in it, on its last edge out",
               "port side: mirror the starboard bearings (360 − x)"]
    legend += arcs.get("gun_mark", [])  # where on her base each gun measures from (replay 23, moment 1)
    ly = cy + r + look.legend_drop
    for line in legend:
        look.legend.draw(page, box.x, ly, line)
        ly += look.legend_step

    # deviation template: d10 directions, 6 toward the firer
    look = LOOKS["deviation"]
    dev = ctx.tables.require("deviation").rows
    r2 = min(look.radius, (box.bottom - ly - look.room) / 2)
    cx2, cy2 = box.x + box.w / 2, ly + look.drop + r2
    centre = (cx2, cy2)
    look.title.draw(page, box.x, ly + look.title_drop, "Table 13 · Indirect-fire deviation template: centre on the target, 6 "
                    "towards the firer; distance by range " + ", ".join(f"{k} {v}" for k, v in dev["distance"].items())
                    + " cm")
    if dev.get("lands"):  # what the shot hits where it comes down
        look.lands.draw(page, box.x, ly + look.title_drop + look.lands_step, dev["lands"])
    if dev.get("dice"):  # how to throw a die the pack's d6 and d10 do not give (replay 24, defect 6: "S 1d5")
        look.lands.draw(page, box.x, ly + look.title_drop + look.lands_step + look.lands_step, dev["dice"])
    page.circle(cx2, cy2, r2, width=look.ring)
    numbers = dev["template"]["clockwise_from_far_side"]
    n = len(numbers)
    step = 360 / n
    spokes = []
    for k in range(n):
        spokes.append(radial(centre, BOW - (k * step - step / 2), look.spoke_from, r2))
        at_bearing(page, centre, r2 * look.number_r, BOW - k * step, str(numbers[k]), look.number)
    page.lines(spokes, width=look.spoke_width)
    look.over.draw(page, cx2, cy2 - r2 - look.over_above, "over (away from the firer)")
    look.over.draw(page, cx2, cy2 + r2 + look.short_below, "short: towards the firer")
    m = look.marks
    page.cut_marks(cx2 - r2 - m, cy2 - r2 - m, 2 * (r2 + m), 2 * (r2 + m))
