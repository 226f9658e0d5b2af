"""A business owned is owned by the name the message gives it beside its kind ("a small bakery in
Marseille, Boulangerie Nour", "opened my own shop Fresh Fade ATL"); a business still to be
opened is no thing owned yet; a relative who does something with a thing is not a thing owned;
and the look-alikes that stay as they were."""

from __future__ import annotations

import pytest

from .reading import signed


def owned(text: str) -> set[str]:
    return {o for s, p, o in signed(text) if s == "Ines" and p == "owns"}


@pytest.mark.parametrize(
    "text, name",
    [
        ("I own a small bakery in Marseille, Boulangerie Nour, and I love it.", "Boulangerie Nour"),
        ("Opened my own shop Fresh Fade ATL in 2021.", "Fresh Fade ATL"),
        ("I own my salon in Roma Norte, Salón Vale.", "Salón Vale"),
        ("I have a shop called Bits & Bobs.", "Bits & Bobs"),
        ("We run a tiny cafe, Grão, near the station.", "Grão"),
    ],
)
def test_a_business_is_owned_by_its_name(text: str, name: str) -> None:
    found = owned(text)
    assert name in found
    assert not any(o != name and ("bakery" in o or "shop" in o or "salon" in o) for o in found)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("I run a cafe in Lisbon, Portugal.", "cafe"),
        ("We run a small farm. It's hard work.", "small farm"),
        ("I opened my bakery Monday.", "bakery"),
        ("I've had some tough times with my business, Jon. Sourcing was hard.", "business"),
    ],
)
def test_a_business_with_no_name_beside_it_is_owned_by_its_kind(text: str, kind: str) -> None:
    assert kind in owned(text)


@pytest.mark.parametrize(
    "text",
    [
        "I just left my job to open my own studio in Brunswick, Black Lotus Tattoo.",
        "I want to open my own bakery one day.",
        "My granddaughter set up this tablet so I can see the pictures.",
        "My great-grandson is learning flamenco guitar, I am so proud",
    ],
)
def test_nothing_owned_yet(text: str) -> None:
    assert not owned(text)


def test_a_new_thing_to_set_up_is_owned() -> None:
    assert "laptop" in owned("I need to set up my new laptop.")
