"""Children told the other ways parents tell them: step-kin ("my stepson Jake"), a toddler, a
teenage daughter, children named in a list with their ages ("two kids, Ava (4) and Leo (2)");
and a parent telling how many children they have ("mum of 3 here") is no parent of theirs."""

from __future__ import annotations

import pytest

from .reading import read


def kin(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.predicate, f.object) for f in found if f.subject == "Ines"}


@pytest.mark.parametrize(
    "text, fact",
    [
        ("my stepdaughter Chloe moved in with us", ("has_child", "Chloe")),
        ("my stepdad is teaching me to drive", ("has_parent", "stepdad")),
        ("My half-sister Noor lives in Amman", ("has_sibling", "Noor")),
        ("my toddler only eats pasta", ("has_child", "toddler")),
        ("my teenage son never leaves his room", ("has_child", "son")),
        ("I have three kids, Tomás (9), Bia (6) and Rui", ("has_child", "Bia")),
    ],
)
def test_children_and_step_kin_told_other_ways(text, fact):
    assert fact in kin(text), kin(text)


def test_every_child_of_a_list_and_no_child_by_its_kind_alone():
    found = kin("We have two boys, Kiran and Arjun")
    assert {("has_child", "Kiran"), ("has_child", "Arjun")} <= found
    assert ("has_child", "boys") not in found


@pytest.mark.parametrize("text", ["Mum of 3 here, any tips for picky eaters?", "Dad of two here"])
def test_a_parent_of_many_is_no_parent_of_the_speaker(text):
    assert not {p for p, _ in kin(text)} & {"has_parent"}, kin(text)
