"""Time phrases in languages the grammar does not cover, read by dateparser for users who
declared such a language (the ``[dates]`` extra)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.temporal import delegate, parse_time

pytest.importorskip("dateparser")

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 11, 22, 15, 0, tzinfo=BERLIN)  # a Sunday


def days(query) -> list[tuple[date, date, str]]:
    return [(w.start.date(), w.end.date(), w.granularity) for w in query.windows]


@pytest.mark.parametrize(
    ("language", "text", "window", "stripped"),
    [
        (
            "de",
            "Was habe ich gestern gekauft?",
            (date(2026, 11, 21), date(2026, 11, 22), "day"),
            "Was habe ich gekauft?",
        ),
        (
            "de",
            "Was habe ich vor zwei Wochen gekauft?",
            (date(2026, 11, 5), date(2026, 11, 12), "week"),
            "Was habe ich gekauft?",
        ),
        (
            "de",
            "Im Mai war ich in Berlin",
            (date(2026, 5, 1), date(2026, 6, 1), "month"),
            "war ich in Berlin",
        ),
        (
            "de",
            "Was habe ich letzten Monat gegessen?",
            (date(2026, 10, 1), date(2026, 11, 1), "month"),
            "Was habe ich gegessen?",
        ),
        ("de", "Was war 2024?", (date(2024, 1, 1), date(2025, 1, 1), "year"), "Was war?"),
        (
            "it",
            "Di cosa abbiamo parlato ieri sera?",
            (date(2026, 11, 21), date(2026, 11, 22), "day"),
            "Di cosa abbiamo parlato sera?",
        ),
        (
            "nl",
            "Wat hebben we vorige week besproken?",
            (date(2026, 11, 12), date(2026, 11, 19), "week"),
            "Wat hebben we besproken?",
        ),
        (
            "ru",
            "Что я купил две недели назад?",
            (date(2026, 11, 5), date(2026, 11, 12), "week"),
            "Что я купил?",
        ),
    ],
)
def test_a_declared_language_outside_the_grammar_is_read_by_dateparser(
    language, text, window, stripped
):
    parsed = parse_time(text, NOW, "Europe/Berlin", language=language)
    assert days(parsed) == [window]
    assert parsed.stripped == stripped
    assert parsed.windows[0].start.tzinfo is not None and parsed.windows[0].phrase in text


def test_without_the_language_those_phrases_find_nothing():
    assert parse_time("Was habe ich vor zwei Wochen gekauft?", NOW, "Europe/Berlin").windows == ()


def test_the_grammar_reads_first_and_the_users_language_only_fills_in():
    english = parse_time("What did I buy yesterday?", NOW, "Europe/Berlin", language="de")
    assert days(english) == [(date(2026, 11, 21), date(2026, 11, 22), "day")]
    # Portuguese is ours: the grammar alone reads a Portuguese user's text, so Italian stays text.
    assert (
        parse_time("Di cosa abbiamo parlato ieri?", NOW, "Europe/Berlin", language="pt-BR").windows
        == ()
    )


@pytest.mark.parametrize(
    "text", ["Ich habe 3 Katzen", "Wie geht es dir?", "Was machen wir morgen?"]
)
def test_bare_numbers_plain_sentences_and_the_future_give_no_window(text):
    assert parse_time(text, NOW, "Europe/Berlin", language="de").windows == ()


def test_windows_follow_the_users_zone_across_a_dst_change():
    # 2026-10-25: Berlin leaves summer time; "vor vier Wochen" is a week centred on 25 October.
    parsed = parse_time("Was war vor vier Wochen?", NOW, "Europe/Berlin", language="de")
    [window] = parsed.windows
    assert window.start.utcoffset() == timedelta(hours=2) and window.end.utcoffset() == timedelta(
        hours=1
    )
    assert window.end.astimezone(UTC) - window.start.astimezone(UTC) == timedelta(days=7, hours=1)


def test_who_reads_a_language():
    assert [
        delegate.time_reader(lang) for lang in (None, "pt-BR", "FR", "de", "ru", "xx", "german")
    ] == ["lembrar", "lembrar", "lembrar", "dateparser", "dateparser", None, None]
    assert delegate.time_reader_note("de") == "time phrases read by dateparser"
    assert "lembrar reads en, pt, es, fr" in delegate.time_reader_note("xx")


def test_without_the_extra_a_language_outside_the_grammar_says_what_to_install(monkeypatch):
    monkeypatch.setattr(delegate, "installed", lambda: False)
    assert delegate.time_reader("de") is None and delegate.time_reader("fr") == "lembrar"
    assert delegate.time_reader_note("de") == "its time phrases need pip install 'lembrar[dates]'"
    assert parse_time("Was war gestern?", NOW, "Europe/Berlin", language="de").windows == ()


def test_memory_search_reads_a_german_users_time_phrase(tmp_path):
    clock = lambda: NOW  # noqa: E731
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock) as memory:
        memory.set_user("hans", timezone="Europe/Berlin", language="de")
        memory.add("Ich habe Laufschuhe gekauft", user_id="hans", at=NOW - timedelta(days=14))
        memory.add(
            "Ich habe heute Laufschuhe und Socken gekauft",
            user_id="hans",
            at=NOW - timedelta(hours=3),
        )
        result = memory.retrieve("Was habe ich vor zwei Wochen gekauft?", "hans", k=2)
        assert [w.phrase for w in result.time.windows] == ["vor zwei Wochen"]
        assert result.semantic_query == "Was habe ich gekauft?"
        assert result.hits[0].episode.content == "Ich habe Laufschuhe gekauft"
        assert (
            result.hits[0].signals["time_score"] == 1.0
            and result.hits[1].signals["time_score"] < 0.5
        )
