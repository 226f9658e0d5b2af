"""Things owned told by their make or model ("my Yaris", "I ride a Ducati", "my phone is a Pixel
8"), and the look-alikes that own no such thing ("my Tesla shares", "my switch", "my Canon
lens" owns a lens, not a camera said)."""

from __future__ import annotations

import pytest

from .reading import read


def owned(text: str) -> set[tuple[str, str, bool]]:
    found = read(text)
    return {(f.subject, f.object, f.negated) for f in found if f.predicate == "owns"}


@pytest.mark.parametrize(
    "text, thing",
    [
        ("the aircon in my Yaris stopped working, any idea why?", "Yaris"),
        ("I ride a Ducati Monster on weekends", "Ducati Monster"),
        ("how do I factory reset my ipad", "ipad"),
        ("Just bought a Brompton to commute with", "Brompton"),
        ("we finally got a Thermomix and I'm obsessed", "Thermomix"),
        ("my Xbox's controller died again", "Xbox"),
        ("My camera is a Nikon D750, is it good for astrophotography?", "Nikon D750"),
        ("I keep a Seiko 5 on my desk, my dad's", "Seiko 5"),
    ],
)
def test_a_thing_owned_told_by_its_make(text, thing):
    assert ("Ines", thing, False) in owned(text)


def test_a_model_of_a_thing_is_what_is_owned_not_the_thing():
    found = owned("My car is a Skoda Octavia, 2016")
    assert ("Ines", "Skoda Octavia", False) in found
    assert ("Ines", "car", False) not in found


def test_a_make_traded_in_is_owned_no_longer():
    assert ("Ines", "iPhone 12", True) in owned("I did trade in my old iPhone 12 last week")


@pytest.mark.parametrize(
    "text",
    [
        "my Tesla shares dropped again",  # a stake, not a car
        "my switch is broken, the lights won't turn on",  # a word, not the console
        "I'd love a Vespa one day",  # wished for
        "Honda called me back about the recall",  # a maker, not a thing had
        "my Toyota dealer is useless",  # a dealer
    ],
)
def test_no_make_owned(text):
    assert not {thing for _, thing, _ in owned(text)}, owned(text)


@pytest.mark.parametrize(
    "text, thing, thing_said",
    [
        ("my boat is called Maria da Fé, 11 metres", "Maria da Fé", "boat"),
        ("My current phone is Tecno Spark, the screen cracked", "Tecno Spark", "phone"),
        ("Just bought my first truck, 2019 Tacoma, paid cash", "Tacoma", "truck"),
    ],
)
def test_a_thing_of_the_speaker_s_told_by_its_name_or_model(text, thing, thing_said):
    found = owned(text)
    assert ("Ines", thing, False) in found, found
    assert ("Ines", thing_said, False) not in found, found


def test_a_thing_stolen_is_owned_no_longer():
    assert ("Ines", "bike", True) in owned("Someone stole my bike outside the gym")


def test_a_thing_had_without_its_article():
    assert ("Ines", "small bakery", False) in owned("I have small bakery in Neukölln")
    assert not owned("I have been using it all week")
