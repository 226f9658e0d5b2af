"""The page's search: the engine's answer with the time windows' counts, the user's span,
and the conversations a question about conversations asks for."""

from __future__ import annotations

from datetime import date as Day
from datetime import datetime

from pydantic import BaseModel, Field

from lembrar.api.schemas.episodes import EpisodeOut
from lembrar.api.schemas.search import SearchResponse
from lembrar.ui.overview import Conversation, Overview, WindowCount


class WindowCountOut(BaseModel):
    phrase: str
    start: datetime
    end: datetime
    episodes: int = Field(description="the user's episodes in [start, end)")

    @classmethod
    def of(cls, w: WindowCount) -> WindowCountOut:
        return cls(phrase=w.phrase, start=w.start, end=w.end, episodes=w.episodes)


class ConversationOut(BaseModel):
    session_id: str
    date: Day = Field(description="the local day of its first turn")
    first_at: datetime
    last_at: datetime
    speakers: list[str]
    turns: int = Field(description="its turns in the window (or among the hits)")
    title: str | None = Field(description="its summary's title, when it has one")
    about: str = Field(description="what it was about, in a line")
    about_source: str = Field(description="summary, first user turn or key phrases")
    best: list[EpisodeOut] = Field(description="its best turns, in time order")

    @classmethod
    def of(cls, c: Conversation) -> ConversationOut:
        return cls(
            session_id=c.session_id,
            date=c.day,
            first_at=c.first_at,
            last_at=c.last_at,
            speakers=c.speakers,
            turns=c.turns,
            title=c.title,
            about=c.about,
            about_source=c.about_source,
            best=[EpisodeOut.of(e) for e in c.best],
        )


class OverviewOut(BaseModel):
    search: SearchResponse
    windows: list[WindowCountOut] = Field(description="each time window and what it holds")
    first_at: datetime | None = Field(
        description="when the user's first episode happened, in their zone (null: none)"
    )
    last_at: datetime | None = Field(
        description="when the user's last episode happened, in their zone (null: none)"
    )
    outside_window: list[str] = Field(
        description="ids of the hits' episodes outside every time window"
    )
    about_conversations: bool = Field(description="the query asks what was talked about")
    conversations: list[ConversationOut] = Field(
        description="for a question about conversations: those in the window, newest first"
    )

    @classmethod
    def of(cls, o: Overview) -> OverviewOut:
        return cls(
            search=SearchResponse.of(o.retrieval),
            windows=[WindowCountOut.of(w) for w in o.windows],
            first_at=o.first_at,
            last_at=o.last_at,
            outside_window=o.outside_window,
            about_conversations=o.about_conversations,
            conversations=[ConversationOut.of(c) for c in o.conversations],
        )
