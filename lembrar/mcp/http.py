"""``lembrar mcp --transport http``: streamable HTTP behind the per-tenant API keys.

Each request must carry ``Authorization: Bearer <tenant key>`` (the keys of ``lembrar serve``,
in the same database) and name its user in ``X-Lembrar-User``, unless the server was started
with ``--user`` (then requests without the header act for that user). The tenant and the user
are put on the request for the server to read. The check is plain ASGI, in front of the SDK's
streamable-HTTP app; a refused request gets the status and a message that says what to send.
"""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.server.transport_security import TransportSecuritySettings

from lembrar.api.hosts import LOOPBACK_HOSTS, ASGIApp, HostCheck, Receive, Scope, Send
from lembrar.errors import ValidationError
from lembrar.mcp.server import TENANT_SCOPE_KEY, USER_SCOPE_KEY
from lembrar.model.episode import require_text
from lembrar.store.base import KeyStore
from lembrar.tenancy import authenticate

__all__ = ["KeyCheck", "http_app"]

USER_HEADER = b"x-lembrar-user"
NO_USER = (
    "send the X-Lembrar-User header naming whose memory this is (e.g. 'X-Lembrar-User: ana'), "
    "or start the server with --user NAME to act for one user when it is missing"
)


class KeyCheck:
    """ASGI middleware: 401 unless the bearer token is a valid tenant key; 400 unless the
    request names its user (or the server has a ``default_user``)."""

    def __init__(self, app: ASGIApp, keys: KeyStore, default_user: str | None = None) -> None:
        self.app = app
        self.keys = keys
        self.default_user = default_user

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or ())
        tenant = self._tenant(headers)
        if tenant is None:
            return await _unauthorized(send)
        try:
            user = self._user(headers)
        except ValidationError as exc:
            return await _bad_request(send, str(exc))
        return await self.app(
            {**scope, TENANT_SCOPE_KEY: tenant, USER_SCOPE_KEY: user}, receive, send
        )

    def _tenant(self, headers: dict[bytes, bytes]) -> str | None:
        value = headers.get(b"authorization", b"").decode("latin-1")
        scheme, _, token = value.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        return authenticate(self.keys, token.strip())

    def _user(self, headers: dict[bytes, bytes]) -> str:
        named = headers.get(USER_HEADER)
        if named is not None:
            return require_text("X-Lembrar-User", named.decode("utf-8", "replace").strip())
        if self.default_user is None:
            raise ValidationError("X-Lembrar-User", NO_USER)
        return self.default_user


async def _unauthorized(send: Send) -> None:
    body = {
        "error": {
            "code": "unauthorized",
            "message": "send a tenant API key: "
            "'Authorization: Bearer <key>' (see lembrar serve's /v1/admin)",
        }
    }
    await _send_json(send, 401, body, [(b"www-authenticate", b"Bearer")])


async def _bad_request(send: Send, message: str) -> None:
    """A JSON-RPC error, which MCP clients show as the reason the request failed."""
    body = {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": types.INVALID_PARAMS, "message": message},
    }
    await _send_json(send, 400, body, [])


async def _send_json(
    send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]]
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})


def http_app(
    server: Server[Any],
    keys: KeyStore,
    *,
    host: str,
    path: str = "/mcp",
    default_user: str | None = None,
) -> ASGIApp:
    """The ASGI app: the SDK's streamable HTTP at ``path``, every request checked first; on a
    loopback address, only for loopback names and pages of this machine (``HostCheck``, as
    ``lembrar serve --local``)."""
    unchecked = TransportSecuritySettings(enable_dns_rebinding_protection=False)  # HostCheck's
    inner = server.streamable_http_app(
        streamable_http_path=path, host=host, transport_security=unchecked
    )
    local = host in LOOPBACK_HOSTS
    checked = KeyCheck(inner, keys, default_user)
    return HostCheck(checked, LOOPBACK_HOSTS if local else None, origins=local)
