"""A subject said "me and Diego" as chat says it, read as "Diego and I" ("me and Priya live in
Hove", "me and my dad just moved to Derry"); a home lived in on one's own ("living on my own
in Whitby"); a city one works in, said without an article, that is no home ("I work as
electrician in Gdańsk"); and the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "Me and Priya live in Hove with two cats.",
            {("Ines", "lives_in", "Hove"), ("Priya", "lives_in", "Hove")},
        ),
        (
            "me and my dad just moved to Derry",
            {("Ines", "lives_in", "Derry"), ("dad", "lives_in", "Derry")},
        ),
        (
            "Me n Tomas live in Cork now.",
            {("Ines", "lives_in", "Cork"), ("Tomas", "lives_in", "Cork")},
        ),
    ],
)
def test_me_and_someone_is_the_speaker_and_them(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text", ["Save a seat for me and Tom.", "She invited me and Priya to live in her house?"]
)
def test_me_and_someone_as_an_object_is_no_subject(text: str) -> None:
    assert not any(p in ("lives_in", "owns") for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm living on my own in Whitby now.", ("Ines", "lives_in", "Whitby")),
    ],
)
def test_a_home_said_other_ways(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


def test_a_city_worked_in_without_an_article_is_no_home() -> None:
    found = signed("I work as electrician in Gdańsk since 2021.")
    assert ("Ines", "works_as", "electrician") in found
    assert not any(p == "lives_in" for _, p, _ in found)


def test_a_role_at_a_company_in_a_city_says_no_home() -> None:
    found = signed("I'm a data analyst at Infosys in Pune.")
    assert ("Ines", "works_at", "Infosys") in found
    assert not any(p == "lives_in" for _, p, _ in found)


@pytest.mark.parametrize(
    "text",
    [
        "My parents think I'm moving back to Cork next year.",
        "Everyone believes I'm a great singer, after a few beers.",
    ],
)
def test_what_others_think_of_the_speaker_is_not_told_done(text: str) -> None:
    assert not any(p in ("plans", "works_as") for _, p, _ in signed(text))


def test_what_the_speaker_thinks_they_will_do_keeps_what_else_is_said() -> None:
    found = signed("I think I'll restring it, I've been playing tennis every Saturday.")
    assert ("Ines", "does", "tennis") in found
