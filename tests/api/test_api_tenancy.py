"""Tenant isolation: another tenant's ids and user ids lead to 404 or to its own empty space, never to data."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.server

SECRET = "the vault code is 4711"


@pytest.fixture
def planted(alice, user):
    """An episode of tenant A, in session 's', with an update in its history."""
    created = alice.post(
        f"/v1/users/{user}/episodes", json={"content": SECRET, "session_id": "s"}
    ).json()["episodes"][0]
    alice.patch(f"/v1/users/{user}/episodes/{created['id']}", json={"content": SECRET + "!"})
    return created["id"]


def no_data(response) -> None:
    assert "4711" not in response.text and "vault" not in response.text


def test_reads_of_another_tenants_episode_are_404(bob, user, planted):
    for path in (
        f"/v1/users/{user}/episodes/{planted}",
        f"/v1/users/{user}/episodes/{planted}/history",
        f"/v1/users/{user}",
    ):
        response = bob.get(path)
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
        no_data(response)


def test_listings_and_searches_of_another_tenant_show_nothing(bob, user, planted):
    for response in (
        bob.get(f"/v1/users/{user}/episodes"),
        bob.get(f"/v1/users/{user}/sessions"),
        bob.get("/v1/users"),
    ):
        assert response.status_code == 200
        no_data(response)
    for preset in ("keyword", "dense"):
        found = bob.post(f"/v1/users/{user}/search", json={"query": "vault code", "preset": preset})
        assert found.status_code == 200 and found.json()["hits"] == []
    assert user not in bob.get("/v1/users").json()["users"]


def test_writes_and_deletes_across_tenants_are_404_and_change_nothing(alice, bob, user, planted):
    attempts = (
        bob.patch(f"/v1/users/{user}/episodes/{planted}", json={"content": "overwritten"}),
        bob.delete(f"/v1/users/{user}/episodes/{planted}"),
        bob.delete(f"/v1/users/{user}"),
    )
    for response in attempts:
        assert response.status_code == 404
        no_data(response)
    assert bob.delete(f"/v1/users/{user}/sessions/s").status_code == 404
    assert bob.delete(f"/v1/users/{user}/episodes", params={"session_id": "s"}).json() == {
        "deleted": 0
    }
    mine = alice.get(f"/v1/users/{user}/episodes/{planted}")
    assert (
        mine.status_code == 200
        and mine.json()["content"] == SECRET + "!"
        and mine.json()["version"] == 2
    )


def test_the_same_user_id_is_a_different_user_in_each_tenant(alice, bob, user, planted):
    theirs = bob.post(
        f"/v1/users/{user}/episodes", json={"content": "bob's own note", "session_id": "s"}
    )
    assert theirs.status_code == 201
    assert [e["content"] for e in bob.get(f"/v1/users/{user}/episodes").json()["items"]] == [
        "bob's own note"
    ]
    assert bob.delete(f"/v1/users/{user}").json()["deleted"] == 1
    assert alice.get(f"/v1/users/{user}/episodes/{planted}").status_code == 200


def test_stats_count_only_the_callers_tenant(admin, live, alice, user, planted, client, new_tenant):
    _, key = new_tenant(admin)
    assert client(live.url, key).get("/v1/stats").json() == {
        "users": 0,
        "episodes": 0,
        "chunks": 0,
        "sessions": 0,
    }
