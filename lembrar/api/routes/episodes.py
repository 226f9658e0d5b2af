"""A user's episodes: add (one, a conversation, in bulk), list, get, update, delete, history."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query, Response

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import ItemId, UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import AwareInstant, Deleted, ErrorBody, Kind, Period, Role, Weekday
from lembrar.api.schemas.episodes import (
    BulkCreate,
    EpisodeCreate,
    EpisodeOut,
    EpisodePage,
    EpisodesCreated,
    EpisodeUpdate,
    History,
    HistoryEntryOut,
    Rejected,
)
from lembrar.errors import ValidationError

CURSOR = r"^W[A-Za-z0-9_-]{3}(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$"
"""The shape of a ``next_cursor`` (URL-safe base64 of a JSON array); which page it names, only
the server that made it knows."""
router = resource_router("/v1/users/{user_id}/episodes", "episodes")
ID_TAKEN = {
    "model": ErrorBody,
    "description": "An item's `id` is taken (or repeated in the batch); nothing stored",
}


def list_filters(
    session_id: str | None = None,
    role: Annotated[list[Role] | None, Query(description="repeat for several")] = None,
    kind: Annotated[list[Kind] | None, Query()] = None,
    since: Annotated[
        AwareInstant | None, Query(description="ISO 8601 with offset; events at or after it")
    ] = None,
    until: Annotated[
        AwareInstant | None, Query(description="ISO 8601 with offset; events before it")
    ] = None,
    period: Annotated[list[Period] | None, Query()] = None,
    weekday: Annotated[list[Weekday] | None, Query()] = None,
) -> dict[str, Any]:
    """The query-string filters of listings and bulk deletes, as ``Filters`` fields."""
    return {
        "session_id": session_id,
        "roles": tuple(role or ()),
        "kinds": tuple(kind or ()),
        "since": since,
        "until": until,
        "periods": tuple(period or ()),
        "weekdays": tuple(weekday or ()),
    }


Filtered = Annotated[dict[str, Any], Depends(list_filters)]


@router.post("", status_code=201, response_model=EpisodesCreated)
def add(user_id: UserId, body: EpisodeCreate, memory: TenantMemory) -> EpisodesCreated:
    """Store a text, a message, a conversation (``messages``) or a JSON ``record``."""
    return EpisodesCreated(
        episodes=[EpisodeOut.of(e) for e in memory.add_many(body.inputs(user_id))]
    )


@router.post("/bulk", status_code=201, response_model=EpisodesCreated, responses={409: ID_TAKEN})
def add_bulk(user_id: UserId, body: BulkCreate, memory: TenantMemory) -> EpisodesCreated:
    """Up to 1000 episodes in one transaction. An invalid item rejects the batch (422 naming it),
    unless ``skip_invalid``: then the valid ones are stored and the others listed in ``rejected``."""
    rejected: list[Rejected] = []

    def skip(index: int, error: ValidationError) -> None:
        rejected.append(Rejected(index=index, field=error.field, message=error.message))

    def refuse(index: int, error: ValidationError) -> None:  # raised before anything is written
        raise ValidationError(f"items.{index}.{error.field}", error.message) from error

    episodes = memory.add_many(
        [item.input(user_id) for item in body.items],
        on_invalid=skip if body.skip_invalid else refuse,
    )
    return EpisodesCreated(episodes=[EpisodeOut.of(e) for e in episodes], rejected=rejected)


@router.get("", response_model=EpisodePage)
def list_episodes(
    user_id: UserId,
    memory: TenantMemory,
    filters: Filtered,
    order: Annotated[str, Query(pattern="^(asc|desc)$", description="asc: oldest first")] = "asc",
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
    cursor: Annotated[
        str | None, Query(pattern=CURSOR, description="next_cursor of the previous page")
    ] = None,
) -> EpisodePage:
    return EpisodePage.of(memory.get_all(user_id, filters, order=order, limit=limit, cursor=cursor))


@router.delete("", response_model=Deleted)
def delete_matching(user_id: UserId, memory: TenantMemory, filters: Filtered) -> Deleted:
    """Delete the user's episodes that match the filters (at least one is required)."""
    if not any(filters.values()):
        raise ValidationError(
            "filters", "give at least one filter; DELETE /v1/users/{user_id} removes everything"
        )
    return Deleted(deleted=memory.delete_all(user_id, filters=filters))


@router.get("/{episode_id}", response_model=EpisodeOut)
def get(user_id: UserId, episode_id: ItemId, memory: TenantMemory) -> EpisodeOut:
    return EpisodeOut.of(memory.get(episode_id, user_id))


@router.patch("/{episode_id}", response_model=EpisodeOut)
def update(
    user_id: UserId, episode_id: ItemId, body: EpisodeUpdate, memory: TenantMemory
) -> EpisodeOut:
    """Replace the text (re-indexed); the previous text stays in the history."""
    return EpisodeOut.of(memory.update(episode_id, body.content, user_id))


@router.delete("/{episode_id}", status_code=204, response_class=Response)
def delete(user_id: UserId, episode_id: ItemId, memory: TenantMemory) -> Response:
    memory.delete(episode_id, user_id)
    return Response(status_code=204)


@router.get("/{episode_id}/history", response_model=History)
def history(user_id: UserId, episode_id: ItemId, memory: TenantMemory) -> History:
    return History(entries=[HistoryEntryOut.of(h) for h in memory.history(episode_id, user_id)])
