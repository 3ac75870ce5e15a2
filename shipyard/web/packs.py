"""The pack builds the web app runs for its users: one at a time in a worker thread, their PDFs on disk.

Each build writes into its own folder inside the server's temporary folder, and its zip is made there as it
finishes, so a finished pack costs no memory; a finished pack is kept for KEEP_SECONDS (a download may come back
later), then its folder goes, and the whole temporary folder goes when the server stops. A build can be
cancelled: queued, it never starts; running, it stops at its next section (the half-written PDF is removed by the
document's own clean-up) and its folder goes. The same build asked for again while one is queued or running (a
double click, a second tab) is that one, not a second.
"""

from __future__ import annotations

import atexit
import dataclasses
import shutil
import tempfile
import threading
import time
import uuid
import zipfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ..errors import ShipyardError

KEEP_SECONDS = 3600


class Cancelled(BaseException):
    """Raised from a build's progress callback to stop it: a BaseException, so that the pack's own error handling
    (which turns an Exception into a message about the section) lets it through."""


@dataclasses.dataclass
class Job:
    """A pack build: its progress for the page, its folder on disk."""

    id: str
    scenario: str
    rules: list[str]
    folder: Path
    request: tuple = ()  # what was asked for: the same request while this one runs is this job
    done: int = 0
    total: int = 0
    step: str = "waiting"
    files: list[tuple[str, Path]] = dataclasses.field(default_factory=list)  # (name in the zip, file)
    error: str | None = None
    finished: bool = False
    cancelled: bool = False
    finished_at: float | None = None
    future: Future | None = None

    @property
    def zip_path(self) -> Path:
        return self.folder / f"{self.scenario}-pack.zip"

    @property
    def ready(self) -> bool:
        return self.finished and not self.error and not self.cancelled and self.zip_path.is_file()


class Packs:
    def __init__(self, keep_seconds: float = KEEP_SECONDS, clock=time.monotonic):
        self.keep_seconds = keep_seconds
        self.clock = clock
        self.jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._folder: Path | None = None
        self._pool: ThreadPoolExecutor | None = None

    @property
    def folder(self) -> Path:
        """The server's temporary folder for packs, made on the first build."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="shipyard-packs-"))
            atexit.register(self.close)
        return self._folder

    def start(self, library, scenario, rulesets, options, request: tuple) -> Job:
        """A build of `rulesets`' packs of `scenario`, queued; or the build of the same request already under way."""
        from .. import app as shipyard_app
        from ..pack.options import packets

        files = packets(scenario, options)  # one file a rule set, or one for each side
        with self._lock:
            self._sweep()
            for job in self.jobs.values():
                if job.request == request and not job.finished:
                    return job
            ident = uuid.uuid4().hex[:12]
            job = Job(id=ident, scenario=scenario.id, rules=[rs.key for rs in rulesets], total=len(rulesets) * len(files),
                      folder=self.folder / ident, request=request)
            job.folder.mkdir()
            self.jobs[job.id] = job
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shipyard-pack")

        def step(_message: str) -> None:
            if job.cancelled:
                raise Cancelled()

        def run() -> None:
            try:
                for rs in rulesets:
                    for packet in files:
                        step("")
                        job.step = rs.title + (f" · {packet.sides[0]}" if packet.per_side else "")
                        built = shipyard_app.build_pack(library, scenario, rs, packet.model_copy(
                            update={"output_dir": job.folder}), step=step)
                        job.files.append((built.path.name, built.path))  # the name that says what it holds
                        job.done += 1
                step("")
                _zip(job.zip_path, job.files)
                for _, path in job.files:
                    path.unlink(missing_ok=True)  # the zip holds them
                job.step = "done"
            except Cancelled:
                shutil.rmtree(job.folder, ignore_errors=True)
            except ShipyardError as exc:
                job.error = str(exc)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never a traceback page
                job.error = f"the pack could not be built: {exc}"
            finally:
                job.finished_at = self.clock()
                job.finished = True

        job.future = self._pool.submit(run)
        return job

    def get(self, ident: str) -> Job | None:
        with self._lock:
            self._sweep()
            return self.jobs.get(ident)

    def cancel(self, ident: str) -> Job | None:
        """Stop a build and free what it made; a finished one is left as it is."""
        job = self.get(ident)
        if job is None or job.finished:
            return job
        job.cancelled = True
        job.step = "cancelled"
        if job.future is not None and job.future.cancel():  # still queued: it never runs
            shutil.rmtree(job.folder, ignore_errors=True)
            job.finished_at = self.clock()
            job.finished = True
        return job

    def _sweep(self) -> None:
        """Forget finished builds older than keep_seconds, and remove their folders."""
        now = self.clock()
        for ident, job in list(self.jobs.items()):
            if job.finished and job.finished_at is not None and now - job.finished_at >= self.keep_seconds:
                shutil.rmtree(job.folder, ignore_errors=True)
                del self.jobs[ident]

    def close(self) -> None:
        """The server stops: cancel every build, remove the temporary folder."""
        for job in list(self.jobs.values()):
            job.cancelled = True
            if job.future is not None:
                job.future.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        self.jobs.clear()


def _zip(target: Path, files: list[tuple[str, Path]]) -> None:
    part = target.with_name(target.name + ".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in files:
            # dated when the PDF was written (it unzipped as 1 January 1980, a date no user made it on)
            info = zipfile.ZipInfo(name, date_time=time.localtime(path.stat().st_mtime)[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16  # unzips readable, as any downloaded file
            with open(path, "rb") as src, z.open(info, "w") as dst:
                shutil.copyfileobj(src, dst)
    part.replace(target)
