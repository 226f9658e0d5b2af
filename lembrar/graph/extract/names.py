"""Words that start with a capital but name no one, and helpers to tidy names and objects."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from lembrar.model.text import STOPWORDS
from lembrar.temporal import lexicon_en, lexicon_pt

# Month names come from the time lexicons; "mar" is added here because the time parser leaves
# that abbreviation out ("mar" is also the sea in Portuguese).
MONTH_WORDS = frozenset(
    [
        *lexicon_en.LEXICON.months,
        *lexicon_en.LEXICON.month_abbrevs,
        "mar",
        *lexicon_pt.LEXICON.months,
    ]
)

NOT_NAMES = (
    frozenset(
        [
            "yesterday",
            "today",
            "tomorrow",
            "tonight",
            "now",
            "then",
            "also",
            "and",
            "but",
            "so",
            "yes",
            "no",
            "ok",
            "okay",
            "oh",
            "hey",
            "hi",
            "hello",
            "well",
            "thanks",
            "thank",
            "sorry",
            "please",
            "maybe",
            "actually",
            "anyway",
            "honestly",
            "wow",
            "great",
            "cool",
            "nice",
            "sure",
            "right",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday",
            "mon",
            "tue",
            "tues",
            "wed",
            "weds",
            "thu",
            "thur",
            "thurs",
            "fri",
            "sat",
            "sun",
            "bye",
            "goodbye",
            "woohoo",
            "glad",
            "wanna",
            "gonna",
            "gotta",
            "nah",
            "phew",
            "sounds",
            "woo",
            "yay",
            "hooray",
            "hurray",
            "yippee",
            "aw",
            "awww",
            "ooh",
            "oops",
            "ugh",
            "hmm",
            "gosh",
            "welcome",
            "cheers",
            "good",
            "morning",
            "evening",
            "night",
            "dear",
            "hiya",
            "howdy",
            "olá",
            "ola",
            "oi",
            "tchau",
            "adeus",
            "obrigado",
            "obrigada",
            "parabéns",
            "ja",
            "finalmente",
            "afinal",
            "entretanto",
            "tambem",
            "ainda",
            "entao",
            "pronto",
            "enfim",
            "segunda",
            "terça",
            "quarta",
            "quinta",
            "sexta",
            "sábado",
            "domingo",
            "christmas",
            "easter",
            "last",
            "next",
            "this",
            "that",
            "these",
            "those",
            "there",
            "here",
            "what",
            "when",
            "where",
            "why",
            "how",
            "who",
            "which",
            "after",
            "before",
            "since",
            "during",
            "while",
            "because",
            "although",
            "though",
            "if",
            "once",
            "lately",
            "thankfully",
            "hopefully",
            "luckily",
            "fortunately",
            "unfortunately",
            "sadly",
            "basically",
            "seriously",
            "definitely",
            "obviously",
            "clearly",
            "apparently",
            "especially",
            "personally",
            "literally",
            "totally",
            "absolutely",
            "surely",
            "anyways",
            "plus",
            "besides",
            "meanwhile",
            "otherwise",
            "still",
            "even",
            "recently",
            "finally",
            "eventually",
            "sometimes",
            "usually",
            "always",
            "never",
            "yeah",
            "yep",
            "nope",
            "woah",
            "whoa",
            "aww",
            "awesome",
            "congrats",
            "congratulations",
            "remember",
            "haha",
            "lol",
            "omg",
            "ontem",
            "hoje",
            "amanhã",
            "agora",
            "então",
            "também",
            "mas",
            "sim",
            "não",
            "desculpa",
            "talvez",
            "natal",
            "páscoa",
            "depois",
            "antes",
            "desde",
            "quando",
            "onde",
            "porque",
            "ainda",
            "já",
            "mais",
            "muito",
            "pois",
            "bem",
            "bom",
            "boa",
            "my",
            "our",
            "his",
            "her",
            "their",
            "your",
            "its",
            "the",
            "a",
            "an",
            "i",
            "we",
            "you",
            "they",
            "he",
            "she",
            "it",
            "me",
            "us",
            "him",
            "them",
            "mine",
            "eu",
            "ela",
            "ele",
            "nós",
            "eles",
            "elas",
            "tu",
            "você",
            "vocês",
            "meu",
            "minha",
            "o",
            "os",
            "as",
            "um",
            "uma",
            "some",
            "many",
            "most",
            "all",
            "few",
            "both",
            "several",
            "each",
            "every",
            "such",
            "other",
            "others",
            "any",
            "another",
            "everyone",
            "everybody",
            "someone",
            "somebody",
            "anyone",
            "nobody",
        ]
    )
    | MONTH_WORDS
    | STOPWORDS
)

BOUNDARY_WORDS = frozenset(
    [
        "and",
        "but",
        "because",
        "since",
        "so",
        "with",
        "where",
        "which",
        "who",
        "when",
        "while",
        "as",
        "for",
        "from",
        "until",
        "after",
        "before",
        "though",
        "although",
        "if",
        "or",
        "than",
        "that",
        "to",
        "at",
        "by",
        "into",
        "during",
        "around",
        "about",
        "near",
        "last",
        "next",
        "ago",
        "now",
        "e",
        "mas",
        "porque",
        "desde",
        "com",
        "onde",
        "que",
        "quando",
        "enquanto",
        "como",
        "para",
        "por",
        "até",
        "depois",
        "antes",
        "há",
        "ou",
        "no",
        "na",
        "em",
        "pois",
        "então",
        "ontem",
        "hoje",
        "again",
        "there",
        "here",
        "too",
        "anymore",
        "lately",
        "so",
        "very",
        "really",
        "like",
        "every",
        "each",
        "twice",
        "once",
        "todas",
        "todos",
        "aos",
        "ao",
        "às",
        "sempre",
        "esta",
        "estao",
        "anda",
        "vai",
        "foi",
        "we",
        "i",
        "she",
        "he",
        "they",
        "you",
    ]
)
_CONTRACTION = re.compile(r"^\w+['’](?:s|ll|re|ve|d|m|t)$", re.IGNORECASE)

_SPACE = re.compile(r"\s+")
LEADING = re.compile(
    r"^(?:the|a|an|my|our|his|her|their|some|both|either|o|a|os|as|um|uma|uns|umas|"
    r"meu|minha|meus|minhas|seu|sua|do|da|de)\s+",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)  # the same names and words come back in every message
def fold(text: str) -> str:
    """Lower-case, accents removed, spaces collapsed: the form names are compared in."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _SPACE.sub(" ", text).strip().lower()


