"""Blocks that hold blocks: a stack (one under another), columns (side by side), a panel (a framed block)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .measure import _memo, Block


# ---------------------------------------------------------------------------------------------- containers


@dataclass
class Stack(Block):
    """Blocks one under another, `gap` mm apart. Splits between its children (a child that can split, splits)."""

    children: Sequence[Block]
    gap: float = 2.5
    keep_together: bool = False

    def __post_init__(self):
        self.children = [c for c in self.children if c is not None]

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        hs = [c.measure(width) for c in self.children]
        return sum(hs) + self.gap * max(0, len([h for h in hs if h > 0]) - 1)

    def draw(self, page, x, y, width):
        top = y
        first = True
        for c in self.children:
            h = c.measure(width)
            if h <= 0:
                continue
            if not first:
                top += self.gap
            c.draw(page, x, top, width)
            top += h
            first = False
        return top - y

    def split(self, width, room):
        if self.keep_together:
            return None, self
        used, head = 0.0, []
        for i, c in enumerate(self.children):
            h = c.measure(width)
            g = self.gap if head else 0.0
            if used + g + h <= room:
                head.append(c)
                used += g + h
                continue
            first, rest = c.split(width, room - used - g)
            if first is not None:
                head.append(first)
            tail = ([rest] if rest is not None else []) + list(self.children[i + 1:])
            if not head:
                return None, self
            return Stack(head, self.gap), (Stack(tail, self.gap) if tail else None)
        return self, None

    def texts(self):
        return [t for c in self.children for t in c.texts()]


@dataclass
class Columns(Block):
    """Blocks side by side: widths as relative weights (equal when None), `gap` mm between."""

    children: Sequence[Block]
    weights: Sequence[float] | None = None
    gap: float = 4.0

    def _widths(self, width):
        n = len(self.children)
        weights = self.weights or [1.0] * n
        total = float(sum(weights))
        room = width - self.gap * (n - 1)
        return [room * w / total for w in weights]

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        return max((c.measure(w) for c, w in zip(self.children, self._widths(width))), default=0.0)

    def draw(self, page, x, y, width):
        cx = x
        for c, w in zip(self.children, self._widths(width)):
            c.draw(page, cx, y, w)
            cx += w + self.gap
        return self.measure(width)

    def texts(self):
        return [t for c in self.children for t in c.texts()]


@dataclass
class Panel(Block):
    """A block in a thin frame, with an optional title bar."""

    child: Block
    title: str | None = None
    padding: float = 1.8
    fill: object = None

    def _inner(self, width):
        return width - 2 * self.padding

    def _title_h(self):
        return 4.6 if self.title else 0.0

    def measure(self, width):
        return _memo(self, "measure", width, self._measure_uncached)

    def _measure_uncached(self, width):
        return self._title_h() + self.child.measure(self._inner(width)) + 2 * self.padding

    def draw(self, page, x, y, width):
        h = self.measure(width)
        if self.fill is not None:
            page.rect(x, y, width, h, stroke=False, fill=self.fill)
        if self.title:
            page.rect(x, y, width, self._title_h(), stroke=False, fill=0.85)
            page.fit_text(x + self.padding, y + 3.3, self.title, width - 2 * self.padding, size=7.5, min_size=6,
                          weight="bold")
        page.rect(x, y, width, h, width=0.3)
        self.child.draw(page, x + self.padding, y + self._title_h() + self.padding, self._inner(width))
        return h

    def texts(self):
        return ([self.title] if self.title else []) + self.child.texts()
