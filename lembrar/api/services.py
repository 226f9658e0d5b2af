"""What the routes share, built once per application: the store, the keys, the embedder."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from lembrar.api.keys import KeyStore
from lembrar.config import MemoryConfig
from lembrar.embed import Embedder
from lembrar.engine import Memory
from lembrar.store import Store


@dataclass
class Services:
    store: Store
    keys: KeyStore
    embedder: Embedder
    config: MemoryConfig
    admin_key: str | None = None
    clock: Callable[[], datetime] | None = None

    def memory(self, tenant: str) -> Memory:
        """A ``Memory`` over this tenant's view of the store: the store scopes every statement
        to the tenant, so nothing here filters by it. Never closed: the connection is shared."""
        return Memory(self.store.for_tenant(tenant), embedder=self.embedder, config=self.config, clock=self.clock)

    def close(self) -> None:
        self.keys.close()
        self.store.close()
