"""Tenants and their API keys as the stores keep them (the secret itself is never stored).

A key reads ``lmb_<key_id>_<secret>``: ``key_id`` finds the stored ``KeyRecord``, whose
``digest`` is the SHA-256 of its random ``salt`` and the secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["KEY_PREFIX", "TENANT_PATTERN", "KeyRecord", "Tenant"]

KEY_PREFIX = "lmb"
TENANT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


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
