"""LongMemEval (Wu et al., ICLR 2025): one question per record, each with its own haystack.

A record holds ``haystack_sessions`` (lists of ``{role, content, has_answer?}`` turns), their
``haystack_session_ids`` and ``haystack_dates`` (``2023/05/30 (Tue) 23:40``, read as UTC).
Every turn becomes one message episode dated with its session's date. Turn ids follow the
benchmark's own convention, ``<session id>_<1-based turn number>``. Blank turns are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from lembrar.errors import ImportFormatError
from lembrar.importers import episodes_of, parse_records, require_field, utc_datetime
from lembrar.model.inputs import EpisodeIn

QUESTION_TYPES = (
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "multi-session",
    "knowledge-update",
    "temporal-reasoning",
)
_DATE = re.compile(r"^(\d{4})/(\d{2})/(\d{2}) \((\w{3})\) (\d{2}):(\d{2})$")
_ROLES = ("user", "assistant")


@dataclass(frozen=True)
class LongMemEvalTurn:
    turn_id: str
    number: int
    role: str
    content: str
    has_answer: bool


@dataclass(frozen=True)
class LongMemEvalSession:
    session_id: str
    at: datetime
    turns: tuple[LongMemEvalTurn, ...]


@dataclass(frozen=True)
class LongMemEvalQuestion:
    """One benchmark question with the haystack it must be answered from."""

    question_id: str
    question_type: str
    question: str
    answer: str
    question_date: datetime
    answer_session_ids: tuple[str, ...]
    sessions: tuple[LongMemEvalSession, ...]

    @property
    def is_abstention(self) -> bool:
        return self.question_id.endswith("_abs")

    @property
    def gold_turn_ids(self) -> frozenset[str]:
        """Turns marked ``has_answer`` (of either role)."""
        return frozenset(t.turn_id for s in self.sessions for t in s.turns if t.has_answer)

    @property
    def turn_count(self) -> int:
        return sum(len(s.turns) for s in self.sessions)

    def default_user_id(self) -> str:
        return f"longmemeval:{self.question_id}"

    def episodes(self, user_id: str | None = None) -> list[EpisodeIn]:
        """Every turn of the haystack as a message episode in scope ``user_id``."""
        scope = user_id or self.default_user_id()
        return [
            EpisodeIn(
                user_id=scope,
                content=turn.content,
                role=turn.role,
                session_id=session.session_id,
                at=session.at,
                metadata={
                    "question_id": self.question_id,
                    "turn_id": turn.turn_id,
                    "turn": turn.number,
                    "has_answer": turn.has_answer,
                },
            )
            for session in self.sessions
            for turn in session.turns
        ]


def parse_date(text: str, line: int = 0, field: str = "date") -> datetime:
    """``2023/05/30 (Tue) 23:40`` as an aware UTC datetime."""
    match = _DATE.match(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise ImportFormatError(
            line, field, f"expected a date like '2023/05/30 (Tue) 23:40', got {text!r}"
        )
    year, month, day, _, hour, minute = match.groups()
    parts = (int(year), int(month), int(day), int(hour), int(minute))
    return utc_datetime(parts, text, line, field)


def load_longmemeval(path: str | Path, limit: int | None = None) -> list[LongMemEvalQuestion]:
    """The questions of a LongMemEval JSON / JSON.gz / JSON Lines file, in file order."""
    return parse_records(path, limit, parse_question)


def read_longmemeval(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    """Episodes of every question's haystack; one scope per question unless ``user_id`` is given."""
    yield from episodes_of(load_longmemeval(path, limit), user_id)


def parse_question(record: Any, line: int) -> LongMemEvalQuestion:
    """One record; ``line`` is its 1-based position, used in error messages."""
    qtype = require_field(record, "question_type", str, line)
    ids = require_field(record, "haystack_session_ids", list, line)
    dates = require_field(record, "haystack_dates", list, line)
    sessions = require_field(record, "haystack_sessions", list, line)
    if not len(ids) == len(dates) == len(sessions):
        raise ImportFormatError(
            line, "haystack_sessions", "haystack ids, dates and sessions differ in length"
        )
    answer = record.get("answer", "")
    return LongMemEvalQuestion(
        question_id=require_field(record, "question_id", str, line),
        question_type=qtype,
        question=require_field(record, "question", str, line),
        answer=answer if isinstance(answer, str) else str(answer),
        question_date=parse_date(
            require_field(record, "question_date", str, line), line, "question_date"
        ),
        answer_session_ids=tuple(require_field(record, "answer_session_ids", list, line)),
        sessions=tuple(
            _session(sid, date, turns, line) for sid, date, turns in zip(ids, dates, sessions)
        ),
    )


def _session(session_id: Any, date: Any, turns: Any, line: int) -> LongMemEvalSession:
    if not isinstance(session_id, str) or not session_id:
        raise ImportFormatError(
            line, "haystack_session_ids", f"expected a session id string, got {session_id!r}"
        )
    if not isinstance(turns, list):
        raise ImportFormatError(
            line, "haystack_sessions", f"session {session_id!r} is not a list of turns"
        )
    parsed = (_turn(session_id, number, turn, line) for number, turn in enumerate(turns, start=1))
    return LongMemEvalSession(
        session_id, parse_date(date, line, "haystack_dates"), tuple(t for t in parsed if t)
    )


def _turn(session_id: str, number: int, turn: Any, line: int) -> LongMemEvalTurn | None:
    role = require_field(turn, "role", str, line)
    content = require_field(turn, "content", str, line)
    if role not in _ROLES:
        raise ImportFormatError(
            line, "role", f"turn {session_id}_{number} has role {role!r}; use user or assistant"
        )
    if not content.strip():
        return None
    return LongMemEvalTurn(
        f"{session_id}_{number}", number, role, content, bool(turn.get("has_answer"))
    )
