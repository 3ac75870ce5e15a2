"""A demo of every primitive on A4 and Letter: `python tools/render_demo.py [folder]`.

Render the result as PNGs and look at it whenever the layer changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shipyard.render.document import Document


def build(path: Path, paper: str) -> None:
    with Document(path, paper=paper, title=f"shipyard render demo ({paper})", subject="every primitive",
                  footer=f"shipyard render demo · {paper}", strict=True) as doc:
        c = doc.content
        page = doc.new_page(bookmark="Text, tracks and tables")
        y = c.y + 6
        page.text(c.x, y, "IJN Kōtetsu (ex-CSS Stonewall)", size=16, weight="bold")
        page.text(c.right, y, "right-aligned", align="right", colour=0.4)
        y += 6
        page.text(c.centre_x, y, "centred, condensed, red", align="centre", family="condensed", colour=(0.7, 0, 0))
        page.fit_text(c.x, y, "fit_text shrinks this long string into 45 mm", 45)
        y += 6
        lw = 22
        for label, n, marks, pre in (("Hull", 57, {28: "½", 14: "¼"}, 0), ("Flotation", 12, {6: "½"}, 2),
                                     ("Turret", 8, None, 0), ("Wheel (P)", 10, None, 10)):
            w, h = page.box_track(c.x, y, n, label=label, label_w=lw, marks=marks, prefilled=pre)
            y += h + 2
        y += 2
        widths = [c.w * f for f in (0.3, 0.1, 0.12, 0.12, 0.12, 0.12, 0.12)]
        rows = [["11-in Dahlgren smoothbore", "HSB", 2, "0–10", "10–30", "30–60", "60–90"],
                ["9-in Dahlgren smoothbore", "MSB", 6, "0–10", "10–25", "25–50", None],
                ["7-in Brooke rifle, a name too long for its column", "HR", 2, "0–10", "10–30", "30–70", "70–100"]] * 2
        y += page.table(c.x, y, widths, rows, header=["Gun", "Code", "No.", "PB", "S", "M", "L"], bold_first_col=True) + 4
        y = page.wrap_text(c.x, y, "wrap_text: " + "Orders are written before movement; a vessel that "
                           "cannot reach her ordered speed moves at the best she can. " * 3, c.w * 0.6, size=8)
        page.calibration_bar(c.x, y)
        y += 12
        page.circle(c.x + 25, y + 25, 22)
        page.arc(c.x + 25, y + 25, 17, 0, 90, width=0.8)
        page.text(c.x + 25 + 17, y + 25 + 4, "0°", size=6, align="centre")
        page.wedge(c.x + 80, y + 30, 25, 45, 90, fill=0.85)
        page.polygon([(c.x + 120, y + 5), (c.x + 170, y + 5), (c.x + 145, y + 45)], fill=(1, 0.85, 0.85))
        page.line(c.x, y + 52, c.right, y + 52, dash=(2, 1))
        page.rect(c.x, y + 55, 40, 20, fill=0.9)
        page.cut_marks(c.x + 60, y + 58, 40, 20)
        page.text(c.x + 80, y + 69, "cut_marks()", align="centre")

        for pg, x, cy in doc.cells(70, 22, 22, bookmark="Counters (cells)"):
            pg.rect(x, cy, 22, 22, width=0.1, colour=0.6)
            pg.text(x + 11, cy + 10, "Fast", align="centre", weight="bold")
            pg.text(x + 11, cy + 16, "ahead", align="centre", size=6)

    with Document(path.with_name(path.stem + "-true-scale.pdf"), paper=paper, title="true-scale demo", true_scale=True,
                  footer="true scale", strict=True) as doc:
        c = doc.content
        page = doc.new_page(bookmark="Template")
        page.arc(c.x, c.y + 100, 100, 0, 90, width=0.3)
        page.text(c.x + 3, c.y + 96, "radius 100 mm", size=7)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "output")
    for paper in ("a4", "letter"):
        build(out / f"render-demo-{paper}.pdf", paper)
        print(f"wrote {out / f'render-demo-{paper}.pdf'}")


if __name__ == "__main__":
    main()
