"""Search and context over HTTP: hits with scores and signals, and the time windows of the query."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.server

NOW = "2024-05-20T12:00:00+00:00"  # a Monday


@pytest.fixture
def trips(alice, user):
    alice.put(f"/v1/users/{user}", json={"timezone": "Europe/Lisbon"})
    for content, at in (
        ("went to Lisbon for pastries", "2024-05-14T10:00:00+01:00"),
        ("went to Porto for wine", "2024-04-01T10:00:00+01:00"),
        ("went to Faro for the beach", "2023-08-10T16:00:00+01:00"),
    ):
        assert (
            alice.post(
                f"/v1/users/{user}/episodes",
                json={"content": content, "at": at, "session_id": at[:7]},
            ).status_code
            == 201
        )
    return user


def test_a_time_phrase_becomes_a_window_that_ranks_its_memories_first(alice, trips):
    found = alice.post(
        f"/v1/users/{trips}/search", json={"query": "where did I go last week", "k": 3, "now": NOW}
    ).json()
    assert found["time"]["phrases"] == ["last week"] and found["semantic_query"] == "where did I go"
    window = found["time"]["windows"][0]
    assert (window["start"], window["end"], window["granularity"]) == (
        "2024-05-13T00:00:00+01:00",
        "2024-05-20T00:00:00+01:00",
        "week",
    )
    top = found["hits"][0]
    assert top["episode"]["content"] == "went to Lisbon for pastries" and top["rank"] == 1
    assert all(0.0 <= h["score"] <= 1.0 for h in found["hits"]) and "time_score" in top["signals"]
    assert [h["score"] for h in found["hits"]] == sorted(
        (h["score"] for h in found["hits"]), reverse=True
    )


def test_a_query_without_time_has_no_windows_and_respects_filters(alice, trips):
    found = alice.post(
        f"/v1/users/{trips}/search",
        json={"query": "wine", "k": 5, "now": NOW, "filters": {"session_id": "2024-04"}},
    ).json()
    assert found["time"] is None
    assert [h["episode"]["content"] for h in found["hits"]] == ["went to Porto for wine"]
    assert found["hits"][0]["signals"]


def test_season_phrases_and_presets(alice, trips):
    found = alice.post(
        f"/v1/users/{trips}/search",
        json={"query": "beach last summer", "now": NOW, "preset": "thorough"},
    ).json()
    assert (
        found["time"]["windows"]
        and found["hits"][0]["episode"]["content"] == "went to Faro for the beach"
    )
    keyword = alice.post(
        f"/v1/users/{trips}/search", json={"query": "Porto", "preset": "keyword"}
    ).json()
    assert keyword["time"] is None and [h["episode"]["content"] for h in keyword["hits"]] == [
        "went to Porto for wine"
    ]


def test_context_is_a_prompt_block_within_budget(alice, trips):
    block = alice.post(
        f"/v1/users/{trips}/context",
        json={"query": "trips last week", "now": NOW, "budget_tokens": 200},
    )
    assert block.status_code == 200, block.text
    body = block.json()
    assert "Lisbon" in body["text"] and body["tokens"] <= 200 and body["sections"]
    assert body["now"].startswith("2024-05-20")
    small = alice.post(f"/v1/users/{trips}/context", json={"query": "trips", "budget_tokens": 8})
    assert small.status_code == 422 and small.json()["error"]["field"] == "budget_tokens"
