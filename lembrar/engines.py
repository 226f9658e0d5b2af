"""One ``Memory`` per tenant for the life of a service process (HTTP API, MCP, memory proxy).

Each engine is built on the store's view of its tenant (``store.for_tenant``), so every
statement it runs carries the tenant: sharing engines between requests never shares rows
between tenants. Keeping them saves what a fresh ``Memory`` pays on every request (the
embedder check against the store, the layer wiring, the embedding cache in front of the
store). The pool keeps the ``capacity`` most recently used tenants; engines share the store's
connection, so dropping one releases nothing but memory.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from lembrar.config import MemoryConfig
from lembrar.embed import Embedder
from lembrar.memory import Memory
from lembrar.store import Store

__all__ = ["EnginePool"]

DEFAULT_CAPACITY = 256


class EnginePool:
    """``get(tenant)``: the tenant's ``Memory``, built on first use and then reused."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        config: MemoryConfig,
        *,
        clock: Callable[[], datetime] | None = None,
        capacity: int = DEFAULT_CAPACITY,
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._config = config
        self._clock = clock
        self._capacity = capacity
        self._engines: OrderedDict[str, Memory] = OrderedDict()
        self._lock = threading.Lock()
        self.built = 0  # how many engines were built so far (reuse shows as a small number)

    def get(self, tenant: str) -> Memory:
        with self._lock:
            found = self._engines.get(tenant)
            if found is not None:
                self._engines.move_to_end(tenant)
                return found
        engine = Memory(
            self._store.for_tenant(tenant),
            embedder=self._embedder,
            config=self._config,
            clock=self._clock,
        )
        with self._lock:
            kept = self._engines.setdefault(tenant, engine)
            self.built += kept is engine
            self._engines.move_to_end(tenant)
            while len(self._engines) > self._capacity:
                self._engines.popitem(last=False)
        return kept

    def __len__(self) -> int:
        return len(self._engines)
