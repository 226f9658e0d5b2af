"""The knowledge graph on every backend: facts superseded in and out of order, as-of reads,
entity dedup, communities, cascades of forgetting (rows and bytes) and tenant isolation."""

from __future__ import annotations

import pytest
from scan import file_bytes_contain

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LembrarError
from lembrar.graph import GraphConfig, open_graph_store
from lembrar.model.graph import Entity, GraphChange
from lembrar.store.base import GraphStore

GRAPH_TABLES = (
    "graph_entities",
    "graph_facts",
    "graph_fact_sources",
    "graph_mentions",
    "graph_communities",
)
SECRET_NAME = "Zanzibarquokka"
EPISODES = [  # (when, what Maria said)
    ("2023-01-10T10:00:00+00:00", "My sister Ana lives in Lisbon. She works at Google."),
    ("2023-09-10T10:00:00+00:00", "Ana moved to Porto last month!"),
    ("2024-01-05T10:00:00+00:00", "Ana Souza now works at Farfetch."),
]


@pytest.fixture
def store(backend):
    return backend.open()


@pytest.fixture
def mem(store, clock):
    config = GraphConfig(names="rules")
    with Memory(store, embedder=HashingEmbedder(), clock=clock, graph=config) as memory:
        yield memory


def tell(mem, episodes, user="maria"):
    return [
        mem.add(
            {"role": "user", "content": text, "name": "Maria"},
            user_id=user,
            session_id=f"s{i}",
            at=at,
        )[0]
        for i, (at, text) in enumerate(episodes)
    ]


def timeline(mem, user="maria"):
    names = mem.graph.names(user)
    return sorted(
        (
            names[f.subject_id],
            f.predicate,
            names[f.object_id],
            f.valid_at.date().isoformat(),
            f.invalid_at and f.invalid_at.date().isoformat(),
        )
        for f in mem.graph.facts(user)
    )


def graph_rows(backend):
    return {t: len(backend.rows(t)) for t in GRAPH_TABLES}


def test_every_backend_keeps_the_graph(store):
    assert isinstance(open_graph_store(store), GraphStore)


def test_a_later_fact_closes_the_earlier_one(mem):
    tell(mem, EPISODES)
    assert timeline(mem) == [
        ("Ana Souza", "lives_in", "Lisbon", "2023-01-10", "2023-08-01"),
        ("Ana Souza", "lives_in", "Porto", "2023-08-01", None),
        ("Ana Souza", "works_at", "Farfetch", "2024-01-05", None),
        ("Ana Souza", "works_at", "Google", "2023-01-10", "2024-01-05"),
        ("Maria", "has_sibling", "Ana Souza", "2023-01-10", None),
    ]
    lisbon = next(f for f in mem.graph.facts("maria") if f.text.endswith("Lisbon"))
    assert lisbon.expired_at is not None and lisbon.created_at <= lisbon.expired_at
    current = [f.text for f in mem.graph.facts("maria", include_history=False)]
    assert "Ana Souza lives in Porto" in current and "Ana Souza lives in Lisbon" not in current


def test_an_older_episode_arriving_later_gives_the_same_timeline(mem, store, clock):
    tell(mem, EPISODES)
    in_order = timeline(mem)
    tell(mem, list(reversed(EPISODES)), user="late")
    assert timeline(mem, "late") == [(s.replace("Maria", "Maria"), *rest) for s, *rest in in_order]


def test_as_of_reads_the_facts_valid_then(mem):
    tell(mem, EPISODES)
    then = [f.text for f in mem.graph.facts("maria", as_of="2023-03-01T00:00:00+00:00")]
    assert "Ana Souza lives in Lisbon" in then and "Ana Souza lives in Porto" not in then
    hits = mem.graph.search("where did Ana live in March 2023?", "maria", limit=1)
    assert hits[0].text == "Ana Souza lives in Lisbon"
    hits = mem.graph.search("where does Ana live now?", "maria", limit=1)
    assert hits[0].text == "Ana Souza lives in Porto"


