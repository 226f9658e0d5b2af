"""The memory tools a model can call, as data: names, descriptions, JSON schemas, annotations.

One catalogue for every surface: the assistant's function calling, the HTTP API and the MCP
server. ``openai_tool`` gives a spec in the OpenAI function-calling shape; the MCP server
reads the same fields. Descriptions are written for the model that will call the tool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lembrar.model.graph import ENTITY_TYPES
from lembrar.retrieval.config import MAX_QUERY_CHARS, PRESETS

__all__ = ["CATALOGUE", "ToolSpec", "openai_tool", "openai_tools", "spec"]

_DATE = "a day as YYYY-MM-DD, or an ISO 8601 instant"


@dataclass(frozen=True)
class ToolSpec:
    """One tool. The three hints say what calling it does to the user's memory."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    read_only: bool
    destructive: bool
    idempotent: bool


def _schema(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


REMEMBER = ToolSpec(
    name="remember",
    title="Remember",
    description=(
        "Store something in the user's long-term memory.\n"
        "- kind 'saved' (default): a lasting fact or preference that should come up in every "
        "later conversation. Use it when the user asks you to remember something ('remember "
        "that I'm vegetarian'). Write it in the first person, as the user would say it, one fact "
        'per call: {"fact": "I\'m vegetarian"}. It is checked against saved facts: a '
        "'duplicate' is not stored again; a 'conflict' (e.g. 'I live in Porto' after 'I live in "
        "Lisbon') stores nothing until you ask the user and call again with on_conflict "
        "'replace' or 'keep_both'.\n"
        "- kind 'event': something that happened or was said, kept with its date and found "
        'later by recall: {"fact": "Had dinner with Ana at Casa Pasto", "kind": "event", '
        '"at": "2024-05-19T20:00:00+01:00"}.'
    ),
    input_schema=_schema(
        {
            "fact": {
                "type": "string",
                "minLength": 1,
                "maxLength": 4000,
                "description": 'What to remember, e.g. "I\'m vegetarian" or "I live in Porto".',
            },
            "kind": {
                "type": "string",
                "enum": ["saved", "event"],
                "default": "saved",
                "description": "'saved': a lasting fact (at most 500 characters); "
                "'event': something that happened, kept with its time.",
            },
            "on_conflict": {
                "type": "string",
                "enum": ["ask", "replace", "keep_both"],
                "default": "ask",
                "description": "For kind 'saved', when it contradicts a saved fact: ask "
                "(store nothing and report the conflict), replace (retire "
                "the old fact) or keep_both.",
            },
            "at": {
                "type": "string",
                "description": f"For kind 'event': when it happened, {_DATE} (default: now).",
            },
            "session_id": {
                "type": "string",
                "description": "For kind 'event': the conversation it belongs to.",
            },
        },
        ("fact",),
    ),
    read_only=False,
    destructive=False,
    idempotent=False,
)

RECALL = ToolSpec(
    name="recall",
    title="Recall",
    description=(
        "Search what the user said and did in past conversations, by meaning, words and time. "
        "Use it when the memories you were given do not cover what the user asks about. Put "
        "time phrases in the query or in 'when' ('last Sunday', 'two weeks ago', 'in March', "
        "'no domingo passado'); they are read in the user's time zone. Examples: "
        '{"query": "what did we say about the trip to Japan last month"}, '
        '{"query": "guitar", "when": "last week"}, '
        '{"since": "2024-05-19", "until": "2024-05-19"} (everything from that day). '
        "Returns dated memories, each with its id and a score in [0, 1], and the time window "
        "it understood: first the facts the user asked you to remember that match the query "
        '(marked "saved": true), then what was said, best first.'
    ),
    input_schema=_schema(
        {
            "query": {
                "type": "string",
                "maxLength": MAX_QUERY_CHARS,
                "description": "What to look for, in natural language; may "
                "name a time. Empty: the latest memories in "
                "the dates given.",
            },
            "when": {
                "type": "string",
                "description": "A time phrase or date on its own, e.g. "
                "'yesterday', 'last summer', '2024-05-19'.",
            },
            "since": {"type": "string", "description": f"First day (inclusive): {_DATE}."},
            "until": {"type": "string", "description": f"Last day (inclusive): {_DATE}."},
            "session_id": {"type": "string", "description": "Only this conversation."},
            "role": {
                "type": "string",
                "enum": ["user", "assistant"],
                "description": "Only what the user said, or only what the assistant said.",
            },
            "k": {
                "type": "integer",
                "minimum": 1,
                "maximum": 50,
                "default": 8,
                "description": "How many memories to return.",
            },
        }
    ),
    read_only=True,
    destructive=False,
    idempotent=True,
)

CONTEXT = ToolSpec(
    name="context",
    title="Memory context",
    description=(
        "The prompt-ready memory block for a message: the user's saved facts, insights, recent "
        "history from other conversations and the past moments that matter for the message, "
        "dated and within a token budget. Call it at the start of a conversation or when the "
        'topic changes: {"query": "Can you suggest a dinner for Saturday?"}.'
    ),
    input_schema=_schema(
        {
            "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_QUERY_CHARS,
                "description": "The user's message (or the topic) the context is for.",
            },
            "budget_tokens": {
                "type": "integer",
                "minimum": 16,
                "maximum": 32000,
                "default": 1500,
                "description": "The most tokens the block may take.",
            },
            "session_id": {
                "type": "string",
                "description": "The conversation in progress: its own "
                "turns are left out of recent history.",
            },
            "preset": {
                "type": "string",
                "enum": sorted(PRESETS),
                "description": "Search preset (default: the server's).",
            },
        },
        ("query",),
    ),
    read_only=True,
    destructive=False,
    idempotent=True,
)

