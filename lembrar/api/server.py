"""The application as ``lembrar serve --workers N`` starts it in each worker process.

Settings come from the environment of the serving process, read when the app is built:
``LEMBRAR_DB``, ``LEMBRAR_ADMIN_KEY``, ``LEMBRAR_EMBEDDER``, ``LEMBRAR_MAX_BODY_BYTES``,
``LEMBRAR_SERVE_LOCAL`` (``1``: requests without a key act for this machine's tenant, the
CLI's, or for ``LEMBRAR_TENANT`` when set), ``LEMBRAR_ALLOWED_HOSTS`` (comma-separated host
names answered; others get 421), and the chat model's ``LEMBRAR_LLM_*`` settings (see
``lembrar.llm.config``), which the memory proxy also forwards to.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

import uvicorn
from fastapi import FastAPI
from starlette.types import ASGIApp

from lembrar.api.app import create_app
from lembrar.api.limits import DEFAULT_MAX_BODY_BYTES
from lembrar.errors import LembrarError
from lembrar.llm.config import LLMConfig
from lembrar.llm.redact import redact_url


def app_from_environment() -> FastAPI:
    env = os.environ
    local = env.get("LEMBRAR_SERVE_LOCAL") == "1"
    return create_app(
        env["LEMBRAR_DB"],
        admin_key=env.get("LEMBRAR_ADMIN_KEY") or None,
        embedder=env.get("LEMBRAR_EMBEDDER") or None,
        max_body_bytes=int(env.get("LEMBRAR_MAX_BODY_BYTES") or DEFAULT_MAX_BODY_BYTES),
        local=(env.get("LEMBRAR_TENANT") or True) if local else False,
        llm=chat_model(env),
        allowed_hosts=[
            h.strip() for h in env.get("LEMBRAR_ALLOWED_HOSTS", "").split(",") if h.strip()
        ],
    )


def serve(
    *,
    db: str,
    host: str,
    port: int,
    workers: int,
    admin_key: str,
    embedder: str,
    max_body_bytes: int | str,
    local: bool | str = False,
    llm: Mapping[str, str] | None = None,
    allowed_hosts: Sequence[str] = (),
) -> None:
    """Run the API on uvicorn until interrupted; ``workers`` processes share the one store.
    ``local``: requests without a key act for this machine's tenant, or the one it names (the
    caller checks ``host``).
    ``llm``: ``LEMBRAR_LLM_*`` settings given on the command line (chat and memory proxy).
    ``allowed_hosts``: the host names answered (see ``create_app``)."""
    settings = {
        "LEMBRAR_DB": db,
        "LEMBRAR_ADMIN_KEY": admin_key,
        "LEMBRAR_EMBEDDER": embedder,
        "LEMBRAR_MAX_BODY_BYTES": str(max_body_bytes),
        "LEMBRAR_SERVE_LOCAL": "1" if local else "",
        "LEMBRAR_TENANT": local if isinstance(local, str) else "",
        "LEMBRAR_ALLOWED_HOSTS": ",".join(allowed_hosts)
        or os.environ.get("LEMBRAR_ALLOWED_HOSTS", ""),
        **(llm or {}),
    }
    os.environ.update(settings)  # the worker processes build their app from these
    app = (
        app_from_environment()
    )  # migrates the store and checks the embedder before any worker starts
    mode = " (local mode: no key needed)" if local else ""
    url_host = f"[{host}]" if ":" in host else host
    print(
        f"lembrar: open http://{url_host}:{port}/ in a browser{mode}", file=sys.stderr, flush=True
    )
    upstream = app.state.services.upstream
    if upstream is not None:
        print(
            f"lembrar: memory proxy at /v1/chat/completions -> {redact_url(upstream.config.base_url)}",
            file=sys.stderr,
            flush=True,
        )
    if workers == 1:
        uvicorn.run(app, host=host, port=port)
        return
    app.state.services.close()
    uvicorn.run(
        "lembrar.api.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
    )


def run_asgi(app: ASGIApp, *, host: str, port: int) -> None:
    """Serve another ASGI app (the MCP server's streamable HTTP) on uvicorn until interrupted."""
    uvicorn.run(app, host=host, port=port, log_level="warning")


def chat_model(env: Mapping[str, str]) -> LLMConfig | str:
    """The model configured as for ``lembrar chat``, or what to set to configure one."""
    try:
        return LLMConfig.from_env(env)
    except LembrarError as exc:
        return str(exc)
