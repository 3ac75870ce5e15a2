"""What the web app asks of shipyard, through the application layer the command line uses too.

One `Workshop` per server: the library kept warm (bundled ships plus the user's folder), reloaded when a file in
the user's folder changes; checking a vessel file's text without writing it; stats in every rule set; a record
sheet as PDF or as a PNG preview; saving into the user library; pack builds run in the background.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import re
import threading
import uuid
from pathlib import Path
from typing import Any

import yaml

from .. import app as shipyard_app
from ..spec.errors import Problem, ShipyardError

SAFE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID = 80


def safe_id(ident: str) -> str:
    """An id fit to name a file in the user library: lower-case words joined by '-', no path characters."""
    if not isinstance(ident, str) or len(ident) > MAX_ID or not SAFE_ID.match(ident):
        raise ShipyardError(f"{ident!r} is not a ship id: use lower-case letters, digits and '-' only "
                            "(for example uss-mattabesett)")
    return ident


@dataclasses.dataclass
class Checked:
    """A vessel file's text, checked: the unit when it is valid, else the problems, and its stats per rule set."""

    ok: bool
    unit: Any = None
    data: dict | None = None
    problems: list[Problem] = dataclasses.field(default_factory=list)
    stats: dict[str, dict] = dataclasses.field(default_factory=dict)
    derived: dict[str, Any] = dataclasses.field(default_factory=dict)

    def errors_json(self) -> list[dict]:
        return [{"line": p.line, "field": p.field, "message": p.message} for p in self.problems]


@dataclasses.dataclass
class Job:
    """A pack build running in the background."""

    id: str
    scenario: str
    rules: list[str]
    done: int = 0
    total: int = 0
    step: str = "waiting"
    files: list[tuple[str, bytes]] = dataclasses.field(default_factory=list)
    error: str | None = None
    finished: bool = False


