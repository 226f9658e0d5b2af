"""Tenants and their API keys, stored hashed: a key's secret is shown once, when it is issued.

A key reads ``lmb_<key_id>_<secret>``. ``key_id`` finds the stored row; the SHA-256 of that
row's random salt and the secret must equal the stored digest (compared in constant time).
The secret is 256 random bits, so a fast salted hash is enough: there is nothing to brute-force.

``KeyStore`` is the port; ``SqliteKeyStore`` keeps the rows in the tables of migration
``0002_api_keys`` of the SQLite store, in the same file as the memories. A store whose backend
keeps keys itself offers ``key_store()`` (PostgreSQL: ``lembrar.store.postgres.keys``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Protocol, runtime_checkable

from lembrar.errors import ConfigurationError, ConflictError, NotFoundError, ValidationError

KEY_PREFIX = "lmb"
TENANT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
_KEY = re.compile(rf"^{KEY_PREFIX}_([0-9a-f]{{16}})_([A-Za-z0-9_-]{{43}})$")


@dataclass(frozen=True)
class Tenant:
    tenant_id: str
    name: str | None
    created_at: datetime


@dataclass(frozen=True)
class KeyRecord:
    """A stored key: everything but the secret, which is kept only as ``digest``."""

    key_id: str
    tenant_id: str
    name: str | None
    salt: str
    digest: str
    created_at: datetime
    revoked_at: datetime | None = None


@runtime_checkable
class KeyStore(Protocol):
    """Where tenants and key records live. ``key`` is the one method every request needs."""

    def key(self, key_id: str) -> KeyRecord | None: ...
    def add_key(self, record: KeyRecord) -> None: ...
    def keys(self, tenant_id: str) -> list[KeyRecord]: ...
    def revoke(self, tenant_id: str, key_id: str, at: datetime) -> KeyRecord: ...
    def add_tenant(self, tenant: Tenant) -> None: ...
    def tenant(self, tenant_id: str) -> Tenant | None: ...
    def tenants(self) -> list[Tenant]: ...
    def close(self) -> None: ...


# -- issuing and checking keys: written once, for every KeyStore ---------------------
def _digest(salt: str, secret: str) -> str:
    return hashlib.sha256(bytes.fromhex(salt) + secret.encode("ascii")).hexdigest()


def _now() -> datetime:
    return datetime.now(timezone.utc)


def create_tenant(keys: KeyStore, tenant_id: str, name: str | None = None) -> Tenant:
    """Register a tenant; ``ConflictError`` if the id is taken."""
    if not re.match(TENANT_PATTERN, tenant_id):
        raise ValidationError("tenant_id", "use 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit")
    tenant = Tenant(tenant_id, name, _now())
    keys.add_tenant(tenant)
    return tenant


def issue_key(keys: KeyStore, tenant_id: str, name: str | None = None) -> tuple[KeyRecord, str]:
    """A new key for an existing tenant: the stored record and the full key, returned only here."""
    if keys.tenant(tenant_id) is None:
        raise NotFoundError("tenant", tenant_id)
    key_id, secret, salt = secrets.token_hex(8), secrets.token_urlsafe(32), secrets.token_hex(16)
    record = KeyRecord(key_id, tenant_id, name, salt, _digest(salt, secret), _now())
    keys.add_key(record)
    return record, f"{KEY_PREFIX}_{key_id}_{secret}"


def authenticate(keys: KeyStore, presented: str) -> str | None:
    """The tenant of a valid, unrevoked key; ``None`` for anything else."""
    match = _KEY.match(presented)
    if match is None:
        return None
    record = keys.key(match.group(1))
    if record is None or record.revoked_at is not None:
        return None
    if not hmac.compare_digest(record.digest, _digest(record.salt, match.group(2))):
        return None
    return record.tenant_id


def same_secret(presented: str, expected: str) -> bool:
    """Constant-time comparison of two secrets of any length (for the admin key)."""
    return hmac.compare_digest(hashlib.sha256(presented.encode()).digest(), hashlib.sha256(expected.encode()).digest())


def open_key_store(db: str, store: object | None = None) -> KeyStore:
    """The key store for the database the memories are in: the store's own ``key_store()``
    when its backend keeps keys beside the memories, else the tables of the SQLite file ``db``."""
    opener = getattr(store, "key_store", None)
    if callable(opener):
        found = opener()
        if not isinstance(found, KeyStore):
            raise ConfigurationError(f"{type(store).__name__}.key_store() did not return a KeyStore")
        return found
    return SqliteKeyStore(db)


# -- SQLite ------------------------------------------------------------------------------
def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None


def _key_record(row: tuple) -> KeyRecord:
    key_id, tenant_id, name, salt, digest, created, revoked = row
    return KeyRecord(key_id, tenant_id, name, salt, digest, datetime.fromisoformat(created), _time(revoked))


_KEY_COLUMNS = "key_id, tenant_id, name, salt, digest, created_at, revoked_at"


class SqliteKeyStore:
    """Tenants and keys in a SQLite file, over a connection of its own."""

    def __init__(self, path: str | Path) -> None:
        from lembrar.store.sqlite.migrations import migrate

        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=30.0)
        self._lock = threading.Lock()
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "busy_timeout=30000"):
            self._db.execute(f"PRAGMA {pragma}")
        migrate(self._db)

    def _rows(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _write(self, sql: str, params: tuple) -> int:
        with self._lock:
            try:
                return self._db.execute(sql, params).rowcount
            except sqlite3.IntegrityError as exc:
                raise ConflictError(f"write rejected: {exc}") from exc

    def key(self, key_id: str) -> KeyRecord | None:
        rows = self._rows(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE key_id = ?", (key_id,))
        return _key_record(rows[0]) if rows else None

    def add_key(self, record: KeyRecord) -> None:
        self._write(f"INSERT INTO api_keys ({_KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL)",
                    (record.key_id, record.tenant_id, record.name, record.salt, record.digest, record.created_at.isoformat()))

    def keys(self, tenant_id: str) -> list[KeyRecord]:
        rows = self._rows(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE tenant_id = ? ORDER BY created_at, key_id", (tenant_id,))
        return [_key_record(r) for r in rows]

    def revoke(self, tenant_id: str, key_id: str, at: datetime) -> KeyRecord:
        self._write("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE tenant_id = ? AND key_id = ?",
                    (at.isoformat(), tenant_id, key_id))
        record = self.key(key_id)
        if record is None or record.tenant_id != tenant_id:
            raise NotFoundError("key", key_id)
        return record

    def add_tenant(self, tenant: Tenant) -> None:
        try:
            self._write("INSERT INTO tenants VALUES (?, ?, ?)", (tenant.tenant_id, tenant.name, tenant.created_at.isoformat()))
        except ConflictError as exc:
            raise ConflictError(f"tenant {tenant.tenant_id!r} already exists") from exc

    def tenant(self, tenant_id: str) -> Tenant | None:
        rows = self._rows("SELECT tenant_id, name, created_at FROM tenants WHERE tenant_id = ?", (tenant_id,))
        return Tenant(rows[0][0], rows[0][1], datetime.fromisoformat(rows[0][2])) if rows else None

    def tenants(self) -> list[Tenant]:
        rows = self._rows("SELECT tenant_id, name, created_at FROM tenants ORDER BY tenant_id")
        return [Tenant(t, n, datetime.fromisoformat(c)) for t, n, c in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
