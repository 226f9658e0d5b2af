"""French time words."""

from __future__ import annotations

from lembrar.temporal.lexicon import Lexicon, words

LEXICON = Lexicon(
    code="fr",
    stopwords=words(
        "le|la|que|je|nous|en|les|des|du|et|hier|quand|sur|avons|est|un|une|avec|pour|"
        "qu'est|ce|qu'on|on|a|fait|parlé|il|y|dit|mon|ma"
    ),
    numbers={
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
        "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "quinze": 15, "vingt": 20,
        "trente": 30,
    },
    couple=words("une paire de|deux ou trois"),
    few=words("quelques|plusieurs"),
    units={
        "heure": "hour", "heures": "hour", "jour": "day", "jours": "day", "semaine": "week",
        "semaines": "week", "mois": "month", "an": "year", "ans": "year", "année": "year",
        "années": "year",
    },
    ago_before=words("il y a|ça fait|cela fait"),
    rolling_before=words("ces|les"),
    rolling_after=words("derniers|dernières"),
    days={
        "hier": -1, "aujourd'hui": 0, "demain": 1, "avant-hier": -2, "après-demain": 2,
    },
    day_periods={
        "ce matin": (0, ("morning",)), "cet après-midi": (0, ("afternoon",)),
        "ce soir": (0, ("evening",)), "cette nuit": (-1, ("night",)),
        "hier soir": (-1, ("evening",)), "hier matin": (-1, ("morning",)),
    },
    period_filters={
        "le matin": ("morning",), "dans la matinée": ("morning",), "en matinée": ("morning",),
        "le soir": ("evening",), "dans la soirée": ("evening",), "en soirée": ("evening",),
        "l'après-midi": ("afternoon",), "dans l'après-midi": ("afternoon",),
        "en après-midi": ("afternoon",), "la nuit": ("night",), "pendant la nuit": ("night",),
        "de nuit": ("night",),
    },
    period_words={
        "matin": ("morning",), "matinée": ("morning",), "après-midi": ("afternoon",),
        "soir": ("evening",), "soirée": ("evening",), "nuit": ("night",),
    },
    last=words("dernier|dernière"),
    last_after=words("dernier|dernière|passé|passée"),
    this=words("ce|cet|cette"),
    next=words("prochain|prochaine"),
    next_after=words("prochain|prochaine|qui vient"),
    calendar_units={
        "semaine": "week", "mois": "month", "an": "year", "année": "year", "week-end": "weekend",
        "weekend": "weekend",
    },
    weekend_leads=words("pendant le|durant le|au cours du"),
    weekdays={
        "lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5,
        "dimanche": 6,
    },
    weekday_plurals={
        "lundis": 0, "mardis": 1, "mercredis": 2, "jeudis": 3, "vendredis": 4, "samedis": 5,
        "dimanches": 6,
    },
    weekday_every=words("un|chaque|le"),
    weekday_every_plural=words("les|tous les"),
    months={
        "janvier": 1, "février": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
        "août": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12,
    },
    month_leads=words("en|au mois de|le mois de|durant|pendant|courant|dans le courant de"),
    week_ordinals={"première": 1, "premier": 1, "1re": 1, "1er": 1, "deuxième": 2, "seconde": 2, "second": 2,
                   "troisième": 3, "quatrième": 4, "dernière": -1, "dernier": -1},
    articles=words("la|le|pendant la|pendant le|durant la|durant le"),
    month_parts={
        "fin du": "late", "à la fin du": "late", "début du": "early", "au début du": "early",
        "milieu du": "mid", "au milieu du": "mid",
        "début": "early", "début de": "early", "au début de": "early", "mi": "mid",
        "à la mi": "mid", "milieu de": "mid", "au milieu de": "mid", "fin": "late",
        "fin de": "late", "à la fin de": "late",
    },
    of=words("de|du|d'|de la"),
    date_leads=words("le|en"),
    ordinals=words("er|re|e|ème|eme"),
    year_leads=words("en|en l'an|l'an|l'année|durant|pendant|au cours de"),
    seasons={"hiver": "winter", "printemps": "spring", "été": "summer", "automne": "autumn"},
    season_leads=words(
        "en|au|pendant|pendant l'|pendant le|durant l'|durant le|au cours de l'|au cours du|"
        "en plein|tout l'|tout le|cet|ce"
    ),
    leads=words(
        "en|le|la|pendant|durant|l'|au cours de|au cours du|pendant le|pendant la|"
        "pendant l'|dans|dans la|dans le"
    ),
    holidays={
        "noël": "christmas", "jour de noël": "christmas", "veille de noël": "christmas_eve",
        "réveillon de noël": "christmas_eve", "saint-sylvestre": "new_years_eve",
        "réveillon du nouvel an": "new_years_eve", "nouvel an": "new_year",
        "jour de l'an": "new_year", "pâques": "easter", "vendredi saint": "good_friday",
    },
    holiday_leads=words("à|à la|pour|pour la|pendant"),
    soft={
        "à la même époque l'an dernier": "year_ago",
        "l'an dernier à la même époque": "year_ago",
        "à la même époque l'année dernière": "year_ago",
        "récemment": "recent", "dernièrement": "recent", "ces derniers temps": "recent",
        "ces temps-ci": "recent", "l'autre jour": "other_day", "l'autre fois": "other_day",
        "il y a quelque temps": "while", "il y a un moment": "while",
        "il y a un certain temps": "while", "il y a longtemps": "long",
        "il y a bien longtemps": "long", "il y a peu": "not_long",
        "il y a peu de temps": "not_long", "il n'y a pas longtemps": "not_long",
    },
    since=words("depuis|à partir de|à partir du|dès|depuis le|depuis la"),
    until=words("jusqu'à|jusqu'au|jusqu'en"),
    before=words("avant|avant le|avant la"),
    after=words("après|après le|après la"),
    about=words(
        "environ|vers|à peu près|aux alentours de|aux alentours du|autour de|autour du|"
        "approximativement|aux environs de|aux environs du"
    ),
    about_quantity=words("presque|peut-être"),
    about_after=words("environ|à peu près|ou à peu près|plus ou moins|ou presque"),
    range_from=words("entre|du|de|depuis"),
    range_to=words("au|à|jusqu'au|jusqu'à"),
    range_and=words("et"),
)
