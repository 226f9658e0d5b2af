"""Counts, current states, possessions and the relation patterns added to the offline
extractor; and a later total closing the earlier one on the timeline."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.graph.extract.amounts import Amount, amounts
from lembrar.graph.extract.possessions import possessions
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.model.episode import Episode

AT = datetime(2024, 3, 1, 12, tzinfo=UTC)


def facts(text, speaker=None):
    episode = Episode("e1", "u", "message", text, AT, AT, None, role="user", speaker=speaker)
    return {(f.subject, f.predicate, f.object) for f in RuleExtractor().extract(episode).facts}


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("I have added 25 new postcards to my collection.", [("count", "postcards", "25")]),
        ("I just checked and I am now at 1,300 followers!", [("count", "followers", "1,300")]),
        ("I just finished my fifth issue of the magazine.", [("count", "issues", "5")]),
        ("I just finished my 5th project since starting classes.", [("count", "projects", "5")]),
        ("I have a long list, with 20 titles waiting.", [("count", "titles", "20")]),
        (
            "We now have Twelve chickens and TWO goats.",
            [("count", "chickens", "twelve"), ("count", "goats", "two")],
        ),
        ("It brings my total species count to 32.", [("count", "species", "32")]),
        (
            "Tips for my current project, a Ford F-150 model.",
            [("current", "project", "Ford F-150 model")],
        ),
        ("I scored 8 more postcards for my collection.", []),  # an increment, not a total
        ("I have been married for 3 years.", []),
        ("I got pre-approved for $400,000 from the bank.", []),
        ("How many followers do I have now at 600 followers?", []),  # a question states nothing
    ],
)
def test_counts_and_current_states(sentence, expected):
    assert [(a.predicate, a.thing, a.value) for a in amounts(sentence)] == expected
    assert all(isinstance(a, Amount) for a in amounts(sentence))


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("I need to clean my old sneakers before the trip.", ["old sneakers"]),
        ("Is it compatible with my Canon EOS 80D camera?", ["Canon EOS 80D camera"]),
        ("My blender (a Vitamix E310) is so loud.", ["Vitamix E310"]),  # its model
        ("I have a turntable (Technics SL-1200) at home.", ["Technics SL-1200"]),
        ("I met her at my previous company.", []),
        ("I need to work on my skills and my heart.", []),
        ("I pitched my bakery idea to the bank.", []),  # the thing only modifies
        ("Here are my guitar plans for the summer.", []),
        ("It's a desk job, and my desk job is killing my back.", []),  # a kind of job
        ("Glue tips for my bookshelf project?", []),  # a thing one makes
    ],
)
def test_possessions_are_things_people_own(sentence, expected):
    assert possessions(sentence) == expected


@pytest.mark.parametrize(
    "question, thing",
    [
        ("Is it safe to leave my e-bike charging overnight?", "e-bike"),
        ("Could you suggest a good stand for my turntable?", "turntable"),
        ("What's the best way to get red wine out of our sofa?", "sofa"),
        ("Would a matte screen protector fit my new tablet?", "tablet"),
    ],
)
def test_a_question_takes_the_things_it_calls_the_speakers_as_given(question, thing):
    assert ("Rui", "owns", thing) in facts(question, speaker="Rui")


@pytest.mark.parametrize(
    "question",
    [
        "Should I finally buy a tablet?",  # asked about, not had
        "Can you proofread my cover letter?",  # not a thing one owns
        "Is my dream car too expensive to insure?",  # wished for
    ],
)
def test_a_question_asks_nothing_into_possession(question):
    assert not [f for f in facts(question, speaker="Rui") if f[1] == "owns"]


def test_the_extractor_reads_counts_pets_partners_and_plans_of_the_speaker():
    found = facts(
        "I've added 25 new postcards. We adopted another puppy called Pixie. I'm lucky to have "
        "my husband and kids. I'm planning a trip to Zion National Park.",
        speaker="Audrey",
    )
    assert ("Audrey's postcards", "count", "25") in found
    assert ("Audrey", "has_pet", "Pixie") in found
    assert {("Audrey", "has_partner", "husband"), ("Audrey", "has_child", "kids")} <= found
    assert ("Audrey", "plans", "trip to Zion National Park") in found
    assert ("Audrey", "has_pet", "Max") in facts("That one is Max, my childhood dog.", "Audrey")


def test_a_later_total_closes_the_earlier_one(memory):
    user = "ana"
    memory.add("I just reached 500 followers last week.", user_id=user, at="2023-05-21T10:00Z")
    memory.add("I'm now at 600 followers, a milestone!", user_id=user, at="2023-05-25T10:00Z")
    lines = [
        (f.text, f.invalid_at is None) for f in memory.graph.facts(user) if f.predicate == "count"
    ]
    assert lines == [
        ("number of User's followers: 600", True),
        ("number of User's followers: 500", False),
    ]
    [best] = memory.graph.search("How many followers do I have?", user, limit=1)
    assert best.text == "number of User's followers: 600"


@pytest.mark.parametrize(
    "sentence",
    [
        "I just watched The Three Musketeers again last night.",  # a title, not a count
        "I've read the three books you suggested.",  # things already spoken of
        "I have enough flour for twelve muffins.",  # a purpose
        "I've been running 5 laps every morning.",  # a rate
        "I had 3 coffees a day during exams.",
    ],
)
def test_titles_things_spoken_of_purposes_and_rates_are_no_count(sentence):
    assert amounts(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I've visited that hostel on three occasions and loved it.",  # a repetition
        "I have a banner printed at 1920x1080 pixels.",  # a size
        "I have been looking for a quieter kettle, and this one seems perfect.",  # "one" and a plural
        "I want to draw two charts with 6 bars along the axis.",  # things described
        "I have renewed my current lease last year, which came out cheaper.",
        "I just finished 4 laps of the park.",  # exercise repeated
        "I have completed three sets of burpees and I'm dead.",
        "I'm fine with my current bike, but thanks for the list.",  # a clause, not a state
        "Regarding my current rent, we pay it by transfer.",
        "I'm happy with my current laptop myself, like most people.",
    ],
)
def test_repetitions_sizes_and_clauses_are_no_amount(sentence):
    assert amounts(sentence) == []


def test_a_total_is_still_a_count_beside_those():
    assert [(a.thing, a.value) for a in amounts("I have sold 12 paintings so far.")] == [
        ("paintings", "12")
    ]
    assert [(a.thing, a.value) for a in amounts("I have read the 7 books on my shelf.")] == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I'm saving up for my dream motorbike.",  # wished for, not had
        "Someday my future house will have a porch.",
        "I try to limit my reading time before bed.",  # the thing is another part of the sentence
    ],
)
def test_things_wished_for_or_past_the_phrase_are_not_owned(sentence):
    assert possessions(sentence) == []


def test_a_decimal_or_a_share_is_no_age():
    assert not [f for f in facts("A DNA test says I'm 37.5% Scottish.", "Rosa") if f[1] == "age"]
    assert ("Rosa", "age", "41") in facts("I'm 41, believe it or not.", "Rosa")


@pytest.mark.parametrize(
    ("sentence", "thing", "value"),
    [
        ("I hosted my fifth pottery workshop yesterday.", "workshops", "5"),
        ("I sold my second oil painting at the fair!", "paintings", "2"),
        ("Finally played my 10th chess tournament this weekend.", "tournaments", "10"),
    ],
)
def test_an_ordinal_counts_the_noun_its_phrase_ends_on(sentence, thing, value):
    assert Amount("count", thing, value) in amounts(sentence)


def test_an_ordinal_before_a_time_word_counts_nothing():
    assert amounts("I finished my first day at the new office.") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I have a GTX 1660 graphics card in my old PC.",
        "I'd like a backpack, ideally one with two bottle pockets.",
        "I want a tent with four poles that packs small.",
    ],
)
def test_a_models_number_or_a_thing_described_is_no_count(sentence):
    assert amounts(sentence) == []


def test_my_current_one_is_the_thing_named_before_it_or_nothing():
    said = "I want a new kettle, my current one is leaking badly."
    assert Amount("current", "kettle", "leaking badly") in amounts(said)
    assert amounts("Honestly my current one is fine.") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Any tips for the day I pick up my new kayak?",  # new: still to come
        "Once we buy our first house, the dog gets a garden.",  # a condition
        "I can't wait to get my own car.",
        "If I order my next laptop from them, will it ship fast?",
    ],
)
def test_a_thing_still_to_be_got_is_not_owned_yet(sentence):
    assert possessions(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I have to get my bike fixed before Sunday.", ["bike"]),  # had, and something done to it
        ("Trying to get my new studio apartment set up this week.", ["studio apartment"]),
        ("We finally got our new sofa delivered!", ["sofa"]),
    ],
)
def test_getting_ones_thing_done_keeps_it_owned(sentence, expected):
    assert possessions(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Last spring I acquired a 1967 Ford Mustang.", ["1967 Ford Mustang"]),
        ("We recently purchased a 2021 Kia Niro.", ["2021 Kia Niro"]),
        ("I inherited a 1920 Steinway from my grandmother.", ["1920 Steinway"]),
    ],
)
def test_a_model_acquired_or_inherited_is_owned(sentence, expected):
    assert possessions(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "I bought her a new watch for her birthday.",  # for someone else
        "Yesterday I bought my nephew a skateboard.",
        "I purchased a wedding gift for Joana and Rui.",
        "We got a housewarming present for the neighbours.",
    ],
)
def test_a_thing_bought_for_someone_else_is_not_the_speakers(sentence):
    assert not {f for f in facts(sentence) if f[1] == "owns"}


def test_a_thing_bought_as_gift_wrapping_is_still_owned():
    assert ("User", "owns", "set of gift bags") in facts("I bought a set of gift bags last week.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Joana has an electric scooter, she rides it everywhere.", ("Joana", "electric scooter")),
        ("Rui keeps his kayak at the club.", ("Rui", "kayak")),
        ("Funny, Teresa's got a campervan now.", ("Teresa", "campervan")),
    ],
)
def test_a_named_persons_things_are_theirs(sentence, expected):
    assert (expected[0], "owns", expected[1]) in facts(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Samsung's new tablet looks great.",  # a maker, not an owner
        "I spilled coffee on Dad's laptop.",  # a kin word names no one
        "Porto's shops close early.",  # a place
        "Does Casa Lusa have a dress code?",  # the thing only modifies
    ],
)
def test_no_owner_from_a_maker_a_kin_word_or_a_place(sentence):
    assert not [f for f in facts(sentence) if f[1] == "owns" and f[0] != "User"]


def test_a_thing_handed_down_to_the_speaker_is_theirs():
    assert possessions("I inherited my grandfather's watch last year.") == ["watch"]
