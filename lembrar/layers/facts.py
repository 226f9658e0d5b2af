"""Comparing saved facts: normalisation, duplicates and direct contradictions (pure, no I/O).

A new fact is checked against each active one in this order:

1. same normalised text                          -> duplicate ("same text")
2. same claim about a one-valued attribute        -> duplicate ("same fact")
   ("my wife's name is Ana" / "my wife is called Ana")
3. a direct contradiction                         -> conflict
   - the same statement with the opposite polarity ("I'm an engineer" / "I'm not an engineer",
     "sou vegetariano" / "não sou vegetariano", "je suis" / "je ne suis pas")
   - another value for a one-valued attribute ("I live in Lisbon" / "I live in Porto")
   - an exclusive state ("I am vegetarian" / "I eat meat")
4. embeddings at or above the duplicate threshold, with the same numbers and names
                                                  -> duplicate ("same meaning")
Anything else is a related fact and coexists.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "DUPLICATE_THRESHOLDS",
    "Claim",
    "Verdict",
    "claims",
    "compare",
    "duplicate_threshold",
    "near_duplicate",
    "normalize_fact",
    "same_details",
]

# Cosine at which two facts say the same thing, calibrated on paraphrase and related-fact pairs
# (tests/layers/layerkit.py: PARAPHRASES, DIFFERENT). use-m3 scores paraphrases 0.87-0.98 and
# related facts up to 0.91 ("two cats" / "three cats", which the number-and-name guard then
# separates); the hashing test embedder scores related facts up to 0.88.
# e5-small packs everything high: paraphrases 0.91-1.00 and related facts 0.90-0.97 overlap, so
# only near-verbatim restatements merge there.
DUPLICATE_THRESHOLDS = {"use-m3": 0.90, "minilm": 0.90, "e5-small": 0.97, "hash": 0.90}
DEFAULT_THRESHOLD = 0.92

_CONTRACTIONS = {
    "i'm": "i am",
    "im": "i am",
    "i've": "i have",
    "i'd": "i would",
    "i'll": "i will",
    "you're": "you are",
    "don't": "do not",
    "dont": "do not",
    "doesn't": "does not",
    "didn't": "did not",
    "isn't": "is not",
    "aren't": "are not",
    "wasn't": "was not",
    "can't": "can not",
    "cannot": "can not",
    "won't": "will not",
    "haven't": "have not",
    "hasn't": "has not",
    "it's": "it is",
    "that's": "that is",
    "there's": "there is",
}
_ARTICLES = frozenset(
    "a an the o os um uma uns umas el los las un una unos unas le les une des l".split()
)
_SPELLING = {
    "colour": "color",
    "favourite": "favorite",
    "flavour": "flavor",
    "neighbour": "neighbor",
    "organisation": "organization",
}
_SUBJECTS = frozenset("eu yo".split())
_NEGATIONS = (
    r"\bdo not\b",
    r"\bdoes not\b",
    r"\bdid not\b",
    r"\bnot\b",
    r"\bnever\b",
    r"\bno longer\b",
    r"\banymore\b",
    r"\bany more\b",
    r"\bn[aã]o\b",
    r"\bnunca\b",
    r"\bya no\b",
    r"\bno\b",
    r"\bne\b",
    r"\bpas\b",
    r"\bplus\b",
    r"\bjamais\b",
)
_NEGATION_RE = re.compile("|".join(_NEGATIONS))
# "no" is also Portuguese for "in the": it only negates at the start or after a subject.
_STRICT_NEGATION_RE = re.compile(
    "|".join(n for n in _NEGATIONS if n != r"\bno\b")
    + r"|^no\b|\b(?:i|yo|he|she|we|they) no\b|\bha(?:ve|s) no\b"
)
_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "dois": "2",
    "duas": "2",
    "três": "3",
    "tres": "3",
    "quatro": "4",
    "cinco": "5",
    "dos": "2",
    "cuatro": "4",
    "deux": "2",
    "trois": "3",
    "quatre": "4",
    "cinq": "5",
}

_ONE_VALUED: tuple[tuple[str, str], ...] = (
    (
        "lives in",
        r"^(?:i am living|i live|i moved|i have moved|moro|vivo|moramos|vivimos|resido|je "
        r"vis|j'habite|je reside|nous habitons)"
        r" (?:in|at|to|em|no|na|nos|nas|en|à|a|au|aux) (?P<value>.+)$",
    ),
    (
        "name",
        r"^(?:my name is|call me|i am called|o meu nome é|meu nome é|me chamo|chamo-me|me llamo|mi "
        r"nombre es|je m'appelle"
        r"|mon nom est) (?P<value>.+)$",
    ),
    (
        "age",
        r"^(?:i am (?P<value>\d+) years? old|tenho (?P<v2>\d+) anos|tengo (?P<v3>\d+) años|j'ai (?P<v4>\d+) ans)$",
    ),
    (
        "works at",
        r"^(?:i work|trabalho|trabajo|je travaille) (?:at|for|na|no|em|para|en|chez|pour) (?P<value>.+)$",
    ),
    (
        "name of {who}",
        r"^(?:my|meu|minha|o meu|a minha|mi|mon|ma) (?P<who>[\w ]+?)(?:'s name is| is called| is "
        r"named| se chama| chama-se"
        r"| se llama| s'appelle) (?P<value>.+)$",
    ),
    (
        "favourite {what}",
        r"^(?:my|meu|minha|o meu|a minha|mi|mon|ma) (?:favou?rite (?P<what>[\w ]+?)|(?P<w2>[\w "
        r"]+?) (?:favorit[oa]|preferid[oa]"
        r"|préférée?)) (?:is|é|es|est) (?P<value>.+)$",
    ),
    (
        "{what}",
        r"^(?:my|meu|minha|o meu|a minha|mi|mon|ma) (?P<what>birthday|email(?: address)?|phone "
        r"number|address|job|profession"
        r"|occupation|nationality|hometown|time ?zone|first language|native "
        r"language|aniversário|cumpleaños|anniversaire)"
        r" (?:is|é|es|est) (?P<value>.+)$",
    ),
)
_ONE_VALUED_RE = [(key, re.compile(pattern)) for key, pattern in _ONE_VALUED]

_EXCLUSIVE: tuple[tuple[str, str, str], ...] = (
    (
        "diet",
        "meatless",
        r"\b(?:vegetarian|vegan|vegetarian[oa]|vegan[oa]|végétarien(?:ne)?|végétalien(?:ne)?|végan[e]?)\b",
    ),
    ("diet", "meat", r"\b(?:i eat meat|como carne|je mange (?:de la )?viande)\b"),
    (
        "marital status",
        "married",
        r"\b(?:i am married|sou casad[oa]|estoy casad[oa]|je suis mari[ée]e?)\b",
    ),
    (
        "marital status",
        "single",
        r"\b(?:i am single|sou solteir[oa]|estoy solter[oa]|soy solter[oa]|je suis c[ée]libataire)\b",
    ),
)
_EXCLUSIVE_RE = [(key, value, re.compile(pattern)) for key, value, pattern in _EXCLUSIVE]


@dataclass(frozen=True)
class Claim:
    """What a fact asserts: ``key`` has ``value``; ``positive`` is the polarity of a plain statement."""

    key: str
    value: str
    positive: bool = True


@dataclass(frozen=True)
class Verdict:
    """How a new fact relates to an existing one: ``duplicate``, ``conflict`` or ``related``."""

    kind: str
    reason: str = ""


RELATED = Verdict("related")


def normalize_fact(text: str) -> str:
    """Lower case, contractions expanded, articles, leading subject pronouns and punctuation dropped."""
    flat = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    flat = re.sub(r"\b(j|n|l|d|m|s|t|qu)'(?=\w)", r"\1e ", flat)
    words = re.findall(r"[\w'@.+-]+", flat)
    words = [w.strip(".'-") for w in words]
    expanded = " ".join(_CONTRACTIONS.get(w, w) for w in words if w)
    kept = [_SPELLING.get(w, w) for w in expanded.split() if w not in _ARTICLES]
    while kept and kept[0] in _SUBJECTS:
        kept.pop(0)
    return " ".join(kept)


def claims(text: str) -> list[Claim]:
    """The claims a fact makes: a polar statement, one-valued attributes and exclusive states.

    A statement is negative when it has a negation word; "no" counts only at the start or after
    a subject, since it is also Portuguese for "in the" ("moro no Porto").
    """
    norm = normalize_fact(text)
    plain = " ".join(_NEGATION_RE.sub(" ", norm).split())
    out = [Claim("statement:" + plain, "", not _STRICT_NEGATION_RE.search(norm))]
    surface = _surface(text)
    for key, pattern in _ONE_VALUED_RE:
        match = pattern.match(surface)
        if match:
            out.append(_attribute(key, match))
    if not _STRICT_NEGATION_RE.search(surface):
        out += [
            Claim("state:" + key, value)
            for key, value, pattern in _EXCLUSIVE_RE
            if pattern.search(surface)
        ]
    return [c for c in out if not c.value.startswith(("not ", "não ", "pas "))]


def _surface(text: str) -> str:
    """Lower-cased text with English contractions expanded, for the attribute patterns."""
    flat = (
        unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'").strip().rstrip(".!")
    )
    flat = re.sub(r"\b(?:eu|yo) ", "", flat, count=1) if re.match(r"(?:eu|yo) ", flat) else flat
    return " ".join(_CONTRACTIONS.get(w, w) for w in flat.split())


def _attribute(key: str, match: re.Match[str]) -> Claim:
    groups = {k: v for k, v in match.groupdict().items() if v}
    value = next((groups[k] for k in ("value", "v2", "v3", "v4") if k in groups), "")
    what = groups.get("what") or groups.get("w2") or ""
    name = key.format(who=groups.get("who", ""), what=what).strip()
    return Claim("attr:" + normalize_fact(name), normalize_fact(value))


def compare(new: str, old: str) -> Verdict:
    """The text-only verdict for a new fact against an existing one (steps 1-3 above)."""
    if normalize_fact(new) == normalize_fact(old):
        return Verdict("duplicate", "same text")
    new_claims, old_claims = claims(new), claims(old)
    for a in new_claims:
        for b in old_claims:
            verdict = _against(a, b)
            if verdict is not RELATED:
                return verdict
    return RELATED


def _against(a: Claim, b: Claim) -> Verdict:
    if a.key != b.key:
        return RELATED
    if a.key.startswith("statement:"):
        opposite = a.positive != b.positive and a.key != "statement:"
        return Verdict("conflict", "says the opposite") if opposite else RELATED
    if a.key.startswith("state:"):
        return Verdict("conflict", f"another {a.key[6:]}") if a.value != b.value else RELATED
    if a.value == b.value:
        return Verdict("duplicate", "same fact")
    if _refines(a.value, b.value):
        return RELATED
    return Verdict("conflict", f"another value for '{a.key[5:]}'")


def _refines(a: str, b: str) -> bool:
    """One value only adds detail to the other ("porto" / "porto, portugal")."""
    wa, wb = set(a.split()), set(b.split())
    return bool(wa and wb) and (wa <= wb or wb <= wa)


def duplicate_threshold(embedder_name: str, override: float | None = None) -> float:
    return (
        override
        if override is not None
        else DUPLICATE_THRESHOLDS.get(embedder_name, DEFAULT_THRESHOLD)
    )


def same_details(a: str, b: str) -> bool:
    """Whether two facts mention the same numbers and (one within the other) the same names."""
    return _numbers(a) == _numbers(b) and _names_nested(_names(a), _names(b))


def _numbers(text: str) -> set[str]:
    words = re.findall(r"\w+", text.casefold())
    return {_NUMBER_WORDS.get(w, w) for w in words if w.isdigit() or w in _NUMBER_WORDS}


def _names(text: str) -> set[str]:
    words = re.findall(r"\w+", text)
    return {
        w.casefold()
        for i, w in enumerate(words)
        if i > 0 and w[:1].isupper() and w.upper() != w[:1]
    }


def _names_nested(a: set[str], b: set[str]) -> bool:
    return a <= b or b <= a


def near_duplicate(
    new_vector: np.ndarray, vectors: np.ndarray, texts: Sequence[str], new: str, threshold: float
) -> int | None:
    """Index of the first existing fact within ``threshold`` cosine with the same details, or None."""
    if len(texts) == 0:
        return None
    scores = vectors @ np.asarray(new_vector, dtype=np.float32)
    for i in np.argsort(-scores, kind="stable"):
        if scores[i] < threshold:
            return None
        if same_details(new, texts[i]):
            return int(i)
    return None
