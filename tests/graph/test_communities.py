"""Label propagation, incremental assignment and community names."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from lembrar.graph.communities import adjacency, assign, build, label_propagation
from lembrar.model.graph import Entity, Fact

T = datetime(2024, 1, 1, tzinfo=UTC)


def graph(*edges):
    out = {}
    for a, b in edges:
        out.setdefault(a, Counter())[b] += 1
        out.setdefault(b, Counter())[a] += 1
    return out


def test_two_dense_groups_get_two_labels():
    g = graph(("a", "b"), ("b", "c"), ("a", "c"), ("x", "y"), ("y", "z"), ("x", "z"), ("c", "x"))
    labels = label_propagation(g)
    assert labels["a"] == labels["b"] == labels["c"] and labels["x"] == labels["y"] == labels["z"]
    assert labels["a"] != labels["x"]
    assert label_propagation(g) == labels  # deterministic


def test_a_new_node_joins_its_neighbours_community():
    g = graph(("new", "a"), ("new", "b"), ("new", "x"))
    assert assign("new", g, {"a": "c1", "b": "c1", "x": "c2"}) == "c1"
    assert assign("new", g, {}) is None


def test_the_user_node_takes_no_part_and_communities_are_named():
    entities = [
        Entity(i, "u", n, t, T)
        for i, n, t in (
            ("me", "User", "user"),
            ("ana", "Ana", "person"),
            ("porto", "Porto", "place"),
            ("jazz", "jazz", "thing"),
        )
    ]
    facts = [
        Fact("f1", "u", "ana", "lives_in", "porto", "Ana lives in Porto", T, T),
        Fact("f2", "u", "me", "likes", "jazz", "User likes jazz", T, T),
        Fact("f3", "u", "me", "has_sibling", "ana", "User has a sibling: Ana", T, T),
    ]
    assert "me" not in adjacency(entities, facts)
    [community], membership = build("u", entities, facts, T)
    assert set(community.members) == {"ana", "porto"} and membership == {
        "ana": community.id,
        "porto": community.id,
    }
    assert community.name == "Ana, Porto" and community.summary == "Ana lives in Porto"
