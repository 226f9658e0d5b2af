"""DailyDialog question generation: deterministic, and its gold dates right by construction."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from lembrar.evaluation.dialogue_questions import KINDS, generate_questions, phrase_for, topic_cues
from lembrar.importers.dailydialog import DEFAULT_END, Dialogue, dialogue_dates

TODAY = date(2024, 6, 15)  # a Saturday


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


def test_generation_is_deterministic():
    dialogues = _synthetic()
    first = generate_questions(dialogues, DEFAULT_END, 60, seed=3)
    assert first == generate_questions(dialogues, DEFAULT_END, 60, seed=3)
    assert first != generate_questions(dialogues, DEFAULT_END, 60, seed=4)


def test_gold_is_the_dialogue_and_its_date():
    dialogues = _synthetic()
    by_number = {d.number: d for d in dialogues}
    for question in generate_questions(dialogues, DEFAULT_END, 120):
        assert question.gold_at == by_number[question.dialogue].at
        assert question.kind in KINDS


def test_truthful_phrases_cover_the_gold_day_and_wrong_ones_do_not():
    questions = generate_questions(_synthetic(), DEFAULT_END, 150)
    for q in questions:
        if q.phrase is None:
            assert q.kind == "topic"
            continue
        covered = (
            q.phrase.day <= q.gold_at.date() < q.phrase.day + timedelta(days=q.phrase.span_days)
        )
        assert covered == q.truthful, q
        assert q.phrase.text.lower() in q.text.lower()


def test_every_kind_and_many_phrase_kinds_occur():
    questions = generate_questions(_synthetic(), DEFAULT_END, 200)
    assert {q.kind for q in questions} == set(KINDS)
    assert len({q.phrase.kind for q in questions if q.phrase}) >= 7


def test_questions_carry_their_cue():
    for q in generate_questions(_synthetic(), DEFAULT_END, 40):
        if q.kind != "time":
            assert q.cue and q.cue.split(" and ")[0] in q.text


@pytest.mark.parametrize(
    "kind, day, text",
    [
        ("yesterday", date(2024, 6, 14), "yesterday"),
        ("days_ago", date(2024, 6, 12), "three days ago"),
        ("days_ago", date(2024, 6, 3), "12 days ago"),
        ("weeks_ago", date(2024, 6, 1), "two weeks ago"),
        ("weeks_ago", date(2024, 5, 31), "about two weeks ago"),
        ("months_ago", date(2023, 6, 15), "12 months ago"),
        ("months_ago", date(2023, 6, 13), "about 12 months ago"),
        ("last_weekday", date(2024, 6, 9), "last Sunday"),
        ("last_weekday", date(2024, 6, 12), "last Wednesday"),
        ("last_week", date(2024, 6, 5), "last week"),
        ("last_month", date(2024, 5, 20), "last month"),
        ("in_month", date(2024, 3, 9), "in March"),
        ("in_month", date(2023, 3, 9), "in March 2023"),
        ("on_date", date(2024, 3, 3), "on March 3"),
        ("on_date", date(2022, 3, 3), "on March 3, 2022"),
    ],
)
def test_phrases_for_a_fixed_today(kind, day, text):
    phrase = phrase_for(kind, day, TODAY)
    assert phrase is not None and phrase.text == text
    assert phrase.day <= day < phrase.day + timedelta(days=phrase.span_days)


@pytest.mark.parametrize(
    "kind, day",
    [
        ("yesterday", date(2024, 6, 13)),
        ("days_ago", date(2024, 5, 30)),
        (
            "weeks_ago",
            date(2024, 6, 4),
        ),  # 11 days: not within a day of a whole number of weeks >= 2
        ("last_weekday", date(2024, 6, 8)),  # a week ago: "last Saturday" is ambiguous
        ("last_week", date(2024, 6, 10)),  # this week
        ("in_month", date(2024, 5, 2)),  # last month has its own phrase
        ("on_date", date(2024, 6, 14)),
    ],
)
def test_ambiguous_phrases_are_not_produced(kind, day):
    assert phrase_for(kind, day, TODAY) is None


def test_dialogue_dates_are_one_a_day_ending_yesterday():
    dates = dialogue_dates(1000, DEFAULT_END)
    assert dates[-1].date() == DEFAULT_END.date() - timedelta(days=1)
    assert all((b.date() - a.date()).days == 1 for a, b in zip(dates, dates[1:]))
    assert all(d.tzinfo is not None for d in dates)


def test_topic_cues_prefer_rare_repeated_words():
    dialogues = _synthetic(16)
    extra = Dialogue(
        99,
        ("The zeppelin flew over the number houses.", "A zeppelin? Wow."),
        1,
        datetime(2024, 1, 1, tzinfo=UTC),
    )
    cues = topic_cues([*dialogues, extra])
    assert cues[99][0] == "zeppelin"
    assert "number" not in cues[99]  # in every dialogue: not a cue while rarer words exist


def test_real_dialogues_give_the_same_questions_every_time(dialogues):
    first = generate_questions(dialogues, DEFAULT_END, 50)
    assert first == generate_questions(dialogues, DEFAULT_END, 50)
    by_number = {d.number: d for d in dialogues}
    for q in first:
        assert q.gold_at == by_number[q.dialogue].at
        if q.cue:
            assert q.cue.split(" and ")[0] in by_number[q.dialogue].text.lower()
