"""The assistant's ``facts`` tool: the knowledge graph's facts, with when each held."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from lembrar.errors import ValidationError
from lembrar.graph.views import validity

if TYPE_CHECKING:
    from lembrar.engine import Memory

FACTS: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "facts",
        "description": "Look up what is known about the user and the people, places and things in their "
        "life, with when each fact held: current facts first, superseded ones marked. Use it for questions "
        "like 'where does my sister live now?' or 'where did I work in 2022?'.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "what to look for, e.g. 'where does Ana live'",
                },
                "as_of": {
                    "type": "string",
                    "description": "only facts valid at this date, YYYY-MM-DD",
                },
            },
            "required": ["query"],
        },
    },
}
FACTS_LIMIT = 8


def run_facts(memory: Memory, user_id: str, args: dict[str, Any], now: datetime) -> dict[str, Any]:
    query = args.get("query")
    if not isinstance(query, str) or not query.strip():
        raise ValidationError("query", "say what to look for as a non-empty string")
    as_of = args.get("as_of") or None
    if as_of is not None and not isinstance(as_of, str):
        raise ValidationError("as_of", "use a date as YYYY-MM-DD")
    if as_of is not None and len(as_of.strip()) == 10:
        as_of = f"{as_of.strip()}T12:00:00+00:00"
    hits = memory.graph.search(query, user_id, limit=FACTS_LIMIT, as_of=as_of, now=now)
    return {
        "facts": [
            {
                "id": h.id,
                "fact": h.text,
                "when": validity(h.fact),
                "episodes": list(h.fact.episodes),
            }
            for h in hits
            if h.fact is not None
        ]
    }
