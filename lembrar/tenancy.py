"""Tenants and API keys for every service (the HTTP API, the MCP server, the memory proxy).

Keys are stored hashed: a key's secret is shown once, when it is issued. The secret is 256
random bits, so a fast salted hash is enough: there is nothing to brute-force. Where the rows
live is the store's business (``Store.key_store()``); this module issues and checks keys the
same way over any ``KeyStore``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import UTC, datetime

from lembrar.errors import ConfigurationError, NotFoundError, ValidationError
from lembrar.model.tenancy import KEY_PREFIX, TENANT_PATTERN, KeyRecord, Tenant
from lembrar.store.base import DEFAULT_TENANT, KeyStore, Store

__all__ = [
    "KeyStore",
    "authenticate",
    "create_tenant",
    "issue_key",
    "machine_tenant",
    "open_key_store",
    "same_secret",
]

_KEY = re.compile(rf"^{KEY_PREFIX}_([0-9a-f]{{16}})_([A-Za-z0-9_-]{{43}})$")


def _digest(salt: str, secret: str) -> str:
    return hashlib.sha256(bytes.fromhex(salt) + secret.encode("ascii")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def create_tenant(keys: KeyStore, tenant_id: str, name: str | None = None) -> Tenant:
    """Register a tenant; ``ConflictError`` if the id is taken."""
    if not re.match(TENANT_PATTERN, tenant_id):
        raise ValidationError(
            "tenant_id",
            "use 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit",
        )
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
    return hmac.compare_digest(
        hashlib.sha256(presented.encode()).digest(), hashlib.sha256(expected.encode()).digest()
    )


def open_key_store(store: Store) -> KeyStore:
    """The tenants and keys kept beside ``store``'s memories, in the same database."""
    found = store.key_store()
    if not isinstance(found, KeyStore):
        raise ConfigurationError(
            f"{type(store).__name__} keeps no API keys: serve a SQLite file or a PostgreSQL URL"
        )
    return found


EARLIER_LOCAL_TENANT = "local"
"""Where ``lembrar serve --local`` kept this machine's memory before it shared the CLI's."""


def machine_tenant(store: Store) -> str:
    """The tenant of this machine's own memory, shared by the CLI, ``lembrar mcp`` over stdio
    and ``lembrar serve --local``: the store's default tenant; or, for a store whose memory
    is all under ``local`` (written by ``serve --local`` before they shared one), ``local``."""
    if store.for_tenant(DEFAULT_TENANT).users():
        return DEFAULT_TENANT
    if store.for_tenant(EARLIER_LOCAL_TENANT).users():
        return EARLIER_LOCAL_TENANT
    return DEFAULT_TENANT
