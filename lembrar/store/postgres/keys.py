"""``KeyStore`` on the PostgreSQL store's database (tables of migration ``0002_api_keys``).

Shares the store's connection pool; opened by ``PostgresStore.key_store``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from lembrar.errors import ConflictError, NotFoundError
from lembrar.model.tenancy import KeyRecord, Tenant
from lembrar.store.postgres.database import Database

__all__ = ["PostgresKeyStore"]

_KEY_COLUMNS = "key_id, tenant_id, name, salt, digest, created_at, revoked_at"


class PostgresKeyStore:
    """Tenants and keys beside the memories; closing it leaves the shared pool to the store."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._db.connection() as conn:
            return conn.execute(sql, params).fetchall()

    def key(self, key_id: str) -> KeyRecord | None:
        rows = self._rows(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE key_id = %s", (key_id,))
        return KeyRecord(*rows[0]) if rows else None

    def add_key(self, record: KeyRecord) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                f"INSERT INTO api_keys ({_KEY_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, NULL)",
                (
                    record.key_id,
                    record.tenant_id,
                    record.name,
                    record.salt,
                    record.digest,
                    record.created_at,
                ),
            )

    def keys(self, tenant_id: str) -> list[KeyRecord]:
        rows = self._rows(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE tenant_id = %s ORDER BY created_at, key_id",
            (tenant_id,),
        )
        return [KeyRecord(*r) for r in rows]

    def revoke(self, tenant_id: str, key_id: str, at: datetime) -> KeyRecord:
        with self._db.transaction() as conn:
            rows = conn.execute(
                f"UPDATE api_keys SET revoked_at = COALESCE(revoked_at, %s) WHERE tenant_id = %s AND key_id = %s"
                f" RETURNING {_KEY_COLUMNS}",
                (at, tenant_id, key_id),
            ).fetchall()
        if not rows:
            raise NotFoundError("key", key_id)
        return KeyRecord(*rows[0])

    def add_tenant(self, tenant: Tenant) -> None:
        try:
            with self._db.transaction() as conn:
                conn.execute(
                    "INSERT INTO tenants (tenant_id, name, created_at) VALUES (%s, %s, %s)",
                    (tenant.tenant_id, tenant.name, tenant.created_at),
                )
        except ConflictError as exc:
            raise ConflictError(f"tenant {tenant.tenant_id!r} already exists") from exc

    def tenant(self, tenant_id: str) -> Tenant | None:
        rows = self._rows(
            "SELECT tenant_id, name, created_at FROM tenants WHERE tenant_id = %s", (tenant_id,)
        )
        return Tenant(*rows[0]) if rows else None

    def tenants(self) -> list[Tenant]:
        rows = self._rows(
            'SELECT tenant_id, name, created_at FROM tenants ORDER BY tenant_id COLLATE "C"'
        )
        return [Tenant(*r) for r in rows]

    def close(self) -> None:
        """Nothing to release: the pool belongs to the store."""
