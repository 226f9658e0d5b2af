"""Query expansion by pseudo-relevance feedback (``expansion_hits``) and the time score as a
tie-breaker in a crowded window (``time_tiebreak_above``) on tiny hand-made scopes. Expansion is
off in the presets; ``balanced`` breaks ties above 50 turns, more than these scopes hold. Each test
shows the order a setting produces against the order without it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ValidationError
from lembrar.retrieval.config import PRESETS
from lembrar.retrieval.expansion import feedback_terms

BALANCED = PRESETS["balanced"]
FILLER = ("train tickets to Porto", "a birthday cake recipe", "the dentist on Monday")


@pytest.fixture
def memory(db_path, clock):
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock) as mem:
        yield mem


def add(memory, session_id, text, **kwargs):
    memory.add({"role": "user", "content": text}, user_id="ana", session_id=session_id, **kwargs)


def rank(hits, session_id) -> int:
    return next(i for i, h in enumerate(hits) if h.episode.session_id == session_id)


@pytest.fixture
def feedback_scope(memory):
    """Two hits that match the query and share "mulch compost beds"; a turn on mulch, compost and
    beds that never says the query's words; turns on nothing of the kind."""
    add(memory, "hit-1", "tomato garden mulch compost")
    add(memory, "hit-2", "tomato garden mulch compost beds")
    add(memory, "related", "mulch compost beds delivered")
    add(memory, "gnome", "garden gnome statue gift")
    for n, text in enumerate(FILLER):
        add(memory, f"other-{n}", text)
    return memory


def above_the_unrelated(hits) -> bool:
    return all(rank(hits, "related") < rank(hits, f"other-{n}") for n in range(len(FILLER)))


def test_dense_feedback_lifts_what_the_top_hits_are_about(feedback_scope):
    plain = feedback_scope.search("tomato garden", user_id="ana", k=10)
    assert rank(plain, "related") == len(plain) - 1
    expanded = BALANCED.with_(expansion_hits=2, expansion_weight=2.0)
    hits = feedback_scope.search("tomato garden", user_id="ana", k=10, preset=expanded)
    assert above_the_unrelated(hits)
    assert "feedback_dense" in hits[rank(hits, "related")].signals


def test_keyword_feedback_searches_the_words_the_top_hits_share(feedback_scope):
    plain = feedback_scope.search("tomato garden", user_id="ana", k=10)
    assert "keyword" not in plain[rank(plain, "related")].signals
    by_words = BALANCED.with_(expansion_hits=2, expansion_methods=("keyword",), expansion_weight=2)
    hits = feedback_scope.search("tomato garden", user_id="ana", k=10, preset=by_words)
    related = hits[rank(hits, "related")]
    assert "feedback_keyword" in related.signals and "feedback_dense" not in related.signals
    assert above_the_unrelated(hits)


def test_feedback_terms_are_shared_by_the_top_hits_and_rare_elsewhere():
    candidates = [
        "tomato garden mulch compost sunny",
        "tomato garden mulch compost sunny rain",
        "sunny morning walk",
        "sunny day at the beach",
        "a birthday cake",
    ]
    terms = feedback_terms("tomato garden", candidates, hits=2, count=2)
    assert terms == ["compost", "mulch"]
    assert feedback_terms("tomato garden", candidates, hits=2, count=5)[-1] == "sunny"
    assert feedback_terms("tomato garden", candidates, hits=1, count=9)[-1] == "sunny"


@pytest.fixture
def crowded_yesterday(memory, clock):
    """Yesterday holds seven turns, one of them half on the question; last month holds the
    conversation that matches the question."""
    yesterday = clock() - timedelta(days=1)
    add(memory, "weak", "garden watering", at=yesterday)
    for n, text in enumerate(FILLER + ("bus late", "rainy commute", "new shoes", "lunch")):
        add(memory, f"day-{n}", text, at=yesterday + timedelta(minutes=n + 1))
    add(memory, "strong", "tomato garden watering schedule", at=clock() - timedelta(days=30))
    return memory


def test_crowded_window_lets_relevance_lead(crowded_yesterday):
    query = "tomato garden watering schedule yesterday"
    uncovered = BALANCED.with_(coverage_weight=0.0)  # the tie-break alone
    plain = crowded_yesterday.search(query, user_id="ana", preset=uncovered)
    assert plain[0].episode.session_id == "weak"
    tiebreak = uncovered.with_(time_tiebreak_above=3)
    hits = crowded_yesterday.search(query, user_id="ana", preset=tiebreak)
    assert hits[0].episode.session_id == "strong"
    assert all("time" not in h.signals for h in hits)
    without_time = uncovered.with_(methods=("dense", "keyword"), time_weight=0.0)
    base = {
        h.episode.id: h.score for h in crowded_yesterday.search(query, "ana", preset=without_time)
    }
    lifts = {h.episode.session_id: h.score - base[h.episode.id] for h in hits}
    assert 0 < lifts["weak"] < 0.05 and lifts["strong"] < lifts["weak"]
    roomy = crowded_yesterday.search(
        query, user_id="ana", preset=tiebreak.with_(time_tiebreak_above=8)
    )
    assert [(h.episode.id, h.score) for h in roomy] == [(h.episode.id, h.score) for h in plain]


def test_tiebreak_still_orders_equally_relevant_turns_by_the_window(memory, clock):
    add(memory, "last-month", "tomato garden watering plan", at=clock() - timedelta(days=30))
    add(memory, "yesterday", "tomato garden watering notes", at=clock() - timedelta(days=1))
    for n, text in enumerate(FILLER):
        add(memory, f"day-{n}", text, at=clock() - timedelta(days=1, minutes=n + 1))
    tiebreak = BALANCED.with_(time_tiebreak_above=2)
    hits = memory.search("tomato garden watering yesterday", user_id="ana", preset=tiebreak)
    assert [h.episode.session_id for h in hits[:2]] == ["yesterday", "last-month"]
    assert hits[0].score > hits[1].score


def test_settings_that_are_off_change_nothing(feedback_scope):
    off = BALANCED.with_(
        expansion_hits=0,
        expansion_methods=("dense", "keyword"),
        expansion_weight=3.0,
        expansion_terms=9,
        time_tiebreak_above=0,
    )
    for query in ("tomato garden", "compost yesterday", "what about the gnome?"):
        plain = feedback_scope.search(query, user_id="ana", k=10)
        same = feedback_scope.search(query, user_id="ana", k=10, preset=off)
        assert [(h.episode.id, h.score, h.signals) for h in same] == [
            (h.episode.id, h.score, h.signals) for h in plain
        ]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"expansion_hits": -1}, "expansion_hits"),
        ({"expansion_terms": -2}, "expansion_terms"),
        ({"expansion_weight": -0.5}, "expansion_weight"),
        ({"expansion_methods": ("dense", "time")}, "expansion_methods"),
        ({"time_tiebreak_above": -3}, "time_tiebreak_above"),
    ],
)
def test_bad_settings_name_the_field(change, field):
    with pytest.raises(ValidationError) as caught:
        BALANCED.with_(**change)
    assert caught.value.field == field
