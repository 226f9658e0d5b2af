"""A thing said with "my" that is no thing owned: one at one's work ("my desk at work"), one
hired ("my rental car"), or a word that only qualifies another ("my phone bill", "my bike ride",
"my computer science class", "my wedding dress fitting"); and things owned beside them."""

from __future__ import annotations

import pytest

from .reading import signed


def owned(text: str) -> set[str]:
    return {o for s, p, o in signed(text) if s == "Ines" and p == "owns"}


@pytest.mark.parametrize(
    "text",
    [
        "my desk at work is tiny",
        "my rental car is a Fiat",
        "my phone bill is huge this month",
        "Here is my phone number, call me.",
        "my bike ride this morning was lovely",
        "my computer science class is boring",
        "my wedding dress fitting is on Friday",
        "my car insurance went up again",
    ],
)
def test_no_thing_owned(text: str) -> None:
    assert not owned(text)


@pytest.mark.parametrize(
    "text, thing",
    [
        ("my bike is in the shop again", "bike"),
        ("I dropped my phone and the screen cracked.", "phone"),
        ("my new desk arrived today", "desk"),
    ],
)
def test_a_thing_owned(text: str, thing: str) -> None:
    assert thing in owned(text)
