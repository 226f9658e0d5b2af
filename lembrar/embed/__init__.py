"""Embedders: a protocol, a registry by name, a cache by content hash."""

from lembrar.embed.base import (
    DEFAULT_EMBEDDER,
    EMBEDDERS,
    Embedder,
    available,
    embed_queries,
    get_embedder,
    normalize,
    register,
)
from lembrar.embed.cache import CachedEmbedder

register("use-m3", "lembrar.embed.usem3:USEM3Embedder")
register("minilm", "lembrar.embed.minilm:MiniLMEmbedder", extra="minilm")
register("e5-small", "lembrar.embed.e5small:E5SmallEmbedder", extra="e5")
register("hash", "lembrar.embed.hashing:HashingEmbedder")

__all__ = [
    "DEFAULT_EMBEDDER",
    "EMBEDDERS",
    "CachedEmbedder",
    "Embedder",
    "available",
    "embed_queries",
    "get_embedder",
    "normalize",
    "register",
]
