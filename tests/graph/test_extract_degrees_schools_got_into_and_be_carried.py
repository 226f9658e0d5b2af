"""Studies said by the degree ("my cousin is doing his BTech at IIT Delhi", "doing my master in
law at Leiden"), a school got into ("Mei got in Kyoto University", "got into Bocconi for her
masters"), a place a child starts at ("our son Leo starts at St Mary's in September"), and a
progressive after "and" that shares its "is" ("my sister is 22 and studying law in Cork");
with the look-alikes that stay as they were."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "My cousin Ravi is doing his BTech at IIT Delhi.",
            {("Ravi", "studies_at", "IIT Delhi"), ("Ravi", "studies", "BTech")},
        ),
        (
            "I'm doing my master in criminology at Leiden now.",
            {("Ines", "studies_at", "Leiden"), ("Ines", "studies", "criminology")},
        ),
        ("Mei got in Kyoto University!", {("Mei", "studies_at", "Kyoto University")}),
        (
            "My sister Zara just got into Bocconi for her masters!",
            {("Zara", "studies_at", "Bocconi")},
        ),
    ],
)
def test_studies_said_by_the_degree_or_the_school_got_into(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    ["We finally got into Lisbon at midnight.", "I got into the final!", "He got into Pokémon."],
)
def test_no_school_from_a_look_alike(text: str) -> None:
    assert not any(p == "studies_at" for _, p, _ in signed(text))


def test_a_place_a_child_starts_at_is_a_school() -> None:
    found = signed("Our son Leo starts at St Mary's in September.")
    assert ("Leo", "studies_at", "St Mary's") in found
    assert ("Leo", "works_at", "St Mary's") not in found


def test_a_place_a_child_starts_at_in_a_role_is_a_job() -> None:
    found = signed("My daughter Ana starts at Siemens in September as an engineer.")
    assert ("Ana", "works_at", "Siemens") in found
    assert ("Ana", "studies_at", "Siemens") not in found


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "My sister Orla is 22 and studying law in Cork.",
            {("Orla", "age", "22"), ("Orla", "studies", "law")},
        ),
        ("Ana is in Lisbon and doing her PhD.", {("Ana", "studies", "PhD")}),
    ],
)
def test_a_progressive_after_and_shares_its_be(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= signed(text)


def test_a_progressive_after_and_that_is_no_fact_stays_none() -> None:
    assert not signed("She is kind and working hard on it.")
