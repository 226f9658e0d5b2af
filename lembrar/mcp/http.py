"""``lembrar mcp --transport http``: streamable HTTP behind the per-tenant API keys.

Each request must carry ``Authorization: Bearer <tenant key>`` (the keys of ``lembrar serve``,
in the same database); the tenant it names is put on the request for the server to read. The
check is plain ASGI, in front of the SDK's streamable-HTTP app.
"""

from __future__ import annotations

import json
from typing import Any

from mcp.server import Server
from mcp.server.transport_security import TransportSecuritySettings

from lembrar.api.hosts import LOOPBACK_HOSTS, HostCheck
from lembrar.mcp.server import TENANT_SCOPE_KEY
from lembrar.store.base import KeyStore
from lembrar.tenancy import authenticate

__all__ = ["KeyCheck", "http_app"]

Scope = dict[str, Any]


class KeyCheck:
    """ASGI middleware: 401 unless the bearer token is a valid tenant key."""

    def __init__(self, app: Any, keys: KeyStore) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        tenant = self._tenant(scope)
        if tenant is None:
            return await _unauthorized(send)
        return await self.app({**scope, TENANT_SCOPE_KEY: tenant}, receive, send)

    def _tenant(self, scope: Scope) -> str | None:
        headers = dict(scope.get("headers") or ())
        value = headers.get(b"authorization", b"").decode("latin-1")
        scheme, _, token = value.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        return authenticate(self.keys, token.strip())


async def _unauthorized(send: Any) -> None:
    body = json.dumps(
        {
            "error": {
                "code": "unauthorized",
                "message": "send a tenant API key: "
                "'Authorization: Bearer <key>' (see lembrar serve's /v1/admin)",
            }
        }
    )
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})


def http_app(server: Server[Any], keys: KeyStore, *, host: str, path: str = "/mcp") -> Any:
    """The ASGI app: the SDK's streamable HTTP at ``path``, every request checked first; on a
    loopback address, only for loopback names and pages of this machine (``HostCheck``, as
    ``lembrar serve --local``)."""
    unchecked = TransportSecuritySettings(enable_dns_rebinding_protection=False)  # HostCheck's
    inner = server.streamable_http_app(
        streamable_http_path=path, host=host, transport_security=unchecked
    )
    local = host in LOOPBACK_HOSTS
    return HostCheck(KeyCheck(inner, keys), LOOPBACK_HOSTS if local else None, origins=local)
