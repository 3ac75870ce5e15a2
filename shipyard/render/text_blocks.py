"""Blocks of text: paragraphs that wrap and split between lines, notes, runs of mixed type, legends, headings
and a sheet's title."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

from .text import wrap_lines
from .measure import PT, _s, _PARAGRAPHS, _keep, text_width, _memo, Block


# ---------------------------------------------------------------------------------------------- text


KEEP_LINES = 2  # a paragraph split over two pages keeps at least this many lines on each


@dataclass
class Text(Block):
    """A paragraph that wraps to the width. leading is a multiple of the size."""

    text: str
    size: float = 7.5
    weight: str = "regular"
    family: str = "sans"
    colour: object = None
    align: str = "left"
    leading: float = 1.25
    space_after: float = 0.0

    def _lines(self, width: float) -> list[str]:
        return wrap_lines(_s(self.text), width, self.size, self.weight, self.family)

    def measure(self, width: float) -> float:
        return len(self._lines(width)) * self.size * self.leading * PT + self.space_after

    def split(self, width, room):
        """Between lines: the lines that fit `room` mm, the rest to go on overleaf (a cover's long history); never
        fewer than KEEP_LINES on either side (no lone line at a page's foot or head: a short note stays whole)."""
        if self.measure(width) <= room + 1e-6:
            return self, None
        lines = self._lines(width)
        fit = min(int((room + 1e-6) // (self.size * self.leading * PT)), len(lines) - KEEP_LINES)
        if fit < KEEP_LINES:
            return None, self
        return (replace(self, text="\n".join(lines[:fit]), space_after=0.0),
                replace(self, text="\n".join(lines[fit:])))

    def draw(self, page, x, y, width):
        step = self.size * self.leading * PT
        base = y + step * 0.78
        tx = x if self.align == "left" else (x + width / 2 if self.align in ("centre", "center") else x + width)
        for line in self._lines(width):
            if line:
                page.text(tx, base, line, size=self.size, weight=self.weight, family=self.family, colour=self.colour,
                          align=self.align)
            base += step
        return self.measure(width)

    def texts(self):
        return [_s(self.text)]


def Note(text: str, size: float = 6.5, colour=0.25, **kw) -> Text:
    """A small grey remark."""
    return Text(text, size=size, colour=colour, **kw)


@dataclass
class Runs(Block):
    """A paragraph of runs of different weights: [("Fire", "bold"), (" roll 2d6 …", "regular")], wrapped by words."""

    runs: Sequence[tuple[str, str]]
    size: float = 7.0
    family: str = "sans"
    leading: float = 1.3
    colour: object = None

    def _lines(self, width: float) -> list[list[tuple[str, str, float]]]:
        """Lines of (text, weight, x offset)."""
        return _memo(self, "_lines", width, self._lines_uncached)

    def _lines_uncached(self, width: float) -> list[list[tuple[str, str, float]]]:
        """The wrapped lines, shared by every paragraph of the same runs at the same size and width (each unit's sheet
        prints the same keys and rule reminders): wrapped once a run of shipyard."""
        key = (tuple(map(tuple, self.runs)), self.size, self.family, round(width, 4))
        lines = _PARAGRAPHS.get(key)
        if lines is None:
            lines = _keep(_PARAGRAPHS, key, self._wrap(width))
        return lines

    def _wrap(self, width: float) -> list[list[tuple[str, str, float]]]:
        space = {w: text_width(" ", self.size, w, self.family) for w in ("regular", "bold")}
        lines: list[list[tuple[str, str, float]]] = [[]]
        x = 0.0
        trailing = False  # the run before ended in a space: the next run's first word is a new word
        for text, weight in self.runs:
            for k, para in enumerate(_s(text).split("\n")):
                if k:
                    lines.append([])
                    x = 0.0
                lead_space = para[:1] == " " or trailing
                trailing = para[-1:] == " "
                for i, word in enumerate(para.split()):
                    ww = text_width(word, self.size, weight, self.family)
                    gap = space[weight] if (x > 0 and (i > 0 or lead_space)) else 0.0
                    if x > 0 and x + gap + ww > width + 1e-6:
                        lines.append([])
                        x, gap = 0.0, 0.0
                    last = lines[-1][-1] if lines[-1] else None
                    if last is not None and gap > 0 and last[1] == weight:
                        # words of one weight go on as one string, with their spaces (text extraction sees words)
                        lines[-1][-1] = (last[0] + " " + word, weight, last[2])
                    elif gap > 0:
                        # a word after a change of weight prints its space (the new weight's, the gap's width) from
                        # where the last word ended: a gap alone is 2 pt at 7 pt, under a text reader's tolerance, and
                        # a bold term ran into its gloss ("Drawing countersblind", play 41's other defects)
                        lines[-1].append((" " + word, weight, x))
                    else:
                        lines[-1].append((word, weight, x))
                    x += gap + ww
        return lines

    def measure(self, width):
        return len(self._lines(width)) * self.size * self.leading * PT

    def draw(self, page, x, y, width):
        step = self.size * self.leading * PT
        base = y + step * 0.78
        for line in self._lines(width):
            for word, weight, dx in line:
                page.text(x + dx, base, word, size=self.size, weight=weight, family=self.family, colour=self.colour)
            base += step
        return self.measure(width)

    def texts(self):
        return ["".join(t for t, _ in self.runs)]


@dataclass
class Legend(Block):
    """Keys and what they mean, run together: bold key, its meaning, then the next: 'MSB medium smoothbore · …'."""

    items: Sequence[tuple[str, str]]
    size: float = 6.5
    title: str | None = None
    leading: float = 1.3  # as Runs' own

    def _runs(self) -> Runs:
        """The legend as one paragraph of runs, made once (so its wrapped lines are kept per width, see _memo)."""
        made = self.__dict__.get("_made_runs")
        if made is None:
            runs: list[tuple[str, str]] = []
            if self.title:
                runs.append((self.title + " ", "bold"))
            for i, (key, meaning) in enumerate(self.items):
                runs.append(((" · " if i else "") + str(key), "bold"))
                runs.append((" " + str(meaning), "regular"))
            made = self.__dict__["_made_runs"] = Runs(runs, size=self.size, leading=self.leading)
        return made

    def measure(self, width):
        return self._runs().measure(width) if self.items else 0.0

    def draw(self, page, x, y, width):
        return self._runs().draw(page, x, y, width) if self.items else 0.0

    def texts(self):
        return [f"{k} {m}" for k, m in self.items]


@dataclass
class Heading(Block):
    """A bold section heading with a thin rule under it."""

    text: str
    size: float = 8.5
    colour: object = None
    rule_colour: object = 0.5
    space_before: float = 1.0

    def _lines(self, width):
        return wrap_lines(self.text, width, self.size, "bold")

    def measure(self, width):
        return self.space_before + len(self._lines(width)) * self.size * 1.2 * PT + 1.6

    def draw(self, page, x, y, width):
        step = self.size * 1.2 * PT
        base = y + self.space_before + step * 0.8
        for line in self._lines(width):
            page.text(x, base, line, size=self.size, weight="bold", colour=self.colour)
            base += step
        rule_y = y + self.measure(width) - 0.8
        page.line(x, rule_y, x + width, rule_y, width=0.25, colour=self.rule_colour)
        return self.measure(width)

    def texts(self):
        return [self.text]


@dataclass
class Title(Block):
    """A unit's name (large, shrinking to fit down to `min_size`, then wrapping) over a grey subtitle, with a
    coloured rule under both."""

    title: str
    subtitle: str = ""
    size: float = 16.0
    min_size: float = 11.0
    rule_colour: object = 0.0
    sub_size: float = 7.5

    def _title_size(self, width):
        w1 = text_width(self.title, 1.0, "bold")
        return max(self.min_size, min(self.size, math.floor(width / w1 * 10) / 10)) if w1 else self.size

    def _parts(self, width):
        size = self._title_size(width)
        return size, wrap_lines(self.title, width, size, "bold"), (wrap_lines(self.subtitle, width, self.sub_size)
                                                                     if self.subtitle else [])

    def measure(self, width):
        size, lines, subs = self._parts(width)
        return len(lines) * size * 1.15 * PT + len(subs) * self.sub_size * 1.25 * PT + 2.2

    def draw(self, page, x, y, width):
        size, lines, subs = self._parts(width)
        base = y + size * 0.9 * PT
        for line in lines:
            page.text(x, base, line, size=size, weight="bold")
            base += size * 1.15 * PT
        base = y + len(lines) * size * 1.15 * PT + self.sub_size * 1.05 * PT
        for line in subs:
            page.text(x, base, line, size=self.sub_size, colour=0.25)
            base += self.sub_size * 1.25 * PT
        h = self.measure(width)
        page.line(x, y + h - 0.6, x + width, y + h - 0.6, width=0.8, colour=self.rule_colour)
        return h

    def texts(self):
        return [self.title, self.subtitle]
