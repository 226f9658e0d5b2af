"""What an MCP client can browse (saved memories, recent conversations, one conversation) and
the prompt that loads the memory context for a question. The listings are plain data; what
reads the memory is imported when a resource is first read, not when the server starts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import mcp_types as types

from lembrar.errors import NotFoundError, ValidationError

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["PROMPTS", "RESOURCES", "TEMPLATES", "prompt", "read"]

SAVED = "lembrar://saved-memories"
SESSIONS = "lembrar://sessions"
SESSION_PREFIX = "lembrar://sessions/"
RECENT_SESSIONS = 20
SESSION_TURNS = 200
JSON = "application/json"

RESOURCES = [
    types.Resource(
        uri=SAVED,
        name="saved-memories",
        title="Saved memories",
        mime_type=JSON,
        description="The facts the user asked to be remembered, oldest first.",
    ),
    types.Resource(
        uri=SESSIONS,
        name="sessions",
        title="Recent conversations",
        mime_type=JSON,
        description=f"The {RECENT_SESSIONS} latest conversations with their time span.",
    ),
]
TEMPLATES = [
    types.ResourceTemplate(
        uri_template=SESSION_PREFIX + "{session_id}",
        name="session",
        title="One conversation",
        mime_type=JSON,
        description="The messages of one conversation, in order.",
    ),
]
PROMPTS = [
    types.Prompt(
        name="with_memory",
        title="Answer with memory",
        description="Loads what is remembered that matters for a question, then asks it.",
        arguments=[
            types.PromptArgument(
                name="question", required=True, description="The question or message to answer."
            ),
            types.PromptArgument(
                name="budget_tokens",
                required=False,
                description="Most tokens of memory (default 1500).",
            ),
        ],
    ),
]


def read(memory: Memory, user_id: str, uri: str) -> types.ReadResourceResult:
    from lembrar.tools.saved import SavedFacts

    if uri == SAVED:
        facts = SavedFacts(memory, user_id).list()
        body: Any = [
            {"id": f.id, "text": f.text, "created_at": f.created_at.isoformat()} for f in facts
        ]
    elif uri == SESSIONS:
        body = [_session(s) for s in memory.sessions(user_id)[-RECENT_SESSIONS:][::-1]]
    elif uri.startswith(SESSION_PREFIX) and len(uri) > len(SESSION_PREFIX):
        body = _turns(memory, user_id, uri[len(SESSION_PREFIX) :])
    else:
        raise NotFoundError("resource", uri)
    text = json.dumps(body, ensure_ascii=False, indent=1)
    return types.ReadResourceResult(
        contents=[types.TextResourceContents(uri=uri, text=text, mime_type=JSON)]
    )


def _session(info: Any) -> dict[str, Any]:
    return {
        "session_id": info.session_id,
        "first": info.first_at.isoformat(),
        "last": info.last_at.isoformat(),
        "messages": info.episodes,
        "uri": SESSION_PREFIX + info.session_id,
    }


def _turns(memory: Memory, user_id: str, session_id: str) -> list[dict[str, Any]]:
    from lembrar.model.query import Filters
    from lembrar.tools.views import described

    page = memory.get_all(user_id, Filters(session_id=session_id), limit=SESSION_TURNS)
    if not page.items:
        raise NotFoundError("session", session_id)
    return [described(e) for e in page.items]


def prompt(
    memory: Memory, user_id: str, name: str, arguments: dict[str, str]
) -> types.GetPromptResult:
    if name != "with_memory":
        raise NotFoundError("prompt", name)
    question = (arguments.get("question") or "").strip()
    if not question:
        raise ValidationError("question", "with_memory needs the question to answer")
    budget = _budget(arguments.get("budget_tokens"))
    block = memory.context(question, user_id, budget_tokens=budget)
    text = f"What you remember about me:\n\n{block.text}\n\n{question}" if block.text else question
    return types.GetPromptResult(
        description="The question with the memories that matter for it",
        messages=[types.PromptMessage(role="user", content=types.TextContent(text=text))],
    )


def _budget(value: str | None) -> int:
    if value is None or not value.strip():
        return 1500
    if not value.strip().isdigit():
        raise ValidationError("budget_tokens", "a whole number of tokens, e.g. 1500")
    return int(value)