FORGET = ToolSpec(
    name="forget",
    title="Forget",
    description=(
        "Delete from the user's memory, for good (with everything derived from it), when the "
        "user asks you to forget. Give exactly one of: 'id' (a memory or a saved fact, as "
        'returned by recall, timeline or saved_memories): {"id": "01f3..."}; \'session_id\' (a '
        "whole conversation); or 'everything': true with 'confirm': true to erase all that is "
        "stored about the user. Ask the user before erasing everything."
    ),
    input_schema=_schema(
        {
            "id": {"type": "string", "description": "The id of a memory or of a saved fact."},
            "session_id": {"type": "string", "description": "A conversation to delete entirely."},
            "everything": {
                "type": "boolean",
                "default": False,
                "description": "Erase everything stored about the user.",
            },
            "confirm": {
                "type": "boolean",
                "default": False,
                "description": "Must be true with 'everything', after the user confirmed.",
            },
        }
    ),
    read_only=False,
    destructive=True,
    idempotent=True,
)

TIMELINE = ToolSpec(
    name="timeline",
    title="Timeline",
    description=(
        "What happened in a period, grouped by conversation, oldest first: for questions like "
        '\'what did we talk about last week?\'. Examples: {"when": "yesterday"}, '
        '{"when": "last week"}, {"when": "May 2024"}, '
        '{"since": "2024-05-01", "until": "2024-05-07"}.'
    ),
    input_schema=_schema(
        {
            "when": {
                "type": "string",
                "description": "A day, week or month as a phrase or date: "
                "'today', 'last week', 'in March', "
                "'2024-05-19'.",
            },
            "since": {"type": "string", "description": f"First day (inclusive): {_DATE}."},
            "until": {"type": "string", "description": f"Last day (inclusive): {_DATE}."},
            "per_session": {
                "type": "integer",
                "minimum": 1,
                "maximum": 50,
                "default": 6,
                "description": "At most this many messages shown per conversation.",
            },
        }
    ),
    read_only=True,
    destructive=False,
    idempotent=True,
)

