"""Liveness, readiness and counts."""

from __future__ import annotations

from pydantic import BaseModel

from lembrar.model.query import StoreStats


class Health(BaseModel):
    status: str


class Stats(BaseModel):
    """Counts for the calling tenant."""

    users: int
    episodes: int
    chunks: int
    sessions: int

    @classmethod
    def of(cls, stats: StoreStats) -> Stats:
        return cls(
            users=stats.users, episodes=stats.episodes, chunks=stats.chunks, sessions=stats.sessions
        )
