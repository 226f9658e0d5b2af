"""Pets told by their breed or by a word for their kind the earlier readings did not know
("my westie", "our pooch", "a degu"), by name and kind ("Boris the rooster"), named a sentence
after they were told of ("we got a kitten. She's a tabby called Milo"); and the look-alikes
that stay no pet."""

from __future__ import annotations

import pytest

from .reading import read


def pets(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.subject, f.object) for f in found if f.predicate == "has_pet" and not f.negated}


@pytest.mark.parametrize(
    "text, pet",
    [
        # a breed, or its short form, said alone
        ("my westie keeps stealing socks", "westie"),
        ("Our vizsla needs two walks a day.", "vizsla"),
        ("my frenchie is snoring again lol", "frenchie"),
        ("We adopted a lurcher in March.", "lurcher"),
        ("my moggy has been sick all week", "moggy"),
        # other animals people keep
        ("My degus chewed through the cage again.", "degus"),
        ("our koi are huge now", "koi"),
        ("my donkey is called Pablo and he hates rain", "Pablo"),
        ("Our pooch loves the beach.", "pooch"),
        # a breed before the name
        ("I walk my shiba inu Kenta before work", "Kenta"),
        ("Otto, our weimaraner, ate a whole loaf", "Otto"),
        ("Pip is my sheltie", "Pip"),
        ("we got a cavoodle named Waffles", "Waffles"),
        # a name and its kind
        ("I bought a heat lamp for Gary the gecko.", "Gary"),
        ("We love Sheldon the tortoise to bits.", "Sheldon"),
    ],
)
def test_a_pet_told_by_its_breed_or_kind(text, pet):
    assert ("Ines", pet) in pets(text)


@pytest.mark.parametrize(
    "text, pet, kind",
    [
        ("we have a new puppy!!! he's a border collie called Rufus", "Rufus", "puppy"),
        ("We got a kitten last week. She's a tabby named Olive.", "Olive", "kitten"),
        ("Adopted a dog today. It's a little mutt called Bingo", "Bingo", "dog"),
    ],
)
def test_a_pet_named_a_sentence_after_it_was_told_of(text, pet, kind):
    found = pets(text)
    assert ("Ines", pet) in found
    assert ("Ines", kind) not in found  # the name replaces the kind


@pytest.mark.parametrize(
    "text",
    [
        "my calico dress got a stain",  # a fabric
        "my tortoiseshell glasses broke",  # a pattern
        "my fish and chips were cold",  # a dish
        "My dog is old. She's a friend called Amy",  # a person, called after a pet was told of
        "We met a guy at the dog park. He's called Tom",
        "I met Tom the plumber today",  # a name and a trade
        "the westie next door barks all night",  # not the speaker's
    ],
)
def test_look_alikes_stay_no_such_pet(text):
    found = pets(text)
    assert not {pet for _, pet in found} - {"dog"}, found


def test_a_pet_named_a_sentence_after_its_owner_told_of_it_is_the_owner_s():
    found = pets("My mum finally got a dog!!! A little mutt called Tejo")
    assert ("Ines", "Tejo") not in found


@pytest.mark.parametrize(
    "text, pet",
    [
        ("We have 2 rabbits and a tortoise", "rabbits"),
        ("we got three kittens from a farm", "kittens"),
        ("I'm a proud cat mum to Sushi and Wasabi", "Sushi"),
        ("Dropped Rocky at the groomer, he's my old beagle", "Rocky"),
        ("We got our first dog!", "dog"),
    ],
)
def test_pets_by_how_many_by_a_pet_parent_and_by_a_pronoun(text, pet):
    assert ("Ines", pet) in pets(text), pets(text)


def test_a_thing_of_the_speaker_s_after_a_pet_is_owned_on_its_own():
    found = {(f.predicate, f.object) for f in read("Our puppy chewed my slippers")}
    assert ("owns", "slippers") in found, found
    assert not any("chewed" in o for _, o in found), found
