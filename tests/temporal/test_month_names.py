"""Month names have one source, the time lexicons; other code reads them from there."""

from __future__ import annotations

import pytest

from lembrar.evaluation.frame_questions import _MONTHS as FRAME_MONTHS
from lembrar.evaluation.shapes.calendar import MONTHS as CALENDAR_MONTHS
from lembrar.graph.extract.names import NOT_NAMES
from lembrar.importers.locomo import parse_date
from lembrar.temporal.grammar import LEXICONS


@pytest.mark.parametrize("code", sorted(LEXICONS))
def test_each_language_names_its_twelve_months_in_order(code):
    lexicon = LEXICONS[code]
    names = lexicon.month_names()
    assert len(names) == 12
    assert [lexicon.months[name] for name in names] == list(range(1, 13))


def test_the_first_spelling_of_a_month_is_its_name():
    assert LEXICONS["es"].month_names()[8] == "septiembre"  # not "setiembre"
    assert LEXICONS["fr"].month_names()[1] == "février"


def test_the_question_sets_and_the_name_filter_read_the_lexicons():
    assert CALENDAR_MONTHS["en"][0] == "January" and CALENDAR_MONTHS["pt"][11] == "dezembro"
    assert FRAME_MONTHS["fr"] == LEXICONS["fr"].month_names()
    assert {"june", "sept", "mar", "março"} <= NOT_NAMES


def test_a_locomo_date_reads_its_month_from_the_english_lexicon():
    assert parse_date("1:56 pm on 8 September, 2023").month == 9
