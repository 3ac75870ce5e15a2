"""Kept for callers that import atomic writes from the render layer; the function lives in shipyard.atomic."""

from ..atomic import atomic_write_text

__all__ = ["atomic_write_text"]
