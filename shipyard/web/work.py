"""A request's CPU work (drawing a sheet, rasterising it, checking and deriving a ship's file) runs off the event
loop, on a worker thread, so that while previews queue every page still answers.

One worker: the GIL lets no two of these run at once anyway, and neither ReportLab nor PDFium is made to draw two
documents in two threads; the pack builds have their own worker (packs.py). Work waits its turn in order.
"""

from __future__ import annotations

import asyncio
import functools

import anyio
import anyio.to_thread

WORKERS = 1


class OffLoop:
    """`await off_loop(fn, *args, **kw)`: fn's result, computed on the worker thread."""

    def __init__(self, workers: int = WORKERS):
        self.workers = workers
        self._limiters: dict[int, anyio.CapacityLimiter] = {}  # one per event loop (each test client has its own)

    async def __call__(self, fn, /, *args, **kw):
        loop = id(asyncio.get_running_loop())
        limiter = self._limiters.get(loop)
        if limiter is None:
            limiter = self._limiters[loop] = anyio.CapacityLimiter(self.workers)
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kw), limiter=limiter)
