"""Which predicate an English clause states, read from its verb's lemma and dependents.

``readings(head)`` looks at one clause head of a spaCy parse (a verb or a copula) and returns
what it says, whoever says it: "live in X" → ``lives_in X``, "work as a nurse" → ``works_as
nurse``, "be allergic to X" → ``allergic_to X``, "leave X" → an ending of ``works_at X`` (or of
``lives_in`` when X is a place). Whether the clause is a fact at all, and whose, is decided by
``lembrar.graph.extract.parsed``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from lembrar.graph.extract.names import fold, is_name
from lembrar.graph.extract.nouns import called, home_country, noun_readings
from lembrar.graph.extract.patterns import CHILDREN
from lembrar.graph.extract.possessions import OWNED
from lembrar.graph.extract.tokens import (
    HOMES,
    JOBS,
    NOT_OBJECTS,
    PETS_SET,
    SPECIFIC,
    Reading,
    children,
    dobj,
    employer,
    general,
    is_role,
    label,
    noun_phrase,
    object_of,
    phrase,
    with_conjuncts,
)

MODALS = frozenset({"would", "could", "might", "may", "should", "must", "'d", "’d", "ought"})
FUTURE = frozenset({"will", "shall", "'ll", "’ll", "wo"})
REPORTING = frozenset(
    "say tell think believe hear wish guess suppose imagine doubt wonder ask dream pretend claim"
    " hope fear bet reckon assume".split()
)
PLAN_HEADS = frozenset("plan intend hope want aim decide prepare arrange expect".split())
ENDING_HEADS = frozenset({"stop", "quit", "cease"})
LIKE = frozenset("like love enjoy adore prefer fancy".split())
HATE = frozenset("hate dislike detest loathe despise".split())
CHILD_SET = frozenset(CHILDREN.split("|")) | {"kids", "children", "sons", "daughters", "babies"}
OWNED_SET = frozenset(OWNED.split("|")) | {"home", "house", "motorbike", "bike", "car"}
DEGREES = frozenset("master masters master's degree phd doctorate bachelor course mba".split())
SCHOOLS = frozenset("school university college academy institute faculty".split())
DIETS = frozenset(
    "vegetarian vegan pescatarian pescetarian gluten-free keto paleo halal kosher"
    " lactose-intolerant celiac coeliac diabetic".split()
)
PLAN_VERBS = frozenset(
    "move start join leave quit visit travel fly go adopt buy marry host throw organize organise"
    " open launch run take learn study retire attend enroll enrol apply build renovate sell book"
    " plan".split()
)
"""Verbs a plan is made of; "I'll check it out" or "I'll keep you posted" is no plan."""
PRESENT = frozenset({"VBP", "VBZ"})
QUANTITIES = frozenset("few some lots plenty bunch couple several many".split())
NOT_PLANNED = frozenset(
    "look care note chance break time moment second minute peek glance pic picture photo part"
    " sec look-see rest nap".split()
)
"""Nouns that make a light verb a figure of speech ("I'll take a look"), not a plan."""
"""A liking of "the yellow leaves" or "my job" is a remark about things at hand, not a taste."""


def readings(head: Any) -> list[Reading]:
    """Everything the clause headed by ``head`` states, before its stance is weighed."""
    lemma = head.lemma_.lower()
    reader = READERS.get(lemma)
    found = list(reader(head)) if reader else []
    found += noun_readings(head)
    return [r for r in found if r.text and fold(r.text) not in NOT_OBJECTS]


def _taste(predicate: str) -> Callable[[Any], Iterator[Reading]]:
    """A taste is said in the present ("I love hiking"); "I loved the show" is a remark."""

    def read(head: Any) -> Iterator[Reading]:
        if head.tag_ in PRESENT or _aux_present(head):
            yield from _tasted(predicate, head)

    return read


def _tasted(predicate: str, head: Any) -> Iterator[Reading]:
    """The things or activities a verb of taste takes ("hiking", "horror movies")."""
    target = dobj(head)
    if target is None:
        target = next((k for k in children(head, "xcomp") if k.tag_ == "VBG"), None)
    for token in with_conjuncts(target):
        if token.tag_ == "VBG":
            yield from _activity(predicate, token)
        elif general(token):
            yield Reading(predicate, phrase(token))


def _activity(predicate: str, gerund: Any) -> Iterator[Reading]:
    """ "hiking", "playing board games"; not "watching them play" nor "doing something"."""
    rest = [k for k in gerund.children if k.dep_ in ("dobj", "ccomp", "xcomp", "attr")]
    where = [
        (prep, obj)
        for prep in children(gerund, "prep")
        for obj in children(prep, "pobj")[:1]
        if obj.pos_ == "NOUN" and general(obj)
    ]
    head = " ".join(
        [gerund.text, *(k.text for k in gerund.rights if k.dep_ in ("prt", "advmod", "acomp"))]
    )
    if not rest and where:
        yield Reading(predicate, f"{head} {where[0][0].text} {phrase(where[0][1])}")
    elif not rest and (head != gerund.text or gerund.lemma_.lower() not in LIGHT):
        yield Reading(predicate, head)
    elif (
        len(rest) == 1
        and rest[0].pos_ == "NOUN"
        and general(rest[0])
        and fold(rest[0].text) not in NOT_OBJECTS
    ):
        particle = " ".join(k.text for k in gerund.children if k.dep_ == "prt")
        yield Reading(predicate, " ".join(w for w in (gerund.text, particle, phrase(rest[0])) if w))


def _aux_present(head: Any) -> bool:
    """ "I do love jazz", "I've always loved…": the present carried by an auxiliary (not by a
    modal: "we can enjoy nature" is no taste)."""
    return any(k.dep_ == "aux" and k.tag_ in PRESENT for k in head.children)


LIGHT = frozenset("be have do get make go take give put let keep try".split())
"""Verbs that name no activity on their own ("I love being…")."""


def _stand(head: Any) -> Iterator[Reading]:
    """ "I can't stand horror movies" """
    kids = {k.lower_ for k in head.children}
    if kids & {"ca", "can", "cannot"} and kids & {"n't", "not", "’t"}:
        yield from _tasted("dislikes", head)


def _live(head: Any) -> Iterator[Reading]:
    on = () if head.lemma_.lower() == "settle" else ("on",)  # "we settled on the name"
    place = object_of(head, "in", *on)
    if place is not None:
        yield Reading("lives_in", phrase(place), type="place")


def _move(head: Any) -> Iterator[Reading]:
    if any(
        k.dep_ == "prt" and k.lower_ in ("on", "along", "forward", "ahead") for k in head.children
    ):
        return  # "move on to the music box": the next thing, not a home
    place = object_of(head, "to", "into")
    if place is not None and place.lemma_.lower() not in HOMES:
        yield Reading("lives_in", phrase(place), type="place")
    gone = object_of(head, "from", "out")
    if gone is not None:
        yield Reading("lives_in", phrase(gone), ending=True, type="place")


def _work(head: Any) -> Iterator[Reading]:
    role = object_of(head, "as")
    if role is not None and is_role(role):
        yield Reading("works_as", phrase(role), type="role")
    yield from employer(head)
    if role is not None:
        yield from employer(role)


def _job(head: Any, ending: bool = False) -> Iterator[Reading]:
    """ "a (new) job at X as Y": the place and the role."""
    target = dobj(head)
    if target is None or target.lemma_.lower() not in JOBS:
        return
    for found in employer(target):
        yield Reading("works_at", found.text, ending=ending, type="organization")
    role = object_of(target, "as")
    if role is not None and is_role(role) and not ending:
        yield Reading("works_as", phrase(role), type="role")
        yield from employer(role)


def _start(head: Any) -> Iterator[Reading]:
    yield from employer(head)
    yield from _job(head)
    target = dobj(head)
    if target is not None and target.lemma_.lower() not in JOBS and target.pos_ == "NOUN":
        if target.lemma_.lower() not in DEGREES and general(target) and not _determined(target):
            yield Reading("does", phrase(target), type="activity")
    yield from _study_degree(head)


def _plan(head: Any) -> Iterator[Reading]:
    """ "planning a trip to Japan": the plan is the thing planned (not a past one)."""
    if head.tag_ not in ("VBG", "VB"):
        return  # "I planned…", "we plan events" (a habit): no plan now
    target = dobj(head)
    if target is not None and target.pos_ == "NOUN" and fold(target.text) not in NOT_OBJECTS:
        yield Reading("plans", noun_phrase(target), type="activity")


def verb_phrase(head: Any) -> str:
    """ "adopt a dog", "visit Japan": a plan's verb and its object; empty for a verb plans are
    not made of or without a thing or a place to do it with."""
    if head.lemma_.lower() not in PLAN_VERBS:
        return ""
    target = dobj(head)
    if target is not None and target.pos_ in ("NOUN", "PROPN") and phrase(target):
        if target.lemma_.lower() in NOT_PLANNED:
            return ""
        return f"{head.lemma_} {noun_phrase(target)}"
    for prep in children(head, "prep"):
        for obj in children(prep, "pobj")[:1]:
            if label(obj) in ("place", "organization"):
                return f"{head.lemma_} {prep.text} {phrase(obj)}"
    return ""


def _join(head: Any) -> Iterator[Reading]:
    target = dobj(head)
    if target is not None and label(target) == "organization":
        yield Reading("works_at", phrase(target), type="organization")


def _hire(head: Any) -> Iterator[Reading]:
    """ "I was hired by Globex as a data scientist": the employer and the role."""
    org = object_of(head, "by", "at")
    if org is not None and label(org) != "person":
        yield Reading("works_at", phrase(org), type="organization")
    role = object_of(head, "as")
    if role is not None and is_role(role):
        yield Reading("works_as", phrase(role), type="role")


def _leave(head: Any) -> Iterator[Reading]:
    target = dobj(head)
    if target is None:
        return
    if target.lemma_.lower() in JOBS:
        yield from _job(head, ending=True)
    elif label(target) == "place":
        yield Reading("lives_in", phrase(target), ending=True, type="place")
    elif label(target) == "organization" or (target.pos_ == "PROPN" and label(target) is None):
        yield Reading("works_at", phrase(target), ending=True, type="organization")
    elif head.lemma_.lower() == "quit" and target.pos_ == "NOUN" and general(target):
        yield Reading("does", phrase(target), ending=True, type="activity")


def _determined(token: Any) -> bool:
    """ "a new chapter", "the project": one thing begun, not an activity taken up."""
    return any(k.dep_ == "det" for k in token.children)


def _study(head: Any) -> Iterator[Reading]:
    school = object_of(head, "at", "in")
    if school is not None and (label(school) == "organization" or _school(school)):
        yield Reading("studies_at", phrase(school), type="organization")
    target = dobj(head)
    if target is not None and target.tag_ in ("NN", "NNP") and general(target):
        yield Reading("studies", phrase(target), type="activity")


NOT_LEARNT = frozenset(
    "lot lots ton tons bunch ropes more much things stuff something everything".split()
)
"""What follows "learning" that is no pastime: "learning a lot", "learning the ropes"."""


def _learn(head: Any) -> Iterator[Reading]:
    """ "I'm learning German", "she's learning the violin": a pastime, said as learnt (a
    degree's subject is studied)."""
    target = dobj(head)
    if target is None or target.tag_ not in ("NN", "NNS", "NNP") or not general(target):
        return
    if target.lower_ not in NOT_LEARNT:
        yield Reading("does", f"learning {phrase(target)}", type="activity")


def _school(token: Any) -> bool:
    return any(w in SCHOOLS for w in fold(phrase(token)).split())


def _study_degree(head: Any) -> Iterator[Reading]:
    """ "doing a master's at the University of Porto" """
    target = dobj(head)
    if target is None or fold(target.text) not in DEGREES:
        return
    school = object_of(target, "at", "in") or object_of(head, "at", "in")
    if school is not None and (label(school) == "organization" or _school(school)):
        yield Reading("studies_at", phrase(school), type="organization")


def _attend(head: Any) -> Iterator[Reading]:
    school = dobj(head) or object_of(head, "at", "in")
    if school is not None and (label(school) == "organization" or _school(school)):
        yield Reading("studies_at", phrase(school), type="organization")


def _major(head: Any) -> Iterator[Reading]:
    subject = object_of(head, "in")
    if subject is not None:
        yield Reading("studies", phrase(subject), type="activity")


def _marry(head: Any) -> Iterator[Reading]:
    other = dobj(head) or object_of(head, "to", "with")
    if other is not None and other.pos_ == "PROPN":
        yield Reading("has_partner", phrase(other), type="person")


def _divorce(head: Any) -> Iterator[Reading]:
    other = dobj(head) or object_of(head, "with", "from")
    if other is not None and other.pos_ == "PROPN":
        yield Reading("has_ex", phrase(other), type="person")


def _habitual(head: Any) -> bool:
    """ "I play", "I've been playing", "I'm playing… these days", "I started playing": not "we
    played games" (one evening)."""
    up = head.head
    return (
        head.tag_ in PRESENT
        or (head.tag_ == "VBG" and _aux_present(head))
        or any(k.dep_ == "aux" and k.lower_ == "been" for k in head.children)
        or (head.dep_ == "xcomp" and up.lemma_.lower() in ("start", "begin", "take", "keep"))
        or (head.tag_ == "VBD" and head.dep_ == "ROOT" and head.lemma_.lower() == "take")
    )


def _play(head: Any) -> Iterator[Reading]:
    if not _habitual(head):
        return
    target = dobj(head)
    for token in with_conjuncts(target):
        marked = any(k.lower_ != "the" for k in token.children if k.dep_ in ("det", "poss"))
        if token.pos_ in ("NOUN", "PROPN") and label(token) != "person" and not marked:
            yield Reading("does", phrase(token), type="activity")


def _take(head: Any) -> Iterator[Reading]:
    if any(k.dep_ == "prt" and k.lower_ == "up" for k in head.children):
        yield from _play(head)


def _go(head: Any) -> Iterator[Reading]:
    """ "I go hiking on weekends" (a habit; "going to" is a plan, read elsewhere)."""
    if head.tag_ in ("VBP", "VBZ"):
        for token in children(head, "xcomp"):
            if token.tag_ == "VBG":
                yield Reading("does", token.text, type="activity")


def _named(token: Any) -> list[str]:
    """The names a noun is given: "a beagle named Biscuit", "two cats, Luna and Leo"."""
    found = [k for k in token.children if k.dep_ == "appos" and k.pos_ == "PROPN"]
    for acl in children(token, "acl", "relcl"):
        if acl.lemma_.lower() in ("name", "call"):
            found += children(acl, "oprd", "attr", "dobj")
    names = [phrase(n) for t in found for n in with_conjuncts(t)]
    return [n for n in names if n and is_name(n.split()[0])]


def _possess(head: Any) -> Iterator[Reading]:
    target = dobj(head)
    if target is None:
        return
    lemma, word = target.lemma_.lower(), target.lower_
    if lemma in PETS_SET or word in PETS_SET:
        if any(k.lower_ in QUANTITIES for k in target.subtree if k.i < target.i):
            return  # "we got a few fish": a catch, not pets
        names = _named(target)
        alias = (f"my {lemma}",)
        for name in names or [lemma]:
            yield Reading("has_pet", name, type="animal", aliases=alias if names else ())
    elif lemma in CHILD_SET or word in CHILD_SET or _baby(target):
        for name in _named(target) or [lemma]:
            yield Reading("has_child", name, type="person")
    elif lemma == "allergy":
        allergen = object_of(target, "to")
        if allergen is not None:
            yield Reading("allergic_to", phrase(allergen), type="thing")
    elif lemma in JOBS:
        yield from _job(head)
    elif lemma in OWNED_SET or (head.lemma_.lower() == "drive" and target.pos_ == "PROPN"):
        yield Reading("owns", phrase(target), type="thing")
    elif head.lemma_.lower() in ("own", "buy", "purchase") and target.pos_ == "PROPN":
        yield Reading("owns", phrase(target), type="thing")


def _baby(token: Any) -> bool:
    """ "a baby girl", "a baby boy" """
    return token.lemma_.lower() in ("girl", "boy") and any(
        k.lower_ == "baby" for k in token.children
    )


def _be(head: Any) -> Iterator[Reading]:
    """ "I'm allergic to…", "I'm vegan", "Tiago is a firefighter", "I'm 34", "I'm from…": said
    of now by a finite verb ("I was 17", "being a mom" say nothing of now)."""
    passive_now = any(k.dep_ == "auxpass" and k.tag_ in PRESENT for k in head.children)
    if head.tag_ not in PRESENT and not (
        head.tag_ == "VBN" and (_aux_present(head) or passive_now)  # "I'm based in Aveiro"
    ):
        return
    for token in children(head, "acomp", "attr"):
        word = fold(token.text)
        if word == "allergic":
            for allergen in with_conjuncts(object_of(token, "to")):
                yield Reading("allergic_to", phrase(allergen), type="thing")
        elif word in DIETS:
            yield Reading("diet", word, type="thing")
        elif word == "intolerant":  # "lactose intolerant"
            cause = [k.text for k in token.lefts if k.dep_ in ("npadvmod", "compound", "amod")]
            if cause:
                yield Reading("diet", f"{cause[0]} intolerant", type="thing")
        elif word in ("married", "engaged"):
            yield from _marry(token)
        elif word in FOND:  # "I'm passionate about birdwatching", "a huge fan of jazz"
            for thing in with_conjuncts(object_of(token, *FOND[word])):
                if thing.tag_ == "VBG":
                    yield from _activity("likes", thing)
                elif general(thing):
                    yield Reading("likes", phrase(thing))
        elif word == "based":
            yield from _live(token)
        elif token.pos_ == "NUM" or _years_old(token):
            yield Reading("age", _number(token), type="value")
        elif token.pos_ == "NOUN" and word == "student":
            yield from _attend(token)
        elif token.pos_ == "NOUN" and is_role(token) and _general_role(token):
            yield Reading("works_as", phrase(token), type="role")
    origin = object_of(head, "from")
    if origin is not None and label(origin) == "place":
        yield Reading("from", phrase(origin), type="place")
    yield from home_country(head)
    if head.lemma_.lower() == "base":
        yield from _live(head)


FOND = {"fan": ("of",), "passionate": ("about",), "keen": ("on",), "fond": ("of",)}
"""Words of taste said with "be" and the preposition their object takes."""


def _years_old(token: Any) -> bool:
    return token.lower_ == "old" and any(k.lower_ in ("years", "year") for k in token.subtree)


def _number(token: Any) -> str:
    digits = [t.text for t in token.subtree if t.like_num]
    return digits[0] if digits else ""


def _general_role(token: Any) -> bool:
    """ "a nurse", "an engineer": not "the teacher", "my doctor"."""
    return not any(k.dep_ in ("det", "poss") and k.lower_ in SPECIFIC for k in token.children)


def _grow(head: Any) -> Iterator[Reading]:
    if any(k.dep_ == "prt" and k.lower_ == "up" for k in head.children) or (
        head.lemma_.lower() == "bear"
    ):
        place = object_of(head, "in")
        if place is not None and label(place) == "place":
            yield Reading("from", phrase(place), type="place")


READERS: dict[str, Callable[[Any], Iterator[Reading]]] = {
    **dict.fromkeys(["live", "reside", "settle"], _live),
    **dict.fromkeys(["move", "relocate", "emigrate"], _move),
    **dict.fromkeys(["work", "employ"], _work),  # "I'm employed at Sonae as an analyst"
    **dict.fromkeys(["start", "begin"], _start),
    "join": _join,
    **dict.fromkeys(["plan", "organise", "organize", "book"], _plan),
    **dict.fromkeys(["hire", "recruit"], _hire),
    **dict.fromkeys(["leave", "quit"], _leave),
    "study": _study,
    "learn": _learn,
    **dict.fromkeys(["attend", "enroll", "enrol"], _attend),
    "major": _major,
    **dict.fromkeys(["do", "pursue", "finish", "complete"], _study_degree),
    **dict.fromkeys(["marry", "wed", "date", "engage"], _marry),
    "divorce": _divorce,
    **dict.fromkeys(LIKE, _taste("likes")),
    **dict.fromkeys(HATE, _taste("dislikes")),
    "stand": _stand,
    **dict.fromkeys(["play", "practise", "practice"], _play),
    "take": _take,
    "go": _go,
    **dict.fromkeys(
        ["have", "get", "adopt", "rescue", "own", "buy", "drive", "purchase", "land", "welcome"],
        _possess,
    ),
    **dict.fromkeys(["be", "base"], _be),
    **dict.fromkeys(["call", "name"], called),
    **dict.fromkeys(["grow", "bear"], _grow),
}
