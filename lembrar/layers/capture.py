"""``llm_capture``: a memory record written by the model for each exchange worth remembering.

The record follows the second source paper: the date, time, period of day, weekday and season
come from the clock (the user turn's time tags), the model writes only the short ``session``
label and the ``description``. It is stored as a ``record`` episode beside the raw turns, with
``metadata["derived_from"]`` naming the turns it was drawn from.

An exchange is a user message and the assistant message that answers it: added together, or
the reply added later (its user message is then found in the store). A user message is read
when its reply arrives, so a message nobody answered is not captured.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from lembrar.llm.steps import StepReport, attempt
from lembrar.model.episode import Episode
from lembrar.model.inputs import EpisodeIn
from lembrar.model.query import Filters
from lembrar.model.timetags import TimeTags

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.store.base import Store

__all__ = ["SOURCE", "Capture", "capture_records", "clock_fields", "exchanges"]

SOURCE = "llm_capture"
"""``metadata["source"]`` of the records this pipeline writes."""


@dataclass(frozen=True)
class Capture:
    """The records to store (as ``EpisodeIn``) and one report per exchange."""

    records: tuple[EpisodeIn, ...]
    steps: tuple[StepReport, ...]


def clock_fields(tags: TimeTags) -> dict[str, str]:
    """The record fields that come from the clock, in the user's zone."""
    return {
        "date": tags.local_date.isoformat(),
        "time": f"{tags.local:%H:%M}",
        "period": tags.period,
        "weekday": tags.weekday,
        "season": tags.season,
    }


def exchanges(
    episodes: Sequence[Episode], store: Store | None = None
) -> list[tuple[Episode, Episode]]:
    """Each assistant message with the user message it answers: the one right before it in
    ``episodes``, else (for the first one) the session's latest message in ``store``."""
    pairs = []
    for index, episode in enumerate(episodes):
        if episode.kind != "message" or episode.role != "assistant":
            continue
        before = episodes[index - 1] if index else _latest(store, episode)
        if before is not None and _answers(episode, before):
            pairs.append((before, episode))
    return pairs


def _latest(store: Store | None, episode: Episode) -> Episode | None:
    if store is None or episode.session_id is None:
        return None
    only = Filters(session_id=episode.session_id, kinds=("message",))
    page = store.list(episode.user_id, only, newest_first=True, limit=1, cursor=None)
    return page.items[0] if page.items else None


def _answers(reply: Episode, user: Episode) -> bool:
    return (
        user.kind == "message"
        and user.role == "user"
        and user.user_id == reply.user_id
        and user.session_id == reply.session_id
    )


def capture_records(
    llm: LLMClient | None, episodes: Sequence[Episode], store: Store | None = None
) -> Capture:
    """Ask the model about every exchange in ``episodes`` (see :func:`exchanges`); a failed call
    just writes no record."""
    records, steps = [], []
    for user, reply in exchanges(episodes, store):
        record, step = _capture(llm, user, reply)
        steps.append(step)
        if record is not None:
            records.append(record)
    return Capture(tuple(records), tuple(steps))


def _capture(
    llm: LLMClient | None, user: Episode, reply: Episode
) -> tuple[EpisodeIn | None, StepReport]:
    from lembrar.llm.prompts import memory_record

    tags = user.tags
    messages = memory_record.render(
        user.content, reply.content, when=tags.local, period=tags.period, season=tags.season
    )
    answer, step = attempt(
        "llm_capture", llm, lambda c: c.structured(messages, memory_record.RESPONSE)
    )
    if answer is None:
        return None, step
    if not answer.worth_remembering:
        return None, replace(step, detail="not worth remembering")
    record = {
        **clock_fields(tags),
        "session": answer.label or "conversation",
        "description": answer.description.strip(),
    }
    item = EpisodeIn(
        user_id=user.user_id,
        record=record,
        session_id=user.session_id,
        at=user.at,
        metadata=_provenance(llm, user, reply),
    )
    return item, replace(step, detail=answer.description.strip())


def _provenance(llm: Any, user: Episode, reply: Episode) -> dict[str, Any]:
    from lembrar.llm.prompts import memory_record

    return {
        "source": SOURCE,
        "derived_from": [user.id, reply.id],
        "prompt": f"memory_record/{memory_record.VERSION}",
        "model": getattr(getattr(llm, "config", None), "model", ""),
    }
