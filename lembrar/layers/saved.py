"""Saved memories: facts the user asked to be remembered, with duplicate and contradiction checks.

Three ways in, one path: ``capture`` (a message with an explicit request, see ``requests``),
the ``remember`` tool (``REMEMBER_TOOL``, for LLM function calling) and ``add`` (API and CLI).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from lembrar.model.ids import user_key
from lembrar.errors import NotFoundError, ValidationError
from lembrar.layers import facts
from lembrar.model.layers import ON_CONFLICT, Conflict, Duplicate, Saved, SavedMemory, SaveOutcome
from lembrar.layers.requests import detect_request
from lembrar.model.episode import Episode, new_id, require_text
from lembrar.tools.arguments import checked
from lembrar.tools.catalogue import openai_tool, spec

if TYPE_CHECKING:
    from lembrar.layers.service import Layers

__all__ = ["REMEMBER_TOOL", "SavedMemories"]

MAX_FACT_CHARS = 500

REMEMBER_TOOL: dict[str, Any] = openai_tool("remember")
"""The ``remember`` tool of the shared catalogue (``lembrar.tools``), for LLM function calling."""


class SavedMemories:
    """``memory.saved``: add, capture, list, edit and delete the user's saved facts."""

    def __init__(self, layers: Layers) -> None:
        self._layers = layers

    def add(self, fact: str, user_id: str, *, on_conflict: str = "ask", source_episode_id: str | None = None,
            now: datetime | str | None = None) -> SaveOutcome:
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
        if isinstance(outcome, Duplicate) or (isinstance(outcome, Conflict) and on_conflict == "ask"):
            return outcome
        memory = SavedMemory(new_id(), user_id, text, at, at, source_episode_id)
        retired = outcome.existing if isinstance(outcome, Conflict) and on_conflict == "replace" else None
        self._layers.store.save_memory(memory, vector, retire=retired.id if retired else None)
        return Saved(memory, retired)

    def _check(self, text: str, vector: np.ndarray, existing: list[tuple[SavedMemory, np.ndarray]]) -> SaveOutcome | None:
        for memory, _ in reversed(existing):
            verdict = facts.compare(text, memory.text)
            if verdict.kind == "duplicate":
                return Duplicate(text, memory, verdict.reason)
            if verdict.kind == "conflict":
                return Conflict(text, memory, verdict.reason)
        if not existing:
            return None
        threshold = facts.duplicate_threshold(self._layers.embedder.name, self._layers.config.duplicate_threshold)
        matrix = np.stack([v for _, v in existing])
        found = facts.near_duplicate(vector, matrix, [m.text for m, _ in existing], text, threshold)
        return None if found is None else Duplicate(text, existing[found][0], "same meaning")

    def capture(self, message: str | Episode, user_id: str | None = None, *, on_conflict: str = "ask",
                now: datetime | str | None = None) -> SaveOutcome | None:
        """Save the fact of an explicit "remember that …" request; None when the message makes none.

        Given a stored ``Episode`` (a user message), the fact is linked to it: deleting the
        message deletes the fact.
        """
        if isinstance(message, Episode):
            if message.role != "user":
                return None
            user_id, text, source = message.user_id, message.content, message.id
        else:
            text, source = message, None
        request = detect_request(require_text("message", text))
        if request is None:
            return None
        return self.add(request.fact, user_key(user_id), on_conflict=on_conflict,
                        source_episode_id=source, now=now)

    def handle_tool_call(self, arguments: str | Mapping[str, Any], user_id: str) -> dict[str, Any]:
        """Run a ``remember`` tool call (arguments as JSON text or a dict); the JSON-able result."""
        args = checked(spec("remember"), arguments)
        if args["kind"] != "saved":
            raise ValidationError("kind", "saved memories keep kind 'saved'; store events with Memory.add")
        return self.add(args["fact"], user_id, on_conflict=args["on_conflict"]).as_dict()

    def list(self, user_id: str, *, include_retired: bool = False) -> list[SavedMemory]:
        """Active facts, oldest first (with ``include_retired``, replaced ones too)."""
        return [m for m, _ in self._layers.store.memories(user_key(user_id), include_retired=include_retired)]

    def get(self, memory_id: str, user_id: str) -> SavedMemory:
        found = [m for m in self.list(user_id, include_retired=True) if m.id == memory_id]
        if not found:
            raise NotFoundError("saved memory", memory_id)
        return found[0]

    def edit(self, memory_id: str, text: str, user_id: str, *, now: datetime | str | None = None) -> SavedMemory:
        """Rewrite a fact in place (the user's correction; the old wording is not kept)."""
        fact = _clean_fact(text)
        vector = self._layers.embedder.embed_batch([fact])[0]
        return self._layers.store.edit_memory(user_key(user_id), memory_id, fact, vector,
                                              self._layers.instant(user_id, now))

    def delete(self, memory_id: str, user_id: str) -> int:
        """Delete a fact and the retired versions it replaced; returns how many rows went."""
        return self._layers.store.delete_memory(user_key(user_id), memory_id)


def _clean_fact(fact: object) -> str:
    text = " ".join(require_text("fact", fact).split())
    if len(text) > MAX_FACT_CHARS:
        raise ValidationError("fact", f"at most {MAX_FACT_CHARS} characters; save one short fact at a time")
    return text
