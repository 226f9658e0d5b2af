"""The graph as if some episodes had never been read (``graph.evidence``), by the rules of the
stores' cascades, and the episodes that hold the evidence of stale entities."""

from __future__ import annotations

from datetime import UTC, datetime

from lembrar.graph.evidence import evidence, without
from lembrar.model.graph import Community, Entity, Fact, FactSource, GraphData

T = [datetime(2024, 3, day, tzinfo=UTC) for day in range(1, 6)]


def _entity(ident: str, episodes: tuple[str, ...], kind: str = "person", community=None):
    return Entity(ident, "u", ident.title(), kind, T[0], episodes=episodes, community_id=community)


def _fact(ident: str, subject: str, obj: str, *sources: tuple[str, datetime]) -> Fact:
    return Fact(
        ident,
        "u",
        subject,
        "lives_in",
        obj,
        f"{subject} lives in {obj}",
        T[0],
        min(at for _, at in sources),
        sources=tuple(FactSource(episode, "quote", at) for episode, at in sources),
    )


GRAPH = GraphData(
    (
        _entity("user", ("e1", "e2", "e3"), "user"),
        _entity("ana", ("e1", "e2"), community="c1"),
        _entity("lisbon", ("e1", "e3"), community="c1"),
        _entity("siemens", ("e2",), community="c2"),
    ),
    (
        _fact("f1", "ana", "lisbon", ("e1", T[1]), ("e3", T[3])),
        _fact("f2", "ana", "siemens", ("e2", T[2])),
        _fact("f3", "ana", "lisbon", ("e1", T[0]), ("e2", T[2])),
    ),
    (
        Community("c1", "u", "one", "", ("ana", "lisbon"), T[0]),
        Community("c2", "u", "two", "", ("siemens",), T[0]),
    ),
)


def test_without_an_episode_its_mentions_sources_and_what_they_alone_held_go():
    left = without(GRAPH, {"e2"})
    assert [e.id for e in left.entities] == ["user", "ana", "lisbon"]
    assert {e.id: e.episodes for e in left.entities}["ana"] == ("e1",)
    assert [f.id for f in left.facts] == ["f1", "f3"]
    f3 = left.facts[1]
    assert [s.episode_id for s in f3.sources] == ["e1"] and f3.valid_at == T[0]
    assert [c.id for c in left.communities] == ["c1"]  # siemens went: its community dissolved
    assert left.facts[0] is GRAPH.facts[0]  # untouched facts are kept as they were


def test_a_fact_later_sources_gave_starts_at_the_earliest_that_remains():
    [fact] = [f for f in without(GRAPH, {"e1"}).facts if f.id == "f1"]
    assert fact.valid_at == T[3] and [s.episode_id for s in fact.sources] == ["e3"]


def test_an_entity_left_unmentioned_goes_with_every_fact_naming_it_and_its_community():
    left = without(GRAPH, {"e1", "e2"})
    assert [e.id for e in left.entities] == ["user", "lisbon"]
    assert left.facts == () and left.communities == ()
    assert [e.community_id for e in left.entities] == [None, None]


def test_the_evidence_of_stale_entities_is_every_episode_mentioning_them_but_the_user():
    assert evidence(GRAPH.entities, {"ana"}) == ("e1", "e2")
    assert evidence(GRAPH.entities, {"ana", "lisbon"}) == ("e1", "e2", "e3")
    assert evidence(GRAPH.entities, {"user", ""}) == ()
