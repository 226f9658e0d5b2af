"""A wedding the speaker plans is the plan of the one they wed too (rule 30: "Kayla said yes!!!
we're getting married next spring", "His name is Omar", "my fiancé Andrés and I"), never of a
friend whose wedding it is; a break named as when ("for the mid-sem break") is a time ahead; a
sentence opening on a verb of planning is no event of its own."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, partner, plan",
    [
        ("Kayla said yes!!! we're getting married next spring", "Kayla", "getting married"),
        ("I'm getting married in October!! His name is Omar.", "Omar", "getting married"),
        (
            "My fiancé Andrés and I are getting married! Our wedding is on 14 December.",
            "Andrés",
            "wedding",
        ),
    ],
)
def test_the_one_the_speaker_weds_plans_the_wedding_too(text: str, partner: str, plan: str) -> None:
    found = undated(signed(text))
    assert {("Ines", "plans", plan), (partner, "plans", plan)} <= found
    assert ("Ines", "has_partner", partner) in found


@pytest.mark.parametrize(
    "text, other",
    [
        ("Going to my friend's wedding in June. Her name is Sara.", "Sara"),
        ("My sister is getting married in June, her name is Ana.", "Ana"),
        ("I asked Kayla to marry me and she said no.", "Kayla"),
    ],
)
def test_no_one_else_weds_the_speaker(text: str, other: str) -> None:
    found = signed(text)
    assert ("Ines", "has_partner", other) not in found
    assert not any(s == other and p == "plans" for s, p, _ in found)


def test_a_break_named_is_a_time_ahead() -> None:
    found = undated(signed("me and Kenji are going to Bali for the mid-sem break, already booked"))
    assert {("Ines", "plans", "trip to Bali"), ("Kenji", "plans", "trip to Bali")} <= found


def test_a_sentence_opening_on_planning_is_read_with_its_verb() -> None:
    found = undated(signed("Planning a staycation at Sentosa for the school holidays, any tips?"))
    plans = {o for s, p, o in found if p == "plans"}
    assert plans and not any(o.lower().startswith("planning") for o in plans)
