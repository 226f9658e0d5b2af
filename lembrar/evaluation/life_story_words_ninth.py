"""The ninth set of other words for the life story's beats, told by seeds 800 and above
(``lembrar.evaluation.life_story_words`` says how each set came to be).

``NINTH`` was written without reading the extractor or any of its output: the held-out set for
the work after EIGHTH was developed on, to be measured once. Its sentences take other shapes
again: a fact handed over as the input to a task (a form to fill in, an email or a card to
draft, a packing or shopping list), a fact given as a correction ("no, not X: it's Y"), a fact
in indirect speech ("I told my mum we'd moved to X"), a fact buried in the middle of a long
rambling message about something else, emoji, slang and British English ("ngl", "rn", "ace",
"reckon"), and European Portuguese in informal registers with "a gente", "cá", "lá", "malta",
"mana", diminutives and feminine first person. Its traps are made to tempt: a question that
names a city, a company or a job, a hypothetical that names a place and a salary, negatives
that name a pet, a food and a hobby.

Same shape as ``life_story_words.Words`` (a beat's month -> English and Portuguese templates);
spelt out here so that the two modules do not import each other.
"""

from __future__ import annotations

NINTH: dict[float, tuple[tuple[str, ...], tuple[str, ...]]] = {
    0: (
        (
            "Hiya 👋 you about?",
            "Right, I'm back. Did you miss me?",
        ),
        ("Olá olá! Então, tudo bem contigo?", "Ora viva! Tens um minutinho para mim?"),
    ),
    0.1: (
        (
            "Can you help me fill in this gym membership form? Occupation: {role}. Employer:"
            " {company1}. Town of residence: {city1}. What on earth goes under 'next of kin'?",
            "No no, I'm not a student 😅 I'm a {role} at {company1} and I live in {city1}, so"
            " could you redo the budget with a proper salary in mind?",
            "Ok, long story, bear with me. I've been trying to sort out my pension online and the"
            " website keeps timing out, and the helpline is only open when I'm stuck in meetings,"
            " which is always, because I'm a {role} at {company1} and quarter end is brutal, and on"
            " top of that the post office here in {city1} lost the paper form. Can I just do it by"
            " email?",
        ),
        (
            "Olha, ajudas-me com o CV? Sou {role_pt} na {company1}, cá em {city1}, e queria que"
            " soasse menos aborrecido 😅",
            "Não, não sou estudante! Trabalho como {role_pt} na {company1} e moro cá em {city1}.",
        ),
    ),
    1: (
        (
            "Can you draft a text to my boyfriend {partner}? He's had a rubbish week and I want"
            " something sweet but not soppy.",
            "my mate asked if {partner} and I were official and I said yep, he's my boyfriend"
            " 🥰 felt weirdly grown up saying it",
            "No, {partner} isn't my brother, lol, he's my boyfriend! Please fix that in the seating"
            " plan.",
        ),
        (
            "A minha mãe perguntou-me se o {partner} era só um amigo e eu lá lhe disse que não, que"
            " é o meu namorado 🙈",
        ),
    ),
    2: (
        (
            "Could you help me word a note for the work Christmas do menu? I'm allergic to"
            " {allergen} and I don't want to make a fuss.",
            "Correction to the meal plan you sent: I'm allergic to {allergen}, I'm not lactose"
            " intolerant, so the cheese can stay but the {allergen} has to go.",
            "I told the new GP I'm allergic to {allergen} and she said to put it on the form too,"
            " so how do I word it in the 'medical history' box?",
        ),
        ("Esqueci-me de te dizer uma coisa importante: sou alérgica a {allergen_pt}, e a sério.",),
    ),
    3: (
        (
            "Packing list for tomorrow please: it's my {hobby} day, same as every Thursday, and I"
            " always forget something.",
            "ngl {hobby} is basically my whole personality now 😂 I go like three times a week",
            "My week's been mad: the boiler packed in on Monday, the plumber didn't show on"
            " Tuesday, on Wednesday I went to {hobby} like I do every week and that was the only"
            " nice bit, and now it's Friday and still no hot water. Can I survive on cold showers?",
        ),
        ("Lá vou eu fazer {hobby_pt} outra vez, é sagrado, todas as semanas 💪",),
    ),
    4: (
        (
            "Help me write a birthday card for my sister {sister}? She lives in {sister_city1},"
            " where she's the busiest {sister_role} in town, so something about finally getting"
            " some rest.",
            "No, you've got it mixed up: {sister} is my sister, not a friend. She's the"
            " {sister_role}, and she lives in {sister_city1}.",
            "I was telling my nan about my sister {sister}, the only {sister_role} in the family,"
            " who lives in {sister_city1}, and nan asked if it's anywhere near the sea. Is it?",
        ),
        (
            "A minha maninha, a {sister}, é {sister_role_pt} lá em {sister_city1} e quase nunca tem"
            " folga, coitadinha.",
        ),
    ),
    4.5: (
        (
            "Does {friend} still live in {dream_city}, or did she come back?",
            "What does {friend} do again, {sister_role} or something? I can never remember.",
            "Has {friend} started at {company2} yet, or is that still just a rumour?",
        ),
        ("Sabes se a {friend} se mudou mesmo para {dream_city}? Ninguém me diz nada 🙄",),
    ),
    5: (
        (
            "Can you write me a shopping list? We adopted a {pet_kind} puppy yesterday and we've"
            " got literally nothing: no bowl, no lead, no bed.",
            "OMG 🐶🐶 we adopted a {pet_kind} puppy and I'm obsessed, he's asleep on my feet rn",
            "I told my mum we'd adopted a {pet_kind} puppy and she's already knitting him a"
            " jumper, send help.",
        ),
        ("Ai, a gente adotou um cachorrinho {pet_kind_pt} e eu já estou perdidinha de amores 🥹",),
    ),
    5.2: (
        (
            "No, the puppy's name is {pet}, you've spelt it wrong twice now 😅 {pet}, capital"
            " letter and all, for the vet form.",
            "Could you design a little tag for the puppy? Just his name, {pet}, in big letters.",
            "the pup answers to {pet} now (well, when there's a biscuit involved) 🐾",
        ),
        (
            "Ficou {pet}! Foi o nome que a gente escolheu para o cãozinho, depois de muita discussão"
            " cá em casa.",
        ),
    ),
    6: (
        (
            "If I got offered a job in {dream_city}, would I need a visa? Asking for a daydream,"
            " not a plan.",
            "What would a {role} earn in {dream_city}? Not that I'm going anywhere, just nosy.",
            "in another life I'd be running a tiny bookshop in {dream_city} 😌",
        ),
        ("Se eu fosse viver para {dream_city}, achas que me habituava? É só um sonho, hein.",),
    ),
    7: (
        (
            "Can you plan me a route from {colleague_city}? My colleague {colleague} lives there"
            " and I said I'd sort the carpool for the team day.",
            "{colleague} at work keeps banging on about {colleague_city}, which, fair enough, he"
            " does live there 😂",
        ),
        ("O {colleague}, o meu colega, vive em {colleague_city} e trouxe-nos pastéis de lá.",),
    ),
    8: (
        (
            "What goes in a basic first-aid kit? Give me a checklist.",
            "Help me word an email asking for a refund on a broken kettle, please.",
            "how do you say '{role}' in German? just curious 🤓",
        ),
        ("Ajudas-me a escrever um email a pedir reembolso de uma torradeira que veio partida?",),
    ),
    9: (
        (
            "Can you help me update my email signature? I've just married {partner} and I can't"
            " decide whether to change my surname.",
            "I had to tell the bank I married {partner} on Saturday and they want the certificate"
            " straight away, is that normal?",
            "WE'RE MARRIED 💍🎉 {partner} and me, Saturday, in the pouring rain, best day ever",
        ),
        ("Casei-me com o {partner} no sábado! Ainda nem acredito, ando nas nuvens 💍",),
    ),
    10: (
        (
            "My husband reckons I'm rubbish at parallel parking; can you explain it step by step"
            " so I can prove him wrong?",
            "Right, so today: the printer jammed twice, I forgot my lunch, then on the way home my"
            " husband rang to say he'd burnt the rice and the dog had eaten a sock, so what's a"
            " five-minute dinner with eggs and spinach?",
            "Need an anniversary card message for my husband, something daft that'll make him"
            " laugh.",
        ),
        ("O meu marido diz que eu ressono 🙄 há alguma coisa que funcione mesmo?",),
    ),
    11: (
        (
            "No, we don't have a cat, you must be thinking of someone else.",
            "Nope, not allergic to gluten, so the bread's fine.",
            "I don't do yoga, never have, I can't even touch my toes.",
        ),
        ("Não, não sou vegetariana, nunca fui.",),
    ),
    12: (
        (
            "Could you draft a packing checklist for my sister? {sister}'s moving to"
            " {sister_city2} next month and she's hopeless at this stuff.",
            "Mum cried when I told her {sister} is moving to {sister_city2} next month 😭",
            "sis is off to {sister_city2} in a few weeks!!! 🥲✈️ so proud of her",
        ),
        ("A mana vai mudar-se para {sister_city2} daqui a umas semanas, já tem tudo tratado.",),
    ),
    13: (
        (
            "No, {sister}'s not in {sister_city1} any more, she lives in {sister_city2} now,"
            " remember?",
            "Can you help me fill in a customs form for a parcel to {sister}? She lives in"
            " {sister_city2} now, so that's where it's going.",
            "Today was one of those days: I spilt coffee on my keyboard, missed the tram, and then"
            " {sister} rang from her flat in {sister_city2}, where she's all moved in and happy,"
            " which cheered me up. Anyway, how do I get coffee out of a keyboard?",
        ),
        ("A {sister} já vive lá em {sister_city2} e diz que está feliz da vida, ainda bem 🥰",),
    ),
    14: (
        (
            "Can you help me write to our landlord to give notice? We're moving to {city2} at the"
            " end of next month.",
            "I finally told my mum we're moving to {city2} in the spring and she took it better"
            " than I expected 😅",
            "it's official, we're moving to {city2}!!! 🏡📦 not till june tho",
        ),
        ("Pronto, está decidido: a gente vai mudar-se para {city2} no verão! Estou nervosinha 🙈",),
    ),
    14.5: (
        (
            "Packing list for moving day please: kettle, loo roll, what else do people forget?",
            "send help, I've been taping boxes since 7am 📦😵",
        ),
        ("Ai, as caixas... Já não posso ver fita-cola à minha frente.",),
    ),
    15: (
        (
            "No, I said {city2}, not {city1}: we live in {city2} now, so find me a dentist here,"
            " please.",
            "I told my mum we'd moved to {city2} and she's already asking when she can visit 🙄",
            "Finally unpacked the last box, so {city2}'s home now, and the chippy round the"
            " corner is ace.",
        ),
        ("Já estamos cá em {city2} há uma semana e a casinha nova já começa a parecer nossa.",),
    ),
    16: (
        (
            "Can you help me write a goodbye email to my team at {company1}? Friday's my last"
            " day, and I start at {company2} the Monday after.",
            "No, I'm not staying at {company1}: I handed in my notice, and I start at {company2}"
            " next week.",
            "byeee {company1} 👋 new job at {company2} starts monday, eek",
        ),
        ("Despedi-me da {company1}! Segunda-feira já começo na {company2}, estou nervosíssima 😬",),
    ),
    16.5: (
        (
            "Can you help me fill in the {company2} expenses form? I'm new there and nobody's"
            " explained it.",
            "Random one, but: my new desk at {company2} is right by the window, the coffee machine"
            " is the fancy kind, and my team lead brought in cake on my first Friday there, so how"
            " do I repay that without looking like a suck-up?",
        ),
        ("Cá na {company2} a malta é mesmo porreira, estou a adorar trabalhar aqui.",),
    ),
    20: (
        (
            "Help me fill in the birth registration form? Our daughter {child} was born on Sunday"
            " and I'm too tired to think.",
            "She's here!!! 👶💕 {child}, our baby girl, born at 3am, 3.2kg of perfect",
            "I've just told my boss our daughter {child} arrived on Friday; can you help me word"
            " the out-of-office?",
        ),
        ("Nasceu a nossa menina, a {child}! Estou cansadíssima mas tão feliz 🥹",),
    ),
    21: (
        (
            "Can you help me write a 'meet the kitten' post? Her name's {kitten}, she's been ours"
            " since yesterday, and the dog is not impressed.",
            "ok so we may have adopted a kitten 🙈 {kitten}. she's tiny and evil and i love her",
        ),
        ("Cá em casa há mais uma: a gatinha {kitten}, pequenina e marota 🐱",),
    ),
    22: (
        (
            "Is a cookbook a boring present for {sister}? anyway, ta for everything, night!",
            "Cheers for that, you're a star ⭐ speak tomorrow",
        ),
        ("Obrigadinha, és um espetáculo! Até amanhã 😘",),
    ),
}
