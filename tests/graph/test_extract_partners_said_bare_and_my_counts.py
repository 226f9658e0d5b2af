"""A partner said without "my" as a clause's subject or an owner ("the wife wants me to…",
"wife's working late", "me and the girlfriend"), how many one has said with "my" ("my 3 kids",
"my two greyhounds": a count, rule 26), and an age beside a role one introduces oneself by
("Retired cop here, 67"); and the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, partner",
    [
        ("Retired cop here, and the wife wants me to finally sell my boat.", "wife"),
        ("wife's working late again so it's me doing bedtime.", "wife"),
        ("Me and the girlfriend are going for 4 days in June.", "girlfriend"),
        ("The hubby says no more plants.", "husband"),  # "hubby" is read as "husband"
    ],
)
def test_a_partner_said_without_my(text: str, partner: str) -> None:
    assert ("Ines", "has_partner", partner) in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "The husband of my friend is a doctor.",
        "My friend's wife is lovely.",
        "the wife of the president visited.",
        "the girlfriend's name is Aoife by the way",
    ],
)
def test_no_partner_by_kind(text: str) -> None:
    found = signed(text)
    assert not any(p == "has_partner" and o.islower() for _, p, o in found)


@pytest.mark.parametrize(
    "text, subject, number",
    [
        ("my 3 kids all want different dinner every night", "Ines's kids", "3"),
        ("my two greyhounds have destroyed another cushion", "Ines's greyhounds", "two"),
    ],
)
def test_how_many_one_has_said_with_my(text: str, subject: str, number: str) -> None:
    assert (subject, "count", number) in signed(text)


@pytest.mark.parametrize("text", ["my 2 cents: don't do it", "I spent my 20 minutes of fame."])
def test_no_count_with_my(text: str) -> None:
    assert not any(p == "count" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, age",
    [("Retired cop here, 67, and bored.", "67"), ("Nurse here, 34, first time posting.", "34")],
)
def test_an_age_beside_a_role_one_introduces_oneself_by(text: str, age: str) -> None:
    assert ("Ines", "age", age) in signed(text)
