"""Fact patterns in English and Portuguese: a subject, a verb phrase, an object.

Each pattern is data: the predicate it states, whether it states an ending (``negated``), the
subject forms it accepts (``first`` person only, ``third`` person only, or ``any``) and a regex
for the verb phrase that is followed by the object. Subjects and objects are read by
``lembrar.graph.extract.rules``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Pattern:
    predicate: str
    verb: str
    negated: bool = False
    person: str = "any"  # "first", "third", "possessive" ("my job at"), "bare" (no subject), "any"
    language: str = "en"
    # "phrase", "role", "age", "pet", "child", "sibling", "name", "diet", "org", "org_of_role",
    # "local"
    object_kind: str = "phrase"
    besides: bool = False  # read besides the patterns its verb phrase overlaps ("a nurse at X")


ADVERBS_EN = (
    r"(?:(?:now|currently|still|also|really|just|recently|actually|finally|officially|even|already"
    r"|totally|absolutely|mostly|usually|often|sometimes|regularly|always|first|only|both)\s+)*"
)
ADVERBS_PT = r"(?:(?:agora|atualmente|ainda|também|já|realmente|finalmente|muito)\s+)*"
EVENTS = frozenset(
    "trip vacation holiday wedding party conference visit move festival concert tour gathering"
    " competition course class show event journey flight cruise camp retreat start viagem festa"
    " casamento hike camping reunion celebration marathon race dinner honeymoon graduation"
    " ceremony workshop exhibition game match ride barbecue bbq cookout picnic potluck tournament"
    " recital performance gig fair meetup hackathon sleepover playdate exhibit premiere"
    " triathlon regatta convention expo interview exam audition housewarming anniversary"
    " birthday christening baptism bachelorette fundraiser gala parade staycation getaway"
    " roadtrip expedition safari trek pilgrimage showcase launch opening debut test"
    " half-marathon ultramarathon parkrun duathlon defense defence sangeet"
    " final midterm mock gcse matura bac baccalaureate sats ielts toefl boards viva"
    " dissertation".split()
)
"""Nouns of the plans people tell ("a road trip", "the conference", "my finals"), not
errands."""
UNDERTAKINGS = frozenset(
    "move relocate visit travel go attend host open launch start found build renovate adopt"
    " learn study apply run write publish join marry retire mudar visitar viajar abrir"
    " começar remodel volunteer propose compete perform audition tour"
    " graduate enrol enroll begin repaint redecorate refurbish paint".split()
)
"""Verbs a plan worth keeping opens with ("open a studio", "visit Kyoto"), not errands
("pack light", "order more")."""


def _words(text: str) -> list[str]:
    """The words of ``text``; an underscore joins the words of one ("guinea_pig")."""
    return [word.replace("_", " ") for word in text.split()]


BREEDS = _words(
    "beagle labrador retriever poodle terrier dachshund bulldog pug husky corgi chihuahua spaniel"
    " collie greyhound rottweiler schnauzer dalmatian doberman whippet labradoodle cockapoo"
    " siamese ragdoll sphynx tabby german_shepherd shepherd pitbull pit_bull mastiff samoyed"
    " malamute pomeranian yorkie shih_tzu goldendoodle cavapoo maltipoo sheepdog great_dane"
    " maine_coon Maine_Coon persian_cat bengal_cat"
    " shiba shiba_inu akita basenji bichon borzoi cockerpoo cavoodle cavachon bernedoodle"
    " aussiedoodle sheepadoodle schnoodle westie weimaraner vizsla saluki sheltie staffie staffy"
    " newfie frenchie lurcher springer bloodhound basset foxhound wolfhound deerhound malinois"
    " rottie papillon pekingese havanese keeshond sharpei shar_pei doxie sausage_dog heeler"
    " kelpie pittie pomsky puggle spoodle lhasa_apso cane_corso leonberger ridgeback bernese"
    " st_bernard saint_bernard jack_russell moggy moggie tortie tortoiseshell calico abyssinian"
    " burmese birman russian_blue british_shorthair scottish_fold ragamuffin devon_rex"
    " cornish_rex"
)
"""Dog and cat breeds, and their short forms, that name nothing else: "our beagle", "a poodle
named Rex", "my westie"."""
KEPT_ANIMALS = _words(
    "dog cat puppy pup kitten parrot rabbit bunny hamster fish turtle horse bird snake lizard"
    " guinea_pig cockatiel budgie budgerigar parakeet canary cockatoo macaw lovebird ferret"
    " chinchilla gerbil hedgehog gecko iguana bearded_dragon axolotl tarantula tortoise goldfish"
    " betta pony alpaca rooster cãozinho caozinho cão cao gatinho gatinha gato gata cachorrinho"
    " cachorro cadelinha cadela papagaio coelhinho coelho tartaruga cavalo peixe"
    " mutt pooch doggo pupper kitty tomcat degu sugar_glider hermit_crab koi guppy cichlid"
    " chameleon terrapin conure quail donkey llama mare gelding"
)
"""Words for the animals people keep, but breeds."""
PET_WORDS = BREEDS + KEPT_ANIMALS
"""Words for the animals people keep."""
CAT_WORDS = frozenset(
    _words(
        "cat kitten kitty tomcat gato gata gatinho gatinha siamese ragdoll sphynx tabby"
        " maine_coon persian_cat bengal_cat moggy moggie tortie tortoiseshell calico abyssinian"
        " burmese birman russian_blue british_shorthair scottish_fold ragamuffin devon_rex"
        " cornish_rex"
    )
)
"""The pet words that say a cat."""
DOG_WORDS = frozenset(
    _words(
        "dog puppy pup mutt pooch doggo pupper cão cao cãozinho caozinho cachorro cachorrinho"
        " cadela cadelinha"
    )
    + [breed for breed in BREEDS if breed not in CAT_WORDS]
)
"""The pet words that say a dog."""


def species(pet_word: str) -> str:
    """The animal a pet word says, lower-case: "dog" for "beagle" and "puppy", "cat" for
    "kitten", the word itself for any other ("hamster")."""
    word = pet_word.lower()
    if word in DOG_WORDS:
        return "dog"
    if word in CAT_WORDS:
        return "cat"
    return word


def alternation(words: Sequence[str]) -> str:
    """A regex matching any of ``words``, written as a tree of their shared beginnings
    ("c(?:at|ow)"): the regex engine tries each word in turn at every position, so a long list
    of words costs in every search that holds it; the tree tries a letter once."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for letter in word:
            node = node.setdefault(letter, {})
        node[""] = {}

    def written(node: dict[str, Any]) -> str:
        branches = [
            re.escape(letter) + written(after) for letter, after in sorted(node.items()) if letter
        ]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body})?"
        return body

    return "(?:" + written(tree) + ")"


PETS = alternation(PET_WORDS)
WARDS = r"(?:ER|ICU|NICU|PICU|ITU|HDU|ED|OR|A&E)\b"
"""A hospital's departments, said after "the" where an employer may be: "a nurse at the ICU"."""
DIETS = (
    r"vegetarian|vegan|pescatarian|pescetarian|gluten-free|keto|halal|kosher|vegetarian[oa]"
    r"|vegan[oa]|vegetariano|vegetariana|celíac[oa]|celiac"
)
CHILDREN = (
    r"filhinho|filhinha|filhote|filhota|son|daughter|baby|kid|child|filho|filha|bebé|bebe|bebê"
    r"|toddler"
)
HOW_MANY = r"(?:\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a\s+dozen)"
"""How many of a kind, in figures or words: "we have 85 sheep", "four kids", "three cats"."""
KIN_WORDS_EN = (
    "sister|brother|mom|mum|mother|dad|father|wife|husband|partner|boyfriend|girlfriend"
    "|fiancée|fiancé|fiance|son|daughter|friend|best friend|cousin|aunt|uncle|grandma"
    "|grandmother|grandpa|grandfather|boss|colleague|coworker|roommate|neighbor|neighbour"
    "|stepson|stepdaughter|stepmom|stepmum|stepmother|stepdad|stepfather|stepbrother|stepsister"
    "|half-brother|half-sister|fella|bloke|firstborn|first-born|lastborn|last-born"
)
EX = (
    r"ex-(?:wife|husband|boyfriend|girlfriend|partner)|ex(?-i:(?=\s*[,.!?;:)]|\s*$|\s+[A-ZÀ-Þ]"
    r"|\s+(?:and|is|was|has|had|still|just|keeps|wants|lives|moved|got|texted|called)\b))"
)
"""An ex, not an "ex boss" or an "ex-colleague": "my ex, Laura", "my ex-husband", "my ex still…"."""
KIN_EN = rf"(?:{KIN_WORDS_EN}|{EX})(?![- ]in[- ]law)"
"""A kin word, not an in-law's: "my mother-in-law" is no parent."""
KIN_PLURAL = "parents|kids|children|sons|daughters|sisters|brothers|twins"
"""Kin said together as one subject: "my parents live in Casablanca"."""
KIN_PT = (
    r"irmãzinha|irmãozinho|irmã|irma|irmão|irmao|mana|mano|filhinha|filhinho|mãe|mae|pai|mulher|marido|esposa|namorada|namorado|noiva|noivo"
    r"|filha|filho|amiga|amigo|prima|primo|tia|tio|avó|avô|chefe|colega|vizinha|vizinho"
)

