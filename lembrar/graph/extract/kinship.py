"""Who the speaker's kin and pets are, by name: "my sister Ana", "Ana, my sister, …", "a
kitten called Mia", "we named the puppy Bolt", and the kin a message does not name ("my husband
and kids"). Each named one is linked to the speaker by a fact (``Scope.kin``)."""

from __future__ import annotations

import re

from lembrar.graph.extract.names import fold, is_name
from lembrar.graph.extract.patterns import CHILDREN, KIN_EN, KIN_PT, PETS
from lembrar.graph.extract.scope import Scope, kin_alias
from lembrar.model.graph import ExtractedFact

__all__ = ["APPOSED", "NAME", "NAMED_AFTER", "called", "read_kinship"]

NAME = r"[A-ZÀ-Þ][\w'’-]*(?:\s+(?:(?:da|de|do|dos|das|van|von|of)\s+)?(?:[A-ZÀ-Þ][\w'’-]*|\d+[A-Z]\w*)){0,3}"
APPOSITION = re.compile(  # "Max, my childhood dog"
    rf"(?P<kname>{NAME}),\s+(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|childhood|new|old)\s+)?"
    rf"(?P<kin>{KIN_EN}|{PETS})\b"
)
KINSHIP = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|(?:[Aa]|[Oo])\s+(?:minha|meu|nossa|nosso))\s+(?:(?:little|big|older|younger|new)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT}|{PETS})\b\s*,?\s*(?:(?:named|called|chamad[oa]|chama-se|se chama"
    rf"|que se chama)\s+)?(?P<kname>{NAME})"
)
APPOSED = re.compile(  # "Leonor, my sister, works as…": the name is the clause's subject
    rf"(?P<name>{NAME}),\s+(?:[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+)?(?P<kin>{KIN_EN}),\s*"
)
NAMED_AFTER = re.compile(  # "a kitten, Nina, and…": the name read as "a kitten called Nina"
    rf"\b(?P<kind>{PETS}|{CHILDREN})(?:\s+(?:girl|boy|menina|menino|nov[oa]|new))?\s*,\s*"
    rf"(?:[ao]\s+)?(?P<name>{NAME})(?!\s+(?:and|e|&)\b)"
)


def called(match: re.Match[str]) -> str:
    name = match.group("name")
    return f"{match.group('kind')} called {name}" if is_name(name.split()[0]) else match.group(0)


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

NAMED_PET = (
    re.compile(  # "we named the puppy Bolt", "our dog is called Bolt", "o cão chama-se Bolt"
        rf"(?:\b(?:named|called|call|name)\s+(?:the|our|my|him|her)?\s*(?P<kin>{PETS})\s+"
        rf"|\b(?:[Tt]he|[Oo]ur|[Mm]y|[Oo]|[Aa]|[Oo] nosso|[Aa] nossa)\s+(?P<kin2>{PETS})\s+"
        rf"(?:\w+\s+)?(?:is called|is named|['’]s name is|has a name:|chama-se|se chama)\s+)"
        rf"(?P<kname>{NAME})"
    )
)


def read_kinship(scope: Scope, sentence: str) -> None:
    _unnamed_kin(scope, sentence)
    for match in NAMED_PET.finditer(sentence):
        if scope.speaker is not None and is_name(match.group("kname").split()[0]):
            kin = match.group("kin") or match.group("kin2")
            pet = scope.entity(match.group("kname"), "animal", (f"my {kin.lower()}",))
            scope.facts.append(ExtractedFact(scope.speaker, "has_pet", pet, match.group(0)))
    for match in [*KINSHIP.finditer(sentence), *APPOSITION.finditer(sentence)]:
        kin, kname = match.group("kin"), match.group("kname")
        if not is_name(kname.split()[0]) or scope.speaker is None or _listed(match):
            continue
        if re.fullmatch(PETS, fold(kin)):
            pet = scope.entity(kname, "animal", (f"my {kin}",))
            scope.facts.append(ExtractedFact(scope.speaker, "has_pet", pet, match.group(0)))
            continue
        scope.kin(kin, kname, kin_alias(kin, bool(re.fullmatch(KIN_EN, kin, re.I))))


def _listed(match: re.Match[str]) -> bool:
    """ "My girlfriend, Toby and I": after a comma, a name that a list goes on from is the
    list's next item, not the girlfriend's name."""
    between = match.string[match.start("kin") : match.start("kname")]
    after = match.string[match.end() :]
    return "," in between and bool(re.match(r"\s*(?:,\s*[A-ZÀ-Þ]\w*\s*)?(?:and|&|e)\b", after))


def _unnamed_kin(scope: Scope, sentence: str) -> None:
    """'my husband and kids', 'my four dogs': a relation to someone the text does not name
    ("Tiago, my boyfriend, …" names him)."""
    if scope.speaker is None:
        return
    named = [m.span("kin") for m in APPOSITION.finditer(sentence)]
    named += [m.span("kin") for m in APPOSED.finditer(sentence)]
    for match in [*UNNAMED_KIN.finditer(sentence), *UNNAMED_AND.finditer(sentence)]:
        noun = match.group("noun")
        if any(start <= match.start("noun") < end for start, end in named):
            continue
        predicate = UNNAMED_PREDICATE.get(fold(noun).rstrip("s")) or UNNAMED_PREDICATE.get(
            fold(noun)
        )
        if predicate is None or (match.group("after") or "").strip(" ,")[:1].isupper():
            continue
        type_ = "animal" if predicate == "has_pet" else "person"
        obj = scope.entity(noun, type_, (f"my {noun}",))
        scope.facts.append(ExtractedFact(scope.speaker, predicate, obj, match.group(0)))
