"""Writing a conversation's title and summary: the ``Summarizer`` port and its extractive default."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from lembrar.layers.keyphrases import Keyphrase, extract, words_of
from lembrar.model.episode import Episode
from lembrar.model.layers import SummaryDraft
from lembrar.model.text import count_tokens, sentence_spans, truncate_to_tokens

__all__ = ["ExtractiveSummarizer", "Summarizer"]


@runtime_checkable
class Summarizer(Protocol):
    """Writes a title and a summary of a conversation's turns (oldest first).

    An LLM-backed one (``lembrar.llm.prompts.session_summary``) plugs in here; when it fails
    with a ``LembrarError`` the extractive summary is used instead.
    """

    name: str

    def summarize(self, turns: Sequence[Episode]) -> SummaryDraft: ...


class ExtractiveSummarizer:
    """Keyphrases (RAKE/YAKE-style) for the title, the sentences that carry most of them as summary.

    A sentence scores the keyphrase weight it contains over the square root of its length; the
    user's own sentences count more than the assistant's (``assistant_weight``), and the user's
    opening turn, which usually states what the conversation is for, gets ``lead_weight``. The
    best ``sentences`` that do not repeat each other are kept in conversation order.
    """

    name = "extractive"

    def __init__(
        self,
        sentences: int = 3,
        keyphrases: int = 8,
        max_tokens: int = 120,
        assistant_weight: float = 0.6,
        lead_weight: float = 1.5,
    ) -> None:
        self.sentences = sentences
        self.keyphrases = keyphrases
        self.max_tokens = max_tokens
        self.assistant_weight = assistant_weight
        self.lead_weight = lead_weight

    def summarize(self, turns: Sequence[Episode]) -> SummaryDraft:
        phrases = extract([t.content for t in turns], top=self.keyphrases)
        candidates = [
            (i, j, t, s) for i, t in enumerate(turns) for j, s in enumerate(_sentences(t.content))
        ]
        weights = {p.text.lower(): p.score for p in phrases}
        lead = next((t.id for t in turns if t.role != "assistant"), None)
        scored = sorted(
            candidates,
            key=lambda c: (-self._score(c[3], c[2], weights, c[2].id == lead), c[0], c[1]),
        )
        chosen: list[tuple[int, int, Episode, str]] = []
        for candidate in scored:
            if len(chosen) == self.sentences:
                break
            if all(_overlap(candidate[3], other[3]) <= 0.5 for other in chosen):
                chosen.append(candidate)
        chosen.sort(key=lambda c: (c[0], c[1]))
        summary = truncate_to_tokens(" ".join(s for *_, s in chosen), self.max_tokens)
        return SummaryDraft(_title(phrases, turns), summary, tuple(p.text for p in phrases))

    def _score(self, sentence: str, turn: Episode, weights: dict[str, float], lead: bool) -> float:
        low = sentence.lower()
        found = sum(
            w
            for phrase, w in weights.items()
            if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", low)
        )
        role = (
            self.assistant_weight if turn.role == "assistant" else self.lead_weight if lead else 1.0
        )
        return role * (found + 0.1) / math.sqrt(max(count_tokens(sentence), 4))


def _sentences(text: str) -> list[str]:
    return [" ".join(text[a:b].split()) for a, b in sentence_spans(text) if text[a:b].strip()] or [
        " ".join(text.split())
    ]


def _overlap(a: str, b: str) -> float:
    wa, wb = {w.lower() for w in words_of(a)}, {w.lower() for w in words_of(b)}
    return len(wa & wb) / max(1, min(len(wa), len(wb)))


def _title(phrases: Sequence[Keyphrase], turns: Sequence[Episode]) -> str:
    if phrases:
        text = ", ".join(p.text for p in phrases[:3])
    else:
        text = " ".join(words_of(turns[0].content)[:8]) if turns else ""
    return text[:1].upper() + text[1:]
