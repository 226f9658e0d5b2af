"""Tenants and API keys, for the admin key only."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from lembrar.api.schemas.common import RequestModel
from lembrar.model.tenancy import TENANT_PATTERN, KeyRecord, Tenant


class TenantCreate(RequestModel):
    tenant_id: str = Field(
        pattern=TENANT_PATTERN, description="1-64 letters, digits, '_', '.', '-'"
    )
    name: str | None = Field(None, max_length=200)


class TenantOut(BaseModel):
    tenant_id: str
    name: str | None
    created_at: datetime

    @classmethod
    def of(cls, tenant: Tenant) -> TenantOut:
        return cls(tenant_id=tenant.tenant_id, name=tenant.name, created_at=tenant.created_at)


class TenantList(BaseModel):
    tenants: list[TenantOut]


class KeyCreate(RequestModel):
    name: str | None = Field(
        None, max_length=200, description="a label, e.g. the client that uses the key"
    )


class KeyOut(BaseModel):
    key_id: str
    tenant_id: str
    name: str | None
    created_at: datetime
    revoked_at: datetime | None

    @classmethod
    def of(cls, record: KeyRecord) -> KeyOut:
        return cls(
            key_id=record.key_id,
            tenant_id=record.tenant_id,
            name=record.name,
            created_at=record.created_at,
            revoked_at=record.revoked_at,
        )


class KeyCreated(KeyOut):
    key: str = Field(
        description="the full key: shown only in this response, stored only as a salted hash"
    )


class KeyList(BaseModel):
    keys: list[KeyOut]
