"""Other words for the life story's beats (``lembrar.evaluation.life_story``), each set told only by
the seeds from its first seed on, so extraction is measured on sentences it was not developed
on.

* ``SECOND`` (seeds 100–199) was written before any extraction output was read; extraction was
  developed on seeds 0–4, measured once on 100–109, and then developed further on those too.
* ``THIRD`` (seeds 200–299) was written after that first measurement and before any more
  extraction output was read: the held-out set for the work that followed. Extraction has since
  been developed on it too.
* ``FOURTH`` (seeds 300–399) was written without reading the extractor or any of its output:
  the held-out set for the work after THIRD was developed on. Its sentences take other shapes
  again: facts said in passing inside a request, lowercase and contractions, time phrases first,
  relative clauses, colloquial verbs, Portuguese with "a gente" and diminutives. Extraction has
  since been developed on it too.
* ``FIFTH`` (seeds 400–499, in ``life_story_words_fifth``) was written without reading the
  extractor or any of its output: the held-out set for the work after FOURTH was developed on,
  to be measured once. Extraction has since been developed on it too.
* ``SIXTH`` (seeds 500–599, in ``life_story_words_sixth``) was written without reading the
  extractor or any of its output: the held-out set for the work after FIFTH was developed on,
  to be measured once. Extraction has since been developed on it too.
* ``SEVENTH`` (seeds 600–699, in ``life_story_words_seventh``) was written without reading the
  extractor or any of its output: the held-out set for the work after SIXTH was developed on,
  to be measured once. Extraction has since been developed on it too.
* ``EIGHTH`` (seeds 700–799, in ``life_story_words_eighth``) was written without reading the
  extractor or any of its output: the held-out set for the work after SEVENTH was developed on,
  to be measured once. Extraction has since been developed on it too.
* ``NINTH`` (seeds 800–899, in ``life_story_words_ninth``) was written without reading the
  extractor or any of its output: the held-out set for the work after EIGHTH was developed on,
  to be measured once. Its facts come as the input to a task, as corrections, in indirect
  speech, in the middle of long messages, with emoji and slang, and in informal Portuguese.
  Extraction has since been developed on it too.
* ``TENTH`` (seeds 900 and above, in ``life_story_words_tenth``) was written without reading
  the extractor or any of its output: the held-out set for the work after NINTH was developed
  on, to be measured once. Its sentences are the kind most people type to a chat assistant:
  about half short, plain statements, the rest casual or carrying the fact as the background
  to a request, with announcements, lowercase and emoji, and informal European Portuguese.
"""

from __future__ import annotations

from lembrar.evaluation.life_story_words_eighth import EIGHTH
from lembrar.evaluation.life_story_words_fifth import FIFTH
from lembrar.evaluation.life_story_words_ninth import NINTH
from lembrar.evaluation.life_story_words_seventh import SEVENTH
from lembrar.evaluation.life_story_words_sixth import SIXTH
from lembrar.evaluation.life_story_words_tenth import TENTH

Words = dict[float, tuple[tuple[str, ...], tuple[str, ...]]]
"""A beat's month -> (English templates, Portuguese templates)."""


