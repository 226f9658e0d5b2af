"""Episode <-> row values shared by every backend; each codec adapts them to its column types."""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from lembrar.errors import ValidationError
from lembrar.model.episode import Episode
from lembrar.model.timetags import TimeTags, zone

EPISODE_COLUMNS = (
    "id",
    "user_id",
    "session_id",
    "kind",
    "role",
    "speaker",
    "content",
    "record",
    "metadata",
    "at_utc",
    "tz",
    "local_date",
    "period",
    "weekday",
    "iso_week",
    "month",
    "season",
    "recorded_at",
    "version",
)


def episode_row(tenant: str, episode: Episode) -> dict[str, Any]:
    """The columns written for an episode, as Python values (times and dates not yet encoded)."""
    tags = episode.tags
    return {
        "id": episode.id,
        "tenant_id": tenant,
        "user_id": episode.user_id,
        "session_id": episode.session_id,
        "kind": episode.kind,
        "role": episode.role,
        "speaker": episode.speaker,
        "content": episode.content,
        "record": None
        if episode.record is None
        else json.dumps(episode.record, ensure_ascii=False),
        "metadata": json.dumps(episode.metadata, ensure_ascii=False, sort_keys=True),
        "at_utc": tags.utc,
        "tz": tags.timezone,
        "local_date": tags.local_date,
        "local_time": tags.local.time().replace(tzinfo=None),
        "period": tags.period,
        "weekday": tags.weekday,
        "iso_week": tags.iso_week,
        "month": tags.month,
        "season": tags.season,
        "recorded_at": episode.recorded_at,
        "version": episode.version,
    }


def row_values(row: Sequence[Any]) -> dict[str, Any]:
    """A row selected in ``EPISODE_COLUMNS`` order, by column name."""
    return dict(zip(EPISODE_COLUMNS, row, strict=True))


def episode_from_values(values: Mapping[str, Any]) -> Episode:
    """The episode for decoded column values (aware UTC times, a date, parsed JSON)."""
    utc = values["at_utc"]
    local = utc.astimezone(zone(values["tz"]))
    tags = TimeTags(
        utc=utc,
        timezone=values["tz"],
        local=local,
        local_date=values["local_date"],
        period=values["period"],
        weekday=values["weekday"],
        iso_week=values["iso_week"],
        month=values["month"],
        season=values["season"],
    )
    return Episode(
        id=values["id"],
        user_id=values["user_id"],
        kind=values["kind"],
        content=values["content"],
        at=local,
        recorded_at=values["recorded_at"],
        tags=tags,
        session_id=values["session_id"],
        role=values["role"],
        speaker=values["speaker"],
        record=values["record"],
        metadata=values["metadata"],
        version=values["version"],
    )


# -- list cursors: where the next page starts, as an opaque token -------------------------
def encode_cursor(position: float | str, seq: int) -> str:
    """A page cursor for the row at ``position`` (a timestamp or an ISO time) and ``seq``."""
    return base64.urlsafe_b64encode(json.dumps([position, seq]).encode()).decode()


def decode_cursor(cursor: str) -> tuple[float | str, int]:
    """``(position, seq)`` from a cursor made by :func:`encode_cursor`; anything else is a
    ``ValidationError`` on ``cursor``."""
    try:
        position, seq = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        if isinstance(position, bool) or not isinstance(position, (int, float, str)):
            raise ValueError("cursor position")
        if isinstance(position, (int, float)) and not math.isfinite(position):
            raise ValueError("cursor out of range")
        if isinstance(seq, bool) or not isinstance(seq, int) or not -(2**63) <= seq < 2**63:
            raise ValueError("cursor out of range")
        return position, seq
    except (ValueError, TypeError, OverflowError) as exc:
        raise ValidationError(
            "cursor", "not a cursor returned by a previous page; start without one"
        ) from exc
