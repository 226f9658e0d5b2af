"""``Graph``: the temporal knowledge graph of one ``Memory`` (``memory.graph``).

Orchestration only: extraction (``extract``), resolution and the timeline (``resolve`` via
``build``), communities and search are decided in their modules; the backend's ``GraphStore``
persists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from lembrar.context import ContextSection
from lembrar.errors import NotFoundError, ValidationError
from lembrar.graph import communities as clusters
from lembrar.graph.build import GraphBuilder, Group
from lembrar.graph.cache import ReadGraph, ViewCache
from lembrar.graph.centers import NameIndex
from lembrar.graph.confidence import question_words
from lembrar.graph.config import GraphConfig
from lembrar.graph.evidence import evidence, without
from lembrar.graph.extract import Extractor, offline_extractor
from lembrar.graph.neighbourhood import Neighbourhood, neighbourhood
from lembrar.graph.resolve import ordered_for_reading
from lembrar.graph.search import (
    GraphHit,
    GraphQuery,
    GraphSearchConfig,
    ModelScore,
    resolve_config,
    search_graph,
)
from lembrar.graph.source import GraphSource
from lembrar.ingest import parse_instant
from lembrar.model.derived import GRAPH
from lembrar.model.episode import Episode, require_text
from lembrar.model.graph import Community, Entity, Fact, GraphChange, GraphData
from lembrar.model.predicates import predicates_asked
from lembrar.store.base import GraphStore, Store, get_many, list_all
from lembrar.store.optional import OptionalPart
from lembrar.temporal import parse_time

if TYPE_CHECKING:
    import numpy as np

    from lembrar.config import MemoryConfig
    from lembrar.embed.cache import CachedEmbedder
    from lembrar.model.query import Filters
    from lembrar.model.users import UserSettings

__all__ = ["Graph", "open_graph_store"]

SETTLE_TRIES = 3


class Host(Protocol):
    """What the graph uses of ``Memory``."""

    store: Store
    embedder: CachedEmbedder
    config: MemoryConfig

    def now(self) -> datetime: ...
    def user_settings(self, user_id: str) -> UserSettings: ...


def open_graph_store(store: Store) -> GraphStore | None:
    """The backend's ``GraphStore`` for ``store`` (its ``graph_store()``), or None."""
    return store.graph_store()


