"""The connection side of the PostgreSQL store: pool, transactions, error mapping, vector adapters.

Imported only once ``psycopg`` and ``psycopg_pool`` are known to be installed.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
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
    def transaction(self) -> Iterator[psycopg.Connection]:
        """One transaction: committed at the end, rolled back on any error (nothing stored)."""
        try:
            with self.pool.connection() as conn, conn.transaction():
                yield conn
        except psycopg.IntegrityError as exc:
            raise ConflictError(f"write rejected, nothing stored: {exc}") from exc
        except psycopg.DataError as exc:
            raise _refused_text(exc) from exc
        except psycopg.Error as exc:
            raise store_error("write failed, nothing stored", exc) from exc

    def search_settings(self, ef: int) -> str:
        """One statement setting the HNSW search of the current transaction: ``ef`` candidates,
        and on pgvector 0.8 or later iterative scans, so filters still leave ``k`` rows."""
        settings = [f"set_config('hnsw.ef_search', '{int(ef):d}', true)"]
        if self.iterative_scan:
            settings.append("set_config('hnsw.iterative_scan', 'strict_order', true)")
        return f"SELECT {', '.join(settings)}"

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
