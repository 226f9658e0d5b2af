"""Which ``Host`` a server answers, so that a page on another site cannot reach it by pointing
its own name at this machine (DNS rebinding).

A server for this machine only (``lembrar serve --local``, ``lembrar mcp --transport http`` on a
loopback address) answers the loopback names and refuses a browser ``Origin`` of another site;
a server with keys answers the names it was given (``--allowed-host``), or any name when none
was. One check, plain ASGI (no web framework), in front of the API and the MCP server alike.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = [
    "ASGIApp",  # the ASGI types, for the MCP server's middleware too
    "LOOPBACK_HOSTS",
    "HostCheck",
    "Receive",
    "Scope",
    "Send",
    "allowed_name",
    "host_allowed",
    "host_name",
    "origin_allowed",
]

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str | None:
    """The name in a ``Host`` header, lowercase, without its port (``[::1]:8420`` → ``::1``);
    None when the header is no host."""
    text = header.strip().lower()
    if text.startswith("["):
        name, bracket, rest = text[1:].partition("]")
        if not bracket:
            return None
    else:
        name, colon, port = text.partition(":")
        rest = colon + port
    if rest and not (rest.startswith(":") and rest[1:].isdigit()):
        return None
    return name.rstrip(".") or None


def allowed_name(host: str) -> str:
    """A name as given to ``--allowed-host`` (``[::1]``, ``::1``, ``example.org:8420``) in the
    form :func:`host_name` gives."""
    text = host.strip().lower()
    if text.count(":") > 1 and not text.startswith("["):
        return text  # a bare IPv6 address
    return host_name(text) or text


def host_allowed(header: str | None, allowed: Collection[str] | None) -> bool:
    """Whether a request with this ``Host`` is answered: any when ``allowed`` is None, else
    those whose name (any port) is one of ``allowed``."""
    if allowed is None:
        return True
    name = host_name(header) if header else None
    return name is not None and name in allowed


def origin_allowed(origin: str | None, allowed: Collection[str] | None) -> bool:
    """Whether a browser ``Origin`` may call: no origin (not a browser, or a same-origin
    read), or a page served from one of ``allowed``; any when ``allowed`` is None."""
    if origin is None or allowed is None:
        return True
    parts = urlsplit(origin.strip())
    return parts.scheme in ("http", "https") and host_allowed(parts.netloc, allowed)


class HostCheck:
    """ASGI middleware: 421 for a ``Host`` not in ``hosts``; with ``origins``, 403 for a
    browser ``Origin`` whose host is not in ``hosts`` either. ``hosts`` None: every host."""

    def __init__(
        self, app: ASGIApp, hosts: Collection[str] | None, *, origins: bool = False
    ) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(map(allowed_name, hosts))
        self.origins = origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.hosts is None:
            return await self.app(scope, receive, send)
        headers = {k.lower(): v.decode("latin-1") for k, v in scope.get("headers") or ()}
        if not host_allowed(headers.get(b"host"), self.hosts):
            return await _refuse(send, 421, "misdirected_request", self._host_message(), "host")
        if self.origins and not origin_allowed(headers.get(b"origin"), self.hosts):
            message = "pages of other sites may not call this server"
            return await _refuse(send, 403, "forbidden_origin", message, "origin")
        return await self.app(scope, receive, send)

    def _host_message(self) -> str:
        names = ", ".join(f"[{h}]" if ":" in h else h for h in sorted(self.hosts or ()))
        return f"this server answers only for {names}; open it by one of those names"


async def _refuse(send: Send, status: int, code: str, message: str, field: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message, "field": field}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
