"""The language-model extractor: one structured call per episode (a second only when the first
reply does not validate), and the offline extractor when the model fails."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, time
from typing import TYPE_CHECKING

from lembrar.errors import LLMError
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.graph.extract.scope import speaker_of
from lembrar.model.episode import Episode
from lembrar.model.graph import ExtractedEntity, ExtractedFact, Extraction
from lembrar.model.timetags import zone

if TYPE_CHECKING:
    from lembrar.graph.extract.protocol import Extractor
    from lembrar.llm.client import LLMClient
    from lembrar.llm.prompts.graph_extract import GraphReading


class LLMExtractor:
    """Entities and facts read by a language model; ``fallback`` (the offline extractor by
    default) when the call fails or never validates. ``calls`` counts the model requests."""

    name = "llm"
    uses_hints = True

    def __init__(self, llm: LLMClient, fallback: Extractor | None = None) -> None:
        self.llm = llm
        self.fallback = fallback or RuleExtractor()
        self.calls = 0
        self.fallbacks = 0

    def extract(
        self,
        episode: Episode,
        tz: str = "UTC",
        known: Sequence[str] = (),
        current: Sequence[str] = (),
    ) -> Extraction:
        from lembrar.llm.prompts import graph_extract

        speaker = speaker_of(episode)
        if speaker is None:
            return Extraction()
        when = episode.at.astimezone(zone(tz))
        prompt = graph_extract.render(
            episode.content,
            speaker=f"{speaker[0]} (type {speaker[1]})",
            when=when,
            known=known,
            current=current,
        )
        before = self._requests()
        try:
            reading = self.llm.structured(prompt, graph_extract.RESPONSE, temperature=0.0)
        except LLMError:
            self.fallbacks += 1
            spent = self._count(before)
            return replace(self.fallback.extract(episode, tz), calls=spent)
        return _extraction(reading, speaker, episode, tz, self._count(before))

    def _requests(self) -> int:
        return self.llm.requests

    def _count(self, before: int) -> int:
        spent = max(self._requests() - before, 1)
        self.calls += spent
        return spent


def _extraction(
    reading: GraphReading, speaker: tuple[str, str], episode: Episode, tz: str, calls: int
) -> Extraction:
    entities = [ExtractedEntity(e.name, e.type, tuple(e.aliases)) for e in reading.entities]
    if not any(e.type == "user" for e in entities) and speaker[1] == "user":
        entities.append(ExtractedEntity(speaker[0], "user"))
    facts = tuple(
        ExtractedFact(
            f.subject,
            f.predicate,
            f.object,
            episode.content,
            _start(f.valid_at, episode.at, tz),
            f.ending,
        )
        for f in reading.facts
    )
    return Extraction(tuple(entities), facts, calls)


def _start(day: date | None, at: datetime, tz: str) -> datetime | None:
    """A date the model gave, as local midnight; none in the future of the message."""
    if day is None:
        return None
    start = datetime.combine(day, time(0), zone(tz)).astimezone(UTC)
    return start if start <= at else None
