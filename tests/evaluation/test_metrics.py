"""Metric functions against hand-computed cases and a reference written from the definitions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lembrar.evaluation import metrics as m


# -- recall_any / recall_all ---------------------------------------------------------------
def test_recall_any_needs_one_gold_item_in_the_top_k():
    ranking = ["x", "g1", "y", "g2"]
    assert m.recall_any(ranking, {"g1", "g2"}, 1) == 0.0
    assert m.recall_any(ranking, {"g1", "g2"}, 2) == 1.0


def test_recall_all_needs_every_gold_item_in_the_top_k():
    ranking = ["x", "g1", "y", "g2"]
    assert m.recall_all(ranking, {"g1", "g2"}, 3) == 0.0
    assert m.recall_all(ranking, {"g1", "g2"}, 4) == 1.0
    assert m.recall_any(ranking, {"g1", "g2"}, 3) == 1.0


def test_recall_of_a_gold_item_never_ranked_is_zero():
    assert m.recall_any(["a", "b"], {"z"}, 10) == 0.0
    assert m.recall_all(["a", "b"], {"a", "z"}, 10) == 0.0


# -- NDCG (LongMemEval's binary-relevance definition) --------------------------------------
def test_ndcg_with_several_gold_items():
    # DCG = 0 + 1/log2(2) + 0 + 1/log2(4) = 1.5; ideal = 1 + 1/log2(2) = 2
    assert m.ndcg_any(["x", "g1", "y", "g2"], {"g1", "g2"}, 4) == pytest.approx(0.75)


def test_ndcg_weighs_ranks_one_and_two_alike():
    assert m.ndcg_any(["x", "g"], {"g"}, 2) == 1.0
    assert m.ndcg_any(["x", "y", "g"], {"g"}, 3) == pytest.approx(1 / math.log2(3))


def test_ndcg_ideal_counts_every_relevant_item_of_the_corpus():
    # three relevant items exist, one is found first: DCG 1, ideal 1 + 1 + 1/log2(3)
    assert m.ndcg_any(["g", "x", "y"], {"g"}, 3, relevant_total=3) == pytest.approx(
        1 / (2 + 1 / math.log2(3))
    )


def test_ndcg_counts_repeated_positions_each():
    assert m.ndcg_any(["s1", "s1", "s2"], {"s1"}, 3, relevant_total=2) == 1.0


def test_ndcg_without_relevant_items_is_zero():
    assert m.ndcg_any(["a"], set(), 5) == 0.0


# -- MRR -------------------------------------------------------------------------------------
def test_reciprocal_rank_of_the_first_gold_item():
    assert m.reciprocal_rank(["a", "b", "g", "g2"], {"g", "g2"}) == pytest.approx(1 / 3)
    assert m.reciprocal_rank(["a"], {"g"}) == 0.0
    assert np.mean([m.reciprocal_rank(["g"], {"g"}), m.reciprocal_rank(["a", "g"], {"g"})]) == 0.75


# -- turn -> session roll-up -------------------------------------------------------------------
def test_distinct_cutoff_is_the_prefix_holding_k_distinct_sessions():
    sessions = ["s1", "s1", "s2", "s1", "s3", "s4"]
    assert m.distinct_cutoff(sessions, 1) == 1
    assert m.distinct_cutoff(sessions, 2) == 3
    assert m.distinct_cutoff(sessions, 3) == 5
    assert m.distinct_cutoff(sessions, 9) == 6


def test_rollup_scores_the_first_k_distinct_sessions():
    # turns of s1, s1, s2, s1, s3: the first 2 distinct sessions are s1 and s2 (cutoff 3)
    sessions = ["s1", "s1", "s2", "s1", "s3"]
    scores = m.rolled_up(sessions, {"s2", "s3"}, 2, relevant_total=4)
    assert scores["recall_any"] == 1.0
    assert scores["recall_all"] == 0.0
    # DCG over 3 positions [0, 0, 1] = 1/log2(3); ideal over 3 of 4 relevant turns = 1 + 1 + 1/log2(3)
    assert scores["ndcg_any"] == pytest.approx((1 / math.log2(3)) / (2 + 1 / math.log2(3)))
    assert m.rolled_up(sessions, {"s2", "s3"}, 3)["recall_all"] == 1.0


def test_rollup_at_k1_is_the_best_turns_session():
    assert m.rolled_up(["s2", "s1"], {"s1"}, 1)["recall_any"] == 0.0
    assert m.rolled_up(["s1", "s2"], {"s1"}, 1)["recall_any"] == 1.0


# -- LoCoMo evidence recall, first-paper metrics ---------------------------------------------
def test_coverage_is_the_share_of_evidence_found():
    assert m.coverage(["D1:1", "D2:3", "D1:2"], {"D1:2", "D2:3", "D9:9"}, 2) == pytest.approx(1 / 3)
    assert m.coverage(["D1:1", "D2:3", "D1:2"], {"D1:2", "D2:3", "D9:9"}, 3) == pytest.approx(2 / 3)


def test_session_coverage_uses_distinct_sessions():
    sessions = ["a", "a", "a", "b", "c"]
    assert m.session_coverage(sessions, {"b", "c"}, 2) == 0.5
    assert m.session_coverage(sessions, {"b", "c"}, 3) == 1.0


def test_precision_and_recall_at_k():
    ranking = ["g1", "x", "g2"]
    assert m.precision_at(ranking, {"g1", "g2", "g3"}, 3) == pytest.approx(2 / 3)
    assert m.precision_at(["g1"], {"g1"}, 3) == pytest.approx(
        1 / 3
    )  # a short ranking still divides by k
    assert m.recall_at(ranking, {"g1", "g2", "g3", "g4"}, 3) == 0.5


def test_percentile_matches_numpy():
    values = [5.0, 1.0, 3.0, 9.0, 7.0, 2.0]
    for q in (0, 50, 95, 100):
        assert m.percentile(values, q) == pytest.approx(np.percentile(values, q))


def test_mean_or_none_ignores_missing_values():
    assert m.mean_or_none([1.0, None, 0.0]) == 0.5
    assert m.mean_or_none([None]) is None


# -- parity with a reference written from the benchmark's definitions -------------------------
def _reference(
    rankings: list[int], correct: list[str], corpus_ids: list[str], k: int
) -> tuple[float, float, float]:
    """LongMemEval's evaluation, restated with numpy over index rankings of a whole corpus."""

    def dcg(rel, k):
        rel = np.asarray(rel, dtype=float)[:k]
        return rel[0] + np.sum(rel[1:] / np.log2(np.arange(2, rel.size + 1))) if rel.size else 0.0

    top = {corpus_ids[i] for i in rankings[:k]}
    relevance = [1 if c in correct else 0 for c in corpus_ids]
    ideal = dcg(sorted(relevance, reverse=True), k)
    ndcg = dcg([relevance[i] for i in rankings[:k]], k) / ideal if ideal else 0.0
    return float(any(c in top for c in correct)), float(all(c in top for c in correct)), ndcg


