"""Facts read from what a message is about rather than from how its sentences are built.

A word names the kind of fact (an allergy, the family's pet, a weekly habit) and an object of
that kind stands in the same message: a word of a lexicon written by category (allergens,
pastimes) or a name beside the pet word. The sentence around them may take any shape:

* "Could you check this recipe for peanuts? I'm allergic, and the label is vague", "no
  shellfish, ever (allergy)", "My shellfish allergy was confirmed…" → ``allergic_to``;
* "We're calling the pup Farol", "we have a kitten now: Luna", "Tobias, for the puppy",
  "O cachorrinho ficou a chamar-se Farol" → ``has_pet``;
* "Any stretches after surfing? I've been going every Saturday", "most evenings you'll find
  me at climbing", "Faço escalada aos sábados" → ``does``.

The part of the message that says it (a clause ending at ``.``, ``!``, ``?`` or ``;``) states it
of the speaker: it is no question, hypothetical, reported speech or denial, and no one else is
spoken of in it ("my son is allergic", "she goes every week"). Pure: the caller adds the facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from lembrar.graph.extract.names import (
    AFTER_A_PREPOSITION,
    AT_A_PLACE,
    fold,
    gerund,
    is_acronym,
    is_name,
    leading_name,
)
from lembrar.graph.extract.patterns import KIN_EN, PETS, ROLES
from lembrar.graph.extract.stance import (
    HAD_ONCE,
    HYPOTHETICAL,
    NEGATION,
    REPORTED,
    asks_or_supposes,
    is_question,
    unstated,
)

ALLERGENS = (
    # foods
    r"peanuts?|tree nuts|nuts|almonds?|cashews?|walnuts?|hazelnuts?|pistachios?|pecans?"
    r"|shellfish|seafood|shrimps?|prawns?|crab|lobster|mussels|oysters|fish|eggs?|milk|dairy"
    r"|lactose|gluten|wheat|soy|soya|sesame|mustard|celery|lupin|kiwis?|strawberries|tomatoes"
    r"|avocados?|bananas?|corn|garlic|chocolate|sulphites|sulfites"
    # medicines and the rest
    r"|penicillin|amoxicillin|antibiotics|aspirin|ibuprofen|sulfa drugs|codeine|morphine"
    r"|latex|iodine|nickel|pollen|grass|ragweed|dust|dust mites|mould|mold|bees?|bee stings"
    r"|wasps?|cats|dogs|horses|feathers|perfume"
    # Portuguese
    r"|amendoim|amendoins|frutos secos|nozes|amêndoas?|cajus?|avelãs?|marisco|mariscos|camarão"
    r"|peixe|ovos?|leite|lacticínios|laticínios|lactose|glúten|trigo|soja|sésamo|mostarda"
    r"|aipo|morangos|kiwi|penicilina|amoxicilina|antibióticos|aspirina|ibuprofeno|látex"
    r"|iodo|níquel|pólen|pó|ácaros|bolor|abelhas?|vespas?|gatos|cães|pelo de gato"
)
PASTIMES = (
    r"rock climbing|climbing|bouldering|surfing|bodyboarding|running|jogging|cycling|swimming"
    r"|birding|birdwatching|bird watching|journaling|journalling|meditation|volunteering"
    r"|yoga|pilates|tennis|padel|squash|badminton|football|soccer|futsal|volleyball|basketball"
    r"|handball|rugby|hiking|trekking|skating|skateboarding|skiing|snowboarding|rowing"
    r"|kayaking|canoeing|sailing|boxing|kickboxing|karate|judo|jiu-jitsu|taekwondo|fencing"
    r"|dancing|salsa|ballet|tango|crossfit|weightlifting|golf|fishing|diving|scuba diving"
    r"|pottery|ceramics|knitting|crochet|painting|drawing|sketching|sewing|embroidery"
    r"|woodworking|photography|gardening|baking|chess|piano|guitar|violin|drums|singing|choir"
    r"|cello|harp|flute|saxophone|trumpet|ukulele|clarinet|banjo|accordion|harmonica|reading"
    r"|archery|horse riding|riding|triathlon|spinning|zumba|aerobics|martial arts"
    # Portuguese
    r"|escalada|surf|corrida|natação|ciclismo|ioga|ténis|futebol|voleibol|basquetebol"
    r"|caminhadas|patinagem|esqui|remo|canoagem|vela|boxe|dança|danças|cerâmica|olaria"
    r"|tricô|croché|pintura|desenho|costura|bordado|fotografia|jardinagem|xadrez|piano"
    r"|guitarra|violino|bateria|canto|coro|equitação|pesca|mergulho"
)
ALLERGEN = re.compile(rf"(?<![\w-])(?:{ALLERGENS})(?![\w-])", re.IGNORECASE)
PASTIME = re.compile(rf"(?<![\w-])(?:{PASTIMES})(?![\w-])", re.IGNORECASE)
PET_WORD = re.compile(rf"(?<![\w-])(?:{PETS})s?(?![\w-])")  # lower-case: not "Fish Market"

ALLERGY = re.compile(r"\b(?:allerg\w*|alerg\w*|alérgic\w*)", re.IGNORECASE)
OWN_ALLERGY = re.compile(
    r"\b(?:al+ergic|alérgic[oa]s?|alergic[oa]s?)\b"
    r"|\b(?:al+erg(?:y|ies)|alergias?)\b(?=.*\b(?:I have|I have got|I got|I am|tenho)\b)"
    r"|\b(?:my|our|have|has|got|with|tenho|temos|minha|minhas|nossa)\s+(?:\w+\s+){0,3}?"
    r"(?:allerg|alerg)\w*|\((?:an?\s+)?(?:allergy|alergia)\)",
    re.IGNORECASE,
)
"""An allergy someone has: "allergic", "my shellfish allergy", "(allergy)"; not "an article on
peanut allergies"."""
NO_ALLERGY = re.compile(
    r"\b(?:no|not|never|any|sem|nenhuma|não)\s+(?:\w+\s+)?(?:allerg|alerg|alérg)", re.IGNORECASE
)
"""No allergy said: "no allergies", "not allergic", "sem alergias"."""
HABIT = re.compile(
    r"\b(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|week|weekend|month"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|\bmost\s+(?:days|mornings|evenings|nights|weekends|weeks)"
    r"|\b(?:once|twice|\w+\s+times)\s+a\s+(?:week|month|day)"
    r"|\b(?:second|third|fourth|fifth|\d+(?:nd|rd|th))\s+time\s+this\s+(?:week|month)"
    r"|\b(?:weekly|daily)(?=\s*(?:[.,;:!?)]|$|now\b))"  # not "my daily commute"
    r"|\b(?:regularly|religiously|without fail|on\s+(?:the\s+)?weekends"
    r"|on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)"
    r"|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:nights|mornings"
    r"|evenings|afternoons))\b"
    r"|\b(?:aos|às)\s+(?:segundas|terças|quartas|quintas|sextas|sábados|domingos|fins de semana)"
    r"|\btod[ao]s\s+(?:os|as)\s+(?:dias|semanas|manhãs|noites|sábados|domingos|fins de semana)"
    r"|\b(?:duas|três|quatro)\s+vezes\s+por\s+semana|\buma\s+vez\s+por\s+semana"
    r"|\bin\s+(?:my|our)\s+(?:spare|free|own)\s+time\b|\bas\s+a\s+hobby\b",
    re.IGNORECASE,
)
"""How often the speaker goes, or that it fills their free time: a pastime is a habit, not
one outing."""
GOING = re.compile(r"\b(?:go|goes|going|went|gone|it|there|vou|vamos|faço|lá)\b", re.IGNORECASE)
"""A habit said of a pastime the message named elsewhere: "I've been going every Saturday"."""
NOT_A_HABIT = re.compile(
    r"\b(?:used to|stopped|quit|gave up|no longer|want to|wanna|thinking of|watch|watching"
    r"|planning|plan to|(?<!been )going to|to start|start doing|hope to|hoping to"
    r"|deixei de|já não|quero|gostava de|ver|vou começar"
    # a period of one's past: the habit was then
    r"|back in (?:the day|college|school|high school|uni|university|my \w+|\d{4})"
    r"|as a (?:kid|child|teen|teenager|student|boy|girl)|when I was|growing up|years ago"
    r"|in (?:high school|middle school|my teens|my twenties)|quando (?:eu )?era"
    r"|em (?:miúd|pequen)[oa])\b",
    re.IGNORECASE,
)
"""A habit gone, wished for, watched rather than done, or of a period of one's past ("back in
college I played rugby every weekend")."""

