"""The application as ``lembrar serve --workers N`` starts it in each worker process.

Settings come from the environment of the serving process, read when the app is built:
``LEMBRAR_DB``, ``LEMBRAR_ADMIN_KEY``, ``LEMBRAR_EMBEDDER``, ``LEMBRAR_MAX_BODY_BYTES``.
"""

from __future__ import annotations

import os

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
