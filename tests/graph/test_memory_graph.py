"""The graph through ``Memory``: the README's story, the context block's Facts section, and the
graph as a candidate source of episode search."""

from __future__ import annotations

from datetime import UTC, datetime

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.confidence import CALIBRATION

STORY = [
    ("2023-03-02T09:00:00+00:00", "I just moved to Lisbon for my new job at Feedzai."),
    ("2023-09-14T19:30:00+00:00", "My sister Ana came to visit me in Lisbon last weekend."),
    ("2024-02-20T08:15:00+00:00", "Big news: I moved to Porto two weeks ago, I work at Sonae now."),
]


def tell(memory, user="maria"):
    for at, text in STORY:
        memory.add({"role": "user", "content": text, "name": "Maria"}, user_id=user, at=at)


def test_where_does_she_live_now_is_answered_from_the_graph(memory):
    tell(memory)
    [best] = memory.graph.search("where does she live now?", "maria", limit=1)
    assert (
        best.text == "Maria lives in Porto"
        and best.fact.valid_at.date().isoformat() == "2024-02-03"
    )
    lines = [
        f"{f.text}: {f.valid_at.date()} to {f.invalid_at.date() if f.invalid_at else 'now'}"
        for f in memory.graph.facts("maria")
    ]
    assert lines[:2] == [
        "Maria works at Sonae: 2024-02-20 to now",
        "Maria lives in Porto: 2024-02-03 to now",
    ]
    assert "Maria lives in Lisbon: 2023-03-02 to 2024-02-03" in lines
    assert "Maria works at Feedzai: 2023-03-02 to 2024-02-20" in lines


def test_the_context_block_lists_current_facts_first_and_marks_superseded_ones(memory):
    tell(memory)
    block = memory.context("where does Maria live?", "maria")
    [facts] = [s for s in block.sections if s.name == "facts"]
    assert facts.lines[0] == "- Maria lives in Porto (since 2024-02-03)"
    assert "- [superseded] Maria lives in Lisbon (2023-03-02 to 2024-02-03)" in facts.lines
    assert facts.items[0]["current"] and facts.items[0]["object"] == "Porto"
    assert block.text.index("## Facts") < block.text.index("## Relevant past conversations")


def test_no_facts_no_section(memory):
    memory.add("The weather is nice today.", user_id="bob")
    assert all(s.name != "facts" for s in memory.context("weather", "bob").sections)


def test_graph_facts_as_a_search_source_lift_the_turn_that_said_them(db_path, clock):
    config = GraphConfig(search_source=True)
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, graph=config) as memory:
        tell(memory)
        stored = {e.id for e in memory.get_all("maria").items}
        hits = memory.search("where does she live now?", "maria", k=3)
        [porto] = [h for h in hits if "Porto" in h.text]
        assert porto.rank == 1 and porto.signals["graph"] >= CALIBRATION.threshold  # confidence
        assert {h.episode.id for h in hits} <= stored  # facts lift turns; they take no rank
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock) as plain:
        assert all(
            "graph" not in h.signals for h in plain.search("where does she live now?", "maria", k=3)
        )


def test_only_facts_the_query_matches_lift_turns():
    from lembrar.graph.search import GraphHit
    from lembrar.graph.source import lift_scores
    from lembrar.model.graph import Fact, FactSource

    def hit(ident, score, signals, episodes):
        at = datetime(2024, 1, 1, tzinfo=UTC)
        sources = tuple(FactSource(e, "", at) for e in episodes)
        fact = Fact(ident, "u", "a", "lives_in", "b", "", at, at, sources=sources)
        return GraphHit("fact", ident, "", score, fact, signals=signals)

    hits = [
        hit("f1", 1.0, {"cosine": 1.0, "bfs": 1.0}, ["e1", "e2"]),
        hit("f2", 0.7, {"bfs": 0.5}, ["e3"]),
        hit("f3", 0.5, {"bm25": 0.3}, ["e2", "e4"]),
    ]
    assert lift_scores(hits) == {"e1": 1.0, "e2": 1.0, "e4": 0.5}