def _reference_turn2session(rankings, correct, corpus_ids, k):
    sessions = [c.rsplit("_", 1)[0] for c in corpus_ids]
    gold = list({c.rsplit("_", 1)[0] for c in correct})
    effective = k
    while effective <= len(sessions) and len({sessions[i] for i in rankings[:effective]}) < k:
        effective += 1
    return _reference(rankings, gold, sessions, effective)


corpora = st.lists(st.integers(0, 5), min_size=2, max_size=30).flatmap(
    lambda owners: st.tuples(
        st.just([f"s{o}_{n}" for n, o in enumerate(owners)]),
        st.permutations(list(range(len(owners)))),
        st.sets(st.integers(0, len(owners) - 1), min_size=1, max_size=4),
        st.integers(1, 10),
    )
)


@given(corpora)
def test_turn_metrics_match_the_reference(case):
    corpus_ids, rankings, gold_idx, k = case
    gold = [corpus_ids[i] for i in gold_idx]
    ranked = [corpus_ids[i] for i in rankings]
    expected = _reference(list(rankings), gold, corpus_ids, k)
    got = (
        m.recall_any(ranked, gold, k),
        m.recall_all(ranked, gold, k),
        m.ndcg_any(ranked, gold, k),
    )
    assert got == pytest.approx(expected)


@given(corpora)
def test_session_rollup_matches_the_reference(case):
    corpus_ids, rankings, gold_idx, k = case
    gold_turns = [corpus_ids[i] for i in gold_idx]
    gold_sessions = {t.rsplit("_", 1)[0] for t in gold_turns}
    sessions = [corpus_ids[i].rsplit("_", 1)[0] for i in rankings]
    in_gold = sum(c.rsplit("_", 1)[0] in gold_sessions for c in corpus_ids)
    expected = _reference_turn2session(list(rankings), gold_turns, corpus_ids, k)
    got = m.rolled_up(sessions, gold_sessions, k, relevant_total=in_gold)
    assert (got["recall_any"], got["recall_all"], got["ndcg_any"]) == pytest.approx(expected)
