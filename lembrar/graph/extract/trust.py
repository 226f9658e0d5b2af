"""How far an extracted fact can be trusted: a logistic model over named features of how it was
read, fitted on labelled facts (``benchmarks/graph/fit_extraction.py``, weights in
``trust.json``).

The features say which reading produced the fact (a pattern and the subject forms it takes,
the dependency parse, a kin or pet phrase, a count, "my X"), the predicate's kind, whose fact
it is (the speaker, a relative, a named person, a thing), what kind of object it has (a proper
name, a word of the closed lists, a noun phrase, a clause-like run of words) and what stands
around it in the sentence (hedges, negation, a question, a condition, "you", past or future,
the first person). The offline extractor keeps only facts whose confidence reaches the fitted
threshold: the lowest at which the labelled facts kept were right nine times in ten. Pure.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lembrar.graph.extract.names import fold
from lembrar.graph.extract.patterns import CHILDREN, DIETS, KIN_PT, KIN_WORDS_EN, PETS
from lembrar.model.graph import ExtractedEntity, ExtractedFact
from lembrar.model.text import STOPWORDS

ORIGINS = (
    "pattern_first",  # a first-person pattern ("moro em")
    "pattern_third",  # a third-person pattern
    "pattern_any",  # a pattern whose subject is anyone ("I live in", "Ana lives in")
    "pattern_possessive",  # "my job at X"
    "pattern_plan",  # a plan read by a pattern
    "parse",  # a clause of the dependency parse
    "parse_plan",  # a plan read from the parse
    "parse_wedding",  # "X and I got married"
    "kin_named",  # "my sister Ana", "my dog Rex"
    "kin_unnamed",  # "my husband", "my two dogs"
    "amount",  # counts and current states ("my 5th project")
    "possession",  # "my old sneakers"
    "activity",  # "I've been playing volleyball", "my yoga practice"
    "topic",  # what the message is about: "Could you check it for peanuts? I'm allergic"
)
PREDICATE_KINDS = {
    **dict.fromkeys(("lives_in", "from"), "home"),
    **dict.fromkeys(("works_at", "works_as", "studies_at", "studies"), "work"),
    **dict.fromkeys(("has_partner", "has_ex", "has_child", "has_sibling", "has_parent"), "kin"),
    "has_pet": "pet",
    **dict.fromkeys(("likes", "dislikes"), "taste"),
    "owns": "owns",
    "does": "does",
    "plans": "plans",
    **dict.fromkeys(("count", "current"), "amount"),
    **dict.fromkeys(("age", "allergic_to", "diet"), "body"),
}
KINDS = ("home", "work", "kin", "pet", "taste", "owns", "does", "plans", "amount", "body")
CUES = {
    "hedge": r"think|thinking|maybe|perhaps|probably|guess|hope|wish|want|wanted|would|could"
    r"|might|should|considering|wondering|acho|talvez",
    "negation": r"not|never|no|n't|não|nao|nunca",
    "condition": r"if|unless|whether|when|se|quando",
    "you": r"you|your|você|tu|teu|tua",
    "past": r"was|were|used to|had|did|ago|last|yesterday|once|era|foi|fui",
    "future": r"will|'ll|going to|gonna|planning|plan|next|soon|upcoming|vou|vamos",
    "first_person": r"i|my|me|we|our|eu|meu|minha|nós|a gente",
}
CUE_PATTERNS = {
    name: re.compile(rf"(?<![\w'’])(?:{words})(?![\w])", re.IGNORECASE)
    for name, words in CUES.items()
}
LEXICON = frozenset(
    w
    for words in (KIN_WORDS_EN, KIN_PT, PETS, CHILDREN, DIETS)
    for w in words.split("|")
    if " " not in w
) | {"kids", "children", "dogs", "cats", "parents"}
"""Objects from the closed lists: kin, pets, children, diets."""
CLAUSE_WORDS = frozenset(
    "i you he she it we they me my your his her our their that which who what is are was"
    " be been being do does did have has had".split()
)
DETERMINERS = frozenset("the a an this that these those some any".split())

FEATURES = (
    "bias",
    *(f"origin_{o}" for o in ORIGINS),
    *(f"predicate_{k}" for k in KINDS),
    "ending",  # the fact ends a value ("I left X")
    "subject_speaker",
    "subject_relative",  # "my sister", a person known by a kin word
    "subject_named",  # a named person other than the speaker
    "object_proper",  # the object is a proper name
    "object_lexicon",  # the object is a word of the closed lists
    "object_words",  # the object's length in words, a fifth per word, at most 1
    "object_clause",  # the object holds pronouns or verbs: a clause, not a noun phrase
    "object_determiner",  # the object starts with "the", "a", "this", …
    "object_ragged",  # the object ends in a word that leaves it unfinished ("a pair of")
    "owns_named",  # a named thing of the speaker's ("a Korg B1")
    *(f"cue_{c}" for c in CUES),
    "question",  # the sentence asks
    "sentence_words",  # the sentence's length, a fortieth per word, at most 1
)


@dataclass(frozen=True)
class Trust:
    """One weight per feature (``FEATURES``, bias first) and the confidence a fact needs."""

    weights: tuple[float, ...]
    threshold: float

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"extraction confidence: {len(FEATURES)} weights, one per feature")


WEIGHTS = Path(__file__).with_name("trust.json")


@cache
def fitted() -> Trust:
    """The weights ``benchmarks/graph/fit_extraction.py --write`` stored."""
    data = json.loads(WEIGHTS.read_text())
    return Trust(tuple(float(data["weights"][name]) for name in FEATURES), data["threshold"])


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’-]+", text)


def features(
    fact: ExtractedFact, sentence: str, speaker: str | None, entities: dict[str, ExtractedEntity]
) -> tuple[float, ...]:
    """The feature vector of ``fact``, read from ``sentence`` by ``speaker``'s extractor;
    ``entities``: the extraction's entities by folded name."""
    subject = entities.get(fold(fact.subject))
    obj_words = _words(fact.object)
    folded = [fold(w) for w in obj_words]
    relative = subject is not None and any(
        a.startswith(("my ", "minha ", "meu ")) for a in subject.aliases
    )
    is_speaker = speaker is not None and fold(fact.subject) == fold(speaker)
    person = subject is not None and subject.type == "person"
    kind = PREDICATE_KINDS.get(fact.predicate, "")
    values: list[float] = [1.0]
    values += [float(fact.origin == o) for o in ORIGINS]
    values += [float(kind == k) for k in KINDS]
    values += [
        float(fact.negated),
        float(is_speaker),
        float(relative and not is_speaker),
        float(person and not relative and not is_speaker),
        float(bool(obj_words) and all(w[:1].isupper() or w[:1].isdigit() for w in obj_words)),
        float(" ".join(folded) in LEXICON or (bool(folded) and folded[-1].rstrip("s") in LEXICON)),
        min(len(obj_words) / 5, 1.0),
        float(any(w in CLAUSE_WORDS for w in folded)),
        float(bool(folded) and folded[0] in DETERMINERS),
        float(bool(folded) and (folded[-1] in STOPWORDS or folded[-1] in DETERMINERS)),
        float(kind == "owns" and any(w[:1].isupper() for w in obj_words)),
    ]
    values += [float(bool(p.search(sentence))) for p in CUE_PATTERNS.values()]
    values += [float("?" in sentence), min(len(_words(sentence)) / 40, 1.0)]
    return tuple(values)


def confidence(values: Sequence[float], trust: Trust | None = None) -> float:
    """The probability that a fact of feature vector ``values`` is right."""
    weights = (trust or fitted()).weights
    z = sum(w * x for w, x in zip(weights, values, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def trusted(
    found: Sequence[tuple[ExtractedFact, str]],
    entities: dict[str, ExtractedEntity],
    speaker: str | None,
    threshold: float,
) -> tuple[list[ExtractedFact], list[ExtractedEntity]]:
    """The facts (each with the sentence it was read from) whose confidence reaches
    ``threshold``, and the entities left: those a kept fact names, and those no dropped fact
    made (a name said in passing stays; the object of a dropped fact, "all the yellow leaves",
    goes)."""
    kept = [f for f, s in found if confidence(features(f, s, speaker, entities)) >= threshold]
    named = {fold(n) for f in kept for n in (f.subject, f.object)}
    dropped = {fold(n) for f, _ in found for n in (f.subject, f.object)} - named
    left = [
        e
        for key, e in entities.items()
        if key in named or key not in dropped or e.type in ("person", "user") or _proper(e.name)
    ]
    return kept, left


def _proper(name: str) -> bool:
    words = _words(name)
    return bool(words) and all(w[:1].isupper() for w in words)
