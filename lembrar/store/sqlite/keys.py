"""``KeyStore`` in the SQLite file of the memories (tables of migration ``0002_api_keys``).

Shares the store's connection and its lock (``SqliteStore.key_store``).
"""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from typing import Any

from lembrar.errors import ConflictError, NotFoundError
from lembrar.model.tenancy import KeyRecord, Tenant
from lembrar.store.sqlite.codec import optional_time_of, time_of

__all__ = ["SqliteKeyStore"]

_KEY_COLUMNS = "key_id, tenant_id, name, salt, digest, created_at, revoked_at"


def _key_record(row: tuple[Any, ...]) -> KeyRecord:
    key_id, tenant_id, name, salt, digest, created, revoked = row
    return KeyRecord(
        key_id, tenant_id, name, salt, digest, time_of(created), optional_time_of(revoked)
    )


class SqliteKeyStore:
    """Tenants and keys over a store's connection; closing it leaves the connection open."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self._db = db
        self._lock = lock

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _write(self, sql: str, params: tuple[object, ...]) -> int:
        with self._lock:
            try:
                return self._db.execute(sql, params).rowcount
            except sqlite3.IntegrityError as exc:
                raise ConflictError(f"write rejected: {exc}") from exc

    def key(self, key_id: str) -> KeyRecord | None:
        rows = self._rows(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE key_id = ?", (key_id,))
        return _key_record(rows[0]) if rows else None

    def add_key(self, record: KeyRecord) -> None:
        self._write(
            f"INSERT INTO api_keys ({_KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL)",
            (
                record.key_id,
                record.tenant_id,
                record.name,
                record.salt,
                record.digest,
                record.created_at.isoformat(),
            ),
        )

    def keys(self, tenant_id: str) -> list[KeyRecord]:
        rows = self._rows(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE tenant_id = ? ORDER BY created_at, key_id",
            (tenant_id,),
        )
        return [_key_record(r) for r in rows]

    def revoke(self, tenant_id: str, key_id: str, at: datetime) -> KeyRecord:
        self._write(
            "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?)"
            " WHERE tenant_id = ? AND key_id = ?",
            (at.isoformat(), tenant_id, key_id),
        )
        record = self.key(key_id)
        if record is None or record.tenant_id != tenant_id:
            raise NotFoundError("key", key_id)
        return record

    def add_tenant(self, tenant: Tenant) -> None:
        try:
            self._write(
                "INSERT INTO tenants VALUES (?, ?, ?)",
                (tenant.tenant_id, tenant.name, tenant.created_at.isoformat()),
            )
        except ConflictError as exc:
            raise ConflictError(f"tenant {tenant.tenant_id!r} already exists") from exc

    def tenant(self, tenant_id: str) -> Tenant | None:
        rows = self._rows(
            "SELECT tenant_id, name, created_at FROM tenants WHERE tenant_id = ?", (tenant_id,)
        )
        return Tenant(rows[0][0], rows[0][1], datetime.fromisoformat(rows[0][2])) if rows else None

    def tenants(self) -> list[Tenant]:
        rows = self._rows("SELECT tenant_id, name, created_at FROM tenants ORDER BY tenant_id")
        return [Tenant(t, n, datetime.fromisoformat(c)) for t, n, c in rows]

    def close(self) -> None:
        """Nothing to release: the connection belongs to the store."""
