"""Who is calling: a tenant key (``Authorization: Bearer lmb_…``) or the admin key.

Tenant keys act for their tenant on ``/v1/...``; the admin key only manages tenants and keys
on ``/v1/admin/...``. Each request's ``Memory`` is bound to the key's tenant; the memory-layer
endpoints take it through ``LayeredMemory``, which answers 501 where the backend has no layers.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from lembrar.api.errors import ApiError
from lembrar.api.services import Services
from lembrar.memory import Memory
from lembrar.tenancy import authenticate, same_secret

_bearer = HTTPBearer(
    auto_error=False, description="a tenant API key, or the admin key for /v1/admin"
)
Credentials = Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)]
_CHALLENGE = {"WWW-Authenticate": "Bearer"}


async def services(request: Request) -> Services:  # async: no thread hop for an attribute read
    services: Services = request.app.state.services  # set by create_app
    return services


def _presented(credentials: HTTPAuthorizationCredentials | None) -> str:
    if credentials is None or not credentials.credentials:
        raise ApiError(
            401,
            "unauthorized",
            "send an API key: 'Authorization: Bearer <key>'",
            headers=_CHALLENGE,
        )
    return credentials.credentials


def _is_admin(svc: Services, presented: str) -> bool:
    return svc.admin_key is not None and same_secret(presented, svc.admin_key)


def tenant(credentials: Credentials, svc: Annotated[Services, Depends(services)]) -> str:
    if credentials is None and svc.local_tenant is not None:
        return svc.local_tenant  # lembrar serve --local: this machine's own user, on 127.0.0.1 only
    presented = _presented(credentials)
    if _is_admin(svc, presented):
        raise ApiError(
            403, "forbidden", "the admin key manages tenants and keys; use a tenant key here"
        )
    found = authenticate(svc.keys, presented)
    if found is None:
        raise ApiError(401, "unauthorized", "unknown or revoked API key", headers=_CHALLENGE)
    return found


def tenant_memory(
    tenant_id: Annotated[str, Depends(tenant)], svc: Annotated[Services, Depends(services)]
) -> Memory:
    return svc.memory(tenant_id)


def admin(credentials: Credentials, svc: Annotated[Services, Depends(services)]) -> None:
    presented = _presented(credentials)
    if svc.admin_key is None:
        raise ApiError(
            403,
            "admin_disabled",
            "no admin key is configured: start the server with --admin-key or LEMBRAR_ADMIN_KEY",
        )
    if not _is_admin(svc, presented):
        if authenticate(svc.keys, presented) is not None:
            raise ApiError(403, "forbidden", "tenant keys cannot manage tenants; use the admin key")
        raise ApiError(401, "unauthorized", "unknown API key", headers=_CHALLENGE)


def layered_memory(memory: Annotated[Memory, Depends(tenant_memory)]) -> Memory:
    """The tenant's ``Memory``, or 501 when its store's backend keeps no memory layers."""
    if not memory.layers.available:
        raise ApiError(
            501,
            "not_implemented",
            f"the {type(memory.store).__name__} backend does not keep saved memories,"
            " summaries or insights yet; serve a SQLite file for these endpoints",
        )
    return memory


TenantMemory = Annotated[Memory, Depends(tenant_memory)]
LayeredMemory = Annotated[Memory, Depends(layered_memory)]
Admin = Depends(admin)
