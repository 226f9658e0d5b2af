"""Facts said before a question that an emoji sets off ("I run a stall at Borough Market 🙃
any tips for pricing?"), an age said before a pet's or a child's kind ("a 4 year old collie
named Skye"), an age turned on a day gone ("I turned 40 on Saturday"), a thing given away
("gave my bike to my nephew"), a diet one is on, an allergy said after "and", a relative's
"'s from", a journey after "I'm off and", a plan someone takes the speaker on, and more kinds
of things owned; with the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed, undated


def test_a_statement_before_an_emoji_and_a_question_is_read() -> None:
    found = signed("I work at Borough Market on Saturdays 🙃 any tips for pricing?")
    assert ("Ines", "works_at", "Borough Market") in found


def test_a_question_after_an_emoji_states_no_job() -> None:
    found = signed("Long day 🙃 does my sister Ana still work at Aldi?")
    assert not any(p == "works_at" for _, p, _ in found)


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "I have a 4 year old collie named Skye, is she too old for agility?",
            {("Ines", "has_pet", "Skye"), ("Skye", "age", "4")},
        ),
        (
            "We have a 7-year-old son called Tomas.",
            {("Ines", "has_child", "Tomas"), ("Tomas", "age", "7")},
        ),
    ],
)
def test_an_age_said_before_the_kind_is_the_named_ones(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


def test_an_age_turned_on_a_day_gone_is_held() -> None:
    assert ("Ines", "age", "40") in signed("I turned 40 on Saturday and nobody noticed.")


@pytest.mark.parametrize("text", ["I'm 40 on Saturday!", "I turn 40 on Saturday."])
def test_an_age_to_come_on_a_day_is_not_yet_held(text: str) -> None:
    assert not any(p == "age" for _, p, _ in signed(text))


def test_a_thing_given_to_someone_is_owned_no_more() -> None:
    found = signed("I gave my bike to my nephew last week.")
    assert ("Ines", "not:owns", "bike") in found
    assert ("Ines", "owns", "bike") not in found


def test_a_thing_given_a_wash_is_still_owned() -> None:
    assert ("Ines", "owns", "car") in signed("I gave my car a wash on Sunday.")


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm on a vegan diet these days.", ("Ines", "diet", "vegan")),
        ("I'm a runner and allergic to wasps.", ("Ines", "allergic_to", "wasps")),
        ("My husband's from Kraków.", ("husband", "from", "Kraków")),
    ],
)
def test_a_diet_an_allergy_and_an_origin_said_other_ways(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    ["I'm on a train to Leeds.", "Anyone here allergic to wasps?", "Are you allergic to wasps?"],
)
def test_no_diet_or_allergy_from_a_look_alike(text: str) -> None:
    assert not any(p in ("diet", "allergic_to") for _, p, _ in signed(text))


def test_a_journey_after_being_off_is_a_plan() -> None:
    found = undated(signed("I'm off work and heading to Porto on Friday."))
    assert ("Ines", "plans", "trip to Porto") in found


def test_a_plan_someone_takes_the_speaker_on_is_the_speakers_too() -> None:
    found = undated(signed("My daughter is taking me to Vienna in June."))
    assert {("daughter", "plans", "trip to Vienna"), ("Ines", "plans", "trip to Vienna")} <= found


def test_a_plan_someone_takes_another_on_is_not_the_speakers() -> None:
    found = undated(signed("My daughter is taking her boyfriend to Vienna in June."))
    assert ("Ines", "plans", "trip to Vienna") not in found


@pytest.mark.parametrize(
    "text, thing",
    [
        ("How do I keep my bonsai trees alive indoors?", "bonsai trees"),
        ("My PS5 keeps crashing.", "PS5"),
        ("Where can I store my oil paints?", "oil paints"),
        ("my chooks have stopped laying", "chooks"),
    ],
)
def test_more_kinds_of_things_owned(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) in signed(text)


@pytest.mark.parametrize(
    "text, fact",
    [
        ("Our cat Miso is fifteen now.", ("Miso", "age", "fifteen")),
        ("I'm thirty-two and still renting.", ("Ines", "age", "thirty-two")),
        ("Back on the tennis court at 51, knees permitting.", ("Ines", "age", "51")),
        ("Running my first marathon at 63 years old!", ("Ines", "age", "63")),
    ],
)
def test_an_age_in_words_or_one_is_doing_something_at(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Let's meet at 10.",
        "The ferry leaves at 18.",
        "I retired at 60.",
        "My mum had me at 19.",
        "She started school at 17, poor thing.",
        "I have ten minutes.",
    ],
)
def test_no_age_from_a_time_a_past_or_anothers(text: str) -> None:
    assert not any(p == "age" for _, p, _ in signed(text))
