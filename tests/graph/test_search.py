"""Graph search on a small graph: breadth-first distances, each order, time, and
the calibrated confidence that lets a search answer nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from lembrar.errors import ValidationError
from lembrar.graph.confidence import CALIBRATION, Calibration, content_stems, features, probability
from lembrar.graph.search import (
    GraphQuery,
    GraphSearchConfig,
    bm25,
    distances,
    resolve_config,
    rrf,
    search_graph,
)
from lembrar.model.graph import Entity, Fact, FactSource, GraphData

T = datetime(2023, 1, 1, tzinfo=UTC)
LATER = datetime(2024, 1, 1, tzinfo=UTC)


def vec(*values):
    v = np.array(values, np.float32)
    return v / np.linalg.norm(v)


def ent(ident, type_="person"):
    return Entity(ident, "u", ident.capitalize(), type_, T)


def fct(ident, s, p, o, v, episodes=1, start=T, end=None):
    sources = tuple(FactSource(f"{ident}-{i}", "", start) for i in range(episodes))
    return Fact(
        ident,
        "u",
        s,
        p,
        o,
        f"{s.capitalize()} {p.replace('_', ' ')} {o.capitalize()}",
        T,
        start,
        end,
        sources=sources,
        embedding=vec(*v),
    )


# me -> ana -> porto -> portugal ; me -> jazz ; bob -> rock
GRAPH = GraphData(
    entities=tuple(
        ent(i) for i in ("me", "ana", "porto", "portugal", "jazz", "bob", "rock", "lisbon")
    ),
    facts=(
        fct("sister", "me", "has_sibling", "ana", (1, 0, 0, 0), episodes=1),
        fct("ana-porto", "ana", "lives_in", "porto", (0, 1, 0, 0), episodes=3, start=LATER),
        fct("ana-lisbon", "ana", "lives_in", "lisbon", (0, 0.9, 0.1, 0), episodes=1, end=LATER),
        fct("porto-pt", "porto", "located_in", "portugal", (0, 0.7, 0.7, 0), episodes=2),
        fct("jazz", "me", "likes", "jazz", (0, 0, 0, 1), episodes=5),
        fct("rock", "bob", "likes", "rock", (0, 0, 0.2, 1), episodes=1),
    ),
)


def ids(hits):
    return [h.id for h in hits]


def query(text, vector, centers=(), asked=(), window=None):
    return GraphQuery(text, vec(*vector), centers, frozenset(asked), window, None)


def test_breadth_first_distances_from_an_entity():
    assert distances(GRAPH.facts, ["me"], 2) == {
        "me": 0,
        "ana": 1,
        "jazz": 1,
        "porto": 2,
        "lisbon": 2,
    }
    assert distances(GRAPH.facts, ["me"], 3)["portugal"] == 3
    assert distances(GRAPH.facts, ["bob"], 0) == {"bob": 0}


def test_rrf_adds_reciprocal_ranks():
    fused = rrf({"a": ["x", "y"], "b": ["y", "z"]})
    assert sorted(fused, key=lambda i: -fused[i]) == ["y", "x", "z"]


def test_bm25_finds_word_forms():
    scores = bm25("where does she live", ["Ana lives in Porto", "Bob likes rock"])
    assert scores[0] > 0 and scores[1] == 0


def test_distance_order_puts_nearer_facts_first():
    config = GraphSearchConfig(
        methods=("bfs",),
        order="distance",
        limit=10,
        depth=3,
        current_first=False,
        min_confidence=0.0,
    )
    order = ids(search_graph(GRAPH, query("x", (1, 1, 1, 1), centers=("me",)), config))
    assert order[:2] == ["jazz", "sister"] or order[:2] == ["sister", "jazz"]
    assert order.index("porto-pt") > order.index("ana-porto") and "rock" not in order


def test_mentions_order_puts_facts_told_more_often_first():
    config = GraphSearchConfig(
        methods=("cosine",),
        order="mentions",
        min_cosine=-1.0,
        current_first=False,
        min_confidence=0.0,
    )
    order = ids(search_graph(GRAPH, query("x", (1, 1, 1, 1)), config))
    assert order[:3] == ["jazz", "ana-porto", "porto-pt"]


def test_mmr_order_skips_near_duplicates():
    plain = GraphSearchConfig(methods=("cosine",), limit=2, current_first=False, min_confidence=0.0)
    diverse = GraphSearchConfig(
        methods=("cosine",),
        order="mmr",
        mmr_lambda=0.3,
        limit=2,
        current_first=False,
        min_confidence=0.0,
    )
    q = query("x", (0, 1, 0.05, 0.3))
    assert ids(search_graph(GRAPH, q, plain)) == ["ana-porto", "ana-lisbon"]
    chosen = ids(search_graph(GRAPH, q, diverse))
    assert chosen[0] == "ana-porto" and chosen[1] != "ana-lisbon"


def test_current_facts_come_first_and_a_window_selects_the_past():
    config = GraphSearchConfig(methods=("cosine",), limit=2)
    q = query("where does ana live", (0, 0.9, 0.1, 0), ("ana",), {"lives_in"})
    assert ids(search_graph(GRAPH, q, config)) == ["ana-porto", "ana-lisbon"]
    past = query(
        "where did ana live",
        (0, 0.9, 0.1, 0),
        ("ana",),
        {"lives_in"},
        window=(
            datetime(2023, 3, 1, tzinfo=UTC),
            datetime(2023, 4, 1, tzinfo=UTC),
        ),
    )
    found = ids(search_graph(GRAPH, past, config))
    assert found[0] == "ana-lisbon" and "ana-porto" not in found


def test_scores_are_in_unit_range_and_best_first():
    config = GraphSearchConfig(scopes=("facts", "entities"), current_first=False)
    hits = search_graph(GRAPH, query("what about ana", (0, 1, 0, 0), ("ana",)), config)
    assert all(0 < h.score <= 1 for h in hits)
    facts = [h.score for h in hits if h.kind == "fact"]
    assert facts and facts == sorted(facts, reverse=True)
    assert {h.id for h in hits if h.kind == "entity"} >= {"ana"}


# -- calibrated confidence -------------------------------------------------------------------
def test_a_question_the_graph_cannot_answer_gets_no_fact():
    config = GraphSearchConfig()
    asked = query("where does bob live", (0, 1, 0, 0), ("bob",), {"lives_in"})
    assert search_graph(GRAPH, asked, config) == []  # bob likes rock: no answer, no fact
    nothing = query("what time is it", (0, 0, 0, 1))
    assert search_graph(GRAPH, nothing, config) == []
    everything = search_graph(GRAPH, asked, replace(config, min_confidence=0.0))
    assert everything and all(h.score < CALIBRATION.threshold for h in everything)


def test_the_score_is_the_calibrated_confidence_not_the_rank():
    config = GraphSearchConfig()
    lives = search_graph(
        GRAPH, query("where does ana live", (0, 1, 0, 0), ("ana",), {"lives_in"}), config
    )
    likes = search_graph(
        GRAPH, query("what does bob like", (0, 0, 0, 1), ("bob",), {"likes"}), config
    )
    assert lives[0].id == "ana-porto" and likes[0].id == "rock"
    off = replace(config, min_confidence=0.0)
    other = search_graph(GRAPH, query("what does ana like", (0, 1, 0, 0), ("ana",), {"likes"}), off)
    first = next(h for h in other if h.id == "ana-porto")
    assert first.score < lives[0].score  # ranked first both times: a rank score would be 1.0
    facts = {f.id: f for f in GRAPH.facts}
    stems = content_stems("where does ana live")
    want = probability(features(stems, {"lives_in"}, {"ana"}, facts["ana-porto"]))
    assert lives[0].score == pytest.approx(want)
    assert all(h.score >= CALIBRATION.threshold for h in lives + likes)
    # the asked predicate and the named subject each raise the confidence
    fact = facts["ana-porto"]
    base = probability(features(stems, set(), set(), fact))
    assert probability(features(stems, {"lives_in"}, set(), fact)) > base
    assert probability(features(stems, set(), {"ana"}, fact)) > base
    assert probability(features(stems, {"likes"}, {"bob"}, fact)) < base


def test_confidence_settings_are_checked():
    with pytest.raises(ValidationError, match="min_confidence"):
        GraphSearchConfig(min_confidence=1.5)
    with pytest.raises(ValueError, match="weights"):
        Calibration((1.0, 2.0), 0.5)


def test_rrf_is_retrievals_fusion_over_ids():
    from lembrar.retrieval import fusion

    fused = rrf({"a": ["x", "y"], "b": ["y"]})
    by_position = fusion.rrf({"a": [0, 1], "b": [1]}, {}, 60)
    assert fused == {"x": by_position[0], "y": by_position[1]}


def test_presets_and_bad_settings():
    assert resolve_config("facts_mmr").order == "mmr"
    with pytest.raises(ValidationError, match="preset"):
        resolve_config("nope")
    with pytest.raises(ValidationError, match="order"):
        GraphSearchConfig(order="best")
    with pytest.raises(ValidationError, match="model_reranker"):
        GraphSearchConfig(order="model")


def test_the_model_reranker_slot_orders_by_its_scores():
    config = GraphSearchConfig(
        methods=("cosine",),
        order="model",
        model_reranker="x",
        min_cosine=-1.0,
        current_first=False,
        limit=3,
    )

    def by_length(q, texts):
        return [float(len(t)) for t in texts]

    hits = search_graph(GRAPH, query("x", (1, 1, 1, 1)), config, by_length)
    assert [len(h.text) for h in hits] == sorted((len(h.text) for h in hits), reverse=True)


def test_the_neighbourhood_of_an_entity_keeps_history_and_orders_by_reach():
    from dataclasses import replace

    from lembrar.graph.neighbourhood import neighbourhood

    ana = GRAPH.entities[1]
    near = neighbourhood(GRAPH, ana, 1)
    assert [(e.id, near.hops[e.id]) for e in near.entities] == [
        ("ana", 0),
        ("lisbon", 1),
        ("me", 1),
        ("porto", 1),
    ]
    assert [f.id for f in near.facts] == ["ana-porto", "sister", "ana-lisbon"]
    assert near.episodes == (
        "ana-porto-0",
        "ana-porto-1",
        "ana-porto-2",
        "sister-0",
        "ana-lisbon-0",
    )
    two = neighbourhood(GRAPH, ana, 2)
    assert {"jazz", "portugal"} <= set(two.hops) and "rock" not in two.hops
    assert [f.id for f in two.facts][-2:] in (["jazz", "porto-pt"], ["porto-pt", "jazz"])
    ending = replace(GRAPH.facts[0], id="no-sister", negated=True, object_id="bob")
    alone = neighbourhood(replace(GRAPH, facts=(*GRAPH.facts, ending)), ana, 2)
    assert "bob" not in alone.hops  # an ending links nothing
    for hops in (0, 4):
        with pytest.raises(ValidationError) as error:
            neighbourhood(GRAPH, ana, hops)
        assert error.value.field == "hops"


# -- on a real conversation ------------------------------------------------------------------
@pytest.fixture(scope="module")
def locomo_memory():
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.evaluation.data import FILES, data_root
    from lembrar.importers.locomo import load_locomo

    root = data_root(Path(__file__).resolve().parent)
    if root is None or not (root / FILES["locomo"]).exists():
        pytest.skip("LoCoMo data not found (set LEMBRAR_BENCH_DATA)")
    first = load_locomo(root / FILES["locomo"])[0]
    with Memory(":memory:", embedder=HashingEmbedder()) as memory:
        memory.add_many(first.episodes("locomo"))
        yield memory


def test_where_does_caroline_live_gets_only_where_she_lives(locomo_memory):
    graph = locomo_memory.graph
    names = graph.names("locomo")
    for hit in graph.search("where does Caroline live?", "locomo"):
        assert hit.fact.predicate == "lives_in" and names[hit.fact.subject_id] == "Caroline"
    block = locomo_memory.context("where does Caroline live?", "locomo")
    facts = [s for s in block.sections if s.name == "facts"]
    assert all("lives in" in line for s in facts for line in s.lines)
    pets = graph.search("what pets does Melanie have?", "locomo")
    assert pets and all(h.fact.predicate == "has_pet" for h in pets)
    assert {names[h.fact.subject_id] for h in pets} == {"Melanie"}


def test_the_facts_section_holds_only_confident_facts(locomo_memory):
    block = locomo_memory.context("what pets does Melanie have?", "locomo")
    [facts] = [s for s in block.sections if s.name == "facts"]
    assert facts.lines and all(i["confidence"] >= CALIBRATION.threshold for i in facts.items)
    assert all("has a pet" in line for line in facts.lines)
    idle = locomo_memory.context("what time is it?", "locomo")
    assert all(not s.lines for s in idle.sections if s.name == "facts")
    assert "## Facts" not in idle.text
