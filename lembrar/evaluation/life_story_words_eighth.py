"""The eighth set of other words for the life story's beats, told by seeds 700 and above
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``EIGHTH`` was written without reading the extractor or any of its output: the held-out set for
the work after SEVENTH was developed on, to be measured once. Its sentences take other shapes
again: a fact as the answer to the assistant's question ("yes, {partner}: we got married"), a
fact told through what someone else did or said ("my boss at {company2} gave me the tour"),
quoted and forwarded messages, one-line lists, hedges that still state the fact, voice-dictated
run-ons without punctuation, bare fragments, the fact in the second half after "anyway", English
and Portuguese mixed in one message, and European Portuguese in informal registers ("a gente",
"cá", "lá", "a mana", diminutives, feminine first person).

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

EIGHTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "hey. you there?",
            "Hello hello, quick one if you've got time",
        ),
        ("Olá olá! Estás aí?", "Bom diaaa, cá estou eu outra vez"),
    ),
    0.1: (
        (
            "You asked what I do: {role}, at {company1}. And yes, I live in {city1}.",
            "so basically I live in {city1} and I work at {company1} as a {role} and I need a"
            " lunchbox that fits in a bike pannier",
            "Sorry, I was rambling about the weather again. Anyway: {role} at {company1}, living"
            " in {city1}, that's me.",
        ),
        (
            "Respondendo à tua pergunta: sou {role_pt} na {company1} e moro cá em {city1}.",
            "Então, basically: trabalho na {company1}, sou {role_pt}, e vivo em {city1}.",
        ),
    ),
    1: (
        (
            "yes, there's someone: {partner}, my boyfriend. why, does it change the recipe?",
            "My boyfriend {partner} just texted 'pick a film for tonight', so: a film for two,"
            " nothing scary?",
            "boyfriend's name is {partner}, btw",
        ),
        (
            "Sim, tenho namorado, o {partner}. Porquê?",
            "O {partner}, my boyfriend, mandou-me isto: 'jantamos fora hoje?' Sugestões?",
        ),
    ),
    2: (
        (
            "Any allergies? Yes, {allergen}. That's the only one, but it's a real allergy.",
            "The allergist says it's definitely {allergen}, so I guess I'm officially allergic.",
            "can you plan my lunches for the week and leave out {allergen} because I'm allergic"
            " to it thanks",
        ),
        ("Alergias, perguntas tu? Tenho alergia a {allergen_pt}, e das fortes.",),
    ),
    3: (
        (
            "My {hobby} instructor says I'm ready for the next level, after months of going every"
            " week.",
            "Work was endless today. anyway, {hobby} tonight as usual, it's my weekly thing.",
            "{hobby} again this morning. third time this week. hooked.",
        ),
        ("A professora de {hobby_pt} diz que estou a evoluir, vou lá todas as semanas.",),
    ),
    4: (
        (
            "My sister {sister}, who lives in {sister_city1}, just texted: 'another endless day,"
            " being a {sister_role} is no joke'.",
            "Siblings? Just the one: {sister}. She's a {sister_role} and lives in {sister_city1}.",
            "my sister {sister} lives in {sister_city1} and she's a {sister_role} and I want to"
            " send her something for her birthday what do you suggest",
        ),
        (
            "Tenho uma irmã, a {sister}, que vive lá em {sister_city1}; é {sister_role_pt},"
            " coitadinha, nunca tem folga.",
        ),
    ),
    4.5: (
        (
            "quick q: do you remember {friend}'s surname?",
            "is {friend} vegetarian? I can't remember",
            "Which bakery did {friend} say was the best one, do you know?",
        ),
        ("Será que a {friend} gosta de sushi? Não me lembro.",),
    ),
    5: (
        (
            "You asked if we'd decided on a dog: yes! We adopted a {pet_kind} puppy yesterday.",
            "new puppy. {pet_kind}. adopted this morning. send help",
            "The lady at the shelter handed us the {pet_kind} puppy today and said 'he's yours"
            " now'. We adopted him!",
        ),
        (
            "Adotámos um cãozinho! É um {pet_kind_pt} bebé, chegou hoje cá a casa.",
            "So we adopted um cachorrinho {pet_kind_pt}, e é lindo de morrer.",
        ),
    ),
    5.2: (
        (
            "The name? {pet}. The puppy's called {pet}.",
            "The vet wrote '{pet}' on the puppy's card today, so it's official: our dog is {pet}.",
            "Long day. anyway the puppy has a name now, it's {pet}",
        ),
        ("Nome do cachorrinho: {pet}. Está decidido!",),
    ),
    6: (
        (
            "honestly, a year in {dream_city} would be a dream, but it's not happening",
            "imagine waking up in {dream_city} every day... one day maybe. not now.",
            "Say we won the lottery: {dream_city} or the coast for a holiday home?",
        ),
        ("E se a gente fosse viver para {dream_city}? Estou só a sonhar alto.",),
    ),
    7: (
        (
            "My colleague {colleague} forwarded me the train timetable: 'this is why I'm always"
            " late, living in {colleague_city}'.",
            "Who's {colleague}? A colleague of mine; he lives in {colleague_city}.",
        ),
        (
            "O {colleague}, lá do trabalho, mora em {colleague_city} e diz que o comboio é um horror.",
        ),
    ),
    8: (
        (
            "translate 'see you soon' into Dutch pls",
            "how many tablespoons in a stick of butter",
            "Quick: a synonym for 'important' that isn't 'crucial'?",
        ),
        ("Consegues resumir-me este texto em três frases?",),
    ),
    9: (
        (
            "yes, {partner}: we got married on Saturday, and it rained, and it was perfect",
            "Copying what I posted: 'Mr and Mrs! {partner} and I got married today.' Too cheesy?",
            "so {partner} and I got married this weekend and now I need to change my name on"
            " everything where do I even start",
        ),
        (
            "Casei-me! Eu e o {partner} demos o nó no sábado, a festa foi linda.",
            "We did it, casámos! Eu e o {partner}, no sábado, no registo civil.",
        ),
    ),
    10: (
        (
            "My husband just messaged 'we're out of coffee' as if I could fix that from here."
            " What's a decent instant one?",
            "my husband's asleep on the sofa. again.",
            "Long week. anyway, my husband's picking the film tonight so I'm bracing myself.",
        ),
        ("O meu marido lá fez o jantar hoje, milagre!",),
    ),
    11: (
        (
            "no, I've never had a tattoo, why?",
            "we don't own a TV, so no series recommendations please",
            "not a coffee drinker, never have been",
        ),
        ("Não, nunca andei de avião sozinha.",),
    ),
    12: (
        (
            "Any news? Yes: {sister} is moving to {sister_city2} next month, she just told us.",
            "{sister} just texted the family group: 'it's official, I'm moving to {sister_city2}"
            " next month!'",
            "It looks like {sister} really is moving to {sister_city2}, probably at the start of"
            " next month.",
        ),
        ("A {sister} mandou mensagem: 'vou mesmo para {sister_city2}, mudo-me no mês que vem!'",),
    ),
    13: (
        (
            "{sister}: {sister_city2} now. moved, settled, happy.",
            "{sister} sent photos of her new place in {sister_city2}; she lives there now and says"
            " it already feels like home.",
            "Where does my sister live? {sister_city2} now, she moved there last month.",
        ),
        (
            "A mana, a {sister}, já vive em {sister_city2}; mudou-se há duas semanas e está toda"
            " contente.",
        ),
    ),
    14: (
        (
            "to answer your question, yes, we're moving, to {city2}, probably in April",
            "Boring week at work. anyway the big news is we're moving to {city2} in a couple of"
            " months",
            "vamos mudar-nos! we're moving to {city2} this summer, finally",
        ),
        ("Pois é, a gente vai mudar-se para {city2} lá para a primavera.",),
    ),
    14.5: (
        (
            "tape gun jammed. third time today.",
            "how do you pack plates so they don't break?",
        ),
        ("Caixas, caixinhas e mais caixas, já não posso ver fita-cola.",),
    ),
    15: (
        (
            "Yes, the move's done: we live in {city2} now.",
            "The neighbours here in {city2} brought us a cake; first week living here and I"
            " already love it.",
            "we moved to {city2} on saturday and the internet isn't set up yet so I'm on my phone"
            " what's the best provider here",
        ),
        ("Já cá estamos, em {city2}! A casinha ainda está cheia de caixas, mas já moramos cá.",),
    ),
    16: (
        (
            "My manager at {company1} took me out for a goodbye lunch on my last day there today;"
            " {company2} starts me on Monday.",
            "This week: leave {company1} (done, today), clear my desk (done), start at {company2}"
            " (Monday!).",
            "ok so I handed in my notice at {company1} and today was my last day and I start at"
            " {company2} next week so how do I ask for remote days",
        ),
        (
            "Despedi-me da {company1}! Segunda-feira já começo na {company2}.",
            "Bye bye {company1}, olá {company2}: hoje foi o último dia, começo lá na segunda.",
        ),
    ),
    16.5: (
        (
            "my boss at {company2} gave me the tour today, I think I'm going to like working here",
            "I think I'm finally getting the hang of things at {company2}, a month in.",
            "{company2}, week two: still love working there.",
        ),
        ("Na {company2} deram-me logo um portátil novinho, estou a gostar de trabalhar lá.",),
    ),
    20: (
        (
            "copying what I sent everyone: 'Our daughter {child} was born this morning, 3.2kg,"
            " all well'",
            "Yes! She's here: {child}, our daughter, born on Friday.",
            "our baby girl {child} was born last night and I can't sleep what do I do about the"
            " feeding schedule",
        ),
        ("Nasceu a nossa menina! A {child} chegou ontem, pequenina e perfeita.",),
    ),
    21: (
        (
            "+1 kitten. her name's {kitten}.",
            "Our neighbour gave us a kitten this morning, {kitten}, and the dog won't stop"
            " sniffing her.",
            "Sorry, distracted. anyway, we got a kitten: {kitten}. long story.",
        ),
        ("We got a kitten! Uma gatinha, chama-se {kitten} e é uma fofura.",),
    ),
    22: (
        (
            "ok that's it, obrigada!",
            "would {sister} like a cookbook, do you think?",
            "cheers, laters",
        ),
        ("Pronto, era só isto, beijinho!",),
    ),
}
