"""What the ChatGPT and Claude readers share: opening an export, reading its times, and turning
one conversation into episodes.

An export is read as the zip the service sends (its ``conversations.json``, wherever it lies in
the archive) or as that ``conversations.json`` alone: a JSON array of conversations, or an
object holding one under ``conversations``.

Each format's reader reduces a conversation to a ``ChatConversation`` (the messages of the
conversation as it ended, each already worded); ``conversation_episodes`` makes the episodes:

- one conversation is one session, ``<format>-<conversation id>``;
- each message is a message episode with role ``user`` or ``assistant``, dated with its own
  time, else with the time of the message before it, else with the conversation's creation
  (or last update) time, all as aware UTC datetimes;
- its id is a digest of the format, the owner, the conversation id and the message id, so the
  same export imported again, or a later export of the same account, stores each message once;
- its metadata holds ``imported_from`` (the format), ``conversation_id``, ``message_id``,
  ``title`` (the conversation's, ``None`` when it has none) and, when present, ``attachments``
  (file names) and ``model``.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from lembrar.errors import ImportFormatError, SourceError, ValidationError
from lembrar.importers import read_text
from lembrar.model.inputs import EpisodeIn

EXPORT_FILE = "conversations.json"
IMAGE = "[image]"


@dataclass(frozen=True)
class ChatMessage:
    """One message kept from an export, its text already worded (placeholders included)."""

    message_id: str
    role: str  # "user" or "assistant"
    text: str
    at: datetime | None
    attachments: tuple[str, ...] = ()
    model: str | None = None


@dataclass(frozen=True)
class ChatConversation:
    conversation_id: str
    title: str | None
    started: datetime | None  # creation time, else last update time
    messages: tuple[ChatMessage, ...]


def malformed(number: int, field: str, message: str) -> ImportFormatError:
    """The error for conversation ``number`` (1-based) of an export."""
    return ImportFormatError(number, field, message, unit="conversation")


def member(record: Any, name: str, kind: type | tuple[type, ...], number: int, where: str) -> Any:
    """``record[name]`` when ``record`` is an object holding a value of type ``kind``; errors
    name the field by its path, ``where.name``."""
    field = f"{where}.{name}" if where else name
    if not isinstance(record, dict):
        raise malformed(number, where or name, f"expected an object, got {type(record).__name__}")
    if name not in record:
        raise malformed(number, field, "missing")
    value = record[name]
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        expected = " or ".join(_JSON_NAMES.get(k, k.__name__) for k in kinds)
        raise malformed(number, field, f"expected {expected}, got {_json_name(value)}")
    return value


_JSON_NAMES = {
    dict: "an object",
    list: "a list",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "a boolean",
}


def _json_name(value: Any) -> str:
    if value is None:
        return "null"
    return _JSON_NAMES.get(type(value), type(value).__name__)


def attachment_line(name: str | None) -> str:
    """The placeholder a message gets for a file attached to it."""
    return f"[attached file: {name}]" if name else "[attached file]"


def message_text(pieces: list[str], attachments: tuple[str, ...]) -> str:
    """The non-blank pieces of a message, then one placeholder line per attachment."""
    lines = [piece.strip() for piece in pieces if piece.strip()]
    return "\n\n".join(lines + [attachment_line(name) for name in attachments])


def require_owner(user_id: str | None, service: str) -> str:
    """The owner of every imported message: an export does not say whose it is."""
    if user_id is None or not user_id.strip():
        raise ValidationError(
            "user_id",
            f"a {service} export does not name its owner; give one (--user NAME on the "
            "command line)",
        )
    return user_id


def load_export(path: str | Path, limit: int | None = None) -> list[Any]:
    """The first ``limit`` conversations of an export zip or of its ``conversations.json``."""
    path = Path(path)
    text = _zip_text(path) if _is_zip(path) else read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(
            exc.lineno,
            "json",
            f"not valid JSON ({exc.msg}, column {exc.colno}); "
            f"give the export zip or the {EXPORT_FILE} inside it",
        ) from exc
    if isinstance(data, dict) and isinstance(data.get("conversations"), list):
        data = data["conversations"]
    if not isinstance(data, list):
        raise ImportFormatError(
            1,
            "conversations",
            f"expected a JSON array of conversations, got a {type(data).__name__}",
        )
    return data if limit is None else data[:limit]


def _is_zip(path: Path) -> bool:
    return path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)


def _zip_text(path: Path) -> str:
    """The text of the export's ``conversations.json``: the one nearest the archive's root."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = [n for n in archive.namelist() if PurePosixPath(n).name == EXPORT_FILE]
            if not names:
                raise SourceError(
                    str(path),
                    f"the zip holds no {EXPORT_FILE}; give the export zip as downloaded, "
                    f"or the {EXPORT_FILE} inside it",
                )
            data = archive.read(min(names, key=lambda n: (n.count("/"), n)))
    except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
        raise SourceError(str(path), "not a complete zip file; download the export again") from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(
            str(path), f"its {EXPORT_FILE} is not UTF-8 text (byte {exc.start})"
        ) from exc


