"""LoCoMo reader: the first conversation of the real file, evidence checks, clear errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lembrar.errors import ImportFormatError
from lembrar.evaluation.data import FILES, data_root
from lembrar.importers.locomo import load_locomo, parse_date, read_locomo, session_of

ROOT = data_root(Path(__file__).resolve().parent)
REAL = ROOT / FILES["locomo"] if ROOT else None
needs_data = pytest.mark.skipif(REAL is None or not REAL.exists(), reason="LoCoMo data not found")


def _record(**qa_changes):
    qa = {
        "question": "When did Ana swim?",
        "answer": "May 2023",
        "evidence": ["D1:2"],
        "category": 2,
    }
    qa.update(qa_changes)
    return {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Rui",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Rui!"},
                {
                    "speaker": "Rui",
                    "dia_id": "D1:2",
                    "text": "I swam today.",
                    "blip_caption": "a photo of a pool",
                },
            ],
            "session_2_date_time": "9:05 am on 20 June, 2023",
            "session_2": [{"speaker": "Ana", "dia_id": "D2:1", "text": "Back again."}],
            "session_3_date_time": "9:05 am on 21 June, 2023",  # a date without turns is ignored
        },
        "qa": [
            qa,
            {"question": "Trap?", "adversarial_answer": "x", "evidence": ["D2:1"], "category": 5},
        ],
    }


def _write(tmp_path, records):
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_dates_are_read_as_utc():
    assert parse_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_date("12:09 am on 2 June, 2023") == datetime(2023, 6, 2, 0, 9, tzinfo=UTC)


def test_conversation_turns_and_roles(tmp_path):
    (conversation,) = load_locomo(_write(tmp_path, [_record()]))
    assert [s.number for s in conversation.sessions] == [1, 2]
    assert conversation.now == datetime(2023, 6, 20, 9, 5, tzinfo=UTC)
    items = conversation.episodes()
    assert [(i.speaker, i.role) for i in items] == [
        ("Ana", "user"),
        ("Rui", "assistant"),
        ("Ana", "user"),
    ]
    assert items[1].content == "I swam today. [shared a photo: a photo of a pool]"
    assert items[1].metadata == {"sample_id": "conv-1", "dia_id": "D1:2", "session": 1}
    assert items[1].session_id == "conv-1-session_1"
    assert len(list(read_locomo(_write(tmp_path, [_record()])))) == 3


def test_malformed_and_unknown_evidence_is_skipped_and_counted(tmp_path):
    record = _record(evidence=["D1:2", "D:1:1", "D8:6; D9:17", "D7:7", "D1:2"])
    (conversation,) = load_locomo(_write(tmp_path, [record]))
    qa = conversation.qa[0]
    assert qa.evidence == ("D1:2",)
    assert qa.skipped_evidence == ("D:1:1", "D8:6; D9:17", "D7:7")
    assert conversation.skipped_evidence == 3
    assert qa.evidence_sessions == {1}
    assert conversation.qa[1].category_name == "adversarial" and conversation.qa[1].answer == "x"


def test_session_of_rejects_malformed_ids():
    assert session_of("D12:3") == 12
    with pytest.raises(ValueError):
        session_of("D:11:26")


@pytest.mark.parametrize(
    "mutate, field",
    [
        (
            lambda r: r["conversation"].update(session_1_date_time="yesterday"),
            "session_1_date_time",
        ),
        (lambda r: r["conversation"].pop("speaker_b"), "speaker_b"),
        (lambda r: r["conversation"]["session_1"][0].update(dia_id="1:1"), "dia_id"),
        (lambda r: r["qa"][0].pop("category"), "category"),
    ],
)
def test_malformed_records_name_the_record_and_field(tmp_path, mutate, field):
    bad = _record()
    mutate(bad)
    with pytest.raises(ImportFormatError) as caught:
        load_locomo(_write(tmp_path, [_record(), bad]))
    assert caught.value.line == 2 and caught.value.field == field


@needs_data
def test_first_conversation_of_the_real_file():
    (first,) = load_locomo(REAL, limit=1)
    assert (first.sample_id, first.speaker_a, first.speaker_b) == ("conv-26", "Caroline", "Melanie")
    assert len(first.sessions) == 19 and sum(len(s.turns) for s in first.sessions) == 419
    assert first.now == datetime(2023, 10, 22, 9, 55, tzinfo=UTC)
    assert len(first.qa) == 199


@needs_data
def test_malformed_evidence_ids_of_the_real_file():
    conversations = load_locomo(REAL)
    skipped = sorted(e for c in conversations for q in c.qa for e in q.skipped_evidence)
    assert skipped == ["D", "D10:19", "D8:6; D9:17", "D:11:26"]