def test_entity_dedup_joins_names_the_evidence_ties(mem):
    tell(mem, EPISODES)
    people = mem.graph.entities("maria", type="person")
    assert [(p.name, sorted(p.aliases)) for p in people] == [("Ana Souza", ["Ana", "my sister"])]
    assert len(people[0].episodes) == 3
    assert mem.graph.entity("maria", "my sister").id == people[0].id


def test_deleting_an_episode_removes_what_it_alone_said_and_reopens_the_rest(backend, mem):
    first, moved, _ = tell(mem, EPISODES)
    mem.delete(moved.id, "maria")
    facts = timeline(mem)
    assert ("Ana Souza", "lives_in", "Lisbon", "2023-01-10", None) in facts
    assert not any(f[2] == "Porto" for f in facts)
    assert not any(
        "Porto" in " ".join(map(str, row)) for t in GRAPH_TABLES for row in backend.rows(t)
    )
    mem.delete(first.id, "maria")
    assert [f[2] for f in timeline(mem)] == ["Farfetch"]


def test_forgetting_a_user_leaves_no_graph_bytes(backend, mem):
    story = [("2023-01-10T10:00:00+00:00", f"My dog {SECRET_NAME} lives in Lisbon with me.")]
    tell(mem, EPISODES + story)
    tell(mem, EPISODES, user="bob")
    mem.graph.refresh("maria")
    assert all(graph_rows(backend).values()) and backend.rows_containing(SECRET_NAME)
    both = graph_rows(backend)
    mem.forget_user("maria")
    assert backend.rows_containing(SECRET_NAME) == []
    assert all(graph_rows(backend)[t] < both[t] for t in GRAPH_TABLES if t != "graph_communities")
    assert mem.graph.facts("maria") == [] and mem.graph.entities("maria") == []
    if backend.name == "sqlite":
        assert not file_bytes_contain(backend.target, SECRET_NAME)
    mem.forget_user("bob")
    assert graph_rows(backend) == dict.fromkeys(GRAPH_TABLES, 0)


def test_communities_group_entities_that_share_facts(mem):
    tell(mem, EPISODES)
    mem.add({"role": "user", "content": "I love jazz.", "name": "Maria"}, user_id="maria")
    [community] = mem.graph.refresh("maria")
    names = {e.id: e.name for e in mem.graph.entities("maria")}
    assert sorted(names[m] for m in community.members) == [
        "Ana Souza",
        "Farfetch",
        "Google",
        "Lisbon",
        "Porto",
    ]
    assert (
        community.name.startswith("Ana Souza") and "Ana Souza lives in Porto" in community.summary
    )
    [stored] = mem.graph.communities("maria")
    assert stored.id == community.id and set(stored.members) == set(community.members)
    tell(mem, [("2024-02-01T10:00:00+00:00", "Ana studies at Universidade do Porto.")])
    joined = mem.graph.entity("maria", "Universidade do Porto")
    assert joined.community_id == community.id


def test_tenants_and_users_do_not_see_each_other(backend, mem, store, clock):
    tell(mem, EPISODES)
    other = Memory(
        store.for_tenant(backend.tenant + "-other"),
        embedder=HashingEmbedder(),
        clock=clock,
        graph=GraphConfig(names="rules"),
    )
    assert other.graph.facts("maria") == [] and other.graph.entities("maria") == []
    assert mem.graph.facts("bob") == []


def test_a_failed_graph_write_leaves_the_graph_as_it_was(mem, clock):
    tell(mem, EPISODES)
    before = timeline(mem)
    ghost = Entity("e-ghost", "maria", "Ghost", "person", clock(), episodes=("no-such-episode",))
    with pytest.raises(LembrarError):
        mem.graph.store.write("maria", GraphChange(entities=(ghost,)))
    assert timeline(mem) == before and "Ghost" not in mem.graph.names("maria").values()


def test_extraction_can_be_switched_off(store, clock):
    with Memory(
        store, embedder=HashingEmbedder(), clock=clock, graph=GraphConfig(enabled=False)
    ) as memory:
        tell(memory, EPISODES)
        assert memory.graph.facts("maria") == []
        change = memory.graph.rebuild("maria")
        assert len(change.facts) == 5 and len(memory.graph.facts("maria")) == 5


