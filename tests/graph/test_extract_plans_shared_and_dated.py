"""Plans shared with someone named in any plan's sentence ("planning a trip to Oslo with my
husband Lars"), a plan dated by its day ("our party is on 3 August", "on the 12th" is this
month's, not a year ahead), a plan of kin told with their name ("my daughter Zoe is flying to
Lima"); and what is no one's plan: someone flying in to see the speaker, a place before "and I"."""

from __future__ import annotations

import pytest

from .reading import read


def plans(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.subject, f.object) for f in found if f.predicate == "plans" and not f.negated}


def test_a_plan_made_with_someone_named_is_theirs_too():
    found = plans("I'm planning a trip to Oslo with my husband Lars, any tips?")
    assert ("Ines", "trip to Oslo") in found
    assert ("Lars", "trip to Oslo") in found


def test_a_place_before_and_i_shares_no_plan():
    found = plans("I'm planning a trip to Denver and I need a rental car")
    assert found == {("Ines", "trip to Denver")}


@pytest.mark.parametrize(
    "text, plan",
    [
        ("Our housewarming is on 3 August, you're all invited", "housewarming (2024-08-03)"),
        ("my job interview is on June 12th, so nervous", "job interview (2024-06-12)"),
        ("We're hosting a barbecue on the 12th", None),
    ],
)
def test_a_plan_dated_by_its_day(text, plan):
    found = plans(text)
    if plan is not None:
        assert ("Ines", plan) in found, found
    else:  # the 12th of this month, not of a month gone by a year ahead
        assert any(p.endswith("(2024-05-12)") for _, p in found), found


def test_kin_named_who_plans():
    found = plans("My daughter Zoe is flying to Lima on Friday")
    assert ("Zoe", "trip to Lima (2024-05-03)") in found


@pytest.mark.parametrize(
    "text",
    [
        "My sister is flying in from Toronto on Friday",
        "Grandpa is coming over from Cork next week",
        "Tom is driving in tomorrow to help",
    ],
)
def test_a_journey_to_the_speaker_is_no_plan_of_the_traveller(text):
    assert not {p for w, p in plans(text) if w != "Ines"}, plans(text)
