"""Render two builds of a PDF page by page and show the pages that differ, before beside after.

    python tools/compare_pages.py before.pdf after.pdf -o /tmp/pairs [--dpi 50]

Prints each page's verdict (same / differs, and the share of pixels that changed) and writes
pairs/page-NN.png (before left, after right) for every page that differs, to look at as a player would. A page
count that differs is said first. Uses pypdfium2 (a dependency of shipyard) and Pillow (which it brings).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops


def pages(path: Path, dpi: float) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(str(path))
    return [pdf[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(pdf))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("-o", "--out", type=Path, required=True, help="folder for the before|after pairs")
    ap.add_argument("--dpi", type=float, default=50)
    a = ap.parse_args(argv)
    old, new = pages(a.before, a.dpi), pages(a.after, a.dpi)
    if len(old) != len(new):
        print(f"page count differs: {len(old)} before, {len(new)} after")
    a.out.mkdir(parents=True, exist_ok=True)
    changed = 0
    for n in range(max(len(old), len(new))):
        b = old[n] if n < len(old) else Image.new("L", new[n].size, 255)
        c = new[n] if n < len(new) else Image.new("L", old[n].size, 255)
        size = (max(b.width, c.width), max(b.height, c.height))
        b2, c2 = (Image.new("L", size, 255) for _ in range(2))
        b2.paste(b), c2.paste(c)
        diff = ImageChops.difference(b2, c2).point(lambda v: 255 if v > 24 else 0)
        share = sum(diff.histogram()[255:]) / (size[0] * size[1])
        if share == 0:
            print(f"page {n + 1}: same")
            continue
        changed += 1
        pair = Image.new("L", (size[0] * 2 + 10, size[1]), 128)
        pair.paste(b2, (0, 0)), pair.paste(c2, (size[0] + 10, 0))
        name = a.out / f"page-{n + 1:02d}.png"
        pair.save(name)
        print(f"page {n + 1}: differs ({share:.2%} of pixels) -> {name}")
    print(f"{changed} of {max(len(old), len(new))} pages differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
