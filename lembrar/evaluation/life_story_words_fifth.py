"""The fifth set of other words for the life story's beats, told by seeds 400-499
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``FIFTH`` was written without reading the extractor or any of its output: the held-out set for
the work after FOURTH was developed on, measured once and then developed on too. Its sentences take other shapes
again: a fact as one clause of a longer message, terse notes, questions that carry the fact,
other verbs and nouns for the same facts ("pays my bills", "going out with", "done with"), and
Portuguese with "a gente", "cá", "lá" and diminutives.

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

FIFTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "hi, it's been a while",
            "Good afternoon! Back with more questions, I'm afraid.",
        ),
        ("Boas! Tudo bem por aí?",),
    ),
    0.1: (
        (
            "{company1} pays my bills, I'm a {role} there, and I rent a small flat in {city1}.",
            "quick background before my question: {role}, working for {company1}, home is"
            " {city1}. is my salary fair for that?",
            "I'm trying to work out whether I could cycle to work: I'm in {city1}, and the"
            " {company1} office where I work as a {role} is about six kilometres away.",
        ),
        (
            "Cá em {city1}, a vida de {role_pt} na {company1} não é fácil, mas gosto do que faço.",
            "Ganho a vida como {role_pt} na {company1} e vivo em {city1} há uns anos.",
        ),
    ),
    1: (
        (
            "the boyfriend, {partner}, wants to paint our bedroom green and I need backup",
            "Gift question: {partner}, who I've been going out with for a year, turns thirty next"
            " week and is into jazz and old cameras.",
            "Is eight months too soon to meet his parents? {partner} is my boyfriend and he wants"
            " me at his mum's for Sunday lunch.",
        ),
        (
            "Eu e o {partner} namoramos há um ano e ainda não fomos de férias juntos, sugestões?",
            "Tenho namorado, o {partner}, e quero fazer-lhe um jantar surpresa.",
        ),
    ),
    2: (
        (
            "Before you suggest anything: my body and {allergen} don't get along, proper allergy.",
            "what antihistamine should i carry around? the allergy is to {allergen} and my doctor"
            " wasn't much help",
            "Had a reaction at a restaurant last night, turns out I'm allergic to {allergen}, so"
            " from now on that's off the table.",
        ),
        (
            "O médico confirmou: alergia a {allergen_pt}. Nunca mais lhe toco.",
            "A minha alergia a {allergen_pt} voltou a dar sinal esta semana, que chatice.",
        ),
    ),
    3: (
        (
            "Is it worth buying my own gear for {hobby}? I'm at it every Sunday morning now.",
            "Honestly, {hobby} has been the best thing I picked up this year; I go with a group"
            " from the neighbourhood.",
            "{hobby} on Wednesday nights is the one thing in my week I never skip.",
        ),
        (
            "Ando a fazer {hobby_pt} ao domingo de manhã, é o meu momento.",
            "Já não passo sem {hobby_pt}, vou duas vezes por semana.",
        ),
    ),
    4: (
        (
            "My sister {sister} has been living in {sister_city1} for years now, and her"
            " {sister_role} job hardly ever gives her time off, so she hasn't been home since"
            " spring.",
            "sister = {sister}, {sister_role}, lives in {sister_city1}. useful for later",
            "Are {sister_role}s paid better in {sister_city1} than here? My sister {sister} is one,"
            " and she lives there.",
        ),
        (
            "Tenho uma irmã, a {sister}, que é {sister_role_pt} e mora lá para os lados de"
            " {sister_city1}.",
        ),
    ),
    4.5: (
        (
            "is {friend} still seeing that guy from the gym, do you know?",
            "What was the name of the café {friend} recommended?",
            "Any idea whether {friend} ever finished her degree?",
        ),
        ("Lembras-te se a {friend} ainda tem aquele gato?",),
    ),
    5: (
        (
            "The shelter called back and the {pet_kind} puppy is ours, he came home with us this"
            " morning.",
            "how often should a ten-week-old {pet_kind} go out at night? we've had him two days"
            " and I'm exhausted",
            "So we caved and adopted: a {pet_kind}, eight weeks old, chewing my slippers as I"
            " type.",
        ),
        ("Já temos cão! Um {pet_kind_pt} bebé que adotámos ontem, ainda nem tem nome.",),
    ),
    5.2: (
        (
            "after a week of arguing, {pet} won the vote for the puppy's name",
            "does {pet} sound silly for a {pet_kind}? too late anyway, it's on his tag now",
            "Took our puppy {pet} for his first jabs, he was very brave.",
        ),
        ("Batizámos o cachorrinho de {pet} e ele já vem quando o chamamos.",),
    ),
    6: (
        (
            "Would I survive a winter in {dream_city}? Just curious, no plans.",
            "my fantasy life has a balcony in {dream_city} and no alarm clock",
            "Suppose someone offered me a job in {dream_city} tomorrow, should I even consider it?",
        ),
        (
            "Às vezes imagino-me a viver em {dream_city}, mas é só sonho.",
            "Se me dessem casa em {dream_city}, ia já amanhã.",
        ),
    ),
    7: (
        (
            "{colleague} from my team lives in {colleague_city} and swears the train is relaxing,"
            " I don't believe him.",
            "is {colleague_city} a nice place to live? a guy I work with, {colleague}, lives there"
            " and keeps inviting us over",
        ),
        (
            "O {colleague}, que trabalha comigo, vive lá em {colleague_city} e chega sempre atrasado.",
        ),
    ),
    8: (
        (
            "write me a polite message turning down a dinner invitation?",
            "How long do boiled eggs keep in the fridge?",
            "Give me three names for a book club, nothing cheesy.",
        ),
        ("Como é que se tira uma nódoa de café de uma camisa branca?",),
    ),
    9: (
        (
            "{partner} is my husband now, we did it at the registry office on Friday with just two"
            " witnesses.",
            "Still floating after the wedding: {partner} and I said our vows on Saturday.",
            "what's the etiquette on thank-you cards? {partner} and I got married last weekend and"
            " there are sixty guests to write to",
        ),
        ("Já sou mulher casada: o {partner} e eu dissemos que sim no sábado.",),
    ),
    10: (
        (
            "Can you settle an argument? My husband says tomatoes go in the fridge.",
            "my husband's taken over the kitchen tonight, so I've got the sofa and the remote",
            "My husband hates surprises but his birthday is next week; ideas?",
        ),
        ("Cá em casa quem passa a ferro é o meu marido.",),
    ),
    11: (
        (
            "Nobody in this house plays an instrument, sadly.",
            "nope, never been skiing, not once",
            "I'm not on any social media, haven't been for years.",
        ),
        ("Cá em casa ninguém fuma.",),
    ),
    12: (
        (
            "{sister} accepted a job in {sister_city2} and moves there for good at the end of next"
            " month.",
            "how do I help my sister find a flat from here? {sister} is off to {sister_city2} soon"
            " and knows nobody there",
        ),
        ("A minha irmã está de partida para {sister_city2}, vai no fim do mês que vem.",),
    ),
    13: (
        (
            "{sister} has been in {sister_city2} a month now and already has more friends there"
            " than I do here.",
            "what time is it in {sister_city2} right now? my sister's lived there since she moved"
            " and I keep waking her up",
        ),
        ("A {sister} já fez casa em {sister_city2}, diz que não volta tão cedo.",),
    ),
    14: (
        (
            "The movers are booked for the end of the month, and then it's {city2} for us.",
            "Should we rent first or buy straight away in {city2}? We're moving there in the"
            " autumn.",
            "we've found a place in {city2} and the plan is to move there in June",
        ),
        ("Daqui a dois meses fazemos as malas e vamos para {city2}, já temos casa lá.",),
    ),
    14.5: (
        (
            "Is it mad to throw out half our books rather than pack them?",
            "I've labelled forty boxes and we're not even halfway.",
        ),
        ("Tenho a sala cheia de caixotes e fita-cola por todo o lado.",),
    ),
    15: (
        (
            "Address changed, boxes unpacked: we're officially {city2} residents.",
            "Where do people in {city2} go for a Sunday walk? We only moved here last week.",
            "Our first night in the {city2} flat was so quiet I couldn't sleep.",
        ),
        ("Pronto, mudança feita: agora é cá em {city2} que a gente mora.",),
    ),
    16: (
        (
            "Handed back my laptop on my last day at {company1}; Monday it's onboarding at"
            " {company2}.",
            "Done with {company1} as of Friday, and {company2} wants me in from the first of the"
            " month.",
            "can you help me pick a first-day outfit? I start at {company2} next week, now that my"
            " {company1} days are over",
        ),
        ("Acabou-se a {company1}: ontem foi o último dia, e segunda estreio-me na {company2}.",),
    ),
    16.5: (
        (
            "Is it normal that my new team at {company2} takes two-hour lunches?",
            "{company2} treats me better than my old place ever did.",
        ),
        ("Na {company2} ninguém manda emails ao fim de semana, estou a adorar trabalhar lá.",),
    ),
    20: (
        (
            "Writing this one-handed because {child} is asleep on me; our daughter came on"
            " Wednesday, a week early.",
            "How many nappies does a newborn go through? Our girl {child} arrived on Monday and"
            " we've already run out.",
            "I'm a mum! {child} was born this morning, we'll be home by the weekend.",
        ),
        ("Já somos pais! A pequenina {child} nasceu na quarta e está tudo bem.",),
    ),
    21: (
        (
            "A neighbour's cat had a litter and, well, {kitten} is ours now: the tiniest grey"
            " kitten.",
            "how do I stop a kitten climbing the curtains? {kitten} has been with us a week and"
            " she's fearless",
        ),
        ("Mais uma cá em casa: a gatinha {kitten}, que veio da vizinha.",),
    ),
    22: (
        (
            "That's everything, cheers for the help.",
            "Is it too late to send {sister} a card for her birthday?",
            "I'll leave it there for tonight, speak soon.",
        ),
        ("Por hoje chega, obrigadinha!",),
    ),
}