SECOND: Words = {
    0: (
        (
            "Hey, good evening!",
            "Morning! Hope you're well.",
        ),
        ("Boa tarde!",),
    ),
    0.1: (
        (
            "For context, I'm a {role} working for {company1}, and I'm based in {city1}.",
            "Some background: I'm employed at {company1} as a {role} and my home is in {city1}.",
        ),
        ("Trabalho na {company1} como {role_pt} e vivo em {city1}.",),
    ),
    1: (
        (
            "{partner} (my boyfriend) and I are planning a trip to the mountains.",
            "Me and my boyfriend {partner} just watched a great film.",
        ),
        ("Eu e o meu namorado, o {partner}, fomos ao cinema.",),
    ),
    2: (
        (
            "Please remember that I'm allergic to {allergen}.",
            "Note for later: {allergen} allergy here, so nothing with it.",
        ),
        ("Tenho alergia a {allergen_pt}.",),
    ),
    3: (
        (
            "I've taken up {hobby} and go every Saturday.",
            "My new passion is {hobby}, I practise three times a week.",
        ),
        ("Comecei a fazer {hobby_pt} e adoro.",),
    ),
    4: (
        (
            "My older sister {sister} works as a {sister_role}; she's living in {sister_city1}.",
            "{sister} is my sister, she's a {sister_role} based in {sister_city1}.",
        ),
        ("A {sister}, a minha irmã, mora em {sister_city1} e é {sister_role_pt}.",),
    ),
    4.5: (
        (
            "Is {friend} still living in the old place?",
            "Where does {friend} work these days?",
        ),
        ("A {friend} ainda trabalha no banco?",),
    ),
    5: (
        (
            "Meet the newest member of the family: a {pet_kind} puppy we adopted yesterday.",
            "We've adopted a {pet_kind}!",
        ),
        ("Adotámos um {pet_kind_pt}, é tão pequenino!",),
    ),
    5.2: (
        (
            "Our puppy is called {pet}.",
            "The dog's name is {pet}, the neighbours' kids chose it.",
        ),
        ("Demos ao cão o nome de {pet}.",),
    ),
    6: (
        (
            "Imagine if we lived in {dream_city}, that would be wild.",
            "If we moved to {dream_city} one day, I'd need to learn the language.",
        ),
        ("Se vivêssemos em {dream_city}, seria tudo diferente.",),
    ),
    7: (
        (
            "{colleague}, a colleague of mine, lives in {colleague_city}.",
            "My coworker {colleague} lives all the way out in {colleague_city}.",
        ),
        ("O {colleague}, meu colega, vive em {colleague_city}.",),
    ),
    8: (
        (
            "Could you suggest a recipe for a rainy day?",
            "How do I get red wine out of a carpet?",
        ),
        (),
    ),
    9: (
        (
            "{partner} and I tied the knot last weekend!",
            "I married {partner} on Saturday, best day ever.",
        ),
        ("Casei com o {partner} no sábado!",),
    ),
    10: (
        (
            "My husband wants to repaint the kitchen.",
            "My husband just got back from a work trip.",
        ),
        ("O meu marido quer pintar a cozinha.",),
    ),
    11: (
        (
            "We don't own a car, we cycle everywhere.",
            "We don't have a garden, sadly.",
        ),
        ("Não temos jardim.",),
    ),
    12: (
        (
            "{sister} is relocating to {sister_city2} next month for a new job.",
            "My sister will move to {sister_city2} in March.",
        ),
        ("A {sister} vai viver para {sister_city2} em breve.",),
    ),
    13: (
        (
            "{sister} finally moved to {sister_city2}, she sent photos of her flat.",
            "My sister is living in {sister_city2} now and loves it.",
        ),
        ("A minha irmã agora vive em {sister_city2}.",),
    ),
    14: (
        (
            "We're going to move to {city2} next month!",
            "We've decided to relocate to {city2} this spring.",
        ),
        ("Vamos viver para {city2} no verão!",),
    ),
    14.5: (
        ("The movers come on Friday, so much to pack.",),
        (),
    ),
    15: (
        (
            "We've just moved into our new place in {city2}.",
            "We're finally living in {city2}, the new flat is lovely.",
        ),
        ("Mudámo-nos para {city2} no fim de semana.",),
    ),
    16: (
        (
            "I quit my job at {company1}; next Monday I start at {company2}.",
            "I've resigned from {company1} and I'll be joining {company2} next week.",
        ),
        ("Deixei a {company1}, vou começar na {company2} na segunda.",),
    ),
    16.5: (
        (
            "My first month at {company2} went really well.",
            "Really enjoying working at {company2}.",
        ),
        ("Estou a gostar muito de trabalhar na {company2}.",),
    ),
    20: (
        (
            "Our baby girl {child} was born this morning!",
            "{child} is here! Our daughter was born on Friday.",
        ),
        ("Nasceu a nossa filha, a {child}!",),
    ),
    21: (
        (
            "We adopted a kitten too, her name is {kitten}.",
            "There's a new kitten in the house, {kitten}.",
        ),
        ("Adotámos uma gatinha, chama-se {kitten}.",),
    ),
    22: (
        (
            "Do you think {sister} would like a visit in December?",
            "Cheers, see you later!",
        ),
        ("Até logo, obrigada!",),
    ),
}

