"""The extraction confidence: named features of how a fact was read, fitted weights, and the
trusted mode that keeps only facts above the fitted threshold, in the extractor and in a real
store."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.extract import offline_extractor
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.graph.extract.trust import FEATURES, WEIGHTS, confidence, features, fitted
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn

AT = datetime(2024, 3, 1, 10, tzinfo=UTC)
TASTE = "Some of my favorite thrill rides are at Six Flags."
SISTER = "My sister Ana lives in Lisbon."


def episode(text: str) -> Episode:
    from lembrar.evaluation.graph_quality import episode_of

    return episode_of(EpisodeIn(user_id="u", content=text, role="user", speaker="Maria", at=AT))


def triples(found) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in found.facts}


def test_the_stored_fit_has_one_weight_per_named_feature_and_a_threshold() -> None:
    stored = json.loads(WEIGHTS.read_text())
    assert list(stored["weights"]) == list(FEATURES)
    assert 0.0 < stored["threshold"] < 1.0
    assert fitted().threshold == stored["threshold"]


def test_features_say_how_the_fact_was_read() -> None:
    found, scope = RuleExtractor().read(episode(TASTE))
    (taste, sentence), *_ = found
    on = {
        name
        for name, value in zip(FEATURES, features(taste, sentence, scope.speaker, scope.entities))
        if value
    }
    assert (taste.predicate, taste.object, taste.origin) == ("likes", "thrill rides", "activity")
    assert {"origin_activity", "predicate_taste", "subject_speaker", "object_words"} <= on
    assert "origin_parse" not in on and "predicate_plans" not in on


def test_a_favourite_in_passing_scores_below_a_relative_named_with_her_city() -> None:
    def scores(text: str) -> dict[str, float]:
        found, scope = RuleExtractor().read(episode(text))
        return {
            f.object: confidence(features(f, s, scope.speaker, scope.entities)) for f, s in found
        }

    taste, sister = scores(TASTE), scores(SISTER)
    assert max(taste.values()) < fitted().threshold
    assert min(sister.values()) >= fitted().threshold


@pytest.mark.parametrize("names", ["rules", "spacy"])
def test_trusted_extraction_drops_low_confidence_facts_and_their_objects(names: str) -> None:
    if names == "spacy":
        pytest.importorskip("spacy")
    plain = offline_extractor(names).extract(episode(f"{TASTE} {SISTER}"))
    trusted = offline_extractor(names, trusted=True).extract(episode(f"{TASTE} {SISTER}"))
    tastes = [f.object for f in plain.facts if f.predicate == "likes"]
    assert tastes == ["thrill rides"]
    assert "likes" not in {f.predicate for f in trusted.facts}
    assert {("Maria", "has_sibling", "Ana"), ("Ana", "lives_in", "Lisbon")} <= triples(trusted)
    assert tastes[0] in {e.name for e in plain.entities}
    assert tastes[0] not in {e.name for e in trusted.entities}
    assert {"Ana", "Lisbon"} <= {e.name for e in trusted.entities}


def test_a_store_with_trusted_facts_keeps_and_shows_only_those() -> None:
    items = [
        EpisodeIn(user_id="maria", content=text, role="user", speaker="Maria", at=AT)
        for text in (TASTE, SISTER)
    ]
    config = GraphConfig(trusted_facts=True)
    with Memory(":memory:", embedder=HashingEmbedder(), graph=config) as memory:
        memory.add_many(items)
        facts = memory.graph.load("maria").facts
    assert sorted(f.predicate for f in facts) == ["has_sibling", "lives_in"]


def test_a_store_without_trusted_facts_keeps_every_fact_read() -> None:
    items = [
        EpisodeIn(user_id="maria", content=text, role="user", speaker="Maria", at=AT)
        for text in (TASTE, SISTER)
    ]
    with Memory(":memory:", embedder=HashingEmbedder(), graph=GraphConfig()) as memory:
        memory.add_many(items)
        facts = memory.graph.load("maria").facts
    assert sorted(f.predicate for f in facts) == ["has_sibling", "likes", "lives_in"]
