"""Context: a prompt-ready block of what matters for a query, within a token budget."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from lembrar.api.schemas.common import Count, Instant, NonBlank, RequestModel
from lembrar.api.schemas.search import NOW_HELP, PRESET_HELP, FiltersIn, PresetName
from lembrar.context import ContextBlock
from lembrar.retrieval.config import MAX_QUERY_CHARS


class ContextRequest(RequestModel):
    query: NonBlank = Field(max_length=MAX_QUERY_CHARS)
    budget_tokens: Count = Field(1500, ge=16, le=100_000)
    k: Count = Field(8, ge=1, le=100)
    filters: FiltersIn | None = None
    now: Instant | None = Field(None, description=NOW_HELP)
    preset: PresetName | None = Field(None, description=PRESET_HELP)


class ContextSectionOut(BaseModel):
    name: str
    title: str
    lines: list[str]
    items: list[dict[str, Any]]


class ContextOut(BaseModel):
    """The block to put in a prompt (``text``) and the same content as data (``sections``)."""

    text: str
    tokens: int
    now: datetime
    sections: list[ContextSectionOut]

    @classmethod
    def of(cls, block: ContextBlock) -> ContextOut:
        sections = [
            ContextSectionOut(
                name=s.name, title=s.title, lines=list(s.lines), items=[dict(i) for i in s.items]
            )
            for s in block.sections
        ]
        return cls(text=block.text, tokens=block.tokens, now=block.now, sections=sections)
