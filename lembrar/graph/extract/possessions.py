"""What the speaker owns, read from "my <thing>" and "I have / got / inherited a <thing>"
(English): "my old sneakers", "my Canon EOS 80D camera", "my dance studio", "I already have a
portable power bank" give ``owns``; "my piano, a Korg B1" gives the model's name.

Only nouns that name things people own count (``OWNED``, written by kind of thing rather than
from examples): objects, clothes, jewellery, instruments, appliances, furniture, collections,
vehicles, homes, businesses and livestock; "my work", "my skills" or "my heart" are not
possessions, and neither is a thing used as a modifier ("my ukulele lessons").
"""

from __future__ import annotations

import re

from lembrar.graph.extract.names import is_name, plural
from lembrar.graph.extract.patterns import HOW_MANY, TIME_WORDS, alternation

_KINDS = {
    "devices": "laptop|computer|pc|phone|smartphone|tablet|ipad|kindle|e-reader|camera|lens"
    "|tripod|drone|console|headphones|earbuds|speaker|speakers|smartwatch|watch|monitor|printer"
    "|router|tv|television|projector|power bank|hard drive|binoculars|telescope|microscope"
    "|typewriter|record player|turntable|clock|fitness tracker|smart speaker|microphone|charger"
    "|headset|controller",
    "instruments": "guitar|bass|piano|keyboard|violin|cello|drums|drum kit|ukulele|flute"
    "|saxophone|trumpet|synthesizer|amp|amplifier|instruments|clarinet|harmonica|accordion|banjo"
    "|mandolin|harp|trombone",
    "vehicles": "bike|bicycle|e-bike|car|truck|motorcycle|motorbike|scooter|van|boat|kayak"
    "|canoe|surfboard|skateboard|snowboard|skis|rv|camper|sailboat|yacht|motorboat|dinghy"
    "|paddleboard|jet ski|campervan|motorhome|caravan|pickup|suv|minivan|moped|tractor|jeep"
    "|longboard|rollerblades|roller skates"
    "|sedan|hatchback|convertible|trailer|unicycle|ute",
    "homes": "house|apartment|flat|condo|cabin|cottage|studio apartment",
    "clothes": "sneakers|shoes|boots|sandals|heels|jacket|coat|dress|suit|jeans|pants|trousers"
    "|shorts|skirt|shirt|t-shirt|sweater|hoodie|blouse|scarf|hat|cap|bag|handbag|backpack"
    "|purse|wallet|suitcase|luggage|belt|cardigan|vest|gloves|sunglasses|blazer|raincoat"
    "|slippers|trainers|pyjamas|pajamas|tracksuit|leggings|swimsuit|parka|overalls|uniform",
    "jewellery": "necklace|ring|bracelet|earrings|pendant|brooch|jewelry|jewellery",
    "kitchen": "mixer|stand mixer|blender|grinder|coffee grinder|frother|espresso machine"
    "|coffee maker|kettle|toaster|microwave|oven|air fryer|instant pot|slow cooker|fridge"
    "|freezer|dishwasher|cookware|knives|tea set|glassware|china|smoker|wok|dutch oven"
    "|pressure cooker|rice cooker|waffle maker|juicer|food processor|bread maker"
    "|bread machine|dehydrator|sous vide|pasta maker|ice cream maker",
    "home things": "couch|sofa|desk|chair|armchair|table|dresser|wardrobe|bookshelf|bed"
    "|mattress|lamp|rug|vacuum|washing machine|sewing machine|dryer|heater|aquarium|plants"
    "|tent|grill|bbq|music box|bird feeder|feeder|birdbath|bowl|vase|teapot|bookcase|nightstand"
    "|recliner|crib|stroller|humidifier|air purifier|hammock|sleeping bag|lawn mower"
    "|drill|toolbox|tools|clippers|greenhouse|hot tub|treadmill|yoga mat|racket|racquet|golf clubs"
    "|skates"
    "|board game|board games|helmet",
    "stationery": "journal|notebook|diary|planner|sketchbook",
    "art supplies": "paints|watercolours|watercolors|oil paints|acrylics|brushes|easel|canvases"
    "|pottery wheel|kiln|loom|knitting needles|yarn stash",
    "plants": "bonsai|bonsai trees|houseplants|succulents|orchids|cactus|cacti",
    "games": "ps5|ps4|xbox|playstation|steam deck|nintendo switch|gaming pc|gaming laptop",
    "collections": "collection|library|records|vinyls|books|stamps|coins|postcards|figurines"
    "|action figures|comics",
    "businesses": "business|startup|company|shop|store|studio|restaurant|bakery|cafe|café|salon"
    "|gym|farm|stall|kiosk|pizzeria|trattoria|boutique|brewery|winery|vineyard|guesthouse"
    "|hostel|food truck|barbershop|bookshop|bookstore|ranch|orchard",
    "livestock": "cow|goats|hive|beehive|sheep|cattle|livestock|hens|chickens|chooks|ducks|pigs"
    "|beehives|hives",  # "get my goat" is an idiom
}
BUSINESSES = frozenset(_KINDS["businesses"].split("|"))
EMPLOYERS = frozenset(["company", "firm"])
"""Businesses that "my" names as where one works unless they are one's "own"."""
UNCOUNTED = frozenset(
    "jewelry jewellery luggage cookware glassware china sheep cattle livestock".split()
)
"""Owned nouns with no plural."""