def is_name(word: str) -> bool:
    """A capitalized word that is not a common word: a candidate proper name."""
    return (
        bool(word)
        and word[0].isupper()
        and fold(word) not in NOT_NAMES
        and not word.isupper()
        and not _CONTRACTION.match(word)
    )


NAMES_ALSO_WORDS = frozenset("jan jun may june april august will".split())
"""Given names that are also months or common words, set aside by ``is_name``."""


def is_kin_name(word: str) -> bool:
    """A capitalized word right after a kin word names the person, a month's name too: "my
    brother Jan", "my daughter June"."""
    return is_name(word) or (
        word[:1].isupper() and not word.isupper() and fold(word) in NAMES_ALSO_WORDS
    )


SHOUTED = frozenset(
    "lol omg wtf btw idk asap ok okay fyi tbh imo imho lmao rofl brb thx pls plz ugh yay wow"
    " now today tomorrow all help please yes nope never ever so very really".split()
)
"""Words typed in capitals for emphasis or as chat shorthand, never an acronym's name."""


def is_acronym(word: str) -> bool:
    """An organisation's initials: "NYU", "IBM", "NOVA"; not "LOL" or a shouted "NOW"."""
    return (
        word.isalpha()
        and word.isupper()
        and 2 <= len(word) <= 6
        and fold(word) not in SHOUTED
        and fold(word) not in NOT_NAMES
    )


def leading_name(words: str) -> str:
    """A run of capitalized words less the common words before the name ("A Laura" is Laura,
    "Vera's" is Vera); "" when what is left is not all names."""
    kept = re.sub(r"['’]s$", "", words).split()
    while kept and not is_name(kept[0]):
        kept.pop(0)
    return " ".join(kept) if all(is_name(word) for word in kept) else ""


