"""What the layers use of their hosts: ``Memory`` for ``Layers``, ``Layers`` for its parts.

The parts (saved memories, summaries, insights) are built by ``Layers`` and read it back
through ``LayerHost``, so no part imports the service that owns it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from lembrar.config import MemoryConfig
from lembrar.layers.config import LayerConfig
from lembrar.model.users import UserSettings
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.request import SearchRequest
from lembrar.store.base import LayerStore, Store

if TYPE_CHECKING:
    from lembrar.embed.cache import CachedEmbedder


class Host(Protocol):
    """What the layers use of ``Memory``."""

    store: Store
    embedder: CachedEmbedder
    config: MemoryConfig

    def now(self) -> datetime: ...
    def user_settings(self, user_id: str) -> UserSettings: ...
    def request(
        self,
        query: str,
        user_id: str,
        k: int,
        *,
        now: datetime | str | None = None,
        preset: SearchConfig | str | None = None,
    ) -> SearchRequest: ...


class LayerHost(Protocol):
    """What the parts of the layers use of ``Layers``."""

    host: Host
    episodes: Store
    embedder: CachedEmbedder
    memory_config: MemoryConfig
    config: LayerConfig

    @property
    def available(self) -> bool: ...
    @property
    def store(self) -> LayerStore: ...
    def instant(self, user_id: str, now: datetime | str | None) -> datetime: ...
