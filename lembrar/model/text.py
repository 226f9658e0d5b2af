"""Text toolkit: offline token counting, sentence-aware chunking, content words and stemming."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lembrar.errors import ValidationError

_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_SENTENCE_END = re.compile(r"(?<=[.!?…。！？])\s+|\n{2,}")


def count_tokens(text: str) -> int:
    """Approximate LLM tokens: words count 1 per 4 characters (min 1), punctuation 1."""
    return sum(
        max(1, (len(t) + 3) // 4) if t[0].isalnum() or t[0] == "_" else 1
        for t in _TOKEN.findall(text)
    )


def truncate_to_tokens(text: str, budget: int) -> str:
    """The longest prefix of ``text`` (cut at a word) within ``budget`` tokens."""
    used = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        used += max(1, (len(token) + 3) // 4) if token[0].isalnum() or token[0] == "_" else 1
        if used > budget:
            return text[: match.start()].rstrip() + "…"
    return text


@dataclass(frozen=True)
class ChunkSpec:
    max_tokens: int = 256
    overlap_tokens: int = 32

    def __post_init__(self) -> None:
        if self.max_tokens < 8:
            raise ValidationError("chunk_tokens", "must be at least 8")
        if not 0 <= self.overlap_tokens < self.max_tokens // 2:
            raise ValidationError(
                "chunk_overlap", "must be >= 0 and less than half of chunk_tokens"
            )


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) offsets of the sentences of ``text``."""
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if text[start : match.start()].strip():
            spans.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return spans


def _split_long(text: str, start: int, end: int, limit: int) -> list[tuple[int, int]]:
    """Split one over-long sentence at word boundaries into spans of <= limit tokens."""
    spans, piece_start, used = [], start, 0
    for match in _TOKEN.finditer(text, start, end):
        cost = count_tokens(match.group())
        if used + cost > limit and used:
            spans.append((piece_start, match.start()))
            piece_start, used = match.start(), 0
        used += cost
    spans.append((piece_start, end))
    return spans


def chunk_spans(text: str, spec: ChunkSpec = ChunkSpec()) -> list[tuple[int, int]]:
    """Chunks of at most ``spec.max_tokens`` built from whole sentences, with sentence overlap."""
    units: list[tuple[int, int, int]] = []
    for start, end in sentence_spans(text) or [(0, len(text))]:
        for s, e in _split_long(text, start, end, spec.max_tokens):
            units.append((s, e, count_tokens(text[s:e])))
    chunks, i = [], 0
    while i < len(units):
        j, used = i, 0
        while j < len(units) and used + units[j][2] <= spec.max_tokens:
            used += units[j][2]
            j += 1
        j = max(j, i + 1)
        chunks.append((units[i][0], units[j - 1][1]))
        if j >= len(units):
            break
        back, overlap = j, 0
        while back - 1 > i and overlap + units[back - 1][2] <= spec.overlap_tokens:
            back -= 1
            overlap += units[back][2]
        i = back
    return chunks


_WORD = re.compile(r"\w+", re.UNICODE)
STOPWORDS = frozenset(
    """a an and are as at be but by did do does for from had has have he her his how i i'm if in into is it its
    me my no not of on or our she so that the their them then there these they this to was we were what when
    where which who why will with would you your about can could just did me us am been being than too very
    o os as um uma uns umas de do da dos das em no na nos nas e ou que se por para com sem eu tu ele ela nós
    eles elas meu minha seu sua foi era é são ser ter tem mas como mais ao à aos às lo la los las el un una y
    en del al es con por para mi tu su le les des du et ou je tu il elle nous vous ils est sont pas ce qui
    dans pour sur avec""".split()
)


def words(text: str) -> list[str]:
    """The words of ``text`` as written: runs of letters, digits and underscores."""
    return _WORD.findall(text)


def keywords(text: str) -> list[str]:
    """Distinct lowercase content words of ``text``, in order, stopwords removed."""
    lowered = [w.lower() for w in words(text)]
    return list(
        dict.fromkeys(w for w in lowered if w not in STOPWORDS and len(w) > 1 or w.isdigit())
    )


INFLECTIONS = ("ing", "ed", "es", "s")


def stem(word: str, endings: Sequence[str] = INFLECTIONS, *, keep: int = 3) -> str:
    """``word`` without the first of ``endings`` it ends with that leaves at least ``keep``
    letters ("painted" reads "paint"; "bed" stays, since "b" is too short)."""
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= keep:
            return word[: -len(ending)]
    return word


def fold_plural(word: str) -> str:
    """A crude plural fold shared by English, Portuguese, Spanish and French: "beans" reads
    "bean", "boxes" "box", "cães" "cãe"; "glass" and "bus" stay."""
    if word.endswith("ss"):
        return word
    return stem(word, ("es", "s") if word.endswith(("ses", "xes", "zes")) else ("s",))
