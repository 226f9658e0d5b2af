"""Tenants and their API keys; only the admin key may call these."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Path

from lembrar.api.auth import Admin, services
from lembrar.api.routing import resource_router
from lembrar.api.schemas.admin import (
    KeyCreate,
    KeyCreated,
    KeyList,
    KeyOut,
    TenantCreate,
    TenantList,
    TenantOut,
)
from lembrar.api.schemas.common import ErrorBody
from lembrar.api.services import Services
from lembrar.errors import NotFoundError
from lembrar.model.tenancy import TENANT_PATTERN
from lembrar.tenancy import create_tenant, issue_key

router = resource_router("/v1/admin", "admin")
Svc = Annotated[Services, Depends(services)]
TenantId = Annotated[str, Path(pattern=TENANT_PATTERN)]
_CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorBody, "description": "The tenant exists"}
}


@router.post(
    "/tenants", status_code=201, response_model=TenantOut, dependencies=[Admin], responses=_CONFLICT
)
def add_tenant(body: TenantCreate, svc: Svc) -> TenantOut:
    return TenantOut.of(create_tenant(svc.keys, body.tenant_id, body.name))


@router.get("/tenants", response_model=TenantList, dependencies=[Admin])
def list_tenants(svc: Svc) -> TenantList:
    return TenantList(tenants=[TenantOut.of(t) for t in svc.keys.tenants()])


@router.post(
    "/tenants/{tenant_id}/keys", status_code=201, response_model=KeyCreated, dependencies=[Admin]
)
def add_key(tenant_id: TenantId, svc: Svc, body: KeyCreate | None = None) -> KeyCreated:
    record, key = issue_key(svc.keys, tenant_id, body.name if body else None)
    return KeyCreated(**KeyOut.of(record).model_dump(), key=key)


@router.get("/tenants/{tenant_id}/keys", response_model=KeyList, dependencies=[Admin])
def list_keys(tenant_id: TenantId, svc: Svc) -> KeyList:
    if svc.keys.tenant(tenant_id) is None:
        raise NotFoundError("tenant", tenant_id)
    return KeyList(keys=[KeyOut.of(k) for k in svc.keys.keys(tenant_id)])


@router.delete("/tenants/{tenant_id}/keys/{key_id}", response_model=KeyOut, dependencies=[Admin])
def revoke_key(tenant_id: TenantId, key_id: str, svc: Svc) -> KeyOut:
    """Revoke a key: it stops working at once, in every worker process."""
    return KeyOut.of(svc.keys.revoke(tenant_id, key_id, datetime.now(UTC)))