_SINGULAR = [w for words in _KINDS.values() for w in words.split("|")]
OWNED = alternation(
    _SINGULAR
    + [
        plural(w)
        for w in _SINGULAR
        if not w.endswith("s") and w not in UNCOUNTED and w not in BUSINESSES
    ]
)
"""Every owned noun, and its plural (a longer one read whole: "stand mixer"); "my favorite
bakeries" are places one goes to, not businesses one owns."""
MODIFIED = frozenset(
    "lessons lesson class classes teacher tutor tech technician repair repairs case strings"
    " skills practice session sessions playlist account app finger tone tire tyre idea ideas"
    " plan plans card cards series structure usage use consumption habit habits section"
    " sections special code codes job jobs project projects bill bills insurance payment payments"
    " fitting fittings ride rides number numbers science membership memberships subscription"
    " loan loans pass".split()
)
"""Nouns after which an owned word only modifies ("my ukulele lessons", "my guitar teacher", "my
business idea", "our table structure")."""
MODEL = r"[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|\d[\w-]*|I|II|V\d))*"
"""A maker's model name: "Korg B1", "Yamaha FZ6R", "Fender Mustang I V2"."""
MODEL_BESIDE = (
    rf"(?:,\s+(?:an?|the|my)\s+|\s*\(\s*(?:an?\s+|the\s+)?)(?P<model>(?:(?:19|20)\d\d\s+)?{MODEL})"
)
"""A model named beside its thing, its year before it or not: "my piano, a Korg B1", "my
espresso machine (a Gaggia Classic)", "my own truck, a 2019 Peterbilt 579"."""
CLAUSE_VERBS = (
    "is|are|was|were|has|had|does|did|will|would|can|could|says|said|gets|got|needs|wants|loves"
    "|hates|thinks|goes|went|makes|made|looks|feels|seems"
)
"""Verbs a thing's words do not run over: "my back says big boats only" owns no boats."""
POSSESSION = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<thing>(?:(?!(?:my|our|{CLAUSE_VERBS})\b)[\w'][\w'-]*\s+){{0,4}}?"
    rf"(?i:{OWNED}))\b"
    rf"(?:{MODEL_BESIDE})?(?P<after>\s+[\w']+)?"
)
HAVING = re.compile(  # "I already have a portable power bank", "Just got some new shoes"
    r"(?:\b(?:I|[Ww]e)(?:['’]ve)?\s+(?:(?:actually|already|still|also|just|recently|finally|now)\s+){0,2}"
    r"(?:\w+\s+and\s+)?(?:have\s+got|have|own|keep|got|inherited|received|bought|purchased|ordered"
    r"|acquired|picked\s+up|treated\s+(?:myself|ourselves)\s+to)"
    r"|(?:^\W*|[,;]\s*)(?:(?:[Jj]ust|[Ff]inally|[Rr]ecently)\s+)?(?:[Gg]ot|[Bb]ought|[Pp]urchased"
    r"|[Oo]rdered|[Pp]icked\s+up)"
    r"|\b(?:got|bought|gave|gifted)\s+(?:me|us)(?=\s+(?:a|an)\s))"
    r"(?:\s+(?:myself|ourselves|me|us))?"
    rf"\s+(?:a|an|some|several|lots\s+of|plenty\s+of|{HOW_MANY})\s+"
    r"(?:(?:new|pair of|set of|lot of|bunch of|couple of|few|collection of)\s+)*"
    rf"(?P<thing>(?:[\w'][\w'-]*\s+){{0,4}}?(?i:{OWNED}))\b"
    rf"(?:{MODEL_BESIDE})?(?P<after>\s+[\w']+)?"
)
HAVING_BARE = re.compile(  # "I have small bakery in Neukölln": the article left out
    r"\b(?:I|[Ww]e)\s+(?:have|own)\s+"
    rf"(?P<thing>(?:(?:small|big|little|tiny|old|new)\s+)?(?i:{OWNED}))\b(?P<after>\s+[\w']+)?"
)
"""A thing had, said without its article (second-language English)."""
HAD_BEFORE = re.compile(  # "the bike I bought last year", "The house we bought needs a roof"
    rf"\b(?:[Tt]he|[Aa]n?)\s+(?P<thing>(?:[\w'][\w'-]*\s+){{0,2}}?(?i:{OWNED}))\s+"
    r"(?:that\s+|which\s+)?(?:I|we)\s+(?:(?:just|recently|finally)\s+)?"
    r"(?:bought|got|own|have(?!\s+(?:\w+ed|been|read|seen|had|made|done|got|gotten|taken"
    r"|written|eaten|known|worn|met|found|heard|lost|sold)\b)|inherited)\b(?P<after>)"
)
"""A thing the speaker had, named before the verb of having in a relative clause."""
HANDED_DOWN = re.compile(  # "we inherited my grandmother's piano": the speaker's now
    r"\b(?:I|[Ww]e)(?:['’]ve)?\s+(?:(?:just|recently|finally)\s+)?(?:inherited|got|received)"
    rf"\s+(?:my|our)\s+[a-z]+['’]s\s+(?:old\s+)?(?P<thing>(?i:{OWNED}))\b(?P<after>\s+[\w']+)?"
)
AND_ANOTHER = re.compile(  # "… got a new coffee grinder and a milk frother"
    r"\s+and\s+(?:a|an|two|some)\s+(?:(?:new|pair of|set of)\s+)*"
    rf"(?P<thing>(?:[\w'][\w'-]*\s+){{0,3}}?(?i:{OWNED}))\b(?P<after>\s+[\w']+)?"
)
"""A second thing had, joined to the first by "and"."""
RUNNING = re.compile(  # "I run a small bike repair shop", "we opened our own bakery": a business
    r"\b(?:I|[Ww]e)\s+(?:(?:also|now|still|just|finally)\s+)?(?:run|opened|started|set\s+up)"
    r"\s+(?:a|an|my|our)\s+(?:own\s+)?"
    rf"(?P<thing>(?:[\w'][\w'-]*\s+){{0,3}}?(?:{_KINDS['businesses']}))\b(?P<after>\s+[\w']+)?"
)
OWNED_WORD = re.compile(rf"(?i:{OWNED})")
RIDDEN = re.compile(
    r"\b(?:bike|bicycle|e-bike|motorcycle|motorbike|scooter|skateboard|surfboard|snowboard|boat"
    r"|kayak|canoe)\b",
    re.IGNORECASE,
)
"""Things one is on when one rides them: "on my road bike" owns it."""
NUMBERED = re.compile(  # "my current Yamaha P-125", "I have a 2012 Honda Civic"
    r"(?:\b[Mm]y|\b(?:I|[Ww]e)(?:['’]ve)?\s+(?:(?:just|recently|finally)\s+)?"
    r"(?:have\s+got|have|own|drive|got|bought|purchased|acquired|inherited)\s+an?)\s+"
    r"(?:(?:current|new|old|trusty|beloved|used)\s+)?(?:(?P<year>(?:19|20)\d\d)\s+)?"
    r"(?P<model>[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|\d[\w-]*)){0,4})(?P<after>\s+[\w']+)?"
)
"""A maker's model with a number in it, or after its year, said as the speaker's."""
EXAM_TAKEN = re.compile(r"\b(?:passed|failed|sat|took|retook|resat|aced|flunked)\s+$", re.I)
"""A verb of an exam before "my": what follows is the exam ("passed my DELF B2")."""
KIN = frozenset(
    "child children kid kids son daughter sister brother mom mum dad mother father parents"
    " husband wife partner boyfriend girlfriend friend cousin aunt uncle granddaughter grandson"
    " grandchild grandchildren grandkids great-grandson great-granddaughter nephew niece"
    " grandma grandpa grandmother grandfather".split()
)
"""People are not owned: "my child watch cartoons" is no watch."""
HAVING_VERB = re.compile(
    r"\b(?:have|own|got|inherited|received|bought|purchased|ordered|acquired|drive|ride|keep"
    r"|picked|treated|gave|gifted)\b"
)
NOT_OWNING = frozenset(
    "previous former ex late local usual nearest neighborhood ideal dream future next potential"
    " imaginary hypothetical cheapest priciest rental hired borrowed loaner courtesy".split()
)
"""Words after which "my" is not owning: "my previous company", "my local pet store", a
thing wished for ("my ideal dance studio", "my dream car"), one hired or lent ("my rental car")
and a shop's stock ("our cheapest coats")."""
NOT_MINE = re.compile(
    r"['’]s\b|s['’](?!\w)|\b(?:on|in|at|of|with|for|from|to|a|an|the|before|after|during"
    r"|while|about|like|than|into|onto|over|under|by|per|and|or|but|this|that|these|those|is"
    r"|are|was|were)\b",
    re.IGNORECASE,
)
"""A possession's words hold no other owner ("my family's dog"), no place ("… on a couch") and
no other part of the sentence ("my screen time before bed")."""
PLACE_BEFORE = re.compile(r"\b(?:under|on|in|into|onto|inside|behind|beside|near|at)\s*$", re.I)
"""A thing named as where something is ("under my bed", "in my garden") is not what the
sentence is about."""
AT_WORK = re.compile(r"\s+(?:at|in)\s+(?:work|the\s+office|school|uni)\b", re.IGNORECASE)
"""A thing said to be at one's work or school: not one's own ("my desk at work")."""
CONTAINERS = frozenset("bowl vase teapot mug cup glass bag box".split())
"""Things that may stand for what they hold: "my bowl of cereal"."""
PLACED_ON = re.compile(
    rf"\b(?:{_KINDS['vehicles']}|{_KINDS['homes']}|{_KINDS['home things']}|{_KINDS['stationery']})$",
    re.IGNORECASE,
)
"""Things one works on or keeps things in, owned however the sentence places them: "the
bushings on my car", "aphids on my pepper plants", "in my house", "in my journal" (not "on my
phone")."""
PLACED_AT = re.compile(
    rf"\b(?:{_KINDS['homes']}|(?!gym\b)(?:{_KINDS['businesses']})|lake house|beach house)$",
    re.IGNORECASE,
)
"""Homes and businesses, one's own however the sentence places one there: "a party at my
house", "working on my business", "85 sheep on our farm" (not "a class at my gym")."""
STILL_TO_GET = re.compile(
    r"\b(?:(?P<when>when|once|if|until|after|before|whenever)\s+(?:I|we)\s+(?:\w+\s+)?)?"
    r"(?:get|buy|receive|order|afford|pick\s+up|build)\s*$",
    re.IGNORECASE,
)
"""A verb of getting, in its plain form, before "my": the thing is still to come when it is
"new", "first" or "own", or the getting is a condition ("when I get my new ukulele", "once we
buy our first car"); "get my car fixed" owns the car."""
NOT_YET_HAD = frozenset("new first own next".split())
OPENING = re.compile(r"\b(?:open|start|launch|set\s+up)\s*$", re.IGNORECASE)
"""A verb of opening in its plain form before "my": a business "new" or "own" after it is still
to come ("to open my own studio")."""
HAD_DONE = frozenset("set done ready back up out in going working running".split())
"""Words after which getting one's thing is having something done to it: "get my car back"."""
LEADING = frozenset(
    "own very whole first last favorite favourite fave current new spare few".split()
)
AHEAD = re.compile(rf"\s+(?:{TIME_WORDS.pattern})", re.IGNORECASE)
"""A time to come right after a thing had: what one has then is an appointment."""
HAVE_NOW = re.compile(r"\b(?:have|has)\b|['’]ve\s+got\b", re.IGNORECASE)
"""Having said in the present: "I have my exam on Friday"; not "got me a sewing machine for
Christmas", given then."""


