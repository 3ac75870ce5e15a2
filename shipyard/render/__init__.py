"""The render layer: paper, not games.

Millimetres everywhere, origin at the top-left of the page, y downward; font sizes and leading in points.

    from shipyard.render import Document
    with Document(path, paper="a4", title=..., subject=..., footer="Smoke on the Water") as doc:
        box = doc.content                      # Box(x, y, w, h): lay out from this, never from a fixed paper size
        page = doc.new_page(bookmark="USS Monitor")
        page.text(box.x, box.y + 6, "USS Monitor", size=14, weight="bold")
        w, h = page.box_track(box.x, box.y + 10, 18, marks={9: "½"}, label="HDP")
        h = page.table(box.x, box.y + 30, [40, 20, 20], rows, header=["Gun", "Code", "No."])
        doc.section("Counters")                # an outline entry; the bookmarks after it nest below it
        for page, x, y in doc.cells(40, 20, 20):   # cut marks drawn, pages added as needed
            ...

Document: paper, content, page, page_count, new_page(bookmark, level), bookmark(title, level, y), section(title),
          cells(count, w, h, gap, cut_marks, bookmark, mirror=, new_page=, start_y=), cells_bottom,
          duplex_cells(items, w, h, backs, bookmark, back_bookmark),
          grid(w, h, gap, cut_marks), true_scale (settable
          between pages), strict (or SHIPYARD_RENDER_STRICT=1: any ink within 8 mm of the edge raises RenderError),
          close() / abort() for use without `with`.
Page:     text, text_width, fit_text, wrap_text, wrap_lines, line, lines, rect, circle, arc, wedge, polygon,
          box_track, table, calibration_bar, cut_marks, content, number.
chart:    scatter(page, x, y, w, h, points=[(x, y, label, series)], x_label, y_label, series_styles) in render.chart.
"""

from .document import Document, Page, RenderError
from .fonts import check_text
from .paper import INK_LIMIT_MM, PAPERS, Box, Paper, mm_to_pt, pt_to_mm

__all__ = ["Document", "Page", "Paper", "PAPERS", "Box", "RenderError", "mm_to_pt", "pt_to_mm", "check_text", "INK_LIMIT_MM"]
