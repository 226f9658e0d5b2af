"""Plans told in the future tense with any verb ("we will open a café next spring"), an event
one has to go to ("a christening to go to on Sunday"), a stay said without its subject ("Will
be in Porto next week"), a house painted or a race run ahead; and the future-tense errands and
courtesies that are no plan."""

from __future__ import annotations

import pytest

from .reading import read


def plans(text: str) -> set[str]:
    found = read(text)
    return {f.object.split(" (")[0] for f in found if f.predicate == "plans" and not f.negated}


@pytest.mark.parametrize(
    "text, plan",
    [
        ("We will open a small café next spring", "opening a small café"),
        ("I will join a choir in September", "joining a choir"),
        ("I will visit Kyoto in the autumn", "visiting Kyoto"),
        ("I've got a christening to go to on Sunday", "christening"),
        ("Will be in Porto next week for a conference", "conference in Porto"),
        ("We're painting the nursery this weekend", "painting the nursery"),
        ("I'm running a half-marathon in October", "running a half-marathon"),
        ("No school today so I'm taking my son Leo to Legoland", "trip to Legoland"),
        ("I'm flying to Rome today!", "trip to Rome"),
        ("We're going on a cruise in August", "cruise"),
    ],
)
def test_a_plan_in_the_future_tense_or_ahead(text, plan):
    assert plan in plans(text), plans(text)


@pytest.mark.parametrize(
    "text",
    [
        "I will call you tomorrow",
        "I will let you know next week",
        "I will never go back there again",
        "I will be late tomorrow",
        "Will be in touch next week",
        "I will probably eat out tonight",
        "I'm working from home today",
        "I'm cleaning the house today",
        "Said goodbye to everyone today, new job at Acme starts Monday though!",
    ],
)
def test_future_errands_and_courtesies_are_no_plan(text):
    assert not plans(text), plans(text)


def test_who_is_taken_along_shares_the_plan():
    found = {
        (f.subject, f.object.split(" (")[0])
        for f in read("I'm taking my wife Ana to Sintra today")
        if f.predicate == "plans"
    }
    assert {("Ines", "trip to Sintra"), ("Ana", "trip to Sintra")} <= found, found
