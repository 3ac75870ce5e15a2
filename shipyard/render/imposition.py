"""Imposition: cells on a grid across pages, duplex backs behind their fronts, cut marks along the grid.

A mixin of Document: it uses the document's paper, content box and new_page().
"""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from .page import MARK_LEN_MM, MARK_OFFSET_MM, MARK_WIDTH_MM, SAFE_MM, Page, RenderError


class Imposition:
    def _clip_segments(self, segs):
        """Clip axis-parallel segments to stay SAFE_MM inside the page edge; drop what is left empty."""
        p = self.paper
        xs, ys = (SAFE_MM, p.width_mm - SAFE_MM), (SAFE_MM, p.height_mm - SAFE_MM)
        out = []
        for x1, y1, x2, y2 in segs:
            vertical = x1 == x2
            # (fixed coordinate, its limits), (running span, its limits)
            fixed, fixed_lim, span, span_lim = (x1, xs, (y1, y2), ys) if vertical else (y1, ys, (x1, x2), xs)
            if not fixed_lim[0] <= fixed <= fixed_lim[1]:
                continue
            a, b = max(min(span), span_lim[0]), min(max(span), span_lim[1])
            if b - a > 0.2:
                out.append((x1, a, x1, b) if vertical else (a, y1, b, y1))
        return out

    def grid(self, cell_w: float, cell_h: float, gap: float = 0.0, cut_marks: bool = True) -> tuple[int, int, float, float]:
        """How cells of cell_w × cell_h mm tile doc.content: (columns, rows, x0, y0) of the grid's top-left.
        The grid is centred across the page (so a mirrored back lands on the same grid) and starts at the top."""
        band = MARK_LEN_MM + MARK_OFFSET_MM if cut_marks else 0.0
        box = self.content
        cols = int((box.w - 2 * band + gap + 1e-9) // (cell_w + gap))
        rows = int((box.h - 2 * band + gap + 1e-9) // (cell_h + gap))
        if cols < 1 or rows < 1:
            raise RenderError(
                f"a cell of {cell_w:g}×{cell_h:g} mm does not fit the {box.w:.1f}×{box.h:.1f} mm content area of "
                f"{self.paper.name} paper" + (" with room for cut marks" if cut_marks else "")
            )
        gw = cols * cell_w + (cols - 1) * gap
        x0 = box.x + (box.w - gw) / 2
        y0 = box.y + band
        return cols, rows, x0, y0

    def cells(self, count: int, cell_w: float, cell_h: float, gap: float = 0.0, cut_marks: bool = True,
              bookmark: str | None = None, *, mirror: bool = False, level: int = 0, new_page: bool = True,
              start_y: float | None = None) -> Iterator[tuple[Page, float, float]]:
        """Flow `count` cells over as many new pages as needed; yield (page, x, y) for each cell's top-left.

        Cut marks are drawn outside the grid (continuing every cell edge) and stay inside the margins.
        mirror=True fills each row right to left on a back page (new_page(back=True)): the duplex back of a sheet
        printed with mirror=False (long-edge flip) puts cell i behind cell i of the front. In a duplex document
        (doc.duplex_backs()) every front page is followed by its back, blank where nothing is drawn on it.
        new_page=False continues on the current page below start_y mm (default: below the last cells drawn on
        it, doc.cells_bottom + 2, else the top of the content), as many rows as fit there, then goes on to new pages:
        for a handful of markers that need no page of their own. Never with mirror (a back must match its front).
        """
        cols, rows, x0, y0 = self.grid(cell_w, cell_h, gap, cut_marks)
        band = y0 - self.content.y
        per_page = cols * rows
        W = self.paper.width_mm
        done = 0
        first = True
        while done < count:
            here = None
            # continue on the current page, never on a back (what is drawn there would print behind a front)
            if first and not new_page and self._page is not None and not mirror and not self.on_back:
                page = self._page
                top = start_y if start_y is not None else (self._cells_bottom + 2.0 if self._cells_page is page else page.content.y)
                fit = int((page.content.bottom - band - (top + band) + gap + 1e-9) // (cell_h + gap))
                if fit >= 1:
                    here = (top + band, cols * fit)
                    if bookmark is not None:
                        self.bookmark(bookmark, level=level, y=top)
            if here is None:
                page = self.new_page(bookmark=bookmark if first else None, level=level, back=mirror)
                here = (y0, per_page)
            first = False
            gy, room = here
            n = min(room, count - done)
            if cut_marks:
                self._grid_marks(page, n, cols, x0, gy, cell_w, cell_h, gap, mirror)
            used_rows = math.ceil(n / cols)
            self._cells_page = page
            self._cells_bottom = gy + used_rows * (cell_h + gap) - gap + band
            for k in range(n):
                r, col = divmod(k, cols)
                x = x0 + col * (cell_w + gap)
                if mirror:
                    x = W - x - cell_w
                yield page, x, gy + r * (cell_h + gap)
                if self._page is not page:
                    raise RenderError("doc.cells(): a new page was started inside the loop; draw only on the page yielded")
            done += n

    def duplex_cells(self, items: Sequence, cell_w: float, cell_h: float, backs: bool = True, bookmark: str | None = None,
                     back_bookmark: str | None = None, *, level: int = 0) -> Iterator[tuple[Page, float, float, object, bool]]:
        """Each page-full of items on a front page and, with backs, a mirrored back page after it (long-edge flip:
        cell i of the back lies behind cell i of the front). Yields (page, x, y, item, is_back); the bookmarks go on
        the first front and the first back page."""
        items = list(items)
        cols, rows, _, _ = self.grid(cell_w, cell_h)
        per_page = cols * rows
        for start in range(0, len(items), per_page):
            chunk = items[start:start + per_page]
            for (page, x, y), item in zip(self.cells(len(chunk), cell_w, cell_h, bookmark=bookmark if start == 0 else None,
                                                     level=level), chunk):
                yield page, x, y, item, False
            if backs:
                for (page, x, y), item in zip(self.cells(len(chunk), cell_w, cell_h, mirror=True, level=level,
                                                         bookmark=back_bookmark if start == 0 else None), chunk):
                    yield page, x, y, item, True

    @property
    def cells_bottom(self) -> float | None:
        """How far down (mm, cut marks included) the last doc.cells() grid reaches on the current page; None when
        the current page has none. Where a new_page=False grid starts by default."""
        return self._cells_bottom if self._cells_page is not None and self._cells_page is self._page else None

    def _grid_marks(self, page: Page, n: int, cols: int, x0: float, y0: float, cw: float, ch: float, gap: float, mirror: bool) -> None:
        used_cols = min(cols, n)
        used_rows = math.ceil(n / cols)
        W = self.paper.width_mm
        xs: set[float] = set()
        for col in range(used_cols):
            left = x0 + col * (cw + gap)
            if mirror:
                left = W - left - cw
            xs.update((round(left, 4), round(left + cw, 4)))
        ys: set[float] = set()
        for r in range(used_rows):
            top = y0 + r * (ch + gap)
            ys.update((round(top, 4), round(top + ch, 4)))
        top, bottom = min(ys), max(ys)
        left, right = min(xs), max(xs)
        o, L = MARK_OFFSET_MM, MARK_LEN_MM
        segs = []
        for x in sorted(xs):
            segs.append((x, top - o - L, x, top - o))
            segs.append((x, bottom + o, x, bottom + o + L))
        for y in sorted(ys):
            segs.append((left - o - L, y, left - o, y))
            segs.append((right + o, y, right + o + L, y))
        page.lines(self._clip_segments(segs), width=MARK_WIDTH_MM)