def _appointment(sentence: str, match: re.Match[str], thing: str = "thing") -> bool:
    """Whether ``match`` has its ``thing`` at a time to come ("I have my CFA Level 2 in three
    weeks"): an appointment, not a thing owned."""
    had = HAVE_NOW.search(sentence, max(0, match.start() - len("I've got ")), match.start(thing))
    return had is not None and AHEAD.match(sentence, match.end(thing)) is not None


def _still_to_get(before: str, thing: str, after: str) -> bool:
    """Whether "my <thing>" is still to be had (``STILL_TO_GET``); "get my new flat organized"
    has it already (``after``: the word after it)."""
    getting = STILL_TO_GET.search(before)
    if getting is not None and getting.group(0).rstrip().lower().endswith("build"):
        return True  # "we'll build our house in Talisay": not built yet
    opening = OPENING.search(before)
    business = thing.split()[-1].lower() in BUSINESSES
    if opening and business and thing.split()[0].lower() in NOT_YET_HAD:
        return True  # "to open my own studio": a business still to come
    if getting is None or after.endswith("ed") or after in HAD_DONE:
        return False
    return getting.group("when") is not None or thing.split()[0].lower() in NOT_YET_HAD


def _owned_thing(words: list[str]) -> str | None:
    """The thing the words name, less the words that lead it ("new", "few"); None when they name
    no thing owned: one wished for or gone ("dream", "previous"), a person, another owner or
    another part of the sentence (``NOT_MINE``)."""
    while words and words[0].lower() in LEADING and len(words) > 1:
        words = words[1:]
    said = {w.lower() for w in words}
    if not words or (NOT_OWNING | KIN) & said or NOT_MINE.search(" ".join(words)):
        return None
    return " ".join(words)


