"""The service keeps one engine per tenant for the life of the process, and engines kept
between requests still see only their own tenant's rows."""

from __future__ import annotations

import threading

import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder

pytestmark = pytest.mark.server

ADMIN = "engines-admin"


@pytest.fixture
def served(tmp_path, serve, client, new_tenant):
    app = create_app(str(tmp_path / "m.db"), admin_key=ADMIN, embedder=HashingEmbedder())
    with serve(app) as url, client(url, ADMIN) as admin:
        (_, key_a), (_, key_b) = new_tenant(admin), new_tenant(admin)
        with client(url, key_a) as a, client(url, key_b) as b:
            yield app.state.services.engines, a, b


def test_requests_reuse_the_tenants_engine(served):
    engines, a, b = served
    for n in range(5):
        assert (
            a.post(
                "/v1/users/ana/episodes", json={"content": f"note {n} about the garden"}
            ).status_code
            == 201
        )
        assert a.post("/v1/users/ana/search", json={"query": "garden"}).status_code == 200
    assert b.get("/v1/users/ana/episodes").status_code == 200
    assert (engines.built, len(engines)) == (2, 2)


def test_kept_engines_never_share_rows_between_tenants(served):
    engines, a, b = served
    a.post("/v1/users/ana/episodes", json={"content": "the vault code is 4711", "session_id": "s"})
    b.post("/v1/users/ana/episodes", json={"content": "tenant b keeps bees", "session_id": "s"})
    for other, hidden in ((b, "4711"), (a, "bees")):
        for response in (
            other.post("/v1/users/ana/search", json={"query": "what code does the tenant keep"}),
            other.get("/v1/users/ana/episodes"),
            other.get("/v1/users/ana/sessions"),
        ):
            assert response.status_code == 200 and hidden not in response.text
    assert engines.built == 2


def test_concurrent_requests_of_many_tenants_stay_apart(served, client, tmp_path):
    engines, a, b = served
    errors: list[str] = []

    def write_and_read(c, word: str) -> None:
        for n in range(6):
            c.post("/v1/users/u/episodes", json={"content": f"{word} entry {n}"})
            text = c.post("/v1/users/u/search", json={"query": "entry", "k": 50}).text
            if ("apple" in text) == ("pear" in text):
                errors.append(text)

    threads = [
        threading.Thread(target=write_and_read, args=(c, w)) for c, w in ((a, "apple"), (b, "pear"))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and engines.built == 2


def test_the_tool_catalogue_over_http(served):
    _, a, b = served
    listed = a.get("/v1/tools").json()
    assert [t["function"]["name"] for t in listed["tools"]][:2] == ["remember", "recall"]
    assert listed["hints"]["forget"]["destructive"] is True
    assert (
        a.post("/v1/users/ana/tools/remember", json={"fact": "I keep bees"}).json()["status"]
        == "saved"
    )
    found = a.post("/v1/users/ana/tools/saved_memories", json={}).json()["memories"]
    assert [m["text"] for m in found] == ["I keep bees"]
    assert b.post("/v1/users/ana/tools/saved_memories", json={}).json()["memories"] == []
    bad = a.post("/v1/users/ana/tools/recall", json={"k": 0})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "k"
    assert a.post("/v1/users/ana/tools/teleport", json={}).json()["error"]["field"] == "name"
