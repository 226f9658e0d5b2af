"""A sentence or clause that leaves its subject out is the speaker's ("Got a job at Aldi!",
"Moving to Derby in July", "I'm Ines, 31, live in Braga"); jobs said by the role held there
("promoted to floor manager at Ikea", "my current role is analyst at Aviva", "I've been a
partner at Freshfields"), by a start said done ("I started at Greggs last week") or by a move
made for them ("moving to Oslo for a job at Equinor"); and the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, fact",
    [
        ("Got a job at Aldi!! so relieved", ("Ines", "works_at", "Aldi")),
        (
            "got a job at the Bristol Old Vic, first shift friday",
            ("Ines", "works_at", "Bristol Old Vic"),
        ),
        ("Finally moved to Derby last month.", ("Ines", "lives_in", "Derby")),
        ("Officially left Vodafone after six years.", ("Ines", "not:works_at", "Vodafone")),
        ("Married Tiago last June, best day ever.", ("Ines", "has_partner", "Tiago")),
    ],
)
def test_a_sentence_opening_on_its_verb_is_the_speakers(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


def test_a_move_ahead_opening_on_its_verb_is_the_speakers_plan() -> None:
    found = undated(signed("Moving to Derby in July, can't wait."))
    assert ("Ines", "plans", "move to Derby") in found


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "Hi, I'm Ines, 31, live in Braga and I teach piano.",
            {("Ines", "age", "31"), ("Ines", "lives_in", "Braga")},
        ),
        (
            "I'm from Bilbao originally, been in Cardiff ten years, work as a dental nurse.",
            {("Ines", "from", "Bilbao"), ("Ines", "works_as", "dental nurse")},
        ),
        ("I am from Chile, living in Perth since 2019.", {("Ines", "lives_in", "Perth")}),
        ("I'm 22, still living at home in Swindon.", {("Ines", "lives_in", "Swindon")}),
    ],
)
def test_a_clause_after_a_comma_carries_the_speaker(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Moving house is exhausting.",  # a gerund that is the subject
        "Living in Leeds has its perks.",
        "Working at Aldi sounds awful.",
        "I want to move somewhere quiet, live in Kendal maybe.",  # a wish carries no fact
        "I love Leeds. My cousin Rui, works at Asda.",  # the other sentence's "I"
        "Got a new girl, Marta, she's lovely.",  # a person got is no thing owned
        "Already bought the tickets for Lisbon.",  # a ticket is no thing owned
    ],
)
def test_no_speakers_fact_from_a_look_alike(text: str) -> None:
    found = signed(text)
    assert not any(p in ("lives_in", "works_at", "owns") for _, p, _ in found), found


def test_a_move_without_where_to_is_no_plan() -> None:
    found = signed("I'm moving in on the 20th, finally!")
    assert not any(p == "plans" for _, p, _ in found)


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "My brother Joel got promoted to floor manager at Ikea.",
            {("Joel", "works_at", "Ikea"), ("Joel", "works_as", "floor manager")},
        ),
        ("My current role is claims analyst at Aviva.", {("Ines", "works_at", "Aviva")}),
        (
            "I've been a partner at Freshfields for eight years.",
            {("Ines", "works_at", "Freshfields")},
        ),
        ("I am now a teacher at Ribston Hall.", {("Ines", "works_at", "Ribston Hall")}),
        ("I started at Greggs last week.", {("Ines", "works_at", "Greggs")}),
        ("We relocated to Austin for a job with Dell.", {("Ines", "works_at", "Dell")}),
    ],
)
def test_a_job_said_by_its_role_start_or_move(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= signed(text)


def test_a_job_moved_for_is_held_though_the_move_waits() -> None:
    found = undated(signed("My sister Ana is moving to Oslo for a job at Equinor."))
    assert ("Ana", "works_at", "Equinor") in found
    assert ("Ana", "plans", "move to Oslo") in found
    assert ("Ana", "lives_in", "Oslo") not in found


@pytest.mark.parametrize(
    "text",
    [
        "I'm looking for a job at Google.",  # a job sought is no job
        "The match started at Wembley late.",  # what started is no one
        "I started at the bottom, like everyone.",
        "I was promoted to the top of the waiting list.",
    ],
)
def test_no_job_from_a_look_alike(text: str) -> None:
    assert not any(p == "works_at" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, fact",
    [
        (
            "Update: quit the bakery, started at Gail's in Bath as sous chef",
            ("Ines", "works_as", "sous chef"),
        ),
        ("News: adopted a greyhound named Pip!", ("Ines", "has_pet", "Pip")),
        ("I read it twice, moved to Galway in the end.", ("Ines", "lives_in", "Galway")),
    ],
)
def test_a_verb_after_a_heading_or_an_object_it_is_the_speakers(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


def test_a_role_one_starts_as() -> None:
    assert ("Camila", "works_as", "lecturer") in signed("Camila starts as lecturer in August.")


@pytest.mark.parametrize(
    "text, role",
    [("I'm a mechanic so I know cars.", "mechanic"), ("I am welder so I fix it myself.", "welder")],
)
def test_a_role_before_so_is_held(text: str, role: str) -> None:
    assert ("Ines", "works_as", role) in signed(text)


@pytest.mark.parametrize("text", ["I'm a pretty cautious driver.", "She's a really good cook."])
def test_a_role_described_by_degree_is_no_job(text: str) -> None:
    assert not any(p == "works_as" for _, p, _ in signed(text))
