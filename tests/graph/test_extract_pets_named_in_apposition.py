"""Pets named beside their kind in the shapes people write them: a name before "my ginger
tabby" or "(corn snake)", several names before or after a plural kind, a name as the subject
with its kind and no comma, a pet taken in with someone named (theirs too); one pet said by two
words for its animal ("a grey kitten… named him Kumara") is one pet; and the look-alikes that
stay no pet."""

from __future__ import annotations

import pytest

from .reading import read


def pets(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.subject, f.object) for f in found if f.predicate == "has_pet" and not f.negated}


@pytest.mark.parametrize(
    "text, named",
    [
        # a name, then its kind with words before it
        ("Pumpkin, our ginger tabby, is 12 now.", {"Pumpkin"}),
        ("Olive, our 2-year-old Frenchie, hates baths.", {"Olive"}),
        ("Diesel, my German shepherd, needs surgery next week.", {"Diesel"}),
        ("Meet Juno, our rescue pup!", {"Juno"}),
        # a sentence's first word is no name when another follows it
        ("Walked Biscuit, my beagle, for an hour this morning.", {"Biscuit"}),
        # the kind in brackets
        ("Kevin (the rooster) escaped again.", {"Kevin"}),
        ("Feeding Noodle (corn snake) tonight.", {"Noodle"}),
        # several names, before or after a plural kind
        ("Feeding time for Kiwi and Mango, my budgies.", {"Kiwi", "Mango"}),
        ("Mochi and Bean, my kittens, say hi.", {"Mochi", "Bean"}),
        ("I have three hens: Dolly, Peggy and Mabel.", {"Dolly", "Peggy", "Mabel"}),
        ("We have 2 border collies (Tass and Bjorn) and a cat.", {"Tass", "Bjorn"}),
        ("Our cats are Tom and Jerry.", {"Tom", "Jerry"}),
        ("my 2 ferrets Bonnie & Clyde stole my socks", {"Bonnie", "Clyde"}),
        ("Just me and the other two dogs now, Bella and Moose.", {"Bella", "Moose"}),
        # a name as the subject, its kind after it without a comma
        ("Zeus my Rottweiler ate a sock.", {"Zeus"}),
        ("Pepper my cockatiel screams at 6am", {"Pepper"}),
        # a name the sentence opens with, its kind told after a pronoun
        ("Dexter has a vet appointment tomorrow, he's our beagle.", {"Dexter"}),
        # a name and its kind in a sentence that says "my"
        ("Bella the cat is asleep on my scrubs lol", {"Bella"}),
        # named by a verb of naming that opens the sentence, or with a word before the kind
        ("Named the kitten Sushi!", {"Sushi"}),
        ("The kids named the new puppy Waffles.", {"Waffles"}),
        # a name, then "and I" going on with the speaker's own clause
        ("I have 14 chickens and one rooster called Napoleon and I make jam.", {"Napoleon"}),
    ],
)
def test_a_pet_named_beside_its_kind_is_the_speakers(text: str, named: set[str]) -> None:
    assert {("Ines", name) for name in named} <= pets(text)


@pytest.mark.parametrize(
    "text, named, kind",
    [
        ("We adopted a grey kitten on Saturday and named him Kumara.", "Kumara", "grey kitten"),
        ("We just adopted a rescue dog, a mutt called Pisco.", "Pisco", "dog"),
        ("Our new puppy is a cocker spaniel called Alfie.", "Alfie", "puppy"),
    ],
)
def test_a_pet_said_by_two_words_for_its_animal_is_one_pet(
    text: str, named: str, kind: str
) -> None:
    found = pets(text)
    assert ("Ines", named) in found
    assert ("Ines", kind) not in found


def test_a_dog_and_a_cat_are_two_pets_when_only_the_cat_is_named() -> None:
    found = pets("I have a dog and a kitten called Miso.")
    assert {("Ines", "Miso"), ("Ines", "dog")} <= found


@pytest.mark.parametrize(
    "text, owner, named",
    [
        ("Iker and me adopted a kitten!!! Her name is Frida, she's orange.", "Iker", "Frida"),
        (
            "Me and Giulia we adopt a dog, his name is Pippo, he already eat my shoe",
            "Giulia",
            "Pippo",
        ),
        ("My girlfriend Camila and I just adopted a mutt called Pisco.", "Camila", "Pisco"),
    ],
)
def test_a_pet_taken_in_with_someone_named_is_theirs_too(text: str, owner: str, named: str) -> None:
    found = pets(text)
    assert {("Ines", named), (owner, named)} <= found


@pytest.mark.parametrize(
    "text",
    [
        "Rex, my neighbour's dog, barks all night.",
        "Sammy, my snake plant, is dying.",
        "Thanks Mike, my dogs love the new bed.",
        "Tom and Jerry, my favourite cartoon cats, are on TV.",
        "Hey my cat is sick.",
        "Update my dog is fine now.",
        "We saw the horses, Star and Blaze, at the farm.",
        "I saw two dogs, Max and Ruby, at the park.",
        "If I ever get a dog, I'd call him Rex.",
        "Rosie and Jim, my neighbours, have two dogs.",
    ],
)
def test_no_pet_is_named_by_a_look_alike(text: str) -> None:
    names = {obj for _, obj in pets(text) if obj[:1].isupper()}
    assert not names


def test_no_one_shares_a_pet_with_a_kin_word() -> None:
    found = pets("Mom and I got a dog named Rex.")
    assert ("Ines", "Rex") in found
    assert not any(owner not in ("Ines", "mom") for owner, _ in found)
