"""The knowledge graph over HTTP: facts with validity, as-of reads, search, communities, errors
and tenants kept apart."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.server

STORY = [
    ("2023-01-10T10:00:00+00:00", "My sister Ana lives in Lisbon. She works at Google."),
    ("2023-09-10T10:00:00+00:00", "Ana moved to Porto last month!"),
]


def tell(client, user):
    for at, content in STORY:
        created = client.post(
            f"/v1/users/{user}/episodes", json={"content": content, "role": "user", "at": at}
        )
        assert created.status_code == 201, created.text


def test_facts_entities_search_and_communities(alice, bob, user):
    tell(alice, user)
    graph = f"/v1/users/{user}/graph"
    facts = alice.get(f"{graph}/facts").json()["facts"]
    lives = [
        (f["object"], f["current"], f["invalid_at"]) for f in facts if f["predicate"] == "lives_in"
    ]
    assert lives == [("Porto", True, None), ("Lisbon", False, "2023-08-01T00:00:00Z")]
    assert facts[0]["sources"][0]["quote"] == "Ana moved to Porto last month!"
    then = alice.get(f"{graph}/facts", params={"as_of": "2023-03-01T00:00:00+00:00"}).json()[
        "facts"
    ]
    assert "Ana lives in Lisbon" in [f["text"] for f in then]
    about = alice.get(f"{graph}/facts", params={"entity": "Ana", "current": "true"}).json()["facts"]
    assert next(f["text"] for f in about) == "Ana lives in Porto"
    assert {f["text"] for f in about} == {
        "Ana lives in Porto",
        "User has a sibling: Ana",
        "Ana works at Google",
    }
    [best] = alice.post(
        f"{graph}/search", json={"query": "where does Ana live now?", "limit": 1}
    ).json()["hits"]
    assert (
        best["text"] == "Ana lives in Porto" and best["fact"]["current"] and 0 < best["score"] <= 1
    )
    people = alice.get(f"{graph}/entities", params={"type": "person"}).json()["entities"]
    assert [(p["name"], p["aliases"]) for p in people] == [("Ana", ["my sister"])]
    [community] = alice.post(f"{graph}/refresh").json()["communities"]
    assert alice.get(f"{graph}/communities").json()["communities"][0]["id"] == community["id"]
    assert bob.get(f"{graph}/facts").json()["facts"] == []


def test_graph_input_errors(alice, user):
    graph = f"/v1/users/{user}/graph"
    assert alice.post(f"{graph}/search", json={"query": " "}).json()["error"]["field"] == "query"
    assert alice.post(f"{graph}/search", json={"query": "x", "preset": "best"}).status_code == 422
    assert (
        alice.post(f"{graph}/search", json={"query": "x", "limit": 0}).json()["error"]["field"]
        == "limit"
    )
    assert alice.get(f"{graph}/facts", params={"as_of": "soon"}).json()["error"]["field"] == "as_of"
    assert alice.get(f"{graph}/facts", params={"entity": "Nobody"}).status_code == 404


def test_the_graph_tools_over_http(alice, bob, user):
    tell(alice, user)
    hints = alice.get("/v1/tools").json()["hints"]
    expected = {"read_only": True, "destructive": False, "idempotent": True}
    assert hints["facts"] == hints["entities"] == expected
    tools = f"/v1/users/{user}/tools"
    now = alice.post(f"{tools}/facts", json={"entity": "my sister"}).json()["facts"]
    lives = [(f["fact"], f["when"]) for f in now if f["predicate"] == "lives_in"]
    assert lives == [
        ("Ana lives in Porto", "since 2023-08-01"),
        ("Ana lives in Lisbon", "2023-01-10 to 2023-08-01 (superseded)"),
    ]
    then = alice.post(f"{tools}/facts", json={"entity": "Ana", "as_of": "2023-03-01"}).json()
    assert "Ana lives in Porto" not in [f["fact"] for f in then["facts"]]
    [ana] = alice.post(f"{tools}/entities", json={"type": "person"}).json()["entities"]
    assert ana["name"] == "Ana" and "Ana lives in Porto (since 2023-08-01)" in ana["facts"]
    assert bob.post(f"{tools}/facts", json={}).json()["facts"] == []
    bad = alice.post(f"{tools}/facts", json={"as_of": "soon-ish"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "as_of"


def test_the_neighbourhood_of_an_entity_with_history_and_episodes(alice, bob, user):
    tell(alice, user)
    graph = f"/v1/users/{user}/graph"
    near = alice.get(f"{graph}/entities/my sister/neighbourhood", params={"hops": 1}).json()
    assert near["entity"]["name"] == "Ana" and near["hops"] == 1
    assert [(e["name"], e["hops"]) for e in near["entities"]][0] == ("Ana", 0)
    assert {e["name"] for e in near["entities"]} == {"Ana", "User", "Lisbon", "Porto", "Google"}
    lives = [(f["object"], f["current"]) for f in near["facts"] if f["predicate"] == "lives_in"]
    assert lives == [("Porto", True), ("Lisbon", False)]
    said = {e["id"]: e["content"] for e in near["episodes"]}
    assert sorted(said.values()) == sorted(text for _, text in STORY)
    assert all(s["episode_id"] in said for f in near["facts"] for s in f["sources"])

    mine = alice.get(f"{graph}/entities/User/neighbourhood").json()  # two hops by default
    assert ("Google", 2) in [(e["name"], e["hops"]) for e in mine["entities"]]
    assert "Ana works at Google" in [f["text"] for f in mine["facts"]]
    one = alice.get(f"{graph}/entities/User/neighbourhood", params={"hops": 1}).json()
    assert "Ana works at Google" not in [f["text"] for f in one["facts"]]

    far = alice.get(f"{graph}/entities/Ana/neighbourhood", params={"hops": 9})
    assert far.status_code == 422 and far.json()["error"]["field"] == "hops"
    assert alice.get(f"{graph}/entities/Nobody/neighbourhood").status_code == 404
    assert bob.get(f"{graph}/entities/Ana/neighbourhood").status_code == 404
