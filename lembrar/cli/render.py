"""Human-readable and JSON renderings of results for the terminal."""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lembrar.model.episode import Episode
    from lembrar.model.hits import SearchHit


def to_jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {k: to_jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "total_seconds"):
        return value.total_seconds()
    return value


def dumps(value: Any) -> str:
    return json.dumps(to_jsonable(value), ensure_ascii=False, indent=2)


def when(episode: Episode) -> str:
    t = episode.tags
    return f"{t.local:%Y-%m-%d %H:%M} {t.weekday[:3].capitalize()} {t.period}"


def who(episode: Episode) -> str:
    if episode.kind == "record":
        return "record"
    if episode.kind == "text":
        return "text"
    return f"{episode.speaker} ({episode.role})" if episode.speaker else str(episode.role)


def clip(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def episode_line(episode: Episode) -> str:
    session = f" [{episode.session_id}]" if episode.session_id else ""
    return f"{episode.id}  {when(episode)}{session}  {who(episode)}: {clip(episode.content)}"


def hit_line(hit: SearchHit) -> str:
    why = ", ".join(f"{name} {score:.2f}" for name, score in hit.signals.items())
    session = f" [{hit.episode.session_id}]" if hit.episode.session_id else ""
    head = f"{hit.rank:>2}. {hit.score:.3f}  {when(hit.episode)}{session}  {who(hit.episode)}"
    return f"{head}: {clip(hit.text)}\n      matched: {why}"


def episode_block(episode: Episode) -> str:
    t = episode.tags
    rows = [
        ("id", episode.id),
        ("user", episode.user_id),
        ("session", episode.session_id or "-"),
        ("kind", episode.kind),
        ("who", who(episode)),
        ("at", episode.at.isoformat()),
        ("local", f"{t.local:%Y-%m-%d %H:%M} ({t.timezone})"),
        ("tags", f"{t.weekday}, {t.period}, {t.iso_week}, {t.season}"),
        ("recorded", episode.recorded_at.isoformat()),
        ("version", str(episode.version)),
        ("metadata", json.dumps(episode.metadata, ensure_ascii=False)),
    ]
    body = (
        json.dumps(episode.record, ensure_ascii=False, indent=2)
        if episode.record is not None
        else episode.content
    )
    return "\n".join(f"{k:>9}: {v}" for k, v in rows) + "\n\n" + body
