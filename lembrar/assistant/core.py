"""``Assistant``: a chat that remembers, one user and one session at a time.

Per turn: the ``Memory.context`` block for the message (saved memories, insights, recent
history, retrieved conversations) goes into the system prompt; the user's message is stored;
the model answers, calling the ``remember`` / ``recall`` / ``forget`` tools (and the graph's
``facts`` / ``entities`` where the store keeps one) for at most ``max_tool_rounds`` rounds;
the reply is stored. Both are episodes of the session.
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import suppress
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lembrar.assistant.reply import Reply, ReplyStream, ToolRun, UsedMemory
from lembrar.assistant.tools import Toolbox, result_content
from lembrar.context import ContextBlock
from lembrar.errors import NotFoundError, ValidationError
from lembrar.llm.types import Usage
from lembrar.model.episode import Episode, new_id, require_text
from lembrar.model.ids import user_key
from lembrar.model.inputs import EpisodeIn
from lembrar.retrieval.config import SearchConfig
from lembrar.tools import SavedFacts

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.types import ChatResult, Message
    from lembrar.memory import Memory

__all__ = ["Assistant"]

HISTORY_MESSAGES = 20


class Assistant:
    """Chat with ``llm``, remembering in ``memory`` for ``user_id``.

    ``session_id`` names the conversation (a new one when None; an existing one is resumed
    with its last turns). ``search`` is the preset or config for retrieval (``llm_*`` steps
    included, run by ``memory.llm``); ``budget_tokens`` bounds the memory block.
    """

    def __init__(
        self,
        memory: Memory,
        llm: LLMClient,
        user_id: str,
        session_id: str | None = None,
        *,
        search: SearchConfig | str | None = None,
        k: int = 8,
        budget_tokens: int = 1500,
        max_tool_rounds: int = 4,
    ) -> None:
        self.memory = memory
        self.llm = llm
        self.user_id = user_key(user_id)
        self.session_id = session_id or f"chat-{memory.now():%Y%m%d-%H%M%S}-{new_id()[-4:]}"
        self.search = search
        self.k = k
        self.budget_tokens = budget_tokens
        if max_tool_rounds < 0:
            raise ValidationError("max_tool_rounds", "must be 0 or more")
        self.max_tool_rounds = max_tool_rounds
        self.saved = SavedFacts(memory, self.user_id)
        self.history: list[Message] = self._load_history() if session_id else []

    def chat(self, message: str) -> Reply:
        """The reply to ``message``, once complete (tools run, turn stored)."""
        turn = self._turn(message, stream=False)
        while True:
            try:
                next(turn)
            except StopIteration as done:
                reply: Reply = done.value  # what _turn returns
                return reply

    def stream(self, message: str) -> ReplyStream:
        """The reply to ``message`` as text deltas; ``.reply`` once read to the end."""
        return ReplyStream(self._turn(message, stream=True))

    # -- one turn --------------------------------------------------------------------------
    def _turn(self, message: str, *, stream: bool) -> Generator[str, None, Reply]:
        """Context, then the user's message is stored, then the model (and tools), then the reply.

        If the model fails (or a stream is closed early), the message is deleted again: a turn
        is stored whole or not at all.
        """
        require_text("message", message)
        now = self.memory.now()
        context = self.memory.context(
            message,
            self.user_id,
            budget_tokens=self.budget_tokens,
            now=now,
            k=self.k,
            preset=self.search,
            session_id=self.session_id,
        )
        [turn] = self.memory.add_many(
            [EpisodeIn(self.user_id, message, "user", session_id=self.session_id, at=now)]
        )
        try:
            toolbox = Toolbox(self.memory, self.user_id, turn)
            result, runs, usage = yield from self._answer(message, context, now, toolbox, stream)
        except BaseException:
            with suppress(NotFoundError):
                self.memory.delete(turn.id, self.user_id)
            raise
        stored = self._store_reply(result.text, runs)
        self.history = [*self.history, _message(turn), *map(_message, stored[:1])][
            -HISTORY_MESSAGES:
        ]
        used = _context_memories(context) + tuple(toolbox.recalled)
        return Reply(result.text, used, tuple(runs), (turn, *stored), context, usage)

    def _answer(
        self, message: str, context: ContextBlock, now: datetime, toolbox: Toolbox, stream: bool
    ) -> Generator[str, None, tuple[ChatResult, list[ToolRun], Usage]]:
        """The model's final answer after at most ``max_tool_rounds`` rounds of tool calls."""
        from lembrar.llm.prompts import answer

        messages = answer.render(message, memories=context.text, now=now, history=self.history)
        runs: list[ToolRun] = []
        usage = Usage()
        for round_ in range(self.max_tool_rounds + 1):
            last = round_ == self.max_tool_rounds
            result = yield from self._complete(
                messages, toolbox.schemas, "none" if last else None, stream
            )
            usage += result.usage
            if not result.tool_calls or last:
                return result, runs, usage
            messages.append(result.as_message())
            for call in result.tool_calls:
                run = toolbox.run(call, now)
                runs.append(run)
                messages.append(
                    {"role": "tool", "tool_call_id": call.id, "content": result_content(run)}
                )
        raise AssertionError("unreachable: the last round returns")

    def _complete(
        self, messages: list[Message], tools: list[dict[str, Any]], choice: str | None, stream: bool
    ) -> Generator[str, None, ChatResult]:
        if not stream:
            return self.llm.chat(messages, tools=tools, tool_choice=choice)
        with self.llm.stream(messages, tools=tools, tool_choice=choice) as chunks:
            yield from chunks
            return chunks.result

    def _store_reply(self, text: str, runs: list[ToolRun]) -> list[Episode]:
        """The reply (and, with capture on, its memory record), stored now; nothing if empty."""
        if not text.strip():
            return []
        metadata = {"tool_calls": [r.name for r in runs]} if runs else {}
        reply = EpisodeIn(
            self.user_id,
            text,
            "assistant",
            session_id=self.session_id,
            at=self.memory.now(),
            metadata=metadata,
        )
        return self.memory.add_many([reply])

    def _load_history(self) -> list[Message]:
        """The last turns of the session, oldest first (empty for a new session)."""
        page = self.memory.get_all(
            self.user_id,
            {"session_id": self.session_id, "kinds": ("message",)},
            order="desc",
            limit=HISTORY_MESSAGES,
        )
        return [_message(e) for e in reversed(page.items) if e.role in ("user", "assistant")]


def _message(episode: Episode) -> Message:
    return {"role": episode.role, "content": episode.content}


def _context_memories(context: ContextBlock) -> tuple[UsedMemory, ...]:
    """The items of each context section, as the model saw them."""
    return tuple(
        UsedMemory(
            section.name,
            str(_first(item, "text", "statement", "fact", "summary") or ""),
            _first(item, "episode_id", "summary_id", "id"),
            _when(item),
            item.get("score"),
        )
        for section in context.sections
        for item in section.items
    )


def _first(item: dict[str, Any], *keys: str) -> Any:
    return next((item[key] for key in keys if item.get(key) is not None), None)


def _when(item: dict[str, Any]) -> str | None:
    """``2024-05-19 13:05``: the local date and time of a retrieved turn, or the day an item
    (a saved fact, a recent message, an insight) dates from."""
    if item.get("local_date"):
        return f"{item['local_date']} {item.get('local_time', '')}".strip()
    stamp = _first(item, "at", "saved_at", "last_at", "created_at")
    if not isinstance(stamp, str):
        return None
    try:
        return f"{datetime.fromisoformat(stamp):%Y-%m-%d %H:%M}"
    except ValueError:
        return stamp
