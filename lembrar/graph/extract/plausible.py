"""What a pattern's match must look like to be kept as a fact (English).

The patterns find a subject, a verb phrase and an object by surface form, and chit-chat is full
of the same forms in other roles: "Looks like you all had fun" (a name-shaped word before
"like"), "Everyone we love was there" (the object is the rest of a clause), "I love how art lets
us…" (a clause, not a thing), "I'm planning a few" (a quantity), "my own journey" ("own" as an
adjective), "for when I have kids" (a hypothetical), "I started looking into…" (a phrasal verb),
"I bought her a scarf" (a thing bought for someone else).
Each check below turns one such form away; none looks at what the words mean.
"""

from __future__ import annotations

import re

from lembrar.graph.extract.names import fold

__all__ = ["implausible"]

BASE_FORMS = frozenset(
    "like love enjoy adore hate dislike own play practice practise study live work plan have hope"
    " intend attend go am are were do don't major teach get".split()
)
"""Present-tense verbs that a third-person singular subject would not take ("Looks like…")."""
CLAUSE_STARTS = frozenset(
    "how what why when where who whom which whether that if because so than it it's you we"
    " they he she i me him us them there and or but nor as".split()
)
AUXILIARIES = frozenset(
    "was were is are am be been has had will would can could should shall may might must".split()
)
"""An object cannot start with these ("Everyone we love was there"); "being", "do" and "have"
can ("being a mom", "going to do more ads", "going to have a party")."""
OBJECT_PRONOUNS = frozenset("me you us him them it".split())
JOBS = frozenset("job jobs role position career internship".split())
SPANS = frozenset("day days morning mornings week weekend evening afternoon shift year".split())
"""Spans of time one starts or spends, not pastimes: "started my day", "began the week"."""
AFTER_SPAN = frozenset("with by at in on off and feeling early right".split())
"""Words after a span of time that go on the clause, not on a pastime's name ("my morning yoga")."""
HOW_OFTEN = frozenset("every each once twice daily weekly".split())
STAND_INS = frozenset("others one ones something anything everything nothing".split())
"""Words that stand for a thing named elsewhere: "I like others very much"."""
QUANTITIES = frozenset(
    "a an few lot lots some many much more most one ones all both each any several couple bit"
    " little".split()
)
AT_HAND = frozenset("the this that these those your his her their all".split())
SUBORDINATORS = frozenset("when if once until unless whenever".split())
POSSESSIVES = frozenset("my our your his her their its".split())
AFTER_GERUND = frozenset("into after forward around back more about over through like".split())
"""After a gerund, these make a phrasal verb ("started looking into…", "caring more about…"),
not an activity; "to", "at" and "out" do not ("started volunteering at the shelter")."""
_WORD = re.compile(r"[\w'’]+")
RECEIVERS = frozenset("her him them us you".split())
"""Who a thing is bought for, said before it: "bought her a scarf"."""
DEGREES = frozenset(
    "pretty very really quite fairly super rather extremely incredibly so too".split()
)
"""Words of degree before an adjective: what follows describes how one is."""
GIFTS = frozenset("gift gifts present presents".split())
NOT_HAD = frozenset("girl girls boy boys guy guys man woman baby babies ticket tickets".split())
"""What is got or bought and is no thing one has: a person ("got a new girl"), a ticket (a plan)."""


STATES_LIVED_IN = frozenset(
    "hope fear denial peace harmony luxury poverty comfort style sin dread terror shame".split()
)
"""What one lives in that is no place: "I live in hope", "we live in fear"."""


def _words(text: str) -> list[str]:
    return [fold(w).replace("’", "'") for w in _WORD.findall(text)]


def _a_span_begun(object_words: list[str]) -> bool:
    """ "my day with a coffee", "the week feeling tired": a span of time is the object, not a word
    before a pastime's name ("my morning yoga", "a weekend yoga class")."""
    at = 1 if object_words[0] in POSSESSIVES | {"the", "a"} and len(object_words) > 1 else 0
    after = object_words[at + 1] if len(object_words) > at + 1 else ""
    return object_words[at] in SPANS and (not after or after in AFTER_SPAN)


