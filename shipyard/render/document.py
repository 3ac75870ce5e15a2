"""Document and Page: millimetres, top-left origin, y downward; the layer converts to PDF points.

    with Document("out/sheets.pdf", paper="a4", title="...", footer="Battle of Mobile Bay") as doc:
        page = doc.new_page(bookmark="USS Monitor")
        page.text(doc.content.x, doc.content.y + 5, "USS Monitor", size=14, weight="bold")

The layer knows paper, not games: margins, fonts, footers, bookmarks, cut marks, calibration bars,
damage-box tracks and tables. Output is written atomically (a .part file in the same folder: see shipyard.atomic,
renamed onto the target only when the `with` block ends cleanly) and is byte-identical for identical
input.
"""

from __future__ import annotations

import contextlib
import os
import weakref
from pathlib import Path
from typing import Sequence

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..atomic import NEW_FILE_MODE, discard_part, forget_part, new_part
from ..overwrite import PDF_CREATOR
from ..errors import ShipyardError
from . import fonts as _fonts
from .imposition import Imposition
from .page import CAL_BAR_H_MM, Page, PdfPage, RenderError
from .paper import MM, PAPERS, Box, Paper

# Streams are Flate-compressed binary: ASCII85 wrapping adds a quarter to their size and time for nothing.
rl_config.useA85 = 0

FOOTER_BAND_MM = 6.0  # height reserved at the bottom of the content for the footer line
FOOTER_SIZE = 6.5
CAL_BAND_MM = CAL_BAR_H_MM + 2.5  # band reserved for it on true-scale pages


