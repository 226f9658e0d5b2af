"""Facts said by a noun phrase rather than a verb: "our new flat in Porto", "my new job at
Feedzai", "our beagle is called Biscuit"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from lembrar.graph.extract.names import fold
from lembrar.graph.extract.scope import KIN_PREDICATE
from lembrar.graph.extract.tokens import (
    HOMES,
    JOBS,
    PETS_SET,
    Reading,
    children,
    clause_of,
    dobj,
    employer,
    label,
    object_of,
    owned_by_speaker,
    phrase,
)

if TYPE_CHECKING:
    from spacy.tokens import Token


def home_country(head: Any) -> Iterator[Reading]:
    """ "My home country is Sweden", "my hometown is Braga" """
    subject = next(iter(children(head, "nsubj")), None)
    place = dobj(head)
    if subject is not None and place is not None and _hometown(subject):
        yield Reading("from", phrase(place), type="place", of_speaker=True)


def _hometown(token: Any) -> bool:
    words = {fold(t.text) for t in token.subtree if t.i <= token.i}
    return bool({"my", "our"} & words) and ("hometown" in words or {"home", "country"} <= words)


def called(head: Any) -> Iterator[Reading]:
    """ "Our beagle is called Biscuit", "my sister is named Ana", "we named our beagle
    Biscuit" """
    subject = next(iter(children(head, "nsubjpass")), None)
    name = next(iter(children(head, "oprd", "attr")), None)
    if subject is None:  # active: the parse hangs "our beagle" on the name
        name = next(iter(children(head, "dobj")), None)
        subject = None if name is None else next(iter(children(name, "compound")), None)
        owned = name is not None and owned_by_speaker(name)
    else:
        owned = owned_by_speaker(subject)
    if subject is None or name is None or name.pos_ != "PROPN" or not owned:
        return
    kind, text = subject.lemma_.lower(), _proper(name)
    if kind in PETS_SET:
        yield Reading("has_pet", text, type="animal", aliases=(f"my {kind}",), of_speaker=True)
    elif kind in KIN_PREDICATE:
        yield Reading(
            KIN_PREDICATE[kind], text, type="person", aliases=(f"my {kind}",), of_speaker=True
        )


def _proper(token: Token) -> str:
    """The proper nouns that end at ``token``: "Biscuit" of "our beagle Biscuit"."""
    left = token.i
    while left > token.sent.start and token.doc[left - 1].pos_ == "PROPN":
        left -= 1
    return token.doc[left : token.i + 1].text


def _homes(head: Any) -> list[Reading]:
    """ "our new apartment in Porto": the speaker lives there."""
    found = []
    for token in head.subtree:
        if token.lemma_.lower() not in HOMES or not owned_by_speaker(token):
            continue
        if clause_of(token).i != head.i:
            continue
        place = object_of(token, "in")
        if place is not None and label(place) == "place":
            found.append(Reading("lives_in", phrase(place), type="place", of_speaker=True))
    return found


def _my_job(head: Any) -> list[Reading]:
    """ "Loving my new job at Feedzai": the speaker works there (not after "left", "quit")."""
    if head.lemma_.lower() in ("leave", "quit", "lose", "hate"):
        return []
    found = []
    for token in head.subtree:
        if token.lemma_.lower() not in JOBS or not owned_by_speaker(token):
            continue
        if clause_of(token).i != head.i or {k.lower_ for k in token.lefts} & PAST_JOBS:
            continue
        where = list(employer(token)) or (list(employer(head)) if token.dep_ == "dobj" else [])
        found += [Reading("works_at", r.text, type="organization", of_speaker=True) for r in where]
    return found


PAST_JOBS = frozenset("old previous former last first".split())


def noun_readings(head: Any) -> list[Reading]:
    """What the noun phrases of the clause headed by ``head`` say of the speaker."""
    return _homes(head) + _my_job(head)
