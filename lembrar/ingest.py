"""Turning caller input into validated episodes and their chunks (pure, given a clock)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields, replace
from datetime import UTC, datetime
from typing import Any, Protocol

import numpy as np

from lembrar.config import MemoryConfig
from lembrar.errors import ValidationError
from lembrar.model.episode import (
    ROLES,
    Chunk,
    Episode,
    IndexedEpisode,
    new_id,
    record_text,
    require_text,
)
from lembrar.model.ids import require_no_nul, user_key
from lembrar.model.inputs import EpisodeIn
from lembrar.model.text import chunk_spans
from lembrar.model.timetags import time_tags, zone
from lembrar.model.users import UserSettings
from lembrar.model.vectors import content_hash

_INPUT_FIELDS = {f.name for f in fields(EpisodeIn)}
EMBED_BATCH = 256
MIN_YEAR, MAX_YEAR = 1000, 8999

SettingsOf = Callable[[str], UserSettings]
"""A user's settings (zone, hemisphere, language), by stored user id."""
OnInvalid = Callable[[int, ValidationError], None]
"""Told of an invalid item: its 0-based position and the error."""


def parse_instant(value: datetime | str, settings: UserSettings, field: str = "at") -> datetime:
    """An aware datetime from a datetime or ISO 8601 string; naive values need the user's zone."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValidationError(
                field,
                f"unparsable timestamp {value!r}; use ISO 8601 like 2024-05-02T14:30:00+01:00",
            ) from exc
    if not isinstance(value, datetime):
        raise ValidationError(
            field, f"must be a datetime or ISO 8601 string, got {type(value).__name__}"
        )
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        raise ValidationError(
            field,
            f"year {value.year} is out of range; use a year between {MIN_YEAR} and {MAX_YEAR}",
        )
    if value.tzinfo is None or value.utcoffset() is None:
        if settings.timezone is None:
            raise ValidationError(
                field,
                "timestamp has no zone and the user has none configured; add an offset or set the user's timezone",
            )
        value = value.replace(tzinfo=zone(settings.timezone))
    for where, seen in (
        ("UTC", value.astimezone(UTC)),
        ("the user's zone", value.astimezone(zone(settings.zone_name))),
    ):
        if not MIN_YEAR <= seen.year <= MAX_YEAR:
            raise ValidationError(
                field,
                f"{value.isoformat()} falls in year {seen.year} in {where}; "
                f"use a time within the years {MIN_YEAR} to {MAX_YEAR} everywhere",
            )
    return value


def inputs_of(
    data: object,
    user_id: str,
    session_id: str | None = None,
    at: datetime | str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> list[EpisodeIn]:
    """``Memory.add``'s flexible input as episode inputs sharing its user, session, time and
    metadata: a text, a message dict (``role``, ``content``, optional ``name``), a list of
    messages, or a JSON record (a dict without ``role`` or ``content``)."""
    common: dict[str, Any] = {
        "user_id": user_id,
        "session_id": session_id,
        "at": at,
        "metadata": {} if metadata is None else metadata,
    }
    return [EpisodeIn(**common, **shaped) for shaped in _shape(data)]


def _shape(data: object) -> list[dict[str, Any]]:
    """Fields of each episode in ``add``'s flexible input."""
    if isinstance(data, str):
        return [{"content": data}]
    if isinstance(data, Mapping):
        if "role" in data or "content" in data:
            return [_message(data)]
        return [{"record": dict(data)}]
    if isinstance(data, Sequence) and data and all(isinstance(m, Mapping) for m in data):
        return [_message(m) for m in data]
    raise ValidationError(
        "data", "pass a text, a message dict, a list of message dicts, or a record dict"
    )


