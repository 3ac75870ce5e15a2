"""Quick Play's style record: the sizes its cards, roster and quick reference pick (style.yaml beside this file),
read in one place so that the reference, which the cards' words come from, can pick them too."""

from __future__ import annotations

from pathlib import Path

from ...render.kit import Style, load_style

STYLE_PATH = Path(__file__).with_name("style.yaml")


def style() -> Style:
    """The sizes the cards, the roster and the quick reference pick (style.yaml)."""
    return load_style(STYLE_PATH)
