"""A user's data to download: their episodes as JSON Lines, re-importable with ``lembrar import``."""

from __future__ import annotations

import json
from collections.abc import Iterator

from fastapi.responses import StreamingResponse

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId, existing
from lembrar.api.routing import resource_router
from lembrar.importers.jsonl import episode_json
from lembrar.importers.load import iter_episodes
from lembrar.memory import Memory

router = resource_router("/v1/users/{user_id}/export", "export")


@router.get(
    "",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}, "description": "JSON Lines"}},
)
def export(user_id: UserId, memory: TenantMemory) -> StreamingResponse:
    """Every episode of the user, oldest first, one JSON object a line (as ``lembrar export``
    writes them); ``lembrar import FILE --format jsonl`` reads it back."""
    existing(memory, user_id)
    name = "".join(c if (c.isascii() and c.isalnum()) or c in "-_." else "_" for c in user_id)
    return StreamingResponse(
        _lines(memory, user_id),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="lembrar-{name}.jsonl"'},
    )


def _lines(memory: Memory, user_id: str) -> Iterator[str]:
    for episode in iter_episodes(memory, user_id):
        yield json.dumps(episode_json(episode), ensure_ascii=False) + "\n"