def possessions(sentence: str) -> list[str]:
    """The things a sentence says the speaker has (modifiers kept: "old sneakers"; a model
    named beside the thing instead of the thing: "Korg B1")."""
    found: list[str] = []
    lower = sentence.lower()
    mine = "my " in lower or "our " in lower
    running = any(verb in lower for verb in (" run ", " opened ", " started ", " set up "))
    had = HAVING_VERB.search(lower) is not None or running
    if (not mine and not had) or " in stock" in lower:
        return found  # "we've got plenty of tables in stock": a shop's, not the speaker's
    matches = [*POSSESSION.finditer(sentence)] if mine else []
    having = [*HAVING.finditer(sentence)] if had else []
    matches += having + [m for h in having if (m := AND_ANOTHER.match(sentence, h.end("thing")))]
    matches += [*HANDED_DOWN.finditer(sentence)] if mine and had else []
    matches += [*HAD_BEFORE.finditer(sentence), *HAVING_BARE.finditer(sentence)] if had else []
    matches += [*RUNNING.finditer(sentence)] if running else []
    for match in matches:
        after = (match.group("after") or "").strip().lower()
        placed = PLACE_BEFORE.search(sentence[: match.start()])
        where = placed.group(0).strip().lower() if placed else ""
        if where in ("on", "in") and PLACED_ON.search(match.group("thing")):
            placed = None
        elif where in ("at", "on") and PLACED_AT.search(match.group("thing")):
            placed = None
        last = match.group("thing").split()[-1].lower()
        if after == "of" and last in CONTAINERS:
            continue  # "my bowl of cereal" is a meal
        if match.group(0)[:3].lower() == "our" and last in BUSINESSES and last != "farm":
            continue  # "our company" is where one works
        employer = match.re is POSSESSION and last in EMPLOYERS
        if employer and "own" not in match.group("thing").lower().split():
            continue  # "my company is relocating me": the employer; "my own company" is owned
        if after in MODIFIED or (placed and not RIDDEN.search(match.group("thing"))):
            continue
        if AT_WORK.match(sentence, match.end("thing")):
            continue  # "my desk at work": where one works has it
        if match.re in (HAVING, HAVING_BARE) and _appointment(sentence, match):
            continue  # "I have my CFA Level 2 in three weeks": an appointment (``plans``)
        if _still_to_get(sentence[: match.start()], match.group("thing"), after):
            continue
        model = match.groupdict().get("model")
        if model:
            found.append(model)
            continue
        words = match.group("thing").split()
        if after and OWNED_WORD.fullmatch(after) and after not in MODIFIED:
            words.append(after)  # "my vintage watch collection": the longer thing
        if (thing := _owned_thing(words)) is not None:
            found.append(thing)
    for match in NUMBERED.finditer(sentence) if mine or had else ():
        if EXAM_TAKEN.search(sentence, 0, match.start()):
            continue  # "passed my DELF B2": an exam, not a model
        if _appointment(sentence, match, "model"):
            continue  # "I have my CFA Level 2 in three weeks": an exam to come
        model, after = match.group("model"), (match.group("after") or "").strip().lower()
        year = match.group("year")
        if (year or any(c.isdigit() for c in model)) and after not in MODIFIED:
            found.append(f"{year} {model}" if year else model)
    if mine or had:
        for make, thing in makes_had(sentence):
            found = [t for t in found if thing is None or t.split()[-1].lower() != thing.lower()]
            found.append(make)
    unique = list(dict.fromkeys(found))
    return [
        t for t in unique if not any(f" {t} " in f" {other} " for other in unique if other != t)
    ]