FIRST_PERSON = re.compile(
    r"(?<![\w'’])(?:I|I['’]m|I['’]ve|me|my|mine|we|we['’]re|we['’]ve|us|our|ours|eu|me|meu|minha"
    r"|nós|nosso|nossa|nossos|nossas|a gente|cá em casa)(?![\w'’])"
    r"|\b(?:sou|estou|tenho|faço|vou|fomos|temos|estamos|somos)\b|\b\w+(?:ámos|amos|emos|imos)\b",
    re.IGNORECASE,
)
OTHER_PERSON = re.compile(
    r"\b(?:he|she|they|his|her|their|him|them|ele|ela|eles|elas|dele|dela|deles)\b"
    r"|\b(?:my|our|o meu|a minha|os meus|as minhas)\s+(?:\w+\s+)?(?:son|daughter|kids?|children"
    r"|husband|wife|partner|boyfriend|girlfriend|sister|brother|mum|mom|mother|dad|father"
    r"|friend|colleague|neighbou?r|boss|aunt|uncle|cousin|niece|nephew|grandma|grandpa"
    r"|grandmother|grandfather|roommate|filh[oa]s?|marido|mulher|namorad[oa]|irmã|irmão|mãe"
    r"|pai|amig[oa]|colega|vizinh[oa])\b",
    re.IGNORECASE,
)
"""Someone else the clause speaks of: the allergy or the habit may be theirs."""

