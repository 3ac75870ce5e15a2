"""What the web app asks of shipyard, through the application layer the command line uses too.

One `Workshop` per server: the library kept warm (bundled ships plus the user's folder), reloaded when a file in
the user's folder changes; checking a vessel file's text without writing it; stats in every rule set; a record
sheet as PDF or as a PNG preview; saving into the user library; pack builds run in the background.

Saving never loses what you have: a file is edited in place (roundtrip: comments, order and `like:` kept), a save
says which version of the file it replaces (`version_of`, the API's ETag) and is refused when that is not the one on
disk, and a save that would replace a file of yours or take a bundled ship's place must say so (`replace`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
import threading
from pathlib import Path
from typing import Any

import yaml

from .. import app as shipyard_app
from ..paths import is_bundled
from ..errors import Problem, ShipyardError
from ..library.yamlfile import read_file_bytes
from .packs import Job, Packs

SAFE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID = 80
FONTS_URL = "/fonts/"  # where the server serves the bundled DejaVu faces that the sheets' SVG is set in


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
    cards: dict[str, Any] = dataclasses.field(default_factory=dict)  # the stat card by rule set (app.stat_cards)
    version: str | None = None  # once saved: the version written
    created: bool = False  # once saved: whether the save made a new file

    def errors_json(self) -> list[dict]:
        return [{"line": p.line, "field": p.field, "message": p.message} for p in self.problems]


def version_of(raw: bytes) -> str:
    """A file's version (the API's ETag, the editor's hidden field): a hash of its bytes."""
    return hashlib.blake2b(raw, digest_size=12).hexdigest()


class Conflict(Exception):
    """A save refused because it would lose something, with what is on disk now. `reason`:
    'changed': the file is not the version the save started from (HTTP 412);
    'exists': a file of yours has this id and the save did not say to replace it (409);
    'bundled': the save would make your own copy in place of a bundled ship (409);
    'refused': the id is taken where this server may not write (a bundled scenario; another folder) (409)."""

    STATUS = {"changed": 412, "exists": 409, "bundled": 409, "refused": 409}

    def __init__(self, reason: str, message: str, theirs: str | None = None, version: str | None = None):
        super().__init__(message)
        self.reason, self.message, self.theirs, self.version = reason, message, theirs, version
        self.status = self.STATUS[reason]


@dataclasses.dataclass
class Opened:
    """A vessel file as the editor opens it: the text on disk, its version (None: not a file of yours), the fields
    as the ship loads with them and which of them come from her `like:` sister."""

    unit_id: str
    path: Path
    text: str
    version: str | None
    shown: dict
    inherited: frozenset[str] = frozenset()
    sister: str | None = None  # the name of the ship in `like:`
    bundled: bool = False  # the bundled ship's file: saving it makes your own copy


