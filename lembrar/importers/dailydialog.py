"""DailyDialog: one dialogue per line, turns separated by ``__eou__``, topics in a sibling file.

The source text is tokenized (``driver ’ s license , as``); ``detokenize`` joins it back.
DailyDialog has no dates, so each dialogue gets an artificial one (the setting of the third
source paper): one dialogue a day, the last one on the day before ``end``, at a fixed hour
derived from its position. Each dialogue becomes one text episode (one vector per dialogue).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lembrar.errors import ImportFormatError
from lembrar.importers import read_text
from lembrar.model.inputs import EpisodeIn

TOPICS = {
    1: "ordinary life",
    2: "school life",
    3: "culture & education",
    4: "attitude & emotion",
    5: "relationship",
    6: "tourism",
    7: "health",
    8: "work",
    9: "politics",
    10: "finance",
}
END_OF_UTTERANCE = "__eou__"
#: The fixed "now" of the DailyDialog setting: Saturday 15 June 2024, 18:00 UTC.
DEFAULT_END = datetime(2024, 6, 15, 18, 0, tzinfo=UTC)

_SPACE_BEFORE = re.compile(r"\s+([.,?!;:%)\]])")
_SPACE_AFTER = re.compile(r"([(\[$])\s+")
_APOSTROPHE = re.compile(r"(\w) ?([’']) ?(s|t|m|ll|re|ve|d)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Dialogue:
    number: int  # 1-based line number in the source file
    turns: tuple[str, ...]
    topic: int | None
    at: datetime

    @property
    def topic_name(self) -> str | None:
        return TOPICS.get(self.topic) if self.topic is not None else None

    @property
    def text(self) -> str:
        return "\n".join(self.turns)

    @property
    def session_id(self) -> str:
        return f"dailydialog-{self.number}"


def detokenize(text: str) -> str:
    """Undo the data set's spaced punctuation: ``license , as`` -> ``license, as``."""
    text = _APOSTROPHE.sub(r"\1\2\3", text.strip())
    return _SPACE_AFTER.sub(r"\1", _SPACE_BEFORE.sub(r"\1", text))


def dialogue_dates(count: int, end: datetime = DEFAULT_END) -> list[datetime]:
    """One instant a day for ``count`` dialogues, the last on the day before ``end``."""
    if end.tzinfo is None:
        raise ValueError("end must be timezone-aware")
    first_day = end.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=count)
    return [
        first_day + timedelta(days=i, hours=8 + (i * 7) % 13, minutes=(i * 17) % 60)
        for i in range(count)
    ]


def topics_path(path: str | Path) -> Path:
    """The topic file beside a dialogue file (``*_text*.txt`` -> ``*_topic.txt``)."""
    path = Path(path)
    name = re.sub(r"_text(_[A-Za-z]+)?\.txt$", "_topic.txt", path.name)
    return path.with_name(name)


def load_dailydialog(
    path: str | Path,
    limit: int | None = None,
    end: datetime = DEFAULT_END,
    topics: str | Path | None = None,
) -> list[Dialogue]:
    """The dialogues of a DailyDialog text file, dated one a day up to ``end``."""
    lines = read_text(path).splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    labels = _topics(Path(topics) if topics else topics_path(path), len(lines))
    dates = dialogue_dates(len(lines), end)
    dialogues = [
        _dialogue(n, line, labels[n - 1], dates[n - 1]) for n, line in enumerate(lines, start=1)
    ]
    return dialogues if limit is None else dialogues[:limit]


def read_dailydialog(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    """One text episode per dialogue, dated as ``load_dailydialog`` does, in scope ``user_id``."""
    for dialogue in load_dailydialog(path, limit):
        yield dialogue_episode(dialogue, user_id or "dailydialog")


def dialogue_episode(dialogue: Dialogue, user_id: str) -> EpisodeIn:
    metadata = {"dialogue": dialogue.number, "topic": dialogue.topic_name}
    return EpisodeIn(
        user_id=user_id,
        content=dialogue.text,
        session_id=dialogue.session_id,
        at=dialogue.at,
        metadata=metadata,
    )


def _dialogue(number: int, line: str, topic: int | None, at: datetime) -> Dialogue:
    turns = tuple(detokenize(t) for t in line.split(END_OF_UTTERANCE) if t.strip())
    if not turns:
        raise ImportFormatError(
            number, "dialogue", f"no turns (expected utterances ending in {END_OF_UTTERANCE})"
        )
    return Dialogue(number, turns, topic, at)


def _topics(path: Path, count: int) -> list[int | None]:
    """Topic labels by line; all ``None`` when the file is absent."""
    if not path.exists():
        return [None] * count
    labels = read_text(path).split()
    if len(labels) < count:
        raise ImportFormatError(
            len(labels) + 1, "topic", f"{path.name} has {len(labels)} labels for {count} dialogues"
        )
    out: list[int | None] = []
    for number, label in enumerate(labels[:count], start=1):
        if not label.isdigit() or int(label) not in TOPICS:
            raise ImportFormatError(number, "topic", f"expected a topic number 1-10, got {label!r}")
        out.append(int(label))
    return out
