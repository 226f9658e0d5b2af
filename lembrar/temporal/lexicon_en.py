"""English time words."""

from __future__ import annotations

from lembrar.temporal.lexicon import Lexicon, words

EVENING_NIGHT = ("evening", "night")

LEXICON = Lexicon(
    code="en",
    day_first=False,
    stopwords=words(
        "the|what|did|we|i|you|on|in|about|was|is|my|and|last|ago|when|it|to|of|have|do|"
        "with|that|this|where|which|were|had|how"
    ),
    numbers={
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
        "fifteen": 15, "twenty": 20, "thirty": 30,
    },
    couple=words("a couple of|a couple|couple of"),
    few=words("a few|few|several|some|a number of"),
    units={
        "hour": "hour", "hours": "hour", "day": "day", "days": "day", "week": "week",
        "weeks": "week", "month": "month", "months": "month", "year": "year", "years": "year",
    },
    ago_after=words("ago|back"),
    rolling=words("the past|past|the last|last|these last|these past"),
    days={
        "yesterday": -1, "today": 0, "tomorrow": 1, "the day before yesterday": -2,
        "day before yesterday": -2, "the day after tomorrow": 2, "day after tomorrow": 2,
    },
    day_periods={
        "this morning": (0, ("morning",)), "this afternoon": (0, ("afternoon",)),
        "this evening": (0, ("evening",)), "tonight": (0, EVENING_NIGHT),
        "last night": (-1, EVENING_NIGHT), "last evening": (-1, ("evening",)),
    },
    period_filters={
        "in the morning": ("morning",), "in the mornings": ("morning",),
        "during the morning": ("morning",), "every morning": ("morning",),
        "in the afternoon": ("afternoon",), "in the afternoons": ("afternoon",),
        "during the afternoon": ("afternoon",), "every afternoon": ("afternoon",),
        "in the evening": ("evening",), "in the evenings": ("evening",),
        "during the evening": ("evening",), "every evening": ("evening",),
        "at night": ("night",), "during the night": ("night",), "in the night": ("night",),
        "every night": ("night",), "at nights": ("night",),
    },
    period_words={
        "morning": ("morning",), "afternoon": ("afternoon",), "evening": ("evening",),
        "night": EVENING_NIGHT, "mornings": ("morning",), "afternoons": ("afternoon",),
        "evenings": ("evening",), "nights": EVENING_NIGHT,
    },
    period_plurals=words("mornings|afternoons|evenings|nights"),
    last=words("last|this past|this last"),
    before_last=words("before last"),
    this=words("this|the current|current"),
    next=words("next|the coming|coming|this coming"),
    calendar_units={
        "week": "week", "month": "month", "year": "year", "weekend": "weekend",
        "week-end": "weekend",
    },
    weekend_leads=words("over the|on the|at the|during the|over|on|at"),
    weekdays={
        "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
        "saturday": 5, "sunday": 6,
    },
    weekday_plurals={
        "mondays": 0, "tuesdays": 1, "wednesdays": 2, "thursdays": 3, "fridays": 4,
        "saturdays": 5, "sundays": 6,
    },
    weekday_every=words("on a|every|each|any"),
    weekday_every_plural=words("on|every|on the"),
    months={
        "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
        "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    },
    month_abbrevs={
        "jan": 1, "feb": 2, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
        "oct": 10, "nov": 11, "dec": 12,
    },
    ambiguous_months=words("may|march|august|june|april"),
    modal_followers=words(
        "be|have|not|also|well|never|still|just|even|only|"
        "the|a|an|to|as|help|take|need|get|go|come|want|ask|see|use|make|find|seem|"
        "know|say|do|happen|become|forward|past|into|through|across|along|down|up|away"
    ),
    month_leads=words(
        "in|during|in the month of|the month of|month of|throughout"
    ),
    week_ordinals={"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
                   "last": -1},
    articles=words("the|that"),
    month_parts={
        "early": "early", "at the beginning of": "early", "the beginning of": "early",
        "beginning of": "early", "the start of": "early", "start of": "early",
        "mid": "mid", "the middle of": "mid", "middle of": "mid",
        "late": "late", "at the end of": "late", "the end of": "late", "end of": "late",
    },
    of=words("of"),
    date_leads=words("on|on the"),
    day_leads_ordinal=words("on the"),
    ordinals=words("st|nd|rd|th"),
    year_leads=words("in|during|the year|in the year|throughout"),
    seasons={
        "winter": "winter", "spring": "spring", "summer": "summer", "autumn": "autumn",
        "fall": "autumn",
    },
    season_leads=words(
        "in|in the|during|during the|over the|throughout the|all|all the|in the middle of the"
    ),
    leads=words(
        "on|in|at|during|over|for|on the|in the|at the|during the|over the|the|for the|"
        "throughout|throughout the|sometime|sometime in|some time in|earlier|later|earlier in|"
        "later in"
    ),
    holidays={
        "christmas": "christmas", "christmas day": "christmas", "xmas": "christmas",
        "christmas eve": "christmas_eve", "new year's eve": "new_years_eve",
        "new years eve": "new_years_eve", "new year's day": "new_year", "new years day": "new_year",
        "easter": "easter", "easter sunday": "easter", "good friday": "good_friday",
    },
    soft={
        "this time last year": "year_ago", "around this time last year": "year_ago",
        "this time a year ago": "year_ago",
        "recently": "recent", "lately": "recent", "just recently": "recent",
        "the other day": "other_day", "the other week": "other_week",
        "a while ago": "while", "a while back": "while", "some time ago": "while",
        "a little while ago": "not_long", "not long ago": "not_long",
        "not so long ago": "not_long", "a long time ago": "long", "long ago": "long",
        "ages ago": "long", "a long while ago": "long",
    },
    since=words("since|ever since|starting|starting from"),
    until=words("until|till|up until|up to"),
    before=words("before|prior to"),
    after=words("after"),
    about=words("around|roughly|approximately|approx|circa|somewhere around|sometime around"),
    about_quantity=words("about|maybe|perhaps|probably|almost|nearly|just over|just under"),
    about_blocked=words(
        "talk|talked|talking|talks|think|thought|thinking|speak|spoke|speaking|say|said|"
        "ask|asked|asking|hear|heard|know|knew|tell|told|write|wrote|read|forget|forgot|"
        "remember|remembered|care|cared|worry|worried|chat|chatted|learn|learned|dream|"
        "dreamt|dreamed|complain|complained|joke|joked|mean|meant|sorry|news|question|"
        "questions|something|anything|nothing|what|was|is|it"
    ),
    about_after=words("or so|more or less|give or take|or thereabouts"),
    range_from=words("between|from"),
    range_to=words("to|until|till|through|thru"),
    range_and=words("and"),
)
