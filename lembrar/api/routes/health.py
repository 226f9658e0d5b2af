"""Liveness (``/healthz``: the process answers) and readiness (``/readyz``: the store answers)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from lembrar.api.auth import services
from lembrar.api.errors import ApiError
from lembrar.api.schemas.common import ErrorBody
from lembrar.api.schemas.system import Health
from lembrar.api.services import Services

router = APIRouter(tags=["system"])


@router.get("/healthz", response_model=Health)
def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Health,
    responses={503: {"model": ErrorBody, "description": "The store does not answer"}},
)
def readyz(svc: Annotated[Services, Depends(services)]) -> Health:
    try:
        svc.store.get_meta("embedder")
        svc.keys.key("")
    except Exception as exc:
        raise ApiError(503, "not_ready", "the store does not answer") from exc
    return Health(status="ready")
