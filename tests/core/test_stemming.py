"""The one stemmer of the text toolkit and the two ways callers use it."""

from __future__ import annotations

import pytest

from lembrar.graph.confidence import stem as graph_stem
from lembrar.model.text import INFLECTIONS, fold_plural, stem


@pytest.mark.parametrize(
    ("word", "keep", "expected"),
    [
        ("painted", 3, "paint"),
        ("painting", 3, "paint"),
        ("boxes", 3, "box"),
        ("dogs", 3, "dog"),
        ("bed", 3, "bed"),  # "b" would be too short
        ("beds", 3, "bed"),
        ("cats", 4, "cats"),  # with four letters to keep, "cat" is too short
        ("doctors", 4, "doctor"),
        ("", 3, ""),
    ],
)
def test_stem_drops_the_first_ending_that_leaves_enough_letters(word, keep, expected):
    assert stem(word, keep=keep) == expected


def test_endings_are_tried_in_order_and_only_one_is_dropped():
    assert INFLECTIONS == ("ing", "ed", "es", "s")
    assert stem("classes") == "class"  # "es" comes before "s"
    assert stem("classes", ("s", "es")) == "classe"
    assert stem("singings") == "singing"  # one ending only
    assert stem("uses", ("es", "s")) == "use"  # "es" would leave two letters; "s" is next


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("beans", "bean"),
        ("boxes", "box"),
        ("buzzes", "buzz"),
        ("classes", "class"),
        ("notes", "note"),
        ("uses", "use"),
        ("cães", "cãe"),
        ("glass", "glass"),
        ("bus", "bus"),
        ("ss", "ss"),
        ("garden", "garden"),
    ],
)
def test_fold_plural_folds_the_plural_s_of_four_languages(word, expected):
    assert fold_plural(word) == expected


@pytest.mark.parametrize("word", ["lives", "living", "lived", "live"])
def test_graph_search_stem_reads_every_form_of_a_verb_alike(word):
    assert graph_stem(word) == "liv"


def test_graph_search_stem_keeps_short_words_whole():
    assert [graph_stem(w) for w in ("ate", "sees", "bed", "use")] == ["ate", "see", "bed", "use"]
