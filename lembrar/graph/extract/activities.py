"""Facts said in a noun phrase rather than by a verb pattern (English): pastimes ("I've been
playing volleyball and tennis", "my yoga practice", "I'm volunteering at a shelter": ``does``),
favourites in the plural (``likes``), courses (``studies``), a job's role ("her nurse job":
``works_as``) and journeys still to come ("my week-long trip to Miami": ``plans``).

A pastime needs the speaker as the clause's subject or owner ("I", "we", "my") and an activity
said as a bare noun ("playing the game" is one occasion, not a pastime).
"""

from __future__ import annotations

import re

from lembrar.graph.extract.names import BOUNDARY_WORDS, without_how
from lembrar.graph.extract.patterns import TIME_WORDS
from lembrar.graph.extract.possessions import OWNED

NOT_ACTIVITY = frozenset(
    "the a an it them this that these those with around for in on at some any outside together"
    " here there games game my our your his her their more less against through since ever"
    " during about into onto and or but every each once twice".split()
)
ACTIVITY = r"[a-z][\w-]*"
PLAYING = re.compile(  # "I've also been enjoying the social aspect of playing volleyball and tennis"
    r"\b(?:I|[Ww]e)\b(?P<between>[^,.;!?]{0,60}?)\b(?:playing|practi[cs]ing)\s+"
    rf"(?P<first>{ACTIVITY})(?:\s*,\s*(?P<second>{ACTIVITY}))?(?:\s*,?\s+and\s+(?P<third>{ACTIVITY}))?"
)
OTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|his|her|their|him|them|my\s+\w+|[A-Z][a-z]+)\b(?!['’])"
)
"""Someone else between the speaker and the verb: "I think my son loves playing chess"."""
NOT_A_HABIT = re.compile(
    r"\b(?:was|were|will|would|going to|want to|wanna|stopped|quit|gave up|no longer|used to"
    r"|never|not|hate|hated|miss|missed|if)\b|n['’]t\b"
)
"""One game, a wish, a habit gone or denied: "we were playing cards", "I'll be playing chess
tonight", "I stopped playing tennis", "I don't enjoy playing golf"."""
SIGNED_UP = re.compile(  # "I just signed up for a pottery class"
    r"\b(?:I|[Ww]e)\s+(?:(?:just|finally|recently|also)\s+)?(?:signed up|enrolled|registered)"
    rf"\s+(?:for|in)\s+(?:an?|some)\s+(?P<first>{ACTIVITY})\s+(?:class|classes|course|lessons)\b"
)
ROUTINE = re.compile(  # "my yoga practice", "my journaling routine", "our weekly salsa classes"
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:daily|weekly|morning|evening|regular)\s+)?"
    r"(?!(?:existing|current|usual|normal|whole|entire|own|old|new|same|typical|regular|daily"
    r"|weekly|nightly|morning|evening|bedtime|first|last|next|practice|training|study|work)\b)"
    rf"(?P<first>{ACTIVITY})\s+(?:practice|routine|training|sessions|classes|lessons)\b"
)
VOLUNTEERING = re.compile(
    r"\b(?:I|[Ww]e)\s+(?:(?:also|still|now|currently|actually|definitely)\s+)?"
    r"(?:am |are |have been |'m |'ve been )?(?:(?:also|definitely|still)\s+)?"
    r"(?:(?:carrying on|keep(?:ing)?(?: on)?|continu(?:e|ing)|going on)\s+)?"
    r"(?:volunteering|volunteer)\s+(?:at|with|for|as|in)\b"
)


