"""The ranker: its features keep a flat signal flat, the named time leads when it holds the
topic, and the shipped weights cover every feature and record their leave-one-set-out check."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.retrieval import features, ranker

NOW = datetime(2026, 2, 1, 12, 0, tzinfo=UTC)


def test_a_flat_signal_stays_flat_and_a_peaked_one_keeps_its_shape():
    flat = features.relative_to_best(np.array([10.0, 9.9, 9.8]))
    peaked = features.relative_to_best(np.array([10.0, 2.0, 1.0]))
    assert flat.max() - flat.min() < 0.03  # min-max scaling would stretch this to 1
    assert peaked.tolist() == [1.0, 0.2, 0.1]
    assert features.relative_to_best(np.zeros(3)).tolist() == [0.0, 0.0, 0.0]


def test_session_support_counts_each_turn_once_and_the_best_conversation_scores_one():
    scores = np.array([0.9, 0.9, 0.8, 0.7, 0.95])
    sessions = ["a", "a", "a", "a", "b"]
    turns = ["t1", "t1", "t2", "t3", "t4"]  # t1 has two chunks: counted once, at its best
    support = features.session_support(scores, sessions, turns)
    assert support[0] == 1.0  # (0.9 + 0.8 + 0.7) / 3 beats 0.95 / 3
    assert support[4] == pytest.approx(0.95 / 2.4)


def test_window_first_puts_the_leaders_ahead_and_keeps_scores_in_range():
    scores = np.array([0.9, 0.2, 0.6, 0.1])
    inside = np.array([False, True, False, True])
    eligible = np.array([True, True, True, False])
    out = ranker.window_first(scores, inside, eligible)
    assert out[1] > max(out[0], out[2], out[3]) and out[1] == 0.2
    assert out[0] > out[2] > out[3] and (out >= 0).all() and (out <= 1).all()
    nobody = np.zeros(4, dtype=bool)
    assert ranker.window_first(scores, nobody, eligible).tolist() == scores.tolist()


def test_the_shipped_weights_cover_every_feature_and_their_check():
    data = json.loads(ranker.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(data["weights"]) == set(features.FEATURES)
    assert set(data["leave_one_set_out"]) == set(data["fitted_on"])
    assert len(data["fitted_on"]) >= 5


def _day(memory, day, texts, session):
    at = datetime(day.year, day.month, day.day, 10, tzinfo=UTC)
    memory.add(
        [{"role": "user", "content": t} for t in texts], user_id="ana", session_id=session, at=at
    )


@pytest.fixture
def crowded(tmp_path):
    """150 turns in March on other things, the gearbox once in March and in four other months."""
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        for n in range(50):
            day = datetime(2025, 3, 1 + n % 28, tzinfo=UTC)
            _day(memory, day, ["the weather", "lunch with a friend", "a quiet day"], f"m{n}")
        _day(memory, datetime(2025, 3, 14), ["the gearbox broke again", "a quiet day"], "gold")
        for month in (5, 7, 9, 11):
            _day(memory, datetime(2025, month, 3), ["the gearbox is noisy"], f"g{month}")
        yield memory


@pytest.mark.parametrize(
    "question",
    [
        "Didn't we talk about the gearbox in March?",
        "a gente não falou do gearbox em março?",
        "What was it about the gearbox, back in March?",
    ],
)
def test_the_month_the_user_names_comes_first_however_crowded(crowded, question):
    hits = crowded.search(question, user_id="ana")
    assert hits[0].episode.session_id == "gold"


@pytest.mark.parametrize(
    "question",
    [
        "Didn't we talk about the gearbox in February?",
        "o gearbox, falamos disso em fevereiro, né?",
        "In February, something about the gearbox?",
    ],
)
def test_a_month_named_on_its_first_day_may_mean_last_years(crowded, question):
    # asked on 1 February 2026: this February has barely begun, last February holds the talk
    _day(crowded, datetime(2025, 2, 10), ["the gearbox rattled on the highway"], "february")
    hits = crowded.search(question, user_id="ana")
    assert hits[0].episode.session_id == "february"


def test_a_time_the_topic_never_touches_does_not_decide(crowded):
    hits = crowded.search("did we talk about the gearbox in January?", user_id="ana")
    assert "gearbox" in hits[0].episode.content


def test_a_question_naming_only_a_time_returns_that_days_memories(tmp_path):
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        for n in range(30):
            day = NOW - timedelta(days=40 + n)
            _day(memory, day, [f"the festival number {n} was loud"], f"d{n}")
        _day(memory, datetime(2025, 6, 3), ["we sailed to the island", "a storm came"], "gold")
        for question in (
            "Describe all the key events of June 3, 2025.",
            "What went on during June 3, 2025? Walk me through it.",
            "o que aconteceu em 3 de junho de 2025?",
        ):
            hits = memory.search(question, user_id="ana")
            assert {h.episode.session_id for h in hits[:2]} == {"gold"}, question


@pytest.fixture
def bike(tmp_path):
    """Bike talk in August, September and November; in October (added by each test), a repair
    said to be in September."""
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        for n in range(20):
            day = datetime(2025, 9, 1 + n, tzinfo=UTC)
            _day(memory, day, ["the weather", "lunch with a friend"], f"s{n}")
        _day(memory, datetime(2025, 9, 12), ["rode the bike to work in the rain"], "ride")
        _day(memory, datetime(2025, 9, 5), ["my bike helmet is blue"], "helmet")
        _day(memory, datetime(2025, 9, 25), ["a new bike lane opened downtown"], "lane")
        _day(memory, datetime(2025, 8, 20), ["the bike repair shop was closed"], "august")
        _day(memory, datetime(2025, 11, 2), ["the bike repair went fine"], "november")
        yield memory


@pytest.mark.parametrize(
    ("said", "question"),
    [
        (
            "I got the bike repaired back in mid-September",
            "When was the bike repaired in September?",
        ),
        ("consertei a bicicleta em meados de setembro", "a bicicleta, consertei em setembro?"),
        ("arreglé la bicicleta el 20 de septiembre", "¿cuándo arreglé la bicicleta en septiembre?"),
        ("fixed the bike repair three weeks ago", "the bike repair in September, when was it?"),
    ],
)
def test_what_a_memory_says_happened_in_the_named_time_is_inside_it(bike, said, question):
    _day(bike, datetime(2025, 10, 10), [said], "gold")
    hits = bike.search(question, user_id="ana")
    order = [h.episode.session_id for h in hits]
    # only the September ride on the bike may come before it: the other September memories, the
    # August and November bike talk rank behind it
    assert "gold" in order and set(order[: order.index("gold")]) <= {"ride"}
    assert hits[order.index("gold")].signals["said_time"] == 1.0


def test_a_time_named_wider_than_the_question_says_nothing_of_it(bike):
    _day(bike, datetime(2025, 10, 10), ["this year the bike rides were fun"], "wide")
    hits = bike.search("the bike rides in September?", user_id="ana")
    assert hits[0].episode.session_id == "ride"


def test_a_question_naming_only_a_time_asks_when_the_conversation_was(bike):
    _day(bike, datetime(2025, 10, 10), ["on September 12th we cleaned the garage"], "later")
    hits = bike.search("What did we talk about on September 12, 2025?", user_id="ana", k=60)
    order = [h.episode.session_id for h in hits]
    said_that_day = [h for h in hits if h.episode.at.date() == datetime(2025, 9, 12).date()]
    assert "ride" in order and "later" in order  # found, and behind every turn of that day
    assert order.index("later") >= len(said_that_day)
