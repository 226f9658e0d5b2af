"""The generic JSON Lines format: one episode per line, and the lossless export of a store.

An episode line needs ``user_id`` and ``content`` (or ``record``); ``session_id``, ``role``,
``speaker`` (or ``name``), ``at`` (ISO 8601), ``metadata``, ``id`` and ``recorded_at`` are
optional. Such lines are what people write by hand, and what ``lembrar export`` wrote up to
version 1 of its format.

An export (version 2, ``EXPORT_VERSION``) starts with a header line
``{"type": "lembrar-export", "version": 2, ...}`` and gives every line a ``type``:

- ``user``: ``user_id``, ``timezone``, ``hemisphere``, ``language``: how the user's time is read;
- ``episode``: an episode line as above, with every field;
- ``saved_memory``: ``id``, ``user_id``, ``text``, ``created_at``, ``updated_at``,
  ``source_episode_id`` (the message it came from), ``retired_at`` and ``replaced_by`` (the
  saved memory that replaced it);
- ``pending_memory``: ``id``, ``user_id``, ``text``, ``created_at``, ``conflicts_with`` (the saved
  memory it contradicts), ``reason``, ``source_episode_id``;
- ``summarized_session``: ``user_id``, ``session_id``: a conversation that had a summary.

Derived data (the knowledge graph, summaries, insights) is not written: it is rebuilt from the
episodes on import. Both versions are read; a newer version is refused with what to do.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from lembrar.errors import ImportFormatError, ValidationError
from lembrar.importers import open_text
from lembrar.model.episode import Episode, require_text
from lembrar.model.ids import user_key
from lembrar.model.inputs import EpisodeIn
from lembrar.model.layers import PendingMemory, SavedMemory
from lembrar.model.users import UserSettings

EXPORT_VERSION = 2
HEADER = "lembrar-export"

_FIELDS = (
    "user_id",
    "session_id",
    "role",
    "speaker",
    "content",
    "record",
    "at",
    "metadata",
    "id",
    "recorded_at",
)
_SAVED_FIELDS = (
    "id",
    "user_id",
    "text",
    "created_at",
    "updated_at",
    "source_episode_id",
    "retired_at",
    "replaced_by",
)
_PENDING_FIELDS = (
    "id",
    "user_id",
    "text",
    "created_at",
    "conflicts_with",
    "reason",
    "source_episode_id",
)
_USER_FIELDS = ("user_id", "timezone", "hemisphere", "language")


@dataclass
class Bundle:
    """What a JSON Lines file holds, each record with its line number."""

    version: int = 1
    episodes: list[tuple[int, EpisodeIn]] = field(default_factory=list)
    users: list[tuple[int, UserSettings]] = field(default_factory=list)
    saved: list[tuple[int, SavedMemory]] = field(default_factory=list)
    pending: list[tuple[int, PendingMemory]] = field(default_factory=list)
    summarized: list[tuple[int, tuple[str, str]]] = field(default_factory=list)


def _object(line: str, number: int) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(number, "json", f"not valid JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise ImportFormatError(number, "line", "each line must be a JSON object")
    return data


def parse_line(line: str, number: int, user_id: str | None = None) -> EpisodeIn:
    """An episode line (without ``type``, or of type ``episode``)."""
    data = _object(line, number)
    data.pop("type", None)
    return _episode(data, number, user_id)


def _episode(data: dict[str, Any], number: int, user_id: str | None) -> EpisodeIn:
    if "name" in data:
        data.setdefault("speaker", data.pop("name"))
    data.pop("kind", None)
    data.pop("version", None)
    _known(data, _FIELDS, number, "episode lines")
    _owner(data, number, user_id)
    return EpisodeIn(
        **{k: v for k, v in data.items() if v is not None or k in ("content", "record")}
    )


def _known(data: dict[str, Any], fields: tuple[str, ...], number: int, what: str) -> None:
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ImportFormatError(
            number, unknown[0], f"unknown field; {what} take {', '.join(fields)}"
        )


def _owner(data: dict[str, Any], number: int, user_id: str | None) -> None:
    if user_id is not None:
        data["user_id"] = user_id
    if not isinstance(data.get("user_id"), str):
        raise ImportFormatError(
            number, "user_id", "missing or not a string; add it to the line or pass a user id"
        )


def read_bundle(
    path: str | Path,
    user_id: str | None = None,
    limit: int | None = None,
    skipped: list[tuple[int, str]] | None = None,
) -> Bundle:
    """Every record of a JSON Lines file; ``limit`` counts episodes. Malformed lines raise, or
    land in ``skipped`` when it is given."""
    bundle = Bundle()
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            if limit is not None and len(bundle.episodes) >= limit:
                break
            try:
                _add_line(bundle, line, number, user_id)
            except ImportFormatError as error:
                if skipped is None:
                    raise
                skipped.append((number, str(error)))
    return bundle


def _add_line(bundle: Bundle, line: str, number: int, user_id: str | None) -> None:
    data = _object(line, number)
    kind = data.pop("type", "episode")
    if kind == HEADER:
        bundle.version = _version(data, number)
    elif kind == "episode":
        bundle.episodes.append((number, _episode(data, number, user_id)))
    elif kind == "user":
        bundle.users.append((number, _user(data, number, user_id)))
    elif kind == "saved_memory":
        bundle.saved.append((number, _saved(data, number, user_id)))
    elif kind == "pending_memory":
        bundle.pending.append((number, _pending(data, number, user_id)))
    elif kind == "summarized_session":
        _known(data, ("user_id", "session_id"), number, "summarized_session lines")
        _owner(data, number, user_id)
        session = _text(data, "session_id", number)
        bundle.summarized.append((number, (_user_id(data, number), session)))
    else:
        raise ImportFormatError(
            number,
            "type",
            f"unknown type {kind!r}; lines are episode, user, saved_memory, pending_memory "
            "or summarized_session",
        )


def _version(data: dict[str, Any], number: int) -> int:
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise ImportFormatError(number, "version", "must be a whole number (the format version)")
    if version > EXPORT_VERSION:
        raise ImportFormatError(
            number,
            "version",
            f"this export is version {version}, newer than this lembrar reads "
            f"({EXPORT_VERSION}); upgrade lembrar to import it",
        )
    return version


def _user_id(data: dict[str, Any], number: int) -> str:
    try:
        return user_key(data["user_id"])
    except ValidationError as error:
        raise ImportFormatError(number, error.field, error.message) from error


def _text(data: dict[str, Any], name: str, number: int) -> str:
    try:
        return require_text(name, data.get(name))
    except ValidationError as error:
        raise ImportFormatError(number, error.field, error.message) from error


def _instant(data: dict[str, Any], name: str, number: int, *, optional: bool = False) -> Any:
    value = data.get(name)
    if value is None and optional:
        return None
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError as exc:
        raise ImportFormatError(number, name, "not an ISO 8601 time") from exc
    if moment.tzinfo is None:
        raise ImportFormatError(number, name, "has no UTC offset; add one (e.g. +00:00)")
    return moment


def _optional_text(data: dict[str, Any], name: str, number: int) -> str | None:
    return None if data.get(name) is None else _text(data, name, number)


def _user(data: dict[str, Any], number: int, user_id: str | None) -> UserSettings:
    _known(data, _USER_FIELDS, number, "user lines")
    _owner(data, number, user_id)
    try:
        return UserSettings(
            _user_id(data, number),
            data.get("timezone"),
            data.get("hemisphere") or "north",
            data.get("language"),
        )
    except ValidationError as error:
        raise ImportFormatError(number, error.field, error.message) from error


def _saved(data: dict[str, Any], number: int, user_id: str | None) -> SavedMemory:
    _known(data, _SAVED_FIELDS, number, "saved_memory lines")
    _owner(data, number, user_id)
    created = _instant(data, "created_at", number)
    return SavedMemory(
        _text(data, "id", number),
        _user_id(data, number),
        _text(data, "text", number),
        created,
        _instant(data, "updated_at", number, optional=True) or created,
        _optional_text(data, "source_episode_id", number),
        _instant(data, "retired_at", number, optional=True),
        _optional_text(data, "replaced_by", number),
    )


def _pending(data: dict[str, Any], number: int, user_id: str | None) -> PendingMemory:
    _known(data, _PENDING_FIELDS, number, "pending_memory lines")
    _owner(data, number, user_id)
    return PendingMemory(
        _text(data, "id", number),
        _user_id(data, number),
        _text(data, "text", number),
        _instant(data, "created_at", number),
        _optional_text(data, "conflicts_with", number),
        str(data.get("reason") or ""),
        _optional_text(data, "source_episode_id", number),
    )


def read_jsonl_numbered(
    path: str | Path,
    user_id: str | None = None,
    limit: int | None = None,
    skipped: list[tuple[int, str]] | None = None,
) -> Iterator[tuple[int, EpisodeIn]]:
    """(line number, episode) pairs of the episode lines; the other records are left out."""
    yield from read_bundle(path, user_id, limit, skipped).episodes


def read_jsonl(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    for _, item in read_jsonl_numbered(path, user_id, limit):
        yield item


def episode_json(episode: Episode) -> dict[str, Any]:
    """Every field of an episode, in the import format."""
    data: dict[str, Any] = {
        "id": episode.id,
        "user_id": episode.user_id,
        "session_id": episode.session_id,
        "kind": episode.kind,
        "role": episode.role,
        "speaker": episode.speaker,
        "at": episode.at.isoformat(),
        "recorded_at": episode.recorded_at.isoformat(),
        "metadata": episode.metadata,
    }
    if episode.kind == "record":
        data["record"] = episode.record
    else:
        data["content"] = episode.content
    return data


def write_line(out: IO[str], kind: str, data: dict[str, Any]) -> None:
    out.write(json.dumps({"type": kind, **data}, ensure_ascii=False) + "\n")


def write_jsonl(episodes: Iterator[Episode], out: IO[str]) -> int:
    count = 0
    for episode in episodes:
        write_line(out, "episode", episode_json(episode))
        count += 1
    return count
