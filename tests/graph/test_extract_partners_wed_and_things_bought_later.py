"""Whom one is getting married to (a partner, who shares the plan), a place named before "and
I" that is no partner, and a thing bought in a clause that leaves out its "I"."""

from __future__ import annotations

import pytest

from .reading import signed


def test_getting_married_to_someone_named() -> None:
    facts = {(s, p, o.split(" (")[0]) for s, p, o in signed("I'm getting married to Idris in May.")}
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