MEMBERSHIP = re.compile(  # "I joined a travel club", "I've been attending a weekly book club"
    r"(?:\b(?:I|[Ww]e)\s+|^\W*(?=(?:(?:[Jj]ust|[Rr]ecently|[Ff]inally|[Aa]lso)\s+)*[Jj]oined\b))"
    r"(?:(?:[Jj]ust|[Rr]ecently|[Ff]inally|[Aa]lso|still|now|have"
    r"|['’]ve|been|am|are|['’]re)\s+)*(?P<verb>(?i:joined)|attend(?:s|ing)?|run|running|go\s+to|belong\s+to"
    r"|(?<=\bam\s)in|(?<=are\s)in|(?<=['’]re\s)in|an?\s+members?\s+of|members\s+of"
    r"|(?:a\s+)?part\s+of)\s+"
    r"(?:a|an|the|our|my)\s+(?P<group>(?:[\w-]+\s+){0,3}?(?:club|group|choir|band|league"
    r"|society|community|program|programme|class|crew|circle|association|movement|troupe"
    r"|orchestra|collective))\b"
)
"""A group the speaker is in to do something with others, joined, attended, run, belonged to
or a member of: a pastime, not a job (a company joined is named: "joined Google"). A message
may drop the "I" before "joined" ("Joined a travel club last month")."""
SITTING_IN = frozenset("class program programme community".split())
"""Groups one is "in" without doing anything in them: "I am in the same class as Rui"."""
SIGNED_ON = frozenset("program programme".split())
"""Groups one belongs to by signing on, not by doing something with others, unless joined: "a
member of the rewards program" ("joined a mentoring program" is a pastime)."""
MEMBER_WORDS = re.compile(
    r"[Jj]oined|attend| run|go to|belong|member|part of|am in |are in |re in "
)
"""The words a membership is said with, looked for before the whole pattern."""


INVOLVED = re.compile(  # "I've been involved in some charity work", "I'm active in a choir"
    r"\b(?:I|[Ww]e)(?:['’]ve|\s+have)?(?:\s+been|['’]m|\s+am|['’]re|\s+are)\s+"
    r"(?:(?:really|very|quite|actively|also|more)\s+)?(?:involved|active)\s+(?:in|with)\s+"
    r"(?:(?:some|a|an|the|my|our)\s+)?(?P<thing>(?:local\s+)?[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s+(?:work|group|club|team|project|movement|community|scene|campaign)))\b"
)
"""Something the speaker takes part in: ``does``."""


FAVOURITE = re.compile(  # "some of my favorite indie bands": a taste
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:all-time\s+|absolute\s+)?favou?rite\s+"
    r"(?P<thing>[a-z][\w-]*(?:\s+(?!(?:is|was|has|does|goes|makes|seems)\b)[a-z][\w-]*)?s)\b"
    r"(?<!\bis)(?<!\bwas)(?<!\bhas)(?<!\bdoes)"
)
"""Things said to be the speaker's favourites, in the plural: kinds, not one thing owned."""
OWNED_LAST = re.compile(rf"\b(?:{OWNED})$")
"""A favourite that is a thing owned ("my favorite black pants") is no taste."""


NOT_TASTES = frozenset(
    "moments memories parts things times days bits ones activities ways kinds types sorts"
    " pieces shots photos pictures pics discoveries finds picks purchases treats".split()
)
"""What one's favourites are among, not a kind of thing one likes: "my favorite moments", things
one made, took or found ("some of my favorite shots from the trip", "one of my favorite
discoveries")."""


def favourites(sentence: str) -> list[str]:
    """What the sentence says the speaker's favourite kinds of thing are."""
    return [
        m.group("thing")
        for m in FAVOURITE.finditer(sentence)
        if not OWNED_LAST.search(m.group("thing"))
        and m.group("thing").split()[-1].lower() not in NOT_TASTES
    ]


COURSE = re.compile(  # "my Database Systems course", "our Organic Chemistry class"
    r"\b(?:[Mm]y|[Oo]ur)\s+(?P<subject>[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|and|of|\d+)){0,4})"
    r"\s+(?:course|class|module|seminar|lectures?|exam)\b"
)


LANGUAGES = (
    r"English|Spanish|French|German|Italian|Portuguese|Japanese|Chinese|Mandarin|Cantonese"
    r"|Korean|Arabic|Russian|Dutch|Greek|Hindi|Turkish|Swedish|Norwegian|Danish|Finnish|Polish"
    r"|Czech|Hebrew|Latin|Vietnamese|Thai|Swahili|Ukrainian|Catalan|Basque|Irish|Welsh"
    r"|sign language|ASL"
)
LANGUAGE_LEARNT = re.compile(  # "I've been taking Spanish classes", "we're learning Korean"
    r"\b(?:I|[Ww]e)\b(?P<between>[^,.;!?]{0,40}?)\b(?:(?:taking|take|attending|attend"
    r"|started|start|doing|signed\s+up\s+for|enrolled\s+in)\s+(?:some\s+|an?\s+)?"
    r"(?:(?:online|evening|weekly|private|intensive|beginner|night)\s+)?"
    rf"(?P<lang>{LANGUAGES})\s+(?:classes|class|lessons|course|courses)"
    rf"|studying\s+(?P<lang2>{LANGUAGES})\b)"
)
"""A language the speaker studies or takes classes in: ``studies`` ("learning Korean" is a
pastime, ``does``: the patterns')."""


