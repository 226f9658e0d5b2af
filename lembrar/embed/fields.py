"""Field-weighted embeddings of memory records (the second source paper's fix for short fields).

In the embedding of a whole record, the short fields (date, period, label) drown in the long
description, so a search for "lunch on Sunday" barely feels them. This embedder embeds each
weighted field on its own (``date: 2024-05-19``) and adds it to the whole-record embedding:

    vector = normalize(whole * embed(record) + sum(weight[f] * embed(f"{f}: {value}")))

Texts that are not records are embedded as the inner embedder does. Use it as the ``Memory``
embedder: ``Memory(path, embedder=FieldWeightedEmbedder(get_embedder("use-m3")))``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import numpy as np

from lembrar.embed.base import Embedder, embed_queries, normalize
from lembrar.errors import ValidationError

__all__ = ["DEFAULT_FIELD_WEIGHTS", "FieldWeightedEmbedder", "record_fields"]

DEFAULT_FIELD_WEIGHTS: Mapping[str, float] = {
    "date": 0.3,
    "weekday": 0.15,
    "period": 0.15,
    "session": 0.3,
}

_FIELD = re.compile(r"^([A-Za-z_][\w.]*): (.*)$", re.DOTALL)


def record_fields(text: str) -> dict[str, str] | None:
    """The ``key: value`` fields of a text rendered from a record (``a: 1; b: 2``), else None.

    A piece that does not start with ``key: `` belongs to the previous value (a ``; `` inside
    a description).
    """
    fields: dict[str, str] = {}
    last = None
    for piece in text.split("; "):
        match = _FIELD.match(piece)
        if match:
            last = match.group(1)
            fields[last] = match.group(2)
        elif last is None:
            return None
        else:
            fields[last] += "; " + piece
    return fields or None


class FieldWeightedEmbedder:
    """Wraps an embedder; records get their short fields' embeddings added with weights."""

    def __init__(
        self,
        inner: Embedder,
        weights: Mapping[str, float] = DEFAULT_FIELD_WEIGHTS,
        whole: float = 1.0,
    ) -> None:
        if whole <= 0 or any(w < 0 for w in weights.values()):
            raise ValidationError(
                "weights", "the whole-record weight must be positive and field weights not negative"
            )
        self.inner = inner
        self.weights = dict(weights)
        self.whole = whole
        self.dim = inner.dim
        self.name = f"{inner.name}+fields"

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = self.inner.embed_batch(texts).astype(np.float32) * self.whole
        rows, parts, weights = [], [], []
        for row, text in enumerate(texts):
            for key, value in (record_fields(text) or {}).items():
                if self.weights.get(key) and value.strip():
                    rows.append(row)
                    parts.append(f"{key}: {value}")
                    weights.append(self.weights[key])
        if parts:
            vectors = self.inner.embed_batch(parts) * np.asarray(weights, dtype=np.float32)[:, None]
            np.add.at(out, np.asarray(rows), vectors)
        return normalize(out)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return embed_queries(self.inner, texts)