MAKES = (
    # vehicles
    "Toyota Honda Ford Chevy Chevrolet Nissan Mazda Subaru Hyundai Kia Volkswagen VW Audi BMW"
    " Mercedes Porsche Tesla Volvo Škoda Skoda Renault Peugeot Citroën Citroen Fiat Opel Vauxhall"
    " Dodge Lexus Jaguar Land_Rover Range_Rover Suzuki Mitsubishi Dacia Alfa_Romeo Saab Cadillac"
    " Buick Chrysler Acura Infiniti Rivian Polestar BYD Ferrari Lamborghini Maserati Bentley"
    " Corolla Camry Prius RAV4 Civic Accord CR-V Passat Fiesta Corsa Astra Clio Yaris Outback"
    " Forester Wrangler Miata Hilux Land_Cruiser Fortuner Tacoma Sprinter Transit"
    " Vespa Harley Harley-Davidson Ducati Kawasaki KTM Jawa Royal_Enfield Peterbilt Kenworth"
    " Freightliner Scania John_Deere Kubota Brompton Cannondale Bianchi Raleigh"
    # devices
    " iPhone iPad MacBook iMac AirPods Kindle Fitbit Garmin GoPro ThinkPad Chromebook Samsung"
    " Xiaomi OnePlus Huawei Motorola Nokia Lenovo PlayStation PS4 PS5 Xbox Nintendo Game_Boy"
    " Steam_Deck Canon Nikon Fujifilm Leica Olympus Lumix Polaroid Roomba Dyson Thermomix"
    " KitchenAid Vitamix Nespresso Instant_Pot Le_Creuset Weber Traeger"
    # instruments and watches
    " Fender Gibson Stratocaster Telecaster Les_Paul Epiphone Ibanez Yamaha Roland Korg Steinway"
    " Rolex Omega Casio Seiko Tissot Swatch"
)
"""Makers and models of things people own, written by kind of thing (cars and their best-known
models, motorbikes, trucks, tractors, bicycles, phones, computers, consoles, cameras, kitchen
machines, instruments, watches), not from examples; each stands for a thing it makes."""
_MAKE_WORDS = [make.replace("_", " ") for make in MAKES.split()]
_MAKES = "|".join(sorted(map(re.escape, _MAKE_WORDS), key=len, reverse=True))
MAKE_FIRST_WORDS = frozenset(make.split()[0].lower() for make in _MAKE_WORDS)
"""The first word of every make, lower-case: a sentence without one names no make."""
MAKE_HAD = re.compile(
    r"(?:\b(?:[Mm]y|[Oo]ur)|\b(?:I|[Ww]e)(?:['’]ve|\s+have)?\s+(?:(?:just|finally|recently|now"
    r"|still|also)\s+)?(?:have|own|got|bought|drive|ride|keep|picked\s+up|inherited)"
    r"(?:\s+me)?\s+an?|(?:^\W*|[,;]\s*)(?:(?:[Jj]ust|[Ff]inally|[Rr]ecently)\s+)?(?:[Gg]ot"
    r"|[Bb]ought|[Pp]icked\s+up)(?:\s+me)?\s+an?)"
    r"\s+(?:[\w'’-]+\s+){0,2}?"
    rf"(?P<make>(?i:{_MAKES})(?:\s+(?:[A-Z][\w-]*|\d[\w-]*)){{0,3}})"
    r"(?=['’]s\b|[^\w'’-]|$)(?:['’]s)?(?P<after>\s+[\w'’-]+)?"
)
"""A make or model said as the speaker's, with its model's words ("my Corsa", "I drive a
Hilux", "bought me a new Peterbilt", "my Taylor GS Mini"); two words may stand between ("my
trusty old Vespa", "a '74 Fender Rhodes")."""
MODEL_OF_THING = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:current|old|new|first)\s+)?(?P<thing>(?i:{OWNED}))"
    r"(?:\s+is\s+(?:an?\s+|called\s+|named\s+)?|\s*,\s+(?:an?\s+)?(?=(?:19|20)\d\d\s))"
    r"(?:(?:19|20)\d\d\s+)?(?P<model>[A-ZÀ-Þ][\w-]*(?:\s+(?:(?:de|do|da|del)\s+)?(?:[A-ZÀ-Þ][\w-]*"
    r"|\d[\w-]*)){0,3})"
)
"""A thing of the speaker's told by its model: "my truck is a Scania R450", "my laptop is a
2017 MacBook Air"; the model is what is owned, not the thing."""


