"""``ToolRunner``: runs the catalogue's tools for one user against a ``Memory``.

``call(name, arguments)`` checks the arguments against the tool's schema and returns a
JSON-able dict; a bad call raises a ``LembrarError`` whose message names the argument, for the
caller to hand back to the model (the assistant as ``{"error": ...}``, MCP as a tool error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from itertools import groupby
from typing import TYPE_CHECKING, Any

from lembrar.errors import NotFoundError, ValidationError
from lembrar.model.episode import Episode
from lembrar.model.layers import SavedMemory
from lembrar.model.query import Filters
from lembrar.model.timetags import zone
from lembrar.tools import graph as graph_tools
from lembrar.tools.arguments import checked
from lembrar.tools.catalogue import spec
from lembrar.tools.saved import SavedFacts
from lembrar.tools.views import bound, described, phrase_window, understood

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["ToolRunner"]

TIMELINE_LIMIT = 2000


class ToolRunner:
    """The tools of one user. ``turn``: the message being answered, if it is already stored
    (recall leaves it out; a fact saved from it is linked to it)."""

    def __init__(
        self,
        memory: Memory,
        user_id: str,
        *,
        turn: Episode | None = None,
    ) -> None:
        self.memory = memory
        self.user_id = user_id
        self.saved = SavedFacts(memory, user_id)
        self.turn = turn
        self.recalled: list[tuple[Episode, float | None]] = []
        self._handlers: dict[str, Callable[[dict[str, Any], datetime], dict[str, Any]]] = {
            "remember": self._remember,
            "recall": self._recall,
            "context": self._context,
            "forget": self._forget,
            "timeline": self._timeline,
            "saved_memories": self._saved_memories,
            "facts": lambda args, now: graph_tools.facts(memory, user_id, args, now),
            "entities": lambda args, now: graph_tools.entities(memory, user_id, args, now),
        }

    def call(self, name: str, arguments: object, now: datetime | None = None) -> dict[str, Any]:
        handler = self._handlers.get(name)
        if handler is None:
            raise ValidationError("name", f"unknown tool {name!r}; use {sorted(self._handlers)}")
        return handler(checked(spec(name), arguments), now or self.memory.now())

    # -- remember -----------------------------------------------------------------------
    def _remember(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        fact = args["fact"].strip()
        if args["kind"] == "saved":
            for name in ("at", "session_id"):
                if name in args:
                    raise ValidationError(name, "only for kind 'event'; a saved fact has no date")
            source = self.turn.id if self.turn is not None else None
            return self.saved.save(fact, on_conflict=args["on_conflict"], source_episode_id=source)
        [episode] = self.memory.add(
            {"role": "user", "content": fact},
            self.user_id,
            session_id=args.get("session_id"),
            at=args.get("at") or now,
        )
        return {"status": "stored", "kind": "event", **described(episode)}

    # -- recall -------------------------------------------------------------------------
    def _recall(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        """Saved facts the query is about first (marked ``saved``), then episodes, ``k`` in all."""
        filters, window = self._filters(args), None
        if "when" in args:  # on its own, a time phrase is a hard limit, not a ranking hint
            window = phrase_window(
                args["when"], now, self.memory.user_settings(self.user_id), self.memory.config
            )
            filters = replace(
                filters,
                since=_later(filters.since, window[0]),
                until=_earlier(filters.until, window[1]),
            )
        query, k = args.get("query", "").strip(), args["k"]
        if query:
            result = self.memory.retrieve(query, self.user_id, k + 1, filters=filters, now=now)
            found: list[tuple[Episode, float | None]] = [
                (h.episode, h.score) for h in result.hits if not self._is_turn(h.episode)
            ]
            time = understood(result.time)
        else:
            page = self.memory.get_all(self.user_id, filters, order="desc", limit=k + 1)
            found = [(e, None) for e in reversed(page.items) if not self._is_turn(e)]
            time = None
        if window is not None:
            time = {
                **(time or {}),
                "when": {
                    "start": window[0].isoformat(),
                    "end": window[1].isoformat(),
                    "phrase": args["when"],
                },
            }
        saved = [self._saved_view(f, score) for f, score in self._saved_matches(query, filters)]
        found = found[: max(0, k - len(saved))]
        self.recalled += found
        episodes = [described(e, score) for e, score in found]
        return {"understood": time, "memories": (saved + episodes)[:k]}

    def _saved_matches(self, query: str, filters: Filters) -> list[tuple[SavedMemory, float]]:
        """Saved facts about ``query``, saved within the call's dates; none for a search
        limited to one conversation or to what the assistant said."""
        if not query or filters.session_id is not None or filters.roles == ("assistant",):
            return []
        return [
            (fact, score)
            for fact, score in self.saved.matching(query)
            if (filters.since is None or fact.created_at >= filters.since)
            and (filters.until is None or fact.created_at < filters.until)
        ]

    def _saved_view(self, fact: SavedMemory, score: float) -> dict[str, Any]:
        local = fact.created_at.astimezone(zone(self.memory.user_settings(self.user_id).zone_name))
        return {
            "id": fact.id,
            "saved": True,
            "when": f"saved {local:%A %Y-%m-%d %H:%M}",
            "at": local.isoformat(),
            "session": None,
            "who": "saved memory",
            "text": fact.text,
            "score": round(score, 4),
        }

    def _filters(self, args: dict[str, Any]) -> Filters:
        settings = self.memory.user_settings(self.user_id)
        since = bound(args.get("since"), settings, "since", end=False)
        until = bound(args.get("until"), settings, "until", end=True)
        roles = (args["role"],) if "role" in args else ()
        return Filters(session_id=args.get("session_id"), roles=roles, since=since, until=until)

    def _is_turn(self, episode: Episode) -> bool:
        return self.turn is not None and episode.id == self.turn.id

    # -- context ------------------------------------------------------------------------
    def _context(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        block = self.memory.context(
            args["query"],
            self.user_id,
            budget_tokens=args["budget_tokens"],
            now=now,
            session_id=args.get("session_id"),
            preset=args.get("preset"),
        )
        return block.as_dict()

    # -- forget -------------------------------------------------------------------------
    def _forget(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        chosen = [n for n in ("id", "session_id") if n in args] + (
            ["everything"] * args["everything"]
        )
        if len(chosen) != 1:
            raise ValidationError("id", "give exactly one of 'id', 'session_id' or 'everything'")
        if chosen == ["everything"]:
            return self._forget_everything(args["confirm"])
        if chosen == ["session_id"]:
            count = self.memory.delete_all(self.user_id, session_id=args["session_id"])
            if not count:
                raise NotFoundError("session", args["session_id"])
            return {"status": "forgotten", "session_id": args["session_id"], "deleted": count}
        return self._forget_one(args["id"].strip())

    def _forget_one(self, ident: str) -> dict[str, Any]:
        if self.saved.delete(ident):
            return {"status": "forgotten", "id": ident, "kind": "saved memory"}
        try:
            self.memory.delete(ident, self.user_id)
        except NotFoundError:
            raise NotFoundError("memory", ident) from None
        return {"status": "forgotten", "id": ident, "kind": "episode"}

    def _forget_everything(self, confirm: bool) -> dict[str, Any]:
        if not confirm:
            raise ValidationError(
                "confirm",
                "set confirm to true, once the user has confirmed, "
                "to erase everything stored about them",
            )
        return {
            "status": "forgotten",
            "everything": True,
            "deleted": self.memory.forget_user(self.user_id),
        }

    # -- timeline -----------------------------------------------------------------------
    def _timeline(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        settings = self.memory.user_settings(self.user_id)
        if not {"when", "since", "until"} & set(args):
            raise ValidationError("when", "name a period: 'when' (e.g. 'last week') or since/until")
        start, end = (
            phrase_window(args["when"], now, settings, self.memory.config)
            if "when" in args
            else (None, None)
        )
        filters = replace(self._filters(args), session_id=None, roles=())
        filters = replace(
            filters, since=_later(filters.since, start), until=_earlier(filters.until, end)
        )
        page = self.memory.get_all(self.user_id, filters, order="asc", limit=TIMELINE_LIMIT)
        sessions = [
            _session(sid, list(turns), args["per_session"])
            for sid, turns in groupby(sorted(page.items, key=_by_session), key=_session_id)
        ]
        sessions.sort(key=lambda s: s["first"])
        return {
            "since": _iso(filters.since),
            "until": _iso(filters.until),
            "messages": len(page.items),
            "truncated": page.next_cursor is not None,
            "sessions": sessions,
        }

    # -- saved memories ---------------------------------------------------------------------
    def _saved_memories(self, args: dict[str, Any], now: datetime) -> dict[str, Any]:
        action = args["action"]
        if action == "list":
            return {
                "memories": [
                    {"id": f.id, "text": f.text, "created_at": f.created_at.isoformat()}
                    for f in self.saved.list()
                ]
            }
        ident = args.get("id")
        if not ident:
            raise ValidationError(
                "id", f"{action} needs the id of a saved fact (see action 'list')"
            )
        if action == "delete":
            if not self.saved.delete(ident):
                raise NotFoundError("saved memory", ident)
            return {"status": "deleted", "id": ident}
        if not args.get("text", "").strip():
            raise ValidationError("text", "edit needs the corrected fact as 'text'")
        fact = self.saved.edit(ident, args["text"].strip())
        return {"status": "edited", "id": fact.id, "text": fact.text}


def _session_id(episode: Episode) -> str:
    return episode.session_id or ""


def _by_session(episode: Episode) -> tuple[str, datetime]:
    return _session_id(episode), episode.at


def _session(session_id: str, turns: list[Episode], shown: int) -> dict[str, Any]:
    return {
        "session_id": session_id or None,
        "first": turns[0].tags.local.isoformat(),
        "last": turns[-1].tags.local.isoformat(),
        "count": len(turns),
        "messages": [described(e) for e in turns[:shown]],
    }


def _later(a: datetime | None, b: datetime | None) -> datetime | None:
    return b if a is None else a if b is None else max(a, b)


def _earlier(a: datetime | None, b: datetime | None) -> datetime | None:
    return b if a is None else a if b is None else min(a, b)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()
