"""The API served from PostgreSQL: keys stored hashed in the database, tenants kept apart,
add and search, and the memory-layer endpoints."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.server, pytest.mark.postgres]


@pytest.fixture
def pair(pg_admin, live_pg, new_tenant, client):
    """Clients of two fresh tenants on the PostgreSQL server."""
    return client(live_pg.url, new_tenant(pg_admin)[1]), client(
        live_pg.url, new_tenant(pg_admin)[1]
    )


def test_keys_authenticate_are_revoked_and_are_stored_hashed(pg_admin, live_pg, new_tenant, client):
    import psycopg

    tenant, key = new_tenant(pg_admin)
    assert client(live_pg.url, key).get("/v1/users").status_code == 200
    assert client(live_pg.url, key[:-4] + "AAAA").get("/v1/users").status_code == 401
    assert client(live_pg.url, None).get("/v1/users").status_code == 401
    assert pg_admin.get("/v1/users").status_code == 403
    with psycopg.connect(live_pg.db) as conn:
        rows = conn.execute("SELECT t::text FROM api_keys t").fetchall()
    secret = key.split("_", 2)[2]  # the secret itself may hold "_"
    assert len(secret) == 43
    assert rows and not any(secret in row[0] for row in rows)
    assert pg_admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).status_code == 409
    pg_admin.delete(f"/v1/admin/tenants/{tenant}/keys/{key.split('_')[1]}")
    refused = client(live_pg.url, key).get("/v1/users")
    assert (
        refused.status_code == 401
        and refused.json()["error"]["message"] == "unknown or revoked API key"
    )


def test_add_and_search(pair, user):
    alice, _ = pair
    for content in ("baked sourdough bread", "ran ten kilometres by the river"):
        assert (
            alice.post(f"/v1/users/{user}/episodes", json={"content": content}).status_code == 201
        )
    hits = alice.post(f"/v1/users/{user}/search", json={"query": "sourdough bread", "k": 2}).json()[
        "hits"
    ]
    assert hits[0]["episode"]["content"] == "baked sourdough bread" and 0 <= hits[0]["score"] <= 1
    assert alice.get("/v1/stats").json()["episodes"] == 2


def test_another_tenant_gets_404_and_sees_nothing(pair, user):
    alice, bob = pair
    planted = alice.post(
        f"/v1/users/{user}/episodes", json={"content": "the vault code is 4711"}
    ).json()["episodes"][0]["id"]
    for response in (
        bob.get(f"/v1/users/{user}/episodes/{planted}"),
        bob.delete(f"/v1/users/{user}/episodes/{planted}"),
        bob.patch(f"/v1/users/{user}/episodes/{planted}", json={"content": "x"}),
        bob.get(f"/v1/users/{user}"),
    ):
        assert response.status_code == 404 and "4711" not in response.text
    found = bob.post(f"/v1/users/{user}/search", json={"query": "vault code"})
    assert found.status_code == 200 and found.json()["hits"] == []
    assert (
        alice.get(f"/v1/users/{user}/episodes/{planted}").json()["content"]
        == "the vault code is 4711"
    )


def test_memory_layers_are_served_and_kept_per_tenant(pair, user):
    alice, bob = pair
    memories = f"/v1/users/{user}/memories"
    lisbon = alice.post(memories, json={"fact": "I live in Lisbon"})
    assert lisbon.status_code == 201 and lisbon.json()["status"] == "saved"
    assert alice.post(memories, json={"fact": "I live in Lisbon."}).json()["status"] == "duplicate"
    assert alice.post(memories, json={"fact": "I live in Porto"}).json()["status"] == "conflict"
    porto = alice.post(memories, json={"fact": "I live in Porto", "on_conflict": "replace"}).json()
    assert porto["status"] == "saved" and porto["replaced"]["id"] == lisbon.json()["memory"]["id"]
    assert [m["fact"] for m in alice.get(memories).json()["memories"]] == ["I live in Porto"]
    assert bob.get(memories).json()["memories"] == []
    assert bob.delete(f"{memories}/{porto['memory']['id']}").status_code == 404
    for i, content in enumerate(
        ("tempo run, long run and running shoes", "race day and marathon pace", "easy runs")
    ):
        assert (
            alice.post(
                f"/v1/users/{user}/episodes",
                json={
                    "content": content,
                    "session_id": "s",
                    "role": "user",
                    "at": f"2024-01-0{i + 1}T10:00:00+00:00",
                },
            ).status_code
            == 201
        )
    ended = alice.post(f"/v1/users/{user}/sessions/s/end")
    assert ended.status_code == 200 and ended.json()["turns"] == 3
    assert [
        s["session_id"] for s in alice.get(f"/v1/users/{user}/summaries").json()["summaries"]
    ] == ["s"]
    assert bob.get(f"/v1/users/{user}/summaries").json()["summaries"] == []
    assert alice.post(f"/v1/users/{user}/insights/refresh").status_code == 200
    assert alice.get(f"/v1/users/{user}/insights").status_code == 200
    assert alice.delete(f"{memories}/{porto['memory']['id']}").json() == {"deleted": 2}
    assert alice.delete(f"/v1/users/{user}/summaries/s").json() == {"deleted": 1}


def test_the_pages_timeline_and_forget_preview(pair, user):
    alice, _ = pair
    body = {
        "session_id": "s1",
        "at": "2024-05-19T13:05:00+00:00",
        "messages": [
            {"role": "user", "content": "lunch at the harbour"},
            {"role": "assistant", "content": "lovely"},
        ],
    }
    assert alice.post(f"/v1/users/{user}/episodes", json=body).status_code == 201
    alice.post(f"/v1/users/{user}/sessions/s1/end")
    month = alice.get(f"/v1/users/{user}/timeline").json()
    assert month["month"] == "2024-05" and month["days"][18] == {
        "date": "2024-05-19",
        "episodes": 2,
        "sessions": 1,
    }
    assert month["sessions"][0]["title"]
    preview = alice.get(f"/v1/users/{user}/forget-preview", params={"session_id": "s1"}).json()
    assert (preview["episodes"], preview["sessions"], preview["summaries_deleted"]) == (2, 1, 1)
    assert alice.delete(f"/v1/users/{user}/sessions/s1").json() == {"deleted": 2}
    assert alice.get(f"/v1/users/{user}/timeline").json()["sessions"] == []
