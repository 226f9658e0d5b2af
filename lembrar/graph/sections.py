"""The context block's "Facts" section: current facts first, superseded ones marked, with the
dates each held. It shows only what graph search returns: facts whose calibrated confidence of
answering the query reaches ``lembrar.graph.confidence.CALIBRATION.threshold`` (each item
carries its ``confidence``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from lembrar.context import ContextSection, fit
from lembrar.model.graph import Fact
from lembrar.model.text import count_tokens

TITLE = "Facts"


def _day(value: datetime) -> str:
    return value.date().isoformat()


def fact_line(fact: Fact, now: datetime | None = None) -> str:
    """'- Ana lives in Porto (since 2023-08-01)', '- [from 2024-05-13] Ana works at Unbabel'
    (a dated plan not yet due at ``now``) or '- [superseded] Ana lives in Lisbon (2023-01-10
    to 2023-08-01)'."""
    if fact.invalid_at is None and now is not None and fact.valid_at > now:
        return f"- [from {_day(fact.valid_at)}] {fact.text}"
    if fact.invalid_at is None:
        return f"- {fact.text} (since {_day(fact.valid_at)})"
    return f"- [superseded] {fact.text} ({_day(fact.valid_at)} to {_day(fact.invalid_at)})"


def fact_item(
    fact: Fact,
    names: Mapping[str, str],
    confidence: float | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    return {
        "fact_id": fact.id,
        "text": fact.text,
        "subject": names.get(fact.subject_id, ""),
        "predicate": fact.predicate,
        "object": names.get(fact.object_id, ""),
        "valid_at": fact.valid_at.isoformat(),
        "invalid_at": fact.invalid_at.isoformat() if fact.invalid_at else None,
        "current": fact.current(now),
        "episodes": list(fact.episodes),
        "confidence": None if confidence is None else round(confidence, 3),
    }


def facts_section(
    facts: Sequence[Fact],
    names: Mapping[str, str],
    budget: int,
    confidence: Mapping[str, float] | None = None,
    now: datetime | None = None,
) -> ContextSection:
    """The facts within ``budget`` tokens, in their order but those holding at ``now`` first;
    ``confidence``: each fact's (by id), when search scored them."""
    ordered = [f for f in facts if f.current(now)] + [
        f for f in facts if not f.current(now) and not f.negated
    ]
    lines = fit([fact_line(f, now) for f in ordered], budget, count_tokens(TITLE) + 3)
    scores = confidence or {}
    items = tuple(fact_item(f, names, scores.get(f.id), now) for f in ordered[: len(lines)])
    return ContextSection("facts", TITLE, lines, items)
