"""shipyard: American Civil War warships from history to game statistics and play aids."""

__version__ = "0.1.0"
