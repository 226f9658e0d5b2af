"""The offline extractor: patterns over each sentence, names by rule or by spaCy when installed.

Sentences are matched against ``patterns.PATTERNS``; a time phrase in the sentence ("last
June", "há dois anos") is read by ``lembrar.temporal`` against the episode's time and sets the
fact's ``valid_at``; without one the fact holds from the episode's time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lembrar.graph.extract.amounts import amounts
from lembrar.graph.extract.names import fold, is_name, trim_object
from lembrar.graph.extract.parsed import PLANNED, plan_object, read_sentence
from lembrar.graph.extract.patterns import (
    ADVERBS_EN,
    ADVERBS_PT,
    CHILDREN,
    DIETS,
    KIN_EN,
    KIN_PT,
    PATTERNS,
    PETS,
    ROLES,
    Pattern,
)
from lembrar.graph.extract.plausible import implausible
from lembrar.graph.extract.possessions import possessions
from lembrar.graph.extract.scope import Scope, speaker_of
from lembrar.graph.extract.spacy_names import looks_portuguese
from lembrar.graph.extract.stance import is_plan, is_question, unstated
from lembrar.graph.extract.trust import fitted, trusted
from lembrar.model.episode import Episode
from lembrar.model.graph import ExtractedFact, Extraction
from lembrar.model.predicates import PREDICATES
from lembrar.model.text import sentence_spans
from lembrar.temporal import TimeQuery, parse_time

if TYPE_CHECKING:
    from lembrar.graph.extract.spacy_names import SpacyNames

NAME = r"[A-ZÀ-Þ][\w'’-]*(?:\s+(?:(?:da|de|do|dos|das|van|von|of)\s+)?(?:[A-ZÀ-Þ][\w'’-]*|\d+[A-Z]\w*)){0,3}"
SUBJECT_EN = (
    rf"(?P<subj>\bI\b|\b[Ww]e\b|\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|best|new|old)\s+)?"
    rf"(?P<kin>{KIN_EN})\b(?:\s*,?\s*(?P<kname>{NAME}))?|\b[Ss]he\b|\b[Hh]e\b|(?P<conj>\band\b)"
    rf"|(?P<name>{NAME}))"
)
SUBJECT_PT = (
    rf"(?P<subj>\b[Aa] gente\b|\b[Nn]ós\b|\b[Ee]la\b|\b[Ee]le\b|\b(?:[Aa]|[Oo])\s+(?:minha|meu)\s+(?P<kin>{KIN_PT})\b"
    rf"(?:\s+(?P<kname>{NAME}))?|(?P<conj>\be\b)|(?:\b[AaOo]\s+)?(?P<name>{NAME}))"
)
FIRST_PT = r"(?P<subj>(?<![\w-])(?:(?:[Ee]u|[Nn]ós|[Aa] gente)\s+)?)"
POSSESSIVE = r"(?P<subj>\b(?:[Mm]y|[Oo]ur|[Oo]\s+meu|[Aa]\s+minha|[Mm]eu|[Mm]inha))\s+"
OBJECTS = {
    "phrase": r"\s+(?P<obj>[^,.;!?:()\n]+)",
    "role": r"\s+(?P<obj>[^,.;!?:()\n]+)",
    "name": rf"\s+(?P<obj>{NAME})",
    "diet": rf"\s+(?P<obj>{DIETS})\b",
    "age": r"\s+(?P<obj>\d{1,3})(?:\s*(?:years? old|yrs? old|-year-old|anos(?: de idade)?)|(?=\s*(?:[.,!;]|$)))",
    "pet": (
        rf"\s+(?:(?:a|an|one|two|three|this|another|um|uma|dois|duas|\d+)\s+)?(?:(?:new|little"
        rf"|young|cute|sweet|adorable|tiny|rescue|novo|nova|pequeno|pequena)\s+)?(?P<kind>{PETS})s?\b(?:\s*,?\s*(?:named|called|chamad[oa]"
        rf"|que se chama)\s+(?P<obj>{NAME}))?"
    ),
    "child": (
        rf"\s+(?:(?:a|an|one|two|um|uma|\d+)\s+)?(?:(?:new|little|young|baby|novo|nova"
        rf"|pequeno|pequena)\s+)?(?P<kind>{CHILDREN})s?\b(?:\s*,?\s*(?:named|called|chamad[oa]"
        rf"|que se chama)\s+(?P<obj>{NAME}))?"
    ),
}
APPOSITION = re.compile(  # "Max, my childhood dog"
    rf"(?P<kname>{NAME}),\s+(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|childhood|new|old)\s+)?"
    rf"(?P<kin>{KIN_EN}|{PETS})\b"
)
KINSHIP = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|(?:[Aa]|[Oo])\s+(?:minha|meu))\s+(?:(?:little|big|older|younger|new)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT}|{PETS})\b\s*,?\s*(?:(?:named|called|chamad[oa]|chama-se|se chama"
    rf"|que se chama)\s+)?(?P<kname>{NAME})"
)
CLAUSE = re.compile(r"[,;:]\s*|\s+(?:but|mas|although|embora)\s+|\s+-+\s+")
UNNAMED_KIN = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|new|two|three|four|five|\d+)\s+)?"
    r"(?P<noun>husband|wife|partner|boyfriend|girlfriend|fiancée|fiancé|kids|children|son|sons|daughter"
    r"|daughters|sister|sisters|brother|brothers|dogs?|cats?|pups?|puppy|puppies|kittens?)\b"
    r"(?P<after>\s*,?\s*\S*)"
)
UNNAMED_AND = re.compile(  # "my husband and kids": the second relation
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:husband|wife|partner|boyfriend|girlfriend|kids|children|dogs?|cats?)"
    r"\s+and\s+(?:(?:my|our)\s+)?(?P<noun>kids|children|sons?|daughters?|dogs?|cats?|pups?)\b"
    r"(?P<after>\s*,?\s*\S*)"
)
UNNAMED_PREDICATE = {
    **dict.fromkeys(
        ["husband", "wife", "partner", "boyfriend", "girlfriend", "fiancée", "fiancé"],
        "has_partner",
    ),
    **dict.fromkeys(["kid", "kids", "children", "son", "daughter"], "has_child"),
    **dict.fromkeys(["sister", "brother"], "has_sibling"),
    **dict.fromkeys(["dog", "cat", "pup", "puppy", "puppie", "kitten"], "has_pet"),
}
PRONOUNS = frozenset({"she", "he", "ela", "ele"})
CONTRACTIONS = (
    (r"\bI'm\b", "I am"),
    (r"\bI’m\b", "I am"),
    (r"\bI've\b", "I have"),
    (r"\bI’ve\b", "I have"),
    (r"\b([Ss]he|[Hh]e)'s\b", r"\1 is"),
    (r"\bI'd\b", "I would"),
    (r"\b([Ww]e|[Tt]hey)['’]re\b", r"\1 are"),
)


def _compile(pattern: Pattern) -> re.Pattern[str]:
    adverbs = ADVERBS_EN if pattern.language == "en" else ADVERBS_PT
    if pattern.person == "possessive":
        return re.compile(rf"{POSSESSIVE}(?i:{pattern.verb}){OBJECTS[pattern.object_kind]}")
    if pattern.language == "en":
        subject = SUBJECT_EN
    else:
        subject = FIRST_PT if pattern.person == "first" else SUBJECT_PT
    return re.compile(
        rf"{subject}\s*(?i:{adverbs})\b(?i:{pattern.verb}){OBJECTS[pattern.object_kind]}"
    )


def _first_look(pattern: Pattern) -> re.Pattern[str]:
    """A cheap first look: a pattern runs only where its verb phrase occurs, or, for objects
    from a closed list (pets, children, diets, ages), where such an object does."""
    closed = {"pet": PETS, "child": CHILDREN, "diet": DIETS, "age": r"\d"}
    if pattern.object_kind in closed:
        return re.compile(rf"(?i:{closed[pattern.object_kind]})")
    return re.compile(rf"(?i:\b(?:{pattern.verb}))")


Compiled = tuple[Pattern, re.Pattern[str], re.Pattern[str]]
COMPILED: dict[str, tuple[Compiled, ...]] = {
    language: tuple(
        (p, _compile(p), _first_look(p)) for p in PATTERNS if p.language in (language, "any")
    )
    for language in ("en", "pt")
}
"""The patterns of each language, each with its first look."""


class RuleExtractor:
    """Patterns in English and Portuguese; with spaCy (``recognizer``), English is read from
    its dependency parse (``parsed``) and its names, Portuguese still by the patterns."""

    name = "rules"

    def __init__(self, recognizer: SpacyNames | None = None, trusted: bool = False) -> None:
        self.recognizer = recognizer  # spaCy's parse of English, or None
        self.trusted = trusted  # keep only facts whose confidence reaches the fitted threshold

    def extract(
        self,
        episode: Episode,
        tz: str = "UTC",
        known: Sequence[str] = (),
        current: Sequence[str] = (),
    ) -> Extraction:
        """Every fact read, or with ``trusted`` those whose extraction confidence
        (``trust``) reaches the fitted threshold, and the entities left."""
        found, scope = self.read(episode, tz)
        if not self.trusted:
            return Extraction(tuple(scope.entities.values()), tuple(f for f, _ in found))
        facts, entities = trusted(found, scope.entities, scope.speaker, fitted().threshold)
        return Extraction(tuple(entities), tuple(facts))

    def read(
        self, episode: Episode, tz: str = "UTC"
    ) -> tuple[list[tuple[ExtractedFact, str]], Scope]:
        """Every fact read, each with the sentence it was read from, and the scope (its
        entities and speaker), before any is weighed."""
        text = without_markup(episode.content)
        for pattern, replacement in CONTRACTIONS:
            text = re.sub(pattern, replacement, text)
        speaker = speaker_of(episode)
        scope = Scope(episode, None)
        if speaker is not None:
            scope.speaker = scope.entity(speaker[0], speaker[1])
            scope.last_person = None
        doc = self.recognizer.parse(text) if self.recognizer is not None else None
        typed = self.recognizer.names(doc) if self.recognizer is not None and doc else {}
        for name, type_ in typed.items():
            scope.entity(name, type_)
        sentences = (
            [(s.text, s) for s in doc.sents]
            if doc is not None
            else [(text[start:end], None) for start, end in sentence_spans(text)]
        )
        said: list[str] = []
        for sentence, parsed in sentences:
            before = len(scope.facts)
            self._sentence(scope, sentence, typed, tz, parsed)
            said += [sentence] * (len(scope.facts) - before)
        if self.recognizer is None:
            _capitalized(scope, text)
        unique = {
            (f.subject, f.predicate, f.object, f.negated): (f, s)
            for f, s in reversed(list(zip(scope.facts, said, strict=True)))
        }
        return list(reversed(unique.values())), scope

    def _sentence(
        self, scope: Scope, sentence: str, typed: dict[str, str], tz: str, parsed: Any = None
    ) -> None:
        """Facts clause by clause; a time phrase dates its own clause, or, standing in a clause
        of its own ("Last June, I moved"), the sentence. A question states nothing but who
        "my sister Ana" is; a parsed sentence is read from its parse (``parsed``)."""
        _kinship(scope, sentence)
        if is_question(sentence):
            return
        _amounts(scope, sentence)
        _possessions(scope, sentence)
        if parsed is not None:
            read_sentence(scope, parsed, tz)
            return
        language = "pt" if looks_portuguese(sentence) else "en"
        candidates = [(p, r) for p, r, look in COMPILED[language] if look.search(sentence)]
        if not _matches(sentence, candidates):
            return
        at = scope.episode.at
        clauses = [c for c in CLAUSE.split(sentence) if c.strip()]
        times = [parse_time(c, at, tz) for c in clauses]
        read = [
            _matches(t.stripped if t.phrases else c, candidates) for c, t in zip(clauses, times)
        ]
        floating = [_start(t, at) for t, found in zip(times, read) if t.phrases and not found]
        for when, found in zip(times, read):
            valid_at = _start(when, at) if when.phrases else next(iter(floating), None)
            for pattern, match in found:
                lead = _lead(match)
                if unstated(lead, pattern.negated):
                    continue
                if pattern.predicate == "plans" or (is_plan(lead) and pattern.predicate in PLANNED):
                    fact = _plan(scope, pattern, match, _future(when, at), sentence)
                else:
                    fact = _fact(scope, pattern, match, typed, valid_at, sentence)
                if fact is not None:
                    scope.facts.append(fact)


def _lead(match: re.Match[str]) -> str:
    """The clause up to the object: where the words that make it no fact stand ("if I ever
    moved to", "she said she moved to"); what follows the object is another matter ("I moved
    to Denver and I was wondering if…")."""
    return match.string[: match.start("obj") if match.group("obj") else match.end()]


def _start(when: TimeQuery, at: datetime) -> datetime | None:
    past = [w for w in when.windows if w.start <= at]
    return min(past, key=lambda w: w.start).start if past else None


def _future(when: TimeQuery, at: datetime) -> datetime | None:
    """The start of the first future window: the date a plan is for."""
    ahead = [w for w in when.windows if w.start > at]
    return min(ahead, key=lambda w: w.start).start if ahead else None


MARKUP = re.compile(r"<[^<>]{0,300}>|&(?:[a-z]+|#\d+);")


def without_markup(text: str) -> str:
    """HTML tags and entities become spaces: markup names no one."""
    return MARKUP.sub(" ", text) if "<" in text or "&" in text else text


def _matches(
    sentence: str, candidates: Sequence[tuple[Pattern, re.Pattern[str]]]
) -> list[tuple[Pattern, re.Match[str]]]:
    """Each candidate pattern's matches, earlier patterns (endings first) winning overlapping
    verbs."""
    taken: list[tuple[int, int]] = []
    out = []
    for pattern, regex in candidates:
        for match in regex.finditer(sentence):
            span = (match.end("subj"), match.start("obj") if match.group("obj") else match.end())
            if any(span[0] < end and start < span[1] for start, end in taken):
                continue
            taken.append(span)
            out.append((pattern, match))
    return out


def _subject(scope: Scope, pattern: Pattern, match: re.Match[str]) -> str | None:
    words = (match.group("subj") or "").strip()
    folded = fold(words)
    if folded in ("a gente", "nos"):
        return scope.speaker
    if folded in ("", "i", "we", "eu", "my", "our", "o meu", "a minha", "meu", "minha"):
        if pattern.person == "third":
            return None
        return scope.speaker
    if pattern.person == "first":
        return None
    if folded in PRONOUNS:
        return scope.last_person
    if match.groupdict().get("conj"):
        return scope.last_subject
    kin = match.groupdict().get("kin")
    if kin:
        kname = match.group("kname")
        alias = f"my {kin}" if pattern.language == "en" else f"minha {kin}"
        return scope.kin(kin, kname if kname and is_name(kname.split()[0]) else None, alias)
    words = (match.group("name") or "").split()
    while words and not is_name(words[0]):
        words.pop(0)
    if not words or not all(is_name(w) for w in words if w[0].isupper()):
        return None
    name = " ".join(words)
    return scope.entity(name, scope.type_of(name, "person"))


def _fact(
    scope: Scope,
    pattern: Pattern,
    match: re.Match[str],
    typed: dict[str, str],
    valid_at: datetime | None,
    sentence: str,
) -> ExtractedFact | None:
    if pattern.language == "en" and pattern.person != "possessive" and _implausible(pattern, match):
        return None
    kept, last = dict(scope.entities), scope.last_person
    subject = _subject(scope, pattern, match)
    obj = None if subject is None else _object(scope, pattern, match, typed)
    if subject is None or obj is None or fold(obj) == fold(subject):
        scope.entities, scope.last_person = kept, last  # "Pottery is a huge part…": no one
        return None
    scope.last_subject = subject
    return ExtractedFact(
        subject,
        pattern.predicate,
        obj,
        " ".join(sentence.split()),
        valid_at,
        pattern.negated,
        f"pattern_{pattern.person}",
    )


def _plan(
    scope: Scope, pattern: Pattern, match: re.Match[str], date: datetime | None, sentence: str
) -> ExtractedFact | None:
    """A plan ("we're moving to Porto in June"): the speaker plans "move to Porto (2024-06-01)"."""
    if pattern.language == "en" and _implausible(pattern, match):
        return None
    subject = _subject(scope, pattern, match)
    phrase = trim_object(match.group("obj") or "", 5)
    if subject is None or not phrase or fold(phrase) in ("it", "that", "this", "isso"):
        return None
    obj = scope.entity(plan_object(pattern.predicate, phrase, date), "activity")
    quote = " ".join(sentence.split())
    return ExtractedFact(subject, "plans", obj, quote, origin="pattern_plan")


def _implausible(pattern: Pattern, match: re.Match[str]) -> str | None:
    """Why the match is not a fact (``plausible.implausible``), or None."""
    text, groups = match.string, match.groupdict()
    verb_end = match.start("obj") if match.group("obj") else match.end()
    third = bool(groups.get("name")) or fold(match.group("subj") or "") in PRONOUNS
    return implausible(
        match.group("subj") or "",
        text[: match.start("subj")],
        text[match.end("subj") : verb_end],
        match.group("obj") or "",
        pattern.predicate,
        third,
    )


def _object(
    scope: Scope, pattern: Pattern, match: re.Match[str], typed: dict[str, str]
) -> str | None:
    kind = pattern.object_kind
    default = PREDICATES[pattern.predicate].object_type
    if kind in ("pet", "child"):
        name = match.group("obj")
        type_ = "animal" if kind == "pet" else "person"
        return scope.entity(name, type_) if name else scope.entity(match.group("kind"), type_)
    raw = match.group("obj")
    if kind == "age":
        return scope.entity(raw, "value")
    if kind == "name":
        return scope.entity(raw, "person") if is_name(raw.split()[0]) else None
    phrase = trim_object(raw, 3 if kind == "role" else 5)
    if not phrase or fold(phrase) in ("it", "that", "this", "there", "isso", "lá", "la"):
        return None
    if kind == "role" and not _is_role(phrase):
        return None
    type_ = typed.get(phrase) or scope.type_of(phrase, default)
    if default in ("place", "organization") and type_ in ("thing", "activity", "person"):
        type_ = default
    return scope.entity(phrase, type_)


def _is_role(phrase: str) -> bool:
    words = fold(phrase).split()
    return (
        bool(words)
        and len(words) <= 3
        and (words[-1] in ROLES or words[-1].endswith(("ist", "ian", "eira", "eiro", "ista")))
    )


def _kinship(scope: Scope, sentence: str) -> None:
    _unnamed_kin(scope, sentence)
    for match in [*KINSHIP.finditer(sentence), *APPOSITION.finditer(sentence)]:
        kin, kname = match.group("kin"), match.group("kname")
        if not is_name(kname.split()[0]) or scope.speaker is None or _listed(match):
            continue
        if re.fullmatch(PETS, fold(kin)):
            pet = scope.entity(kname, "animal", (f"my {kin}",))
            fact = ExtractedFact(scope.speaker, "has_pet", pet, match.group(0), origin="kin_named")
            scope.facts.append(fact)
            continue
        english = match.group(0)[:2].lower() in ("my", "ou")
        scope.kin(kin, kname, f"my {kin}" if english else f"minha {kin}")


def _listed(match: re.Match[str]) -> bool:
    """ "My girlfriend, Toby and I": after a comma, a name that a list goes on from is the
    list's next item, not the girlfriend's name."""
    between = match.string[match.start("kin") : match.start("kname")]
    after = match.string[match.end() :]
    return "," in between and bool(re.match(r"\s*(?:,\s*[A-ZÀ-Þ]\w*\s*)?(?:and|&|e)\b", after))


FIRST_PERSON_EN = re.compile(r"\b(?:I|my|My)\b")


def _amounts(scope: Scope, sentence: str) -> None:
    """Counts and current states of the speaker's things ("User's postcards: 25")."""
    if scope.speaker is None or not FIRST_PERSON_EN.search(sentence):
        return
    for amount in amounts(sentence):
        thing = scope.entity(f"{scope.speaker}'s {amount.thing}", "thing")
        value = scope.entity(amount.value, "value" if amount.predicate == "count" else "thing")
        quote = " ".join(sentence.split())
        scope.facts.append(ExtractedFact(thing, amount.predicate, value, quote, origin="amount"))


def _possessions(scope: Scope, sentence: str) -> None:
    """'my old sneakers', 'my dance studio': the speaker owns them."""
    if scope.speaker is None:
        return
    for thing in possessions(sentence):
        obj = scope.entity(thing, scope.type_of(thing, "thing"))
        gone = re.search(rf"{GIVEN_AWAY}\s+(?:\w+\s+)?my\s+{re.escape(thing)}", sentence, re.I)
        quote = " ".join(sentence.split())
        fact = ExtractedFact(
            scope.speaker, "owns", obj, quote, negated=bool(gone), origin="possession"
        )
        scope.facts.append(fact)


GIVEN_AWAY = (
    r"\b(?:sold|donated|gave away|gave up|got rid of|lost|traded in|crashed|totaled|totalled"
    r"|wrecked|returned|vendi|doei)"
)
"""Verbs after which "my car" is no longer the speaker's."""


def _unnamed_kin(scope: Scope, sentence: str) -> None:
    """'my husband and kids', 'my four dogs': a relation to someone the text does not name."""
    if scope.speaker is None:
        return
    for match in [*UNNAMED_KIN.finditer(sentence), *UNNAMED_AND.finditer(sentence)]:
        noun = match.group("noun")
        predicate = UNNAMED_PREDICATE.get(fold(noun).rstrip("s")) or UNNAMED_PREDICATE.get(
            fold(noun)
        )
        if predicate is None or (match.group("after") or "").strip(" ,")[:1].isupper():
            continue
        type_ = "animal" if predicate == "has_pet" else "person"
        obj = scope.entity(noun, type_, (f"my {noun}",))
        fact = ExtractedFact(scope.speaker, predicate, obj, match.group(0), origin="kin_unnamed")
        scope.facts.append(fact)


def _capitalized(scope: Scope, text: str) -> None:
    """Without spaCy: runs of capitalized words are names, less the common words that lead
    them ("Hey Tim" is Tim); a sentence's first word alone is not a name."""
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        first = sentence.lstrip(" \"'“(").split()[:1]
        for match in re.finditer(NAME, sentence):
            words = match.group(0).split()
            at_start = bool(first) and match.start() == sentence.find(first[0]) if first else False
            while words and not is_name(words[0]):
                words.pop(0)
                at_start = False
            if not words or (at_start and len(words) == 1):
                continue
            name = " ".join(words)
            if all(is_name(w) for w in words if w[:1].isupper()):
                scope.entity(name, scope.type_of(name, "thing"))