def courses(sentence: str) -> list[str]:
    """The subjects a sentence says the speaker studies: a course named as theirs, or a
    language they are learning."""
    found = [m.group("subject") for m in COURSE.finditer(sentence)]
    lower = sentence.lower()
    learnt = "studying" in lower or "class" in lower
    for match in LANGUAGE_LEARNT.finditer(sentence) if learnt or "lesson" in lower else ():
        between = match.group("between")
        if not OTHER_SUBJECT.search(between.replace(" I ", " ")) and not NOT_A_HABIT.search(
            between
        ):
            found.append(match.group("lang") or match.group("lang2"))
    return found


SCHOOL = r"(?:the\s+)?(?P<school>[A-ZÀ-Þ][\w&'’-]*(?:\s+[A-ZÀ-Þ][\w&'’-]*){0,3})"
STUDIED_AT = re.compile(
    # "my architecture thesis at the UBA", "my final year of engineering at Imperial"
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:first|second|third|fourth|final|last)\s+year\s+of\s+"
    r"(?P<year_of>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"|(?P<subject>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:thesis|dissertation|degree|diploma))"
    rf"\s+(?:at|in|with|through)\s+{SCHOOL}"
    # "doing my BCom part time through UNISA", "a second-year medicine student at Wits"
    r"|\bdoing\s+(?:my|an?)\s+(?P<degree>B[A-Z]\w*|M[A-Z]\w*|MBA|PhD|BA|MA|BSc|MSc|BCom)\b"
    r"(?:\s+in\s+(?P<degree_in>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}))?"
    rf"(?:\s+[\w-]+){{0,3}}?\s+(?:at|through|with)\s+{SCHOOL.replace('school', 'school2')}"
    r"|\b(?:an?|the)\s+(?:(?:first|second|third|fourth|final)[- ]year\s+)?"
    r"(?P<field>(?!exchange|international|mature|part-time|grad|graduate|phd|fellow)[a-z]{4,})"
    rf"\s+student\s+at\s+{SCHOOL.replace('school', 'school3')}"
)
"""What the speaker studies and where, said beside the school: a thesis, a year or a degree (in
its subject) at it, or a student of a field at it."""


SELF_SAID = re.compile(r"\bI(?:['’]m|\s+am)\s+$")
"""What a student's field is said after: "I'm a …"."""


def studied_at(sentence: str) -> list[tuple[str | None, str | None]]:
    """(subject, school) of each ``STUDIED_AT`` in the sentence; either may be None."""
    found: list[tuple[str | None, str | None]] = []
    for match in STUDIED_AT.finditer(sentence):
        if match.group("field") and not SELF_SAID.search(sentence, 0, match.start()):
            continue  # "my sister is a medicine student at Wits": hers
        said = match.group("year_of", "subject", "degree_in", "degree", "field")
        subject = next((g for g in said if g), None)
        school = next((g for g in match.group("school", "school2", "school3") if g), None)
        found.append((subject, school))
    return found


NEXT_WORD = re.compile(r"\s+([a-z][\w-]*)")


def _with_next_word(activity: str, rest: str) -> str:
    """ "acoustic guitar", "table tennis": a second word that goes on the activity's noun
    (not "lately", "with", "and")."""
    match = NEXT_WORD.match(rest)
    if match is None:
        return activity
    word = match.group(1)
    blocked = word in NOT_ACTIVITY and word not in HEADS_ONLY
    if blocked or word in BOUNDARY_WORDS or word.endswith("ly") or word in STOPS:
        return activity
    return f"{activity} {word}"


STOPS = frozenset("since every each most all again online outdoors indoors much".split())
HEADS_ONLY = frozenset({"game", "games"})
"""Nouns that are no activity alone ("playing games") but head one after its kind ("board
games", "video games")."""


ROLE_JOB = re.compile(  # "her nurse job", "my teacher job", "quit my barista job"
    r"(?:\b(?P<left>[Qq]uit|[Ll]eft|[Ll]ost|[Rr]esigned\s+from)\s+)?"
    r"\b(?P<owner>[Mm]y|[Hh]er|[Hh]is)\s+(?:(?:new|old|current|first)\s+)?"
    r"(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:job|gig|career)\b"
)


