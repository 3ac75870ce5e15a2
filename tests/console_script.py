"""Run the real `shipyard` console script, as a user's shell does: the installed entry point, its own process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SHIPYARD = shutil.which("shipyard", path=str(Path(sys.executable).parent)) or "shipyard"


def shipyard(*args: str, cwd: Path, timeout: float = 120, memory_mb: int | None = None,
             **env: str) -> subprocess.CompletedProcess:
    """`shipyard ARGS` in cwd with these environment variables set (PYTHONIOENCODING unset unless given); both
    streams as bytes, so a test can see exactly what reached the console. memory_mb caps the process's address
    space, so a run that would read without end fails fast instead of taking the shared machine's memory."""
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    environ.update(env)

    def cap() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    return subprocess.run([SHIPYARD, *map(str, args)], capture_output=True, cwd=cwd, env=environ, timeout=timeout,
                          preexec_fn=cap if memory_mb else None)
