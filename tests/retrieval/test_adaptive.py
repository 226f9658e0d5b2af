"""How focused a query is: one or two content words are fully focused, a long question not."""

from lembrar.retrieval.adaptive import focus


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
