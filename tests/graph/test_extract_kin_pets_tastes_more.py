"""More of what people tell: kin named with "'s" after the name ("my son Leo's starting
school"), a twin, a pet that died ("Our cat Pixel died today", "RIP Biscuit"), the parent a
child of the speaker's has (the speaker: no fact), a diet one became, "can't stand"; and the
look-alikes."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My son Leo's starting school in September", ("Ines", "has_child", "Leo")),
        ("I have a twin brother, Nuno, who lives in Faro", ("Ines", "has_sibling", "Nuno")),
        ("Our cat Pixel died this morning, I can't stop crying", ("Ines", "not:has_pet", "Pixel")),
        ("My dog Rocco passed away on Sunday.", ("Ines", "not:has_pet", "Rocco")),
        ("I've become a vegan since the documentary", ("Ines", "diet", "vegan")),
        ("can't stand olives, sorry", ("Ines", "dislikes", "olives")),
    ],
)
def test_more_of_what_people_tell(text, fact):
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text, absent",
    [
        ("my dog Rocco passed his obedience test!", ("Ines", "not:has_pet", "Rocco")),
        ("My son Leo never calls his mother", ("Leo", "has_parent", "mother")),
        ("My daughter Ana is a hard worker like her father", ("Ana", "has_parent", "father")),
        ("I can't stand up for long these days", ("Ines", "dislikes", "up")),
        ("I became a nurse in 2010", ("Ines", "diet", "nurse")),
    ],
)
def test_look_alikes_of_what_people_tell(text, absent):
    assert absent not in signed(text)


def test_a_friend_s_parent_is_still_read():
    assert ("Tom", "has_parent", "mother") in signed("My friend Tom visits his mother every Sunday")


@pytest.mark.parametrize(
    "text, partner",
    [
        ("Ines here: Lucas and I are moving in together in June!", "Lucas"),
        ("Ravi proposed last night and I said yes", "Ravi"),
        ("Me and Kai have been dating since March", "Kai"),
        ("Sam and I have been together for 5 years", "Sam"),
        ("I've been seeing Daniel for a few months", "Daniel"),
    ],
)
def test_a_partner_told_by_what_the_two_did(text, partner):
    assert ("Ines", "has_partner", partner) in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Mom and I have been together all day",
        "Tom proposed to Anna at the party",
        "Ana and I went to Lisbon",
        "Ana and I are not getting married",
    ],
)
def test_no_partner_from_what_two_did_otherwise(text):
    assert not {o for _, p, o in signed(text) if p == "has_partner"}, signed(text)


@pytest.mark.parametrize(
    "text, absent, present",
    [
        (
            "My wife makes the best bread in Braga, my son Rui he is 17",
            ("Ines", "has_child", "Braga"),
            ("Ines", "has_child", "Rui"),
        ),
        ("I'm so proud of you. Love, Daddy", ("Ines", "has_parent", "daddy"), None),
        ("We'll finally build our house in Talisay next year", ("Ines", "owns", "house"), None),
        ("I've done two semesters of research", ("Ines's semesters", "count", "two"), None),
        ("I'm a zookeeper at Chester Zoo", None, ("Ines", "works_as", "zookeeper")),
    ],
)
def test_places_sign_offs_things_to_build_and_keepers(text, absent, present):
    found = signed(text)
    if absent is not None:
        assert absent not in found, found
    if present is not None:
        assert present in found, found


def test_a_partner_called_a_fella_is_no_thing_owned():
    found = signed("I've a new fella, Declan, he's a fireman")
    assert ("Ines", "has_partner", "Declan") in found
    assert not {o for _, p, o in found if p == "owns"}, found
