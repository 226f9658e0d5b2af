"""One SQLite file as every tenant view of it shares it: the connection and its lock, what is
kept in memory per scope, and the transactions that reads and writes run in."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from lembrar.errors import ConflictError, StoreBusyError, StoreError, StoreOpenError
from lembrar.store.sqlite.approximate import DEFAULT_APPROXIMATE_ABOVE, ApproximateIndexes
from lembrar.store.sqlite.background import Builds
from lembrar.store.sqlite.index import ScopeIndexCache
from lembrar.store.sqlite.migrations import migrate
from lembrar.store.sqlite.words import WordIndexes

APPROXIMATE_META = "approximate_above"  # the file's saved size threshold of approximate search
_PRAGMAS = (
    "journal_mode=WAL",
    "foreign_keys=ON",
    "secure_delete=ON",
    "busy_timeout=30000",
    "synchronous=NORMAL",
)


def store_error(what: str, exc: sqlite3.Error) -> StoreError:
    """The ``StoreError`` for a SQLite failure; a locked or busy file is ``StoreBusyError``."""
    text = str(exc).lower()
    busy = isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)
    return (StoreBusyError if busy else StoreError)(f"{what}: {exc}")


class Shared:
    """What every tenant view of one file shares: the connection, its lock, the kept indexes."""

    def __init__(self, path: str, approximate_above: int | None, inline_build: int) -> None:
        self.path = path
        self.read_uri = "" if path == ":memory:" else Path(path).expanduser().absolute().as_uri()
        self.read_uri += "?mode=ro"
        self.lock = threading.RLock()
        self.index = ScopeIndexCache()
        self.builds = Builds(inline_build)
        self.holding: dict[str, int] = {}  # FTS5 rows holding a term, while ``data_version`` holds
        self.holding_version = -1
        folder = (
            None
            if path == ":memory:"
            else Path(path).expanduser().with_name(Path(path).name + ".ann")
        )
        self.ann = ApproximateIndexes(folder, builds=self.builds)
        self.words = WordIndexes(self.builds)
        self.db = _connect(path)
        try:
            for pragma in _PRAGMAS:
                self.db.execute(f"PRAGMA {pragma}")
            migrate(self.db)
            setting = self.db.execute("SELECT value FROM meta WHERE key = ?", (APPROXIMATE_META,))
            saved = setting.fetchone()
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise _open_error(path, exc) from exc
        if approximate_above is None:
            approximate_above = int(saved[0]) if saved else DEFAULT_APPROXIMATE_ABOVE
        self.ann.above = approximate_above

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction on the shared connection; rolled back whole on any failure."""
        with self.lock:
            db = self.db
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise store_error("write failed, nothing stored", exc) from exc
            try:
                yield db
                db.execute("COMMIT")
                self.holding.clear()
            except sqlite3.IntegrityError as exc:
                db.execute("ROLLBACK")
                raise ConflictError(f"write rejected, nothing stored: {exc}") from exc
            except sqlite3.Error as exc:
                db.execute("ROLLBACK")
                raise store_error("write failed, nothing stored", exc) from exc
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self.lock:
            try:
                return self.db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise store_error("read failed", exc) from exc

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own, in one read transaction, for reads of a whole large scope (its
        vectors, keys or texts): they take seconds at a million rows, and on the shared connection
        every other call on this file would wait for them. An in-memory store has one connection."""
        if self.path == ":memory:":
            with self.lock:
                yield self.db
            return
        try:
            db = sqlite3.connect(self.read_uri, uri=True, timeout=30.0, isolation_level=None)
            db.execute("BEGIN")
        except sqlite3.Error as exc:
            raise store_error("read failed", exc) from exc
        try:
            yield db
        except sqlite3.Error as exc:
            raise store_error("read failed", exc) from exc
        finally:
            db.close()

    def long_read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self.snapshot() as db:
            return db.execute(sql, params).fetchall()

    def scrub(self) -> None:
        """Make deleted text unrecoverable: merge FTS segments, zeroed pages checkpointed into the file."""
        with self.lock:
            self.db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')")
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _connect(path: str) -> sqlite3.Connection:
    try:
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30.0)
    except (OSError, sqlite3.Error) as exc:
        raise StoreOpenError(f"{path}: no SQLite file can be created there ({exc})") from exc


def _open_error(path: str, exc: sqlite3.DatabaseError) -> StoreError:
    reason = str(exc)
    if "locked" in reason or "busy" in reason:
        return store_error(f"{path}: the file is busy, try again", exc)
    if "unable to open" in reason or "readonly" in reason:
        return StoreOpenError(f"{path}: no SQLite file can be written there ({reason})")
    return StoreOpenError(f"{path}: not a lembrar SQLite file ({reason})")
