"""The render layer: paper, not games.

Millimetres everywhere, origin at the top-left of the page, y downward; font sizes and leading in points.

    from shipyard.render import Document
    with Document(path, paper="a4", title=..., subject=..., footer="Battle of Mobile Bay") as doc:
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
          grid(w, h, gap, cut_marks), true_scale_pages() (a with-block: the pages started inside carry the
          calibration bar; the setting cannot leak past it), content_for(true_scale), strict (or SHIPYARD_RENDER_STRICT=1: any ink within 8 mm of the edge raises RenderError),
          close() / abort() for use without `with`.
Modules by job: page (drawing primitives), text (the one number formatter, wrapping), imposition (cells, duplex
backs, cut marks), document (lifecycle, footer, bookmarks), measure (what a block is, text widths), the blocks by kind
(text_blocks, figures, table_block, tracks, containers; tags for their trackers) and flow (the Flow that pages them),
svg (the same pages as SVG: SvgDocument is the Document to draw into for a screen; doc.pages after close()),
counters (chit sheets: faces of parts from a style record, in fronts, fold-over or duplex-backs layouts), gauges
(true-scale pieces: fans, rays, ticks along an edge, words at a bearing, rulers), sector (distances between strips).
Page is one drawing interface with two back ends: page.PdfPage writes the ReportLab canvas, svg.SvgPage SVG elements,
from the same measured geometry in mm.
Page:     text, text_width, fit_text, wrap_text, wrap_lines, line, lines, rect, circle, arc, wedge, polygon,
          box_track, table, calibration_bar, cut_marks, content, number.
"""

from importlib import import_module

# names load lazily: a calculator that needs only the number formatter (render.text) does not pay for ReportLab
_WHERE = {"Document": "document", "check_text": "fonts", "Page": "page", "RenderError": "page",
          **{name: "paper" for name in ("INK_LIMIT_MM", "MM", "PAPERS", "Box", "Paper", "mm_to_pt", "pt_to_mm")},
          "number": "text", "wrap_lines": "text"}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(name)
