"""Jobs taken ("got an offer from Siemens and accepted it", "joining Lumo in May as a product
designer", "got hired by Shopify as a developer", "going back to work at Barclays"), jobs left
with their role ("Quit my barista job at Blue Bottle", "I'll leave my job at Vodafone at the end
of July"), exams ahead as plans ("my finals start next Monday", "Midterms next week") and a
journey booked in the passive ("Flights to Toronto booked"); and the look-alikes that stay no
fact."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, facts",
    [
        ("I got an offer from Siemens and accepted it.", {("Ines", "works_at", "Siemens")}),
        (
            "I'm joining Lumo in May as a product designer.",
            {("Ines", "works_at", "Lumo"), ("Ines", "works_as", "product designer")},
        ),
        (
            "Starting at Siemens on 1 September as a test engineer.",
            {("Ines", "works_at", "Siemens"), ("Ines", "works_as", "test engineer")},
        ),
        (
            "Got hired by Shopify as a developer.",
            {("Ines", "works_at", "Shopify"), ("Ines", "works_as", "developer")},
        ),
        ("I'm going back to work at Barclays in October.", {("Ines", "works_at", "Barclays")}),
    ],
)
def test_a_job_taken(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I got an offer from Siemens but I said no.",
        "I started the course as a beginner.",
        "I joined the club as a member.",
    ],
)
def test_no_job_from_a_look_alike(text: str) -> None:
    found = signed(text)
    assert not any(p in ("works_at", "works_as") for _, p, _ in found)


def test_a_job_quit_with_its_role_ends_both() -> None:
    found = signed("Quit my barista job at Blue Bottle on Friday.")
    assert {("Ines", "not:works_at", "Blue Bottle"), ("Ines", "not:works_as", "barista")} <= found
    assert ("Ines", "works_as", "barista") not in found


def test_a_job_left_ahead_is_no_start() -> None:
    found = undated(signed("I'll leave my job at Vodafone at the end of July."))
    assert ("Ines", "not:works_at", "Vodafone") in found
    assert not any(p == "plans" for _, p, _ in found)
    assert ("Ines", "works_at", "Vodafone") not in found


def test_a_job_loved_stays_held() -> None:
    found = signed("I love my nurse job.")
    assert ("Ines", "works_as", "nurse") in found


@pytest.mark.parametrize(
    "text, plan",
    [
        ("my finals start next Monday", "finals"),
        ("Midterms next week, pray for me.", "midterms"),
        ("My GCSEs start on the 13th.", "GCSEs"),
        ("Got my IELTS exam on Saturday.", "IELTS exam"),
        ("matura in 3 weeks and I haven't opened the book", "matura"),
        ("Flights to Toronto booked for 14 August.", "trip to Toronto"),
        ("Tickets to Lisbon are booked!", "trip to Lisbon"),
    ],
)
def test_a_plan_ahead(text: str, plan: str) -> None:
    assert ("Ines", "plans", plan) in undated(signed(text))


@pytest.mark.parametrize(
    "text",
    [
        "Did you pass your finals?",
        "The final was amazing last night.",
        "Booked a table at Nobu.",
        "I booked a haircut for Friday.",
        "Dinner for ten at sixty Yuan a plate, at 8 o'clock tomorrow evening. Is that all right?",
    ],
)
def test_no_plan_from_a_look_alike(text: str) -> None:
    assert not any(p == "plans" for _, p, _ in signed(text))
