"""Forgetting a user says which erasure guarantee holds on the store that answers."""

from __future__ import annotations

import pytest


def _forget(client, user: str):
    assert client.post(f"/v1/users/{user}/episodes", json={"content": "to forget"}).status_code == 201
    return client.delete(f"/v1/users/{user}")


def test_sqlite_erases_immediately(alice, live, client, user):
    answer = _forget(alice, user)
    assert answer.status_code == 200
    assert answer.json()["deleted"] == 1 and answer.json()["erasure"] == "immediate"
    schema = client(live.url, None).get("/openapi.json").json()["components"]["schemas"]["Forgotten"]
    assert schema["properties"]["erasure"]["enum"] == ["immediate", "on_maintenance"]


@pytest.mark.postgres
def test_postgres_erases_on_maintenance(pg_admin, live_pg, new_tenant, client, user):
    tenant_client = client(live_pg.url, new_tenant(pg_admin)[1])
    answer = _forget(tenant_client, user).json()
    assert answer["erasure"] == "on_maintenance" and "erase-pending" in answer["erasure_note"]
    assert tenant_client.delete(f"/v1/users/{user}").status_code == 404
