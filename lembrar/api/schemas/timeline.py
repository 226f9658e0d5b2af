"""A month of the timeline: day counts for the heat map, and the month's conversations."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, Field

from lembrar.api.schemas.episodes import EpisodeOut
from lembrar.ui.timeline import DayCount, MonthView, SessionCard


class DayOut(BaseModel):
    date: date
    episodes: int = Field(description="episodes of that local day")
    sessions: int = Field(description="conversations that started that day")

    @classmethod
    def of(cls, day: DayCount) -> DayOut:
        return cls(date=day.day, episodes=day.episodes, sessions=day.sessions)


class CardOut(BaseModel):
    """A conversation within the month; with ``session_id`` null, one day's loose notes and
    records, listed in ``episodes``."""

    session_id: str | None
    date: date
    first_at: datetime
    last_at: datetime
    period: str = Field(description="night, morning, afternoon or evening of its first turn")
    turns: int = Field(description="its episodes within this month")
    speakers: list[str]
    opening: str = Field(description="the start of its first turn")
    title: str | None = Field(description="from its summary, when it has one")
    summary: str | None
    episodes: list[EpisodeOut]

    @classmethod
    def of(cls, card: SessionCard) -> CardOut:
        return cls(
            session_id=card.session_id,
            date=card.day,
            first_at=card.first_at,
            last_at=card.last_at,
            period=card.period,
            turns=card.turns,
            speakers=card.speakers,
            opening=card.opening,
            title=card.title,
            summary=card.summary,
            episodes=[EpisodeOut.of(e) for e in card.episodes],
        )


class MonthOut(BaseModel):
    month: str = Field(description="YYYY-MM")
    timezone: str = Field(description="the zone the month's days are read in")
    days: list[DayOut]
    sessions: list[CardOut]
    first_date: date | None = Field(description="the local day of the user's first episode")
    last_date: date | None = Field(description="the local day of the user's last episode")

    @classmethod
    def of(cls, view: MonthView) -> MonthOut:
        return cls(
            month=view.month,
            timezone=view.timezone,
            days=[DayOut.of(d) for d in view.days],
            sessions=[CardOut.of(c) for c in view.sessions],
            first_date=view.first_day,
            last_date=view.last_day,
        )
