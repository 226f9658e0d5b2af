"""The optional priors of the score on tiny hand-made scopes: how session support counts a
conversation (``session_support``, ``session_timed``, ``session_in_relevance``,
``session_crowd``), the user-turn prior (``user_weight``) and searching as of a past moment
(``as_of_days``). Each test starts from ``balanced`` without them (``PLAIN``; ``balanced`` counts
support by turns inside relevance, and breaks ties in crowded windows) and shows the order one
produces against the order without it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from lembrar import Memory
from lembrar.config import MemoryConfig
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.text import ChunkSpec
from lembrar.retrieval.config import PRESETS

BALANCED = PRESETS["balanced"]
PLAIN = BALANCED.with_(
    session_weight=0.0, session_support="best3", session_in_relevance=False, time_tiebreak_above=0
)
QUERY = "tomato garden watering"


def sessions(hits) -> list[str]:
    return [h.episode.session_id for h in hits]


def add_session(memory, session_id, lines, **kwargs):
    memory.add(
        [{"role": "user", "content": line} for line in lines],
        user_id="ana",
        session_id=session_id,
        **kwargs,
    )


def add_filler(memory, count=3):
    for n, topic in enumerate(
        ("train tickets to Porto", "a birthday cake recipe", "the dentist on Monday")[:count]
    ):
        add_session(memory, f"other-{n}", [topic])


@pytest.fixture
def short_chunks(db_path, clock):
    """A store whose chunks hold one short sentence each, so one long turn makes several."""
    config = MemoryConfig(chunking=ChunkSpec(max_tokens=8, overlap_tokens=0))
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, config=config) as mem:
        yield mem


def test_turn_support_counts_one_long_turn_once(short_chunks):
    add_session(
        short_chunks,
        "monologue",
        ["tomato garden watering now. tomato garden watering soon. tomato garden watering later."],
    )
    add_session(
        short_chunks,
        "garden",
        ["the tomato garden is thriving", "garden watering by hand", "watering every tomato"],
    )
    add_filler(short_chunks)
    by_chunks = PLAIN.with_(session_weight=3.0)
    hits = short_chunks.search(QUERY, user_id="ana", preset=by_chunks)
    assert sessions(hits)[0] == "monologue" and hits[0].signals["session"] == 1.0
    by_turns = by_chunks.with_(session_support="turns")
    hits = short_chunks.search(QUERY, user_id="ana", preset=by_turns)
    assert sessions(hits)[0] == "garden" and hits[0].signals["session"] == 1.0
    monologue = next(h for h in hits if h.episode.session_id == "monologue")
    assert monologue.signals["session"] < 0.75


def test_short_support_does_not_penalise_a_one_turn_conversation(memory):
    add_session(memory, "note", ["tomato garden watering schedule"])
    add_session(
        memory,
        "chat",
        ["the tomato garden is thriving", "garden watering by hand", "watering every tomato"],
    )
    add_filler(memory)
    over_three = PLAIN.with_(session_weight=3.0)
    assert sessions(memory.search(QUERY, user_id="ana", preset=over_three))[0] == "chat"
    over_own = over_three.with_(session_support="short")
    hits = memory.search(QUERY, user_id="ana", preset=over_own)
    assert sessions(hits)[0] == "note" and hits[0].signals["session"] == 1.0


def test_timed_support_keeps_the_conversation_of_the_day_named(memory, clock):
    """One-turn conversations (a diary, a dialogue per entry): support by relevance alone
    outweighs the time score, support blended with it keeps the day the question names."""
    add_session(memory, "yesterday", ["my garden"], at=clock() - timedelta(days=1))
    add_session(memory, "last-month", ["the garden, the garden"], at=clock() - timedelta(days=30))
    add_filler(memory)
    query = "garden yesterday"
    assert sessions(memory.search(query, user_id="ana"))[0] == "yesterday"
    by_relevance = PLAIN.with_(session_weight=3.0)
    assert sessions(memory.search(query, user_id="ana", preset=by_relevance))[0] == "last-month"
    by_time_too = by_relevance.with_(session_timed=True)
    hits = memory.search(query, user_id="ana", preset=by_time_too)
    assert sessions(hits)[0] == "yesterday" and hits[0].signals["session"] == 1.0


def test_session_crowd_turns_support_on_only_among_many_conversations(memory):
    add_session(
        memory,
        "lucky",
        ["tomato garden watering schedule", "the bus was late again", "my cousin visits"],
    )
    add_session(
        memory,
        "garden",
        ["the tomato garden is thriving", "garden watering by hand", "watering every tomato"],
    )
    add_filler(memory)
    supported = PLAIN.with_(session_weight=3.0)
    assert sessions(memory.search(QUERY, user_id="ana", preset=supported))[0] == "garden"
    crowded = memory.search(QUERY, user_id="ana", preset=supported.with_(session_crowd=2))
    assert sessions(crowded)[0] == "garden"
    sparse = memory.search(QUERY, user_id="ana", preset=supported.with_(session_crowd=50))
    assert sessions(sparse)[0] == "lucky" and "session" not in sparse[0].signals


def test_user_weight_lifts_what_the_user_said_over_the_answer(memory):
    memory.add(
        [
            {"role": "user", "content": "I water my tomato garden at dusk"},
            {"role": "assistant", "content": "Tomato garden watering: water the tomato garden"},
        ],
        user_id="ana",
        session_id="chat",
    )
    add_filler(memory)
    plain = memory.search(QUERY, user_id="ana")
    assert plain[0].episode.role == "assistant"
    lifted = memory.search(QUERY, user_id="ana", preset=PLAIN.with_(user_weight=1.0))
    assert lifted[0].episode.role == "user"


def test_as_of_days_leaves_out_what_was_said_after_now(memory, clock):
    now = clock()
    add_session(memory, "before", ["tomato garden watering plan"], at=now - timedelta(days=3))
    add_session(memory, "same-day", ["tomato garden watering today"], at=now + timedelta(hours=6))
    add_session(memory, "later", ["tomato garden watering results"], at=now + timedelta(days=5))
    assert set(sessions(memory.search(QUERY, user_id="ana"))) == {"before", "same-day", "later"}
    strict = memory.search(QUERY, user_id="ana", preset=PLAIN.with_(as_of_days=0.0))
    assert sessions(strict) == ["before"]
    within_a_day = memory.search(QUERY, user_id="ana", preset=PLAIN.with_(as_of_days=1.0))
    assert set(sessions(within_a_day)) == {"before", "same-day"}
    past = memory.search(
        QUERY, user_id="ana", now=now + timedelta(days=10), preset=PLAIN.with_(as_of_days=0)
    )
    assert len(past) == 3


def test_support_inside_relevance_leaves_the_speaker_prior_its_share(memory):
    bob = ["the tomato garden is thriving", "garden watering by hand", "watering every tomato"]
    memory.add(
        [{"role": "user", "name": "Bob", "content": line} for line in bob],
        user_id="ana",
        session_id="bob",
    )
    memory.add(
        [
            {"role": "user", "name": "Caroline", "content": line}
            for line in ("my garden has tomatoes", "the bus was late")
        ],
        user_id="ana",
        session_id="caroline",
    )
    memory.add({"role": "user", "name": "Bob", "content": "the bus was late"}, user_id="ana")
    query = "What did Caroline say about the tomato garden?"

    def rank_of_caroline(preset) -> int:
        hits = memory.search(query, user_id="ana", preset=preset)
        return next(i for i, h in enumerate(hits) if h.episode.content.startswith("my garden"))

    beside = PLAIN.with_(session_weight=2.0)
    assert rank_of_caroline(PLAIN) == 1
    assert rank_of_caroline(beside) > 1
    assert rank_of_caroline(beside.with_(session_in_relevance=True)) == 1
