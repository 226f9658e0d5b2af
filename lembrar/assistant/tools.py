"""The tools the assistant offers the model: ``remember``, ``recall`` and ``forget``.

Each tool answers with a JSON object; a bad call (unknown tool, bad arguments, unknown id)
answers ``{"error": "..."}`` so the model can correct itself, and never raises.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from lembrar.assistant.reply import ToolRun, UsedMemory
from lembrar.assistant.saved import SavedFacts
from lembrar.config import UserSettings
from lembrar.errors import LembrarError, NotFoundError, ValidationError
from lembrar.ingest import parse_instant
from lembrar.llm.types import ToolCall
from lembrar.model.episode import Episode
from lembrar.model.query import Filters
from lembrar.model.timetags import zone
from lembrar.temporal.intervals import at_local

if TYPE_CHECKING:
    from lembrar.engine import Memory

__all__ = ["FORGET", "RECALL", "REMEMBER", "Toolbox", "remember_schema", "result_content"]

REMEMBER: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "remember",
        "description": "Save a lasting fact about the user to long-term memory, only when they ask you to "
        "remember it (\"remember that I'm vegetarian\"). Write it in the first person, one fact per call. "
        "If the result is a conflict, ask the user, then call again with on_conflict set.",
        "parameters": {
            "type": "object",
            "properties": {
                "fact": {"type": "string", "description": "the fact, e.g. \"I'm vegetarian\""},
                "on_conflict": {"type": "string", "enum": ["ask", "replace", "keep_both"], "default": "ask"},
            },
            "required": ["fact"],
        },
    },
}
"""Used when the saved-memory layer does not bring its own ``REMEMBER_TOOL``."""

RECALL = {
    "type": "function",
    "function": {
        "name": "recall",
        "description": "Search past conversations with the user, optionally only between two dates. "
        "Use it when the memories you were given do not cover what the user asks about.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "what to look for; empty lists everything in the dates"},
                "since": {"type": "string", "description": "first day, YYYY-MM-DD (inclusive)"},
                "until": {"type": "string", "description": "last day, YYYY-MM-DD (inclusive)"},
            },
        },
    },
}

FORGET = {
    "type": "function",
    "function": {
        "name": "forget",
        "description": "Delete a saved fact or a past message by its id, when the user asks you to forget it.",
        "parameters": {
            "type": "object",
            "properties": {"id": {"type": "string", "description": "the id of the saved fact or message"}},
            "required": ["id"],
        },
    },
}

RECALL_LIMIT = 8


class Toolbox:
    """Runs the model's tool calls for one user against a ``Memory``."""

    def __init__(self, memory: Memory, user_id: str, saved: SavedFacts, turn: Episode | None = None) -> None:
        self.memory = memory
        self.user_id = user_id
        self.saved = saved
        self.turn = turn
        self.schemas = [remember_schema(), RECALL, FORGET]
        self.recalled: list[UsedMemory] = []

    def run(self, call: ToolCall, now: datetime) -> ToolRun:
        """The call's result, or its error as the model will read it."""
        handlers = {"remember": self._remember, "recall": self._recall, "forget": self._forget}
        handler = handlers.get(call.name)
        try:
            if handler is None:
                raise ValidationError("name", f"unknown tool {call.name!r}; use {sorted(handlers)}")
            if not isinstance(call.arguments, dict):
                raise ValidationError("arguments", "must be a JSON object")
            result = handler(call.arguments, now)
        except LembrarError as exc:
            return ToolRun(call.name, call.arguments, {"error": str(exc)}, str(exc), call.id)
        return ToolRun(call.name, call.arguments, result, None, call.id)

    def _remember(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        fact = args.get("fact") or args.get("text") or args.get("content")
        if not isinstance(fact, str) or not fact.strip():
            raise ValidationError("fact", "give the fact to remember as a non-empty string")
        on_conflict = args.get("on_conflict") or "ask"
        source = self.turn.id if self.turn is not None else None
        return self.saved.save(fact.strip(), on_conflict=on_conflict, source_episode_id=source)

    def _recall(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        settings = self.memory.user_settings(self.user_id)
        since = _bound(args.get("since"), settings, "since", end=False)
        until = _bound(args.get("until"), settings, "until", end=True)
        filters = Filters(since=since, until=until)
        query = args.get("query")
        if isinstance(query, str) and query.strip():
            hits = self.memory.search(query, self.user_id, RECALL_LIMIT + 1, filters=filters, now=now)
            found = [(h.episode, h.score) for h in hits if not self._is_turn(h.episode)][:RECALL_LIMIT]
        else:
            page = self.memory.get_all(self.user_id, filters, order="desc", limit=RECALL_LIMIT + 1)
            latest = [e for e in page.items if not self._is_turn(e)][:RECALL_LIMIT]
            found = [(e, None) for e in reversed(latest)]
        self.recalled += [_used(e, score) for e, score in found]
        return {"memories": [_described(e) for e, _ in found]}

    def _is_turn(self, episode: Episode) -> bool:
        """Whether ``episode`` is the message being answered (stored, but not a memory yet)."""
        return self.turn is not None and episode.id == self.turn.id

    def _forget(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        ident = args.get("id")
        if not isinstance(ident, str) or not ident.strip():
            raise ValidationError("id", "give the id of the saved fact or message to forget")
        if self.saved.delete(ident.strip()):
            return {"status": "forgotten", "id": ident, "kind": "saved memory"}
        try:
            self.memory.delete(ident.strip(), self.user_id)
        except NotFoundError:
            raise NotFoundError("memory", ident) from None
        return {"status": "forgotten", "id": ident, "kind": "episode"}


def remember_schema() -> dict[str, Any]:
    """The saved-memory layer's ``remember`` tool when it has one, else :data:`REMEMBER`."""
    try:
        from lembrar.layers.saved import REMEMBER_TOOL
    except ImportError:
        return REMEMBER
    return REMEMBER_TOOL


def result_content(run: ToolRun) -> str:
    """The tool message's content: the result as JSON."""
    return json.dumps(run.result, ensure_ascii=False, default=str)


def _bound(value: Any, settings: UserSettings, field: str, *, end: bool) -> datetime | None:
    """A day in the user's zone (its midnight; the next one for an inclusive end), an ISO
    instant, or None."""
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise ValidationError(field, "use a date as YYYY-MM-DD")
    try:
        day = date.fromisoformat(value.strip())
    except ValueError:
        return parse_instant(value, settings, field)
    return at_local(day + timedelta(days=1 if end else 0), 0, zone(settings.zone_name))


def _described(episode: Episode) -> dict[str, Any]:
    tags = episode.tags
    return {
        "id": episode.id, "when": f"{tags.weekday.capitalize()} {tags.local:%Y-%m-%d %H:%M}",
        "session": episode.session_id, "who": episode.role or episode.kind, "text": episode.content,
    }


def _used(episode: Episode, score: float | None) -> UsedMemory:
    tags = episode.tags
    return UsedMemory("recall", episode.content, episode.id, f"{tags.local:%Y-%m-%d %H:%M}", score, via="recall")
