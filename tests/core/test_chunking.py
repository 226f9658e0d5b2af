import pytest
from hypothesis import given
from hypothesis import strategies as st

from lembrar import ValidationError
from lembrar.model.text import ChunkSpec, chunk_spans, count_tokens, sentence_spans


def test_short_text_is_one_chunk():
    assert chunk_spans("Just one line.") == [(0, 14)]


def test_chunks_respect_the_limit_and_sentence_boundaries():
    text = " ".join(f"This is sentence number {i}." for i in range(60))
    spec = ChunkSpec(max_tokens=30, overlap_tokens=8)
    spans = chunk_spans(text, spec)
    assert len(spans) > 5
    for start, end in spans:
        piece = text[start:end]
        assert count_tokens(piece) <= 30
        assert piece.startswith("This is sentence") and piece.endswith(".")


def test_consecutive_chunks_overlap_by_whole_sentences():
    text = " ".join(f"Sentence {i} is here." for i in range(40))
    spans = chunk_spans(text, ChunkSpec(max_tokens=24, overlap_tokens=8))
    for (s1, e1), (s2, e2) in zip(spans, spans[1:]):
        assert s1 < s2 < e1 < e2


def test_a_sentence_longer_than_the_limit_is_split_at_words():
    text = "word " * 200
    spans = chunk_spans(text.strip(), ChunkSpec(max_tokens=20, overlap_tokens=0))
    assert all(count_tokens(text[s:e]) <= 20 for s, e in spans)
    assert "".join(text[s:e] for s, e in spans).replace(" ", "") == text.replace(" ", "")


def test_invalid_chunk_settings_name_the_field():
    with pytest.raises(ValidationError, match="chunk_overlap"):
        ChunkSpec(max_tokens=20, overlap_tokens=15)
    with pytest.raises(ValidationError, match="chunk_tokens"):
        ChunkSpec(max_tokens=2)


def test_sentence_spans_split_on_terminators_and_paragraphs():
    text = "Olá! Tudo bem? Sim.\n\nNovo parágrafo"
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "Olá!",
        "Tudo bem?",
        "Sim.",
        "Novo parágrafo",
    ]


@given(
    st.lists(st.text(alphabet="abcdefgh ", min_size=1, max_size=40), min_size=1, max_size=30),
    st.integers(min_value=8, max_value=64),
)
def test_every_word_lands_in_some_chunk(sentences, limit):
    text = ". ".join(s.strip() or "x" for s in sentences) + "."
    spans = chunk_spans(text, ChunkSpec(max_tokens=limit, overlap_tokens=limit // 4))
    covered = set()
    for s, e in spans:
        assert 0 <= s < e <= len(text)
        covered.update(range(s, e))
    assert all(i in covered for i, ch in enumerate(text) if ch.isalpha())
