"""Time phrases in a language the grammar does not cover, read by an installed ``dateparser``.

The ``[dates]`` extra. Used only for a user whose declared language is not one of ours
(``UserSettings.language``), and only when our grammar finds nothing: "vor zwei Wochen",
"la settimana scorsa", "вчера". The parser is told the language, which keeps it fast (a few
milliseconds) and stops it reading English or French words into other texts.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from datetime import date, datetime, timedelta, tzinfo
from functools import lru_cache
from typing import Any

from lembrar.temporal.grammar import LEXICONS
from lembrar.temporal.intervals import TimeQuery, TimeWindow, span
from lembrar.temporal.text import remove_spans, tidy

EXTRA = "dates"
_CODE = re.compile(r"^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$")
_NUMERIC_DATE = re.compile(r"\d{1,4}\s*[./-]\s*\d{1,2}\s*[./-]\s*\d{1,4}|^(?:19|20)\d\d$")
_EDGE_PUNCTUATION = " \t\n.,;:!?¿¡\"'()"


def language_code(language: str | None) -> str | None:
    """The base code of a language tag ("pt-BR" → "pt"); None for anything else ("english")."""
    match = _CODE.match(language.strip().lower()) if isinstance(language, str) else None
    return match.group(1) if match else None


def installed() -> bool:
    return importlib.util.find_spec("dateparser") is not None


def readable_languages() -> tuple[str, ...]:
    """The language codes whose time phrases are read: the grammar's, then, when the
    ``[dates]`` extra is installed, the others ``dateparser`` knows."""
    others = sorted(_known_codes() - set(LEXICONS)) if installed() else []
    return (*LEXICONS, *others)


def time_reader(language: str | None) -> str | None:
    """Who reads the time phrases of a user writing ``language``: "lembrar" (the grammar),
    "dateparser", or None (only the grammar's languages will be understood)."""
    code = language_code(language)
    if language is None or code in LEXICONS:
        return "lembrar"
    return "dateparser" if code is not None and installed() and code in _known_codes() else None


def time_reader_note(language: str | None) -> str:
    """One line for people: who reads this language's time phrases, or what would."""
    reader = time_reader(language)
    if reader is not None:
        return f"time phrases read by {reader}"
    if language_code(language) is not None and not installed():
        return f"its time phrases need pip install 'lembrar[{EXTRA}]'"
    return (
        f"its time phrases are not read (use a language code; lembrar reads {', '.join(LEXICONS)})"
    )


def parse_other(text: str, now: datetime, where: tzinfo, language: str | None) -> TimeQuery:
    """The windows ``dateparser`` finds in ``text`` for ``language``; none where it cannot read it."""
    code = language_code(language)
    if code is None or time_reader(code) != "dateparser":
        return TimeQuery(stripped=tidy(text))
    local_now = now.astimezone(where).replace(tzinfo=None)
    found = _search(text, code, local_now)
    windows: list[TimeWindow] = []
    spans: list[tuple[int, int]] = []
    position = 0
    for phrase, moment in found:
        start, end = _locate(text, phrase, position)
        if start < 0 or moment > local_now or not _plausible(text[start:end]):
            continue
        windows.append(
            _window(moment.date(), _period(text[start:end], code), where, tidy(text[start:end]))
        )
        spans.append((start, end))
        position = end
    return TimeQuery(
        windows=tuple(windows),
        stripped=remove_spans(text, spans),
        phrases=tuple(w.phrase for w in windows),
    )


def _locate(text: str, phrase: str, position: int) -> tuple[int, int]:
    """Where ``phrase`` (trimmed of edge punctuation) occurs in ``text`` from ``position``."""
    core = phrase.strip(_EDGE_PUNCTUATION)
    start = text.find(core, position) if core else -1
    return (start, start + len(core)) if start >= 0 else (-1, -1)


def _plausible(phrase: str) -> bool:
    """A phrase with a word in it, a full numeric date or a year; never a bare number ("3 cats")."""
    return (len(phrase) >= 2 and any(ch.isalpha() for ch in phrase)) or bool(
        _NUMERIC_DATE.search(phrase)
    )


def _window(day: date, period: str, where: tzinfo, phrase: str) -> TimeWindow:
    """Day, a week centred on the day ("two weeks ago" is about that day), calendar month or year."""
    if period == "week":
        window = span(day - timedelta(days=3), day + timedelta(days=4), "week", where)
    elif period == "month":
        first = day.replace(day=1)
        window = span(first, (first + timedelta(days=32)).replace(day=1), "month", where)
    elif period == "year":
        window = span(date(day.year, 1, 1), date(day.year + 1, 1, 1), "year", where)
    else:
        window = span(day, day + timedelta(days=1), "day", where)
    return TimeWindow(window.start, window.end, window.granularity, window.tolerance, phrase)


def _settings(local_now: datetime) -> dict[str, Any]:
    return {
        "RELATIVE_BASE": local_now,
        "PREFER_DATES_FROM": "past",
        "RETURN_AS_TIMEZONE_AWARE": False,
    }


def _search(text: str, code: str, local_now: datetime) -> list[tuple[str, datetime]]:
    search = importlib.import_module("dateparser.search")
    return list(search.search_dates(text, languages=[code], settings=_settings(local_now)) or [])


def _period(phrase: str, code: str) -> str:
    data = _reader(code).get_date_data(phrase)
    return data.period or "day"


@lru_cache(maxsize=16)
def _reader(code: str) -> Any:
    module = importlib.import_module("dateparser.date")
    return module.DateDataParser(languages=[code], settings={"PREFER_DATES_FROM": "past"})


@lru_cache(maxsize=1)
def _known_codes() -> frozenset[str]:
    loader = importlib.import_module("dateparser.languages.loader")
    return frozenset(code.split("-")[0] for code in loader.default_loader.get_locale_map())
