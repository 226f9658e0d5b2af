"""Saved memories as the tools see them: save a fact, list, find, correct or delete one.

:func:`saved_facts` uses the ``Memory``'s saved-memory layer (``memory.saved``: duplicate
and contradiction checks, linked to the message that asked) when it has one; otherwise facts
are kept as ``text`` episodes tagged ``metadata["source"] == "remember"``, which the episode
search finds with the rest (``is_saved_episode`` tells them apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from lembrar.embed import embed_queries
from lembrar.errors import NotFoundError
from lembrar.model.episode import Episode
from lembrar.model.layers import SavedMemory
from lembrar.tools.saved_match import match_saved, related_threshold

if TYPE_CHECKING:
    from lembrar.engine import Memory
    from lembrar.layers.service import Layers

__all__ = [
    "EpisodeSavedFacts",
    "LayerSavedFacts",
    "SavedFact",
    "SavedFacts",
    "is_saved_episode",
    "saved_facts",
]

SOURCE = "remember"


@dataclass(frozen=True)
class SavedFact:
    id: str
    text: str
    created_at: datetime


class SavedFacts(Protocol):
    """One user's saved facts; ``save`` returns a JSON-able outcome for the model to read."""

    def save(
        self, fact: str, *, on_conflict: str = "ask", source_episode_id: str | None = None
    ) -> dict[str, Any]: ...
    def list(self) -> Sequence[SavedFact]: ...
    def matching(self, query: str) -> Sequence[tuple[SavedFact, float]]: ...
    def edit(self, memory_id: str, text: str) -> SavedFact: ...
    def delete(self, memory_id: str) -> bool: ...


class LayerSavedFacts:
    """The saved-memory layer (``memory.saved``) for one user."""

    def __init__(self, layers: Layers, user_id: str) -> None:
        self.layers = layers
        self.layer = layers.saved
        self.user_id = user_id

    def save(
        self, fact: str, *, on_conflict: str = "ask", source_episode_id: str | None = None
    ) -> dict[str, Any]:
        outcome = self.layer.add(
            fact, self.user_id, on_conflict=on_conflict, source_episode_id=source_episode_id
        )
        return outcome.as_dict()

    def list(self) -> list[SavedFact]:
        return [_fact(m) for m in self.layer.list(self.user_id)]

    def matching(self, query: str) -> Sequence[tuple[SavedFact, float]]:
        """The saved facts ``query`` is about, with a score in [0, 1], best first."""
        saved = self.layers.store.memories(self.user_id)
        if not saved or not query.strip():
            return []
        embedder = self.layers.embedder
        found = match_saved(
            query,
            embed_queries(embedder, [query])[0],
            [m.text for m, _ in saved],
            np.stack([v for _, v in saved]),
            related_threshold(embedder.name),
        )
        return [(_fact(saved[m.index][0]), m.score) for m in found]

    def edit(self, memory_id: str, text: str) -> SavedFact:
        edited = self.layer.edit(memory_id, text, self.user_id)
        return SavedFact(edited.id, edited.text, edited.created_at)

    def delete(self, memory_id: str) -> bool:
        try:
            return bool(self.layer.delete(memory_id, self.user_id))
        except NotFoundError:
            return False


class EpisodeSavedFacts:
    """Saved facts kept as ``text`` episodes of one user (the same text is refused twice; no
    other check)."""

    def __init__(self, memory: Memory, user_id: str) -> None:
        self.memory = memory
        self.user_id = user_id

    def save(
        self, fact: str, *, on_conflict: str = "ask", source_episode_id: str | None = None
    ) -> dict[str, Any]:
        for existing in self.list():
            if " ".join(existing.text.casefold().split()) == " ".join(fact.casefold().split()):
                return {
                    "status": "duplicate",
                    "fact": fact,
                    "existing": {"id": existing.id, "text": existing.text},
                }
        metadata: dict[str, Any] = {"source": SOURCE}
        if source_episode_id:
            metadata["derived_from"] = [source_episode_id]
        [episode] = self.memory.add(fact, user_id=self.user_id, metadata=metadata)
        return {"status": "saved", "id": episode.id, "fact": fact}

    def list(self) -> list[SavedFact]:
        page = self.memory.get_all(self.user_id, {"metadata": {"source": SOURCE}}, limit=1000)
        return [SavedFact(e.id, e.content, e.recorded_at) for e in page.items]

    def matching(self, query: str) -> Sequence[tuple[SavedFact, float]]:
        """None here: these facts are episodes, found by the episode search itself."""
        return []

    def edit(self, memory_id: str, text: str) -> SavedFact:
        if not any(fact.id == memory_id for fact in self.list()):
            raise NotFoundError("saved memory", memory_id)
        edited = self.memory.update(memory_id, text, self.user_id)
        return SavedFact(edited.id, edited.content, edited.recorded_at)

    def delete(self, memory_id: str) -> bool:
        if not any(fact.id == memory_id for fact in self.list()):
            return False
        self.memory.delete(memory_id, self.user_id)
        return True


def saved_facts(memory: Memory, user_id: str) -> SavedFacts:
    """The saved facts of ``user_id`` in ``memory``: its layer if it has one, else episodes."""
    layers = getattr(memory, "layers", None)
    if layers is not None and layers.available:
        return LayerSavedFacts(layers, user_id)
    return EpisodeSavedFacts(memory, user_id)


def is_saved_episode(episode: Episode) -> bool:
    """Whether an episode is a fact ``EpisodeSavedFacts`` saved."""
    return episode.metadata.get("source") == SOURCE


def _fact(memory: SavedMemory) -> SavedFact:
    return SavedFact(memory.id, memory.text, memory.created_at)