def makes_had(sentence: str) -> list[tuple[str, str | None]]:
    """The makes and models a sentence says the speaker has, each with the thing it stands for
    when the sentence says that too ("my truck is a Scania R450"); "my Tesla shares" and "my
    Canon lens" are other things."""
    found: list[tuple[str, str | None]] = [
        (m.group("model"), m.group("thing")) for m in MODEL_OF_THING.finditer(sentence)
    ]
    if MAKE_FIRST_WORDS.isdisjoint(re.findall(r"[\w-]+", sentence.lower())):
        return found  # a first look: no make's first word, no make
    for had in MAKE_HAD.finditer(sentence):
        words = had.group("make").split()
        if not (words[0][:1].isupper() or words[0].lower() in CASELESS_MAKES):
            continue  # "my switch", "a focus": a word, not a make
        after = (had.group("after") or "").strip().lower()
        if after in MODIFIED or after in SHARES or OWNED_WORD.fullmatch(after):
            continue  # "my Tesla stock", "my Canon lens": another thing
        found.append((" ".join(words), None))
    return found


CASELESS_MAKES = frozenset(
    "iphone ipad macbook imac airpods kindle fitbit gopro thinkpad chromebook playstation ps4 ps5"
    " xbox vespa tesla volvo toyota honda corolla prius hilux scania peterbilt brompton".split()
)
"""Makes typed in lower case that still name nothing else ("my iphone", "my ps5")."""
SHARES = frozenset(
    "stock stocks shares share account subscription app store dealer dealership mechanic"
    " insurance warranty loan payments payment data stats".split()
)
"""Words after a make that name what is not the thing it makes ("my Tesla shares", "my Toyota
dealer")."""