def _message(message: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(message) - {"role", "content", "name", "speaker"}
    if unknown:
        raise ValidationError(
            f"message.{sorted(unknown)[0]}", "unknown key; messages take role, content and name"
        )
    if "content" not in message:
        raise ValidationError("content", "a message needs content")
    return {
        "role": message.get("role", "user"),
        "content": message["content"],
        "speaker": message.get("name", message.get("speaker")),
    }


def build_episodes(
    items: Iterable[EpisodeIn | Mapping[str, Any]],
    settings_of: SettingsOf,
    config: MemoryConfig,
    now: datetime,
    on_invalid: OnInvalid | None = None,
) -> list[Episode]:
    """Each item (an ``EpisodeIn`` or a dict of its fields) as a validated episode, in order.

    An invalid item raises its ``ValidationError``, unless ``on_invalid`` is given: then it is
    told the item's position and the error, and the item is skipped.
    """
    episodes = []
    for position, item in enumerate(items):
        try:
            episodes.append(_item_episode(position, item, settings_of, config, now))
        except ValidationError as error:
            if on_invalid is None:
                raise
            on_invalid(position, error)
    return episodes


def _item_episode(
    position: int,
    item: EpisodeIn | Mapping[str, Any],
    settings_of: SettingsOf,
    config: MemoryConfig,
    now: datetime,
) -> Episode:
    """One item as an episode; a field of the wrong type is a ``ValidationError`` naming it."""
    try:
        episode_in = coerce_input(item)
        episode_in = replace(episode_in, user_id=user_key(episode_in.user_id))
        return build_episode(episode_in, settings_of(episode_in.user_id), config, now)
    except TypeError as error:
        raise ValidationError("episode", f"item {position}: {error}") from error


def coerce_input(item: EpisodeIn | Mapping[str, Any], default_user: str | None = None) -> EpisodeIn:
    if isinstance(item, EpisodeIn):
        return item
    if not isinstance(item, Mapping):
        raise ValidationError("episode", f"expected a dict or EpisodeIn, got {type(item).__name__}")
    unknown = set(item) - _INPUT_FIELDS - {"name"}
    if unknown:
        raise ValidationError(
            str(sorted(unknown)[0]), f"unknown field; episodes take {sorted(_INPUT_FIELDS)}"
        )
    data = dict(item)
    if "name" in data:
        data.setdefault("speaker", data.pop("name"))
    data.setdefault("user_id", default_user)
    return EpisodeIn(**data)


def build_episode(
    item: EpisodeIn, settings: UserSettings, config: MemoryConfig, now: datetime
) -> Episode:
    """Validate one input and derive its time tags."""
    user_id = user_key(item.user_id)
    for name in ("content", "session_id", "speaker", "role", "id", "record", "metadata"):
        require_no_nul(name, getattr(item, name))
    if item.record is not None and item.content is not None:
        raise ValidationError("content", "give either content or record, not both")
    if item.record is not None and not isinstance(item.record, dict):
        raise ValidationError("record", "must be a JSON object (a dict)")
    if item.role is not None and item.role not in ROLES:
        raise ValidationError("role", f"unknown role {item.role!r}; use one of {ROLES}")
    if item.speaker is not None and not isinstance(item.speaker, str):
        raise ValidationError("speaker", f"must be a string, got {type(item.speaker).__name__}")
    if item.session_id is not None:
        require_text("session_id", item.session_id)
    require_json("metadata", item.metadata)
    if item.record is not None:
        require_json("record", item.record)
    content = record_text(item.record) if item.record is not None else item.content
    at = parse_instant(item.at if item.at is not None else now, settings)
    recorded = (
        parse_instant(item.recorded_at, settings, "recorded_at")
        if item.recorded_at is not None
        else now
    )
    return Episode(
        id=item.id or new_id(),
        user_id=user_id,
        kind=item.kind,
        content=content if content is not None else "",
        at=at,
        recorded_at=recorded,
        tags=time_tags(at, settings.zone_name, settings.hemisphere, config.periods),
        session_id=item.session_id,
        role=item.role,
        speaker=item.speaker,
        record=item.record,
        metadata=dict(item.metadata),
    )


def revised(old: Episode, content: str) -> Episode:
    """``old`` with its text replaced, one version on; a record is replaced by adding another."""
    require_text("content", content)
    if old.kind == "record":
        raise ValidationError(
            "content", "records are updated by adding a new record; delete the old one"
        )
    return replace(old, content=content, version=old.version + 1)


def chunk_episode(episode: Episode, config: MemoryConfig) -> list[Chunk]:
    text = episode.content
    return [
        Chunk(episode.id, i, text[s:e], s, e)
        for i, (s, e) in enumerate(chunk_spans(text, config.chunking))
    ]


def chunk_hashes(chunks: Iterable[Chunk]) -> list[str]:
    return [content_hash(c.text) for c in chunks]


class HashedEmbedder(Protocol):
    """An embedder that caches by content hash (``embed.CachedEmbedder``)."""

    dim: int

    def embed_hashed(self, texts: Sequence[str], hashes: Sequence[str]) -> np.ndarray: ...


def index_episodes(
    episodes: Sequence[Episode], config: MemoryConfig, embedder: HashedEmbedder
) -> list[IndexedEpisode]:
    """Each episode with its chunks and their vectors, embedded in batches of ``EMBED_BATCH``."""
    chunked = [chunk_episode(e, config) for e in episodes]
    hashes = [chunk_hashes(c) for c in chunked]
    texts = [c.text for chunks in chunked for c in chunks]
    flat = [h for hs in hashes for h in hs]
    batches = [
        embedder.embed_hashed(texts[i : i + EMBED_BATCH], flat[i : i + EMBED_BATCH])
        for i in range(0, len(texts), EMBED_BATCH)
    ]
    vectors = np.concatenate(batches or [np.zeros((0, embedder.dim), np.float32)])
    out, offset = [], 0
    for episode, chunks, hs in zip(episodes, chunked, hashes):
        out.append(IndexedEpisode(episode, chunks, vectors[offset : offset + len(chunks)], hs))
        offset += len(chunks)
    return out


def require_json(name: str, value: object) -> None:
    """A JSON object with finite numbers only (NaN and infinity are not JSON)."""
    if not isinstance(value, dict):
        raise ValidationError(name, "must be a JSON object (a dict)")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            name,
            f"must hold only JSON values (strings, finite numbers, booleans, null, lists, objects): {exc}",
        ) from exc
