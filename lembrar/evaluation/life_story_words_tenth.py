"""The tenth set of other words for the life story's beats, told by seeds 900 and above
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``TENTH`` was written without reading the extractor or any of its output: the held-out set for
the work after NINTH was developed on, to be measured once. Its sentences are the kind most
people type to a chat assistant: about half short, plain statements ("I'm allergic to X.", "My
boyfriend's name is X.", "We live in X now."), the rest casual or carrying the fact as the
background to a request ("Can you help me plan meals for the week? Nothing with X, I'm
allergic."), with announcements ("It's official", "She's here!!"), lowercase, emoji, the
article left out where a name would need "an" ("loves her X job"), and informal European
Portuguese in the feminine first person ("olha", "estou viciada", "já sou uma mulher casada").

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

TENTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "Hi! Hope your day's going well.",
            "hello, quick one for you",
            "Hey, it's me again.",
        ),
        ("Olá! Tens um minutinho?", "Boas, tudo bem contigo?"),
    ),
    0.1: (
        (
            "I'm a {role} at {company1} and I live in {city1}.",
            "I live in {city1} and work for {company1} as a {role}, so keep that in mind when"
            " you suggest anything.",
            "Can you help me update my LinkedIn summary? I'm a {role} at {company1} and I live in"
            " {city1}.",
        ),
        (
            "Trabalho como {role_pt} na {company1} e moro em {city1}.",
            "Ajudas-me a escrever uma bio curtinha? Sou {role_pt} na {company1} e vivo em {city1}.",
        ),
    ),
    1: (
        (
            "My boyfriend's name is {partner}.",
            "What should I get my boyfriend {partner} for our anniversary?",
            "so {partner}, my boyfriend, is convinced he can make sushi at home tonight lol",
        ),
        (
            "O meu namorado chama-se {partner}.",
            "Que filme é que eu e o {partner}, o meu namorado, podemos ver hoje?",
        ),
    ),
    2: (
        (
            "I'm allergic to {allergen}.",
            "Just so you know, {allergen} gives me a bad allergic reaction, so please never"
            " suggest anything with it.",
            "Can you help me plan meals for the week? Nothing with {allergen}, I'm allergic.",
        ),
        (
            "Sou alérgica a {allergen_pt}.",
            "Olha, tenho alergia a {allergen_pt}, por isso nada disso nas sugestões, ok?",
        ),
    ),
    3: (
        (
            "I do {hobby} on weekends.",
            "Took up {hobby} a few months ago and honestly it's the best part of my week.",
            "What should I wear for {hobby}? I go twice a week and my old stuff isn't great.",
        ),
        (
            "Faço {hobby_pt} todas as semanas.",
            "Ando a fazer {hobby_pt} desde o ano passado e estou viciada.",
        ),
    ),
    4: (
        (
            "My sister {sister} lives in {sister_city1} and loves her {sister_role} job.",
            "Which parcel service is best for sending a box to {sister_city1}? It's for my sister"
            " {sister}, who lives there; she's so busy with her {sister_role} job that she hasn't"
            " been home in ages.",
            "my sister {sister} is the {sister_role} of the family lol, she lives in"
            " {sister_city1}",
        ),
        (
            "A minha irmã {sister} vive em {sister_city1} e trabalha lá como {sister_role_pt}.",
            "A {sister}, a minha irmã, mora em {sister_city1}; é {sister_role_pt}.",
        ),
    ),
    4.5: (
        (
            "Is {friend} still living with her parents, do you know?",
            "Do you think {partner} would prefer a watch or a nice wallet?",
            "Where did {friend} say she was working these days?",
        ),
        ("Lembras-te se a {friend} ainda está a trabalhar no hospital?",),
    ),
    5: (
        (
            "We adopted a {pet_kind} puppy!",
            "Meet the newest member of the household: a {pet_kind} puppy we adopted yesterday 🐶",
            "What should a new puppy eat? We've just adopted a little {pet_kind}.",
        ),
        (
            "Adotámos um cachorro {pet_kind_pt}!",
            "Que ração é que se dá a um cachorrinho? Acabámos de adotar um {pet_kind_pt}.",
        ),
    ),
    5.2: (
        (
            "The puppy's name is {pet}.",
            "After a lot of arguing we've decided to call the puppy {pet}.",
            "How do I get the puppy to come when I call him? His name's {pet}, by the way.",
        ),
        (
            "Demos ao cachorrinho o nome de {pet}.",
            "O nosso cachorro ficou {pet}, que achas do nome?",
        ),
    ),
    6: (
        (
            "If we ever won the lottery I think I'd buy a place in {dream_city}.",
            "Would I be able to afford rent in {dream_city} on an average salary? Just curious,"
            " no plans.",
            "I could never live in {dream_city}, way too big for me.",
        ),
        ("Se eu pudesse, ia viver para {dream_city}, mas é só um sonho.",),
    ),
    7: (
        (
            "My colleague {colleague} lives in {colleague_city}.",
            "What's {colleague_city} like? My colleague {colleague} lives there and keeps telling"
            " me to visit.",
            "{colleague}, a guy I work with, lives all the way out in {colleague_city}.",
        ),
        ("O {colleague}, o meu colega, vive em {colleague_city}.",),
    ),
    8: (
        (
            "How long do I boil an egg for a runny yolk?",
            "Can you summarise this article for me in three bullet points?",
            "what's the difference between affect and effect",
        ),
        ("Como é que se tira uma mancha de vinho tinto?",),
    ),
    9: (
        (
            "{partner} and I got married today!",
            "We did it, {partner} and I are officially married 💍 the wedding was yesterday",
            "Can you help me write a thank-you message to our guests? {partner} and I got married"
            " last weekend.",
        ),
        (
            "Casei com o {partner} no sábado!",
            "Já sou uma mulher casada, eu e o {partner} casámos ontem 😄",
        ),
    ),
    10: (
        (
            "My husband is cooking tonight.",
            "my husband and I can't agree on what to watch tonight, any ideas?",
            "Can you suggest a board game my husband and I could play on a rainy Sunday?",
        ),
        ("O meu marido foi às compras, vou aproveitar para descansar um bocadinho.",),
    ),
    11: (
        (
            "I don't drink coffee.",
            "We don't have a TV at home, so no series recommendations please.",
            "No, I've never been to the US.",
        ),
        ("Não tenho Instagram, por isso não vi.",),
    ),
    12: (
        (
            "My sister is moving to {sister_city2} next month.",
            "{sister} just told me she's moving to {sister_city2} in the autumn, I'm going to"
            " miss her.",
            "Any tips to help {sister} with her move to {sister_city2}? She's going in a few"
            " weeks.",
        ),
        ("A {sister} vai viver para {sister_city2} daqui a umas semanas.",),
    ),
    13: (
        (
            "{sister} lives in {sister_city2} now.",
            "my sister finally made the move, she's living in {sister_city2} now and loving it",
            "What time is it in {sister_city2}? {sister} lives there now and I want to call her.",
        ),
        ("A minha irmã já vive em {sister_city2}.",),
    ),
    14: (
        (
            "We're moving to {city2} next month.",
            "It's official, we've decided to move to {city2} this summer!",
            "Can you make me a checklist for moving house? We're moving to {city2} in March.",
        ),
        ("Decidimos ir viver para {city2}, mudamo-nos daqui a dois meses.",),
    ),
    14.5: (
        (
            "I've been packing all day and I still have the kitchen to do.",
            "how do you pack glasses so they don't break?",
        ),
        ("Estou farta de fazer caixas!",),
    ),
    15: (
        (
            "We live in {city2} now.",
            "The move's done! We're in {city2} now, still unpacking.",
            "Any good brunch spots in {city2}? We just moved here.",
        ),
        ("Já nos mudámos para {city2}, ainda está tudo em caixas.",),
    ),
    16: (
        (
            "I quit {company1}. I start at {company2} next week.",
            "Said goodbye to everyone at {company1} today 😢 new job at {company2} starts Monday"
            " though!",
            "What should I say in my goodbye email? I'm leaving {company1} on Friday and starting"
            " at {company2} the week after.",
        ),
        ("Despedi-me da {company1}! Começo na {company2} na segunda-feira.",),
    ),
    16.5: (
        (
            "I work at {company2} now.",
            "the new job at {company2} is going really well so far, everyone's super nice",
            "How do I set up a standing desk properly? I've just started working at {company2}"
            " and they gave me one.",
        ),
        ("Estou a trabalhar na {company2} há um mês e estou a adorar.",),
    ),
    20: (
        (
            "Our daughter {child} was born this morning!",
            "She's here!! our baby girl {child} arrived last night and we're so in love",
            "What do newborns actually need in the first week? Our daughter {child} was born two"
            " days ago and I'm panicking a bit.",
        ),
        (
            "Nasceu a nossa filha, a {child}! Estou tão feliz.",
            "A {child}, a nossa bebé, nasceu ontem à noite.",
        ),
    ),
    21: (
        (
            "We got a kitten called {kitten}.",
            "meet {kitten}, the kitten we just brought home 🐱",
            "How do I get a new kitten used to the house? Ours is called {kitten} and hides under"
            " the bed all day.",
        ),
        ("Agora temos um gatinho, chama-se {kitten}.",),
    ),
    22: (
        (
            "Thanks, that's all for today!",
            "Do you think {sister} would like a visit next month?",
            "ok bye, thanks for the help",
        ),
        ("Pronto, obrigada! Até logo.",),
    ),
}
