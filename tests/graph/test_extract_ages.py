"""Ages told the other ways people tell them: before "and" ("I'm 58 and new to this"), without
hyphens ("a 41 year old teacher", "29yo"), in weeks or months ("6 weeks old"); and the ages that
are not one's age now ("since I was 9", "Tom is 8 and 3 at chess"), and a place named between
a person and their age ("my aunt Rosa in Lima is 80")."""

from __future__ import annotations

import pytest

from .reading import read


def ages(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.subject, f.object) for f in found if f.predicate == "age"}


@pytest.mark.parametrize(
    "text, age",
    [
        ("I'm 58 and completely new to running, where do I start?", ("Ines", "58")),
        ("i am 19 and broke lol", ("Ines", "19")),
        ("I'm a 41 year old teacher from Accra", ("Ines", "41")),
        ("I am 29yo and looking for a climbing partner", ("Ines", "29")),
        ("Our daughter Lia is 6 weeks old today", ("Lia", "6 weeks")),
        ("My son Rafa is 9 months old and crawling everywhere", ("Rafa", "9 months")),
        ("My aunt Rosa in Lima just turned 80!", ("Rosa", "80")),
        ("Since I turned 40, my knees complain", ("Ines", "40")),
        ("My son Kofi starts school in September, he is 4 years.", ("Kofi", "4")),
    ],
)
def test_an_age_told_another_way(text, age):
    assert age in ages(text)


@pytest.mark.parametrize(
    "text",
    [
        "I've supported Benfica since I was 9",  # an age once
        "When I'm 65 I'll move to the coast",  # an age to come
        "I'm 6 and a half months pregnant",  # a time, not an age
        "Our flat in Braga is 30 years old",  # a home's age, not a place's
        "Tom is 8 and 3 this season",  # another's number before "and": not sure to be an age
        "It is 5 years since she left",  # a span of time
    ],
)
def test_no_age_of_anyone_now(text):
    assert not ages(text)
