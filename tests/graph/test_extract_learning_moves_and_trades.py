"""Pastimes said as being learnt, plans said in the simple present or as a journey with its
purpose, a move ahead that is a plan and not yet a home, weddings as said, businesses of one's
own and animals kept for their keep — beside the look-alikes that must stay no fact."""

from __future__ import annotations

import pytest

from .reading import read, signed, undated


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "I'm learning Portuguese with an app on the train.",
            ("Ines", "does", "learning Portuguese"),
        ),
        ("We've been learning salsa since January.", ("Ines", "does", "learning salsa")),
        ("My nephew Bruno is learning the accordion.", ("Bruno", "does", "learning the accordion")),
        ("my husband is slowly learning Japanese", ("husband", "does", "learning Japanese")),
        (
            "Finally started learning the banjo, my fingers hurt",
            ("Ines", "does", "learning the banjo"),
        ),
    ],
)
def test_a_pastime_said_as_being_learnt(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm learning to cook properly.",
        "I'm learning a ton from my new manager.",
        "Still learning the ropes at the depot.",
        "I'm learning how to say no.",
        "Are you learning Greek?",
        "I'd love to start learning Greek one day.",
        "I'm learning so much about myself.",
    ],
)
def test_learning_that_is_no_pastime(text: str) -> None:
    assert not {f for f in signed(text) if f[1] in ("does", "studies")}


def test_a_language_class_is_still_studied() -> None:
    assert ("Ines", "studies", "Italian") in signed("I'm taking Italian classes at night.")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("On Friday we go to Aveiro, just the two of us.", "Aveiro"),
        ("Next week I go to Kraków for my cousin's christening.", "Kraków"),
        ("My brother goes to Cork in June.", "Cork"),
        ("Me and Joana fly to Funchal on Friday.", "Funchal"),
        ("My wife Ana and me go back to Łódź in July.", "Łódź"),
    ],
)
def test_a_journey_said_in_the_simple_present_with_a_time_ahead(text: str, place: str) -> None:
    plans = [o for _, p, o in undated(signed(text)) if p == "plans"]
    assert any(place in o for o in plans)


@pytest.mark.parametrize(
    "text",
    [
        "Every August we go to Faro.",
        "I usually go to Braga on Sundays.",
        "We go to Évora a lot.",
        "Do you go to Madrid next week?",
        "Last year we went to Faro in June.",
    ],
)
def test_a_habit_a_question_or_a_past_journey_is_no_plan(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "plans"}


def test_a_journey_keeps_what_it_is_for() -> None:
    plans = undated(signed("On Saturday I'm taking the train to Ghent for a beer festival."))
    assert ("Ines", "plans", "trip to Ghent for beer festival") in plans


def test_a_wedding_ahead_is_read_as_said() -> None:
    facts = undated(signed("Duarte and I are getting married in the spring!"))
    assert {("Ines", "plans", "getting married"), ("Duarte", "plans", "getting married")} <= facts


def test_a_move_ahead_is_a_plan_and_not_yet_a_home() -> None:
    facts = signed("We're relocating to Tromsø in November.")
    assert ("Ines", "plans", "move to Tromsø (2024-11-01)") in facts
    assert not {f for f in facts if f[1] == "lives_in"}


def test_a_job_accepted_ahead_is_held_from_its_date() -> None:
    found = [f for f in read("I start at Vodafone in July.") if f.predicate == "works_at"]
    assert [(f.object, f.valid_at and f.valid_at.date().isoformat()) for f in found] == [
        ("Vodafone", "2024-07-01")
    ]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("We opened our own pizzeria in Setúbal last spring.", "pizzeria"),
        ("I started a small food truck with my savings.", "small food truck"),
        ("I set up a little bookshop in the old post office.", "little bookshop"),
        ("We've got 30 cows and a tractor that barely runs.", "cows"),
        ("I keep 12 hives on my uncle's land.", "hives"),
        ("We have 200 sheep up in the hills.", "sheep"),
    ],
)
def test_a_business_of_ones_own_and_animals_kept_for_their_keep(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "That comment really got my goat.",
        "I have 10 minutes before the bus.",
        "I started a new job at a bookshop.",
        "The bakery opened a second branch.",
        "We had two pizzas and a salad.",
    ],
)
def test_no_business_or_herd_from_look_alikes(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "owns"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I live with my grandparents in Viseu.", ("Ines", "lives_in", "Viseu")),
        ("My dad lives with us now in Almada.", ("dad", "lives_in", "Almada")),
        (
            "Boxes everywhere but we're in Braga now, the new flat has a view!",
            ("Ines", "lives_in", "Braga"),
        ),
        ("I'm finally settled in Ghent, still unpacking books.", ("Ines", "lives_in", "Ghent")),
    ],
)
def test_a_home_shared_or_just_moved_into(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Madrid now for a conference, unpacking at the hotel.",
        "I'm in Rome now, so hot.",
    ],
)
def test_no_home_from_a_stay_or_a_manner(text: str) -> None:
    homes = {o for _, p, o in signed(text) if p == "lives_in"}
    assert not homes & {"Madrid", "Rome"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("On Fridays I play drums in a covers band.", "drums"),
        ("I practise judo in the club near the station.", "judo"),
    ],
)
def test_a_pastime_without_where_it_is_done(text: str, pastime: str) -> None:
    assert ("Ines", "does", pastime) in signed(text)
