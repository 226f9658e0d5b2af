"""A tiny deterministic embedder for tests: hashed word and character-trigram features."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from lembrar.embed.base import normalize

_WORD = re.compile(r"\w+", re.UNICODE)


class HashingEmbedder:
    """Bag of hashed words + trigrams. Deterministic, fast, no model; for tests only."""

    name = "hash"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.calls = 0
        self.texts_embedded = 0

    def _features(self, text: str) -> list[int]:
        words = _WORD.findall(text.lower())
        grams = [w[i : i + 3] for w in words for i in range(max(1, len(w) - 2))]
        return [
            int.from_bytes(hashlib.blake2b(f.encode(), digest_size=4).digest(), "little")
            for f in words + grams
        ]

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature in self._features(text):
                out[row, feature % self.dim] += 1.0 if feature & 1 << 31 else -1.0
        return normalize(out)
