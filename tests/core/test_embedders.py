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
