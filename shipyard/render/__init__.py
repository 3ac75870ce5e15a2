"""The render layer: paper, not games.

Millimetres everywhere, origin at the top-left of the page, y downward. See document.py for the API.
"""

from .document import Document, Page, RenderError
from .fonts import check_text
from .paper import INK_LIMIT_MM, PAPERS, Box, Paper, mm_to_pt, pt_to_mm

__all__ = ["Document", "Page", "Paper", "PAPERS", "Box", "RenderError", "mm_to_pt", "pt_to_mm", "check_text", "INK_LIMIT_MM"]
