"""Portuguese time words (Brazil and Portugal)."""

from __future__ import annotations

from lembrar.temporal.lexicon import Lexicon, words

EVENING_NIGHT = ("evening", "night")

LEXICON = Lexicon(
    code="pt",
    stopwords=words(
        "o|que|eu|você|voce|nós|em|no|na|foi|de|do|da|e|sobre|ontem|quando|falamos|"
        "não|nao|um|uma|com|para|os|as|meu|minha|isso|está|há|faz|fiz|fizemos|atrás"
    ),
    numbers={
        "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5,
        "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12,
        "quinze": 15, "vinte": 20, "trinta": 30,
    },
    couple=words("um par de|uns dois|umas duas"),
    few=words("alguns|algumas|uns|umas|poucos|poucas|vários|várias|uns poucos|umas poucas"),
    units={
        "hora": "hour", "horas": "hour", "dia": "day", "dias": "day", "semana": "week",
        "semanas": "week", "mês": "month", "meses": "month", "ano": "year", "anos": "year",
    },
    ago_before=words("há|faz|fazem"),
    ago_after=words("atrás"),
    rolling=words("os últimos|as últimas|nos últimos|nas últimas|últimos|últimas"),
    days={
        "ontem": -1, "hoje": 0, "amanhã": 1, "anteontem": -2, "antes de ontem": -2,
        "depois de amanhã": 2,
    },
    day_periods={
        "esta manhã": (0, ("morning",)), "nesta manhã": (0, ("morning",)),
        "hoje cedo": (0, ("morning",)), "ontem cedo": (-1, ("morning",)),
        "esta tarde": (0, ("afternoon",)), "nesta tarde": (0, ("afternoon",)),
        "esta noite": (0, EVENING_NIGHT), "nesta noite": (0, EVENING_NIGHT),
    },
    period_filters={
        "de manhã": ("morning",), "pela manhã": ("morning",), "na manhã": ("morning",),
        "de manhãzinha": ("morning",), "às manhãs": ("morning",), "pelas manhãs": ("morning",),
        "de tarde": ("afternoon",), "à tarde": ("afternoon",), "pela tarde": ("afternoon",),
        "na parte da tarde": ("afternoon",), "às tardes": ("afternoon",),
        "à noite": EVENING_NIGHT, "de noite": EVENING_NIGHT, "pela noite": EVENING_NIGHT,
        "durante a noite": EVENING_NIGHT, "às noites": EVENING_NIGHT,
        "de madrugada": ("night",), "na madrugada": ("night",), "pela madrugada": ("night",),
    },
    last=words("último|última|passado|passada"),
    last_after=words("passado|passada"),
    before_last=words("retrasado|retrasada|antepassado|antepassada"),
    this=words("este|esta|neste|nesta|esse|essa|nesse|nessa|deste|desta"),
    next=words("próximo|próxima"),
    next_after=words("que vem"),
    calendar_units={
        "semana": "week", "mês": "month", "ano": "year", "fim de semana": "weekend",
        "final de semana": "weekend",
    },
    weekend_leads=words("no|durante o|pelo|ao longo do"),
    weekdays={
        "segunda-feira": 0, "terça-feira": 1, "quarta-feira": 2, "quinta-feira": 3,
        "sexta-feira": 4, "sábado": 5, "domingo": 6,
    },
    weekdays_short={"segunda": 0, "terça": 1, "quarta": 2, "quinta": 3, "sexta": 4},
    short_leads=words(
        "na|nesta|numa|desta|última|próxima|esta|essa|nessa|toda|cada|às|nas"
    ),
    short_blocked=words(
        "vez|vezes|parte|metade|opção|classe|mão|guerra|série|edição|geração|temporada|"
        "rodada|fase|etapa|pessoa|colocada|colocado|linha|página|lugar|posição|divisão|"
        "dose|chance|volta|via|instância|ordem|mais|maior|casa|letra|língua|intenção|"
        "intenções|opinião|dimensão|sinfonia|coluna|turma|sessão|onda|marcha|potência|e"
    ),
    weekday_plurals={
        "segundas-feiras": 0, "terças-feiras": 1, "quartas-feiras": 2, "quintas-feiras": 3,
        "sextas-feiras": 4, "sábados": 5, "domingos": 6, "segundas": 0, "terças": 1,
        "quartas": 2, "quintas": 3, "sextas": 4,
    },
    weekday_every=words("todo|toda|cada|num|numa|em um|em uma"),
    weekday_every_plural=words("aos|às|nos|nas|todos os|todas as|pelos|pelas"),
    months={
        "janeiro": 1, "fevereiro": 2, "março": 3, "abril": 4, "maio": 5, "junho": 6,
        "julho": 7, "agosto": 8, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
    },
    month_leads=words(
        "em|no mês de|o mês de|durante|durante o mês de|ao longo de|em pleno|lá para|lá pra"
    ),
    week_ordinals={"primeira": 1, "primeiro": 1, "1ª": 1, "1º": 1, "segunda": 2, "segundo": 2, "terceira": 3,
                   "terceiro": 3, "quarta": 4, "quarto": 4, "última": -1, "último": -1},
    articles=words("a|o|na|no|naquela|naquele"),
    month_parts={
        "no fim do": "late", "fim do": "late", "no final do": "late", "final do": "late",
        "no início do": "early", "início do": "early", "no começo do": "early", "começo do": "early",
        "em meados do": "mid", "meados do": "mid",
        "início de": "early", "no início de": "early", "inicio de": "early",
        "começo de": "early", "no começo de": "early", "princípio de": "early",
        "no princípio de": "early", "meados de": "mid", "em meados de": "mid",
        "fim de": "late", "no fim de": "late", "final de": "late", "no final de": "late",
        "finais de": "late", "em finais de": "late", "fins de": "late", "em fins de": "late",
    },
    of=words("de|do|da|dos|das"),
    date_leads=words("em|no dia|dia|o dia|no|na"),
    day_leads=words("no dia|o dia|dia"),
    ordinals=words("º|ª"),
    year_leads=words("em|no ano de|o ano de|durante|durante o ano de|no ano|ao longo de"),
    seasons={"inverno": "winter", "primavera": "spring", "verão": "summer", "outono": "autumn"},
    season_leads=words(
        "no|na|em|durante o|durante a|em pleno|em plena|ao longo do|ao longo da|no meio do|"
        "no meio da|todo o|toda a"
    ),
    leads=words(
        "em|no|na|nos|nas|durante|durante o|durante a|o|dia|no dia|o dia|lá para|lá pra|"
        "lá pelo|lá pela|ao longo de|ao longo do|ao longo da"
    ),
    holidays={
        "natal": "christmas", "dia de natal": "christmas", "véspera de natal": "christmas_eve",
        "noite de natal": "christmas_eve", "réveillon": "new_years_eve",
        "véspera de ano novo": "new_years_eve", "ano novo": "new_year",
        "dia de ano novo": "new_year", "páscoa": "easter", "sexta-feira santa": "good_friday",
    },
    ambiguous_holidays=words("natal"),
    holiday_leads=words("no|o|pelo|durante o|neste"),
    soft={
        "nesta época do ano passado": "year_ago", "nessa época do ano passado": "year_ago",
        "por esta altura no ano passado": "year_ago",
        "recentemente": "recent", "ultimamente": "recent", "nos últimos tempos": "recent",
        "outro dia": "other_day", "no outro dia": "other_day", "o outro dia": "other_day",
        "esses dias": "other_day", "um dia desses": "other_day", "dia desses": "other_day",
        "há algum tempo": "while", "faz algum tempo": "while", "algum tempo atrás": "while",
        "um tempo atrás": "while", "há um tempo": "while", "faz um tempo": "while",
        "há um tempinho": "while", "faz um tempinho": "while", "há tempos": "long",
        "há pouco tempo": "not_long", "faz pouco tempo": "not_long",
        "pouco tempo atrás": "not_long", "há pouco": "not_long",
        "há muito tempo": "long", "faz muito tempo": "long", "muito tempo atrás": "long",
    },
    since=words("desde|a partir de|desde o|desde a"),
    until=words("até|até o|até a"),
    before=words("antes de|antes do|antes da"),
    after=words("depois de|depois do|depois da|após"),
    about=words(
        "cerca de|mais ou menos|por volta de|por volta do|por volta da|aproximadamente|"
        "perto de|lá para|lá pra|lá pelo|lá pela"
    ),
    about_quantity=words("uns|umas|quase|talvez"),
    about_after=words("mais ou menos|ou por aí|por aí|ou assim|aproximadamente"),
    range_from=words("entre|de|desde|do|da"),
    range_to=words("a|até|ao"),
    range_and=words("e"),
)