class Workshop:
    def __init__(self, user_dir: Path, extra: list[Path] | None = None):
        self.user_dir = Path(user_dir)
        self.extra = [Path(p) for p in (extra or [])]
        self._lock = threading.RLock()
        self._writing = threading.Lock()  # one save at a time: its version check and its write are one step
        self._library = None
        self._stamp: tuple | None = None
        self._contexts: dict[str, tuple[Any, Any]] = {}  # rule set -> (the library it was made for, its context)
        self._opened: dict[tuple, Opened] = {}  # the files the editor has open, as read (see opened)
        self.packs = Packs()
        self.load_error: ShipyardError | None = None

    # -- the library, warm -------------------------------------------------------------------------

    def _user_stamp(self) -> tuple:
        """The user's files as they are now: each one's path and a digest of its bytes (the library's own, read again
        whenever the file's stat has moved since, its changed time included): a size and a modified time alone missed
        an edit of the same size whose modified time was set back, or made within one tick of the clock."""
        from ..library.library import file_digest

        files = []
        for folder in [self.user_dir, *self.extra]:
            if folder.is_dir():
                for p in sorted(folder.rglob("*.y*ml")):
                    try:
                        files.append((str(p), file_digest(str(p))))
                    except (OSError, ShipyardError):  # gone, unreadable or not a file: the load says which
                        continue
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
                self._opened.clear()  # a sister's values, read from the library before: read again
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
        library = self.library
        ctx = self._context(rs, library) if scale is None else shipyard_app.context(rs, library, scale=scale)
        return rs, shipyard_app.derive(rs, library, unit, ctx)

    def _context(self, rs, library):
        """A rule set's derivation context at its own scale, made once for each library loaded: the editor derives
        the ship in every rule set at each keystroke, and reading the four rule sets' tables again each time was a
        third of a check (the tables are the bundled files, which do not change while the server runs)."""
        with self._lock:
            kept = self._contexts.get(rs.key)
            if kept is None or kept[0] is not library:
                kept = self._contexts[rs.key] = (library, shipyard_app.context(rs, library))
            return kept[1]

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
        from ..library.yamlfile import refuse_deep

        refuse_deep(text, "the ship's YAML")  # before any parse: a 400 in words, not seconds to a RecursionError
        try:
            unit, data = shipyard_app.check_text(self.library, text, self.user_dir)
        except ShipyardError as exc:
            return Checked(ok=False, problems=list(exc.problems))
        checked = Checked(ok=True, unit=unit, data=data)
        if with_stats:
            try:
                checked.stats, checked.derived = self.all_stats(unit)
                library = self.library
                checked.cards = shipyard_app.stat_cards(library, unit, checked.derived,
                                                        {rs.key: self._context(rs, library) for rs in self.rulesets()})
            except ShipyardError as exc:
                return Checked(ok=False, unit=unit, data=data, problems=list(exc.problems))
        return checked

    def check_and_preview(self, text: str, rules: str) -> tuple[Checked, list[str] | None]:
        """The editor's live check: the text checked and derived, and every page of her sheet in `rules` when she is
        valid (one piece of work, so that a keystroke's check waits its turn once)."""
        checked = self.check_text(text)
        return checked, (self.sheet_svg(checked.unit, rules) if checked.ok else None)

    # -- sheets -------------------------------------------------------------------------------------

    def sheet_pdf(self, unit, rules: str, paper: str = "a4", scale: str | None = None) -> bytes:
        return self.aid_pdf("sheets", rules, (), shipyard_app.AidOptions(paper=paper, scale=scale), units=[unit])[0]

    def aid_pdf(self, aid: str, rules: str, target, options, units=None) -> tuple[bytes, str]:
        """Any printed aid the command line prints (app.build): the PDF's bytes and the file name that says what it
        holds."""
        rs = shipyard_app.ruleset(rules)
        name = shipyard_app.plan(aid, rs, self.library, target, options, units=units).file_name
        return shipyard_app.build(aid, rs, self.library, target, options, units=units), name

    def sheet_svg(self, unit, rules: str, paper: str = "a4", scale: str | None = None, scenario=None) -> list[str]:
        """Every page of the record sheet as SVG, drawn from the layout its PDF is drawn from; in a scenario (a game's),
        as its pack prints her (a rule set may give her the values its author published for it)."""
        rs = shipyard_app.ruleset(rules)
        return shipyard_app.build("sheets", rs, self.library, (), shipyard_app.AidOptions(paper=paper, scale=scale),
                                  units=[unit], scenario=scenario, svg=True, fonts_url=FONTS_URL)

    def sheet_svg_page(self, unit, rules: str, page: int = 1, paper: str = "a4", scale: str | None = None) -> str:
        pages = self.sheet_svg(unit, rules, paper, scale)
        if not 1 <= page <= len(pages):
            raise ShipyardError(f"page {page}: the sheet has {len(pages)} page{'s' if len(pages) != 1 else ''}")
        return pages[page - 1]

    def setup_svg(self, scenario_id: str, rules: str, paper: str = "a4", scale: str | None = None) -> list[str]:
        """Every page of a scenario's set-up under a rule set (the table plan first) as SVG: the pack's set-up pages,
        drawn from the same layout for a screen."""
        rs = shipyard_app.ruleset(rules)
        key = (scenario_id, rs.key, paper, scale)
        kept = self.__dict__.setdefault("_setup_svgs", {})
        hit = kept.get(key)
        if hit is not None and hit[0] is self.library:  # the same library: the same plan (a scenario page's every view)
            return hit[1]
        pages = shipyard_app.build("setup", rs, self.library, [scenario_id],
                                   shipyard_app.AidOptions(paper=paper, scale=scale), svg=True, fonts_url=FONTS_URL)
        if len(kept) > 64:
            kept.clear()
        kept[key] = (self.library, pages)
        return pages

    def setup_svg_of(self, scenario_id: str, data: dict, rules: str, paper: str = "a4") -> list[str]:
        """The set-up pages of a scenario the builder has not saved (`data`, as its file would hold it), checked first
        as `shipyard validate` checks a file: the table plan the saved scenario's page will show."""
        from ..library.model import Scenario

        safe_id(scenario_id)
        shipyard_app.scenario_text(self.library, scenario_id, data, self.user_dir / "scenarios" / f"{scenario_id}.yaml")
        scenario = Scenario.model_validate({"kind": "scenario", **data, "id": scenario_id})
        return shipyard_app.build("setup", shipyard_app.ruleset(rules), self.library, (),
                                  shipyard_app.AidOptions(paper=paper), scenario=scenario, svg=True, fonts_url=FONTS_URL)

    def sheet_png(self, unit, rules: str, page: int = 1, paper: str = "a4", dpi: int = 60) -> bytes:
        return rasterise(self.sheet_pdf(unit, rules, paper), page, dpi)

    # -- saving -------------------------------------------------------------------------------------

    def own_file(self, unit_id: str) -> Path:
        """Where your file of this ship is (or would be): the file the library read from your folder, else
        <your folder>/<id>.yaml."""
        entry = self.library.origin.get(unit_id)
        if entry is not None and _inside(entry.path, self.user_dir):
            return Path(entry.path)
        return self.user_dir / f"{unit_id}.yaml"

    def read_own(self, unit_id: str) -> tuple[Path, bytes] | None:
        """Your file of this ship and its bytes, None when you have none."""
        path = self.own_file(safe_id(unit_id))
        raw = _own_bytes(path)
        if raw is not None and not _inside(path, self.user_dir):  # a link leading out: read as a save would write
            raise ShipyardError(f"{unit_id!r}: not a file name inside the user library")
        return None if raw is None else (path, raw)

    def opened(self, unit_id: str) -> Opened | None:
        """The file the editor opens for a ship: yours, else the bundled one (saving makes it yours); None when the
        library has no such vessel. The text passes the reading rules of every shipyard file first."""
        from ..library.model import Vessel
        from ..library.yamlfile import MAX_BYTES, parse_yaml

        lib = self.library
        own = self.read_own(unit_id)
        if own is not None:
            path, raw = own
            version = version_of(raw)
        elif isinstance(lib.units.get(unit_id), Vessel):
            path = Path(lib.origin[unit_id].path)
            raw, version = path.read_bytes(), None
        else:
            return None
        if len(raw) > MAX_BYTES:
            raise ShipyardError(f"{path.name}: the file is {len(raw):,} bytes; the limit is {MAX_BYTES:,}")
        key = (unit_id, str(path), raw, id(lib))  # the editor asks at each keystroke: read once a file, a library
        with self._lock:
            if key in self._opened:
                return self._opened[key]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ShipyardError(f"{path.name}: not UTF-8 text") from None
        located = parse_yaml(text, path)
        shown = lib.fields_from(path, located)
        own_keys = set(located.data) if isinstance(located.data, dict) else set()
        sister_id = shown.get("like")
        sister = lib.units[sister_id].name if sister_id in lib.units else None
        inherited = frozenset(k for k in shown if k not in own_keys) if sister else frozenset()
        opened = Opened(unit_id, path, text, version, shown, inherited, sister, bundled=own is None and is_bundled(path))
        with self._lock:
            if len(self._opened) >= 16:
                self._opened.clear()
            self._opened[key] = opened
        return opened

    def edited_text(self, opened: Opened | None, after: dict, seen: dict | None = None) -> str:
        """The file the editor's form makes: the file it was opened from with only what the form changed, comments,
        key order and `like:` kept (a value the sister gives stays hers unless changed); a new file if none.
        `seen`: the sister's values as the form showed them (`sister_values`), so that a sister changed meanwhile
        does not make her old values this ship's own."""
        from ..library.model import Vessel
        from .forms import as_the_form_sends
        from .roundtrip import edited

        try:
            if opened is None:
                return edited(None, {}, after)
            before = as_the_form_sends(Vessel, opened.shown)
            if seen is not None:
                for key in opened.inherited:
                    if key in seen:
                        before[key] = seen[key]
                    else:
                        before.pop(key, None)
            return edited(opened.text, before, after, opened.inherited)
        except Exception as exc:  # noqa: BLE001 - ruamel refusing a file PyYAML read: said, never a traceback
            name = opened.path.name if opened else "the new file"
            raise ShipyardError(f"{name}: the form's values cannot be written into the file ({exc})") from None

    @staticmethod
    def sister_values(opened: Opened | None) -> dict:
        """The values the form shows that come from the ship's `like:` sister, as the form sends them back."""
        from ..library.model import Vessel
        from .forms import as_the_form_sends

        if opened is None or not opened.inherited:
            return {}
        return {k: v for k, v in as_the_form_sends(Vessel, opened.shown).items() if k in opened.inherited}

    def save(self, unit_id: str, text: str, *, if_match: list[str] | None = None,
             replace: bool = False) -> tuple[Path | None, Checked]:
        """Check the text and, when it is a valid ship whose id is `unit_id`, write it into the user library
        (atomically). Returns the path written (None when the text is not valid) and the check.

        `if_match`: the versions of your file the text was made from ('*': whichever there is); a file on disk that
        is not one of them is never replaced (Conflict 'changed'). Without it, a save that would replace a file of
        yours or take a bundled ship's place is refused unless `replace` says to (Conflict 'exists', 'bundled')."""
        safe_id(unit_id)
        checked = self.check_text(text, with_stats=False)
        if not checked.ok:
            return None, checked
        if checked.unit.id != unit_id:
            checked.ok = False
            checked.problems = [Problem(f"{unit_id}.yaml", None, "id",
                                        f"the file says id {checked.unit.id!r} but is saved as {unit_id!r}")]
            return None, checked
        from ..atomic import atomic_write_text

        with self._writing:
            path = self.own_file(unit_id)
            if not _inside(path, self.user_dir):
                raise ShipyardError(f"{unit_id!r}: not a file name inside the user library")
            checked.created = self._may_replace(unit_id, path, if_match, replace)
            text = text if text.endswith("\n") else text + "\n"
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)
        checked.version = version_of(text.encode("utf-8"))
        return path, checked

    def _may_replace(self, unit_id: str, path: Path, if_match: list[str] | None, replace: bool) -> bool:
        """Raise Conflict unless writing `path` loses nothing the save did not mean to replace; say whether the
        write makes a new file."""
        raw = _own_bytes(path)
        now = version_of(raw) if raw is not None else None
        theirs = raw.decode("utf-8", "replace") if raw is not None else None
        if if_match is not None:
            if now is not None and ("*" in if_match or now in if_match):
                return False
            said = "was removed" if now is None else "was changed"
            raise Conflict("changed", f"{path.name} {said} since you opened it (in another tab or window, or by "
                                      "another program)", theirs, now)
        lib = self.library
        unit = lib.units.get(unit_id)
        if now is not None:
            if not replace:
                name = f" ({unit.name})" if unit is not None else ""
                raise Conflict("exists", f"a ship with the id {unit_id}{name} is in your library already: replace "
                                         "her, or save this one as a copy under another id", theirs, now)
            return False
        entry = lib.origin.get(unit_id)
        if entry is None:
            return True
        if not _is_bundled_entry(entry):
            raise Conflict("refused", f"{unit_id} is in {entry.path}, a folder this server reads but does not write: "
                                      "save this one under another id")
        if not replace:
            raise Conflict("bundled", f"this makes your own copy of the bundled {unit.name}, which "
                                      f"{self._who_uses(unit_id)} will then use instead of the bundled one")
        return True

    def _who_uses(self, unit_id: str) -> str:
        names = sorted(s.name for s in self.library.scenarios.values()
                       if any(u.id == unit_id for side in s.sides for u in side.units))
        if not names:
            return "every scenario that names her"
        return "every scenario that names her (" + ", ".join(names) + ")"

    def save_scenario(self, scenario_id: str, data: dict, replace: bool = False) -> Path:
        """Save a scenario made in the builder into the user library, once it is one the library would load."""
        safe_id(scenario_id)
        from ..atomic import atomic_write_text

        with self._writing:
            path = self._scenario_file(scenario_id, replace)
            text = shipyard_app.scenario_text(self.library, scenario_id, data, path)
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)
        self.library.scenario(scenario_id)  # reload, and fail loudly here if the library refuses it
        return path

    def _scenario_file(self, scenario_id: str, replace: bool) -> Path:
        """Where a scenario saved under this id goes; Conflict when that would replace one of yours unasked, or
        would stand beside a bundled scenario of the same id (the library takes no two)."""
        entry = self.library.origin.get("scenario:" + scenario_id)
        path = self.user_dir / "scenarios" / f"{scenario_id}.yaml"
        if entry is not None:
            if not _inside(entry.path, self.user_dir):
                where = "bundled" if _is_bundled_entry(entry) else f"in {entry.path}"
                raise Conflict("refused", f"the {where} scenario {self.library.scenarios[scenario_id].name} has the id {scenario_id}: "
                                          "choose another id")
            path = Path(entry.path)
        raw = _own_bytes(path)
        if raw is not None and not replace:
            raise Conflict("exists", f"a scenario with the id {scenario_id} is in your library already: replace it, "
                                     "or choose another id", raw.decode("utf-8", "replace"), version_of(raw))
        return path

    # -- packs --------------------------------------------------------------------------------------

    def start_pack(self, scenario_id: str, rules: list[str], options: dict) -> Job:
        """A pack build queued (or the same one already under way): see packs.py."""
        lib = self.library
        scenario = lib.scenario(scenario_id)
        rulesets = [shipyard_app.ruleset(r) for r in rules] or list(self.rulesets())
        pack_options = shipyard_app.pack_options({**options, "rules": [rs.key for rs in rulesets]})
        request = (scenario.id, tuple(rs.key for rs in rulesets), tuple(sorted(options.items())), self._stamp)
        return self.packs.start(lib, scenario, rulesets, pack_options, request)


def _own_bytes(path: Path) -> bytes | None:
    """A file of yours, read as the library reads it (a regular file, never past its size limit: a named pipe
    or a link to /dev/zero is a ShipyardError, not a wait or a read without end); None when there is none."""
    if not path.exists():
        return None
    return read_file_bytes(path)


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

    with _PDFIUM:
        return _rasterise(pdfium, pdf, page, dpi)


_PDFIUM = threading.Lock()  # PDFium is not thread-safe: one document at a time (requests' worker, tests' threads)


def _rasterise(pdfium, pdf: bytes, page: int, dpi: int) -> bytes:
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
