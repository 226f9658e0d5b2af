"""Folding extractions into a user's graph: entities resolved, facts merged, timeline redrawn.

``GraphBuilder`` works on the part of the graph an ingest needs and reports what changed as
one ``GraphChange``; the decisions themselves are the pure functions of ``resolve``. It starts
from the user's entities (the resolution index) and reads facts by key as it goes: the
``(subject, predicate)`` groups that new facts join, and the facts of renamed entities. A
``FetchFacts`` reads them from a store (``GraphStore.facts_by_key``) or from a whole graph in
memory (``in_memory``); both give the same timeline.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np

from lembrar.graph.extract.names import fold
from lembrar.graph.resolve import EntityIndex, absorb, fact_text, merge, repeats, timeline
from lembrar.model.episode import Episode, new_id
from lembrar.model.graph import Entity, Extraction, Fact, FactSource, GraphChange, GraphData
from lembrar.model.predicates import PREDICATES

Embed = Callable[[Sequence[str]], np.ndarray]
Group = tuple[str, str]  # (subject id, predicate)
FetchFacts = Callable[[Sequence[Group], Sequence[str]], Sequence[Fact]]
"""``(groups, entity ids) -> the stored facts in those groups or touching those entities``."""


def in_memory(data: GraphData) -> FetchFacts:
    """``FetchFacts`` over a graph already loaded whole."""

    def fetch(groups: Sequence[Group], touching: Sequence[str]) -> list[Fact]:
        wanted, near = set(groups), set(touching)
        return [
            f
            for f in data.facts
            if (f.subject_id, f.predicate) in wanted or {f.subject_id, f.object_id} & near
        ]

    return fetch


class GraphBuilder:
    """A user's graph being changed: ``add`` extractions, then ``change()`` what to write."""

    def __init__(
        self,
        user_id: str,
        entities: Sequence[Entity],
        fetch: FetchFacts,
        embed: Embed,
        now: datetime,
        threshold: float = 0.92,
    ) -> None:
        self.user_id = user_id
        self.entities = {e.id: e for e in entities}
        self.facts: dict[str, Fact] = {}
        self._index = EntityIndex(entities)
        self._groups: dict[Group, list[str]] = defaultdict(list)
        self._fetch = fetch
        self._read_groups: set[Group] = set()
        self._read_touching: set[str] = set()
        self._renamed: set[str] = set()
        self._seen: dict[str, np.ndarray] = {}
        self.embed = embed
        self.now = now
        self.threshold = threshold
        self._touched_entities: set[str] = set()
        self._touched_facts: set[str] = set()

    def add(self, episode: Episode, extraction: Extraction) -> None:
        ids = self._entities(episode, extraction)
        new_facts = []
        for found in extraction.facts:
            if found.subject not in ids or found.object not in ids:
                continue
            start = found.valid_at or episode.at
            subject, obj = self.entities[ids[found.subject]], self.entities[ids[found.object]]
            text = fact_text(subject.name, found.predicate, obj.name, found.negated)
            new_facts.append(
                Fact(
                    new_id(),
                    self.user_id,
                    subject.id,
                    found.predicate,
                    obj.id,
                    text,
                    self.now,
                    start,
                    sources=(FactSource(episode.id, found.text, start),),
                    negated=found.negated,
                )
            )
        self._read({(f.subject_id, f.predicate) for f in new_facts}, set())
        for fact in new_facts:
            self._fold(fact)  # vectors are computed once, in ``redraw``

    @classmethod
    def over(
        cls, user_id: str, data: GraphData, embed: Embed, now: datetime, threshold: float = 0.92
    ) -> GraphBuilder:
        """A builder over a whole graph loaded at once (every fact read up front)."""
        builder = cls(user_id, data.entities, in_memory(data), embed, now, threshold)
        builder._read({(f.subject_id, f.predicate) for f in data.facts}, set())
        return builder

    def _read(self, groups: set[Group], touching: set[str]) -> None:
        """Bring the stored facts of ``groups`` / about ``touching`` in, once each."""
        groups, touching = groups - self._read_groups, touching - self._read_touching
        if not groups and not touching:
            return
        self._read_groups |= groups
        self._read_touching |= touching
        for fact in self._fetch(sorted(groups), sorted(touching)):
            if fact.id not in self.facts:
                self.facts[fact.id] = fact
                self._groups[(fact.subject_id, fact.predicate)].append(fact.id)

    def _entities(self, episode: Episode, extraction: Extraction) -> dict[str, str]:
        found = [e for e in extraction.entities if e.type == "user" or fold(e.name)]
        named = [e for e in found if e.type != "user"]  # the user's own node resolves by type
        vectors = self.name_vectors([e.name for e in named])
        ids: dict[str, str] = {}
        for entity in found:
            vector = vectors.get(entity.name, np.zeros(0, np.float32))
            known = self._index.find(entity, vector, self.threshold)
            if known is None:
                known = Entity(
                    new_id(),
                    self.user_id,
                    entity.name,
                    entity.type,
                    self.now,
                    aliases=entity.aliases,
                    episodes=(episode.id,),
                    embedding=vector,
                )
            else:
                before = known.name
                known = absorb(known, entity, episode.id)
                if known.name != before:
                    self._renamed.add(known.id)
            self.entities[known.id] = known
            self._index.put(known)
            self._touched_entities.add(known.id)
            ids[entity.name] = known.id
        return ids

    def name_vectors(self, names: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors of names, each embedded once per builder."""
        todo = [n for n in dict.fromkeys(names) if n not in self._seen]
        self._seen.update(zip(todo, self._vectors(todo)))
        return {n: self._seen[n] for n in names}

    def _vectors(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), np.float32)
        return np.asarray(self.embed(list(texts)), dtype=np.float32)

    def _fold(self, fact: Fact) -> None:
        group = self._groups[(fact.subject_id, fact.predicate)]
        known = repeats(fact, [self.facts[i] for i in group])
        stored = fact if known is None else merge(known, fact)
        if known is None:
            group.append(stored.id)
        self.facts[stored.id] = stored
        self._touched_facts.add(stored.id)

    def redraw(self) -> None:
        """Close superseded facts, reopen those nothing ends, re-read renamed edges."""
        groups = {(self.facts[i].subject_id, self.facts[i].predicate) for i in self._touched_facts}
        groups |= self._plans_of(groups)
        facts = [self.facts[i] for g in groups for i in self._groups[g]]
        for fact in timeline(facts, self.now, self._names()):
            self.facts[fact.id] = fact
            self._touched_facts.add(fact.id)
        renamed = self._renamed
        self._read(set(), renamed)
        stale = [
            f
            for f in self.facts.values()
            if (f.subject_id in renamed or f.object_id in renamed) and f.text != self._text(f)
        ]
        stale += [self.facts[i] for i in self._touched_facts if not self.facts[i].embedding.size]
        stale = list({f.id: f for f in stale}.values())
        vectors = self._vectors([self._text(f) for f in stale])
        for fact, vector in zip(stale, vectors):
            self.facts[fact.id] = replace(fact, text=self._text(fact), embedding=vector)
            self._touched_facts.add(fact.id)

    def _plans_of(self, groups: set[Group]) -> set[Group]:
        """With a fact of a subject, its plans and what may fulfil them are redrawn too (a
        plan closes when it happens), read from the store first."""
        subjects = {s for s, _ in groups}
        self._read({(s, "plans") for s in subjects}, set())
        planners = {s for s in subjects if self._groups.get((s, "plans"))}
        self._read({(s, p) for s in planners for p in PREDICATES}, set())  # all they did
        return {(s, "plans") for s in subjects} | {g for g in self._groups if g[0] in planners}

    def _names(self) -> dict[str, str]:
        return {i: e.name for i, e in self.entities.items()}

    def redraw_all(self) -> None:
        """``redraw`` over every fact read, after evidence was taken away: any fact may reopen."""
        for fact in timeline(list(self.facts.values()), self.now, self._names()):
            self.facts[fact.id] = fact
            self._touched_facts.add(fact.id)
        self.redraw()

    def _text(self, fact: Fact) -> str:
        return fact_text(
            self.entities[fact.subject_id].name,
            fact.predicate,
            self.entities[fact.object_id].name,
            fact.negated,
        )

    def hints(self, limit: int = 60) -> tuple[list[str], list[str]]:
        """Known names (most mentioned first) and the facts that hold now, for a model."""
        ranked = sorted(self.entities.values(), key=lambda e: -len(e.episodes))[:limit]
        known = [e.name + (f" (also: {', '.join(e.aliases)})" if e.aliases else "") for e in ranked]
        current = [f.text for f in self.facts.values() if f.current()][-limit:]
        return known, current

    def change(self, **more: Any) -> GraphChange:
        return GraphChange(
            entities=tuple(self.entities[i] for i in sorted(self._touched_entities)),
            facts=tuple(self.facts[i] for i in sorted(self._touched_facts)),
            **more,
        )
