"""Kin said together as a subject ("my parents live in Faro", "my kids adore sushi") and
tastes said with emphasis or in second-language order ("I do love a good curry", "I like very
much old films"); and what stays unread."""

from __future__ import annotations

import pytest

from .reading import read


def facts(text: str) -> set[tuple[str, str, str]]:
    found = read(text)
    return {(f.subject, ("not:" if f.negated else "") + f.predicate, f.object) for f in found}


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My parents live in Faro, I see them at Easter", ("parents", "lives_in", "Faro")),
        ("My kids adore sushi", ("kids", "likes", "sushi")),
        ("My brothers both work at Sonae", ("brothers", "works_at", "Sonae")),
        ("I do love a good curry on Fridays", ("Ines", "likes", "good curry")),
        ("I do enjoy a long walk by the sea", ("Ines", "likes", "long walk")),
        ("I like very much Italian food", ("Ines", "likes", "Italian food")),
        ("I stay in Accra with my aunt", ("Ines", "lives_in", "Accra")),
        ("I live with my grandparents in Cebu", ("Ines", "lives_in", "Cebu")),
    ],
)
def test_kin_together_and_emphatic_tastes(text, fact):
    assert fact in facts(text), facts(text)


@pytest.mark.parametrize(
    "text, absent",
    [
        ("I do not like olives", ("Ines", "likes", "olives")),
        ("I like it very much", ("Ines", "likes", "it")),
        ("My parents and I moved to Braga", ("Ines", "has_parent", "Braga")),
        ("We stayed in Rome for a week", ("Ines", "lives_in", "Rome")),
        ("I'm staying in a hotel in Paris", ("Ines", "lives_in", "Paris")),
    ],
)
def test_what_stays_unread(text, absent):
    assert absent not in facts(text)