VERB_AFTER = (
    r"(?:(?:just|also|still|now|finally|recently|already|then|really|never)\s+)?"
    r"(?:[a-z]+(?:ed|es|s)|is|was|has|had|got|went|came|left|began|became|took|made|found|met"
    r"|wrote|said|told|sent|bought|brought|thought|felt|kept|spent|gave|ran|won|lost|sold|flew"
    r"|drove|saw|heard|knew|grew|chose|fell|paid|quit|set|put|let|read|can|will|would|could"
    r"|did|does|do|and|nasceu|chegou|é|está|foi|tem)\b"
)
"""The words that may follow a sentence's opening name when it is the subject ("Rita got a
job…", "Iris arrived"); "Video call with Rita", "Exhausted because…" open on no name."""
OPENS_ON_NAME = re.compile(rf"[^\s]+\s+{VERB_AFTER}")
PART = re.compile(r"[^.!?;]+[.!?;]*")
SHOWN = re.compile(r"\[[^\[\]]*\]")
"""What a message shows rather than says: "[shared a photo: a photography of …]"."""
NAME = re.compile(r"[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?")
NAME_AFTER = frozenset(
    "now too also is was became becomes called named calling naming name 's finally officially"
    " a an the"
    " ficou chama chama-se chamar-se chamamos chamámos se o a de nome é".split()
)
"""The words that may stand between a pet word and the name after it: "the pup Farol", "a
kitten now: Luna", "the puppy became Bolt", "ficou a chamar-se Farol"."""
NAME_BEFORE = frozenset("for the our new little a an o nosso nossa para pelo".split())
"""… and between a name and the pet word after it: "Tobias, for the puppy", "Luna, our new
kitten"."""
THE_PET = re.compile(r"(?:^|\s)[Tt]he\s+(?:[a-z][\w-]*\s+)?$")
"""A pet said with "the" and no owner before a name: the one the listener knows of, the
speaker's ("the puppy has a name!! Bolt")."""
NO_ANIMAL = re.compile(
    r"\b(?:stuffed|toy|plush|cuddly|soft|ceramic|wooden|porcelain|glass|paper|cartoon|robot)"
    r"(?:\s+animal)?\s+$",
    re.IGNORECASE,
)
"""Words before a pet word that make it no animal: "that stuffed animal dog", "a toy cat"."""
AFTER_A_PERSON = re.compile(
    r"\s*(?:says|said|thinks|told|asked|wants|(?:and|&)(?!\s+(?:I|we|my|our)\b))", re.IGNORECASE
)
"""What follows a person's name, not a pet's: "Tobias and Ana", "Rui says…"; a new clause of the
speaker's ("…called Napoleon and I make jam") may follow either."""
OTHER_OWNER = re.compile(
    r"(?:['’]s|s['’]|\b(?:his|her|their|your|dele|dela|deles|teu|tua|seu|sua|vizinh\w*))\s+"
    r"(?:\w+\s+)?$",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def parts(message: str) -> tuple[str, ...]:
    """The message's clauses that end at a full stop, a question mark, an exclamation or a
    semicolon: "We're calling the pup Farol; any tips…?" is a statement and a question. Cached:
    every reading of one message splits it once."""
    return tuple(p.strip() for p in PART.findall(SHOWN.sub(" ", message)) if p.strip())


CLAUSE_END = re.compile(r"[,;:()]|\s(?:but|and|or|so|e|mas|ou|embora)\s", re.IGNORECASE)


def _clause(part: str, said: re.Match[str]) -> str:
    """The clause of ``part`` that holds ``said``."""
    starts = [m.end() for m in CLAUSE_END.finditer(part, 0, said.start())]
    end = CLAUSE_END.search(part, said.end())
    return part[starts[-1] if starts else 0 : end.start() if end else len(part)]


def _states(part: str, said: re.Match[str]) -> bool:
    """The part states ``said`` of the speaker and of no one else: no question, hypothetical or
    reported speech, no one else spoken of, and no denial in ``said``'s own clause ("Sou
    alérgica e não quero arriscar" is an allergy)."""
    clause = _clause(part, said)
    return (
        not asks_or_supposes(part)
        and not REPORTED.search(part)
        and not NEGATION.search(clause)
        and not OTHER_PERSON.search(part)
    )


PLANNING = re.compile(
    r"\b(?:planning|plan to|going to start|want to start|thinking of|hope to|hoping to"
    r"|vou começar|quero começar)\b",
    re.IGNORECASE,
)
"""A part that plans a pastime lends it to no habit beside it."""


def _found(
    words_of: Callable[[str], list[str]], said: Sequence[str], at: int, beside: bool = True
) -> list[str]:
    """The lexicon's words in part ``at`` of the message, or else (``beside``) the one word of
    that kind in the part before it, or else in the part after it ("Sesame? Yeah, I'm quite
    allergic"); two different ones leave it unsaid which, and a part that plans lends none
    ("I'm planning to start meditation. …a consistent habit")."""
    here = list(dict.fromkeys(words_of(said[at])))
    if here or not beside:
        return here
    for other in (at - 1, at + 1):
        if 0 <= other < len(said) and not PLANNING.search(said[other]):  # "planning to start"
            near = {fold(word): word for word in words_of(said[other])}
            if near:
                return list(near.values()) if len(near) == 1 else []
    return []


def _allergen_words(part: str) -> list[str]:
    return [m.group(0) for m in ALLERGEN.finditer(part)]


def allergies(message: str) -> list[str]:
    """What the speaker says they are allergic to."""
    if not ALLERGY.search(message):
        return []
    said = parts(message)
    found: list[str] = []
    for at, part in enumerate(said):
        own = OWN_ALLERGY.search(part)
        if own and not NO_ALLERGY.search(part) and _states(part, own):
            clause = _allergen_words(_clause(part, own))
            found += clause or _found(_allergen_words, said, at)
    return list(dict.fromkeys(found))


PASTIME_FOLLOWED = re.compile(
    r"\s+(?:the|a|an|my|our|his|her|their|some|that|these|those|it|them|o|os|as|um|uma"
    r"|this(?!\s+(?:year|week|month|summer|winter|spring|fall|autumn|weekend|term|semester)\b)"
    r"|gym|gyms|shoes|gear|wall|studio|shop|store|teacher|instructor|coach|trip|holiday|season"
    r"|team|match|game|video|videos|show|magazine|competition|championship|world cup|scores"
    r"|results|news|fan|fans|player|players|stadium|tickets?|tournament|highlights|channel"
    r"|podcast|books?|about|up|through|into|over|articles|reviews|comments)\b",
    re.IGNORECASE,
)
"""A pastime word followed by its own object or by the thing it qualifies is one task or a
thing: "painting the hall", "a climbing gym", "the football season"."""


SPOKEN_OF = re.compile(r"\b(?:about|regarding|sobre)\b[^.;:!?]{0,40}$", re.IGNORECASE)
"""A pastime talked about, not done: "accounts that post about travel, food, and photography"."""


def _pastime_words(part: str) -> list[str]:
    return [
        m.group(0)
        for m in PASTIME.finditer(part)
        if not PASTIME_FOLLOWED.match(part, m.end()) and not SPOKEN_OF.search(part[: m.start()])
    ]


PASTIME_VERB = re.compile(
    r"\b(?:I|[Ww]e)\s+(?:(?:still|also|usually|mostly|often|always|sometimes|really|just)\s+)?"
    r"(?:(?P<verb>paint|sketch|knit|crochet|sew|quilt|bake|garden|jog|swim|cycle|hike|climb"
    r"|boulder|surf|skate|ski|snowboard|kayak|dance|sing|fence|meditate)"
    r"|(?P<taking>run|draw|box|fish|row|sail)(?!\s+(?:an?|the|my|our|his|her|their)\b))\b"
    r"(?!\s+(?:to|it|that|this|them|into|out|off|up|away|over|for|errands|late|low|short)\b)"
    r"(?!\s+(?:in|with)\s+(?:an?|the|my|our)\s+(?:[\w-]+\s+){0,2}(?:choir|band|club|team|group"
    r"|orchestra|league|crew|ensemble)\b)"  # "I sing in a church choir": the choir is the pastime
)
"""A pastime said by its verb, the speaker doing it: "I paint most weekends", "we swim every
morning"; not "I run a café", "I draw the line", "I box up the books" (a verb that takes an
object takes none here)."""
AS_DONE = {"crochet": "crochet", "box": "boxing"}
"""Pastimes whose name is not the verb's "-ing" form."""


def _pastime_verbs(part: str) -> list[str]:
    """The pastimes ``part`` says the speaker does by their verbs (``PASTIME_VERB``)."""
    if " I " not in f" {part} " and "we" not in part.lower():
        return []
    verbs = [m.group("verb") or m.group("taking") for m in PASTIME_VERB.finditer(part)]
    return [AS_DONE.get(verb, gerund(verb)) for verb in verbs]


def _pastimes_said(part: str) -> list[str]:
    """The pastimes ``part`` names, as nouns or as the speaker's verbs."""
    return _pastime_words(part) + _pastime_verbs(part)


HABIT_WORDS = (
    "every",
    "each",
    "most",
    "once",
    "twice",
    "times",
    "weekly",
    "daily",
    "regular",
    "religious",
    "fail",
    "days",
    "weekend",
    "sábados",
    "domingos",
    "segundas",
    "terças",
    "quartas",
    "quintas",
    "sextas",
    "todos",
    "todas",
    "vezes",
    "time",
    "hobby",
)
"""Words one of which every ``HABIT`` holds: a message without any is not searched."""


PASTIME_PEOPLE = re.compile(
    rf"\b(?i:my|our)\s+(?P<pastime>{PASTIMES})\s+(?:instructor|coach|club|crew|buddies|partner"
    r"|trips|adventures|activities|gear|practice|routine)\b"
    r"|\b(?i:o meu|a minha)\s+(?:professor|professora|treinador|treinadora|clube)\s+de\s+"
    rf"(?P<pt>{PASTIMES})\b"
)
GIVEN_UP = re.compile(
    r"\b(?:used to|stopped|quit|gave up|no longer|deixei de|já não)\b", re.IGNORECASE
)
"""A pastime the speaker no longer does."""
COACHES = (
    "instructor",
    "coach",
    "club",
    "crew",
    "buddies",
    "partner",
    "trips",
    "adventures",
    "activities",
    "gear",
    "practice",
    "routine",
    "profess",
    "treinad",
    "clube",
)
"""The people, outings and things of a pastime one does: "my judo coach", "my birding trips",
"my journaling practice" (questions too: "…consistent with my journaling practice?"), "a
minha professora de escalada"; not "my history teacher": a school subject is no pastime."""


TAKEN_UP = re.compile(
    # "I've been running farther", "I've been busy painting", "Been reading … and painting"
    r"(?:\b(?:I|[Ww]e)\s*(?:['’]ve|\s+have)\s+been|^\s*[Bb]een)\s+"
    r"(?:(?:really|also|busy|still|so|more|lately|a\s+lot|getting|loving|enjoying|doing|into"
    r"|much|lots\s+of|a\s+lot\s+of|tons\s+of|heaps\s+of|plenty\s+of)\s+){0,3}"
    rf"(?P<been>{PASTIMES})\b"
    # "Guitar's mostly my thing", "pottery is my therapy", "knitting is basically my evening ritual"
    rf"|(?<![\w-])(?P<thing>{PASTIMES})(?:['’]s|\s+is|\s+has\s+become)\s+"
    r"(?:(?:mostly|really|definitely|totally|always|kind\s+of|become|basically|honestly"
    r"|pretty\s+much|literally|officially|now)\s+)?(?:my|our)\s+"
    r"(?:(?:new|real|main|big|favou?rite|evening|morning|weekend|daily|happy)\s+)?"
    r"(?:thing|passion|hobby|outlet|escape|go-to|therapy|ritual|jam|obsession|place|zen)\b"
    # "I'm really into bouldering", "we're learning the piano", "I'm taking up fencing",
    # "I'm obsessed with birdwatching", "I've gotten really into gardening"
    r"|(?:\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are|(?:I|[Ww]e)\s*(?:['’]ve|\s+have)\s+(?:gotten|got))|,)"
    r"\s+(?:(?:just|also|now|really|so|totally|currently|still|big|super|seriously|kind\s+of"
    r"|more|mostly|very|pretty|quite|actually|definitely|deeply|heavily)\s+){0,2}"
    r"(?:into|learning(?:\s+to\s+play|\s+how\s+to)?|taking\s+up|getting\s+into|obsessed\s+w(?:ith|/)?"
    r"|hooked\s+on|addicted\s+to)\s+"
    rf"(?:the\s+)?(?P<into>{PASTIMES})\b"
    # "Sunday is my climbing day", "it's my yoga night"
    rf"|\b(?:[Mm]y|[Oo]ur)\s+(?:(?:weekly|regular|usual)\s+)?(?P<day>{PASTIMES})\s+"
    r"(?:day|night|days|nights|evening|evenings|morning|mornings)\b"
    # "my real muses: painting and pottery", "my hobbies are climbing and chess"
    r"|\b(?:[Mm]y|[Oo]ur)\s+(?:(?:new|real|main|big|favou?rite|two)\s+)?(?:hobby|hobbies|passions?"
    r"|muses?|pastimes?|outlets?)\s*(?:is|are|include|:|[-–—])\s*(?P<list>[^.;!?]*)"
    # "ando a fazer escalada", "estou a aprender piano", "a cerâmica é a minha terapia"
    r"|\b(?:ando|andamos|estou|estamos)\s+(?:(?:agora|mesmo|também)\s+)?a\s+(?:aprender\s+(?:a\s+tocar\s+)?|fazer\s+|praticar\s+)?"
    rf"(?P<ando>{PASTIMES})\b"
    rf"|(?<![\w-])(?P<minha>{PASTIMES})\s+(?:é|tem\s+sido)\s+(?:mesmo\s+)?(?:a\s+minha|o\s+meu)\s+"
    r"(?:paixão|cena|terapia|escape|passatempo|hobby)\b",
    re.IGNORECASE,
)
"""A pastime the speaker has taken up, said without how often: doing it lately, learning it,
into it, or naming it their thing, passion or hobby."""
TAKEN_UP_WORDS = (
    "been",
    "into",
    "learning",
    "taking up",
    "thing",
    "passion",
    "hobb",
    "muse",
    "outlet",
    "escape",
    "go-to",
    "therapy",
    "ritual",
    "jam",
    "obsess",
    "hooked",
    "addicted",
    "gotten",
    "got into",
    "pastime",
    "ando",
    "andamos",
    "estou a",
    "estamos a",
    "minha",
    "meu",
)
"""Words one of which every ``TAKEN_UP`` match holds."""


ONE_OCCASION = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|all\s+(?:day|morning|afternoon"
    r"|night)|since\s+(?:breakfast|lunch|dawn)|hoje|esta\s+manhã|esta\s+tarde)\b",
    re.IGNORECASE,
)
"""One outing, not a pastime taken up: "I've been swimming with the kids today"."""
A_LOT = re.compile(r"\s+a\s+(?:lot|bit|little|ton)\b", re.IGNORECASE)
"""How much, not an object: "I've been running a lot" (not "painting a wall")."""


TAKEN_GROUPS = ("been", "thing", "into", "day", "ando", "minha")
"""The groups of ``TAKEN_UP`` that hold one pastime (``list`` holds several)."""


PASTIME_WORDS = frozenset(re.findall(r"[^\W\d_]+", PASTIMES.lower()))
"""Every word of a pastime's name: a message with none of them names no pastime."""


@lru_cache(maxsize=64)
def words_of(message: str) -> frozenset[str]:
    """The lower-case words of ``message``."""
    return frozenset(re.findall(r"[^\W\d_]+", message.lower()))


PASTIME_DAY = re.compile(r"\b(?:my|our)\s+[\w-]+\s+(?:day|night|evening|morning)s?\b")
"""A first look for "my climbing day" (lower-case)."""


def taken_up(message: str) -> list[str]:
    """The pastimes the speaker says they have taken up (``TAKEN_UP``), in clauses that state
    them: no question, wish, denial, habit given up, or someone else's doing."""
    lower = message.lower()
    if not any(word in lower for word in TAKEN_UP_WORDS) and not PASTIME_DAY.search(lower):
        return []
    named = words_of(message) & PASTIME_WORDS
    if not named:
        return []
    found: list[str] = []
    for part in parts(message):
        lowered = part.lower()
        if not any(word in lowered for word in named):
            continue
        for m in TAKEN_UP.finditer(part):
            group = next((g for g in TAKEN_GROUPS if m.group(g)), None)
            clause = _clause(part, m)
            if group is not None:
                clause = clause.replace(m.group(group), "")  # "bird watching" is not watched
            if GIVEN_UP.search(part) or NOT_A_HABIT.search(clause) or not _states(part, m):
                continue
            if m.group(0).startswith(",") and not FIRST_PERSON.search(part):
                continue  # ", just learning the piano" needs an "I" in its part
            if group is None:  # "my hobbies are X and Y"
                found += _pastime_words(m.group("list"))
                continue
            if group == "been" and ONE_OCCASION.search(clause):
                continue
            after = m.end(group)
            if A_LOT.match(part, after) or not PASTIME_FOLLOWED.match(part, after):
                word = m.group(group)
                found.append(word.lower() if word[1:].islower() else word)
    return found


DECLARED = re.compile(
    # "Cooking is a hobby with me", "baking has become my hobby", "fishing's a big hobby of mine"
    r"(?<![\w-])(?P<doing>[A-Za-z]{3,}ing)(?:['’]s|\s+is|\s+has\s+(?:always\s+)?(?:been|become))\s+"
    r"(?:(?:really|definitely|always|kind\s+of|basically|honestly|pretty\s+much|now)\s+)?"
    r"(?:(?:my|our)\s+(?:(?:new|real|main|big|biggest|favou?rite)\s+)?(?:hobby|pastime)"
    r"|an?\s+(?:(?:big|real|huge|new|serious|favou?rite)\s+)?(?:hobby|pastime)\s+"
    r"(?:of\s+(?:mine|ours)|with\s+(?:me|us)|for\s+(?:me|us)))\b"
    # "As a hobby I restore old fountain pens", "For a hobby, we build model ships"
    r"|^\W*(?:[Aa]s|[Ff]or)\s+an?\s+(?:\w+\s+)?(?:hobby|pastime),?\s+(?:I|[Ww]e)\s+"
    r"(?P<done>[a-z]+(?:\s+[\w'-]+){1,4}?)(?=\s*(?:[.,;!?]|$|\s+(?:and|but|so|because|when)\b))"
)
"""A pastime declared a hobby: the word for it, or what is done as one, whatever it is."""
NO_DOING = frozenset(
    "nothing something anything everything morning evening spring thing king ring building"
    " wedding ceiling during sibling string".split()
)
"""Words in "-ing" that name no doing."""


def declared_hobbies(message: str) -> list[str]:
    """The pastimes the speaker declares hobbies (``DECLARED``), in parts that state them."""
    if "hobby" not in message.lower() and "pastime" not in message.lower():
        return []
    found: list[str] = []
    for part in parts(message):
        for m in DECLARED.finditer(part):
            if not _states(part, m) or GIVEN_UP.search(part):
                continue
            if m.group("doing") and m.group("doing").lower() not in NO_DOING:
                found.append(m.group("doing").lower())
            elif m.group("done"):
                found.append(m.group("done"))
    return found


def pastimes(message: str) -> list[str]:
    """What the speaker does as a habit (a pastime and how often they go), has taken up
    (:func:`taken_up`) or does with a coach."""
    lower = message.lower()
    coached = [
        m.group("pastime") or m.group("pt")
        for part in (parts(message) if any(word in lower for word in COACHES) else ())
        if not GIVEN_UP.search(part) and not HYPOTHETICAL.search(part)
        for m in PASTIME_PEOPLE.finditer(part)
    ]
    coached += taken_up(message) + declared_hobbies(message)
    if not any(word in lower for word in HABIT_WORDS) or not HABIT.search(message):
        return list(dict.fromkeys(coached))
    said = parts(message)
    found: list[str] = []
    for at, part in enumerate(said):
        habit = HABIT.search(part)
        if (
            habit
            and FIRST_PERSON.search(part)
            and not NOT_A_HABIT.search(part)
            and _states(part, habit)
        ):
            found += _found(_pastimes_said, said, at, beside=bool(GOING.search(part)))
    return list(dict.fromkeys(coached + found))


WEDDING = re.compile(
    r"\b(?:married|wed|tied the knot|newlyweds?|casámos|casamos|casámo-nos|casamo-nos|casei"
    r"|casei-me|demos o nó"
    r"|marido e mulher|mulher e marido)\b"
    r"|\b(?:our|o nosso|a nossa)\s+(?:\w+\s+)?(?:wedding|honeymoon|casamento|lua de mel)\b",
    re.IGNORECASE,
)
PAIR = re.compile(
    r"(?P<a>[A-ZÀ-Þ][\w'’-]*)\s+(?:and|&|e)\s+(?:I|me|eu)\b"
    r"|\b(?:I|[Mm]e|[Ee]u)\s+(?:and|&|e)\s+(?:o\s+|a\s+)?(?P<b>[A-ZÀ-Þ][\w'’-]*)"
)
"""The speaker and one named person: "Tiago and I", "me and Duarte", "O André e eu"."""
GIVEN = re.compile(r"\b(?:now that|since|agora que|já que)\b", re.IGNORECASE)
"""A question that takes its clause as given: "How do we merge accounts now that Duarte and I
are wed?"."""


WEDDING_WORDS = (
    "marr",
    "wed",
    "knot",
    "cas",
    "marido e",
    "mulher e",
    "nó",
    "honeymoon",
    "lua de mel",
)


def weddings(message: str) -> list[str]:
    """Whom the speaker says they married: "Tiago and I had our wedding on Saturday"."""
    lower = message.lower()
    if not any(word in lower for word in WEDDING_WORDS) or not WEDDING.search(message):
        return []
    found: list[str] = []
    said = parts(message)
    for at, part in enumerate(said):
        pair = PAIR.search(part)
        if pair is None:
            continue
        near = said[max(0, at - 1) : at + 2]  # "We did it, casámos! Eu e o Duarte, no sábado"
        if not any(WEDDING.search(p) for p in near):
            continue
        asked = is_question(part) and not GIVEN.search(part)
        if asked or HYPOTHETICAL.search(part) or NEGATION.search(part):
            continue
        name = pair.group("a") or pair.group("b")
        if pair.group("a") and _governed(part[: pair.start("a")]):
            continue  # "a nurse at St James's Hospital and I'm getting married": a place
        if is_name(name):
            found.append(name)
    return list(dict.fromkeys(found))


NAME_RUN = re.compile(r"(?:[A-ZÀ-Þ][\w'’.-]*\s+)*$")
"""The capitalised words a text ends on: the beginning of a longer name ("St James's ")."""


def _governed(before: str) -> bool:
    """Whether a name after ``before`` (and the capitalised words it ends on) is what a
    preposition governs: a place or an employer, not a person."""
    run = NAME_RUN.search(before)
    return AFTER_A_PREPOSITION.search(before[: run.start() if run else len(before)]) is not None


ORG = r"[A-ZÀ-Þ][\w&'’.-]*(?:\s+[A-ZÀ-Þ][\w&'’.-]*){0,2}"
ROLE = r"[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?"
WHOSE = r"(?:[Mm]y|[Oo]ur|[Yy]our|[Hh]is|[Hh]er|[Tt]heir|[Tt]he|[Aa]n?)"
"""Words that make what follows someone or something else: "My manager at Sonae" is a person."""
ROLE_SAID = (
    (  # "(for context: data engineer at Feedzai, …)", "nurse @ St Mary's here"
        (" at ", "@"),
        re.compile(rf"(?:^|[(:—–]\s*)(?!{WHOSE}\b)(?P<role>{ROLE}),?\s+(?:at|@)\s+(?P<org>{ORG})"),
    ),
    (  # "Tattoo artist here, 9 yrs in the trade", "Pastor here.", "Retired nurse here" (ended)
        (" here",),
        re.compile(
            rf"^\W*(?P<role>(?:(?:[Rr]etired|[Ff]ormer)\s+|[Ee]x-)?{ROLE})\s+here\b"
            r"(?!\s+(?:in|at)\b)"
        ),
    ),
    (
        ("is what",),
        re.compile(
            rf"(?:^|[;:,]\s*|\band\s+)(?P<role>{ROLE}) is what (?P<who>I|she|he) (?:do|does)\b"
        ),
    ),
    (
        ("being a",),
        re.compile(rf"\b[Bb]eing an?\s+(?P<role>{ROLE})\s+(?:at|for|with)\s+(?P<org>{ORG})"),
    ),
    (
        ("by profession", "by trade", "de profissão"),
        re.compile(
            rf"(?:^|[;:,(]\s*|\b(?:is|é)\s+(?:an?\s+|um\s+|uma\s+)?)(?P<role>{ROLE})"
            r"\s+(?:by profession|by trade|de profissão)\b"
        ),
    ),
)
"""A role said without a verb of working: "data engineer at Feedzai", "nurse is what she does",
"teacher by profession"; each with the words (lower-case) a message needs to be searched."""
EMPLOYER = (
    (  # "Sword Health starts me next monday", "Globex hired me"
        (
            "starts me",
            "expects me",
            "hired me",
            "employs me",
            "took on me",
            "taken on me",
            "onboards me",
        ),
        re.compile(
            rf"(?P<org>{ORG})\s+(?:starts|expects|hired|has hired|employs|took on|has taken on"
            r"|onboards)\s+me\b"
        ),
    ),
    (  # "my manager at OutSystems", "my colleagues at Sonae"
        (
            "manager",
            "boss",
            "supervisor",
            "colleagues",
            "coworkers",
            "co-workers",
            "teammates",
            "team lead",
            "chefe",
            "colegas",
            "equipa",
        ),
        re.compile(
            rf"\b(?i:my|our|a minha|o meu|os meus|as minhas)\s+(?:new\s+)?(?:manager|boss"
            r"|supervisor|colleagues|coworkers|co-workers|teammates|team lead|line manager|chefe"
            rf"|colegas|equipa)\s+(?:at|with|na|no|da|do)\s+(?P<org>{ORG})"
        ),
    ),
    (  # "at Talkdesk, where I work", "na Talkdesk, onde trabalho"
        ("where i", "onde"),
        re.compile(
            rf"\b(?:at|for|with|na|no|em)\s+(?P<org>{ORG})\s*,\s*(?:where I(?: have)? work"
            r"|where I am working|onde (?:eu )?(?:trabalho|estou a trabalhar))"
        ),
    ),
)
"""The speaker's employer, said of the company or of the people at work."""


SOMEONE = re.compile(
    rf"(?i:{OTHER_PERSON.pattern}|\b(?:sister|brother|son|daughter|mother|father|mum|mom|dad"
    r"|husband|wife|partner|friend|colleague|irmã|irmão|filh[oa]|mãe|pai|marido|mulher|amig[oa]"
    r"|colega)\b)|(?<=[\s,;:(])[A-ZÀ-Þ][a-zà-ÿ]+"
)
"""Someone other than the speaker spoken of: a pronoun, a kin word, a name."""


def roles_said(message: str) -> list[tuple[str, str, str]]:
    """(who, role, org) of each role said without a verb of working, in a statement or beside a
    question ("(for context: data engineer at Feedzai) which bag…?"): who is "me", or "she" or
    "he" (the person last named); org is empty where none is said."""
    lower = message.lower()
    patterns = [p for needles, p in ROLE_SAID if any(n in lower for n in needles)]
    found: list[tuple[str, str, str]] = []
    for part in parts(message) if patterns else ():
        if HYPOTHETICAL.search(part):
            continue
        for pattern in patterns:
            for match in pattern.finditer(part):
                if NEGATION.search(_clause(part, match)):
                    continue
                groups = match.groupdict()
                who = (groups.get("who") or "").lower()
                if not who:  # a bare role is the speaker's when no one else is spoken of before
                    who = "she" if SOMEONE.search(part[: match.start()]) else "me"
                found.append(
                    (who if who != "i" else "me", match.group("role"), groups.get("org") or "")
                )
    return found


def employers(message: str) -> list[str]:
    """The companies the message says the speaker works at, questions included ("how do I ask
    my manager at X…?" takes the job as given); not in a clause of a wish or a denial."""
    lower = message.lower()
    patterns = [p for needles, p in EMPLOYER if any(n in lower for n in needles)]
    found: list[str] = []
    for part in parts(message) if patterns else ():
        for match in (m for pattern in patterns for m in pattern.finditer(part)):
            clause = _clause(part, match)
            if not HYPOTHETICAL.search(clause) and not NEGATION.search(clause):
                found.append(match.group("org"))
    return list(dict.fromkeys(found))


ROLE_LAST = re.compile(r"\bI(?:['’]m|\s+am)\s+an?\s+(?:[\w-]+\s+)?(?P<role>[\w-]+)\W*$")
"""A part that ends on the speaker's role: "I'm a data engineer."."""
AT_ALONE = re.compile(rf"\W*(?:[Aa]t|[Ww]ith|[Ff]or)\s+(?P<org>{NAME.pattern})\W*")
"""A part that is only where: "At Feedzai."."""


AT_PART = re.compile(r"[.!?]\s+(?:At|With|For)\s+[A-ZÀ-Þ]")
"""A first look: a part that opens on "At" and a name."""


def employers_after_role(message: str) -> list[str]:
    """A company said as a part of its own right after the speaker's role ("I'm a data engineer.
    At Feedzai.")."""
    if not AT_PART.search(message):
        return []
    said = parts(message)
    return [
        m.group("org")
        for before, part in zip(said, said[1:])
        if (m := AT_ALONE.fullmatch(part)) is not None
        and is_name(m.group("org").split()[0])
        and (role := ROLE_LAST.search(before)) is not None
        and role.group("role").lower() in ROLES
    ]


FAREWELL = re.compile(  # "Adeus Sonae, olá Sword Health!", "Goodbye Lisbon, hello Porto"
    r"\b(?:[Gg]oodbye|[Bb]ye(?:\s+bye)?|[Ff]arewell|[Aa]deus|[Tt]chau)\s+(?P<old>"
    + NAME.pattern
    + r"),?\s+(?:[Hh]ello|[Hh]i|[Oo]lá|[Oo]i)\s+(?P<new>"
    + NAME.pattern
    + r")"
)
WORK_WORDS = re.compile(
    r"\b(?:job|work|working|office|colleagues?|boss|manager|contract|last day|first day|first week"
    r"|notice|hired|resign\w*|emprego|trabalho|último dia|primeiro dia|colegas|chefe|contrato"
    r"|empresa)\b|\bo primeiro\b|\bprimeira semana\b",
    re.IGNORECASE,
)
HOME_WORDS = re.compile(
    r"\b(?:moved|moving|move|flat|apartment|house|home|boxes|unpack\w*|neighbou?rs?|mudança"
    r"|mudámos|mudamos|casa|caixas|vizinh\w*)\b",
    re.IGNORECASE,
)
"""What a farewell is to: a job when the message speaks of work, a home when of moving."""


ON_LEAVE = re.compile(
    r"\b(?:(?:maternity|paternity|parental|mat|sick|study|carer['’]?s?)\s+leave|sabbatical"
    r"|licença(?:\s+(?:maternidade|paternidade))?|barsel|foreldrepermisjon|elternzeit)\b",
    re.IGNORECASE,
)
"""A leave from work the message speaks of."""
BACK_AT_WORK = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:I|[Ww]e)(?:['’]m|\s+am|['’]ll\s+be|\s+will\s+be|\s+go)?\s+)"
    r"(?:(?:[Tt]hen|[Aa]nd|[Ss]o)\s+)?(?:[Bb]ack|go\s+back)\s+(?:to|at)\s+"
    rf"(?:work\s+(?:at|with|for)\s+)?(?P<org>{ORG})"
)
"""Going back to an employer: "Then back to Deloitte", "Back at Novo Nordisk on 1 August"."""


