"""Candidate sources: a source's lift is a prior on the turns it vouches for; it never adds
hits of its own, and a lift of weight 0 or with no scores leaves the ranking as it was."""

from __future__ import annotations

from lembrar.retrieval.search import search
from lembrar.retrieval.sources import Lift, SourcePlan, lifts_of

TURNS = [
    "We talked about the garden and the tomatoes this spring.",
    "The garden needs water every morning in summer.",
    "I planted basil in the garden last week.",
]


class Vouching:
    name = "vouching"

    def __init__(self, episode_id: str, weight: float) -> None:
        self.episode_id, self.weight = episode_id, weight

    def plan(self, request):
        return SourcePlan(lift=lambda: Lift(self.name, self.weight, {self.episode_id: 1.0}))


def _ranked(memory, sources):
    request = memory.request("garden", "u", k=3)
    hits = search(memory.store, memory.embedder.embed_queries, request, None, sources).hits
    return [h.episode.id for h in hits], hits


def test_a_lift_moves_the_vouched_turn_to_the_top_and_reports_its_signal(memory):
    ids = [memory.add(t, user_id="u")[0].id for t in TURNS]
    plain, _ = _ranked(memory, [])
    second = plain[1]
    lifted, hits = _ranked(memory, [Vouching(second, 1.0)])
    assert sorted(lifted) == sorted(ids) and lifted[0] == second
    assert hits[0].signals["vouching"] == 1.0
    assert all("vouching" not in h.signals for h in hits[1:])


def test_a_lift_of_no_weight_changes_nothing(memory):
    for text in TURNS:
        memory.add(text, user_id="u")
    plain, before = _ranked(memory, [])
    same, after = _ranked(memory, [Vouching(plain[-1], 0.0)])
    assert same == plain and [h.score for h in after] == [h.score for h in before]


def test_empty_lifts_are_left_out():
    plans = [
        SourcePlan(lift=lambda: None),
        SourcePlan(lift=lambda: Lift("a", 0.5, {})),
        SourcePlan(),
        SourcePlan(lift=lambda: Lift("b", 0.5, {"e": 1.0})),
    ]
    assert [lift.name for lift in lifts_of(plans)] == ["b"]
