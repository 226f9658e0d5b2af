"""The timeline a conversation draws, told over several messages into a real store with both
offline extractors: a job change closes the old job (and a dated start is the new job from its
date), a move said as a plan waits for the message that says it happened, a plan closes when it
happens, a sister called "my sister" in one language and "a minha irmã" in the other is one
person whose move closes her old city, and the partner's names merge, never supersede."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.extract.parsed import plan_date
from lembrar.graph.extract.spacy_names import spacy_available
from lembrar.graph.resolve import kin_word, resolve_entity, timeline
from lembrar.model.graph import Entity, ExtractedEntity, Fact
from lembrar.temporal import parse_time

T0 = datetime(2024, 3, 4, 10, tzinfo=UTC)  # a Monday
NAMES = [
    "rules",
    pytest.param(
        "spacy", marks=pytest.mark.skipif(not spacy_available(), reason="needs the [graph] extra")
    ),
]


@pytest.fixture(params=NAMES)
def memory(request: pytest.FixtureRequest) -> Iterator[Memory]:
    config = GraphConfig(names=request.param)
    with Memory(":memory:", embedder=HashingEmbedder(), graph=config) as mem:
        yield mem


def tell(memory: Memory, texts: Sequence[str], first: int = 0) -> None:
    """Each text a message of Rosa's, 20 days apart; ``first``: how many she sent before."""
    for n, text in enumerate(texts, first):
        at = T0 + timedelta(days=20 * n)
        memory.add({"role": "user", "content": text, "name": "Rosa"}, user_id="u", at=at)


def held(memory: Memory) -> dict[str, list[tuple[str, bool]]]:
    """Each fact's text -> (its start, whether it still holds), facts of a plan read by key."""
    out: dict[str, list[tuple[str, bool]]] = {}
    for fact in memory.graph.facts("u"):
        if not fact.negated:
            out.setdefault(fact.text, []).append(
                (fact.valid_at.date().isoformat(), fact.invalid_at is None)
            )
    return out


def holds(memory: Memory, text: str) -> bool:
    return any(current for _, current in held(memory).get(text, []))


def closed(memory: Memory, text: str) -> bool:
    return bool(held(memory).get(text)) and not holds(memory, text)


# -- a job change ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "change",
    [
        "I've left Cyberdyne; I'm starting at Tyrell on Monday.",
        "Resigned from Cyberdyne today, and I start at Tyrell next week.",
        "Deixei a Cyberdyne e começo na Tyrell na próxima semana.",
    ],
)
def test_leaving_a_company_closes_the_job_and_a_dated_start_is_the_new_job_from_its_date(
    memory: Memory, change: str
):
    tell(memory, ["I work at Cyberdyne as a welder.", change])
    said = T0 + timedelta(days=20)
    assert closed(memory, "Rosa works at Cyberdyne")
    [(start, current)] = held(memory)["Rosa works at Tyrell"]
    assert (
        current and said.date().isoformat() < start <= (said + timedelta(days=8)).date().isoformat()
    )
    plans = [t for t in held(memory) if t.startswith("Rosa plans start at Tyrell")]
    assert plans and all(not c for t in plans for _, c in held(memory)[t])  # it happened


@pytest.mark.parametrize(
    "confirm",
    ["My first week at Tyrell went fine.", "Comecei a trabalhar na Tyrell e estou contente."],
)
def test_an_undated_start_is_a_plan_until_a_message_says_it_happened(memory: Memory, confirm):
    tell(memory, ["I'm starting at Tyrell soon, so excited."])
    assert not held(memory).get("Rosa works at Tyrell")
    assert [t for t in held(memory) if t.startswith("Rosa plans start at Tyrell")]
    tell(memory, [confirm], first=1)
    assert holds(memory, "Rosa works at Tyrell")


# -- a move in several messages --------------------------------------------------------------
@pytest.mark.parametrize(
    "plan, done",
    [
        ("We're relocating to Faro!", "We finally got the keys to our flat in Faro, home at last."),
        ("We're moving to Faro, the van is booked.", "First night living in Faro, so quiet."),
        ("Vamos mudar-nos para Faro!", "Já moramos em Faro, a casa é linda."),
    ],
)
def test_a_move_is_a_plan_until_it_happens_and_then_closes_the_old_city(
    memory: Memory, plan: str, done: str
):
    tell(memory, ["I live in Braga with my cat.", plan])
    assert holds(memory, "Rosa lives in Braga") and not held(memory).get("Rosa lives in Faro")
    tell(memory, [done], first=2)
    assert holds(memory, "Rosa lives in Faro") and closed(memory, "Rosa lives in Braga")
    plans = [t for t in held(memory) if t.startswith("Rosa plans move to Faro")]
    assert plans and all(not c for t in plans for _, c in held(memory)[t])
    tell(memory, ["I work at Tyrell now."], first=3)  # a later fact of hers reopens no plan
    assert plans and all(not c for t in plans for _, c in held(memory)[t])


@pytest.mark.parametrize(
    "trap",
    [
        "If we ever moved to Rome I'd learn Italian.",
        "Maybe we could live in Rome one day?",
        "Se nos mudássemos para Roma, aprendia italiano.",
        "Does your brother still live in Rome?",
    ],
)
def test_a_hypothetical_or_a_question_moves_no_one(memory: Memory, trap: str):
    tell(memory, ["I live in Braga.", trap])
    assert holds(memory, "Rosa lives in Braga")
    assert not [t for t in held(memory) if "Rome" in t or "Roma" in t]


