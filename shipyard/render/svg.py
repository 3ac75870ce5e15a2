"""SVG: the same pages drawn for the screen, from the geometry the PDF is drawn from.

    doc = SvgDocument(paper="a4", title="USS Monitor")
    draw(doc)                      # any aid's drawing function, as it draws into a Document
    doc.close()
    doc.pages                      # one SVG document (a str) per page

An SvgPage is a Page: every block and rule set places its ink through the same methods, and only the last step,
the back end, differs. The page's user unit is the millimetre (viewBox = the paper in mm, the same top-left origin
and y downward), so every coordinate is the one the PDF gets before it turns mm into points. Text is set in the
DejaVu faces shipyard embeds in its PDFs (@font-face: the bundled files when the SVG says where they are served,
else the same faces installed locally) and carries the width it has on paper (textLength), so a line of text
measures the same on screen whatever face the browser ends up with. Each box of a box track names its tracker and
its number (data-track, data-box), for a sheet ticked on screen.
"""

from __future__ import annotations

import math
from pathlib import Path

from . import fonts as _fonts
from .document import Document
from .page import Page, _rgb
from .paper import MM

SVG_NS = "http://www.w3.org/2000/svg"
PAGE_CLASS = "shipyard-page"  # every page's <svg> element, and the scope of its style

# a registered font -> (its CSS class, CSS family, full name, file, CSS weight), from render.fonts' one table of faces
_FACES = {name: (f"sy-{family[0]}{'b' if weight == 'bold' else ''}", f"shipyard {family}", human, file,
                 700 if weight == "bold" else 400)
          for (family, weight), (name, file, human) in _fonts._FONTS.items()}
_FALLBACK = {"sans": '"DejaVu Sans", sans-serif', "condensed": '"DejaVu Sans Condensed", "DejaVu Sans", sans-serif'}


def font_css(fonts_url: str | None = None) -> str:
    """The page style: a @font-face for each DejaVu face (from fonts_url, a folder URL ending in '/', when given;
    else the face installed locally) and a class for each, scoped to shipyard's pages."""
    rules = []
    for name, (cls, family, human, file, weight) in _FACES.items():
        src = f'local("{human}"), local("{name}")'
        if fonts_url:
            src = f'url("{fonts_url}{file}") format("truetype"), ' + src
        rules.append(f'@font-face{{font-family:"{family}";src:{src};font-weight:{weight};font-style:normal}}')
        rules.append(f'svg.{PAGE_CLASS} .{cls}{{font-family:"{family}",{_FALLBACK[family.split()[1]]};'
                     f'font-weight:{weight};font-style:normal}}')
    rules.append(f"svg.{PAGE_CLASS} text{{white-space:pre}}")
    rules.append(f"svg.{PAGE_CLASS} *{{stroke-miterlimit:10}}")
    return "".join(rules)


