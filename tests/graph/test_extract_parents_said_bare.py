"""Parents said without "my" (rule 32): after another parent with "my" ("my mom and dad"), as a
clause's subject with a verb in the past or denied ("Mom cried, dad didn't speak"), or as an
owner or with "'s" ("dad's letting me use his van", "mum's birthday"); a parent spoken to is
not one said."""

from __future__ import annotations

import pytest

from .reading import signed


def parents(text: str) -> set[str]:
    return {o for s, p, o in signed(text) if s == "Ines" and p == "has_parent"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Diego's parents are coming to meet my mom and dad.", {"mom", "dad"}),
        ("my mum & dad live in Faro.", {"mum", "dad"}),
        ("Told my parents. Mom cried, dad didn't speak for 20 minutes.", {"dad"}),
        ("dad's letting me use his van for the festival lol", {"dad"}),
        ("mum's birthday is on Sunday", {"mum"}),
        ("dad's car broke down again.", {"dad"}),
    ],
)
def test_a_parent_said_without_my(text: str, expected: set[str]) -> None:
    assert expected <= parents(text)


@pytest.mark.parametrize("text", ["mom pls pick me up", "Your dad's car is nice."])
def test_no_parent(text: str) -> None:
    assert not parents(text)
