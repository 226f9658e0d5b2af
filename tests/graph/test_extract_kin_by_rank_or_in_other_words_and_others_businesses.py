"""Children named by their rank ("my eldest son Kofi", "our firstborn Ama"), kin named in the
words of another language a message in English keeps ("mi hija Lucía", "ma fille Chloé",
"mein Mann Uwe"), a home or a business one is at or on ("a barbecue at my house", "lambing on
our farm"), more kinds of things owned, and a relative's business ("my aunt runs a bakery");
with the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My eldest son Kofi starts university in Leeds.", ("Ines", "has_child", "Kofi")),
        ("Our firstborn Ama turned 18 last week.", ("Ines", "has_child", "Ama")),
        ("My youngest daughter Lia is 3.", ("Ines", "has_child", "Lia")),
        ("My first daughter Abla is a nurse now.", ("Ines", "has_child", "Abla")),
    ],
)
def test_a_child_named_by_rank(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


def test_a_thing_first_had_is_no_child() -> None:
    assert not any(p == "has_child" for _, p, _ in signed("My first car was a Fiat Uno."))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("Mi hija Lucía is 12 and loves horses.", ("Ines", "has_child", "Lucía")),
        ("Ma fille Chloé starts school in September.", ("Ines", "has_child", "Chloé")),
        ("Mein Mann Uwe says I should ask you.", ("Ines", "has_partner", "Uwe")),
        ("mi hermano Diego lives in Madrid.", ("Ines", "has_sibling", "Diego")),
    ],
)
def test_kin_named_in_another_languages_words(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    ["I met Mi Ra at the station.", "Ma Rainey was a blues singer.", "Mon Dieu, what a day."],
)
def test_no_kin_from_a_name_that_looks_like_a_possessive(text: str) -> None:
    assert not any(p.startswith("has_") for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, thing",
    [
        ("We're having a barbecue at my house on Sunday.", "house"),
        ("Lambing season on our farm is brutal.", "farm"),
        ("My daughter wants to work at my bakery this summer.", "bakery"),
        ("my sister took my charger again", "charger"),
        ("I keep all my tools in the shed.", "tools"),
    ],
)
def test_a_home_a_business_or_a_thing_owned_where_it_is(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) in signed(text)


@pytest.mark.parametrize(
    "text, thing",
    [
        ("There's a spin class at my gym tonight.", "gym"),
        ("I left my lunch at my desk.", "desk"),
    ],
)
def test_where_one_goes_is_not_owned(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) not in signed(text)


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My aunt runs a bakery in Cork.", ("aunt", "owns", "bakery")),
        ("My older sister opened her own salon last year.", ("sister", "owns", "salon")),
        ("My uncle has a farm in Wexford.", ("uncle", "owns", "farm")),
        ("My friend Rafa has a food truck in Austin.", ("Rafa", "owns", "food truck")),
    ],
)
def test_a_relatives_business_or_thing(text: str, fact: tuple[str, str, str]) -> None:
    subject, predicate, thing = fact
    assert any(s.endswith(subject) and p == predicate and o == thing for s, p, o in signed(text))


@pytest.mark.parametrize(
    "text", ["My mum runs a tight ship.", "My dad runs a marathon every year."]
)
def test_nothing_owned_from_what_a_relative_runs_that_is_no_business(text: str) -> None:
    assert not any(p == "owns" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text",
    ["Please cancel my gym membership.", "I'm paying off my car loan.", "My bus pass expired."],
)
def test_a_thing_that_only_names_a_membership_a_loan_or_a_pass_is_not_owned(text: str) -> None:
    assert not any(p == "owns" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, thing, value",
    [
        ("We've got 4 border collies on the farm.", "border collies", "4"),
        ("I keep 12 bee hives behind the barn.", "bee hives", "12"),
        ("Gonna miss our 3 kids heaps.", "kids", "3"),
    ],
)
def test_a_count_of_a_kind_said_with_its_word(text: str, thing: str, value: str) -> None:
    assert any(s.endswith(thing) and p == "count" and o == value for s, p, o in signed(text))


@pytest.mark.parametrize(
    "text",
    [
        "I got rid of four old t-shirts.",
        "I have a cousin who's adopting two foster kids.",
        "I bought 3 dozen eggs for the party.",
    ],
)
def test_no_count_of_things_gone_anothers_or_by_the_dozen(text: str) -> None:
    found = signed(text)
    assert not any(p == "count" and o in ("four", "two", "3") for _, p, o in found), found
