"""Fusion weights follow the query: one or two content words lean on the keyword signal."""

import pytest

from lembrar import ValidationError
from lembrar.retrieval.adaptive import DENSE_CUT, KEYWORD_LIFT, adapted_weights, focus
from lembrar.retrieval.config import PRESETS, SearchConfig

WEIGHTS = {"dense": 1.0, "keyword": 0.8, "time": 0.5}


def test_one_or_two_content_words_are_fully_focused():
    assert focus("gasoline?") == 1.0
    assert focus("gasolina e viagem") == 1.0  # "e" is a stopword


def test_a_long_question_is_not_focused():
    assert (
        focus("what degree did I graduate with from the university in my home town last spring")
        == 0.0
    )
    assert focus("") == 0.0


def test_focus_falls_between():
    assert 0.0 < focus("the new car and the insurance price") < 1.0


def test_focused_text_lifts_keyword_above_dense():
    weights = adapted_weights(WEIGHTS, "gasoline")
    assert weights["keyword"] == WEIGHTS["keyword"] * (1 + KEYWORD_LIFT)
    assert weights["dense"] == WEIGHTS["dense"] * (1 - DENSE_CUT)
    assert weights["keyword"] > weights["dense"] and weights["time"] == WEIGHTS["time"]


def test_a_natural_question_keeps_the_configured_weights():
    text = "how should I plan the long run before the race in July with my knee"
    assert adapted_weights(WEIGHTS, text) == WEIGHTS


def test_framed_is_the_default_and_other_modes_are_named():
    assert PRESETS["balanced"].adaptive_weights == "framed"
    with pytest.raises(ValidationError, match="adaptive_weights"):
        SearchConfig(adaptive_weights="sometimes")
