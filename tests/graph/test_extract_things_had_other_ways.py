"""Things had, told the other ways people tell them: bought for oneself ("got myself a
rowing machine"), given to the speaker ("my aunt got me a sewing machine"), named before the
verb ("the kayak we bought in May"), picked up or treated oneself to; and the relative clauses
that own nothing ("the film I have seen", "the table we have booked")."""

from __future__ import annotations

import pytest

from .reading import read


def owned(text: str) -> set[str]:
    found = read(text)
    return {f.object for f in found if f.predicate == "owns" and f.subject == "Ines"}


@pytest.mark.parametrize(
    "text, thing",
    [
        ("got myself a rowing machine for the garage, lol", None),
        ("I bought myself a new kettle", "new kettle"),
        ("My aunt got me a sewing machine for Christmas", "sewing machine"),
        ("The kayak we bought in May already has a crack", "kayak"),
        ("the jacket I got last winter is falling apart", "jacket"),
        ("Just picked up a used turntable", "used turntable"),
        ("I treated myself to a new blender", "blender"),
    ],
)
def test_a_thing_had_told_another_way(text, thing):
    found = owned(text)
    if thing is None:  # no such kind of thing known: nothing, and no "myself"
        assert not any("myself" in t for t in found), found
    else:
        assert thing in found, found


@pytest.mark.parametrize(
    "text",
    [
        "the film I have seen twice",
        "it's the table that we have booked",
        "the lamp I have been eyeing for weeks",
        "The house we visited needs a new roof",
    ],
)
def test_a_relative_clause_that_owns_nothing(text):
    assert not owned(text), owned(text)