class Workshop:
    def __init__(self, user_dir: Path, extra: list[Path] | None = None):
        self.user_dir = Path(user_dir)
        self.extra = [Path(p) for p in (extra or [])]
        self._lock = threading.RLock()
        self._library = None
        self._stamp: tuple | None = None
        self.jobs: dict[str, Job] = {}
        self.load_error: ShipyardError | None = None

    # -- the library, warm -------------------------------------------------------------------------

    def _user_stamp(self) -> tuple:
        files = []
        for folder in [self.user_dir, *self.extra]:
            if folder.is_dir():
                for p in sorted(folder.rglob("*.y*ml")):
                    try:
                        st = p.stat()
                    except OSError:
                        continue
                    files.append((str(p), st.st_size, st.st_mtime_ns))
        return tuple(files)

    @property
    def library(self):
        """The library, reloaded when a file in the user's folders was added, changed or removed. A user file that
        does not load keeps the last good library and is reported on the library page."""
        with self._lock:
            stamp = self._user_stamp()
            if self._library is None or stamp != self._stamp:
                folders = [d for d in [self.user_dir, *self.extra] if d.exists()]
                try:
                    self._library = shipyard_app.load_library(folders, user=False)
                    self.load_error = None
                except ShipyardError as exc:
                    self.load_error = exc
                    if self._library is None:
                        self._library = shipyard_app.load_library([], user=False)
                self._stamp = stamp
            return self._library

    def is_user(self, unit_id: str) -> bool:
        entry = self.library.origin.get(unit_id)
        if entry is None:
            return False
        try:
            Path(entry.path).resolve().relative_to(self.user_dir.resolve())
            return True
        except ValueError:
            return any(_inside(entry.path, d) for d in self.extra)

    def rulesets(self):
        return shipyard_app.rulesets()

    # -- stats --------------------------------------------------------------------------------------

    def derive(self, unit, rules: str, scale: str | None = None):
        rs = shipyard_app.ruleset(rules)
        ctx = shipyard_app.context(rs, self.library, scale=scale)
        return rs, shipyard_app.derive(rs, self.library, unit, ctx)

    def stats_json(self, unit, rules: str) -> dict:
        _, d = self.derive(unit, rules)
        return d.to_json()

    def all_stats(self, unit) -> tuple[dict[str, dict], dict[str, Any]]:
        stats, derived = {}, {}
        for rs in self.rulesets():
            _, d = self.derive(unit, rs.key)
            stats[rs.key] = d.to_json()
            derived[rs.key] = d
        return stats, derived

    # -- checking a file's text --------------------------------------------------------------------

    def check_text(self, text: str, with_stats: bool = True) -> Checked:
        """Check a vessel (or fort) file's text as if it were saved in the user library, without writing it."""
        from ..spec.yamlfile import parse_yaml

        lib = self.library
        name = "new-vessel.yaml"
        try:
            guess = yaml.safe_load(text) if len(text) < 1_000_000 else None
            if isinstance(guess, dict) and isinstance(guess.get("id"), str) and SAFE_ID.match(guess["id"]):
                name = f"{guess['id']}.yaml"
        except yaml.YAMLError:
            pass
        path = self.user_dir / name
        try:
            located = parse_yaml(text, path)
            trial = copy.copy(lib)  # the warm library, with this one file added to a copy of its units
            trial.units, trial.origin = dict(lib.units), dict(lib.origin)
            if hasattr(lib, "notices"):
                trial.notices = []
            uid = located.data.get("id") if isinstance(located.data, dict) else None
            if uid in trial.units and not _is_bundled_entry(trial.origin[uid]):
                del trial.units[uid]  # editing one's own ship: the new text replaces the saved one
                del trial.origin[uid]
            trial._load_unit(path, located)
            unit = trial.units[uid]
        except ShipyardError as exc:
            return Checked(ok=False, problems=list(exc.problems))
        checked = Checked(ok=True, unit=unit, data=located.data)
        if with_stats:
            try:
                checked.stats, checked.derived = self.all_stats(unit)
            except ShipyardError as exc:
                return Checked(ok=False, unit=unit, data=located.data, problems=list(exc.problems))
        return checked

    # -- sheets -------------------------------------------------------------------------------------

    def sheet_pdf(self, unit, rules: str, paper: str = "a4", scale: str | None = None) -> bytes:
        rs = shipyard_app.ruleset(rules)
        return shipyard_app.sheet_units(rs, self.library, [unit], shipyard_app.SheetOptions(paper=paper, scale=scale))

    def sheet_png(self, unit, rules: str, page: int = 1, paper: str = "a4", dpi: int = 60) -> bytes:
        return rasterise(self.sheet_pdf(unit, rules, paper), page, dpi)

    # -- saving -------------------------------------------------------------------------------------

    def save(self, unit_id: str, text: str) -> tuple[Path | None, Checked]:
        """Check the text and, when it is a valid ship whose id is `unit_id`, write it into the user library
        (atomically). Returns the path written (None when not) and the check."""
        safe_id(unit_id)
        checked = self.check_text(text, with_stats=False)
        if not checked.ok:
            return None, checked
        if checked.unit.id != unit_id:
            checked.ok = False
            checked.problems = [Problem(f"{unit_id}.yaml", None, "id",
                                        f"the file says id {checked.unit.id!r} but is saved as {unit_id!r}")]
            return None, checked
        self.user_dir.mkdir(parents=True, exist_ok=True)
        path = self.user_dir / f"{unit_id}.yaml"
        if path.resolve().parent != self.user_dir.resolve():
            raise ShipyardError(f"{unit_id!r}: not a file name inside the user library")
        from ..atomic import atomic_write_text

        atomic_write_text(path, text if text.endswith("\n") else text + "\n")
        return path, checked

    def save_scenario(self, scenario_id: str, data: dict) -> Path:
        from ..spec.model import Scenario

        safe_id(scenario_id)
        data = {"kind": "scenario", **data, "id": scenario_id}
        try:
            Scenario.model_validate(data)
        except Exception as exc:  # noqa: BLE001 - pydantic's ValidationError in the user's words below
            errors = getattr(exc, "errors", None)
            if errors is None:
                raise
            raise ShipyardError([Problem(f"{scenario_id}.yaml", None, ".".join(map(str, e["loc"])), e["msg"])
                                 for e in exc.errors()]) from None
        folder = self.user_dir / "scenarios"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{scenario_id}.yaml"
        from ..atomic import atomic_write_text

        atomic_write_text(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
        self.library.scenario(scenario_id)  # reload, and fail loudly here if the library refuses it
        return path

    # -- packs --------------------------------------------------------------------------------------

    def start_pack(self, scenario_id: str, rules: list[str], options: dict) -> Job:
        lib = self.library
        scenario = lib.scenario(scenario_id)
        rulesets = [shipyard_app.ruleset(r) for r in rules] or list(self.rulesets())
        from ..pack import PackOptions

        pack_options = PackOptions(rules=[rs.key for rs in rulesets], **options)
        job = Job(id=uuid.uuid4().hex[:12], scenario=scenario.id, rules=[rs.key for rs in rulesets], total=len(rulesets))
        self.jobs[job.id] = job

        def run():
            try:
                for rs in rulesets:
                    job.step = f"{rs.title}"
                    data = shipyard_app.pack_bytes(lib, scenario, rs, pack_options)
                    job.files.append((f"{scenario.id}-{rs.key}.pdf", data))
                    job.done += 1
                job.step = "done"
            except ShipyardError as exc:
                job.error = str(exc)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never a traceback page
                job.error = f"the pack could not be built: {exc}"
            finally:
                job.finished = True

        threading.Thread(target=run, daemon=True).start()
        return job

    def pack_zip(self, job: Job) -> bytes:
        import zipfile

        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in job.files:
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                z.writestr(info, data)
        return buf.getvalue()


def _inside(path, folder: Path) -> bool:
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
        return True
    except ValueError:
        return False


def _is_bundled_entry(entry) -> bool:
    from ..paths import library_dir

    return _inside(entry.path, library_dir())


def rasterise(pdf: bytes, page: int = 1, dpi: int = 60) -> bytes:
    """One page of a PDF as a PNG (pypdfium2: the PDF engine of Chromium, no external program)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= page <= len(doc):
            raise ShipyardError(f"page {page}: the sheet has {len(doc)} page{'s' if len(doc) != 1 else ''}")
        bitmap = doc[page - 1].render(scale=dpi / 72)
        image = bitmap.to_pil() if _has_pil() else None
        if image is not None:
            out = io.BytesIO()
            image.save(out, format="PNG", optimize=False)
            return out.getvalue()
        return _png_from_bitmap(bitmap)
    finally:
        doc.close()


def _has_pil() -> bool:
    try:
        import PIL  # noqa: F401
        return True
    except ImportError:
        return False


def _png_from_bitmap(bitmap) -> bytes:
    """A PNG from pypdfium2's raw BGR(A) buffer without Pillow: zlib rows of RGB."""
    import struct
    import zlib

    w, h, stride = bitmap.width, bitmap.height, bitmap.stride
    n = bitmap.n_channels
    buf = bytes(bitmap.buffer)
    raw = bytearray()
    for y in range(h):
        row = buf[y * stride: y * stride + w * n]
        raw.append(0)
        if n >= 3:
            rgb = bytearray(w * 3)
            rgb[0::3] = row[2::n]
            rgb[1::3] = row[1::n]
            rgb[2::3] = row[0::n]
            raw += rgb
        else:
            raw += bytes(b for px in row for b in (px, px, px))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 3)) + chunk(b"IEND", b""))
