"""Schools and studies told the other ways people tell them: what one is at a school ("a
sophomore at Ohio State", "a second-year med student at Leeds"), a subject one is a student in,
a school one goes to by its name ("goes to Brookside Primary"), being enrolled, a school
graduated from (ended); and what is no school ("I go to Tesco")."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm a sophomore at Ohio State", ("Ines", "studies_at", "Ohio State")),
        ("I'm a final-year law student at Bristol", ("Ines", "studies_at", "Bristol")),
        ("I'm a PhD candidate in linguistics", ("Ines", "studies", "linguistics")),
        ("My daughter goes to Westfield High", ("daughter", "studies_at", "Westfield High")),
        ("I'm enrolled at the Open University", ("Ines", "studies_at", "Open University")),
        ("I graduated from Coimbra in 2019", ("Ines", "not:studies_at", "Coimbra")),
    ],
)
def test_a_school_told_another_way(text, fact):
    assert fact in signed(text), signed(text)


@pytest.mark.parametrize(
    "text, absent",
    [
        ("I'm a student at NYU", ("Ines", "works_at", "NYU")),  # a school, not an employer
        ("I go to Tesco every day", ("Ines", "studies_at", "Tesco")),
        ("I'm a nurse at St Mary's", ("Ines", "studies_at", "St Mary's")),
    ],
)
def test_what_is_no_school(text, absent):
    assert absent not in signed(text)
