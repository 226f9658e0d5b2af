"""Fact search over the facts view, kept between searches: the same hits as over the whole
graph, centres from the index of names, a kept view replaced when any process changes the
graph, one search per context call, and a first-person question answered with the user's fact."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import NotFoundError
from lembrar.graph import GraphConfig
from lembrar.graph.centers import NameIndex
from lembrar.model.graph import Entity
from lembrar.tools import ToolRunner

from .test_search import T

ROOT = Path(__file__).resolve().parents[2]
STORY = [
    ("2023-01-10T10:00:00+00:00", "My sister Ana lives in Lisbon. She works at Google."),
    ("2023-03-02T09:00:00+00:00", "I just moved to Lisbon for my new job at Feedzai."),
    ("2023-05-01T09:00:00+00:00", "We watched Star Wars at Cinema Sao Jorge with Pedro Costa."),
    ("2023-09-10T10:00:00+00:00", "Ana moved to Porto last month!"),
    (
        "2023-11-11T10:00:00+00:00",
        "My friend Rita lives in Berlin. She studies at Humboldt University.",
    ),
    ("2024-01-05T10:00:00+00:00", "Ana Souza now works at Farfetch."),
    ("2024-02-20T08:15:00+00:00", "Big news: I moved to Porto two weeks ago, I work at Sonae now."),
    ("2024-03-01T08:15:00+00:00", "I love jazz. Reading Harry Potter and The Lord Of The Rings."),
]
BOB = [("2023-04-04T10:00:00+00:00", "My brother Ana lives in Madrid. I work at Google.")]


def tell(memory, story=STORY, user="maria", name="Maria"):
    return [
        memory.add({"role": "user", "content": text, "name": name}, user_id=user, at=at)[0]
        for at, text in story
    ]


@pytest.fixture
def told(memory):
    tell(memory)
    tell(memory, BOB, user="bob", name="Bob")
    return memory


def seen(hits):
    return [(h.kind, h.id, h.text, h.score, h.signals, h.fact) for h in hits]


def outcome(search, *args, **options):
    """What a search gives: its hits as ``seen`` reads them, or the error it raises."""
    try:
        return seen(search(*args, **options))
    except NotFoundError as error:
        return str(error)


ASKED = [
    ("where does Ana live now?", {}),
    ("where did my sister live in March 2023?", {}),
    ("where do I live", {}),
    ("where do I work?", {"as_of": "2023-06-01T00:00:00+00:00"}),
    ("what does Ana Souza do", {"center": "my sister"}),
    ("who studies at Humboldt University", {"preset": "facts_distance"}),
    ("Rita Berlin", {"preset": "facts_mmr"}),
    ("my sister works", {"preset": "facts_mentions", "limit": 20}),
    ("where does my sister live", {"center": "Pedro Costa"}),  # in no fact: starts nothing
    ("jazz", {"center": "Star Wars", "now": "2023-12-01T00:00:00+00:00"}),
]


@pytest.mark.parametrize(("query", "options"), ASKED)
def test_fact_search_over_the_view_finds_what_the_whole_graph_finds(told, query, options):
    search = told.graph.search
    for user in ("maria", "bob"):
        whole = outcome(search, query, user, data=told.graph.load(user), **options)
        assert outcome(search, query, user, **options) == whole
    assert told.graph.search(query, "maria", **options)


def test_the_view_holds_only_what_fact_search_reads(told):
    whole, view = told.graph.load("maria"), told.graph.facts_view("maria")
    assert view.facts == whole.facts and len(view.entities) < len(whole.entities)
    assert "Pedro Costa" not in {e.name for e in view.entities}
    ana = told.graph.entity("maria", "my sister").id
    by_id = told.graph.search("works", "maria", center=ana, preset="facts_distance")
    assert seen(by_id) == seen(
        told.graph.search("works", "maria", center="Ana", preset="facts_distance")
    )
    assert {by_id[0].fact.subject_id, by_id[0].fact.object_id} & {ana}


def test_a_centre_that_names_nothing_is_an_error_on_either_read(told):
    for data in (None, told.graph.load("maria")):
        with pytest.raises(NotFoundError):
            told.graph.search("where", "maria", center="Nobody Here", data=data)


def test_the_index_finds_names_words_phrases_inside_the_query_and_the_user():
    people = [
        Entity("u", "m", "Maria", "user", T),
        Entity("a", "m", "Ana Souza", "person", T, aliases=("Ana", "my sister")),
        Entity("h", "m", "Humboldt University", "organization", T),
        Entity("r", "m", "Rita", "person", T),
        Entity("x", "m", "Éva", "person", T),
    ]
    index = NameIndex(people)
    assert index.centers({"does", "ana", "live"}, None) == ("a",)
    assert index.centers({"my", "sister", "where"}, None) == ("u", "a")  # 'my sister' inside
    assert index.centers({"humboldt", "university", "at"}, None) == ("h",)
    assert index.centers({"university", "of", "humboldt"}, None) == ()  # not side by side
    assert index.centers({"eva"}, "r") == ("r", "x") and index.centers(set(), "ÉVA") == ("x",)
    assert index.centers({"who"}, "Nobody") == () and index.named("a") == [1]


def test_a_kept_view_serves_searches_until_the_graph_changes(told, monkeypatch):
    store, reads = told.graph.store, []
    read = store.facts_view
    monkeypatch.setattr(store, "facts_view", lambda user: reads.append(user) or read(user))
    for query in ("where does Ana live now?", "where do I live", "who is Rita"):
        told.graph.search(query, "maria")
    assert reads == ["maria"]
    told.add({"role": "user", "content": "I moved to Braga.", "name": "Maria"}, user_id="maria")
    [best] = told.graph.search("where do I live now?", "maria", limit=1)
    assert best.text == "Maria lives in Braga" and reads == ["maria", "maria"]
    told.graph.search("entities", "maria", preset="entities")  # entities: the whole graph
    assert reads == ["maria", "maria"]


def test_another_store_on_the_file_writes_and_the_next_search_sees_it(told, db_path, clock):
    [before] = told.graph.search("where does Rita live now?", "maria", limit=1)
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock) as other:
        tell(other, [("2024-04-01T10:00:00+00:00", "Rita moved to Vienna.")])
    [after] = told.graph.search("where does Rita live now?", "maria", limit=1)
    assert (before.text, after.text) == ("Rita lives in Berlin", "Rita lives in Vienna")


def test_a_deletion_in_another_process_reopens_the_fact_for_the_next_search(memory, db_path, clock):
    _, moved = tell(memory, [STORY[1], STORY[6]])
    [now] = memory.graph.search("where do I live now?", "maria", limit=1)
    code = (
        "import sys; from lembrar import Memory; from lembrar.embed.hashing import HashingEmbedder;"
        "m = Memory(sys.argv[1], embedder=HashingEmbedder()); m.delete(sys.argv[2], 'maria');"
        "m.close()"
    )
    env = {"PYTHONPATH": str(ROOT), "PATH": ""}
    subprocess.run([sys.executable, "-c", code, str(db_path), moved.id], check=True, env=env)
    [then] = memory.graph.search("where do I live now?", "maria", limit=1)
    assert (now.text, then.text) == ("Maria lives in Porto", "Maria lives in Lisbon")
    assert then.fact.current()


def test_forgetting_the_user_empties_a_kept_view(told):
    assert told.graph.search("where do I live", "maria")
    told.forget_user("maria")
    assert told.graph.search("where do I live", "maria") == []
    assert told.graph.search("where does Ana live", "bob")


def test_one_context_call_searches_the_graph_once(db_path, clock, monkeypatch):
    config = GraphConfig(search_source=True, search_facts=3, context_facts=2)
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, graph=config) as memory:
        tell(memory)
        graph, runs = memory.graph, []
        run = graph._run
        monkeypatch.setattr(graph, "_run", lambda *a, **k: runs.append(a[0]) or run(*a, **k))
        block = memory.context("where does Ana live now?", "maria")
        [facts] = [s for s in block.sections if s.name == "facts"]
        lifted = graph.fact_hits("where does Ana live now?", "maria", memory.now(), 3)
        assert runs == ["where does Ana live now?"]
        assert [i["text"] for i in facts.items] == [h.text for h in lifted][:2]
        fresh = graph.search("where does Ana live now?", "maria", limit=3, now=memory.now())
        assert seen(lifted) == seen(fresh)
        tell(memory, [("2024-04-01T10:00:00+00:00", "Ana moved to Braga.")])
        runs.clear()
        block = memory.context("where does Ana live now?", "maria")  # the same moment
        [facts] = [s for s in block.sections if s.name == "facts"]
        assert facts.items[0]["text"] == "Ana Souza lives in Braga" and len(runs) == 1


def test_where_do_i_live_finds_the_users_fact_not_a_friends(memory):
    told = [
        ("2023-01-01T10:00:00+00:00", "I live in Porto."),
        ("2024-01-02T10:00:00+00:00", "Rita lives in Berlin."),
        ("2024-02-02T10:00:00+00:00", "Rita still lives in Berlin, she loves it."),
        ("2024-03-02T10:00:00+00:00", "My friend Rita lives in Berlin with her dog."),
    ]
    for at, text in told:
        memory.add({"role": "user", "content": text}, user_id="ana", at=at)
    for query in ("where do I live", "Where do I live now?", "in which city do I live"):
        texts = [h.text for h in memory.graph.search(query, "ana", preset="facts")]
        assert texts == ["User lives in Porto"]  # a friend's city answers no "do I"
    [item] = ToolRunner(memory, "ana").call("facts", {"query": "where do I live", "limit": 1})[
        "facts"
    ]
    assert item["fact"] == "User lives in Porto"
