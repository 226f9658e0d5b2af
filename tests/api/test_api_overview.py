"""The page's search overview and a user's export, over HTTP: a time window's count and the
user's span, hits outside the window, conversations for a question about them, and the
export read back as JSON Lines (only the tenant's own user)."""

from __future__ import annotations

import json

import pytest

from lembrar.ui.asking import asks_about_conversations

pytestmark = pytest.mark.server

TURNS = [
    ("a", "2023-08-23T19:30:00+00:00", "I started volunteering at the youth centre."),
    ("a", "2023-08-23T19:31:00+00:00", "I painted a horse for my daughter."),
    ("b", "2023-08-25T13:00:00+00:00", "My counselling course starts in September."),
    ("c", "2023-06-01T09:00:00+00:00", "We went camping by the river."),
]


@pytest.fixture
def stored(alice, user):
    for session, at, text in TURNS:
        body = {"session_id": session, "at": at, "role": "user", "content": text}
        assert alice.post(f"/v1/users/{user}/episodes", json=body).status_code == 201
    return user


@pytest.mark.parametrize(
    "query",
    [
        "what did we talk about?",
        "Which topics came up in our chats?",
        "sobre o que conversamos?",
        "o que falamos?",
        "remind me what we discussed",
        "de qué hablamos?",
    ],
)
def test_questions_about_conversations_are_told_apart(query):
    assert asks_about_conversations(query)


@pytest.mark.parametrize(
    "query",
    [
        "what did Melanie paint?",
        "did we talk about kayaks?",
        "o que falamos sobre o caiaque?",
        "what did we eat?",
        "what about my dissertation?",
        "what did Charles do?",
        "what about the paper?",
        "what about parliament?",
    ],
)
def test_questions_about_something_said_are_not(query):
    assert not asks_about_conversations(query)


def test_an_empty_window_is_counted_with_the_users_span(alice, stored):
    body = {"query": "what did I paint recently?", "now": "2026-11-20T12:00:00+00:00"}
    answer = alice.post(f"/v1/users/{stored}/search/overview", json=body).json()
    assert [w["episodes"] for w in answer["windows"]] == [0]
    assert answer["first_at"].startswith("2023-06-01") and answer["last_at"].startswith(
        "2023-08-25"
    )
    hits = [h["episode"]["id"] for h in answer["search"]["hits"]]
    assert hits and answer["outside_window"] == hits
    assert answer["about_conversations"] is False and answer["conversations"] == []


def test_a_question_about_conversations_answers_with_them(alice, stored):
    body = {"query": "what did we talk about last week?", "now": "2023-08-28T12:00:00+00:00"}
    answer = alice.post(f"/v1/users/{stored}/search/overview", json=body).json()
    assert answer["windows"][0]["episodes"] == 3
    assert answer["about_conversations"] is True
    found = [(c["session_id"], c["date"], c["turns"]) for c in answer["conversations"]]
    assert found == [("b", "2023-08-25", 1), ("a", "2023-08-23", 2)]
    a = answer["conversations"][1]
    assert a["about"] == "I started volunteering at the youth centre."
    assert a["about_source"] == "first user turn"
    assert [e["content"] for e in a["best"]] == ["I painted a horse for my daughter."]


def test_the_export_is_the_users_episodes_as_json_lines(alice, bob, stored):
    response = alice.get(f"/v1/users/{stored}/export")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert f'filename="lembrar-{stored}.jsonl"' in response.headers["content-disposition"]
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert sorted(line["content"] for line in lines) == sorted(t for _, _, t in TURNS)
    assert bob.get(f"/v1/users/{stored}/export").status_code == 404


def test_a_users_name_beyond_ascii_still_exports_under_an_ascii_file_name(alice):
    user = "zoë-ěŀ"
    body = {"role": "user", "content": "Comprei um caiaque.", "at": "2024-05-01T10:00:00+00:00"}
    assert alice.post(f"/v1/users/{user}/episodes", json=body).status_code == 201
    response = alice.get(f"/v1/users/{user}/export")
    assert response.status_code == 200
    assert 'filename="lembrar-zo_-__.jsonl"' in response.headers["content-disposition"]
    assert json.loads(response.text.splitlines()[0])["content"] == "Comprei um caiaque."
