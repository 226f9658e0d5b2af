"""What the rules read from one message Ines sends on Wednesday 1 May 2024: the helper the tests
of the extractor's readings share."""

from __future__ import annotations

from datetime import UTC, datetime

from lembrar.graph.extract.rules import RuleExtractor
from lembrar.model.episode import Episode
from lembrar.model.graph import ExtractedFact

AT = datetime(2024, 5, 1, 12, tzinfo=UTC)


def read(text: str) -> list[ExtractedFact]:
    """The facts the rules read from ``text``, said by Ines to an assistant at ``AT``."""
    episode = Episode("e1", "u", "message", text, AT, AT, None, role="user", speaker="Ines")
    return RuleExtractor().extract(episode).facts


def signed(text: str) -> set[tuple[str, str, str]]:
    """The facts read, an ending's predicate marked "not:" as the labels mark it."""
    return {(f.subject, ("not:" if f.negated else "") + f.predicate, f.object) for f in read(text)}


def undated(facts: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    """``facts`` with the date a plan's object carries left out: "trip to Oslo (2024-06-01)" is
    "trip to Oslo"."""
    return {(s, p, o.split(" (")[0]) for s, p, o in facts}
