"""The generic JSON Lines format: one episode per line, and the lossless export of a store.

A line needs ``user_id`` and ``content`` (or ``record``); ``session_id``, ``role``, ``speaker``
(or ``name``), ``at`` (ISO 8601), ``metadata``, ``id`` and ``recorded_at`` are optional.
``export_jsonl`` writes every field, so its output re-imports to the same episodes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from lembrar.errors import ImportFormatError
from lembrar.importers import open_text
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn

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


def parse_line(line: str, number: int, user_id: str | None = None) -> EpisodeIn:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(number, "json", f"not valid JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise ImportFormatError(number, "line", "each line must be a JSON object")
    if "name" in data:
        data.setdefault("speaker", data.pop("name"))
    data.pop("kind", None)
    data.pop("version", None)
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise ImportFormatError(
            number, unknown[0], f"unknown field; lines take {', '.join(_FIELDS)}"
        )
    if user_id is not None:
        data["user_id"] = user_id
    if not isinstance(data.get("user_id"), str):
        raise ImportFormatError(
            number, "user_id", "missing or not a string; add it to the line or pass a user id"
        )
    return EpisodeIn(
        **{k: v for k, v in data.items() if v is not None or k in ("content", "record")}
    )


def read_jsonl_numbered(
    path: str | Path,
    user_id: str | None = None,
    limit: int | None = None,
    skipped: list[tuple[int, str]] | None = None,
) -> Iterator[tuple[int, EpisodeIn]]:
    """(line number, episode) pairs; malformed lines raise, or land in ``skipped`` when it is given."""
    count = 0
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            if limit is not None and count >= limit:
                return
            try:
                yield number, parse_line(line, number, user_id)
                count += 1
            except ImportFormatError as error:
                if skipped is None:
                    raise
                skipped.append((number, str(error)))


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


def write_jsonl(episodes: Iterator[Episode], out: IO[str]) -> int:
    count = 0
    for episode in episodes:
        out.write(json.dumps(episode_json(episode), ensure_ascii=False) + "\n")
        count += 1
    return count