ROLES = frozenset(
    [
        *(
            "attendant hairdresser barber cleaner janitor realtor caretaker dispatcher lifeguard"
            " porter policeman policewoman headteacher headmaster headmistress principal"
            " interpreter priest pastor vicar imam rabbi chaplain deacon missionary bouncer butler"
            " busboy labourer laborer tiler surveyor agent operator valet usher mailman guard"
            " nun monk"
            " bricklayer beekeeper fisherman miner chauffeur trucker foreman supervisor"
            " apprentice trainee contractor ceo cto saleswoman salesman underwriter prosecutor"
            " inspector ranger warden curator astronomer sonographer babysitter doula youtuber"
            " streamer influencer blogger podcaster dev"
        ).split(),
        "teacher",
        "nurse",
        "doctor",
        "engineer",
        "developer",
        "programmer",
        "designer",
        "lawyer",
        "accountant",
        "architect",
        "chef",
        "cook",
        "baker",
        "waiter",
        "waitress",
        "researcher",
        "scientist",
        "writer",
        "author",
        "journalist",
        "artist",
        "painter",
        "musician",
        "singer",
        "photographer",
        "manager",
        "consultant",
        "analyst",
        "pilot",
        "driver",
        "mechanic",
        "electrician",
        "plumber",
        "carpenter",
        "farmer",
        "pharmacist",
        "dentist",
        "therapist",
        "psychologist",
        "counselor",
        "counsellor",
        "professor",
        "lecturer",
        "librarian",
        "firefighter",
        "officer",
        "soldier",
        "veterinarian",
        "vet",
        "entrepreneur",
        "founder",
        "freelancer",
        "translator",
        "editor",
        "actor",
        "actress",
        "dancer",
        "coach",
        "trainer",
        "athlete",
        "cashier",
        "salesperson",
        "receptionist",
        "secretary",
        "barista",
        "surgeon",
        "paramedic",
        "intern",
        "volunteer",
        "mom",
        "dad",
        "parent",
        "retiree",
        "retired",
        "unemployed",
        "homemaker",
        "caregiver",
        "tutor",
        "banker",
        "economist",
        "biologist",
        "chemist",
        "physicist",
        "mathematician",
        "historian",
        "director",
        "producer",
        "nanny",
        "social-worker",
        "investor",
        "professor",
        "professora",
        "médico",
        "médica",
        "enfermeiro",
        "enfermeira",
        "engenheiro",
        "engenheira",
        "advogado",
        "advogada",
        "programador",
        "programadora",
        "desenhador",
        "desenhadora",
        "contabilista",
        "arquiteto",
        "arquiteta",
        "cozinheiro",
        "cozinheira",
        "padeiro",
        "padeira",
        "empregado",
        "empregada",
        "investigador",
        "investigadora",
        "cientista",
        "escritor",
        "escritora",
        "jornalista",
        "artista",
        "pintor",
        "pintora",
        "músico",
        "música",
        "cantor",
        "cantora",
        "fotógrafo",
        "fotógrafa",
        "gestor",
        "gestora",
        "consultor",
        "consultora",
        "analista",
        "piloto",
        "motorista",
        "mecânico",
        "eletricista",
        "canalizador",
        "carpinteiro",
        "agricultor",
        "farmacêutico",
        "farmacêutica",
        "dentista",
        "terapeuta",
        "psicólogo",
        "psicóloga",
        "bibliotecário",
        "bibliotecária",
        "bombeiro",
        "polícia",
        "soldado",
        "veterinário",
        "veterinária",
        "empresário",
        "empresária",
        "tradutor",
        "tradutora",
        "editor",
        "editora",
        "ator",
        "atriz",
        "bailarino",
        "bailarina",
        "treinador",
        "treinadora",
        "atleta",
        "caixa",
        "rececionista",
        "secretária",
        "barista",
        "cirurgião",
        "cirurgiã",
        "estagiário",
        "estagiária",
        "voluntário",
        "voluntária",
        "reformado",
        "reformada",
        "desempregado",
        "desempregada",
        # law and public service
        "paralegal",
        "solicitor",
        "barrister",
        "attorney",
        "judge",
        "clerk",
        "notary",
        "diplomat",
        "politician",
        "councillor",
        "civil servant",
        "police",
        "detective",
        "guard",
        "juiz",
        "juíza",
        "notário",
        "polícia",
        # health and care
        "midwife",
        "physiotherapist",
        "physio",
        "optician",
        "radiographer",
        "nutritionist",
        "dietitian",
        "carer",
        "optometrist",
        "fisioterapeuta",
        "nutricionista",
        "parteira",
        "auxiliar",
        # trades and making
        "welder",
        "builder",
        "roofer",
        "painter",
        "decorator",
        "gardener",
        "landscaper",
        "tailor",
        "seamstress",
        "butcher",
        "jeweller",
        "jeweler",
        "technician",
        "machinist",
        "locksmith",
        "potter",
        "serralheiro",
        "pedreiro",
        "jardineiro",
        "costureira",
        "talhante",
        "técnico",
        "técnica",
        # office, tech and money
        "administrator",
        "admin",
        "assistant",
        "coordinator",
        "recruiter",
        "auditor",
        "actuary",
        "broker",
        "trader",
        "marketer",
        "copywriter",
        "strategist",
        "architect",
        "tester",
        "sysadmin",
        "administrador",
        "administradora",
        "assistente",
        "coordenador",
        "coordenadora",
        "recrutador",
        "recrutadora",
        "auditor",
        "auditora",
        # hospitality, retail and transport
        "bartender",
        "sommelier",
        "housekeeper",
        "concierge",
        "shopkeeper",
        "courier",
        "postman",
        "postwoman",
        "cabbie",
        "conductor",
        "steward",
        "stewardess",
        "flight attendant",
        "sailor",
        "empregado de mesa",
        "rececionista",
        "estafeta",
        "carteiro",
        "hospedeira",
        "comissário",
        # teaching, research and the arts
        "teaching assistant",
        "educator",
        "instructor",
        "educadora",
        "educador",
        "explicador",
        "explicadora",
        "illustrator",
        "animator",
        "sculptor",
        "composer",
        "filmmaker",
        "ilustrador",
        "ilustradora",
        "realizador",
        "realizadora",
    ]
)
ROLE_SUFFIXES = ("er", "or", "ist", "ian", "ant", "ent", "eira", "eiro", "ista", "ora")


