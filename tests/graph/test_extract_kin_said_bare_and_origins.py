"""A parent named in lower case as a clause's subject, a speaker "originally from" a place, and
a clause without a subject after the speaker's kin, which is about the kin — beside the
look-alikes that must stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text",
    [
        "dad says the car needs new tyres",
        "ugh, mom made me clean my room again",
        "mum still thinks I'm twelve lol",
    ],
)
def test_a_parent_said_without_my(text: str) -> None:
    assert {f for f in signed(text) if f[1] == "has_parent"}


@pytest.mark.parametrize(
    "text", ["mom pls come get me", "your dad is hilarious", "his mum said no"]
)
def test_no_parent_spoken_to_or_someone_elses(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "has_parent"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Night nurse here, originally from Manila, ten years in Leeds now.", "Manila"),
        ("Originally from Braga but Porto is home.", "Braga"),
    ],
)
def test_a_speaker_originally_from_a_place(text: str, place: str) -> None:
    assert ("Ines", "from", place) in signed(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("My wife, originally from Cork, misses the rain.", "Cork"),
        ("my brother Rui, born and raised in Faro, moved north.", "Faro"),
        ("The dish is originally from Naples.", "Naples"),
    ],
)
def test_an_origin_that_is_not_the_speakers(text: str, place: str) -> None:
    assert ("Ines", "from", place) not in signed(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("We have four children and a very tired dog.", ("Ines", "has_child", "children")),
        ("I've got five kids, send help.", ("Ines", "has_child", "kids")),
        ("We have three rabbits in the garden.", ("Ines", "has_pet", "rabbits")),
    ],
)
def test_children_and_pets_counted_in_words(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text", ["I have five children's books to return.", "We read four kids' stories tonight."]
)
def test_no_children_from_a_thing_for_children(text: str) -> None:
    assert not {f for f in signed(text) if f[1] in ("has_child", "count")}
