"""The connection side of the PostgreSQL store: pool, transactions, error mapping, vector adapters.

Imported only once ``psycopg`` and ``psycopg_pool`` are known to be installed.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg.abc import Buffer
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg_pool import ConnectionPool

from lembrar.errors import ConflictError, LembrarError, StoreBusyError, StoreError, ValidationError
from lembrar.store.postgres.migrations import column_dimension, fix_dimension, migrate


class _VectorDumper(Dumper):
    """numpy array -> pgvector's binary form: dimension, a zero, then big-endian float4s."""

    format = Format.BINARY

    def dump(self, obj: np.ndarray) -> bytes:
        values = np.asarray(obj, dtype=">f4").ravel()
        return struct.pack(">HH", len(values), 0) + values.tobytes()


class _VectorBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> NDArray[np.float32]:
        (dimension,) = struct.unpack_from(">H", data)
        return np.frombuffer(data, dtype=">f4", count=dimension, offset=4).astype(np.float32)


class _VectorTextLoader(Loader):
    def load(self, data: Buffer) -> NDArray[np.float32]:
        return np.array(bytes(data)[1:-1].decode().split(","), dtype=np.float32)


def _scalar(conn: psycopg.Connection, query: str) -> Any:
    """The value of a query that always returns one row (a catalogue lookup)."""
    row = conn.execute(query).fetchone()
    if row is None:
        raise StoreError(f"the database returned no row for {query!r}")
    return row[0]


class Database:
    """One pool per database URL, shared by every tenant view of it."""

    def __init__(self, url: str, pool_size: int, prepare_threshold: int | None = 5) -> None:
        self.url = url
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                migrate(conn)
                self.vector_oid = _scalar(conn, "SELECT 'vector'::regtype::oid")
                self.dimension = column_dimension(conn)
                self.text_configs = {
                    name for (name,) in conn.execute("SELECT cfgname FROM pg_ts_config")
                }
                version = _scalar(
                    conn, "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
                )
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the PostgreSQL store: {exc}") from exc
        self.iterative_scan = _version(version) >= (0, 8)
        dumper = type("VectorDumper", (_VectorDumper,), {"oid": self.vector_oid})

        def configure(conn: psycopg.Connection) -> None:
            conn.adapters.register_dumper(np.ndarray, dumper)
            conn.adapters.register_loader(self.vector_oid, _VectorBinaryLoader)
            conn.adapters.register_loader(self.vector_oid, _VectorTextLoader)

        self.pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            configure=configure,
            open=True,
            name="lembrar",
            kwargs={"autocommit": True, "prepare_threshold": prepare_threshold},
        )

    def close(self) -> None:
        self.pool.close()

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        """A pooled autocommit connection for reads; backend errors become ``StoreError``."""
        try:
            with self.pool.connection() as conn:
                yield conn
        except psycopg.DataError as exc:
            raise _refused_text(exc) from exc
        except psycopg.Error as exc:
            raise store_error("query failed", exc) from exc

    @contextmanager
    def transaction(
        self, tenant: str = "", users: Iterable[str] = ()
    ) -> Iterator[psycopg.Connection]:
        """One transaction: committed at the end, rolled back on any error (nothing stored).

        A write to ``users``' rows first takes each one's write lock (``user_lock``), in one
        order, so that two writes of a user run one after the other: their triggers and
        cascades lock rows of shared tables (word counts, graph entities and mentions) in orders
        that could otherwise deadlock."""
        try:
            with self.pool.connection() as conn, conn.transaction():
                for key in sorted({user_lock(tenant, user) for user in users}):
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (key,))
                yield conn
        except psycopg.IntegrityError as exc:
            raise ConflictError(f"write rejected, nothing stored: {exc}") from exc
        except psycopg.DataError as exc:
            raise _refused_text(exc) from exc
        except psycopg.Error as exc:
            raise store_error("write failed, nothing stored", exc) from exc

    def search_settings(self) -> str:
        """A condition, always true, that sets the HNSW search of the statement holding it:
        ``%(ef)s`` candidates (a string), and on pgvector 0.8 or later iterative scans, so
        filters still leave ``k`` rows. The planner evaluates it once, before the index scan reads
        its first row (where pgvector reads the settings), and the settings end with the
        statement: one round trip, safe behind a pooler in transaction mode."""
        settings = ["set_config('hnsw.ef_search', %(ef)s, true)"]
        if self.iterative_scan:
            settings.append("set_config('hnsw.iterative_scan', 'strict_order', true)")
        return f"(SELECT {' || '.join(settings)}) IS NOT NULL"

    def ensure_dimension(self, dimension: int) -> None:
        """Fix the embedding column's dimension the first time vectors of a known size arrive."""
        if self.dimension == dimension:
            return
        with self.connection() as conn:
            fix_dimension(conn, dimension)
        self.dimension = dimension


_TRANSIENT = (
    psycopg.errors.SerializationFailure,
    psycopg.errors.DeadlockDetected,
    psycopg.errors.LockNotAvailable,
)


def user_lock(tenant: str, user_id: str) -> int:
    """The advisory lock key of a user's writes: a signed 64-bit hash of tenant and user (two
    users sharing one only wait for each other)."""
    digest = hashlib.blake2b(f"{tenant}\0{user_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def store_error(what: str, exc: psycopg.Error) -> StoreError:
    """The ``StoreError`` for a PostgreSQL failure; a lock conflict is ``StoreBusyError``."""
    return (StoreBusyError if isinstance(exc, _TRANSIENT) else StoreError)(f"{what}: {exc}")


def _refused_text(exc: psycopg.DataError) -> LembrarError:
    """A value PostgreSQL cannot hold as text (a NUL character) is bad input, not an outage."""
    reason = str(exc)
    if "NUL" in reason or "\\u0000" in reason or "0x00" in reason:
        return ValidationError(
            "text", "contains a NUL character (U+0000), which cannot be stored; remove it"
        )
    return StoreError(f"the store refused a value: {reason}")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())
