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
    """The code's modules, row by row (True: dark). Encoded once per text: the encoder tries all eight masks (~8 ms a
    code), and a game's packs, pages and live sheets show the same links again and again. ReportLab's encoder, its
    mask chosen as its make() chooses it (_best_mask)."""
    from reportlab.graphics.barcode.qr import QrCodeWidget

    qr = QrCodeWidget(text, barLevel="M").qr
    if qr.version is None:
        qr.version = qr.calculate_version()
    qr.makeImpl(False, _best_mask(qr))
    return tuple(tuple(bool(m) for m in row) for row in qr.modules)


RULE3 = b"10111010000"  # ReportLab's finder-like run (dark, light, three dark, light, dark, four light)
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _best_mask(qr) -> int:
    """The mask ReportLab's QRCode.getBestMaskPattern picks: each of the eight laid out as its trial and scored, the
    first with the least penalty. Scored here (_penalty) as its QRUtil.getLostPoint scores it, in C's string and
    integer operations rather than a Python loop a module: its scoring was most of every code's time, and a pack
    from a game draws one on every sheet."""
    best, least = 0, None
    for mask in range(8):
        qr.makeImpl(True, mask)
        lost = _penalty(qr.modules)
        if least is None or lost < least:
            best, least = mask, lost
    return best


def _penalty(modules) -> int:
    """ReportLab's QRUtil.getLostPoint, quirks and all: runs of five or more alike in a row or a column (length - 2
    each), 3 for each 2x2 block alike, 40 for each RULE3 run found along a row (never down a column: it compares a
    column's tuple with its list), and 10 for each 5 % the dark share strays from half."""
    import re

    rows = [bytes(row).translate(_DIGITS) for row in modules]  # b"0110...": a module each (bools are 0 and 1)
    n = len(rows)
    score = 0
    for line in rows + [bytes(col) for col in zip(*rows)]:
        for run in re.finditer(rb"0{5,}|1{5,}", line):
            score += run.end() - run.start() - 2
    bits = [int(row, 2) for row in rows]
    full = (1 << n) - 1
    for above, row in zip(bits, bits[1:]):
        alike = ~(above ^ row) & full  # each column where this row and the one above agree
        score += 3 * bin(alike & (alike >> 1) & ~(row ^ (row >> 1))).count("1")
    last = n - len(RULE3)
    for row in rows:
        at = row.find(RULE3)
        while 0 <= at < last:
            score += 40
            at = row.find(RULE3, at + len(RULE3))
    dark = sum(row.count(b"1") for row in rows)
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)


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