THIRD: Words = {
    0: (
        (
            "Hiya!",
            "Evening :)",
        ),
        ("Boa noite!",),
    ),
    0.1: (
        (
            "So you know, I live in {city1} and I'm a {role} with {company1}.",
            "Quick intro: a {role} at {company1}, living in {city1}, that's me.",
        ),
        ("Vivo em {city1} e trabalho como {role_pt} na {company1}.",),
    ),
    1: (
        (
            "My boyfriend, {partner}, says hi!",
            "Planning a surprise for my boyfriend {partner}.",
        ),
        ("O {partner}, o meu namorado, manda beijinhos.",),
    ),
    2: (
        (
            "FYI I'm severely allergic to {allergen}.",
            "I react badly to {allergen}, it's an allergy.",
        ),
        ("Sou muito alérgica a {allergen_pt}.",),
    ),
    3: (
        (
            "These days I'm really into {hobby}, I go every week.",
            "I practise {hobby} three times a week, it keeps me sane.",
        ),
        ("Pratico {hobby_pt} todas as semanas.",),
    ),
    4: (
        (
            "My little sister {sister} lives in {sister_city1} and works there as a {sister_role}.",
            "About my sister {sister}: she's a {sister_role} and she lives in {sister_city1}.",
        ),
        ("A minha irmã mais nova, a {sister}, vive em {sister_city1} e é {sister_role_pt}.",),
    ),
    4.5: (
        (
            "Would {friend} like the book, do you think?",
            "Is {friend} still at the bank?",
        ),
        ("Onde é que a {friend} trabalha agora?",),
    ),
    5: (
        (
            "We just adopted a {pet_kind}, so tiny!",
            "Say hello to our new {pet_kind} puppy!",
        ),
        ("Temos um cachorrinho {pet_kind_pt} novo!",),
    ),
    5.2: (
        (
            "We've decided to call the puppy {pet}.",
            "Our {pet_kind} is named {pet}.",
        ),
        ("O nosso cão chama-se {pet}.",),
    ),
    6: (
        (
            "Living in {dream_city} would be a dream, if only.",
            "What if we lived in {dream_city}?",
        ),
        ("E se vivêssemos em {dream_city}?",),
    ),
    7: (
        (
            "{colleague} at work lives in {colleague_city}.",
            "One of my colleagues, {colleague}, lives in {colleague_city}.",
        ),
        ("O meu colega {colleague} vive em {colleague_city}.",),
    ),
    8: (
        (
            "Any tips for sleeping better?",
            "Please summarise this article for me.",
        ),
        (),
    ),
    9: (
        (
            "{partner} and I are officially married!",
            "Married {partner} last weekend, what a party.",
        ),
        ("Eu e o {partner} casámo-nos no fim de semana!",),
    ),
    10: (
        (
            "My husband bought me flowers today.",
            "My husband is away this week.",
        ),
        ("O meu marido comprou-me flores.",),
    ),
    11: (
        (
            "We don't have a dishwasher yet.",
            "I've never been to Japan.",
        ),
        ("Não tenho bicicleta.",),
    ),
    12: (
        (
            "{sister} is going to move to {sister_city2} next month.",
            "My sister's moving to {sister_city2} soon, she got the job.",
        ),
        ("A minha irmã muda-se para {sister_city2} no mês que vem.",),
    ),
    13: (
        (
            "{sister} now lives in {sister_city2}.",
            "My sister has moved to {sister_city2}, she's happy there.",
        ),
        ("A {sister} já vive em {sister_city2}.",),
    ),
    14: (
        (
            "We're relocating to {city2} in the summer.",
            "Exciting: we're going to move to {city2}!",
        ),
        ("Em breve mudamo-nos para {city2}!",),
    ),
    14.5: (
        ("Boxes, boxes, boxes. Moving day is Saturday.",),
        (),
    ),
    15: (
        (
            "We now live in {city2}, the move went fine.",
            "Finally settled in {city2}!",
        ),
        ("Já vivemos em {city2}.",),
    ),
    16: (
        (
            "I handed in my notice at {company1}; I join {company2} next Monday.",
            "Goodbye {company1}! Starting at {company2} on Monday.",
        ),
        ("Despedi-me da {company1} e entro na {company2} na segunda-feira.",),
    ),
    16.5: (
        (
            "Two weeks in at {company2} and I love it.",
            "Work at {company2} is going great.",
        ),
        ("O trabalho na {company2} está a correr bem.",),
    ),
    20: (
        (
            "Our little girl {child} was born last night!",
            "Welcome to the world, {child}, our daughter!",
        ),
        ("A {child}, a nossa filha, nasceu hoje!",),
    ),
    21: (
        (
            "We brought home a kitten named {kitten}.",
            "Our new kitten {kitten} is adorable.",
        ),
        ("Chegou a gatinha {kitten} cá a casa.",),
    ),
    22: (
        (
            "Maybe I should call {sister} this weekend?",
            "Bye for now!",
        ),
        ("Tchau, obrigada!",),
    ),
}

