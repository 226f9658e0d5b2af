"""Field-weighted record embeddings: short fields embedded apart and added with weights."""

from __future__ import annotations

import numpy as np
import pytest

from lembrar import Memory
from lembrar.embed.fields import FieldWeightedEmbedder, record_fields
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ValidationError
from lembrar.model.episode import record_text

RECORD = {
    "date": "2024-05-19",
    "period": "afternoon",
    "weekday": "sunday",
    "session": "lunch",
    "description": "The user had lunch with Ana; they ate fish at the harbour.",
}


def test_record_text_is_read_back_into_fields():
    assert record_fields(record_text(RECORD)) == RECORD
    assert record_fields("just a sentence; with a semicolon") is None
    assert record_fields("") is None


def test_plain_texts_are_embedded_as_the_inner_embedder_does():
    inner = HashingEmbedder()
    weighted = FieldWeightedEmbedder(inner)
    texts = ["I had lunch with Ana", "nothing: here"]
    assert np.allclose(weighted.embed_batch(texts), inner.embed_batch(texts))
    assert weighted.name == "hash+fields" and weighted.dim == inner.dim


def test_short_fields_weigh_more_in_a_record_vector():
    inner = HashingEmbedder()
    weighted = FieldWeightedEmbedder(inner, weights={"date": 0.5, "session": 0.5})
    text = record_text(RECORD)
    probe = inner.embed_batch(["date: 2024-05-19"])[0]
    plain, boosted = inner.embed_batch([text])[0], weighted.embed_batch([text])[0]
    assert float(boosted @ probe) > float(plain @ probe) + 0.1
    assert np.isclose(np.linalg.norm(boosted), 1.0)


def test_a_memory_can_use_it_and_finds_records_by_their_date():
    with Memory(":memory:", embedder=FieldWeightedEmbedder(HashingEmbedder())) as memory:
        memory.add(RECORD, user_id="ana", at="2024-05-19T13:00:00+00:00")
        memory.add(
            {**RECORD, "date": "2024-03-02", "session": "dinner"},
            user_id="ana",
            at="2024-03-02T20:00:00+00:00",
        )
        hits = memory.search("date: 2024-05-19", "ana", k=2, preset="dense")
    assert hits[0].episode.record["date"] == "2024-05-19"


def test_weights_are_checked():
    with pytest.raises(ValidationError):
        FieldWeightedEmbedder(HashingEmbedder(), whole=0)
    with pytest.raises(ValidationError):
        FieldWeightedEmbedder(HashingEmbedder(), weights={"date": -1})
