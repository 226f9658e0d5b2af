"""What the offline extractor does not take for a fact: chit-chat in a fact's surface form."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.graph.extract.plausible import implausible
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.model.episode import Episode

AT = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def facts(text: str) -> list[tuple[str, str, str]]:
    episode = Episode("e1", "u", "message", text, AT, AT, None, role="user", speaker="Mel")
    return [(f.subject, f.predicate, f.object) for f in RuleExtractor().extract(episode).facts]


@pytest.mark.parametrize(
    "text",
    [
        "Wow, great pic! Looks like you all had fun!",  # a verb before "like"
        "Sounds like a blast, John!",
        "Events like these are great for reminding us of how strong community can be!",
        "Unconditional love is so important.",  # "love" a noun
        "Everyone we love was there to celebrate us.",  # the object is the rest of a clause
        "I love how art lets us get our emotions out.",
        "I love them so much.",
        "I'm feeling inspired by autumn so I'm planning a few.",  # a quantity
        "My own journey and the support I got made a huge difference.",  # "own" an adjective
        "I'm creating a library for when I have kids.",  # a hypothetical
        "So, I started looking into counseling.",  # a phrasal verb
        "These figurines I bought yesterday remind me of family love.",
        "Thankfully, my son's ok.",  # an adverb is not the son's name
    ],
)
def test_chit_chat_in_a_facts_shape_gives_no_fact(text):
    assert [f for f in facts(text) if f[1] != "has_child" or f[2] != "son"] == []


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I love camping trips with my fam.", ("Mel", "likes", "camping trips")),
        ("It reminds me why I love being a mom.", ("Mel", "likes", "being a mom")),
        ("We love hiking in the mountains.", ("Mel", "likes", "hiking in the mountains")),
        ("Ana likes jazz.", ("Ana", "likes", "jazz")),
        ("I just started volunteering at the shelter.", ("Mel", "does", "volunteering")),
        (
            "I'm going to host more workshops so I can reach more people.",
            ("Mel", "plans", "host more workshops"),
        ),
        ("I moved to Porto when I was 20.", ("Mel", "lives_in", "Porto")),
        ("I own a red bike.", ("Mel", "owns", "red bike")),
        ("Thankfully, my son Max is ok.", ("Mel", "has_child", "Max")),
    ],
)
def test_facts_in_the_same_forms_are_kept(text, fact):
    assert fact in facts(text)


def test_each_check_says_why():
    def why(subject: str, before: str, verb: str, obj: str, predicate: str = "likes") -> str:
        third = subject not in ("I", "we", "My")
        return implausible(subject, before, verb, obj, predicate, third) or ""

    assert "agree" in why("Looks", "", " like ", "you all had fun")
    assert why("I", "", " love ", "camping trips") == ""
    assert "hypothetical" in why("I", "for when ", " have ", "kids", "has_child")
    assert "clause" in why("we", "Everyone ", " love ", "was there")
    assert "verb" in why("I", "", " bought ", "remind me of it", "owns")
    assert "quantity" in why("I", "", " am planning ", "a few", "plans")
    assert "possessive" in why("My", "", " own ", "journey", "owns")
    assert "phrasal" in why("I", "So, ", " started ", "looking into it", "does")
    assert why("I", "", " started ", "volunteering at the shelter", "does") == ""


@pytest.mark.parametrize(
    "text",
    [
        "Honestly I'm a really nervous flyer.",  # how one is, not a job
        "My brother is a fairly careless cook.",
        "We live in a very windy spot, so the umbrella broke.",  # how a place is, not a place
    ],
)
def test_a_description_by_degree_is_no_role_or_home(text):
    assert not [f for f in facts(text) if f[1] in ("works_as", "lives_in")]


def test_a_role_or_home_said_plainly_is_still_read():
    assert ("Mel", "works_as", "flight attendant") in facts("I'm a flight attendant.")
    assert ("Mel", "lives_in", "Braga") in facts("We live in Braga.")


@pytest.mark.parametrize(
    "text",
    [
        "I started my new role at the clinic in June.",  # a job, not a pastime
        "Guess what, Marta just got a new job in Leiria!",  # a job is no thing owned
        "We've been playing every Friday since spring.",  # how often, not what
        "Not sure why, but I enjoy doing that.",  # a doing of something named elsewhere
        "I keep practising and polishing my scales.",  # "and" opens no pastime
    ],
)
def test_no_pastime_from_a_job_a_frequency_a_stand_in_or_a_conjunction(text):
    assert not [f for f in facts(text) if f[1] in ("does", "likes", "owns")]


def test_a_pastime_said_plainly_is_still_read():
    assert ("Mel", "likes", "doing crosswords") in facts("I enjoy doing crosswords.")
    assert ("Mel", "does", "pottery") in facts("I started pottery last spring.")


def test_a_verb_with_a_capital_inside_a_sentence_is_part_of_a_name():
    text = "I picked up soap at Bath & Body Works for my sister."
    assert not [f for f in facts(text) if f[1] == "works_at"]
    assert ("Rita", "works_at", "Google") in facts("Rita works for Google.")


@pytest.mark.parametrize(
    "text",
    [
        "Rita is 2,500 km from home now.",  # a comma inside a number ends no clause
        "Tomás is 1,200 steps short of his goal.",
    ],
)
def test_a_number_with_a_comma_is_no_age(text):
    assert not [f for f in facts(text) if f[1] == "age"]


def test_a_span_of_time_begun_is_no_pastime():
    assert not [f for f in facts("I started my week with a long swim.") if f[1] == "does"]
    assert ("Mel", "does", "morning yoga") in facts("I started my morning yoga in May.")