FOURTH: Words = {
    0: (
        (
            "hey! you around?",
            "Morning, it's me again",
        ),
        ("Olá olá! Estás por aí?",),
    ),
    0.1: (
        (
            "can you help me tidy up my CV? i'm a {role} at {company1}, based in {city1}",
            "Been at {company1} for three years now as a {role}, and {city1}'s been home the whole"
            " time.",
            "Living in {city1} and working as a {role} at {company1} means long days, so: quick"
            " dinner ideas?",
        ),
        ("Podes ajudar-me com o LinkedIn? Moro em {city1} e estou na {company1} como {role_pt}.",),
    ),
    1: (
        (
            "need a date-night idea for me and my boyfriend {partner}, something cheap?",
            "{partner}'s been my boyfriend for two years and he still can't cook rice, send help",
            "My boyfriend's name is {partner}, by the way, he'll come up a lot.",
        ),
        ("O meu namorado chama-se {partner} e faz anos amanhã, o que é que lhe ofereço?",),
    ),
    2: (
        (
            "can you note that {allergen} is a no-go for me? allergic since I was a kid",
            "Found out the hard way that I'm allergic to {allergen}, one trip to A&E was enough.",
        ),
        ("Nada de {allergen_pt} para mim, tenho alergia desde miúda.",),
    ),
    3: (
        (
            "Tuesdays and Thursdays are for {hobby}, non-negotiable.",
            "these days {hobby} has taken over my weekends, in the best way",
            "what should i wear for {hobby}? i go most weekends now and my old stuff is falling"
            " apart",
        ),
        ("Ando viciada em {hobby_pt}, vou todas as semanas.",),
    ),
    4: (
        (
            "Help me plan a trip to see my sister {sister}? She lives in {sister_city1} and her"
            " {sister_role} job only gives her weekends off.",
            "my sister {sister}, who lives in {sister_city1}, loves her {sister_role} job",
        ),
        ("A minha mana, a {sister}, vive em {sister_city1} e trabalha lá como {sister_role_pt}.",),
    ),
    4.5: (
        (
            "does {friend} still live near the river, or did she move?",
            "remind me, what does {friend} do for a living again?",
        ),
        ("Sabes se a {friend} ainda vive no mesmo sítio?",),
    ),
    5: (
        (
            "what do {pet_kind} puppies eat? we brought ours home from the shelter on saturday",
            "So there's a {pet_kind} puppy asleep on my feet right now, we adopted him yesterday!",
            "After months of begging, we finally adopted a {pet_kind} pup.",
        ),
        ("Temos cãozinho novo: um {pet_kind_pt}, adotado ontem no canil!",),
    ),
    5.2: (
        (
            "we went with {pet} for the puppy's name in the end",
            "{pet} it is! that's what we named the pup.",
            "how do I get the puppy to answer to {pet}? we only settled on the name last night",
        ),
        ("Ficou {pet}, o nome do nosso cãozinho.",),
    ),
    6: (
        (
            "if we were ever to move to {dream_city}, how expensive would rent be?",
            "In another life I'd be living in {dream_city}, eating late dinners.",
            "daydreaming again: a flat in {dream_city}, wouldn't that be something?",
        ),
        ("Se a gente vivesse em {dream_city}, ia ser outra vida.",),
    ),
    7: (
        (
            "{colleague}, who sits next to me at work, lives in {colleague_city} and drives in"
            " every day.",
            "any podcast recs for a long commute? asking for my colleague {colleague}, he lives"
            " out in {colleague_city}",
        ),
        ("O {colleague}, cá do trabalho, mora em {colleague_city} e faz a viagem todos os dias.",),
    ),
    8: (
        (
            "can you explain how compound interest works, like I'm five?",
            "what's the difference between baking soda and baking powder?",
            "Translate 'see you soon' into Italian for me?",
        ),
        ("Qual é a diferença entre fermento e bicarbonato?",),
    ),
    9: (
        (
            "we got hitched on saturday!! me and {partner}, tiny ceremony, perfect day",
            "Now that {partner} and I are married, how do I change my surname on everything?",
            "As of last weekend, {partner} is officially my husband!",
        ),
        ("A gente casou-se no sábado, eu e o {partner}! Estou tão feliz.",),
    ),
    10: (
        (
            "my husband snores like a tractor, any tips that actually work?",
            "What's a good gift for my husband? He's into cycling lately.",
            "Date night tonight with my husband, first one in ages.",
        ),
        ("O meu marido anda a aprender a fazer pão.",),
    ),
    11: (
        (
            "no TV at our place, never saw the point.",
            "I don't drink coffee, never have.",
        ),
        ("A gente não tem máquina de lavar loiça.",),
    ),
    12: (
        (
            "{sister}'s taking a job in {sister_city2}, she moves out there at the end of next"
            " month.",
            "can you help me find a going-away gift? my sister's moving to {sister_city2} before"
            " the summer",
        ),
        ("Daqui a umas semanas a {sister} muda-se para {sister_city2}, arranjou lá emprego.",),
    ),
    13: (
        (
            "{sister} called from her new flat in {sister_city2}, she's all moved in.",
            "since my sister moved to {sister_city2} we only talk on sundays",
        ),
        ("A minha irmã já está instaladinha em {sister_city2}.",),
    ),
    14: (
        (
            "can you make me a moving checklist? we're off to {city2} in a couple of months",
            "{city2} it is! we've decided to move there this spring.",
            "It's official: in April we're moving to {city2}.",
        ),
        ("A gente vai mudar-se para {city2} na primavera, já está decidido!",),
    ),
    14.5: (
        (
            "how do I pack plates so they don't break?",
            "tape, boxes, bubble wrap... the van's booked for thursday",
        ),
        ("Ando a encaixotar a casa toda, que canseira.",),
    ),
    15: (
        (
            "can you help me plan meals now that we're in {city2}? the market here is amazing",
            "we're {city2} people now! the move's done and the flat is full of boxes.",
            "A week into life in {city2}, and I already know the best bakery.",
        ),
        ("Já moramos em {city2}, a casinha nova é um amor.",),
    ),
    16: (
        (
            "So I've left {company1}, and a new gig at {company2} starts next monday.",
            "can you help me write a goodbye message for my team? today's my last day at"
            " {company1}, and I start at {company2} next week",
            "{company2} made me an offer and I took it, so I resigned from {company1}; first day's"
            " next monday.",
        ),
        ("Já não estou na {company1}! Começo na {company2} para a semana.",),
    ),
    16.5: (
        (
            "a month into the new job at {company2} and i actually like mondays now",
            "can you help me prep for my first review at {company2}? I've been there three months",
        ),
        ("Cá estou na {company2} há um mês e a equipa é impecável.",),
    ),
    20: (
        (
            "she's here!! {child}, our daughter, born at 3am, tiny and perfect",
            "our daughter {child} was born on sunday and we're home now, what do we actually need"
            " for the first weeks?",
            "On Sunday morning our baby girl {child} was born.",
        ),
        ("A {child} já cá está! A nossa bebé nasceu ontem à noite.",),
    ),
    21: (
        (
            "the dog has a new housemate: {kitten}, a kitten we took in last week",
            "any tips for introducing a kitten to a dog? we just got {kitten}, she's eight weeks"
            " old",
        ),
        ("A gente trouxe uma gatinha para casa, a {kitten}, e o cão anda desconfiado.",),
    ),
    22: (
        (
            "would it be weird to surprise {sister} on her birthday?",
            "ok that's all for today, thanks!!",
        ),
        ("Pronto, é tudo, beijinhos!",),
    ),
}

WORDS: dict[int, Words] = {
    100: SECOND,
    200: THIRD,
    300: FOURTH,
    400: FIFTH,
    500: SIXTH,
    600: SEVENTH,
    700: EIGHTH,
    800: NINTH,
    900: TENTH,
}
"""Each set of other words by the first seed that tells it."""
