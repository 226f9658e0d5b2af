"""Forgetting a user says which erasure guarantee holds on the store that answers."""

from __future__ import annotations

import pytest


def _forget(client, user: str):
    assert (
        client.post(f"/v1/users/{user}/episodes", json={"content": "to forget"}).status_code == 201
    )
    return client.delete(f"/v1/users/{user}")


def test_sqlite_erases_immediately(alice, live, client, user):
    answer = _forget(alice, user)
    assert answer.status_code == 200
    assert answer.json()["deleted"] == 1 and answer.json()["erasure"] == "immediate"
    schema = (
        client(live.url, None).get("/openapi.json").json()["components"]["schemas"]["Forgotten"]
    )
    assert schema["properties"]["erasure"]["enum"] == ["immediate", "on_maintenance"]


@pytest.mark.postgres
def test_postgres_erases_on_maintenance(pg_admin, live_pg, new_tenant, client, user):
    tenant_client = client(live_pg.url, new_tenant(pg_admin)[1])
    answer = _forget(tenant_client, user).json()
    assert answer["erasure"] == "on_maintenance" and "erase-pending" in answer["erasure_note"]
    assert tenant_client.delete(f"/v1/users/{user}").status_code == 404


@pytest.mark.postgres
def test_a_nul_character_is_a_422_on_postgres_not_a_retryable_503(
    pg_admin, live_pg, new_tenant, client, user
):
    tenant_client = client(live_pg.url, new_tenant(pg_admin)[1])
    added = tenant_client.post(f"/v1/users/{user}/episodes", json={"content": "a\u0000b"})
    assert added.status_code == 422 and added.json()["error"]["field"] == "content"
    assert (
        tenant_client.post(f"/v1/users/{user}/episodes", json={"content": "fine"}).status_code
        == 201
    )
    for method, path in (
        ("GET", f"/v1/users/{user}/episodes/e%00"),
        ("GET", "/v1/users/u%00/episodes"),
        ("DELETE", f"/v1/users/{user}/sessions/s%00"),
    ):
        assert tenant_client.request(method, path).status_code in (404, 422), path
    assert (
        tenant_client.post(
            f"/v1/users/{user}/memories", json={"fact": "my cat is \u0000 Tom"}
        ).status_code
        == 422
    )


def test_forgetting_an_unknown_session_is_404_as_an_unknown_episode_is(alice, user):
    assert alice.post(f"/v1/users/{user}/episodes", json={"content": "x", "session_id": "s1"})
    missing = alice.delete(f"/v1/users/{user}/sessions/s2")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert "s2" in missing.json()["error"]["message"]
    assert alice.delete(f"/v1/users/{user}/episodes/nope").status_code == 404
    assert alice.delete(f"/v1/users/{user}/sessions/s1").json() == {"deleted": 1}
    assert alice.delete(f"/v1/users/{user}/sessions/s1").status_code == 404
