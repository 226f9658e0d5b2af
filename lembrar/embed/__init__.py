"""Embedders: a protocol, a registry by name, a cache by content hash."""

from lembrar.embed.base import DEFAULT_EMBEDDER, Embedder, available, embed_queries, get_embedder, normalize, register
from lembrar.embed.cache import CachedEmbedder


def _use_m3() -> Embedder:
    from lembrar.embed.usem3 import USEM3Embedder

    return USEM3Embedder()


def _minilm() -> Embedder:
    from lembrar.embed.minilm import MiniLMEmbedder

    return MiniLMEmbedder()


def _e5_small() -> Embedder:
    from lembrar.embed.e5small import E5SmallEmbedder

    return E5SmallEmbedder()


def _hashing() -> Embedder:
    from lembrar.embed.hashing import HashingEmbedder

    return HashingEmbedder()


register("use-m3", _use_m3)
register("minilm", _minilm)
register("e5-small", _e5_small)
register("hash", _hashing)

__all__ = [
    "DEFAULT_EMBEDDER",
    "CachedEmbedder",
    "Embedder",
    "available",
    "embed_queries",
    "get_embedder",
    "normalize",
    "register",
]