def back_from_leave(message: str) -> list[str]:
    """The employers the speaker goes back to after a leave the message speaks of
    (``BACK_AT_WORK``): "Parental leave ends 15 May, then back to ASML"."""
    if ON_LEAVE.search(message) is None:
        return []
    return [
        m.group("org")
        for m in BACK_AT_WORK.finditer(message)
        if (is_name(m.group("org").split()[0]) or is_acronym(m.group("org").split()[0]))
        and not HYPOTHETICAL.search(_clause(message, m))
    ]


def farewells(message: str) -> list[tuple[str, str, str]]:
    """(kind, old, new) of each "goodbye X, hello Y" the speaker says: ``job`` or ``home`` by
    the words of the message; neither when it names neither."""
    lower = message.lower()
    if not any(word in lower for word in ("bye", "farewell", "adeus", "tchau")):
        return []
    work, home = WORK_WORDS.search(message), HOME_WORDS.search(message)
    if bool(work) == bool(home):
        return []
    kind = "job" if work else "home"
    return [
        (kind, m.group("old"), m.group("new"))
        for part in parts(message)
        for m in FAREWELL.finditer(part)
        if not asks_or_supposes(part)
    ]


WHERE_I_LIVE = re.compile(  # "here in Braga, where I live", "em Faro, onde moramos"
    r"(?:\b(?:in|em|no|na)\s+)?(?P<place>"
    + NAME.pattern
    + r"),?\s+(?:where\s+(?:I|we)\s+(?:live|(?:['’]ve|\s*have)\s+lived|(?:['’]m|['’]re|am|are)\s+living)"
    r"|onde\s+(?:moro|vivo|moramos|vivemos|a gente mora))\b"
)
"""A place the speaker says they live in, in a relative clause."""


