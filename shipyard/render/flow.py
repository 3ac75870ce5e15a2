"""The flow: blocks onto the pages of a document, each where it fits, split where it allows."""

from __future__ import annotations

from .page import Page, RenderError
from .measure import Block


# ---------------------------------------------------------------------------------------------- flow


class Flow:
    """Puts blocks on the pages of a document: a block goes below the last one when it fits, else on a new page;
    a block taller than a whole page splits where it allows (tables between rows, stacks between children).
    Two units share a page whenever both fit, with a thin rule between them.

    fill: a block that does not fit whole in what is left of the page begins there when its first part fits (a
    roster's next side, its header repeated overleaf) rather than on a new page; a sheet's flow leaves it off so
    that a unit's sheet starts whole on a page of its own.

    header: a running header (a block) the flow sets at the top of every page it starts, `gap` above the first block
    (a rule set's record cards may say how to mark them on each page): page furniture the flow owns, so no pager
    re-adds it. add(..., page_bookmark=) names the page in the outline when that block starts one.

        flow = Flow(doc)
        for unit in units:
            flow.add(sheet_blocks(unit), bookmark=unit.name)
    """

    def __init__(self, doc, gap: float = 5.0, rule: bool = True, true_scale: bool = False, fill: bool = False,
                 header: Block | None = None):
        self.doc = doc
        self.gap = gap
        self.rule = rule
        self.true_scale = true_scale
        self.fill = fill
        self.header = header
        self._page: Page | None = None
        self._y = 0.0
        self._body_top = 0.0  # where a page's blocks begin, below its header
        self.top = 0.0  # where the last block added began on its page

    def _new_page(self, bookmark, level):
        self._page = self.doc.new_page(bookmark=bookmark, level=level, true_scale=self.true_scale)
        self._y = self._page.content.y
        if self.header is not None:
            box = self.doc.content_for(self.true_scale)
            self.header.draw(self._page, box.x, self._y, box.w)
            self._y += self.header.measure(box.w) + self.gap
        self._body_top = self._y

    def room(self) -> float:
        """Room left on the page the flow is on (0 when it has none)."""
        if self._page is None or self.doc.page is not self._page:
            return 0.0
        return self._page.content.bottom - self._y

    def _starts_here(self, block: Block, width: float) -> bool:
        """Whether the first part of `block` fits what is left of the page below the gap."""
        head, _ = block.split(width, self.room() - self.gap)
        return head is not None

    def add(self, block: Block, bookmark: str | None = None, level: int = 0, new_page: bool = False,
            page_bookmark: str | None = None) -> None:
        doc = self.doc
        box = doc.content_for(self.true_scale)
        width = box.w
        h = block.measure(width)
        on_page = self._page is not None and doc.page is self._page and not new_page
        if on_page and (h + self.gap <= self.room() or self.fill and self._starts_here(block, width)):
            self._y += self.gap / 2
            if self.rule:
                self._page.line(box.x, self._y, box.right, self._y, width=0.2, dash=(1.2, 1.2), colour=0.6)
            self._y += self.gap / 2
            if bookmark is not None:
                doc.bookmark(bookmark, level=level, y=self._y)
        elif page_bookmark is not None:
            self._new_page(page_bookmark, 0)
            if bookmark is not None:
                doc.bookmark(bookmark, level=level, y=self._y)
        else:
            self._new_page(bookmark, level)
        self.top = self._y
        page_h = self._page.content.bottom - self._body_top
        for piece in pieces(block, width, self._page.content.bottom - self._y, page_h):
            if piece is NEW_PAGE:
                self._new_page(None, level)
            else:
                piece.draw(self._page, box.x, self._y, width)
                self._y += piece.measure(width)


NEW_PAGE = None  # what `pieces` yields where the flow must start a new page


def pieces(block: Block, width: float, room: float, page_h: float):
    """The flow's one fit-or-split rule: the parts of `block` in order, with NEW_PAGE where a new page must start.
    The block goes whole where it fits the `room` left; else it splits where it allows (a table between rows, a stack
    between children) and goes on on a fresh page of `page_h`; a block that neither fits nor splits on a fresh page is
    an error."""
    rest: Block | None = block
    while rest is not None:
        h = rest.measure(width)
        if h <= room + 1e-6:
            yield rest
            return
        head, tail = rest.split(width, room)
        if head is None:
            if room >= page_h - 1e-6:
                raise RenderError(f"a block {h:.1f} mm tall does not fit a page {room:.1f} mm tall and cannot split "
                                  f"({type(rest).__name__}: {' '.join(rest.texts())[:60]!r})")
        else:
            yield head
            rest = tail
            if rest is None:
                return
        yield NEW_PAGE
        room = page_h


def flow_pages(blocks: list[Block], width: float, page_h: float, gap: float,
               new_page: list[bool] | None = None, fill: list[bool] | None = None) -> int:
    """How many pages Flow(doc, gap=gap) puts these blocks on, the first on a new page, without drawing (Flow.add's
    rule: the next block after a gap where it fits, else on a new page, then `pieces`; `new_page[k]`: block k is
    added with new_page=True; `fill[k]`: with the flow's fill on, so that it begins in the room left where its first
    part fits); 99 when one cannot be placed."""
    pages, room = 0, 0.0
    try:
        for k, block in enumerate(blocks):
            h = block.measure(width)
            here = k and not (new_page and new_page[k])
            if here and h + gap <= room:
                room -= h + gap
                continue
            if here and fill and fill[k] and block.split(width, room - gap)[0] is not None:
                room -= gap  # it begins under the last block and runs on overleaf
            else:
                pages, room = pages + 1, page_h
            for piece in pieces(block, width, room, page_h):
                if piece is NEW_PAGE:
                    pages, room = pages + 1, page_h
                else:
                    room -= piece.measure(width)
    except RenderError:
        return 99
    return pages
