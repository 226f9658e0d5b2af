"""The packaged embedders by name: what each returns, and the query side of e5-small."""

from __future__ import annotations

import numpy as np
import pytest

from lembrar import ConfigurationError
from lembrar.embed import available, embed_queries, get_embedder


def test_unknown_names_list_the_registered_ones():
    with pytest.raises(ConfigurationError, match="e5-small.*hash.*minilm.*use-m3"):
        get_embedder("word2vec")
    assert {"use-m3", "e5-small", "minilm", "hash"} <= set(available())


@pytest.mark.slow
def test_e5_small_ranks_by_meaning_across_languages_with_a_query_side():
    model = get_embedder("e5-small")
    passages = model.embed_batch(
        [
            "Adults need roughly 50 grams of protein a day.",
            "O trem para o Porto atrasou duas horas.",
            "Un adulte a besoin d'environ 50 grammes de protéines par jour.",
        ]
    )
    assert passages.shape == (3, model.dim) == (3, 384) and passages.dtype == np.float32
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    query = embed_queries(model, ["how much protein should I eat daily?"])[0]
    scores = passages @ query
    assert scores[0] > scores[1] and scores[2] > scores[1]
    same_text = model.embed_batch(["how much protein should I eat daily?"])[0]
    assert float(same_text @ query) < 0.999  # queries and stored texts are embedded differently
    assert model.embed_batch([]).shape == (0, 384) and embed_queries(model, []).shape == (0, 384)


def test_use_m3_embeds_a_query_on_one_blas_thread_and_a_batch_on_its_threads(monkeypatch):
    """A short call gains nothing from a second BLAS thread, which would spin beside the
    store's work; a batch of many texts uses the threads it was given."""
    from threadpoolctl import threadpool_info

    from lembrar.embed.usem3 import FEW_TEXTS, USEM3Embedder

    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    most = max(lib["num_threads"] for lib in blas)  # BLAS never runs more than the cores
    model = USEM3Embedder(threads=2)
    encode = model._model.encode
    seen: list[set[int]] = []

    def recorded(texts):
        seen.append({lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"})
        return encode(texts)

    monkeypatch.setattr(model._model, "encode", recorded)
    texts = [f"we talked about the garden on day {i}" for i in range(FEW_TEXTS + 4)]
    one = model.embed_batch(texts[:1])
    many = model.embed_batch(texts)
    assert seen == [{1}, {min(2, most)}]
    assert np.allclose(one[0], many[0], atol=1e-5)  # the same vector either way
