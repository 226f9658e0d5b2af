"""What the routes share, built once per application: the store, the keys, the engines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from lembrar.config import MemoryConfig
from lembrar.embed import Embedder
from lembrar.engine import Memory
from lembrar.engines import EnginePool
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
    engines: EnginePool = field(init=False)

    def __post_init__(self) -> None:
        self.engines = EnginePool(self.store, self.embedder, self.config, clock=self.clock)

    def memory(self, tenant: str) -> Memory:
        """The tenant's ``Memory``, kept for the life of the process (see ``EnginePool``)."""
        return self.engines.get(tenant)

    def close(self) -> None:
        self.keys.close()
        self.store.close()
