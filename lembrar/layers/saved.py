"""Saved memories: facts the user asked to be remembered, with duplicate and contradiction checks.

Two ways in, one path: ``capture`` (a message with an explicit request, see ``requests``;
run on every added user message unless ``LayerConfig.capture_on_add`` is off) and ``add`` (the
``remember`` tool of ``lembrar.tools``, the API and the CLI). A captured fact
that contradicts a saved one is kept as pending until the user resolves it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np

from lembrar.errors import NotFoundError, ValidationError
from lembrar.layers import facts
from lembrar.layers.requests import detect_request
from lembrar.model.episode import Episode, new_id, require_text
from lembrar.model.ids import user_key
from lembrar.model.layers import (
    ON_CONFLICT,
    RESOLUTIONS,
    Conflict,
    Duplicate,
    PendingMemory,
    Saved,
    SavedMemory,
    SaveOutcome,
)

if TYPE_CHECKING:
    from lembrar.layers.host import LayerHost

__all__ = ["SavedMemories"]

MAX_FACT_CHARS = 500


class SavedMemories:
    """``memory.saved``: add, capture, list, edit and delete the user's saved facts."""

    def __init__(self, layers: LayerHost) -> None:
        self._layers = layers

    def add(
        self,
        fact: str,
        user_id: str,
        *,
        on_conflict: str = "ask",
        source_episode_id: str | None = None,
        now: datetime | str | None = None,
    ) -> SaveOutcome:
        """Save ``fact`` unless it repeats (``Duplicate``) or contradicts (``Conflict``) an active one.

        ``on_conflict``: ``ask`` returns the conflict and saves nothing; ``replace`` retires the
        contradicted fact (kept in history); ``keep_both`` saves it beside the old one.
        """
        text = _clean_fact(fact)
        user_id = user_key(user_id)
        if on_conflict not in ON_CONFLICT:
            raise ValidationError("on_conflict", f"use one of {ON_CONFLICT}")
        at = self._layers.instant(user_id, now)
        existing = self._layers.store.memories(user_id)
        vector = self._layers.embedder.embed_batch([text])[0]
        outcome = self._check(text, vector, existing)
        if isinstance(outcome, Duplicate) or (
            isinstance(outcome, Conflict) and on_conflict == "ask"
        ):
            return outcome
        memory = SavedMemory(new_id(), user_id, text, at, at, source_episode_id)
        retired = (
            outcome.existing if isinstance(outcome, Conflict) and on_conflict == "replace" else None
        )
        self._layers.store.save_memory(memory, vector, retire=retired.id if retired else None)
        return Saved(memory, retired)

    def _check(
        self, text: str, vector: np.ndarray, existing: list[tuple[SavedMemory, np.ndarray]]
    ) -> SaveOutcome | None:
        for memory, _ in reversed(existing):
            verdict = facts.compare(text, memory.text)
            if verdict.kind == "duplicate":
                return Duplicate(text, memory, verdict.reason)
            if verdict.kind == "conflict":
                return Conflict(text, memory, verdict.reason)
        if not existing:
            return None
        threshold = facts.duplicate_threshold(
            self._layers.embedder.name, self._layers.config.duplicate_threshold
        )
        matrix = np.stack([v for _, v in existing])
        found = facts.near_duplicate(vector, matrix, [m.text for m, _ in existing], text, threshold)
        return None if found is None else Duplicate(text, existing[found][0], "same meaning")

    def capture(
        self,
        message: str | Episode,
        user_id: str | None = None,
        *,
        on_conflict: str = "ask",
        now: datetime | str | None = None,
    ) -> SaveOutcome | None:
        """Save the fact of an explicit "remember that …" request; None when the message makes none.

        Given a stored ``Episode`` (a user message), the fact is linked to it: deleting the
        message deletes the fact. With ``on_conflict="ask"`` a fact that contradicts a saved one
        is kept as pending (see ``pending`` and ``resolve``) and the ``Conflict`` is returned.
        """
        if isinstance(message, Episode):
            if message.role != "user" or message.kind != "message":
                return None
            user_id, text, source = message.user_id, message.content, message.id
            now = message.at if now is None else now
        else:
            text, source = message, None
        request = detect_request(require_text("message", text))
        if request is None:
            return None
        user = user_key(user_id)
        outcome = self.add(
            request.fact, user, on_conflict=on_conflict, source_episode_id=source, now=now
        )
        if isinstance(outcome, Conflict):
            self._keep_pending(outcome, user, source, now)
        return outcome

    def capture_added(self, episodes: Iterable[Episode]) -> list[SaveOutcome]:
        """Capture the requests in newly added user messages (``Memory.add`` calls this)."""
        outcomes = []
        for episode in episodes:
            try:
                outcome = self.capture(episode)
            except ValidationError:  # e.g. a fact too long to save: the message itself is stored
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    def _keep_pending(
        self, conflict: Conflict, user_id: str, source: str | None, now: datetime | str | None
    ) -> None:
        at = self._layers.instant(user_id, now)
        pending = PendingMemory(
            new_id(), user_id, conflict.fact, at, conflict.existing.id, conflict.reason, source
        )
        self._layers.store.add_pending(pending)

    def pending(self, user_id: str) -> list[PendingMemory]:
        """Captured facts that contradict a saved one, oldest first, waiting for ``resolve``."""
        return self._layers.store.pending(require_text("user_id", user_id))

    def resolve(
        self, pending_id: str, user_id: str, action: str, *, now: datetime | str | None = None
    ) -> SaveOutcome | None:
        """Settle a pending fact: ``replace`` retires the fact it contradicts, ``keep_both`` saves
        it beside that one, ``discard`` drops it (returns None). The pending entry goes either way."""
        if action not in RESOLUTIONS:
            raise ValidationError("action", f"use one of {RESOLUTIONS}")
        found = [p for p in self.pending(user_id) if p.id == pending_id]
        if not found:
            raise NotFoundError("pending memory", pending_id)
        outcome = None
        if action != "discard":
            policy = "keep_both" if found[0].conflicts_with is None else action
            outcome = self.add(
                found[0].text,
                user_id,
                on_conflict=policy,
                source_episode_id=found[0].source_episode_id,
                now=now,
            )
        self._layers.store.delete_pending(user_id, pending_id)
        return outcome

    def list(self, user_id: str, *, include_retired: bool = False) -> list[SavedMemory]:
        """Active facts, oldest first (with ``include_retired``, replaced ones too)."""
        return [
            m
            for m, _ in self._layers.store.memories(
                user_key(user_id), include_retired=include_retired
            )
        ]

    def get(self, memory_id: str, user_id: str) -> SavedMemory:
        found = [m for m in self.list(user_id, include_retired=True) if m.id == memory_id]
        if not found:
            raise NotFoundError("saved memory", memory_id)
        return found[0]

    def edit(
        self, memory_id: str, text: str, user_id: str, *, now: datetime | str | None = None
    ) -> SavedMemory:
        """Rewrite a fact in place (the user's correction; the old wording is not kept)."""
        fact = _clean_fact(text)
        vector = self._layers.embedder.embed_batch([fact])[0]
        return self._layers.store.edit_memory(
            user_key(user_id), memory_id, fact, vector, self._layers.instant(user_id, now)
        )

    def delete(self, memory_id: str, user_id: str) -> int:
        """Delete a fact and the retired versions it replaced; returns how many rows went."""
        return self._layers.store.delete_memory(user_key(user_id), memory_id)


def _clean_fact(fact: object) -> str:
    text = " ".join(require_text("fact", fact).split())
    if len(text) > MAX_FACT_CHARS:
        raise ValidationError(
            "fact", f"at most {MAX_FACT_CHARS} characters; save one short fact at a time"
        )
    return text
