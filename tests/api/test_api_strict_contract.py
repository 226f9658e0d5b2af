"""The OpenAPI document says what the server enforces: a request it describes as valid is not
refused for a reason it does not state, and what it refuses it describes as invalid."""

from __future__ import annotations

import re

import pytest

from lembrar.api.routes.episodes import CURSOR
from lembrar.api.schemas.common import NOT_BLANK


@pytest.fixture(scope="module")
def document(live, client):
    return client(live.url, None).get("/openapi.json").json()


def _schema(document, name):
    return document["components"]["schemas"][name]


@pytest.mark.parametrize("k", ["5", True, 2.5])
def test_k_must_be_a_json_integer(alice, user, k):
    answer = alice.post(f"/v1/users/{user}/search", json={"query": "x", "k": k})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "k"


def test_a_whole_number_written_with_a_fraction_is_an_integer(alice, user):
    """JSON Schema's ``integer`` admits 2.0, so the server does too."""
    answer = alice.post(f"/v1/users/{user}/search", json={"query": "x", "k": 2.0})
    assert answer.status_code == 200, answer.text


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
    search = _schema(document, "SearchBody")["properties"]
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
    assert cursor["schema"]["anyOf"][0]["pattern"] == CURSOR
    for wrong in ("", "0"):
        assert alice.get(f"/v1/users/{user}/episodes", params={"cursor": wrong}).status_code == 422
    zone = _schema(document, "UserSettingsIn")["properties"]["timezone"]["anyOf"][0]
    assert "Europe/Lisbon" in zone["enum"] and "Mars/Olympus" not in zone["enum"]
    assert alice.put(f"/v1/users/{user}", json={"timezone": "Mars/Olympus"}).status_code == 422
    created = _schema(document, "EpisodeCreate")["properties"]["content"]
    assert created.get("type") == "string" and created.get("pattern") == NOT_BLANK
    assert alice.post(f"/v1/users/{user}/episodes", json={"content": None}).status_code == 422
    for name, field in (
        ("MemoryCreate", "fact"),
        ("MemoryEdit", "fact"),
        ("InsightEdit", "statement"),
    ):
        assert _schema(document, name)["properties"][field]["pattern"] == NOT_BLANK
    assert alice.post(f"/v1/users/{user}/memories", json={"fact": "   "}).status_code == 422
    user_param = paths["/v1/users/{user_id}"]["get"]["parameters"][0]["schema"]
    assert user_param["maxLength"] == 256 and user_param["pattern"]


@pytest.mark.parametrize(
    "path, allowed",
    [
        ("/v1/users/u", {"GET", "PUT", "DELETE"}),
        ("/v1/users/u/episodes", {"GET", "POST", "DELETE"}),
        ("/v1/users/u/episodes/bulk", {"POST"}),
        ("/v1/users/u/insights/refresh", {"POST"}),
        ("/v1/users/u/memories/pending", {"GET"}),
    ],
)
def test_a_method_not_allowed_names_the_allowed_ones(alice, path, allowed):
    """A literal segment is its own resource, not an id of the ``{id}`` route beside it."""
    for method in {"OPTIONS", "GET", "PATCH", "PUT", "DELETE"} - allowed:
        answer = alice.request(method, path)
        assert answer.status_code == 405, (method, answer.text)
        assert set(answer.headers["allow"].replace(" ", "").split(",")) == allowed


def test_an_episode_cannot_take_the_bulk_endpoints_name(alice, user):
    items = [{"id": "bulk", "content": "x"}]
    answer = alice.post(f"/v1/users/{user}/episodes/bulk", json={"items": items})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "items.0.id"


@pytest.mark.parametrize(
    ("value", "readable"),
    [
        ("2024-02-29T12:00:00Z", True),
        ("2000-02-29T23:59:59.5+23:59", True),
        ("2000-02-29T23:59:59.5+24:00", False),
        ("0000-00-00T00:00:00Z", False),
        ("2023-02-29T12:00Z", False),
        ("1900-02-29T12:00Z", False),
        ("2024-04-31T12:00Z", False),
        ("2024-05-02T24:00Z", False),
        ("9000-01-01T00:00Z", False),
    ],
)
def test_the_time_pattern_admits_exactly_the_times_the_server_reads(
    alice, user, document, value, readable
):
    pattern = _schema(document, "SearchBody")["properties"]["now"]["anyOf"][0]["pattern"]
    assert bool(re.match(pattern, value)) is readable
    answer = alice.post(f"/v1/users/{user}/search", json={"query": "x", "now": value})
    assert (answer.status_code == 200) is readable, answer.text


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/graph/refresh", {"rebuild": 0}, "rebuild"),
        ("/graph/refresh", {"rebuild": "true"}, "rebuild"),
        ("/episodes/bulk", {"items": [{"content": "x"}], "skip_invalid": 1}, "skip_invalid"),
    ],
)
def test_booleans_are_json_booleans(alice, user, path, body, field):
    answer = alice.post(f"/v1/users/{user}{path}", json=body)
    assert answer.status_code == 422 and answer.json()["error"]["field"] == field


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/graph/facts", {"as_of": ""}, "as_of"),
        ("/graph/facts", {"as_of": "côV"}, "as_of"),
        ("/timeline", {"month": "-Infinity"}, "month"),
        ("/graph/entities", {"type": "spaceship"}, "type"),
        ("/episodes", {"limit": 5, "sesion_id": "s1"}, "sesion_id"),
        ("/memories", {"include_retired": "true", "x": "1"}, "x"),
    ],
)
def test_query_values_are_refused_as_the_document_says(alice, user, document, path, params, field):
    answer = alice.get(f"/v1/users/{user}{path}", params=params)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == field


def test_tool_names_are_an_enum(alice, user, document):
    call = document["paths"]["/v1/users/{user_id}/tools/{name}"]["post"]
    name = next(p for p in call["parameters"] if p["name"] == "name")["schema"]
    assert set(name["enum"]) == {
        t["function"]["name"] for t in alice.get("/v1/tools").json()["tools"]
    }
    answer = alice.post(f"/v1/users/{user}/tools/0", json={})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "name"