def lived_in(message: str) -> list[str]:
    """The places a message names as where the speaker lives ("…, where I live")."""
    if "where" not in message and "onde" not in message:
        return []
    found: list[str] = []
    for part in parts(message):
        if asks_or_supposes(part):
            continue
        for m in WHERE_I_LIVE.finditer(part):
            words = m.group("place").split()
            opening = not part[: m.start("place")].strip(" \"'“(")  # "Adoro Évora, onde…"
            if len(words) > 1 and (opening or not is_name(words[0])):
                words = words[1:]
            if not NEGATION.search(m.group(0)):
                found.append(" ".join(words))
    return found


FORM_FIELD = re.compile(
    r"(?:^|[.;,!?\n(]\s*)(?P<key>occupation|job title|profession|job|role|position|employer"
    r"|company|workplace|town of residence|city of residence|place of residence|residence"
    r"|home town|profissão|ocupação|cargo|entidade empregadora|empresa|localidade|cidade"
    r"|residência)\s*:\s*(?P<value>[^.;,\n()]+)",
    re.IGNORECASE,
)
FIELD_PREDICATE = {
    **dict.fromkeys(
        "occupation;job title;profession;job;role;position;profissão;ocupação;cargo".split(";"),
        "works_as",
    ),
    **dict.fromkeys(
        "employer;company;workplace;entidade empregadora;empresa".split(";"), "works_at"
    ),
    **dict.fromkeys(
        "town of residence;city of residence;place of residence;residence;home town;localidade"
        ";cidade;residência".split(";"),
        "lives_in",
    ),
}
"""A form filled in a message ("Occupation: data engineer. Employer: Feedzai. Town of
residence: Coimbra."): each field's predicate."""
OTHERS_FORM = re.compile(
    r"\bfor\s+(?:him|her|them|my\s+\w+|[A-ZÀ-Þ]\w+)\b|\bpara\s+o\s+meu|\bpara\s+a\s+minha"
)
"""A form filled in for someone else."""


