"""benchmarks/pooled_misses.py: the ceiling of the three rankings and what wins the misses."""

from __future__ import annotations

import importlib.util
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "pooled_misses.py"
spec = importlib.util.spec_from_file_location("pooled_misses", SCRIPT)
assert spec and spec.loader
pooled_misses = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pooled_misses)


def question(qid: str, gold: list[str], own: dict[str, int], day: int) -> SimpleNamespace:
    return SimpleNamespace(
        question_id=qid,
        question_type="single-session-user",
        question=f"question {qid}?",
        question_date=datetime(2023, 5, day, 12, tzinfo=UTC),
        answer_session_ids=gold,
        sessions=[
            SimpleNamespace(session_id=s, at=datetime(2023, 5, d, 9, tzinfo=UTC))
            for s, d in own.items()
        ],
    )


def test_counts_the_ceiling_and_who_wins_the_misses():
    first = question("q1", ["a1"], {"a1": 1, "a2": 2}, day=10)
    second = question("q2", ["b1"], {"b1": 3, "b2": 4}, day=5)
    orders = {
        ("q1", "balanced"): ["a1", "b2"],
        ("q1", "dense"): ["a2", "a1"],
        ("q1", "keyword"): ["a1"],
        # q2: balanced misses to q1's haystack, dated after q2's day; dense has the gold second
        ("q2", "balanced"): ["a2", "b2", "b1"],
        ("q2", "dense"): ["b2", "b1"],
        ("q2", "keyword"): ["b1"],
    }
    first.sessions[1].at = datetime(2023, 5, 8, 9, tzinfo=UTC)  # a2: after q2's day
    counts, misses = pooled_misses.tally([first, second], orders)
    assert counts == {
        "balanced": 1,
        "dense": 0,
        "keyword": 2,
        "any of the three": 2,
        "balanced, gold in the first 2": 1,
        "balanced, gold in the first 3": 2,
        "misses": 1,
        "misses won by another haystack's conversation": 1,
        "misses won by a conversation dated after the question": 1,
    }
    assert len(misses) == 1 and "question q2?" in misses[0] and "first: a2" in misses[0]


def test_gold_ranks_are_positions_among_distinct_conversations():
    assert pooled_misses.gold_ranks(["x", "y", "z"], ["z", "w"]) == [3, None]
    assert pooled_misses.within([3, None], 3) and not pooled_misses.within([3, None], 2)
