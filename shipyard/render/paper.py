"""Paper sizes, margins and the millimetre boxes that layouts are built from."""

from __future__ import annotations

from dataclasses import dataclass

MM = 72.0 / 25.4  # PDF points per millimetre

#: No ink is ever drawn closer than this to a page edge (home printers cannot reach it, and viewers
#: shrink-to-fit a page that has ink there).
INK_LIMIT_MM = 8.0


def mm_to_pt(value_mm: float) -> float:
    """Millimetres to PDF points."""
    return value_mm * MM


def pt_to_mm(value_pt: float) -> float:
    """PDF points to millimetres."""
    return value_pt / MM


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float
    margin_mm: float = 10.0

    @property
    def width_pt(self) -> float:
        return self.width_mm * MM

    @property
    def height_pt(self) -> float:
        return self.height_mm * MM

    @property
    def printable(self) -> "Box":
        """Everything inside the margins (the content box plus the footer band)."""
        m = self.margin_mm
        return Box(m, m, self.width_mm - 2 * m, self.height_mm - 2 * m)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres, origin top-left, y downward."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre_x(self) -> float:
        return self.x + self.w / 2

    @property
    def centre_y(self) -> float:
        return self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def below(self, y: float) -> "Box":
        """The part of this box from y (mm, page coordinates) down to its bottom."""
        return Box(self.x, y, self.w, self.bottom - y)

    def columns(self, n: int, gap: float = 0.0) -> list["Box"]:
        """Split into n equal columns separated by gap mm."""
        w = (self.w - gap * (n - 1)) / n
        return [Box(self.x + i * (w + gap), self.y, w, self.h) for i in range(n)]

    def contains(self, x: float, y: float, tol: float = 1e-6) -> bool:
        return self.x - tol <= x <= self.right + tol and self.y - tol <= y <= self.bottom + tol