def form_fields(message: str) -> list[tuple[str, str]]:
    """(predicate, value) of each field of a form the speaker fills in for themselves; none
    when the form is someone else's ("a form for my mum") or hypothetical."""
    if ":" not in message:
        return []
    fields = list(FORM_FIELD.finditer(message))
    if len(fields) < 2:  # one "role: lead" is no form
        return []
    before = message[: fields[0].start()]
    if OTHER_PERSON.search(before) or OTHERS_FORM.search(before) or HYPOTHETICAL.search(before):
        return []
    return [
        (FIELD_PREDICATE[m.group("key").lower()], m.group("value").strip())
        for m in fields
        if m.group("value").strip()
    ]


BIRTH = re.compile(
    r"\b(?:was born|were born|born|newborn|arrived|was delivered|came into the world|nasceu"
    r"|nasceram|chegou|recém-nascid[ao]|welcomed"
    r"|had\s+(?:a|our)\s+(?:baby|little\s+(?:girl|boy))(?:\s+(?:girl|boy))?"
    r"(?!\s+(?:shower|monitor|gate|seat|bath|food|bottle|sitter|blanket|carrier|scare|photo)))\b",
    re.IGNORECASE,
)
BIRTH_WORDS = (
    "born",
    "arriv",
    "deliver",
    "came into",
    "nasc",
    "chegou",
    "newborn",
    "recém",
    "welcomed",
    "had a baby",
    "had our baby",
    "had a little",
)
CHILD_WORD = re.compile(
    r"\b(?:daughter|son|baby|baby girl|baby boy|girl|boy|newborn|filha|filho|filhota|filhote"
    r"|filhinha|filhinho|bebé|bebê|menina|menino|pequenina|pequenino)\b",
    re.IGNORECASE,
)
CHILD_ONLY = re.compile(
    r"\W*(?:(?:a|an|it['’]s\s+a|uma?|é\s+uma?)\s+)?(?:little\s+|healthy\s+)?(?:girl|boy|menina|menino"
    r"|daughter|son|baby)\W*",
    re.IGNORECASE,
)
"""A part that only says the child again: "A girl.", "It's a boy!", "Uma menina!"."""
OTHERS_CHILD = re.compile(
    rf"(?:['’]s|\b(?:his|her|their|dele|dela))\s+(?:\w+\s+)?(?:{CHILD_WORD.pattern})"
    r"|\b(?:my|our|a minha|o meu|a nossa|o nosso)\s+(?:\w+\s+)?(?:sister|brother|friend|colleague"
    r"|cousin|neighbou?r|boss|aunt|uncle|irmã|irmão|amig[oa]|colega|prima|primo|vizinh[oa]|tia"
    r"|tio)\b",
    re.IGNORECASE,
)
"""Someone else's child: "Rui's newborn son", "her baby", "my sister's baby", "my colleague…"."""


