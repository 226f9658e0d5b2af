"""Phrase table: each phrase, resolved against a fixed now, gives one exact window.

Now is Wednesday 2024-03-13 15:30 in São Paulo; weeks run Monday to Sunday; seasons are
meteorological for the northern hemisphere unless a test says otherwise.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from lembrar.temporal import parse_time
from lembrar.temporal.cues import may_name_a_time

TZ = "America/Sao_Paulo"
NOW = datetime(2024, 3, 13, 15, 30, tzinfo=ZoneInfo(TZ))

# (language, phrase, start, end, granularity); "now" stands for NOW, times are local.
PHRASES = [
    # -- English --------------------------------------------------------------------------
    ("en", "yesterday", "2024-03-12", "2024-03-13", "day"),
    ("en", "today", "2024-03-13", "2024-03-14", "day"),
    ("en", "tomorrow", "2024-03-14", "2024-03-15", "day"),
    ("en", "the day before yesterday", "2024-03-11", "2024-03-12", "day"),
    ("en", "the day after tomorrow", "2024-03-15", "2024-03-16", "day"),
    ("en", "this morning", "2024-03-13 05:00", "2024-03-13 12:00", "part_of_day"),
    ("en", "this afternoon", "2024-03-13 12:00", "2024-03-13 18:00", "part_of_day"),
    ("en", "this evening", "2024-03-13 18:00", "2024-03-13 22:00", "part_of_day"),
    ("en", "tonight", "2024-03-13 18:00", "2024-03-14 05:00", "part_of_day"),
    ("en", "last night", "2024-03-12 18:00", "2024-03-13 05:00", "part_of_day"),
    ("en", "yesterday morning", "2024-03-12 05:00", "2024-03-12 12:00", "part_of_day"),
    ("en", "yesterday afternoon", "2024-03-12 12:00", "2024-03-12 18:00", "part_of_day"),
    ("en", "Yesterday Evening", "2024-03-12 18:00", "2024-03-12 22:00", "part_of_day"),
    ("en", "yesterday in the afternoon", "2024-03-12 12:00", "2024-03-12 18:00", "part_of_day"),
    ("en", "last Sunday", "2024-03-10", "2024-03-11", "day"),
    ("en", "last Wednesday", "2024-03-06", "2024-03-07", "day"),
    ("en", "this Friday", "2024-03-15", "2024-03-16", "day"),
    ("en", "next Monday", "2024-03-18", "2024-03-19", "day"),
    ("en", "on Monday", "2024-03-11", "2024-03-12", "day"),
    ("en", "on Sunday afternoon", "2024-03-10 12:00", "2024-03-10 18:00", "part_of_day"),
    ("en", "Saturday night", "2024-03-09 18:00", "2024-03-10 05:00", "part_of_day"),
    ("en", "Sunday before last", "2024-03-03", "2024-03-04", "day"),
    ("en", "Tuesday of last week", "2024-03-05", "2024-03-06", "day"),
    ("en", "last week", "2024-03-04", "2024-03-11", "week"),
    ("en", "this week", "2024-03-11", "2024-03-18", "week"),
    ("en", "next week", "2024-03-18", "2024-03-25", "week"),
    ("en", "the week before last", "2024-02-26", "2024-03-04", "week"),
    ("en", "last weekend", "2024-03-09", "2024-03-11", "weekend"),
    ("en", "this weekend", "2024-03-16", "2024-03-18", "weekend"),
    ("en", "this past weekend", "2024-03-09", "2024-03-11", "weekend"),
    ("en", "last month", "2024-02-01", "2024-03-01", "month"),
    ("en", "this month", "2024-03-01", "2024-04-01", "month"),
    ("en", "next month", "2024-04-01", "2024-05-01", "month"),
    ("en", "last year", "2023-01-01", "2024-01-01", "year"),
    ("en", "this year", "2024-01-01", "2025-01-01", "year"),
    ("en", "3 days ago", "2024-03-10", "2024-03-11", "day"),
    ("en", "three days ago", "2024-03-10", "2024-03-11", "day"),
    ("en", "two weeks ago", "2024-02-25", "2024-03-03", "week"),
    ("en", "a week ago", "2024-03-03", "2024-03-10", "week"),
    ("en", "12 months ago", "2023-03-01", "2023-04-01", "month"),
    ("en", "a month ago", "2024-02-01", "2024-03-01", "month"),
    ("en", "two years ago", "2022-01-01", "2023-01-01", "year"),
    ("en", "an hour ago", "2024-03-13 14:00", "2024-03-13 15:00", "hour"),
    ("en", "3 hours ago", "2024-03-13 12:00", "2024-03-13 13:00", "hour"),
    ("en", "a couple of days ago", "2024-03-11", "2024-03-12", "day"),
    ("en", "a few days ago", "2024-03-07", "2024-03-12", "soft"),
    ("en", "a few weeks ago", "2024-01-31", "2024-03-03", "soft"),
    ("en", "about two weeks ago", "2024-02-25", "2024-03-03", "week"),
    ("en", "roughly 3 days ago", "2024-03-10", "2024-03-11", "day"),
    ("en", "two weeks ago on Friday", "2024-03-01", "2024-03-02", "day"),
    ("en", "on Friday two weeks ago", "2024-03-01", "2024-03-02", "day"),
    ("en", "the Wednesday two months ago", "2024-01-10", "2024-01-11", "day"),
    ("en", "last week on Monday", "2024-03-04", "2024-03-05", "day"),
    ("en", "two Saturdays ago", "2024-03-02", "2024-03-03", "day"),
    ("en", "early last month", "2024-02-01", "2024-02-11", "range"),
    ("en", "the end of last month", "2024-02-21", "2024-03-01", "range"),
    ("en", "late last year", "2023-09-01", "2024-01-01", "range"),
    ("en", "the first week of October", "2023-10-01", "2023-10-08", "week"),
    ("en", "on the 3rd of last month", "2024-02-03", "2024-02-04", "day"),
    ("en", "two days before Christmas", "2023-12-23", "2023-12-24", "day"),
    ("en", "the day after Christmas", "2023-12-26", "2023-12-27", "day"),
    ("en", "the second weekend of February", "2024-02-10", "2024-02-12", "weekend"),
    ("en", "in March", "2024-03-01", "2024-04-01", "month"),
    ("en", "in May", "2023-05-01", "2023-06-01", "month"),
    ("en", "during August", "2023-08-01", "2023-09-01", "month"),
    ("en", "last March", "2023-03-01", "2023-04-01", "month"),
    ("en", "next April", "2024-04-01", "2024-05-01", "month"),
    ("en", "March 2023", "2023-03-01", "2023-04-01", "month"),
    ("en", "in June of 2021", "2021-06-01", "2021-07-01", "month"),
    ("en", "in early March", "2024-03-01", "2024-03-11", "range"),
    ("en", "late February", "2024-02-21", "2024-03-01", "range"),
    ("en", "mid-January", "2024-01-11", "2024-01-21", "range"),
    ("en", "at the end of January", "2024-01-21", "2024-02-01", "range"),
    ("en", "on May 2nd", "2023-05-02", "2023-05-03", "day"),
    ("en", "May 2", "2023-05-02", "2023-05-03", "day"),
    ("en", "2 May 2023", "2023-05-02", "2023-05-03", "day"),
    ("en", "May 2, 2022", "2022-05-02", "2022-05-03", "day"),
    ("en", "the 5th of March", "2024-03-05", "2024-03-06", "day"),
    ("en", "February 29", "2024-02-29", "2024-03-01", "day"),
    ("en", "Dec 24", "2023-12-24", "2023-12-25", "day"),
    ("en", "on Friday, March 8", "2024-03-08", "2024-03-09", "day"),
    ("en", "on 05/02", "2023-05-02", "2023-05-03", "day"),
    ("en", "on 3/1/2024", "2024-03-01", "2024-03-02", "day"),
    ("en", "2024-02-26", "2024-02-26", "2024-02-27", "day"),
    ("en", "2023-11", "2023-11-01", "2023-12-01", "month"),
    ("en", "in 2022", "2022-01-01", "2023-01-01", "year"),
    ("en", "between March and May", "2023-03-01", "2023-06-01", "range"),
    ("en", "between May 1 and May 10", "2023-05-01", "2023-05-11", "range"),
    ("en", "from May 1 to 10", "2023-05-01", "2023-05-11", "range"),
    ("en", "from Monday to Wednesday", "2024-03-11", "2024-03-14", "range"),
    ("en", "from Friday to Monday", "2024-03-08", "2024-03-12", "range"),
    ("en", "between November and February", "2023-11-01", "2024-03-01", "range"),
    ("en", "since January", "2024-01-01", "now", "range"),
    ("en", "since last week", "2024-03-04", "now", "range"),
    ("en", "after March 1", "2024-03-02", "now", "range"),
    ("en", "last summer", "2023-06-01", "2023-09-01", "season"),
    ("en", "this winter", "2023-12-01", "2024-03-01", "season"),
    ("en", "next summer", "2024-06-01", "2024-09-01", "season"),
    ("en", "in the spring", "2024-03-01", "2024-06-01", "season"),
    ("en", "in the fall", "2023-09-01", "2023-12-01", "season"),
    ("en", "summer 2023", "2023-06-01", "2023-09-01", "season"),
    ("en", "the summer before last", "2022-06-01", "2022-09-01", "season"),
    ("en", "recently", "2024-02-12", "2024-03-14", "soft"),
    ("en", "lately", "2024-02-12", "2024-03-14", "soft"),
    ("en", "the other day", "2024-02-28", "2024-03-13", "soft"),
    ("en", "a while ago", "2023-09-15", "2024-02-28", "soft"),
    ("en", "the past 3 days", "2024-03-10", "2024-03-14", "range"),
    ("en", "in the last two weeks", "2024-02-28", "2024-03-14", "range"),
    ("en", "the past week", "2024-03-06", "2024-03-14", "range"),
    ("en", "on the 3rd", "2024-03-03", "2024-03-04", "day"),
    ("en", "this time last year", "2023-02-27", "2023-03-28", "soft"),
    ("en", "earlier this week", "2024-03-11", "2024-03-18", "week"),
    ("en", "last Christmas", "2023-12-25", "2023-12-26", "day"),
    ("en", "Christmas 2022", "2022-12-25", "2022-12-26", "day"),
    ("en", "next Easter", "2024-03-31", "2024-04-01", "day"),
    ("en", "on New Year's Eve", "2023-12-31", "2024-01-01", "day"),
    # -- Portuguese -----------------------------------------------------------------------
    ("pt", "ontem", "2024-03-12", "2024-03-13", "day"),
    ("pt", "hoje", "2024-03-13", "2024-03-14", "day"),
    ("pt", "amanhã", "2024-03-14", "2024-03-15", "day"),
    ("pt", "há dois sábados", "2024-03-02", "2024-03-03", "day"),
    ("pt", "no fim do mês passado", "2024-02-21", "2024-03-01", "range"),
    ("pt", "o último fim de semana de fevereiro", "2024-02-24", "2024-02-26", "weekend"),
    ("pt", "no dia 5 do mês passado", "2024-02-05", "2024-02-06", "day"),
    ("pt", "dois dias antes do Natal", "2023-12-23", "2023-12-24", "day"),
    ("pt", "na sexta-feira de duas semanas atrás", "2024-03-01", "2024-03-02", "day"),
    ("pt", "anteontem", "2024-03-11", "2024-03-12", "day"),
    ("pt", "depois de amanhã", "2024-03-15", "2024-03-16", "day"),
    ("pt", "hoje de manhã", "2024-03-13 05:00", "2024-03-13 12:00", "part_of_day"),
    ("pt", "ontem à noite", "2024-03-12 18:00", "2024-03-13 05:00", "part_of_day"),
    ("pt", "ontem a tarde", "2024-03-12 12:00", "2024-03-12 18:00", "part_of_day"),
    ("pt", "esta manhã", "2024-03-13 05:00", "2024-03-13 12:00", "part_of_day"),
    ("pt", "esta noite", "2024-03-13 18:00", "2024-03-14 05:00", "part_of_day"),
    ("pt", "no sábado à noite", "2024-03-09 18:00", "2024-03-10 05:00", "part_of_day"),
    ("pt", "domingo passado", "2024-03-10", "2024-03-11", "day"),
    ("pt", "no último domingo", "2024-03-10", "2024-03-11", "day"),
    ("pt", "no passado domingo", "2024-03-10", "2024-03-11", "day"),
    ("pt", "no domingo", "2024-03-10", "2024-03-11", "day"),
    ("pt", "na segunda", "2024-03-11", "2024-03-12", "day"),
    ("pt", "na sexta-feira passada", "2024-03-08", "2024-03-09", "day"),
    ("pt", "próxima sexta", "2024-03-15", "2024-03-16", "day"),
    ("pt", "sábado que vem", "2024-03-16", "2024-03-17", "day"),
    ("pt", "segunda-feira da semana passada", "2024-03-04", "2024-03-05", "day"),
    ("pt", "semana passada", "2024-03-04", "2024-03-11", "week"),
    ("pt", "na semana passada", "2024-03-04", "2024-03-11", "week"),
    ("pt", "esta semana", "2024-03-11", "2024-03-18", "week"),
    ("pt", "semana que vem", "2024-03-18", "2024-03-25", "week"),
    ("pt", "fim de semana passado", "2024-03-09", "2024-03-11", "weekend"),
    ("pt", "no fim de semana", "2024-03-09", "2024-03-11", "weekend"),
    ("pt", "mês passado", "2024-02-01", "2024-03-01", "month"),
    ("pt", "no ano passado", "2023-01-01", "2024-01-01", "year"),
    ("pt", "ano retrasado", "2022-01-01", "2023-01-01", "year"),
    ("pt", "este ano", "2024-01-01", "2025-01-01", "year"),
    ("pt", "há duas semanas", "2024-02-25", "2024-03-03", "week"),
    ("pt", "há 3 dias", "2024-03-10", "2024-03-11", "day"),
    ("pt", "ha 3 dias atras", "2024-03-10", "2024-03-11", "day"),
    ("pt", "faz dois meses", "2024-01-01", "2024-02-01", "month"),
    ("pt", "3 dias atrás", "2024-03-10", "2024-03-11", "day"),
    ("pt", "há uma semana", "2024-03-03", "2024-03-10", "week"),
    ("pt", "há um ano", "2023-01-01", "2024-01-01", "year"),
    ("pt", "há 12 meses", "2023-03-01", "2023-04-01", "month"),
    ("pt", "há alguns dias", "2024-03-07", "2024-03-12", "soft"),
    ("pt", "há uns 3 dias", "2024-03-10", "2024-03-11", "day"),
    ("pt", "cerca de duas semanas atrás", "2024-02-25", "2024-03-03", "week"),
    ("pt", "em março", "2024-03-01", "2024-04-01", "month"),
    ("pt", "em maio", "2023-05-01", "2023-06-01", "month"),
    ("pt", "em março de 2023", "2023-03-01", "2023-04-01", "month"),
    ("pt", "no início de março", "2024-03-01", "2024-03-11", "range"),
    ("pt", "em meados de fevereiro", "2024-02-11", "2024-02-21", "range"),
    ("pt", "no final de janeiro", "2024-01-21", "2024-02-01", "range"),
    ("pt", "em 26/02", "2024-02-26", "2024-02-27", "day"),
    ("pt", "em 05/02", "2024-02-05", "2024-02-06", "day"),
    ("pt", "26/02/2023", "2023-02-26", "2023-02-27", "day"),
    ("pt", "no dia 2 de maio", "2023-05-02", "2023-05-03", "day"),
    ("pt", "2 de maio de 2022", "2022-05-02", "2022-05-03", "day"),
    ("pt", "em 2021", "2021-01-01", "2022-01-01", "year"),
    ("pt", "entre março e maio", "2023-03-01", "2023-06-01", "range"),
    ("pt", "entre 1 e 10 de maio", "2023-05-01", "2023-05-11", "range"),
    ("pt", "desde janeiro", "2024-01-01", "now", "range"),
    ("pt", "de segunda a quarta", "2024-03-11", "2024-03-14", "range"),
    ("pt", "no verão passado", "2023-06-01", "2023-09-01", "season"),
    ("pt", "no inverno", "2023-12-01", "2024-03-01", "season"),
    ("pt", "na primavera", "2024-03-01", "2024-06-01", "season"),
    ("pt", "recentemente", "2024-02-12", "2024-03-14", "soft"),
    ("pt", "outro dia", "2024-02-28", "2024-03-13", "soft"),
    ("pt", "há algum tempo", "2023-09-15", "2024-02-28", "soft"),
    ("pt", "nos últimos 3 dias", "2024-03-10", "2024-03-14", "range"),
    ("pt", "no dia 20", "2024-02-20", "2024-02-21", "day"),
    ("pt", "o mês retrasado", "2024-01-01", "2024-02-01", "month"),
    ("pt", "no Natal", "2023-12-25", "2023-12-26", "day"),
    ("pt", "desde o Natal", "2023-12-25", "now", "range"),
    ("pt", "na véspera de Natal", "2023-12-24", "2023-12-25", "day"),
    # -- Spanish --------------------------------------------------------------------------
    ("es", "ayer", "2024-03-12", "2024-03-13", "day"),
    ("es", "hace tres domingos", "2024-02-25", "2024-02-26", "day"),
    ("es", "el viernes de hace dos semanas", "2024-03-01", "2024-03-02", "day"),
    ("es", "a finales del año pasado", "2023-09-01", "2024-01-01", "range"),
    ("es", "la primera semana de enero", "2024-01-01", "2024-01-08", "week"),
    ("es", "el día 3 del mes pasado", "2024-02-03", "2024-02-04", "day"),
    ("es", "hoy", "2024-03-13", "2024-03-14", "day"),
    ("es", "mañana", "2024-03-14", "2024-03-15", "day"),
    ("es", "anteayer", "2024-03-11", "2024-03-12", "day"),
    ("es", "pasado mañana", "2024-03-15", "2024-03-16", "day"),
    ("es", "anoche", "2024-03-12 18:00", "2024-03-13 05:00", "part_of_day"),
    ("es", "esta mañana", "2024-03-13 05:00", "2024-03-13 12:00", "part_of_day"),
    ("es", "ayer por la tarde", "2024-03-12 12:00", "2024-03-12 18:00", "part_of_day"),
    ("es", "el domingo por la tarde", "2024-03-10 12:00", "2024-03-10 18:00", "part_of_day"),
    ("es", "el domingo pasado", "2024-03-10", "2024-03-11", "day"),
    ("es", "el último domingo", "2024-03-10", "2024-03-11", "day"),
    ("es", "el lunes", "2024-03-11", "2024-03-12", "day"),
    ("es", "el próximo viernes", "2024-03-15", "2024-03-16", "day"),
    ("es", "la semana pasada", "2024-03-04", "2024-03-11", "week"),
    ("es", "esta semana", "2024-03-11", "2024-03-18", "week"),
    ("es", "la semana que viene", "2024-03-18", "2024-03-25", "week"),
    ("es", "la semana antepasada", "2024-02-26", "2024-03-04", "week"),
    ("es", "el fin de semana pasado", "2024-03-09", "2024-03-11", "weekend"),
    ("es", "el mes pasado", "2024-02-01", "2024-03-01", "month"),
    ("es", "el año pasado", "2023-01-01", "2024-01-01", "year"),
    ("es", "el año que viene", "2025-01-01", "2026-01-01", "year"),
    ("es", "hace tres días", "2024-03-10", "2024-03-11", "day"),
    ("es", "hace dos semanas", "2024-02-25", "2024-03-03", "week"),
    ("es", "hace un mes", "2024-02-01", "2024-03-01", "month"),
    ("es", "hace 2 años", "2022-01-01", "2023-01-01", "year"),
    ("es", "hace unos días", "2024-03-07", "2024-03-12", "soft"),
    ("es", "hace unos 3 días", "2024-03-10", "2024-03-11", "day"),
    ("es", "en marzo", "2024-03-01", "2024-04-01", "month"),
    ("es", "en mayo", "2023-05-01", "2023-06-01", "month"),
    ("es", "el 2 de mayo", "2023-05-02", "2023-05-03", "day"),
    ("es", "2 de mayo de 2023", "2023-05-02", "2023-05-03", "day"),
    ("es", "el 26/02/2024", "2024-02-26", "2024-02-27", "day"),
    ("es", "en 2020", "2020-01-01", "2021-01-01", "year"),
    ("es", "entre marzo y mayo", "2023-03-01", "2023-06-01", "range"),
    ("es", "desde enero", "2024-01-01", "now", "range"),
    ("es", "de lunes a miércoles", "2024-03-11", "2024-03-14", "range"),
    ("es", "el verano pasado", "2023-06-01", "2023-09-01", "season"),
    ("es", "en invierno", "2023-12-01", "2024-03-01", "season"),
    ("es", "recientemente", "2024-02-12", "2024-03-14", "soft"),
    ("es", "últimamente", "2024-02-12", "2024-03-14", "soft"),
    ("es", "el otro día", "2024-02-28", "2024-03-13", "soft"),
    ("es", "hace tiempo", "2023-09-15", "2024-02-28", "soft"),
    ("es", "a principios de marzo", "2024-03-01", "2024-03-11", "range"),
    ("es", "a finales de febrero", "2024-02-21", "2024-03-01", "range"),
    ("es", "en los últimos 3 días", "2024-03-10", "2024-03-14", "range"),
    ("es", "el día 5", "2024-03-05", "2024-03-06", "day"),
    ("es", "hace un par de semanas", "2024-02-25", "2024-03-03", "week"),
    ("es", "en Navidad", "2023-12-25", "2023-12-26", "day"),
    ("es", "en Nochevieja", "2023-12-31", "2024-01-01", "day"),
    # -- French ---------------------------------------------------------------------------
    ("fr", "hier", "2024-03-12", "2024-03-13", "day"),
    ("fr", "aujourd'hui", "2024-03-13", "2024-03-14", "day"),
    ("fr", "aujourd’hui", "2024-03-13", "2024-03-14", "day"),
    ("fr", "avant-hier", "2024-03-11", "2024-03-12", "day"),
    ("fr", "demain", "2024-03-14", "2024-03-15", "day"),
    ("fr", "ce matin", "2024-03-13 05:00", "2024-03-13 12:00", "part_of_day"),
    ("fr", "cet après-midi", "2024-03-13 12:00", "2024-03-13 18:00", "part_of_day"),
    ("fr", "ce soir", "2024-03-13 18:00", "2024-03-13 22:00", "part_of_day"),
    ("fr", "hier soir", "2024-03-12 18:00", "2024-03-12 22:00", "part_of_day"),
    ("fr", "hier matin", "2024-03-12 05:00", "2024-03-12 12:00", "part_of_day"),
    ("fr", "samedi soir", "2024-03-09 18:00", "2024-03-09 22:00", "part_of_day"),
    ("fr", "dimanche dernier", "2024-03-10", "2024-03-11", "day"),
    ("fr", "dimanche", "2024-03-10", "2024-03-11", "day"),
    ("fr", "lundi prochain", "2024-03-18", "2024-03-19", "day"),
    ("fr", "la semaine dernière", "2024-03-04", "2024-03-11", "week"),
    ("fr", "cette semaine", "2024-03-11", "2024-03-18", "week"),
    ("fr", "la semaine prochaine", "2024-03-18", "2024-03-25", "week"),
    ("fr", "le week-end dernier", "2024-03-09", "2024-03-11", "weekend"),
    ("fr", "ce week-end", "2024-03-16", "2024-03-18", "weekend"),
    ("fr", "le mois dernier", "2024-02-01", "2024-03-01", "month"),
    ("fr", "ce mois-ci", "2024-03-01", "2024-04-01", "month"),
    ("fr", "l'année dernière", "2023-01-01", "2024-01-01", "year"),
    ("fr", "l'an dernier", "2023-01-01", "2024-01-01", "year"),
    ("fr", "cette année", "2024-01-01", "2025-01-01", "year"),
    ("fr", "il y a deux semaines", "2024-02-25", "2024-03-03", "week"),
    ("fr", "il y a 3 jours", "2024-03-10", "2024-03-11", "day"),
    ("fr", "il y a un mois", "2024-02-01", "2024-03-01", "month"),
    ("fr", "il y a un an", "2023-01-01", "2024-01-01", "year"),
    ("fr", "il y a quelques jours", "2024-03-07", "2024-03-12", "soft"),
    ("fr", "il y a environ deux semaines", "2024-02-25", "2024-03-03", "week"),
    ("fr", "en mars", "2024-03-01", "2024-04-01", "month"),
    ("fr", "en mai", "2023-05-01", "2023-06-01", "month"),
    ("fr", "mars 2023", "2023-03-01", "2023-04-01", "month"),
    ("fr", "début mars", "2024-03-01", "2024-03-11", "range"),
    ("fr", "fin février", "2024-02-21", "2024-03-01", "range"),
    ("fr", "mi-janvier", "2024-01-11", "2024-01-21", "range"),
    ("fr", "le 2 mai", "2023-05-02", "2023-05-03", "day"),
    ("fr", "le 1er mai 2023", "2023-05-01", "2023-05-02", "day"),
    ("fr", "le 26/02", "2024-02-26", "2024-02-27", "day"),
    ("fr", "en 2019", "2019-01-01", "2020-01-01", "year"),
    ("fr", "entre mars et mai", "2023-03-01", "2023-06-01", "range"),
    ("fr", "du 1er au 10 mai", "2023-05-01", "2023-05-11", "range"),
    ("fr", "depuis janvier", "2024-01-01", "now", "range"),
    ("fr", "l'été dernier", "2023-06-01", "2023-09-01", "season"),
    ("fr", "cet hiver", "2023-12-01", "2024-03-01", "season"),
    ("fr", "au printemps", "2024-03-01", "2024-06-01", "season"),
    ("fr", "l'hiver prochain", "2024-12-01", "2025-03-01", "season"),
    ("fr", "récemment", "2024-02-12", "2024-03-14", "soft"),
    ("fr", "l'autre jour", "2024-02-28", "2024-03-13", "soft"),
    ("fr", "il y a longtemps", "2019-03-15", "2023-09-15", "soft"),
    ("fr", "ces 3 derniers jours", "2024-03-10", "2024-03-14", "range"),
    ("fr", "à Pâques", "2023-04-09", "2023-04-10", "day"),
    ("fr", "à Noël", "2023-12-25", "2023-12-26", "day"),
    ("fr", "le mardi d'il y a deux semaines", "2024-02-27", "2024-02-28", "day"),
    ("fr", "il y a deux samedis", "2024-03-02", "2024-03-03", "day"),
    ("fr", "à la fin du mois dernier", "2024-02-21", "2024-03-01", "range"),
    ("fr", "le dernier week-end de janvier", "2024-01-27", "2024-01-29", "weekend"),
    ("fr", "deux jours avant Noël", "2023-12-23", "2023-12-24", "day"),
]


def local(value: str, zone: str = TZ) -> datetime:
    if value == "now":
        return NOW.astimezone(ZoneInfo(zone))
    moment = datetime.fromisoformat(value if " " in value else f"{value} 00:00")
    return moment.replace(tzinfo=ZoneInfo(zone))


def _ids() -> list[str]:
    return [f"{lang}:{phrase}" for lang, phrase, *_ in PHRASES]


def test_table_is_large_and_covers_four_languages():
    counts = Counter(lang for lang, *_ in PHRASES)
    assert len(PHRASES) >= 150
    assert min(counts[lang] for lang in ("en", "pt", "es", "fr")) >= 40
    assert len({(lang, phrase) for lang, phrase, *_ in PHRASES}) == len(PHRASES)


@pytest.mark.parametrize(("lang", "phrase", "start", "end", "granularity"), PHRASES, ids=_ids())
def test_phrase_window(lang, phrase, start, end, granularity):
    query = parse_time(phrase, NOW, TZ)
    assert len(query.windows) == 1, query
    window = query.windows[0]
    assert (window.start, window.end, window.granularity) == (local(start), local(end), granularity)
    assert window.phrase == phrase
    assert query.stripped == ""


@pytest.mark.parametrize(("lang", "phrase", "start", "end", "granularity"), PHRASES, ids=_ids())
def test_phrase_alone_in_its_language(lang, phrase, start, end, granularity):
    query = parse_time(f"  {phrase}  ", NOW, TZ, languages=(lang,))
    window = query.windows[0]
    assert (window.start, window.end) == (local(start), local(end))


ZONE_CASES = [  # (zone, now, phrase, start, end, hours)
    ("Europe/Lisbon", "2024-04-01 12:00", "yesterday", "2024-03-31", "2024-04-01", 23),
    ("Europe/Lisbon", "2024-10-28 09:00", "yesterday", "2024-10-27", "2024-10-28", 25),
    ("Europe/Lisbon", "2024-10-28 09:00", "ontem", "2024-10-27", "2024-10-28", 25),
    (
        "Europe/Lisbon",
        "2024-10-28 09:00",
        "o fim de semana passado",
        "2024-10-26",
        "2024-10-28",
        49,
    ),
    ("Europe/Lisbon", "2024-04-03 12:00", "anteontem", "2024-04-01", "2024-04-02", 24),
    ("Europe/Lisbon", "2024-04-02 12:00", "anteontem", "2024-03-31", "2024-04-01", 23),
    ("Europe/Lisbon", "2024-03-31 18:00", "hoje", "2024-03-31", "2024-04-01", 23),
    ("Europe/Lisbon", "2024-04-05 12:00", "la semaine dernière", "2024-03-25", "2024-04-01", 167),
    ("Europe/Lisbon", "2024-04-10 12:00", "last month", "2024-03-01", "2024-04-01", 743),
    ("America/New_York", "2024-03-11 08:00", "yesterday", "2024-03-10", "2024-03-11", 23),
    ("America/New_York", "2024-11-04 08:00", "yesterday", "2024-11-03", "2024-11-04", 25),
    ("America/New_York", "2024-11-04 08:00", "ayer", "2024-11-03", "2024-11-04", 25),
    ("America/New_York", "2024-11-05 08:00", "last Sunday", "2024-11-03", "2024-11-04", 25),
    ("America/New_York", "2024-11-10 08:00", "last weekend", "2024-11-02", "2024-11-04", 49),
]


@pytest.mark.parametrize(("zone", "now", "phrase", "start", "end", "hours"), ZONE_CASES)
def test_days_run_local_midnight_to_midnight_across_dst(zone, now, phrase, start, end, hours):
    query = parse_time(phrase, local(now, zone), zone)
    window = query.windows[0]
    assert (window.start, window.end) == (local(start, zone), local(end, zone))
    assert (window.end - window.start) == timedelta(hours=hours) or (
        window.end.timestamp() - window.start.timestamp() == hours * 3600
    )
    assert window.end.timestamp() - window.start.timestamp() == hours * 3600


@pytest.mark.parametrize("phrase", sorted({p[1] for p in PHRASES} | {c[2] for c in ZONE_CASES}))
def test_every_phrase_that_names_a_time_passes_the_quick_look(phrase):
    assert may_name_a_time(phrase)
    assert may_name_a_time(f"Oh well, {phrase.lower()} it rained.")


@pytest.mark.parametrize(
    "text", ["I love pottery and hiking", "Adoro cerâmica", "Merci beaucoup !", "¡Qué bien!"]
)
def test_a_text_without_a_time_word_fails_the_quick_look(text):
    assert not may_name_a_time(text)
