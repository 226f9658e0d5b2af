"""The application as ``lembrar serve --workers N`` starts it in each worker process.

Settings come from the environment of the serving process, read when the app is built:
``LEMBRAR_DB``, ``LEMBRAR_ADMIN_KEY``, ``LEMBRAR_EMBEDDER``, ``LEMBRAR_MAX_BODY_BYTES``.
"""

from __future__ import annotations

import os

import uvicorn
from fastapi import FastAPI

from lembrar.api.app import create_app
from lembrar.api.limits import DEFAULT_MAX_BODY_BYTES


def app_from_environment() -> FastAPI:
    env = os.environ
    return create_app(
        env["LEMBRAR_DB"],
        admin_key=env.get("LEMBRAR_ADMIN_KEY") or None,
        embedder=env.get("LEMBRAR_EMBEDDER") or None,
        max_body_bytes=int(env.get("LEMBRAR_MAX_BODY_BYTES") or DEFAULT_MAX_BODY_BYTES),
    )


def serve(*, db: str, host: str, port: int, workers: int, admin_key: str, embedder: str,
          max_body_bytes: int | str) -> None:
    """Run the API on uvicorn until interrupted; ``workers`` processes share the one store."""
    settings = {"LEMBRAR_DB": db, "LEMBRAR_ADMIN_KEY": admin_key, "LEMBRAR_EMBEDDER": embedder,
                "LEMBRAR_MAX_BODY_BYTES": str(max_body_bytes)}
    os.environ.update(settings)  # the worker processes build their app from these
    app = app_from_environment()  # migrates the store and checks the embedder before any worker starts
    if workers == 1:
        uvicorn.run(app, host=host, port=port)
        return
    app.state.services.close()
    uvicorn.run("lembrar.api.server:app_from_environment", factory=True, host=host, port=port,
                workers=workers)