def _n(v: float) -> str:
    """A length in mm for an attribute: to the micrometre, no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


_COLOURS: dict[tuple[float, float, float], str] = {}


def _colour(rgb: tuple[float, float, float]) -> str:
    got = _COLOURS.get(rgb)
    if got is None:
        r, g, b = (f"{v * 100:.4g}%" for v in rgb)
        got = _COLOURS[rgb] = "#000" if rgb == (0.0, 0.0, 0.0) else f"rgb({r},{g},{b})"
    return got


def _escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _stroke(width: float, dash, colour) -> str:
    out = f' stroke="{_colour(_rgb(colour))}" stroke-width="{_n(width)}"'
    if dash:
        out += f' stroke-dasharray="{" ".join(_n(v) for v in dash)}"'
    return out


def _paint(width: float, stroke: bool, fill, colour, dash) -> str:
    out = f' fill="{_colour(fill)}"' if fill is not None else ' fill="none"'
    return out + _stroke(width, dash, colour) if stroke else out


def _point(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    """The point at deg (counter-clockwise from east, as seen on paper) on the circle (cx, cy, r)."""
    a = math.radians(deg)
    return cx + r * math.cos(a), cy - r * math.sin(a)


def _arc_path(cx: float, cy: float, r: float, start: float, extent: float) -> str:
    """Arc commands from the current point at `start` degrees through `extent` (counter-clockwise on paper when
    positive): SVG arcs of at most 180 degrees each, so a whole circle draws too."""
    out = []
    steps = max(1, math.ceil(abs(extent) / 180.0 - 1e-9))
    sweep = 0 if extent > 0 else 1  # y runs down: counter-clockwise on paper is the negative sweep
    for i in range(1, steps + 1):
        x, y = _point(cx, cy, r, start + extent * i / steps)
        out.append(f"A{_n(r)} {_n(r)} 0 0 {sweep} {_n(x)} {_n(y)}")
    return " ".join(out)


def _text(x, y, s, name, size, rgb, w, lead) -> str:
    """A <text> element: s in the font `name` at size pt, w pt wide as on paper (squeezed already: textLength sets
    it to that width), starting lead pt left of x mm, its baseline at y mm."""
    wm = w / MM
    left = x - lead / MM
    fill = "" if rgb == (0.0, 0.0, 0.0) else f' fill="{_colour(rgb)}"'
    return (f'<text x="{_n(left)}" y="{_n(y)}" class="{_FACES[name][0]}" font-size="{size / MM:.4f}"{fill} '
            f'textLength="{_n(wm)}" lengthAdjust="spacingAndGlyphs">{_escape(s)}</text>')


class _Form:
    """Where a page draws text the document knows only when it closes (see Document._forms)."""

    __slots__ = ("name", "x", "y")

    def __init__(self, name: str, x: float, y: float):
        self.name, self.x, self.y = name, x, y


class _Later:
    """Where a page keeps the place of a block drawn as the document closes (page.later)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class SvgPage(Page):
    """A page drawn as SVG elements, in mm."""

    def __init__(self, doc: "SvgDocument", number: int, true_scale: bool = False):
        super().__init__(doc, number, true_scale)
        self._parts: list = []

    def _ink_text(self, x, y, s, name, size, rgb, squeeze, w, lead) -> None:
        self._parts.append(_text(x, y, s, name, size, rgb, w, lead))

    def _ink_line(self, x1, y1, x2, y2, width, dash, colour) -> None:
        self._parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                           f'{_stroke(width, dash, colour)}/>')

    def _ink_lines(self, segments, width, dash, colour) -> None:
        d = "".join(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}" for x1, y1, x2, y2 in segments)
        self._parts.append(f'<path d="{d}" fill="none"{_stroke(width, dash, colour)}/>')

    def _ink_rect(self, x, y, w, h, width, stroke, fill, colour, dash) -> None:
        self._parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'
                           f'{_paint(width, stroke, fill, colour, dash)}/>')

    def _ink_circle(self, cx, cy, r, width, stroke, fill, colour, dash) -> None:
        self._parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{_paint(width, stroke, fill, colour, dash)}/>')

    def _ink_arc(self, cx, cy, r, start_deg, extent_deg, width, dash, colour) -> None:
        x, y = _point(cx, cy, r, start_deg)
        self._parts.append(f'<path d="M{_n(x)} {_n(y)} {_arc_path(cx, cy, r, start_deg, extent_deg)}" fill="none"'
                           f'{_stroke(width, dash, colour)}/>')

    def _ink_wedge(self, cx, cy, r, start_deg, extent_deg, width, stroke, fill, colour) -> None:
        x, y = _point(cx, cy, r, start_deg)
        d = f"M{_n(cx)} {_n(cy)}L{_n(x)} {_n(y)} {_arc_path(cx, cy, r, start_deg, extent_deg)}Z"
        self._parts.append(f'<path d="{d}"{_paint(width, stroke, fill, colour, None)}/>')

    def _ink_polygon(self, pts, width, stroke, fill, close, colour, dash) -> None:
        d = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in pts) + ("Z" if close else "")
        self._parts.append(f'<path d="{d}"{_paint(width, stroke, fill, colour, dash)}/>')

    def _ink_boxes(self, corners, box, width, track) -> None:
        b = _n(box)
        named = f' data-track="{_escape(track)}"' if track else ""
        rects = "".join(f'<rect x="{_n(x)}" y="{_n(y)}" width="{b}" height="{b}" data-box="{i}"/>'
                        for i, (x, y) in enumerate(corners, 1))
        self._parts.append(f'<g class="box-track"{named} fill="none"{_stroke(width, None, None)}>{rects}</g>')

    def _ink_tagged(self, tag, ink) -> None:
        """A markable box as a group naming its tracker (and its live sheet's name for it) round the box, numbered;
        number 0: a whole box track (its own group, numbered box by box), given the name."""
        track, name, number = tag
        named = f' data-name="{_escape(name)}"' if name else ""
        start = len(self._parts)
        if number == 0:
            ink()
            for k in range(start, len(self._parts)):
                if isinstance(self._parts[k], str) and self._parts[k].startswith('<g class="box-track"'):
                    self._parts[k] = self._parts[k].replace('<g class="box-track"', f'<g class="box-track"{named}', 1)
            return
        self._parts.append(f'<g class="box-track" data-track="{_escape(track)}"{named}>')
        ink()
        for k in range(start + 1, len(self._parts)):
            if isinstance(self._parts[k], str) and self._parts[k].startswith("<rect "):
                self._parts[k] = self._parts[k].replace("<rect ", f'<rect data-box="{int(number)}" ', 1)
        self._parts.append("</g>")

    def _ink_form(self, x, y, name) -> None:
        self._parts.append(_Form(name, x, y))

    def _ink_later(self, name) -> None:
        self._parts.append(_Later(name))

    def _begin_turn(self, cx, cy, degrees) -> None:
        # counter-clockwise on paper; SVG's y runs down, so its positive rotation is clockwise
        self._parts.append(f'<g transform="rotate({-degrees:g} {_n(cx)} {_n(cy)})">')

    def _end_turn(self) -> None:
        self._parts.append("</g>")

    def svg(self, forms: dict, style: str) -> str:
        """The page as one SVG document, the document's late text (forms) filled in."""
        p = self.paper
        out = [f'<svg xmlns="{SVG_NS}" class="{PAGE_CLASS}" width="{p.width_mm:g}mm" height="{p.height_mm:g}mm" '
               f'viewBox="0 0 {p.width_mm:g} {p.height_mm:g}" data-page="{self.number}" style="background:#fff">'
               f"<style>{style}</style>"]
        for part in self._parts:
            if type(part) is _Form:
                text, size, family, weight, grey = forms.get(part.name, ("", 9, "sans", "regular", 0))
                if not text:
                    continue
                name = _fonts.font_name(family, weight)
                part = _text(part.x, part.y, text, name, size, (grey, grey, grey),
                             _fonts.string_width_pt(text, name, size), 0.0)
            out.append(part)
        out.append("</svg>")
        return "".join(out)


