"""Answer scores on hand-made cases: LoCoMo's token F1, containment, intervals, agreement."""

from __future__ import annotations

import pytest

from lembrar.evaluation.answers_data import round_robin, stratified
from lembrar.evaluation.answers_scores import (
    agreement,
    bootstrap,
    contains,
    locomo_f1,
    normalize_answer,
    paired_bootstrap,
    token_f1,
)


def test_locomo_normalization_drops_case_commas_punctuation_articles_and_and():
    assert normalize_answer("The Cat, a Dog and AN owl!") == "cat dog owl"
    assert normalize_answer("Paris, France.") == "paris france"
    assert normalize_answer("  Mother's   day ") == "mothers day"


def test_token_f1_counts_shared_stemmed_tokens():
    assert token_f1("The Lisbon, Portugal.", "lisbon portugal") == 1.0
    assert token_f1("a dog and the cat", "cat dog") == 1.0
    # "running shoes" -> run, shoe; gold "run" -> run: precision 1/2, recall 1
    assert token_f1("running shoes", "run") == pytest.approx(2 / 3)
    # repeated tokens count once per occurrence on each side
    assert token_f1("red red bike", "red bike") == pytest.approx(0.8)
    assert token_f1("Sydney", "Melbourne") == 0.0
    assert token_f1("", "anything") == 0.0
    assert token_f1("the", "a") == 0.0


def test_locomo_category_rules():
    # multi-hop: each gold part scored against its best answer part, then averaged
    assert locomo_f1("Paris, London", "London, Rome", 1) == pytest.approx(0.5)
    # open-domain: only the gold answer before its first ';' is scored
    assert locomo_f1("psychology", "Psychology; counseling certification", 3) == 1.0
    assert locomo_f1("psychology", "Psychology; counseling certification", 4) == pytest.approx(0.5)
    assert locomo_f1("7 May 2023", "7 May 2023", None) == 1.0


def test_containment_needs_the_whole_normalized_gold_as_words():
    assert contains("She moved to Lisbon last year.", "Lisbon")
    assert contains("I think it was the red bike!", "a red bike")
    assert contains("I live in Sao Paulo now", "São Paulo")
    assert not contains("Lisbonne", "Lisbon")
    assert not contains("in 2023", "2")
    assert not contains("red and blue bike", "red bike")
    assert not contains("anything at all", "")


def test_bootstrap_is_deterministic_for_a_seed_and_brackets_the_mean():
    values = [1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1]
    first, again = bootstrap(values, seed=7), bootstrap(values, seed=7)
    assert first == again
    assert first.low <= first.mean <= first.high
    assert first.mean == pytest.approx(8 / 13)
    assert 0 < first.high - first.low < 1
    assert bootstrap(values, seed=8) != first
    flat = bootstrap([0.5] * 6, seed=1)
    assert (flat.low, flat.mean, flat.high) == (0.5, 0.5, 0.5)
    assert (
        first.points() == f"{100 * first.mean:.1f} [{100 * first.low:.1f}, {100 * first.high:.1f}]"
    )


def test_paired_bootstrap_is_the_interval_of_the_differences():
    better, worse = [1, 1, 1, 0, 1, 1], [0, 1, 0, 0, 1, 0]
    diff = paired_bootstrap(better, worse, seed=3)
    assert diff == bootstrap([1, 0, 1, 0, 0, 1], seed=3)
    assert diff.mean == pytest.approx(0.5)
    with pytest.raises(ValueError, match="same questions"):
        paired_bootstrap([1, 0], [1], seed=0)


def test_agreement_of_judge_and_containment_with_labels():
    rows = [  # (label, judge, containment)
        (True, True, True),
        (True, True, False),
        (False, True, False),
        (False, False, False),
    ]
    result = agreement(rows)
    assert result.n == 4
    assert result.judge == 0.75
    assert result.containment == 0.75
    assert result.judge_vs_containment == 0.5
    assert result.judge_kappa == pytest.approx(0.5)
    assert result.containment_kappa == pytest.approx(0.5)
    assert agreement([(True, True, True)] * 3).judge_kappa is None


def test_stratified_draw_keeps_each_groups_share_and_file_order():
    items = (
        [("a", i) for i in range(60)]
        + [("b", i) for i in range(30)]
        + [("c", i) for i in range(10)]
    )
    chosen = stratified(items, lambda it: it[0], 20, seed=1)
    counts = {g: sum(1 for it in chosen if it[0] == g) for g in "abc"}
    assert counts == {"a": 12, "b": 6, "c": 2}
    assert chosen == sorted(chosen, key=items.index)
    assert chosen == stratified(items, lambda it: it[0], 20, seed=1)
    assert chosen != stratified(items, lambda it: it[0], 20, seed=2)
    few = stratified(items, lambda it: it[0], 3, seed=0)
    assert {it[0] for it in few} == {"a", "b", "c"}
    assert len(stratified(items, lambda it: it[0], 500, seed=0)) == len(items)


def test_round_robin_keeps_each_groups_share_in_every_prefix():
    items = (
        [("a", i) for i in range(60)]
        + [("b", i) for i in range(30)]
        + [("c", i) for i in range(10)]
    )
    ordered = round_robin(items, lambda it: it[0], seed=3)
    assert sorted(ordered) == sorted(items)
    for size in (10, 20, 50):
        counts = {g: sum(1 for it in ordered[:size] if it[0] == g) for g in "abc"}
        for group, total in (("a", 60), ("b", 30), ("c", 10)):
            assert abs(counts[group] - size * total / 100) <= 1, (size, counts)
    assert ordered == round_robin(items, lambda it: it[0], seed=3)
    assert ordered != round_robin(items, lambda it: it[0], seed=4)
