"""Date options (``--now``, ``--as-of``) read as the MCP tools read them: an ISO 8601 instant,
a day or a time phrase, in the user's time zone (``lembrar.tools.views.time_span``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lembrar.memory import Memory

Span = tuple[datetime, datetime]


def span(memory: Memory, user_id: str | None, value: str | None, option: str) -> Span | None:
    """The span ``value`` names, read in the user's zone (UTC without a user)."""
    if value is None:
        return None
    from lembrar.tools.views import time_span

    settings = memory.user_settings(user_id) if user_id else memory.config.settings_for("", None)
    return time_span(value, memory.now(), settings, memory.config, option)


def instant(memory: Memory, user_id: str | None, value: str | None, option: str) -> datetime | None:
    """The last instant of the span ``value`` names: ``--now 2023-07-01`` is the end of that
    day (so "today" is July 1st), ``--now 'June 2023'`` the end of June; an instant is itself."""
    found = span(memory, user_id, value, option)
    return None if found is None else found[1] - timedelta(microseconds=1)
