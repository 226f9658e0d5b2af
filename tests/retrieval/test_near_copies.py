"""Near copies: a message stored twice in one conversation is one memory; the same words said in
two conversations are two events, each found with its own date."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.retrieval import fusion

NOW = datetime(2026, 2, 1, 12, 0, tzinfo=UTC)
SAID = "The woman next door was beaten again, and she would not call the police."


def _memory(tmp_path):
    memory = Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW)
    for n in range(6):
        memory.add(
            [{"role": "user", "content": f"we planted tomatoes in row {n}"}],
            user_id="ana",
            session_id=f"garden-{n}",
            at=datetime(2025, 5, 1 + n, 9, tzinfo=UTC),
        )
    return memory


def test_a_message_stored_twice_in_one_conversation_is_found_once(tmp_path):
    with _memory(tmp_path) as memory:
        at = datetime(2025, 6, 2, 10, tzinfo=UTC)
        for _ in range(2):  # a client that retried its write
            memory.add([{"role": "user", "content": SAID}], user_id="ana", session_id="s", at=at)
        hits = memory.search("what did I say about the woman next door?", user_id="ana")
        assert [h.episode.content for h in hits].count(SAID) == 1


def test_the_same_words_in_two_conversations_are_two_events(tmp_path):
    with _memory(tmp_path) as memory:
        for day, session in ((2, "june"), (9, "july")):
            at = datetime(2025, 6 if session == "june" else 7, day, 10, tzinfo=UTC)
            memory.add(
                [{"role": "user", "content": SAID}], user_id="ana", session_id=session, at=at
            )
        hits = memory.search("what did I say about the woman next door?", user_id="ana")
        assert {h.episode.session_id for h in hits[:2]} == {"june", "july"}


def test_near_duplicates_compare_within_a_group_only():
    vectors = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], dtype=np.float32)
    assert fusion.near_duplicates(range(4), vectors, 0.98) == {1, 3}
    assert fusion.near_duplicates(range(4), vectors, 0.98, ["a", "a", "a", "b"]) == {1}
