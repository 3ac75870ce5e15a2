"""A dense record-sheet page (~120 strings, ~150 boxes) drawn through shipyard.render vs raw ReportLab canvas calls.

    python benchmarks/render_dense_page.py [pages]

The layer should stay within 2x of the raw canvas (it adds glyph checks, mm conversion and state tracking).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from shipyard.render import Document
from shipyard.render.fonts import font_name, register_all

STRINGS = [f"{w} {i}" for i, w in enumerate(["Hull", "Flotation", "9-in Dahlgren", "MSB", "Turret", "Kōtetsu"] * 20)]


def raw(path: Path, pages: int) -> None:
    register_all()
    c = Canvas(str(path), invariant=1)
    H = 841.89
    regular, bold = font_name("sans", "regular"), font_name("sans", "bold")
    for _ in range(pages):
        for i, s in enumerate(STRINGS):
            c.setFont(bold if i % 7 == 0 else regular, 7.5)
            c.drawString((15 + (i % 4) * 45) * mm, H - (20 + (i // 4) * 5) * mm, s)
        c.setLineWidth(0.25 * mm)
        for i in range(150):
            c.rect((15 + (i % 30) * 4.4) * mm, H - (190 + (i // 30) * 4.5) * mm, 3.5 * mm, 3.5 * mm, stroke=1, fill=0)
        c.showPage()
    c.save()


def layer(path: Path, pages: int) -> None:
    with Document(path, footer="bench") as doc:
        for _ in range(pages):
            page = doc.new_page()
            for i, s in enumerate(STRINGS):
                page.text(15 + (i % 4) * 45, 20 + (i // 4) * 5, s, size=7.5, weight="bold" if i % 7 == 0 else "regular")
            page.box_track(15, 186, 150, per_row=30)


def main() -> None:
    pages = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as d:
        timings = {}
        for name, fn in (("raw canvas", raw), ("shipyard.render", layer)):
            fn(Path(d) / "warm.pdf", 2)
            t = time.perf_counter()
            fn(Path(d) / f"{name}.pdf", pages)
            timings[name] = time.perf_counter() - t
            print(f"{name:16s} {pages / timings[name]:7.0f} pages/s")
        print(f"ratio {timings['shipyard.render'] / timings['raw canvas']:.2f}x")


if __name__ == "__main__":
    main()
