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
