"""Recollection and meta-conversation frames, set aside like time phrases.

"Weren't we discussing gasoline back in March?", "você me falou de gasolina, né?": once the time
phrase is gone, the words that frame the question as a recollection ("we were discussing", "you
told me about", "what did I say about", "…, right?") are most of what is left, and their meaning
matches every chit-chat turn. :func:`set_aside` removes them, in English, Portuguese, Spanish and
French (one lexicon module per language, data only), and keeps the topic. A frame is a whole
clause (a speaker, a verb of saying, the word that introduces the topic) or a trailing question
tag, so a frame word that is the topic itself ("the talk at the conference", "remember to call")
stays; when nothing would be left but words naming the conversation itself ("we had a
conversation"), the text is kept as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lembrar.model.text import keywords
from lembrar.retrieval.frames import lexicon_en, lexicon_es, lexicon_fr, lexicon_pt

__all__ = ["Framed", "set_aside"]

_LEXICONS = (lexicon_en, lexicon_pt, lexicon_es, lexicon_fr)
_META = frozenset().union(*(lex.META for lex in _LEXICONS))
_EDGE = r"(?<![\w'-])"
_END = r"(?![\w'-])"
_CLAUSES = tuple(
    re.compile(_EDGE + body + _END, re.IGNORECASE) for lex in _LEXICONS for body in lex.CLAUSES
)
_TAG = re.compile(
    r"[\s,;:—–-]*[¿]?\b(?:"
    + "|".join(tag for lex in _LEXICONS for tag in lex.TAGS)
    + r")\s*[?!.]*\s*$",
    re.IGNORECASE,
)
_PUNCTUATION = re.compile(r"^[\s,;:.!?¿¡—–-]+|[\s,;:¿¡—–-]+(?=[?.!]*$)")
MAX_PASSES = 4


@dataclass(frozen=True)
class Framed:
    """The topic left once the frames are set aside, and the frames found (in order).
    ``topical`` is False when the text is frames and words naming the conversation alone ("what
    did we talk about?", "we had a conversation, what was it about?"): it names no topic."""

    topic: str
    frames: tuple[str, ...]
    topical: bool = True


def set_aside(text: str) -> Framed:
    """``text`` without its recollection frames; unchanged when it has none, or is nothing else."""
    topic, found = text, list[str]()
    for _ in range(MAX_PASSES):
        before = topic
        topic = _tidy(_strip_clauses(_strip_tags(topic, found), found))
        if topic == before:
            break
    if not found:
        return Framed(text, ())
    if all(word in _META for word in keywords(topic)):
        return Framed(text, (), topical=False)
    return Framed(topic, tuple(found))


def _strip_clauses(text: str, found: list[str]) -> str:
    """``text`` without the longest non-overlapping clause matches of every language."""
    spans = sorted(
        {m.span() for p in _CLAUSES for m in p.finditer(text) if m.group(0).strip()},
        key=lambda span: (span[0] - span[1], span[0]),
    )
    kept: list[tuple[int, int]] = []
    for start, end in spans:
        if all(end <= a or start >= b for a, b in kept):
            kept.append((start, end))
    for start, end in sorted(kept, reverse=True):
        found.append(text[start:end].strip())
        text = text[:start] + " " + text[end:]
    return text


def _strip_tags(text: str, found: list[str]) -> str:
    match = _TAG.search(text)
    if match is None or match.start() == 0:
        return text
    found.append(match.group(0).strip(" ,?!."))
    return text[: match.start()]


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s+([,?.!])", r"\1", text)
    return _PUNCTUATION.sub("", text).strip()
