"""LoCoMo (Maharana et al., ACL 2024): very long two-person conversations with QA items.

Each record has ``conversation`` (``speaker_a``, ``speaker_b``, ``session_N`` turn lists and
``session_N_date_time`` such as ``1:56 pm on 8 May, 2023``, read as UTC) and ``qa`` items whose
``evidence`` names the turns (``D3:12`` = session 3, turn 12) that answer them.

Mapping: every turn is a message episode with ``speaker`` = the speaker's name and ``role``
``user`` for ``speaker_a`` and ``assistant`` for ``speaker_b`` (the engine's roles are
user/assistant; LoCoMo has two people, so the first speaker plays the user). A shared image
is kept as its caption, appended to the text as ``[shared a photo: ...]``. Evidence ids that
are malformed (``D:11:26``, ``D8:6; D9:17``) or name no turn of the conversation are skipped and
listed in ``LocomoQA.skipped_evidence``.
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
from lembrar.temporal import lexicon_en

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
_SESSION = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"^D(\d+):(\d+)$")
_DATE = re.compile(
    r"^(\d{1,2}):(\d{2})\s*([ap]m) on (\d{1,2}) ([A-Za-z]+),? (\d{4})$", re.IGNORECASE
)
_MONTHS = lexicon_en.LEXICON.months


@dataclass(frozen=True)
class LocomoTurn:
    dia_id: str
    speaker: str
    text: str
    caption: str | None = None

    @property
    def content(self) -> str:
        return f"{self.text} [shared a photo: {self.caption}]" if self.caption else self.text


@dataclass(frozen=True)
class LocomoSession:
    number: int
    at: datetime
    turns: tuple[LocomoTurn, ...]


@dataclass(frozen=True)
class LocomoQA:
    question: str
    answer: str
    category: int
    evidence: tuple[str, ...]
    skipped_evidence: tuple[str, ...] = ()

    @property
    def category_name(self) -> str:
        return CATEGORIES.get(self.category, str(self.category))

    @property
    def evidence_sessions(self) -> frozenset[int]:
        return frozenset(session_of(dia_id) for dia_id in self.evidence)


@dataclass(frozen=True)
class LocomoConversation:
    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[LocomoSession, ...]
    qa: tuple[LocomoQA, ...]

    @property
    def now(self) -> datetime:
        """The date of the last session: the benchmark's "now" for every question."""
        return max(s.at for s in self.sessions)

    @property
    def skipped_evidence(self) -> int:
        return sum(len(q.skipped_evidence) for q in self.qa)

    def default_user_id(self) -> str:
        return f"locomo:{self.sample_id}"

    def session_id(self, number: int) -> str:
        return f"{self.sample_id}-session_{number}"

    def episodes(self, user_id: str | None = None) -> list[EpisodeIn]:
        scope = user_id or self.default_user_id()
        return [
            EpisodeIn(
                user_id=scope,
                content=turn.content,
                role="user" if turn.speaker == self.speaker_a else "assistant",
                speaker=turn.speaker,
                session_id=self.session_id(session.number),
                at=session.at,
                metadata={
                    "sample_id": self.sample_id,
                    "dia_id": turn.dia_id,
                    "session": session.number,
                },
            )
            for session in self.sessions
            for turn in session.turns
        ]


def session_of(dia_id: str) -> int:
    """The session number of a well-formed dialogue id (``D3:12`` -> 3)."""
    match = _DIA_ID.match(dia_id)
    if match is None:
        raise ValueError(f"malformed dialogue id {dia_id!r}")
    return int(match.group(1))


def parse_date(text: Any, line: int = 0, field: str = "session_date_time") -> datetime:
    """``1:56 pm on 8 May, 2023`` as an aware UTC datetime."""
    match = _DATE.match(text.strip()) if isinstance(text, str) else None
    month = _MONTHS.get(match.group(5).lower()) if match else None
    if match is None or month is None:
        raise ImportFormatError(
            line, field, f"expected a date like '1:56 pm on 8 May, 2023', got {text!r}"
        )
    hour, minute, half, day, _, year = match.groups()
    hour24 = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    return utc_datetime((int(year), month, int(day), hour24, int(minute)), text, line, field)


def load_locomo(path: str | Path, limit: int | None = None) -> list[LocomoConversation]:
    """The conversations of a LoCoMo JSON / JSON.gz / JSON Lines file, in file order."""
    return parse_records(path, limit, parse_conversation)


def read_locomo(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    """Episodes of every conversation; one scope per conversation unless ``user_id`` is given."""
    yield from episodes_of(load_locomo(path, limit), user_id)


def parse_conversation(record: Any, line: int) -> LocomoConversation:
    body = require_field(record, "conversation", dict, line)
    sample_id = str(record.get("sample_id") or f"conv-{line}").strip("'\"")
    speaker_a = require_field(body, "speaker_a", str, line)
    speaker_b = require_field(body, "speaker_b", str, line)
    numbers = sorted(int(m.group(1)) for key in body if (m := _SESSION.match(key)))
    sessions = tuple(_session(body, number, line) for number in numbers)
    if not any(s.turns for s in sessions):
        raise ImportFormatError(line, "conversation", "no session holds any turn")
    known = {turn.dia_id for s in sessions for turn in s.turns}
    items = require_field(record, "qa", list, line)
    qa = tuple(_qa(item, known, line) for item in items)
    return LocomoConversation(
        sample_id, speaker_a, speaker_b, tuple(s for s in sessions if s.turns), qa
    )


def _session(body: dict[str, Any], number: int, line: int) -> LocomoSession:
    turns = require_field(body, f"session_{number}", list, line)
    date = require_field(body, f"session_{number}_date_time", str, line)
    return LocomoSession(
        number,
        parse_date(date, line, f"session_{number}_date_time"),
        tuple(_turn(turn, line) for turn in turns),
    )


def _turn(turn: Any, line: int) -> LocomoTurn:
    dia_id = require_field(turn, "dia_id", str, line)
    if not _DIA_ID.match(dia_id):
        raise ImportFormatError(
            line, "dia_id", f"malformed dialogue id {dia_id!r}; expected like 'D3:12'"
        )
    caption = turn.get("blip_caption")
    return LocomoTurn(
        dia_id,
        require_field(turn, "speaker", str, line),
        require_field(turn, "text", str, line),
        caption if isinstance(caption, str) and caption.strip() else None,
    )


def _qa(item: Any, known: set[str], line: int) -> LocomoQA:
    category = require_field(item, "category", int, line)
    evidence = item.get("evidence") or []
    if not isinstance(evidence, list):
        raise ImportFormatError(line, "evidence", "expected a list of dialogue ids")
    keep = tuple(e for e in evidence if isinstance(e, str) and e in known)
    answer = item.get("answer", item.get("adversarial_answer", ""))
    return LocomoQA(
        question=require_field(item, "question", str, line),
        answer=answer if isinstance(answer, str) else str(answer),
        category=category,
        evidence=tuple(dict.fromkeys(keep)),
        skipped_evidence=tuple(str(e) for e in evidence if e not in keep),
    )
