"""Recent history: the user's latest messages from their other conversations."""

from __future__ import annotations

from datetime import datetime, timedelta

from lembrar.model.episode import Episode
from lembrar.model.query import Filters
from lembrar.store.base import Store

__all__ = ["recent_messages"]

_PAGE = 50


def recent_messages(
    store: Store,
    user_id: str,
    now: datetime,
    *,
    limit: int,
    window: timedelta,
    exclude_session: str | None = None,
) -> list[Episode]:
    """Up to ``limit`` user messages from the ``window`` before ``now``, newest first, leaving out
    the session ``exclude_session`` (the conversation in progress)."""
    if limit <= 0:
        return []
    filters = Filters(
        roles=("user",),
        kinds=("message",),
        since=now - window,
        until=now + timedelta(microseconds=1),
    )
    found: list[Episode] = []
    cursor = None
    while len(found) < limit:
        page = store.list(user_id, filters, newest_first=True, limit=_PAGE, cursor=cursor)
        found += [
            e for e in page.items if exclude_session is None or e.session_id != exclude_session
        ]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    return found[:limit]
