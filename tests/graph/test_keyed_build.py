"""Ingest reads the entities and only the facts it needs (by key) instead of the whole graph;
it must draw the same graph as a builder over the whole graph, whatever order episodes come in
and however many adds they take."""

from __future__ import annotations

import itertools

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.graph import GraphConfig
from lembrar.graph.extract import offline_extractor

STORY = [
    ("2022-01-10T09:00:00+00:00", "I live in Lisbon and I work at Feedzai."),
    ("2022-05-02T09:00:00+00:00", "My sister Ana lives in Braga. I love jazz."),
    ("2022-11-20T09:00:00+00:00", "Ana Souza moved to Porto last month."),
    ("2023-03-02T09:00:00+00:00", "I moved to Porto two weeks ago, I work at Sonae now."),
    ("2023-06-14T09:00:00+00:00", "I stopped playing tennis. I no longer like jazz."),
    ("2021-06-01T09:00:00+00:00", "I play tennis every Sunday and I live in Coimbra."),
]


class WholeGraphRules:
    """The rules, asking for the whole graph as a model extractor does (hints unused)."""

    uses_hints = True

    def __init__(self) -> None:
        self.inner = offline_extractor("rules")

    def extract(self, episode, tz="UTC", known=(), current=()):
        return self.inner.extract(episode, tz)


def drawn(memory: Memory) -> tuple[set, set]:
    """Facts and entities by names and episode texts (ids differ between stores)."""
    names = memory.graph.names("maria")
    said = {e.id: e.content for e in memory.get_all("maria").items}
    facts = {
        (
            names[f.subject_id],
            f.predicate,
            names[f.object_id],
            f.negated,
            f.valid_at,
            f.invalid_at,
            tuple(sorted(said[s.episode_id] for s in f.sources)),
        )
        for f in memory.graph.load("maria").facts
    }
    entities = {
        (e.name, e.type, tuple(sorted(e.aliases)), tuple(sorted(said[i] for i in e.episodes)))
        for e in memory.graph.entities("maria")
    }
    return facts, entities


def told(path, clock, order, extractor=None) -> tuple[set, set]:
    config = GraphConfig(names="rules", extractor=extractor)
    with Memory(path, embedder=HashingEmbedder(), clock=clock, graph=config) as memory:
        for at, text in (STORY[i] for i in order):
            memory.add({"role": "user", "content": text, "name": "Maria"}, user_id="maria", at=at)
        return drawn(memory)


@pytest.mark.parametrize(
    "order", [tuple(range(len(STORY))), (5, 3, 1, 4, 0, 2), (2, 0, 4, 3, 5, 1)]
)
def test_keyed_reads_draw_the_graph_a_whole_graph_builder_draws(tmp_path, clock, order):
    keyed = told(tmp_path / "keyed.db", clock, order)
    whole = told(tmp_path / "whole.db", clock, order, WholeGraphRules())
    assert keyed == whole
    facts, _ = keyed
    closed = {(s, p, o) for s, p, o, neg, _, end, _ in facts if end is not None and not neg}
    assert ("Maria", "lives_in", "Lisbon") in closed and ("Maria", "works_at", "Feedzai") in closed


def test_every_order_gives_one_timeline(tmp_path, clock):
    first = None
    for n, order in enumerate(
        itertools.islice(itertools.permutations(range(len(STORY))), 0, 720, 97)
    ):
        facts, _ = told(tmp_path / f"{n}.db", clock, order)
        timeline = {(s, p, o, neg, start, end) for s, p, o, neg, start, end, _ in facts}
        first = timeline if first is None else first
        assert timeline == first


class NamelessExtractor:
    """Finds a person whose name folds to nothing, and a fact about them, in every episode."""

    def extract(self, episode, tz):
        from lembrar.model.graph import ExtractedEntity, ExtractedFact, Extraction

        return Extraction(
            (ExtractedEntity("User", "user"), ExtractedEntity("\u0301 ", "person")),
            (ExtractedFact("User", "knows", "\u0301 ", episode.content),),
        )


def test_an_entity_without_a_name_is_left_out_and_the_add_succeeds(tmp_path):
    config = GraphConfig(extractor=NamelessExtractor())
    with Memory(tmp_path / "g.db", embedder=HashingEmbedder(), graph=config) as memory:
        memory.add("I met \u0301 yesterday", "ana")
        memory.add("and \u0301 again today", "ana")
        assert len(memory.get_all("ana").items) == 2
        data = memory.graph.load("ana")
    assert all(e.name.strip("\u0301 ") for e in data.entities)
    assert not data.facts