class SvgDocument(Document):
    """Pages drawn as SVG: the Document every aid draws into, with nothing written to disk. After close(), pages
    holds one SVG document per page."""

    _page_class = SvgPage

    def __init__(self, paper="a4", title: str = "", true_scale: bool = False, footer: str | None = None, *,
                 strict: bool | None = None, fonts_url: str | None = None, subject: str = "", author: str = "",
                 keywords="", compress: bool = True):
        """Document's settings (subject, author, keywords and compress say what only a PDF file holds, and are
        taken so that whatever makes a Document can make this); fonts_url: see font_css."""
        self._setup(paper, title, true_scale, footer, strict)
        self.path = Path(title or "svg")
        self.fonts_url = fonts_url
        self.pages: list[str] = []
        self.outline: list[tuple[str, int, int]] = []  # (title, level, page number) of each bookmark
        self._drawn: list[SvgPage] = []

    def _end_page(self, page: Page) -> None:
        self._drawn.append(page)

    def _outline_mark(self, key: str, title: str, level: int, y: float | None) -> None:
        self.outline.append((title, level, self.page_count))

    def close(self) -> None:
        if self._done:
            return
        if self.page_count == 0:
            self.new_page()
        if self._duplex and not self._is_back:
            self._blank_back()
        self._finish_page()
        late: dict[str, list] = {}

        def keep(name: str, draw) -> None:
            draw()
            late[name] = self._page._parts

        self._draw_later(keep)  # each later block's parts take its place on its page
        for page in self._drawn:
            if any(type(part) is _Later for part in page._parts):
                page._parts = [q for part in page._parts
                               for q in (late[part.name] if type(part) is _Later else (part,))]
        forms, style = self._forms(), font_css(self.fonts_url)
        self.pages = [page.svg(forms, style) for page in self._drawn]
        self._drawn = []
        self._done = True

    def abort(self) -> None:
        self._page = None
        self._drawn = []
        self._done = True

    def _discard(self) -> None:
        pass
