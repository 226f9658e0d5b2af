"""A user's saved memories: facts they asked to be remembered, checked for repeats and contradictions."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Response

from lembrar.api.auth import LayeredMemory
from lembrar.api.routes.users import ItemId, UserId
from lembrar.api.routing import resource_router
from lembrar.api.schemas.common import Deleted
from lembrar.api.schemas.layers import (
    MemoryCreate,
    MemoryEdit,
    MemoryList,
    MemoryOut,
    PendingList,
    PendingOut,
    PendingResolve,
    PendingResult,
    SaveResult,
)

router = resource_router("/v1/users/{user_id}/memories", "memories", layers=True)


@router.get("", response_model=MemoryList)
def list_memories(
    user_id: UserId,
    memory: LayeredMemory,
    include_retired: Annotated[
        bool, Query(description="also the facts later ones replaced")
    ] = False,
) -> MemoryList:
    """Active facts, oldest first."""
    return MemoryList(
        memories=[
            MemoryOut.of(m) for m in memory.saved.list(user_id, include_retired=include_retired)
        ]
    )


@router.get("/pending", response_model=PendingList)
def list_pending(user_id: UserId, memory: LayeredMemory) -> PendingList:
    """Facts captured from messages that contradict a saved one, oldest first, waiting to be resolved."""
    return PendingList(pending=[PendingOut.of(p) for p in memory.saved.pending(user_id)])


@router.post("/pending/{pending_id}", response_model=PendingResult)
def resolve_pending(
    user_id: UserId, pending_id: ItemId, body: PendingResolve, memory: LayeredMemory
) -> PendingResult:
    """Settle a pending fact: ``replace``, ``keep_both`` or ``discard``; the pending entry goes."""
    outcome = memory.saved.resolve(pending_id, user_id, body.action, now=body.now)
    if outcome is None:
        return PendingResult(status="discarded")
    return PendingResult(status=outcome.status, result=SaveResult.of(outcome))


@router.post(
    "",
    status_code=201,
    response_model=SaveResult,
    responses={
        200: {
            "model": SaveResult,
            "description": "Nothing stored: a duplicate, or a conflict to resolve",
        }
    },
)
def add(
    user_id: UserId, body: MemoryCreate, memory: LayeredMemory, response: Response
) -> SaveResult:
    """Save a fact: 201 ``saved``; 200 ``duplicate`` or ``conflict`` (nothing stored; send again
    with ``on_conflict`` ``replace`` or ``keep_both`` to resolve a conflict)."""
    outcome = memory.saved.add(body.fact, user_id, on_conflict=body.on_conflict, now=body.now)
    if outcome.status != "saved":
        response.status_code = 200
    return SaveResult.of(outcome)


@router.patch("/{memory_id}", response_model=MemoryOut)
def edit(user_id: UserId, memory_id: ItemId, body: MemoryEdit, memory: LayeredMemory) -> MemoryOut:
    """Rewrite a fact in place (the old wording is not kept)."""
    return MemoryOut.of(memory.saved.edit(memory_id, body.fact, user_id, now=body.now))


@router.delete("/{memory_id}", response_model=Deleted)
def delete(user_id: UserId, memory_id: ItemId, memory: LayeredMemory) -> Deleted:
    """Delete a fact and the retired versions it replaced; returns how many."""
    return Deleted(deleted=memory.saved.delete(memory_id, user_id))