SAVED_MEMORIES = ToolSpec(
    name="saved_memories",
    title="Saved memories",
    description=(
        "List, correct or delete the facts saved about the user (what 'remember' stored). "
        '{"action": "list"}; {"action": "edit", "id": "...", "text": "I live in '
        'Braga"} when the user corrects one; {"action": "delete", "id": "..."} when '
        "they ask you to drop one."
    ),
    input_schema=_schema(
        {
            "action": {"type": "string", "enum": ["list", "edit", "delete"], "default": "list"},
            "id": {"type": "string", "description": "The saved fact to edit or delete."},
            "text": {"type": "string", "description": "For edit: the corrected fact."},
        }
    ),
    read_only=False,
    destructive=True,
    idempotent=True,
)

_LIMIT = {
    "type": "integer",
    "minimum": 1,
    "maximum": 50,
    "default": 10,
    "description": "How many to return.",
}

FACTS = ToolSpec(
    name="facts",
    title="Facts",
    description=(
        "What is known about the user and the people, places and things in their life, from "
        "the knowledge graph built from past conversations, with when each fact held: facts "
        "that hold now first, superseded ones marked with the dates they held. For questions "
        "like 'where does my sister live now?' or 'where did I work in 2022?'. Examples: "
        '{"query": "where do I live"}, {"query": "job", "as_of": "2022-06-01"}, '
        '{"entity": "Ana"} (every fact about Ana), {"query": "where did I live in 2021"}.'
    ),
    input_schema=_schema(
        {
            "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_QUERY_CHARS,
                "description": "What to look for, e.g. 'where does Ana live'; may name a time "
                "('in 2022'). Empty: every fact, newest first.",
            },
            "entity": {
                "type": "string",
                "minLength": 1,
                "description": "Only facts about this person, place or thing (a name, e.g. "
                "'Ana' or 'my sister', as the entities tool lists them).",
            },
            "as_of": {
                "type": "string",
                "minLength": 1,
                "description": f"Only facts that held then: {_DATE}, or a time phrase "
                "('last June', 'in 2022'), read in the user's time zone.",
            },
            "limit": _LIMIT,
        }
    ),
    read_only=True,
    destructive=False,
    idempotent=True,
)

ENTITIES = ToolSpec(
    name="entities",
    title="Entities",
    description=(
        "The people, places, organizations and things the user's conversations name, from the "
        "knowledge graph, each with its other names, how often it came up and what holds "
        'about it now. Examples: {"query": "my sister"}, {"type": "place"}, {} (the most '
        "mentioned first). Use facts with 'entity' for the whole history of one."
    ),
    input_schema=_schema(
        {
            "query": {
                "type": "string",
                "minLength": 1,
                "description": "A name or description to look for, e.g. 'Ana' or 'my sister'.",
            },
            "type": {
                "type": "string",
                "enum": list(ENTITY_TYPES),
                "description": "Only entities of this type.",
            },
            "limit": _LIMIT,
        }
    ),
    read_only=True,
    destructive=False,
    idempotent=True,
)

CATALOGUE: tuple[ToolSpec, ...] = (
    REMEMBER,
    RECALL,
    CONTEXT,
    FORGET,
    TIMELINE,
    SAVED_MEMORIES,
    FACTS,
    ENTITIES,
)
_BY_NAME = {tool.name: tool for tool in CATALOGUE}


def spec(name: str) -> ToolSpec:
    """The tool called ``name``; ``KeyError`` for another name."""
    return _BY_NAME[name]


def openai_tool(name: str) -> dict[str, Any]:
    """The tool in the OpenAI function-calling shape (``{"type": "function", ...}``)."""
    tool = spec(name)
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": tool.input_schema,
        },
    }


def openai_tools(names: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Several tools (all of them by default) in the OpenAI function-calling shape."""
    return [openai_tool(name) for name in (names or tuple(_BY_NAME))]
