"""parse_time beyond single phrases: stripping, filters, "about", options and errors."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from lembrar.errors import ValidationError
from lembrar.model.timetags import DayPeriods
from lembrar.temporal import TimeQuery, TimeWindow, parse_time

TZ = "America/Sao_Paulo"
NOW = datetime(2024, 3, 13, 15, 30, tzinfo=ZoneInfo(TZ))


def local(value: str) -> datetime:
    return datetime.fromisoformat(value if " " in value else f"{value} 00:00").replace(
        tzinfo=ZoneInfo(TZ)
    )


def parse(text: str, **options) -> TimeQuery:
    return parse_time(text, NOW, TZ, **options)


NEGATIVES = [
    "the day I went to the Turbocharged Tuesdays auto racing event",
    "We love Taco Tuesdays at the office",
    "How many days ago did I attend a baking class?",
    "how many weeks ago did we talk about the trip",
    "We should meet the team",
    "We talked about the weather",
    "I may go to the party",
    "May I ask you something?",
    "This may take a while",
    "what you put in may be lost",
    "we march on regardless",
    "They will march to the square",
    "August said hello",
    "Ask June about it",
    "April is my cousin",
    "Kate and May went out",
    "I had second thoughts",
    "I take it once a day",
    "the weekly report is done",
    "sun and sat on the mat",
    "what is happening now",
    "the leaves fall slowly",
    "a hot spring in the mountains",
    "give me 1/2 of the cake",
    "the score was 3-4",
    "I paid 2023 dollars",
    "version 1.2.3 was released",
    "between 2 and 3 people came",
    "from 9 to 5 every day",
    "the last time we met",
    "next time bring snacks",
    "good morning everyone",
    "he is 30 years old",
    "el mar es azul",
    "hace frío aquí",
    "Julio dijo hola",
    "un día de estos te llamo",
    "la mer est calme, le ciel aussi",
    "il a été très gentil",
    "mars est une planète",
    "le café est chaud",
    "ele chegou tarde",
    "a segunda vez que fui",
    "a segunda opção é melhor",
    "quarta parte do bolo",
    "ele faz tudo sozinho",
    "fui a Natal de avião",
    "um dia vou viajar",
    "há três pessoas na sala",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_time_reference(text):
    query = parse(text)
    assert query.windows == ()
    assert not query.has_time
    assert query.phrases == ()
    assert query.stripped == text


def test_enough_negatives():
    assert len(NEGATIVES) >= 25


def test_untouched_text_only_has_whitespace_normalised():
    assert parse("  lots   of \n space  ").stripped == "lots of space"


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ("what did we talk about last Sunday?", "what did we talk about?"),
        ("Yesterday, we went to the cinema.", "we went to the cinema."),
        ("we met in March, at the lake", "we met, at the lake"),
        ("what did we talk about two weeks ago", "what did we talk about"),
        ("remind me what we discussed two weeks ago or so", "remind me what we discussed"),
        ("what did I eat on Saturday mornings?", "what did I eat?"),
        ("today's special was fish", "special was fish"),
        ("o que conversamos há duas semanas?", "o que conversamos?"),
        ("o que comemos no domingo à tarde?", "o que comemos?"),
        ("¿Qué hicimos el domingo pasado?", "¿Qué hicimos?"),
        ("qu'est-ce qu'on a fait hier soir ?", "qu'est-ce qu'on a fait?"),
        ("Quem estava lá ontem e anteontem?", "Quem estava lá e?"),
    ],
)
def test_stripped_text(text, stripped):
    assert parse(text).stripped == stripped


def test_phrases_in_order_with_their_windows():
    query = parse("yesterday and last Sunday I cooked")
    assert query.phrases == ("yesterday", "last Sunday")
    assert [w.start for w in query.windows] == [local("2024-03-12"), local("2024-03-10")]
    assert query.stripped == "and I cooked"


@pytest.mark.parametrize(
    ("text", "periods"),
    [
        ("in the afternoon", {"afternoon"}),
        ("in the morning", {"morning"}),
        ("at night", {"night"}),
        ("à tarde", {"afternoon"}),
        ("de manhã", {"morning"}),
        ("à noite", {"evening", "night"}),
        ("por la tarde", {"afternoon"}),
        ("por la noche", {"evening", "night"}),
        ("le soir", {"evening"}),
        ("le matin", {"morning"}),
    ],
)
def test_period_filters(text, periods):
    query = parse(f"what did we eat {text}")
    assert query.periods == periods
    assert query.windows == () and query.weekdays == frozenset()
    assert query.has_time
    assert query.stripped == "what did we eat"


@pytest.mark.parametrize(
    ("text", "weekdays"),
    [
        ("on a Saturday", {5}),
        ("on Saturdays", {5}),
        ("every Monday", {0}),
        ("every Monday and Tuesday", {0, 1}),
        ("on Mondays, Wednesdays and Fridays", {0, 2, 4}),
        ("num sábado", {5}),
        ("aos domingos", {6}),
        ("às segundas", {0}),
        ("un sábado", {5}),
        ("los lunes", {0}),
        ("un samedi", {5}),
        ("tous les dimanches", {6}),
    ],
)
def test_weekday_filters(text, weekdays):
    query = parse(f"we went out {text}")
    assert query.weekdays == weekdays
    assert query.windows == ()


def test_weekday_and_period_filters_together():
    query = parse("what did I do on Saturday mornings")
    assert (query.weekdays, query.periods) == ({5}, {"morning"})
    query = parse("un samedi soir")
    assert (query.weekdays, query.periods) == ({5}, {"evening"})
    query = parse("los sábados por la tarde")
    assert (query.weekdays, query.periods) == ({5}, {"afternoon"})


@pytest.mark.parametrize(
    "text", ["last month on a Saturday", "on a Saturday last month", "no mês passado, num sábado"]
)
def test_a_weekday_inside_a_month_is_a_filter_on_that_month(text):
    query = parse(f"we hiked {text}")
    assert [(w.start, w.end) for w in query.windows] == [(local("2024-02-01"), local("2024-03-01"))]
    assert query.weekdays == {5}
    assert query.stripped == "we hiked"


def test_a_weekday_next_to_a_week_picks_its_day_and_keeps_a_period():
    query = parse("what did we cook two weeks ago on Friday evening")
    assert [(w.start, w.end) for w in query.windows] == [
        (local("2024-03-01 18:00"), local("2024-03-01 22:00"))
    ]
    assert query.stripped == "what did we cook"


@pytest.mark.parametrize(
    "text",
    [
        "How many days before the team meeting did I attend the workshop?",
        "we bought presents days before Christmas",
    ],
)
def test_days_before_without_an_amount_is_no_shift(text):
    query = parse(text)
    assert all(w.granularity != "day" for w in query.windows)


def test_a_couple_of_days_before_is_approximate():
    exact, rough = (
        parse("two days before Christmas").windows[0],
        parse("a couple of days before Christmas").windows[0],
    )
    assert (rough.start, rough.end) == (
        exact.start,
        exact.end,
    ) and rough.tolerance > exact.tolerance


def test_early_or_late_is_not_read_into_a_week():
    query = parse("I was late last week")
    assert [(w.start, w.end, w.granularity) for w in query.windows] == [
        (local("2024-03-04"), local("2024-03-11"), "week")
    ]
    assert query.stripped == "I was late"


def test_a_part_does_not_swallow_the_weekend():
    query = parse("no fim de semana passado")
    assert [w.granularity for w in query.windows] == ["weekend"]


@pytest.mark.parametrize(
    ("plain", "approximate"),
    [
        ("two weeks ago", "about two weeks ago"),
        ("two weeks ago", "two weeks ago or so"),
        ("in March", "around March"),
        ("on May 2", "around May 2"),
        ("há três semanas", "há três semanas, mais ou menos"),
        ("há 3 dias", "há uns 3 dias"),
        ("duas semanas atrás", "cerca de duas semanas atrás"),
        ("hace tres días", "hace unos tres días"),
        ("il y a deux semaines", "il y a environ deux semaines"),
        ("en mars", "vers mars"),
    ],
)
def test_about_widens_the_tolerance_not_the_window(plain, approximate):
    exact, rough = parse(plain).windows[0], parse(approximate).windows[0]
    assert (rough.start, rough.end) == (exact.start, exact.end)
    assert rough.tolerance > exact.tolerance
    assert parse(approximate).stripped == ""


def test_about_as_a_preposition_is_left_alone():
    window = parse("what did we talk about two weeks ago").windows[0]
    assert window.tolerance == parse("two weeks ago").windows[0].tolerance


@pytest.mark.parametrize("text", ["5000 years ago", "99999 days ago", "the past 9999 years"])
def test_absurd_amounts_give_no_window(text):
    assert parse(text).windows == ()


def test_now_alone_is_no_window():
    assert not parse("what are you doing now?").has_time


def test_english_numeric_dates_read_month_first_and_others_day_first():
    assert parse("what happened on 05/02?").windows[0].start == local("2023-05-02")
    assert parse("o que aconteceu em 05/02?").windows[0].start == local("2024-02-05")
    assert parse("what happened on 13/02?").windows[0].start == local("2024-02-13")


def test_southern_hemisphere_seasons():
    def season(text: str) -> tuple[datetime, datetime]:
        window = parse(text, hemisphere="south").windows[0]
        return window.start, window.end

    assert season("no verão passado") == (local("2023-12-01"), local("2024-03-01"))
    assert season("last summer") == (local("2023-12-01"), local("2024-03-01"))
    assert season("this winter") == (local("2024-06-01"), local("2024-09-01"))
    assert season("no inverno") == (local("2023-06-01"), local("2023-09-01"))


def test_custom_day_periods():
    periods = DayPeriods(morning=6, afternoon=13, evening=19, night=23)
    afternoon = parse("this afternoon", periods=periods).windows[0]
    assert (afternoon.start, afternoon.end) == (
        local("2024-03-13 13:00"),
        local("2024-03-13 19:00"),
    )
    night = parse("last night", periods=periods).windows[0]
    assert (night.start, night.end) == (local("2024-03-12 19:00"), local("2024-03-13 06:00"))


def test_languages_limit_the_words_understood():
    assert not parse("ontem", languages=("en",)).has_time
    assert not parse("yesterday", languages=("pt", "es")).has_time
    assert parse("ontem", languages=("pt",)).windows[0].start == local("2024-03-12")


def test_windows_are_in_the_users_zone():
    query = parse_time("yesterday", NOW.astimezone(ZoneInfo("UTC")), "Asia/Tokyo")
    window = query.windows[0]
    assert window.start.utcoffset() == timedelta(hours=9)
    assert window.start == datetime(2024, 3, 13, tzinfo=ZoneInfo("Asia/Tokyo"))


def test_bounded_phrases():
    since = parse("since last week").windows[0]
    assert (since.start, since.end) == (local("2024-03-04"), NOW)
    before = parse("before March 2023").windows[0]
    assert before.end == local("2023-03-01") and before.start < before.end
    after = parse("after the 2nd of March").windows[0]
    assert (after.start, after.end) == (local("2024-03-03"), NOW)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: parse_time("yesterday", datetime(2024, 3, 13, 15, 30)), "now"),
        (lambda: parse_time("yesterday", NOW, "Mars/Olympus"), "timezone"),
        (lambda: parse_time("yesterday", NOW, languages=("de",)), "languages"),
        (lambda: parse_time("yesterday", NOW, languages=()), "languages"),
        (lambda: parse_time("yesterday", NOW, hemisphere="east"), "hemisphere"),
        (lambda: parse_time(None, NOW), "text"),  # type: ignore[arg-type]
    ],
)
def test_invalid_input_names_the_field(call, field):
    with pytest.raises(ValidationError) as caught:
        call()
    assert caught.value.field == field


def test_window_rejects_naive_and_empty_intervals():
    start = local("2024-03-12")
    with pytest.raises(ValidationError):
        TimeWindow(start.replace(tzinfo=None), local("2024-03-13"), "day", timedelta(days=1))
    with pytest.raises(ValidationError):
        TimeWindow(start, start, "day", timedelta(days=1))
    with pytest.raises(ValidationError):
        TimeWindow(start, local("2024-03-13"), "fortnight", timedelta(days=1))
    window = TimeWindow(start, local("2024-03-13"), "day", timedelta(days=1))
    with pytest.raises(ValidationError):
        window.contains(datetime(2024, 3, 12, 12))


def test_window_edges_are_half_open():
    window = TimeWindow(local("2024-03-12"), local("2024-03-13"), "day", timedelta(days=1))
    assert window.contains(local("2024-03-12"))
    assert not window.contains(local("2024-03-13"))
    assert window.distance(local("2024-03-13")) == timedelta(microseconds=1)
    assert window.distance(local("2024-03-11 23:00")) == timedelta(hours=1)
    assert window.distance(local("2024-03-12 12:00")) == timedelta(0)


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ("which airlines did I fly with before today?", "which airlines did I fly with?"),
        ("what did I read until this week", "what did I read"),
        ("o que eu li antes de hoje?", "o que eu li?"),
        ("qu'ai-je lu avant aujourd'hui ?", "qu'ai-je lu?"),
    ],
)
def test_before_or_until_the_present_is_the_whole_past(text, stripped):
    parsed = parse(text)
    assert parsed.windows == () and not parsed.has_time
    assert parsed.stripped == stripped and len(parsed.phrases) == 1


def test_before_a_longer_present_span_still_looks_back_from_its_start():
    [window] = parse("what did I read before this week").windows
    assert window.end == local("2024-03-11") and window.start < window.end


@pytest.mark.parametrize(
    ("text", "earlier"),
    [
        ("in March I told you about the roof", ("2023-03-01", "2023-04-01")),
        ("a gente falou disso em março, não?", ("2023-03-01", "2023-04-01")),
        ("late March, I think", ("2023-03-21", "2023-04-01")),
        ("on Wednesday we discussed it", ("2024-03-06", "2024-03-07")),
        ("on ne l'a pas dit mercredi ?", ("2024-03-06", "2024-03-07")),
    ],
)
def test_a_name_whose_current_instance_is_under_way_may_mean_the_one_before(text, earlier):
    # NOW is Wednesday 13 March 2024: this March and this Wednesday have not ended
    parsed = parse_time(text, NOW, TZ)
    assert parsed.windows[0].end > NOW
    (before,) = parsed.alternatives
    assert (before.start.date().isoformat(), before.end.date().isoformat()) == earlier


@pytest.mark.parametrize(
    "text",
    ["in February", "last March", "early March", "this month", "March 2024", "today", "on Friday"],
)
def test_a_name_already_past_or_fixed_has_no_earlier_reading(text):
    assert parse_time(text, NOW, TZ).alternatives == ()


@pytest.mark.parametrize(
    ("text", "hemisphere", "read", "also"),
    [
        ("the winter of 2022, I think", "north", "2021-12-01", "2022-12-01"),
        ("no inverno de 2022", "north", "2021-12-01", "2022-12-01"),
        ("l'hiver 2022", "north", "2021-12-01", "2022-12-01"),
        ("in the summer of 2022", "south", "2021-12-01", "2022-12-01"),
    ],
)
def test_a_season_across_new_year_named_by_a_year_has_both_readings(text, hemisphere, read, also):
    parsed = parse_time(text, NOW, TZ, hemisphere=hemisphere)
    (window,) = parsed.windows
    (other,) = parsed.alternatives
    assert window.start.date().isoformat() == read and other.start.date().isoformat() == also
    assert other.granularity == "season" and (other.end - other.start).days in (90, 91)


@pytest.mark.parametrize(
    ("text", "hemisphere"),
    [("the summer of 2022", "north"), ("winter 2022", "south"), ("last winter", "north")],
)
def test_a_season_within_one_year_or_without_one_has_one_reading(text, hemisphere):
    assert parse_time(text, NOW, TZ, hemisphere=hemisphere).alternatives == ()


@pytest.mark.parametrize(
    "text",
    [
        "have I ever told you about Easter?",
        "you mentioned New Year's Eve once",
        "anything on record regarding Christmas Eve?",
        "conversamos sobre a Páscoa?",
        "já falei de Páscoa contigo?",
        "¿alguna vez hablamos sobre la Nochebuena?",
        "on a discuté de Pâques ?",
    ],
)
def test_a_holiday_that_is_what_was_talked_about_is_the_topic_of_a_question(text):
    asked = parse(text, asked=True)
    assert asked.windows == ()
    assert asked.stripped == " ".join(text.split())
    assert parse(text).windows  # read as a statement, the holiday is a time


@pytest.mark.parametrize(
    "text",
    [
        "what did we say over Easter?",  # its own preposition
        "did we talk about it at Christmas?",
        "what did I mention last Christmas?",  # a modifier of its own
        "what did we talk about last week?",  # not a holiday: "about" is stranded
        "o que falamos sobre ontem?",
        "did we talk about the move in March?",
    ],
)
def test_a_time_said_with_a_preposition_or_of_another_kind_stays_a_time(text):
    assert parse(text, asked=True).windows == parse(text).windows != ()
