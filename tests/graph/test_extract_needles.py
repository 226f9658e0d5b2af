"""The cheap test before a pattern's first look: never a different answer from the regex."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from lembrar.graph.extract.kinship import ANY_KIN
from lembrar.graph.extract.needles import Look, Looks, Sentence
from lembrar.graph.extract.rules import COMPILED
from lembrar.graph.extract.upcoming import ANY_EVENT

SENTENCES = [
    "I live in Lisbon now.",
    "LIVED IN PORTO FOR YEARS",
    "we're moving to Porto!",
    "My hotdog stand is doing well",  # "dog" inside a word
    "Our new puppy, Bolt, is adorable",
    "I'm a nurse at Lusíadas",
    "I am a nurse at Lusíadas",
    "Mudei-me para o Porto no ano passado",
    "A gente se mudou para Braga",
    "Sou alérgica a amendoins",
    "I do yoga every morning",
    "I have a peanut allergy",
    "I ſtarted at Hooli",  # long s: a case-blind "s"
    "I lıve in Faro",  # dotless i: a case-blind "i"
    "İ LİVE İN FARO",  # dotted capital I
    "Just finished my 5th marathon",
    "Hey Tim! How are you?",
    "It's my last exam at noon",  # the first words of a look, not the ones it needs
    "My new car is at the garage",
    "I work at home; home is where the cat is",
    "",
]
LOOKS = [look for compiled in COMPILED.values() for _, look in compiled] + [ANY_KIN]


@pytest.mark.parametrize("text", SENTENCES)
def test_a_look_answers_as_its_regex(text: str) -> None:
    said = Sentence(text)
    for look in LOOKS:
        assert look.search(said) == bool(look.regex.search(text)), look.regex.pattern


def test_the_beginnings_come_from_the_regex() -> None:
    look = Look.of(re.compile(r"(?i:\b(?:(?:my |the )?(?:last|final) (?:day|week) at))"))
    assert look.at_word
    assert look.beginnings == frozenset({"my", "the", "last", "final"})
    assert not look.search(Sentence("It was a long day at work"))
    assert look.search(Sentence("My LAST day at Acme"))


def test_the_words_a_match_needs_come_from_its_main_sequence() -> None:
    look = Look.of(re.compile(r"(?i:\b(?:(?:my |the )?(?:last|final) (?:day|week) (?:at|with)))"))
    # "last" or "final", whether or not "my" or "the" comes first
    assert look.needs == (
        frozenset({"last", "final"}),
        frozenset({"day", "week"}),
        frozenset({"at", "with"}),
    )
    assert not look.may_match(Sentence("My last exam at noon"))  # "day" or "week" is missing
    assert not look.may_match(Sentence("the day at the beach"))
    assert look.may_match(Sentence("my final week — lunch with Ana"))  # searched, and no match
    assert not look.search(Sentence("my final week — lunch with Ana"))
    assert look.search(Sentence("My LAST week with Acme"))


def test_only_words_that_begin_after_a_break_are_needed() -> None:
    # "ing" / "ed" go on a word; "just" is optional; "home" and "at" / "for" begin words
    look = Look.of(re.compile(r"(?i:\bwork(?:ing|ed) (?:just )?(?:at|for) home)"))
    assert look.needs == (frozenset({"at", "for"}), frozenset({"home"}))
    assert look.search(Sentence("Working at home today"))
    assert not look.may_match(Sentence("worked at the office"))


def test_a_match_anywhere_is_looked_for_by_its_first_letters() -> None:
    look = Look.of(re.compile(r"(?i:dog|guinea pig)"))
    assert not look.at_word
    assert look.beginnings == frozenset({"dog", "gui"})
    assert look.search(Sentence("my HOTDOG stand"))
    assert not look.search(Sentence("a cat"))


def test_a_look_that_may_begin_with_anything_always_searches() -> None:
    assert Look.of(re.compile(r"(?i:\d)")).beginnings is None  # a digit inside any word
    assert Look.of(re.compile(r"(?i:\b(?:[\w-]+ in))")).beginnings is None
    assert Look.of(re.compile(r"(?i:\b(?:\w+ed|twice))")).beginnings is None


def test_a_digit_that_begins_a_word_is_a_known_beginning() -> None:
    look = Look.of(re.compile(r"(?i:\b(?:\d+ times|twice))"))
    assert look.at_word and look.beginnings == frozenset({*"0123456789", "twice"})
    assert look.search(Sentence("I swim 3 times a week"))
    assert look.search(Sentence("Twice a week, at least"))
    assert not look.search(Sentence("I swim on weekends"))
    assert not look.search(Sentence("room 3B is free"))  # searched (a word begins "3"), no match


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("text", SENTENCES)
def test_the_index_finds_what_each_look_finds(language: str, text: str) -> None:
    looks = [look for _, look in COMPILED[language]]
    said = Sentence(text)
    assert Looks(looks).matching(said) == [i for i, look in enumerate(looks) if look.search(said)]


def test_a_look_opening_at_a_word_is_tried_where_such_a_word_begins() -> None:
    look = Look.of(re.compile(r"(?i:\b(?:at home))"))
    assert look.found(Sentence("That's it: I work AT HOME"))  # "at" in "That" first
    assert not look.found(Sentence("a chat homepage"))  # "at home" only inside a word
    assert not look.found(Sentence("I'm at the gym; home later"))


def test_the_index_files_a_look_under_its_least_common_needed_words() -> None:
    look = Look.of(re.compile(r"(?i:\b(?:a new job at))"))
    looks = Looks([look])
    assert set(looks.by_word) == {"new"}  # not "a", nor "at"
    assert looks.matching(Sentence("I got a NEW JOB at Acme")) == [0]
    assert looks.matching(Sentence("a new car at last")) == []


COMMONEST = frozenset("a i the to and my is in of it".split())


@pytest.mark.parametrize("look", [ANY_EVENT, ANY_KIN], ids=["events", "kin"])
def test_a_first_look_for_words_never_begins_with_the_commonest_words(look: Look) -> None:
    """A word list whose entry begins with "a" ("a-level") would make the look pass every
    sentence, and every sentence would be searched."""
    assert look.beginnings is not None
    assert not look.beginnings & COMMONEST


def test_a_pattern_is_compiled_when_a_sentence_first_passes_its_first_look() -> None:
    """Compiling every pattern on import took a second of each command's start."""
    script = (
        "from datetime import datetime, timezone\n"
        "from lembrar.evaluation.graph import _episode\n"
        "from lembrar.graph.extract import rules\n"
        "from lembrar.model.inputs import EpisodeIn\n"
        "print(rules._compile.cache_info().currsize)\n"
        "said = EpisodeIn(user_id='u', content='I moved to Lisbon last May.', role='user',"
        " at=datetime(2024, 5, 1, tzinfo=timezone.utc))\n"
        "rules.RuleExtractor().extract(_episode(said))\n"
        "print(rules._compile.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    before, after = map(int, out.stdout.split())
    assert before == 0
    assert 0 < after < len(COMPILED["en"])