_EN = [
    (  # "I'm a chef from Mexico City", "I am truck driver from Poland": where one is from
        "from",
        r"(?:am|is)(?: an?)?(?: (?:retired|former|old|young|proud|exchange))?(?: [\w-]+)?"
        rf" (?:{alternation(sorted((ROLES | {'student'}) - {'retired', 'retiree'}))}) from",
        "org",
    ),
    (  # "I'm originally from Enugu", "Marta is from Valencia"; "I'm back from Paris" is a trip
        "from",
        r"(?:am|is|are|come|comes|came originally)(?: originally)?(?: all the way)? from",
        "org",
    ),
    (  # "I was born and raised in Lagos", "she grew up in Manila"; "born in 1990" names no place
        "from",
        r"(?:was born(?: and raised| and bred)?|were born(?: and raised)?|grew up) in",
        "org",
    ),
    (
        "lives_in",
        r"(?:live|lives|am living|is living|are living|have been living|has been living"
        r"|have lived|has lived|reside|resides|am based|is based"
        r"|(?:stay|stays)(?! in (?:touch|shape|bed|line|contact|school|character|tune)\b)"
        r"|are based|have settled|has settled|settled|am settling|is settling|are settling)"
        r"(?: (?:all the )?way)?(?: out| over| up| down| back| abroad| overseas| alone| together| at home"
        r"| on (?:my|his|her|our|their) own)?"
        r"(?: with (?:us|me|them|(?:my|our|his|her|their) [\w-]+)(?: now| still)?"
        r"(?= in [A-ZÀ-Þ]))?"
        r"(?: (?:near|by|close to|next to) (?:the |a )?[\w-]+(?: [\w-]+)?(?= in [A-ZÀ-Þ]))? in",
    ),  # "I live with my parents in Leeds", "we live near the beach in Cascais"
    (
        "lives_in",
        r"(?:moved|moves|am moving|is moving|are moving|relocated|am relocating|is relocating"
        r"|are relocating|have moved|has moved|will move|will be moving|am going to move"
        r"|is going to move|are going to move|(?:have |has )?decided to (?:move|relocate)"
        r"|(?:am |is |are )?planning to (?:move|relocate))(?: back)?"
        r"(?: from [A-ZÀ-Þ][\w'’-]*(?: [A-ZÀ-Þ][\w'’-]*){0,2})? to",
    ),
    (
        "works_at",
        (
            r"(?:work|works|am working|is working|have been working|has been working"
            r"|got a job|got a new job|got jobs|started working|started a new job|took a job"
            r"|(?:have|has|got|started|landed|took|accepted) (?:an? |the |my |his |her |their )?"
            r"(?:new |first |dream )?(?:(?:part|full)[- ]time |[\w-]+ )?job(?: offer)?"
            r"|accepted (?:the|an?|their) (?:job )?offer"
            r"|am going back to work|is going back to work|will go back to work"
            r"|am employed|is employed)(?: (?:nights|days|weekends|evenings|mornings|shifts"
            r"|part[- ]time|full[- ]time|remotely|there|now))? (?:at|for)"
        ),
    ),
    ("works_at", r"accepted (?:the|an?|their) (?:job )?offer from", "org"),  # "…from Zalando!"
    (  # "I got an offer from BMW and accepted it"
        "works_at",
        r"(?:got|received|had) (?:an?|the) (?:job )?offer from"
        r"(?= [A-ZÀ-Þ][\w&.-]*(?: [A-ZÀ-Þ][\w&.-]*){0,3} and (?:I )?(?:have )?accepted\b)",
        "org",
    ),
    (  # "I'm joining Lumo in May as a product designer", "I start at BMW on Monday as an analyst"
        "works_as",
        r"(?:am joining|is joining|will join|will be joining|join|joins|am starting|is starting"
        r"|start|starts|have started|started)(?: (?:at|with))?(?: [\w'’&-]+){0,5}? as(?: an?)?",
        "role",
        "besides",
    ),
    (  # "I got a new job with Osler"; "a job with my uncle" names no employer
        "works_at",
        r"(?:got|have|has|landed|took|accepted|started) (?:an? |the |my )?(?:new |first |dream )?"
        r"(?:(?:part|full)[- ]time |[\w-]+ )?job with",
        "org",
    ),
    (  # "I work with Acme" names an employer; "I work with kids", "with Excel files" do not
        "works_at",
        (
            r"(?:work|works|am working|is working|have been working|has been working"
            r"|started working|am employed|is employed) with"
        ),
        "org",
    ),
    ("works_at", r"(?:was hired by|got hired at|got hired by)"),
    (  # "Lena got promoted to head of sales at Unilever"
        "works_at",
        r"(?:got|was|has been|have been|am|is|just got) promoted to (?:an? |the )?[\w-]+"
        r"(?: [\w-]+){0,3}? (?:at|with)",
        "org",
    ),
    (
        "works_as",
        r"(?:got|was|has been|have been|am|is|just got) promoted to(?: an?| the)?",
        "role",
        "besides",
    ),
    (  # "Dara is moving to Berlin for a job at Zalando", "I moved here for a job as a nurse at X"
        "works_at",
        r"(?:moved|moves|am moving|is moving|are moving|have moved|has moved|relocated"
        r"|am relocating|is relocating|came|went)(?: (?:back )?(?:to|here|there)"
        r"(?: [A-ZÀ-Þ][\w'’-]*){0,3})?(?: (?:in|last|this) [\w-]+)? for (?:a|the|my|his|her"
        r"|their) (?:new )?job(?: as (?:an? )?[\w-]+(?: [\w-]+){0,2})? (?:at|with)",
        "org",
    ),
    (  # "I started at Pret last week": said done, a job there (ahead, a plan: ``rules``)
        "works_at",
        r"(?:started|have started|has started|began)(?: (?:my|his|her|a|the) new job| work"
        r"| working)? at",
        "org",
    ),
    (  # "I do double shifts at the Marriott", "picked up extra shifts at Tesco"
        "works_at",
        r"(?:do|does|am doing|is doing|work|works|am working|is working|pick up|picks up"
        r"|picked up)(?: [\w-]+)? shifts at(?: the)?",
        "org",
    ),
    (  # "I drive for Uber", "she delivers for Deliveroo": who one drives for employs one
        "works_at",
        r"(?:drive|drives|am driving|is driving|have been driving|has been driving|deliver"
        r"|delivers|am delivering|is delivering|ride|rides|am riding|is riding) for",
        "org",
    ),
    (  # "I work at Volvo Cars in Torslanda as a battery engineer"
        "works_as",
        r"(?:work|works|am working|is working|have been working|has been working) (?:at|for|with)"
        r"(?: [\w'’&.-]+){1,6}? as(?: an?)?",
        "role",
        "besides",
    ),
    (  # "I work rotating shifts as an electrician at the Ternium plant"
        "works_at",
        r"(?:work|works|am working|is working)(?: [\w-]+)? shifts? as (?:an? )?[\w-]+(?: [\w-]+)?"
        r" (?:at|for)(?: the)?",
        "org",
    ),
    (
        "works_as",
        r"(?:work|works|am working|is working)(?: [\w-]+)? shifts? as(?: an?)?",
        "role",
        "besides",
    ),
    ("works_at", r"(?:teach|teaches)(?: [\w-]+){0,3} at", "org"),  # "I teach grade 4 at X"
    (  # "I'm on maternity leave from PKO": still employed there
        "works_at",
        r"(?:am|is|are)(?: (?:currently|still|now))? on (?:maternity|paternity|parental|sick"
        r"|medical|mat) leave from",
        "org",
    ),
    (  # "I passed the probation period at Bancolombia"
        "works_at",
        r"(?:passed|finished|completed|survived) (?:my|the|her|his) probation(?: period)? (?:at|with)",
        "org",
    ),
    ("works_at", r"(?:am|is) retiring from", "org"),  # "I'm retiring from Pemex": still there
    ("works_at", r"joined", "org"),  # "joined Google"; "joined a book club" is a pastime
    (  # "I start at Hooli on Monday": a plan when the clause's time is ahead (``rules``)
        "works_at",
        r"(?:start|starts|am starting|is starting|begin|begins|am beginning|is beginning)"
        r"(?: (?:my|his|her|a|the) new job| work| working)? at",
    ),
    (  # "I start with Hooli on Monday"; "starting with a low value service" names no employer
        "works_at",
        r"(?:start|starts|am starting|is starting|begin|begins|am beginning|is beginning)"
        r"(?: (?:my|his|her|a|the) new job| work| working)? with",
        "org",
    ),
    (  # "I join Hooli next Monday": a plan when the clause's time is ahead (``rules``)
        "works_at",
        r"(?:am joining|is joining|will join|will be joining|am going to join|join|joins)",
        "org",
    ),
    (  # "my sister has been in Ghent for years": a stay of years is a home
        "lives_in",
        r"(?:has|have) been (?:living |based )?in(?= (?:[A-ZÀ-Þ][\w-]*\s+){1,3}(?:(?:for|since)"
        r" (?:years|ages|months|decades|a long time|a while|over a year|\d+ years|\d{4})"
        r"|(?:for )?(?:a|one|two|three|four|five|six|several|a few|\d+) (?:months?|years?)\b))",
    ),
    (  # "we're still renting in Haarlem": a place named; not "renting in the city"
        "lives_in",
        r"(?:am|is|are) renting in(?= (?-i:[A-ZÀ-Þ]))",
    ),
    (  # "Freja and I moved in together in Nørrebro"
        "lives_in",
        r"(?:moved|have moved|has moved|just moved|finally moved) in together in",
    ),
    (  # "we moved into a new flat in Alfama", "finally moved into my own place in JLT"
        "lives_in",
        r"(?:moved|have moved|has moved|just moved|finally moved) into (?:my|our|his|her|their|an?"
        r"|the)(?: (?:own|new|first|little|tiny|small|big|lovely))* (?:place|flat|apartment|house"
        r"|home|condo|studio|bungalow|cottage)(?: of (?:my|our) own)? in",
        "org",
    ),
    (  # "my sister's a Munich local these days": a local of a place lives there
        "lives_in",
        r"(?:am|is|are)(?: now| basically| practically)?",
        "local",
    ),
    (  # "I live with my parents in Pune", "I live with her in Giza"
        "lives_in",
        r"(?:live|lives|am living|is living|are living) with (?:(?:my|our|his|her|their) [\w-]+"
        r"(?: [\w-]+)?|him|her|them) in",
    ),
    (  # "I'm a Java dev living in Cluj", "an online tutor based in Kazan"
        "lives_in",
        r"(?:am|is) an? [\w-]+(?: [\w-]+){0,2}? (?:living|based|located) in",
        "org",
    ),
    (  # "I rent a small flat in Braga"
        "lives_in",
        r"(?:rent|rents|am renting|is renting|are renting|own|owns|share|shares) (?:a|an|the|our|my)"
        r" (?:[\w-]+ )?(?:flat|apartment|house|place|room|studio) in",
    ),
    (  # "I'm a data analyst at Sonae", "a nurse with the HSE": where the role is held
        "works_at",
        r"(?:am|is|have been|has been)(?: (?:now|also|still|currently))? an? [\w-]+(?: [\w-]+)?"
        rf" (?:(?:working|employed) )?(?:at|for|with)(?: the(?! {WARDS}))?",
        "org",
    ),
    (  # "I'm the head chef at Casa Olmo", "she is engineer at Aselsan", "a nurse on nights at
        "works_at",  # St James's": where a role is held, the role a known one
        r"(?:am|is|have been|has been)(?: (?:now|also|still|currently))? (?:the |an? )?"
        r"(?P<role>[\w-]+(?: [\w-]+)?)"
        rf"(?: on (?:nights|days|weekends|the [\w-]+ ward))? at(?: the(?! {WARDS}))?",
        "org_of_role",
        "besides",
    ),
    (  # "I'm on a keto diet", "she went on a vegan diet"
        "diet",
        rf"(?:am|is|are|have been|has been|went|go|going) on (?:an?|the|this|my|her|his)"
        rf"(?= (?:{DIETS}) diet\b)",
        "diet",
    ),
    (  # "I'm a vegetarian and allergic to sesame": the subject said before "and"
        "allergic_to",
        r"(?<=and )(?:(?:also|very|so|severely|mildly) )?allergic to",
    ),
    (  # a diet before a role: "I became a vegan" names no job
        "diet",
        r"(?:am|is|went|became|have become|has become|have been|has been|have gone|has gone)"
        r"(?: an?)?",
        "diet",
    ),
    (  # "I work as a designer at Critical Software"
        "works_at",
        r"(?:work|works|am working|is working) as (?:an? )?[\w-]+(?: [\w-]+)?"
        r" (?:on (?:a )?contract )?(?:at|for|with)",
        "org",
    ),
    (
        "works_as",
        (
            r"(?:(?:work|works|am working|is working|have been working|has been working)"
            r"(?: (?:there|here|now|remotely|full-time"
            r"|part-time))? as|became|have become|has become"
            r"|got a job as|started working as|(?:started|got|took|landed|began) a (?:new )?job"
            r" as)(?: an?)?"
        ),
        "role",
    ),
    ("works_as", r"(?:am|is)(?: an?)", "role", "besides"),  # not over "am a big fan of"
    (  # "I have been a nun for 48 years", "she's been a nurse in Rosario since 2010"
        "works_as",
        r"(?:have|has) been an?(?= (?:[\w-]+ ){1,2}(?:(?:in|at|with) [A-ZÀ-Þ][\w'’-]*"
        r"(?: [A-ZÀ-Þ][\w'’-]*)? )?(?:for|since)\b)",
        "role",
        "besides",
    ),
    (  # "I am mechanic", "from Monday I am sous chef at X": a role word only
        "works_as",
        r"(?:am|is)(?! (?:an?|the|my|his|her|our|your|their|so|very|really|not|just|also)\b)",
        "bare_role",
        "besides",
    ),
    (  # "she's the busiest nurse in town", "I'm the only architect in the family"
        "works_as",
        r"(?:am|is) the (?:\w+est|only|new|head|lead|chief|senior|main|resident)",
        "role",
        "besides",
    ),
    (  # "I was hired by Feedzai as a data analyst", "she got taken on as a nurse"
        "works_as",
        r"(?:was|were|got|have been|has been|am|is) (?:just )?(?:hired|employed|recruited|taken on"
        r"|brought on|brought in)(?: (?:by|at) [\w-]+(?: [\w-]+){0,2})? as(?: an?)?",
        "role",
        "besides",
    ),
    (  # "I was hired by Feedzai", "I've been taken on at Sonae"
        "works_at",
        r"(?:was|were|got|have been|has been|am|is) (?:just )?(?:hired|employed|recruited|taken on"
        r"|brought on|brought in) (?:by|at)",
        "org",
    ),
    (  # "on Monday I'm the new hire at Talkdesk": a plan when dated ahead
        "works_at",
        r"(?:am|is) the (?:new|newest) (?:hire|starter|recruit|joiner|employee) (?:at|with)",
        "org",
    ),
    (  # "loves her architect job": the role one's job is
        "works_as",
        r"(?:love|loves|like|likes|enjoy|enjoys|hate|hates|started|quit|left|got) (?:my|her|his)"
        r"(?: new| old| current)?(?= [\w-]+(?: [\w-]+)? (?:job|gig)\b)",
        "role",
    ),
    (  # "I'm employed at Sonae as a data analyst", "I've been at Sonae for years now as a…"
        "works_as",
        r"(?:(?:am|is) (?:employed|working)|work|works|have been|has been) (?:at|by|for|with)"
        r" [\w-]+(?: [\w-]+){0,2}(?: for(?: [\w-]+){1,4}?)? as(?: an?)?",
        "role",
        "besides",
    ),
    (
        "studies_at",
        (
            r"(?:am a student at|is a student at|study at|studies at|attend|attends|go to"
            r" school at|goes to school at|enrolled at|enrolled in|(?:am|is|are) enrolled (?:at|in))"
        ),
    ),
    (  # "I'm a second-year med student at Edinburgh", "she's a PhD candidate at ETH"
        "studies_at",
        r"(?:am|is) an? (?:[\w'’-]+ ){0,3}?(?:student|freshman|sophomore|undergrad|undergraduate"
        r"|postgrad|postgraduate|candidate|pupil|fresher)(?: (?:in|of) [\w-]+(?: [\w-]+)?)? at(?: the)?",
        "org",
    ),
    (  # "I'm a PhD student in biochemistry", "she's a student of architecture"
        "studies",
        r"(?:am|is) an? (?:[\w'’-]+ ){0,3}?(?:student|candidate|undergrad|undergraduate|postgrad"
        r"|postgraduate) (?:in|of)",
    ),
    (  # "my son goes to Brookside Primary", "I go to Westfield High"
        "studies_at",
        r"(?:go|goes|am going|is going) to(?= (?:the )?(?:[A-ZÀ-Þ][\w'’-]*\s+){0,3}(?:University"
        r"|College|School|Academy|High|Primary|Uni|Institute|Polytechnic|Conservatory|Elementary"
        r"|Middle|Grammar|Gymnasium|Lycée)\b)(?: the)?",
        "org",
    ),
    (  # "he got accepted to MIT", "I was admitted to Bocconi"
        "studies_at",
        r"(?:was|were|got|(?:have|has) been) (?:accepted|admitted) (?:in)?to",
        "org",
    ),
    (  # "she just got into Wits for medicine"; "got into Pokémon for ages" names no school
        "studies_at",
        r"(?:got|gets|have got|has got) (?:in)?to(?= (?:[A-ZÀ-Þ][\w&.'’-]*\s+){1,4}(?:for"
        r"(?! (?:a|an|the|some|my|his|her|our|their|ages|years|months|weeks|now|real|fun|sure"
        r"|good|free|once|life|work|example)\b) [a-z]|to study\b))",
        "org",
    ),
    (  # the subject of that school: "got into Wits for medicine"
        "studies",
        r"(?:got|gets|have got|has got|was accepted|were accepted|got accepted|got admitted"
        r"|(?:have|has) been accepted) (?:in)?to (?:[A-ZÀ-Þ][\w&.'’-]*\s+){1,4}(?:for"
        r"(?! (?:a|an|the|some|my|his|her|our|their|ages|years|months|weeks|now|real|fun|sure"
        r"|good|free|once|life|work|example)\b)|to study)",
    ),
    (  # "I study architecture at Kyoto University", "doing her PhD in microbiology at IISc"
        "studies_at",
        r"(?:study|studies|am studying|is studying|will study|will be studying|(?:am|is|are) going"
        r" to study|(?:am|is) doing (?:a|an|my|her|his) (?:master['’]s"
        r"|masters|master|phd|doctorate|degree|bachelor['’]s|mba|med|msc|ma|ba|bsc|pgce|llm|llb"
        r"|mphil|diploma|btech|mtech|bcom|bba|mbbs|beng|meng)(?: degree)?(?: in)?)(?: [\w-]+){0,3}"
        r" at(?: the)?",
        "org",
    ),
    (  # "I'm taking Turkish classes at Tömer", "doing a Python bootcamp at Yandex Practicum"
        "studies_at",
        r"(?:am|is|are) (?:taking|doing|attending|finishing|starting) (?:an? |my |the |some )?"
        r"(?:[\w-]+ ){0,3}?(?:classes|course|courses|bootcamp|degree|diploma|certificate|cert"
        r"|semester|programme|program|apprenticeship|modules?)(?: in [\w-]+(?: [\w-]+)?)? at(?: the)?",
        "org",
    ),
    (  # "doing a master's in public health"
        "studies",
        r"(?:am|is) doing (?:a|an|my|her|his) (?:master['’]s|masters|master|phd|doctorate|degree"
        r"|bachelor['’]s)(?: degree)? in",
    ),
    (  # "my brother is doing his BTech at IIT", "I'm doing an MBA": the degree is what is studied
        "studies",
        r"(?:am|is) doing (?:a|an|my|her|his)(?= (?:mba|btech|mtech|bcom|bba|mbbs|beng|meng|phd"
        r"|msc|bsc|llb|llm|pgce)\b)",
    ),
    (  # "Hana got in Waseda University", "he got into IIT Bombay for his masters"
        "studies_at",
        r"(?:got|gets|have got|has got) (?:in|into)(?= (?:the )?(?:[A-ZÀ-Þ][\w&.'’-]*\s+){0,3}"
        r"(?:University|College|School|Academy|Uni|Institute|Polytechnic|Conservatory|Lycée)\b"
        r"|(?: [A-ZÀ-Þ][\w&.'’-]*){1,4} for (?:his|her|my|their|a|an) (?:master['’]?s|masters|phd"
        r"|mba|degree|bachelor['’]?s|btech|mtech|undergrad)\b)(?: the)?",
        "org",
    ),
    (
        "studies",
        (
            r"(?:study|studies|am studying|is studying|will study|will be studying"
            r"|(?:am|is|are) going to study|major in|majoring in|am majoring in"
            r"|is majoring in|am doing a degree in|is doing a degree in)"
        ),
    ),
    (
        "likes",
        (
            r"(?:(?:like|likes|love|loves|enjoy|enjoys)(?: very much| so much)?|adore|adores"
            r"|prefer|prefers|do (?:like|love|enjoy)|does (?:like|love|enjoy)"
            r"|(?:am|is|are|have been|has been) (?:(?:so|really|very|super|truly|deeply|quite"
            r"|\w+ly) )?(?:into|keen on|passionate about|fond of)"
            r"|am an? (?:[\w-]+ )?fan of"
            r"|is an? (?:[\w-]+ )?fan of"
            r"|am (?:\w+ly |really |so )?(?:loving|enjoying)"
            r"|have been (?:\w+ly |really )?(?:loving|enjoying))"
        ),
    ),
    (
        "dislikes",
        (
            r"(?:hate|hates|dislike|dislikes|don['’]t like|do not like|doesn['’]t like"
            r"|does not like|(?:can['’]t|cannot) stand(?! (?:up|still|on)\b)"
            r"|(?:am|is) (?:not|no) (?:a |the )?"
            r"(?:big |huge |great )?fan of)"
        ),
    ),
    (
        "has_pet",
        r"(?:have|has|got|adopted|just got|have got|rescued|own|owns|keep|keeps|foster|fosters"
        r"|(?:have|has) (?:adopted|rescued)|am fostering|are fostering)",
        "pet",
    ),
    ("has_child", r"(?:have got|has got|have|has|had|just had)", "child"),
    ("has_sibling", r"(?:have got|has got|have|has|got)", "sibling"),
    (
        "has_partner",
        (
            r"(?:am married to|is married to|got married to|(?:am|is|are) getting married to|married"
            r"|(?:have|has) (?:just )?married"
            r"|am dating|is dating"
            r"|am engaged to|is engaged to|got engaged to)"
        ),
        "name",
    ),
    ("age", r"(?:am|is|turned|just turned|will turn)", "age", "besides"),  # "a 32-year-old nurse"
    ("allergic_to", r"(?:am|is)(?: (?:very|so|super|quite|really|\w+ly))? allergic to"),
    ("allergic_to", r"(?:have|has) an? (?:\w+ )?allergy to"),
    ("allergic_to", r"(?:have|has|got)", "allergen"),
    (
        "does",
        r"(?:do|does|have been doing|has been doing|am doing|is doing|go|goes|have been going"
        r"|has been going)",
        "habit",
    ),
    (  # "I've been playing guitar for a while": a bare activity, not "playing my guitar"
        "does",
        r"(?:have|has) been (?:playing|practicing|practising)",
        "activity",
    ),
    (  # "I'm learning German on Duolingo", "Jess is learning ASL": a pastime; a degree's
        "does",  # subject is ``studies``
        r"(?:am|is|are|have been|has been) (?:(?:now|also|currently|still|slowly|just) )?learning"
        r"(?! (?:to|how|about|from|that|what|so|a lot|a ton|tons|a bunch|lots|more|new|the ropes"
        r"|words|tricks|commands)\b)",
    ),
    (
        "owns",
        r"(?:own|owns|bought|just bought|have bought|purchased|got a new|have a new|has a new)",
    ),
    (
        "does",
        (
            r"(?:started|began|took up|picked up(?! (?:a|an|the|some|my|this|that)\b)"
            r"|have started|has started|(?:have|has) (?:taken|picked) up(?! (?:a|an|the|some|my)\b)"
            r"|play|plays|practice|practise|practices|practises)"
            r"(?: (?:doing|playing|practicing|practising|learning|going to))?"
            r"(?!\s+work(?:ing)?\b(?!\s+out\b))"  # "started working with X" is a job
            r"(?!\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:role|part)\b)"  # "plays a big role"
        ),
    ),
    (
        "plans",
        (
            r"(?:have plans for|has plans for|have plans to|has plans to|plan to|plans to"
            r"|am planning to|is planning to|am planning on|is planning on"
            r"|am going to|is going to|am gonna|is gonna|are gonna|intend to|intends to"
            r"|hope to|hopes to|am planning"
            r"|are planning to|are planning on|are going to|are planning|are hosting"
            r"|is planning|am hosting|is hosting|am excited to host|is excited to host)"
        ),
    ),
]
_EN_ENDINGS = [
    (
        "lives_in",
        (
            r"(?:no longer live|no longer lives|don't live|doesn't live|do not live"
            r"|does not live|moved out of|moved away from|moved from) (?:in )?"
        ),
    ),
    (  # "I quit my job at Tesco", "I'll leave my sous chef job at Hotel Emma in July"
        "works_at",
        r"(?:quit|left|lost|leave|will leave|am leaving|is leaving|resigned from|resign from)"
        r" (?:my|his|her"
        r"|their)(?: [a-z][\w-]*){0,2}? job (?:at|with|in)",
    ),
    (  # "I graduated from MIT last year": a school finished
        "studies_at",
        r"(?:graduated|have graduated|has graduated|just graduated) from",
        "org",
    ),
    (  # "I retired from Toyota last year", "my father is retired from Indian Railways"
        "works_at",
        r"(?:retired|have retired|has retired|am retired|is retired) from",
        "org",
    ),
    (  # "I handed in my notice at Farfetch"
        "works_at",
        r"(?:handed in|have handed in|has handed in|gave|have given|has given|put in|turned in)"
        r" (?:my|his|her|their) notice (?:at|to)",
        "org",
    ),
    (  # "I left Google", "she quit Acme": a company one leaves is one no longer worked at
        "works_at",
        r"(?:quit|left|am leaving|is leaving|resigned from|have resigned from|has resigned"
        r" from|have left|has left|have quit|has quit)",
        "org",
    ),
    ("works_at", r"(?:no longer work|no longer works|stopped working|quit working) (?:at|for)"),
    (  # "not at Critical Software anymore, I resigned"
        "works_at",
        r"(?:am |is |are )?not (?:at|with)(?= (?:[A-ZÀ-Þ][\w-]*\s+){1,3}any\s?more\b)",
        "org",
    ),
    (  # "we finally sold the house", "I sold my old Volvo"
        "owns",
        r"(?:sold|have sold|has sold|finally sold|just sold|got rid of) (?:my|our|the)"
        r"(?= (?:old )?[a-zA-Z])",
    ),
    (
        "does",
        r"(?:stopped|quit|gave up|no longer)(?: (?:doing|playing|practicing|practising|play|do"
        r"|practi[cs]e|plays|does|practi[cs]es))?",
    ),
    (  # "I don't play hockey anymore"
        "does",
        r"(?:don['’]t|do not|doesn['’]t|does not) (?:play|do|practi[cs]e)"
        r"(?= [\w -]{1,30}?\b(?:any\s?more|these days)\b)",
        "activity",
    ),
    ("likes", r"(?:no longer like|no longer likes|stopped liking)"),
]
_EN_BARE = [  # a clause that opens on its verb speaks of the speaker: "Quit Acme yesterday!"
    (  # "Hello from Kuopio.", "Greetings all from Tromsø": a greeting from where one lives
        "lives_in",
        r"(?:hello|hi|hey|greetings|g['’]day|howdy|hej|hola|ciao)(?: (?:all|everyone|everybody"
        r"|folks|friends|again))?,? from",
        "org",
        False,
    ),
    ("from", r"born(?: and raised| and bred)? in", "org", False),  # "Born and raised in Lagos"
    ("from", r"originally from", "org", False),  # "Retired teacher here, originally from Lyon"
    (  # "I'm a nurse at Charité, from Busan originally, …"
        "from",
        r"from(?= (?-i:[A-ZÀ-Þ])[\w'’-]*(?: (?-i:[A-ZÀ-Þ])[\w'’-]*)? originally\b)",
        "org",
        False,
    ),
    ("age", r"(?:just )?turned", "age", False),  # "Just turned 20 today!"
    (  # "Finally moved into my own place in JLT!"
        "lives_in",
        r"(?:finally |just )?moved into (?:my|our|an?|the)(?: (?:own|new|first|little|tiny|small"
        r"|big|lovely))* (?:place|flat|apartment|house|home|condo|studio)(?: of (?:my|our) own)? in",
        "org",
        False,
    ),
    (  # "…but been in London 20 years now": a stay of years is a home
        "lives_in",
        r"been (?:living )?in(?= (?:[A-ZÀ-Þ][\w-]*\s+){1,3}(?:for )?(?:\d+|two|three|four|five"
        r"|six|seven|eight|nine|ten|many|several) years\b)",
        "org",
        False,
    ),
    (  # "Planning to repaint the garage", "Planning a staycation at Sentosa"
        "plans",
        r"(?:planning to|planning on|planning(?= (?:a|an|our|my) )|gonna|(?:the |my |our )?plan is to)",
        "phrase",
        False,
    ),
    ("dislikes", r"not (?:a |the )?(?:big |huge |great )?fan of", "phrase", False),
    (
        "dislikes",
        r"(?:can['’]?t|cannot) stand(?! (?:up|still|on)\b)",
        "phrase",
        False,
    ),  # "can't stand coriander"
    ("works_at", r"(?:quit|left|resigned from)", "org", True),
    (  # "Quit my barista job at Blue Bottle on Friday"
        "works_at",
        r"(?:quit|left|leaving|resigned from) my(?: [a-z][\w-]*){0,2}? job (?:at|with)",
        "org",
        True,
    ),
    ("owns", r"(?:finally )?sold (?:my|our|the)(?= (?:old )?[a-zA-Z])", "phrase", True),
    ("works_at", r"(?:my |the )?(?:last|final) (?:day|week) (?:at|with)", "org", True),
    (  # "…: not at Critical Software anymore, I resigned"
        "works_at",
        r"not (?:at|with)(?= (?:[A-ZÀ-Þ][\w-]*\s+){1,3}any\s?more\b)",
        "org",
        True,
    ),
    (
        "works_at",
        r"(?:(?:loving|enjoying|liking) )?(?:my |the )?(?:first (?:day|week|month)|new job"
        r"|onboarding|induction)"
        r" (?:at|with)",
        "org",
        False,
    ),
    ("works_at", r"(?:starting|joining) (?:(?:my|a) new job )?(?:at|with)", "org", False),
    (  # "Joining Lumo from 15th May as a product designer", "Got hired by Shopify as a dev"
        "works_as",
        r"(?:starting|joining|(?:just )?got hired|was hired)(?: (?:at|with|by))?(?: [\w-]+){1,5}?"
        r" as(?: an?)?",
        "role",
        False,
    ),
    ("works_at", r"(?:just )?got hired (?:by|at)", "org", False),  # "Got hired by Shopify!"
    ("works_at", r"(?:been )?(?:driving|delivering) for", "org", False),  # "Been driving for CTA"
    (
        "lives_in",
        r"(?:(?:my |our |the )?first (?:day|week|month|night) )?living in",
        "phrase",
        False,
    ),
    ("lives_in", r"(?:settling|settled) in", "phrase", False),
    ("lives_in", r"based in", "phrase", False),  # "…, based in Braga"
    (
        "lives_in",
        r"(?:(?:and|so|but) )?home is(?: now| still)?",
        "org",
        False,
    ),  # "…, and home is Braga"
    (  # "…, and a new gig at Talkdesk starts next monday": a plan when dated ahead
        "works_at",
        r"(?:(?:and|so|but) )?(?:a|the|my) new (?:job|gig|role|position) (?:at|with)",
        "org",
        False,
    ),
    ("works_as", r"working as(?: an?)?", "role", False),  # "Living in X and working as a…"
    ("works_at", r"working as (?:an? )?[\w-]+(?: [\w-]+)? (?:at|for)", "org", False),
    ("works_at", r"(?:been|working|worked) (?:at|for)", "org", False),  # "Been at Sonae for…"
    (  # "Been at Sonae for three years now as a data engineer"
        "works_as",
        r"been (?:at|with) [\w-]+(?: [\w-]+){0,2}(?: for(?: [\w-]+){1,4}?)? as(?: an?)?",
        "role",
        False,
    ),
    (  # "Just moved to Porto!", "Moved from Recife to São Paulo in January"
        "lives_in",
        r"(?:moved|relocated)(?: from [A-ZÀ-Þ][\w'’-]*(?: [A-ZÀ-Þ][\w'’-]*){0,2})? to",
        "phrase",
        False,
    ),
    ("has_partner", r"(?:married|wed|got married to)", "name", False),  # "married Duarte on sat"
    ("lives_in", r"(?:here|over here|back here) in", "phrase", False),  # "…, here in Coimbra"
    ("does", r"(?:started|took up|picked up|began)", "activity", False),
]
_PT_FIRST = [
    ("from", r"(?:sou|somos)(?: natural| naturais| originári[oa]s?)? (?:de|do|da)", "org"),
    ("from", r"(?:nasci|cresci|nascemos|crescemos) (?:em|no|na)", "org"),
    (  # "Fui contratada pela Sonae como engenheira de dados"
        "works_as",
        r"fui (?:contratad|admitid|recrutad)[oa] (?:pela|pelo|por|na|no) [A-ZÀ-Þ][\w-]*"
        r"(?: [A-ZÀ-Þ][\w-]*){0,2} como(?: um| uma)?",
        "role",
        "besides",
    ),
    ("works_at", r"fui (?:contratad|admitid|recrutad)[oa] (?:pela|pelo|por|na|no)", "org"),
    (
        "lives_in",
        r"(?:moramos|vivemos|estamos a (?:viver|morar)|estamos (?:morando|vivendo))"
        r"(?: lá| cá| aqui)? (?:em|no|na|nos|nas)",
    ),
    ("lives_in", r"(?:estou|estamos) (?:instalad|instaladinh)[oa]s? (?:em|no|na)"),
    (  # "estou na Sonae como analista": where and as what one works
        "works_as",
        r"(?:estou|ando) (?:na|no|em) [A-ZÀ-Þ][\w-]*(?: [A-ZÀ-Þ][\w-]*){0,2} como(?: um| uma)?",
        "role",
        "besides",
    ),
    (
        "works_at",
        r"(?:estou|ando) (?:na|no)(?= [A-ZÀ-Þ][\w-]*(?: [A-ZÀ-Þ][\w-]*){0,2} como)",
        "org",
    ),
    (
        "lives_in",
        r"(?:nos mudamos|nos mudámos|mudámo-nos|mudamo-nos|mudamos|fomos morar|fomos viver)"
        r"(?: de novo)? (?:para|pra)(?: o| a)?",
    ),
    ("works_at", r"(?:trabalhamos|começamos a trabalhar) (?:em|no|na|para)(?: o| a)?"),
    (  # "vamos mudar-nos para Évora": a plan (the stance reads "vamos")
        "lives_in",
        r"(?:vamos|vou|iremos|irei) (?:mudar-nos|mudar-me|nos mudar|me mudar|morar|viver)"
        r" (?:para|pra)(?: o| a)?",
    ),
    (  # "começo na Galp na segunda": dated ahead, a plan (``rules``)
        "works_at",
        r"(?:começo|começamos|vou começar|entro)(?: a trabalhar)? (?:em|no|na|para)(?: o| a)?",
    ),
    ("has_pet", r"(?:temos|adotamos|adotámos)", "pet"),
    ("has_child", r"(?:temos|tivemos)", "child"),
    ("likes", r"(?:gostamos(?: muito)? d[eoa]|adoramos|amamos)"),
    ("owns", r"(?:compramos|comprámos)"),
    (
        "allergic_to",
        r"(?:sou|estou)(?: muito| bastante| super| tão)? alérgic[oa] (?:a|ao|à|aos|às|de)",
    ),
    ("allergic_to", r"tenho alergia (?:a|ao|à|aos|às|de)"),
    ("diet", r"(?:sou|virei|tornei-me)", "diet"),
    ("does", r"(?:faço|fazemos|pratico|praticamos)", "habit"),
    (
        "lives_in",
        r"(?:moro|vivo|resido|estou a (?:viver|morar)|estou (?:morando|vivendo))(?: lá| cá| aqui)?"
        r" (?:em|no|na|nos|nas)",
    ),
    (
        "lives_in",
        r"(?:mudei-me|me mudei|mudei|fui morar|fui viver)(?: de novo)? (?:para|pra)(?: o| a)?",
    ),
    (
        "works_at",
        r"(?:trabalho|estou a trabalhar|comecei a trabalhar|entrei|(?:gosto de|adoro|estou a"
        r" adorar|estou a gostar de) trabalhar) (?:em|no|na|para)(?: o| a)?",
    ),
    (
        "works_as",
        r"(?:trabalho(?: lá| cá| aqui)? como|ganho a vida como|sou|tornei-me|virei)(?: um| uma)?",
        "role",
    ),
    (  # "trabalho como analista de dados na Sonae"
        "works_at",
        r"(?:trabalho|ganho a vida) como [\w-]+(?: de [\w-]+)? (?:na|no|em|para)(?: a| o)?",
        "org",
    ),
    ("works_at", r"sou [\w-]+(?: de [\w-]+)? (?:na|no)", "org"),
    ("lives_in", r"sou [\w-]+(?: de [\w-]+)? em", "org"),
    ("studies_at", r"(?:estudo|ando) (?:em|no|na)"),
    ("studies", r"(?:estudo|tiro o curso de|faço o curso de|faço um curso de)"),
    ("likes", r"(?:gosto(?: muito)? de|gosto(?: muito)? do|gosto(?: muito)? da|adoro|amo|curto)"),
    ("dislikes", r"(?:não gosto de|não gosto do|não gosto da|nao gosto de|odeio|detesto)"),
    ("has_pet", r"(?:tenho|adotei|arranjei)", "pet"),
    ("has_child", r"(?:tenho|tive)", "child"),
    (
        "has_partner",
        r"(?:sou casad[ao] com|casei com|casei-me com|namoro com|namoro)(?: o| a)?",
        "name",
    ),
    ("age", r"(?:tenho|fiz|vou fazer)", "age"),
    ("owns", r"(?:comprei|tenho um novo|tenho uma nova|possuo)"),
    ("does", r"(?:comecei a|passei a|jogo|pratico|ando a fazer|ando a praticar)"),
    ("plans", r"(?:vou|planeio|pretendo|estou a planear|quero)"),
]
_PT_FIRST_ENDINGS = [
    ("lives_in", r"(?:já não moro|ja nao moro|já não vivo|saí de|sai de) (?:em|no|na)?"),
    (
        "works_at",
        (
            r"(?:saí da|saí do|deixei a|deixei o|despedi-me da|despedi-me do|já não estou na"
            r"|já não estou no|já não trabalho"
            r" na|já não trabalho no|já não trabalho em)"
        ),
    ),
    ("does", r"(?:deixei de|parei de)"),
]
_PT_THIRD = [
    ("from", r"(?:é|são)(?: natural| naturais| originári[oa]s?)? (?:de|do|da)", "org"),
    ("from", r"(?:nasceu|cresceu|nasceram|cresceram) (?:em|no|na)", "org"),
    (
        "allergic_to",
        r"(?:é|está)(?: muito| bastante| super| tão)? alérgic[oa] (?:a|ao|à|aos|às|de)",
    ),
    ("allergic_to", r"tem alergia (?:a|ao|à|aos|às|de)"),
    ("diet", r"(?:é|virou|tornou-se)", "diet"),
    (  # "A Sofia já está a morar em Viena"
        "lives_in",
        r"(?:mora|vive|reside|(?:está|anda) a (?:viver|morar)|está (?:morando|vivendo))"
        r"(?: lá fora,?| lá| cá| aqui| fora,?)? (?:em|no|na|nos|nas)",
    ),
    ("lives_in", r"(?:está|estão) (?:instalad|instaladinh)[oa]s? (?:em|no|na)"),
    ("lives_in", r"(?:muda-se|se muda|mudam-se|se mudam) (?:para|pra)(?: o| a)?"),
    ("lives_in", r"(?:mudou-se|se mudou|mudou|foi morar|foi viver) (?:para|pra)(?: o| a)?"),
    (
        "lives_in",
        r"(?:vai|vão|irá) (?:mudar-se|se mudar|morar|viver) (?:para|pra)(?: o| a)?",
    ),
    ("works_at", r"(?:começa|vai começar|entra)(?: a trabalhar)? (?:em|no|na|para)(?: o| a)?"),
    (
        "works_at",
        r"(?:trabalha|está a trabalhar|começou a trabalhar|entrou) (?:em|no|na|para)(?: o| a)?",
    ),
    ("works_as", r"(?:trabalha(?: lá| cá| aqui)? como|é|tornou-se|virou)(?: um| uma)?", "role"),
    ("works_at", r"trabalha como [\w-]+(?: de [\w-]+)? (?:na|no|em|para)(?: a| o)?", "org"),
    ("works_at", r"é [\w-]+(?: de [\w-]+)? (?:na|no)", "org"),
    ("lives_in", r"é [\w-]+(?: de [\w-]+)? em", "org"),
    ("studies", r"(?:estuda|tira o curso de|faz o curso de)"),
    ("likes", r"(?:gosta(?: muito)? de|gosta(?: muito)? do|gosta(?: muito)? da|adora|ama)"),
    ("dislikes", r"(?:não gosta de|não gosta do|não gosta da|odeia|detesta)"),
    ("has_pet", r"(?:tem|adotou)", "pet"),
    ("has_child", r"(?:tem|teve)", "child"),
    ("has_partner", r"(?:é casad[ao] com|casou com|casou-se com|namora com)", "name"),
    ("age", r"(?:tem|fez|vai fazer)", "age"),
    ("owns", r"(?:comprou|possui)"),
    ("does", r"(?:começou a|passou a|joga|pratica)"),
    ("plans", r"(?:vai|planeia|pretende|quer)"),
]
_PT_THIRD_ENDINGS = [
    ("lives_in", r"(?:já não mora|já não vive|saiu de) (?:em|no|na)?"),
    ("works_at", r"(?:saiu da|saiu do|deixou a|deixou o|já não trabalha na|já não trabalha no)"),
    ("does", r"(?:deixou de|parou de)"),
]


