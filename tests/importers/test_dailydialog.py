"""DailyDialog reader: dialogues, topics, artificial dates, detokenized text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lembrar.errors import ImportFormatError
from lembrar.evaluation.data import FILES, data_root
from lembrar.importers.dailydialog import (
    DEFAULT_END,
    detokenize,
    dialogue_dates,
    load_dailydialog,
    read_dailydialog,
    topics_path,
)

ROOT = data_root(Path(__file__).resolve().parent)
REAL = ROOT / FILES["dailydialog"] if ROOT else None
needs_data = pytest.mark.skipif(
    REAL is None or not REAL.exists(), reason="DailyDialog data not found"
)


def _write(tmp_path, lines, topics=None):
    path = tmp_path / "dd_text_En.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if topics is not None:
        (tmp_path / "dd_topic.txt").write_text("\n".join(topics) + "\n", encoding="utf-8")
    return path


def test_detokenize_joins_spaced_punctuation():
    assert detokenize("I don ’ t know , it ’ s $ 5 . OK ? ") == "I don’t know, it’s $5. OK?"
    assert detokenize("Let ' s go ( now ) !") == "Let's go (now)!"


def test_topic_file_sits_beside_the_text_file():
    assert topics_path("/d/xdd_1k_dialogues_text_En.txt") == Path("/d/xdd_1k_dialogues_topic.txt")
    assert topics_path("/d/dialogues_text.txt") == Path("/d/dialogues_topic.txt")


def test_dialogues_turns_topics_and_dates(tmp_path):
    path = _write(tmp_path, ["Hi . __eou__ Hello ! __eou__", "Gas is dear . __eou__"], ["1", "10"])
    first, second = load_dailydialog(path)
    assert first.turns == ("Hi.", "Hello!") and first.topic_name == "ordinary life"
    assert second.topic_name == "finance"
    assert second.at.date() == DEFAULT_END.date() - timedelta(days=1)
    assert first.at.date() == DEFAULT_END.date() - timedelta(days=2)


def test_episodes_are_one_per_dialogue(tmp_path):
    path = _write(tmp_path, ["Hi . __eou__ Hello ! __eou__"])
    (item,) = read_dailydialog(path, user_id="u")
    assert item.content == "Hi.\nHello!" and item.role is None and item.user_id == "u"
    assert item.metadata == {"dialogue": 1, "topic": None}  # no topic file: no topic
    assert item.session_id == "dailydialog-1"


def test_dates_are_deterministic_and_aware():
    assert dialogue_dates(5) == dialogue_dates(5)
    with pytest.raises(ValueError):
        dialogue_dates(3, datetime(2024, 1, 1))


@pytest.mark.parametrize(
    "lines, topics, field, line",
    [
        (["Hi . __eou__", "   __eou__ "], None, "dialogue", 2),
        (["Hi . __eou__", "Yo . __eou__"], ["1", "x"], "topic", 2),
        (["Hi . __eou__", "Yo . __eou__"], ["1"], "topic", 2),
    ],
)
def test_malformed_input_names_the_line(tmp_path, lines, topics, field, line):
    with pytest.raises(ImportFormatError) as caught:
        load_dailydialog(_write(tmp_path, lines, topics))
    assert (caught.value.field, caught.value.line) == (field, line)


@needs_data
def test_the_real_file():
    dialogues = load_dailydialog(REAL)
    assert len(dialogues) == 1000
    assert dialogues[0].turns[0] == "I am very nervous about signing my escrow papers."
    assert dialogues[0].topic_name == "ordinary life"
    assert dialogues[-1].at < DEFAULT_END and dialogues[0].at == datetime(
        2021, 9, 19, 8, 0, tzinfo=UTC
    )
    assert len({d.at.date() for d in dialogues}) == 1000
    assert len(load_dailydialog(REAL, limit=5)) == 5
