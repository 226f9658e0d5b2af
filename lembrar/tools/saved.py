"""Saved memories as the tools see them: one user's facts in the saved-memory layer
(``memory.saved``: duplicate and contradiction checks, linked to the message that asked).

A backend that keeps no memory layers has no saved facts: reads find none, and saving one
raises the layer's ``ConfigurationError``.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any

import numpy as np

from lembrar.embed import embed_queries
from lembrar.errors import NotFoundError
from lembrar.model.layers import SavedMemory
from lembrar.tools.saved_match import match_saved, related_threshold

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["SavedFacts"]


class SavedFacts:
    """The saved facts of ``user_id`` in ``memory``; ``save`` returns a JSON-able outcome for
    the model to read."""

    def __init__(self, memory: Memory, user_id: str) -> None:
        self.layers = memory.layers
        self.user_id = user_id

    def save(
        self, fact: str, *, on_conflict: str = "ask", source_episode_id: str | None = None
    ) -> dict[str, Any]:
        outcome = self.layers.saved.add(
            fact, self.user_id, on_conflict=on_conflict, source_episode_id=source_episode_id
        )
        return outcome.as_dict()

    def list(self) -> list[SavedMemory]:
        """Active facts, oldest first."""
        return self.layers.saved.list(self.user_id) if self.layers.available else []

    def matching(self, query: str) -> builtins.list[tuple[SavedMemory, float]]:
        """The saved facts ``query`` is about, with a score in [0, 1], best first."""
        if not self.layers.available or not query.strip():
            return []
        saved = self.layers.store.memories(self.user_id)
        if not saved:
            return []
        embedder = self.layers.embedder
        found = match_saved(
            query,
            embed_queries(embedder, [query])[0],
            [m.text for m, _ in saved],
            np.stack([v for _, v in saved]),
            related_threshold(embedder.name),
        )
        return [(saved[m.index][0], m.score) for m in found]

    def edit(self, memory_id: str, text: str) -> SavedMemory:
        return self.layers.saved.edit(memory_id, text, self.user_id)

    def delete(self, memory_id: str) -> bool:
        """Whether a fact ``memory_id`` was there to delete."""
        if not self.layers.available:
            return False
        try:
            return bool(self.layers.saved.delete(memory_id, self.user_id))
        except NotFoundError:
            return False