_POSSESSIVE = [  # "my new job at X": the speaker's
    (
        "works_at",
        r"(?:new |current |first |old )?(?:job|work|position|internship|gig|role|team) (?:at|in)",
    ),
    (  # "my new job with Acme"; "my work with clay" names no employer
        "works_at",
        r"(?:new |current |first |old )?(?:job|work|position|internship|gig|role|team) with",
        "org",
    ),
    ("works_at", r"(?:novo |atual |primeiro )?(?:emprego|trabalho|estágio) (?:na|no|em)"),
    (  # "home from my night shift at Wellington Regional Hospital"
        "works_at",
        r"(?:(?:night|day|late|early|morning|evening|double|long|first) )?shifts? at(?: the)?",
        "org",
    ),
    (  # "my current role is product manager at Spotify"
        "works_at",
        r"(?:new |current )?(?:role|job|position) is (?:an? |the )?[\w-]+(?: [\w-]+){0,3}?"
        r" (?:at|with)",
        "org",
    ),
    ("lives_in", r"(?:new |current )?(?:home|house|flat|apartment|place) (?:is )?in"),
    ("works_at", r"notice period (?:at|with)", "org"),  # "in my notice period at Capgemini"
    ("does", r"(?:new |current |favourite |favorite )?(?:passion|hobby) is"),
    (  # "my job title at Sonae is data engineer"
        "works_as",
        r"(?:(?:official|current|actual|new) )?(?:job title|title|job|position|role|profession"
        r"|occupation)"
        r"(?: (?:at|with) [\w-]+(?: [\w-]+){0,2})? is(?: an?)?",
        "role",
    ),
    ("allergic_to", r"(?:allergy|allergies) (?:is |are )?to"),  # "my allergy to nuts"
]