def epoch_time(value: Any, number: int, field: str) -> datetime | None:
    """A time given as Unix seconds (``None`` when absent) as an aware UTC datetime."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise malformed(number, field, f"expected Unix seconds (a number), got {_json_name(value)}")
    try:
        return datetime.fromtimestamp(value, tz=UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise malformed(number, field, f"impossible time {value!r}") from exc


def iso_time(value: Any, number: int, field: str) -> datetime | None:
    """An ISO 8601 time (``None`` when absent) as an aware UTC datetime; naive times are UTC."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise malformed(number, field, f"expected an ISO 8601 time, got {_json_name(value)}")
    try:
        at = datetime.fromisoformat(value)
    except ValueError as exc:
        raise malformed(
            number, field, f"expected an ISO 8601 time like '2024-05-01T10:00:00Z', got {value!r}"
        ) from exc
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def read_export(
    path: str | Path,
    user_id: str | None,
    limit: int | None,
    *,
    fmt: str,
    service: str,
    parse: Callable[[Any, int], ChatConversation],
    time_field: str,
) -> Iterator[EpisodeIn]:
    """The messages of the first ``limit`` conversations of ``service``'s export (format ``fmt``),
    one session each; ``parse`` reads one conversation, ``time_field`` names its creation time."""
    owner = require_owner(user_id, service)
    for number, record in enumerate(load_export(path, limit), start=1):
        yield from conversation_episodes(fmt, parse(record, number), owner, number, time_field)


def conversation_episodes(
    fmt: str, conversation: ChatConversation, user_id: str, number: int, time_field: str
) -> list[EpisodeIn]:
    """The episodes of one conversation; ``number`` and ``time_field`` word a missing time."""
    times = _times(conversation, number, time_field)
    return [
        EpisodeIn(
            user_id=user_id,
            content=message.text,
            role=message.role,
            session_id=f"{fmt}-{conversation.conversation_id}",
            at=at,
            metadata=_metadata(fmt, conversation, message),
            id=_episode_id(fmt, user_id, conversation.conversation_id, message.message_id),
        )
        for message, at in zip(conversation.messages, times, strict=True)
    ]


def _times(conversation: ChatConversation, number: int, field: str) -> list[datetime]:
    """Each message's time, else the time before it, else the conversation's."""
    last = conversation.started
    out: list[datetime] = []
    for message in conversation.messages:
        last = message.at or last
        if last is None:
            raise malformed(
                number,
                field,
                f"message {message.message_id!r} has no time, and neither has its conversation",
            )
        out.append(last)
    return out


def _metadata(fmt: str, conversation: ChatConversation, message: ChatMessage) -> dict[str, Any]:
    metadata: dict[str, Any] = {
        "imported_from": fmt,
        "conversation_id": conversation.conversation_id,
        "message_id": message.message_id,
        "title": conversation.title,
    }
    if message.attachments:
        metadata["attachments"] = list(message.attachments)
    if message.model:
        metadata["model"] = message.model
    return metadata


def _episode_id(fmt: str, user_id: str, conversation_id: str, message_id: str) -> str:
    key = "\x00".join((fmt, user_id, conversation_id, message_id))
    return f"{fmt}-" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:28]