def role_jobs(sentence: str) -> list[tuple[str, str, bool]]:
    """(whose, role, left) of each "<owner> <role> job" in the sentence ("her nurse job"); left
    when it was quit or lost ("Quit my barista job at Blue Bottle")."""
    return [
        (m.group("owner").lower(), m.group("role"), m.group("left") is not None)
        for m in ROLE_JOB.finditer(sentence)
    ]


TEACHES = re.compile(
    r"\bI\s+(?:(?:still|also|currently|now|mostly|only)\s+)?teach\b(?!\s+(?:myself|me|you|him|her"
    r"|them|us|it|my\s+(?:son|daughter|kids?|children|child|dog|cat|sister|brother|little))\b)"
)
"""The speaker teaches for a living: "I teach grade 4 at Umlazi Primary"; not "I teach myself"."""


def teaches(sentence: str) -> bool:
    """Whether the sentence says the speaker is a teacher (``TEACHES``)."""
    return TEACHES.search(sentence) is not None


TRIP_AHEAD = re.compile(  # "…a bag for my week-long trip to Miami", "our upcoming road trip"
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:upcoming|next|planned|big|first|long|short|week-long|[\w-]+-day)\s+)*"
    r"(?P<trip>(?:road\s+)?(?:trip|vacation|holiday|honeymoon|cruise|tour|getaway)"
    r"(?:\s+to\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})?)"
)
AHEAD = re.compile(r"\b(?:will|'ll|going to|planning|plan to|next|upcoming|soon|before)\b|['’]ll\b")
"""A word that puts the sentence ahead: a trip in it is still to come."""


def trips_ahead(sentence: str) -> list[str]:
    """The speaker's journeys a sentence says are still to come."""
    if not AHEAD.search(sentence):
        return []
    return [m.group("trip") for m in TRIP_AHEAD.finditer(sentence)]


def memberships(sentence: str) -> list[str]:
    """The groups a sentence says the speaker is in (``MEMBERSHIP``)."""
    if not MEMBER_WORDS.search(sentence):
        return []
    return [
        m.group("group")
        for m in MEMBERSHIP.finditer(sentence)
        if ((head := m.group("group").split()[-1]) not in SIGNED_ON or m.group("verb") == "joined")
        and (m.group("verb") != "in" or head not in SITTING_IN)
    ]


COLLECTING = re.compile(
    r"\b(?:I|[Ww]e)\s+(?:(?:still|also|have|['’]ve|really)\s+)*(?:been\s+)?"
    r"(?:collect|collected|collecting)\s+(?!(?:the|my|our|his|her|their|them|it|data|points"
    r"|money|rent|taxes|feedback|information|info|signatures|donations|evidence)\b)"
    r"(?P<what>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*s)\b(?!\s+(?:from|at)\b)"
)
"""A collection kept as a pastime: "I collect stamps", "I've been collecting vintage postcards";
not "I collected the kids", "I collect data", "collected parcels from the depot"."""


def activities(sentence: str) -> list[str]:
    """The activities a sentence says the speaker does."""
    found: list[str] = []
    for match in PLAYING.finditer(sentence):
        between = match.group("between")
        if OTHER_SUBJECT.search(between.replace(" I ", " ")) or NOT_A_HABIT.search(between):
            continue
        found += [match.group(g) for g in ("first", "second", "third") if match.group(g)]
        if not match.group("second") and not match.group("third"):
            found[-1] = _with_next_word(found[-1], sentence[match.end("first") :])
    found += [m.group("first") for m in ROUTINE.finditer(sentence)]
    found += [m.group("first") for m in SIGNED_UP.finditer(sentence)]
    if "collect" in sentence:
        found += [f"collecting {m.group('what')}" for m in COLLECTING.finditer(sentence)]
    found += memberships(sentence)
    if VOLUNTEERING.search(sentence) and not TIME_WORDS.search(sentence):
        found.append("volunteering")  # "next month I'm volunteering at…" is a plan
    if "involved" in sentence or "active in" in sentence:
        found += [m.group("thing") for m in INVOLVED.finditer(sentence)]
    kept = [without_how(w) for w in found if w.split()[0].lower() not in NOT_ACTIVITY]
    return list(dict.fromkeys(w for w in kept if w))
