"""Whom one is getting married to (a partner, who shares the plan), a place named before "and
I" that is no partner, a thing bought in a clause that leaves out its "I", and where a role is
held ("the head chef at X") — not where one is only good at something."""

from __future__ import annotations

import pytest

from .reading import signed, undated


def test_getting_married_to_someone_named() -> None:
    facts = undated(signed("I'm getting married to Idris in May."))
    assert ("Ines", "has_partner", "Idris") in facts
    assert ("Idris", "plans", "getting married") in facts


@pytest.mark.parametrize(
    "text",
    [
        "I teach at Escola Garrett and I'm getting married next month!",
        "We had dinner at Casa Velha and I proposed, she said yes.",
        "I work nights at St Anne's Hospital and I just got married.",
    ],
)
def test_a_place_before_and_i_is_no_partner(text: str) -> None:
    partners = {o for _, p, o in signed(text) if p == "has_partner"}
    assert not partners & {"Garrett", "Velha", "Hospital", "Escola Garrett", "Casa Velha"}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Traded in the Golf, bought a Toyota Yaris hybrid.", "Toyota Yaris"),
        ("Sold the sofa; got a new armchair instead.", "armchair"),
        ("Payday! Went to town, bought a Casio for my commute.", "Casio"),
    ],
)
def test_a_thing_bought_in_a_clause_without_its_subject(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) in signed(text)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm the sous chef at Tasca Rita these days.", "Tasca Rita"),
        ("My husband Vasco is the head porter at Hotel Aviz.", "Hotel Aviz"),
        ("I'm a midwife on nights at São João, so mornings are hard.", "São João"),
        ("Now she is pharmacist at Farmácia Central.", None),  # no one "she" is
    ],
)
def test_where_a_role_is_held(text: str, employer: str | None) -> None:
    employers = {o for _, p, o in signed(text) if p == "works_at"}
    assert employers == ({employer} if employer else set())


@pytest.mark.parametrize(
    "text",
    ["I'm the best at Mario Kart.", "She is great at Python.", "I'm the new guy at the gym."],
)
def test_no_employer_where_no_role_is_held(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "works_at"}
