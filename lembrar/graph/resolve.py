"""Resolution as pure functions: which stored entity a new name is, which stored fact a new
statement repeats, and the timeline that closes facts superseded by later ones.

The timeline is a function of the facts alone (not of the order they arrived in), so an older
episode ingested late yields the same ``valid_at`` / ``invalid_at`` as in-order ingestion.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np

from lembrar.graph.extract.names import fold
from lembrar.model.graph import Entity, ExtractedEntity, Fact
from lembrar.model.predicates import PREDICATES

GENERIC_TYPES = frozenset({"thing", "activity"})
PERSONS = frozenset({"person", "user"})
PARTNER_WORDS = frozenset(
    "wife husband partner boyfriend girlfriend fiancee fiance spouse mulher marido esposa"
    " namorada namorado noiva noivo companheiro companheira".split()
)
"""One person goes by all of these over time: "my boyfriend" becomes "my husband"."""
KIN_WORDS = {
    **dict.fromkeys(PARTNER_WORDS, "partner"),
    **dict.fromkeys("sister sis irma irmazinha mana maninha".split(), "sister"),
    **dict.fromkeys("brother bro irmao irmaozinho mano maninho".split(), "brother"),
    **dict.fromkeys("mother mom mum mommy mummy mae mamae mama maezinha".split(), "mother"),
    **dict.fromkeys("father dad daddy pai papai papa paizinho".split(), "father"),
    **dict.fromkeys("daughter filha filhinha".split(), "daughter"),
    **dict.fromkeys("son filho filhinho".split(), "son"),
}
"""Words for one's kin (folded), in English and Portuguese, each to the relation it names:
"a minha irmã" and "my sister" are the same person when the speaker has one sister."""
KIN_LEAD = ("a minha ", "o meu ", "my ", "our ", "minha ", "meu ", "a nossa ", "o nosso ")
NICKNAME_MIN = 3
"""A short form names a person when it starts their first name and has at least this many
letters ("Mel" is Melanie; "Jo" is no one in particular)."""


def kin_word(name: str) -> str | None:
    """The relation a word for one's kin names ("my husband", "o meu marido", "partner" ->
    "partner"; "a minha irmã" -> "sister"), or None for a name."""
    folded = fold(name)
    for lead in KIN_LEAD:
        if folded.startswith(lead):
            folded = folded[len(lead) :]
            break
    return KIN_WORDS.get(folded)


def compatible(a: str, b: str) -> bool:
    """Whether two entity types may name the same entity."""
    return a == b or a in GENERIC_TYPES or b in GENERIC_TYPES or {a, b} <= PERSONS


def resolve_entity(
    new: ExtractedEntity,
    vector: np.ndarray | None,
    known: Sequence[Entity],
    threshold: float = 0.92,
) -> Entity | None:
    """The stored entity ``new`` names, or None when it is a new one.

    Evidence, strongest first: the user's own node; the same folded name or alias; a person's
    first name or full name when exactly one stored person fits; a short form of exactly one
    person's first name ("Mel", and the reverse); a word for one's kin ("my husband", "a minha
    irmã") when exactly one stored person goes by a word for the same relation ("my partner",
    "my sister"), in either language; a name vector at least ``threshold`` cosine
    from a stored one of a compatible type.
    """
    return EntityIndex(known).find(new, vector, threshold)


class EntityIndex:
    """``resolve_entity`` over many entities: names, first names and vectors indexed."""

    def __init__(self, entities: Iterable[Entity] = ()) -> None:
        self.by_id: dict[str, Entity] = {}
        self._names: dict[str, list[str]] = defaultdict(list)
        self._first: dict[str, list[str]] = defaultdict(list)
        self._stems: dict[str, list[str]] = defaultdict(list)  # first 3 letters of a first name
        self._kin: dict[str, list[str]] = defaultdict(list)  # relation -> people called so
        self._rows: list[str] = []
        self._matrix = np.zeros((0, 0), np.float32)
        for entity in entities:
            self.put(entity)

    def put(self, entity: Entity) -> None:
        """Add or replace ``entity`` (its new names are indexed; a vector is indexed once)."""
        fresh = entity.id not in self.by_id
        self.by_id[entity.id] = entity
        for name in entity.names:
            folded = fold(name)
            if entity.id not in self._names[folded]:
                self._names[folded].append(entity.id)
            if (
                entity.type == "person"
                and folded
                and entity.id not in self._first[folded.split()[0]]
            ):
                self._first[folded.split()[0]].append(entity.id)
            stem = folded.split()[0][:NICKNAME_MIN] if folded else ""
            if len(stem) == NICKNAME_MIN and _may_be_called(entity, folded):
                if entity.id not in self._stems[stem]:
                    self._stems[stem].append(entity.id)
            relation = kin_word(name) if entity.type in PERSONS else None
            if relation and entity.id not in self._kin[relation]:
                self._kin[relation].append(entity.id)
        if fresh and entity.embedding.size and entity.type != "user":
            self._append(entity.id, entity.embedding)

    def _append(self, ident: str, vector: np.ndarray) -> None:
        if not self._matrix.size:
            self._matrix = np.zeros((64, vector.size), np.float32)
        elif vector.size != self._matrix.shape[1]:
            return
        if len(self._rows) == self._matrix.shape[0]:
            self._matrix = np.concatenate([self._matrix, np.zeros_like(self._matrix)])
        self._matrix[len(self._rows)] = vector
        self._rows.append(ident)

    def find(
        self, new: ExtractedEntity, vector: np.ndarray | None, threshold: float
    ) -> Entity | None:
        if new.type == "user":
            return next((e for e in self.by_id.values() if e.type == "user"), None)
        exact = [
            self.by_id[i]
            for n in (new.name, *new.aliases)
            for i in self._names.get(fold(n), ())
            if compatible(self.by_id[i].type, new.type) or _mistyped(self.by_id[i], new)
        ]
        if exact:
            return _named_first(list(dict.fromkeys(exact)), fold(new.name))
        if new.type in PERSONS:
            person = self._same_person(fold(new.name))
            if person is not None:
                return person
        if new.type in PERSONS | GENERIC_TYPES:
            person = self._short_form(fold(new.name), new.type in PERSONS) or self._kin_of(new)
            if person is not None:
                return person
        if (
            vector is None
            or not vector.size
            or not self._rows
            or vector.size != self._matrix.shape[1]
        ):
            return None
        scores = self._matrix[: len(self._rows)] @ vector
        for row in np.argsort(-scores)[:5]:
            if scores[row] < threshold:
                break
            entity = self.by_id[self._rows[row]]
            if compatible(entity.type, new.type) and entity.type != "user":
                return entity
        return None

    def _same_person(self, name: str) -> Entity | None:
        """'Ana' is 'Ana Souza' (and the reverse) when exactly one stored person shares the first name."""
        words = name.split()
        if not words:  # a name of nothing but marks or spaces names no one
            return None
        first = words[0]
        fits = [
            self.by_id[i]
            for i in dict.fromkeys(self._first.get(first, ()))
            if any(
                fold(n) == first or name == first
                for n in self.by_id[i].names
                if fold(n).split()[:1] == [first]
            )
        ]
        return fits[0] if len(fits) == 1 else None

    def _short_form(self, name: str, longer: bool) -> Entity | None:
        """'Mel' is 'Melanie' when exactly one stored person fits; ``longer``: a person's name
        may also be the longer form of a stored short one."""
        if len(name) < NICKNAME_MIN or " " in name or not name.isalpha():
            return None
        fits = [
            self.by_id[i]
            for i in self._stems.get(name[:NICKNAME_MIN], ())
            if (self.by_id[i].type in PERSONS or longer)
            and self.by_id[i].name != "User"  # "Use" is no short form of a user without a name
            and any(_short_of(name, fold(n), longer) for n in self.by_id[i].names)
        ]
        return fits[0] if len(fits) == 1 else None

    def _kin_of(self, new: ExtractedEntity) -> Entity | None:
        """'my partner' is the one stored person called 'my husband'; 'my sister' the one
        called 'a minha irmã' (a word for the same relation)."""
        relations = {kin_word(n) for n in (new.name, *new.aliases)} - {None}
        if len(relations) != 1:
            return None
        fits = self._kin[relations.pop() or ""]
        return self.by_id[fits[0]] if len(fits) == 1 else None


def _may_be_called(entity: Entity, folded: str) -> bool:
    """A person, or a capitalized one-word thing that may be a person's short name ("Hey Mel!"
    before Melanie is known), is indexed by the first letters of its first name."""
    if entity.type in PERSONS:
        return True
    return entity.type in GENERIC_TYPES and " " not in folded and entity.name[:1].isupper()


def _short_of(name: str, other: str, longer: bool) -> bool:
    first = other.split()[0] if other else ""
    fits = first.startswith(name) or (longer and name.startswith(first))
    return fits and first != name and min(len(first), len(name)) >= NICKNAME_MIN


def _mistyped(known: Entity, new: ExtractedEntity) -> bool:
    """A name finder's slip: a stored person's one-word name typed as a place or an
    organization in one message ("Melanie" read as an organization) is still that person."""
    return known.type in PERSONS and new.type in ("place", "organization") and " " not in new.name


def _named_first(found: Sequence[Entity], name: str) -> Entity:
    return next((e for e in found if fold(e.name) == name), found[0])


def absorb(entity: Entity, new: ExtractedEntity, episode_id: str) -> Entity:
    """``entity`` having also been called ``new`` in ``episode_id``: aliases, type, episodes."""
    aliases = tuple(
        dict.fromkeys(
            a for a in (*entity.aliases, new.name, *new.aliases) if fold(a) != fold(entity.name)
        )
    )
    name, type_ = entity.name, entity.type
    if type_ in GENERIC_TYPES and new.type not in GENERIC_TYPES:
        type_ = new.type
    if (
        type_ == "person"
        and new.type in PERSONS
        and len(new.name) > len(name)
        and fold(new.name).startswith(fold(name))
    ):
        name, aliases = (
            new.name,
            tuple(a for a in (*aliases, entity.name) if fold(a) != fold(new.name)),
        )
    if type_ == "person" and name[:1].islower() and new.name[:1].isupper():
        name, aliases = new.name, tuple(a for a in (*aliases, entity.name) if a != new.name)
    if type_ == "user" and name == "User" and new.type == "user" and new.name != "User":
        name = new.name
    episodes = entity.episodes if episode_id in entity.episodes else (*entity.episodes, episode_id)
    return replace(entity, name=name, type=type_, aliases=aliases, episodes=episodes)


def fact_text(subject: str, predicate: str, obj: str, negated: bool = False) -> str:
    """The fact as one English sentence: 'Ana lives in Porto', 'User no longer likes jazz'."""
    if predicate == "age":
        return f"{subject} {'was' if negated else 'is'} {obj} years old"
    if predicate in ("count", "current"):  # "number of User's postcards: 25"
        return f"{'number of' if predicate == 'count' else 'current'} {subject}: {obj}"
    phrase = PREDICATES[predicate].phrase
    lead = "no longer " if negated else ""
    if phrase.startswith(("has a ", "has an ")):
        return f"{subject} {lead}{phrase}: {obj}"
    return f"{subject} {lead}{phrase} {obj}"


def repeats(new: Fact, facts: Iterable[Fact]) -> Fact | None:
    """The stored fact ``new`` states again: the same edge and polarity, with no other value of a
    one-at-a-time predicate between the two starts."""
    group = [f for f in facts if f.subject_id == new.subject_id and f.predicate == new.predicate]
    functional = PREDICATES[new.predicate].functional
    for fact in group:
        if fact.object_id != new.object_id or fact.negated != new.negated:
            continue
        low, high = sorted((fact.starts, new.starts))
        between = [
            g
            for g in group
            if low <= g.starts <= high
            and g.id != fact.id
            and (g.object_id != new.object_id if functional else g.negated != new.negated)
        ]
        if not between:
            return fact
    return None


def merge(fact: Fact, new: Fact) -> Fact:
    """``fact`` with the sources of ``new`` added; it starts at the earliest of them."""
    known = {s.episode_id for s in fact.sources}
    sources = fact.sources + tuple(s for s in new.sources if s.episode_id not in known)
    return replace(fact, sources=sources, valid_at=min(s.valid_at for s in sources))


def timeline(
    facts: Sequence[Fact], now: datetime, names: Mapping[str, str] | None = None
) -> list[Fact]:
    """The facts whose ``invalid_at`` changes, with it (and ``expired_at``) set.

    A fact is closed by the first later fact of the same subject and predicate that ends it: a
    different value of a one-at-a-time predicate, or an ending ("stopped", "no longer") of the
    same value. A plan is closed when it happens: by the first fact of its subject, starting no
    earlier than the plan, whose object the plan names ("move to Porto" by "lives in Porto";
    ``names``: entity id -> name). ``invalid_at`` is that fact's start; ``expired_at`` the
    moment lembrar learnt it (``now``). A fact nothing ends any more is reopened.
    """
    groups: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for fact in facts:
        groups[(fact.subject_id, fact.predicate)].append(fact)
    changed = []
    for (subject, predicate), group in groups.items():
        ordered = sorted(group, key=lambda f: (f.starts, f.created_at, f.id))
        functional = PREDICATES[predicate].functional
        done = [f for f in facts if f.subject_id == subject] if predicate == "plans" else []
        for index, fact in enumerate(ordered):
            end = None if fact.negated else _closer(fact, ordered[index + 1 :], functional)
            if predicate == "plans" and names and not fact.negated:
                end = _happened(fact, done, names) or end
            if end != fact.invalid_at:
                changed.append(
                    replace(fact, invalid_at=end, expired_at=None if end is None else now)
                )
    return changed


def _closer(fact: Fact, later: Sequence[Fact], functional: bool) -> datetime | None:
    for other in later:
        if other.negated and other.object_id == fact.object_id:
            return other.starts
        if functional and not other.negated and other.object_id != fact.object_id:
            return other.starts
    return None


def _happened(plan: Fact, facts: Sequence[Fact], names: Mapping[str, str]) -> datetime | None:
    """When ``plan`` came true: the earliest start of a fact of its subject, no earlier than
    the plan, whose object's name is words of the plan's ("move to Porto (2025-03-01)")."""
    said = f" {fold(names.get(plan.object_id, ''))} "
    starts = [
        f.starts
        for f in facts
        if f.predicate != "plans"
        and not f.negated
        and f.starts >= plan.starts
        and fold(names.get(f.object_id, ""))
        and f" {fold(names.get(f.object_id, ''))} " in said
    ]
    return min(starts) if starts else None


def ordered_for_reading(facts: Iterable[Fact]) -> list[Fact]:
    """Current facts first (newest start first), then superseded ones (latest end first);
    facts that tie read alphabetically."""
    facts = sorted((f for f in facts if not f.negated), key=lambda f: f.text)
    current = sorted(
        (f for f in facts if f.invalid_at is None), key=lambda f: f.starts, reverse=True
    )
    old = sorted(
        (f for f in facts if f.invalid_at is not None),
        key=lambda f: f.invalid_at or f.starts,
        reverse=True,
    )
    return current + old
