"""Episode ids belong to a tenant: another tenant's id is neither refused nor revealed."""

from __future__ import annotations

import uuid


def _bulk(client, user: str, ident: str, text: str):
    return client.post(
        f"/v1/users/{user}/episodes/bulk", json={"items": [{"content": text, "id": ident}]}
    )


def test_an_id_another_tenant_uses_is_accepted(alice, bob, user):
    ident = f"turn-{uuid.uuid4().hex[:8]}"
    assert _bulk(bob, user, ident, "bob's turn").status_code == 201
    created = _bulk(alice, user, ident, "alice's turn")
    assert created.status_code == 201, created.text
    assert alice.get(f"/v1/users/{user}/episodes/{ident}").json()["content"] == "alice's turn"
    assert bob.get(f"/v1/users/{user}/episodes/{ident}").json()["content"] == "bob's turn"


def test_an_id_taken_in_the_same_tenant_is_a_documented_conflict(alice, live, client, user):
    ident = f"turn-{uuid.uuid4().hex[:8]}"
    assert _bulk(alice, user, ident, "first").status_code == 201
    again = _bulk(alice, "someone-else", ident, "second")
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"
    document = client(live.url, None).get("/openapi.json").json()
    assert "409" in document["paths"]["/v1/users/{user_id}/episodes/bulk"]["post"]["responses"]
