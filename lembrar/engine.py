"""``Memory``: the library façade. Orchestration only; decisions live in their modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from lembrar.config import MemoryConfig, UserSettings
from lembrar.embed import CachedEmbedder, Embedder, get_embedder
from lembrar.errors import ConfigurationError, ValidationError
from lembrar.ingest import build_episode, chunk_episode, chunk_hashes, coerce_input, parse_instant
from lembrar.model.episode import Episode, require_text
from lembrar.model.hits import SearchHit
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import Filters, HistoryEntry, Page, SessionInfo, StoreStats
from lembrar.retrieval.config import SearchConfig, resolve
from lembrar.retrieval.search import Retrieval, retrieve
from lembrar.store import DEFAULT_TENANT, IndexedEpisode, Store, open_store

Clock = Callable[[], datetime]
EMBED_BATCH = 256


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Memory:
    """Episodic memory for one store: add what happened, search it by meaning, words and time.

    ``Memory("memory.db")`` opens (or creates) a SQLite file; ``Memory(":memory:")`` a throwaway
    one; a ``postgresql://`` URL or a ``Store`` instance selects another backend.
    """

    def __init__(
        self,
        target: str | Path | Store = ":memory:",
        *,
        embedder: str | Embedder | None = None,
        config: MemoryConfig | None = None,
        tenant: str = DEFAULT_TENANT,
        clock: Clock | None = None,
    ) -> None:
        self.store: Store = target if not isinstance(target, (str, Path)) else open_store(target, tenant)
        self.config = config or MemoryConfig()
        inner = embedder if embedder is not None and not isinstance(embedder, str) else get_embedder(embedder)
        self._check_embedder(inner)
        self.embedder = CachedEmbedder(inner, cache=self.store)
        self._clock = clock or _utcnow

    def _check_embedder(self, embedder: Embedder) -> None:
        signature = f"{embedder.name}/{embedder.dim}"
        stored = self.store.get_meta("embedder")
        if stored is None:
            self.store.set_meta("embedder", signature)
        elif stored != signature:
            raise ConfigurationError(
                f"embedder: this store's vectors were made by {stored!r}, not {signature!r}; "
                f"open it with embedder={stored.split('/')[0]!r} or use a new store"
            )

    # -- lifecycle ----------------------------------------------------------------
    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Memory":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> datetime:
        return self._clock()

    # -- users ----------------------------------------------------------------------
    def set_user(self, user_id: str, *, timezone: str | None = None, hemisphere: str = "north", language: str | None = None) -> UserSettings:
        settings = UserSettings(require_text("user_id", user_id), timezone, hemisphere, language)
        self.store.put_user(settings)
        return settings

    def user_settings(self, user_id: str) -> UserSettings:
        return self.config.settings_for(user_id, self.store.get_user(require_text("user_id", user_id)))

    def users(self) -> list[str]:
        return self.store.users()

    # -- writes ---------------------------------------------------------------------
    def add(
        self,
        data: str | Mapping[str, Any] | Sequence[Mapping[str, Any]],
        user_id: str,
        session_id: str | None = None,
        at: datetime | str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[Episode]:
        """Store a text, a message dict (``role``, ``content``, optional ``name``), a list of
        messages, or a JSON record (a dict without ``role``). Returns the created episodes."""
        common = {"user_id": user_id, "session_id": session_id, "at": at, "metadata": {} if metadata is None else metadata}
        return self.add_many([EpisodeIn(**common, **fields) for fields in _shape(data)])

    def add_many(self, items: Iterable[EpisodeIn | Mapping[str, Any]],
                 on_invalid: Callable[[int, ValidationError], None] | None = None) -> list[Episode]:
        """Bulk add in one transaction: every item is validated before anything is written.

        An invalid item raises its ``ValidationError`` (nothing is stored), unless ``on_invalid``
        is given: then it is called with the item's 0-based position and the error, and skipped.
        """
        now = self.now()
        settings: dict[str, UserSettings] = {}
        episodes = []
        for position, item in enumerate(items):
            try:
                episode_in = coerce_input(item)
                require_text("user_id", episode_in.user_id)
                user = settings.setdefault(episode_in.user_id, self.user_settings(episode_in.user_id))
                episodes.append(build_episode(episode_in, user, self.config, now))
            except ValidationError as error:
                if on_invalid is None:
                    raise
                on_invalid(position, error)
            except TypeError as error:
                wrapped = ValidationError("episode", f"item {position}: {error}")
                if on_invalid is None:
                    raise wrapped from error
                on_invalid(position, wrapped)
        self.store.add(self._index(episodes))
        return episodes

    def _index(self, episodes: Sequence[Episode]) -> list[IndexedEpisode]:
        chunked = [chunk_episode(e, self.config) for e in episodes]
        hashes = [chunk_hashes(c) for c in chunked]
        flat_texts = [c.text for chunks in chunked for c in chunks]
        flat_hashes = [h for hs in hashes for h in hs]
        vectors = np.concatenate(
            [self.embedder.embed_hashed(flat_texts[i : i + EMBED_BATCH], flat_hashes[i : i + EMBED_BATCH])
             for i in range(0, len(flat_texts), EMBED_BATCH)] or [np.zeros((0, self.embedder.dim), np.float32)]
        )
        out, offset = [], 0
        for episode, chunks, hs in zip(episodes, chunked, hashes):
            out.append(IndexedEpisode(episode, chunks, vectors[offset : offset + len(chunks)], hs))
            offset += len(chunks)
        return out

    def update(self, episode_id: str, content: str, user_id: str) -> Episode:
        """Replace an episode's text (re-chunked and re-embedded); the old text stays in history."""
        old = self.store.get(user_id, episode_id)
        require_text("content", content)
        if old.kind == "record":
            raise ValidationError("content", "records are updated by adding a new record; delete the old one")
        new = replace(old, content=content, version=old.version + 1)
        self.store.replace(self._index([new])[0], self.now())
        return new

    def delete(self, episode_id: str, user_id: str) -> None:
        self.store.delete(user_id, [episode_id])

    def delete_all(self, user_id: str, session_id: str | None = None, filters: Filters | Mapping[str, Any] | None = None) -> int:
        """Delete the user's episodes (of one session, or matching ``filters``); returns how many."""
        chosen = Filters.of(filters)
        if session_id is not None:
            chosen = replace(chosen, session_id=session_id)
        return self.store.delete_matching(require_text("user_id", user_id), chosen)

    def forget_user(self, user_id: str) -> int:
        """Remove the user and everything stored for them."""
        return self.store.delete_user(require_text("user_id", user_id))

    # -- reads ----------------------------------------------------------------------
    def get(self, episode_id: str, user_id: str) -> Episode:
        return self.store.get(require_text("user_id", user_id), require_text("episode_id", episode_id))

    def get_all(self, user_id: str, filters: Filters | Mapping[str, Any] | None = None, *, order: str = "asc",
                limit: int = 100, cursor: str | None = None) -> Page:
        if order not in ("asc", "desc"):
            raise ValidationError("order", "use 'asc' (oldest first) or 'desc' (newest first)")
        return self.store.list(require_text("user_id", user_id), Filters.of(filters), newest_first=order == "desc", limit=limit, cursor=cursor)

    def history(self, episode_id: str, user_id: str) -> list[HistoryEntry]:
        return self.store.history(require_text("user_id", user_id), episode_id)

    def sessions(self, user_id: str) -> list[SessionInfo]:
        return self.store.sessions(require_text("user_id", user_id))

    def stats(self) -> StoreStats:
        return self.store.stats()

    # -- search ---------------------------------------------------------------------
    def retrieve(self, query: str, user_id: str, k: int = 10, *, filters: Filters | Mapping[str, Any] | None = None,
                 now: datetime | str | None = None, preset: SearchConfig | str | None = None) -> Retrieval:
        """Search, returning the hits together with the time reference understood in the query."""
        require_text("query", query)
        require_text("user_id", user_id)
        if not isinstance(k, int) or k < 1:
            raise ValidationError("k", "must be a positive integer")
        settings = self.user_settings(user_id)
        moment = parse_instant(now, settings, "now") if now is not None else self.now()
        config = resolve(preset, self.config.search_preset)
        return retrieve(self.store, self.embedder.embed_batch, query, user_id, k, Filters.of(filters), moment,
                        settings, self.config.periods, config)

    def search(self, query: str, user_id: str, k: int = 10, *, filters: Filters | Mapping[str, Any] | None = None,
               now: datetime | str | None = None, preset: SearchConfig | str | None = None) -> list[SearchHit]:
        """The ``k`` best memories for ``query``: scores in [0, 1], higher is better."""
        return self.retrieve(query, user_id, k, filters=filters, now=now, preset=preset).hits


def _shape(data: object) -> list[dict[str, Any]]:
    """Fields of each episode in ``add``'s flexible input."""
    if isinstance(data, str):
        return [{"content": data}]
    if isinstance(data, Mapping):
        if "role" in data or "content" in data:
            return [_message(data)]
        return [{"record": dict(data)}]
    if isinstance(data, Sequence) and data and all(isinstance(m, Mapping) for m in data):
        return [_message(m) for m in data]
    raise ValidationError("data", "pass a text, a message dict, a list of message dicts, or a record dict")


def _message(message: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(message) - {"role", "content", "name", "speaker"}
    if unknown:
        raise ValidationError(f"message.{sorted(unknown)[0]}", "unknown key; messages take role, content and name")
    if "content" not in message:
        raise ValidationError("content", "a message needs content")
    return {"role": message.get("role", "user"), "content": message["content"], "speaker": message.get("name", message.get("speaker"))}
