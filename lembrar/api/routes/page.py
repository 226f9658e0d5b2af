"""The web page: ``/`` and its files, and what the page must know before it has a key."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from lembrar import __version__
from lembrar.api.auth import services
from lembrar.api.services import Services
from lembrar.ui import STATIC

router = APIRouter(tags=["page"])
STATIC_PREFIX = "/ui"
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none';"
    " base-uri 'none';"
    " form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


class PageMode(BaseModel):
    local: bool = Field(description="served with --local: this machine's user needs no key")
    version: str


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=SECURITY_HEADERS)


@router.get("/v1/page", response_model=PageMode)
def page_mode(svc: Annotated[Services, Depends(services)]) -> PageMode:
    """No key needed: whether the page may skip asking for one (``lembrar serve --local``)."""
    return PageMode(local=svc.local_tenant is not None, version=__version__)


def install(app: FastAPI) -> None:
    """Serve the page's files under ``/ui`` (the page itself is ``/``, from ``router``)."""
    app.mount(STATIC_PREFIX, StaticFiles(directory=STATIC), name="ui")
