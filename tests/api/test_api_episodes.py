"""Episodes over HTTP: add in every shape, read, page, update with history, delete; users and sessions."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.server


def add(c, user: str, **body) -> list[dict]:
    response = c.post(f"/v1/users/{user}/episodes", json=body)
    assert response.status_code == 201, response.text
    return response.json()["episodes"]


def test_add_a_text_a_message_a_conversation_and_a_record(alice, user):
    text = add(alice, user, content="bought bread", at="2024-05-01T09:00:00+00:00")[0]
    assert (text["kind"], text["role"], text["content"]) == ("text", None, "bought bread")
    message = add(alice, user, content="hi", role="user", name="Ana", session_id="s1")[0]
    assert (message["kind"], message["role"], message["speaker"], message["session_id"]) == (
        "message",
        "user",
        "Ana",
        "s1",
    )
    turns = add(
        alice,
        user,
        messages=[
            {"role": "user", "content": "plans?"},
            {"role": "assistant", "content": "a walk"},
        ],
        session_id="s1",
        metadata={"source": "chat"},
    )
    assert [t["role"] for t in turns] == ["user", "assistant"] and turns[1]["metadata"] == {
        "source": "chat"
    }
    record = add(alice, user, record={"event": "run", "km": 5})[0]
    assert (
        record["kind"] == "record"
        and record["record"] == {"event": "run", "km": 5}
        and "km: 5" in record["content"]
    )
    fetched = alice.get(f"/v1/users/{user}/episodes/{text['id']}").json()
    assert (
        fetched == text
        and fetched["tags"]["weekday"] == "wednesday"
        and fetched["tags"]["period"] == "morning"
    )


def test_naive_times_are_read_in_the_users_timezone(alice, user):
    settings = alice.put(
        f"/v1/users/{user}",
        json={"timezone": "America/Sao_Paulo", "hemisphere": "south", "language": "pt"},
    )
    assert settings.status_code == 200 and settings.json()["timezone"] == "America/Sao_Paulo"
    assert alice.get(f"/v1/users/{user}").json() == settings.json()
    episode = add(alice, user, content="café da manhã", at="2024-07-01T08:00:00")[0]
    assert episode["at"].endswith("-03:00") and episode["tags"]["season"] == "winter"
    assert user in alice.get("/v1/users").json()["users"]


def test_pages_follow_the_cursor_without_gaps_or_repeats(alice, user):
    ids = [
        e["id"]
        for e in alice.post(
            f"/v1/users/{user}/episodes/bulk",
            json={
                "items": [
                    {"content": f"note {i}", "at": f"2024-01-{i + 1:02d}T12:00:00+00:00"}
                    for i in range(23)
                ]
            },
        ).json()["episodes"]
    ]
    for order, expected in (("asc", ids), ("desc", ids[::-1])):
        seen, cursor, pages = [], None, 0
        while True:
            params = {"limit": 10, "order": order, **({"cursor": cursor} if cursor else {})}
            page = alice.get(f"/v1/users/{user}/episodes", params=params).json()
            seen += [e["id"] for e in page["items"]]
            pages += 1
            cursor = page["next_cursor"]
            if cursor is None:
                break
        assert seen == expected and pages == 3


def test_listing_filters(alice, user):
    add(alice, user, content="morning run", at="2024-03-04T07:00:00+00:00", session_id="a")
    add(
        alice,
        user,
        content="evening tea",
        role="assistant",
        at="2024-03-05T19:00:00+00:00",
        session_id="b",
    )

    def listed(**p):
        return [
            e["content"] for e in alice.get(f"/v1/users/{user}/episodes", params=p).json()["items"]
        ]  # noqa: E731

    assert listed(session_id="a") == ["morning run"]
    assert listed(role="assistant") == ["evening tea"]
    assert listed(period="evening") == ["evening tea"]
    assert listed(weekday=["monday", "tuesday"]) == ["morning run", "evening tea"]
    assert listed(since="2024-03-05T00:00:00+00:00") == ["evening tea"]
    assert listed(until="2024-03-05T00:00:00Z", kind="text") == ["morning run"]


def test_update_keeps_the_history(alice, user):
    episode = add(alice, user, content="meeting on Monday")[0]
    updated = alice.patch(
        f"/v1/users/{user}/episodes/{episode['id']}", json={"content": "meeting on Tuesday"}
    )
    assert updated.status_code == 200 and updated.json()["version"] == 2
    history = alice.get(f"/v1/users/{user}/episodes/{episode['id']}/history").json()["entries"]
    assert [(h["version"], h["event"], h["content"]) for h in history] == [
        (1, "ADD", "meeting on Monday"),
        (2, "UPDATE", "meeting on Tuesday"),
    ]


def test_delete_one_a_session_matching_and_the_whole_user(alice, user):
    first = add(alice, user, content="one", session_id="s1")[0]
    add(alice, user, messages=[{"content": "two"}, {"content": "three"}], session_id="s2")
    add(alice, user, content="four", role="assistant")
    assert alice.delete(f"/v1/users/{user}/episodes/{first['id']}").status_code == 204
    assert alice.get(f"/v1/users/{user}/episodes/{first['id']}").status_code == 404
    sessions = alice.get(f"/v1/users/{user}/sessions").json()["sessions"]
    assert [(s["session_id"], s["episodes"]) for s in sessions] == [("s2", 2)]
    assert alice.delete(f"/v1/users/{user}/sessions/s2").json() == {"deleted": 2}
    assert alice.delete(f"/v1/users/{user}/episodes").status_code == 422
    assert alice.delete(f"/v1/users/{user}/episodes", params={"role": "assistant"}).json() == {
        "deleted": 1
    }
    add(alice, user, content="five")
    assert alice.delete(f"/v1/users/{user}").json()["deleted"] == 1
    assert alice.get(f"/v1/users/{user}").status_code == 404
    assert user not in alice.get("/v1/users").json()["users"]


def test_bulk_rejects_the_batch_naming_the_item_or_skips_invalid_items(alice, user):
    items = [{"content": "fine"}, {"content": "bad role", "role": "robot"}, {"content": "   "}]
    refused = alice.post(f"/v1/users/{user}/episodes/bulk", json={"items": items})
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "items.1.role"
    refused = alice.post(f"/v1/users/{user}/episodes/bulk", json={"items": [items[0], items[2]]})
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "items.1.content"
    assert alice.get(f"/v1/users/{user}/episodes").json()["items"] == []
    skipped = alice.post(
        f"/v1/users/{user}/episodes/bulk",
        json={"items": [items[0], items[2]], "skip_invalid": True},
    ).json()
    assert [e["content"] for e in skipped["episodes"]] == ["fine"]
    assert [(r["index"], r["field"]) for r in skipped["rejected"]] == [(1, "content")]


def test_bulk_keeps_given_ids_and_refuses_a_duplicate(alice, user):
    item = {
        "id": f"{user}-fixed",
        "content": "imported",
        "at": "2023-01-01T00:00:00+00:00",
        "recorded_at": "2023-01-02T00:00:00+00:00",
    }
    created = alice.post(f"/v1/users/{user}/episodes/bulk", json={"items": [item]}).json()[
        "episodes"
    ][0]
    assert created["id"] == item["id"] and created["recorded_at"].startswith("2023-01-02")
    again = alice.post(f"/v1/users/{user}/episodes/bulk", json={"items": [item]})
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"


def test_stats_count_the_tenant(alice, user):
    before = alice.get("/v1/stats").json()
    add(alice, user, content="counted", session_id="s")
    after = alice.get("/v1/stats").json()
    assert after["episodes"] == before["episodes"] + 1 and set(after) == {
        "users",
        "episodes",
        "chunks",
        "sessions",
    }
