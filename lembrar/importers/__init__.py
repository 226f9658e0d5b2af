"""Readers that turn conversation data sets and people's chat exports into ``EpisodeIn`` objects.

Each format has one reader with the signature
``read_<format>(path, user_id=None, limit=None) -> Iterator[EpisodeIn]``; ``reader(name)``
finds it by name without importing the others. Malformed input raises
``lembrar.errors.ImportFormatError`` naming the record (1-based) and the field.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Protocol, TypeVar

from lembrar.errors import ImportFormatError, SourceError
from lembrar.model.inputs import EpisodeIn
from lembrar.registry import Registry

Reader = Callable[..., Iterator[EpisodeIn]]
Parsed = TypeVar("Parsed")
BATCH_SIZE = 500
"""Records an import writes per transaction (``lembrar import --batch-size``)."""

FORMATS: Registry[Iterator[EpisodeIn]] = Registry("format")
FORMATS.register("chatgpt", "lembrar.importers.chatgpt:read_chatgpt")
FORMATS.register("claude", "lembrar.importers.claude:read_claude")
FORMATS.register("dailydialog", "lembrar.importers.dailydialog:read_dailydialog")
FORMATS.register("jsonl", "lembrar.importers.jsonl:read_jsonl")
FORMATS.register("locomo", "lembrar.importers.locomo:read_locomo")
FORMATS.register("longmemeval", "lembrar.importers.longmemeval:read_longmemeval")


def formats() -> list[str]:
    """The names ``reader`` accepts."""
    return sorted(FORMATS.names())


def reader(name: str) -> Reader:
    """The ``read_<format>`` function of the format called ``name``."""
    return FORMATS.load(name)


def open_text(path: str | Path) -> IO[str]:
    """Open a UTF-8 text file, transparently un-gzipping names ending in ``.gz``."""
    path = Path(path)
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open("r", encoding="utf-8")


def read_text(path: str | Path) -> str:
    """The whole UTF-8 text of a file, un-gzipped if its name ends in ``.gz``."""
    path = Path(path)
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(str(path), f"not UTF-8 text (line {line}); save it as UTF-8") from exc


def load_json_records(path: str | Path, limit: int | None = None) -> list[Any]:
    """The first ``limit`` records of a JSON array file or of a JSON Lines file."""
    text = read_text(path)
    start = len(text) - len(text.lstrip())
    if text[start : start + 1] == "[":
        return _array_records(text, start + 1, limit)
    records: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if limit is not None and len(records) >= limit:
            break
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ImportFormatError(number, "json", exc.msg) from exc
    return records


def parse_records(
    path: str | Path, limit: int | None, parse: Callable[[Any, int], Parsed]
) -> list[Parsed]:
    """``parse(record, number)`` of each of the first ``limit`` records of a JSON / JSON.gz /
    JSON Lines file, in file order; ``number`` is the record's 1-based position."""
    records = load_json_records(path, limit)
    return [parse(record, number) for number, record in enumerate(records, start=1)]


class HasEpisodes(Protocol):
    """A parsed record that becomes episodes (a conversation, a question's haystack)."""

    def episodes(self, user_id: str | None = None) -> list[EpisodeIn]: ...


def episodes_of(records: Iterable[HasEpisodes], user_id: str | None) -> Iterator[EpisodeIn]:
    """The episodes of every record, in order; each in its own scope unless ``user_id``."""
    for record in records:
        yield from record.episodes(user_id)


def utc_datetime(
    parts: tuple[int, int, int, int, int], text: str, line: int, field: str
) -> datetime:
    """Year, month, day, hour and minute as a UTC datetime, or an ``ImportFormatError`` quoting
    ``text`` where no such day or time exists."""
    year, month, day, hour, minute = parts
    try:
        return datetime(year, month, day, hour, minute, tzinfo=UTC)
    except ValueError as exc:
        raise ImportFormatError(line, field, f"impossible date {text!r}") from exc


def _array_records(text: str, position: int, limit: int | None) -> list[Any]:
    """Decode the elements of a JSON array one by one, stopping after ``limit``."""
    decoder = json.JSONDecoder()
    records: list[Any] = []
    while limit is None or len(records) < limit:
        position = _skip(text, position, ",")
        if text[position : position + 1] in ("]", ""):
            if not text[position : position + 1]:
                raise ImportFormatError(
                    text.count("\n", 0, position) + 1, "json", "unterminated array"
                )
            break
        try:
            record, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise ImportFormatError(exc.lineno, "json", exc.msg) from exc
        records.append(record)
    return records


def _skip(text: str, position: int, separator: str) -> int:
    """Position after whitespace and at most one ``separator``."""
    while position < len(text) and text[position].isspace():
        position += 1
    if text[position : position + 1] == separator:
        position += 1
        while position < len(text) and text[position].isspace():
            position += 1
    return position


def require_field(record: Any, name: str, kind: type | tuple[type, ...], line: int) -> Any:
    """``record[name]`` when the record is an object holding a value of type ``kind``."""
    if not isinstance(record, dict):
        raise ImportFormatError(
            line, "record", f"expected a JSON object, got {type(record).__name__}"
        )
    if name not in record:
        raise ImportFormatError(line, name, "missing")
    value = record[name]
    if not isinstance(value, kind):
        raise ImportFormatError(
            line, name, f"expected {_kind_name(kind)}, got {type(value).__name__}"
        )
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


__all__ = [
    "BATCH_SIZE",
    "HasEpisodes",
    "Reader",
    "episodes_of",
    "formats",
    "load_json_records",
    "open_text",
    "parse_records",
    "read_text",
    "reader",
    "require_field",
    "utc_datetime",
]
