"""The games database: one SQLite file in the user's folder (stdlib sqlite3, write-ahead log), holding each game,
its keys (a link per side, the host's, a watcher's) and every event made in it, in order.

A mark is stored as the change it made (its `delta`), so two devices marking the same ship at once both count; an
undo or redo is an event naming the event it reverses, so nothing is ever deleted and the sheet is always the fold of
its events. Each write is one committed transaction before it is answered (synchronous=FULL): a server killed
mid-game keeps every mark it acknowledged.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

FILE_NAME = "games.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, scenario TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL,
    start TEXT NOT NULL DEFAULT '{}',   -- {unit: {track: boxes marked}} the game opened with (a campaign's)
    origin TEXT NOT NULL DEFAULT '',    -- where the opening damage came from, in words
    url TEXT NOT NULL DEFAULT ''        -- the address its links were made for (http://host:port)
);
CREATE TABLE IF NOT EXISTS keys (
    key TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL, side TEXT
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL REFERENCES games(id), device TEXT NOT NULL,
    kind TEXT NOT NULL,                 -- mark, undo, redo, turn
    unit TEXT, tracker TEXT, delta INTEGER NOT NULL DEFAULT 0,
    target INTEGER,                     -- the event an undo or redo reverses
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_game ON events (game, seq);
"""


@dataclass(frozen=True)
class Event:
    seq: int
    device: str
    kind: str
    unit: str | None
    tracker: str | None
    delta: int
    target: int | None
    at: float


@dataclass(frozen=True)
class GameRow:
    id: str
    scenario: str
    rules: str
    created: float
    start: dict
    origin: str
    url: str = ""


@dataclass(frozen=True)
class Key:
    key: str
    game: str
    role: str  # host, side, watch
    side: str | None


class Store:
    """The games database at `path`. One connection, shared by a server's threads under a lock; other processes
    (the command line beside a running server) open their own, and SQLite serialises their writes."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        if "url" not in {row[1] for row in self._db.execute("PRAGMA table_info(games)")}:  # a file from before links
            self._db.execute("ALTER TABLE games ADD COLUMN url TEXT NOT NULL DEFAULT ''")
        self._kept: dict[str, list[Event]] = {}  # each game's events read so far

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- games and keys

    def new_game(self, scenario: str, rules: str, sides: list[str], start: dict, origin: str = "",
                 url: str = "") -> tuple[str, list[Key]]:
        game = secrets.token_hex(4)
        keys = [Key(secrets.token_urlsafe(12), game, "host", None), Key(secrets.token_urlsafe(12), game, "watch", None)]
        keys += [Key(secrets.token_urlsafe(12), game, "side", side) for side in sides]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                while self._db.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone():
                    game = secrets.token_hex(4)
                    keys = [Key(k.key, game, k.role, k.side) for k in keys]
                self._db.execute("INSERT INTO games (id, scenario, rules, created, start, origin, url) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 (game, scenario, rules, time.time(), json.dumps(start, sort_keys=True), origin, url))
                self._db.executemany("INSERT INTO keys VALUES (?, ?, ?, ?)",
                                     [(k.key, k.game, k.role, k.side) for k in keys])
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return game, keys

    def game(self, game: str) -> GameRow | None:
        with self._lock:
            row = self._db.execute("SELECT id, scenario, rules, created, start, origin, url FROM games WHERE id = ?",
                                   (game,)).fetchone()
        return None if row is None else GameRow(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], row[6])

    def games(self) -> list[GameRow]:
        with self._lock:
            rows = self._db.execute("SELECT id, scenario, rules, created, start, origin, url FROM games "
                                    "ORDER BY created").fetchall()
        return [GameRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6]) for r in rows]

    def keys(self, game: str) -> list[Key]:
        with self._lock:
            rows = self._db.execute("SELECT key, game, role, side FROM keys WHERE game = ? ORDER BY rowid",
                                    (game,)).fetchall()
        return [Key(*r) for r in rows]

    def key(self, key: str) -> Key | None:
        with self._lock:
            row = self._db.execute("SELECT key, game, role, side FROM keys WHERE key = ?", (key,)).fetchone()
        return None if row is None else Key(*row)

    # -- events

    def events(self, game: str, after: int = 0) -> list[Event]:
        """The game's events after `after`, in order. Those read before are kept (events are never changed or
        removed), so each call reads only the ones made since, here or by another process."""
        with self._lock:
            kept = self._kept.setdefault(game, [])
            last = kept[-1].seq if kept else 0
            rows = self._db.execute("SELECT seq, device, kind, unit, tracker, delta, target, at FROM events "
                                    "WHERE game = ? AND seq > ? ORDER BY seq", (game, last)).fetchall()
            kept.extend(Event(*r) for r in rows)
            if not after:
                return list(kept)
            return [e for e in kept if e.seq > after]

    def append(self, game: str, device: str, decide) -> Event | None:
        """Append the event `decide(events so far)` returns as (kind, unit, tracker, delta, target), or nothing when
        it returns None, in one transaction: what it decides from is exactly what the event follows."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                made = decide(self.events(game))
                if made is None:
                    self._db.execute("ROLLBACK")
                    return None
                kind, unit, tracker, delta, target = made
                at = time.time()
                cur = self._db.execute("INSERT INTO events (game, device, kind, unit, tracker, delta, target, at) "
                                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                       (game, device, kind, unit, tracker, int(delta), target, at))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return Event(cur.lastrowid, device, kind, unit, tracker, int(delta), target, at)

    def last_seq(self, game: str) -> int:
        events = self.events(game)
        return events[-1].seq if events else 0


def store_path(folder: Path) -> Path:
    return Path(folder) / FILE_NAME
