"""Saved memories, insights and session summaries over HTTP, and other tenants kept out of them."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.server

TOPICS = (
    "tokio runtime, async Rust, serde derive and trait objects",
    "feijoada, black beans, farofa and smoked sausage",
    "tempo run, long run, running shoes and race day",
)


def test_saved_memories_outcomes_edit_and_delete(alice, user):
    memories = f"/v1/users/{user}/memories"
    first = alice.post(memories, json={"fact": "I live in Lisbon"})
    assert first.status_code == 201 and first.json()["status"] == "saved"
    lisbon = first.json()["memory"]
    again = alice.post(memories, json={"fact": "I live in Lisbon."})
    assert (
        again.status_code == 200
        and again.json()["status"] == "duplicate"
        and again.json()["existing"]["id"] == lisbon["id"]
    )
    conflict = alice.post(memories, json={"fact": "I live in Porto"})
    assert (
        conflict.status_code == 200
        and conflict.json()["status"] == "conflict"
        and conflict.json()["reason"]
    )
    assert [m["fact"] for m in alice.get(memories).json()["memories"]] == ["I live in Lisbon"]
    replaced = alice.post(
        memories, json={"fact": "I live in Porto", "on_conflict": "replace"}
    ).json()
    assert replaced["status"] == "saved" and replaced["replaced"]["id"] == lisbon["id"]
    both = alice.post(memories, json={"fact": "I live in Braga", "on_conflict": "keep_both"})
    assert both.status_code == 201
    assert [m["fact"] for m in alice.get(memories).json()["memories"]] == [
        "I live in Porto",
        "I live in Braga",
    ]
    assert len(alice.get(memories, params={"include_retired": "true"}).json()["memories"]) == 3
    porto = replaced["memory"]["id"]
    edited = alice.patch(f"{memories}/{porto}", json={"fact": "I live in Porto, Portugal"})
    assert edited.status_code == 200 and edited.json()["fact"] == "I live in Porto, Portugal"
    assert alice.delete(f"{memories}/{porto}").json() == {"deleted": 2}
    assert alice.delete(f"{memories}/{porto}").status_code == 404


def test_saved_memory_input_errors(alice, user):
    memories = f"/v1/users/{user}/memories"
    assert (
        alice.post(memories, json={"fact": "x", "on_conflict": "merge"}).json()["error"]["field"]
        == "on_conflict"
    )
    assert alice.post(memories, json={"fact": "  "}).json()["error"]["field"] == "fact"
    assert alice.post(memories, json={"fact": "x" * 501}).status_code == 422


def conversations(client, user: str) -> None:
    items = [
        {
            "content": TOPICS[i % 3],
            "session_id": f"s{i % 5}",
            "role": "user",
            "at": f"2024-0{1 + i % 5}-0{1 + i % 9}T10:00:00+00:00",
        }
        for i in range(30)
    ]
    assert client.post(f"/v1/users/{user}/episodes/bulk", json={"items": items}).status_code == 201


def test_end_session_and_summaries(alice, user):
    conversations(alice, user)
    ended = alice.post(
        f"/v1/users/{user}/sessions/s0/end", json={"now": "2024-12-01T00:00:00+00:00"}
    )
    assert ended.status_code == 200, ended.text
    assert (
        ended.json()["session_id"] == "s0"
        and ended.json()["turns"] == 6
        and ended.json()["summary"]
    )
    assert alice.post(f"/v1/users/{user}/sessions/s1/end").status_code == 200
    assert [
        s["session_id"] for s in alice.get(f"/v1/users/{user}/summaries").json()["summaries"]
    ] == ["s0", "s1"]
    assert alice.post(f"/v1/users/{user}/sessions/nope/end").status_code == 404
    assert alice.delete(f"/v1/users/{user}/summaries/s1").json() == {"deleted": 1}
    assert [
        s["session_id"] for s in alice.get(f"/v1/users/{user}/summaries").json()["summaries"]
    ] == ["s0"]


def test_insights_refresh_list_edit_delete(alice, user):
    conversations(alice, user)
    refreshed = alice.post(f"/v1/users/{user}/insights/refresh", json={}).json()["insights"]
    assert len(refreshed) == 3 and all(
        i["statement"].startswith("Often talks about") for i in refreshed
    )
    assert all(0 <= i["confidence"] <= 1 and i["sources"] for i in refreshed)
    first = refreshed[0]["id"]
    edited = alice.patch(f"/v1/users/{user}/insights/{first}", json={"statement": "Likes Rust"})
    assert (
        edited.status_code == 200
        and edited.json()["statement"] == "Likes Rust"
        and edited.json()["edited"]
    )
    assert "Likes Rust" in [
        i["statement"] for i in alice.get(f"/v1/users/{user}/insights").json()["insights"]
    ]
    assert alice.delete(f"/v1/users/{user}/insights/{first}").json() == {"deleted": 1}
    assert len(alice.get(f"/v1/users/{user}/insights").json()["insights"]) == 2
    assert (
        alice.patch(f"/v1/users/{user}/insights/{first}", json={"statement": "x"}).status_code
        == 404
    )


def test_another_tenant_cannot_read_change_or_delete_layers(alice, bob, user):
    conversations(alice, user)
    fact = alice.post(f"/v1/users/{user}/memories", json={"fact": "My locker code is 4711"}).json()[
        "memory"
    ]["id"]
    alice.post(f"/v1/users/{user}/sessions/s0/end")
    insight = alice.post(f"/v1/users/{user}/insights/refresh").json()["insights"][0]["id"]
    for path in ("memories", "insights", "summaries"):
        listed = bob.get(f"/v1/users/{user}/{path}")
        assert listed.status_code == 200 and listed.json()[path] == []
    attempts = (
        bob.patch(f"/v1/users/{user}/memories/{fact}", json={"fact": "overwritten"}),
        bob.delete(f"/v1/users/{user}/memories/{fact}"),
        bob.patch(f"/v1/users/{user}/insights/{insight}", json={"statement": "overwritten"}),
        bob.delete(f"/v1/users/{user}/insights/{insight}"),
        bob.delete(f"/v1/users/{user}/summaries/s0"),
        bob.post(f"/v1/users/{user}/sessions/s0/end"),
    )
    for response in attempts:
        assert response.status_code == 404, response.text
        assert "4711" not in response.text and "tokio" not in response.text
    assert [m["fact"] for m in alice.get(f"/v1/users/{user}/memories").json()["memories"]] == [
        "My locker code is 4711"
    ]
    assert insight in [i["id"] for i in alice.get(f"/v1/users/{user}/insights").json()["insights"]]
    assert len(alice.get(f"/v1/users/{user}/summaries").json()["summaries"]) == 1


def test_a_captured_conflict_is_pending_until_resolved(alice, user):
    memories = f"/v1/users/{user}/memories"
    alice.post(memories, json={"fact": "I live in Lisbon"})
    added = alice.post(
        f"/v1/users/{user}/episodes/bulk",
        json={"items": [{"role": "user", "content": "Remember that I live in Porto"}]},
    )
    assert added.status_code == 201
    [pending] = alice.get(f"{memories}/pending").json()["pending"]
    assert pending["fact"] == "I live in Porto" and pending["conflicts_with"]
    bad = alice.post(f"{memories}/pending/{pending['id']}", json={"action": "merge"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "action"
    settled = alice.post(f"{memories}/pending/{pending['id']}", json={"action": "keep_both"}).json()
    assert settled["status"] == "saved" and settled["result"]["memory"]["fact"] == "I live in Porto"
    assert [m["fact"] for m in alice.get(memories).json()["memories"]] == [
        "I live in Lisbon",
        "I live in Porto",
    ]
    assert alice.get(f"{memories}/pending").json() == {"pending": []}
    assert (
        alice.post(f"{memories}/pending/{pending['id']}", json={"action": "discard"}).status_code
        == 404
    )
