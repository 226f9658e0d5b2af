"""Search results: what was found, how well, and why."""

from __future__ import annotations

from dataclasses import dataclass, field

from lembrar.model.episode import Episode


@dataclass(frozen=True)
class SearchHit:
    """One retrieved memory. ``score`` is in [0, 1], higher is better.

    ``signals`` maps each signal that found it (``dense``, ``keyword``, ``time``, …)
    to that signal's own score; ``context`` holds neighbouring turns when expanded.
    """

    episode: Episode
    text: str
    score: float
    signals: dict[str, float]
    rank: int
    chunk_ref: int | None = None
    context: tuple[Episode, ...] = field(default=())

    @property
    def session_id(self) -> str | None:
        return self.episode.session_id