ELDERS = frozenset("grandma grandpa granny gran nan nana papa mama".split())
OTHERS_THING = rf"(?P<thing>(?:[\w'][\w'-]*\s+){{0,3}}?(?i:{OWNED}))\b(?P<after>\s+[\w']+)?"
OTHERS_HAVING = re.compile(  # "Hannah has a vintage typewriter", "Rui's got a van" ("owns",
    # "bought" and "has a new" are the patterns' own: ``patterns.PATTERNS``)
    r"\b(?P<name>[A-ZÀ-Þ][\w-]+"
    rf"|(?:[Mm]y|[Oo]ur)\s+(?:(?:older|younger|little|big|best)\s+)?(?i:{'|'.join(sorted(KIN))}))"
    r"(?:(?:\s+(?:has|inherited|has\s+got)|['’]s\s+got)"
    r"\s+(?:a|an|two|three|some)|\s+(?:keeps|drives)\s+(?:a|an|his|her|their)"
    rf"|\s+(?:(?:just|recently)\s+)?(?:runs|opened|has\s+opened|set\s+up)\s+(?:a|an|his|her|their)"
    rf"(?:\s+own)?(?=\s+(?:[\w'][\w'-]*\s+){{0,3}}?(?i:{_KINDS['businesses']})\b))"
    rf"\s+(?:new\s+)?{OTHERS_THING}"
)
OTHERS_OWN = re.compile(rf"\b(?P<name>[A-ZÀ-Þ][\w-]+)['’]s\s+{OTHERS_THING}(?!['’]s)")
"""A named person's thing: "Sofia's vintage typewriter"; not where one works ("Rui's company")."""
PASSED_ON = re.compile(r"\b(?:inherited|got|received|bought|borrowed|took|stole)\s*$", re.I)
"""A verb before someone's thing that takes it from them: "we inherited my grandmother's
piano" is no longer hers."""


