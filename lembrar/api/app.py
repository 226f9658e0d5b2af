"""The application factory: one store, one key store, one embedder, shared by every request."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager, suppress
from datetime import datetime

from fastapi import FastAPI

from lembrar import __version__
from lembrar.api import errors
from lembrar.api.hosts import LOOPBACK_HOSTS, HostCheck
from lembrar.api.limits import DEFAULT_MAX_BODY_BYTES, BodyLimit
from lembrar.api.routes import ROUTERS, page
from lembrar.api.routing import reserve_literals
from lembrar.api.services import Services
from lembrar.config import MemoryConfig
from lembrar.embed import Embedder, get_embedder
from lembrar.errors import ConflictError
from lembrar.llm.config import LLMConfig
from lembrar.memory import Memory
from lembrar.proxy.upstream import Upstream
from lembrar.store import open_store
from lembrar.tenancy import create_tenant, machine_tenant, open_key_store

DESCRIPTION = """Episodic memory over HTTP. Send a tenant API key as `Authorization: Bearer <key>`;
every call acts inside that key's tenant. Errors have one shape:
`{"error": {"code": "...", "message": "...", "field": "..."}}`."""


def create_app(
    db: str,
    *,
    admin_key: str | None = None,
    embedder: str | Embedder | None = None,
    config: MemoryConfig | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    clock: Callable[[], datetime] | None = None,
    local: bool | str = False,
    llm: LLMConfig | str | None = None,
    upstream: LLMConfig | None = None,
    allowed_hosts: Collection[str] = (),
) -> FastAPI:
    """The HTTP API over the store at ``db`` (a SQLite path or a ``postgresql://`` URL).

    ``admin_key`` enables ``/v1/admin`` (tenants and keys); ``embedder`` is a name or an
    instance, loaded once here; bodies over ``max_body_bytes`` are refused with 413. ``local``:
    requests without a key act for this machine's tenant, the one the CLI uses
    (``lembrar.tenancy.machine_tenant``), or for the tenant ``local`` names
    (``lembrar serve --local``, which listens on 127.0.0.1 only). ``llm``: the chat model of
    the page (as for ``lembrar chat``), or the text saying how to configure one; the memory
    proxy (``/v1/chat/completions``) forwards to ``upstream``, by default to that same model.
    ``allowed_hosts``: the names (``Host`` header, any port) answered; others get 421. Local
    mode adds the loopback names and refuses pages of other sites (``Origin``); with keys and
    no names given, every name is answered.
    """
    services = _services(str(db), admin_key, embedder, config or MemoryConfig(), clock)
    if local:
        services.local_tenant = _local_tenant(services, local if isinstance(local, str) else None)
    if isinstance(llm, LLMConfig):
        services.llm = llm
    elif llm:
        services.llm_setup = llm
    proxied = upstream or services.llm  # the memory proxy forwards to this model server
    services.upstream = Upstream(proxied) if proxied is not None else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        if services.upstream is not None:
            await services.upstream.aclose()
        services.close()

    app = FastAPI(title="lembrar", version=__version__, description=DESCRIPTION, lifespan=lifespan)
    app.state.services = services
    errors.install(app)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(HostCheck, hosts=_hosts(local, allowed_hosts), origins=bool(local))
    app.add_middleware(errors.CatchAll)
    for router in ROUTERS:
        app.include_router(router)
    reserve_literals(route for router in ROUTERS for route in router.routes)
    page.install(app)
    return app


def _hosts(local: bool | str, allowed: Collection[str]) -> Collection[str] | None:
    """The host names answered: loopback ones in local mode; None (any) for keys alone."""
    if local:
        return (*LOOPBACK_HOSTS, *allowed)
    return tuple(allowed) or None


def _local_tenant(services: Services, named: str | None) -> str:
    tenant = named or machine_tenant(services.store)
    if services.keys.tenant(tenant) is None:
        with suppress(ConflictError):  # another worker made it first
            create_tenant(services.keys, tenant, "this machine's user")
    return tenant


def _services(
    db: str,
    admin_key: str | None,
    embedder: str | Embedder | None,
    config: MemoryConfig,
    clock: Callable[[], datetime] | None,
) -> Services:
    inner = (
        embedder
        if embedder is not None and not isinstance(embedder, str)
        else get_embedder(embedder)
    )
    store = open_store(db)
    Memory(
        store, embedder=inner, config=config
    )  # fails now if the store's vectors came from another embedder
    return Services(store, open_key_store(store), inner, config, admin_key or None, clock)
