"""Plans told by getting ready for them ("training for a marathon"), by a sentence that opens on
the event and its time ("Conference in Vienna in June"), and beside "wish me luck" — beside the
look-alikes that must stay no plan, and an exam passed that is no thing owned."""

from __future__ import annotations

import pytest

from .reading import signed, undated


def plans(text: str) -> set[str]:
    return {o for _, p, o in undated(signed(text)) if p == "plans"}


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("I'm training for a triathlon in September.", "triathlon"),
        ("Busy revising for my finals, send snacks.", "finals"),
        ("Still studying for the IELTS, it's in three weeks.", "IELTS"),
        ("Retreat in Sintra next weekend, can't wait to switch off.", "retreat in Sintra"),
        ("Exam tomorrow morning, wish me luck!", "exam"),
        ("Reunion on the 20th with my old classmates.", "reunion"),
    ],
)
def test_a_plan_got_ready_for_or_opened_on(text: str, plan: str) -> None:
    assert plan in plans(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm studying for hours every day.",
        "I'll prepare for the usual questions.",
        "I was training for a marathon last year.",
        "There's no concert at the park this weekend.",
        "Join my class next week!",
        "The party is on Friday, are you coming?",
        "She starts in June.",
        "Dinner tonight at Rita's.",
        "I wish I could go to the festival on Friday.",
    ],
)
def test_no_plan_from_a_look_alike(text: str) -> None:
    assert not plans(text)


def test_an_exam_passed_is_no_thing_owned() -> None:
    assert not {f for f in signed("Finally passed my DELF B2!") if f[1] == "owns"}
