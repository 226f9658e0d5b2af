"""Ages said in passing: before "and" and a new clause, with "now" after them, and beside the
name a speaker introduces themself by — beside the look-alikes that must stay no age."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("My niece Carla is 15 and taller than all of us.", ("Carla", "age", "15")),
        ("Bruno is 6 and obsessed with trains.", ("Bruno", "age", "6")),
        ("Our boy Tiago is 3 now, time flies.", ("Tiago", "age", "3")),
        ("I'm 52 now and finally learning to swim.", ("Ines", "age", "52")),
        ("Good morning, I am Farid, 67 years old, retired teacher.", ("Ines", "age", "67")),
        ("Hello, this is Marta, 41, mum of two.", ("Ines", "age", "41")),
        ("I'm Joon, 23 and new in town.", ("Ines", "age", "23")),
    ],
)
def test_an_age_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lia is 4 and a half.",
        "Rui is 8 and 3 quarters, he insists.",
        "I'm Dave, 3 kids and a dog.",
        "I am Ana, 30 years in this company.",
        "My flat is 60 and the rent keeps rising.",
    ],
)
def test_no_age_from_a_fraction_a_count_or_a_span(text: str) -> None:
    ages = {f for f in signed(text) if f[1] == "age"}
    assert not ages
