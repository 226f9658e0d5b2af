"""Query coverage: the share of a question's informative words a memory holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lembrar.model.text import stem
from lembrar.retrieval.coverage import MIN_STEM, coverage

QUESTION = "What color did I repaint my bedroom walls?"
IN_PASSING = (
    "Can you tell me how often a ZZ plant needs water? By the way, I recently repainted my "
    "bedroom walls a lighter shade of gray."
)
ON_TOPIC = [
    "Which paint colors would suit a living room with green walls?",
    "Earthy paint colors and warm neutrals work well on living room walls.",
    "Test a few paint colors on the walls before you choose.",
]


def test_the_line_holding_every_rare_word_of_the_question_covers_it_best():
    scores = coverage(QUESTION, [IN_PASSING, *ON_TOPIC])
    assert scores[0] == max(scores) > 0.75  # all but "color", which the topic's lines share
    assert all(s < 0.4 for s in scores[1:])


def test_a_common_word_counts_less_than_a_rare_one_and_a_word_all_hold_nothing():
    texts = ["walls walls", "walls and paint", "walls of paint", "bedroom"]
    common, rare = coverage("bedroom walls", texts)[0], coverage("bedroom walls", texts)[3]
    assert rare > common > 0  # "walls" is in three of four texts, "bedroom" in one
    everywhere = ["my walls", "the walls", "walls and a bedroom"]
    assert coverage("bedroom walls", everywhere) == [0.0, 0.0, pytest.approx(1.0)]
    assert coverage("walls", everywhere) == [0.0, 0.0, 0.0]


def test_a_question_word_matches_its_inflections_and_short_words_match_whole():
    assert [stem(w, keep=MIN_STEM) for w in ("repainted", "doctors", "art", "arts")] == [
        "repaint",
        "doctor",
        "art",
        "arts",
    ]
    assert coverage("doctors", ["my doctor said", "the doctoral thesis", "a tractor"])[:2] == [
        pytest.approx(1.0),
        pytest.approx(1.0),
    ]
    art = coverage("art", ["articles on art", "the arts", "an article", "part two", "ART!"])
    assert art == [pytest.approx(1.0), pytest.approx(1.0), 0.0, 0.0, pytest.approx(1.0)]


def test_accents_and_other_scripts_match_as_words():
    scores = coverage("férias em São Paulo", ["As férias em são paulo foram ótimas", "paulista"])
    assert scores[0] == pytest.approx(1.0) and scores[1] == 0.0


def test_nothing_to_cover_gives_zeros():
    assert coverage("what is it?", ["anything at all", "more"]) == [0.0, 0.0]
    assert coverage("bedroom", []) == []


@given(
    st.text(alphabet="abcdefgh ", min_size=1, max_size=30),
    st.lists(st.text(alphabet="abcdefgh .", max_size=40), min_size=1, max_size=8),
)
def test_coverage_is_a_share_in_the_unit_interval(query, texts):
    scores = coverage(query, texts)
    assert len(scores) == len(texts)
    assert all(0.0 <= s <= 1.0 + 1e-9 for s in scores)