class Document(Imposition):
    """A PDF being built: paper, margins, fonts, footers, bookmarks; written atomically on a clean exit.
    (render.svg's SvgDocument draws the same pages as SVG.)"""

    _page_class: type[Page] = PdfPage  # what draws a page's ink

    def __init__(self, path, paper: str | Paper = "a4", title: str = "", subject: str = "", author: str = "shipyard",
                 true_scale: bool = False, footer: str | None = None, *, keywords: str | Sequence[str] = "",
                 strict: bool | None = None, compress: bool = True):
        self._setup(paper, title, true_scale, footer, strict)
        p = self.paper
        self.path = Path(path)
        # written where a link at path leads, so the link stays a link (shipyard.overwrite says whether to write)
        self._target = Path(os.path.realpath(self.path)) if self.path.is_symlink() else self.path
        self._target.parent.mkdir(parents=True, exist_ok=True)
        fd, self._tmp = new_part(self._target)
        os.close(fd)  # the canvas writes it by name
        # a Document dropped without close() or a `with` block still leaves no .part file behind
        self._finalizer = weakref.finalize(self, discard_part, self._tmp)
        try:
            # the canvas starts on an embedded font, so no page references an unembedded Helvetica
            c = Canvas(self._tmp, pagesize=(p.width_pt, p.height_pt), invariant=1, pageCompression=1 if compress else 0,
                       pdfVersion=(1, 4), initialFontName=_fonts.font_name("sans"), initialFontSize=9)
            c.setTitle(title)
            c.setAuthor(author)
            c.setSubject(subject)
            c.setCreator(PDF_CREATOR)
            c.setKeywords(keywords if isinstance(keywords, str) else ", ".join(keywords))
            c.setViewerPreference("PrintScaling", "None")
            c.setViewerPreference("DisplayDocTitle", "true")
        except BaseException:
            self._discard()
            raise
        self._canvas = c

    def _setup(self, paper, title: str, true_scale: bool, footer: str | None, strict: bool | None) -> None:
        """What every document has, whatever it is drawn to: paper, footer, pages, outline, forward text, cells."""
        if isinstance(paper, Paper):
            self.paper = paper
        else:
            key = str(paper).lower()
            if key not in PAPERS:
                raise ShipyardError(f"paper {paper!r}: expected one of {', '.join(PAPERS)}")
            self.paper = PAPERS[key]
        _fonts.register_all()
        self.title = title
        self.footer = _fonts.check_text(footer, "condensed") if footer else None
        self.strict = bool(os.environ.get("SHIPYARD_RENDER_STRICT")) if strict is None else strict
        self._true_scale = bool(true_scale)
        self._page: Page | None = None
        self.page_count = 0
        self._outline = 0
        self.marks: list[tuple[str, int]] = []  # every bookmark's title and the page it points at, in order
        self._last_level = -1
        self._section: str | None = None  # a section title waiting for its first page
        self._level_offset = 0
        self._done = False
        self._forward: dict[str, tuple[str, float, str, str]] = {}  # key -> (text, size, family, weight)
        self._forward_grey: dict[str, float] = {}  # key -> its grey (0 black), where not black
        self._later: dict[str, list] = {}  # key -> [name, page number, true scale, x, y, width, block] (page.later)
        self._cells_page: Page | None = None  # the page of the last doc.cells() grid and how far down it reaches
        self._cells_bottom = 0.0
        self._duplex = False  # every front page is followed by its back (see duplex_backs)
        self._is_back = False  # the current page is the back of the page before it

    @property
    def true_scale(self) -> bool:
        """Whether pages started now carry a calibration bar (only inside `with doc.true_scale_pages():`)."""
        return self._true_scale

    @contextlib.contextmanager
    def true_scale_pages(self):
        """Pages started inside this block are true-scale pages: each carries a 100 mm calibration bar and its
        footer says so. The setting ends with the block, so it cannot leak onto the pages that follow."""
        old = self._true_scale
        self._true_scale = True
        try:
            yield self
        finally:
            self._true_scale = old

    @property
    def content(self) -> Box:
        """The drawable area in mm: inside the margins, above the footer band (and the calibration bar
        band on true-scale pages). The same for every page of the same kind."""
        return self._content_for(self._true_scale)

    def content_for(self, true_scale: bool) -> Box:
        """The drawable area of a true-scale or an ordinary page."""
        return self._content_for(true_scale)

    def _content_for(self, true_scale: bool) -> Box:
        p = self.paper
        m = p.margin_mm
        band = (FOOTER_BAND_MM if self.footer else 0.0) + (CAL_BAND_MM if true_scale else 0.0)
        return Box(m, m, p.width_mm - 2 * m, p.height_mm - 2 * m - band)

    # ------------------------------------------------------------------ context manager
    def __enter__(self) -> "Document":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self.abort()
            return False
        self.close()
        return False

    def abort(self) -> None:
        """Throw the build away: no target written, no .part file left."""
        self._page = None
        self._done = True
        self._discard()

    def _discard(self) -> None:
        discard_part(self._tmp)

    def close(self) -> None:
        """Finish the last page, write the PDF and move it onto the target path."""
        if self._done:
            return
        try:
            if self.page_count == 0:
                self.new_page()
            if self._duplex and not self._is_back:
                self._blank_back()
            self._finish_page()
            c = self._canvas
            width, height = self.paper.width_pt, self.paper.height_pt

            def form(name: str, draw) -> None:
                c.beginForm(name, 0, 0, width, height)
                draw()
                c.endForm()

            self._draw_later(form)  # first: a later block may hold forward text
            for name, (text, size, family, weight, grey) in self._forms().items():
                # a page number's box, or one as wide as a longer forward text (a contents note) needs
                wide = _fonts.string_width_pt(text, _fonts.font_name(family, weight), size) + 2 if text else 0
                c.beginForm(name, 0, -5, *((72, 20) if name == "pagecount" else (max(200, wide), 30)))
                if text:
                    c.setFont(_fonts.font_name(family, weight), size)
                    c.setFillGray(grey)
                    c.drawString(0, 0, text)
                c.endForm()
            if self._outline:
                c.showOutline()
            c.save()
            os.chmod(self._tmp, NEW_FILE_MODE)
            os.replace(self._tmp, self._target)
            forget_part(self._tmp)
            self._finalizer.detach()
        except BaseException:
            self.abort()
            raise
        self._done = True

    def _forms(self) -> dict[str, tuple[str, float, str, str, float]]:
        """What is known only at the end, by name: (text, size, family, weight, grey): the footer's page count and
        each forward_text() key's text (drawn where the pages placed them with _ink_form)."""
        forms = {}
        if self.footer:
            forms["pagecount"] = (str(self.page_count), FOOTER_SIZE, "condensed", "regular", 0.3)
        for i, (key, (text, size, family, weight)) in enumerate(self._forward.items()):
            forms[f"fwd{i}"] = (text, size, family, weight, self._forward_grey.get(key, 0))
        return forms

    # ------------------------------------------------------------------ pages
    def duplex_backs(self) -> None:
        """From now on every page is printed on both sides of a sheet: each front page is followed by its back,
        the mirrored page drawn for it (new_page(back=True), as doc.cells(mirror=True) starts) or else a blank
        one, so that a duplex printer never puts one sheet's page behind another's. The file ends on a back."""
        if self._page is not None and not self._is_back:
            raise RenderError("duplex_backs(): call it before the first page, or right after a back page")
        self._duplex = True

    @property
    def duplex(self) -> bool:
        """Whether pages come in front and back pairs (see duplex_backs)."""
        return self._duplex

    @property
    def on_back(self) -> bool:
        """Whether the current page is the back of the page before it."""
        return self._page is not None and self._is_back

    def _blank_back(self) -> None:
        """Finish the current (front) page and leave a blank page behind it."""
        self._finish_page()
        self.page_count += 1
        self._page = self._page_class(self, self.page_count, False)
        self._is_back = True

    def new_page(self, bookmark: str | None = None, level: int = 0, true_scale: bool | None = None, *,
                 back: bool = False) -> Page:
        """Close the current page (if any) and start a new one; bookmark adds an outline entry for it.
        true_scale=True declares it a true-scale page (calibration bar); None follows doc.true_scale_pages().
        back=True: the page is the back of the current one (printed on its reverse in duplex). In a duplex
        document (duplex_backs) a front page left without its back gets a blank one first."""
        if self._done:
            raise RenderError(f"{self.path}: the document is already closed")
        if back and self._duplex and (self._page is None or self._is_back):
            raise RenderError("new_page(back=True): a back page follows the front page it backs")
        if self._duplex and not back and self._page is not None and not self._is_back:
            self._blank_back()
        if self._page is not None:
            self._finish_page()
        self.page_count += 1
        self._is_back = bool(back)
        self._page = self._page_class(self, self.page_count, self._true_scale if true_scale is None else bool(true_scale))
        if self._section is not None:
            title, self._section = self._section, None
            self._outline_entry(title, 0, None)
        if bookmark is not None:
            self.bookmark(bookmark, level=level)
        return self._page

    @property
    def page(self) -> Page | None:
        """The page being drawn (None before the first new_page)."""
        return self._page

    def section(self, title: str | None) -> None:
        """Group what follows under one outline entry: it points at the next page started, and the bookmarks
        of the pages after it nest one level deeper. section(None) ends the grouping."""
        if title is None:
            self._section, self._level_offset = None, 0
        else:
            self._section, self._level_offset = str(title), 1

    def _forward_name(self, key: str, size: float, family: str, weight: str, grey: float = 0) -> str:
        if key not in self._forward:
            self._forward[key] = ("", size, family, weight)
            if grey:
                self._forward_grey[key] = grey
        return f"fwd{list(self._forward).index(key)}"

    def _later_place(self, key: str, page: Page, x: float, y: float, width: float) -> str:
        """Keep a later block's place (page.later); its name for the back end."""
        if key in self._later:
            raise RenderError(f"later block {key!r}: placed twice (pages {self._later[key][1]} and {page.number})")
        name = f"late{len(self._later)}"
        self._later[key] = [name, page.number, page.true_scale, x, y, width, None]
        return name

    def fill_later(self, key: str, block) -> None:
        """Say what a later block is (the block page.later(..., key) kept a place for); drawn as the document closes."""
        if key not in self._later:
            raise RenderError(f"fill_later({key!r}): no page kept a place for it (page.later)")
        self._later[key][6] = block

    def _draw_later(self, each) -> None:
        """Draw every later block on a page like the one that kept its place; `each(name, draw)` runs draw() where the
        back end wants it (a PDF form, an SVG page's parts)."""
        for key, (name, number, true_scale, x, y, width, block) in self._later.items():
            if block is None:
                raise RenderError(f"later block {key!r} on page {number}: never filled (doc.fill_later)")
            page = self._page_class(self, number, true_scale)
            page._forget_state()  # it draws where the page it sits on has set who knows what
            self._page = page
            try:
                each(name, lambda: block.draw(page, x, y, width))
            finally:
                self._page = None

    def resolve(self, key: str, text: str) -> None:
        """Say what a forward_text() key prints (e.g. the page a section starts on); may come after it is drawn."""
        _fonts.check_text(text)
        old = self._forward.get(key, ("", 9, "sans", "regular"))
        self._forward[key] = (text, *old[1:])

    def bookmark(self, title: str, level: int = 1, y: float | None = None) -> None:
        """An outline entry pointing at the current page (at y mm from the top when given).
        Inside a doc.section(), levels are one deeper than given."""
        if self._page is None:
            raise RenderError(f"bookmark {title!r}: no page yet; call doc.new_page() first")
        self.marks.append((str(title), self._page.number))
        self._outline_entry(title, int(level) + self._level_offset, y)

    def _outline_entry(self, title: str, level: int, y: float | None) -> None:
        level = max(0, min(level, self._last_level + 1))
        self._outline += 1
        self._outline_mark(f"b{self._outline}", str(title), level, y)
        self._last_level = level

    def _outline_mark(self, key: str, title: str, level: int, y: float | None) -> None:
        """An outline entry `key` at the current page (y mm from its top, or the page)."""
        c = self._canvas
        if y is None:
            c.bookmarkPage(key)
        else:
            c.bookmarkPage(key, fit="XYZ", left=0, top=self.paper.height_pt - y * MM, zoom=0)
        c.addOutlineEntry(title, key, level=level, closed=False)

    def _finish_page(self) -> None:
        page = self._page
        if page is None:
            return
        p = self.paper
        m = p.margin_mm
        bottom = p.height_mm - m
        if self.footer:
            base = bottom - 1.2
            kind = " · true scale" if page.true_scale else ""
            room = p.width_mm - 2 * m - page.text_width(" · page 9999 of 9999", FOOTER_SIZE, family="condensed")
            if kind and page.text_width(self.footer + kind, FOOTER_SIZE, family="condensed") > room:
                kind = ""  # the widest footers keep their words; the calibration bar says true scale itself
            w = page.text(m, base, f"{self.footer}{kind} · page {page.number} of ", size=FOOTER_SIZE, family="condensed", colour=0.3)
            page._ink_form(m + w, base, "pagecount")
            bottom -= FOOTER_BAND_MM
        if page.true_scale:
            page.calibration_bar(m, bottom - CAL_BAR_H_MM)
        self._page = None
        self._end_page(page)

    def _end_page(self, page: Page) -> None:
        """The page is drawn: the canvas starts the next."""
        self._canvas.showPage()
