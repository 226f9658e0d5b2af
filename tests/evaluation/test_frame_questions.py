"""Recollection questions for the frame dev sets: deterministic, four languages, the time phrase
read back to the gold day, and two template sets that share no phrasing."""

from __future__ import annotations

from lembrar.evaluation import frame_questions as fq
from lembrar.evaluation.frame_questions import LANGUAGES, frame_questions
from lembrar.importers.dailydialog import DEFAULT_END, Dialogue, dialogue_dates
from lembrar.retrieval.frames import set_aside
from lembrar.temporal import parse_time


def _synthetic(count: int = 400) -> list[Dialogue]:
    words = [
        "gasoline",
        "restaurant",
        "escrow",
        "volcano",
        "piano",
        "tennis",
        "passport",
        "mortgage",
    ]
    dates = dialogue_dates(count, DEFAULT_END)
    return [
        Dialogue(
            n,
            (f"I bought {words[n % len(words)]} number {n}.", "Really? Tell me more."),
            1,
            dates[n - 1],
        )
        for n in range(1, count + 1)
    ]


def test_generation_is_deterministic_and_spans_four_languages():
    dialogues = _synthetic()
    first = frame_questions(dialogues, DEFAULT_END, 80, seed=2)
    assert first == frame_questions(dialogues, DEFAULT_END, 80, seed=2)
    assert {q.kind for q in first} == set(LANGUAGES)
    assert [q.text for q in first] != [
        q.text for q in frame_questions(dialogues, DEFAULT_END, 80, style="unseen")
    ]


def test_each_question_holds_its_cue_and_a_phrase_read_back_to_the_gold_day():
    for style in ("dev", "unseen"):
        for q in frame_questions(_synthetic(), DEFAULT_END, 120, style=style):
            assert all(word in q.text for word in q.cue.split(" and ")), q.text
            if q.phrase is not None:
                windows = parse_time(q.text, DEFAULT_END, "UTC").windows
                assert any(w.distance(q.gold_at) <= w.tolerance for w in windows), q.text


def test_dev_and_unseen_templates_share_no_phrasing():
    for language in LANGUAGES:
        assert not set(fq._DEV[language]) & set(fq._UNSEEN[language])


def test_dev_questions_leave_little_but_the_topic_once_frames_are_set_aside():
    for q in frame_questions(_synthetic(), DEFAULT_END, 120):
        parsed = parse_time(q.text, DEFAULT_END, "UTC")
        topic = set_aside(parsed.stripped if parsed.windows else q.text).topic
        assert len(topic.split()) <= len(q.cue.split()) + 1, (q.text, topic)