_POSSESSIVE_PT = [
    ("allergic_to", r"alergia (?:a|ao|à|aos|às)"),  # "a minha alergia a marisco"
    ("works_as", r"(?:trabalho|cargo|emprego|profissão) é (?:de|como)(?: um| uma)?", "role"),
]
_POSSESSIVE_ENDINGS = [  # "…on my last day at Sonae": the job ends
    ("works_at", r"(?:last|final) (?:day|week) (?:at|with)", "org"),
]


def _build(
    rows: Sequence[tuple[str, ...]], *, language: str, person: str, negated: bool
) -> list[Pattern]:
    return [
        Pattern(
            row[0],
            row[1],
            negated,
            person,
            language,
            row[2] if len(row) > 2 else "phrase",
            besides=row[2:3] == ("org",) or row[3:4] == ("besides",),
        )
        for row in rows
    ]


PATTERNS: tuple[Pattern, ...] = tuple(
    [
        Pattern(p, verb, ending, "bare", "en", kind, besides=kind == "org")
        for p, verb, kind, ending in _EN_BARE
    ]
    + _build(_EN_ENDINGS, language="en", person="any", negated=True)
    + _build(_EN, language="en", person="any", negated=False)
    + _build(_POSSESSIVE, language="any", person="possessive", negated=False)
    + _build(_POSSESSIVE_ENDINGS, language="en", person="possessive", negated=True)
    + _build(_POSSESSIVE_PT, language="pt", person="possessive", negated=False)
    + _build(_PT_FIRST_ENDINGS, language="pt", person="first", negated=True)
    + _build(_PT_THIRD_ENDINGS, language="pt", person="third", negated=True)
    + _build(_PT_FIRST, language="pt", person="first", negated=False)
    + _build(_PT_THIRD, language="pt", person="third", negated=False)
)


MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
)
TIME_WORDS = re.compile(
    r"\b(?:tomorrow|tonight|today|next|this\s+(?:week|weekend|month|year|summer|winter|spring|fall"
    r"|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday|evening|afternoon)"
    r"|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in\s+(?:a|two|three"
    r"|\d+)\s+(?:days?|weeks?|months?)"
    rf"|in\s+{MONTH}|for\s+(?:{MONTH}|christmas|easter|new\s+year['’]?s?|thanksgiving)"
    r"|on\s+the\s+\d{1,2}(?:st|nd|rd|th)|(?<!as\s)soon(?!\s+as)|later\s+this|coming\s+up"
    r"|in\s+the\s+(?:spring|summer|autumn|fall|winter)"
    rf"|on\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of)?\s+{MONTH}|on\s+{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?"
    r"|(?:in|over|during|for)\s+the\s+(?:[\w-]+\s+)?(?:holidays|break|half[- ]term))\b",
    re.IGNORECASE,
)
"""A time to come the sentence names (read exactly by the time parser)."""
