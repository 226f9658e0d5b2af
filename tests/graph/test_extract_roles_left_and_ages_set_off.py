"""A role said as held once ("a retired nurse", "Retired firefighter here") is that role ended;
kin named before "my husband" without a comma as a sentence opens; ages set off beside a name
("my sister Ana, 34,", "Ada (9) and Tobi (6)", "one son (Jiho, 12)"), after what the speaker
says they are ("a nurse in Porto, 34 years old"), and before "and" a clause dated ahead; and the
look-alikes that stay as they were."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My aunt Rosa is a retired nurse from Leeds.", ("Rosa", "not:works_as", "nurse")),
        ("Retired firefighter here, 68 and bored.", ("Ines", "not:works_as", "firefighter")),
        ("I'm a retired accountant, now I paint.", ("Ines", "not:works_as", "accountant")),
        ("I am a former paramedic.", ("Ines", "not:works_as", "paramedic")),
    ],
)
def test_a_role_held_once_is_ended(text: str, fact: tuple[str, str, str]) -> None:
    found = signed(text)
    assert fact in found
    assert (fact[0], "works_as", fact[2]) not in found
    assert not any(o.startswith(("retired", "former")) for _, _, o in found)


@pytest.mark.parametrize("text", ["My mom Rita is 70.", "I called my dad, Jorge, yesterday."])
def test_a_parent_named_is_no_role(text: str) -> None:
    assert not any(p == "works_as" for _, p, _ in signed(text))


def test_a_role_held_now_stays() -> None:
    assert ("Ines", "works_as", "nurse") in signed("I'm a nurse and I love it.")


@pytest.mark.parametrize(
    "text, facts",
    [
        ("Paco my husband is 81 now.", {("Ines", "has_partner", "Paco"), ("Paco", "age", "81")}),
        (
            "Lena my sister lives in Graz.",
            {("Ines", "has_sibling", "Lena"), ("Lena", "lives_in", "Graz")},
        ),
        ("Zeus my Rottweiler ate a sock.", {("Ines", "has_pet", "Zeus")}),
    ],
)
def test_a_sentence_opening_on_a_name_and_its_kin_word(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    ["Love my sister to bits.", "Miss my dad says hi", "Sorry my husband is sick."],
)
def test_a_word_before_my_kin_is_no_name(text: str) -> None:
    found = signed(text)
    assert not any(o in ("Love", "Miss", "Sorry") for _, _, o in found)


@pytest.mark.parametrize(
    "text, facts",
    [
        ("My sister Ana, 34, lives in Faro.", {("Ana", "age", "34")}),
        (
            "our two children, Ada (9) and Tobi (6), start school in September.",
            {("Ada", "age", "9"), ("Tobi", "age", "6"), ("Ines", "has_child", "Ada")},
        ),
        (
            "I have one son (Jiho, 12) who stays with me on weekends.",
            {("Ines", "has_child", "Jiho"), ("Jiho", "age", "12")},
        ),
        ("My daughter Mia (7) loves horses.", {("Mia", "age", "7")}),
        ("I am a nurse in Porto, 34 years old.", {("Ines", "age", "34")}),
        ("I'm from Lyon, 45 yo.", {("Ines", "age", "45")}),
        ("I'm 17 and have my driving test next week.", {("Ines", "age", "17")}),
    ],
)
def test_an_age_set_off_beside_whose_it_is(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "We live at Rua Augusta, 12, in Lisbon.",
        "Paris, 12, was amazing.",
        "I'm the mum of a boy, 12 years old.",
        "I'm 40 next month.",
        "I will turn 40 next month and I'm scared.",
    ],
)
def test_no_age_from_a_look_alike(text: str) -> None:
    assert not any(p == "age" for _, p, _ in signed(text))