# -- the sister, in two languages ------------------------------------------------------------
@pytest.mark.parametrize(
    "first, moved",
    [
        ("My sister Rita lives in Ghent.", "A minha irmã mudou-se para Viena."),
        ("A minha irmã Rita mora em Ghent.", "My sister moved to Vienna last week."),
        ("Rita, my sister, is a nurse and lives in Ghent.", "My sister has settled in Vienna now."),
        ("My sister Rita is a vet based in Ghent.", "Rita has moved to Vienna."),
        ("A minha irmã Rita é veterinária em Ghent.", "A minha irmã foi viver para Viena."),
    ],
)
def test_my_sister_and_a_minha_irma_are_one_person_whose_move_closes_her_old_city(
    memory: Memory, first: str, moved: str
):
    tell(memory, [first, moved])
    facts = held(memory)
    assert closed(memory, "Rita lives in Ghent")
    assert any(t.startswith("Rita lives in Vi") and facts[t][0][1] for t in facts)
    assert not any(t.startswith(("my sister", "a minha")) for t in facts)


# -- the partner -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "story",
    [
        ["Tiago, my boyfriend, loves hiking.", "Tiago and I got married!", "My husband cooks."],
        ["O meu namorado Tiago faz anos hoje.", "My husband is on a work trip."],
        ["My partner Tiago is a chef.", "O meu marido está doente."],
    ],
)
def test_the_partner_under_other_names_is_one_person_never_superseded(memory, story):
    tell(memory, story)
    partners = [f for f in memory.graph.facts("u") if f.predicate == "has_partner"]
    assert partners and all(f.invalid_at is None for f in partners)
    assert {f.text for f in partners} == {"Rosa has a partner: Tiago"}


# -- the pure rules ----------------------------------------------------------------------------
def test_kin_words_name_a_relation_in_either_language():
    assert kin_word("a minha irmã") == kin_word("my sister") == kin_word("irmã") == "sister"
    assert kin_word("o meu marido") == kin_word("my girlfriend") == "partner"
    assert kin_word("Rita") is None and kin_word("my colleague") is None
    assert kin_word("a minha mana") == kin_word("my sis") == "sister"  # the familiar words
    assert kin_word("o meu mano") == kin_word("my bro") == "brother"
    assert kin_word("a minha mãezinha") == kin_word("my mummy") == "mother"


def _person(name: str, *aliases: str) -> Entity:
    return Entity(name.lower(), "u", name, "person", T0, aliases=aliases)


def test_my_sister_resolves_to_the_one_sister_known_by_a_word_of_another_language():
    rita = _person("Rita", "a minha irmã")
    found = resolve_entity(ExtractedEntity("sister", "person", ("my sister",)), None, [rita])
    assert found is rita
    two = [rita, _person("Ana", "irmã")]
    assert resolve_entity(ExtractedEntity("my sister", "person"), None, two) is None


def _fact(ident: str, predicate: str, obj: str, day: int) -> Fact:
    at = T0 + timedelta(days=day)
    return Fact(ident, "u", "rosa", predicate, obj, ident, at, at)


def test_a_plan_closes_when_a_later_fact_names_its_object_and_reopens_without_it():
    names = {"p1": "move to Faro (2024-06-01)", "faro": "Faro", "braga": "Braga"}
    plan = _fact("plan", "plans", "p1", 0)
    early = _fact("early", "lives_in", "faro", -30)  # before the plan: not its happening
    moved = _fact("moved", "lives_in", "faro", 40)
    [changed] = timeline([plan, early, moved], T0, names)
    assert changed.id == "plan" and changed.invalid_at == moved.valid_at
    other = timeline([plan, early, _fact("b", "lives_in", "braga", 40)], T0, names)
    assert all(f.id != "plan" for f in other)  # Braga is not what it planned
    reopened = timeline([changed], T0, names)
    assert reopened and reopened[0].invalid_at is None


@pytest.mark.parametrize(
    "phrase, day",
    [("on Monday", "2024-03-11"), ("next week", "2024-03-11"), ("today", "2024-03-04")],
)
def test_a_plan_is_dated_ahead(phrase: str, day: str):
    said = T0 + timedelta(days=1)  # a Tuesday
    date = plan_date(parse_time(phrase, said, "UTC"), said)
    assert date is not None and date.date().isoformat() == (
        day if phrase != "today" else "2024-03-05"
    )


def test_a_dated_start_is_not_current_before_its_date_and_the_facts_section_says_when(
    memory: Memory,
):
    from lembrar.graph.sections import facts_section

    tell(memory, ["I work at Cyberdyne as a welder.", "I'm starting at Tyrell next week."])
    said = T0 + timedelta(days=20)
    [new_job] = [f for f in memory.graph.facts("u") if f.text == "Rosa works at Tyrell"]
    assert new_job.valid_at > said
    before = new_job.valid_at - timedelta(hours=1)
    assert not new_job.current(before)
    assert new_job.current(new_job.valid_at) and new_job.current()  # the clock is past 2024
    names = {e.id: e.name for e in memory.graph.entities("u")}
    section = facts_section([new_job], names, 200, now=before)
    assert section.lines == (
        f"- [from {new_job.valid_at.date().isoformat()}] Rosa works at Tyrell",
    )
    assert section.items[0]["current"] is False
    later = facts_section([new_job], names, 200, now=new_job.valid_at + timedelta(days=1))
    assert later.lines[0].endswith(f"(since {new_job.valid_at.date().isoformat()})")
    assert later.items[0]["current"] is True
    future = replace(new_job, valid_at=datetime.now(UTC) + timedelta(days=3))
    assert not future.current()