def others_possessions(sentence: str) -> list[tuple[str, str, bool]]:
    """The things a sentence says other people have, each with whose (a name: "Hannah has a
    vintage typewriter"; "my sister's car" names no one) and whether a verb of having says it
    (not only a possessive: "Sofia's typewriter")."""
    found: list[tuple[str, str, bool]] = []
    possessive = "'s" in sentence or "’s" in sentence
    having = possessive or any(
        verb in sentence
        for verb in (
            " has ",
            " keeps ",
            " drives ",
            " inherited ",
            " runs ",
            " opened ",
            " set up ",
        )
    )
    matches = [*OTHERS_HAVING.finditer(sentence)] if having else []
    for match in matches + ([*OTHERS_OWN.finditer(sentence)] if possessive else []):
        owner = match.group("name")
        kin = owner.lower().startswith(("my ", "our "))
        if not kin and (not is_name(owner) or owner.lower() in KIN | ELDERS):
            continue  # "Mom's vase" names no one; "my mum runs a shop" is hers
        if PASSED_ON.search(sentence[: match.start()]):
            continue
        after = (match.group("after") or "").strip().lower()
        words = match.group("thing").split()
        last = words[-1].lower()
        if match.re is OTHERS_OWN and (last.endswith("s") or len(words) > 2 or last in BUSINESSES):
            continue  # "Lisbon's apartments": a place's kind of thing, not one owned
        if after not in MODIFIED and (thing := _owned_thing(words)) is not None:
            found.append((owner, thing, match.re is OTHERS_HAVING))
    return list(dict.fromkeys(found))
