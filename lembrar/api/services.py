"""What the routes share, built once per application: the store, the keys, the engines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from lembrar.config import MemoryConfig
from lembrar.embed import Embedder
from lembrar.engines import EnginePool
from lembrar.llm.config import HOW_TO_CONFIGURE, LLMConfig
from lembrar.memory import Memory
from lembrar.proxy.upstream import Upstream
from lembrar.store import Store
from lembrar.store.base import KeyStore


@dataclass
class Services:
    store: Store
    keys: KeyStore
    embedder: Embedder
    config: MemoryConfig
    admin_key: str | None = None
    clock: Callable[[], datetime] | None = None
    local_tenant: str | None = None
    """With ``lembrar serve --local``: the tenant of requests that send no key."""
    llm: LLMConfig | None = None
    """The chat model of ``POST .../chat``; None: ``llm_setup`` says how to configure one."""
    llm_setup: str = HOW_TO_CONFIGURE
    upstream: Upstream | None = None
    """The memory proxy's model server (``POST /v1/chat/completions``), when one is configured."""
    engines: EnginePool = field(init=False)

    def __post_init__(self) -> None:
        self.engines = EnginePool(self.store, self.embedder, self.config, clock=self.clock)

    def memory(self, tenant: str, clock: Callable[[], datetime] | None = None) -> Memory:
        """The tenant's ``Memory``, kept for the life of the process (see ``EnginePool``);
        with ``clock``, a new one on that clock (a chat turn 'as of' a given instant)."""
        if clock is None:
            return self.engines.get(tenant)
        return Memory(
            self.store.for_tenant(tenant), embedder=self.embedder, config=self.config, clock=clock
        )

    def close(self) -> None:
        self.keys.close()
        self.store.close()
