"""Reading spaCy tokens: the words that name a token's thing, its prepositions and objects,
whether it names a kind of thing or one at hand, whether a noun names a profession or an
employer; and ``Reading``, what a clause says."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lembrar.graph.extract.names import LEADING, fold
from lembrar.graph.extract.patterns import PET_WORDS, ROLES
from lembrar.graph.extract.spacy_names import LABELS

if TYPE_CHECKING:
    from spacy.tokens import Token

DATES = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"})
NAMED = {label: kind for label, kind in LABELS.items() if kind != "thing"}
"""spaCy's entity labels of the people, places and organizations a fact can be about."""
SPECIFIC = frozenset("the this that these those your his her their its my our all".split())
QUANTIFIERS = frozenset("most many some all any several few more less other".split())
NOT_OBJECTS = frozenset("it that this them you him her one ones thing things stuff lot".split())


def children(head: Any, *deps: str) -> list[Any]:
    return [k for k in head.children if k.dep_ in deps]


def object_of(head: Any, *words: str) -> Any:
    """The object of ``head``'s preposition among ``words`` ("out of" counts as "out")."""
    for prep in children(head, "prep", "agent", "dative"):
        if prep.lower_ in words:
            objects = children(prep, "pobj") or [
                o for p in children(prep, "prep") for o in children(p, "pobj")
            ]
            if objects:
                return objects[0]
    return None


def dobj(head: Any) -> Any:
    found = children(head, "dobj", "attr", "oprd")
    return found[0] if found else None


def ent_of(token: Any) -> Any:
    for ent in token.doc.ents:
        if ent.start <= token.i < ent.end:
            return ent
    return None


def label(token: Any) -> str | None:
    ent = ent_of(token)
    return None if ent is None else NAMED.get(ent.label_)


def phrase(token: Token | None) -> str:
    """The words that name ``token``'s thing: its named entity, or the noun with its compounds
    and describing adjectives ("horror movies", "data engineer"), without articles."""
    if token is None or token.pos_ in ("PRON", "DET"):
        return ""
    ent = ent_of(token)
    if ent is not None and ent.label_ not in DATES:
        return LEADING.sub("", ent.text.strip(" .,'\"’")).strip()
    if token.pos_ == "NUM":
        return ""
    left = token.i
    for kid in reversed(list(token.lefts)):
        if kid.i == left - 2 and token.doc[left - 1].text == "-":  # "sci-fi movies"
            left = kid.i
            continue
        if kid.i != left - 1 or kid.dep_ not in ("compound", "amod", "nmod"):
            break
        if kid.lower_ in BARE or kid.lower_ in QUANTIFIERS:
            break
        left = kid.i
    return token.doc[left : token.i + 1].text.strip(" .,'\"’")


BARE = frozenset("new old own first favourite favorite little big great nice good whole".split())
"""Words a thing's name leaves out ("my new apartment" is an apartment)."""


def general(token: Any) -> bool:
    """A taste names a kind of thing, not the things at hand ("the yellow leaves")."""
    return not any(k.lower_ in SPECIFIC for k in token.children if k.dep_ in ("det", "poss"))


def with_conjuncts(token: Any) -> list[Any]:
    return [] if token is None else [token, *token.conjuncts]


def noun_phrase(token: Any) -> str:
    """The noun with where it goes: "trip to Japan"."""
    extra = [
        f"{prep.text} {phrase(obj)}"
        for prep in children(token, "prep")
        if prep.lower_ in ("to", "for")
        for obj in children(prep, "pobj")[:1]
        if label(obj) in ("place", "organization")
    ]
    return " ".join([phrase(token), *extra[:1]])


def owned_by_speaker(token: Any) -> bool:
    return any(k.dep_ == "poss" and k.lower_ in ("my", "our") for k in token.children)


def clause_of(token: Any) -> Any:
    head = token.head
    while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
        head = head.head
    return head


def is_role(token: Any) -> bool:
    """A word for a profession: a known one, or one made with "-ist", "-ian", "-eer" or
    "-ologist" ("dentist", "librarian", "engineer"); "-er" alone makes "sucker" a job."""
    word = fold(token.lemma_)
    return word in ROLES or (token.pos_ == "NOUN" and word.endswith(ROLE_ENDINGS) and len(word) > 5)


ROLE_ENDINGS = ("ist", "ian", "eer", "ologist", "grapher", "smith", "wright")


PETS_SET = frozenset(PET_WORDS) | {"puppies"}
JOBS = frozenset("job position internship post role gig contract".split())
HOMES = frozenset("apartment flat house home place".split())


@dataclass(frozen=True)
class Reading:
    """What a clause says: ``predicate`` of ``text``; ``ending`` closes it; ``of_speaker``: its
    subject is the speaker whatever the clause's subject ("our beagle is called Biscuit")."""

    predicate: str
    text: str
    ending: bool = False
    type: str | None = None
    aliases: tuple[str, ...] = ()
    of_speaker: bool = False


def employer(token: Any) -> Iterator[Reading]:
    """ "at X", "for X", "in X" (an organization): not "with Ana", a colleague."""
    org = object_of(token, "at")
    if org is None:
        org = object_of(token, "for")
        org = org if org is not None and label(org) != "person" else None
    if org is None:
        org = object_of(token, "with", "in")
        org = org if org is not None and label(org) == "organization" else None
    if org is not None and org.pos_ == "PROPN":
        yield Reading("works_at", phrase(org), type="organization")