class Graph:
    """Entities and facts of each user, with when they held and which episodes said so."""

    def __init__(self, host: Host, config: GraphConfig | None = None) -> None:
        self.host = host
        self.config = config or GraphConfig()
        self._store = OptionalPart(host.store, open_graph_store, "graph", "a knowledge graph")
        self._extractor: Extractor | None = self.config.extractor
        self._views = ViewCache()  # each user's facts view, while its version holds
        self._last: tuple[tuple[object, ...], ReadGraph, int, list[GraphHit]] | None = None
        self.source = GraphSource(self)  # lifts the turns that stated matching facts

    # -- plumbing -------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        return self._store.available

    @property
    def store(self) -> GraphStore:
        return self._store.get()

    @property
    def extractor(self) -> Extractor:
        if self._extractor is None:
            self._extractor = offline_extractor(self.config.names, self.config.trusted_facts)
        return self._extractor

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.host.embedder.inner.embed_batch(list(texts))

    def _builder(self, user_id: str, whole: bool = False) -> GraphBuilder:
        """A builder over the user's entities that reads facts by key from the store; ``whole``:
        over the whole graph loaded at once (a model extractor reads what is known from it)."""
        now, threshold = self.host.now(), self.config.entity_threshold
        if whole:
            return GraphBuilder.over(user_id, self.store.load(user_id), self._embed, now, threshold)
        store = self.store

        def fetch(groups: Sequence[Group], touching: Sequence[str]) -> tuple[Fact, ...]:
            return store.facts_by_key(user_id, groups, touching)

        return GraphBuilder(user_id, store.entities(user_id), fetch, self._embed, now, threshold)

    # -- writes ---------------------------------------------------------------------------
    def owes(self, episode: Episode) -> bool:
        """Whether adding ``episode`` owes an extraction (a marker written with it)."""
        return self.config.enabled and episode.kind != "record" and self.available

    def after_add(self, episodes: Sequence[Episode]) -> None:
        """Extract from newly stored episodes (``Memory.add`` calls this when enabled); the
        write clears their markers."""
        if not self.config.enabled or not self.available:
            return
        for user_id in dict.fromkeys(e.user_id for e in episodes):
            owed = [e for e in episodes if e.user_id == user_id and self.owes(e)]
            if owed:
                self.settle(user_id, owed)

    def ingest(
        self, user_id: str, episodes: Sequence[Episode], *, settles: Sequence[str] = ()
    ) -> GraphChange:
        """Fold what ``episodes`` (already stored) say into the user's graph; one transaction,
        which clears the markers of ``settles`` (episode ids)."""
        if not episodes and not settles:
            return GraphChange()
        hinted = getattr(self.extractor, "uses_hints", False)  # a model reads what is known
        builder = self._builder(user_id, whole=hinted)
        self._fold(builder, user_id, episodes)
        builder.redraw()
        return self._write(builder, user_id, settles=tuple(settles))

    def settle(self, user_id: str, pending: Sequence[Episode] = ()) -> GraphChange:
        """Finish the user's derived graph work in one write: read ``pending`` (stored episodes
        that owe their extraction), and recompute the entities that deleted or edited episodes
        left stale from the episodes that still mention them (``evidence``). A recomputation
        that another write overtook is tried again; after ``SETTLE_TRIES`` the stale marks are
        left for the next call and ``pending`` is read alone."""
        for _ in range(SETTLE_TRIES):
            if not self.store.stale(user_id):
                return self.ingest(user_id, pending, settles=tuple(e.id for e in pending))
            version = self.store.version(user_id)
            stale = self.store.stale(user_id)  # read after the version it is computed from
            change, applied = self._recompute(user_id, pending, stale, version)
            if applied:
                return change
        return self.ingest(user_id, pending, settles=tuple(e.id for e in pending))

    def _recompute(
        self, user_id: str, pending: Sequence[Episode], stale: tuple[str, ...], version: int
    ) -> tuple[GraphChange, bool]:
        data = self.store.load(user_id)
        again = evidence(data.entities, set(stale))
        episodes = {e.id: e for e in [*self._stored(user_id, again), *pending]}
        view = without(data, episodes)
        now, threshold = self.host.now(), self.config.entity_threshold
        builder = GraphBuilder.over(user_id, view, self._embed, now, threshold)
        self._fold(builder, user_id, list(episodes.values()))
        builder.redraw_all()
        change = builder.change(
            forget_episodes=tuple(episodes),
            settles=tuple(e.id for e in pending),
            refreshes=stale,
            based_on=version,
        )
        change = replace(change, entities=self._assigned(builder, change.entities))
        return change, self.store.write(user_id, change)

    def _stored(self, user_id: str, episode_ids: Sequence[str]) -> list[Episode]:
        return [e for e in get_many(self.host.store, user_id, episode_ids) if e.kind != "record"]

    def _fold(self, builder: GraphBuilder, user_id: str, episodes: Sequence[Episode]) -> None:
        """Extract ``episodes`` in time order into ``builder``."""
        tz = self.host.user_settings(user_id).timezone or "UTC"
        ordered = sorted(episodes, key=lambda e: e.at)
        if getattr(self.extractor, "uses_hints", False):  # each read knowing the earlier ones
            for episode in ordered:
                builder.add(episode, self.extractor.extract(episode, tz, *builder.hints()))
            return
        read = [(e, self.extractor.extract(e, tz)) for e in ordered]  # names embedded at once
        builder.name_vectors(
            [x.name for _, found in read for x in found.entities if x.type != "user"]
        )
        for episode, extraction in read:
            builder.add(episode, extraction)

    def _write(self, builder: GraphBuilder, user_id: str, **more: tuple[str, ...]) -> GraphChange:
        change = builder.change(**more)
        change = replace(change, entities=self._assigned(builder, change.entities))
        self.store.write(user_id, change)
        return change

    def _assigned(self, builder: GraphBuilder, touched: Sequence[Entity]) -> tuple[Entity, ...]:
        """New entities join the community heaviest among their neighbours."""
        graph = clusters.adjacency(builder.entities.values(), builder.facts.values())
        membership = {e.id: e.community_id for e in builder.entities.values()}
        out = []
        for entity in touched:
            if entity.community_id is None and entity.type != "user":
                entity = replace(entity, community_id=clusters.assign(entity.id, graph, membership))
            out.append(entity)
        return tuple(out)

    def after_change(self, user_id: str) -> None:
        """After episodes were deleted: recompute what they taught (names, aliases, merges,
        facts) from the evidence that remains, and redraw the timeline (facts they alone closed
        reopen)."""
        if self.available:
            self.settle(user_id)

    def after_update(self, episode: Episode) -> None:
        """An edited episode: what it said is recomputed with the episodes that share its
        entities, and it is read again (its marker was written with the edit when it owes one)."""
        if self.available:
            self.settle(episode.user_id, [episode] if self.owes(episode) else [])

    def rebuild(self, user_id: str) -> GraphChange:
        """Forget the user's graph and extract it again from every stored episode."""
        episodes = [
            e
            for e in list_all(
                self.host.store, require_text("user_id", user_id), _no_filters(), page_size=500
            )
            if e.kind != "record"
        ]
        owed = {w.episode_id for w in self.host.store.pending_work() if w.step == GRAPH}
        self.store.write(
            user_id,
            GraphChange(
                forget_episodes=tuple(e.id for e in episodes),
                refreshes=self.store.stale(user_id),
            ),
        )
        return self.ingest(user_id, episodes, settles=[e.id for e in episodes if e.id in owed])

    def refresh(self, user_id: str) -> list[Community]:
        """Recompute the user's communities from scratch (label propagation)."""
        data = self.store.load(require_text("user_id", user_id))
        found, membership = clusters.build(user_id, data.entities, data.facts, self.host.now())
        entities = tuple(replace(e, community_id=membership.get(e.id)) for e in data.entities)
        self.store.write(user_id, GraphChange(entities=entities, communities=tuple(found)))
        return found

    # -- reads ----------------------------------------------------------------------------
    def load(self, user_id: str) -> GraphData:
        return self.store.load(require_text("user_id", user_id))

    def facts_view(self, user_id: str) -> GraphData:
        """What fact search reads (``GraphStore.facts_view``), kept while the graph is unchanged:
        every fact with its sources and the entities the facts name, no mentions, no
        communities."""
        return self._views.get(self.store, require_text("user_id", user_id)).data

    def entities(self, user_id: str, *, type: str | None = None) -> list[Entity]:
        return [e for e in self.load(user_id).entities if type is None or e.type == type]

    def entity(self, user_id: str, ident: str) -> Entity:
        """An entity by id or by name (or alias)."""
        entities = self.load(user_id).entities
        found = NameIndex(entities).named(ident)
        if not found:
            raise NotFoundError("entity", ident)
        return entities[found[0]]

    def facts(
        self,
        user_id: str,
        *,
        as_of: datetime | str | None = None,
        entity: str | None = None,
        include_history: bool = True,
    ) -> list[Fact]:
        """Facts, current first (newest first), then superseded ones; ``as_of``: those valid
        then; ``entity``: those about one entity (id or name)."""
        facts = list(self.facts_view(user_id).facts)
        if entity is not None:
            chosen = self.entity(user_id, entity).id
            facts = [f for f in facts if chosen in (f.subject_id, f.object_id)]
        if as_of is not None:
            moment = parse_instant(as_of, self.host.user_settings(user_id), "as_of")
            facts = [f for f in facts if f.current(moment)]
        elif not include_history:
            facts = [f for f in facts if f.current()]
        return ordered_for_reading(facts)

    def around(self, user_id: str, entity: str, hops: int = 2) -> Neighbourhood:
        """The entities within ``hops`` of an entity (id, name or alias) and the facts, current
        and superseded, that link them."""
        data = self.load(user_id)
        return neighbourhood(data, self.entity(user_id, entity), hops)

    def communities(self, user_id: str) -> list[Community]:
        return list(self.load(user_id).communities)

    def names(self, user_id: str) -> dict[str, str]:
        """Entity id → name, to read facts."""
        return {e.id: e.name for e in self.load(user_id).entities}

    def hit_names(self, user_id: str, hits: Sequence[GraphHit]) -> dict[str, str]:
        """Entity id → name, to read ``hits``: from the facts view when they are all facts."""
        if all(h.kind == "fact" for h in hits):
            return {e.id: e.name for e in self.facts_view(user_id).entities}
        return self.names(user_id)

    # -- search ---------------------------------------------------------------------------
    def search(
        self,
        query: str,
        user_id: str,
        *,
        preset: GraphSearchConfig | str | None = None,
        limit: int | None = None,
        center: str | None = None,
        as_of: datetime | str | None = None,
        now: datetime | str | None = None,
        data: GraphData | None = None,
        during: tuple[datetime, datetime] | None = None,
    ) -> list[GraphHit]:
        """Facts (and entities, communities, per the preset) for ``query``; a time phrase in it
        ("in 2022"), ``as_of`` (an instant) or ``during`` (a span) selects the facts that held
        then."""
        require_text("query", query)
        require_text("user_id", user_id)
        config = _limited(resolve_config(preset, self.config.search_preset), limit)
        graph = self._read(user_id, config) if data is None else ReadGraph(data, whole=True)
        return self._run(query, user_id, graph, config, now, (center, as_of), during)

    def _run(
        self,
        query: str,
        user_id: str,
        graph: ReadGraph,
        config: GraphSearchConfig,
        now: datetime | str | None = None,
        asked: tuple[str | None, datetime | str | None] = (None, None),
        during: tuple[datetime, datetime] | None = None,
    ) -> list[GraphHit]:
        """Search ``graph``, read already."""
        settings = self.host.user_settings(user_id)
        moment = parse_instant(now, settings, "now") if now is not None else self.host.now()
        request = self._request(query, user_id, graph, settings, moment, asked)
        if during is not None:
            request = replace(request, window=_widened(during))
        return search_graph(graph.data, request, config, self._model_score(config))

    def _read(self, user_id: str, config: GraphSearchConfig) -> ReadGraph:
        """The facts view for a search of facts only, else the whole graph."""
        if config.scopes == ("facts",):
            return self._views.get(self.store, user_id)
        return ReadGraph(self.store.load(user_id), whole=True)

    def _request(
        self,
        query: str,
        user_id: str,
        graph: ReadGraph,
        settings: UserSettings,
        moment: datetime,
        asked: tuple[str | None, datetime | str | None],
    ) -> GraphQuery:
        center, as_of = asked
        words = question_words(query)
        window = None
        if as_of is not None:
            instant = parse_instant(as_of, settings, "as_of")
            window, moment = (instant, instant), instant
        else:
            parsed = parse_time(query, moment, settings.timezone or "UTC", asked=True)
            if parsed.windows:
                window = (parsed.windows[0].start, parsed.windows[0].end)
        vector = self._embed([query])[0]
        return GraphQuery(
            query,
            vector,
            self._centers(graph, words, center, user_id),
            frozenset(predicates_asked(words)),
            _widened(window),
            moment,
        )

    # -- as a source for episode search and the context block --------------------------
    def section(self, user_id: str, query: str, now: datetime, budget: int) -> ContextSection:
        """The "Facts" section for ``query``: the facts graph search finds, current first."""
        from lembrar.graph.sections import facts_section

        if self.config.context_facts == 0 or budget <= 0:
            return ContextSection("facts", "Facts", ())
        found = self._found_facts(query, user_id, now, self.config.context_facts)
        if found is None:
            return ContextSection("facts", "Facts", ())
        hits, data = found
        names = {e.id: e.name for e in data.entities}
        facts = [h.fact for h in hits if h.fact is not None]
        return facts_section(facts, names, budget, {h.id: h.score for h in hits}, now)

    def fact_hits(self, query: str, user_id: str, now: datetime, limit: int) -> list[GraphHit]:
        """The best ``limit`` facts for ``query`` (none when the user has no facts)."""
        found = self._found_facts(query, user_id, now, limit)
        return [] if found is None else [h for h in found[0] if h.fact is not None]

    def _found_facts(
        self, query: str, user_id: str, now: datetime, limit: int
    ) -> tuple[list[GraphHit], GraphData] | None:
        """Graph search with the default preset over the user's graph, read once, with the graph
        it read; None when there is no graph or no fact in it. The section and the search source
        of one context call ask the same query at the same moment of an unchanged graph: the
        second is answered from the first's hits (the best ``limit`` of a longer list are the
        same hits)."""
        if not self.available:
            return None
        config = resolve_config(None, self.config.search_preset)
        graph = self._read(user_id, config)
        if not graph.data.facts:
            return None
        if config.scopes != ("facts",):  # hits come per scope: no longer list to cut
            return self._run(query, user_id, graph, _limited(config, limit), now), graph.data
        settings = self.host.user_settings(user_id)  # its zone reads the query's time phrases
        key = (user_id, query, now, config, settings)
        kept = self._last
        if kept is not None and kept[0] == key and kept[1] is graph and kept[2] >= limit:
            return kept[3][:limit], graph.data
        width = max(limit, self.config.context_facts, self.config.search_facts)
        hits = self._run(query, user_id, graph, _limited(config, width), now)
        self._last = (key, graph, width, hits)
        return hits[:limit], graph.data

    def _centers(
        self, graph: ReadGraph, words: set[str], center: str | None, user_id: str
    ) -> tuple[str, ...]:
        """Where breadth-first expansion starts (``NameIndex.centers``). A ``center`` the facts
        view lacks may still name an entity that no fact touches: it starts nothing, but it is
        not an unknown entity."""
        chosen = graph.index.centers(words, center)
        if center is not None and not chosen:
            if graph.whole or not NameIndex(self.store.entities(user_id)).named(center):
                raise NotFoundError("entity", center)
        return chosen

    def _model_score(self, config: GraphSearchConfig) -> ModelScore | None:
        if config.order != "model" or not config.model_reranker:
            return None
        from lembrar.retrieval.rerank import get_reranker

        return get_reranker(config.model_reranker).score


def _limited(config: GraphSearchConfig, limit: int | None) -> GraphSearchConfig:
    if limit is None:
        return config
    if not isinstance(limit, int) or limit < 1:
        raise ValidationError("limit", "must be a positive integer")
    return replace(config, limit=limit)


def _widened(window: tuple[datetime, datetime] | None) -> tuple[datetime, datetime] | None:
    """An instant as a window that a fact holding at it overlaps."""
    if window is None or window[0] != window[1]:
        return window
    from datetime import timedelta

    return (window[0], window[0] + timedelta(microseconds=1))


def _no_filters() -> Filters:
    from lembrar.model.query import Filters

    return Filters()
