"""LongMemEval reader: the first questions of the real file, and clear errors on bad input."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lembrar.errors import ImportFormatError
from lembrar.evaluation.data import FILES, data_root
from lembrar.importers import reader
from lembrar.importers.longmemeval import load_longmemeval, parse_date, read_longmemeval

ROOT = data_root(Path(__file__).resolve().parent)
REAL = ROOT / FILES["longmemeval"] if ROOT else None
needs_data = pytest.mark.skipif(
    REAL is None or not REAL.exists(), reason="LongMemEval data not found"
)


def _record(**changes):
    record = {
        "question_id": "q1",
        "question_type": "single-session-user",
        "question": "Where did I go?",
        "answer": "Lisbon",
        "question_date": "2023/05/30 (Tue) 23:40",
        "haystack_session_ids": ["s1", "answer_s2"],
        "haystack_dates": ["2023/05/20 (Sat) 07:47", "2023/05/21 (Sun) 08:00"],
        "haystack_sessions": [
            [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
            [
                {"role": "user", "content": "I went to Lisbon", "has_answer": True},
                {"role": "assistant", "content": "  "},
                {"role": "assistant", "content": "Nice!", "has_answer": False},
            ],
        ],
        "answer_session_ids": ["answer_s2"],
    }
    record.update(changes)
    return record


def _write(tmp_path, records, name="data.json"):
    path = tmp_path / name
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_dates_are_read_as_utc():
    assert parse_date("2023/05/30 (Tue) 23:40") == datetime(2023, 5, 30, 23, 40, tzinfo=UTC)


def test_a_question_and_its_haystack(tmp_path):
    (question,) = load_longmemeval(_write(tmp_path, [_record()]))
    assert question.question_date == datetime(2023, 5, 30, 23, 40, tzinfo=UTC)
    assert [s.session_id for s in question.sessions] == ["s1", "answer_s2"]
    assert question.gold_turn_ids == {"answer_s2_1"}
    assert [t.turn_id for t in question.sessions[1].turns] == [
        "answer_s2_1",
        "answer_s2_3",
    ]  # blank turn skipped
    assert not question.is_abstention


def test_episodes_carry_what_scoring_needs(tmp_path):
    items = list(read_longmemeval(_write(tmp_path, [_record()])))
    assert len(items) == 4
    gold = items[2]
    assert (
        gold.user_id == "longmemeval:q1" and gold.role == "user" and gold.session_id == "answer_s2"
    )
    assert gold.at == datetime(2023, 5, 21, 8, 0, tzinfo=UTC)
    assert gold.metadata == {
        "question_id": "q1",
        "turn_id": "answer_s2_1",
        "turn": 1,
        "has_answer": True,
    }
    assert {i.user_id for i in read_longmemeval(_write(tmp_path, [_record()]), user_id="me")} == {
        "me"
    }


def test_json_lines_gzip_and_limit(tmp_path):
    path = tmp_path / "data.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for n in range(3):
            out.write(json.dumps(_record(question_id=f"q{n}")) + "\n")
    assert [q.question_id for q in load_longmemeval(path, limit=2)] == ["q0", "q1"]
    assert reader("longmemeval") is read_longmemeval


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"question_date": "30 May 2023"}, "question_date"),
        ({"haystack_dates": ["2023/05/20 (Sat) 07:47"]}, "haystack_sessions"),
        ({"question": 5}, "question"),
        ({"haystack_sessions": [[{"role": "user"}], []]}, "content"),
        ({"haystack_sessions": [[{"role": "robot", "content": "x"}], []]}, "role"),
    ],
)
def test_malformed_records_name_the_record_and_field(tmp_path, changes, field):
    with pytest.raises(ImportFormatError) as caught:
        load_longmemeval(_write(tmp_path, [_record(), _record(**changes)]))
    assert caught.value.line == 2 and caught.value.field == field


def test_broken_json_names_its_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(_record()) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(ImportFormatError) as caught:
        load_longmemeval(path)
    assert caught.value.line == 2


@needs_data
def test_first_questions_of_the_real_file():
    questions = load_longmemeval(REAL, limit=3)
    assert len(questions) == 3
    first = questions[0]
    assert first.question_type == "single-session-user"
    assert 400 < first.turn_count < 600
    assert first.gold_turn_ids and all(
        t.rsplit("_", 1)[0] in first.answer_session_ids for t in first.gold_turn_ids
    )
    assert all(s.at <= first.question_date for s in first.sessions)
    items = first.episodes()
    assert len(items) == first.turn_count
    assert sum(i.metadata["has_answer"] for i in items) == len(first.gold_turn_ids)
