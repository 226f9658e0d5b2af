"""Spanish time words."""

from __future__ import annotations

from lembrar.temporal.lexicon import Lexicon, words

EVENING_NIGHT = ("evening", "night")

LEXICON = Lexicon(
    code="es",
    stopwords=words(
        "el|que|yo|en|fue|de|del|la|y|sobre|ayer|cuando|hablamos|no|un|una|con|para|los|"
        "las|mi|eso|está|hace|hice|hicimos|qué|nosotros|hablé"
    ),
    numbers={
        "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
        "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "quince": 15,
        "veinte": 20, "treinta": 30,
    },
    couple=words("un par de"),
    few=words(
        "unos|unas|algunos|algunas|varios|varias|pocos|unos pocos|unos cuantos|unas cuantas"
    ),
    units={
        "hora": "hour", "horas": "hour", "día": "day", "días": "day", "semana": "week",
        "semanas": "week", "mes": "month", "meses": "month", "año": "year", "años": "year",
    },
    ago_before=words("hace"),
    ago_after=words("atrás"),
    rolling=words("los últimos|las últimas|últimos|últimas"),
    days={
        "ayer": -1, "hoy": 0, "mañana": 1, "anteayer": -2, "antier": -2, "antes de ayer": -2,
        "pasado mañana": 2,
    },
    day_periods={
        "esta mañana": (0, ("morning",)), "hoy temprano": (0, ("morning",)),
        "esta tarde": (0, ("afternoon",)), "esta noche": (0, EVENING_NIGHT),
        "anoche": (-1, EVENING_NIGHT), "antenoche": (-2, EVENING_NIGHT),
    },
    period_filters={
        "por la mañana": ("morning",), "en la mañana": ("morning",),
        "por las mañanas": ("morning",), "a la mañana": ("morning",),
        "por la tarde": ("afternoon",), "en la tarde": ("afternoon",), "de tarde": ("afternoon",),
        "a la tarde": ("afternoon",), "por las tardes": ("afternoon",),
        "por la noche": EVENING_NIGHT, "en la noche": EVENING_NIGHT, "de noche": EVENING_NIGHT,
        "por las noches": EVENING_NIGHT, "a la noche": EVENING_NIGHT,
        "de madrugada": ("night",), "en la madrugada": ("night",),
    },
    last=words("último|última|pasado|pasada"),
    last_after=words("pasado|pasada"),
    before_last=words("antepasado|antepasada"),
    this=words("este|esta"),
    next=words("próximo|próxima"),
    next_after=words("que viene|entrante"),
    calendar_units={
        "semana": "week", "mes": "month", "año": "year", "fin de semana": "weekend",
        "finde": "weekend",
    },
    weekend_leads=words("el|durante el|en el"),
    weekdays={
        "lunes": 0, "martes": 1, "miércoles": 2, "jueves": 3, "viernes": 4, "sábado": 5,
        "domingo": 6,
    },
    weekday_plurals={
        "lunes": 0, "martes": 1, "miércoles": 2, "jueves": 3, "viernes": 4, "sábados": 5,
        "domingos": 6,
    },
    weekday_every=words("un|una|cada|todo"),
    weekday_every_plural=words("los|todos los"),
    months={
        "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
        "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11,
        "diciembre": 12,
    },
    month_leads=words("en|durante|en el mes de|el mes de|a lo largo de|para"),
    week_ordinals={"primera": 1, "primer": 1, "segunda": 2, "segundo": 2, "tercera": 3, "tercer": 3,
                   "cuarta": 4, "cuarto": 4, "última": -1, "último": -1},
    articles=words("la|el|en la|en el"),
    month_parts={
        "a finales del": "late", "finales del": "late", "a principios del": "early",
        "principios del": "early", "a mediados del": "mid", "mediados del": "mid",
        "principios de": "early", "a principios de": "early", "inicios de": "early",
        "a inicios de": "early", "comienzos de": "early", "a comienzos de": "early",
        "mediados de": "mid", "a mediados de": "mid", "finales de": "late",
        "a finales de": "late", "fines de": "late", "a fines de": "late",
        "final de": "late", "a final de": "late",
    },
    of=words("de|del|de la"),
    date_leads=words("el|el día|el dia|día|en"),
    day_leads=words("el día|el dia"),
    ordinals=words("º|ª"),
    year_leads=words("en|en el año|el año|durante|durante el año"),
    seasons={"invierno": "winter", "primavera": "spring", "verano": "summer", "otoño": "autumn"},
    season_leads=words(
        "en|en el|en la|durante|durante el|durante la|a lo largo del|a lo largo de la|"
        "en pleno|todo el|toda la"
    ),
    leads=words(
        "en|el|la|los|las|en el|en la|durante|durante el|durante la|el día|el dia|día|"
        "a lo largo de|a lo largo del"
    ),
    holidays={
        "navidad": "christmas", "día de navidad": "christmas", "nochebuena": "christmas_eve",
        "nochevieja": "new_years_eve", "año nuevo": "new_year", "día de año nuevo": "new_year",
        "pascua": "easter", "domingo de pascua": "easter", "viernes santo": "good_friday",
    },
    soft={
        "por estas fechas el año pasado": "year_ago",
        "por estas fechas del año pasado": "year_ago",
        "recientemente": "recent", "últimamente": "recent", "el otro día": "other_day",
        "hace algún tiempo": "while", "hace tiempo": "while", "hace un tiempo": "while",
        "hace poco": "not_long", "hace poco tiempo": "not_long",
        "hace mucho": "long", "hace mucho tiempo": "long",
    },
    since=words("desde|a partir de|desde el|desde la"),
    until=words("hasta|hasta el|hasta la"),
    before=words("antes de|antes del"),
    after=words("después de|después del|tras"),
    about=words("alrededor de|más o menos|aproximadamente|cerca de|hacia|a eso de"),
    about_quantity=words("unos|unas|casi|quizás|quizá"),
    about_after=words("más o menos|o así|aproximadamente"),
    range_from=words("entre|de|desde|del"),
    range_to=words("a|hasta|al"),
    range_and=words("y"),
)
