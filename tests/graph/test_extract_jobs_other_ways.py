"""Jobs told the other ways people tell them: a shift somewhere ("my late shift at St Thomas'"),
whom one drives or delivers for, the job got ("got the teaching job at Eton"), shifts worked as
a role, "being a … at …"; and what is no job ("a single mum", "a vegan") or no employer ("at 9")."""

from __future__ import annotations

import pytest

from .reading import read


def jobs(text: str) -> set[tuple[str, str, str]]:
    found = read(text)
    return {
        (f.subject, f.predicate, f.object)
        for f in found
        if f.predicate in ("works_at", "works_as") and not f.negated
    }


@pytest.mark.parametrize(
    "text, fact",
    [
        ("so tired, back to back from my late shift at Addenbrooke's", "Addenbrooke's"),
        ("I do double shifts at the Marriott in summer", None),
        ("these days I drive for Bolt most evenings", "Bolt"),
        ("Ana delivers for Glovo to pay rent", None),
        ("I finally got the teaching job at Eton!!", "Eton"),
        ("Marta got her first engineering job at Siemens", None),
        ("I work night shifts as a porter at the Royal London", "Royal London"),
        ("being a paramedic at Barts is no joke", "Barts"),
        ("I work at Marks & Spencer on weekends", "Marks & Spencer"),
    ],
)
def test_an_employer_told_another_way(text, fact):
    found = jobs(text)
    if fact is not None:
        assert ("Ines", "works_at", fact) in found, found
    else:
        assert any(p == "works_at" for _, p, _ in found), found


@pytest.mark.parametrize(
    "text, role",
    [
        ("I work night shifts as a porter at the Royal London", "porter"),
        ("being a paramedic at Barts is no joke", "paramedic"),
        ("I'm a stay-at-home dad", "stay-at-home dad"),
        ("Paramedic here, 12 years on the road. Any tips for night shifts?", "paramedic"),
        ("I have been a teacher for 30 years", "teacher"),
    ],
)
def test_a_role_told_another_way(text, role):
    assert ("Ines", "works_as", role) in jobs(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a single mum of three",
        "I've been a vegan for years",
        "I drive for hours to see her",
        "I start at 9 tomorrow",
        "I got the job done at last",
        "I'm a keen gardener",  # a pastime
        "I'm an amateur photographer",
        "Retired nurse here, any advice on knees?",
        "Newbie here, be gentle",
        "I have been a fan for years",
    ],
)
def test_no_job_said(text):
    assert not jobs(text), jobs(text)


@pytest.mark.parametrize(
    "text, pastime",
    [
        ("I paint in my spare time", "painting"),
        ("In my free time I knit", "knitting"),
    ],
)
def test_a_pastime_done_in_one_s_free_time(text, pastime):
    found = read(text)
    assert ("Ines", "does", pastime) in {(f.subject, f.predicate, f.object) for f in found}