def test_an_edited_episode_is_read_again(mem):
    [first] = tell(mem, EPISODES[:1])
    mem.update(first.id, "My sister Ana lives in Braga.", "maria")
    assert [f[2] for f in timeline(mem) if f[1] == "lives_in"] == ["Braga"]


def test_keyed_reads_give_the_facts_of_a_group_or_an_entity_with_their_sources(mem, store):
    tell(mem, EPISODES)
    data = mem.graph.load("maria")
    graph = open_graph_store(store)
    entities = graph.entities("maria")
    assert {e.id for e in entities} == {e.id for e in data.entities}
    assert all(e.episodes == () for e in entities)  # mentions are not read for resolution
    ana = next(e.id for e in data.entities if e.name == "Ana Souza")
    lives = graph.facts_by_key("maria", groups=[(ana, "lives_in")])
    assert sorted(f.text for f in lives) == [
        "Ana Souza lives in Lisbon",
        "Ana Souza lives in Porto",
    ]
    assert {f.id: f.sources for f in lives} == {
        f.id: f.sources for f in data.facts if f.predicate == "lives_in"
    }
    porto = next(e.id for e in data.entities if e.name == "Porto")
    assert [f.text for f in graph.facts_by_key("maria", touching=[porto])] == [
        "Ana Souza lives in Porto"
    ]
    assert (
        graph.facts_by_key("maria") == () and graph.facts_by_key("bob", [(ana, "lives_in")]) == ()
    )


def test_the_facts_view_has_every_fact_and_the_entities_they_name_without_mentions(mem, store):
    tell(mem, EPISODES + [("2024-02-01T10:00:00+00:00", "We met Bruno Alves at Jazz Club.")])
    tell(mem, EPISODES, user="bob")
    data, view = mem.graph.load("maria"), open_graph_store(store).facts_view("maria")
    assert view.facts == data.facts and [f.sources for f in view.facts] == [
        f.sources for f in data.facts
    ]
    named = {i for f in data.facts for i in (f.subject_id, f.object_id)}
    users = {e.id for e in data.entities if e.type == "user"}
    assert len(data.entities) > len(named | users)  # names no fact uses stay out
    kept = [e for e in data.entities if e.id in named | users]
    assert [(e.id, e.name, e.aliases, e.type) for e in view.entities] == [
        (e.id, e.name, e.aliases, e.type) for e in kept
    ]
    assert all(e.episodes == () and e.embedding.size == 0 for e in view.entities)
    assert view.communities == () and all(f.embedding.size for f in view.facts)
    assert {f.user_id for f in view.facts} == {"maria"}


def test_the_graph_version_changes_with_every_write_and_episode_deletion(backend, mem, store):
    graph, other = open_graph_store(store), open_graph_store(backend.open())
    assert graph.version("maria") == 0
    first, moved, _ = tell(mem, EPISODES)
    seen = [graph.version("maria")]
    assert seen[0] > 0 and other.version("maria") == seen[0]  # another connection reads it
    tell(mem, EPISODES[:1], user="bob")
    assert graph.version("maria") == seen[0] and graph.version("bob") not in (0, seen[0])
    mem.graph.refresh("maria")
    seen.append(graph.version("maria"))
    store.delete("maria", [moved.id])  # the store alone: the graph's rows go by cascade
    seen.append(other.version("maria"))
    assert len(set(seen)) == 3
    with pytest.raises(LembrarError):
        ghost = Entity("e-ghost", "maria", "Ghost", "person", mem.now(), episodes=("none",))
        graph.write("maria", GraphChange(entities=(ghost,)))
    assert graph.version("maria") == seen[-1]  # a failed write changes nothing
    mem.forget_user("maria")
    assert graph.version("maria") == 0 and backend.counts("maria").get("graph_versions", 0) == 0
    tell(mem, EPISODES, user="maria")
    assert graph.version("maria") not in (0, *seen)  # never given to other contents again
