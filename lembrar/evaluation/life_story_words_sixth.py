"""The sixth set of other words for the life story's beats, told by seeds 500 and above
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``SIXTH`` was written without reading the extractor or any of its output: the held-out set for
the work after FIFTH was developed on, to be measured once. Its sentences take other shapes
again: passive voice ("was hired by", "was delivered"), facts in parentheses and one-line
lists, a fact as the reason behind a request, fronted time phrases, other verbs and nouns for
the same facts ("signed the lease", "the new hire", "by profession", "the husband"), and
Portuguese with "a gente", first person plural, "cá", "lá" and diminutives.

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

SIXTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "Hey hey, got a minute?",
            "good evening :) me again",
        ),
        ("Olá! Cá estou outra vez.", "Boa noite, posso fazer-te umas perguntas?"),
    ),
    0.1: (
        (
            "I was hired by {company1} as a {role} two years ago and I've lived in {city1} ever"
            " since.",
            "My job title at {company1} is {role}, and I live in {city1}; does that change"
            " anything for the tax question?",
            "(for context: {role} at {company1}, and my flat's in {city1}) which laptop bag holds"
            " up on a bike?",
        ),
        (
            "Fui contratada pela {company1} como {role_pt} e desde então vivo em {city1}.",
            "Moro em {city1}, e o meu trabalho é de {role_pt}, lá na {company1}.",
        ),
    ),
    1: (
        (
            "What's a good board game for two? It's for me and my boyfriend, {partner}.",
            "so there's a boyfriend in the picture now: {partner}. thought you should know",
            "A weekend away has been booked by my boyfriend {partner}, and he won't tell me where.",
        ),
        ("Qual é um bom restaurante para levar o meu namorado, o {partner}?",),
    ),
    2: (
        (
            "Could you check this recipe for {allergen}? I'm allergic, and the label is vague.",
            "My {allergen} allergy was confirmed by a skin test on Monday.",
            "for the meal plan there's one rule: no {allergen}, ever (allergy)",
        ),
        ("Podes ver se esta receita leva {allergen_pt}? Sou alérgica e não quero arriscar.",),
    ),
    3: (
        (
            "Any stretches you'd recommend after {hobby}? I've been going every Saturday since"
            " spring.",
            "I was talked into {hobby} by a friend, and now I go every week without fail.",
            "most evenings you'll find me at {hobby}, it's become my thing",
        ),
        ("Desde a primavera que faço {hobby_pt} aos sábados, e que bem que me sabe.",),
    ),
    4: (
        (
            "Family in one line: one sister, {sister}, living in {sister_city1}, {sister_role} by"
            " profession.",
            "Which gifts survive the post? My sister {sister} lives in {sister_city1}, and her"
            " {sister_role} job keeps her too busy to come home.",
            "my sister {sister} has been in {sister_city1} for years; {sister_role} is what she"
            " does there",
        ),
        ("A minha irmã, a {sister}, está lá em {sister_city1} e é {sister_role_pt} de profissão.",),
    ),
    4.5: (
        (
            "Did {friend} ever get that promotion, do you know?",
            "what's {friend}'s favourite flower again? I can't remember",
            "Has {friend} found a new flat yet, or is she still looking?",
        ),
        ("Tu sabes se a {friend} já voltou de férias?",),
    ),
    5: (
        (
            "There's a {pet_kind} puppy in our kitchen as of this morning: we adopted him!",
            "we went to the rescue 'just to look' and came back with a {pet_kind} puppy, adopted"
            " and all",
            "What's the best crate for a puppy? We adopted a {pet_kind} on Saturday and he cries"
            " at night.",
        ),
        (
            "Fomos só espreitar ao canil e viemos de lá com um cachorrinho {pet_kind_pt}, já é"
            " nosso!",
        ),
    ),
    5.2: (
        (
            "By a coin toss, the puppy became {pet}.",
            "We're calling the pup {pet}; any tips for teaching him his name?",
            "what goes on a dog tag besides the name? ours will say {pet}, for the puppy",
        ),
        ("O cachorrinho ficou a chamar-se {pet}, foi a votos cá em casa.",),
    ),
    6: (
        (
            "Hypothetically, what would a one-bedroom cost in {dream_city}? Not moving, just"
            " dreaming.",
            "if money were no object i'd spend every winter in {dream_city}",
        ),
        ("Se a gente ganhasse o Euromilhões, comprava uma casinha em {dream_city}.",),
    ),
    7: (
        (
            "Is there a fast train from {colleague_city}? My colleague {colleague} lives there and"
            " keeps missing the early meeting.",
            "{colleague} (we work together) lives in {colleague_city} and swears by it.",
        ),
        (
            "Lá em {colleague_city}, onde vive o meu colega {colleague}, há uma feira ótima ao"
            " domingo.",
        ),
    ),
    8: (
        (
            "Can you turn this shopping list into a table?",
            "what rhymes with 'orange', seriously",
            "Draft a two-line apology for missing a meeting, please.",
        ),
        ("Dás-me uma receita de sopa rápida, por favor?",),
    ),
    9: (
        (
            "Guess who's a wife now! {partner} and I had our wedding on Saturday.",
            "we were married by a judge on friday, {partner} and me, and then went for pizza",
            "How do we merge our bank accounts now that {partner} and I are wed? The ceremony was"
            " last weekend.",
        ),
        ("O {partner} e eu já somos marido e mulher, foi no sábado!",),
    ),
    10: (
        (
            "the husband and I are repainting the hall this weekend, which colour hides"
            " fingerprints?",
            "What should I cook for my husband and me tonight? Nothing over five ingredients.",
            "Remind me to pick my husband up from the airport at six?",
        ),
        ("O meu marido e eu vamos ao cinema logo, que filme é que está bom?",),
    ),
    11: (
        (
            "We've never owned a microwave, believe it or not.",
            "i'm not on whatsapp, so email is easier",
            "Neither of us has ever been to Asia.",
        ),
        ("Nunca fui a Itália, acreditas?",),
    ),
    12: (
        (
            "What can I give {sister} for her move to {sister_city2} next month? She's nervous"
            " about it.",
            "news from the family: my sister has a job lined up in {sister_city2} and leaves for"
            " it in six weeks",
            "{sister}'s move to {sister_city2} is booked for the start of next month.",
        ),
        (
            "A {sister} vai-se embora para {sister_city2} daqui a um mês, já tem lá trabalho à"
            " espera.",
        ),
    ),
    13: (
        (
            "Video call with {sister} from her flat in {sister_city2} last night; she's properly"
            " settled in there now.",
            "my sister's a {sister_city2} local these days, the move went smoothly",
            "Since her move, {sister} has been living in {sister_city2} and sending me photos.",
        ),
        ("A {sister} já está a morar em {sister_city2}, correu tudo bem com a mudança.",),
    ),
    14: (
        (
            "we signed the lease on a flat in {city2}, we move in at the start of next month",
            "Our move to {city2} is set for the summer and the removal van is booked.",
            "by the autumn we'll be living in {city2}, it's decided",
        ),
        ("Assinámos o contrato de uma casa em {city2}, mudamo-nos para lá no mês que vem.",),
    ),
    14.5: (
        (
            "What's the cheapest way to get rid of an old sofa before a move?",
            "my whole life is in cardboard right now, send snacks",
        ),
        ("Estou rodeada de caixas, isto de embalar nunca mais acaba.",),
    ),
    15: (
        (
            "Which supermarket in {city2} delivers on Sundays? We moved in here on Saturday.",
            "so that's the move done, and {city2} is home now",
            "We were registered with a GP in {city2} today, now that we live here.",
        ),
        ("Já cá estamos em {city2}, com a casinha montada e tudo.",),
    ),
    16: (
        (
            "My {company1} badge was handed in on Friday, and on Monday I'm the new hire at"
            " {company2}.",
            "what do I bring on a first day? leaving {company1} was the hard part, and {company2}"
            " starts me next monday",
            "Resignation accepted at {company1}, I finish today, and {company2} expects me on the"
            " first.",
        ),
        (
            "Fechei o capítulo da {company1} na sexta, e na segunda começo a trabalhar na"
            " {company2}.",
        ),
    ),
    16.5: (
        (
            "Three weeks at {company2} and I've already been given my own project.",
            "how do I ask my manager at {company2} for a new chair? I've only worked there a month",
        ),
        ("Sinto-me em casa na {company2}, onde trabalho desde o mês passado.",),
    ),
    20: (
        (
            "our daughter is here: my girl {child} arrived on Tuesday and we're besotted",
            "Help me word the announcement? Our daughter {child} was born on Thursday, mum and"
            " baby both fine.",
            "{child}, our daughter, was delivered early this morning and we're all well.",
        ),
        ("A gente já tem cá a {child}: a nossa filhota nasceu na terça.",),
    ),
    21: (
        (
            "Also, we have a kitten now: {kitten}. she runs the house.",
            "Can a kitten and a dog share a water bowl? {kitten}, our new kitten, keeps drinking"
            " from his.",
        ),
        (
            "Fomos buscar uma gatinha à associação, a {kitten}, e o cão ainda não sabe o que"
            " pensar.",
        ),
    ),
    22: (
        (
            "right, that's me done for now, thank you!",
            "Do you reckon {sister} would enjoy a spa voucher?",
            "Thanks a million, chat later.",
        ),
        ("Obrigadinha pela ajuda, até à próxima!",),
    ),
}
