"""Shared helpers: run the real command line, load the real library once."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Every PDF drawn under test, in this process or a CLI subprocess, refuses ink within 8 mm of the edge.
os.environ["SHIPYARD_RENDER_STRICT"] = "1"
# Tests keep the library index cache to themselves, never the user's ~/.cache.
os.environ.setdefault("SHIPYARD_CACHE_DIR", tempfile.mkdtemp(prefix="shipyard-test-cache-"))


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path | None = None, timeout: int = 120) -> Run:
    """Run `shipyard ARGS` as a user would: a separate process, its exit code and both streams."""
    proc = subprocess.run(
        [sys.executable, "-m", "shipyard.cli", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, timeout=timeout,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture(scope="session")
def library():
    from shipyard.spec.library import Library

    return Library.load()


@pytest.fixture
def cli():
    return run_cli