def births(message: str, people: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The name of the speaker's child whose birth the message tells ("our daughter is here: my
    girl Matilde arrived on Tuesday"), with the child word said: one name, not a place, not
    someone known (``people``)."""
    lower = message.lower()
    if not any(word in lower for word in BIRTH_WORDS) or not BIRTH.search(message):
        return []
    found: list[tuple[str, str]] = []
    said = parts(message)
    for at, part in enumerate(said):
        child = CHILD_WORD.search(part)
        if child is None or not BIRTH.search(part) or not FIRST_PERSON.search(part):
            continue
        if asks_or_supposes(part) or NEGATION.search(_clause(part, child)):
            continue
        if OTHERS_CHILD.search(part):  # "my colleague Michael's newborn daughter"
            continue
        names = {
            name
            for m in NAME.finditer(part)
            if (name := leading_name(m.group(0)))
            and (not part.startswith(name) or OPENS_ON_NAME.match(part))
            and not AT_A_PLACE.search(part[: m.start()])
            and not part[m.end() :].startswith(("'s", "’s"))
            and fold(name) not in people
        }
        if not names and at + 1 < len(said) and BIRTH.search(said[at + 1]):  # "…! A Laura chegou"
            names = {n for m in NAME.finditer(said[at + 1]) if (n := leading_name(m.group(0)))}
            names = {n for n in names if fold(n) not in people}
        if not names:
            names = _named_next(said[at + 1 :], people)
        if not names and at > 0 and HERE_NOW.search(said[at - 1]):  # "Alice is here! Our baby…"
            names = {n for m in NAME.finditer(said[at - 1]) if (n := leading_name(m.group(0)))}
            names = {n for n in names if fold(n) not in people and fold(n) not in SEASONS}
        if len(names) == 1:
            found.append((names.pop(), child.group(0).lower()))
    return list(dict.fromkeys(found))


SEASONS = frozenset(
    "spring summer autumn fall winter weekend primavera verao outono inverno".split()
)
"""What "is here" says of a time of year, not of a child."""
HERE_NOW = re.compile(
    r"\b(?:is|['’]s)\s+(?:finally\s+)?here\b|\bhas\s+arrived\b|\bjá\s+(?:cá\s+|chegou\b)"
    r"|\bestá\s+cá\b",
    re.IGNORECASE,
)
"""A part that says someone has come: "Alice is here!", "A Alice já cá está!"."""


def _said_how(word: str) -> bool:
    """A lone capitalised word shaped like how one is, not who: "Exhausted.", "Amazing!"."""
    return " " not in word and len(word) > 5 and word.lower().endswith(("ed", "ing", "ful", "ly"))


def _named_next(following: Sequence[str], people: Sequence[str]) -> set[str]:
    """The name a birth's next parts give standing alone: after a part that only says the
    child again, before one that tells the birth, or last ("we had a baby! A girl. Clara.
    Born on Sunday."; not "we had a baby! Exhausted. Mia came over")."""
    child_said = False
    for at, part in enumerate(following[:3]):
        bare = BARE_NAME.fullmatch(part)
        if bare is not None and not bare.group("more"):
            name, rest = bare.group("name"), following[at + 1 :]
            placed = child_said or not rest or BIRTH.search(rest[0]) is not None
            known = not is_name(name.split()[0]) or fold(name) in people or _said_how(name)
            return {name} if placed and not known else set()
        if not CHILD_ONLY.fullmatch(part):
            return set()
        child_said = True
    return set()


ONE_NAME = r"[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?"
BARE_NAME = re.compile(
    rf"(?P<name>{ONE_NAME})(?:\s*(?:,|&|\+|\band\b|\be\b)\s*(?P<more>{ONE_NAME}))?\s*[.!]*"
    r"(?:\s*[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D])*\s*"
)
"""A part that is a name, or two, and nothing else but emoji ("Nibbles.", "Pip & Squeak!",
"Bolt 🐾")."""
NAME_GIVEN = re.compile(
    r"(?i:\b(?:its|his|her|the)\s+name(?:\s+is|['’]s|,)|\bname(?:\s+now)?,?\s+it(?:\s+is|['’]s)"
    r"|\bnome\s+d[oa]\s+\w+\s*:|\bchama-se|\bse\s+chama|\banswers\s+to"
    r"|\b(?:named|call|called|calling)\s+(?:him|her|it)"
    rf"|\b(?:he|she|it)(?:['’]s|\s+is)\s+an?\s+(?:[\w-]+\s+){{0,2}}?(?:{PETS})\s+(?:called|named))\s+"
    r"(?P<name>[A-ZÀ-Þ][\w'’-]*)"
)
"""A name given in so many words: "the puppy has a name now, it's Farol", "her name's Mia",
"we named him Pip", "Nome do cachorrinho: Bolt", "he's a golden retriever called Bear"."""


KIN_LAST = re.compile(
    r"(?:\b(?:[Mm]y|[Oo]ur)\s+|(?:\b(?:[Gg]ot|have|has)\s+|^\W*)(?:one|a|an|One|A|An)\s+)"
    rf"(?:(?:older|younger|little|big|baby|twin)\s+)?(?P<kin>{KIN_EN})\W*$"
)
"""A part that ends on kin of the speaker's: "Got one sister.", "I have a brother."."""


NAME_ALONE = re.compile(r"[.!?]\s+[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?\s*[.!]")
"""A first look: a name standing alone as a sentence after another."""


def kin_named_next(message: str, people: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Kin of the speaker's named by a name standing alone after the part that says them ("Got
    one sister. Leonor. She's a teacher…"), each as (name, kin word)."""
    if not NAME_ALONE.search(message):
        return []
    said = parts(message)
    found: list[tuple[str, str]] = []
    for at, part in enumerate(said[:-1]):
        kin = KIN_LAST.search(part)
        if kin is None or asks_or_supposes(part) or NEGATION.search(part):
            continue
        bare = BARE_NAME.fullmatch(said[at + 1])
        if bare is None or bare.group("more"):
            continue
        name = bare.group("name")
        if is_name(name.split()[0]) and fold(name) not in people and not _said_how(name):
            found.append((name, kin.group("kin").lower()))
    return found


def _not_theirs(before: str) -> bool:
    """Whether what comes before a pet word makes it no pet of the speaker's: another owner
    ("Rui's dog"), someone else spoken of ("my sister has a kitten") or a thing ("a toy cat")."""
    return bool(
        OTHER_OWNER.search(before) or OTHER_PERSON.search(before) or NO_ANIMAL.search(before)
    )


FOND_OF = re.compile(r"\s+(?:person|people|lovers?|fans?)\b", re.IGNORECASE)
"""What makes a pet word a taste, not a pet: "a cat person", "dog lovers"."""


def pet_names(message: str, people: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The names the speaker's pets are given beside the pet word ("the pup Farol"), each with
    that word; a name known as someone else (``people``, folded) is no pet's."""
    if not PET_WORD.search(message):
        return []
    found: list[tuple[str, str]] = []
    said = parts(message)
    for at, part in enumerate(said):
        if is_question(part) or HAD_ONCE.search(part):
            continue
        given = NAME_GIVEN.search(part)
        # none from "if we got a dog, its name would be…" or "her name's Nina, … not impressed"
        if given is not None and (
            HYPOTHETICAL.search(part) or NEGATION.search(_clause(part, given))
        ):
            given = None
        if (
            given is not None
            and is_name(given.group("name"))
            and fold(given.group("name")) not in people
        ):
            near = " ".join(said[max(0, at - 1) : at + 1])
            pet = PET_WORD.search(near)
            before = near[: pet.start()] if pet is not None else ""
            if pet is not None and not _not_theirs(before):
                found.append((given.group("name"), pet.group(0).lower()))
                continue
        bare = BARE_NAME.fullmatch(part)
        names = [n for n in bare.group("name", "more") if n] if bare is not None else []
        if names and at > 0 and all(is_name(n.split()[0]) for n in names):
            pets = [  # "We got a hamster too 🐹 Nibbles."; not "I'm a cat person. Help."
                p
                for p in PET_WORD.finditer(said[at - 1])
                if not FOND_OF.match(said[at - 1], p.end())
            ]
            pet = pets[-1] if pets else None
            before = said[at - 1][: pet.start()] if pet is not None else ""
            ours = FIRST_PERSON.search(message) or THE_PET.search(before)
            if pet is not None and ours and not _not_theirs(before):
                kind = pet.group(0).lower()
                found += [(n, kind) for n in names if fold(n) not in people]
            continue
        if unstated(part, ending=False) is not None:
            continue
        for pet in PET_WORD.finditer(part):
            if _not_theirs(part[: pet.start()]):  # "My sister has a kitten", "Rui's dog"
                continue
            if at > 0 and _not_theirs(said[at - 1]) and not FIRST_PERSON.search(part):
                continue  # "Mum got a dog! A little mutt called Tejo": Mum's
            if not FIRST_PERSON.search(message):  # "the puppy is Pipoca now; we overruled them"
                continue
            name = _beside(part, pet.start(), pet.end())
            if name is not None and fold(name) not in people:
                found.append((name, pet.group(0).lower()))
    return list(dict.fromkeys(found))


def _beside(part: str, start: int, end: int) -> str | None:
    """The name at most four naming words after the pet word, or just before it."""
    for match in NAME.finditer(part):
        name = match.group(0)
        if not all(is_name(word) for word in name.split()):
            continue
        if match.start() >= end:
            gap, allowed = part[end : match.start()], NAME_AFTER
        elif (
            match.end() <= start
            and re.match(r"\s*(?:[,.;:!?)]|$)", part[end:])
            and part[match.end() : start].strip()
        ):
            # the pet word ends its phrase: not "Whisker Wonders cat litter"; a word right
            # before it names its breed ("my German shepherd")
            gap, allowed = part[match.end() : start], NAME_BEFORE
        else:
            continue
        words = re.findall(r"[\w'’-]+", gap)
        if (
            len(words) <= 4
            and all(fold(word) in allowed for word in words)
            and not any(PET_WORD.fullmatch(w) for w in name.lower().split())  # "a Golden Retriever"
            and not AFTER_A_PERSON.match(part[match.end() :])
            and not part[match.end() :].startswith(("'s", "’s"))
            and (match.start() > 0 or "," in gap)  # a first word alone: "Walking the dog"
        ):
            return name
    return None
