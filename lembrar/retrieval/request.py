"""One search, resolved once: whose memory, what is asked, how many, when "now" is, in which
zone, with which settings, and what the question says about time."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from lembrar.model.query import Filters
from lembrar.model.timetags import DayPeriods
from lembrar.model.users import UserSettings
from lembrar.retrieval.config import SearchConfig

if TYPE_CHECKING:
    from lembrar.retrieval.frames import Framed
    from lembrar.temporal import TimeQuery, TimeWindow


@dataclass(frozen=True)
class SearchRequest:
    """Everything a search and its candidate sources need; built by :func:`resolve_request`.

    ``time`` is the time reference parsed from ``query`` (None when parsing is off);
    ``semantic`` is the text left for meaning and words once the time phrase and the
    recollection frames (``frames``, e.g. "did we talk about") are set aside; ``topical`` is
    False when what is left names no topic ("what did we talk about?" asked with a date).
    """

    query: str
    user_id: str
    k: int
    filters: Filters
    now: datetime
    settings: UserSettings
    periods: DayPeriods
    config: SearchConfig
    time: TimeQuery | None
    semantic: str
    frames: tuple[str, ...] = ()
    topical: bool = True

    def with_windows(self, extra: tuple[TimeWindow, ...]) -> SearchRequest:
        """This request with ``extra`` windows (e.g. a language model's) joined to the parsed ones."""
        if not extra:
            return self
        from lembrar.temporal import TimeQuery

        if self.time is None:
            return replace(self, time=TimeQuery(windows=extra, stripped=self.query))
        known = {(w.start, w.end) for w in self.time.windows}
        added = tuple(w for w in extra if (w.start, w.end) not in known)
        return replace(self, time=replace(self.time, windows=self.time.windows + added))


def resolve_request(
    query: str,
    user_id: str,
    k: int,
    filters: Filters,
    now: datetime,
    settings: UserSettings,
    periods: DayPeriods,
    config: SearchConfig,
) -> SearchRequest:
    """The request with the query's time reference parsed in the user's zone and language."""
    parsed, semantic = understand(query, now, settings, periods, config)
    framed = _topic(semantic, config)
    return SearchRequest(
        query,
        user_id,
        k,
        filters,
        now,
        settings,
        periods,
        config,
        parsed,
        framed.topic,
        framed.frames,
        framed.topical,
    )


def understand(
    query: str, now: datetime, settings: UserSettings, periods: DayPeriods, config: SearchConfig
) -> tuple[TimeQuery | None, str]:
    """The parsed time reference (if any) and the text left for semantic matching."""
    if not config.parse_time:
        return None, query
    from lembrar.temporal import parse_time

    parsed = parse_time(
        query,
        now,
        settings.zone_name,
        periods=periods,
        hemisphere=settings.hemisphere,
        language=settings.language,
        asked=True,
    )
    # A phrase that only names a weekday or a part of day stays in the text: "the rotation on a
    # Sunday", "activities for the evening" are as often what a memory says as when it was made.
    semantic = parsed.stripped.strip() if parsed.windows else query
    return _past_only(
        _with_alternatives(_day_words_as_topic(parsed, config)), now
    ), semantic or query


def _with_alternatives(parsed: TimeQuery) -> TimeQuery:
    """With the other readings of its phrases among the windows: asked on 1 February, "in
    February I told you about X" may mean either February, the current one having barely begun;
    "the winter of 2023" may be the one of January 2023 or the one begun in December 2023."""
    if not parsed.alternatives:
        return parsed
    return replace(parsed, windows=parsed.windows + parsed.alternatives, alternatives=())


def _day_words_as_topic(parsed: TimeQuery, config: SearchConfig) -> TimeQuery:
    """Without its weekdays and parts of day when no day is named and the rest of the question
    has a topic: "activities I can do in the evening", "the rotation for Admon on a Sunday" say
    what the memory is about, not when it was made. With no topic left ("what did we talk about
    on Sunday evenings?") they are all the question says, and stay a time."""
    if parsed.windows or not (parsed.periods or parsed.weekdays):
        return parsed
    if not _topic(parsed.stripped, config).topical:
        return parsed
    return replace(parsed, periods=frozenset(), weekdays=frozenset())


def _topic(text: str, config: SearchConfig) -> Framed:
    """The text without its recollection frames ("weren't we discussing…", "…, né?"), and them."""
    from lembrar.retrieval.frames import Framed, set_aside

    return set_aside(text) if config.set_aside_frames else Framed(text, ())


def _past_only(parsed: TimeQuery, now: datetime) -> TimeQuery:
    """Without the windows that start after ``now``: "this weekend" asked on a Tuesday is a plan,
    and no memory was made in the future."""
    past = tuple(w for w in parsed.windows if w.start <= now)
    return parsed if len(past) == len(parsed.windows) else replace(parsed, windows=past)
