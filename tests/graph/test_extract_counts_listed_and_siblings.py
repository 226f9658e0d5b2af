"""Counts listed one after another ("3 kids and 2 dogs", "2 cats, 3 chickens and 4 goats"),
siblings had by the number ("I have two sisters": the relation and the count, rule 26), what a
conversation holds or money is no count ("two questions", "a few tips", "4 night shifts in a
row"), and a noun that ends as a past verb does is no verb ("a dog bed")."""

from __future__ import annotations

import pytest

from .reading import signed


def counts(text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, p, o in signed(text) if p == "count"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We have 3 kids and 2 dogs.", {("Ines's kids", "3"), ("Ines's dogs", "2")}),
        (
            "I have 2 cats, 3 chickens and 4 goats.",
            {("Ines's cats", "2"), ("Ines's chickens", "3"), ("Ines's goats", "4")},
        ),
    ],
)
def test_counts_listed_one_after_another(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= counts(text)


def test_a_rate_listed_is_no_count() -> None:
    assert counts("I have 2 kids and 3 hours a day to myself.") == {("Ines's kids", "2")}


@pytest.mark.parametrize(
    "text",
    [
        "I have 2 questions about my visa.",
        "I've got a few tips for you: 3 tips actually.",
        "Just finished my 4 night shifts in a row.",
        "It cost me 20 bucks.",
    ],
)
def test_no_count_of_what_is_no_ones(text: str) -> None:
    assert not counts(text)


@pytest.mark.parametrize(
    "text, subject, siblings",
    [
        ("I have two sisters.", "Ines", "sisters"),
        ("Ana has three older brothers.", "Ana", "brothers"),
    ],
)
def test_siblings_had_by_the_number(text: str, subject: str, siblings: str) -> None:
    assert (subject, "has_sibling", siblings) in signed(text)


def test_a_sibling_named_is_not_also_a_sibling_by_kind() -> None:
    found = signed("I have a twin sister, Mei Hua, she stays in Taichung and studies nursing.")
    assert ("Ines", "has_sibling", "Mei Hua") in found
    assert ("Mei Hua", "lives_in", "Taichung") in found
    assert not any(o in ("sister", "sisters") for _, _, o in found)


def test_a_dog_bed_is_no_dog() -> None:
    found = signed("I have 2 cats and a dog bed.")
    assert not any(p == "has_pet" and o == "dog" for _, p, o in found)
