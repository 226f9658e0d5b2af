"""Generated retrieval sets of shapes unlike the dev sets, each deterministic from a seed.

Every set is a list of :class:`~lembrar.evaluation.harness.Case` whose probes carry the gold
conversations (session ids) as a frozenset. Two template styles per set: ``dev`` (the phrasings
a ranker may be fitted and checked on) and ``heldout`` (other phrasings and draws, kept for the
final check only).

- ``calendar``: one dated conversation a day for thirteen months, in English and in Portuguese;
  questions name a month or a fuzzy distance ("about 7 months ago") and a topic that several
  conversations of other months share, so only the time tells the gold one apart.
- ``story``: a dated story of sixty chapters (EpMemBench's design: each chapter an episode at its
  event's date); questions cued by a date, a place, a person and/or an event, with 1–9 gold
  chapters.
- ``diary``: a sparse diary over four years with long gaps, written in English and Portuguese
  mixed; questions in either language name a season, a year or a distance in years.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lembrar.evaluation.harness import Answer, Case
from lembrar.evaluation.shapes import calendar, diary, story

STYLES = ("dev", "heldout")
GENERATORS: dict[str, Callable[[str, int], list[Case]]] = {
    "calendar": calendar.build_cases,
    "story": story.build_cases,
    "diary": diary.build_cases,
}


def build(name: str, style: str = "dev", seed: int = 7) -> list[Case]:
    """The cases of set ``name`` in template ``style``."""
    if name not in GENERATORS:
        raise ValueError(f"unknown set {name!r}; use one of {sorted(GENERATORS)}")
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; use one of {STYLES}")
    return GENERATORS[name](style, seed)


def first_distinct(sessions: Sequence[str | None], k: int) -> list[str]:
    """The first ``k`` distinct sessions of a ranking."""
    out: list[str] = []
    for session in sessions:
        if session is not None and session not in out:
            out.append(session)
            if len(out) == k:
                break
    return out


def score_answer(answer: Answer) -> dict[str, float | None]:
    """``first``: the first conversation is gold; ``all@5``: the top five distinct conversations
    hold every gold one (or are all gold, when there are more than five); ``any@5``."""
    gold: frozenset[str] = answer.probe.gold
    top = first_distinct([f.session_id for f in answer.found], 5)
    found = len(gold.intersection(top))
    return {
        "first": float(bool(top) and top[0] in gold),
        "all@5": float(found == min(5, len(gold))),
        "any@5": float(found > 0),
    }


__all__ = ["GENERATORS", "STYLES", "build", "first_distinct", "score_answer"]
