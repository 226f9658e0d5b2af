"""The seventh set of other words for the life story's beats, told by seeds 600 and above
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``SEVENTH`` was written without reading the extractor or any of its output: the held-out set for
the work after SIXTH was developed on, to be measured once. Its sentences take other shapes
again: facts given as the answer to an imagined follow-up ("to answer your q", "you asked"),
facts inside a complaint or a joke, one fact split over two or three short sentences, long
sentences with the fact in a subordinate clause, the object before the verb ("climbing, that's
what I've been doing"), chat abbreviations ("bf", "sis", "w/", "thx"), emoji, typos a person would make,
British and American spellings side by side, "I" where the earlier sets said "we" and the
present perfect where they said the simple past; and European Portuguese in a feminine first
person with "a gente", "cá", "lá", colloquial names ("mais-que-tudo", "a malta"), diminutives
("cuidadinho", "semanitas") and informal exclamations.

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

SEVENTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "heyyy 👋 round two",
            "Evening! Sorry, me again, I know it's late",
            "yo, got a sec?",
        ),
        ("Olá, olá! Voltei 😅", "Boa tarde! Tens um minutinho?"),
    ),
    0.1: (
        (
            "To answer your q from before: I'm a {role}. At {company1}. And home's {city1}, yep.",
            "ugh, mondays 🙃 being a {role} at {company1} means back-to-back meetings all day, and"
            " it hasn't stopped raining here in {city1}, where I live",
            "I'm a {role} at {company1}, and whoever says that's a boring job has never seen our"
            " Slack 😂 Oh and I live in {city1}, in case the time zone matters.",
        ),
        (
            "Respondendo à tua pergunta: sim, sou {role_pt}, na {company1}. E moro cá em {city1}.",
            "Ai, a vida de {role_pt}... Hoje na {company1} foi só reuniões, e cá em {city1}, onde"
            " eu moro, não pára de chover 🌧️",
        ),
    ),
    1: (
        (
            "my bf {partner} has decided he's learning the guitar. at 11pm. pray for me 🙏",
            "Oh, you asked who {partner} is: he's my boyfriend, sorry, should've said.",
            "The one person who can make me laugh when I'm grumpy, {partner}, has been my"
            " boyfriend since last spring, so I want to get him something nice for his birthday.",
        ),
        (
            "O meu namorado, o {partner}, acha que sabe fazer bacalhau à Brás 😂 vamos ver...",
            "O {partner}? É o meu mais-que-tudo, namoramos há um ano.",
        ),
    ),
    2: (
        (
            "Why does every single 'healthy' snack bar have {allergen} in it?? Being allergic is"
            " exhausting.",
            "re your question about dietary stuff: {allergen}, I'm allergic.",
            "pls dont put {allergen} in anything you sugest, im alergic 🙏",
        ),
        ("Alergia a {allergen_pt}, é o que eu tenho, por isso cuidadinho com as receitas 😬",),
    ),
    3: (
        (
            "{hobby}, that's what I've been doing every Thursday since Feb, and I'm obsessed",
            "I do {hobby} twice a week because it's cheaper than therapy 😂",
            "Has {hobby} changed my life? I've done it every week for three months now, so..."
            " honestly, a bit.",
        ),
        ("Agora faço {hobby_pt} às quintas, e a gente até já tem um grupinho 🤙",),
    ),
    4: (
        (
            "Got one sister. {sister}. She's a {sister_role} in {sister_city1} and never picks up"
            " the phone 🙄",
            "my sis {sister} works as a {sister_role} over in {sister_city1} and somehow gets more"
            " holidays than me, how is that fair",
            "You asked about family: there's my sister {sister}, who moved to {sister_city1} years"
            " ago and works there as a {sister_role}.",
        ),
        (
            "A {sister}, a minha irmã mais velha, trabalha como {sister_role_pt} e vive lá fora,"
            " em {sister_city1}.",
        ),
    ),
    4.5: (
        (
            "wait, did {friend} ever move out of her parents' place??",
            "Do you remember if {friend} eats fish or not?",
            "whats the name of that new job {friend} got, again?",
        ),
        ("Olha, a {friend} ainda anda nas aulas de dança, sabes?",),
    ),
    5: (
        (
            "WE HAVE A PUPPY 🐶🐶 a {pet_kind}!! adopted him this morning",
            "Oh, the chewed shoe in the photo? That's the {pet_kind}. We adopted a puppy on"
            " Saturday, sorry, forgot to mention.",
            "3am and I'm standing outside in my pyjamas because the {pet_kind} puppy I've just"
            " adopted needs a wee. send coffee",
        ),
        ("Temos cãozinho!! 🐶 Um {pet_kind_pt} lindo, adotámo-lo ontem e já me roeu um chinelo.",),
    ),
    5.2: (
        (
            "Name's {pet}. The puppy's, I mean, we finally agreed on one 😅",
            "the puppy is {pet} now; the neighbours' kids voted for 'Sir Barksalot' but we"
            " overruled them 😂",
            "teh puppy has a name!! {pet} 🐾",
        ),
        ("{pet}! Foi esse o nome que a gente deu ao cachorrinho 🐾",),
    ),
    6: (
        (
            "imagine us living in {dream_city} lol, we'd be broke in a month",
            "If someone paid me to live in {dream_city} for a year, would I take it? Probably not,"
            " but it's fun to think about.",
            "Moving to {dream_city} is never happening, but a girl can dream, right? ✨",
        ),
        ("Imagina eu a viver em {dream_city}... nem pensar, mas era giro 😄",),
    ),
    7: (
        (
            "{colleague_city} is where my coworker {colleague} lives, and he's late every single"
            " morning because of the traffic",
            "feel sorry for {colleague} from work tbh, he lives all the way out in"
            " {colleague_city} and his train's always delayed",
        ),
        (
            "Coitado do {colleague}, o meu colega: mora em {colleague_city} e passa a vida no comboio.",
        ),
    ),
    8: (
        (
            "how many tbsp in 100g of butter? 🧈",
            "Can you proofread this paragraph for me? Be brutal.",
            "whats a funny name for a wifi network",
        ),
        ("Explica-me lá como é que se preenche o IRS, por favor 🙏",),
    ),
    9: (
        (
            "Sorry I vanished for a week. Reason: I married {partner} 😅 Saturday, small ceremony,"
            " lots of cake.",
            "So, the wedding happened!! {partner} and I have been married since Saturday and I"
            " still can't stop looking at the ring 💍",
            "married {partner} on sat w/ just our families there, best day ever",
        ),
        ("Pronto, já sou uma senhora casada 😂 casei com o {partner} no sábado!",),
    ),
    10: (
        (
            "my husband has discovered air fryers and now everything is air fried. everything. help",
            "My husband's got man flu and is acting like it's the plague 🙄 soup recommendations?",
            "Settle this: my husband says the toilet roll goes under. He's wrong, right?",
        ),
        ("O meu marido acha que monta móveis do IKEA sem instruções... vai correr bem 🙃",),
    ),
    11: (
        (
            "Nah, no Netflix here, so I haven't seen it.",
            "Honestly I've never been to a football match, not even once.",
            "a dishwasher? we don't have one, it's all by hand",
        ),
        ("Nunca andei de avião, acreditas? 😅",),
    ),
    12: (
        (
            "sis is off to {sister_city2} next month for a new job 😭 gonna miss her sooo much",
            "{sister} told us on Sunday: she's moving to {sister_city2}. In five weeks. Still"
            " processing.",
            "Now that {sister}'s about to move to {sister_city2} (her flight's booked for the 3rd),"
            " what's a good leaving present?",
        ),
        (
            "A {sister} vai-se mudar para {sister_city2} daqui a umas semanitas, já tem voo marcado.",
        ),
    ),
    13: (
        (
            "{sister_city2} suits my sister, she's been living there two months and says she's"
            " never coming back lol",
            "my sis finally made it to {sister_city2}!! she's all moved in and sent me a pic of"
            " her balcony",
            "{sister}'s lived in {sister_city2} since the spring and already has a whole new set of"
            " friends there.",
        ),
        ("A {sister} já está a viver em {sister_city2} e adora, diz que lá tudo funciona 😅",),
    ),
    14: (
        (
            "Guess who's moving to {city2} in March? Us!! 🎉",
            "We've decided: {city2}. We're moving there as soon as the lease here runs out.",
            "Honestly the rent here is a joke, which is partly why we're moving to {city2} at the"
            " end of the summer.",
        ),
        ("Está decidido: vamos para {city2}! A mudança é lá para junho.",),
    ),
    14.5: (
        (
            "if I never see another roll of packing tape it'll be too soon 😩",
            "How do you move a fridge without breaking it?",
        ),
        ("Estou exausta de tanto encaixotar, e ainda falta a cozinha toda 😩",),
    ),
    15: (
        (
            "Hello from {city2}! We're all moved in, the boxes just haven't been unpacked yet 📦",
            "{city2} has been home for two weeks now and I still get lost on the way to the"
            " supermarket.",
            "The move's done. I live in {city2} now. Feels weird to type that!",
        ),
        ("Já moramos cá em {city2}! A casa ainda está um caos, mas a gente está feliz.",),
    ),
    16: (
        (
            "Plot twist: I've quit {company1}! Starting at {company2} next Monday 😬",
            "you asked how work's going: not at {company1} anymore, I resigned. {company2} from"
            " next week.",
            "After four years of putting up with {company1}'s reorgs I finally handed in my"
            " resignation, and I start at {company2} on the 1st.",
        ),
        (
            "Adeus {company1}, olá {company2}! 👋 Ontem foi o meu último dia numa, segunda é o"
            " primeiro na outra.",
        ),
    ),
    16.5: (
        (
            "ok so {company2} is great. I've worked there a month and nobody's made me cry yet 😂",
            "Working at {company2} has definately been a breath of fresh air, my manager actually"
            " reads my messages.",
        ),
        ("Trabalhar na {company2} tem sido ótimo, a malta lá é impecável.",),
    ),
    20: (
        (
            "She's here 💕 our daughter {child}, born on Tuesday at 4am, 3.2 kg of perfection",
            "Sorry for the radio silence: we had a baby! A girl. {child}. Born on Sunday.",
            "Haven't slept in three days because {child}, our newborn daughter, has opinions"
            " about her crib 😴",
        ),
        ("Sou mãe!! 😭💕 A {child}, a nossa pequenina, nasceu esta madrugada.",),
    ),
    21: (
        (
            "we've adopted a kitten too 🐱 {kitten}. the dog's not impressed",
            "So apparently we're a two-pet household now: meet {kitten}, our kitten, who has"
            " already knocked over a plant.",
        ),
        ("E agora temos também uma gatinha, a {kitten} 🐱, que é quem manda cá em casa.",),
    ),
    22: (
        (
            "Right, gotta go, ta! 👋",
            "Would {sister} like a scarf for Christmas, d'you think?",
            "ok done w/ questions for today, thx 😊",
        ),
        ("Ok, obrigadão! Beijinhos 😘",),
    ),
}