AFTER_A_PREPOSITION = re.compile(
    r"\b(?:to|in|at|from|for|of|about|with|near|visit\w*)\s+(?:the\s+)?$", re.IGNORECASE
)
"""Text that ends where a name after it is what a preposition governs, not who does something
("a trip to Miami and I…", "new job at OutSystems starts Monday")."""
AT_A_PLACE = re.compile(
    r"\b(?:in|at|from|near|em|no|na|de|do|da)\s+$"
    r"|\b(?:went|go|goes|going|been|flew|drove|travell?ed|trip|visit\w*|moved)\s+to\s+$",
    re.IGNORECASE,
)
"""The words before a name that make it a place: "in Lisbon", "went to Zara"."""
PLACED_BEFORE = re.compile(
    r"\b(?:at|to|from|near|by|in|into|outside|inside|for|of|round|around|over)\s+$", re.I
)
"""A preposition before a name that makes it where something is or goes, not who: "at Rita's
home", "from London to Uppsala"."""


TRAVELS = frozenset(
    "trip visit move vacation holiday journey flight tour honeymoon cruise getaway drive"
    " expedition pilgrimage relocation".split()
)


def _travel_to(kept: list[str], rest: list[str]) -> bool:
    """'a trip to Zion National Park', 'a road trip to the Grand Canyon': "to" and a name go on
    after a word of travel."""
    named = rest[2:3] if len(rest) > 2 and fold(rest[1]) == "the" else rest[1:2]
    return (
        bool(kept)
        and len(rest) > 1
        and fold(rest[0]) == "to"
        and fold(kept[-1]) in TRAVELS
        and bool(named)
        and named[0][:1].isupper()
    )


ONLY_HOW = re.compile(
    r"best|most|more|better|least|again|together|anymore|lately|nowadays|even|still|much|so|very|too"
    r"|tbh|tho|lol|lmao|rn|imo|ngl|haha|fr|part-time|full-time|online|remotely"
    r"|[a-z]{3,}(?:ally|ively|ously"
    r"|ently|antly|ately|fully|lessly|ularly)"
)
"""An object that is only an adverb, how or how much ("playing professionally", "what Luna
likes best"), or chat filler ("tbh", "lol"): no thing, no activity."""


def without_how(phrase: str) -> str:
    """``phrase`` less the adverbs it ends on ("tennis regularly"); "" when it is only those."""
    words = phrase.split()
    while words:
        if ONLY_HOW.fullmatch(words[-1]):
            words.pop()
        elif [fold(w) for w in words[-2:]] in (["these", "days"], ["any", "more"]):
            del words[-2:]
        else:
            break
    return " ".join(words)


def trim_object(raw: str, max_words: int = 5) -> str:
    """The object phrase up to the first boundary word, without a leading article."""
    kept: list[str] = []
    words = raw.split()
    for index, word in enumerate(words):
        clean = word.strip("\"'“”‘’")
        if _travel_to(kept, words[index:]):
            max_words += 3  # the place's name may take a few words
        elif fold(clean) in BOUNDARY_WORDS:
            break
        kept.append(clean)
        if len(kept) >= max_words:
            break
    text = " ".join(kept).strip(" -–—'\"")
    while True:
        stripped = LEADING.sub("", text)
        if stripped == text:
            return text
        text = stripped


def gerund(verb: str) -> str:
    """The -ing form of a regular English verb: hike → hiking, swim → swimming, travel →
    traveling, tie → tying."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) and len(verb) > 2:
        return verb[:-1] + "ing"
    vowels = "aeiou"
    one_syllable = sum(1 for a, b in zip(" " + verb, verb) if b in vowels and a not in vowels) == 1
    if (
        one_syllable
        and len(verb) >= 3
        and verb[-1] not in vowels + "wxy"
        and verb[-2] in vowels
        and verb[-3] not in vowels
    ):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def plural(noun: str) -> str:
    """The plural of an English noun, by its ending: vase → vases, watch → watches, library →
    libraries."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"