def _given_to_another(object_words: list[str]) -> bool:
    """Whether a thing bought is for someone else: said after who gets it ("her a scarf", "my
    brother a new bike") or called a gift ("a birthday present")."""
    gifts = [i for i, word in enumerate(object_words) if word in GIFTS]
    if any(object_words[i + 1 : i + 2] in ([], ["for"], ["from"], ["to"]) for i in gifts):
        return True  # "a gift for Emily", not "gift bags"
    then = object_words[1:3] + ["", ""]
    return (object_words[0] in RECEIVERS and then[0] in QUANTITIES) or (
        object_words[0] in POSSESSIVES and then[1] in QUANTITIES
    )


def implausible(
    subject: str, before: str, verb: str, raw_object: str, predicate: str, third_person: bool
) -> str | None:
    """Why an English match of a subject-verb-object pattern is not a fact, or None to keep it.
    ``subject``: the subject as written; ``before``: the sentence up to it; ``verb``: the matched
    verb phrase; ``raw_object``: the object as matched, untrimmed; ``third_person``: the subject
    is a name, "he" or "she"."""
    verb_words, object_words, preceding = _words(verb), _words(raw_object), _words(before)
    first_verb = verb_words[0] if verb_words else ""
    if fold(subject.strip()) in POSSESSIVES:
        return "a possessive, not a subject ('my own journey')"
    if preceding and verb.strip()[:1].isupper():
        return "a verb written with a capital inside a sentence is part of a name ('Bath & Body Works')"
    if third_person and first_verb in BASE_FORMS:
        return "the verb does not agree with the subject"
    if preceding and preceding[-1] in SUBORDINATORS and first_verb in BASE_FORMS:
        return "hypothetical"
    if not object_words:
        return None
    if object_words[0] in CLAUSE_STARTS or object_words[0] in AUXILIARIES:
        return "the object is a clause"
    if len(object_words) > 1 and object_words[1] in OBJECT_PRONOUNS:
        return "the object starts with a verb"
    if all(w in QUANTITIES for w in object_words[:3]) and len(object_words) <= 3:
        return "the object is a quantity"
    if predicate == "lives_in" and object_words[0] in STATES_LIVED_IN and raw_object.islower():
        return "a state of mind lived in ('I live in hope'), not a place"
    described = object_words[0] in DEGREES or (
        object_words[0] in ("a", "an", "the") and object_words[1:2] and object_words[1] in DEGREES
    )
    if predicate in ("works_as", "lives_in") and described:
        return "a description ('a pretty cautious driver', 'a very busy area'), not a role or place"
    if predicate == "owns" and _given_to_another(object_words):
        return "bought for someone else ('bought her a scarf', 'a birthday present')"
    if predicate == "owns" and NOT_HAD & set(object_words[:3]):
        return "a person or a ticket, not a thing had ('got a new girl', 'bought the tickets')"
    if predicate in ("does", "owns") and JOBS & set(object_words[:3]):
        return "a job, not a pastime or a thing had ('started a new job', 'got a new job')"
    if predicate == "does" and _a_span_begun(object_words):
        return "a span of time begun, not a pastime ('started my day with yoga')"
    if predicate in ("likes", "dislikes", "does") and object_words[0] in HOW_OFTEN:
        return "how often, not what ('playing every Thursday')"
    if (
        predicate in ("likes", "dislikes", "does")
        and object_words[:1] == ["doing"]
        and (object_words[1:2] in ([], ["that"], ["this"], ["it"], ["so"]))
    ):
        return "a doing of something named elsewhere ('I enjoy doing that')"
    if predicate in ("likes", "dislikes", "does") and object_words[0] in STAND_INS:
        return "a word that stands for a thing named elsewhere"
    if predicate in ("likes", "dislikes") and object_words[0] in AT_HAND:
        return "a remark about things at hand ('all the yellow leaves'), not a taste"
    if (
        predicate == "does"
        and object_words[0].endswith("ing")
        and len(object_words) > 1
        and object_words[1] in AFTER_GERUND
    ):
        return "a phrasal verb"
    return None
