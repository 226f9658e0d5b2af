"""The OpenAPI document says what the server enforces: a request it describes as valid is not
refused for a reason it does not state, and what it refuses it describes as invalid."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def document(live, client):
    return client(live.url, None).get("/openapi.json").json()


def _schema(document, name):
    return document["components"]["schemas"][name]


@pytest.mark.parametrize("k", ["5", True, 2.0])
def test_k_must_be_a_json_integer(alice, user, k):
    answer = alice.post(f"/v1/users/{user}/search", json={"query": "x", "k": k})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "k"


@pytest.mark.parametrize("value", ["0.5", "0", "1716200000"])
def test_numbers_are_not_dates(alice, user, value):
    listing = alice.get(f"/v1/users/{user}/episodes", params={"until": value})
    assert listing.status_code == 422 and listing.json()["error"]["field"] == "until"
    search = alice.post(
        f"/v1/users/{user}/search", json={"query": "x", "filters": {"since": value}}
    )
    assert search.status_code == 422


def test_refusals_the_document_states(alice, user, document):
    paths = document["paths"]
    search = _schema(document, "SearchRequest")["properties"]
    assert search["preset"]["anyOf"][0]["enum"] and search["now"]["anyOf"][0]["pattern"]
    assert (
        alice.post(f"/v1/users/{user}/search", json={"query": "x", "preset": "nope"}).status_code
        == 422
    )
    assert (
        alice.post(f"/v1/users/{user}/search", json={"query": "x", "now": "yesterday"}).status_code
        == 422
    )
    cursor = next(
        p
        for p in paths["/v1/users/{user_id}/episodes"]["get"]["parameters"]
        if p["name"] == "cursor"
    )
    assert cursor["schema"]["anyOf"][0]["minLength"] == 1
    assert alice.get(f"/v1/users/{user}/episodes", params={"cursor": ""}).status_code == 422
    zone = _schema(document, "UserSettingsIn")["properties"]["timezone"]["anyOf"][0]
    assert "Europe/Lisbon" in zone["enum"] and "Mars/Olympus" not in zone["enum"]
    assert alice.put(f"/v1/users/{user}", json={"timezone": "Mars/Olympus"}).status_code == 422
    created = _schema(document, "EpisodeCreate")["properties"]["content"]
    assert created.get("type") == "string" and created.get("minLength") == 1
    assert alice.post(f"/v1/users/{user}/episodes", json={"content": None}).status_code == 422
    for name, field in (
        ("MemoryCreate", "fact"),
        ("MemoryEdit", "fact"),
        ("InsightEdit", "statement"),
    ):
        assert _schema(document, name)["properties"][field]["pattern"] == r"\S"
    assert alice.post(f"/v1/users/{user}/memories", json={"fact": "   "}).status_code == 422
    user_param = paths["/v1/users/{user_id}"]["get"]["parameters"][0]["schema"]
    assert user_param["maxLength"] == 256 and user_param["pattern"]


@pytest.mark.parametrize(
    "path, allowed",
    [
        ("/v1/users/u", {"GET", "PUT", "DELETE"}),
        ("/v1/users/u/episodes", {"GET", "POST", "DELETE"}),
    ],
)
def test_a_method_not_allowed_names_the_allowed_ones(alice, path, allowed):
    for method in ("OPTIONS", "PATCH"):
        answer = alice.request(method, path)
        assert answer.status_code == 405
        assert set(answer.headers["allow"].replace(" ", "").split(",")) == allowed
