"""Resolution as pure functions: entity dedup, fact dedup, and the timeline that closes facts."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import numpy as np

from lembrar.graph.resolve import (
    absorb,
    fact_text,
    merge,
    ordered_for_reading,
    repeats,
    resolve_entity,
    timeline,
)
from lembrar.model.graph import Entity, ExtractedEntity, Fact, FactSource

T0 = datetime(2023, 1, 1, tzinfo=UTC)
NOW = datetime(2024, 6, 1, tzinfo=UTC)
_ids = itertools.count()


def entity(name, type_="person", aliases=(), vector=None):
    return Entity(
        f"e{next(_ids)}",
        "u",
        name,
        type_,
        T0,
        aliases=aliases,
        embedding=np.zeros(0, np.float32) if vector is None else vector,
    )


def fact(predicate, obj, days, subject="user", negated=False):
    start = T0 + timedelta(days=days)
    return Fact(
        f"f{next(_ids)}",
        "u",
        subject,
        predicate,
        obj,
        f"{predicate} {obj}",
        T0 + timedelta(days=days),
        start,
        sources=(FactSource(f"ep{days}", "", start),),
        negated=negated,
    )


def unit(*values):
    v = np.array(values, np.float32)
    return v / np.linalg.norm(v)


def test_ana_my_sister_ana_and_ana_souza_are_one_person():
    ana = entity("Ana Souza", aliases=("my sister",))
    assert resolve_entity(ExtractedEntity("Ana", "person"), None, [ana]) is ana
    assert resolve_entity(ExtractedEntity("my sister", "person"), None, [ana]) is ana
    assert resolve_entity(ExtractedEntity("ana souza", "person"), None, [ana]) is ana


def test_a_first_name_shared_by_two_people_stays_apart():
    known = [entity("Ana Souza"), entity("Ana Lima")]
    assert resolve_entity(ExtractedEntity("Ana", "person"), None, known) is None


def test_names_of_incompatible_types_stay_apart_and_vectors_join_close_names():
    porto_city = entity("Porto", "place", vector=unit(1, 0, 0))
    assert resolve_entity(ExtractedEntity("Porto", "organization"), None, [porto_city]) is None
    near = resolve_entity(
        ExtractedEntity("Oporto", "place"), unit(1, 0.1, 0), [porto_city], threshold=0.9
    )
    far = resolve_entity(
        ExtractedEntity("Braga", "place"), unit(0, 1, 0), [porto_city], threshold=0.9
    )
    assert near is porto_city and far is None


def test_the_user_node_resolves_by_type():
    me = entity("User", "user")
    assert resolve_entity(ExtractedEntity("Maria", "user"), None, [entity("Maria"), me]) is me


def test_a_word_is_no_short_form_of_a_user_without_a_name():
    me = entity("User", "user")
    assert resolve_entity(ExtractedEntity("Users", "person"), None, [me]) is None
    assert resolve_entity(ExtractedEntity("Use", "thing"), None, [me]) is None
    melanie = entity("Melanie", "user")  # a user with a name keeps her short form
    assert resolve_entity(ExtractedEntity("Mel", "person"), None, [melanie]) is melanie


def test_a_user_without_a_name_takes_only_a_name_said_for_the_user():
    from lembrar.graph.resolve import absorb

    me = entity("User", "user")
    assert absorb(me, ExtractedEntity("Use", "person"), "ep1").name == "User"
    assert absorb(me, ExtractedEntity("Maria", "user"), "ep1").name == "Maria"


def _windows(facts):
    return sorted((f.object_id, f.valid_at, f.invalid_at) for f in facts)


def apply(facts):
    changed = {f.id: f for f in timeline(facts, NOW)}
    return [changed.get(f.id, f) for f in facts]


def test_a_new_value_closes_the_current_one_and_history_is_kept():
    lisbon, porto = fact("lives_in", "lisbon", 0), fact("lives_in", "porto", 200)
    after = apply([lisbon, porto])
    closed = next(f for f in after if f.object_id == "lisbon")
    assert closed.invalid_at == porto.valid_at and closed.expired_at == NOW
    assert next(f for f in after if f.object_id == "porto").invalid_at is None


def test_every_arrival_order_gives_the_same_timeline():
    facts = [
        fact("lives_in", "lisbon", 0),
        fact("lives_in", "porto", 200),
        fact("lives_in", "braga", 400),
        fact("likes", "jazz", 10),
        fact("likes", "jazz", 300, negated=True),
    ]
    expected = _windows(apply(facts))
    for order in itertools.permutations(facts):
        assert _windows(apply(list(order))) == expected


def test_values_of_many_valued_predicates_coexist_until_an_ending():
    jazz, rock, stop = (
        fact("likes", "jazz", 0),
        fact("likes", "rock", 10),
        fact("likes", "jazz", 50, negated=True),
    )
    after = {f.id: f for f in apply([jazz, rock, stop])}
    assert after[jazz.id].invalid_at == stop.valid_at and after[rock.id].invalid_at is None
    assert after[stop.id].invalid_at is None and not after[stop.id].current()


def test_a_fact_nothing_ends_any_more_reopens():
    lisbon = fact("lives_in", "lisbon", 0)
    closed = apply([lisbon, fact("lives_in", "porto", 200)])[0]
    reopened = apply([closed])[0]
    assert reopened.invalid_at is None and reopened.expired_at is None


def test_a_repeated_statement_merges_unless_another_value_came_between():
    first, again = fact("lives_in", "lisbon", 0), fact("lives_in", "lisbon", 30)
    assert repeats(again, [first]) is first
    merged = merge(first, again)
    assert merged.episodes == ("ep0", "ep30") and merged.valid_at == first.valid_at
    porto = fact("lives_in", "porto", 10)
    assert repeats(again, [first, porto]) is None


def test_reading_order_is_current_first_then_superseded():
    after = apply(
        [fact("lives_in", "lisbon", 0), fact("lives_in", "porto", 200), fact("likes", "jazz", 100)]
    )
    assert [f.object_id for f in ordered_for_reading(after)] == ["porto", "jazz", "lisbon"]


def test_fact_sentences_read_as_english():
    assert fact_text("Ana", "lives_in", "Porto") == "Ana lives in Porto"
    assert fact_text("Ana", "lives_in", "Porto", negated=True) == "Ana no longer lives in Porto"
    assert fact_text("Ana", "age", "34") == "Ana is 34 years old"
    assert fact_text("Ana", "has_pet", "Max") == "Ana has a pet: Max"


def test_a_name_of_only_marks_or_spaces_resolves_to_no_one():
    known = [entity("Ana Souza")]
    for name in ("\u0301", " ", "\u0301 \u0301"):
        assert resolve_entity(ExtractedEntity(name, "person"), None, known) is None


def test_a_short_form_is_the_one_person_whose_first_name_it_starts():
    melanie = entity("Melanie")
    assert resolve_entity(ExtractedEntity("Mel", "thing"), None, [melanie]) is melanie
    mel = entity("Mel")
    assert resolve_entity(ExtractedEntity("Melanie", "person"), None, [mel]) is mel
    assert absorb(mel, ExtractedEntity("Melanie", "person"), "ep").name == "Melanie"


def test_a_short_form_of_two_people_or_of_two_letters_is_no_one():
    both = [entity("Melanie"), entity("Melissa")]
    assert resolve_entity(ExtractedEntity("Mel", "person"), None, both) is None
    assert resolve_entity(ExtractedEntity("Jo", "person"), None, [entity("Joana")]) is None
    assert resolve_entity(ExtractedEntity("Pottery", "thing"), None, [entity("Pot")]) is None


def test_my_partner_is_the_one_person_called_my_husband():
    miguel = entity("Miguel", aliases=("my husband",))
    found = resolve_entity(ExtractedEntity("partner", "person", ("my partner",)), None, [miguel])
    assert found is miguel
    two = [miguel, entity("Rui", aliases=("my boyfriend",))]
    assert resolve_entity(ExtractedEntity("my partner", "person"), None, two) is None
    assert resolve_entity(ExtractedEntity("my sister", "person"), None, [miguel]) is None


def test_an_unnamed_partner_takes_the_name_when_it_is_told():
    husband = entity("husband", aliases=("my husband",))
    named = absorb(husband, ExtractedEntity("Miguel", "person", ("my husband",)), "ep")
    assert named.name == "Miguel" and "husband" in named.aliases


def test_a_short_name_heard_before_the_full_one_is_the_same_person():
    mel = entity("Mel", "thing")
    assert resolve_entity(ExtractedEntity("Melanie", "person"), None, [mel]) is mel
    merged = absorb(mel, ExtractedEntity("Melanie", "person"), "ep")
    assert (merged.name, merged.type) == ("Melanie", "person")
    assert resolve_entity(ExtractedEntity("Melody", "thing"), None, [mel]) is None
