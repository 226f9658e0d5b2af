"""What forgetting something would remove: the counts a confirmation shows before a delete."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel, Field

from lembrar.api.auth import TenantMemory
from lembrar.api.routes.users import UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import NOT_BLANK
from lembrar.ui.forgetting import ForgetPreview, preview


def target_id(delete: str) -> Any:
    """A target's id in the query string: never blank, like the path of its delete."""
    return Query(pattern=NOT_BLANK, description=delete)


router = resource_router("/v1/users/{user_id}/forget-preview", "forget")


class ForgetPreviewOut(BaseModel):
    """Counts of what the matching delete removes (and rewrites); nothing is changed by asking."""

    description: str = Field(description="what is forgotten, in words: 'conversation s-0505'")
    episodes: int
    sessions: int = Field(description="conversations removed whole")
    saved_memories: int = Field(
        description="saved facts removed: captured from these messages, or the versions "
        "a deleted fact replaced"
    )
    summaries_deleted: int
    summaries_rewritten: int = Field(description="summaries written again from the turns that stay")
    insights_deleted: int
    insights_recomputed: int = Field(
        description="insights drawn partly from these messages, recomputed"
    )
    settings: bool = Field(description="the user's settings go too")

    @classmethod
    def of(cls, p: ForgetPreview) -> ForgetPreviewOut:
        return cls(**vars(p))


@router.get("", response_model=ForgetPreviewOut)
def forget_preview(
    user_id: UserId,
    memory: TenantMemory,
    episode_id: Annotated[str | None, target_id("DELETE .../episodes/{episode_id}")] = None,
    session_id: Annotated[str | None, target_id("DELETE .../sessions/{session_id}")] = None,
    memory_id: Annotated[str | None, target_id("DELETE .../memories/{memory_id}")] = None,
    everything: Annotated[bool, Query(description="DELETE /v1/users/{user_id}")] = False,
) -> ForgetPreviewOut:
    """Give exactly one target; the answer counts what its delete would remove."""
    return ForgetPreviewOut.of(
        preview(
            memory,
            user_id,
            episode_id=episode_id,
            session_id=session_id,
            memory_id=memory_id,
            everything=everything,
        )
    )
