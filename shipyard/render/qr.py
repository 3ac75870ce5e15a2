"""A QR code as a block of the kit: its dark modules drawn as filled squares (ReportLab's own encoder, no new
dependency), so the same code prints in the PDF and shows in the SVG. A printed sheet carries one that opens the
unit's live sheet in a game (app/games.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .measure import PT, Block
from .page import Page

QUIET_MODULES = 2  # the light margin around a code, in modules (the standard asks 4; the page's white does the rest)


@lru_cache(maxsize=512)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules, row by row (True: dark). Encoded once per text: the encoder tries all eight masks (~0.1 s a
    code), and a game's packs, pages and live sheets show the same links again and again."""
    from reportlab.graphics.barcode.qr import QrCodeWidget

    widget = QrCodeWidget(text, barLevel="M")
    widget.qr.make()
    return tuple(tuple(bool(m) for m in row) for row in widget.qr.modules)


@dataclass
class QrCode(Block):
    """A square QR code `size` mm a side (quiet margin included) at the block's top left, with a caption under it."""

    text: str
    size: float = 16.0
    caption: str = ""
    caption_pt: float = 6.0

    def modules(self) -> tuple[tuple[bool, ...], ...]:
        return qr_modules(self.text)

    def measure(self, width: float) -> float:
        return self.size + (self.caption_pt * PT * 1.4 if self.caption else 0.0)

    def draw(self, page: Page, x: float, y: float, width: float) -> float:
        rows = self.modules()
        n = len(rows) + 2 * QUIET_MODULES
        cell = self.size / n
        for r, row in enumerate(rows):
            c = 0
            while c < len(row):  # a run of dark modules as one rectangle
                if not row[c]:
                    c += 1
                    continue
                start = c
                while c < len(row) and row[c]:
                    c += 1
                page.rect(x + (QUIET_MODULES + start) * cell, y + (QUIET_MODULES + r) * cell, (c - start) * cell, cell,
                          stroke=False, fill=0)
        if self.caption:
            page.text(x + self.size / 2, y + self.size + self.caption_pt * PT * 1.1, self.caption, size=self.caption_pt,
                      align="centre")
        return self.measure(width)

    def texts(self) -> list[str]:
        return [self.caption] if self.caption else []


@dataclass
class Beside(Block):
    """A block with a narrow one of fixed width at its right (a heading with its QR code)."""

    main: Block
    side: Block
    side_width: float
    gap: float = 3.0

    def measure(self, width: float) -> float:
        return max(self.main.measure(width - self.side_width - self.gap), self.side.measure(self.side_width))

    def draw(self, page: Page, x: float, y: float, width: float) -> float:
        self.main.draw(page, x, y, width - self.side_width - self.gap)
        self.side.draw(page, x + width - self.side_width, y, self.side_width)
        return self.measure(width)

    def texts(self) -> list[str]:
        return self.main.texts() + self.side.texts()


def qr_svg(text: str, label: str = "") -> str:
    """The code as an inline SVG for a page on screen (scales to its box; dark modules as one path)."""
    rows = qr_modules(text)
    n = len(rows) + 2 * QUIET_MODULES
    d = "".join(f"M{c + QUIET_MODULES} {r + QUIET_MODULES}h1v1h-1z" for r, row in enumerate(rows)
                for c, dark in enumerate(row) if dark)
    from html import escape

    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" role="img" aria-label="{escape(label)}"'
            f' shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/><path d="{d}" fill="#000"/></svg>')
